"""Action notation resolved against the legal actions (DESIGN §4), and Charleston choices.

>>> from muraglia.engine.actions import Chow, Pass
>>> from muraglia.tiles import Tile
>>> legal = [Chow(1, (Tile.M3, Tile.M4, Tile.M5)), Chow(1, (Tile.M4, Tile.M5, Tile.M6)), Pass(1)]
>>> parse_action(legal, 1, "chi 345m")
Chow(seat=1, tiles=(<Tile.M3: 2>, <Tile.M4: 3>, <Tile.M5: 4>), red=False)
>>> parse_action(legal, 1, "chi 4m")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
muraglia.errors.AmbiguousActionError: 'chi 4m' fits several actions: 1 chow 3m 4m 5m; ...
"""

from __future__ import annotations

from collections.abc import Sequence

from muraglia.engine.actions import (
    Action,
    AddedKong,
    Chow,
    ClaimKong,
    ConcealedKong,
    Declare,
    Discard,
    NoDiscard,
    Pass,
    PassTiles,
    Pung,
    Win,
)
from muraglia.errors import AmbiguousActionError, IllegalActionError
from muraglia.notation import parse_tiles
from muraglia.tiles import NUM_KINDS, Tile

__all__ = ["combos", "parse_action"]

_TILES: tuple[Tile, ...] = tuple(Tile(k) for k in range(NUM_KINDS))

_VERBS = {
    "discard": "discard", "d": "discard", "riichi": "riichi", "richi": "riichi",
    "pung": "pung", "pon": "pung", "kong": "kong", "kan": "kong", "chow": "chow", "chi": "chow",
    "win": "win", "ron": "win", "tsumo": "win", "mahjong": "win", "mah-jong": "win",
    "pass": "pass", "end": "no_discard", "declare": "declare",
    # the kinds Action.line() writes
    "no_discard": "no_discard", "concealed_kong": "concealed_kong", "added_kong": "added_kong",
    "pass_tiles": "pass",
}  # fmt: skip
"""Verbs of :func:`parse_action` (English, Japanese, Italian spellings)."""


def _fits(  # noqa: PLR0911, PLR0912 - one answer per notation verb, as a table
    action: Action, verb: str | None, arg: str, tiles: list[Tile]
) -> bool:
    """Whether ``action`` is what the parsed verb and tiles name."""
    if verb == "discard":
        return isinstance(action, Discard) and not action.riichi and [action.tile] == tiles
    if verb == "riichi":
        return isinstance(action, Discard) and action.riichi and [action.tile] == tiles
    if verb == "pung":
        return isinstance(action, Pung)
    if verb == "kong":
        if isinstance(action, ClaimKong):
            return True
        return isinstance(action, ConcealedKong | AddedKong) and tiles in ([], [action.tile])
    if verb == "concealed_kong":
        return isinstance(action, ConcealedKong) and tiles in ([], [action.tile])
    if verb == "added_kong":
        return isinstance(action, AddedKong) and tiles in ([], [action.tile])
    if verb == "chow":
        return isinstance(action, Chow) and all(t in action.tiles for t in tiles)
    if verb == "win":
        return isinstance(action, Win)
    if verb == "pass":
        if tiles:
            return isinstance(action, PassTiles) and sorted(tiles) == list(action.tiles)
        return isinstance(action, Pass)
    if verb == "no_discard":
        return isinstance(action, NoDiscard)
    if verb == "declare":
        return isinstance(action, Declare) and action.name == arg
    return False


def parse_action(legal: Sequence[Action], seat: int, text: str) -> Action:
    """The action among ``legal`` (``seat``'s legal actions) that ``text`` names.

    ``text`` is a verb and optional tiles: ``discard 5m``, ``riichi 5m``, ``pung``/``pon``,
    ``kong``/``kan`` [tile], ``chow``/``chi`` [tiles] (``chi 4m`` names a chow using the 4m),
    ``win``/``ron``/``tsumo``/``mahjong``, ``pass``, ``end`` (no discard), ``declare NAME``,
    ``pass 1234m`` in a Charleston. The one-line form of :meth:`Action.line` is read too: a
    leading seat number (which must be ``seat``), ``discard 5s riichi red``,
    ``concealed_kong 6z``, ``added_kong 8m``, ``no_discard``, ``pass_tiles 3m 4m 5m 6m``.

    Raises:
        IllegalActionError: when no legal action fits (the message lists the legal ones).
        AmbiguousActionError: when several fit (the message lists them).
        NotationError: for bad tile notation.
    """
    words = text.split()
    if words and words[0].isdigit():  # Action.line() starts with the seat
        if int(words[0]) != seat:
            raise IllegalActionError(f"{text!r} names seat {words[0]}, not seat {seat}")
        words = words[1:]
    if not words:
        raise IllegalActionError(f"{text!r}: an empty action")
    verb = _VERBS.get(words[0].lower())
    rest = words[1:]
    marks: set[str] = set()
    if verb in ("discard", "riichi"):  # "discard 5s riichi red", as Action.line() writes it
        marks = {w.lower() for w in rest} & {"riichi", "red"}
        rest = [w for w in rest if w.lower() not in marks]
        if "riichi" in marks:
            verb = "riichi"
    arg = " ".join(rest)
    tiles: list[Tile] = [t.kind for t in parse_tiles(arg)] if arg and verb != "declare" else []
    fits = [a for a in legal if _fits(a, verb, arg, tiles)]
    if verb in ("discard", "riichi") and len(fits) > 1:  # a five and the red five (EMA-TILE-2)
        red = "red" in marks or any(t.red for t in parse_tiles(arg))
        fits = [a for a in fits if isinstance(a, Discard) and a.red == red]
    elif verb in ("discard", "riichi") and fits and ("0" in arg or "red" in marks):
        fits = [a for a in fits if isinstance(a, Discard) and a.red]  # 0m names the red five
    elif verb in ("pung", "chow") and len(fits) > 1:  # with the red five or a plain one
        red = "0" in arg
        fits = [a for a in fits if isinstance(a, Pung | Chow) and a.red == red] or fits
    if not fits:
        have = "; ".join(a.line() for a in legal) or "none"
        raise IllegalActionError(f"{text!r} is not a legal action of seat {seat} (legal: {have})")
    if len(fits) > 1:
        raise AmbiguousActionError(
            f"{text!r} fits several actions: " + "; ".join(a.line() for a in fits)
        )
    return fits[0]


def combos(counts: list[int], size: int) -> list[tuple[Tile, ...]]:
    """Every multiset of ``size`` tiles drawn from ``counts``, in kind order."""
    kinds = [k for k in range(NUM_KINDS) if counts[k]]
    out: list[tuple[Tile, ...]] = []

    def walk(i: int, left: int, acc: list[Tile]) -> None:
        if left == 0:
            out.append(tuple(acc))
            return
        if i == len(kinds):
            return
        k = kinds[i]
        for n in range(min(counts[k], left), -1, -1):
            walk(i + 1, left - n, acc + [_TILES[k]] * n)

    walk(0, size, [])
    return out
