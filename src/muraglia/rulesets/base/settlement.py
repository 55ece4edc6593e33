"""Settlement helpers shared by the rulesets: seat letters and the settle-output reader.

``wind_letter`` is :func:`muraglia.tiles.wind_letter` (re-exported: the one wind converter).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from muraglia.scoring.result import Settlement, Transfer
from muraglia.tiles import WIND_LETTERS, wind_letter

__all__ = ["SEAT_LETTERS", "settlement_from_dict", "wind_letter"]


SEAT_LETTERS = WIND_LETTERS
"""Wind letters by wind index; settlement input is keyed by the seats' own winds
(:data:`muraglia.tiles.WIND_LETTERS`)."""


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
