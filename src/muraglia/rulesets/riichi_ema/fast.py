"""Table-driven scoring of riichi hands: the hot path of :meth:`RiichiEma.score`.

The reference scorer builds a :class:`~muraglia.scoring.context.WinContext` per
decomposition x reading and runs every declared predicate of ``patterns.py`` on it. This
module reaches the same best reading from tables:

- a per-suit table, keyed by a suit's nine concealed counts and independent of the suit,
  lists that suit's splits into sets (and into sets plus a pair) in the decomposer's order,
  each with its features precomputed: chow and pung bitmasks, number of chows and pungs,
  pair rank, identical-chow pairs, whether every group holds a terminal, the fu of its
  (concealed) pungs and, for each winning rank, the readings (group index, wait, fu of the
  completed pung) — :func:`suit_entry`;
- the hand-level yaku (tile-set yaku such as All Simples or the flushes, honour pungs,
  situational flags, dora) are computed once per hand from a kinds bitmask and the counts;
- per decomposition and reading only the few structural yaku (pinfu, pure double chow,
  straights, triple chow/pung, outside hands, concealed pungs) and the fu are combined from
  those features.

Names, values, exclusions and limit status are never restated here: the found pattern ids go
through :class:`Resolver`, compiled from the ruleset's :class:`PatternTable` (values of this
preset, ``excludes``, ``limit``, declaration order), and awards are the table's own. The
fast path is cross-checked against the declared predicates (``tests/rulesets/riichi_ema/
test_fast.py``: every table entry against the decomposer, and whole results — yaku, han, fu,
payments, decomposition, explanation — against the reference scorer).

When the optional C kernel (``_criichi.c``) is built, :func:`score_best` and
:func:`score_front` are its functions; it takes every id, table and value from this module at
set-up (:func:`_load_native`, :func:`resolvers_for`) and hands any input outside its scope to
the pure functions here, which stay the reference (``_pure_score_best``; ``MURAGLIA_PURE=1``).

>>> e = suit_entry((1, 1, 1, 0, 0, 0, 0, 2, 0))
>>> [(s.chow_mask, s.pair, s.n_chows) for s in e[1]]  # 123 + 88: one split with the pair
[(1, 7, 1)]
>>> e[1][0].reads[0]  # a 1 completes the chow (group 0) on an edge-or-two-sided reading
((0, 0, 0),)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from muraglia.analysis.groups import Decomposition, Group, GroupKind, WaitKind
from muraglia.analysis.shapes import _group, _suit_sets, meld_group
from muraglia.analysis.waits import Reading
from muraglia.errors import RulesetError
from muraglia.hand import Hand
from muraglia.kernels import compiled
from muraglia.melds import MeldKind
from muraglia.rulesets.riichi_ema.payments import LIMITS, basic_points, hand_value
from muraglia.scoring.patterns import PatternTable
from muraglia.scoring.result import Award
from muraglia.tiles import (
    ALL_KINDS_MASK,
    FIRST_DRAGON,
    HONOUR_MASK,
    KIND_BITS,
    NUM_KINDS,
    NUM_SUITED,
    ORPHAN_INDICES,
    RANKS,
    TERMINAL_MASK,
    Tile,
    mask_of,
)

__all__ = [
    "COVERS",
    "KERNEL_FLAGS",
    "KERNEL_IDS",
    "NATIVE",
    "WAITS",
    "Best",
    "Resolver",
    "SuitSplit",
    "check_declared",
    "native_spec",
    "resolvers_for",
    "score_best",
    "score_front",
    "suit_entry",
    "usable",
]

KERNEL_IDS: tuple[str, ...] = (
    "riichi", "ippatsu", "double_riichi", "after_kong", "robbing_kong", "under_the_sea",
    "under_the_river", "blessing_of_heaven", "blessing_of_earth", "blessing_of_man",
    "menzen_tsumo", "all_simples", "half_flush", "full_flush", "nine_gates", "nine_gates_9",
    "all_terminals_and_honours", "all_terminals", "all_honours", "all_green", "dora",
    "ura_dora", "red_five", "seat_wind", "prevalent_wind", "dragon_pung", "big_three_dragons",
    "little_three_dragons", "big_four_winds", "little_four_winds", "pure_double_chow",
    "twice_pure_double_chow", "mixed_triple_chow", "pure_straight", "triple_pung",
    "three_kongs", "four_kongs", "all_pungs", "outside_hand", "terminals_in_all_sets", "pinfu",
    "three_concealed_pungs", "four_concealed_pungs", "four_concealed_pungs_single",
    "seven_pairs", "thirteen_orphans", "thirteen_orphans_13",
)  # fmt: skip
"""The pattern ids :func:`score_best` detects, in a fixed order: the optional C kernel
(``_criichi.c``) names its pattern codes by their positions in this tuple."""

COVERS: frozenset[str] = frozenset(KERNEL_IDS)
"""Exactly the pattern ids :func:`score_best` detects. A table declaring any other id (a yaku
added to ``patterns.py``, or a test's) is scored by the reference path (:func:`usable`)."""

KERNEL_FLAGS: tuple[str, ...] = (
    "riichi", "ippatsu", "double_riichi", "replacement", "robbing_kong", "last_tile", "first_turn",
)  # fmt: skip
"""The situation flags :func:`score_best` reads (the C kernel's flag codes, by position)."""

CLOSED_ONLY = ("pinfu", "pure_double_chow", "twice_pure_double_chow")
"""Patterns the fast path only looks for on a concealed hand (their declared open value must
be None for it to be used)."""


def check_declared(table: PatternTable) -> None:
    """Check that every id the fast path detects is declared in ``table`` (run at import).

    Raises:
        RulesetError: naming a detected id without a declaration (a second source of truth).
    """
    undeclared = COVERS - {p.id for p in table}
    if undeclared:
        raise RulesetError(
            f"{table.ruleset}: the fast scorer detects undeclared patterns {sorted(undeclared)}"
        )


def usable(table: PatternTable) -> bool:
    """Whether :func:`score_best` scores ``table`` exactly as its declared predicates do.

    Only if the table declares no id beyond :data:`COVERS`, the :data:`CLOSED_ONLY` patterns
    are not allowed open, no pattern implies another (which the :class:`Resolver` does not
    handle) and ``excludes`` is read the ranked way (``exclusion="kept"``, the
    :class:`Resolver`'s).

    >>> from muraglia.rulesets.riichi_ema.patterns import PATTERNS
    >>> usable(PATTERNS), usable(PATTERNS.with_values({"pinfu": (1, 1)}))
    (True, False)
    >>> replacing = PATTERNS.with_values({})
    >>> replacing.exclusion = "found"
    >>> usable(replacing)
    False
    """
    ids = {p.id for p in table}
    if not ids <= COVERS or table.exclusion != "kept" or any(p.implies for p in table):
        return False
    return all(table[pid].open is None for pid in CLOSED_ONLY if pid in ids)


# wait codes of a reading (index into WAITS)
TWO, CLOSED, EDGE, SINGLE, DUAL, SPECIAL = range(6)
WAITS: tuple[WaitKind, ...] = (
    WaitKind.TWO_SIDED,
    WaitKind.CLOSED,
    WaitKind.EDGE,
    WaitKind.SINGLE,
    WaitKind.DUAL_PUNG,
    WaitKind.SPECIAL,
)

_HEAD_MASK = TERMINAL_MASK | HONOUR_MASK
_TERM_MASK = TERMINAL_MASK
_HONOUR_MASK = HONOUR_MASK
_GREEN_MASK = mask_of((Tile.S2, Tile.S3, Tile.S4, Tile.S6, Tile.S8, Tile.GREEN))
_ALL_MASK = ALL_KINDS_MASK
_DRAGONS = tuple(range(FIRST_DRAGON, NUM_KINDS))
_STRAIGHT = 0b1001001
_ORPHANS = ORPHAN_INDICES
_EAST = int(Tile.EAST)
_N_WINDS = FIRST_DRAGON - NUM_SUITED
_N_DRAGONS = NUM_KINDS - FIRST_DRAGON
_HONOURS = range(NUM_SUITED, NUM_KINDS)
_KINDS = range(NUM_KINDS)
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
_DORA_OF = tuple(
    (t - t % RANKS + (t % RANKS + 1) % RANKS)
    if t < NUM_SUITED
    else (NUM_SUITED + (t - NUM_SUITED + 1) % _N_WINDS)
    if t < FIRST_DRAGON
    else FIRST_DRAGON + (t - FIRST_DRAGON + 1) % _N_DRAGONS
    for t in range(NUM_KINDS)
)
"""The dora a tile indicates (EMA-DORA-1), as ints."""


class SuitSplit(NamedTuple):
    """One split of a suit's concealed tiles, with the features scoring needs (suit-free)."""

    at: int
    """Position among ``_suit_splits(suit, counts)[paired]`` (the decomposer's order)."""
    n: int
    """Number of groups."""
    chow_mask: int
    """Bit ``r`` set when a chow starts at rank ``r`` (0-based)."""
    n_chows: int
    """Number of chows."""
    pung_mask: int
    """Bit ``r`` set when a pung of rank ``r`` is present."""
    n_pungs: int
    """Number of pungs."""
    pair: int
    """Rank of the pair, or -1."""
    twins: int
    """Disjoint pairs of identical chows."""
    terminal: bool
    """Every group holds a 1 or a 9."""
    pung_fu: int
    """Fu of the pungs, all concealed (EMA-FU-2)."""
    reads: tuple[tuple[tuple[int, int, int], ...], ...]
    """Per winning rank: ``(group index, wait code, concealed fu of the completed pung)``."""
    groups: tuple[int, ...] = ()
    """Its groups in order, as indices into :data:`SPLIT_GROUPS` for the suit of man (add
    ``9 * suit``): the groups of ``_suit_splits(suit, counts)[paired][at]``, without the
    lookup of that table (:func:`build_decomposition`)."""


def _chow_wait(low: int, win: int) -> int:
    """As :func:`muraglia.analysis.waits._chow_wait`, on ranks (0-based)."""
    if win == low + 1:
        return CLOSED
    if win == low:
        return EDGE if low == 6 else TWO
    return EDGE if low == 0 else TWO


def _split(index: int, parts: tuple[tuple[str, int], ...]) -> SuitSplit:
    """The features of one split given as ``(kind, rank)`` parts in group order.

    Each part's share is :data:`_PART_INFO`'s (a fresh process fills :func:`suit_entry`'s
    table on first sight of each suit, so this runs for every split of a new entry).
    """
    chow_mask = pung_mask = n_chows = n_pungs = pung_fu = twins = 0
    pair = -1
    terminal = True
    seen: dict[int, int] = {}
    reads: list[list[tuple[int, int, int]]] = [[], [], [], [], [], [], [], [], []]
    groups: list[int] = []
    done: set[tuple[str, int]] = set()
    info = _PART_INFO
    for i, part in enumerate(parts):
        code, is_chow, head, fu, part_reads = info[part]
        groups.append(code)
        r = part[1]
        if is_chow:
            chow_mask |= 1 << r
            n_chows += 1
            n = seen[r] = seen.get(r, 0) + 1
            if not n & 1:  # a second (fourth) identical chow: one more disjoint pair
                twins += 1
        elif fu:
            pung_mask |= 1 << r
            n_pungs += 1
            pung_fu += fu
        else:
            pair = r
        terminal = terminal and head
        if part in done:  # identical groups give one reading (the first)
            continue
        done.add(part)
        for w, wait, read_fu in part_reads:
            reads[w].append((i, wait, read_fu))
    return SuitSplit(
        index,
        len(parts),
        chow_mask,
        n_chows,
        pung_mask,
        n_pungs,
        pair,
        twins,
        terminal,
        pung_fu,
        tuple([tuple(x) for x in reads]),
        tuple(groups),
    )


def _part_info(kind: str, r: int) -> tuple[int, bool, bool, int, tuple[tuple[int, int, int], ...]]:
    """One split part's share of :func:`_split`.

    Its group code (:data:`SPLIT_GROUPS`), whether it is a chow, whether it holds a 1 or a 9,
    its fu as a concealed pung (EMA-FU-2: 0 for a chow or a pair) and its readings
    ``(winning rank, wait code, pung fu)``.
    """
    code = _GROUP_CODE[kind] * NUM_KINDS + r
    if kind == "c":
        reads = tuple((w, _chow_wait(r, w), 0) for w in (r, r + 1, r + 2))
        return code, True, r in (0, 6), 0, reads
    head = r in (0, 8)
    if kind == "p":
        fu = 8 if head else 4
        return code, False, head, fu, ((r, DUAL, fu),)
    return code, False, head, 0, ((r, SINGLE, 0),)


_KIND_ORDER = {"c": 0, "p": 1, "k": 2, "a": 3}  # GroupKind declaration order (pair is 3rd+1)
_GROUP_CODE = {"c": 0, "p": 1, "a": 2}
"""A split part's kind -> its block of :data:`SPLIT_GROUPS`."""
_PART_INFO = {
    (k, r): _part_info(k, r) for k in "cpa" for r in range(RANKS - 2 if k == "c" else RANKS)
}
""":func:`_part_info` of every part a suit split can hold."""
_PART_ORDER = {(k, r): (r, _KIND_ORDER[k]) for k, r in _PART_INFO}
"""The decomposer's order of a suit's groups: by rank, then by kind."""
SPLIT_GROUPS: tuple[Group | None, ...] = tuple(
    None
    if kind is GroupKind.CHOW and (t >= NUM_SUITED or t % RANKS > RANKS - 3)
    else _group(kind, t)
    for kind in (GroupKind.CHOW, GroupKind.PUNG, GroupKind.PAIR)
    for t in range(NUM_KINDS)
)
"""The shared concealed groups (``analysis.shapes._group``) a suit split is made of: chows,
pungs and pairs, by ``block * 34 + tile`` (None: no chow starts there)."""

SuitEntry = tuple[tuple[SuitSplit, ...], tuple[SuitSplit, ...]]
_TABLE: dict[tuple[int, ...], SuitEntry] = {}
_EMPTY: SuitEntry = ((), ())


def suit_entry(counts: tuple[int, ...]) -> SuitEntry:
    """The splits of one suit's nine counts: into sets only, and into sets plus a pair.

    Same order as :func:`muraglia.analysis.shapes._suit_splits` (checked by the tests).
    Entries are kept in a per-process table keyed by the nine counts (suit-independent).
    """
    entry = _TABLE.get(counts)
    if entry is not None:
        return entry
    if sum(counts) % 3 == 1:
        return _EMPTY
    plain = tuple(_split(i, part) for i, part in enumerate(_suit_sets(counts)))
    paired: list[SuitSplit] = []
    for r in range(RANKS):
        if counts[r] >= 2:
            rest = list(counts)
            rest[r] -= 2
            for part in _suit_sets(tuple(rest)):
                groups = sorted((("a", r), *part), key=_PART_ORDER.__getitem__)
                paired.append(_split(len(paired), tuple(groups)))
    entry = (plain, tuple(paired))
    if plain or paired:  # only suits that can be part of a win are kept
        _TABLE[counts] = entry
    return entry


# ---------------------------------------------------------------------- pattern resolution


class Resolver:
    """Steps 2-4 of :meth:`PatternTable.resolve` for one concealment, compiled from the table.

    Values are the preset's (``None``: not allowed, dropped), exclusions and the limit rule
    come from the declarations; the kept ids are returned in table order.
    """

    def __init__(self, table: PatternTable, *, concealed: bool) -> None:
        """Compile ``table`` for a concealed or an open hand.

        Raises:
            RulesetError: if a pattern implies another or the table reads ``excludes`` as
                ``found`` (neither is supported by the fast path).
        """
        pats = list(table)
        if any(p.implies for p in pats):
            raise RulesetError(f"{table.ruleset}: implied patterns need the reference scorer")
        if table.exclusion != "kept":
            raise RulesetError(
                f"{table.ruleset}: exclusion={table.exclusion!r} needs the reference scorer"
            )
        self.table = table
        self.concealed = concealed
        self.value: dict[str, int] = {}
        for p in pats:
            v = p.value(concealed=concealed)
            if v is not None:
                self.value[p.id] = v
        self.order = {p.id: i for i, p in enumerate(pats)}
        self.excludes = {p.id: p.excludes for p in pats if p.excludes}
        self.limit = frozenset(p.id for p in pats if p.limit)
        self.limit_exclusive = table.limit_exclusive
        self.special = frozenset(self.excludes) | (self.limit if self.limit_exclusive else set())
        """Ids whose presence needs the full resolution (exclusions, limit hands)."""
        self._awards = {
            (pid, n): table.award_of(pid, n, concealed=concealed)
            for pid in self.value
            for n in range(1, 9)
        }

    def resolve(self, found: list[tuple[str, int]]) -> list[tuple[str, int]]:
        """The kept ``(id, count)`` of ``found`` in table order (values: ``self.value``)."""
        value = self.value
        items = [(pid, n) for pid, n in found if pid in value]
        excludes = self.excludes
        order = self.order
        if any(pid in excludes for pid, _ in items):
            items.sort(key=lambda x: (-value[x[0]] * x[1], order[x[0]]))
            dropped: set[str] = set()
            kept = []
            for pid, n in items:
                if pid in dropped:
                    continue
                kept.append((pid, n))
                dropped.update(excludes.get(pid, ()))
            items = kept
        if self.limit_exclusive:
            limit = self.limit
            if any(pid in limit for pid, _ in items):
                items = [x for x in items if x[0] in limit]
        items.sort(key=lambda x: order[x[0]])
        return items

    def awards_in_order(self, found: list[tuple[str, int]]) -> tuple[Award, ...]:
        """The awards of ``found`` (no exclusion nor limit among them), in table order."""
        value = self.value
        order = self.order
        get = self._awards.get
        out = [(order[x[0]], get(x) or self._award(x)) for x in found if x[0] in value]
        out.sort()
        return tuple([a for _, a in out])

    def _award(self, x: tuple[str, int]) -> Award:
        return self.table.award_of(x[0], x[1], concealed=self.concealed)

    def awards(self, kept: list[tuple[str, int]]) -> tuple[Award, ...]:
        """The table's awards of the kept ``(id, count)``."""
        get = self._awards.get
        table = self.table
        return tuple(get(x) or table.award_of(x[0], x[1], concealed=self.concealed) for x in kept)


Resolvers = tuple[Resolver, Resolver, object]
"""The open and concealed resolvers of a preset, and its compiled C kernel (or None)."""


class Best(NamedTuple):
    """The best reading of a hand: what a riichi result is made of.

    Built by :func:`score_best` (table-driven) or from a reference-scored reading.
    """

    hand: Hand
    decomposition: Decomposition | Callable[[], Decomposition]
    """The decomposition, or a function building it when first read."""
    winner: str
    """The winner's seat letter."""
    tsumo: bool
    awards: tuple[Award, ...]
    """The table's awards, in table order."""
    valid: bool
    reason: str | None
    han: int
    yaku_han: int
    yakuman: int
    fu: int | None
    """Rounded fu (None for Thirteen Orphans)."""
    b: int
    limit: str | None
    value: int
    reading: Reading | int | None
    """The reading, or ``8 * group index + wait code`` (see :data:`WAITS`; a small int: no
    object made per result)."""


class _Decomp:
    """The chosen decomposition, built from the hand and its splits on first call."""

    __slots__ = ("hand", "shape", "splits", "value")

    def __init__(self, hand: Hand, shape: str, splits: tuple[SuitSplit, ...] | None) -> None:
        self.hand = hand
        self.shape = shape
        self.splits = splits
        self.value: Decomposition | None = None

    def __call__(self) -> Decomposition:
        if self.value is None:
            self.value = build_decomposition(self.hand, self.shape, self.splits)
        return self.value


def _pure_build_decomposition(
    hand: Hand, shape: str, splits: tuple[SuitSplit, ...] | None
) -> Decomposition:
    """The decomposition of ``hand`` that a best reading names.

    ``shape`` and, for the standard shape, the chosen split of each suit. The reference of
    the C kernel's ``build_decomposition`` (:data:`build_decomposition`), which makes the
    standard shape's and hands anything else to this function.
    """
    c = hand.concealed_counts  # cached on the hand (the strict parse fills it)
    groups: list[Group] = []
    # concealed groups are the shared immutable objects of ``analysis.shapes._group``
    if splits is None and shape == "seven_pairs":
        pairs = SPLIT_GROUPS[2 * NUM_KINDS :]
        groups = [pairs[t] for t in _KINDS if c[t] == 2]  # type: ignore[misc]
    elif splits is None:
        groups = [_group(_PAIR_KIND if c[t] == 2 else _SINGLE_KIND, t) for t in _ORPHANS]
    else:
        table = SPLIT_GROUPS
        for s, sp in enumerate(splits):
            off = RANKS * s
            for code in sp.groups:
                groups.append(table[code + off])  # type: ignore[arg-type]
        for t in _HONOURS:
            n = c[t]
            if n >= 2:  # a pair (block 2) or a pung (block 1)
                groups.append(table[(NUM_KINDS if n == 3 else 2 * NUM_KINDS) + t])  # type: ignore[arg-type]
        melds = hand.melds
        if melds:
            groups.extend([meld_group(m) for m in melds])
    d = _new_object(Decomposition)  # the frozen dataclass's __init__ is a Python call
    _set_shape(d, shape)
    _set_groups(d, tuple(groups))
    return d


build_decomposition: Callable[..., Decomposition] = _pure_build_decomposition
"""``(hand, shape, splits)`` -> the decomposition a best reading names: the C kernel's where
it is built (the lazy results' maker), else :func:`_pure_build_decomposition`."""

_new_object = object.__new__
_set_shape: Callable[[Decomposition, str], None] = vars(Decomposition)["shape"].__set__
_set_groups: Callable[[Decomposition, tuple[Group, ...]], None] = vars(Decomposition)[
    "groups"
].__set__
"""The slots of a :class:`Decomposition` (a frozen dataclass: its own ``__setattr__`` refuses,
its slots' descriptors set them as its ``__init__`` does)."""


_BIT = KIND_BITS
_PAIR_KIND, _PUNG_KIND, _SINGLE_KIND = GroupKind.PAIR, GroupKind.PUNG, GroupKind.SINGLE
_tuple_new = tuple.__new__
_CHOW, _KONG = MeldKind.CHOW, MeldKind.KONG  # (an enum member read from its class is slow)
_DORA_IDS = ("dora", "ura_dora", "red_five")
_NO_YAKU = "no yaku: dora and red fives are not yaku (EMA-WIN-2)"


def honba_reason(honba: int) -> str:
    """Why a hand with one yaku han is not valid at ``honba`` counters (EMA-HONBA-4)."""
    return f"{honba} counters: at least 2 han from yaku needed (EMA-HONBA-4)"


_FU_WAIT = (0, 2, 2, 2, 0, 0)  # EMA-FU-4: closed, edge, single wait


def score_best(  # noqa: PLR0917 - the hot call passes its 14 arguments by position
    hand: Hand,
    resolvers: Resolvers,
    tsumo: bool,
    seat: int,
    rnd: int,
    flags: frozenset[str],
    dora: tuple[Tile, ...],
    ura: tuple[Tile, ...],
    honba: int,
    stack: bool,
    kiriage: bool,
    kazoe: bool,
    two_yaku: bool,
    winner: str,
) -> Best | None:
    """The best reading of a complete ``hand`` (EMA-WIN-5, EMA-GAP-36), or None.

    ``resolvers`` are the open and concealed resolvers of the preset (and the C kernel,
    which this pure function ignores: :func:`resolvers_for`); ``seat``/``rnd`` the winds as
    tile ints; the rest are the ruleset options and the situation.
    """
    # the tile-index boundaries as locals (this is the scorer's hot path)
    ranks, suited, first_dragon = RANKS, NUM_SUITED, FIRST_DRAGON
    conc = [0] * NUM_KINDS
    red = 0
    mask = 0
    bit = _BIT
    for t in hand.concealed:
        k = t.kind
        conc[k] += 1
        mask |= bit[k]
        if t.red:
            red += 1
    w = hand.winning
    assert w is not None
    win = int(w.kind)
    conc[win] += 1
    mask |= bit[win]
    if w.red:
        red += 1
    # declared melds (EMA-WIN-4: only a concealed kong stays concealed)
    melds = hand.melds
    counts = conc
    m_chow = [0, 0, 0]
    m_pung = [0, 0, 0]
    m_chows = m_pungs = kongs = m_conc = m_fu = 0
    m_head = True  # every meld holds a terminal or honour
    concealed = True
    honour_sets: list[int] = []  # honour pungs/kongs (concealed ones added below)
    if melds:
        counts = conc[:]
        for m in melds:
            tiles = m.tiles
            low = int(tiles[0].kind)  # tiles are sorted: the lowest kind first
            if low < suited and (low % ranks == 4 or (m.kind is _CHOW and 2 <= low % ranks <= 3)):
                for pt in tiles:  # a meld holding a five: red fives (EMA-DORA-4)
                    if pt.red:
                        red += 1
            mask |= bit[low]
            kind = m.kind
            if kind is _CHOW:
                counts[low] += 1
                counts[low + 1] += 1
                counts[low + 2] += 1
                mask |= bit[low + 1] | bit[low + 2]
                concealed = False
                m_chows += 1
                m_chow[low // ranks] |= 1 << (low % ranks)
                if low % ranks not in (0, 6):
                    m_head = False
                continue
            counts[low] += len(tiles)
            m_pungs += 1
            head = (_HEAD_MASK >> low) & 1
            if not head:
                m_head = False
            if low < suited:
                m_pung[low // ranks] |= 1 << (low % ranks)
            else:
                honour_sets.append(low)
            if kind is _KONG:
                kongs += 1
                if m.concealed:
                    m_conc += 1
                    m_fu += 32 if head else 16
                else:
                    concealed = False
                    m_fu += 16 if head else 8
            else:
                concealed = False
                m_fu += 4 if head else 2
    ron = not tsumo
    res = resolvers[1] if concealed else resolvers[0]
    value_of = res.value
    special = res.special
    # ------------------------------------------------------------------ hand-level yaku
    honours = bool(mask & _HONOUR_MASK)
    suits = bool(mask & 0x1FF) + bool(mask & 0x3FE00) + bool(mask & 0x7FC0000)
    found: list[tuple[str, int]] = []
    add = found.append
    riichi = "riichi" in flags or "double_riichi" in flags
    if flags:
        if riichi:
            add(("riichi", 1))
            if "ippatsu" in flags:
                add(("ippatsu", 1))
        if "double_riichi" in flags:
            add(("double_riichi", 1))
        if tsumo and "replacement" in flags and kongs:
            add(("after_kong", 1))
        if ron and "robbing_kong" in flags:
            add(("robbing_kong", 1))
        if "last_tile" in flags:
            add(("under_the_sea" if tsumo else "under_the_river", 1))
        if "first_turn" in flags and not melds:
            if tsumo:
                add(("blessing_of_heaven" if seat == _EAST else "blessing_of_earth", 1))
            elif seat != _EAST:
                add(("blessing_of_man", 1))
    if tsumo:
        add(("menzen_tsumo", 1))
    if not mask & _HEAD_MASK:
        add(("all_simples", 1))
    if suits == 1:
        add(("half_flush" if honours else "full_flush", 1))
        if not honours and not melds:  # EMA-YKM-02, nine gates (EMA-GAP-5: 9-sided)
            base = ranks * (win // ranks)
            c9 = counts[base : base + ranks]
            if sum(c9) == 14 and all(a >= b for a, b in zip(c9, _NINE_GATES, strict=True)):
                add(("nine_gates", 1))
                c9[win - base] -= 1
                if tuple(c9) == _NINE_GATES:
                    add(("nine_gates_9", 1))
    if not mask & ~_HEAD_MASK:
        if honours and suits:
            add(("all_terminals_and_honours", 1))
        if not mask & ~_TERM_MASK:
            add(("all_terminals", 1))
        elif not mask & ~_HONOUR_MASK:
            add(("all_honours", 1))
    if not mask & ~_GREEN_MASK:
        add(("all_green", 1))
    # dora (EMA-DORA): not yaku, counted apart
    extras: list[tuple[str, int]] = []
    if dora:
        n = 0
        for i in dora:
            n += counts[_DORA_OF[i]]
        if n:
            extras.append(("dora", n))
    if ura and riichi:
        n = 0
        for i in ura:
            n += counts[_DORA_OF[i]]
        if n:
            extras.append(("ura_dora", n))
    if red:
        extras.append(("red_five", red))
    dora_han = 0
    for pid, n in extras:
        if pid in value_of:
            dora_han += value_of[pid] * n
    # every reading: (pattern ids but dora, fu before tsumo and the pinfu rule — negative for
    # a fixed fu, None for none —, decomposition, group index, wait code)
    cands: list[tuple[list[tuple[str, int]], int | None, Any, int, int]] = []
    cand = cands.append
    # ------------------------------------------------------------------ standard shape
    standard = True
    hon_groups: list[tuple[int, bool]] = []
    hon_pair = -1
    hon_fu = 0
    if mask & _HONOUR_MASK:
        for h in _HONOURS:
            n = conc[h]
            if n == 3:
                hon_groups.append((h, False))
                honour_sets.append(h)
                hon_fu += 8
            elif n == 2:
                if hon_pair >= 0:
                    standard = False
                    break
                hon_pair = h
                hon_groups.append((h, True))
            elif n:
                standard = False
                break
    k0, k1, k2 = conc[0:ranks], conc[ranks : 2 * ranks], conc[2 * ranks : suited]
    m0, m1, m2 = sum(k0) % 3, sum(k1) % 3, sum(k2) % 3
    if (
        standard
        and m0 != 1
        and m1 != 1
        and m2 != 1
        and (m0 == 2) + (m1 == 2) + (m2 == 2) + (hon_pair >= 0) == 1
        and sum(conc) + 3 * len(melds) == 14
    ):
        table = _TABLE
        t0, t1, t2 = tuple(k0), tuple(k1), tuple(k2)
        o0 = (table.get(t0) or suit_entry(t0))[m0 == 2]
        o1 = (table.get(t1) or suit_entry(t1))[m1 == 2]
        o2 = (table.get(t2) or suit_entry(t2))[m2 == 2]
        # honour sets: yakuhai and wind/dragon yakuman (EMA-YAKU-10/11/12, EMA-YKM-11/12/13)
        sfound = found
        if honour_sets:
            sfound = found[:]
            dragons = winds = 0
            for h in honour_sets:
                if h >= first_dragon:
                    dragons += 1
                else:
                    winds += 1
                    if h == seat:
                        sfound.append(("seat_wind", 1))
                    if h == rnd:
                        sfound.append(("prevalent_wind", 1))
            if dragons:
                sfound.append(("dragon_pung", dragons))
                if dragons == 3:
                    sfound.append(("big_three_dragons", 1))
                elif dragons == 2 and hon_pair >= first_dragon:
                    sfound.append(("little_three_dragons", 1))
            if winds == 4:
                sfound.append(("big_four_winds", 1))
            elif winds == 3 and suited <= hon_pair < first_dragon:
                sfound.append(("little_four_winds", 1))
        pair_fu = 0
        if hon_pair >= 0:
            pair_fu = (
                (2 if hon_pair >= first_dragon else 0)
                + 2 * (hon_pair == seat)
                + 2 * (hon_pair == rnd)
            )
        valueless_pair = pair_fu == 0  # EMA-YAKU-06: no dragon, seat or round wind pair
        honour_conc = len(hon_groups) - (hon_pair >= 0)
        base_fu = (30 if concealed and ron else 20) + m_fu + hon_fu + pair_fu
        in_honours = win >= suited
        ws = win // ranks
        wr = win % ranks
        for a in o0:
            for b_ in o1:
                for c in o2:
                    n_chows = a.n_chows + b_.n_chows + c.n_chows + m_chows
                    n_pungs = a.n_pungs + b_.n_pungs + c.n_pungs + m_pungs + honour_conc
                    dfound = sfound[:]
                    if n_chows >= 2 and concealed:
                        twins = a.twins + b_.twins + c.twins
                        if twins:
                            dfound.append(("pure_double_chow", 1))
                            if twins == 2:
                                dfound.append(("twice_pure_double_chow", 1))
                    if n_chows >= 3:
                        cm0 = a.chow_mask | m_chow[0]
                        cm1 = b_.chow_mask | m_chow[1]
                        cm2 = c.chow_mask | m_chow[2]
                        if cm0 & cm1 & cm2:
                            dfound.append(("mixed_triple_chow", 1))
                        if (
                            cm0 & _STRAIGHT == _STRAIGHT
                            or cm1 & _STRAIGHT == _STRAIGHT
                            or cm2 & _STRAIGHT == _STRAIGHT
                        ):
                            dfound.append(("pure_straight", 1))
                    if n_pungs >= 3:
                        if (
                            (a.pung_mask | m_pung[0])
                            & (b_.pung_mask | m_pung[1])
                            & (c.pung_mask | m_pung[2])
                        ):
                            dfound.append(("triple_pung", 1))
                        if kongs >= 3:
                            dfound.append(("three_kongs", 1))
                            if kongs == 4:
                                dfound.append(("four_kongs", 1))
                        if n_pungs == 4:
                            dfound.append(("all_pungs", 1))
                    if n_chows and m_head and a.terminal and b_.terminal and c.terminal:
                        dfound.append(("outside_hand" if honours else "terminals_in_all_sets", 1))
                    conc_pungs = a.n_pungs + b_.n_pungs + c.n_pungs + honour_conc + m_conc
                    pinfu_ok = concealed and n_chows == 4 and valueless_pair
                    d_fu = base_fu + a.pung_fu + b_.pung_fu + c.pung_fu
                    # readings of the winning tile (EMA-FU-4, EMA-WIN-4)
                    if in_honours:
                        reads: list[tuple[int, int, int]] = []
                        idx = a.n + b_.n + c.n
                        for ht, pair in hon_groups:
                            if ht == win:
                                reads.append((idx, SINGLE if pair else DUAL, 0 if pair else 8))
                            idx += 1
                        off = 0
                    else:
                        sw = a if ws == 0 else b_ if ws == 1 else c
                        off = 0 if ws == 0 else a.n if ws == 1 else a.n + b_.n
                        reads = sw.reads[wr]  # type: ignore[assignment]
                    spec = (a, b_, c)
                    for idx, wait, pfu in reads:
                        fu0 = d_fu + _FU_WAIT[wait]
                        cp = conc_pungs
                        if wait == DUAL and ron:  # a pung completed by ron is open
                            cp -= 1
                            fu0 -= pfu // 2
                        if (pinfu_ok and wait == TWO) or cp >= 3:
                            rfound = dfound[:]
                            if pinfu_ok and wait == TWO:
                                rfound.append(("pinfu", 1))
                            if cp >= 3:
                                rfound.append(("three_concealed_pungs", 1))
                                if cp == 4:
                                    rfound.append(("four_concealed_pungs", 1))
                                    if wait == SINGLE:
                                        rfound.append(("four_concealed_pungs_single", 1))
                            cand((rfound, fu0, spec, off + idx, wait))
                        else:
                            cand((dfound, fu0, spec, off + idx, wait))
    # ------------------------------------------------------------------ seven pairs
    if (
        not melds
        and mask.bit_count() == 7
        and sum(conc) == 14
        and 1 not in conc
        and 3 not in conc
        and 4 not in conc
    ):
        index = sum(1 for t in range(win) if conc[t])
        cand(([*found, ("seven_pairs", 1)], -25, "seven_pairs", index, SINGLE))
    # ------------------------------------------------------------------ thirteen orphans
    if not melds and not mask & ~_HEAD_MASK and mask.bit_count() == 13 and sum(conc) == 14:
        ofound = [*found, ("thirteen_orphans", 1)]
        if conc[win] == 2:
            ofound.append(("thirteen_orphans_13", 1))
        wait_code = SINGLE if conc[win] == 2 else SPECIAL
        cand((ofound, None, "thirteen_orphans", _ORPHANS.index(win), wait_code))
    # the best reading (EMA-WIN-5, EMA-GAP-36): highest (valid, value, han, fu), first kept
    best_key: tuple[bool, int, int, int] = (False, -1, -1, -1)
    best: tuple[Any, ...] | None = None
    for items, raw, spec, idx, wait in cands:
        yaku_han = 0
        pinfu = False
        for pid, n in items:
            if pid in special:
                kept, han, yaku_han, yakuman, pinfu = _judge_full(res, items + extras, stack)
                break
            v = value_of.get(pid)
            if v is not None:
                yaku_han += v * n
                if pid == "pinfu":
                    pinfu = True
        else:
            kept = None
            yakuman = 0
            han = yaku_han + dora_han
        fu = raw
        if raw is not None:
            if raw < 0:
                fu = -raw
            elif pinfu:  # EMA-FU-8
                fu = 20 if tsumo else 30
            else:
                # EMA-FU-6: tsumo +2; EMA-FU-7: the open pinfu shape counts 22
                f = raw + 2 if tsumo else 22 if raw == 20 and not concealed else raw
                fu = -(-f // 10) * 10
        valid = yakuman > 0 or not (yaku_han == 0 or (honba >= 5 and two_yaku and yaku_han < 2))
        b, limit = basic_points(han, fu or 0, yakuman=yakuman, kiriage=kiriage, kazoe=kazoe)
        value = hand_value(b, winner, tsumo=tsumo) if valid else 0
        key = (valid, value, han, fu or 0)
        if best is None or key > best_key:
            best_key = key
            best = (
                items,
                kept,
                han,
                yaku_han,
                yakuman,
                fu,
                valid,
                b,
                limit,
                value,
                spec,
                idx,
                wait,
            )
    if best is None:
        return None
    items, kept, han, yaku_han, yakuman, fu, valid, b, limit, value, spec, idx, wait = best
    awards = res.awards(kept) if kept is not None else res.awards_in_order(items + extras)
    reason = None
    if not valid:
        reason = _NO_YAKU if yaku_han == 0 else honba_reason(honba)
    make = _Decomp(hand, spec, None) if isinstance(spec, str) else _Decomp(hand, "standard", spec)
    # tuple.__new__ directly: a NamedTuple's own __new__ is a Python function (same object)
    return _tuple_new(
        Best,
        (
            hand,
            make,
            winner,
            tsumo,
            awards,
            valid,
            reason,
            han,
            yaku_han,
            yakuman,
            fu,
            b,
            limit,
            value,
            8 * idx + wait,
        ),
    )


def _judge_full(
    res: Resolver, found: list[tuple[str, int]], stack: bool
) -> tuple[list[tuple[str, int]], int, int, int, bool]:
    """``(kept, han, yaku_han, yakuman, pinfu)`` with exclusions and limits (EMA-YKM-0)."""
    kept = res.resolve(found)
    value_of = res.value
    yakuman = 0
    if kept and kept[0][0] in res.limit:
        if stack:
            yakuman = sum(value_of[p] * n for p, n in kept)
        else:  # EMA-YKM-0: not cumulative, the highest counts
            top = max(kept, key=lambda x: value_of[x[0]] * x[1])
            kept = [top]
            yakuman = value_of[top[0]] * top[1]
    han = yaku_han = 0
    if not yakuman:
        for p, n in kept:
            v = value_of[p] * n
            han += v
            if p not in _DORA_IDS:
                yaku_han += v
    return kept, han, yaku_han, yakuman, any(p == "pinfu" for p, _ in kept)


# ---------------------------------------------------------------------- the C kernel


def native_spec(res: Resolver) -> tuple[Any, ...]:
    """A resolver as the C kernel's ``compile`` reads it, per :data:`KERNEL_IDS` position.

    Values of this concealment (None: not allowed), table positions, exclusions as bitmasks
    of kernel positions, the limit and "needs the full resolution" masks, whether limits
    exclude the rest, the table's awards for counts 1-8 and the resolver's award maker.
    """
    pos = {pid: i for i, pid in enumerate(KERNEL_IDS)}

    def bits(ids: Any) -> int:
        return sum(1 << pos[p] for p in ids if p in pos)

    return (
        tuple(res.value.get(pid) for pid in KERNEL_IDS),
        tuple(res.order.get(pid, len(res.order)) for pid in KERNEL_IDS),
        tuple(bits(res.excludes.get(pid, ())) for pid in KERNEL_IDS),
        bits(res.limit),
        bits(res.special),
        res.limit_exclusive,
        tuple(
            tuple(res._awards.get((pid, n)) for n in range(1, 9))
            if pid in res.value
            else (None,) * 8
            for pid in KERNEL_IDS
        ),
        res._award,
    )


def resolvers_for(table: PatternTable) -> Resolvers:
    """The open and concealed :class:`Resolver` of ``table`` and their C kernel when built.

    Raises:
        RulesetError: if a pattern implies another (see :func:`usable`).
    """
    pair = (Resolver(table, concealed=False), Resolver(table, concealed=True))
    kernel = None
    if _native is not None:
        kernel = _native.compile(native_spec(pair[0]), native_spec(pair[1]))
    return (*pair, kernel)


def _load_native() -> Any:
    """The optional C kernel (``_criichi``), set up from this module's declarations.

    None when ``MURAGLIA_PURE=1`` or when the kernel is not built.
    """
    _criichi = compiled("muraglia.rulesets.riichi_ema._criichi")
    if _criichi is None:
        return None
    limit_names = tuple(basic_points(0, 0, yakuman=n)[1] for n in range(16))
    if not isinstance(getattr(_criichi, "Deferred", None), type):
        return None  # a build older than the lazy results' declarations: pure Python
    try:
        _set_up(_criichi, limit_names)
    except (ValueError, TypeError):  # a build older than these declarations: pure Python
        return None
    return _criichi


def _set_up(_criichi: Any, limit_names: tuple[str | None, ...]) -> None:
    """Hand the C kernel this module's declarations (it checks their shapes)."""
    global build_decomposition  # noqa: PLW0603 - the kernel's maker, once, at import
    maker: Callable[..., Decomposition] = _pure_build_decomposition
    if hasattr(_criichi, "setup_decomposition"):  # (an older build has no decomposition)
        _criichi.setup_decomposition(
            _pure_build_decomposition,
            SPLIT_GROUPS,
            meld_group,
            Decomposition,
            SuitSplit,
            SuitSplit._fields.index("groups"),
            "standard",
        )
        maker = _criichi.build_decomposition
    _criichi.setup(
        pure=score_best,
        suit_entry=suit_entry,
        make_decomp=maker,
        best=Best,
        no_yaku=_NO_YAKU,
        honba_reason=honba_reason,
        shapes=("standard", "seven_pairs", "thirteen_orphans"),
        ids=KERNEL_IDS,
        flags=KERNEL_FLAGS,
        chow=_CHOW,
        kong=_KONG,
        dora_of=_DORA_OF,
        masks=(_HEAD_MASK, _TERM_MASK, _HONOUR_MASK, _GREEN_MASK),
        fu_wait=_FU_WAIT,
        nine_gates=_NINE_GATES,
        orphans=_ORPHANS,
        straight=_STRAIGHT,
        limits=LIMITS,
        limit_names=limit_names,
    )
    build_decomposition = maker


def score_front(  # noqa: PLR0917 - mirrors the C kernel's positional call
    state: tuple[Any, ...],
    hand: Any,
    win: Any,
    seat_wind: Any,
    round_wind: Any,
    flags: Any,
    dora: Any,
    ura: Any,
    situation: Mapping[str, Any],
) -> Any:
    """The whole ``RiichiEma.score`` call in the C kernel, for its common spellings.

    The C kernel (``_criichi.front``) scores a Hand (or notation, parsed as ``score`` parses
    it) with ``win`` "ron"/"tsumo", seat letters,
    every flag but robbing_kong (a tuple, list or set, on a hand they fit), dora and ura as
    tuples or lists of Tiles or plain notations ("5m", "0p", "7z") and
    the situation keys honba/riichi_sticks/discarder as ``RiichiEma._finish`` would, and
    answers ``NotImplemented`` for anything else (the Python path then checks, raises or
    scores). This pure version always answers ``NotImplemented``.
    """
    return NotImplemented


_pure_score_best = score_best
"""The pure-Python :func:`score_best`: the reference and the C kernel's fallback."""
_pure_score_front = score_front
_native = _load_native()
NATIVE = _native is not None
"""Whether :func:`score_best` runs the compiled kernel (``_criichi``)."""
DECOMPOSITION_MAKERS: tuple[type, ...] = (
    (_Decomp,) if _native is None else (_Decomp, _native.Deferred)
)
"""The types of a best reading's deferred decomposition (:attr:`Best.decomposition`): the pure
path's and the C kernel's (a riichi result's ``decomposition`` field makes it on first read)."""
if _native is not None:
    score_best = _native.score_best
    score_front = _native.front
