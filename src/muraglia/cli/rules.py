"""``muraglia rules``: the rulesets, and the pattern table of one ruleset.

``muraglia rules`` lists the ids; ``muraglia rules riichi-ema`` prints its table;
``--format md`` prints the generated reference (``docs/rulesets/<id>.md``); ``--json`` the rows
(and, for the Italian rulesets, ``inputs``: the flags, statuses, meld sources and input keys
the ruleset accepts).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any

from muraglia.cli._common import dump
from muraglia.errors import MahjongError
from muraglia.rulesets import ALIASES, REGISTRY, load_ruleset, parse_spec

__all__ = ["reference_markdown", "register", "run"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``rules`` subcommand."""
    p = subparsers.add_parser("rules", help="list rulesets or print a ruleset's patterns")
    p.add_argument("ruleset", nargs="?", help="ruleset id (with options)")
    p.add_argument("--format", choices=("table", "md", "json"), default="table")
    p.add_argument("--json", action="store_true", help="same as --format json")
    p.set_defaults(run=run)


def reference_markdown(spec: str) -> str:
    """The generated reference of a ruleset (method or module-level function).

    Raises:
        RulesetError: for an unknown ruleset.
    """
    ruleset = load_ruleset(spec)
    method = getattr(ruleset, "reference_markdown", None)
    if callable(method):
        return str(method())
    rid, _ = parse_spec(spec)
    module = importlib.import_module(REGISTRY[rid])
    return str(module.reference_markdown())


def _render_table(rows: list[dict[str, Any]], title: str) -> None:
    from rich.console import Console  # noqa: PLC0415 - only for human output
    from rich.table import Table  # noqa: PLC0415

    keys = [k for k in ("id", "en", "it", "ja", "zh") if any(k in r for r in rows)]
    values = [k for k in ("closed", "open", "value", "unit", "ref") if any(k in r for r in rows)]
    table = Table(title=title, header_style="bold")
    for k in (*keys, *values):
        table.add_column(k)
    for r in rows:
        table.add_row(*("—" if r.get(k) is None else str(r.get(k)) for k in (*keys, *values)))
    Console(highlight=False).print(table)


def run(args: argparse.Namespace) -> int:
    """Run ``muraglia rules``."""
    fmt = "json" if args.json else args.format
    try:
        if args.ruleset is None:
            listing = {rid: [a for a, t in ALIASES.items() if t == rid] for rid in REGISTRY}
            if fmt == "json":
                print(dump({"ok": True, "rulesets": listing}))
            else:
                for rid, aliases in listing.items():
                    print(f"{rid}" + (f"  (aliases: {', '.join(aliases)})" if aliases else ""))
            return 0
        if fmt == "md":
            sys.stdout.write(reference_markdown(args.ruleset))
            return 0
        ruleset = load_ruleset(args.ruleset)
        rows: list[dict[str, Any]] = ruleset.describe()
    except MahjongError as exc:
        print(f"muraglia rules: error: {exc}", file=sys.stderr)
        return 2
    inputs = getattr(ruleset, "inputs", None)  # the Italian rulesets' InputRules (issue 14)
    if fmt == "json":
        out: dict[str, Any] = {"ok": True, "rules": ruleset.id, "patterns": rows}
        if inputs is not None:
            out["inputs"] = inputs.to_dict()
        print(dump(out))
    else:
        _render_table(rows, f"{ruleset.id}")
        if inputs is not None:
            print("\n".join(inputs.markdown()))
    return 0
