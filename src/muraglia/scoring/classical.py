"""Arithmetic of the classical Italian rulesets: points × 2^doubles, East's double, tens.

FIMJ (seed 000), Ravenna (seed 004) and Seipalle (seed 003) all value a hand the same way and
settle a deal with the same few operations; this module holds that arithmetic once, so the
rulesets differ only in the :class:`SettlementTerms` they pass.

1. **Hand value** (:func:`hand_value`): *V* = points × 2^doubles, capped at the limit *L*
   (FIMJ-SCORE-4, FIMJ-GAP-2: the cap comes *before* East's doubling).
2. **Mah-Jong payments** (:func:`settle`): every paying seat pays each winner his *V'*; when East
   pays or collects, the amount is multiplied by :attr:`SettlementTerms.east_factor` (2), then
   rounded (FIMJ-PAY-1, RAV-PAY-1, SEI-PAY-3). With a ``liable`` seat (Seipalle's "the discarder
   pays for everyone", SEI-PAY-2) that seat pays every share, each share rounded on its own
   (SEI-GAP-23).
3. **Several winners** (FIMJ-PAY-4): by :class:`MultipleWinners`, winners settle the differences
   of their values among themselves first (FIMJ), or are each paid in full (Seipalle), or the deal
   is void (Ravenna, RAV-END-2).
4. **Hand-point differences** (FIMJ-PAY-2, RAV-PAY-2/3): every pair of non-winners settles the
   difference of their hand values; with :attr:`EastDoubling.AFTER_DIFFERENCE` East's value is
   compared as it is and the *difference* is doubled when East is one of the pair.
5. **Rounding** (:func:`round_amount`): each payment is rounded to tens after the difference and
   after East's doubling (FIMJ-ROUND-1/2); an exact 5 rounds down (FIMJ-GAP-33, RAV-GAP-19).

Seats are plain strings (the rulesets use the wind letters ``E S W N``); ``east`` names the seat
holding the East role, or is None when nobody pays double (a dead East seat, FIMJ-GAP-38).

>>> round_amount(136), round_amount(272), round_amount(15)
(140, 270, 10)
>>> hand_value(34, 2, limit=1000), hand_value(66, 5, limit=1000)
(136, 1000)
>>> s = settle({"E": 32, "S": 18, "W": 64, "N": 100}, winners=("N",), east="E")
>>> s.net
{'E': -230, 'S': -180, 'W': 10, 'N': 400}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from muraglia.errors import RulesetError
from muraglia.scoring.result import Award, ScoreResult, Settlement, Transfer

__all__ = [
    "DEFAULT_SEATS",
    "REASONS",
    "CLASSICAL_KEYS",
    "EastDoubling",
    "HandScore",
    "MultipleWinners",
    "Rounding",
    "SettlementTerms",
    "Transfer",
    "difference_payment",
    "explain_transfers",
    "award_line",
    "classical_result",
    "transfer_arithmetic",
    "hand_value",
    "mahjong_payment",
    "mahjong_payments",
    "round_amount",
    "settle",
]

DEFAULT_SEATS: tuple[str, ...] = ("E", "S", "W", "N")
"""The four seats by wind, in order of play."""


class Rounding(StrEnum):
    """How a payment is rounded (applied to each payment separately)."""

    TENS_HALF_DOWN = "tens_half_down"
    """To the nearest ten, an exact 5 down: R(x) = 10·⌊(x + 4)/10⌋ (FIMJ-ROUND-3, RAV-GAP-19)."""
    TENS_HALF_UP = "tens_half_up"
    """To the nearest ten, an exact 5 up: R(x) = 10·⌊(x + 5)/10⌋."""
    NONE = "none"
    """No rounding."""


class EastDoubling(StrEnum):
    """How East's double enters a hand-point difference between two non-winners."""

    AFTER_DIFFERENCE = "after_difference"
    """Compare the values as they are, double the difference (FIMJ-PAY-2, RAV-PAY-3)."""
    BEFORE_DIFFERENCE = "before_difference"
    """Double East's value first, then take the difference (a house variant; not a seed rule)."""
    NONE = "none"
    """East pays and collects differences like anybody else."""


class MultipleWinners(StrEnum):
    """What happens when two or three players win on the same discard."""

    DIFFERENCES = "differences"
    """Winners pay each other the differences of their values, then collect (FIMJ-PAY-4)."""
    INDEPENDENT = "independent"
    """Each winner is paid in full by the payers; winners pay nothing to each other (SEI-PAY-6)."""
    VOID = "void"
    """The deal is void: no payments at all (RAV-END-2)."""


@dataclass(frozen=True, slots=True)
class SettlementTerms:
    """The knobs by which the classical rulesets' settlements differ.

    The defaults are FIMJ's (seed 000).
    """

    rounding: Rounding = Rounding.TENS_HALF_DOWN
    """Rounding of each payment (FIMJ-ROUND)."""
    east_factor: int = 2
    """Multiplier for every payment made or collected by East (FIMJ-PAY-1); 1 disables it."""
    east_doubling: EastDoubling = EastDoubling.AFTER_DIFFERENCE
    """How East's factor applies to hand-point differences (FIMJ-PAY-2)."""
    multiple_winners: MultipleWinners = MultipleWinners.DIFFERENCES
    """Simultaneous Mah-Jong (FIMJ-PAY-4)."""
    loser_differences: bool = True
    """Whether non-winners settle the differences of their hand values (FIMJ-PAY-2)."""
    dead_seat_pays_mahjong: bool = False
    """Whether a dead seat (3-player table) pays each winner, as a non-East player: double
    when the winner is East (RAV-3P-3/4)."""


def round_amount(amount: int, rounding: Rounding = Rounding.TENS_HALF_DOWN) -> int:
    """Round a non-negative payment (FIMJ-ROUND-1, FIMJ-TV-2).

    Args:
        amount: the unrounded amount, after any difference and East's doubling.
        rounding: the rounding mode.

    Returns:
        The rounded amount.

    Raises:
        ValueError: if ``amount`` is negative.

    >>> [round_amount(x) for x in (5, 6, 14, 16, 25, 26, 34)]
    [0, 10, 10, 20, 20, 30, 30]
    >>> round_amount(25, Rounding.TENS_HALF_UP), round_amount(25, Rounding.NONE)
    (30, 25)
    """
    if amount < 0:
        raise ValueError(f"cannot round a negative payment {amount!r}")
    if rounding is Rounding.TENS_HALF_DOWN:
        return (amount + 4) // 10 * 10
    if rounding is Rounding.TENS_HALF_UP:
        return (amount + 5) // 10 * 10
    return amount


def hand_value(points: int, doubles: int, *, limit: int | None) -> int:
    """Return points × 2^doubles, capped at ``limit`` (FIMJ-SCORE-4, FIMJ-GAP-2).

    Args:
        points: the base (hand points, plus 20 for the winner's Mah-Jong).
        doubles: the number of doubles that apply.
        limit: the cap *L* before East's doubling, or None for no cap.

    Returns:
        The capped value *V'*.

    Raises:
        ValueError: for negative points or doubles.

    >>> hand_value(20, 3, limit=1000), hand_value(34, 5, limit=1000), hand_value(34, 5, limit=None)
    (160, 1000, 1088)
    """
    if points < 0 or doubles < 0:
        raise ValueError(f"points and doubles must be non-negative, got {points!r}, {doubles!r}")
    value = points << doubles
    return value if limit is None else min(value, limit)


def mahjong_payment(
    value: int, *, payer: str, payee: str, east: str | None, terms: SettlementTerms
) -> int:
    """What ``payer`` pays ``payee`` for a value *V'*: East's factor first, then rounding.

    >>> mahjong_payment(136, payer="E", payee="S", east="E", terms=SettlementTerms())
    270
    """
    factor = terms.east_factor if east is not None and east in (payer, payee) else 1
    return round_amount(value * factor, terms.rounding)


def mahjong_payments(
    value: int,
    *,
    winner: str,
    east: str | None,
    terms: SettlementTerms,
    seats: Sequence[str] = DEFAULT_SEATS,
    liable: str | None = None,
) -> dict[str, int]:
    """Each seat's net for one winner's Mah-Jong alone (a score's payments, FIMJ-PAY-1).

    Every other seat owes :func:`mahjong_payment`, paid by ``liable`` when given (SEI-PAY-2);
    the same net as :func:`settle` of ``winner`` with every other value 0 (whose differences
    are then all 0), without building the settlement.

    >>> mahjong_payments(136, winner="S", east="E", terms=SettlementTerms())
    {'E': -270, 'S': 550, 'W': -140, 'N': -140}
    >>> mahjong_payments(136, winner="S", east="E", terms=SettlementTerms(), liable="W")
    {'E': 0, 'S': 550, 'W': -550, 'N': 0}
    """
    net = dict.fromkeys(seats, 0)
    for s in seats:
        if s != winner:
            amount = mahjong_payment(value, payer=s, payee=winner, east=east, terms=terms)
            net[liable or s] -= amount
            net[winner] += amount
    return net


def difference_payment(
    high: tuple[str, int], low: tuple[str, int], *, east: str | None, terms: SettlementTerms
) -> int:
    """What the seat with the lower value pays the higher one (FIMJ-PAY-2; FIMJ-TV-1).

    Args:
        high: (seat, value) of the player collecting.
        low: (seat, value) of the player paying.
        east: the seat holding the East role, or None.
        terms: the settlement terms.

    Returns:
        The rounded amount; 0 when the amounts are equal or round to nothing.

    Raises:
        ValueError: if ``high`` has the lower value.

    >>> t = SettlementTerms()
    >>> difference_payment(("E", 32), ("S", 18), east="E", terms=t)
    30
    >>> difference_payment(("E", 32), ("S", 18), east="E",
    ...                    terms=SettlementTerms(east_doubling=EastDoubling.BEFORE_DIFFERENCE))
    50
    """
    (hi_seat, hi_value), (lo_seat, lo_value) = high, low
    east_involved = east is not None and east in (hi_seat, lo_seat)
    if east_involved and terms.east_doubling is EastDoubling.BEFORE_DIFFERENCE:
        hi_value *= terms.east_factor if hi_seat == east else 1
        lo_value *= terms.east_factor if lo_seat == east else 1
        diff = hi_value - lo_value
    else:
        diff = hi_value - lo_value
        if east_involved and terms.east_doubling is EastDoubling.AFTER_DIFFERENCE:
            diff *= terms.east_factor
    if diff < 0:
        raise ValueError(f"{hi_seat!r} does not have the higher value ({hi_value} vs {lo_value})")
    return round_amount(diff, terms.rounding)


def _pairwise(
    seats: Sequence[str],
    values: Mapping[str, int],
    reason: str,
    east: str | None,
    terms: SettlementTerms,
) -> Iterable[Transfer]:
    for i, first in enumerate(seats):
        for second in seats[i + 1 :]:
            a, b = (first, values[first]), (second, values[second])
            if terms.east_doubling is EastDoubling.BEFORE_DIFFERENCE:
                ka = a[1] * (terms.east_factor if first == east else 1)
                kb = b[1] * (terms.east_factor if second == east else 1)
            else:
                ka, kb = a[1], b[1]
            high, low = (a, b) if ka >= kb else (b, a)
            yield Transfer(
                low[0], high[0], difference_payment(high, low, east=east, terms=terms), reason
            )


def _check(  # noqa: PLR0917 - private helper, called once
    values: Mapping[str, int],
    winners: Sequence[str],
    seats: Sequence[str],
    east: str | None,
    dead: str | None,
    liable: str | None,
) -> None:
    if set(values) != set(seats):
        raise RulesetError(f"settlement needs a value for each seat {list(seats)}, got {values!r}")
    for seat, value in values.items():
        if value < 0:
            raise RulesetError(f"negative hand value {value!r} for seat {seat!r}")
    if len(set(winners)) != len(winners):
        raise RulesetError(f"a seat is listed twice among the winners {list(winners)!r}")
    for seat in (*winners, *(s for s in (east, dead, liable) if s is not None)):
        if seat not in seats:
            raise RulesetError(f"unknown seat {seat!r}; seats are {list(seats)}")
    if dead is not None and dead in winners:
        raise RulesetError(f"the dead seat {dead!r} cannot win")
    if liable is not None and liable in winners:
        raise RulesetError(f"the liable seat {liable!r} is also a winner")
    if len(winners) >= len(seats) - (dead is not None):
        raise RulesetError(f"at least one seat must lose, winners are {list(winners)!r}")


def settle(
    values: Mapping[str, int],
    *,
    winners: Sequence[str],
    east: str | None = "E",
    terms: SettlementTerms = SettlementTerms(),
    seats: Sequence[str] = DEFAULT_SEATS,
    dead: str | None = None,
    liable: str | None = None,
) -> Settlement:
    """Settle one deal from each seat's capped hand value.

    Args:
        values: *V'* for each winner (FIMJ-SCORE-4/5) and *S* for each other seat
            (FIMJ-SCORE-6/7; 0 for penalised players); limit hands enter as their fixed value.
        winners: the seats that made Mah-Jong; empty for a void deal (no payments, FIMJ-END-2).
        east: the seat in the East role (pays and collects ``east_factor`` times), or None.
        terms: the ruleset's settlement terms.
        seats: every seat at the table, in order of play.
        dead: the dead seat at a three-player table: it never receives, pays nothing unless
            ``terms.dead_seat_pays_mahjong`` (then each winner's *V'* as a non-East player:
            doubled only when the winner is East, RAV-3P-4).
        liable: a seat that pays every winner's shares on behalf of all payers (SEI-PAY-2).

    Returns:
        The shared :class:`Settlement` with the transfers (non-zero amounts, in settlement
        order) and each seat's net result (which sums to zero); the ruleset adds its values,
        explanation and extra keys.

    Raises:
        RulesetError: for missing or unknown seats, negative values, a winner listed twice, a dead
            or liable seat that wins, or nobody losing.
    """
    _check(values, winners, seats, east, dead, liable)
    net = dict.fromkeys(seats, 0)
    if not winners or (len(winners) > 1 and terms.multiple_winners is MultipleWinners.VOID):
        return Settlement((), net)
    live = [s for s in seats if s != dead]
    winner_list = [s for s in live if s in winners]  # seat order, whatever the input order
    losers = [s for s in live if s not in winners]
    out: list[Transfer] = []
    if len(winner_list) > 1 and terms.multiple_winners is MultipleWinners.DIFFERENCES:
        out.extend(_pairwise(winner_list, values, "winners", east, terms))  # FIMJ-PAY-4
    for winner in winner_list:  # FIMJ-PAY-1
        for payer in losers:
            amount = mahjong_payment(
                values[winner], payer=payer, payee=winner, east=east, terms=terms
            )
            out.append(Transfer(liable or payer, winner, amount, "mahjong", liable and payer))
        if dead is not None and terms.dead_seat_pays_mahjong:
            # RAV-3P-3/4: the dead seat pays as a non-East player, double to a winning East
            # ("L'Est paga doppio e riscuote doppio": from every payer)
            amount = mahjong_payment(
                values[winner], payer=dead, payee=winner, east=east, terms=terms
            )
            out.append(Transfer(liable or dead, winner, amount, "mahjong", liable and dead))
    if terms.loser_differences:
        out.extend(_pairwise(losers, values, "difference", east, terms))  # FIMJ-PAY-2
    transfers = tuple(t for t in out if t.amount and t.payer != t.payee)
    for t in transfers:
        net[t.payer] -= t.amount
        net[t.payee] += t.amount
    return Settlement(transfers, net)


REASONS: dict[str, dict[str, str]] = {
    "mahjong": {"it": "Mah-Jong", "en": "Mah-Jong"},
    "winners": {"it": "differenza tra vincitori", "en": "difference between winners"},
    "difference": {"it": "differenza di stecca", "en": "hand-point difference"},
}
"""Bilingual names of the transfer reasons; rulesets add their own (penalties)."""

_SEAT_NAMES = {
    "it": {"E": "Est", "S": "Sud", "W": "Ovest", "N": "Nord", "table": "il tavolo"},
    "en": {"E": "East", "S": "South", "W": "West", "N": "North", "table": "the table"},
}


def transfer_arithmetic(
    transfer: Transfer,
    values: Mapping[str, int],
    *,
    east: str | None,
    terms: SettlementTerms = SettlementTerms(),
) -> str | None:
    """How a Mah-Jong or difference payment was computed, e.g. ``136 × 2 = 272 → 270``.

    Returns None when the transfer is not one :func:`settle` makes from ``values`` (a penalty
    payment, or an amount the arithmetic does not reproduce).

    >>> t = SettlementTerms()
    >>> transfer_arithmetic(Transfer("E", "S", 270, "mahjong"), {"S": 136, "E": 0}, east="E")
    '136 × 2 = 272 → 270'
    >>> transfer_arithmetic(Transfer("S", "E", 30, "difference"), {"E": 32, "S": 18}, east="E")
    '(32 − 18) × 2 = 28 → 30'
    >>> transfer_arithmetic(Transfer("S", "W", 50, "difference"), {"W": 64, "S": 18}, east="E")
    '64 − 18 = 46 → 50'
    """
    payer = transfer.share_of or transfer.payer
    payee = transfer.payee
    east_in = east is not None and east in (payer, payee)
    factor = terms.east_factor if east_in else 1
    if transfer.reason == "mahjong":
        value = values.get(payee)
        if value is None:
            return None
        raw = value * factor
        expr = f"{value} × {factor}" if factor != 1 else str(value)
    elif transfer.reason in ("difference", "winners"):
        high, low = values.get(payee), values.get(payer)
        if high is None or low is None:
            return None
        if east_in and terms.east_doubling is EastDoubling.BEFORE_DIFFERENCE:
            high, low = (
                high * (factor if payee == east else 1),
                low * (factor if payer == east else 1),
            )
            raw, expr = high - low, f"{high} − {low}"
        elif east_in and terms.east_doubling is EastDoubling.AFTER_DIFFERENCE:
            raw, expr = (high - low) * factor, f"({high} − {low}) × {factor}"
        else:
            raw, expr = high - low, f"{high} − {low}"
    else:
        return None
    if raw < 0 or round_amount(raw, terms.rounding) != transfer.amount:
        return None
    rounded = transfer.amount
    shown = f"{expr} = {raw}" if expr != str(raw) else expr
    return f"{shown} → {rounded}" if raw != rounded else shown


def explain_transfers(
    transfers: Iterable[Transfer],
    values: Mapping[str, int],
    lang: str,
    *,
    east: str | None,
    terms: SettlementTerms = SettlementTerms(),
    reasons: Mapping[str, Mapping[str, str]] | None = None,
) -> list[str]:
    """One line per payment, in Italian (``it``) or English (``en``), with its arithmetic.

    >>> explain_transfers([Transfer("S", "E", 30, "difference")], {"E": 32, "S": 18}, "it",
    ...                   east="E")
    ['Sud paga a Est 30 (differenza di stecca: (32 − 18) × 2 = 28 → 30)']
    >>> explain_transfers([Transfer("W", "S", 240, "mahjong", "E")], {"S": 120}, "en", east="E")
    ["West pays South 240 (Mah-Jong, East's share: 120 × 2 = 240)"]
    """
    if lang not in _SEAT_NAMES:
        raise ValueError(f"unknown language {lang!r} (it, en)")
    names = _SEAT_NAMES[lang]
    words = {**REASONS, **(reasons or {})}
    verb = "paga a" if lang == "it" else "pays"
    out = []
    for t in transfers:
        why = words.get(t.reason, {}).get(lang, t.reason)
        if t.share_of is not None:
            share = names.get(t.share_of, t.share_of)
            why += f", quota di {share}" if lang == "it" else f", {share}'s share"
        how = transfer_arithmetic(t, values, east=east, terms=terms)
        detail = f"{why}: {how}" if how else why
        payer, payee = names.get(t.payer, t.payer), names.get(t.payee, t.payee)
        out.append(f"{payer} {verb} {payee} {t.amount} ({detail})")
    return out


_UNITS = {
    "points": {"it": "punti", "en": "points"},
    "doubles": {"it": "raddoppi", "en": "doubles"},
}
_UNIT = {
    "points": {"it": "punto", "en": "point"},
    "doubles": {"it": "raddoppio", "en": "double"},
}
"""The units of one (``1 double``, not ``1 doubles``)."""


def award_line(award: Award, lang: str) -> str:
    """One award as an explanation line of the classical rulesets, in ``it`` or ``en``.

    >>> a = Award("dragon_pung", {"it": "tris di drago", "en": "dragon pung"}, 2, "doubles",
    ...           2, "RAV-DBL-D04")
    >>> award_line(a, "it")
    'tris di drago ×2: 2 raddoppi (RAV-DBL-D04)'
    >>> award_line(Award("colore", {"it": "colore", "en": "one suit"}, 200, "massimo",
    ...                  ref="RAV-MAX-M01", limit=True), "en")
    'one suit: massimo (limit) (RAV-MAX-M01)'
    """
    times = f" ×{award.count}" if award.count > 1 else ""
    if award.unit == "massimo":
        amount = "massimo" if lang == "it" else "massimo (limit)"
    elif award.unit == "doubles" and award.value == 0:
        amount = "limite" if lang == "it" else "limit"
    else:
        amount = f"{award.value} {(_UNIT if award.value == 1 else _UNITS)[award.unit][lang]}"
    return f"{award.names[lang]}{times}: {amount} ({award.ref})"


CLASSICAL_KEYS: tuple[str, ...] = ("count", "ref")
"""The fields a classical ruleset's ``patterns`` objects also print (:meth:`Award.to_dict`)."""


class HandScore(Protocol):
    """What a classical ruleset's scored hand offers (Ravenna's, Seipalle's)."""

    @property
    def awards(self) -> tuple[Award, ...]: ...  # noqa: D102
    @property
    def value(self) -> int: ...  # noqa: D102
    @property
    def points(self) -> int: ...  # noqa: D102
    @property
    def doubles(self) -> int: ...  # noqa: D102
    @property
    def limit(self) -> str | None: ...  # noqa: D102
    @property
    def payments(self) -> Mapping[str, int]: ...  # noqa: D102
    def explain(self, lang: str = "en") -> list[str]: ...  # noqa: D102


def classical_result(rules: str, hand: str, score: HandScore, *, valid: bool) -> ScoreResult:
    """The typed ``muraglia score`` result of a classical hand ``score`` (Ravenna, Seipalle).

    ``payments`` are left out when empty; the explanation is ``score.explain`` in it and en.
    """
    return ScoreResult(
        rules,
        hand,
        valid,
        score.awards,
        value=score.value,
        points=score.points,
        doubles=score.doubles,
        limit=score.limit,
        payments=dict(score.payments) if score.payments else None,
        explanation={"it": tuple(score.explain("it")), "en": tuple(score.explain("en"))},
        pattern_keys=CLASSICAL_KEYS,
    )
