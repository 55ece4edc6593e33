"""The 81 MCR fans (spec ``mcr.md`` §14), declared once with number, value, names and conditions.

Each fan is a :class:`~muraglia.scoring.patterns.Pattern` whose ``ref`` is ``MCR-FAN-nn`` (the
Italian source's numbering) and whose ``excludes`` lists the fans it includes or does not combine
with (non-repeat principle, MCR-COUNT-2: source notes, spec decisions and MCR-GAP-25). Per-set
exclusions (a dragon or value-wind pung never also scores Pung of Terminals or Honours, the wind
pungs of the wind fans neither) live in the predicates; the chow combination fans follow
MCR-COUNT-3…6 through :func:`~muraglia.rulesets.mcr.counting.chow_fans`.

>>> len(PATTERNS), PATTERNS["pure_straight"].ref, PATTERNS["pure_straight"].closed
(81, 'MCR-FAN-49', 16)
>>> PATTERNS["seven_pairs"].excludes
('all_types', 'fully_concealed_hand', 'concealed_hand', 'single_wait')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from muraglia.analysis.groups import Group, GroupKind, WaitKind
from muraglia.rulesets.mcr.context import mcr
from muraglia.rulesets.mcr.shapes import KNITTED_PATTERNS
from muraglia.scoring import locate as loc
from muraglia.scoring import predicates as p
from muraglia.scoring.context import DRAGONS, WINDS, WinContext, WinType
from muraglia.scoring.locate import Located, Locator
from muraglia.scoring.patterns import PatternTable, Predicate
from muraglia.scoring.result import TileSource
from muraglia.tiles import NUM_KINDS, NUM_SUITED, RANKS, Tile

__all__ = [
    "BY_NUMBER",
    "EDITION_VALUES",
    "FANS",
    "KNITTED_PATTERNS",
    "NUMBER",
    "PATTERNS",
    "REVERSIBLE_TILES",
]

FANS: tuple[tuple[int, str, int, str, str, str], ...] = (
    (1, "pure_double_chow", 1, "Due Scale Uguali di Colore", "Pure Double Chow", "一般高"),
    (2, "mixed_double_chow", 1, "Due Scale Uguali Miste", "Mixed Double Chow", "喜相逢"),
    (3, "short_straight", 1, "Serpentino", "Short Straight", "连六"),
    (4, "two_terminal_chows", 1, "Due Scale Laterali di Colore", "Two Terminal Chows", "老少副"),
    (5, "pung_of_terminals_or_honours", 1, "Tris di Testa", "Pung of Terminals or Honours",
     "幺九刻"),
    (6, "melded_kong", 1, "Poker Scoperto", "Melded Kong", "明杠"),
    (7, "one_voided_suit", 1, "Senza un Seme", "One Voided Suit", "缺一门"),
    (8, "no_honours", 1, "Senza Onori", "No Honours", "无字"),
    (9, "edge_wait", 1, "A Punto su 3 o 7", "Edge Wait", "边张"),
    (10, "closed_wait", 1, "A Punto su Incastro", "Closed Wait", "坎张"),
    (11, "single_wait", 1, "A Punto sulla Coppia", "Single Wait", "单钓将"),
    (12, "self_drawn", 1, "Chiusura Pescata", "Self-Drawn", "自摸"),
    (13, "flower_tiles", 1, "Fiori e Stagioni", "Flower Tiles", "花牌"),
    (14, "dragon_pung", 2, "Tris di Drago", "Dragon Pung", "箭刻"),
    (15, "prevalent_wind", 2, "Tris del Vento di Giro", "Prevalent Wind", "圈风刻"),
    (16, "seat_wind", 2, "Tris del Proprio Vento", "Seat Wind", "门风刻"),
    (17, "concealed_hand", 2, "Quasi Tutto Pescato", "Concealed Hand", "门前清"),
    (18, "all_chows", 2, "Tutte Scale", "All Chows", "平和"),
    (19, "tile_hog", 2, "Tutte e Quattro", "Tile Hog", "四归一"),
    (20, "double_pung", 2, "Due Tris Uguali", "Double Pung", "双同刻"),
    (21, "two_concealed_pungs", 2, "Due Tris Coperti", "Two Concealed Pungs", "双暗刻"),
    (22, "concealed_kong", 2, "Poker Coperto", "Concealed Kong", "暗杠"),
    (23, "all_simples", 2, "Senza Teste", "All Simples", "断幺"),
    (24, "outside_hand", 4, "Teste Ovunque", "Outside Hand", "全带幺"),
    (25, "fully_concealed_hand", 4, "Tutto Pescato", "Fully Concealed Hand", "不求人"),
    (26, "two_kongs", 4, "Due Poker", "Two Kongs", "双明杠"),
    (27, "last_tile", 4, "Quarto Pezzo", "Last Tile", "和绝张"),
    (28, "all_pungs", 6, "Tutti Tris", "All Pungs", "碰碰和"),
    (29, "half_flush", 6, "Mano Pura", "Half Flush", "混一色"),
    (30, "mixed_shifted_chows", 6, "Tre Scale Incatenate nei Tre Semi", "Mixed Shifted Chows",
     "三色三步高"),
    (31, "all_types", 6, "Tutti i Tipi", "All Types", "五门齐"),
    (32, "melded_hand", 6, "Tutto Chiamato", "Melded Hand", "全求人"),
    (33, "two_concealed_kongs", 6, "Due Poker Coperti", "Two Concealed Kongs", "双暗杠"),
    (34, "two_dragon_pungs", 6, "Due Tris di Drago", "Two Dragon Pungs", "双箭刻"),
    (35, "mixed_straight", 8, "Serpente nei Tre Semi", "Mixed Straight", "花龙"),
    (36, "reversible_tiles", 8, "Senza Verso", "Reversible Tiles", "推不倒"),
    (37, "mixed_triple_chow", 8, "Tre Scale Uguali nei Tre Semi", "Mixed Triple Chow",
     "三色三同顺"),
    (38, "mixed_shifted_pungs", 8, "Tre Tris Consecutivi nei Tre Semi", "Mixed Shifted Pungs",
     "三色三节高"),
    (39, "chicken_hand", 8, "Mano del Pollo", "Chicken Hand", "无番和"),
    (40, "last_tile_draw", 8, "Ultima Pedina", "Last Tile Draw", "妙手回春"),
    (41, "last_tile_claim", 8, "Ultimo Scarto", "Last Tile Claim", "海底捞月"),
    (42, "out_with_replacement_tile", 8, "Chiuso col Rimpiazzo del Poker",
     "Out with Replacement Tile", "杠上开花"),
    (43, "robbing_the_kong", 8, "Pezzo Rubato", "Robbing the Kong", "抢杠和"),
    (44, "lesser_honours_and_knitted_tiles", 12, "Piccolo Raduno degli Onori",
     "Lesser Honours and Knitted Tiles", "全不靠"),
    (45, "knitted_straight", 12, "Serpente Legato", "Knitted Straight", "组合龙"),
    (46, "upper_four", 12, "Sopra il Cinque", "Upper Four", "大于五"),
    (47, "lower_four", 12, "Sotto il Cinque", "Lower Four", "小于五"),
    (48, "big_three_winds", 12, "Tre Benedizioni della Casa", "Big Three Winds", "三风刻"),
    (49, "pure_straight", 16, "Serpente di Colore", "Pure Straight", "清龙"),
    (50, "three_suited_terminal_chows", 16, "Doppie Scale Laterali con Tutti i Semi",
     "Three-Suited Terminal Chows", "三色双龙会"),
    (51, "pure_shifted_chows", 16, "Tre Scale Incatenate di Colore", "Pure Shifted Chows",
     "一色三步高"),
    (52, "all_fives", 16, "Cinque Ovunque", "All Fives", "全带五"),
    (53, "triple_pung", 16, "Tre Tris Uguali", "Triple Pung", "三同刻"),
    (54, "three_concealed_pungs", 16, "Tre Tris Coperti", "Three Concealed Pungs", "三暗刻"),
    (55, "seven_pairs", 24, "Tutte Coppie", "Seven Pairs", "七对"),
    (56, "greater_honours_and_knitted_tiles", 24, "Grande Raduno degli Onori",
     "Greater Honours and Knitted Tiles", "七星不靠"),
    (57, "all_even_pungs", 24, "Tutte Pari", "All Even Pungs", "全双刻"),
    (58, "full_flush", 24, "Mano Purissima", "Full Flush", "清一色"),
    (59, "pure_triple_chow", 24, "Tre Scale Uguali di Colore", "Pure Triple Chow", "一色三同顺"),
    (60, "pure_shifted_pungs", 24, "Tre Tris Consecutivi di Colore", "Pure Shifted Pungs",
     "一色三节高"),
    (61, "upper_tiles", 24, "Tre Superiori", "Upper Tiles", "全大"),
    (62, "middle_tiles", 24, "Tre Centrali", "Middle Tiles", "全中"),
    (63, "lower_tiles", 24, "Tre Inferiori", "Lower Tiles", "全小"),
    (64, "four_shifted_chows", 32, "Quattro Scale Incatenate di Colore", "Four Shifted Chows",
     "一色四步高"),
    (65, "three_kongs", 32, "Tre Poker", "Three Kongs", "三杠"),
    (66, "all_terminals_and_honours", 32, "Tutte Teste", "All Terminals and Honours", "混幺九"),
    (67, "quadruple_chow", 48, "Quattro Scale Uguali di Colore", "Quadruple Chow", "一色四同顺"),
    (68, "four_pure_shifted_pungs", 48, "Quattro Tris Consecutivi di Colore",
     "Four Pure Shifted Pungs", "一色四节高"),
    (69, "all_terminals", 64, "Tutti Estremi", "All Terminals", "清幺九"),
    (70, "little_four_winds", 64, "Quattro Piccole Benedizioni della Casa", "Little Four Winds",
     "小四喜"),
    (71, "little_three_dragons", 64, "Piccolo Raduno dei Dragoni", "Little Three Dragons",
     "小三元"),
    (72, "all_honours", 64, "Tutti Onori", "All Honours", "字一色"),
    (73, "four_concealed_pungs", 64, "Quattro Tris Coperti", "Four Concealed Pungs", "四暗刻"),
    (74, "pure_terminal_chows", 64, "Doppie Scale Laterali di Colore", "Pure Terminal Chows",
     "一色双龙会"),
    (75, "big_four_winds", 88, "Quattro Grandi Benedizioni della Casa", "Big Four Winds",
     "大四喜"),
    (76, "big_three_dragons", 88, "Grande Raduno dei Dragoni", "Big Three Dragons", "大三元"),
    (77, "all_green", 88, "Tutto Verde", "All Green", "绿一色"),
    (78, "nine_gates", 88, "Casa Piena di Nove Pezzi", "Nine Gates", "九莲宝灯"),
    (79, "four_kongs", 88, "Tutti Poker", "Four Kongs", "四杠"),
    (80, "seven_shifted_pairs", 88, "Sette Coppie Consecutive di Colore", "Seven Shifted Pairs",
     "连七对"),
    (81, "thirteen_orphans", 88, "Tredici Lanterne Meravigliose", "Thirteen Orphans", "十三幺"),
)  # fmt: skip
"""(number, id, points, Italian, English, Chinese) of every fan, in the source's order."""

BY_NUMBER: dict[int, str] = {n: pid for n, pid, *_ in FANS}
"""Fan number -> pattern id."""
NUMBER: dict[str, int] = {pid: n for n, pid, *_ in FANS}
"""Pattern id -> fan number."""
EXAMPLES: dict[str, tuple[str, ...]] = {
    "pure_double_chow": ("123m123m456p789s55s+5s",),
    "mixed_double_chow": ("123m123p456s789s55s+5s",),
    "short_straight": ("123m456m234p789s55s+5s",),
    "two_terminal_chows": ("123m789m234p456s55s+5s",),
    "pung_of_terminals_or_honours": ("111m456p789s234s55s+5s",),
    "melded_kong": ("123m456p789s55s[2222p]+5s",),
    "one_voided_suit": ("123m456m789p123p55p+5p",),
    "no_honours": ("111m456p789s234s99s+9s",),
    "edge_wait": ("12m456p789s234s55s+3m",),
    "closed_wait": ("13m456p789s234s55s+2m",),
    "single_wait": ("456p789s234s555z1m+1m",),
    "self_drawn": ("123m456p234s55s[789s]+5s win=tsumo",),
    "flower_tiles": ("123m456p789s234s55s1f3f+5s",),
    "dragon_pung": ("555z456p789s234s55s+5s",),
    "prevalent_wind": ("222z456p789s234s55s+5s round_wind=S",),
    "seat_wind": ("222z456p789s234s55s+5s seat_wind=S",),
    "concealed_hand": ("123m456p789s234s55s+5s",),
    "all_chows": ("123m456p789s234s55s+5s",),
    "tile_hog": ("123m111m456p789s55s+5s",),
    "double_pung": ("222m222p456s789s55s+5s",),
    "two_concealed_pungs": ("222m333p456s789s55s+5s",),
    "concealed_kong": ("456p789s234s55s(2222m)+5s",),
    "all_simples": ("234m456p678s234s55s+5s",),
    "outside_hand": ("123m789p123s999s1z+1z",),
    "fully_concealed_hand": ("123m456p789s234s55s+5s win=tsumo",),
    "two_kongs": ("123m456p55s[7777s][8888p]+5s",),
    "last_tile": ("123m456p789s234s55s+5s flags=last_of_kind",),
    "all_pungs": ("444s66s[222m][333p][888s]+6s",),
    "half_flush": ("123m456m789m111z2z+2z",),
    "mixed_shifted_chows": ("123m234p345s789s55s+5s",),
    "all_types": ("123m456p789s111z5z+5z",),
    "melded_hand": ("5s[345m<][567p<][888s][111z]+5s",),
    "two_concealed_kongs": ("123s789s5m(1111p)(9999p)+5m win=tsumo",),
    "two_dragon_pungs": ("555z666z123m456p1s+1s",),
    "mixed_straight": ("123m456p789s234s55s+5s",),
    "reversible_tiles": ("123p345p888p456s5z+5z",),
    "mixed_triple_chow": ("123m123p123s456s55s+5s",),
    "mixed_shifted_pungs": ("222m333p444s789s55s+5s",),
    "chicken_hand": ("45s33z[234m<][666p][888s]+6s seat_wind=S",),
    "last_tile_draw": ("123m456p234s55s[789s]+5s win=tsumo flags=last_tile",),
    "last_tile_claim": ("123m456p234s55s[789s]+5s flags=last_tile",),
    "out_with_replacement_tile": ("123m456p55s789s[2222s]+5s win=tsumo flags=replacement",),
    "robbing_the_kong": ("123m789m234p45s99p+6s flags=robbing_kong",),
    "lesser_honours_and_knitted_tiles": ("147m258p36s12345z+6z",),
    "knitted_straight": ("147m258p36s111z77z+9s seat_wind=S",),
    "upper_four": ("678m789p666s789s99s+9s",),
    "lower_four": ("123m234p111s234s44s+4s",),
    "big_three_winds": ("111z222z333z123m55s+5s seat_wind=N round_wind=N",),
    "pure_straight": ("12345678p234s55m+9p win=tsumo seat_wind=S",),
    "three_suited_terminal_chows": ("123m789m123p789p55s+5s",),
    "pure_shifted_chows": ("123m234m345m789p55s+5s",),
    "all_fives": ("345m456p567s555p55s+5s",),
    "triple_pung": ("222m222p222s456s55s+5s",),
    "three_concealed_pungs": ("222m333p444s456s9m+9m",),
    "seven_pairs": ("2222m44p66p33s77s8s+8s",),
    "greater_honours_and_knitted_tiles": ("147m258p1234567z+3s",),
    "all_even_pungs": ("222m444p666s888s2p+2p",),
    "full_flush": ("123s234s345s678s9s+9s",),
    "pure_triple_chow": ("123m456p55s[123m<][123m<]+5s",),
    "pure_shifted_pungs": ("222m333m444m567p55s+5s",),
    "upper_tiles": ("789m789p777s999s88s+8s",),
    "middle_tiles": ("456m456p456s444m55s+5s",),
    "lower_tiles": ("123s123s1s[111m][111p]+1s",),
    "four_shifted_chows": ("123m234m345m456m55s+5s",),
    "three_kongs": ("123m55s[2222p][3333s](4444m)+5s",),
    "all_terminals_and_honours": ("111m999p111z999s2z+2z",),
    "quadruple_chow": ("123m123m123m123m55s+5s",),
    "four_pure_shifted_pungs": ("222m333m444m555m9s+9s",),
    "all_terminals": ("111m999m111p999p1s+1s",),
    "little_four_winds": ("111z222z333z4z123m+4z",),
    "little_three_dragons": ("555z666z7z123m456m+7z",),
    "all_honours": ("111z222z333z555z7z+7z seat_wind=N round_wind=N",),
    "four_concealed_pungs": ("111m555p888s444z7z+7z win=tsumo",),
    "pure_terminal_chows": ("123m123m789m789m5m+5m",),
    "big_four_winds": ("111z222z333z444z5m+5m",),
    "big_three_dragons": ("555z123m9m[777z][6666z]+9m",),
    "all_green": ("234s234s666s888s6z+6z",),
    "nine_gates": ("1112345678999m+5m",),
    "four_kongs": ("5m[1111p][2222s][3333m](4444z)+5m",),
    "seven_shifted_pairs": ("1122334455667m+7m",),
    "thirteen_orphans": ("19m19p19s1234567z+5z win=tsumo",),
}  # fmt: skip
"""A hand that scores each fan (:attr:`~muraglia.scoring.patterns.Pattern.examples`; some are
under the 8-fan minimum, the fan is awarded all the same)."""


def _combination(pid: str) -> Locator:
    """The locator of a chow combination fan: exactly the chows that form it (MCR-COUNT-6)."""

    def locate(ctx: WinContext) -> tuple[Group, ...]:
        return mcr(ctx).chow_groups.get(pid, ())

    return locate


def _with_pair(locator: Locator) -> Locator:
    """``locator``'s groups and the pair (the terminal-chows fans name the pair of fives)."""

    def locate(ctx: WinContext) -> list[Located]:
        pair = ctx.pair
        return [*locator(ctx), *(() if pair is None else (pair,))]

    return locate


def _concealed_pungs(ctx: WinContext) -> tuple[Group, ...]:
    return ctx.concealed_pungs


def _heads(ctx: WinContext) -> list[Group]:
    return [g for g in ctx.pungs if g.tile in HEADS]


def _wind_of(ctx: WinContext, wind: Tile) -> list[Group]:
    return [g for g in ctx.pungs if g.tile is wind]


def _flowers(ctx: WinContext) -> list[TileSource]:
    return [TileSource("bonus", ctx.hand.bonus)] if ctx.hand.bonus else []


def _same_number_pungs(ctx: WinContext) -> list[Group]:
    """Pungs whose number is also a pung in another suit (double pung)."""
    suited = [g for g in ctx.pungs if g.tile < Tile.EAST]
    ranks = Counter(g.tile.rank for g in suited)
    return [g for g in suited if ranks[g.tile.rank] >= 2]


def _suited_pungs(ctx: WinContext) -> list[Group]:
    return [g for g in ctx.pungs if g.tile < Tile.EAST]


LOCATORS: dict[str, Locator] = {
    "pure_double_chow": _combination("pure_double_chow"),
    "mixed_double_chow": _combination("mixed_double_chow"),
    "short_straight": _combination("short_straight"),
    "two_terminal_chows": _combination("two_terminal_chows"),
    "pung_of_terminals_or_honours": _heads,
    "melded_kong": loc.kongs,
    "edge_wait": loc.winning_tile,
    "closed_wait": loc.winning_tile,
    "single_wait": loc.winning_tile,
    "self_drawn": loc.winning_tile,
    "flower_tiles": _flowers,
    "dragon_pung": loc.pungs_of(DRAGONS),
    "prevalent_wind": lambda ctx: _wind_of(ctx, ctx.round_wind),
    "seat_wind": lambda ctx: _wind_of(ctx, ctx.seat_wind),
    "double_pung": _same_number_pungs,
    "two_concealed_pungs": _concealed_pungs,
    "concealed_kong": loc.kongs,
    "two_kongs": loc.kongs,
    "last_tile": loc.winning_tile,
    "all_pungs": loc.pungs,
    "mixed_shifted_chows": _combination("mixed_shifted_chows"),
    "two_concealed_kongs": loc.kongs,
    "two_dragon_pungs": loc.pungs_of(DRAGONS),
    "mixed_straight": _combination("mixed_straight"),
    "mixed_triple_chow": _combination("mixed_triple_chow"),
    "mixed_shifted_pungs": _suited_pungs,
    "last_tile_draw": loc.winning_tile,
    "last_tile_claim": loc.winning_tile,
    "out_with_replacement_tile": loc.winning_tile,
    "robbing_the_kong": loc.winning_tile,
    "big_three_winds": loc.pungs_of(WINDS),
    "pure_straight": _combination("pure_straight"),
    "three_suited_terminal_chows": _with_pair(_combination("three_suited_terminal_chows")),
    "pure_shifted_chows": _combination("pure_shifted_chows"),
    "triple_pung": loc.mixed_triple_pungs,
    "three_concealed_pungs": _concealed_pungs,
    "pure_triple_chow": _combination("pure_triple_chow"),
    "pure_shifted_pungs": _suited_pungs,
    "four_shifted_chows": _combination("four_shifted_chows"),
    "three_kongs": loc.kongs,
    "quadruple_chow": _combination("quadruple_chow"),
    "four_pure_shifted_pungs": _suited_pungs,
    "little_four_winds": loc.groups_of(WINDS),
    "little_three_dragons": loc.groups_of(DRAGONS),
    "four_concealed_pungs": _concealed_pungs,
    "big_four_winds": loc.pungs_of(WINDS),
    "big_three_dragons": loc.pungs_of(DRAGONS),
    "four_kongs": loc.kongs,
}
"""Which groups or tiles earn each fan (:mod:`muraglia.scoring.locate`); a fan not listed is
about the whole hand (flushes, the special shapes, all simples...). A chow combination fan points
at exactly the chows that form it under MCR-COUNT-6 (:attr:`McrContext.chow_groups
<muraglia.rulesets.mcr.context.McrContext.chow_groups>`), never at another chow of the hand."""

_ROW: dict[int, tuple[str, int, str, str, str]] = {
    n: (pid, v, it, en, zh) for n, pid, v, it, en, zh in FANS
}

PATTERNS = PatternTable("mcr", unit="fan")
"""The fan table, in the source's order (MCR-FAN-01 … MCR-FAN-81)."""

EDITION_VALUES: dict[int, dict[str, int]] = {
    1998: {},
    2006: {"two_concealed_kongs": 8},  # MCR-GAP-3: WMO 2006 (and SLO) value
}
"""Fan values that differ from the 1998 table (:data:`FANS`), by edition (option ``edition``)."""

REVERSIBLE_TILES = frozenset(
    (Tile.P1, Tile.P2, Tile.P3, Tile.P4, Tile.P5, Tile.P8, Tile.P9,
     Tile.S2, Tile.S4, Tile.S5, Tile.S6, Tile.S8, Tile.S9, Tile.WHITE)
)  # fmt: skip
"""Tiles with a point-symmetric face (MCR-FAN-36)."""

_ALL = tuple(Tile(i) for i in range(NUM_KINDS))
SUITED = frozenset(_ALL[:NUM_SUITED])
"""Suit tiles (no honours)."""
HONOURS = frozenset(_ALL[NUM_SUITED:])
"""Winds and dragons."""
TERMINALS = frozenset(t for t in SUITED if t.rank in (1, RANKS))
"""1s and 9s."""
HEADS = TERMINALS | HONOURS
"""Terminals and honours."""
SIMPLES = SUITED - TERMINALS
"""Suit tiles 2 to 8."""


def ranks(*numbers: int) -> frozenset[Tile]:
    """The suit tiles of the given numbers (1-9), in the three suits."""
    return frozenset(t for t in SUITED if t.rank in numbers)


_PUNGS = (GroupKind.PUNG, GroupKind.KONG)
_CHOWS = (GroupKind.CHOW,)
_KONGS = (GroupKind.KONG,)


def fan(
    number: int, *, excludes: Sequence[int] = (), note: str = "",
    requires: Sequence[GroupKind] = (), min_groups: int = 1, max_suits: int = 3,
    flags_any: Iterable[str] = (), tiles_any: Iterable[Tile] = (),
    tiles_within: Iterable[Tile] = (),
) -> Callable[[Predicate], Predicate]:  # fmt: skip
    """Register the predicate of fan ``number`` with its data from :data:`FANS`.

    ``requires``/``min_groups``, ``max_suits``, ``flags_any``, ``tiles_any`` and
    ``tiles_within`` are necessary conditions of the predicate (the fan cannot hold without
    them): the evaluation plans skip the predicate in O(1) when one fails.
    """
    pid, value, it, en, zh = _ROW[number]
    return PATTERNS.pattern(
        pid,
        names={"it": it, "en": en, "zh": zh},
        closed=value,
        open=value,
        ref=f"MCR-FAN-{number:02d}",
        excludes=tuple(BY_NUMBER[x] for x in excludes),
        requires=requires,
        min_groups=min_groups,
        max_suits=max_suits,
        flags_any=flags_any,
        tiles_any=tiles_any,
        tiles_within=tiles_within,
        examples=EXAMPLES.get(pid, ()),
        note=note,
        locate=LOCATORS.get(pid, loc.whole_hand),
    )


def _chow_fan(ctx: WinContext, pid: str) -> int:
    return mcr(ctx).chow_fans.get(pid, 0)


def _wind_pungs(ctx: WinContext) -> int:
    return p.count_pungs_of(ctx, WINDS)


def _dragon_pungs(ctx: WinContext) -> int:
    return p.count_pungs_of(ctx, DRAGONS)


def _ranks_within(ctx: WinContext, ranks: frozenset[int]) -> bool:
    """Only suit tiles, all of ``ranks``."""
    return not ctx.has_honours and all(t.rank in ranks for t in ctx.kinds)


def _unique_wait(ctx: WinContext, kind: WaitKind) -> bool:
    c = mcr(ctx)
    return c.unique_wait and ctx.wait is kind


# ---------------------------------------------------------------- 1 point (MCR-FAN-01…13)


@fan(1, requires=_CHOWS, min_groups=2, note="two-set fan, MCR-COUNT-6")
def pure_double_chow(ctx: WinContext) -> int:
    """Two identical chows."""
    return _chow_fan(ctx, "pure_double_chow")


@fan(2, requires=_CHOWS, min_groups=2, note="two-set fan, MCR-COUNT-6")
def mixed_double_chow(ctx: WinContext) -> int:
    """Two chows of the same numbers in two suits."""
    return _chow_fan(ctx, "mixed_double_chow")


@fan(3, requires=_CHOWS, min_groups=2, note="two-set fan, MCR-COUNT-6")
def short_straight(ctx: WinContext) -> int:
    """Two chows of one suit making six consecutive numbers."""
    return _chow_fan(ctx, "short_straight")


@fan(4, requires=_CHOWS, min_groups=2, note="two-set fan, MCR-COUNT-6")
def two_terminal_chows(ctx: WinContext) -> int:
    """123 and 789 of one suit."""
    return _chow_fan(ctx, "two_terminal_chows")


@fan(
    5,
    requires=_PUNGS,
    tiles_any=TERMINALS | WINDS,
    note="per set; not for dragon, seat or prevalent wind pungs, nor the wind fans' winds",
)
def pung_of_terminals_or_honours(ctx: WinContext) -> int:
    """Each pung/kong of 1s, 9s or a wind that is neither seat nor prevalent wind."""
    pungs = ctx.pungs
    n = sum(1 for g in pungs if g.tile in TERMINALS)
    winds = [g.tile for g in pungs if g.tile in WINDS]
    if len(winds) < 3:  # MCR-FAN-48/70/75 take the wind pungs (per set)
        n += sum(1 for t in winds if t is not ctx.seat_wind and t is not ctx.round_wind)
    return n


@fan(6, requires=_KONGS)
def melded_kong(ctx: WinContext) -> bool:
    """One melded (claimed or extended) kong."""
    return mcr(ctx).melded_kongs == 1


@fan(7, note="exactly two suits present (MCR-GAP-20)")
def one_voided_suit(ctx: WinContext) -> bool:
    """One of the three suits is missing (and one suit alone is a flush)."""
    return len(ctx.suits) == 2


@fan(8, tiles_within=SUITED)
def no_honours(ctx: WinContext) -> bool:
    """No winds and no dragons."""
    return not ctx.has_honours


@fan(9, note="only when one tile kind wins (MCR-COUNT-7)")
def edge_wait(ctx: WinContext) -> bool:
    """Won on a 3 with 1-2 or a 7 with 8-9, the only winning tile."""
    return _unique_wait(ctx, WaitKind.EDGE)


@fan(10, note="only when one tile kind wins (MCR-COUNT-7)")
def closed_wait(ctx: WinContext) -> bool:
    """Won on the middle tile of a chow, the only winning tile."""
    return _unique_wait(ctx, WaitKind.CLOSED)


@fan(11, note="only when one tile kind wins (MCR-COUNT-7)")
def single_wait(ctx: WinContext) -> bool:
    """Won on the tile completing the pair, the only winning tile."""
    return _unique_wait(ctx, WaitKind.SINGLE)


@fan(12)
def self_drawn(ctx: WinContext) -> bool:
    """Won on a self-drawn tile (wall, flower or kong replacement)."""
    return ctx.self_drawn


@fan(13, note="per flower; never toward the 8-point minimum (MCR-WIN-4)")
def flower_tiles(ctx: WinContext) -> int:
    """Each flower or season exposed by the winner."""
    return mcr(ctx).flowers


# ---------------------------------------------------------------- 2 points (MCR-FAN-14…23)


@fan(14, requires=_PUNGS, tiles_any=DRAGONS, note="per set")
def dragon_pung(ctx: WinContext) -> int:
    """Each dragon pung or kong."""
    return _dragon_pungs(ctx)


@fan(15, requires=_PUNGS, tiles_any=WINDS)
def prevalent_wind(ctx: WinContext) -> bool:
    """A pung/kong of the prevalent wind."""
    return p.count_pungs_of(ctx, (ctx.round_wind,)) > 0


@fan(16, requires=_PUNGS, tiles_any=WINDS)
def seat_wind(ctx: WinContext) -> bool:
    """A pung/kong of the seat wind."""
    return p.count_pungs_of(ctx, (ctx.seat_wind,)) > 0


@fan(17)
def concealed_hand(ctx: WinContext) -> bool:
    """Won on another player's tile with no claimed set (concealed kongs allowed)."""
    return ctx.win is WinType.RON and ctx.is_concealed


@fan(18, excludes=(8,), requires=_CHOWS, tiles_within=SUITED)
def all_chows(ctx: WinContext) -> bool:
    """Four chows (or a knitted straight and a chow) and a pair of suit tiles."""
    c = mcr(ctx)
    pair = ctx.pair
    if pair is None or pair.tile.is_honour:
        return False
    return (c.is_standard and len(ctx.chows) == 4) or (
        c.is_knitted_straight and len(ctx.chows) == 1
    )


@fan(19, note="per tile kind; never a declared kong (MCR-GAP-31)")
def tile_hog(ctx: WinContext) -> int:
    """All four copies of a tile kind used without a kong."""
    # the kind of a kong is held four times, so the others are the kinds held four times less
    # the kongs (p.tile_hogs counts them one by one)
    return ctx.counts.count(4) - len(ctx.kongs)


@fan(20, requires=_PUNGS, min_groups=2, note="two-set fan, MCR-COUNT-6")
def double_pung(ctx: WinContext) -> int:
    """Two pungs/kongs of the same number in two suits (each such number once)."""
    suits: dict[int, int] = {}
    for g in ctx.pungs:
        if g.tile < Tile.EAST:
            suits[int(g.tile) % RANKS] = suits.get(int(g.tile) % RANKS, 0) + 1
    return sum(1 for n in suits.values() if n == 2)


@fan(21, requires=_PUNGS, min_groups=2)
def two_concealed_pungs(ctx: WinContext) -> bool:
    """Two concealed pungs/kongs (MCR-COUNT-8)."""
    return len(ctx.concealed_pungs) == 2


@fan(22, requires=_KONGS)
def concealed_kong(ctx: WinContext) -> bool:
    """One concealed kong."""
    return mcr(ctx).concealed_kongs == 1


@fan(23, excludes=(8,), tiles_within=SIMPLES)
def all_simples(ctx: WinContext) -> bool:
    """No terminals and no honours."""
    return p.all_simples(ctx)


# ---------------------------------------------------------------- 4 and 6 points


@fan(24, tiles_any=HEADS, note="needs four sets and a pair (MCR-GAP-21)")
def outside_hand(ctx: WinContext) -> bool:
    """Every set and the pair hold a terminal or an honour."""
    return mcr(ctx).is_standard and p.every_group_has(ctx)


@fan(25, excludes=(12,))
def fully_concealed_hand(ctx: WinContext) -> bool:
    """Self-drawn with no claimed set (concealed kongs allowed)."""
    return ctx.self_drawn and ctx.is_concealed


@fan(26, excludes=(6, 22), requires=_KONGS, min_groups=2, note="melded+concealed: option")
def two_kongs(ctx: WinContext) -> bool:
    """Two kongs, at least one melded (both melded with ``two_kongs_mixed=3``; MCR-GAP-4)."""
    c = mcr(ctx)
    need = 2 if ctx.option("two_kongs_mixed", 4) == 3 else 1
    return len(ctx.kongs) == 2 and c.melded_kongs >= need


@fan(27, note="flag last_of_kind, or the three copies in the winner's own exposed sets")
def last_tile(ctx: WinContext) -> bool:
    """Won on a tile whose three other copies are visible (MCR-GAP-19)."""
    if ctx.has("last_of_kind"):
        return True
    if not ctx.hand.melds:
        return False
    win = ctx.winning_tile
    shown = sum(1 for m in ctx.hand.melds if not m.concealed for t in m.tiles if t.kind == win)
    return shown == 3


@fan(28, requires=_PUNGS, min_groups=4)
def all_pungs(ctx: WinContext) -> bool:
    """Four pungs/kongs and a pair."""
    return mcr(ctx).is_standard and len(ctx.pungs) == 4


@fan(29, excludes=(7,), max_suits=1, tiles_any=HONOURS)
def half_flush(ctx: WinContext) -> bool:
    """One suit plus honours."""
    return p.is_half_flush(ctx)


@fan(30, requires=_CHOWS, min_groups=3, note="three-set fan")
def mixed_shifted_chows(ctx: WinContext) -> int:
    """Three chows, one per suit, each one number higher."""
    return _chow_fan(ctx, "mixed_shifted_chows")


@fan(31, tiles_any=DRAGONS, note="five groups of five types (MCR-GAP-6)")
def all_types(ctx: WinContext) -> bool:
    """Characters, dots, bamboo, winds and dragons, one type per group."""
    c = mcr(ctx)
    if not (c.five_groups or (c.is_seven_pairs and ctx.option("seven_pairs_all_types", False))):
        return False
    kinds = ctx.kinds
    return (
        len(ctx.suits) == 3 and any(t in WINDS for t in kinds) and any(t in DRAGONS for t in kinds)
    )


@fan(32, excludes=(11,), note="a concealed kong disqualifies (MCR-GAP-23)")
def melded_hand(ctx: WinContext) -> bool:
    """Four claimed sets, won on a discard with a single wait on the pair."""
    melds = ctx.hand.melds
    return (
        ctx.win is WinType.RON
        and len(melds) == 4
        and not any(m.concealed for m in melds)
        and ctx.wait is WaitKind.SINGLE
    )


@fan(33, excludes=(22, 21), requires=_KONGS, min_groups=2)
def two_concealed_kongs(ctx: WinContext) -> bool:
    """Two concealed kongs."""
    return mcr(ctx).concealed_kongs == 2


@fan(34, requires=_PUNGS, min_groups=2, tiles_any=DRAGONS, excludes=(14,))
def two_dragon_pungs(ctx: WinContext) -> bool:
    """Two dragon pungs/kongs."""
    return _dragon_pungs(ctx) == 2


# ---------------------------------------------------------------- 8 points


@fan(35, requires=_CHOWS, min_groups=3, note="three-set fan")
def mixed_straight(ctx: WinContext) -> int:
    """123, 456 and 789, each in a different suit."""
    return _chow_fan(ctx, "mixed_straight")


@fan(36, excludes=(7,), tiles_within=REVERSIBLE_TILES)
def reversible_tiles(ctx: WinContext) -> bool:
    """Only 1234589 of dots, 245689 of bamboo and white dragons."""
    return ctx.kinds <= REVERSIBLE_TILES


@fan(37, excludes=(2,), requires=_CHOWS, min_groups=3, note="three-set fan")
def mixed_triple_chow(ctx: WinContext) -> int:
    """The same chow in all three suits."""
    return _chow_fan(ctx, "mixed_triple_chow")


@fan(38, requires=_PUNGS, min_groups=3)
def mixed_shifted_pungs(ctx: WinContext) -> bool:
    """Three pungs/kongs, one per suit, of three consecutive numbers."""
    return p.consecutive_pungs(ctx, 3, mixed=True)


@fan(39, note="only when no other fan but flowers (MCR-GAP-2)")
def chicken_hand(ctx: WinContext) -> bool:
    """A winning hand with no other fan (flowers aside)."""
    others = PATTERNS.find(ctx, skip=frozenset({"chicken_hand", "flower_tiles"}))
    return ctx.won and not others


@fan(40, excludes=(12,), flags_any=("last_tile",), note="flag last_tile, self-drawn")
def last_tile_draw(ctx: WinContext) -> bool:
    """Self-drawn on the last tile of the wall."""
    return ctx.self_drawn and ctx.has("last_tile")


@fan(41, flags_any=("last_tile",), note="flag last_tile, on a discard")
def last_tile_claim(ctx: WinContext) -> bool:
    """Won on the discard of the player who drew the last tile."""
    return ctx.win is WinType.RON and ctx.has("last_tile")


@fan(
    42, excludes=(12,), flags_any=("replacement",), note="flag replacement (kong replacement only)"
)
def out_with_replacement_tile(ctx: WinContext) -> bool:
    """Self-drawn on the replacement tile of a kong."""
    return ctx.self_drawn and ctx.has("replacement")


@fan(43, excludes=(27, 25), flags_any=("robbing_kong",), note="flag robbing_kong")
def robbing_the_kong(ctx: WinContext) -> bool:
    """Won on the tile another player adds to his melded pung."""
    return ctx.win is WinType.RON and ctx.has("robbing_kong")


# ---------------------------------------------------------------- 12 and 16 points


def _honours_count(ctx: WinContext) -> int:
    return sum(1 for t in ctx.kinds if t.is_honour)


@fan(44, excludes=(31, 25, 9, 10, 17, 11), tiles_any=HONOURS)
def lesser_honours_and_knitted_tiles(ctx: WinContext) -> bool:
    """Fourteen different tiles: 5-6 honours and knitted suit tiles."""
    return mcr(ctx).is_honours_and_knitted and _honours_count(ctx) < 7


@fan(45, note="wait fans only for the extra set or pair (MCR-GAP-9)")
def knitted_straight(ctx: WinContext) -> bool:
    """The nine tiles 147/258/369 of three suits (with a set and a pair, or in 44)."""
    c = mcr(ctx)
    if c.is_knitted_straight:
        return True
    if not c.is_honours_and_knitted:
        return False
    counts = ctx.counts
    return any(all(counts[i] for i in pattern) for pattern in KNITTED_PATTERNS)


@fan(46, excludes=(8,), tiles_within=ranks(6, 7, 8, 9))
def upper_four(ctx: WinContext) -> bool:
    """Only suit tiles 6 to 9."""
    return _ranks_within(ctx, frozenset((6, 7, 8, 9)))


@fan(47, excludes=(8,), tiles_within=ranks(1, 2, 3, 4))
def lower_four(ctx: WinContext) -> bool:
    """Only suit tiles 1 to 4."""
    return _ranks_within(ctx, frozenset((1, 2, 3, 4)))


@fan(
    48,
    requires=_PUNGS,
    min_groups=3,
    tiles_any=WINDS,
    note="the wind pungs do not score Pung of Terminals or Honours",
)
def big_three_winds(ctx: WinContext) -> bool:
    """Three wind pungs/kongs."""
    return _wind_pungs(ctx) == 3


@fan(49, excludes=(3, 4), requires=_CHOWS, min_groups=3, note="three-set fan")
def pure_straight(ctx: WinContext) -> int:
    """123, 456, 789 of one suit."""
    return _chow_fan(ctx, "pure_straight")


@fan(50, excludes=(2, 4, 8, 18), requires=_CHOWS, min_groups=4, tiles_within=SUITED)
def three_suited_terminal_chows(ctx: WinContext) -> int:
    """123+789 in two suits and a pair of 5s in the third."""
    return _chow_fan(ctx, "three_suited_terminal_chows")


@fan(51, requires=_CHOWS, min_groups=3, note="three-set fan")
def pure_shifted_chows(ctx: WinContext) -> int:
    """Three chows of one suit shifted by one or by two."""
    return _chow_fan(ctx, "pure_shifted_chows")


@fan(
    52,
    excludes=(23, 8),
    tiles_any=ranks(5),
    tiles_within=ranks(3, 4, 5, 6, 7),
    note="needs four sets and a pair (MCR-GAP-21)",
)
def all_fives(ctx: WinContext) -> bool:
    """Every set and the pair hold a 5."""
    return mcr(ctx).is_standard and all(
        any(t.is_suited and t.rank == 5 for t in g.tiles) for g in ctx.groups
    )


@fan(53, excludes=(20,), requires=_PUNGS, min_groups=3)
def triple_pung(ctx: WinContext) -> bool:
    """Pungs/kongs of one number in all three suits."""
    return p.triple_pung(ctx)


@fan(54, requires=_PUNGS, min_groups=3, excludes=(21,))
def three_concealed_pungs(ctx: WinContext) -> bool:
    """Three concealed pungs/kongs."""
    return len(ctx.concealed_pungs) == 3


# ---------------------------------------------------------------- 24 points


@fan(55, excludes=(31, 25, 17, 11), requires=(GroupKind.PAIR,), min_groups=7)
def seven_pairs(ctx: WinContext) -> bool:
    """Seven pairs (four identical tiles may be two pairs)."""
    return mcr(ctx).is_seven_pairs


@fan(56, excludes=(31, 25, 17, 44, 11), tiles_any=HONOURS)
def greater_honours_and_knitted_tiles(ctx: WinContext) -> bool:
    """All seven honours and seven knitted suit tiles."""
    return mcr(ctx).is_honours_and_knitted and _honours_count(ctx) == 7


@fan(57, requires=_PUNGS, min_groups=4, tiles_within=ranks(2, 4, 6, 8), excludes=(28, 23, 8))
def all_even_pungs(ctx: WinContext) -> bool:
    """Four pungs/kongs and the pair, all of 2, 4, 6 or 8."""
    return (
        mcr(ctx).is_standard and len(ctx.pungs) == 4 and _ranks_within(ctx, frozenset((2, 4, 6, 8)))
    )


@fan(58, excludes=(8, 7), max_suits=1, tiles_within=SUITED)
def full_flush(ctx: WinContext) -> bool:
    """One suit only."""
    return p.is_flush(ctx)


@fan(59, excludes=(1,), requires=_CHOWS, min_groups=3, note="three-set fan")
def pure_triple_chow(ctx: WinContext) -> int:
    """Three identical chows."""
    return _chow_fan(ctx, "pure_triple_chow")


@fan(60, requires=_PUNGS, min_groups=3)
def pure_shifted_pungs(ctx: WinContext) -> bool:
    """Three pungs/kongs of one suit, consecutive numbers."""
    return p.consecutive_pungs(ctx, 3, mixed=False)


@fan(61, excludes=(8, 46), tiles_within=ranks(7, 8, 9))
def upper_tiles(ctx: WinContext) -> bool:
    """Only suit tiles 7, 8, 9."""
    return _ranks_within(ctx, frozenset((7, 8, 9)))


@fan(62, excludes=(23, 8), tiles_within=ranks(4, 5, 6))
def middle_tiles(ctx: WinContext) -> bool:
    """Only suit tiles 4, 5, 6."""
    return _ranks_within(ctx, frozenset((4, 5, 6)))


@fan(63, excludes=(8, 47), tiles_within=ranks(1, 2, 3))
def lower_tiles(ctx: WinContext) -> bool:
    """Only suit tiles 1, 2, 3."""
    return _ranks_within(ctx, frozenset((1, 2, 3)))


# ---------------------------------------------------------------- 32 and 48 points


@fan(64, excludes=(51, 1, 2, 3, 4), requires=_CHOWS, min_groups=4)
def four_shifted_chows(ctx: WinContext) -> int:
    """Four chows of one suit shifted by one or by two."""
    return _chow_fan(ctx, "four_shifted_chows")


@fan(65, excludes=(6, 22, 26, 33), requires=_KONGS, min_groups=3)
def three_kongs(ctx: WinContext) -> bool:
    """Three kongs."""
    return len(ctx.kongs) == 3


@fan(
    66,
    excludes=(5, 24, 28),
    tiles_any=HONOURS,
    tiles_within=HEADS,
    note="pungs and pairs only: not with 13 orphans (MCR-TV-28)",
)
def all_terminals_and_honours(ctx: WinContext) -> bool:
    """Only terminals and honours, both present."""
    return (
        p.all_terminals_and_honours(ctx)
        and ctx.has_honours
        and any(t.is_terminal for t in ctx.kinds)
    )


@fan(67, excludes=(1, 59, 19), requires=_CHOWS, min_groups=4)
def quadruple_chow(ctx: WinContext) -> int:
    """Four identical chows."""
    return _chow_fan(ctx, "quadruple_chow")


@fan(68, excludes=(28, 60), requires=_PUNGS, min_groups=4)
def four_pure_shifted_pungs(ctx: WinContext) -> bool:
    """Four pungs/kongs of one suit, consecutive numbers."""
    return p.consecutive_pungs(ctx, 4, mixed=False)


# ---------------------------------------------------------------- 64 and 88 points


@fan(69, excludes=(5, 8, 20, 24, 28, 66), tiles_within=TERMINALS)
def all_terminals(ctx: WinContext) -> bool:
    """Only 1s and 9s."""
    return p.all_terminals(ctx)


@fan(
    70,
    requires=_PUNGS,
    min_groups=3,
    tiles_any=WINDS,
    excludes=(48,),
    note="the wind pungs do not score Pung of Terminals or Honours",
)
def little_four_winds(ctx: WinContext) -> bool:
    """Three wind pungs/kongs and a pair of the fourth wind."""
    return p.little_four_winds(ctx)


@fan(71, requires=_PUNGS, min_groups=2, tiles_any=DRAGONS, excludes=(14, 34))
def little_three_dragons(ctx: WinContext) -> bool:
    """Two dragon pungs/kongs and a pair of the third dragon."""
    return p.little_three_dragons(ctx)


@fan(72, excludes=(28, 24, 5, 66), tiles_within=HONOURS)
def all_honours(ctx: WinContext) -> bool:
    """Only honours."""
    return p.all_honours(ctx)


@fan(
    73,
    requires=_PUNGS,
    min_groups=4,
    excludes=(21, 28, 54, 17, 25),
    note="keeps Single Wait (MCR-GAP-10)",
)
def four_concealed_pungs(ctx: WinContext) -> bool:
    """Four concealed pungs/kongs."""
    return len(ctx.concealed_pungs) == 4


@fan(
    74,
    excludes=(58, 18, 4, 1, 7, 8),
    requires=_CHOWS,
    min_groups=4,
    max_suits=1,
    tiles_within=SUITED,
)
def pure_terminal_chows(ctx: WinContext) -> int:
    """123, 123, 789, 789 and a pair of 5s, one suit."""
    return _chow_fan(ctx, "pure_terminal_chows")


@fan(75, requires=_PUNGS, min_groups=4, tiles_any=WINDS, excludes=(28, 15, 16, 48, 70, 5))
def big_four_winds(ctx: WinContext) -> bool:
    """Four wind pungs/kongs."""
    return p.big_four_winds(ctx)


@fan(76, requires=_PUNGS, min_groups=3, tiles_any=DRAGONS, excludes=(14, 34, 71))
def big_three_dragons(ctx: WinContext) -> bool:
    """Three dragon pungs/kongs."""
    return p.big_three_dragons(ctx)


@fan(77, excludes=(29, 7), tiles_within=p.GREEN_TILES)
def all_green(ctx: WinContext) -> bool:
    """Only 2, 3, 4, 6, 8 of bamboo and green dragons."""
    return p.all_in_set(ctx, p.GREEN_TILES)


@fan(78, excludes=(58, 5, 17, 25, 7, 8), max_suits=1, tiles_within=SUITED)
def nine_gates(ctx: WinContext) -> bool:
    """Concealed 1112345678999 of one suit, won on any tile of that suit."""
    return p.is_pure_nine_gates(ctx)


@fan(79, excludes=(11, 6, 22, 26, 33, 65, 28), requires=_KONGS, min_groups=4)
def four_kongs(ctx: WinContext) -> bool:
    """Four kongs."""
    return len(ctx.kongs) == 4


@fan(
    80,
    excludes=(17, 25, 58, 11, 55, 7, 8),
    requires=(GroupKind.PAIR,),
    min_groups=7,
    max_suits=1,
    tiles_within=SUITED,
)
def seven_shifted_pairs(ctx: WinContext) -> bool:
    """Seven pairs of one suit with seven consecutive numbers."""
    if not mcr(ctx).is_seven_pairs or not p.is_flush(ctx):
        return False
    ranks = sorted(g.tile.rank for g in ctx.pairs)
    return ranks == list(range(ranks[0], ranks[0] + 7))


@fan(81, excludes=(31, 17, 25, 24, 11, 66), tiles_within=HEADS)
def thirteen_orphans(ctx: WinContext) -> bool:
    """One of each terminal and honour plus a fourteenth of them."""
    return ctx.decomposition.shape == "thirteen_orphans"


PATTERNS.check()
