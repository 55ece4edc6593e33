"""Every exclusion of the spec's fan entries (§14 "Not counted", MCR-GAP-25) is data and works."""

from __future__ import annotations

import pytest
from tests.rulesets.mcr.helpers import fans

from muraglia.rulesets.mcr import PATTERNS
from muraglia.rulesets.mcr.patterns import BY_NUMBER, NUMBER

# Transcribed from spec mcr.md §14 (source + decision lists) and MCR-GAP-25; per-set exclusions
# (05 for dragon / value-wind pungs and for the wind sets of 48 and 70) are tested separately.
SPEC_EXCLUDES: dict[int, set[int]] = {
    18: {8}, 23: {8}, 25: {12}, 26: {6, 22}, 29: {7}, 32: {11}, 33: {22, 21}, 34: {14},
    36: {7}, 37: {2}, 40: {12}, 42: {12}, 43: {27, 25}, 44: {31, 25, 9, 10, 17, 11},
    46: {8}, 47: {8}, 49: {3, 4}, 50: {2, 4, 8, 18}, 52: {23, 8}, 53: {20}, 54: {21},
    55: {31, 25, 17, 11}, 56: {31, 25, 17, 44, 11}, 57: {28, 23, 8}, 58: {8, 7}, 59: {1},
    61: {8, 46}, 62: {23, 8}, 63: {8, 47}, 64: {51, 1, 2, 3, 4}, 65: {6, 22, 26, 33},
    66: {5, 24, 28}, 67: {1, 59, 19}, 68: {28, 60}, 69: {5, 8, 20, 24, 28, 66}, 70: {48},
    71: {14, 34}, 72: {28, 24, 5, 66}, 73: {21, 28, 54, 17, 25}, 74: {58, 18, 4, 1, 7, 8},
    75: {28, 15, 16, 48, 70, 5}, 76: {14, 34, 71}, 77: {29, 7}, 78: {58, 5, 17, 25, 7, 8},
    79: {11, 6, 22, 26, 33, 65, 28}, 80: {17, 25, 58, 11, 55, 7, 8},
    81: {31, 17, 25, 24, 11, 66},  # 66: MCR-TV-28 (Thirteen Orphans 88 + Self-Drawn only)
}  # fmt: skip

PAIRS = sorted((a, b) for a, bs in SPEC_EXCLUDES.items() for b in bs)


def test_declared_exclusions_match_the_spec() -> None:
    declared = {NUMBER[p.id]: {NUMBER[x] for x in p.excludes} for p in PATTERNS if p.excludes}
    assert declared == SPEC_EXCLUDES


@pytest.mark.parametrize(("winner", "loser"), PAIRS, ids=[f"{a:02d}-{b:02d}" for a, b in PAIRS])
def test_exclusion_resolves(winner: int, loser: int) -> None:
    """When both fans are found, only the excluding one is counted (MCR-COUNT-2)."""
    found = {BY_NUMBER[winner]: 1, BY_NUMBER[loser]: 1}
    kept = {a.id for a in PATTERNS.resolve(found, concealed=True)}
    assert BY_NUMBER[winner] in kept
    assert BY_NUMBER[loser] not in kept


# Hands where the excluded fan's own condition holds too, scored end to end.
HANDS = [
    ("12345678p234s55m+9p", "tsumo", "all_chows", "no_honours"),
    ("234m456p678s234s55s+5s", "ron", "all_simples", "no_honours"),
    ("123m456p789s234s55s+5s", "tsumo", "fully_concealed_hand", "self_drawn"),
    ("123m456p55s[7777s][8888p]+5s", "ron", "two_kongs", "melded_kong"),
    ("123p789p2p(5555p)[6666p]+2p", "ron", "two_kongs", "concealed_kong"),
    ("123m456m789m111z2z+2z", "ron", "half_flush", "one_voided_suit"),
    ("5s[345m<][567p<][888s][111z]+5s", "ron", "melded_hand", "single_wait"),
    ("123s789s5m(1111p)(9999p)+5m", "tsumo", "two_concealed_kongs", "two_concealed_pungs"),
    ("555z666z123m456p1s+1s", "ron", "two_dragon_pungs", "dragon_pung"),
    ("147m258p36s12345z+6z", "ron", "lesser_honours_and_knitted_tiles", "concealed_hand"),
    ("147m258p369s1234z+5z", "tsumo", "lesser_honours_and_knitted_tiles", "all_types"),
    ("123m456m789m123p55s+5s", "ron", "pure_straight", "two_terminal_chows"),
    ("123m789m123p789p55s+5s", "ron", "three_suited_terminal_chows", "mixed_double_chow"),
    ("345m456p567s555p55s+5s", "ron", "all_fives", "all_simples"),
    ("222m222p222s456s55s+5s", "ron", "triple_pung", "double_pung"),
    ("222m333p444s456s9m+9m", "ron", "three_concealed_pungs", "two_concealed_pungs"),
    ("2222m44p66p33s77s8s+8s", "ron", "seven_pairs", "concealed_hand"),
    ("147m258p1234567z+3s", "ron", "greater_honours_and_knitted_tiles",
     "lesser_honours_and_knitted_tiles"),
    ("222m444p666s888s2p+2p", "ron", "all_even_pungs", "all_pungs"),
    ("123s234s345s678s9s+9s", "ron", "full_flush", "no_honours"),
    ("123m456p55s[123m<][123m<]+5s", "ron", "pure_triple_chow", "pure_double_chow"),
    ("789m789p777s999s88s+8s", "ron", "upper_tiles", "upper_four"),
    ("123s123s1s[111m][111p]+1s", "ron", "lower_tiles", "lower_four"),
    ("123m234m345m456m55s+5s", "ron", "four_shifted_chows", "pure_shifted_chows"),
    ("123m55s[2222p][3333s](4444m)+5s", "ron", "three_kongs", "two_kongs"),
    ("111m999p111z999s2z+2z", "ron", "all_terminals_and_honours", "outside_hand"),
    ("123m123m123m123m55s+5s", "ron", "quadruple_chow", "tile_hog"),
    ("222m333m444m555m9s+9s", "ron", "four_pure_shifted_pungs", "pure_shifted_pungs"),
    ("111m999m111p999p1s+1s", "ron", "all_terminals", "double_pung"),
    ("111z222z333z4z123m+4z", "ron", "little_four_winds", "big_three_winds"),
    ("555z666z7z123m456m+7z", "ron", "little_three_dragons", "two_dragon_pungs"),
    ("111z222z333z555z7z+7z", "ron", "all_honours", "all_terminals_and_honours"),
    ("111m555p888s444z7z+7z", "tsumo", "four_concealed_pungs", "all_pungs"),
    ("123m123m789m789m5m+5m", "ron", "pure_terminal_chows", "full_flush"),
    ("111z222z333z444z5m+5m", "ron", "big_four_winds", "little_four_winds"),
    ("555z123m9m[777z][6666z]+9m", "ron", "big_three_dragons", "little_three_dragons"),
    ("234s234s666s888s6z+6z", "ron", "all_green", "half_flush"),
    ("1112345678999m+5m", "tsumo", "nine_gates", "full_flush"),
    ("5m[1111p][2222s][3333m](4444z)+5m", "ron", "four_kongs", "three_kongs"),
    ("1122334455667m+7m", "ron", "seven_shifted_pairs", "seven_pairs"),
    ("19m19p19s1234567z+5z", "tsumo", "thirteen_orphans", "all_terminals_and_honours"),
]  # fmt: skip


@pytest.mark.parametrize(("hand", "win", "winner", "loser"), HANDS, ids=[h[2] for h in HANDS])
def test_exclusion_on_hands(hand: str, win: str, winner: str, loser: str) -> None:
    got = fans(hand, win)
    assert winner in got
    assert loser not in got


def test_robbing_the_kong_excludes_last_tile() -> None:  # MCR-FAN-43
    got = fans("123m789m234p45s99p+6s", "ron", flags=("robbing_kong", "last_of_kind"))
    assert "robbing_the_kong" in got
    assert "last_tile" not in got
    assert "last_tile" in fans("123m789m234p45s99p+6s", "ron", flags=("last_of_kind",))


@pytest.mark.parametrize(
    ("hand", "seat", "rnd", "terminal_pungs"),
    [
        ("555z111m123p456s9s+9s", "E", "E", 1),  # dragon pung: 14 only (MCR-GAP-32)
        ("111z111m123p456s9s+9s", "E", "E", 1),  # seat+prevalent E: 15 and 16, not 05
        ("111z111m123p456s9s+9s", "S", "S", 2),  # E is neither: 05 twice
        ("111z222z333z111m5s+5s", "N", "N", 1),  # Big Three Winds: 05 only for 1m (per set)
        ("111z222z333z4z123m+4z", "N", "N", 0),  # Little Four Winds: not for the wind sets
    ],
)
def test_per_set_exclusions(hand: str, seat: str, rnd: str, terminal_pungs: int) -> None:
    assert fans(hand, "ron", seat, rnd).get("pung_of_terminals_or_honours", 0) == terminal_pungs


def test_seat_and_prevalent_wind_together() -> None:  # MCR-FAN-16: 4 points
    got = fans("111z111m123p456s9s+9s", "ron", "E", "E")
    assert got["prevalent_wind"] == 1
    assert got["seat_wind"] == 1


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("555m79m888p66z[888m]+8m", True),  # the other three 8m are in the winner's melded pung
        ("4468p[2222m][777p][567s]+7p", True),
        ("456m79m888p66z[789m]+8m", False),  # one copy shown: needs the flag
    ],
)
def test_last_tile_from_own_exposed_sets(hand: str, expected: bool) -> None:  # MCR-GAP-19
    assert ("last_tile" in fans(hand, "tsumo")) is expected
