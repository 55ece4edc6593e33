"""Differential tests: the table-driven parser against the frozen reference parser.

``tests/core/_reference_notation.py`` is the parser as it was before the rewrite. For every
string (hands written in many styles, the same hands with random edits, random token soups and
every error class of ``test_notation.py``) both parsers must give the same :class:`Hand` — same
field values *and* types, same cached counts — or raise the same exception type with the same
message, reason and position (interfaces.md §2–3: "Parsing is strict").

The one deliberate difference: the reference accepted any Unicode digit as a tile digit
(``'٣m'`` parsed as ``3m``; ``'²m'`` raised a bare ``ValueError`` from ``int()``); the new parser
only reads ``0-9`` and reports such characters as unknown (tested apart below).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from muraglia import notation
from muraglia.errors import NotationError
from muraglia.hand import Hand
from muraglia.melds import Meld
from muraglia.tiles import PhysicalTile, Tile
from tests.core import _reference_notation as reference
from tests.strategies import hands

# every test here runs on both scanners' fast paths: the C kernel (muraglia._cnotation), then
# the pure-Python one (the ``kernels`` fixture of tests/conftest.py)
pytestmark = pytest.mark.usefixtures("kernels")

# --- comparing outcomes -------------------------------------------------------------------


def _tile(t: PhysicalTile) -> tuple[Any, ...]:
    return (type(t), type(t.kind), int(t.kind), type(t.red), t.red)


def _meld(m: Meld) -> tuple[Any, ...]:
    return (
        type(m),
        m.kind,
        type(m.tiles),
        tuple(_tile(t) for t in m.tiles),
        m.concealed,
        m.source,
        m.added,
    )


def _hand(h: Hand) -> tuple[Any, ...]:
    """Every field with its type, plus the cached views a caller may read."""
    return (
        type(h),
        type(h.concealed),
        tuple(_tile(t) for t in h.concealed),
        type(h.melds),
        tuple(_meld(m) for m in h.melds),
        type(h.bonus),
        tuple((type(b), int(b)) for b in h.bonus),
        None if h.winning is None else _tile(h.winning),
        h.counts,
        h.concealed_counts,
        h.status(),
        h.notation,
    )


def _outcome(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, ...]:
    try:
        value = fn(*args, **kwargs)
    except Exception as exc:
        extra = (exc.reason, exc.text, exc.position) if isinstance(exc, NotationError) else ()
        return ("error", type(exc), str(exc), *extra)
    if isinstance(value, Hand):
        return ("hand", _hand(value), value)
    if isinstance(value, PhysicalTile):
        return ("tile", _tile(value))
    return ("tiles", type(value), tuple(_tile(t) for t in value))


def _same_hand(text: str) -> None:
    for strict in (True, False):
        for red_fives in (True, False):
            old = _outcome(reference.parse_hand, text, strict=strict, red_fives=red_fives)
            new = _outcome(notation.parse_hand, text, strict=strict, red_fives=red_fives)
            assert new == old, (text, strict, red_fives)


def _same_tiles(text: str) -> None:
    for red_fives in (True, False):
        old = _outcome(reference.parse_tiles, text, red_fives=red_fives)
        new = _outcome(notation.parse_tiles, text, red_fives=red_fives)
        assert new == old, (text, red_fives)
        old = _outcome(reference.parse_tile, text, red_fives=red_fives)
        new = _outcome(notation.parse_tile, text, red_fives=red_fives)
        assert new == old, (text, red_fives)


def _same(text: str) -> None:
    _same_hand(text)
    _same_tiles(text)


# --- writing hands in many styles ------------------------------------------------------------

_LETTERS: dict[int, tuple[str, ...]] = {
    Tile.EAST: ("E",),
    Tile.SOUTH: ("S",),
    Tile.WEST: ("W",),
    Tile.NORTH: ("N",),
    Tile.WHITE: ("P", "Wh"),
    Tile.GREEN: ("F", "Gr"),
    Tile.RED: ("C", "Rd"),
}
_SPACES = ("", "", "", " ", "  ")
_ODD_SPACES = (*_SPACES, "\t", "\u3000")  # spaces for str.isspace, not for the fast path


@st.composite
def _tiles_text(draw: st.DrawFn, tiles: list[PhysicalTile], *, spaces: tuple[str, ...] = ()) -> str:
    """``tiles`` in a random order, grouped or not, honours maybe as letters."""
    tiles = list(draw(st.permutations(tiles)))
    out: list[str] = []
    digits = ""
    suit = ""
    for tile in tiles:
        kind = tile.kind
        letter = kind.suit.value
        spelled = kind in _LETTERS and draw(st.integers(0, 3)) == 0
        if digits and (spelled or letter != suit or draw(st.booleans())):
            out.append(digits + suit)
            digits = ""
        if spelled:
            out.append(draw(st.sampled_from(_LETTERS[kind])))
        else:
            digits += "0" if tile.red else str(kind.rank)
            suit = letter
        if spaces and not digits:
            out.append(draw(st.sampled_from(spaces)))
    if digits:
        out.append(digits + suit)
    return "".join(out)


@st.composite
def _meld_text(draw: st.DrawFn, meld: Meld) -> str:
    body = draw(_tiles_text(list(meld.tiles)))
    if meld.concealed:
        return f"({body})"
    marks = [m for m in ((meld.source.value if meld.source else ""), "+" * meld.added) if m]
    return "[" + body + "".join(draw(st.permutations(marks))) + "]"


@st.composite
def written_hands(draw: st.DrawFn) -> str:
    """A valid hand written in one of the many accepted ways."""
    hand = draw(hands())
    spaces = _ODD_SPACES if draw(st.integers(0, 4)) == 0 else _SPACES
    concealed = list(hand.concealed)
    winning = ""
    if hand.winning is not None:
        winning = draw(_tiles_text([hand.winning]))
        if draw(st.booleans()):  # '+X' marks one of the 14 tiles written
            concealed.append(hand.winning)
    parts = [draw(_meld_text(m)) for m in hand.melds]
    if hand.bonus:
        parts.append("".join(str(b.rank) for b in hand.bonus) + "f")
    cut = draw(st.integers(0, len(concealed)))
    parts.append(draw(_tiles_text(concealed[:cut], spaces=spaces)))
    parts.append(draw(_tiles_text(concealed[cut:], spaces=spaces)))
    parts = [p for p in draw(st.permutations(parts)) if p]
    seps = [draw(st.sampled_from(spaces)) for _ in parts]
    text = "".join(s + p for s, p in zip(seps, parts, strict=True))
    if winning:
        text += draw(st.sampled_from(spaces)) + "+" + winning
    return text + draw(st.sampled_from(spaces))


_TOKENS = (
    *"0123456789",
    *"mpszf",
    *"ESWNPFC",
    "Wh",
    "Gr",
    "Rd",
    *"GRhrdx",
    *"[]()<^>+",
    " ",
    "\t",
    "\u3000",
    "\n",
    "5m",
    "8z",
    "0z",
    "9f",
    "0f",
    "[555z]",
    "(1111p)",
    "+1m",
    "[5555s<+]",
    "[1f2f3f]",
)

_EDITS = st.lists(
    st.tuples(st.sampled_from(("insert", "delete", "replace", "double")), st.integers(0, 60)),
    max_size=3,
)


@st.composite
def edited_hands(draw: st.DrawFn) -> str:
    """A written hand with up to three random edits (most of them make it invalid)."""
    text = draw(written_hands())
    for edit, where in draw(_EDITS):
        at = where % (len(text) + 1)
        token = draw(st.sampled_from(_TOKENS))
        if edit == "insert":
            text = text[:at] + token + text[at:]
        elif edit == "delete":
            text = text[:at] + text[at + 1 :]
        elif edit == "replace":
            text = text[:at] + token + text[at + len(token) :]
        else:
            text = text[:at] + text[at : at + 4] + text[at:]
    return text


token_soups = st.lists(st.sampled_from(_TOKENS), max_size=24).map("".join)

# --- the tests --------------------------------------------------------------------------------

# Every example of test_notation.py, each syntax and semantic error class included.
_KNOWN = [
    "234m 567p 11z [555z] [789s<] +4m",
    "119m19p19s1234567z +9p",
    "23455678m (1111p) [999s^] 1f7f +5m",
    "123m456p789s1122z",
    "EESSWWNN PFC Wh Gr Rd",
    "0m55m678p 111z 9s [222z>] +9s",
    "12m3m 456p [5555s<+] 789p 9p",
    "[5555s+] 123m456p789p1z +1z",
    "23m567p11z [555z] [789s<] +4m",
    "11m [123p<] [555z^] [6666s>] [7777m+] (EEEE)",
    "12x3m",
    "123",
    "123m 45",
    "8z",
    "9f",
    "0z",
    "[123m",
    "[12 3m]",
    "[123m ]",
    "123m]",
    "123m +",
    "123m +45m",
    "123m +4m 5m",
    "+1f",
    "[555z<<]",
    "[5555z++]",
    "",
    "   ",
    "G",
    "0m",
    "[123z]",
    "[1f2f3f]",
    "[124m]",
    "[899m]",
    "[1234m]",
    "(111m)",
    "[55m]",
    "[555m+]",
    "11111m 2345678p 9s",
    "123m456p789s11z",
    "123m456p789s11112z3z",
    "123m456p789s12z +1z",
    "123m456p789s1z 1f1f",
    "123m456p789s11222z +3z",
    "111112m",
    "05m 123p 678s [999s] (1111z) 2f +5m",
    "1m 0p E Wh Gr Rd P F C",
    "N",
    "12m",
    "Whh",
    "1Wh",
    "W h",
    "[]",
    "[<]",
    "()",
    "(5555p<)",
    "[555z<E]",
    "[55<5z]",
    "+ 1m",
    "+E",
    "+Wh",
    "+0m",
    "123m456p789s11z +0m 0m",
    "123m456p789s0m55z +0m",
    "0m5m 123p456p789p 55m +5m",
    "0m5m 123p456p789p 55m +0m",
    "[0m46m<] 123p456p789p 55m",
    "[5555m] [5555p] [5555s] [5555z] 1z +1z",
    "[111m] [222m] [333m] [444m] [555m] 1z +1z",
    "2m3m4m7p7p9s9s9s2z2z2z5z5z5z+2m",
    "9p9p5s5s7s7s7s[1m1m1m1m](3s3s3s3s)+5s",
    "2m2m2m4m4m1p1p1p6s6s1z1z1z8f7f+6s",
    "1f2f3f4f5f6f7f8f",
    "123m\n456p",
    "123m\u3000456p789s11z +1z",
]


@pytest.mark.parametrize("text", _KNOWN)
def test_known_examples_match_the_reference(text: str) -> None:
    _same(text)


@given(written_hands())
@example("234m 567p 11z [555z] [789s<] +4m")
def test_written_hands_match_the_reference(text: str) -> None:
    _same(text)


@given(edited_hands())
def test_edited_hands_match_the_reference(text: str) -> None:
    _same(text)


@given(token_soups)
def test_token_soups_match_the_reference(text: str) -> None:
    _same(text)


def test_non_string_input_matches_the_reference() -> None:
    for value in (None, 123, b"123m"):
        old = _outcome(reference.parse_hand, value)
        new = _outcome(notation.parse_hand, value)
        assert new == old


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ("٣m", "unknown character '٣'", 0),
        ("1²m", "unknown character '²'", 1),
        ("123m ٣p", "unknown character '٣'", 5),
        ("[1٣3m]", "unknown character '٣'", 2),
        ("+٣m", "'+' must be followed by the winning tile", 1),
    ],
)
def test_only_ascii_digits_are_tile_digits(text: str, message: str, position: int) -> None:
    for strict in (True, False):
        with pytest.raises(NotationError, match=re.escape(message)) as info:
            notation.parse_hand(text, strict=strict)
        assert info.value.position == position


@pytest.mark.parametrize(("text", "position"), [("٣m", 0), ("1²m", 1), ("12m ٣p", 4)])
def test_parse_tiles_reads_only_ascii_digits(text: str, position: int) -> None:
    with pytest.raises(NotationError, match="unknown character") as info:
        notation.parse_tiles(text)
    assert info.value.position == position


@pytest.mark.parametrize(
    "text",
    [
        "2m3m4m7p7p9s9s9s2z2z2z5z5z5z+2m",
        "9p9p5s5s7s7s7s[1m1m1m1m](3s3s3s3s)+5s",
        "2m2m2m4m4m1p1p1p6s6s1z1z1z8f7f+6s",
        "234m 567p 11z [555z] [789s<] +4m",
        "23455678m (1111p) [999s^] 1f7f +5m",
        "EESSWWNN PFC Wh Gr Rd",
        "0m55m678p 111z 9s [222z>] +9s",
        "12m3m 456p [5555s<+] 789p 9p",
        "[5555s+^] 123m456p789p1z +1z",
    ],
)
def test_valid_hands_take_the_fast_path(text: str) -> None:
    """The one-pass scan accepts these itself (the full scanner is only its fallback)."""
    hand = notation._scan_hand(text, strict=True, red_fives=True)
    assert hand is not None
    assert _hand(hand) == _hand(reference.parse_hand(text))


def test_results_do_not_depend_on_the_caches(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the token tables at their initial size and no meld cache, nothing changes."""
    fresh = {flag: notation._table(red_fives=flag) for flag in (True, False)}
    original = notation._MELDS
    monkeypatch.setattr(notation, "_TABLES", fresh)
    monkeypatch.setattr(notation, "_MELDS", {})
    monkeypatch.setattr(notation, "_CACHE_LIMIT", 0)
    kernel = notation._native if notation._scan_hand is not notation._pure_scan_hand else None
    if kernel is not None:  # the C kernel holds the meld cache it was set up with
        notation._set_up(kernel, notation._MELDS)
    try:
        for text in _KNOWN:
            _same(text)
    finally:
        if kernel is not None:
            notation._set_up(kernel, original)
    assert not notation._MELDS
    assert all(len(table) == len(notation._table(red_fives=flag)) for flag, table in fresh.items())
