"""Winning shapes as pluggable objects that a ruleset lists.

A shape splits a complete hand (14 tiles, declared melds counted as three) into
typed groups. Shapes: standard (four sets and a pair), seven pairs, thirteen
orphans. The MCR and FIMJ/Ravenna special shapes are still to come.

>>> from muraglia.tiles import Tile
>>> counts = [0] * 34
>>> for t in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 27, 27):
...     counts[t] += 1
>>> [str(d) for d in STANDARD.decompose_counts(tuple(counts))]
['standard: 123m 456m 789m 123p 11z']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import ClassVar

from muraglia.analysis.groups import Decomposition, Group, GroupKind
from muraglia.analysis.shanten import (
    shanten_seven_pairs,
    shanten_standard,
    shanten_thirteen_orphans,
)
from muraglia.hand import Hand
from muraglia.melds import Meld, MeldKind
from muraglia.tiles import Tile

__all__ = [
    "DEFAULT_SHAPES",
    "SEVEN_PAIRS",
    "SEVEN_PAIRS_FOUR_AS_TWO",
    "STANDARD",
    "THIRTEEN_ORPHANS",
    "SevenPairs",
    "Shape",
    "Standard",
    "ThirteenOrphans",
    "meld_group",
]

_MELD_GROUP = {MeldKind.CHOW: GroupKind.CHOW, MeldKind.PUNG: GroupKind.PUNG}


def meld_group(meld: Meld) -> Group:
    """The group a declared meld stands for (concealed kongs stay concealed)."""
    kind = _MELD_GROUP.get(meld.kind, GroupKind.KONG)
    low = min(t.kind for t in meld.tiles)
    return Group(
        kind, Tile(low), concealed=meld.kind is MeldKind.KONG and meld.concealed, meld=meld
    )


# A suit pattern is a tuple of (kind, offset) with kind 'c' chow or 'p' pung.
_Parts = tuple[tuple[tuple[str, int], ...], ...]


@cache
def _suit_sets(counts: tuple[int, ...]) -> _Parts:
    """All ways to split one suit's nine counts into chows and pungs (sorted, distinct)."""
    i = 0
    while i < 9 and counts[i] == 0:
        i += 1
    if i == 9:
        return ((),)
    out: list[tuple[tuple[str, int], ...]] = []
    if counts[i] >= 3:
        rest = list(counts)
        rest[i] -= 3
        out.extend((("p", i), *r) for r in _suit_sets(tuple(rest)))
    if i <= 6 and counts[i + 1] and counts[i + 2]:
        rest = list(counts)
        rest[i] -= 1
        rest[i + 1] -= 1
        rest[i + 2] -= 1
        out.extend((("c", i), *r) for r in _suit_sets(tuple(rest)))
    return tuple(sorted(set(out)))


@cache
def _suit_groups(suit: int, counts: tuple[int, ...]) -> tuple[tuple[Group, ...], ...]:
    """Typed groups for each split of one suit (cached on the suit and its nine counts)."""
    return tuple(
        tuple(
            Group(GroupKind.CHOW if k == "c" else GroupKind.PUNG, Tile(9 * suit + o))
            for k, o in part
        )
        for part in _suit_sets(counts)
    )


class Shape:
    """A winning shape: an id, display names, a decomposer and an optional shanten hook."""

    id: str = "shape"
    names: ClassVar[Mapping[str, str]] = {}
    concealed_only: bool = False

    def decompose(self, hand: Hand) -> Iterator[Decomposition]:
        """Yield every decomposition of ``hand`` under this shape."""
        if self.concealed_only and hand.melds:
            return
        melds = tuple(meld_group(m) for m in hand.melds)
        for d in self.decompose_counts(hand.concealed_counts, len(hand.melds)):
            yield Decomposition(d.shape, d.groups + melds)

    def decompose_counts(self, counts: Sequence[int], melds: int = 0) -> Iterator[Decomposition]:
        """Yield decompositions of the concealed ``counts`` (groups from melds not included)."""
        raise NotImplementedError

    def shanten(self, counts: Sequence[int], melds: int = 0) -> int | None:
        """Shanten number for this shape, or None if not supported."""
        return None

    def __repr__(self) -> str:
        """The shape id."""
        return f"<Shape {self.id}>"


class Standard(Shape):
    """Four sets and a pair."""

    id = "standard"
    names: ClassVar[Mapping[str, str]] = {
        "it": "mano standard",
        "en": "standard hand",
        "ja": "一般形",
        "zh": "基本和型",
    }

    def decompose_counts(self, counts: Sequence[int], melds: int = 0) -> Iterator[Decomposition]:
        """Yield every (pair, sets) split of ``counts``; ``melds`` sets are already declared."""
        if sum(counts) != 14 - 3 * melds:
            return
        for h in range(27, 34):
            if counts[h] % 3 == 1:
                return
        for p in range(34):
            if counts[p] < 2:
                continue
            c = list(counts)
            c[p] -= 2
            groups: list[tuple[Group, ...]] = [(Group(GroupKind.PAIR, Tile(p)),)]
            ok = True
            for s in range(3):
                parts = _suit_groups(s, tuple(c[9 * s : 9 * s + 9]))
                if not parts:
                    ok = False
                    break
                groups = [g + part for g in groups for part in parts] if parts != ((),) else groups
            if not ok:
                continue
            honors: list[Group] = []
            for h in range(27, 34):
                if c[h] == 3:
                    honors.append(Group(GroupKind.PUNG, Tile(h)))
                elif c[h]:
                    ok = False
            if not ok:
                continue
            for g in groups:
                yield Decomposition(self.id, tuple(sorted(g + tuple(honors), key=_group_key)))

    def shanten(self, counts: Sequence[int], melds: int = 0) -> int | None:
        """Standard shanten from :mod:`muraglia.analysis.shanten`."""
        return shanten_standard(counts, melds)


def _group_key(g: Group) -> tuple[int, int]:
    return (int(g.tile), list(GroupKind).index(g.kind))


class SevenPairs(Shape):
    """Seven pairs, concealed only; optionally four identical tiles count as two pairs."""

    concealed_only = True
    names: ClassVar[Mapping[str, str]] = {
        "it": "sette coppie",
        "en": "seven pairs",
        "ja": "七対子",
        "zh": "七对",
    }

    def __init__(self, four_as_two_pairs: bool = False) -> None:
        """Create the shape; ``four_as_two_pairs`` follows FIMJ-GAP-11 and Ravenna."""
        self.four_as_two_pairs = four_as_two_pairs
        self.id = "seven_pairs"

    def decompose_counts(self, counts: Sequence[int], melds: int = 0) -> Iterator[Decomposition]:
        """Yield the seven-pairs split, if any."""
        if melds or sum(counts) != 14:
            return
        groups: list[Group] = []
        for t, n in enumerate(counts):
            if n == 2 or (n == 4 and self.four_as_two_pairs):
                groups.extend([Group(GroupKind.PAIR, Tile(t))] * (n // 2))
            elif n:
                return
        yield Decomposition(self.id, tuple(groups))

    def shanten(self, counts: Sequence[int], melds: int = 0) -> int | None:
        """Seven-pairs shanten (distinct pairs only)."""
        if melds or self.four_as_two_pairs:
            return None
        return shanten_seven_pairs(counts)


_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


class ThirteenOrphans(Shape):
    """One of each terminal and honour plus a pair of one of them."""

    id = "thirteen_orphans"
    concealed_only = True
    names: ClassVar[Mapping[str, str]] = {
        "it": "tredici orfani",
        "en": "thirteen orphans",
        "ja": "国士無双",
        "zh": "十三幺",
    }

    def decompose_counts(self, counts: Sequence[int], melds: int = 0) -> Iterator[Decomposition]:
        """Yield the thirteen-orphans split, if any."""
        if melds or sum(counts) != 14 or any(counts[t] == 0 for t in _ORPHANS):
            return
        if sum(counts[t] for t in _ORPHANS) != 14:
            return
        groups = tuple(
            Group(GroupKind.PAIR if counts[t] == 2 else GroupKind.SINGLE, Tile(t)) for t in _ORPHANS
        )
        yield Decomposition(self.id, groups)

    def shanten(self, counts: Sequence[int], melds: int = 0) -> int | None:
        """Thirteen-orphans shanten."""
        if melds:
            return None
        return shanten_thirteen_orphans(counts)


STANDARD = Standard()
SEVEN_PAIRS = SevenPairs()
SEVEN_PAIRS_FOUR_AS_TWO = SevenPairs(four_as_two_pairs=True)
THIRTEEN_ORPHANS = ThirteenOrphans()
DEFAULT_SHAPES: tuple[Shape, ...] = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS)
