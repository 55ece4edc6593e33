"""Settlement helpers shared by the rulesets: seat letters and the settle-output reader."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from muraglia.scoring.result import Settlement, Transfer
from muraglia.tiles import Tile

__all__ = ["SEAT_LETTERS", "settlement_from_dict", "wind_letter"]


SEAT_LETTERS = ("E", "S", "W", "N")
"""Wind letters by wind index; settlement input is keyed by the seats' own winds."""


def wind_letter(wind: Tile) -> str:
    """The letter (E S W N) of a wind tile, as settlement and scoring inputs name seats.

    >>> wind_letter(Tile.WEST)
    'W'
    """
    return SEAT_LETTERS[int(wind) - int(Tile.EAST)]


def settlement_from_dict(data: Mapping[str, Any]) -> Settlement:
    """A :class:`Settlement` from a ``muraglia settle`` output object (rulesets' own types)."""
    transfers = tuple(
        Transfer(t["from"], t["to"], int(t["amount"])) for t in data.get("transfers", ())
    )
    known = {"ok", "rules", "values", "transfers", "net", "explanation"}
    return Settlement(
        transfers,
        {k: int(v) for k, v in data.get("net", {}).items()},
        {k: int(v) for k, v in data.get("values", {}).items()},
        {k: tuple(v) for k, v in data.get("explanation", {}).items()},
        {k: v for k, v in data.items() if k not in known},
    )
