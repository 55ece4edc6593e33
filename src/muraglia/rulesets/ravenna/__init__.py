"""Ravenna 200/400 (`ravenna`): the "Regolamento Ravennate 200/400" competition rules.

Source: seed 004 (``004_e86b8272d7b4bdff.txt``), digested with stable rule ids in
``spec/ravenna.md``. Every hand is scored; the winner collects (P + 20) × 2^D (30 without hand
points), the others settle their differences, East pays and collects double, the massimo is
200/400, a three-player table has a paying dead seat, two winners on one discard void the deal.

Known deviations: none from the seed's worked examples (all four settlement simulations and the
second scoring example are tests).
"""

from muraglia.rulesets.ravenna.rules import (
    STATUSES,
    RavennaOptions,
    RavennaRules,
    RavennaScore,
    RavennaSettlement,
    reference_markdown,
    score_hand,
    settle_deal,
)
from muraglia.rulesets.ravenna.settlement import settle_values

__all__ = [
    "RULESET",
    "RavennaOptions",
    "RavennaRules",
    "STATUSES",
    "RavennaScore",
    "RavennaSettlement",
    "reference_markdown",
    "score_hand",
    "settle_deal",
    "settle_values",
]

RULESET = RavennaRules
"""The ruleset class registered as ``ravenna``."""
