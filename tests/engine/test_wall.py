"""Wall building, breach, dead wall and dealing against the seeds' numbers."""

from __future__ import annotations

import random

import pytest

from muraglia.engine import Game
from muraglia.engine.wall import Wall, tile_set
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.base import Breach, WallLayout
from muraglia.tiles import Tile


class NoShuffle(random.Random):
    """Keeps the set in kind order (tile i of the set is kind i // 4)."""

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        return None


class Dice(random.Random):
    """Throws the given dice in order."""

    def __init__(self, *values: int) -> None:
        super().__init__(0)
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        return self.values.pop(0)


@pytest.mark.parametrize(
    ("spec", "drawable", "dead"),
    [("fimj", 77, 14), ("ravenna", 71, 20), ("seipalle", 69, 14)],
)
def test_drawable_tiles_after_the_deal(spec: str, drawable: int, dead: int) -> None:
    # FIMJ-WALL-6: 77; RAV-WALL-7: 71; SEI-SETUP-4: 69.
    deal = Game(load_ruleset(spec), seed=4).new_deal()
    assert deal.wall.live_count == drawable
    assert len(deal.wall.dead) == dead
    assert sum(deal.counts[deal.dealer]) == 14
    assert all(sum(deal.counts[s]) + len(deal.bonus[s]) >= 13 for s in range(4))


def test_live_wall_runs_clockwise_from_the_breach_and_dead_wall_behind_it() -> None:
    # Breach after stack 18 of South's wall: dealing continues into East's wall (stack 1),
    # the tetto is South's stacks 18, 17, ..., 12, lower tile first (FIMJ-WALL-5, GAP-13/14).
    layout = WallLayout(bonus_tiles=True, stacks_per_side=18, dead_wall=14)
    w = Wall.build(NoShuffle(0), layout, Breach((), 1, 18))
    assert (w.live[0], w.live[1]) == (Tile.M1, Tile.M1)  # tiles 0 and 1 of the set
    assert w.dead[0] == Tile.P9  # lower tile of stack 35 (set tiles 70, 71)
    assert sorted(w.dead) == [Tile(k) for k in range(14, 18) for _ in range(4)][2:]
    assert sorted(w.live + w.dead) == sorted(tile_set(layout))


def _walk(tiles: list[Tile], n: int, breach: Breach, dead_stacks: int) -> tuple[list, list]:
    """The module docstring's walk, stack by stack: (live, dead) as positions in the set."""

    def stack(wall: int, k: int) -> tuple[int, int]:
        g = (wall % 4) * n + (k - 1)
        return 2 * g, 2 * g + 1

    order, wall, k = [], breach.wall, breach.stack
    for _ in range(4 * n):
        k += 1
        if k > n:
            wall, k = wall - 1, 1
        order.append((wall, k))
    cut = 4 * n - dead_stacks
    live = [p for w, s in order[:cut] for p in stack(w, s)]
    dead = [p for w, s in reversed(order[cut:]) for p in reversed(stack(w, s))]
    return live, dead


@pytest.mark.parametrize(
    ("stacks", "dead_wall", "bonus", "red"),
    [(17, 14, False, True), (17, 14, False, False), (18, 14, True, False), (18, 20, True, False)],
)
def test_every_breach_builds_the_walked_wall(
    stacks: int, dead_wall: int, bonus: bool, red: bool
) -> None:
    """Wall.build (positions cached per breach) equals the stack-by-stack walk, red fives too."""
    layout = WallLayout(
        bonus_tiles=bonus, stacks_per_side=stacks, dead_wall=dead_wall, red_fives=red
    )
    for wall in range(-1, 5):
        for k in range(1, stacks + 1):
            seed = 100 * wall + k
            w = Wall.build(random.Random(seed), layout, Breach((), wall, k))
            rng = random.Random(seed)
            tiles = tile_set(layout)
            ids = list(range(len(tiles)))
            rng.shuffle(ids)
            shuffled = [tiles[i] for i in ids]
            live, dead = _walk(shuffled, stacks, Breach((), wall, k), dead_wall // 2)
            assert w.live == [shuffled[p] for p in live]
            assert w.dead == [shuffled[p] for p in dead]
            reds = {i for i, r in enumerate(ids) if r in (16, 52, 88)} if red else set()
            assert w.red_live == {i for i, p in enumerate(live) if p in reds}
            assert w.red_dead == {i for i, p in enumerate(dead) if p in reds}


@pytest.mark.parametrize(
    ("east", "owner", "wall", "stack"),
    [
        ((2, 3), (1, 1), 0, 7),
        ((1, 1), (6, 6), 1, 14),
        ((6, 6), (6, 6), 3, 6),
        ((4, 6), (5, 4), 1, 1),
    ],
)
def test_fimj_dice_pick_wall_and_stack(
    east: tuple[int, int], owner: tuple[int, int], wall: int, stack: int
) -> None:
    # FIMJ-WALL-2 table (5, 9 East; 2, 6, 10 South; ...), FIMJ-WALL-4 wrap (GAP-13).
    flow = Game(load_ruleset("fimj")).flow
    b = flow.break_wall(Dice(*east, *owner), flow.table.wall)
    assert (b.wall, b.stack) == (wall, stack)
    assert b.dice == (*east, *owner)


def test_ravenna_dice_d20_and_d6() -> None:
    # RAV-WALL-2 source example: d20 = 15, d6 = 2: South's wall, after stack 15.
    flow = Game(load_ruleset("ravenna")).flow
    b = flow.break_wall(Dice(15, 2), flow.table.wall)
    assert (b.wall, b.stack, b.dice) == (1, 15, (15, 2))


def test_deal_plan_gives_east_the_first_and_fifth_of_the_last_five() -> None:
    # FIMJ-WALL-5, RAV-WALL-6: 4-4-4 to each player, then East 1st and 5th, S, W, N one each.
    plan = Game(load_ruleset("fimj")).flow.table.deal_plan
    assert len(plan) == 53
    assert plan[:16] == (0,) * 4 + (1,) * 4 + (2,) * 4 + (3,) * 4
    assert plan[48:] == (0, 1, 2, 3, 0)


def test_seipalle_shows_the_third_upper_dead_wall_tile_as_indicator() -> None:
    # SEI-SETUP-5, SEI-GAP-3: the upper tile of T3 counted from the breach.
    deal = Game(load_ruleset("seipalle"), seed=8).new_deal()
    assert deal.indicators == [deal.wall.dead[5]]


def test_fimj_bonus_tiles_are_exposed_and_replaced() -> None:
    # FIMJ-FLOWER-1: exposed after the deal, one replacement from the tetto each.
    deal = next(
        d
        for d in (Game(load_ruleset("fimj"), seed=s).new_deal() for s in range(50))
        if any(d.bonus)
    )
    for s in range(4):
        assert sum(deal.counts[s]) == 13 + (s == deal.dealer)
    exposed = sum(len(b) for b in deal.bonus)
    replaced = sum(1 for e in deal.events if getattr(e, "replacement", False))
    assert exposed == replaced == deal.wall.dead_next
