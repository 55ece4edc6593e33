"""EMA Riichi 2008 (``riichi-ema``) and the ``riichi-tenhou`` option preset.

Source: seed 001 (``001_2d36e5de8ce9fe9a.txt``, the Italian translation of the EMA Riichi
Competition Rules of 2008), digested with stable rule ids in ``spec/riichi-ema.md``
(``EMA-*``), whose "Gaps and decisions" (``EMA-GAP-n``) this package follows.

- :mod:`.patterns`: every yaku, yakuman and dora as data plus a predicate;
- :mod:`.fu`: the fu of a reading, line by line (EMA-FU);
- :mod:`.payments`: basic points, limits and who pays what (EMA-PAY, EMA-HONBA, EMA-PAO);
- :mod:`.rules`: the ruleset object (best reading, explanation, settlement, uma).

``riichi-tenhou`` is the same class with Tenhou's options (open tanyao, no kiriage, Tenhou's
double yakuman, yakuman stacking, no renhou, no 2-han minimum at 5 counters).
"""

from muraglia.rulesets.riichi_ema.match_end import final_settlement, uma_shares
from muraglia.rulesets.riichi_ema.options import EmaOptions
from muraglia.rulesets.riichi_ema.ruleset import RiichiEma

__all__ = ["RULESET", "EmaOptions", "RiichiEma", "final_settlement", "uma_shares"]

RULESET = RiichiEma
"""The ruleset class registered as ``riichi-ema`` and ``riichi-tenhou``."""
