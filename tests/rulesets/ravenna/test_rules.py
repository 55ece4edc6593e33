"""The Ravenna ruleset object: ``muraglia score`` / ``muraglia settle`` JSON (interfaces.md §5)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from muraglia.errors import RulesetError
from muraglia.rulesets.ravenna import RULESET

DEALS = tomllib.loads((Path(__file__).parent / "cases" / "deals.toml").read_text())["deal"]


def test_metadata() -> None:
    assert RULESET.id == "ravenna"
    assert "ravenna-200-400" in RULESET.aliases
    assert {"it", "en"} <= set(RULESET.title)
    assert len(RULESET().describe()) == len(RULESET.patterns)


def test_score_dict_tv12() -> None:
    out = RULESET().score_dict(
        {"hand": "123s456s789s2z [333s>] +2z", "win": "ron", "seat_wind": "S"}
    )
    # points: the 4 hand points and the Mah-Jong's 20 (RAV-PTS-P09), before the double
    assert (out["points"], out["doubles"], out["value"]) == (24, 1, 48)
    assert out["payments"] == {"E": -100, "S": 200, "W": -50, "N": -50}


def test_score_dict_non_winner() -> None:
    out = RULESET().score_dict({"hand": "555z1111m23p78s99s", "seat_wind": "S"})
    assert out["value"] == 80
    assert out["valid_win"] is False


@pytest.mark.parametrize("case", DEALS, ids=[c["id"] for c in DEALS])
def test_settle_dict(case: dict) -> None:
    data = {
        "rules": "ravenna",
        "winners": case["winners"],
        "discarder": case.get("discarder"),
        "hands": case["hands"],
        "status": case.get("statuses", {}),
        "dead": case.get("dead"),
    }
    out = RULESET().settle_dict(data)
    assert out["net"] == case["net"]
    assert out["values"] == case["values"]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: RULESET(limit=300), "unknown ravenna option.*at_least_30"),
        (lambda: RULESET().settle_dict({"winners": [], "hands": {}, "dealer": "W"}), "East role"),
    ],
)
def test_errors(call, message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        call()


@pytest.mark.parametrize(("option", "value"), [(False, 22), (True, 30)])
def test_at_least_30_option(option: bool, value: int) -> None:
    # RAV-GAP-14: TV-12's West-pair variant has P = 2: 22 as written, 30 with the club option.
    out = RULESET(at_least_30=option).score_dict(
        {"hand": "123s456s789s3z [333s>] +3z", "win": "ron", "seat_wind": "S"}
    )
    assert out["value"] == value
