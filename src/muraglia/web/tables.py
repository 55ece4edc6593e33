"""Tables with friends (``/tables/{code}``): a host creates, up to four join, bots fill in.

The server is authoritative: people send only the index of one of *their own* legal actions;
each receives, over a WebSocket, only what their own seat may know (their
:class:`~muraglia.engine.views.PlayerView` and the table drawn from it). A seat is claimed
with an unguessable token kept in a cookie; a person who disconnects can reconnect with it,
and after :attr:`Room.takeover_after` seconds away a bot plays their turns until they return.
Rooms are kept in the database (:class:`RoomStore`: seats with the hash of their tokens, the
game's id, who has seen the settlement) and their games like any game, action by action, so a
server restart loses nothing: a room not in memory (bounded) is loaded again on its first
request, its game rebuilt from its actions.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from fastapi import APIRouter, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy import select
from sqlalchemy.orm import Session

from muraglia.cli._common import INPUT_ERRORS, error_message
from muraglia.engine import flow_for
from muraglia.errors import json_type
from muraglia.players import DEFAULT_BOT, Player, make_bot
from muraglia.rulesets import load_ruleset, parse_spec
from muraglia.web.games import HUMAN, GameSession, SessionCache, new_session
from muraglia.web.i18n import translate
from muraglia.web.models import WebRoom, WebRoomSeat
from muraglia.web.pages import RULESETS, lang_of, render, render_fragment
from muraglia.web.play import seat_context
from muraglia.web.table_view import order_actions

__all__ = ["Room", "RoomStore", "Rooms", "router", "token_hash"]

router = APIRouter(include_in_schema=False)

MAX_ROOMS = 500
"""Rooms kept in memory (the oldest go first; they stay in the database)."""
MAX_NAME = 40
"""Longest player name."""


def token_hash(token: str) -> str:
    """What is kept of a seat token: its SHA-256 (the token lives only in the cookie)."""
    return hashlib.sha256(token.encode()).hexdigest()


class Socket(Protocol):
    """What a room needs of a connection (a WebSocket, or a test double)."""

    async def send_text(self, data: str) -> None:
        """Send one message."""
        ...


@dataclass
class Room:
    """One table: seats, tokens, connections and (once started) the game."""

    code: str
    rules: str
    players: int
    max_deals: int | None
    seed: int | None = None
    lang: str = "en"
    names: dict[int, str] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)
    """Seat by token hash (:func:`token_hash`)."""
    session: GameSession | None = None
    sockets: dict[int, list[Any]] = field(default_factory=dict)
    langs: dict[int, str] = field(default_factory=dict)
    away_since: dict[int, float] = field(default_factory=dict)
    ready: set[int] = field(default_factory=set)
    takeover_after: float = 30.0
    stand_ins: dict[int, Player] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watcher: asyncio.Task[None] | None = None

    def join(self, name: str) -> str:
        """Claim the next free seat; returns the seat's token.

        Raises:
            ValueError: when every seat is taken or the game has started.
        """
        if self.session is not None:
            raise ValueError("the game has already started")
        free = [s for s in range(self.players) if s not in self.names]
        if not free:
            raise ValueError("every seat is taken")
        seat = free[0]
        self.names[seat] = " ".join(name.split())[:MAX_NAME]  # empty: named in names_list
        token = secrets.token_urlsafe(18)
        self.tokens[token_hash(token)] = seat
        self.away_since[seat] = time.monotonic()
        return token

    def seat_of(self, token: str | None) -> int | None:
        """The seat of a token (None for an unknown token)."""
        if not token:
            return None
        digest = token_hash(token)
        for known, seat in self.tokens.items():
            if secrets.compare_digest(known, digest):
                return seat
        return None

    def start(self) -> GameSession:
        """Fill the empty seats with bots and deal.

        Raises:
            ValueError: when the game has already started.
        """
        if self.session is not None:
            raise ValueError("the game has already started")
        seats = [HUMAN if s in self.names else DEFAULT_BOT for s in range(self.players)]
        self.session = new_session(
            self.rules, seats, seed=self.seed, max_deals=self.max_deals, kind="table"
        )
        self.seat_stand_ins()
        self.session.advance()
        return self.session

    def seat_stand_ins(self) -> None:
        """The bots that play for people away (seeded by the game's seed)."""
        assert self.session is not None
        ruleset = self.session.match.game.ruleset
        self.stand_ins = {
            s: make_bot(DEFAULT_BOT, ruleset, seed=self.session.seed * 4 + s + 1000)
            for s in self.names
        }

    def names_list(self, lang: str) -> list[str]:
        """Display names by seat: people by name, bots as such.

        A person without a name is ``Giocatore 3`` / ``Player 3``; bots are numbered by seat
        when there are several.
        """
        bots = [s for s in range(self.players) if s not in self.names]
        out = []
        for s in range(self.players):
            name = self.names.get(s)
            if name is None:
                out.append(f"bot {s + 1}" if len(bots) > 1 else "bot")
            else:
                out.append(name or f"{translate(lang, 'player')} {s + 1}")
        return out

    def message(self, seat: int) -> str:
        """The state message of ``seat``: its own view and the table drawn from it, only."""
        lang = self.langs.get(seat, self.lang)
        if self.session is None:
            return json.dumps({"type": "lobby", "names": self.names_list(lang)})
        session = self.session
        context = seat_context(session, seat, self.names_list(lang), lang)
        context.update(act_url="", continue_url="", record_url="")
        return json.dumps(
            {
                "type": "state",
                "seat": seat,
                "n": len(session.actions),
                "over": session.match.over,
                "view": session.view(seat).to_dict(),
                "html": render_fragment("_table.html", lang, context),
            },
            ensure_ascii=False,
        )

    async def broadcast(self) -> None:
        """Send every connected person their own state."""
        for seat, conns in list(self.sockets.items()):
            if not conns:
                continue
            text = self.message(seat)
            for ws in list(conns):
                try:
                    await ws.send_text(text)
                except (RuntimeError, WebSocketDisconnect, OSError):
                    with contextlib.suppress(ValueError):
                        conns.remove(ws)

    def act(self, seat: int, index: int, n: int) -> None:
        """Apply the person's action number ``index`` (stale ``n``: ignored).

        Raises:
            ValueError: for an index that is not one of the seat's legal actions now.
        """
        session = self.session
        if session is None or n != len(session.actions):
            return
        legal = order_actions(session.legal(seat))
        if not 0 <= index < len(legal):
            raise ValueError(f"no action number {index} for your seat now")
        session.act(seat, legal[index])

    def acknowledge(self, seat: int) -> None:
        """``seat`` has seen the settlement; the next deal starts when every person has."""
        session = self.session
        if session is None or not session.deal_over:
            return
        self.ready.add(seat)
        present = {s for s in self.names if self.sockets.get(s)}
        if present <= self.ready:
            self.ready.clear()
            session.acknowledge()

    def stand_in_step(self, now: float) -> bool:
        """A bot acts for one person away longer than :attr:`takeover_after`; True if it did."""
        session = self.session
        if session is None or session.match.over:
            return False
        away = {
            s
            for s in self.names
            if not self.sockets.get(s) and now - self.away_since.get(s, now) >= self.takeover_after
        }
        if session.deal_over:
            present = {s for s in self.names if self.sockets.get(s)}
            if away and present <= self.ready | away and (present or away):
                self.ready.clear()
                session.acknowledge()
                return True
            return False
        for seat in session.match.to_act:
            if seat in away:
                bot = self.stand_ins[seat]
                action = bot.choose(session.view(seat), session.legal(seat))
                session.act(seat, action)
                return True
        return False


class RoomStore:
    """Rooms in the database (``web_room``, ``web_room_seat``); games in the game store."""

    def __init__(self, sessions: SessionCache) -> None:
        self.sessions = sessions
        self.engine = sessions.store.engine

    def save(self, room: Room) -> None:
        """Store the room's settings, its seats, its game's id and who has seen the settlement."""
        with Session(self.engine) as db, db.begin():
            row = db.get(WebRoom, room.code)
            if row is None:
                row = WebRoom(
                    code=room.code,
                    rules=room.rules,
                    players=room.players,
                    max_deals=room.max_deals,
                    seed=room.seed,
                    lang=room.lang,
                )
                db.add(row)
            row.game_id = room.session.id if room.session is not None else None
            row.ready = json.dumps(sorted(room.ready))
            row.updated_at = datetime.now(UTC)
            stored = set(
                db.scalars(select(WebRoomSeat.seat).where(WebRoomSeat.room_code == room.code))
            )
            for digest, seat in room.tokens.items():
                if seat not in stored:
                    db.add(
                        WebRoomSeat(
                            room_code=room.code, seat=seat, name=room.names[seat], token_hash=digest
                        )
                    )

    def load(self, code: str, takeover_after: float) -> Room | None:
        """The stored room ``code`` (its game rebuilt from its actions), or None.

        Everybody counts as away since now: stand-in bots play for them once a watcher runs.
        """
        with Session(self.engine) as db:
            row = db.get(WebRoom, code)
            if row is None:
                return None
            seats = db.scalars(select(WebRoomSeat).where(WebRoomSeat.room_code == code)).all()
            room = Room(
                row.code,
                row.rules,
                row.players,
                row.max_deals,
                row.seed,
                row.lang,
                takeover_after=takeover_after,
            )
            game_id, ready = row.game_id, json.loads(row.ready)
            for seat in seats:
                room.names[seat.seat] = seat.name
                room.tokens[seat.token_hash] = seat.seat
        now = time.monotonic()
        room.away_since = dict.fromkeys(room.names, now)
        room.ready = {int(s) for s in ready}
        if game_id is not None:
            room.session = self.sessions.get(game_id)
            if room.session is not None:
                room.seat_stand_ins()
        return room


class Rooms:
    """The open rooms: the recent ones in memory (bounded), every one in the database."""

    def __init__(self, sessions: SessionCache, takeover_after: float = 30.0) -> None:
        self.sessions = sessions
        self.store = RoomStore(sessions)
        self.takeover_after = takeover_after
        self._rooms: OrderedDict[str, Room] = OrderedDict()
        self._lock = threading.Lock()

    def create(self, rules: str, max_deals: int | None, seed: int | None, lang: str) -> Room:
        """A new room with a fresh code (stored once its host is seated: :meth:`save`).

        Raises:
            MahjongError: for an unknown ruleset or option.
        """
        players = flow_for(load_ruleset(rules)).players
        code = secrets.token_urlsafe(6)
        room = Room(code, rules, players, max_deals, seed, lang, takeover_after=self.takeover_after)
        self._remember(room)
        return room

    def save(self, room: Room) -> None:
        """Store the room (settings, seats, game, acknowledgements)."""
        self.store.save(room)

    def find(self, code: str) -> Room | None:
        """The room ``code`` from memory, else from the database, or None."""
        with self._lock:
            room = self._rooms.get(code)
            if room is not None:
                self._rooms.move_to_end(code)
                return room
        room = self.store.load(code, self.takeover_after)
        if room is None:
            return None
        with self._lock:  # two requests may have loaded it at once: keep the first
            room = self._rooms.setdefault(code, room)
        self._remember(room)
        return room

    def get(self, code: str) -> Room:
        """The room ``code``.

        Raises:
            HTTPException: 404 for an unknown code.
        """
        room = self.find(code)
        if room is None:
            raise HTTPException(404, f"no table {code!r}")
        return room

    def watch(self, room: Room) -> None:
        """Run the stand-in watcher of a dealt room (call from the event loop)."""
        if room.session is None or room.session.match.over:
            return
        if room.watcher is None or room.watcher.done():
            room.watcher = asyncio.create_task(_watch(room, self))

    def forget(self) -> None:
        """Drop every room from memory (they stay in the database)."""
        with self._lock:
            rooms = list(self._rooms.values())
            self._rooms.clear()
        for room in rooms:
            if room.watcher is not None:
                room.watcher.cancel()

    def _remember(self, room: Room) -> None:
        with self._lock:
            self._rooms[room.code] = room
            self._rooms.move_to_end(room.code)
            stale = []
            while len(self._rooms) > MAX_ROOMS:
                stale.append(self._rooms.popitem(last=False)[1])
        for old in stale:
            if old.watcher is not None:
                old.watcher.cancel()


def _rooms(request: Request | WebSocket) -> Rooms:
    rooms: Rooms = request.app.state.rooms
    return rooms


def _cookie(code: str) -> str:
    return f"seat_{code}"


@router.get("/tables", response_class=HTMLResponse)
def tables_new(request: Request, error: str | None = None) -> HTMLResponse:
    """The form that creates a table."""
    return render(request, "tables_new.html", lang_of(request), {"rulesets": RULESETS,
                  "error": error})  # fmt: skip


@router.post("/tables", response_model=None)
async def tables_create(request: Request) -> Response:
    """Create a table, seat its host and go to it."""
    form = await request.form()

    def value(name: str, default: str = "") -> str:
        v = form.get(name, default)
        return v.strip() if isinstance(v, str) else default

    try:
        rid, _ = parse_spec(value("rules", "riichi-ema"))
        options = value("options")
        deals = value("deals")
        if deals and (not deals.isdigit() or int(deals) < 1):
            raise ValueError(f"the number of deals must be a whole number >= 1, got {deals!r}")
        seed = value("seed")
        if seed and not seed.isdigit():
            raise ValueError(f"the seed must be a whole number, got {seed!r}")
        room = _rooms(request).create(
            f"{rid}({options})" if options else rid,
            int(deals) if deals else None,
            int(seed) if seed else None,
            lang_of(request),
        )
        token = room.join(value("name"))
        _rooms(request).save(room)
    except INPUT_ERRORS as exc:
        return tables_new(request, error=error_message(exc))
    response = RedirectResponse(f"/tables/{room.code}", status_code=303)
    response.set_cookie(_cookie(room.code), token, httponly=True, samesite="lax")
    return response


@router.post("/tables/{code}/join", response_model=None)
async def tables_join(request: Request, code: str) -> Response:
    """Claim a free seat."""
    room = _rooms(request).get(code)
    form = await request.form()
    name = form.get("name", "")
    async with room.lock:
        if room.seat_of(request.cookies.get(_cookie(code))) is not None:
            return RedirectResponse(f"/tables/{code}", status_code=303)
        try:
            token = room.join(name if isinstance(name, str) else "")
        except ValueError as exc:
            raise HTTPException(409, str(exc)) from None
        _rooms(request).save(room)
        await room.broadcast()
    response = RedirectResponse(f"/tables/{code}", status_code=303)
    response.set_cookie(_cookie(code), token, httponly=True, samesite="lax")
    return response


@router.post("/tables/{code}/start", response_model=None)
async def tables_start(request: Request, code: str) -> Response:
    """The host deals: empty seats get bots."""
    room = _rooms(request).get(code)
    async with room.lock:
        if room.seat_of(request.cookies.get(_cookie(code))) != 0:
            raise HTTPException(403, "only the host (the first seat) starts the game")
        if room.session is None:
            try:
                session = room.start()
            except INPUT_ERRORS as exc:
                raise HTTPException(400, error_message(exc)) from None
            _rooms(request).sessions.add(session)
            _rooms(request).save(room)
            _rooms(request).watch(room)
        await room.broadcast()
    return RedirectResponse(f"/tables/{code}", status_code=303)


@router.get("/tables/{code}", response_class=HTMLResponse)
def tables_page(request: Request, code: str) -> HTMLResponse:
    """The lobby (join / start) or the table of the viewer's seat."""
    lang = lang_of(request)
    room = _rooms(request).get(code)
    seat = room.seat_of(request.cookies.get(_cookie(code)))
    context: dict[str, Any] = {
        "room": room,
        "seat": seat,
        "names": room.names_list(lang),
        "share": str(request.url),
        "table_html": None,
    }
    if room.session is not None and seat is not None:
        table = seat_context(room.session, seat, room.names_list(lang), lang)
        table.update(act_url="", continue_url="", record_url="")
        context["table_html"] = render_fragment("_table.html", lang, table)
    return render(request, "table.html", lang, context)


async def _watch(room: Room, rooms: Rooms) -> None:
    """Stand-in bots for people away too long; ends with the match."""
    while room.session is not None and not room.session.match.over:
        await asyncio.sleep(min(1.0, max(0.05, room.takeover_after / 4)))
        async with room.lock:
            if room.stand_in_step(time.monotonic()):
                rooms.sessions.store.save(room.session)
                rooms.save(room)
                await room.broadcast()


MAX_MESSAGE = 1000
"""Longest message a seat may send over its WebSocket (an action is some 30 characters)."""


async def _received(rooms: Rooms, room: Room, seat: int, data: str) -> None:
    """Apply one message of ``seat`` (``act`` or ``continue``), save, tell every seat.

    Raises:
        ValueError, KeyError, MahjongError: a malformed message or an illegal action.
    """
    msg = _message(data)
    kind = msg.get("type")
    async with room.lock:
        if kind == "act":
            room.act(seat, _whole(msg, "a"), _whole(msg, "n"))
        elif kind == "continue":
            room.acknowledge(seat)
            rooms.save(room)
        else:
            raise ValueError(f"unknown message type {kind!r}")
        if room.session is not None:
            rooms.sessions.store.save(room.session)
        await room.broadcast()


def _message(data: str) -> dict[str, Any]:
    """A WebSocket message: a JSON object (the API's words for anything else)."""
    try:
        msg = json.loads(data)
    except json.JSONDecodeError as exc:
        raise ValueError(f"invalid JSON: {exc.msg} at position {exc.pos}") from None
    if not isinstance(msg, dict):
        raise ValueError(f"expected a JSON object, got {json_type(msg)}")
    return msg


def _whole(msg: dict[str, Any], key: str) -> int:
    """The whole number ``msg[key]`` (an action's index ``a`` or step ``n``)."""
    if key not in msg:
        raise ValueError(f"an 'act' message needs {key!r} (a whole number)")
    value = msg[key]
    if type(value) is int:
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    shown = repr(value) if isinstance(value, str) else json_type(value)
    raise ValueError(f"{key!r} must be a whole number, got {shown}")


@router.websocket("/tables/{code}/ws")
async def tables_socket(websocket: WebSocket, code: str) -> None:
    """The seat's connection: its own state out, its own actions in."""
    rooms = _rooms(websocket)
    room = rooms.find(code)
    seat = room.seat_of(websocket.cookies.get(_cookie(code))) if room is not None else None
    if room is None or seat is None:
        await websocket.close(code=4403)
        return
    rooms.watch(room)  # a room loaded after a restart: its stand-ins watch again
    await websocket.accept()
    lang = websocket.query_params.get("lang")
    if lang in ("it", "en"):
        room.langs[seat] = lang
    async with room.lock:
        room.sockets.setdefault(seat, []).append(websocket)
        room.away_since.pop(seat, None)
        await websocket.send_text(room.message(seat))
    try:
        while True:
            data = await websocket.receive_text()
            if len(data) > MAX_MESSAGE:
                await websocket.send_text(json.dumps({"type": "error", "error": "too long"}))
                continue
            try:
                await _received(rooms, room, seat, data)
            except INPUT_ERRORS as exc:
                await websocket.send_text(
                    json.dumps({"type": "error", "error": error_message(exc)})
                )
    except WebSocketDisconnect:
        pass
    finally:
        conns = room.sockets.get(seat, [])
        if websocket in conns:
            conns.remove(websocket)
        if not conns:
            room.away_since[seat] = time.monotonic()
