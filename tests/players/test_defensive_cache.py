"""The defensive bot's memoised hand points and draw swings are keyed on the ruleset's options.

Two bots of one ruleset id with different options (``fimj`` and ``fimj(limit=300)``, or
``riichi-ema`` and ``riichi-tenhou``, which is ``riichi-ema`` with other options) must not
share an entry: FIMJ-SCORE-6 caps a hand at the table's limit (FIMJ-CONF ``limit``).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from muraglia.players import defensive
from muraglia.players.defensive import DefensiveBot
from muraglia.rulesets import ruleset_for
from muraglia.tiles import NUM_KINDS, Tile


def _table() -> Any:
    """The parts of a table ``hand_points`` reads: East's melds, flowers and winds."""
    view = SimpleNamespace(melds={"E": ()}, bonus={"E": ()}, seat="E", round_wind=Tile.EAST)
    return SimpleNamespace(view=view, seat_wind=Tile.EAST)


def _dragons() -> list[int]:
    """555z666z777z111m2m: three concealed dragon pungs, far above a limit of 300."""
    counts = [0] * NUM_KINDS
    for kind in (Tile.WHITE, Tile.GREEN, Tile.RED, Tile.M1):
        counts[kind] = 3
    counts[Tile.M2] = 1
    return counts


@pytest.mark.parametrize("first", ["fimj", "fimj(limit=300)"])
def test_hand_points_depend_on_the_options(first: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(defensive, "_POINTS", {})
    order = [first, "fimj(limit=300)" if first == "fimj" else "fimj"]
    got = {spec: DefensiveBot(spec).hand_points(_table(), _dragons()) for spec in order}
    assert got == {"fimj": 1000.0, "fimj(limit=300)": 300.0}


def test_draw_swings_are_keyed_on_the_options(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(defensive, "_SWINGS", {})
    ema, tenhou = ruleset_for("riichi-ema"), ruleset_for("riichi-tenhou")
    assert ema.id == tenhou.id
    assert ema.options != tenhou.options
    defensive._draw_swing(ema, "S", ())
    defensive._draw_swing(tenhou, "S", ())
    assert len(defensive._SWINGS) == 2
