"""Tests for decompose and the standard / seven pairs / thirteen orphans shapes."""

from __future__ import annotations

import random

import pytest

from muraglia.analysis.decompose import decompose, decompose_counts
from muraglia.analysis.groups import GroupKind
from muraglia.analysis.shapes import SEVEN_PAIRS, SEVEN_PAIRS_FOUR_AS_TWO, THIRTEEN_ORPHANS
from muraglia.notation import parse_hand

pytestmark = pytest.mark.usefixtures("kernels")  # compiled, then pure-Python shanten kernels


@pytest.mark.parametrize(
    ("text", "shapes"),
    [
        pytest.param("123m456m789m123p1z+1z", {"standard"}, id="plain-standard"),
        pytest.param("111m222m333m123p1z+1z", {"standard"}, id="pungs-or-chows"),
        pytest.param("1122m3344p5566s7z+7z", {"seven_pairs"}, id="seven-pairs"),
        pytest.param("19m19p19s1234567z+1m", {"thirteen_orphans"}, id="thirteen-orphans"),
        pytest.param("223344m556677p1z+1z", {"standard", "seven_pairs"}, id="chows-and-pairs"),
        pytest.param("123m456m789m124p1z+1z", set(), id="no-shape"),
    ],
)
def test_shapes_found(text: str, shapes: set[str]) -> None:
    """Each hand decomposes under exactly the expected shapes."""
    assert {d.shape for d in decompose(parse_hand(text))} == shapes


def test_all_decompositions_of_111222333() -> None:
    """111222333m is three pungs or three chows: both are returned, distinct."""
    decs = decompose(parse_hand("111222333m123p1z+1z"))
    kinds = sorted(tuple(sorted(g.kind for g in d.groups)) for d in decs)
    assert len(decs) == 2 == len(set(kinds))


def test_melds_become_exposed_groups() -> None:
    """Declared melds are exposed groups carrying their meld; concealed-only shapes yield none."""
    hand = parse_hand("123m456m1z [555p] [789s<] +1z")
    (dec,) = decompose(hand)
    exposed = [g for g in dec.groups if not g.concealed]
    assert [g.kind for g in exposed] == [GroupKind.PUNG, GroupKind.CHOW]
    assert all(g.meld is not None for g in exposed)


def test_four_identical_as_two_pairs() -> None:
    """FIMJ-GAP-11 / Ravenna: four identical tiles count as two pairs only in the variant."""
    hand = parse_hand("1111m3344p5566s7z+7z")
    assert not list(SEVEN_PAIRS.decompose(hand))
    assert len(list(SEVEN_PAIRS_FOUR_AS_TWO.decompose(hand))) == 1


def test_thirteen_orphans_needs_pair_of_orphan() -> None:
    """Thirteen orphans fails when the fourteenth tile is not an orphan."""
    assert not list(THIRTEEN_ORPHANS.decompose(parse_hand("19m19p19s1234567z+2m")))


def _complete_brute(counts: list[int], need_pair: bool) -> bool:
    """Independent recursion: remaining tiles are sets plus (if need_pair) one pair."""
    if not any(counts):
        return not need_pair
    i = next(t for t, c in enumerate(counts) if c)
    options: list[tuple[tuple[int, ...], bool]] = []
    if counts[i] >= 3:
        options.append(((i, i, i), need_pair))
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        options.append(((i, i + 1, i + 2), need_pair))
    if need_pair and counts[i] >= 2:
        options.append(((i, i), False))
    for tiles, pair_after in options:
        for t in tiles:
            counts[t] -= 1
        found = _complete_brute(counts, pair_after)
        for t in tiles:
            counts[t] += 1
        if found:
            return True
    return False


def _is_complete(counts: list[int]) -> bool:
    """Standard, seven pairs or thirteen orphans, by brute force."""
    if sorted(counts).count(2) == 7 and all(c in (0, 2) for c in counts):
        return True
    orphans = (0, 8, 9, 17, 18, 26, *range(27, 34))
    if all(counts[t] for t in orphans) and sum(counts[t] for t in orphans) == 14:
        return True
    return _complete_brute(list(counts), need_pair=True)


def _random_complete(rng: random.Random) -> list[int]:
    """A random complete standard hand built from four sets and a pair."""
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.5:
                t = rng.randrange(27)
                t -= max(0, t % 9 - 6)
                for k in (0, 1, 2):
                    counts[t + k] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            return counts


@pytest.mark.parametrize("seed", range(5))
def test_reassembly_and_shanten_agree(seed: int) -> None:
    """Every decomposition re-assembles the counts; one exists iff brute force says complete."""
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    for n in range(400):
        if n % 2:
            counts = _random_complete(rng)
        else:
            counts = [0] * 34
            for t in rng.sample(wall, 14):
                counts[t] += 1
        decs = decompose_counts(tuple(counts))
        for d in decs:
            again = [0] * 34
            for g in d.groups:
                for t in g.tiles:
                    again[t] += 1
            assert again == counts
        assert bool(decs) == _is_complete(counts)
