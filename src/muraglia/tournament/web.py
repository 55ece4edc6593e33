"""Tournament pages: public standings, a big screen, organiser and referee views.

``router`` (prefix ``/tournaments``) is included by the web application; it reads the
SQLAlchemy engine from ``request.app.state.db`` (the web app's shared database, migrated).

- Public: ``/tournaments`` (events), ``/tournaments/{id}`` (standings, refreshing itself),
  ``/tournaments/{id}/screen`` (big screen: countdown of the running session, its seating,
  the standings; refreshes itself), ``/tournaments/{id}/standings.json``.
- Login: ``/tournaments/login`` (argon2-checked password; a signed, HttpOnly, SameSite=Strict
  cookie carries the user and role for 12 hours).
- Referee (or organiser): ``/tournaments/{id}/sessions/{k}/tables/{t}`` shows the table and
  takes its totals or its sheet (one settle object per line), with a preview; the form
  carries the version it was read at, so a second referee gets a conflict (409), not a
  silent overwrite. Penalties.
- Organiser: ``/tournaments/{id}/manage``: seat, session status (start, finish, approve).

Bad input gets a 400 page with the same message as the CLI; a player (no login) can only
read.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import parse_qs

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from jinja2 import ChoiceLoader, Environment, FileSystemLoader, select_autoescape
from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session as DbSession

from muraglia.errors import MahjongError
from muraglia.tiles import WIND_LETTERS
from muraglia.tournament import export, service
from muraglia.tournament.auth import authenticate, signing_key
from muraglia.tournament.models import Event
from muraglia.web.chrome import TEMPLATES as WEB_TEMPLATES
from muraglia.web.chrome import chrome, remember_language

__all__ = ["router"]

TEMPLATES = Path(__file__).resolve().parent / "templates"
COOKIE = "muraglia_tournament"
SESSION_SECONDS = 12 * 3600
MAX_FORM = 256 * 1024
_env = Environment(
    # the application's templates second: t_base.html extends its base.html (one frame, one nav)
    loader=ChoiceLoader([FileSystemLoader(TEMPLATES), FileSystemLoader(WEB_TEMPLATES)]),
    autoescape=select_autoescape(["html"]),
    auto_reload=False,
)
_env.globals["WIND_LETTERS"] = WIND_LETTERS

STATUS_NAMES = {
    "seating": "posti da assegnare / seating",
    "started": "iniziato / started",
    "finished": "finito / finished",
    "approved": "approvato / approved",
    "active": "attivo / active",
    "dropped": "ritirato / withdrawn",
    "substitute": "riserva / substitute",
}
"""A session's or a registration's status as the pages show it (Italian / English, as the
rest of the tournament pages)."""
_env.filters["status"] = lambda s: STATUS_NAMES.get(str(s), str(s))

router = APIRouter(prefix="/tournaments", tags=["tournaments"])


# ---------------------------------------------------------------------------------------
# plumbing


def _engine(request: Request) -> Engine:
    engine = getattr(request.app.state, "db", None)
    if engine is None:  # pragma: no cover - the web app always sets it
        raise HTTPException(500, "the application has no database")
    return engine  # type: ignore[no-any-return]


def get_db(request: Request) -> Iterator[DbSession]:
    """One database session per request, committed when the handler succeeds."""
    with DbSession(_engine(request)) as db, db.begin():
        yield db


Db = Annotated[DbSession, Depends(get_db)]


def _secret(request: Request) -> bytes:
    """The cookie signing key: ``app.state.secret_key`` if set, else the database's own.

    The database's key (:func:`signing_key`) is created once and shared by every worker and
    every restart; it is read once per application.
    """
    state = request.app.state
    key = getattr(state, "secret_key", None)
    if isinstance(key, str):
        return key.encode()
    cached = getattr(state, "tournament_signing_key", None)
    if not isinstance(cached, bytes):
        cached = signing_key(_engine(request))
        state.tournament_signing_key = cached
    return cached


def _sign(request: Request, payload: str) -> str:
    mac = hmac.new(_secret(request), payload.encode(), hashlib.sha256).hexdigest()
    return base64.urlsafe_b64encode(payload.encode()).decode() + "." + mac


def current_user(request: Request) -> dict[str, str] | None:
    """The logged-in user (``name``, ``role``) from the signed cookie, or None."""
    raw = request.cookies.get(COOKIE)
    if not raw or "." not in raw:
        return None
    body, mac = raw.rsplit(".", 1)
    try:
        payload = base64.urlsafe_b64decode(body.encode()).decode()
    except (ValueError, UnicodeDecodeError):
        return None
    good = hmac.new(_secret(request), payload.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(good, mac):
        return None
    try:
        name, role, expires = payload.rsplit("|", 2)
        if float(expires) < time.time():
            return None
    except ValueError:
        return None
    return {"name": name, "role": role}


def _require(request: Request, *roles: str) -> dict[str, str]:
    user = current_user(request)
    if user is None:
        raise HTTPException(401, "log in first / accedi prima")
    if user["role"] not in roles:
        raise HTTPException(403, f"this needs the role {' or '.join(roles)}")
    return user


async def _form(request: Request) -> dict[str, str]:
    body = await request.body()
    if len(body) > MAX_FORM:
        raise HTTPException(413, "the form is too large")
    try:
        parsed = parse_qs(body.decode("utf-8"), keep_blank_values=True)
    except UnicodeDecodeError:
        raise HTTPException(400, "the form is not UTF-8") from None
    return {k: v[-1] for k, v in parsed.items()}


async def _posted(
    request: Request, db: DbSession, event_id: int, *roles: str
) -> tuple[dict[str, str], dict[str, str], Event]:
    """A change by a user of ``roles``: (the user, the form, the event)."""
    user = _require(request, *roles)
    return user, await _form(request), _event(db, event_id)


def _page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    frame = chrome(request)  # the application's header, navigation and language switch
    html = _env.get_template(template).render(**frame, user=current_user(request), **context)
    response = HTMLResponse(html, status_code=status)
    remember_language(request, response)
    return response


def _event(db: DbSession, event_id: int) -> Event:
    try:
        return service.get_event(db, event_id)
    except service.TournamentError as exc:
        raise HTTPException(404, str(exc)) from None


def _standings(db: DbSession, event: Event) -> list[dict[str, Any]]:
    return [service.standing_dict(x, event.regulation) for x in service.standings(db, event)]


def _current_session(event: Event) -> Any:
    running = [s for s in event.sessions if s.status == "started"]
    if running:
        return running[0]
    seated = [s for s in event.sessions if s.status == "seating" and s.tables]
    return seated[0] if seated else None


# ---------------------------------------------------------------------------------------
# login


@router.get("/login", response_class=HTMLResponse, include_in_schema=False)
def login_form(request: Request) -> HTMLResponse:
    """The login form (``next``: the page to go back to, as a 401 page links it)."""
    return _page(request, "t_login.html", error=None, next=_next(request.query_params.get("next")))


def _next(target: str | None) -> str | None:
    """A page of the tournaments to go to after the login (nothing outside them)."""
    if target and target.startswith("/tournaments/") and "//" not in target:
        return target
    return None


@router.post("/login", response_class=HTMLResponse, include_in_schema=False)
async def login(request: Request, db: Db) -> Response:
    """Check the password (argon2) and set the signed cookie."""
    form = await _form(request)
    user = authenticate(db, form.get("username", ""), form.get("password", ""))
    if user is None:
        return _page(
            request,
            "t_login.html",
            status=401,
            error="nome o password errati / wrong user name or password",
            next=_next(form.get("next")),
        )
    payload = f"{user.username}|{user.role}|{time.time() + SESSION_SECONDS:.0f}"
    target = _next(form.get("next")) or str(request.url_for("events"))
    response = RedirectResponse(target, status_code=303)
    response.set_cookie(
        COOKIE, _sign(request, payload), httponly=True, samesite="strict", max_age=SESSION_SECONDS
    )
    return response


@router.post("/logout", include_in_schema=False)
def logout(request: Request) -> Response:
    """Forget the cookie."""
    response = RedirectResponse(str(request.url_for("events")), status_code=303)
    response.delete_cookie(COOKIE)
    return response


# ---------------------------------------------------------------------------------------
# public pages


@router.get("", response_class=HTMLResponse)
def events(request: Request, db: Db) -> HTMLResponse:
    """Every event."""
    rows = db.scalars(select(Event).order_by(Event.id.desc())).all()
    return _page(request, "t_events.html", events=rows)


@router.get("/{event_id}", response_class=HTMLResponse)
def standings_page(event_id: int, request: Request, db: Db) -> HTMLResponse:
    """Public standings (refreshing every 30 s)."""
    event = _event(db, event_id)
    return _page(
        request,
        "t_standings.html",
        event=event,
        standings=_standings(db, event),
        teams=service.team_standings(service.standings(db, event), event.regulation),
    )


@router.get("/{event_id}/standings.json")
def standings_json(event_id: int, db: Db) -> JSONResponse:
    """The CLI's ``standings --json`` object."""
    event = _event(db, event_id)
    return JSONResponse({"ok": True, "standings": _standings(db, event)})


@router.get("/{event_id}/screen", response_class=HTMLResponse)
def big_screen(event_id: int, request: Request, db: Db) -> HTMLResponse:
    """The venue's big screen: countdown, seating of the current session, standings."""
    event = _event(db, event_id)
    session = _current_session(event)
    ends_at = None
    if session is not None and session.started_at is not None and session.minutes:
        ends_at = session.started_at.timestamp() + 60 * session.minutes
    tables = [service.table_dict(t) for t in session.tables] if session is not None else []
    return _page(
        request,
        "t_screen.html",
        event=event,
        session=session,
        tables=tables,
        ends_at=ends_at,
        standings=_standings(db, event)[:30],
    )


# ---------------------------------------------------------------------------------------
# organiser


@router.get("/{event_id}/manage", response_class=HTMLResponse)
def manage(event_id: int, request: Request, db: Db) -> HTMLResponse:
    """Organiser view: sessions, seating, players."""
    _require(request, "organiser")
    event = _event(db, event_id)
    return _page(request, "t_manage.html", event=event, message=None)


@router.post("/{event_id}/seat", response_class=HTMLResponse)
async def seat(event_id: int, request: Request, db: Db) -> Response:
    """Seat the unplayed sessions (organiser)."""
    user, form, event = await _posted(request, db, event_id, "organiser")
    try:
        seed = int(form.get("seed") or 0)
        out = service.seat_event(
            db, event, seed=seed, method=form.get("method", "plan"), actor=user["name"]
        )
    except (ValueError, MahjongError) as exc:
        return _page(request, "t_manage.html", status=400, event=event, error=str(exc))
    msg = f"repeats {out['repeats']} (lower bound {out['lower_bound']})"
    return _page(request, "t_manage.html", event=event, message=msg)


@router.post("/{event_id}/sessions/{number}/status", response_class=HTMLResponse)
async def session_status(event_id: int, number: int, request: Request, db: Db) -> Response:
    """Start, finish or approve a session (organiser)."""
    user, form, event = await _posted(request, db, event_id, "organiser")
    try:
        service.set_session_status(db, event, number, form.get("status", ""), actor=user["name"])
    except MahjongError as exc:
        return _page(request, "t_manage.html", status=400, event=event, error=str(exc))
    return RedirectResponse(str(request.url_for("manage", event_id=event_id)), status_code=303)


@router.post("/new", response_class=HTMLResponse)
async def new_event(request: Request, db: Db) -> Response:
    """Create an event (organiser): name, ruleset spec, sessions, regulation."""
    user = _require(request, "organiser")
    form = await _form(request)
    try:
        event = service.create_event(
            db,
            form.get("name", "").strip(),
            rules=form.get("rules", "").strip(),
            sessions=int(form.get("sessions") or 0),
            regulation=form.get("regulation") or None,
            actor=user["name"],
        )
    except (ValueError, MahjongError) as exc:  # checked before anything is added
        rows = db.scalars(select(Event).order_by(Event.id.desc())).all()
        return _page(request, "t_events.html", status=400, events=rows, error=str(exc), form=form)
    return RedirectResponse(str(request.url_for("manage", event_id=event.id)), status_code=303)


@router.post("/{event_id}/players", response_class=HTMLResponse)
async def import_players(event_id: int, request: Request, db: Db) -> Response:
    """Import players from CSV text (organiser); nothing is imported if a row is wrong."""
    user, form, event = await _posted(request, db, event_id, "organiser")
    try:  # every row is checked before anything is added
        n = service.import_players(db, event, form.get("csv", ""), actor=user["name"])
    except MahjongError as exc:
        return _page(request, "t_manage.html", status=400, event=event, error=str(exc))
    return _page(request, "t_manage.html", event=event, message=f"{n} giocatori / players")


@router.post("/{event_id}/players/{number}/drop", response_class=HTMLResponse)
async def drop(event_id: int, number: int, request: Request, db: Db) -> Response:
    """Withdraw a player (organiser); then re-seat the unplayed sessions."""
    user = _require(request, "organiser")
    event = _event(db, event_id)
    try:
        service.drop_player(db, event, number, actor=user["name"])
    except MahjongError as exc:
        return _page(request, "t_manage.html", status=400, event=event, error=str(exc))
    msg = f"ritirato / withdrawn: {number}; riassegna i posti / re-seat the unplayed sessions"
    return _page(request, "t_manage.html", event=event, message=msg)


@router.post("/{event_id}/substitute", response_class=HTMLResponse)
async def substitute(event_id: int, request: Request, db: Db) -> Response:
    """A substitute plays a seat (referee or organiser); an empty player undoes it."""
    user, form, event = await _posted(request, db, event_id, "referee", "organiser")
    try:
        who = form.get("player", "").strip()
        numbers = {k: form.get(k, "").strip() for k in ("session", "table")}
        if who.lower() == "none":
            who = ""
        for what, text in [*numbers.items(), ("player", who)]:
            if text and not text.isdigit():
                raise MahjongError(f"{what} must be a number, got {text!r}")
        service.substitute(
            db,
            event,
            int(numbers["session"] or 0),
            int(numbers["table"] or 0),
            form.get("wind", ""),
            int(who) if who else None,
            actor=user["name"],
        )
    except (ValueError, MahjongError) as exc:
        return _page(request, "t_manage.html", status=400, event=event, error=str(exc))
    return _page(request, "t_manage.html", event=event, message="sostituto / substitute: ok")


@router.get("/{event_id}/export/{fmt}")
def export_file(
    event_id: int, fmt: str, request: Request, db: Db, session: int | None = None
) -> Response:
    """An export file: standings CSV/JSON are public; EMA file and printables need a login."""
    if fmt not in export.FORMATS:
        raise HTTPException(404, f"unknown export {fmt!r}: {', '.join(export.FORMATS)}")
    if fmt not in {"csv", "json"}:
        _require(request, "referee", "organiser")
    event = _event(db, event_id)
    try:
        text = export.render(db, event, fmt, session)
    except MahjongError as exc:
        raise HTTPException(400, str(exc)) from None
    media, name = export.FORMATS[fmt]
    disposition = "inline" if media.startswith("text/html") else "attachment"
    return Response(
        text,
        media_type=media,
        headers={"Content-Disposition": f'{disposition}; filename="{event.id}-{name}"'},
    )


# ---------------------------------------------------------------------------------------
# referee


def _table_page(
    request: Request, db: DbSession, event: Event, number: int, table: int, **extra: Any
) -> HTMLResponse:
    status = extra.pop("status", 200)
    session = service.get_session(db, event, number)
    t = next((x for x in session.tables if x.number == table), None)
    if t is None:
        raise HTTPException(404, f"session {number} has no table {table}")
    return _page(
        request,
        "t_table.html",
        status=status,
        event=event,
        session=session,
        table=service.table_dict(t),
        **extra,
    )


@router.get("/{event_id}/sessions/{number}/tables/{table}", response_class=HTMLResponse)
def table_form(event_id: int, number: int, table: int, request: Request, db: Db) -> HTMLResponse:
    """A table's seats, results and entry form (referee or organiser)."""
    _require(request, "referee", "organiser")
    event = _event(db, event_id)
    try:
        return _table_page(request, db, event, number, table, message=None, preview=None, form={})
    except service.TournamentError as exc:
        raise HTTPException(404, str(exc)) from None


def _table_error(
    request: Request,
    db: DbSession,
    where: tuple[int, int, int],
    *,
    status: int,
    message: str,
    form: dict[str, str],
) -> HTMLResponse:
    """The table page again with the error; nothing of the failed entry is kept."""
    db.rollback()
    event_id, number, table = where
    with DbSession(_engine(request)) as fresh:
        event = service.get_event(fresh, event_id)
        return _table_page(
            request,
            fresh,
            event,
            number,
            table,
            status=status,
            message=message,
            preview=None,
            form=form,
        )


@router.post("/{event_id}/sessions/{number}/tables/{table}", response_class=HTMLResponse)
async def table_enter(event_id: int, number: int, table: int, request: Request, db: Db) -> Response:
    """Preview or save a table's totals or sheet; 400 on bad input, 409 on a stale version."""
    user, form, event = await _posted(request, db, event_id, "referee", "organiser")
    hands = totals = None
    try:
        if form.get("mode") == "hands":
            hands = [
                json.loads(line) for line in form.get("sheet", "").splitlines() if line.strip()
            ]
        else:
            totals = {
                w: _integer(form[w], f"{w} ({_WIND_NAMES[w]})")
                for w in WIND_LETTERS
                if form.get(w, "").strip()
            }
            if form.get("table_sticks", "").strip():
                totals["table"] = _integer(form["table_sticks"], "table sticks / bastoncini")
        version = _integer(form["version"], "version") if form.get("version") else None
        out = service.enter_results(
            db,
            event,
            number,
            table,
            hands=hands,
            totals=totals,
            expected_version=version,
            dry_run=form.get("action") == "preview",
            actor=user["name"],
        )
    except service.ConflictError as exc:
        return _table_error(
            request, db, (event_id, number, table), status=409, message=str(exc), form=form
        )
    except (json.JSONDecodeError, ValueError, KeyError, TypeError, MahjongError) as exc:
        msg = f"invalid JSON: {exc.msg}" if isinstance(exc, json.JSONDecodeError) else str(exc)
        return _table_error(
            request, db, (event_id, number, table), status=400, message=msg, form=form
        )
    if not out["saved"]:
        return _table_page(request, db, event, number, table, message=None, preview=out, form=form)
    return _table_page(
        request, db, event, number, table, message="salvato / saved", preview=None, form={}
    )


_WIND_NAMES = {"E": "Est / East", "S": "Sud / South", "W": "Ovest / West", "N": "Nord / North"}


def _integer(text: str, what: str) -> int:
    """A whole number typed in a form; the error names the field and what it expects.

    Raises:
        ValueError: ``"E (Est / East): expected a whole number (such as -120), got '120.5'"``.
    """
    value = text.strip()
    if value.lstrip("+-").isdigit():
        return int(value)
    raise ValueError(
        f"{what}: expected a whole number (such as -120) / un numero intero, got {value!r}"
    )


@router.post("/{event_id}/penalties", response_class=HTMLResponse)
async def penalty(event_id: int, request: Request, db: Db) -> Response:
    """A referee's point penalty."""
    user, form, event = await _posted(request, db, event_id, "referee", "organiser")
    try:
        amount = _integer(form["amount"], "amount / punti") if form.get("amount") else None
        service.add_penalty(
            db,
            event,
            _integer(form.get("player", "0"), "player / giocatore"),
            amount,
            form.get("reason", ""),
            session_number=(
                _integer(form["session"], "session / turno") if form.get("session") else None
            ),
            kind=form.get("kind", "referee"),
            referee=user["name"],
            actor=user["name"],
        )
    except (ValueError, MahjongError) as exc:
        return _page(request, "t_error.html", status=400, message=str(exc))
    return RedirectResponse(
        str(request.url_for("standings_page", event_id=event_id)), status_code=303
    )
