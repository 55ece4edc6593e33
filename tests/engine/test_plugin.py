"""A ruleset built on the ``Ruleset`` base plugs into the engine with only ``next_deal``: the
default hooks score through ``Ruleset.score``/``can_win`` and pay through ``Ruleset.settle``
(the path riichi-ema and mcr will take)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import pytest

from muraglia.engine import Game
from muraglia.engine.events import Won
from muraglia.errors import RulesetError
from muraglia.rulesets.base import (
    DealFlow,
    DealSummary,
    MatchProgress,
    Ruleset,
    rotate,
)
from muraglia.scoring.context import WinContext
from muraglia.scoring.patterns import PatternTable
from muraglia.scoring.result import DealOutcome, ScoreResult, Settlement, Transfer
from tests.engine.helpers import check_deal, choose


class ToyRules(Ruleset):
    """Any complete hand with at least one pung wins 100; the discarder (or all) pays."""

    id: ClassVar[str] = "toy"
    patterns = PatternTable(ruleset="toy", unit="points")

    def evaluate(self, ctx: WinContext, situation: Mapping[str, Any]) -> ScoreResult:
        pungs = sum(g.kind.value in ("pung", "kong") for g in ctx.decomposition.groups)
        return ScoreResult(self.id, ctx.hand.notation, pungs > 0, value=100)

    def can_win(self, result: ScoreResult) -> bool:
        return result.valid

    def settle(self, outcome: DealOutcome) -> Settlement:
        payers = [outcome.discarder] if outcome.discarder else None
        transfers = [
            Transfer(p, w, 100)
            for w in outcome.winners
            for p in (payers or [s for s in "ESWN" if s != w])
        ]
        return Settlement.from_transfers(transfers, parties="ESWN")

    def flow(self) -> DealFlow:
        return ToyFlow(self)


class ToyFlow(DealFlow):
    def next_deal(self, progress: MatchProgress, summary: DealSummary) -> MatchProgress | None:
        return rotate(progress, passes=True, turns=4)


def test_a_ruleset_on_the_base_class_plays_whole_matches() -> None:
    wins = 0
    for seed in range(30):
        rng = random.Random(seed)
        match = Game(ToyRules(), seed=seed).new_match()
        while not match.over:
            deal = match.deal
            match.apply(choose(rng, match.legal_actions(match.to_act[0])))
            check_deal(deal)
        assert match.deals_played == 4
        assert sum(match.scores) == 0
        wins += sum(isinstance(e, Won) for e in match.events)
    assert wins > 0


def test_a_ruleset_without_flow_is_refused() -> None:
    class Bare:
        id = "bare"
        options = None

    with pytest.raises(RulesetError, match="no game flow"):
        Game(Bare())
