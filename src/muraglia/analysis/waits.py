"""Waits of a 13-tile hand and readings of the winning tile.

>>> from muraglia.notation import parse_hand
>>> w = waits(parse_hand("123m456m789m23p11z"))
>>> [t.notation for t in w.tiles], [k.value for k in w.kinds[Tile.P1]]
(['1p', '4p'], ['two_sided'])
>>> is_single_tile_wait(parse_hand("123m456m789m13p11z"))
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from muraglia.analysis.decompose import decompose_counts
from muraglia.analysis.groups import Decomposition, GroupKind, WaitKind
from muraglia.analysis.shanten import shanten_all
from muraglia.analysis.shapes import DEFAULT_SHAPES, Shape
from muraglia.errors import InvalidHandError
from muraglia.hand import Hand
from muraglia.melds import SET_SIZE
from muraglia.tiles import COPIES, NUM_KINDS, RANKS, WAITING_SIZE, Tile

__all__ = ["Reading", "Waits", "is_single_tile_wait", "readings", "waits", "winning_tiles"]


@dataclass(frozen=True, slots=True)
class Reading:
    """One way the winning tile completes a concealed group of a decomposition."""

    group: int
    """Index of the completed group in ``Decomposition.groups``."""
    wait: WaitKind
    """The kind of wait this reading stands for."""


@dataclass(frozen=True, slots=True)
class Waits:
    """The tiles a 13-tile hand waits on, with the possible wait kinds of each."""

    tiles: tuple[Tile, ...]
    """Winning tile kinds in tile order."""
    kinds: Mapping[Tile, frozenset[WaitKind]]
    """For each winning tile, every wait kind some reading gives."""


_EDGE_HIGH = RANKS - SET_SIZE + 1
"""The low rank of the 789 chow, an edge wait on its 7."""
_KNITTED_OFFSETS = (SET_SIZE, 2 * SET_SIZE)
"""Where a knitted group's second and third tiles stand from its first (147, 258, 369)."""


def _chow_wait(low: int, win: int) -> WaitKind:
    rank = low % RANKS + 1
    if win == low + 1:
        return WaitKind.CLOSED
    if win == low:
        return WaitKind.EDGE if rank == _EDGE_HIGH else WaitKind.TWO_SIDED  # 89 waiting on 7
    return WaitKind.EDGE if rank == 1 else WaitKind.TWO_SIDED  # 12 waiting on 3


def readings(decomposition: Decomposition, winning_tile: Tile) -> tuple[Reading, ...]:
    """Every way ``winning_tile`` completes one concealed group of ``decomposition``.

    A chow gives TWO_SIDED, CLOSED or EDGE (12+3 and 89+7 are EDGE); a pair gives
    SINGLE; a pung gives DUAL_PUNG; a knitted or single group of a special shape
    gives SPECIAL. Identical groups give one reading (the first index).
    """
    out: list[Reading] = []
    seen: set[tuple[GroupKind, Tile]] = set()
    win = int(winning_tile)
    for i, g in enumerate(decomposition.groups):
        if not g.concealed or g.meld is not None:
            continue
        gk = g.kind
        offset = win - g.tile  # whether the winning tile is in the group, without its tiles
        if not (
            offset == 0
            or (gk is GroupKind.CHOW and 0 < offset < SET_SIZE)
            or (gk is GroupKind.KNITTED and offset in _KNITTED_OFFSETS)
        ):
            continue
        if (gk, g.tile) in seen:
            continue
        seen.add((gk, g.tile))
        if gk is GroupKind.CHOW:
            kind = _chow_wait(int(g.tile), win)
        elif gk is GroupKind.PAIR:
            kind = WaitKind.SINGLE
        elif gk is GroupKind.PUNG:
            kind = WaitKind.DUAL_PUNG
        else:
            kind = WaitKind.SPECIAL
        out.append(Reading(i, kind))
    return tuple(out)


def _decomps_per_tile(
    hand13: Hand, shapes: Sequence[Shape]
) -> dict[Tile, tuple[Decomposition, ...]]:
    concealed = list(hand13.concealed_counts)
    total = hand13.counts
    melds = len(hand13.melds)
    if sum(concealed) + SET_SIZE * melds != WAITING_SIZE:
        raise InvalidHandError(f"waits need a 13-tile hand, got {hand13}")
    out: dict[Tile, tuple[Decomposition, ...]] = {}
    if tuple(shapes) == DEFAULT_SHAPES and shanten_all(concealed, melds) > 0:
        return out  # not ready: no tile completes it (the tables agree with decompose)
    for t in range(NUM_KINDS):
        if total[t] >= COPIES:
            continue
        concealed[t] += 1
        decs = decompose_counts(tuple(concealed), melds, shapes)
        concealed[t] -= 1
        if decs:
            out[Tile(t)] = decs
    return out


def winning_tiles(hand13: Hand, shapes: Sequence[Shape] = DEFAULT_SHAPES) -> tuple[Tile, ...]:
    """Tile kinds that complete ``hand13`` under ``shapes``, in tile order.

    A kind of which the hand already holds all four copies (concealed or in melds)
    is excluded: it cannot be drawn.
    """
    return tuple(_decomps_per_tile(hand13, shapes))


def waits(hand13: Hand, shapes: Sequence[Shape] = DEFAULT_SHAPES) -> Waits:
    """Winning tiles of ``hand13`` with the wait kinds each one can be read as."""
    kinds: dict[Tile, frozenset[WaitKind]] = {}
    for t, decs in _decomps_per_tile(hand13, shapes).items():
        kinds[t] = frozenset(r.wait for d in decs for r in readings(d, t))
    return Waits(tuple(kinds), kinds)


def is_single_tile_wait(hand13: Hand, shapes: Sequence[Shape] = DEFAULT_SHAPES) -> bool:
    """Whether ``hand13`` waits on exactly one tile kind (MCR / Seipalle wait rules)."""
    return len(winning_tiles(hand13, shapes)) == 1
