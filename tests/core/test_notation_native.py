"""The optional C scanner of ``parse_hand`` (``src/muraglia/_cnotation.c``) against the pure one.

``notation._scan_hand`` is the fast path of :func:`muraglia.notation.parse_hand`: it accepts a
well-formed valid hand or answers ``None`` (the full scanner then writes the error). The C
kernel must answer exactly what the pure function answers — ``None`` for the same strings, and
otherwise a ``Hand`` with the same fields, the same field types, the same cached counts in its
instance dict and the very same (cached) ``Meld`` objects — on the generated strings of
``test_notation_differential.py`` (hands written in many styles, edited hands, token soups)
and the known examples, for both flags. Built wherever a compiler is (under ``CI=true`` it must
be); ``MURAGLIA_PURE=1`` switches it off at import. The whole differential suite of the parser
also runs on both paths (the ``kernels`` fixture).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from muraglia import notation
from muraglia.hand import Hand
from tests.core.test_notation_differential import (
    _KNOWN,
    _hand,
    edited_hands,
    token_soups,
    written_hands,
)

needs_native = pytest.mark.skipif(not notation.NATIVE, reason="_cnotation is not built here")


def _scan_outcome(scan: Any, text: str, strict: bool, red_fives: bool) -> Any:
    hand = scan(text, strict=strict, red_fives=red_fives)
    if hand is None:
        return None
    assert type(hand) is Hand
    state = dict(vars(hand))  # before any cached view is computed
    melds = tuple(id(m) for m in hand.melds)  # the cached Meld objects are shared
    return (state, melds, _hand(hand))


def _same_scan(text: str) -> None:
    for strict in (True, False):
        for red_fives in (True, False):
            native = _scan_outcome(notation._native.scan_hand, text, strict, red_fives)
            pure = _scan_outcome(notation._pure_scan_hand, text, strict, red_fives)
            assert native == pure, (text, strict, red_fives)


def test_notation_kernel_is_built_and_switched_off() -> None:
    """Built where the other kernels are; ``MURAGLIA_PURE=1`` leaves the pure scanner."""
    if importlib.util.find_spec("muraglia._cnotation") is None:
        if importlib.util.find_spec("muraglia.analysis._cshanten") is not None:
            pytest.fail("_cshanten is built and _cnotation is not: reinstall (pip install -e .)")
        if os.environ.get("CI") == "true":
            pytest.fail("CI must build the C accelerator (muraglia._cnotation)")
        pytest.skip("the C accelerator is not built here")
    code = (
        "import muraglia.notation as n\n"
        "print(n.NATIVE, n._scan_hand is n._pure_scan_hand)\n"
        "print(n.parse_hand('123m456p789s1112z +2z').notation)\n"
    )
    for pure, want in (("1", ["False", "True"]), ("0", ["True", "False"])):
        env = {**os.environ, "MURAGLIA_PURE": pure}
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        ).stdout.split()
        assert out == [*want, "123m456p789s11122z", "+2z"]


@needs_native
@pytest.mark.parametrize("text", _KNOWN)
def test_known_examples_scan_alike(text: str) -> None:
    _same_scan(text)


@needs_native
@given(written_hands())
def test_written_hands_scan_alike(text: str) -> None:
    _same_scan(text)


@needs_native
@given(edited_hands())
def test_edited_hands_scan_alike(text: str) -> None:
    _same_scan(text)


@needs_native
@given(token_soups)
def test_token_soups_scan_alike(text: str) -> None:
    _same_scan(text)


@needs_native
@pytest.mark.parametrize(
    "text",
    [
        "1m" * 300,  # more concealed tiles than the kernel holds: the pure path parses it
        "123m" + "1f" * 70,  # more bonus tiles than it holds
    ],
)
def test_beyond_the_kernel_limits_parse_hand_is_unchanged(text: str) -> None:
    """Past its limits the kernel answers None; ``parse_hand`` gives the pure path's answer."""
    for strict in (True, False):
        assert notation._native.scan_hand(text, strict=strict, red_fives=True) is None
        expected = notation._pure_scan_hand(text, strict=strict, red_fives=True)
        if expected is not None:
            assert _hand(notation.parse_hand(text, strict=strict)) == _hand(expected)


@needs_native
@pytest.mark.parametrize(
    "text",
    [
        "[55555m] 123p",  # a five-tile meld: rejected before the meld builder is asked
        "1m" * 13 + "+1m" + " " * 50,
        "123m456p789s11z +1z\x00",
        "123m456p789s11z +1z é",
        "[5555s<+^] 123m456p789p1z +1z",
        "1f2f3f4f5f6f7f8f1f",
    ],
)
def test_odd_strings_scan_alike(text: str) -> None:
    _same_scan(text)


@needs_native
def test_kernel_rejects_bad_calls() -> None:
    scan = notation._native.scan_hand
    assert scan(b"123m", strict=True, red_fives=True) is None
    assert scan(123, strict=True, red_fives=True) is None
    for bad in ((), ("123m",), ("123m", True)):
        with pytest.raises(TypeError, match="scan_hand"):
            scan(*bad)
    with pytest.raises(TypeError, match="scan_hand"):
        scan("123m", strict=True, red_fives=True, other=1)
    with pytest.raises(TypeError, match="scan_hand"):
        scan("123m", strict=True, colour=True)


# --- scan_indicated: the hand with its dora and ura indicators ------------------------------


class _Str(str):
    """A str subclass: not a plain indicator for either path."""


_ITEMS = st.sampled_from(
    (
        *(f"{d}{s}" for s in "mps" for d in range(10)),
        *(f"{d}z" for d in range(9)),
        "1f",
        "8f",
        "0f",
        "E",
        "5m ",
        "55m",
        "",
        "٣m",
        5,
        None,
        _Str("5m"),
    )
)
_INDICATOR_LISTS = st.one_of(
    st.none(),
    st.lists(_ITEMS, max_size=6),
    st.lists(_ITEMS, max_size=6).map(tuple),
    st.sampled_from(("5m", {"5m"}, 5)),
)


def _same_indicated(text: str, per_suit: int, dora: Any, ura: Any, limit: int) -> None:
    native = notation._native.scan_indicated
    pure = notation._pure_scan_indicated
    one = _scan_outcome(lambda t, **_: native(t, per_suit, dora, ura, limit), text, True, True)
    two = _scan_outcome(lambda t, **_: pure(t, per_suit, dora, ura, limit), text, True, True)
    assert one == two, (text, per_suit, dora, ura, limit)


@needs_native
@given(
    st.one_of(written_hands(), edited_hands()),
    st.integers(0, 3),
    _INDICATOR_LISTS,
    _INDICATOR_LISTS,
    st.integers(0, 5),
)
def test_indicated_scans_alike(text: str, per_suit: int, dora: Any, ura: Any, limit: int) -> None:
    """The C and pure one-pass checks of a hand with its indicators answer alike."""
    _same_indicated(text, per_suit, dora, ura, limit)


@needs_native
@pytest.mark.parametrize(
    ("text", "per_suit", "dora", "ura", "accepted"),
    [
        ("5555m23m456p78s11z+9s", 1, ["5m"], None, False),  # a fifth 5m through a dora
        ("555m234m456p78s11z+9s", 1, ["5m"], ["5m"], False),
        ("555m234m456p78s11z+9s", 1, ["5m"], [], True),
        ("0m23m456p789s1122z+2z", 1, ["0m"], None, False),  # two red 5m with one per suit
        ("0m23m456p789s1122z+2z", 1, ["0p"], None, False),  # the count is over all suits
        ("0m23m456p789s1122z+2z", 3, ["0p"], ["0s"], True),
        ("0m23m456p789s1122z+2z", 0, None, None, False),  # no red fives in this wall
        ("[406m] 23m456p789s11z +1z", 1, ("4m",), None, True),
        ("[406m] 23m456p789s11z +1z", 1, ("0s",), None, False),
        ("123m456p789s1112z +2z", 1, ["1f"], None, False),  # a flower: the general path
        ("123m456p789s1112z +2z", 1, ["5m"] * 5, None, False),  # over the limit
        ("123m456p789s1112z +2z", 1, "5m", None, False),  # a string, not a list
    ],
)
def test_indicated_examples(text: str, per_suit: int, dora: Any, ura: Any, accepted: bool) -> None:
    for scan in (notation._native.scan_indicated, notation._pure_scan_indicated):
        hand = scan(text, per_suit, dora, ura, 4)
        assert (hand is not None) is accepted, (scan, text)
    _same_indicated(text, per_suit, dora, ura, 4)


@needs_native
def test_indicated_bad_calls() -> None:
    scan = notation._native.scan_indicated
    with pytest.raises(TypeError, match="scan_indicated"):
        scan("123m", 1, None, None)
    with pytest.raises(TypeError):
        scan("123m", "1", None, None, 4)
    assert scan(b"123m", 1, None, None, 4) is None
    assert scan("123m456p789s1112z +2z", -1, None, None, 4) is None
