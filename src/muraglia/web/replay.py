"""The replay viewer (``/replay``) and its review layer.

A record of any format :mod:`muraglia.io.stepper` reads (ours, Tenhou mjlog XML, tenhou.net/6
JSON, mjai) is uploaded or pasted, stored (``web_replay``, so that its link survives a restart)
and stepped through the live engine; the page shows one frame at a time: all hands or one
seat's view, each seat's shanten and waits, scores, and at each deal's end the engine's own
settlement. Nothing is recomputed here.

The review layer: at each decision of a chosen seat, what our best bot (the expert) would have
done from that seat's :class:`~muraglia.engine.views.PlayerView` and what the choice cost in
shanten, useful tiles (ukeire) and expected value (:mod:`muraglia.players.review`, the same
review as ``muraglia review``); the costly decisions are ranked, shanten first, then ukeire.
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

from muraglia.engine.actions import Action
from muraglia.engine.events import RiichiAccepted
from muraglia.engine.match import MatchState
from muraglia.errors import MahjongError
from muraglia.io.stepper import DealSteps, OpenedRecord, Steps, read_record, step
from muraglia.players.review import Decision, Reviewer
from muraglia.rulesets.base import SEAT_LETTERS, wind_letter
from muraglia.web.i18n import translate
from muraglia.web.models import WebReplay
from muraglia.web.narrate import event_line
from muraglia.web.pages import lang_of, render, render_fragment
from muraglia.web.table_view import (
    action_label,
    discard_notations,
    flow_of,
    meld_tiles,
    own_tiles,
    settlement_shown,
    staked,
    term_name,
)

__all__ = ["REPLAY_BODY", "ReplayStore", "Reviewed", "ranked", "review", "router"]

router = APIRouter(include_in_schema=False)
api_router = APIRouter()

REPLAY_BODY = 4 * 1024 * 1024
"""Largest upload to ``/replay`` and ``/api/replay`` (a whole game in any format is far less)."""
ECHO_MAX = 200_000
"""A pasted record that does not open is shown again in the form up to this many characters."""


# ---------------------------------------------------------------------------- the review


def review(opened: OpenedRecord, seat: int, seed: int = 0) -> tuple[Steps, list[Reviewed]]:
    """Step ``opened`` and review ``seat``'s decisions (:mod:`muraglia.players.review`).

    Each decision is the one ``muraglia review`` makes, with the frame that shows it.

    Raises:
        MahjongError: a seat that is not at the table, or the record's error.
    """
    if not 0 <= seat < len(SEAT_LETTERS):
        raise MahjongError(f"seat {seat} is not at this table: seats are 0-{len(SEAT_LETTERS) - 1}")
    reviewers: dict[int, Reviewer] = {}
    out: list[Reviewed] = []

    def decide(match: MatchState, action: Action, frame: int) -> None:
        if action.seat != seat or match.over:
            return
        reviewer = reviewers.get(id(match.flow))
        if reviewer is None:  # one per ruleset object (a Tenhou log restarts the match)
            reviewer = reviewers[id(match.flow)] = Reviewer(match.flow.ruleset, seat, seed)
        before = len(reviewer.decisions)
        reviewer.see(match, action)
        if len(reviewer.decisions) > before:
            out.append(Reviewed(frame, reviewer.decisions[-1]))

    steps = step(opened, decide)
    return steps, out


@dataclass(frozen=True)
class Reviewed:
    """A reviewed decision and the frame that shows the table at that moment."""

    frame: int
    decision: Decision

    @property
    def cost(self) -> tuple[int, int, float]:
        """(shanten, useful tiles, expected value) the choice gave up against the expert's."""
        d = self.decision
        return (d.shanten_loss, d.ukeire_loss, d.value_loss)


def ranked(reviewed: list[Reviewed]) -> list[Reviewed]:
    """The decisions that cost shanten or useful tiles, costliest first."""
    costly = [r for r in reviewed if r.cost[:2] > (0, 0)]
    return sorted(costly, key=lambda r: (-r.cost[0], -r.cost[1], -r.cost[2], r.frame))


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

    def review(self, rid: str, seat: int) -> tuple[Steps, list[Reviewed]]:
        """The review of ``seat`` in ``rid`` (cached)."""
        return self._get(  # type: ignore[no-any-return]
            ("review", rid, seat), lambda opened: review(opened, seat)
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


def _letters(steps: Steps, deal: DealSteps) -> list[str]:
    """Each player's wind letter in ``deal`` (its end frame's winds)."""
    view = steps.frames[deal.last if deal.last >= 0 else deal.first].views[0]
    return [wind_letter(w) for w in view.seat_winds] if view.seat_winds else list(SEAT_LETTERS)


def _shown(steps: Steps, deal: DealSteps) -> dict[str, Any] | None:
    """The deal's settlement with its riichi stakes (:func:`.table_view.settlement_shown`)."""
    if deal.settlement is None:
        return None
    letters = _letters(steps, deal)
    stakes: dict[str, int] = {}
    last = deal.last if deal.last >= 0 else len(steps.frames) - 1
    for frame in steps.frames[deal.first : last + 1]:
        for e in frame.events:
            if isinstance(e, RiichiAccepted) and e.seat < len(letters):
                stakes[letters[e.seat]] = stakes.get(letters[e.seat], 0) + e.stake
    return settlement_shown(deal.settlement, stakes)


def _end(steps: Steps, deal: DealSteps, lang: str) -> dict[str, Any]:
    """The settlement panel's data, the engine's settlement; seats named by their winds."""
    s = deal.settlement
    letters = _letters(steps, deal)
    return {
        "settlement": _shown(steps, deal),
        "lines": (s.explanation.get(lang) or s.explanation.get("en", ())) if s else (),
        "reason": term_name(steps.rules, deal.reason, lang),
        "hands": [f"{letters[i]}: {h}" for i, h in enumerate(deal.hands) if i < len(letters)],
        "wins": [
            {
                "seat": w.seat,
                "wind": letters[w.seat] if w.seat < len(letters) else "",
                "hand": w.hand,
                "value": w.value,
                "patterns": [it if lang == "it" else en for _, it, en in w.patterns],
            }
            for w in deal.wins
        ],
        "over": steps.final is not None and deal is steps.deals[-1],
    }


def _stake(rules: str) -> int:
    """The riichi stake of ``rules`` (0 without riichi or for an unknown spec)."""
    flow = flow_of(rules)
    return flow.table.riichi_stake if flow is not None else 0


def frame_context(
    steps: Steps,
    index: int,
    seat: int | None,
    lang: str,
    reviewed: list[Reviewed] | None = None,
) -> dict[str, Any]:
    """Everything the frame partial draws: frame ``index`` seen by ``seat`` (None: all)."""
    frames = steps.frames
    index = max(0, min(index, len(frames) - 1))
    frame = frames[index]
    deal = steps.deals[frame.deal]
    names = _names(steps, lang)
    top = frame.views[0]
    if frame.end:
        scores, pot = list(deal.scores or top.scores), top.pot  # settled, before uma
    else:  # a standing riichi's stake lies on the table
        scores, pot = staked(top, _stake(steps.rules))
    players = len(frame.views)
    order = [(seat + k) % players for k in range(players)] if seat is not None else range(players)
    # a winner's 14 tiles in the end frame are its complete hand: shown won, no discard to make
    won = {w.seat: event_line(w, steps.rules, lang, names) for w in deal.wins} if frame.end else {}
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
                "wind": wind_letter(top.seat_winds[s] if top.seat_winds else s),
                "name": names[s],
                "score": scores[s],
                "dealer": s == top.dealer,
                "riichi": top.riichi[s] if top.riichi else False,
                "to_act": s in top.to_act,
                "status_id": top.status[s] if top.status else "",
                "status": term_name(steps.rules, top.status[s], lang) if top.status else "",
                "melds": [meld_tiles(m) for m in top.melds[s]],
                "bonus": [b.notation for b in top.bonus[s]],
                "discards": discard_notations(top, s),
                "hand": hand,
                "drawn": drawn_n,
                "hand_size": top.hand_sizes[s],
                "shown": shown,
                "shanten": sh if shown else None,
                "won": won.get(s),
                "waits": [t.notation for t in frame.waits[s]] if shown else [],
                "best_discards": [
                    {"tile": t.notation, "waits": [w.notation for w in ws]}
                    for t, ws in (frame.discards[s] if shown and frame.discards else ())
                ],
            }
        )
    reds = set(top.red_indicators)
    here = [r for r in reviewed or () if r.frame == index]
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
        "pot": pot,
        "lines": [event_line(e, steps.rules, lang, names, seat) for e in frame.events],
        "end": _end(steps, deal, lang) if frame.end else None,
        "final": steps.final if index == len(frames) - 1 else None,
        "problems": deal.problems,
        "here": [_decision_row(r, steps, lang) for r in here],
    }


def _decision_row(r: Reviewed, steps: Steps, lang: str) -> dict[str, Any]:
    d = r.decision
    view = steps.frames[r.frame].views[d.actual.seat]  # the table as the seat saw it then
    a, e = d.actual_judgement, d.expert_judgement
    return {
        "frame": r.frame,
        "played": action_label(d.actual, view, lang),
        "bot": action_label(d.expert, view, lang),
        "agrees": d.agrees,
        "shanten": a.shanten,
        "ukeire": a.ukeire,
        "best_shanten": e.shanten,
        "best_ukeire": e.ukeire,
        "value": None if a.value is None else round(a.value),
        "best_value": None if e.value is None else round(e.value),
        "cost": r.cost,
    }


def _seat_param(value: str, what: str = "seat", blank: str = "all") -> int | None:
    if value in ("", blank):
        return None
    if value in ("0", "1", "2", "3"):
        return int(value)
    raise HTTPException(400, f"{what} {value!r} is not one of {blank}, 0, 1, 2, 3")


def _review_of(request: Request, rid: str, review_seat: str) -> tuple[Steps, list[Reviewed] | None]:
    store = _store(request)
    if review_seat in ("", "none"):
        return store.steps(rid), None
    seat = _seat_param(review_seat, "review seat", "none")
    if seat is None:
        raise HTTPException(400, "review: choose one seat")
    try:
        return store.review(rid, seat)
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
        return replay_new(request, error=str(exc), text=text if len(text) < ECHO_MAX else "")
    return RedirectResponse(f"/replay/{rid}", status_code=303)


def _frame(
    request: Request, rid: str, n: int, seat: str, review_seat: str
) -> tuple[str, Steps, list[Reviewed] | None, dict[str, Any]]:
    """(language, steps, review, the frame partial's context) of a viewer request."""
    lang = lang_of(request)
    steps, reviewed = _review_of(request, rid, review_seat)
    context = frame_context(steps, n, _seat_param(seat), lang, reviewed)
    context.update(rid=rid, seat_param=seat, review_seat=review_seat)
    return lang, steps, reviewed, context


@router.get("/replay/{rid}", response_class=HTMLResponse)
def replay_page(
    request: Request,
    rid: str,
    *,
    n: int = Query(0, alias="step"),
    seat: str = "all",
    review_seat: str = Query("none", alias="review"),
) -> HTMLResponse:
    """The viewer at frame ``step`` (all hands, or ``seat``'s view), with an optional review."""
    lang, steps, reviewed, context = _frame(request, rid, n, seat, review_seat)
    context.update(
        opened=steps.opened,
        rules=steps.rules,
        record_problems=steps.problems,
        review=(
            [_decision_row(r, steps, lang) for r in ranked(reviewed)]
            if reviewed is not None
            else None
        ),
        reviewed=len(reviewed) if reviewed is not None else 0,
        agreement=(
            round(100 * sum(r.decision.agrees for r in reviewed) / len(reviewed))
            if reviewed
            else None
        ),
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
) -> HTMLResponse:
    """The frame partial alone (the page's script swaps it in when stepping)."""
    lang, _, _, context = _frame(request, rid, n, seat, review_seat)
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
                "settlement": _shown(steps, d),
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
