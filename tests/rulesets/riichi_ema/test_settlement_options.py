"""The settlement options where EMA and Tenhou differ, each tested with both values.

EMA values are the ``riichi-ema`` defaults; Tenhou's come from the ``riichi-tenhou`` preset and
follow the corpus records (``../shared/data/tenhou``, see ``docs/tenhou.md``).
"""

from __future__ import annotations

from typing import Any

import pytest

from muraglia.errors import RulesetError
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.riichi_ema import RiichiEma

EMA = load_ruleset("riichi-ema")
TENHOU = load_ruleset("riichi-tenhou")
PINFU = "234m567m345p67s22p+8s"  # riichi + pinfu + tanyao on 8s (ron: 3 han 30 fu, 3900)
TANYAO = "234m345p222345s8s+8s"  # tanyao only on 8s: 1 han 40 fu (1300)


def settle(data: dict[str, Any], **options: Any) -> dict[str, Any]:
    out: dict[str, Any] = RiichiEma(**options).settle_dict(data)
    assert sum(out["net"].values()) == 0
    return out


NAGASHI = {"status": {"N": "nagashi_mangan"}, "riichi": ["E"], "tenpai": ["E", "S"],
           "honba": 1, "riichi_sticks": 1}  # fmt: skip


@pytest.mark.parametrize(
    ("value", "net", "after"),
    [
        # EMA-GAP-23: a win: counters paid (100 each), the scorer takes both sticks, deal passes
        ("win", {"E": -4100 - 1000, "S": -2100, "W": -2100, "N": 8300 + 2000, "table": -1000},
         (0, 0, False)),
        # Tenhou: a draw: no counters, sticks stay (2), counter +1, tenpai East keeps the deal
        ("draw", {"E": -4000 - 1000, "S": -2000, "W": -2000, "N": 8000, "table": 1000},
         (2, 2, True)),
    ],
    ids=["win", "draw"],
)  # fmt: skip
def test_nagashi_settlement(value: str, net: dict[str, int], after: tuple[int, int, bool]) -> None:
    s = settle(NAGASHI, nagashi_settlement=value)
    assert s["net"] == net
    assert (s["honba"], s["riichi_sticks"], s["dealer_keeps"]) == after


def test_nagashi_draw_dealer_not_tenpai_passes() -> None:  # Tenhou: renchan only if tenpai
    s = settle({"status": {"E": "nagashi_mangan"}, "tenpai": ["S"]}, nagashi_settlement="draw")
    assert s["net"] == {"E": 12000, "S": -4000, "W": -4000, "N": -4000, "table": 0}
    assert (s["honba"], s["dealer_keeps"]) == (1, False)


DOUBLE_RON = {"winners": ["S", "W"], "discarder": "E", "honba": 2, "riichi": ["S", "W"],
              "riichi_sticks": 1, "hands": {"S": PINFU, "W": PINFU}}  # fmt: skip


@pytest.mark.parametrize(
    ("counters", "sticks", "s_gets", "w_gets"),
    [
        # EMA-HONBA-4 / EMA-STICK-3: both get 600; own stick back, the rest (1+0) to South
        ("each", "own_back", 3900 + 600 + 1000 + 1000, 3900 + 600 + 1000),
        ("first", "own_back", 3900 + 600 + 1000 + 1000, 3900 + 1000),
        # Tenhou: all three sticks to South (first after the discarder)
        ("each", "first", 3900 + 600 + 3000, 3900 + 600),
        ("first", "first", 3900 + 600 + 3000, 3900),
    ],
    ids=["ema", "counters-first", "sticks-first", "tenhou"],
)
def test_double_ron_counters_and_sticks(
    counters: str, sticks: str, s_gets: int, w_gets: int
) -> None:
    s = settle(DOUBLE_RON, multi_ron_counters=counters, multi_ron_sticks=sticks)
    # the seats' riichi deposits of this deal are in their net
    assert s["net"]["S"] == s_gets - 1000
    assert s["net"]["W"] == w_gets - 1000
    assert s["riichi_sticks"] == 0


def test_double_ron_counters_first_is_the_first_after_the_discarder() -> None:
    data = dict(DOUBLE_RON, discarder="N", winners=["S", "W"], riichi=[])
    data["hands"] = {"S": PINFU, "W": TANYAO}
    s = settle(data, multi_ron_counters="first")
    # South is first after North (N -> E -> S): only South gets the 600 (pinfu tanyao 2000)
    assert s["net"] == {"E": 0, "S": 2000 + 600 + 1000, "W": 1300, "N": -3900, "table": -1000}


END = {"final_scores": {"E": 16300, "S": 22100, "W": 30300, "N": 30300}, "riichi_sticks": 1}


@pytest.mark.parametrize(
    ("value", "points"),
    [
        ("share", {"E": 16300, "S": 22100, "W": 30800, "N": 30800}),  # EMA-GAP-22
        ("first_seat", {"E": 16300, "S": 22100, "W": 31300, "N": 30300}),  # Tenhou record
    ],
    ids=["share", "first_seat"],
)
def test_leftover_sticks_tie(value: str, points: dict[str, int]) -> None:
    out = RiichiEma(leftover_sticks_tie=value).settle_dict(END)
    assert {k: out["final_scores"][k] - out["uma"][k] for k in "ESWN"} == points


@pytest.mark.parametrize(
    ("value", "uma"),
    [
        ("share", {"E": 6000, "S": 6000, "W": -3000, "N": -9000}),  # EMA-UMA-2
        ("first_seat", {"E": 9000, "S": 3000, "W": -3000, "N": -9000}),  # Tenhou
    ],
    ids=["share", "first_seat"],
)
def test_uma_tie(value: str, uma: dict[str, int]) -> None:
    out = RiichiEma(uma_tie=value).settle_dict(
        {"final_scores": {"E": 35000, "S": 35000, "W": 30000, "N": 20000}}
    )
    assert out["uma"] == uma


# owari of 2019082700gm-00a9-0000-63d1f136 style games: 266,7.0,155,-24.0,428,52.0,151,-35.0
OWARI = {"final_scores": {"E": 26600, "S": 15500, "W": 42800, "N": 15100}}


@pytest.mark.parametrize(
    ("options", "result"),
    [
        ({}, {"E": -3400 + 3000, "S": -14500 - 3000, "W": 12800 + 9000, "N": -14900 - 9000}),
        ({"oka": 20000}, {"E": -400, "S": -17500, "W": 41800, "N": -23900}),
        ({"oka": 20000, "uma": "20000,10000,-10000,-20000", "result_rounding": "tenhou"},
         {"E": 7000, "S": -24000, "W": 52000, "N": -35000}),
        ({"return_points": 25000}, {"E": 1600 + 3000, "S": -9500 - 3000, "W": 17800 + 9000,
                                    "N": -9900 - 9000}),
    ],
    ids=["ema", "oka", "tenhou", "return"],
)  # fmt: skip
def test_game_result(options: dict[str, Any], result: dict[str, int]) -> None:
    out = RiichiEma(**options).settle_dict(OWARI)
    assert out["result"] == result


def test_tenhou_preset_game_result_matches_the_record() -> None:
    assert TENHOU.settle_dict(OWARI)["result"] == {"E": 7000, "S": -24000, "W": 52000, "N": -35000}
    assert EMA.options.oka == 0
    assert TENHOU.options.oka == 20000


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("nagashi_settlement", "maybe"),
        ("multi_ron_counters", "all"),
        ("multi_ron_sticks", ""),
        ("leftover_sticks_tie", "split"),
        ("uma_tie", "random"),
        ("result_rounding", "up"),
        ("oka", "20000"),
        ("return_points", True),
    ],
)
def test_bad_option_value_is_a_typed_error(option: str, value: Any) -> None:
    with pytest.raises(RulesetError, match=option):
        RiichiEma(**{option: value})
