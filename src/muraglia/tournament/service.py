"""The tournament manager's operations on the database (used by the CLI and the web pages).

Every function takes an open SQLAlchemy ``Session`` and changes nothing unless it
succeeds: bad input raises :class:`TournamentError` (CLI exit 2, HTTP 400) before anything
is flushed, and the caller commits. Every change writes an audit entry (who, when, before,
after).

Score sheets: each hand is the ``muraglia settle`` input object of that hand (keys are the
winds *of that hand*, the dealer is ``E``), or ``{"blank": true}`` (a blank hand counts as
zero, FIMJ-TOURN-8). The table's seats are its starting winds; the manager derives who held
which wind in each hand from the regulation: East always passes in FIMJ, Ravenna and MCR
(FIMJ-TOURN-3, RAV-END-3, MCR-GAME-2); in riichi the settlement says whether the dealer
keeps the deal (``dealer_keeps``). At a FIMJ table of three the dead seat starts at North
and rotates with the winds (FIMJ-3P-2/4); at a Ravenna table of three it is North for good
and East rotates among the three players (RAV-3P-4).
"""

from __future__ import annotations

import csv
import dataclasses
import datetime as dt
import io
import json
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session as DbSession
from sqlalchemy.orm import selectinload

from muraglia import __version__
from muraglia.engine.game import flow_for
from muraglia.errors import MahjongError
from muraglia.rulesets import load_ruleset, settle_object
from muraglia.tiles import WIND_LETTERS
from muraglia.tournament import seating
from muraglia.tournament.models import (
    REGULATIONS,
    AuditEntry,
    Event,
    Hand,
    Penalty,
    Person,
    Registration,
    Seat,
    SeatingPlan,
    Session,
    Table,
    TableResult,
    Team,
)
from muraglia.tournament.scoring import (
    RAVENNA_START,
    Standing,
    rank,
    table_results,
)

__all__ = [
    "ConflictError",
    "TournamentError",
    "add_penalty",
    "cancel_penalty",
    "create_event",
    "drop_player",
    "enter_results",
    "fix_seats",
    "get_event",
    "get_session",
    "table_dict",
    "import_players",
    "plan_of",
    "seat_event",
    "set_session_status",
    "standings",
    "substitute",
]

WINDS = WIND_LETTERS
DEFAULT_REGULATION = {
    "fimj": "fimj",
    "seipalle": "fimj",
    "ravenna": "ravenna",
    "riichi-ema": "ema",
    "riichi-tenhou": "ema",
    "mcr": "mcr",
}
THREE_PLAYER_RULESETS = {"fimj", "ravenna"}
"""Rulesets with tables of three (FIMJ-3P, RAV-3P); the others need substitutes."""
MAX_HANDS = {"ravenna": (8, 6), "mcr": (16, 16)}
"""Hands per session at a table of four / three (RAV-COMP-1, RAV-3P-2; MCR-GAME-1)."""
PASSING = {"fimj", "ravenna", "mcr"}
"""Rulesets where East always passes in a tournament (elsewhere: the settle's dealer_keeps)."""
HAND_CEILING = {"ravenna": 3 * 400}
"""The most one seat can win or lose in one hand: Ravenna, a massimo 400 from each (RAV-MAX-1/2).

FIMJ: 6·max(3000, limit): East's massimo of 3000 paid double by each of three (FIMJ-MAX-1,
FIMJ-LIMIT-4), or the limit when it is set higher (FIMJ-LIMIT-1/2). Every other ruleset:
:data:`GENERIC_HAND_CEILING`.
"""
GENERIC_HAND_CEILING = 300_000
"""A riichi dealer's sextuple yakuman (6 × 48000 = 288000) and the counters and sticks with it:
more than any hand of any muraglia ruleset pays one seat."""
DEFAULT_SESSION_HANDS = 100
"""The hands a session can hold when neither the event nor the ruleset caps them."""
STORAGE_CEILING = 1_000_000_000
"""Scores are 32-bit integers in the database (PostgreSQL ``integer``), uma and sticks added."""
TOTAL_STEP = {
    "fimj": (10, "FIMJ-ROUND-1"),
    "ravenna": (10, "RAV-ROUND-1"),
    "riichi-ema": (100, "EMA-PAY-4"),
}
"""Every payment is rounded to these units, so every table total is a multiple of them."""
STAKE_RULE = {"riichi-ema": "EMA-RIICHI-2", "seipalle": "SEI-RIICHI-3"}
"""The rule of the riichi stick's value (the value itself comes from the engine's table)."""
STICK_RULESETS = {"riichi-ema", "riichi-tenhou", "seipalle"}
COUNTER_RULESETS = {"riichi-ema", "riichi-tenhou"}
"""Rulesets whose leftover riichi sticks go to the table's leader at the end."""
CHOMBO_POINTS = 20000
"""A chombo penalty after uma (later EMA rules; 2008's reverse mangan is a settle status)."""
CSV_COLUMNS = (
    "name",
    "first_name",
    "last_name",
    "club",
    "country",
    "ema_id",
    "fimj_id",
    "team",
    "member",
    "status",
)

MEMBER_VALUES = {
    "1": True, "yes": True, "y": True, "true": True, "si": True, "sì": True,
    "0": False, "no": False, "n": False, "false": False,
}  # fmt: skip
"""The values of the CSV column ``member`` (federation member, EMA results file)."""


class TournamentError(MahjongError):
    """Bad input to the tournament manager: nothing was changed."""


class ConflictError(TournamentError):
    """Another referee changed the table since it was read (optimistic locking)."""


# ---------------------------------------------------------------------------------------
# helpers


def _audit(  # noqa: PLR0917 - one audit row's columns
    db: DbSession,
    event: Event,
    actor: str,
    action: str,
    entity: str,
    entity_id: int | None,
    before: Any = None,
    after: Any = None,
) -> None:
    db.add(
        AuditEntry(
            event_id=event.id,
            actor=actor,
            action=action,
            entity=entity,
            entity_id=entity_id,
            before=before,
            after=after,
        )
    )


def get_event(db: DbSession, event_id: int | str) -> Event:
    """The event with this id, or a :class:`TournamentError`."""
    try:
        key = int(event_id)
    except (TypeError, ValueError):
        raise TournamentError(f"event id must be a number, got {event_id!r}") from None
    event = db.get(Event, key)
    if event is None:
        raise TournamentError(f"no event with id {key}")
    return event


def _session(db: DbSession, event: Event, number: int) -> Session:
    s = db.scalar(select(Session).where(Session.event_id == event.id, Session.number == number))
    if s is None:
        raise TournamentError(
            f"event {event.id} has no session {number} (sessions 1-{event.sessions_planned})"
        )
    return s


def get_session(db: DbSession, event: Event, number: int) -> Session:
    """Session ``number`` of the event, or a :class:`TournamentError`."""
    return _session(db, event, number)


def table_dict(table: Table) -> dict[str, Any]:
    """A table with its seats, version and results (CLI ``tables``, web pages)."""
    results = {r.wind: r for r in table.results}
    return {
        "table": table.number,
        "version": table.version,
        "entry": table.entry,
        "seats": [
            {
                "wind": x.wind,
                "player": x.registration.number,
                "name": x.registration.person.name,
                "replaced_by": x.replaced_by.number if x.replaced_by else None,
                "raw_score": results[x.wind].raw_score if x.wind in results else None,
                "final": results[x.wind].final if x.wind in results else None,
            }
            for x in sorted(table.seats, key=lambda x: x.position)
        ],
    }


def _table(db: DbSession, session: Session, number: int) -> Table:
    t = db.scalar(
        select(Table)
        .where(Table.session_id == session.id, Table.number == number)
        .options(
            selectinload(Table.seats).selectinload(Seat.registration),
            selectinload(Table.seats).selectinload(Seat.replaced_by),
            selectinload(Table.results).selectinload(TableResult.registration),
            selectinload(Table.hands),
        )
    )
    if t is None:
        raise TournamentError(f"session {session.number} has no table {number}")
    return t


def _registration(db: DbSession, event: Event, number: int) -> Registration:
    r = db.scalar(
        select(Registration).where(Registration.event_id == event.id, Registration.number == number)
    )
    if r is None:
        raise TournamentError(f"event {event.id} has no player {number}")
    return r


def _tables_with_results(session: Session) -> list[int]:
    """The numbers of the session's tables that have entered results (or hands)."""
    return [t.number for t in session.tables if t.results or t.hands]


def _seated_in(
    session: Session, *, exclude: Seat | None = None, exclude_table: Table | None = None
) -> dict[int, int]:
    """Who plays in the session: player number → table number (seated or substituting).

    ``exclude``: a seat whose substitute does not count (it is being replaced);
    ``exclude_table``: a table whose seats do not count at all (it is being re-seated).
    """
    out: dict[int, int] = {}
    for t in session.tables:
        if exclude_table is not None and t.id == exclude_table.id:
            continue
        for x in t.seats:
            out[x.registration.number] = t.number
            if x.replaced_by is not None and x is not exclude:
                out[x.replaced_by.number] = t.number
    return out


def _refuse_reseat(sessions: Iterable[Session]) -> None:
    """Seating a session again deletes its tables: refused while any has results."""
    for session in sessions:
        entered = _tables_with_results(session)
        if entered:
            raise TournamentError(
                f"session {session.number} has results at table(s) "
                f"{', '.join(map(str, entered))}: it cannot be seated again"
            )


def allows_three(event: Event) -> bool:
    """Tables of three are allowed by the ruleset (FIMJ-3P, RAV-3P)."""
    return event.ruleset_id in THREE_PLAYER_RULESETS


# ---------------------------------------------------------------------------------------
# events and players


def create_event(
    db: DbSession,
    name: str,
    *,
    rules: str,
    sessions: int,
    regulation: str | None = None,
    hands_per_session: int | None = None,
    days: int = 1,
    session_minutes: int | None = None,
    start: dt.datetime | None = None,
    actor: str = "cli",
) -> Event:
    """A new event with its session plan (sessions numbered 1..N, all 'seating')."""
    if not name.strip():
        raise TournamentError("the event needs a name")
    ruleset = load_ruleset(rules)  # RulesetError (a MahjongError) names the valid ids
    if sessions < 1 or sessions > 100:
        raise TournamentError(f"sessions must be between 1 and 100, got {sessions}")
    regulation = regulation or DEFAULT_REGULATION.get(ruleset.id, "fimj")
    if regulation not in REGULATIONS:
        raise TournamentError(f"unknown regulation {regulation!r}; valid: {', '.join(REGULATIONS)}")
    if hands_per_session is None and regulation == "ravenna":
        hands_per_session = 8  # RAV-COMP-1
    if session_minutes is None and regulation == "ravenna":
        session_minutes = 50  # RAV-COMP-1
    if session_minutes is not None and not 1 <= session_minutes <= 600:
        raise TournamentError(f"a session lasts 1-600 minutes, not {session_minutes}")
    if hands_per_session is not None and not 1 <= hands_per_session <= DEFAULT_SESSION_HANDS:
        raise TournamentError(
            f"hands per session must be between 1 and {DEFAULT_SESSION_HANDS}, "
            f"got {hands_per_session}"
        )
    if not 1 <= days <= 30:
        raise TournamentError(f"days must be between 1 and 30, got {days}")
    opts = getattr(ruleset, "options", None)
    options = dataclasses.asdict(opts) if dataclasses.is_dataclass(opts) else {}  # type: ignore[arg-type]

    event = Event(
        name=name.strip(),
        rules=rules,
        ruleset_id=ruleset.id,
        ruleset_options=json.loads(json.dumps(options, default=str)),
        ruleset_version=__version__,
        regulation=regulation,
        sessions_planned=sessions,
        hands_per_session=hands_per_session,
        days=days,
        options={},
    )
    db.add(event)
    for k in range(1, sessions + 1):
        starts = None
        if start is not None and session_minutes:
            starts = start + dt.timedelta(minutes=(k - 1) * (session_minutes + 15))
        event.sessions.append(
            Session(number=k, status="seating", starts_at=starts, minutes=session_minutes)
        )
    db.flush()
    _audit(
        db,
        event,
        actor,
        "create",
        "event",
        event.id,
        None,
        {"name": event.name, "rules": rules, "regulation": regulation, "sessions": sessions},
    )
    return event


def import_players(db: DbSession, event: Event, text: str, *, actor: str = "cli") -> int:
    """Register the players of a CSV text (header row; ``name`` required).

    Players get the next numbers in file order (1..n for a fresh event). A missing column,
    an unknown column, an empty name or a bad country raises before anything is added.
    """
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    header = [h.strip().lower() for h in (reader.fieldnames or [])]
    if not header:
        raise TournamentError("the CSV file is empty: a header row with 'name' is required")
    if "name" not in header and not {"first_name", "last_name"} <= set(header):
        raise TournamentError(
            f"the CSV file has no 'name' column (columns found: {', '.join(header)}); "
            f"required: name (or first_name and last_name); optional: "
            f"{', '.join(CSV_COLUMNS[1:])}"
        )
    repeated = sorted({h for h in header if header.count(h) > 1})
    if repeated:
        raise TournamentError(
            f"the CSV header repeats the column(s) {', '.join(repeated)}: each column once"
        )
    unknown = [h for h in header if h not in CSV_COLUMNS]
    if unknown:
        raise TournamentError(
            f"unknown CSV column(s) {', '.join(unknown)}; valid: {', '.join(CSV_COLUMNS)}"
        )
    rows: list[dict[str, str]] = []
    seen: dict[tuple[str, str], str] = {}  # (what, value) → where it was seen first
    for r in event.registrations:
        p = r.person
        for what, value in _identity(p.name, p.club, p.ema_id, p.fimj_id):
            seen.setdefault((what, value), f"already registered as player {r.number} ({p.name})")
    for line, raw in enumerate(reader, start=2):
        row = {k.strip().lower(): (v or "").strip() for k, v in raw.items() if k is not None}
        if None in raw:
            raise TournamentError(f"CSV line {line}: more fields than columns")
        name = row.get("name") or " ".join(
            x for x in (row.get("first_name"), row.get("last_name")) if x
        )
        name = "".join(c for c in name if unicodedata.category(c) not in {"Cf", "Cc"}).strip()
        if not name or not any(c.isalnum() for c in name):
            raise TournamentError(f"CSV line {line}: the name is empty (or has no letters)")
        member = (row.get("member") or "1").casefold()
        if member not in MEMBER_VALUES:
            raise TournamentError(
                f"CSV line {line}: member {row['member']!r} must be one of "
                f"{', '.join(sorted(MEMBER_VALUES))}"
            )
        row["member"] = "1" if MEMBER_VALUES[member] else "0"
        country = row.get("country") or ""
        if country and not (2 <= len(country) <= 3 and country.isalpha()):
            raise TournamentError(
                f"CSV line {line}: country {country!r} is not a 2- or 3-letter code"
            )
        status = row.get("status") or "active"
        if status not in {"active", "substitute"}:
            raise TournamentError(
                f"CSV line {line}: status {status!r} must be 'active' or 'substitute'"
            )
        for what, value in _identity(name, row.get("club"), row.get("ema_id"), row.get("fimj_id")):
            if (what, value) in seen:
                if what == "player":
                    club = f" of club {row['club']}" if row.get("club") else ""
                    raise TournamentError(
                        f"CSV line {line}: {name}{club} is {seen[what, value]} "
                        "(two players of that name: give them their EMA or FIMJ ids)"
                    )
                raise TournamentError(f"CSV line {line}: {what} {value} is {seen[what, value]}")
            seen[what, value] = f"already on line {line}"
        row["name"] = name
        row["status"] = status
        rows.append(row)
    if not rows:
        raise TournamentError("the CSV file has no players")
    number = max((r.number for r in event.registrations), default=0)
    teams = {t.name: t for t in event.teams}
    for row in rows:
        number += 1
        first, last = row.get("first_name") or None, row.get("last_name") or None
        if first is None and last is None:
            first, last = split_name(row["name"])
        person = Person(
            name=row["name"],
            first_name=first,
            last_name=last,
            club=row.get("club") or None,
            country=(row.get("country") or "").upper() or None,
            ema_id=row.get("ema_id") or None,
            fimj_id=row.get("fimj_id") or None,
        )
        team = None
        if row.get("team"):
            team = teams.get(row["team"])
            if team is None:
                team = Team(name=row["team"])
                event.teams.append(team)
                teams[row["team"]] = team
        member = row["member"] == "1"
        event.registrations.append(
            Registration(
                person=person,
                number=number,
                team=team,
                status=row["status"],
                counts_for_ranking=row["status"] == "active",
                member=member,
            )
        )
    db.flush()
    _audit(db, event, actor, "import", "players", None, None, {"players": len(rows)})
    return len(rows)


SURNAME_PARTICLES = frozenset({
    "d'", "da", "dal", "dall'", "dalla", "dalle", "de", "de'", "dei", "degli", "del", "dell'",
    "della", "delle", "dello", "di", "du", "des", "la", "le", "lo", "van", "von", "der", "den",
})  # fmt: skip
"""Words that begin a compound surname (Di Stefano, De Luca, Lo Bianco, van der Berg)."""


def split_name(name: str) -> tuple[str | None, str]:
    """(first name, last name) of a full name written first name first.

    The last name starts at the first surname particle after the first word ("Giovanni Di
    Stefano" → Giovanni / Di Stefano, "Jan van der Berg" → Jan / van der Berg), else it is
    the last word ("Maria Grazia Rossi" → Maria Grazia / Rossi). A single word is a last name.

    >>> split_name("Anna Lo Bianco"), split_name("Luca Rossi"), split_name("Cher")
    (('Anna', 'Lo Bianco'), ('Luca', 'Rossi'), (None, 'Cher'))
    """
    words = name.split()
    if len(words) < 2:
        return None, name.strip()
    at = next(
        (
            k
            for k in range(1, len(words) - 1)
            if words[k].casefold().replace("\u2019", "'") in SURNAME_PARTICLES
            or words[k].casefold()[:2] in {"d'", "d\u2019"}
        ),
        len(words) - 1,
    )
    return " ".join(words[:at]), " ".join(words[at:])


def _identity(
    name: str, club: str | None, ema_id: str | None, fimj_id: str | None
) -> list[tuple[str, str]]:
    """What no two players of an event share, as ``(what, value)`` pairs.

    An EMA id, a FIMJ id, or (for a player with neither) the same name in the same club.
    """
    out = []
    if ema_id and ema_id.strip():
        out.append(("EMA id", ema_id.strip()))
    if fimj_id and fimj_id.strip():
        out.append(("FIMJ id", fimj_id.strip()))
    if not out:
        same = " ".join(name.split()).casefold(), " ".join((club or "").split()).casefold()
        out.append(("player", "\x00".join(same)))
    return out


def drop_player(db: DbSession, event: Event, number: int, *, actor: str = "cli") -> None:
    """Withdraw a player: seated no more (re-plan the unplayed sessions with ``seat``)."""
    reg = _registration(db, event, number)
    if reg.status == "dropped":
        raise TournamentError(f"player {number} has already withdrawn")
    before = reg.status
    reg.status = "dropped"
    _audit(db, event, actor, "drop", "registration", reg.id, before, "dropped")


# ---------------------------------------------------------------------------------------
# seating


def plan_of(event: Event) -> list[list[list[int]]]:
    """The seating of every session (player numbers in seat order E S W N)."""
    out = []
    for s in event.sessions:
        session = []
        for t in s.tables:
            seats = sorted(t.seats, key=lambda x: x.position)
            session.append([x.registration.number for x in seats])
        out.append(session)
    return out


def _players_to_seat(event: Event) -> list[Registration]:
    active = [r for r in event.registrations if r.status == "active"]
    if allows_three(event) or len(active) % 4 == 0:
        return active
    missing = 4 - len(active) % 4
    subs = [r for r in event.registrations if r.status == "substitute"][:missing]
    if len(subs) < missing:
        raise TournamentError(
            f"{len(active)} active players and the {event.ruleset_id} rules have no tables "
            f"of three: register {missing - len(subs)} more substitute(s) "
            f"(a CSV row with status 'substitute')"
        )
    return active + subs


def seat_event(
    db: DbSession,
    event: Event,
    *,
    seed: int = 0,
    method: str = "plan",
    session_number: int | None = None,
    schedule: Sequence[Sequence[Sequence[int]]] | None = None,
    iterations: int | None = None,
    actor: str = "cli",
) -> dict[str, Any]:
    """Seat the sessions not yet played (status 'seating').

    ``method``: ``plan`` (designs + annealing for every unplayed session, the played ones
    count as history), ``swiss`` (one session, ``session_number`` or the first unplayed, by
    the current standings) or ``import`` (``schedule``: a fixed plan for the unplayed
    sessions, checked by the validator).
    """
    open_sessions = [s for s in event.sessions if s.status == "seating"]
    if not open_sessions:
        raise TournamentError("every session has started: nothing left to seat")
    played = [s for s in event.sessions if s.status != "seating"]
    history = [
        [
            [x.registration.number for x in sorted(t.seats, key=lambda x: x.position)]
            for t in s.tables
        ]
        for s in played
    ]
    regs = _players_to_seat(event)
    numbers = [r.number for r in regs]
    if len(numbers) < 3:
        raise TournamentError(f"{len(numbers)} players cannot fill a table")
    groups: dict[int, frozenset[str]] = {}  # team and club mates are kept apart
    for r in regs:
        labels = {"team:" + r.team.name} if r.team is not None else set()
        if r.person.club:
            labels.add("club:" + r.person.club)
        if labels:
            groups[r.number] = frozenset(labels)
    three = allows_three(event)
    if method in {"plan", "import"}:
        _refuse_reseat(open_sessions)
    try:
        if method == "plan":
            targets = open_sessions
            new = seating.generate(
                numbers,
                len(targets),
                seed=seed,
                allow_three=three,
                groups=groups,
                history=history,
                iterations=iterations,
            )
        elif method == "swiss":
            targets = [_session(db, event, session_number) if session_number else open_sessions[0]]
            if targets[0].status != "seating":
                raise TournamentError(f"session {targets[0].number} has already started")
            _refuse_reseat(targets)
            order = [line.player for line in standings(db, event) if line.player in numbers]
            order += [p for p in numbers if p not in order]
            new = [seating.swiss(order, history=history, allow_three=three, seed=seed)]
        elif method == "import":
            if schedule is None:
                raise TournamentError("no schedule to import")
            _check_schedule_shape(schedule)
            targets = open_sessions[: len(schedule)]
            if len(schedule) != len(open_sessions):
                raise TournamentError(
                    f"the schedule has {len(schedule)} sessions; {len(open_sessions)} are "
                    "still to be seated"
                )
            new = [[list(t) for t in s] for s in schedule]
        else:
            raise TournamentError(f"unknown seating method {method!r}: plan, swiss, import")
        seating.validate(new, numbers, allow_three=three)
    except seating.SeatingError as exc:
        raise TournamentError(str(exc)) from None
    replaced = {
        str(s.number): [[x.registration.number for x in t.seats] for t in s.tables]
        for s in targets
        if s.tables
    }
    by_number = {r.number: r for r in event.registrations}
    for session, tables in zip(targets, new, strict=True):
        for t in list(session.tables):
            session.tables.remove(t)
        db.flush()
        for k, players in enumerate(tables, start=1):
            table = Table(number=k, size=len(players), version=1)
            session.tables.append(table)
            for pos, p in enumerate(players):
                table.seats.append(
                    Seat(
                        position=pos,
                        wind=WINDS[pos],
                        registration=by_number[p],
                        session_id=session.id,
                    )
                )
    m = seating.metrics(new, history=history, groups=groups)
    db.add(
        SeatingPlan(
            event_id=event.id,
            algorithm=method,
            seed=seed,
            first_session=targets[0].number,
            parameters={
                "players": len(numbers),
                "sessions": len(targets),
                "allow_three": three,
                "iterations": iterations,
            },
            metrics=m,
        )
    )
    db.flush()
    _audit(
        db,
        event,
        actor,
        "seat",
        "plan",
        None,
        replaced or None,
        {"method": method, "seed": seed, "sessions": [s.number for s in targets], **m},
    )
    db.expire(event)
    m["session_count"] = m.pop("sessions")
    return {"sessions": plan_of(event), **m}


def _check_schedule_shape(schedule: object) -> None:
    """A schedule is a list of sessions, each a list of tables, each a list of player numbers."""
    shape = (
        "the schedule must be a JSON list of sessions, each a list of tables, each a list of "
        "player numbers in seat order E S W N, e.g. [[[1, 2, 3, 4], [5, 6, 7, 8]]]"
    )

    def kind(x: object) -> str:
        if isinstance(x, dict):
            return "an object"
        return "a string" if isinstance(x, str) else repr(x)

    if not isinstance(schedule, list):
        raise TournamentError(f"{shape}; got {kind(schedule)}")
    for s, session in enumerate(schedule, start=1):
        if not isinstance(session, list):
            raise TournamentError(f"{shape}; session {s} is {kind(session)}")
        for t, table in enumerate(session, start=1):
            if not isinstance(table, list):
                raise TournamentError(f"{shape}; session {s} table {t} is {kind(table)}")
            for p in table:
                if isinstance(p, bool) or not isinstance(p, int):
                    raise TournamentError(
                        f"{shape}; session {s} table {t} has "
                        f"{repr(p) if isinstance(p, str) else kind(p)}, not a player number"
                    )


def substitute(  # noqa: PLR0917 - session, table, seat, player
    db: DbSession,
    event: Event,
    session_number: int,
    table_number: int,
    wind: str,
    substitute_number: int | None,
    *,
    actor: str = "cli",
) -> None:
    """A substitute plays a seat (FIMJ-TOURN-7; None removes the replacement)."""
    session = _session(db, event, session_number)
    if session.status == "approved":
        raise TournamentError(f"session {session_number} is approved: no changes")
    table = _table(db, session, table_number)
    seat = next((x for x in table.seats if x.wind == wind), None)
    if seat is None:
        raise TournamentError(f"table {table_number} has no seat {wind!r}")
    before = seat.replaced_by.number if seat.replaced_by else None
    if substitute_number is None:
        seat.replaced_by = None
    else:
        sub = _registration(db, event, substitute_number)
        where = _seated_in(session, exclude=seat)
        if substitute_number in where:
            raise TournamentError(
                f"player {substitute_number} already sits at table {where[substitute_number]} "
                f"of session {session_number}"
            )
        seat.replaced_by = sub
        if sub.status == "substitute":
            sub.counts_for_ranking = False
    _audit(db, event, actor, "substitute", "seat", seat.id, before, substitute_number)
    if table.results:
        _store_results(db, event, table, _raw_of_table(event, table), actor=actor)


def set_session_status(
    db: DbSession, event: Event, number: int, status: str, *, actor: str = "cli"
) -> Session:
    """Move a session along seating → started → finished → approved (or back, not from approved)."""
    session = _session(db, event, number)
    order = ["seating", "started", "finished", "approved"]
    if status not in order:
        raise TournamentError(f"unknown session status {status!r}: {', '.join(order)}")
    if session.status == "approved":
        raise TournamentError(f"session {number} is approved: its results are final")
    if status != "seating" and not session.tables:
        raise TournamentError(f"session {number} is not seated yet")
    if status == "seating" and session.status != "seating":
        entered = _tables_with_results(session)
        if entered:
            raise TournamentError(
                f"session {number} has results at table(s) {', '.join(map(str, entered))}: "
                "it cannot go back to seating (re-seating would delete them)"
            )
    if status == "approved":
        missing = [t.number for t in session.tables if not t.results]
        if missing:
            raise TournamentError(
                f"session {number} cannot be approved: no results for table(s) "
                + ", ".join(map(str, missing))
            )
    before = session.status
    session.status = status
    if status == "started" and session.started_at is None:
        session.started_at = dt.datetime.now(dt.UTC)
    _audit(db, event, actor, "status", "session", session.id, before, status)
    return session


# ---------------------------------------------------------------------------------------
# score entry


def _hand_rotation(event: Event, size: int) -> int:
    """The number of positions East rotates through at a table of ``size``."""
    if size == 3 and event.ruleset_id == "ravenna":
        return 3  # RAV-3P-4: North is dead for good
    return 4


def _passes(event: Event, ruleset: Any, result: Mapping[str, Any], winners: Sequence[str]) -> bool:
    """Whether East passes after a settled hand."""
    if event.ruleset_id in PASSING or getattr(ruleset.options, "tournament", False):
        return True  # FIMJ-TOURN-3, RAV-END-3, MCR-GAME-2, SEI-GAME-2
    if "dealer_keeps" in result:
        return not result["dealer_keeps"]  # riichi: the settlement says (EMA-GAME-1)
    return any(w != "E" for w in winners)  # SEI-GAME-1: free play


def _settle_hands(
    event: Event, table: Table, hands: Sequence[Mapping[str, Any]]
) -> tuple[list[dict[str, Any]], dict[str, int], int]:
    """Settle every hand of a sheet: (stored hands, raw per starting wind, leftover sticks).

    ``{"blank": true}`` is a zero hand (FIMJ-TOURN-8); ``{"void": true}`` (or a Ravenna
    hand with two winners or none, RAV-END-2) a void hand: zero, and in Ravenna replayed
    once by the same East (RAV-END-3/4: replays do not count among the 8 turns).
    """
    if not hands:
        raise TournamentError("the score sheet has no hands")
    size = table.size
    limit = event.hands_per_session
    caps = MAX_HANDS.get(event.ruleset_id)
    if caps is not None:
        cap = caps[0] if size == 4 else caps[1]
        limit = min(limit, cap) if limit else cap
    # a table of three settles with the ruleset's dead seat (FIMJ-3P, RAV-3P)
    spec = event.rules
    if size == 3:
        spec = (
            f"{spec[:-1]},three_players=true)"
            if spec.endswith(")")
            else f"{spec}(three_players=true)"
        )
    ruleset = load_ruleset(spec)
    stake = flow_for(ruleset).table.riichi_stake
    start_winds = WINDS[:size]
    rot = _hand_rotation(event, size)
    dealer = 0  # the starting-seat index of this hand's East
    turns, replayed = 0, False
    honba, counters = 0, False
    on_table = 0  # points of riichi stakes on the table: settle's 'table' party
    out: list[dict[str, Any]] = []
    raw = dict.fromkeys(start_winds, 0)
    for k, hand in enumerate(hands, start=1):
        if not isinstance(hand, Mapping):
            raise TournamentError(f"hand {k}: expected a JSON object")
        if limit is not None and turns >= limit:
            raise TournamentError(
                f"{len(hands)} hands on the sheet: a table of {size} plays at most {limit} "
                f"turns of East (hand {k} is one too many)"
            )
        # this hand's wind letter of each starting seat
        letter_of = {start_winds[i]: WINDS[(i - dealer) % rot] for i in range(len(start_winds))}
        start_of = {v: s for s, v in letter_of.items()}
        winners = hand.get("winners", [])
        void = hand.get("void") is True or (
            event.ruleset_id == "ravenna"
            and isinstance(winners, list)
            and len(winners) != 1
            and not hand.get("status")
            and "blank" not in hand
        )
        if void and event.ruleset_id in COUNTER_RULESETS:
            raise TournamentError(
                f"hand {k}: a riichi draw is settled (counters and sticks): give it as a "
                "settle object with no winners"
            )
        if hand.get("blank") is True or void:
            keys = set(hand) - {"blank", "void"}
            if hand.get("blank") is True and keys:
                raise TournamentError(f"hand {k}: a blank hand has no other keys")
            net_start = dict.fromkeys(start_winds, 0)  # FIMJ-TOURN-8, RAV-END-2
            out.append({"number": k, "data": dict(hand), "net": net_start})
            if void and event.ruleset_id == "ravenna" and not replayed:
                replayed = True  # RAV-END-3: replayed once with the same East
                continue
            replayed = False
            turns += 1
            if void or event.ruleset_id in PASSING:
                dealer = (dealer + 1) % rot
            continue
        replayed = False
        data = dict(hand)
        given = data.pop("rules", None)
        if given is not None and load_ruleset(str(given)).id != event.ruleset_id:
            raise TournamentError(f"hand {k}: rules {given!r} but the event plays {event.rules}")
        data["rules"] = spec
        if size == 3 and "dead" not in data and event.ruleset_id == "fimj":
            data["dead"] = WINDS[(3 - dealer) % 4]  # FIMJ-3P-2: the dead seat started North
        if size == 3 and "dead" not in data and event.ruleset_id == "ravenna":
            data["dead"] = "N"
        if counters:  # riichi-style rulesets: the counters carry over
            data.setdefault("honba", honba)
        if stake:  # riichi stakes on the table carry over (EMA-STICK, SEI-RIICHI-6)
            carried = on_table // stake
            if data.setdefault("riichi_sticks", carried) != carried:
                raise TournamentError(
                    f"hand {k}: riichi_sticks is {data['riichi_sticks']!r} but the sheet's "
                    f"earlier hands leave {carried} on the table"
                )
        try:
            result = settle_object(data)  # the code of `muraglia settle`, input checks included
        except (MahjongError, KeyError, TypeError, ValueError) as exc:
            msg = f"missing key {exc.args[0]!r}" if isinstance(exc, KeyError) else str(exc)
            raise TournamentError(f"hand {k}: {msg}") from None
        # every payment comes from settle, the table's (riichi stakes) included
        net = {str(w): int(v) for w, v in result["net"].items()}
        if sum(net.values()) != 0:
            raise TournamentError(f"hand {k}: the settlement is not zero-sum: {net}")
        on_table += net.get("table", 0)
        net_start = dict.fromkeys(start_winds, 0)
        for w, v in net.items():
            if w == "table":
                continue
            s = start_of.get(w)
            if s is None:
                if v and not (size == 3 and w == data.get("dead")):
                    raise TournamentError(f"hand {k}: seat {w!r} is not at this table")
                continue
            net_start[s] += v
        for s in start_winds:
            raw[s] += net_start[s]
        out.append({"number": k, "data": dict(hand), "net": net_start})
        if "honba" in result:
            counters = True
            honba = int(result["honba"])
        turns += 1
        if _passes(event, ruleset, result, [str(w) for w in winners]):
            dealer = (dealer + 1) % rot
    left = on_table
    # zero-sum (a dead seat's payments are credited to nobody's debit, RAV-3P-4)
    if size == 4 and sum(raw.values()) + left != 0:  # pragma: no cover - settle is zero-sum
        raise TournamentError(f"the sheet does not add up: {raw}, {left} on the table")
    if event.regulation == "ravenna":
        raw = {s: RAVENNA_START + v for s, v in raw.items()}  # RAV-COMP-6
    return out, raw, left


def _check_totals(
    event: Event, table: Table, totals: Mapping[str, Any]
) -> tuple[dict[str, int], int]:
    """Validate table totals (keys: starting winds; 'table': leftover riichi points)."""
    if not isinstance(totals, Mapping):
        raise TournamentError('totals must be a JSON object such as {"E": 120, ...}')
    winds = [x.wind for x in sorted(table.seats, key=lambda x: x.position)]
    keys = set(totals) - {"table"}
    if keys != set(winds):
        raise TournamentError(
            f"totals for table {table.number} need exactly the seats {', '.join(winds)}; "
            f"got {', '.join(sorted(map(str, totals)))}"
        )
    raw: dict[str, int] = {}
    bound = session_bound(event, len(winds))
    base = RAVENNA_START if event.regulation == "ravenna" else 0
    for w in winds:
        v = totals[w]
        if isinstance(v, bool) or not isinstance(v, int):
            raise TournamentError(f"total of {w} must be a whole number, got {v!r}")
        if abs(v - base) > bound:
            raise TournamentError(
                f"total of {w} is {v}: no seat can "
                + (
                    f"end a session below {base - bound} or above {base + bound}"
                    if base
                    else f"win or lose more than {bound} in a session"
                )
                + f" of {event.ruleset_id} ({_bound_reason(event, len(winds))})"
            )
        raw[w] = v
    leftover = totals.get("table", 0)
    if isinstance(leftover, bool) or not isinstance(leftover, int) or leftover < 0:
        raise TournamentError(f"'table' (leftover riichi points) must be >= 0, got {leftover!r}")
    if leftover > bound:
        raise TournamentError(
            f"'table' is {leftover}: more riichi points than a session of {event.ruleset_id} "
            f"can leave on the table ({bound})"
        )
    if leftover and event.ruleset_id not in STICK_RULESETS:
        raise TournamentError(
            f"'table' (leftover riichi sticks) does not exist in {event.ruleset_id} events"
        )
    stake = flow_for(load_ruleset(event.rules)).table.riichi_stake
    if leftover and stake and leftover % stake:
        raise TournamentError(
            f"'table' is {leftover}: riichi sticks are {stake} points each "
            f"({STAKE_RULE.get(event.ruleset_id, 'the ruleset')}), so the points left on the "
            f"table are a multiple of {stake}"
        )
    total = sum(raw.values())
    if event.regulation == "ravenna":
        if len(winds) == 4 and total != 4 * RAVENNA_START:
            raise TournamentError(
                f"Ravenna table totals must add up to 8000 (RAV-COMP-4); they add up to {total}"
            )
        if len(winds) == 3 and total < 3 * RAVENNA_START:
            raise TournamentError(
                f"a Ravenna table of three totals at least 6000 (RAV-3P-4); got {total}"
            )
    elif total + leftover != 0:
        raise TournamentError(
            f"table totals must be zero-sum; they add up to {total}"
            + (f" with {leftover} on the table" if leftover else "")
        )
    step, rule = TOTAL_STEP.get(event.ruleset_id, (1, ""))
    for w in winds:
        if raw[w] % step:
            raise TournamentError(
                f"total of {w} is {raw[w]}: every payment of {event.ruleset_id} is a multiple "
                f"of {step} ({rule}), so every total is too"
            )
    return raw, leftover


def _session_hands(event: Event, size: int) -> int:
    caps = MAX_HANDS.get(event.ruleset_id)
    cap = None if caps is None else caps[0] if size == 4 else caps[1]
    limit = event.hands_per_session
    if limit and cap:
        return min(limit, cap)
    return limit or cap or DEFAULT_SESSION_HANDS


def _hand_ceiling(event: Event) -> int:
    if event.ruleset_id == "fimj":
        limit = event.ruleset_options.get("limit") if event.ruleset_options else None
        return 6 * max(3000, limit if isinstance(limit, int) else 0)
    return HAND_CEILING.get(event.ruleset_id, GENERIC_HAND_CEILING)


def session_bound(event: Event, size: int = 4) -> int:
    """The most one seat can win or lose at a table in one session of the event.

    The hands the session allows (the event's hands per session, the ruleset's cap, or
    :data:`DEFAULT_SESSION_HANDS`) times the most one seat can win or lose in one hand
    (:data:`HAND_CEILING`), and never more than the database holds.
    """
    return min(_session_hands(event, size) * _hand_ceiling(event), STORAGE_CEILING)


def _bound_reason(event: Event, size: int) -> str:
    hands, ceiling = _session_hands(event, size), _hand_ceiling(event)
    if hands * ceiling > STORAGE_CEILING:
        return "the largest score the database stores"
    return f"{hands} hands of at most {ceiling} each"


def _raw_of_table(event: Event, table: Table) -> tuple[dict[str, int], int]:
    """Raw scores per seat (and leftover sticks) of the stored results."""
    by_wind = {r.wind: r for r in table.results}
    raw = {w: r.raw_score for w, r in by_wind.items()}
    leftover = sum(r.sticks for r in by_wind.values())
    return raw, leftover


def fix_seats(
    db: DbSession,
    event: Event,
    session_number: int,
    table_number: int,
    seats: Mapping[str, int],
    *,
    actor: str = "cli",
) -> dict[str, Any]:
    """Correct who sat where at one table; entered results follow the seats (re-derived).

    ``seats`` maps starting winds to player numbers; every player must be registered and
    not seated at another table of the session.
    """
    session = _session(db, event, session_number)
    if session.status == "approved":
        raise TournamentError(f"session {session_number} is approved: no changes")
    table = _table(db, session, table_number)
    winds = sorted((x.wind for x in table.seats), key=WINDS.index)
    if sorted(seats, key=lambda w: WINDS.index(w) if w in WINDS else 9) != winds:
        raise TournamentError(f"table {table_number} has the seats {', '.join(winds)}")
    numbers = list(seats.values())
    if len(set(numbers)) != len(numbers):
        raise TournamentError("a player is given two seats")
    elsewhere = _seated_in(session, exclude_table=table)
    for p in numbers:
        if p in elsewhere:
            raise TournamentError(
                f"player {p} already sits at table {elsewhere[p]} of session {session_number}"
            )
    before = {x.wind: x.registration.number for x in table.seats}
    regs = {p: _registration(db, event, p) for p in numbers}
    # a substitute stays with the player he replaced, wherever the correction seats him
    subs = {x.registration.number: x.replaced_by for x in table.seats if x.replaced_by}
    for p, sub in subs.items():
        if p in numbers and sub.number in numbers:
            raise TournamentError(
                f"player {sub.number} substitutes for player {p} at table {table_number}: he "
                "cannot also be seated there"
            )
    raw = _raw_of_table(event, table) if table.results else None
    positions = {x.wind: x.position for x in table.seats}
    for x in list(table.seats):  # delete first: a swap would break (session, player) unique
        table.seats.remove(x)
    db.flush()
    for w in winds:
        table.seats.append(
            Seat(
                position=positions[w],
                wind=w,
                registration=regs[seats[w]],
                session_id=session.id,
                replaced_by=subs.get(seats[w]),
            )
        )
    db.flush()
    if raw is not None:
        _store_results(db, event, table, raw, actor=actor)
    table.version += 1
    _audit(db, event, actor, "fix-seats", "table", table.id, before, dict(seats))
    return {"seats": dict(seats), "version": table.version}


def _store_results(
    db: DbSession,
    event: Event,
    table: Table,
    raw_and_left: tuple[dict[str, int], int],
    *,
    actor: str,
) -> list[dict[str, Any]]:
    raw, leftover = raw_and_left
    computed = table_results(event.regulation, raw, leftover_sticks=leftover)
    seats = {x.wind: x for x in table.seats}
    for r in list(table.results):
        table.results.remove(r)
    db.flush()
    rows = []
    for w, res in computed.items():
        seat = seats[w]
        who = seat.replaced_by or seat.registration
        table.results.append(
            TableResult(
                registration=who,
                wind=w,
                raw_score=res.raw_score,
                sticks=res.sticks,
                uma=res.uma,
                table_points_x12=res.table_points_x12,
                place_x12=res.place_x12,
                penalties=0,
                final=res.final,
            )
        )
        rows.append({"wind": w, "player": who.number, **asdict(res)})
    return rows


def _results_snapshot(table: Table) -> dict[str, Any]:
    return {
        "entry": table.entry,
        "hands": [{"number": h.number, "data": h.data, "net": h.net} for h in table.hands],
        "results": {
            r.wind: {"player": r.registration.number, "raw": r.raw_score, "final": r.final}
            for r in table.results
        },
    }


def enter_results(
    db: DbSession,
    event: Event,
    session_number: int,
    table_number: int,
    *,
    hands: Sequence[Mapping[str, Any]] | None = None,
    totals: Mapping[str, Any] | None = None,
    expected_version: int | None = None,
    dry_run: bool = False,
    actor: str = "cli",
) -> dict[str, Any]:
    """Enter (or correct) one table's results, by hands or by totals.

    ``expected_version`` is the table version the referee's form was read at; if another
    entry was saved since, :class:`ConflictError` says so and nothing changes. With
    ``dry_run`` nothing is written (the preview). Returns ``net`` (per starting wind), the
    per-seat ``results`` and the table's new ``version``.
    """
    if (hands is None) == (totals is None):
        raise TournamentError("give either the hands or the table totals")
    session = _session(db, event, session_number)
    if session.status == "approved":
        raise TournamentError(f"session {session_number} is approved: its results cannot change")
    if not session.tables:
        raise TournamentError(f"session {session_number} is not seated yet")
    table = _table(db, session, table_number)
    if hands is not None:
        stored, raw, leftover = _settle_hands(event, table, hands)
    else:
        assert totals is not None
        raw, leftover = _check_totals(event, table, totals)
        stored = []
    # the table's winnings per starting seat (Ravenna: the chips less the 2000, RAV-COMP-6)
    net = {w: (v - RAVENNA_START if event.regulation == "ravenna" else v) for w, v in raw.items()}
    version = table.version
    if expected_version is not None and not 1 <= expected_version <= version:
        raise TournamentError(
            f"table {table.number} of session {session_number} has no version {expected_version}: "
            f"it is at version {version} (reload the table and use the version it shows)"
        )
    if expected_version is not None and expected_version != version:
        raise ConflictError(_conflict(table, session_number, expected_version, version))
    preview_rows = [
        {"wind": w, "player": (x.replaced_by or x.registration).number, **asdict(res)}
        for w, res in table_results(event.regulation, raw, leftover_sticks=leftover).items()
        for x in table.seats
        if x.wind == w
    ]
    if dry_run:
        return {"net": net, "results": preview_rows, "version": version, "saved": False}
    # optimistic lock: the version must still be the one read
    changed = db.execute(
        update(Table)
        .where(Table.id == table.id, Table.version == version)
        .values(version=version + 1)
        .execution_options(synchronize_session=False)
    )
    if changed.rowcount != 1:  # type: ignore[attr-defined]
        # another referee saved since this table was read; nothing was written here, and
        # the caller's transaction is left to the caller (it rolls back on the error)
        now = db.scalar(select(Table.version).where(Table.id == table.id))
        raise ConflictError(_conflict(table, session_number, version, now))
    db.expire(table, ["version"])  # the new version, read back on the next access
    before = _results_snapshot(table) if table.results else None
    for old in list(table.hands):
        table.hands.remove(old)
    db.flush()
    for h in stored:
        table.hands.append(Hand(number=h["number"], data=h["data"], net=h["net"]))
    table.entry = "hands" if hands is not None else "totals"
    rows = _store_results(db, event, table, (raw, leftover), actor=actor)
    if session.status == "seating":
        session.status = "started"
        session.started_at = session.started_at or dt.datetime.now(dt.UTC)
    db.flush()
    _audit(
        db,
        event,
        actor,
        "correct" if before else "enter",
        "table",
        table.id,
        before,
        _results_snapshot(table),
    )
    return {"net": net, "results": rows, "version": table.version, "saved": True}


def _conflict(table: Table, session: int, had: int, now: int | None) -> str:
    return (
        f"table {table.number} of session {session} was changed by someone else since you "
        f"read it (your version {had}"
        + (f", now {now}" if now is not None else "")
        + "): reload the table and enter the sheet again"
    )


# ---------------------------------------------------------------------------------------
# penalties


def add_penalty(
    db: DbSession,
    event: Event,
    player: int,
    amount: int | None,
    reason: str,
    *,
    session_number: int | None = None,
    kind: str = "referee",
    referee: str = "referee",
    actor: str = "cli",
) -> Penalty:
    """A point penalty taken from the player's ranking score (after uma).

    ``kind``: ``referee`` (the amount given), ``lateness``, ``chombo`` (EMA: 20000 after
    uma when no amount is given) or ``escalating`` (MCR-style: the event's
    ``penalty_steps`` option, default 10/20/40…, the n-th uncancelled escalating penalty
    of a player costing the n-th step, doubling past the list).
    """
    kinds = {"referee", "lateness", "chombo", "escalating"}
    if kind not in kinds:
        raise TournamentError(f"unknown penalty kind {kind!r}: {', '.join(sorted(kinds))}")
    if not reason.strip():
        raise TournamentError("a penalty needs a reason")
    reg = _registration(db, event, player)
    session = _session(db, event, session_number) if session_number else None
    if session is not None and session.status == "approved":
        raise TournamentError(f"session {session_number} is approved: no new penalties")
    if kind == "chombo" and amount is None:
        amount = CHOMBO_POINTS
    if kind == "escalating":
        steps = [int(x) for x in event.options.get("penalty_steps", [10, 20, 40])]
        earlier = db.scalars(
            select(Penalty).where(
                Penalty.event_id == event.id,
                Penalty.registration_id == reg.id,
                Penalty.kind == "escalating",
                Penalty.cancelled.is_(False),
            )
        ).all()
        n = len(earlier)
        amount = steps[n] if n < len(steps) else steps[-1] * 2 ** (n - len(steps) + 1)
    if amount is None or isinstance(amount, bool) or amount <= 0:
        raise TournamentError(f"the penalty amount must be a positive number, got {amount!r}")
    pen = Penalty(
        event_id=event.id,
        session_id=session.id if session else None,
        registration=reg,
        amount=amount,
        kind=kind,
        reason=reason.strip(),
        referee=referee,
    )
    db.add(pen)
    db.flush()
    _audit(
        db,
        event,
        actor,
        "penalty",
        "penalty",
        pen.id,
        None,
        {"player": player, "amount": amount, "kind": kind, "reason": pen.reason},
    )
    return pen


def cancel_penalty(db: DbSession, event: Event, penalty_id: int, *, actor: str = "cli") -> None:
    """Cancel a penalty (kept, marked cancelled)."""
    pen = db.get(Penalty, penalty_id)
    if pen is None or pen.event_id != event.id:
        raise TournamentError(f"event {event.id} has no penalty {penalty_id}")
    if pen.cancelled:
        raise TournamentError(f"penalty {penalty_id} is already cancelled")
    if pen.session_id is not None:
        s = db.get(Session, pen.session_id)
        if s is not None and s.status == "approved":
            raise TournamentError(f"session {s.number} is approved: the penalty stands")
    pen.cancelled = True
    _audit(db, event, actor, "cancel", "penalty", pen.id, {"cancelled": False}, {"cancelled": True})


# ---------------------------------------------------------------------------------------
# standings


def standings(db: DbSession, event: Event) -> list[Standing]:
    """The live standings by the event's regulation (every entered table counts)."""
    regs = db.execute(
        select(
            Registration.id,
            Registration.number,
            Registration.status,
            Registration.counts_for_ranking,
            Person.name,
            Team.name,
        )
        .join(Person, Registration.person_id == Person.id)
        .outerjoin(Team, Registration.team_id == Team.id)
        .where(Registration.event_id == event.id)
    ).all()
    lines = {
        number: Standing(
            player=number,
            name=name,
            ranked=bool(counts) and status != "substitute",
            team=team,
        )
        for _id, number, status, counts, name, team in regs
    }
    number_of = {reg_id: number for reg_id, number, *_ in regs}
    rows = db.execute(
        select(
            TableResult.registration_id,
            TableResult.raw_score,
            TableResult.sticks,
            TableResult.uma,
            TableResult.table_points_x12,
            TableResult.final,
            Session.number,
        )
        .join(Table, TableResult.table_id == Table.id)
        .join(Session, Table.session_id == Session.id)
        .where(Session.event_id == event.id)
    ).all()
    for reg_id, raw, _sticks, uma, tp, final, snum in rows:
        line = lines[number_of[reg_id]]
        line.raw += raw
        line.uma += uma
        line.table_points_x12 += tp
        line.score += final
        line.sessions[snum] = line.sessions.get(snum, 0) + final
    pens = db.execute(
        select(Penalty.registration_id, Penalty.amount).where(
            Penalty.event_id == event.id, Penalty.cancelled.is_(False)
        )
    ).all()
    for reg_id, amount in pens:
        line = lines[number_of[reg_id]]
        line.penalties += amount
        line.score -= amount
        if event.regulation == "mcr":
            line.raw -= amount
    return rank(list(lines.values()), event.regulation)


def standing_dict(line: Standing, regulation: str) -> dict[str, Any]:
    """One line of ``muraglia tournament standings --json``."""
    uses_tp = regulation in {"mcr", "fimj"}
    return {
        "rank": line.rank,
        "player": line.player,
        "name": line.name,
        "score": line.score,
        "table_points": (line.table_points_x12 / 12 if uses_tp else None),
        "table_points_x12": line.table_points_x12 if uses_tp else None,
        "uma": line.uma if regulation == "ema" else None,
        "penalties": line.penalties,
        "sessions": {str(k): v for k, v in sorted(line.sessions.items())},
        "team": line.team,
        "ranked": line.ranked,
    }


def team_standings(lines: Iterable[Standing], regulation: str) -> list[dict[str, Any]]:
    """Teams by the sum of their ranked members' scores (and table points); shared places."""
    teams: dict[str, Standing] = {}
    for line in lines:
        if line.team is None or not line.ranked:
            continue
        t = teams.setdefault(line.team, Standing(player=len(teams) + 1, name=line.team))
        t.score += line.score
        t.table_points_x12 += line.table_points_x12
        t.extra.setdefault("members", []).append(line.player)
    ranked = rank(list(teams.values()), regulation)
    return [
        {
            "rank": t.rank,
            "team": t.name,
            "score": t.score,
            "table_points": t.table_points_x12 / 12 if regulation in {"mcr", "fimj"} else None,
            "members": t.extra["members"],
        }
        for t in ranked
    ]
