"""muraglia: mahjong rules engine, scorer and referee's calculator.

Rulesets: FIMJ, EMA Riichi (and Tenhou), MCR, Seipalle, Ravenna. This module re-exports the
stable entry points of interfaces.md §4; the layers below (tiles, notation, analysis,
scoring, rulesets) are importable on their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version

from muraglia.analysis import Analysis, decompose
from muraglia.analysis import analyze as _analyze
from muraglia.analysis.shanten import shanten_all
from muraglia.analysis.shapes import DEFAULT_SHAPES, Shape, shape_shanten
from muraglia.analysis.waits import winning_tiles
from muraglia.errors import (
    IllegalActionError,
    InvalidHandError,
    MahjongError,
    NotationError,
    RulesetError,
)
from muraglia.hand import Hand
from muraglia.notation import format_hand, parse_hand, parse_tiles
from muraglia.rulesets import load_ruleset, ruleset_for, score
from muraglia.tiles import PhysicalTile, Tile

try:
    __version__ = version("muraglia")
except PackageNotFoundError:  # pragma: no cover - running from a source tree without install
    __version__ = "0.0.0"

__all__ = [
    "Analysis",
    "Hand",
    "IllegalActionError",
    "InvalidHandError",
    "MahjongError",
    "NotationError",
    "PhysicalTile",
    "RulesetError",
    "Tile",
    "__version__",
    "analyze",
    "decompose",
    "format_hand",
    "load_ruleset",
    "parse_hand",
    "parse_tiles",
    "score",
    "shanten",
    "shapes_of",
    "waits",
]


def _hand(hand: str | Hand) -> Hand:
    return parse_hand(hand) if isinstance(hand, str) else hand


def shapes_of(rules: str | None) -> tuple[Shape, ...]:
    """The winning shapes of a ruleset (id, alias or spec), or the default three for None.

    >>> [s.id for s in shapes_of("mcr")]  # doctest: +SKIP
    ['standard', 'seven_pairs', 'thirteen_orphans', 'knitted_straight', 'honors_and_knitted']

    Raises:
        RulesetError: for an unknown ruleset.
    """
    if rules is None:
        return DEFAULT_SHAPES
    return tuple(getattr(ruleset_for(rules), "shapes", DEFAULT_SHAPES))


def analyze(
    hand: str | Hand, *, rules: str | None = None, visible: Sequence[int] | None = None
) -> Analysis:
    """Shanten, waits with their kinds, useful tiles (13 tiles) or ranked discards (14 tiles).

    Raises:
        NotationError: for malformed notation.
        InvalidHandError: for an impossible hand or one of neither 13 nor 14 tiles.
        RulesetError: for an unknown ruleset.
    """
    return _analyze(_hand(hand), shapes_of(rules), visible=visible)


def shanten(hand: str | Hand, *, rules: str | None = None) -> int:
    """Least shanten of ``hand`` over the winning shapes (-1 = complete, 0 = ready).

    >>> shanten("123m456p789s1122z")
    0

    Raises:
        NotationError: for malformed notation.
        InvalidHandError: for an impossible hand.
    """
    if rules is None and type(hand) is Hand:  # the hot path: straight to the table lookup
        return shanten_all(hand.concealed_counts, len(hand.melds))
    h = _hand(hand)
    if rules is None:
        return shanten_all(h.concealed_counts, len(h.melds))
    return shape_shanten(list(h.concealed_counts), len(h.melds), shapes_of(rules))


def waits(hand: str | Hand, *, rules: str | None = None) -> list[str]:
    """Winning tiles of a 13-tile hand, as tile strings in tile order.

    >>> waits("123m456p789s1112z")
    ['2z']

    Raises:
        NotationError: for malformed notation.
        InvalidHandError: for an impossible hand or one that does not have 13 tiles.
    """
    return [t.notation for t in winning_tiles(_hand(hand), shapes_of(rules))]
