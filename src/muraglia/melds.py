"""Declared melds: exposed chows, pungs and kongs, added kongs and concealed kongs.

A :class:`Meld` is what a player has laid down on the table. Its tiles are physical
tiles (a red five stays red inside a meld). Validation is structural: a chow is three
consecutive tiles of one suit, a pung three identical tiles, a kong four.

>>> m = Meld.chow(Tile.M4, source=Source.LEFT)
>>> m.kind, m.first, m.is_open, str(m)
(<MeldKind.CHOW: 'chow'>, <Tile.M4: 3>, True, '[456m<]')
>>> str(Meld.kong(Tile.P1, concealed=True)), str(Meld.kong(Tile.P1, added=True))
('(1111p)', '[1111p+]')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from muraglia.errors import InvalidHandError
from muraglia.tiles import COPIES, FIVE, RANKS, PhysicalTile, Tile

__all__ = ["Meld", "MeldKind", "Source"]


class MeldKind(StrEnum):
    """Kind of a declared meld."""

    CHOW = "chow"
    """Three consecutive suited tiles (scala / chii)."""
    PUNG = "pung"
    """Three identical tiles (tris / pon)."""
    KONG = "kong"
    """Four identical tiles (kong, poker / kan)."""

    @property
    def size(self) -> int:
        """Tiles of a meld of this kind (a kong is four tiles, played as a set of three)."""
        return COPIES if self is MeldKind.KONG else SET_SIZE


SET_SIZE = 3
"""Tiles of a chow or a pung (and of the set a kong counts as)."""
PAIR_SIZE = 2
"""Tiles of a pair (the eyes of a standard hand)."""


class Source(StrEnum):
    """Who discarded the called tile, relative to the caller (interfaces.md §3)."""

    LEFT = "<"
    """The previous player (kamicha)."""
    ACROSS = "^"
    """The player opposite (toimen)."""
    RIGHT = ">"
    """The next player (shimocha)."""


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared meld.

    Build melds with :meth:`chow`, :meth:`pung`, :meth:`kong` or directly from physical
    tiles; the constructor checks the shape and raises :class:`InvalidHandError`.
    """

    kind: MeldKind
    """Chow, pung or kong."""
    tiles: tuple[PhysicalTile, ...]
    """The physical tiles, sorted."""
    concealed: bool = False
    """True only for a concealed kong (declared from the hand)."""
    source: Source | None = None
    """Who discarded the called tile, when known (exposed melds only)."""
    added: bool = False
    """True for a kong made by adding a tile to an exposed pung."""

    def __post_init__(self) -> None:
        """Check the meld's shape and flags."""
        tiles = tuple(sorted(self.tiles, key=lambda t: (t.kind, not t.red)))
        object.__setattr__(self, "tiles", tiles)
        kinds = [t.kind for t in tiles]
        text = _plain(tiles)
        if any(k.is_bonus for k in kinds):
            raise InvalidHandError(f"bonus tile in meld {text!r}: flowers and seasons never meld")
        if self.kind is MeldKind.CHOW:
            if len(kinds) != SET_SIZE:
                raise InvalidHandError(f"chow {text!r} must have 3 tiles, not {len(kinds)}")
            if kinds[0].is_honour:
                raise InvalidHandError(f"chow of honours {text!r}: winds and dragons never chow")
            first = kinds[0]
            if not (kinds[1] == first + 1 and kinds[2] == first + 2 and first.rank <= RANKS - 2):
                raise InvalidHandError(f"chow {text!r} is not three consecutive tiles of one suit")
        else:
            size = self.kind.size
            if len(kinds) != size:
                raise InvalidHandError(
                    f"{self.kind.value} {text!r} must have {size} tiles, not {len(kinds)}"
                )
            if len(set(kinds)) != 1:
                raise InvalidHandError(f"{self.kind.value} {text!r} mixes different tiles")
        if self.concealed and self.kind is not MeldKind.KONG:
            raise InvalidHandError(f"only a kong can be declared concealed, not {text!r}")
        if self.concealed and (self.source is not None or self.added):
            raise InvalidHandError(f"concealed kong {text!r} cannot have a source or be added")
        if self.added and self.kind is not MeldKind.KONG:
            raise InvalidHandError(f"only a kong can be added to a pung, not {text!r}")

    @classmethod
    def chow(cls, first: Tile, *, source: Source | None = None, red: bool = False) -> Meld:
        """A chow starting at ``first``; ``red`` makes its five a red five."""
        tiles = [PhysicalTile(Tile(first + i)) for i in range(3)]
        if red:
            tiles = [PhysicalTile(t.kind, red=t.kind.rank == FIVE) for t in tiles]
        return cls(MeldKind.CHOW, tuple(tiles), source=source)

    @classmethod
    def pung(cls, tile: Tile, *, source: Source | None = None, reds: int = 0) -> Meld:
        """An exposed pung of ``tile`` with ``reds`` red fives among its tiles."""
        return cls(MeldKind.PUNG, _copies(tile, 3, reds), source=source)

    @classmethod
    def kong(
        cls,
        tile: Tile,
        *,
        concealed: bool = False,
        added: bool = False,
        source: Source | None = None,
        reds: int = 0,
    ) -> Meld:
        """A kong of ``tile``: exposed (default), ``concealed`` or ``added`` to a pung."""
        return cls(
            MeldKind.KONG, _copies(tile, 4, reds), concealed=concealed, added=added, source=source
        )

    @property
    def first(self) -> Tile:
        """The lowest tile kind (the tile of a pung or kong)."""
        return self.tiles[0].kind

    @property
    def kinds(self) -> tuple[Tile, ...]:
        """The tile kinds, sorted."""
        return tuple(t.kind for t in self.tiles)

    @property
    def is_open(self) -> bool:
        """Whether the meld was made with a called tile (everything but a concealed kong)."""
        return not self.concealed

    @property
    def red_fives(self) -> int:
        """How many red fives the meld holds."""
        return sum(t.red for t in self.tiles)

    @property
    def notation(self) -> str:
        """Canonical notation: ``[456m<]``, ``[5555p+]``, ``(1111p)``."""
        inner = _plain(self.tiles)
        if self.concealed:
            return f"({inner})"
        marks = (self.source.value if self.source else "") + ("+" if self.added else "")
        return f"[{inner}{marks}]"

    def __str__(self) -> str:
        """The canonical notation."""
        return self.notation


def _copies(tile: Tile, n: int, reds: int) -> tuple[PhysicalTile, ...]:
    return tuple(PhysicalTile(tile, red=i < reds) for i in range(n))


_DIGIT: tuple[str, ...] = tuple(Tile(i).notation[0] for i in range(len(Tile)))
_LETTER: tuple[str, ...] = tuple(Tile(i).suit.value for i in range(len(Tile)))
"""Notation digit and suit letter of every kind, by kind."""


def _plain(tiles: Sequence[PhysicalTile]) -> str:
    """Tiles of one group in compact notation (``456m``; mixed suits spelled per tile)."""
    if not tiles:
        return ""
    letter = _LETTER[tiles[0].kind]
    if all(_LETTER[t.kind] == letter for t in tiles):
        return "".join("0" if t.red else _DIGIT[t.kind] for t in tiles) + letter
    return "".join(t.notation for t in tiles)
