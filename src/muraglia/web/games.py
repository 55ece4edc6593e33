"""Games in the browser: a match, the bots of the seats nobody plays, and its persistence.

A :class:`GameSession` wraps a :class:`~muraglia.engine.MatchState`; people act for their
own seats, bots for the others (:meth:`GameSession.advance` runs them until a person must
decide, or a deal has ended and its settlement is on screen). Every applied action is
stored (:class:`GameStore`), so a session is rebuilt after a reload or a server restart by
replaying the actions through the deterministic engine. :class:`SessionCache` keeps recent
sessions in memory (bounded); a miss rebuilds from the store.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from muraglia.engine import Game, MatchState, action_from_dict
from muraglia.engine.actions import Action
from muraglia.engine.views import PlayerView
from muraglia.errors import IllegalActionError, MahjongError
from muraglia.players import BOTS, Player, make_bot
from muraglia.rulesets import load_ruleset
from muraglia.web.models import WebAction, WebGame

__all__ = ["HUMAN", "GameSession", "GameStore", "SessionCache", "new_session"]

HUMAN = "human"
"""The seat marker of a person."""
MAX_STEPS = 10_000
"""Bound on the bot actions of one :meth:`GameSession.advance` (a match is far shorter)."""


@dataclass
class GameSession:
    """A match in progress with who plays each seat."""

    id: str
    rules: str
    seed: int
    seats: list[str]
    match: MatchState
    max_deals: int | None = None
    kind: str = "play"
    acknowledged: int = 0
    actions: list[dict[str, Any]] = field(default_factory=list)
    bots: dict[int, Player] = field(default_factory=dict)
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    pending: list[dict[str, Any]] = field(default_factory=list, repr=False)
    """Actions applied since the last save."""

    @property
    def humans(self) -> list[int]:
        """Seats played by people."""
        return [s for s, who in enumerate(self.seats) if who == HUMAN]

    @property
    def deal_over(self) -> bool:
        """A finished deal's settlement waits to be acknowledged."""
        return self.match.deals_played > self.acknowledged

    def legal(self, seat: int) -> list[Action]:
        """Legal actions of ``seat`` now (none while a settlement is on screen)."""
        if self.deal_over or seat not in self.match.to_act:
            return []
        return self.match.legal_actions(seat)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know."""
        return self.match.view(seat)

    def _apply(self, action: Action) -> None:
        self.match.apply(action)
        data = action.to_dict()
        self.actions.append(data)
        self.pending.append(data)

    def advance(self) -> None:
        """Let the bots act until a person must decide, a deal ends or the match is over."""
        for _ in range(MAX_STEPS):
            if self.match.over or self.deal_over:
                return
            waiting = self.match.to_act
            bot_seats = [s for s in waiting if self.seats[s] != HUMAN]
            if not bot_seats:
                return
            seat = bot_seats[0]
            bot = self.bots[seat]
            self._apply(bot.choose(self.match.view(seat), self.match.legal_actions(seat)))
        raise MahjongError(f"game {self.id}: bots did not stop after {MAX_STEPS} actions")

    def act(self, seat: int, action: Action) -> None:
        """Apply a person's action for ``seat`` (it must be one of the legal ones), then bots.

        Raises:
            IllegalActionError: for a seat that is not a person's, or an illegal action.
        """
        if self.seats[seat] != HUMAN:
            raise IllegalActionError(f"seat {seat} is played by a bot")
        if action.seat != seat:
            raise IllegalActionError(f"an action of seat {action.seat} sent for seat {seat}")
        if action not in self.legal(seat):
            raise IllegalActionError(f"{action.line()!r} is not legal now")
        self._apply(action)
        self.advance()

    def acknowledge(self) -> None:
        """The settlement on screen was seen: the next deal goes on."""
        self.acknowledged = self.match.deals_played
        self.advance()


def _bots(rules: Any, seed: int, seats: Sequence[str]) -> dict[int, Player]:
    return {
        s: make_bot(who, rules, seed=seed * 4 + s) for s, who in enumerate(seats) if who != HUMAN
    }


def new_session(
    rules: str,
    seats: Sequence[str],
    *,
    seed: int | None = None,
    max_deals: int | None = None,
    kind: str = "play",
) -> GameSession:
    """A new match: ``seats`` lists, per seat, a bot name or :data:`HUMAN`.

    Raises:
        MahjongError: for an unknown ruleset, option or bot, or the wrong number of seats.
    """
    ruleset = load_ruleset(rules)
    game = Game(ruleset, seed=secrets.randbelow(2**31) if seed is None else seed,
                max_deals=max_deals)  # fmt: skip
    if len(seats) != game.flow.players:
        raise MahjongError(f"{ruleset.id} is played by {game.flow.players}, not {len(seats)}")
    for who in seats:
        if who != HUMAN and who not in BOTS:
            raise MahjongError(f"unknown bot {who!r}; known bots: {', '.join(BOTS)}")
    assert game.seed is not None
    session = GameSession(
        id=secrets.token_urlsafe(12),
        rules=rules,
        seed=game.seed,
        seats=list(seats),
        match=game.new_match(),
        max_deals=max_deals,
        kind=kind,
        bots=_bots(ruleset, game.seed, seats),
    )
    return session


def rebuild(row: WebGame, actions: Sequence[str]) -> GameSession:
    """The session of a stored game, its actions replayed."""
    ruleset = load_ruleset(row.rules)
    seats = json.loads(row.seats)
    game = Game(ruleset, seed=row.seed, max_deals=row.max_deals)
    session = GameSession(
        id=row.id,
        rules=row.rules,
        seed=row.seed,
        seats=seats,
        match=game.new_match(),
        max_deals=row.max_deals,
        kind=row.kind,
        acknowledged=row.acknowledged,
        bots=_bots(ruleset, row.seed, seats),
    )
    for text in actions:
        data = json.loads(text)
        session.match.apply(action_from_dict(data))
        session.actions.append(data)
    return session


class GameStore:
    """Games in the database (tables ``web_game``, ``web_action``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, session: GameSession) -> None:
        """Store a new game with the actions it already has."""
        with Session(self.engine) as db, db.begin():
            db.add(
                WebGame(
                    id=session.id,
                    kind=session.kind,
                    rules=session.rules,
                    seed=session.seed,
                    seats=json.dumps(session.seats),
                    max_deals=session.max_deals,
                    acknowledged=session.acknowledged,
                )
            )
            db.flush()
            self._add_actions(db, session, 0)
        session.pending.clear()

    def save(self, session: GameSession) -> None:
        """Store the actions applied since the last save and the acknowledged deals."""
        with Session(self.engine) as db, db.begin():
            row = db.get(WebGame, session.id)
            if row is None:
                raise MahjongError(f"no game {session.id!r}")
            row.acknowledged = session.acknowledged
            row.updated_at = datetime.now(UTC)
            self._add_actions(db, session, len(session.actions) - len(session.pending))
        session.pending.clear()

    @staticmethod
    def _add_actions(db: Session, session: GameSession, first: int) -> None:
        start = len(session.actions) - len(session.pending)
        assert start == first
        for i, data in enumerate(session.pending, start=first):
            db.add(WebAction(game_id=session.id, n=i, action=json.dumps(data)))

    def load(self, game_id: str) -> GameSession | None:
        """The stored game ``game_id`` rebuilt, or None."""
        with Session(self.engine) as db:
            row = db.get(WebGame, game_id)
            if row is None:
                return None
            actions = db.scalars(
                select(WebAction.action).where(WebAction.game_id == game_id).order_by(WebAction.n)
            ).all()
            db.expunge(row)
        return rebuild(row, actions)


class SessionCache:
    """Recent sessions in memory (at most ``size``), the store behind them."""

    def __init__(self, store: GameStore, size: int = 256) -> None:
        self.store = store
        self.size = size
        self._items: OrderedDict[str, GameSession] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, session: GameSession) -> None:
        """Store and remember a new session."""
        self.store.create(session)
        self._remember(session)

    def get(self, game_id: str) -> GameSession | None:
        """The session ``game_id`` (from memory, else rebuilt from the store), or None."""
        with self._lock:
            session = self._items.get(game_id)
            if session is not None:
                self._items.move_to_end(game_id)
                return session
        session = self.store.load(game_id)
        if session is not None:
            self._remember(session)
        return session

    def _remember(self, session: GameSession) -> None:
        with self._lock:
            self._items[session.id] = session
            self._items.move_to_end(session.id)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def forget(self) -> None:
        """Drop every session from memory (they stay in the store)."""
        with self._lock:
            self._items.clear()
