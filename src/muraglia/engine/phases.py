"""Phases of a deal, declared in order, and the transition table (DESIGN §8).

Dealing, bonus replacement and drawing are automatic (the wall order decides them), so the
phases where a decision is pending are ``ACT`` (the seat in turn: discard, kong, riichi,
self-drawn win), ``CHARLESTON`` (optional exchanges after the deal, every seat at
once), ``CLAIM`` (every seat that may claim the discard answers) and ``ROB`` (seats
that may win on a tile being added to a pung answer). ``END`` is final.
"""

from __future__ import annotations

from enum import StrEnum

from muraglia.errors import MahjongError

__all__ = ["TRANSITIONS", "Phase", "PhaseTransitionError", "check_transition"]


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
    Phase.CHARLESTON: frozenset({Phase.CHARLESTON, Phase.ACT, Phase.END}),
    Phase.ACT: frozenset({Phase.ACT, Phase.CLAIM, Phase.ROB, Phase.END}),
    Phase.CLAIM: frozenset({Phase.ACT, Phase.END}),
    Phase.ROB: frozenset({Phase.ACT, Phase.END}),
    Phase.END: frozenset(),
}
"""Allowed phase changes (ACT→ACT after a kong, a drawn tile or the next seat's draw;
CHARLESTON→END when the time rule abandons the deal during the exchanges)."""


class PhaseTransitionError(MahjongError):
    """A deal was asked to go from one phase to another that the transition table forbids.

    An engine fault, never a player's mistake (an illegal action is refused before any
    phase changes): the message names both phases.
    """

    def __init__(self, current: Phase, target: Phase) -> None:
        allowed = ", ".join(sorted(p.value for p in TRANSITIONS[current])) or "none (final)"
        super().__init__(
            f"no transition from phase {current.value} to phase {target.value} "
            f"(allowed from {current.value}: {allowed})"
        )
        self.current = current
        """The phase the deal was in."""
        self.target = target
        """The phase asked for."""


def check_transition(current: Phase, target: Phase) -> Phase:
    """``target`` if the table allows ``current`` → ``target``.

    >>> check_transition(Phase.ACT, Phase.CLAIM).value
    'claim'
    >>> try:
    ...     check_transition(Phase.END, Phase.ACT)
    ... except PhaseTransitionError as e:
    ...     print(e)
    no transition from phase end to phase act (allowed from end: none (final))

    Raises:
        PhaseTransitionError: if the table forbids it.
    """
    if target not in TRANSITIONS[current]:
        raise PhaseTransitionError(current, target)
    return target
