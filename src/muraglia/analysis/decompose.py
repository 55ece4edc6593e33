"""All decompositions of a complete hand under a list of winning shapes.

>>> counts = [0] * 34
>>> for t in (0, 0, 0, 1, 1, 1, 2, 2, 2, 9, 10, 11, 27, 27):
...     counts[t] += 1
>>> [str(d) for d in decompose_counts(tuple(counts))]
['standard: 123m 123m 123m 123p 11z', 'standard: 111m 222m 333m 123p 11z']
"""

from __future__ import annotations

from collections.abc import Sequence

from muraglia.analysis.groups import Decomposition
from muraglia.analysis.shapes import DEFAULT_SHAPES, Shape
from muraglia.hand import Hand

__all__ = ["decompose", "decompose_counts"]


def decompose(hand: Hand, shapes: Sequence[Shape] = DEFAULT_SHAPES) -> tuple[Decomposition, ...]:
    """Every distinct decomposition of ``hand`` under ``shapes``, in a deterministic order."""
    out: dict[Decomposition, None] = {}
    for shape in shapes:
        for d in shape.decompose(hand):
            out[d] = None
    return tuple(out)


def decompose_counts(
    counts: Sequence[int], melds: int = 0, shapes: Sequence[Shape] = DEFAULT_SHAPES
) -> tuple[Decomposition, ...]:
    """Decompositions of concealed ``counts`` with ``melds`` declared sets (meld groups omitted)."""
    out: dict[Decomposition, None] = {}
    for shape in shapes:
        for d in shape.decompose_counts(counts, melds):
            out[d] = None
    return tuple(out)
