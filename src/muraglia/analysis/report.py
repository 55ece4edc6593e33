"""One call that answers "where does this hand stand?": :func:`analyze`.

A 13-tile hand (melds counted as three) gets its shanten, its waits with their kinds when it
is ready, and its useful tiles with the copies still unseen. A 14-tile hand gets its
shanten, its decompositions when complete, and every discard ranked best first (lowest
shanten, then most useful tiles).

>>> from muraglia.notation import parse_hand
>>> a = analyze(parse_hand("123m456p789s1122z"))
>>> a.shanten, [t.notation for t in a.waits], a.ukeire
(0, ['1z', '2z'], 4)
>>> best = analyze(parse_hand("1112345678999m5p")).discards[0]
>>> best.tile.notation, best.shanten, best.ukeire  # nine gates: waits 1-9m
('5p', 0, 23)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from muraglia.analysis.decompose import decompose
from muraglia.analysis.groups import Decomposition, WaitKind
from muraglia.analysis.shapes import DEFAULT_SHAPES, Shape, shape_shanten
from muraglia.analysis.waits import waits as hand_waits
from muraglia.errors import InvalidHandError
from muraglia.hand import Hand
from muraglia.tiles import COPIES, NUM_KINDS, WAITING_SIZE, PhysicalTile, Tile

__all__ = ["Analysis", "DiscardOption", "analyze"]


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """What a 14-tile hand looks like after discarding one tile kind."""

    tile: Tile
    """The discarded kind."""
    shanten: int
    """Shanten of the 13 tiles left."""
    useful: dict[Tile, int]
    """Kinds whose draw lowers that shanten, with their unseen copies."""
    waits: tuple[Tile, ...] = ()
    """Winning tiles when the discard leaves the hand ready."""

    @property
    def ukeire(self) -> int:
        """Unseen copies of every useful kind."""
        return sum(self.useful.values())

    def to_dict(self) -> dict[str, Any]:
        """JSON form: ``{"discard", "shanten", "ukeire", "useful", "waits"}``."""
        return {
            "discard": self.tile.notation,
            "shanten": self.shanten,
            "ukeire": self.ukeire,
            "useful": {t.notation: n for t, n in self.useful.items()},
            "waits": [t.notation for t in self.waits],
        }


@dataclass(frozen=True, slots=True)
class Analysis:
    """The analysis of one hand (see :func:`analyze`)."""

    hand: Hand
    """The hand analysed."""
    shanten: int
    """Least shanten over the shapes (-1 = complete, 0 = ready)."""
    waits: tuple[Tile, ...] = ()
    """Winning tiles of a ready 13-tile hand, in tile order."""
    wait_kinds: dict[Tile, tuple[WaitKind, ...]] = field(default_factory=dict)
    """For each winning tile, every wait kind some reading gives it."""
    useful: dict[Tile, int] = field(default_factory=dict)
    """13-tile hand: kinds whose draw lowers the shanten, with their unseen copies."""
    decompositions: tuple[Decomposition, ...] = ()
    """14-tile complete hand: every decomposition under the shapes."""
    discards: tuple[DiscardOption, ...] = ()
    """14-tile hand: every discard, best first."""

    @property
    def ukeire(self) -> int:
        """Unseen useful copies (13 tiles), or those of the best discard (14 tiles)."""
        if self.discards:
            return self.discards[0].ukeire
        return sum(self.useful.values())

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``muraglia analyze`` (interfaces.md §5, extended)."""
        out: dict[str, Any] = {
            "ok": True,
            "hand": self.hand.notation,
            "shanten": self.shanten,
            "waits": [t.notation for t in self.waits],
            "ukeire": self.ukeire,
            "wait_kinds": {t.notation: [k.value for k in ks] for t, ks in self.wait_kinds.items()},
            "useful": {t.notation: n for t, n in self.useful.items()},
        }
        if self.decompositions:
            out["decompositions"] = [str(d) for d in self.decompositions]
        if self.discards:
            out["discards"] = [d.to_dict() for d in self.discards]
        return out


def _useful(
    hand: Hand, counts: list[int], shanten: int, shapes: Sequence[Shape], visible: Sequence[int]
) -> dict[Tile, int]:
    """Kinds whose draw lowers ``shanten`` of concealed ``counts``, with unseen copies."""
    melds = len(hand.melds)
    total = hand.counts
    out: dict[Tile, int] = {}
    for t in range(NUM_KINDS):
        if counts[t] >= COPIES:
            continue
        counts[t] += 1
        better = shape_shanten(counts, melds, shapes) < shanten
        counts[t] -= 1
        if better:
            out[Tile(t)] = max(4 - total[t] - visible[t], 0)
    return out


def analyze(
    hand: Hand, shapes: Sequence[Shape] = DEFAULT_SHAPES, *, visible: Sequence[int] | None = None
) -> Analysis:
    """Analyse a 13- or 14-tile hand (declared melds count as three tiles each).

    Args:
        hand: The hand; its winning tile, if any, is one of its tiles.
        shapes: Winning shapes to consider (a ruleset's ``shapes``).
        visible: Optional 34 counts of tiles seen elsewhere (discards, other melds,
            dora indicators), subtracted from the unseen copies.

    Returns:
        The :class:`Analysis`.

    Raises:
        InvalidHandError: When the hand has neither 13 nor 14 tiles, or ``visible`` is not
            34 counts.
    """
    seen = list(visible) if visible is not None else [0] * NUM_KINDS
    if len(seen) != NUM_KINDS:
        raise InvalidHandError(f"visible tiles must be 34 counts in 0-4, got {len(seen)} counts")
    bad = next((v for v in seen if not 0 <= v <= COPIES), None)
    if bad is not None:
        raise InvalidHandError(f"visible tiles must be 34 counts in 0-4, got a count of {bad}")
    melds = len(hand.melds)
    counts = list(hand.concealed_counts)
    size = sum(counts) + 3 * melds
    if size not in (13, 14):
        raise InvalidHandError(
            f"{hand.notation!r} has {size} tiles (melds count 3): analysis needs 13 or 14"
        )
    shanten = shape_shanten(counts, melds, shapes)
    if size == WAITING_SIZE:
        useful = _useful(hand, counts, shanten, shapes, seen)
        if shanten != 0:
            return Analysis(hand, shanten, useful=useful)
        w = hand_waits(hand, shapes)
        kinds = {t: tuple(sorted(w.kinds[t], key=list(WaitKind).index)) for t in w.tiles}
        return Analysis(hand, shanten, w.tiles, kinds, useful)
    decompositions = decompose(hand, shapes) if shanten < 0 else ()
    options = []
    for t in range(NUM_KINDS):
        if not counts[t]:
            continue
        counts[t] -= 1
        after = shape_shanten(counts, melds, shapes)
        useful = _useful(hand, counts, after, shapes, seen)
        counts[t] += 1
        options.append((t, after, useful))
    discards = []
    for t, after, useful in sorted(options, key=lambda o: (o[1], -sum(o[2].values()), o[0])):
        waits: tuple[Tile, ...] = ()
        if after == 0:
            rest = Hand(_drop(hand, t), hand.melds, hand.bonus, None)
            waits = hand_waits(rest, shapes).tiles
        discards.append(DiscardOption(Tile(t), after, useful, waits))
    return Analysis(hand, shanten, decompositions=decompositions, discards=tuple(discards))


def _drop(hand: Hand, kind: int) -> tuple[PhysicalTile, ...]:
    """The concealed physical tiles of ``hand`` less one copy of ``kind``."""
    tiles = list(hand.concealed_tiles)
    for i, t in enumerate(tiles):
        if t.kind == kind:
            del tiles[i]
            break
    return tuple(tiles)
