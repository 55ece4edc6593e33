"""The wall: physical build from a seeded shuffle, breach, live and dead walls (DESIGN §8).

The physical wall is four walls of ``stacks_per_side`` stacks, two tiles each (upper, lower).
Stack ``k`` of wall ``w`` (both counted as the rulebooks do: walls in order of play from the
dealer's, stacks 1-based from the owner's right) holds tiles ``2g`` and ``2g + 1`` of the
shuffled set, ``g = w * stacks + k - 1``. From the breach the live wall runs clockwise (into the
previous wall in order of play), upper tile before lower (FIMJ-WALL-6); the dead wall is the
stacks on the other side of the breach, taken lower tile first, from the breach outward
(FIMJ-TETTO-3, FIMJ-GAP-14, RAV-WALL-5, SEI-SETUP-4).

Software needs only the two resulting sequences, so a :class:`Wall` is a live draw order and a
dead-wall order. Scenario tests dictate both with :meth:`Wall.dictated` or
:meth:`Wall.for_hands`.

>>> import random
>>> from muraglia.rulesets.base import Breach, WallLayout
>>> w = Wall.build(random.Random(1), WallLayout(), Breach((3, 4, 2, 2), 2, 11))
>>> w.live_count, len(w.dead), w.live_count + len(w.dead)
(122, 14, 136)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from random import Random

from muraglia.errors import InvalidHandError
from muraglia.notation import parse_tiles
from muraglia.rulesets.base import Breach, WallLayout
from muraglia.tiles import NUM_KINDS, Tile

__all__ = ["Wall", "tile_set"]


def tile_set(layout: WallLayout) -> list[Tile]:
    """Every tile of the set in kind order: 4 of each playing kind, plus the 8 bonus tiles."""
    tiles = list(_PLAYING_SET)
    if layout.bonus_tiles:
        tiles += _BONUS_SET
    return tiles


_PLAYING_SET = tuple(Tile(k) for k in range(NUM_KINDS) for _ in range(4))
_BONUS_SET = tuple(Tile(k) for k in range(NUM_KINDS, NUM_KINDS + 8))


def _tiles(spec: str | Sequence[Tile | int]) -> list[Tile]:
    if isinstance(spec, str):
        return [t.kind for t in parse_tiles(spec)] if spec.strip() else []
    return [Tile(t) for t in spec]


@dataclass
class Wall:
    """Live draw order and dead-wall order of one deal."""

    live: list[Tile]
    """Drawable tiles in draw order (dealt tiles first)."""
    dead: list[Tile]
    """Dead-wall tiles in replacement order (first replacement first)."""
    head: int = 0
    """Index of the next live tile."""
    tail: int = -1
    """One past the last drawable live tile (set from ``live``)."""
    dead_next: int = 0
    """Index of the next replacement tile."""
    indicators: list[int] = field(default_factory=list)
    """Dead-wall positions of the revealed indicators."""

    def __post_init__(self) -> None:
        """Set the live wall's end."""
        if self.tail < 0:
            self.tail = len(self.live)

    @classmethod
    def build(cls, rng: Random, layout: WallLayout, breach: Breach) -> Wall:
        """Shuffle the set with ``rng`` and open it at ``breach``."""
        tiles = tile_set(layout)
        rng.shuffle(tiles)
        n = layout.stacks_per_side
        if len(tiles) != 8 * n:
            raise InvalidHandError(
                f"{len(tiles)} tiles do not make four walls of {n} stacks of two"
            )

        def stack(wall: int, k: int) -> tuple[Tile, Tile]:
            g = (wall % 4) * n + (k - 1)
            return tiles[2 * g], tiles[2 * g + 1]

        order: list[tuple[int, int]] = []  # stacks clockwise from the breach
        wall, k = breach.wall, breach.stack
        for _ in range(4 * n):
            k += 1
            if k > n:
                wall, k = wall - 1, 1
            order.append((wall, k))
        dead_stacks = layout.dead_wall // 2
        live_stacks, dead_side = order[: 4 * n - dead_stacks], order[4 * n - dead_stacks :]
        live = [t for w, s in live_stacks for t in stack(w, s)]
        dead = [t for w, s in reversed(dead_side) for t in reversed(stack(w, s))]
        return cls(live, dead)

    @classmethod
    def dictated(cls, live: str | Sequence[Tile | int], dead: str | Sequence[Tile | int]) -> Wall:
        """A wall in a given order (scenario tests, recorded games)."""
        return cls(_tiles(live), _tiles(dead))

    @classmethod
    def for_hands(
        cls,
        plan: Sequence[int],
        hands: Mapping[int, str | Sequence[Tile | int]],
        *,
        draws: str | Sequence[Tile | int] = "",
        dead: str | Sequence[Tile | int] = "",
        players: int = 4,
    ) -> Wall:
        """The wall that deals ``hands``.

        (by offset from the dealer) through ``plan`` and then yields ``draws`` in order;
        ``dead`` is the dead wall.

        Raises:
            InvalidHandError: if a hand does not have the number of tiles the plan deals.
        """
        queues = {s: _tiles(h) for s, h in hands.items()}
        live: list[Tile] = []
        for s in plan:
            if s >= players or s not in queues:
                continue  # a seat without a hand is a dead seat (FIMJ-3P-3)
            if not queues.get(s):
                raise InvalidHandError(f"hand of seat offset {s} is short for the deal plan")
            live.append(queues[s].pop(0))
        extra = {s: q for s, q in queues.items() if q}
        if extra:
            raise InvalidHandError(f"hands have tiles beyond the deal plan: {sorted(extra)}")
        return cls(live + _tiles(draws), _tiles(dead))

    # ------------------------------------------------------------------ drawing

    @property
    def live_count(self) -> int:
        """Drawable tiles left."""
        return self.tail - self.head

    @property
    def dead_count(self) -> int:
        """Replacement tiles left in the dead wall."""
        return len(self.dead) - self.dead_next

    def draw(self) -> Tile:
        """The next live tile.

        Raises:
            IndexError: when the live wall is exhausted (the engine checks first).
        """
        if self.head >= self.tail:
            raise IndexError("the live wall is exhausted")
        tile = self.live[self.head]
        self.head += 1
        return tile

    def replacement(self, *, replenish: bool) -> Tile:
        """The next replacement tile.

        From the dead wall, else the live wall's last tile (FIMJ-GAP-15, RAV-WALL-5); with
        ``replenish`` the live wall's last tile then moves to the dead wall's far end
        (SEI-SETUP-4).

        Raises:
            IndexError: when no tile is left anywhere.
        """
        if self.dead_next < len(self.dead):
            tile = self.dead[self.dead_next]
            self.dead_next += 1
            if replenish and self.tail > self.head:
                self.tail -= 1
                self.dead.append(self.live[self.tail])
            return tile
        if self.tail <= self.head:
            raise IndexError("no replacement tile left")
        self.tail -= 1
        return self.live[self.tail]

    def reveal(self, position: int) -> Tile | None:
        """Reveal the indicator at dead-wall ``position`` (None if there is no such tile)."""
        if position >= len(self.dead):
            return None
        self.indicators.append(position)
        return self.dead[position]

    def remaining(self) -> list[Tile]:
        """Every tile still in the walls (live and dead, indicators included)."""
        return self.live[self.head : self.tail] + self.dead[self.dead_next :]
