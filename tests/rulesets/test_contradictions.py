"""Inputs whose flags or seats contradict the hand or each other are refused, never dropped.

A referee's calculator is exactly as strict as the rulebook (issue 14): a first-turn limit hand
for the wrong seat or after a kong, riichi on an open hand, a win on one's own discard, flags
that cannot both be true, or several winners of one discard on different tiles are errors
naming the rule, on every ruleset that has the situation.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

import muraglia
from muraglia.errors import MahjongError
from muraglia.rulesets import score_object, settle_object

PLAIN = "123m456m789s11p34p+5p"
SEVEN = "123m567m345p67s22s+8s"

REFUSED: list[tuple[str, dict[str, Any], str]] = [
    # FIMJ-MAX-M03: East's dealt 14 tiles, or another seat on East's first discard
    ("fimj", {"hand": PLAIN, "win": "tsumo", "seat_wind": "S", "flags": ["first_turn"]},
     "only East"),
    ("fimj", {"hand": PLAIN, "win": "ron", "seat_wind": "S", "discarder": "W",
              "flags": ["first_turn"]}, "East's first discard"),
    ("fimj", {"hand": PLAIN, "win": "ron", "seat_wind": "E", "discarder": "S",
              "flags": ["first_turn"]}, "East's exit is the dealt 14 tiles"),
    # FIMJ-GAP-31: a kong spoils it; no claim can come before it
    ("fimj", {"hand": "123m789s11p34p(6666s)+5p", "win": "tsumo", "flags": ["first_turn"]},
     "FIMJ-GAP-31"),
    ("fimj", {"hand": "123m789s11p34p[666s]+5p", "win": "tsumo", "flags": ["first_turn"]},
     "before any claim or kong"),
    ("fimj", {"hand": "123m789s11p34p(6666s)+5p", "win": "tsumo", "seat_wind": "S",
              "flags": ["replacement", "last_tile"]}, "FIMJ-CUM-5"),
    ("fimj", {"hand": PLAIN, "win": "ron", "seat_wind": "E", "discarder": "E"},
     "own discard"),
    ("fimj", {"hand": PLAIN, "win": "tsumo", "discarder": "W"}, "win ron"),
    ("ravenna", {"hand": PLAIN, "win": "ron", "seat_wind": "S", "discarder": "S"},
     "own discard"),
    # MCR-PAY-2, for a false win as for a valid one
    ("mcr", {"hand": PLAIN, "win": "ron", "seat_wind": "S", "discarder": "S"}, "own discard"),
    ("mcr", {"hand": "12345678p234s55m+9p", "win": "ron", "seat_wind": "S", "discarder": "S"},
     "own discard"),
    ("mcr", {"hand": "123m789m234p45s99p+6s", "win": "ron", "seat_wind": "S", "discarder": "W",
             "flags": ["robbing_kong", "last_tile"]}, "MCR-KONG-5"),
    ("riichi-ema", {"hand": PLAIN, "win": "ron", "seat_wind": "S", "discarder": "W",
                    "flags": ["robbing_kong", "last_tile"]}, "EMA-GAP-25"),
    ("riichi-ema", {"hand": PLAIN, "win": "tsumo", "flags": ["first_turn", "riichi"]},
     "no riichi"),
    # SEI-RIICHI-2, SEI-DBL-3, SEI-DBL-D32..D37
    ("seipalle", {"hand": "123m345p67s22s[567m<]+8s", "win": "ron", "seat_wind": "S",
                  "discarder": "W", "flags": ["riichi"]}, "SEI-RIICHI-2"),
    ("seipalle", {"hand": "123m789s11p34p(6666s)+5p", "win": "tsumo", "flags": ["first_turn"]},
     "SEI-DBL-3"),
    ("seipalle", {"hand": "123m789s11p34p[666s]+5p", "win": "tsumo", "seat_wind": "S",
                  "flags": ["first_turn"]}, "SEI-DBL-3"),
    ("seipalle", {"hand": SEVEN, "win": "ron", "seat_wind": "N", "discarder": "W",
                  "flags": ["robbing_kong", "last_discard"]}, "exclude each other"),
    ("seipalle", {"hand": SEVEN, "win": "tsumo", "seat_wind": "N", "flags": ["last_discard"]},
     "SEI-DBL-D35"),
    ("seipalle", {"hand": SEVEN, "win": "ron", "seat_wind": "N", "discarder": "W",
                  "flags": ["first_turn"]}, "SEI-DBL-D36/D37"),
    ("seipalle", {"hand": SEVEN, "win": "tsumo", "seat_wind": "N", "discarder": "W"}, "win ron"),
]  # fmt: skip


@pytest.mark.parametrize(("rules", "item", "named"), REFUSED)
def test_contradictions_are_refused(rules: str, item: dict[str, Any], named: str) -> None:
    with pytest.raises(MahjongError, match=named):
        score_object({"rules": rules, **item})
    kw = {k: v for k, v in item.items() if k != "hand"}
    with pytest.raises(MahjongError, match=named):  # the Python API says the same
        muraglia.score(item["hand"], rules=rules, **kw)


ACCEPTED: list[tuple[str, dict[str, Any], str]] = [
    ("fimj", {"hand": PLAIN, "win": "tsumo", "flags": ["first_turn"]}, "exit_of_the_gods"),
    ("fimj", {"hand": PLAIN, "win": "ron", "seat_wind": "S", "discarder": "E",
              "flags": ["first_turn"]}, "exit_of_the_gods"),
    ("fimj", {"hand": PLAIN, "win": "tsumo", "seat_wind": "S", "dealer": "S",
              "flags": ["first_turn"]}, "exit_of_the_gods"),
    # FIMJ-GAP-8: a kong robbed while one live tile remains counts as robbed only
    ("fimj", {"hand": "234m567m345s678p55s+5s", "win": "ron", "seat_wind": "S",
              "discarder": "W", "flags": ["robbing_kong", "last_discard"]}, "robbed"),
    ("seipalle", {"hand": SEVEN, "win": "tsumo", "flags": ["first_turn"]}, "heavenly"),
    ("seipalle", {"hand": "123m789s11p34p(6666s)+5p", "win": "ron", "seat_wind": "S",
                  "discarder": "W", "flags": ["riichi"]}, "riichi"),
]  # fmt: skip


@pytest.mark.parametrize(("rules", "item", "pattern"), ACCEPTED)
def test_the_situations_that_can_happen_still_score(
    rules: str, item: dict[str, Any], pattern: str
) -> None:
    out = score_object({"rules": rules, **item})
    assert pattern in [p["id"] for p in out["patterns"]]


@pytest.mark.parametrize(
    ("rules", "hands"),
    [
        ("riichi-ema", {"E": "111z234m567p22s78s+9s", "W": "111m234p567p678s5s+5s"}),
        ("fimj", {"S": "777z67p33p[555s][234m<]+8p", "N": "123m456m789s11p34p+2p",
                  "E": "555z12m45m78m13s57s", "W": "2468m13579p2468s"}),
        ("seipalle", {"S": SEVEN, "N": "123m456m789s11p34p+2p"}),
    ],
)  # fmt: skip
def test_several_winners_of_one_discard_win_on_one_tile(rules: str, hands: dict[str, str]) -> None:
    winners = [s for s, h in hands.items() if "+" in h]
    data = {"rules": rules, "winners": winners, "discarder": "W" if "W" not in winners else "N",
            "hands": hands}  # fmt: skip
    with pytest.raises(MahjongError, match="win on that one tile"):
        settle_object(data)


def test_the_command_line_exits_2_naming_the_rule() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "muraglia", "score", PLAIN, "-r", "fimj", "--win", "tsumo",
         "--seat-wind", "S", "--flags", "first_turn"],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 2
    assert "FIMJ-MAX-M03" in run.stderr


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ({"rules": "riichi-ema", "blnk": "yes"}, "'blnk'"),
        ({"rules": "riichi-tenhou", "final_scores": {"E": 25000}, "honba": 2}, "'honba'"),
        ({"rules": "mcr", "winner": ["S"], "discarder": "W",
          "hands": {"S": "123456789m123p5s+5s"}}, "'winner'"),
        ({"rules": "mcr", "winners": ["S"], "riichi": ["S"],
          "hands": {"S": "123456789m123p5s+5s"}}, "'riichi'"),
    ],
)  # fmt: skip
def test_a_settle_key_the_ruleset_does_not_read_is_named(data: dict[str, Any], named: str) -> None:
    # a typo (`winner` for `winners`) would otherwise settle the deal as a draw
    with pytest.raises(MahjongError, match=f"does not read the input {named}"):
        settle_object(data)


BIG_FOUR = "5m[111z][222z][333z][444z^]+5m"  # EMA-TV-19: North fed the fourth wind set


@pytest.mark.parametrize("rules", ["riichi-ema", "riichi-tenhou"])
def test_liability_is_read_from_the_melds_written_in_order(rules: str) -> None:
    # EMA-PAO-1/2: the source of the fourth melded wind set pays the whole tsumo
    out = score_object({"rules": rules, "hand": BIG_FOUR, "win": "tsumo", "seat_wind": "S"})
    assert out["payments"] == {"E": 0, "S": 64000, "W": 0, "N": -64000}
    kw: dict[str, Any] = {"win": "tsumo", "seat_wind": "S"}
    assert muraglia.score(BIG_FOUR, rules=rules, **kw).payments == out["payments"]
    settled = settle_object({"rules": rules, "winners": ["S"], "hands": {"S": BIG_FOUR}})
    assert settled["net"]["N"] == -64000
    # the same sets with no source written: nobody is liable
    plain = score_object(
        {"rules": rules, "hand": BIG_FOUR.replace("^", ""), "win": "tsumo", "seat_wind": "S"}
    )
    assert plain["payments"]["N"] == -16000


def test_a_liability_the_melds_contradict_is_refused() -> None:
    with pytest.raises(MahjongError, match="show that N discarded"):
        score_object(
            {"rules": "riichi-ema", "hand": BIG_FOUR, "win": "tsumo", "seat_wind": "S", "pao": "E"}
        )


def test_a_fimj_settlement_checks_the_exit_of_the_gods_too() -> None:
    hands = {"S": PLAIN, "E": "2468m13579m2468s", "W": "2468m1357p2468s9s"}
    data = {"rules": "fimj(three_players=true)", "hands": hands, "dead": "N"}
    with pytest.raises(MahjongError, match="FIMJ-MAX-M03"):
        settle_object({**data, "winners": ["S"], "flags": {"S": ["first_turn"]}})
    out = settle_object(
        {**data, "winners": ["S"], "discarder": "E", "flags": {"S": ["first_turn"]}}
    )
    assert out["values"]["S"] == 3000  # FIMJ-MAX-M03 on East's first discard
