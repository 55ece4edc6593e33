"""The engine plays exactly as before its speed work: same legal actions, same events.

``bench/engine_trace.py`` hashes, at every decision of seeded matches, the seats to act, every
legal action in order and the action chosen, then every event and the final scores. The
digests in ``tests/data/engine_trace.json`` were made on ``main`` before the caches and fast
paths of ``engine/legal.py`` and ``engine/state.py`` (the per-seat completion memo, the
interned draw events, the claim-window and turn shortcuts); the engine must reproduce them on
the compiled kernels and on the pure-Python ones. A change of play that is meant (a rule fix)
regenerates them: ``python bench/engine_trace.py --matches 1 --agent random`` (and
``--agent trivial``), one JSON line per ruleset.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = json.loads((ROOT / "tests" / "data" / "engine_trace.json").read_text(encoding="utf-8"))
CASES = sorted(k for k in GOLDEN if not k.startswith("_"))

pytestmark = pytest.mark.usefixtures("kernels")  # compiled, then pure-Python kernels


def _trace_module() -> ModuleType:
    name = "_engine_trace_bench"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / "engine_trace.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("case", CASES)
def test_seeded_matches_play_as_before(case: str) -> None:
    agent, rules = case.split(" ", 1)
    got = _trace_module().trace(rules, 1, 1, agent)
    want = GOLDEN[case]
    assert (got["decisions"], got["deals"]) == (want["decisions"], want["deals"])
    assert got["sha256"] == want["sha256"], f"{case}: the engine no longer plays as before"
