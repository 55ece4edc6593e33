"""Table results and rankings of each regulation (pure functions, no database).

Every number is an integer: scores in the ruleset's units, uma in points, table points
and places in twelfths (``x12``) so that shared places split exactly.

Regulations:

- ``fimj`` (FIMJ championship): a table result is the net of the session's hands; the
  ranking is the sum of the results minus penalties; ties broken by table points (4/2/1/0 by
  place at each table, shared among tied players); still tied players share the place.
  **Decision (tournament)**: the FIMJ seed gives no ranking formula (FIMJ-TOURN-1 leaves it
  to the competition regulation); this is the sum-of-sessions rule of RAV-COMP-6.
- ``ravenna``: a table result is 2000 ± the session's winnings (RAV-COMP-6); the ranking is
  the sum of the results; tied players share the place.
- ``ema`` (EMA riichi): leftover riichi sticks to the table's winner, split on ties with
  the remainder to the earliest seat (EMA-STICK-5), then uma +9000/+3000/−3000/−9000 split
  equally among tied players (EMA-UMA-1/2); penalties (chombo of later EMA rules included)
  come after uma and do not move places; ranking by the sum of final scores.
- ``mcr``: table points 4/2/1/0 by score at the table, tied players splitting the points of
  the places they occupy; ranking by table points, then by score; shared places.

>>> r = table_results("mcr", {"E": 40, "S": 40, "W": -20, "N": -60})
>>> [(w, x.table_points_x12, x.final) for w, x in r.items()]
[('E', 36, 40), ('S', 36, 40), ('W', 12, -20), ('N', 0, -60)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from muraglia.tiles import WIND_LETTERS

__all__ = [
    "EMA_UMA",
    "PLACE_POINTS",
    "RAVENNA_START",
    "SeatResult",
    "Standing",
    "rank",
    "table_results",
]

EMA_UMA = (9000, 3000, -3000, -9000)
"""EMA-UMA-1."""
PLACE_POINTS = (4, 2, 1, 0)
"""MCR table points (and the FIMJ tie-break): 4/2/1/0 by place."""
RAVENNA_START = 2000
"""RAV-COMP-6: a player's table result is his chip total, 2000 ± winnings."""


@dataclass(frozen=True)
class SeatResult:
    """One seat's result at a table (see :class:`muraglia.tournament.models.TableResult`)."""

    raw_score: int
    sticks: int
    uma: int
    table_points_x12: int
    place_x12: int
    final: int


def _places(scores: Mapping[str, int]) -> dict[str, list[int]]:
    """For each seat, the 0-based places its score group occupies (ties share)."""
    order = sorted(scores.values(), reverse=True)
    out: dict[str, list[int]] = {}
    for w, v in scores.items():
        first = order.index(v)
        out[w] = list(range(first, first + order.count(v)))
    return out


def table_results(
    regulation: str,
    raw: Mapping[str, int],
    *,
    leftover_sticks: int = 0,
) -> dict[str, SeatResult]:
    """The results of one table from each seat's raw score (keys: starting winds).

    ``raw`` is the net of the hands (Ravenna: the chip total, 2000 ± winnings).
    ``leftover_sticks`` (EMA) are points left on the table after the last hand.
    """
    seats = [w for w in WIND_LETTERS if w in raw]
    places = _places({w: raw[w] for w in seats})
    out: dict[str, SeatResult] = {}
    sticks = dict.fromkeys(seats, 0)
    if leftover_sticks:  # EMA-STICK-5, SEI-GAME-3
        top = [w for w in seats if places[w][0] == 0]
        share, rest = divmod(leftover_sticks, len(top))
        for w in top:
            sticks[w] = share
        sticks[top[0]] += rest  # EMA-GAP-22: the remainder to the earliest seat
    for w in seats:
        occupied = places[w]
        place_x12 = 12 * sum(p + 1 for p in occupied) // len(occupied)
        if regulation in {"mcr", "fimj"}:
            pts = Fraction(
                sum(PLACE_POINTS[p] for p in occupied if p < len(PLACE_POINTS)), len(occupied)
            )
        else:
            pts = Fraction(0)
        uma = 0
        if regulation == "ema":
            uma_f = Fraction(sum(EMA_UMA[p] for p in occupied if p < len(EMA_UMA)), len(occupied))
            uma = int(uma_f)  # EMA-UMA-2: every split of 9000/3000 multiples is whole
        final = raw[w] + sticks[w] + uma
        out[w] = SeatResult(raw[w], sticks[w], uma, int(pts * 12), place_x12, final)
    return out


@dataclass
class Standing:
    """One player's line of the standings."""

    player: int
    name: str
    ranked: bool = True
    score: int = 0
    raw: int = 0
    table_points_x12: int = 0
    uma: int = 0
    penalties: int = 0
    sessions: dict[int, int] = field(default_factory=dict)
    rank: int | None = None
    team: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def key(self, regulation: str) -> tuple[int, ...]:
        """The sort key of the regulation (smaller sorts first)."""
        if regulation == "mcr":
            return (-self.table_points_x12, -self.score)
        if regulation == "fimj":
            return (-self.score, -self.table_points_x12)
        return (-self.score,)


def rank(lines: Sequence[Standing], regulation: str) -> list[Standing]:
    """Sort and number the standings; equal keys share a place (1, 2, 2, 4)."""
    ranked = sorted((s for s in lines if s.ranked), key=lambda s: (s.key(regulation), s.player))
    previous: tuple[int, ...] | None = None
    for i, line in enumerate(ranked, start=1):
        k = line.key(regulation)
        if k != previous:
            line.rank = i
            previous = k
        else:
            line.rank = ranked[i - 2].rank
    unranked = sorted((s for s in lines if not s.ranked), key=lambda s: s.player)
    for line in unranked:
        line.rank = None
    return ranked + unranked
