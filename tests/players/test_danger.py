"""The shared danger model (players/danger.py) on hand-built views."""

from __future__ import annotations

from dataclasses import replace

import pytest

from muraglia.engine.views import PlayerView
from muraglia.notation import parse_tiles
from muraglia.players.base import Table
from muraglia.players.danger import (
    TRAITS,
    DangerModel,
    opponent_value,
    readiness,
    traits_for,
    wait_danger,
    win_gain,
)
from muraglia.rulesets import load_ruleset
from muraglia.tiles import Tile


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(sorted(p.kind for p in parse_tiles(text))) if text else ()


def view(
    rules: str = "riichi-ema",
    *,
    hand: str = "5m",
    discards: tuple[str, ...] = ("", "", "", ""),
    melds: tuple[tuple[str, ...], ...] = ((), (), (), ()),
    riichi: tuple[bool, ...] = (False, True, False, False),
    live: int = 50,
    indicators: str = "",
) -> PlayerView:
    """Seat 0 (East, dealer) looks at seat 1, in riichi unless told."""
    # discards are hand-written, not sorted: keep their order
    return PlayerView(
        seat=0,
        dealer=0,
        round_wind=Tile.EAST,
        phase="act",
        to_act=(0,),
        hand=tiles(hand),
        drawn=None,
        melds=melds,
        bonus=((), (), (), ()),
        discards=tuple(tuple(p.kind for p in parse_tiles(d)) if d else () for d in discards),
        claim=None,
        hand_sizes=(13, 13, 13, 13),
        live_count=live,
        dead_count=14,
        indicators=tiles(indicators),
        riichi=riichi,
        status=("active",) * 4,
        scores=(0, 0, 0, 0),
        pot=0,
        rules=rules,
    )


def danger_of(v: PlayerView, seat: int = 1) -> list[float]:
    return wait_danger(Table.of(v), seat, traits_for(v.rules))


def test_traits_cover_every_ruleset_and_ignore_options() -> None:
    for rid in ("fimj", "ravenna", "seipalle", "riichi-ema", "riichi-tenhou", "mcr"):
        assert traits_for(rid) is TRAITS[rid]
        assert traits_for(load_ruleset(rid)) is TRAITS[str(load_ruleset(rid).id)]
    assert traits_for("fimj(tournament=true)") is TRAITS["fimj"]
    assert traits_for("nonesuch").id == "default"
    # who pays a deal-in: the discarder (riichi, Seipalle, MCR), nobody extra (FIMJ, Ravenna)
    assert TRAITS["fimj"].liability == TRAITS["ravenna"].liability == 0
    assert TRAITS["mcr"].liability > 0
    assert TRAITS["riichi-ema"].furiten
    assert not TRAITS["mcr"].furiten
    assert TRAITS["mcr"].min_fan == 8


def test_genbutsu_is_safe_with_furiten_and_only_safer_without() -> None:
    d = danger_of(view("riichi-ema", discards=("", "4p", "", "")))
    assert d[Tile.P4] == 0.0  # EMA-FURI-2
    d = danger_of(view("seipalle", discards=("", "4p", "", "")))
    assert d[Tile.P4] == 0.0  # SEI-PLAY-4
    for rid in ("fimj", "ravenna", "mcr"):  # no furiten: a wait on it is merely unlikely
        d = danger_of(view(rid, discards=("", "4p", "", "")))
        assert 0 < d[Tile.P4] < d[Tile.P5]


def test_suji_half_suji_and_full_suji() -> None:
    none = danger_of(view(discards=("", "", "", "")))
    half = danger_of(view(discards=("", "1p", "", "")))
    full = danger_of(view(discards=("", "1p7p", "", "")))
    assert half[Tile.P4] < none[Tile.P4]
    assert full[Tile.P4] < half[Tile.P4]
    # a suji terminal: only pair and single waits remain (with furiten)
    d = danger_of(view(discards=("", "4p", "", "")))
    assert d[Tile.P1] < none[Tile.P1]
    assert d[Tile.P1] < d[Tile.P2]


def test_kabe_and_one_chance_from_visible_copies() -> None:
    base = danger_of(view(hand="5m"))
    # all four 8p visible (three in another seat's pung, one discarded): no 78p two-sided
    # wait on 9p, no 8p-based closed wait on 7p/9p: 9p is nearly safe (kabe)
    kabe = danger_of(view(hand="5m", discards=("", "", "8p", ""), melds=((), (), (), ("[888p<]",))))
    assert kabe[Tile.P9] < 0.35 * base[Tile.P9]
    # three 8p visible: one chance left, 9p safer than with none seen
    one = danger_of(view(hand="5m", discards=("", "", "8p", ""), melds=((), (), (), ())))
    assert kabe[Tile.P9] < one[Tile.P9] < base[Tile.P9]


def test_honours_safer_the_more_copies_are_visible() -> None:
    d0 = danger_of(view(hand="5m"))
    d2 = danger_of(view(hand="5m", discards=("", "", "7z", "7z")))
    d3 = danger_of(view(hand="5m", discards=("", "", "7z", "7z7z")))
    assert d0[Tile.RED] > d2[Tile.RED] > d3[Tile.RED] > 0  # three seen: a single wait only
    d4 = danger_of(view(hand="7z", discards=("", "", "7z", "7z7z")))
    assert d4[Tile.RED] == 0.0  # the last copy is ours: nobody waits on it


def test_danger_of_the_others_grows_as_safe_tiles_are_found() -> None:
    early = danger_of(view(discards=("", "1m", "", "")))
    late = danger_of(view(discards=("", "1m2m3m6m7m8m1p9p2s8s1z2z", "", "")))
    assert late[Tile.P5] > early[Tile.P5]


def test_flush_melds_and_open_tanyao() -> None:
    melds = ((), ("[234s<]", "[777s>]"), (), ())
    d = danger_of(view(melds=melds, riichi=(False,) * 4))
    assert d[Tile.S5] > 3 * d[Tile.P5]  # a flush in the making
    tanyao = ((), ("[234p<]", "[666m>]"), (), ())
    d = danger_of(view("riichi-ema", melds=tanyao, riichi=(False,) * 4))
    d_fimj = danger_of(view("fimj", melds=tanyao, riichi=(False,) * 4))
    assert d[Tile.EAST] < 0.3 * d_fimj[Tile.EAST]  # open tanyao only where a yaku is needed


def test_mcr_pungs_only_opener_makes_sequence_waits_unlikely() -> None:
    melds = ((), ("[222p<]", "[777m>]"), (), ())
    mcr = danger_of(view("mcr", melds=melds, riichi=(False,) * 4))
    fimj = danger_of(view("fimj", melds=melds, riichi=(False,) * 4))
    assert mcr[Tile.S5] < fimj[Tile.S5]
    # pair waits weigh more instead
    assert mcr[Tile.S5] / mcr[Tile.NORTH] < 0.5 * fimj[Tile.S5] / fimj[Tile.NORTH]


def test_mcr_ready_hands_win_on_about_a_third_of_their_waits() -> None:
    t = Table.of(view("mcr", riichi=(False,) * 4))
    mcr = TRAITS["mcr"]
    every = wait_danger(t, 1, replace(mcr, win_share=1.0))
    assert wait_danger(t, 1, mcr) == pytest.approx([d * mcr.win_share for d in every])
    assert 0.2 < mcr.win_share < 0.5  # MCR-WIN-4: 8 points
    assert all(TRAITS[r].win_share == 1.0 for r in ("fimj", "ravenna", "riichi-ema", "seipalle"))


def test_readiness_riichi_calls_tempo_and_wall() -> None:
    tr = traits_for("riichi-ema")
    t = Table.of(view(riichi=(False, True, False, False)))
    assert readiness(t, 1, tr) == 1.0
    assert readiness(t, 0, tr) == 0.0
    quiet = Table.of(view(riichi=(False,) * 4, discards=("", "1m9p", "", "")))
    assert readiness(quiet, 1, tr) < 0.05
    two = ((), ("[234s<]", "[777s>]"), (), ())
    called = Table.of(view(riichi=(False,) * 4, melds=two, discards=("", "1m9p", "", "")))
    assert readiness(called, 1, tr) > readiness(quiet, 1, tr)
    late = Table.of(
        view(riichi=(False,) * 4, discards=("", "1m9p1z2z3z9s1s4m5p6s3m4m6p5s", "", ""), live=8)
    )
    assert readiness(late, 1, tr) > 0.25
    assert readiness(late, 1, traits_for("mcr")) > 0.6  # the last turns: hands are formed
    # a closed hand that could declare riichi and has not is rarely ready (CLOSED_TEMPO)
    assert readiness(late, 1, tr) < 0.5 * readiness(late, 1, traits_for("mcr"))
    # without riichi in the rules a closed quiet hand is more often ready (nobody declares)
    fimj, rav = traits_for("fimj"), traits_for("ravenna")
    mid = view(riichi=(False,) * 4, discards=("", "1m9p1z2z3z9s1s4m5p6s", "", ""))
    assert readiness(Table.of(mid), 1, rav) > readiness(Table.of(mid), 1, fimj)


def test_opponent_value_dealer_riichi_dora_and_flush() -> None:
    tr = traits_for("riichi-ema")
    v = view(riichi=(False, True, False, False))
    base = opponent_value(Table.of(v), 1, tr)
    assert base == pytest.approx(tr.typical_value * tr.dealer_factor * 1.2)  # we are East
    flush = ((), ("[234s<]", "[777s>]"), (), ())
    v2 = view(riichi=(False,) * 4, melds=flush, indicators="6s")  # 7s are dora
    assert opponent_value(Table.of(v2), 1, tr) > base


def test_seipalle_values_are_the_shares_a_deal_in_pays() -> None:
    """SEI-PAY-2/3: a discarder pays the three shares, East's doubled: 4 hand values, 6 when
    East wins. Our being East changes nothing (we would pay 2 + 1 + 1 as anyone else)."""
    tr = traits_for("seipalle")
    v = replace(view("seipalle", riichi=(False,) * 4), dealer=2)  # seat 2 is East
    t = Table.of(v)
    assert opponent_value(t, 1, tr) == pytest.approx(4 * tr.typical_value)
    assert opponent_value(t, 2, tr) == pytest.approx(6 * tr.typical_value)
    east = Table.of(view("seipalle", riichi=(False,) * 4))  # we deal
    assert opponent_value(east, 1, tr) == pytest.approx(4 * tr.typical_value)
    # a win collects the same shares and the stakes on the table (SEI-PAY-5)
    assert win_gain(tr, 100.0, east=True, pot=2000) == pytest.approx(2600.0)
    ema = traits_for("riichi-ema")  # there the typical value is the whole payment
    assert win_gain(ema, 100.0, east=True, pot=2000) == 100.0
    assert opponent_value(Table.of(view(riichi=(False,) * 4)), 1, ema) == pytest.approx(
        ema.typical_value * ema.dealer_factor
    )


def test_model_combines_seats() -> None:
    v = view(riichi=(False, True, False, True), discards=("", "5p", "", "5s"))
    m = DangerModel.of(Table.of(v))
    assert m.ready == (0.0, 1.0, 0.0, 1.0)
    assert m.threat == 2.0
    assert m.deal_in(Tile.P5) > 0  # safe against seat 1, not against seat 3
    both = m.deal_in(Tile.M5)
    assert both > max(m.danger[1][Tile.M5], m.danger[3][Tile.M5])
    assert m.loss(Tile.M5) > m.loss(Tile.P5)
    assert m.safest([Tile.M5, Tile.P5, Tile.S5]) != Tile.M5


def test_attack_or_fold_weighs_equity_against_the_deal_in_cost() -> None:
    from random import Random

    from muraglia.engine.actions import Discard
    from muraglia.players.danger import attack_or_fold

    tr = traits_for("riichi-ema")
    danger = [0.0] * 34
    danger[Tile.M5] = 0.2  # the attacking tile is dangerous, 1z is safe
    model = DangerModel(
        tr, (0.0, 1.0, 0.0, 0.0), (0.0, 8000.0, 0.0, 0.0), ((), tuple(danger), (), ())
    )
    attack, fold = Discard(0, Tile.M5), Discard(0, Tile.EAST)
    ranked = {attack: 10.0, fold: -30.0}
    rng = Random(0)

    def pick(scores: dict) -> object:  # type: ignore[type-arg]
        top = max(scores.values())
        return rng.choice([a for a, s in scores.items() if s == top])

    # a far hand (three steps to go) with little equity folds; a ready valuable one pushes
    far = attack_or_fold(model, [attack, fold], ranked, {attack: 500.0, fold: 300.0}, pick,
                         steps={attack: 2, fold: 3})  # fmt: skip
    assert far == fold
    ranked_ready = {attack: 10.0, fold: -70.0}  # the safe tile breaks a ready hand with value
    ready = attack_or_fold(model, [attack, fold], ranked_ready, {attack: 6000.0, fold: 0.0}, pick,
                           steps={attack: 0, fold: 1})  # fmt: skip
    assert ready == attack
    # risk-averse: the same ready hand folds once every cost counts three times
    careful = attack_or_fold(model, [attack, fold], ranked_ready, {attack: 6000.0, fold: 0.0},
                             pick, steps={attack: 0, fold: 1}, caution=3.0)  # fmt: skip
    assert careful == fold
    # FIMJ: no liability, a far hand of the same worth (in FIMJ points) keeps attacking
    fimj = DangerModel(traits_for("fimj"), model.ready, (0.0, 220.0, 0.0, 0.0), model.danger)
    assert attack_or_fold(fimj, [attack, fold], ranked, {attack: 14.0, fold: 8.4}, pick,
                          steps={attack: 2, fold: 3}) == attack  # fmt: skip


def test_a_dealer_pays_a_deal_in_at_the_winners_value_in_riichi() -> None:
    """EMA-SCORE: a ron is paid at the winner's value; only East's own hand is worth more.

    The traits of FIMJ and Ravenna (East pays double, FIMJ-PAY-1, RAV-PAY-1) scale what the
    dealer loses; with ``dealer_pays_more`` off (the riichi expert's reading) a deal-in of
    East costs the non-dealer winner's value, and a dealer opponent still wins more.
    """
    t = Table.of(view())  # seat 0 deals, seat 1 has declared riichi
    tr = traits_for("riichi-ema")
    assert tr.dealer_pays_more
    assert opponent_value(t, 1, tr) == pytest.approx(1.5 * 1.2 * tr.typical_value)
    ron = replace(tr, dealer_pays_more=False)
    assert opponent_value(t, 1, ron) == pytest.approx(1.2 * tr.typical_value)
    east = Table.of(replace(view(), seat=2, dealer=1))  # seat 1 is East now
    assert opponent_value(east, 1, ron) == opponent_value(east, 1, tr)


@pytest.mark.parametrize("rules", ["riichi-ema", "seipalle"])
def test_the_tiles_a_seat_let_pass_never_win_for_it(rules: str) -> None:
    """``passed`` against the engine's own furiten (EMA-FURI-3/4) over seeded matches.

    At every decision of the match, for every other seat, each kind the viewer reads as let
    pass either does not complete that seat's hidden hand or the engine has the seat
    furiten on a missed win (``missed_win``), so no ron on it can follow; and under riichi
    the engine's record of the riichi discard is what the view shows. Seipalle has no such
    furiten (SEI-GAP-5): there the read rests on a player who may win winning, so only the
    view's order is checked.
    """
    from muraglia.engine import Game
    from muraglia.engine.legal import completes
    from muraglia.engine.views import view_of
    from muraglia.players import make_bot
    from muraglia.players.danger import passed

    traits = traits_for(rules)
    assert traits.riichi_passed
    assert traits.temporary_furiten
    read = checked = 0
    for seed in range(3):
        m = Game(load_ruleset(rules), seed=seed, max_deals=4).new_match()
        bots = [make_bot("efficiency", rules, seed=s) for s in range(4)]
        while not m.over:
            seat = m.to_act[0]
            v = view_of(m.deal, seat, m)
            assert [s for s, _ in m.deal.discard_log] == list(v.discard_seats)
            for s in range(4):
                if s == seat:
                    continue
                if v.riichi[s]:
                    assert 0 < v.riichi_at[s] <= len(v.discard_seats)
                    assert v.discard_seats[v.riichi_at[s] - 1] == s
                mask = passed(v, s, traits)
                for k in range(34):
                    if mask >> k & 1:
                        read += 1
                        if completes(m.deal, s, Tile(k)):
                            checked += 1
                            if rules == "riichi-ema":
                                assert m.deal.seats[s].missed_win, (seed, s, Tile(k))
            m.apply(bots[seat].choose(v, m.legal_actions(seat)))
    assert read > 100
    if rules == "riichi-ema":
        assert checked > 0  # some passed tiles did complete a hand: the furiten held


def test_the_tiles_let_pass_are_safe_against_a_riichi() -> None:
    """A tile discarded by another seat after seat 1's riichi deals in nothing to him, nor
    do its suji shapes; the same view without the order (hand-built) reads it as before."""
    base = view(discards=("9s", "1z2z6p", "3m", "4s"), riichi=(False, True, False, False))
    ordered = replace(base, discard_seats=(0, 1, 2, 3, 1, 1), riichi_at=(0, 5, 0, 0))
    # order: 9s (0), 1z (1), 3m (2), 4s (3), 2z (1, riichi), 6p (1): nothing passed after it
    assert DangerModel.of(Table.of(ordered)).deal_in(Tile.M3) > 0
    late = replace(base, discard_seats=(1, 1, 0, 2, 3, 1), riichi_at=(0, 2, 0, 0))
    # riichi on 2z: 9s, 3m and 4s were let pass
    m = DangerModel.of(Table.of(late))
    assert m.deal_in(Tile.M3) == m.deal_in(Tile.S4) == m.deal_in(Tile.S9) == 0.0
    assert DangerModel.of(Table.of(base)).deal_in(Tile.M3) > 0
    # suji of the passed 4s: a 2-3s or 5-6s two-sided wait would have won on it
    assert m.deal_in(Tile.S1) < DangerModel.of(Table.of(base)).deal_in(Tile.S1)


def test_a_fitted_read_of_the_waits_moves_the_danger_by_its_features() -> None:
    """RuleTraits.wait_fit: the shape count's log-odds and the features (WAIT_FEATURES)
    weighed by fitted coefficients; a genbutsu stays safe, an honour with a negative
    coefficient falls and a dora with a positive one rises against the shape count."""
    from muraglia.players.danger import WAIT_FEATURES, fitted_danger, wait_features

    v = view("seipalle", discards=("", "1m 9p", "", ""), indicators="4s")
    t = Table.of(v)
    tr = traits_for("seipalle")
    plain = wait_danger(t, 1, tr)
    # the calibrated shape count alone (a fit of the shape term): the ranking is kept
    shape_only = (0.0, 1.0) + (0.0,) * (len(WAIT_FEATURES) - 1)
    same = wait_danger(t, 1, replace(tr, wait_fit=shape_only))
    for k in range(34):
        assert same[k] == pytest.approx(plain[k], rel=1e-3, abs=1e-6)
    coef = dict.fromkeys(WAIT_FEATURES, 0.0) | {"shape": 1.0, "honour": -2.0, "dora": 1.0}
    fitted = wait_danger(t, 1, replace(tr, wait_fit=(0.0, *coef.values())))
    assert plain[Tile.M1] == 0.0  # his own discard: furiten
    assert fitted[Tile.M1] == 0.0
    assert fitted[Tile.EAST] < plain[Tile.EAST]
    assert fitted[Tile.S5] > plain[Tile.S5]  # 4s shows: 5s is dora
    assert fitted[Tile.S6] == pytest.approx(plain[Tile.S6], rel=1e-3)  # neither
    features = wait_features(t, 1, plain, [4] * 34)
    assert len(features) == 34
    assert all(len(f) == len(WAIT_FEATURES) for f in features)
    assert features[Tile.M2][1] == 1.0  # next to his early 1m
    assert features[Tile.S5][4] == 1.0  # dora
    assert features[Tile.S4][5] == 1.0  # near it
    assert fitted_danger((0.0, 1.0), [(0.0,)], [0.0]) == [0.0]


def test_the_seipalle_expert_reads_the_waits_by_its_profile_fit() -> None:
    from muraglia.players import make_bot
    from muraglia.players.profiles import profile_for

    fit = profile_for("seipalle").expert_wait_fit
    assert len(fit) == 13
    expert = make_bot("expert", "seipalle(tournament=true)")
    assert expert.danger_traits().wait_fit == fit  # type: ignore[attr-defined]
    defensive = make_bot("defensive", "seipalle(tournament=true)")
    assert defensive.danger_traits().wait_fit == ()  # type: ignore[attr-defined]
    riichi = make_bot("expert", "riichi-ema")
    assert riichi.danger_traits().wait_fit == ()  # type: ignore[attr-defined]
