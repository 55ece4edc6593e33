"""Per-seat records of a deal, and the one generic copy of a deal's mutable data.

A :class:`~muraglia.engine.state.DealState` keeps what belongs to one seat in one slotted
record per seat: :class:`Seat` (what every ruleset's deal has: concealed counts, melds, bonus
tiles, discards, status, furiten input) and two extras that only some flows use, kept out of
the shared record: :class:`RiichiSeat` (a declared riichi, its stake and the facts that follow
from it; flows whose ``riichi_possible`` answers) and :class:`RedSeat` (red fives, EMA-TILE-2;
walls with ``WallLayout.red_fives``).

:func:`fresh` copies any of these, and the state itself, by walking their slots: lists, sets,
dicts and mutable dataclasses are copied (recursively), everything else is immutable and shared.
A new field needs no change to any ``copy()``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from muraglia.melds import Meld
from muraglia.rulesets.base import SeatStatus
from muraglia.tiles import NUM_KINDS, Tile

__all__ = ["RedSeat", "RiichiSeat", "Seat", "SeatRecords", "WaitEntry", "fresh"]

T = TypeVar("T")

WaitEntry = tuple[list[int], int, bool, dict[int, bool], bytes]
"""What the engine knows of a seat's hand between changes: the hand (a copy of its concealed
counts, its number of melds), the flow's ``may_wait`` answer for it, which kinds are known to
complete it (filled as asked) and, per kind, whether it holds a pair of it or a run shape
with it (``legal.claim_shapes``)."""


@dataclass(slots=True)
class Seat:
    """What one seat holds and has done in a deal (shared by every ruleset)."""

    wind: int
    """The seat's own wind this deal (0 East ... 3 North)."""
    status: SeatStatus = SeatStatus.ACTIVE
    """Active, cannot win, or out (DESIGN §8; dead seats of a table of three are out)."""
    status_reason: str | None = None
    """The ruleset's name of the penalty that set ``status`` (passed on to its settlement)."""
    counts: list[int] = field(default_factory=lambda: [0] * NUM_KINDS)
    """Concealed tiles by kind (the drawn tile included)."""
    melds: list[Meld] = field(default_factory=list)
    """Declared melds in order."""
    bonus: list[Tile] = field(default_factory=list)
    """Exposed flowers and seasons."""
    discards: list[Tile] = field(default_factory=list)
    """Discards in order, claimed ones included."""
    claimed: list[bool] = field(default_factory=list)
    """For each discard: whether a call or a win took it."""
    missed_win: bool = False
    """Passed (or lost) a win since the seat's own last discard: the flow's furiten input."""
    wait_cache: WaitEntry | None = None
    """The flow's ``may_wait`` answer for (concealed counts, melds) last asked, and the
    kinds asked so far that complete that hand (``legal.completes``)."""


@dataclass(slots=True)
class RiichiSeat:
    """A seat's riichi (EMA-RIICHI, SEI-RIICHI, FIMJ-RICHI): the engine's facts about it."""

    standing: bool = False
    """The seat's riichi was accepted (the discard was not won on)."""
    turn: int | None = None
    """Position in the deal's discard log of the riichi discard."""
    double: bool = False
    """Declared with the first discard, nothing called before (double riichi)."""
    stake: int = 0
    """Stake put up (moves from the seat's score to the pot when the deal ends)."""
    ippatsu_mark: tuple[int, int] | None = None
    """(own discards, calls + kongs) when the riichi stood: unchanged means ippatsu."""


@dataclass(slots=True)
class RedSeat:
    """A seat's red fives (EMA-TILE-2), beside the 34-kind counts so the common path is plain."""

    held: set[Tile] = field(default_factory=set)
    """Kinds whose red five is among the seat's concealed tiles."""
    discarded: set[int] = field(default_factory=set)
    """Positions in the seat's discards of red fives."""


def fresh(value: T) -> T:
    """A copy of ``value`` sharing no mutable container with it.

    Lists, sets, dicts and non-frozen dataclasses (slotted or not) are copied, their items
    recursively, and so are tuples holding any of them; anything else (ints, tiles, melds,
    frozen records, enums, flows) is shared.
    """
    kind = type(value)
    out: Any
    if kind is list:
        items: list[Any] = value  # type: ignore[assignment]
        out = [fresh(x) for x in items] if items and _mutable(items[0]) else items.copy()
    elif kind is tuple:
        row: tuple[Any, ...] = value  # type: ignore[assignment]
        if not any(map(_mutable, row)):
            return value
        out = tuple(fresh(x) for x in row)
    elif kind is set:
        out = set(value)  # type: ignore[call-overload]
    elif kind is dict:
        mapping: dict[Any, Any] = value  # type: ignore[assignment]
        out = {k: fresh(v) for k, v in mapping.items()}
    elif _mutable_record(kind):
        out = object.__new__(kind)
        for f in dataclasses.fields(value):  # type: ignore[arg-type]
            object.__setattr__(out, f.name, fresh(getattr(value, f.name)))
    else:
        return value
    return out  # type: ignore[no-any-return]


def _mutable(value: object) -> bool:
    kind = type(value)
    return kind in (list, set, dict) or _mutable_record(kind)


def _mutable_record(kind: type) -> bool:
    params = getattr(kind, "__dataclass_params__", None)
    return params is not None and not params.frozen


class SeatRecords(Protocol):
    """What both legal-action generation and the views read of a deal's seats and tiles.

    The engine's ``DealState`` provides it; :class:`~muraglia.engine.legal.LegalDeal` and
    :class:`~muraglia.engine.views.ViewedDeal` extend it.
    """

    @property
    def seats(self) -> Sequence[Seat]:
        """Per-seat records (legal-action generation changes and restores them while probing)."""
        ...  # pragma: no cover

    @property
    def riichi_seats(self) -> Sequence[RiichiSeat]:
        """Per-seat riichi records."""
        ...  # pragma: no cover

    @property
    def red_seats(self) -> Sequence[RedSeat]:
        """Per-seat red fives."""
        ...  # pragma: no cover

    @property
    def drawn(self) -> Tile | None:
        """The tile the seat in turn has just drawn."""
        ...  # pragma: no cover

    @property
    def drawn_red(self) -> bool:
        """``drawn`` is a red five."""
        ...  # pragma: no cover

    @property
    def claim_red(self) -> bool:
        """The tile in the claim window is a red five."""
        ...  # pragma: no cover

    @property
    def dead_count(self) -> int:
        """Replacement tiles left in the dead wall."""
        ...  # pragma: no cover
