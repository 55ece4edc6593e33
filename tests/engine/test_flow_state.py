"""Flows keep no state between calls: matches of one Game may be played side by side.

Everything a hook needs about the deal being played (counters, scores at its start) comes
from the deal view, and the settlement's verdict for the next deal from the deal summary.
"""

from __future__ import annotations

import random

import pytest

from muraglia.engine import Game
from muraglia.rulesets import load_ruleset
from tests.engine.helpers import choose

SPECS = ["fimj(tournament=true)", "ravenna", "seipalle", "riichi-ema", "riichi-tenhou", "mcr"]


@pytest.mark.parametrize("spec", SPECS)
def test_interleaved_matches_of_one_game_equal_matches_played_alone(spec: str) -> None:
    game = Game(load_ruleset(spec), seed=11, max_deals=8)
    alone = []
    for agent_seed in (5, 6):
        m = game.new_match()
        rng = random.Random(agent_seed)
        while not m.over:
            m.apply(choose(rng, m.legal_actions(m.to_act[0])))
        alone.append(m)
    a, b = game.new_match(), game.new_match()
    rng_a, rng_b = random.Random(5), random.Random(6)
    while not (a.over and b.over):  # one action of each in turn, sharing the flow object
        for m, r in ((a, rng_a), (b, rng_b)):
            if not m.over:
                m.apply(choose(r, m.legal_actions(m.to_act[0])))
    assert a.events == alone[0].events
    assert b.events == alone[1].events
    # nothing about a match was stored on the flow object
    assert sorted(vars(game.flow)) == ["options", "ruleset", "table"]  # table: frozen
