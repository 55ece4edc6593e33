"""Players benchmark: bot decision time, and simulation throughput with 1 and 2 workers.

Command: ``python bench/bench_players.py [--games 8] [--seed 1] [--rules fimj,ravenna,...]``
(default: every ruleset id, riichi-tenhou included).

For each ruleset, ``--games`` matches with four ``efficiency`` bots (engine + bots, records
not written) are played by :func:`muraglia.players.simulate.simulate` with two worker
processes and then the same seeded matches with one worker. It prints matches per second,
matches per second per core, deals per second, the speed-up with 2 workers and the bots' mean
decision time. FIMJ and Seipalle are played in tournament mode (East always passes: a fixed
16 / 8 deals). The shanten tables are loaded and the same matches are played once before
timing, so both runs start from the same warm caches: the workers are forked from that state,
and the single-worker run follows them from it (timed the other way round, the workers would
inherit what the single-worker run filled, and the speed-up would exceed 2 on two cores).
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
    "riichi-ema": "riichi-ema",
    "riichi-tenhou": "riichi-tenhou",
    "mcr": "mcr",
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
        # warm-up outside the timing: the same matches once, so that the caches filled while
        # playing (scorer plans, hand analyses, the bots' memos) are as warm for the timed
        # single-worker run as for the workers forked after it (a cold first run is ~1.4x slower)
        simulate(spec, games=args.games, seed=args.seed, bots=bots, workers=1)
        # two workers first: they are forked from exactly the cache state the one-worker run
        # then starts from (run after it, they would inherit what it filled)
        two = simulate(spec, games=args.games, seed=args.seed, bots=bots, workers=2)
        one = simulate(spec, games=args.games, seed=args.seed, bots=bots, workers=1)
        r1 = one.games / one.seconds
        r2 = two.games / two.seconds
        ms = one.bots[args.bot].ms_per_decision
        print(
            f"| {spec} | {one.games} | {one.deals} | {r1:.3f} | {one.deals / one.seconds:.2f} | "
            f"{r2:.3f} | {r2 / 2:.3f} | ×{r2 / r1:.2f} | {ms:.2f} |"
        )


if __name__ == "__main__":
    main()
