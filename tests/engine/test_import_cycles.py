"""The engine's modules import one another without a cycle (issue 13), counting imports under
``TYPE_CHECKING`` and inside functions: ``game`` imports ``match`` for ``Game.new_match``,
``match`` reads its game through the ``MatchGame`` protocol, ``legal`` and ``views`` read the
deal through their protocols."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "src" / "muraglia" / "engine"


def _engine_imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "muraglia.engine":
                out.update(a.name for a in node.names if (ENGINE / f"{a.name}.py").exists())
            elif node.module.startswith("muraglia.engine."):
                out.add(node.module.split(".")[2])
    return out


def test_the_engine_modules_form_no_import_cycle() -> None:
    graph = {
        p.stem: _engine_imports(p) - {p.stem} for p in ENGINE.glob("*.py") if p.stem != "__init__"
    }
    assert {"state", "legal", "views", "match", "game"} <= set(graph)
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as err:  # pragma: no cover - the failure message
        raise AssertionError(f"import cycle among engine modules: {err.args[1]}") from None
    assert order.index("match") < order.index("game")
    assert order.index("legal") < order.index("state")
