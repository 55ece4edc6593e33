"""Seipalle scoring elements: hand points (SEI-PTS) and doubles (SEI-DBL), as data.

Each element is declared once with its id, bilingual names, closed/open values (``None`` = not
available when open), rule reference and exclusions; its predicate returns a bool or a count.
Point items have unit ``points``; doubles have unit ``doubles``; ``limit=True`` marks the limit
hands (SEI-LIMIT).

>>> [p.id for p in PATTERNS][:3]
['closing', 'exposed_pung_simple', 'concealed_pung_simple']
>>> BY_ID["two_identical_chows_twice"].excludes
('two_identical_chows',)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from muraglia.analysis.groups import Group, GroupKind
from muraglia.rulesets.seipalle.context import Reading
from muraglia.scoring import locate as loc
from muraglia.scoring.locate import Locator
from muraglia.tiles import DRAGONS, WINDS, Suit, Tile

__all__ = ["BY_ID", "PATTERNS", "Pattern", "dora_of"]

Predicate = Callable[[Reading], "bool | int"]


@dataclass(frozen=True)
class Pattern:
    """One declared scoring element."""

    id: str
    """Stable id, unique within the ruleset."""
    names: Mapping[str, str]
    """Display names: ``it``, ``en`` and, where one exists, ``ja``."""
    unit: str
    """``points`` or ``doubles``."""
    closed: int | None
    """Value in a closed hand (per occurrence), None if not available."""
    open: int | None
    """Value in an open hand (per occurrence), None if not available."""
    ref: str
    """Rule id in ``spec/seipalle.md``."""
    predicate: Predicate
    """``(reading) -> bool | int``: whether / how many times the element applies."""
    excludes: tuple[str, ...] = ()
    """Ids this element replaces when both apply ("comprende")."""
    limit: bool = False
    """Whether this is a limit hand (paid the limit, SEI-LIMIT-1)."""
    counts_for_minimum: bool = True
    """False for dora, which never meet the one-double minimum (SEI-DORA-4)."""
    locate: Locator = field(default=loc.whole_hand, repr=False, compare=False)
    """Which groups and tiles earn it (:mod:`muraglia.scoring.locate`; default: the whole
    hand)."""

    def value(self, *, closed: bool) -> int | None:
        """The value per occurrence for a closed or open hand."""
        return self.closed if closed else self.open


PATTERNS: list[Pattern] = []


def _declare(
    pid: str,
    *,
    it: str,
    en: str,
    ref: str,
    unit: str = "doubles",
    closed: int | None = 0,
    open: int | None = 0,
    ja: str | None = None,
    excludes: tuple[str, ...] = (),
    limit: bool = False,
    counts_for_minimum: bool = True,
    locate: Locator = loc.whole_hand,
) -> Callable[[Predicate], Predicate]:
    names = {"it": it, "en": en} | ({"ja": ja} if ja else {})

    def register(func: Predicate) -> Predicate:
        PATTERNS.append(
            Pattern(
                pid,
                names,
                unit,
                closed,
                open,
                ref,
                func,
                excludes,
                limit,
                counts_for_minimum,
                locate,
            )
        )
        return func

    return register


def _points(
    pid: str,
    value: int,
    *,
    it: str,
    en: str,
    ref: str,
    excludes: tuple[str, ...] = (),
    locate: Locator = loc.whole_hand,
) -> Callable[[Predicate], Predicate]:
    return _declare(
        pid,
        it=it,
        en=en,
        ref=ref,
        unit="points",
        closed=value,
        open=value,
        excludes=excludes,
        locate=locate,
    )


# ---------------------------------------------------------------- helpers on a reading


def _is_head(tile: Tile) -> bool:
    return tile.is_terminal_or_honor


def _set_test(*, kong: bool, head: bool, concealed: bool) -> Callable[[Group], bool]:
    """Whether a group is a set of one point item (SEI-PTS-P02…P05)."""
    want = GroupKind.KONG if kong else GroupKind.PUNG
    return lambda g: g.kind is want and _is_head(g.tile) == head and g.concealed == concealed


def _count_sets(r: Reading, *, kong: bool, head: bool, concealed: bool) -> int:
    test = _set_test(kong=kong, head=head, concealed=concealed)
    return sum(1 for g in r.groups if test(g))


def _suits(r: Reading) -> set[Suit]:
    return {t.suit for t in r.tiles if not t.is_honor}


def _has_honor(r: Reading) -> bool:
    return any(t.is_honor for t in r.tiles)


def _every_group(r: Reading, test: Callable[[Group], bool]) -> bool:
    return r.shape == "standard" and all(test(g) for g in r.groups)


def _pung_tiles(r: Reading) -> set[Tile]:
    return {g.tile for g in r.pungs}


def _no_points(r: Reading) -> bool:
    # SEI-PTS-2 (SEI-GAP-15): nothing but the closing (and the self-draw it replaces).
    return (
        r.shape == "standard"
        and not r.pungs
        and (r.pair is None or r.wind_value(r.pair) == 0)
        and r.winning_kinds != 1
        and not (r.closed and not r.self_drawn)
    )


def dora_of(indicator: Tile) -> Tile:
    """The dora tile shown by an indicator (SEI-DORA-1, SEI-GAP-11).

    >>> [dora_of(Tile.from_notation(t)).notation for t in ("3s", "9s", "4z", "7z", "6z")]
    ['4s', '1s', '1z', '5z', '7z']
    """
    if indicator.is_bonus:
        raise ValueError(f"{indicator.notation!r} cannot be a dora indicator (no bonus tiles)")
    if indicator in WINDS:
        return WINDS[(WINDS.index(indicator) + 1) % 4]
    if indicator in DRAGONS:
        # red -> white -> green -> red
        return DRAGONS[(DRAGONS.index(indicator) + 1) % 3]
    return Tile.suited(indicator.suit, indicator.rank % 9 + 1)


_CONCEALED_SETS = loc.groups_where(lambda g: g.is_pung_or_kong and g.concealed)
"""Pungs and kongs made of drawn tiles (a pung completed on a discard reads exposed)."""


# ---------------------------------------------------------------- points (SEI-PTS)


@_points("closing", 20, it="chiusura", en="Mah-Jong (closing)", ref="SEI-PTS-P01")
def closing(r: Reading) -> bool:
    """Every winning hand but seven pairs (SEI-PTS-3)."""
    return r.shape != "seven_pairs"


def _set_counter(*, kong: bool, head: bool, concealed: bool) -> Predicate:
    def count(r: Reading) -> int:
        return _count_sets(r, kong=kong, head=head, concealed=concealed)

    return count


for _kong in (False, True):
    for _head in (False, True):
        for _conc in (False, True):
            _kind = "kong" if _kong else "pung"
            _state = "concealed" if _conc else "exposed"
            _it_set = ("poker" if _kong else "tris") + (" di testa" if _head else " non di testa")
            _row = 2 + 2 * _kong + _head  # SEI-PTS-P02…P05
            _points(
                f"{_state}_{_kind}_{'head' if _head else 'simple'}",
                (8 if _kong else 2) * (2 if _head else 1) * (2 if _conc else 1),
                it=_it_set + (" (coperto)" if _conc else ""),
                en=f"{_state} {_kind} of {'head' if _head else 'non-head'} tiles",
                ref=f"SEI-PTS-P0{_row}",
                locate=loc.groups_where(_set_test(kong=_kong, head=_head, concealed=_conc)),
            )(_set_counter(kong=_kong, head=_head, concealed=_conc))


@_points(
    "valued_pair",
    2,
    it="coppia di draghi, vento di giro, proprio vento",
    en="pair of dragons, round wind or own wind",
    ref="SEI-PTS-P06",
    locate=lambda r: [g for g in r.groups if g.kind is GroupKind.PAIR and r.wind_value(g.tile)],
)
def valued_pair(r: Reading) -> int:
    """2 per value: a pair of own wind that is also the round wind counts twice (SEI-PTS-5)."""
    return 0 if r.pair is None else r.wind_value(r.pair)


@_points(
    "closed_on_discard",
    10,
    it="tutto pescato tranne l'ultima",
    en="closed hand won on a discard",
    ref="SEI-PTS-P07",
    locate=loc.winning_tile,
)
def closed_on_discard(r: Reading) -> bool:
    """SEI-PTS-1: closed hand, winning tile claimed."""
    return r.closed and not r.self_drawn and r.shape != "seven_pairs"


@_points(
    "self_draw",
    2,
    it="chiusura con tegola pescata",
    en="self-drawn winning tile",
    ref="SEI-PTS-P08",
    excludes=(),
    locate=loc.winning_tile,
)
def self_draw(r: Reading) -> bool:
    """SEI-PTS-P08, not with the no-points bonus (SEI-PTS-2)."""
    return r.self_drawn and r.shape != "seven_pairs"


@_points(
    "single_wait",
    2,
    it="chiusura a punto su una singola tegola",
    en="waiting on a single tile",
    ref="SEI-PTS-P09",
    locate=loc.winning_tile,
)
def single_wait(r: Reading) -> bool:
    """Exactly one tile kind completed the hand (SEI-PTS-4)."""
    return r.winning_kinds == 1 and r.shape == "standard"


@_points(
    "no_points",
    10,
    it="mano senza punti",
    en="no-points hand",
    ref="SEI-PTS-P10",
    excludes=("self_draw",),
)
def no_points(r: Reading) -> bool:
    """SEI-PTS-2: the hand scores nothing but the closing."""
    return _no_points(r)


@_points(
    "seven_pairs_points",
    25,
    it="tutte coppie",
    en="seven pairs (points)",
    ref="SEI-PTS-P11",
)
def seven_pairs_points(r: Reading) -> bool:
    """Seven pairs score 25 in all (SEI-PTS-3)."""
    return r.shape == "seven_pairs"


# ---------------------------------------------------------------- doubles (SEI-DBL)


@_declare(
    "value_pung",
    locate=lambda r: [g for g in r.pungs if r.wind_value(g.tile)],
    it="tris o poker di draghi, del vento proprio o di giro",
    en="pung of dragons, own wind or round wind",
    ja="yakuhai",
    ref="SEI-DBL-D01",
    closed=1,
    open=1,
)
def value_pung(r: Reading) -> int:
    """One per dragon pung; a wind pung counts once as own and once as round wind."""
    return sum(r.wind_value(g.tile) for g in r.pungs)


@_declare(
    "all_chows",
    it="tutte scale",
    en="all chows",
    ja="pinfu",
    ref="SEI-DBL-D02",
    closed=1,
    open=None,
)
def all_chows(r: Reading) -> bool:
    """Four chows and a pair without value (SEI-DBL-3)."""
    return len(r.chows) == 4 and r.pair is not None and r.wind_value(r.pair) == 0


@_declare(
    "all_pungs",
    it="tutti tris",
    en="all pungs",
    ja="toitoi",
    ref="SEI-DBL-D03",
    closed=2,
    open=2,
    locate=loc.pungs,
)
def all_pungs(r: Reading) -> bool:
    """Four pungs or kongs."""
    return len(r.pungs) == 4


def _identical_chow_pairs(r: Reading) -> int:
    return sum(n // 2 for n in Counter(g.tile for g in r.chows).values())


@_declare(
    "two_identical_chows",
    locate=loc.identical_chows,
    it="due scale uguali di colore",
    en="two identical chows",
    ja="iipeikou",
    ref="SEI-DBL-D04",
    closed=1,
    open=None,
)
def two_identical_chows(r: Reading) -> bool:
    """Two chows of the same tiles."""
    return _identical_chow_pairs(r) >= 1


@_declare(
    "two_identical_chows_twice",
    locate=loc.identical_chows,
    it="due volte due scale uguali di colore",
    en="twice two identical chows",
    ja="ryanpeikou",
    ref="SEI-DBL-D05",
    closed=3,
    open=None,
    excludes=("two_identical_chows",),
)
def two_identical_chows_twice(r: Reading) -> bool:
    """Two pairs of identical chows."""
    return _identical_chow_pairs(r) == 2


def _same_in_three_suits(tiles: set[Tile]) -> bool:
    for t in tiles:
        if t.suit is Suit.MAN and all(
            Tile.suited(s, t.rank) in tiles for s in (Suit.PIN, Suit.SOU)
        ):
            return True
    return False


@_declare(
    "three_color_chows",
    locate=loc.mixed_triple_chows,
    it="tre scale uguali dei tre semi",
    en="same chow in three suits",
    ja="sanshoku doujun",
    ref="SEI-DBL-D06",
    closed=2,
    open=1,
)
def three_color_chows(r: Reading) -> bool:
    """The same chow in characters, circles and bamboo."""
    return _same_in_three_suits({g.tile for g in r.chows})


@_declare(
    "three_color_pungs",
    locate=loc.mixed_triple_pungs,
    it="tre tris uguali",
    en="same pung in three suits",
    ja="sanshoku doukou",
    ref="SEI-DBL-D07",
    closed=2,
    open=2,
)
def three_color_pungs(r: Reading) -> bool:
    """The same pung in characters, circles and bamboo."""
    return _same_in_three_suits({t for t in _pung_tiles(r) if not t.is_honor})


@_declare(
    "straight",
    locate=loc.pure_straight,
    it="serpente di colore",
    en="one-suit snake 1-9",
    ja="ittsu",
    ref="SEI-DBL-D08",
    closed=2,
    open=1,
)
def straight(r: Reading) -> bool:
    """Chows 123, 456, 789 of one suit."""
    starts = {g.tile for g in r.chows}
    return any(
        {Tile.suited(s, 1), Tile.suited(s, 4), Tile.suited(s, 7)} <= starts
        for s in (Suit.MAN, Suit.PIN, Suit.SOU)
    )


def _concealed_pungs(r: Reading) -> int:
    return sum(1 for g in r.pungs if g.concealed)


@_declare(
    "three_concealed_pungs",
    locate=_CONCEALED_SETS,
    it="tre tris nascosti",
    en="three concealed pungs",
    ja="sanankou",
    ref="SEI-DBL-D09",
    closed=2,
    open=2,
)
def three_concealed_pungs(r: Reading) -> bool:
    """Three pungs or kongs made of drawn tiles (concealed kongs included, SEI-DBL-3)."""
    return _concealed_pungs(r) == 3


@_declare(
    "four_concealed_pungs",
    locate=_CONCEALED_SETS,
    it="quattro tris nascosti",
    en="four concealed pungs",
    ja="suuankou",
    ref="SEI-DBL-D10",
    limit=True,
    excludes=("three_concealed_pungs",),
)
def four_concealed_pungs(r: Reading) -> bool:
    """Four pungs or kongs made of drawn tiles."""
    return _concealed_pungs(r) == 4


def _kongs(r: Reading) -> int:
    return sum(1 for g in r.groups if g.kind is GroupKind.KONG)


@_declare(
    "three_kongs",
    locate=loc.kongs,
    it="tre poker",
    en="three kongs",
    ja="sankantsu",
    ref="SEI-DBL-D11",
    closed=2,
    open=2,
)
def three_kongs(r: Reading) -> bool:
    """Three kongs."""
    return _kongs(r) == 3


@_declare(
    "four_kongs",
    locate=loc.kongs,
    it="quattro poker (tutti kong)",
    en="four kongs",
    ja="suukantsu",
    ref="SEI-DBL-D12",
    limit=True,
)
def four_kongs(r: Reading) -> bool:
    """Four kongs."""
    return _kongs(r) == 4


@_declare(
    "all_simples",
    it="senza teste",
    en="no head tiles",
    ja="tanyao",
    ref="SEI-DBL-D13",
    closed=1,
    open=1,
)
def all_simples(r: Reading) -> bool:
    """No 1, 9, wind or dragon anywhere."""
    return not any(_is_head(t) for t in r.tiles)


@_declare(
    "head_in_every_set",
    it="almeno una testa in ogni combinazione",
    en="a head tile in every set and the pair",
    ja="chanta",
    ref="SEI-DBL-D14",
    closed=2,
    open=1,
)
def head_in_every_set(r: Reading) -> bool:
    """Every set and the pair hold a 1, 9, wind or dragon (SEI-DBL-3)."""
    return _every_group(r, lambda g: g.has_terminal_or_honor)


@_declare(
    "terminal_in_every_set",
    it="almeno un asso o nove in ogni combinazione",
    en="a 1 or 9 in every set and the pair",
    ja="junchan",
    ref="SEI-DBL-D15",
    closed=3,
    open=2,
    excludes=("head_in_every_set",),
)
def terminal_in_every_set(r: Reading) -> bool:
    """Every set and the pair hold a 1 or 9; no honours (SEI-DBL-3)."""
    return _every_group(r, lambda g: any(t.is_terminal for t in g.tiles))


@_declare(
    "all_heads",
    it="tutte teste",
    en="all head tiles",
    ja="honroutou",
    ref="SEI-DBL-D16",
    closed=5,
    open=5,
    excludes=("head_in_every_set", "terminal_in_every_set", "all_pungs"),
)
def all_heads(r: Reading) -> bool:
    """Four pungs/kongs and a pair, all of head tiles (SEI-DBL-3)."""
    return r.shape == "standard" and len(r.pungs) == 4 and all(_is_head(t) for t in r.tiles)


@_declare(
    "all_honors",
    it="solo draghi e venti",
    en="only dragons and winds",
    ja="tsuuiisou",
    ref="SEI-DBL-D17",
    limit=True,
)
def all_honors(r: Reading) -> bool:
    """Only winds and dragons."""
    return all(t.is_honor for t in r.tiles)


def _dragon_pungs(r: Reading) -> int:
    return sum(1 for g in r.pungs if g.tile in DRAGONS)


def _wind_pungs(r: Reading) -> int:
    return sum(1 for g in r.pungs if g.tile in WINDS)


@_declare(
    "little_dragons",
    locate=loc.groups_of(DRAGONS),
    it="piccolo raduno dei dragoni",
    en="little dragons",
    ja="shousangen",
    ref="SEI-DBL-D18",
    closed=2,
    open=2,
)
def little_dragons(r: Reading) -> bool:
    """Two dragon pungs and a dragon pair (cumulates with the pungs, SEI-GAP-19)."""
    return _dragon_pungs(r) == 2 and r.pair in DRAGONS


@_declare(
    "big_dragons",
    locate=loc.pungs_of(DRAGONS),
    it="grande raduno dei dragoni",
    en="great dragons",
    ja="daisangen",
    ref="SEI-DBL-D19",
    limit=True,
)
def big_dragons(r: Reading) -> bool:
    """Three dragon pungs."""
    return _dragon_pungs(r) == 3


@_declare(
    "little_winds",
    locate=loc.groups_of(WINDS),
    it="piccole benedizioni della casa",
    en="little winds",
    ja="shousuushii",
    ref="SEI-DBL-D20",
    limit=True,
)
def little_winds(r: Reading) -> bool:
    """Three wind pungs and a wind pair."""
    return _wind_pungs(r) == 3 and r.pair in WINDS


@_declare(
    "big_winds",
    locate=loc.pungs_of(WINDS),
    it="grandi benedizioni della casa",
    en="great winds",
    ja="daisuushii",
    ref="SEI-DBL-D21",
    limit=True,
    excludes=("little_winds",),
)
def big_winds(r: Reading) -> bool:
    """Four wind pungs."""
    return _wind_pungs(r) == 4


@_declare(
    "half_flush",
    it="mano pura",
    en="one suit plus honours",
    ja="honitsu",
    ref="SEI-DBL-D22",
    closed=3,
    open=2,
)
def half_flush(r: Reading) -> bool:
    """One suit and at least one honour (SEI-DBL-3)."""
    return len(_suits(r)) == 1 and _has_honor(r)


@_declare(
    "full_flush",
    it="mano purissima",
    en="one suit only",
    ja="chinitsu",
    ref="SEI-DBL-D23",
    closed=6,
    open=5,
)
def full_flush(r: Reading) -> bool:
    """One suit, no honours."""
    return len(_suits(r)) == 1 and not _has_honor(r)


@_declare(
    "seven_pairs",
    it="tutte coppie",
    en="seven pairs",
    ja="chiitoitsu",
    ref="SEI-DBL-D24",
    closed=2,
    open=2,
)
def seven_pairs(r: Reading) -> bool:
    """Seven different pairs (SEI-HAND-2)."""
    return r.shape == "seven_pairs"


@_declare(
    "seven_pairs_of_heads",
    it="tutte coppie di testa",
    en="seven pairs of head tiles",
    ref="SEI-DBL-D25",
    closed=4,
    open=4,
    excludes=("seven_pairs", "all_heads"),
)
def seven_pairs_of_heads(r: Reading) -> bool:
    """Seven pairs, every one of head tiles."""
    return r.shape == "seven_pairs" and all(_is_head(t) for t in r.tiles)


_GREEN = frozenset({Tile.S2, Tile.S3, Tile.S4, Tile.S6, Tile.S8, Tile.GREEN})


@_declare(
    "all_green", it="tutte verdi", en="all green", ja="ryuuiisou", ref="SEI-DBL-D26", limit=True
)
def all_green(r: Reading) -> bool:
    """Only 2, 3, 4, 6, 8 of bamboo and green dragons (SEI-DBL-3)."""
    return all(t in _GREEN for t in r.tiles)


_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


@_declare(
    "nine_gates",
    it="casa piena di pezzi («nove lanterne»)",
    en="nine gates",
    ja="chuuren poutou",
    ref="SEI-DBL-D27",
    limit=True,
)
def nine_gates(r: Reading) -> bool:
    """Closed 1112345678999 of one suit plus any tile of that suit (SEI-DBL-3)."""
    if not r.closed or len(_suits(r)) != 1 or _has_honor(r) or _kongs(r):
        return False
    suit = next(iter(_suits(r)))
    base = Tile.suited(suit, 1)
    counts = list(r.counts[base : base + 9])
    counts[r.winning_tile - base] -= 1
    return tuple(counts) == _GATES


@_declare(
    "thirteen_orphans",
    it="tredici lanterne meravigliose («regno ineguagliabile»)",
    en="thirteen marvellous lanterns",
    ja="kokushi musou",
    ref="SEI-DBL-D28",
    limit=True,
)
def thirteen_orphans(r: Reading) -> bool:
    """One of each head tile plus one more."""
    return r.shape == "thirteen_orphans"


@_declare(
    "fully_concealed_self_draw",
    locate=loc.winning_tile,
    it="tutto pescato",
    en="all self-drawn",
    ja="menzen tsumo",
    ref="SEI-DBL-D29",
    closed=1,
    open=None,
)
def fully_concealed_self_draw(r: Reading) -> bool:
    """Closed hand won on a self-drawn tile."""
    return r.self_drawn


@_declare("riichi", it="riichi", en="riichi", ja="riichi", ref="SEI-DBL-D30", closed=1, open=None)
def riichi(r: Reading) -> bool:
    """Won after declaring riichi (SEI-RIICHI-7)."""
    return "riichi" in r.flags and "double_riichi" not in r.flags


@_declare(
    "double_riichi",
    locate=loc.no_tiles,
    it="riichi al primo turno",
    en="riichi on the first turn",
    ja="daburu riichi",
    ref="SEI-DBL-D31",
    closed=2,
    open=None,
    excludes=("riichi",),
)
def double_riichi(r: Reading) -> bool:
    """Riichi declared with the first discard (SEI-GAP-9: replaces riichi)."""
    return "double_riichi" in r.flags


@_declare(
    "robbing_kong",
    it="rubato",
    en="robbed kong",
    ja="chankan",
    ref="SEI-DBL-D32",
    closed=1,
    open=1,
    locate=loc.winning_tile,
)
def robbing_kong(r: Reading) -> bool:
    """Won on a tile added to an exposed pung (SEI-KONG-3)."""
    return "robbing_kong" in r.flags and not r.self_drawn


@_declare(
    "after_kong",
    locate=loc.winning_tile,
    it="pescato sul tetto («fiore sulla montagna»)",
    en="drawn from the dead wall",
    ja="rinshan kaihou",
    ref="SEI-DBL-D33",
    closed=1,
    open=1,
)
def after_kong(r: Reading) -> bool:
    """Won on a kong replacement tile."""
    return "replacement" in r.flags and r.self_drawn


@_declare(
    "last_tile",
    locate=loc.winning_tile,
    it="ultima pedina del muro",
    en="last tile of the wall",
    ja="haitei",
    ref="SEI-DBL-D34",
    closed=1,
    open=1,
)
def last_tile(r: Reading) -> bool:
    """Self-drawn on the last live tile."""
    return "last_tile" in r.flags and r.self_drawn


@_declare(
    "last_discard",
    locate=loc.winning_tile,
    it="ultimo scarto",
    en="last discard",
    ja="houtei",
    ref="SEI-DBL-D35",
    closed=1,
    open=1,
)
def last_discard(r: Reading) -> bool:
    """Won on the discard after the last draw (SEI-PLAY-6)."""
    return not r.self_drawn and bool({"last_tile", "last_discard"} & r.flags)


@_declare(
    "heavenly",
    it="uscita degli dei, per Est («paradiso»)",
    en="exit of the Gods (East)",
    ja="tenhou",
    ref="SEI-DBL-D36",
    limit=True,
)
def heavenly(r: Reading) -> bool:
    """East wins with the initial 14 tiles."""
    return "first_turn" in r.flags and r.self_drawn and r.is_east


@_declare(
    "earthly",
    it="con la prima pescata",
    en="win on the first draw",
    ja="chiihou",
    ref="SEI-DBL-D37",
    limit=True,
)
def earthly(r: Reading) -> bool:
    """A non-East player wins on his first self-draw, no claim before."""
    return "first_turn" in r.flags and r.self_drawn and not r.is_east


@_declare(
    "dora",
    locate=loc.tiles_of(lambda r: r.dora),
    it="tegole dora",
    en="dora tiles",
    ja="dora",
    ref="SEI-DBL-D38",
    closed=1,
    open=1,
    counts_for_minimum=False,
)
def dora(r: Reading) -> int:
    """One per dora tile in the hand, per indicator (SEI-DORA-3)."""
    return sum(r.counts[t] for t in r.dora)


BY_ID: dict[str, Pattern] = {p.id: p for p in PATTERNS}
"""The patterns by id."""
