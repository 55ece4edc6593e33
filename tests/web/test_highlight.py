"""Highlights: each scoring item points at the tiles of the picture that earn it."""

from __future__ import annotations

from muraglia.web.pages import hand_view, source_ids

HAND = "234m567p11z [555z] [789s<] 1f +4m"


def _kinds(view: dict, ids: list[str]) -> list[str]:
    tiles = {t["id"]: t["n"] for t in [*view["concealed"], *view["bonus"]]}
    tiles |= {t["id"]: t["n"] for m in view["melds"] for t in m["tiles"]}
    if view["winning"]:
        tiles[view["winning"]["id"]] = view["winning"]["n"]
    return sorted(tiles[i] for i in ids)


def test_each_kind_of_source_points_at_its_tiles() -> None:
    view = hand_view(HAND, "en")
    assert source_ids(view, [{"where": "meld", "meld": 0, "tiles": "555z"}]) == [
        "m0-0", "m0-1", "m0-2"
    ]  # fmt: skip
    assert source_ids(view, [{"where": "meld", "meld": 1, "tiles": "789s"}]) == [
        "m1-0", "m1-1", "m1-2"
    ]  # fmt: skip
    assert source_ids(view, [{"where": "winning", "tiles": "4m"}]) == ["w"]
    assert source_ids(view, [{"where": "bonus", "tiles": "1f"}]) == ["b0"]
    pair = source_ids(view, [{"where": "concealed", "tiles": "11z"}])
    assert _kinds(view, pair) == ["1z", "1z"]
    # a concealed chow completed by the winning tile takes the winning tile last
    chow = source_ids(view, [{"where": "concealed", "tiles": "234m"}])
    assert _kinds(view, chow) == ["2m", "3m", "4m"]
    assert "w" in chow
    # several sources: no tile counted twice; a source that does not fit takes nothing
    both = source_ids(
        view,
        [{"where": "concealed", "tiles": "11z"}, {"where": "meld", "meld": 7, "tiles": "111m"}],
    )
    assert len(set(both)) == len(both) == 2
    assert source_ids(view, []) == []  # a situation (riichi, last tile) earns it: no tiles
