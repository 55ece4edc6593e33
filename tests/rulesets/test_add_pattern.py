"""docs/adding-a-pattern.md, followed literally: a pattern declared in a ruleset's table is scored.

Each test registers one new pattern on the ruleset's own declared table (the decorator of its
``patterns.py``), scores a hand through the public :func:`muraglia.score` and sees the pattern
awarded and counted; the table is restored afterwards. For riichi this also proves that the
table-driven fast path (``riichi_ema/fast.py``) is no second source of truth: it covers only the
ids of ``fast.COVERS`` and hands the scoring to the declared predicates otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

import muraglia
from muraglia.scoring.context import WinContext
from muraglia.scoring.patterns import PatternTable
from muraglia.tiles import Tile

HAND = "777m123p456s789s55z+5z"
"""Four sevens (777m and the 7s of 789s) and a pair of white dragons."""

SEVENS = tuple(Tile.from_notation(t) for t in ("7m", "7p", "7s"))


def lucky_sevens(ctx: WinContext) -> bool:
    """A toy pattern: at least four sevens in the hand (every ruleset's context has ``counts``)."""
    return sum(ctx.counts[k] for k in SEVENS) >= 4


@contextmanager
def restored(table: PatternTable) -> Iterator[None]:
    """Restore ``table`` as it was after the block (patterns registered in it are dropped)."""
    saved = vars(table).copy()
    table._patterns = dict(table._patterns)  # the registration must not touch the saved dict
    table._plans, table._filtered, table._awards = {}, {}, {}
    try:
        yield
    finally:
        newest = table.version
        vars(table).clear()
        vars(table).update(saved)
        table.version = newest + 1  # compiled views built meanwhile are rebuilt


@contextmanager
def extended(table: PatternTable) -> Iterator[None]:
    """Register ``lucky_sevens`` on ``table`` for the duration of the block, then restore it."""
    with restored(table):
        table.pattern(
            "lucky_sevens",
            names={"en": "Lucky Sevens", "it": "Sette fortunati"},
            closed=8 if table.unit == "fan" else 1,
            open=8 if table.unit == "fan" else 1,
            ref="TEST-1",
            examples=(HAND,),
        )(lucky_sevens)
        yield


def test_riichi_yaku_added_to_the_table_is_scored_by_the_public_api() -> None:
    from muraglia.rulesets.riichi_ema import fast
    from muraglia.rulesets.riichi_ema.patterns import PATTERNS

    assert "lucky_sevens" not in fast.COVERS
    before = muraglia.score(HAND, rules="riichi-ema", win="ron", flags=["riichi"])
    with extended(PATTERNS):
        after = muraglia.score(HAND, rules="riichi-ema", win="ron", flags=["riichi"])
        tenhou = muraglia.score(HAND, rules="riichi-tenhou", win="ron", flags=["riichi"])
    again = muraglia.score(HAND, rules="riichi-ema", win="ron", flags=["riichi"])
    assert "lucky_sevens" not in before.ids
    assert "lucky_sevens" in after.ids
    assert "lucky_sevens" in tenhou.ids
    assert after.han == before.han + 1
    assert after.value > before.value
    assert again.ids == before.ids
    assert again.han == before.han


def test_riichi_fast_path_covers_exactly_the_declared_table() -> None:
    from muraglia.rulesets.riichi_ema import fast
    from muraglia.rulesets.riichi_ema.patterns import PATTERNS

    assert {p.id for p in PATTERNS} == fast.COVERS
    assert fast.usable(PATTERNS)
    with extended(PATTERNS):
        assert not fast.usable(PATTERNS)


def test_mcr_fan_added_to_the_table_is_scored_by_the_public_api() -> None:
    from muraglia.rulesets.mcr.patterns import PATTERNS

    before = muraglia.score(HAND, rules="mcr", win="ron")
    with extended(PATTERNS):
        after = muraglia.score(HAND, rules="mcr", win="ron")
    again = muraglia.score(HAND, rules="mcr", win="ron")
    assert not before.valid  # 4 fans: under the 8-fan minimum (MCR-WIN-2)
    assert "lucky_sevens" in after.ids
    assert after.valid
    assert after.value == before.value + 8
    assert again.ids == before.ids


def test_seipalle_double_added_to_the_table_is_scored_by_the_public_api() -> None:
    from muraglia.rulesets.seipalle.patterns import PATTERNS

    before = muraglia.score(HAND, rules="seipalle", win="ron", discarder="W")
    with extended(PATTERNS):
        after = muraglia.score(HAND, rules="seipalle", win="ron", discarder="W")
    again = muraglia.score(HAND, rules="seipalle", win="ron", discarder="W")
    assert not before.valid  # points only: a win needs a double besides dora (SEI-SCORE-2)
    assert before.payments is None
    assert "lucky_sevens" in after.ids
    assert after.valid
    assert after.doubles == before.doubles + 1
    assert after.value == before.value * 2  # P x 2^D (SEI-SCORE-3)
    # East wins 76: three shares doubled for East, each 152 -> 150, all paid by West (SEI-PAY-2/3/4)
    assert after.payments == {"E": 450, "S": 0, "W": -450, "N": 0}
    assert again.ids == before.ids
    assert not again.valid


@pytest.mark.parametrize("rid", ["riichi-ema", "mcr", "seipalle"])
def test_the_toy_pattern_is_not_scored_without_its_sevens(rid: str) -> None:
    from importlib import import_module

    package = {"riichi-ema": "riichi_ema", "mcr": "mcr", "seipalle": "seipalle"}[rid]
    table = import_module(f"muraglia.rulesets.{package}.patterns").PATTERNS
    with extended(table):
        result = muraglia.score("111m123p456s789s55z+5z", rules=rid, win="ron", flags=())
    assert "lucky_sevens" not in result.ids


@contextmanager
def appended(patterns: list[object]) -> Iterator[None]:
    """Restore an Italian ruleset's pattern list after the block (they predate PatternTable)."""
    saved = list(patterns)
    try:
        yield
    finally:
        patterns[:] = saved


def test_fimj_double_added_to_the_table_is_scored_by_the_public_api() -> None:
    from muraglia.rulesets.fimj import patterns as fimj

    before = muraglia.score(HAND, rules="fimj", win="ron")
    with restored(fimj.PATTERNS):
        fimj.pattern(
            "lucky_sevens", ref="TEST-1", it="Sette fortunati", en="Lucky Sevens",
            category=fimj.Category.FUNDAMENTAL, value=1, examples=(HAND,),
        )(lucky_sevens)  # fmt: skip
        after = muraglia.score(HAND, rules="fimj", win="ron")
        no_points = muraglia.score("789m567p789s789s1m", rules="fimj", win="none")
    again = muraglia.score(HAND, rules="fimj", win="ron")
    assert "lucky_sevens" in after.ids
    assert after.doubles == before.doubles + 1
    assert after.value == after.points * 2**after.doubles
    (award,) = [a for a in after.awards if a.id == "lucky_sevens"]
    assert (award.unit, award.category, award.ref) == ("doubles", "fundamental", "TEST-1")
    assert "lucky_sevens" not in no_points.ids  # FIMJ-DBL-2: under 2 hand points, not counted
    assert any("Sette fortunati" in line for line in no_points.lines("it"))  # shown as ignored
    assert again.ids == before.ids


def test_fimj_closing_double_is_not_a_non_winners() -> None:
    """A closing double (``won_only``) is tried on a winner only (WinType.NONE skips it)."""
    from muraglia.rulesets.fimj import patterns as fimj

    with restored(fimj.PATTERNS):
        fimj.pattern(
            "lucky_sevens", ref="TEST-1", it="Sette fortunati", en="Lucky Sevens",
            category=fimj.Category.CLOSING, value=1,
        )(lucky_sevens)  # fmt: skip
        winner = muraglia.score(HAND, rules="fimj", win="tsumo")
        other = muraglia.score("777m123p456s678s5z", rules="fimj", win="none")
    assert "lucky_sevens" in winner.ids
    assert "lucky_sevens" not in other.ids
    assert other.points == 4
    assert other.doubles == 0


def test_ravenna_double_added_to_the_table_is_scored_by_the_public_api() -> None:
    from muraglia.rulesets.ravenna.patterns import PATTERNS

    before = muraglia.score(HAND, rules="ravenna", win="ron")
    with extended(PATTERNS):  # a double (the table's unit is points: the test names its unit)
        PATTERNS.pattern(
            "lucky_eights", names={"en": "Lucky Eights", "it": "Otto fortunati"}, closed=1,
            open=1, unit="doubles", ref="TEST-2",
        )(lambda ctx: ctx.counts[Tile.S8] >= 1)  # fmt: skip
        after = muraglia.score(HAND, rules="ravenna", win="ron")
        loser = muraglia.score("777m123p456s789s5z", rules="ravenna", win="none")
    again = muraglia.score(HAND, rules="ravenna", win="ron")
    # lucky_sevens: 1 point (RAV-SCORE-1: *P* + 20), lucky_eights: 1 double
    assert {"lucky_sevens", "lucky_eights"} <= after.ids
    assert after.points == before.points + 1
    assert after.doubles == before.doubles + 1
    assert after.value == after.points * 2**after.doubles
    # a hand that did not win (WinType.NONE) is scored by the same table (RAV-SCORE-2)
    assert {"lucky_sevens", "lucky_eights"} <= loser.ids
    assert again.ids == before.ids
