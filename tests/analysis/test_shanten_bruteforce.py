"""Table-driven shanten against an independent brute-force search on 100,000 seeded random hands.

The brute force shares nothing with the tables: for each suit (and the honours) of each hand it
searches directly over target groups. At the lowest kind still holding hand tiles it either
leaves its remaining copies unused (swapped away) or builds a group of the target (pung, pair,
or one of the chows through that kind) that uses as many of the hand's tiles as it can; groups
that use no hand tile fit anywhere. The target may hold at most four copies of a kind. Then
every split of the sets and the pair over the four groups is tried:
shanten = (target tiles) - (hand tiles used) - 1. Search results are memoised per suit vector
during the run, which keeps 100,000 hands fast.
"""

from __future__ import annotations

import random

import pytest

from muraglia.analysis.shanten import shanten_all, shanten_standard

HANDS = 100_000
SEED = 20261122
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


Extra = dict[tuple[int, int], int]
_MEMO: dict[tuple[tuple[int, ...], tuple[int, ...], int, int, bool], Extra] = {}


def _options(i: int, honours: bool) -> list[tuple[tuple[int, ...], int, int]]:
    """Groups through kind i of one suit: pung, pair, and (suits only) the chows."""
    out: list[tuple[tuple[int, ...], int, int]] = [((i, i, i), 1, 0), ((i, i), 0, 1)]
    if not honours:
        out.extend(((s, s + 1, s + 2), 1, 0) for s in range(i - 2, i + 1) if 0 <= s <= 6)
    return out


def _extra(
    hand: tuple[int, ...], target: tuple[int, ...], i: int, first: int, honours: bool
) -> Extra:
    """Most hand tiles usable from kind i on, per number of extra (sets, pairs) built.

    ``hand`` holds the unused hand tiles (none below i), ``target`` the target so far; groups
    through kind i are built in option order (from ``first``) so each multiset is seen once.
    """
    n = len(hand)
    while i < n and not hand[i]:
        i += 1
        first = 0
    if i == n:
        return {(0, 0): 0}
    key = (hand, target[max(i - 2, 0) :], i, first, honours)  # chows reach back two kinds
    if key in _MEMO:
        return _MEMO[key]
    result: Extra = {}
    # leave the remaining copies of kind i unused
    rest = _extra((*hand[:i], 0, *hand[i + 1 :]), target, i + 1, 0, honours)
    result.update(rest)
    options = _options(i, honours)
    for index in range(first, len(options)):
        group, ds, dp = options[index]
        new_target = list(target)
        new_hand = list(hand)
        taken = 0
        for k in group:
            new_target[k] += 1
            if new_hand[k]:
                new_hand[k] -= 1
                taken += 1
        if max(new_target) > 4:
            continue
        sub = _extra(tuple(new_hand), tuple(new_target), i, index, honours)
        for (es, ep), used in sub.items():
            shape = (es + ds, ep + dp)
            if shape[0] > 4 or shape[1] > 1:
                continue
            if result.get(shape, -1) < used + taken:
                result[shape] = used + taken
    _MEMO[key] = result
    return result


def _group_search(vec: tuple[int, ...], honours: bool) -> dict[tuple[int, int], int]:
    """Most hand tiles usable by m sets and p pairs inside one suit (or the honours)."""
    best = _extra(vec, (0,) * len(vec), 0, 0, honours)
    # a group that uses none of the hand's tiles always fits somewhere
    table: dict[tuple[int, int], int] = {}
    for m in range(5):
        for p in range(2):
            table[m, p] = max(v for (ms, ps), v in best.items() if ms <= m and ps <= p)
    return table


_CACHE: dict[tuple[tuple[int, ...], bool], dict[tuple[int, int], int]] = {}


def group_overlaps(vec: tuple[int, ...], honours: bool) -> dict[tuple[int, int], int]:
    key = (vec, honours)
    if key not in _CACHE:
        _CACHE[key] = _group_search(vec, honours)
    return _CACHE[key]


def brute_standard(counts: list[int], melds: int) -> int:
    """Best split of the sets and the pair over the four groups, each searched exhaustively."""
    parts = [
        group_overlaps(tuple(counts[0:9]), False),
        group_overlaps(tuple(counts[9:18]), False),
        group_overlaps(tuple(counts[18:27]), False),
        group_overlaps(tuple(counts[27:34]), True),
    ]
    sets = 4 - melds
    # every split of the sets and the pair over the four groups, merged two groups at a time
    merged = parts[0]
    for part in parts[1:]:
        merged = {
            (m, p): max(
                merged[m1, p1] + part[m - m1, p - p1] for m1 in range(m + 1) for p1 in range(p + 1)
            )
            for m in range(5)
            for p in range(2)
        }
    best = merged[sets, 1]
    return 3 * sets + 2 - best - 1


def brute_seven_pairs(counts: list[int]) -> int:
    """Seven different pairs: keep the seven kinds that give the most tiles."""
    gains = sorted((min(c, 2) for c in counts), reverse=True)
    return 14 - sum(gains[:7]) - 1


def brute_orphans(counts: list[int]) -> int:
    """Thirteen orphans: one of each, plus any second copy."""
    have = sum(1 for k in ORPHANS if counts[k])
    extra = 1 if any(counts[k] >= 2 for k in ORPHANS) else 0
    return 14 - have - extra - 1


def brute_all(counts: list[int], melds: int) -> int:
    value = brute_standard(counts, melds)
    if melds == 0:
        value = min(value, brute_seven_pairs(counts), brute_orphans(counts))
    return value


def random_hands(n: int, seed: int) -> list[tuple[list[int], int]]:
    """Seeded random concealed parts: 13/14 tiles, or fewer with 1-4 declared melds."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    out = []
    for _ in range(n):
        melds = rng.choice((0, 0, 0, 0, 1, 2, 3, 4))
        size = 3 * (4 - melds) + rng.choice((1, 2))
        counts = [0] * 34
        for k in rng.sample(wall, size):
            counts[k] += 1
        out.append((counts, melds))
    return out


@pytest.mark.parametrize(
    ("counts", "melds"),
    [
        pytest.param([1, 1, 1, 0, 0, 0, 0, 0, 0] * 3 + [3, 2, 0, 0, 0, 0, 0], 0, id="complete"),
        pytest.param([4, 0, 0, 0, 0, 0, 0, 0, 0] * 3 + [1, 0, 0, 0, 0, 0, 0], 0, id="three-quads"),
        pytest.param([0] * 27 + [4, 4, 4, 1, 0, 0, 0], 0, id="honour-quads"),
        pytest.param([0] * 33 + [1], 4, id="single-wait"),
    ],
)
def test_bruteforce_small_cases(counts: list[int], melds: int) -> None:
    assert shanten_all(counts, melds) == brute_all(counts, melds)


@pytest.mark.slow
def test_bruteforce_random_hands() -> None:
    mismatches = []
    for counts, melds in random_hands(HANDS, SEED):
        if shanten_all(counts, melds) != brute_all(counts, melds):
            mismatches.append((counts, melds))
            if len(mismatches) > 5:
                break
    assert mismatches == []


@pytest.mark.slow
def test_bruteforce_standard_only() -> None:
    for counts, melds in random_hands(5_000, SEED + 1):
        assert shanten_standard(counts, melds) == brute_standard(counts, melds), counts


KNITTED = [
    tuple(
        9 * suit + r
        for suit, start in zip(perm, (0, 1, 2), strict=True)
        for r in (start, start + 3, start + 6)
    )
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
]


def brute_knitted_straight(counts: list[int], melds: int) -> int:
    """MCR knitted straight: the nine knitted tiles of one suit order, then a set and a pair."""
    best = 99
    for tiles in KNITTED:
        rest = list(counts)
        missing = 0
        for k in tiles:
            if rest[k]:
                rest[k] -= 1
            else:
                missing += 1
        # one set (none with a declared meld) and the pair from the rest: 4 "melds" already made
        remainder = brute_standard(rest, 3 + melds) + 1
        best = min(best, missing + remainder - 1)
    return best


def test_bruteforce_knitted_straight() -> None:
    from muraglia.analysis.shanten import shanten_knitted_straight

    for counts, melds in random_hands(3_000, SEED + 2):
        if melds > 1:
            continue
        assert shanten_knitted_straight(counts, melds) == brute_knitted_straight(counts, melds), (
            counts
        )
