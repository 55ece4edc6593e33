"""MCR payments and the settlement of one deal (MCR-PAY, MCR-PLAY-5, MCR-WIN-5).

On a discard the discarder pays *V* + 8 and the other two 8 each; on a self-draw each of the
three pays *V* + 8; a false win costs 10 to each other player. One winner only: among
simultaneous claims the nearest to the discarder in turn order wins (head bump, MCR-PLAY-5).
"""

from __future__ import annotations

from collections.abc import Callable

from muraglia.errors import RulesetError
from muraglia.rulesets.mcr.options import STATUS_ALIASES, STATUSES
from muraglia.scoring.result import DealOutcome, ScoreResult, Settlement, Transfer
from muraglia.tiles import LETTER_OF_WIND, WIND_LETTERS

__all__ = [
    "BASE_PAYMENT",
    "FALSE_WIN_PENALTY",
    "MINIMUM",
    "LETTER_OF",
    "SEATS",
    "claim_order",
    "false_win",
    "payments",
    "seat_letter",
    "settle",
]

MINIMUM = 8
"""Least fan total (flowers excluded) of a valid win (MCR-WIN-4)."""
BASE_PAYMENT = 8
"""What every loser pays on top of the hand value owed (MCR-PAY-2/3)."""
FALSE_WIN_PENALTY = 10
"""Paid to each other player by a false win (MCR-WIN-5, MCR-PAY-4)."""
SEATS = WIND_LETTERS
"""Seat winds in turn order (play runs E -> S -> W -> N)."""
LETTER_OF = LETTER_OF_WIND
"""Wind tile -> seat letter (:data:`muraglia.tiles.LETTER_OF_WIND`, read on the hot path)."""


def claim_order(discarder: str) -> tuple[str, ...]:
    """The other seats in turn order after ``discarder`` (head bump priority, MCR-PLAY-5).

    >>> claim_order("W")
    ('N', 'E', 'S')
    """
    i = SEATS.index(discarder)
    return tuple(SEATS[(i + k) % 4] for k in (1, 2, 3))


def payments(total: int, *, winner: str, discarder: str | None) -> dict[str, int]:
    """Net payments of a win worth *V* = ``total`` (MCR-PAY-2/3).

    >>> payments(8, winner="S", discarder="W")
    {'E': -8, 'S': 32, 'W': -16, 'N': -8}
    >>> payments(8, winner="S", discarder=None)
    {'E': -16, 'S': 48, 'W': -16, 'N': -16}

    Raises:
        RulesetError: on an unknown seat or a winner discarding to himself.
    """
    _seat(winner, "winner")
    if discarder is not None:
        _seat(discarder, "discarder")
        if discarder == winner:
            raise RulesetError(f"{winner!r} cannot win on his own discard")
    out = dict.fromkeys(SEATS, 0)
    for seat in SEATS:
        if seat == winner:
            continue
        pay = BASE_PAYMENT + (total if discarder in (None, seat) else 0)
        out[seat] -= pay
        out[winner] += pay
    return out


def false_win(offender: str) -> dict[str, int]:
    """Net payments of a false win (MCR-WIN-5): 10 to each other player."""
    _seat(offender, "seat")
    out = dict.fromkeys(SEATS, FALSE_WIN_PENALTY)
    out[offender] = -3 * FALSE_WIN_PENALTY
    return out


def seat_letter(letter: object, what: str) -> str:
    """``letter`` if it is a seat wind letter.

    Raises:
        RulesetError: naming ``what`` otherwise.
    """
    if letter not in SEATS:
        raise RulesetError(f"unknown {what} {letter!r} (E, S, W, N)")
    return str(letter)


_seat = seat_letter


def settle(
    outcome: DealOutcome, score: Callable[..., ScoreResult], total: Callable[[ScoreResult], int]
) -> Settlement:
    """Settle one deal: false wins, then the (single) winner's payments (MCR-PAY).

    ``score`` is the ruleset's ``score`` (bound to its options) and ``total`` its *V*. Several
    ``winners`` on one discard are resolved by head bump; a claimant whose hand is not a valid
    win pays the false-win penalty and the next claimant may win (MCR-GAP-16).

    Raises:
        RulesetError: for unknown seats or statuses, several winners on a self-draw, or a
            missing hand.
    """
    _seat(outcome.round_wind, "round_wind")
    transfers: list[Transfer] = []
    lines_en: list[str] = []
    lines_it: list[str] = []

    def penalise(seat: str) -> None:
        for other in SEATS:
            if other != seat:
                transfers.append(Transfer(seat, other, FALSE_WIN_PENALTY, "false_win"))
        lines_en.append(f"{seat}: false win, pays {FALSE_WIN_PENALTY} to each")
        lines_it.append(f"{seat}: falso hu, paga {FALSE_WIN_PENALTY} a ciascuno")

    barred = set()
    for seat, status in outcome.status.items():
        _seat(seat, "seat")
        if status not in STATUS_ALIASES:
            raise RulesetError(f"unknown mcr status {status!r}; known: {', '.join(STATUSES)}")
        penalise(seat)
        barred.add(seat)
    winners = [_seat(s, "winner") for s in outcome.winners]
    discarder = outcome.discarder
    if discarder is not None:
        _seat(discarder, "discarder")
    if len(winners) > 1 and discarder is None:
        raise RulesetError(f"several winners {winners} need a discard (MCR-PLAY-5)")
    if discarder is not None:
        order = claim_order(discarder)
        winners = sorted(winners, key=order.index)
    values: dict[str, int] = {}
    winner: str | None = None
    for seat in winners:
        if seat in barred:
            raise RulesetError(f"{seat!r} made a false win and may not win (MCR-GAP-16)")
        if seat not in outcome.hands:
            raise RulesetError(f"missing hand for winner {seat!r}")
        result = score(
            outcome.hands[seat],
            win="tsumo" if discarder is None else "ron",
            seat_wind=seat,
            round_wind=outcome.round_wind,
            flags=outcome.flags.get(seat, ()),
        )
        if not result.valid:
            penalise(seat)
            continue
        winner = seat
        values[seat] = total(result)
        pays = payments(values[seat], winner=seat, discarder=discarder)
        for payer, amount in pays.items():
            if amount < 0:
                transfers.append(Transfer(payer, seat, -amount, "hand"))
        lines_en.append(f"{seat} wins with {values[seat]} (fan {result.fan})")
        lines_it.append(f"{seat} chiude con {values[seat]} (punti {result.fan})")
        bumped = [s for s in winners if s != seat and winners.index(s) > winners.index(seat)]
        if bumped:
            lines_en.append(f"head bump: {', '.join(bumped)} do not win (MCR-PLAY-5)")
            lines_it.append(f"precedenza: {', '.join(bumped)} non chiudono")
        break
    if winner is None:
        lines_en.append("no win: no hand payments (MCR-END-2)")
        lines_it.append("nessuna chiusura: nessun pagamento")
    return Settlement.from_transfers(
        transfers,
        values=values,
        parties=SEATS,
        explanation={"en": tuple(lines_en), "it": tuple(lines_it)},
        extra={"rules": "mcr", "winner": winner},
    )
