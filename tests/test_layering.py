"""The import diagram of DESIGN.md §3, enforced.

core (tiles, notation, melds, hand, errors) <- analysis <- scoring <- rulesets <- engine <- io
<- players; render, cli, web, tournament on top. The core layers import only the standard
library, and no ruleset imports another ruleset.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "muraglia"
CORE = {"tiles", "notation", "melds", "hand", "errors", "kernels", "__init__", "py"}
ORDER = ["core", "analysis", "scoring", "rulesets", "engine", "io", "players", "facade"]
TOP = {"render", "cli", "db", "web", "tournament", "__main__"}


def layer_of(module: str) -> str:
    parts = module.split(".")
    if module == "muraglia.__init__":
        return "facade"  # the package's re-exports: may import every layer below the top
    if len(parts) == 1 or parts[1] in CORE:
        return "core"
    return parts[1]


def imports_of(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def modules() -> list[tuple[str, Path]]:
    out = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC.parent).with_suffix("")
        out.append((".".join(rel.parts), path))
    return out


@pytest.mark.parametrize(("module", "path"), modules(), ids=[m for m, _ in modules()])
def test_imports_follow_the_layering(module: str, path: Path) -> None:
    layer = layer_of(module)
    for name in imports_of(path):
        root = name.split(".")[0]
        if root != "muraglia":
            if layer not in TOP and module != "muraglia.__init__":
                assert root in sys.stdlib_module_names or root == "__future__", (
                    f"{module} (layer {layer}) imports third-party {name!r}"
                )
            continue
        target = layer_of(name)
        if layer in TOP:
            continue
        assert target not in TOP, f"{module} imports the top layer {name!r}"
        assert ORDER.index(target) <= ORDER.index(layer), (
            f"{module} (layer {layer}) imports {name!r} (layer {target}) from above"
        )
        if layer == "rulesets" and target == "rulesets":
            own = module.split(".")[2]
            other = name.split(".")[2] if len(name.split(".")) > 2 else "__init__"
            assert other in {own, "base"} or own in {"__init__", "base"}, (
                f"ruleset module {module} imports another ruleset: {name!r}"
            )


CORE_FILES = ("tiles", "notation", "melds", "hand", "errors", "kernels")


def _muraglia_imports(node: ast.AST) -> list[str]:
    """The ``muraglia`` modules a statement imports (``from muraglia import x``: ``muraglia.x``)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.split(".")[0] == "muraglia"]
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        if node.module == "muraglia":
            return [f"muraglia.{a.name}" for a in node.names]
        if node.module.split(".")[0] == "muraglia":
            return [node.module]
    return []


def test_core_has_no_import_cycle() -> None:
    """The core modules import each other at module level only, along an acyclic graph.

    ``Hand.parse`` calls the parser and the parser builds hands: both live in
    ``muraglia.notation`` (``muraglia.hand`` re-exports the hand's names), so no function
    imports another core module to dodge a cycle; the optional C kernel is looked up through
    :func:`muraglia.kernels.compiled` (by name, at import time), not imported by a function.
    """
    graph: dict[str, set[str]] = {}
    for name in CORE_FILES:
        tree = ast.parse((SRC / f"{name}.py").read_text(encoding="utf-8"))
        top = {i for stmt in tree.body for i in _muraglia_imports(stmt)}
        every = {i for node in ast.walk(tree) for i in _muraglia_imports(node)}
        assert not every - top, (name, sorted(every - top))
        graph[f"muraglia.{name}"] = {i for i in top if i.removeprefix("muraglia.") in CORE_FILES}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"import cycle: {' -> '.join((*path, module))}"
        if module in done:
            return
        for target in graph[module]:
            visit(target, (*path, module))
        done.add(module)

    for module in graph:
        visit(module, ())
