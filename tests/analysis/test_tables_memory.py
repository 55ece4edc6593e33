"""The shanten tables stay compact: dense id bytes behind bounded lazy dictionaries.

Before, the tables were dictionaries of all 448,480 group vectors (about 44 MB as Python
objects for 46 kB on disk); ``bench/bench_memory.py`` gives the whole-process figures.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from muraglia.analysis import _tables
from muraglia.analysis.shanten import _id_or_none, shanten_all

pytestmark = pytest.mark.usefixtures("kernels")  # compiled, then pure-Python shanten kernels


def test_dense_tables_cover_every_vector() -> None:
    _tables.load_tables()
    assert len(_tables.SUIT_DENSE) == 5**9
    assert len(_tables.HONOUR_DENSE) == 5**7
    valid = sum(1 for b in _tables.SUIT_DENSE if b != 0xFF)
    assert valid == 405_350
    assert sum(1 for b in _tables.HONOUR_DENSE if b != 0xFF) == 43_130


def test_lazy_ids_refuse_what_a_full_table_lacks() -> None:
    _tables.load_tables()
    for bad in (bytes([5, 0, 0, 0, 0, 0, 0, 0, 0]), bytes([4, 4, 4, 3, 0, 0, 0, 0, 0]), b"\0" * 8):
        with pytest.raises(KeyError):
            _tables.SUIT_IDS[bad]
        assert _id_or_none(_tables.SUIT_IDS, bad) == -1
    with pytest.raises(KeyError):
        _tables.HONOUR_IDS[bytes([4, 4, 4, 3, 0, 0, 0])]
    assert _tables.HONOUR_IDS[bytes([4, 4, 4, 2, 0, 0, 0])] >= 0


def test_lazy_ids_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    _tables.load_tables()
    monkeypatch.setattr(_tables, "_LAZY_MAX", 100)
    ids = _tables.LazyIds(9)
    ids.dense = _tables.SUIT_DENSE
    vectors = _tables._suit_vectors()[:1000]
    got = [ids[v] for v in vectors]
    assert len(ids) <= 100
    assert got == [_tables.SUIT_IDS[v] for v in vectors]


def test_hand_with_too_many_tiles_in_a_suit_is_refused() -> None:
    from muraglia.errors import InvalidHandError

    with pytest.raises(InvalidHandError, match="more than 14"):
        shanten_all([4, 4, 4, 3] + [0] * 30)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_loading_the_tables_costs_a_few_megabytes() -> None:
    if _tables._read_cache() is None:  # measure a load from the cache, not a first build
        _tables._write_cache(_tables._build_payload())
    if _tables._read_cache() is None:
        pytest.skip("the table cache cannot be written here: every process builds the tables")
    script = textwrap.dedent(
        """
        def rss():
            for line in open("/proc/self/status"):
                if line.startswith(("VmRSS:", "VmHWM:")):
                    yield int(line.split()[1]) / 1024
        from muraglia.analysis.shanten import shanten_all
        before = list(rss())
        shanten_all(([1, 1, 1] + [0] * 6) * 3 + [3, 1] + [0] * 5)
        after = list(rss())
        print(after[0] - before[0], after[1] - before[1])
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout.split()
    grown, peak_grown = float(out[0]), float(out[1])
    assert grown < 8, f"the tables took {grown:.1f} MB resident (was about 44)"
    assert peak_grown < 12, f"loading peaked {peak_grown:.1f} MB above the import"
