"""Tile pictures (our own SVG, drawn by code) and their text alternatives.

Every picture is a ``<symbol>`` of one sprite (``/tiles.svg``), referenced as
``<use href="/tiles.svg#t-5p">``: suits are drawn as pips (circles), sticks (bamboo) and a
numeral with a suit mark (characters); winds carry their letter, dragons a frame, a leaf
and a disc; flowers a five-petal flower and seasons a sun, both with their number.

>>> tile_name("5p", "it"), tile_name("0s", "en"), tile_name("7z", "it")
('5 di palle', 'red 5 of bamboo', 'drago rosso')
>>> sprite().count("<symbol")
45
"""

from __future__ import annotations

import math
from functools import cache, lru_cache

from markupsafe import Markup, escape

from muraglia.tiles import BONUS_TILES, PLAYING_TILES, WIND_LETTERS, Tile

__all__ = ["SYMBOL_IDS", "sprite", "tile_name", "tile_svg"]

_SUIT_NAMES = {
    "m": ("caratteri", "characters"),
    "p": ("palle", "circles"),
    "s": ("canne", "bamboo"),
}
_HONOR_NAMES = {
    1: ("vento dell'Est", "East wind"),
    2: ("vento del Sud", "South wind"),
    3: ("vento dell'Ovest", "West wind"),
    4: ("vento del Nord", "North wind"),
    5: ("drago bianco", "white dragon"),
    6: ("drago verde", "green dragon"),
    7: ("drago rosso", "red dragon"),
}
_BONUS_NAMES = {
    1: ("fiore 1, pruno", "flower 1, plum"),
    2: ("fiore 2, orchidea", "flower 2, orchid"),
    3: ("fiore 3, crisantemo", "flower 3, chrysanthemum"),
    4: ("fiore 4, bambù", "flower 4, bamboo"),
    5: ("stagione 1, primavera", "season 1, spring"),
    6: ("stagione 2, estate", "season 2, summer"),
    7: ("stagione 3, autunno", "season 3, autumn"),
    8: ("stagione 4, inverno", "season 4, winter"),
}


def tile_name(notation: str, lang: str) -> str:
    """The text alternative of a tile (``5p`` -> "5 di palle" / "5 of circles")."""
    digit, suit = int(notation[0]), notation[1]
    pick = 0 if lang == "it" else 1
    if suit in _SUIT_NAMES:
        name = _SUIT_NAMES[suit][pick]
        if digit == 0:
            return f"5 rosso di {name}" if lang == "it" else f"red 5 of {name}"
        return f"{digit} di {name}" if lang == "it" else f"{digit} of {name}"
    if suit == "z":
        return _HONOR_NAMES[digit][pick]
    return _BONUS_NAMES[digit][pick]


SYMBOL_IDS: tuple[str, ...] = (
    *(t.notation for t in PLAYING_TILES),
    "0m",
    "0p",
    "0s",
    *(t.notation for t in BONUS_TILES),
)
"""Every picture in the sprite: 34 kinds, 3 red fives, 8 bonus tiles."""

_W, _H = 60, 80
_INK, _RED, _GREEN, _BLUE = "#1d2a44", "#c0392b", "#1e7f4f", "#1f5fa8"

# Pip positions (x, y) in a 60x80 face for ranks 1-9 (our own arrangement).
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((30, 40),),
    2: ((30, 24), (30, 56)),
    3: ((16, 20), (30, 40), (44, 60)),
    4: ((18, 24), (42, 24), (18, 56), (42, 56)),
    5: ((18, 22), (42, 22), (30, 40), (18, 58), (42, 58)),
    6: ((18, 18), (42, 18), (18, 40), (42, 40), (18, 62), (42, 62)),
    7: ((14, 16), (30, 22), (46, 28), (18, 46), (42, 46), (18, 66), (42, 66)),
    8: ((18, 14), (42, 14), (18, 31), (42, 31), (18, 49), (42, 49), (18, 66), (42, 66)),
    9: ((14, 18), (30, 18), (46, 18), (14, 40), (30, 40), (46, 40), (14, 62), (30, 62), (46, 62)),
}


@lru_cache(maxsize=8192)
def tile_svg(notation: str, cls: str, lang: str) -> Markup:
    """One tile of a table or a replay (``_tile.html``'s picture, without an id), cached.

    A table message draws about a hundred tiles; a cached string instead of a template macro
    per tile makes the message several times cheaper (``bench/bench_web.py``).
    """
    name = escape(tile_name(notation, lang))
    n = escape(notation)
    return Markup(
        f'<svg class="tile {escape(cls)}" data-n="{n}" role="img" aria-label="{name}" '
        f'viewBox="0 0 60 80"><title>{name}</title><use href="/tiles.svg#t-{n}"/></svg>'
    )


def _face(inner: str) -> str:
    return (
        f'<rect x="1.5" y="1.5" width="{_W - 3}" height="{_H - 3}" rx="7" fill="#fbf7ec" '
        f'stroke="#8a7f66" stroke-width="2"/>'
        f'<rect x="1.5" y="{_H - 9}" width="{_W - 3}" height="7.5" rx="3" fill="#e3d9bf"/>{inner}'
    )


def _circles(rank: int, red: bool) -> str:
    size = {1: 15, 2: 10, 3: 8.5}.get(rank, 7.5)
    out = []
    for i, (x, y) in enumerate(_PIPS[rank]):
        colour = (
            _RED
            if red or (rank == 1) or (rank == 5 and i == 2)
            else (_BLUE if i % 2 == 0 else _GREEN)
        )
        out.append(
            f'<circle cx="{x}" cy="{y}" r="{size}" fill="none" stroke="{colour}" '
            f'stroke-width="2.6"/>'
            f'<circle cx="{x}" cy="{y}" r="{size / 2.6:.1f}" fill="{colour}"/>'
        )
    return "".join(out)


def _sticks(rank: int, red: bool) -> str:
    if rank == 1:  # a single tall cane with leaves
        colour = _RED if red else _GREEN
        return (
            f'<rect x="26" y="12" width="8" height="56" rx="4" fill="{colour}"/>'
            f'<path d="M30 30 q14 -10 18 -20 M30 46 q-14 -10 -18 -20" stroke="{colour}" '
            f'stroke-width="3" fill="none"/>'
        )
    out = []
    length = 18 if rank > 6 else 24
    for i, (x, y) in enumerate(_PIPS[rank]):
        colour = _RED if red or (rank in (5, 7, 9) and i == rank // 2) else _GREEN
        out.append(
            f'<rect x="{x - 3.5}" y="{y - length / 2}" width="7" height="{length}" rx="3" '
            f'fill="{colour}"/><line x1="{x - 3.5}" y1="{y}" x2="{x + 3.5}" y2="{y}" '
            f'stroke="#fbf7ec" stroke-width="1.5"/>'
        )
    return "".join(out)


def _characters(rank: int, red: bool) -> str:
    colour = _RED if red else _INK
    # the numeral above, a suit mark of three strokes below (our own sign for "characters")
    return (
        f'<text x="30" y="38" text-anchor="middle" font-family="Georgia, serif" '
        f'font-size="34" font-weight="bold" fill="{colour}">{rank}</text>'
        f'<path d="M16 50 h28 M20 58 h20 M30 46 v22 M18 68 q12 -6 24 0" stroke="{_RED}" '
        f'stroke-width="3.2" fill="none" stroke-linecap="round"/>'
    )


def _honour(rank: int) -> str:
    if rank <= 4:
        letter = WIND_LETTERS[rank - 1]
        return (
            f'<text x="30" y="52" text-anchor="middle" font-family="Georgia, serif" '
            f'font-size="40" font-weight="bold" fill="{_INK}">{letter}</text>'
            f'<path d="M30 8 l4 7 h-8 z" fill="{_INK}"/>'
        )
    if rank == 5:  # white: an empty double frame
        return (
            f'<rect x="12" y="14" width="36" height="50" rx="3" fill="none" stroke="{_BLUE}" '
            f'stroke-width="3"/><rect x="18" y="20" width="24" height="38" rx="2" fill="none" '
            f'stroke="{_BLUE}" stroke-width="1.5"/>'
        )
    if rank == 6:  # green: a leaf
        return (
            f'<path d="M30 12 C52 26 52 52 30 68 C8 52 8 26 30 12 z" fill="{_GREEN}"/>'
            f'<path d="M30 18 V64 M30 34 l9 -7 M30 46 l-9 -7 M30 54 l9 -6" stroke="#fbf7ec" '
            f'stroke-width="2" fill="none"/>'
        )
    return (  # red: a disc with a bar
        f'<circle cx="30" cy="40" r="20" fill="{_RED}"/>'
        f'<rect x="27" y="14" width="6" height="52" rx="2" fill="{_RED}" stroke="#fbf7ec" '
        f'stroke-width="1.5"/>'
    )


def _bonus(number: int) -> str:
    season = number > 4
    seat = (number - 1) % 4 + 1
    colour = (_RED, _GREEN, _BLUE, "#7a3f98")[seat - 1]
    if season:  # a sun: disc and rays
        rays = "".join(
            f'<line x1="{30 + 14 * math.cos(a):.1f}" y1="{38 + 14 * math.sin(a):.1f}" '
            f'x2="{30 + 21 * math.cos(a):.1f}" y2="{38 + 21 * math.sin(a):.1f}" '
            f'stroke="{colour}" stroke-width="3" stroke-linecap="round"/>'
            for a in (i * math.pi / 4 for i in range(8))
        )
        art = f'<circle cx="30" cy="38" r="10" fill="{colour}"/>{rays}'
    else:  # a five-petal flower
        petals = "".join(
            f'<circle cx="{30 + 10 * math.cos(a):.1f}" cy="{36 + 10 * math.sin(a):.1f}" r="8" '
            f'fill="{colour}" opacity="0.85"/>'
            for a in (-math.pi / 2 + i * 2 * math.pi / 5 for i in range(5))
        )
        art = f'{petals}<circle cx="30" cy="36" r="4.5" fill="#f2c230"/>'
    return (
        f'{art}<text x="30" y="68" text-anchor="middle" font-family="sans-serif" '
        f'font-size="13" font-weight="bold" fill="{_INK}">{seat}</text>'
    )


def _art(notation: str) -> str:
    digit, suit = int(notation[0]), notation[1]
    red = digit == 0
    rank = 5 if red else digit
    if suit == "p":
        return _circles(rank, red)
    if suit == "s":
        return _sticks(rank, red)
    if suit == "m":
        return _characters(rank, red)
    if suit == "z":
        return _honour(rank)
    return _bonus(digit)


@cache
def sprite() -> str:
    """The SVG sprite with one ``<symbol id="t-XX">`` per picture of :data:`SYMBOL_IDS`."""
    symbols = "".join(
        f'<symbol id="t-{n}" viewBox="0 0 {_W} {_H}">{_face(_art(n))}</symbol>' for n in SYMBOL_IDS
    )
    return f'<svg xmlns="http://www.w3.org/2000/svg">{symbols}</svg>'


def kind_notation(tile: Tile) -> str:
    """The notation of a kind (for templates)."""
    return tile.notation
