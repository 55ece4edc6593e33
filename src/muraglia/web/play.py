"""Play against bots (``/play``): new game form, the table, actions, settlement, records.

The game's id in its URL is an unguessable token; whoever holds the URL plays the human
seat. Every action is stored before the page answers (see :mod:`muraglia.web.games`).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Form, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from muraglia.cli._common import BAD_INPUT, error_message
from muraglia.engine import flow_for
from muraglia.engine.actions import Action, PassTiles
from muraglia.engine.events import DealEnded, Won
from muraglia.engine.mjai import to_mjai
from muraglia.engine.record import dumps
from muraglia.notation import parse_tiles
from muraglia.players import BOTS, DEFAULT_BOT
from muraglia.rulesets import load_ruleset, parse_spec
from muraglia.web.forms import WINDS
from muraglia.web.games import HUMAN, GameSession, SessionCache, new_session
from muraglia.web.pages import RULESETS, lang_of, render
from muraglia.web.table_view import order_actions, table_context

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


def _sessions(request: Request) -> SessionCache:
    cache: SessionCache = request.app.state.sessions
    return cache


def _get(request: Request, game_id: str) -> GameSession:
    session = _sessions(request).get(game_id)
    if session is None or session.kind != "play":
        raise HTTPException(404, f"no game {game_id!r}")
    return session


@router.get("/play", response_class=HTMLResponse)
def play_new(request: Request, error: str | None = None) -> HTMLResponse:
    """The new-game form."""
    lang = lang_of(request)
    context = {
        "rulesets": RULESETS,
        "bots": list(BOTS),
        "default_bot": DEFAULT_BOT,
        "winds": WINDS,
        "error": error,
    }
    return render(request, "play_new.html", lang, context)


def _whole(text: str, what: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit():
        raise ValueError(f"{what} must be a whole number, got {text!r}")
    return int(text)


@router.post("/play", response_model=None)
async def play_create(request: Request) -> Response:
    """Create a game (form: rules, options, seat, bot0-bot3, deals, seed) and go to its table."""
    form = await request.form()

    def field(name: str, default: str = "") -> str:
        value = form.get(name, default)
        return value if isinstance(value, str) else default

    try:
        rid, _ = parse_spec(field("rules", "riichi-ema"))
        options = field("options").strip()
        spec = f"{rid}({options})" if options else rid
        max_deals = _whole(field("deals"), "the number of deals")
        if max_deals is not None and max_deals < 1:
            raise ValueError("the number of deals must be at least 1")
        seat = _whole(field("seat", "0"), "the seat") or 0
        players = flow_for(load_ruleset(spec)).players
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not one of 0-{players - 1}")
        seats = [HUMAN if s == seat else field(f"bot{s}", DEFAULT_BOT) for s in range(players)]
        session = new_session(
            spec, seats, seed=_whole(field("seed"), "the seed"), max_deals=max_deals
        )
        session.advance()
        _sessions(request).add(session)
    except BAD_INPUT as exc:
        return play_new(request, error=error_message(exc))
    return RedirectResponse(f"/play/{session.id}", status_code=303)


def _names(session: GameSession, lang: str) -> list[str]:
    you = "tu" if lang == "it" else "you"
    return [you if who == HUMAN else f"bot {who}" for who in session.seats]


def _deal_end(session: GameSession, lang: str) -> dict[str, Any] | None:
    if not session.deal_over and not session.match.over:
        return None
    settlement = session.match.last_settlement
    events = session.match.events
    ended = next((e for e in reversed(events) if isinstance(e, DealEnded)), None)
    wins = []
    if ended is not None:
        start = max(i for i, e in enumerate(events) if e is ended)
        for e in reversed(events[:start]):
            if isinstance(e, Won):
                wins.append(e)
            elif e.kind == "deal_started":
                break
    return {
        "settlement": settlement.to_dict() if settlement is not None else None,
        "lines": (settlement.explanation.get(lang) or settlement.explanation.get("en", ()))
        if settlement is not None
        else (),
        "reason": ended.reason if ended else "",
        "hands": list(ended.hands) if ended else [],
        "wins": [
            {
                "seat": w.seat,
                "hand": w.hand,
                "value": w.value,
                "patterns": [it if lang == "it" else en for _, it, en in w.patterns],
            }
            for w in reversed(wins)
        ],
        "over": session.match.over,
    }


def _narrate(session: GameSession, lang: str, limit: int = 14) -> list[str]:
    out = []
    for e in session.match.events[-60:]:
        if e.kind in ("acted", "called", "kong_made", "riichi", "won", "deal_ended",
                      "deal_started", "bonus_exposed"):  # fmt: skip
            line = e.line()
            if e.kind == "acted" and line.split()[1] == "pass":
                continue
            out.append(line)
    return out[-limit:]


@router.get("/play/{game_id}", response_class=HTMLResponse)
def play_table(request: Request, game_id: str) -> HTMLResponse:
    """The table seen from the human seat."""
    lang = lang_of(request)
    session = _get(request, game_id)
    with session.lock:
        seat = session.humans[0]
        view = session.view(seat)
        context = table_context(view, session.legal(seat), _names(session, lang), lang)
        context.update(
            game=session,
            rules=session.rules,
            end=_deal_end(session, lang),
            log=_narrate(session, lang),
            actions_done=len(session.actions),
            deals_played=session.match.deals_played,
            riichi=session.rules.startswith("riichi"),
        )
    return render(request, "play.html", lang, context)


@router.post("/play/{game_id}/act", response_model=None)
def play_act(
    request: Request,
    game_id: str,
    a: int = Form(-1),
    n: int = Form(-1),
    tiles: str = Form(""),
) -> Response:
    """Apply the human's choice ``a`` (index into the ordered legal actions) at step ``n``."""
    session = _get(request, game_id)
    with session.lock:
        if n != len(session.actions):  # a stale page (double click, other tab): just redraw
            return RedirectResponse(f"/play/{game_id}", status_code=303)
        seat = session.humans[0]
        legal = order_actions(session.legal(seat))
        if tiles.strip():  # the Charleston: four tiles named
            try:
                kinds = tuple(sorted(p.kind for p in parse_tiles(tiles)))
            except BAD_INPUT as exc:
                raise HTTPException(400, error_message(exc)) from None
            match = [x for x in legal if isinstance(x, PassTiles) and tuple(x.tiles) == kinds]
            if not match:
                raise HTTPException(400, f"{tiles!r} is not four tiles you may pass")
            action: Action = match[0]
        elif 0 <= a < len(legal):
            action = legal[a]
        else:
            raise HTTPException(400, f"no action number {a} now")
        session.act(seat, action)
        _sessions(request).store.save(session)
    return RedirectResponse(f"/play/{game_id}", status_code=303)


@router.post("/play/{game_id}/continue", response_model=None)
def play_continue(request: Request, game_id: str) -> Response:
    """The settlement was seen: play on."""
    session = _get(request, game_id)
    with session.lock:
        session.acknowledge()
        _sessions(request).store.save(session)
    return RedirectResponse(f"/play/{game_id}", status_code=303)


@router.get("/play/{game_id}/record")
def play_record(
    request: Request, game_id: str, fmt: str = Query("muraglia", alias="format")
) -> Response:
    """The game record: ``muraglia`` (JSON Lines, for muraglia replay) or ``mjai``."""
    session = _get(request, game_id)
    with session.lock:
        if fmt == "mjai":
            names = [who for who in session.seats]
            stream = to_mjai(session.match.events, names=names, counters=session.match.counters)
            body = "\n".join(json.dumps(m, ensure_ascii=False) for m in stream) + "\n"
            name = f"muraglia-{game_id}.mjai.jsonl"
        elif fmt == "muraglia":
            body = dumps(session.match)
            name = f"muraglia-{game_id}.jsonl"
        else:
            raise HTTPException(400, f"unknown record format {fmt!r}; known: muraglia, mjai")
    return Response(
        body,
        media_type="application/x-ndjson",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
