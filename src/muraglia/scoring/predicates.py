"""Reusable pure predicates on a :class:`~muraglia.scoring.context.WinContext`.

Rulesets compose these in their pattern tables instead of re-deriving shapes; anything two
rulesets share belongs here (DESIGN §3). Every function is ``(ctx, ...) -> bool | int``.

>>> from muraglia.notation import parse_hand
>>> from muraglia.analysis.decompose import decompose
>>> hand = parse_hand("234m234m567p45s88s+3s")
>>> ctx = WinContext(hand, decompose(hand)[0], None, WinType.TSUMO, Tile.EAST, Tile.EAST)
>>> all_simples(ctx), identical_chow_pairs(ctx), is_flush(ctx), all_chows(ctx)
(True, 1, False, True)
"""

from __future__ import annotations

from collections.abc import Iterable

from muraglia.analysis.groups import GroupKind
from muraglia.scoring.context import DRAGONS, WINDS, WinContext, WinType, group_tiles
from muraglia.tiles import NUM_KINDS, NUM_SUITS, RANKS, Tile

_SIMPLES = frozenset(Tile(i) for i in range(NUM_KINDS) if Tile(i).is_simple)
_TERMINALS = frozenset(Tile(i) for i in range(NUM_KINDS) if Tile(i).is_terminal)
_HONOURS = frozenset(Tile(i) for i in range(NUM_KINDS) if Tile(i).is_honour)
_HEADS = _TERMINALS | _HONOURS

__all__ = [
    "DRAGONS",
    "GREEN_TILES",
    "WINDS",
    "WinContext",
    "WinType",
    "all_chows",
    "all_honors",
    "all_honours",
    "all_in_set",
    "all_pungs",
    "all_simples",
    "all_terminals",
    "all_terminals_and_honors",
    "all_terminals_and_honours",
    "consecutive_pungs",
    "big_four_winds",
    "big_three_dragons",
    "count_groups",
    "count_pungs_of",
    "every_group_has",
    "has_chow",
    "identical_chow_pairs",
    "is_flush",
    "is_half_flush",
    "is_nine_gates",
    "is_pure_nine_gates",
    "little_four_winds",
    "little_three_dragons",
    "mixed_triple_chow",
    "pair_of",
    "pure_straight",
    "shape_is",
    "tile_hogs",
    "triple_pung",
]


GREEN_TILES: frozenset[Tile] = frozenset((Tile.S2, Tile.S3, Tile.S4, Tile.S6, Tile.S8, Tile.GREEN))
"""The all-green tiles: 2, 3, 4, 6, 8 of bamboo and the green dragon."""


def shape_is(ctx: WinContext, shape: str) -> bool:
    """Whether the decomposition has winning shape ``shape`` (``seven_pairs``, ...)."""
    return ctx.decomposition.shape == shape


def all_in_set(ctx: WinContext, kinds: Iterable[Tile]) -> bool:
    """Whether every tile of the hand is one of ``kinds``."""
    allowed = kinds if isinstance(kinds, frozenset) else frozenset(kinds)
    return ctx.kinds <= allowed


def all_simples(ctx: WinContext) -> bool:
    """No terminal and no honour anywhere (tanyao)."""
    return ctx.kinds <= _SIMPLES


def all_terminals(ctx: WinContext) -> bool:
    """Every tile is a 1 or a 9."""
    return ctx.kinds <= _TERMINALS


def all_honours(ctx: WinContext) -> bool:
    """Every tile is an honour."""
    return ctx.kinds <= _HONOURS


def all_terminals_and_honours(ctx: WinContext) -> bool:
    """Every tile is a terminal or an honour."""
    return ctx.kinds <= _HEADS


all_honors = all_honours
"""Old spelling of :func:`all_honours`."""
all_terminals_and_honors = all_terminals_and_honours
"""Old spelling of :func:`all_terminals_and_honours`."""


def is_flush(ctx: WinContext) -> bool:
    """One suit only, no honours (full flush)."""
    return len(ctx.suits) == 1 and not ctx.has_honours


def is_half_flush(ctx: WinContext) -> bool:
    """One suit plus at least one honour (half flush)."""
    return len(ctx.suits) == 1 and ctx.has_honours


def has_chow(ctx: WinContext) -> bool:
    """At least one chow."""
    return bool(ctx.chows)


def all_chows(ctx: WinContext) -> bool:
    """A standard decomposition whose four sets are all chows."""
    return len(ctx.chows) == 4


def all_pungs(ctx: WinContext) -> bool:
    """A standard decomposition whose four sets are all pungs or kongs."""
    return len(ctx.pungs) == 4


def every_group_has(ctx: WinContext, *, terminal: bool = True, honour: bool = True) -> bool:
    """Whether every group (sets and pair) holds a terminal (if ``terminal``) or honour."""
    ok = (_TERMINALS if terminal else frozenset()) | (_HONOURS if honour else frozenset())
    return all(not ok.isdisjoint(group_tiles(g)) for g in ctx.groups)


def count_pungs_of(ctx: WinContext, kinds: Iterable[Tile]) -> int:
    """How many pungs or kongs are of one of ``kinds``."""
    wanted = kinds if isinstance(kinds, frozenset) else frozenset(kinds)
    return sum(g.tile in wanted for g in ctx.pungs)


def pair_of(ctx: WinContext, kinds: Iterable[Tile]) -> bool:
    """Whether the pair of a standard decomposition is of one of ``kinds``."""
    pair = ctx.pair
    return pair is not None and pair.tile in (
        kinds if isinstance(kinds, frozenset) else frozenset(kinds)
    )


def identical_chow_pairs(ctx: WinContext) -> int:
    """How many disjoint pairs of identical chows the decomposition holds (0, 1 or 2).

    Four identical chows count as two pairs.
    """
    chows = ctx.chows
    if len(chows) < 2:
        return 0
    counts: dict[int, int] = {}
    for g in chows:
        counts[g.tile] = counts.get(g.tile, 0) + 1
    return sum(n // 2 for n in counts.values())


def mixed_triple_chow(ctx: WinContext) -> bool:
    """Chows of the same numbers in all three suits."""
    starts = {int(g.tile) for g in ctx.chows}
    return any(r in starts and r + 9 in starts and r + 18 in starts for r in range(7))


def triple_pung(ctx: WinContext) -> bool:
    """Pungs (or kongs) of the same number in all three suits."""
    have = {int(g.tile) for g in ctx.pungs}
    return any(r in have and r + RANKS in have and r + 2 * RANKS in have for r in range(RANKS))


def pure_straight(ctx: WinContext) -> bool:
    """Chows 1-2-3, 4-5-6 and 7-8-9 of one suit."""
    starts = {int(g.tile) for g in ctx.chows}
    return any({RANKS * s, RANKS * s + 3, RANKS * s + 6} <= starts for s in range(NUM_SUITS))


def is_nine_gates(ctx: WinContext) -> bool:
    """Concealed 1112345678999 of one suit plus any tile of that suit (no melds)."""
    if ctx.hand.melds or not is_flush(ctx):
        return False
    suit = next(iter(ctx.suits))
    base = RANKS * "mps".index(suit.value)
    c = ctx.counts[base : base + 9]
    need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    return sum(c) == 14 and all(have >= n for have, n in zip(c, need, strict=True))


def count_groups(ctx: WinContext, kind: GroupKind) -> int:
    """How many groups of ``kind`` the decomposition has."""
    return sum(1 for g in ctx.groups if g.kind is kind)


def tile_hogs(ctx: WinContext) -> int:
    """How many tile kinds have all four copies in the hand without being a declared kong."""
    in_kong = {g.tile for g in ctx.kongs}
    return sum(1 for t, n in enumerate(ctx.counts[:NUM_KINDS]) if n == 4 and t not in in_kong)


def consecutive_pungs(ctx: WinContext, length: int, *, mixed: bool) -> bool:
    """``length`` pungs/kongs of consecutive numbers, all of one suit or (``mixed``) one per suit.

    Mixed runs need exactly three pungs, one in each suit, in any suit order.
    """
    have = {int(g.tile) for g in ctx.pungs if g.tile < Tile.EAST}
    if len(have) < length:
        return False
    if mixed:
        for t in have:  # t the lowest pung: the next number in a second suit, then the third
            r, suit = t % RANKS, t // RANKS
            if r > 6:
                continue
            for second in range(3):
                if (
                    second != suit
                    and RANKS * second + r + 1 in have
                    and RANKS * (3 - suit - second) + r + 2 in have
                ):
                    return True
        return False
    return any(
        t % RANKS <= RANKS - length and all(t + k in have for k in range(1, length)) for t in have
    )


def big_three_dragons(ctx: WinContext) -> bool:
    """Pungs or kongs of all three dragons."""
    return count_pungs_of(ctx, DRAGONS) == 3


def little_three_dragons(ctx: WinContext) -> bool:
    """Two dragon pungs or kongs and a pair of the third dragon."""
    return count_pungs_of(ctx, DRAGONS) == 2 and pair_of(ctx, DRAGONS)


def big_four_winds(ctx: WinContext) -> bool:
    """Pungs or kongs of all four winds."""
    return count_pungs_of(ctx, WINDS) == 4


def little_four_winds(ctx: WinContext) -> bool:
    """Three wind pungs or kongs and a pair of the fourth wind."""
    return count_pungs_of(ctx, WINDS) == 3 and pair_of(ctx, WINDS)


def is_pure_nine_gates(ctx: WinContext) -> bool:
    """Nine gates whose 13 tiles without the winning tile are exactly 1112345678999.

    The nine-sided wait (junsei chuuren); False without a winning tile.
    """
    w = ctx.winning_tile
    if w is None or not is_nine_gates(ctx):
        return False
    base = RANKS * (int(w) // RANKS)
    c = list(ctx.counts[base : base + 9])
    c[int(w) - base] -= 1
    return c == [3, 1, 1, 1, 1, 1, 1, 1, 3]
