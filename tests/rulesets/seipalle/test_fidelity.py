"""Seipalle: refused inputs and the riichi stakes in payments and settlement (issue 14).

Every rule is quoted from the rulebook (seed 003, Italian) beside its rule id.
"""

from __future__ import annotations

import pytest

from muraglia.errors import MahjongError
from muraglia.rulesets import load_ruleset

SEIPALLE = load_ruleset("seipalle")
CLOSED_PINFU = "123m678m456p67s22s +8s"  # SEI-TV-4's closed no-points hand, V = 120 (S ron)

STAKE_RULE = (
    "Se un giocatore si mette a riichi espone una fiche da 1000 punti, che andrà al primo "
    "giocatore che chiude (se quella mano va a monte rimane per le successive)"
)
"""Seed 003 (SEI-RIICHI-3, SEI-RIICHI-6, SEI-PAY-5)."""


def test_score_pays_the_stakes_on_the_table_to_the_winner() -> None:
    # SEI-RIICHI-6 / SEI-PAY-5 (STAKE_RULE): 2 stakes on the table go to the winner.
    out = SEIPALLE.score_dict(
        {
            "hand": CLOSED_PINFU,
            "win": "ron",
            "seat_wind": "S",
            "discarder": "W",
            "flags": ["riichi"],
            "riichi_sticks": 2,
        }
    )
    hand = {"E": 0, "S": 480, "W": -480, "N": 0}  # W pays every share (SEI-PAY-2/3)
    assert out["payments"] == {**hand, "S": 480 + 2000, "table": -2000}
    assert sum(out["payments"].values()) == 0
    without = SEIPALLE.score_dict(
        {
            "hand": CLOSED_PINFU,
            "win": "ron",
            "seat_wind": "S",
            "discarder": "W",
            "flags": ["riichi"],
        }
    )
    assert without["payments"] == hand


def test_settle_puts_the_stakes_in_transfers_and_net() -> None:
    # SEI-RIICHI-6 (STAKE_RULE), SEI-PAY-6: two winners on W's discard; the stakes go to the
    # first winner after the discarder (N), a transfer from the table.
    out = SEIPALLE.settle_dict(
        {
            "winners": ["S", "N"],
            "discarder": "W",
            "riichi_sticks": 3,
            "flags": {"S": ["riichi"]},
            "hands": {"S": CLOSED_PINFU, "N": "123m456p789p22p67s +8s"},
        }
    )
    stakes = [t for t in out["transfers"] if t["from"] == "table"]
    assert stakes == [{"from": "table", "to": "N", "amount": 3000, "reason": "riichi_stakes"}]
    assert out["net"]["table"] == -3000
    assert sum(out["net"].values()) == 0
    for seat, net in out["net"].items():  # net is exactly the transfers
        got = sum(t["amount"] for t in out["transfers"] if t["to"] == seat)
        given = sum(t["amount"] for t in out["transfers"] if t["from"] == seat)
        assert net == got - given
    assert "the table pays North 3000 (riichi stakes, SEI-RIICHI-6)" in out["explanation"]["en"]


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        ({"ura": ["3m"]}, "'ura'"),  # SEI-DORA-2: no ura-dora
        ({"honba": 1}, "'honba'"),
        ({"flags": ["ippatsu"]}, "'ippatsu'"),
        ({"riichi_sticks": -1}, "riichi_sticks"),
    ],
)
def test_unknown_input_is_named(extra: dict, named: str) -> None:
    with pytest.raises(MahjongError, match=named):
        SEIPALLE.score_dict({"hand": CLOSED_PINFU, "win": "tsumo", **extra})


def test_red_fives_are_refused() -> None:
    # SEI-DORA-2: no red fives; a `0m` names the tile
    with pytest.raises(MahjongError, match="red five '0m'"):
        SEIPALLE.score_dict({"hand": "123m670m8m456p67s22s +8s", "win": "tsumo"})


def test_statuses_without_a_penalty_are_refused() -> None:
    deal = {"winners": ["S"], "discarder": "W", "hands": {"S": CLOSED_PINFU}}
    with pytest.raises(MahjongError, match="unknown seipalle status 'chombo'"):
        SEIPALLE.settle_dict({**deal, "status": {"N": "chombo"}})


@pytest.mark.parametrize("source", ["^", ">"])
def test_chow_only_from_the_previous_player(source: str) -> None:
    # SEI-PLAY-1: "chows only from the previous player" (inherited from FIMJ-PLAY-4)
    hand = f"567m345p67s55p [234m{source}] +8s"
    with pytest.raises(MahjongError, match="SEI-PLAY-1"):
        SEIPALLE.score_dict({"hand": hand, "win": "tsumo", "seat_wind": "W"})


def test_a_limit_hand_is_explained_as_one() -> None:
    # SEI-LIMIT-1: a limit hand has no points and no doubles; it is worth the limit
    out = SEIPALLE.score_dict({"hand": "19m19p19s1234567z+1m", "win": "tsumo"})
    assert out["value"] == 1000
    assert "limit hand → 1000" in out["explanation"]["en"]
    assert "mano limite → 1000" in out["explanation"]["it"]
    assert not any(line.startswith("0 points") for line in out["explanation"]["en"])
