"""``muraglia score``: score one hand under a ruleset (interfaces.md §5).

Human output: the patterns with their bilingual names and values, the totals, the ruleset's
explanation lines (fu breakdown for riichi) and the payment of every seat.
"""

from __future__ import annotations

import argparse
from typing import Any

from muraglia.cli._common import add_output_flags, require_str, run_command
from muraglia.errors import MahjongError
from muraglia.rulesets import load_ruleset, score_object

__all__ = ["register", "run"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``score`` subcommand."""
    p = subparsers.add_parser(
        "score",
        help="score a hand",
        description="Score a finished hand, e.g. "
        "muraglia score '234m567m345p67s22p+8s' --win ron --seat-wind S --flags riichi --dora 1z",
        add_help=False,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("-h", "--help", action=_Help, help="show this help (with each ruleset's flags)")
    p.add_argument("hand", nargs="?", help="hand notation with +winning tile, e.g. 123m...+4m")
    p.add_argument(
        "-r", "--rules", default="riichi-ema",
        help="ruleset id with options, e.g. 'fimj(limit=2000)' (default: riichi-ema)",
    )  # fmt: skip
    p.add_argument(
        "--win", choices=("ron", "tsumo", "none"),
        help="how the hand ended: ron (on a discard), tsumo (self-drawn) or none (a hand that "
        "did not win: hand points in fimj/ravenna) (default: ron)",
    )  # fmt: skip
    p.add_argument("--seat-wind", help="the winner's seat wind: E, S, W or N (default: E)")
    p.add_argument("--round-wind", help="the prevalent wind: E, S, W or N (default: E)")
    p.add_argument(
        "--flags", default="",
        help="comma-separated flags of the win (the ruleset's own: listed below) (default: none)",
    )  # fmt: skip
    p.add_argument(
        "--dora",
        default="",
        help="comma-separated dora indicators, riichi rulesets (default: none)",
    )
    p.add_argument(
        "--ura",
        default="",
        help="comma-separated ura dora indicators, after riichi (default: none)",
    )
    p.add_argument("--honba", type=int, help="counters on the table, riichi (default: 0)")
    p.add_argument(
        "--riichi-sticks", type=int, help="riichi sticks on the table, riichi (default: 0)"
    )
    p.add_argument("--discarder", help="seat wind of the discarder, for ron payments: E, S, W or N")
    p.add_argument(
        "--pao",
        help="riichi only: the seat liable (pao) for a Big Three Dragons / Big Four Winds win "
        "(EMA-PAO); by default the source of the last melded set, melds written in the order "
        "they were made (e.g. [444z^])",
    )
    p.add_argument(
        "--dealer",
        help="fimj only: the seat holding the East role (E, S, W or N; default E). Other "
        "rulesets count seats as seat winds, so their dealer is always E",
    )
    add_output_flags(p)
    p.set_defaults(run=run)


class _Help(argparse.Action):
    """``--help`` with an epilog listing each ruleset's flags (built only when asked)."""

    def __init__(self, option_strings: list[str], dest: str, **kw: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kw)

    def __call__(self, parser: argparse.ArgumentParser, *_args: Any, **_kw: Any) -> None:
        parser.epilog = flags_epilog()
        parser.print_help()
        parser.exit()


def flags_epilog() -> str:
    """The flags each ruleset reads (``--flags``), one paragraph per ruleset."""
    from muraglia.cli.rules import declarations  # noqa: PLC0415 - loads every ruleset
    from muraglia.rulesets import ids  # noqa: PLC0415

    lines = ["flags of each ruleset (muraglia rules ID lists them with their meaning):"]
    for rid in ids():
        names = ", ".join(declarations(load_ruleset(rid))["flags"]) or "(none)"
        lines.append(f"  {rid}: {names}")
    return "\n".join(lines)


def _split(text: str) -> list[str]:
    return [t for t in (x.strip() for x in text.split(",")) if t]


def options_of(args: argparse.Namespace) -> dict[str, Any]:
    """The input-object keys the command-line options give (the defaults of ``--jsonl``)."""
    item: dict[str, Any] = {"rules": args.rules}
    for key in (
        "win", "seat_wind", "round_wind", "honba", "riichi_sticks", "discarder", "pao", "dealer",
    ):  # fmt: skip
        value = getattr(args, key)
        if value is not None:
            item[key] = value
    for key in ("flags", "dora", "ura"):
        values = _split(getattr(args, key))
        if values:
            item[key] = values
    return item


def item_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """The input object of the command-line arguments."""
    if args.hand is None:
        raise MahjongError("a hand is required (or --jsonl to read objects from stdin)")
    return {**options_of(args), "hand": args.hand}


def compute(item: dict[str, Any]) -> dict[str, Any]:
    """The output object for one input object."""
    require_str(item, "rules")
    require_str(item, "hand")
    return score_object(item)


def render(result: dict[str, Any]) -> None:
    """Print a result for people (rich tables, bilingual)."""
    from rich.markup import escape  # noqa: PLC0415
    from rich.table import Table  # noqa: PLC0415

    from muraglia.cli._console import Console  # noqa: PLC0415 - only for human output

    console = Console(highlight=False)
    ok = (
        "valid win / vittoria valida" if result.get("valid_win") else "not a valid win / non valida"
    )
    console.print(f"[bold]{escape(result['hand'])}[/bold]  ({result['rules']}) — {ok}")
    if result.get("reason"):
        console.print(f"  {escape(str(result['reason']))}")
    table = Table(show_header=True, header_style="bold")
    for col in ("id", "English", "Italiano", "value"):
        table.add_column(col, justify="right" if col == "value" else "left")
    for p in result.get("patterns", []):
        table.add_row(p["id"], p["en"], p["it"], f"{p['value']} {p['unit']}")
    if result.get("patterns"):
        console.print(table)
    totals = [f"{k} {result[k]}" for k in ("han", "fu", "fan", "points", "doubles") if k in result]
    if result.get("limit"):
        totals.append(f"limit {result['limit']}")
    totals.append(f"value {result.get('value')}")
    console.print("  ".join(totals))
    explanation = result.get("explanation", {})
    for lang in ("en", "it"):
        for line in explanation.get(lang, []):
            console.print(escape(f"  [{lang}] {line}"))
    payments = result.get("payments")
    if payments:
        pay = Table(show_header=True, header_style="bold", title="payments / pagamenti")
        for seat in payments:
            pay.add_column(seat, justify="right")
        pay.add_row(*(f"{v:+d}" for v in payments.values()))
        console.print(pay)


def run(args: argparse.Namespace) -> int:
    """Run ``muraglia score``."""
    base = options_of(args)  # the batch defaults, made once (not per line)
    return run_command(
        args,
        name="score",
        item_from_args=item_from_args,
        compute=compute,
        render=render,
        positional="hand",
        batch_item=lambda _a, item: {**base, **item},
    )
