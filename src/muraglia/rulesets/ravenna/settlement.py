"""Ravenna 200/400 settlement terms on the shared classical arithmetic, and their explanation.

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
* two or more winners on one discard void the deal (RAV-END-2, RAV-GAP-30);
* a player who breaks his rack after a false call pays each innocent player a Mah-Jong of his
  hand (RAV-PEN-6, RAV-GAP-25).

Seats are the wind letters ``E S W N``; ``E`` is the player holding the East role. The deal
itself (which hands, which statuses) is read and scored by :meth:`.RavennaRules.settle`; this
module turns the values into payments and the :class:`~muraglia.scoring.result.Settlement`.

>>> settle_values({"E": 28, "S": 84, "W": 36, "N": 40}, winners=("S",)).net
{'E': -210, 'S': 330, 'W': -60, 'N': -60}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from muraglia.errors import RulesetError
from muraglia.rulesets.ravenna.inputs import STATUSES
from muraglia.scoring.classical import (
    DEFAULT_SEATS,
    MultipleWinners,
    SettlementTerms,
    explain_transfers,
    mahjong_payment,
    settle,
)
from muraglia.scoring.deal import SEAT_NAMES, seat_heading
from muraglia.scoring.result import ScoreResult, Settlement, Transfer

__all__ = [
    "BROKEN_RACK",
    "RAVENNA_TERMS",
    "SEATS",
    "broken_rack",
    "deal_settlement",
    "settle_values",
    "void_settlement",
]

SEATS = DEFAULT_SEATS
"""The four seats by wind, in order of play."""

RAVENNA_TERMS = SettlementTerms(
    multiple_winners=MultipleWinners.VOID,  # RAV-END-2
    dead_seat_pays_mahjong=True,  # RAV-3P-3
)
"""Ravenna's settlement terms: FIMJ's arithmetic, void on two winners, a paying dead seat."""

BROKEN_RACK = "broken_rack"
"""The status (and transfer reason) of a rack broken after a false call (RAV-PEN-6)."""
_REASONS = {BROKEN_RACK: {"it": "stecca distrutta", "en": "broken rack"}}


def settle_values(
    values: Mapping[str, int],
    *,
    winners: Sequence[str],
    dead: str | None = None,
) -> Settlement:
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


def broken_rack(payer: str, values: Mapping[str, int]) -> Settlement:
    """RAV-PEN-6 (RAV-GAP-25): ``payer`` pays each seat of ``values`` a Mah-Jong of that value.

    >>> broken_rack("W", {"E": 30, "S": 48}).net
    {'E': 60, 'S': 50, 'W': -110, 'N': 0}
    """
    transfers = []
    for seat, value in values.items():
        amount = mahjong_payment(value, payer=payer, payee=seat, east="E", terms=RAVENNA_TERMS)
        if amount:
            transfers.append(Transfer(payer, seat, amount, BROKEN_RACK))
    net = dict.fromkeys(SEATS, 0)
    for t in transfers:
        net[t.payer] -= t.amount
        net[t.payee] += t.amount
    return Settlement(tuple(transfers), net)


def void_settlement() -> Settlement:
    """A void deal: nothing scored, nothing paid (RAV-END-1, RAV-END-2)."""
    zero = dict.fromkeys(SEATS, 0)
    explanation = {"it": ("Mano a monte: nessun pagamento.",), "en": ("Void deal: no payments.",)}
    return Settlement((), zero, dict(zero), explanation, _extra(void=True), reasons=True)


def deal_settlement(
    scores: Mapping[str, ScoreResult],
    values: Mapping[str, int],
    paid: Settlement,
    *,
    statuses: Mapping[str, str],
    dead: str | None,
) -> Settlement:
    """The :class:`Settlement` of a deal: the payments, each seat's value and the explanation.

    Each transfer prints its reason (``muraglia settle``, docs/scoring.md).
    """
    explanation = {
        lang: tuple(_explain(scores, values, paid, statuses, dead, lang)) for lang in ("it", "en")
    }
    return Settlement(
        paid.transfers, dict(paid.net), dict(values), explanation, _extra(void=False), reasons=True
    )


def _extra(*, void: bool) -> dict[str, object]:
    return {"rules": "ravenna", "void": void}


def _explain(  # noqa: PLR0917 - private, called once per language
    scores: Mapping[str, ScoreResult],
    values: Mapping[str, int],
    paid: Settlement,
    statuses: Mapping[str, str],
    dead: str | None,
    lang: str,
) -> list[str]:
    """Each seat's hand, then one line per payment with its arithmetic, in ``it`` or ``en``."""
    it = lang == "it"
    names = SEAT_NAMES[lang]
    lines: list[str] = []
    for seat, score in scores.items():  # RAV-SEAT-5, RAV-PAY-3: East pays and collects double
        st = statuses.get(seat)
        lines.append(
            seat_heading(seat, values[seat], lang, won=score.valid, status=st, statuses=STATUSES)
        )
        lines += ["  " + x for x in score.lines(lang)]
    if dead is not None:  # RAV-3P-3
        lines.append(
            f"{names[dead]} è il morto: paga i Mah-Jong (doppio all'Est), non le stecche"
            if it
            else f"{names[dead]} is the dead seat: pays the Mah-Jong (double to East), "
            "no differences"
        )
    lines += explain_transfers(
        paid.transfers, values, lang, east="E", terms=RAVENNA_TERMS, reasons=_REASONS
    )
    total = "Saldo" if it else "Net"
    lines.append(f"{total}: " + ", ".join(f"{names[s]} {v:+d}" for s, v in paid.net.items()))
    return lines
