"""The shanten tables are deterministic: a fresh build and the loaded (maybe cached) table match
the recorded digests. Regenerate the digests only after a deliberate change of _tables.py."""

from __future__ import annotations

import pytest

from muraglia.analysis import _tables

SUIT_DIGEST = "07d04eb1520430201e1de3d17272d1dff1c7b3bc504542a8ca4781adb28aa27b"
HONOR_DIGEST = "9d4ab29d6987b8de2d8696260a8d944d2c7ef401632e582192c4d67067b9c058"


def test_fresh_suit_build_digest() -> None:
    assert _tables.table_digest(_tables.build_suit_overlaps()) == SUIT_DIGEST


def test_honor_build_digest() -> None:
    table = _tables.build_honour_overlaps()
    assert _tables.table_digest([table[k] for k in sorted(table)]) == HONOR_DIGEST


def test_loaded_table_matches_digest() -> None:
    _tables.load_tables()
    values = [_tables.SUIT_ENTRIES[_tables.SUIT_IDS[raw]] for raw in _tables._suit_vectors()]
    assert _tables.table_digest(values) == SUIT_DIGEST


@pytest.mark.parametrize(
    ("counts", "shape", "expected"),
    [
        pytest.param((1, 1, 1, 0, 0, 0, 0, 0, 0), (1, 0), 3, id="chow-one-set"),
        pytest.param((1, 1, 1, 0, 0, 0, 0, 0, 0), (1, 1), 3, id="chow-set-and-pair"),
        pytest.param((4, 0, 0, 0, 0, 0, 0, 0, 0), (1, 1), 3, id="quad-cannot-be-pung-and-pair"),
        pytest.param((0, 0, 0, 0, 0, 0, 0, 0, 0), (4, 1), 0, id="empty"),
    ],
)
def test_suit_entries(counts: tuple[int, ...], shape: tuple[int, int], expected: int) -> None:
    _tables.load_tables()
    m, p = shape
    assert _tables.SUIT_ENTRIES[_tables.SUIT_IDS[bytes(counts)]][2 * m + p] == expected
