"""MatchState.

A sequence of deals with dealer rotation, round winds, scores and match end, every rule of which
comes from the ruleset's flow (``next_deal``, ``settle``, ``end_of_match``).

Scores start at the flow's ``table.start_score`` for every seat (0 by default, FIMJ-GAP-35; Tenhou
25000); riichi stakes move from a seat's score to the pot on the table when the riichi stands
and to a winner when the ruleset's settlement says so, so ``sum(scores) + pot`` never changes.

The time rule (:meth:`MatchState.call_time`): the tournament manager tells a match that time is
up; the flow's ``time_up(view)`` hook says whether the deal in progress is finished
(then the match ends) or abandoned at once without payments (default: finished).
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any, Protocol

from muraglia.engine.actions import Action
from muraglia.engine.events import Event, MatchEnded, Settled, TimeCalled
from muraglia.engine.state import DealState
from muraglia.engine.views import PlayerView, view_of
from muraglia.errors import IllegalActionError
from muraglia.rulesets.base import SEAT_LETTERS, AnyRuleset, DealFlow, DealSummary, MatchProgress
from muraglia.scoring.result import Settlement
from muraglia.tiles import WINDS, Tile

__all__ = ["TIME_UP", "MatchGame", "MatchState", "new_match"]

TIME_UP = "time_up"
"""The reason of a deal abandoned by the time rule (``DealEnded.reason``)."""


class MatchGame(Protocol):
    """What a match reads of its game (:class:`~muraglia.engine.game.Game`).

    A protocol, so that ``match.py`` does not import ``game.py`` (``game.py`` imports this
    module for :meth:`Game.new_match`: no import cycle).
    """

    @property
    def ruleset(self) -> AnyRuleset:
        """The ruleset object."""
        ...  # pragma: no cover

    @property
    def flow(self) -> DealFlow[Any]:
        """The ruleset's engine hooks."""
        ...  # pragma: no cover

    @property
    def max_deals(self) -> int | None:
        """Stop the match after this many deals (None: no limit)."""
        ...  # pragma: no cover

    @property
    def walls(self) -> Sequence[object]:
        """Dictated walls of the first deals."""
        ...  # pragma: no cover

    def rng(self) -> Random:
        """A fresh generator for one match."""
        ...  # pragma: no cover

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
        """Throw the dice, build the wall and deal."""
        ...  # pragma: no cover

    def header(self) -> dict[str, Any]:
        """The record header."""
        ...  # pragma: no cover


def new_match(
    game: MatchGame,
    *,
    progress: MatchProgress | None = None,
    scores: Sequence[int] | None = None,
    pot: int = 0,
) -> MatchState:
    """A match of ``game`` from its first deal, or resumed at ``progress`` (:class:`MatchState`).

    ``Game.new_match`` calls this.
    """
    return MatchState(game, progress=progress, scores=scores, pot=pot)


class MatchState:
    """A match in progress; create with :func:`new_match` (or :meth:`Game.new_match`)."""

    def __init__(
        self,
        game: MatchGame,
        *,
        progress: MatchProgress | None = None,
        scores: Sequence[int] | None = None,
        pot: int = 0,
    ) -> None:
        """A match from its first deal, or resumed at ``progress`` with ``scores`` and ``pot``.

        Resuming (a recorded game checked from one of its deals, ``muraglia.io``) deals
        ``game.walls[progress.deal]`` when the game dictates that many walls.
        """
        self.game = game
        self.flow = game.flow
        self.players = self.flow.players
        self.rng = game.rng()
        self.scores: list[int] = (
            list(scores) if scores is not None else [self.flow.table.start_score] * self.players
        )
        if len(self.scores) != self.players:
            raise IllegalActionError(f"{len(self.scores)} scores for {self.players} players")
        self.pot = pot
        self._resumed = progress is not None
        self.progress = progress or MatchProgress()
        self.events: list[Event] = []
        self.deals_played = 0
        self.last_settlement: Settlement | None = None
        """The ruleset's settlement of the last finished deal (transfers, values, explanation)."""
        self.over = False
        self.counters: list[tuple[int, int]] = []
        """Per deal played or in play: (counters, riichi sticks on the table) at its start."""
        self.time_called = False
        """Time is up: the match ends with the deal in progress (:meth:`call_time`)."""
        self.deal: DealState = self._new_deal(first=True)

    def _new_deal(self, *, first: bool = False) -> DealState:
        p = self.progress
        deal = self.game.make_deal(
            self.rng,
            deal=p.deal,
            dealer=p.dealer,
            round_wind=WINDS[p.round_wind],
            honba=p.honba,
            scores=tuple(self.scores),
            keep_round_wind=self._resumed,
        )
        if first and not self._resumed:
            self.progress = MatchProgress(round_wind=WINDS.index(deal.round_wind))
        stake = self.flow.table.riichi_stake
        self.counters.append((p.honba, self.pot // stake if stake else 0))
        self.events.extend(deal.events)
        self._seen = len(deal.events)
        return deal

    @property
    def passes(self) -> int:
        """Times the East role has passed since the match began (the deal being played's)."""
        return self.progress.passes

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now, scores and pot included."""
        return view_of(self.deal, seat, self)

    @property
    def to_act(self) -> tuple[int, ...]:
        """Seats whose decision is pending in the current deal."""
        return () if self.over else self.deal.to_act

    def legal_actions(self, seat: int) -> list[Action]:
        """Legal actions of ``seat`` now."""
        return [] if self.over else self.deal.legal_actions(seat)

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` to the current deal.

        A finished deal is settled and the next one dealt automatically. Returns the new
        events.

        Raises:
            IllegalActionError: if the match is over or the action is illegal.
        """
        if self.over:
            raise IllegalActionError(f"{action.line()!r}: the match is over")
        deal = self.deal
        deal_events = deal.events
        seen = self._seen
        new = deal.apply(action)
        if seen + len(new) != len(deal_events):  # events appended to the deal meanwhile
            new = deal_events[seen:]
        self._seen = len(deal_events)
        if not deal.is_over:
            self.events += new
            return new
        start = len(self.events)
        self.events += new
        self._finish_deal()
        return self.events[start:]

    def call_time(self) -> TimeCalled:
        """Time is up (the tournament manager's call): the match ends with the current deal.

        The flow's ``time_up(view)`` hook decides whether the deal in progress is played to its
        end (True; the default, and the EMA/MCR/Seipalle decision) or abandoned at once without
        payments (False; FIMJ with fewer than 4 discards, 3 at a table of three, FIMJ-TOURN-5 /
        FIMJ-GAP-44; Ravenna before South's first discard, RAV-COMP-3 / RAV-GAP-20). A
        :class:`TimeCalled` event records where time was called; :func:`replay` repeats it.

        Raises:
            IllegalActionError: if the match is over or time was already called.
        """
        if self.over:
            raise IllegalActionError("time cannot be called: the match is over")
        if self.time_called:
            raise IllegalActionError("time was already called in this match")
        deal = self.deal
        finish = self.flow.time_up(deal)
        event = TimeCalled(self.deals_played, len(deal.discard_log), finish)
        self.time_called = True
        self.events.append(event)
        if not finish:
            deal.abandon(TIME_UP)
            self.events.extend(deal.events[self._seen :])
            self._seen = len(deal.events)
            self._finish_deal()
        return event

    def _finish_deal(self) -> None:
        deal = self.deal
        assert deal.result is not None
        stake = self.flow.table.riichi_stake
        for s in range(self.players):
            self.scores[s] -= deal.stakes[s]
            self.pot += deal.stakes[s]
        if deal.result.reason == TIME_UP:  # abandoned without payments (FIMJ-GAP-44)
            settlement = Settlement((), dict.fromkeys(SEAT_LETTERS[: self.players], 0))
        else:
            settlement = deal.settle(
                sticks=self.pot // stake if stake else 0, honba=self.progress.honba
            )
        self.last_settlement = settlement
        net = [settlement.net.get(deal.letter(s), 0) for s in range(self.players)]
        for s in range(self.players):
            self.scores[s] += net[s]
        stakes = settlement.extra.get("riichi_stakes")
        if stakes:
            to = next(s for s in range(self.players) if deal.letter(s) == stakes["to"])
            self.scores[to] += int(stakes["amount"])
            self.pot -= int(stakes["amount"])
        self.events.append(Settled(tuple(net), self.pot, tuple(self.scores)))
        self.deals_played += 1
        r = deal.result
        summary = DealSummary(
            r.winners if not r.void else (),
            r.void,
            r.reason,
            deal.breach.wall,
            tuple(self.scores),
            settlement.extra,
        )
        nxt = None if self.time_called else self.flow.next_deal(self.progress, summary)
        cap = self.game.max_deals
        if nxt is None or (cap is not None and self.deals_played >= cap):
            extra = self.flow.end_of_match(self.scores, self.pot)
            if any(extra):  # stakes left on the table, and adjustments such as uma
                for s, x in enumerate(extra):
                    self.scores[s] += x
                self.pot -= sum(extra)
            self.over = True
            self.events.append(MatchEnded(tuple(self.scores)))
            return
        self.progress = nxt
        self.deal = self._new_deal()
