"""Flow rules: rotation and match end, riichi, penalties, the fifth kong."""

from __future__ import annotations

import pytest

from muraglia.engine import Game, Phase
from muraglia.engine.actions import ConcealedKong, Discard, Pass, Penalise, Pung, Win
from muraglia.engine.events import (
    DealEnded,
    RiichiAccepted,
    RiichiCancelled,
    Settled,
    TilesPassed,
)
from muraglia.errors import IllegalActionError
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.base import DealSummary, MatchProgress, SeatStatus
from muraglia.tiles import Tile
from tests.engine.test_scenarios import dictated, t


def summary(*winners: int, void: bool = False) -> DealSummary:
    return DealSummary(winners, void or not winners, "win" if winners else "exhausted", 2)


def test_fimj_free_play_east_keeps_the_role_after_his_win_or_a_void_deal() -> None:
    # FIMJ-GAME-2, FIMJ-GAP-24.
    flow = Game(load_ruleset("fimj")).flow
    p = MatchProgress()
    assert flow.next_deal(p, summary(0)).dealer == 0
    assert flow.next_deal(p, summary()).dealer == 0
    nxt = flow.next_deal(p, summary(2))
    assert (nxt.dealer, nxt.passes, nxt.round_wind) == (1, 1, 0)


def test_fimj_round_wind_advances_after_four_passes_and_the_match_ends_after_sixteen() -> None:
    flow = Game(load_ruleset("fimj(tournament=true)")).flow
    p = MatchProgress(round_wind=2)  # FIMJ-TOURN-4: first round wind from the breach wall
    winds = []
    while p is not None:
        winds.append(p.round_wind)
        p = flow.next_deal(p, summary())  # tournament: East passes even after a void deal
    assert winds == [2] * 4 + [3] * 4 + [0] * 4 + [1] * 4


def test_fimj_tournament_first_round_wind_is_the_breach_wall() -> None:
    ruleset = load_ruleset("fimj(tournament=true)")
    match = Game(ruleset, seed=5).new_match()
    assert (
        match.deal.round_wind
        == [Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH][match.deal.breach.wall]
    )


def test_ravenna_void_deal_is_replayed_once_then_east_passes() -> None:
    # RAV-END-3/4: 8 turns of East; a second void in a row passes.
    flow = Game(load_ruleset("ravenna")).flow
    p = MatchProgress()
    p1 = flow.next_deal(p, summary())
    assert (p1.dealer, p1.repeats) == (0, 1)
    p2 = flow.next_deal(p1, summary())
    assert (p2.dealer, p2.passes) == (1, 1)
    p3 = flow.next_deal(p2, summary(3))
    assert p3.dealer == 2
    q: MatchProgress | None = MatchProgress()
    turns = 0
    while q is not None:
        turns += 1
        q = flow.next_deal(q, summary(1))
    assert turns == 8


def test_seipalle_two_rounds() -> None:
    # SEI-GAME-1/2: free play (FIMJ), two rounds of four turns of East.
    flow = Game(load_ruleset("seipalle")).flow
    q: MatchProgress | None = MatchProgress()
    winds = []
    while q is not None:
        winds.append(q.round_wind)
        q = flow.next_deal(q, summary((q.dealer + 1) % 4))
    assert winds == [0] * 4 + [1] * 4


def test_seipalle_stakes_left_go_to_the_top_score() -> None:
    flow = Game(load_ruleset("seipalle")).flow
    assert flow.end_of_match([100, 300, 300, -700], 3000) == (0, 1500, 1500, 0)
    assert flow.end_of_match([100, 300, 200, -600], 1000) == (0, 1000, 0, 0)


RIICHI = {
    0: "123m 456m 789m 11p 23s 7z",
    1: "7z 7z 258m 369p 147s 2z 3z",
    2: "147m 258p 369s 4z 5z 6z 1z",
    3: "369m 147p 258s 4z 5z 6z 2z",
}


def test_seipalle_riichi_stands_when_the_discard_passes() -> None:
    # SEI-RIICHI-1/3/7: any ready closed hand; stake on the table once the discard passes.
    m = dictated(
        "seipalle", RIICHI, draws="9p 9p 9s 9s 8p 8m 8s 1z 2z 3z", dead="1234567z 1234567z"
    )
    assert Discard(0, t("7z"), riichi=True) in m.legal_actions(0)
    m.apply(Discard(0, t("7z"), riichi=True))
    events = m.apply(Pass(1))
    assert RiichiAccepted(0, 1000) in events
    assert m.deal.double_riichi[0]
    for seat in (1, 2, 3):
        m.apply(Discard(seat, m.deal.drawn))
    assert m.legal_actions(0) == [Discard(0, m.deal.drawn)]  # SEI-RIICHI-5: hand locked


@pytest.mark.parametrize("spec", ["riichi-ema", "riichi-tenhou"])
def test_riichi_discard_claimed_for_a_set_leaves_the_riichi_standing(spec: str) -> None:
    # EMA-RIICHI-2 (seed 001: "viene ruotata la tessera scartata successivamente"): the stick
    # is paid and the riichi stands; the call breaks ippatsu. Tenhou records agree (REACH 2
    # before the call).
    m = dictated(spec, RIICHI, draws="9p 9p 9s 9s 8p 8m 8s 1z 2z 3z", dead="1234567z 1234567z")
    m.apply(Discard(0, t("7z"), riichi=True))
    events = m.apply(Pung(1))
    assert RiichiAccepted(0, 1000) in events
    assert not any(isinstance(e, RiichiCancelled) for e in events)
    assert m.deal.riichi[0]
    assert m.deal.stakes == [1000, 0, 0, 0]


def test_seipalle_riichi_discard_claimed_for_a_set_cancels_it() -> None:
    # SEI-RIICHI-4, SEI-GAP-8.
    m = dictated(
        "seipalle", RIICHI, draws="9p 9p 9s 9s 8p 8m 8s 1z 2z 3z", dead="1234567z 1234567z"
    )
    m.apply(Discard(0, t("7z"), riichi=True))
    events = m.apply(Pung(1))
    assert RiichiCancelled(0) in events
    assert not m.deal.riichi[0]
    assert m.deal.stakes == [0, 0, 0, 0]


def test_fimj_riichi_only_on_a_single_wait() -> None:
    # FIMJ-RICHI-1: 123m456m789m11p23s waits on 1s/4s: no riichi; a single wait may declare.
    m = dictated("fimj", RIICHI, draws="9p 9p 9s 9s 8p 8m 8s 1z 2z 3z")
    assert not [a for a in m.legal_actions(0) if getattr(a, "riichi", False)]
    single = {**RIICHI, 0: "123m 456m 789m 11p 13s 7z"}
    m = dictated("fimj", single, draws="9p 9p 9s 9s 8p 8m 8s 1z 2z 3z")
    assert Discard(0, t("7z"), riichi=True) in m.legal_actions(0)


def test_a_seat_that_cannot_win_is_offered_no_win() -> None:
    m = dictated(
        "fimj",
        {
            0: "5p 1s 9s 34567z 1p 9p 3m 6m 9m 4p",
            1: "123456789m 111z 5p",
            2: "234567s 888s 222z 5p",
            3: "147m 268p 39s 467z 2s 5s",
        },
        draws="2m 8m",
    )
    m.apply(Penalise(1, SeatStatus.CANNOT_WIN.value, "small_lord"))
    m.apply(Discard(0, t("5p")))
    assert m.legal_actions(1) == []
    assert Win(2) in m.legal_actions(2)


def test_an_out_seat_is_skipped_and_penalised_in_the_settlement() -> None:
    m = dictated(
        "fimj",
        {
            0: "5p 1s 9s 34567z 1p 9p 3m 6m 9m 4p",
            1: "123456789m 111z 5p",
            2: "234567s 888s 222z 5p",
            3: "147m 268p 39s 467z 2s 5s",
        },
        draws="2m 8m 7m",
    )
    m.apply(Penalise(1, SeatStatus.OUT.value, "false_mahjong"))
    with pytest.raises(IllegalActionError):
        m.apply(Penalise(0, SeatStatus.OUT.value, "false_mahjong"))
    events = m.apply(Discard(0, t("9m")))
    assert any(getattr(e, "seat", None) == 2 and e.kind == "drew" for e in events)


def test_a_fifth_kong_voids_a_seipalle_deal() -> None:
    # SEI-SETUP-6, SEI-GAP-4: void as soon as the fifth kong is declared.
    m = dictated(
        "seipalle",
        {
            0: "1111m 2222m 3333m 4m 5m",
            1: "5555p 1s 2s 3s 4s 6s 7s 8s 9s 1z",
            2: "147m 258p 369s 4z 5z 6z 1z",
            3: "369m 147p 258s 4z 5z 6z 2z",
        },
        draws="9p 9p 1z 2z 3z 7z 7z 7z 7z 1z 2z",
        dead="4m 4m 4m 8m 8m 8m 8m 2z 3z 4z 5z 6z 6p 6p",
    )
    for k in ("1m", "2m", "3m", "4m"):
        m.apply(ConcealedKong(0, t(k)))
    m.apply(Discard(0, t("5m")))
    events = m.apply(ConcealedKong(1, t("5p")))
    ended = next(e for e in events if isinstance(e, DealEnded))
    assert (ended.reason, ended.void) == ("too_many_kongs", True)
    assert next(e for e in events if isinstance(e, Settled)).net == (0, 0, 0, 0)


def test_fimj_charleston_left_across_right() -> None:
    # FIMJ-CHARL-1/2: every seat chooses four tiles, then they move; three exchanges.
    deal = Game(load_ruleset("fimj(charleston=true)"), seed=6).new_deal()
    assert deal.phase is Phase.CHARLESTON
    assert deal.to_act == (0, 1, 2, 3)
    before = [list(c) for c in deal.counts]
    chosen = {s: deal.legal_actions(s)[0] for s in range(4)}
    assert all(len(a.tiles) == 4 for a in chosen.values())
    for s in range(4):
        deal.apply(chosen[s])
    moved = [e for e in deal.events if isinstance(e, TilesPassed)]
    assert [(e.seat, e.to) for e in moved] == [(0, 3), (1, 0), (2, 1), (3, 2)]
    for s in range(4):
        got = chosen[(s + 1) % 4].tiles
        for k in set(chosen[s].tiles) | set(got):
            assert deal.counts[s][k] == before[s][k] - chosen[s].tiles.count(k) + got.count(k)
    for _ in range(2):
        for s in range(4):
            deal.apply(deal.legal_actions(s)[-1])
    assert deal.phase is Phase.ACT
    assert deal.to_act == (0,)
    assert [sum(c) for c in deal.counts] == [14, 13, 13, 13]


def test_fimj_table_of_three_deals_nothing_to_the_dead_seat() -> None:
    # FIMJ-3P-2/3, FIMJ-GAP-38: the dead seat starts as North; 90 drawable tiles.
    deal = Game(load_ruleset("fimj(three_players=true)"), seed=2).new_deal()
    assert deal.dead == frozenset({3})
    assert deal.wall.live_count == 90
    assert deal.counts[3] == [0] * 34
    assert deal.bonus[3] == []
    assert [sum(deal.counts[s]) for s in range(3)] == [14, 13, 13]


def test_fimj_dead_east_lets_south_take_the_thirteenth_and_fourteenth_tiles() -> None:
    # FIMJ-3P-4: when the dead seat is East, South takes East's tiles and discards first.
    deal = Game(load_ruleset("fimj(three_players=true)"), seed=2).new_deal(dealer=3)
    assert deal.to_act == (0,)
    assert [sum(deal.counts[s]) for s in range(3)] == [14, 13, 13]


def test_fimj_three_same_wind_first_discards_at_a_table_of_three() -> None:
    # FIMJ-3P-5.
    m = dictated(
        "fimj(three_players=true)",
        {0: "1z 258m 369p 147s 2z 3z 5z 6z", 1: "1z 369m 147p 258s 2z 3z 7z",
         2: "1z 147m 258p 369s 4z 5z 6z"},
        draws="4m 4p 4s 5m 5p",
    )  # fmt: skip
    for seat in range(3):
        events = m.apply(Discard(seat, t("1z")))
    ended = next(e for e in events if isinstance(e, DealEnded))
    assert ended.reason == "same_wind_discards"


def test_ravenna_table_of_three_keeps_the_dead_seat_north() -> None:
    # RAV-3P-2/4, RAV-GAP-22: North is dead for good; East goes round the three others, twice.
    game = Game(load_ruleset("ravenna(three_players=true)"), seed=3)
    deal = game.new_deal(dealer=1)
    assert [deal.letter(s) for s in range(4)] == ["W", "E", "S", "N"]
    assert deal.counts[3] == [0] * 34
    flow = game.flow
    q: MatchProgress | None = MatchProgress()
    dealers = []
    while q is not None:
        dealers.append(q.dealer)
        q = flow.next_deal(q, summary(q.dealer))
    assert dealers == [0, 1, 2, 0, 1, 2]


def test_ravenna_dead_seat_pays_the_winner() -> None:
    # RAV-3P-3: the dead seat pays the Mah-Jong (never doubled) but no differences.
    m = dictated(
        "ravenna(three_players=true)",
        {0: "5p 1s 9s 34567z 1p 9p 3m 6m 9m 4p", 1: "123456789m 111z 5p",
         2: "147m 268p 39s 467z 2s 5s"},
        draws="2m 8m",
    )  # fmt: skip
    m.apply(Discard(0, t("5p")))
    events = m.apply(Win(1))
    net = next(e for e in events if isinstance(e, Settled)).net
    assert net[1] > 0
    assert net[3] < 0
    assert sum(net) == 0


def test_fimj_richi_discards_a_drawn_flower() -> None:
    # FIMJ-RICHI-4, FIMJ-FLOWER-4: under richi a drawn flower is discarded (never exposed, never
    # claimed, no points); without richi it is exposed and replaced as usual (FIMJ-FLOWER-2).
    single = {**RIICHI, 0: "123m 456m 789m 11p 13s 7z"}
    m = dictated("fimj", single, draws="9p 9s 8p 1f 8m 2f 8s 1z 2z 3z 4z")
    m.apply(Discard(0, t("7z"), riichi=True))
    while m.deal.phase is Phase.CLAIM:
        m.apply(Pass(m.deal.to_act[0]))
    for seat, tile in ((1, "9p"), (2, "9s"), (3, "8p")):
        assert m.deal.turn == seat
        m.apply(Discard(seat, t(tile)))
        while m.deal.phase is Phase.CLAIM:
            m.apply(Pass(m.deal.to_act[0]))
    deal = m.deal
    assert deal.turn == 0
    assert deal.drawn == t("1f")
    assert deal.bonus[0] == []
    assert m.legal_actions(0) == [Discard(0, t("1f"))]
    assert sum(deal.counts[0]) == 13  # the flower is held apart, not in the hand
    m.apply(Discard(0, t("1f")))
    assert deal.phase is Phase.ACT  # no claim window: seat 1 has drawn
    assert deal.turn == 1
    assert deal.discards[0][-1] == t("1f")
    assert deal.drawn == t("8m")
    assert sum(deal.counts[0]) == 13
    m.apply(Discard(1, t("8m")))
    while deal.phase is Phase.CLAIM:
        m.apply(Pass(deal.to_act[0]))
    assert deal.bonus[2] == [t("2f")]  # not under richi: exposed and replaced
