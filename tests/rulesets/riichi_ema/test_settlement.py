"""Deal settlement: wins, sticks, counters, pao, chombo, draws, match end (EMA-END-5 order)."""

from __future__ import annotations

from typing import Any

import pytest

from muraglia.errors import MahjongError
from muraglia.rulesets import load_ruleset

EMA = load_ruleset("riichi-ema")
TENHOU = load_ruleset("riichi-tenhou")
PINFU = "234m567m345p67s22p+8s"  # riichi + pinfu + tanyao on 8s (ron: 3 han 30 fu)


def settle(data: dict[str, Any], rules: Any = EMA) -> dict[str, Any]:
    out: dict[str, Any] = rules.settle_dict(data)
    assert sum(out["net"].values()) == 0
    return out


def test_tsumo_win_collects_sticks_and_resets_counters() -> None:  # EMA-STICK-1, EMA-HONBA-3
    s = settle(
        {"winners": ["S"], "hands": {"S": PINFU}, "riichi": ["S", "N"], "honba": 2,
         "riichi_sticks": 1, "flags": {"S": ["ippatsu"]}}
    )  # fmt: skip
    # riichi ippatsu tsumo pinfu tanyao = 5 han: mangan 2000/4000, +200 each for counters
    assert s["values"] == {"S": 8000}
    assert s["net"] == {"E": -4200, "S": 8600 + 2000, "W": -2200, "N": -2200 - 1000, "table": -1000}
    assert (s["honba"], s["riichi_sticks"], s["dealer_keeps"]) == (0, 0, False)


def test_dealer_win_adds_counter() -> None:  # EMA-HONBA-2, EMA-GAME-1
    s = settle({"winners": ["E"], "discarder": "W", "hands": {"E": PINFU}, "riichi": ["E"]})
    assert s["net"] == {"E": 5800, "S": 0, "W": -5800, "N": 0, "table": 0}
    assert (s["honba"], s["dealer_keeps"]) == (1, True)


def test_pao_through_settle() -> None:  # EMA-PAO-2/3
    hand = "55m12m[555z][666z][777z^]+3m"
    s = settle({"winners": ["S"], "hands": {"S": hand}, "pao": {"S": "N"}, "honba": 1})
    assert s["net"] == {"E": 0, "S": 32300, "W": 0, "N": -32300, "table": 0}
    r = settle(
        {"winners": ["S"], "discarder": "E", "hands": {"S": hand}, "pao": {"S": "N"}, "honba": 1}
    )
    assert r["net"] == {"E": -16300, "S": 32300, "W": 0, "N": -16000, "table": 0}


@pytest.mark.parametrize(
    ("offender", "net"),
    [
        ("S", {"E": 4000, "S": -8000, "W": 2000, "N": 2000}),
        ("E", {"E": -12000, "S": 4000, "W": 4000, "N": 4000}),
    ],
    ids=["non-east", "east"],
)
def test_chombo(offender: str, net: dict[str, int]) -> None:  # EMA-PEN-2
    s = settle({"status": {offender: "chombo"}, "riichi": ["W"], "honba": 3, "riichi_sticks": 2})
    assert s["net"] == {**net, "table": 0}
    assert (s["honba"], s["riichi_sticks"], s["dealer_keeps"], s["chombo"]) == (
        3,
        2,
        True,
        offender,
    )


def test_chombo_void_with_a_simultaneous_win() -> None:  # EMA-PEN-2
    s = settle(
        {"winners": ["S"], "discarder": "W", "hands": {"S": PINFU}, "status": {"N": "chombo"}}
    )
    assert "chombo" not in s
    assert s["net"]["S"] == 2000


def test_abortive_draw() -> None:  # EMA-END-4, EMA-GAP-14
    s = settle({"draw": "abortive", "riichi": ["S", "W"], "honba": 1, "riichi_sticks": 1})
    assert s["net"] == {"E": 0, "S": -1000, "W": -1000, "N": 0, "table": 2000}
    assert (s["honba"], s["riichi_sticks"], s["dealer_keeps"]) == (2, 3, True)


def test_four_riichi_noten_is_chombo() -> None:  # EMA-END-4 (d), EMA-GAP-14
    four = {"draw": "abortive", "riichi": ["E", "S", "W", "N"]}
    ok = settle({**four, "tenpai": ["E", "S", "W", "N"]})
    assert (ok["net"]["table"], ok["honba"]) == (4000, 1)
    bad = settle({**four, "tenpai": ["E", "S", "N"]})
    assert bad["chombo"] == "W"
    assert bad["net"] == {"E": 4000, "S": 2000, "W": -8000, "N": 2000, "table": 0}


def test_tenpai_from_hands() -> None:  # EMA-TENPAI-1/2
    hands = {
        "E": "123m456m789m12p99s",  # tenpai (3p)
        "S": "123p456p789p11s99m",  # waits on 1s/9m (dual pung)
        "W": "111m23p456s789s11z",  # waits on 1p/4p
        "N": "13579m2468p1357s",  # noten
    }
    s = settle({"hands": hands})
    assert s["net"] == {"E": 1000, "S": 1000, "W": 1000, "N": -3000, "table": 0}
    assert s["dealer_keeps"]


def test_own_four_copies_wait_is_not_tenpai() -> None:  # EMA-TENPAI-2
    s = settle({"hands": {"E": "123m456m789m1111p", "S": "123m456m789m12p99s"}})
    assert s["net"] == {"E": -1000, "S": 3000, "W": -1000, "N": -1000, "table": 0}


def test_triple_ron_ema_pays_all_tenhou_aborts() -> None:  # EMA-GAP-8
    hands = {
        "E": "234m567m345p67s22p+8s",
        "S": "234m567m345p67s33p+8s",
        "W": "234m567m345p67s44p+8s",
    }
    data = {"winners": ["E", "S", "W"], "discarder": "N", "hands": hands}
    s = settle(data)
    assert s["net"]["N"] == -(2900 + 2000 + 2000)
    t = settle(data, TENHOU)
    assert t["net"] == {"E": 0, "S": 0, "W": 0, "N": 0, "table": 0}
    assert t["honba"] == 1


def test_invalid_inputs() -> None:
    with pytest.raises(MahjongError, match="dealer"):
        EMA.settle_dict({"dealer": "S"})
    with pytest.raises(MahjongError, match="no hand"):
        EMA.settle_dict({"winners": ["S"]})
    with pytest.raises(MahjongError, match="not a valid win"):
        EMA.settle_dict(
            {"winners": ["S"], "discarder": "W", "hands": {"S": "123m567m345p68s99p+7s"}}
        )
    with pytest.raises(MahjongError, match="several winners"):
        EMA.settle_dict({"winners": ["S", "W"], "hands": {"S": PINFU, "W": PINFU}})
    with pytest.raises(MahjongError, match="draw must be"):
        EMA.settle_dict({"draw": "sideways"})


def test_match_end_sticks_and_uma() -> None:  # EMA-STICK-5, EMA-UMA, EMA-GAP-22
    out = settle(
        {"final_scores": {"E": 12000, "S": 12000, "W": -4000, "N": -20000}, "riichi_sticks": 3}
    )
    assert out["uma"] == {"E": 6000, "S": 6000, "W": -3000, "N": -9000}
    assert out["final_scores"] == {"E": 19500, "S": 19500, "W": -7000, "N": -29000}
    one = settle({"final_scores": {"E": 1, "S": 0, "W": 0, "N": -1}, "riichi_sticks": 1})
    assert one["final_scores"] == {"E": 1 + 9000 + 1000, "S": 0, "W": 0, "N": -9001}


def test_no_pao_when_the_sets_are_not_all_melded() -> None:  # EMA-PAO-1 (source 3.3.6)
    hand = "555z12m55m[666z][777z^]+3m"  # white pung concealed: nobody fed a third melded set
    s = settle({"winners": ["S"], "hands": {"S": hand}, "pao": {"S": "N"}})
    assert s["net"] == {"E": -16000, "S": 32000, "W": -8000, "N": -8000, "table": 0}
