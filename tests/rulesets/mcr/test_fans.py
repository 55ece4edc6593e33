"""Every MCR fan has a positive and a negative hand (MCR-FAN-01 … MCR-FAN-81)."""

from __future__ import annotations

import pytest
from tests.rulesets.mcr.helpers import fans

from muraglia.rulesets.mcr import PATTERNS

# id -> (positive case, negative case); a case is (hand, win, seat, round, flags).
Case = tuple[str, str, str, str, tuple[str, ...]]


def c(hand: str, win: str = "ron", seat: str = "E", rnd: str = "E", *flags: str) -> Case:
    return (hand, win, seat, rnd, flags)


CASES: dict[str, tuple[Case, Case]] = {
    # MCR-FAN-01..13
    "pure_double_chow": (c("123m123m456p789s55s+5s"), c("123m234m456p789s55s+5s")),
    "mixed_double_chow": (c("123m123p456s789s55s+5s"), c("123m234p456s789s55s+5s")),
    "short_straight": (c("123m456m234p789s55s+5s"), c("123m567m234p789s55s+5s")),
    "two_terminal_chows": (c("123m789m234p456s55s+5s"), c("123m678m234p456s55s+5s")),
    "pung_of_terminals_or_honours": (
        c("111m456p789s234s55s+5s"),
        c("111z456p789s234s55s+5s"),  # East pung for East seat: Seat/Prevalent Wind instead
    ),
    "melded_kong": (c("123m456p789s55s[2222p]+5s"), c("123m456p789s55s(2222p)+5s")),
    "one_voided_suit": (c("123m456m789p123p55p+5p"), c("123m456p789s123s55s+5s")),
    "no_honours": (c("111m456p789s234s99s+9s"), c("111m456p789s234s11z+1z")),
    "edge_wait": (c("12m456p789s234s55s+3m"), c("23m456p789s234s55s+1m")),
    "closed_wait": (c("13m456p789s234s55s+2m"), c("2444m456p789s234s+3m")),  # 2m also wins
    "single_wait": (c("456p789s234s555z1m+1m"), c("1234m456p789s555z+1m")),  # 4m also wins
    "self_drawn": (c("123m456p234s55s[789s]+5s", "tsumo"), c("123m456p234s55s[789s]+5s")),
    "flower_tiles": (c("123m456p789s234s55s1f3f+5s"), c("123m456p789s234s55s+5s")),
    # MCR-FAN-14..23
    "dragon_pung": (c("555z456p789s234s55s+5s"), c("555s456p789s234s66s+6s")),
    "prevalent_wind": (c("222z456p789s234s55s+5s", "ron", "E", "S"),
                       c("222z456p789s234s55s+5s", "ron", "E", "E")),
    "seat_wind": (c("222z456p789s234s55s+5s", "ron", "S", "E"),
                  c("222z456p789s234s55s+5s", "ron", "W", "E")),
    "concealed_hand": (c("123m456p789s234s55s+5s"), c("123m456p789s234s55s+5s", "tsumo")),
    "all_chows": (c("123m456p789s234s55s+5s"), c("111m456p789s234s55s+5s")),
    "tile_hog": (c("123m111m456p789s55s+5s"), c("456p789s234s55s(2222m)+5s")),
    "double_pung": (c("222m222p456s789s55s+5s"), c("222m333p456s789s55s+5s")),
    "two_concealed_pungs": (c("222m333p456s789s55s+5s"), c("222m456s789s55s[333p]+5s")),
    "concealed_kong": (c("456p789s234s55s(2222m)+5s"), c("456p789s234s55s[2222m]+5s")),
    "all_simples": (c("234m456p678s234s55s+5s"), c("123m456p678s234s55s+5s")),
    # MCR-FAN-24..34
    "outside_hand": (c("123m789p123s999s1z+1z"), c("123m789p234s999s1z+1z")),
    "fully_concealed_hand": (c("123m456p789s234s55s+5s", "tsumo"),
                             c("123m456p234s55s[789s]+5s", "tsumo")),
    "two_kongs": (c("123m456p55s[7777s][8888p]+5s"), c("123m456p789m55s[8888p]+5s")),
    "last_tile": (c("123m456p789s234s55s+5s", "ron", "E", "E", "last_of_kind"),
                  c("123m456p234s5s[888s]+5s")),
    "all_pungs": (c("444s66s[222m][333p][888s]+6s"), c("456s66s[222m][333p][888s]+6s")),
    "half_flush": (c("123m456m789m111z2z+2z"), c("123m456m789m123p2z+2z")),
    "mixed_shifted_chows": (c("123m234p345s789s55s+5s"), c("123m345p567s789s55s+5s")),
    "all_types": (c("123m456p789s111z5z+5z"), c("123m456p789s111z2z+2z")),
    "melded_hand": (c("5s[345m<][567p<][888s][111z]+5s"),
                    c("5s[345m<][567p<][888s][111z]+5s", "tsumo")),
    "two_concealed_kongs": (c("123s789s5m(1111p)(9999p)+5m", "tsumo"),
                            c("123s789s5m(1111p)[9999p]+5m", "tsumo")),
    "two_dragon_pungs": (c("555z666z123m456p1s+1s"), c("555z777s123m456p1s+1s")),
    # MCR-FAN-35..43
    "mixed_straight": (c("123m456p789s234s55s+5s"), c("123m456p789p234s55s+5s")),
    "reversible_tiles": (c("123p345p888p456s5z+5z"), c("123p345p777p456s5z+5z")),
    "mixed_triple_chow": (c("123m123p123s456s55s+5s"), c("123m123p234s456s55s+5s")),
    "mixed_shifted_pungs": (c("222m333p444s789s55s+5s"), c("222m333p555s789s66s+6s")),
    "chicken_hand": (c("45s33z[234m<][666p][888s]+6s", "ron", "S", "E"),
                     c("5s[345m<][567p<][888s][111z]+5s", "ron", "N", "E")),
    "last_tile_draw": (c("123m456p234s55s[789s]+5s", "tsumo", "E", "E", "last_tile"),
                       c("123m456p234s55s[789s]+5s", "ron", "E", "E", "last_tile")),
    "last_tile_claim": (c("123m456p234s55s[789s]+5s", "ron", "E", "E", "last_tile"),
                        c("123m456p234s55s[789s]+5s", "tsumo", "E", "E", "last_tile")),
    "out_with_replacement_tile": (
        c("123m456p55s789s[2222s]+5s", "tsumo", "E", "E", "replacement"),
        c("123m456p55s789s[2222s]+5s", "tsumo"),
    ),
    "robbing_the_kong": (c("123m789m234p45s99p+6s", "ron", "E", "E", "robbing_kong"),
                         c("123m789m234p45s99p+6s")),
    # MCR-FAN-44..54
    "lesser_honours_and_knitted_tiles": (c("147m258p36s12345z+6z"), c("147m258p1234567z+3s")),
    "knitted_straight": (c("147m258p36s111z77z+9s", "ron", "S"), c("123m456p789s234s55s+5s")),
    "upper_four": (c("678m789p666s789s99s+9s"), c("567m789p666s789s99s+9s")),
    "lower_four": (c("123m234p111s234s44s+4s"), c("123m234p111s345s44s+4s")),
    "big_three_winds": (c("111z222z333z123m55s+5s", "ron", "N", "N"),
                        c("111z222z123m456p55s+5s", "ron", "N", "N")),
    "pure_straight": (c("12345678p234s55m+9p", "tsumo", "S"), c("123m456m789p234s55s+5s")),
    "three_suited_terminal_chows": (c("123m789m123p789p55s+5s"), c("123m789m123p789p55m+5m")),
    "pure_shifted_chows": (c("123m234m345m789p55s+5s"), c("123m234m456m789p55s+5s")),
    "all_fives": (c("345m456p567s555p55s+5s"), c("345m456p567s666p55s+5s")),
    "triple_pung": (c("222m222p222s456s55s+5s"), c("222m222p333s456s55s+5s")),
    "three_concealed_pungs": (c("222m333p444s456s9m+9m"), c("222m333p456s9m[444s]+9m")),
    # MCR-FAN-55..63
    "seven_pairs": (c("2222m44p66p33s77s8s+8s"), c("123m456p789s234s55s+5s")),
    "greater_honours_and_knitted_tiles": (c("147m258p1234567z+3s"), c("147m258p36s12345z+6z")),
    "all_even_pungs": (c("222m444p666s888s2p+2p"), c("222m444p666s888s3p+3p")),
    "full_flush": (c("123s234s345s678s9s+9s"), c("123m456m789m111z2z+2z")),
    "pure_triple_chow": (c("123m456p55s[123m<][123m<]+5s"), c("123m123m234m456p55s+5s")),
    "pure_shifted_pungs": (c("222m333m444m567p55s+5s"), c("222m333m555m567p55s+5s")),
    "upper_tiles": (c("789m789p777s999s88s+8s"), c("789m789p777s999s66s+6s")),
    "middle_tiles": (c("456m456p456s444m55s+5s"), c("456m456p456s444m33s+3s")),
    "lower_tiles": (c("123s123s1s[111m][111p]+1s"), c("123s123s4s[111m][111p]+4s")),
    # MCR-FAN-64..68
    "four_shifted_chows": (c("123m234m345m456m55s+5s"), c("123m234m345m567m55s+5s")),
    "three_kongs": (c("123m55s[2222p][3333s](4444m)+5s"), c("123m456m55s[3333s](4444p)+5s")),
    "all_terminals_and_honours": (c("111m999p111z999s2z+2z"), c("111m999p111z999s2p+2p")),
    "quadruple_chow": (c("123m123m123m123m55s+5s"), c("123m123m123m456m55s+5s")),
    "four_pure_shifted_pungs": (c("222m333m444m555m9s+9s"), c("222m333m444m666m9s+9s")),
    # MCR-FAN-69..81
    "all_terminals": (c("111m999m111p999p1s+1s"), c("111m999m111p999p1z+1z")),
    "little_four_winds": (c("111z222z333z4z123m+4z"), c("111z222z333z5z123m+5z")),
    "little_three_dragons": (c("555z666z7z123m456m+7z"), c("555z666z777z123m4m+4m")),
    "all_honours": (c("111z222z333z555z7z+7z", "ron", "N", "N"),
                    c("111z222z333z555z1m+1m", "ron", "N", "N")),
    "four_concealed_pungs": (c("111m555p888s444z7z+7z", "tsumo"),
                             c("111m555p888s44z77z+7z")),  # ron on a dual-pung wait: 3 concealed
    "pure_terminal_chows": (c("123m123m789m789m5m+5m"), c("123m123m789m789m5p+5p")),
    "big_four_winds": (c("111z222z333z444z5m+5m"), c("111z222z333z4z123m+4z")),
    "big_three_dragons": (c("555z123m9m[777z][6666z]+9m"), c("555z666z7z123m456m+7z")),
    "all_green": (c("234s234s666s888s6z+6z"), c("234s234s555s888s6z+6z")),
    "nine_gates": (c("1112345678999m+5m"), c("1112345678899m+9m")),
    "four_kongs": (c("5m[1111p][2222s][3333m](4444z)+5m"), c("5m567m[2222s][3333m](4444z)+5m")),
    "seven_shifted_pairs": (c("1122334455667m+7m"), c("1122334455668m+8m")),
    "thirteen_orphans": (c("19m19p19s1234567z+5z", "tsumo"), c("2222m44p66p33s77s8s+8s")),
}  # fmt: skip


def test_every_fan_has_cases() -> None:
    assert sorted(CASES) == sorted(p.id for p in PATTERNS)


@pytest.mark.parametrize("pid", list(CASES))
def test_positive(pid: str) -> None:
    hand, win, seat, rnd, flags = CASES[pid][0]
    assert pid in fans(hand, win, seat, rnd, flags), PATTERNS[pid].ref


@pytest.mark.parametrize("pid", list(CASES))
def test_negative(pid: str) -> None:
    hand, win, seat, rnd, flags = CASES[pid][1]
    assert pid not in fans(hand, win, seat, rnd, flags), PATTERNS[pid].ref
