"""Seipalle scoring elements: hand points (SEI-PTS) and doubles (SEI-DBL), as data.

Each element is declared once in the shared :class:`~muraglia.scoring.patterns.PatternTable`
with its id, names (``it``, ``en`` and, where the Japanese game has one, ``ja``), closed/open
values (``None`` = not available when open), rule reference, exclusions, examples and the tiles
that earn it; its predicate reads a :class:`~muraglia.scoring.context.WinContext` and returns a
bool or a count. Point items have unit ``points``; doubles have unit ``doubles``; ``limit=True``
marks the limit hands (SEI-LIMIT), worth the limit whatever else the hand holds: the table is
``limit_exclusive`` (SEI-LIMIT-1, only the limit hands are shown).

``excludes`` is the seed's *comprende* ("includes": the listed value already replaces the
others, SEI-DBL-2, SEI-DBL-D25), so the table reads it ``exclusion="found"``: a pattern listed by
any pattern found on the hand is dropped, whatever the values. No Seipalle hand tells that
reading from the ranked one (``kept``): ``tests/rulesets/seipalle/test_scoring.py`` checks both on
every case.

The reading's facts that are not in the shared context travel in ``ctx.extra``:
``winning_kinds``, how many tile kinds would have completed the hand (SEI-PTS-4).

>>> [p.id for p in PATTERNS][:3]
['closing', 'exposed_pung_simple', 'concealed_pung_simple']
>>> PATTERNS["two_identical_chows_twice"].excludes
('two_identical_chows',)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from muraglia.analysis.groups import Group, GroupKind
from muraglia.scoring import locate as loc
from muraglia.scoring.context import WinContext, dora_of
from muraglia.scoring.patterns import PatternTable, Predicate
from muraglia.tiles import DRAGONS, WINDS, Suit, Tile

__all__ = ["DORA_IDS", "PATTERNS", "WINNING_KINDS", "dora_of", "wind_value", "winning_kinds"]

PATTERNS = PatternTable("seipalle", unit="doubles", limit_exclusive=True, exclusion="found")
"""Every scoring element of Seipalle, in the order of the seed's tables."""

DORA_IDS = frozenset({"dora"})
"""Doubles that never meet the one-double minimum (SEI-DORA-4, SEI-SCORE-2)."""

WINNING_KINDS = "winning_kinds"
"""The ``ctx.extra`` key of how many tile kinds completed the hand (SEI-PTS-4)."""

_CHOW, _PUNG, _KONG, _PAIR = GroupKind.CHOW, GroupKind.PUNG, GroupKind.KONG, GroupKind.PAIR
_SETS = (_PUNG, _KONG)
_STANDARD = "standard"
_HAND_SETS = 4
"""Sets of a standard winning hand, besides its pair (SEI-HAND-1)."""
_SEVEN_PAIRS = "seven_pairs"


# ---------------------------------------------------------------- facts of a reading


def winning_kinds(ctx: WinContext) -> int:
    """How many tile kinds would have completed the hand (SEI-PTS-4; 0 if not given)."""
    for key, value in ctx.extra:
        if key == WINNING_KINDS:
            return int(value)
    return 0


def wind_value(ctx: WinContext, tile: Tile) -> int:
    """How many of own wind / round wind / dragon ``tile`` is (0, 1 or 2; SEI-PTS-5)."""
    if tile in DRAGONS:
        return 1
    return int(tile == ctx.seat_wind) + int(tile == ctx.round_wind)


def _pair(ctx: WinContext) -> Tile | None:
    """The pair's tile in a standard hand (None for the other shapes)."""
    if ctx.decomposition.shape != _STANDARD:
        return None
    pairs = ctx.pairs
    return pairs[0].tile if pairs else None


def _is_head(tile: Tile) -> bool:
    return tile.is_terminal_or_honour


SetTest = Callable[[WinContext, Group], bool]


def _set_test(*, kong: bool, head: bool, concealed: bool) -> SetTest:
    """Whether a group is a set of one point item (SEI-PTS-P02…P05).

    A pung completed by a claimed winning tile reads exposed (SEI-HAND-5, SEI-GAP-13).
    """
    want = _KONG if kong else _PUNG

    def test(ctx: WinContext, g: Group) -> bool:
        return (
            g.kind is want and _is_head(g.tile) == head and ctx.is_group_concealed(g) == concealed
        )

    return test


def _groups_where(test: SetTest) -> loc.Locator:
    """The locator of the groups of the reading for which ``test`` holds."""
    return lambda ctx: [g for g in ctx.groups if test(ctx, g)]


def _every_group(ctx: WinContext, test: Callable[[Group], bool]) -> bool:
    return ctx.decomposition.shape == _STANDARD and all(test(g) for g in ctx.groups)


def _no_points(ctx: WinContext) -> bool:
    # SEI-PTS-2 (SEI-GAP-15): nothing but the closing (and the self-draw it replaces).
    pair = _pair(ctx)
    return (
        ctx.decomposition.shape == _STANDARD
        and not ctx.pungs
        and (pair is None or wind_value(ctx, pair) == 0)
        and winning_kinds(ctx) != 1
        and not (ctx.is_concealed and not ctx.self_drawn)
    )


def _concealed_sets(ctx: WinContext) -> list[Group]:
    """Pungs and kongs made of drawn tiles (a pung completed on a discard reads exposed)."""
    return [g for g in ctx.pungs if ctx.is_group_concealed(g)]


# ---------------------------------------------------------------- points (SEI-PTS)


@PATTERNS.pattern(
    "closing",
    names={"it": "chiusura", "en": "Mah-Jong (closing)"},
    closed=20,
    open=20,
    unit="points",
    ref="SEI-PTS-P01",
    examples=("123m678m456p67s22s+8s seat_wind=S flags=riichi dora=4p",),
)
def closing(ctx: WinContext) -> bool:
    """Every winning hand but seven pairs (SEI-PTS-3)."""
    return ctx.decomposition.shape != _SEVEN_PAIRS


def _set_counter(test: SetTest) -> Predicate:
    def count(ctx: WinContext) -> int:
        return sum(1 for g in ctx.groups if test(ctx, g))

    return count


SET_EXAMPLES: dict[str, tuple[str, ...]] = {
    "exposed_pung_simple": ("222m444p66s234m99p+6s seat_wind=S",),
    "concealed_pung_simple": ("222m46p123s789s99p+5p seat_wind=S flags=riichi",),
    "exposed_pung_head": ("123m456p789s5p[777z>]+5p seat_wind=S",),
    "concealed_pung_head": ("666z777z55z123m45p+6p seat_wind=S",),
    "exposed_kong_simple": ("456m9p(1111m)[2222p>](3333s)+9p seat_wind=S",),
    "concealed_kong_simple": ("456m9p(1111m)[2222p>](3333s)+9p seat_wind=S",),
    "exposed_kong_head": ("123m456p78s55p[9999p>]+9s seat_wind=S",),
    "concealed_kong_head": ("456m9p(1111m)[2222p>](3333s)+9p seat_wind=S",),
}
"""Examples of the eight set items, by pattern id."""


def _declare_sets() -> None:
    """The eight set items: pung/kong, head/non-head, exposed/concealed (SEI-PTS-P02…P05)."""
    for kong in (False, True):
        for head in (False, True):
            for conc in (False, True):
                kind = "kong" if kong else "pung"
                state = "concealed" if conc else "exposed"
                pid = f"{state}_{kind}_{'head' if head else 'simple'}"
                it = ("poker" if kong else "tris") + (" di testa" if head else " non di testa")
                value = (8 if kong else 2) * (2 if head else 1) * (2 if conc else 1)
                test = _set_test(kong=kong, head=head, concealed=conc)
                PATTERNS.pattern(
                    pid,
                    names={
                        "it": it + (" (coperto)" if conc else ""),
                        "en": f"{state} {kind} of {'head' if head else 'non-head'} tiles",
                    },
                    closed=value,
                    open=value,
                    unit="points",
                    ref=f"SEI-PTS-P0{2 + 2 * kong + head}",
                    requires=(_KONG if kong else _PUNG,),
                    examples=SET_EXAMPLES[pid],
                    locate=_groups_where(test),
                )(_set_counter(test))


_declare_sets()


@PATTERNS.pattern(
    "valued_pair",
    names={"it": "coppia di draghi, vento di giro, proprio vento",
           "en": "pair of dragons, round wind or own wind"},
    closed=2,
    open=2,
    unit="points",
    ref="SEI-PTS-P06",
    examples=("666z777z55z123m45p+6p seat_wind=S",),
    locate=lambda ctx: [g for g in ctx.pairs if wind_value(ctx, g.tile)],
)  # fmt: skip
def valued_pair(ctx: WinContext) -> int:
    """2 per value: a pair of own wind that is also the round wind counts twice (SEI-PTS-5)."""
    pair = _pair(ctx)
    return 0 if pair is None else wind_value(ctx, pair)


@PATTERNS.pattern(
    "closed_on_discard",
    names={"it": "tutto pescato tranne l'ultima", "en": "closed hand won on a discard"},
    closed=10,
    open=10,
    unit="points",
    ref="SEI-PTS-P07",
    examples=("123m678m456p67s22s+8s seat_wind=S flags=riichi dora=4p",),
    locate=loc.winning_tile,
)
def closed_on_discard(ctx: WinContext) -> bool:
    """SEI-PTS-1: closed hand, winning tile claimed."""
    return ctx.is_concealed and not ctx.self_drawn and ctx.decomposition.shape != _SEVEN_PAIRS


@PATTERNS.pattern(
    "self_draw",
    names={"it": "chiusura con tegola pescata", "en": "self-drawn winning tile"},
    closed=2,
    open=2,
    unit="points",
    ref="SEI-PTS-P08",
    examples=("222m46p123s789s99p+5p win=tsumo seat_wind=S",),
    locate=loc.winning_tile,
)
def self_draw(ctx: WinContext) -> bool:
    """SEI-PTS-P08, not with the no-points bonus (SEI-PTS-2)."""
    return ctx.self_drawn and ctx.decomposition.shape != _SEVEN_PAIRS


@PATTERNS.pattern(
    "single_wait",
    shapes=(_STANDARD,),
    names={"it": "chiusura a punto su una singola tegola", "en": "waiting on a single tile"},
    closed=2,
    open=2,
    unit="points",
    ref="SEI-PTS-P09",
    examples=("222m46p123s789s99p+5p seat_wind=S flags=riichi",),
    locate=loc.winning_tile,
)
def single_wait(ctx: WinContext) -> bool:
    """Exactly one tile kind completed the hand (SEI-PTS-4)."""
    return winning_kinds(ctx) == 1 and ctx.decomposition.shape == _STANDARD


@PATTERNS.pattern(
    "no_points",
    names={"it": "mano senza punti", "en": "no-points hand"},
    closed=10,
    open=10,
    unit="points",
    ref="SEI-PTS-P10",
    examples=("567m345p67s55p[234m<]+8s win=tsumo seat_wind=W",),
    excludes=("self_draw",),
)
def no_points(ctx: WinContext) -> bool:
    """SEI-PTS-2: the hand scores nothing but the closing."""
    return _no_points(ctx)


@PATTERNS.pattern(
    "seven_pairs_points",
    shapes=(_SEVEN_PAIRS,),
    names={"it": "tutte coppie", "en": "seven pairs (points)"},
    closed=25,
    open=25,
    unit="points",
    ref="SEI-PTS-P11",
    examples=("11m22m55p66p33s88s7z+7z seat_wind=S",),
)
def seven_pairs_points(ctx: WinContext) -> bool:
    """Seven pairs score 25 in all (SEI-PTS-3)."""
    return ctx.decomposition.shape == _SEVEN_PAIRS


# ---------------------------------------------------------------- doubles (SEI-DBL)


@PATTERNS.pattern(
    "value_pung",
    names={"it": "tris o poker di draghi, del vento proprio o di giro",
           "en": "pung of dragons, own wind or round wind", "ja": "yakuhai"},
    closed=1,
    open=1,
    ref="SEI-DBL-D01",
    examples=("666z777z55z123m45p+6p seat_wind=S",),
    requires=_SETS,
    locate=lambda ctx: [g for g in ctx.pungs if wind_value(ctx, g.tile)],
)  # fmt: skip
def value_pung(ctx: WinContext) -> int:
    """One per dragon pung; a wind pung counts once as own and once as round wind."""
    return sum(wind_value(ctx, g.tile) for g in ctx.pungs)


@PATTERNS.pattern(
    "all_chows",
    names={"it": "tutte scale", "en": "all chows", "ja": "pinfu"},
    closed=1,
    open=None,
    ref="SEI-DBL-D02",
    examples=("123m678m456p67s22s+8s seat_wind=S flags=riichi dora=4p",),
    requires=(_CHOW,),
    min_groups=4,
)
def all_chows(ctx: WinContext) -> bool:
    """Four chows and a pair without value (SEI-DBL-3)."""
    pair = _pair(ctx)
    return len(ctx.chows) == _HAND_SETS and pair is not None and wind_value(ctx, pair) == 0


@PATTERNS.pattern(
    "all_pungs",
    names={"it": "tutti tris", "en": "all pungs", "ja": "toitoi"},
    closed=2,
    open=2,
    ref="SEI-DBL-D03",
    examples=("222m333p666s9m[444s>]+9m seat_wind=S",),
    requires=_SETS,
    min_groups=4,
    locate=loc.pungs,
)
def all_pungs(ctx: WinContext) -> bool:
    """Four pungs or kongs."""
    return len(ctx.pungs) == _HAND_SETS


def _identical_chow_pairs(ctx: WinContext) -> int:
    return sum(n // 2 for n in Counter(g.tile for g in ctx.chows).values())


@PATTERNS.pattern(
    "two_identical_chows",
    names={"it": "due scale uguali di colore", "en": "two identical chows", "ja": "iipeikou"},
    closed=1,
    open=None,
    ref="SEI-DBL-D04",
    examples=("11223m456p789s55p+3m seat_wind=S",),
    requires=(_CHOW,),
    min_groups=2,
    locate=loc.identical_chows,
)
def two_identical_chows(ctx: WinContext) -> bool:
    """Two chows of the same tiles."""
    return _identical_chow_pairs(ctx) >= 1


@PATTERNS.pattern(
    "two_identical_chows_twice",
    names={"it": "due volte due scale uguali di colore", "en": "twice two identical chows",
           "ja": "ryanpeikou"},
    closed=3,
    open=None,
    ref="SEI-DBL-D05",
    examples=("112233m778899s5p+5p seat_wind=S",),
    excludes=("two_identical_chows",),
    requires=(_CHOW,),
    min_groups=4,
    locate=loc.identical_chows,
)  # fmt: skip
def two_identical_chows_twice(ctx: WinContext) -> bool:
    """Two pairs of identical chows."""
    return 2 * _identical_chow_pairs(ctx) == _HAND_SETS


def _same_in_three_suits(tiles: set[Tile]) -> bool:
    for t in tiles:
        if t.suit is Suit.MAN and all(
            Tile.suited(s, t.rank) in tiles for s in (Suit.PIN, Suit.SOU)
        ):
            return True
    return False


@PATTERNS.pattern(
    "three_color_chows",
    names={"it": "tre scale uguali dei tre semi", "en": "same chow in three suits",
           "ja": "sanshoku doujun"},
    closed=2,
    open=1,
    ref="SEI-DBL-D06",
    examples=("123m123p123s456m9p+9p seat_wind=S",),
    requires=(_CHOW,),
    min_groups=3,
    locate=loc.mixed_triple_chows,
)  # fmt: skip
def three_color_chows(ctx: WinContext) -> bool:
    """The same chow in characters, circles and bamboo."""
    return _same_in_three_suits({g.tile for g in ctx.chows})


@PATTERNS.pattern(
    "three_color_pungs",
    names={"it": "tre tris uguali", "en": "same pung in three suits", "ja": "sanshoku doukou"},
    closed=2,
    open=2,
    ref="SEI-DBL-D07",
    examples=("222m222p456m9p[222s>]+9p seat_wind=S",),
    requires=_SETS,
    min_groups=3,
    locate=loc.mixed_triple_pungs,
)
def three_color_pungs(ctx: WinContext) -> bool:
    """The same pung in characters, circles and bamboo."""
    return _same_in_three_suits({g.tile for g in ctx.pungs if not g.tile.is_honour})


_STRAIGHTS = tuple(
    frozenset({Tile.suited(s, 1), Tile.suited(s, 4), Tile.suited(s, 7)})
    for s in (Suit.MAN, Suit.PIN, Suit.SOU)
)


@PATTERNS.pattern(
    "straight",
    names={"it": "serpente di colore", "en": "one-suit snake 1-9", "ja": "ittsu"},
    closed=2,
    open=1,
    ref="SEI-DBL-D08",
    examples=("123456789m234p9s+9s seat_wind=S",),
    requires=(_CHOW,),
    min_groups=3,
    locate=loc.pure_straight,
)
def straight(ctx: WinContext) -> bool:
    """Chows 123, 456, 789 of one suit."""
    starts = {g.tile for g in ctx.chows}
    return any(s <= starts for s in _STRAIGHTS)


@PATTERNS.pattern(
    "three_concealed_pungs",
    names={"it": "tre tris nascosti", "en": "three concealed pungs", "ja": "sanankou"},
    closed=2,
    open=2,
    ref="SEI-DBL-D09",
    examples=("222m444p666s234m9p+9p seat_wind=S",),
    requires=_SETS,
    min_groups=3,
    locate=_concealed_sets,
)
def three_concealed_pungs(ctx: WinContext) -> bool:
    """Three pungs or kongs made of drawn tiles (concealed kongs included, SEI-DBL-3)."""
    return len(_concealed_sets(ctx)) == _HAND_SETS - 1


@PATTERNS.pattern(
    "four_concealed_pungs",
    names={"it": "quattro tris nascosti", "en": "four concealed pungs", "ja": "suuankou"},
    closed=0,
    open=0,
    ref="SEI-DBL-D10",
    examples=("111m333p555s777p9s+9s win=tsumo",),
    limit=True,
    excludes=("three_concealed_pungs",),
    requires=_SETS,
    min_groups=4,
    locate=_concealed_sets,
)
def four_concealed_pungs(ctx: WinContext) -> bool:
    """Four pungs or kongs made of drawn tiles."""
    return len(_concealed_sets(ctx)) == _HAND_SETS


@PATTERNS.pattern(
    "three_kongs",
    names={"it": "tre poker", "en": "three kongs", "ja": "sankantsu"},
    closed=2,
    open=2,
    ref="SEI-DBL-D11",
    examples=("456m9p(1111m)[2222p>](3333s)+9p seat_wind=S",),
    requires=(_KONG,),
    min_groups=3,
    locate=loc.kongs,
)
def three_kongs(ctx: WinContext) -> bool:
    """Three kongs."""
    return len(ctx.kongs) == _HAND_SETS - 1


@PATTERNS.pattern(
    "four_kongs",
    names={"it": "quattro poker (tutti kong)", "en": "four kongs", "ja": "suukantsu"},
    closed=0,
    open=0,
    ref="SEI-DBL-D12",
    examples=("9p(1111m)[2222p>](3333s)[4444m>]+9p seat_wind=S",),
    limit=True,
    requires=(_KONG,),
    min_groups=4,
    locate=loc.kongs,
)
def four_kongs(ctx: WinContext) -> bool:
    """Four kongs."""
    return len(ctx.kongs) == _HAND_SETS


@PATTERNS.pattern(
    "all_simples",
    names={"it": "senza teste", "en": "no head tiles", "ja": "tanyao"},
    closed=1,
    open=1,
    ref="SEI-DBL-D13",
    examples=("567m345p67s55p[234m<]+8s win=tsumo seat_wind=W",),
)
def all_simples(ctx: WinContext) -> bool:
    """No 1, 9, wind or dragon anywhere."""
    return not any(_is_head(t) for t in ctx.kinds)


@PATTERNS.pattern(
    "head_in_every_set",
    shapes=(_STANDARD,),
    names={"it": "almeno una testa in ogni combinazione",
           "en": "a head tile in every set and the pair", "ja": "chanta"},
    closed=2,
    open=1,
    ref="SEI-DBL-D14",
    examples=("123m789p789s111z9m+9m seat_wind=S",),
)  # fmt: skip
def head_in_every_set(ctx: WinContext) -> bool:
    """Every set and the pair hold a 1, 9, wind or dragon (SEI-DBL-3)."""
    return _every_group(ctx, lambda g: g.has_terminal_or_honour)


@PATTERNS.pattern(
    "terminal_in_every_set",
    shapes=(_STANDARD,),
    names={"it": "almeno un asso o nove in ogni combinazione",
           "en": "a 1 or 9 in every set and the pair", "ja": "junchan"},
    closed=3,
    open=2,
    ref="SEI-DBL-D15",
    examples=("123m789p789s111m9p+9p seat_wind=S",),
    excludes=("head_in_every_set",),
)  # fmt: skip
def terminal_in_every_set(ctx: WinContext) -> bool:
    """Every set and the pair hold a 1 or 9; no honours (SEI-DBL-3)."""
    return _every_group(ctx, lambda g: any(t.is_terminal for t in g.tiles))


@PATTERNS.pattern(
    "all_heads",
    shapes=(_STANDARD,),
    names={"it": "tutte teste", "en": "all head tiles", "ja": "honroutou"},
    closed=5,
    open=5,
    ref="SEI-DBL-D16",
    examples=("111m999p111z9s[111s>]+9s seat_wind=S",),
    excludes=("head_in_every_set", "terminal_in_every_set", "all_pungs"),
    requires=_SETS,
    min_groups=4,
)
def all_heads(ctx: WinContext) -> bool:
    """Four pungs/kongs and a pair, all of head tiles (SEI-DBL-3)."""
    return (
        ctx.decomposition.shape == _STANDARD
        and len(ctx.pungs) == _HAND_SETS
        and all(_is_head(t) for t in ctx.kinds)
    )


@PATTERNS.pattern(
    "all_honors",
    names={"it": "solo draghi e venti", "en": "only dragons and winds", "ja": "tsuuiisou"},
    closed=0,
    open=0,
    ref="SEI-DBL-D17",
    examples=("111z222z333z555z6z+6z seat_wind=S",),
    limit=True,
    max_suits=0,
)
def all_honours(ctx: WinContext) -> bool:
    """Only winds and dragons."""
    return all(t.is_honour for t in ctx.kinds)


def _dragon_pungs(ctx: WinContext) -> int:
    return sum(1 for g in ctx.pungs if g.tile in DRAGONS)


def _wind_pungs(ctx: WinContext) -> int:
    return sum(1 for g in ctx.pungs if g.tile in WINDS)


@PATTERNS.pattern(
    "little_dragons",
    names={"it": "piccolo raduno dei dragoni", "en": "little dragons", "ja": "shousangen"},
    closed=2,
    open=2,
    ref="SEI-DBL-D18",
    examples=("666z777z55z123m45p+6p seat_wind=S",),
    requires=_SETS,
    min_groups=2,
    tiles_any=DRAGONS,
    locate=loc.groups_of(DRAGONS),
)
def little_dragons(ctx: WinContext) -> bool:
    """Two dragon pungs and a dragon pair (cumulates with the pungs, SEI-GAP-19)."""
    return _dragon_pungs(ctx) == len(DRAGONS) - 1 and _pair(ctx) in DRAGONS


@PATTERNS.pattern(
    "big_dragons",
    names={"it": "grande raduno dei dragoni", "en": "great dragons", "ja": "daisangen"},
    closed=0,
    open=0,
    ref="SEI-DBL-D19",
    examples=("555z666z777z234m9p+9p seat_wind=S",),
    limit=True,
    requires=_SETS,
    min_groups=3,
    tiles_any=DRAGONS,
    locate=loc.pungs_of(DRAGONS),
)
def big_dragons(ctx: WinContext) -> bool:
    """Three dragon pungs."""
    return _dragon_pungs(ctx) == len(DRAGONS)


@PATTERNS.pattern(
    "little_winds",
    names={"it": "piccole benedizioni della casa", "en": "little winds", "ja": "shousuushii"},
    closed=0,
    open=0,
    ref="SEI-DBL-D20",
    examples=("111z222z333z4z234m+4z seat_wind=S",),
    limit=True,
    requires=_SETS,
    min_groups=3,
    tiles_any=WINDS,
    locate=loc.groups_of(WINDS),
)
def little_winds(ctx: WinContext) -> bool:
    """Three wind pungs and a wind pair."""
    return _wind_pungs(ctx) == len(WINDS) - 1 and _pair(ctx) in WINDS


@PATTERNS.pattern(
    "big_winds",
    names={"it": "grandi benedizioni della casa", "en": "great winds", "ja": "daisuushii"},
    closed=0,
    open=0,
    ref="SEI-DBL-D21",
    examples=("111z222z333z444z9m+9m seat_wind=S",),
    limit=True,
    excludes=("little_winds",),
    requires=_SETS,
    min_groups=4,
    tiles_any=WINDS,
    locate=loc.pungs_of(WINDS),
)
def big_winds(ctx: WinContext) -> bool:
    """Four wind pungs."""
    return _wind_pungs(ctx) == len(WINDS)


@PATTERNS.pattern(
    "half_flush",
    names={"it": "mano pura", "en": "one suit plus honours", "ja": "honitsu"},
    closed=3,
    open=2,
    ref="SEI-DBL-D22",
    examples=("123m456m777m111z9m+9m seat_wind=S",),
    max_suits=1,
)
def half_flush(ctx: WinContext) -> bool:
    """One suit and at least one honour (SEI-DBL-3)."""
    return len(ctx.suits) == 1 and ctx.has_honours


@PATTERNS.pattern(
    "full_flush",
    names={"it": "mano purissima", "en": "one suit only", "ja": "chinitsu"},
    closed=6,
    open=5,
    ref="SEI-DBL-D23",
    examples=("123m456m777m888m9m+9m seat_wind=S",),
    max_suits=1,
)
def full_flush(ctx: WinContext) -> bool:
    """One suit, no honours."""
    return len(ctx.suits) == 1 and not ctx.has_honours


@PATTERNS.pattern(
    "seven_pairs",
    names={"it": "tutte coppie", "en": "seven pairs", "ja": "chiitoitsu"},
    closed=2,
    open=2,
    ref="SEI-DBL-D24",
    examples=("11m22m55p66p33s88s7z+7z seat_wind=S",),
    requires=(_PAIR,),
    min_groups=7,
)
def seven_pairs(ctx: WinContext) -> bool:
    """Seven different pairs (SEI-HAND-2)."""
    return ctx.decomposition.shape == _SEVEN_PAIRS


@PATTERNS.pattern(
    "seven_pairs_of_heads",
    names={"it": "tutte coppie di testa", "en": "seven pairs of head tiles"},
    closed=4,
    open=4,
    ref="SEI-DBL-D25",
    examples=("11m99m11p99p11s99s1z+1z seat_wind=S",),
    excludes=("seven_pairs", "all_heads"),
    requires=(_PAIR,),
    min_groups=7,
)
def seven_pairs_of_heads(ctx: WinContext) -> bool:
    """Seven pairs, every one of head tiles."""
    return ctx.decomposition.shape == _SEVEN_PAIRS and all(_is_head(t) for t in ctx.kinds)


_GREEN = frozenset({Tile.S2, Tile.S3, Tile.S4, Tile.S6, Tile.S8, Tile.GREEN})


@PATTERNS.pattern(
    "all_green",
    names={"it": "tutte verdi", "en": "all green", "ja": "ryuuiisou"},
    closed=0,
    open=0,
    ref="SEI-DBL-D26",
    examples=("234234666888s6z+6z seat_wind=S",),
    limit=True,
    tiles_within=_GREEN,
)
def all_green(ctx: WinContext) -> bool:
    """Only 2, 3, 4, 6, 8 of bamboo and green dragons (SEI-DBL-3)."""
    return ctx.kinds <= _GREEN


_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@PATTERNS.pattern(
    "nine_gates",
    names={"it": "casa piena di pezzi («nove lanterne»)", "en": "nine gates",
           "ja": "chuuren poutou"},
    closed=0,
    open=0,
    ref="SEI-DBL-D27",
    examples=("1112345678999m+5m win=tsumo seat_wind=S",),
    limit=True,
    max_suits=1,
)  # fmt: skip
def nine_gates(ctx: WinContext) -> bool:
    """Closed 1112345678999 of one suit plus any tile of that suit (SEI-DBL-3)."""
    if not ctx.is_concealed or len(ctx.suits) != 1 or ctx.has_honours or ctx.kongs:
        return False
    winning = ctx.winning_tile
    if winning is None:
        return False
    base = Tile.suited(next(iter(ctx.suits)), 1)
    counts = list(ctx.counts[base : base + len(_GATES)])
    counts[winning - base] -= 1
    return tuple(counts) == _GATES


@PATTERNS.pattern(
    "thirteen_orphans",
    names={"it": "tredici lanterne meravigliose («regno ineguagliabile»)",
           "en": "thirteen marvellous lanterns", "ja": "kokushi musou"},
    closed=0,
    open=0,
    ref="SEI-DBL-D28",
    examples=("19m19p19s1234567z+1m seat_wind=S",),
    limit=True,
)  # fmt: skip
def thirteen_orphans(ctx: WinContext) -> bool:
    """One of each head tile plus one more."""
    return ctx.decomposition.shape == "thirteen_orphans"


@PATTERNS.pattern(
    "fully_concealed_self_draw",
    names={"it": "tutto pescato", "en": "all self-drawn", "ja": "menzen tsumo"},
    closed=1,
    open=None,
    ref="SEI-DBL-D29",
    examples=("123m678m456p67s22s+8s win=tsumo",),
    locate=loc.winning_tile,
)
def fully_concealed_self_draw(ctx: WinContext) -> bool:
    """Closed hand won on a self-drawn tile."""
    return ctx.self_drawn


@PATTERNS.pattern(
    "riichi",
    names={"it": "riichi", "en": "riichi", "ja": "riichi"},
    closed=1,
    open=None,
    ref="SEI-DBL-D30",
    examples=("123m678m456p67s22s+8s seat_wind=S flags=riichi dora=4p",),
    flags_any=("riichi",),
)
def riichi(ctx: WinContext) -> bool:
    """Won after declaring riichi (SEI-RIICHI-7)."""
    return "riichi" in ctx.flags and "double_riichi" not in ctx.flags


@PATTERNS.pattern(
    "double_riichi",
    names={"it": "riichi al primo turno", "en": "riichi on the first turn", "ja": "daburu riichi"},
    closed=2,
    open=None,
    ref="SEI-DBL-D31",
    examples=("123m678m456p67s22s+8s seat_wind=S flags=double_riichi",),
    excludes=("riichi",),
    flags_any=("double_riichi",),
    locate=loc.no_tiles,
)
def double_riichi(ctx: WinContext) -> bool:
    """Riichi declared with the first discard (SEI-GAP-9: replaces riichi)."""
    return "double_riichi" in ctx.flags


@PATTERNS.pattern(
    "robbing_kong",
    names={"it": "rubato", "en": "robbed kong", "ja": "chankan"},
    closed=1,
    open=1,
    ref="SEI-DBL-D32",
    examples=("567m345p67s99p[234m<]+8s seat_wind=S flags=robbing_kong",),
    flags_any=("robbing_kong",),
    locate=loc.winning_tile,
)
def robbing_kong(ctx: WinContext) -> bool:
    """Won on a tile added to an exposed pung (SEI-KONG-3)."""
    return "robbing_kong" in ctx.flags and not ctx.self_drawn


@PATTERNS.pattern(
    "after_kong",
    names={"it": "pescato sul tetto («fiore sulla montagna»)", "en": "drawn from the dead wall",
           "ja": "rinshan kaihou"},
    closed=1,
    open=1,
    ref="SEI-DBL-D33",
    examples=("567m67s99p[234m<](1111p)+8s win=tsumo seat_wind=S flags=replacement",),
    flags_any=("replacement",),
    locate=loc.winning_tile,
)  # fmt: skip
def after_kong(ctx: WinContext) -> bool:
    """Won on a kong replacement tile."""
    return "replacement" in ctx.flags and ctx.self_drawn


@PATTERNS.pattern(
    "last_tile",
    names={"it": "ultima pedina del muro", "en": "last tile of the wall", "ja": "haitei"},
    closed=1,
    open=1,
    ref="SEI-DBL-D34",
    examples=("567m345p67s99p[234m<]+8s win=tsumo seat_wind=S flags=last_tile",),
    flags_any=("last_tile",),
    locate=loc.winning_tile,
)
def last_tile(ctx: WinContext) -> bool:
    """Self-drawn on the last live tile."""
    return "last_tile" in ctx.flags and ctx.self_drawn


@PATTERNS.pattern(
    "last_discard",
    names={"it": "ultimo scarto", "en": "last discard", "ja": "houtei"},
    closed=1,
    open=1,
    ref="SEI-DBL-D35",
    examples=("567m345p67s99p[234m<]+8s seat_wind=S flags=last_discard",),
    flags_any=("last_tile", "last_discard"),
    locate=loc.winning_tile,
)
def last_discard(ctx: WinContext) -> bool:
    """Won on the discard after the last draw (SEI-PLAY-6)."""
    return not ctx.self_drawn and bool({"last_tile", "last_discard"} & ctx.flags)


@PATTERNS.pattern(
    "heavenly",
    names={"it": "uscita degli dei, per Est («paradiso»)", "en": "exit of the Gods (East)",
           "ja": "tenhou"},
    closed=0,
    open=0,
    ref="SEI-DBL-D36",
    examples=("123m678m456p67s22s+8s win=tsumo flags=first_turn",),
    limit=True,
    flags_any=("first_turn",),
)  # fmt: skip
def heavenly(ctx: WinContext) -> bool:
    """East wins with the initial 14 tiles."""
    return "first_turn" in ctx.flags and ctx.self_drawn and ctx.seat_wind is Tile.EAST


@PATTERNS.pattern(
    "earthly",
    names={"it": "con la prima pescata", "en": "win on the first draw", "ja": "chiihou"},
    closed=0,
    open=0,
    ref="SEI-DBL-D37",
    examples=("123m678m456p67s22s+8s win=tsumo seat_wind=W flags=first_turn",),
    limit=True,
    flags_any=("first_turn",),
)
def earthly(ctx: WinContext) -> bool:
    """A non-East player wins on his first self-draw, no claim before."""
    return "first_turn" in ctx.flags and ctx.self_drawn and ctx.seat_wind is not Tile.EAST


def _dora_kinds(ctx: WinContext) -> tuple[Tile, ...]:
    """The dora tiles, one entry per indicator (SEI-DORA-1, SEI-GAP-11)."""
    return tuple(dora_of(t) for t in ctx.dora)


@PATTERNS.pattern(
    "dora",
    names={"it": "tegole dora", "en": "dora tiles", "ja": "dora"},
    closed=1,
    open=1,
    ref="SEI-DBL-D38",
    examples=("123m678m456p67s22s+8s seat_wind=S flags=riichi dora=4p",),
    locate=loc.tiles_of(_dora_kinds),
)
def dora(ctx: WinContext) -> int:
    """One per dora tile in the hand, per indicator (SEI-DORA-3)."""
    counts = ctx.counts
    return sum(counts[t] for t in _dora_kinds(ctx))
