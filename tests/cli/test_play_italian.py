"""``muraglia play --lang it`` shows no engine id and no English line (issue #15).

A whole seeded game of every ruleset (the human always takes the first choice, bots in the
other seats) is scanned for: any snake_case id, any id of the
engine's and the rulesets' vocabularies (deal-end reasons, seat statuses, bot names, payment
reasons), and any English fragment of the screen's own lines. Pattern rows are bilingual on
purpose (``· Italian / English``): their English half is left out of the scan. The names come
from the rulesets' own tables (:meth:`DealFlow.term`), each checked here for both languages.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

from muraglia.cli import main
from muraglia.cli.play import _TEXT, Session, describe_action
from muraglia.engine.actions import Declare
from muraglia.engine.events import DealEnded
from muraglia.engine.game import Game
from muraglia.engine.match import TIME_UP
from muraglia.players import BOT_NAMES, BOTS, make_bot
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.base import TERMS, DealFlow, SeatStatus
from muraglia.rulesets.riichi_ema.ruleset import PAYMENT_REASONS

RULESETS = ("riichi-ema", "fimj", "mcr", "seipalle", "ravenna")

GAMES = {  # (seed, deals): games with a win (and, but FIMJ, a deal without a winner) today
    "riichi-ema": (1, 2),
    "fimj": (4, 3),
    "mcr": (1, 2),
    "seipalle": (2, 2),
    "ravenna": (2, 2),
}
"""A change of the bots may change these games: the checks hold for any game (the deal-end
reasons every ruleset can meet are narrated in ``test_every_deal_end_reason_reads_in_italian``)."""

BOTS_OF = {"riichi-ema": "expert,defensive,random"}
"""The bots of a game (else the default ``efficiency,defensive,random``): every bot is named."""


def _flow(rules: str) -> DealFlow[Any]:
    return Game(load_ruleset(rules)).flow


def _vocabulary(rules: str) -> set[str]:
    """Every id a player must never read as it is (single words included)."""
    flow = _flow(rules)
    ids = {*TERMS, *flow.terms, *(s.value for s in SeatStatus), *BOTS, *PAYMENT_REASONS}
    ids.add(TIME_UP)
    return ids


def _english_fragments() -> set[str]:
    """The literal parts (6+ characters) of the screen's English lines missing from Italian."""
    out = set()
    for en, it in _TEXT.values():
        for raw in re.split(r"\{[^}]*\}", en):
            part = raw.strip(" .,:()")
            if len(part) >= 6 and part not in it:
                out.add(part)
    return out


def _scanned(out: str, record: Path) -> str:
    """The screen without the record's path and the English half of the pattern rows."""
    out = out.replace(str(record), "RECORD")
    lines = []
    for line in out.splitlines():
        if line.lstrip().startswith("· ") and " / " in line:
            italian, _, english = line.partition(" / ")
            lines.append(italian + english[english.rfind(":") :])  # the value and its unit
        else:
            lines.append(line)
    return "\n".join(lines)


@pytest.mark.parametrize("rules", RULESETS)
def test_a_whole_italian_game_shows_no_id_and_no_english(
    rules: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    seed, deals = GAMES[rules]
    record = tmp_path / "it.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 20_000))
    bots = BOTS_OF.get(rules, "efficiency,defensive,random")
    code = main(["play", "--rules", rules, "--seed", str(seed), "--max-deals", str(deals),
                 "--bots", bots, "--lang", "it", "--record", str(record)])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    assert "classifica finale" in out  # the whole match was played
    for italian in ("la tua mano", "scarta ", "scarti ", "scelta [", "pagamenti",
                    "premi Invio per continuare"):  # fmt: skip
        assert italian in out, italian
    if rules == "riichi-ema" and "★ " in out:  # riichi wins are named tsumo or ron
        assert re.search(r"vince (con tsumo|per ron)", out)
    assert not re.search(r"\b1 raddoppi\b", out)  # units in the singular
    text = _scanned(out, record)
    snake = sorted(set(re.findall(r"\b[a-z]+(?:_[a-z0-9]+)+\b", text)))
    assert not snake, snake
    words = sorted(w for w in _vocabulary(rules) if re.search(rf"\b{re.escape(w)}\b", text))
    assert not words, words
    english = sorted(f for f in _english_fragments() if f in text)
    assert not english, english


@pytest.mark.parametrize("rules", RULESETS)
def test_every_term_has_an_italian_and_an_english_name(rules: str) -> None:
    flow = _flow(rules)
    for term in {*TERMS, *flow.terms}:
        en, it = flow.term(term, "en"), flow.term(term, "it")
        assert term not in (en, it), (term, en, it)
        assert en != it, (term, en)
    assert flow.term("no_such_reason", "it") == "no_such_reason"  # unknown: shown as it is


def test_bots_have_italian_names() -> None:
    assert set(BOT_NAMES) == set(BOTS)  # every bot, the ones to come included
    for name, names in BOT_NAMES.items():
        assert names["en"] == name
        assert names["it"] != name


@pytest.mark.parametrize("rules", RULESETS)
def test_every_deal_end_reason_reads_in_italian(rules: str) -> None:
    """Every reason a deal of the ruleset can end for, narrated as the screen shows it."""
    game = Game(load_ruleset(rules), seed=1)
    match = game.new_match()
    bots = {s: make_bot("random", game.ruleset, seed=s) for s in (1, 2, 3)}
    out = io.StringIO()
    session = Session(match, 0, bots, out=out, inp=io.StringIO(), lang="it")
    flow = session.flow
    hands = tuple(match.deal.hand_of(s).notation for s in range(match.deal.players))
    for reason in sorted({"exhausted", "multiple_winners", "too_many_kongs", TIME_UP, *flow.terms}):
        session.explain_end(DealEnded(reason, (), True, hands), match.deal, 0)
        assert flow.term(reason, "it") in out.getvalue(), reason
        assert f"({reason})" not in out.getvalue()


def test_a_declaration_reads_in_italian() -> None:
    flow = Game(load_ruleset("riichi-ema")).flow
    line = describe_action(Declare(0, "nine_terminals"), lang="it", flow=flow)
    assert line == "dichiara pareggio forzato: nove diverse tessere di testa e onori"
