"""PlayerView shows a seat nothing hidden: another seat's concealed tiles and the wall can
change without changing the view (DESIGN §8, §15)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from muraglia.engine import DealState, Game
from muraglia.engine.actions import Discard
from muraglia.engine.match import MatchState
from muraglia.engine.views import view_of
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.base import MatchProgress
from muraglia.tiles import Tile
from tests.engine.helpers import choose

SPECS = ["fimj", "ravenna", "seipalle"]


def deal_after(spec: str, seed: int, steps: int, passes: int = 0) -> tuple[DealState, MatchState]:
    """A match resumed at its turn of East ``passes`` (scores by the seed), its deal after
    ``steps`` random actions."""
    rng = random.Random(seed)
    progress = MatchProgress(
        deal=passes, dealer=passes % 4, round_wind=passes // 4 % 4, passes=passes
    )
    scores = [rng.randrange(-50, 50) * 10 for _ in range(3)]
    match = Game(load_ruleset(spec), seed=seed).new_match(
        progress=progress, scores=[*scores, -sum(scores)]
    )
    deal = match.deal
    for _ in range(steps):
        if deal.is_over:
            break
        seat = deal.to_act[0]
        deal.apply(choose(rng, deal.legal_actions(seat)))
    return deal, match


@given(
    spec=st.sampled_from(SPECS),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 150),
    seat=st.integers(0, 3),
    pick=st.randoms(use_true_random=False),
)
def test_hidden_tiles_do_not_change_a_view(
    spec: str, seed: int, steps: int, seat: int, pick: random.Random
) -> None:
    """Every field of the view, the match's (scores, pot, the turns of East) included."""
    passes = seed % 16
    deal, match = deal_after(spec, seed, steps, passes)
    before = view_of(deal, seat, match)
    assert before.passes == passes
    other = pick.choice([s for s in range(4) if s != seat and s not in deal.dead])
    held = [k for k, n in enumerate(deal.counts[other]) if n]
    w = deal.wall
    shown = set(w.indicators)
    hidden = [("live", i) for i in range(w.head, w.tail)]
    hidden += [("dead", i) for i in range(w.dead_next, len(w.dead)) if i not in shown]
    if not held or not hidden:
        return
    k = pick.choice(held)
    where, i = pick.choice(hidden)
    counts_before = [list(c) for c in deal.counts]
    walls_before = (list(deal.wall.live), list(deal.wall.dead))
    twin = deal.copy()
    row = twin.wall.live if where == "live" else twin.wall.dead
    t = row[i]
    if t == k or t.is_bonus:
        return
    twin.counts[other][k] -= 1
    twin.counts[other][t] += 1
    row[i] = type(t)(k)
    after = view_of(twin, seat, match)
    assert after == before
    # the change went into the copy only: the original's hands and walls are untouched
    assert twin.counts[other] != deal.counts[other]
    assert deal.counts == counts_before
    assert (list(deal.wall.live), list(deal.wall.dead)) == walls_before
    assert view_of(deal, other, match) != view_of(twin, other, match)  # it sees its new tile


def test_a_view_holds_the_own_hand_and_no_wall() -> None:
    deal, _ = deal_after("fimj", 3, 10)
    for seat in range(4):
        v = view_of(deal, seat)
        assert sorted(v.hand) == [t for k, n in enumerate(deal.counts[seat]) for t in [k] * n]
        keys = set(v.to_dict())
        assert not keys & {"live", "dead", "wall", "counts"}


def test_match_view_carries_scores_and_pot() -> None:
    match = Game(load_ruleset("seipalle"), seed=1).new_match()
    v = match.view(0)
    assert v.scores == (0, 0, 0, 0)
    assert v.pot == 0
    assert v == view_of(match.deal, 0, match)
    assert match.deal.view(1).hand_sizes == v.hand_sizes


def test_a_view_counts_the_turns_of_east_of_its_match() -> None:
    """FIMJ-TOURN-3: in a FIMJ tournament East passes every deal, so the view's ``passes``
    is the deals played; the round wind starts at the breach wall's (FIMJ-TOURN-4) and
    cannot tell it. In free play (FIMJ-GAME-2) a deal East wins keeps the count."""
    for spec in ("fimj(tournament=true)", "fimj"):
        rng = random.Random(7)
        match = Game(load_ruleset(spec), seed=7, max_deals=6).new_match()
        seen: list[tuple[int, int]] = []
        while not match.over:
            seat = match.to_act[0]
            v = match.view(seat)
            assert v.passes == match.progress.passes
            if not seen or seen[-1][0] != match.deals_played:
                seen.append((match.deals_played, v.passes))
            match.apply(choose(rng, match.legal_actions(seat)))
        assert [d for d, _ in seen] == list(range(6))
        if spec == "fimj(tournament=true)":
            assert [p for _, p in seen] == list(range(6))
        else:
            assert [p for _, p in seen] == sorted(p for _, p in seen)
    assert view_of(Game(load_ruleset("fimj"), seed=1).new_deal(), 0).passes == 0  # no match
    resumed = Game(load_ruleset("ravenna"), seed=2).new_match(
        progress=MatchProgress(deal=9, dealer=3, round_wind=1, passes=7)
    )
    assert resumed.view(0).passes == 7


def test_a_view_carries_the_ruleset_the_winds_and_the_claimed_discards() -> None:
    """Seat winds from the deal (Ravenna's three-player dead seat keeps North, RAV-GAP)."""
    for spec in ("riichi-ema", "ravenna(three_players=true)"):
        match = Game(load_ruleset(spec), seed=3).new_match()
        v = match.view(0)
        assert v.rules == load_ruleset(spec).id
        assert v.seat_winds == tuple(match.deal.seat_wind(s) for s in range(4))
        assert v.seat_winds[match.deal.dealer] == Tile.EAST
        assert v.round_wind == match.deal.round_wind
    rng = random.Random(5)
    deal = Game(load_ruleset("fimj"), seed=5).new_deal()
    while not deal.is_over and not any(deal.melds):
        deal.apply(choose(rng, deal.legal_actions(deal.to_act[0])))
    if deal.is_over:
        return
    v = view_of(deal, 0)
    assert [len(c) for c in v.claimed] == [len(d) for d in v.discards]
    assert sum(map(sum, v.claimed)) == 1  # the discard that went into the first meld
    assert any(c and c[-1] for c in v.claimed)


def test_a_view_marks_the_discards_that_were_the_tile_just_drawn() -> None:
    """Tsumogiri is public: ``from_draw`` holds the positions of the drawn tiles let go."""
    for spec, seed in (("riichi-ema", 11), ("seipalle", 4), ("mcr", 2), ("fimj", 7)):
        rng = random.Random(seed)
        deal = Game(load_ruleset(spec), seed=seed).new_deal()
        expected: list[int] = []
        seen_both = [False, False]
        while not deal.is_over:
            seat = deal.to_act[0]
            action = choose(rng, deal.legal_actions(seat))
            if isinstance(action, Discard):
                drawn = view_of(deal, seat).drawn
                if drawn is not None and action.tile == drawn:
                    expected.append(len(deal.discard_log))
                    seen_both[0] = True
                else:
                    seen_both[1] = True
            deal.apply(action)
            if not deal.is_over:
                assert list(view_of(deal, (seat + 1) % 4).from_draw) == expected, spec
        assert all(seen_both), spec
