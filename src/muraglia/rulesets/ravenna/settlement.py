"""Ravenna 200/400 settlement terms on the shared classical arithmetic.

Ravenna settles exactly like the classical Italian game (:mod:`muraglia.scoring.classical`),
with these terms:

* the winner collects his value *V'* from each other player, doubled when East pays or wins
  (RAV-PAY-1), rounded to tens after doubling (RAV-ROUND-1);
* every pair of non-winners settles the difference of their values; when East is one of the
  two, the difference is doubled after it is computed — East's own double "counts" only when
  his value is higher before doubling (RAV-PAY-2…4, the seed's worked examples);
* at a three-player table the dead seat ("morto") pays the Mah-Jong as a non-East player —
  double when East wins, "L'Est paga doppio e riscuote doppio" — and takes no part in the
  differences (RAV-3P-3, RAV-3P-4 as corrected in the spec);
* two or more winners on one discard void the deal (RAV-END-2, RAV-GAP-30).

Seats are the wind letters ``E S W N``; ``E`` is the player holding the East role.

>>> settle_values({"E": 28, "S": 84, "W": 36, "N": 40}, winners=("S",)).net
{'E': -210, 'S': 330, 'W': -60, 'N': -60}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from muraglia.errors import RulesetError
from muraglia.scoring.classical import (
    DEFAULT_SEATS,
    ClassicalSettlement,
    MultipleWinners,
    SettlementTerms,
    settle,
)

__all__ = ["RAVENNA_TERMS", "SEATS", "settle_values"]

SEATS = DEFAULT_SEATS
"""The four seats by wind, in order of play."""

RAVENNA_TERMS = SettlementTerms(
    multiple_winners=MultipleWinners.VOID,  # RAV-END-2
    dead_seat_pays_mahjong=True,  # RAV-3P-3
)
"""Ravenna's settlement terms: FIMJ's arithmetic, void on two winners, a paying dead seat."""


def settle_values(
    values: Mapping[str, int],
    *,
    winners: Sequence[str],
    dead: str | None = None,
) -> ClassicalSettlement:
    """Settle one deal from each seat's capped hand value.

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
    if dead == "E":
        raise RulesetError("the dead seat cannot be East: it never holds the East role (RAV-3P-4)")
    return settle(values, winners=winners, east="E", terms=RAVENNA_TERMS, dead=dead)
