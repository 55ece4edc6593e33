"""Scenarios of the riichi and MCR flows with dictated walls (issue 7): EMA four-riichi abort,
riichi sticks to the winner, robbing the kong, own-discard furiten, nine terminals, four winds,
MCR head bump, false hu, and the 8-fan minimum refusing a 7-fan win."""

from __future__ import annotations

from muraglia.engine import MatchState, Phase
from muraglia.engine.actions import (
    AddedKong,
    Chow,
    Declare,
    Discard,
    Pass,
    Penalise,
    Pung,
    Win,
)
from muraglia.engine.events import DealEnded, Event, RiichiAccepted, Settled, Won
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.riichi_ema.flow import RiichiFlow
from tests.engine.test_scenarios import dictated, t

PAD = " 9m 9p 9s 8m 8p 8s 7m 7p 7s 6m 6p 6s"
"""Further live tiles, so that riichi stays possible (EMA-RIICHI-1: 4 live tiles)."""


def pass_claims(m: MatchState) -> None:
    """Every seat with a pending claim passes."""
    while m.deal.phase is Phase.CLAIM:
        m.apply(Pass(m.to_act[0]))


def play(m: MatchState, seat: int, tile: str, *, riichi: bool = False) -> list[Event]:
    """``seat`` discards ``tile``; every claim is passed."""
    events = m.apply(Discard(seat, t(tile), riichi=riichi))
    start = len(m.events) - len(events)
    pass_claims(m)
    return m.events[start:]


def ended(events: list[Event]) -> DealEnded:
    return next(e for e in events if isinstance(e, DealEnded))


def settled(events: list[Event]) -> Settled:
    return next(e for e in events if isinstance(e, Settled))


# ------------------------------------------------------------------------------------ riichi

FOUR_RIICHI = {
    0: "123m 456m 789m 11p 23p 9s",  # riichi discarding 9s: waits 1p 4p
    1: "123s 456s 789s 55m 67m",  # draws 2z, riichi discarding it: waits 5m 8m
    2: "234p 567p 678s 99m 45s",  # draws 3z: waits 3s 6s
    3: "345m 678p 222s 88p 67s",  # draws 4z: waits 5s 8s
}


def test_ema_four_riichi_is_an_abortive_draw() -> None:
    # EMA-END-4 (d): four riichi, nobody wins on the fourth riichi discard; sticks stay on
    # the table (EMA-STICK-2), a counter is added (EMA-HONBA-2), East keeps (EMA-GAP-14).
    m = dictated("riichi-ema", FOUR_RIICHI, draws="2z 3z 4z 5z" + PAD)
    events: list[Event] = []
    for seat, tile in enumerate(("9s", "2z", "3z", "4z")):
        events = play(m, seat, tile, riichi=True)
    assert sum(isinstance(e, RiichiAccepted) for e in m.events) == 4
    end = ended(events)
    assert (end.reason, end.winners) == ("four_riichi", ())
    assert settled(events).net == (0, 0, 0, 0)  # every riichi hand is tenpai: no chombo
    assert m.pot == 4000
    assert m.scores == [-1000] * 4
    assert (m.progress.dealer, m.progress.honba, m.progress.passes) == (0, 1, 0)


def test_three_riichi_do_not_abort() -> None:
    m = dictated("riichi-ema", FOUR_RIICHI, draws="2z 3z 4z 5z" + PAD)
    for seat, tile in enumerate(("9s", "2z", "3z")):
        play(m, seat, tile, riichi=True)
    events = play(m, 3, "4z")
    assert not any(isinstance(e, DealEnded) for e in events)
    assert m.deal.to_act == (0,)


STICKS = {
    0: "123m 456m 789m 11p 23p 9s",
    1: "258m 258p 258s 1357z",
    2: "234s 567s 678p 55m 45s",  # all simples, waits 3s 6s
    3: "369m 369p 39s 246z 1p 1s",
}


def test_riichi_stick_goes_to_the_ron_winner() -> None:
    # EMA-RIICHI-2/5, EMA-STICK-1: the declarer's stick is put down when the riichi discard
    # passes and collected by the next winner, here on the declarer's own discard.
    m = dictated("riichi-ema", STICKS, draws="7z 9p 8s 6s" + PAD)
    play(m, 0, "9s", riichi=True)
    assert m.deal.riichi[0]
    play(m, 1, "7z")
    play(m, 2, "9p")
    play(m, 3, "8s")
    assert m.legal_actions(0) == [Discard(0, t("6s"))]  # EMA-RIICHI-3: the drawn tile only
    m.apply(Discard(0, t("6s")))
    assert Win(2) in m.legal_actions(2)
    events = m.apply(Win(2))
    won = next(e for e in events if isinstance(e, Won))
    assert (won.seat, won.from_seat) == (2, 0)
    value = load_ruleset("riichi-ema").score(
        won.hand, win="ron", seat_wind="W", round_wind="E", discarder="E", dora=["6z"]
    )
    assert value.valid
    assert won.value == value.value
    assert m.pot == 0
    assert m.scores == [-value.value - 1000, 0, value.value + 1000, 0]
    assert m.progress.dealer == 1
    assert m.progress.honba == 0


MULTI = {
    0: "258m 258p 258s 1357z 9m",  # discards 9m, later draws and discards 6s
    1: "234m 678m 345p 22m 78s",  # all simples, waits 6s 9s
    2: "111m 456p 99p 678p 78s",  # draws 2z, riichi: waits 6s 9s
    3: "345s 345s 789p 777m 3z",  # draws 4z, riichi: waits 3z
}
MULTI_DRAWS = "1z 2z 4z 6s" + PAD


def test_ema_double_ron_pays_both_and_splits_the_sticks() -> None:
    # EMA-CALL-2, EMA-GAP-8: both win in full; EMA-STICK-1/3: the riichi winner takes his own
    # stick back, the other stick goes to the first winner after the discarder.
    m = dictated("riichi-ema", MULTI, draws=MULTI_DRAWS)
    play(m, 0, "9m")
    play(m, 1, "1z")
    play(m, 2, "2z", riichi=True)
    play(m, 3, "4z", riichi=True)
    assert m.deal.stakes == [0, 0, 1000, 1000]  # moved to the pot when the deal ends
    m.apply(Discard(0, t("6s")))
    m.apply(Win(2))
    events = m.apply(Win(1))
    won = {e.seat: e.value for e in events if isinstance(e, Won)}
    assert sorted(won) == [1, 2]
    assert "ippatsu" in next(e.flags for e in events if isinstance(e, Won) and e.seat == 2)
    assert m.pot == 0
    assert m.scores == [-won[1] - won[2], won[1] + 1000, won[2], -1000]
    assert (m.progress.dealer, m.progress.honba) == (1, 0)


def test_tenhou_triple_ron_is_an_abortive_draw() -> None:
    # riichi-tenhou (triple_ron_draw): three winners on one discard abort the deal; sticks
    # stay, a counter is added, East keeps.
    hands = dict(MULTI)
    hands[3] = "234p 567p 333z 22z 78s"  # draws 4z, riichi: waits 6s 9s
    m = dictated("riichi-tenhou", hands, draws=MULTI_DRAWS)
    play(m, 0, "9m")
    play(m, 1, "1z")
    play(m, 2, "2z", riichi=True)
    play(m, 3, "4z", riichi=True)
    m.apply(Discard(0, t("6s")))
    for seat in (1, 2):
        m.apply(Win(seat))
    events = m.apply(Win(3))
    assert settled(events).net == (0, 0, 0, 0)
    assert m.pot == 2000
    assert m.scores == [25000, 25000, 24000, 24000]  # Tenhou's 25000 start
    assert (m.progress.dealer, m.progress.honba) == (0, 1)


ROB = {
    0: "7p 19m 19s 1234z 567z 2s 8s",
    1: "77p 258m 36s 4p 1357z 9p",
    2: "234m 567m 456s 11z 6p 1p",  # draws 8p, discards 1p: waits 7p (closed wait, no yaku)
    3: "147m 25p 369s 246z 8m 9p",
}


def test_ron_before_ones_first_draw_is_blessing_of_man() -> None:
    # EMA-YKM-05 (flag first_turn on a ron): a win on a discard of the first uninterrupted
    # go-around before one's own first discard.
    hands = dict(ROB)
    hands[2] = "234m 567m 456s 11z 68p"
    m = dictated("riichi-ema", hands, draws="9m 1s 3s 7p" + PAD)
    m.apply(Discard(0, t("7p")))
    assert Win(2) in m.legal_actions(2)
    m.apply(Pass(1))
    events = m.apply(Win(2))
    won = next(e for e in events if isinstance(e, Won))
    assert "first_turn" in won.flags


def test_robbing_the_kong_riichi() -> None:
    # EMA-KONG-2, EMA-YAKU-15: the tile added to a pung may be won on; chankan is the yaku.
    m = dictated("riichi-ema", ROB, draws="8p 1s 3s 7p" + PAD)
    m.apply(Discard(0, t("7p")))
    m.apply(Pung(1))
    play(m, 1, "9p")
    play(m, 2, "1p")
    play(m, 3, "1s")
    play(m, 0, "3s")
    assert AddedKong(1, t("7p")) in m.legal_actions(1)
    m.apply(AddedKong(1, t("7p")))
    assert m.deal.phase is Phase.ROB
    assert m.legal_actions(2) == [Win(2), Pass(2)]
    events = m.apply(Win(2))
    won = next(e for e in events if isinstance(e, Won))
    assert (won.seat, won.tile, won.from_seat) == (2, t("7p"), 1)
    assert "robbing_kong" in won.flags
    net = settled(events).net
    assert net[2] == won.value
    assert net[1] == -won.value
    assert net[0] == net[3] == 0


def test_temporary_furiten_lasts_until_ones_own_discard() -> None:
    # EMA-FURI-3, EMA-GAP-19: a passed win forbids ron until the player's next draw (here:
    # his discard after it); then he may ron again.
    hands = dict(STICKS)
    hands[2] = "234s 567s 678p 55m 4s 9p"
    m = dictated("riichi-ema", hands, draws="7z 5s 3s 6s 1m 9m 3s" + PAD)
    play(m, 0, "9s")
    play(m, 1, "7z")
    play(m, 2, "9p")  # drew 5s: waits 3s 6s
    m.apply(Discard(3, t("3s")))
    assert Win(2) in m.legal_actions(2)
    pass_claims(m)  # seat 2 lets the win pass
    m.apply(Discard(0, t("6s")))
    assert Win(2) not in m.legal_actions(2)  # temporary furiten
    pass_claims(m)
    play(m, 1, "1m")
    play(m, 2, "9m")  # his own discard ends it
    m.apply(Discard(3, t("3s")))
    assert Win(2) in m.legal_actions(2)


def test_own_discard_furiten_blocks_the_waiting_tile() -> None:
    hands = dict(STICKS)
    m = dictated("riichi-ema", hands, draws="7z 6s 8s 6s" + PAD)
    play(m, 0, "9s")
    play(m, 1, "7z")
    # seat 2 drew 6s: tsumo is offered; he discards it instead and is furiten on 3s/6s
    assert Win(2) in m.legal_actions(2)
    play(m, 2, "6s")
    play(m, 3, "8s")
    assert m.deal.turn == 0
    m.apply(Discard(0, t("6s")))
    assert Win(2) not in m.legal_actions(2)  # 6s is among his own discards


def test_nine_terminals_is_an_abortive_declaration() -> None:
    # EMA-END-4 (a), EMA-GAP-15: in the first uninterrupted turn, nine kinds of terminals and
    # honours; optional; East keeps, a counter is added.
    hands = dict(STICKS)
    hands[1] = "19m 19p 1s 1234z 5z 2m 3m 4m"
    m = dictated("riichi-ema", hands, draws="6z 9p 8s 6s" + PAD)
    play(m, 0, "9s")
    assert Declare(1, "nine_terminals") in m.legal_actions(1)
    events = m.apply(Declare(1, "nine_terminals"))
    assert ended(events).reason == "nine_terminals"
    assert settled(events).net == (0, 0, 0, 0)
    assert (m.progress.dealer, m.progress.honba) == (0, 1)


def test_four_winds_abort() -> None:
    # EMA-END-4 (c): the same wind discarded by all four in the first uninterrupted go-around.
    hands = {
        0: "1z 258m 369p 147s 2z 3z 5z 6z",
        1: "1z 369m 147p 258s 2z 3z 7z",
        2: "1z 147m 258p 369s 4z 5z 6z",
        3: "1z 19m 19p 19s 4z 7z 2p 5s 8p 7m",
    }
    m = dictated("riichi-ema", hands, draws="4m 4p 4s 5m 5p" + PAD)
    events: list[Event] = []
    for seat in range(4):
        events = play(m, seat, "1z")
    assert ended(events).reason == "four_winds"
    assert (m.progress.dealer, m.progress.honba) == (0, 1)


# --------------------------------------------------------------------------------------- MCR

BUMP = {
    0: "5p 19p 3z 4z 5z 6z 7z 1s 4s 7s 2p 8p 3p",  # East discards 5p
    1: "123456789m 111z 5p",  # Pure Straight, waits 5p
    2: "123456789s 222z 5p",  # Pure Straight, waits 5p
    3: "369m 258s 3z 4z 5z 6z 7z 1z 2p",
}


def test_mcr_head_bump_only_the_nearest_claimant_wins() -> None:
    # MCR-PLAY-5, MCR-GAP-17: several hu claims: the first in turn after the discarder wins.
    m = dictated("mcr", BUMP, draws="1m 2m 3m", dead="")
    m.apply(Discard(0, t("5p")))
    assert Win(1) in m.legal_actions(1)
    assert Win(2) in m.legal_actions(2)
    m.apply(Win(2))
    events = m.apply(Win(1))
    assert [e.seat for e in events if isinstance(e, Won)] == [1]
    v = load_ruleset("mcr").score("123456789m 111z 5p+5p", win="ron", seat_wind="S")
    total = sum(a.value for a in v.awards)
    assert settled(events).net == (-(total + 8), total + 24, -8, -8)  # MCR-PAY-2
    assert (m.progress.dealer, m.progress.passes) == (1, 1)  # MCR-GAME-2: always rotates


def test_mcr_false_hu_pays_and_bars_the_offender() -> None:
    # MCR-WIN-5, MCR-GAP-16: 10 to each other player, play goes on, no win for the offender.
    m = dictated("mcr", BUMP, draws="1m 2m 3m", dead="")
    m.apply(Penalise(1, "cannot_win", "false_win"))
    m.apply(Discard(0, t("5p")))
    assert m.legal_actions(1) == []
    events = m.apply(Win(2))
    assert [e.seat for e in events if isinstance(e, Won)] == [2]
    v = load_ruleset("mcr").score("123456789s 222z 5p+5p", win="ron", seat_wind="W")
    total = sum(a.value for a in v.awards)
    assert settled(events).net == (-(total + 8) + 10, -8 - 30, total + 24 + 10, -8 + 10)


MINIMUM = {
    0: "2m 8m 19p 19s 1z 2z 4z 5z 6z 7z 8p 9s",
    1: "13m 234m 333z 11m 67m 9p",
    2: "258p 369s 1z 2z 3z 4z 5z 6z 7z",
    3: "147p 258s 47s 1z 2z 5z 6z 7z",
}


def test_mcr_minimum_refuses_a_seven_fan_win() -> None:
    # MCR-WIN-4: 8 fan without flowers. [123m] 234m 333z 11m 67m + 8m is complete but worth 7
    # (Half Flush 6, Pung of Honours 1): no hu is offered; on 5m (Short Straight too) it is.
    rules = load_ruleset("mcr")
    seven = rules.score("[123m] 234m 333z 11m 67m+8m", win="ron", seat_wind="S")
    assert (seven.valid, seven.fan) == (False, 7)
    m = dictated("mcr", MINIMUM, draws="8m 5m 9m", dead="")
    m.apply(Discard(0, t("2m")))
    m.apply(Chow(1, (t("1m"), t("2m"), t("3m"))))
    play(m, 1, "9p")
    m.apply(Discard(2, t("8m")))
    assert m.legal_actions(1) == []  # the complete 7-fan hand may not claim hu
    pass_claims(m)
    m.apply(Discard(3, t("5m")))
    assert Win(1) in m.legal_actions(1)
    events = m.apply(Win(1))
    assert [e.seat for e in events if isinstance(e, Won)] == [1]


def test_five_counters_need_two_han_of_yaku() -> None:
    # EMA-HONBA-4, EMA-GAP-29: with five counters the 1-han chankan alone may not win.
    m = dictated("riichi-ema", ROB, draws="8p 1s 3s 7p" + PAD)
    assert isinstance(m.game.flow, RiichiFlow)
    m.deal.honba = 5  # five counters on the table when this deal began
    m.apply(Discard(0, t("7p")))
    m.apply(Pung(1))
    play(m, 1, "9p")
    play(m, 2, "1p")
    play(m, 3, "1s")
    play(m, 0, "3s")
    events = m.apply(AddedKong(1, t("7p")))
    assert m.deal.phase is Phase.ACT  # nobody may rob: the kong stands
    assert any(type(e).__name__ == "KongMade" for e in events)
    tenhou = dictated("riichi-tenhou", ROB, draws="8p 1s 3s 7p" + PAD)
    tenhou.deal.honba = 5  # Tenhou has no such minimum
    tenhou.apply(Discard(0, t("7p")))
    tenhou.apply(Pung(1))
    play(tenhou, 1, "9p")
    play(tenhou, 2, "1p")
    play(tenhou, 3, "1s")
    play(tenhou, 0, "3s")
    tenhou.apply(AddedKong(1, t("7p")))
    assert tenhou.legal_actions(2) == [Win(2), Pass(2)]
