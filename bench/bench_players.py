"""Players benchmark: bot decision time, and simulation throughput with 1 and 2 workers.

Command: ``python bench/bench_players.py [--games 8] [--seed 1] [--rules fimj,ravenna,seipalle]``.

For each ruleset, ``--games`` matches with four ``efficiency`` bots (engine + bots, records
not written) are played by :func:`muraglia.players.simulate.simulate` with one worker, then the
same seeded matches with two worker processes. It prints matches per second, matches per second
per core, deals per second, the speed-up with 2 workers and the bots' mean decision time.
FIMJ and Seipalle are played in tournament mode (East always passes: a fixed 16 / 8 deals).
The shanten tables are loaded before timing (worker processes are forked with them loaded).
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from muraglia.analysis.shanten import shanten_all
from muraglia.players.simulate import simulate

SPECS = {
    "fimj": "fimj(tournament=true)",
    "ravenna": "ravenna",
    "seipalle": "seipalle(tournament=true)",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default=",".join(SPECS))
    parser.add_argument("--bot", default="efficiency")
    args = parser.parse_args()
    shanten_all([0] * 34)  # load the tables outside the timing, as bench_engine does
    print(
        f"# {platform.python_implementation()} {platform.python_version()}, "
        f"{platform.machine()}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}, "
        f"{time.strftime('%Y-%m-%d')}"
    )
    print(
        "| ruleset | matches | deals | 1 worker matches/s | deals/s | "
        "2 workers matches/s | per core | speed-up | ms/decision |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for rid in args.rules.split(","):
        spec = SPECS.get(rid, rid)
        bots = (args.bot,) * 4
        one = simulate(spec, games=args.games, seed=args.seed, bots=bots, workers=1)
        two = simulate(spec, games=args.games, seed=args.seed, bots=bots, workers=2)
        r1 = one.games / one.seconds
        r2 = two.games / two.seconds
        ms = one.bots[args.bot].ms_per_decision
        print(
            f"| {spec} | {one.games} | {one.deals} | {r1:.3f} | {one.deals / one.seconds:.2f} | "
            f"{r2:.3f} | {r2 / 2:.3f} | ×{r2 / r1:.2f} | {ms:.2f} |"
        )


if __name__ == "__main__":
    main()
