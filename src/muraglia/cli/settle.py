"""``muraglia settle``: settle one finished deal (interfaces.md §5).

The single input is a JSON object given as the argument (or ``-`` to read it from stdin);
``--jsonl`` reads one object per line.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from muraglia.cli._common import (
    MAX_LINE,
    add_output_flags,
    parse_object,
    require_str,
    run_command,
)
from muraglia.errors import MahjongError
from muraglia.rulesets import settle_object

__all__ = ["register", "run"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``settle`` subcommand."""
    p = subparsers.add_parser(
        "settle",
        help="settle a finished deal",
        description='Settle a deal, e.g. muraglia settle \'{"rules": "riichi-ema", '
        '"winners": ["S"], "discarder": "W", "hands": {"S": "..."}}\'',
    )
    p.add_argument("deal", nargs="?", help="the deal as a JSON object, or - for stdin")
    p.add_argument(
        "-r",
        "--rules",
        help='ruleset id with options (overrides the object\'s "rules", also with --jsonl)',
    )
    add_output_flags(p)
    p.set_defaults(run=run)


def item_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """The input object of the command-line arguments."""
    if args.deal is None:
        raise MahjongError("a deal object is required (or --jsonl to read objects from stdin)")
    text = sys.stdin.read(MAX_LINE + 1) if args.deal == "-" else args.deal
    if len(text) > MAX_LINE:
        raise MahjongError(f"the deal object is longer than {MAX_LINE} characters")
    return with_rules(args, parse_object(text, "the deal as a JSON object"))


def with_rules(args: argparse.Namespace, item: dict[str, Any]) -> dict[str, Any]:
    """``item`` with ``--rules`` (when given) in place of its ``rules``."""
    return {**item, "rules": args.rules} if args.rules else item


def compute(item: dict[str, Any]) -> dict[str, Any]:
    """The output object for one input object."""
    require_str(item, "rules")
    return settle_object(item)


def render(result: dict[str, Any]) -> None:
    """Print a settlement for people."""
    from rich.markup import escape  # noqa: PLC0415
    from rich.table import Table  # noqa: PLC0415

    from muraglia.cli._console import Console  # noqa: PLC0415 - only for human output

    console = Console(highlight=False)
    if result.get("values"):
        console.print(
            "values / valori: " + ", ".join(f"{s} {v}" for s, v in result["values"].items())
        )
    table = Table(show_header=True, header_style="bold", title="transfers / pagamenti")
    for col in ("from / da", "to / a", "amount / importo"):
        table.add_column(col)
    for t in result.get("transfers", []):
        table.add_row(t["from"], t["to"], str(t["amount"]))
    console.print(table)
    console.print("net / saldo: " + ", ".join(f"{s} {v:+d}" for s, v in result["net"].items()))
    for lang in ("en", "it"):
        for line in result.get("explanation", {}).get(lang, []):
            console.print(escape(f"  [{lang}] {line}"))


def run(args: argparse.Namespace) -> int:
    """Run ``muraglia settle``."""
    return run_command(
        args,
        name="settle",
        item_from_args=item_from_args,
        compute=compute,
        render=render,
        positional="deal",
        batch_item=with_rules,
    )
