"""The engine benchmark on two source trees, interleaved in one process (before/after a change).

Command: ``python bench/bench_revisions.py [--base main] [--new HEAD] [--matches 10]
[--repeat 3] [--rules fimj,...] [--peers]``.

``--base`` and ``--new`` are git revisions (each exported with ``git archive`` to a temporary
directory, so editing the checkout meanwhile changes nothing) or directories holding
``muraglia/``; without ``--new``, the peer is this checkout's ``src``. Each round imports
muraglia from one tree (every ``muraglia`` module is dropped from ``sys.modules`` before the
switch), plays one warm-up match on other seeds, then times :func:`bench_engine.bench` (the
trivial agent of ``bench/bench_engine.py``) on the same seeds for every ruleset; the trees
alternate round by round. Reported per ruleset: best and median deals/s of each tree and the
ratio of the best rates (new / base: on a shared machine the best round is the one least
disturbed), then the geometric mean of those ratios. Process time, one core.

``--peers`` adds ``bench_engine.py``'s ``riichienv`` and ``libriichi`` runners (same trivial
agent, per deal) to every round, after the two trees, so that a before/after comparison and
the compiled peers come from the same run (a peer that is not importable is left out with one
line). A C kernel is only in a tree whose ``.so`` files are built: give directories, not
revisions, to compare compiled trees.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DEFAULT = "fimj(tournament=true),ravenna,seipalle(tournament=true),riichi-ema,riichi-tenhou,mcr"


def export(revision: str, into: Path) -> Path:
    """The ``src`` directory of ``revision`` (a directory is taken as it is)."""
    if Path(revision).is_dir():
        return Path(revision).resolve()
    into.mkdir(parents=True)
    archive = into / "src.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "archive", revision, "src"], cwd=ROOT, stdout=out, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def use(src: Path) -> Any:
    """Import muraglia from ``src`` (dropping any other copy) and return ``bench_engine``."""
    for name in [m for m in sys.modules if m == "muraglia" or m.startswith("muraglia.")]:
        del sys.modules[name]
    sys.modules.pop("bench_engine", None)
    sys.path[:] = [str(src), str(HERE), *(p for p in sys.path if p not in (str(src), str(HERE)))]
    module = importlib.import_module("bench_engine")
    origin = Path(sys.modules["muraglia"].__file__ or "")
    assert origin.is_relative_to(src), f"muraglia imported from {origin}, not {src}"
    module.shanten.shanten_all([0] * 34)  # the tables, outside the timing
    return module


def main() -> None:
    """Time both trees, alternating, and print one line per ruleset."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="main", help="git revision or src directory")
    parser.add_argument("--new", help="git revision or src directory (default: ./src)")
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rules", default=DEFAULT)
    parser.add_argument("--peers", action="store_true", help="also riichienv and libriichi")
    args = parser.parse_args()
    specs = [s for s in args.rules.split(",") if s]
    with tempfile.TemporaryDirectory() as tmp:
        trees = {
            "base": export(args.base, Path(tmp) / "base"),
            "new": export(args.new, Path(tmp) / "new") if args.new else ROOT / "src",
        }
        results: dict[tuple[str, str], list[float]] = {}
        peers: dict[str, list[float]] = {}
        for _ in range(args.repeat):
            for label, src in trees.items():
                bench = use(src)
                for spec in specs:
                    bench.bench(spec, 1, args.seed + 10_000)  # warm-up on other seeds
                    rate = bench.bench(spec, args.matches, args.seed)["deals_per_s"]
                    results.setdefault((label, spec), []).append(rate)
            if args.peers:
                for name, run in (
                    ("riichienv", bench.bench_riichienv),
                    ("libriichi", bench.bench_libriichi),
                ):
                    if run(1, args.seed + 10_000) is None:  # warm-up, or not importable
                        continue
                    got = run(args.matches, args.seed)
                    assert got is not None
                    peers.setdefault(name, []).append(got["deals_per_s"])
    print(
        f"python {platform.python_version()}, load average {os.getloadavg()[0]:.2f}, "
        f"base {args.base}, new {args.new or 'checkout'}, {args.matches} matches x "
        f"{args.repeat} interleaved rounds"
    )
    print(
        f"{'ruleset':28} {'base best':>9} {'median':>8} {'new best':>9} {'median':>8} {'ratio':>7}"
    )
    ratios = []
    for spec in specs:
        b, n = results["base", spec], results["new", spec]
        ratios.append(max(n) / max(b))
        print(
            f"{spec:28} {max(b):9.1f} {statistics.median(b):8.1f} {max(n):9.1f} "
            f"{statistics.median(n):8.1f} {ratios[-1]:7.3f}"
        )
    print(f"{'geometric mean of new/base':64} {statistics.geometric_mean(ratios):7.3f}")
    if args.peers:
        for name in ("riichienv", "libriichi"):
            rates = peers.get(name)
            if not rates:
                print(f"{name}: not importable, left out")
                continue
            print(f"{name:28} {'':9} {'':8} {max(rates):9.1f} {statistics.median(rates):8.1f}")


if __name__ == "__main__":
    main()
