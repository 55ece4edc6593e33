"""The Seipalle ruleset object: ``muraglia score`` / ``muraglia settle`` JSON (interfaces.md §5)."""

from __future__ import annotations

import pytest

from muraglia.errors import RulesetError
from muraglia.rulesets.seipalle import RULESET


def test_metadata() -> None:
    assert RULESET.id == "seipalle"
    assert "riichi-italian" in RULESET.aliases
    assert {"it", "en"} <= set(RULESET.title)
    assert len(RULESET().describe()) == len(RULESET.patterns)


def test_score_dict_tv1() -> None:
    # SEI-TV-1 through the JSON entry point.
    out = RULESET().score_dict(
        {
            "hand": "123m678m456p67s22s +8s",
            "win": "ron",
            "seat_wind": "S",
            "discarder": "W",
            "flags": ["riichi"],
            "dora": ["4p"],
        }
    )
    assert out["ok"] is True
    assert out["rules"] == "seipalle"
    assert (out["points"], out["doubles"], out["value"]) == (30, 3, 240)
    assert out["payments"] == {"E": 0, "S": 960, "W": -960, "N": 0}
    assert {"riichi", "all_chows", "dora"} <= {p["id"] for p in out["patterns"]}
    # SEI-TV-1: West pays all three shares (SEI-PAY-2).
    assert out["explanation"]["it"][-2:] == ["30 punti × 2^3 → 240", "Ovest paga 960"]
    assert out["explanation"]["en"][-1] == "West pays 960"


def test_settle_dict() -> None:
    out = RULESET().settle_dict(
        {
            "rules": "seipalle",
            "winners": ["S"],
            "discarder": "W",
            "hands": {"S": "222m46p123s789s99p +5p"},
            "flags": {"S": ["riichi"]},
        }
    )
    # SEI-TV-2: shares 70 + 70 + 140, all from West.
    assert out["net"] == {"E": 0, "S": 280, "W": -280, "N": 0}
    assert out["values"] == {"S": 72}


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: RULESET(aka=3), "unknown seipalle option"),
        (
            lambda: RULESET().score_dict({"hand": "123m678m456p67s22s +8s", "dealer": "S"}),
            "East role",
        ),
    ],
)
def test_errors(call, message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        call()
