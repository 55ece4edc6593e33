"""Settlement helpers shared by the rulesets: the seat letters.

``wind_letter`` is :func:`muraglia.tiles.wind_letter` (re-exported: the one wind converter).
Every ruleset builds its :class:`~muraglia.scoring.result.Settlement` directly (the classical
rulesets: ``to_settlement()`` of their deal objects), never from a settle output object.
"""

from __future__ import annotations

from muraglia.tiles import WIND_LETTERS, wind_letter

__all__ = ["SEAT_LETTERS", "wind_letter"]

SEAT_LETTERS = WIND_LETTERS
"""Wind letters by wind index; settlement input is keyed by the seats' own winds
(:data:`muraglia.tiles.WIND_LETTERS`)."""
