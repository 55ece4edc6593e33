"""How often the others let each class of tile go, per unseen copy: the FIMJ expert's ``wait_odds``.

Command::

    python bench/discard_odds.py [--rules fimj] [--field efficiency] [--matches 30] [--seed 7]

Plays ``--matches`` matches of four ``--field`` bots (FIMJ and Seipalle with
``tournament=true``; game seeds ``match_seed(seed, i)``: seed 7 is not the strength cells'
2026) and, at every discard, counts from the view of another seat (which seat rotates with
the match) the unseen copies of every kind: the discard rate of a class of kind is its
discards over its unseen copies summed at the discards, printed over the rate of all kinds,
for three stages of the deal (live tiles >= 45, 20-44, < 20; the expert's ``WAIT_STAGES``).
A rate above 1 means a wait on that class is claimed sooner than its copies say (FIMJ-PLAY-4:
a win on any seat's discard).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from muraglia.engine.actions import Discard
from muraglia.engine.game import Game
from muraglia.players import make_bot
from muraglia.players.base import Table
from muraglia.players.defensive import WAIT_STAGES
from muraglia.players.simulate import match_seed
from muraglia.rulesets import ruleset_for
from muraglia.tiles import NUM_KINDS, Tile

SPECS = {"fimj": "fimj(tournament=true)", "seipalle": "seipalle(tournament=true)"}
CLASSES = ("dragon", "wind", "1/9", "2/8", "3-7")
STAGES = ("early", "middle", "late")


def kind_class(k: int) -> str:
    """The class of a tile kind, in the order of ``Profile.wait_odds``."""
    if k >= Tile.WHITE:
        return "dragon"
    if k >= Tile.EAST:
        return "wind"
    rank = k % 9
    return "1/9" if rank in {0, 8} else "2/8" if rank in {1, 7} else "3-7"


def stage_of(live: int) -> str:
    """The deal's stage by the live tiles left."""
    return "early" if live >= WAIT_STAGES[0] else "middle" if live >= WAIT_STAGES[1] else "late"


def measure(rules: str, field: str, matches: int, seed: int) -> dict[str, dict[str, float]]:
    """Per stage, each class's discards per unseen copy over all kinds' (see the docstring)."""
    ruleset = ruleset_for(SPECS.get(rules, rules))
    discarded: Counter[tuple[str, str]] = Counter()
    exposure: Counter[tuple[str, str]] = Counter()
    for i in range(matches):
        game_seed = match_seed(seed, i)
        bots = [make_bot(field, ruleset, seed=game_seed * 8 + s) for s in range(4)]
        match = Game(ruleset, seed=game_seed).new_match()
        while not match.over:
            seat = match.to_act[0]
            view = match.view(seat)
            action = bots[seat].choose(view, match.legal_actions(seat))
            if isinstance(action, Discard) and action.tile < NUM_KINDS and view.phase == "act":
                watcher = (seat + 1 + i % 3) % 4
                t = Table.of(match.view(watcher))
                stage = stage_of(view.live_count)
                for k in range(NUM_KINDS):
                    exposure[stage, kind_class(k)] += t.unseen(k)
                discarded[stage, kind_class(action.tile)] += 1
            match.apply(action)
    out: dict[str, dict[str, float]] = {}
    for stage in STAGES:
        seen = sum(exposure[stage, c] for c in CLASSES)
        if not seen:
            continue
        mean = sum(discarded[stage, c] for c in CLASSES) / seen
        out[stage] = {
            c: discarded[stage, c] / exposure[stage, c] / mean if exposure[stage, c] else 0.0
            for c in CLASSES
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="fimj")
    parser.add_argument("--field", default="efficiency")
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    rates = measure(args.rules, args.field, args.matches, args.seed)
    print("stage   " + " ".join(f"{c:>7}" for c in CLASSES))
    for stage, row in rates.items():
        print(f"{stage:7} " + " ".join(f"{row[c]:7.2f}" for c in CLASSES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
