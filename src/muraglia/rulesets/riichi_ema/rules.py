"""The ``riichi-ema`` ruleset, re-exported from the modules it is split into (old import path).

- :mod:`.options`: :class:`EmaOptions`, the allowed choices and rule references;
- :mod:`.ruleset`: :class:`RiichiEma` (scoring, explanation, the CLI contract, the reference);
- :mod:`.result`: the lazy result (notation, decomposition, explanation built on first read);
- :mod:`.settlement`: one deal's settlement;
- :mod:`.match_end`: uma, leftover sticks, oka (:func:`final_settlement`).
"""

from __future__ import annotations

from muraglia.rulesets.riichi_ema.match_end import final_settlement, uma_shares
from muraglia.rulesets.riichi_ema.options import OPTION_REFS, STATUSES, EmaOptions
from muraglia.rulesets.riichi_ema.ruleset import RiichiEma
from muraglia.rulesets.riichi_ema.settlement import wind_of

_wind = wind_of
"""Old private name of :func:`~muraglia.rulesets.riichi_ema.settlement.wind_of`."""

__all__ = ["OPTION_REFS", "STATUSES", "EmaOptions", "RiichiEma", "final_settlement", "uma_shares"]
