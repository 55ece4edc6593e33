from __future__ import annotations

import pytest

from muraglia.errors import InvalidHandError, NotationError
from muraglia.hand import Hand, HandStatus
from muraglia.melds import MeldKind, Source
from muraglia.notation import format_hand, parse_hand, parse_tile, parse_tiles
from muraglia.tiles import PhysicalTile, Tile


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("234m 567p 11z [555z] [789s<] +4m", "234m567p11z [555z] [789s<] +4m"),
        ("119m19p19s1234567z +9p", "119m19p19s1234567z +9p"),
        ("23455678m (1111p) [999s^] 1f7f +5m", "23455678m (1111p) [999s^] 17f +5m"),
        ("123m456p789s1122z", "123m456p789s1122z"),
        ("EESSWWNN PFC Wh Gr Rd", "11223344556677z"),
        ("0m55m678p 111z 9s [222z>] +9s", "055m678p99s111z [222z>] +9s"),
        ("12m3m 456p [5555s<+] 789p 9p", "123m4567899p [5555s<+]"),
        ("[5555s+] 123m456p789p1z +1z", "123m456789p11z [5555s+] +1z"),
    ],
)
def test_canonical_form(text: str, canonical: str) -> None:
    hand = parse_hand(text)
    assert format_hand(hand) == canonical
    assert parse_hand(canonical) == hand


def test_winning_tile_as_fourteenth_or_as_mark() -> None:
    extra = parse_hand("23m567p11z [555z] [789s<] +4m")
    mark = parse_hand("234m567p11z [555z] [789s<] +4m")
    assert extra == mark
    assert extra.winning == PhysicalTile(Tile.M4)
    assert len(extra.concealed) == 7


def test_meld_kinds_and_markers() -> None:
    hand = parse_hand("11m [123p<] [555z^] [6666s>] [7777m+] (EEEE)", strict=False)
    kinds = [m.kind for m in hand.melds]
    assert kinds == [MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG, MeldKind.KONG, MeldKind.KONG]
    assert [m.source for m in hand.melds] == [
        Source.LEFT,
        Source.ACROSS,
        Source.RIGHT,
        None,
        None,
    ]
    assert hand.melds[3].added
    assert hand.melds[4].concealed
    assert hand.melds[4].first is Tile.EAST
    assert hand.tile_count == 17


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ("12x3m", "unknown character 'x'", 2),
        ("123", "digits without a suit letter", 0),
        ("123m 45", "digits without a suit letter", 5),
        ("8z", "'8z' does not exist", 0),
        ("9f", "'9f' does not exist", 0),
        ("0z", "only suited fives can be red", 0),
        ("[123m", "is not closed", 5),
        ("[12 3m]", "digits without a suit letter", 1),
        ("[123m ]", "space inside a meld", 5),
        ("123m]", "without a matching opening", 4),
        ("123m +", "must be followed by the winning tile", 6),
        ("123m +45m", "only one winning tile", 7),
        ("123m +4m 5m", "must come last", 9),
        ("+1f", "bonus tile cannot be the winning tile", 1),
        ("[555z<<]", "second source marker", 6),
        ("[5555z++]", "given twice", 7),
        ("", "empty hand", 0),
        ("G", "unknown character 'G'", 0),
    ],
)
def test_syntax_errors_point_at_the_problem(text: str, message: str, position: int) -> None:
    with pytest.raises(NotationError, match=message) as info:
        parse_hand(text, strict=False)
    assert info.value.position == position
    assert repr(text) in str(info.value)


def test_red_five_rejected_when_ruleset_has_none() -> None:
    with pytest.raises(NotationError, match="without red fives"):
        parse_hand("0m", strict=False, red_fives=False)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[123z]", "chow of honours"),
        ("[1f2f3f]", "bonus tile '1f' inside the meld"),
        ("[124m]", "not three consecutive"),
        ("[899m]", "not three consecutive"),
        ("[1234m]", "mixes different tiles"),
        ("(111m)", "concealed kong needs four identical"),
        ("[55m]", "must have 3 tiles"),
        ("[555m+]", "only a kong can be added"),
        ("11111m 2345678p 9s", "5 copies of '1m'"),
        ("123m456p789s11z", "11 tiles"),
        ("123m456p789s11112z3z", "15 tiles"),
        ("123m456p789s12z +1z", "12 tiles with a winning tile"),
        ("123m456p789s1z 1f1f", "bonus tile '1f' twice"),
        ("123m456p789s11222z +3z", "winning tile '3z' is not among"),
    ],
)
def test_impossible_hands_are_reported(text: str, message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        parse_hand(text)


def test_non_strict_reports_status() -> None:
    hand = parse_hand("11111m", strict=False)
    assert hand.status() == HandStatus.TOO_MANY_COPIES | HandStatus.WRONG_TILE_COUNT
    assert any("5 copies of '1m'" in p for p in hand.problems())


def test_parse_tiles_and_tile() -> None:
    assert [t.notation for t in parse_tiles("1m 0p E Wh Gr Rd P F C")] == [
        "1m",
        "0p",
        "1z",
        "5z",
        "6z",
        "7z",
        "5z",
        "6z",
        "7z",
    ]
    assert parse_tile("N") == PhysicalTile(Tile.NORTH)
    with pytest.raises(NotationError, match="expected one tile"):
        parse_tile("12m")


def test_repr_pastes_back() -> None:
    hand = parse_hand("123m456p789s11z [555z<] +1z")
    assert repr(hand) == "Hand('123m456p789s11z [555z<] +1z')"
    assert eval(repr(hand), {"Hand": Hand.parse}) == hand


def test_with_winning() -> None:
    hand = parse_hand("123m456p789s1z [555z]")
    won = hand.with_winning(Tile.EAST)
    assert won.status() is HandStatus.VALID
    with pytest.raises(InvalidHandError, match="already has a winning tile"):
        won.with_winning(Tile.EAST)


def test_hand_counts_and_flags() -> None:
    hand = parse_hand("05m 123p 678s [999s] (1111z) 2f +5m")
    assert hand.counts[Tile.M5] == 2
    assert hand.concealed_counts[Tile.EAST] == 0
    assert hand.counts[Tile.EAST] == 4
    assert hand.red_fives == 1
    assert not hand.is_concealed
    assert len(hand.kongs) == 1
    assert hand.bonus == (Tile.FLOWER_2,)
