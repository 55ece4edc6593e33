"""A positive and a negative case for every yaku, yakuman and dora pattern (EMA-YAKU, EMA-YKM).

Default situation: seat South, round East, ron. Each case scores the best reading and checks
whether the pattern is among its awards.
"""

from __future__ import annotations

from typing import Any

import pytest

from muraglia.rulesets import load_ruleset, score
from muraglia.rulesets.riichi_ema.patterns import PATTERNS

EMA = load_ruleset("riichi-ema")
TENHOU = load_ruleset("riichi-tenhou")

R = {"flags": {"riichi"}}
T = {"win": "tsumo"}

# (pattern id, hand, situation)
POSITIVE: list[tuple[str, str, dict[str, Any]]] = [
    ("riichi", "234m567m345p67s22p+8s", R),
    ("ippatsu", "234m567m345p67s22p+8s", {"flags": {"riichi", "ippatsu"}}),
    ("double_riichi", "234m567m345p67s22p+8s", {"flags": {"double_riichi"}}),
    ("menzen_tsumo", "234m567m345p67s22p+8s", T),
    ("all_simples", "234m567m345p67s22p+8s", {}),
    ("pinfu", "123m567m345p67s22p+8s", {}),
    ("pure_double_chow", "223344m567p68s99p+7s", {}),
    ("mixed_triple_chow", "123m123p123s45s99p+6s", {}),
    ("pure_straight", "123m456m789m45s99p+6s", {}),
    ("dragon_pung", "555z123m456p78s99p+9s", {}),
    ("seat_wind", "222z123m456p78s99p+9s", {}),
    ("prevalent_wind", "111z123m456p78s99p+9s", {}),
    ("outside_hand", "123m789p111z78s99s+9s", {}),
    ("after_kong", "123m456p78s99s(8888m)+6s", {"win": "tsumo", "flags": {"replacement"}}),
    ("robbing_kong", "123m456p78s99s(8888m)+6s", {"flags": {"robbing_kong", "riichi"}}),
    ("under_the_sea", "123m456p78s99s[8888m]+6s", {"win": "tsumo", "flags": {"last_tile"}}),
    ("under_the_river", "123m456p78s99s[8888m]+6s", {"flags": {"last_tile"}}),
    ("seven_pairs", "1122m3344p5566s7z+7z", {}),
    ("triple_pung", "222m222p222s45s99p+6s", {}),
    ("three_concealed_pungs", "222m222p22s456s99p+2s", T),
    ("three_kongs", "456m9p(2222m)(3333p)[4444s]+9p", {}),
    ("all_pungs", "222m444s777z9p[333p]+9p", {}),
    ("half_flush", "123m456m789m111z9m+9m", {}),
    ("little_three_dragons", "555z666z77z123m45m+6m", {}),
    ("all_terminals_and_honours", "111m999p111z9s[222z]+9s", {}),
    ("terminals_in_all_sets", "123m789p111s78s99s+9s", {}),
    ("twice_pure_double_chow", "223344m223344p55s+5s", {}),
    ("full_flush", "123m456m789m234m5m+5m", {}),
    ("thirteen_orphans_13", "19m19p19s1234567z+1m", {}),
    ("thirteen_orphans", "119m19p19s123456z+7z", {}),
    ("nine_gates_9", "1112345678999m+5m", {}),
    ("nine_gates", "1112345678899m+9m", {}),
    (
        "blessing_of_heaven",
        "234m567m345p67s22p+8s",
        {"win": "tsumo", "seat_wind": "E", "flags": {"first_turn"}},
    ),
    ("blessing_of_earth", "234m567m345p67s22p+8s", {"win": "tsumo", "flags": {"first_turn"}}),
    ("blessing_of_man", "234m567m345p67s22p+8s", {"flags": {"first_turn"}}),
    ("four_concealed_pungs_single", "111m222p333s444z5m+5m", {}),
    ("four_concealed_pungs", "111m222p333s44z55m+4z", T),
    ("four_kongs", "5m(1111m)(2222p)[3333s][4444z]+5m", {}),
    ("all_green", "234s234s666s888s6z+6z", {}),
    ("all_terminals", "111m999m111p1s[999p]+1s", {}),
    ("all_honours", "111z222z333z7z[555z]+7z", {}),
    ("big_three_dragons", "555z666z777z123m9p+9p", {}),
    ("little_four_winds", "111z222z333z44z12m+3m", {}),
    ("big_four_winds", "111z222z333z444z5m+5m", {}),
    ("dora", "234m567m345p67s22p+8s", {"dora": ["1m"]}),
    ("ura_dora", "234m567m345p67s22p+8s", {"flags": {"riichi"}, "ura": ["1m"]}),
    ("red_five", "234m067m345p67s22p+8s", {}),
]

NEGATIVE: list[tuple[str, str, dict[str, Any]]] = [
    ("riichi", "234m567m345p67s22p+8s", {}),
    ("ippatsu", "234m567m345p67s22p+8s", R),
    ("double_riichi", "234m567m345p67s22p+8s", R),
    ("menzen_tsumo", "234m567m345p22p[678s<]+2p", T),  # open
    ("all_simples", "123m567m345p67s22p+8s", {}),
    ("pinfu", "123m567m345p68s22p+7s", R),  # closed wait
    ("pure_double_chow", "234m567m345p68s99p+7s", R),
    ("mixed_triple_chow", "123m123p234s45s99p+6s", R),
    ("pure_straight", "123m456m678m45s99p+6s", R),
    ("dragon_pung", "123m123m456p78s99p+9s", R),
    ("seat_wind", "444z123m456p78s99p+9s", R),
    ("prevalent_wind", "444z123m456p78s99p+9s", R),
    ("outside_hand", "123m789p111z45s99s+6s", {}),
    ("after_kong", "123m456p78s99s(8888m)+6s", T),
    ("robbing_kong", "123m456p78s99s(8888m)+6s", R),
    ("under_the_sea", "123m456p78s99s[8888m]+6s", {"flags": {"last_tile"}}),
    ("under_the_river", "123m456p78s99s[8888m]+6s", {"win": "tsumo", "flags": {"last_tile"}}),
    ("seven_pairs", "223344m223344p55s+5s", {}),  # EMA-GAP-37: ryanpeikou scores more
    ("triple_pung", "222m222p333s45s99p+6s", {}),
    ("three_concealed_pungs", "222m222p22s456s99p+2s", {}),  # the ron pung is open
    ("three_kongs", "456m9p(2222m)(3333p)444s+9p", {}),
    ("all_pungs", "222m456s777z9p[333p]+9p", {}),
    ("half_flush", "123m456m789m111z9p+9p", {}),
    ("little_three_dragons", "555z123m456m789p7z+7z", {}),
    ("all_terminals_and_honours", "111m999p111z8s[222z]+8s", {}),
    ("terminals_in_all_sets", "123m789p111z78s99s+9s", {}),
    ("twice_pure_double_chow", "223344m234567p55s+5s", {}),
    ("full_flush", "123m456m789m111z9m+9m", {}),
    ("thirteen_orphans_13", "119m19p19s123456z+7z", {}),
    ("thirteen_orphans", "19m19p19s1234567z+1m", {}),  # the 13-sided form is scored
    ("nine_gates_9", "1112345678899m+9m", {}),
    ("nine_gates", "1112345678999m+5m", {}),  # the 9-sided form is scored
    (
        "blessing_of_heaven",
        "234m567m345p67s22p+8s",
        {"win": "tsumo", "flags": {"first_turn"}},
    ),
    (
        "blessing_of_earth",
        "234m567m345p67s22p+8s",
        {"win": "tsumo", "seat_wind": "E", "flags": {"first_turn"}},
    ),
    ("blessing_of_man", "234m567m345p67s22p+8s", {"win": "tsumo", "flags": {"first_turn"}}),
    ("four_concealed_pungs_single", "111m222p333s44z55m+4z", T),
    ("four_concealed_pungs", "111m222p333s44z55m+4z", {}),  # ron: one pung is open
    ("four_kongs", "456m9p(2222m)(3333p)[4444s]+9p", {}),
    ("all_green", "234s234s666s888s5z+5z", {}),
    ("all_terminals", "111m999m111p7z[999p]+7z", {}),
    ("all_honours", "111z222z333z9m[555z]+9m", {}),
    ("big_three_dragons", "555z666z77z123m45m+6m", {}),
    ("little_four_winds", "111z222z333z444z5m+5m", {}),
    ("big_four_winds", "111z222z333z44z12m+3m", {}),
    ("dora", "234m567m345p67s22p+8s", {"dora": ["9m"]}),
    ("ura_dora", "234m567m345p67s22p+8s", {"ura": ["1m"]}),  # no riichi
    ("red_five", "234m567m345p67s22p+8s", {}),
]


def _score(hand: str, situation: dict[str, Any], rules: Any = EMA) -> Any:
    kw = {"win": "ron", "seat_wind": "S", "round_wind": "E", **situation}
    return score(hand, rules=rules, **kw)


def test_every_pattern_has_both_cases() -> None:
    ids = [p.id for p in PATTERNS]
    assert sorted(ids) == sorted(c[0] for c in POSITIVE)
    assert sorted(ids) == sorted(c[0] for c in NEGATIVE)


@pytest.mark.parametrize(("pid", "hand", "situation"), POSITIVE, ids=[c[0] for c in POSITIVE])
def test_positive(pid: str, hand: str, situation: dict[str, Any]) -> None:
    r = _score(hand, situation)
    assert pid in r.ids, (r.ids, r.lines())
    assert r.valid


@pytest.mark.parametrize(("pid", "hand", "situation"), NEGATIVE, ids=[c[0] for c in NEGATIVE])
def test_negative(pid: str, hand: str, situation: dict[str, Any]) -> None:
    r = _score(hand, situation)
    assert pid not in r.ids, (r.ids, r.lines())


@pytest.mark.parametrize(
    ("hand", "pid", "value"),
    [
        ("123m123p45s99p[123s<]+6s", "mixed_triple_chow", 1),
        ("123m456m45s99p[789m<]+6s", "pure_straight", 1),
        ("123m789p78s99s[111z^]+9s", "outside_hand", 1),
        ("123m789p78s99s[111s^]+9s", "terminals_in_all_sets", 2),
        ("123m456m111z9m[789m<]+9m", "half_flush", 2),
        ("123m456m234m5m[789m<]+5m", "full_flush", 5),
        ("222m222p45s99p[222s^]+6s", "triple_pung", 2),
    ],
    ids=lambda v: v if isinstance(v, str) and "[" not in v else None,
)
def test_open_values(hand: str, pid: str, value: int) -> None:  # closed/open values
    r = _score(hand, {})
    award = next(a for a in r.awards if a.id == pid)
    assert award.value == value
    assert PATTERNS[pid].open == value


def test_dragon_pung_counts_each() -> None:  # EMA-YAKU-10
    r = _score("555z666z456p78s99p+9s", {})
    assert next(a for a in r.awards if a.id == "dragon_pung").value == 2


def test_double_wind_scores_twice() -> None:  # EMA-YAKU-12
    r = _score("111z123m456p78s99p+9s", {"seat_wind": "E"})
    assert {"seat_wind", "prevalent_wind"} <= r.ids
    assert r.han == 2


def test_little_three_dragons_adds_the_two_pungs() -> None:  # EMA-YAKU-24
    r = _score("555z666z77z123m45m+6m", {})
    assert r.han == 2 + 2 + 3  # shousangen + 2 dragon pungs + half flush


def test_honroutou_with_all_pungs_and_seven_pairs() -> None:  # EMA-YAKU-25, EMA-GAP-38
    r = _score("111m999p111z9s[222z]+9s", {})
    assert {"all_terminals_and_honours", "all_pungs"} <= r.ids
    s = _score("11m99m11p99p11z22z3z+3z", {})
    assert s.ids == {"seven_pairs", "all_terminals_and_honours"}
    assert s.han == 4


def test_dora_not_a_yaku() -> None:  # EMA-WIN-2, EMA-DORA-5
    r = _score("123m567m345p68s99p+7s", {"dora": ["8p"]})
    assert not r.valid
    assert r.han == 2
    assert r.value == 0
    assert "no yaku" in str(r.reason)


def test_yakuman_drop_dora_and_do_not_stack_in_ema() -> None:  # EMA-YKM-0, EMA-GAP-32
    r = _score("111z222z333z7z[555z]+7z", {"dora": ["6z"]})
    assert r.ids == {"all_honours"}
    assert r.value == 32000
    both = _score("555z666z777z111z2z+2z", {})  # all honours + big three dragons
    assert len(both.awards) == 1
    assert both.value == 32000
    t = _score("555z666z777z111z2z+2z", {}, TENHOU)
    assert t.ids == {"all_honours", "big_three_dragons", "four_concealed_pungs_single"}
    assert t.value == 32000 * 4


def test_tenhou_preset() -> None:  # riichi-tenhou options
    open_tanyao = "234m567m345p22p[678s<]+2p"
    assert "all_simples" not in _score(open_tanyao, {}).ids
    assert _score(open_tanyao, {}, TENHOU).ids == {"all_simples"}
    assert _score("19m19p19s1234567z+1m", {}, TENHOU).value == 64000
    assert _score("1112345678999m+5m", {}, TENHOU).value == 64000
    assert _score("19m19p19s1234567z+1m", {}).value == 32000
    man = _score("234m567m345p67s22p+8s", {"flags": {"first_turn"}}, TENHOU)
    assert "blessing_of_man" not in man.ids
    assert man.rules == "riichi-tenhou"
    assert TENHOU.describe() != EMA.describe()


def test_replacement_counts_as_tsumo_for_fu() -> None:  # EMA-GAP-30
    r = _score("123m456p78s99s(8888m)+6s", {"win": "tsumo", "flags": {"replacement"}})
    assert {"after_kong", "menzen_tsumo"} <= r.ids
    assert any(i["en"] == "tsumo" for i in r.extra["fu_breakdown"])
