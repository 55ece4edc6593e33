"""Ravenna scoring: derived vectors (RAV-TV-8…12) and per-pattern cases from ``cases/``."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from muraglia.errors import InvalidHandError, RulesetError
from muraglia.notation import parse_hand
from muraglia.rulesets.ravenna import STATUSES, RavennaRules
from muraglia.rulesets.ravenna.flow import breach
from muraglia.rulesets.ravenna.patterns import PATTERNS

score_hand = RavennaRules().score_hand
CASES = tomllib.loads((Path(__file__).parent / "cases" / "scoring.toml").read_text())["case"]


def _score(case: dict):
    return score_hand(parse_hand(case["hand"]), win=case["win"], seat_wind=case["seat"])


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case: dict) -> None:
    if case.get("invalid"):
        with pytest.raises(InvalidHandError):
            _score(case)
        return
    result = _score(case)
    assert result.ids >= set(case.get("has", ())), result.lines()
    assert not result.ids & set(case.get("lacks", ())), result.lines()
    if "points" in case:
        # the cases give the spec's *P* (hand points); ``points`` is every point item with the
        # Mah-Jong base (20, or 30 with no hand points: RAV-PTS-P09/P10), docs/scoring.md
        want = case["points"]
        if case["win"] != "none" and case.get("limit") != "massimo":
            want = want + 20 if want else 30
        assert result.points == want, ("points", result.lines())
    for key in ("doubles", "value", "limit"):
        if key in case:
            assert getattr(result, key) == case[key], (key, result.lines())
    if "payments" in case:
        assert result.payments == case["payments"]


@pytest.mark.parametrize("pattern", PATTERNS, ids=[p.id for p in PATTERNS])
def test_every_pattern_has_positive_and_negative_cases(pattern) -> None:
    # Issue 6 acceptance: every pattern has a positive and a negative case (ids in has/lacks).
    assert any(pattern.id in c.get("has", ()) for c in CASES), f"no positive case: {pattern.id}"
    assert any(pattern.id in c.get("lacks", ()) for c in CASES), f"no negative case: {pattern.id}"


def test_patterns_have_bilingual_names_and_refs() -> None:
    for p in PATTERNS:
        assert p.names["it"], p.id
        assert p.names["en"], p.id
        assert p.ref.startswith("RAV-"), p.id
        assert all(x in PATTERNS for x in p.excludes), p.id


@pytest.mark.parametrize(
    ("hand", "status", "value"),
    [
        # RAV-PEN-1: 12 tiles still count; RAV-PEN-2/3/4/10/12: 0 points.
        ("555z1111m23p78s9s", "twelve_tiles", 80),
        ("555z1111m23p78s99s", "fourteen_tiles", 0),
        ("555z1111m23p78s99s", "false_mahjong", 0),
        ("555z1111m23p78s99s", "wrong_draw", 0),
        # RAV-PEN-5: only exposed sets and bonus tiles count: exposed 2222p (8) + 5f (4) = 12.
        ("555z1111m7s [2222p>] 5f", "thrown_rack", 12),
        ("555z1111m7s [2222p>] 5f", None, (8 + 32 + 8 + 4) * 2),
    ],
)
def test_status_values(hand: str, status: str | None, value: int) -> None:
    got = score_hand(parse_hand(hand, strict=False), win="none", seat_wind="S", status=status)
    assert got.value == value, got.lines()


def test_penalised_player_cannot_win() -> None:
    with pytest.raises(RulesetError, match="cannot make Mah-Jong"):
        score_hand(
            parse_hand("123m456s789s23p55p +4p"), win="ron", seat_wind="S", status="false_mahjong"
        )


def test_unknown_status() -> None:
    with pytest.raises(RulesetError, match="great_lord"):
        score_hand(parse_hand("123m456s789s23p55p"), win="none", status="great_lord")


def test_statuses_bilingual() -> None:
    for name, text in STATUSES.items():
        assert text["it"], name
        assert "RAV-PEN" in text["en"], name


def test_explanation_bilingual() -> None:
    result = score_hand(parse_hand("123s456s789s2z [333s>] +2z"), win="ron", seat_wind="S")
    # RAV-TV-12: the base and doubling, then what each seat pays (East double, rounded).
    assert result.lines("it")[-4:] == (
        "24 punti × 2^1 → 48",
        "Est (paga doppio) paga 100",
        "Ovest paga 50",
        "Nord paga 50",
    )
    assert result.lines("en")[-4] == "24 points × 2^1 → 48"
    assert result.lines("en")[-3] == "East (pays double) pays 100"
    assert any("un unico seme" in line for line in result.lines("it"))


BREACHES = tomllib.loads((Path(__file__).parent / "cases" / "scoring.toml").read_text())["breach"]


@pytest.mark.parametrize("case", BREACHES, ids=[c["id"] for c in BREACHES])
def test_breach(case: dict) -> None:
    wall, _, stacks = breach(case["d20"], case["d6"])
    assert wall == case["wall"]
    assert list(stacks) == case["stacks"]


@pytest.mark.parametrize(("d20", "d6"), [(0, 1), (21, 1), (5, 0), (5, 7)])
def test_breach_bad_dice(d20: int, d6: int) -> None:
    with pytest.raises(RulesetError, match="dice out of range"):
        breach(d20, d6)
