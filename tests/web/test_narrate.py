"""The replay viewer's and the table's move log: every event told in Italian and English,
in the ruleset's terms (Ron/Tsumo, Mah-Jong, Hu), never the engine's English log line."""

from __future__ import annotations

from typing import Any

import pytest

from muraglia.engine.actions import Action
from muraglia.engine.events import Acted, Called, DealEnded, Drew, Event, KongMade, Won
from muraglia.engine.game import Game
from muraglia.players import make_bot
from muraglia.rulesets import load_ruleset
from muraglia.web.narrate import event_line, win_name
from muraglia.web.tiles import tile_name

NAMES = ["Ada", "Bea", "Cid", "Dan"]
PREFER = ("win", "kong", "pung", "chow", "concealed_kong", "added_kong")
ENGINE_WORDS = ("deal ended", "winners [", " discard ", " draws ", " dealt ", " wins ", "from ")


def _eager(legal: list[Action]) -> Action:
    """Win, claim and kong whenever allowed (so that the log holds every kind of move)."""
    for kind in PREFER:
        for a in legal:
            if a.kind == kind:
                return a
    return legal[-1]


def _events(rules: str, seed: int, deals: int = 3) -> list[Event]:
    """A seeded game of efficiency bots that win, claim and kong whenever allowed."""
    ruleset = load_ruleset(rules)
    match = Game(ruleset, seed=seed, max_deals=deals).new_match()
    bots = [make_bot("efficiency", ruleset, seed=seed + s) for s in range(4)]
    for _ in range(5000):
        if match.over:
            break
        seat = match.to_act[0]
        legal = match.legal_actions(seat)
        eager = _eager(legal)
        if eager.kind not in PREFER:
            eager = bots[seat].choose(match.view(seat), legal)
        match.apply(eager)
    assert match.over
    return list(match.events)


@pytest.mark.parametrize("rules", ["riichi-ema", "fimj", "mcr", "seipalle", "ravenna"])
def test_every_event_is_told_in_both_languages_in_the_rulesets_terms(rules: str) -> None:
    events = _events(rules, seed=3)
    kinds: set[str] = set()
    for e in events:
        it = event_line(e, rules, "it", NAMES)
        en = event_line(e, rules, "en", NAMES)
        assert it != e.line(), e
        assert en != e.line(), e
        assert it != en or isinstance(e, Acted | KongMade), (it, e)  # a few words are shared
        assert not any(w in it for w in ENGINE_WORDS), (it, e)
        kinds.add(type(e).__name__)
        if isinstance(e, Won):
            src = "Tsumo" if e.from_seat is None else "Ron"
            call = {"riichi-ema": src, "mcr": "Hu (Mah-Jong)"}.get(rules, "Mah-Jong")
            assert it.startswith(f"{call} di {NAMES[e.seat]}"), it
            assert en.startswith(f"{call}: {NAMES[e.seat]}"), en
            assert f"{e.value}" in it
            assert f"{e.value}" in en
        if isinstance(e, DealEnded) and e.reason == "win":
            assert it.startswith("Mano finita: vinc"), it
            assert all(NAMES[s] in en for s in e.winners)
        if isinstance(e, Called):
            assert NAMES[e.seat] in it
            assert NAMES[e.from_seat] in it
    assert {"Won", "DealEnded", "Drew", "Acted"} <= kinds, kinds


def test_another_seats_draw_is_not_named_in_a_one_seat_view() -> None:
    draws = [e for e in _events("riichi-ema", seed=3, deals=1) if isinstance(e, Drew)]
    own = next(e for e in draws if e.seat == 1)
    other = next(e for e in draws if e.seat != 1)
    named = tile_name(f"0{own.tile.notation[1]}" if own.red else own.tile.notation, "en")
    assert event_line(own, "riichi-ema", "en", NAMES, visible=1) == f"{NAMES[1]} draws {named}"
    assert event_line(other, "riichi-ema", "en", NAMES, visible=1) == f"{NAMES[other.seat]} draws"
    assert event_line(other, "riichi-ema", "en", NAMES) != f"{NAMES[other.seat]} draws"


def test_the_win_names() -> None:
    got: dict[str, Any] = {
        rules: (win_name(rules, "it", self_drawn=False), win_name(rules, "en", self_drawn=True))
        for rules in ("riichi-tenhou", "riichi-ema", "fimj", "mcr", "seipalle", "ravenna")
    }
    assert got == {
        "riichi-tenhou": ("Ron", "Tsumo"),
        "riichi-ema": ("Ron", "Tsumo"),
        "fimj": ("Mah-Jong", "Mah-Jong"),
        "mcr": ("Hu (Mah-Jong)", "Hu (Mah-Jong)"),
        "seipalle": ("Mah-Jong", "Mah-Jong"),
        "ravenna": ("Mah-Jong", "Mah-Jong"),
    }
