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


def rate(fn: Callable[[Any], object], hands: Sequence[Any], repeat: int = 5) -> float:
    fn(hands[0])
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for h in hands:
            fn(h)
        best = min(best, time.perf_counter() - start)
    return len(hands) / best


def make_complete(n: int, seed: int) -> list[list[int]]:
    """Random complete standard hands (four sets and a pair, at most four copies a kind)."""
    rng = random.Random(seed)
    hands: list[list[int]] = []
    while len(hands) < n:
        counts = [0] * 34
        pair = rng.randrange(34)
        counts[pair] += 2
        for _ in range(4):
            if rng.random() < 0.6:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                for t in range(start, start + 3):
                    counts[t] += 1
            else:
                counts[rng.randrange(34)] += 3
        if max(counts) <= 4:
            hands.append(counts)
    return hands


def to_hand(counts: Sequence[int]) -> Any:
    from muraglia.hand import Hand
    from muraglia.tiles import PhysicalTile, tiles_from_counts

    return Hand(concealed=tuple(PhysicalTile(t) for t in tiles_from_counts(counts)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    hands = make_hands(args.hands, args.seed)
    complete = make_complete(args.hands // 4, args.seed)
    print(f"{len(hands)} random hands (half 13, half 14 tiles) and {len(complete)} complete")
    print(f"hands, seed {args.seed}, Python {platform.python_version()}")

    start = time.perf_counter()
    import muraglia
    from muraglia.analysis.decompose import decompose, decompose_counts
    from muraglia.analysis.shanten import shanten_all

    shanten_all(hands[0])
    print(f"table load/build: {time.perf_counter() - start:.2f} s")
    ours = rate(shanten_all, hands)
    print(f"muraglia shanten_all(counts):       {ours:12,.0f} calls/s")
    objs = [to_hand(h) for h in hands]
    public = rate(muraglia.shanten, objs)
    print(f"muraglia.shanten(Hand):             {public:12,.0f} calls/s")
    dec = rate(decompose_counts, complete)
    print(f"muraglia decompose_counts (complete): {dec:10,.0f} calls/s")
    dec_hand = rate(decompose, [to_hand(h) for h in complete])
    print(f"muraglia decompose(Hand) (complete):  {dec_hand:10,.0f} calls/s")
    random14 = [h for h in hands if sum(h) == 14]
    dec_random = rate(decompose_counts, random14)
    print(f"muraglia decompose_counts (random 14): {dec_random:9,.0f} calls/s")

    try:
        from mahjong.hand_calculating.divider import HandDivider
        from mahjong.shanten import Shanten

        calc = Shanten().calculate_shanten
        theirs = rate(calc, hands)
        print(
            f"mahjong Shanten.calculate_shanten:  {theirs:12,.0f} calls/s"
            f"  shanten_all x{ours / theirs:.1f}, muraglia.shanten x{public / theirs:.1f}"
        )
        divide = HandDivider.divide_hand
        their_dec = rate(divide, complete)
        print(
            f"mahjong HandDivider.divide_hand:    {their_dec:12,.0f} calls/s"
            f"  decompose_counts x{dec / their_dec:.1f}"
        )
    except ImportError:
        print("mahjong: not installed (pip install mahjong)")

    try:
        import xiangting

        four = xiangting.PlayerCount.FOUR
        xrep = xiangting.calculate_replacement_number
        xi = rate(lambda h: xrep(h, four), hands)
        print(f"xiangting (Rust) replacement:       {xi:12,.0f} calls/s  ours x{ours / xi:.2f}")
    except ImportError:
        print("xiangting: not installed (pip install xiangting)")


if __name__ == "__main__":
    main()
