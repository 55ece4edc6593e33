"""Tenhou replay benchmark: parse and replay-check the Tenhou corpus.

Command: ``python bench/bench_tenhou.py [PATH ...] [--repeat 3]`` (default path: the bundled
corpus ``tests/data/tenhou``). Prints the record and hand counts, the best
time to parse every record, the best time of the whole check (parse + replay + scoring +
settlement), and hands/s.
"""

from __future__ import annotations

import argparse
import platform
import time
from pathlib import Path

from muraglia.io.tenhou import load
from muraglia.io.tenhou_replay import check_records, record_paths


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument(
        "paths",
        nargs="*",
        default=[str(Path(__file__).resolve().parents[1] / "tests" / "data" / "tenhou")],
    )
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    paths = record_paths(args.paths)
    parse_best = check_best = float("inf")
    report = None
    for _ in range(args.repeat):
        start = time.perf_counter()
        rounds = sum(len(load(p).rounds) for p in paths)
        parse_best = min(parse_best, time.perf_counter() - start)
        start = time.perf_counter()
        report = check_records(args.paths)
        check_best = min(check_best, time.perf_counter() - start)
    assert report is not None
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(
        f"records {report.records}, rounds {rounds}, hands checked {report.hands}, "
        f"matched {report.matched}"
    )
    print(f"parse: {parse_best:.3f} s ({rounds / parse_best:,.0f} rounds/s)")
    print(f"check: {check_best:.3f} s ({report.hands / check_best:,.0f} hands/s)")


if __name__ == "__main__":
    main()
