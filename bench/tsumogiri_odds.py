"""How often a closed seat without riichi is ready, by how it let its last tiles go.

Command::

    python bench/tsumogiri_odds.py [--rules seipalle] [--field defensive] [--matches 200]
        [--start 50000] [--seed 99]

Plays ``--matches`` matches of the expert against three ``--field`` bots (match ``i`` from
``--start``: the expert at seat ``i % 4``, game seed ``match_seed(seed, i)``; seed 99 is not
the strength cells' 2026) and, at each of the expert's own turns, looks at every opponent
whose hand is closed and undeclared (no meld, no riichi) and who has made at least four
discards: how many of its last three discards were the tile it had just drawn (tsumogiri,
the view's ``from_draw``), against whether its hidden hand is ready (shanten 0, read from
the deal, which no bot sees) and against the danger model's estimate
(:func:`muraglia.players.danger.readiness`). Printed per stage (4-7, 8-11, 12+ discards
made): the count, the model's mean, the true rate and its ratio to the stage's rate.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict

from muraglia.analysis.shanten import shanten_all
from muraglia.engine.game import Game
from muraglia.engine.views import PlayerView
from muraglia.players import make_bot
from muraglia.players.base import Table
from muraglia.players.danger import readiness, traits_for
from muraglia.players.simulate import match_seed, seat_bots
from muraglia.rulesets import ruleset_for

SPECS = {"fimj": "fimj(tournament=true)", "seipalle": "seipalle(tournament=true)"}
STAGES = ("4-7", "8-11", "12+")


def stage_of(turns: int) -> str:
    """The stage of a seat that has made ``turns`` discards."""
    return STAGES[0] if turns < 8 else STAGES[1] if turns < 12 else STAGES[2]


def drawn_of_last(v: PlayerView, seat: int, last: int = 3) -> int:
    """How many of ``seat``'s last ``last`` discards were the tile just drawn."""
    marks = set(v.from_draw)
    mine = [i for i, s in enumerate(v.discard_seats) if s == seat][-last:]
    return sum(i in marks for i in mine)


def measure(
    rules: str, field: str, matches: int, start: int, seed: int
) -> dict[tuple[str, int], list[float]]:
    """Per (stage, drawn of the last three): [count, summed estimate, summed truth]."""
    ruleset = ruleset_for(SPECS.get(rules, rules))
    traits = traits_for(ruleset)
    out: dict[tuple[str, int], list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    for i in range(start, start + matches):
        game_seed = match_seed(seed, i)
        names = seat_bots(["expert", field, field, field], i, rotate=True)
        hero = i % 4  # seat_bots puts the first bot there
        bots = [make_bot(n, ruleset, seed=game_seed * 8 + s) for s, n in enumerate(names)]
        match = Game(ruleset, seed=game_seed).new_match()
        while not match.over:
            seat = match.to_act[0]
            view = match.view(seat)
            if seat == hero and view.phase == "act":
                t = Table.of(view)
                for s in range(len(view.discards)):
                    turns = len(view.discards[s])
                    if s == seat or view.riichi[s] or t.melds_of(s) or turns < 4:
                        continue
                    if view.status and view.status[s] in ("out", "cannot_win"):
                        continue
                    rec = match.deal.seats[s]
                    cell = out[(stage_of(turns), drawn_of_last(view, s))]
                    cell[0] += 1
                    cell[1] += readiness(t, s, traits)
                    cell[2] += shanten_all(rec.counts, len(rec.melds)) <= 0
            match.apply(bots[seat].choose(view, match.legal_actions(seat)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="seipalle")
    parser.add_argument("--field", default="defensive")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--start", type=int, default=50000)
    parser.add_argument("--seed", type=int, default=99)
    args = parser.parse_args(argv)
    if args.matches < 1:
        parser.error("--matches must be at least 1")
    cells = measure(args.rules, args.field, args.matches, args.start, args.seed)
    print(f"{args.rules}: expert vs 3 x {args.field}, {args.matches} matches from {args.start}")
    print("stage  drawn of last 3      n  estimate  ready  ratio")
    for stage in STAGES:
        rows = [cells.get((stage, d), [0, 0.0, 0.0]) for d in range(4)]
        n = sum(r[0] for r in rows)
        rate = sum(r[2] for r in rows) / n if n else 0.0
        for d, (count, est, truth) in enumerate(rows):
            if not count:
                continue
            ratio = truth / count / rate if rate else 0.0
            print(
                f"{stage:5}  {d:15d} {int(count):6d}  {est / count:8.3f}  "
                f"{truth / count:5.3f}  {ratio:5.2f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
