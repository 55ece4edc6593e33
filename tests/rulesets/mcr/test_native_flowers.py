"""The MCR kernel's flower count is bounded (MCR-WIN-4: eight flowers and seasons).

``best`` read the count as a C ``long`` and kept it in an ``int``: a count past 2**31 came
back as a negative number of Flower Tiles (and a negative total). A count the game cannot
have is handed back (``NotImplemented``), like every other odd input.
"""

from __future__ import annotations

from typing import Any

import pytest

from muraglia.notation import parse_hand
from muraglia.rulesets.mcr import McrRules, search
from muraglia.rulesets.mcr import native as nat
from muraglia.scoring.context import WinType
from muraglia.tiles import Tile

needs_native = pytest.mark.skipif(nat._fans is None, reason="the MCR fan kernel is not built")


def _args(flowers: int) -> list[Any]:
    rules = McrRules()
    h = parse_hand("123m456p789s234s55s+5s", red_fives=False)
    state = search.fan_kernel(rules._values, rules.options)
    return [state, h.concealed_counts, h.melds, h.counts, int(Tile.S5), False, Tile.EAST,
            Tile.EAST, 0, flowers, h, WinType.RON, frozenset(), rules.options]  # fmt: skip


@needs_native
def test_eight_flowers_are_counted() -> None:
    assert nat._fans is not None
    out = nat._fans.best(*_args(8))
    assert (out[3], out[4], out[5]) == (12, 20, 8)


@needs_native
@pytest.mark.parametrize("flowers", [9, 2**31 + 3, 2**32, -1])
def test_a_count_the_game_cannot_have_is_handed_back(flowers: int) -> None:
    assert nat._fans is not None
    assert nat._fans.best(*_args(flowers)) is NotImplemented
