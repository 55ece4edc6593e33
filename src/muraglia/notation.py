"""Tile and hand notation: strict parsing and canonical formatting (interfaces.md §2–3).

This module also defines :class:`Hand` (with :class:`HandStatus`, :data:`MAX_MELDS` and
:func:`format_hand`), which ``muraglia.hand`` re-exports: ``Hand.parse`` is this parser and the
parser builds hands, so both live in one module, with no import cycle.

Grammar (the one place it is written down; ``docs/notation.md`` explains it for people):

==================  ====================================================================
element             syntax
==================  ====================================================================
suited tiles        digits ``1-9`` then ``m`` (characters), ``p`` (circles), ``s`` (bamboo);
                    ``0`` is a red five (only when red fives are allowed)
honours             digits ``1-7`` then ``z``: E S W N White Green Red; or the letters
                    ``E S W N`` (winds), ``P F C`` (mjai dragons), ``Wh Gr Rd``
bonus tiles         digits ``1-8`` then ``f``: flowers 1–4, seasons 5–8 (outside melds only)
grouping            digits of one suit share the letter: ``123m`` = ``1m2m3m``
exposed meld        ``[`` tiles markers ``]``: 3 tiles (chow or pung) or 4 (kong);
                    markers: ``<`` left, ``^`` across, ``>`` right, ``+`` added kong
concealed kong      ``(`` four identical tiles ``)``
winning tile        ``+`` one tile, last in the string
spaces              ignored outside brackets; not allowed inside a group or a meld
==================  ====================================================================

The winning tile ``+X`` may be given as a 14th tile (``123m...+4m`` with 13 tiles before it)
or as a mark on one of 14 tiles already written (``234m567p11z [555z] [789s<] +4m``); both
parse to the same :class:`Hand`.

Implementation: :func:`parse_hand` and :func:`parse_tiles` first try a table-driven single
pass: one ``re.findall`` cuts the string into tokens of some digits and one character, a
dictionary maps each token to its tile codes or to a control action, melds come from a cache
of built :class:`~muraglia.melds.Meld` objects and tiles from a table of interned
:class:`~muraglia.tiles.PhysicalTile`. It only ever *accepts*: on anything unusual or wrong it
hands the string to the full scanner below, which is the grammar's reference and writes every
error message, so results and messages do not depend on which path ran. Where the optional C
kernel ``muraglia._cnotation`` is built, :func:`parse_hand`'s single pass runs there (the same
tokens, automaton and checks, the same ``Hand``; ``NATIVE`` says so, ``MURAGLIA_PURE=1`` keeps
the pure function, which stays the reference).

Canonical form: concealed tiles (winning tile included) sorted and grouped by suit (a red
five before the other fives), then the melds in declaration order, then bonus tiles, then
``+`` the winning tile, separated by single spaces.

>>> h = parse_hand("99s 234m [789s<] 567p EEE +4m")
>>> format_hand(h)
'234m567p99s111z [789s<] +4m'
>>> parse_hand("12x3m")
Traceback (most recent call last):
...
muraglia.errors.NotationError: unknown character 'x' in '12x3m' at position 2
>>> parse_hand("11111m 2345678p 9s")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
muraglia.errors.InvalidHandError: impossible hand '11111m 2345678p 9s': 5 copies of '1m' ...
"""

from __future__ import annotations

import dataclasses
import re
from bisect import bisect_right
from enum import IntFlag
from functools import cached_property
from typing import Any

from muraglia.errors import InvalidHandError, NotationError, excerpt, plural
from muraglia.kernels import compiled
from muraglia.melds import SET_SIZE, Meld, MeldKind, Source
from muraglia.tiles import (
    COPIES,
    HAND_SIZE,
    NUM_KINDS,
    NUM_SUITED,
    WAITING_SIZE,
    PhysicalTile,
    Tile,
    TileCounts,
    counts_of,
    format_tiles,
)

__all__ = [
    "MAX_MELDS",
    "Hand",
    "HandStatus",
    "format_hand",
    "format_tiles",
    "meld_notation",
    "parse_hand",
    "parse_tile",
    "parse_tiles",
]

# --- the hand ---------------------------------------------------------------------------------
#
# ``Hand`` and the parser live in this one module (``muraglia.hand`` re-exports the hand's
# names): ``Hand.parse`` calls the parser and the parser builds ``Hand``s, with no import cycle.

MAX_MELDS = 4
"""Declared melds a hand can hold (four sets and a pair)."""


class HandStatus(IntFlag):
    """Semantic problems of a hand (``VALID`` when there are none)."""

    VALID = 0
    TOO_MANY_COPIES = 1
    """More than four copies of a tile kind."""
    WRONG_TILE_COUNT = 2
    """Not 13 or 14 tiles counting each meld as three (exactly 14 with a winning tile)."""
    DUPLICATE_BONUS = 4
    """The same flower or season twice."""
    TOO_MANY_MELDS = 8
    """More than four declared melds."""


@dataclasses.dataclass(frozen=True, eq=True)
class Hand:
    """A hand. Concealed tiles are kept sorted; melds keep declaration order.

    ``concealed`` does not include ``winning``: the winning tile is held apart so that
    a scorer knows which tile completed the hand.
    """

    concealed: tuple[PhysicalTile, ...]
    """Concealed tiles, sorted, without the winning tile."""
    melds: tuple[Meld, ...] = ()
    """Declared melds (exposed melds and concealed kongs) in declaration order."""
    bonus: tuple[Tile, ...] = ()
    """Exposed flowers and seasons, sorted."""
    winning: PhysicalTile | None = None
    """The winning tile, if the hand is a finished one."""

    def __post_init__(self) -> None:
        """Normalise the order of tiles and check that bonus tiles stand apart."""
        object.__setattr__(
            self, "concealed", tuple(sorted(self.concealed, key=lambda t: (t.kind, not t.red)))
        )
        object.__setattr__(self, "bonus", tuple(sorted(self.bonus)))
        for tile in self.concealed:
            if tile.kind >= NUM_KINDS:  # Tile.is_bonus, without a property call per tile
                raise InvalidHandError(
                    f"bonus tile {tile.notation!r} among the concealed tiles: "
                    "flowers and seasons are exposed apart"
                )
        for btile in self.bonus:
            if not btile.is_bonus:
                raise InvalidHandError(f"{btile.notation!r} listed as a bonus tile")
        if self.winning is not None and self.winning.kind >= NUM_KINDS:
            raise InvalidHandError(f"bonus tile {self.winning.notation!r} cannot be a winning tile")

    @classmethod
    def parse(cls, text: str, *, strict: bool = True, red_fives: bool = True) -> Hand:
        """Parse hand notation; see :func:`parse_hand` (defined below in this module)."""
        return parse_hand(text, strict=strict, red_fives=red_fives)

    @cached_property
    def notation(self) -> str:
        """Canonical notation (``parse_hand(h.notation) == h``)."""
        return format_hand(self)

    def __str__(self) -> str:
        """The canonical notation."""
        return self.notation

    def __repr__(self) -> str:
        """``Hand('…')``, which can be pasted back."""
        return f"Hand({self.notation!r})"

    @property
    def concealed_tiles(self) -> tuple[PhysicalTile, ...]:
        """Concealed tiles including the winning tile (if any)."""
        if self.winning is None:
            return self.concealed
        return (*self.concealed, self.winning)

    @cached_property
    def concealed_counts(self) -> TileCounts:
        """34-counts of the concealed tiles, winning tile included, melds excluded."""
        return counts_of(t.kind for t in self.concealed_tiles)

    @cached_property
    def counts(self) -> TileCounts:
        """34-counts of every tile of the hand: concealed, winning and melded."""
        counts = list(self.concealed_counts)
        for meld in self.melds:
            for tile in meld.tiles:
                counts[tile.kind] += 1
        return tuple(counts)

    @property
    def tile_count(self) -> int:
        """Number of tiles counting each meld (kongs included) as three."""
        return len(self.concealed_tiles) + 3 * len(self.melds)

    @property
    def is_concealed(self) -> bool:
        """Whether the hand has no exposed meld (concealed kongs allowed)."""
        return all(m.concealed for m in self.melds)

    @property
    def kongs(self) -> tuple[Meld, ...]:
        """The declared kongs."""
        return tuple(m for m in self.melds if m.kind is MeldKind.KONG)

    @property
    def red_fives(self) -> int:
        """How many red fives the hand holds (concealed, winning and melded)."""
        return sum(t.red for t in self.concealed_tiles) + sum(m.red_fives for m in self.melds)

    def with_winning(self, tile: PhysicalTile | Tile) -> Hand:
        """This 13-tile hand completed by ``tile`` as the winning tile.

        Raises:
            InvalidHandError: if the hand already has a winning tile.
        """
        if self.winning is not None:
            raise InvalidHandError(f"{self.notation!r} already has a winning tile")
        if isinstance(tile, Tile):
            tile = PhysicalTile(tile)
        return Hand(self.concealed, self.melds, self.bonus, tile)

    def status(self) -> HandStatus:
        """Semantic problems of the hand as flags (``HandStatus.VALID`` if none)."""
        status = HandStatus.VALID
        if max(self.counts) > COPIES:  # the 34 counts: never empty
            status |= HandStatus.TOO_MANY_COPIES
        count = self.tile_count
        if (self.winning is not None and count != HAND_SIZE) or count not in (
            WAITING_SIZE,
            HAND_SIZE,
        ):
            status |= HandStatus.WRONG_TILE_COUNT
        if len(set(self.bonus)) != len(self.bonus):
            status |= HandStatus.DUPLICATE_BONUS
        if len(self.melds) > MAX_MELDS:
            status |= HandStatus.TOO_MANY_MELDS
        return status

    def problems(self) -> list[str]:
        """Human-readable descriptions of every semantic problem, naming the tiles."""
        out: list[str] = []
        for kind in range(NUM_KINDS):
            if self.counts[kind] > COPIES:
                out.append(
                    f"{self.counts[kind]} copies of {Tile(kind).notation!r} (there are only 4)"
                )
        count = self.tile_count
        if self.winning is not None and count != HAND_SIZE:
            out.append(
                f"{plural(count, 'tile')} with a winning tile (need 14, counting each meld as 3)"
            )
        elif count not in (WAITING_SIZE, HAND_SIZE):
            out.append(f"{plural(count, 'tile')} (need 13 or 14, counting each meld as 3)")
        seen: set[Tile] = set()
        for btile in self.bonus:
            if btile in seen:
                out.append(f"bonus tile {btile.notation!r} twice")
            seen.add(btile)
        if len(self.melds) > MAX_MELDS:
            out.append(f"{len(self.melds)} melds (at most 4)")
        return out


def format_hand(hand: Hand) -> str:
    """Canonical notation of a hand (see the module docstring).

    >>> format_hand(parse_hand("(1111p) 234678m 55m [999s^] 1f7f +5m"))
    '23455678m (1111p) [999s^] 17f +5m'
    """
    parts: list[str] = []
    concealed = hand.concealed
    winning = hand.winning
    if winning is not None:  # among the concealed tiles (sorted), after its equals
        at = bisect_right(concealed, (winning.kind, not winning.red), key=_tile_order)
        concealed = (*concealed[:at], winning, *concealed[at:])
    if concealed:
        parts.append(format_tiles(concealed))
    for meld in hand.melds:
        parts.append(meld_notation(meld))
    if hand.bonus:
        parts.append("".join(str(b.rank) for b in hand.bonus) + "f")
    if winning is not None:
        parts.append(f"+{winning.notation}")
    return " ".join(parts)


def _tile_order(tile: PhysicalTile) -> tuple[Tile, bool]:
    """The order of ``Hand.concealed``: by kind, a red five before the other fives."""
    return (tile.kind, not tile.red)


_MELD_TEXT: dict[int, tuple[Meld, str]] = {}
"""``Meld.notation`` by the meld's ``id`` (with the meld, so the id stays its own): the parser
shares its melds, and formatting one rebuilt the string every time. Bounded (cleared when
full)."""


def meld_notation(meld: Meld) -> str:
    """``meld.notation``, memoised by the meld (``format_hand`` and the riichi kernel's)."""
    found = _MELD_TEXT.get(id(meld))
    if found is not None and found[0] is meld:
        return found[1]
    text = meld.notation
    if len(_MELD_TEXT) >= _CACHE_LIMIT:
        _MELD_TEXT.clear()
    _MELD_TEXT[id(meld)] = (meld, text)
    return text


# --- the parser -------------------------------------------------------------------------------


_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": NUM_SUITED, "f": NUM_KINDS}
_SUIT_MAX = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
_SUIT_NAME = {"m": "characters", "p": "circles", "s": "bamboo", "z": "honours", "f": "bonus"}
_LETTERS = {
    "Wh": Tile.WHITE,
    "Gr": Tile.GREEN,
    "Rd": Tile.RED,
    "E": Tile.EAST,
    "S": Tile.SOUTH,
    "W": Tile.WEST,
    "N": Tile.NORTH,
    "P": Tile.WHITE,
    "F": Tile.GREEN,
    "C": Tile.RED,
}
_LETTER_STARTS = frozenset(letter[0] for letter in _LETTERS)
_MARKERS = {"<": Source.LEFT, "^": Source.ACROSS, ">": Source.RIGHT}
_DIGITS = frozenset("0123456789")
"""Tile digits: ASCII only (``str.isdigit`` also accepts ``'²'`` or ``'٣'``)."""


class _Scanner:
    """Cursor over the input that reads tiles and reports errors with positions."""

    def __init__(self, text: str, *, red_fives: bool) -> None:
        self.text = text
        self.pos = 0
        self.red_fives = red_fives

    def error(self, reason: str, position: int | None = None) -> NotationError:
        return NotationError(
            reason, text=self.text, position=self.pos if position is None else position
        )

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def at_tile(self) -> bool:
        char = self.peek()
        return char in _DIGITS or (
            char in _LETTER_STARTS and any(self.text.startswith(k, self.pos) for k in _LETTERS)
        )

    def read_group(self) -> list[tuple[PhysicalTile, int]]:
        """Read one run of digits plus suit letter, or one honour letter.

        Returns (tile, position) pairs so callers can point at a tile.
        """
        text, start = self.text, self.pos
        if text[start : start + 1] in _LETTER_STARTS:  # no letter starts with a digit
            for letter, tile in _LETTERS.items():
                if text.startswith(letter, start):
                    self.pos += len(letter)
                    return [(PhysicalTile(tile), start)]
        digits: list[int] = []
        while self.pos < len(text) and text[self.pos] in _DIGITS:
            digits.append(self.pos)
            self.pos += 1
        if not digits:
            char = self.peek()
            if not char:
                raise self.error("expected a tile at the end")
            raise self.error(f"unknown character {char!r}")
        suit = self.peek()
        if suit not in _SUIT_BASE:
            if not suit or suit.isspace() or suit in "[]()+":
                raise self.error("digits without a suit letter (m, p, s, z or f)", digits[0])
            raise self.error(f"unknown character {suit!r}")
        self.pos += 1
        out: list[tuple[PhysicalTile, int]] = []
        for where in digits:
            out.append((self._tile(int(text[where]), suit, where), where))
        return out

    def _tile(self, digit: int, suit: str, where: int) -> PhysicalTile:
        if digit == 0:
            if suit not in "mps":
                raise self.error(f"'0{suit}' does not exist: only suited fives can be red", where)
            if not self.red_fives:
                raise self.error(f"red five '0{suit}' in a ruleset without red fives", where)
            return PhysicalTile(Tile(_SUIT_BASE[suit] + 4), red=True)
        if digit > _SUIT_MAX[suit]:
            name, top = _SUIT_NAME[suit], _SUIT_MAX[suit]
            raise self.error(f"'{digit}{suit}' does not exist: {name} go from 1 to {top}", where)
        return PhysicalTile(Tile(_SUIT_BASE[suit] + digit - 1))

    def read_tiles(self) -> list[tuple[PhysicalTile, int]]:
        tiles: list[tuple[PhysicalTile, int]] = []
        while self.at_tile():
            tiles.extend(self.read_group())
        return tiles

    def read_meld(self) -> Meld:
        opener = self.peek()
        start = self.pos
        closer = "]" if opener == "[" else ")"
        self.pos += 1
        tiles = self.read_tiles()
        source: Source | None = None
        added = False
        if opener == "[":
            while self.peek() in _MARKERS or self.peek() == "+":
                mark = self.peek()
                if mark == "+":
                    if added:
                        raise self.error("marker '+' given twice")
                    added = True
                else:
                    if source is not None:
                        raise self.error(f"second source marker {mark!r}")
                    source = _MARKERS[mark]
                self.pos += 1
        if self.peek() != closer:
            char = self.peek()
            if not char:
                raise self.error(f"meld opened at position {start} is not closed with {closer!r}")
            if char.isspace():
                raise self.error("space inside a meld")
            raise self.error(f"unexpected {char!r} inside a meld (expected {closer!r})")
        self.pos += 1
        for tile, where in tiles:
            if tile.kind.is_bonus:
                raise InvalidHandError(
                    f"bonus tile {tile.notation!r} inside the meld at position {where} "
                    f"of {excerpt(self.text, where)}: flowers and seasons never meld"
                )
        physical = tuple(t for t, _ in tiles)
        try:
            return _make_meld(physical, concealed=opener == "(", source=source, added=added)
        except InvalidHandError as exc:
            raise InvalidHandError(
                f"{exc} (meld at position {start} of {excerpt(self.text, start)})"
            ) from None


def _make_meld(
    tiles: tuple[PhysicalTile, ...], *, concealed: bool, source: Source | None, added: bool
) -> Meld:
    kinds = sorted(t.kind for t in tiles)
    if concealed:
        if len(tiles) != COPIES or len(set(kinds)) != 1:
            text = "".join(t.notation for t in tiles)
            raise InvalidHandError(
                f"a concealed kong needs four identical tiles, not {excerpt(text)}"
            )
        return Meld(MeldKind.KONG, tiles, concealed=True)
    if len(tiles) == COPIES:
        return Meld(MeldKind.KONG, tiles, source=source, added=added)
    if len(set(kinds)) == 1:
        return Meld(MeldKind.PUNG, tiles, source=source, added=added)
    return Meld(MeldKind.CHOW, tiles, source=source, added=added)


# --- table-driven fast path -------------------------------------------------------------------
#
# A tile is coded as ``2 * kind + (not red)``: sorting codes sorts tiles by ``(kind, not red)``,
# the order of ``Hand.concealed``, and equal codes are equal tiles. ``_tokens`` cuts any string
# into tokens covering it all, each some digits (maybe none) and one character (``Wh``, ``Gr``
# and ``Rd`` count as one); ``_TABLES`` maps each token to its meaning: the codes of a tile
# group or a control action. A token without a meaning, and any rule the loop of
# ``_scan_hand`` does not check itself, sends the string to the full scanner.

_tokens = re.compile(r"[0-9]*(?:Wh|Gr|Rd|.)", re.DOTALL).findall

_SPACE, _OPEN, _OPEN_KONG, _CLOSE, _CLOSE_KONG, _PLUS, _LEFT, _ACROSS, _RIGHT = range(9)
_CONTROL = {" ": _SPACE, "[": _OPEN, "(": _OPEN_KONG, "]": _CLOSE, ")": _CLOSE_KONG, "+": _PLUS}
_CONTROL.update({"<": _LEFT, "^": _ACROSS, ">": _RIGHT})
_SOURCES: dict[int, Source | None] = {0: None, _LEFT: Source.LEFT, _ACROSS: Source.ACROSS}
_SOURCES[_RIGHT] = Source.RIGHT
_MARKS = frozenset((_LEFT, _ACROSS, _RIGHT))
_RED_KINDS = frozenset((Tile.M5, Tile.P5, Tile.S5))


class _Bonus(tuple[int, ...]):
    """Codes of a group of flowers and seasons (plain tuples hold playing tiles)."""

    __slots__ = ()


_PHYSICAL: tuple[PhysicalTile, ...] = tuple(
    PhysicalTile(Tile(code >> 1), red=not code & 1 and Tile(code >> 1) in _RED_KINDS)
    for code in range(2 * len(Tile))
)
"""Interned physical tile of every code (a code with no red tile maps to the plain one)."""
_KIND: tuple[Tile, ...] = tuple(Tile(code >> 1) for code in range(2 * len(Tile)))
"""Tile kind of every code."""

# Tile counts packed in one integer, a byte per kind (kind 0 lowest): the scan adds the units
# of its tiles, ``to_bytes`` unpacks the 34 counts, and a count above 4 is a byte that reaches
# 8 once 3 is added to every byte. The check runs on at most 18 tiles: the bytes stay apart.
_UNIT: tuple[int, ...] = tuple(1 << 8 * (code >> 1) for code in range(2 * len(Tile)))
_PLUS_3 = sum(3 << 8 * kind for kind in range(NUM_KINDS))
_EIGHT_UP = sum(0xF8 << 8 * kind for kind in range(NUM_KINDS))


def _group_codes(token: str, *, red_fives: bool) -> tuple[int, ...] | None:
    """Codes of one ``digits + suit`` token, or ``None`` if the full scanner must judge it."""
    digits, suit = token[:-1], token[-1]
    if not digits or suit not in _SUIT_BASE:
        return None
    base, top = _SUIT_BASE[suit], _SUIT_MAX[suit]
    codes: list[int] = []
    for char in digits:
        if char not in _DIGITS:
            return None
        digit = int(char)
        if digit == 0:
            if suit not in "mps" or not red_fives:
                return None
            codes.append(2 * (base + 4))
        elif digit > top:
            return None
        else:
            codes.append(2 * (base + digit - 1) + 1)
    return _Bonus(codes) if suit == "f" else tuple(codes)


_Entry = tuple[int, ...] | int
_CACHE_LIMIT = 8192
"""Most entries added to the token tables and to the meld cache as they are met."""


def _table(*, red_fives: bool) -> dict[str, _Entry]:
    table: dict[str, _Entry] = dict(_CONTROL)
    table.update({letter: (2 * tile + 1,) for letter, tile in _LETTERS.items()})
    for suit in _SUIT_BASE:
        for digit in "0123456789":
            entry = _group_codes(digit + suit, red_fives=red_fives)
            if entry is not None:
                table[digit + suit] = entry
    return table


_TABLES = {True: _table(red_fives=True), False: _table(red_fives=False)}


def _learn(token: str, red_fives: bool) -> _Entry | None:
    """The meaning of a token missing from the table (added to it if it has one)."""
    entry = _group_codes(token, red_fives=red_fives)
    table = _TABLES[red_fives]
    if entry is not None and len(table) < _CACHE_LIMIT:
        table[token] = entry
    return entry


_MeldKey = tuple[int, bool, tuple[int, ...]]
_MELDS: dict[_MeldKey, tuple[Meld, int]] = {}
"""Built melds with their packed tile counts, by (source, or -1 for a concealed kong; added;
codes as written). Melds are frozen, so hands share them."""


def _meld(key: _MeldKey) -> tuple[Meld, int] | None:
    """Build (and cache) the meld of ``key``; ``None`` if it is malformed."""
    source, added, codes = key
    try:
        meld = _make_meld(
            tuple([_PHYSICAL[c] for c in codes]),
            concealed=source < 0,
            source=_SOURCES[max(source, 0)],
            added=added,
        )
    except InvalidHandError:  # the full scanner will report it, with its position
        return None
    found = (meld, sum(_UNIT[c] for c in codes))
    if len(_MELDS) < _CACHE_LIMIT:
        _MELDS[key] = found
    return found


def _scan_hand(  # noqa: PLR0911, PLR0912, PLR0915 - one automaton, kept in one loop for speed
    text: str, *, strict: bool, red_fives: bool
) -> Hand | None:
    """Parse a well-formed, valid hand in one pass, or return ``None``.

    ``None`` means that the full scanner must judge the string (the caller then runs it), so
    this never raises.
    """
    table = _TABLES[red_fives]
    concealed: list[int] = []
    melds: list[Meld] = []
    melded = 0  # packed counts of the melds' tiles
    bonus: list[int] = []
    winning = -1
    # 0 outside melds, 1 tiles of [meld], 2 markers of [meld], 3 tiles of (kong),
    # 4 after '+', 5 after the winning tile
    state = 0
    codes: list[int] = []
    source = 0
    added = False
    for token in _tokens(text):
        entry = table.get(token)
        if entry is None:
            entry = _learn(token, red_fives)
            if entry is None:
                return None
        if entry.__class__ is tuple:
            if state == 0:
                concealed += entry
            elif state in {1, 3}:
                codes += entry
            elif state == 4 and len(entry) == 1:
                winning = entry[0]
                state = 5
            else:
                return None
        elif entry == _SPACE:
            if state not in {0, 5}:
                return None
        elif state == 0:
            if entry == _OPEN:
                state, codes, source, added = 1, [], 0, False
            elif entry == _OPEN_KONG:
                state, codes = 3, []
            elif entry == _PLUS:
                state = 4
            elif entry.__class__ is _Bonus:
                bonus += entry
            else:
                return None
        elif (state in {1, 2} and entry == _CLOSE) or (state == 3 and entry == _CLOSE_KONG):
            key = (source, added, tuple(codes)) if state != 3 else (-1, False, tuple(codes))
            found = _MELDS.get(key) or _meld(key)
            if found is None:
                return None
            melds.append(found[0])
            melded += found[1]
            state = 0
        elif state in {1, 2}:
            if entry == _PLUS and not added:
                added, state = True, 2
            elif entry in _MARKS and not source:
                source, state = entry, 2
            else:
                return None
        else:
            return None
    if state not in {0, 5} or not (concealed or melds or bonus):
        return None
    return _hand(concealed, melds, melded, bonus, winning, strict=strict)


_BUILD_HANDS_DIRECTLY = tuple(f.name for f in dataclasses.fields(Hand)) == (
    "concealed",
    "melds",
    "bonus",
    "winning",
) and "__slots__" not in vars(Hand)
"""Whether :func:`_hand` may fill a ``Hand``'s fields itself (the layout it was written for)."""
_new_object = object.__new__


def _hand(
    concealed: list[int],
    melds: list[Meld],
    melded: int,
    bonus: list[int],
    winning: int,
    *,
    strict: bool,
) -> Hand | None:
    """The ``Hand`` of a scanned string; ``None`` if the full parser must report an error.

    The codes are sorted here, so the ``Hand`` is filled directly, without its
    ``__post_init__`` (which sorts and checks for bonus tiles the scan has kept apart). When
    ``strict``, the counts computed for the check are stored as the hand's cached views, as
    :meth:`Hand.status` would have done.
    """
    if winning >= 0 and len(concealed) + SET_SIZE * len(melds) == HAND_SIZE:
        # ``+X`` marks one of the 14 tiles: take that copy out of the concealed ones.
        if winning not in concealed:
            return None
        concealed.remove(winning)
    if strict:
        count = len(concealed) + SET_SIZE * len(melds)
        if winning >= 0:
            if count != WAITING_SIZE:
                return None
        elif count not in {WAITING_SIZE, HAND_SIZE}:
            return None
        if len(melds) > MAX_MELDS or (bonus and len(set(bonus)) != len(bonus)):
            return None
        held = sum(map(_UNIT.__getitem__, concealed))  # tile count 14 at most: no overflow
        if winning >= 0:
            held += _UNIT[winning]
        every = held + melded
        if (every + _PLUS_3) & _EIGHT_UP:
            return None
    concealed.sort()
    fields = {
        "concealed": tuple(map(_PHYSICAL.__getitem__, concealed)),
        "melds": tuple(melds),
        "bonus": tuple([_KIND[c] for c in sorted(bonus)]) if bonus else (),
        "winning": _PHYSICAL[winning] if winning >= 0 else None,
    }
    if _BUILD_HANDS_DIRECTLY:
        hand: Hand = _new_object(Hand)
        state = vars(hand)
        state.update(fields)
    else:  # pragma: no cover - only if Hand changes its layout
        hand = Hand(**fields)  # type: ignore[arg-type]
        state = vars(hand)
    if strict:
        state["concealed_counts"] = tuple(held.to_bytes(NUM_KINDS, "little"))
        state["counts"] = tuple(every.to_bytes(NUM_KINDS, "little"))
    return hand


def _load_native() -> Any:
    """The optional C kernel (``_cnotation``) set up with this module's tables, or ``None``.

    ``None`` when ``MURAGLIA_PURE=1``, when the kernel is not built, when ``Hand`` is not laid
    out as :func:`_hand` expects, or when the build is older than these declarations.
    """
    _cnotation = compiled("muraglia._cnotation") if _BUILD_HANDS_DIRECTLY else None
    if _cnotation is None:
        return None
    try:
        _set_up(_cnotation, _MELDS)
    except (TypeError, ValueError):
        return None
    return _cnotation


def _set_up(kernel: Any, melds: dict[_MeldKey, tuple[Meld, int]]) -> None:
    """Hand the C kernel the ``Hand`` class, the code tables, a meld cache and its builder."""
    controls = (_SPACE, _OPEN, _OPEN_KONG, _CLOSE, _CLOSE_KONG, _PLUS, _LEFT, _ACROSS, _RIGHT)
    kernel.setup(Hand, _PHYSICAL, _KIND, melds, _meld, controls)


_pure_scan_hand = _scan_hand
"""The pure-Python :func:`_scan_hand`: the reference of the C kernel and its fallback."""
_native = _load_native()
NATIVE = _native is not None
"""Whether :func:`parse_hand`'s fast path runs the compiled kernel (``muraglia._cnotation``)."""
if _native is not None:
    _scan_hand = _native.scan_hand


_INDICATORS: dict[str, tuple[int, int]] = {
    f"{digit}{suit}": (_SUIT_BASE[suit] + digit - 1, 0)
    for suit in "mpsz"
    for digit in range(1, _SUIT_MAX[suit] + 1)
}
_INDICATORS.update({f"0{suit}": (_SUIT_BASE[suit] + 4, 1) for suit in "mps"})
"""Plain two-character indicators (``5m``, ``0p``, ``7z``): kind and whether it is a red five."""


def _pure_scan_indicated(text: Any, per_suit: int, dora: Any, ura: Any, limit: int) -> Hand | None:
    """:func:`scan_with_indicators` in pure Python (the C kernel's reference)."""
    if text.__class__ is not str or per_suit < 0 or limit < 0:
        return None
    seen = [0] * NUM_KINDS
    red = 0
    for given in (dora, ura):
        if given is None:
            continue
        if given.__class__ not in (list, tuple) or len(given) > limit:
            return None
        for t in given:
            entry = _INDICATORS.get(t) if t.__class__ is str else None
            if entry is None:
                return None
            seen[entry[0]] += 1
            red += entry[1]
    hand = _pure_scan_hand(text, strict=True, red_fives=per_suit > 0)
    if hand is None or hand.red_fives + red > per_suit:
        return None
    if any(c + s > COPIES for c, s in zip(hand.counts, seen, strict=True)):
        return None
    return hand


_scan_indicated = _pure_scan_indicated if _native is None else _native.scan_indicated


def scan_with_indicators(text: Any, per_suit: int, dora: Any, ura: Any, limit: int) -> Hand | None:
    """A strict hand checked with its dora and ura indicators, by the fast pass only.

    ``dora``/``ura``: ``None`` or lists/tuples of at most ``limit`` plain notations (``5m``,
    ``0p``, ``7z``). The :class:`Hand` of ``text`` when the single pass accepts it, no tile
    kind has a fifth copy counting the indicators, and the red fives (the hand's and the
    indicators') number at most ``per_suit``; ``None`` for anything else, including every
    error: the caller then checks the general way, which writes the messages. Never raises.
    """
    hand = _scan_indicated(text, per_suit, dora, ura, limit)
    if hand is not None:
        _remember_last(text, True, per_suit > 0, hand)
    return hand


def parse_tiles(text: str, *, red_fives: bool = True) -> tuple[PhysicalTile, ...]:
    """Parse a plain list of tiles such as ``'123m 0p EE'`` (no melds, no ``+``).

    >>> [t.notation for t in parse_tiles("12m Wh 0p")]
    ['1m', '2m', '5z', '0p']

    Raises:
        NotationError: on any syntax error, with the position.
    """
    if text.__class__ is str:
        table = _TABLES[red_fives]
        codes: list[int] = []
        for token in _tokens(text):
            entry = table.get(token)
            if entry is None:
                entry = _learn(token, red_fives)
            if entry.__class__ is tuple or entry.__class__ is _Bonus:
                codes += entry
            elif entry != _SPACE:
                break
        else:
            return tuple(map(_PHYSICAL.__getitem__, codes))
    return _parse_tiles_full(text, red_fives=red_fives)


def _parse_tiles_full(text: str, *, red_fives: bool) -> tuple[PhysicalTile, ...]:
    """:func:`parse_tiles` by the full scanner (every error message is written here)."""
    scanner = _Scanner(text, red_fives=red_fives)
    out: list[PhysicalTile] = []
    scanner.skip_spaces()
    while scanner.pos < len(text):
        if not scanner.at_tile():
            raise scanner.error(f"unknown character {scanner.peek()!r}")
        out.extend(t for t, _ in scanner.read_group())
        scanner.skip_spaces()
    return tuple(out)


def parse_tile(text: str, *, red_fives: bool = True) -> PhysicalTile:
    """Parse exactly one tile (``'5m'``, ``'0p'``, ``'E'``, ``'7z'``, ``'3f'``).

    >>> parse_tile("Rd"), parse_tile("0s")
    (PhysicalTile('7z'), PhysicalTile('0s'))

    Raises:
        NotationError: if ``text`` is not exactly one tile.
    """
    tiles = parse_tiles(text, red_fives=red_fives)
    if len(tiles) != 1:
        raise NotationError(f"expected one tile, found {len(tiles)}", text=text, position=0)
    return tiles[0]


def parse_hand(text: str, *, strict: bool = True, red_fives: bool = True) -> Hand:
    """Parse hand notation into a :class:`Hand`.

    Args:
        text: the hand, e.g. ``'234m567p11z [555z] [789s<] +4m'``.
        strict: also reject semantically impossible hands (fifth copy, wrong tile count,
            duplicate bonus tile). Non-strict parsing accepts any well-formed hand for
            what-if analysis; check :meth:`Hand.status`.
        red_fives: whether ``0m/0p/0s`` are allowed (the ruleset's tile set).

    Raises:
        NotationError: on a syntax error, quoting the input and the position.
        InvalidHandError: on a malformed meld (chow of honours, bonus tile in a meld) and,
            when ``strict``, on an impossible hand.
    """
    if text.__class__ is str:
        last = _LAST
        if last is not None and last[0] == text and last[1] is strict and last[2] is red_fives:
            return last[3]
        hand = _scan_hand(text, strict=strict, red_fives=red_fives)
        if hand is not None:
            _remember_last(text, strict, red_fives, hand)
            return hand
    return _parse_hand_full(text, strict=strict, red_fives=red_fives)


_LAST: tuple[str, bool, bool, Hand] | None = None
"""The last string :func:`parse_hand`'s fast path accepted, its two flags and its ``Hand``.

A checking layer and the scorer behind it parse the same string one after the other (the
``muraglia score`` object is checked, then scored); a ``Hand`` is immutable, so the second
call returns the first's. One entry, replaced as a whole tuple (thread-safe reads).
"""


def _remember_last(text: str, strict: bool, red_fives: bool, hand: Hand) -> None:
    global _LAST  # noqa: PLW0603 - a one-entry memo
    _LAST = (text, strict, red_fives, hand)


def _parse_hand_full(  # noqa: PLR0912 - one branch per notation element
    text: str, *, strict: bool, red_fives: bool
) -> Hand:
    """:func:`parse_hand` by the full scanner (every error message is written here)."""
    if not isinstance(text, str):
        raise NotationError(f"expected a string, got {type(text).__name__}", text=str(text))
    scanner = _Scanner(text, red_fives=red_fives)
    concealed: list[PhysicalTile] = []
    melds: list[Meld] = []
    bonus: list[Tile] = []
    winning: PhysicalTile | None = None
    scanner.skip_spaces()
    if scanner.pos >= len(text):
        raise NotationError("empty hand", text=text, position=0)
    while scanner.pos < len(text):
        char = scanner.peek()
        if char in "[(":
            melds.append(scanner.read_meld())
        elif char == "+":
            scanner.pos += 1
            if not scanner.at_tile():
                raise scanner.error("'+' must be followed by the winning tile")
            group = scanner.read_group()
            if len(group) != 1:
                raise scanner.error("only one winning tile may follow '+'", group[1][1])
            winning = group[0][0]
            if winning.kind.is_bonus:
                raise scanner.error("a bonus tile cannot be the winning tile", group[0][1])
            scanner.skip_spaces()
            if scanner.pos < len(text):
                raise scanner.error("the winning tile '+X' must come last")
            break
        elif char in "])":
            raise scanner.error(f"{char!r} without a matching opening bracket")
        elif scanner.at_tile():
            for tile, _ in scanner.read_group():
                if tile.kind.is_bonus:
                    bonus.append(tile.kind)
                else:
                    concealed.append(tile)
        else:
            raise scanner.error(f"unknown character {char!r}")
        scanner.skip_spaces()
    if winning is not None and len(concealed) + SET_SIZE * len(melds) == HAND_SIZE:
        # ``+X`` marks which of the 14 tiles is the winning one (interfaces.md §3 examples).
        if winning not in concealed:
            raise InvalidHandError(
                f"winning tile {winning.notation!r} is not among the 14 tiles of {excerpt(text)}"
            )
        concealed.remove(winning)
    hand = Hand(tuple(concealed), tuple(melds), tuple(bonus), winning)
    if strict and hand.status() is not HandStatus.VALID:
        raise InvalidHandError(f"impossible hand {excerpt(text)}: " + "; ".join(hand.problems()))
    return hand
