"""Engine benchmark: complete matches per second on one core with a trivial agent.

Command: ``python bench/bench_engine.py [--matches 50] [--seed 1] [--rules fimj,ravenna,...]``.

The agent is as cheap as possible so that the time measured is the engine's: it wins whenever
it may, otherwise passes every claim and discards the first tile it is offered (so nothing in
it depends on scoring or analysis). Matches are seeded (seed, seed + 1, ...); the shanten tables
are loaded before timing. Reported: matches/s, deals/s and actions/s (process time, one core).
"""

from __future__ import annotations

import argparse
import platform
import re
import time

from muraglia.analysis import shanten
from muraglia.engine import Game
from muraglia.engine.actions import Action, Discard, Pass, Win
from muraglia.rulesets import load_ruleset

DEFAULT = "fimj(tournament=true),ravenna,seipalle(tournament=true)"


def trivial(legal: list[Action]) -> Action:
    """Win if possible, else pass a claim, else the first discard, else the first action."""
    for a in legal:
        if isinstance(a, Win):
            return a
    for a in legal:
        if isinstance(a, Pass):
            return a
    for a in legal:
        if isinstance(a, Discard) and not a.riichi:
            return a
    return legal[0]


def bench(spec: str, matches: int, seed: int) -> dict[str, float]:
    """Play ``matches`` matches of ``spec``; rates in process time."""
    ruleset = load_ruleset(spec)
    deals = actions = 0
    start = time.process_time()
    for s in range(seed, seed + matches):
        match = Game(ruleset, seed=s).new_match()
        while not match.over:
            seat = match.to_act[0]
            match.apply(trivial(match.legal_actions(seat)))
            actions += 1
        deals += match.deals_played
    seconds = time.process_time() - start
    return {
        "matches_per_s": matches / seconds,
        "deals_per_s": deals / seconds,
        "actions_per_s": actions / seconds,
        "deals_per_match": deals / matches,
    }


def main() -> None:
    """Run the benchmark and print one line per ruleset."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default=DEFAULT)
    args = parser.parse_args()
    shanten.shanten_all([0] * 34)  # load the tables outside the timing
    print(f"python {platform.python_version()} on {platform.machine()}, {args.matches} matches")
    for spec in re.split(r",(?![^()]*\))", args.rules):  # commas outside parentheses
        r = bench(spec, args.matches, args.seed)
        print(
            f"{spec:28} {r['matches_per_s']:7.1f} matches/s  {r['deals_per_s']:7.1f} deals/s  "
            f"{r['actions_per_s']:8.0f} actions/s  ({r['deals_per_match']:.1f} deals/match)"
        )


if __name__ == "__main__":
    main()
