"""Score requests of two source trees, interleaved in one process: CPU per request, A/B.

Command: ``python bench/bench_score_ab.py --base DIR [--rules ID ...] [--requests 300]
[--rounds 7]`` where ``DIR`` is the ``src`` folder of another checkout (for example
``git worktree add /tmp/base main`` then ``--base /tmp/base/src``).

The peer of a scoring change is the same code without it, timed in the same process on the
same requests so that the load of the machine falls on both alike: this tree's ``muraglia``
and the base tree's are both imported (each under the name ``muraglia``, swapped in
``sys.modules`` before each timing; every ruleset is loaded first, so no import happens while
timing), then ``muraglia.cli.score.compute`` is timed (``time.process_time``) on the score
requests of :mod:`bench_web` (its timed hands; the warm-up uses its other hands), the two
trees alternating for ``--rounds`` rounds. The two trees' outputs are compared first: the
run stops if one request scores differently. Printed per ruleset (``--rules``, default: the
Italian three and ``mixed``, the requests of all five drawn at random): the best and the
median round of each tree, in microseconds of CPU per request, and the ratio of the best
rounds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import bench_web  # noqa: E402  (puts this tree's src first on sys.path)

Compute = Callable[[dict[str, Any]], dict[str, Any]]


def _ours() -> dict[str, ModuleType]:
    return {k: m for k, m in sys.modules.items() if k == "muraglia" or k.startswith("muraglia.")}


def _use(modules: dict[str, ModuleType]) -> None:
    for k in list(_ours()):
        del sys.modules[k]
    sys.modules.update(modules)


def _loaded() -> tuple[Compute, dict[str, ModuleType]]:
    """``score.compute`` of the ``muraglia`` imported, every ruleset loaded, with its modules."""
    from muraglia.cli import score
    from muraglia.rulesets import ids, load_ruleset

    for rules in ids():
        load_ruleset(rules)
    return score.compute, _ours()


def _load(src: str) -> tuple[Compute, dict[str, ModuleType]]:
    """:func:`_loaded` for the tree at ``src``, imported beside this one."""
    _use({})
    sys.path.insert(0, src)
    try:
        return _loaded()
    finally:
        sys.path.remove(src)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--base", required=True, help="the src folder of the tree to compare with")
    p.add_argument("--rules", nargs="*", choices=(*bench_web.RULES, "mixed"),
                   default=["fimj", "seipalle", "ravenna", "mixed"],
                   help="whose requests are timed (mixed: all five at random)")  # fmt: skip
    p.add_argument("--requests", type=int, default=300)
    p.add_argument("--rounds", type=int, default=7)
    args = p.parse_args()
    if not (Path(args.base) / "muraglia").is_dir():
        raise SystemExit(f"--base {args.base}: no muraglia package there")
    this = _loaded()  # this tree, as bench_web imported it
    trees = {"base": _load(args.base), "this": this}
    this_modules = this[1]
    print(f"score.compute, CPU per request ({args.requests} requests x {args.rounds} rounds, "
          f"trees interleaved): base = {args.base}, this = {ROOT / 'src'}")  # fmt: skip
    for rules in args.rules:
        _use(this_modules)  # bench_web's request drawing runs this tree's compute
        bench_web.SCORE_RULES[:] = list(bench_web.RULES) if rules == "mixed" else [rules]
        timed = bench_web.items(3, args.requests, bench_web.HANDS[:6])
        warm = bench_web.items(4, 100, bench_web.HANDS[6:])
        outputs = {}
        for name, (compute, modules) in trees.items():
            _use(modules)
            for x in warm:
                compute(dict(x))
            outputs[name] = [json.dumps(compute(dict(x))) for x in timed]
        if outputs["base"] != outputs["this"]:
            raise SystemExit(f"{rules}: the two trees score some request differently")
        runs: dict[str, list[float]] = {name: [] for name in trees}
        for _ in range(args.rounds):
            for name, (compute, modules) in trees.items():
                _use(modules)
                t0 = time.process_time()
                for x in timed:
                    compute(dict(x))
                runs[name].append(1e6 * (time.process_time() - t0) / len(timed))
        base, this = min(runs["base"]), min(runs["this"])
        print(f"  {rules:<10} base {base:5.0f} us (median "
              f"{statistics.median(runs['base']):4.0f})   this {this:5.0f} us (median "
              f"{statistics.median(runs['this']):4.0f})   x{base / this:.2f}")  # fmt: skip
    _use(this_modules)


if __name__ == "__main__":
    main()
