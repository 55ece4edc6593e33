"""Per-suit shanten tables (private; used by :mod:`muraglia.analysis.shanten`).

For every count vector ``c`` of one suit (nine ranks, 0-4 copies each, at most 14 tiles: 405,350
vectors) and every target shape "``m`` sets (0-4) and ``p`` pairs (0-1)", the table stores the
*overlap*: the largest number of the suit's tiles that a valid target group of that shape can use::

    overlap(c, m, p) = max { sum_r min(c_r, t_r) : t = m sets + p pairs of this suit, t_r <= 4 }

so the number of tiles still missing for that shape is ``3m + 2p - overlap``. The honour table
does the same for the seven honour kinds (pungs and one pair, no chows).

Construction (exact, no heuristics), for each shape bit ``(m, p)``:

1. enumerate every target vector ``t`` (multisets of chows/pungs plus an optional pair, at most
   four copies of a rank) and mark it;
2. close the marks downwards: ``d`` is *reachable* if ``d <= t`` for a marked ``t``, i.e. ``d`` can
   grow into the shape (visiting vectors by decreasing size, ``S(c - e_r) |= S(c)``);
3. ``overlap(c) = max { |d| : d <= c, d reachable }``, computed upwards by increasing size as a
   thermometer code (bit ``k`` set when ``overlap >= k``), so that the maximum over the nine
   predecessors ``c - e_r`` is a plain bitwise OR.

Vectors are indexed by their base-5 key (digit ``r`` = copies of rank ``r + 1``). The tables are
dictionaries from the 9-byte (7-byte for honours) ``bytes`` of the counts to interned tuples, so
the hot path keys them with a slice of ``bytes(counts)``. Building takes a few seconds of pure
Python, so the result is cached under the user cache directory (``$XDG_CACHE_HOME`` or
``~/.cache``) in a small zlib-compressed file, named and verified by its SHA-256 digest; a
corrupt or missing cache is rebuilt silently.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import zlib
from pathlib import Path

__all__ = [
    "HONOR_TABLE",
    "SHAPES",
    "SUIT_TABLE",
    "build_honor_overlaps",
    "build_suit_overlaps",
    "load_tables",
    "table_digest",
]

SHAPES: tuple[tuple[int, int], ...] = tuple((m, p) for m in range(5) for p in range(2))
"""The shape order of a table entry: index ``2 * m + p`` holds ``overlap(c, m, p)``."""

_MAX_SUIT = 14
_P5 = tuple(5**i for i in range(9))
_FORMAT_VERSION = 1

SUIT_TABLE: dict[bytes, tuple[int, ...]] = {}
"""Suit table: ``bytes`` of the nine counts -> the ten overlaps in :data:`SHAPES` order."""
HONOR_TABLE: dict[bytes, tuple[int, ...]] = {}
"""Honour table: ``bytes`` of the seven counts -> the ten overlaps in :data:`SHAPES` order."""


def _keys_by_size(ranks: int, limit: int) -> list[list[int]]:
    """Base-5 keys of all vectors of ``ranks`` digits (0-4) with sum <= limit, grouped by sum."""
    layers: list[list[tuple[int, int]]] = [[(0, 0)]]
    for i in range(ranks):
        step = 5**i
        nxt: list[tuple[int, int]] = []
        for key, total in layers[-1]:
            for v in range(min(4, limit - total) + 1):
                nxt.append((key + v * step, total + v))
        layers.append(nxt)
    by_size: list[list[int]] = [[] for _ in range(limit + 1)]
    for key, total in layers[-1]:
        by_size[total].append(key)
    return by_size


def build_suit_overlaps() -> list[tuple[int, ...]]:
    """Compute the suit overlaps for every vector, in increasing base-5 key order of valid keys.

    Returns:
        One 10-tuple per vector with at most 14 tiles, ordered by base-5 key.
    """
    by_size = _keys_by_size(9, _MAX_SUIT)
    size = 5**9
    marks = [0] * size
    sets = [(3 * _P5[r], (r,) * 3) for r in range(9)] + [
        (_P5[r] + _P5[r + 1] + _P5[r + 2], (r, r + 1, r + 2)) for r in range(7)
    ]
    # 1. targets
    for m in range(5):
        for combo in itertools.combinations_with_replacement(range(16), m):
            vec = [0] * 9
            key = 0
            for s in combo:
                key += sets[s][0]
                for r in sets[s][1]:
                    vec[r] += 1
            if max(vec) > 4:
                continue
            marks[key] |= 1 << (2 * m)
            for r in range(9):
                if vec[r] <= 2:
                    marks[key + 2 * _P5[r]] |= 1 << (2 * m + 1)
    # 2. downward closure
    p5 = _P5
    for total in range(_MAX_SUIT, 0, -1):
        for key in by_size[total]:
            bits = marks[key]
            if bits:
                rest = key
                for i in range(9):
                    if rest % 5:
                        marks[key - p5[i]] |= bits
                    rest //= 5
    # 3. upward thermometer: 15-bit field per shape, bit k set when overlap >= k + 1
    expand = [[0] * 1024 for _ in range(_MAX_SUIT + 1)]
    for total in range(1, _MAX_SUIT + 1):
        level = (1 << total) - 1
        for mask in range(1024):
            value = 0
            for shape in range(10):
                if mask >> shape & 1:
                    value |= level << (15 * shape)
            expand[total][mask] = value
    thermo = [0] * size
    for total in range(1, _MAX_SUIT + 1):
        exp_row = expand[total]
        for key in by_size[total]:
            acc = exp_row[marks[key]]
            rest = key
            for i in range(9):
                if rest % 5:
                    acc |= thermo[key - p5[i]]
                rest //= 5
            thermo[key] = acc
    decoded: dict[int, tuple[int, ...]] = {}
    out: list[tuple[int, ...]] = []
    for key in sorted(itertools.chain.from_iterable(by_size)):
        code = thermo[key]
        entry = decoded.get(code)
        if entry is None:
            entry = tuple(((code >> (15 * s)) & 0x7FFF).bit_count() for s in range(10))
            decoded[code] = entry
        out.append(entry)
    return out


def _honor_entry(counts: tuple[int, ...]) -> tuple[int, ...]:
    """Overlaps of one honour vector: best pungs (and one pair) on distinct honour kinds."""
    pung = sorted((min(c, 3) for c in counts), reverse=True)
    values = []
    for m in range(5):
        values.append(sum(pung[:m]))
        best = 0
        for j, c in enumerate(counts):
            others = sorted((min(x, 3) for k, x in enumerate(counts) if k != j), reverse=True)
            best = max(best, min(c, 2) + sum(others[:m]))
        values.append(best)
    return tuple(values)


def build_honor_overlaps() -> dict[tuple[int, ...], tuple[int, ...]]:
    """Compute the honour overlaps for every 7-vector with at most 14 tiles.

    Returns:
        Mapping from the count tuple to its ten overlaps.
    """
    cache: dict[tuple[int, ...], tuple[int, ...]] = {}
    out: dict[tuple[int, ...], tuple[int, ...]] = {}
    for counts in itertools.product(range(5), repeat=7):
        if sum(counts) > _MAX_SUIT:
            continue
        canon = tuple(sorted(counts))
        entry = cache.get(canon)
        if entry is None:
            entry = _honor_entry(counts)
            cache[canon] = entry
        out[counts] = entry
    return out


def _suit_vectors() -> list[bytes]:
    """The valid suit vectors as 9-byte strings, in increasing base-5 key order."""
    digit = [bytes((v,)) for v in range(5)]
    layers: list[tuple[int, bytes]] = [(0, b"")]
    for _ in range(9):  # most significant digit (rank 9) first, so the order is the key order
        layers = [
            (total + v, digit[v] + raw)
            for total, raw in layers
            for v in range(min(4, _MAX_SUIT - total) + 1)
        ]
    return [raw for _, raw in layers]


def table_digest(values: list[tuple[int, ...]]) -> str:
    """SHA-256 of a list of table entries packed one byte per overlap.

    Args:
        values: Table entries in key order.

    Returns:
        The hexadecimal digest.
    """
    return hashlib.sha256(bytes(itertools.chain.from_iterable(values))).hexdigest()


def _cache_path() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "muraglia" / f"shanten-suit-v{_FORMAT_VERSION}.bin"


def _load_cached_suit() -> list[tuple[int, ...]] | None:
    """Read the cached suit table; None when missing or corrupt."""
    path = _cache_path()
    try:
        blob = path.read_bytes()
        digest, payload = blob[:64].decode("ascii"), zlib.decompress(blob[64:])
    except (OSError, zlib.error, UnicodeDecodeError):
        return None
    if hashlib.sha256(payload).hexdigest() != digest or len(payload) % 10:
        return None
    it = iter(payload)
    interned: dict[tuple[int, ...], tuple[int, ...]] = {}
    return [interned.setdefault(t, t) for t in zip(*([it] * 10), strict=True)]


def _store_cached_suit(values: list[tuple[int, ...]]) -> None:
    payload = bytes(itertools.chain.from_iterable(values))
    path = _cache_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(
            hashlib.sha256(payload).hexdigest().encode("ascii") + zlib.compress(payload)
        )
        tmp.replace(path)
    except OSError:  # pragma: no cover - read-only home: keep the in-memory table
        pass


def load_tables() -> None:
    """Fill :data:`SUIT_TABLE` and :data:`HONOR_TABLE` (idempotent; cached on disk)."""
    if SUIT_TABLE:
        return
    values = _load_cached_suit()
    if values is None:
        values = build_suit_overlaps()
        _store_cached_suit(values)
    HONOR_TABLE.update((bytes(k), v) for k, v in build_honor_overlaps().items())
    SUIT_TABLE.update(zip(_suit_vectors(), values, strict=True))
