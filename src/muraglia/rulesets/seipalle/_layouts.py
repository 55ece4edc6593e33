"""Complete layouts of a winning hand for this ruleset's shapes.

Stand-in for ``muraglia.analysis.decompose`` (not yet in the tree): it lists every way to read a
hand as four sets and a pair, seven pairs, thirteen orphans or all head tiles, returning typed
:class:`~muraglia.analysis.groups.Decomposition` objects. Per-suit results are cached on the
suit's nine counts. Replace it with the shared decomposer when that lands.

>>> from muraglia.notation import parse_hand
>>> [str(d) for d in layouts(parse_hand("111222333m456p7z +7z"), seven_pairs=False)][:2]
['standard: 111m 222m 333m 456p 77z', 'standard: 123m 123m 123m 456p 77z']
"""

from __future__ import annotations

from functools import cache

from muraglia.analysis.groups import Decomposition, Group, GroupKind
from muraglia.hand import Hand
from muraglia.melds import MeldKind
from muraglia.tiles import TERMINALS_AND_HONORS, Tile

__all__ = ["layouts"]

_Layout = tuple[tuple[GroupKind, int], ...]


@cache
def _suit(counts: tuple[int, ...], honors: bool) -> tuple[tuple[_Layout, bool], ...]:
    """Partitions of one suit (or the honours) into pungs, chows and at most one pair."""
    i = next((r for r, c in enumerate(counts) if c), None)
    if i is None:
        return (((), False),)
    out: list[tuple[_Layout, bool]] = []
    options: list[tuple[GroupKind, tuple[int, ...]]] = []
    if counts[i] >= 3:
        options.append((GroupKind.PUNG, (i, i, i)))
    if counts[i] >= 2:
        options.append((GroupKind.PAIR, (i, i)))
    if not honors and i <= 6 and counts[i + 1] and counts[i + 2]:
        options.append((GroupKind.CHOW, (i, i + 1, i + 2)))
    for kind, used in options:
        rest = list(counts)
        for r in used:
            rest[r] -= 1
        for tail, paired in _suit(tuple(rest), honors):
            if kind is GroupKind.PAIR and paired:
                continue
            out.append((((kind, i), *tail), paired or kind is GroupKind.PAIR))
    return tuple(out)


def _standard(counts: tuple[int, ...]) -> list[tuple[Group, ...]]:
    found: list[tuple[Group, ...]] = [()]
    pairs = [0]
    for base, size in ((0, 9), (9, 9), (18, 9), (27, 7)):
        options = _suit(counts[base : base + size], size == 7)
        nxt: list[tuple[Group, ...]] = []
        nxt_pairs: list[int] = []
        for groups, paired in zip(found, pairs, strict=True):
            for layout, has_pair in options:
                if paired and has_pair:
                    continue
                extra = tuple(Group(kind, Tile(base + r)) for kind, r in layout)
                nxt.append(groups + extra)
                nxt_pairs.append(paired + has_pair)
        found, pairs = nxt, nxt_pairs
    return [g for g, p in zip(found, pairs, strict=True) if p == 1]


def _meld_groups(hand: Hand) -> tuple[Group, ...]:
    kinds = {MeldKind.CHOW: GroupKind.CHOW, MeldKind.PUNG: GroupKind.PUNG}
    return tuple(
        Group(kinds.get(m.kind, GroupKind.KONG), m.first, concealed=m.concealed, meld=m)
        for m in hand.melds
    )


def layouts(
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
        seven_pairs: allow seven pairs (only without declared melds).
        four_as_two_pairs: in seven pairs, four identical tiles may be two pairs.
        thirteen_orphans: allow thirteen orphans.
        all_head_tiles: allow any 14 head tiles (1, 9, winds, dragons) in any arrangement.

    Returns:
        The layouts; empty if the hand is not complete.
    """
    if hand.tile_count != 14:
        return ()
    counts = hand.concealed_counts
    melds = _meld_groups(hand)
    out = [Decomposition("standard", g + melds) for g in _standard(counts)]
    if seven_pairs and not hand.melds:
        ok = all(c in (0, 2, 4) if four_as_two_pairs else c in (0, 2) for c in counts)
        if ok:
            pairs = tuple(
                Group(GroupKind.PAIR, Tile(i)) for i, c in enumerate(counts) for _ in range(c // 2)
            )
            out.append(Decomposition("seven_pairs", pairs))
    if thirteen_orphans and not hand.melds and all(counts[t] for t in TERMINALS_AND_HONORS):
        singles = tuple(
            Group(GroupKind.PAIR if counts[t] == 2 else GroupKind.SINGLE, t)
            for t in TERMINALS_AND_HONORS
        )
        out.append(Decomposition("thirteen_orphans", singles))
    if all_head_tiles and all(Tile(i).is_terminal_or_honor for i, c in enumerate(hand.counts) if c):
        singles = tuple(
            Group(GroupKind.SINGLE, Tile(i)) for i, c in enumerate(counts) for _ in range(c)
        )
        out.append(Decomposition("all_head_tiles", singles + melds))
    return tuple(out)
