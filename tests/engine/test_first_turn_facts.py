"""The dealer's first discard as an engine fact: no call and no kong before it (FIMJ-GAP-31)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from muraglia.engine import legal


def _deal(*, calls: int, kongs: int) -> SimpleNamespace:
    """East (seat 0) has made the deal's first discard; seat 2 may win on it."""
    return SimpleNamespace(
        claim_from=0,
        first=0,
        discard_log=[object()],
        calls_made=calls,
        kongs_made=kongs,
        live_count=60,
        riichi_seats=[SimpleNamespace(standing=False)] * 4,
    )


@pytest.mark.parametrize(("calls", "kongs", "first"), [(0, 0, True), (0, 1, False), (1, 0, False)])
def test_a_kong_before_easts_first_discard_spoils_the_exit_of_the_gods(
    calls: int, kongs: int, first: bool
) -> None:
    facts = legal.facts_discard(_deal(calls=calls, kongs=kongs), 2, robbing=False)  # type: ignore[arg-type]
    assert ("dealer_first" in facts) is first
