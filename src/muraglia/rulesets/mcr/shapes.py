"""The MCR winning shapes and the fans each special shape can hold, in one place (MCR-WIN-1).

The scorer tries on a decomposition only the fans of its shape's family (the evaluation plans
of :mod:`~muraglia.rulesets.mcr.rules`); the flow and the wait finder use the knitted tiles
below. Every fan not named here as special-shape-only belongs to the standard shape's family, so
a fan added to ``patterns.py`` is tried on standard hands with no edit here.

>>> len(KNITTED_PATTERNS), KNITTED_PATTERNS[0]
(6, (0, 3, 6, 10, 13, 16, 20, 23, 26))
>>> KNITTED_MASKS[0] == sum(1 << k for k in KNITTED_PATTERNS[0])
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from muraglia.analysis.shapes import (
    HONORS_AND_KNITTED,
    KNITTED_STRAIGHT,
    KNITTED_SUITS,
    SEVEN_PAIRS_FOUR_AS_TWO,
    STANDARD,
    THIRTEEN_ORPHANS,
    Shape,
)
from muraglia.scoring.patterns import Pattern
from muraglia.tiles import RANKS, mask_of

__all__ = [
    "ANY_SHAPE",
    "FAMILIES",
    "HONOURS_AND_KNITTED_SHAPES",
    "KNITTED_MASKS",
    "KNITTED_PATTERNS",
    "KNITTED_SHAPES",
    "KNITTED_STRAIGHT_SHAPES",
    "NOT_STANDARD",
    "SHAPES",
    "SHAPE_ALIASES",
    "families",
]

SHAPES: tuple[Shape, ...] = (
    STANDARD,
    SEVEN_PAIRS_FOUR_AS_TWO,  # MCR-FAN-55: four identical tiles may be two pairs
    THIRTEEN_ORPHANS,
    KNITTED_STRAIGHT,
    HONORS_AND_KNITTED,
)
"""The MCR winning shapes (MCR-WIN-1)."""

KNITTED_SHAPES: tuple[Shape, ...] = (KNITTED_STRAIGHT, HONORS_AND_KNITTED)
"""The knitted shapes, which the tabled shanten of the other three does not cover."""

KNITTED_PATTERNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        RANKS * suit + off + 3 * k
        for suit, off in zip(perm, (0, 1, 2), strict=True)
        for k in range(3)
    )
    for perm in KNITTED_SUITS
)
"""The six knitted straights (1-4-7 / 2-5-8 / 3-6-9 over the three suits) as tile indices."""

KNITTED_MASKS: tuple[int, ...] = tuple(mask_of(p) for p in KNITTED_PATTERNS)
""":data:`KNITTED_PATTERNS` as 34-bit kind masks (bit ``k`` = tile index ``k``)."""

NOT_STANDARD = frozenset({"lesser_honours_and_knitted_tiles", "seven_pairs",
                          "greater_honours_and_knitted_tiles", "seven_shifted_pairs",
                          "thirteen_orphans", "chicken_hand", "knitted_straight"})  # fmt: skip
"""Fans never tried on a standard decomposition: the special shapes' own fans, Knitted Straight
(tried on the knitted shapes) and Chicken Hand (given when nothing else scores)."""

ANY_SHAPE = ("self_drawn", "flower_tiles", "concealed_hand", "fully_concealed_hand",
             "last_tile", "last_tile_draw", "last_tile_claim", "out_with_replacement_tile",
             "robbing_the_kong")  # fmt: skip
"""Situational fans tried on every special shape too."""

SHAPE_ALIASES: Mapping[str, str] = {
    "honours_and_knitted": HONORS_AND_KNITTED.id,
    "lesser_honors_knitted": HONORS_AND_KNITTED.id,
    "greater_honors_knitted": HONORS_AND_KNITTED.id,
}
"""Other spellings of a shape id accepted on a decomposition built by a caller (old ids)."""
KNITTED_STRAIGHT_SHAPES = frozenset({KNITTED_STRAIGHT.id})
"""Shape ids of the knitted straight plus a set and a pair (MCR-WIN-1)."""
HONOURS_AND_KNITTED_SHAPES = frozenset(
    {HONORS_AND_KNITTED.id, *(k for k, v in SHAPE_ALIASES.items() if v == HONORS_AND_KNITTED.id)}
)
"""Shape ids of the honours-and-knitted-tiles hands (MCR-FAN-44, MCR-FAN-56)."""

FAMILIES: Mapping[str, tuple[str, ...]] = {
    SEVEN_PAIRS_FOUR_AS_TWO.id: (
        "seven_pairs", "seven_shifted_pairs", "tile_hog", "one_voided_suit", "no_honours",
        "all_simples", "half_flush", "full_flush", "all_types", "reversible_tiles", "upper_four",
        "lower_four", "upper_tiles", "middle_tiles", "lower_tiles", "all_terminals_and_honours",
        "all_terminals", "all_honours", "all_green"),
    THIRTEEN_ORPHANS.id: ("thirteen_orphans",),
    HONORS_AND_KNITTED.id: ("lesser_honours_and_knitted_tiles", "knitted_straight",
                           "greater_honours_and_knitted_tiles"),
}  # fmt: skip
"""Fans that can hold on each special shape besides :data:`ANY_SHAPE` (others are not tried);
the knitted straight shape is the standard family plus Knitted Straight."""


def families(patterns: Iterable[Pattern]) -> dict[str, tuple[Pattern, ...]]:
    """The fans tried on each shape id (aliases included), in table order.

    The standard family is every fan but :data:`NOT_STANDARD`; each special shape's is its
    :data:`FAMILIES` entry plus :data:`ANY_SHAPE`; the knitted straight's is the standard
    family plus Knitted Straight.
    """
    table = tuple(patterns)
    out = {STANDARD.id: tuple(p for p in table if p.id not in NOT_STANDARD)}
    for shape, ids in FAMILIES.items():
        out[shape] = tuple(p for p in table if p.id in ids or p.id in ANY_SHAPE)
    out[KNITTED_STRAIGHT.id] = out[STANDARD.id] + tuple(
        p for p in table if p.id == "knitted_straight"
    )
    for alias, shape in SHAPE_ALIASES.items():
        out[alias] = out[shape]
    return out
