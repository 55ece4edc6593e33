"""Which tiles earn a pattern: the locators patterns declare next to their predicates.

A *locator* is ``(ctx) -> Iterable[Group | TileSource]``: given the reading a pattern was
found on, the groups (of its decomposition) and the loose tiles (the winning tile, bonus
tiles, dora) that earn it. :func:`sources` turns them into :class:`TileSource` objects that
name where each tile sits in the hand (concealed, meld *i*, winning tile, bonus), which is
what :attr:`Award.tiles <muraglia.scoring.result.Award.tiles>` carries, the JSON explanation
prints and the web calculator highlights.

Every ruleset's pattern declares its locator (``locate=``); a pattern that declares none is
about the hand as a whole (a flush, all simples, seven pairs) and is located by
:func:`whole_hand`. Locators run once, on the reading finally scored, never in the search
over readings. They read only ``ctx.groups`` and, for the loose tiles, ``ctx.winning_tile``
— both present on every ruleset's context.

>>> from muraglia.notation import parse_hand
>>> from muraglia.analysis.decompose import decompose
>>> hand = parse_hand("234m567p11z[555z][789s<]+4m")
>>> d = decompose(hand)[0]
>>> [s.to_dict() for s in sources(hand, pungs_of(DRAGON_KINDS)(_Ctx(d.groups)))]
[{'where': 'meld', 'tiles': '555z', 'meld': 0}]
>>> [s.notation for s in sources(hand, whole_hand(_Ctx(d.groups)))]
['234m', '567p', '11z', '555z', '789s']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable
from typing import Any, NamedTuple

from muraglia.analysis.groups import Group, GroupKind
from muraglia.hand import Hand
from muraglia.melds import Meld
from muraglia.scoring.result import TileSource
from muraglia.tiles import NUM_SUITS, RANKS, Tile

__all__ = [
    "DRAGON_KINDS",
    "WIND_KINDS",
    "Located",
    "Locator",
    "Part",
    "bonus",
    "chows",
    "concealed_pungs",
    "groups_of",
    "groups_where",
    "identical_chows",
    "kongs",
    "mixed_triple_chows",
    "mixed_triple_pungs",
    "most_common_chows",
    "no_tiles",
    "pairs",
    "pungs",
    "pungs_of",
    "pure_straight",
    "red_fives",
    "same_start_chows",
    "source",
    "sources",
    "tiles_of",
    "whole_hand",
    "winning_tile",
]


class Part(NamedTuple):
    """Some tiles of a group (a dora inside a chow): placed where the group sits."""

    group: Group
    tiles: tuple[Tile, ...]


Located = Group | Part | TileSource
"""What a locator yields: a group of the reading, some tiles of one, or loose tiles placed."""
Locator = Callable[[Any], Iterable[Located]]
"""``(ctx) -> groups and tiles that earn the pattern`` (ctx: the ruleset's reading)."""

WIND_KINDS: frozenset[Tile] = frozenset((Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH))
DRAGON_KINDS: frozenset[Tile] = frozenset((Tile.WHITE, Tile.GREEN, Tile.RED))


class _Ctx(NamedTuple):
    """A bare reading for the doctests."""

    groups: tuple[Group, ...]
    winning_tile: Tile | None = None


def _meld_index(melds: tuple[Meld, ...], meld: Meld, taken: set[int]) -> int | None:
    """The index of ``meld`` in the hand (the same object first, else an equal one unused)."""
    for i, m in enumerate(melds):
        if m is meld and i not in taken:
            return i
    for i, m in enumerate(melds):
        if m == meld and i not in taken:
            return i
    return None


def sources(hand: Hand, located: Iterable[Located]) -> tuple[TileSource, ...]:
    """Place each located group or tile in ``hand`` (a group of a meld gets its index).

    A group that stands for a declared meld is ``meld`` with the meld's index in
    :attr:`Hand.melds`; every other group is ``concealed`` (the winning tile is among the
    concealed tiles, also when a discard completed the group).
    """
    out: list[TileSource] = []
    taken: set[int] = set()
    for item in located:
        if isinstance(item, TileSource):
            out.append(item)
            continue
        if item.__class__ is Group and item.meld is None:  # a shared concealed group
            found = _CONCEALED.get(id(item))
            if found is None or found[0] is not item:
                found = _concealed_source(item)
            out.append(found[1])
            continue
        group, tiles = (item.group, item.tiles) if isinstance(item, Part) else (item, item.tiles)
        index = None if group.meld is None else _meld_index(hand.melds, group.meld, taken)
        if index is None:
            out.append(source("concealed", tiles))
        else:
            if isinstance(item, Group):  # a meld is one group: a part may share it
                taken.add(index)
            out.append(source("meld", tiles, index))
    return tuple(out)


_SOURCES: dict[tuple[str, tuple[Tile, ...], int | None], TileSource] = {}
"""Sources already made, by their fields (sources are immutable: the same tiles in the same
place are one object). Bounded (cleared when full)."""
_SOURCES_LIMIT = 4096


def source(where: str, tiles: tuple[Tile, ...], meld: int | None = None) -> TileSource:
    """``TileSource(where, tiles, meld)``, one shared object per value (remembered, bounded).

    >>> source("winning", (Tile.M1,)) is source("winning", (Tile.M1,))
    True
    """
    key = (where, tiles, meld)
    found = _SOURCES.get(key)
    if found is None:
        found = TileSource(where, tiles, meld)
        if len(_SOURCES) >= _SOURCES_LIMIT:
            _SOURCES.clear()
        _SOURCES[key] = found
    return found


_CONCEALED: dict[int, tuple[Group, TileSource]] = {}
"""The ``concealed`` source of a meld-less group, by the group's ``id`` (with the group, so the
id stays its own): the decompositions share their concealed groups, and sources are immutable.
Bounded (cleared when full)."""
_CONCEALED_LIMIT = 4096


def _concealed_source(group: Group) -> tuple[Group, TileSource]:
    found = (group, source("concealed", group.tiles))
    if len(_CONCEALED) >= _CONCEALED_LIMIT:
        _CONCEALED.clear()
    _CONCEALED[id(group)] = found
    return found


# ------------------------------------------------------------------ locators


def whole_hand(ctx: Any) -> Iterable[Located]:
    """Every group of the reading: patterns about the hand as a whole (the default)."""
    groups: tuple[Group, ...] = ctx.groups
    return groups


def no_tiles(ctx: Any) -> Iterable[Located]:
    """Nothing: a situation earns the pattern (riichi, the first turn), not tiles."""
    return ()


def winning_tile(ctx: Any) -> Iterable[Located]:
    """The winning tile (self-drawn, last tile, robbing a kong, a wait)."""
    tile: Tile | None = ctx.winning_tile
    return () if tile is None else (source("winning", (tile,)),)


def groups_where(keep: Callable[[Group], bool]) -> Locator:
    """The locator of the groups for which ``keep`` holds."""

    def locate(ctx: Any) -> Iterable[Located]:
        return [g for g in ctx.groups if keep(g)]

    return locate


def pungs_of(kinds: Collection[Tile]) -> Locator:
    """The pungs and kongs of the given kinds (dragon pungs, wind pungs)."""
    return groups_where(lambda g: g.is_pung_or_kong and g.tile in kinds)


def tiles_of(kinds: Callable[[Any], Collection[Tile]]) -> Locator:
    """Every tile of the hand whose kind is in ``kinds(ctx)``, group by group (dora)."""

    def locate(ctx: Any) -> Iterable[Located]:
        given = kinds(ctx)
        wanted = given if isinstance(given, set | frozenset) else frozenset(given)
        out: list[Located] = []
        for g in ctx.groups:
            tiles = g.tiles
            if wanted.isdisjoint(tiles):
                continue
            hit = tuple([t for t in tiles if t in wanted])
            out.append(g if len(hit) == len(tiles) else Part(g, hit))
        return out

    return locate


def _kind_is(kind: GroupKind) -> Callable[[Group], bool]:
    return lambda g: g.kind is kind


pungs: Locator = groups_where(lambda g: g.is_pung_or_kong)
"""Every pung and kong."""
kongs: Locator = groups_where(_kind_is(GroupKind.KONG))
"""Every kong."""
chows: Locator = groups_where(_kind_is(GroupKind.CHOW))
"""Every chow."""
pairs: Locator = groups_where(_kind_is(GroupKind.PAIR))
"""Every pair."""
concealed_pungs: Locator = groups_where(lambda g: g.is_pung_or_kong and g.concealed)
"""Every pung and kong not exposed (concealed kongs included)."""


def identical_chows(ctx: Any) -> Iterable[Located]:
    """The chows that appear at least twice (pure double chow and its relatives)."""
    groups: tuple[Group, ...] = ctx.groups
    chow = GroupKind.CHOW
    seen: dict[Tile, int] = {}
    for g in groups:
        if g.kind is chow:
            seen[g.tile] = seen.get(g.tile, 0) + 1
    return [g for g in groups if g.kind is chow and seen[g.tile] >= 2]


def groups_of(kinds: Collection[Tile]) -> Locator:
    """Every group (pung, kong or pair) of the given honour kinds (little three dragons)."""
    return groups_where(lambda g: g.kind is not GroupKind.CHOW and g.tile in kinds)


def _across_suits(groups: Iterable[Group]) -> list[Group]:
    """The groups whose number is present in all three suits (a mixed triple)."""
    groups = [g for g in groups if g.tile < Tile.EAST]
    have = {int(g.tile) for g in groups}
    ranks = {r for r in range(RANKS) if r in have and r + RANKS in have and r + 2 * RANKS in have}
    return [g for g in groups if int(g.tile) % RANKS in ranks]


def mixed_triple_chows(ctx: Any) -> Iterable[Located]:
    """The chows of one number in the three suits."""
    return _across_suits(g for g in ctx.groups if g.kind is GroupKind.CHOW)


def mixed_triple_pungs(ctx: Any) -> Iterable[Located]:
    """The pungs and kongs of one number in the three suits."""
    return _across_suits(g for g in ctx.groups if g.is_pung_or_kong)


def pure_straight(ctx: Any) -> Iterable[Located]:
    """The chows 1-2-3, 4-5-6 and 7-8-9 of one suit (the first of each)."""
    chows = [g for g in ctx.groups if g.kind is GroupKind.CHOW]
    starts = {int(g.tile) for g in chows}
    for s in range(NUM_SUITS):
        wanted = [RANKS * s, RANKS * s + 3, RANKS * s + 6]
        if set(wanted) <= starts:
            return [next(g for g in chows if int(g.tile) == w) for w in wanted]
    return ()


def red_fives(ctx: Any) -> Iterable[Located]:
    """Each red five of the hand, where it sits (concealed or in meld *i*)."""
    hand: Hand = ctx.hand
    out: list[Located] = [source("concealed", (t.kind,)) for t in hand.concealed_tiles if t.red]
    for i, meld in enumerate(hand.melds):
        out.extend(source("meld", (t.kind,), i) for t in meld.tiles if t.red)
    return out


def bonus(select: Callable[[Any], Iterable[Tile]]) -> Locator:
    """The locator of the bonus tiles ``select(ctx)`` (flowers and seasons)."""

    def locate(ctx: Any) -> Iterable[Located]:
        tiles = tuple(select(ctx))
        return (TileSource("bonus", tiles),) if tiles else ()

    return locate


def same_start_chows(starts: Callable[[Any], Collection[int]]) -> Locator:
    """The chows whose number (rank of the first tile) is in ``starts(ctx)`` (snakes)."""

    def locate(ctx: Any) -> Iterable[Located]:
        wanted = starts(ctx)
        return [g for g in ctx.groups if g.kind is GroupKind.CHOW and g.tile.rank in wanted]

    return locate


def most_common_chows(*, same_suit: bool) -> Locator:
    """The chows of the most repeated number (``same_suit``: identical chows)."""

    def locate(ctx: Any) -> Iterable[Located]:
        chows_ = [g for g in ctx.groups if g.kind is GroupKind.CHOW]
        keys = Counter(g.tile if same_suit else g.tile.rank for g in chows_)
        if not keys:
            return ()
        top = keys.most_common(1)[0][0]
        return [g for g in chows_ if (g.tile if same_suit else g.tile.rank) == top]

    return locate
