"""The scoring paths of the classical rulesets on two source trees, interleaved in one process.

Command: ``python bench/bench_scoring_revisions.py [--base main] [--new HEAD] [--rules ravenna]
[--deals 1200] [--seed 1] [--repeat 4]``.

The deals are ``bench_italian.make_deals``'s (a complete winner's hand and three 13-tile hands);
those either tree refuses under the ruleset (an exposed chow in Ravenna, RAV-PLAY-3) are left
out, so both trees time the same successful work. Each round imports muraglia from one tree
(``bench_revisions.use``'s way: every ``muraglia`` module dropped first), makes one warm-up pass
on other deals, then times, per ruleset: ``score_dict`` of the winner's hand (the CLI's path,
explanation included), ``settle_dict`` of the deal (every hand scored and the deal settled) and
``muraglia.score`` (the Python API, typed result only). Reported: best and median rate of each
tree and the ratio of the best rates (new / base). Process time, one core.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from bench_revisions import export  # noqa: E402 - after the bench directory is on the path

PATHS = ("score_dict", "settle_dict", "muraglia.score")


def use(src: Path) -> Any:
    """Import muraglia from ``src`` (dropping any other copy) and return the package."""
    for name in [m for m in sys.modules if m == "muraglia" or m.startswith("muraglia.")]:
        del sys.modules[name]
    sys.modules.pop("bench_italian", None)
    sys.path[:] = [str(src), str(HERE), *(p for p in sys.path if p not in (str(src), str(HERE)))]
    module = importlib.import_module("muraglia")
    origin = Path(module.__file__ or "")
    assert origin.is_relative_to(src), f"muraglia imported from {origin}, not {src}"
    return module


def score_input(deal: dict[str, Any]) -> dict[str, Any]:
    """The ``muraglia score`` object of a deal's winning hand."""
    winner = deal["winners"][0]
    win = "ron" if deal["discarder"] else "tsumo"
    return {"hand": deal["hands"][winner], "win": win, "seat_wind": winner}


def works(ruleset: Any, deal: dict[str, Any]) -> bool:
    """Whether ``ruleset`` scores the winner's hand and settles the deal without an error."""
    from muraglia.errors import MahjongError

    try:
        ruleset.score_dict(score_input(deal))
        ruleset.settle_dict(deal)
    except MahjongError:
        return False
    return True


def rate(fn: Callable[[Any], object], items: Sequence[Any]) -> float:
    """Items per second of process time."""
    start = time.process_time()
    for item in items:
        fn(item)
    return len(items) / (time.process_time() - start)


def main() -> None:
    """Time both trees, alternating, and print one line per ruleset and path."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="main", help="git revision or src directory")
    parser.add_argument("--new", help="git revision or src directory (default: ./src)")
    parser.add_argument("--rules", default="ravenna")
    parser.add_argument("--deals", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=4)
    args = parser.parse_args()
    specs = [s for s in args.rules.split(",") if s]
    with tempfile.TemporaryDirectory() as tmp:
        trees = {
            "base": export(args.base, Path(tmp) / "base"),
            "new": export(args.new, Path(tmp) / "new") if args.new else ROOT / "src",
        }
        deals: dict[str, list[dict[str, Any]]] = {}
        warm: dict[str, list[dict[str, Any]]] = {}
        for src in trees.values():
            mur = use(src)
            made = importlib.import_module("bench_italian")
            for spec in specs:
                ruleset = mur.rulesets.load_ruleset(spec)
                for into, n, seed in ((deals, args.deals, args.seed), (warm, 200, args.seed + 99)):
                    mine = into.get(spec, made.make_deals(n, seed))
                    into[spec] = [d for d in mine if works(ruleset, d)]
        results: dict[tuple[str, str, str], list[float]] = {}
        for _ in range(args.repeat):
            for label, src in trees.items():
                mur = use(src)
                for spec in specs:
                    ruleset = mur.rulesets.load_ruleset(spec)
                    calls: dict[str, Callable[[dict[str, Any]], object]] = {
                        "score_dict": lambda d, r=ruleset: r.score_dict(score_input(d)),
                        "settle_dict": ruleset.settle_dict,
                        "muraglia.score": lambda d, s=spec, m=mur: (
                            m.score(**score_input(d), rules=s).value
                        ),
                    }
                    for path, call in calls.items():
                        rate(call, warm[spec])
                        results.setdefault((spec, path, label), []).append(rate(call, deals[spec]))
    print(f"base {args.base}, new {args.new or './src'}, {args.repeat} interleaved rounds")
    print(f"{'ruleset':12} {'path':15} {'base best':>10} {'median':>8} {'new best':>9} "
          f"{'median':>8} {'ratio':>6}")  # fmt: skip
    for spec in specs:
        print(f"{spec:12} ({len(deals[spec])} deals)")
        for path in PATHS:
            b, n = results[spec, path, "base"], results[spec, path, "new"]
            print(f"{'':12} {path:15} {max(b):10.0f} {statistics.median(b):8.0f} "
                  f"{max(n):9.0f} {statistics.median(n):8.0f} {max(n) / max(b):6.3f}")  # fmt: skip


if __name__ == "__main__":
    main()
