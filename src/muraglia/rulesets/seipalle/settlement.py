"""Seipalle's arithmetic and payments: the fold, the winner-only shares, the riichi stakes.

Value *V* = *P* × 2^*D*, capped at 1000; a limit hand is worth 1000 (SEI-SCORE-3, SEI-LIMIT).
Only the winner collects: on a self-draw each other player pays his share, on a discard the
discarder pays every share; a share paid by or to East is doubled; each share is rounded to tens
before the discarder adds them up (SEI-PAY-1…4). Riichi stakes go on the table and to the first
winner after the discarder (SEI-RIICHI-3/6, SEI-PAY-5/6).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from muraglia.errors import InvalidHandError, RulesetError
from muraglia.scoring.classical import (
    MultipleWinners,
    SettlementTerms,
    award_line,
    explain_transfers,
    hand_value,
    mahjong_payments,
)
from muraglia.scoring.deal import seat_heading, wind_tile
from muraglia.scoring.result import ScoreResult, Transfer
from muraglia.tiles import WIND_LETTERS, Tile

__all__ = [
    "LIMIT",
    "REASONS",
    "RIICHI_STAKE",
    "SEATS",
    "SEIPALLE_TERMS",
    "TABLE",
    "declarers",
    "fold",
    "hand_lines",
    "may_win_on_discard",
    "payments",
    "settlement_lines",
    "stakes_collector",
]

LIMIT = 1000
"""The limit value (SEI-LIMIT-2, SEI-GAP-21): 1000, doubled to or from East."""

SEATS = WIND_LETTERS
"""Seat winds in order of play (seats are named by their own wind's letter)."""

RIICHI_STAKE = 1000
"""The riichi stake (SEI-RIICHI-3)."""

TABLE = "table"
"""The party holding the riichi stakes in ``transfers`` and ``net`` (as riichi-ema's)."""

SEIPALLE_TERMS = SettlementTerms(
    multiple_winners=MultipleWinners.INDEPENDENT,  # SEI-PAY-6
    loser_differences=False,  # SEI-SCORE-1: only the winner is paid
)
"""Seipalle's settlement terms: winner-only, East double, shares rounded one by one."""

REASONS = {
    "riichi": {"it": "posta riichi sul tavolo, SEI-RIICHI-3", "en": "riichi stake, SEI-RIICHI-3"},
    "riichi_stakes": {
        "it": "poste riichi, SEI-RIICHI-6",
        "en": "riichi stakes, SEI-RIICHI-6",
    },
}
"""Names of Seipalle's own transfer reasons (the shared ones: ``classical.REASONS``)."""


def fold(points: int, doubles: int, *, limit: bool = False) -> int:
    """*V'* = min(*P* × 2^*D*, 1000), or 1000 for a limit hand (SEI-SCORE-3).

    >>> fold(30, 3), fold(40, 5), fold(0, 0, limit=True)
    (240, 1000, 1000)
    """
    return LIMIT if limit else hand_value(points, doubles, limit=LIMIT)


def payments(value: int, *, winner: str, discarder: str | None) -> dict[str, int]:
    """Net Mah-Jong payments by seat wind (SEI-PAY-1…4).

    >>> payments(72, winner="S", discarder="W")
    {'E': 0, 'S': 280, 'W': -280, 'N': 0}

    Raises:
        RulesetError: for an unknown seat, or a winner who discarded his own winning tile.
    """
    if winner not in SEATS or (discarder is not None and discarder not in SEATS):
        raise RulesetError(f"unknown seat in winner={winner!r}, discarder={discarder!r}")
    if discarder == winner:
        raise RulesetError(f"{winner!r} cannot win on his own discard")
    # settle() of this winner alone, the others at 0 (SEI-PAY-2: the discarder pays it all)
    return mahjong_payments(
        value, winner=winner, east="E", terms=SEIPALLE_TERMS, seats=SEATS, liable=discarder
    )


def may_win_on_discard(own_discards: Iterable[Tile], tile: Tile) -> bool:
    """Whether a player may win by claiming ``tile`` (SEI-PLAY-4, SEI-GAP-5).

    A player may not win on a tile of a kind he has himself discarded earlier in the hand
    (including discards that others claimed); nothing else restricts him.

    >>> may_win_on_discard([Tile.M1, Tile.P5], Tile.P5), may_win_on_discard([Tile.M1], Tile.P5)
    (False, True)
    """
    return tile not in set(own_discards)


def declarers(
    riichi: Sequence[str], winners: Sequence[str], flags: Mapping[str, Iterable[str]]
) -> tuple[str, ...]:
    """The seats of ``riichi`` (this deal's declarations), checked against the winners' flags.

    Raises:
        RulesetError: for a seat that is not E, S, W or N.
        InvalidHandError: for a seat listed twice, or a winner whose riichi flag disagrees.
    """
    declared = tuple(riichi)
    for seat in declared:
        wind_tile(seat, "riichi")
    if len(set(declared)) != len(declared):
        raise InvalidHandError(f"a seat is listed twice in riichi {list(declared)}")
    if declared:
        for seat in winners:
            flagged = bool({"riichi", "double_riichi"} & set(flags.get(seat, ())))
            if flagged != (seat in declared):
                raise InvalidHandError(
                    f"winner {seat!r} "
                    + ("has the riichi flag but is not" if flagged else "is in riichi but has")
                    + (" in riichi" if flagged else " no riichi/double_riichi flag")
                    + " (SEI-RIICHI-3, SEI-RIICHI-7)"
                )
    return declared


def stakes_collector(winners: Sequence[str], discarder: str | None) -> str:
    """The winner who takes the stakes: the first after the discarder (SEI-PAY-5/6).

    >>> stakes_collector(["S", "N"], "W"), stakes_collector(["S"], None)
    ('N', 'S')
    """
    start = SEATS.index(discarder) if discarder else SEATS.index(winners[0]) - 1
    order = [SEATS[(start + i) % len(SEATS)] for i in range(1, len(SEATS) + 1)]
    return next(s for s in order if s in winners)


def hand_lines(result: ScoreResult, lang: str) -> list[str]:
    """The award lines and the fold of a scored hand, in ``it`` or ``en`` (no payments)."""
    lines = [award_line(a, lang) for a in result.awards]
    if any(a.limit for a in result.awards):  # SEI-LIMIT-1: no points, no doubles, the limit
        lines.append(("mano limite → " if lang == "it" else "limit hand → ") + str(result.value))
    elif lang == "it":
        lines.append(f"{result.points} punti × 2^{result.doubles} → {result.value}")
    else:
        lines.append(f"{result.points} points × 2^{result.doubles} → {result.value}")
    if not result.valid:
        if lang == "it":
            lines.append("Chiusura non valida: serve almeno un raddoppio che non sia dora.")
        else:
            lines.append("Not a valid win: at least one double other than dora is needed.")
    return lines


_EAST_COLLECTS = {"it": " (Est: riscuote doppio)", "en": " (East: collects double)"}
"""The note after East's name: a Seipalle East only collects double (SEI-PAY-3)."""


def settlement_lines(
    scores: Mapping[str, ScoreResult], transfers: Sequence[Transfer], lang: str
) -> list[str]:
    """Each winner's hand, one line per share paid (and the riichi stakes), ``it``/``en``."""
    it = lang == "it"
    lines: list[str] = []
    for seat, score in scores.items():  # SEI-PAY-3: East collects double
        lines.append(seat_heading(seat, score.value, lang, won=True, east_note=_EAST_COLLECTS))
        lines += ["  " + x for x in hand_lines(score, lang)]
    values = {seat: score.value for seat, score in scores.items()}
    lines += explain_transfers(
        transfers, values, lang, east="E", terms=SEIPALLE_TERMS, reasons=REASONS
    )
    if not scores and transfers:  # SEI-RIICHI-6
        lines.append(
            "Mano a monte: le poste restano sul tavolo."
            if it
            else "Void deal: the stakes stay on the table."
        )
    elif not scores:
        lines.append("Mano a monte: nessun pagamento." if it else "Void deal.")
    return lines
