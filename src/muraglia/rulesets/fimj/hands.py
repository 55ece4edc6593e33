"""FIMJ hand layouts: every way a hand can be laid out for scoring.

A winner is scored on a *complete* layout (four sets and a pair, or seven pairs; FIMJ-HAND-1/2);
a non-winner on *any* choice of disjoint sets and valued pairs among the concealed tiles, plus the
declared melds (FIMJ-SCORE-6, FIMJ-GAP-18, FIMJ-GAP-27). Both are enumerated here with per-suit
tables cached on the suit's nine counts; the ruleset scores each as a
:class:`~muraglia.scoring.context.WinContext` and keeps the highest-valued layout
(FIMJ-HAND-5, FIMJ-GAP-25).

A winner's layouts are the shared :func:`muraglia.scoring.layouts.complete_layouts` with FIMJ's
shapes (seven pairs, four identical tiles as two pairs by FIMJ-GAP-11, thirteen orphans, the
snakes: ``FimjRules.best_fold``); a non-winner's are :func:`partial_layouts`.

>>> from muraglia.notation import parse_hand
>>> h = parse_hand("111m 222m 333m 45p 77z 6p", red_fives=False)
>>> sorted(" ".join(str(g) for g in gs) for gs in partial_layouts(h, valued_pairs=frozenset()))
['111m 222m 333m 456p', '123m 123m 123m 456p']
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from muraglia.analysis.groups import Group, GroupKind
from muraglia.analysis.shapes import meld_group
from muraglia.hand import Hand
from muraglia.melds import SET_SIZE
from muraglia.tiles import COPIES, NUM_KINDS, NUM_SUITED, RANKS, Tile

__all__ = ["partial_layouts"]

_CHOW_STARTS = RANKS - SET_SIZE + 1
"""Ranks a chow can start on (1 to 7)."""
_PAIR = 2
"""Tiles in a pair."""

_Suit = tuple[tuple[GroupKind, int], ...]
"""Groups of one suit as (kind, rank index 0-8)."""


def _is_maximal(counts: tuple[int, ...], groups: _Suit) -> bool:
    """Whether no further pung or chow can be made from the tiles the groups leave over.

    A non-winner's value never decreases when a group is added (points and fundamental
    doubles are all "at least" conditions), so only maximal choices need scoring.
    """
    left = list(counts)
    for kind, r in groups:
        if kind is GroupKind.CHOW:
            for k in range(r, r + SET_SIZE):
                left[k] -= 1
        else:
            left[r] -= COPIES if kind is GroupKind.KONG else SET_SIZE
    if max(left) >= SET_SIZE:
        return False
    return not any(left[r] and left[r + 1] and left[r + 2] for r in range(_CHOW_STARTS))


@cache
def _suit_partial(counts: tuple[int, ...]) -> tuple[_Suit, ...]:
    """Every maximal choice of disjoint pungs, concealed kongs and chows in one suit."""
    results: list[_Suit] = []

    def walk(i: int, c: list[int], acc: tuple[tuple[GroupKind, int], ...]) -> None:
        if i == RANKS:
            if _is_maximal(counts, acc):
                results.append(acc)
            return
        takes: list[tuple[tuple[GroupKind, int], ...]] = [()]
        if c[i] >= SET_SIZE:
            takes.append(((GroupKind.PUNG, i),))
        if c[i] == COPIES:
            takes.append(((GroupKind.KONG, i),))
        for take in takes:
            used = 0 if not take else (SET_SIZE if take[0][0] is GroupKind.PUNG else COPIES)
            left = c[i] - used
            top = min(left, c[i + 1], c[i + 2]) if i < _CHOW_STARTS else 0
            for n in range(top + 1):
                nxt = c.copy()
                nxt[i] = 0
                if n:
                    nxt[i + 1] -= n
                    nxt[i + 2] -= n
                walk(i + 1, nxt, acc + take + ((GroupKind.CHOW, i),) * n)

    walk(0, list(counts), ())
    return tuple(results)


def _product(
    parts: list[tuple[tuple[Group, ...], ...]],
) -> Iterator[tuple[Group, ...]]:
    if not parts:
        yield ()
        return
    for head in parts[0]:
        for tail in _product(parts[1:]):
            yield head + tail


def _to_groups(base: int, groups: _Suit) -> tuple[Group, ...]:
    return tuple(Group(kind, Tile(base + r)) for kind, r in groups)


def partial_layouts(hand: Hand, *, valued_pairs: frozenset[Tile]) -> list[tuple[Group, ...]]:
    """Every scoring layout of a non-winner's hand (FIMJ-SCORE-6, FIMJ-GAP-18, FIMJ-GAP-27).

    Suit tiles: any disjoint pungs, kongs (four concealed copies shown as a concealed kong) and
    chows; pairs of suit tiles never score and are not listed. Honours: the largest group of each
    kind (a kong beats a pung beats a valued pair), which dominates every alternative.
    """
    counts = hand.concealed_counts
    melds = tuple(meld_group(m) for m in hand.melds)
    per_suit = [
        tuple(_to_groups(base, gs) for gs in _suit_partial(tuple(counts[base : base + RANKS])))
        for base in range(0, NUM_SUITED, RANKS)
    ]
    honours: list[Group] = []
    for kind in range(NUM_SUITED, NUM_KINDS):
        c, tile = counts[kind], Tile(kind)
        if c == COPIES:
            honours.append(Group(GroupKind.KONG, tile))
        elif c == SET_SIZE:
            honours.append(Group(GroupKind.PUNG, tile))
        elif c == _PAIR and tile in valued_pairs:
            honours.append(Group(GroupKind.PAIR, tile))
    return [(*combo, *honours, *melds) for combo in _product(per_suit)]
