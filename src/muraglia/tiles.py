"""Tiles: the 34 playing kinds, the 8 bonus tiles, red fives and tile counts.

``Tile`` values 0–33 are the playing kinds in the order 1m…9m, 1p…9p, 1s…9s,
East South West North White Green Red; this index is what every count array
(``TileCounts``, a 34-tuple) uses. Bonus tiles are 34–41 (flowers 1–4, seasons 1–4).
Red fives are not a kind: they are a property of a physical tile (:class:`PhysicalTile`).

>>> Tile.M5.notation, Tile.M5.suit, Tile.M5.rank, Tile.M5.is_simple
('5m', <Suit.MAN: 'm'>, 5, True)
>>> Tile.RED.notation, Tile.RED.is_dragon, Tile.EAST.is_wind
('7z', True, True)
>>> Tile.from_notation("3f"), Tile.SEASON_1.notation
(<Tile.FLOWER_3: 36>, '5f')
>>> PhysicalTile(Tile.P5, red=True).notation
'0p'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from muraglia.errors import InvalidHandError, NotationError

__all__ = [
    "ALL_KINDS_MASK",
    "BONUS_TILES",
    "COPIES",
    "DRAGONS",
    "FIRST_DRAGON",
    "FIVE",
    "HAND_SIZE",
    "HONORS",
    "HONOURS",
    "HONOUR_MASK",
    "KIND_BITS",
    "LETTER_OF_WIND",
    "NUM_KINDS",
    "NUM_SUITS",
    "NUM_SUITED",
    "NUM_TILE_VALUES",
    "ORPHAN_INDICES",
    "PLAYING_TILES",
    "RANKS",
    "SUIT_STARTS",
    "TERMINALS_AND_HONORS",
    "TERMINALS_AND_HONOURS",
    "TERMINAL_MASK",
    "WAITING_SIZE",
    "WINDS",
    "WIND_LETTERS",
    "WIND_OF_LETTER",
    "PhysicalTile",
    "Suit",
    "Tile",
    "TileCounts",
    "counts_of",
    "format_counts",
    "format_tiles",
    "mask_of",
    "tiles_from_counts",
    "to_wind",
    "wind_index",
    "wind_letter",
]

NUM_KINDS = 34
"""Number of playing tile kinds (the length of a :data:`TileCounts`)."""
NUM_SUITED = 27
"""Number of suit kinds (1m … 9s, indices 0-26); the honours are indices 27-33."""
NUM_TILE_VALUES = 42
"""Number of tile values: the 34 playing kinds and the 8 bonus tiles (indices 34-41)."""
RANKS = 9
"""Ranks of a suit (1-9): a suited kind's index is ``suit * RANKS + rank - 1``."""
NUM_SUITS = 3
"""Number of suits (man, pin, sou): ``NUM_SUITS * RANKS == NUM_SUITED``."""
FIRST_DRAGON = 31
"""Index of the first dragon (white); the winds are ``NUM_SUITED`` to ``FIRST_DRAGON - 1``."""
COPIES = 4
"""Copies of each playing kind in a set (and tiles of a kong)."""
FIVE = 5
"""The rank of the red fives (EMA-TILE-2)."""
HAND_SIZE = 14
"""Tiles of a complete hand counting each kong as three (a waiting hand holds one fewer)."""
WAITING_SIZE = HAND_SIZE - 1
"""Tiles of a waiting hand, kongs counted as three."""

TileCounts = tuple[int, ...]
"""How many tiles of each of the 34 playing kinds, indexed by ``Tile`` value."""


class Suit(StrEnum):
    """Suit of a tile, valued by its notation letter."""

    MAN = "m"
    """Characters / caratteri / manzu."""
    PIN = "p"
    """Circles / cerchi (palle) / pinzu."""
    SOU = "s"
    """Bamboo / bambù (canne) / souzu."""
    HONOR = "z"
    """Winds and dragons / venti e draghi / jihai."""
    BONUS = "f"
    """Flowers and seasons / fiori e stagioni."""


_SUIT_ORDER = (Suit.MAN, Suit.PIN, Suit.SOU)


class Tile(IntEnum):
    """A tile kind. Values 0–33 are playing tiles, 34–41 bonus tiles."""

    M1 = 0
    M2 = 1
    M3 = 2
    M4 = 3
    M5 = 4
    M6 = 5
    M7 = 6
    M8 = 7
    M9 = 8
    P1 = 9
    P2 = 10
    P3 = 11
    P4 = 12
    P5 = 13
    P6 = 14
    P7 = 15
    P8 = 16
    P9 = 17
    S1 = 18
    S2 = 19
    S3 = 20
    S4 = 21
    S5 = 22
    S6 = 23
    S7 = 24
    S8 = 25
    S9 = 26
    EAST = 27
    SOUTH = 28
    WEST = 29
    NORTH = 30
    WHITE = 31
    GREEN = 32
    RED = 33
    FLOWER_1 = 34
    FLOWER_2 = 35
    FLOWER_3 = 36
    FLOWER_4 = 37
    SEASON_1 = 38
    SEASON_2 = 39
    SEASON_3 = 40
    SEASON_4 = 41

    @property
    def suit(self) -> Suit:
        """The suit (``z`` for winds and dragons, ``f`` for bonus tiles)."""
        return _SUIT[self]

    @property
    def rank(self) -> int:
        """The digit of the tile's notation: 1–9 in a suit, 1–7 for honours, 1–8 for bonus."""
        return _RANK[self]

    @property
    def notation(self) -> str:
        """Canonical mpsz notation, e.g. ``'5m'``, ``'7z'``, ``'3f'``."""
        return f"{_RANK[self]}{_SUIT[self].value}"

    @property
    def is_suited(self) -> bool:
        """Whether the tile is a man, pin or sou tile."""
        return self < Tile.EAST

    @property
    def is_honour(self) -> bool:
        """Whether the tile is a wind or a dragon (an honour)."""
        return Tile.EAST <= self <= Tile.RED

    is_honor = is_honour
    """:attr:`is_honour` in American spelling (kept: the public id before issue 13)."""

    @property
    def is_wind(self) -> bool:
        """Whether the tile is a wind."""
        return Tile.EAST <= self <= Tile.NORTH

    @property
    def is_dragon(self) -> bool:
        """Whether the tile is a dragon."""
        return Tile.WHITE <= self <= Tile.RED

    @property
    def is_terminal(self) -> bool:
        """Whether the tile is a 1 or 9 of a suit."""
        return self < Tile.EAST and _RANK[self] in (1, 9)

    @property
    def is_terminal_or_honour(self) -> bool:
        """Whether the tile is a "head tile" (testa / yaochuuhai): 1, 9, wind or dragon."""
        return self.is_terminal or self.is_honour

    is_terminal_or_honor = is_terminal_or_honour
    """:attr:`is_terminal_or_honour` in American spelling (kept: the public id before issue 13)."""

    @property
    def is_simple(self) -> bool:
        """Whether the tile is a suited 2–8."""
        return self < Tile.EAST and 1 < _RANK[self] < RANKS

    @property
    def is_bonus(self) -> bool:
        """Whether the tile is a flower or a season."""
        return self >= Tile.FLOWER_1

    @property
    def is_flower(self) -> bool:
        """Whether the tile is one of the four flowers (1f–4f)."""
        return Tile.FLOWER_1 <= self <= Tile.FLOWER_4

    @property
    def is_season(self) -> bool:
        """Whether the tile is one of the four seasons (5f–8f)."""
        return self >= Tile.SEASON_1

    @property
    def bonus_seat(self) -> int:
        """For a bonus tile, the seat (0 = East … 3 = North) it belongs to.

        Raises:
            ValueError: if the tile is not a bonus tile.
        """
        if not self.is_bonus:
            raise ValueError(f"{self.notation!r} is not a bonus tile")
        return (self - Tile.FLOWER_1) % 4

    @property
    def unicode(self) -> str:
        """The tile's character in the Unicode Mahjong Tiles block (U+1F000)."""
        return chr(_UNICODE_BASE + _UNICODE_OFFSET[self])

    @classmethod
    def from_notation(cls, text: str) -> Tile:
        """Parse a single tile such as ``'5m'``, ``'7z'`` or ``'2f'`` (no red five).

        Raises:
            NotationError: if ``text`` is not exactly one tile.
        """
        if len(text) != len("5m") or not text[0].isdigit():
            raise NotationError("expected one tile like '5m'", text=text, position=0)
        tile = _BY_NOTATION.get(text)
        if tile is None:
            raise NotationError(f"no tile {text!r}", text=text, position=0)
        return tile

    @classmethod
    def suited(cls, suit: Suit, rank: int) -> Tile:
        """The suited tile of ``suit`` and ``rank`` (1–9).

        >>> Tile.suited(Suit.SOU, 7)
        <Tile.S7: 24>
        """
        return cls(_SUIT_ORDER.index(suit) * RANKS + rank - 1)

    def __str__(self) -> str:
        """The canonical notation."""
        return self.notation


def _suit_of(value: int) -> Suit:
    if value < NUM_SUITED:
        return _SUIT_ORDER[value // RANKS]
    return Suit.HONOR if value < NUM_KINDS else Suit.BONUS


def _rank_of(value: int) -> int:
    if value < NUM_SUITED:
        return value % RANKS + 1
    return value - NUM_SUITED + 1 if value < NUM_KINDS else value - NUM_KINDS + 1


_SUIT: dict[int, Suit] = {t: _suit_of(t) for t in range(NUM_TILE_VALUES)}
_RANK: dict[int, int] = {t: _rank_of(t) for t in range(NUM_TILE_VALUES)}
_BY_NOTATION: dict[str, Tile] = {Tile(t).notation: Tile(t) for t in range(NUM_TILE_VALUES)}

# Unicode block order: winds E S W N, dragons red green white, 1-9 man, 1-9 sou, 1-9 pin,
# flowers plum orchid bamboo chrysanthemum, seasons spring summer autumn winter.
_UNICODE_BASE = 0x1F000
_UNICODE_OFFSET: dict[int, int] = {
    **{t: 0x07 + t for t in range(9)},
    **{9 + t: 0x19 + t for t in range(9)},
    **{18 + t: 0x10 + t for t in range(9)},
    27: 0x00,
    28: 0x01,
    29: 0x02,
    30: 0x03,
    31: 0x06,
    32: 0x05,
    33: 0x04,
    # Our flowers are plum, orchid, chrysanthemum, bamboo (interfaces.md §2).
    34: 0x22,
    35: 0x23,
    36: 0x25,
    37: 0x24,
    38: 0x26,
    39: 0x27,
    40: 0x28,
    41: 0x29,
}

PLAYING_TILES: tuple[Tile, ...] = tuple(Tile(t) for t in range(NUM_KINDS))
"""The 34 playing kinds in index order."""
WINDS: tuple[Tile, ...] = (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH)
"""The four winds, East first."""
DRAGONS: tuple[Tile, ...] = (Tile.WHITE, Tile.GREEN, Tile.RED)
"""The three dragons: white, green, red."""
HONOURS: tuple[Tile, ...] = WINDS + DRAGONS
"""Winds then dragons."""
TERMINALS_AND_HONOURS: tuple[Tile, ...] = tuple(t for t in PLAYING_TILES if t.is_terminal_or_honour)
"""The 13 head-tile kinds (thirteen orphans / lanterne)."""
BONUS_TILES: tuple[Tile, ...] = tuple(Tile(t) for t in range(NUM_KINDS, NUM_TILE_VALUES))
"""Flowers 1–4 then seasons 1–4."""
HONORS = HONOURS
""":data:`HONOURS` in American spelling (kept: the public id before issue 13)."""
TERMINALS_AND_HONORS = TERMINALS_AND_HONOURS
""":data:`TERMINALS_AND_HONOURS` in American spelling (kept: the public id before issue 13)."""
ORPHAN_INDICES: tuple[int, ...] = tuple(int(t) for t in TERMINALS_AND_HONOURS)
"""The 13 head-tile kinds as plain ints (fast to index a count list or bytes with)."""
SUIT_STARTS: tuple[int, ...] = tuple(s * RANKS for s in range(NUM_SUITS))
"""The index of the 1 of each suit (0, 9, 18)."""

# ---------------------------------------------------------------- 34-bit kind masks

KIND_BITS: tuple[int, ...] = tuple(1 << k for k in range(NUM_KINDS))
"""The bit of each playing kind in a kinds mask: bit ``k`` is the tile of index ``k``."""
ALL_KINDS_MASK = (1 << NUM_KINDS) - 1
"""The mask of every playing kind."""


def mask_of(kinds: Iterable[int]) -> int:
    """The 34-bit mask of ``kinds`` (tile indices or Tiles; repeats count once).

    >>> bin(mask_of([Tile.M1, Tile.M3, Tile.M1]))
    '0b101'
    """
    out = 0
    for k in kinds:
        out |= KIND_BITS[k]
    return out


TERMINAL_MASK = mask_of(t for t in PLAYING_TILES if t.is_terminal)
"""The six terminal kinds (1 and 9 of each suit)."""
HONOUR_MASK = mask_of(HONOURS)
"""The seven honour kinds."""

# ---------------------------------------------------------------- winds

WIND_LETTERS = ("E", "S", "W", "N")
"""Wind letters by wind index (0 East … 3 North); seats are named by their own wind's letter."""

WIND_OF_LETTER: dict[str, Tile] = dict(zip(WIND_LETTERS, WINDS, strict=True))
"""Seat letter -> wind tile: the table of :func:`to_wind` for the four letters exactly (a hot
path, or a field that accepts the letters only, reads it directly)."""
LETTER_OF_WIND: dict[Tile, str] = dict(zip(WINDS, WIND_LETTERS, strict=True))
"""Wind tile -> seat letter: the table of :func:`wind_letter` (hot paths read it directly)."""

# every exact spelling to_wind reads with one lookup: the tiles, the letters in both cases, 1z-4z
_TO_WIND: dict[str | Tile, Tile] = {tile: tile for tile in WINDS}
_TO_WIND.update(WIND_OF_LETTER)
_TO_WIND.update({letter.lower(): tile for letter, tile in WIND_OF_LETTER.items()})
_TO_WIND.update({f"{i + 1}z": tile for i, tile in enumerate(WINDS)})


def to_wind(value: object, what: str = "wind", *, indices: bool = False) -> Tile:
    """The one wind converter: a wind :class:`Tile` from any of its spellings.

    A wind Tile, a letter ``E S W N`` (any case), ``1z``..``4z`` (surrounding spaces
    ignored); with ``indices`` also a wind index ``0``..``3`` (an ``int`` that is not a Tile:
    the engine's round and seat winds).

    >>> to_wind("W"), to_wind("2z"), to_wind(3, indices=True), to_wind(Tile.EAST)
    (<Tile.WEST: 29>, <Tile.SOUTH: 28>, <Tile.NORTH: 30>, <Tile.EAST: 27>)

    Raises:
        InvalidHandError: naming ``what`` and the bad value.
    """
    if isinstance(value, (str, Tile)):
        tile = _TO_WIND.get(value)  # the common spellings, one lookup
        if tile is not None:
            return tile
        if isinstance(value, str):
            tile = _TO_WIND.get(value.strip())
            if tile is not None:
                return tile
    elif (
        indices
        and isinstance(value, int)
        and not isinstance(value, bool)
        and 0 <= value < len(WINDS)
    ):
        return WINDS[value]
    raise InvalidHandError(f"{what} must be one of E S W N, not {value!r}")


def wind_letter(wind: object) -> str:
    """The letter (E S W N) of a wind in any form :func:`to_wind` reads.

    >>> wind_letter(Tile.WEST), wind_letter(0), wind_letter("3z")
    ('W', 'E', 'W')
    """
    return WIND_LETTERS[wind_index(wind)]


def wind_index(wind: object, what: str = "wind") -> int:
    """The index 0 (East) … 3 (North) of a wind in any form :func:`to_wind` reads.

    >>> wind_index("N"), wind_index(Tile.SOUTH), wind_index("3z"), wind_index(2)
    (3, 1, 2, 2)

    Raises:
        InvalidHandError: naming ``what`` and the bad value.
    """
    return to_wind(wind, what, indices=True) - Tile.EAST


@dataclass(frozen=True, slots=True, order=True)
class PhysicalTile:
    """A physical tile: a kind plus whether it is a red five (aka-dora).

    >>> PhysicalTile(Tile.S5, red=True)
    PhysicalTile('0s')
    >>> PhysicalTile(Tile.S4, red=True)
    Traceback (most recent call last):
    ...
    ValueError: only a suited five can be red, not '4s'
    """

    kind: Tile
    """The tile kind."""
    red: bool = False
    """Whether this is a red five."""

    def __post_init__(self) -> None:
        """Reject red tiles that are not suited fives."""
        if self.red and (not self.kind.is_suited or self.kind.rank != FIVE):
            raise ValueError(f"only a suited five can be red, not {self.kind.notation!r}")

    @property
    def notation(self) -> str:
        """Canonical notation: ``'0m'`` for a red five, else the kind's notation."""
        return f"0{self.kind.suit.value}" if self.red else self.kind.notation

    @property
    def unicode(self) -> str:
        """The Unicode tile character (red fives render as their kind)."""
        return self.kind.unicode

    def __str__(self) -> str:
        """The canonical notation."""
        return self.notation

    def __repr__(self) -> str:
        """``PhysicalTile('0m')``."""
        return f"PhysicalTile({self.notation!r})"


def counts_of(tiles: Iterable[int]) -> TileCounts:
    """Count playing tiles by kind into a 34-tuple (bonus tiles are ignored).

    >>> counts_of([Tile.M1, Tile.M1, Tile.RED])[0], counts_of([Tile.RED])[33]
    (2, 1)
    """
    counts = [0] * NUM_KINDS
    for tile in tiles:
        if tile < NUM_KINDS:
            counts[tile] += 1
    return tuple(counts)


def tiles_from_counts(counts: Iterable[int]) -> tuple[Tile, ...]:
    """Expand a count array into sorted tiles.

    >>> tiles_from_counts(counts_of([Tile.P2, Tile.M1, Tile.M1]))
    (<Tile.M1: 0>, <Tile.M1: 0>, <Tile.P2: 10>)
    """
    out: list[Tile] = []
    for index, count in enumerate(counts):
        out.extend([Tile(index)] * count)
    return tuple(out)


def format_counts(counts: Iterable[int]) -> str:
    """Format a count array in grouped mpsz notation.

    >>> format_counts(counts_of([Tile.M1, Tile.M2, Tile.M3, Tile.EAST, Tile.EAST]))
    '123m11z'
    """
    parts: list[str] = []
    digits: list[str] = []
    suit: Suit | None = None
    for tile in tiles_from_counts(counts):
        if suit is not None and tile.suit is not suit:
            parts.append("".join(digits) + suit.value)
            digits = []
        suit = tile.suit
        digits.append(str(tile.rank))
    if suit is not None:
        parts.append("".join(digits) + suit.value)
    return "".join(parts)


_DIGIT: tuple[str, ...] = tuple(Tile(i).notation[0] for i in range(len(Tile)))
_LETTER: tuple[str, ...] = tuple(Tile(i).suit.value for i in range(len(Tile)))
"""Notation digit and suit letter of every kind (bonus tiles included), by kind."""


def format_tiles(tiles: Iterable[PhysicalTile]) -> str:
    """Format physical tiles grouped by suit, in the given order.

    >>> five, six, east = PhysicalTile(Tile.M5), PhysicalTile(Tile.M6), PhysicalTile(Tile.EAST)
    >>> format_tiles([PhysicalTile(Tile.M5, red=True), five, six, east, east])
    '056m11z'
    """
    parts: list[str] = []
    digits: list[str] = []
    suit = ""
    for tile in tiles:
        kind = tile.kind
        letter = _LETTER[kind]
        if suit and letter != suit:
            parts.append("".join(digits) + suit)
            digits = []
        suit = letter
        digits.append("0" if tile.red else _DIGIT[kind])
    if suit:
        parts.append("".join(digits) + suit)
    return "".join(parts)
