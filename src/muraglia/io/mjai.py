"""Export of a record's events as an mjai-style JSON event stream (riichi bots' protocol).

mjai tiles: ``1m``…``9s``, honours ``E S W N P F C``, red fives ``5mr 5pr 5sr``
(EMA-TILE-2). The dealer's 14th dealt tile is sent as its first ``tsumo``; a riichi discard is
``reach`` + ``dahai`` and ``reach_accepted`` once it stands; kongs are ``daiminkan``, ``ankan``
and ``kakan`` (sent before a robbing ``hora``); a finished deal is ``hora`` events or
``ryukyoku``, then ``end_kyoku`` with the score changes (``deltas``, ``scores``: extension
keys). Flowers and seasons (rulesets outside mjai's scope) are written ``?``. :func:`from_mjai`
reads a tile name back.

>>> from muraglia.tiles import Tile
>>> mjai_tile(Tile.P5), mjai_tile(Tile.P5, red=True), mjai_tile(Tile.WHITE), mjai_tile(Tile.NORTH)
('5p', '5pr', 'P', 'N')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from muraglia.engine.actions import AddedKong, ConcealedKong, Discard
from muraglia.engine.events import (
    Acted,
    Called,
    DealEnded,
    DealStarted,
    Dealt,
    Drew,
    Event,
    IndicatorRevealed,
    MatchEnded,
    RiichiAccepted,
    Settled,
    Won,
)
from muraglia.errors import MahjongError
from muraglia.tiles import Tile

__all__ = ["from_mjai", "mjai_tile", "to_mjai"]

_HONOURS = "ESWNPFC"
_CALLS = {"chow": "chi", "pung": "pon", "kong": "daiminkan"}


def mjai_tile(tile: Tile, *, red: bool = False) -> str:
    """The mjai name of a tile kind (``red``: the red five, ``5mr``)."""
    if tile.is_bonus:
        return "?"
    if tile.is_honor:
        return _HONOURS[int(tile) - int(Tile.EAST)]
    return tile.notation + "r" * red


def from_mjai(name: str) -> Tile:
    """The tile kind of an mjai tile name (``5mr`` is a red 5m).

    >>> from_mjai("5mr").notation, from_mjai("C").notation
    ('5m', '7z')

    Raises:
        MahjongError: for a name that is no mjai tile.
    """
    if len(name) == 1 and name in _HONOURS:
        return Tile(int(Tile.EAST) + _HONOURS.index(name))
    if len(name) in (2, 3) and name[0] in "123456789" and name[1] in "mps":
        if len(name) == 3 and (name[2] != "r" or name[0] != "5"):
            raise MahjongError(f"unknown mjai tile {name!r}")
        return Tile("mps".index(name[1]) * 9 + int(name[0]) - 1)
    raise MahjongError(f"unknown mjai tile {name!r}")


def _ts(tiles: Iterable[Tile], red: Iterable[Tile] = ()) -> list[str]:
    """The mjai names; one copy of each kind in ``red`` is its red five."""
    left = set(red)
    out = []
    for t in tiles:
        out.append(mjai_tile(t, red=t in left))
        left.discard(t)
    return out


def _tr(tiles: Iterable[Tile], red: Iterable[int]) -> list[str]:
    """The mjai names; the tiles at the positions ``red`` are red fives."""
    rs = set(red)
    return [mjai_tile(t, red=i in rs) for i, t in enumerate(tiles)]


def to_mjai(
    events: Iterable[Event],
    *,
    names: Iterable[str] = (),
    counters: Sequence[tuple[int, int]] = (),
) -> list[dict[str, Any]]:
    """The mjai event stream of a match's events (one dict per mjai message).

    ``counters``: per deal, the counters and riichi sticks on the table at its start
    (``MatchState.counters``) for ``start_kyoku``'s ``honba`` and ``kyotaku``; 0 when not given.
    """
    kyoku = 0
    out: list[dict[str, Any]] = [
        {"type": "start_game", "names": list(names) or ["0", "1", "2", "3"]}
    ]
    start: DealStarted | None = None
    dora: str | None = None
    hands: dict[int, Dealt] = {}
    drawn: dict[int, tuple[Tile, bool] | None] = {}
    red: dict[int, set[Tile]] = {}  # red fives held concealed, by seat
    pung_red: set[tuple[int, Tile]] = set()  # (seat, kind) of pungs holding a red five
    for e in events:
        if isinstance(e, DealStarted):
            start, dora, hands, drawn, red = e, None, {}, {}, {s: set() for s in range(4)}
            pung_red = set()
        elif isinstance(e, IndicatorRevealed):
            if start is not None and dora is None and not hands:
                dora = mjai_tile(e.tile, red=e.red)
            else:
                out.append({"type": "dora", "dora_marker": mjai_tile(e.tile, red=e.red)})
        elif isinstance(e, Dealt):
            hands[e.seat] = e
            red.setdefault(e.seat, set()).update(e.tiles[i] for i in e.red)
            if start is not None and len(hands) == 4:
                honba, sticks = counters[kyoku] if kyoku < len(counters) else (0, 0)
                out += _start_kyoku(start, dora, hands, drawn, honba=honba, sticks=sticks)
                kyoku += 1
        elif isinstance(e, Drew):
            drawn[e.seat] = (e.tile, e.red)
            if e.red:
                red.setdefault(e.seat, set()).add(e.tile)
            out.append({"type": "tsumo", "actor": e.seat, "pai": mjai_tile(e.tile, red=e.red)})
        elif isinstance(e, Acted):
            out += _acted(e, drawn, red, pung_red)
        elif isinstance(e, Called):
            consumed = list(e.tiles)
            consumed.remove(e.tile)
            five = [t for t in consumed if t.is_suited and t.rank == 5][:1] if e.red_used else []
            if five:
                red.get(e.seat, set()).discard(five[0])
            if e.call == "pung" and (e.red or e.red_used):
                pung_red.add((e.seat, e.tile))
            out.append(
                {
                    "type": _CALLS[e.call],
                    "actor": e.seat,
                    "target": e.from_seat,
                    "pai": mjai_tile(e.tile, red=e.red),
                    "consumed": _ts(consumed, five),
                }
            )
        elif isinstance(e, RiichiAccepted):
            out.append({"type": "reach_accepted", "actor": e.seat})
        elif isinstance(e, Won):
            target = e.seat if e.from_seat is None else e.from_seat
            pai = mjai_tile(e.tile, red=e.red)
            out.append({"type": "hora", "actor": e.seat, "target": target, "pai": pai})
        elif isinstance(e, DealEnded) and not (e.winners and not e.void):
            out.append({"type": "ryukyoku", "reason": e.reason})
        elif isinstance(e, Settled):
            out.append({"type": "end_kyoku", "deltas": list(e.net), "scores": list(e.scores)})
        elif isinstance(e, MatchEnded):
            out.append({"type": "end_game", "scores": list(e.scores)})
    return out


def _start_kyoku(
    start: DealStarted,
    dora: str | None,
    hands: dict[int, Dealt],
    drawn: dict[int, tuple[Tile, bool] | None],
    *,
    honba: int = 0,
    sticks: int = 0,
) -> list[dict[str, Any]]:
    dealer = start.dealer
    first = list(hands[dealer].tiles)
    tsumo = first.pop() if len(first) > 13 else None
    tsumo_red = tsumo is not None and len(first) in hands[dealer].red
    tehais = [
        _tr(first, hands[dealer].red) if s == dealer else _tr(hands[s].tiles, hands[s].red)
        if s in hands else []
        for s in range(4)
    ]  # fmt: skip
    msg: dict[str, Any] = {
        "type": "start_kyoku",
        "bakaze": mjai_tile(start.round_wind),
        "kyoku": start.deal + 1,
        "honba": honba,
        "kyotaku": sticks,
        "oya": dealer,
        "dora_marker": dora,
        "tehais": tehais,
    }
    out = [msg]
    if tsumo is not None:
        drawn[dealer] = (tsumo, tsumo_red)
        out.append({"type": "tsumo", "actor": dealer, "pai": mjai_tile(tsumo, red=tsumo_red)})
    return out


def _acted(
    e: Acted,
    drawn: dict[int, tuple[Tile, bool] | None],
    red: dict[int, set[Tile]],
    pung_red: set[tuple[int, Tile]],
) -> list[dict[str, Any]]:
    a = e.action
    out: list[dict[str, Any]] = []
    held = red.setdefault(a.seat, set())
    if isinstance(a, Discard):
        if a.riichi:
            out.append({"type": "reach", "actor": a.seat})
        if a.red:
            held.discard(a.tile)
        out.append(
            {
                "type": "dahai",
                "actor": a.seat,
                "pai": mjai_tile(a.tile, red=a.red),
                "tsumogiri": drawn.get(a.seat) == (a.tile, a.red),
            }
        )
        drawn[a.seat] = None
    elif isinstance(a, ConcealedKong):
        five = [a.tile] if a.tile in held else []
        held.discard(a.tile)
        out.append({"type": "ankan", "actor": a.seat, "consumed": _ts([a.tile] * 4, five)})
    elif isinstance(a, AddedKong):
        in_pung = [a.tile] if (a.seat, a.tile) in pung_red else []
        out.append(
            {
                "type": "kakan",
                "actor": a.seat,
                "pai": mjai_tile(a.tile, red=a.tile in held),
                "consumed": _ts([a.tile] * 3, in_pung),
            }
        )
        held.discard(a.tile)
    return out
