"""The ``mcr`` ruleset, re-exported from the modules it is split into (old import path).

- :mod:`.options`: :class:`McrOptions`, the flags and the statuses;
- :mod:`.ruleset`: :class:`McrRules` (scoring, explanation, the CLI contract, the reference);
- :mod:`.search`: the compiled fan plans of each shape family and the resolution;
- :mod:`.settlement`: payments, head bump and one deal's settlement.
"""

from __future__ import annotations

from muraglia.rulesets.mcr.options import FLAGS, STATUSES, McrOptions
from muraglia.rulesets.mcr.patterns import EDITION_VALUES
from muraglia.rulesets.mcr.ruleset import McrRules
from muraglia.rulesets.mcr.search import Compiled, _possible_shapes, compiled, resolve
from muraglia.rulesets.mcr.settlement import (
    BASE_PAYMENT,
    FALSE_WIN_PENALTY,
    MINIMUM,
    SEATS,
    claim_order,
    false_win,
    payments,
)
from muraglia.rulesets.mcr.shapes import SHAPES

__all__ = [
    "BASE_PAYMENT",
    "EDITION_VALUES",
    "FALSE_WIN_PENALTY",
    "FLAGS",
    "MINIMUM",
    "SEATS",
    "SHAPES",
    "STATUSES",
    "Compiled",
    "McrOptions",
    "McrRules",
    "_possible_shapes",
    "claim_order",
    "compiled",
    "false_win",
    "payments",
    "resolve",
]
