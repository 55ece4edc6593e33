"""Tests for winning tiles, wait kinds and readings."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.strategies import concealed_counts

from muraglia.analysis.decompose import decompose, decompose_counts
from muraglia.analysis.groups import WaitKind
from muraglia.analysis.shanten import shanten_all
from muraglia.analysis.waits import is_single_tile_wait, readings, waits, winning_tiles
from muraglia.hand import Hand
from muraglia.notation import parse_hand
from muraglia.tiles import PhysicalTile, Tile

pytestmark = pytest.mark.usefixtures("kernels")  # compiled, then pure-Python shanten kernels


@pytest.mark.parametrize(
    ("text", "tile", "kind"),
    [
        pytest.param("123m456m789m34p11z", Tile.P2, WaitKind.TWO_SIDED, id="34-on-2"),
        pytest.param("123m456m789m34p11z", Tile.P5, WaitKind.TWO_SIDED, id="34-on-5"),
        pytest.param("123m456m789m12p11z", Tile.P3, WaitKind.EDGE, id="12-on-3"),
        pytest.param("123m456m789m89p11z", Tile.P7, WaitKind.EDGE, id="89-on-7"),
        pytest.param("123m456m789m46p11z", Tile.P5, WaitKind.CLOSED, id="46-on-5"),
        pytest.param("123m456m789m111p1z", Tile.EAST, WaitKind.SINGLE, id="tanki"),
        pytest.param("123m456m789m11p11z", Tile.P1, WaitKind.DUAL_PUNG, id="shanpon"),
    ],
)
def test_wait_kinds(text: str, tile: Tile, kind: WaitKind) -> None:
    """The classic wait kinds."""
    assert kind in waits(parse_hand(text)).kinds[tile]


def test_readings_of_ambiguous_wait() -> None:
    """5567p+5p: 567 plus single wait on 5, or pair 55 plus 67 two-sided: both readings exist."""
    decs = decompose(parse_hand("123m456m789m5567p+5p"))
    kinds = {r.wait for d in decs for r in readings(d, Tile.P5)}
    assert kinds == {WaitKind.SINGLE, WaitKind.TWO_SIDED}


@pytest.mark.parametrize(
    ("text", "single"),
    [
        pytest.param("123m456m789m13p11z", True, id="closed"),
        pytest.param("123m456m789m34p11z", False, id="two-sided"),
    ],
)
def test_single_tile_wait(text: str, single: bool) -> None:
    """Waiting on exactly one kind."""
    assert is_single_tile_wait(parse_hand(text)) is single


def test_four_held_tile_excluded() -> None:
    """1111m waiting pattern: 1m cannot be a winning tile when all four are held."""
    assert Tile.M1 not in winning_tiles(parse_hand("1111m234p567s99s3z"))


@pytest.mark.parametrize("seed", range(3))
def test_winning_tiles_match_decompose(seed: int) -> None:
    """A tile is a winning tile iff adding it gives a decomposition."""
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    for _ in range(150):
        picked = sorted(rng.sample(wall, 13))
        hand = Hand(concealed=tuple(PhysicalTile(Tile(t)) for t in picked))
        wins = set(winning_tiles(hand))
        counts = [0] * 34
        for t in picked:
            counts[t] += 1
        for t in range(34):
            if counts[t] == 4:
                continue
            counts[t] += 1
            assert bool(decompose_counts(tuple(counts))) == (Tile(t) in wins)
            counts[t] -= 1


@given(st.integers(0, 4).flatmap(lambda m: st.tuples(st.just(m), concealed_counts(13 - 3 * m))))
def test_not_ready_hands_have_no_winning_tile(case: tuple[int, tuple[int, ...]]) -> None:
    """The shanten shortcut of :func:`winning_tiles`: shanten above 0 means no decomposition."""
    melds, counts = case
    if shanten_all(list(counts), melds) <= 0:
        return
    for t in range(34):
        if counts[t] < 4:
            plus = list(counts)
            plus[t] += 1
            assert not decompose_counts(tuple(plus), melds)
