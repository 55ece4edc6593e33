"""Shared helpers of the Ravenna tests: one deal settled through ``RavennaRules.settle``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from muraglia.hand import Hand
from muraglia.rulesets.ravenna import RavennaRules
from muraglia.scoring.result import DealOutcome, Settlement

RAVENNA = RavennaRules()


def settle_deal(
    hands: Mapping[str, str | Hand],
    *,
    winners: Sequence[str],
    discarder: str | None = None,
    statuses: Mapping[str, str] | None = None,
    dead: str | None = None,
) -> Settlement:
    """The settlement of one deal: each live seat's hand by wind, the dead seat (RAV-3P)."""
    outcome = DealOutcome(
        winners=tuple(winners),
        discarder=discarder,
        hands=dict(hands),
        status=dict(statuses or {}),
        extra={"dead": dead},
    )
    return RAVENNA.settle(outcome)
