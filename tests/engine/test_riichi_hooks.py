"""Hooks the riichi and MCR flows will use, exercised through a test flow: ippatsu, missed wins
(furiten input), ura-dora indicators, abortive declarations."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from muraglia.engine import Game
from muraglia.engine.actions import Declare, Discard, Pass, Win
from muraglia.engine.events import DealEnded
from muraglia.engine.wall import Wall
from muraglia.rulesets.base import DealView, TableRules
from muraglia.rulesets.seipalle import SeipalleRules
from muraglia.rulesets.seipalle.flow import SeipalleFlow
from muraglia.tiles import Tile
from tests.engine.test_flow_rules import RIICHI
from tests.engine.test_scenarios import t


class ProbeFlow(SeipalleFlow):
    """Seipalle's flow recording the engine facts, with ura-dora and a test declaration."""

    facts: list[tuple[int, frozenset[str]]]

    def __init__(self, ruleset: Any) -> None:
        super().__init__(ruleset)
        self.facts = []

    def table_rules(self) -> TableRules:
        base = super().table_rules()
        return replace(base, wall=replace(base.wall, ura_indicators=True))

    def win_flags(
        self, view: DealView, seat: int, tile: Tile, *, self_drawn: bool, facts: frozenset[str]
    ) -> frozenset[str]:
        self.facts.append((seat, facts))
        return super().win_flags(view, seat, tile, self_drawn=self_drawn, facts=facts)

    def declarations(self, view: DealView, seat: int) -> tuple[str, ...]:
        return ("nine_terminals",) if not view.discard_log and seat == view.dealer else ()


class ProbeRules(SeipalleRules):
    def flow(self) -> ProbeFlow:
        return ProbeFlow(self)


DRAWS = "4s 9p 9s 9s 8p 8m 8s 1z 2z 3z"


def probe_match(draws: str = DRAWS) -> Any:
    ruleset = ProbeRules()
    game = Game(ruleset, seed=1)
    w = Wall.for_hands(game.flow.table.deal_plan, RIICHI, draws=draws, dead="1234567z 1234567z")
    return Game(ruleset, seed=1, walls=((tuple(w.live), tuple(w.dead)),)).new_match()


def test_ippatsu_fact_and_ura_indicators() -> None:
    m = probe_match()
    m.apply(Discard(0, t("7z"), riichi=True))
    m.apply(Pass(1))  # the riichi stands
    m.apply(Discard(1, t("4s")))  # South drew 4s and throws it: East may win on it
    assert Win(0) in m.legal_actions(0)
    seat, facts = m.game.flow.facts[-1]
    assert seat == 0
    assert {"riichi", "double_riichi", "ippatsu"} <= facts
    deal = m.deal
    m.apply(Win(0))
    outcome = deal.outcome()
    assert outcome.winners == ("E",)
    assert outcome.dora == (deal.wall.dead[5].notation,)
    assert outcome.ura == (deal.wall.dead[4].notation,)


def test_a_passed_win_is_remembered_until_the_own_discard() -> None:
    m = probe_match()
    m.apply(Discard(0, t("7z"), riichi=True))
    m.apply(Pass(1))
    m.apply(Discard(1, t("4s")))
    m.apply(Pass(0))
    assert m.deal.missed_win[0]  # kept under riichi (permanent furiten input)
    assert not m.deal.missed_win[1]


def test_an_abortive_declaration_ends_the_deal_void() -> None:
    m = probe_match()
    assert Declare(0, "nine_terminals") in m.legal_actions(0)
    deal = m.deal
    events = m.apply(Declare(0, "nine_terminals"))
    ended = next(e for e in events if isinstance(e, DealEnded))
    assert (ended.reason, ended.void) == ("nine_terminals", True)
    assert deal.is_over
