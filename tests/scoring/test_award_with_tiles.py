"""``Award.with_tiles`` is ``dataclasses.replace(award, tiles=...)`` for every field."""

from __future__ import annotations

from dataclasses import fields, replace

from muraglia.scoring.result import Award, TileSource


def test_with_tiles_is_replace() -> None:
    a = Award("x", {"en": "X", "it": "Y"}, 6, "points", 3, "R-1", True, None, "closing")
    tiles = (TileSource.from_dict({"where": "meld", "tiles": "777z", "meld": 0}),)
    assert a.with_tiles(tiles) == replace(a, tiles=tiles)
    # every field is carried over (a new field must be added to with_tiles too)
    assert [f.name for f in fields(Award)] == [
        "id", "names", "value", "unit", "count", "ref", "limit", "tiles", "category",
    ]  # fmt: skip
