"""Ravenna: what a referee refuses, the scorer refuses too; the table of three (issue 14).

Every rule is quoted from the rulebook (seed 004, Italian) beside its rule id.
"""

from __future__ import annotations

import re

import pytest

from muraglia.errors import MahjongError
from muraglia.rulesets import load_ruleset

RAVENNA = load_ruleset("ravenna")

CHOW_RULE = (
    "La pedina «scartata» può essere «presa» dal giocatore che ha in stecca la «coppia» o il "
    "«tris» della stessa pedina ... Non può essere presa dal giocatore di mano per fare una "
    "scala se non per fare Mah-Jong."
)
"""Seed 004 (RAV-PLAY-3)."""

EAST_RULE = "L'Est paga doppio e riscuote doppio."
"""Seed 004 (RAV-PAY-1; RAV-3P-4 as corrected in the spec: from every payer, the dead seat
included)."""

# Simulation A's hands (RAV-TV-3): East 14 points with one double, South 22 with one, West 18
# with one; North's seat is dead at a table of three.
EAST_WINS = "111z 555s 999p 234m 7s +7s"
SOUTH = "222z 888p 345m 3s 4s 9m 9s"
WEST = "666z 444p 1m 5m 7m 2s 6s 8p 9p"


@pytest.mark.parametrize("meld", ["[234m<]", "[234m^]", "[234m>]", "[234m]"])
def test_an_exposed_chow_is_impossible(meld: str) -> None:
    # RAV-PLAY-3: CHOW_RULE. The winning chow is written with the concealed tiles and the
    # winning tile (`23m +4m`); any other exposed chow is an error naming the rule.
    hand = f"111z 555s 999p 7s {meld} +7s"
    with pytest.raises(MahjongError, match=r"exposed chow .*RAV-PLAY-3"):
        RAVENNA.score_dict({"hand": hand, "win": "ron", "seat_wind": "S"})
    deal = {"winners": ["S"], "discarder": "W", "hands": {"S": hand, "E": SOUTH, "W": WEST}}
    with pytest.raises(MahjongError, match="RAV-PLAY-3"):
        RAVENNA.settle_dict({**deal, "dead": "N"})
    # the same chow made with the winning tile is the Mah-Jong "per fare Mah-Jong"
    assert RAVENNA.score_dict({"hand": "111z 555s 999p 77s 23m +4m", "seat_wind": "S"})["ok"]


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        ({"flags": ["robbing_kong"]}, "'robbing_kong'"),  # RAV-KONG-5: no robbing
        ({"flags": ["last_tile"]}, "'last_tile'"),
        ({"ura": ["3m"]}, "'ura'"),
        ({"dora": ["3m"]}, "'dora'"),
        ({"riichi_sticks": 1}, "'riichi_sticks'"),
    ],
)
def test_unknown_or_disallowed_input_is_named(extra: dict, named: str) -> None:
    with pytest.raises(MahjongError, match=named):
        RAVENNA.score_dict({"hand": EAST_WINS, "win": "ron", **extra})


def test_settle_flags_and_statuses_are_checked() -> None:
    deal = {
        "winners": ["E"],
        "discarder": "W",
        "hands": {"E": EAST_WINS, "S": SOUTH, "W": WEST},
        "dead": "N",
    }
    with pytest.raises(MahjongError, match="'robbing_kong'"):
        RAVENNA.settle_dict({**deal, "flags": {"E": ["robbing_kong"]}})
    with pytest.raises(MahjongError, match="unknown ravenna status 'great_lord'"):
        RAVENNA.settle_dict({**deal, "status": {"S": "great_lord"}})


def test_table_of_three_east_wins_dead_seat_pays_double() -> None:
    # RAV-3P-3/4: "il morto paga il Mah-Jong"; EAST_RULE: East collects double from every payer.
    out = RAVENNA.settle_dict(
        {
            "winners": ["E"],
            "discarder": "W",
            "hands": {"E": EAST_WINS, "S": SOUTH, "W": WEST},
            "dead": "N",
        }
    )
    value = out["values"]["E"]
    paid = {t["from"]: t["amount"] for t in out["transfers"] if t["to"] == "E"}
    assert paid["N"] == paid["S"] == paid["W"] == (2 * value + 4) // 10 * 10
    # the explanation states exactly the transfers' amounts
    lines = [x for x in out["explanation"]["en"] if re.search(r" pays \w+ \d+ \(", x)]
    for t in out["transfers"]:
        names = {"E": "East", "S": "South", "W": "West", "N": "North"}
        assert any(
            x.startswith(f"{names[t['from']]} pays {names[t['to']]} {t['amount']} (") for x in lines
        )
    assert len(lines) == len(out["transfers"])
    assert not any("who collects double" in x for x in out["explanation"]["en"])


def test_points_are_every_point_item_with_the_mahjong_base() -> None:
    # One meaning of `points` (docs/scoring.md): all point items including the Mah-Jong base,
    # before doubles. RAV-TV-12: "P = 4; 1 double; V = 24 × 2 = 48" → points 24.
    out = RAVENNA.score_dict({"hand": "123s456s789s2z [333s>] +2z", "win": "ron", "seat_wind": "S"})
    assert (out["points"], out["doubles"], out["value"]) == (24, 1, 48)
    assert out["points"] << out["doubles"] == out["value"]
    # RAV-PTS-P10: "Mah-Jong senza punti in stecca" is 30 (RAV-TV-8)
    bare = RAVENNA.score_dict(
        {"hand": "234m 567m 345p 678s 5p +5p", "win": "ron", "seat_wind": "W"}
    )
    assert (bare["points"], bare["value"]) == (30, 30)
