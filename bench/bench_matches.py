"""Matches per CPU second of a strength cell (a hero against three copies of a field bot).

Command::

    python bench/bench_matches.py [--rules fimj,ravenna,seipalle,riichi-ema,mcr]
        [--hero expert] [--field efficiency] [--matches 6] [--seed 7]

Plays the seeded matches ``0 .. matches-1`` of each ruleset as ``bench/strength.py`` seats
them (the hero at seat ``i % 4``; FIMJ and Seipalle with ``tournament=true``), timing with
``time.process_time`` (CPU time of this process, whatever the machine's load) the whole
match, the hero's decisions and the field's decisions (the rest is the engine: legal
actions, views, scoring). One deal of another seed warms the tables and scorers first. To
compare two versions of the bots, run this script with each version's ``PYTHONPATH`` on the
same seeds, alternating (A B A B), and compare the rows: the matches are the same games
while the bots decide the same.
"""

from __future__ import annotations

import argparse
import sys
import time

from muraglia.engine.game import Game
from muraglia.engine.views import view_of
from muraglia.players import make_bot
from muraglia.players.simulate import match_seed
from muraglia.rulesets import ruleset_for

SPECS = {"fimj": "fimj(tournament=true)", "seipalle": "seipalle(tournament=true)"}


def _match(spec: str, names: list[str], seed: int, hero: int, clock: list[float]) -> int:
    """Play one match; add (hero, field) decision CPU seconds to ``clock``; the deals played."""
    ruleset = ruleset_for(spec)
    bots = [make_bot(n, ruleset, seed=seed * 8 + s) for s, n in enumerate(names)]
    match = Game(ruleset, seed=seed).new_match()
    while not match.over:
        s = match.to_act[0]
        view, legal = view_of(match.deal, s, match), match.legal_actions(s)
        t0 = time.process_time()
        action = bots[s].choose(view, legal)
        clock[0 if s == hero else 1] += time.process_time() - t0
        match.apply(action)
    return match.deals_played


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="fimj,ravenna,seipalle,riichi-ema,mcr")
    parser.add_argument("--hero", default="expert")
    parser.add_argument("--field", default="efficiency")
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(
        "| ruleset | hero vs 3 x field | matches | deals | matches/CPU s | hero ms/deal "
        "| field ms/deal | engine ms/deal |"
    )
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for rules in args.rules.split(","):
        spec = SPECS.get(rules, rules)
        warm = [args.hero, args.field, args.field, args.field]
        _match(spec, warm, 10**9 + args.seed, 0, [0.0, 0.0])
        clock = [0.0, 0.0]
        deals = 0
        t0 = time.process_time()
        for i in range(args.matches):
            names = [args.field] * 4
            names[i % 4] = args.hero
            deals += _match(spec, names, match_seed(args.seed, i), i % 4, clock)
        total = time.process_time() - t0
        ms = 1000.0 / max(deals, 1)
        print(
            f"| {spec} | {args.hero} vs 3 x {args.field} | {args.matches} | {deals} | "
            f"{args.matches / total:.2f} | {ms * clock[0]:.1f} | {ms * clock[1]:.1f} | "
            f"{ms * (total - clock[0] - clock[1]):.1f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
