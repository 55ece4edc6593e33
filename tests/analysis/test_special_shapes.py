"""The special winning shapes: MCR knitted shapes, FIMJ snakes, Ravenna all head tiles."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muraglia.analysis.decompose import decompose
from muraglia.analysis.groups import GroupKind
from muraglia.analysis.shanten import shanten_knitted_straight
from muraglia.analysis.shapes import (
    ALL_HEAD_TILES,
    HONORS_AND_KNITTED,
    KNITTED_STRAIGHT,
    SEVEN_PAIRS_FOUR_AS_TWO,
    SIAMESE_SNAKES,
    SMALL_SNAKE,
    SNAKE_OF_DRAGONS,
    Shape,
)
from muraglia.analysis.waits import winning_tiles
from muraglia.notation import parse_hand
from muraglia.tiles import Tile

pytestmark = pytest.mark.usefixtures("kernels")  # compiled, then pure-Python shanten kernels

CASES = [
    # (shape, hand, expected decompositions as strings; empty = not this shape)
    (KNITTED_STRAIGHT, "147m258p369s11122z", ["knitted_straight: 147m 258p 369s 111z 22z"]),
    (KNITTED_STRAIGHT, "147m258p369s123m55z", ["knitted_straight: 147m 258p 369s 123m 55z"]),
    (KNITTED_STRAIGHT, "147m258p369s11123z", []),  # 111z 2z 3z: no pair
    (KNITTED_STRAIGHT, "147m258m369s11122z", []),  # two runs in one suit
    (
        HONORS_AND_KNITTED,
        "147m258p369s12345z",
        ["honors_and_knitted: 1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 2z 3z 4z 5z"],
    ),
    (
        HONORS_AND_KNITTED,
        "14m258p39s1234567z",
        ["honors_and_knitted: 1m 4m 2p 5p 8p 3s 9s 1z 2z 3z 4z 5z 6z 7z"],
    ),
    (HONORS_AND_KNITTED, "147m258p36s112345z", []),  # a pair
    (HONORS_AND_KNITTED, "147m258p369s1234z1p", []),  # 1p is not in the 258p run
    (SMALL_SNAKE, "123456789p12347z", ["small_snake: 123p 456p 789p 1z 2z 3z 4z 7z"]),
    (SMALL_SNAKE, "123456789p12356z", []),  # a dragon in place of a wind
    (SMALL_SNAKE, "123456789p1234z1m", []),
    (
        SIAMESE_SNAKES,
        "1234567m1234567p",
        ["siamese_snakes: 1m 2m 3m 4m 5m 6m 7m 1p 2p 3p 4p 5p 6p 7p"],
    ),
    (SIAMESE_SNAKES, "1234567m1234567m", []),  # same suit
    (SIAMESE_SNAKES, "2345678m1234567p", []),
    (SNAKE_OF_DRAGONS, "147s258m369p56744z", ["snake_of_dragons: 258m 369p 147s 5z 6z 7z 44z"]),
    (SNAKE_OF_DRAGONS, "147s258m369p56755z", []),  # a dragon pair, not a wind pair
    (
        ALL_HEAD_TILES,
        "19m19p19s12345677z",
        ["all_head_tiles: 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 77z"],
    ),
    (ALL_HEAD_TILES, "1199m99p111z22255z", ["all_head_tiles: 11m 99m 99p 111z 222z 55z"]),
    (ALL_HEAD_TILES, "119m99p111z225z [999s]", ["all_head_tiles: 11m 9m 99p 111z 22z 5z [999s]"]),
    (ALL_HEAD_TILES, "119m99p111z225z [789s]", []),  # a meld that is not of head tiles
    (ALL_HEAD_TILES, "1199m99p111z2228s9s", []),
]


def _case_id(case: tuple[Shape, str, list[str]]) -> str:
    return f"{case[0].id}-{case[1].replace(' ', '')}"


@pytest.mark.parametrize(("shape", "text", "expected"), CASES, ids=[_case_id(c) for c in CASES])
def test_special_shape_decompositions(shape: Shape, text: str, expected: list[str]) -> None:
    """Each special shape reads exactly the hands it describes, and no others."""
    hand = parse_hand(text)
    assert [str(d) for d in decompose(hand, [shape])] == expected
    shanten = shape.shanten(hand.concealed_counts, len(hand.melds))
    if shanten is not None:
        assert (shanten == -1) == bool(expected), "shanten -1 exactly when the shape is complete"


def test_knitted_straight_wait_tiles() -> None:
    """MCR-TV-27's hand (147m258p36s111z77z) waits on 9s only, and is ready."""
    hand = parse_hand("147m258p36s111z77z")
    assert [t.notation for t in winning_tiles(hand, [KNITTED_STRAIGHT])] == ["9s"]
    assert KNITTED_STRAIGHT.shanten(hand.concealed_counts) == 0


def test_knitted_straight_with_a_declared_set() -> None:
    """One declared set fits beside the knitted straight; two do not."""
    one = parse_hand("147m258p369s55z [555p]")
    assert [str(d) for d in decompose(one, [KNITTED_STRAIGHT])] == [
        "knitted_straight: 147m 258p 369s 55z [555p]"
    ]
    assert KNITTED_STRAIGHT.shanten(one.concealed_counts, 1) == -1
    two = parse_hand("147m258p36s5z [555p] [777p]", strict=False)
    assert KNITTED_STRAIGHT.shanten(two.concealed_counts, 2) is None


def test_small_snake_with_claimed_chow() -> None:
    """FIMJ-MAX-M08: the snake's chows may be claimed; other declared sets spoil the shape."""
    ok = parse_hand("456789m12345z [123m<]")
    assert [str(d) for d in decompose(ok, [SMALL_SNAKE])] == [
        "small_snake: [123m] 456m 789m 1z 2z 3z 4z 5z"
    ]
    wrong = parse_hand("456789m12345z [234m<]", strict=False)
    assert list(decompose(wrong, [SMALL_SNAKE])) == []


def test_seven_pairs_four_as_two_shanten() -> None:
    """With four of a kind as two pairs (FIMJ-GAP-11, RAV-HAND-2) 1111m counts two pairs."""
    counts = parse_hand("1111m2233p4455s6z").concealed_counts
    assert SEVEN_PAIRS_FOUR_AS_TWO.shanten(counts) == 0


def _targets(shape: Shape) -> list[tuple[int, ...]]:
    return [t for t, _ in shape.targets()]  # type: ignore[attr-defined]


@pytest.mark.parametrize("shape", [SMALL_SNAKE, SIAMESE_SNAKES, SNAKE_OF_DRAGONS], ids=str)
def test_fixed_shapes_each_target_complete_and_one_away(shape: Shape) -> None:
    """Every target is complete; removing any one tile leaves it ready and waiting on it."""
    for target in _targets(shape):
        assert shape.shanten(target) == -1
        assert len(list(shape.decompose_counts(target))) == 1
        for t in {i for i, n in enumerate(target) if n}:
            less = list(target)
            less[t] -= 1
            assert shape.shanten(less) == 0


@given(st.integers(0, 5), st.lists(st.integers(0, 33), min_size=5, max_size=5))
def test_knitted_straight_shanten_matches_decompositions(perm: int, rest: list[int]) -> None:
    """Knitted run of one of the six suit orders + 5 random tiles: -1 iff a decomposition."""
    orders = list(itertools.permutations(range(3)))[perm]
    counts = [0] * 34
    for offset, suit in enumerate(orders):
        for k in range(3):
            counts[9 * suit + offset + 3 * k] += 1
    for t in rest:
        counts[t] += 1
    if max(counts) > 4:
        return
    complete = bool(list(KNITTED_STRAIGHT.decompose_counts(counts)))
    assert (shanten_knitted_straight(counts) == -1) == complete
    for d in KNITTED_STRAIGHT.decompose_counts(counts):
        back = [0] * 34
        for g in d.groups:
            for tile in g.tiles:
                back[tile] += 1
        assert back == counts, "groups reassemble the hand"
        assert sum(g.kind is GroupKind.KNITTED for g in d.groups) == 3


@given(st.sets(st.integers(27, 33), min_size=5, max_size=7), st.integers(0, 5))
def test_honors_and_knitted_complete_hands(honors: set[int], perm: int) -> None:
    """Any 5-7 honours plus 9-7 tiles of one knitted pattern form the shape."""
    orders = list(itertools.permutations(range(3)))[perm]
    knitted = [9 * suit + offset + 3 * k for offset, suit in enumerate(orders) for k in range(3)]
    counts = [0] * 34
    for t in sorted(honors) + knitted[: 14 - len(honors)]:
        counts[t] += 1
    decs = list(HONORS_AND_KNITTED.decompose_counts(counts))
    assert len(decs) == 1
    assert all(g.kind is GroupKind.SINGLE for g in decs[0].groups)
    assert HONORS_AND_KNITTED.shanten(counts) == -1
    assert {Tile(t) for t in honors} <= {g.tile for g in decs[0].groups}
