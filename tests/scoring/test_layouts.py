"""Shared complete layouts and claimed-tile readings (``muraglia.scoring.layouts``)."""

from __future__ import annotations

import pytest

from muraglia.notation import parse_hand
from muraglia.scoring.layouts import claimed_readings, complete_layouts


def shapes(hand: str, **kwargs: bool) -> list[str]:
    return sorted(str(d) for d in complete_layouts(parse_hand(hand), **kwargs))


@pytest.mark.parametrize(
    ("hand", "kwargs", "expected"),
    [
        ("123m456p789s1123z +1z", {}, []),
        ("123m456p789s111z22z +2z", {}, ["standard: 123m 456p 789s 111z 22z"]),
        # FIMJ-GAP-11, RAV-HAND-2: four identical tiles as two pairs only when allowed.
        ("1111m33p55p77s2244z +4z", {}, []),
        (
            "1111m33p55p77s2244z +4z",
            {"four_as_two_pairs": True},
            ["seven_pairs: 11m 11m 33p 55p 77s 22z 44z"],
        ),
        # A declared kong is never two pairs (SEI-HAND-2, RAV-HAND-2).
        ("(1111m) 33p55p77s2244z +4z", {"four_as_two_pairs": True}, []),
        ("19m19p19s1234567z1m +1m", {}, []),
        (
            "19m19p19s1234567z +1m",
            {"thirteen_orphans": True},
            ["thirteen_orphans: 11m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z"],
        ),
        # RAV-HAND-3: any 14 head tiles.
        (
            "1199m19p19s11335z +5z",
            {"all_head_tiles": True},
            ["all_head_tiles: 11m 99m 1p 9p 1s 9s 11z 33z 55z"],
        ),
        ("1199m19p19s11335z +5z", {}, []),
    ],
)
def test_complete_layouts(hand: str, kwargs: dict, expected: list[str]) -> None:
    assert shapes(hand, **kwargs) == expected


def test_claimed_readings() -> None:
    # FIMJ-GAP-26, RAV-GAP-11, SEI-GAP-13: the claimed 4p completed the pung or the chow.
    hand = parse_hand("123m 456m 99s 44456p +4p")
    readings = [
        r
        for d in complete_layouts(hand)
        for r in claimed_readings(d, hand.winning.kind, self_drawn=False)
    ]
    exposed = [[str(g) for g in r.groups if not g.concealed] for r in readings]
    assert [] in exposed  # the 4p completed the chow: nothing exposed
    assert len(readings) == 2
    assert ["444p"] in exposed  # the 4p completed the pung: exposed
    drawn = [
        r
        for d in complete_layouts(hand)
        for r in claimed_readings(d, hand.winning.kind, self_drawn=True)
    ]
    assert all(g.concealed for r in drawn for g in r.groups)


def test_one_layout_per_set_of_groups() -> None:
    # The same groups listed in another order are one layout (scored once).
    layouts = complete_layouts(parse_hand("123m 456m 99s 44456p +4p"))
    assert [str(d) for d in layouts] == ["standard: 123m 456m 456p 444p 99s"]
