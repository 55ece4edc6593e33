"""Chinese Official rules (`mcr`, aliases `chinese-official`, `mcr-1998`).

Source: seed 002 (``002_e77161675c6451b4.txt``, "Mah-Jong – Regolamento Internazionale
Ufficiale", the Italian version of the 1998 Chinese official rules), digested with stable rule
ids in ``spec/mcr.md``. Edition: 1998 (default); ``mcr(edition=2006)`` applies the WMO 2006
values where the spec lists a difference (Two Concealed Kongs 8, MCR-GAP-3).

The 81 fans are in :mod:`.patterns` (one declaration each, ``MCR-FAN-nn``), the counting
principles that are not plain exclusions in :mod:`.counting`, the options in :mod:`.options`,
the ruleset object (best arrangement, minimum, flowers) in :mod:`.ruleset`, payments and
settlement in :mod:`.settlement`, the engine hooks in :mod:`.flow`. The winning shapes,
knitted ones included, come from :mod:`muraglia.analysis.shapes`.

Known deviations: see ``docs/rulesets/mcr-notes.md``.
"""

from muraglia.rulesets.mcr.options import FLAGS, STATUSES, McrOptions
from muraglia.rulesets.mcr.patterns import EDITION_VALUES, FANS, PATTERNS
from muraglia.rulesets.mcr.ruleset import McrRules
from muraglia.rulesets.mcr.settlement import claim_order, payments

__all__ = [
    "EDITION_VALUES",
    "FANS",
    "FLAGS",
    "PATTERNS",
    "RULESET",
    "STATUSES",
    "McrOptions",
    "McrRules",
    "claim_order",
    "payments",
]

RULESET = McrRules
"""The ruleset class registered as ``mcr``."""
