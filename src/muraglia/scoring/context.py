"""The win context: everything a scoring predicate may look at, frozen.

A :class:`WinContext` is one *reading* of a hand: the hand, one decomposition of it, which
group the winning tile completed and with which wait, how the hand ended (ron, tsumo, or not
won at all), the winds, the situational flags and the dora indicators. Rulesets build one
context per decomposition x reading and let their :class:`~muraglia.scoring.patterns.PatternTable`
evaluate it; the derived views below are computed once per context (``cached_property``).

>>> from muraglia.notation import parse_hand
>>> from muraglia.analysis.decompose import decompose
>>> from muraglia.analysis.waits import readings
>>> hand = parse_hand("234m567p11z[555z][789s<]+4m")
>>> d = decompose(hand)[0]
>>> ctx = WinContext(hand, d, readings(d, Tile.M4)[0], WinType.RON, Tile.SOUTH, Tile.EAST)
>>> ctx.winning_tile.notation, ctx.wait.value, ctx.is_concealed, len(ctx.chows), len(ctx.pungs)
('4m', 'two_sided', False, 3, 1)
>>> [str(g) for g in ctx.concealed_pungs], sorted(s.value for s in ctx.suits)
([], ['m', 'p', 's'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from itertools import chain
from typing import Any, Generic, TypeVar, overload

from muraglia.analysis.groups import Decomposition, Group, GroupKind, WaitKind
from muraglia.analysis.waits import Reading
from muraglia.errors import InvalidHandError
from muraglia.hand import Hand
from muraglia.tiles import NUM_KINDS, NUM_SUITED, RANKS, Suit, Tile, to_wind

__all__ = [
    "DRAGONS",
    "WINDS",
    "WinContext",
    "WinType",
    "dora_of",
    "group_tiles",
    "parse_win",
    "win_context",
    "parse_wind",
]

WINDS: frozenset[Tile] = frozenset((Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH))
"""The four wind kinds."""
DRAGONS: frozenset[Tile] = frozenset((Tile.WHITE, Tile.GREEN, Tile.RED))
"""The three dragon kinds."""

_T = TypeVar("_T")
_CHOW, _PUNG, _KONG, _PAIR = GroupKind.CHOW, GroupKind.PUNG, GroupKind.KONG, GroupKind.PAIR


class cached_property(Generic[_T]):  # noqa: N801 - drop-in for functools.cached_property
    """A lock-free ``functools.cached_property`` (3.11's takes a lock on every first access).

    The value is stored in the instance ``__dict__`` (frozen dataclasses included), after
    which attribute lookup never reaches the descriptor again.
    """

    def __init__(self, func: Callable[[Any], _T]) -> None:
        """Wrap ``func``."""
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        """Remember the attribute name."""
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> cached_property[_T]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> _T: ...
    def __get__(self, obj: object | None, owner: type | None = None) -> Any:
        """Compute once, then cache in the instance."""
        if obj is None:
            return self
        value = self.func(obj)
        obj.__dict__[self.name] = value
        return value


_TILE: tuple[Tile, ...] = tuple(Tile(i) for i in range(NUM_KINDS))
_SUIT_OF: tuple[Suit, ...] = tuple(t.suit for t in _TILE)
_HONOUR_KINDS: frozenset[Tile] = frozenset(_TILE[NUM_SUITED:])
_GROUP_TILES: dict[tuple[GroupKind, Tile], tuple[Tile, ...]] = {}


def group_tiles(group: Group) -> tuple[Tile, ...]:
    """``group.tiles``, memoised by (kind, tile): the hot path of every tile-based view."""
    key = (group.kind, group.tile)
    tiles = _GROUP_TILES.get(key)
    if tiles is None:
        tiles = _GROUP_TILES[key] = group.tiles
    return tiles


class WinType(StrEnum):
    """How the hand ended for its owner."""

    RON = "ron"
    """Won on another player's discard (or by robbing a kong)."""
    TSUMO = "tsumo"
    """Won on a self-drawn tile (live wall or replacement tile)."""
    NONE = "none"
    """Did not win: scored for hand points only (FIMJ, Ravenna, Seipalle non-winners)."""


def parse_win(value: object) -> WinType:
    """A :class:`WinType` from ``"ron"``/``"tsumo"``/``"none"``; bad input raises.

    >>> parse_win("tsumo")
    <WinType.TSUMO: 'tsumo'>

    Raises:
        InvalidHandError: naming the bad value.
    """
    try:
        return WinType(str(value).lower())
    except ValueError:
        raise InvalidHandError(f"win must be ron, tsumo or none, not {value!r}") from None


def parse_wind(value: object, what: str = "wind") -> Tile:
    """A wind :class:`Tile` from ``E S W N``, ``1z``..``4z`` or a wind Tile (:func:`to_wind`).

    >>> parse_wind("W"), parse_wind("2z")
    (<Tile.WEST: 29>, <Tile.SOUTH: 28>)

    Raises:
        InvalidHandError: naming ``what`` and the bad value.
    """
    return to_wind(value, what)


def _dora_of(indicator: int) -> Tile:
    t = int(indicator)
    if t < NUM_SUITED:
        return Tile(t - t % RANKS + (t % RANKS + 1) % RANKS)
    if t < Tile.WHITE:
        return Tile(Tile.EAST + (t - Tile.EAST + 1) % len(WINDS))
    return Tile(Tile.WHITE + (t - Tile.WHITE + 1) % len(DRAGONS))


_DORA_OF: tuple[Tile, ...] = tuple(_dora_of(i) for i in range(NUM_KINDS))


def dora_of(indicator: Tile) -> Tile:
    """The dora kind an indicator names: the next tile in its cycle (EMA-DORA-1).

    Suits 9 -> 1, winds E -> S -> W -> N -> E, dragons White -> Green -> Red -> White.

    >>> [dora_of(Tile(t)).notation for t in (0, 8, 30, 33, 31)]
    ['2m', '1m', '1z', '5z', '6z']
    """
    return _DORA_OF[indicator]


@dataclass(frozen=True)
class WinContext:
    """One reading of a (possibly non-winning) hand, with the situation around it.

    ``reading`` is None for a hand that did not win or whose winning tile completed nothing
    concealed (impossible for a valid win). Groups of a decomposition keep ``concealed``
    from the decomposer; the context adds the scoring view: a pung completed by a discarded
    winning tile counts as exposed (EMA-WIN-4, FIMJ, MCR alike), see
    :attr:`concealed_pungs` and :meth:`is_group_concealed`.
    """

    hand: Hand
    """The hand (winning tile held apart)."""
    decomposition: Decomposition
    """The decomposition being scored."""
    reading: Reading | None
    """Which group the winning tile completed and with which wait; None when not won."""
    win: WinType
    """Ron, tsumo or none."""
    seat_wind: Tile
    """The owner's seat wind."""
    round_wind: Tile
    """The prevalent (round) wind."""
    flags: frozenset[str] = frozenset()
    """Situational flags (``riichi``, ``ippatsu``, ``last_tile``, ``replacement``, ...)."""
    dora: tuple[Tile, ...] = ()
    """Dora *indicators* (kan dora included), riichi rulesets only."""
    ura: tuple[Tile, ...] = ()
    """Ura dora indicators (counted for riichi winners only)."""
    options: Any = None
    """The ruleset's options object (a frozen dataclass), for option-dependent predicates."""
    extra: tuple[tuple[str, Any], ...] = field(default=())
    """Free key/value pairs a ruleset wants its predicates to see (kept hashable)."""

    # ------------------------------------------------------------------ groups

    @cached_property
    def groups(self) -> tuple[Group, ...]:
        """Every group of the decomposition."""
        return self.decomposition.groups

    @cached_property
    def _split(self) -> tuple[tuple[Group, ...], ...]:
        """(chows, pungs and kongs, kongs, pairs) in one pass over the groups."""
        chows: list[Group] = []
        pungs: list[Group] = []
        kongs: list[Group] = []
        pairs: list[Group] = []
        for g in self.decomposition.groups:
            kind = g.kind
            if kind is _CHOW:
                chows.append(g)
            elif kind is _PUNG:
                pungs.append(g)
            elif kind is _KONG:
                pungs.append(g)
                kongs.append(g)
            elif kind is _PAIR:
                pairs.append(g)
        return tuple(chows), tuple(pungs), tuple(kongs), tuple(pairs)

    @cached_property
    def sets(self) -> tuple[Group, ...]:
        """Chows, pungs and kongs."""
        return tuple(g for g in self.groups if g.is_set)

    @cached_property
    def chows(self) -> tuple[Group, ...]:
        """The chows."""
        return self._split[0]

    @cached_property
    def pungs(self) -> tuple[Group, ...]:
        """Pungs *and* kongs."""
        return self._split[1]

    @cached_property
    def kongs(self) -> tuple[Group, ...]:
        """The kongs (declared, concealed or exposed)."""
        return self._split[2]

    @cached_property
    def pairs(self) -> tuple[Group, ...]:
        """The pairs."""
        return self._split[3]

    @cached_property
    def pair(self) -> Group | None:
        """The pair of a standard (four sets and a pair) decomposition, else None."""
        return self.pairs[0] if len(self.pairs) == 1 else None

    @cached_property
    def winning_group(self) -> Group | None:
        """The group completed by the winning tile in this reading."""
        return None if self.reading is None else self.groups[self.reading.group]

    def is_group_concealed(self, group: Group) -> bool:
        """Whether ``group`` counts as concealed for scoring.

        Exposed melds are open; concealed kongs are concealed; a group completed by a
        discarded winning tile is open (EMA-WIN-4, EMA-FU-5).
        """
        if not group.concealed:
            return False
        return not (
            self.win is WinType.RON
            and self.reading is not None
            and group is self.groups[self.reading.group]
        )

    @cached_property
    def concealed_pungs(self) -> tuple[Group, ...]:
        """Pungs and kongs that count as concealed (a ron-completed pung does not)."""
        return tuple(g for g in self.pungs if self.is_group_concealed(g))

    # ------------------------------------------------------------------ tiles

    @cached_property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile kind of the decomposition (kongs with four tiles)."""
        return tuple(chain.from_iterable(map(group_tiles, self.decomposition.groups)))

    @cached_property
    def kinds(self) -> frozenset[Tile]:
        """The distinct tile kinds used."""
        return frozenset(self.tiles)

    @cached_property
    def counts(self) -> tuple[int, ...]:
        """34-counts of every tile of the hand (concealed, winning, melds)."""
        return self.hand.counts

    @cached_property
    def suits(self) -> frozenset[Suit]:
        """The suits (m, p, s) of the suited tiles used; honours not included."""
        return frozenset(_SUIT_OF[t] for t in self.kinds - _HONOUR_KINDS)

    @cached_property
    def red_fives(self) -> int:
        """How many red fives the hand holds."""
        return self.hand.red_fives

    @cached_property
    def has_honours(self) -> bool:
        """Whether any honour tile is used."""
        return not self.kinds.isdisjoint(_HONOUR_KINDS)

    @property
    def has_honors(self) -> bool:
        """Old spelling of :attr:`has_honours`."""
        return self.has_honours

    @cached_property
    def winning_tile(self) -> Tile | None:
        """The kind of the winning tile, if any."""
        w = self.hand.winning
        return None if w is None else w.kind

    @property
    def wait(self) -> WaitKind | None:
        """The wait of this reading, if won."""
        return None if self.reading is None else self.reading.wait

    # ------------------------------------------------------------------ situation

    @cached_property
    def is_concealed(self) -> bool:
        """Whether the hand claimed no discard except the winning tile (concealed kongs ok)."""
        return self.hand.is_concealed

    @property
    def self_drawn(self) -> bool:
        """Whether the hand was won by tsumo."""
        return self.win is WinType.TSUMO

    @property
    def won(self) -> bool:
        """Whether the hand won at all."""
        return self.win is not WinType.NONE

    def has(self, flag: str) -> bool:
        """Whether ``flag`` is set."""
        return flag in self.flags

    @cached_property
    def value_winds(self) -> frozenset[Tile]:
        """The seat wind and the prevalent wind."""
        return frozenset((self.seat_wind, self.round_wind))

    def count_kind(self, kinds: Iterable[Tile]) -> int:
        """How many tiles of the hand (melds included) are of one of ``kinds`` (with repeats)."""
        c = self.counts
        return sum(c[k] for k in kinds)

    def share_views(self, other: WinContext) -> None:
        """Reuse the views ``other`` has already computed that this context would compute alike.

        The hand-level views (counts, red fives, winning tile, concealment) when both read the
        same hand; the decomposition-level views too (groups by kind, tiles, kinds, suits,
        honours) when they also share the decomposition — a ruleset scoring several readings
        of one decomposition computes them once. Reading-level views (winning group,
        concealed pungs) are never shared.

        >>> from muraglia.notation import parse_hand
        >>> from muraglia.analysis.decompose import decompose
        >>> from muraglia.analysis.waits import readings
        >>> hand = parse_hand("12m345m456p789s55p+3m")
        >>> d = decompose(hand)[0]
        >>> a, b = (WinContext(hand, d, r, WinType.RON, Tile.EAST, Tile.EAST)
        ...         for r in readings(d, Tile.M3)[:2])
        >>> a.kinds is not None and b.share_views(a) is None and b.kinds is a.kinds
        True
        """
        if other.hand is not self.hand:
            return
        mine, theirs = self.__dict__, other.__dict__
        names = _HAND_VIEWS
        if other.decomposition is self.decomposition:
            names = _DECOMPOSITION_VIEWS
        for name in names:
            if name in theirs and name not in mine:
                mine[name] = theirs[name]

    def drop_views(self) -> None:
        """Forget the computed views (they are rebuilt if read again).

        For a context kept alive inside a result: fewer live objects for the GC to scan.

        >>> from muraglia.notation import parse_hand
        >>> from muraglia.analysis.decompose import decompose
        >>> hand = parse_hand("12m345m456p789s55p+3m")
        >>> ctx = WinContext(hand, decompose(hand)[0], None, WinType.TSUMO, Tile.EAST, Tile.EAST)
        >>> kinds = ctx.kinds; ctx.drop_views(); "kinds" in ctx.__dict__, ctx.kinds == kinds
        (False, True)
        """
        d = self.__dict__
        for name in _VIEWS:
            d.pop(name, None)

    def option(self, name: str, default: Any = None) -> Any:
        """An option of the ruleset by name, or ``default``."""
        return getattr(self.options, name, default)


_HAND_VIEWS: tuple[str, ...] = ("counts", "red_fives", "winning_tile", "is_concealed")
"""Views of :class:`WinContext` that depend only on the hand."""
_DECOMPOSITION_VIEWS: tuple[str, ...] = (
    *_HAND_VIEWS,
    *("groups", "_split", "sets", "chows", "pungs", "kongs", "pairs", "pair"),
    *("tiles", "kinds", "suits", "has_honours"),
)
"""Views of :class:`WinContext` that depend only on the hand and the decomposition."""
_VIEWS: tuple[str, ...] = tuple(
    name for name, v in vars(WinContext).items() if isinstance(v, cached_property)
)
"""Every cached view of :class:`WinContext`."""


_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(WinContext))
"""The fields of :class:`WinContext`, in order (what :func:`win_context` sets)."""
_new_object = object.__new__
_set_attr = object.__setattr__


def win_context(  # noqa: PLR0917 - WinContext's fields, by position
    hand: Hand,
    decomposition: Decomposition,
    reading: Reading | None,
    win: WinType,
    seat_wind: Tile,
    round_wind: Tile,
    flags: frozenset[str],
    dora: tuple[Tile, ...],
    ura: tuple[Tile, ...],
    options: Any,
) -> WinContext:
    """``WinContext(hand, ..., options)`` with its instance dict set at once.

    The frozen dataclass's ``__init__`` sets each field by ``object.__setattr__``, which was
    most of a context's cost where one is made per scored result (riichi's reference view).
    Same fields, same values (``extra`` is ``()``).

    >>> from muraglia.notation import parse_hand
    >>> from muraglia.analysis.decompose import decompose
    >>> hand = parse_hand("12m345m456p789s55p+3m")
    >>> args = (hand, decompose(hand)[0], None, WinType.TSUMO, Tile.EAST, Tile.SOUTH,
    ...         frozenset({"riichi"}), (Tile.M1,), (), None)
    >>> ctx = win_context(*args)
    >>> ctx == WinContext(*args), list(ctx.__dict__) == list(WinContext(*args).__dict__)
    (True, True)
    """
    ctx = _new_object(WinContext)
    _set_attr(
        ctx,
        "__dict__",
        {
            "hand": hand,
            "decomposition": decomposition,
            "reading": reading,
            "win": win,
            "seat_wind": seat_wind,
            "round_wind": round_wind,
            "flags": flags,
            "dora": dora,
            "ura": ura,
            "options": options,
            "extra": (),
        },
    )
    return ctx
