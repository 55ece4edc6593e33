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

import json
import runpy
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = json.loads((ROOT / "tests" / "data" / "engine_trace.json").read_text(encoding="utf-8"))
CASES = sorted(k for k in GOLDEN if not k.startswith("_"))

pytestmark = pytest.mark.usefixtures("kernels")  # compiled, then pure-Python kernels


@cache
def _trace() -> Callable[[str, int, int, str], dict[str, Any]]:
    """``bench/engine_trace.py``'s ``trace`` (the script is not a package module)."""
    found: Callable[[str, int, int, str], dict[str, Any]] = runpy.run_path(
        str(ROOT / "bench" / "engine_trace.py")
    )["trace"]
    return found


@pytest.mark.parametrize("case", CASES)
def test_seeded_matches_play_as_before(case: str) -> None:
    agent, rules = case.split(" ", 1)
    got = _trace()(rules, 1, 1, agent)
    want = GOLDEN[case]
    assert (got["decisions"], got["deals"]) == (want["decisions"], want["deals"])
    assert got["sha256"] == want["sha256"], f"{case}: the engine no longer plays as before"
