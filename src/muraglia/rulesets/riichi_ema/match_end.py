"""The end of a riichi match: uma, leftover sticks, oka and the result rounding (EMA-UMA)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from muraglia.rulesets.riichi_ema.payments import (
    SEATS,
)
from muraglia.rulesets.riichi_ema.settlement import seat_of
from muraglia.scoring.result import (
    Settlement,
    Transfer,
)


def uma_shares(scores: Mapping[str, int], uma: Sequence[int], tie: str = "share") -> dict[str, int]:
    """Uma by seat, tied players sharing the places they occupy (EMA-UMA-2).

    With ``tie="first_seat"`` (Tenhou) ties are broken by seat order from the first dealer
    (``E S W N``: the keys are the seats of the first deal).

    >>> uma_shares({"E": 10, "S": 10, "W": 0, "N": -20}, (9000, 3000, -3000, -9000))
    {'E': 6000, 'S': 6000, 'W': -3000, 'N': -9000}
    >>> uma_shares({"E": 10, "S": 10, "W": 0, "N": -20}, (9000, 3000, -3000, -9000), "first_seat")
    {'E': 9000, 'S': 3000, 'W': -3000, 'N': -9000}
    """
    order = _placing(scores)
    out: dict[str, int] = {}
    i = 0
    while i < len(order):
        j = i + 1
        if tie == "share":
            while j < len(order) and scores[order[j]] == scores[order[i]]:
                j += 1
        share = sum(uma[i:j]) // (j - i)
        for s in order[i:j]:
            out[s] = share
        i = j
    return {s: out[s] for s in scores}


def _placing(scores: Mapping[str, int]) -> list[str]:
    """Seats by score, highest first; equal scores in seat order from the first dealer."""
    rank = {s: k for k, s in enumerate(SEATS)}
    return sorted(scores, key=lambda s: (-scores[s], rank.get(s, 4)))


def _round_thousand(x: int) -> int:
    """Round to a thousand, 500 toward zero and 600 away (Tenhou's final results).

    >>> [_round_thousand(v) for v in (-5500, -4600, 2500, 2600, 300)]
    [-5000, -5000, 2000, 3000, 0]
    """
    q, r = divmod(abs(x), 1000)
    return (1 if x >= 0 else -1) * 1000 * (q + (r > 500))


def final_settlement(
    scores: Mapping[str, int],
    sticks: int,
    uma: Sequence[int],
    *,
    sticks_tie: str = "share",
    uma_tie: str = "share",
    oka: int = 0,
    return_points: int = 30000,
    rounding: str = "none",
) -> Settlement:
    """Leftover sticks to the leader(s), then uma (EMA-STICK-5, EMA-UMA, EMA-GAP-22).

    Uma is paid by the seats with negative uma to those with positive uma, proportionally;
    ``net`` gives each seat's uma plus its share of the sticks. ``sticks_tie="first_seat"``
    gives the sticks of tied leaders to the first in seat order (Tenhou); ``uma_tie`` see
    :func:`uma_shares`. ``extra["result"]`` is each seat's score with sticks, uma and ``oka``
    (to the first place) minus ``return_points``; ``rounding="tenhou"`` rounds every place
    but the first to a thousand and gives the first the balance (the results sum to zero).

    >>> s = final_settlement({"E": 26600, "S": 15500, "W": 42800, "N": 15100}, 0,
    ...     (20000, 10000, -10000, -20000), oka=20000, rounding="tenhou")
    >>> s.extra["result"]  # a record's owari: 7.0, -24.0, 52.0, -35.0
    {'E': 7000, 'S': -24000, 'W': 52000, 'N': -35000}
    """
    for s in scores:
        seat_of(s, "seat")
    top = max(scores.values())
    leaders = [s for s in SEATS if s in scores and scores[s] == top]
    if sticks_tie == "first_seat":
        leaders = leaders[:1]
    transfers: list[Transfer] = []
    pool = 1000 * sticks
    share, rest = divmod(pool, len(leaders)) if leaders else (0, 0)
    for k, s in enumerate(leaders):
        amount = share + (rest if k == 0 else 0)
        if amount:
            transfers.append(Transfer("table", s, amount, "riichi_sticks"))
    got = {s: sum(t.amount for t in transfers if t.payee == s) for s in scores}
    points = {s: scores[s] + got[s] for s in scores}
    shares = uma_shares(points if uma_tie == "first_seat" else scores, uma, uma_tie)
    for s, v in shares.items():
        if v:
            transfers.append(
                Transfer("uma", s, v, "uma") if v > 0 else Transfer(s, "uma", -v, "uma")
            )
    final = {s: points[s] + shares[s] for s in scores}
    order = _placing(points)
    result = {s: final[s] - return_points for s in scores}
    if order:
        result[order[0]] += oka
    if rounding == "tenhou" and order:
        for s in order[1:]:
            result[s] = shares[s] + _round_thousand(points[s] - return_points)
        result[order[0]] = -sum(result[s] for s in order[1:])
    return Settlement.from_transfers(
        transfers,
        parties=(*scores, "table"),
        extra={"uma": shares, "final_scores": final, "result": result},
    )
