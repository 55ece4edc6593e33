"""The ``random`` bot: a uniformly random legal action from its seeded generator.

>>> from muraglia.engine.actions import Pass, Pung
>>> bot = RandomBot(seed=3)
>>> [bot.choose(None, [Pung(1), Pass(1)]).kind for _ in range(4)]  # type: ignore[arg-type]
['pung', 'pung', 'pass', 'pass']
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from muraglia.engine.actions import Action
from muraglia.engine.views import PlayerView

__all__ = ["RandomBot"]


class RandomBot:
    """Picks uniformly among the legal actions (the baseline of the strength tables)."""

    name = "random"

    def __init__(self, rules: object = None, seed: int | None = 0) -> None:
        self.rng = Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """A random legal action."""
        return legal[0] if len(legal) == 1 else self.rng.choice(legal)
