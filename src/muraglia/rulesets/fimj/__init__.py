"""FIMJ: the Italian Mah-Jong Federation's classical rules (2001 print).

Source: seed ``000_24b2369488b6c23b.txt`` (Federazione Italiana Mah-Jong, rules adopted 27
September 1993, third print updated 6 October 2001), digested with stable rule ids in
``spec/fimj.md`` (``FIMJ-*``), whose "Gaps and decisions" (``FIMJ-GAP-n``) this package follows
where the source is silent or garbled.

- :mod:`.patterns`: every point item, double and massimo as data plus a predicate;
- :mod:`.hands`: the layouts a hand can be scored on;
- :mod:`.scoring`: the fold (best layout, 2-point rule, limit, massimi, explanation);
- :mod:`.rules`: the ruleset object, its options and the settlement of a whole deal.
"""

from muraglia.rulesets.fimj.rules import FimjOptions, FimjRules, reference_markdown

__all__ = ["RULESET", "FimjOptions", "FimjRules", "reference_markdown"]

RULESET = FimjRules
"""The ruleset class registered as ``fimj``."""
