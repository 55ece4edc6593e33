"""The MCR engine's completeness and waiting tests: the knitted-shape pre-test loses nothing."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from muraglia.analysis.shanten import shanten_all
from muraglia.analysis.shapes import shape_shanten
from muraglia.rulesets.mcr import McrRules
from muraglia.rulesets.mcr.flow import FLOW, near_knitted
from muraglia.rulesets.mcr.shapes import KNITTED_PATTERNS, KNITTED_SHAPES

MCR_FLOW = FLOW(McrRules())


def hand(seed: int, size: int, knitted: int) -> list[int]:
    """``size`` random tiles, the first ``knitted`` of them from one knitted straight."""
    rng = random.Random(seed)
    counts = [0] * 34
    pattern = list(rng.choice(KNITTED_PATTERNS))
    rng.shuffle(pattern)
    for t in pattern[:knitted]:
        counts[t] += 1
    while sum(counts) < size:
        t = rng.randrange(34) if rng.random() < 0.5 else rng.choice([*range(27, 34), *pattern])
        if counts[t] < 4:
            counts[t] += 1
    return counts


@given(st.integers(0, 2**32 - 1), st.sampled_from([13, 14]), st.integers(0, 9))
def test_pre_test_keeps_every_knitted_wait_and_win(seed: int, size: int, knitted: int) -> None:
    counts = hand(seed, size, knitted)
    full = shape_shanten(counts, 0, KNITTED_SHAPES)
    if full <= 0:
        assert near_knitted(counts)
    plain_wait = shanten_all(counts, 0) <= 0 or full <= 0
    assert MCR_FLOW.may_wait(counts, 0) == plain_wait
    if size == 14:
        plain_win = shanten_all(counts, 0) == -1 or full == -1
        assert MCR_FLOW.is_complete(counts, 0) == plain_win


def test_knitted_hands_are_complete() -> None:
    c = [0] * 34
    for t in (0, 3, 6, 10, 13, 16, 20, 23, 26, 27, 28, 29, 30, 31):  # lesser honours-knitted
        c[t] += 1
    assert MCR_FLOW.is_complete(c, 0)
    c[31] -= 1
    assert MCR_FLOW.may_wait(c, 0)
    assert not MCR_FLOW.is_complete(c, 0)
