"""MCR counting principles that need more than an exclusion list, and the single-wait test.

* :func:`chow_fans` — the chow combination fans of one arrangement under MCR-COUNT-2…6: at most
  one three- or four-chow fan (non-repeat, non-separation), the fourth chow scoring at most one
  two-chow fan with the other three (account-once), and otherwise the largest forest of two-chow
  fans in which no two fans of one kind share a chow (non-identical). Cached on the chows.
* :func:`single_tile_wait` — whether a 13-tile hand waits on exactly one tile kind under every
  MCR winning shape (MCR-COUNT-7), from the table-driven shanten functions.

>>> chow_fans((0, 3, 6, 0), -1)  # 123m 456m 789m 123m: Pure Straight + Pure Double Chow
(('pure_straight', 1), ('pure_double_chow', 1))
>>> chow_fans((19, 22, 10, 13), -1)  # 234567s + 234567p (MCR-TV-31)
(('mixed_double_chow', 2), ('short_straight', 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from muraglia.analysis.shanten import (
    shanten_honors_knitted,
    shanten_knitted_straight,
    shanten_standard,
    shanten_thirteen_orphans,
)

__all__ = ["CHOW_FAN_VALUES", "TWO_CHOW_FANS", "chow_fans", "single_tile_wait"]

TWO_CHOW_FANS = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")
"""The two-chow fans (MCR-FAN-01…04) in order of preference when totals tie."""

CHOW_FAN_VALUES: dict[str, int] = {
    "pure_double_chow": 1,
    "mixed_double_chow": 1,
    "short_straight": 1,
    "two_terminal_chows": 1,
    "mixed_shifted_chows": 6,
    "mixed_straight": 8,
    "mixed_triple_chow": 8,
    "pure_straight": 16,
    "three_suited_terminal_chows": 16,
    "pure_shifted_chows": 16,
    "pure_triple_chow": 24,
    "four_shifted_chows": 32,
    "quadruple_chow": 48,
    "pure_terminal_chows": 64,
}
"""Values of the chow fans (identical in both editions); checked against the pattern table."""

_THREE_EXCLUDES = {
    "mixed_triple_chow": "mixed_double_chow",
    "pure_straight": "short_straight two_terminal_chows",
    "pure_triple_chow": "pure_double_chow",
}


def _relation(x: int, y: int) -> str | None:
    """The two-chow fan formed by chows starting at tile indices ``x`` and ``y``."""
    if x > y:
        x, y = y, x
    if x // 9 == y // 9:
        if x == y:
            return "pure_double_chow"
        if y - x == 3:
            return "short_straight"
        if x % 9 == 0 and y - x == 6:
            return "two_terminal_chows"
        return None
    return "mixed_double_chow" if x % 9 == y % 9 else None


def _three(a: int, b: int, c: int) -> str | None:
    """The three-chow fan of three chows (sorted by rank within the call), or None."""
    suits = {a // 9, b // 9, c // 9}
    ranks = sorted((a % 9, b % 9, c % 9))
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
    if a // 9 == d // 9:
        if a == d:
            return "quadruple_chow"
        step = b - a
        if step in (1, 2) and c - b == step and d - c == step:
            return "four_shifted_chows"
        if a % 9 == 0 and a == b and c == d == a + 6 and pair == a + 4:
            return "pure_terminal_chows"
        return None
    by_suit: dict[int, list[int]] = {}
    for x in chows:
        by_suit.setdefault(x // 9, []).append(x % 9)
    if len(by_suit) == 2 and all(sorted(r) == [0, 6] for r in by_suit.values()):
        third = ({0, 1, 2} - set(by_suit)).pop()
        if pair == 9 * third + 4:
            return "three_suited_terminal_chows"
    return None


def _root(parent: list[int], x: int) -> int:
    while parent[x] != x:
        x = parent[x]
    return x


def _forest(chows: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """The largest admissible set of two-chow fans (MCR-COUNT-6c): (count, counts by kind)."""
    edges: list[tuple[int, int, int]] = []
    for i, j in combinations(range(len(chows)), 2):
        rel = _relation(chows[i], chows[j])
        if rel is not None:
            edges.append((i, j, TWO_CHOW_FANS.index(rel)))
    best: tuple[int, tuple[int, ...]] = (0, (0, 0, 0, 0))
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
        best = max(best, cand)
    return best


@lru_cache(maxsize=4096)
def _chow_fans_sorted(chows: tuple[int, ...], pair: int) -> tuple[tuple[str, int], ...]:
    n = len(chows)
    if n < 2:
        return ()
    if n == 4:
        four = _four(chows, pair)
        if four is not None:
            return ((four, 1),)
    options: list[tuple[int, int, tuple[tuple[str, int], ...]]] = []
    count, by_kind = _forest(chows)
    if count:
        options.append((count, 0, tuple((TWO_CHOW_FANS[k], n) for k, n in enumerate(by_kind) if n)))
    if n >= 3:
        for trio in combinations(range(n), 3):
            fan = _three(*(chows[i] for i in trio))
            if fan is None:
                continue
            value = CHOW_FAN_VALUES[fan]
            items: tuple[tuple[str, int], ...] = ((fan, 1),)
            if n == 4:
                rest = next(i for i in range(4) if i not in trio)
                kinds = {_relation(chows[rest], chows[i]) for i in trio}
                banned = _THREE_EXCLUDES.get(fan, "").split()
                extra = next((k for k in TWO_CHOW_FANS if k in kinds and k not in banned), None)
                if extra is not None:
                    items += ((extra, 1),)
                    value += 1
            options.append((value, CHOW_FAN_VALUES[fan], items))
    if not options:
        return ()
    return max(options, key=lambda o: (o[0], o[1]))[2]


def chow_fans(chows: Sequence[int], pair: int) -> tuple[tuple[str, int], ...]:
    """The chow fans of an arrangement (MCR-COUNT-6): ``(fan id, count)`` pairs.

    Args:
        chows: tile indices of the first tile of each chow (any order).
        pair: tile index of the pair, or -1 (needed by the terminal-chows fans).
    """
    return _chow_fans_sorted(tuple(sorted(chows)), pair)


def _near(counts: Sequence[int]) -> list[int]:
    """Tile kinds that can join a concealed tile in a standard group or a pair."""
    out = set()
    for i in range(27):
        if counts[i]:
            base = i - i % 9
            for j in range(max(base, i - 2), min(base + 9, i + 3)):
                out.add(j)
    out.update(i for i in range(27, 34) if counts[i])
    return sorted(out)


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
    std = shanten_standard(work, melds) == 0
    odd = sum(1 for n in work if n % 2)
    pairs7 = melds == 0 and odd == 1
    specials = melds == 0 and (
        shanten_thirteen_orphans(work) == 0 or shanten_honors_knitted(work) == 0
    )
    knitted = melds <= 1 and shanten_knitted_straight(work, melds) == 0
    if not (std or pairs7 or specials or knitted):
        return False
    candidates = _near(work) if not (specials or knitted) else range(34)
    found = 0
    for t in candidates:
        if held[t] >= 4:
            continue
        work[t] += 1
        done = (
            (std and shanten_standard(work, melds) == -1)
            or (pairs7 and all(n % 2 == 0 for n in work))
            or (
                specials
                and (shanten_thirteen_orphans(work) == -1 or shanten_honors_knitted(work) == -1)
            )
            or (knitted and shanten_knitted_straight(work, melds) == -1)
        )
        work[t] -= 1
        if done:
            found += 1
            if found > 1:
                return False
    return found == 1
