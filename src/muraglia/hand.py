"""A player's hand: concealed tiles, declared melds, bonus tiles and the winning tile.

Syntax and semantics are separate: :func:`muraglia.notation.parse_hand` checks syntax
(and, by default, semantics), while :meth:`Hand.status` reports semantic problems as
:class:`HandStatus` flags so that what-if analysis can work on "pseudo-valid" hands.

>>> from muraglia.notation import parse_hand
>>> h = parse_hand("234m567p11z [555z] [789s<] +4m")
>>> h
Hand('234m567p11z [555z] [789s<] +4m')
>>> h.tile_count, h.is_concealed, h.status()
(14, False, <HandStatus.VALID: 0>)
>>> parse_hand("111112m", strict=False).status()
<HandStatus.TOO_MANY_COPIES|WRONG_TILE_COUNT: 3>
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntFlag
from functools import cached_property

from muraglia.errors import InvalidHandError, plural
from muraglia.melds import Meld, MeldKind
from muraglia.tiles import (
    COPIES,
    HAND_SIZE,
    NUM_KINDS,
    WAITING_SIZE,
    PhysicalTile,
    Tile,
    TileCounts,
    counts_of,
    format_tiles,
)

__all__ = ["MAX_MELDS", "Hand", "HandStatus", "format_hand"]

MAX_MELDS = 4
"""Declared melds a hand can hold (four sets and a pair)."""


class HandStatus(IntFlag):
    """Semantic problems of a hand (``VALID`` when there are none)."""

    VALID = 0
    TOO_MANY_COPIES = 1
    """More than four copies of a tile kind."""
    WRONG_TILE_COUNT = 2
    """Not 13 or 14 tiles counting each meld as three (exactly 14 with a winning tile)."""
    DUPLICATE_BONUS = 4
    """The same flower or season twice."""
    TOO_MANY_MELDS = 8
    """More than four declared melds."""


@dataclass(frozen=True, eq=True)
class Hand:
    """A hand. Concealed tiles are kept sorted; melds keep declaration order.

    ``concealed`` does not include ``winning``: the winning tile is held apart so that
    a scorer knows which tile completed the hand.
    """

    concealed: tuple[PhysicalTile, ...]
    """Concealed tiles, sorted, without the winning tile."""
    melds: tuple[Meld, ...] = ()
    """Declared melds (exposed melds and concealed kongs) in declaration order."""
    bonus: tuple[Tile, ...] = ()
    """Exposed flowers and seasons, sorted."""
    winning: PhysicalTile | None = None
    """The winning tile, if the hand is a finished one."""

    def __post_init__(self) -> None:
        """Normalise the order of tiles and check that bonus tiles stand apart."""
        object.__setattr__(
            self, "concealed", tuple(sorted(self.concealed, key=lambda t: (t.kind, not t.red)))
        )
        object.__setattr__(self, "bonus", tuple(sorted(self.bonus)))
        for tile in self.concealed:
            if tile.kind.is_bonus:
                raise InvalidHandError(
                    f"bonus tile {tile.notation!r} among the concealed tiles: "
                    "flowers and seasons are exposed apart"
                )
        for btile in self.bonus:
            if not btile.is_bonus:
                raise InvalidHandError(f"{btile.notation!r} listed as a bonus tile")
        if self.winning is not None and self.winning.kind.is_bonus:
            raise InvalidHandError(f"bonus tile {self.winning.notation!r} cannot be a winning tile")

    @classmethod
    def parse(cls, text: str, *, strict: bool = True, red_fives: bool = True) -> Hand:
        """Parse hand notation; see :func:`muraglia.notation.parse_hand`."""
        from muraglia.notation import parse_hand  # noqa: PLC0415 - notation imports Hand

        return parse_hand(text, strict=strict, red_fives=red_fives)

    @cached_property
    def notation(self) -> str:
        """Canonical notation (``parse_hand(h.notation) == h``)."""
        return format_hand(self)

    def __str__(self) -> str:
        """The canonical notation."""
        return self.notation

    def __repr__(self) -> str:
        """``Hand('…')``, which can be pasted back."""
        return f"Hand({self.notation!r})"

    @property
    def concealed_tiles(self) -> tuple[PhysicalTile, ...]:
        """Concealed tiles including the winning tile (if any)."""
        if self.winning is None:
            return self.concealed
        return (*self.concealed, self.winning)

    @cached_property
    def concealed_counts(self) -> TileCounts:
        """34-counts of the concealed tiles, winning tile included, melds excluded."""
        return counts_of(t.kind for t in self.concealed_tiles)

    @cached_property
    def counts(self) -> TileCounts:
        """34-counts of every tile of the hand: concealed, winning and melded."""
        counts = list(self.concealed_counts)
        for meld in self.melds:
            for tile in meld.tiles:
                counts[tile.kind] += 1
        return tuple(counts)

    @property
    def tile_count(self) -> int:
        """Number of tiles counting each meld (kongs included) as three."""
        return len(self.concealed_tiles) + 3 * len(self.melds)

    @property
    def is_concealed(self) -> bool:
        """Whether the hand has no exposed meld (concealed kongs allowed)."""
        return all(m.concealed for m in self.melds)

    @property
    def kongs(self) -> tuple[Meld, ...]:
        """The declared kongs."""
        return tuple(m for m in self.melds if m.kind is MeldKind.KONG)

    @property
    def red_fives(self) -> int:
        """How many red fives the hand holds (concealed, winning and melded)."""
        return sum(t.red for t in self.concealed_tiles) + sum(m.red_fives for m in self.melds)

    def with_winning(self, tile: PhysicalTile | Tile) -> Hand:
        """This 13-tile hand completed by ``tile`` as the winning tile.

        Raises:
            InvalidHandError: if the hand already has a winning tile.
        """
        if self.winning is not None:
            raise InvalidHandError(f"{self.notation!r} already has a winning tile")
        if isinstance(tile, Tile):
            tile = PhysicalTile(tile)
        return Hand(self.concealed, self.melds, self.bonus, tile)

    def status(self) -> HandStatus:
        """Semantic problems of the hand as flags (``HandStatus.VALID`` if none)."""
        status = HandStatus.VALID
        if any(c > COPIES for c in self.counts):
            status |= HandStatus.TOO_MANY_COPIES
        count = self.tile_count
        if (self.winning is not None and count != HAND_SIZE) or count not in (
            WAITING_SIZE,
            HAND_SIZE,
        ):
            status |= HandStatus.WRONG_TILE_COUNT
        if len(set(self.bonus)) != len(self.bonus):
            status |= HandStatus.DUPLICATE_BONUS
        if len(self.melds) > MAX_MELDS:
            status |= HandStatus.TOO_MANY_MELDS
        return status

    def problems(self) -> list[str]:
        """Human-readable descriptions of every semantic problem, naming the tiles."""
        out: list[str] = []
        for kind in range(NUM_KINDS):
            if self.counts[kind] > COPIES:
                out.append(
                    f"{self.counts[kind]} copies of {Tile(kind).notation!r} (there are only 4)"
                )
        count = self.tile_count
        if self.winning is not None and count != HAND_SIZE:
            out.append(
                f"{plural(count, 'tile')} with a winning tile (need 14, counting each meld as 3)"
            )
        elif count not in (WAITING_SIZE, HAND_SIZE):
            out.append(f"{plural(count, 'tile')} (need 13 or 14, counting each meld as 3)")
        seen: set[Tile] = set()
        for btile in self.bonus:
            if btile in seen:
                out.append(f"bonus tile {btile.notation!r} twice")
            seen.add(btile)
        if len(self.melds) > MAX_MELDS:
            out.append(f"{len(self.melds)} melds (at most 4)")
        return out


def format_hand(hand: Hand) -> str:
    """Canonical notation of a hand (see the module docstring).

    >>> from muraglia.notation import parse_hand
    >>> format_hand(parse_hand("(1111p) 234678m 55m [999s^] 1f7f +5m"))
    '23455678m (1111p) [999s^] 17f +5m'
    """
    parts: list[str] = []
    concealed = hand.concealed_tiles
    if hand.winning is not None:
        concealed = tuple(sorted(concealed, key=lambda t: (t.kind, not t.red)))
    if concealed:
        parts.append(format_tiles(concealed))
    parts.extend(m.notation for m in hand.melds)
    if hand.bonus:
        parts.append("".join(str(b.rank) for b in hand.bonus) + "f")
    if hand.winning is not None:
        parts.append(f"+{hand.winning.notation}")
    return " ".join(parts)
