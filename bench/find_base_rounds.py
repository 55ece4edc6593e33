"""Find the base session of a 1-rotational seating design (seating.ROTATIONAL) by tabu search.

Players ``o·m + x`` (orbit o < ORBITS, x in Z_m) and fixed players from ``ORBITS·m`` on; a
base session develops into m sessions by x ↦ x + g. It is a packing (no pair meets twice)
when its pairs lie in distinct pair orbits (:func:`muraglia.tournament.seating.rotational_pairs`).
The search swaps two players of different tables, choosing the best non-tabu swap that moves
a player in conflict, until no orbit is used twice (seeded: the same seed, the same result).

    python bench/find_base_rounds.py --players 24 --m 7 [--seed 0] [--steps 3000]
    python bench/find_base_rounds.py --players 40 --m 10
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from muraglia.tournament.seating import rotational_pairs


def _cost(m: int, orbits: int, base: list[list[int]]) -> tuple[int, Counter[tuple[int, ...]]]:
    used = Counter(rotational_pairs(m, orbits, base))
    short = sum(v for k, v in used.items() if k[0] == 2)  # a short orbit repeats anyway
    return short + sum(v - 1 for k, v in used.items() if v > 1 and k[0] != 2), used


def search(n: int, m: int, seed: int, steps: int) -> list[list[int]] | None:
    """A base session for ``n`` players over Z_m, or None within ``steps`` moves."""
    orbits = n // m
    rng = random.Random(seed)
    players = list(range(n))
    rng.shuffle(players)
    base = [sorted(players[i : i + 4]) for i in range(0, n, 4)]
    cost, _ = _cost(m, orbits, base)
    tabu: dict[int, int] = {}
    best = cost
    for step in range(steps):
        if cost == 0:
            return [sorted(t) for t in base]
        _, used = _cost(m, orbits, base)
        bad = set()
        for t, table in enumerate(base):
            for k, key in enumerate(rotational_pairs(m, orbits, [table])):
                if key[0] == 2 or used[key] > 1:
                    a, b = [(i, j) for i in range(4) for j in range(i + 1, 4)][k]
                    bad.update({(t, a), (t, b)})
        moves = []
        for t1, i1 in sorted(bad):
            for t2 in range(len(base)):
                if t2 == t1:
                    continue
                for i2 in range(4):
                    p, q = base[t1][i1], base[t2][i2]
                    base[t1][i1], base[t2][i2] = q, p
                    c, _ = _cost(m, orbits, base)
                    base[t1][i1], base[t2][i2] = p, q
                    if (tabu.get(p, -1) > step or tabu.get(q, -1) > step) and c >= best:
                        continue
                    moves.append((c, rng.random(), t1, i1, t2, i2))
        if not moves:
            continue
        cost, _, t1, i1, t2, i2 = min(moves)
        p, q = base[t1][i1], base[t2][i2]
        base[t1][i1], base[t2][i2] = q, p
        tabu[p] = step + 5 + rng.randrange(5)
        tabu[q] = step + 5 + rng.randrange(5)
        best = min(best, cost)
    return None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--m", type=int, required=True, help="the cyclic group Z_m (sessions)")
    ap.add_argument("--seed", type=int, default=0, help="first seed (then the next ones)")
    ap.add_argument("--seeds", type=int, default=100, help="how many seeds to try")
    ap.add_argument("--steps", type=int, default=3000, help="moves per seed")
    args = ap.parse_args()
    if args.players % 4 or args.players < 2 * args.m:
        sys.exit("players must be a multiple of four and at least 2·m")
    t0 = time.perf_counter()
    for seed in range(args.seed, args.seed + args.seeds):
        found = search(args.players, args.m, seed, args.steps)
        if found is not None:
            print(f"seed {seed} ({time.perf_counter() - t0:.1f} s): {found}")
            return
        print(f"seed {seed}: none", file=sys.stderr, flush=True)
    sys.exit("no base session found")


if __name__ == "__main__":
    main()
