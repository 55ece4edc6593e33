"""One validation of the input objects of ``score`` and ``settle`` for every ruleset.

The command line, the web API and :func:`muraglia.score` hand the rulesets JSON-like objects
(interfaces.md §5). Before a ruleset reads one, the functions here check the *types* and the
*situation* the same way for all rulesets: seat letters (``dealer``, ``discarder``,
``winners``), counters (``honba``, ``riichi_sticks``), lists of tiles (``dora``, ``ura``), lists
of flags, hands given as strings; and, once a hand is parsed, that the hand plus the dora
indicators do not hold a fifth copy of a tile and that the hand holds no more red fives than
the ruleset's wall. Messages speak JSON (``null``, ``array``) and quote at most a short
excerpt of the input.

>>> check_score_input({"hand": "123m+1m", "dora": 5})
Traceback (most recent call last):
...
muraglia.errors.InputTypeError: `dora` must be a list of tiles, got number
>>> check_score_input({"hand": "123m+1m", "dealer": "Z"})
Traceback (most recent call last):
...
muraglia.errors.InvalidHandError: `dealer` must be a seat letter (E, S, W or N), got 'Z'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from muraglia.errors import (
    InputTypeError,
    InvalidHandError,
    MahjongError,
    excerpt,
    json_type,
    plural,
)
from muraglia.hand import Hand
from muraglia.scoring.context import parse_wind
from muraglia.tiles import COPIES, WINDS, PhysicalTile, Tile

__all__ = [
    "MAX_INDICATORS",
    "SEATS",
    "check_counter",
    "check_red_fives",
    "check_score_input",
    "check_seat",
    "check_settle_input",
    "check_situation",
    "check_string_list",
    "check_tile_counts",
    "check_tile_list",
    "parse_object",
    "plain_arguments",
]

_scan_once: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
"""The scanner of ``json.loads`` (``json.JSONDecoder()``'s: the C one where built)."""


def parse_object(text: str, what: str = "a JSON object") -> dict[str, Any]:
    """``text`` read as one JSON object: the input of every command and of the web API.

    One reader, so that the command line and the API word an error alike.

    >>> parse_object('{"a": 1}')
    {'a': 1}
    >>> parse_object(chr(10).join(['{"a":', '  1,}']))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    muraglia.errors.MahjongError: invalid JSON: Expecting ... at line 2 column 5

    Raises:
        MahjongError: for invalid JSON (naming the line, past the first, and the column) or
            JSON nested too deeply.
        InputTypeError: for JSON that is not an object.
    """
    if text[:1] == "{":  # an object with nothing around it: json.loads' own scanner, at once
        try:
            item, end = _scan_once(text, 0)
        except Exception:  # json.loads below raises what it raises
            end = -1
        if end == len(text):
            return item  # type: ignore[no-any-return]
    try:
        item = json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno} column {exc.colno}" if exc.lineno > 1 else f"column {exc.colno}"
        raise MahjongError(f"invalid JSON: {exc.msg} at {where}") from None
    except RecursionError:
        raise MahjongError("invalid JSON: nested too deeply") from None
    if not isinstance(item, dict):
        raise InputTypeError(f"expected {what}, got {json_type(item)}")
    return item


SEATS = ("E", "S", "W", "N")
"""Seat letters, East first (the dealer's seat)."""

_SEAT_SET = frozenset(SEATS)

MAX_INDICATORS = 5
"""Most dora (or ura dora) indicators of a deal: one, plus one per kong (EMA-DORA-2)."""

_WIN = ("ron", "tsumo", "none")
_SEQUENCES = (tuple, list)
_COUNTERS = ("honba", "riichi_sticks")
_SEAT_KEYS = ("dealer", "discarder")


def check_seat(value: Any, key: str) -> str:
    """``value`` if it names a seat by its wind (``E S W N``, any case, or ``1z``..``4z``).

    Raises:
        InputTypeError: for a non-string.
        InvalidHandError: for another string.
    """
    if type(value) is str and value in _SEAT_SET:  # the common case first
        return value
    if isinstance(value, Tile) and value in WINDS:
        return value.notation
    if not isinstance(value, str):
        raise InputTypeError(
            f"`{key}` must be a seat letter (E, S, W or N), got {json_type(value)}"
        )
    try:
        parse_wind(value, key)
    except InvalidHandError:
        raise InvalidHandError(
            f"`{key}` must be a seat letter (E, S, W or N), got {excerpt(value)}"
        ) from None
    return value


def check_counter(value: Any, key: str) -> int:
    """``value`` if it is a non-negative integer (not a boolean).

    Raises:
        InputTypeError: for another type.
        InvalidHandError: for a negative number.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputTypeError(f"`{key}` must be a non-negative integer, got {json_type(value)}")
    if value < 0:
        raise InvalidHandError(f"`{key}` must be a non-negative integer, got {value}")
    return value


def check_string_list(value: Any, key: str, what: str) -> list[str]:
    """``value`` as a list of strings (``what`` names the items in the message).

    Raises:
        InputTypeError: for a string, a non-list or a non-string item.
    """
    if isinstance(value, str) or not isinstance(value, list | tuple | set | frozenset):
        raise InputTypeError(f"`{key}` must be a list of {what}, got {json_type(value)}")
    for item in value:
        if not isinstance(item, str):
            raise InputTypeError(
                f"`{key}` must be a list of {what}, got an item of type {json_type(item)}"
            )
    return list(value)


def check_tile_list(value: Any, key: str) -> list[str]:
    """``value`` as a list of at most :data:`MAX_INDICATORS` tile strings (or Tiles).

    Raises:
        InputTypeError: for a string, a non-list or an item that is not a string.
        InvalidHandError: for too many indicators.
    """
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise InputTypeError(f"`{key}` must be a list of tiles, got {json_type(value)}")
    out: list[str] = []
    for item in value:
        if isinstance(item, Tile):
            out.append(item.notation)
        elif isinstance(item, str):
            out.append(item)
        else:
            raise InputTypeError(
                f"`{key}` must be a list of tiles, got an item of type {json_type(item)}"
            )
    if len(out) > MAX_INDICATORS:
        raise InvalidHandError(
            f"`{key}` holds {plural(len(out), 'indicator')}; a deal has at most "
            f"{MAX_INDICATORS} (one, plus one per kong)"
        )
    return out


def check_situation(data: Mapping[str, Any]) -> None:
    """The situation keys shared by ``score`` and ``settle``: seats, counters, indicators.

    Raises:
        InputTypeError, InvalidHandError: naming the first offending key.
    """
    for key in ("dealer", "discarder"):
        if data.get(key) is not None:
            check_seat(data[key], key)
    for key in ("honba", "riichi_sticks"):
        if key in data:
            check_counter(data[key], key)
    for key in ("dora", "ura"):
        if data.get(key) is not None:
            check_tile_list(data[key], key)
    if "round_wind" in data:
        check_seat(data["round_wind"], "round_wind")


def plain_arguments(
    win: Any, seat_wind: Any, round_wind: Any, flags: Any, situation: Mapping[str, Any]
) -> bool:
    """Whether the arguments of a ``score`` call are in the spellings accepted without a look.

    Strings for ``win`` and the winds, a list or tuple of strings for ``flags``, and in the
    situation only the counters (``honba``, ``riichi_sticks``: non-negative ints, not bools)
    and the seat keys (``dealer``, ``discarder``: None or a seat letter): exact types, so
    the type checks of ``muraglia.score`` (``check_api_arguments``) would pass without a
    word. False for anything else (then those checks run and name what is wrong); never
    raises.

    >>> plain_arguments("ron", "E", "S", ["riichi"], {"honba": 1, "discarder": "W"})
    True
    >>> plain_arguments("ron", "E", "S", "riichi", {})  # a string, not a list of flags
    False
    >>> plain_arguments("ron", "E", "S", (), {"honba": True})  # a bool, not a count
    False
    """
    if (
        win.__class__ is not str
        or seat_wind.__class__ is not str
        or round_wind.__class__ is not str
        or flags.__class__ not in _SEQUENCES
    ):
        return False
    for f in flags:
        if f.__class__ is not str:
            return False
    for key, value in situation.items():
        if key in _COUNTERS:
            if value.__class__ is not int or value < 0:
                return False
        elif key in _SEAT_KEYS:
            if value is not None and (value.__class__ is not str or value not in _SEAT_SET):
                return False
        else:
            return False
    return True


def check_score_input(data: Any) -> None:
    """Check the types and the situation of a ``muraglia score`` input object.

    Raises:
        InputTypeError, InvalidHandError: naming the first offending key.
    """
    if not isinstance(data, Mapping):
        raise InputTypeError(f"the input must be a JSON object, got {json_type(data)}")
    if "hand" in data and not isinstance(data["hand"], str | Hand):
        raise InputTypeError(f"`hand` must be a string, got {json_type(data['hand'])}")
    if "win" in data:
        win = data["win"]
        if not isinstance(win, str):
            raise InputTypeError(f"`win` must be one of {', '.join(_WIN)}, got {json_type(win)}")
        if win not in _WIN:
            raise InvalidHandError(f"`win` must be one of {', '.join(_WIN)}, got {excerpt(win)}")
    if "seat_wind" in data:
        check_seat(data["seat_wind"], "seat_wind")
    if data.get("flags") is not None:
        check_string_list(data["flags"], "flags", "flags")
    check_situation(data)


def check_settle_input(data: Any) -> None:
    """Check the types and the situation of a ``muraglia settle`` input object.

    Raises:
        InputTypeError, InvalidHandError: naming the first offending key.
    """
    if not isinstance(data, Mapping):
        raise InputTypeError(f"the input must be a JSON object, got {json_type(data)}")
    check_situation(data)
    for key in ("winners", "riichi", "tenpai"):
        if key in data:
            seats = check_string_list(data[key], key, "seat letters")
            for s in seats:
                check_seat(s, key)
            if len(set(seats)) != len(seats):
                raise InvalidHandError(f"`{key}` names a seat twice")
    for key, what in (("hands", "hand"), ("flags", "flags"), ("status", "status")):
        if key not in data:
            continue
        table = data[key]
        if not isinstance(table, Mapping):
            raise InputTypeError(
                f"`{key}` must be an object seat -> {what}, got {json_type(table)}"
            )
        for seat, value in table.items():
            check_seat(seat, f"{key}` key `{seat}" if isinstance(seat, str) else key)
            where = f"{key}.{seat}"
            if key == "hands" and not isinstance(value, str | Hand):
                raise InputTypeError(f"`{where}` must be a hand string, got {json_type(value)}")
            if key == "flags":
                check_string_list(value, where, "flags")
            if key == "status" and not isinstance(value, str):
                raise InputTypeError(f"`{where}` must be a string, got {json_type(value)}")


def check_tile_counts(
    hand: Hand, indicators: Iterable[Tile], what: str = "dora indicators"
) -> None:
    """The hand and the indicators together hold at most four copies of each tile.

    Raises:
        InvalidHandError: naming the tile with a fifth copy, or a flower or season given as
            an indicator (only the 34 kinds of the wall's play tiles are).
    """
    counts = list(hand.counts)
    for t in indicators:
        if t >= len(counts):
            raise InvalidHandError(
                f"{t.notation!r} is a flower or season: it cannot be one of the {what}"
            )
        counts[t] += 1
        if counts[t] > COPIES:
            raise InvalidHandError(
                f"the hand and the {what} hold {counts[t]} copies of "
                f"{t.notation!r} (there are only 4)"
            )


def check_red_fives(
    hand: Hand,
    per_suit: int,
    others: Iterable[PhysicalTile] = (),
    where: str = "the visible tiles",
) -> None:
    """At most ``per_suit`` red fives of a suit (the ruleset's wall) in the hand and ``others``.

    ``others`` are tiles seen elsewhere (``where``: the visible tiles, the dora indicators).

    >>> from muraglia.notation import parse_hand, parse_tiles
    >>> check_red_fives(parse_hand("0m23m456p789s1122z"), 1, parse_tiles("0m"), "the dora")
    Traceback (most recent call last):
    ...
    muraglia.errors.InvalidHandError: 2 red fives 0m in the hand and the dora; the wall ...

    Raises:
        InvalidHandError: naming the suit.
    """
    seen = [t for t in others if t.red]
    if hand.red_fives + len(seen) <= per_suit:  # no suit can hold more than all of them
        return
    red: dict[str, int] = {}
    tiles = [*hand.concealed_tiles, *(t for m in hand.melds for t in m.tiles), *seen]
    for t in tiles:
        if t.red:
            suit = t.kind.notation[1]
            red[suit] = red.get(suit, 0) + 1
    for suit, n in red.items():
        if n > per_suit:
            has = "no red fives" if per_suit == 0 else f"only {plural(per_suit, 'red five')}"
            held = f"the hand and {where}" if seen else "the hand"
            raise InvalidHandError(
                f"{plural(n, 'red five')} 0{suit} in {held}; the wall has {has} of that suit"
            )
