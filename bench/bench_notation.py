"""Notation parsing speed: ``parse_hand`` / ``parse_tiles`` calls per second on the bench hands.

The strings are the ones the scorer benchmarks parse: the fixed riichi set of
``bench_riichi.py`` (one suit letter per tile, ``[...]``/``(...)`` melds, red fives, ``+X``) and
the MCR set of ``bench_mcr.py`` (flowers, no red fives), plus the same hands in canonical form
(``format_hand``: grouped digits, spaces, source markers) and their concealed part alone for
``parse_tiles``. Times are process CPU times (``time.process_time``), best of ``--repeat``
passes; with ``--reference`` the frozen pre-rewrite parser (``tests/core/_reference_notation.py``)
is timed in the same passes, interleaved, and the speed-up printed.

    python bench/bench_notation.py [--hands 2000] [--seed 2026] [--repeat 7] [--reference]
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

from bench_riichi import cases  # this directory is on sys.path when run as a script

from muraglia import notation
from muraglia.notation import format_hand, format_tiles
from muraglia.rulesets.mcr.samples import samples


def workloads(n: int, seed: int) -> list[tuple[str, str, list[str], bool]]:
    """(name, parser, strings, red_fives) for every measured set."""
    riichi = [c.text for c in cases(n, seed)]
    mcr = [s.hand for s in samples(n, seed)]
    riichi_hands = [notation.parse_hand(t) for t in riichi]
    mcr_hands = [notation.parse_hand(t, red_fives=False) for t in mcr]
    return [
        ("riichi bench hands", "parse_hand", riichi, True),
        ("mcr bench hands", "parse_hand", mcr, False),
        ("riichi, canonical form", "parse_hand", [format_hand(h) for h in riichi_hands], True),
        ("mcr, canonical form", "parse_hand", [format_hand(h) for h in mcr_hands], False),
        (
            "riichi concealed tiles",
            "parse_tiles",
            [format_tiles(h.concealed_tiles) for h in riichi_hands],
            True,
        ),
    ]


def timer(
    module: ModuleType, parser: str, texts: list[str], red_fives: bool
) -> Callable[[], float]:
    """A function timing one pass of ``module.<parser>`` over ``texts`` (CPU seconds)."""
    fn = getattr(module, parser)

    def run() -> float:
        start = time.process_time()
        for text in texts:
            fn(text, red_fives=red_fives)
        return time.process_time() - start

    return run


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print one line per workload."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--reference", action="store_true", help="also time the pre-rewrite parser")
    args = ap.parse_args(argv)
    modules: dict[str, ModuleType] = {"muraglia": notation}
    if args.reference:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        from tests.core import _reference_notation

        modules["reference"] = _reference_notation
    print(f"python {platform.python_version()}; {args.hands} hands, seed {args.seed}, "
          f"best of {args.repeat} (CPU time)")  # fmt: skip
    header = f"{'workload':26s}{'call':12s}" + "".join(f"{m:>22s}" for m in modules)
    print(header + ("   speed-up" if args.reference else ""))
    for name, parser, texts, red_fives in workloads(args.hands, args.seed):
        timers = {m: timer(mod, parser, texts, red_fives) for m, mod in modules.items()}
        best = dict.fromkeys(timers, float("inf"))
        for t in timers.values():  # warm-up
            t()
        for _ in range(args.repeat):
            for m, t in timers.items():  # interleaved
                best[m] = min(best[m], t())
        cells = "".join(
            f"{len(texts) / best[m]:10.0f}/s {1e6 * best[m] / len(texts):6.2f} us" for m in timers
        )
        ratio = f"   x{best['reference'] / best['muraglia']:.1f}" if args.reference else ""
        print(f"{name:26s}{parser:12s}{cells}{ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
