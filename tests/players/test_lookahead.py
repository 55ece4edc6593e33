"""The MCR expert's lookahead: ukeire valued by what the ready hands win (MCR-WIN-4)."""

from __future__ import annotations

import math
import re
from pathlib import Path

import muraglia.players
from muraglia.engine.actions import Chow, Discard, Pass, Pung
from muraglia.players import DefensiveBot, EfficiencyBot, ExpertBot, Table, make_bot
from muraglia.players.lookahead import CAP, FLOOR, ValueLookahead
from muraglia.tiles import Tile
from tests.players.test_expert import _bench, discards_of, tiles, view


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


def test_the_lookahead_is_on_for_every_expert_and_folds_only_where_it_did() -> None:
    """MCR by its minimum, the classical rulesets and riichi by their profiles (riichi since
    the fourteenth session, docs/players.md). Only MCR's expert stops reading the danger
    with it (Seipalle's and riichi's still fold; FIMJ and Ravenna never read it, nobody
    paying for a deal-in there); no defensive bot looks ahead."""
    assert ExpertBot("mcr").quiet == math.inf  # MCR: steer away from junk, never fold
    assert DefensiveBot("mcr").quiet < 1
    rulesets = ("mcr", "fimj", "ravenna", "seipalle(tournament=true)", "riichi-ema")
    for rules in (*rulesets, "riichi-tenhou"):
        assert ExpertBot(rules).lookahead
        assert not getattr(DefensiveBot(rules), "lookahead", False)
    for rules in ("riichi-ema", "riichi-tenhou", "seipalle"):
        assert ExpertBot(rules).quiet < 1


def test_a_call_that_leaves_no_hand_of_8_points_is_declined() -> None:
    # 123p 34p 6789p 789s 8m, chow 345p on 5p: the flush is gone with 789s, and every hand
    # the chow leaves one step from ready falls short of 8 points; the efficiency bot
    # (its rough count still sees a flush) calls
    v = view("8m1p2p3p3p4p6p7p8p9p7s8s9s", rules="mcr", phase="claim", claim="5p")
    legal = [Pass(0), Chow(0, tiles("3p4p5p"))]
    assert EfficiencyBot("mcr", seed=0).choose(v, legal) == legal[1]
    assert ExpertBot("mcr", seed=0).choose(v, legal) == legal[0]
    plain = ExpertBot("mcr", seed=0)
    plain.lookahead = plain.call_check = False
    assert plain.choose(v, legal) == legal[1]
    # the MCR defensive bot makes the same check (MCR-WIN-4) on its efficiency discards
    defensive = DefensiveBot("mcr", seed=0)
    assert defensive.call_check
    assert defensive.choose(v, legal) == legal[0]
    defensive.call_check = False
    assert defensive.choose(v, legal) == legal[1]
    for rules in ("riichi-ema", "fimj", "ravenna", "seipalle"):
        assert not DefensiveBot(rules).call_check


def test_a_call_that_keeps_a_hand_of_8_points_is_made() -> None:
    # 123456m 78m 99m 77z + 5p 6s, chow 789m... on 9m: a Pure Straight one step away
    v = view("1m2m3m4m5m6m7m8m9m9m5p7z7z", rules="mcr", phase="claim", claim="9m")
    legal = [Pass(0), Pung(0), Chow(0, tiles("7m8m9m"))]
    choice = make_bot("expert", "mcr", seed=0).choose(v, legal)
    assert not isinstance(choice, Pass)


def test_the_strength_hash_covers_every_players_module_a_bot_imports() -> None:
    # bench/strength.py's bots hash must change when any code deciding a move changes,
    # the lookahead included: every players module a bot module imports is hashed
    strength = _bench("strength")
    root = Path(muraglia.players.__file__).parent
    hashed = set(strength.BOT_MODULES)
    for name in hashed:
        text = (root / f"{name}.py").read_text(encoding="utf-8")
        for imported in re.findall(r"^\s*from muraglia\.players\.(\w+) import", text, re.M):
            assert imported in hashed, f"{name}.py imports players.{imported}, not hashed"
    assert "lookahead" in hashed


# three opponents with pin melds late in the deal: a threat the danger model reads
THREAT = {
    "melds": (
        (),
        ("[789p<]", "[555p^]", "[123p>]"),
        ("[567p<]", "[999p^]"),
        ("[234p<]", "[111p^]", "[777z^]"),
    ),
    "live": 20,
    "discards": ("1z2z", "1m9m1s2z3z", "9s1s2m8m3z4z", "4z1z9s8s7s"),
}


def test_the_mcr_defensive_bot_plays_on_a_hand_that_may_reach_8_points() -> None:
    # man tiles, a pair of East (the round wind) and honours: a Half Flush is in reach, so
    # the hand plays on (the efficiency bot's 6p) where reading the danger folds the pair
    v = view("1m2m4m5m7m9m9m1z1z5z6z3s8s", drawn="6p", rules="mcr", **THREAT)  # type: ignore[arg-type]
    legal = discards_of(v)
    bot = DefensiveBot("mcr", seed=0)
    assert bot.fold_junk_only
    assert not bot.cannot_win(Table.of(v), legal)
    assert bot.choose(v, legal) == EfficiencyBot("mcr", seed=0).choose(v, legal)
    assert bot.choose(v, legal) == Discard(0, Tile.P6)
    reading = DefensiveBot("mcr", seed=0)
    reading.fold_junk_only = False
    assert reading.choose(v, legal) == Discard(0, Tile.EAST)


def test_the_mcr_defensive_bot_defends_a_hand_that_cannot_reach_8_points() -> None:
    # plain chows and lone honours, nothing of 8 points in reach: the danger model decides
    # (the 4z two opponents let go) where the efficiency bot lets go of the 2z
    v = view("3m4m6m7m8m4s6s9s9s4p5p2z4z", drawn="8p", rules="mcr", **THREAT)  # type: ignore[arg-type]
    legal = discards_of(v)
    bot = DefensiveBot("mcr", seed=0)
    assert bot.cannot_win(Table.of(v), legal)
    assert EfficiencyBot("mcr", seed=0).choose(v, legal) == Discard(0, Tile.SOUTH)
    assert bot.choose(v, legal) == Discard(0, Tile.NORTH)
    for rules in ("riichi-ema", "seipalle", "fimj", "ravenna"):
        assert not DefensiveBot(rules).fold_junk_only
