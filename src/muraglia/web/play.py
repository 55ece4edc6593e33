"""Play against bots (``/play``): new game form, the table, actions, settlement, records.

The game's id in its URL is an unguessable token; whoever holds the URL plays the human
seat. Every action is stored before the page answers (see :mod:`muraglia.web.games`).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Form, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from muraglia.cli._common import INPUT_ERRORS, error_message
from muraglia.engine import flow_for
from muraglia.engine.actions import Action, PassTiles
from muraglia.engine.events import (
    Acted,
    DealEnded,
    DealStarted,
    MatchEnded,
    RiichiAccepted,
    Settled,
    Won,
)
from muraglia.errors import MahjongError
from muraglia.io.mjai import mjai_of
from muraglia.io.mjlog import to_mjlog
from muraglia.io.record import dumps, record_of
from muraglia.io.tenhou6 import to_tenhou6
from muraglia.notation import parse_tiles
from muraglia.players import BOT_NAMES, BOTS, DEFAULT_BOT
from muraglia.rulesets import load_ruleset, parse_spec
from muraglia.rulesets.base import SEAT_LETTERS
from muraglia.web.forms import WINDS
from muraglia.web.games import HUMAN, GameSession, SessionCache, new_session
from muraglia.web.i18n import translate
from muraglia.web.narrate import event_line
from muraglia.web.pages import RULESETS, lang_of, render
from muraglia.web.table_view import order_actions, settlement_shown, table_context, term_name

__all__ = ["RECORD_FORMATS", "record_download", "router", "seat_context"]

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
        "bots": [(b, BOT_NAMES.get(b, {}).get(lang, b)) for b in BOTS],
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
    except INPUT_ERRORS as exc:
        return play_new(request, error=error_message(exc))
    return RedirectResponse(f"/play/{session.id}", status_code=303)


def _you(lang: str) -> str:
    """How the human's seat is named on its own table."""
    return translate(lang, "you")


def _names(session: GameSession, lang: str) -> list[str]:
    """The seats' names: the human, and bots by kind (numbered by seat when a kind repeats)."""
    you = _you(lang)
    seats = session.seats
    return [
        you if who == HUMAN else f"bot {who}" + (f" {s + 1}" if seats.count(who) > 1 else "")
        for s, who in enumerate(seats)
    ]


def _scored_hands(letters: list[str], ended: DealEnded | None, settlement: Any) -> list[str]:
    """The final hands the settlement scored; hands nobody scored stay hidden.

    Every hand in FIMJ/Ravenna, the winners' in riichi; each named by its wind in the deal.
    """
    if ended is None or settlement is None or not letters:
        return []
    scored = set(settlement.values) | {letters[w] for w in ended.winners}
    return [f"{letters[s]}: {h}" for s, h in enumerate(ended.hands) if letters[s] in scored]


def _deal_end(session: GameSession, lang: str) -> dict[str, Any] | None:
    """The settlement panel of the deal just finished.

    Every seat is named by its wind *in that deal* (the table above shows the next deal's).
    """
    if not session.deal_over and not session.match.over:
        return None
    settlement = session.match.last_settlement
    events = session.match.events
    end_at = max((i for i, e in enumerate(events) if isinstance(e, DealEnded)), default=None)
    ended = started = None
    wins = []
    stakes: dict[int, int] = {}
    if end_at is not None:
        found = events[end_at]
        assert isinstance(found, DealEnded)
        ended = found
        for e in reversed(events[:end_at]):
            if isinstance(e, Won):
                wins.append(e)
            elif isinstance(e, RiichiAccepted):
                stakes[e.seat] = stakes.get(e.seat, 0) + e.stake
            elif isinstance(e, DealStarted):
                started = e
                break
    flow = session.match.flow
    letters = (
        [SEAT_LETTERS[flow.seat_wind_of(started.dealer, s)] for s in range(len(ended.hands))]
        if ended is not None and started is not None
        else []
    )
    return {
        "settlement": (
            settlement_shown(settlement, {letters[s]: n for s, n in stakes.items()})
            if settlement is not None
            else None
        ),
        "lines": (settlement.explanation.get(lang) or settlement.explanation.get("en", ()))
        if settlement is not None
        else (),
        "reason": term_name(session.match.flow.ruleset.id, ended.reason, lang) if ended else "",
        "hands": _scored_hands(letters, ended, settlement),
        "wins": [
            {
                "seat": w.seat,
                "wind": letters[w.seat] if letters else "",
                "hand": w.hand,
                "value": w.value,
                "patterns": [it if lang == "it" else en for _, it, en in w.patterns],
            }
            for w in reversed(wins)
        ],
        "over": session.match.over,
        "final": _final(session) if session.match.over else None,
    }


def _final(session: GameSession) -> dict[str, list[int]] | None:
    """At the match's end: the scores after the last deal and at the end (uma, sticks left)."""
    events = session.match.events
    ended = next((e for e in reversed(events) if isinstance(e, MatchEnded)), None)
    settled = next((e for e in reversed(events) if isinstance(e, Settled)), None)
    if ended is None or settled is None:
        return None
    return {"after": list(settled.scores), "end": list(ended.scores)}


_PUBLIC_ACTIONS = frozenset({"discard", "win", "pung", "kong", "chow", "concealed_kong",
                             "added_kong", "declare", "no_discard", "penalise"})  # fmt: skip
"""Actions everybody at the table sees (a pass, or the Charleston's tiles, are not)."""
_PUBLIC_EVENTS = frozenset({"called", "kong_made", "riichi", "won", "deal_ended", "deal_started",
                            "bonus_exposed"})  # fmt: skip


def _narrate(
    session: GameSession, seat: int, names: list[str], lang: str, limit: int = 14
) -> list[str]:
    """The last public moves (and the seat's own), told in ``lang`` (:mod:`.narrate`).

    The human is told of in the third person, as every seat ("Giocatore 2 (tu) scarta",
    "Player 2 (you) discards"): the sentences' verbs agree with a name, not with "you".
    """
    if names[seat] == _you(lang):
        names = [*names]
        names[seat] = f"{translate(lang, 'player')} {seat + 1} ({_you(lang)})"
    out = []
    for e in session.match.events[-80:]:
        if isinstance(e, Acted):
            if e.action.kind not in _PUBLIC_ACTIONS and e.action.seat != seat:
                continue
            if e.action.kind == "pass":
                continue
        elif e.kind not in _PUBLIC_EVENTS:
            continue
        out.append(event_line(e, session.rules, lang, names, seat))
    return out[-limit:]


def seat_context(session: GameSession, seat: int, names: list[str], lang: str) -> dict[str, Any]:
    """What the table partial draws for ``seat``: only that seat's view and legal actions."""
    view = session.view(seat)
    match = session.match
    stake = 0 if match.over else match.flow.table.riichi_stake
    context = table_context(view, session.legal(seat), names, lang, stake=stake)
    context.update(
        rules=session.rules,
        end=_deal_end(session, lang),
        log=_narrate(session, seat, names, lang),
        actions_done=len(session.actions),
        deals_played=session.match.deals_played,
        riichi=session.rules.startswith("riichi"),
    )
    return context


@router.get("/play/{game_id}", response_class=HTMLResponse)
def play_table(request: Request, game_id: str) -> HTMLResponse:
    """The table seen from the human seat."""
    lang = lang_of(request)
    session = _get(request, game_id)
    with session.lock:
        context = seat_context(session, session.humans[0], _names(session, lang), lang)
    context.update(
        act_url=f"/play/{game_id}/act",
        continue_url=f"/play/{game_id}/continue",
        record_url=f"/play/{game_id}/record",
    )
    return render(request, "play.html", lang, context)


@router.post("/play/{game_id}/act", response_model=None)
def play_act(
    request: Request,
    game_id: str,
    a: str = Form(""),
    n: str = Form(""),
    tiles: str = Form(""),
) -> Response:
    """Apply the human's choice ``a`` (index into the ordered legal actions) at step ``n``.

    ``n`` (the page's step) is required: without it nobody can tell a stale page (400).
    """
    session = _get(request, game_id)
    try:
        step = _whole(n, "the step number 'n'")
        choice = _whole(a, "the action number 'a'")
    except ValueError as exc:
        raise HTTPException(400, str(exc)) from None
    if step is None:
        raise HTTPException(400, "the step number 'n' is missing (the page's hidden field)")
    with session.lock:
        if step != len(session.actions):  # a stale page (double click, other tab): redraw
            return RedirectResponse(f"/play/{game_id}", status_code=303)
        seat = session.humans[0]
        legal = order_actions(session.legal(seat))
        if tiles.strip():  # the Charleston: four tiles named
            try:
                kinds = tuple(sorted(p.kind for p in parse_tiles(tiles)))
            except INPUT_ERRORS as exc:
                raise HTTPException(400, error_message(exc)) from None
            match = [x for x in legal if isinstance(x, PassTiles) and tuple(x.tiles) == kinds]
            if not match:
                raise HTTPException(400, f"{tiles!r} is not four tiles you may pass")
            action: Action = match[0]
        elif choice is not None and 0 <= choice < len(legal):
            action = legal[choice]
        elif choice is None:
            raise HTTPException(400, "choose an action: 'a' (its number) or 'tiles' is missing")
        else:
            raise HTTPException(400, f"no action number {choice} now")
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


RECORD_FORMATS = ("muraglia", "mjai", "tenhou6", "mjlog")
"""Formats of a game's record download: ours (JSON Lines, ``muraglia replay``), the mjai event
stream, tenhou.net/6 JSON (Tenhou's log viewer) and Tenhou mjlog XML (riichi only, like mjai)."""


def record_download(session: GameSession, fmt: str, stem: str) -> Response:
    """The record of ``session`` as a download named ``stem`` plus the format's ending.

    Raises:
        HTTPException: 400 for an unknown format, or mjai/tenhou6/mjlog of a game that is not
            riichi (the exporter's message).
    """
    match = session.match
    if fmt == "mjai":
        if not session.rules.startswith("riichi"):
            raise HTTPException(400, f"mjai export needs a riichi game, not {session.rules!r}")
        stream = mjai_of(match)  # what `muraglia replay --mjai` prints; parse_mjai reads it back
        stream[0]["names"] = list(session.seats)
        body = "\n".join(json.dumps(m, ensure_ascii=False) for m in stream) + "\n"
        return _attachment(body, "application/x-ndjson", f"{stem}.mjai.jsonl")
    if fmt == "tenhou6":
        try:
            game = to_tenhou6(record_of(match), title=stem)
        except MahjongError as exc:
            raise HTTPException(400, str(exc)) from None
        body = json.dumps(game, ensure_ascii=False)
        return _attachment(body, "application/json", f"{stem}.tenhou6.json")
    if fmt == "mjlog":
        try:
            text = to_mjlog(record_of(match), names=session.seats)
        except MahjongError as exc:
            raise HTTPException(400, str(exc)) from None
        return _attachment(text, "application/xml", f"{stem}.mjlog")
    if fmt == "muraglia":
        return _attachment(dumps(match), "application/x-ndjson", f"{stem}.jsonl")
    raise HTTPException(400, f"unknown record format {fmt!r}; known: {', '.join(RECORD_FORMATS)}")


def _attachment(body: str, media_type: str, name: str) -> Response:
    return Response(
        body,
        media_type=media_type,
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.get("/play/{game_id}/record")
def play_record(
    request: Request, game_id: str, fmt: str = Query("muraglia", alias="format")
) -> Response:
    """The game record: ``muraglia`` (for muraglia replay), ``mjai``, ``tenhou6``, ``mjlog``."""
    session = _get(request, game_id)
    with session.lock:
        return record_download(session, fmt, f"muraglia-{game_id}")
