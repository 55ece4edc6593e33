"""Classical settlement arithmetic (FIMJ-PAY, FIMJ-ROUND, FIMJ-LIMIT), shared by three rulesets."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muraglia.errors import RulesetError
from muraglia.scoring.classical import (
    DEFAULT_SEATS,
    EastDoubling,
    MultipleWinners,
    Rounding,
    SettlementTerms,
    difference_payment,
    hand_value,
    mahjong_payment,
    mahjong_payments,
    round_amount,
    settle,
)

CASES = tomllib.loads(
    (Path(__file__).parents[1] / "rulesets" / "fimj" / "cases" / "settlement.toml").read_text(
        encoding="utf-8"
    )
)


def _east(case: dict) -> str | None:
    east = case.get("east", "E")
    return None if east == "none" else east


@pytest.mark.parametrize("case", CASES["case"], ids=[c["id"] for c in CASES["case"]])
def test_fimj_settlement_vectors(case: dict) -> None:
    # FIMJ-TV-1, -5, -6, -7, -9, -10, -11, -12; FIMJ-END-2; FIMJ-GAP-38
    got = settle(case["values"], winners=case["winners"], east=_east(case), dead=case.get("dead"))
    assert sorted((t.payer, t.payee, t.amount) for t in got.transfers) == sorted(
        (t["from"], t["to"], t["amount"]) for t in case["transfers"]
    )
    assert got.net == case["net"]


@pytest.mark.parametrize(("amount", "rounded"), CASES["rounding"][0]["cases"])
def test_rounding_fimj_tv2(amount: int, rounded: int) -> None:
    assert round_amount(amount) == rounded


@pytest.mark.parametrize(
    ("mode", "amount", "rounded"),
    [
        (Rounding.TENS_HALF_UP, 25, 30),
        (Rounding.TENS_HALF_UP, 24, 20),
        (Rounding.NONE, 25, 25),
        (Rounding.TENS_HALF_DOWN, 25, 20),
    ],
)
def test_rounding_modes(mode: Rounding, amount: int, rounded: int) -> None:
    assert round_amount(amount, mode) == rounded


def test_rounding_rejects_negative() -> None:
    with pytest.raises(ValueError, match="-5"):
        round_amount(-5)


@pytest.mark.parametrize("case", CASES["limit"][0]["cases"], ids=lambda c: str(c["points"]))
def test_limit_before_east_double(case: dict) -> None:
    # FIMJ-TV-14, FIMJ-GAP-2: cap first, then East doubles.
    value = hand_value(case["points"], case["doubles"], limit=1000)
    assert value == case["value"]
    terms = SettlementTerms()
    assert mahjong_payment(value, payer="E", payee="S", east="E", terms=terms) == case["east_pays"]


def test_hand_value_without_limit() -> None:
    assert hand_value(66, 5, limit=None) == 2112


def test_hand_value_rejects_negative() -> None:
    with pytest.raises(ValueError, match="non-negative"):
        hand_value(-2, 1, limit=1000)


def test_seed_worked_example_unrounded() -> None:
    # seed 000: "SUD paga ad EST 32-18 = 14 * 2 = 28 ... paga ad OVEST 64-18 = 46"
    terms = SettlementTerms(rounding=Rounding.NONE)
    assert difference_payment(("E", 32), ("S", 18), east="E", terms=terms) == 28
    assert difference_payment(("W", 64), ("E", 32), east="E", terms=terms) == 64
    assert difference_payment(("W", 64), ("S", 18), east="E", terms=terms) == 46
    got = settle({"E": 32, "S": 18, "W": 64, "N": 0}, winners=["N"], terms=terms)
    assert got.net == {"E": -36, "S": -74, "W": 110, "N": 0}


def test_east_doubling_before_difference_differs() -> None:
    terms = SettlementTerms(east_doubling=EastDoubling.BEFORE_DIFFERENCE)
    # East 32 doubled to 64 equals West's 64: nothing changes hands between them.
    assert difference_payment(("W", 64), ("E", 32), east="E", terms=terms) == 0
    assert difference_payment(("E", 32), ("S", 18), east="E", terms=terms) == 50


def test_east_doubling_none() -> None:
    terms = SettlementTerms(east_doubling=EastDoubling.NONE)
    assert difference_payment(("E", 32), ("S", 18), east="E", terms=terms) == 10


def test_difference_rejects_wrong_order() -> None:
    with pytest.raises(ValueError, match="higher"):
        difference_payment(("E", 10), ("S", 18), east="E", terms=SettlementTerms())


def test_multiple_winners_void() -> None:
    terms = SettlementTerms(multiple_winners=MultipleWinners.VOID)
    got = settle({"E": 1, "S": 136, "W": 68, "N": 1}, winners=["S", "W"], terms=terms)
    assert got.transfers == ()


def test_multiple_winners_independent() -> None:
    terms = SettlementTerms(multiple_winners=MultipleWinners.INDEPENDENT, loser_differences=False)
    got = settle({"E": 32, "S": 136, "W": 68, "N": 10}, winners=["S", "W"], terms=terms)
    assert got.net == {"E": -410, "S": 410, "W": 210, "N": -210}


def test_liable_seat_pays_every_share() -> None:
    # SEI-PAY-2: the discarder pays all shares, each rounded (SEI-GAP-23).
    terms = SettlementTerms(loser_differences=False)
    got = settle({"E": 0, "S": 136, "W": 0, "N": 0}, winners=["S"], liable="W", terms=terms)
    assert got.net == {"E": 0, "S": 550, "W": -550, "N": 0}
    assert all(t.payer == "W" for t in got.transfers)


def test_dead_seat_pays_mahjong_never_doubled() -> None:
    # RAV-3P-4 style, available to FIMJ as the FIMJ-CONF knob.
    terms = SettlementTerms(dead_seat_pays_mahjong=True)
    got = settle({"E": 0, "S": 136, "W": 0, "N": 0}, winners=["S"], dead="N", terms=terms)
    assert got.net == {"E": -270, "S": 550, "W": -140, "N": -140}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"values": {"E": 1, "S": 1, "W": 1}, "winners": ["S"]}, "each seat"),
        ({"values": {"E": 1, "S": -1, "W": 1, "N": 1}, "winners": ["E"]}, "negative"),
        ({"values": {"E": 1, "S": 1, "W": 1, "N": 1}, "winners": ["S", "S"]}, "twice"),
        ({"values": {"E": 1, "S": 1, "W": 1, "N": 1}, "winners": ["X"]}, "'X'"),
        ({"values": {"E": 1, "S": 1, "W": 1, "N": 1}, "winners": ["N"], "dead": "N"}, "dead"),
        ({"values": {"E": 1, "S": 1, "W": 1, "N": 1}, "winners": ["N"], "liable": "N"}, "liable"),
        ({"values": {"E": 1, "S": 1, "W": 1, "N": 1}, "winners": ["E", "S", "W", "N"]}, "lose"),
    ],
)
def test_settle_rejects_inconsistent_input(kwargs: dict, message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        settle(**kwargs)


values_st = st.fixed_dictionaries({s: st.integers(0, 3000) for s in DEFAULT_SEATS})
winners_st = st.lists(st.sampled_from(DEFAULT_SEATS), min_size=0, max_size=3, unique=True)


@given(values=values_st, winners=winners_st, east=st.sampled_from([*DEFAULT_SEATS, None]))
def test_net_sums_to_zero(values: dict, winners: list, east: str | None) -> None:
    got = settle(values, winners=winners, east=east)
    assert sum(got.net.values()) == 0
    assert all(t.amount > 0 and t.amount % 10 == 0 for t in got.transfers)


@given(value=st.integers(0, 5000), payer=st.sampled_from(DEFAULT_SEATS))
def test_east_doubles_before_rounding(value: int, payer: str) -> None:
    # FIMJ-PAY-1, FIMJ-ROUND-2: East's payment is R(2V), not 2R(V).
    terms = SettlementTerms()
    winner = "S" if payer != "S" else "W"
    paid = mahjong_payment(value, payer=payer, payee=winner, east="E", terms=terms)
    assert paid == round_amount(value * (2 if payer == "E" else 1))
    assert abs(paid - value * (2 if payer == "E" else 1)) <= 5


@given(high=st.integers(0, 3000), low=st.integers(0, 3000))
def test_east_doubles_the_difference(high: int, low: int) -> None:
    # FIMJ-PAY-2: the difference is doubled after it is computed, then rounded.
    high, low = max(high, low), min(high, low)
    terms = SettlementTerms()
    assert difference_payment(("E", high), ("S", low), east="E", terms=terms) == round_amount(
        2 * (high - low)
    )
    assert difference_payment(("W", high), ("S", low), east="E", terms=terms) == round_amount(
        high - low
    )


@given(points=st.integers(0, 500), doubles=st.integers(0, 12), limit=st.integers(10, 5000))
def test_adding_a_double_never_lowers_the_value(points: int, doubles: int, limit: int) -> None:
    assert hand_value(points, doubles + 1, limit=limit) >= hand_value(points, doubles, limit=limit)
    assert hand_value(points, doubles, limit=limit) <= limit


@given(
    value=st.integers(0, 5000),
    winner=st.sampled_from(DEFAULT_SEATS),
    liable=st.sampled_from((None, *DEFAULT_SEATS)),
    east=st.sampled_from((None, *DEFAULT_SEATS)),
    terms=st.sampled_from(
        (
            SettlementTerms(),
            SettlementTerms(rounding=Rounding.NONE, east_factor=1),
            SettlementTerms(rounding=Rounding.TENS_HALF_UP, multiple_winners=MultipleWinners.VOID),
            SettlementTerms(east_doubling=EastDoubling.BEFORE_DIFFERENCE, loser_differences=False),
        )
    ),
)
def test_one_winners_payments_are_settles_net(
    value: int, winner: str, liable: str | None, east: str | None, terms: SettlementTerms
) -> None:
    """A score's payments (FIMJ, Ravenna, Seipalle): settle() of that winner alone."""
    if liable == winner:
        liable = None
    values = dict.fromkeys(DEFAULT_SEATS, 0) | {winner: value}
    settled = settle(values, winners=(winner,), east=east, terms=terms, liable=liable).net
    got = mahjong_payments(value, winner=winner, east=east, terms=terms, liable=liable)
    assert got == settled
    assert list(got) == list(settled)  # the seats in order of play
