"""Complete layouts of a winning hand and readings of a claimed winning tile.

Shared by the classical Italian rulesets (FIMJ, Ravenna, Seipalle), which all score a winner on
the best of every decomposition of his hand, with the set that a *claimed* winning tile completed
counted as exposed (FIMJ-HAND-5/-6, RAV-HAND-5, SEI-HAND-5). The decompositions themselves come
from :mod:`muraglia.analysis` (standard, seven pairs, thirteen orphans); this module adds the
Ravenna "all head tiles in any arrangement" shape (RAV-HAND-3) and the choice of the completed set.

>>> from muraglia.notation import parse_hand
>>> [str(d) for d in complete_layouts(parse_hand("111222333m456p7z +7z"), seven_pairs=False)]
['standard: 123m 123m 123m 456p 77z', 'standard: 111m 222m 333m 456p 77z']
>>> d = complete_layouts(parse_hand("234m 567m 55p 345s 666p +6p"))[0]
>>> [str(r) for r in claimed_readings(d, parse_hand("234m 567m 55p 345s 666p +6p").winning.kind,
...                                    self_drawn=False)]
['standard: 234m 567m 55p 666p 345s']
>>> [g.concealed for g in next(claimed_readings(d, d.groups[3].tile, self_drawn=False)).groups]
[True, True, True, False, True]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from muraglia.analysis.decompose import decompose
from muraglia.analysis.groups import Decomposition, Group, GroupKind
from muraglia.analysis.shapes import (
    SEVEN_PAIRS,
    SEVEN_PAIRS_FOUR_AS_TWO,
    STANDARD,
    THIRTEEN_ORPHANS,
    Shape,
    meld_group,
)
from muraglia.hand import Hand
from muraglia.tiles import Tile

__all__ = ["ALL_HEAD_TILES", "all_head_tiles_layout", "claimed_readings", "complete_layouts"]

ALL_HEAD_TILES = "all_head_tiles"
"""Shape id of the Ravenna all-head-tiles Mah-Jong (RAV-HAND-3, RAV-GAP-10)."""


def all_head_tiles_layout(hand: Hand) -> Decomposition | None:
    """Fourteen head tiles (1, 9, winds, dragons) in any arrangement, or None (RAV-HAND-3).

    The concealed tiles are listed as singles, the declared melds as their groups.

    >>> from muraglia.notation import parse_hand
    >>> str(all_head_tiles_layout(parse_hand("1199m19p19s11335z +5z")))
    'all_head_tiles: 1m 1m 9m 9m 1p 9p 1s 9s 1z 1z 3z 3z 5z 5z'
    >>> all_head_tiles_layout(parse_hand("1199m19p19s11335z +2m")) is None
    True
    """
    if hand.tile_count != 14 or hand.winning is None:
        return None
    if not all(Tile(kind).is_terminal_or_honor for kind, n in enumerate(hand.counts) if n):
        return None
    singles = tuple(
        Group(GroupKind.SINGLE, Tile(kind))
        for kind, n in enumerate(hand.concealed_counts)
        for _ in range(n)
    )
    return Decomposition(ALL_HEAD_TILES, singles + tuple(meld_group(m) for m in hand.melds))


def complete_layouts(
    hand: Hand,
    *,
    seven_pairs: bool = True,
    four_as_two_pairs: bool = False,
    thirteen_orphans: bool = False,
    all_head_tiles: bool = False,
) -> tuple[Decomposition, ...]:
    """Every complete layout of a 14-tile hand under the enabled shapes.

    Args:
        hand: the hand, winning tile included.
        seven_pairs: allow seven pairs (never with declared melds, concealed kongs included).
        four_as_two_pairs: in seven pairs, four identical undeclared tiles may be two pairs
            (FIMJ-GAP-11, RAV-HAND-2; not in Seipalle, SEI-HAND-2).
        thirteen_orphans: allow thirteen orphans (thirteen lanterns).
        all_head_tiles: allow any 14 head tiles in any arrangement (RAV-HAND-3).

    Returns:
        The distinct layouts, standard ones first; empty if the hand is not complete.
    """
    if hand.tile_count != 14:
        return ()
    shapes: list[Shape] = [STANDARD]
    if seven_pairs:
        shapes.append(SEVEN_PAIRS_FOUR_AS_TWO if four_as_two_pairs else SEVEN_PAIRS)
    if thirteen_orphans:
        shapes.append(THIRTEEN_ORPHANS)
    out = list(decompose(hand, shapes))
    if all_head_tiles:
        heads = all_head_tiles_layout(hand)
        if heads is not None:
            out.append(heads)
    return tuple(out)


def claimed_readings(
    decomposition: Decomposition, winning: Tile, *, self_drawn: bool
) -> Iterator[Decomposition]:
    """Every choice of the set a claimed winning tile completed (FIMJ-GAP-26, RAV-GAP-11).

    A self-drawn tile, or a shape other than the standard one, has a single reading: the
    decomposition itself. On a discard, a concealed pung holding the winning tile may be the
    set it completed, and is then exposed; a chow or the pair stays as it is. Readings are
    distinct.
    """
    if self_drawn or decomposition.shape != STANDARD.id:
        yield decomposition
        return
    seen: set[Decomposition] = set()
    for i, group in enumerate(decomposition.groups):
        if group.meld is not None or not group.concealed or winning not in group.tiles:
            continue
        if group.kind is GroupKind.PUNG:
            groups = list(decomposition.groups)
            groups[i] = replace(group, concealed=False)
            reading = Decomposition(decomposition.shape, tuple(groups))
        else:
            reading = decomposition
        if reading not in seen:
            seen.add(reading)
            yield reading
