"""Riichi rules closed in the engine (issue 7), with dictated walls: red fives (EMA-TILE-2),
four kongs (EMA-END-4b, EMA-KONG-7/8, EMA-GAP-25), temporary furiten (EMA-FURI-3), kongs
after riichi (EMA-RIICHI-3 c), robbing a concealed kong for thirteen orphans (EMA-KONG-4),
nagashi mangan (EMA-YAKU-29) and Tenhou's game rules in ``riichi-tenhou``."""

from __future__ import annotations

import json
import random
from collections import Counter

from muraglia.engine import DealState, Game, MatchState, Phase
from muraglia.engine.actions import ClaimKong, ConcealedKong, Discard, Pass, Pung, Win
from muraglia.engine.events import Called, Drew, Event, IndicatorRevealed, KongMade, Won
from muraglia.engine.parse import parse_action
from muraglia.engine.wall import Wall
from muraglia.io.mjai import to_mjai
from muraglia.io.record import dumps, loads, replay
from muraglia.io.tenhou import Agari, load
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.base import DealSummary, MatchProgress, WallLayout
from muraglia.tiles import Tile
from tests.engine.test_scenarios import DEAD, dictated, t
from tests.engine.test_scenarios_flows import (
    FOUR_RIICHI,
    PAD,
    ended,
    pass_claims,
    play,
    settled,
)
from tests.io.test_tenhou import MJLOG, needs_corpus

# ------------------------------------------------------------------------------- red fives

RED = {
    0: "0p 19m 19s 1234z 567z 9p 1p",  # East discards the red five first
    1: "234s 567s 678p 22m 46p",  # all simples, waits 5p (kanchan)
    2: "55p 258m 258s 1357z 8p",  # may pung the 5p
    3: "369m 369p 39s 246z 1s 7s",
}


def test_seeded_walls_have_one_red_five_per_suit_and_the_same_kinds() -> None:
    # EMA-TILE-2: in each suit exactly one of the four 5s is red; the red fives do not change
    # the seed's order of kinds (records of either kind stay comparable).
    plain, red = WallLayout(), WallLayout(red_fives=True)
    from muraglia.rulesets.base import Breach

    breach = Breach((3, 4), 2, 7)
    a = Wall.build(random.Random(9), plain, breach)
    b = Wall.build(random.Random(9), red, breach)
    assert (a.live, a.dead) == (b.live, b.dead)
    assert not a.red_live
    assert not a.red_dead
    reds = sorted([b.live[i] for i in b.red_live] + [b.dead[i] for i in b.red_dead])
    assert reds == [Tile.M5, Tile.P5, Tile.S5]


def test_red_five_discard_is_its_own_action_and_counts_as_dora_on_a_ron() -> None:
    # EMA-TILE-2, EMA-DORA-4, EMA-HAN-1: the red five adds one han; EMA-WIN-2: it is no yaku
    # (the hand has all simples).
    m = dictated("riichi-ema", RED, draws="6z 6z 7z 7z" + PAD)
    for seat, tile in enumerate(("1p", "6z", "6z", "7z")):  # a go-around: no renhou
        play(m, seat, tile)
    legal = m.legal_actions(0)
    assert Discard(0, t("5p"), red=True) in legal
    assert Discard(0, t("5p")) not in legal  # East holds only the red five of 5p
    assert m.deal.parse_action(0, "discard 0p") == Discard(0, t("5p"), red=True)
    assert m.view(0).red_hand == (t("5p"),)
    m.apply(Discard(0, t("5p"), red=True))
    assert m.view(1).red_claim
    assert m.view(3).red_discards == ((1,), (), (), ())
    m.apply(Win(1))
    pass_claims(m)
    won = next(e for e in m.events if isinstance(e, Won))
    assert won.red
    assert "0p" in won.hand
    score = load_ruleset("riichi-ema").score(
        won.hand, win="ron", seat_wind="S", round_wind="E", discarder="E", dora=["1z"]
    )
    assert "red_five" in score.ids
    assert score.han == 2
    assert won.value == score.value
    assert settled(m.events).net[1] == score.value


def test_red_five_pung_record_and_mjai() -> None:
    # The red five goes into the meld (``0p`` in its notation); records keep it (the wall's
    # red fives are in the header) and the mjai stream writes it ``5pr``.
    m = dictated("riichi-ema", RED, draws="7z" + PAD)
    m.apply(Discard(0, t("5p"), red=True))
    m.apply(Pass(1))  # lets the ron go
    m.apply(Pung(2))
    called = next(e for e in m.events if isinstance(e, Called))
    assert (called.red, called.red_used) == (True, False)
    assert m.deal.melds[2][0].red_fives == 1
    assert m.view(0).melds[2][0] == "[055p^]"
    text = dumps(m)
    assert '"red": true' in text
    assert "0p" in text
    again = replay(loads(text))
    assert again.events == m.events
    stream = [json.dumps(x) for x in to_mjai(m.events)]
    assert any('"type": "pon"' in x and '"pai": "5pr"' in x for x in stream)
    assert any('"type": "dahai"' in x and '"pai": "5pr"' in x for x in stream)


CHOICE = {
    0: "5p 19m 19s 1234z 567z 9p 1p",  # East discards a plain 5p
    1: "234s 567s 678m 22m 19p",
    2: "0p55p 258m 258s 135z 8p",  # holds the red five and two plain ones
    3: "369m 369p 39s 246z 1s 7s",
}


def test_a_caller_chooses_whether_its_red_five_goes_into_the_meld() -> None:
    # EMA-TILE-2: with a red five and plain ones the caller chooses (Tenhou records both).
    for red in (False, True):
        m = dictated("riichi-ema", CHOICE, draws="7z" + PAD)
        m.apply(Discard(0, t("5p")))
        legal = m.legal_actions(2)
        assert Pung(2) in legal
        assert Pung(2, red=True) in legal
        assert parse_action(legal, 2, "pon 0p") == Pung(2, red=True)
        assert parse_action(legal, 2, "pon") == Pung(2)
        m.apply(Pung(2, red=red))
        called = next(e for e in m.events if isinstance(e, Called))
        assert called.red_used is red
        assert m.deal.melds[2][0].red_fives == int(red)
        assert (Tile.P5 in m.deal.red[2]) is not red
        assert replay(loads(dumps(m))).events == m.events


def test_tenhou_ends_the_match_when_the_last_dealer_wins_in_first_place() -> None:
    # riichi-tenhou option agari_yame; EMA-GAME-3 has none.
    summary = DealSummary((3,), False, "win", 0, (20000, 25000, 15000, 40000),
                          {"dealer_keeps": True, "honba": 1})  # fmt: skip
    south4 = MatchProgress(deal=7, dealer=3, round_wind=1, passes=7)
    tenhou = Game(load_ruleset("riichi-tenhou")).flow
    ema = Game(load_ruleset("riichi-ema(west_extension=30000)")).flow
    assert tenhou.next_deal(south4, summary) is None
    assert ema.next_deal(south4, summary) is not None
    behind = DealSummary((3,), False, "win", 0, (40000, 25000, 15000, 20000),
                         {"dealer_keeps": True, "honba": 1})  # fmt: skip
    assert tenhou.next_deal(south4, behind) is not None  # not first: South 4 again
    east4 = MatchProgress(deal=3, dealer=3, round_wind=0, passes=3)
    assert tenhou.next_deal(east4, summary) is not None  # not the last deal


def test_records_from_before_red_fives_replay_without_them() -> None:
    # format_version 1 records (no red fives in the walls) replay as they were played.
    game = Game(load_ruleset("riichi-ema", red_fives=False), seed=3, max_deals=2)
    m = game.new_match()
    rng = random.Random(3)
    while not m.over:
        m.apply(rng.choice(m.legal_actions(m.to_act[0])))
    lines = dumps(m).splitlines()
    header = json.loads(lines[0])
    header["format_version"] = 1
    del header["options"]["red_fives"]
    old = "\n".join([json.dumps(header), *lines[1:]])
    assert replay(loads(old)).events == m.events
    assert not any(isinstance(e, Drew) and e.red for e in m.events)


def test_seeded_riichi_deal_draws_red_fives() -> None:
    m = Game(load_ruleset("riichi-tenhou"), seed=11).new_match()
    assert m.deal.wall.red_live or m.deal.wall.red_dead
    assert m.deal.phase is Phase.ACT


# ------------------------------------------------------------------------------- four kongs

KONGS = {
    0: "1111m 2222m 567p 99s 3z",  # two concealed kongs, then discards 3z
    1: "3333m 4444m 678p 99p",  # draws 5s, two concealed kongs (the 3rd and 4th), discards 4z
    2: "22p 33p 44s 55s 66s 77s 4z",  # seven pairs, waits 4z
    3: "1p 9p 1s 9s 5m 6m 7m 8m 9m 5z 6z 7z 2s",
}


def four_kongs(spec: str = "riichi-ema") -> MatchState:
    m = dictated(spec, KONGS, draws="5s 8m 8m 8m" + PAD)
    m.apply(ConcealedKong(0, t("1m")))
    m.apply(ConcealedKong(0, t("2m")))
    play(m, 0, "3z")
    m.apply(ConcealedKong(1, t("3m")))
    m.apply(ConcealedKong(1, t("4m")))
    assert m.deal.kongs_made == 4
    m.apply(Discard(1, t("4z")))
    return m


def test_four_kongs_by_two_players_abort_once_the_next_discard_passes() -> None:
    # EMA-END-4 (b), EMA-KONG-8: four kongs by more than one player and nobody wins on the
    # discard after the fourth: an abortive draw (a counter, East keeps, EMA-GAP-14).
    m = four_kongs()
    assert Win(2) in m.legal_actions(2)  # the ron window is open: no abort yet
    events = m.apply(Pass(2))
    assert ended(events).reason == "four_kongs"
    assert settled(events).net == (0, 0, 0, 0)
    assert (m.progress.dealer, m.progress.honba) == (0, 1)


def test_a_win_on_the_discard_after_the_fourth_kong_beats_the_abort() -> None:
    # EMA-KONG-8: "unless someone wins on the discard that follows the fourth kong".
    m = four_kongs()
    events = m.apply(Win(2))
    end = ended(events)
    assert (end.reason, end.winners) == ("win", (2,))


FIFTH = {
    0: "1111m 2222m 3333m 55p",  # three concealed kongs (replacements 4m), later a fourth
    1: "6666p 789p 123s 456s",  # may kong 6p while fewer than four kongs stand
    2: "2m 6m 7m 8m 2p 3p 4p 5p 9m 2s 3s 4s 9s",
    3: "6m 7m 8m 9m 1p 2p 3p 4p 7s 8s 9s 1s 9s",
}


def test_no_fifth_kong_after_four_by_one_player() -> None:
    # EMA-KONG-8: one player's four kongs do not abort, but nobody may declare a fifth.
    dead = "4m 4m 4m 1z 5z 6z 7z 1z 2z 3z 4z 5z 6z 7z"
    m = dictated("riichi-ema", FIFTH, draws="2z 3z 4z 4m 2z 9p 8p 7p 8s 7s 1s 2s 3p", dead=dead)
    for tile in ("1m", "2m", "3m"):
        m.apply(ConcealedKong(0, t(tile)))
    play(m, 0, "5p")
    assert ConcealedKong(1, t("6p")) in m.legal_actions(1)  # three kongs so far
    play(m, 1, "2z")
    play(m, 2, "3z")
    play(m, 3, "4z")
    m.apply(ConcealedKong(0, t("4m")))  # the fourth, all by East: play goes on
    play(m, 0, "1z")
    assert m.deal.kongs_made == 4
    assert not m.deal.is_over
    assert m.deal.turn == 1
    assert ConcealedKong(1, t("6p")) not in m.legal_actions(1)


def test_no_kong_on_an_empty_live_wall() -> None:
    # EMA-GAP-25: no kong of any kind once the live wall is empty (here: nothing to draw
    # after the deal).
    m = dictated("riichi-ema", KONGS, draws="")
    assert m.deal.live_count == 0
    assert not any(isinstance(a, ConcealedKong) for a in m.legal_actions(0))
    m2 = dictated("riichi-ema", KONGS, draws="5s")
    assert ConcealedKong(0, t("1m")) in m2.legal_actions(0)


# ------------------------------------------------------------------------- furiten, riichi

FURITEN = {
    0: "3m 19m 19p 19s 1234z 67z 2m",  # discards 3m first
    1: "5z 258m 258p 258s 1s 9s 7z",  # discards 5z or 8m
    2: "55z 33m 234p 567p 678s",  # waits 5z (white dragon pung) or 3m (no yaku)
    3: "88m 5z 369p 369s 4m 7m 1z 2z",
}


def test_a_passed_completing_tile_without_yaku_sets_temporary_furiten() -> None:
    # EMA-FURI-3: letting pass a tile that completes the hand, "whether or not it would give
    # a yaku", forbids ron until the player's next draw (here: his discard).
    m = dictated("riichi-ema", FURITEN, draws="7p 9m 1p" + PAD)
    play(m, 0, "3m")  # completes seat 2's shape, no yaku: no ron offered, passed
    assert m.deal.missed_win[2]
    m.apply(Discard(1, t("5z")))
    assert Win(2) not in m.legal_actions(2)
    pass_claims(m)
    play(m, 2, "9m")  # his own discard ends it
    m.apply(Discard(3, t("5z")))
    assert Win(2) in m.legal_actions(2)


def test_a_call_ends_temporary_furiten() -> None:
    # EMA-FURI-3, EMA-GAP-19: a chow, pung or kong claim interrupts the go-around.
    m = dictated("riichi-ema", FURITEN, draws="7p 9m 1p" + PAD)
    play(m, 0, "3m")
    assert m.deal.missed_win[2]
    m.apply(Discard(1, t("8m")))
    m.apply(Pung(3))
    assert not m.deal.missed_win[2]
    m.apply(Discard(3, t("5z")))
    assert Win(2) in m.legal_actions(2)


RIICHI_KONG_JUNK = {
    1: "19m 19p 19s 1234z 567z",
    2: "2m 6m 7m 8m 2p 3p 4p 5p 6p 2s 3s 4s 5s",
    3: "6m 7m 8m 9m 2p 3p 4p 5p 6p 6s 7s 8s 9s",
}


def riichi_then_draw_3m(east: str) -> MatchState:
    m = dictated("riichi-ema", {0: east, **RIICHI_KONG_JUNK}, draws="1z 2z 3z 3m" + PAD)
    play(m, 0, "2z", riichi=True)
    assert m.deal.riichi[0]
    play(m, 1, "1z")
    play(m, 2, "2z")
    play(m, 3, "3z")
    assert m.deal.drawn == t("3m")
    return m


def test_kong_after_riichi_only_if_the_tiles_are_a_pung_in_every_reading() -> None:
    # EMA-RIICHI-3 (c): with 333444555m the three 3m can also be chows: no kong, although
    # the drawn tile is the fourth (a) and the waits (1p) do not change (b).
    m = riichi_then_draw_3m("333m 444m 555m 789p 1p 2z")
    assert ConcealedKong(0, t("3m")) not in m.legal_actions(0)
    m = riichi_then_draw_3m("333m 678m 456p 789p 1p 2z")
    assert ConcealedKong(0, t("3m")) in m.legal_actions(0)


ROB_CONCEALED = {
    0: "1111m 234p 567p 23s 5s 6s",
    1: "99m 19p 19s 1234567z",  # thirteen orphans waiting on 1m
    2: "23m 456p 789p 234s 55s",  # waits 1m 4m: may not rob a concealed kong
    3: "6m 7m 8m 6p 7p 8p 6s 7s 8s 4m 5m 4s 9s",
}


def test_thirteen_orphans_robs_a_concealed_kong() -> None:
    # EMA-KONG-4, EMA-YKM-01: a concealed kong may be robbed only by thirteen orphans.
    m = dictated("riichi-ema", ROB_CONCEALED, draws="9p" + PAD)
    m.apply(ConcealedKong(0, t("1m")))
    assert m.deal.phase is Phase.ROB
    assert m.legal_actions(1) == [Win(1), Pass(1)]
    assert m.legal_actions(2) == []
    events = m.apply(Win(1))
    won = next(e for e in events if isinstance(e, Won))
    assert (won.seat, won.tile, won.from_seat) == (1, t("1m"), 0)
    assert won.value == 32000  # a non-dealer's yakuman by ron
    assert settled(events).net[0] == -32000


def test_a_concealed_kong_nobody_may_rob_stands() -> None:
    hands = dict(ROB_CONCEALED)
    hands[1] = "99m 19p 19s 1234566z"  # no longer thirteen orphans
    m = dictated("riichi-ema", hands, draws="9p" + PAD)
    events = m.apply(ConcealedKong(0, t("1m")))
    assert any(isinstance(e, KongMade) for e in events)
    assert m.deal.phase is Phase.ACT
    assert m.deal.turn == 0


# -------------------------------------------------------------------------- nagashi mangan

NAGASHI = {
    0: "234m 567m 234p 678p 55s",  # discards 6p; waits 6p 9p (tenpai)
    1: "19m 19p 19s 1234z 567z",  # discards only a terminal (9m), none claimed
    2: "2m 3m 4m 5m 6m 7m 8m 2p 3p 4p 2s 3s 4s",
    3: "6m 7m 8m 5p 6p 7p 8p 6s 7s 8s 3s 4s 2s",
}


def nagashi(spec: str) -> list[Event]:
    m = dictated(spec, NAGASHI, draws="9m 5p 6s")
    play(m, 0, "6p")
    play(m, 1, "9m")
    play(m, 2, "5p")
    events = play(m, 3, "6s")
    assert ended(events).reason == "exhausted"
    return [*events, m]  # type: ignore[list-item]


def test_nagashi_mangan_is_paid_as_a_mangan_tsumo() -> None:
    # EMA-YAKU-29, EMA-GAP-23, EMA-TV-26: South's discards are all terminals, none claimed,
    # hand concealed: paid as a non-East mangan tsumo, no noten payments; the deal passes.
    *events, m = nagashi("riichi-ema")
    assert settled(events).net == (-4000, 8000, -2000, -2000)
    assert (m.progress.dealer, m.progress.honba) == (1, 0)


def test_tenhou_nagashi_mangan_is_a_draw_without_counters() -> None:
    # riichi-tenhou (nagashi_settlement draw): the mangan replaces the noten payments, a
    # counter is added and East, tenpai, keeps the deal; 25000 start.
    *events, m = nagashi("riichi-tenhou")
    assert settled(events).net == (-4000, 8000, -2000, -2000)
    assert m.scores == [21000, 33000, 23000, 23000]
    assert (m.progress.dealer, m.progress.honba) == (0, 1)


# ------------------------------------------------------------------------- Tenhou game rules


def test_tenhou_starts_at_25000_and_ema_at_0() -> None:
    # EMA-GAME-6 (0); Tenhou 25000 (option start_score), kept with the pot in every sum.
    assert Game(load_ruleset("riichi-tenhou"), seed=1).new_match().scores == [25000] * 4
    assert Game(load_ruleset("riichi-ema"), seed=1).new_match().scores == [0] * 4


def riichi_deal(scores: tuple[int, ...]) -> DealState:
    """Deal 1 of a riichi-tenhou match whose seats hold ``scores``: East may declare riichi."""
    ruleset = load_ruleset("riichi-tenhou")
    game = Game(ruleset, seed=1)
    w = Wall.for_hands(game.flow.deal_plan(), FOUR_RIICHI, draws="2z 3z 4z 5z" + PAD, dead=DEAD)
    game = Game(ruleset, seed=1, walls=(w.physical(), w.physical()))
    return game.make_deal(game.rng(), deal=1, dealer=0, round_wind=Tile.EAST, scores=scores)


def test_tenhou_riichi_needs_1000_points() -> None:
    # Tenhou (option riichi_min_score 1000); EMA-RIICHI-1: no minimum.
    deal = riichi_deal((1000, 30000, 30000, 39000))
    assert Discard(0, t("9s"), riichi=True) in deal.legal_actions(0)
    deal = riichi_deal((900, 30000, 30000, 39100))
    assert Discard(0, t("9s"), riichi=True) not in deal.legal_actions(0)


def progress_after(passes: int, dealer: int) -> MatchProgress:
    return MatchProgress(deal=passes + 1, dealer=dealer, round_wind=passes // 4, passes=passes)


def next_deal(spec: str, passes: int, scores: tuple[int, ...]) -> MatchProgress | None:
    """The flow's next deal after a non-dealer's win in deal ``passes`` with ``scores``."""
    flow = Game(load_ruleset(spec)).flow
    p = MatchProgress(deal=passes + 1, dealer=passes % 4, round_wind=passes // 4, passes=passes)
    return flow.next_deal(p, DealSummary(((passes + 1) % 4,), False, "win", 0, scores))


def test_tenhou_busting_ends_the_match() -> None:
    # Tenhou (option bust): a score below zero ends the game; EMA-GAP-21: never.
    assert next_deal("riichi-tenhou", 1, (-100, 40000, 35100, 25000)) is None
    assert next_deal("riichi-tenhou", 1, (0, 40000, 35000, 25000)) is not None
    assert next_deal("riichi-ema", 1, (-100, 40000, 35100, 25000)) is not None


def test_tenhou_west_round_when_nobody_has_30000_after_south_4() -> None:
    # Tenhou (option west_extension 30000): after South 4 with nobody at 30000 the West round
    # is played, sudden death: it ends after the first deal that leaves someone at 30000.
    low = (29900, 25000, 25100, 20000)
    west = next_deal("riichi-tenhou", 7, low)
    assert west is not None
    assert (west.round_wind, west.dealer, west.passes) == (2, 0, 8)
    assert next_deal("riichi-tenhou", 7, (30000, 25000, 25000, 20000)) is None
    assert next_deal("riichi-ema", 7, low) is None  # EMA-GAME-3: no West round
    assert next_deal("riichi-tenhou", 8, low) is not None
    assert next_deal("riichi-tenhou", 9, (31000, 24000, 25000, 20000)) is None
    assert next_deal("riichi-tenhou", 11, low) is None  # West 4 is the last deal


OPEN_KONG = {
    0: "3m 19m 19p 19s 1234z 67z 2m",  # discards 3m
    1: "333m 258p 258s 1357z",  # claims the kong, discards 7z after the replacement
    2: "2m 6m 7m 8m 2p 3p 4p 6p 9m 2s 3s 4s 9s",
    3: "6m 7m 8m 9m 1p 3p 4p 5p 7s 8s 6s 1s 9s",
}


def test_tenhou_turns_an_open_kongs_indicator_after_the_discard() -> None:
    # EMA-KONG-5: at once, before the replacement; Tenhou (kan_dora_after_discard): a claimed
    # or added kong's indicator after the replacement's discard.
    for spec, before in (("riichi-ema", True), ("riichi-tenhou", False)):
        m = dictated(spec, OPEN_KONG, draws="5z" + PAD)
        m.apply(Discard(0, t("3m")))
        events = m.apply(ClaimKong(1))
        pass_claims(m)
        kinds = [type(e).__name__ for e in m.events[-len(events) - 2 :]]
        assert (kinds.count("IndicatorRevealed") == 1) is before, (spec, kinds)
        assert len(m.deal.indicators) == (2 if before else 1)
        events = m.apply(Discard(1, t("7z")))
        assert len(m.deal.indicators) == 2
        assert any(isinstance(e, IndicatorRevealed) for e in events) is not before


@needs_corpus
def test_tenhou_match_end_agrees_with_every_complete_mjlog_game() -> None:
    # Busting, the West round and South 4 without an early stop: given each deal's scores and
    # whether the dealer kept the deal (from the record), the flow ends the match exactly
    # where the 33 complete Phoenix games of the corpus end (3 in the West round, 9 busts).
    ended_at = Counter[str]()
    for path in sorted(MJLOG.iterdir()):
        rec = load(path)
        if not rec.complete:
            continue
        flow = Game(load_ruleset("riichi-tenhou")).flow
        progress: MatchProgress | None = MatchProgress()
        for i, rnd in enumerate(rec.rounds):
            assert progress is not None, (path.name, i)
            init = rnd.init
            assert (init.round, init.dealer) == (
                progress.round_wind * 4 + progress.passes % 4,
                progress.dealer,
            ), (path.name, i)
            if i + 1 < len(rec.rounds):
                nxt = rec.rounds[i + 1].init
                keeps, honba, after = nxt.dealer == init.dealer, nxt.honba, nxt.scores
            else:
                deltas = [sum(r.deltas[k] for r in rnd.results) for k in range(4)]
                keeps, honba = False, 0
                after = tuple(s + d for s, d in zip(init.scores, deltas, strict=True))
            verdict = {"dealer_keeps": keeps, "honba": honba}  # the settlement's, from the record
            winners = tuple(r.who for r in rnd.results if isinstance(r, Agari))
            summary = DealSummary(
                winners, False, "win" if winners else "exhausted", 0, after, verdict
            )
            progress = flow.next_deal(progress, summary)
            if progress is None:
                assert i + 1 == len(rec.rounds), (path.name, i, after)
                ended_at["west" if init.round >= 8 else "south"] += 1
                ended_at["bust"] += min(after) < 0
        assert progress is None, path.name
    assert ended_at["west"] == 3
    assert ended_at["bust"] == 9


LAST_KONG = {
    0: "1111m 234p 567p 78s 55z",  # waits 6s 9s; the kong's replacement is 6s
    1: "19m 19p 19s 1234z 67z 9p",
    2: "2m 3m 4m 5m 6m 7m 8m 2p 3p 4p 2s 3s 4s",
    3: "6m 7m 8m 5p 6p 7p 8p 7s 8s 9s 3s 4s 2s",
}


def test_a_kong_on_the_second_to_last_tile_makes_the_replacement_the_last_tile() -> None:
    # EMA-KONG-7: the kong moves the last live tile to the dead wall, so the replacement is
    # the last tile: rinshan and haitei; Tenhou (haitei_on_replacement off): rinshan only.
    dead = "6s 2z 3z 4z 5z 6z 7z 1z 2z 3z 4z 6z 7z 1z"
    for spec, flags in (
        ("riichi-ema", {"replacement", "last_tile"}),
        ("riichi-tenhou", {"replacement"}),
    ):
        m = dictated(spec, LAST_KONG, draws="9m", dead=dead)
        assert m.deal.live_count == 1
        m.apply(ConcealedKong(0, t("1m")))
        assert m.deal.live_count == 0
        events = m.apply(Win(0))
        won = next(e for e in events if isinstance(e, Won))
        assert flags <= set(won.flags), (spec, won.flags)
        assert ("last_tile" in won.flags) is (spec == "riichi-ema")


def test_a_red_five_is_no_yaku() -> None:
    # EMA-WIN-2, EMA-DORA-5: dora and red fives add han but a win needs a yaku; the red 5p
    # completes seat 1's hand (a closed wait, a terminal pair: no yaku) and is not a ron.
    hands = dict(RED)
    hands[1] = "234s 567s 678p 99m 46p"
    m = dictated("riichi-ema", hands, draws="6z 6z 7z 7z" + PAD)
    for seat, tile in enumerate(("1p", "6z", "6z", "7z")):
        play(m, seat, tile)
    m.apply(Discard(0, t("5p"), red=True))
    assert Win(1) not in m.legal_actions(1)
    assert m.deal.missed_win[1] is False  # the window is still open
    pass_claims(m)
    assert m.deal.missed_win[1]  # a completing tile passed: temporary furiten (EMA-FURI-3)
