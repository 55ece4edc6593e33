"""What a Ravenna pattern predicate sees: one reading of a player's hand at the end of a deal.

Ravenna scores every hand, not only the winner's (RAV-SCORE-1, RAV-SCORE-2). For the winner a
:class:`Reading` is a decomposition in which the group completed by a claimed winning tile is
already exposed (RAV-HAND-5); for another player it is the sets he holds (RAV-KONG-6).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from muraglia.analysis.groups import Group, GroupKind
from muraglia.tiles import Tile, TileCounts

__all__ = ["Reading"]


@dataclass(frozen=True)
class Reading:
    """One way of reading a hand, with the facts the patterns need."""

    shape: str
    """``standard``, ``seven_pairs``, ``all_head_tiles``, or ``partial`` for a non-winner."""
    groups: tuple[Group, ...]
    """The groups (for a non-winner: only the scoring ones, pungs, kongs and valued pairs)."""
    winner: bool
    """Whether this hand made Mah-Jong."""
    seat_wind: Tile
    """The player's seat wind."""
    counts: TileCounts
    """Every playing tile of the hand, melds included (kongs as four)."""
    bonus: tuple[Tile, ...] = ()
    """Exposed flowers and seasons."""

    @cached_property
    def pungs(self) -> tuple[Group, ...]:
        """Pungs and kongs."""
        return tuple(g for g in self.groups if g.is_pung_or_kong)

    @cached_property
    def pair_tiles(self) -> tuple[Tile, ...]:
        """The tiles of the pairs."""
        return tuple(g.tile for g in self.groups if g.kind is GroupKind.PAIR)

    @cached_property
    def tiles(self) -> tuple[Tile, ...]:
        """The distinct playing tile kinds of the hand."""
        return tuple(Tile(i) for i, n in enumerate(self.counts) if n)

    @property
    def seat_index(self) -> int:
        """0 = East … 3 = North: the owner of flower/season ``n + 1`` (RAV-GAP-15)."""
        return self.seat_wind - Tile.EAST
