"""Every FIMJ point item, double and massimo, positive and negative (FIMJ-PTS, -DBL, -MAX)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from muraglia.errors import InvalidHandError
from muraglia.notation import parse_hand
from muraglia.rulesets.fimj import FimjOptions, FimjRules
from muraglia.rulesets.fimj.patterns import PATTERNS, Category
from muraglia.scoring.context import WinType
from muraglia.tiles import Tile

CASES = tomllib.loads((Path(__file__).parent / "cases" / "patterns.toml").read_text("utf-8"))[
    "case"
]
WINDS = {"E": Tile.EAST, "S": Tile.SOUTH, "W": Tile.WEST, "N": Tile.NORTH}


def score_case(case: dict):
    rules = FimjRules(FimjOptions(**case.get("options", {})))
    return rules.best_fold(
        parse_hand(case["hand"], red_fives=False),
        win=WinType(case["win"]),
        seat_wind=WINDS[case.get("seat", "S")],
        round_wind=WINDS[case.get("round", "E")],
        flags=case.get("flags", ()),
    )


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_pattern_case(case: dict) -> None:
    assert case["pattern"] in PATTERNS
    if case.get("error"):
        with pytest.raises(InvalidHandError, match="not a complete"):
            score_case(case)
        return
    score = score_case(case)
    counts = {a.id: a.count for a in (*score.awards, *score.ignored)}
    assert counts.get(case["pattern"], 0) == case["count"]
    if "value" in case:
        assert score.value == case["value"]
        assert score.limit == "massimo"


@pytest.mark.parametrize("pattern", PATTERNS, ids=[p.id for p in PATTERNS])
def test_every_pattern_has_positive_and_negative_case(pattern) -> None:
    mine = [c for c in CASES if c["pattern"] == pattern.id]
    assert any(c.get("count", 0) > 0 for c in mine), f"no positive case for {pattern.id}"
    assert any(c.get("count", 1) == 0 or c.get("error") for c in mine), pattern.id


@pytest.mark.parametrize("pattern", PATTERNS, ids=[p.id for p in PATTERNS])
def test_pattern_data(pattern) -> None:
    assert pattern.names["it"]
    assert pattern.names["en"]
    assert pattern.ref.startswith("FIMJ-")
    assert all(i in PATTERNS for i in pattern.implies)
    assert pattern.closed == pattern.open
    assert pattern.closed is not None
    assert pattern.closed > 0


def test_catalogue_matches_spec_tables() -> None:
    # FIMJ-PTS-P01…P13, FIMJ-DBL-F01…F18, C01…C17, FIMJ-MAX-M01…M11
    refs = {p.ref for p in PATTERNS}
    assert refs == (
        {f"FIMJ-PTS-P{i:02d}" for i in range(1, 14)}
        | {f"FIMJ-DBL-F{i:02d}" for i in range(1, 19)}
        | {f"FIMJ-DBL-C{i:02d}" for i in range(1, 18)}
        | {f"FIMJ-MAX-M{i:02d}" for i in range(1, 12)}
    )
    assert len(refs) == len(PATTERNS)


@pytest.mark.parametrize(
    ("ref", "value"),
    # FIMJ-DBL-3 summary table: only the chained snake (2), all pairs (2), all pungs (2) and
    # mano purissima (3) are worth more than one double.
    [
        ("FIMJ-DBL-F17", 2),
        ("FIMJ-DBL-C01", 2),
        ("FIMJ-DBL-C02", 2),
        ("FIMJ-DBL-C06", 3),
        ("FIMJ-MAX-M01", 3000),
        ("FIMJ-MAX-M02", 3000),
        ("FIMJ-MAX-M03", 3000),
        ("FIMJ-MAX-M04", 2000),
        ("FIMJ-MAX-M05", 2000),
        ("FIMJ-MAX-M06", 2000),
        ("FIMJ-MAX-M07", 2000),
        ("FIMJ-MAX-M08", 1000),
        ("FIMJ-MAX-M09", 1000),
        ("FIMJ-MAX-M10", 1000),
        ("FIMJ-MAX-M11", 1000),
        ("FIMJ-PTS-P01", 32),
        ("FIMJ-PTS-P02", 16),
        ("FIMJ-PTS-P03", 16),
        ("FIMJ-PTS-P04", 8),
        ("FIMJ-PTS-P05", 8),
        ("FIMJ-PTS-P06", 4),
        ("FIMJ-PTS-P07", 4),
        ("FIMJ-PTS-P08", 2),
        ("FIMJ-PTS-P12", 4),
        ("FIMJ-PTS-P13", 20),
    ],
)
def test_values_from_source_tables(ref: str, value: int) -> None:
    (p,) = [p for p in PATTERNS if p.ref == ref]
    assert p.closed == p.open == value


def test_other_doubles_are_worth_one() -> None:
    special = {"FIMJ-DBL-F17", "FIMJ-DBL-C01", "FIMJ-DBL-C02", "FIMJ-DBL-C06"}
    for p in PATTERNS:
        if p.category in (Category.FUNDAMENTAL, Category.CLOSING) and p.ref not in special:
            assert p.closed == 1, p.ref
