"""``muraglia.rulesets.win_worth`` (the bots' scorer) against the public ``score`` it stands for.

The classical rulesets answer by ``worth_checked`` (no located tiles, explanation, payments,
no text round trip); the answer must be the public path's for every input the bots make: a
win's notation as :meth:`DefensiveBot._win_text` writes it (concealed tiles, declared melds,
``+`` the winning tile), ron or tsumo, the winds, the flags ``riichi``/``last_of_kind`` and the
dora indicators. Hands are built from groups (so most are complete and many score), then
some tiles are swapped, kinds overfilled or melds mixed in (so the errors, the incomplete
hands and the wins below the minimum are compared too).
"""

from __future__ import annotations

from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st

import muraglia.rulesets as registry
from muraglia.errors import MahjongError
from muraglia.notation import Hand
from muraglia.players.defensive import compact_notation, concealed_notation
from muraglia.players.simulate import play_match
from muraglia.rulesets import hand_worth, ruleset_for, score, win_worth
from muraglia.rulesets.seipalle import ruleset as seipalle_ruleset
from muraglia.tiles import NUM_KINDS, Tile

SPECS = ("fimj(tournament=true)", "seipalle(tournament=true)", "ravenna", "riichi-ema", "mcr")
WINDS = "ESWN"


def reference(text: str, rules: Any, **kw: Any) -> float:
    """What the bots read before ``win_worth``: the public ``score``, ``can_win``, 0 on errors."""
    try:
        result = score(text, rules=rules, **kw)
    except MahjongError:
        return 0.0
    return float(result.value) if rules.can_win(result) else 0.0


def _notation(kinds: list[int]) -> str:
    return compact_notation("".join(Tile(k).notation for k in sorted(kinds)))


@st.composite
def bot_wins(draw: st.DrawFn, spec: str) -> tuple[str, dict[str, Any]]:
    """A win as a bot asks it under ``spec``: notation and the keywords of ``win_worth``.

    Mostly with the flags the ruleset knows and indicators where it has them (as the bots
    ask), else with any (the refusals compared too).
    """
    groups: list[list[int]] = []
    melds: list[str] = []
    n_melds = draw(st.integers(0, 4))
    for i in range(4):
        if draw(st.booleans()):  # a chow
            suit = draw(st.integers(0, 2))
            start = suit * 9 + draw(st.integers(0, 6))
            tiles = [start, start + 1, start + 2]
        else:  # a pung (a kong when declared, sometimes)
            tiles = [draw(st.integers(0, NUM_KINDS - 1))] * 3
        if i < n_melds:
            source = draw(st.sampled_from("<^>"))
            if tiles[0] == tiles[1] and draw(st.booleans()):
                rank, suit_letter = Tile(tiles[0]).notation
                kong = rank * 4 + suit_letter
                melds.append(f"({kong})" if draw(st.booleans()) else f"[{kong}{source}]")
            else:
                melds.append(f"[{_notation(tiles)}{source}]")
        else:
            groups.append(tiles)
    pair = draw(st.integers(0, NUM_KINDS - 1))
    concealed = [k for g in groups for k in g] + [pair, pair]
    if draw(st.integers(0, 3)) == 0:  # seven pairs
        concealed = [k for p in draw(st.lists(st.integers(0, 33), min_size=7, max_size=7))
                     for k in (p, p)]  # fmt: skip
        melds = []
    if draw(st.integers(0, 4)) == 0:  # a tile swapped: mostly not a win
        concealed[draw(st.integers(0, len(concealed) - 1))] = draw(st.integers(0, 33))
    win = concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    text = _notation(concealed) + "".join(melds) + "+" + Tile(win).notation
    flags = draw(st.lists(st.sampled_from(["riichi", "last_of_kind"]), unique=True, max_size=2))
    indicators = draw(st.lists(st.integers(0, 33), max_size=3))
    if draw(st.integers(0, 4)):  # as the bots ask
        known = ruleset_for(spec).flags or {}
        flags = [f for f in flags if f in known]
        if spec.startswith(("fimj", "ravenna", "mcr")):
            indicators = []
    kw = {
        "win": draw(st.sampled_from(["ron", "tsumo"])),
        "seat_wind": draw(st.sampled_from(WINDS)),
        "round_wind": draw(st.sampled_from(WINDS)),
        "flags": flags,
        "dora": [Tile(k).notation for k in indicators] or None,
    }
    return text, kw


@settings(max_examples=600, deadline=None)
@given(data=st.data(), spec=st.sampled_from(SPECS))
def test_win_worth_is_the_public_score(data: st.DataObject, spec: str) -> None:
    """Same value (or 0) as the public path, with flags or indicators a ruleset refuses too."""
    text, kw = data.draw(bot_wins(spec))
    rules = ruleset_for(spec)
    value = win_worth(text, rules=rules, **kw)
    event(f"{spec}: {'scores' if value else 'zero'}")
    assert win_worth(text, rules=rules, **kw) == reference(text, rules, **kw)


@settings(max_examples=300, deadline=None)
@given(data=st.data(), spec=st.sampled_from(SPECS), flowers=st.lists(st.integers(1, 8)))
def test_hand_worth_is_the_public_score(data: st.DataObject, spec: str, flowers: list[int]) -> None:
    """A hand that did not win (the settled rulesets' hand points): the public value or 0."""
    text, kw = data.draw(bot_wins(spec))
    text = text.split("+")[0] + "".join(f"{f}f" for f in sorted(set(flowers)))
    rules = ruleset_for(spec)
    winds = {"seat_wind": kw["seat_wind"], "round_wind": kw["round_wind"]}
    try:
        expected = float(score(text, rules=rules, win="none", **winds).value)
    except MahjongError:
        expected = 0.0
    value = hand_worth(text, rules=rules, **winds)
    event(f"{spec}: {'points' if value else 'zero'}")
    assert value == expected


def test_win_worth_scores_and_refuses() -> None:
    """Fixed cases of each kind: a win, a win below the minimum, an error; both paths agree."""
    rules = ruleset_for("seipalle(tournament=true)")
    kw: dict[str, Any] = {"seat_wind": "S", "round_wind": "E", "flags": [], "dora": ["1m"]}
    assert win_worth("123m456p789s1112z+2z", rules=rules, win="ron", **kw) == 168.0
    assert win_worth("123m456p789s1112z+2z", rules=rules, win="tsumo", **kw) == 272.0
    # a fifth 1m counting the indicator: the public path's InvalidHandError, 0
    assert win_worth("1111m456p789s11z22z+2z", rules=rules, win="ron", **kw) == 0.0
    assert reference("1111m456p789s11z22z+2z", rules, win="ron", **kw) == 0.0
    fimj = ruleset_for("fimj(tournament=true)")
    plain: dict[str, Any] = {"seat_wind": "W", "round_wind": "N", "flags": [], "dora": None}
    for text in ("345m678p2345678s+2s", "4577m789p777z[456s<]+6m", "12m+3m"):
        for win in ("ron", "tsumo"):
            assert win_worth(text, rules=fimj, win=win, **plain) == reference(
                text, fimj, win=win, **plain
            )
    assert win_worth("345m678p2345678s+2s", rules=fimj, win="ron", **plain) > 0


def test_win_worth_on_the_bots_own_questions(monkeypatch: Any) -> None:
    """Every win an expert asks in a seeded deal of each classical ruleset: both paths agree."""
    asked: list[tuple[str, Any, dict[str, Any], float]] = []
    points: list[tuple[str, Any, dict[str, Any], float]] = []
    worth, hand = registry.win_worth, registry.hand_worth

    def recording(text: str, *, rules: Any, **kw: Any) -> float:
        value = worth(text, rules=rules, **kw)
        asked.append((text, rules, kw, value))
        return value

    def recording_points(text: str, *, rules: Any, **kw: Any) -> float:
        value = hand(text, rules=rules, **kw)
        points.append((text, rules, kw, value))
        return value

    monkeypatch.setattr(registry, "win_worth", recording)
    monkeypatch.setattr(registry, "hand_worth", recording_points)
    for spec in SPECS[:3]:
        play_match(spec, ["expert", "efficiency", "efficiency", "efficiency"], 7, max_deals=1)
    assert len(asked) > 100
    assert sum(1 for *_, value in asked if value) > 20
    for text, rules, kw, value in asked:
        assert value == reference(text, rules, **kw), (text, rules.id, kw)
    assert points  # hand points asked (their non-zero values: the hypothesis test above)
    for text, rules, kw, value in points:
        assert value == float(score(text, rules=rules, win="none", **kw).value), text


@given(st.lists(st.integers(0, 4), min_size=NUM_KINDS, max_size=NUM_KINDS))
def test_concealed_notation_is_the_compact_notation(counts: list[int]) -> None:
    """The one-pass notation of the bots' counts is the notation they wrote tile by tile."""
    tiles = "".join(Tile(k).notation for k in range(NUM_KINDS) for _ in range(counts[k]))
    assert concealed_notation(counts) == compact_notation(tiles)


def test_win_worth_of_other_spellings_is_the_public_score() -> None:
    """Flags given as a one-shot iterable or holding unhashable items: the public answer,
    and no memo of the checked keywords (Seipalle's) poisoned for the plain calls after."""
    text = "123m456p789s1112z+2z"
    worth: Any = win_worth  # the flags below are not the annotated list on purpose
    for spec in ("seipalle", "seipalle(tournament=true)", "fimj", "ravenna"):
        rules = ruleset_for(spec)
        for flags in (["riichi"], ["bogus"], ["last_tile"], []):
            kw: dict[str, Any] = {"win": "ron", "seat_wind": "S", "round_wind": "E", "dora": None}
            for spelling in (iter, tuple, lambda f: (x for x in f)):  # each then the plain list
                got = worth(text, rules=rules, flags=spelling(flags), **kw)
                assert got == reference(text, rules, flags=spelling(flags), **kw), (spec, flags)
                plain = worth(text, rules=rules, flags=list(flags), **kw)
                assert plain == reference(text, rules, flags=list(flags), **kw), (spec, flags)
        for bad in ([["riichi"]], [{"a": 1}], [None], [1]):
            kw = {"win": "tsumo", "seat_wind": "E", "round_wind": "E", "dora": ["1m"]}
            assert worth(text, rules=rules, flags=bad, **kw) == 0.0
            assert reference(text, rules, flags=bad, **kw) == 0.0


def test_seipalle_value_checked_reads_its_flags_once() -> None:
    """Its memo key and its checks read the same flags, whatever iterable holds them (a
    one-shot iterable read twice kept the riichi flag's key with no flags checked)."""
    rules = ruleset_for("seipalle")
    hand = Hand.parse("123m456p789s1112z+2z", red_fives=False)
    args = ("ron", "S", "E")
    seipalle_ruleset._CHECKED.clear()  # the one-shot iterables asked first
    assert rules.value_checked(hand, *args, iter(["riichi"]), None) == (168, True)
    assert rules.value_checked(hand, *args, (f for f in ["riichi"]), iter(["1m"])) == (336, True)
    assert rules.value_checked(hand, *args, ["riichi"], None) == (168, True)
    assert rules.value_checked(hand, *args, ["riichi"], ["1m"]) == (336, True)
    assert rules.value_checked(hand, *args, [], None) == (84, True)
