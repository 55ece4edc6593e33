"""Shared helpers of the engine tests: a seeded random agent and the invariants."""

from __future__ import annotations

import random
from functools import cache

from muraglia.engine import DealState, Game, MatchState, Phase
from muraglia.engine.actions import Action, Win
from muraglia.engine.wall import tile_set
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.base import WallLayout
from muraglia.tiles import Tile


def choose(rng: random.Random, legal: list[Action]) -> Action:
    """Win whenever possible, otherwise a uniformly random legal action."""
    for a in legal:
        if isinstance(a, Win):
            return a
    return rng.choice(legal)


def expected_size(deal: DealState, seat: int) -> int:
    """Tiles ``seat`` should hold (melds as three; a bonus tile drawn under riichi, held apart
    until discarded, not counted)."""
    size = _expected_size(deal, seat)
    if seat == deal.turn and deal.drawn is not None and deal.drawn.is_bonus:
        return size - 1
    return size


def _expected_size(deal: DealState, seat: int) -> int:
    if seat in deal.dead:
        return 0
    if deal.phase in (Phase.ACT, Phase.CHARLESTON) and seat == deal.turn:
        return 14
    if deal.phase is Phase.ROB and seat == deal.claim_from:
        return 14
    if deal.phase is Phase.END:
        r = deal.result
        assert r is not None
        if seat in r.winners and not r.void:
            return 14
        if seat == deal.turn and deal.drawn is not None and not r.winners:
            return 14
    return 13


@cache
def full_set(layout: WallLayout) -> tuple[int, ...]:
    """How many of each of the 42 tile values the set holds."""
    out = [0] * 42
    for t in tile_set(layout):
        out[t] += 1
    return tuple(out)


def check_deal(deal: DealState) -> None:
    """Tile conservation, hand sizes and non-empty legal actions for every seat to act."""
    tally = [sum(col) for col in zip(*deal.counts, strict=True)] + [0] * 8
    for s in range(deal.players):
        for m in deal.melds[s]:
            for k in m.kinds:
                tally[k] += 1
        for b in deal.bonus[s]:
            tally[b] += 1
        for t, c in zip(deal.discards[s], deal.claimed[s], strict=True):
            if not c:
                tally[t] += 1
    if deal.drawn is not None and deal.drawn.is_bonus:  # drawn under riichi (FIMJ-RICHI-4)
        tally[deal.drawn] += 1
    for pile in deal.piles.values():  # FIMJ-CHARL-3: tiles set aside between exchanges
        for t in pile:
            tally[t] += 1
    for t in deal.wall.remaining():
        tally[t] += 1
    r = deal.result
    if r is not None and not r.void and r.discarder is not None and len(r.winners) > 1:
        assert deal.claim_tile is not None
        tally[deal.claim_tile] -= len(r.winners) - 1
    assert tuple(tally) == full_set(deal.layout), "tiles not conserved"
    if deal.layout.red_fives:
        check_red_fives(deal)
    for s in range(deal.players):
        size = sum(deal.counts[s]) + 3 * len(deal.melds[s])
        assert size == expected_size(deal, s), (s, size, deal.phase, deal.events[-3:])
    for s in deal.to_act:
        assert deal.legal_actions(s), f"seat {s} to act has no legal action"
    if deal.phase is Phase.ACT:
        others = [s for s in range(deal.players) if s != deal.turn]
        assert not any(deal.legal_actions(s) for s in others)


def check_red_fives(deal: DealState) -> None:
    """EMA-TILE-2: exactly one red five per suit, in a hand, a meld, the discards or the wall."""
    where: list[str] = []
    for s in range(deal.players):
        for k in deal.red[s]:
            assert k in (Tile.M5, Tile.P5, Tile.S5), (s, k)
            assert deal.counts[s][k] > 0, (s, k)
            where.append(f"{Tile(k).notation[1]}")
        where += [m.tiles[0].kind.notation[1] for m in deal.melds[s] for _ in range(m.red_fives)]
    for s, i in deal.red_discards:
        if not deal.claimed[s][i]:
            where.append(deal.discards[s][i].notation[1])
    w = deal.wall
    where += [w.live[i].notation[1] for i in w.red_live if w.head <= i < w.tail]
    where += [w.dead[i].notation[1] for i in w.red_dead if i >= w.dead_next]
    r = deal.result
    if r is not None and not r.void and r.discarder is not None and deal.claim_red:
        assert deal.claim_tile is not None
        for _ in range(len(r.winners) - 1):  # every ron winner holds the red discard
            where.remove(deal.claim_tile.notation[1])
    assert sorted(where) == ["m", "p", "s"], (where, deal.events[-3:])


def play_match(
    spec: str, seed: int, *, check: bool = True, max_deals: int | None = None
) -> MatchState:
    """A whole match of seeded random agents, invariants checked after every action."""
    rng = random.Random(seed ^ 0x5EED)
    match = Game(load_ruleset(spec), seed=seed, max_deals=max_deals).new_match()
    while not match.over:
        seat = match.to_act[0]
        deal = match.deal
        match.apply(choose(rng, match.legal_actions(seat)))
        if check:
            check_deal(deal)
            if deal.is_over:
                assert sum(match.scores) + match.pot == match.flow.table.start_score * match.players
    return match
