"""Who sits at the tables of three, and the repeats, of ``seating.generate`` (FIMJ-3P, RAV-3P).

At a table of three one seat is dead and the hand scores differently, so the tables of three
should go round: for each player count that needs them, over ``--seeds`` seeds, the spread of
the times a player sat at a table of three (max − min over players, 1 at best when the seats
do not divide evenly, 0 when they do), the repeats against their lower bound, and seconds.
Counted from the plan itself, independently of the generator's cost.

    python bench/bench_three_tables.py [--sessions 4 --seeds 3 --players 6,7,9,10,11,...]
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections import Counter

from muraglia.tournament import seating


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sessions", type=int, default=4)
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--players", default="6,7,9,10,11,13,14,15,17,18,19,21,22,23")
    a = ap.parse_args()
    worst = 0
    for n in (int(x) for x in a.players.split(",")):
        players = list(range(1, n + 1))
        rows = []
        for seed in range(1, a.seeds + 1):
            t0 = time.perf_counter()
            plan = seating.generate(players, a.sessions, seed=seed, allow_three=True)
            secs = time.perf_counter() - t0
            seating.validate(plan, players, allow_three=True)
            threes: Counter[int] = Counter({p: 0 for p in players})
            meets: Counter[tuple[int, int]] = Counter()
            for session in plan:
                for table in session:
                    if len(table) == 3:
                        threes.update(table)
                    meets.update(itertools.combinations(sorted(table), 2))
            spread = max(threes.values()) - min(threes.values())
            repeats = sum(max(0, m - 1) for m in meets.values())
            bound = seating.lower_bound([[len(t) for t in s] for s in plan], n)
            rows.append((spread, repeats - bound, secs))
            worst = max(worst, spread)
        spreads = " ".join(str(r[0]) for r in rows)
        extra = " ".join(str(r[1]) for r in rows)
        secs = max(r[2] for r in rows)
        print(
            f"{n:3} players: three-spread {spreads:10} repeats over the bound {extra:12} "
            f"slowest {secs:.2f}s"
        )
    print(f"largest spread of the times at a table of three: {worst}")


if __name__ == "__main__":
    main()
