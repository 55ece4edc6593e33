"""Seipalle (`seipalle`): the Florence club's Japanese riichi/dora game with Italian scoring.

Source: seed 003 (``003_b80b1bee27535bcf.txt``, "Il mah jong giapponese", club Seipalle,
Firenze), digested with stable rule ids in ``spec/seipalle.md``. Hand points and doubles with
different closed/open values, limit hands worth 1000, riichi and dora, at least one double other
than dora to win; only the winner collects, the discarder paying for everyone, East double.

- :mod:`.options`: :class:`SeipalleOptions`, the flags, statuses and input keys it accepts;
- :mod:`.patterns`: every point item and double, declared once in the shared pattern table;
- :mod:`.ruleset`: :class:`SeipalleRules` (best reading, minimum double, the CLI contract, the
  settlement, the generated reference);
- :mod:`.settlement`: the fold, the winner-only shares, the riichi stakes, the explanations;
- :mod:`.flow`: the engine hooks; :mod:`.decisions`: the gaps decided.

Known deviations: none from the spec; the spec's decisions (SEI-GAP-n) fill the source's gaps.
"""

from .options import KNOWN_FLAGS, STATUSES, SeipalleOptions
from .ruleset import SeipalleRules
from .settlement import may_win_on_discard

__all__ = [
    "KNOWN_FLAGS",
    "RULESET",
    "STATUSES",
    "SeipalleOptions",
    "SeipalleRules",
    "may_win_on_discard",
]

RULESET = SeipalleRules
"""The ruleset class registered as ``seipalle``."""
