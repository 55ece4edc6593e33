"""The settlement of a whole FIMJ deal (``muraglia settle``, interfaces.md §5; the engine).

Every seat's hand is scored — the winners' *V'*, the others' *S* (FIMJ-SCORE) — the penalised
statuses are applied (FIMJ-PEN) and the deal is paid with the shared classical arithmetic
(:mod:`muraglia.scoring.classical`: FIMJ-PAY, FIMJ-ROUND) into the shared
:class:`~muraglia.scoring.result.Settlement`.

Seats are the wind letters ``E S W N`` of the seats' own winds in this deal; ``dealer``
(default ``E``) names the seat holding the East role, and a seat's own wind is counted from it
in order of play, so ``{"dealer": "S"}`` makes seat ``S`` East, seat ``W`` South and so on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from muraglia.errors import InvalidHandError, MahjongError, RulesetError
from muraglia.hand import Hand
from muraglia.scoring.classical import (
    DEFAULT_SEATS,
    Transfer,
    explain_transfers,
    mahjong_payment,
    settle,
)
from muraglia.scoring.context import WinType
from muraglia.scoring.deal import SEAT_NAMES, check_roles, read_deal_hands, seat_heading, wind_tile
from muraglia.scoring.result import DealOutcome, Settlement
from muraglia.tiles import COPIES, HAND_SIZE, NUM_KINDS, WINDS, Tile, wind_letter

from .fold import Fold, lines
from .options import STATUSES

if TYPE_CHECKING:
    from .ruleset import FimjRules

__all__ = ["own_wind", "settle_deal"]

_ZERO = frozenset({"great_lord", "false_mahjong", "false_riichi", "dropped_rack"})
"""Statuses whose hand points are 0 (FIMJ-SCORE-7)."""
_EXCLUDED = frozenset({"false_mahjong", "false_riichi", "dropped_rack"})
"""Statuses that take the player out of the hand (FIMJ-PEN-3/4/5)."""
_REASONS = {
    "destroyed_wall": {
        "it": "distruzione del muro (FIMJ-PEN-6)",
        "en": "destroyed wall (FIMJ-PEN-6)",
    }
}
"""Bilingual names of FIMJ's own transfer reasons (the shared ones are in ``REASONS``)."""


def own_wind(seat: str, dealer: str) -> Tile:
    """The own wind of ``seat`` in a deal whose East role is ``dealer``'s (FIMJ-PAY-1).

    >>> own_wind("W", "S"), own_wind("E", "E")
    (<Tile.SOUTH: 28>, <Tile.EAST: 27>)
    """
    turns = WINDS.index(wind_tile(seat, "seat")) - WINDS.index(wind_tile(dealer, "dealer"))
    return WINDS[turns % len(WINDS)]


def settle_deal(rules: FimjRules, outcome: DealOutcome) -> Settlement:
    """Settle one finished deal (FIMJ-PAY, FIMJ-PEN, FIMJ-3P, FIMJ-END-2).

    ``outcome``: every live seat's hand (winners' with their winning tile ``+X``), the winners
    (none: void, unless FIMJ-PEN-3/6 apply), the discarder (None: self-drawn), round wind,
    dealer, winners' flags, penalised statuses (:data:`.options.STATUSES`) and, in ``extra``,
    ``dead``: the dead seat at a three-player table (default: the seat with no hand).

    Raises:
        InvalidHandError: for inconsistent input (two winners and no discarder, a penalised
            or discarding seat listed as winner, a wrong tile count, impossible tiles).
        RulesetError: for unknown seats or statuses.
    """
    winners, discarder, dealer = outcome.winners, outcome.discarder, outcome.dealer
    flags = outcome.flags or {}
    status = dict(outcome.status or {})
    for name, seat in (("dealer", dealer), ("round_wind", outcome.round_wind)):
        wind_tile(seat, name)
    dead = _dead_seat(rules, outcome.hands, outcome.extra.get("dead"))
    live = [s for s in DEFAULT_SEATS if s != dead]
    _check_roles(live, winners, discarder, status, flags)
    parsed = read_deal_hands(  # FIMJ-PEN-1/2, FIMJ-GAP-42
        outcome.hands,
        live,
        winners=winners,
        statuses=status,
        short=("small_lord",),
        long=("great_lord",),
        free=_EXCLUDED,
    )
    east = None if dead == dealer else dealer  # FIMJ-GAP-38
    own = {s: own_wind(s, dealer) for s in DEFAULT_SEATS}
    rnd = wind_tile(outcome.round_wind, "round_wind")
    scores: dict[str, Fold] = {}
    values = dict.fromkeys(DEFAULT_SEATS, 0)
    for seat in winners:  # FIMJ-MAX-M03: whose dealt hand, or whose first discard
        if "first_turn" in flags.get(seat, ()):
            win = "tsumo" if discarder is None else "ron"
            check_first_turn(win, wind_tile(seat, "winner"), wind_tile(dealer, "dealer"), discarder)
    for seat in live:
        score = rules.best_fold(
            parsed[seat],
            win=(WinType.TSUMO if discarder is None else WinType.RON)
            if seat in winners
            else WinType.NONE,
            seat_wind=own[seat],
            round_wind=rnd,
            flags=flags.get(seat, ()),
            after_dead=None
            if dead is None
            else DEFAULT_SEATS[DEFAULT_SEATS.index(seat) - 1] == dead,
        )
        scores[seat] = score
        values[seat] = 0 if status.get(seat) in _ZERO else score.value  # FIMJ-SCORE-7
    settle_winners = list(winners)
    excluded = [s for s in live if status.get(s) in _EXCLUDED]
    remaining = [s for s in live if s not in excluded]
    if not winners and excluded and len(remaining) == 1:  # FIMJ-PEN-3 last sentence
        settle_winners = remaining
        values = dict.fromkeys(DEFAULT_SEATS, 0)
        values[remaining[0]] = rules.options.limit  # FIMJ-GAP-36
    destroyer = next((s for s in live if status.get(s) == "destroyed_wall"), None)
    terms = rules.terms
    if destroyer is not None:
        result = _destroyed_wall(rules, destroyer, live, parsed, values, status, east, own, rnd)
    else:
        result = settle(values, winners=settle_winners, east=east, terms=terms, dead=dead)
    explanation = _explain(rules, scores, values, result, east, settle_winners, status)
    return Settlement(
        result.transfers,
        dict(result.net),
        values,
        {lang: tuple(text) for lang, text in explanation.items()},
        {"rules": rules.id},
        reasons=True,
    )


def _dead_seat(
    rules: FimjRules, hands: Mapping[str, str | Hand], dead: object | None
) -> str | None:
    for seat in hands:
        if seat not in DEFAULT_SEATS:
            raise RulesetError(f"unknown seat {seat!r}; seats are E S W N")
    missing = [s for s in DEFAULT_SEATS if s not in hands]
    if not rules.options.three_players:
        if dead is not None or missing:
            raise InvalidHandError(
                f"missing hand for seat(s) {missing or [dead]}; "
                "use fimj(three_players=true) for a table of three"
            )
        return None
    if dead is None:
        if len(missing) != 1:
            raise InvalidHandError(
                f"a three-player table needs exactly one seat without a hand, got {missing}"
            )
        return missing[0]
    wind_tile(dead, "dead")
    if dead in hands or len(missing) != 1:
        raise InvalidHandError(f"the dead seat {dead!r} must be the only seat without a hand")
    return str(dead)


def _check_roles(
    live: list[str],
    winners: Sequence[str],
    discarder: str | None,
    status: Mapping[str, str],
    flags: Mapping[str, Sequence[str]],
) -> None:
    check_roles(live, winners, discarder, status, flags, STATUSES, "fimj")
    if winners and sum(status.get(s) == "destroyed_wall" for s in live):
        raise InvalidHandError("a deal with a destroyed wall (FIMJ-PEN-6) has no winner")
    if sum(st == "destroyed_wall" for st in status.values()) > 1:
        raise InvalidHandError("only one seat can be the one who destroyed the wall")


def _destroyed_wall(  # noqa: PLR0917 - private, one call site
    rules: FimjRules,
    destroyer: str,
    live: list[str],
    parsed: Mapping[str, Hand],
    values: dict[str, int],
    status: Mapping[str, str],
    east: str | None,
    own: Mapping[str, Tile],
    rnd: Tile,
) -> Settlement:
    """FIMJ-PEN-6 (a), FIMJ-GAP-37: the destroyer pays each intact rack."""
    net = dict.fromkeys(DEFAULT_SEATS, 0)
    out: list[Transfer] = []
    for seat in live:
        if seat == destroyer or status.get(seat) in _ZERO:
            continue
        best = _ready_value(rules, parsed[seat], own[seat], rnd)
        if best is not None:
            values[seat] = best
        amount = mahjong_payment(
            values[seat], payer=destroyer, payee=seat, east=east, terms=rules.terms
        )
        if amount:
            out.append(Transfer(destroyer, seat, amount, "destroyed_wall"))
            net[destroyer] -= amount
            net[seat] += amount
    return Settlement(tuple(out), net)


def _ready_value(rules: FimjRules, hand: Hand, own: Tile, rnd: Tile) -> int | None:
    """Best self-drawn Mah-Jong value of a ready 13-tile hand, or None (FIMJ-GAP-37)."""
    if hand.tile_count != HAND_SIZE - 1:
        return None
    best: int | None = None
    for kind in range(NUM_KINDS):
        if hand.counts[kind] >= COPIES:
            continue
        try:
            score = rules.best_fold(
                hand.with_winning(Tile(kind)), win=WinType.TSUMO, seat_wind=own, round_wind=rnd
            )
        except MahjongError:
            continue
        best = score.value if best is None else max(best, score.value)
    return best


def _explain(  # noqa: PLR0917 - private, one call site
    rules: FimjRules,
    scores: Mapping[str, Fold],
    values: Mapping[str, int],
    result: Settlement,
    east: str | None,
    winners: Sequence[str],
    status: Mapping[str, str],
) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    limit = rules.options.limit
    for lang in ("it", "en"):
        names = SEAT_NAMES[lang]
        it = lang == "it"
        text: list[str] = []
        for seat, score in scores.items():
            # FIMJ-PAY-1: East pays and collects double (the heading's default East note)
            text.append(
                seat_heading(
                    seat,
                    values[seat],
                    lang,
                    won=seat in winners,
                    status=status.get(seat),
                    statuses=STATUSES,
                    east=east,
                )
            )
            text.extend("  " + x for x in lines(score, lang, limit=limit))
            if values[seat] != score.value:
                if seat in status:
                    why = "penalità: stecca a zero" if it else "penalty: hand points 0"
                else:  # FIMJ-PEN-3 last sentence, FIMJ-GAP-36
                    why = (
                        f"unico rimasto: riceve il limite {values[seat]}"
                        if it
                        else f"the only player left: paid the limit {values[seat]}"
                    )
                text.append(f"  {why}")
        text += explain_transfers(
            result.transfers, values, lang, east=east, terms=rules.terms, reasons=_REASONS
        )
        total = "Saldo" if it else "Net"
        text.append(f"{total}: " + ", ".join(f"{names[s]} {v:+d}" for s, v in result.net.items()))
        out[lang] = text
    return out


def check_first_turn(win: str, seat: Tile, dealer: Tile, discarder: object) -> None:
    """The exit of the Gods is East's dealt hand or another seat's win on East's first discard.

    "Mah-jong iniziale, fatto da EST con le 14 pedine iniziali o dagli altri con la prima
    pedina scartata da EST" (FIMJ-MAX-M03); ``dealer`` holds the East role.
    """
    east = wind_letter(dealer)
    if win == "tsumo" and seat != dealer:
        raise InvalidHandError(
            f"first_turn (exit of the Gods, FIMJ-MAX-M03) self-drawn by {wind_letter(seat)!r}: "
            f"only East ({east!r}, `dealer`) wins on the dealt 14 tiles; another seat wins on "
            "East's first discard (win ron)"
        )
    if win == "ron":
        if seat == dealer:
            raise InvalidHandError(
                f"first_turn (exit of the Gods, FIMJ-MAX-M03) on a discard won by East "
                f"({east!r}, `dealer`): East's exit is the dealt 14 tiles (win tsumo)"
            )
        if discarder not in (None, "") and wind_tile(discarder, "discarder") != dealer:
            raise InvalidHandError(
                f"first_turn (exit of the Gods, FIMJ-MAX-M03) on the discard of {discarder!r}: "
                f"the winning tile must be East's first discard (`dealer` {east!r})"
            )
