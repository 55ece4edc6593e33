"""Reading and checking the input of a finished deal (``muraglia settle``, interfaces.md §5).

FIMJ, Ravenna and Seipalle settle a deal from the same input object: ``winners``,
``discarder``, ``hands`` by seat wind, per-winner ``flags`` and per-seat penalty ``status``.
Before any hand is scored the deal must be consistent; each problem is a typed error that names
the seat and what is wrong:

- an unknown seat, or a status the ruleset does not know (:class:`~muraglia.errors.RulesetError`,
  listing the valid ones);
- two or more winners with no discarder: several players can only win on the same claimed
  discard (FIMJ-PLAY-7, RAV-END-2, SEI-PAY-6);
- the discarder, or a penalised player, listed as a winner; every seat a winner;
- a non-winner's hand carrying a winning tile, a winner's hand without one;
- a wrong number of tiles (13 for a non-winner, 14 for a winner, melds counted as three, bonus
  tiles apart), unless a status says the player held too few or too many (FIMJ-PEN-1/2,
  FIMJ-GAP-42; RAV-PEN-1/2, RAV-GAP-31);
- more than four copies of a tile, or a flower held twice, across all the hands.

>>> d = read_deal({"winners": ["S"], "discarder": "W", "hands": {"S": "x"}})
>>> d.winners, d.discarder, d.status
(('S',), 'W', {})
>>> read_deal({"winners": "S"})
Traceback (most recent call last):
...
muraglia.errors.InvalidHandError: 'winners' must be a list of seat letters (E S W N), not 'S'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from muraglia.errors import InvalidHandError, RulesetError
from muraglia.hand import Hand
from muraglia.notation import parse_hand
from muraglia.tiles import NUM_KINDS, WIND_OF_LETTER, PhysicalTile, Tile

__all__ = [
    "SEAT_NAMES",
    "DealInput",
    "check_hand_count",
    "check_roles",
    "check_shared_winning",
    "check_tile_supply",
    "payment_lines",
    "parse_deal_hands",
    "read_deal_hands",
    "read_deal",
    "seat_heading",
    "string_list",
    "wind_tile",
]

SEAT_NAMES: Mapping[str, Mapping[str, str]] = {
    "it": {"E": "Est", "S": "Sud", "W": "Ovest", "N": "Nord"},
    "en": {"E": "East", "S": "South", "W": "West", "N": "North"},
}
"""Display names of the seats, Italian and English."""


def wind_tile(letter: object, what: str) -> Tile:
    """The wind tile of a seat letter, or a :class:`RulesetError` naming ``what``.

    A seat field of the classical rulesets' ``settle``/``score`` objects is written with a
    letter ``E S W N`` only: the letters' table of the one converter
    (:data:`muraglia.tiles.WIND_OF_LETTER`), not the other spellings
    :func:`muraglia.tiles.to_wind` reads (``e``, ``1z``).

    >>> wind_tile("S", "seat_wind")
    <Tile.SOUTH: 28>
    >>> wind_tile("X", "dealer")
    Traceback (most recent call last):
    ...
    muraglia.errors.RulesetError: dealer must be one of E S W N, not 'X'
    """
    tile = WIND_OF_LETTER.get(letter) if isinstance(letter, str) else None
    if tile is not None:
        return tile
    raise RulesetError(f"{what} must be one of E S W N, not {letter!r}")


@dataclass(frozen=True)
class DealInput:
    """The typed fields of a ``muraglia settle`` input object."""

    winners: tuple[str, ...] = ()
    """Seats that made Mah-Jong (empty: a void deal)."""
    discarder: str | None = None
    """The seat whose discard was claimed for Mah-Jong; None for a self-draw."""
    hands: Mapping[str, str | Hand] = field(default_factory=dict)
    """Hand notation (or parsed hands) by seat."""
    status: dict[str, str] = field(default_factory=dict)
    """Penalty status by seat."""
    flags: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Situation flags by (winning) seat."""


def string_list(value: object, key: str) -> tuple[str, ...]:
    """A JSON list of strings (``flags``, ``dora``), or an error naming the key.

    >>> string_list(["riichi"], "flags"), string_list((), "dora")
    (('riichi',), ())
    >>> string_list("riichi", "flags")
    Traceback (most recent call last):
    ...
    muraglia.errors.InvalidHandError: 'flags' must be a list of strings, not 'riichi'
    """
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise InvalidHandError(f"{key!r} must be a list of strings, not {value!r}")
    return tuple(value)


def _seat_list(value: object, key: str) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(s, str) for s in value):
        raise InvalidHandError(f"{key!r} must be a list of seat letters (E S W N), not {value!r}")
    for seat in value:
        wind_tile(seat, f"a seat in {key!r}")
    return tuple(value)


def _mapping(value: object, key: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidHandError(f"{key!r} must be an object keyed by seat (E S W N), not {value!r}")
    for seat in value:
        wind_tile(seat, f"a seat in {key!r}")
    return value


def read_deal(data: Mapping[str, Any]) -> DealInput:
    """Check the types of a settle input object and return its fields.

    Raises:
        InvalidHandError: for a field of the wrong type.
        RulesetError: for a seat that is not E, S, W or N.
    """
    winners = _seat_list(data.get("winners", []), "winners")
    discarder = data.get("discarder")
    if discarder is not None:
        wind_tile(discarder, "discarder")
    hands = _mapping(data.get("hands", {}), "hands")
    for seat, text in hands.items():
        if not isinstance(text, str | Hand):
            raise InvalidHandError(f"hand of seat {seat!r} must be a string, not {text!r}")
    status = _mapping(data.get("status", {}) or {}, "status")
    for seat, st in status.items():
        if not isinstance(st, str):
            raise InvalidHandError(f"status of seat {seat!r} must be a string, not {st!r}")
    flags = _mapping(data.get("flags", {}) or {}, "flags")
    for seat, fl in flags.items():
        if not isinstance(fl, list | tuple) or not all(isinstance(f, str) for f in fl):
            raise InvalidHandError(f"flags of seat {seat!r} must be a list of strings, not {fl!r}")
    return DealInput(
        winners,
        discarder,
        dict(hands),
        dict(status),
        {seat: tuple(fl) for seat, fl in flags.items()},
    )


def check_roles(  # noqa: PLR0917 - the whole contract of a deal, checked in one place
    live: Sequence[str],
    winners: Sequence[str],
    discarder: str | None,
    status: Mapping[str, str],
    flags: Mapping[str, Iterable[str]],
    known_statuses: Iterable[str],
    ruleset: str,
) -> None:
    """Check who won, who discarded and who is penalised (see the module docstring).

    Args:
        live: the seats playing this deal (a three-player table has one fewer).
        winners: the seats that made Mah-Jong.
        discarder: the seat whose discard was claimed, or None.
        status: penalty status by seat.
        flags: situation flags by seat.
        known_statuses: the statuses the ruleset knows.
        ruleset: the ruleset id, for the messages.

    Raises:
        RulesetError: for an unknown status, or a seat not at the table.
        InvalidHandError: for inconsistent roles.
    """
    known = sorted(known_statuses)
    for seat, st in status.items():
        if seat not in live:
            raise RulesetError(f"status for seat {seat!r}, which is not at the table")
        if st not in known:
            raise RulesetError(f"unknown {ruleset} status {st!r}; known: {known}")
    if len(set(winners)) != len(winners):
        raise InvalidHandError(f"a seat is listed twice among the winners {list(winners)}")
    for seat in winners:
        if seat not in live:
            raise InvalidHandError(f"winner {seat!r} is not a seat at the table")
        if seat in status:
            raise InvalidHandError(
                f"seat {seat!r} is listed as winner but is penalised as {status[seat]!r} "
                "and cannot make Mah-Jong"
            )
    if discarder is not None:
        if discarder not in live:
            raise InvalidHandError(f"discarder {discarder!r} is not a seat at the table")
        if discarder in winners:
            raise InvalidHandError(
                f"seat {discarder!r} discarded the winning tile and cannot be a winner"
            )
    if len(winners) >= 2 and discarder is None:
        raise InvalidHandError(
            f"{len(winners)} winners {list(winners)} but no discarder: several players can only "
            "win on the same claimed discard"
        )
    if winners and len(winners) >= len(live):
        raise InvalidHandError(f"every seat is listed as winner {list(winners)}")
    for seat, seat_flags in flags.items():
        if seat not in winners and list(seat_flags):
            raise InvalidHandError(f"flags {list(seat_flags)} given for non-winner {seat!r}")


def check_hand_count(
    seat: str,
    hand: Hand,
    *,
    winner: bool,
    status: str | None = None,
    short: Iterable[str] = (),
    long: Iterable[str] = (),
    free: Iterable[str] = (),
) -> None:
    """Check a seat's tile count against its role (see the module docstring).

    Args:
        seat: the seat, for the messages.
        hand: the hand, parsed without the strict tile-count check.
        winner: whether the seat made Mah-Jong (14 tiles and a winning tile ``+X``).
        status: the seat's penalty status, if any.
        short: statuses of a player found with too few tiles (fewer than 13).
        long: statuses of a player found with too many tiles (more than 13).
        free: statuses whose tile count is 13 or 14 (a player taken out of the hand).

    Raises:
        InvalidHandError: naming the seat, the hand and the count.
    """
    count = hand.tile_count
    if winner:
        if hand.winning is None:
            raise InvalidHandError(
                f"winner {seat!r} hand {hand.notation!r} has no winning tile (+X)"
            )
        if count != 14:
            raise InvalidHandError(
                f"winner {seat!r} hand {hand.notation!r} has {count} tiles, needs 14"
            )
        return
    if hand.winning is not None:
        raise InvalidHandError(
            f"seat {seat!r} hand {hand.notation!r} has a winning tile but {seat!r} is not among "
            "the winners"
        )
    if status in set(short):
        if count >= 13:
            raise InvalidHandError(
                f"seat {seat!r} ({status}) must have fewer than 13 tiles, has {count}"
            )
    elif status in set(long):
        if count <= 13:
            raise InvalidHandError(
                f"seat {seat!r} ({status}) must have more than 13 tiles, has {count}"
            )
    elif status in set(free):
        if count not in (13, 14):
            raise InvalidHandError(
                f"seat {seat!r} ({status}) hand {hand.notation!r} has {count} tiles"
            )
    elif count != 13:
        raise InvalidHandError(
            f"seat {seat!r} hand {hand.notation!r} has {count} tiles; a non-winner holds 13 "
            "(a penalty status is needed for other counts)"
        )


def check_tile_supply(hands: Mapping[str, Hand], *, shared_winning: bool = False) -> None:
    """Check that the hands together hold at most 4 copies of a tile and each bonus tile once.

    With ``shared_winning`` (several winners on one discard) the winners' hands all hold the
    same discarded tile as their winning tile: that one physical tile is counted once.

    Raises:
        InvalidHandError: naming the tile (and for a bonus tile, both seats).
    """
    totals = [0] * NUM_KINDS
    bonus: dict[Tile, str] = {}
    discard_seen = False
    if shared_winning:
        check_shared_winning({s: h.winning for s, h in hands.items()})
    for seat, hand in hands.items():
        if shared_winning and hand.winning is not None:
            if discard_seen:  # the same discarded tile, already counted in another winner
                totals[hand.winning.kind] -= 1
            discard_seen = True
        for kind, n in enumerate(hand.counts):
            totals[kind] += n
            if totals[kind] > 4:
                raise InvalidHandError(
                    f"more than 4 copies of {Tile(kind).notation!r} across the hands"
                )
        for b in hand.bonus:
            if b in bonus:
                raise InvalidHandError(
                    f"bonus tile {b.notation!r} held by both {bonus[b]!r} and {seat!r}"
                )
            bonus[b] = seat


def check_shared_winning(winning: Mapping[str, PhysicalTile | None]) -> None:
    """Several winners on one discard all win on that one tile.

    ``winning`` holds each seat's winning tile (None for a seat that did not win).

    >>> from muraglia.notation import parse_tiles
    >>> nine, five = parse_tiles("9s5s")
    >>> check_shared_winning({"E": nine, "W": nine, "S": None})
    >>> check_shared_winning({"E": nine, "W": five})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    muraglia.errors.InvalidHandError: several winners ... E's winning tile is +9s and W's is +5s

    Raises:
        InvalidHandError: naming the two seats and their tiles.
    """
    first: tuple[str, PhysicalTile] | None = None
    for seat, tile in winning.items():
        if tile is None:
            continue
        if first is None:
            first = (seat, tile)
        elif tile != first[1]:  # one physical tile: a red five is not a plain one
            raise InvalidHandError(
                f"several winners on one discard win on that one tile, but {first[0]}'s "
                f"winning tile is +{first[1].notation} and {seat}'s is +{tile.notation}"
            )


def parse_deal_hands(hands: Mapping[str, str | Hand], seats: Iterable[str]) -> dict[str, Hand]:
    """Parse the hands of ``seats`` without the strict tile-count check (red fives not allowed).

    Raises:
        InvalidHandError: for a seat without a hand.
        NotationError: for bad notation, quoting the hand and the position.
    """
    out: dict[str, Hand] = {}
    for seat in seats:
        if seat not in hands:
            raise InvalidHandError(f"missing hand for seat {seat!r}")
        raw = hands[seat]
        out[seat] = raw if isinstance(raw, Hand) else parse_hand(raw, strict=False, red_fives=False)
    return out


def read_deal_hands(
    hands: Mapping[str, str | Hand],
    seats: Iterable[str],
    *,
    winners: Sequence[str],
    statuses: Mapping[str, str],
    short: Iterable[str] = (),
    long: Iterable[str] = (),
    free: Iterable[str] = (),
) -> dict[str, Hand]:
    """Parse the hands of ``seats``, check each tile count against its role, and the supply.

    :func:`parse_deal_hands`, then :func:`check_hand_count` per seat (``short``, ``long`` and
    ``free`` as there), then :func:`check_tile_supply`.

    Raises:
        InvalidHandError: for a missing hand, a wrong count or more copies than exist.
        NotationError: for bad notation.
    """
    parsed = parse_deal_hands(hands, seats)
    for seat, hand in parsed.items():
        check_hand_count(
            seat,
            hand,
            winner=seat in winners,
            status=statuses.get(seat),
            short=short,
            long=long,
            free=free,
        )
    check_tile_supply(parsed, shared_winning=len(winners) > 1)
    return parsed


EAST_PAYS_AND_COLLECTS_DOUBLE: Mapping[str, str] = {
    "it": " (Est: paga e riscuote doppio)",
    "en": " (East: pays and collects double)",
}
"""The note after East's name where East pays and collects double (FIMJ, Ravenna)."""


def seat_heading(
    seat: str,
    value: int,
    lang: str,
    *,
    won: bool,
    status: str | None = None,
    statuses: Mapping[str, Mapping[str, str]] | None = None,
    east: str | None = "E",
    east_note: Mapping[str, str] = EAST_PAYS_AND_COLLECTS_DOUBLE,
) -> str:
    """The first line of a seat's hand in a classical settlement's explanation.

    The seat's name (East's followed by ``east_note``), its role — Mah-Jong for a winner, its
    penalty status's name in ``statuses``, else its hand points (*stecca*) — and its value.

    >>> seat_heading("E", 40, "it", won=False)
    'Est (Est: paga e riscuote doppio) — stecca: 40'
    >>> seat_heading("S", 480, "en", won=True)
    'South — Mah-Jong: 480'
    """
    if won:
        role = "Mah-Jong"
    elif status is not None and statuses is not None:
        role = statuses[status][lang]
    else:
        role = "stecca" if lang == "it" else "hand points"
    head = SEAT_NAMES[lang][seat]
    if seat == east:
        head += east_note[lang]
    return f"{head} — {role}: {value}"


def payment_lines(payments: Mapping[str, int], lang: str, *, east: str | None = "E") -> list[str]:
    """What each seat pays, in ``it`` or ``en``, from net Mah-Jong payments by seat.

    >>> payment_lines({"E": -270, "S": 550, "W": -140, "N": -140}, "it")
    ['Est (paga doppio) paga 270', 'Ovest paga 140', 'Nord paga 140']
    >>> payment_lines({"E": 720, "S": -240, "W": -240, "N": -240}, "en")[0]
    'South pays 240 to East (who collects double)'
    """
    names = SEAT_NAMES[lang]
    it = lang == "it"
    winners = [s for s, v in payments.items() if v > 0]
    collects = ""
    if east is not None and east in winners:
        collects = (
            f" a {names[east]} (riscuote doppio)"
            if it
            else f" to {names[east]} (who collects double)"
        )
    out = []
    for seat, amount in payments.items():
        if amount < 0:
            who = names.get(seat, seat)
            if seat == east:
                who += " (paga doppio)" if it else " (pays double)"
            out.append(f"{who} {'paga' if it else 'pays'} {-amount}{collects}")
    return out
