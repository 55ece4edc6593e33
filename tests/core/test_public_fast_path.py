"""``muraglia.score``'s fast paths answer exactly as the general path.

Two fast paths skip ``check_api_arguments`` for the common spellings: the lane (a shared
ruleset's cached ``checked_scorer()``, given the hand checked with its indicators in one pass:
``Ruleset.score_checked``) and, behind it, ``_fast_hand``. Every argument they cannot vouch
for goes on to the general path. Here each call is made three times -- both fast paths on,
the lane off, both off -- on valid and invalid arguments of every ruleset: the same result or
the same error (type and message), on both paths of the kernels (the one-pass check
``muraglia._cnotation``, riichi's compiled lane and front; then pure Python).
"""

from __future__ import annotations

from types import MethodType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import muraglia
import muraglia.rulesets as registry
from muraglia.errors import MahjongError
from muraglia.rulesets import ids
from muraglia.rulesets.riichi_ema import fast
from muraglia.scoring.context import WinType
from muraglia.tiles import Tile
from tests.rulesets.riichi_ema.test_fast import winning

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
    except (KeyError, TypeError, ValueError) as e:  # the CLI's input errors too
        return (type(e).__name__, str(e))
    if isinstance(r, dict):
        return r
    return r.to_dict() if hasattr(r, "to_dict") else repr(r)


def _both(monkeypatch: pytest.MonkeyPatch, hand: Any, **kw: Any) -> tuple[Any, Any]:
    """(both fast paths on, both off); asserts that the lane off answers as both on."""
    fast = _outcome(lambda: muraglia.score(hand, **kw))
    with monkeypatch.context() as m:
        m.setattr(registry, "_scan_indicated", lambda *a: None)  # the lane off
        behind = _outcome(lambda: muraglia.score(hand, **kw))
        m.setattr(registry, "_fast_hand", lambda *a: None)
        general = _outcome(lambda: muraglia.score(hand, **kw))
    assert fast == behind
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
    fast, general = _object_both(data)
    assert fast == general


def _object_both(data: dict[str, Any]) -> tuple[Any, Any]:
    """``score_object``'s (lane on, everything off); asserts the lane off answers as on."""
    fast = _outcome(lambda: registry.score_object(dict(data)))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(registry, "_plain_object", lambda *a: NotImplemented)  # the lane off
        behind = _outcome(lambda: registry.score_object(dict(data)))
        mp.setattr(registry, "_fast_hand", lambda *a: None)
        general = _outcome(lambda: registry.score_object(dict(data)))
    assert fast == behind, data
    return fast, general


# ---------------------------------------------------------------------- the lane itself

MUTATIONS: dict[str, Any] = {
    "none": lambda kw: kw,
    "flag unknown": lambda kw: {**kw, "flags": [*kw["flags"], "nope"]},
    "flag robbing_kong": lambda kw: {**kw, "flags": [*kw["flags"], "robbing_kong"]},
    "flags as a set": lambda kw: {**kw, "flags": set(kw["flags"])},
    "flags as a string": lambda kw: {**kw, "flags": "riichi"},
    "ippatsu alone": lambda kw: {**kw, "flags": ["ippatsu"]},
    "first_turn": lambda kw: {**kw, "flags": ["first_turn"]},
    "fifth copy by dora": lambda kw: {**kw, "dora": [kw["hand"][-2:]] * 4},
    "red dora": lambda kw: {**kw, "dora": ["0m", "0p"], "ura": ["0m"]},
    "flower dora": lambda kw: {**kw, "dora": ["1f"]},
    "six dora": lambda kw: {**kw, "dora": ["1z"] * 6},
    "dora as Tiles": lambda kw: {**kw, "dora": [Tile.EAST]},
    "dora as a string": lambda kw: {**kw, "dora": "5m"},
    "honba -1": lambda kw: {**kw, "honba": -1},
    "honba True": lambda kw: {**kw, "honba": True},
    "honba huge": lambda kw: {**kw, "honba": 2**70},
    "sticks 1.5": lambda kw: {**kw, "riichi_sticks": 1.5},
    "discarder is the winner": lambda kw: {**kw, "discarder": kw["seat_wind"]},
    "discarder Z": lambda kw: {**kw, "discarder": "Z"},
    "discarder None": lambda kw: {**kw, "discarder": None},
    "dealer S": lambda kw: {**kw, "dealer": "S"},
    "pao": lambda kw: {**kw, "pao": "W"},
    "unknown key": lambda kw: {**kw, "colour": "red"},
    "win none": lambda kw: {**kw, "win": "none"},
    "win WinType": lambda kw: {**kw, "win": WinType.TSUMO},
    "seat Tile": lambda kw: {**kw, "seat_wind": Tile.SOUTH},
    "seat x": lambda kw: {**kw, "seat_wind": "x"},
    "a flower": lambda kw: {**kw, "hand": "1f" + kw["hand"]},
    "a tile short": lambda kw: {**kw, "hand": kw["hand"][1:]},
    "bad notation": lambda kw: {**kw, "hand": kw["hand"].replace("+", "+x")},
}


LOADED: dict[str, Any] = {}
"""Private rulesets (``load_ruleset``), one per id, for the calls given a ruleset object."""


@settings(max_examples=120, deadline=None)
@given(
    case=winning(),
    rules=st.sampled_from(("riichi-tenhou", "riichi-ema", "riichi-ema", *ids())),
    mutation=st.one_of(st.just("none"), st.sampled_from(sorted(MUTATIONS))),  # half valid
    as_tuples=st.booleans(),
    as_object=st.booleans(),
)
def test_generated_calls_same_answer(
    case: dict[str, Any], rules: str, mutation: str, as_tuples: bool, as_object: bool
) -> None:
    # complete hands in the lane's spellings (lists or tuples), valid or broken one way; the
    # rules by id (the cached lane) or as a loaded ruleset (its lane, asked for each call)
    if as_object:
        rules = LOADED.setdefault(rules, registry.load_ruleset(rules))
    kw: dict[str, Any] = {**case, "flags": sorted(case["flags"])}
    if as_tuples:
        kw = {k: tuple(v) if isinstance(v, list) else v for k, v in kw.items()}
    kw = MUTATIONS[mutation](kw)
    hand = kw.pop("hand")
    with pytest.MonkeyPatch.context() as mp:
        fast, general = _both(mp, hand, rules=rules, **kw)
    assert fast == general, (hand, kw)


OBJECT_MUTATIONS: dict[str, Any] = {
    **MUTATIONS,
    "win x": lambda kw: {**kw, "win": "x"},
    "win list": lambda kw: {**kw, "win": ["ron"]},
    "seat e": lambda kw: {**kw, "seat_wind": "e"},
    "round 1z": lambda kw: {**kw, "round_wind": "1z"},
    "round list": lambda kw: {**kw, "round_wind": ["E"]},
    "flags None": lambda kw: {**kw, "flags": None},
    "dora None": lambda kw: {**kw, "dora": None},
    "ura 7 items": lambda kw: {**kw, "ura": ["1m"] * 7},
    "dealer E": lambda kw: {**kw, "dealer": "E"},
    "dealer None": lambda kw: {**kw, "dealer": None},
    "discarder list": lambda kw: {**kw, "discarder": ["S"]},
    "rules list": lambda kw: {**kw, "rules": ["riichi-ema"]},
    "rules unknown": lambda kw: {**kw, "rules": "riichi-emma"},
    "rules with options": lambda kw: {**kw, "rules": "riichi-ema(kiriage=true)"},
    "hand a number": lambda kw: {**kw, "hand": 5},
    "no hand": lambda kw: {k: v for k, v in kw.items() if k != "hand"},
}
"""Ways to break (or respell) a ``score`` input object, for ``score_object``'s lane."""


@settings(max_examples=200, deadline=None)
@given(
    case=winning(),
    rules=st.sampled_from(("riichi-tenhou", "riichi-ema", "riichi-ema", *ids())),
    mutation=st.one_of(st.just("none"), st.sampled_from(sorted(OBJECT_MUTATIONS))),
)
def test_generated_objects_same_answer(case: dict[str, Any], rules: str, mutation: str) -> None:
    # complete hands as input objects (what score --jsonl and the web API read), valid or
    # broken one way: score_object's lane (_plain_object) answers what the general path does
    data: dict[str, Any] = {**case, "rules": rules, "flags": sorted(case["flags"])}
    data = OBJECT_MUTATIONS[mutation](data)
    fast, general = _object_both(data)
    assert fast == general, data


@pytest.mark.parametrize("rules", ids())
def test_plain_objects_take_the_lane(monkeypatch: pytest.MonkeyPatch, rules: str) -> None:
    # a valid object in plain spellings of a ruleset that keeps the base score_dict never
    # reaches the general checks; the others (their own score_dict) never take the lane
    hand = "123m456p789s11122z+1z" if rules in ("fimj", "ravenna") else "234m567m345p67s22p+8s"
    hand = "12345678p234s55m+9p" if rules == "mcr" else hand
    data: dict[str, Any] = {"rules": rules, "hand": hand, "win": "tsumo", "seat_wind": "S"}
    registry.ruleset_for(rules)
    want = registry.score_object(dict(data))
    cls = type(registry.ruleset_for(rules))
    base = cls.score_dict is registry.Ruleset.score_dict
    if base:

        def refused(*args: Any, **kwargs: Any) -> Any:
            raise AssertionError("the lane did not answer")

        monkeypatch.setattr(registry, "check_score_input", refused)
        monkeypatch.setattr(registry, "_fast_hand", refused)
    assert registry._plain_object(dict(data)) is not NotImplemented or not base
    assert registry.score_object(dict(data)) == want
    assert rules not in ("riichi-ema", "riichi-tenhou") or base


@pytest.mark.parametrize("as_object", [False, True])
@pytest.mark.parametrize("rules", ids())
def test_plain_calls_take_the_lane(
    monkeypatch: pytest.MonkeyPatch, rules: str, as_object: bool
) -> None:
    # a valid call in plain spellings never reaches the older fast path nor the general one,
    # with the rules given by id or as a loaded ruleset
    hand = "123m456p789s11122z+1z" if rules in ("fimj", "ravenna") else "234m567m345p67s22p+8s"
    hand = "12345678p234s55m+9p" if rules == "mcr" else hand
    kw: dict[str, Any] = {"win": "tsumo", "seat_wind": "S", "flags": []}
    want = muraglia.score(hand, rules=rules, **kw).to_dict()
    given: Any = registry.load_ruleset(rules) if as_object else rules

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the lane did not answer")

    monkeypatch.setattr(registry, "_fast_hand", refused)
    monkeypatch.setattr(registry, "check_api_arguments", refused)
    assert muraglia.score(hand, rules=given, **kw).to_dict() == want


def test_the_riichi_lane_is_compiled_where_the_front_is(kernels: str) -> None:
    # the cached lane: the C kernel's `lane` bound to the front on the native run, the bound
    # method (pure Python) on the pure run; both with Ruleset.score_checked's contract
    rs = registry.ruleset_for("riichi-tenhou")
    lane = registry._BY_TEXT["riichi-tenhou"][3]
    assert lane is not None
    if kernels == "native" and fast.NATIVE:
        assert isinstance(lane, MethodType)
        assert lane.__func__ is fast._native.lane
        assert lane.__self__ is rs._front
    else:
        assert lane == rs.score_checked
    for rid in ids():  # every other ruleset: its bound score_checked
        registry.ruleset_for(rid)
        other = registry._BY_TEXT[rid][3]
        if not rid.startswith("riichi"):
            assert other == registry.ruleset_for(rid).score_checked


@pytest.mark.parametrize("rules", ids())
def test_score_checked_declines_what_it_cannot_vouch_for(rules: str) -> None:
    # NotImplemented, before raising anything, for spellings outside the plain ones
    rs = registry.ruleset_for(rules)
    hand = muraglia.parse_hand("234m567m345p67s22p+8s")
    lane = rs.checked_scorer()
    for win, seat, flags, situation in (
        (1, "E", [], {}),
        ("ron", Tile.EAST, [], {}),
        ("ron", "E", "riichi", {}),
        ("ron", "E", [3], {}),
        ("ron", "E", [], {"honba": True}),
        ("ron", "E", [], {"discarder": "Z"}),
        ("ron", "E", [], {"colour": "red"}),
    ):
        assert lane(hand, win, seat, "E", flags, None, None, situation) is NotImplemented
        assert rs.score_checked(hand, win, seat, "E", flags, None, None, situation) is (
            NotImplemented
        )
