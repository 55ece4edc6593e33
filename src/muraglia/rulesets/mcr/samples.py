"""Random MCR winning hands for property tests and the benchmark (``bench/bench_mcr.py``).

:func:`random_winning_hand` draws a complete hand from a 136-tile wall with a
:class:`random.Random`: four sets and a pair (chows, pungs, kongs, some melded), seven pairs,
thirteen orphans, a knitted straight with a set and a pair, or honours and knitted tiles, plus
how it was won. The same seed gives the same hands.

>>> import random
>>> s = random_winning_hand(random.Random(7))
>>> s.kind in KINDS, s.win in ("ron", "tsumo"), "+" in s.hand
(True, True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from muraglia.tiles import NUM_KINDS, NUM_SUITED, ORPHAN_INDICES, RANKS, Tile

__all__ = ["KINDS", "Sample", "random_winning_hand", "samples"]

KINDS = ("concealed", "melded", "seven_pairs", "thirteen_orphans", "knitted", "honours_knitted")
"""The families of hands drawn, in the order :func:`samples` cycles through them."""

_ORPHANS = ORPHAN_INDICES
_PERMS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
_SEATS = ("E", "S", "W", "N")


@dataclass(frozen=True)
class Sample:
    """One random winning hand and how it was won."""

    kind: str
    """Family (:data:`KINDS`)."""
    hand: str
    """Notation with melds, flowers and ``+`` winning tile."""
    win: str
    """``ron`` or ``tsumo``."""
    seat_wind: str
    """Seat wind letter."""
    round_wind: str
    """Prevalent wind letter."""
    flowers: int
    """Flowers held."""


def _n(t: int) -> str:
    return Tile(t).notation


def _tiles(ts: list[int]) -> str:
    return "".join(_n(t) for t in sorted(ts))


def _standard(rng: random.Random, melded: bool, wall: list[int]) -> tuple[list[int], list[str]]:
    """Four sets (some melded when ``melded``) and a pair: concealed tiles and meld strings."""
    concealed: list[int] = []
    melds: list[str] = []
    for _ in range(4):
        for _attempt in range(50):
            kind = rng.choice(("chow", "chow", "pung", "kong") if melded else ("chow", "pung"))
            start = rng.randrange(NUM_KINDS)
            if kind == "chow":
                if start >= NUM_SUITED or start % RANKS > 6:
                    continue
                need = [start, start + 1, start + 2]
            else:
                need = [start] * (4 if kind == "kong" else 3)
            if all(wall.count(t) >= need.count(t) for t in set(need)):
                break
        else:
            raise ValueError("wall too depleted")  # pragma: no cover - 136 tiles always suffice
        for t in need:
            wall.remove(t)
        text = _tiles(need)
        if kind == "kong":
            melds.append(f"({text})" if rng.random() < 0.4 else f"[{text}]")
        elif melded and rng.random() < 0.5:
            melds.append(f"[{text}]")
        else:
            concealed += need
    pair = rng.choice(sorted({t for t in wall if wall.count(t) >= 2}))
    wall.remove(pair)
    wall.remove(pair)
    concealed += [pair, pair]
    return concealed, melds


def random_winning_hand(rng: random.Random, kind: str | None = None) -> Sample:
    """A random complete MCR hand of family ``kind`` (random family if None)."""
    kind = kind or rng.choice(KINDS)
    wall = [t for t in range(NUM_KINDS) for _ in range(4)]
    melds: list[str] = []
    if kind in ("concealed", "melded"):
        concealed, melds = _standard(rng, kind == "melded", wall)
    elif kind == "seven_pairs":
        kinds = rng.sample(range(NUM_KINDS), 7)
        if rng.random() < 0.1:
            kinds[1] = kinds[0]  # four identical tiles as two pairs
        concealed = [t for t in kinds for _ in range(2)]
    elif kind == "thirteen_orphans":
        concealed = [*_ORPHANS, rng.choice(_ORPHANS)]
    elif kind == "knitted":
        perm = rng.choice(_PERMS)
        knitted = [RANKS * s + off + 3 * k for s, off in zip(perm, (0, 1, 2), strict=True)
                   for k in range(3)]  # fmt: skip
        for t in knitted:
            wall.remove(t)
        rest, _ = _standard_one(rng, wall)
        concealed = knitted + rest
    else:
        perm = rng.choice(_PERMS)
        knitted = [RANKS * s + off + 3 * k for s, off in zip(perm, (0, 1, 2), strict=True)
                   for k in range(3)]  # fmt: skip
        honours = rng.randint(5, 7)
        concealed = rng.sample(range(NUM_SUITED, NUM_KINDS), honours) + rng.sample(
            knitted, 14 - honours
        )
    winning = concealed.pop(rng.randrange(len(concealed)))
    flowers = rng.choice((0, 0, 0, 1, 2))
    bonus = "".join(f"{f}f" for f in rng.sample(range(1, 9), flowers))
    hand = _tiles(concealed) + "".join(melds) + bonus + "+" + _n(winning)
    return Sample(
        kind,
        hand,
        rng.choice(("ron", "tsumo")),
        rng.choice(_SEATS),
        rng.choice(_SEATS),
        flowers,
    )


def _standard_one(rng: random.Random, wall: list[int]) -> tuple[list[int], list[str]]:
    """One concealed set and a pair from ``wall`` (the knitted straight's extra groups)."""
    while True:
        start = rng.randrange(NUM_KINDS)
        if rng.random() < 0.5 and start < NUM_SUITED and start % RANKS <= 6:
            need = [start, start + 1, start + 2]
        else:
            need = [start] * 3
        if all(wall.count(t) >= need.count(t) for t in set(need)):
            break
    for t in need:
        wall.remove(t)
    pair = rng.choice(sorted({t for t in wall if wall.count(t) >= 2}))
    return [*need, pair, pair], []


def samples(n: int, seed: int = 2026) -> list[Sample]:
    """``n`` hands from ``seed``: 30 % concealed, 30 % melded, 10 % of each special shape."""
    rng = random.Random(seed)
    plan = ("concealed", "melded", "concealed", "melded", "seven_pairs", "thirteen_orphans",
            "concealed", "melded", "knitted", "honours_knitted")  # fmt: skip
    return [random_winning_hand(rng, plan[i % len(plan)]) for i in range(n)]
