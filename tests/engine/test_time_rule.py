"""The time rule (issue 14): the tournament manager tells a match that time is up.

``MatchState.call_time()`` records a ``TimeCalled`` event; the flow's ``time_up`` hook decides
whether the deal in progress is finished (then the match ends) or abandoned without payments.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from muraglia.engine import Game, MatchState
from muraglia.engine.events import DealEnded, DealStarted, MatchEnded, Settled, TimeCalled
from muraglia.engine.match import TIME_UP
from muraglia.errors import IllegalActionError
from muraglia.io.record import dumps, loads, replay
from muraglia.rulesets import load_ruleset
from tests.engine.helpers import choose

FIMJ_RULE = (
    "Salvo diversa indicazione, nei tornei a tempo determinato si potrà finire la mano in corso "
    "allo scadere del tempo se vi sono almeno 4 scarti effettuati, comprese le eventuali "
    "chiamate."
)
"""Seed 000 (FIMJ-TOURN-5; FIMJ-GAP-44: otherwise the deal is abandoned without payments)."""

FIMJ_3P_RULE = (
    "Allo scadere del tempo sono sufficienti 3 scarti, comprese eventuali chiamate, per poter "
    "proseguire il Mah-Jong."
)
"""Seed 000 (FIMJ-3P-6)."""

RAVENNA_RULE = (
    "«terminare», ciò vuol dire che bisogna concludere la mano in corso quindi terminare anche "
    "se qualche tavolo ha fatto delle mani in meno. Viene considerata «mano in corso» quando il "
    "giocatore Sud ha scartato."
)
"""Seed 004 (RAV-COMP-2/3; RAV-GAP-20: a deal not in progress is not played)."""


def _advance(match: MatchState, rng: random.Random, until: Callable[[MatchState], bool]) -> None:
    for _ in range(5000):
        if match.over or until(match):
            return
        seat = match.to_act[0]
        match.apply(choose(rng, match.legal_actions(seat)))
    raise AssertionError("runaway match")


def _discards(n: int) -> Callable[[MatchState], bool]:
    return lambda m: len(m.deal.discard_log) >= n


def _start(spec: str, seed: int = 5) -> tuple[MatchState, random.Random]:
    return Game(load_ruleset(spec), seed=seed).new_match(), random.Random(seed)


def _replays(match: MatchState) -> None:
    again = replay(loads(dumps(match)))
    assert again.events == match.events
    assert again.over == match.over


def test_fimj_fewer_than_four_discards_abandons_the_deal() -> None:
    # FIMJ-TOURN-5 (FIMJ_RULE), FIMJ-GAP-44
    match, rng = _start("fimj(tournament=true)")
    _advance(match, rng, _discards(3))
    assert len(match.deal.discard_log) == 3
    scores = list(match.scores)
    event = match.call_time()
    assert event == TimeCalled(0, 3, finish=False)
    assert match.over
    ended = [e for e in match.events if isinstance(e, DealEnded)]
    assert ended[-1].reason == TIME_UP
    assert ended[-1].void
    settled = [e for e in match.events if isinstance(e, Settled)]
    assert settled[-1].net == (0, 0, 0, 0)  # abandoned without payments
    assert match.scores == scores
    assert isinstance(match.events[-1], MatchEnded)
    _replays(match)


def test_fimj_four_discards_finish_the_deal_then_the_match_ends() -> None:
    # FIMJ-TOURN-5 (FIMJ_RULE): "almeno 4 scarti effettuati, comprese le eventuali chiamate"
    match, rng = _start("fimj(tournament=true)")
    _advance(match, rng, _discards(4))
    event = match.call_time()
    assert event.finish
    assert not match.over
    _advance(match, rng, lambda m: False)
    assert match.over
    assert match.deals_played == 1
    after = match.events[match.events.index(event) :]
    assert not any(isinstance(e, DealStarted) for e in after)  # no further deal
    assert any(isinstance(e, DealEnded) and e.reason != TIME_UP for e in after)
    _replays(match)


def test_fimj_table_of_three_needs_three_discards() -> None:
    # FIMJ-3P-6 (FIMJ_3P_RULE)
    match, rng = _start("fimj(three_players=true)")
    _advance(match, rng, _discards(3))
    assert match.call_time().finish
    match, rng = _start("fimj(three_players=true)")
    _advance(match, rng, _discards(2))
    assert not match.call_time().finish
    assert match.over


def test_ravenna_deal_in_progress_once_south_has_discarded() -> None:
    # RAV-COMP-2/3 (RAVENNA_RULE), RAV-GAP-20
    match, rng = _start("ravenna")
    _advance(match, rng, _discards(1))  # East's first discard only
    assert not match.call_time().finish
    assert match.over
    _replays(match)
    match, rng = _start("ravenna")
    _advance(match, rng, _discards(2))  # South has discarded
    assert match.call_time().finish
    _advance(match, rng, lambda m: False)
    assert match.over
    assert match.deals_played == 1
    _replays(match)


@pytest.mark.parametrize("spec", ["seipalle", "riichi-ema", "mcr"])
def test_other_rulesets_finish_the_deal_in_progress(spec: str) -> None:
    # EMA, MCR and Seipalle have no time rule in their specs: the deal in progress is finished
    # (decision, docs/engine.md), even before any discard.
    match, _ = _start(spec)
    assert match.call_time() == TimeCalled(0, 0, finish=True)
    rng = random.Random(1)
    _advance(match, rng, lambda m: False)
    assert match.deals_played == 1
    _replays(match)


def test_time_is_called_once_and_not_after_the_end() -> None:
    match, rng = _start("fimj")
    _advance(match, rng, _discards(1))
    match.call_time()
    with pytest.raises(IllegalActionError, match="match is over"):
        match.call_time()
    match, rng = _start("fimj")
    _advance(match, rng, _discards(5))
    match.call_time()
    with pytest.raises(IllegalActionError, match="already called"):
        match.call_time()
