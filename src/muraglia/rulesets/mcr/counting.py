"""MCR counting principles that need more than an exclusion list, and the single-wait test.

* :func:`chow_fans` — the chow combination fans of one arrangement under MCR-COUNT-2…6: at most
  one three- or four-chow fan (non-repeat, non-separation), the fourth chow scoring at most one
  two-chow fan with the other three (account-once), and otherwise the largest forest of two-chow
  fans in which no two fans of one kind share a chow (non-identical). Cached on the chows.
* :func:`single_tile_wait` — whether a 13-tile hand waits on exactly one tile kind under every
  MCR winning shape (MCR-COUNT-7): cached per-suit "splits into sets (and a pair)" tests for the
  standard shape and the knitted straight's extra groups, closed forms for the special shapes.

>>> chow_fans((0, 3, 6, 0), -1)  # 123m 456m 789m 123m: Pure Straight + Pure Double Chow
(('pure_straight', 1), ('pure_double_chow', 1))
>>> chow_fans((19, 22, 10, 13), -1)  # 234567s + 234567p (MCR-TV-31)
(('mixed_double_chow', 2), ('short_straight', 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations, compress
from typing import Any

from muraglia.rulesets.mcr.shapes import KNITTED_MASKS, KNITTED_PATTERNS
from muraglia.tiles import KIND_BITS, NUM_KINDS, NUM_SUITED, NUM_SUITS, ORPHAN_INDICES, RANKS

__all__ = [
    "TWO_CHOW_FANS",
    "Combination",
    "chow_combinations",
    "chow_fans",
    "single_tile_wait",
]

TWO_CHOW_FANS = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")
"""The two-chow fans (MCR-FAN-01…04) in order of preference when totals tie."""

Combination = tuple[str, int, tuple[int, ...]]
"""A chow fan of an arrangement: (fan id, count, positions of the chows that form it in the
sorted chow starts, every application's chows together)."""


@lru_cache(maxsize=4)
def _table(version: int) -> tuple[dict[str, int], dict[str, tuple[str, ...]]]:
    """The values and exclusions of the fan table (the one source of truth, MCR-FAN)."""
    from muraglia.rulesets.mcr.patterns import PATTERNS  # noqa: PLC0415 - patterns imports us

    return {p.id: p.closed or 0 for p in PATTERNS}, {p.id: p.excludes for p in PATTERNS}


_TABLE: list[Any] = []
"""The fan table, once imported (patterns imports this module: it cannot be imported above)."""


def _version() -> int:
    if not _TABLE:
        from muraglia.rulesets.mcr.patterns import PATTERNS  # noqa: PLC0415 - patterns imports us

        _TABLE.append(PATTERNS)
    version: int = _TABLE[0].version
    return version


def _relation(x: int, y: int) -> str | None:
    """The two-chow fan formed by chows starting at tile indices ``x`` and ``y``."""
    if x > y:
        x, y = y, x
    if x // RANKS == y // RANKS:
        if x == y:
            return "pure_double_chow"
        if y - x == 3:
            return "short_straight"
        if x % RANKS == 0 and y - x == 6:
            return "two_terminal_chows"
        return None
    return "mixed_double_chow" if x % RANKS == y % RANKS else None


def _three(a: int, b: int, c: int) -> str | None:
    """The three-chow fan of three chows (sorted by rank within the call), or None."""
    suits = {a // RANKS, b // RANKS, c // RANKS}
    ranks = sorted((a % RANKS, b % RANKS, c % RANKS))
    if len(suits) == 1:
        if a == b == c:
            return "pure_triple_chow"
        if ranks == [0, 3, 6]:
            return "pure_straight"
        step = ranks[1] - ranks[0]
        if step in (1, 2) and ranks[2] - ranks[1] == step:
            return "pure_shifted_chows"
        return None
    if len(suits) == 3:
        if ranks[0] == ranks[2]:
            return "mixed_triple_chow"
        if ranks == [0, 3, 6]:
            return "mixed_straight"
        if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
            return "mixed_shifted_chows"
    return None


def _four(chows: tuple[int, ...], pair: int) -> str | None:
    """The four-chow fan of four sorted chows and the pair, or None."""
    a, b, c, d = chows
    if a // RANKS == d // RANKS:
        if a == d:
            return "quadruple_chow"
        step = b - a
        if step in (1, 2) and c - b == step and d - c == step:
            return "four_shifted_chows"
        if a % RANKS == 0 and a == b and c == d == a + 6 and pair == a + 4:
            return "pure_terminal_chows"
        return None
    by_suit: dict[int, list[int]] = {}
    for x in chows:
        by_suit.setdefault(x // RANKS, []).append(x % RANKS)
    if len(by_suit) == 2 and all(sorted(r) == [0, 6] for r in by_suit.values()):
        third = ({0, 1, 2} - set(by_suit)).pop()
        if pair == RANKS * third + 4:
            return "three_suited_terminal_chows"
    return None


def _root(parent: list[int], x: int) -> int:
    while parent[x] != x:
        x = parent[x]
    return x


def _forest(
    chows: tuple[int, ...],
) -> tuple[tuple[int, tuple[int, ...]], list[tuple[int, int, int]]]:
    """The largest admissible set of two-chow fans (MCR-COUNT-6c).

    Returns ``((count, counts by kind), chosen edges (i, j, kind) between chow positions)``.
    """
    edges: list[tuple[int, int, int]] = []
    for i, j in combinations(range(len(chows)), 2):
        rel = _relation(chows[i], chows[j])
        if rel is not None:
            edges.append((i, j, TWO_CHOW_FANS.index(rel)))
    best: tuple[int, tuple[int, ...]] = (0, (0, 0, 0, 0))
    best_edges: list[tuple[int, int, int]] = []
    for mask in range(1, 1 << len(edges)):
        chosen = [e for k, e in enumerate(edges) if mask >> k & 1]
        used: set[tuple[int, int]] = set()
        parent = list(range(len(chows)))
        ok = True
        for i, j, kind in chosen:
            if (i, kind) in used or (j, kind) in used:
                ok = False
                break
            used.add((i, kind))
            used.add((j, kind))
            ri, rj = _root(parent, i), _root(parent, j)
            if ri == rj:
                ok = False
                break
            parent[ri] = rj
        if not ok:
            continue
        counts = [0, 0, 0, 0]
        for _, _, kind in chosen:
            counts[kind] += 1
        cand = (len(chosen), tuple(counts))
        if cand > best:
            best, best_edges = cand, chosen
    return best, best_edges


def _positions(edges: list[tuple[int, int, int]], kind: int) -> tuple[int, ...]:
    return tuple(sorted({x for i, j, k in edges if k == kind for x in (i, j)}))


@lru_cache(maxsize=4096)
def _combinations(chows: tuple[int, ...], pair: int, version: int) -> tuple[Combination, ...]:
    """The chow fans of sorted chow starts, with the chows that form each (MCR-COUNT-6)."""
    n = len(chows)
    if n < 2:
        return ()
    if n == 4:
        four = _four(chows, pair)
        if four is not None:
            return ((four, 1, (0, 1, 2, 3)),)
    values, excludes = _table(version)
    options: list[tuple[int, int, tuple[Combination, ...]]] = []
    (count, by_kind), edges = _forest(chows)
    if count:
        options.append((count, 0, tuple(
            (TWO_CHOW_FANS[k], c, _positions(edges, k)) for k, c in enumerate(by_kind) if c
        )))  # fmt: skip
    if n >= 3:
        for trio in combinations(range(n), 3):
            fan = _three(*(chows[i] for i in trio))
            if fan is None:
                continue
            value = values[fan]
            items: tuple[Combination, ...] = ((fan, 1, trio),)
            if n == 4:
                rest = next(i for i in range(4) if i not in trio)
                kinds = {_relation(chows[rest], chows[i]): i for i in reversed(trio)}
                banned = excludes[fan]
                extra = next((k for k in TWO_CHOW_FANS if k in kinds and k not in banned), None)
                if extra is not None:
                    items += ((extra, 1, tuple(sorted((rest, kinds[extra])))),)
                    value += values[extra]
            options.append((value, values[fan], items))
    if not options:
        return ()
    return max(options, key=lambda o: (o[0], o[1]))[2]


def chow_combinations(chows: Sequence[int], pair: int) -> tuple[Combination, ...]:
    """The chow fans of an arrangement with the chows that form each (MCR-COUNT-6).

    Positions index ``sorted(chows)`` (identical chows are told apart by position).

    >>> chow_combinations((0, 3, 6, 0), -1)  # the fourth chow pairs with the first 123m
    (('pure_straight', 1, (0, 2, 3)), ('pure_double_chow', 1, (0, 1)))
    """
    return _combinations(tuple(sorted(chows)), pair, _version())


def chow_fans(chows: Sequence[int], pair: int) -> tuple[tuple[str, int], ...]:
    """The chow fans of an arrangement (MCR-COUNT-6): ``(fan id, count)`` pairs.

    Args:
        chows: tile indices of the first tile of each chow (any order).
        pair: tile index of the pair, or -1 (needed by the terminal-chows fans).
    """
    return tuple((fan, n) for fan, n, _ in chow_combinations(chows, pair))


@cache
def _suit_block(counts: tuple[int, ...]) -> int:
    """Bit 1: the nine counts split into chows and pungs; bit 2: into those and one pair."""
    out = 0
    if _sets_only(counts):
        out |= 1
    if sum(counts) % 3 == 2:
        work = list(counts)
        for i in range(RANKS):
            if work[i] >= 2:
                work[i] -= 2
                if _sets_only(tuple(work)):
                    out |= 2
                    break
                work[i] += 2
    return out


@cache
def _sets_only(counts: tuple[int, ...]) -> bool:
    """Whether nine suit counts split into chows and pungs only."""
    i = next((k for k in range(RANKS) if counts[k]), RANKS)
    if i == RANKS:
        return True
    work = list(counts)
    if work[i] >= 3:
        work[i] -= 3
        if _sets_only(tuple(work)):
            return True
        work[i] += 3
    if i <= 6 and work[i + 1] and work[i + 2]:
        work[i] -= 1
        work[i + 1] -= 1
        work[i + 2] -= 1
        return _sets_only(tuple(work))
    return False


def _honour_block(counts: Sequence[int]) -> int:
    """The same bits for the seven honour counts (only pungs and a pair)."""
    pairs = sum(1 for n in counts if n == 2)
    if any(n in (1, 4) for n in counts):
        return 0
    return 1 if pairs == 0 else (2 if pairs == 1 else 0)


def _standard_waits(work: list[int], held: Sequence[int], limit: int) -> set[int]:
    """Kinds that complete ``work`` as sets and a pair (stops once ``limit`` are found)."""
    blocks = [tuple(work[RANKS * s : RANKS * s + RANKS]) for s in range(NUM_SUITS)]
    masks = [_suit_block(b) for b in blocks] + [_honour_block(work[NUM_SUITED:NUM_KINDS])]
    found: set[int] = set()
    for b in range(4):
        others = masks[:b] + masks[b + 1 :]
        if not all(m for m in others):
            continue
        with_pair = sum(1 for m in others if not m & 1)
        if with_pair > 1:
            continue
        need = 1 if with_pair else 2  # the block must end as sets only, or sets and the pair
        if b < 3:
            for r in _block_waits(blocks[b], need):
                t = RANKS * b + r
                if held[t] >= 4:
                    continue
                found.add(t)
                if len(found) >= limit:
                    return found
        else:
            for t in range(NUM_SUITED, NUM_KINDS):
                if held[t] >= 4 or not work[t]:
                    continue
                work[t] += 1
                ok = _honour_block(work[NUM_SUITED:NUM_KINDS]) & need
                work[t] -= 1
                if ok:
                    found.add(t)
                    if len(found) >= limit:
                        return found
    return found


@cache
def _block_waits(block: tuple[int, ...], need: int) -> tuple[int, ...]:
    """Ranks (0-8) whose tile makes one suit's nine counts split as ``need`` asks.

    ``need`` is a :func:`_suit_block` bit: 1 sets only, 2 sets and one pair. Cached on the
    suit's counts (a table per process, like :func:`_suit_block`).
    """
    out = []
    base = list(block)
    for r in range(RANKS):
        if not _touches(base, r):
            continue
        base[r] += 1
        if _suit_block(tuple(base)) & need:
            out.append(r)
        base[r] -= 1
    return tuple(out)


def _touches(block: Sequence[int], r: int) -> bool:
    """Whether rank ``r`` is within two of a tile of ``block`` (else it cannot join a group)."""
    return any(block[k] for k in range(max(0, r - 2), min(RANKS, r + 3)))


def single_tile_wait(concealed13: Sequence[int], melds: int, held: Sequence[int]) -> bool:
    """Whether exactly one tile kind completes a 13-tile hand under the MCR shapes.

    Args:
        concealed13: 34 counts of the concealed tiles without the winning tile.
        melds: declared melds.
        held: 34 counts of all the hand's tiles (melds included) without the winning tile;
            a kind held four times cannot be drawn.

    >>> c = [0] * 34
    >>> for t in (0, 1, 2, 2, 9, 10, 11, 12, 13, 14, 18, 19, 20):
    ...     c[t] += 1
    >>> single_tile_wait(c, 0, c)  # 1233m: only 3m (edge or single)
    True
    """
    work = list(concealed13)
    kinds = _standard_waits(work, held, 2)
    if melds == 0 and len(kinds) < 2:
        odd = [k for k in range(NUM_KINDS) if work[k] % 2]
        if len(odd) == 1 and held[odd[0]] < 4:  # seven pairs (a four may be two pairs)
            kinds.add(odd[0])
        if len(kinds) < 2 and sum(1 for n in work if n) >= 12:
            kinds |= _orphan_and_honours_waits(work, held)
    if len(kinds) < 2 and melds <= 1:
        kinds |= _knitted_waits(work, held)
    return len(kinds) == 1


_ORPHANS = ORPHAN_INDICES


def _orphan_and_honours_waits(work: Sequence[int], held: Sequence[int]) -> set[int]:
    """Winning kinds of a concealed 13-tile hand for thirteen orphans and honours-knitted."""
    out: set[int] = set()
    present = [k for k in range(NUM_KINDS) if work[k]]
    if all(k in _ORPHANS for k in present):
        missing = [k for k in _ORPHANS if not work[k]]
        if not missing:
            out.update(k for k in _ORPHANS if held[k] < 4)  # thirteen-sided
        elif len(missing) == 1 and held[missing[0]] < 4:
            out.add(missing[0])
    if len(present) == 13 and max(work) == 1:
        suited = {k for k in present if k < NUM_SUITED}
        for pattern in _KNITTED:
            if suited <= pattern:
                out.update(
                    k
                    for k in (*pattern, *range(NUM_SUITED, NUM_KINDS))
                    if not work[k] and held[k] < 4
                )
    return out


def _knitted_waits(work: list[int], held: Sequence[int]) -> set[int]:
    """Winning kinds of a 13-tile hand for a knitted straight plus a set and a pair."""
    out: set[int] = set()
    present = sum(compress(_BITS, work))
    for pattern, mask in zip(_KNITTED, KNITTED_MASKS, strict=True):
        if (present & mask).bit_count() < 8:  # two or more of the nine tiles missing
            continue
        missing = [k for k in pattern if not work[k]]
        rest = list(work)
        for k in pattern:
            if rest[k]:
                rest[k] -= 1
        if missing:
            if held[missing[0]] < 4 and _complete(rest):
                out.add(missing[0])
        else:
            out |= _standard_waits(rest, held, 3)
    return out


def _complete(counts: Sequence[int]) -> bool:
    """Whether ``counts`` split into sets and exactly one pair."""
    masks = [_suit_block(tuple(counts[RANKS * s : RANKS * s + RANKS])) for s in range(NUM_SUITS)]
    masks.append(_honour_block(counts[NUM_SUITED:NUM_KINDS]))
    if not all(masks):
        return False
    return sum(1 for m in masks if not m & 1) == 1 or (
        sum(1 for m in masks if m & 1) == 3 and any(m & 2 for m in masks)
    )


_KNITTED = tuple(frozenset(pattern) for pattern in KNITTED_PATTERNS)
_BITS = KIND_BITS
