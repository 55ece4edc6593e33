"""Analysis benchmark: shanten calls/s and decompositions/s against `mahjong` and `xiangting`.

Command: ``python bench/bench_analysis.py [--hands 20000] [--seed 1]``.

A fixed, seeded set of random 13- and 14-tile hands (half each) as 34-count lists; every library
gets one call per hand on the same lists, after a warm-up pass (tables are built or loaded then).
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable, Sequence
from typing import Any


def make_hands(n: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    hands = []
    for i in range(n):
        counts = [0] * 34
        for k in rng.sample(wall, 13 + i % 2):
            counts[k] += 1
        hands.append(counts)
    return hands


def rate(fn: Callable[[Any], object], hands: Sequence[Any], repeat: int = 3) -> float:
    fn(hands[0])
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for h in hands:
            fn(h)
        best = min(best, time.perf_counter() - start)
    return len(hands) / best


def decompositions(hands: Sequence[list[int]]) -> str:
    """Rate of ``decompose`` on the 14-tile hands (most are incomplete: an empty answer)."""
    try:
        from muraglia.analysis.decompose import decompose  # type: ignore[import-not-found]
        from muraglia.hand import Hand
        from muraglia.tiles import PhysicalTile, tiles_from_counts
    except ImportError as exc:
        return f"n/a ({exc})"
    objs = [
        Hand(concealed=tuple(PhysicalTile(t) for t in tiles_from_counts(h)))
        for h in hands
        if sum(h) == 14
    ]
    try:
        value = rate(decompose, objs)  # type: ignore[arg-type]
    except Exception as exc:  # the module's signature may still change
        return f"n/a ({type(exc).__name__}: {exc})"
    return f"{value:12,.0f} calls/s (on the {len(objs)} 14-tile hands)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    hands = make_hands(args.hands, args.seed)
    print(f"{len(hands)} hands (seed {args.seed}), Python {platform.python_version()}")

    start = time.perf_counter()
    from muraglia.analysis.shanten import shanten_all

    shanten_all(hands[0])
    print(f"table load/build: {time.perf_counter() - start:.2f} s")
    ours = rate(shanten_all, hands)
    print(f"muraglia shanten_all:              {ours:12,.0f} calls/s")

    print(f"muraglia decompositions:           {decompositions(hands)}")

    try:
        from mahjong.shanten import Shanten

        calc = Shanten().calculate_shanten
        theirs = rate(calc, hands)
        print(
            f"mahjong Shanten.calculate_shanten: {theirs:12,.0f} calls/s  ours x{ours / theirs:.1f}"
        )
    except ImportError:
        print("mahjong: not installed")

    try:
        import xiangting

        four = xiangting.PlayerCount.FOUR
        xrep = xiangting.calculate_replacement_number
        xi = rate(lambda h: xrep(h, four), hands)
        print(f"xiangting (Rust) replacement:      {xi:12,.0f} calls/s  ours x{ours / xi:.2f}")
    except ImportError:
        print("xiangting: not installed")


if __name__ == "__main__":
    main()
