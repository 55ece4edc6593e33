from __future__ import annotations

import pytest

from muraglia.errors import NotationError
from muraglia.tiles import (
    BONUS_TILES,
    PLAYING_TILES,
    TERMINALS_AND_HONORS,
    PhysicalTile,
    Suit,
    Tile,
    counts_of,
    format_counts,
    tiles_from_counts,
)


def test_there_are_34_playing_kinds_and_8_bonus_tiles() -> None:
    assert len(PLAYING_TILES) == 34
    assert len(BONUS_TILES) == 8
    assert len(TERMINALS_AND_HONORS) == 13


@pytest.mark.parametrize(
    ("tile", "notation", "suit", "rank"),
    [
        (Tile.M1, "1m", Suit.MAN, 1),
        (Tile.P9, "9p", Suit.PIN, 9),
        (Tile.S5, "5s", Suit.SOU, 5),
        (Tile.EAST, "1z", Suit.HONOR, 1),
        (Tile.WHITE, "5z", Suit.HONOR, 5),
        (Tile.RED, "7z", Suit.HONOR, 7),
        (Tile.FLOWER_1, "1f", Suit.BONUS, 1),
        (Tile.SEASON_4, "8f", Suit.BONUS, 8),
    ],
)
def test_notation_suit_rank(tile: Tile, notation: str, suit: Suit, rank: int) -> None:
    assert tile.notation == notation
    assert tile.suit is suit
    assert tile.rank == rank
    assert Tile.from_notation(notation) is tile


@pytest.mark.parametrize("tile", list(Tile))
def test_predicates_are_consistent(tile: Tile) -> None:
    assert tile.is_suited + tile.is_honor + tile.is_bonus == 1
    assert tile.is_wind + tile.is_dragon == tile.is_honor
    if tile.is_suited:
        assert tile.is_simple != tile.is_terminal
    assert tile.is_terminal_or_honor == (tile.is_terminal or tile.is_honor)


def test_unicode_block() -> None:
    assert Tile.EAST.unicode == "\U0001f000"
    assert Tile.RED.unicode == "\U0001f004"
    assert Tile.WHITE.unicode == "\U0001f006"
    assert Tile.M1.unicode == "\U0001f007"
    assert Tile.S1.unicode == "\U0001f010"
    assert Tile.P9.unicode == "\U0001f021"
    assert len({t.unicode for t in Tile}) == 42


@pytest.mark.parametrize("text", ["", "5", "0m", "8z", "9f", "5x", "55m"])
def test_from_notation_rejects(text: str) -> None:
    with pytest.raises(NotationError):
        Tile.from_notation(text)


def test_bonus_seat() -> None:
    assert [t.bonus_seat for t in BONUS_TILES] == [0, 1, 2, 3, 0, 1, 2, 3]
    with pytest.raises(ValueError, match="not a bonus tile"):
        _ = Tile.M1.bonus_seat


def test_red_fives_only_on_suited_fives() -> None:
    assert PhysicalTile(Tile.M5, red=True).notation == "0m"
    for tile in (Tile.M4, Tile.EAST, Tile.FLOWER_1):
        with pytest.raises(ValueError, match="only a suited five"):
            PhysicalTile(tile, red=True)


def test_counts_round_trip() -> None:
    tiles = [Tile.M1, Tile.M1, Tile.P5, Tile.RED, Tile.FLOWER_2]
    counts = counts_of(tiles)
    assert sum(counts) == 4
    assert tiles_from_counts(counts) == (Tile.M1, Tile.M1, Tile.P5, Tile.RED)
    assert format_counts(counts) == "11m5p7z"


def test_the_honour_spelling_is_canonical_and_the_old_ids_are_aliases() -> None:
    """Issue 13: one spelling ("honour", the codebase's); the public ids before it still work."""
    from muraglia import tiles

    assert Tile.__dict__["is_honor"] is Tile.__dict__["is_honour"]
    assert Tile.__dict__["is_terminal_or_honor"] is Tile.__dict__["is_terminal_or_honour"]
    assert tiles.HONORS is tiles.HONOURS
    assert tiles.TERMINALS_AND_HONORS is tiles.TERMINALS_AND_HONOURS
    assert [t for t in Tile if t.is_honour] == list(tiles.HONOURS)
    assert len(tiles.TERMINALS_AND_HONOURS) == 13
    assert len(Tile) == tiles.NUM_TILE_VALUES  # the aliases are no enum members


def test_the_tile_index_boundaries_are_named() -> None:
    """Issue 13: the suit offsets, first dragon and head kinds the hot paths index by."""
    from muraglia import tiles

    assert tiles.NUM_SUITS * tiles.RANKS == tiles.NUM_SUITED
    assert [Tile(s).notation for s in tiles.SUIT_STARTS] == ["1m", "1p", "1s"]
    assert tiles.FIRST_DRAGON == Tile.WHITE == tiles.DRAGONS[0]
    assert [t for t in Tile if t.is_wind] == list(range(tiles.NUM_SUITED, tiles.FIRST_DRAGON))
    assert tiles.ORPHAN_INDICES == tiles.TERMINALS_AND_HONOURS
    assert all(type(k) is int for k in tiles.ORPHAN_INDICES)  # plain ints: fast indexing
