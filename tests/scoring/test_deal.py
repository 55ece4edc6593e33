"""Shared settle-input checks of the Italian rulesets (``muraglia.scoring.deal``)."""

from __future__ import annotations

import pytest

from muraglia.errors import InvalidHandError, MahjongError, RulesetError
from muraglia.notation import parse_hand
from muraglia.scoring.deal import (
    check_hand_count,
    check_roles,
    check_tile_supply,
    parse_deal_hands,
    payment_lines,
    read_deal,
)

LIVE = ("E", "S", "W", "N")
KNOWN = ("small_lord", "great_lord")


@pytest.mark.parametrize(
    ("winners", "discarder", "status", "flags", "error", "message"),
    [
        (["S", "W"], None, {}, {}, InvalidHandError, "no discarder"),
        (["S"], "S", {}, {}, InvalidHandError, "discarded the winning tile"),
        (["S", "S"], "W", {}, {}, InvalidHandError, "listed twice"),
        (["S"], "W", {"S": "great_lord"}, {}, InvalidHandError, "penalised"),
        (["S"], "W", {"W": "drunk"}, {}, RulesetError, "unknown test status 'drunk'"),
        (["S"], "W", {"X": "great_lord"}, {}, RulesetError, "not at the table"),
        (["S"], "W", {}, {"W": ["riichi"]}, InvalidHandError, "non-winner"),
        (["E", "S", "W"], "N", {}, {}, None, ""),  # three winners on one discard: valid
        (["E", "S", "W", "N"], None, {}, {}, InvalidHandError, "no discarder"),
        ([], None, {"W": "small_lord"}, {}, None, ""),  # a void deal
    ],
)
def test_check_roles(  # noqa: PLR0917 - one parametrised case per argument
    winners, discarder, status, flags, error, message
) -> None:
    if error is None:
        check_roles(LIVE, winners, discarder, status, flags, KNOWN, "test")
        return
    with pytest.raises(error, match=message):
        check_roles(LIVE, winners, discarder, status, flags, KNOWN, "test")


@pytest.mark.parametrize(
    ("hand", "winner", "status", "message"),
    [
        ("123m456p789s1122z", False, None, None),
        ("123m456p789s1122z5z", False, None, "14 tiles; a non-winner holds 13"),
        ("123m456p789s112z", False, None, "12 tiles"),
        ("123m456p789s112z", False, "small_lord", None),  # FIMJ-PEN-1, RAV-PEN-1
        ("123m456p789s1122z", False, "small_lord", "fewer than 13"),
        ("123m456p789s1122z5z", False, "great_lord", None),  # FIMJ-PEN-2, RAV-PEN-2
        ("123m456p789s1122z", False, "great_lord", "more than 13"),
        ("123m456p789s1122z", True, None, "no winning tile"),
        ("123m456p789s1122z +2z", False, None, "not among the winners"),
        ("123m456p789s111z2z +2z", True, None, None),
    ],
)
def test_check_hand_count(hand: str, winner: bool, status, message) -> None:
    parsed = parse_hand(hand, strict=False, red_fives=False)
    kwargs = {"short": ("small_lord",), "long": ("great_lord",)}
    if message is None:
        check_hand_count("W", parsed, winner=winner, status=status, **kwargs)
        return
    with pytest.raises(InvalidHandError, match=message):
        check_hand_count("W", parsed, winner=winner, status=status, **kwargs)


def test_check_tile_supply() -> None:
    hands = parse_deal_hands({"E": "1111m", "S": "1m 1f", "W": "2m 1f"}, ["E", "W"])
    check_tile_supply(hands)
    with pytest.raises(InvalidHandError, match="more than 4 copies of '1m'"):
        check_tile_supply(parse_deal_hands({"E": "1111m", "S": "1m"}, ["E", "S"]))
    with pytest.raises(InvalidHandError, match="'1f' held by both 'S' and 'W'"):
        check_tile_supply(parse_deal_hands({"S": "1m 1f", "W": "2m 1f"}, ["S", "W"]))
    with pytest.raises(InvalidHandError, match="missing hand for seat 'N'"):
        parse_deal_hands({"E": "1m"}, ["E", "N"])


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"winners": "S"}, "'winners' must be a list"),
        ({"winners": ["X"]}, "must be one of E S W N"),
        ({"hands": ["S"]}, "'hands' must be an object"),
        ({"hands": {"S": 12}}, "must be a string"),
        ({"status": {"S": 1}}, "must be a string"),
        ({"flags": {"S": "riichi"}}, "must be a list of strings"),
        ({"discarder": 3}, "discarder must be one of"),
    ],
)
def test_read_deal_rejects_bad_fields(data: dict, message: str) -> None:
    with pytest.raises(MahjongError, match=message):
        read_deal(data)


def test_payment_lines() -> None:
    pays = {"E": 720, "S": -240, "W": -240, "N": -240}
    assert payment_lines(pays, "it") == [
        "Sud paga 240 a Est (riscuote doppio)",
        "Ovest paga 240 a Est (riscuote doppio)",
        "Nord paga 240 a Est (riscuote doppio)",
    ]
    assert payment_lines({"E": 0, "S": 480, "W": -480, "N": 0}, "en") == ["West pays 480"]
