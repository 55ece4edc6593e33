"""Seeded fuzzing of the riichi (EMA, Tenhou) and MCR flows (issue 7 acceptance).

Purely random agents almost never win at riichi or MCR (a yaku / 8 fan is needed), so half of
the agents here are greedy: they win when they may, declare riichi when they may, call now and
then, and otherwise discard a tile that keeps the hand's shanten lowest. Every invariant of
``helpers.check_deal`` is checked after every action; every third match is replayed.
``MURAGLIA_SOAK=N`` multiplies the number of matches.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from muraglia.analysis.shanten import shanten_all
from muraglia.engine import Game, MatchState, Phase
from muraglia.engine.actions import Action, Chow, Declare, Discard, Pass, Pung, Win
from muraglia.engine.events import DealEnded, DealStarted, RiichiAccepted, Won
from muraglia.io.record import dumps, loads, record_of, replay
from muraglia.rulesets import load_ruleset
from muraglia.tiles import Tile
from tests.engine.helpers import check_deal, choose

SOAK = int(os.environ.get("MURAGLIA_SOAK", "1"))


def greedy(rng: random.Random, match: MatchState, seat: int, legal: list[Action]) -> Action:
    """Win, riichi, sometimes call or declare, else the discard of least shanten."""
    for a in legal:
        if isinstance(a, Win):
            return a
    deal = match.deal
    if deal.phase is not Phase.ACT:
        calls = [a for a in legal if isinstance(a, Pung | Chow)]
        if calls and rng.random() < 0.3:
            return rng.choice(calls)
        return Pass(seat) if Pass(seat) in legal else rng.choice(legal)
    riichi = [a for a in legal if isinstance(a, Discard) and a.riichi]
    if riichi:
        return rng.choice(riichi)
    declares = [a for a in legal if isinstance(a, Declare)]
    if declares and rng.random() < 0.5:
        return declares[0]
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards or rng.random() < 0.05:
        return rng.choice(legal)
    if discards[0].tile.is_bonus:  # a flower drawn under FIMJ richi: the only discard
        return discards[0]
    counts = deal.counts[seat]
    melds = len(deal.melds[seat])
    best: list[Action] = []
    low = 99
    for a in discards:
        counts[a.tile] -= 1
        s = shanten_all(counts, melds)
        counts[a.tile] += 1
        if s < low:
            best, low = [a], s
        elif s == low:
            best.append(a)
    return rng.choice(best)


def play(spec: str, seed: int, tally: Counter[str]) -> MatchState:
    """One match; greedy agents on even seeds, random ones on odd seeds."""
    rng = random.Random(seed ^ 0x5EED)
    match = Game(load_ruleset(spec), seed=seed).new_match()
    opts = match.game.ruleset.options
    at_start = tuple(match.scores)  # scores when the current deal started
    while not match.over:
        seat = match.to_act[0]
        deal = match.deal
        legal = match.legal_actions(seat)
        action = greedy(rng, match, seat, legal) if seed % 2 == 0 else choose(rng, legal)
        if isinstance(action, Discard) and action.riichi and spec == "riichi-tenhou":
            assert at_start[seat] >= opts.riichi_min_score  # Tenhou: riichi needs 1000
        for e in match.apply(action):
            if isinstance(e, DealEnded):
                tally[e.reason] += 1
            elif isinstance(e, Won):
                tally["winners"] += 1
                tally["red_won"] += "0" in e.hand  # red fives counted by the scorer
            elif isinstance(e, RiichiAccepted):
                tally["riichi"] += 1
            elif isinstance(e, DealStarted):
                at_start = tuple(match.scores)
                if spec == "riichi-tenhou":  # busting ends the match; sudden death in West
                    assert min(at_start) >= 0, at_start
                    if e.round_wind == Tile.WEST:
                        tally["west"] += 1
                        assert max(at_start) < opts.west_extension, at_start
        check_deal(deal)
        if deal.is_over:
            assert sum(match.scores) + match.pot == match.flow.start_score() * match.players
    return match


PLAN = {
    "riichi-ema": (8, 25),
    "riichi-tenhou": (8, 25),
    "mcr": (10, 20),
    "fimj(tournament=true)": (1, 10),
}
"""Ruleset -> (chunks, matches per chunk): 200 EMA half-games, 200 Tenhou, 200 MCR matches, and 10
FIMJ matches with the greedy agents (richi, flowers drawn under richi; CI time; `MURAGLIA_SOAK`
for more)."""

CASES = [(spec, c, size) for spec, (n, size) in PLAN.items() for c in range(n * SOAK)]


@pytest.mark.parametrize(("spec", "chunk", "size"), CASES, ids=[f"{s}-{c}" for s, c, _ in CASES])
def test_random_matches_keep_every_invariant(spec: str, chunk: int, size: int) -> None:
    tally: Counter[str] = Counter()
    for seed in range(chunk * size, (chunk + 1) * size):
        match = play(spec, seed, tally)
        assert match.over
        if seed % 3 == 0:
            record = loads(dumps(match)) if seed % 10 == 0 else record_of(match)
            again = replay(record)
            assert again.scores == match.scores
            assert again.events == match.events
    assert tally["win"] > 0, tally  # the greedy agents do win: settlement is exercised
    if spec.startswith("riichi"):
        assert tally["riichi"] > 0, tally
        assert tally["red_won"] > 0, tally  # wins with a red five (EMA-TILE-2)
