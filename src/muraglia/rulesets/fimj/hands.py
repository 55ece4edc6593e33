"""FIMJ hand readings: every way a hand can be laid out for scoring, and the context of one.

A winner is scored on a *complete* layout (four sets and a pair, or seven pairs; FIMJ-HAND-1/2);
a non-winner on *any* choice of disjoint sets and valued pairs among the concealed tiles, plus the
declared melds (FIMJ-SCORE-6, FIMJ-GAP-18, FIMJ-GAP-27). Both are enumerated here with per-suit
tables cached on the suit's nine counts; the ruleset keeps the highest-valued layout
(FIMJ-HAND-5, FIMJ-GAP-25).

>>> from muraglia.notation import parse_hand
>>> h = parse_hand("111222333m 456p 77z +1m")
>>> sorted(" ".join(str(g) for g in gs) for gs in complete_layouts(h))[:2]
['111m 222m 333m 456p 77z', '123m 123m 123m 456p 77z']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache, cached_property

from muraglia.analysis.groups import Group, GroupKind
from muraglia.analysis.shapes import meld_group
from muraglia.hand import Hand
from muraglia.scoring.layouts import complete_layouts as shared_layouts
from muraglia.tiles import DRAGONS, Tile, TileCounts, counts_of

__all__ = ["FimjContext", "complete_layouts", "meld_group", "partial_layouts"]

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
            for k in range(r, r + 3):
                left[k] -= 1
        else:
            left[r] -= 4 if kind is GroupKind.KONG else 3
    if max(left) >= 3:
        return False
    return not any(left[r] and left[r + 1] and left[r + 2] for r in range(7))


@cache
def _suit_partial(counts: tuple[int, ...]) -> tuple[_Suit, ...]:
    """Every maximal choice of disjoint pungs, concealed kongs and chows in one suit."""
    results: list[_Suit] = []

    def walk(i: int, c: list[int], acc: tuple[tuple[GroupKind, int], ...]) -> None:
        if i == 9:
            if _is_maximal(counts, acc):
                results.append(acc)
            return
        takes: list[tuple[tuple[GroupKind, int], ...]] = [()]
        if c[i] >= 3:
            takes.append(((GroupKind.PUNG, i),))
        if c[i] == 4:
            takes.append(((GroupKind.KONG, i),))
        for take in takes:
            used = 0 if not take else (3 if take[0][0] is GroupKind.PUNG else 4)
            left = c[i] - used
            top = min(left, c[i + 1], c[i + 2]) if i <= 6 else 0
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


def _concealed_counts(hand: Hand) -> TileCounts:
    return hand.concealed_counts


def complete_layouts(hand: Hand, *, four_as_two_pairs: bool = True) -> list[tuple[Group, ...]]:
    """Every complete layout of a 14-tile hand: standard (FIMJ-HAND-1) and seven pairs (-HAND-2).

    The shared decomposition (:func:`muraglia.scoring.layouts.complete_layouts`) with FIMJ's
    shapes: seven pairs has no declared meld and may use four identical tiles as two pairs
    (FIMJ-GAP-11, ``four_as_two_pairs``). Declared melds come last in every layout.
    """
    return [
        d.groups
        for d in shared_layouts(hand, seven_pairs=True, four_as_two_pairs=four_as_two_pairs)
    ]


def partial_layouts(hand: Hand, *, valued_pairs: frozenset[Tile]) -> list[tuple[Group, ...]]:
    """Every scoring layout of a non-winner's hand (FIMJ-SCORE-6, FIMJ-GAP-18, FIMJ-GAP-27).

    Suit tiles: any disjoint pungs, kongs (four concealed copies shown as a concealed kong) and
    chows; pairs of suit tiles never score and are not listed. Honours: the largest group of each
    kind (a kong beats a pung beats a valued pair), which dominates every alternative.
    """
    counts = _concealed_counts(hand)
    melds = tuple(meld_group(m) for m in hand.melds)
    per_suit = [
        tuple(_to_groups(base, gs) for gs in _suit_partial(tuple(counts[base : base + 9])))
        for base in (0, 9, 18)
    ]
    honours: list[Group] = []
    for kind in range(27, 34):
        c, tile = counts[kind], Tile(kind)
        if c == 4:
            honours.append(Group(GroupKind.KONG, tile))
        elif c == 3:
            honours.append(Group(GroupKind.PUNG, tile))
        elif c == 2 and tile in valued_pairs:
            honours.append(Group(GroupKind.PAIR, tile))
    return [(*combo, *honours, *melds) for combo in _product(per_suit)]


@dataclass(frozen=True)
class FimjContext:
    """Everything a FIMJ pattern predicate may look at, for one layout of one hand."""

    hand: Hand
    """The hand as given (melds, bonus tiles, winning tile)."""
    groups: tuple[Group, ...]
    """The layout: concealed groups (pungs completed by a claimed tile already exposed), melds."""
    shape: str
    """``standard``, ``seven_pairs``, ``special`` (limit-hand shapes) or ``partial``."""
    seat_wind: Tile
    """The player's own wind."""
    round_wind: Tile
    """The round wind."""
    winner: bool = False
    """Whether the player made Mah-Jong."""
    self_drawn: bool = False
    """Whether the winning tile was drawn (else claimed)."""
    flags: frozenset[str] = field(default_factory=frozenset)
    """Situation flags (``riichi``, ``replacement``, ``last_tile``...), see the ruleset docs."""

    @cached_property
    def tiles(self) -> tuple[Tile, ...]:
        """Every playing tile of the hand (concealed, winning, melded); bonus tiles excluded."""
        out = [t.kind for t in self.hand.concealed_tiles]
        for meld in self.hand.melds:
            out.extend(t.kind for t in meld.tiles)
        return tuple(out)

    @cached_property
    def counts(self) -> tuple[int, ...]:
        """Copies of each of the 34 kinds among :attr:`tiles`."""
        return counts_of(self.tiles)

    @cached_property
    def pungs(self) -> tuple[Group, ...]:
        """Pungs and kongs of the layout."""
        return tuple(g for g in self.groups if g.is_pung_or_kong)

    @cached_property
    def chows(self) -> tuple[Group, ...]:
        """Chows of the layout."""
        return tuple(g for g in self.groups if g.kind is GroupKind.CHOW)

    @cached_property
    def pairs(self) -> tuple[Group, ...]:
        """Pairs of the layout."""
        return tuple(g for g in self.groups if g.kind is GroupKind.PAIR)

    @property
    def winning_tile(self) -> Tile | None:
        """The winning tile's kind, if any."""
        return None if self.hand.winning is None else self.hand.winning.kind

    @cached_property
    def valued_pair_tiles(self) -> frozenset[Tile]:
        """Kinds whose pair scores (FIMJ-PTS-P09…P11): own wind, round wind, dragons."""
        return frozenset({self.seat_wind, self.round_wind, *DRAGONS})
