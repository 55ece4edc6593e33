"""The search over the own draws (:mod:`muraglia.players.drawsearch`) and the FIMJ knobs."""

from __future__ import annotations

from dataclasses import replace

import pytest

from muraglia.analysis.shanten import shanten_all
from muraglia.engine.actions import Chow, Pass
from muraglia.players import DefensiveBot, EfficiencyBot, ExpertBot, Table
from muraglia.players.danger import win_chance
from muraglia.players.drawsearch import MAX_SHANTEN, DrawSearch, ukeire_equivalent
from muraglia.players.profiles import PROFILES
from muraglia.tiles import NUM_KINDS, Tile
from tests.players.test_expert import discards_of, view


def counts_of(text: str) -> list[int]:
    c = [0] * NUM_KINDS
    for k in Table.of(view(text, rules="fimj")).view.hand:
        c[k] += 1
    return c


def full_unseen(c: list[int]) -> list[int]:
    return [4 - x for x in c]


def test_a_ready_hand_wins_with_the_chance_of_its_outs_per_draw() -> None:
    """123m 456p 789s 11z 22z: ready on East or South, 4 unseen copies of 68 (the rest of
    the 136 tiles less the 13 held, less every copy of the winds that are not held): the
    chance per draw is outs x claims / unseen, and within d draws 1 - (1 - q)^d."""
    c = counts_of("123m456p789s1122z")
    unseen = full_unseen(c)
    total = sum(unseen)
    s = DrawSearch(c, 0, unseen, draws=6, race=0.0, claims=1.0)
    q = 4 / total
    assert s.row(c) == pytest.approx([1 - (1 - q) ** d for d in range(7)])
    claimed = DrawSearch(c, 0, unseen, draws=6, race=0.0).worth(c)
    assert claimed > s.worth(c)  # the others' discards count too (READY_CLAIMS)
    raced = DrawSearch(c, 0, unseen, draws=6, race=0.1, claims=1.0).worth(c)
    assert raced < s.worth(c)
    valued = DrawSearch(c, 0, unseen, draws=6, race=0.0, claims=1.0, ready=lambda h, w: 2.0)
    assert valued.worth(c) == pytest.approx(2 * s.worth(c))


def _outs(c: list[int], unseen: list[int]) -> int:
    """The unseen copies that complete the 13 ``c`` (brute force, no search)."""
    out = 0
    for k in range(NUM_KINDS):
        if unseen[k] and c[k] < 4:
            c[k] += 1
            if shanten_all(c) < 0:
                out += unseen[k]
            c[k] -= 1
    return out


def test_one_step_from_ready_the_search_takes_the_best_discard_after_each_draw() -> None:
    """Two draws from a hand one step from ready (race 0, no claims): the first draw must
    make it ready and the second win. Brute force over every draw and every discard after
    it (shanten_all only) gives the same chance as the search."""
    c = counts_of("123m456p78s1122z5z")
    assert shanten_all(c) == 1
    unseen = full_unseen(c)
    total = sum(unseen)
    expected = 0.0
    for k in range(NUM_KINDS):
        if not unseen[k]:
            continue
        c[k] += 1
        best = 0.0
        for e in range(NUM_KINDS):
            if c[e] and e != k:
                c[e] -= 1
                if shanten_all(c) == 0:
                    best = max(best, _outs(c, unseen) / total)
                c[e] += 1
        c[k] -= 1
        expected += unseen[k] / total * best
    s = DrawSearch(c, 0, unseen, draws=2, race=0.0, claims=1.0)
    assert s.row(c)[1] == 0.0
    assert s.worth(c) == pytest.approx(expected)
    assert expected > 0


def test_a_hand_beyond_the_search_is_worth_nothing_and_bad_input_is_refused() -> None:
    c = counts_of("159m159p159s1234z")
    assert shanten_all(c) > MAX_SHANTEN
    assert DrawSearch(c, 0, full_unseen(c), draws=10, race=0.05).worth(c) == 0.0
    with pytest.raises(ValueError, match="34 values"):
        DrawSearch(c[:10], 0, full_unseen(c), draws=10, race=0.05)
    with pytest.raises(ValueError, match="race"):
        DrawSearch(c, 0, full_unseen(c), draws=10, race=1.0)
    with pytest.raises(ValueError, match="draws"):
        DrawSearch(c, 0, full_unseen(c), draws=-1, race=0.0)


def test_the_search_ranks_equal_ukeire_by_the_ready_hands_they_lead_to() -> None:
    """135678m 12346p 678s + a discard, one step from ready: 5m, 8m and 6p each keep 23
    useful copies, but after 6p goes (1234p and 135678m stay) the ready hands it leads to
    wait wider than after 5m or 8m: with the search the expert ranks 6p above them, with
    its ukeire (and the one-draw lookahead) below."""
    v = view("135678m12346p678s", rules="fimj", live=60)
    t = Table.of(v)
    plain = ExpertBot("fimj")
    plain.draw_search = False
    searched = ExpertBot("fimj")
    searched.draw_search = True
    searched.search_value = 0.0
    old, _, _ = plain.ranked_equity(t, discards_of(v), with_equity=False)
    new, _, _ = searched.ranked_equity(t, discards_of(v), with_equity=False)
    by = {a.tile: a for a in discards_of(v)}
    assert old[by[Tile.P6]] < old[by[Tile.M5]]
    assert new[by[Tile.P6]] > new[by[Tile.M5]]
    assert new[by[Tile.P6]] > new[by[Tile.M8]]


def test_the_defensive_bot_searches_its_draws_where_the_profile_says_so() -> None:
    """The same hand: the defensive bot's scores move with ``draw_search`` (FIMJ's
    ``defensive_draw_search``); the efficiency bot never searches."""
    v = view("135678m12346p678s", rules="fimj", live=60)
    t = Table.of(v)
    by = {a.tile: a for a in discards_of(v)}
    bot = DefensiveBot("fimj")
    bot.draw_search = False
    old, _ = bot.discard_scores(t, discards_of(v))
    bot.draw_search = True
    new, _ = bot.discard_scores(t, discards_of(v))
    assert old[by[Tile.P6]] == old[by[Tile.M5]]  # the same ukeire, the same hand points
    assert new[by[Tile.P6]] > new[by[Tile.M5]]
    assert not hasattr(EfficiencyBot("fimj"), "search_draws")


def test_only_the_fimj_profile_searches_the_draws() -> None:
    for rid, p in PROFILES.items():
        if rid == "fimj":
            continue
        assert not p.draw_search, rid
        assert not p.defensive_draw_search, rid
        assert not p.draw_calls, rid
        assert not ExpertBot(rid).draw_search
        assert not DefensiveBot(rid).draw_search
        assert not ExpertBot(rid).draw_calls
    fimj = PROFILES["fimj"]
    assert ExpertBot("fimj").draw_search == fimj.draw_search
    assert DefensiveBot("fimj").draw_search == fimj.defensive_draw_search
    off = replace(fimj, defensive_draw_search=False)
    bot = DefensiveBot("fimj")
    bot.profile = off  # the knob is read at construction
    assert bot.draw_search == fimj.defensive_draw_search


def test_with_draw_calls_the_expert_declines_a_chow_that_leaves_a_slower_hand() -> None:
    """456m 8m 234p 444p 6p 777s, one step from ready, offered 5p for a chow: 456p lowers
    the shanten (the efficiency bot's rule, and the expert's, call it), but the hand it
    leaves waits on a single tile (8m or 4p, three copies or one) while the hand kept
    passes on 5p, 7p, 8m, 4p... to a wider wait: searched over the own draws left, the
    chow is worth less than the pass, and with ``draw_calls`` the expert passes."""
    v = view(
        "4568m23444p6p777s", rules="fimj", live=62, phase="claim", claim="5p",
        discards=("9p6z9s5m", "7z1p3s3z", "7z6z1z4z", "1z1p3z5p"),
    )  # fmt: skip
    chow = Chow(0, (Tile.P4, Tile.P5, Tile.P6))
    legal = [Pass(0), Chow(0, (Tile.P3, Tile.P4, Tile.P5)), chow]
    assert ExpertBot("fimj").choose(v, legal) == chow
    bot = ExpertBot("fimj")
    bot.draw_calls = True
    assert not bot._call_speeds(Table.of(v), chow)
    assert bot.choose(v, legal) == Pass(0)


def test_the_worth_in_ukeire_units_follows_the_ukeire_where_the_search_agrees() -> None:
    """Where the searched worth of the discards is the stage model's chance for their
    ukeire (times any factor), their ukeire equivalents are about their ukeire; two equal
    ukeire with different worth are told apart by the useful tiles the difference is worth."""
    plain = {1: 18.0, 2: 20.0, 3: 22.0}
    worth = {k: 0.7 * win_chance(1, int(u), 12, 90, 0.05) for k, u in plain.items()}
    eq = ukeire_equivalent(worth, plain, shanten=1, draws=12, unseen=90, race=0.05)
    for k, u in plain.items():
        assert eq[k] == pytest.approx(u, abs=0.5)
    apart = ukeire_equivalent(
        {1: 0.30, 2: 0.33}, {1: 20.0, 2: 20.0}, shanten=1, draws=12, unseen=90, race=0.05
    )
    assert apart[2] - apart[1] > 1.0
    assert apart[1] + apart[2] == pytest.approx(40.0)


def ema_table(hand: str, *, live: int = 50, reds: tuple[Tile, ...] = ()) -> Table:
    return Table.of(replace(view(hand, rules="riichi-ema", live=live), red_hand=reds))


def test_win_ev_counts_riichi_self_drawn_wins_red_fives_and_ura() -> None:
    """234m 456p 678s 22s 34s waits on 2s and 5s (tanyao, pinfu): riichi (3,900 on a
    discard, 5,200 self-drawn, EMA-SCORE) raises dama's 2,000 by more than RIICHI_GAIN, so
    the hand is worth riichi's wins, a third of them self-drawn; a red 5p (EMA-TILE-2) and
    ura dora (EMA-DORA) add to it."""
    from muraglia.players.defensive import SELF_DRAWN

    c = counts_of("234m456p678s2234s")
    waits = [Tile.S2, Tile.S5]
    unseen = full_unseen(c)
    bot = ExpertBot("riichi-ema")
    t = ema_table("234m456p678s2234s")
    ron = bot.win_value(t, c, Tile.S5, riichi=True)
    assert ron == 3900.0
    ev = bot.win_ev(t, c, waits, unseen)
    assert ev == pytest.approx((1 - SELF_DRAWN) * 3900.0 + SELF_DRAWN * 5200.0, rel=0.02)
    assert bot.win_ev(ema_table("234m456p678s2234s", reds=(Tile.P5,)), c, waits, unseen) > ev
    bot.search_ura = 0.4
    assert bot.win_ev(t, c, waits, unseen) > ev
    # no wait with an unseen copy: no win
    assert bot.win_ev(t, c, waits, [0] * NUM_KINDS) == 0.0


def test_win_ev_of_a_hand_without_yaku_is_riichi_or_a_self_drawn_win() -> None:
    """123m 456p 789s 11z 23s (East pair in the East round, no yaku): dama wins only
    self-drawn (menzen tsumo, EMA-YAKU-01), so with enough wall the hand is worth riichi's
    wins (EMA-WIN-2: riichi is its yaku); with fewer than RIICHI_WALL live tiles, the
    self-drawn share of its menzen tsumo."""
    from muraglia.players.defensive import SELF_DRAWN

    c = counts_of("123m456p789s23s11z")
    waits = [Tile.S1, Tile.S4]
    unseen = full_unseen(c)
    bot = ExpertBot("riichi-ema")
    early = ema_table("123m456p789s23s11z", live=50)
    late = ema_table("123m456p789s23s11z", live=8)
    assert bot.win_value(early, c, Tile.S4) == SELF_DRAWN * bot.hand_value(
        early, c, Tile.S4, riichi=False, tsumo=True
    )
    tsumo = bot.hand_value(late, c, Tile.S4, riichi=False, tsumo=True)
    assert tsumo > 0
    assert bot.win_ev(late, c, waits, unseen) == pytest.approx(SELF_DRAWN * tsumo)
    assert bot.win_ev(early, c, waits, unseen) > 2 * SELF_DRAWN * tsumo


def test_the_search_by_the_wins_expected_value_moves_the_scores() -> None:
    """23456m 3467p 345s (red 5s) 77z, one step from ready: searched with the ready hands
    worth their wins' expected value (red five, self-drawn wins) the discards rank apart
    from the search by the ron value alone; one and two steps deep."""
    t = ema_table("23456m3467p34s5s77z", reds=(Tile.S5,))
    v = t.view
    scores = []
    for ev, depth in ((False, 1), (True, 1), (True, 2)):
        bot = ExpertBot("riichi-ema")
        bot.draw_search = True
        bot.search_value = 1.0
        bot.search_ev = ev
        bot.search_depth = depth
        ranked, _, steps = bot.ranked_equity(t, discards_of(v), with_equity=False)
        assert min(steps.values()) == 1
        scores.append({a.tile: x for a, x in ranked.items()})
    gap = [s[Tile.M2] - s[Tile.P3] for s in scores]
    assert gap[1] < gap[0] - 1.0
    assert scores[2] == scores[1]  # one step from ready: the depth does not matter


def test_the_tenhou_preset_does_not_search_by_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """The riichi-ema profile's search knobs stay off in the Tenhou preset, whose bots read
    riichi-ema's profile through its ruleset object (BOTS20: riichi-tenhou decides as
    before)."""
    from muraglia.players import efficiency
    from muraglia.rulesets import ruleset_for

    # the table the bots read their profile from (the module object efficiency imported)
    table = efficiency.profile_for.__globals__["PROFILES"]
    on = replace(table["riichi-ema"], draw_search=True, draw_search_value=1.0, draw_search_ev=True)
    monkeypatch.setitem(table, "riichi-ema", on)
    ema = ExpertBot(ruleset_for("riichi-ema"))
    tenhou = ExpertBot(ruleset_for("riichi-tenhou"))
    assert ema.draw_search
    assert ema.search_ev
    assert not tenhou.draw_search
    assert not tenhou.search_ev
    assert not ExpertBot("riichi-tenhou").draw_search
