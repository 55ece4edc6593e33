"""Seed 004's four settlement simulations and its second example, settled from real hands.

``cases/seed_hands.toml`` gives four hands whose hand points and doubles are exactly the
source's; every deal is settled by ``muraglia settle`` (the ruleset's ``settle_dict``) and must
reproduce the source's payments in ``cases/settlement_seed.toml`` (RAV-TV-3…7).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from muraglia.rulesets.ravenna import RavennaRules

_DIR = Path(__file__).parent / "cases"
HANDS = tomllib.loads((_DIR / "seed_hands.toml").read_text())
SEED = {c["id"]: c for c in tomllib.loads((_DIR / "settlement_seed.toml").read_text())["case"]}


def _deal(case: dict) -> dict:
    hands = {seat: HANDS["hands"][seat] for seat in "ESWN"}
    if "east" in case:
        hands["E"] = HANDS["hands"][case["east"]]
    hands[case["winner"]] += f" +{case['winning']}"
    return {
        "rules": "ravenna",
        "winners": [case["winner"]],
        "discarder": case.get("discarder"),
        "hands": hands,
    }


@pytest.mark.parametrize("case", HANDS["deal"], ids=[c["id"] for c in HANDS["deal"]])
def test_seed_simulation_from_hands(case: dict) -> None:
    seed = SEED[case["id"]]
    out = RavennaRules().settle_dict(_deal(case))
    # Each hand scores the source's points and doubles (RAV-SCORE-1/2) ...
    for seat in "ESWN":
        points = seed["points"][seat] + (20 if seat == case["winner"] else 0)
        assert out["values"][seat] == points * 2 ** seed["doubles"][seat], seat
    # ... and the deal pays exactly what the source prints (RAV-PAY, RAV-ROUND).
    got = sorted((t["from"], t["to"], t["amount"]) for t in out["transfers"])
    want = sorted((t["from"], t["to"], t["amount"]) for t in seed["transfers"])
    assert got == want
    assert out["net"] == seed["net"]
