"""MCR benchmark: fan calculations per second, side by side with PyPI ``pymahjonggb``.

Command: ``python bench/bench_mcr.py [--hands 2000] [--seed 2026] [--repeat 3]``.

A fixed, seeded set of random winning hands from :func:`muraglia.rulesets.mcr.samples.samples`
(30 % concealed four-sets-and-a-pair, 30 % with melds and kongs, 10 % each of seven pairs,
thirteen orphans, knitted straight and honours-and-knitted), each with a random win type, winds
and flowers. Every calculator gets one call per hand on inputs converted beforehand (our parsed
``Hand``; pymahjonggb's tuples), after a warm-up on other hands. CPU time
(``time.process_time``) is measured, as the machine may be shared; the passes of the
calculators are interleaved (one pass of each, ``--repeat`` + 1 times), so a change of load
touches all of them alike; the first pass and the best and median of the ``--repeat`` later
passes are shown, and our speed over pymahjonggb's for each.
Our figure is also given from notation strings (parsing included). Hands pymahjonggb rejects
(below 8 points by its own count, its error codes) are counted as calls all the same; the fan
totals of both are compared on the hands both accept.

pymahjonggb is optional: without it only our figures are printed.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable, Sequence
from typing import Any

from muraglia.hand import Hand
from muraglia.melds import MeldKind
from muraglia.notation import parse_hand
from muraglia.rulesets.mcr import McrRules
from muraglia.rulesets.mcr.samples import Sample, samples

try:
    from MahjongGB import MahjongFanCalculator  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - optional comparison
    MahjongFanCalculator = None

_SUIT = {0: "W", 1: "B", 2: "T"}
_WIND = {"E": 0, "S": 1, "W": 2, "N": 3}


def gb_tile(t: int) -> str:
    """pymahjonggb's tile name: W/B/T 1-9 for characters/dots/bamboo, F1-F4 winds E S W N,
    J1 red, J2 green, J3 white dragon."""
    if t < 27:
        return f"{_SUIT[t // 9]}{t % 9 + 1}"
    return f"F{t - 26}" if t < 31 else f"J{34 - t}"


def gb_args(h: Hand, s: Sample) -> tuple[Any, ...]:
    """pymahjonggb's ``MahjongFanCalculator`` arguments for one hand."""
    assert h.winning is not None
    packs = []
    for m in h.melds:
        low = int(min(t.kind for t in m.tiles))
        if m.kind is MeldKind.CHOW:
            packs.append(("CHI", gb_tile(low + 1), 1))
        elif m.kind is MeldKind.PUNG:
            packs.append(("PENG", gb_tile(low), 1))
        else:
            packs.append(("GANG", gb_tile(low), 0 if m.concealed else 1))
    standing = tuple(gb_tile(int(t.kind)) for t in h.concealed)
    return (tuple(packs), standing, gb_tile(int(h.winning.kind)), len(h.bonus),
            s.win == "tsumo", False, False, False, _WIND[s.seat_wind],
            _WIND[s.round_wind])  # fmt: skip


def passes(fns: dict[str, Callable[[int], object]], n: int, repeat: int) -> dict[str, list[float]]:
    """CPU seconds of a pass ``fn(i) for i in range(n)`` of every calculator, ``repeat`` + 1
    times, the calculators' passes interleaved.

    The first pass sees the hands for the first time (memo caches cold for them); the later
    passes re-score the same hands, so cached per-suit splits and chow combinations help.
    """
    out: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(repeat + 1):
        for name, fn in fns.items():
            start = time.process_time()
            for i in range(n):
                fn(i)
            out[name].append(time.process_time() - start)
    return out


def show(name: str, seconds: list[float], n: int) -> None:
    """One line of the result table: first pass, best and median later pass, per call."""
    later = sorted(seconds[1:])
    cells = [seconds[0], later[0], later[len(later) // 2]]
    print(f"{name:28s}" + "".join(f"{n / s:9.0f}/s {1e6 * s / n:6.1f} us" for s in cells))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print a small table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)

    rules = McrRules()
    data = samples(args.hands, args.seed)
    hands = [parse_hand(s.hand, red_fives=False) for s in data]
    kinds: dict[str, int] = {}
    for s in data:
        kinds[s.kind] = kinds.get(s.kind, 0) + 1

    def ours(i: int) -> object:
        s = data[i]
        return rules.score(hands[i], win=s.win, seat_wind=s.seat_wind, round_wind=s.round_wind)

    def ours_text(i: int) -> object:
        s = data[i]
        return rules.score(s.hand, win=s.win, seat_wind=s.seat_wind, round_wind=s.round_wind)

    print(f"python {platform.python_version()} on {platform.machine()}; {args.hands} hands, "
          f"seed {args.seed}: " + ", ".join(f"{k} {v}" for k, v in kinds.items()))  # fmt: skip
    warm = samples(200, args.seed + 1)  # loads the shanten tables, warms generic caches
    for s in warm:
        rules.score(s.hand, win=s.win, seat_wind=s.seat_wind, round_wind=s.round_wind)
    fns: dict[str, Callable[[int], object]] = {
        "muraglia mcr (parsed Hand)": ours,
        "muraglia mcr (notation)": ours_text,
    }
    gb: list[tuple[Any, ...]] = []

    def theirs(i: int) -> object:
        try:
            return MahjongFanCalculator(*gb[i])
        except TypeError as exc:  # its "not a win" / "below 8" answers
            return exc

    if MahjongFanCalculator is not None:
        gb.extend(gb_args(h, s) for h, s in zip(hands, data, strict=True))
        fns["pymahjonggb 1.4 (C++)"] = theirs
    n = len(data)
    times = passes(fns, n, args.repeat)
    print(f"{'calculator':28s}{'first pass':>20s}{'best of ' + str(args.repeat):>20s}"
          f"{'median of ' + str(args.repeat):>20s}")  # fmt: skip
    for name, seconds in times.items():
        show(name, seconds, n)
    if MahjongFanCalculator is None:
        print("pymahjonggb                 not installed (pip install pymahjonggb)")
        return 0
    mine, their = times["muraglia mcr (parsed Hand)"], times["pymahjonggb 1.4 (C++)"]
    ratio = [t / m for m, t in zip(mine, their, strict=True)]
    later = sorted(ratio[1:])
    print(
        f"muraglia / pymahjonggb speed: x{their[0] / mine[0]:.2f} first pass, "
        f"x{min(their[1:]) / min(mine[1:]):.2f} best passes, x{later[len(later) // 2]:.2f} "
        "median of the passes' ratios"
    )
    same = both = 0
    for i in range(len(data)):
        res = theirs(i)
        if isinstance(res, Exception):
            continue
        total = sum(
            points * count for points, count, *_ in MahjongFanCalculator(*gb[i], verbose=True)
        )
        r = ours(i)
        both += 1
        same += int(rules.total(r) == total)  # type: ignore[arg-type]
    print(f"same total (flowers incl.)  {same}/{both} hands both accept")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
