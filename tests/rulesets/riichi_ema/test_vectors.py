"""Every worked example of spec/riichi-ema.md §27 (EMA-TV-nn) as a test case."""

from __future__ import annotations

from typing import Any

import pytest

from muraglia.rulesets import load_ruleset, score

EMA = load_ruleset("riichi-ema")


def ema(hand: str, **kw: Any) -> Any:
    return score(hand, rules=EMA, **kw)


def test_tv11_riichi_pinfu_tanyao_ron() -> None:  # EMA-TV-11
    r = ema("234m567m345p67s22p+8s", win="ron", seat_wind="S", round_wind="E",
            flags={"riichi"}, dora=["1z"], ura=["9p"], discarder="W", riichi_sticks=1)  # fmt: skip
    assert r.ids == {"riichi", "pinfu", "all_simples"}
    assert (r.han, r.fu, r.value) == (3, 30, 3900)
    assert r.payments == {"E": 0, "S": 4900, "W": -3900, "N": 0, "table": -1000}


def test_tv12_tsumo_pinfu_dealer_and_counters() -> None:  # EMA-TV-12
    r = ema("123p456p789s45m99m+3m", win="tsumo", seat_wind="E", dora=["5z"])
    assert r.ids == {"menzen_tsumo", "pinfu"}
    assert (r.han, r.fu, r.value) == (2, 20, 2100)
    assert r.payments == {"E": 2100, "S": -700, "W": -700, "N": -700}
    r2 = ema("123p456p789s45m99m+3m", win="tsumo", seat_wind="E", dora=["5z"], honba=2)
    assert r2.payments == {"E": 2700, "S": -900, "W": -900, "N": -900}


def test_tv13_seven_pairs_red_five() -> None:  # EMA-TV-13
    r = ema("11m05m77p33s99s11z5z+5z", win="tsumo", seat_wind="W", round_wind="E", dora=["4p"])
    assert r.ids == {"seven_pairs", "menzen_tsumo", "red_five"}
    assert (r.han, r.fu, r.value) == (4, 25, 6400)
    assert r.payments == {"E": -3200, "S": -1600, "W": 6400, "N": -1600}


def test_tv14_open_dragon_pung_single_wait() -> None:  # EMA-TV-14
    r = ema("678m345p9p[777z][234s<]+9p", win="ron", seat_wind="S", dora=["8p"])
    assert (r.han, r.fu, r.value) == (3, 30, 3900)
    assert [i["fu"] for i in r.extra["fu_breakdown"]] == [20, 4, 2]
    r2 = ema("678m345p9p[777z][234s<]+9p", win="ron", seat_wind="S", dora=["1m"])
    assert (r2.han, r2.fu, r2.value) == (1, 30, 1000)


def test_tv15_four_han_thirty_fu_not_mangan() -> None:  # EMA-TV-15
    kw: dict[str, Any] = {"win": "ron", "flags": {"riichi"}, "dora": ["1s"], "ura": ["1z"]}
    r = ema("234m234m567p45s88s+3s", seat_wind="E", **kw)
    assert r.ids == {"riichi", "pinfu", "all_simples", "pure_double_chow"}
    assert (r.han, r.fu, r.value, r.limit) == (4, 30, 11600, None)
    assert ema("234m234m567p45s88s+3s", seat_wind="S", **kw).value == 7700


def test_tv16_concealed_kong_and_kan_ura_dora() -> None:  # EMA-TV-16
    r = ema("111m345s68s22p(9999p)+7s", win="ron", seat_wind="W", flags={"riichi"},
            dora=["2m", "5z"], ura=["1p", "8m"])  # fmt: skip
    assert r.fu == 80
    assert r.extra["fu_breakdown"][0]["fu"] == 30
    assert sorted(i["fu"] for i in r.extra["fu_breakdown"]) == [2, 8, 30, 32]
    assert r.han == 3
    assert r.limit == "mangan"
    assert r.value == 8000


def test_tv17_haneman_and_baiman_tsumo() -> None:  # EMA-TV-17
    r = ema("123p456p789p777z5p+5p", win="tsumo", seat_wind="E", dora=["3s"])
    assert r.ids == {"menzen_tsumo", "half_flush", "pure_straight", "dragon_pung"}
    assert (r.han, r.limit, r.value) == (7, "haneman", 18000)
    red = ema("123p456p789p777z0p+5p", win="tsumo", seat_wind="E", dora=["3s"])
    assert (red.han, red.limit, red.value) == (8, "baiman", 24000)
    assert red.payments == {"E": 24000, "S": -8000, "W": -8000, "N": -8000}


def test_tv18_thirteen_orphans_single_yakuman() -> None:  # EMA-TV-18
    r = ema("19m19p19s1234567z+1m", win="ron", seat_wind="S", honba=1, discarder="E")
    assert r.limit == "yakuman"
    assert (r.han, r.fu, r.extra["yakuman"]) == (None, None, 1)  # han and fu do not apply
    assert r.value == 32000
    assert r.payments is not None
    assert r.payments["S"] == 32300


def test_tv19_big_four_winds_pao() -> None:  # EMA-TV-19
    hand = "5m[111z][222z][333z][444z^]+5m"
    r = ema(hand, win="tsumo", seat_wind="S", pao="N")
    assert (r.value, r.limit) == (64000, "double yakuman")
    assert r.payments == {"E": 0, "S": 64000, "W": 0, "N": -64000}
    r2 = ema(hand, win="ron", seat_wind="S", pao="N", discarder="W")
    assert r2.payments == {"E": 0, "S": 64000, "W": -32000, "N": -32000}
    # the melds say it already: the fourth wind set's source (^, across: North) is liable
    assert ema(hand, win="tsumo", seat_wind="S").payments == r.payments
    nopao = ema(hand.replace("^", ""), win="tsumo", seat_wind="S")  # no source written
    assert nopao.payments == {"E": -32000, "S": 64000, "W": -16000, "N": -16000}


def test_tv20_multiple_ron() -> None:  # EMA-TV-20
    # East: 2 han 40 fu; West (riichi): 1 han 40 fu; North discards 3m.
    s = EMA.settle_dict(
        {
            "winners": ["E", "W"],
            "discarder": "N",
            "hands": {"E": "223344m567p555z1s+1s", "W": "111p456m789m23s77p+1s"},
            "riichi": ["W"],
            "honba": 2,
            "riichi_sticks": 1,
        }
    )
    assert s["values"] == {"E": 3900, "W": 1300}
    assert s["net"] == {"E": 5500, "S": 0, "W": 1900, "N": -6400, "table": -1000}
    assert (s["honba"], s["dealer_keeps"], s["riichi_sticks"]) == (3, True, 0)


def test_tv21_exhaustive_draw_and_noten_riichi_chombo() -> None:  # EMA-TV-21
    base = {"tenpai": ["E", "W"], "riichi": ["W"], "honba": 0}
    s = EMA.settle_dict(base)
    assert s["net"] == {"E": 1500, "S": -1500, "W": 500, "N": -1500, "table": 1000}
    assert (s["honba"], s["riichi_sticks"], s["dealer_keeps"]) == (1, 1, True)
    c = EMA.settle_dict({**base, "tenpai": ["E"]})
    assert c["net"] == {"E": 4000, "S": 2000, "W": -8000, "N": 2000, "table": 0}
    assert (c["honba"], c["riichi_sticks"], c["dealer_keeps"]) == (0, 0, True)


def test_tv22_counted_yakuman() -> None:  # EMA-TV-22
    r = ema("2233445566788s+7s", win="tsumo", seat_wind="S", flags={"riichi"})
    assert r.ids == {
        "riichi", "menzen_tsumo", "pinfu", "all_simples", "twice_pure_double_chow", "full_flush",
    }  # fmt: skip
    assert (r.han, r.limit, r.value) == (13, "yakuman", 32000)
    assert r.payments == {"E": -16000, "S": 32000, "W": -8000, "N": -8000}


def test_tv23_open_pinfu() -> None:  # EMA-TV-23
    hand = "456p78p234s55m[123p<]+9p"
    r = ema(hand, win="ron", seat_wind="N", round_wind="E")
    assert r.ids == {"pure_straight"}
    assert (r.han, r.fu, r.value) == (1, 30, 1000)
    assert r.extra["fu_breakdown"][-1]["fu"] == 2
    t = ema(hand, win="tsumo", seat_wind="N", round_wind="E")
    assert (t.fu, t.payments) == (30, {"E": -500, "S": -300, "W": -300, "N": 1100})


def test_tv24_double_wind_pair_not_pinfu() -> None:  # EMA-TV-24
    r = ema("123m456m789p56s11z+7s", win="ron", seat_wind="E", round_wind="E", flags={"riichi"})
    assert r.ids == {"riichi"}
    assert (r.han, r.fu, r.value) == (1, 40, 2000)


def test_tv25_two_yaku_at_five_counters() -> None:  # EMA-TV-25
    hand = "234m567m345p67s22p+8s"
    # riichi + 3 dora on a closed wait: only 1 han from yaku
    one = ema("123m567m345p68s99p+7s", win="ron", seat_wind="S", flags={"riichi"},
              dora=["8p", "9m"], honba=5)  # fmt: skip
    assert not one.valid
    assert "2 han" in str(one.reason)
    two = ema("123m567m345p68s99p+7s", win="tsumo", seat_wind="S", flags={"riichi"},
              dora=["8p", "9m"], honba=5)  # fmt: skip
    assert two.valid
    assert (two.han, two.limit) == (5, "mangan")
    assert two.payments == {"E": -4500, "S": 9500, "W": -2500, "N": -2500}
    assert ema(hand, win="ron", seat_wind="S", flags={"riichi"}, honba=5).valid


def test_tv26_nagashi_mangan() -> None:  # EMA-TV-26
    s = EMA.settle_dict({"status": {"S": "nagashi_mangan"}, "honba": 1, "tenpai": ["E"]})
    assert s["net"] == {"E": -4100, "S": 8300, "W": -2100, "N": -2100, "table": 0}
    assert (s["honba"], s["dealer_keeps"]) == (0, False)


@pytest.mark.parametrize(
    ("seat", "expected"), [("E", 18000), ("S", 12000)], ids=["east", "non-east"]
)
def test_tv02_haneman_ron(seat: str, expected: int) -> None:  # EMA-TV-02
    r = ema("123p456p789p777z5p+5p", win="ron", seat_wind=seat, dora=["1z"])
    assert r.limit == "haneman"
    assert r.value == expected


@pytest.mark.parametrize(
    ("tenpai", "net"),
    [
        (["S"], {"E": -1000, "S": 3000, "W": -1000, "N": -1000}),
        (["S", "N"], {"E": -1500, "S": 1500, "W": -1500, "N": 1500}),
        (["E", "S", "W"], {"E": 1000, "S": 1000, "W": 1000, "N": -3000}),
        ([], {"E": 0, "S": 0, "W": 0, "N": 0}),
        (["E", "S", "W", "N"], {"E": 0, "S": 0, "W": 0, "N": 0}),
    ],
    ids=["one", "two", "three", "none", "all"],
)
def test_tv03_noten_payments(tenpai: list[str], net: dict[str, int]) -> None:  # EMA-TV-03
    s = EMA.settle_dict({"tenpai": tenpai})
    assert {k: v for k, v in s["net"].items() if k != "table"} == net


@pytest.mark.parametrize(
    ("scores", "uma"),
    [
        ({"E": 10, "S": 10, "W": 0, "N": -20}, {"E": 6000, "S": 6000, "W": -3000, "N": -9000}),
        ({"E": 10, "S": 10, "W": 10, "N": -30}, {"E": 3000, "S": 3000, "W": 3000, "N": -9000}),
        ({"E": 20, "S": 10, "W": 10, "N": -40}, {"E": 9000, "S": 0, "W": 0, "N": -9000}),
    ],
    ids=["two-first", "three-first", "two-second"],
)
def test_tv04_uma_ties(scores: dict[str, int], uma: dict[str, int]) -> None:  # EMA-TV-04
    out = EMA.settle_dict({"final_scores": scores})
    assert out["uma"] == uma


def test_tv05_counters_ron() -> None:  # EMA-TV-05
    r = ema("234m567m345p67s22p+8s", win="ron", seat_wind="S", flags={"riichi"}, honba=3,
            discarder="N")  # fmt: skip
    assert r.payments is not None
    assert r.payments["S"] == 3900 + 900


def test_tv06_fu_rounding_and_fixed() -> None:  # EMA-TV-06
    assert ema("11m22m77p33s99s11z5z+5z", win="ron", seat_wind="S").fu == 25
    assert ema("234m567m345p67s22p+8s", win="ron", seat_wind="S", flags={"riichi"}).fu == 30
    assert ema("234m567m345p67s22p+8s", win="tsumo", seat_wind="S").fu == 20
    # 20 + 8 (concealed 111p) + 2 (tsumo) + 2 (closed wait) = 32 -> 40
    r = ema("111p456m789m13s77p+2s", win="tsumo", seat_wind="S")
    assert r.fu == 40
    assert sum(i["fu"] for i in r.extra["fu_breakdown"]) == 32
