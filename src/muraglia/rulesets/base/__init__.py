"""The shared base of every ruleset, split by concept; a ruleset may import only ``base``.

- :mod:`.options`: the options convention and the typed parsing of option strings;
- :mod:`.ruleset`: :class:`Ruleset` (``Ruleset[Options]``, the scoring base over
  :class:`~muraglia.scoring.patterns.PatternTable` and
  :class:`~muraglia.scoring.context.WinContext`) and the :class:`AnyRuleset` protocol;
- :mod:`.settlement`: seat letters and the settle-output reader;
- :mod:`.vocabulary`: the engine <-> ruleset vocabulary (:class:`TableRules`, :class:`CallKind`,
  :class:`WallLayout`, :class:`DealView`...);
- :mod:`.flow`: :class:`DealFlow`, the engine hooks, and the dealer rotation :func:`rotate`.

Everything is re-exported here: ``from muraglia.rulesets.base import X`` keeps working.
"""

from __future__ import annotations

from muraglia.rulesets.base.flow import DealFlow, rotate
from muraglia.rulesets.base.options import NoOptions, convert_options, options_dict
from muraglia.rulesets.base.ruleset import (
    AnyRuleset,
    InputScorer,
    OptionsT,
    Ruleset,
    RulesetProtocol,
    as_hand,
    as_tiles,
    check_east_dealer,
    input_object,
    settle_outcome,
    worth_input,
)
from muraglia.rulesets.base.settlement import SEAT_LETTERS, wind_letter
from muraglia.rulesets.base.vocabulary import (
    DEAD_WALL,
    DEFAULT_DEAL_PLAN,
    PILE_A,
    PILE_B,
    TERMS,
    Breach,
    CallKind,
    CharlestonPass,
    ClaimPolicy,
    ClaimWinners,
    DealSummary,
    DealView,
    MatchProgress,
    SeatStatus,
    TableFacts,
    TableRules,
    WallLayout,
)

__all__ = [
    "DEAD_WALL",
    "DEFAULT_DEAL_PLAN",
    "PILE_A",
    "PILE_B",
    "SEAT_LETTERS",
    "TERMS",
    "AnyRuleset",
    "InputScorer",
    "Breach",
    "CallKind",
    "ClaimPolicy",
    "ClaimWinners",
    "DealFlow",
    "DealSummary",
    "DealView",
    "MatchProgress",
    "NoOptions",
    "OptionsT",
    "Ruleset",
    "RulesetProtocol",
    "SeatStatus",
    "TableFacts",
    "TableRules",
    "CharlestonPass",
    "WallLayout",
    "as_hand",
    "as_tiles",
    "check_east_dealer",
    "input_object",
    "settle_outcome",
    "convert_options",
    "options_dict",
    "rotate",
    "wind_letter",
    "worth_input",
]
