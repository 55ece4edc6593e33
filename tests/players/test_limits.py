"""The expert's routes to FIMJ's special-shape limit hands (FIMJ-HAND-3, FIMJ-MAX)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from muraglia.engine.actions import Chow, ConcealedKong, Discard, Pass, Pung
from muraglia.players import DefensiveBot, EfficiencyBot, ExpertBot, Table
from muraglia.players.danger import stage_chance, win_chance
from muraglia.players.limits import Route, best_route, route_chance, shape_targets
from muraglia.players.profiles import PROFILES, LimitShape
from muraglia.tiles import NUM_KINDS, Tile

from .test_expert import discards_of, view

FIMJ = PROFILES["fimj"].limit_shapes
SHAPES = {s.rule: s for s in FIMJ}


def expert(weight: float, seed: int = 0) -> ExpertBot:
    bot = ExpertBot("fimj", seed=seed)
    bot.limit_weight = weight
    return bot


def counts_of(hand: str) -> list[int]:
    c = [0] * NUM_KINDS
    for k in Table.of(view(hand, rules="fimj")).view.hand:
        c[k] += 1
    return c


def route(
    hand: str,
    melds: tuple[tuple[int, ...], ...] = (),
    *,
    unseen: list[int] | None = None,
    shapes: tuple[LimitShape, ...] = FIMJ,
) -> Route | None:
    return best_route(
        counts_of(hand),
        melds,
        unseen or [3] * NUM_KINDS,
        shapes,
        Tile.SOUTH,
        Tile.EAST,
        draws=12,
        max_steps=6,
    )


def test_the_targets_are_the_shapes_of_the_scorer() -> None:
    """Every target of each shape is a winning hand of that limit (the scorer's shapes:
    thirteen lanterns M04, the knitted snake of the dragons M07 with FIMJ-GAP-10, the small
    snake M08, the Siamese snakes M09), 13, 24, 9 and 3 of them."""
    from muraglia.analysis.shapes import (
        SIAMESE_SNAKES,
        SMALL_SNAKE,
        SNAKE_OF_DRAGONS,
        THIRTEEN_ORPHANS,
    )

    by_id = {s.id: s for s in (THIRTEEN_ORPHANS, SNAKE_OF_DRAGONS, SMALL_SNAKE, SIAMESE_SNAKES)}
    sizes = {}
    for limit in FIMJ:
        targets = shape_targets(limit.shape)
        sizes[limit.rule] = len(targets)
        for target in targets:
            assert sum(target) == 14
            assert any(True for _ in by_id[limit.shape].decompose_counts(target))
    assert sizes == {"FIMJ-MAX-M04": 13, "FIMJ-MAX-M07": 24, "FIMJ-MAX-M08": 9, "FIMJ-MAX-M09": 3}
    assert {p.id: bool(p.limit_shapes) for p in PROFILES.values()} == {
        r: r == "fimj" for r in PROFILES
    }
    assert all(not p.limit_weight for r, p in PROFILES.items() if r != "fimj")


def test_the_route_counts_the_steps_and_the_lacking_kinds() -> None:
    """1-2-3-5-6-8-9p, South, West, North, white, 2m, 9s: the small snake lacks 4p, 7p and
    East, two draws from ready (M08, FIMJ-MAX-M08)."""
    r = route("1235689p234z5z2m9s")
    assert r is not None
    assert r.limit.rule == "FIMJ-MAX-M08"
    assert (r.steps, sorted(k for k, _ in r.needs)) == (2, [Tile.P4, Tile.P7, Tile.EAST])
    assert 0 < r.chance < 1


def test_the_snake_of_the_dragons_needs_the_pair_of_the_own_or_round_wind() -> None:
    """FIMJ-MAX-M07: the pair is of the round wind or of the own (seat 0 is South in the
    East round): with South or East the hand is ready on 8p; with North it is two draws
    from a pair of East or South."""
    m07 = (SHAPES["FIMJ-MAX-M07"],)
    for pair in ("22z", "11z"):
        r = route("147m25p369s567z" + pair, shapes=m07)
        assert r is not None, pair
        assert (r.steps, r.needs) == (0, ((Tile.P8, 1),)), pair
    r = route("147m25p369s567z44z", shapes=m07)
    assert r is not None
    assert r.steps == 2
    assert {k for k, _ in r.needs} in ({Tile.P8, Tile.EAST}, {Tile.P8, Tile.SOUTH})


def test_a_declared_meld_or_a_dead_kind_ends_a_route() -> None:
    """Every tile of M04, M07, M09 but the winning one is self-drawn: any declared meld ends
    those routes; the small snake's chows 1-2-3, 4-5-6, 7-8-9 may be claimed (FIMJ-MAX-M08)
    and keep it, another chow (2-3-4) or a pung end it; a kind the route lacks with no unseen
    copy ends that target."""
    m08 = (SHAPES["FIMJ-MAX-M08"],)
    hand = "56789p234z5z2m9s"  # with a declared 1-2-3p: lacks 4p and East
    r = route(hand, ((Tile.P1, Tile.P2, Tile.P3),), shapes=m08)
    assert r is not None
    assert r.steps == 1
    assert route("56789p234z5z2m9s", ((Tile.P2, Tile.P3, Tile.P4),), shapes=m08) is None
    assert route("56789p234z5z2m9s", ((Tile.P1,) * 3,), shapes=m08) is None
    for rule in ("FIMJ-MAX-M04", "FIMJ-MAX-M07", "FIMJ-MAX-M09"):
        assert (
            route("1234567m1234s", ((Tile.S5, Tile.S6, Tile.S7),), shapes=(SHAPES[rule],)) is None
        )
    m09 = (SHAPES["FIMJ-MAX-M09"],)
    assert route("1234567m123456s", shapes=m09) is not None  # 7s lacking, 3 unseen
    unseen = [3] * NUM_KINDS
    unseen[Tile.S7] = 0
    r = route("1234567m123456s", shapes=m09, unseen=unseen)
    assert r is None or Tile.S7 not in {k for k, _ in r.needs}  # the 7s target is dead


def test_the_route_chance_follows_the_race_turn_by_turn() -> None:
    """The stage model with the race turn by turn: a deal sure to end after the first turn
    leaves one draw; a deal that never ends the chance of no race at all."""
    needs = [(Tile.P4, 1), (Tile.EAST, 1)]
    kw = {"total": 100, "steps": 1, "draws": 12}
    free = route_chance(needs, [3] * NUM_KINDS, races=(0.0,), **kw)
    assert free == pytest.approx(stage_chance([0.06, 0.03], 12, 0.0))
    short = route_chance(needs, [3] * NUM_KINDS, races=(1.0,), **kw)
    assert short < free / 5
    assert win_chance(2, 20, 10, 100, races=(0.3,)) < win_chance(2, 20, 10, 100)


def test_the_fimj_expert_takes_a_limit_route_when_it_pays() -> None:
    """1-2-3-5-6-8-9p, East, South, West, white, 2m, 9s and a drawn 3s: two draws from a
    small snake (FIMJ-MAX-M08, 1000 from each loser, about seven typical wins). The
    efficiency bot, the defensive bot and the expert without the route let a lone wind go
    (or, as good to them, the 9s); on the route the expert keeps the snake's tiles and
    lets a tile it does not need go (2m, 9s or 3s, the plain score choosing)."""
    v = view("1235689p123z5z2m9s", rules="fimj", drawn="3s", live=70)
    honours = {Tile.EAST, Tile.SOUTH, Tile.WEST}
    for seed in (0, 1, 3):  # seed 2 breaks the plain score's tie for 9s
        assert expert(0.0, seed).choose(v, discards_of(v)).tile in honours
        assert EfficiencyBot("fimj", seed=seed).choose(v, discards_of(v)).tile in honours
        assert DefensiveBot("fimj", seed=seed).choose(v, discards_of(v)).tile in honours
        assert expert(1.0, seed).choose(v, discards_of(v)).tile in {Tile.M2, Tile.S9, Tile.S3}


def test_the_route_is_weighed_against_the_plain_hand() -> None:
    """1-2-3-4-5-6p, 7-8p, East, South, white, 5s 5s and a drawn 5s: the plain hand is one
    step from ready (123p 456p 555s, 78p waiting, a pair to find), the small snake two
    draws away. At the weight 1 the plain hand is worth more and a lone honour goes (2z);
    at 4 the route is taken and a 5s goes. Nothing changes when a pung is declared (the
    route is dead)."""
    v = view("123456p78p12z5z55s", rules="fimj", drawn="5s", live=70)
    assert expert(1.0).choose(v, discards_of(v)).tile == Tile.SOUTH
    assert expert(4.0).choose(v, discards_of(v)).tile == Tile.S5
    m = view("123456p78p12z5z", rules="fimj", drawn="3s", live=70)
    m = replace(m, melds=(("[555s]",), (), (), ()))
    assert expert(4.0).choose(m, discards_of(m)) == expert(0.0).choose(m, discards_of(m))


def test_on_a_limit_route_the_expert_claims_only_what_the_shape_allows() -> None:
    """FIMJ-MAX-M08: the small snake's winds and dragon are self-drawn (but the winning
    tile), its chows 1-2-3, 4-5-6, 7-8-9 may be claimed. One step from it (1-2-3-4-5p,
    7-8-9p, East East, South, West, white) the expert on the route passes the pung of East
    that the efficiency bot and the expert without the route make; with 6p lacking it claims
    the chow 4-5-6p from the seat before and passes a chow 3-4-5p."""
    v = view("12345p789p11z23z5z", rules="fimj", phase="claim", claim="1z",
             discards=("", "", "", "1z"), live=70)  # fmt: skip
    legal = [Pass(0), Pung(0)]
    assert EfficiencyBot("fimj").choose(v, legal) == Pung(0)
    assert expert(0.0).choose(v, legal) == Pung(0)
    assert expert(1.0).choose(v, legal) == Pass(0)
    c = view("12356789p234z5z9m", rules="fimj", phase="claim", claim="4p",
             discards=("", "", "", "4p"), live=70)  # fmt: skip
    snake = Chow(0, (Tile.P4, Tile.P5, Tile.P6))
    other = Chow(0, (Tile.P3, Tile.P4, Tile.P5))
    assert expert(1.0).choose(c, [Pass(0), other, snake]) == snake
    assert expert(1.0).choose(c, [Pass(0), other]) == Pass(0)


def test_on_a_limit_route_the_expert_declares_no_kong() -> None:
    """A declared kong ends every special shape (FIMJ-MAX-M08: only the small snake's chows
    may be declared): 1-6p, East, South, West, white and four 9s, three draws from a small
    snake; the expert that takes the route (weight 4) lets a 9s go where the efficiency bot
    and the expert off the route (weight 0, or 1: not worth it) declare the kong."""
    v = view("123456p123z5z999s", rules="fimj", drawn="9s", live=70)
    legal = [*discards_of(v), ConcealedKong(0, Tile.S9)]
    assert EfficiencyBot("fimj").choose(v, legal) == ConcealedKong(0, Tile.S9)
    assert expert(0.0).choose(v, legal) == ConcealedKong(0, Tile.S9)
    assert expert(1.0).choose(v, legal) == ConcealedKong(0, Tile.S9)
    assert expert(4.0).choose(v, legal) == Discard(0, Tile.S9)


def test_limit_shapes_are_data() -> None:
    """A shape without fixed targets is refused with a clear error."""
    with pytest.raises(ValueError, match="no fixed targets"):
        best_route(
            [0] * NUM_KINDS, (), [3] * NUM_KINDS, (LimitShape("X", "seven_pairs", 1.0),),
            Tile.EAST, Tile.EAST, draws=5,
        )  # fmt: skip
