"""Ravenna 200/400 scoring elements: points (RAV-PTS), doubles (RAV-DBL), massimi (RAV-MAX).

Each element is declared once on the shared :class:`~muraglia.scoring.patterns.PatternTable`
with its id, bilingual names, value, unit, rule id, exclusions, locator and examples; its
predicate reads a :class:`~muraglia.scoring.context.WinContext` and returns a bool or a count.
Ravenna scores every hand (RAV-SCORE-1/2): a winner's context is one layout of his hand with
the set a claimed winning tile completed already exposed (RAV-HAND-5,
:func:`~muraglia.scoring.layouts.claimed_readings`); another player's (``WinType.NONE``) is
the sets he holds (RAV-KONG-6, :mod:`.ruleset`). ``won_only`` elements describe a complete
winning hand (RAV-DBL-3, RAV-GAP-16) and are never tried on a hand that did not win; the
massimi (``limit``) are the 200/400 hands, which take no doubles and do not stack (RAV-MAX-3:
the table is ``limit_exclusive``, and :mod:`.ruleset` keeps the first one).

>>> PATTERNS["flower_rose"].closed, PATTERNS["flower_rose"].unit
(2, 'doubles')
>>> [p.id for p in PATTERNS if p.limit]
['one_suit', 'all_heads', 'seven_pairs', 'all_pungs_head_pair']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from muraglia.analysis.groups import Group, GroupKind
from muraglia.scoring import locate as loc
from muraglia.scoring.context import WinContext
from muraglia.scoring.locate import Locator
from muraglia.scoring.patterns import PatternTable
from muraglia.tiles import DRAGONS, TERMINALS_AND_HONOURS, WINDS, Tile, to_wind

__all__ = ["HEADS", "MASSIMO", "PATTERNS", "has_hand_points"]

PATTERNS = PatternTable("ravenna", unit="points", limit_exclusive=True)
"""Every scoring element of Ravenna 200/400, in the order of the rulebook."""

MASSIMO = 200
"""The massimo: 200, 400 with East (RAV-MAX-1); also the cap of every hand (RAV-MAX-2)."""

HEADS: frozenset[Tile] = frozenset(TERMINALS_AND_HONOURS)
"""The head tiles ("pedine di punta o testa"): 1, 9, winds and dragons (RAV-HAND-3)."""

_DRAGONS = frozenset(DRAGONS)
_PUNG, _KONG, _PAIR = GroupKind.PUNG, GroupKind.KONG, GroupKind.PAIR
_STANDARD, _SEVEN_PAIRS = "standard", "seven_pairs"
_SETS_IN_A_HAND = 4


def _own_bonus(ctx: WinContext, tile: Tile) -> bool:
    """Whether bonus ``tile`` is the player's own: 1 = East … 4 = North (RAV-GAP-15)."""
    return to_wind(tile.bonus_seat, indices=True) is ctx.seat_wind


def _bonus(keep: Callable[[WinContext, Tile], bool]) -> Locator:
    return loc.bonus(lambda ctx: [t for t in ctx.hand.bonus if keep(ctx, t)])


def _count(items: Iterable[object]) -> int:
    return sum(1 for _ in items)


def has_hand_points(ctx: WinContext) -> bool:
    """Whether the hand has any hand points at all (RAV-PTS-P10, RAV-GAP-14)."""
    return (
        bool(ctx.pungs)
        or bool(ctx.hand.bonus)
        or any(g.tile in _DRAGONS or g.tile is ctx.seat_wind for g in ctx.pairs)
    )


# ---------------------------------------------------------------- points (RAV-PTS)


@PATTERNS.pattern(
    "mahjong",
    names={"it": "Mah-Jong", "en": "Mah-Jong"},
    closed=20,
    open=20,
    ref="RAV-PTS-P09",
    won_only=True,
    examples=("123s456s789s2z[333s>]+2z seat_wind=S",),
)
def mahjong(ctx: WinContext) -> bool:
    """Added to the hand points of a winner who has some (RAV-PTS-P09)."""
    return has_hand_points(ctx)


@PATTERNS.pattern(
    "mahjong_no_points",
    names={"it": "Mah-Jong senza punti in stecca", "en": "Mah-Jong without points"},
    closed=30,
    open=30,
    ref="RAV-PTS-P10",
    won_only=True,
    examples=("123m456s789s23p55p+4p seat_wind=W",),
)
def mahjong_no_points(ctx: WinContext) -> bool:
    """A winner with no hand points at all scores 30 (RAV-PTS-P10)."""
    return not has_hand_points(ctx)


def _is_set(kind: GroupKind, *, head: bool, concealed: bool) -> Callable[[WinContext, Group], bool]:
    """Whether a group of a context is the set a point item counts (RAV-PTS-P01…P04)."""

    def test(ctx: WinContext, g: Group) -> bool:
        return (
            g.kind is kind and (g.tile in HEADS) == head and ctx.is_group_concealed(g) == concealed
        )

    return test


def _declare_set(kind: GroupKind, *, head: bool, concealed: bool, example: str) -> None:
    """One of the eight set point items: pung or kong, head or simple, exposed or concealed."""
    kong = kind is _KONG
    state, state_it = ("concealed", "coperto") if concealed else ("exposed", "scoperto")
    name, name_it = ("kong", "quartone") if kong else ("pung", "tris")
    test = _is_set(kind, head=head, concealed=concealed)
    value = (8 if kong else 2) * (2 if head else 1) * (2 if concealed else 1)

    def count(ctx: WinContext) -> int:
        return _count(g for g in ctx.pungs if test(ctx, g))

    count.__doc__ = f"Each {state} {name} of {'head tiles' if head else '2–8'}."
    PATTERNS.pattern(
        f"{state}_{name}_{'head' if head else 'simple'}",
        names={
            "it": f"{name_it} {state_it} " + ("di 1, 9, draghi o venti" if head else "di 2–8"),
            "en": f"{state} {name} of " + ("1, 9, dragons or winds" if head else "2–8"),
        },
        closed=value,
        open=value,
        ref="RAV-PTS-P02" if head else "RAV-PTS-P01",
        requires=(kind,),
        examples=(example,),
        locate=lambda ctx: [g for g in ctx.pungs if test(ctx, g)],
    )(count)


_declare_set(_PUNG, head=False, concealed=False, example="123s456s789s2z[333s>]+2z seat_wind=S")
_declare_set(_PUNG, head=False, concealed=True, example="222m333p666s5m[444s>]+5m seat_wind=W")
_declare_set(_PUNG, head=True, concealed=False, example="234p9s(1111m)[555z>][666z^]+9s")
_declare_set(_PUNG, head=True, concealed=True, example="111m456p789s5m[222s>]+5m")
_declare_set(_KONG, head=False, concealed=False, example="123m456p789s5m[2222p>]+5m")
_declare_set(_KONG, head=False, concealed=True, example="123m456p789s5m(2222s)+5m")
_declare_set(_KONG, head=True, concealed=False, example="123m456p789s5m[1111s>]+5m")
_declare_set(_KONG, head=True, concealed=True, example="555z1111m23p78s99s win=none seat_wind=S")


@PATTERNS.pattern(
    "dragon_pair",
    names={"it": "coppia di draghi", "en": "pair of dragons"},
    closed=2,
    open=2,
    ref="RAV-PTS-P05",
    requires=(_PAIR,),
    tiles_any=DRAGONS,
    examples=("123m456p789s234p5z+5z seat_wind=N",),
    locate=loc.groups_where(lambda g: g.kind is _PAIR and g.tile in _DRAGONS),
)
def dragon_pair(ctx: WinContext) -> int:
    """Each pair of dragons."""
    return _count(g for g in ctx.pairs if g.tile in _DRAGONS)


@PATTERNS.pattern(
    "own_wind_pair",
    names={"it": "coppia del proprio vento", "en": "pair of own wind"},
    closed=2,
    open=2,
    ref="RAV-PTS-P06",
    requires=(_PAIR,),
    tiles_any=WINDS,
    examples=("123s456s789s2z[333s>]+2z seat_wind=S",),
    locate=lambda ctx: [g for g in ctx.pairs if g.tile is ctx.seat_wind],
)
def own_wind_pair(ctx: WinContext) -> int:
    """A pair of the player's seat wind (there is no round wind, RAV-PTS-3)."""
    return _count(g for g in ctx.pairs if g.tile is ctx.seat_wind)


@PATTERNS.pattern(
    "flower",
    bonus=True,
    names={"it": "fiore", "en": "flower"},
    closed=4,
    open=4,
    ref="RAV-PTS-P07",
    examples=("123m456s789s23p55p1f2f4f+4p seat_wind=W",),
    locate=_bonus(lambda ctx, t: t.is_flower),
)
def flower(ctx: WinContext) -> int:
    """Each flower."""
    return _count(t for t in ctx.hand.bonus if t.is_flower)


@PATTERNS.pattern(
    "season",
    bonus=True,
    names={"it": "stagione", "en": "season"},
    closed=4,
    open=4,
    ref="RAV-PTS-P08",
    examples=("123m456p78s55p[222z>]6f+9s seat_wind=S",),
    locate=_bonus(lambda ctx, t: t.is_season),
)
def season(ctx: WinContext) -> int:
    """Each season."""
    return _count(t for t in ctx.hand.bonus if t.is_season)


# ---------------------------------------------------------------- doubles (RAV-DBL)


@PATTERNS.pattern(
    "own_flower",
    names={"it": "il proprio fiore", "en": "own flower"},
    closed=1,
    open=1,
    unit="doubles",
    ref="RAV-DBL-D01",
    examples=("123m456s789s23p55p1f2f3f4f+4p seat_wind=W",),
    locate=_bonus(lambda ctx, t: t.is_flower and _own_bonus(ctx, t)),
)
def own_flower(ctx: WinContext) -> bool:
    """The flower of the player's seat (RAV-GAP-15: 1 = East … 4 = North)."""
    return any(t.is_flower and _own_bonus(ctx, t) for t in ctx.hand.bonus)


@PATTERNS.pattern(
    "own_season",
    names={"it": "la propria stagione", "en": "own season"},
    closed=1,
    open=1,
    unit="doubles",
    ref="RAV-DBL-D02",
    examples=("123m456p78s55p[222z>]6f+9s seat_wind=S",),
    locate=_bonus(lambda ctx, t: t.is_season and _own_bonus(ctx, t)),
)
def own_season(ctx: WinContext) -> bool:
    """The season of the player's seat."""
    return any(t.is_season and _own_bonus(ctx, t) for t in ctx.hand.bonus)


@PATTERNS.pattern(
    "own_wind_pung",
    names={"it": "tris o quartone del proprio vento", "en": "pung of own wind"},
    closed=1,
    open=1,
    unit="doubles",
    ref="RAV-DBL-D03",
    requires=(_PUNG, _KONG),
    tiles_any=WINDS,
    examples=("123m456p78s55p[222z>]6f+9s seat_wind=S",),
    locate=lambda ctx: [g for g in ctx.pungs if g.tile is ctx.seat_wind],
)
def own_wind_pung(ctx: WinContext) -> bool:
    """A pung or kong of the seat wind."""
    return any(g.tile is ctx.seat_wind for g in ctx.pungs)


@PATTERNS.pattern(
    "dragon_pung",
    names={"it": "tris o quartone di un drago", "en": "pung of a dragon"},
    closed=1,
    open=1,
    unit="doubles",
    ref="RAV-DBL-D04",
    requires=(_PUNG, _KONG),
    tiles_any=DRAGONS,
    examples=("123m456m789m5m[555z>]+5m seat_wind=S",),
    locate=loc.pungs_of(_DRAGONS),
)
def dragon_pung(ctx: WinContext) -> int:
    """One per dragon pung or kong."""
    return _count(g for g in ctx.pungs if g.tile in _DRAGONS)


@PATTERNS.pattern(
    "one_suit_with_honours",
    names={"it": "un unico seme con draghi o il proprio vento",
           "en": "one suit with dragons or own wind"},
    closed=1,
    open=1,
    unit="doubles",
    ref="RAV-DBL-D05",
    won_only=True,
    max_suits=1,
    examples=("123s456s789s2z[333s>]+2z seat_wind=S", "123m456m789m5m[555z>]+5m seat_wind=S"),
)  # fmt: skip
def one_suit_with_honours(ctx: WinContext) -> bool:
    """One suit plus dragons and/or own wind, no other wind (RAV-DBL-4, RAV-GAP-32)."""
    kinds = ctx.kinds
    return (
        len(ctx.suits) == 1
        and ctx.has_honours
        and all(t is ctx.seat_wind for t in kinds if t.is_wind)
    )


@PATTERNS.pattern(
    "all_pungs",
    shapes=(_STANDARD,),
    names={"it": "tutti tris (ed una coppia)", "en": "all pungs"},
    closed=1,
    open=1,
    unit="doubles",
    ref="RAV-DBL-D06",
    won_only=True,
    requires=(_PUNG, _KONG),
    min_groups=_SETS_IN_A_HAND,
    examples=("222m333p666s5m[444s>]+5m seat_wind=W",),
    locate=loc.pungs,
)
def all_pungs(ctx: WinContext) -> bool:
    """Four pungs or kongs and a pair."""
    return ctx.decomposition.shape == _STANDARD and len(ctx.pungs) == _SETS_IN_A_HAND


@PATTERNS.pattern(
    "flower_rose",
    bonus=True,
    names={"it": "rosa dei fiori", "en": "all four flowers"},
    closed=2,
    open=2,
    unit="doubles",
    ref="RAV-DBL-D07",
    examples=("123m456s789s23p55p1f2f3f4f+4p seat_wind=W",),
    locate=_bonus(lambda ctx, t: t.is_flower),
)
def flower_rose(ctx: WinContext) -> bool:
    """The four flowers (cumulates with own flower, RAV-GAP-15)."""
    return _count(t for t in ctx.hand.bonus if t.is_flower) == len(WINDS)


@PATTERNS.pattern(
    "season_rose",
    bonus=True,
    names={"it": "rosa delle stagioni", "en": "all four seasons"},
    closed=2,
    open=2,
    unit="doubles",
    ref="RAV-DBL-D08",
    examples=("123m456s789s23p55p5f6f7f8f+4p win=tsumo",),
    locate=_bonus(lambda ctx, t: t.is_season),
)
def season_rose(ctx: WinContext) -> bool:
    """The four seasons."""
    return _count(t for t in ctx.hand.bonus if t.is_season) == len(WINDS)


# ---------------------------------------------------------------- massimi (RAV-MAX)


@PATTERNS.pattern(
    "one_suit",
    names={"it": "colore", "en": "one suit"},
    closed=MASSIMO,
    open=MASSIMO,
    unit="massimo",
    ref="RAV-MAX-M01",
    limit=True,
    won_only=True,
    max_suits=1,
    examples=("123m456m789m23m55m+4m seat_wind=S",),
)
def one_suit(ctx: WinContext) -> bool:
    """All tiles of one suit, no honours; bonus tiles allowed."""
    return len(ctx.suits) == 1 and not ctx.has_honours


@PATTERNS.pattern(
    "all_heads",
    names={"it": "tutte pedine di punta (o testa)", "en": "all head tiles"},
    closed=MASSIMO,
    open=MASSIMO,
    unit="massimo",
    ref="RAV-MAX-M02",
    limit=True,
    won_only=True,
    excludes=("all_pungs_head_pair",),
    tiles_within=HEADS,
    examples=("19m19p19s123456z7z+1m seat_wind=S", "111m999p111z9s[111s>]+9s seat_wind=S"),
)
def all_heads(ctx: WinContext) -> bool:
    """Every tile a 1, 9, wind or dragon, in any arrangement (RAV-HAND-3, RAV-GAP-10)."""
    return ctx.kinds <= HEADS


@PATTERNS.pattern(
    "seven_pairs",
    shapes=(_SEVEN_PAIRS,),
    names={"it": "tutte coppie", "en": "all pairs"},
    closed=MASSIMO,
    open=MASSIMO,
    unit="massimo",
    ref="RAV-MAX-M03",
    limit=True,
    won_only=True,
    requires=(_PAIR,),
    examples=("11m22m55p66p33s88s7z+7z", "1111m22p33p44s55s7z+7z win=tsumo seat_wind=S"),
)
def seven_pairs(ctx: WinContext) -> bool:
    """Seven pairs; a concealed kong held in the rack may count as two (RAV-HAND-2)."""
    return ctx.decomposition.shape == _SEVEN_PAIRS


@PATTERNS.pattern(
    "all_pungs_head_pair",
    shapes=(_STANDARD,),
    names={"it": "tutti tris e coppia di testa", "en": "all pungs and a head pair"},
    closed=MASSIMO,
    open=MASSIMO,
    unit="massimo",
    ref="RAV-MAX-M04",
    limit=True,
    won_only=True,
    excludes=("all_pungs",),
    requires=(_PUNG, _KONG),
    min_groups=_SETS_IN_A_HAND,
    examples=("222m333p666s9m[444s>]+9m seat_wind=W",),
)
def all_pungs_head_pair(ctx: WinContext) -> bool:
    """Four pungs/kongs of any tiles and a pair of head tiles (RAV-GAP-17)."""
    pair = ctx.pair
    return (
        ctx.decomposition.shape == _STANDARD
        and len(ctx.pungs) == _SETS_IN_A_HAND
        and pair is not None
        and pair.tile in HEADS
    )


PATTERNS.check()
