"""``Action.line()`` and ``parse_action`` round trip (issue #13): every legal action's one-line
form names that action again, in seeded random matches of every ruleset."""

from __future__ import annotations

import random

import pytest

from muraglia.engine import Game
from muraglia.engine.actions import Discard
from muraglia.engine.parse import parse_action
from muraglia.errors import IllegalActionError
from muraglia.rulesets import ids, load_ruleset
from muraglia.tiles import Tile

SPECS = [*ids(), "fimj(charleston=true)", "fimj(three_players=true,charleston=true)"]


@pytest.mark.parametrize("spec", SPECS)
def test_every_legal_action_line_parses_back(spec: str) -> None:
    rng = random.Random(5)
    match = Game(load_ruleset(spec), seed=11, max_deals=2).new_match()
    kinds: set[str] = set()
    for _ in range(4000):
        if match.over:
            break
        seat = match.deal.to_act[0]
        legal = match.legal_actions(seat)
        for action in legal:
            assert parse_action(legal, seat, action.line()) == action, action.line()
            kinds.add(action.kind)
        match.apply(rng.choice(legal))
    assert {"discard", "pass"} <= kinds


def test_red_five_and_riichi_marks() -> None:
    five, red = Discard(0, Tile.S5), Discard(0, Tile.S5, red=True)
    riichi_red = Discard(0, Tile.S5, riichi=True, red=True)
    legal = [five, red, riichi_red, Discard(0, Tile.S5, riichi=True)]
    assert red.line() == "0 discard 5s red"
    assert parse_action(legal, 0, "0 discard 5s red") == red
    assert parse_action(legal, 0, "discard 5s") == five
    assert parse_action(legal, 0, "discard 0s") == red
    assert parse_action(legal, 0, riichi_red.line()) == riichi_red
    assert parse_action(legal, 0, "riichi 0s") == riichi_red


def test_a_line_of_another_seat_is_refused() -> None:
    legal = [Discard(0, Tile.S5)]
    with pytest.raises(IllegalActionError, match="names seat 2, not seat 0"):
        parse_action(legal, 0, "2 discard 5s")
    with pytest.raises(IllegalActionError, match="empty action"):
        parse_action(legal, 0, "0")
