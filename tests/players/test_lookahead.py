"""The MCR expert's lookahead: ukeire valued by what the ready hands win (MCR-WIN-4)."""

from __future__ import annotations

from muraglia.engine.actions import Chow, Discard, Pass, Pung
from muraglia.players import DefensiveBot, EfficiencyBot, ExpertBot, Table, make_bot
from muraglia.players.defensive import reach
from muraglia.players.lookahead import CAP, FLOOR, ValueLookahead
from muraglia.tiles import Tile
from tests.players.test_expert import discards_of, tiles, view


def lookahead(hand: str) -> tuple[ValueLookahead, list[int]]:
    t = Table.of(view(hand, rules="mcr"))
    return ValueLookahead(ExpertBot("mcr", seed=0), t), t.counts


def test_a_ready_hand_short_of_8_points_has_outs_but_no_winning_ones() -> None:
    # 234m 678p 345s 44z 79m waits on 8m: Concealed Hand, Closed Wait... under 8 points
    # even self-drawn (MCR-WIN-4), so none of the four unseen 8m wins
    look, counts = lookahead("2m3m4m7m9m6p7p8p3s4s5s4z4z")
    assert look.ready(counts) == (0.0, 0, 4)
    # 123456789m 23p 55s waits on 1p-4p with a Pure Straight (16): every out wins
    look, counts = lookahead("1m2m3m4m5m6m7m8m9m2p3p5s5s")
    worth, outs, raw = look.ready(counts)
    assert outs == raw == 8
    assert worth > look.ref  # a Pure Straight is worth more than a typical ready hand


def test_useful_draws_count_by_the_value_of_their_ready_hands() -> None:
    # one step from ready: every draw that completes 123456789m or 23p keeps the straight
    look, counts = lookahead("1m2m3m4m5m6m7m9m2p3p5s5s6z")
    valued, plain = look.valued_ukeire(counts, 1)
    assert plain == 8 + 4  # 1p 4p, 8m
    assert valued > plain  # the straight's ready hands are worth more than typical ones
    assert valued <= CAP * plain
    # plain chows and a pair of an honour that scores nothing: mostly short of 8 points
    look, counts = lookahead("3m5m7m7m9m1p2p3p2s2s2s6s6s")
    valued, plain = look.valued_ukeire(counts, 1)
    assert FLOOR * plain <= valued < 0.5 * plain


def test_the_mcr_expert_keeps_the_tile_that_leads_to_8_points() -> None:
    # 234m 678p 345s 44z + 7m 9m 1p: the closed wait 7m-9m makes only hands under 8 points,
    # while 1p with a 2p or 3p draw makes Mixed Shifted Chows (123p 234m 345s)
    v = view("2m3m4m7m9m6p7p8p3s4s5s4z4z", drawn="1p", rules="mcr")
    legal = discards_of(v)
    expert = ExpertBot("mcr", seed=0)
    plain = ExpertBot("mcr", seed=0)
    plain.lookahead = False
    assert EfficiencyBot("mcr", seed=0).choose(v, legal) == Discard(0, Tile.P1)
    assert plain.choose(v, legal) == Discard(0, Tile.P1)
    choice = expert.choose(v, legal)
    assert isinstance(choice, Discard)
    assert choice.tile in {Tile.M7, Tile.M9}


def test_the_lookahead_is_off_in_riichi() -> None:
    """MCR by its minimum, the classical rulesets by their profiles; riichi as before."""
    for rules in ("mcr", "fimj", "ravenna", "seipalle(tournament=true)"):
        assert ExpertBot(rules).lookahead
    for rules in ("riichi-ema", "riichi-tenhou"):
        assert not ExpertBot(rules).lookahead


def test_a_call_that_leaves_no_hand_of_8_points_is_declined() -> None:
    # 123p 34p 6789p 789s 8m, chow 345p on 5p: the flush is gone with 789s, and every hand
    # the chow leaves one step from ready falls short of 8 points; the efficiency bot
    # (its rough count still sees a flush) calls
    v = view("8m1p2p3p3p4p6p7p8p9p7s8s9s", rules="mcr", phase="claim", claim="5p")
    legal = [Pass(0), Chow(0, tiles("3p4p5p"))]
    assert EfficiencyBot("mcr", seed=0).choose(v, legal) == legal[1]
    assert ExpertBot("mcr", seed=0).choose(v, legal) == legal[0]
    plain = ExpertBot("mcr", seed=0)
    plain.lookahead = False
    assert plain.choose(v, legal) == legal[1]


def test_a_call_that_keeps_a_hand_of_8_points_is_made() -> None:
    # 123456m 78m 99m 77z + 5p 6s, chow 789m... on 9m: a Pure Straight one step away
    v = view("1m2m3m4m5m6m7m8m9m9m5p7z7z", rules="mcr", phase="claim", claim="9m")
    legal = [Pass(0), Pung(0), Chow(0, tiles("7m8m9m"))]
    choice = make_bot("expert", "mcr", seed=0).choose(v, legal)
    assert not isinstance(choice, Pass)


def test_the_mcr_defensive_equity_counts_only_hands_that_may_win() -> None:
    # discarding 1p leaves 234m 678p 345s 44z 79m, ready on 8m for no hand of 8 points:
    # nothing to push for; discarding 9m keeps a way to Mixed Shifted Chows
    v = view("2m3m4m7m9m6p7p8p3s4s5s4z4z", drawn="1p", rules="mcr")
    t = Table.of(v)
    legal = discards_of(v)
    bot = make_bot("defensive", "mcr", seed=0)
    assert isinstance(bot, DefensiveBot)
    _, equity, steps = bot.ranked_equity(t, legal)
    junk, shifted = Discard(0, Tile.P1), Discard(0, Tile.M9)
    assert steps[junk] == 0
    assert equity[junk] == 0.0
    assert equity[shifted] > 0.0
    look, counts = lookahead("1m2m3m4m5m6m7m9m2p3p5s5s6z")
    assert reach(look, counts, 1) > 1.0  # the straight: more than a typical hand
    assert reach(look, counts, 2) == 1.0  # not judged so far from ready
    neutral = make_bot("defensive", "riichi-ema", seed=0)
    assert isinstance(neutral, DefensiveBot)
    assert neutral.profile.min_fan == 0  # no lookahead where no minimum is asked
