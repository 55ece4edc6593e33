"""Game: the immutable description of a match (ruleset, seed, cap) and its flow (DESIGN §8).

>>> from muraglia.rulesets import load_ruleset
>>> game = Game(load_ruleset("ravenna"), seed=7)
>>> match = game.new_match()
>>> match.deal.phase.value, match.deal.to_act, sum(match.deal.counts[0])
('act', (0,), 14)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from muraglia.engine.match import MatchState, new_match
from muraglia.engine.state import DealState
from muraglia.engine.wall import Wall
from muraglia.errors import RulesetError
from muraglia.rulesets.base import AnyRuleset, Breach, DealFlow, MatchProgress, options_dict
from muraglia.tiles import WINDS, PhysicalTile, Tile

__all__ = ["FORMAT_VERSION", "Game", "flow_for"]

FORMAT_VERSION = 3
"""Record format: 2 has red fives in the walls of rulesets with them (1: none, see
``record.game_of``); 3: a riichi winner's ``won`` value and patterns include the ura dora
(before, the settlement alone counted them, see ``record.replay``)."""


def flow_for(ruleset: AnyRuleset) -> DealFlow[Any]:
    """The engine hooks of ``ruleset``: its ``flow()``.

    Raises:
        RulesetError: if the ruleset has no game flow.
    """
    make = getattr(ruleset, "flow", None)
    if callable(make):
        try:
            flow: DealFlow[Any] = make()
        except NotImplementedError:
            pass
        else:
            return flow
    raise RulesetError(f"ruleset {getattr(ruleset, 'id', ruleset)!r} has no game flow")


@dataclass(frozen=True)
class Game:
    """A match to play: ruleset object, seed, optional cap on deals and dictated walls."""

    ruleset: AnyRuleset
    """The ruleset object (``load_ruleset(...)``)."""
    seed: int | None = None
    """Seed of the ``random.Random`` that throws the dice and shuffles every wall."""
    max_deals: int | None = None
    """Stop the match after this many deals (a harness limit, not a rule); None: no limit."""
    walls: tuple[tuple[tuple[Tile | PhysicalTile, ...], tuple[Tile | PhysicalTile, ...]], ...] = ()
    """Dictated (live, dead) walls for the first deals (scenario tests); then the seed's. A red
    :class:`PhysicalTile` is a red five (``Wall.physical()`` gives them)."""
    flow: DealFlow[Any] = field(init=False, repr=False, compare=False)
    """The ruleset's engine hooks."""

    def __post_init__(self) -> None:
        """Resolve the flow."""
        object.__setattr__(self, "flow", flow_for(self.ruleset))

    def rng(self) -> Random:
        """A fresh generator for one match."""
        return Random(self.seed)

    def make_deal(
        self,
        rng: Random,
        *,
        deal: int,
        dealer: int,
        round_wind: Tile,
        honba: int = 0,
        scores: tuple[int, ...] = (),
        keep_round_wind: bool = False,
    ) -> DealState:
        """Throw the dice, build the wall (dictated or shuffled) and deal.

        The first deal's round wind comes from the flow unless ``keep_round_wind`` (a match
        resumed at a given deal).
        """
        layout = self.flow.table.wall
        if deal < len(self.walls):
            live, dead = self.walls[deal]
            wall = Wall.dictated(live, dead)
            breach = Breach((), 0, 0)
        else:
            breach = self.flow.break_wall(rng, layout)
            wall = Wall.build(rng, layout, breach)
        if deal == 0 and not keep_round_wind:
            round_wind = WINDS[self.flow.first_round_wind(breach)]
        return DealState(
            self.flow,
            wall,
            dealer=dealer,
            round_wind=round_wind,
            deal=deal,
            breach=breach,
            honba=honba,
            scores=scores,
        )

    def new_deal(self, *, dealer: int = 0, round_wind: Tile = Tile.EAST) -> DealState:
        """A single deal (first dictated wall, or the seed's first wall)."""
        return self.make_deal(self.rng(), deal=0, dealer=dealer, round_wind=round_wind)

    def new_match(
        self,
        *,
        progress: MatchProgress | None = None,
        scores: Sequence[int] | None = None,
        pot: int = 0,
    ) -> MatchState:
        """A match from its first deal, or resumed at ``progress`` (:func:`.match.new_match`)."""
        return new_match(self, progress=progress, scores=scores, pot=pot)

    def header(self) -> dict[str, Any]:
        """The record header (ruleset id, version, options, seed, cap, dictated walls)."""
        return {
            "type": "header",
            "format": "muraglia-record",
            "format_version": FORMAT_VERSION,
            "ruleset": self.ruleset.id,
            "version": self.ruleset.version,
            "options": options_dict(self.ruleset),
            "seed": self.seed,
            "max_deals": self.max_deals,
            "walls": [
                [[t.notation for t in live], [t.notation for t in dead]]
                for live, dead in self.walls
            ],
        }
