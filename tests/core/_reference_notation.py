"""Frozen copy of the notation parser before the table-driven rewrite (the test oracle).

This is muraglia's own ``src/muraglia/notation.py`` parsing code as of commit f72e593, kept
verbatim (module docstring replaced) so that ``test_notation_differential.py`` can compare the
fast parser with it: same ``Hand`` for every valid string, same exception type and message
(and position) for every invalid one. Do not edit it to make a test pass.
"""

from __future__ import annotations

from muraglia.errors import InvalidHandError, NotationError, excerpt
from muraglia.hand import Hand, HandStatus
from muraglia.melds import Meld, MeldKind, Source
from muraglia.tiles import PhysicalTile, Tile

__all__ = ["parse_hand", "parse_tile", "parse_tiles"]

_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27, "f": 34}
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
        return char.isdigit() or (
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
        while self.pos < len(text) and text[self.pos].isdigit():
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
        if len(tiles) != 4 or len(set(kinds)) != 1:
            text = "".join(t.notation for t in tiles)
            raise InvalidHandError(
                f"a concealed kong needs four identical tiles, not {excerpt(text)}"
            )
        return Meld(MeldKind.KONG, tiles, concealed=True)
    if len(tiles) == 4:
        return Meld(MeldKind.KONG, tiles, source=source, added=added)
    if len(set(kinds)) == 1:
        return Meld(MeldKind.PUNG, tiles, source=source, added=added)
    return Meld(MeldKind.CHOW, tiles, source=source, added=added)


def parse_tiles(text: str, *, red_fives: bool = True) -> tuple[PhysicalTile, ...]:
    """Parse a plain list of tiles such as ``'123m 0p EE'`` (no melds, no ``+``).

    >>> [t.notation for t in parse_tiles("12m Wh 0p")]
    ['1m', '2m', '5z', '0p']

    Raises:
        NotationError: on any syntax error, with the position.
    """
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
    if winning is not None and len(concealed) + 3 * len(melds) == 14:
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
