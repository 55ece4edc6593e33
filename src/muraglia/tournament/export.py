"""Exports: standings CSV/JSON, the EMA results file, printable sheets, schedules and signs.

The printable pages are self-contained HTML with print styles (one table or player per
printed page), bilingual Italian/English.
"""

from __future__ import annotations

import csv
import html
import io
import json
import math
from collections.abc import Sequence
from typing import Any

from sqlalchemy.orm import Session as DbSession

from muraglia.errors import MahjongError
from muraglia.tiles import wind_index
from muraglia.tournament.models import Event, Seat
from muraglia.tournament.scoring import Standing
from muraglia.tournament.service import standing_dict, standings, team_standings

__all__ = [
    "FORMATS",
    "base_rank",
    "ema_results",
    "mers_weight",
    "personal_schedules",
    "render",
    "score_sheets",
    "standings_csv",
    "standings_json",
    "table_signs",
]

WIND_NAMES = {
    "E": "Est / East",
    "S": "Sud / South",
    "W": "Ovest / West",
    "N": "Nord / North",
}


def base_rank(rank: int, n: int) -> int:
    """The EMA base rank round(1000·(N − rank)/(N − 1)), halves rounded up.

    >>> base_rank(1, 40), base_rank(40, 40), base_rank(2, 3), base_rank(1, 1)
    (1000, 0, 500, 1000)
    """
    if n <= 1:
        return 1000
    return math.floor(1000 * (n - rank) / (n - 1) + 0.5)


def mers_weight(days: int, players: int, countries: int, *, qualification: bool = False) -> float:
    """The EMA tournament weight (MERS, rules from 2018): duration + players + countries + qualif.

    1/2/3 days → 1/2/3; more than 40 players +0.5, more than 80 +1; 6–9 countries +0.5, 10 or
    more +1; a qualification +1 (mahjong-europe.org, "Basics for ranking system").

    >>> mers_weight(1, 40, 5), mers_weight(2, 41, 6), mers_weight(3, 120, 12, qualification=True)
    (1.0, 3.0, 6.0)
    """
    weight = float(min(max(days, 1), 3))
    weight += 1.0 if players > 80 else 0.5 if players > 40 else 0.0
    weight += 1.0 if countries >= 10 else 0.5 if countries >= 6 else 0.0
    return weight + (1.0 if qualification else 0.0)


def _lines(db: DbSession, event: Event) -> list[Standing]:
    return standings(db, event)


def standings_json(db: DbSession, event: Event) -> dict[str, Any]:
    """Everything about the results: standings, teams, every table's results."""
    lines = _lines(db, event)
    tables = []
    for s in event.sessions:
        for t in s.tables:
            tables.append(
                {
                    "session": s.number,
                    "table": t.number,
                    "status": s.status,
                    "entry": t.entry,
                    "results": [
                        {
                            "wind": r.wind,
                            "player": r.registration.number,
                            "raw_score": r.raw_score,
                            "sticks": r.sticks,
                            "uma": r.uma,
                            "table_points_x12": r.table_points_x12,
                            "final": r.final,
                        }
                        for r in sorted(t.results, key=lambda r: wind_index(r.wind))
                    ],
                }
            )
    return {
        "ok": True,
        "event": {
            "id": event.id,
            "name": event.name,
            "rules": event.rules,
            "ruleset_version": event.ruleset_version,
            "regulation": event.regulation,
            "sessions": event.sessions_planned,
        },
        "standings": [standing_dict(x, event.regulation) for x in lines],
        "teams": team_standings(lines, event.regulation),
        "tables": tables,
    }


def standings_csv(db: DbSession, event: Event) -> str:
    """The standings as CSV (one column per session)."""
    lines = _lines(db, event)
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    sessions = [s.number for s in event.sessions]
    w.writerow(
        ["rank", "player", "name", "team", "score", "table_points", "uma", "penalties"]
        + [f"session_{k}" for k in sessions]
    )
    for x in lines:
        d = standing_dict(x, event.regulation)
        w.writerow(
            [
                "" if d["rank"] is None else d["rank"],
                d["player"],
                d["name"],
                d["team"] or "",
                d["score"],
                "" if d["table_points"] is None else f"{x.table_points_x12 / 12:.2f}",
                "" if d["uma"] is None else d["uma"],
                d["penalties"],
            ]
            + [x.sessions.get(k, "") for k in sessions]
        )
    return out.getvalue()


def _tp(x12: int) -> str:
    """Table points from twelfths: whole, or with two decimals."""
    return str(x12 // 12) if x12 % 12 == 0 else f"{x12 / 12:.2f}"


def ema_results(db: DbSession, event: Event) -> str:
    """The EMA results file (CSV), one row per ranked player.

    Columns: place, EMA number, last name, first name, country, table points, score,
    member flag, base rank. MCR: table points and score (MCR points). Riichi: the
    ranking score (uma and penalties included) as table points, and the raw score. Only
    ranked players count in N.
    """
    lines = [x for x in _lines(db, event) if x.ranked]
    regs = {r.number: r for r in event.registrations}
    n = len(lines)
    countries = {regs[x.player].person.country for x in lines if regs[x.player].person.country}
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["# tournament", event.name])
    w.writerow(["# rules", event.rules, "regulation", event.regulation])
    w.writerow(
        [
            "# days",
            event.days,
            "players",
            n,
            "countries",
            len(countries),
            "mers_weight",
            mers_weight(
                event.days,
                n,
                len(countries),
                qualification=bool(event.options.get("qualification")),
            ),
        ]
    )
    w.writerow(
        [
            "place",
            "ema_number",
            "last_name",
            "first_name",
            "country",
            "table_points",
            "score",
            "member",
            "base_rank",
        ]
    )
    for x in lines:
        person = regs[x.player].person
        last = person.last_name or person.name
        first = person.first_name or ""
        if event.regulation == "mcr":
            tp, score = _tp(x.table_points_x12), x.raw
        elif event.regulation == "ema":
            tp, score = str(x.score), x.raw
        else:
            tp, score = _tp(x.table_points_x12), x.score
        assert x.rank is not None
        w.writerow(
            [
                x.rank,
                person.ema_id or "",
                last,
                first,
                person.country or "",
                tp,
                score,
                1 if regs[x.player].member else 0,
                base_rank(x.rank, n),
            ]
        )
    return out.getvalue()


# ---------------------------------------------------------------------------------------
# printable pages

_STYLE = """
body { font-family: sans-serif; margin: 1.5rem; }
.page { page-break-after: always; break-after: page; margin-bottom: 2rem; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #333; padding: .35rem .5rem; text-align: left; }
td.blank { height: 1.6rem; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.2rem; }
.sign { text-align: center; font-size: 2rem; }
.sign .number { font-size: 9rem; font-weight: bold; }
@media print { body { margin: 0; } .noprint { display: none; } }
"""


def _page(title: str, body: Sequence[str]) -> str:
    return (
        '<!doctype html>\n<html lang="it"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>\n"
        + "\n".join(body)
        + "\n</body></html>\n"
    )


def _name(event: Event, number: int) -> str:
    reg = next(r for r in event.registrations if r.number == number)
    return f"{number}. {reg.person.name}"


def _plays(event: Event, seat: Seat) -> str:
    """Who plays the seat, escaped HTML: the substitute, naming whom he replaces."""
    esc = html.escape
    if seat.replaced_by is None:
        return esc(_name(event, seat.registration.number))
    return (
        f"{esc(_name(event, seat.replaced_by.number))} "
        f"<small>(per / for {esc(_name(event, seat.registration.number))})</small>"
    )


def score_sheets(event: Event, session_number: int | None = None) -> str:
    """One score sheet (scheda di gara) per table and session, names and winds pre-filled.

    One line per hand with a column per seat; blank lines count as zero (FIMJ-TOURN-8).
    """
    body = []
    hands = event.hands_per_session or 16
    esc = html.escape
    for s in event.sessions:
        if session_number is not None and s.number != session_number:
            continue
        for t in s.tables:
            seats = sorted(t.seats, key=lambda x: x.position)
            head = "".join(
                f"<th>{esc(WIND_NAMES[x.wind])}<br>{_plays(event, x)}</th>" for x in seats
            )
            rows = "".join(
                f"<tr><td>{k}</td>" + "<td class=blank></td>" * len(seats) + "</tr>"
                for k in range(1, hands + 1)
            )
            total = "<tr><th>Totale / Total</th>" + "<td class=blank></td>" * len(seats) + "</tr>"
            sign = "<tr><th>Firma / Signature</th>" + "<td class=blank></td>" * len(seats) + "</tr>"
            body.append(
                f"<section class=page><h1>{esc(event.name)}</h1>"
                f"<h2>Turno / Session {s.number} — Tavolo / Table {t.number}</h2>"
                f"<p>Regole / Rules: {esc(event.rules)}. Le mani lasciate in bianco valgono "
                f"zero / blank hands count as zero.</p>"
                f"<table><tr><th>Mano / Hand</th>{head}</tr>{rows}{total}{sign}</table>"
                "</section>"
            )
    return _page(f"{event.name} — schede / score sheets", body)


def personal_schedules(event: Event, session_number: int | None = None) -> str:
    """One page per player: table and wind in every session (or in session ``session_number``).

    A substitute's page has the seats he plays; the page of the player he replaces says so.
    """
    where: dict[int, list[tuple[int, int, str, str]]] = {}
    esc = html.escape
    for s in event.sessions:
        if session_number is not None and s.number != session_number:
            continue
        for t in s.tables:
            for x in t.seats:
                seat = (s.number, t.number, x.wind)
                if x.replaced_by is None:
                    where.setdefault(x.registration.number, []).append((*seat, ""))
                    continue
                replaced, sub = x.registration.number, x.replaced_by.number
                where.setdefault(sub, []).append(
                    (*seat, f"per / for {esc(_name(event, replaced))}")
                )
                where.setdefault(replaced, []).append(
                    (*seat, f"sostituito da / replaced by {esc(_name(event, sub))}")
                )
    body = []
    for reg in event.registrations:
        if session_number is not None and reg.number not in where:
            continue  # not playing in that session
        rows = "".join(
            f"<tr><td>{sn}</td><td>{tn}</td><td>{esc(WIND_NAMES[w])}</td><td>{note}</td></tr>"
            for sn, tn, w, note in sorted(where.get(reg.number, []))
        )
        body.append(
            f"<section class=page><h1>{esc(event.name)}</h1>"
            f"<h2>{esc(_name(event, reg.number))}</h2>"
            "<table><tr><th>Turno / Session</th><th>Tavolo / Table</th>"
            f"<th>Vento / Wind</th><th>Note</th></tr>{rows}</table></section>"
        )
    return _page(f"{event.name} — programma / schedules", body)


def table_signs(event: Event, session_number: int | None = None) -> str:
    """A big sign per table and session with its players and winds."""
    body = []
    esc = html.escape
    for s in event.sessions:
        if session_number is not None and s.number != session_number:
            continue
        for t in s.tables:
            seats = "".join(
                f"<p>{esc(WIND_NAMES[x.wind])}: {_plays(event, x)}</p>"
                for x in sorted(t.seats, key=lambda x: x.position)
            )
            body.append(
                f"<section class='page sign'><p>Turno / Session {s.number}</p>"
                f"<p>Tavolo / Table</p><p class=number>{t.number}</p>{seats}</section>"
            )
    return _page(f"{event.name} — tavoli / table signs", body)


FORMATS: dict[str, tuple[str, str]] = {
    "json": ("application/json", "standings.json"),
    "csv": ("text/csv; charset=utf-8", "standings.csv"),
    "ema": ("text/csv; charset=utf-8", "ema-results.csv"),
    "sheets": ("text/html; charset=utf-8", "score-sheets.html"),
    "schedules": ("text/html; charset=utf-8", "schedules.html"),
    "signs": ("text/html; charset=utf-8", "table-signs.html"),
}
"""Each export format: (media type, file name) — ``muraglia tournament export`` and the web."""
PRINTABLE = frozenset({"sheets", "schedules", "signs"})
"""The formats that can be limited to one session."""


def render(db: DbSession, event: Event, fmt: str, session_number: int | None = None) -> str:
    """The text of one export ``fmt`` (:data:`FORMATS`); the printables for one session.

    A session that the event does not have, or one not seated yet, is an error; so is a
    session with a format that covers the whole event (csv, json, ema).
    """
    if session_number is not None:
        if fmt not in PRINTABLE:
            raise MahjongError(
                f"a session applies to the printable formats ({', '.join(sorted(PRINTABLE))}); "
                f"the {fmt} export covers the whole event"
            )
        session = next((s for s in event.sessions if s.number == session_number), None)
        if session is None:
            raise MahjongError(
                f"event {event.id} has no session {session_number} "
                f"(sessions 1-{event.sessions_planned})"
            )
        if not session.tables:
            raise MahjongError(f"session {session_number} is not seated yet")
    if fmt == "json":
        return json.dumps(standings_json(db, event), ensure_ascii=False)
    if fmt == "csv":
        return standings_csv(db, event)
    if fmt == "ema":
        return ema_results(db, event)
    if fmt == "sheets":
        return score_sheets(event, session_number)
    if fmt == "schedules":
        return personal_schedules(event, session_number)
    if fmt == "signs":
        return table_signs(event, session_number)
    raise MahjongError(f"unknown export format {fmt!r}: {', '.join(FORMATS)}")
