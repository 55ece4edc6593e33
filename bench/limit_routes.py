"""How fast FIMJ deals end, and how often a route to a special-shape limit hand could finish.

Command::

    python bench/limit_routes.py [--matches 120] [--start 30000] [--seed 7] [--bot efficiency]

Plays seeded FIMJ tournament matches (``fimj(tournament=true)``, game seed
``match_seed(seed, i)``, four ``--bot`` bots; the default start keeps clear of the strength
cells and of the screens' matches) and prints:

* the own draws a seat has made when its deal ends (the distribution, its mean and the
  chance the deal lasts beyond each), and after its d-th own draw the chance that another
  seat's win ends the deal before its next (the race of
  :attr:`~muraglia.players.profiles.Profile.limit_races`);
* for each special-shape limit hand of the FIMJ profile (FIMJ-MAX-M04, M07, M08, M09;
  :func:`muraglia.players.limits.shape_targets`, M07's pair of the seat or round wind), the
  distance from ready (13 less the tiles of its nearest target held) of every seat's hand
  at the deal's first decision, how often it is within one step of the hand's shanten, and
  an oracle-free replay: the seat's own draws as they came (and every other seat's discard
  as a claimable winning tile) kept whenever they raise the nearest target's overlap, a tile
  off the target let go otherwise, until the deal ended; by starting distance, how often
  that would have completed the hand. The replay does not change who drew what: a seat
  that won or claimed in the real deal drew what it drew there.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence

from muraglia.analysis.shanten import shanten_all
from muraglia.engine.actions import Discard
from muraglia.engine.events import Acted, DealEnded, Drew
from muraglia.engine.game import Game
from muraglia.engine.views import view_of
from muraglia.players import make_bot
from muraglia.players.base import Table
from muraglia.players.limits import shape_targets
from muraglia.players.profiles import PROFILES
from muraglia.players.simulate import match_seed
from muraglia.rulesets import ruleset_for
from muraglia.tiles import NUM_KINDS

MAX_D = 7
"""Starting distances of this or more are pooled."""


def overlap(counts: Sequence[int], target: Sequence[int]) -> int:
    return sum(min(a, b) for a, b in zip(counts, target, strict=True))


class Replay:
    """One seat's route to one limit shape, replayed on the draws it really made."""

    def __init__(self, counts: list[int], targets: list[tuple[int, ...]]) -> None:
        self.counts = counts
        self.targets = targets
        best = max(overlap(counts, t) for t in targets)
        self.start = 13 - min(best, 13)
        self.done = False

    def draw(self, tile: int) -> None:
        c = self.counts
        c[tile] += 1
        best = max(self.targets, key=lambda t: overlap(c, t))
        if overlap(c, best) >= 14:
            self.done = True
            return
        for k in range(NUM_KINDS):
            if c[k] > best[k]:
                c[k] -= 1
                return

    def claim(self, tile: int) -> None:
        c = self.counts
        if sum(c) != 13:
            return
        c[tile] += 1
        self.done = any(overlap(c, t) >= 14 for t in self.targets)
        c[tile] -= 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=120)
    parser.add_argument("--start", type=int, default=30000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--bot", default="efficiency")
    args = parser.parse_args(argv)
    ruleset = ruleset_for("fimj(tournament=true)")
    shapes = PROFILES["fimj"].limit_shapes
    at_end: Counter[int] = Counter()
    other_end: Counter[int] = Counter()
    start: dict[str, Counter[int]] = {s.rule: Counter() for s in shapes}
    near: dict[str, int] = dict.fromkeys(start, 0)
    done: dict[str, Counter[tuple[int, bool]]] = {s.rule: Counter() for s in shapes}
    deals = 0
    for i in range(args.start, args.start + args.matches):
        seed = match_seed(args.seed, i)
        bots = [make_bot(args.bot, ruleset, seed=seed * 8 + s) for s in range(4)]
        match = Game(ruleset, seed=seed).new_match()
        own = [0] * 4
        replays: list[dict[str, Replay]] | None = None
        while not match.over:
            seat = match.to_act[0]
            if replays is None:
                replays = []
                for s in range(4):
                    v = view_of(match.deal, s, match)
                    t = Table.of(v)
                    c = list(t.counts)
                    if sum(c) == 13:
                        sh = shanten_all(c, 0)
                    else:  # East's fourteen: after the best discard
                        sh = min(
                            shanten_all([x - (k == j) for k, x in enumerate(c)], 0)
                            for j in range(NUM_KINDS)
                            if c[j]
                        )
                    winds = {t.seat_wind, v.round_wind}
                    mine = {}
                    for shape in shapes:
                        targets = [
                            x
                            for x in shape_targets(shape.shape)
                            if not shape.own_pair or any(x[w] == 2 for w in winds)
                        ]
                        r = Replay(list(c), targets)
                        start[shape.rule][r.start] += 1
                        near[shape.rule] += r.start <= sh + 1
                        mine[shape.rule] = r
                    replays.append(mine)
            action = bots[seat].choose(view_of(match.deal, seat, match), match.legal_actions(seat))
            for e in match.apply(action):
                if isinstance(e, Drew) and e.tile < NUM_KINDS:
                    own[e.seat] += not e.replacement
                    if replays is not None:
                        for r in replays[e.seat].values():
                            if not r.done:
                                r.draw(e.tile)
                elif (
                    isinstance(e, Acted)
                    and isinstance(e.action, Discard)
                    and e.action.tile < NUM_KINDS
                    and replays is not None
                ):
                    for s in range(4):
                        if s != seat:
                            for r in replays[s].values():
                                if not r.done:
                                    r.claim(e.action.tile)
                elif isinstance(e, DealEnded):
                    deals += 1
                    for s in range(4):
                        at_end[own[s]] += 1
                        if e.winners and s not in e.winners:
                            other_end[own[s]] += 1
                        for rule, r in (replays or [{}] * 4)[s].items():
                            done[rule][(min(r.start, MAX_D), r.done)] += 1
                    own = [0] * 4
                    replays = None
    seats = sum(at_end.values())
    if not seats:
        print("no deals")
        return 1
    mean = sum(k * v for k, v in at_end.items()) / seats
    print(f"{deals} deals of {args.matches} matches, four {args.bot} bots")
    print(f"own draws of a seat when its deal ends: mean {mean:.2f}")
    print("  " + ", ".join(f"{k}: {v / seats:.3f}" for k, v in sorted(at_end.items())))
    last = max(at_end)
    print(
        "chance the deal lasts beyond d own draws: "
        + ", ".join(
            f"{sum(v for k, v in at_end.items() if k > d) / seats:.3f}" for d in range(last)
        )
    )
    hazard = []
    for d in range(last):
        alive = sum(v for k, v in at_end.items() if k >= d)
        hazard.append(f"{other_end[d] / alive:.3f}" if alive else "-")
    print("after the d-th own draw, another seat's win before the next: " + ", ".join(hazard))
    for shape in shapes:
        rule = shape.rule
        n = sum(start[rule].values())
        dist = ", ".join(
            f"{d}: {100 * sum(v for k, v in start[rule].items() if k <= d) / n:.2f}%"
            for d in range(2, 6)
        )
        print(
            f"{rule} ({shape.shape}): start within d steps {dist}; "
            f"within the shanten + 1: {100 * near[rule] / n:.1f}%"
        )
        for d in range(MAX_D + 1):
            ok, no = done[rule][(d, True)], done[rule][(d, False)]
            if ok + no:
                more = "+" if d == MAX_D else ""
                print(f"  from {d}{more} steps: {ok} of {ok + no} replays completed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
