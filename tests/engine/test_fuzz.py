"""Seeded random agents play whole matches; every invariant is checked after every action and
records replay to the identical match (issue 7 acceptance, DESIGN §15).

``MURAGLIA_SOAK=N`` multiplies the number of matches (the long soak run).
"""

from __future__ import annotations

import os

import pytest

from muraglia.io.record import dumps, loads, record_of, replay
from tests.engine.helpers import play_match

SOAK = int(os.environ.get("MURAGLIA_SOAK", "1"))
PLAN = {
    "fimj(tournament=true)": (8, 25),
    "ravenna": (8, 25),
    "seipalle(tournament=true)": (8, 25),
    "fimj(tournament=true,three_players=true)": (1, 25),
    "ravenna(three_players=true)": (1, 25),
    "fimj(tournament=true,charleston=true)": (1, 4),
    "fimj(tournament=true,charleston=true,three_players=true)": (1, 4),
}
"""Ruleset spec -> (chunks, matches per chunk): 200 FIMJ, 200 Ravenna, 200 Seipalle matches,
25 FIMJ and 25 Ravenna at a table of three, 4 FIMJ with the Charleston at four and 4 at three
(its ~1000 choices per pass are slow to list)."""

CASES = [(spec, c, size) for spec, (n, size) in PLAN.items() for c in range(n * SOAK)]


@pytest.mark.parametrize(("spec", "chunk", "size"), CASES, ids=[f"{s}-{c}" for s, c, _ in CASES])
def test_random_matches_keep_every_invariant(spec: str, chunk: int, size: int) -> None:
    for seed in range(chunk * size, (chunk + 1) * size):
        match = play_match(spec, seed)
        assert match.over
        assert sum(match.scores) + match.pot == 0
        if seed % 4 == 0:  # replaying doubles the cost: every fourth match, an eighth via JSON
            record = loads(dumps(match)) if seed % 8 == 0 else record_of(match)
            again = replay(record)
            assert again.scores == match.scores
            assert again.events == match.events


@pytest.mark.parametrize("spec", ["fimj", "seipalle", "fimj(tournament=true,limit=2000)"])
def test_matches_with_a_deal_cap_stop_there(spec: str) -> None:
    for seed in range(5):
        match = play_match(spec, seed, max_deals=6)
        assert match.over
        assert match.deals_played <= 6


def test_a_free_play_fimj_match_runs_to_its_end() -> None:
    # FIMJ-GAME-2: East keeps the role until another player wins; 16 turns of East.
    match = play_match("fimj", 1, check=False, max_deals=3000)
    assert match.over
    assert match.deals_played < 3000
    assert match.progress.passes == 15
