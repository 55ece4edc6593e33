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

>>> e = suit_entry((1, 1, 1, 0, 0, 0, 0, 2, 0))
>>> [(s.chow_mask, s.pair, s.n_chows) for s in e[1]]  # 123 + 88: one split with the pair
[(1, 7, 1)]
>>> e[1][0].reads[0]  # a 1 completes the chow (group 0) on an edge-or-two-sided reading
((0, 0, 0),)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from muraglia.analysis.groups import Decomposition, Group, GroupKind, WaitKind
from muraglia.analysis.shapes import _suit_sets, _suit_splits, meld_group
from muraglia.analysis.waits import Reading
from muraglia.errors import RulesetError
from muraglia.hand import Hand
from muraglia.melds import MeldKind
from muraglia.rulesets.riichi_ema.payments import basic_points, hand_value
from muraglia.scoring.patterns import PatternTable
from muraglia.tiles import Tile

__all__ = ["Best", "Resolver", "SuitSplit", "build_tables", "score_best", "suit_entry"]

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

_HEAD_MASK = sum(1 << t for t in (0, 8, 9, 17, 18, 26, *range(27, 34)))
_TERM_MASK = sum(1 << t for t in (0, 8, 9, 17, 18, 26))
_HONOR_MASK = sum(1 << t for t in range(27, 34))
_GREEN_MASK = sum(1 << t for t in (19, 20, 21, 23, 25, 32))
_ALL_MASK = (1 << 34) - 1
_DRAGONS = (31, 32, 33)
_STRAIGHT = 0b1001001
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)
_DORA_OF = tuple(
    (t - t % 9 + (t % 9 + 1) % 9) if t < 27 else (27 + (t - 26) % 4) if t < 31 else 31 + (t - 30) % 3
    for t in range(34)
)
"""The dora a tile indicates (EMA-DORA-1), as ints."""


class SuitSplit(NamedTuple):
    """One split of a suit's concealed tiles, with the features scoring needs (suit-free)."""

    index: int
    """Position among ``_suit_splits(suit, counts)[paired]`` (to build the groups lazily)."""
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


def _chow_wait(low: int, win: int) -> int:
    """As :func:`muraglia.analysis.waits._chow_wait`, on ranks (0-based)."""
    if win == low + 1:
        return CLOSED
    if win == low:
        return EDGE if low == 6 else TWO
    return EDGE if low == 0 else TWO


def _split(index: int, parts: tuple[tuple[str, int], ...]) -> SuitSplit:
    """The features of one split given as ``(kind, rank)`` parts in group order."""
    chow_mask = pung_mask = n_chows = n_pungs = pung_fu = 0
    pair = -1
    terminal = True
    seen: dict[int, int] = {}
    reads: list[list[tuple[int, int, int]]] = [[] for _ in range(9)]
    done: set[tuple[str, int]] = set()
    for i, (kind, r) in enumerate(parts):
        if kind == "c":
            chow_mask |= 1 << r
            n_chows += 1
            seen[r] = seen.get(r, 0) + 1
            terminal = terminal and r in (0, 6)
            ranks: tuple[int, ...] = (r, r + 1, r + 2)
        else:
            head = r in (0, 8)
            terminal = terminal and head
            ranks = (r,)
            if kind == "p":
                pung_mask |= 1 << r
                n_pungs += 1
                pung_fu += 8 if head else 4
            else:
                pair = r
        if (kind, r) in done:  # identical groups give one reading (the first)
            continue
        done.add((kind, r))
        for w in ranks:
            if kind == "c":
                reads[w].append((i, _chow_wait(r, w), 0))
            elif kind == "p":
                reads[w].append((i, DUAL, 8 if r in (0, 8) else 4))
            else:
                reads[w].append((i, SINGLE, 0))
    return SuitSplit(
        index,
        len(parts),
        chow_mask,
        n_chows,
        pung_mask,
        n_pungs,
        pair,
        sum(n // 2 for n in seen.values()),
        terminal,
        pung_fu,
        tuple(tuple(x) for x in reads),
    )


_KIND_ORDER = {"c": 0, "p": 1, "k": 2, "a": 3}  # GroupKind declaration order (pair is 3rd+1)

SuitEntry = tuple[tuple[SuitSplit, ...], tuple[SuitSplit, ...]]
_TABLE: dict[tuple[int, ...], SuitEntry] = {}


def suit_entry(counts: tuple[int, ...]) -> SuitEntry:
    """The splits of one suit's nine counts: into sets only, and into sets plus a pair.

    Same order as :func:`muraglia.analysis.shapes._suit_splits` (checked by the tests).
    Entries are kept in a per-process table keyed by the nine counts (suit-independent).
    """
    entry = _TABLE.get(counts)
    if entry is not None:
        return entry
    plain = tuple(_split(i, part) for i, part in enumerate(_suit_sets(counts)))
    paired: list[SuitSplit] = []
    for r in range(9):
        if counts[r] >= 2:
            rest = list(counts)
            rest[r] -= 2
            for part in _suit_sets(tuple(rest)):
                groups = sorted((("a", r), *part), key=lambda g: (g[1], _KIND_ORDER[g[0]]))
                paired.append(_split(len(paired), tuple(groups)))
    entry = _TABLE[counts] = (plain, tuple(paired))
    return entry


def build_tables() -> int:
    """Fill the per-suit table with every suit count vector that can be part of a win.

    Returns the number of entries (the table otherwise fills as suits are met).
    """
    sets: list[list[int]] = []
    for r in range(9):
        sets.append([3 if i == r else 0 for i in range(9)])
    for r in range(7):
        sets.append([1 if r <= i <= r + 2 else 0 for i in range(9)])
    plain: set[tuple[int, ...]] = set()

    def grow(counts: list[int], n: int, start: int) -> None:
        plain.add(tuple(counts))
        if n == 4:
            return
        for k in range(start, len(sets)):
            nxt = [a + b for a, b in zip(counts, sets[k], strict=True)]
            if max(nxt) <= 4:
                grow(nxt, n + 1, k)

    grow([0] * 9, 0, 0)
    keys = set(plain)
    for c in plain:
        for r in range(9):
            if c[r] <= 2 and sum(c) <= 12:
                keys.add(c[:r] + (c[r] + 2,) + c[r + 1 :])
    for key in keys:
        suit_entry(key)
    return len(_TABLE)


# ---------------------------------------------------------------------- pattern resolution


class Resolver:
    """Steps 2-4 of :meth:`PatternTable.resolve` for one concealment, compiled from the table.

    Values are the preset's (``None``: not allowed, dropped), exclusions and the limit rule
    come from the declarations; the kept ids are returned in table order.
    """

    def __init__(self, table: PatternTable, *, concealed: bool) -> None:
        """Compile ``table`` for a concealed or an open hand.

        Raises:
            RulesetError: if a pattern implies another (not supported by the fast path).
        """
        pats = list(table)
        if any(p.implies for p in pats):
            raise RulesetError(f"{table.ruleset}: implied patterns need the reference scorer")
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

    def resolve(self, found: Mapping[str, int]) -> list[tuple[str, int]]:
        """The kept ``(id, count)`` of ``found`` in table order (values: ``self.value``)."""
        value = self.value
        items = [(pid, n) for pid, n in found.items() if pid in value]
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


# ---------------------------------------------------------------------- the hand


class Best(NamedTuple):
    """The best reading found by :func:`score_best` (what ``RiichiEma`` needs to finish)."""

    found: list[tuple[str, int]]
    """Kept pattern ids with counts, in table order."""
    han: int
    yaku_han: int
    yakuman: int
    fu: int | None
    """Rounded fu (None for Thirteen Orphans)."""
    valid: bool
    reason: str | None
    b: int
    limit: str | None
    value: int
    decomposition: Callable[[], Decomposition]
    """Builds the decomposition of the best reading (called when first needed)."""
    reading: Reading
    """The reading (group index and wait)."""


class _Decomp:
    """The groups of the chosen standard decomposition, built on first call."""

    __slots__ = ("hand", "honors", "keys", "splits", "value")

    def __init__(
        self,
        hand: Hand,
        keys: tuple[tuple[int, ...], ...],
        splits: tuple[SuitSplit, ...],
        honors: tuple[tuple[int, bool], ...],
    ) -> None:
        self.hand = hand
        self.keys = keys
        self.splits = splits
        self.honors = honors
        self.value: Decomposition | None = None

    def __call__(self) -> Decomposition:
        if self.value is None:
            groups: list[Group] = []
            for s in range(3):
                sp = self.splits[s]
                groups.extend(_suit_splits(s, self.keys[s])[1 if sp.pair >= 0 else 0][sp.index])
            for t, pair in self.honors:
                groups.append(Group(GroupKind.PAIR if pair else GroupKind.PUNG, Tile(t)))
            groups.extend(meld_group(m) for m in self.hand.melds)
            self.value = Decomposition("standard", tuple(groups))
        return self.value


class _Fixed:
    """A seven pairs or thirteen orphans decomposition, built on first call."""

    __slots__ = ("counts", "shape", "value")

    def __init__(self, shape: str, counts: list[int]) -> None:
        self.shape = shape
        self.counts = counts
        self.value: Decomposition | None = None

    def __call__(self) -> Decomposition:
        if self.value is None:
            c = self.counts
            if self.shape == "seven_pairs":
                groups = tuple(Group(GroupKind.PAIR, Tile(t)) for t in range(34) if c[t] == 2)
            else:
                groups = tuple(
                    Group(GroupKind.PAIR if c[t] == 2 else GroupKind.SINGLE, Tile(t))
                    for t in _ORPHANS
                )
            self.value = Decomposition(self.shape, groups)
        return self.value


def score_best(
    hand: Hand,
    resolvers: tuple[Resolver, Resolver],
    *,
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

    ``resolvers`` are the open and concealed resolvers of the preset; ``seat``/``rnd`` the
    winds as tile ints; the rest are the ruleset options and the situation.
    """
    conc = [0] * 34
    red = 0
    for t in hand.concealed:
        conc[t.kind] += 1
        red += t.red
    w = hand.winning
    assert w is not None
    win = int(w.kind)
    conc[win] += 1
    red += w.red
    counts = conc[:]
    # declared melds (EMA-WIN-4: only a concealed kong stays concealed)
    melds = hand.melds
    m_chow = [0, 0, 0]
    m_pung = [0, 0, 0]
    m_chows = m_pungs = kongs = m_conc = m_fu = 0
    m_head = True  # every meld holds a terminal or honour
    concealed = True
    honor_sets: list[int] = []  # honour pungs/kongs (concealed ones added below)
    for m in melds:
        tiles = m.tiles
        low = int(tiles[0].kind)
        for pt in tiles:
            counts[pt.kind] += 1
            red += pt.red
        kind = m.kind
        if kind is MeldKind.CHOW:
            concealed = False
            m_chows += 1
            m_chow[low // 9] |= 1 << (low % 9)
            if low % 9 not in (0, 6):
                m_head = False
            continue
        m_pungs += 1
        head = (_HEAD_MASK >> low) & 1
        if not head:
            m_head = False
        if low < 27:
            m_pung[low // 9] |= 1 << (low % 9)
        else:
            honor_sets.append(low)
        if kind is MeldKind.KONG:
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
    res = resolvers[concealed]
    value_of = res.value
    # ------------------------------------------------------------------ hand-level yaku
    mask = 0
    for t in range(34):
        if counts[t]:
            mask |= 1 << t
    honors = bool(mask & _HONOR_MASK)
    suits = bool(mask & 0x1FF) + bool(mask & 0x3FE00) + bool(mask & 0x7FC0000)
    found: dict[str, int] = {}
    riichi = "riichi" in flags or "double_riichi" in flags
    if flags:
        if riichi:
            found["riichi"] = 1
            if "ippatsu" in flags:
                found["ippatsu"] = 1
        if "double_riichi" in flags:
            found["double_riichi"] = 1
        if tsumo and "replacement" in flags and kongs:
            found["after_kong"] = 1
        if ron and "robbing_kong" in flags:
            found["robbing_kong"] = 1
        if "last_tile" in flags:
            found["under_the_sea" if tsumo else "under_the_river"] = 1
        if "first_turn" in flags and not melds:
            if tsumo:
                found["blessing_of_heaven" if seat == 27 else "blessing_of_earth"] = 1
            elif seat != 27:
                found["blessing_of_man"] = 1
    if tsumo:
        found["menzen_tsumo"] = 1
    if not mask & _HEAD_MASK:
        found["all_simples"] = 1
    if suits == 1:
        found["half_flush" if honors else "full_flush"] = 1
        if not honors and not melds:  # EMA-YKM-02, nine gates (EMA-GAP-5: 9-sided)
            base = 9 * (win // 9)
            c9 = counts[base : base + 9]
            if sum(c9) == 14 and all(a >= b for a, b in zip(c9, _NINE_GATES, strict=True)):
                found["nine_gates"] = 1
                c9[win - base] -= 1
                if tuple(c9) == _NINE_GATES:
                    found["nine_gates_9"] = 1
    if not mask & ~_HEAD_MASK:
        if honors and suits:
            found["all_terminals_and_honours"] = 1
        if not mask & ~_TERM_MASK:
            found["all_terminals"] = 1
        elif not mask & ~_HONOR_MASK:
            found["all_honours"] = 1
    if not mask & ~_GREEN_MASK:
        found["all_green"] = 1
    if dora:
        n = sum(counts[_DORA_OF[i]] for i in dora)
        if n:
            found["dora"] = n
    if ura and riichi:
        n = sum(counts[_DORA_OF[i]] for i in ura)
        if n:
            found["ura_dora"] = n
    if red:
        found["red_five"] = red
    best: tuple[bool, int, int, int] = (False, -1, -1, -1)
    out: Best | None = None

    def finish(
        found: dict[str, int], fu_of: Callable[[bool], int | None], shape: Callable[[], Decomposition],
        reading: Reading,
    ) -> None:
        nonlocal best, out
        kept = res.resolve(found)
        yakuman = 0
        if kept and kept[0][0] in res.limit:
            if stack:
                yakuman = sum(value_of[p] * n for p, n in kept)
            else:  # EMA-YKM-0: the highest counts
                top = max(kept, key=lambda x: value_of[x[0]] * x[1])
                kept = [top]
                yakuman = value_of[top[0]] * top[1]
        han = yaku_han = 0
        if not yakuman:
            for p, n in kept:
                v = value_of[p] * n
                han += v
                if p not in ("dora", "ura_dora", "red_five"):
                    yaku_han += v
        fu = fu_of(any(p == "pinfu" for p, _ in kept))
        valid, reason = True, None
        if not yakuman and yaku_han == 0:
            valid, reason = False, "no yaku: dora and red fives are not yaku (EMA-WIN-2)"
        elif not yakuman and honba >= 5 and two_yaku and yaku_han < 2:
            valid = False
            reason = f"{honba} counters: at least 2 han from yaku needed (EMA-HONBA-4)"
        b, limit = basic_points(han, fu or 0, yakuman=yakuman, kiriage=kiriage, kazoe=kazoe)
        value = hand_value(b, winner, tsumo=tsumo) if valid else 0
        key = (valid, value, han, fu or 0)
        if out is None or key > best:
            best = key
            out = Best(kept, han, yaku_han, yakuman, fu, valid, reason, b, limit, value, shape,
                       reading)

    # ------------------------------------------------------------------ standard shape
    standard = True
    hon_groups: list[tuple[int, bool]] = []
    hon_pair = -1
    hon_fu = 0
    for h in range(27, 34):
        n = conc[h]
        if n == 3:
            hon_groups.append((h, False))
            honor_sets.append(h)
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
    keys = (tuple(conc[0:9]), tuple(conc[9:18]), tuple(conc[18:27]))
    if standard:
        mods = [sum(k) % 3 for k in keys]
        if 1 in mods or mods.count(2) + (hon_pair >= 0) != 1:
            standard = False
    if standard and sum(conc) + 3 * len(melds) == 14:
        e0, e1, e2 = (suit_entry(k) for k in keys)
        o0, o1, o2 = e0[mods[0] == 2], e1[mods[1] == 2], e2[mods[2] == 2]
        # honour sets: yakuhai and wind/dragon yakuman (EMA-YAKU-10/11/12, EMA-YKM-11/12/13)
        sfound = dict(found)
        if honor_sets:
            dragons = winds = 0
            for h in honor_sets:
                if h >= 31:
                    dragons += 1
                else:
                    winds += 1
                    if h == seat:
                        sfound["seat_wind"] = 1
                    if h == rnd:
                        sfound["prevalent_wind"] = 1
            if dragons:
                sfound["dragon_pung"] = dragons
                if dragons == 3:
                    sfound["big_three_dragons"] = 1
                elif dragons == 2 and hon_pair >= 31:
                    sfound["little_three_dragons"] = 1
            if winds == 4:
                sfound["big_four_winds"] = 1
            elif winds == 3 and 27 <= hon_pair < 31:
                sfound["little_four_winds"] = 1
        pair_fu = 0
        if hon_pair >= 0:
            pair_fu = (2 if hon_pair >= 31 else 0) + 2 * (hon_pair == seat) + 2 * (hon_pair == rnd)
        valueless_pair = hon_pair < 0 or pair_fu == 0
        honor_conc = len(hon_groups) - (hon_pair >= 0)
        base_fu = (30 if concealed and ron else 20) + m_fu + hon_fu + pair_fu
        in_honors = win >= 27
        ws = win // 9
        wr = win % 9
        for a in o0:
            for b_ in o1:
                for c in o2:
                    sp = (a, b_, c)
                    n_chows = a.n_chows + b_.n_chows + c.n_chows + m_chows
                    n_pungs = a.n_pungs + b_.n_pungs + c.n_pungs + m_pungs + honor_conc
                    dfound = dict(sfound)
                    if n_chows >= 2 and concealed:
                        twins = a.twins + b_.twins + c.twins
                        if twins:
                            dfound["pure_double_chow"] = 1
                            if twins == 2:
                                dfound["twice_pure_double_chow"] = 1
                    if n_chows >= 3:
                        cm0 = a.chow_mask | m_chow[0]
                        cm1 = b_.chow_mask | m_chow[1]
                        cm2 = c.chow_mask | m_chow[2]
                        if cm0 & cm1 & cm2:
                            dfound["mixed_triple_chow"] = 1
                        if (
                            cm0 & _STRAIGHT == _STRAIGHT
                            or cm1 & _STRAIGHT == _STRAIGHT
                            or cm2 & _STRAIGHT == _STRAIGHT
                        ):
                            dfound["pure_straight"] = 1
                    if n_pungs >= 3:
                        if (
                            (a.pung_mask | m_pung[0])
                            & (b_.pung_mask | m_pung[1])
                            & (c.pung_mask | m_pung[2])
                        ):
                            dfound["triple_pung"] = 1
                        if kongs >= 3:
                            dfound["three_kongs"] = 1
                            if kongs == 4:
                                dfound["four_kongs"] = 1
                        if n_pungs == 4:
                            dfound["all_pungs"] = 1
                    if n_chows and m_head and a.terminal and b_.terminal and c.terminal:
                        dfound["outside_hand" if honors else "terminals_in_all_sets"] = 1
                    conc_pungs = a.n_pungs + b_.n_pungs + c.n_pungs + honor_conc + m_conc
                    pinfu_ok = (
                        concealed and n_chows == 4 and valueless_pair
                    )  # pair: no dragon, no value wind
                    d_fu = base_fu + a.pung_fu + b_.pung_fu + c.pung_fu
                    # readings of the winning tile (EMA-FU-4, EMA-WIN-4)
                    if in_honors:
                        reads: list[tuple[int, int, int]] = []
                        idx = a.n + b_.n + c.n
                        for t, pair in hon_groups:
                            if t == win:
                                reads.append((idx, SINGLE if pair else DUAL, 0 if pair else 8))
                            idx += 1
                    else:
                        sw = sp[ws]
                        off = 0 if ws == 0 else a.n if ws == 1 else a.n + b_.n
                        reads = [(off + i, wt, pf) for i, wt, pf in sw.reads[wr]]
                    shape = _Decomp(hand, keys, sp, tuple(hon_groups))
                    for idx, wait, pfu in reads:
                        rfound = dict(dfound)
                        cp = conc_pungs
                        fu0 = d_fu
                        if wait == DUAL and ron:  # a pung completed by ron is open
                            cp -= 1
                            fu0 -= pfu // 2
                        if pinfu_ok and wait == TWO:
                            rfound["pinfu"] = 1
                        if cp >= 3:
                            rfound["three_concealed_pungs"] = 1
                            if cp == 4:
                                rfound["four_concealed_pungs"] = 1
                                if wait == SINGLE:
                                    rfound["four_concealed_pungs_single"] = 1
                        if wait in (CLOSED, EDGE, SINGLE):
                            fu0 += 2

                        def fu_of(pinfu: bool, fu0: int = fu0) -> int:
                            if pinfu:  # EMA-FU-8
                                return 20 if tsumo else 30
                            raw = fu0 + 2 * tsumo
                            if raw == 20 and not concealed:  # EMA-FU-7
                                raw = 22
                            return -(-raw // 10) * 10

                        finish(rfound, fu_of, shape, Reading(idx, WAITS[wait]))
    # ------------------------------------------------------------------ seven pairs
    if not melds and mask.bit_count() == 7 and all(c in (0, 2) for c in conc):
        pfound = dict(found)
        pfound["seven_pairs"] = 1
        index = sum(1 for t in range(win) if conc[t])
        finish(pfound, _fu25, _Fixed("seven_pairs", conc), Reading(index, WaitKind.SINGLE))
    # ------------------------------------------------------------------ thirteen orphans
    if not melds and not mask & ~_HEAD_MASK and mask.bit_count() == 13 and sum(conc) == 14:
        ofound = dict(found)
        ofound["thirteen_orphans"] = 1
        if conc[win] == 2:
            ofound["thirteen_orphans_13"] = 1
        index = _ORPHANS.index(win)
        wait = WaitKind.SINGLE if conc[win] == 2 else WaitKind.SPECIAL
        finish(ofound, _no_fu, _Fixed("thirteen_orphans", conc), Reading(index, wait))
    return out


def _fu25(pinfu: bool) -> int:
    return 25  # EMA-FU-1: Seven Pairs


def _no_fu(pinfu: bool) -> None:
    return None  # Thirteen Orphans: no fu

