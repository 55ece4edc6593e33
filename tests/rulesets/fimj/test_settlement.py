"""FIMJ settlement of whole deals from the hands (FIMJ-PAY, FIMJ-PEN, FIMJ-3P, FIMJ-TV)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from muraglia.errors import MahjongError
from muraglia.rulesets.fimj.rules import FimjOptions, FimjRules

DATA = tomllib.loads((Path(__file__).parent / "cases" / "deals.toml").read_text("utf-8"))


@pytest.mark.parametrize("deal", DATA["deal"], ids=[d["id"] for d in DATA["deal"]])
def test_deal(deal: dict) -> None:
    out = FimjRules(FimjOptions(**deal.get("options", {}))).settle_dict(deal["input"])
    assert out["ok"] is True
    assert out["values"] == deal["values"]
    if "transfers" in deal:
        got = sorted((t["from"], t["to"], t["amount"]) for t in out["transfers"])
        want = sorted((t["from"], t["to"], t["amount"]) for t in deal["transfers"])
        assert got == want
    assert out["net"] == deal["net"]
    assert sum(out["net"].values()) == 0
    assert len(out["explanation"]["it"]) == len(out["explanation"]["en"])


@pytest.mark.parametrize("case", DATA["error"], ids=[c["id"] for c in DATA["error"]])
def test_inconsistent_input_rejected(case: dict) -> None:
    with pytest.raises(MahjongError, match=case["message"]):
        FimjRules().settle_dict(case["input"])


def test_explanation_names_payments_per_seat() -> None:
    out = FimjRules().settle_dict(DATA["deal"][0]["input"])
    it, en = out["explanation"]["it"], out["explanation"]["en"]
    assert "Est paga a Sud 270 (mahjong)" in it
    assert "East pays South 270 (mahjong)" in en
    assert it[-1] == "Saldo: Est -220, Sud +550, Ovest -180, Nord -150"
    assert any(line.startswith("Sud — Mah-Jong: 136") for line in it)


def test_dead_seat_pays_knob() -> None:
    # FIMJ-GAP-38 knob: Ravenna-style, the dead seat pays the Mah-Jong, never doubled.
    deal = next(d for d in DATA["deal"] if d["id"] == "three-players")
    out = FimjRules(three_players=True, dead_seat_pays=True).settle_dict(deal["input"])
    assert out["net"] == {"E": -240, "S": 550, "W": -170, "N": -140}


def test_dead_east_nobody_doubles() -> None:
    deal = next(d for d in DATA["deal"] if d["id"] == "three-players")
    hands = dict(deal["input"]["hands"])
    hands["N"] = hands.pop("E")
    out = FimjRules(three_players=True).settle_dict({**deal["input"], "hands": hands})
    assert out["net"]["E"] == 0
    assert {t["amount"] for t in out["transfers"] if t["to"] == "S"} == {140}
