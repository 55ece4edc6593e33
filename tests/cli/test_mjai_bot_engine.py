"""``muraglia mjai-bot`` decides from the engine (issue 16): no rule state of its own.

Real games (the shared Tenhou corpus, replayed through the engine and written as mjai, and the
project's mjai corpus) are fed to the bot seat by seat, as the seat sees them (``?`` for the
others' tiles). At every decision point the bot's engine (rebuilt from the seat's view, the
hidden tiles named by :func:`fill_hidden`) must offer exactly the legal actions of the engine
that knows every tile, and the bot's answer must be one of them. Removing an engine fact
(rinshan, chankan) changes the bot's answer: the bot has no second copy of the rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from muraglia.cli.mjai_bot import MjaiPlayer
from muraglia.engine import legal as engine_legal
from muraglia.engine.actions import (
    Action,
    AddedKong,
    Chow,
    ClaimKong,
    ConcealedKong,
    Declare,
    Discard,
    Pass,
    Pung,
    Win,
)
from muraglia.engine.phases import Phase
from muraglia.engine.views import view_of
from muraglia.errors import MahjongError
from muraglia.io import tenhou as th
from muraglia.io.mjai import fill_hidden, from_mjai, mjai_round, to_mjai
from muraglia.io.tenhou_replay import resume, rules_for
from muraglia.players.external import seat_view
from muraglia.rulesets import load_ruleset
from tests.corpus import tenhou_data

MJLOG = tenhou_data() / "mjlog"
OURS = Path(__file__).resolve().parents[1] / "data" / "muraglia" / "mjai"

ACT_AFTER = ("tsumo", "reach", "chi", "pon")
CLAIM_AFTER = ("dahai", "kakan", "ankan")


def tenhou_streams(
    names: tuple[str, ...], rounds: int = 99, only: str = ""
) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """(rules, one kyoku's mjai messages) of the first ``rounds`` rounds of real Tenhou
    games whose file names start with one of ``names`` (``only``: the round of that name),
    through the engine."""
    for path in sorted(MJLOG.glob("*.mjlog")):
        if not path.name.startswith(names):
            continue
        record = th.load(path)
        spec = rules_for(record)
        rs = load_ruleset(spec)
        for rnd in record.rounds[:rounds]:
            if not rnd.complete or only not in ("", rnd.init.name):
                continue
            match = resume(rnd, rs, red_fives=record.header.red_fives)
            msgs = to_mjai(match.events, scores=rnd.init.scores)
            kyoku = [m for m in msgs if m["type"] not in ("start_game", "end_game")]
            yield spec, kyoku


def our_streams(
    names: tuple[str, ...], rounds: int = 3
) -> Iterator[tuple[Any, list[dict[str, Any]]]]:
    """(rules, one kyoku's messages) of the first ``rounds`` kyoku of the project's mjai
    corpus files ``names``."""
    import json

    for path in sorted(OURS.glob("*.mjson")):
        if path.stem not in names:
            continue
        kyoku: list[dict[str, Any]] = []
        done = 0
        rules: Any = load_ruleset("riichi-tenhou")
        for line in path.read_text(encoding="utf-8").splitlines():
            m = json.loads(line)
            if m["type"] == "start_game" and "muraglia" in m:
                ours = m["muraglia"]
                rules = load_ruleset(ours["ruleset"], **ours["options"])
            elif m["type"] == "start_kyoku":
                kyoku = [m]
            elif kyoku:
                kyoku.append(m)
                if m["type"] == "end_kyoku" and done < rounds:
                    yield rules, kyoku
                    done += 1
                if m["type"] == "end_kyoku":
                    kyoku = []


def as_action(ans: dict[str, Any], seat: int, legal: list[Action], riichi: bool) -> Action | None:
    """The engine action an mjai answer names (None: not expressible)."""
    kind = ans["type"]
    if kind == "none":
        return Pass(seat)
    if kind == "hora":
        return Win(seat)
    if kind == "dahai":
        pai = ans["pai"]
        return Discard(seat, from_mjai(pai), riichi=riichi, red=pai.endswith("r"))
    if kind == "reach":
        return next((a for a in legal if isinstance(a, Discard) and a.riichi), None)
    red = any(str(t).endswith("r") for t in ans.get("consumed", ()))
    if kind == "pon":
        chosen = Pung(seat, red=True)
        return chosen if red and chosen in legal else Pung(seat)
    if kind == "chi":
        tiles = tuple(sorted(from_mjai(t) for t in (ans["pai"], *ans["consumed"])))
        chosen = Chow(seat, tiles, red=True)
        return chosen if red and chosen in legal else Chow(seat, tiles)
    if kind == "daiminkan":
        return ClaimKong(seat)
    if kind == "ankan":
        return ConcealedKong(seat, from_mjai(ans["consumed"][0]))
    if kind == "kakan":
        return AddedKong(seat, from_mjai(ans["pai"]))
    if kind == "ryukyoku":
        return next((a for a in legal if isinstance(a, Declare)), None)
    return None


def options(deal: Any, seat: int, own: bool) -> list[Action]:
    """``seat``'s legal actions in its own turn (``own``) or in an open claim window."""
    asked = deal.phase is Phase.ACT if own else deal.phase in (Phase.CLAIM, Phase.ROB)
    return list(deal.legal_actions(seat)) if asked else []


def check_seat(rules: Any, kyoku: list[dict[str, Any]], seat: int, bot: str) -> int:
    """Feed ``seat``'s view of ``kyoku`` to the bot; every decision checked. Returns how many."""
    rs = load_ruleset(rules) if isinstance(rules, str) else rules
    red = bool(getattr(rs.options, "red_fives", False))
    p = MjaiPlayer(rules, bot, seed=seat)
    p.answer({"type": "start_game", "id": seat})
    decisions = 0
    for i, (full, seen) in enumerate(zip(kyoku, seat_view(kyoku, seat), strict=True)):
        ans = p.answer(seen)
        kind = full["type"]
        own = full.get("actor") == seat
        if not ((own and kind in ACT_AFTER) or (not own and kind in CLAIM_AFTER)):
            assert ans == {"type": "none"}, (i, full, ans)
            continue
        if kind in ("chi", "pon") and not own:
            continue
        close = own and kind in ("tsumo", "reach")
        known = resume(mjai_round(kyoku[: i + 1]), rs, red_fives=red, close=close)
        legal = options(known.deal, seat, own)
        # the hidden tiles change nothing the seat may do (whether a window opens at all
        # depends on the others' tiles too: the seat's options do not)
        assert options(p.table(close=close).deal, seat, own) == legal, (i, full)
        if kind == "reach":
            legal = [a for a in legal if isinstance(a, Discard) and a.riichi]
        if not legal:
            assert ans == {"type": "none"}
            continue
        decisions += 1
        action = as_action(ans, seat, legal, riichi=kind == "reach")
        assert action in legal, (i, full, ans, [a.line() for a in legal])
        view = view_of(known.deal, seat, known)
        for t in ans.get("consumed", ()):  # named as the engine holds them
            tile = from_mjai(t)
            assert tile in view.hand or kind == "kakan"
            if t.endswith("r") and kind != "kakan":
                assert tile in view.red_hand
    return decisions


@pytest.mark.skipif(not MJLOG.is_dir(), reason="Tenhou corpus not present")
def test_real_tenhou_games_every_decision_is_the_engines() -> None:
    total = 0
    for rules, kyoku in tenhou_streams(("2010081709", "double-ron"), rounds=3):
        for seat in range(4):
            total += check_seat(rules, kyoku, seat, "efficiency")
    assert total > 150


HARD_VIEWS = [
    # another seat's riichi hand the greedy naming could not make ready
    pytest.param("2010102910gm-00a9-0000-cdb9804c", "E1-0", 1, id="riichi-hand-E1"),
    pytest.param("2011020415gm-00a9-0000-e037b629", "E2-0", 3, id="riichi-hand-E2"),
    pytest.param("2020051716gm-00a9-0000-7f8226dd", "S2-0", 2, id="riichi-hand-S2"),
    # seat 0 makes a concealed kong of its drawn P under riichi: the kong's tiles were taken
    # from the riichi hand instead of the drawn tile, four P in a ready hand of 13
    pytest.param("2011020414gm-00a9-0000-ef18f336", "E4-0", 1, id="riichi-kong"),
]


@pytest.mark.skipif(not MJLOG.is_dir(), reason="Tenhou corpus not present")
@pytest.mark.parametrize(("name", "round_name", "seat"), HARD_VIEWS)
def test_views_whose_hidden_tiles_were_hard_to_name(name: str, round_name: str, seat: int) -> None:
    """Every seat's view, cut after each message, gets its hidden tiles named; the seat whose
    view failed before decides from the engine at every decision point."""
    ((rules, kyoku),) = tenhou_streams((name,), only=round_name)
    red = bool(getattr(load_ruleset(rules).options, "red_fives", False))
    for s in range(4):
        view = list(seat_view(kyoku, s))
        end = next((i for i, m in enumerate(view) if m["type"] in ("hora", "ryukyoku")), len(view))
        for n in range(1, end + 1):
            filled = fill_hidden(view[:n], red_fives=red)
            assert not any("?" in (m.get("pai", ""), *m.get("consumed", ())) for m in filled)
    assert check_seat(rules, kyoku, seat, "efficiency") > 5


def test_our_mjai_corpus_every_decision_is_the_engines() -> None:
    """Kongs (a robbed one among them), double ron, red fives: the random bot answers them all."""
    total = 0
    for rules, kyoku in our_streams(
        ("chankan", "four-kongs", "double-ron", "rinshan", "riichi-tenhou-3")
    ):
        for seat in range(4):
            total += check_seat(rules, kyoku, seat, "random")
    assert total > 100


# ---------------------------------------------------------------------- scripted tables


class Prefer:
    """A bot that takes the first legal action of the preferred kinds, else the first one."""

    name = "prefer"

    def __init__(self, *kinds: type) -> None:
        self.kinds = kinds

    def choose(self, view: Any, legal: Any) -> Any:
        for kind in self.kinds:
            for a in legal:
                if isinstance(a, kind):
                    return a
        return legal[0]


def table(hand: list[str], *, oya: int = 1, dora: str = "1m", bot: Any = None) -> MjaiPlayer:
    """A bot in seat 0 at the start of a kyoku (East round, ``oya`` deals)."""
    p = MjaiPlayer("riichi-ema", "efficiency", 0)
    if bot is not None:
        p.bot = bot
    p.answer({"type": "start_game", "id": 0})
    tehais = [list(hand), ["?"] * 13, ["?"] * 13, ["?"] * 13]
    start = {"type": "start_kyoku", "bakaze": "E", "oya": oya, "dora_marker": dora}
    assert p.answer({**start, "kyoku": oya + 1, "tehais": tehais}) == {"type": "none"}
    return p


def turn(p: MjaiPlayer, seat: int, pai: str) -> dict[str, Any]:
    """Another seat draws and discards ``pai``; the bot's answer to the discard."""
    assert p.answer({"type": "tsumo", "actor": seat, "pai": "?"}) == {"type": "none"}
    return p.answer({"type": "dahai", "actor": seat, "pai": pai, "tsumogiri": False})


def own_legal(p: MjaiPlayer) -> list[Action]:
    """The engine's legal actions of seat 0 in the window open now."""
    return options(p.table(close=False).deal, 0, False)


def test_riichi_then_tsumogiri_then_ron() -> None:
    """Closed and ready: reach, then the drawn tile goes (EMA-RIICHI), ron on the wait."""
    p = table(["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "2s", "3s"])
    for seat in (1, 2, 3):
        assert turn(p, seat, "S") == {"type": "none"}
    assert p.answer({"type": "tsumo", "actor": 0, "pai": "N"}) == {"type": "reach", "actor": 0}
    ans = p.answer({"type": "reach", "actor": 0})
    assert ans == {"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": True}
    p.answer(ans)
    p.answer({"type": "reach_accepted", "actor": 0})
    assert turn(p, 1, "E") == {"type": "none"}  # in riichi: no pon of E
    assert turn(p, 2, "W") == {"type": "none"}
    assert turn(p, 3, "W") == {"type": "none"}
    ans = p.answer({"type": "tsumo", "actor": 0, "pai": "5m"})
    assert ans == {"type": "dahai", "actor": 0, "pai": "5m", "tsumogiri": True}
    p.answer(ans)
    assert turn(p, 1, "N") == {"type": "none"}
    assert turn(p, 2, "4s") == {"type": "hora", "actor": 0, "target": 2, "pai": "4s"}


READY = ["2p", "3p", "4p", "5p", "6p", "7p", "3s", "4s", "5s", "6s", "6s", "4m", "5m"]
"""Closed, all simples, waiting on 3m and 6m."""


def test_a_passed_win_is_temporary_furiten_until_the_own_discard() -> None:
    """EMA-FURI-3 (the engine's): after letting 3m pass, no ron on 6m until the own discard."""
    p = table(READY, bot=Prefer(Pass))
    assert turn(p, 1, "3m") == {"type": "none"}
    assert Win(0) in own_legal(p)  # the win the bot let pass
    p.bot = Prefer(Win)
    assert turn(p, 2, "6m") == {"type": "none"}
    assert Win(0) not in own_legal(p)
    assert turn(p, 3, "N") == {"type": "none"}
    ans = p.answer({"type": "tsumo", "actor": 0, "pai": "N"})
    assert ans["type"] in ("dahai", "reach")
    p.answer({"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": True})
    assert turn(p, 1, "S") == {"type": "none"}
    assert turn(p, 2, "6m") == {"type": "hora", "actor": 0, "target": 2, "pai": "6m"}


def test_a_wait_among_the_own_discards_is_furiten_for_every_wait() -> None:
    """EMA-FURI-2: 6m discarded (and claimed by another seat), so no ron on 3m either."""
    hand = ["2p", "3p", "4p", "5p", "6p", "7p", "3s", "4s", "5s", "6s", "6s", "4m", "6m"]
    p = table(hand, oya=0, bot=Prefer(Win))
    p.bot.choose = lambda view, legal: Discard(0, from_mjai("6m"))  # type: ignore[method-assign]
    ans = p.answer({"type": "tsumo", "actor": 0, "pai": "5m"})
    assert ans == {"type": "dahai", "actor": 0, "pai": "6m", "tsumogiri": False}
    p.answer(ans)
    p.bot = Prefer(Win)
    p.answer({"type": "pon", "actor": 2, "target": 0, "pai": "6m", "consumed": ["6m", "6m"]})
    ans = p.answer({"type": "dahai", "actor": 2, "pai": "3m", "tsumogiri": False})
    assert ans == {"type": "none"}
    assert not own_legal(p)  # waits 3m-6m, 6m among the own discards though claimed


def test_a_red_five_keeps_its_name() -> None:
    class Red:
        name = "red"

        def choose(self, view: Any, legal: Any) -> Any:
            return next(a for a in legal if isinstance(a, Discard) and a.red)

    p = table(["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "S", "W", "N"], oya=0)
    p.bot = Red()
    ans = p.answer({"type": "tsumo", "actor": 0, "pai": "5mr"})
    assert ans == {"type": "dahai", "actor": 0, "pai": "5mr", "tsumogiri": True}


def test_kongs_are_answered_with_the_tiles_held() -> None:
    """daiminkan, then a pon and the kakan of its pung; every kong the engine's option."""
    hand = ["1m", "1m", "1m", "2p", "2p", "3p", "4p", "5s", "6s", "7s", "P", "P", "E"]
    p = table(hand, dora="9p", bot=Prefer(ClaimKong))
    assert turn(p, 1, "S") == {"type": "none"}
    ans = turn(p, 2, "1m")
    assert ans == {
        "type": "daiminkan",
        "actor": 0,
        "target": 2,
        "pai": "1m",
        "consumed": ["1m", "1m", "1m"],
    }
    assert p.answer(ans) == {"type": "none"}
    p.answer({"type": "dora", "dora_marker": "3m"})  # EMA: turned at once (EMA-KONG-5)
    p.bot = Prefer(Pung)
    assert p.answer({"type": "tsumo", "actor": 0, "pai": "N"})["type"] == "dahai"
    p.answer({"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": False})
    ans = turn(p, 1, "P")
    assert ans == {"type": "pon", "actor": 0, "target": 1, "pai": "P", "consumed": ["P", "P"]}
    assert p.answer(ans)["type"] == "dahai"
    p.answer({"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": False})
    assert turn(p, 1, "S") == {"type": "none"}
    assert turn(p, 2, "W") == {"type": "none"}
    assert turn(p, 3, "W") == {"type": "none"}
    p.bot = Prefer(AddedKong)
    ans = p.answer({"type": "tsumo", "actor": 0, "pai": "P"})
    assert ans == {"type": "kakan", "actor": 0, "pai": "P", "consumed": ["P", "P", "P"]}


def _without(func: Any, fact: str) -> Any:
    def mutated(*args: Any, **kwargs: Any) -> Any:
        return type(facts := func(*args, **kwargs))(f for f in facts if f != fact)

    return mutated


def rinshan(p: MjaiPlayer) -> dict[str, Any]:
    """An open hand (pon of 9m) kongs its 5p (the red one among them) and draws the
    replacement that completes it: rinshan is its only yaku (EMA-YAKU-14)."""
    assert turn(p, 1, "S") == {"type": "none"}
    p.bot = Prefer(Pung)
    ans = turn(p, 2, "9m")
    assert ans["type"] == "pon"
    p.answer({"type": "pon", "actor": 0, "target": 2, "pai": "9m", "consumed": ["9m", "9m"]})
    p.answer({"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": False})
    for seat, pai in ((1, "S"), (2, "S"), (3, "E")):
        assert turn(p, seat, pai) == {"type": "none"}
    p.bot = Prefer(ConcealedKong)
    ans = p.answer({"type": "tsumo", "actor": 0, "pai": "5p"})
    assert ans == {"type": "ankan", "actor": 0, "consumed": ["5p", "5p", "5p", "5pr"]}
    assert p.answer(ans) == {"type": "none"}
    p.answer({"type": "dora", "dora_marker": "2m"})
    p.bot = Prefer(Win)
    return p.answer({"type": "tsumo", "actor": 0, "pai": "8s"})


RINSHAN = ["9m", "9m", "5p", "5p", "5pr", "1s", "2s", "3s", "8s", "8s", "W", "W", "N"]


def test_rinshan_is_the_engines_fact(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot wins on the replacement tile only because the engine says ``replacement``."""
    assert rinshan(table(RINSHAN)) == {"type": "hora", "actor": 0, "target": 0, "pai": "8s"}
    monkeypatch.setattr(
        engine_legal, "facts_self", _without(engine_legal.facts_self, "replacement")
    )
    assert rinshan(table(RINSHAN))["type"] == "dahai"


CHANKAN = ["9m", "9m", "1s", "1s", "2p", "3p", "4p", "4s", "5s", "6s", "6m", "7m", "W"]


def chankan(p: MjaiPlayer) -> dict[str, Any]:
    """An open hand without a yaku (pon of 9m) waits on 5m-8m; seat 3 adds 8m to its pung:
    robbing the kong is the only yaku (EMA-YAKU-15)."""
    p.bot = Prefer(Pung)
    assert turn(p, 1, "9m")["type"] == "pon"
    p.answer({"type": "pon", "actor": 0, "target": 1, "pai": "9m", "consumed": ["9m", "9m"]})
    p.answer({"type": "dahai", "actor": 0, "pai": "W", "tsumogiri": False})
    p.bot = Prefer(Win)
    assert turn(p, 1, "8m") == {"type": "none"}  # no yaku: no ron (EMA-WIN-2)
    p.answer({"type": "pon", "actor": 3, "target": 1, "pai": "8m", "consumed": ["8m", "8m"]})
    p.answer({"type": "dahai", "actor": 3, "pai": "N", "tsumogiri": False})
    assert p.answer({"type": "tsumo", "actor": 0, "pai": "P"})["type"] == "dahai"
    p.answer({"type": "dahai", "actor": 0, "pai": "P", "tsumogiri": True})  # furiten ends
    assert turn(p, 1, "S") == {"type": "none"}
    assert turn(p, 2, "S") == {"type": "none"}
    assert p.answer({"type": "tsumo", "actor": 3, "pai": "?"}) == {"type": "none"}
    return p.answer({"type": "kakan", "actor": 3, "pai": "8m", "consumed": ["8m"] * 3})


def test_chankan_is_the_engines_fact(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot robs the kong only because the engine says ``robbing_kong``."""
    assert chankan(table(CHANKAN)) == {"type": "hora", "actor": 0, "target": 3, "pai": "8m"}
    monkeypatch.setattr(
        engine_legal, "facts_discard", _without(engine_legal.facts_discard, "robbing_kong")
    )
    assert chankan(table(CHANKAN)) == {"type": "none"}


def own_discard_furiten(p: MjaiPlayer) -> dict[str, Any]:
    """Seat 0 discards 6m and is left waiting on 3m-6m; seat 2 pons the 6m and discards 3m:
    furiten by the own discards (EMA-FURI-2). The answer to the 3m (the bot takes any win)."""
    p.bot.choose = lambda view, legal: Discard(0, from_mjai("6m"))  # type: ignore[method-assign]
    ans = p.answer({"type": "tsumo", "actor": 0, "pai": "5m"})
    p.answer(ans)
    p.bot = Prefer(Win)
    p.answer({"type": "pon", "actor": 2, "target": 0, "pai": "6m", "consumed": ["6m", "6m"]})
    return p.answer({"type": "dahai", "actor": 2, "pai": "3m", "tsumogiri": False})


def passed_win_furiten(p: MjaiPlayer) -> dict[str, Any]:
    """Seat 0 lets a 3m pass, then seat 2 discards 6m, the other wait: temporary furiten
    (EMA-FURI-3). The answer to the 6m (the bot takes any win now)."""
    assert turn(p, 1, "3m") == {"type": "none"}
    p.bot = Prefer(Win)
    return turn(p, 2, "6m")


FURITEN_HAND = ["2p", "3p", "4p", "5p", "6p", "7p", "3s", "4s", "5s", "6s", "6s", "4m", "6m"]


def test_furiten_is_the_engines_fact(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot declines a ron only because the engine's flow rules furiten: with the
    ruleset's furiten test removed the own-discard furiten is gone, with the engine's
    ``missed_win`` fact removed the temporary one is; each time the bot's legal actions gain
    the win and it takes it."""
    from muraglia.engine.state import DealState
    from muraglia.rulesets.riichi_ema.flow import RiichiFlow

    assert own_discard_furiten(table(FURITEN_HAND, oya=0, bot=Prefer(Win))) == {"type": "none"}
    assert passed_win_furiten(table(READY, bot=Prefer(Pass))) == {"type": "none"}
    with monkeypatch.context() as m:
        m.setattr(RiichiFlow, "furiten", lambda self, view, seat, hand: False)
        p = table(FURITEN_HAND, oya=0, bot=Prefer(Win))
        win = {"type": "hora", "actor": 0, "target": 2, "pai": "3m"}
        assert own_discard_furiten(p) == win
        assert Win(0) in own_legal(p)
    with monkeypatch.context() as m:
        m.setattr(DealState, "missed_win", property(lambda self: [False] * len(self.seats)))
        p = table(READY, bot=Prefer(Pass))
        assert passed_win_furiten(p) == {"type": "hora", "actor": 0, "target": 2, "pai": "6m"}
        assert Win(0) in own_legal(p)
        # the own-discard furiten is still the flow's, not the missed-win fact's
        p = table(FURITEN_HAND, oya=0, bot=Prefer(Win))
        assert own_discard_furiten(p) == {"type": "none"}


def test_a_view_no_deal_can_give_is_a_clear_error() -> None:
    p = table(READY)
    for seat in (1, 2, 3):
        turn(p, seat, "1s")
    p.answer({"type": "tsumo", "actor": 0, "pai": "1s"})
    p.answer({"type": "dahai", "actor": 0, "pai": "1s", "tsumogiri": True})
    with pytest.raises(MahjongError, match="1s more often than the set holds"):
        turn(p, 1, "1s")


def test_fill_hidden_names_every_hidden_tile_once() -> None:
    """The named deal holds each tile at most as often as the set (136, red fives apart)."""
    from collections import Counter

    for rules, kyoku in our_streams(("riichi-tenhou-93",)):
        view = seat_view(kyoku, 1)
        filled = fill_hidden(view, red_fives=rules.options.red_fives)
        names = [t for h in filled[0]["tehais"] for t in h]
        names += [m["pai"] for m in filled if m["type"] == "tsumo"]
        assert "?" not in names
        count = Counter(str(from_mjai(n).notation) for n in names)
        assert max(count.values()) <= 4
        break
