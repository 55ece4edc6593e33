"""The shared, deterministic game engine (DESIGN §8): one state machine, ruleset hooks.

>>> from muraglia.rulesets import load_ruleset
>>> match = Game(load_ruleset("fimj(tournament=true)"), seed=3).new_match()
>>> while not match.over:
...     seat = match.to_act[0]
...     _ = match.apply(match.legal_actions(seat)[-1 if match.deal.phase.value != "act" else 0])
>>> len([e for e in match.events if e.kind == "deal_started"]), sum(match.scores)
(16, 0)
"""

from muraglia.engine.actions import Action, action_from_dict
from muraglia.engine.events import Event, event_from_dict
from muraglia.engine.game import Game, flow_for
from muraglia.engine.match import MatchState, new_match
from muraglia.engine.phases import Phase
from muraglia.engine.state import DealResult, DealState
from muraglia.engine.wall import Wall

__all__ = [
    "Action",
    "DealResult",
    "DealState",
    "Event",
    "Game",
    "MatchState",
    "Phase",
    "Wall",
    "action_from_dict",
    "event_from_dict",
    "flow_for",
    "new_match",
]
