"""The engine's shortcuts in legal-action generation agree with the plain computations.

* :func:`muraglia.engine.legal.waits` answers a flow with the default ``is_complete``
  (shanten -1) from the shanten tables in one pass; a flow that overrides ``is_complete`` gets
  the kind-by-kind loop. Both must agree.
* :func:`muraglia.engine.legal.claim_options` skips the flow when the hand holds no pair of the
  tile, no run shape around it and cannot wait: ``_chow_shape`` must see every run.
* :func:`muraglia.engine.legal.claimants` passes over a seat whose per-hand
  ``claim_shapes`` byte says no pair and no run with the discard: it must be
  ``c[k] >= 2 or _chow_shape(c, k)``.
* Interned actions are equal to freshly built ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muraglia.engine import legal
from muraglia.engine.actions import Chow, ClaimKong, Discard, Pass, Pung, Win
from muraglia.rulesets.base import DealFlow
from tests.strategies import concealed_counts

pytestmark = pytest.mark.usefixtures("kernels")  # compiled, then pure-Python shanten kernels


class _LoopFlow(DealFlow):
    """The default completeness test, overridden so that the engine loops over the kinds."""

    def is_complete(self, counts: Sequence[int], melds: int) -> bool:
        return super().is_complete(counts, melds)

    def next_deal(self, progress: Any, summary: Any) -> Any:  # pragma: no cover - unused
        return None


def _deal(flow: DealFlow, counts: Sequence[int], melds: int) -> Any:
    return SimpleNamespace(
        flow=flow, seats=[SimpleNamespace(counts=list(counts), melds=[None] * melds)]
    )


_RULES = SimpleNamespace(options=None)


@given(st.integers(0, 4).flatmap(lambda m: st.tuples(st.just(m), concealed_counts(13 - 3 * m))))
def test_table_waits_equal_the_is_complete_loop(case: tuple[int, tuple[int, ...]]) -> None:
    melds, counts = case
    fast = legal.waits(_deal(_DefaultFlow(_RULES), counts, melds), 0)
    slow = legal.waits(_deal(_LoopFlow(_RULES), counts, melds), 0)
    assert fast == slow


@given(st.integers(0, 4).flatmap(lambda m: st.tuples(st.just(m), concealed_counts(13 - 3 * m))))
def test_ready_hands_wait_on_their_completing_kinds(case: tuple[int, tuple[int, ...]]) -> None:
    """Every kind the table pass returns completes the hand, and no other kind does."""
    melds, counts = case
    flow = _DefaultFlow(_RULES)
    got = set(legal.waits(_deal(flow, counts, melds), 0))
    for k in range(34):
        if counts[k] < 4:
            plus = list(counts)
            plus[k] += 1
            assert (k in got) == flow.is_complete(plus, melds)


class _DefaultFlow(DealFlow):
    """DealFlow with its default is_complete (the engine's table path)."""

    def next_deal(self, progress: Any, summary: Any) -> Any:  # pragma: no cover - unused
        return None


def _runs_with(c: Sequence[int], tile: int) -> bool:
    if tile >= 27:
        return False
    r = tile % 9
    for lo in (r - 2, r - 1, r):
        if 0 <= lo <= 6:
            run = [tile - r + lo + i for i in range(3)]
            if all(c[t] for t in run if t != tile):
                return True
    return False


@given(concealed_counts(13), st.integers(0, 33))
def test_chow_shape_sees_every_run(counts: tuple[int, ...], tile: int) -> None:
    assert legal._chow_shape(counts, tile) == _runs_with(counts, tile)


@given(concealed_counts(13), st.integers(0, 33))
def test_claim_shapes_are_pairs_and_runs(counts: tuple[int, ...], tile: int) -> None:
    """The per-hand bytes the claim window reads equal the per-discard checks they replace."""
    shapes = legal.claim_shapes(list(counts))
    assert len(shapes) == 34
    assert shapes[tile] == 2 * (counts[tile] >= 2) | _runs_with(counts, tile)


@given(concealed_counts(14))
def test_claim_shapes_of_fourteen_tiles(counts: tuple[int, ...]) -> None:
    shapes = legal.claim_shapes(list(counts))
    assert list(shapes) == [2 * (counts[k] >= 2) | _runs_with(counts, k) for k in range(34)]


@pytest.mark.parametrize("seat", range(4))
def test_interned_actions_equal_fresh_ones(seat: int) -> None:
    assert legal._PASS[seat] == Pass(seat)
    assert legal._WIN[seat] == Win(seat)
    assert legal._PUNG[seat] == Pung(seat)
    assert legal._CLAIM_KONG[seat] == ClaimKong(seat)
    assert all(legal._DISCARD[seat][k] == Discard(seat, legal._TILES[k]) for k in range(34))
    for k in range(34):  # the chows of each kind: every run of its suit that holds it
        runs = [(lo, lo + 1, lo + 2) for lo in range(k - 2, k + 1) if k < 27 and 0 <= lo % 9 <= 6]
        runs = [r for r in runs if r[0] // 9 == r[2] // 9 == k // 9]
        got = [(chow, taken) for chow, taken in legal._CHOWS[seat][k]]
        assert [c for c, _ in got] == [Chow(seat, tuple(legal._TILES[t] for t in r)) for r in runs]
        assert [set(t) for _, t in got] == [set(r) - {k} for r in runs]
