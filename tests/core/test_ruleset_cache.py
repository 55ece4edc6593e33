"""The shared rulesets of ``ruleset_for``: one object per normalised spec, bounded, unchanged.

``muraglia.score``/``analyze`` by id, the CLI batches, record replay and the simulation workers
share these objects, so using a ruleset must leave it exactly as it was built.
"""

from __future__ import annotations

from typing import Any

import pytest

import muraglia
from muraglia.engine import Game
from muraglia.errors import RulesetError
from muraglia.rulesets import _BY_KEY, _BY_TEXT, _CACHE_SIZE, ids, load_ruleset, ruleset_for

HANDS = {
    "fimj": "123m456p789s11122z+1z",
    "riichi-ema": "234m567m345p67s22p+8s",
    "riichi-tenhou": "234m567m345p67s22p+8s",
    "mcr": "12345678p234s55m+9p",
    "seipalle": "234m567m345p67s22p+8s",
    "ravenna": "123m456p789s11122z+1z",
}


def test_spellings_share_one_object() -> None:
    assert ruleset_for("EMA") is ruleset_for("riichi-ema")
    assert ruleset_for(" riichi-ema ") is ruleset_for("riichi-ema-2008")
    # an option at its default value is the same ruleset
    assert ruleset_for("riichi-ema(red_fives=true)") is ruleset_for("riichi-ema")
    assert ruleset_for("riichi-ema(kiriage=true)") is not ruleset_for("riichi-ema")
    assert ruleset_for("riichi-ema(kiriage=true)").options.kiriage is True
    # keyword options (already typed) join the key
    assert ruleset_for("riichi-ema", kiriage=True) is ruleset_for("riichi-ema(kiriage=yes)")
    # the preset makes riichi-tenhou a different ruleset of the same class
    assert ruleset_for("tenhou") is not ruleset_for("riichi-ema")
    assert ruleset_for("tenhou").options == load_ruleset("riichi-tenhou").options


def test_load_ruleset_still_builds_a_private_object() -> None:
    shared = ruleset_for("fimj")
    mine = load_ruleset("fimj")
    assert mine is not shared
    assert mine.options == shared.options


def test_bad_specs_raise_and_are_not_remembered() -> None:
    before = (len(_BY_TEXT), len(_BY_KEY))
    for bad in ("nope", "riichi-ema(nope=1)", "riichi-ema(kiriage=maybe)", "fimj(", "mcr(x)"):
        with pytest.raises(RulesetError):
            ruleset_for(bad)
        with pytest.raises(RulesetError):  # the same error the second time
            ruleset_for(bad)
    assert "nope" not in _BY_TEXT
    assert (len(_BY_TEXT), len(_BY_KEY)) == before


def test_the_tables_are_bounded() -> None:
    for honba in range(_CACHE_SIZE + 20):  # distinct rulesets (an integer option)
        ruleset_for(f"riichi-ema(start_score={20000 + honba * 100})")
    for n in range(_CACHE_SIZE + 20):  # distinct spellings of one ruleset
        ruleset_for("riichi-ema" + " " * n)
    assert len(_BY_KEY) <= _CACHE_SIZE
    assert len(_BY_TEXT) <= _CACHE_SIZE
    # still correct after evictions
    assert ruleset_for("riichi-ema(start_score=20000)").options.start_score == 20000


def _state(obj: Any) -> dict[str, str]:
    """Every instance attribute's identity and representation (containers included)."""
    names = list(getattr(obj, "__dict__", {}))
    names += [n for c in type(obj).__mro__ for n in getattr(c, "__slots__", ()) if hasattr(obj, n)]
    return {n: f"{id(getattr(obj, n))}:{getattr(obj, n)!r}" for n in names}


@pytest.mark.parametrize("rid", ids())
def test_using_a_shared_ruleset_leaves_it_unchanged(rid: str) -> None:
    rs = ruleset_for(rid)
    before = _state(rs)
    win = "ron" if rid.startswith("riichi") else "tsumo"
    result = muraglia.score(HANDS[rid], rules=rid, win=win)
    result.to_dict()  # the lazy parts (explanation, extra) are built from the ruleset
    muraglia.analyze("123m456p789s1112z", rules=rid)
    match = Game(rs, seed=3, max_deals=1).new_match()
    for _ in range(400):  # one deal with the trivial policy: first legal action
        if match.over:
            break
        seat = match.to_act[0]
        match.apply(match.legal_actions(seat)[0])
    assert _state(rs) == before
    assert ruleset_for(rid) is rs
