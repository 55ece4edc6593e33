"""FIMJ: the Italian Mah-Jong Federation's classical rules (2001 print).

Source: seed ``000_24b2369488b6c23b.txt`` (Federazione Italiana Mah-Jong, rules adopted 27
September 1993, third print updated 6 October 2001), digested with stable rule ids in
``spec/fimj.md`` (``FIMJ-*``), whose "Gaps and decisions" (``FIMJ-GAP-n``) this package follows
where the source is silent or garbled.

- :mod:`.options`: the options (FIMJ-CONF) and the accepted flags, statuses and input keys;
- :mod:`.patterns`: every point item, double and massimo on the shared pattern table;
- :mod:`.ruleset`: :class:`FimjRules`, the :class:`~muraglia.rulesets.base.Ruleset`: every
  hand scored on its best layout, the typed results, the reference;
- :mod:`.flow`: the engine hooks;
- helpers: :mod:`.hands` (the layouts a hand can be scored on), :mod:`.fold` (the fold of one
  layout: 2-point rule, limit, massimi, explanation), :mod:`.waits` (waits, special shapes,
  ultimo pezzo), :mod:`.settlement` (a whole deal), :mod:`.decisions` (the gaps decided).
"""

from .options import FimjOptions
from .ruleset import FimjRules, reference_markdown

__all__ = ["RULESET", "FimjOptions", "FimjRules", "reference_markdown"]

RULESET = FimjRules
"""The ruleset class registered as ``fimj``."""
