"""The public paths against the core: ``muraglia.score(text, rules=id)`` and ``score --jsonl``.

In one process, interleaved pass by pass (order rotating) on the same seeded riichi hands of
``bench_riichi.py`` (``riichi-tenhou``, with their situations), per hand:

- ``ruleset.score(Hand)``: the core, on hands parsed before the timer (fresh each pass);
- ``ruleset.score(text)``: the same with the parsing;
- ``muraglia.score(text, rules=ID)``: the public call by ruleset id (shared ruleset);
- ``load_ruleset(ID).score(text)``: what that call cost when it built the ruleset each time
  (on the first ``--rebuild`` hands only, it is slow);
- ``compute(item)``: the CLI's per-line work (``score_dict``: result, patterns, explanation);
- the whole line in process: ``json.loads``, ``compute`` and the CLI's JSON encoder.

Then the real command line: a file of ``--lines`` JSON objects (distinct hands) piped
through ``python -m muraglia score --jsonl``, and the same command on an empty file (process
start and imports, counted separately): lines per second = lines / (full - empty), in wall and
in child CPU time. Warm-up runs on a different seed; min and median over ``--repeat`` passes.

    python bench/bench_public.py [--hands 2000] [--seed 2026] [--repeat 5] [--lines 20000]
        [--before SRC] [--compile]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_riichi as br

import muraglia
from muraglia.cli._common import dump as encode
from muraglia.cli.score import compute
from muraglia.notation import parse_hand
from muraglia.rulesets import load_ruleset, ruleset_for

RULES = "riichi-tenhou"


def items_of(seed: int, n: int) -> list[dict[str, Any]]:
    """The CLI input objects of the first ``n`` seeded riichi hands that are valid input.

    A hand whose tiles and dora/ura indicators hold a fifth copy of a kind is refused by the
    CLI (an error line): such hands are skipped, so every line is scored.
    """
    out: list[dict[str, Any]] = []
    rng = random.Random(seed)
    while len(out) < n:
        c = br.random_case(rng)
        if max(c.tiles.count(k) + (k == c.dora) + (k == c.ura) for k in (c.dora, c.ura)) > 4:
            continue
        item: dict[str, Any] = {
            "rules": RULES,
            "hand": c.text,
            "win": "tsumo" if c.tsumo else "ron",
            "seat_wind": c.seat,
            "round_wind": c.round,
            "flags": list((("riichi",) if c.riichi else ()) + c.flags),
            "dora": [br.Tile(c.dora).notation],
            "ura": [br.Tile(c.ura).notation],
            "honba": c.honba,
        }
        if not c.tsumo:
            item["discarder"] = br.WINDS[(br.WINDS.index(c.seat) + 2) % 4]
        out.append(item)
    return out


def kw_of(item: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in item.items() if k not in ("rules", "hand")}


def in_process(items: list[dict[str, Any]], rebuild: int) -> dict[str, Callable[[], float]]:
    """Timers (process CPU seconds per hand) of the in-process paths."""
    rs = ruleset_for(RULES)
    texts = [i["hand"] for i in items]
    kws = [kw_of(i) for i in items]

    def core() -> float:
        hands = [parse_hand(t) for t in texts]
        t0 = time.process_time()
        for h, kw in zip(hands, kws, strict=True):
            rs.score(h, **kw)
        return (time.process_time() - t0) / len(hands)

    def text() -> float:
        t0 = time.process_time()
        for t, kw in zip(texts, kws, strict=True):
            rs.score(t, **kw)
        return (time.process_time() - t0) / len(texts)

    def public() -> float:
        t0 = time.process_time()
        for t, kw in zip(texts, kws, strict=True):
            muraglia.score(t, rules=RULES, **kw)
        return (time.process_time() - t0) / len(texts)

    def rebuilt() -> float:
        t0 = time.process_time()
        for t, kw in zip(texts[:rebuild], kws[:rebuild], strict=True):
            load_ruleset(RULES).score(t, **kw)
        return (time.process_time() - t0) / rebuild

    def cli_compute() -> float:
        t0 = time.process_time()
        for item in items:
            compute(item)
        return (time.process_time() - t0) / len(items)

    lines = [json.dumps(item) for item in items]

    def cli_line() -> float:
        t0 = time.process_time()
        for line in lines:
            encode(compute(json.loads(line)))
        return (time.process_time() - t0) / len(lines)

    return {
        "ruleset.score(Hand)": core,
        "ruleset.score(text)": text,
        f"muraglia.score(text, rules={RULES!r})": public,
        "load_ruleset(id).score(text) [before]": rebuilt,
        "CLI compute(item) (score_dict)": cli_compute,
        "CLI line: decode, compute, encode": cli_line,
    }


def run_cli(path: str, src: str | None = None) -> tuple[float, float]:
    """Wall and child CPU seconds of ``python -m muraglia score --jsonl < path``.

    ``src``: another source tree's ``src`` folder to run instead (a before/after comparison).
    """
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = src
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with open(path, "rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "muraglia", "score", "--jsonl"],
            stdin=stdin,
            stdout=subprocess.PIPE,
            check=True,
            env=env,
        )
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if path.endswith("full.jsonl"):
        bad = [ln for ln in done.stdout.splitlines() if not ln.startswith(b'{"ok": true')]
        if bad:
            raise SystemExit(f"the CLI failed on some lines: {bad[:1]!r}")
    return wall, cpu


def fmt(values: list[float], scale: float = 1e6) -> str:
    return f"min {min(values) * scale:8.1f}  median {statistics.median(values) * scale:8.1f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--rebuild", type=int, default=100, help="hands timed with a rebuild each")
    ap.add_argument("--lines", type=int, default=20000, help="lines piped through the CLI")
    ap.add_argument("--no-cli", action="store_true", help="skip the subprocess part")
    ap.add_argument(
        "--compile",
        action="store_true",
        help="compile each tree's bytecode first (compileall), as an installed package has it: "
        "else, where PYTHONDONTWRITEBYTECODE is set, every run compiles the modules it imports "
        "(the first line pays for the ruleset's)",
    )
    ap.add_argument(
        "--before",
        metavar="SRC",
        help="also run the CLI from this src folder (e.g. an exported older commit), interleaved",
    )
    args = ap.parse_args()

    print(
        f"CPython {platform.python_version()} on {platform.machine()}, "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}"
    )
    warm = in_process(items_of(args.seed + 1000, args.hands), args.rebuild)
    for timer in warm.values():  # warm-up on other hands: tables, caches, code paths
        timer()
    timers = in_process(items_of(args.seed, args.hands), args.rebuild)
    times: dict[str, list[float]] = {name: [] for name in timers}
    order = list(timers.items())
    for k in range(args.repeat):  # the order rotates: no path always runs first or last
        for name, timer in order[k % len(order) :] + order[: k % len(order)]:
            times[name].append(timer())
    print(f"\nin process, {args.hands} hands, {args.repeat} interleaved passes, µs per hand")
    core = times["ruleset.score(Hand)"]
    for name, values in times.items():
        ratio = statistics.median(values) / statistics.median(core)
        print(f"  {name:45s} {fmt(values)}   ×{ratio:.2f} of the core (medians)")

    if args.no_cli:
        return
    # every line a different hand (the same seed's first hands are the in-process set): a
    # cycled file would let the per-suit tables and memos of later lines hit on earlier ones
    items = items_of(args.seed, args.lines)
    with tempfile.TemporaryDirectory() as tmp:
        full = os.path.join(tmp, "full.jsonl")
        empty = os.path.join(tmp, "empty.jsonl")
        with open(full, "w", encoding="utf-8") as out:
            for item in items:
                out.write(json.dumps(item) + "\n")
        Path(empty).write_text("", encoding="utf-8")
        trees = {"this tree": None, **({"before": args.before} if args.before else {})}
        walls = {(t, n): [] for t in trees for n in ("empty", "full")}
        cpus = {(t, n): [] for t in trees for n in ("empty", "full")}
        if args.compile:
            for src in trees.values():
                folder = src or str(Path(muraglia.__file__).resolve().parents[1])
                subprocess.run(
                    [sys.executable, "-m", "compileall", "-q", folder],
                    check=True,
                    stdout=subprocess.DEVNULL,
                )
        for src in trees.values():
            run_cli(empty, src)  # warm the OS caches and the shanten table cache file
        for _ in range(args.repeat):
            for tree, src in trees.items():
                for name, path in (("empty", empty), ("full", full)):
                    wall, cpu = run_cli(path, src)
                    walls[tree, name].append(wall)
                    cpus[tree, name].append(cpu)
    print(
        f"\nCLI: python -m muraglia score --jsonl, {args.lines} lines, {args.repeat} passes"
        + (", bytecode compiled" if args.compile else "")
    )
    for tree in trees:
        print(f"  [{tree}] process start (empty input), wall s: {fmt(walls[tree, 'empty'], 1)}")
        for label, data in (("wall", walls), ("child CPU", cpus)):
            start = min(data[tree, "empty"])
            rates = [args.lines / (f - start) for f in data[tree, "full"]]
            print(
                f"  [{tree}] lines/s ({label}, start excluded): best {max(rates):8.0f}  "
                f"median {statistics.median(rates):8.0f}"
            )


if __name__ == "__main__":
    main()
