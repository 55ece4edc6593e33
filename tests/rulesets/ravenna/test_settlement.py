"""Ravenna settlement: seed 004's simulations (RAV-TV-1…7), the dead seat, void deals."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muraglia.errors import RulesetError
from muraglia.rulesets.ravenna.settlement import RAVENNA_TERMS, SEATS, settle_values
from muraglia.scoring.classical import difference_payment, round_amount

CASES = tomllib.loads((Path(__file__).parent / "cases" / "settlement_seed.toml").read_text())


def _values(case: dict) -> dict[str, int]:
    # RAV-SCORE-1/2: the winner adds 20 for Mah-Jong; everybody multiplies by 2^doubles.
    out = {}
    for seat in SEATS:
        points = case["points"][seat]
        if seat in case["winners"]:
            points += 20
        out[seat] = points * 2 ** case["doubles"][seat]
    return out


@pytest.mark.parametrize("case", CASES["case"], ids=[c["id"] for c in CASES["case"]])
def test_seed_settlement(case: dict) -> None:
    values = _values(case)
    if "values" in case:
        assert values == case["values"]
    result = settle_values(values, winners=case["winners"], dead=case.get("dead"))
    got = sorted((t.payer, t.payee, t.amount) for t in result.transfers)
    want = sorted((t["from"], t["to"], t["amount"]) for t in case["transfers"])
    assert got == want
    assert result.net == case["net"]


@pytest.mark.parametrize("case", CASES["difference"], ids=[c["id"] for c in CASES["difference"]])
def test_difference(case: dict) -> None:
    got = difference_payment(
        (case["high"], case["high_value"]),
        (case["low"], case["low_value"]),
        east="E",
        terms=RAVENNA_TERMS,
    )
    assert got == case["amount"]


@pytest.mark.parametrize(
    ("amount", "rounded"),
    # RAV-ROUND-2: every example printed in the source.
    [
        (4, 0),
        (8, 10),
        (16, 20),
        (24, 20),
        (32, 30),
        (48, 50),
        (76, 80),
        (84, 80),
        (136, 140),
        (152, 150),
        (168, 170),
        (22, 20),
        (5, 0),
        (15, 10),
        (0, 0),
    ],
)
def test_round_amount(amount: int, rounded: int) -> None:
    assert round_amount(amount, RAVENNA_TERMS.rounding) == rounded


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"winners": ("S",), "dead": "E"}, "cannot be East"),
        ({"winners": ("N",), "dead": "N"}, "cannot win"),
        ({"winners": ("X",)}, "unknown seat"),  # classical.settle's own check
    ],
)
def test_bad_settlement(kwargs: dict, message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        settle_values(dict.fromkeys(SEATS, 10), **kwargs)


def test_missing_seat() -> None:
    with pytest.raises(RulesetError, match="a value for each seat"):
        settle_values({"E": 1, "S": 2, "W": 3}, winners=("E",))


_value = st.integers(min_value=0, max_value=200)
_values_st = st.fixed_dictionaries({s: _value for s in SEATS})


@given(_values_st, st.lists(st.sampled_from(SEATS), max_size=3, unique=True))
def test_net_sums_to_zero(values: dict[str, int], winners: list[str]) -> None:
    net = settle_values(values, winners=winners).net
    assert sum(net.values()) == 0
    if len(winners) != 1:  # RAV-END-2: void deal
        assert set(net.values()) == {0}


@given(_values_st, st.sampled_from(("E", "S", "W")), st.sampled_from(("S", "W", "N")))
def test_morto_pays_mahjong_only(values: dict[str, int], winner: str, dead: str) -> None:
    if winner == dead:
        winner = "E"
    result = settle_values(values, winners=(winner,), dead=dead)
    transfers, net = result.transfers, result.net
    # RAV-3P-3/4: the dead seat pays the winner V' (double to East: "L'Est paga doppio e
    # riscuote doppio", seed 004) and nothing else.
    dead_moves = [t for t in transfers if dead in (t.payer, t.payee)]
    assert all(t.payer == dead and t.reason == "mahjong" for t in dead_moves)
    assert -net[dead] == round_amount(values[winner] * (2 if winner == "E" else 1))
    assert sum(net.values()) == 0


@given(_values_st, st.sampled_from(SEATS))
def test_amounts_are_rounded(values: dict[str, int], winner: str) -> None:
    transfers = settle_values(values, winners=(winner,)).transfers
    assert all(t.amount % 10 == 0 and t.amount > 0 for t in transfers)
    # RAV-PAY-1: East pays or collects double the others' Mah-Jong payment, rounded once.
    for t in transfers:
        if t.reason == "mahjong":
            factor = 2 if "E" in (t.payer, t.payee) else 1
            assert t.amount == round_amount(values[winner] * factor)
