"""Routes to the limit hands of a special shape: FIMJ's snakes and lanterns (FIMJ-HAND-3).

A special-shape limit hand is one of a few fixed sets of fourteen tiles (the *targets* of
an analysis shape, :mod:`muraglia.analysis.shapes`): the thirteen lanterns (FIMJ-MAX-M04:
one of each head tile and a fourteenth pairing one), the snake of the dragons (M07: a
knitted 1-4-7 / 2-5-8 / 3-6-9 in the three suits, one of each dragon and a pair of the
seat or round wind, FIMJ-GAP-10), the small snake (M08: 1-9 of one suit, the four winds and
one dragon) and the Siamese snakes (M09: 1-7 in two suits). The shanten the bots share
knows thirteen orphans among them only, and none of their values (paid from every loser
whatever the points, FIMJ-MAX-1, FIMJ-LIMIT-4). A hand holding ``o`` of a target's tiles is
``13 - o`` useful draws from ready, each draw of a kind it lacks is one of them, and ready it
wins on the last kind, claimed from any seat (FIMJ-PLAY-4); all its other tiles must be
self-drawn, but for the small snake's chows, which may be claimed (FIMJ-MAX-M08).

:func:`best_route` finds, for each :class:`~muraglia.players.profiles.LimitShape` of a
profile, the target the hand is nearest to and its chance to complete within the own draws
left (:func:`~muraglia.players.danger.stage_chance`); the expert weighs it against the plain
hand (:meth:`~muraglia.players.expert.ExpertBot.limit_route`).

>>> from muraglia.notation import parse_hand
>>> from muraglia.players.profiles import LimitShape
>>> from muraglia.tiles import Tile
>>> snake = LimitShape("FIMJ-MAX-M08", "small_snake", 1000.0, chows=True)
>>> counts = list(parse_hand("12356789p1234z5m").concealed_counts)
>>> r = best_route(counts, [], [3] * 34, (snake,), Tile.EAST, Tile.EAST, draws=10)
>>> r.steps, [Tile(k).notation for k, _ in r.needs]  # 4p and a dragon lacking
(1, ['4p', '5z'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from muraglia.analysis.shapes import SIAMESE_SNAKES, SMALL_SNAKE, SNAKE_OF_DRAGONS
from muraglia.players.danger import RACE, stage_chance
from muraglia.players.profiles import LimitShape
from muraglia.tiles import (
    HAND_SIZE,
    NUM_KINDS,
    NUM_SUITED,
    RANKS,
    TERMINALS_AND_HONOURS,
)

__all__ = ["Route", "best_route", "route_chow", "shape_targets"]

_READY = HAND_SIZE - 1
"""Tiles of a target a ready hand holds (13: one lacking)."""

_CHOW_STARTS = (0, 3, 6)
"""The small snake's chows: 1-2-3, 4-5-6, 7-8-9 of its suit (FIMJ-MAX-M08)."""


@cache
def shape_targets(shape: str) -> tuple[tuple[int, ...], ...]:
    """The fixed 14-tile targets (34-counts) of a special shape, by its analysis id.

    >>> [len(shape_targets(s)) for s in ("thirteen_orphans", "snake_of_dragons",
    ...  "small_snake", "siamese_snakes")]
    [13, 24, 9, 3]
    >>> shape_targets("seven_pairs")
    Traceback (most recent call last):
    ...
    ValueError: no fixed targets for the shape 'seven_pairs'
    """
    fixed = {s.id: s for s in (SNAKE_OF_DRAGONS, SMALL_SNAKE, SIAMESE_SNAKES)}
    if shape in fixed:
        return tuple(target for target, _ in fixed[shape].targets())
    if shape == "thirteen_orphans":  # one of each head tile and one more of one of them
        out = []
        for extra in TERMINALS_AND_HONOURS:
            target = [0] * NUM_KINDS
            for k in TERMINALS_AND_HONOURS:
                target[k] = 1
            target[extra] += 1
            out.append(tuple(target))
        return tuple(out)
    raise ValueError(f"no fixed targets for the shape {shape!r}")


@dataclass(frozen=True, slots=True)
class Route:
    """The hand's way to one target of a limit shape."""

    limit: LimitShape
    target: tuple[int, ...]
    """The target's 34-counts (declared chows included)."""
    steps: int
    """Useful draws to ready (13 less the target's tiles held)."""
    needs: tuple[tuple[int, int], ...]
    """The kinds the hand lacks and how many copies of each."""
    chance: float
    """The chance to complete it within the own draws left."""


def _held(
    counts: Sequence[int], melds: Sequence[Sequence[int]], limit: LimitShape
) -> list[int] | None:
    """The hand's 34-counts with its declared melds, or None where a meld ends the route.

    Only the small snake's chows (1-2-3, 4-5-6, 7-8-9) may be declared (FIMJ-MAX-M08); any
    other declared meld, and any meld at all in the other shapes, ends it.
    """
    total = list(counts)
    for meld in melds:
        if not limit.chows or not _snake_chow(meld):
            return None
        for k in meld:
            total[k] += 1
    return total


def _snake_chow(meld: Sequence[int]) -> bool:
    """Whether ``meld`` is a chow 1-2-3, 4-5-6 or 7-8-9 of a suit (the small snake's)."""
    low = min(meld)
    return (
        len(meld) == 3  # noqa: PLR2004 - a chow's three tiles
        and low < NUM_SUITED
        and low % RANKS in _CHOW_STARTS
        and sorted(meld) == [low, low + 1, low + 2]
    )


def best_route(  # noqa: PLR0917 - the hand, what it sees, the shapes and its winds
    counts: Sequence[int],
    melds: Sequence[Sequence[int]],
    unseen: Sequence[int],
    shapes: Sequence[LimitShape],
    seat_wind: int,
    round_wind: int,
    *,
    draws: int,
    races: Sequence[float] | None = None,
    max_steps: int = 6,
    worth: dict[str, float] | None = None,
) -> Route | None:
    """The route worth most among ``shapes`` (by chance x value), or None if none is alive.

    ``counts`` are the concealed tiles (13, or 14 before a discard), ``melds`` the declared
    ones, ``unseen`` the copies of each kind the hand cannot see. A target is alive while the
    declared melds fit it (:func:`_held`), every copy it lacks is unseen, it is at most
    ``max_steps`` draws from ready and its pair, for ``own_pair`` shapes (M07), is of
    ``seat_wind`` or ``round_wind``. Its chance (:func:`route_chance`) and value (the
    limit's, or ``worth[rule]`` where given) rank it.
    """
    best: Route | None = None
    best_ev = 0.0
    total_unseen = max(sum(unseen), 1)
    for limit in shapes:
        held = _held(counts, melds, limit)
        if held is None:
            continue
        value = limit.value if worth is None else worth[limit.rule]
        for target in shape_targets(limit.shape):
            if limit.own_pair and not any(target[w] == 2 for w in {seat_wind, round_wind}):  # noqa: PLR2004 - the pair
                continue
            overlap = 0
            needs: list[tuple[int, int]] = []
            for k in range(NUM_KINDS):
                want = target[k]
                have = held[k]
                if want > have:
                    overlap += have
                    needs.append((k, want - have))
                else:
                    overlap += want
            steps = _READY - min(overlap, _READY)
            if steps > max_steps or any(need > unseen[k] for k, need in needs):
                continue
            if any(not target[k] for m in melds for k in m):
                continue  # a declared chow of another suit
            chance = route_chance(
                needs, unseen, total=total_unseen, steps=steps, draws=draws, races=races
            )
            ev = chance * value
            if ev > best_ev:
                best_ev = ev
                best = Route(limit, target, steps, tuple(needs), chance)
    return best


def route_chance(
    needs: Sequence[tuple[int, int]],
    unseen: Sequence[int],
    *,
    total: int,
    steps: int,
    draws: int,
    races: Sequence[float] | None = None,
) -> float:
    """The chance to draw the ``steps`` lacking tiles and then win on the last.

    :func:`~muraglia.players.danger.stage_chance` of ``steps`` stages and the ready one.
    A lacking tile is on average as many unseen copies as ``needs`` give (a pair lacking
    both copies: ``u`` for the first, ``u - 1`` for the second); a stage with ``r`` tiles
    still lacking is passed on a draw of any of them; the ready stage, on the last one,
    also claimed from any seat's discard (the stage model's claims factor).

    >>> round(route_chance([(27, 1)], [3] * 34, total=100, steps=0, draws=10, races=(0.0,)), 3)
    0.426
    """
    lacking = sum(n for _, n in needs)
    if not lacking:
        return 1.0
    copies = sum(n * unseen[k] - n * (n - 1) // 2 for k, n in needs) / lacking
    chances = [min(r * copies / total, 1.0) for r in range(steps + 1, 0, -1)]
    return stage_chance(chances, draws, RACE, races=races)


def route_chow(route: Route, counts: Sequence[int], tile: int, chow: Sequence[int]) -> bool:
    """Whether claiming ``tile`` for the chow ``chow`` is a step on ``route``.

    Only where the route's shape lets its chows be claimed (the small snake, FIMJ-MAX-M08):
    the chow is one of its suit's 1-2-3, 4-5-6, 7-8-9, the claimed tile is one the hand
    lacks and the two others are held.
    """
    if not route.limit.chows or not _snake_chow(chow):
        return False
    rest = list(chow)
    rest.remove(tile)
    return all(route.target[k] for k in chow) and counts[tile] == 0 and all(counts[k] for k in rest)
