"""Ravenna 200/400 settlement: the winner collects, the others settle differences.

Amounts are computed from each seat's hand value (already capped at the massimo, RAV-MAX-2):

* the winner collects his value *V'* from each other player, doubled when East pays or wins
  (RAV-PAY-1), rounded to tens after doubling (RAV-ROUND-1);
* every pair of non-winners settles the difference of their values; when East is one of the
  two, the difference is doubled after it is computed (RAV-PAY-2, RAV-PAY-3);
* at a three-player table the dead seat ("morto") pays the Mah-Jong, never doubled, and takes
  no part in the differences (RAV-3P-3, RAV-3P-4);
* two or more winners on one discard void the deal (RAV-END-2, RAV-GAP-30).

Seats are the wind letters ``E S W N``; ``E`` is the player holding the East role.

>>> t, net = settle_values({"E": 28, "S": 84, "W": 36, "N": 40}, winners=("S",))
>>> net
{'E': -210, 'S': 330, 'W': -60, 'N': -60}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from muraglia.errors import RulesetError

__all__ = ["SEATS", "Transfer", "difference_amount", "round_tens", "settle_values"]

SEATS = ("E", "S", "W", "N")
"""The four seats by wind, in order of play."""

EAST = "E"


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment between two seats."""

    payer: str
    """Seat wind of the player who pays."""
    payee: str
    """Seat wind of the player who collects."""
    amount: int
    """Amount, positive, already rounded."""
    reason: str
    """``mahjong`` (paying the winner) or ``difference`` (hand points)."""


def round_tens(amount: int) -> int:
    """Round a non-negative amount to tens, an exact 5 going down (RAV-ROUND, RAV-GAP-19).

    >>> [round_tens(x) for x in (4, 5, 8, 16, 24, 136, 152, 168)]
    [0, 0, 10, 20, 20, 140, 150, 170]
    """
    if amount < 0:
        raise ValueError(f"cannot round a negative amount {amount!r}")
    return (amount + 4) // 10 * 10


def difference_amount(high: str, high_value: int, low: str, low_value: int) -> int:
    """What ``low`` pays ``high`` for hand points (RAV-PAY-2, RAV-PAY-3).

    East's values are compared as they are; the difference is doubled when East is one of the
    two, then rounded.

    >>> difference_amount("E", 28, "W", 16), difference_amount("W", 28, "E", 16)
    (20, 20)
    """
    diff = high_value - low_value
    if diff < 0:
        raise ValueError(f"{high!r} has {high_value}, less than {low!r} with {low_value}")
    if EAST in (high, low):
        diff *= 2
    return round_tens(diff)


def _check(values: Mapping[str, int], winners: Sequence[str], dead: str | None) -> None:
    if set(values) != set(SEATS):
        raise RulesetError(f"ravenna settlement needs a value for each of E S W N, got {values!r}")
    for seat in winners:
        if seat not in SEATS:
            raise RulesetError(f"unknown winner seat {seat!r}")
    if dead is not None:
        if dead == EAST or dead not in SEATS:
            raise RulesetError(f"the dead seat must be S, W or N, not {dead!r} (RAV-3P-4)")
        if dead in winners:
            raise RulesetError(f"the dead seat {dead!r} cannot win (RAV-3P-4)")
    for seat, value in values.items():
        if value < 0:
            raise RulesetError(f"negative hand value {value!r} for {seat!r}")


def settle_values(
    values: Mapping[str, int],
    *,
    winners: Sequence[str],
    dead: str | None = None,
) -> tuple[tuple[Transfer, ...], dict[str, int]]:
    """Settle one deal from each seat's hand value.

    Args:
        values: capped hand value per seat wind: *V'* for the winner (RAV-SCORE-1), *S* for
            the others (RAV-SCORE-2; 0 for penalised players, RAV-SCORE-3).
        winners: the seats that made Mah-Jong (none: exhausted wall; two or more: void).
        dead: the dead seat at a three-player table (RAV-3P), or None.

    Returns:
        The transfers (zero amounts omitted) and each seat's net result (sums to zero).

    Raises:
        RulesetError: for unknown seats, a dead East or a dead winner, negative values.
    """
    _check(values, winners, dead)
    net = dict.fromkeys(SEATS, 0)
    if len(winners) != 1:  # RAV-END-1 exhausted wall, RAV-END-2 two winners: void
        return (), net
    winner = winners[0]
    out: list[Transfer] = []
    for payer in SEATS:  # RAV-PAY-1 (and RAV-3P-4 for the dead seat)
        if payer == winner:
            continue
        factor = 2 if EAST in (payer, winner) and payer != dead else 1
        out.append(Transfer(payer, winner, round_tens(values[winner] * factor), "mahjong"))
    losers = [s for s in SEATS if s not in (winner, dead)]
    for i, first in enumerate(losers):  # RAV-PAY-2, RAV-PAY-3
        for second in losers[i + 1 :]:
            high, low = (first, second) if values[first] >= values[second] else (second, first)
            amount = difference_amount(high, values[high], low, values[low])
            out.append(Transfer(low, high, amount, "difference"))
    transfers = tuple(t for t in out if t.amount)
    for t in transfers:
        net[t.payer] -= t.amount
        net[t.payee] += t.amount
    return transfers, net
