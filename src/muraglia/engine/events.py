"""Typed events: everything that happened, in order (DESIGN §8). A record is a list of them.

Player decisions are :class:`Acted` events (the action itself); everything the engine does in
consequence (draws, calls resolved, wins, settlement) is its own event. Events hold hidden
information (the wall, drawn tiles): they go to records, never to players (see ``views.py``).

>>> Drew(2, Tile.P3, replacement=False).to_dict()
{'type': 'drew', 'seat': 2, 'tile': '3p', 'replacement': False}
>>> event_from_dict({'type': 'drew', 'seat': 2, 'tile': '3p', 'replacement': False}).line()
'2 draws 3p'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from muraglia.engine._serial import OMIT_DEFAULT, from_jsonable, to_jsonable
from muraglia.engine.actions import ACTIONS, Action
from muraglia.tiles import Tile

__all__ = [
    "EVENTS",
    "Acted",
    "BonusExposed",
    "Called",
    "DealEnded",
    "DealStarted",
    "Dealt",
    "DrawReturned",
    "Drew",
    "Event",
    "IndicatorRevealed",
    "KongMade",
    "MatchEnded",
    "RiichiAccepted",
    "RiichiCancelled",
    "Settled",
    "StatusChanged",
    "TilesMoved",
    "TilesPassed",
    "TimeCalled",
    "Won",
    "event_from_dict",
]


def _t(tiles: tuple[Tile, ...]) -> str:
    return " ".join(t.notation for t in tiles)


def _n(tile: Tile, red: bool) -> str:
    """Notation of a tile that may be a red five (``0m``)."""
    return f"0{tile.notation[1]}" if red else tile.notation


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event."""

    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        """JSON form (``type`` plus fields; tiles in notation)."""
        return to_jsonable(self)

    def line(self) -> str:
        """One-line human form for logs and ``muraglia replay``."""
        return self.kind


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    """A deal begins: roles, dice and the whole wall (hidden information)."""

    kind: ClassVar[str] = "deal_started"
    deal: int
    """Deal number in the match (0-based)."""
    dealer: int
    """Seat holding the East role."""
    round_wind: Tile
    """The round wind."""
    dice: tuple[int, ...]
    """Dice thrown to break the wall."""
    breach_wall: int
    """Wall opened, counted from the dealer's in order of play."""
    breach_stack: int
    """The breach lies after this stack."""
    live: tuple[Tile, ...]
    """The live wall in draw order (dealt tiles first)."""
    dead: tuple[Tile, ...]
    """The dead wall in replacement order."""
    red_live: tuple[int, ...] = field(default=(), metadata=OMIT_DEFAULT)
    """Positions in ``live`` of the red fives (EMA-TILE-2; left out of the JSON when none)."""
    red_dead: tuple[int, ...] = field(default=(), metadata=OMIT_DEFAULT)
    """Positions in ``dead`` of the red fives."""

    def line(self) -> str:
        """One-line form."""
        return (
            f"deal {self.deal}: dealer {self.dealer}, round {self.round_wind.notation}, "
            f"dice {'-'.join(map(str, self.dice))}, breach wall {self.breach_wall} "
            f"stack {self.breach_stack}"
        )


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """``seat`` received its dealt tiles."""

    kind: ClassVar[str] = "dealt"
    seat: int
    tiles: tuple[Tile, ...]
    red: tuple[int, ...] = field(default=(), metadata=OMIT_DEFAULT)
    """Positions in ``tiles`` of red fives."""

    def line(self) -> str:
        """One-line form."""
        red = set(self.red)
        return f"{self.seat} dealt " + " ".join(_n(t, i in red) for i, t in enumerate(self.tiles))


@dataclass(frozen=True, slots=True)
class BonusExposed(Event):
    """``seat`` exposed a flower or season (a replacement draw follows)."""

    kind: ClassVar[str] = "bonus_exposed"
    seat: int
    tile: Tile

    def line(self) -> str:
        """One-line form."""
        return f"{self.seat} exposes {self.tile.notation}"


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``seat`` drew ``tile`` (from the dead wall if ``replacement``)."""

    kind: ClassVar[str] = "drew"
    seat: int
    tile: Tile
    replacement: bool
    red: bool = field(default=False, metadata=OMIT_DEFAULT)
    """The tile is the red five of its suit."""

    def line(self) -> str:
        """One-line form."""
        tile = _n(self.tile, self.red)
        return f"{self.seat} draws {tile}" + (" (replacement)" * self.replacement)


@dataclass(frozen=True, slots=True)
class Acted(Event):
    """A player's (or the referee's) decision."""

    kind: ClassVar[str] = "acted"
    action: Action

    def line(self) -> str:
        """One-line form."""
        return self.action.line()


@dataclass(frozen=True, slots=True)
class TilesPassed(Event):
    """Charleston: ``seat`` passed ``tiles`` to ``to``."""

    kind: ClassVar[str] = "tiles_passed"
    seat: int
    to: int
    tiles: tuple[Tile, ...]

    def line(self) -> str:
        """One-line form."""
        return f"{self.seat} passes {_t(self.tiles)} to {self.to}"


@dataclass(frozen=True, slots=True)
class TilesMoved(Event):
    """Charleston at a table of three: tiles moved (FIMJ-CHARL-3).

    Between a seat, a face-down pile and the far end of the dead wall: ``source`` and
    ``target`` are a seat, ``"pile A"``, ``"pile B"`` or ``"dead wall"``.
    """

    kind: ClassVar[str] = "tiles_moved"
    source: int | str
    target: int | str
    tiles: tuple[Tile, ...]

    def line(self) -> str:
        """One-line form."""
        return f"{self.source} -> {self.target}: {_t(self.tiles)}"


@dataclass(frozen=True, slots=True)
class Called(Event):
    """A claim won the arbitration: ``seat`` melds ``tiles`` with ``from_seat``'s ``tile``."""

    kind: ClassVar[str] = "called"
    seat: int
    call: str
    tiles: tuple[Tile, ...]
    tile: Tile
    from_seat: int
    red: bool = field(default=False, metadata=OMIT_DEFAULT)
    """The claimed ``tile`` is a red five."""
    red_used: bool = field(default=False, metadata=OMIT_DEFAULT)
    """A red five of the caller's hand went into the meld."""

    def line(self) -> str:
        """One-line form."""
        red = " (red five)" if self.red or self.red_used else ""
        return f"{self.seat} {self.call} {_t(self.tiles)} from {self.from_seat}{red}"


@dataclass(frozen=True, slots=True)
class KongMade(Event):
    """A concealed or added kong stands (not robbed)."""

    kind: ClassVar[str] = "kong_made"
    seat: int
    tile: Tile
    concealed: bool
    red: bool = field(default=False, metadata=OMIT_DEFAULT)
    """A red five came from the hand: among the four (concealed) or the added tile."""

    def line(self) -> str:
        """One-line form."""
        how = "concealed" if self.concealed else "added"
        return f"{self.seat} {how} kong {self.tile.notation}" + " (red five)" * self.red


@dataclass(frozen=True, slots=True)
class IndicatorRevealed(Event):
    """A dora indicator is turned face up."""

    kind: ClassVar[str] = "indicator"
    tile: Tile
    red: bool = field(default=False, metadata=OMIT_DEFAULT)
    """The indicator is a red five (it indicates as a five, EMA-GAP-33)."""

    def line(self) -> str:
        """One-line form."""
        return f"indicator {_n(self.tile, self.red)}"


@dataclass(frozen=True, slots=True)
class RiichiAccepted(Event):
    """``seat``'s riichi discard passed unclaimed: the riichi stands, ``stake`` on the table."""

    kind: ClassVar[str] = "riichi"
    seat: int
    stake: int

    def line(self) -> str:
        """One-line form."""
        return f"{self.seat} riichi ({self.stake} on the table)"


@dataclass(frozen=True, slots=True)
class RiichiCancelled(Event):
    """``seat``'s riichi discard was claimed: the declaration is void (SEI-RIICHI-4)."""

    kind: ClassVar[str] = "riichi_cancelled"
    seat: int

    def line(self) -> str:
        """One-line form."""
        return f"{self.seat} riichi cancelled"


@dataclass(frozen=True, slots=True)
class StatusChanged(Event):
    """``seat`` has a new status for the rest of the deal."""

    kind: ClassVar[str] = "status"
    seat: int
    status: str
    reason: str

    def line(self) -> str:
        """One-line form."""
        return f"{self.seat} is {self.status} ({self.reason})"


@dataclass(frozen=True, slots=True)
class Won(Event):
    """``seat`` won with ``tile`` (``from_seat`` None: self-drawn)."""

    kind: ClassVar[str] = "won"
    seat: int
    tile: Tile
    from_seat: int | None
    flags: tuple[str, ...]
    value: int
    hand: str
    patterns: tuple[tuple[str, str, str], ...] = ()
    """The hand's patterns as ``(id, Italian name, English name)``, in the ruleset's order
    (records written before they were added have none)."""
    red: bool = field(default=False, metadata=OMIT_DEFAULT)
    """The winning tile is a red five."""

    def line(self) -> str:
        """One-line form."""
        src = "self-drawn" if self.from_seat is None else f"from {self.from_seat}"
        flags = f" [{', '.join(self.flags)}]" if self.flags else ""
        return f"{self.seat} wins {self.hand} {src}{flags}: {self.value}"


@dataclass(frozen=True, slots=True)
class DealEnded(Event):
    """The deal is over."""

    kind: ClassVar[str] = "deal_ended"
    reason: str
    """``win``, ``exhausted`` or an abortive-draw / void reason."""
    winners: tuple[int, ...]
    void: bool
    hands: tuple[str, ...]
    """Every seat's final hand in notation."""

    def line(self) -> str:
        """One-line form."""
        who = f" winners {list(self.winners)}" if self.winners else ""
        return f"deal ended: {self.reason}{who}{' (void)' if self.void else ''}"


@dataclass(frozen=True, slots=True)
class Settled(Event):
    """Payments of the deal by seat, and the table pot after them."""

    kind: ClassVar[str] = "settled"
    net: tuple[int, ...]
    pot: int
    scores: tuple[int, ...]

    def line(self) -> str:
        """One-line form."""
        return f"settled {list(self.net)} -> scores {list(self.scores)}"


@dataclass(frozen=True, slots=True)
class DrawReturned(Event):
    """``seat``'s drawn ``tile`` goes back to the live wall: a late claim (FIMJ-GAP-16)."""

    kind: ClassVar[str] = "draw_returned"
    seat: int
    tile: Tile

    def line(self) -> str:
        """One-line form."""
        return f"{self.seat} puts {self.tile.notation} back on the wall (late claim)"


@dataclass(frozen=True, slots=True)
class TimeCalled(Event):
    """The tournament manager called time (:meth:`MatchState.call_time`).

    The deal in progress is finished (``finish``), after which the match ends, or abandoned
    at once without payments; ``discards`` counts its discards so far, claimed ones included
    (FIMJ-TOURN-5, RAV-COMP-2/3).
    """

    kind: ClassVar[str] = "time_called"
    deal: int
    """Index of the deal in the match (0 = the first)."""
    discards: int
    """Discards made in that deal when time was called, claimed ones included."""
    finish: bool
    """Whether the deal is played to its end (else abandoned without payments)."""

    def line(self) -> str:
        """One-line form."""
        then = "finish the deal" if self.finish else "deal abandoned"
        return f"time called in deal {self.deal} after {self.discards} discards: {then}"


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """The match is over with these final scores."""

    kind: ClassVar[str] = "match_ended"
    scores: tuple[int, ...]

    def line(self) -> str:
        """One-line form."""
        return f"match ended: {list(self.scores)}"


EVENTS: dict[str, type] = {
    cls.kind: cls
    for cls in (
        DealStarted,
        Dealt,
        BonusExposed,
        Drew,
        Acted,
        TilesPassed,
        TilesMoved,
        Called,
        KongMade,
        IndicatorRevealed,
        RiichiAccepted,
        RiichiCancelled,
        StatusChanged,
        Won,
        DealEnded,
        Settled,
        DrawReturned,
        TimeCalled,
        MatchEnded,
    )
} | dict(ACTIONS)
"""Event classes by ``type`` name (actions included, for :class:`Acted`)."""


def event_from_dict(data: dict[str, Any]) -> Event:
    """The event of a JSON object (inverse of :meth:`Event.to_dict`).

    Raises:
        MahjongError: for an unknown type or a missing field.
    """
    event: Event = from_jsonable(data, EVENTS)
    return event
