"""Seating plans you can audit: designs, seeded local search, winds, validator, metrics.

A *plan* is a list of sessions; a session is a list of tables; a table is a list of player
numbers in seat order E, S, W (, N). Tables have four seats, or three where the ruleset
allows a dead seat (FIMJ-3P, RAV-3P); a four-seat-only ruleset needs substitutes when the
number of players is not a multiple of four.

The generator minimises

    Σ_pairs max(0, meetings − 1)²  +  w_consecutive · (pairs meeting in consecutive sessions)
                                   +  w_group · (club or team mates at one table)

starting from a known perfect design when one exists for the size (a resolvable transversal
design over the finite field GF(q), or over the ring Z_q where the chosen multipliers keep
every pair apart, for N = 4q; the affine plane of order 4 for 16 players is the case q = 4
plus the groups as a fifth session; 1-rotational designs; for 32 players × 10 sessions the
planes of AG(4, 2) lifted to F_2^4 × Z_2 by signs solved over GF(2)) and improving it by
simulated annealing over swaps of two players of one session (seeded: the same seed gives
the same plan). Winds are a second step: an equitable colouring so that each player's
count of every wind is within one of sessions/4 (EMA-SEAT-2 schedules; FIMJ-TOURN-2 and
RAV-COMP-4 draw winds at the table, so the plan's winds are only a suggestion there).

>>> plan = generate(list(range(1, 17)), 5, seed=1)
>>> metrics(plan)["repeats"], validate(plan, list(range(1, 17)))
(0, None)
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import time
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from muraglia.errors import MahjongError
from muraglia.tiles import WIND_LETTERS

__all__ = [
    "WINDS",
    "ROTATIONAL",
    "Plan",
    "SeatingError",
    "assign_winds",
    "design",
    "generate",
    "lower_bound",
    "metrics",
    "rotational_pairs",
    "swiss",
    "table_sizes",
    "validate",
]

WINDS = WIND_LETTERS

Plan = list[list[list[int]]]
"""Sessions → tables → player numbers in seat order E S W (N)."""

History = Sequence[Sequence[Sequence[int]]]
Groups = Mapping[int, "str | Collection[str] | None"]
"""Each player's group labels (club, team): one label, several, or none."""


def _labels(g: str | Collection[str] | None) -> frozenset[str]:
    if g is None:
        return frozenset()
    return frozenset({g}) if isinstance(g, str) else frozenset(g)


def _same_group(ids: Sequence[int], groups: Groups) -> list[list[bool]]:
    """Whether players i and j share a group label (club or team), an n × n table."""
    labels = [_labels(groups.get(p)) for p in ids]
    return [[bool(a & b) for b in labels] for a in labels]


"""Sessions already played (read only)."""


class SeatingError(MahjongError):
    """An impossible seating request or an invalid plan."""


# ---------------------------------------------------------------------------------------
# table layout


def table_sizes(n: int, *, allow_three: bool) -> list[int]:
    """Table sizes for ``n`` players: all fours, or fours and threes (threes last).

    >>> table_sizes(16, allow_three=False), table_sizes(18, allow_three=True)
    ([4, 4, 4, 4], [4, 4, 4, 3, 3])
    """
    if n < 3 or (n < 4 and not allow_three):
        raise SeatingError(f"{n} players cannot fill a table")
    if n % 4 == 0:
        return [4] * (n // 4)
    if not allow_three:
        missing = 4 - n % 4
        raise SeatingError(
            f"{n} players is not a multiple of four and the ruleset has no tables of three: "
            f"register {missing} substitute{'s' if missing > 1 else ''}"
        )
    tables = -(-n // 4)
    threes = 4 * tables - n
    if threes > tables:
        raise SeatingError(f"{n} players cannot be seated at tables of four and three")
    return [4] * (tables - threes) + [3] * threes


# ---------------------------------------------------------------------------------------
# finite fields and designs


def _prime_power(q: int) -> tuple[int, int] | None:
    for p in range(2, q + 1):
        if q % p == 0:
            k = 0
            while q % p == 0:
                q //= p
                k += 1
            return (p, k) if q == 1 else None
    return None


class _Field:
    """GF(p^k): elements are the integers 0..q−1 read as base-p coefficient vectors."""

    def __init__(self, p: int, k: int) -> None:
        self.p, self.k, self.q = p, k, p**k
        q = self.q
        for coeffs in itertools.product(range(p), repeat=k):
            if coeffs[0] == 0 and k > 1:
                continue  # x would divide the polynomial
            powers = self._powers(coeffs)
            if powers is not None:
                self.exp = powers + powers
                self.log = {v: i for i, v in enumerate(powers)}
                return
        raise AssertionError(f"no primitive polynomial for GF({q})")  # pragma: no cover

    def _powers(self, coeffs: tuple[int, ...]) -> list[int] | None:
        p, k, q = self.p, self.k, self.q
        if k == 1:
            # GF(p): find a primitive root directly.
            g = (-coeffs[0]) % p
            if g == 0 and p > 2:
                return None
            g = g or 1
            out, x = [], 1
            for _ in range(q - 1):
                out.append(x)
                x = x * g % p
            return out if len(set(out)) == q - 1 else None
        vec = [1] + [0] * (k - 1)  # the element 1
        out = []
        for _ in range(q - 1):
            out.append(sum(c * p**i for i, c in enumerate(vec)))
            top = vec[-1]
            vec = [0, *vec[:-1]]
            vec = [(v - top * c) % p for v, c in zip(vec, coeffs, strict=True)]
        return out if len(set(out)) == q - 1 else None

    def add(self, a: int, b: int) -> int:
        if self.k == 1:
            return (a + b) % self.p
        out, mult = 0, 1
        while a or b:
            out += ((a % self.p + b % self.p) % self.p) * mult
            a //= self.p
            b //= self.p
            mult *= self.p
        return out

    def mul(self, a: int, b: int) -> int:
        if a == 0 or b == 0:
            return 0
        return self.exp[self.log[a] + self.log[b]]


def _transversal_classes(q: int) -> list[list[list[int]]]:
    """Parallel classes of a transversal design on 4 groups of q (player g·q + x).

    Table (a, b) = {(g, a·α_g + b)}; two players of different groups meet in at most one
    class when a − a' times every α difference is a unit.
    """
    if q < 4:
        return []
    pk = _prime_power(q)
    if pk is not None:
        field = _Field(*pk)
        alphas = [0, 1, 2, 3]
        return [
            [[g * q + field.add(field.mul(a, alphas[g]), b) for g in range(4)] for b in range(q)]
            for a in range(q)
        ]
    # The ring Z_q with α = 0, 1, 2, 3: keep multipliers whose differences d satisfy
    # d·δ ≢ 0 (mod q) for δ = 1, 2, 3.
    chosen: list[int] = []
    for a in range(q):
        if all(((a - c) * d) % q != 0 for c in chosen for d in (1, 2, 3)):
            chosen.append(a)
    return [[[g * q + (a * g + b) % q for g in range(4)] for b in range(q)] for a in chosen]


ROTATIONAL: dict[int, tuple[int, int, tuple[tuple[int, ...], ...]]] = {
    # players: (m, orbits, base session), found by `python bench/find_base_rounds.py
    # --players N --m M` (seed 0)
    24: (7, 3, ((8, 16, 17, 19), (5, 7, 11, 12), (1, 9, 15, 22), (3, 4, 6, 14), (2, 13, 18, 21),
                (0, 10, 20, 23))),
    40: (10, 4, ((3, 14, 30, 34), (19, 23, 31, 32), (5, 9, 37, 39), (18, 25, 28, 35),
                 (2, 24, 26, 38), (10, 11, 17, 22), (0, 8, 21, 27), (12, 20, 33, 36),
                 (1, 4, 16, 29), (6, 7, 13, 15))),
}  # fmt: skip
"""Base sessions of 1-rotational designs: session g is the base with x ↦ x + g (mod m).

Player o·m + x is point x of orbit o (o < orbits); the players from orbits·m on are fixed
points. No pair of the base repeats under the shifts (each pair orbit of Z_m is used once,
:func:`rotational_pairs`), so the m sessions are a packing: 24 players × 7 sessions
(Z_7, three fixed points) and 40 × 10 (Z_10) with no repeat pair.
"""


def rotational_pairs(m: int, orbits: int, base: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """The pair orbits under x ↦ x + 1 (mod m) of the base session's pairs, one per pair.

    A base session develops into a packing exactly when these are all distinct and none is
    a short orbit (two fixed points, or a difference of m/2 within an orbit).

    >>> pairs = rotational_pairs(7, 1, [(0, 1, 3, 7)])  # 0, 1, 3 all meet the fixed 7
    >>> len(pairs), len(set(pairs))
    (6, 4)
    """
    out: list[tuple[int, ...]] = []
    fixed = orbits * m
    for table in base:
        for a, b in itertools.combinations(sorted(table), 2):
            if b >= fixed:  # (1, orbit, fixed point) or, when both are fixed, a short orbit
                out.append((1, a // m, b) if a < fixed else (2, a, b))
            elif a // m == b // m:
                d = (b - a) % m
                out.append((0, a // m, min(d, m - d)) if 2 * d != m else (2, a, b))
            else:
                out.append((3, a // m, b // m, (b % m - a % m) % m))
    return out


def _rotational(n: int, sessions: int) -> Plan | None:
    """The first ``sessions`` sessions of the 1-rotational design for ``n``, if any."""
    known = ROTATIONAL.get(n)
    if known is None or sessions > known[0]:
        return None
    m, orbits, base = known
    fixed = orbits * m

    def shift(p: int, g: int) -> int:
        return p if p >= fixed else (p // m) * m + (p % m + g) % m

    return [[[shift(p, g) for p in table] for table in base] for g in range(sessions)]


_LIFTED_PLAYERS = 32
"""Players of the lifted design (:func:`_lifted_planes`): 16 pairs F_2^4 × Z_2."""


@functools.cache
def _lifted_planes() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Ten sessions for 32 players where no two players meet twice (social golfer 8-4-10).

    Ten rounds of 8 tables meet 30 of a player's 31 opponents: the plan is a resolvable
    4-GDD of type 2^16, every player missing exactly one other. Player 2x + a is the point
    (x, a) of F_2^4 × Z_2; the pairs {2x, 2x + 1} never meet.

    1. Ten 2-dimensional subspaces W_1..W_10 of F_2^4 holding every non-zero vector
       exactly twice (e.g. two disjoint spreads; found by a backtracking in a fixed order).
       Session i takes the four cosets C = x + W_i (affine planes of AG(4, 2)); two
       points x ≠ y share a coset in exactly the two sessions whose subspace holds x + y.
    2. Each coset is lifted to two tables {(x, s_i(x)) : x ∈ C} and {(x, s_i(x) + 1)},
       which seat all 8 players of C × Z_2. In session i the pairs of x and y met are
       (x, a), (y, b) with a + b = s_i(x) + s_i(y): two of the four. So every pair of
       players meets exactly once when, for every x ≠ y, the two sessions i, j that put x
       and y together give s_i(x) + s_i(y) + s_j(x) + s_j(y) = 1 — 120 linear equations
       over GF(2) in the 160 signs s_i(x), solved by Gaussian elimination.

    Deterministic: the first subspace choice (in the fixed order) whose system is
    solvable, free signs 0. Checked by :func:`design` as every design is.
    """
    planes = sorted(
        {frozenset((0, a, b, a ^ b)) for a in range(1, 16) for b in range(1, 16) if a != b},
        key=sorted,
    )
    chosen: list[frozenset[int]] = []
    cover = [0] * 16

    def signs() -> list[int] | None:
        # one equation per pair x < y: the sessions holding x ^ y, bit i·16 + x per sign
        rows = []
        for x, y in itertools.combinations(range(16), 2):
            row = 1 << 160  # the right-hand side 1
            for i, plane in enumerate(chosen):
                if x ^ y in plane:
                    row ^= (1 << (i * 16 + x)) ^ (1 << (i * 16 + y))
            rows.append(row)
        return _solve_gf2(rows, 160)

    def search() -> list[int] | None:
        if len(chosen) == 10:
            return signs()
        v = next(v for v in range(1, 16) if cover[v] < 2)
        for plane in planes:
            if v in plane and plane not in chosen and all(cover[u] < 2 for u in plane if u):
                chosen.append(plane)
                for u in plane - {0}:
                    cover[u] += 1
                found = search()
                if found is not None:
                    return found
                chosen.pop()
                for u in plane - {0}:
                    cover[u] -= 1
        return None

    s = search()
    if s is None:  # pragma: no cover - the construction exists (checked by the tests)
        raise AssertionError("no lifted design for 32 players")
    sessions = []
    for i, plane in enumerate(chosen):
        tables: list[tuple[int, ...]] = []
        for coset in sorted({tuple(sorted(x ^ w for w in plane)) for x in range(16)}):
            for flip in (0, 1):
                tables.append(tuple(2 * x + (s[i * 16 + x] ^ flip) for x in coset))
        sessions.append(tuple(tables))
    return tuple(sessions)


def _solve_gf2(rows: Sequence[int], nvars: int) -> list[int] | None:
    """A solution of a linear system over GF(2), or None.

    Each row is a bit mask: bit j < nvars the coefficient of variable j, bit nvars the
    right-hand side. Free variables are 0.

    >>> _solve_gf2([0b111, 0b010], 2)  # x0 + x1 = 1, x1 = 0
    [1, 0]
    >>> _solve_gf2([0b001, 0b101], 2) is None  # x0 = 0, x0 = 1
    True
    """
    pivots: dict[int, int] = {}
    for given in rows:
        row = given
        for bit in range(nvars):
            if not row >> bit & 1:
                continue
            if bit in pivots:
                row ^= pivots[bit]
            else:
                pivots[bit] = row
                break
        else:
            if row >> nvars & 1:
                return None  # 0 = 1
    out = [0] * nvars
    for bit in sorted(pivots, reverse=True):
        row, value = pivots[bit], pivots[bit] >> nvars & 1
        for other in range(bit + 1, nvars):
            if row >> other & 1:
                value ^= out[other]
        out[bit] = value
    return out


def _lifted(n: int, sessions: int) -> Plan | None:
    """The first ``sessions`` sessions of the lifted design, for 32 players."""
    if n != _LIFTED_PLAYERS or not 1 <= sessions <= 10:
        return None
    return [[list(t) for t in session] for session in _lifted_planes()[:sessions]]


def design(n: int, sessions: int) -> Plan | None:
    """A plan of ``sessions`` sessions for players 0..n−1 where no two players meet twice.

    Known constructions only (every result is checked); None when none is known. 32
    players take the first ``sessions`` sessions of the lifted design (up to 10).

    >>> len(design(16, 5)), design(16, 6) is None, len(design(24, 7)), len(design(32, 10))
    (5, True, 7, 10)
    """
    plan = _lifted(n, sessions)
    if plan is None:
        plan = _design(n, sessions)
    if plan is None:
        plan = _rotational(n, sessions)
    if plan is None:
        return None
    meets = _meetings(plan)
    if any(v > 1 for v in meets.values()) or any(
        sorted(p for t in session for p in t) != list(range(n)) for session in plan
    ):  # pragma: no cover - constructions are exact
        raise AssertionError(f"design({n}, {sessions}) is not a resolvable packing")
    return plan


def _design(n: int, sessions: int) -> Plan | None:
    if n % 4 != 0 or n == 0:
        return None
    if sessions == 1:
        return [[list(range(i, i + 4)) for i in range(0, n, 4)]]
    if n == 4:
        return None
    q = n // 4
    classes = _transversal_classes(q)
    plan: Plan = [[list(t) for t in c] for c in classes[:sessions]]
    if len(plan) < sessions:
        # Players of one group never met: seat each group on its own by a design for q.
        inner = design(q, sessions - len(plan))
        if inner is None:
            return None
        for k in range(sessions - len(plan)):
            plan.append([[g * q + x for x in table] for g in range(4) for table in inner[k]])
    return plan if len(plan) >= sessions else None


# ---------------------------------------------------------------------------------------
# metrics and validation


def lower_bound(sizes_per_session: Sequence[Sequence[int]], n: int) -> int:
    """A lower bound of ``repeats`` (Σ max(0, meetings − 1)) for these table sizes.

    Every table of k seats makes k(k−1)/2 meetings and there are only n(n−1)/2 pairs.

    >>> lower_bound([[4] * 4] * 5, 16), lower_bound([[4] * 4] * 6, 16)
    (0, 24)
    """
    total = sum(k * (k - 1) // 2 for sizes in sizes_per_session for k in sizes)
    return max(0, total - n * (n - 1) // 2)


def _meetings(sessions: Iterable[Sequence[Sequence[int]]]) -> Counter[tuple[int, int]]:
    meets: Counter[tuple[int, int]] = Counter()
    for session in sessions:
        for table in session:
            meets.update(itertools.combinations(sorted(table), 2))
    return meets


def metrics(
    plan: Plan,
    *,
    history: History = (),
    groups: Groups | None = None,
) -> dict[str, Any]:
    """Quality of a plan (with the sessions already played as ``history``).

    ``repeats`` Σ max(0, m − 1) over pairs; ``lower_bound`` for the same table sizes;
    ``max_meetings``; ``cost`` Σ max(0, m − 1)²; ``consecutive`` pairs meeting in two
    consecutive sessions; ``group_conflicts`` pairs at one table sharing a group (a club or
    a team);
    ``wind_deviation`` max over players and winds of |count − sessions/4| (players who only
    sat at tables of four).
    """
    full: list[Sequence[Sequence[int]]] = [*history, *plan]
    meets = _meetings(full)
    players = {p for session in full for table in session for p in table}
    repeats = sum(max(0, m - 1) for m in meets.values())
    consecutive = 0
    for before, after in itertools.pairwise(full):
        consecutive += len(set(_meetings([before])) & set(_meetings([after])))
    group_conflicts = 0
    if groups:
        for session in plan:
            for table in session:
                for a, b in itertools.combinations(table, 2):
                    if _labels(groups.get(a)) & _labels(groups.get(b)):
                        group_conflicts += 1
    wind_counts: dict[int, Counter[str]] = {p: Counter() for p in players}
    three: set[int] = set()
    for played in full:
        for seated_at in played:
            if len(seated_at) == 3:
                three.update(seated_at)
            for wind, p in zip(WINDS, seated_at, strict=False):
                wind_counts[p][wind] += 1
    deviation = 0.0
    for p, counts in wind_counts.items():
        if p in three:
            continue
        seated = sum(counts.values())
        deviation = max(deviation, *(abs(counts[w] - seated / 4) for w in WINDS))
    return {
        "players": len(players),
        "sessions": len(full),
        "repeats": repeats,
        "lower_bound": lower_bound([[len(t) for t in s] for s in full], len(players)),
        "max_meetings": max(meets.values(), default=0),
        "cost": sum(max(0, m - 1) ** 2 for m in meets.values()),
        "consecutive": consecutive,
        "group_conflicts": group_conflicts,
        "wind_deviation": round(deviation, 4),
    }


def validate(
    plan: Plan,
    players: Sequence[int] | Sequence[Sequence[int]],
    *,
    allow_three: bool = False,
) -> None:
    """Check a plan independently of how it was made; raise :class:`SeatingError` if wrong.

    Every session seats each expected player exactly once (``players`` is one list for
    every session, or one list per session), at tables of four (or three when allowed),
    and no table of three coexists with a missing fourth seat elsewhere (threes only when
    the number of players requires them).
    """
    problems: list[str] = []
    for s, session in enumerate(plan, start=1):
        first = players[0] if players else None
        expected_set: set[int] = (
            {int(p) for p in players[s - 1]}  # type: ignore[union-attr]
            if isinstance(first, Sequence)
            else {int(p) for p in players}  # type: ignore[arg-type]
        )
        seen: Counter[int] = Counter(p for table in session for p in table)
        for p, k in sorted(seen.items()):
            if k > 1:
                problems.append(f"session {s}: player {p} is at {k} tables")
        for p in sorted(set(seen) - expected_set):
            problems.append(f"session {s}: player {p} is not registered")
        for p in sorted(expected_set - set(seen)):
            problems.append(f"session {s}: player {p} has no seat")
        threes = 0
        for t, table in enumerate(session, start=1):
            if len(table) == 3 and allow_three:
                threes += 1
            elif len(table) != 4:
                problems.append(f"session {s}: table {t} has {len(table)} players")
        n = len(expected_set)
        if allow_three and threes and threes != 4 * -(-n // 4) - n:
            problems.append(f"session {s}: {threes} tables of three for {n} players")
    if problems:
        raise SeatingError("; ".join(problems[:20]))


# ---------------------------------------------------------------------------------------
# simulated annealing


@dataclass
class _Weights:
    repeat: int = 4
    consecutive: int = 2
    group: int = 1
    three: int = 4
    """Per unit of Σ (times at a table of three)² over players: the dead seat goes round."""


def _three_floor(seats: int, n: int) -> int:
    """The least Σ over ``n`` players of (times at a table of three)², ``seats`` spread evenly.

    >>> _three_floor(4 * 3, 11)  # four sessions of tables 4, 4, 3: 12 seats for 11 players
    14
    """
    q, extra = divmod(seats, n)
    return extra * (q + 1) ** 2 + (n - extra) * q**2


def generate(
    players: Sequence[int],
    sessions: int,
    *,
    seed: int = 0,
    allow_three: bool = False,
    groups: Groups | None = None,
    history: History = (),
    iterations: int | None = None,
    time_limit: float = 120.0,
    weights: tuple[int, int, int] = (4, 2, 1),
    restarts: int = 8,
) -> Plan:
    """A seating plan for ``players`` over ``sessions`` more sessions (winds assigned).

    ``weights`` (repeat, consecutive, group): the cost is repeat · Σ max(0, m − 1)² +
    consecutive · (pairs meeting in consecutive sessions) + group · (club or team mates at
    a table) + 2 · Σ over players of (times at a table of three)², so that the tables of
    three (a dead seat, FIMJ-3P, RAV-3P) go round; the default makes one more repeat cost more
    than three club meetings.

    ``history`` holds the sessions already played (their meetings count, they are not
    changed: re-planning after a withdrawal passes the played sessions and the remaining
    players). ``iterations`` (annealing steps in all) are split over ``restarts`` runs;
    each run after the first starts from the best plan so far with a quarter of its
    sessions shuffled anew. Deterministic for a seed unless ``time_limit`` (seconds, a
    guard against run-away searches) cuts the search short.
    """
    if sessions < 1:
        raise SeatingError("at least one session is needed")
    ids = list(players)
    if len(set(ids)) != len(ids):
        raise SeatingError("a player is listed twice")
    n = len(ids)
    sizes = table_sizes(n, allow_three=allow_three)
    rng = random.Random(seed)
    order = ids[:]
    rng.shuffle(order)  # which player gets which design point: drawn by the seed
    start: Plan = []
    base = design(n, sessions) if not history else None
    if base is None and not history:
        # the longest known perfect prefix, random sessions for the rest
        for r in range(sessions - 1, 0, -1):
            base = design(n, r)
            if base is not None:
                break
    if base is not None:
        if groups:  # which player takes which design point: the fewest group-mates together
            order = _relabel(base, order, groups, rng)
        start = [[[order[i] for i in table] for table in session] for session in base]
    prefix = len(start) if len(start) < sessions else 0
    while len(start) < sessions:
        shuffled = order[:]
        rng.shuffle(shuffled)
        session, i = [], 0
        for k in sizes:
            session.append(shuffled[i : i + k])
            i += k
        start.append(session)
    # annealing with restarts: the budget split in ``restarts`` runs; the first keeps a
    # perfect prefix as it is and completes it, each later one starts from the best plan so
    # far with a kick (a few sessions shuffled anew)
    if iterations is None:
        iterations = min(600_000, max(200_000, 1500 * n * sessions))
    deadline = time.monotonic() + time_limit
    floor = weights[0] * lower_bound([sizes] * sessions, n) if not history else 0
    if not history:
        floor += _Weights().three * _three_floor(sessions * sizes.count(3) * 3, n)
    runs = max(1, restarts)
    plan, cost = start, -1
    for run in range(runs):
        if run:
            start = [[t[:] for t in session] for session in plan]
            for s in rng.sample(range(sessions), max(1, sessions // 4)):
                start[s] = _shuffled(start[s], rng)
        found, found_cost = _anneal(
            start,
            sizes,
            ids,
            rng,
            groups=groups or {},
            history=history,
            iterations=iterations // runs,
            deadline=deadline,
            weights=_Weights(*weights),
            frozen=prefix if run == 0 and runs > 1 else 0,
        )
        if cost < 0 or found_cost < cost:
            plan, cost = found, found_cost
        if cost <= floor or time.monotonic() > deadline:
            break
    return assign_winds(plan, seed=seed, history=history)


def _relabel(
    base: Plan,
    order: list[int],
    groups: Groups,
    rng: random.Random,
    *,
    steps: int = 0,
    restarts: int = 6,
) -> list[int]:
    """``order`` (design point → player) permuted to seat the fewest group-mates together.

    Any permutation keeps the design's meetings and each point's winds, so only the pairs of
    group-mates at a table change: simulated annealing over swaps of two players' points
    (``steps`` per run, default 400 per player), the first run from ``order``, each later
    one (until no group-mates meet) from a shuffled order; the best permutation is kept.
    Deterministic for the ``rng``'s state.
    """
    best = order[:]
    best_cost = -1
    for run in range(max(1, restarts)):
        start = order[:]
        if run:
            rng.shuffle(start)
        found, cost = _relabel_run(base, start, groups, rng, steps)
        if best_cost < 0 or cost < best_cost:
            best, best_cost = found, cost
        if best_cost == 0:
            break
    return best


def _relabel_run(
    base: Plan, order: list[int], groups: Groups, rng: random.Random, steps: int
) -> tuple[list[int], int]:
    """One annealing run of :func:`_relabel`: (the best order, its group-mate meetings)."""
    n = len(order)
    mult: list[Counter[int]] = [
        Counter() for _ in range(n)
    ]  # points meeting point u, and how often
    for session in base:
        for table in session:
            for u, v in itertools.permutations(table, 2):
                mult[u][v] += 1
    near = [list(m.items()) for m in mult]
    perm = order[:]
    index = {p: i for i, p in enumerate(sorted(perm))}
    same = _same_group(sorted(perm), groups)
    who = [index[p] for p in perm]  # point → row of ``same``

    def conflicts_of(u: int) -> int:
        return sum(k for v, k in near[u] if same[who[u]][who[v]])

    cost = sum(conflicts_of(u) for u in range(n)) // 2
    best, best_cost = who[:], cost
    steps = steps or 400 * n
    t0, t1 = 1.5, 0.05
    for it in range(steps):
        if best_cost == 0:
            break
        temp = t0 * (t1 / t0) ** (it / steps)
        u = rng.randrange(n)
        for _ in range(4):  # prefer a point in conflict
            if conflicts_of(u):
                break
            u = rng.randrange(n)
        v = rng.randrange(n)
        if u == v:
            continue
        a, b = who[u], who[v]
        delta = 0
        for w, k in near[u]:
            if w != v:
                delta += k * (same[b][who[w]] - same[a][who[w]])
        for w, k in near[v]:
            if w != u:
                delta += k * (same[a][who[w]] - same[b][who[w]])
        if delta > 0 and rng.random() >= math.exp(-delta / temp):
            continue
        who[u], who[v] = b, a
        cost += delta
        if cost < best_cost:
            best, best_cost = who[:], cost
    players = sorted(perm)
    return [players[i] for i in best], best_cost


def _shuffled(session: list[list[int]], rng: random.Random) -> list[list[int]]:
    """The players of ``session`` at tables of the same sizes, in a random order."""
    players = [p for table in session for p in table]
    rng.shuffle(players)
    out, i = [], 0
    for table in session:
        out.append(players[i : i + len(table)])
        i += len(table)
    return out


def _anneal(
    start: Plan,
    sizes: list[int],
    ids: list[int],
    rng: random.Random,
    *,
    groups: Groups,
    history: History,
    iterations: int,
    deadline: float,
    weights: _Weights,
    frozen: int = 0,
) -> tuple[Plan, int]:
    """Anneal ``start`` for ``iterations`` steps (or until ``deadline``): (best plan, its cost).

    The first ``frozen`` sessions are kept as they are (their meetings count).
    """
    n = len(ids)
    index = {p: i for i, p in enumerate(ids)}
    r = len(start)
    bounds: list[tuple[int, int]] = []
    pos = 0
    for k in sizes:
        bounds.append((pos, pos + k))
        pos += k
    table_of_slot = [t for t, (a, b) in enumerate(bounds) for _ in range(a, b)]
    slots = [[index[p] for table in session for p in table] for session in start]
    tab = [[0] * n for _ in range(r)]
    for s in range(r):
        for i, p in enumerate(slots[s]):
            tab[s][p] = table_of_slot[i]
    meet = [0] * (n * n)
    for session in history:
        for table in session:
            members = [index[p] for p in table if p in index]
            for a, b in itertools.combinations(members, 2):
                meet[a * n + b] += 1
                meet[b * n + a] += 1
    for s in range(r):
        for a0, b0 in bounds:
            members = slots[s][a0:b0]
            for a, b in itertools.combinations(members, 2):
                meet[a * n + b] += 1
                meet[b * n + a] += 1
    # the last played session's tables take part in the consecutive penalty
    prev_tab: list[int] | None = None
    if history:
        prev_tab = [-1 - i for i in range(n)]  # distinct: nobody sat together
        for t, table in enumerate(history[-1]):
            for p in table:
                if p in index:
                    prev_tab[index[p]] = t
    same_group = _same_group(ids, groups)  # n × n booleans
    wr, wc, wg, w3 = weights.repeat, weights.consecutive, weights.group, weights.three
    is_three = [b - a == 3 for a, b in bounds]
    threes = [0] * n  # times each player sits at a table of three, played sessions included
    for session in history:
        for table in session:
            if len(table) == 3:
                for p in table:
                    if p in index:
                        threes[index[p]] += 1
    for s in range(r):
        for i, p in enumerate(slots[s]):
            if is_three[table_of_slot[i]]:
                threes[p] += 1

    def neighbours_tab(s: int) -> list[list[int]]:
        out = []
        if s > 0:
            out.append(tab[s - 1])
        elif prev_tab is not None:
            out.append(prev_tab)
        if s + 1 < r:
            out.append(tab[s + 1])
        return out

    def total_cost() -> int:
        c = 0
        for a in range(n):
            for b in range(a + 1, n):
                m = meet[a * n + b]
                if m > 1:
                    c += wr * (m - 1) ** 2
        for s in range(r):
            nts = [tab[s + 1]] if s + 1 < r else []
            if s == 0 and prev_tab is not None:
                nts.append(prev_tab)
            for a0, b0 in bounds:
                members = slots[s][a0:b0]
                for a, b in itertools.combinations(members, 2):
                    for nt in nts:
                        if nt[a] == nt[b]:
                            c += wc
                    if same_group[a][b]:
                        c += wg
        return c + w3 * sum(t * t for t in threes)

    cost = total_cost()
    best_cost, best = cost, [row[:] for row in slots]
    # every extra meeting costs at least 1: a plan at the repeat bound cannot be improved
    floor = wr * lower_bound([sizes] * r, n) if not history else 0
    if not history:
        floor += w3 * _three_floor(sum(threes), n)
    if cost <= floor or len(bounds) < 2:
        return _to_plan(best, bounds, ids), best_cost
    t0, t1 = 2.0 * wr, 0.02 * wr
    ratio = t1 / t0
    temp = t0
    slot_of = [[0] * n for _ in range(r)]
    for s in range(r):
        for i, p in enumerate(slots[s]):
            slot_of[s][p] = i
    rand = rng.random
    randrange = rng.randrange
    for it in range(iterations):
        if it & 4095 == 0:
            temp = t0 * ratio ** (it / iterations)
            if time.monotonic() > deadline:
                break
        s = randrange(frozen, r)
        row = slots[s]
        # prefer a player in conflict: a few tries
        for _ in range(6):
            i = randrange(n)
            p = row[i]
            a0, b0 = bounds[table_of_slot[i]]
            bad = False
            for x in row[a0:b0]:
                if x != p and (meet[p * n + x] > 1 or same_group[p][x]):
                    bad = True
                    break
            if bad:
                break
        j = randrange(n)
        tj = table_of_slot[j]
        ti = table_of_slot[i]
        if ti == tj:
            continue
        q = row[j]
        nts = neighbours_tab(s)
        # p leaves table ti for tj, q the reverse: (others, leaver, joiner) per table
        moves = ((row[slice(*bounds[ti])], p, q), (row[slice(*bounds[tj])], q, p))
        delta = 0
        if is_three[ti] != is_three[tj]:  # one of them leaves a table of three, one joins it
            out_, in_ = (p, q) if is_three[ti] else (q, p)
            delta += w3 * (2 * (threes[in_] - threes[out_]) + 2)
        for others, leaver, joiner in moves:
            lo, jo = leaver * n, joiner * n
            g_leaver, g_joiner = same_group[leaver], same_group[joiner]
            for x in others:
                if x == leaver:
                    continue
                m = meet[lo + x]
                if m >= 2:
                    delta -= wr * (2 * m - 3)
                m = meet[jo + x]
                if m >= 1:
                    delta += wr * (2 * m - 1)
                # pair_cost(joiner, x) − pair_cost(leaver, x), inlined (the hot loop)
                if g_joiner[x]:
                    delta += wg
                if g_leaver[x]:
                    delta -= wg
                for nt in nts:
                    ntx = nt[x]
                    if nt[joiner] == ntx:
                        delta += wc
                    if nt[leaver] == ntx:
                        delta -= wc
        if delta > 0 and rand() >= math.exp(-delta / temp):
            continue
        for others, leaver, joiner in moves:
            for x in others:
                if x != leaver:
                    meet[leaver * n + x] -= 1
                    meet[x * n + leaver] -= 1
                    meet[joiner * n + x] += 1
                    meet[x * n + joiner] += 1
        if is_three[ti] != is_three[tj]:
            out_, in_ = (p, q) if is_three[ti] else (q, p)
            threes[out_] -= 1
            threes[in_] += 1
        row[i], row[j] = q, p
        tab[s][p], tab[s][q] = tj, ti
        slot_of[s][p], slot_of[s][q] = j, i
        cost += delta
        if cost < best_cost:
            best_cost = cost
            best = [r_[:] for r_ in slots]
            if cost <= floor:
                break
    return _to_plan(best, bounds, ids), best_cost


def _to_plan(slots: list[list[int]], bounds: list[tuple[int, int]], ids: list[int]) -> Plan:
    return [[[ids[p] for p in row[a:b]] for a, b in bounds] for row in slots]


# ---------------------------------------------------------------------------------------
# winds


def assign_winds(plan: Plan, *, seed: int = 0, history: History = ()) -> Plan:
    """Reorder every table so that each player's wind counts are within one of R/4.

    Tables keep their players; only the seat order changes. Greedy per table (the
    permutation that least unbalances the players' counts so far, history included), then
    alternating swaps: a player with a wind in surplus swaps it, at a table where he holds
    it, with the holder of his scarcest wind, and the chain continues from that player
    while he is unbalanced (de Werra's equitable colouring of a bipartite graph).
    """
    rng = random.Random(seed)
    counts: dict[int, list[int]] = {}
    for session in history:
        for table in session:
            for w, p in enumerate(table):
                counts.setdefault(p, [0, 0, 0, 0])[w] += 1
    out: Plan = []
    for session in plan:
        new_session = []
        for table in session:
            for p in table:
                counts.setdefault(p, [0, 0, 0, 0])
            best_perm: tuple[int, ...] | None = None
            best_score = None
            perms = list(itertools.permutations(table))
            rng.shuffle(perms)
            for perm in perms:
                score = sum(counts[p][w] ** 2 for w, p in enumerate(perm))
                if best_score is None or score < best_score:
                    best_score, best_perm = score, perm
            assert best_perm is not None
            for w, p in enumerate(best_perm):
                counts[p][w] += 1
            new_session.append(list(best_perm))
        out.append(new_session)
    # repair: where (session, table) does a player hold each wind
    where: dict[int, list[tuple[int, int]]] = {}
    for s, session in enumerate(out):
        for t, table in enumerate(session):
            for p in table:
                where.setdefault(p, []).append((s, t))
    players = sorted(where, key=str)
    # a player who sat at a table of three (no North there) cannot have level counts of all
    # four winds: he never starts a repair, and a chain does not push North onto him
    flexible = {p for p in players if any(len(out[s][t]) == 3 for s, t in where[p])}
    for _ in range(20 * len(players) + 100):
        changed = False
        for p in players:
            c = counts[p]
            if p in flexible:
                continue
            hi = max(range(4), key=lambda w: c[w])
            lo = min(range(4), key=lambda w: c[w])
            if c[hi] - c[lo] <= 1:
                continue
            cur, want_hi, want_lo = p, hi, lo
            for _step in range(4 * len(players)):
                spots = [
                    (s, t)
                    for s, t in where[cur]
                    if len(out[s][t]) == 4 and out[s][t][want_hi] == cur
                ]
                if not spots:
                    break
                s, t = spots[rng.randrange(len(spots))]
                table = out[s][t]
                other = table[want_lo]
                table[want_hi], table[want_lo] = other, cur
                counts[cur][want_hi] -= 1
                counts[cur][want_lo] += 1
                counts[other][want_lo] -= 1
                counts[other][want_hi] += 1
                changed = True
                # continue from the other player if he is now unbalanced on these winds
                if counts[other][want_hi] - counts[other][want_lo] > 1 and (
                    other not in flexible or want_lo != WINDS.index("N")
                ):
                    cur = other
                    continue
                break
        if not changed:
            break
    return out


# ---------------------------------------------------------------------------------------
# standings-based seating


def swiss(
    ranking: Sequence[int],
    *,
    history: History = (),
    allow_three: bool = False,
    seed: int = 0,
) -> list[list[int]]:
    """One session seated by standings: the best players together, avoiding repeats.

    Players are taken in ranking order; each table starts with the best unseated player and
    is filled by the next ones he (and the others at the table) met least, looking no
    further down the ranking than needed. Winds balanced against the history.
    """
    sizes = table_sizes(len(ranking), allow_three=allow_three)
    meets = _meetings(history)
    remaining = list(ranking)
    session: list[list[int]] = []
    for size in sizes:
        table = [remaining.pop(0)]
        while len(table) < size:
            window = remaining[: max(8, 2 * size)]

            def clash(c: int, table: list[int] = table) -> tuple[int, int]:
                met = sum(meets[(c, x) if c < x else (x, c)] for x in table)
                return (met, remaining.index(c))

            pick = min(window, key=clash)
            if clash(pick)[0] > 0:  # look further down the ranking before a repeat
                pick = min(remaining, key=clash)
            remaining.remove(pick)
            table.append(pick)
        session.append(table)
    return assign_winds([session], seed=seed, history=history)[0]
