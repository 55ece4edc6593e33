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
from muraglia.tiles import to_wind

_wind = to_wind
"""Old private name of the riichi wind reader: the one converter, :func:`muraglia.tiles.to_wind`."""

__all__ = ["OPTION_REFS", "STATUSES", "EmaOptions", "RiichiEma", "final_settlement", "uma_shares"]
