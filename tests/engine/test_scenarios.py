"""Rulebook scenarios with dictated walls (issue 7): each deal is dealt exactly the hands of the
scenario, then the actions are applied and the engine's answers checked."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from muraglia.engine import Game, MatchState, Phase
from muraglia.engine.actions import (
    AddedKong,
    Chow,
    Discard,
    NoDiscard,
    Pass,
    Pung,
    Win,
)
from muraglia.engine.events import Called, DealEnded, Drew, KongMade, Settled, Won
from muraglia.engine.wall import Wall
from muraglia.errors import AmbiguousActionError, IllegalActionError
from muraglia.rulesets import load_ruleset
from muraglia.tiles import Tile

DEAD = "1234567z 1234567z"


def dictated(
    spec: str, hands: Mapping[int, str], draws: str, dead: str = DEAD, seed: int = 1
) -> MatchState:
    """A match whose first deal is dealt ``hands`` (by seat, dealer 0) and draws ``draws``."""
    ruleset = load_ruleset(spec)
    game = Game(ruleset, seed=seed)
    w = Wall.for_hands(game.flow.table.deal_plan, hands, draws=draws, dead=dead)
    return Game(ruleset, seed=seed, walls=(w.physical(),)).new_match()


def t(text: str) -> Tile:
    return Tile.from_notation(text)


def test_pung_claim_beats_chow_claim_and_skips_the_chower() -> None:
    # FIMJ-PLAY-4: pung/kong over chow; FIMJ-PLAY-6: the skipped player loses his draw.
    m = dictated(
        "fimj",
        {
            0: "5m 19p 19s 1234z 567z 2s 8s",
            1: "46m 9m 258p 369s 1357z",
            2: "55m 18m 3679p 47s 246z",
            3: "237m 14p 258s 12567z",
        },
        draws="3s 2p",
    )
    m.apply(Discard(0, t("5m")))
    assert m.deal.phase is Phase.CLAIM
    assert Chow(1, (t("4m"), t("5m"), t("6m"))) in m.legal_actions(1)
    assert Pung(2) in m.legal_actions(2)
    assert m.legal_actions(3) == []
    m.apply(Chow(1, (t("4m"), t("5m"), t("6m"))))
    events = m.apply(Pung(2))
    assert Called(2, "pung", (t("5m"),) * 3, t("5m"), 0) in events
    assert m.deal.to_act == (2,)
    assert m.legal_actions(1) == []
    assert all(isinstance(a, Discard) for a in m.legal_actions(2))
    events = m.apply(Discard(2, t("7p")))
    assert Drew(3, t("3s"), replacement=False) in events  # South's turn was skipped


def test_robbing_an_added_kong_fimj() -> None:
    # FIMJ-KONG-5, FIMJ-GAP-17: the robber wins with the added tile, the adder keeps his pung.
    hands = {
        0: "7p 19m 19s 1234z 567z 2s 8s",
        1: "77p 258m 36s 4p 1357z 9p",
        2: "123456789m 68p 1z 9s",
        3: "147m 2p 6p 3s 5s 7s 24z 6z 3m 4m",
    }
    m = dictated("fimj", hands, draws="1z 3p 4s 7p")
    m.apply(Discard(0, t("7p")))
    m.apply(Pung(1))
    m.apply(Discard(1, t("9p")))
    m.apply(Discard(2, t("9s")))  # drew 1z: waits on 7p only
    m.apply(Discard(3, t("3p")))
    m.apply(Discard(0, t("4s")))
    assert AddedKong(1, t("7p")) in m.legal_actions(1)
    m.apply(AddedKong(1, t("7p")))
    assert m.deal.phase is Phase.ROB
    assert m.legal_actions(2) == [Win(2), Pass(2)]
    events = m.apply(Win(2))
    won = next(e for e in events if isinstance(e, Won))
    assert (won.seat, won.tile, won.from_seat) == (2, t("7p"), 1)
    assert "robbing_kong" in won.flags
    ended = next(e for e in events if isinstance(e, DealEnded))
    assert ended.hands[1].count("[777p") == 1
    assert not any(isinstance(e, KongMade) for e in events)
    settled = next(e for e in events if isinstance(e, Settled))
    assert settled.net[2] > 0
    assert sum(settled.net) == 0


def test_ravenna_forbids_robbing_so_the_kong_stands() -> None:
    # RAV-KONG-5: robbing is not allowed; the added kong takes a replacement (RAV-KONG-2).
    hands = {
        0: "7p 19m 19s 1234z 567z 2s 8s",
        1: "77p 258m 36s 4p 1357z 9p",
        2: "123456789m 68p 1z 9s",
        3: "147m 2p 6p 3s 5s 7s 24z 6z 3m 4m",
    }
    m = dictated("ravenna", hands, draws="1z 3p 4s 7p", dead="2m" + "5z" * 0 + " 3m" * 0)
    m.apply(Discard(0, t("7p")))
    m.apply(Pung(1))
    m.apply(Discard(1, t("9p")))
    m.apply(Discard(2, t("9s")))
    m.apply(Discard(3, t("3p")))
    m.apply(Discard(0, t("4s")))
    events = m.apply(AddedKong(1, t("7p")))
    assert KongMade(1, t("7p"), concealed=False) in events
    assert Drew(1, t("2m"), replacement=True) in events
    assert m.deal.to_act == (1,)


SAME_WIND = {
    0: "1z 258m 369p 147s 2z 3z 5z 6z",
    1: "1z 369m 147p 258s 2z 3z 7z",
    2: "1z 147m 258p 369s 4z 5z 6z",
    3: "1z 19m 19p 19s 4z 7z 2p 5s 8p 7m",
}


def test_fimj_four_same_wind_first_discards_void_the_deal() -> None:
    # FIMJ-END-1 C, FIMJ-END-3: void, no payment (FIMJ-END-2); East keeps the role (GAP-24).
    m = dictated("fimj", SAME_WIND, draws="4m 4p 4s 5m 5p")
    for seat in range(4):
        events = m.apply(Discard(seat, t("1z")))
    ended = next(e for e in events if isinstance(e, DealEnded))
    assert (ended.reason, ended.void) == ("same_wind_discards", True)
    settled = next(e for e in events if isinstance(e, Settled))
    assert settled.net == (0, 0, 0, 0)
    assert m.deal.dealer == 0
    assert m.progress.repeats == 1


def test_fimj_three_same_wind_discards_then_another_play_on() -> None:
    m = dictated("fimj", SAME_WIND, draws="4m 4p 4s 5m 5p")
    for seat in range(3):
        m.apply(Discard(seat, t("1z")))
    m.apply(Discard(3, t("4s")))
    assert not m.deal.is_over


def test_fimj_last_drawer_does_not_discard() -> None:
    # FIMJ-END-4, RAV-END-1: after the last live tile only a win (or kong) or ending remains.
    m = dictated("fimj", SAME_WIND, draws="4m")
    m.apply(Discard(0, t("2z")))
    assert m.legal_actions(1) == [NoDiscard(1)]
    events = m.apply(NoDiscard(1))
    ended = next(e for e in events if isinstance(e, DealEnded))
    assert ended.reason == "exhausted"


def test_seipalle_last_drawer_discards() -> None:
    # SEI-PLAY-6, SEI-GAP-6: the last drawer discards; only a win may claim it.
    m = dictated("seipalle", SAME_WIND, draws="4m", dead="1234567z 1234567z")
    m.apply(Discard(0, t("2z")))
    assert all(isinstance(a, Discard) for a in m.legal_actions(1))
    events = m.apply(Discard(1, t("2z")))
    assert next(e for e in events if isinstance(e, DealEnded)).reason == "exhausted"


def test_ravenna_two_winners_on_one_discard_void_the_deal() -> None:
    # RAV-END-2: two Mah-Jong on one discard void the deal; it is replayed, East does not pass.
    m = dictated(
        "ravenna",
        {
            0: "5p 1s 9s 34567z 1p 9p 3m 6m 9m 4p",
            1: "123456789m 111z 5p",
            2: "234567s 888s 222z 5p",
            3: "147m 268p 39s 467z 2s 5s",
        },
        draws="2m 8m",
    )
    m.apply(Discard(0, t("5p")))
    assert Win(1) in m.legal_actions(1)
    assert Win(2) in m.legal_actions(2)
    m.apply(Win(1))
    events = m.apply(Win(2))
    ended = next(e for e in events if isinstance(e, DealEnded))
    assert (ended.reason, ended.void, ended.winners) == ("multiple_winners", True, (1, 2))
    assert next(e for e in events if isinstance(e, Settled)).net == (0, 0, 0, 0)
    assert m.deal.dealer == 0
    assert m.progress.repeats == 1


def test_fimj_two_winners_on_one_discard_both_win() -> None:
    # FIMJ-PLAY-7, FIMJ-GAP-30: simultaneous Mah-Jong, no seat priority.
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
    m.apply(Discard(0, t("5p")))
    m.apply(Win(1))
    events = m.apply(Win(2))
    assert [e.seat for e in events if isinstance(e, Won)] == [1, 2]
    settled = next(e for e in events if isinstance(e, Settled))
    assert settled.net[1] > 0
    assert settled.net[2] > 0
    assert settled.net[0] < 0
    assert m.deal.dealer == 1  # another player won: East passes (FIMJ-GAME-2)


def test_seipalle_no_win_on_a_kind_one_has_discarded() -> None:
    # SEI-PLAY-4, SEI-GAP-5: East threw a 4s, so he may not win on South's 4s, only on a 1s.
    m = dictated(
        "seipalle",
        {
            0: "123m 456m 789m 11p 23s 4s",
            1: "7z 7z 258m 369p 147s 2z 3z",
            2: "147m 258p 369s 4z 5z 6z 1z",
            3: "369m 147p 258s 4z 5z 6z 2z",
        },
        draws="4s 1s 9p 9s",
        dead="1234567z 1234567z",
    )
    m.apply(Discard(0, t("4s")))
    events = m.apply(Discard(1, t("4s")))
    assert not any(isinstance(e, Won) for e in events)
    assert m.legal_actions(0) == []
    m.apply(Discard(2, t("1s")))
    assert Win(0) in m.legal_actions(0)


def test_parse_action_resolves_notation_against_the_legal_actions() -> None:
    m = dictated(
        "fimj",
        {
            0: "5m 19p 19s 1234z 567z 2s 8s",
            1: "346m 9m 258p 369s 157z",
            2: "55m 18m 3679p 47s 246z",
            3: "237m 14p 258s 12567z",
        },
        draws="3s 2p",
    )
    deal = m.deal
    assert deal.parse_action(0, "discard 5m") == Discard(0, t("5m"))
    with pytest.raises(IllegalActionError, match="legal"):
        deal.parse_action(0, "discard 3m")
    m.apply(deal.parse_action(0, "d 5m"))
    with pytest.raises(AmbiguousActionError, match=r"chow 3m 4m 5m; 1 chow 4m 5m 6m"):
        deal.parse_action(1, "chi 4m")
    assert deal.parse_action(1, "chi 3m") == Chow(1, (t("3m"), t("4m"), t("5m")))
    assert deal.parse_action(2, "pon") == Pung(2)
    assert deal.parse_action(1, "pass") == Pass(1)


def test_fimj_two_winners_sharing_the_last_copies_settle() -> None:
    # FIMJ-PLAY-7: South (single wait, holds one 7s) and West (77s) both win on East's 7s.
    m = dictated(
        "fimj",
        {
            0: "7s 123456789m 4567z",
            1: "123p 456p 789p 333z 7s",
            2: "234m 567m 111z 22z 77s",
            3: "888m 222s 345p 6s 19p 4z",
        },
        draws="2m 8m",
    )
    m.apply(Discard(0, t("7s")))
    m.apply(Win(1))
    events = m.apply(Win(2))
    assert next(e for e in events if isinstance(e, Settled)).net[0] < 0
