"""The search over the arrangements' fans (MCR-ALGO), compiled from the fan table.

The table compiled into shape families and plans, the resolution of the fans found
(MCR-COUNT-2), and the shapes worth trying on a hand.

Everything here is derived from :data:`~muraglia.rulesets.mcr.patterns.PATTERNS` and rebuilt
when the table changes (:func:`compiled`); the shape families come from
:func:`muraglia.rulesets.mcr.shapes.families`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields, is_dataclass, replace
from typing import Any, NamedTuple

from muraglia.analysis.groups import WaitKind
from muraglia.analysis.shapes import (
    HONORS_AND_KNITTED,
    KNITTED_STRAIGHT,
    SEVEN_PAIRS_FOUR_AS_TWO,
    STANDARD,
    THIRTEEN_ORPHANS,
    Shape,
)
from muraglia.errors import RulesetError
from muraglia.hand import Hand
from muraglia.rulesets.mcr import native
from muraglia.rulesets.mcr.patterns import HEADS, PATTERNS, SUITED
from muraglia.rulesets.mcr.plan import FanPlan, kinds_mask, tiles_mask
from muraglia.rulesets.mcr.shapes import KNITTED_MASKS, families
from muraglia.scoring.patterns import Pattern, PatternTable
from muraglia.scoring.result import Award

__all__ = [
    "NO_WAIT_FANS",
    "WAIT_KINDS",
    "Compiled",
    "award_of",
    "awards_of",
    "check_declared",
    "compiled",
    "fan_kernel",
    "possible_shapes",
    "resolve",
    "resolve_ids",
    "run_steps",
    "usable",
]

WAIT_KINDS = (WaitKind.EDGE, WaitKind.CLOSED, WaitKind.SINGLE)
NO_WAIT_FANS = frozenset({"seven_pairs", "thirteen_orphans"})
"""Shapes whose own fan excludes the wait fans they could have (Single Wait)."""
_ORPHANS_MASK = tiles_mask(HEADS)
_SUITED_MASK = tiles_mask(SUITED)
_STANDARD_ONLY: tuple[Shape, ...] = (STANDARD,)


_AWARDS: dict[tuple[str, int, int], Award] = {}


class Compiled(NamedTuple):
    """The fast path's view of :data:`PATTERNS` (rebuilt when the table changes)."""

    version: int
    """``PATTERNS.version`` it was built from."""
    among: Mapping[str, tuple[Pattern, ...]]
    """The fans tried on each shape (:mod:`~muraglia.rulesets.mcr.shapes` families)."""
    plans: Mapping[str, FanPlan]
    """The compiled evaluation plan of each shape family."""
    value: Mapping[str, int]
    rank: Mapping[str, int]
    excludes: Mapping[str, tuple[str, ...]]
    kernel: object | None = None
    """The same ids, values and exclusions handed to the native kernel (``_cmcr.table``), or
    None (no kernel)."""


def _compile() -> Compiled:
    """Compile :data:`PATTERNS` into shape families, plans and resolution data."""
    among = families(PATTERNS)
    value = {p.id: p.closed or 0 for p in PATTERNS}
    rank = {p.id: i for i, p in enumerate(PATTERNS)}
    excludes = {p.id: p.excludes for p in PATTERNS}
    return Compiled(
        PATTERNS.version,
        among,
        {shape: FanPlan(fans) for shape, fans in among.items()},
        value,
        rank,
        excludes,
        native.table(
            tuple(value),
            tuple(value.values()),
            tuple(tuple(rank[x] for x in ex) for ex in excludes.values()),
        ),
    )


_COMPILED = [_compile()]


def compiled() -> Compiled:
    """The compiled view of :data:`PATTERNS`, rebuilt if a fan was registered since."""
    c = _COMPILED[0]
    if c.version != PATTERNS.version:
        c = _COMPILED[0] = _compile()
    return c


def check_declared(table: PatternTable) -> None:
    """Check that every fan id the kernel detects is declared in ``table`` (run at import).

    Raises:
        RulesetError: naming a detected id without a declaration (a second source of truth).
    """
    undeclared = native.COVERS - {p.id for p in table}
    if undeclared:
        raise RulesetError(
            f"{table.ruleset}: the MCR kernel detects undeclared fans {sorted(undeclared)}"
        )


def usable(table: PatternTable) -> bool:
    """Whether the kernel scores ``table`` exactly as its declared predicates do.

    Only if it declares exactly the fans the kernel detects
    (:data:`~muraglia.rulesets.mcr.native.COVERS`).

    >>> usable(PATTERNS)
    True
    """
    return {p.id for p in table} == native.COVERS


check_declared(PATTERNS)

_FAN_KERNELS: dict[tuple[int, tuple[tuple[str, int], ...], tuple[Any, ...]], object | None] = {}


def fan_kernel(values: Mapping[str, int], options: Any) -> object | None:
    """The kernel's fan state for a ruleset (its edition's ``values`` and its ``options``).

    Compiled from the declared table; None without a kernel, when the table declares a fan the
    kernel does not detect (:func:`usable`) or the options hold one it does not implement.

    Values, exclusions (:func:`compiled`), the fans tried on each shape
    (:func:`~muraglia.rulesets.mcr.shapes.families`) and the tile sets of Reversible Tiles and
    All Green are read from the declarations. Cached per table version, values and options.
    """
    c = compiled()
    names = {f.name for f in fields(options)} if is_dataclass(options) else set()
    if c.kernel is None or names != native.KERNEL_OPTIONS or not usable(PATTERNS):
        return None
    opts = (options.two_kongs_mixed, options.seven_pairs_all_types,
            options.single_wait_four_concealed)  # fmt: skip
    key = (c.version, tuple(sorted(values.items())), opts)
    if key in _FAN_KERNELS:
        return _FAN_KERNELS[key]
    ids = native.KERNEL_IDS
    at = {pid: i for i, pid in enumerate(ids)}
    try:
        state = native.fans(
            c.kernel,
            tuple(c.rank[pid] for pid in ids),
            tuple(values.get(pid, c.value[pid]) for pid in ids),
            tuple(tuple(at[p.id] for p in c.among[shape.id]) for shape in native.KERNEL_SHAPES),
            (
                tuple(int(t) for t in PATTERNS["reversible_tiles"].tiles_within),
                tuple(int(t) for t in PATTERNS["all_green"].tiles_within),
            ),
            (int(opts[0]), int(opts[1]), int(opts[2])),
            award_of,
        )
    except ValueError:  # a build whose fan list differs from KERNEL_IDS: the predicates
        state = None
    if len(_FAN_KERNELS) >= 64:
        _FAN_KERNELS.clear()
    _FAN_KERNELS[key] = state
    return state


def award_of(pid: str, n: int, per: int) -> Award:
    """The award of fan ``pid`` applied ``n`` times at ``per`` each.

    Shared per (fan, count, value): awards are immutable.
    """
    award = _AWARDS.get((pid, n, per))
    if award is None:
        award = PATTERNS[pid].award(n)
        if award.value != per * n:
            award = replace(award, value=per * n)
        _AWARDS[pid, n, per] = award
    return award


def awards_of(kept: Iterable[tuple[str, int, int]]) -> tuple[Award, ...]:
    """The awards of resolved ``(id, count, value per application)`` triples."""
    return tuple(award_of(pid, n, per) for pid, n, per in kept)


def resolve(found: Mapping[str, int], values: Mapping[str, int]) -> tuple[Award, ...]:
    """:meth:`PatternTable.resolve` for the MCR table (no implications, no limit hands).

    From the highest total down (ties: table order) a fan excluded by a kept one is dropped
    (MCR-COUNT-2); ``values`` overrides some values per application (editions, options).
    Awards are shared per (fan, count, value): they are immutable.

    >>> [(a.id, a.value) for a in resolve({"all_chows": 1, "no_honours": 1}, {})]
    [('all_chows', 2)]
    """
    return awards_of(resolve_ids(compiled(), found, values))


def _pure_resolve_ids(
    c: Compiled, found: Mapping[str, int], values: Mapping[str, int] | None
) -> tuple[tuple[str, int, int], ...]:
    """The fans kept from ``found`` (MCR-COUNT-2), as (id, count, value per application).

    By decreasing total, then table order, each fan drops the fans it excludes; the kept ones
    are given in table order. ``values`` overrides the table's values of some fans.
    """
    value = c.value
    if values:
        value = {**value, **values}
    rank = c.rank
    excludes = c.excludes
    dropped: set[str] = set()
    kept: list[str] = []
    for pid in sorted(found, key=lambda pid: (-value[pid] * found[pid], rank[pid])):
        if pid in dropped:
            continue
        kept.append(pid)
        dropped.update(excludes[pid])
    kept.sort(key=rank.__getitem__)
    return tuple((pid, found[pid], value[pid]) for pid in kept)


def _native_resolve_ids(
    c: Compiled, found: Mapping[str, int], values: Mapping[str, int] | None
) -> tuple[tuple[str, int, int], ...]:
    """:func:`_pure_resolve_ids` in C (the table handed over by :func:`_compile`)."""
    if c.kernel is None or not isinstance(found, dict):
        return _pure_resolve_ids(c, found, values)
    out: tuple[tuple[str, int, int], ...] = native.resolve(c.kernel, found, values or None)
    return out


resolve_ids = _native_resolve_ids if native.NATIVE else _pure_resolve_ids
"""The resolution of the fans found: in C when the kernel is built, else the reference."""

_pure_run_steps = FanPlan.run
run_steps = native.run_steps if native.run_steps is not None else FanPlan.run
""":meth:`FanPlan.run`: in C when the kernel is built (the predicates stay Python)."""


def possible_shapes(h: Hand, kinds: int | None = None) -> tuple[Shape, ...]:
    """The MCR shapes worth trying on ``h`` (mask and count tests before decomposing).

    ``kinds`` is the mask of the hand's kinds (:func:`~muraglia.rulesets.mcr.plan.kinds_mask`
    of ``h.counts``). Knitted shapes need the nine tiles (or, honours and knitted, only tiles)
    of one knitted straight; thirteen orphans exactly the thirteen kinds.
    """
    if kinds is None:
        kinds = kinds_mask(h.counts)
    distinct = kinds.bit_count()
    knitted = distinct >= 9 and any(m & kinds == m for m in KNITTED_MASKS)
    if h.melds:
        return (STANDARD, KNITTED_STRAIGHT) if len(h.melds) == 1 and knitted else (STANDARD,)
    if 7 < distinct < 13 and not knitted:  # the usual case: sets and a pair
        return _STANDARD_ONLY
    counts = h.concealed_counts
    out: list[Shape] = [STANDARD]
    if distinct <= 7 and all(n % 2 == 0 for n in counts):
        out.append(SEVEN_PAIRS_FOUR_AS_TWO)
    if kinds == _ORPHANS_MASK:
        out.append(THIRTEEN_ORPHANS)
    suited = kinds & _SUITED_MASK
    if distinct == 14 and any(suited & ~m == 0 for m in KNITTED_MASKS):
        out.append(HONORS_AND_KNITTED)
    if knitted:
        out.append(KNITTED_STRAIGHT)
    return tuple(out)


_possible_shapes = possible_shapes
"""Old private name of :func:`possible_shapes`."""
