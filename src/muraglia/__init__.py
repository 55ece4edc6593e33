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
    InputTypeError,
    InvalidHandError,
    MahjongError,
    NotationError,
    RulesetError,
    json_type,
)
from muraglia.hand import Hand
from muraglia.notation import format_hand, parse_hand, parse_tiles
from muraglia.rulesets import load_ruleset, red_fives_per_suit, ruleset_for, score
from muraglia.scoring.inputs import check_red_fives
from muraglia.tiles import COPIES, NUM_KINDS, PhysicalTile, Tile

try:
    __version__ = version("muraglia")
except PackageNotFoundError:  # pragma: no cover - running from a source tree without install
    __version__ = "0.0.0"

__all__ = [
    "Analysis",
    "Hand",
    "IllegalActionError",
    "InputTypeError",
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


def __dir__() -> list[str]:
    """Only the public API (``__all__``), not the submodules and helpers imported here."""
    return sorted(__all__)


def _hand(hand: str | Hand, rules: str | None = None) -> Hand:
    """``hand`` parsed (for ``rules``: red fives only where its wall has them).

    Raises:
        InputTypeError: for anything but a string or a Hand.
    """
    if isinstance(hand, Hand):
        return hand
    if not isinstance(hand, str):
        raise InputTypeError(f"`hand` must be a hand string or a Hand, got {json_type(hand)}")
    if rules is None:
        return parse_hand(hand)
    per_suit = red_fives_per_suit(rules)
    h = parse_hand(hand, red_fives=per_suit > 0)
    check_red_fives(h, per_suit)
    return h


def _rules(rules: object) -> str | None:
    if rules is not None and not isinstance(rules, str):
        raise InputTypeError(f"`rules` must be a ruleset id string, got {json_type(rules)}")
    return rules


def _visible(visible: object, hand: Hand) -> list[int] | None:
    """``visible`` checked: 34 non-negative counts, at most 4 of a tile with the hand's own."""
    if visible is None:
        return None
    if isinstance(visible, str) or not isinstance(visible, Sequence):
        raise InputTypeError(f"`visible` must be 34 tile counts, got {json_type(visible)}")
    counts = list(visible)
    if any(isinstance(c, bool) or not isinstance(c, int) for c in counts):
        raise InputTypeError("`visible` must be 34 integer tile counts")
    if len(counts) != NUM_KINDS or any(c < 0 for c in counts):
        return counts  # the analysis names the problem
    for kind, (seen, held) in enumerate(zip(counts, hand.counts, strict=True)):
        if seen + held > COPIES:
            raise InvalidHandError(
                f"the hand and the visible tiles hold {seen + held} copies of "
                f"{Tile(kind).notation!r} (there are only 4)"
            )
    return counts


def shapes_of(rules: str | None) -> tuple[Shape, ...]:
    """The winning shapes of a ruleset (id, alias or spec), or the default three for None.

    >>> [s.id for s in shapes_of("mcr")]  # doctest: +SKIP
    ['standard', 'seven_pairs', 'thirteen_orphans', 'knitted_straight', 'honors_and_knitted']

    Raises:
        RulesetError: for an unknown ruleset.
    """
    name = _rules(rules)
    if name is None:
        return DEFAULT_SHAPES
    return tuple(getattr(ruleset_for(name), "shapes", DEFAULT_SHAPES))


def analyze(
    hand: str | Hand, *, rules: str | None = None, visible: Sequence[int] | None = None
) -> Analysis:
    """Shanten, waits with their kinds, useful tiles (13 tiles) or ranked discards (14 tiles).

    Raises:
        NotationError: for malformed notation.
        InvalidHandError: for an impossible hand or one of neither 13 nor 14 tiles, a red
            five the ruleset's wall lacks, or a tile held and visible more than 4 times.
        InputTypeError: for an argument of the wrong type.
        RulesetError: for an unknown ruleset.
    """
    h = _hand(hand, _rules(rules))
    return _analyze(h, shapes_of(rules), visible=_visible(visible, h))


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
    h = _hand(hand, _rules(rules))
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
    return [t.notation for t in winning_tiles(_hand(hand, _rules(rules)), shapes_of(rules))]
