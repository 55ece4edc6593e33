"""Tenhou replay benchmark: parse and replay-check the Tenhou corpus.

Command: ``python bench/bench_tenhou.py [PATH ...] [--repeat 3] [--peer REF]`` (default path:
the bundled corpus ``tests/data/tenhou``). Prints the record and hand counts, the best
time to parse every record, the best time of the whole check (parse + replay + scoring +
settlement), and hands/s.

``--peer REF``: ``muraglia/io/tenhou_replay.py`` as it was at git ref ``REF`` is loaded beside
the current one (the rest of the package is the current code) and the two checks run
interleaved in this process, each repeat the peer then ours; the best CPU time of each and the
ratio are printed (``--peer a0ead57``: before issue 16's profiling pass).
"""

from __future__ import annotations

import argparse
import importlib.util
import platform
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

from muraglia.io.tenhou import load
from muraglia.io.tenhou_replay import check_records, record_paths


def peer_module(ref: str) -> ModuleType:
    """``muraglia/io/tenhou_replay.py`` at git ref ``ref``, loaded as its own module."""
    root = Path(__file__).resolve().parents[1]
    text = subprocess.run(
        ["git", "show", f"{ref}:src/muraglia/io/tenhou_replay.py"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    path = Path("/tmp") / f"tenhou_replay_{ref}.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(f"tenhou_replay_{ref}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def interleaved(paths: list[str], ref: str, repeat: int) -> None:
    """The check of the peer's replay and of ours, interleaved; best CPU seconds of each."""
    peer = peer_module(ref)
    best = {"peer": float("inf"), "ours": float("inf")}
    hands = {}
    for _ in range(repeat):
        for name, check in (("peer", peer.check_records), ("ours", check_records)):
            start = time.process_time()
            report = check(paths)
            best[name] = min(best[name], time.process_time() - start)
            hands[name] = (report.hands, report.matched)
    print(f"peer {ref}: {best['peer']:.2f} s CPU, hands {hands['peer']}")
    print(f"ours: {best['ours']:.2f} s CPU, hands {hands['ours']}")
    print(f"ours / peer: {best['ours'] / best['peer']:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument(
        "paths",
        nargs="*",
        default=[str(Path(__file__).resolve().parents[1] / "tests" / "data" / "tenhou")],
    )
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--peer", help="git ref of tenhou_replay.py to compare with, interleaved")
    args = ap.parse_args()
    if args.peer:
        interleaved(args.paths, args.peer, args.repeat)
        return
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
