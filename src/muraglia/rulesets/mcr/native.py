"""The optional native kernel of the MCR scorer (``_cmcr``, C): decompositions, fan plans.

:data:`decompositions` is ``shape.decompose(hand)`` as a list for MCR's shapes
(:data:`standard_decompositions` for the standard one): the same :class:`Decomposition`
objects in the same order, enumerated in C when the kernel is built (``setup.py``; ``gcc``
by hand: ``docs/performance.md``), in Python otherwise or under ``MURAGLIA_PURE=1`` (the
reference, :data:`NATIVE` says which). The kernel gets the concealed group objects, the
group and decomposition classes from here once and only enumerates (the melds' groups made as
:func:`~muraglia.analysis.shapes.meld_group` makes them); anything it does not take (a counts
object that is not a tuple of 34 ints in 0-4, a meld of another form) is handed to the
reference.
The kernel also reads the winning tile on each decomposition (:data:`readings`), tests
whether a hand waited on one tile kind (:data:`single_tile_wait`), runs the
fan plans' loop (:data:`run_steps`, the predicates staying Python)
and resolves the fans found (:func:`resolve`) over the table :mod:`.search` hands it (ids,
values, exclusions read from the declared table; nothing of it is written in C).
``tests/rulesets/mcr/test_native.py`` runs both paths on the same generated hands.

>>> from muraglia.notation import parse_hand
>>> [str(g) for g in standard_decompositions(parse_hand("111222333m55p[789s]+5p"))[0].groups]
['123m', '123m', '123m', '55p', '[789s]']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from muraglia.analysis.groups import Decomposition, Group, GroupKind, WaitKind
from muraglia.analysis.shapes import (
    HONORS_AND_KNITTED,
    KNITTED_STRAIGHT,
    SEVEN_PAIRS_FOUR_AS_TWO,
    STANDARD,
    THIRTEEN_ORPHANS,
    Shape,
)
from muraglia.analysis.waits import Reading
from muraglia.analysis.waits import readings as _pure_readings
from muraglia.hand import Hand
from muraglia.kernels import compiled
from muraglia.melds import SET_SIZE, MeldKind
from muraglia.rulesets.mcr.counting import single_tile_wait as _pure_single_tile_wait
from muraglia.tiles import NUM_KINDS, NUM_SUITED, RANKS, Tile

__all__ = [
    "COVERS",
    "KERNEL_FLAGS",
    "KERNEL_IDS",
    "KERNEL_OPTIONS",
    "KERNEL_SHAPES",
    "NATIVE",
    "best_fans",
    "decompositions",
    "fans",
    "setup_locate",
    "readings",
    "single_tile_wait",
    "standard_decompositions",
]

_KNITTED_STARTS = 3
"""Start ranks of a knitted run (1-4-7, 2-5-8, 3-6-9): the kernel's knitted table has these."""


KERNEL_IDS: tuple[str, ...] = (
    "pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows",
    "pung_of_terminals_or_honours", "melded_kong", "one_voided_suit", "no_honours", "edge_wait",
    "closed_wait", "single_wait", "self_drawn", "flower_tiles", "dragon_pung", "prevalent_wind",
    "seat_wind", "concealed_hand", "all_chows", "tile_hog", "double_pung", "two_concealed_pungs",
    "concealed_kong", "all_simples", "outside_hand", "fully_concealed_hand", "two_kongs",
    "last_tile", "all_pungs", "half_flush", "mixed_shifted_chows", "all_types", "melded_hand",
    "two_concealed_kongs", "two_dragon_pungs", "mixed_straight", "reversible_tiles",
    "mixed_triple_chow", "mixed_shifted_pungs", "chicken_hand", "last_tile_draw",
    "last_tile_claim", "out_with_replacement_tile", "robbing_the_kong",
    "lesser_honours_and_knitted_tiles", "knitted_straight", "upper_four", "lower_four",
    "big_three_winds", "pure_straight", "three_suited_terminal_chows", "pure_shifted_chows",
    "all_fives", "triple_pung", "three_concealed_pungs", "seven_pairs",
    "greater_honours_and_knitted_tiles", "all_even_pungs", "full_flush", "pure_triple_chow",
    "pure_shifted_pungs", "upper_tiles", "middle_tiles", "lower_tiles", "four_shifted_chows",
    "three_kongs", "all_terminals_and_honours", "quadruple_chow", "four_pure_shifted_pungs",
    "all_terminals", "little_four_winds", "little_three_dragons", "all_honours",
    "four_concealed_pungs", "pure_terminal_chows", "big_four_winds", "big_three_dragons",
    "all_green", "nine_gates", "four_kongs", "seven_shifted_pairs", "thirteen_orphans",
)  # fmt: skip
"""The fan ids the kernel's :data:`best_fans` detects, by the kernel's fan codes (``_cmcr.c``
lists the same ids in the same order, with their rule ids; :func:`fans` checks both agree).
Chicken Hand is covered by the caller (given when nothing else scores, MCR-GAP-2)."""

COVERS: frozenset[str] = frozenset(KERNEL_IDS)
"""Exactly the fan ids the kernel detects: a table declaring any other id (a fan added to
``patterns.py``) is scored through the declared predicates
(:func:`muraglia.rulesets.mcr.search.usable`)."""

KERNEL_FLAGS: dict[str, int] = {
    "last_tile": 1,
    "replacement": 2,
    "robbing_kong": 4,
    "last_of_kind": 8,
}
"""The situational flags the kernel reads (its flag bits); any other flag: the predicates."""

KERNEL_OPTIONS = frozenset(
    {"edition", "two_kongs_mixed", "seven_pairs_all_types", "single_wait_four_concealed"}
)
"""The MCR options the kernel implements (the edition through the values it is given); an
options object with any other field is scored through the predicates."""

KERNEL_SHAPES: tuple[Shape, ...] = (
    STANDARD,
    SEVEN_PAIRS_FOUR_AS_TWO,
    THIRTEEN_ORPHANS,
    HONORS_AND_KNITTED,
    KNITTED_STRAIGHT,
)
"""The shapes the kernel scores, by its shape codes."""

_GROUP_KINDS: tuple[GroupKind, ...] = (GroupKind.CHOW, GroupKind.PUNG, GroupKind.KONG)
_GROUP_KINDS += (GroupKind.PAIR, GroupKind.KNITTED, GroupKind.SINGLE)
"""The group kinds handed to the kernel's :func:`fans`, in its order."""

_WAITS: tuple[WaitKind, ...] = (WaitKind.TWO_SIDED, WaitKind.CLOSED, WaitKind.EDGE)
_WAITS += (WaitKind.SINGLE, WaitKind.DUAL_PUNG, WaitKind.SPECIAL)
"""The wait kinds handed to the kernel, in the order ``setup_readings`` takes them."""


_SPECIAL: dict[Shape, int] = {
    SEVEN_PAIRS_FOUR_AS_TWO: 0,
    THIRTEEN_ORPHANS: 1,
    HONORS_AND_KNITTED: 2,
    KNITTED_STRAIGHT: 3,
}
"""MCR's special shapes (:data:`~muraglia.rulesets.mcr.shapes.SHAPES`) by the kernel's number."""


def _load_native() -> ModuleType | None:
    """The compiled kernel, set up, unless ``MURAGLIA_PURE=1`` or not built."""
    module = compiled("muraglia.rulesets.mcr._cmcr")
    if module is None:
        return None
    module.setup(
        tuple(
            Group(GroupKind.CHOW, Tile(t)) if t % RANKS <= RANKS - SET_SIZE else None
            for t in range(NUM_SUITED)
        ),
        tuple(Group(GroupKind.PUNG, Tile(t)) for t in range(NUM_KINDS)),
        tuple(Group(GroupKind.PAIR, Tile(t)) for t in range(NUM_KINDS)),
        Decomposition,
        STANDARD.id,
    )
    module.setup_readings(
        Reading,
        Decomposition,
        _WAITS,
        (GroupKind.CHOW, GroupKind.PUNG, GroupKind.PAIR, GroupKind.KNITTED),
    )
    module.setup_special(
        tuple(Group(GroupKind.SINGLE, Tile(t)) for t in range(NUM_KINDS)),
        tuple(
            Group(GroupKind.KNITTED, Tile(t)) if t % RANKS < _KNITTED_STARTS else None
            for t in range(NUM_SUITED)
        ),
        tuple(shape.id for shape in _SPECIAL),
    )
    module.setup_melds(
        Group,
        tuple(Tile(t) for t in range(NUM_KINDS)),
        (MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG),
        (GroupKind.CHOW, GroupKind.PUNG, GroupKind.KONG),
    )
    return module


_native = _load_native()
NATIVE = _native is not None
_fans: ModuleType | None = (
    _native
    if _native is not None and all(hasattr(_native, f) for f in ("fans", "best", "setup_locate"))
    else None
)
"""The kernel when its build has the fan scorer (a stale build without it: the predicates)."""
"""Whether :func:`standard_decompositions` runs the compiled kernel."""


def table(
    ids: tuple[str, ...], values: tuple[int, ...], excludes: tuple[tuple[int, ...], ...]
) -> object | None:
    """The fan table handed to the kernel, or None without a kernel.

    ``ids`` in table order, their values, their exclusions by position.
    """
    return None if _native is None else _native.table(ids, values, excludes)


def resolve(table: object, found: dict[str, int], values: Any) -> Any:
    """The kernel's resolution (:func:`muraglia.rulesets.mcr.search._pure_resolve_ids`)."""
    assert _native is not None
    return _native.resolve(table, found, values)


def fans(  # noqa: PLR0917 - one call per table and ruleset, by position
    table: object,
    positions: tuple[int, ...],
    values: tuple[int, ...],
    families: tuple[tuple[int, ...], ...],
    tiles: tuple[tuple[int, ...], tuple[int, ...]],
    options: tuple[int, int, int],
    make_award: Callable[[str, int, int], Any],
) -> object | None:
    """The state of :data:`best_fans`, or None without a kernel.

    ``table`` is :func:`table`'s; per :data:`KERNEL_IDS` position: the fan's position in the
    table and its value per application; per :data:`KERNEL_SHAPES` shape: the kernel positions
    of the fans tried on it; the tile kinds of Reversible Tiles and All Green; the options
    (``two_kongs_mixed``, ``seven_pairs_all_types``, ``single_wait_four_concealed``);
    ``make_award(id, count, value per application)``, the table's award (kept by the kernel).

    Raises:
        ValueError: if the kernel's own fan list differs from :data:`KERNEL_IDS`.
    """
    if _fans is None:
        return None
    state: object = _fans.fans(
        table,
        KERNEL_IDS,
        positions,
        values,
        families,
        tuple(shape.id for shape in KERNEL_SHAPES),
        _GROUP_KINDS,
        tiles,
        options,
        make_award,
    )
    return state


def setup_locate(deferred: type, partial: type, locate: Callable[..., Any]) -> None:
    """Hand the kernel how :data:`best_fans` makes its located awards (no-op without it).

    ``deferred(partial(locate, context, awards))``: made on first read.
    """
    if _fans is not None:
        _fans.setup_locate(deferred, partial, locate)


def _pure_best_fans(*args: Any) -> Any:
    """The pure stand-in of the kernel's ``best``: always ``NotImplemented``.

    The declared predicates then score (``McrRules._scored``).
    """
    return NotImplemented


best_fans: Callable[..., Any] = _pure_best_fans if _fans is None else _fans.best
"""The kernel's best reading of a hand under every MCR shape: ``best_fans(state,
concealed_counts, melds, counts, winning, tsumo, seat, round, flag_bits, flowers, hand, win,
flags, options)`` -> ``(decomposition, awards located on first read, awards, fan, total,
flowers)`` (Chicken Hand given when nothing scores; ``fan`` without flowers, ``total`` with
them; the located awards through :func:`setup_locate`), None (no reading) or NotImplemented
(anything it does not take, and always without the kernel)."""

run_steps: Callable[[Any, Any, int], dict[str, int]] | None = (
    None if _native is None else _native.run
)
"""The kernel's :meth:`FanPlan.run <muraglia.rulesets.mcr.plan.FanPlan.run>`, or None."""


def _pure_standard_decompositions(hand: Hand) -> list[Decomposition]:
    """The reference: :meth:`STANDARD.decompose` as a list."""
    return list(STANDARD.decompose(hand))


def _native_standard_decompositions(hand: Hand) -> list[Decomposition]:
    """The kernel's decompositions (the reference's for what it hands back)."""
    assert _native is not None
    out: list[Decomposition] | object = _native.standard(hand.concealed_counts, hand.melds)
    if isinstance(out, list):
        return out
    return _pure_standard_decompositions(hand)


standard_decompositions = (
    _pure_standard_decompositions if _native is None else _native_standard_decompositions
)
"""Every standard decomposition of a hand (four sets and a pair, melds included), in C when
the kernel is built, else the reference."""


def _native_readings(decomposition: Decomposition, winning_tile: Tile) -> tuple[Reading, ...]:
    """The kernel's readings (the reference's for what it hands back)."""
    assert _native is not None
    out: tuple[Reading, ...] | object = _native.readings(decomposition, winning_tile)
    if isinstance(out, tuple):
        return out
    return _pure_readings(decomposition, winning_tile)


readings = _pure_readings if _native is None else _native_readings
""":func:`muraglia.analysis.waits.readings` (every way the winning tile completes a concealed
group), in C when the kernel is built, else the reference."""


def _native_single_tile_wait(concealed13: Sequence[int], melds: int, held: Sequence[int]) -> bool:
    """The kernel's single-tile-wait test (the reference's for what it hands back)."""
    assert _native is not None
    out: bool | object = _native.single_tile_wait(concealed13, melds, held)
    if isinstance(out, bool):
        return out
    return _pure_single_tile_wait(concealed13, melds, held)


single_tile_wait = _pure_single_tile_wait if _native is None else _native_single_tile_wait
""":func:`muraglia.rulesets.mcr.counting.single_tile_wait` (MCR-COUNT-7), in C when the kernel
is built, else the reference."""


def _pure_decompositions(shape: Shape, hand: Hand) -> list[Decomposition]:
    """The reference: ``shape.decompose(hand)`` as a list."""
    return list(shape.decompose(hand))


def _native_decompositions(shape: Shape, hand: Hand) -> list[Decomposition]:
    """The kernel's decompositions under MCR's shapes.

    The reference's for any other shape, or for what the kernel hands back.
    """
    assert _native is not None
    if shape is STANDARD:
        return _native_standard_decompositions(hand)
    kind = _SPECIAL.get(shape)
    if kind is not None:
        out: list[Decomposition] | object = _native.special(kind, hand.concealed_counts, hand.melds)
        if isinstance(out, list):
            return out
    return _pure_decompositions(shape, hand)


decompositions = _pure_decompositions if _native is None else _native_decompositions
"""Every decomposition of a hand under one shape (MCR's: standard, seven pairs with four alike
as two pairs, thirteen orphans, honours and knitted, knitted straight), in C when the kernel
is built, else the reference."""
