"""The optional C accelerator (``analysis/_cshanten.c``) against the pure-Python reference.

Both paths run on the same generated inputs: hypothesis hands of every size with 0-4 melds,
seeded random hands, every bad input class (wrong length, counts outside 0-4, a group of more
than 14 tiles, non-int items, other sequence types, bad melds). Skipped where the accelerator
is not built, except when ``MURAGLIA_REQUIRE_NATIVE=1`` (CI), where its absence fails.
``MURAGLIA_PURE=1`` must switch it off.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muraglia.analysis import shanten as sh

REQUIRED = os.environ.get("MURAGLIA_REQUIRE_NATIVE") == "1"


def test_native_is_built_when_required() -> None:
    if REQUIRED and os.environ.get("MURAGLIA_PURE", "") in ("", "0"):
        assert sh.NATIVE, "MURAGLIA_REQUIRE_NATIVE=1 but muraglia.analysis._cshanten is not built"


def test_pure_switch_is_honoured() -> None:
    code = "import muraglia.analysis.shanten as s; print(s.NATIVE, s.shanten_all.__module__)"
    env = {**os.environ, "MURAGLIA_PURE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["False", "muraglia.analysis.shanten"]


needs_native = pytest.mark.skipif(not sh.NATIVE, reason="the C accelerator is not built here")


@st.composite
def counts_and_melds(draw: st.DrawFn) -> tuple[list[int], int]:
    melds = draw(st.integers(0, 4))
    size = 14 - 3 * melds - draw(st.integers(0, 1))
    wall = [k for k in range(34) for _ in range(4)]
    counts = [0] * 34
    for k in draw(st.permutations(wall))[:size]:
        counts[k] += 1
    return counts, melds


def _both(fn_native: Any, fn_pure: Any, *args: Any, **kw: Any) -> tuple[Any, Any]:
    """(result or exception type and message) of both functions."""
    out = []
    for fn in (fn_native, fn_pure):
        try:
            out.append(fn(*args, **kw))
        except Exception as exc:
            out.append((type(exc), str(exc)))
    return out[0], out[1]


@needs_native
@given(counts_and_melds())
def test_same_shanten_on_generated_hands(case: tuple[list[int], int]) -> None:
    counts, melds = case
    assert sh.shanten_all(counts, melds) == sh._pure_shanten_all(counts, melds)
    assert sh.shanten_all(tuple(counts), melds=melds) == sh._pure_shanten_all(counts, melds)
    for m in range(5):  # any meld count on the same tiles
        assert sh.shanten_standard(counts, m) == sh._pure_shanten_standard(counts, m)


@needs_native
def test_same_shanten_on_seeded_hands() -> None:
    rng = random.Random(19)
    wall = [k for k in range(34) for _ in range(4)]
    for i in range(30_000):
        counts = [0] * 34
        size = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)[i % 10]
        for k in rng.sample(wall, size):
            counts[k] += 1
        melds = (14 - size) // 3
        assert sh.shanten_all(counts, melds) == sh._pure_shanten_all(counts, melds), counts
        assert sh.shanten_all(counts) == sh._pure_shanten_all(counts), counts


class _Count(int):
    """An int subclass: not the fast path, handed to the pure function."""


@needs_native
@pytest.mark.parametrize(
    "counts",
    [
        [5] + [0] * 33,
        [-1] + [0] * 33,
        [4, 4, 4, 3] + [0] * 30,
        [0] * 27 + [4, 4, 4, 3, 0, 0, 0],
        [0] * 33,
        [0] * 35,
        [1.0] + [0] * 33,
        ["1"] + [0] * 33,
        [True] * 3 + [0] * 31,
        [_Count(1)] * 3 + [0] * 31,
        [2**70] + [0] * 33,
        bytes([1, 1, 1] + [0] * 31),
        bytearray([2] * 7 + [0] * 27),
        range(34),
        "abc",
        None,
    ],
)
def test_same_answer_or_error_on_odd_inputs(counts: Any) -> None:
    for melds in (0, 1):
        got, want = _both(sh.shanten_all, sh._pure_shanten_all, counts, melds)
        assert got == want
        got, want = _both(sh.shanten_standard, sh._pure_shanten_standard, counts, melds)
        assert got == want


@needs_native
@pytest.mark.parametrize("melds", [-1, 5, True, 1.0, None, _Count(1)])
def test_same_answer_or_error_on_odd_melds(melds: Any) -> None:
    counts = [1, 1, 1] + [0] * 31
    got, want = _both(sh.shanten_all, sh._pure_shanten_all, counts, melds)
    assert got == want
    got, want = _both(sh.shanten_standard, sh._pure_shanten_standard, counts, melds=melds)
    assert got == want


@needs_native
def test_call_forms() -> None:
    counts = [2] * 7 + [0] * 27
    assert sh.shanten_all(counts) == sh.shanten_all(counts, 0) == sh.shanten_all(counts, melds=0)
    assert sh.shanten_all(counts=counts) == sh._pure_shanten_all(counts=counts)
    with pytest.raises(TypeError):
        sh.shanten_all(counts, 0, 1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        sh.shanten_all(counts, bogus=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        sh.shanten_all()  # type: ignore[call-arg]
