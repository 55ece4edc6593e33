"""The replay viewer (``/replay``) and its review layer.

A record of any format :mod:`muraglia.io.stepper` reads (ours, Tenhou mjlog XML, tenhou.net/6
JSON, mjai) is uploaded or pasted, stored (``web_replay``, so that its link survives a restart)
and stepped through the live engine; the page shows one frame at a time: all hands or one
seat's view, each seat's shanten and waits, scores, and at each deal's end the engine's own
settlement. Nothing is recomputed here.

The review layer: at each decision of a chosen seat where it held its tiles and discarded (or
declared), what a bot of :data:`~muraglia.players.BOTS` would have done in that seat's
:class:`~muraglia.engine.views.PlayerView`, and the analysis of the hand
(:func:`~muraglia.analysis.report.analyze`, unseen copies from the view): the shanten and the
useful tiles (ukeire) left by the discard played against the best discard's; the decisions
are ranked by that cost (shanten first, then ukeire).
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from muraglia.analysis.report import analyze
from muraglia.engine.actions import Action, Discard
from muraglia.engine.match import MatchState
from muraglia.engine.views import PlayerView
from muraglia.errors import MahjongError
from muraglia.hand import Hand
from muraglia.io.stepper import DealSteps, Steps, read_record, step
from muraglia.players import BOTS, DEFAULT_BOT, Table, make_bot
from muraglia.players.base import meld_kinds
from muraglia.rulesets.base import SEAT_LETTERS, wind_letter
from muraglia.tiles import PhysicalTile
from muraglia.web.i18n import translate
from muraglia.web.models import WebReplay
from muraglia.web.pages import lang_of, render, render_fragment
from muraglia.web.table_view import (
    action_label,
    discard_notations,
    meld_tiles,
    own_tiles,
)

__all__ = ["REPLAY_BODY", "Decision", "ReplayStore", "review", "router"]

router = APIRouter(include_in_schema=False)
api_router = APIRouter()

REPLAY_BODY = 4 * 1024 * 1024
"""Largest upload to ``/replay`` and ``/api/replay`` (a whole game in any format is far less)."""


# ---------------------------------------------------------------------------- the review


@dataclass(frozen=True)
class Decision:
    """One reviewed decision of the seat: what was played, what the bot would play, the cost."""

    frame: int
    """The frame showing the table at the decision."""
    view: PlayerView
    """The seat's view then."""
    played: Action
    bot: Action
    shanten: int
    """Shanten left by the action played (the hand's own when it was not a discard)."""
    ukeire: int
    """Unseen useful copies left by it."""
    best_shanten: int
    best_ukeire: int
    best: tuple[str, ...]
    """The discards leaving the least shanten and then the most useful copies."""

    @property
    def cost(self) -> tuple[int, int]:
        """(shanten lost, useful copies lost) against the best discard."""
        return (self.shanten - self.best_shanten, self.best_ukeire - self.ukeire)

    @property
    def agrees(self) -> bool:
        """The bot would have done the same."""
        return self.bot == self.played


def _visible(view: PlayerView) -> list[int]:
    """Copies of each kind seen outside the seat's own tiles (discards, others' melds, dora)."""
    visible = list(Table.of(view).visible)
    for notation in view.melds[view.seat]:
        for k in meld_kinds(notation):
            visible[k] = max(visible[k] - 1, 0)
    return visible


def review(opened: Any, seat: int, bot_name: str) -> tuple[Steps, list[Decision]]:
    """Step ``opened`` and review ``seat``'s discard decisions with bot ``bot_name``.

    Raises:
        MahjongError: an unknown bot, a seat that is not at the table, or the record's error.
    """
    if bot_name not in BOTS:
        raise MahjongError(f"unknown bot {bot_name!r}; known bots: {', '.join(BOTS)}")
    if not 0 <= seat < len(SEAT_LETTERS):
        raise MahjongError(f"seat {seat} is not one of 0-{len(SEAT_LETTERS) - 1}")
    bots: dict[int, Any] = {}
    decisions: list[Decision] = []

    def decide(match: MatchState, action: Action, frame: int) -> None:
        if action.seat != seat or match.over:
            return
        legal = match.legal_actions(seat)
        if not any(isinstance(a, Discard) for a in legal):
            return  # a claim window, not a decision on the seat's own tiles
        bot = bots.get(id(match))
        if bot is None:  # one bot per replayed match (a Tenhou log restarts at a mismatch)
            bot = bots[id(match)] = make_bot(bot_name, match.flow.ruleset, seed=0)
        view = match.view(seat)
        choice = bot.choose(view, legal)
        deal = match.deal
        hand = Hand(tuple(PhysicalTile(t) for t in view.hand), tuple(deal.melds[seat]))
        report = analyze(hand, match.flow.ruleset.shapes, visible=_visible(view))
        options = {o.tile: o for o in report.discards}
        best = report.discards[0]
        mine = options.get(action.tile) if isinstance(action, Discard) else None
        # a win, a kong, a declaration: no discard to weigh, no cost
        shanten, ukeire = (mine.shanten, mine.ukeire) if mine else (best.shanten, best.ukeire)
        ties = tuple(
            o.tile.notation
            for o in report.discards
            if (o.shanten, o.ukeire) == (best.shanten, best.ukeire)
        )
        decisions.append(
            Decision(frame, view, action, choice, shanten, ukeire, best.shanten, best.ukeire, ties)
        )

    steps = step(opened, decide)
    return steps, decisions


def ranked(decisions: list[Decision]) -> list[Decision]:
    """The decisions that cost something, costliest first (shanten, then useful copies)."""
    costly = [d for d in decisions if d.cost > (0, 0)]
    return sorted(costly, key=lambda d: (-d.cost[0], -d.cost[1], d.frame))


# ---------------------------------------------------------------------------- storage


class ReplayStore:
    """Opened records in the database, their stepped form in a small cache."""

    def __init__(self, engine: Engine, size: int = 8) -> None:
        self.engine = engine
        self.size = size
        self.lock = threading.Lock()
        self._steps: OrderedDict[tuple[Any, ...], Any] = OrderedDict()

    def create(self, name: str, text: str) -> tuple[str, Steps]:
        """Store a record that steps through the engine; its id and steps.

        Raises:
            MahjongError: the record cannot be read or replayed (the message names it).
        """
        opened = read_record(text, name)
        steps = step(opened)
        if not steps.frames:
            raise MahjongError(f"{name}: no deal to show")
        rid = secrets.token_urlsafe(16)
        with Session(self.engine) as db, db.begin():
            db.add(WebReplay(id=rid, name=name[:200], text=text))
        self._remember(("steps", rid), steps)
        return rid, steps

    def steps(self, rid: str) -> Steps:
        """The stepped record ``rid``.

        Raises:
            HTTPException: 404 when there is no such replay.
        """
        return self._get(("steps", rid), step)  # type: ignore[no-any-return]

    def review(self, rid: str, seat: int, bot: str) -> tuple[Steps, list[Decision]]:
        """The review of ``seat`` in ``rid`` by ``bot`` (cached)."""
        return self._get(  # type: ignore[no-any-return]
            ("review", rid, seat, bot), lambda opened: review(opened, seat, bot)
        )

    def _get(self, key: tuple[Any, ...], build: Any) -> Any:
        with self.lock:
            got = self._steps.get(key)
            if got is not None:
                self._steps.move_to_end(key)
                return got
        with Session(self.engine) as db:
            row = db.get(WebReplay, key[1])
            if row is None:
                raise HTTPException(404, f"no replay {key[1]!r}")
            name, text = row.name, row.text
        value = build(read_record(text, name))
        self._remember(key, value)
        return value

    def _remember(self, key: tuple[Any, ...], value: Any) -> None:
        with self.lock:
            self._steps[key] = value
            self._steps.move_to_end(key)
            while len(self._steps) > self.size:
                self._steps.popitem(last=False)


def _store(request: Request) -> ReplayStore:
    store: ReplayStore = request.app.state.replays
    return store


# ---------------------------------------------------------------------------- pages


def _names(steps: Steps, lang: str) -> list[str]:
    given = steps.opened.players
    seat = translate(lang, "seat")
    return [given[s] if s < len(given) and given[s] else f"{seat} {s}" for s in range(4)]


def _end(steps: Steps, deal: DealSteps, lang: str) -> dict[str, Any]:
    """The settlement panel's data, the engine's settlement as it was computed."""
    s = deal.settlement
    return {
        "settlement": s.to_dict() if s is not None else None,
        "lines": (s.explanation.get(lang) or s.explanation.get("en", ())) if s else (),
        "reason": deal.reason,
        "hands": [f"{SEAT_LETTERS[i]}: {h}" for i, h in enumerate(deal.hands)],
        "wins": [
            {
                "seat": w.seat,
                "hand": w.hand,
                "value": w.value,
                "patterns": [it if lang == "it" else en for _, it, en in w.patterns],
            }
            for w in deal.wins
        ],
        "over": steps.final is not None and deal is steps.deals[-1],
    }


def frame_context(
    steps: Steps,
    index: int,
    seat: int | None,
    lang: str,
    decisions: list[Decision] | None = None,
) -> dict[str, Any]:
    """Everything the frame partial draws: frame ``index`` seen by ``seat`` (None: all)."""
    frames = steps.frames
    index = max(0, min(index, len(frames) - 1))
    frame = frames[index]
    deal = steps.deals[frame.deal]
    names = _names(steps, lang)
    top = frame.views[0]
    scores = deal.scores if frame.end and deal.scores else top.scores  # settled, before uma
    players = len(frame.views)
    order = [(seat + k) % players for k in range(players)] if seat is not None else range(players)
    seats = []
    for s in order:
        view = frame.views[s]
        shown = seat is None or seat == s
        drawn = view.drawn if view.drawn is not None and view.drawn in view.hand else None
        hand = own_tiles(view) if shown else []
        drawn_n = None
        if shown and drawn is not None:
            drawn_n = f"0{drawn.notation[1]}" if view.red_drawn else drawn.notation
        sh = frame.shanten[s]
        seats.append(
            {
                "seat": s,
                "wind": wind_letter(top.seat_winds[s]) if top.seat_winds else "ESWN"[s],
                "name": names[s],
                "score": scores[s],
                "dealer": s == top.dealer,
                "riichi": top.riichi[s] if top.riichi else False,
                "to_act": s in top.to_act,
                "status": top.status[s] if top.status else "",
                "melds": [meld_tiles(m) for m in top.melds[s]],
                "bonus": [b.notation for b in top.bonus[s]],
                "discards": discard_notations(top, s),
                "hand": hand,
                "drawn": drawn_n,
                "hand_size": top.hand_sizes[s],
                "shown": shown,
                "shanten": sh if shown else None,
                "waits": [t.notation for t in frame.waits[s]] if shown else [],
            }
        )
    reds = set(top.red_indicators)
    here = [d for d in decisions or () if d.frame == index]
    starts = [d.first for d in steps.deals]
    return {
        "index": index,
        "count": len(frames),
        "frame": frame,
        "deal": deal,
        "deal_index": frame.deal,
        "deals": steps.deals,
        "prev_deal": starts[frame.deal - 1] if frame.deal > 0 else (0 if index else None),
        "next_deal": starts[frame.deal + 1] if frame.deal + 1 < len(starts) else None,
        "seats": seats,
        "seat": seat,
        "names": names,
        "indicators": [
            f"0{t.notation[1]}" if i in reds else t.notation for i, t in enumerate(top.indicators)
        ],
        "live": top.live_count,
        "dead": top.dead_count,
        "round_wind": wind_letter(top.round_wind),
        "pot": top.pot,
        "lines": frame.lines,
        "end": _end(steps, deal, lang) if frame.end else None,
        "final": steps.final if index == len(frames) - 1 else None,
        "problems": deal.problems,
        "here": [_decision_row(d, lang) for d in here],
    }


def _decision_row(d: Decision, lang: str) -> dict[str, Any]:
    return {
        "frame": d.frame,
        "played": action_label(d.played, d.view, lang),
        "bot": action_label(d.bot, d.view, lang),
        "agrees": d.agrees,
        "shanten": d.shanten,
        "ukeire": d.ukeire,
        "best_shanten": d.best_shanten,
        "best_ukeire": d.best_ukeire,
        "best": list(d.best),
        "cost": d.cost,
    }


def _seat_param(value: str) -> int | None:
    if value in ("", "all"):
        return None
    if value in ("0", "1", "2", "3"):
        return int(value)
    raise HTTPException(400, f"seat {value!r} is not one of all, 0, 1, 2, 3")


def _review_of(
    request: Request, rid: str, review_seat: str, bot: str
) -> tuple[Steps, list[Decision] | None]:
    store = _store(request)
    if review_seat in ("", "none"):
        return store.steps(rid), None
    seat = _seat_param(review_seat)
    if seat is None:
        raise HTTPException(400, "review: choose one seat")
    try:
        return store.review(rid, seat, bot)
    except MahjongError as exc:
        raise HTTPException(400, str(exc)) from None


@router.get("/replay", response_class=HTMLResponse)
def replay_new(request: Request, error: str | None = None, text: str = "") -> HTMLResponse:
    """The form: upload a record or paste it."""
    lang = lang_of(request)
    response = render(request, "replay_new.html", lang, {"error": error, "text": text})
    if error:
        response.status_code = 400
    return response


def _decode(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MahjongError(f"{name}: not UTF-8 text (byte {exc.start})") from None


@router.post("/replay", response_model=None)
async def replay_open(request: Request) -> Response:
    """Open a record (form: ``file`` upload or ``text`` pasted) and go to its first frame."""
    form = await request.form()
    upload = form.get("file")
    pasted = form.get("text")
    text = pasted if isinstance(pasted, str) else ""
    try:
        if upload is not None and not isinstance(upload, str) and upload.filename:
            name = upload.filename
            text = _decode(await upload.read(REPLAY_BODY + 1), name)
        elif text.strip():
            name = "pasted"
        else:
            raise MahjongError("choose a record file or paste a record")
        rid, _ = _store(request).create(name, text)
    except (MahjongError, ValueError, KeyError, TypeError, IndexError) as exc:
        return replay_new(request, error=str(exc), text=text if len(text) < 200_000 else "")
    return RedirectResponse(f"/replay/{rid}", status_code=303)


@router.get("/replay/{rid}", response_class=HTMLResponse)
def replay_page(
    request: Request,
    rid: str,
    *,
    n: int = Query(0, alias="step"),
    seat: str = "all",
    review_seat: str = Query("none", alias="review"),
    bot: str = DEFAULT_BOT,
) -> HTMLResponse:
    """The viewer at frame ``step`` (all hands, or ``seat``'s view), with an optional review."""
    lang = lang_of(request)
    steps, decisions = _review_of(request, rid, review_seat, bot)
    context = frame_context(steps, n, _seat_param(seat), lang, decisions)
    context.update(
        rid=rid,
        opened=steps.opened,
        rules=steps.rules,
        record_problems=steps.problems,
        bots=list(BOTS),
        bot=bot,
        review_seat=review_seat,
        seat_param=seat,
        review=[_decision_row(d, lang) for d in ranked(decisions)] if decisions else None,
        reviewed=len(decisions) if decisions is not None else 0,
    )
    return render(request, "replay.html", lang, context)


@router.get("/replay/{rid}/frame", response_class=HTMLResponse)
def replay_frame(
    request: Request,
    rid: str,
    *,
    n: int = Query(0, alias="step"),
    seat: str = "all",
    review_seat: str = Query("none", alias="review"),
    bot: str = DEFAULT_BOT,
) -> HTMLResponse:
    """The frame partial alone (the page's script swaps it in when stepping)."""
    lang = lang_of(request)
    steps, decisions = _review_of(request, rid, review_seat, bot)
    context = frame_context(steps, n, _seat_param(seat), lang, decisions)
    context.update(rid=rid, seat_param=seat, review_seat=review_seat, bot=bot)
    return HTMLResponse(render_fragment("_replay_frame.html", lang, context))


# ---------------------------------------------------------------------------- the API


def deals_json(steps: Steps) -> dict[str, Any]:
    """The JSON answer of ``POST /api/replay``: every deal as the engine settled it."""
    return {
        "ok": True,
        "record": steps.opened.name,
        "format": steps.opened.format,
        "rules": steps.rules,
        "players": list(steps.opened.players),
        "frames": len(steps.frames),
        "deals": [
            {
                "name": d.name,
                "reason": d.reason,
                "wins": [w.to_dict() for w in d.wins],
                "settlement": d.settlement.to_dict() if d.settlement else None,
                "scores": list(d.scores),
                "problems": list(d.problems),
            }
            for d in steps.deals
        ],
        "final": list(steps.final) if steps.final is not None else None,
        "problems": list(steps.problems),
    }


@api_router.post("/api/replay", tags=["replay"])
async def api_replay(request: Request, name: str = "record") -> JSONResponse:
    """Replay a record sent as the body (ours, mjlog XML, tenhou.net/6 JSON or mjai).

    Every deal through the live engine: its ending, winners and settlement, the scores after
    it, and where the engine did not reproduce the record; 400 with the reader's message
    for a body that is not a record.
    """
    body = await request.body()
    try:
        steps = step(read_record(_decode(body, name), name))
    except (MahjongError, ValueError, KeyError, TypeError, IndexError) as exc:
        return JSONResponse({"ok": False, "error": str(exc)}, status_code=400)
    return JSONResponse(deals_json(steps))
