"""Typed groups and decompositions: the vocabulary shared by analysis and scoring.

A :class:`Decomposition` splits a complete hand into typed :class:`Group` objects
under one winning shape. No ruleset ever re-derives a group's kind by comparing tiles.

>>> g = Group(GroupKind.CHOW, Tile.M4)
>>> g.tiles, g.is_set, g.is_terminal_or_honour_free
((<Tile.M4: 3>, <Tile.M5: 4>, <Tile.M6: 5>), True, True)
>>> Group(GroupKind.KNITTED, Tile.P1).tiles
(<Tile.P1: 9>, <Tile.P4: 12>, <Tile.P7: 15>)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from muraglia.melds import Meld
from muraglia.tiles import Tile

__all__ = ["Decomposition", "Group", "GroupKind", "WaitKind"]


class GroupKind(StrEnum):
    """Kind of a group inside a decomposition."""

    CHOW = "chow"
    """Three consecutive suited tiles."""
    PUNG = "pung"
    """Three identical tiles."""
    KONG = "kong"
    """Four identical tiles (only from a declared kong)."""
    PAIR = "pair"
    """Two identical tiles."""
    KNITTED = "knitted"
    """Three suited tiles of one suit three apart: 1-4-7, 2-5-8 or 3-6-9."""
    SINGLE = "single"
    """A lone tile of a special shape (thirteen orphans, honours and knitted, snakes)."""


class WaitKind(StrEnum):
    """How the winning tile completed its group (the wait of a reading)."""

    TWO_SIDED = "two_sided"
    """Ryanmen: 45 waiting on 3 or 6."""
    CLOSED = "closed"
    """Kanchan: 46 waiting on 5."""
    EDGE = "edge"
    """Penchan: 12 waiting on 3, or 89 waiting on 7."""
    SINGLE = "single"
    """Tanki: a lone tile waiting for its pair."""
    DUAL_PUNG = "dual_pung"
    """Shanpon: two pairs, one becomes a pung."""
    SPECIAL = "special"
    """The winning tile completes a special shape's single or knitted tile."""


_GROUP_SIZE = {
    GroupKind.CHOW: 3,
    GroupKind.PUNG: 3,
    GroupKind.KONG: 4,
    GroupKind.PAIR: 2,
    GroupKind.KNITTED: 3,
    GroupKind.SINGLE: 1,
}

_TILES: tuple[Tile, ...] = tuple(Tile)
"""Every tile kind by its index (``Tile(i)``)."""
_CHOW, _KNITTED = GroupKind.CHOW, GroupKind.KNITTED

_GROUP_TEXT: dict[tuple[GroupKind, Tile, bool], str] = {}
"""``str(group)`` by (kind, lowest tile, shown without brackets): explanations print every group."""


@dataclass(frozen=True, slots=True)
class Group:
    """One group of a decomposition.

    ``tile`` is the group's lowest tile; the other tiles follow from ``kind``.
    ``concealed`` is False for groups that come from an exposed meld; whether a group
    completed by a discarded winning tile counts as exposed is a scoring question
    (see :mod:`muraglia.analysis.waits` readings), not the decomposer's.
    """

    kind: GroupKind
    """Chow, pung, kong, pair, knitted or single."""
    tile: Tile
    """The lowest tile kind of the group."""
    concealed: bool = True
    """False if the group is (part of) a declared exposed meld."""
    meld: Meld | None = None
    """The declared meld this group stands for, if any."""

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tile kinds of the group."""
        kind, tile = self.kind, self.tile
        if kind is _CHOW:  # the next kinds by index (calling the enum is slow)
            return (tile, _TILES[tile + 1], _TILES[tile + 2])
        if kind is _KNITTED:
            return (tile, _TILES[tile + 3], _TILES[tile + 6])
        return (tile,) * _GROUP_SIZE[kind]

    @property
    def is_set(self) -> bool:
        """Whether the group is a chow, pung or kong (a "set" in a standard hand)."""
        return self.kind in (GroupKind.CHOW, GroupKind.PUNG, GroupKind.KONG)

    @property
    def is_pung_or_kong(self) -> bool:
        """Whether the group is a pung or a kong."""
        return self.kind in (GroupKind.PUNG, GroupKind.KONG)

    @property
    def is_terminal_or_honour_free(self) -> bool:
        """Whether every tile of the group is a simple (2–8)."""
        return all(t.is_simple for t in self.tiles)

    is_terminal_or_honor_free = is_terminal_or_honour_free
    """Old spelling of :attr:`is_terminal_or_honour_free`."""

    @property
    def has_terminal_or_honour(self) -> bool:
        """Whether at least one tile of the group is a terminal or an honour."""
        return any(t.is_terminal_or_honour for t in self.tiles)

    has_terminal_or_honor = has_terminal_or_honour
    """Old spelling of :attr:`has_terminal_or_honour`."""

    def __str__(self) -> str:
        """Compact notation such as ``456m`` or ``(1111p)`` for a concealed kong."""
        key = (self.kind, self.tile, self.concealed or self.meld is None)
        text = _GROUP_TEXT.get(key)
        if text is None:  # at most 7 kinds x 34 tiles x 2 entries
            text = "".join(str(t.rank) for t in self.tiles) + self.tile.suit.value
            text = _GROUP_TEXT[key] = text if key[2] else f"[{text}]"
        return text


@dataclass(frozen=True, slots=True)
class Decomposition:
    """A complete hand split into groups under one winning shape.

    ``groups`` lists the groups from the concealed tiles first (sorted), then the
    groups of the declared melds in declaration order.
    """

    shape: str
    """Id of the winning shape (``standard``, ``seven_pairs``, ``thirteen_orphans``, ...)."""
    groups: tuple[Group, ...]
    """The groups; every tile of the hand is in exactly one group."""

    @property
    def sets(self) -> tuple[Group, ...]:
        """The chows, pungs and kongs."""
        return tuple(g for g in self.groups if g.is_set)

    @property
    def pairs(self) -> tuple[Group, ...]:
        """The pairs."""
        return tuple(g for g in self.groups if g.kind is GroupKind.PAIR)

    def __str__(self) -> str:
        """Groups separated by spaces, prefixed by the shape id."""
        texts = []
        for g in self.groups:  # (Group.__str__'s memo read here: a call less a group)
            text = _GROUP_TEXT.get((g.kind, g.tile, g.concealed or g.meld is None))
            texts.append(str(g) if text is None or g.__class__ is not Group else text)
        return f"{self.shape}: " + " ".join(texts)
