"""The compiled fan plans (fast path) against the plain evaluation of every predicate (MCR-ALGO-1).

The declared conditions of the fans (``requires``/``min_groups``, ``max_suits``, ``flags_any``,
``tiles_any``, ``tiles_within``) must be necessary: skipping a fan on them never loses a fan.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muraglia.analysis.decompose import decompose
from muraglia.analysis.shapes import Shape
from muraglia.analysis.waits import readings
from muraglia.notation import parse_hand
from muraglia.rulesets.mcr import PATTERNS, McrRules
from muraglia.rulesets.mcr.context import McrContext
from muraglia.rulesets.mcr.plan import FanPlan, group_counts, kinds_mask
from muraglia.rulesets.mcr.rules import SHAPES, _possible_shapes, compiled, resolve
from muraglia.rulesets.mcr.samples import KINDS, Sample, random_winning_hand
from muraglia.scoring.context import WinType, parse_wind

RULES = McrRules()
FLAGS = ("last_tile", "last_of_kind", "replacement", "robbing_kong")

samples = st.builds(
    lambda seed, kind: random_winning_hand(random.Random(seed), kind),
    st.integers(0, 2**32 - 1),
    st.sampled_from(KINDS),
)


def contexts(s: Sample, flags: frozenset[str], shapes: tuple[Shape, ...] = SHAPES):  # type: ignore[no-untyped-def]
    """Every arrangement x reading of a sample, as fresh contexts."""
    h = parse_hand(s.hand, red_fives=False)
    assert h.winning is not None
    seat, rnd = parse_wind(s.seat_wind), parse_wind(s.round_wind)
    unique = RULES._unique_wait(h)
    for d in decompose(h, shapes):
        for r in readings(d, h.winning.kind):
            yield McrContext(h, d, r, WinType(s.win), seat, rnd, flags, (), (), RULES.options,
                             unique_wait=unique, flowers=len(h.bonus))  # fmt: skip


def plain(ctx: McrContext) -> dict[str, int]:
    """Every fan of the context's shape family whose predicate holds, no condition checked."""
    families = compiled().among
    among = families.get(ctx.decomposition.shape, families["standard"])
    out: dict[str, int] = {}
    for p in among:
        n = int(p.predicate(ctx))
        if n > 0:
            out[p.id] = n
    return out


def fast(ctx: McrContext) -> dict[str, int]:
    """The fans the compiled plan finds."""
    plans = compiled().plans
    plan = plans.get(ctx.decomposition.shape, plans["standard"])
    steps = plan.steps(
        ctx.is_concealed, group_counts(ctx.groups), len(ctx.suits), frozenset(ctx.flags)
    )
    return plan.run(steps, ctx, kinds_mask(ctx.counts))


@given(samples, st.sets(st.sampled_from(FLAGS), max_size=2))
def test_plan_finds_what_every_predicate_finds(s: Sample, flags: set[str]) -> None:
    for ctx in contexts(s, frozenset(flags)):
        assert fast(ctx) == plain(ctx), str(ctx.decomposition)


@given(samples)
def test_plan_equals_the_table_search(s: Sample) -> None:
    """The compiled plan and :meth:`PatternTable.find` over the same fans agree."""
    for ctx in contexts(s, frozenset()):
        families = compiled().among
        among = families.get(ctx.decomposition.shape, families["standard"])
        assert fast(ctx) == PATTERNS.find(ctx, among=among)


@given(samples)
def test_shape_pre_tests_lose_no_arrangement(s: Sample) -> None:
    h = parse_hand(s.hand, red_fives=False)
    assert decompose(h, _possible_shapes(h)) == decompose(h, SHAPES)


@pytest.mark.parametrize(
    "hand",
    [
        "11122233344455m+5m",  # pungs, chows, four of a kind: many arrangements
        "1112345678999m+9m",  # nine gates
        "1133557799m1155p+1m",  # seven pairs or chows
        "147m258p369s1234z5z+5z",  # lesser honours and knitted, knitted straight
        "19m19p19s1234567z+1z",  # thirteen orphans
        "147m258p369s22s[777z]+2s",  # knitted straight with a melded pung
    ],
)
def test_fast_path_on_awkward_hands(hand: str) -> None:
    s = Sample("concealed", hand, "tsumo", "E", "S", 0)
    assert list(contexts(s, frozenset()))
    for ctx in contexts(s, frozenset()):
        assert fast(ctx) == plain(ctx)


def test_steps_are_cached_per_situation() -> None:
    plan = FanPlan(tuple(PATTERNS))
    a = plan.steps(True, (4, 0, 0, 1, 0, 0), 1, frozenset())
    assert plan.steps(True, (4, 0, 0, 1, 0, 0), 1, frozenset()) is a
    ids = {step[0] for step in a}
    assert {"all_chows", "full_flush", "quadruple_chow"} <= ids
    assert not {"all_pungs", "dragon_pung", "seven_pairs", "last_tile_draw"} & ids


@given(
    st.dictionaries(st.sampled_from([p.id for p in PATTERNS]), st.integers(1, 3), max_size=12),
    st.sampled_from([{}, {"two_concealed_kongs": 8}, {"two_kongs": 5}]),
    st.booleans(),
)
def test_mcr_resolve_equals_the_table_resolve(
    found: dict[str, int], values: dict[str, int], concealed: bool
) -> None:
    """The ruleset's own exclusion pass gives the awards of :meth:`PatternTable.resolve`."""
    assert resolve(found, values) == PATTERNS.resolve(found, concealed=concealed, values=values)


def test_evaluate_takes_a_context_with_flags_in_a_set() -> None:
    s = Sample("concealed", "123m456p789s345s77m+5s", "ron", "E", "E", 0)
    ctx = next(iter(contexts(s, frozenset())))
    plain_ctx = McrContext(ctx.hand, ctx.decomposition, ctx.reading, ctx.win, ctx.seat_wind,
                           ctx.round_wind, {"last_tile"}, (), (), RULES.options)  # type: ignore[arg-type]  # fmt: skip
    ids = {a.id for a in RULES.evaluate(plain_ctx, {}).awards}
    assert "last_tile_claim" in ids
