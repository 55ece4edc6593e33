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
:meth:`Wall.for_hands` (``0m 0p 0s`` dictate red fives).

Red fives (EMA-TILE-2, ``WallLayout.red_fives``): the tiles stay kinds, and the wall keeps the
positions of the three red fives (``red_live``, ``red_dead``). The shuffle permutes tile ids
(``4 * kind + copy``, copy 0 of each five red, as Tenhou's ids 16, 52, 88), so a seed gives the
same order of kinds with or without red fives.

>>> import random
>>> from muraglia.rulesets.base import Breach, WallLayout
>>> w = Wall.build(random.Random(1), WallLayout(), Breach((3, 4, 2, 2), 2, 11))
>>> w.live_count, len(w.dead), w.live_count + len(w.dead)
(122, 14, 136)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from random import Random

from muraglia.errors import InvalidHandError
from muraglia.notation import parse_tile, parse_tiles
from muraglia.rulesets.base import Breach, WallLayout
from muraglia.tiles import NUM_KINDS, PhysicalTile, Tile

RED_IDS = frozenset((4 * Tile.M5, 4 * Tile.P5, 4 * Tile.S5))
"""Tile ids (``4 * kind + copy``) of the red fives."""

__all__ = ["Wall", "tile_set"]


def tile_set(layout: WallLayout) -> list[Tile]:
    """Every tile of the set in kind order: 4 of each playing kind, plus the 8 bonus tiles."""
    tiles = list(_PLAYING_SET)
    if layout.bonus_tiles:
        tiles += _BONUS_SET
    return tiles


_PLAYING_SET = tuple(Tile(k) for k in range(NUM_KINDS) for _ in range(4))
_BONUS_SET = tuple(Tile(k) for k in range(NUM_KINDS, NUM_KINDS + 8))


Order = Mapping[int, int]
"""Position in the shuffled set -> index in one wall (iterated in draw order)."""


@cache
def _wall_order(stacks: int, wall: int, stack: int, dead_stacks: int) -> tuple[Order, Order]:
    """Positions in the shuffled set of the live and dead walls' tiles, in draw order.

    Each as a mapping position -> index in that wall (in draw order, so iterating it gives
    the positions in order). From the breach after ``stack`` of ``wall`` the stacks run
    clockwise (into the previous wall in order of play, ``k`` from 1 to ``stacks``); stack
    ``k`` of wall ``w`` holds positions ``2g`` (upper) and ``2g + 1`` (lower),
    ``g = (w % 4) * stacks + k - 1``. The live wall takes the first stacks, upper tile first;
    the dead wall the last ``dead_stacks``, from the breach outward, lower tile first.
    """
    order: list[int] = []  # g of each stack clockwise from the breach
    for _ in range(4 * stacks):
        stack += 1
        if stack > stacks:
            wall, stack = wall - 1, 1
        order.append((wall % 4) * stacks + stack - 1)
    cut = 4 * stacks - dead_stacks
    live = [p for g in order[:cut] for p in (2 * g, 2 * g + 1)]
    dead = [p for g in reversed(order[cut:]) for p in (2 * g + 1, 2 * g)]
    return {p: i for i, p in enumerate(live)}, {p: i for i, p in enumerate(dead)}


TileSpec = str | Sequence[Tile | int | PhysicalTile | str]
"""Tiles of a dictated wall: notation text, or a sequence of kinds, physical tiles, notations."""


def _tiles(spec: TileSpec) -> list[Tile]:
    return _physical(spec)[0]


def _physical(spec: TileSpec) -> tuple[list[Tile], set[int]]:
    """Kinds and the positions of the red fives (``0m``, red :class:`PhysicalTile`)."""
    if isinstance(spec, str):
        phys: list[Tile | int | PhysicalTile | str] = (
            list(parse_tiles(spec)) if spec.strip() else []
        )
    else:
        phys = list(spec)
    kinds: list[Tile] = []
    red: set[int] = set()
    for i, item in enumerate(phys):
        t = parse_tile(item) if isinstance(item, str) else item
        if isinstance(t, PhysicalTile):
            if t.red:
                red.add(i)
            kinds.append(t.kind)
        else:
            kinds.append(Tile(t))
    return kinds, red


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
    red_live: set[int] = field(default_factory=set)
    """Positions in ``live`` of red fives (EMA-TILE-2)."""
    red_dead: set[int] = field(default_factory=set)
    """Positions in ``dead`` of red fives."""

    def __post_init__(self) -> None:
        """Set the live wall's end."""
        if self.tail < 0:
            self.tail = len(self.live)

    @classmethod
    def build(cls, rng: Random, layout: WallLayout, breach: Breach) -> Wall:
        """Shuffle the set with ``rng`` and open it at ``breach``."""
        tiles = tile_set(layout)
        ids: list[int] = []
        if layout.red_fives:  # the same permutation, on tile ids (see the module docstring)
            ids = list(range(len(tiles)))
            rng.shuffle(ids)
            tiles = [tiles[i] for i in ids]
        else:
            rng.shuffle(tiles)
        n = layout.stacks_per_side
        if len(tiles) != 8 * n:
            raise InvalidHandError(
                f"{len(tiles)} tiles do not make four walls of {n} stacks of two"
            )
        live_at, dead_at = _wall_order(n, breach.wall, breach.stack, layout.dead_wall // 2)
        live = [tiles[p] for p in live_at]
        dead = [tiles[p] for p in dead_at]
        if not ids:
            return cls(live, dead)
        reds = [ids.index(r) for r in RED_IDS]  # shuffled positions of the red fives
        red_live = {live_at[p] for p in reds if p in live_at}
        red_dead = {dead_at[p] for p in reds if p in dead_at}
        return cls(live, dead, red_live=red_live, red_dead=red_dead)

    @classmethod
    def dictated(cls, live: TileSpec, dead: TileSpec) -> Wall:
        """A wall in a given order (scenario tests, recorded games); ``0m`` is a red five."""
        (lt, lr), (dt, dr) = _physical(live), _physical(dead)
        return cls(lt, dt, red_live=lr, red_dead=dr)

    @classmethod
    def for_hands(
        cls,
        plan: Sequence[int],
        hands: Mapping[int, TileSpec],
        *,
        draws: TileSpec = "",
        dead: TileSpec = "",
        players: int = 4,
    ) -> Wall:
        """The wall that deals ``hands``.

        (by offset from the dealer) through ``plan`` and then yields ``draws`` in order;
        ``dead`` is the dead wall.

        Raises:
            InvalidHandError: if a hand does not have the number of tiles the plan deals.
        """
        queues: dict[int, list[tuple[Tile, bool]]] = {}
        for s, h in hands.items():
            kinds, reds = _physical(h)
            queues[s] = [(k, i in reds) for i, k in enumerate(kinds)]
        live: list[Tile] = []
        red_live: set[int] = set()
        for s in plan:
            if s >= players or s not in queues:
                continue  # a seat without a hand is a dead seat (FIMJ-3P-3)
            if not queues.get(s):
                raise InvalidHandError(f"hand of seat offset {s} is short for the deal plan")
            kind, is_red = queues[s].pop(0)
            if is_red:
                red_live.add(len(live))
            live.append(kind)
        extra = {s: q for s, q in queues.items() if q}
        if extra:
            raise InvalidHandError(f"hands have tiles beyond the deal plan: {sorted(extra)}")
        more, more_red = _physical(draws)
        red_live |= {len(live) + i for i in more_red}
        dt, dr = _physical(dead)
        return cls(live + more, dt, red_live=red_live, red_dead=dr)

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
                if self.tail in self.red_live:
                    self.red_dead.add(len(self.dead))
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

    def take_far_end(self, n: int) -> tuple[Tile, ...]:
        """Take the last ``n`` tiles of the dead wall (FIMJ-CHARL-3's "free tiles").

        Raises:
            IndexError: when the dead wall has fewer than ``n`` unused tiles.
        """
        if self.dead_count < n:
            raise IndexError(f"the dead wall has fewer than {n} tiles")
        taken = tuple(self.dead[-n:])
        del self.dead[-n:]
        return taken

    def put_far_end(self, tiles: Sequence[Tile]) -> None:
        """Put ``tiles`` back at the far end of the dead wall (FIMJ-CHARL-3)."""
        self.dead.extend(tiles)

    def physical(self) -> tuple[tuple[Tile | PhysicalTile, ...], tuple[Tile | PhysicalTile, ...]]:
        """The whole live and dead walls, red fives as red :class:`PhysicalTile` (for headers)."""
        red = PhysicalTile

        def tiles(seq: list[Tile], reds: set[int]) -> tuple[Tile | PhysicalTile, ...]:
            return tuple(red(t, red=True) if i in reds else t for i, t in enumerate(seq))

        return tiles(self.live, self.red_live), tiles(self.dead, self.red_dead)

    def remaining(self) -> list[Tile]:
        """Every tile still in the walls (live and dead, indicators included)."""
        return self.live[self.head : self.tail] + self.dead[self.dead_next :]
