"""Seipalle scoring: the spec's vectors (SEI-TV) and per-pattern cases from ``cases/``."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muraglia.analysis.waits import readings
from muraglia.errors import InvalidHandError, RulesetError
from muraglia.notation import parse_hand
from muraglia.rulesets.seipalle import SeipalleRules
from muraglia.rulesets.seipalle.patterns import PATTERNS, WINNING_KINDS
from muraglia.rulesets.seipalle.settlement import SEATS, fold, payments
from muraglia.scoring.context import WinContext, WinType, dora_of
from muraglia.scoring.layouts import complete_layouts
from muraglia.scoring.patterns import PatternTable
from muraglia.tiles import Tile, to_wind

SEIPALLE = SeipalleRules()

_DIR = Path(__file__).parent / "cases"
VECTORS = tomllib.loads((_DIR / "spec_vectors.toml").read_text())
PATTERN_CASES = tomllib.loads((_DIR / "patterns.toml").read_text())["case"]
ALL_CASES = VECTORS["case"] + PATTERN_CASES


def _score(case: dict):
    win = case.get("win", "ron")
    return SEIPALLE.score(
        parse_hand(case["hand"]),
        win=win,
        seat_wind=case.get("seat", "S"),
        round_wind=case.get("round_wind", "E"),
        flags=case.get("flags", ()),
        dora=[Tile.from_notation(t) for t in case.get("dora", ())],
        discarder=case.get("discarder", "W") if win == "ron" else None,
    )


@pytest.mark.parametrize("case", ALL_CASES, ids=[c["id"] for c in ALL_CASES])
def test_case(case: dict) -> None:
    if case.get("invalid"):
        with pytest.raises(InvalidHandError):
            _score(case)
        return
    result = _score(case)
    assert result.ids >= set(case.get("has", ())), result.lines()
    assert not result.ids & set(case.get("lacks", ())), result.lines()
    for key in ("points", "doubles", "value", "limit"):
        if key in case:
            assert getattr(result, key) == case[key], (key, result.lines())
    assert result.valid == case.get("valid", True), result.lines()
    if "payments" in case:
        assert result.payments == case["payments"]


@pytest.mark.parametrize("case", VECTORS["fold"], ids=[c["id"] for c in VECTORS["fold"]])
def test_fold(case: dict) -> None:
    assert fold(case["points"], case["doubles"]) == case["value"]


@pytest.mark.parametrize("case", VECTORS["dora"], ids=[c["id"] for c in VECTORS["dora"]])
def test_dora_indicator(case: dict) -> None:
    assert dora_of(Tile.from_notation(case["indicator"])).notation == case["dora"]


@pytest.mark.parametrize("pattern", PATTERNS, ids=[p.id for p in PATTERNS])
def test_every_pattern_has_positive_and_negative_cases(pattern) -> None:
    # Issue 6 acceptance, DESIGN §18: a positive and a negative case per scoring element.
    assert any(pattern.id in c.get("has", ()) for c in ALL_CASES), f"no positive: {pattern.id}"
    assert any(pattern.id in c.get("lacks", ()) for c in ALL_CASES), f"no negative: {pattern.id}"


def test_patterns_have_bilingual_names_and_refs() -> None:
    for p in PATTERNS:
        assert p.names["it"], p.id
        assert p.names["en"], p.id
        assert p.ref.startswith("SEI-"), p.id
        assert all(x in PATTERNS for x in p.excludes), p.id


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"win": "none"}, RulesetError),
        ({"win": "ron", "flags": ["ippatsu"]}, RulesetError),
        # the one wind converter's error, as muraglia.score gives for every ruleset
        ({"win": "ron", "seat_wind": "X"}, InvalidHandError),
    ],
)
def test_bad_input(kwargs: dict, error: type[Exception]) -> None:
    with pytest.raises(error):
        SEIPALLE.score(parse_hand("123m678m456p67s22s +8s"), **kwargs)


def test_hand_without_winning_tile() -> None:
    with pytest.raises(InvalidHandError, match="no winning tile"):
        SEIPALLE.score(parse_hand("123m678m456p67s22s"), win="tsumo")


def test_flowers_rejected() -> None:
    with pytest.raises(InvalidHandError, match="flowers"):
        SEIPALLE.score(parse_hand("123m678m456p67s22s 1f +8s"), win="tsumo")


def test_explanation_bilingual() -> None:
    result = _score(VECTORS["case"][0])
    it, en = result.lines("it"), result.lines("en")
    assert any("tutte scale" in line for line in it)
    assert any("all chows" in line for line in en)
    assert "30 punti × 2^3 → 240" in it
    assert "30 points × 2^3 → 240" in en


@given(
    st.integers(min_value=0, max_value=1000),
    st.sampled_from(SEATS),
    st.sampled_from((None, *SEATS)),
)
def test_payments_sum_to_zero(value: int, winner: str, discarder: str | None) -> None:
    if discarder == winner:
        discarder = None
    net = payments(value, winner=winner, discarder=discarder)
    assert sum(net.values()) == 0
    # SEI-SCORE-1: only the winner collects; with a discarder only he pays.
    assert net[winner] >= 0
    payers = {s for s, v in net.items() if v < 0}
    if discarder is not None and value >= 5:
        assert payers == {discarder}
    # SEI-PAY-4: every share is rounded to tens.
    assert all(v % 10 == 0 for v in net.values())


def _any_found(found: dict[str, int]) -> set[str]:
    """The Italian reading of ``excludes``: drop what ANY found pattern excludes."""
    kept = {p for p in found if not any(p in PATTERNS[q].excludes for q in found)}
    if any(PATTERNS[p].limit for p in kept):  # SEI-LIMIT-1
        kept = {p for p in kept if PATTERNS[p].limit}
    return kept


def _ranked(found: dict[str, int], *, concealed: bool) -> set[str]:
    """The ranked reading of ``excludes``: from the highest value down, by a kept pattern."""
    ranked = PatternTable("seipalle", unit="doubles", limit_exclusive=True, exclusion="kept")
    for p in PATTERNS:
        ranked.pattern(
            p.id, names=p.names, closed=p.closed, open=p.open, ref=p.ref, unit=p.unit,
            excludes=p.excludes, limit=p.limit,
        )(p.predicate)  # fmt: skip
    return {a.id for a in ranked.resolve(found, concealed=concealed)}


def test_the_table_reads_comprende_as_found() -> None:
    assert PATTERNS.exclusion == "found"  # SEI-DBL-2, SEI-DBL-D25


@pytest.mark.parametrize("case", ALL_CASES, ids=[c["id"] for c in ALL_CASES])
def test_excludes_read_the_same_by_any_found_or_kept_pattern(case: dict) -> None:
    # "comprende" in the seed (SEI-DBL-2, SEI-DBL-D25): the table drops a pattern listed by ANY
    # found pattern (exclusion="found"); the ranked reading ("kept", riichi's and MCR's) would
    # drop it only when listed by a KEPT one. No Seipalle reading tells the two apart.
    if case.get("invalid"):
        return
    hand = parse_hand(case["hand"])
    assert hand.winning is not None
    win = WinType(case.get("win", "ron"))
    seat = to_wind(case.get("seat", "S"))
    rnd = to_wind(case.get("round_wind", "E"))
    dora = tuple(Tile.from_notation(t) for t in case.get("dora", ()))
    extra = ((WINNING_KINDS, 1),)  # the single wait as found or not: both readings see it
    checked = 0
    for d in complete_layouts(hand, thirteen_orphans=True):
        for r in readings(d, hand.winning.kind):
            for kinds in (extra, ()):
                ctx = WinContext(
                    hand, d, r, win, seat, rnd, frozenset(case.get("flags", ())), dora,
                    extra=kinds,
                )  # fmt: skip
                found = PATTERNS.find(ctx)
                kept = {a.id for a in PATTERNS.resolve(found, concealed=ctx.is_concealed)}
                assert kept == _any_found(found), (sorted(found), sorted(kept))
                assert kept == _ranked(found, concealed=ctx.is_concealed), sorted(found)
                checked += 1
    assert checked
