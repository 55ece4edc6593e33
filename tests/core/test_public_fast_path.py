"""``muraglia.score``'s fast path (``_fast_hand``) answers exactly as the general path.

The fast path skips ``check_api_arguments`` for the common spellings and checks the hand with
its indicators once; every argument it cannot vouch for goes to the general path. Here each
call is made twice, with the fast path and with it switched off, on valid and invalid
arguments of every ruleset: the same result or the same error (type and message), on both
paths of the one-pass check (``muraglia._cnotation`` and pure Python).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import muraglia
import muraglia.rulesets as registry
from muraglia.errors import MahjongError
from muraglia.rulesets import ids

# the fast path's one-pass check (notation.scan_with_indicators) runs in the C kernel where it
# is built, then in pure Python (the ``kernels`` fixture)
pytestmark = pytest.mark.usefixtures("kernels")

HANDS = (
    "234m567m345p67s22p+8s",
    "123m456p789s11122z+1z",
    "12345678p234s55m+9p",
    "0m23m456p789s1122z+2z",  # a red five
    "055m23m456p789s11z+1z",  # two red fives of one suit
    "5555m23m456p78s11z+9s",  # four fives, a fifth through an indicator
    "234m567m345p67s22p",  # no winning tile
    "234m567m345p6s22p+8s",  # a short hand
    "123m[456p][789s<]11z+1z",
    "[1111m]456p789s11122z+1z",
    "123m456p789s1112x+1z",  # bad notation
    "0z23m456p789s1122z+2z",  # 0z does not exist
    "",
)
INDICATORS = ("5m", "0m", "0p", "1z", "7z", "E", "9s", " 5m", "1f", "x", 5, None)
FLAGS = ("riichi", "ippatsu", "tsumo", "double_riichi", "last_tile", "nope", 3)
SEATS = ("E", "S", "W", "N", "X", "e", 1, None)


def _outcome(call: Any) -> Any:
    try:
        r = call()
    except MahjongError as e:
        return (type(e).__name__, str(e))
    except KeyError as e:
        return ("KeyError", str(e))
    if isinstance(r, dict):
        return r
    return r.to_dict() if hasattr(r, "to_dict") else repr(r)


def _both(monkeypatch: pytest.MonkeyPatch, hand: Any, **kw: Any) -> tuple[Any, Any]:
    fast = _outcome(lambda: muraglia.score(hand, **kw))
    with monkeypatch.context() as m:
        m.setattr(registry, "_fast_hand", lambda *a: None)
        general = _outcome(lambda: muraglia.score(hand, **kw))
    return fast, general


@pytest.mark.parametrize("rules", ids())
@pytest.mark.parametrize("hand", HANDS)
def test_same_answer_on_hands(monkeypatch: pytest.MonkeyPatch, rules: str, hand: str) -> None:
    for kw in (
        {},
        {"win": "tsumo", "dora": ["5m"], "ura": ["0m"]},
        {"dora": ("5m",), "honba": 2, "discarder": "S"},
        {"flags": ["riichi"], "dora": ["0p", "1z"]},
    ):
        fast, general = _both(monkeypatch, hand, rules=rules, **kw)
        assert fast == general, (hand, kw)


@settings(max_examples=150, deadline=None)
@given(
    rules=st.sampled_from(ids()),
    hand=st.sampled_from(HANDS),
    win=st.sampled_from(("ron", "tsumo", "none", "x", 1)),
    seat=st.sampled_from(SEATS),
    flags=st.one_of(st.lists(st.sampled_from(FLAGS), max_size=3), st.just("riichi")),
    dora=st.one_of(st.none(), st.lists(st.sampled_from(INDICATORS), max_size=6)),
    ura=st.one_of(st.none(), st.lists(st.sampled_from(INDICATORS), max_size=2).map(tuple)),
    situation=st.dictionaries(
        st.sampled_from(("honba", "riichi_sticks", "discarder", "dealer", "pao", "x")),
        st.sampled_from((0, 3, -1, True, "S", "E", "Z", None, 1.5)),
        max_size=2,
    ),
)
def test_same_answer_on_arguments(  # noqa: PLR0917 - one per generated argument
    rules: str,
    hand: str,
    win: Any,
    seat: Any,
    flags: Any,
    dora: Any,
    ura: Any,
    situation: dict[str, Any],
) -> None:
    with pytest.MonkeyPatch.context() as mp:
        fast, general = _both(
            mp,
            hand,
            rules=rules,
            win=win,
            seat_wind=seat,
            flags=flags,
            dora=dora,
            ura=ura,
            **situation,
        )
    assert fast == general


@settings(max_examples=150, deadline=None)
@given(
    rules=st.sampled_from(ids()),
    hand=st.sampled_from(HANDS),
    win=st.sampled_from(("ron", "tsumo", "none", "x", 1)),
    seat=st.sampled_from(SEATS),
    flags=st.one_of(st.lists(st.sampled_from(FLAGS), max_size=3), st.just("riichi")),
    dora=st.one_of(st.none(), st.lists(st.sampled_from(INDICATORS), max_size=6)),
    situation=st.dictionaries(
        st.sampled_from(("honba", "riichi_sticks", "discarder", "dealer", "pao", "ura", "x")),
        st.sampled_from((0, 3, -1, True, "S", "E", "Z", None, 1.5, ["5m"], ["0p", "E"])),
        max_size=3,
    ),
)
def test_score_object_same_answer(  # noqa: PLR0917 - one per generated argument
    rules: str,
    hand: str,
    win: Any,
    seat: Any,
    flags: Any,
    dora: Any,
    situation: dict[str, Any],
) -> None:
    data = {"rules": rules, "hand": hand, "win": win, "seat_wind": seat, "flags": flags}
    data.update(situation)
    if dora is not None:
        data["dora"] = dora
    fast = _outcome(lambda: registry.score_object(dict(data)))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(registry, "_fast_hand", lambda *a: None)
        general = _outcome(lambda: registry.score_object(dict(data)))
    assert fast == general
