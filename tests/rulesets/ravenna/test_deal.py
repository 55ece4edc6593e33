"""Ravenna whole-deal settlement from the four hands (``cases/deals.toml``)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from tests.rulesets.ravenna.helpers import settle_deal

from muraglia.errors import MahjongError, RulesetError
from muraglia.notation import parse_hand

DEALS = tomllib.loads((Path(__file__).parent / "cases" / "deals.toml").read_text())["deal"]


def _settle(case: dict, **over: object):
    kwargs: dict = {
        "winners": case["winners"],
        "discarder": case.get("discarder"),
        "statuses": case.get("statuses"),
        "dead": case.get("dead"),
    }
    kwargs.update(over)
    hands = dict(case["hands"])  # notation: parsed by settle_deal, 12-tile hands included
    return settle_deal(hands, **kwargs)


@pytest.mark.parametrize("case", DEALS, ids=[c["id"] for c in DEALS])
def test_deal(case: dict) -> None:
    result = _settle(case)
    assert result.values == case["values"]
    assert result.net == case["net"]
    assert sum(result.net.values()) == 0
    assert result.extra["void"] == case.get("void", False)
    d = result.to_dict()
    assert d["net"] == case["net"]


def test_penalised_winner_rejected() -> None:
    case = DEALS[0]
    with pytest.raises(MahjongError, match="cannot make Mah-Jong"):
        _settle(case, statuses={"S": "wrong_draw"})


def test_missing_hand() -> None:
    case = DEALS[0]
    with pytest.raises(MahjongError, match="missing hand"):
        settle_deal({"S": parse_hand(case["hands"]["S"])}, winners=["S"], discarder="W")


def test_broken_rack_needs_a_false_call() -> None:
    case = DEALS[3]
    with pytest.raises(RulesetError, match="false Mah-Jong caller"):
        _settle(case, statuses={"N": "broken_rack"})


def test_settlement_explanation_bilingual() -> None:
    result = _settle(DEALS[0])
    it, en = result.explanation["it"], result.explanation["en"]
    assert len(it) == len(en)
    assert not any(line.startswith("South pays") for line in en)  # the winner only collects
    # RAV-PAY-1: East pays double, rounded after doubling.
    assert "Est paga a Sud 100 (Mah-Jong: 48 × 2 = 96 → 100)" in it
    # RAV-PAY-3: East's value compared as it is, the difference doubled.
    assert "West pays East 60 (hand-point difference: (28 − 0) × 2 = 56 → 60)" in en
    assert "Est (Est: paga e riscuote doppio) — stecca: 28" in it
    assert it[-1] == "Saldo: Est -80, Sud +200, Ovest -160, Nord +40"
    assert _settle(DEALS[2]).explanation["it"] == ("Mano a monte: nessun pagamento.",)


def test_dead_seat_has_no_hand() -> None:
    case = DEALS[0]
    with pytest.raises(MahjongError, match="dead seat 'N' holds no hand"):
        _settle(case, dead="N")


def test_broken_rack_pays_a_capped_mahjong() -> None:
    # RAV-PEN-6 (RAV-GAP-25): the rack-breaker (North) pays each innocent player a Mah-Jong of
    # his hand. South holds 20 hand points and 3 doubles: (20 + 20) × 2^3 = 320, paid as the
    # massimo, 200 (RAV-MAX-2); East's 8 points are 28, doubled to East (RAV-PAY-1).
    hands = {
        "E": "12344m89p [222s<] [444s^] 8f",
        "S": "4566677s [222z<] [555z<] 67f",
        "W": "337799m22p8899s11z 3f",
        "N": "222558m8p35569s4z 1245f",
    }
    result = settle_deal(hands, winners=[], statuses={"N": "broken_rack", "W": "false_mahjong"})
    assert result.values == {"E": 28, "S": 200, "W": 0, "N": 0}
    assert result.net == {"E": 60, "S": 200, "W": 0, "N": -260}
    # the explanation says the value was capped, as for any other hand (a correction: the
    # capped Mah-Jong of a broken rack was shown without "(massimo 200)" before the port)
    assert "  40 points × 2^3 → 200 (massimo 200)" in result.explanation["en"]
    assert "North pays South 200 (broken rack)" in result.explanation["en"]
