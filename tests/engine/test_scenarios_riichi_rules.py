"""Riichi rules closed in the engine (issue 7), with dictated walls: red fives (EMA-TILE-2),
four kongs (EMA-END-4b, EMA-KONG-7/8, EMA-GAP-25), temporary furiten (EMA-FURI-3), kongs
after riichi (EMA-RIICHI-3 c), robbing a concealed kong for thirteen orphans (EMA-KONG-4),
nagashi mangan (EMA-YAKU-29) and Tenhou's game rules in ``riichi-tenhou``."""

from __future__ import annotations

import json
import random

from muraglia.engine import Game, Phase
from muraglia.engine.actions import Discard, Pass, Pung, Win
from muraglia.engine.events import Called, Drew, Won
from muraglia.engine.mjai import to_mjai
from muraglia.engine.record import dumps, loads, replay
from muraglia.engine.wall import Wall
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.base import WallLayout
from muraglia.tiles import Tile
from tests.engine.test_scenarios import dictated, t
from tests.engine.test_scenarios_flows import PAD, pass_claims, play, settled

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
