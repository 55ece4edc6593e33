"""EMA Riichi 2008 yaku, yakuman and dora, declared once each (spec ``riichi-ema.md`` §23–25).

Every entry is data (id, names in it/en/ja, closed/open han, rule id) plus a predicate on a
:class:`~muraglia.scoring.context.WinContext`. Values here are EMA's; the ``riichi-tenhou``
preset derives its table with :meth:`PatternTable.with_values` (open tanyao, double yakuman,
no renhou) instead of forking it.

>>> len([p for p in PATTERNS if p.unit == "han" and p.id not in DORA_IDS])
28
>>> PATTERNS["all_simples"].open is None, PATTERNS["big_four_winds"].closed
(True, 2)
"""

from __future__ import annotations

from muraglia.analysis.groups import GroupKind, WaitKind
from muraglia.scoring import locate as loc
from muraglia.scoring import predicates as p
from muraglia.scoring.context import DRAGONS, WINDS, WinContext, dora_of
from muraglia.scoring.patterns import PatternTable
from muraglia.tiles import HONORS, TERMINALS_AND_HONOURS, Tile

__all__ = ["DORA_IDS", "PATTERNS", "YAKUMAN_PAO", "in_riichi"]

PATTERNS = PatternTable("riichi-ema", unit="han", limit_exclusive=True)
"""The EMA table: yaku (han), yakuman (unit ``yakuman``, limit) and dora (han, not yaku)."""

DORA_IDS: frozenset[str] = frozenset({"dora", "ura_dora", "red_five"})
"""Patterns that add han but are not yaku (EMA-DORA-5): they never meet the minimum."""

YAKUMAN_PAO: frozenset[str] = frozenset({"big_three_dragons", "big_four_winds"})
"""Yakuman with liability (EMA-PAO-1)."""


_TERMINALS = tuple(t for t in TERMINALS_AND_HONOURS if not t.is_honour)


def in_riichi(ctx: WinContext) -> bool:
    """Whether the winner declared riichi (plain or double)."""
    return ctx.has("riichi") or ctx.has("double_riichi")


def _standard(ctx: WinContext) -> bool:
    return ctx.decomposition.shape == "standard"


# ---------------------------------------------------------------- 1 han (EMA 4.2.1)


@PATTERNS.pattern(
    "riichi",
    locate=loc.no_tiles,
    names={"en": "Riichi", "it": "Riichi", "ja": "立直"},
    closed=1,
    open=None,
    ref="EMA-YAKU-01",
    flags_any=("riichi", "double_riichi"),
    examples=("234m567m345p67s22p+8s flags=riichi",),
)
def riichi(ctx: WinContext) -> bool:
    """Riichi declared (flag ``riichi`` or ``double_riichi``)."""
    return in_riichi(ctx)


@PATTERNS.pattern(
    "ippatsu",
    locate=loc.no_tiles,
    names={"en": "Ippatsu (one-shot)", "it": "Ippatsu", "ja": "一発"},
    closed=1,
    open=None,
    ref="EMA-YAKU-02",
    flags_any=("ippatsu",),
    examples=("234m567m345p67s22p+8s flags=ippatsu,riichi",),
)
def ippatsu(ctx: WinContext) -> bool:
    """Win within the uninterrupted go-around after the riichi (flag ``ippatsu``)."""
    return ctx.has("ippatsu") and in_riichi(ctx)


@PATTERNS.pattern(
    "double_riichi",
    locate=loc.no_tiles,
    names={"en": "Double Riichi", "it": "Doppio Riichi", "ja": "ダブル立直"},
    closed=1,
    open=None,
    ref="EMA-YAKU-03",
    flags_any=("double_riichi",),
    note="added to Riichi (2 han together)",
    examples=("234m567m345p67s22p+8s flags=double_riichi",),
)
def double_riichi(ctx: WinContext) -> bool:
    """Riichi in the first uninterrupted turn (flag ``double_riichi``)."""
    return ctx.has("double_riichi")


@PATTERNS.pattern(
    "menzen_tsumo",
    locate=loc.winning_tile,
    names={"en": "Fully Concealed Hand", "it": "Mano Completamente Coperta", "ja": "門前清自摸和"},
    closed=1,
    open=None,
    ref="EMA-YAKU-04",
    examples=("234m567m345p67s22p+8s win=tsumo",),
)
def menzen_tsumo(ctx: WinContext) -> bool:
    """Self-drawn win (replacement tile included) with a concealed hand."""
    return ctx.self_drawn


@PATTERNS.pattern(
    "all_simples",
    names={"en": "All Simples", "it": "Tutti Semplici", "ja": "断幺九"},
    closed=1,
    open=None,
    ref="EMA-YAKU-05",
    note="no open tanyao in EMA (kuitan nashi)",
    examples=("234m567m345p67s22p+8s",),
)
def all_simples(ctx: WinContext) -> bool:
    """No terminal and no honour."""
    return p.all_simples(ctx)


def is_pinfu(ctx: WinContext) -> bool:
    """Four chows, a valueless pair, a two-sided wait on a chow (EMA-YAKU-06)."""
    pair = ctx.pair
    return (
        len(ctx.chows) == 4
        and pair is not None
        and pair.tile not in DRAGONS
        and pair.tile not in (ctx.seat_wind, ctx.round_wind)
        and ctx.wait is WaitKind.TWO_SIDED
    )


@PATTERNS.pattern(
    "pinfu",
    names={"en": "Pinfu (no-points hand)", "it": "Pinfu", "ja": "平和"},
    closed=1,
    open=None,
    ref="EMA-YAKU-06",
    requires=(GroupKind.CHOW,),
    min_groups=4,
    note="fu fixed: 30 ron, 20 tsumo (EMA-FU-8)",
    examples=("123m567m345p67s22p+8s",),
)
def pinfu(ctx: WinContext) -> bool:
    """Concealed four chows + valueless pair, won on a two-sided wait."""
    return is_pinfu(ctx)


@PATTERNS.pattern(
    "pure_double_chow",
    locate=loc.identical_chows,
    names={"en": "Pure Double Chow", "it": "Doppio Chow Puro", "ja": "一盃口"},
    closed=1,
    open=None,
    ref="EMA-YAKU-07",
    requires=(GroupKind.CHOW,),
    min_groups=2,
    examples=("223344m567p68s99p+7s",),
)
def pure_double_chow(ctx: WinContext) -> bool:
    """Two identical chows."""
    return p.identical_chow_pairs(ctx) >= 1


@PATTERNS.pattern(
    "mixed_triple_chow",
    locate=loc.mixed_triple_chows,
    names={"en": "Mixed Triple Chow", "it": "Triplo Chow Misto", "ja": "三色同順"},
    closed=2,
    open=1,
    ref="EMA-YAKU-08",
    requires=(GroupKind.CHOW,),
    min_groups=3,
    examples=("123m123p123s45s99p+6s",),
)
def mixed_triple_chow(ctx: WinContext) -> bool:
    """The same chow in each suit."""
    return len(ctx.chows) >= 3 and p.mixed_triple_chow(ctx)


@PATTERNS.pattern(
    "pure_straight",
    locate=loc.pure_straight,
    names={"en": "Pure Straight", "it": "Scala Pura", "ja": "一気通貫"},
    closed=2,
    open=1,
    ref="EMA-YAKU-09",
    requires=(GroupKind.CHOW,),
    min_groups=3,
    examples=("123m456m789m45s99p+6s",),
)
def pure_straight(ctx: WinContext) -> bool:
    """123, 456, 789 of one suit."""
    return len(ctx.chows) >= 3 and p.pure_straight(ctx)


@PATTERNS.pattern(
    "dragon_pung",
    locate=loc.pungs_of(DRAGONS),
    names={"en": "Dragon Pung", "it": "Pung di Drago", "ja": "役牌 (三元牌)"},
    closed=1,
    open=1,
    ref="EMA-YAKU-10",
    tiles_any=DRAGONS,
    requires=(GroupKind.PUNG, GroupKind.KONG),
    note="per dragon pung or kong",
    examples=("555z123m456p78s99p+9s",),
)
def dragon_pung(ctx: WinContext) -> int:
    """How many dragon pungs/kongs."""
    return p.count_pungs_of(ctx, DRAGONS)


@PATTERNS.pattern(
    "seat_wind",
    locate=lambda ctx: loc.pungs_of((ctx.seat_wind,))(ctx),
    names={"en": "Seat Wind", "it": "Proprio Vento", "ja": "自風牌"},
    closed=1,
    open=1,
    ref="EMA-YAKU-11",
    tiles_any=WINDS,
    requires=(GroupKind.PUNG, GroupKind.KONG),
    examples=("222z123m456p78s99p+9s seat_wind=S",),
)
def seat_wind(ctx: WinContext) -> bool:
    """Pung or kong of the seat wind."""
    return p.count_pungs_of(ctx, (ctx.seat_wind,)) > 0


@PATTERNS.pattern(
    "prevalent_wind",
    locate=lambda ctx: loc.pungs_of((ctx.round_wind,))(ctx),
    names={"en": "Prevalent Wind", "it": "Vento di Giro", "ja": "場風牌"},
    closed=1,
    open=1,
    ref="EMA-YAKU-12",
    tiles_any=WINDS,
    requires=(GroupKind.PUNG, GroupKind.KONG),
    note="with Seat Wind when both (2 han)",
    examples=("111z123m456p78s99p+9s",),
)
def prevalent_wind(ctx: WinContext) -> bool:
    """Pung or kong of the prevalent wind."""
    return p.count_pungs_of(ctx, (ctx.round_wind,)) > 0


@PATTERNS.pattern(
    "outside_hand",
    names={"en": "Outside Hand", "it": "Onori Ovunque", "ja": "混全帯幺九"},
    closed=2,
    open=1,
    ref="EMA-YAKU-13",
    tiles_any=HONORS,
    requires=(GroupKind.CHOW,),
    note="needs a chow and an honour; the pair counts (EMA-GAP-12)",
    examples=("123m789p111z78s99s+9s",),
)
def outside_hand(ctx: WinContext) -> bool:
    """Every set and the pair hold a terminal or honour; a chow; an honour."""
    return _standard(ctx) and ctx.has_honours and p.every_group_has(ctx)


@PATTERNS.pattern(
    "after_kong",
    locate=loc.winning_tile,
    names={"en": "After a Kong", "it": "Dopo un Kong", "ja": "嶺上開花"},
    closed=1,
    open=1,
    ref="EMA-YAKU-14",
    flags_any=("replacement",),
    requires=(GroupKind.KONG,),
    examples=("123m456p78s99s(8888m)+6s win=tsumo flags=replacement",),
)
def after_kong(ctx: WinContext) -> bool:
    """Tsumo on a replacement tile (flag ``replacement``)."""
    return ctx.self_drawn and ctx.has("replacement")


@PATTERNS.pattern(
    "robbing_kong",
    locate=loc.winning_tile,
    names={"en": "Robbing the Kong", "it": "Kong Rubato", "ja": "槍槓"},
    closed=1,
    open=1,
    ref="EMA-YAKU-15",
    flags_any=("robbing_kong",),
    examples=("123m456p78s99s(8888m)+6s flags=riichi,robbing_kong",),
)
def robbing_kong(ctx: WinContext) -> bool:
    """Ron on a tile added to a pung (flag ``robbing_kong``)."""
    return not ctx.self_drawn and ctx.has("robbing_kong")


@PATTERNS.pattern(
    "under_the_sea",
    locate=loc.winning_tile,
    names={"en": "Under the Sea", "it": "Sotto il Mare", "ja": "海底摸月"},
    closed=1,
    open=1,
    ref="EMA-YAKU-16",
    flags_any=("last_tile",),
    examples=("123m456p78s99s[8888m]+6s win=tsumo flags=last_tile",),
)
def under_the_sea(ctx: WinContext) -> bool:
    """Tsumo on the last tile (flag ``last_tile``)."""
    return ctx.self_drawn and ctx.has("last_tile")


@PATTERNS.pattern(
    "under_the_river",
    locate=loc.winning_tile,
    names={"en": "Under the River", "it": "Sotto il Mare (su scarto)", "ja": "河底撈魚"},
    closed=1,
    open=1,
    ref="EMA-YAKU-17",
    flags_any=("last_tile",),
    note="the source calls both HAITEI and HOUTEI 'Sotto il Mare'",
    examples=("123m456p78s99s[8888m]+6s flags=last_tile",),
)
def under_the_river(ctx: WinContext) -> bool:
    """Ron on the last discard (flag ``last_tile``)."""
    return not ctx.self_drawn and ctx.has("last_tile")


# ---------------------------------------------------------------- 2 han (EMA 4.2.2)


@PATTERNS.pattern(
    "seven_pairs",
    names={"en": "Seven Pairs", "it": "Sette Coppie", "ja": "七対子"},
    closed=2,
    open=None,
    ref="EMA-YAKU-18",
    note="25 fu fixed",
    requires=(GroupKind.PAIR,),
    min_groups=7,
    examples=("1122m3344p5566s7z+7z",),
)
def seven_pairs(ctx: WinContext) -> bool:
    """Seven different pairs."""
    return ctx.decomposition.shape == "seven_pairs"


@PATTERNS.pattern(
    "triple_pung",
    locate=loc.mixed_triple_pungs,
    names={"en": "Triple Pung", "it": "Triplo Pung", "ja": "三色同刻"},
    closed=2,
    open=2,
    ref="EMA-YAKU-19",
    requires=(GroupKind.PUNG, GroupKind.KONG),
    min_groups=3,
    examples=("222m222p222s45s99p+6s",),
)
def triple_pung(ctx: WinContext) -> bool:
    """Pungs of the same number in each suit."""
    return len(ctx.pungs) >= 3 and p.triple_pung(ctx)


@PATTERNS.pattern(
    "three_concealed_pungs",
    locate=lambda ctx: ctx.concealed_pungs,
    names={"en": "Three Concealed Pungs", "it": "Tre Pung Coperti", "ja": "三暗刻"},
    closed=2,
    open=2,
    ref="EMA-YAKU-20",
    requires=(GroupKind.PUNG, GroupKind.KONG),
    min_groups=3,
    note="a pung completed by ron is open",
    examples=("222m222p22s456s99p+2s win=tsumo",),
)
def three_concealed_pungs(ctx: WinContext) -> bool:
    """Three (or more) concealed pungs or kongs."""
    return len(ctx.concealed_pungs) >= 3


@PATTERNS.pattern(
    "three_kongs",
    locate=loc.kongs,
    names={"en": "Three Kongs", "it": "Tre Kong", "ja": "三槓子"},
    closed=2,
    open=2,
    ref="EMA-YAKU-21",
    requires=(GroupKind.KONG,),
    min_groups=3,
    examples=("456m9p(2222m)(3333p)[4444s]+9p",),
)
def three_kongs(ctx: WinContext) -> bool:
    """Three kongs of any kind."""
    return len(ctx.kongs) >= 3


@PATTERNS.pattern(
    "all_pungs",
    names={"en": "All Pungs", "it": "Tutti Pung", "ja": "対々和"},
    closed=2,
    open=2,
    ref="EMA-YAKU-22",
    requires=(GroupKind.PUNG, GroupKind.KONG),
    min_groups=4,
    examples=("222m444s777z9p[333p]+9p",),
)
def all_pungs(ctx: WinContext) -> bool:
    """Four pungs or kongs and a pair."""
    return p.all_pungs(ctx)


@PATTERNS.pattern(
    "half_flush",
    names={"en": "Half Flush", "it": "Mano Pura", "ja": "混一色"},
    closed=3,
    open=2,
    ref="EMA-YAKU-23",
    tiles_any=HONORS,
    max_suits=1,
    examples=("123m456m789m111z9m+9m",),
)
def half_flush(ctx: WinContext) -> bool:
    """One suit plus honours."""
    return p.is_half_flush(ctx)


@PATTERNS.pattern(
    "little_three_dragons",
    locate=loc.groups_of(DRAGONS),
    names={"en": "Little Three Dragons", "it": "Tre Piccoli Draghi", "ja": "小三元"},
    closed=2,
    open=2,
    ref="EMA-YAKU-24",
    tiles_any=DRAGONS,
    requires=(GroupKind.PUNG, GroupKind.KONG),
    min_groups=2,
    note="the two Dragon Pungs are added (4 han)",
    examples=("555z666z77z123m45m+6m",),
)
def little_three_dragons(ctx: WinContext) -> bool:
    """Two dragon pungs and a dragon pair."""
    return p.little_three_dragons(ctx)


@PATTERNS.pattern(
    "all_terminals_and_honours",
    names={
        "en": "All Terminals and Honours",
        "it": "Solo Tessere di Testa e Onori",
        "ja": "混老頭",
    },
    closed=2,
    open=2,
    ref="EMA-YAKU-25",
    tiles_any=HONORS,
    note="with All Pungs or Seven Pairs (EMA-GAP-38)",
    examples=("111m999p111z9s[222z]+9s",),
)
def all_terminals_and_honours(ctx: WinContext) -> bool:
    """Only terminals and honours, at least one of each."""
    return p.all_terminals_and_honours(ctx) and ctx.has_honours and bool(ctx.suits)


@PATTERNS.pattern(
    "terminals_in_all_sets",
    names={"en": "Terminals in All Sets", "it": "Teste Ovunque", "ja": "純全帯幺九"},
    closed=3,
    open=2,
    ref="EMA-YAKU-26",
    tiles_any=_TERMINALS,
    requires=(GroupKind.CHOW,),
    note="replaces Outside Hand",
    examples=("123m789p111s78s99s+9s",),
)
def terminals_in_all_sets(ctx: WinContext) -> bool:
    """Every set and the pair hold a terminal; a chow; no honours."""
    return _standard(ctx) and not ctx.has_honours and p.every_group_has(ctx, honour=False)


# ---------------------------------------------------------------- 3 and 5-6 han


@PATTERNS.pattern(
    "twice_pure_double_chow",
    locate=loc.identical_chows,
    names={"en": "Twice Pure Double Chow", "it": "Doppio Puro Chow Gemello", "ja": "二盃口"},
    closed=3,
    open=None,
    ref="EMA-YAKU-27",
    requires=(GroupKind.CHOW,),
    min_groups=4,
    excludes=("pure_double_chow",),
    examples=("223344m223344p55s+5s",),
)
def twice_pure_double_chow(ctx: WinContext) -> bool:
    """Two pairs of identical chows."""
    return p.identical_chow_pairs(ctx) == 2


@PATTERNS.pattern(
    "full_flush",
    names={"en": "Full Flush", "it": "Mano Purissima", "ja": "清一色"},
    closed=6,
    open=5,
    ref="EMA-YAKU-28",
    max_suits=1,
    examples=("123m456m789m234m5m+5m",),
)
def full_flush(ctx: WinContext) -> bool:
    """One suit, no honours."""
    return p.is_flush(ctx)


# ---------------------------------------------------------------- yakuman (EMA-YKM)


def _tsumo_first_turn(ctx: WinContext) -> bool:
    return ctx.self_drawn and ctx.has("first_turn") and not ctx.hand.melds


@PATTERNS.pattern(
    "thirteen_orphans_13",
    names={
        "en": "Thirteen Orphans, 13-sided wait",
        "it": "Tredici Orfani, attesa su 13",
        "ja": "国士無双十三面待ち",
    },
    closed=1,
    open=None,
    ref="EMA-YKM-01",
    requires=(GroupKind.SINGLE,),
    excludes=("thirteen_orphans",),
    note="single yakuman in EMA (EMA-GAP-5)",
    unit="yakuman",
    limit=True,
    examples=("19m19p19s1234567z+1m",),
)
def thirteen_orphans_13(ctx: WinContext) -> bool:
    """Thirteen orphans won on the tile of its pair (all 13 kinds were waiting)."""
    pair = ctx.pair
    return (
        ctx.decomposition.shape == "thirteen_orphans"
        and pair is not None
        and (pair.tile == ctx.winning_tile)
    )


@PATTERNS.pattern(
    "thirteen_orphans",
    names={"en": "Thirteen Orphans", "it": "Tredici Orfani", "ja": "国士無双"},
    closed=1,
    open=None,
    ref="EMA-YKM-01",
    requires=(GroupKind.SINGLE,),
    excludes=("thirteen_orphans_13",),
    unit="yakuman",
    limit=True,
    examples=("119m19p19s123456z+7z",),
)
def thirteen_orphans(ctx: WinContext) -> bool:
    """One of each terminal and honour plus one more."""
    return ctx.decomposition.shape == "thirteen_orphans"


@PATTERNS.pattern(
    "nine_gates_9",
    names={"en": "Nine Gates, 9-sided wait", "it": "Nove Porte, attesa su 9", "ja": "純正九蓮宝燈"},
    closed=1,
    open=None,
    ref="EMA-YKM-02",
    tiles_any=_TERMINALS,
    excludes=("nine_gates",),
    note="single yakuman in EMA (EMA-GAP-5)",
    unit="yakuman",
    limit=True,
    max_suits=1,
    examples=("1112345678999m+5m",),
)
def nine_gates_9(ctx: WinContext) -> bool:
    """Nine gates with 1112345678999 before the winning tile."""
    return p.is_pure_nine_gates(ctx)


@PATTERNS.pattern(
    "nine_gates",
    names={"en": "Nine Gates", "it": "Nove Porte", "ja": "九蓮宝燈"},
    closed=1,
    open=None,
    ref="EMA-YKM-02",
    tiles_any=_TERMINALS,
    excludes=("nine_gates_9",),
    unit="yakuman",
    limit=True,
    max_suits=1,
    examples=("1112345678899m+9m",),
)
def nine_gates(ctx: WinContext) -> bool:
    """1112345678999 of one suit plus one tile of that suit, concealed."""
    return p.is_nine_gates(ctx)


@PATTERNS.pattern(
    "blessing_of_heaven",
    names={"en": "Blessing of Heaven", "it": "Benedizione del Cielo", "ja": "天和"},
    closed=1,
    open=None,
    ref="EMA-YKM-03",
    flags_any=("first_turn",),
    note="flag first_turn, East, no kong before (EMA-GAP-4)",
    unit="yakuman",
    limit=True,
    examples=("234m567m345p67s22p+8s win=tsumo seat_wind=E flags=first_turn",),
)
def blessing_of_heaven(ctx: WinContext) -> bool:
    """East wins on his dealt 14 tiles."""
    return ctx.seat_wind is Tile.EAST and _tsumo_first_turn(ctx)


@PATTERNS.pattern(
    "blessing_of_earth",
    names={"en": "Blessing of Earth", "it": "Benedizione della Terra", "ja": "地和"},
    closed=1,
    open=None,
    ref="EMA-YKM-04",
    flags_any=("first_turn",),
    note="flag first_turn",
    unit="yakuman",
    limit=True,
    examples=("234m567m345p67s22p+8s win=tsumo flags=first_turn seat_wind=S",),
)
def blessing_of_earth(ctx: WinContext) -> bool:
    """A non-East player wins by tsumo on his first, uninterrupted draw."""
    return ctx.seat_wind is not Tile.EAST and _tsumo_first_turn(ctx)


@PATTERNS.pattern(
    "blessing_of_man",
    names={"en": "Blessing of Man", "it": "Benedizione dell'Uomo", "ja": "人和"},
    closed=1,
    open=None,
    ref="EMA-YKM-05",
    flags_any=("first_turn",),
    note="flag first_turn; yakuman in 2008 (EMA-GAP-4)",
    unit="yakuman",
    limit=True,
    examples=("234m567m345p67s22p+8s flags=first_turn seat_wind=S",),
)
def blessing_of_man(ctx: WinContext) -> bool:
    """A non-East player wins by ron before his first draw."""
    return (
        ctx.seat_wind is not Tile.EAST
        and not ctx.self_drawn
        and ctx.has("first_turn")
        and not ctx.hand.melds
    )


@PATTERNS.pattern(
    "four_concealed_pungs_single",
    locate=lambda ctx: ctx.concealed_pungs,
    names={
        "en": "Four Concealed Pungs, single wait",
        "it": "Quattro Pung Coperti, attesa singola",
        "ja": "四暗刻単騎",
    },
    closed=1,
    open=None,
    ref="EMA-YKM-06",
    requires=(GroupKind.PUNG, GroupKind.KONG),
    min_groups=4,
    excludes=("four_concealed_pungs",),
    note="single yakuman in EMA (EMA-GAP-5)",
    unit="yakuman",
    limit=True,
    examples=("111m222p333s444z5m+5m",),
)
def four_concealed_pungs_single(ctx: WinContext) -> bool:
    """Four concealed pungs, won on the pair."""
    return len(ctx.concealed_pungs) == 4 and ctx.wait is WaitKind.SINGLE


@PATTERNS.pattern(
    "four_concealed_pungs",
    locate=lambda ctx: ctx.concealed_pungs,
    names={"en": "Four Concealed Pungs", "it": "Quattro Pung Coperti", "ja": "四暗刻"},
    closed=1,
    open=None,
    ref="EMA-YKM-06",
    requires=(GroupKind.PUNG, GroupKind.KONG),
    min_groups=4,
    excludes=("four_concealed_pungs_single",),
    unit="yakuman",
    limit=True,
    examples=("111m222p333s44z55m+4z win=tsumo",),
)
def four_concealed_pungs(ctx: WinContext) -> bool:
    """Four concealed pungs or kongs (a ron-completed pung is open)."""
    return len(ctx.concealed_pungs) == 4


@PATTERNS.pattern(
    "four_kongs",
    locate=loc.kongs,
    names={"en": "Four Kongs", "it": "Quattro Kong", "ja": "四槓子"},
    closed=1,
    open=1,
    ref="EMA-YKM-07",
    requires=(GroupKind.KONG,),
    min_groups=4,
    unit="yakuman",
    limit=True,
    examples=("5m(1111m)(2222p)[3333s][4444z]+5m",),
)
def four_kongs(ctx: WinContext) -> bool:
    """Four kongs of any kind."""
    return len(ctx.kongs) == 4


@PATTERNS.pattern(
    "all_green",
    names={"en": "All Green", "it": "Tutto Verde", "ja": "緑一色"},
    closed=1,
    open=1,
    ref="EMA-YKM-08",
    note="green dragon not required",
    unit="yakuman",
    limit=True,
    max_suits=1,
    examples=("234s234s666s888s6z+6z",),
)
def all_green(ctx: WinContext) -> bool:
    """Only 2, 3, 4, 6, 8 of bamboo and green dragons."""
    return p.all_in_set(ctx, p.GREEN_TILES)


@PATTERNS.pattern(
    "all_terminals",
    names={"en": "All Terminals", "it": "Tutte Teste", "ja": "清老頭"},
    closed=1,
    open=1,
    ref="EMA-YKM-09",
    tiles_any=_TERMINALS,
    unit="yakuman",
    limit=True,
    examples=("111m999m111p1s[999p]+1s",),
)
def all_terminals(ctx: WinContext) -> bool:
    """Only 1s and 9s."""
    return p.all_terminals(ctx)


@PATTERNS.pattern(
    "all_honours",
    names={"en": "All Honours", "it": "Tutti Onori", "ja": "字一色"},
    closed=1,
    open=1,
    ref="EMA-YKM-10",
    tiles_any=HONORS,
    unit="yakuman",
    limit=True,
    max_suits=0,
    examples=("111z222z333z7z[555z]+7z",),
)
def all_honours(ctx: WinContext) -> bool:
    """Only winds and dragons (seven pairs shape included)."""
    return p.all_honours(ctx)


@PATTERNS.pattern(
    "big_three_dragons",
    locate=loc.pungs_of(DRAGONS),
    names={"en": "Big Three Dragons", "it": "Tre Grandi Dragoni", "ja": "大三元"},
    closed=1,
    open=1,
    ref="EMA-YKM-11",
    tiles_any=DRAGONS,
    requires=(GroupKind.PUNG, GroupKind.KONG),
    min_groups=3,
    note="liability (pao)",
    unit="yakuman",
    limit=True,
    examples=("555z666z777z123m9p+9p",),
)
def big_three_dragons(ctx: WinContext) -> bool:
    """Three dragon pungs or kongs."""
    return p.big_three_dragons(ctx)


@PATTERNS.pattern(
    "little_four_winds",
    locate=loc.groups_of(WINDS),
    names={"en": "Little Four Winds", "it": "Quattro Piccoli Venti", "ja": "小四喜"},
    closed=1,
    open=1,
    ref="EMA-YKM-12",
    tiles_any=WINDS,
    requires=(GroupKind.PUNG, GroupKind.KONG),
    min_groups=3,
    unit="yakuman",
    limit=True,
    examples=("111z222z333z44z12m+3m",),
)
def little_four_winds(ctx: WinContext) -> bool:
    """Three wind pungs and a wind pair."""
    return p.little_four_winds(ctx)


@PATTERNS.pattern(
    "big_four_winds",
    locate=loc.pungs_of(WINDS),
    names={"en": "Big Four Winds", "it": "Quattro Grandi Venti", "ja": "大四喜"},
    closed=2,
    open=2,
    ref="EMA-YKM-13",
    tiles_any=WINDS,
    requires=(GroupKind.PUNG, GroupKind.KONG),
    min_groups=4,
    note="double yakuman; liability (pao)",
    unit="yakuman",
    limit=True,
    examples=("111z222z333z444z5m+5m",),
)
def big_four_winds(ctx: WinContext) -> bool:
    """Four wind pungs or kongs."""
    return p.big_four_winds(ctx)


# ---------------------------------------------------------------- dora (EMA-DORA)


def count_dora(counts: tuple[int, ...], indicators: tuple[Tile, ...]) -> int:
    """Han from ``indicators`` for a hand with 34-``counts`` (EMA-DORA-2).

    >>> c = [0] * 34; c[1] = 2
    >>> count_dora(tuple(c), (Tile.M1, Tile.M1, Tile.EAST))
    4
    """
    return sum(counts[dora_of(i)] for i in indicators)


@PATTERNS.pattern(
    "dora",
    locate=loc.tiles_of(lambda ctx: {dora_of(i) for i in ctx.dora}),
    names={"en": "Dora (incl. kan dora)", "it": "Dora (anche kan dora)", "ja": "ドラ"},
    closed=1,
    open=1,
    ref="EMA-DORA-2",
    note="per tile per indicator; not a yaku",
    examples=("234m567m345p67s22p+8s dora=1m",),
)
def dora(ctx: WinContext) -> int:
    """One han per tile per dora indicator naming it."""
    return count_dora(ctx.counts, ctx.dora) if ctx.dora else 0


@PATTERNS.pattern(
    "ura_dora",
    locate=loc.tiles_of(lambda ctx: {dora_of(i) for i in ctx.ura}),
    names={"en": "Ura Dora", "it": "Ura Dora", "ja": "裏ドラ"},
    closed=1,
    open=None,
    ref="EMA-DORA-3",
    flags_any=("riichi", "double_riichi"),
    note="riichi winners only; not a yaku",
    examples=("234m567m345p67s22p+8s flags=riichi ura=1m",),
)
def ura_dora(ctx: WinContext) -> int:
    """Like dora, with the indicators under the dora indicators, for riichi winners."""
    return count_dora(ctx.counts, ctx.ura) if ctx.ura and in_riichi(ctx) else 0


@PATTERNS.pattern(
    "red_five",
    locate=loc.red_fives,
    names={"en": "Red Five", "it": "Cinque Rosso", "ja": "赤ドラ"},
    closed=1,
    open=1,
    ref="EMA-DORA-4",
    note="per red five; not a yaku",
    examples=("234m067m345p67s22p+8s",),
)
def red_five(ctx: WinContext) -> int:
    """One han per red five held."""
    return ctx.red_fives


PATTERNS.check()
