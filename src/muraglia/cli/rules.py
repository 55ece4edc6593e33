"""``muraglia rules``: the rulesets, and the pattern table of one ruleset.

``muraglia rules`` lists the ids; ``muraglia rules riichi-ema`` prints its table;
``--format md`` prints the generated reference (``docs/rulesets/<id>.md``); ``--json`` the rows
(and, for the Italian rulesets, ``inputs``: the flags, statuses, meld sources and input keys
the ruleset accepts).
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import sys
import typing
from collections.abc import Mapping
from typing import Any

from muraglia.cli._common import dump, run_batch
from muraglia.errors import MahjongError
from muraglia.rulesets import ALIASES, REGISTRY, load_ruleset, parse_spec

__all__ = [
    "declarations",
    "listing_dict",
    "reference_markdown",
    "register",
    "rules_dict",
    "run",
]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``rules`` subcommand."""
    p = subparsers.add_parser(
        "rules",
        help="list rulesets, or a ruleset's patterns, options, flags and statuses",
        description="Without an id: every ruleset and its aliases. With an id (options "
        "allowed, e.g. 'fimj(limit=2000)'): its pattern table, then its options (default and "
        "current value), the flags `score` reads and the statuses `settle` knows.",
    )
    p.add_argument("ruleset", nargs="?", help="ruleset id or alias, with options")
    p.add_argument(
        "--format",
        choices=("table", "md", "json"),
        default="table",
        help="table (default), md (the generated reference page) or json",
    )
    p.add_argument("--json", action="store_true", help="same as --format json")
    p.add_argument(
        "--jsonl",
        action="store_true",
        help='batch: read {"rules": "<id>"} objects from stdin, one per line (no "rules": the '
        'list of rulesets); write one --json object per line (a bad line gets {"ok": false, '
        '"error": "line N: ..."})',
    )
    p.set_defaults(run=run)


def _text(value: Any) -> str:
    """A declaration's description: a string, an ``{"en": ...}`` mapping or an (en, it) pair."""
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        return " / ".join(str(value[k]) for k in ("en", "it") if k in value)
    if isinstance(value, tuple | list):
        return " / ".join(str(v) for v in value)
    return ""


def _type_name(hint: Any) -> str:
    """An option's type as a user reads it: ``true/false``, ``integer``, ``one of a, b``."""
    if typing.get_origin(hint) is typing.Literal:
        return "one of " + ", ".join(str(a) for a in typing.get_args(hint))
    names = {bool: "true/false", int: "integer", float: "number", str: "text"}
    if hint in names:
        return names[hint]
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    if args:
        return " or ".join(_type_name(a) for a in args) + (
            " or none" if type(None) in typing.get_args(hint) else ""
        )
    return getattr(hint, "__name__", str(hint))


def declarations(ruleset: Any) -> dict[str, Any]:
    """The options (name, default, current value, choices), flags and statuses of a ruleset.

    Read from what the ruleset declares: its ``Options`` dataclass, its ``flags`` and its
    ``statuses`` (or its module's ``STATUSES``).
    """
    options = []
    try:
        hints = typing.get_type_hints(ruleset.Options)
    except (NameError, TypeError):  # pragma: no cover - an unresolvable annotation
        hints = {}
    current = getattr(ruleset, "options", None)
    for f in dataclasses.fields(ruleset.Options):
        if f.name == "preset":
            continue
        default = f.default if f.default is not dataclasses.MISSING else None
        row: dict[str, Any] = {
            "name": f.name,
            "default": default,
            "value": getattr(current, f.name, default),
            "type": _type_name(hints.get(f.name)),
        }
        options.append(row)
    flags = getattr(ruleset, "flags", {}) or {}
    flag_rows = {
        str(k): _text(flags[k]) if isinstance(flags, Mapping) else "" for k in sorted(flags)
    }
    statuses = getattr(ruleset, "statuses", None)
    if statuses is None:
        statuses = getattr(sys.modules.get(type(ruleset).__module__), "STATUSES", {})
    status_rows = {str(k): _text(v) for k, v in dict(statuses or {}).items()}
    italian = getattr(ruleset, "flags_it", {}) or {}
    flags_it = {k: _text(italian.get(k, "")) for k in flag_rows}
    return {"options": options, "flags": flag_rows, "flags_it": flags_it, "statuses": status_rows}


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
    from rich.table import Table  # noqa: PLC0415

    from muraglia.cli._console import Console  # noqa: PLC0415 - only for human output

    keys = [k for k in ("id", "en", "it", "ja", "zh") if any(k in r for r in rows)]
    values = [k for k in ("closed", "open", "value", "unit", "ref") if any(k in r for r in rows)]
    table = Table(title=title, header_style="bold")
    for k in (*keys, *values):
        table.add_column(k)
    for r in rows:
        table.add_row(*("—" if r.get(k) is None else str(r.get(k)) for k in (*keys, *values)))
    Console(highlight=False).print(table)


def listing_dict() -> dict[str, Any]:
    """``muraglia rules --json``: every ruleset id with its aliases."""
    listing = {rid: [a for a, t in ALIASES.items() if t == rid] for rid in REGISTRY}
    return {"ok": True, "rulesets": listing}


def rules_dict(spec: str) -> dict[str, Any]:
    """``muraglia rules SPEC --json``: the pattern table and the ruleset's declarations.

    Raises:
        MahjongError: for an unknown ruleset or option.
    """
    ruleset = load_ruleset(spec)
    rows: list[dict[str, Any]] = ruleset.describe()
    rid = getattr(ruleset, "rid", ruleset.id)
    out: dict[str, Any] = {"ok": True, "rules": rid, "patterns": rows, **declarations(ruleset)}
    inputs = getattr(ruleset, "inputs", None)  # the Italian rulesets' InputRules (issue 14)
    if inputs is not None:
        out["inputs"] = inputs.to_dict()
    return out


def compute(item: Mapping[str, Any]) -> dict[str, Any]:
    """The ``--json`` object of one ``--jsonl`` input object (``rules``, or nothing: the list).

    Raises:
        MahjongError: for an unknown ruleset or option, or a key other than ``rules``.
        TypeError: for ``rules`` that is not a string.
    """
    unknown = sorted(set(item) - {"rules"})
    if unknown:
        raise MahjongError(f"rules reads only the key 'rules', not {', '.join(unknown)}")
    if "rules" not in item:
        return listing_dict()
    spec = item["rules"]
    if not isinstance(spec, str):
        raise TypeError(f"'rules' must be a string, got {type(spec).__name__}")
    return rules_dict(spec)


def _run_batch(args: argparse.Namespace) -> int:
    """``muraglia rules --jsonl``: the ids come from stdin, one object a line."""
    if args.ruleset is not None:
        print("muraglia rules: error: --jsonl reads the ids from stdin", file=sys.stderr)
        return 2
    return run_batch(compute)


def run(args: argparse.Namespace) -> int:
    """Run ``muraglia rules``."""
    if args.jsonl:
        return _run_batch(args)
    fmt = "json" if args.json else args.format
    try:
        if args.ruleset is None:
            listing = listing_dict()
            if fmt == "json":
                print(dump(listing))
            else:
                for rid, aliases in listing["rulesets"].items():
                    print(f"{rid}" + (f"  (aliases: {', '.join(aliases)})" if aliases else ""))
            return 0
        if fmt == "md":
            sys.stdout.write(reference_markdown(args.ruleset))
            return 0
        table = rules_dict(args.ruleset)
    except MahjongError as exc:
        print(f"muraglia rules: error: {exc}", file=sys.stderr)
        return 2
    if fmt == "json":
        print(dump(table))
        return 0
    _render_table(table["patterns"], str(table["rules"]))
    skip = ("ok", "rules", "patterns", "inputs")
    _render_declarations({k: v for k, v in table.items() if k not in skip})
    inputs = getattr(load_ruleset(args.ruleset), "inputs", None)
    if inputs is not None:  # chow sources and input keys (flags and statuses are above)
        print("\n".join(inputs.markdown(flags=False)))
    return 0


def _json(value: Any) -> str:
    """An option value as written in a spec: ``true``, ``none``, ``2000``, ``ema``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def _render_declarations(decl: dict[str, Any]) -> None:
    from rich.markup import escape  # noqa: PLC0415

    from muraglia.cli._console import Console  # noqa: PLC0415 - only for human output

    console = Console(highlight=False)
    if decl["options"]:
        console.print("[bold]options / opzioni[/bold] (name=value in the id: fimj(limit=2000))")
        for o in decl["options"]:
            now = "" if o["value"] == o["default"] else f", now {_json(o['value'])}"
            console.print(escape(f"  {o['name']} = {_json(o['default'])}   ({o['type']}{now})"))
    flags = decl["flags"]
    console.print("[bold]flags[/bold] (score --flags): " + ("" if flags else "none / nessuno"))
    for k, v in flags.items():
        it = decl["flags_it"].get(k)
        console.print(escape(f"  {k}" + (f": {v}" if v else "") + (f" / {it}" if it else "")))
    statuses = decl["statuses"]
    console.print('[bold]statuses[/bold] (settle "status"): ' + ("" if statuses else "none"))
    for k, v in statuses.items():
        console.print(escape(f"  {k}" + (f": {v}" if v else "")))
