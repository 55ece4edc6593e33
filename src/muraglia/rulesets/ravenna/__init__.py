"""Ravenna 200/400 (`ravenna`): the "Regolamento Ravennate 200/400" competition rules.

Source: seed 004 (``004_e86b8272d7b4bdff.txt``), digested with stable rule ids in
``spec/ravenna.md``. Every hand is scored; the winner collects (P + 20) × 2^D (30 without hand
points), the others settle their differences, East pays and collects double, the massimo is
200/400, a three-player table has a paying dead seat, two winners on one discard void the deal.

The package is laid out as every ruleset (docs/adding-a-ruleset.md): ``options.py``
(:class:`RavennaOptions`), ``patterns.py`` (the table), ``ruleset.py`` (:class:`RavennaRules`,
a :class:`~muraglia.rulesets.base.Ruleset`), ``flow.py`` (the engine hooks), and its own
helpers ``inputs.py`` (statuses, accepted input), ``settlement.py`` (payments and their
explanation) and ``decisions.py`` (the gaps and decisions).

Known deviations: none from the seed's worked examples (all four settlement simulations and the
second scoring example are tests).
"""

from muraglia.rulesets.ravenna.inputs import STATUSES
from muraglia.rulesets.ravenna.options import RavennaOptions
from muraglia.rulesets.ravenna.ruleset import RavennaRules
from muraglia.rulesets.ravenna.settlement import settle_values

__all__ = ["RULESET", "STATUSES", "RavennaOptions", "RavennaRules", "settle_values"]

RULESET = RavennaRules
"""The ruleset class registered as ``ravenna``."""
