"""FIMJ settlement of whole deals from the hands (FIMJ-PAY, FIMJ-PEN, FIMJ-3P, FIMJ-TV)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from muraglia.errors import MahjongError
from muraglia.rulesets.fimj import FimjOptions, FimjRules
from muraglia.scoring.classical import round_amount
from muraglia.tiles import Tile

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
    # FIMJ-PAY-1, FIMJ-ROUND-2: East doubles before rounding, and the line says so.
    assert "Est paga a Sud 270 (Mah-Jong: 136 × 2 = 272 → 270)" in it
    assert "East pays South 270 (Mah-Jong: 136 × 2 = 272 → 270)" in en
    # FIMJ-PAY-2: East's difference doubled after it is computed.
    assert "Ovest paga a Est 30 (differenza di stecca: (16 − 0) × 2 = 32 → 30)" in it
    assert "West pays North 10 (hand-point difference: 8 − 0 = 8 → 10)" in en
    assert it[-1] == "Saldo: Est -220, Sud +550, Ovest -180, Nord -150"
    assert any(line.startswith("Sud — Mah-Jong: 136") for line in it)


def test_seed_worked_example_explained() -> None:
    # FIMJ-TV-1: the explanation shows the seed's own arithmetic, East doubling after the
    # difference and rounding last (FIMJ-PAY-2, FIMJ-ROUND-2).
    deal = next(d for d in DATA["deal"] if d["id"].startswith("TV-1-"))
    it = FimjRules().settle_dict(deal["input"])["explanation"]["it"]
    assert "Sud paga a Est 30 (differenza di stecca: (32 − 18) × 2 = 28 → 30)" in it
    assert "Est paga a Ovest 60 (differenza di stecca: (64 − 32) × 2 = 64 → 60)" in it
    assert "Sud paga a Ovest 50 (differenza di stecca: 64 − 18 = 46 → 50)" in it


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


# ------------------------------------------------------------------ properties

SEATS = ("E", "S", "W", "N")


@st.composite
def deals(draw: st.DrawFn) -> dict:
    """A random consistent deal: one complete winning hand, three random 13-tile hands."""
    counts = [4] * 34
    sets: list[str] = []
    for chow, first in draw(
        st.lists(st.tuples(st.booleans(), st.integers(0, 33)), min_size=4, max_size=4)
    ):
        tile = Tile(first)
        tiles = (
            [tile, Tile(first + 1), Tile(first + 2)]
            if chow and not tile.is_honor and tile.rank <= 7
            else [tile] * 3
        )
        for t in tiles:
            counts[t] -= 1
        sets.append("".join(t.notation for t in tiles))
    assume(min(counts) >= 0)
    pair = Tile(draw(st.integers(0, 33)))
    counts[pair] -= 2
    assume(counts[pair] >= 0)
    winning_hand = " ".join(sets) + f" {pair.notation * 2} +{pair.notation}"
    pool = [Tile(t) for t in range(34) for _ in range(counts[t])]
    draw(st.randoms(use_true_random=False)).shuffle(pool)
    winner = draw(st.sampled_from(SEATS))
    hands, status = {winner: winning_hand}, {}
    others = [s for s in SEATS if s != winner]
    for i, seat in enumerate(others):
        hands[seat] = "".join(t.notation for t in pool[13 * i : 13 * i + 13])
    if draw(st.booleans()):
        status[draw(st.sampled_from(others))] = "false_mahjong"
    discarder = draw(st.sampled_from([None, *others]))
    return {
        "winners": [winner],
        "discarder": discarder,
        "dealer": draw(st.sampled_from(SEATS)),
        "round_wind": draw(st.sampled_from(SEATS)),
        "hands": hands,
        "status": status,
    }


@given(deal=deals())
def test_random_deals_conserve_and_round(deal: dict) -> None:
    out = FimjRules().settle_dict(deal)
    assert sum(out["net"].values()) == 0
    assert all(t["amount"] > 0 and t["amount"] % 10 == 0 for t in out["transfers"])
    winner, east = deal["winners"][0], deal["dealer"]
    value = out["values"][winner]
    for t in out["transfers"]:
        if t["to"] == winner and t["reason"] == "mahjong":
            factor = 2 if east in (t["from"], winner) else 1
            assert t["amount"] == round_amount(value * factor)  # FIMJ-PAY-1, -ROUND-2
        if t["reason"] == "difference":  # FIMJ-PAY-2: East doubles the difference, then round
            high, low = out["values"][t["to"]], out["values"][t["from"]]
            factor = 2 if east in (t["from"], t["to"]) else 1
            assert high >= low
            assert t["amount"] == round_amount((high - low) * factor)
    for seat, st_ in deal["status"].items():
        assert out["values"][seat] == 0  # FIMJ-SCORE-7
        assert st_ == "false_mahjong"
