"""The compiled turn loop (``engine/_cdeal.c``) against the pure-Python engine, side by side.

The same seeded match is played twice in one process, once on the compiled kernels
(``legal.act_actions``, ``claimants``, ``completes``, ``mark_missed``, ``claim_shapes`` and
``DealState.apply``'s compiled discard and pass) and once on their pure references; at every
decision the seats to act, every legal action in order, the agent's choice, the events it
caused and the deal's seat records must be equal, and so must the final scores. The agents
are random with a bias towards what the fast path hands back to Python (calls, kongs, riichi,
wins, abortive declarations), so that every branch of the compiled code and of its
fall-backs is crossed. Skipped where the kernel is not built.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muraglia.engine import Game, legal, state
from muraglia.engine.actions import Action, Discard, Pass
from muraglia.errors import InvalidHandError
from muraglia.rulesets import load_ruleset
from tests.strategies import concealed_counts

pytestmark = pytest.mark.skipif(not legal.NATIVE, reason="the engine kernel is not built here")

_KERNELS = ("act_actions", "claim_shapes", "claimants", "completes", "mark_missed")
_RULES = (
    "riichi-ema",
    "riichi-tenhou",
    "mcr",
    "fimj(tournament=true)",
    "ravenna",
    "seipalle(tournament=true)",
    "fimj(tournament=true,three_players=true)",
)


@contextmanager
def _pure() -> Iterator[None]:
    """The pure-Python kernels in place of the compiled ones, for the ``with`` block."""
    saved = {name: getattr(legal, name) for name in _KERNELS}
    apply = state._compiled_apply
    try:
        for name in _KERNELS:
            setattr(legal, name, getattr(legal, f"_pure_{name}"))
        state._compiled_apply = state._no_compiled_apply
        yield
    finally:
        for name, value in saved.items():
            setattr(legal, name, value)
        state._compiled_apply = apply


def _choose(rng: random.Random, legal_actions: list[Action]) -> Action:
    """A random action, anything but a plain discard or a pass three times out of four."""
    special = [
        a
        for a in legal_actions
        if type(a) is not Pass and (type(a) is not Discard or a.riichi)  # type: ignore[attr-defined]
    ]
    if special and rng.random() < 0.75:
        return rng.choice(special)
    return rng.choice(legal_actions)


def _seats(match: Any) -> Any:
    deal = match.deal
    return (
        [(s.counts, s.melds, s.discards, s.claimed, s.missed_win, s.status) for s in deal.seats],
        [(r.standing, r.double, r.stake, r.ippatsu_mark) for r in deal.riichi_seats],
        [(r.held, r.discarded) for r in deal.red_seats],
        deal.from_draw,
        deal.phase,
        deal.turn,
        deal.drawn,
        deal.late,
    )


def _play(spec: str, seed: int, max_decisions: int) -> list[Any]:
    """Every decision's seats to act, legal actions, choice, new events and seat records."""
    match = Game(load_ruleset(spec), seed=seed).new_match()
    rng = random.Random(seed)
    out: list[Any] = []
    while not match.over and len(out) < max_decisions:
        seat = match.to_act[0]
        offered = match.legal_actions(seat)
        action = _choose(rng, offered)
        events = match.apply(action)
        out.append((match.to_act, offered, action, events, _seats(match) if not match.over else ()))
    out.append((match.scores, match.pot, match.over))
    return out


@pytest.mark.parametrize("spec", _RULES)
@pytest.mark.parametrize("seed", range(3))
def test_compiled_turns_play_as_the_pure_engine(spec: str, seed: int) -> None:
    native = _play(spec, seed, 3000)
    with _pure():
        pure = _play(spec, seed, 3000)
    assert len(native) == len(pure)
    for i, (a, b) in enumerate(zip(native, pure, strict=True)):
        assert a == b, f"{spec} seed {seed}: decision {i} differs"


@given(st.integers(0, 10**6), st.sampled_from(("riichi-ema", "riichi-tenhou", "mcr", "fimj")))
def test_compiled_turns_on_generated_seeds(seed: int, spec: str) -> None:
    native = _play(spec, seed, 400)
    with _pure():
        pure = _play(spec, seed, 400)
    assert native == pure


@given(concealed_counts(13))
def test_claim_shapes_equal_the_pure_ones(counts: tuple[int, ...]) -> None:
    assert legal.claim_shapes(list(counts)) == legal._pure_claim_shapes(list(counts))


def test_bad_counts_are_refused_with_the_kind() -> None:
    with pytest.raises(ValueError, match="kind 3"):
        legal.claim_shapes([0, 0, 0, 7] + [0] * 30)
    with pytest.raises(ValueError, match="34 ints"):
        legal.claim_shapes([0] * 33)


def test_an_illegal_discard_is_refused_by_the_python_path() -> None:
    match = Game(load_ruleset("riichi-ema"), seed=5).new_match()
    seat = match.to_act[0]
    held = [a for a in match.legal_actions(seat) if type(a) is Discard]
    absent = next(k for k in range(34) if not any(a.tile == k for a in held))  # type: ignore[attr-defined]
    with pytest.raises(Exception, match="not legal"):
        match.apply(Discard(seat, absent))  # type: ignore[arg-type]
    with pytest.raises(Exception, match="not legal"):
        match.apply(Discard((seat + 1) % 4, held[0].tile))  # type: ignore[attr-defined]


def _first_plain_discard(match: Any) -> tuple[Any, Action]:
    deal = match.deal
    seat = match.to_act[0]
    action = next(
        a
        for a in deal.legal_actions(seat)
        if type(a) is Discard and not a.riichi  # type: ignore[attr-defined]
    )
    return deal, action


def test_a_subclass_of_the_deal_keeps_its_own_steps() -> None:
    """The compiled apply stands for DealState's own methods: a subclass's take the Python path."""
    seen: list[int] = []

    class Traced(state.DealState):
        __slots__ = ()

        def _discard(self, seat: int, tile: Any, **kw: Any) -> None:
            seen.append(tile)
            super()._discard(seat, tile, **kw)

    deal, action = _first_plain_discard(Game(load_ruleset("riichi-ema"), seed=1).new_match())
    deal.__class__ = Traced
    deal.apply(action)
    assert seen == [action.tile]  # type: ignore[attr-defined]


def test_a_patched_deal_method_is_followed() -> None:
    """A method of DealState changed after import (the type's version moves): the Python path."""
    seen: list[int] = []
    original = state.DealState._discard

    def traced(self: Any, seat: int, tile: Any, **kw: Any) -> None:
        seen.append(tile)
        original(self, seat, tile, **kw)

    deal, action = _first_plain_discard(Game(load_ruleset("riichi-ema"), seed=1).new_match())
    try:
        state.DealState._discard = traced  # type: ignore[method-assign]
        deal.apply(action)
    finally:
        state.DealState._discard = original  # type: ignore[method-assign]
        legal._native.setup_state(vars(state))  # type: ignore[union-attr]  # re-armed
    assert seen == [action.tile]  # type: ignore[attr-defined]
    deal, action = _first_plain_discard(Game(load_ruleset("riichi-ema"), seed=1).new_match())
    assert type(state._compiled_apply(deal, action)) is list  # compiled again


def test_a_huge_count_gets_the_pure_error() -> None:
    """A count that overflows a C long goes to the pure path with no error left pending."""
    errors = []
    for act_actions in (legal.act_actions, legal._pure_act_actions):
        match = Game(load_ruleset("riichi-ema"), seed=1).new_match()
        seat = match.to_act[0]
        match.deal.seats[seat].counts[0] = 2**70
        with pytest.raises(InvalidHandError, match="kind 0") as caught:
            act_actions(match.deal, seat)
        errors.append(str(caught.value))
    assert errors[0] == errors[1]
