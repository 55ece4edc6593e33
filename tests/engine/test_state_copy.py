"""DealState is slotted data: the generic copy shares no mutable object with the original, a
copy played on leaves the original as it was, and every phase change goes through the checked
transition (issue 13)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muraglia.engine import DealState, Game, Phase
from muraglia.engine.phases import TRANSITIONS, PhaseTransitionError, check_transition
from muraglia.engine.seats import Seat, fresh
from muraglia.engine.views import view_of
from muraglia.rulesets import load_ruleset
from tests.engine.helpers import check_deal, choose

SPECS = ["fimj(charleston=true)", "ravenna", "seipalle", "riichi-ema", "mcr"]


def _deal(spec: str, seed: int, steps: int) -> DealState:
    rng = random.Random(seed)
    deal = Game(load_ruleset(spec), seed=seed).new_deal()
    for _ in range(steps):
        if deal.is_over:
            break
        deal.apply(choose(rng, deal.legal_actions(deal.to_act[0])))
    return deal


def _containers(value: object, seen: set[int] | None = None) -> Iterator[object]:
    """Every mutable container reachable from ``value`` through the state's own fields."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return
    children: list[object] = []
    if isinstance(value, (list, set, dict)):
        seen.add(id(value))
        yield value
        children = list(value.values()) if isinstance(value, dict) else list(value)
    elif isinstance(value, tuple):
        children = list(value)
    elif isinstance(value, (DealState, Seat)) or (
        getattr(type(value), "__dataclass_params__", None) is not None
        and not type(value).__dataclass_params__.frozen  # type: ignore[attr-defined]
    ):
        seen.add(id(value))
        yield value
        names = getattr(type(value), "__slots__", None) or list(vars(value))
        children = [getattr(value, n) for n in names if n not in DealState._SHARED]
    for child in children:
        yield from _containers(child, seen)


@settings(max_examples=30, deadline=None)
@given(spec=st.sampled_from(SPECS), seed=st.integers(0, 1000), steps=st.integers(0, 80))
def test_a_copy_shares_no_mutable_object_and_diverges_alone(
    spec: str, seed: int, steps: int
) -> None:
    deal = _deal(spec, seed, steps)
    twin = deal.copy()
    original = {id(c) for c in _containers(deal)}
    shared = [c for c in _containers(twin) if id(c) in original]
    assert not shared, f"the copy shares {len(shared)} containers, e.g. {shared[0]!r}"
    assert twin.flow is deal.flow  # the ruleset's hooks are shared, never copied
    views = [view_of(deal, s) for s in range(deal.players)]
    assert [view_of(twin, s) for s in range(twin.players)] == views
    assert twin.to_act == deal.to_act
    for seat in deal.to_act:
        assert twin.legal_actions(seat) == deal.legal_actions(seat)
    events = list(deal.events)
    # play the copy to its end: the original does not move
    rng = random.Random(seed)
    while not twin.is_over:
        twin.apply(choose(rng, twin.legal_actions(twin.to_act[0])))
        check_deal(twin)
    assert deal.events == events
    assert [view_of(deal, s) for s in range(deal.players)] == views
    check_deal(deal)


def test_fresh_copies_nested_containers_and_shares_immutables() -> None:
    seat = Seat(0)
    seat.counts[3] = 2
    data = {"rows": [[1, 2], [3]], "seats": (seat,), "tag": ("a", 1)}
    copy = fresh(data)
    assert copy == data
    assert copy["rows"] is not data["rows"]
    assert copy["rows"][0] is not data["rows"][0]
    assert copy["seats"][0] is not seat
    assert copy["seats"][0].counts is not seat.counts
    assert copy["tag"] is data["tag"]  # a tuple of immutables is shared


def test_deal_state_is_slotted() -> None:
    deal = _deal("riichi-ema", 1, 3)
    assert not hasattr(deal, "__dict__")
    with pytest.raises(AttributeError):
        deal.countz = []  # type: ignore[attr-defined]  # a misspelt field cannot be added
    with pytest.raises(AttributeError):
        deal.phase = Phase.END  # type: ignore[misc]  # only through the checked transition


@pytest.mark.parametrize("current", list(Phase))
def test_every_forbidden_transition_raises_a_typed_error_naming_both_phases(
    current: Phase,
) -> None:
    for target in Phase:
        if target in TRANSITIONS[current]:
            assert check_transition(current, target) is target
            continue
        with pytest.raises(PhaseTransitionError) as err:
            check_transition(current, target)
        assert (err.value.current, err.value.target) == (current, target)
        assert f"phase {current.value}" in str(err.value)
        assert f"phase {target.value}" in str(err.value)


def test_a_finished_deal_refuses_to_change_phase() -> None:
    deal = _deal("ravenna", 4, 10_000)
    assert deal.is_over
    with pytest.raises(PhaseTransitionError, match="from phase end to phase act"):
        deal._goto(Phase.ACT)
    assert deal.phase is Phase.END
