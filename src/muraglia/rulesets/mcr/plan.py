"""Compiled fan plans: the MCR fast path through the 81 fan predicates (MCR-ALGO-1).

Every fan of :data:`~muraglia.rulesets.mcr.patterns.PATTERNS` declares, next to its predicate,
necessary conditions: the group kinds it needs and how many (``requires``/``min_groups``), at
most how many suits (``max_suits``), one of some flags (``flags_any``), one of some tile kinds
(``tiles_any``), only some tile kinds (``tiles_within``). A :class:`FanPlan` turns them, once
per process, into evaluation steps:

* the group-count, suit and flag conditions are settled per *situation* (concealment, number
  of groups of each kind, number of suits, flags): the surviving steps are cached per
  situation, so a fan whose groups are missing costs nothing;
* the tile conditions become two 34-bit masks tested against the hand's kinds mask (two
  integer operations per step);
* only the remaining predicates are called.

The result equals :meth:`PatternTable.find` with ``among`` (the same patterns, the same
conditions), and the plain evaluation of every predicate, as the conditions are necessary
(``tests/rulesets/mcr/test_plan.py`` checks both on random hands).

>>> from muraglia.rulesets.mcr.patterns import PATTERNS
>>> plan = FanPlan(tuple(PATTERNS))
>>> steps = plan.steps(True, (4, 0, 0, 1, 0, 0), 2, frozenset())
>>> "all_chows" in {s[0] for s in steps}, "all_pungs" in {s[0] for s in steps}
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress

from muraglia.analysis.groups import Group, GroupKind
from muraglia.scoring.context import WinContext
from muraglia.scoring.patterns import Pattern, Predicate
from muraglia.tiles import ALL_KINDS_MASK, KIND_BITS, Tile, mask_of

__all__ = ["KIND_ORDER", "FanPlan", "Step", "group_counts", "kinds_mask", "tiles_mask"]

KIND_ORDER: tuple[GroupKind, ...] = (
    GroupKind.CHOW,
    GroupKind.PUNG,
    GroupKind.KONG,
    GroupKind.PAIR,
    GroupKind.KNITTED,
    GroupKind.SINGLE,
)
"""The order of the group counts of a situation key."""
_INDEX = {k: i for i, k in enumerate(KIND_ORDER)}
_BITS = KIND_BITS
ALL_KINDS = ALL_KINDS_MASK

Step = tuple[str, int, int, Predicate]
"""(pattern id, mask of which one kind must be held, mask of the kinds that must not be held,
predicate)."""

_CACHE_MAX = 4096
"""Bound of the per-plan cache of situations (a few hundred occur)."""


def tiles_mask(tiles: Iterable[Tile]) -> int:
    """The 34-bit mask of some tile kinds.

    >>> tiles_mask([Tile.M1, Tile.M3])
    5
    """
    return mask_of(tiles)


def kinds_mask(counts: Iterable[int]) -> int:
    """The 34-bit mask of the kinds present in 34 counts."""
    return sum(compress(_BITS, counts))


def group_counts(groups: Iterable[Group]) -> tuple[int, ...]:
    """How many groups of each kind of :data:`KIND_ORDER`."""
    out = [0, 0, 0, 0, 0, 0]
    index = _INDEX
    for g in groups:
        out[index[g.kind]] += 1
    return tuple(out)


def _need(p: Pattern) -> tuple[tuple[int, ...], int]:
    return tuple(_INDEX[k] for k in p.requires), max(1, p.min_groups)


class FanPlan:
    """The evaluation plan of some patterns (one MCR shape family)."""

    def __init__(self, patterns: tuple[Pattern, ...]) -> None:
        """A plan over ``patterns`` (in table order)."""
        self.patterns = patterns
        self._cache: dict[tuple[bool, tuple[int, ...], int, frozenset[str]], tuple[Step, ...]] = {}
        self._compiled = tuple(
            (
                p,
                *_need(p),
                tiles_mask(p.tiles_any) or ALL_KINDS,
                ALL_KINDS & ~tiles_mask(p.tiles_within) if p.tiles_within else 0,
            )
            for p in patterns
        )

    def steps(
        self, concealed: bool, present: tuple[int, ...], suits: int, flags: frozenset[str]
    ) -> tuple[Step, ...]:
        """The steps worth trying in a situation (group counts in :data:`KIND_ORDER` order)."""
        key = (concealed, present, suits, flags)
        steps = self._cache.get(key)
        if steps is None:
            if len(self._cache) >= _CACHE_MAX:
                self._cache.clear()
            steps = self._cache[key] = tuple(
                (p.id, any_mask, out_mask, p.predicate)
                for p, need, least, any_mask, out_mask in self._compiled
                if p.value(concealed=concealed) is not None
                and not (need and sum(present[i] for i in need) < least)
                and suits <= p.max_suits
                and not (p.flags_any and p.flags_any.isdisjoint(flags))
            )
        return steps

    @staticmethod
    def run(steps: tuple[Step, ...], ctx: WinContext, kinds: int) -> dict[str, int]:
        """Pattern id -> count of the steps whose tile masks pass and whose predicate holds."""
        found: dict[str, int] = {}
        for pid, any_mask, out_mask, predicate in steps:
            if kinds & out_mask or not kinds & any_mask:
                continue
            n = predicate(ctx)
            if n:
                found[pid] = int(n)
        return found
