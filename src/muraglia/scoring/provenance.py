"""Which tiles earn each item of a score: the one place that derives it from a result.

A result names the groups behind some of its items: each fu line of the riichi rulesets
(``"open pung of terminals/honours [555z]"``), each explanation line that names a pattern and
a group. :func:`item_groups` collects, for every pattern and every fu item of a ``muraglia
score`` object, the group notations so named (``[555z]`` an exposed meld, ``(1111p)`` a
concealed kong, ``11z`` concealed tiles). A pattern object that carries its own ``tiles`` or
``melds`` is taken as it is.

>>> groups_in("open pung of terminals/honours [555z]; pair 11z")
('[555z]', '11z')
>>> r = {"patterns": [{"id": "x", "en": "Dragon Pung"}],
...      "fu_breakdown": [{"en": "base", "fu": 20}, {"en": "pair 11z", "fu": 2}],
...      "explanation": {"en": ["Dragon Pung [555z]: 1 han"]}}
>>> item_groups(r)
{'patterns': [('[555z]',)], 'fu': [(), ('11z',)]}
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

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


def _pattern_groups(pattern: Mapping[str, Any], lines: list[str]) -> tuple[str, ...]:
    own = [*pattern.get("melds", ()), *pattern.get("tiles", ())]
    if own:
        return tuple(str(g) for g in own)
    name = str(pattern.get("en", "")).lower()
    found: list[str] = []
    for line in lines:
        if name and name in line.lower():
            found.extend(g for g in groups_in(line) if g not in found)
    return tuple(found)


def item_groups(result: Mapping[str, Any]) -> dict[str, list[tuple[str, ...]]]:
    """For each pattern and fu item of a score object, the groups that earn it."""
    lines = list(result.get("explanation", {}).get("en", ()))
    return {
        "patterns": [_pattern_groups(p, lines) for p in result.get("patterns", ())],
        "fu": [groups_in(str(f.get("en", ""))) for f in result.get("fu_breakdown", ())],
    }
