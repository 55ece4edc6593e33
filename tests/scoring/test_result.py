"""Award/ScoreResult/Settlement/DealOutcome dict forms (interfaces.md §5)."""

from __future__ import annotations

import pytest

from muraglia.scoring.result import Award, DealOutcome, ScoreResult, Settlement, Transfer

NAMES = {"en": "Riichi", "it": "Riichi", "ja": "立直"}


def test_score_result_to_dict_keys_and_roundtrip() -> None:
    r = ScoreResult(
        "riichi-ema", "234m+4m", True, (Award("riichi", NAMES, 1, "han"),), value=1000,
        han=1, fu=30, payments={"E": 0, "S": 1000, "W": -1000, "N": 0},
        explanation={"en": ("a",), "it": ("b",)},
    )  # fmt: skip
    d = r.to_dict()
    assert list(d) == [
        "ok", "rules", "hand", "valid_win", "patterns", "han", "fu", "limit", "value",
        "payments", "explanation",
    ]  # fmt: skip
    assert d["patterns"] == [
        {"id": "riichi", "en": "Riichi", "it": "Riichi", "value": 1, "unit": "han"}
    ]
    back = ScoreResult.from_dict(d)
    assert back.to_dict() == d
    assert r.patterns == r.awards
    assert r.ids == {"riichi"}
    assert r.lines("fr") == ("a",)


@pytest.mark.parametrize(
    "transfers",
    [
        [Transfer("W", "S", 3900)],
        [Transfer("E", "S", 2000), Transfer("W", "S", 1000), Transfer("N", "S", 1000)],
        [Transfer("table", "E", 2000), Transfer("N", "E", 4500), Transfer("N", "W", 1900)],
    ],
    ids=["ron", "tsumo", "sticks"],
)
def test_settlement_net_sums_to_zero(transfers: list[Transfer]) -> None:
    s = Settlement.from_transfers(transfers, parties=("E", "S", "W", "N"))
    assert sum(s.net.values()) == 0
    assert set(s.net) >= {"E", "S", "W", "N"}
    assert s.to_dict()["transfers"] == [t.to_dict() for t in transfers]


def test_deal_outcome_from_dict() -> None:
    o = DealOutcome.from_dict(
        {"rules": "x", "winners": ["S"], "discarder": "W", "honba": 2, "custom": 1,
         "flags": {"S": ["riichi"]}}
    )  # fmt: skip
    assert o.winners == ("S",)
    assert o.honba == 2
    assert o.flags == {"S": ("riichi",)}
    assert o.extra == {"custom": 1}
    with pytest.raises(TypeError, match="winners"):
        DealOutcome.from_dict({"winners": "S"})
    with pytest.raises(TypeError, match="honba"):
        DealOutcome.from_dict({"honba": "2"})
