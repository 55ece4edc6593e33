"""FIMJ layouts: complete (winner) and partial (non-winner) enumerations (FIMJ-HAND, -SCORE-6)."""

from __future__ import annotations

import pytest

from muraglia.notation import parse_hand
from muraglia.rulesets.fimj.hands import partial_layouts
from muraglia.scoring.layouts import complete_layouts
from muraglia.tiles import DRAGONS, Tile


def shown(layouts) -> set[str]:
    return {" ".join(sorted(str(g) for g in layout)) for layout in layouts}


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("111222333m 456p 77z +1m", {"111m 222m 333m 456p 77z", "123m 123m 123m 456p 77z"}),
        ("1112345678999m +5m", {"111m 234m 55m 678m 999m"}),
        ("11m 33m 55p 77p 22s 44s 66z +6z", {"11m 22s 33m 44s 55p 66z 77p"}),
        ("234m 567m 345s 678p 59s +5s", set()),
    ],
)
def test_complete_layouts(hand: str, expected: set[str]) -> None:
    # FIMJ's winning shapes: standard (FIMJ-HAND-1) and seven pairs (-HAND-2)
    layouts = complete_layouts(parse_hand(hand, red_fives=False), four_as_two_pairs=True)
    assert shown(d.groups for d in layouts) == expected


def test_four_identical_as_two_pairs_knob() -> None:
    # FIMJ-GAP-11
    hand = parse_hand("1111m 33p 55p 77s 22z 44z +4z", red_fives=False)
    assert len(complete_layouts(hand, four_as_two_pairs=True)) == 1
    assert complete_layouts(hand, four_as_two_pairs=False) == ()


def test_melds_are_kept_in_every_layout() -> None:
    hand = parse_hand("234m 567m 789s 55s [111z] +5s", red_fives=False)
    (layout,) = (d.groups for d in complete_layouts(hand, four_as_two_pairs=True))
    assert layout[-1].meld is not None
    assert not layout[-1].concealed


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # only maximal choices: 1112345678999m as a non-winner
        ("2233445566778m", {"234m 234m 567m 567m", "234m 345m 567m 678m"}),
        # honours: the largest group; suit pairs never listed; valued pairs only
        ("1111z 55z 33z 234m 9s 1p", {"1111z 234m 55z"}),
    ],
)
def test_partial_layouts(hand: str, expected: set[str]) -> None:
    valued = frozenset({Tile.EAST, *DRAGONS})
    got = shown(partial_layouts(parse_hand(hand, red_fives=False), valued_pairs=valued))
    assert expected <= got
    for layout in partial_layouts(parse_hand(hand, red_fives=False), valued_pairs=valued):
        assert all(g.kind.value != "pair" or g.tile in valued for g in layout)
