"""What the winning hands are worth: the spread of win values, limit hands and massimi.

Command::

    python bench/win_values.py [--rules fimj] [--hero efficiency] [--field efficiency] \
        [--matches 120] [--seed 2026] [--start 1000] [--big 1000]

Plays matches ``start .. start+matches-1`` as ``bench/strength.py`` seeds them (match ``i``:
the hero at seat ``i % 4``, game seed ``match_seed(seed, i)``; FIMJ and Seipalle with
``tournament=true``; the default start 1000 keeps clear of the strength cells' first
matches) and prints, over every ``Won`` event: the wins per match, the mean, median, 90th and
99th percentile value, the wins worth ``--big`` or more (FIMJ's limit, FIMJ-LIMIT-1) with
their share of all the value won and how often a seat that made one finished first, and the
limit hands (massimi, ``MAX`` patterns: FIMJ-MAX) by id.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections import Counter

from muraglia.engine.events import Won
from muraglia.engine.game import Game
from muraglia.players import make_bot
from muraglia.players.simulate import match_seed, placements
from muraglia.rulesets import ruleset_for

SPECS = {"fimj": "fimj(tournament=true)", "seipalle": "seipalle(tournament=true)"}


def limit_hands(rules: str) -> dict[str, str]:
    """The ruleset's limit hands: pattern id -> rule id (``FIMJ-MAX-M04``...), if it has any."""
    try:
        module = importlib.import_module(f"muraglia.rulesets.{rules.replace('-', '_')}.patterns")
    except ImportError:
        return {}
    return {p.id: p.ref for p in getattr(module, "PATTERNS", ()) if "-MAX-" in p.ref}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="fimj")
    parser.add_argument("--hero", default="efficiency")
    parser.add_argument("--field", default="efficiency")
    parser.add_argument("--matches", type=int, default=120)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--start", type=int, default=1000)
    parser.add_argument("--big", type=int, default=1000)
    args = parser.parse_args(argv)
    ruleset = ruleset_for(SPECS.get(args.rules, args.rules))
    limits = limit_hands(args.rules)
    values: list[int] = []
    massimi: Counter[str] = Counter()
    big_matches = big_first = 0
    for i in range(args.start, args.start + args.matches):
        game_seed = match_seed(args.seed, i)
        names = [args.field] * 4
        names[i % 4] = args.hero
        bots = [make_bot(n, ruleset, seed=game_seed * 8 + s) for s, n in enumerate(names)]
        match = Game(ruleset, seed=game_seed).new_match()
        while not match.over:
            seat = match.to_act[0]
            match.apply(bots[seat].choose(match.view(seat), match.legal_actions(seat)))
        big: set[int] = set()
        for e in match.events:
            if not isinstance(e, Won):
                continue
            values.append(e.value)
            massimi.update(limits[p[0]] for p in e.patterns if p[0] in limits)
            if e.value >= args.big:
                big.add(e.seat)
        if big:
            places = placements(match.scores)
            big_matches += 1
            big_first += any(places[s] == 1 for s in big)
    if not values:
        print("no wins")
        return 1
    values.sort()
    n = len(values)
    total = sum(values)
    large = [v for v in values if v >= args.big]
    print(f"{args.rules}: {args.hero} vs 3 x {args.field}, {args.matches} matches, {n} wins")
    print(f"wins per match {n / args.matches:.2f}")
    print(
        f"value mean {total / n:.1f}, median {values[n // 2]}, 90th percentile "
        f"{values[int(0.9 * n)]}, 99th {values[int(0.99 * n)]}"
    )
    print(
        f"wins >= {args.big}: {len(large)} ({100 * len(large) / n:.1f} %), "
        f"{100 * sum(large) / total:.1f} % of the value won; in {big_matches} matches, "
        f"a seat that made one first in {big_first}"
    )
    print("limit hands:", dict(massimi) or "none")
    return 0


if __name__ == "__main__":
    sys.exit(main())
