"""Seipalle (`seipalle`): the Florence club's Japanese riichi/dora game with Italian scoring.

Source: seed 003 (``003_b80b1bee27535bcf.txt``, "Il mah jong giapponese", club Seipalle,
Firenze), digested with stable rule ids in ``spec/seipalle.md``. Hand points and doubles with
different closed/open values, limit hands worth 1000, riichi and dora, at least one double other
than dora to win; only the winner collects, the discarder paying for everyone, East double.

Known deviations: none from the spec; the spec's decisions (SEI-GAP-n) fill the source's gaps.
"""

from muraglia.rulesets.seipalle.rules import (
    KNOWN_FLAGS,
    STATUSES,
    SeipalleOptions,
    SeipalleRules,
    SeipalleScore,
    SeipalleSettlement,
    may_win_on_discard,
    reference_markdown,
    score_hand,
    settle_deal,
)

__all__ = [
    "RULESET",
    "SeipalleOptions",
    "SeipalleRules",
    "KNOWN_FLAGS",
    "STATUSES",
    "SeipalleScore",
    "SeipalleSettlement",
    "may_win_on_discard",
    "reference_markdown",
    "score_hand",
    "settle_deal",
]

RULESET = SeipalleRules
"""The ruleset class registered as ``seipalle``."""
