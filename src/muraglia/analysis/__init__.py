"""Hand analysis: winning shapes, decompositions, waits, shanten and useful tiles.

The modules: :mod:`~muraglia.analysis.shapes` (pluggable winning shapes),
:mod:`~muraglia.analysis.decompose` (every decomposition), :mod:`~muraglia.analysis.waits`
(winning tiles and wait kinds), :mod:`~muraglia.analysis.shanten` (table-driven shanten and
ukeire) and :mod:`~muraglia.analysis.report` (:func:`analyze`, all of it in one call).
"""

from muraglia.analysis.decompose import decompose, decompose_counts
from muraglia.analysis.groups import Decomposition, Group, GroupKind, WaitKind
from muraglia.analysis.report import Analysis, DiscardOption, analyze
from muraglia.analysis.shanten import shanten_all, ukeire
from muraglia.analysis.shapes import DEFAULT_SHAPES, Shape, shape_shanten
from muraglia.analysis.waits import Waits, readings, waits, winning_tiles

__all__ = [
    "DEFAULT_SHAPES",
    "Analysis",
    "Decomposition",
    "DiscardOption",
    "Group",
    "GroupKind",
    "Shape",
    "WaitKind",
    "Waits",
    "analyze",
    "decompose",
    "decompose_counts",
    "readings",
    "shanten_all",
    "shape_shanten",
    "ukeire",
    "waits",
    "winning_tiles",
]
