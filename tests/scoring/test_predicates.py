"""Shared predicates on decompositions."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from muraglia.analysis.decompose import decompose
from muraglia.notation import parse_hand
from muraglia.scoring import predicates as p
from muraglia.scoring.context import WinContext, WinType
from muraglia.tiles import Tile


def ctxs(text: str) -> list[WinContext]:
    hand = parse_hand(text)
    return [WinContext(hand, d, None, WinType.TSUMO, Tile.EAST, Tile.EAST) for d in decompose(hand)]


CASES: list[tuple[str, Callable[[WinContext], object], str, object]] = [
    ("simples+", p.all_simples, "234m567p234s678s55m+5m", True),
    ("simples-", p.all_simples, "123m567p234s678s55m+5m", False),
    ("flush+", p.is_flush, "123456789m11m234m+1m", True),
    ("flush-", p.is_flush, "123456789m11z234m+1z", False),
    ("half+", p.is_half_flush, "123456789m11z234m+1z", True),
    ("half-", p.is_half_flush, "123456789m11m234m+1m", False),
    ("straight+", p.pure_straight, "123456789m11z234p+1z", True),
    ("straight-", p.pure_straight, "123345789m11z234p+1z", False),
    ("mixed+", p.mixed_triple_chow, "345m345p345s11z99m+9m", True),
    ("mixed-", p.mixed_triple_chow, "345m345p456s11z99m+9m", False),
    ("triple-pung+", p.triple_pung, "222m222p222s11z99m+9m", True),
    ("triple-pung-", p.triple_pung, "222m222p333s11z99m+9m", False),
    ("iipeikou1", p.identical_chow_pairs, "234m234m567p45s88s+3s", 1),
    ("iipeikou2", p.identical_chow_pairs, "223344m667788p55z+5z", 2),
    ("iipeikou0", p.identical_chow_pairs, "234m345m567p45s88s+3s", 0),
    ("honors+", p.all_honors, "111z222z333z444z55z+5z", True),
    ("honors-", p.all_honors, "111z222z333z444z99m+9m", False),
    ("th+", p.all_terminals_and_honors, "111z999m111p444z99s+9s", True),
    ("th-", p.all_terminals_and_honors, "111z999m123p444z99s+9s", False),
    ("nine-gates+", p.is_nine_gates, "1112345678999p+5p", True),
    ("nine-gates-", p.is_nine_gates, "123456789p234p99p+9p", False),
    ("outside+", p.every_group_has, "123m789p111z999s11s+1s", True),
    ("outside-", p.every_group_has, "123m678p111z999s11s+1s", False),
    ("dragons", lambda c: p.count_pungs_of(c, p.DRAGONS), "555z666z123m456p99s+9s", 2),
    ("all-green", lambda c: p.all_in_set(c, p.GREEN_TILES), "234s234s666s888s66z+6z", True),
]


@pytest.mark.parametrize(("name", "pred", "hand", "expected"), CASES, ids=[c[0] for c in CASES])
def test_predicate(
    name: str, pred: Callable[[WinContext], object], hand: str, expected: object
) -> None:
    # the best (max) over decompositions, as a ruleset would choose
    values = [pred(c) for c in ctxs(hand)]
    assert values, name
    assert max(values) == expected  # type: ignore[type-var]


def test_all_terminals_positive() -> None:
    assert p.all_terminals(ctxs("111m999p111s999s11p+1p")[0])
