"""Claim window arbitration (DESIGN §8).

The engine collects one answer from every seat that may claim, then the ruleset's
:class:`~muraglia.rulesets.base.ClaimPolicy` decides.

Mah-Jong beats pung/kong, which beats chow (FIMJ-PLAY-4, RAV-PLAY-3, SEI-PLAY-1); several
Mah-Jong claims are all accepted (FIMJ-PLAY-7, SEI-PAY-6), void the deal (RAV-END-2) or go to
the first claimant in turn order after the discarder (MCR head bump).

>>> from muraglia.engine.actions import Chow, Pass, Pung
>>> from muraglia.tiles import Tile
>>> answers = {1: Chow(1, (Tile.M3, Tile.M4, Tile.M5)), 2: Pung(2), 3: Pass(3)}
>>> arbitrate(answers, discarder=0, players=4, policy=ClaimPolicy())
Decision(winners=(), call=Pung(seat=2, red=False), void=False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from muraglia.engine.actions import Action, Chow, ClaimKong, Pung, Win
from muraglia.rulesets.base import CallKind, ClaimPolicy, ClaimWinners

__all__ = ["Decision", "arbitrate", "call_kind"]


@dataclass(frozen=True)
class Decision:
    """The outcome of a claim window."""

    winners: tuple[int, ...]
    """Seats whose Mah-Jong claim stands (in turn order after the discarder)."""
    call: Action | None
    """The set claim that stands (when nobody wins)."""
    void: bool = False
    """Several winners under :attr:`ClaimWinners.VOID`: the deal is void."""


_NOBODY = Decision((), None)
"""The decision of a window nobody could answer."""


def call_kind(action: Action) -> CallKind | None:
    """The claim an answer makes (None for a pass)."""
    if isinstance(action, Win):
        return CallKind.WIN
    if isinstance(action, ClaimKong):
        return CallKind.KONG
    if isinstance(action, Pung):
        return CallKind.PUNG
    if isinstance(action, Chow):
        return CallKind.CHOW
    return None


def arbitrate(
    answers: Mapping[int, Action], *, discarder: int, players: int, policy: ClaimPolicy
) -> Decision:
    """Settle the answers of one claim window (a pass or one claim per seat)."""
    if not answers:
        return _NOBODY
    order = [(discarder + i) % players for i in range(1, players)]
    claims = [(answers[s], call_kind(answers[s])) for s in order if s in answers]
    wins = tuple(a.seat for a, k in claims if k is CallKind.WIN)
    if wins:
        if len(wins) > 1 and policy.multiple_winners is ClaimWinners.VOID:
            return Decision(wins, None, void=True)
        if policy.multiple_winners is ClaimWinners.HEAD_BUMP:
            return Decision(wins[:1], None)
        return Decision(wins, None)
    best: tuple[int, int, Action] | None = None
    for rank, (action, kind) in enumerate(claims):
        if kind is None:
            continue
        key = (policy.priority[kind], -rank)
        if best is None or key > best[:2]:
            best = (key[0], key[1], action)
    return Decision((), best[2] if best else None)
