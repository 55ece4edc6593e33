"""``muraglia tournament``: run an event from registration to the results file.

Contract (interfaces.md §5): ``new``, ``players``, ``seat``, ``enter``, ``standings``,
``export``, each with ``--db URL`` and ``--json``; extra subcommands ``session`` (status),
``penalty``, ``drop``, ``sub`` (substitute), ``fix-seats``, ``tables`` and ``user``. Bad
input exits 2 with a one-line message and changes nothing (one database transaction per
command).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import sys
from pathlib import Path
from typing import Any

from muraglia.errors import MahjongError
from muraglia.tiles import WIND_LETTERS

__all__ = ["register", "run"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``tournament`` command and its subcommands."""
    p = subparsers.add_parser(
        "tournament",
        help="run a tournament (players, seating, score entry, standings, exports)",
        description="Tournament manager / gestione tornei. Database: --db URL "
        "(default: MURAGLIA_DB or an SQLite file in the user data folder).",
    )
    sub = p.add_subparsers(dest="tcommand", metavar="SUBCOMMAND", help="what to do")

    def add(name: str, help_: str) -> argparse.ArgumentParser:
        q = sub.add_parser(name, help=help_, description=help_)
        q.add_argument("--db", help="database URL (SQLAlchemy), default the embedded SQLite")
        q.add_argument("--json", action="store_true", help="print one JSON object")
        q.add_argument("--actor", default="cli", help="who makes the change (audit log)")
        return q

    q = add("new", "create an event")
    q.add_argument("name", help="event name")
    q.add_argument("--rules", required=True, help="ruleset spec, e.g. fimj(tournament=true)")
    q.add_argument("--sessions", required=True, type=int, help="number of sessions")
    q.add_argument("--regulation", choices=["fimj", "ravenna", "ema", "mcr"], help="ranking rules")
    q.add_argument("--hands-per-session", type=int, help="turns of East per session")
    q.add_argument("--days", type=int, default=1, help="days (EMA weight)")
    q.add_argument("--minutes", type=int, help="length of a session (the big screen's countdown)")
    q.add_argument("--start", help="first session's start, ISO date-time (2026-11-28T09:30)")

    q = add("players", "import the player list (CSV) or list the players")
    q.add_argument("id", help="event id")
    q.add_argument("--import", dest="import_file", metavar="FILE.csv", help="player list")

    q = add("seat", "seat the sessions not yet played")
    q.add_argument("id", help="event id")
    q.add_argument("--seed", type=int, default=0, help="random seed of the plan")
    q.add_argument("--method", choices=["plan", "swiss", "import"], default="plan", help="how")
    q.add_argument("--session", type=int, help="swiss: the session to seat")
    q.add_argument("--schedule", metavar="FILE.json", help="import: sessions→tables→players")
    q.add_argument("--iterations", type=int, help="annealing steps (default by size)")

    q = add("enter", "enter (or correct) one table's results")
    q.add_argument("id", help="event id")
    q.add_argument("--session", type=int, required=True, help="session number")
    q.add_argument("--table", type=int, required=True, help="table number")
    src = q.add_mutually_exclusive_group(required=True)
    src.add_argument("--hands", metavar="FILE.jsonl", help="one settle object per line")
    src.add_argument("--totals", metavar="JSON", help='table totals, e.g. {"E": 120, ...}')
    q.add_argument("--version", type=int, help="the table version the sheet was read at")
    q.add_argument("--preview", action="store_true", help="compute and show; save nothing")

    q = add("standings", "the current standings")
    q.add_argument("id", help="event id")
    q.add_argument("--teams", action="store_true", help="team standings")

    q = add("export", "standings and results files, printable pages")
    q.add_argument("id", help="event id")
    q.add_argument(
        "--format",
        required=True,
        choices=["csv", "json", "ema", "sheets", "schedules", "signs"],
        help="file format",
    )
    q.add_argument("--session", type=int, help="sheets/signs/schedules: only this session")
    q.add_argument("--out", metavar="FILE", help="write to FILE")

    q = add("session", "show or change a session's status")
    q.add_argument("id", help="event id")
    q.add_argument("number", type=int, help="session number")
    q.add_argument(
        "--status", choices=["seating", "started", "finished", "approved"], help="new status"
    )

    q = add("tables", "the tables of a session with their versions and results")
    q.add_argument("id", help="event id")
    q.add_argument("--session", type=int, required=True, help="session number")

    q = add("penalty", "give (or cancel) a point penalty")
    q.add_argument("id", help="event id")
    q.add_argument("--player", type=int, help="player number")
    q.add_argument("--amount", type=int, help="points taken")
    q.add_argument("--reason", default="", help="why")
    q.add_argument("--session", type=int, help="session number")
    q.add_argument(
        "--kind",
        default="referee",
        choices=["referee", "lateness", "chombo", "escalating"],
        help="kind of penalty",
    )
    q.add_argument("--referee", default="referee", help="referee name")
    q.add_argument("--cancel", type=int, metavar="PENALTY_ID", help="cancel a penalty")

    q = add("drop", "withdraw a player (then re-seat the unplayed sessions)")
    q.add_argument("id", help="event id")
    q.add_argument("player", type=int, help="player number")

    q = add("sub", "a substitute plays a seat (--player none to undo)")
    q.add_argument("id", help="event id")
    q.add_argument("--session", type=int, required=True, help="session number")
    q.add_argument("--table", type=int, required=True, help="table number")
    q.add_argument("--wind", required=True, choices=WIND_LETTERS, help="seat")
    q.add_argument("--player", required=True, help="substitute number or none")

    q = add("fix-seats", "correct who sat where; entered results follow the seats")
    q.add_argument("id", help="event id")
    q.add_argument("--session", type=int, required=True, help="session number")
    q.add_argument("--table", type=int, required=True, help="table number")
    q.add_argument("--seats", required=True, metavar="JSON", help='{"E": 3, "S": 7, ...}')

    q = add("user", "add an organiser or referee login for the web pages")
    q.add_argument("username", help="login name")
    q.add_argument("--role", choices=["organiser", "referee"], required=True, help="role")
    q.add_argument("--password-stdin", action="store_true", help="read the password on stdin")

    p.set_defaults(run=run)


def _json_arg(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise MahjongError(f"{what}: invalid JSON: {exc.msg} at position {exc.pos}") from None


def _number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise MahjongError(f"--player must be a player number or 'none', got {text!r}") from None


def _datetime(text: str) -> dt.datetime:
    try:
        when = dt.datetime.fromisoformat(text)
    except ValueError:
        raise MahjongError(f"--start {text!r} is not an ISO date-time (2026-11-28T09:30)") from None
    return when if when.tzinfo else when.astimezone()


def _read_text(path: str) -> str:
    """A UTF-8 text file (``-``: standard input), or an error naming the file and the encoding."""
    if path == "-":
        return sys.stdin.read()
    data = Path(path).read_bytes()
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        utf16 = data.startswith((b"\xff\xfe", b"\xfe\xff"))
        raise MahjongError(
            f"{path} is not UTF-8 text"
            + (
                " (it is UTF-16, Excel's 'Unicode text')"
                if utf16
                else f" (byte {exc.start} is 0x{data[exc.start]:02x})"
            )
            + ": save it as UTF-8 (Excel: 'CSV UTF-8')"
        ) from None


def _read_hands(path: str) -> list[Any]:
    hands = []
    text = _read_text(path)
    for k, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            hands.append(_json_arg(line, f"{path} line {k}"))
    return hands


_PASSWORD = re.compile(r"(://[^:/@\s]*:)[^@\s]*@")


def _hide_password(text: str) -> str:
    """``text`` with the password of any URL in it replaced by ``***``."""
    return _PASSWORD.sub(r"\1***@", text)


def _db_reason(exc: BaseException) -> str:
    """The first line of a database error's own message (the driver's, when there is one)."""
    orig = getattr(exc, "orig", None)
    text = str(orig if orig is not None else exc).strip()
    return _hide_password(text.splitlines()[0] if text else type(exc).__name__)


def _execute(args: argparse.Namespace) -> dict[str, Any]:
    from sqlalchemy.exc import SQLAlchemyError  # noqa: PLC0415 - sqlalchemy only here

    from muraglia.db import default_url  # noqa: PLC0415

    url = args.db or default_url()
    try:
        return _execute_on(args, url)
    except SQLAlchemyError as exc:
        raise MahjongError(f"database {_hide_password(url)!r}: {_db_reason(exc)}") from None


def _open(url: str) -> Any:
    """The migrated engine of ``url``, or a one-line error naming the URL (password hidden)."""
    from alembic.util.exc import CommandError  # noqa: PLC0415
    from sqlalchemy.exc import SQLAlchemyError  # noqa: PLC0415

    from muraglia.db import make_engine, migrate  # noqa: PLC0415

    try:
        engine = make_engine(url)
    except (SQLAlchemyError, ImportError, ValueError) as exc:
        raise MahjongError(
            f"cannot use the database {_hide_password(url)!r}: {_db_reason(exc)} "
            "(a URL such as sqlite:///path/to/file.db or postgresql://user@host/db)"
        ) from None
    try:
        migrate(engine)
    except (SQLAlchemyError, CommandError, OSError) as exc:
        engine.dispose()
        raise MahjongError(
            f"cannot open the database {_hide_password(url)!r}: {_db_reason(exc)}"
        ) from None
    return engine


def _execute_on(args: argparse.Namespace, url: str) -> dict[str, Any]:
    from muraglia.tournament import export, service  # noqa: PLC0415

    engine = _open(url)
    try:
        from sqlalchemy.orm import Session as DbSession  # noqa: PLC0415

        with DbSession(engine) as db, db.begin():
            cmd = args.tcommand
            actor = args.actor
            if cmd == "new":
                event = service.create_event(
                    db,
                    args.name,
                    rules=args.rules,
                    sessions=args.sessions,
                    regulation=args.regulation,
                    hands_per_session=args.hands_per_session,
                    days=args.days,
                    session_minutes=args.minutes,
                    start=_datetime(args.start) if args.start else None,
                    actor=actor,
                )
                return {"ok": True, "id": str(event.id)}
            if cmd == "user":
                from muraglia.tournament.auth import add_user  # noqa: PLC0415

                password = sys.stdin.readline().rstrip("\n") if args.password_stdin else None
                if not password:
                    raise MahjongError("give the password on stdin with --password-stdin")
                user = add_user(db, args.username, password, args.role)
                return {"ok": True, "user": user.username, "role": user.role}
            event = service.get_event(db, args.id)
            if cmd == "players":
                if args.import_file:
                    text = _read_text(args.import_file)
                    return {"ok": True, "players": service.import_players(db, event, text)}
                return {
                    "ok": True,
                    "players": [
                        {
                            "player": r.number,
                            "name": r.person.name,
                            "club": r.person.club,
                            "country": r.person.country,
                            "ema_id": r.person.ema_id,
                            "team": r.team.name if r.team else None,
                            "status": r.status,
                        }
                        for r in event.registrations
                    ],
                }
            if cmd == "seat":
                schedule = None
                if args.schedule:
                    schedule = _json_arg(_read_text(args.schedule), args.schedule)
                out = service.seat_event(
                    db,
                    event,
                    seed=args.seed,
                    method=args.method,
                    session_number=args.session,
                    schedule=schedule,
                    iterations=args.iterations,
                    actor=actor,
                )
                return {"ok": True, **out}
            if cmd == "enter":
                hands = _read_hands(args.hands) if args.hands else None
                totals = _json_arg(args.totals, "--totals") if args.totals else None
                out = service.enter_results(
                    db,
                    event,
                    args.session,
                    args.table,
                    hands=hands,
                    totals=totals,
                    expected_version=args.version,
                    dry_run=args.preview,
                    actor=actor,
                )
                return {"ok": True, **out}
            if cmd == "standings":
                lines = service.standings(db, event)
                if args.teams:
                    return {"ok": True, "teams": service.team_standings(lines, event.regulation)}
                return {
                    "ok": True,
                    "standings": [service.standing_dict(x, event.regulation) for x in lines],
                }
            if cmd == "export":
                fmt = args.format
                text = export.render(db, event, fmt, args.session)
                if args.out:
                    Path(args.out).write_text(text, encoding="utf-8")
                    return {"ok": True, "format": fmt, "out": args.out}
                return {"ok": True, "format": fmt, "text": text}
            if cmd == "session":
                if args.status:
                    s = service.set_session_status(db, event, args.number, args.status, actor=actor)
                else:
                    s = service.get_session(db, event, args.number)
                return {"ok": True, "session": s.number, "status": s.status}
            if cmd == "tables":
                s = service.get_session(db, event, args.session)
                return {
                    "ok": True,
                    "session": s.number,
                    "status": s.status,
                    "tables": [service.table_dict(t) for t in s.tables],
                }
            if cmd == "penalty":
                if args.cancel is not None:
                    service.cancel_penalty(db, event, args.cancel, actor=actor)
                    return {"ok": True, "cancelled": args.cancel}
                if args.player is None:
                    raise MahjongError("--player is required (or --cancel PENALTY_ID)")
                pen = service.add_penalty(
                    db,
                    event,
                    args.player,
                    args.amount,
                    args.reason,
                    session_number=args.session,
                    kind=args.kind,
                    referee=args.referee,
                    actor=actor,
                )
                return {"ok": True, "penalty": pen.id, "amount": pen.amount}
            if cmd == "drop":
                service.drop_player(db, event, args.player, actor=actor)
                return {"ok": True, "dropped": args.player}
            if cmd == "sub":
                who = None if args.player.strip().lower() == "none" else _number(args.player)
                service.substitute(db, event, args.session, args.table, args.wind, who, actor=actor)
                return {"ok": True}
            if cmd == "fix-seats":
                seats = _json_arg(args.seats, "--seats")
                if not isinstance(seats, dict) or not all(
                    isinstance(v, int) for v in seats.values()
                ):
                    raise MahjongError('--seats must map winds to player numbers: {"E": 3}')
                out = service.fix_seats(db, event, args.session, args.table, seats, actor=actor)
                return {"ok": True, **out}
            raise MahjongError(f"unknown subcommand {cmd!r}")  # pragma: no cover
    finally:
        engine.dispose()


def run(args: argparse.Namespace) -> int:
    """Run ``muraglia tournament SUBCOMMAND``."""
    if args.tcommand is None:
        print("muraglia tournament: a subcommand is required (see --help)", file=sys.stderr)
        return 2
    try:
        result = _execute(args)
    except (MahjongError, OSError, ValueError, KeyError, TypeError) as exc:
        msg = f"missing key {exc.args[0]!r}" if isinstance(exc, KeyError) else str(exc)
        print(f"muraglia tournament {args.tcommand}: error: {msg}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    elif "text" in result:
        sys.stdout.write(result["text"])
    else:
        _render(args.tcommand, result)
    return 0


def _render(cmd: str, result: dict[str, Any]) -> None:
    if cmd == "standings" and "standings" in result:
        for x in result["standings"]:
            tp = "" if x["table_points"] is None else f"  tp {x['table_points']:6.2f}"
            rank = "-" if x["rank"] is None else x["rank"]
            print(f"{rank:>4}  {x['player']:>4}  {x['name']:<30} {x['score']:>8}{tp}")
        return
    if cmd == "standings" and "teams" in result:
        for x in result["teams"]:
            tp = "" if x["table_points"] is None else f"  tp {x['table_points']:6.2f}"
            members = ", ".join(map(str, x["members"]))
            print(f"{x['rank']:>4}  {x['team']:<30} {x['score']:>8}{tp}  players {members}")
        return
    if cmd == "seat":
        for k, session in enumerate(result["sessions"], start=1):
            tables = "  ".join("/".join(map(str, t)) for t in session)
            print(f"session {k}: {tables}")
        print(
            f"repeats {result['repeats']} (lower bound {result['lower_bound']}), "
            f"max meetings {result['max_meetings']}, wind deviation {result['wind_deviation']}"
        )
        return
    print(json.dumps(result, ensure_ascii=False, indent=2))
