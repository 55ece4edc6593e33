"""MCR's knitted winning shapes, private to the ruleset until ``analysis/shapes.py`` has them.

* :data:`KNITTED_STRAIGHT` — the nine tiles 1-4-7, 2-5-8, 3-6-9 (one suit each) as three
  ``KNITTED`` groups, plus one set and a pair (MCR-WIN-1, MCR-FAN-45); the set may be melded.
* :data:`HONOURS_AND_KNITTED` — fourteen different single tiles: honours plus suit tiles of one
  knitted pattern (MCR-FAN-44/56), as fourteen ``SINGLE`` groups.

>>> counts = [0] * 34
>>> for t in (0, 3, 6, 10, 13, 16, 20, 23, 26, 27, 27, 27, 33, 33):
...     counts[t] += 1
>>> [str(d) for d in KNITTED_STRAIGHT.decompose_counts(tuple(counts))]
['knitted_straight: 147m 258p 369s 111z 77z']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import ClassVar

from muraglia.analysis.groups import Decomposition, Group, GroupKind
from muraglia.analysis.shapes import STANDARD, Shape
from muraglia.tiles import Tile

__all__ = [
    "HONOURS_AND_KNITTED",
    "KNITTED_PATTERNS",
    "KNITTED_STRAIGHT",
    "HonoursAndKnitted",
    "KnittedStraight",
]

_PERMS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))

KNITTED_PATTERNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        9 * suit + off + 3 * k for suit, off in zip(perm, (0, 1, 2), strict=True) for k in range(3)
    )
    for perm in _PERMS
)
"""The six knitted patterns (1-4-7 / 2-5-8 / 3-6-9 over the three suits) as tile indices."""


class KnittedStraight(Shape):
    """Knitted straight (nine knitted tiles) plus one set and one pair (MCR-WIN-1)."""

    id = "knitted_straight"
    names: ClassVar[Mapping[str, str]] = {
        "it": "serpente legato",
        "en": "knitted straight",
        "zh": "组合龙",
    }

    def decompose_counts(self, counts: Sequence[int], melds: int = 0) -> Iterator[Decomposition]:
        """Yield the knitted straight splits of ``counts`` (``melds`` declared sets)."""
        if melds > 1 or sum(counts) != 14 - 3 * melds:
            return
        for pattern in KNITTED_PATTERNS:
            if not all(counts[i] for i in pattern):
                continue
            rest = list(counts)
            for i in pattern:
                rest[i] -= 1
            knitted = tuple(Group(GroupKind.KNITTED, Tile(pattern[3 * k])) for k in range(3))
            knitted = tuple(sorted(knitted, key=lambda g: int(g.tile)))
            for d in STANDARD.decompose_counts(tuple(rest), melds + 3):
                yield Decomposition(self.id, knitted + d.groups)


class HonoursAndKnitted(Shape):
    """Fourteen different honours and knitted suit tiles (MCR-FAN-44 and MCR-FAN-56)."""

    id = "honours_and_knitted"
    concealed_only = True
    names: ClassVar[Mapping[str, str]] = {
        "it": "raduno degli onori",
        "en": "honours and knitted tiles",
        "zh": "全不靠",
    }

    def decompose_counts(self, counts: Sequence[int], melds: int = 0) -> Iterator[Decomposition]:
        """Yield the single split of ``counts``, if it is one."""
        if melds or sum(counts) != 14 or any(n > 1 for n in counts):
            return
        if sum(counts[27:34]) < 5:
            return
        suited = frozenset(i for i in range(27) if counts[i])
        if not any(suited <= frozenset(p) for p in KNITTED_PATTERNS):
            return
        yield Decomposition(
            self.id, tuple(Group(GroupKind.SINGLE, Tile(i)) for i in range(34) if counts[i])
        )


KNITTED_STRAIGHT = KnittedStraight()
HONOURS_AND_KNITTED = HonoursAndKnitted()
