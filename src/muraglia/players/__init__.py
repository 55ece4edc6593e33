"""Players: the :class:`Player` protocol, seeded deterministic bots and the simulation runner.

The layer above the engine (DESIGN §3, §9): bots see only a
:class:`~muraglia.engine.views.PlayerView` and the legal actions. :data:`BOTS` maps each bot
name to its class; every class is built as ``Bot(rules, seed=...)`` where ``rules`` is the
ruleset object or id (the bot reads the ruleset's :class:`~muraglia.players.profiles.Profile`).

>>> sorted(BOTS)
['defensive', 'efficiency', 'expert', 'random']
>>> make_bot("efficiency", "seipalle", seed=1).profile.needs_double
True
"""

from __future__ import annotations

from typing import Protocol

from muraglia.errors import MahjongError
from muraglia.players.base import Player, Table
from muraglia.players.defensive import DefensiveBot
from muraglia.players.efficiency import EfficiencyBot
from muraglia.players.expert import ExpertBot
from muraglia.players.random_bot import RandomBot

__all__ = [
    "BOTS",
    "BOT_NAMES",
    "DEFAULT_BOT",
    "BotFactory",
    "DefensiveBot",
    "EfficiencyBot",
    "ExpertBot",
    "Player",
    "RandomBot",
    "Table",
    "make_bot",
]


class BotFactory(Protocol):
    """A bot class: ``Bot(rules, seed=...)`` gives a :class:`Player`."""

    def __call__(self, rules: object = ..., seed: int | None = ...) -> Player:
        """A new bot."""
        ...


BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "efficiency": EfficiencyBot,
    "defensive": DefensiveBot,
    "expert": ExpertBot,
}
"""Bot classes by name."""

BOT_NAMES: dict[str, dict[str, str]] = {
    "random": {"en": "random", "it": "casuale"},
    "efficiency": {"en": "efficiency", "it": "efficienza"},
    "defensive": {"en": "defensive", "it": "difensivo"},
    "expert": {"en": "expert", "it": "esperto"},
}
"""What the players read for each bot name, by language (``--bots`` takes the English ids)."""

DEFAULT_BOT = "efficiency"
"""The bot of a seat nobody named."""


def make_bot(name: str, rules: object = None, *, seed: int | None = 0) -> Player:
    """A new bot called ``name`` for ``rules`` (ruleset object or id).

    Raises:
        MahjongError: for an unknown bot name (the message lists the known ones).
    """
    try:
        factory = BOTS[name]
    except KeyError:
        raise MahjongError(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}") from None
    return factory(rules, seed=seed)
