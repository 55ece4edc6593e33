"""What a Seipalle pattern predicate sees: one reading of a winning hand.

A :class:`Reading` is a decomposition in which the group completed by the winning tile has been
chosen, so a pung finished on a discard already counts as exposed (SEI-HAND-5, SEI-GAP-13).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from muraglia.analysis.groups import Decomposition, Group, GroupKind
from muraglia.tiles import DRAGONS, Tile, TileCounts

__all__ = ["Reading"]


@dataclass(frozen=True)
class Reading:
    """One way of reading a winning hand, with the facts of the win."""

    decomposition: Decomposition
    """The groups; the group completed on a discard is marked exposed."""
    winning_tile: Tile
    """The tile that completed the hand."""
    self_drawn: bool
    """True for a self-drawn win (tsumo), False for a win on a discard (ron)."""
    seat_wind: Tile
    """The winner's seat wind."""
    round_wind: Tile
    """The round wind."""
    closed: bool
    """Whether the hand is closed (no exposed meld; concealed kongs allowed; SEI-HAND-3)."""
    counts: TileCounts
    """Every tile of the hand, melds included (kongs as four)."""
    winning_kinds: int
    """How many tile kinds would have completed the hand (SEI-PTS-4)."""
    flags: frozenset[str] = frozenset()
    """Situational flags: riichi, double_riichi, robbing_kong, replacement, last_tile, ..."""
    dora: tuple[Tile, ...] = ()
    """Dora tiles (one entry per indicator)."""

    @property
    def shape(self) -> str:
        """The winning shape id (``standard``, ``seven_pairs``, ``thirteen_orphans``)."""
        return self.decomposition.shape

    @property
    def groups(self) -> tuple[Group, ...]:
        """The groups of the reading."""
        return self.decomposition.groups

    @cached_property
    def sets(self) -> tuple[Group, ...]:
        """Chows, pungs and kongs."""
        return self.decomposition.sets

    @cached_property
    def pungs(self) -> tuple[Group, ...]:
        """Pungs and kongs."""
        return tuple(g for g in self.groups if g.is_pung_or_kong)

    @cached_property
    def chows(self) -> tuple[Group, ...]:
        """Chows."""
        return tuple(g for g in self.groups if g.kind is GroupKind.CHOW)

    @cached_property
    def pair(self) -> Tile | None:
        """The pair's tile in a standard hand (None for other shapes)."""
        if self.shape != "standard":
            return None
        pairs = self.decomposition.pairs
        return pairs[0].tile if pairs else None

    @cached_property
    def tiles(self) -> tuple[Tile, ...]:
        """The distinct tile kinds of the hand."""
        return tuple(Tile(i) for i, n in enumerate(self.counts) if n)

    def wind_value(self, tile: Tile) -> int:
        """How many of own wind / round wind / dragon ``tile`` is (0, 1 or 2; SEI-PTS-5)."""
        if tile in DRAGONS:
            return 1
        return int(tile == self.seat_wind) + int(tile == self.round_wind)

    @property
    def is_east(self) -> bool:
        """Whether the winner is East."""
        return self.seat_wind is Tile.EAST
