"""``muraglia analyze``: shanten, waits with their kinds, useful tiles (interfaces.md §5).

Input object: ``{"hand": "<hand>", "rules": "<id>"?, "visible": "<tiles>"?}``; ``rules``
selects the ruleset's winning shapes (MCR's knitted shapes, FIMJ's snakes, Ravenna's
all-head-tiles hand), ``visible`` lists tiles seen elsewhere (discards, other melds, dora
indicators) so that the useful-tile counts leave them out. A 14-tile hand also lists every
discard, best first.
"""

from __future__ import annotations

import argparse
from typing import Any

import muraglia
from muraglia.cli._common import add_output_flags, require_str, run_command
from muraglia.errors import InvalidHandError, MahjongError
from muraglia.notation import parse_hand, parse_tiles
from muraglia.rulesets import red_fives_per_suit
from muraglia.scoring.inputs import check_red_fives
from muraglia.tiles import COPIES, NUM_KINDS, Tile

__all__ = ["register", "run"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``analyze`` subcommand."""
    p = subparsers.add_parser(
        "analyze",
        help="shanten, waits and useful tiles of a hand",
        description="Analyse a 13- or 14-tile hand, e.g. muraglia analyze '123m456p789s1122z'",
    )
    p.add_argument("hand", nargs="?", help="hand notation (13 or 14 tiles; melds count 3)")
    p.add_argument("-r", "--rules", help="ruleset whose winning shapes count (default: standard, "
                   "seven pairs, thirteen orphans)")  # fmt: skip
    p.add_argument("--visible", help="tiles seen elsewhere, e.g. '55z1m' (left out of counts)")
    add_output_flags(p)
    p.set_defaults(run=run)


def item_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """The input object of the command-line arguments."""
    if args.hand is None:
        raise MahjongError("a hand is required (or --jsonl to read objects from stdin)")
    return {**options_of(args), "hand": args.hand}


def options_of(args: argparse.Namespace) -> dict[str, Any]:
    """The input-object keys the command-line options give (the defaults of ``--jsonl``)."""
    item: dict[str, Any] = {}
    if args.rules is not None:
        item["rules"] = args.rules
    if args.visible is not None:
        item["visible"] = args.visible
    return item


def compute(item: dict[str, Any]) -> dict[str, Any]:
    """The output object for one input object."""
    hand = require_str(item, "hand")
    rules = require_str(item, "rules") if "rules" in item else None
    visible = None
    if "visible" in item:
        per_suit = None if rules is None else red_fives_per_suit(rules)
        seen = parse_tiles(require_str(item, "visible"), red_fives=per_suit != 0)
        visible = [0] * NUM_KINDS
        for t in seen:
            if t.kind.is_bonus:
                raise InvalidHandError(f"visible tile {t.notation!r} is a bonus tile")
            visible[t.kind] += 1
            if visible[t.kind] > COPIES:
                raise InvalidHandError(f"visible tiles hold 5 copies of {t.kind.notation!r}")
        if per_suit is not None:  # the ruleset's wall: its red fives, hand and visible together
            check_red_fives(parse_hand(hand, red_fives=per_suit > 0), per_suit, seen)
    result: dict[str, Any] = muraglia.analyze(hand, rules=rules, visible=visible).to_dict()
    if rules is not None:
        result["rules"] = rules
    return result


def _tiles(notations: list[str]) -> str:
    return " ".join(f"{Tile.from_notation(n).unicode} {n}" for n in notations)


def render(result: dict[str, Any]) -> None:
    """Print a result for people (Unicode tiles, English and Italian)."""
    from rich.table import Table  # noqa: PLC0415

    from muraglia.cli._console import Console  # noqa: PLC0415 - only for human output

    console = Console(highlight=False)
    hand = muraglia.parse_hand(result["hand"])
    glyphs = " ".join(t.unicode for t in hand.concealed_tiles)
    melds = " ".join(f"[{''.join(t.unicode for t in m.tiles)}]" for m in hand.melds)
    console.print(f"[bold]{result['hand']}[/bold]   {glyphs} {melds}".rstrip())
    shanten = result["shanten"]
    state = {-1: "complete / completa", 0: "ready (tenpai) / in attesa"}.get(
        shanten, f"{shanten} from ready / {shanten} dall'attesa"
    )
    console.print(f"shanten {shanten}: {state}")
    for d in result.get("decompositions", []):
        console.print(f"  {d}")
    if result["waits"]:
        console.print("waits / attese:")
        for n in result["waits"]:
            kinds = ", ".join(result["wait_kinds"][n])
            console.print(f"  {Tile.from_notation(n).unicode} {n}  ({kinds})")
    if result["useful"]:
        console.print(
            f"useful tiles / pedine utili: {_tiles(list(result['useful']))} "
            f"— {result['ukeire']} left / rimaste"
        )
    if result.get("discards"):
        table = Table(title="discards / scarti (best first)", header_style="bold")
        for col in ("discard", "shanten", "useful", "left", "waits"):
            table.add_column(col)
        for d in result["discards"]:
            table.add_row(
                _tiles([d["discard"]]),
                str(d["shanten"]),
                " ".join(d["useful"]),
                str(d["ukeire"]),
                " ".join(d["waits"]),
            )
        console.print(table)


def run(args: argparse.Namespace) -> int:
    """Run ``muraglia analyze``."""
    return run_command(
        args,
        name="analyze",
        item_from_args=item_from_args,
        compute=compute,
        render=render,
        positional="hand",
        batch_item=lambda a, item: {**options_of(a), **item},
    )
