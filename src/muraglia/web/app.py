"""The ASGI application: ``create_app(db_url=None)``.

>>> from fastapi.testclient import TestClient
>>> TestClient(create_app("sqlite://")).get("/api/health").json()["ok"]
True
"""

from __future__ import annotations

import gc
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.requests import Request

from muraglia import __version__
from muraglia.db import make_engine, migrate
from muraglia.rulesets import REGISTRY, ruleset_for
from muraglia.tournament.web import router as tournament_router
from muraglia.web import api, errors, pages, play, replay, tables
from muraglia.web.games import GameStore, SessionCache

__all__ = ["MAX_BODY", "BodyLimit", "create_app", "settle_heap"]

MAX_BODY = 64 * 1024
"""Largest request body accepted (bytes); a hand, a deal or a settle object is well under 1 KB.
Larger bodies get 413 before the body is read whole."""

HERE = Path(__file__).parent

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """ASGI middleware: a 413 for a body whose declared or streamed size exceeds the limit.

    ``limit`` for every path but those of ``larger`` (exact path -> its own limit: the replay
    viewer's uploads of whole game records).
    """

    def __init__(
        self, app: ASGIApp, limit: int = MAX_BODY, larger: Mapping[str, int] | None = None
    ) -> None:
        self.app = app
        self.limit = limit
        self.larger = dict(larger or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, counting its body."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope.get("path", ""), self.limit)
        if api.declared_over(scope, limit):
            await _too_large(scope, receive, send, limit)
            return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _TooLargeError
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, tracking_send)
        except _TooLargeError:
            if not started:
                await _too_large(scope, receive, send, limit)


async def _too_large(scope: Scope, receive: Receive, send: Send, limit: int) -> None:
    """The 413: the API's JSON, or for a page (a replay upload) the error page."""
    request = Request(scope)
    if not errors.wants_html(request):
        await api.too_large(send, limit)
        return
    size = f"{limit // (1024 * 1024)} MB" if limit % (1024 * 1024) == 0 else f"{limit} bytes"
    response = errors.error_page(request, 413, f"request body over {size}")
    await response(scope, receive, send)


class _TooLargeError(Exception):
    """Raised inside the app when the streamed body passes the limit."""


class _App(FastAPI):
    """FastAPI with the JSON API's ``POST``s answered at its front door.

    :class:`~muraglia.web.api.FastJsonApi`, which applies :data:`MAX_BODY` itself as it
    reads the body (the 413 of :class:`BodyLimit`), answers them before the framework's
    middleware stack (error middleware, its body limit) and routing, which cost a score
    request about a tenth of its CPU (``bench/bench_web.py``); every other request goes
    through the framework, its body limit included.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.front: ASGIApp = api.FastJsonApi(None, limit=MAX_BODY)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A ``POST`` of :data:`~muraglia.web.api.POSTS` at the front door, else the app."""
        if scope["type"] == "http" and scope["method"] == "POST" and scope["path"] in api.POSTS:
            await self.front(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)


def create_app(db_url: str | None = None, *, takeover_after: float = 30.0) -> FastAPI:
    """The web application on the database ``db_url`` (None: :func:`muraglia.db.default_url`).

    The database is migrated to the latest schema first. ``takeover_after``: seconds a
    person may be disconnected from a table before a bot plays their turns.
    """
    app = _App(
        title="muraglia",
        version=__version__,
        description="Mahjong scorer, referee's calculator and game server "
        "(FIMJ, EMA Riichi, Tenhou Riichi, MCR, Seipalle, Ravenna). The JSON API answers "
        "exactly the objects of the command line's --json (interfaces.md).",
    )
    engine = make_engine(db_url)
    migrate(engine)
    app.state.db = engine
    app.state.sessions = SessionCache(GameStore(engine))
    app.state.rooms = tables.Rooms(app.state.sessions, takeover_after=takeover_after)
    app.state.replays = replay.ReplayStore(engine)
    app.include_router(api.router)
    app.include_router(replay.api_router)
    app.include_router(pages.router)
    app.include_router(play.router)
    app.include_router(tables.router)
    app.include_router(replay.router)
    app.include_router(tournament_router)
    errors.install(app)  # the pages' errors as pages, the API's as JSON
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    uploads = dict.fromkeys(("/replay", "/api/replay"), replay.REPLAY_BODY)
    app.add_middleware(BodyLimit, limit=MAX_BODY, larger=uploads)  # outermost: every body
    return app


def settle_heap() -> int:
    """Build every ruleset, then take what is alive out of the garbage collector's scans.

    For the serving process, after :func:`create_app` and before the first request: the
    modules, the application and the shared rulesets (:func:`muraglia.rulesets.ruleset_for`,
    each built once) are some 130,000 tracked objects that live as long as the process. Left
    to the collector, every full collection walks them all: a pause of 80-200 ms that stalls
    every request in flight (the score benchmark's p99, ``bench/bench_web.py``). After
    ``gc.freeze()`` a full collection walks only what requests left alive since. Returns how
    many objects were frozen.
    """
    for rid in REGISTRY:
        ruleset_for(rid)
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
