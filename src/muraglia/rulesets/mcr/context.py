"""The MCR view of one arrangement: :class:`McrContext`, a :class:`WinContext` plus MCR facts.

Hand-level facts computed once per hand (whether it waited on a single tile kind, how many
flowers) are fields; arrangement-level facts (chow fans under MCR-COUNT-6, kong counts, the
shape family) are cached properties.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from itertools import compress
from typing import Any

from muraglia.analysis.groups import Group, GroupKind
from muraglia.hand import Hand
from muraglia.rulesets.mcr.counting import chow_combinations, chow_fans
from muraglia.rulesets.mcr.shapes import HONOURS_AND_KNITTED_SHAPES, KNITTED_STRAIGHT_SHAPES
from muraglia.scoring.context import WinContext, cached_property
from muraglia.tiles import HONOUR_MASK, NUM_KINDS, NUM_SUITED, NUM_SUITS, RANKS, Suit, Tile

__all__ = ["HONOURS_AND_KNITTED_SHAPES", "KNITTED_STRAIGHT_SHAPES", "McrContext", "mcr"]


_TILES = tuple(Tile(i) for i in range(NUM_KINDS))
_SUITS = (Suit.MAN, Suit.PIN, Suit.SOU)
_SUIT_MASKS = tuple((suit, 0x1FF << (RANKS * i)) for i, suit in enumerate(_SUITS))
_HONOUR_MASK = HONOUR_MASK


@dataclass(frozen=True)
class McrContext(WinContext):
    """One reading of an MCR hand (MCR-ALGO-1)."""

    unique_wait: bool = False
    """Whether the hand waited on exactly one tile kind (MCR-COUNT-7)."""
    flowers: int = 0
    """Flowers and seasons exposed by the hand's owner (MCR-FAN-13)."""

    # Faster versions of WinContext views: an MCR arrangement always covers every tile.

    @cached_property
    def kinds(self) -> frozenset[Tile]:
        """The distinct tile kinds of the hand."""
        return frozenset(compress(_TILES, self.hand.counts))

    @cached_property
    def suits(self) -> frozenset[Suit]:
        """The suits present."""
        c = self.hand.counts
        return frozenset(
            _SUITS[s] for s in range(NUM_SUITS) if any(c[RANKS * s : RANKS * s + RANKS])
        )

    @staticmethod
    def hand_views(hand: Hand, kinds: int) -> dict[str, Any]:
        """The views that depend only on the hand (an MCR arrangement covers every tile).

        ``kinds`` is the 34-bit mask of the hand's kinds. The ruleset computes them once per
        hand and gives them to every arrangement (:meth:`adopt`).

        >>> from muraglia.notation import parse_hand
        >>> h = parse_hand("123m456p789s345s77m+5s")
        >>> v = McrContext.hand_views(h, sum(1 << i for i, n in enumerate(h.counts) if n))
        >>> sorted(s.value for s in v["suits"]), v["has_honours"], len(v["kinds"])
        (['m', 'p', 's'], False, 13)
        """
        counts = hand.counts
        winning = hand.winning
        return {
            "counts": counts,
            "is_concealed": hand.is_concealed,
            "winning_tile": None if winning is None else winning.kind,
            "kinds": frozenset(compress(_TILES, counts)),
            "suits": frozenset(s for s, mask in _SUIT_MASKS if kinds & mask),
            "has_honours": bool(kinds & _HONOUR_MASK),
        }

    @classmethod
    def made(cls, views: dict[str, Any], **fields: Any) -> McrContext:
        """A context with ``fields`` (the others at their defaults) and ``views`` computed.

        The same object as ``McrContext(**fields).adopt(views)``: the frozen dataclass's
        ``__init__`` sets its fields one ``object.__setattr__`` at a time, this sets the
        instance dict at once (one context per reading scored).
        """
        ctx = _new(cls)
        _set(ctx, "__dict__", _DEFAULTS | views | fields)
        return ctx

    def decomposition_views(self) -> dict[str, Any]:
        """The views computed so far that depend only on the hand and the decomposition."""
        d = self.__dict__
        return {name: d[name] for name in _DECOMPOSITION_VIEWS if name in d}

    def adopt(self, views: dict[str, Any]) -> McrContext:
        """Take over views computed on another arrangement (see :meth:`hand_views`)."""
        self.__dict__.update(views)
        return self

    @cached_property
    def has_honours(self) -> bool:
        """Whether any honour is present."""
        return any(self.hand.counts[NUM_SUITED:NUM_KINDS])

    @cached_property
    def chow_fans(self) -> dict[str, int]:
        """Chow combination fans of this arrangement under MCR-COUNT-2…6."""
        pair = self.pair
        return dict(
            chow_fans([int(g.tile) for g in self.chows], int(pair.tile) if pair is not None else -1)
        )

    @cached_property
    def chow_groups(self) -> dict[str, tuple[Group, ...]]:
        """The chows that form each chow combination fan (its locator, MCR-COUNT-6).

        Only the chows of the combination: a chow of the hand outside it is not named.
        """
        pair = self.pair
        chows = sorted(self.chows, key=lambda g: int(g.tile))
        combos = chow_combinations(
            [int(g.tile) for g in chows], int(pair.tile) if pair is not None else -1
        )
        return {fan: tuple(chows[i] for i in at) for fan, _, at in combos}

    @cached_property
    def melded_kongs(self) -> int:
        """Kongs claimed from a discard or added to a melded pung."""
        return sum(1 for g in self.kongs if not g.concealed)

    @cached_property
    def concealed_kongs(self) -> int:
        """Kongs declared from the hand."""
        return sum(1 for g in self.kongs if g.concealed)

    @cached_property
    def is_standard(self) -> bool:
        """Four sets and a pair (melds included)."""
        return self.decomposition.shape == "standard"

    @cached_property
    def is_knitted_straight(self) -> bool:
        """The knitted-straight shape (three knitted groups, a set and a pair)."""
        return self.decomposition.shape in KNITTED_STRAIGHT_SHAPES or (
            sum(1 for g in self.groups if g.kind is GroupKind.KNITTED) == 3 and len(self.sets) == 1
        )

    @cached_property
    def is_honours_and_knitted(self) -> bool:
        """The honours-and-knitted-tiles shape (fourteen different tiles)."""
        return self.decomposition.shape in HONOURS_AND_KNITTED_SHAPES

    @cached_property
    def is_seven_pairs(self) -> bool:
        """Seven pairs (four identical tiles may be two pairs)."""
        return self.decomposition.shape == "seven_pairs"

    @cached_property
    def five_groups(self) -> bool:
        """Four sets and a pair, the knitted straight's knitted groups counting as sets."""
        return self.is_standard or self.is_knitted_straight


def mcr(ctx: WinContext) -> McrContext:
    """``ctx`` seen as an :class:`McrContext` (the MCR ruleset only builds those)."""
    return ctx  # type: ignore[return-value]  # a cast without the call (hot path)


_new = object.__new__
_set = object.__setattr__
_DEFAULTS: dict[str, Any] = {
    f.name: f.default_factory() if f.default_factory is not MISSING else f.default
    for f in fields(McrContext)
    if f.default is not MISSING or f.default_factory is not MISSING
}
"""The fields of a context not given to :meth:`McrContext.made`."""

_HAND_VIEWS = ("counts", "is_concealed", "winning_tile", "kinds", "suits", "has_honours")
"""The keys of :meth:`McrContext.hand_views`."""
_DECOMPOSITION_VIEWS = (
    *_HAND_VIEWS,
    *("groups", "_split", "sets", "chows", "pungs", "kongs", "pairs", "pair", "tiles"),
    *("chow_fans", "melded_kongs", "concealed_kongs", "is_standard", "is_knitted_straight"),
    *("is_honours_and_knitted", "is_seven_pairs", "five_groups"),
)
