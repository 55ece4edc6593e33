"""Every FIMJ scoring element: point items, fundamental and closing doubles, the eleven massimi.

Each element is declared once on the shared :class:`~muraglia.scoring.patterns.PatternTable`
:data:`PATTERNS` (id, rule reference, bilingual names, category, value, implications, locator)
next to a small predicate ``(ctx: WinContext) -> int`` that says how many times it applies on
one layout (0 = not at all). :func:`pattern` is the FIMJ spelling of the table's decorator: the
category sets the unit, the limit mark and ``won_only`` (closing doubles, massimi and the 20
points of Mah-Jong are never a non-winner's, FIMJ-SCORE-6). The ruleset (:mod:`.ruleset`)
folds them: points are summed, doubles counted, massimi paid at their fixed value
(FIMJ-SCORE-1…5).

Nesting (FIMJ-CUM-3, FIMJ-GAP-7): a pattern that contains another earns both, because each
predicate tests its own condition on the *same* layout; ``implies`` documents (and the tests
check) which lower patterns always come with a higher one. FIMJ declares no ``excludes``
("I raddoppi sono tutti cumulabili", FIMJ-CUM-1); its table reads ``excludes`` the Italian way
(``exclusion="found"``, docs/adding-a-pattern.md) should a club add one.

>>> [p.id for p in PATTERNS if p.category == Category.LIMIT][:3]
['nine_gates', 'all_kongs', 'exit_of_the_gods']
>>> len([p for p in PATTERNS if p.category == Category.FUNDAMENTAL])
18
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import NamedTuple

from muraglia.analysis.groups import Group, GroupKind
from muraglia.melds import MeldKind
from muraglia.scoring import locate as loc
from muraglia.scoring.context import WinContext
from muraglia.scoring.locate import Locator
from muraglia.scoring.patterns import Pattern, PatternTable, Predicate
from muraglia.tiles import DRAGONS, HONOURS, NUM_KINDS, NUM_SUITED, RANKS, WINDS, Tile

__all__ = ["KEYS", "PATTERNS", "UNITS", "Category", "category_of", "pattern"]


class Category(StrEnum):
    """What a pattern's value means."""

    POINTS = "points"
    """Points (punti di stecca, FIMJ-PTS) per occurrence."""
    FUNDAMENTAL = "fundamental"
    """Fundamental doubles (raddoppi fondamentali, every player; FIMJ-DBL-2)."""
    CLOSING = "closing"
    """Closing doubles (raddoppi da chiusura, winner only; FIMJ-DBL-2)."""
    LIMIT = "limit"
    """Limit hand (massimo): the value is the fixed amount *M* (FIMJ-MAX)."""


UNITS: dict[Category, str] = {
    Category.POINTS: "points",
    Category.FUNDAMENTAL: "doubles",
    Category.CLOSING: "doubles",
    Category.LIMIT: "massimo",
}
"""The unit of an award of each category."""
KEYS: tuple[str, ...] = ("ref", "count", "category")
"""The fields a FIMJ ``patterns`` object also prints (:meth:`Award.to_dict`)."""

PATTERNS = PatternTable("fimj", unit="points", exclusion="found")
"""Every element, in the order of the spec's tables (points, F, C, M)."""


def pattern(
    pattern_id: str,
    *,
    ref: str,
    it: str,
    en: str,
    category: Category,
    value: int,
    implies: tuple[str, ...] = (),
    locate: Locator = loc.whole_hand,
    won_only: bool | None = None,
    examples: Sequence[str] = (),
    requires: tuple[GroupKind, ...] = (),
    min_groups: int = 0,
    flags_any: tuple[str, ...] = (),
    shapes: tuple[str, ...] = (),
    bonus: bool = False,
    max_suits: int = 3,
) -> Callable[[Predicate], Predicate]:
    """Declare a scoring element on :data:`PATTERNS` with its FIMJ category.

    ``value`` is the points or doubles per occurrence, or the massimo's fixed value *M*; the
    category gives the unit (:data:`UNITS`) and ``limit``; ``won_only`` defaults to the
    closing doubles and massimi (FIMJ-DBL-2), which a non-winner never has. ``requires``
    and ``min_groups``: the layout's groups of those kinds (at least ``min_groups`` of them)
    without which the predicate is 0; ``flags_any``: the situation flags of which it needs
    one; ``shapes``: the layout shapes outside which it is 0; ``bonus``: it is 0 without
    bonus tiles; ``max_suits``: it is 0 on a hand of more suits. The table then does not ask
    it on a layout without them (evaluation only: the result is the same).
    """
    return PATTERNS.pattern(
        pattern_id,
        names={"it": it, "en": en},
        closed=value,
        open=value,
        ref=ref,
        unit=UNITS[category],
        implies=implies,
        limit=category is Category.LIMIT,
        won_only=category in (Category.CLOSING, Category.LIMIT) if won_only is None else won_only,
        category=category.value,
        locate=locate,
        examples=examples,
        requires=requires,
        min_groups=min_groups,
        flags_any=flags_any,
        shapes=shapes,
        bonus=bonus,
        max_suits=max_suits,
    )


def category_of(p: Pattern) -> Category:
    """The FIMJ category of a pattern of the table (one declared without: by its unit).

    >>> category_of(PATTERNS["snake"]), category_of(PATTERNS["riichi"])
    (<Category.FUNDAMENTAL: 'fundamental'>, <Category.CLOSING: 'closing'>)
    """
    if p.category is not None:
        return Category(p.category)
    if p.limit:
        return Category.LIMIT
    if p.unit == "doubles":
        return Category.CLOSING if p.won_only else Category.FUNDAMENTAL
    return Category.POINTS


# --------------------------------------------------------------------------- helpers


def _head(tile: Tile) -> bool:
    """Head tile (pedina di testa): 1, 9, winds, dragons (FIMJ-EQUIP-2)."""
    return tile.is_terminal_or_honour


def _kongs(ctx: WinContext, *, concealed: bool, head: bool) -> int:
    return sum(
        g.kind is GroupKind.KONG and g.concealed == concealed and _head(g.tile) == head
        for g in ctx.groups
    )


def _pungs(ctx: WinContext, *, concealed: bool, head: bool) -> int:
    return sum(
        g.kind is GroupKind.PUNG and g.concealed == concealed and _head(g.tile) == head
        for g in ctx.groups
    )


def _is_concealed_pung(g: Group) -> bool:
    """Made of self-drawn tiles and never declared (FIMJ-DBL-F09, FIMJ-GAP-43, -26)."""
    return g.is_pung_or_kong and g.concealed and g.meld is None


class _Chows(NamedTuple):
    """What the chow patterns read of a layout's chows, counted once per layout."""

    same_rank: int
    """Most chows starting on one rank (any suits)."""
    identical: int
    """Most chows of one rank and suit."""
    suits_at: dict[int, set[str]]
    """Start rank -> the suits in which a chow starts there."""


def _chows(ctx: WinContext) -> _Chows:
    """The layout's :class:`_Chows`, counted once for the eight chow patterns.

    Kept with the context's other views, in ``ctx.__dict__`` as its ``cached_property``
    views are.
    """
    views = ctx.__dict__
    got: _Chows | None = views.get("_fimj_chows")
    if got is None:
        keys = [(g.tile.rank, g.tile.suit.value) for g in ctx.chows]
        suits_at: dict[int, set[str]] = {}
        for rank, suit in keys:
            suits_at.setdefault(rank, set()).add(suit)
        ranks = Counter(rank for rank, _ in keys)
        got = _Chows(
            max(ranks.values(), default=0), max(Counter(keys).values(), default=0), suits_at
        )
        views["_fimj_chows"] = got
    return got


def _max_same_rank_chows(ctx: WinContext) -> int:
    return _chows(ctx).same_rank


def _max_identical_chows(ctx: WinContext) -> int:
    return _chows(ctx).identical


def _snake_suits(ctx: WinContext, starts: tuple[int, ...]) -> list[set[str]]:
    """For each start rank, the suits in which the layout has a chow starting there."""
    suits_at = _chows(ctx).suits_at
    return [suits_at.get(start, set()) for start in starts]


def _has_snake(ctx: WinContext, starts: tuple[int, ...], *, one_suit: bool) -> bool:
    suits = _snake_suits(ctx, starts)
    if not all(suits):
        return False
    return bool(set.intersection(*suits)) if one_suit else True


_SNAKE = (1, 4, 7)
_CHAINED = (1, 3, 5, 7)


_KIND: tuple[Tile, ...] = tuple(Tile(k) for k in range(NUM_KINDS))
_HEAD_INDICES = tuple(k for k in range(NUM_KINDS) if not _KIND[k].is_simple)
"""The indices of the head tiles (terminals and honours)."""
"""Each kind's Tile by index (a tuple lookup, not an Enum call per tile)."""


class _Tally(NamedTuple):
    """What the whole-hand patterns read of the hand's tiles, counted once per layout."""

    kinds: tuple[Tile, ...]
    """Every kind of the hand's playing tiles (concealed, winning, melded; bonus apart)."""
    suits: frozenset[int]
    """The suits (as indices) of the hand's suit tiles."""
    honours: int
    """How many honour tiles the hand holds."""
    simple: bool
    """Whether every kind is a suit tile 2–8 (no head tile)."""


def _tally(ctx: WinContext) -> _Tally:
    """The hand's :class:`_Tally`, kept with the context's views as :func:`_chows` is."""
    views = ctx.__dict__
    got: _Tally | None = views.get("_fimj_tally")
    if got is None:
        counts = ctx.counts
        got = _Tally(
            tuple(_KIND[k] for k, n in enumerate(counts) if n),
            frozenset(k // RANKS for k in range(NUM_SUITED) if counts[k]),
            sum(counts[t] for t in HONOURS),
            not any(counts[k] for k in _HEAD_INDICES),
        )
        views["_fimj_tally"] = got
    return got


def _kinds(ctx: WinContext) -> tuple[Tile, ...]:
    """Every kind of the hand's playing tiles (concealed, winning, melded; bonus apart).

    The hand's, not the layout's: a non-winner's layout leaves tiles out (FIMJ-SCORE-6).
    """
    return _tally(ctx).kinds


def _suits(ctx: WinContext) -> frozenset[int]:
    """The suits (as indices) of the hand's suit tiles."""
    return _tally(ctx).suits


def _honours(ctx: WinContext) -> int:
    """How many honour tiles the hand holds."""
    return _tally(ctx).honours


def _shape(ctx: WinContext) -> str:
    """The layout's shape: ``standard``, ``seven_pairs``, a special shape or ``partial``."""
    return ctx.decomposition.shape


def _valued(ctx: WinContext) -> frozenset[Tile]:
    """Kinds whose pair scores (FIMJ-PTS-P09…P11): own wind, round wind, dragons."""
    return frozenset({ctx.seat_wind, ctx.round_wind, *DRAGONS})


def _standard(ctx: WinContext) -> bool:
    return _shape(ctx) == "standard"


def _sets(kind: GroupKind, *, concealed: bool, head: bool) -> Locator:
    """The pungs or kongs of the point items (P01–P08)."""
    return loc.groups_where(
        lambda g: g.kind is kind and g.concealed == concealed and _head(g.tile) == head
    )


def _pairs_of(tile: Callable[[WinContext], Tile]) -> Locator:
    return lambda ctx: [g for g in ctx.pairs if g.tile == tile(ctx)]


def _pungs_of(tile: Callable[[WinContext], Tile]) -> Locator:
    return lambda ctx: [g for g in ctx.pungs if g.tile == tile(ctx)]


def _own_bonus(ctx: WinContext) -> list[Tile]:
    """The flower and season of the seat's own wind (FIMJ-GAP-12: 1 = East … 4 = North)."""
    return [t for t in ctx.hand.bonus if WINDS[t.bonus_seat] == ctx.seat_wind]


_HEAD_PUNGS = loc.groups_where(lambda g: g.is_pung_or_kong and _head(g.tile))
_CONCEALED_PUNGS = loc.groups_where(_is_concealed_pung)


# --------------------------------------------------------------------------- points (FIMJ-PTS)


@pattern(
    "concealed_head_kong",
    requires=(GroupKind.KONG,),
    examples=("234567m55789s(1111p)+5s win=ron seat_wind=S",),
    locate=_sets(GroupKind.KONG, concealed=True, head=True),
    ref="FIMJ-PTS-P01",
    it="poker di testa coperto",
    en="concealed kong of head tiles",
    category=Category.POINTS,
    value=32,
)
def concealed_head_kong(ctx: WinContext) -> int:
    """Concealed kongs of 1, 9, winds or dragons."""
    return _kongs(ctx, concealed=True, head=True)


@pattern(
    "exposed_head_kong",
    requires=(GroupKind.KONG,),
    examples=("234567m55789s[1111p]+5s win=ron seat_wind=S",),
    locate=_sets(GroupKind.KONG, concealed=False, head=True),
    ref="FIMJ-PTS-P02",
    it="poker di testa scoperto",
    en="exposed kong of head tiles",
    category=Category.POINTS,
    value=16,
)
def exposed_head_kong(ctx: WinContext) -> int:
    """Exposed kongs of head tiles."""
    return _kongs(ctx, concealed=False, head=True)


@pattern(
    "concealed_kong",
    requires=(GroupKind.KONG,),
    examples=("234567m55789s(5555p)+5s win=ron seat_wind=S",),
    locate=_sets(GroupKind.KONG, concealed=True, head=False),
    ref="FIMJ-PTS-P03",
    it="poker non di testa coperto",
    en="concealed kong of non-head tiles",
    category=Category.POINTS,
    value=16,
)
def concealed_kong(ctx: WinContext) -> int:
    """Concealed kongs of 2–8."""
    return _kongs(ctx, concealed=True, head=False)


@pattern(
    "exposed_kong",
    requires=(GroupKind.KONG,),
    examples=("234567m55789s[5555p]+5s win=ron seat_wind=S",),
    locate=_sets(GroupKind.KONG, concealed=False, head=False),
    ref="FIMJ-PTS-P04",
    it="poker non di testa scoperto",
    en="exposed kong of non-head tiles",
    category=Category.POINTS,
    value=8,
)
def exposed_kong(ctx: WinContext) -> int:
    """Exposed kongs of 2–8."""
    return _kongs(ctx, concealed=False, head=False)


@pattern(
    "concealed_head_pung",
    requires=(GroupKind.PUNG,),
    examples=("234567m111p55789s+2m win=ron seat_wind=S",),
    locate=_sets(GroupKind.PUNG, concealed=True, head=True),
    ref="FIMJ-PTS-P05",
    it="tris di testa coperto",
    en="concealed pung of head tiles",
    category=Category.POINTS,
    value=8,
)
def concealed_head_pung(ctx: WinContext) -> int:
    """Concealed pungs of head tiles (FIMJ-GAP-26: not if completed by a claimed tile)."""
    return _pungs(ctx, concealed=True, head=True)


@pattern(
    "exposed_head_pung",
    requires=(GroupKind.PUNG,),
    examples=("234567m111p55789s+1p win=ron seat_wind=S",),
    locate=_sets(GroupKind.PUNG, concealed=False, head=True),
    ref="FIMJ-PTS-P06",
    it="tris di testa scoperto",
    en="exposed pung of head tiles",
    category=Category.POINTS,
    value=4,
)
def exposed_head_pung(ctx: WinContext) -> int:
    """Exposed pungs of head tiles."""
    return _pungs(ctx, concealed=False, head=True)


@pattern(
    "concealed_pung",
    requires=(GroupKind.PUNG,),
    examples=("234567m555p78999s+2m win=ron seat_wind=S",),
    locate=_sets(GroupKind.PUNG, concealed=True, head=False),
    ref="FIMJ-PTS-P07",
    it="tris non di testa coperto",
    en="concealed pung of non-head tiles",
    category=Category.POINTS,
    value=4,
)
def concealed_pung(ctx: WinContext) -> int:
    """Concealed pungs of 2–8."""
    return _pungs(ctx, concealed=True, head=False)


@pattern(
    "exposed_pung",
    requires=(GroupKind.PUNG,),
    examples=("234567m78999s[555p]+2m win=ron seat_wind=S",),
    locate=_sets(GroupKind.PUNG, concealed=False, head=False),
    ref="FIMJ-PTS-P08",
    it="tris non di testa scoperto",
    en="exposed pung of non-head tiles",
    category=Category.POINTS,
    value=2,
)
def exposed_pung(ctx: WinContext) -> int:
    """Exposed pungs of 2–8."""
    return _pungs(ctx, concealed=False, head=False)


@pattern(
    "own_wind_pair",
    examples=("234567m123p789s22z+2m win=ron seat_wind=S",),
    locate=_pairs_of(lambda ctx: ctx.seat_wind),
    ref="FIMJ-PTS-P09",
    it="coppia del proprio vento",
    en="pair of own wind",
    category=Category.POINTS,
    value=2,
)
def own_wind_pair(ctx: WinContext) -> int:
    """Pairs of the seat wind (FIMJ-GAP-27: also counts when it is the round wind)."""
    return sum(g.tile == ctx.seat_wind for g in ctx.pairs)


@pattern(
    "round_wind_pair",
    examples=("234567m123p789s11z+2m win=ron seat_wind=S",),
    locate=_pairs_of(lambda ctx: ctx.round_wind),
    ref="FIMJ-PTS-P10",
    it="coppia del vento dominante",
    en="pair of the round wind",
    category=Category.POINTS,
    value=2,
)
def round_wind_pair(ctx: WinContext) -> int:
    """Pairs of the round wind."""
    return sum(g.tile == ctx.round_wind for g in ctx.pairs)


@pattern(
    "dragon_pair",
    examples=("234567m123p789s55z+2m win=ron seat_wind=S",),
    locate=loc.groups_where(lambda g: g.kind is GroupKind.PAIR and g.tile.is_dragon),
    ref="FIMJ-PTS-P11",
    it="coppia di drago",
    en="pair of a dragon",
    category=Category.POINTS,
    value=2,
)
def dragon_pair(ctx: WinContext) -> int:
    """Pairs of dragons (each)."""
    return sum(g.tile.is_dragon for g in ctx.pairs)


@pattern(
    "bonus_tile",
    bonus=True,
    examples=("234567m123p55789s13f+2m win=ron seat_wind=S",),
    locate=loc.bonus(lambda ctx: ctx.hand.bonus),
    ref="FIMJ-PTS-P12",
    it="fiore o stagione",
    en="flower or season",
    category=Category.POINTS,
    value=4,
)
def bonus_tile(ctx: WinContext) -> int:
    """Each exposed flower or season."""
    return len(ctx.hand.bonus)


@pattern(
    "mahjong",
    examples=("234567m123p55789s+2m win=ron seat_wind=S",),
    ref="FIMJ-PTS-P13",
    won_only=True,
    it="chiusura (Mah-Jong)",
    en="going out (Mah-Jong)",
    category=Category.POINTS,
    value=20,
)
def mahjong(ctx: WinContext) -> int:
    """The winner's 20 points, with or without other points."""
    return 1


# --------------------------------------------------------------------------- fundamental doubles


@pattern(
    "own_bonus",
    bonus=True,
    examples=("234567m123p55789s26f+2m win=ron seat_wind=S",),
    locate=loc.bonus(_own_bonus),
    ref="FIMJ-DBL-F01",
    it="proprio fiore o stagione",
    en="own flower or season",
    category=Category.FUNDAMENTAL,
    value=1,
)
def own_bonus(ctx: WinContext) -> int:
    """Own flower and own season, one double each (FIMJ-GAP-12: 1 = East … 4 = North)."""
    return len(_own_bonus(ctx))


@pattern(
    "bouquet",
    bonus=True,
    examples=("234567m123p55789s1234f+2m win=ron seat_wind=S",),
    locate=loc.bonus(lambda ctx: ctx.hand.bonus),
    ref="FIMJ-DBL-F02",
    it="bouquet o rosa",
    en="bouquet",
    category=Category.FUNDAMENTAL,
    value=1,
)
def bouquet(ctx: WinContext) -> int:
    """All four flowers, and separately all four seasons."""
    flowers = sum(t.is_flower for t in set(ctx.hand.bonus))
    seasons = sum(t.is_season for t in set(ctx.hand.bonus))
    return (flowers == 4) + (seasons == 4)


@pattern(
    "own_wind",
    requires=(GroupKind.PUNG, GroupKind.KONG),
    examples=("234567m55789s222z+2m win=ron seat_wind=S",),
    locate=_pungs_of(lambda ctx: ctx.seat_wind),
    ref="FIMJ-DBL-F03",
    it="proprio vento",
    en="own wind",
    category=Category.FUNDAMENTAL,
    value=1,
)
def own_wind(ctx: WinContext) -> int:
    """Pung or kong of the seat wind."""
    return sum(g.tile == ctx.seat_wind for g in ctx.pungs)


@pattern(
    "round_wind",
    requires=(GroupKind.PUNG, GroupKind.KONG),
    examples=("234567m55789s111z+2m win=ron seat_wind=S",),
    locate=_pungs_of(lambda ctx: ctx.round_wind),
    ref="FIMJ-DBL-F04",
    it="vento di giro",
    en="round wind",
    category=Category.FUNDAMENTAL,
    value=1,
)
def round_wind(ctx: WinContext) -> int:
    """Pung or kong of the round wind (cumulative with F03, FIMJ-CUM-2)."""
    return sum(g.tile == ctx.round_wind for g in ctx.pungs)


@pattern(
    "dragon_pung",
    requires=(GroupKind.PUNG, GroupKind.KONG),
    examples=("234567m55s777z[555z]+2m win=ron seat_wind=S",),
    locate=loc.pungs_of(DRAGONS),
    ref="FIMJ-DBL-F05",
    it="tris di draghi",
    en="dragon pung",
    category=Category.FUNDAMENTAL,
    value=1,
)
def dragon_pung(ctx: WinContext) -> int:
    """Each pung or kong of a dragon."""
    return sum(g.tile.is_dragon for g in ctx.pungs)


@pattern(
    "three_head_pungs",
    requires=(GroupKind.PUNG, GroupKind.KONG),
    min_groups=3,
    examples=("234m111p55999s333z+2m win=ron seat_wind=S",),
    locate=_HEAD_PUNGS,
    ref="FIMJ-DBL-F06",
    it="tre tris di teste",
    en="three head pungs",
    category=Category.FUNDAMENTAL,
    value=1,
)
def three_head_pungs(ctx: WinContext) -> bool:
    """At least three pungs/kongs of head tiles."""
    return sum(_head(g.tile) for g in ctx.pungs) >= 3


@pattern(
    "four_head_pungs",
    requires=(GroupKind.PUNG, GroupKind.KONG),
    min_groups=4,
    examples=("111p55999s333z[999m]+5s win=ron seat_wind=S",),
    locate=_HEAD_PUNGS,
    ref="FIMJ-DBL-F07",
    it="quattro tris di teste",
    en="four head pungs",
    category=Category.FUNDAMENTAL,
    value=1,
    implies=("three_head_pungs",),
)
def four_head_pungs(ctx: WinContext) -> bool:
    """Four pungs/kongs of head tiles."""
    return sum(_head(g.tile) for g in ctx.pungs) >= 4


@pattern(
    "three_equal_pungs",
    requires=(GroupKind.PUNG, GroupKind.KONG),
    min_groups=3,
    examples=("234555m555p55599s+2m win=ron seat_wind=S",),
    locate=loc.mixed_triple_pungs,
    ref="FIMJ-DBL-F08",
    it="tre tris uguali numerali",
    en="three equal numeral pungs",
    category=Category.FUNDAMENTAL,
    value=1,
)
def three_equal_pungs(ctx: WinContext) -> bool:
    """Pungs/kongs of one number in all three suits (FIMJ-GAP-6)."""
    by_rank: dict[int, set[str]] = {}
    for g in ctx.pungs:
        if not g.tile.is_honour:
            by_rank.setdefault(g.tile.rank, set()).add(g.tile.suit.value)
    return any(len(suits) == 3 for suits in by_rank.values())


@pattern(
    "three_concealed_pungs",
    requires=(GroupKind.PUNG, GroupKind.KONG),
    min_groups=3,
    examples=("222m11444p666789s+7s win=ron seat_wind=S",),
    locate=_CONCEALED_PUNGS,
    ref="FIMJ-DBL-F09",
    it="tre tris nascosti",
    en="three concealed pungs",
    category=Category.FUNDAMENTAL,
    value=1,
)
def three_concealed_pungs(ctx: WinContext) -> bool:
    """At least three concealed, undeclared pungs/kongs (FIMJ-GAP-43, FIMJ-GAP-26)."""
    return sum(_is_concealed_pung(g) for g in ctx.groups) >= 3


@pattern(
    "four_concealed_pungs",
    requires=(GroupKind.PUNG, GroupKind.KONG),
    min_groups=4,
    examples=("222m11444p666888s+1p win=ron seat_wind=S",),
    locate=_CONCEALED_PUNGS,
    ref="FIMJ-DBL-F10",
    it="quattro tris nascosti",
    en="four concealed pungs",
    category=Category.FUNDAMENTAL,
    value=1,
    implies=("three_concealed_pungs",),
)
def four_concealed_pungs(ctx: WinContext) -> bool:
    """Four concealed, undeclared pungs/kongs."""
    return sum(_is_concealed_pung(g) for g in ctx.groups) >= 4


@pattern(
    "three_equal_chows",
    requires=(GroupKind.CHOW,),
    min_groups=3,
    examples=("234567m234p23499s+2m win=ron seat_wind=S",),
    locate=loc.most_common_chows(same_suit=False),
    ref="FIMJ-DBL-F11",
    it="tre scale uguali",
    en="three equal chows",
    category=Category.FUNDAMENTAL,
    value=1,
)
def three_equal_chows(ctx: WinContext) -> bool:
    """At least three chows with the same numbers, suits free."""
    return _max_same_rank_chows(ctx) >= 3


@pattern(
    "three_identical_chows",
    requires=(GroupKind.CHOW,),
    min_groups=3,
    examples=("222333444m567p99s+5p win=ron seat_wind=S",),
    locate=loc.most_common_chows(same_suit=True),
    ref="FIMJ-DBL-F12",
    it="tre scale uguali di colore",
    en="three equal chows of one suit",
    category=Category.FUNDAMENTAL,
    value=1,
    implies=("three_equal_chows",),
)
def three_identical_chows(ctx: WinContext) -> bool:
    """At least three identical chows (same numbers, same suit)."""
    return _max_identical_chows(ctx) >= 3


@pattern(
    "four_equal_chows",
    requires=(GroupKind.CHOW,),
    min_groups=4,
    examples=("223344m234p23499s+2p win=ron seat_wind=S",),
    locate=loc.most_common_chows(same_suit=False),
    ref="FIMJ-DBL-F13",
    it="quattro scale uguali",
    en="four equal chows",
    category=Category.FUNDAMENTAL,
    value=1,
    implies=("three_equal_chows",),
)
def four_equal_chows(ctx: WinContext) -> bool:
    """Four chows with the same numbers, suits free."""
    return _max_same_rank_chows(ctx) >= 4


@pattern(
    "four_identical_chows",
    requires=(GroupKind.CHOW,),
    min_groups=4,
    examples=("333344445555p11s+5p win=ron seat_wind=S",),
    locate=loc.most_common_chows(same_suit=True),
    ref="FIMJ-DBL-F14",
    it="quattro scale uguali di colore",
    en="four equal chows of one suit",
    category=Category.FUNDAMENTAL,
    value=1,
    implies=("four_equal_chows", "three_identical_chows", "three_equal_chows"),
)
def four_identical_chows(ctx: WinContext) -> bool:
    """Four identical chows (FIMJ-GAP-5)."""
    return _max_identical_chows(ctx) >= 4


@pattern(
    "snake",
    requires=(GroupKind.CHOW,),
    min_groups=3,
    examples=("123345m456p22789s+5m win=tsumo seat_wind=N",),
    locate=loc.same_start_chows(lambda ctx: _SNAKE),
    ref="FIMJ-DBL-F15",
    it="serpente",
    en="snake",
    category=Category.FUNDAMENTAL,
    value=1,
)
def snake(ctx: WinContext) -> bool:
    """Chows 1-2-3, 4-5-6, 7-8-9, suits free."""
    return _has_snake(ctx, _SNAKE, one_suit=False)


@pattern(
    "snake_one_suit",
    requires=(GroupKind.CHOW,),
    min_groups=3,
    examples=("123456789m345p22s+5p win=ron seat_wind=S",),
    locate=loc.pure_straight,
    ref="FIMJ-DBL-F16",
    it="serpente di colore",
    en="snake of one suit",
    category=Category.FUNDAMENTAL,
    value=1,
    implies=("snake",),
)
def snake_one_suit(ctx: WinContext) -> bool:
    """Chows 1-2-3, 4-5-6, 7-8-9 of one suit."""
    return _has_snake(ctx, _SNAKE, one_suit=True)


@pattern(
    "chained_snake",
    requires=(GroupKind.CHOW,),
    min_groups=4,
    examples=("123789m345p22567s+2s win=ron seat_wind=S",),
    locate=loc.same_start_chows(lambda ctx: _CHAINED),
    ref="FIMJ-DBL-F17",
    it="serpente incatenato",
    en="chained snake",
    category=Category.FUNDAMENTAL,
    value=2,
)
def chained_snake(ctx: WinContext) -> bool:
    """Chows 1-2-3, 3-4-5, 5-6-7, 7-8-9, suits free."""
    return _has_snake(ctx, _CHAINED, one_suit=False)


@pattern(
    "chained_snake_one_suit",
    requires=(GroupKind.CHOW,),
    min_groups=4,
    examples=("123345567789m22s+2s win=ron seat_wind=S",),
    locate=loc.same_start_chows(lambda ctx: _CHAINED),
    ref="FIMJ-DBL-F18",
    it="serpente incatenato di colore",
    en="chained snake of one suit",
    category=Category.FUNDAMENTAL,
    value=1,
    implies=("chained_snake",),
)
def chained_snake_one_suit(ctx: WinContext) -> bool:
    """The four chained chows in one suit."""
    return _has_snake(ctx, _CHAINED, one_suit=True)


# --------------------------------------------------------------------------- closing doubles


@pattern(
    "all_pairs",
    shapes=("seven_pairs",),
    examples=("1133m5577p2244s66z+6z win=ron seat_wind=S",),
    ref="FIMJ-DBL-C01",
    it="tutte coppie",
    en="all pairs",
    category=Category.CLOSING,
    value=2,
)
def all_pairs(ctx: WinContext) -> bool:
    """Seven pairs (limit hands M10/M11 are paid as massimi instead)."""
    return _shape(ctx) == "seven_pairs"


@pattern(
    "all_pungs",
    shapes=("standard",),
    requires=(GroupKind.PUNG, GroupKind.KONG),
    min_groups=4,
    examples=("222m11444p[666s][888s]+1p win=ron seat_wind=S",),
    ref="FIMJ-DBL-C02",
    it="tutti tris",
    en="all pungs",
    category=Category.CLOSING,
    value=2,
)
def all_pungs(ctx: WinContext) -> bool:
    """Four pungs/kongs and any pair."""
    return _standard(ctx) and len(ctx.pungs) == 4


@pattern(
    "no_head_tiles",
    examples=("234567m678p34555s+5s win=ron seat_wind=S",),
    ref="FIMJ-DBL-C03",
    it="senza teste",
    en="no head tiles",
    category=Category.CLOSING,
    value=1,
)
def no_head_tiles(ctx: WinContext) -> bool:
    """Every tile a suit tile 2–8 (bonus tiles ignored, FIMJ-GAP-41)."""
    return _tally(ctx).simple


@pattern(
    "all_self_drawn",
    examples=("234567m678p34555s+5s win=tsumo seat_wind=S",),
    ref="FIMJ-DBL-C04",
    it="tutto pescato o nascosto",
    en="all self-drawn",
    category=Category.CLOSING,
    value=1,
)
def all_self_drawn(ctx: WinContext) -> bool:
    """No claimed tile, not even the winning one, and no combination on the rack (not a kong)."""
    return ctx.self_drawn and not ctx.hand.melds


@pattern(
    "pure_hand",
    max_suits=1,
    examples=("23456778999m111z+2m win=ron seat_wind=S",),
    ref="FIMJ-DBL-C05",
    it="mano pura",
    en="pure hand (one suit and honours)",
    category=Category.CLOSING,
    value=1,
)
def pure_hand(ctx: WinContext) -> bool:
    """One suit plus at least one wind or dragon tile (FIMJ-GAP-4: an honour pair suffices)."""
    return len(_suits(ctx)) == 1 and _honours(ctx) > 0


@pattern(
    "purest_hand",
    max_suits=1,
    examples=("22334456788899m+2m win=ron seat_wind=S",),
    ref="FIMJ-DBL-C06",
    it="mano purissima",
    en="purest hand (one suit only)",
    category=Category.CLOSING,
    value=3,
)
def purest_hand(ctx: WinContext) -> bool:
    """Every tile of one suit, no honours."""
    return len(_suits(ctx)) == 1 and _honours(ctx) == 0


@pattern(
    "dead_wall_draw",
    flags_any=("replacement",),
    examples=("234567m678p34555s+5s win=tsumo seat_wind=S flags=replacement",),
    locate=loc.winning_tile,
    ref="FIMJ-DBL-C07",
    it="pescato sul tetto",
    en="drawn from the dead wall",
    category=Category.CLOSING,
    value=1,
)
def dead_wall_draw(ctx: WinContext) -> bool:
    """The winning tile is a replacement from the dead wall (flag ``replacement``)."""
    return ctx.self_drawn and "replacement" in ctx.flags


@pattern(
    "robbed",
    flags_any=("robbing_kong",),
    examples=("234567m678p34555s+5s win=ron seat_wind=S flags=robbing_kong",),
    locate=loc.winning_tile,
    ref="FIMJ-DBL-C08",
    it="rubato",
    en="robbing the kong",
    category=Category.CLOSING,
    value=1,
)
def robbed(ctx: WinContext) -> bool:
    """Won by robbing a kong (flag ``robbing_kong``)."""
    return not ctx.self_drawn and "robbing_kong" in ctx.flags


@pattern(
    "last_piece",
    flags_any=("last_of_kind",),
    examples=("234567m678p34555s+5s win=ron seat_wind=S flags=last_of_kind",),
    locate=loc.winning_tile,
    ref="FIMJ-DBL-C09",
    it="ultimo pezzo",
    en="last piece",
    category=Category.CLOSING,
    value=1,
)
def last_piece(ctx: WinContext) -> bool:
    """The last available copy of the only tile waited on (flag ``last_of_kind``, FIMJ-DBL-4)."""
    return "last_of_kind" in ctx.flags


@pattern(
    "last_discard",
    flags_any=("last_discard",),
    examples=("234567m678p34555s+5s win=ron seat_wind=S flags=last_discard",),
    locate=loc.winning_tile,
    ref="FIMJ-DBL-C10",
    it="ultimo scarto",
    en="last discard",
    category=Category.CLOSING,
    value=1,
)
def last_discard(ctx: WinContext) -> bool:
    """Won on the last tile that can be discarded (flag ``last_discard``, FIMJ-GAP-8)."""
    return not ctx.self_drawn and "last_discard" in ctx.flags and "robbing_kong" not in ctx.flags


@pattern(
    "last_tile",
    flags_any=("last_tile",),
    examples=("234567m678p34555s+5s win=tsumo seat_wind=S flags=last_tile",),
    locate=loc.winning_tile,
    ref="FIMJ-DBL-C11",
    it="ultima pedina",
    en="last tile",
    category=Category.CLOSING,
    value=1,
)
def last_tile(ctx: WinContext) -> bool:
    """Won with the last drawable tile of the live wall (flag ``last_tile``)."""
    return ctx.self_drawn and "last_tile" in ctx.flags and "replacement" not in ctx.flags


@pattern(
    "bottled",
    examples=("55s[234m][567p][789s][111z]+5s win=ron seat_wind=S",),
    locate=loc.pairs,
    ref="FIMJ-DBL-C12",
    it="imbottigliato",
    en="bottled",
    category=Category.CLOSING,
    value=1,
)
def bottled(ctx: WinContext) -> bool:
    """Four sets on the rack, the winning tile pairs the only concealed tile (FIMJ-GAP-3)."""
    hand = ctx.hand
    return (
        len(hand.melds) == 4
        and len(hand.concealed) == 1
        and hand.winning is not None
        and hand.concealed[0].kind == hand.winning.kind
    )


@pattern(
    "within_fifteenth",
    flags_any=("within_fifteenth",),
    examples=("234567m678p34555s+5s win=ron seat_wind=S flags=within_fifteenth",),
    locate=loc.no_tiles,
    ref="FIMJ-DBL-C13",
    it="entro la quindicesima",
    en="within the fifteenth discard",
    category=Category.CLOSING,
    value=1,
)
def within_fifteenth(ctx: WinContext) -> bool:
    """At most 15 discards made in the hand (flag ``within_fifteenth``, FIMJ-GAP-9)."""
    return "within_fifteenth" in ctx.flags


@pattern(
    "all_head_pungs",
    requires=(GroupKind.PUNG, GroupKind.KONG),
    min_groups=4,
    shapes=("standard",),
    examples=("111m999p33377z[111s]+7z win=ron seat_wind=S",),
    ref="FIMJ-DBL-C14",
    it="tutti tris di teste",
    en="all head pungs",
    category=Category.CLOSING,
    value=1,
)
def all_head_pungs(ctx: WinContext) -> bool:
    """Four pungs/kongs of head tiles and a pair of head tiles."""
    return _standard(ctx) and len(ctx.pungs) == 4 and all(_head(g.tile) for g in ctx.groups)


@pattern(
    "all_chows",
    shapes=("standard",),
    examples=("234567m123p55789s+2m win=ron seat_wind=S",),
    ref="FIMJ-DBL-C15",
    it="tutte scale",
    en="all chows",
    category=Category.CLOSING,
    value=1,
)
def all_chows(ctx: WinContext) -> bool:
    """Four chows and a pair without value (not own or round wind, not a dragon)."""
    return (
        _standard(ctx)
        and len(ctx.chows) == 4
        and all(g.tile not in _valued(ctx) for g in ctx.pairs)
    )


@pattern(
    "riichi",
    flags_any=("riichi",),
    examples=("234567m678p345s11z+1z win=ron seat_wind=S flags=riichi",),
    locate=loc.no_tiles,
    ref="FIMJ-DBL-C16",
    it="richi",
    en="riichi",
    category=Category.CLOSING,
    value=1,
)
def riichi(ctx: WinContext) -> bool:
    """Won after a valid riichi declaration (flag ``riichi``, FIMJ-RICHI)."""
    return "riichi" in ctx.flags


@pattern(
    "golden_rooster",
    flags_any=("replacement",),
    examples=("234567m345p11789s+5p win=tsumo seat_wind=S flags=replacement",),
    locate=loc.winning_tile,
    ref="FIMJ-DBL-C17",
    it="5 di palle sul tetto (beccare il gallo d'oro)",
    en="5 of circles from the dead wall",
    category=Category.CLOSING,
    value=1,
    implies=("dead_wall_draw",),
)
def golden_rooster(ctx: WinContext) -> bool:
    """The winning tile is the 5 of circles drawn from the dead wall."""
    return bool(dead_wall_draw(ctx)) and ctx.winning_tile == Tile.P5


# --------------------------------------------------------------------------- massimi (FIMJ-MAX)


def _all_counts(ctx: WinContext) -> tuple[int, ...]:
    return ctx.counts


def _no_melds(ctx: WinContext) -> bool:
    return not ctx.hand.melds


_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@pattern(
    "nine_gates",
    max_suits=1,
    examples=("11123455678999m+5m win=ron seat_wind=S",),
    ref="FIMJ-MAX-M01",
    it="casa piena dei 9 pezzi",
    en="full house of nine pieces",
    category=Category.LIMIT,
    value=3000,
)
def nine_gates(ctx: WinContext) -> bool:
    """1112345678999 of one suit held concealed, plus any tile of that suit.

    The 13 tiles held before the winning one must be exactly 1112345678999 (the player waits on
    all nine tiles of the suit, FIMJ-MAX-M01); 1112345678899 completed by a 9 is not it.
    """
    winning = ctx.winning_tile
    if not _no_melds(ctx) or len(_suits(ctx)) != 1 or _honours(ctx) or winning is None:
        return False
    counts = list(_all_counts(ctx))
    counts[winning] -= 1
    base = winning // 9 * 9
    return tuple(counts[base : base + 9]) == _NINE_GATES and sum(counts) == 13


@pattern(
    "all_kongs",
    requires=(GroupKind.KONG,),
    min_groups=4,
    examples=("55z[1111m][2222p](3333s)[4444s]+5z win=ron seat_wind=S",),
    locate=loc.kongs,
    ref="FIMJ-MAX-M02",
    it="tutto kong (o poker)",
    en="all kongs",
    category=Category.LIMIT,
    value=3000,
)
def all_kongs(ctx: WinContext) -> bool:
    """Four kongs (exposed or concealed) and a pair."""
    return sum(m.kind is MeldKind.KONG for m in ctx.hand.melds) == 4


@pattern(
    "exit_of_the_gods",
    flags_any=("first_turn",),
    examples=("234567m678p34555s+5s win=tsumo flags=first_turn",),
    locate=loc.no_tiles,
    ref="FIMJ-MAX-M03",
    it="uscita degli Dei",
    en="exit of the Gods",
    category=Category.LIMIT,
    value=3000,
)
def exit_of_the_gods(ctx: WinContext) -> bool:
    """East out with the initial 14 tiles, or another on East's first discard (``first_turn``)."""
    return "first_turn" in ctx.flags


@pattern(
    "thirteen_lanterns",
    shapes=("thirteen_orphans",),
    examples=("119m19p19s1234567z+1m win=ron seat_wind=S",),
    ref="FIMJ-MAX-M04",
    it="13 lanterne meravigliose",
    en="thirteen marvellous lanterns",
    category=Category.LIMIT,
    value=2000,
)
def thirteen_lanterns(ctx: WinContext) -> bool:
    """One of each of the 13 head tiles and a 14th pairing one of them (analysis shape)."""
    return _shape(ctx) == "thirteen_orphans"


@pattern(
    "gathering_of_dragons",
    requires=(GroupKind.PUNG, GroupKind.KONG),
    min_groups=3,
    shapes=("standard",),
    examples=("234m11p555666777z+1p win=ron seat_wind=S",),
    locate=loc.pungs_of(DRAGONS),
    ref="FIMJ-MAX-M05",
    it="raduno dei dragoni",
    en="gathering of the dragons",
    category=Category.LIMIT,
    value=2000,
)
def gathering_of_dragons(ctx: WinContext) -> bool:
    """Pungs/kongs of all three dragons, any other set and a pair."""
    return _standard(ctx) and {g.tile for g in ctx.pungs} >= set(DRAGONS)


@pattern(
    "four_blessings",
    requires=(GroupKind.PUNG, GroupKind.KONG),
    min_groups=3,
    shapes=("standard",),
    examples=("55m111222333444z+5m win=ron seat_wind=S",),
    locate=loc.groups_of(WINDS),
    ref="FIMJ-MAX-M06",
    it="4 benedizioni della casa",
    en="four blessings of the house",
    category=Category.LIMIT,
    value=2000,
)
def four_blessings(ctx: WinContext) -> bool:
    """Four wind pungs/kongs and a pair; or three, a pair of the fourth wind and any set."""
    if not _standard(ctx):
        return False
    winds = {g.tile for g in ctx.pungs if g.tile.is_wind}
    return len(winds) == 4 or (len(winds) == 3 and any(g.tile.is_wind for g in ctx.pairs))


@pattern(
    "snake_of_dragons",
    shapes=("snake_of_dragons",),
    examples=("147m258p369s22567z+2z win=ron seat_wind=S",),
    ref="FIMJ-MAX-M07",
    it="serpente dei draghi",
    en="snake of the dragons",
    category=Category.LIMIT,
    value=2000,
)
def snake_of_dragons(ctx: WinContext) -> bool:
    """Knitted 1…9 snake, one of each dragon, pair of own or round wind; concealed.

    The shape (FIMJ-GAP-10: 1-4-7, 2-5-8, 3-6-9 in three suits) is :mod:`muraglia.analysis`'s;
    which wind the pair may be is this scoring rule.
    """
    return _shape(ctx) == "snake_of_dragons" and any(
        g.tile in (ctx.seat_wind, ctx.round_wind) for g in ctx.pairs
    )


@pattern(
    "small_snake",
    shapes=("small_snake",),
    examples=("123456789p12345z+5z win=ron seat_wind=S",),
    ref="FIMJ-MAX-M08",
    it="piccolo serpente",
    en="small snake",
    category=Category.LIMIT,
    value=1000,
)
def small_snake(ctx: WinContext) -> bool:
    """One-suit 1…9, one of each wind, one dragon; only the snake's chows may be claimed."""
    return _shape(ctx) == "small_snake"


@pattern(
    "siamese_snakes",
    shapes=("siamese_snakes",),
    examples=("1234567m1234567s+7s win=ron seat_wind=S",),
    ref="FIMJ-MAX-M09",
    it="serpenti siamesi",
    en="Siamese snakes",
    category=Category.LIMIT,
    value=1000,
)
def siamese_snakes(ctx: WinContext) -> bool:
    """1-2-3-4-5-6-7 in one suit and in a second suit; concealed."""
    return _shape(ctx) == "siamese_snakes"


@pattern(
    "all_pairs_one_suit",
    shapes=("seven_pairs",),
    examples=("11223344556677m+7m win=ron seat_wind=S",),
    ref="FIMJ-MAX-M10",
    it="tutte coppie di colore",
    en="all pairs of one suit",
    category=Category.LIMIT,
    value=1000,
)
def all_pairs_one_suit(ctx: WinContext) -> bool:
    """Seven pairs, all of one suit, no honours."""
    return _shape(ctx) == "seven_pairs" and len(_suits(ctx)) == 1 and not _honours(ctx)


@pattern(
    "all_pairs_head_tiles",
    shapes=("seven_pairs",),
    examples=("1199m1199p11s1122z+2z win=ron seat_wind=S",),
    ref="FIMJ-MAX-M11",
    it="tutte coppie di testa",
    en="all pairs of head tiles",
    category=Category.LIMIT,
    value=1000,
)
def all_pairs_head_tiles(ctx: WinContext) -> bool:
    """Seven pairs of head tiles."""
    return _shape(ctx) == "seven_pairs" and all(_head(t) for t in _kinds(ctx))


PATTERNS.check()
