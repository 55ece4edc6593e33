"""Winning shapes as pluggable objects that a ruleset lists.

A shape splits a complete hand (14 tiles, declared melds counted as three) into
typed groups, and knows its own shanten. Shapes: standard (four sets and a pair), seven
pairs (optionally with four of a kind as two pairs), thirteen orphans; MCR's knitted
straight (plus a set and a pair) and honours-and-knitted tiles; the FIMJ special shapes
small snake, Siamese snakes and snake of the dragons; Ravenna's all-head-tiles hand. Each
ruleset lists the shapes it allows (``Ruleset.shapes``).

>>> from muraglia.tiles import Tile
>>> counts = [0] * 34
>>> for t in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 27, 27):
...     counts[t] += 1
>>> [str(d) for d in STANDARD.decompose_counts(tuple(counts))]
['standard: 123m 456m 789m 123p 11z']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import ClassVar

from muraglia.analysis.groups import Decomposition, Group, GroupKind
from muraglia.analysis.shanten import (
    shanten_all,
    shanten_honours_knitted,
    shanten_knitted_straight,
    shanten_seven_pairs,
    shanten_standard,
    shanten_thirteen_orphans,
)
from muraglia.errors import InvalidHandError
from muraglia.hand import Hand
from muraglia.melds import PAIR_SIZE, SET_SIZE, Meld, MeldKind
from muraglia.tiles import (
    COPIES,
    DRAGONS,
    HAND_SIZE,
    NUM_KINDS,
    NUM_SUITED,
    NUM_SUITS,
    ORPHAN_INDICES,
    RANKS,
    WINDS,
    Tile,
)

__all__ = [
    "ALL_HEAD_TILES",
    "DEFAULT_SHAPES",
    "HONORS_AND_KNITTED",
    "KNITTED_STRAIGHT",
    "SIAMESE_SNAKES",
    "SMALL_SNAKE",
    "SNAKE_OF_DRAGONS",
    "SEVEN_PAIRS",
    "SEVEN_PAIRS_FOUR_AS_TWO",
    "STANDARD",
    "THIRTEEN_ORPHANS",
    "SevenPairs",
    "Shape",
    "Standard",
    "ThirteenOrphans",
    "meld_group",
    "shape_shanten",
]

_MELD_GROUP = {MeldKind.CHOW: GroupKind.CHOW, MeldKind.PUNG: GroupKind.PUNG}


def meld_group(meld: Meld) -> Group:
    """The group a declared meld stands for (concealed kongs stay concealed).

    Groups are immutable: the group of a meld object is made once (the parser shares its
    melds between hands), remembered by the meld's ``id`` with the meld (bounded).
    """
    found = _MELD_GROUPS.get(id(meld))
    if found is not None and found[0] is meld:
        return found[1]
    kind = _MELD_GROUP.get(meld.kind, GroupKind.KONG)
    low = min(t.kind for t in meld.tiles)
    group = Group(
        kind, Tile(low), concealed=meld.kind is MeldKind.KONG and meld.concealed, meld=meld
    )
    if len(_MELD_GROUPS) >= _MELD_GROUPS_LIMIT:
        _MELD_GROUPS.clear()
    _MELD_GROUPS[id(meld)] = (meld, group)
    return group


_MELD_GROUPS: dict[int, tuple[Meld, Group]] = {}
_MELD_GROUPS_LIMIT = 4096


@cache
def _group(kind: GroupKind, tile: int) -> Group:
    """The concealed, meld-less group ``kind`` at ``tile`` (immutable: one shared object each)."""
    return Group(kind, Tile(tile))


_KINDS = range(NUM_KINDS)
_HONOUR_KINDS = range(NUM_SUITED, NUM_KINDS)
_SUITS = range(NUM_SUITS)

# A suit pattern is a tuple of (kind, offset) with kind 'c' chow or 'p' pung.
_Parts = tuple[tuple[tuple[str, int], ...], ...]


@cache
def _suit_sets(counts: tuple[int, ...]) -> _Parts:
    """All ways to split one suit's nine counts into chows and pungs (sorted, distinct)."""
    i = 0
    while i < RANKS and counts[i] == 0:
        i += 1
    if i == RANKS:
        return ((),)
    out: list[tuple[tuple[str, int], ...]] = []
    if counts[i] >= SET_SIZE:
        rest = list(counts)
        rest[i] -= SET_SIZE
        out.extend((("p", i), *r) for r in _suit_sets(tuple(rest)))
    if i <= RANKS - SET_SIZE and counts[i + 1] and counts[i + 2]:
        rest = list(counts)
        rest[i] -= 1
        rest[i + 1] -= 1
        rest[i + 2] -= 1
        out.extend((("c", i), *r) for r in _suit_sets(tuple(rest)))
    return tuple(sorted(set(out)))


@cache
def _suit_groups(suit: int, counts: tuple[int, ...]) -> tuple[tuple[Group, ...], ...]:
    """Typed groups for each split of one suit (cached on the suit and its nine counts)."""
    return tuple(
        tuple(
            _group(GroupKind.CHOW if k == "c" else GroupKind.PUNG, RANKS * suit + o)
            for k, o in part
        )
        for part in _suit_sets(counts)
    )


@cache
def _suit_splits(
    suit: int, counts: tuple[int, ...]
) -> tuple[tuple[tuple[Group, ...], ...], tuple[tuple[Group, ...], ...]]:
    """One suit's splits into sets only, and into sets plus one pair (groups in tile order)."""
    plain = _suit_groups(suit, counts)
    paired: list[tuple[Group, ...]] = []
    for r in range(RANKS):
        if counts[r] >= PAIR_SIZE:
            rest = list(counts)
            rest[r] -= PAIR_SIZE
            pair = _group(GroupKind.PAIR, RANKS * suit + r)
            for part in _suit_groups(suit, tuple(rest)):
                paired.append(tuple(sorted((pair, *part), key=_group_key)))
    return plain, tuple(paired)


class Shape:
    """A winning shape: an id, display names, a decomposer and an optional shanten hook."""

    id: str = "shape"
    names: ClassVar[Mapping[str, str]] = {}
    concealed_only: bool = False

    def decompose(self, hand: Hand) -> Iterator[Decomposition]:
        """Yield every decomposition of ``hand`` under this shape."""
        if self.concealed_only and hand.melds:
            return
        melds: tuple[Group, ...] | None = None  # the melds' groups, for a shape that fits
        for d in self.decompose_counts(hand.concealed_counts, len(hand.melds)):
            if melds is None:
                melds = tuple(meld_group(m) for m in hand.melds)
            yield Decomposition(d.shape, d.groups + melds)

    def decompose_counts(self, counts: Sequence[int], melds: int = 0) -> Iterator[Decomposition]:
        """Yield decompositions of the concealed ``counts`` (groups from melds not included)."""
        raise NotImplementedError

    def shanten(self, counts: Sequence[int], melds: int = 0) -> int | None:
        """Shanten number for this shape, or None if not supported."""
        return None

    def __repr__(self) -> str:
        """The shape id."""
        return f"<Shape {self.id}>"


class Standard(Shape):
    """Four sets and a pair."""

    id = "standard"
    names: ClassVar[Mapping[str, str]] = {
        "it": "mano standard",
        "en": "standard hand",
        "ja": "一般形",
        "zh": "基本和型",
    }

    def decompose_counts(self, counts: Sequence[int], melds: int = 0) -> Iterator[Decomposition]:
        """Yield every (pair, sets) split of ``counts``; ``melds`` sets are already declared.

        Each suit's splits with and without the pair come from a table cached on the
        suit's nine counts; the honours are read directly (pungs and at most one pair).
        """
        if sum(counts) != HAND_SIZE - SET_SIZE * melds:
            return
        honour_groups: list[Group] = []
        honour_pair = False
        for h in _HONOUR_KINDS:
            n = counts[h]
            if n == SET_SIZE:
                honour_groups.append(_group(GroupKind.PUNG, h))
            elif n == PAIR_SIZE:
                if honour_pair:
                    return
                honour_pair = True
                honour_groups.append(_group(GroupKind.PAIR, h))
            elif n:
                return
        # the pair sits in the one group (suit or honours) whose tile count is 2 mod 3
        slices = [tuple(counts[RANKS * s : RANKS * s + RANKS]) for s in _SUITS]
        mods = [sum(c) % SET_SIZE for c in slices]
        if 1 in mods or mods.count(PAIR_SIZE) + honour_pair != 1:
            return
        honours = tuple(honour_groups)
        options = [_suit_splits(s, slices[s])[1 if mods[s] == PAIR_SIZE else 0] for s in _SUITS]
        for a in options[0]:
            for b in options[1]:
                for c in options[2]:
                    yield Decomposition(self.id, a + b + c + honours)

    def shanten(self, counts: Sequence[int], melds: int = 0) -> int | None:
        """Standard shanten from :mod:`muraglia.analysis.shanten`."""
        return shanten_standard(counts, melds)


_KIND_RANK = {kind: i for i, kind in enumerate(GroupKind)}


def _group_key(g: Group) -> tuple[int, int]:
    return (int(g.tile), _KIND_RANK[g.kind])


class SevenPairs(Shape):
    """Seven pairs, concealed only; optionally four identical tiles count as two pairs."""

    concealed_only = True
    names: ClassVar[Mapping[str, str]] = {
        "it": "sette coppie",
        "en": "seven pairs",
        "ja": "七対子",
        "zh": "七对",
    }

    def __init__(self, four_as_two_pairs: bool = False) -> None:
        """Create the shape; ``four_as_two_pairs`` follows FIMJ-GAP-11 and Ravenna."""
        self.four_as_two_pairs = four_as_two_pairs
        self.id = "seven_pairs"

    def decompose_counts(self, counts: Sequence[int], melds: int = 0) -> Iterator[Decomposition]:
        """Yield the seven-pairs split, if any."""
        if melds or sum(counts) != HAND_SIZE:
            return
        groups: list[Group] = []
        for t, n in enumerate(counts):
            if n == PAIR_SIZE or (n == COPIES and self.four_as_two_pairs):
                groups.extend([_group(GroupKind.PAIR, t)] * (n // 2))
            elif n:
                return
        yield Decomposition(self.id, tuple(groups))

    def shanten(self, counts: Sequence[int], melds: int = 0) -> int | None:
        """Seven-pairs shanten; with four-as-two-pairs every two copies make a pair."""
        if melds:
            return None
        if self.four_as_two_pairs:
            return 6 - min(sum(c // 2 for c in counts), 7)
        return shanten_seven_pairs(counts)


_ORPHANS = ORPHAN_INDICES


class ThirteenOrphans(Shape):
    """One of each terminal and honour plus a pair of one of them."""

    id = "thirteen_orphans"
    concealed_only = True
    names: ClassVar[Mapping[str, str]] = {
        "it": "tredici orfani",
        "en": "thirteen orphans",
        "ja": "国士無双",
        "zh": "十三幺",
    }

    def decompose_counts(self, counts: Sequence[int], melds: int = 0) -> Iterator[Decomposition]:
        """Yield the thirteen-orphans split, if any."""
        if melds or sum(counts) != HAND_SIZE or any(counts[t] == 0 for t in _ORPHANS):
            return
        if sum(counts[t] for t in _ORPHANS) != HAND_SIZE:
            return
        groups = tuple(
            _group(GroupKind.PAIR if counts[t] == PAIR_SIZE else GroupKind.SINGLE, t)
            for t in _ORPHANS
        )
        yield Decomposition(self.id, groups)

    def shanten(self, counts: Sequence[int], melds: int = 0) -> int | None:
        """Thirteen-orphans shanten."""
        if melds:
            return None
        return shanten_thirteen_orphans(counts)


_KNIT_OFFSETS = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
_SUIT_PERMS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
KNITTED_SUITS: tuple[tuple[int, int, int], ...] = _SUIT_PERMS
"""The six ways to give 1-4-7, 2-5-8 and 3-6-9 to the three suits (suit index per offset)."""


def _knitted_lows(perm: tuple[int, int, int]) -> tuple[int, int, int]:
    """Lowest tile index of each knitted run (1-4-7, 2-5-8, 3-6-9) under ``perm``."""
    return (RANKS * perm[0], RANKS * perm[1] + 1, RANKS * perm[2] + 2)


def _without(counts: Sequence[int], tiles: Sequence[int]) -> list[int] | None:
    """``counts`` minus one copy of each of ``tiles``, or None if one is missing."""
    rest = list(counts)
    for t in tiles:
        if not rest[t]:
            return None
        rest[t] -= 1
    return rest


def _overlap(counts: Sequence[int], target: Sequence[int]) -> int:
    """How many of the hand's tiles a fixed target multiset can use."""
    return sum(min(a, b) for a, b in zip(counts, target, strict=True))


def _target(tiles: Sequence[int]) -> tuple[int, ...]:
    out = [0] * NUM_KINDS
    for t in tiles:
        out[t] += 1
    return tuple(out)


class KnittedStraight(Shape):
    """MCR knitted straight: 1-4-7, 2-5-8, 3-6-9 in three different suits, one set and a pair.

    The nine knitted tiles are three ``KNITTED`` groups (MCR-FAN-45, MCR-HAND); at most one
    declared meld fits the shape (the knitted tiles themselves cannot be claimed).
    """

    id = "knitted_straight"
    names: ClassVar[Mapping[str, str]] = {
        "it": "serpente legato",
        "en": "knitted straight",
        "zh": "组合龙",
    }

    def decompose_counts(self, counts: Sequence[int], melds: int = 0) -> Iterator[Decomposition]:
        """Yield each (knitted straight, set, pair) split."""
        if melds > 1 or sum(counts) != HAND_SIZE - SET_SIZE * melds:
            return
        for perm in _SUIT_PERMS:
            lows = _knitted_lows(perm)
            rest = _without(counts, [low + 3 * k for low in lows for k in range(3)])
            if rest is None:
                continue
            knitted = tuple(_group(GroupKind.KNITTED, low) for low in sorted(lows))
            for d in STANDARD.decompose_counts(rest, melds + 3):
                yield Decomposition(self.id, knitted + d.groups)

    def shanten(self, counts: Sequence[int], melds: int = 0) -> int | None:
        """Shanten from :func:`muraglia.analysis.shanten.shanten_knitted_straight`."""
        return None if melds > 1 else shanten_knitted_straight(counts, melds)


class HonorsAndKnitted(Shape):
    """MCR lesser/greater honours and knitted tiles: fourteen different singles.

    Every tile is an honour or a suit tile of one knitted straight pattern, all different
    (MCR-FAN-44; with all seven honours it is MCR-FAN-56, a scoring distinction).
    """

    id = "honors_and_knitted"
    concealed_only = True
    names: ClassVar[Mapping[str, str]] = {
        "it": "raduno degli onori",
        "en": "honours and knitted tiles",
        "zh": "全不靠",
    }

    def decompose_counts(self, counts: Sequence[int], melds: int = 0) -> Iterator[Decomposition]:
        """Yield the fourteen singles, if the hand is one."""
        if melds or sum(counts) != HAND_SIZE or max(counts) > 1:
            return
        suited = {t for t in range(NUM_SUITED) if counts[t]}
        for perm in _SUIT_PERMS:
            allowed = {low + 3 * k for low in _knitted_lows(perm) for k in range(3)}
            if suited <= allowed:
                singles = tuple(_group(GroupKind.SINGLE, t) for t in _KINDS if counts[t])
                yield Decomposition(self.id, singles)
                return

    def shanten(self, counts: Sequence[int], melds: int = 0) -> int | None:
        """Shanten from :func:`muraglia.analysis.shanten.shanten_honours_knitted`."""
        return None if melds else shanten_honours_knitted(counts)


class _FixedShape(Shape):
    """A special shape with a finite list of exact 14-tile targets (FIMJ snakes).

    Subclasses list ``targets``: each a 34-count tuple and the groups it is read as. The
    shanten is ``13 - best overlap`` with a target (one tile swapped per missing tile).
    """

    concealed_only = True

    def targets(self) -> Sequence[tuple[tuple[int, ...], tuple[Group, ...]]]:
        """Every (target counts, groups) of the shape."""
        raise NotImplementedError

    def decompose_counts(self, counts: Sequence[int], melds: int = 0) -> Iterator[Decomposition]:
        """Yield the reading of the target ``counts`` equals, if any."""
        if melds:
            return
        key = tuple(counts)
        for target, groups in self.targets():
            if target == key:
                yield Decomposition(self.id, groups)

    def shanten(self, counts: Sequence[int], melds: int = 0) -> int | None:
        """``13 - max overlap`` over the targets."""
        if melds:
            return None
        return 13 - max(_overlap(counts, target) for target, _ in self.targets())


class SmallSnake(_FixedShape):
    """FIMJ small snake: 1 to 9 of one suit, the four winds and one dragon (FIMJ-MAX-M08).

    The snake reads as chows 123, 456, 789 (which may be claimed, so declared chows of the
    snake are allowed); the winds and the dragon are singles.
    """

    id = "small_snake"
    concealed_only = False
    names: ClassVar[Mapping[str, str]] = {"it": "piccolo serpente", "en": "small snake"}

    @cache  # noqa: B019 - one instance per shape, the cache lives as long as it
    def targets(self) -> Sequence[tuple[tuple[int, ...], tuple[Group, ...]]]:
        """Three suits times three dragons."""
        out = []
        for suit in _SUITS:
            chows = tuple(Group(GroupKind.CHOW, Tile(RANKS * suit + r)) for r in (0, 3, 6))
            for dragon in DRAGONS:
                singles = tuple(Group(GroupKind.SINGLE, t) for t in (*WINDS, dragon))
                out.append(
                    (
                        _target([*range(RANKS * suit, RANKS * suit + RANKS), *WINDS, dragon]),
                        chows + singles,
                    )
                )
        return tuple(out)

    def decompose(self, hand: Hand) -> Iterator[Decomposition]:
        """Yield the reading, with declared chows of the snake in place of concealed ones."""
        melds = tuple(meld_group(m) for m in hand.melds)
        if any(g.kind is not GroupKind.CHOW for g in melds):
            return
        counts = list(hand.concealed_counts)
        for g in melds:
            for t in g.tiles:
                counts[t] += 1
        for target, groups in self.targets():
            if tuple(counts) != target:
                continue
            declared = {g.tile: g for g in melds}
            if len(declared) != len(melds) or not all(
                any(g.kind is GroupKind.CHOW and g.tile == t for g in groups) for t in declared
            ):
                continue
            yield Decomposition(
                self.id,
                tuple(declared.get(g.tile, g) if g.kind is GroupKind.CHOW else g for g in groups),
            )

    def shanten(self, counts: Sequence[int], melds: int = 0) -> int | None:
        """Shanten of a concealed hand (with declared chows the shape gives none)."""
        return super().shanten(counts, melds)


class SiameseSnakes(_FixedShape):
    """FIMJ Siamese snakes: 1 to 7 in one suit and 1 to 7 in another (FIMJ-MAX-M09)."""

    id = "siamese_snakes"
    names: ClassVar[Mapping[str, str]] = {"it": "serpenti siamesi", "en": "Siamese snakes"}

    @cache  # noqa: B019 - one instance per shape, the cache lives as long as it
    def targets(self) -> Sequence[tuple[tuple[int, ...], tuple[Group, ...]]]:
        """The three pairs of suits."""
        out = []
        for a, b in ((0, 1), (0, 2), (1, 2)):
            tiles = [*range(RANKS * a, RANKS * a + 7), *range(RANKS * b, RANKS * b + 7)]
            out.append((_target(tiles), tuple(Group(GroupKind.SINGLE, Tile(t)) for t in tiles)))
        return tuple(out)


class SnakeOfDragons(_FixedShape):
    """FIMJ snake of the dragons: a knitted 1-9, the three dragons and a pair of winds.

    FIMJ-MAX-M07 with FIMJ-GAP-10 (1-4-7, 2-5-8, 3-6-9 in three suits). The shape accepts
    a pair of any wind; that it is the round wind or the player's own is a scoring rule.
    """

    id = "snake_of_dragons"
    names: ClassVar[Mapping[str, str]] = {"it": "serpente dei draghi", "en": "snake of the dragons"}

    @cache  # noqa: B019 - one instance per shape, the cache lives as long as it
    def targets(self) -> Sequence[tuple[tuple[int, ...], tuple[Group, ...]]]:
        """Six knitted straights times four wind pairs."""
        out = []
        for perm in _SUIT_PERMS:
            lows = sorted(_knitted_lows(perm))
            knitted = tuple(Group(GroupKind.KNITTED, Tile(low)) for low in lows)
            dragons = tuple(Group(GroupKind.SINGLE, t) for t in DRAGONS)
            for wind in WINDS:
                tiles = [low + 3 * k for low in lows for k in range(3)] + [*DRAGONS, wind, wind]
                out.append(
                    (_target(tiles), (*knitted, *dragons, Group(GroupKind.PAIR, Tile(wind))))
                )
        return tuple(out)


_HEAD = frozenset(ORPHAN_INDICES)
_BY_COUNT = {1: GroupKind.SINGLE, 2: GroupKind.PAIR, 3: GroupKind.PUNG, 4: GroupKind.KONG}


class AllHeadTiles(Shape):
    """Ravenna all head tiles: any fourteen head tiles (1, 9, winds, dragons) in any arrangement.

    RAV-HAND-3 with RAV-GAP-10. Declared melds must be of head tiles too; the concealed
    tiles are read kind by kind as single, pair, pung or four of a kind.
    """

    id = "all_head_tiles"
    names: ClassVar[Mapping[str, str]] = {
        "it": "tutte pedine di testa",
        "en": "all head tiles",
    }

    def decompose(self, hand: Hand) -> Iterator[Decomposition]:
        """Yield the reading when the declared melds are all head tiles."""
        if any(t.kind not in _HEAD for m in hand.melds for t in m.tiles):
            return
        yield from super().decompose(hand)

    def decompose_counts(self, counts: Sequence[int], melds: int = 0) -> Iterator[Decomposition]:
        """Yield the kind-by-kind reading of fourteen head tiles."""
        if sum(counts) != HAND_SIZE - SET_SIZE * melds or any(
            counts[t] for t in _KINDS if t not in _HEAD
        ):
            return
        yield Decomposition(
            self.id, tuple(Group(_BY_COUNT[n], Tile(t)) for t, n in enumerate(counts) if n)
        )

    def shanten(self, counts: Sequence[int], melds: int = 0) -> int | None:
        """One swap per tile that is not a head tile; None with declared melds.

        The counts do not say whether declared melds are of head tiles, so a hand with
        melds gets no shanten from this shape (its decomposition still checks them).
        """
        if melds:
            return None
        return 13 - sum(counts[t] for t in _HEAD)


def shape_shanten(counts: Sequence[int], melds: int, shapes: Sequence[Shape]) -> int:
    """The least shanten over ``shapes`` (shapes without a shanten formula are skipped).

    Raises:
        InvalidHandError: When no shape gives a shanten for this hand.
    """
    if tuple(shapes) == DEFAULT_SHAPES and isinstance(counts, list | tuple):
        return shanten_all(counts, melds)
    values = [v for shape in shapes if (v := shape.shanten(counts, melds)) is not None]
    if not values:
        raise InvalidHandError(
            f"no shanten for {melds} declared melds under shapes {[s.id for s in shapes]}"
        )
    return min(values)


STANDARD = Standard()
SEVEN_PAIRS = SevenPairs()
SEVEN_PAIRS_FOUR_AS_TWO = SevenPairs(four_as_two_pairs=True)
THIRTEEN_ORPHANS = ThirteenOrphans()
DEFAULT_SHAPES: tuple[Shape, ...] = (STANDARD, SEVEN_PAIRS, THIRTEEN_ORPHANS)
KNITTED_STRAIGHT = KnittedStraight()
HONORS_AND_KNITTED = HonorsAndKnitted()
SMALL_SNAKE = SmallSnake()
SIAMESE_SNAKES = SiameseSnakes()
SNAKE_OF_DRAGONS = SnakeOfDragons()
ALL_HEAD_TILES = AllHeadTiles()
