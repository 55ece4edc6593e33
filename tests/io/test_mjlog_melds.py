"""Every bit layout of Tenhou's mjlog meld field ``m`` (issue 16), encoded independently.

The encoder follows the layout Tenhou's viewer uses (docs/tenhou.md): chi, pon and added kong
with every called position, copy number and source; open and concealed kongs of every tile id;
red fives (ids 16, 52, 88) wherever a copy 0 of a five is among the tiles.
"""

from __future__ import annotations

import itertools

import pytest

from muraglia.io.tenhou import RED_IDS, decode_meld, tile_text

SUITED_STARTS = [(suit, rank) for suit in range(3) for rank in range(7)]


def chi_code(start: int, called: int, copies: tuple[int, int, int]) -> int:
    """Chi: 3 x (start among 21) + called position above bit 10, copies in bits 3-8."""
    c0, c1, c2 = copies
    return ((start * 3 + called) << 10) | (1 << 2) | (c0 << 3) | (c1 << 5) | (c2 << 7) | 3


def pung_code(kind: int, called: int, unused: int, rel: int, *, added: bool) -> int:
    """Pon (bit 3) or added kong (bit 4): 3 x kind + called position above bit 9."""
    flag = 1 << 4 if added else 1 << 3
    return ((kind * 3 + called) << 9) | flag | (unused << 5) | rel


@pytest.mark.parametrize("start", range(21))
def test_every_chi_layout(start: int) -> None:
    suit, rank = SUITED_STARTS[start]
    kind = suit * 9 + rank
    for called, copies in itertools.product(range(3), itertools.product(range(4), repeat=3)):
        m = decode_meld(chi_code(start, called, copies), who=2)
        tiles = tuple((kind + i) * 4 + copies[i] for i in range(3))
        assert (m.kind, m.who, m.from_who, m.tiles, m.called) == ("chi", 2, 1, tiles, tiles[called])
        reds = [t for t in tiles if t in RED_IDS]
        assert sum("0" in tile_text(t) for t in m.tiles) == len(reds)


@pytest.mark.parametrize("kind", range(34))
@pytest.mark.parametrize("added", [False, True], ids=["pon", "kakan"])
def test_every_pon_and_added_kong_layout(kind: int, added: bool) -> None:
    for called, unused, rel in itertools.product(range(3), range(4), (1, 2, 3)):
        m = decode_meld(pung_code(kind, called, unused, rel, added=added), who=0)
        three = tuple(kind * 4 + c for c in range(4) if c != unused)
        assert m.from_who == rel
        assert m.called == three[called]
        if added:
            assert m.kind == "kakan"
            assert m.added == kind * 4 + unused
            assert m.tiles == tuple(range(kind * 4, kind * 4 + 4))
        else:
            assert m.kind == "pon"
            assert m.tiles == three
            assert m.added is None


@pytest.mark.parametrize("tile", range(136))
def test_every_kong_layout(tile: int) -> None:
    base = tile // 4 * 4
    concealed = decode_meld(tile << 8, who=1)
    assert (concealed.kind, concealed.from_who, concealed.tiles) == (
        "ankan", None, tuple(range(base, base + 4)),
    )  # fmt: skip
    for rel in (1, 2, 3):
        open_kong = decode_meld((tile << 8) | rel, who=1)
        assert open_kong.kind == "daiminkan"
        assert open_kong.from_who == (1 + rel) % 4
        assert open_kong.called == tile
        assert open_kong.tiles == tuple(range(base, base + 4))


def test_red_five_kongs_hold_the_red_five() -> None:
    for red in sorted(RED_IDS):
        m = decode_meld((red + 1) << 8, who=0)
        assert "0" in "".join(tile_text(t) for t in m.tiles)
