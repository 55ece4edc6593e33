"""Flow rules of riichi and MCR: rotation and match end, uma, walls, counters."""

from __future__ import annotations

import pytest

from muraglia.engine import Game
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.base import DealSummary, MatchProgress
from tests.engine.helpers import play_match


def summary(*winners: int, reason: str = "") -> DealSummary:
    return DealSummary(winners, not winners, reason or ("win" if winners else "exhausted"), 0)


def test_mcr_seats_rotate_after_every_deal_for_sixteen_deals() -> None:
    # MCR-GAME-1/2: East passes whoever wins (even East) or on a draw; 4 rounds of 4 deals.
    flow = Game(load_ruleset("mcr")).flow
    p: MatchProgress | None = MatchProgress()
    seen = []
    for i in range(20):
        assert p is not None
        seen.append((p.dealer, p.round_wind))
        p = flow.next_deal(p, summary(p.dealer) if i % 2 else summary())
        if p is None:
            break
    assert len(seen) == 16
    assert seen[:5] == [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)]
    assert seen[-1] == (3, 3)


@pytest.mark.parametrize(
    ("winners", "reason", "dealer", "honba"),
    [
        ((0,), "win", 0, 1),  # EMA-GAME-1, EMA-HONBA-2: East won, a counter is added
        ((2,), "win", 1, 0),  # EMA-HONBA-3: another won, counters removed, East passes
        ((), "four_winds", 0, 1),  # EMA-GAP-14: abortive draw, East keeps, a counter
    ],
    ids=["east-wins", "south-west-wins", "abortive"],
)
def test_ema_rotation_without_a_settlement(
    winners: tuple[int, ...], reason: str, dealer: int, honba: int
) -> None:
    flow = Game(load_ruleset("riichi-ema")).flow
    nxt = flow.next_deal(MatchProgress(), summary(*winners, reason=reason))
    assert nxt is not None
    assert (nxt.dealer, nxt.honba) == (dealer, honba)


def test_ema_half_game_ends_after_the_south_round() -> None:
    # EMA-GAME-3: eight passes of East; a repeat does not count.
    flow = Game(load_ruleset("riichi-ema")).flow
    p: MatchProgress | None = MatchProgress()
    deals = 0
    while p is not None:
        deals += 1
        other = (p.dealer + 1) % 4
        p = flow.next_deal(p, summary(p.dealer) if deals == 3 else summary(other))
        assert deals < 20
    assert deals == 9


def test_ema_end_of_match_sticks_to_the_leader_then_uma() -> None:
    # EMA-STICK-5, EMA-UMA-1: 2000 left on the table to the leader, then +9000/+3000/...
    flow = Game(load_ruleset("riichi-ema")).flow
    assert flow.end_of_match([10000, 0, -4000, -8000], 2000) == (11000, 3000, -3000, -9000)
    tenhou = Game(load_ruleset("riichi-tenhou")).flow  # its preset's uma
    assert tenhou.end_of_match([3, 2, 1, 0], 0) == (20000, 10000, -10000, -20000)


def test_ema_ties_share_uma() -> None:
    # EMA-UMA-2: two tied first places share 9000 + 3000.
    flow = Game(load_ruleset("riichi-ema")).flow
    assert flow.end_of_match([5000, 5000, -5000, -5000], 0) == (6000, 6000, -6000, -6000)


@pytest.mark.parametrize(
    ("spec", "live", "dead"), [("riichi-ema", 122, 14), ("mcr", 144, 0)], ids=["riichi", "mcr"]
)
def test_wall_sizes(spec: str, live: int, dead: int) -> None:
    # EMA-WALL-9: 136 - 14 = 122 live tiles; MCR-WALL-5: no dead wall, 144 tiles.
    game = Game(load_ruleset(spec), seed=3)
    deal = game.new_deal()
    w = deal.wall
    assert (len(w.live), len(w.dead)) == (live, dead)
    assert len(deal.indicators) == (1 if spec.startswith("riichi") else 0)  # EMA-WALL-6


def test_ema_first_indicator_is_the_upper_tile_of_the_third_dead_stack() -> None:
    # EMA-WALL-6/7, EMA-GAP-10: D1 lower, D1 upper, D2 lower, D2 upper, D3 lower, D3 upper.
    deal = Game(load_ruleset("riichi-ema"), seed=5).new_deal()
    assert deal.indicators == [deal.wall.dead[5]]


def test_a_riichi_half_game_keeps_its_invariants_and_counters() -> None:
    match = play_match("riichi-ema", 11)
    assert match.over
    assert match.progress.passes == 7


def test_a_riichi_half_game_ends_with_uma_even_with_no_sticks_left() -> None:
    """EMA-UMA-1: the final scores carry the uma whether or not sticks are left on the table."""
    from muraglia.engine.events import MatchEnded, Settled

    for seed in range(11, 40):
        match = play_match("riichi-ema", seed, check=False)
        last = [e for e in match.events if isinstance(e, Settled)][-1]
        if last.pot == 0:
            break
    else:  # pragma: no cover - the seeds above include such a match
        raise AssertionError("no match ended with an empty pot")
    before = list(last.scores)
    final = [e for e in match.events if isinstance(e, MatchEnded)][-1].scores
    order = sorted(range(4), key=lambda s: (-before[s], s))
    uma = load_ruleset("riichi-ema").uma
    if len(set(before)) == 4:  # no tie: each place gets its uma
        assert [final[s] - before[s] for s in order] == list(uma)
    assert sum(final) == 0
