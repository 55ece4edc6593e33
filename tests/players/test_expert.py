"""The expert bot, the push/fold rule, game review and the bench scripts of issue 20."""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import sys
from dataclasses import replace
from pathlib import Path
from random import Random
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from muraglia.cli import main
from muraglia.engine import Game
from muraglia.engine.actions import Chow, ConcealedKong, Discard, Pass, Pung, Win
from muraglia.engine.views import PlayerView, view_of
from muraglia.io.record import dumps, record_of
from muraglia.notation import parse_tiles
from muraglia.players import BOTS, DefensiveBot, EfficiencyBot, ExpertBot, Table, make_bot
from muraglia.players import lookahead as lookahead_module
from muraglia.players.danger import win_chance
from muraglia.players.defensive import QUIET, RIICHI_GAIN
from muraglia.players.expert import SELF_DRAWN, VALUE_UNITS, Standing, heads_distance
from muraglia.players.lookahead import ValueLookahead
from muraglia.players.profiles import PROFILES
from muraglia.players.review import review_file, review_record
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.base import MatchProgress
from muraglia.tiles import Tile

ROOT = Path(__file__).resolve().parents[2]
TENHOU = ROOT / "tests/data/tenhou/mjlog/2010081709gm-00a9-0000-fe3371ad.mjlog"


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(sorted(p.kind for p in parse_tiles(text))) if text else ()


def view(
    hand: str,
    *,
    rules: str,
    drawn: str | None = None,
    discards: tuple[str, ...] = ("", "", "", ""),
    melds: tuple[tuple[str, ...], ...] = ((), (), (), ()),
    riichi: tuple[bool, ...] = (False,) * 4,
    indicators: str = "",
    live: int = 50,
    phase: str = "act",
    claim: str | None = None,
) -> PlayerView:
    """Seat 0 is South (seat 1 deals) in the East round."""
    return PlayerView(
        seat=0,
        dealer=1,
        round_wind=Tile.EAST,
        phase=phase,
        to_act=(0,),
        hand=tiles(hand + (drawn or "")),
        drawn=tiles(drawn)[0] if drawn else None,
        melds=melds,
        bonus=((), (), (), ()),
        discards=tuple(tuple(p.kind for p in parse_tiles(d)) if d else () for d in discards),
        claim=tiles(claim)[0] if claim else None,
        hand_sizes=(13, 13, 13, 13),
        live_count=live,
        dead_count=14,
        indicators=tiles(indicators),
        riichi=riichi,
        status=("active",) * 4,
        scores=(25000,) * 4,
        pot=0,
        rules=rules,
    )


def discards_of(v: PlayerView, *, riichi: tuple[str, ...] = ()) -> list[Discard]:
    out = [Discard(v.seat, Tile(k)) for k in sorted(set(v.hand))]
    return out + [Discard(v.seat, tiles(r)[0], riichi=True) for r in riichi]


# ---------------------------------------------------------------- expected value


def test_win_chance_grows_with_ukeire_and_draws_and_falls_with_shanten() -> None:
    assert win_chance(0, 8, 10, 80) > win_chance(0, 4, 10, 80) > 0
    assert win_chance(0, 8, 12, 80) > win_chance(0, 8, 4, 80)
    assert win_chance(1, 20, 10, 80) > win_chance(2, 20, 10, 80) > win_chance(3, 20, 10, 80)
    assert win_chance(0, 8, 0, 80) == 0.0


def test_win_chance_falls_as_another_seat_races_to_win() -> None:
    assert (
        win_chance(1, 20, 10, 80, 0.15) < win_chance(1, 20, 10, 80) < win_chance(1, 20, 10, 80, 0)
    )


def test_only_the_riichi_expert_reads_the_race_and_the_ron_payments() -> None:
    """The riichi profile's expert knobs; every other bot and ruleset keeps the old reading."""
    ema = ExpertBot("riichi-ema")
    assert (ema.quiet, ema.race_threat, ema.dealer_ron, ema.value_units) == (0.5, 0.1, True, 24)
    assert ema.danger_traits().dealer_pays_more is False
    assert DefensiveBot("riichi-ema").race_threat == 0.0
    assert not DefensiveBot("riichi-ema").dealer_ron
    quiet = {"fimj": math.inf, "ravenna": math.inf, "seipalle": QUIET, "mcr": math.inf}
    for rid, q in quiet.items():
        bot = ExpertBot(rid)
        assert (bot.race_threat, bot.dealer_ron, bot.quiet) == (
            DefensiveBot(rid).race_threat,
            False,
            q,
        )
        assert bot.danger_traits() == replace(
            bot.traits,
            riichi_passed=False,
            temporary_furiten=False,
            wait_fit=PROFILES[rid].expert_wait_fit,  # Seipalle's fitted read of the waits
        )


def test_a_standing_riichi_lowers_the_equity_of_a_hand_still_far_from_ready() -> None:
    """The race (``race_threat``): with a riichi standing, the own hand wins less often."""
    v = view(
        "159m2468p13579s1z", drawn="8s", rules="riichi-ema", discards=("", "", "5s1z9m", ""),
        riichi=(False, False, True, False),
    )  # fmt: skip
    bot = ExpertBot("riichi-ema")
    _, raced, _ = bot.ranked_equity(Table.of(v), discards_of(v))
    bot.race_threat = 0.0
    _, plain, _ = bot.ranked_equity(Table.of(v), discards_of(v))
    assert all(raced[a] <= plain[a] for a in plain)
    assert any(raced[a] < plain[a] for a in plain)


def test_a_ready_hand_is_valued_by_the_scorer_and_worthless_without_a_yaku() -> None:
    """EMA-WIN-2: an open ready hand with a white dragon pung wins; without it, nothing."""
    bot = ExpertBot("riichi-ema")
    melds = (("[234m<]",), (), (), ())
    with_yaku = Table.of(view("567p555z34s66s", rules="riichi-ema", melds=melds))
    value, outs = bot.wait_value(with_yaku, with_yaku.counts, riichi=False)
    assert outs == 8  # 2s and 5s
    assert value >= 1000
    without = Table.of(view("567p678s99s34s", rules="riichi-ema", melds=melds))
    assert bot.wait_value(without, without.counts, riichi=False) == (0.0, 0)
    # the same hand closed: riichi is a yaku (EMA-RIICHI-4)
    closed = Table.of(view("234m567p678s99s34s", rules="riichi-ema"))
    assert bot.wait_value(closed, closed.counts, riichi=True)[0] > 0


def test_expert_declares_riichi_without_a_yaku_and_where_it_pays() -> None:
    # no yaku without riichi (a chow of terminals): riichi
    v = view("123m456p789s11z23s", drawn="9m", rules="riichi-ema", live=50)
    legal = [*discards_of(v), Discard(0, Tile.M9, riichi=True)]
    assert ExpertBot("riichi-ema").choose(v, legal) == Discard(0, Tile.M9, riichi=True)
    # all simples with three dora (indicator 2s, dora 3s) on 78p (9p breaks all simples: only
    # a self-drawn win): riichi pays (the gain rule, RIICHI_GAIN, as well); on 67p see below
    v = view("345m78p33377888s", drawn="2s", rules="riichi-ema", indicators="2s", live=50)
    legal = [*discards_of(v), Discard(0, Tile.S2, riichi=True)]
    for gain in (0.0, RIICHI_GAIN):
        bot = ExpertBot("riichi-ema")
        bot.riichi_gain = gain
        assert bot.choose(v, legal) == Discard(0, Tile.S2, riichi=True)


def test_without_dama_the_riichi_ema_expert_declares_on_every_ready_hand() -> None:
    """All simples with three dora (indicator 2s, dora 3s) on both waits (5p, 8p): a mangan
    already, which the gain rule (:data:`RIICHI_GAIN`) keeps concealed (dama). Riichi-ema's
    profile turns dama off (``expert_dama``, the bot's ``riichi_gain`` 0): it declares
    (EMA-RIICHI-1, a closed ready hand), and with fewer than 8 live tiles stays concealed."""
    v = view("345m67p33377888s", drawn="2s", rules="riichi-ema", indicators="2s", live=50)
    legal = [*discards_of(v), Discard(0, Tile.S2, riichi=True)]
    bot = ExpertBot("riichi-ema")
    bot.riichi_gain = RIICHI_GAIN
    assert bot.choose(v, legal) == Discard(0, Tile.S2)  # dama on the mangan
    bot = ExpertBot("riichi-ema")
    bot.riichi_gain = 0.0
    assert bot.choose(v, legal) == Discard(0, Tile.S2, riichi=True)
    late = view("345m67p33377888s", drawn="2s", rules="riichi-ema", indicators="2s", live=6)
    assert bot.choose(late, legal) == Discard(0, Tile.S2)
    assert ExpertBot("riichi-ema").riichi_gain == 0.0
    assert ExpertBot("seipalle").riichi_gain == RIICHI_GAIN  # Seipalle weighs its stake


def test_the_expert_opens_a_closed_hand_only_to_be_ready_with_open_steps() -> None:
    """``open_steps`` 1 (riichi-ema's profile): a chow beside a concealed pung of White (a
    yaku, EMA-YAKU) that leaves the hand one step from ready is declined, the same chow
    that makes it ready is made; the efficiency bot and the rule without the knob make
    both."""
    slow = view("555z23m567p78s1p9m4z", phase="claim", claim="4m", rules="riichi-ema", live=60)
    ready = view("555z23m567p78s11p9m", phase="claim", claim="4m", rules="riichi-ema", live=60)
    chow = Chow(0, (Tile.M2, Tile.M3, Tile.M4))
    for v in (slow, ready):
        assert EfficiencyBot("riichi-ema").choose(v, [chow, Pass(0)]) == chow
        without = ExpertBot("riichi-ema")
        without.open_steps = 0
        assert without.choose(v, [chow, Pass(0)]) == chow
    bot = ExpertBot("riichi-ema")
    assert bot.open_steps == 1  # riichi-ema's profile
    assert bot.choose(slow, [chow, Pass(0)]) == Pass(0)
    assert bot.choose(ready, [chow, Pass(0)]) == chow
    # a pung of a scoring honour is made however far the hand stays
    honour = view("55z23m567p78s1p9m14z", phase="claim", claim="5z", rules="riichi-ema", live=60)
    assert bot.choose(honour, [Pung(0), Pass(0)]) == Pung(0)


def test_the_riichi_ema_expert_reads_the_tiles_let_pass_after_a_riichi() -> None:
    """Seat 2 declared riichi on 7z and 5m came after it (EMA-FURI-4), 9p before: the
    riichi-ema expert (``expert_passes``) reads 5m as safe against him and its suji as
    safer, 9p as still dangerous; the defensive bot, whose profile does not read them, and a view
    without the discards' order read them as before."""
    v = view(
        "1m2m3m4m6m7m8m2p3p4p6s7s8s",
        drawn="5z",
        rules="riichi-ema",
        discards=("1z", "9p", "2z7z", "5m"),
        riichi=(False, False, True, False),
    )
    v = replace(v, discard_seats=(2, 0, 1, 2, 3), riichi_at=(0, 0, 4, 0))
    expert, defensive = ExpertBot("riichi-ema"), DefensiveBot("riichi-ema")
    assert expert.read_passes
    assert not defensive.read_passes
    t = Table.of(v)
    read = expert.danger_model(t)
    plain = defensive.danger_model(t)
    assert read.deal_in(Tile.M5) == 0.0 < plain.deal_in(Tile.M5)
    # let pass before the riichi: still dangerous, a little more (fewer shapes left)
    assert read.deal_in(Tile.P9) > plain.deal_in(Tile.P9) > 0.0
    assert read.deal_in(Tile.M2) < plain.deal_in(Tile.M2)  # 3-4m waits would have won on 5m
    unordered = replace(v, discard_seats=(), riichi_at=())
    assert expert.danger_model(Table.of(unordered)).deal_in(Tile.M5) == plain.deal_in(Tile.M5)
    assert expert.lookahead  # the value lookahead of the classical rulesets


@pytest.mark.parametrize("name", ["defensive", "expert"])
def test_seipalle_equity_counts_the_shares_and_the_stakes_on_the_table(name: str) -> None:
    """SEI-PAY-2/3/5: a win collects four hand values (six for East) and the riichi stakes
    on the table; in riichi the typical value is already the payment and the measured bots
    leave the stakes out."""
    for rules, shares, counted in (("seipalle", 4.0, 1.0), ("riichi-ema", 1.0, 0.0)):
        v = view("234m456p678s13p99s", drawn="5z", rules=rules, live=40)  # 5z: ready on 2p
        bot = make_bot(name, rules)
        assert isinstance(bot, DefensiveBot)
        ready = Discard(0, Tile.WHITE)
        _, bare, _ = bot.ranked_equity(Table.of(v), discards_of(v))
        _, staked, _ = bot.ranked_equity(Table.of(replace(v, pot=3000)), discards_of(v))
        t = Table.of(v)
        chance = win_chance(0, 4, 10, sum(t.unseen(k) for k in range(34)))  # four 2p, 10 draws
        assert staked[ready] == pytest.approx(bare[ready] + counted * chance * 3000)
        assert bot.win_gain(t, 1.0) == shares


@pytest.mark.parametrize("name", ["expert", "defensive"])
def test_seipalle_riichi_weighs_the_stake_on_the_table(name: str) -> None:
    """SEI-RIICHI-3/6: a riichi puts 1000 on the table, lost unless the declarer wins. A
    hand with no double besides riichi wins dama only self-drawn (all self-drawn,
    SEI-DBL-D29): on an empty table it stays dama, with a stake already on it riichi's
    wins on a discard collect it too. A closed no-head-tiles, all-chows hand on a
    two-sided wait doubles its value by riichi and declares. Seipalle's defensive bot
    weighs it as the expert does (``Profile.defensive_ready_values``, half the stake);
    the efficiency bot declares on every ready hand."""
    cheap = view("123m456p789s11z23s", drawn="9m", rules="seipalle", live=50)
    legal = [*discards_of(cheap), Discard(0, Tile.M9, riichi=True)]
    bot = make_bot(name, "seipalle")
    assert isinstance(bot, DefensiveBot)
    assert bot.choose(cheap, legal) == Discard(0, Tile.M9)
    assert bot.choose(replace(cheap, pot=1000), legal) == Discard(0, Tile.M9, riichi=True)
    assert EfficiencyBot("seipalle").choose(cheap, legal) == Discard(0, Tile.M9, riichi=True)
    bot.riichi_stake = 0.0  # the gain rule: riichi is its only double on a discard
    assert bot.choose(cheap, legal) == Discard(0, Tile.M9, riichi=True)
    good = view("234m456p678s55s34s", drawn="9m", rules="seipalle", live=50)
    legal = [*discards_of(good), Discard(0, Tile.M9, riichi=True)]
    assert make_bot(name, "seipalle").choose(good, legal) == Discard(0, Tile.M9, riichi=True)


def test_seipalle_defensive_weighs_half_the_stake() -> None:
    """``Profile.defensive_stake_share``: Seipalle's defensive bot weighs half of the 1000
    stake (SEI-RIICHI-3/6), the expert all of it. A no-head-tiles hand on a two-sided wait
    with 30 tiles left: riichi pays against 500 at risk, not against 1000."""
    v = view("234m456p678s55s34s", drawn="9m", rules="seipalle", live=30)
    legal = [*discards_of(v), Discard(0, Tile.M9, riichi=True)]
    bot = DefensiveBot("seipalle")
    assert bot.riichi_stake == 500.0
    assert bot.choose(v, legal) == Discard(0, Tile.M9, riichi=True)
    assert ExpertBot("seipalle").riichi_stake == 1000.0
    assert ExpertBot("seipalle").choose(v, legal) == Discard(0, Tile.M9)
    bot.riichi_stake = 1000.0
    assert bot.choose(v, legal) == Discard(0, Tile.M9)


def test_the_defensive_bot_values_ready_hands_by_the_scorer_only_where_the_profile_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``Profile.defensive_ready_values`` is on in Seipalle and FIMJ. In Seipalle, on a ready hand
    whose only double on a discard is riichi (no double besides dora without it,
    SEI-SCORE-2; dama wins self-drawn only, SEI-DBL-D29) dama beats riichi by the stake it
    risks (SEI-RIICHI-3/6): with the switch the defensive bot stays dama, switched off it
    declares as the efficiency bot does. Elsewhere the defensive bot keeps the efficiency
    bot's riichi and ranking, while the expert reads the scorer everywhere."""
    assert [k for k, p in PROFILES.items() if p.defensive_ready_values] == ["fimj", "seipalle"]
    cheap = view("123m456p789s11z23s", drawn="9m", rules="seipalle", live=50)
    legal = [*discards_of(cheap), Discard(0, Tile.M9, riichi=True)]
    assert DefensiveBot("seipalle").ready_values
    assert DefensiveBot("seipalle").choose(cheap, legal) == Discard(0, Tile.M9)
    off = replace(PROFILES["seipalle"], defensive_ready_values=False)
    monkeypatch.setitem(PROFILES, "seipalle", off)
    bot = DefensiveBot("seipalle")
    assert not bot.ready_values
    assert bot.riichi_stake == 0.0
    assert bot.choose(cheap, legal) == Discard(0, Tile.M9, riichi=True)
    for rules in ("riichi-ema", "riichi-tenhou", "ravenna", "mcr"):
        assert ExpertBot(rules).ready_values
        bot = DefensiveBot(rules)
        assert not bot.ready_values
        assert bot.riichi_stake == 0.0
    # riichi-ema: all simples with three dora, a mangan already: the expert's gain rule stays
    # dama, the defensive bot declares as the efficiency bot does
    v = view("345m67p33377888s", drawn="2s", rules="riichi-ema", indicators="2s", live=50)
    legal = [*discards_of(v), Discard(0, Tile.S2, riichi=True)]
    gain_rule = ExpertBot("riichi-ema")
    gain_rule.riichi_gain = RIICHI_GAIN
    assert gain_rule.choose(v, legal) == Discard(0, Tile.S2)
    declared = Discard(0, Tile.S2, riichi=True)
    assert DefensiveBot("riichi-ema").choose(v, legal) == declared
    assert EfficiencyBot("riichi-ema").choose(v, legal) == declared


def test_the_fimj_defensive_bot_weighs_its_waits_value() -> None:
    """``Profile.defensive_value_units`` (FIMJ: 12, the expert's): 6789m 456p 123s 57s 99s
    is ready on 6s whichever of 6m and 9m goes; keeping 789m makes the snake (chows
    1-2-3, 4-5-6, 7-8-9, suits free: FIMJ-DBL-F15), which doubles the win. The defensive
    bot keeps it, as the expert does; without the weight both discards score alike for it,
    as for the efficiency bot. Seipalle's defensive bot keeps no such weight."""
    v = view("6789m456p123s579s9s", rules="fimj", live=60)
    legal = discards_of(v)
    bot = DefensiveBot("fimj")
    assert bot.ready_values
    assert bot.value_units == 12.0 == VALUE_UNITS
    assert bot.choose(v, legal).tile == Tile.M6
    assert ExpertBot("fimj").choose(v, legal).tile == Tile.M6
    flat = DefensiveBot("fimj")
    flat.value_units = 0.0
    ranked, _, _ = flat.ranked_equity(Table.of(v), legal, with_equity=False)
    six, nine = (ranked[a] for a in legal if a.tile in (Tile.M6, Tile.M9))
    assert six == pytest.approx(nine)
    ranked, _, _ = bot.ranked_equity(Table.of(v), legal, with_equity=False)
    six, nine = (ranked[a] for a in legal if a.tile in (Tile.M6, Tile.M9))
    assert six > nine
    assert DefensiveBot("seipalle").value_units == 0.0
    assert ExpertBot("seipalle").value_units == VALUE_UNITS


def test_expert_folds_a_poor_hand_against_riichi_and_pushes_a_ready_one() -> None:
    discards = ("", "", "5s1z9m", "")
    v = view(
        "159m2468p13579s1z", drawn="8s", rules="riichi-ema", discards=discards,
        riichi=(False, False, True, False),
    )  # fmt: skip
    assert ExpertBot("riichi-ema").choose(v, discards_of(v)).tile in (Tile.S5, Tile.EAST, Tile.M9)
    ready = view(
        "234m567p234s5567s", drawn="1p", rules="riichi-ema", discards=discards,
        riichi=(False, False, True, False), indicators="4s",
    )  # fmt: skip
    # 5s is safe but breaks the ready hand worth a lot; 1p is the useless tile: pushed
    assert ExpertBot("riichi-ema").choose(ready, discards_of(ready)).tile == Tile.P1


def test_in_fimj_nobody_pays_for_a_deal_in_so_the_expert_does_not_fold() -> None:
    """FIMJ-PAY-1: every loser pays the winner the same; folding only throws the hand away."""
    discards = ("", "", "5s1z9m", "")
    v = view(
        "123m2468p13579s1z", drawn="8s", rules="fimj", discards=discards,
        riichi=(False, False, True, False),
    )  # fmt: skip
    eff = EfficiencyBot("fimj").choose(v, discards_of(v))
    assert ExpertBot("fimj").choose(v, discards_of(v)) == eff


def test_expert_declines_a_slow_call_that_kills_a_closed_hand_with_dora() -> None:
    """Riichi: 3-shanten, a dora pair held; a pung of 2p (no yaku with it) is refused."""
    v = view(
        "22p456m34s67s58p28m", phase="claim", claim="2p", rules="riichi-tenhou",
        indicators="1p", live=60,
    )  # fmt: skip
    assert EfficiencyBot("riichi-tenhou").choose(v, [Pung(0), Pass(0)]) == Pung(0)
    assert ExpertBot("riichi-tenhou").choose(v, [Pung(0), Pass(0)]) == Pass(0)


def test_the_lookahead_keeps_the_way_to_three_equal_chows() -> None:
    """FIMJ, one step from ready: 1m and 4m both wait on 3m (edge or closed), but 123m beside
    123p and 123s is three equal chows (FIMJ-DBL-F11), which the scorer pays double: the
    lookahead keeps 12m (it lets go of 4m, or of the lone own wind, which keeps it too);
    the efficiency score alone cannot tell them apart."""
    v = view("12m4m123p123s11z2z6z", drawn="6z", rules="fimj")
    t = Table.of(v)
    look = ValueLookahead(ExpertBot("fimj"), t)
    counts = t.counts
    counts[Tile.M4] -= 1
    keep_12m, plain = look.valued_ukeire(counts, 1)
    counts[Tile.M4] += 1
    counts[Tile.M1] -= 1
    keep_24m, plain_24m = look.valued_ukeire(counts, 1)
    assert plain == plain_24m  # the same useful draws (3m, the honour pungs)
    assert keep_12m > keep_24m
    chosen = {ExpertBot("fimj", seed=s).choose(v, discards_of(v)).tile for s in range(8)}
    assert Tile.M4 in chosen
    assert Tile.M1 not in chosen
    plain_choices = set()
    for s in range(8):
        bot = ExpertBot("fimj", seed=s)
        bot.lookahead = False
        plain_choices.add(bot.choose(v, discards_of(v)).tile)
    assert Tile.M1 in plain_choices


def test_the_expert_counts_the_pairs_a_pung_claim_may_complete() -> None:
    """Ravenna, one step from ready with 2345m 888m 11p23p8p 66s: letting 1p go keeps the
    chow 123p and the wider draw ukeire; letting 8p go keeps the pairs 1p1p and 6s6s, either
    of which a pung claim completes from any seat's discard (RAV-PLAY-3), while no chow may
    be claimed there. The efficiency bot counts draws only and breaks the pair; the expert
    (and the defensive bot) counts each unseen copy of a held pair's tile 1 + ``pung_claims``
    times and keeps both pairs. In FIMJ, where a chow may be claimed from the seat before
    (FIMJ-PLAY-4), the weights measured no gain and are 0."""
    v = view("2345m888m11p23p8p66s", rules="ravenna")
    for seed in range(4):
        assert EfficiencyBot("ravenna", seed=seed).choose(v, discards_of(v)).tile == Tile.P1
        assert ExpertBot("ravenna", seed=seed).choose(v, discards_of(v)).tile == Tile.P8
        assert DefensiveBot("ravenna", seed=seed).choose(v, discards_of(v)).tile == Tile.P8
        off = ExpertBot("ravenna", seed=seed)
        off.claim_ukeire = False
        assert off.choose(v, discards_of(v)).tile == Tile.P1
    assert ExpertBot("ravenna").profile.chow_claims == 0  # RAV-PLAY-3
    assert ExpertBot("fimj").profile.pung_claims == 0  # measured no gain there
    assert ExpertBot("riichi-ema").profile.pung_claims == 0  # unchanged elsewhere


def test_the_ravenna_expert_chooses_a_ready_hand_by_its_value() -> None:
    """Ravenna: 112233m 55p 777s 99s 4m. Letting 4m go waits on 5p or 9s (4 copies, a
    hand of 26-28 points); letting 7s go waits on 4m alone (3 copies) for seven pairs, a
    200/400 limit hand (RAV-MAX-M03, RAV-HAND-2). With the other rulesets' weight of a ready
    hand's value (``VALUE_UNITS``) the extra copy wins; Ravenna's profile weighs the value
    six times as much (``ready_value``, paired pilots in docs/players.md) and takes the
    limit hand. Riichi-ema's doubles it; the other rulesets keep the default weight."""
    v = view("112233m55p777s99s4m", rules="ravenna")
    for seed in range(4):
        assert ExpertBot("ravenna", seed=seed).choose(v, discards_of(v)).tile == Tile.S7
        old = ExpertBot("ravenna", seed=seed)
        old.value_units = VALUE_UNITS
        assert old.choose(v, discards_of(v)).tile == Tile.M4
    assert ExpertBot("ravenna").value_units == 72.0
    for rules in ("fimj", "seipalle", "mcr"):
        assert ExpertBot(rules).value_units == VALUE_UNITS
    assert ExpertBot("riichi-ema").value_units == 2 * VALUE_UNITS


def test_the_ravenna_expert_heads_for_all_head_tiles_when_that_route_pays() -> None:
    """RAV-HAND-3, RAV-GAP-10: fourteen head tiles (1, 9, winds, dragons) are a Mah-Jong in
    any arrangement, a limit hand (RAV-MAX-M02, 200/400), ready on every unseen head tile
    once the 13 are all head tiles; the shanten the bots share knows thirteen orphans only.
    1m 99m 1p 11z 5z 9s 456m 3s 7s 7p holds eight head tiles: with 50 tiles left the expert
    lets a lone tile of 2-8 go (3s, 7s or 7p: the plain score keeps 456m), where the
    efficiency bot, the defensive bot and the expert without the route let the lone white
    dragon go; with 12 tiles left the route is too long and the expert plays the plain hand,
    and so it does in the last deal where any win keeps its place (:meth:`final_worth`)."""
    v = view("1m99m1p1z1z5z9s456m37s7p", rules="ravenna")
    late = replace(v, live_count=12)
    for seed in range(4):
        lone = {Tile.S3, Tile.S7, Tile.P7}  # the plain score keeps 456m
        assert ExpertBot("ravenna", seed=seed).choose(v, discards_of(v)).tile in lone
        assert EfficiencyBot("ravenna", seed=seed).choose(v, discards_of(v)).tile == Tile.WHITE
        assert DefensiveBot("ravenna", seed=seed).choose(v, discards_of(v)).tile == Tile.WHITE
        off = ExpertBot("ravenna", seed=seed)
        off.heads_weight = 0.0
        assert off.choose(v, discards_of(v)).tile == Tile.WHITE
        assert ExpertBot("ravenna", seed=seed).choose(late, discards_of(late)).tile == Tile.WHITE
    # the last deal (RAV-COMP-1), one head tile fewer and 40 tiles left: leading, any win
    # keeps the first place and the faster plain hand is played; 600 behind the leader
    # only a limit hand climbs, and the route is taken as in any other deal
    u = replace(view("1m9m1p1z1z5z9s456m37s78p", rules="ravenna"), live_count=40)
    ahead = _last_deal(u, (3000, 1800, 1700, 1500))
    behind = _last_deal(u, (2000, 2600, 1700, 1700))
    assert ExpertBot("ravenna").choose(ahead, discards_of(ahead)).tile == Tile.WHITE
    for w in (u, behind):
        assert ExpertBot("ravenna").choose(w, discards_of(w)).tile in {Tile.S3, Tile.S7}
    for rules in ("fimj", "seipalle", "mcr", "riichi-ema"):
        assert ExpertBot(rules).profile.heads_limit == 0  # no such limit hand there
    assert ExpertBot("ravenna").profile.heads_limit == 200  # RAV-MAX-M02


def test_on_the_heads_route_the_expert_claims_head_pungs_and_no_other() -> None:
    """On the route to all head tiles (RAV-MAX-M02), with 1m 99m 1p 11z 5z 9s 55m 66p 7s:
    a pung of 9m or of East takes the hand a step nearer (a tile of 2-8 goes after the
    claim; any seat's discard may be claimed, RAV-PLAY-3), so the expert claims it where
    the efficiency bot, which sees no shanten gain, passes; a pung of 5m would end the route
    and is passed. With 12 tiles left the route is off and the expert passes as before."""
    hand = "1m99m1p1z1z5z9s55m66p7s"
    for claim, want in (("9m", Pung(0)), ("1z", Pung(0)), ("5m", Pass(0))):
        v = view(hand, rules="ravenna", phase="claim", claim=claim, discards=("", "", "", claim))
        legal = [Pass(0), Pung(0)]
        assert ExpertBot("ravenna").choose(v, legal) == want
        assert EfficiencyBot("ravenna").choose(v, legal) == Pass(0)
        late = replace(v, live_count=12)
        assert ExpertBot("ravenna").choose(late, legal) == Pass(0)
    c = [0] * 34
    for k in Table.of(view(hand, rules="ravenna")).view.hand:
        c[k] += 1
    assert heads_distance(c, []) == 5
    assert heads_distance(c, [(Tile.M5,) * 3]) is None  # a meld of 2-8: no route


def test_on_the_heads_route_the_expert_declares_kongs_of_head_tiles_only() -> None:
    """On the route to all head tiles (RAV-HAND-3, RAV-MAX-M02) a declared kong of 2-8 would
    end it (every tile of the hand must be a head tile, the declared ones too): the expert
    lets a 5m of 5555m go where the same bot off the route (``heads_weight`` 0) declares the
    kong; a kong of a head tile stays on the route (the hand is still all head tiles, its
    replacement tile drawn) and is declared on it as elsewhere."""
    for hand in ("1m9m1p9p1z1z5z9s5555m7s", "1m99m1p1z1z5z9s5555m7s"):
        v = view(hand, rules="ravenna", drawn="3p")
        legal = [*discards_of(v), ConcealedKong(0, Tile.M5)]
        off = ExpertBot("ravenna")
        off.heads_weight = 0.0
        assert off.choose(v, legal) == ConcealedKong(0, Tile.M5)
        assert ExpertBot("ravenna").choose(v, legal) == Discard(0, Tile.M5)
    v = view("1m1111z9p5z9s456m37s7p", rules="ravenna", drawn="9m")
    legal = [*discards_of(v), ConcealedKong(0, Tile.EAST)]
    assert ExpertBot("ravenna").choose(v, legal) == ConcealedKong(0, Tile.EAST)


def _last_deal(v: PlayerView, scores: tuple[int, ...], *, last: bool = True) -> PlayerView:
    """``v`` in Ravenna's eighth turn of East (South round, seat 3 deals) or its first."""
    if last:
        return replace(v, round_wind=Tile.SOUTH, dealer=3, scores=scores, passes=7)
    return replace(v, round_wind=Tile.EAST, dealer=0, scores=scores, passes=0)


def test_the_ravenna_expert_plays_the_last_deal_for_placement() -> None:
    """RAV-COMP-1, RAV-END-4: a match is eight turns of East, the last dealt by seat 3 in
    the South round. There a win is worth the places it gains (RAV-PAY-1: every seat pays
    the winner, East twice; RAV-ROUND-1), not its points. Seat 0 (South, not East):

    * leading, or all even: any win keeps or takes the first place, whatever its value: the
      expert waits on the two kinds (4m) rather than on seven pairs' single tile;
    * 600 behind the leader, 2600 to 2000: a win of V moves 5V between them (East pays 2V),
      so only a limit hand (200) takes first: the expert keeps seven pairs (7s);
    * before the last deal it plays for points (seven pairs)."""
    v = view("112233m55p777s99s4m", rules="ravenna")
    bot = ExpertBot("ravenna")
    even = _last_deal(v, (2000, 2000, 2000, 2000))
    ahead = _last_deal(v, (3000, 1800, 1700, 1500))
    behind = _last_deal(v, (2000, 2600, 1700, 1700))
    early = _last_deal(v, (2000, 2600, 1700, 1700), last=False)
    assert bot.final_worth(Table.of(early)) is None
    for w in (even, ahead):
        worth = bot.final_worth(Table.of(w))
        assert worth is not None
        assert {worth(x) for x in (22, 30, 65, 200)} == {1.0}
        assert ExpertBot("ravenna").choose(w, discards_of(w)).tile == Tile.M4
    worth = bot.final_worth(Table.of(behind))
    assert worth is not None
    assert worth(30) == worth(65) == 1.0
    assert worth(200) == 2.0
    for w in (behind, early):
        assert ExpertBot("ravenna").choose(w, discards_of(w)).tile == Tile.S7
    assert ExpertBot("fimj").final_worth(Table.of(replace(ahead, rules="fimj"))) is None
    three = replace(ahead, status=("active", "active", "active", "out"))  # RAV-3P: 6 turns
    assert bot.final_worth(Table.of(three)) is None


def _placing(rules: object = "riichi-ema", seed: int = 0) -> ExpertBot:
    """A riichi-ema expert that plays the last deal for placement: the screened setting
    (eight turns of East, a place worth 10,000), off in the profile (measured neutral)."""
    bot = ExpertBot(rules, seed=seed)
    bot.session_deals = 8
    bot.place_value = 10000.0
    return bot


def _all_last(v: PlayerView, scores: tuple[int, ...], *, dealer: int = 3) -> PlayerView:
    """``v`` in riichi-ema's South round, dealt by ``dealer`` (3: the match's last deal).

    Seat 0 dealt first: the East role has passed 4 + ``dealer`` times (the view's
    ``passes``; a renchan does not pass it, EMA-GAME-1)."""
    return replace(v, round_wind=Tile.SOUTH, dealer=dealer, scores=scores, passes=4 + dealer)


def test_the_riichi_ema_expert_knows_the_last_deal_from_the_view() -> None:
    """EMA-GAME-3: East round then South round, eight turns of East; the last deal is the
    eighth turn (the view's ``passes`` 7: the South round's deal by seat 3, which a
    renchan repeats, EMA-GAME-1). riichi-tenhou's match may end early or go West (bust,
    agari yame, West extension): no last deal is assumed."""
    v = view("234m567p234s5567s", drawn="1p", rules="riichi-ema")
    bot = _placing()
    assert ExpertBot("riichi-ema").standing(Table.of(_all_last(v, (0,) * 4))) is None  # off
    last = bot.standing(Table.of(_all_last(v, (100, 200, 300, 400))))
    assert last is not None
    assert (last.scores, last.seat, last.dealer, last.discarder_pays) == (
        (100.0, 200.0, 300.0, 400.0), 0, 3, True,
    )  # fmt: skip
    for other in (
        _all_last(v, (0,) * 4, dealer=2),  # South 3
        replace(v, round_wind=Tile.EAST, dealer=3, passes=3),  # East 4
        _all_last(v, (0,) * 4, dealer=0),  # South 1
    ):
        assert bot.standing(Table.of(other)) is None
    tenhou = replace(_all_last(v, (0,) * 4), rules="riichi-tenhou")
    assert _placing("riichi-tenhou").standing(Table.of(tenhou)) is None
    # the Tenhou preset is riichi-ema's ruleset object with Tenhou's options (bust, West
    # round, agari yame), whose bots read riichi-ema's profile: the options decide
    assert _placing(load_ruleset("riichi-tenhou")).standing(Table.of(tenhou)) is None
    assert _placing(load_ruleset("riichi-ema")).standing(Table.of(_all_last(v, (0,) * 4)))


def test_last_deal_placements_follow_the_riichi_payments() -> None:
    """EMA-SCORE / EMA-PAY: a ron is paid by the discarder alone, a self-drawn win by East
    for half and the others a quarter each (East's own: a third each); the winner takes the
    riichi sticks on the table (EMA-RIICHI-3). Seat 0 (not East), 2,000 behind seat 1."""
    last = Standing(
        scores=(10000.0, 12000.0, 0.0, -22000.0), seat=0, dealer=3, pot=0.0, factor=1.5,
        discarder_pays=True,
    )  # fmt: skip
    assert last.place() == 2.0
    assert last.after_win(3900) == 1.0  # first from any payer
    # 1000: a ron from seat 1 ties him (1.5), from seats 2 or 3 leaves seat 0 second;
    # self-drawn, seat 1 pays 250 and stays ahead
    ron = (1.5 + 2.0 + 2.0) / 3
    assert last.after_win(1000) == pytest.approx((1 - SELF_DRAWN) * ron + SELF_DRAWN * 2.0)
    assert replace(last, pot=2000.0).after_win(1000) == 1.0  # the sticks make the climb
    assert last.after_deal_in(2, 4000) == 2.0  # 6,000 against seat 2's 4,000
    assert last.after_deal_in(2, 5000) == 2.5  # tied at 5,000: they share the places
    assert last.after_deal_in(2, 10000) == 3.0
    assert last.after_deal_in(1, 100) == 2.0
    # before the last deal the placement is expected over the deals left: even scores
    # give 2.5, and the placement by the scores is neared as fewer deals are left
    even = replace(last, scores=(0.0,) * 4, left=3, spread=4000.0)
    assert even.place() == pytest.approx(2.5)
    ahead = replace(last, left=3, spread=4000.0)
    assert 1.0 < replace(ahead, left=1).place() < ahead.place() < last.place() + 0.5
    east = replace(last, seat=3)
    # East wins 12,000: only seat 2's ron (-10,000 against his -12,000) lifts him to third;
    # self-drawn, 4,000 from each, he stays last (-10,000 against -4,000)
    assert east.place() == 4.0
    ron = (4.0 + 3.0 + 4.0) / 3
    assert east.after_win(12000) == pytest.approx((1 - SELF_DRAWN) * ron + SELF_DRAWN * 4.0)


def test_the_last_deal_weighs_wins_and_deal_ins_by_places() -> None:
    """Against seat 2's riichi (5s, 1z, 9m safe against him), riichi-ema, the same hands
    before the last deal (South 3) and in it (South 4, the same scores):

    * last within a win of third (a deal-in cannot cost a place, a win may climb two): a
      hand two steps from ready folds with 9m before the last deal and plays on with the
      efficiency bot's 7z in it;
    * 30,000 in the lead (no win or deal-in changes the first place): a hand that pushes
      9p before the last deal has nothing to play for in it and folds with 5s."""
    discards = ("", "", "5s1z9m", "")
    riichi = (False, False, True, False)
    for hand, drawn, before, last_deal, scores in (
        ("29m234556p3579s7z", "7m", Tile.M9, Tile.RED, (-6000, 3000, 5000, -2000)),
        ("567m25679p456s44z", "4s", Tile.P9, Tile.S5, (30000, -10000, -5000, -15000)),
    ):
        v = view(hand, drawn=drawn, rules="riichi-ema", discards=discards, riichi=riichi)
        early = _all_last(v, scores, dealer=2)
        assert _placing().choose(early, discards_of(early)).tile == before
        last = _all_last(v, scores)
        assert _placing().choose(last, discards_of(last)).tile == last_deal
        assert ExpertBot("riichi-ema").choose(last, discards_of(last)).tile == before
        if scores[0] < 0:
            assert EfficiencyBot("riichi-ema").choose(last, discards_of(last)).tile == last_deal


def test_the_last_deal_riichi_only_where_it_climbs_higher_than_dama() -> None:
    """Riichi-ema's last deal (the placing expert): riichi is declared where its value
    climbs higher than dama's (a hand of 3,900 dama, 8,000 with riichi), dama where both
    climb alike, and by the gain rule (:data:`RIICHI_GAIN`) where neither climbs; before the
    last deal the gain rule declares it either way."""
    v = view("345m67p33377888s", drawn="2s", rules="riichi-ema")
    bot = _placing()
    bot.riichi_gain = RIICHI_GAIN  # riichi-ema's profile has no dama: 0 (below)
    needs_riichi = (0, 6000, -3000, -3000)  # 3,900 takes first off seat 1 only; 8,000 always
    either = (0, 3000, -1500, -1500)  # 3,900 takes first already
    for scores, want in ((needs_riichi, True), (either, False)):
        t = Table.of(_all_last(v, scores))
        assert bot.riichi_pays(t, 8000, 3900) is want
        t = Table.of(_all_last(v, scores, dealer=2))
        assert bot.riichi_pays(t, 8000, 3900) is True
    neither = Table.of(_all_last(v, (0, 30000, -15000, -15000)))  # second whatever it wins
    assert bot.riichi_pays(neither, 8000, 3900) is True
    assert bot.riichi_pays(neither, 4000, 3900) is False
    bot.riichi_gain = 0.0
    assert bot.riichi_pays(neither, 4000, 3900) is True
    assert bot.riichi_pays(Table.of(_all_last(v, either)), 8000, 3900) is False  # climbs alike
    assert bot.riichi_pays(Table.of(_all_last(v, either)), 8000, 0) is True  # no yaku without
    assert ExpertBot("riichi-ema").riichi_pays(Table.of(_all_last(v, either)), 8000, 3900)


def test_the_red_fives_knob_keeps_the_red_five_and_values_it() -> None:
    """EMA-TILE-2: one five of each suit is red and a dora. With ``red_fives`` (an
    ablation knob, off in every profile: docs/players.md) the expert discards a plain five
    rather than the red one of the same kind, whatever its seed (without it the two tie
    and the seed picks), and values a ready hand with the red five it keeps."""
    v = replace(view("234m55p678s1239s11z", drawn="5p", rules="riichi-ema"), red_hand=(Tile.P5,))
    legal = [Discard(0, Tile.P5), Discard(0, Tile.P5, red=True)]
    reds = set()
    for seed in range(8):
        bot = ExpertBot("riichi-ema", seed=seed)
        reds.add(bot.choose(v, legal).red)
        bot.red_fives = True
        assert not bot.choose(v, legal).red
    assert reds == {False, True}
    ready = replace(view("234m456p678s555p2s", rules="riichi-ema"), red_hand=(Tile.P5,))
    bot = ExpertBot("riichi-ema")
    t = Table.of(ready)
    plain = bot.hand_value(t, t.counts, Tile.S2, riichi=False)
    bot.red_fives = True
    assert bot.hand_value(t, t.counts, Tile.S2, riichi=False) == 2 * plain  # 1 han -> 2


def test_the_tenpai_knob_calls_for_the_noten_payments_late() -> None:
    """EMA-TENPAI-1, EMA-END-3: a ready hand needs no yaku to collect the noten payments.
    With ``tenpai_live`` (an ablation knob, 0 in every profile) the expert makes a chow
    that leaves it ready without a yaku (a West pair: seat 0 is North) once that few live
    tiles are left and nobody threatens; otherwise it passes, as the efficiency bot."""
    legal = [Pass(0), Chow(0, tiles=(Tile.S6, Tile.S7, Tile.S8))]
    for live, riichi, calls in ((8, False, True), (8, True, False), (30, False, False)):
        kw = {"riichi": (False, False, True, False), "discards": ("", "", "5s1z9m", "")}
        v = view(
            "123m456p78s99s33z1z", rules="riichi-ema", phase="claim", claim="6s", live=live,
            **(kw if riichi else {}),
        )  # fmt: skip
        bot = ExpertBot("riichi-ema")
        assert isinstance(bot.choose(v, legal), Pass)
        assert isinstance(EfficiencyBot("riichi-ema").choose(v, legal), Pass)
        bot.tenpai_live = 12
        assert isinstance(bot.choose(v, legal), Chow) is calls


def test_the_fimj_expert_plays_the_last_turn_of_east_for_placement() -> None:
    """FIMJ-GAME-1, FIMJ-TOURN-3: sixteen turns of East, one deal each in a tournament,
    whose round wind starts at the breach wall's (FIMJ-TOURN-4): the turn is the view's
    ``passes``. 88m 1233 66 789p 678s: letting 3p go leaves a ready hand on 7m/8m worth 22
    points (FIMJ-PTS-P13), letting 6p go keeps a hand a step from ready whose draws lead to
    better hands. Before the last deal the expert plays for points (6p); in the last deal,
    all even or leading by more than any win moves (FIMJ-PAY-1: every loser pays the winner,
    East twice), a win of any value is first place, so it takes the ready hand (3p); 2500
    behind the leader, a cheap win does not climb and a bigger one does: 6p again."""
    v = view("88m123366789p678s", rules="fimj", live=40)
    bot = ExpertBot("fimj")
    assert bot.profile.session_deals == 16
    early = replace(v, passes=14, scores=(0, 0, 0, 0))
    assert bot.final_worth(Table.of(early)) is None
    assert ExpertBot("fimj").choose(early, discards_of(early)).tile == Tile.P6
    for scores in ((0, 0, 0, 0), (3000, -1000, -1000, -1000)):
        last = replace(v, passes=15, scores=scores)
        worth = bot.final_worth(Table.of(last))
        assert worth is not None
        assert {worth(x) for x in (22, 140, 560, 1000)} == {1.0}
        assert ExpertBot("fimj").choose(last, discards_of(last)).tile == Tile.P3
    behind = replace(v, passes=15, scores=(-1000, 1500, -200, -300))
    worth = bot.final_worth(Table.of(behind))
    assert worth is not None
    assert worth(22) < worth(140) < worth(560)
    assert ExpertBot("fimj").choose(behind, discards_of(behind)).tile == Tile.P6
    # where the match's length is not fixed, never (riichi's renchan, EMA-GAME)
    assert (
        ExpertBot("riichi-ema").final_worth(Table.of(replace(behind, rules="riichi-ema"))) is None
    )


def test_the_fimj_expert_counts_the_copies_likely_to_come_to_a_wait() -> None:
    """FIMJ-PLAY-4: a win on any seat's discard, three wins in four in the field. Early in
    the deal the others let a dragon go about 1.85 times as often per unseen copy as the
    average tile, a terminal 1.17 times, a 3-7 0.66 times (the profile's ``wait_odds``).
    1m 344556678m 123p 5z is ready on a single wait whichever of 1m and the white dragon
    goes: with every copy alike the expert waits on 1m; counting the likely copies, on the
    white dragon. Late in the deal the rates are read from the last row; other rulesets
    count every copy alike."""
    v = view("1344556678m123p5z", rules="fimj", live=60)
    bot = ExpertBot("fimj")
    odds = bot.wait_odds(Table.of(v))
    assert odds is not None
    rates = bot.profile.wait_odds
    assert odds[Tile.WHITE] == pytest.approx(SELF_DRAWN + (1 - SELF_DRAWN) * rates[0][0])
    assert odds[Tile.EAST] == pytest.approx(SELF_DRAWN + (1 - SELF_DRAWN) * rates[0][1])
    assert odds[Tile.P9] == pytest.approx(SELF_DRAWN + (1 - SELF_DRAWN) * rates[0][2])
    assert odds[Tile.S2] == pytest.approx(SELF_DRAWN + (1 - SELF_DRAWN) * rates[0][3])
    assert odds[Tile.M5] == pytest.approx(SELF_DRAWN + (1 - SELF_DRAWN) * rates[0][4])
    late = bot.wait_odds(Table.of(replace(v, live_count=10)))
    assert late is not None
    assert late[Tile.M5] == pytest.approx(SELF_DRAWN + (1 - SELF_DRAWN) * rates[2][4])
    assert ExpertBot("fimj").choose(v, discards_of(v)).tile == Tile.M1
    plain = ExpertBot("fimj")
    plain.profile = replace(plain.profile, wait_odds=())
    assert plain.wait_odds(Table.of(v)) is None
    assert plain.choose(v, discards_of(v)).tile == Tile.WHITE
    for rules in ("ravenna", "seipalle", "riichi-ema", "mcr"):
        assert ExpertBot(rules).wait_odds(Table.of(replace(v, rules=rules))) is None


def test_the_lookahead_counts_only_the_waits_that_may_win() -> None:
    """Seipalle, an open hand (no riichi): a win needs a double besides dora (SEI-SCORE-2).
    Ready on 5z or 9p, only the white dragon's pung (SEI-DBL-D01) wins: the two unseen 5z
    are winning outs, the 9p are not."""
    melds = (("[789s<]",), (), (), ())
    t = Table.of(view("234m567p55z99p", rules="seipalle", melds=melds))
    bot = ExpertBot("seipalle")
    assert not bot.may_riichi(2, 1)
    worth, outs, raw = ValueLookahead(bot, t).ready(t.counts)
    assert (outs, raw) == (2, 4)
    assert worth > 0


def test_the_lookahead_counts_riichi_where_the_hand_may_declare_it() -> None:
    """A closed Seipalle ready hand counts riichi's double (SEI-DBL-D30) while the wall
    still allows a declaration; a FIMJ richi needs a single wait (FIMJ-RICHI-1) but may be
    open (FIMJ-RICHI-3)."""
    t = Table.of(view("234m456p678s13p99s", rules="seipalle", live=40))  # ready on 2p
    bot = ExpertBot("seipalle")
    with_riichi = ValueLookahead(bot, t).ready(t.counts)
    bot.profile = replace(bot.profile, riichi=False)  # a bot that never declares
    lookahead_module._WAITS.clear()  # (the cache holds a ruleset's values, riichi counted)
    without = ValueLookahead(bot, t).ready(t.counts)
    assert with_riichi[1:] == without[1:] == (4, 4)
    assert with_riichi[0] == pytest.approx(2 * without[0])  # one double
    late = Table.of(view("234m456p678s13p99s", rules="seipalle", live=10))
    bot = ExpertBot("seipalle")
    assert not ValueLookahead(bot, late).riichi_wall  # too late to declare: not counted
    fimj = ExpertBot("fimj")
    assert fimj.may_riichi(1, 2)
    assert not fimj.may_riichi(2, 0)
    assert not bot.may_riichi(1, 1)
    assert bot.may_riichi(2, 0)
    assert not ExpertBot("ravenna").may_riichi(1, 0)  # no riichi in Ravenna


def test_a_legal_win_is_always_declared() -> None:
    v = view("123m456p789s1122z", phase="claim", claim="1z", rules="riichi-ema")
    assert ExpertBot("riichi-ema").choose(v, [Win(0), Pung(0), Pass(0)]) == Win(0)


def test_expert_is_deterministic_and_independent_of_its_cache() -> None:
    from muraglia.players import defensive

    def play(seed: int) -> list[str]:
        r = load_ruleset("riichi-tenhou")
        bots = [make_bot("expert", r, seed=seed + s) for s in range(4)]
        m = Game(r, seed=seed, max_deals=2).new_match()
        while not m.over:
            s = m.to_act[0]
            m.apply(bots[s].choose(view_of(m.deal, s, m), m.legal_actions(s)))
        return [e.line() for e in m.events]

    first = play(4)
    second = play(4)  # the cache is warm now
    defensive._CACHE.clear()
    assert first == second == play(4)


# ---------------------------------------------------------------- property tests


RULES = ["fimj", "ravenna", "seipalle", "riichi-ema", "riichi-tenhou", "mcr"]


@pytest.mark.parametrize("rules", RULES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 120))
def test_hidden_tiles_scrambled_the_bots_decide_the_same(rules: str, seed: int, steps: int) -> None:
    """A twin deal with another seat's concealed tile swapped with a wall tile gives the
    seat the same view and legal actions, and every bot the same decision."""
    ruleset = load_ruleset(rules)
    rng = Random(seed)
    # a match resumed at a random turn of East with random scores: the view's match fields
    # (scores, the turns of East: the last deal is played for placement) are public
    passes = rng.randrange(16)
    scores = [rng.randrange(-100, 100) * 10 for _ in range(3)]
    progress = MatchProgress(passes, passes % 4, passes // 4 % 4, passes)
    match = Game(ruleset, seed=seed).new_match(progress=progress, scores=[*scores, -sum(scores)])
    deal = match.deal
    for _ in range(steps):
        if deal.is_over:
            return
        deal.apply(rng.choice(deal.legal_actions(deal.to_act[0])))
    if deal.is_over:
        return
    seat = deal.to_act[0]
    twin = deal.copy()
    others = [s for s in range(4) if s != seat and s not in deal.dead and any(deal.counts[s])]
    w = twin.wall
    live = list(range(w.head, w.tail))
    if not others or not live:
        return
    other = rng.choice(others)
    k = rng.choice([k for k, n in enumerate(twin.counts[other]) if n])
    i = rng.choice(live)
    t = w.live[i]
    if t == k or t.is_bonus:
        return
    twin.counts[other][k] -= 1
    twin.counts[other][t] += 1
    w.live[i] = type(t)(k)
    v, legal = view_of(deal, seat, match), deal.legal_actions(seat)
    assert view_of(twin, seat, match) == v
    assert v.passes == passes
    assert twin.legal_actions(seat) == legal
    for name in sorted(BOTS):
        a = make_bot(name, ruleset, seed=seed).choose(v, legal)
        b = make_bot(name, ruleset, seed=seed).choose(view_of(twin, seat, match), legal)
        assert a == b
        assert a in legal


# ---------------------------------------------------------------- review


def _played(rules: str, names: list[str], seed: int) -> str:
    r = load_ruleset(rules)
    bots = [make_bot(n, r, seed=seed * 8 + s) for s, n in enumerate(names)]
    m = Game(r, seed=seed, max_deals=2).new_match()
    while not m.over:
        s = m.to_act[0]
        m.apply(bots[s].choose(view_of(m.deal, s, m), m.legal_actions(s)))
    return dumps(m)


def test_review_of_a_seat_played_by_the_expert_agrees_everywhere() -> None:
    from muraglia.io.record import loads

    text = _played("riichi-ema", ["efficiency", "expert", "efficiency", "efficiency"], 3)
    review = review_record(loads(text), 1, seed=3 * 8 + 1)
    assert review.decisions
    assert review.agreement == 1.0
    assert all(d.value_loss == 0 and d.shanten_loss == 0 for d in review.decisions)


def test_review_measures_what_a_worse_choice_loses() -> None:
    from muraglia.io.record import loads

    text = _played("riichi-ema", ["random", "efficiency", "efficiency", "efficiency"], 5)
    review = review_record(loads(text), 0)
    worse = [d for d in review.decisions if not d.agrees]
    assert worse
    assert sum(d.shanten_loss for d in worse) > 0
    for d in review.decisions:
        assert d.actual.seat == 0
        if d.agrees:
            assert d.value_loss == d.shanten_loss == d.ukeire_loss == 0
    out = review.to_dict()
    assert out["decisions"] == len(review.decisions)
    assert out["steps"][0]["actual"]["seat"] == 0


def test_review_of_a_tenhou_record() -> None:
    review = review_file(TENHOU, 2)
    assert review.rules == "riichi-tenhou"
    assert len(review.decisions) > 100
    assert not review.problems
    assert 0.3 < review.agreement < 1.0  # a Phoenix player is not our bot


def test_review_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.jsonl"
    path.write_text(_played("fimj(tournament=true)", ["random"] + ["efficiency"] * 3, 2))
    assert main(["review", str(path), "--seat", "0", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == 0
    assert out["decisions"] == len(out["steps"]) > 0
    assert main(["review", str(path), "--seat", "0"]) == 0
    text = capsys.readouterr().out
    assert "as the expert" in text
    assert text.count("\n! ") + text.startswith("! ") > 0
    assert main(["review", str(path), "--seat", "5"]) == 2
    assert "seat 5 is not at this table" in capsys.readouterr().err
    assert main(["review", str(tmp_path / "none.jsonl"), "--seat", "0"]) == 2
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not a record\n")
    assert main(["review", str(bad), "--seat", "0"]) == 2


# ---------------------------------------------------------------- bench scripts


def _bench(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_human_rates_from_the_phoenix_records() -> None:
    hr = _bench("human_rates")
    human, games = hr.human_counts([ROOT / "tests/data/tenhou"])
    assert games >= 30
    win, _ = human.rate("win")
    deal_in, _ = human.rate("deal_in")
    assert 0.15 < win < 0.3  # Phoenix players win about one deal in five
    assert 0.07 < deal_in < 0.15
    assert human.counts["riichi"] > 0
    assert human.counts["call"] > 0
    bots = hr.bot_counts("efficiency", 1, 1)
    assert bots.seat_deals % 4 == 0
    assert bots.counts["win"] > 0
    assert "Phoenix humans" in hr.table([("Phoenix humans", human, "x")])
    near = hr.Counts(human.seat_deals, {**human.counts, "deal_in": human.counts["deal_in"] + 5})
    far = hr.Counts(human.seat_deals, {**human.counts, "deal_in": 2 * human.counts["deal_in"]})
    assert hr.versus(near, human)[2]
    assert not hr.versus(far, human)[2]
    assert hr.versus(far, human)[0] > hr.TARGET


def test_strength_runner_resumes_where_it_stopped(tmp_path: Path) -> None:
    st_ = _bench("strength")
    out = tmp_path / "s.jsonl"
    args = ["run", "--rules", "ravenna", "--hero", "defensive", "--field", "efficiency"]
    args += ["--matches", "2", "--seed", "1", "--out", str(out)]
    argv = sys.argv
    try:
        sys.argv = ["strength.py", *args]
        assert st_.main() == 0
        first = out.read_text().splitlines()
        assert len(first) == 2
        out.write_text(first[0] + "\n")  # as if stopped after one match
        assert st_.main() == 0
    finally:
        sys.argv = argv
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert sorted(r["index"] for r in rows) == [0, 1]
    again, before = rows[1], json.loads(first[1])  # the same seeded match, played again
    again.pop("ms_per_decision")
    before.pop("ms_per_decision")
    assert again == before
    assert rows[0]["seat"] == 0
    assert rows[1]["seat"] == 1
    assert {r["bots"] for r in rows} == {st_.bots_version()}  # cells never mix bots
    s = st_.summary(rows)
    assert s["matches"] == 2
    assert 1 <= s["mean"] <= 4
    try:  # a deal cap makes its own cell: nothing of the whole matches is skipped or mixed
        sys.argv = ["strength.py", *args, "--max-deals", "1"]
        assert st_.main() == 0
    finally:
        sys.argv = argv
    capped = [json.loads(x) for x in out.read_text().splitlines()][2:]
    assert [(r["index"], r["max_deals"], r["deals"]) for r in capped] == [(0, 1, 1), (1, 1, 1)]


def test_strength_verify_replays_rows_and_names_cells_per_ruleset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    st_ = _bench("strength")
    out = tmp_path / "s.jsonl"
    argv = sys.argv
    base = ["--rules", "ravenna", "--hero", "defensive", "--field", "efficiency", "--seed", "1"]
    try:
        sys.argv = ["strength.py", "run", *base, "--matches", "2", "--out", str(out)]
        assert st_.main() == 0
        rows = [json.loads(x) for x in out.read_text().splitlines()]
        for r in rows:
            r["bots"] = "0ld0ld0ld0"  # as if written by other code
        # the second row as the other code might have played it: a different placement
        rows[1]["placement"] = 5 - rows[1]["placement"] if rows[1]["placement"] != 2.5 else 1.0
        out.write_text("".join(json.dumps(r) + "\n" for r in rows))
        check = ["strength.py", "verify", *base, "--bots", "0ld0ld0ld0", str(out)]
        sys.argv = [*check, "--matches", "1"]
        assert st_.main() == 0  # match 0 replays to the same row
        sys.argv = [*check, "--matches", "2"]
        assert st_.main() == 1  # match 1 does not
        printed = capsys.readouterr().out
        assert "match 0: same" in printed
        assert "match 1: DIFFERENT (placement" in printed
        assert "1 of 2 matches of bots 0ld0ld0ld0" in printed
        sys.argv = [*check[:-1], "--bots", "nope", str(out)]
        assert st_.main() == 2  # no rows of those bots: said, not passed
    finally:
        sys.argv = argv
    # an equivalence checked in one ruleset names cells of that ruleset only
    st_.SAME_IN_RULESET[("0ld0ld0ld0", "ravenna")] = "n3wn3wn3w0"
    try:
        assert st_.cell_bots("0ld0ld0ld0", "ravenna") == "n3wn3wn3w0"
        assert st_.cell_bots("0ld0ld0ld0", "fimj") == "0ld0ld0ld0"
        assert st_._key(rows[0])[4] == "n3wn3wn3w0"
    finally:
        del st_.SAME_IN_RULESET[("0ld0ld0ld0", "ravenna")]
    # an equivalence checked for one cell names that cell only (a change to one bot leaves
    # the cells the other bots play alone as they were)
    st_.SAME_IN_RULESET[("0ld0ld0ld0", "ravenna", "defensive", "efficiency")] = "c3llc3llc3"
    try:
        assert st_.cell_bots("0ld0ld0ld0", "ravenna", "defensive", "efficiency") == "c3llc3llc3"
        assert st_.cell_bots("0ld0ld0ld0", "ravenna", "expert", "defensive") == "0ld0ld0ld0"
        assert st_.cell_bots("0ld0ld0ld0", "ravenna") == "0ld0ld0ld0"
        assert st_._key(rows[0])[4] == "c3llc3llc3"
    finally:
        del st_.SAME_IN_RULESET[("0ld0ld0ld0", "ravenna", "defensive", "efficiency")]


def test_diagnosis_counts_every_deal_and_pairs_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dg = _bench("diagnose_bots")
    args = argparse.Namespace(
        rules="ravenna", hero="expert", field="efficiency", seed=3, max_deals=2,
        set=[("quiet", 0.0)], calibrate=True,
    )  # fmt: skip
    row = dg.play(args, 1)
    assert row["hero"] == 1
    seats = row["seats"]
    for c in seats:  # every deal ends one way for every seat
        assert c["deals"] == 2
        assert c.get("won", 0) + c.get("dealt_in", 0) + c.get("other_won", 0) <= 2
    assert sum(c["placement"] for c in seats) == 10  # 1 + 2 + 3 + 4, ties sharing
    assert seats[1].get("decisions", 0) > 0
    assert "decisions" not in seats[0]
    assert sum(b[0] for b in row["calib"]["ready"]) > 0  # every hero turn, every opponent
    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps(row) + "\n" + json.dumps({**row, "index": 2}) + "\n")
    dg.compare(str(rows), str(rows))
    assert "placement: new - old = +0.000 ± 0.000 (2 matches)" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="no attribute"):
        dg.play(argparse.Namespace(**{**vars(args), "set": [("no_such_knob", 1)]}), 0)
    # a strength cell of the same seeded matches pairs with the rows (the hero's seat)
    st_ = _bench("strength")
    strength_rows = tmp_path / "strength.jsonl"
    plain = argparse.Namespace(**{**vars(args), "set": [], "calibrate": False, "max_deals": None})
    played = [dg.play(plain, i) for i in (1, 2)]
    rows.write_text("".join(json.dumps(r) + "\n" for r in played))
    cells = [st_.one("ravenna", "expert", "efficiency", 3, i) for i in (1, 2)]
    strength_rows.write_text("".join(json.dumps(r) + "\n" for r in cells))
    row = played[1]
    cell = argparse.Namespace(rules="ravenna", hero="expert", field="efficiency", seed=3)
    assert (
        dg.load_rows(str(strength_rows), cell)[2]["seats"][2]["placement"]
        == (row["seats"][2]["placement"])
    )
    dg.compare(str(rows), str(strength_rows), cell)
    out = capsys.readouterr().out
    assert "placement: new - old = +0.000 ± 0.000 (2 matches)" in out
    assert "net per deal: new - old = +0.000 ± 0.000 (2 matches)" in out
    with pytest.raises(SystemExit, match="name the cell"):
        dg.compare(str(rows), str(strength_rows))
    # --bots OLD,NEW: each file's rows of its own bots (here another hash has none)
    cell.bots = f"{st_.bots_version()},{st_.bots_version()}"
    dg.compare(str(strength_rows), str(strength_rows), cell)
    assert "(2 matches)" in capsys.readouterr().out
    cell.bots = f"{st_.bots_version()},0000000000"
    with pytest.raises(SystemExit, match="fewer than two"):
        dg.compare(str(strength_rows), str(strength_rows), cell)


def test_diagnosis_sets_a_field_of_the_heros_profile_alone() -> None:
    """``--set profile.FIELD=VALUE`` replaces a field of the hero's profile only (an
    ablation of what the ruleset rewards, e.g. FIMJ's richi, FIMJ-DBL-C16): the hero
    stops declaring richi, the efficiency field declares as before."""
    dg = _bench("diagnose_bots")
    assert dg._setting("profile.riichi=False") == ("profile.riichi", False)
    args = argparse.Namespace(
        rules="fimj", hero="expert", field="efficiency", seed=1, max_deals=2,
        set=[], calibrate=False,
    )  # fmt: skip
    before = [c["riichi"] for c in dg.play(args, 0)["seats"]]
    off = argparse.Namespace(**{**vars(args), "set": [("profile.riichi", False)]})
    after = [c["riichi"] for c in dg.play(off, 0)["seats"]]
    assert before[0] > 0  # seat 0 is the hero of match 0
    assert after[0] == 0
    assert after[1:] == before[1:]
    bad = argparse.Namespace(**{**vars(args), "set": [("profile.no_such_field", 1)]})
    with pytest.raises(SystemExit, match="no field 'no_such_field'"):
        dg.play(bad, 0)
    # a field the bot reads once, when built, takes effect too; the table is restored
    bot = ExpertBot("fimj")
    assert bot.lookahead
    rebuilt = dg._with_profile(bot, {"lookahead": False}, lambda: ExpertBot("fimj"))
    assert rebuilt.profile.lookahead is False
    assert not rebuilt.lookahead
    assert ExpertBot("fimj").lookahead
    # traits.FIELD: the hero's rule traits alone (riichi-ema's pot counted, SEI-PAY-5's rule)
    assert dg._setting("traits.pot_share=1.0") == ("traits.pot_share", 1.0)
    hero, other = ExpertBot("riichi-ema"), ExpertBot("riichi-ema")
    assert dg._with_traits(hero, {"pot_share": 1.0}).traits.pot_share == 1.0
    assert other.traits.pot_share == 0.0
    with pytest.raises(SystemExit, match="no field 'nope'"):
        dg._with_traits(other, {"nope": 1})


def test_diagnosis_counts_the_riichi_stakes_apart_from_the_hands() -> None:
    """SEI-RIICHI-3/6: a riichi stake goes on the table and to the next winner, outside the
    settlement's net; the rows count it apart, and with the hands it makes the score."""
    dg = _bench("diagnose_bots")
    args = argparse.Namespace(
        rules="seipalle", hero="expert", field="efficiency", seed=1, max_deals=2,
        set=[], calibrate=False,
    )  # fmt: skip
    seats = dg.play(args, 0)["seats"]
    assert [c["stakes"] for c in seats] == [1000, 0, -1000, 0]  # seat 2's riichi, seat 0 won
    for c in seats:
        hands = sum(c[k] for k in ("net_won", "net_dealt_in", "net_other", "net_draw"))
        assert hands + c["stakes"] == c["score"]  # no stake left on the table at the end
    assert sum(c["score"] for c in seats) == 0


def test_views_are_not_modified_by_the_expert() -> None:
    v = view("123m456p78s2234m3z", drawn="4m", rules="riichi-ema")
    before = replace(v)
    ExpertBot("riichi-ema").choose(v, discards_of(v))
    assert v == before
    _ = record_of


def test_tsumogiri_odds_count_the_closed_seats_drawn_discards() -> None:
    to = _bench("tsumogiri_odds")
    cells = to.measure("seipalle", "defensive", 1, 50000, 99)
    assert set(cells) <= {(s, d) for s in to.STAGES for d in range(4)}
    total = sum(c[0] for c in cells.values())
    assert total > 20
    assert all(0 <= c[2] <= c[0] and 0 <= c[1] <= c[0] for c in cells.values())
    assert [to.stage_of(n) for n in (4, 7, 8, 11, 12)] == ["4-7", "4-7", "8-11", "8-11", "12+"]
    v = PlayerView(
        seat=0, dealer=0, round_wind=Tile.EAST, phase="act", to_act=(0,), hand=(),
        drawn=None, melds=((),) * 4, bonus=((),) * 4, discards=((),) * 4, claim=None,
        hand_sizes=(13,) * 4, live_count=60, dead_count=14, indicators=(),
        riichi=(False,) * 4, status=("active",) * 4, scores=(0,) * 4, pot=0,
        rules="seipalle", discard_seats=(1, 2, 1, 3, 1, 1), from_draw=(0, 3, 4, 5),
    )  # fmt: skip
    assert to.drawn_of_last(v, 1) == 2  # its last three: positions 2, 4, 5
    assert to.drawn_of_last(v, 3) == 1
    assert to.drawn_of_last(v, 2) == 0
    with pytest.raises(SystemExit) as stop:
        to.main(["--matches", "0"])
    assert stop.value.code == 2


def test_wait_fit_collects_the_ready_hands_and_recovers_a_known_fit() -> None:
    from muraglia.players.danger import WAIT_FEATURES

    wf = _bench("wait_fit")
    samples = wf.collect(("seipalle", "expert", "defensive", 11), 3, 1.0)
    assert samples
    assert all(y in (0, 1) and len(f) == len(WAIT_FEATURES) for y, f in samples)
    assert 0 < sum(y for y, _ in samples) < len(samples)
    counts = [0] * 34
    for p in parse_tiles("123m456p789s11z23m"):
        counts[p.kind] += 1
    assert wf.waits_of(counts, 0) == {Tile.M1, Tile.M4}
    rng = Random(5)
    made = []
    for _ in range(4000):
        x = (rng.gauss(0, 1), float(rng.random() < 0.3))
        z = -1.0 + 2.0 * x[0] - 1.5 * x[1]
        made.append((int(rng.random() < 1 / (1 + math.exp(-z))), x))
    w = wf.fit(made)
    assert w == pytest.approx([-1.0, 2.0, -1.5], abs=0.3)
    assert wf.log_loss(made, w) < wf.log_loss(made, [0.0, 0.0, 0.0])
    assert wf.solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0]) == pytest.approx([0.8, 1.4])
    for bad in (["--matches", "1"], ["--matches", "2001"], ["--share", "0"], ["--workers", "0"]):
        with pytest.raises(SystemExit) as stop:
            wf.main(bad)
        assert stop.value.code == 2


def test_bench_bots_times_the_expert_without_its_fitted_read_as_a_peer() -> None:
    bb = _bench("bench_bots")
    fitted = bb._make("expert", "seipalle", 1)
    shape = bb._make("expert/shape", "seipalle", 1)
    assert fitted.wait_fit == PROFILES["seipalle"].expert_wait_fit
    assert shape.wait_fit == ()
    with pytest.raises(SystemExit, match="unknown variant 'fast' of expert"):
        bb._make("expert/fast", "seipalle", 1)
    with pytest.raises(SystemExit, match="efficiency has no read of the waits"):
        bb._make("efficiency/shape", "seipalle", 1)
