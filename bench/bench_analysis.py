"""Analysis benchmark: shanten and decomposition per call, muraglia against the peers, one process.

Command: ``python bench/bench_analysis.py [--hands 20000] [--seed 1] [--repeat 7]``.

A fixed, seeded set of random 13- and 14-tile hands (half each) as 34-count lists, each
library's input prepared before timing (``riichienv`` takes 136-tile ids). Every runner makes
one call per hand; the runners are interleaved pass by pass in this one process (process CPU
time per pass, so that other jobs on a shared machine distort less), and the table gives the
minimum and the median per call over ``--repeat`` passes. Every runner is first warmed up on
hands of another seed (tables loaded, caches filled there, not on the timed hands). Runners:

- ``muraglia shanten_all``: the public kernel (the C accelerator when built, see ``NATIVE``);
- ``muraglia pure shanten_all``: the pure-Python reference (``_pure_shanten_all``);
- ``muraglia.shanten(Hand)``: the public call on a parsed hand;
- ``mahjong`` (PyPI, pure Python) ``Shanten.calculate_shanten``;
- ``xiangting`` (PyPI, Rust) ``calculate_replacement_number`` (replacement number = shanten+1);
- ``riichienv`` (PyPI, Rust) ``calculate_shanten`` on 136-tile ids;
- decompositions: ``decompose_counts`` and ``decompose(Hand)`` on complete hands,
  ``mahjong``'s ``HandDivider.divide_hand``.

The peers that are not installed are skipped (``pip install mahjong xiangting riichienv``).
The shanten answers of every peer are compared with ours on the timed hands.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections.abc import Callable, Sequence
from importlib.metadata import PackageNotFoundError, version
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


def to_136(counts: Sequence[int]) -> list[int]:
    return [4 * k + c for k, n in enumerate(counts) for c in range(n)]


Runner = Callable[[list[Any]], list[Any]]
"""Calls the library once per prepared input, returns the answers."""


def version_of(dist: str) -> str:
    try:
        return version(dist)
    except PackageNotFoundError:
        return "?"


def shanten_runners() -> dict[str, tuple[Callable[[list[int]], Any], Runner]]:
    """name -> (prepare one 34-count hand, run a prepared list); peers only when installed."""
    import muraglia
    from muraglia.analysis import shanten as sh

    def ours(hs: list[Any]) -> list[Any]:
        f = sh.shanten_all
        return [f(h) for h in hs]

    def pure(hs: list[Any]) -> list[Any]:
        f = sh._pure_shanten_all
        return [f(h) for h in hs]

    def public(hs: list[Any]) -> list[Any]:
        f = muraglia.shanten
        return [f(h) for h in hs]

    def same(h: list[int]) -> list[int]:
        return h

    kind = "C accelerator" if sh.NATIVE else "pure Python: accelerator not built"
    out: dict[str, tuple[Callable[[list[int]], Any], Runner]] = {
        f"muraglia shanten_all ({kind})": (same, ours),
        "muraglia pure shanten_all": (same, pure),
        "muraglia.shanten(Hand)": (to_hand, public),
    }
    try:
        from mahjong.shanten import Shanten

        def mahjong_run(hs: list[Any]) -> list[Any]:
            f = Shanten().calculate_shanten
            return [f(h) for h in hs]

        out[f"mahjong {version_of('mahjong')} (Python)"] = (same, mahjong_run)
    except ImportError:
        print("mahjong: not installed")
    try:
        import xiangting

        def xiangting_run(hs: list[Any]) -> list[Any]:
            f, four = xiangting.calculate_replacement_number, xiangting.PlayerCount.FOUR
            return [f(h, four) - 1 for h in hs]

        out[f"xiangting {version_of('xiangting')} (Rust)"] = (same, xiangting_run)
    except ImportError:
        print("xiangting: not installed")
    try:
        import riichienv

        def riichienv_run(hs: list[Any]) -> list[Any]:
            f = riichienv.calculate_shanten
            return [f(h) for h in hs]

        out[f"riichienv {version_of('riichienv')} (Rust)"] = (to_136, riichienv_run)
    except ImportError:
        print("riichienv: not installed")
    return out


def interleave(
    runners: dict[str, tuple[Callable[[list[int]], Any], Runner]],
    timed: list[list[int]],
    warm: list[list[int]],
    repeat: int,
) -> tuple[dict[str, list[float]], dict[str, list[Any]]]:
    """Seconds per call of each runner over ``repeat`` interleaved passes, and its answers."""
    inputs = {name: [prep(h) for h in timed] for name, (prep, _) in runners.items()}
    for prep, run in runners.values():  # warm-up on other hands
        run([prep(h) for h in warm])
    times: dict[str, list[float]] = {name: [] for name in runners}
    answers: dict[str, list[Any]] = {}
    for _ in range(repeat):
        for name, (_, run) in runners.items():
            t0 = time.process_time()
            answers[name] = run(inputs[name])
            times[name].append((time.process_time() - t0) / len(timed))
    return times, answers


def report(times: dict[str, list[float]], ref: str) -> None:
    base = statistics.median(times[ref])
    print(f"  {'runner':48s} {'min µs':>8s} {'median µs':>10s} {'calls/s (median)':>17s}  vs first")
    for name, values in times.items():
        med = statistics.median(values)
        print(
            f"  {name:48s} {min(values) * 1e6:8.3f} {med * 1e6:10.3f} {1 / med:17,.0f}"
            f"  ×{base / med:.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()} {platform.machine()}, {os.cpu_count()} CPUs, "
        f"load average {os.getloadavg()[0]:.2f}; seed {args.seed}, {args.hands} hands, "
        f"{args.repeat} interleaved passes, process CPU time"
    )
    start = time.perf_counter()
    from muraglia.analysis.shanten import shanten_all

    shanten_all([0] * 34)
    print(f"table load/build: {time.perf_counter() - start:.2f} s")

    hands = make_hands(args.hands, args.seed)
    warm = make_hands(args.hands // 4, args.seed + 1000)
    runners = shanten_runners()
    times, answers = interleave(runners, hands, warm, args.repeat)
    print(f"\nshanten, {len(hands)} random hands (half 13, half 14 tiles):")
    report(times, next(iter(runners)))
    want = answers[next(iter(runners))]
    for name, got in answers.items():
        agree = sum(a == b for a, b in zip(got, want, strict=True))
        if agree != len(want):
            print(f"  {name}: agrees on {agree}/{len(want)} hands")

    from muraglia.analysis.decompose import decompose, decompose_counts

    def dec(hs: list[Any]) -> list[Any]:
        return [decompose_counts(h) for h in hs]

    def dec_hand(hs: list[Any]) -> list[Any]:
        return [decompose(h) for h in hs]

    dec_runners: dict[str, tuple[Callable[[list[int]], Any], Runner]] = {
        "muraglia decompose_counts": (lambda h: h, dec),
        "muraglia decompose(Hand)": (to_hand, dec_hand),
    }
    try:
        from mahjong.hand_calculating.divider import HandDivider

        def divide(hs: list[Any]) -> list[Any]:
            f = HandDivider.divide_hand
            return [f(h) for h in hs]

        dec_runners[f"mahjong {version_of('mahjong')} divide_hand"] = (lambda h: h, divide)
    except ImportError:
        pass
    complete = make_complete(args.hands // 4, args.seed)
    dtimes, _ = interleave(
        dec_runners, complete, make_complete(args.hands // 16, args.seed + 1000), args.repeat
    )
    print(f"\ndecompositions (every one), {len(complete)} random complete hands:")
    report(dtimes, next(iter(dec_runners)))


if __name__ == "__main__":
    main()
