"""The optional native kernel of the MCR scorer (``_cmcr``, C): the standard decompositions.

:func:`standard_decompositions` is :meth:`STANDARD.decompose
<muraglia.analysis.shapes.Standard.decompose>` as a list: the same :class:`Decomposition`
objects in the same order, enumerated in C when the kernel is built (``setup.py``; ``gcc``
by hand: ``docs/performance.md``), in Python otherwise or under ``MURAGLIA_PURE=1`` (the
reference, :data:`NATIVE` says which). The kernel gets the concealed group objects, the
group and decomposition classes from here once and only enumerates (the melds' groups made as
:func:`~muraglia.analysis.shapes.meld_group` makes them); anything it does not take (a counts
object that is not a tuple of 34 ints in 0-4, a meld of another form) is handed to the
reference.
``tests/rulesets/mcr/test_native.py`` runs both on the same generated hands.

>>> from muraglia.notation import parse_hand
>>> [str(g) for g in standard_decompositions(parse_hand("111222333m55p[789s]+5p"))[1].groups]
['123m', '123m', '123m', '55p', '[789s]']
"""

from __future__ import annotations

import os
from types import ModuleType

from muraglia.analysis.groups import Decomposition, Group, GroupKind
from muraglia.analysis.shapes import STANDARD
from muraglia.hand import Hand
from muraglia.melds import MeldKind
from muraglia.tiles import Tile

__all__ = ["NATIVE", "standard_decompositions"]


def _load_native() -> ModuleType | None:
    """The compiled kernel, set up, unless ``MURAGLIA_PURE=1`` or not built."""
    if os.environ.get("MURAGLIA_PURE", "") not in ("", "0"):
        return None
    try:
        from muraglia.rulesets.mcr import _cmcr  # type: ignore[attr-defined]  # noqa: PLC0415
    except ImportError:
        return None
    module: ModuleType = _cmcr
    module.setup(
        tuple(Group(GroupKind.CHOW, Tile(t)) if t % 9 < 7 else None for t in range(27)),
        tuple(Group(GroupKind.PUNG, Tile(t)) for t in range(34)),
        tuple(Group(GroupKind.PAIR, Tile(t)) for t in range(34)),
        Decomposition,
        STANDARD.id,
    )
    module.setup_melds(
        Group,
        tuple(Tile(t) for t in range(34)),
        (MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG),
        (GroupKind.CHOW, GroupKind.PUNG, GroupKind.KONG),
    )
    return module


_native = _load_native()
NATIVE = _native is not None
"""Whether :func:`standard_decompositions` runs the compiled kernel."""


def _pure_standard_decompositions(hand: Hand) -> list[Decomposition]:
    """The reference: :meth:`STANDARD.decompose` as a list."""
    return list(STANDARD.decompose(hand))


def standard_decompositions(hand: Hand) -> list[Decomposition]:
    """Every standard decomposition of ``hand`` (four sets and a pair, melds included)."""
    if _native is not None:
        out: list[Decomposition] | object = _native.standard(hand.concealed_counts, hand.melds)
        if isinstance(out, list):
            return out
    return _pure_standard_decompositions(hand)
