"""Which tiles earn each item of a score: the one place that derives it from a result.

Every pattern object of a ``muraglia score`` result carries ``tiles``: where the tiles that
earn it sit (``{"where": "meld", "meld": 0, "tiles": "555z"}``, ``concealed``, ``winning``,
``bonus``; :class:`~muraglia.scoring.result.TileSource`, found by the pattern's declared
locator). Each fu line of the riichi rulesets names its group (``"open pung of
terminals/honours [555z]"``). :func:`item_groups` gives, for every pattern and every fu item,
the group notations (``[555z]`` an exposed meld, ``(1111p)`` a concealed kong, ``11z``
concealed tiles); a pattern object without ``tiles`` (an older result) falls back to the groups
its explanation lines name.

>>> groups_in("open pung of terminals/honours [555z]; pair 11z")
('[555z]', '11z')
>>> r = {"hand": "234m567p11z[555z][789s<]+4m", "patterns": [
...     {"id": "x", "en": "Dragon Pung", "tiles": [{"where": "meld", "meld": 0, "tiles": "555z"}]},
...     {"id": "y", "en": "Tsumo", "tiles": [{"where": "winning", "tiles": "4m"}]}],
...      "fu_breakdown": [{"en": "base", "fu": 20}, {"en": "pair 11z", "fu": 2}],
...      "explanation": {"en": ["Dragon Pung [555z]: 1 han"]}}
>>> item_groups(r)
{'patterns': [('[555z]',), ('4m',)], 'fu': [(), ('11z',)]}
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from muraglia.errors import MahjongError
from muraglia.notation import parse_hand

__all__ = ["groups_in", "item_groups"]

_GROUP = re.compile(r"(?<![\w+])(\[[0-9mpsz]+[+<^>]*\]|\([0-9mpsz]+\)|(?:[0-9]+[mpsz])+)(?![\w])")


def groups_in(text: str) -> tuple[str, ...]:
    """The tile groups named in a line, in order, without repeats."""
    out: list[str] = []
    for m in _GROUP.finditer(text):
        g = m.group(1)
        if g not in out:
            out.append(g)
    return tuple(out)


def _melds_of(result: Mapping[str, Any]) -> tuple[str, ...]:
    """The notation of each declared meld of the result's hand (``[555z]``, ``(1111p)``)."""
    try:
        return tuple(
            m.notation for m in parse_hand(str(result.get("hand", "")), strict=False).melds
        )
    except MahjongError:
        return ()


def _source_group(source: Mapping[str, Any], melds: tuple[str, ...]) -> str:
    """The group notation of one ``tiles`` entry (a meld as the hand writes it)."""
    index = source.get("meld")
    if source.get("where") == "meld" and isinstance(index, int) and 0 <= index < len(melds):
        return melds[index]
    return str(source.get("tiles", ""))


def _pattern_groups(
    pattern: Mapping[str, Any], lines: list[str], melds: tuple[str, ...]
) -> tuple[str, ...]:
    own = pattern.get("tiles")
    if own is not None:
        return tuple(_source_group(t, melds) if isinstance(t, Mapping) else str(t) for t in own)
    name = str(pattern.get("en", "")).lower()
    found: list[str] = []
    for line in lines:
        if name and name in line.lower():
            found.extend(g for g in groups_in(line) if g not in found)
    return tuple(found)


def item_groups(result: Mapping[str, Any]) -> dict[str, list[tuple[str, ...]]]:
    """For each pattern and fu item of a score object, the groups that earn it."""
    lines = list(result.get("explanation", {}).get("en", ()))
    melds = _melds_of(result)
    return {
        "patterns": [_pattern_groups(p, lines, melds) for p in result.get("patterns", ())],
        "fu": [groups_in(str(f.get("en", ""))) for f in result.get("fu_breakdown", ())],
    }
