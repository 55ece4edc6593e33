"""The shared scoring vocabulary (DESIGN §6): context, patterns, predicates, results.

See ``docs/scoring.md`` for how a ruleset is written on it.
"""

from muraglia.scoring.context import DRAGONS, WINDS, WinContext, WinType, dora_of
from muraglia.scoring.patterns import Pattern, PatternTable, Predicate
from muraglia.scoring.result import Award, DealOutcome, ScoreResult, Settlement, Transfer

__all__ = [
    "DRAGONS",
    "WINDS",
    "Award",
    "DealOutcome",
    "Pattern",
    "PatternTable",
    "Predicate",
    "ScoreResult",
    "Settlement",
    "Transfer",
    "WinContext",
    "WinType",
    "dora_of",
]
