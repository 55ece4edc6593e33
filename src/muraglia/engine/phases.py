"""Phases of a deal, declared in order, and the transition table (DESIGN §8).

Dealing, bonus replacement and drawing are automatic (the wall order decides them), so the
phases where a decision is pending are ``ACT`` (the seat in turn: discard, kong, riichi,
self-drawn win), ``CHARLESTON`` (optional exchanges after the deal, every seat at
once), ``CLAIM`` (every seat that may claim the discard answers) and ``ROB`` (seats
that may win on a tile being added to a pung answer). ``END`` is final.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["TRANSITIONS", "Phase"]


class Phase(StrEnum):
    """Where a deal stands."""

    CHARLESTON = "charleston"
    """Every seat chooses tiles to pass (FIMJ-CHARL), before the first discard."""
    ACT = "act"
    """The seat in turn holds one tile more than a waiting hand and must act."""
    CLAIM = "claim"
    """A discard lies on the table; seats able to claim it answer."""
    ROB = "rob"
    """A tile is being added to an exposed pung; seats able to win on it answer."""
    END = "end"
    """The deal is over."""


TRANSITIONS: dict[Phase, frozenset[Phase]] = {
    Phase.CHARLESTON: frozenset({Phase.CHARLESTON, Phase.ACT}),
    Phase.ACT: frozenset({Phase.ACT, Phase.CLAIM, Phase.ROB, Phase.END}),
    Phase.CLAIM: frozenset({Phase.ACT, Phase.END}),
    Phase.ROB: frozenset({Phase.ACT, Phase.END}),
    Phase.END: frozenset(),
}
"""Allowed phase changes (ACT→ACT after a kong, a drawn tile or the next seat's draw)."""
