"""Typed actions: the only way a player (or the referee) changes a deal (DESIGN §8).

Every action names its seat (0-3, fixed for the match; seat 0 starts as East). Tiles are kinds.

>>> Discard(0, Tile.M5).to_dict()
{'type': 'discard', 'seat': 0, 'tile': '5m', 'riichi': False}
>>> action_from_dict({'type': 'chow', 'seat': 1, 'tiles': ['3m', '4m', '5m']})
Chow(seat=1, tiles=(<Tile.M3: 2>, <Tile.M4: 3>, <Tile.M5: 4>), red=False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from muraglia.engine._serial import OMIT_DEFAULT, from_jsonable, to_jsonable
from muraglia.errors import IllegalActionError
from muraglia.melds import SET_SIZE
from muraglia.tiles import Tile

__all__ = [
    "ACTIONS",
    "Action",
    "AddedKong",
    "Chow",
    "ClaimKong",
    "Declare",
    "ConcealedKong",
    "Discard",
    "LateClaim",
    "NoDiscard",
    "Pass",
    "PassTiles",
    "Penalise",
    "Pung",
    "Win",
    "action_from_dict",
]


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action."""

    kind: ClassVar[str] = "action"
    seat: int
    """The acting seat."""

    def to_dict(self) -> dict[str, Any]:
        """JSON form (``type`` plus fields; tiles in notation)."""
        return to_jsonable(self)

    def line(self) -> str:
        """One-line human form, e.g. ``1 discard 5m``."""
        rest = []
        for k, v in self.to_dict().items():
            if k in ("type", "seat") or v is False or v is None:
                continue
            rest.append(k if v is True else " ".join(v) if isinstance(v, list) else str(v))
        return " ".join([str(self.seat), self.kind, *rest])


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard ``tile``; ``riichi`` declares riichi with this discard."""

    kind: ClassVar[str] = "discard"
    tile: Tile
    """The tile discarded."""
    riichi: bool = False
    """Whether the discard declares riichi (FIMJ-RICHI, SEI-RIICHI)."""
    red: bool = field(default=False, metadata=OMIT_DEFAULT)
    """Whether the tile discarded is the red five of its suit (EMA-TILE-2); the JSON form
    has ``"red": true`` only then."""


@dataclass(frozen=True, slots=True)
class NoDiscard(Action):
    """Draw of the last live tile without winning.

    End the deal without discarding (FIMJ-END-4, RAV-END-1).
    """

    kind: ClassVar[str] = "no_discard"


@dataclass(frozen=True, slots=True)
class Win(Action):
    """Declare Mah-Jong: on the own draw, on the discard in the claim window, or robbing a kong."""

    kind: ClassVar[str] = "win"


@dataclass(frozen=True, slots=True)
class Pung(Action):
    """Claim the discard for a pung."""

    kind: ClassVar[str] = "pung"
    red: bool = field(default=False, metadata=OMIT_DEFAULT)
    """Whether the caller uses its red five (EMA-TILE-2; offered only when it also holds
    plain fives to use instead); the JSON form has ``"red": true`` only then."""


@dataclass(frozen=True, slots=True)
class ClaimKong(Action):
    """Claim the discard for a kong (a concealed pung of it in hand)."""

    kind: ClassVar[str] = "kong"


@dataclass(frozen=True, slots=True)
class Chow(Action):
    """Claim the discard for the chow ``tiles`` (the three tiles, the discard included)."""

    kind: ClassVar[str] = "chow"
    tiles: tuple[Tile, ...]
    """The chow's three tiles in order."""
    red: bool = field(default=False, metadata=OMIT_DEFAULT)
    """Whether the caller uses its red five for the chow's five (as :attr:`Pung.red`)."""


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline every claim in the claim window."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class ConcealedKong(Action):
    """Declare four concealed ``tile`` as a kong (FIMJ-KONG-1)."""

    kind: ClassVar[str] = "concealed_kong"
    tile: Tile
    """The kong's tile."""


@dataclass(frozen=True, slots=True)
class AddedKong(Action):
    """Add ``tile`` to an exposed pung of it (may be robbed, FIMJ-KONG-5)."""

    kind: ClassVar[str] = "added_kong"
    tile: Tile
    """The tile added."""


@dataclass(frozen=True, slots=True)
class PassTiles(Action):
    """Charleston: pass these four tiles (FIMJ-CHARL)."""

    kind: ClassVar[str] = "pass_tiles"
    tiles: tuple[Tile, ...]
    """The tiles passed, in kind order."""


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """A ruleset-specific declaration offered by the flow's ``declarations`` hook.

    Today an abortive one that ends the deal void under its ``name`` (e.g. nine terminals).
    """

    kind: ClassVar[str] = "declare"
    name: str
    """The declaration's name, as the flow offers it."""


@dataclass(frozen=True, slots=True)
class Penalise(Action):
    """Referee action.

    Give ``seat`` a status (``cannot_win`` or ``out``) for ``reason``, a penalty status name of
    the ruleset (``false_mahjong``, ``wrong_claim``...).
    """

    kind: ClassVar[str] = "penalise"
    status: str
    """``cannot_win`` or ``out`` (:class:`~muraglia.rulesets.base.SeatStatus`)."""
    reason: str
    """The ruleset's status name passed to its settlement."""


@dataclass(frozen=True, slots=True)
class LateClaim(Action):
    """Referee action: a claim of the last discard made late (FIMJ-PLAY-8, FIMJ-GAP-16).

    Made after the next player's draw but before his discard: the drawn tile goes back to the
    wall and the claim is resolved as if made in the window. ``claim`` is ``win``, ``pung``,
    ``kong`` or ``chow`` (with the chow's ``tiles``). Not among the legal actions: the referee
    applies it (:meth:`DealState.late_claim_options` lists what may be claimed).
    """

    kind: ClassVar[str] = "late_claim"
    claim: str
    """``win``, ``pung``, ``kong`` or ``chow``."""
    tiles: tuple[Tile, ...] = ()
    """The chow's three tiles (a chow only)."""

    def as_claim(self) -> Action:
        """The claim as it would have been made in the claim window.

        Raises:
            IllegalActionError: for an unknown ``claim`` or a chow without its tiles.
        """
        if self.claim == "chow":
            if len(self.tiles) != SET_SIZE:
                raise IllegalActionError(f"a late chow needs its three tiles, not {self.tiles!r}")
            return Chow(self.seat, self.tiles)
        kinds: dict[str, type[Action]] = {"win": Win, "pung": Pung, "kong": ClaimKong}
        if self.claim not in kinds:
            raise IllegalActionError(f"unknown late claim {self.claim!r}: win, pung, kong or chow")
        return kinds[self.claim](self.seat)


ACTIONS: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        Discard,
        NoDiscard,
        Win,
        Pung,
        ClaimKong,
        Chow,
        Pass,
        ConcealedKong,
        AddedKong,
        Declare,
        PassTiles,
        Penalise,
        LateClaim,
    )
}
"""Action classes by ``type`` name."""


def action_from_dict(data: dict[str, Any]) -> Action:
    """The action of a JSON object (inverse of :meth:`Action.to_dict`).

    Raises:
        MahjongError: for an unknown action type or a missing field.
    """
    action: Action = from_jsonable(data, dict(ACTIONS))
    return action
