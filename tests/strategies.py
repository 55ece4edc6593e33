"""Hypothesis strategies shared by the property tests."""

from __future__ import annotations

from hypothesis import strategies as st

from muraglia.hand import Hand
from muraglia.melds import Meld, MeldKind, Source
from muraglia.tiles import BONUS_TILES, NUM_KINDS, PhysicalTile, Tile

__all__ = ["concealed_counts", "hands"]


@st.composite
def concealed_counts(draw: st.DrawFn, size: int = 13) -> tuple[int, ...]:
    """A random 34-count of ``size`` tiles, at most four of a kind."""
    wall = [k for k in range(NUM_KINDS) for _ in range(4)]
    picked = draw(st.permutations(wall))[:size]
    counts = [0] * NUM_KINDS
    for k in picked:
        counts[k] += 1
    return tuple(counts)


@st.composite
def hands(draw: st.DrawFn, *, with_winning: bool | None = None) -> Hand:
    """A random valid hand with 0-4 melds, red fives, bonus tiles and maybe a winning tile."""
    wall = [k for k in range(NUM_KINDS) for _ in range(4)]
    wall = list(draw(st.permutations(wall)))
    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(list(MeldKind)))
        start = wall[0]
        if kind is MeldKind.CHOW:
            tile = Tile(start)
            if not tile.is_suited or tile.rank > 7:
                continue
            needed = [start, start + 1, start + 2]
        else:
            needed = [start] * (3 if kind is MeldKind.PUNG else 4)
        if any(wall.count(k) < needed.count(k) for k in set(needed)):
            continue
        for k in needed:
            wall.remove(k)
        concealed = kind is MeldKind.KONG and draw(st.booleans())
        source = None if concealed else draw(st.sampled_from([None, *Source]))
        added = kind is MeldKind.KONG and not concealed and draw(st.booleans())
        melds.append(
            Meld(
                kind,
                tuple(PhysicalTile(Tile(k)) for k in needed),
                concealed=concealed,
                source=source,
                added=added,
            )
        )
    win = draw(st.booleans()) if with_winning is None else with_winning
    size = 13 - 3 * len(melds)
    reds = draw(st.booleans())
    tiles = [
        PhysicalTile(Tile(k), red=reds and Tile(k).is_suited and Tile(k).rank == 5)
        for k in wall[: size + (1 if win else draw(st.integers(0, 1)))]
    ]
    winning = tiles.pop() if win else None
    bonus = draw(st.lists(st.sampled_from(BONUS_TILES), unique=True, max_size=4))
    return Hand(tuple(tiles), tuple(melds), tuple(bonus), winning)
