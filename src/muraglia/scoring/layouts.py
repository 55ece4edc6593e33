"""Complete layouts of a winning hand and readings of a claimed winning tile.

Shared by the classical Italian rulesets (FIMJ, Ravenna, Seipalle), which all score a winner on
the best of every decomposition of his hand, with the set that a *claimed* winning tile completed
counted as exposed (FIMJ-HAND-5/-6, RAV-HAND-5, SEI-HAND-5). The decompositions themselves come
from :mod:`muraglia.analysis` (standard, seven pairs, thirteen orphans, Ravenna's all head tiles
in any arrangement); this module picks each ruleset's shapes, keeps one layout per distinct set
of groups, and chooses the set a claimed winning tile completed.

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

from collections.abc import Iterator, Sequence
from dataclasses import replace

from muraglia.analysis.decompose import decompose
from muraglia.analysis.groups import Decomposition, Group, GroupKind
from muraglia.analysis.shapes import (
    ALL_HEAD_TILES,
    SEVEN_PAIRS,
    SEVEN_PAIRS_FOUR_AS_TWO,
    STANDARD,
    THIRTEEN_ORPHANS,
    Shape,
)
from muraglia.hand import Hand
from muraglia.tiles import HAND_SIZE, Tile

__all__ = ["claimed_readings", "complete_layouts"]


def complete_layouts(
    hand: Hand,
    *,
    seven_pairs: bool = True,
    four_as_two_pairs: bool = False,
    thirteen_orphans: bool = False,
    all_head_tiles: bool = False,
    special: Sequence[Shape] = (),
) -> tuple[Decomposition, ...]:
    """Every complete layout of a 14-tile hand under the enabled shapes.

    Args:
        hand: the hand, winning tile included.
        seven_pairs: allow seven pairs (never with declared melds, concealed kongs included).
        four_as_two_pairs: in seven pairs, four identical undeclared tiles may be two pairs
            (FIMJ-GAP-11, RAV-HAND-2; not in Seipalle, SEI-HAND-2).
        thirteen_orphans: allow thirteen orphans (thirteen lanterns).
        all_head_tiles: allow any 14 head tiles in any arrangement (RAV-HAND-3).
        special: further shapes (FIMJ's snakes, FIMJ-HAND-3), tried after the others.

    Returns:
        The distinct layouts, standard ones first; empty if the hand is not complete.
    """
    if hand.tile_count != HAND_SIZE:
        return ()
    shapes: list[Shape] = [STANDARD]
    if seven_pairs:
        shapes.append(SEVEN_PAIRS_FOUR_AS_TWO if four_as_two_pairs else SEVEN_PAIRS)
    if thirteen_orphans:
        shapes.append(THIRTEEN_ORPHANS)
    if all_head_tiles:
        shapes.append(ALL_HEAD_TILES)
    shapes.extend(special)
    found = decompose(hand, shapes)
    if len(found) <= 1:  # nothing to merge (most hands)
        return found
    out: dict[tuple[str, tuple[Group, ...]], Decomposition] = {}
    for d in found:  # the same groups in another order are one layout
        out.setdefault((d.shape, tuple(sorted(d.groups, key=_group_order))), d)
    return tuple(out.values())


def _group_order(g: Group) -> tuple[int, str, bool, bool]:
    return (int(g.tile), g.kind.value, g.concealed, g.meld is not None)


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
