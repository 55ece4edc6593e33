"""``muraglia replay``: step through a game record, or check that records replay identically.

``muraglia replay RECORD`` prints one line per event (``--json``: a summary object; ``--mjai``:
the mjai event stream; ``--tenhou6``: the game as tenhou.net/6 JSON; ``--mjlog``: the game as
Tenhou mjlog XML).
``muraglia replay --check PATH...`` replays every record under the paths and compares it with
what was recorded (interfaces.md §5), exiting 1 if anything differs: muraglia's own ``*.jsonl``
records event by event (and so every hand result); Tenhou records (mjlog XML ``*.mjlog``/``*.xml``
and tenhou.net/6 ``*.json``) and mjai logs (Mortal's, mjai.app's, ours) through the live engine,
event by event and hand result by hand result (see :mod:`muraglia.io.tenhou_replay`). Formats
are recognised by content; a file that cannot be read is an error entry naming it and the check
goes on; usage errors (an empty path, a folder without ``--check``, an empty folder, a binary
file) exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from muraglia.cli._common import dump
from muraglia.engine.events import DealStarted
from muraglia.errors import MahjongError
from muraglia.io.mjai import mjai_of
from muraglia.io.mjlog import to_mjlog
from muraglia.io.record import loads, replay
from muraglia.io.stepper import Steps, read_record, record_format, step
from muraglia.io.tenhou6 import to_tenhou6
from muraglia.io.tenhou_replay import check_records, record_paths

__all__ = ["register", "run"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` subcommand."""
    p = subparsers.add_parser(
        "replay",
        help="replay a game record",
        description="Replay a game record (JSON Lines: header, then events), or check records.",
    )
    p.add_argument("paths", nargs="+", metavar="RECORD", help="record file(s) or folders")
    p.add_argument("--check", action="store_true", help="replay every record and compare")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--mjai", action="store_true", help="print the mjai event stream (JSON Lines)")
    out.add_argument(
        "--tenhou6",
        action="store_true",
        help="print the game as tenhou.net/6 JSON (riichi records; Tenhou's log viewer format)",
    )
    out.add_argument(
        "--mjlog",
        action="store_true",
        help="print the game as Tenhou mjlog XML (riichi records; Tenhou's own log format)",
    )
    p.set_defaults(run=run)


def kind_of(path: Path) -> tuple[str, str]:
    """(``muraglia`` or ``tenhou``, the text) of a record file, recognised by content.

    Raises:
        MahjongError: a file that is not UTF-8 text or not a record of a known format.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise MahjongError(f"{path}: cannot be read ({exc.strerror})") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MahjongError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    kind = record_format(text, str(path))  # ours, or mjlog/tenhou6/mjai: the engine check
    return ("muraglia" if kind == "muraglia" else "tenhou"), text


def check(paths: list[str]) -> dict[str, Any]:
    """The ``--check`` result object: our records and Tenhou records together.

    A file that cannot be read or recognised is an error entry naming it; the check goes on.
    """
    tenhou: list[Path] = []
    ours: list[tuple[Path, str]] = []
    errors: list[dict[str, Any]] = []
    for path in record_paths(paths):
        try:
            kind, text = kind_of(path)
        except MahjongError as exc:
            errors.append({"record": str(path), "error": str(exc).removeprefix(f"{path}: ")})
            continue
        if kind == "tenhou":
            tenhou.append(path)
        else:
            ours.append((path, text))
    report = check_records(tenhou).to_dict() if tenhou else {}
    records = int(report.get("records", 0))
    hands = int(report.get("hands", 0))
    matched = int(report.get("matched", 0))
    mismatches: list[dict[str, Any]] = list(report.get("mismatches", []))
    errors = list(report.get("errors", [])) + errors  # unreadable: tenhou-check's entries
    for path, text in ours:
        try:
            record = loads(text)
        except (MahjongError, RecursionError) as exc:
            errors.append({"record": str(path), "error": _message(exc)})
            continue
        records += 1
        n = sum(isinstance(e, DealStarted) for e in record.events)
        hands += n
        try:
            replay(record)
        except (MahjongError, RecursionError, KeyError, TypeError, ValueError) as exc:
            # interfaces.md §5's mismatch: the record's events against what the engine did
            mismatches.append(
                {"record": str(path), "hand": None, "expected": "the recorded events",
                 "got": _message(exc)}
            )  # fmt: skip
            continue
        matched += n
    return {
        "ok": not mismatches and not errors,
        "records": records,
        "hands": hands,
        "matched": matched,
        "mismatches": mismatches,
        "errors": errors,
        "incomplete": report.get("incomplete", []),
    }


def _show_steps(path: Path, steps: Steps, *, as_json: bool) -> int:
    """``replay RECORD`` of a Tenhou or mjai log: its moves as the live engine plays them.

    Each round starts from its recorded state (:func:`muraglia.io.stepper.step`, the replay
    viewer's stepping); where the engine does not reproduce the record the round's problems
    are listed and ``identical`` is false (exit 1, as ``--check``).
    """
    events = [e for frame in steps.frames for e in frame.events]
    problems = list(steps.problems) + [f"{d.name}: {p}" for d in steps.deals for p in d.problems]
    if as_json:
        print(
            dump(
                {
                    "ok": True,
                    "record": str(path),
                    "ruleset": steps.rules,
                    "events": len(events),
                    "hands": len(steps.deals),
                    "scores": None if steps.final is None else list(steps.final),
                    "identical": not problems,
                    "problems": problems,
                }
            )
        )
    else:
        for event in events:
            print(event.line())
        for p in problems:
            print(f"not reproduced: {p}")
    return 0 if not problems else 1


def _message(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "JSON nested too deeply"
    return str(exc)


def run(args: argparse.Namespace) -> int:
    """Run ``muraglia replay``."""
    try:
        if args.check:
            result = check(args.paths)
            if args.json:
                print(dump(result))
            else:
                print(f"{result['records']} records, {result['matched']}/{result['hands']} hands")
                for m in result["mismatches"]:
                    where = f"{m['hand']}: " if m.get("hand") else ""
                    print(f"  {m['record']}: {where}expected {m['expected']}, got {m['got']}")
                for m in result["errors"]:
                    where = f"{m['hand']}: " if m.get("hand") else ""
                    print(f"  ERROR {m['record']}: {where}{m['error']}")
                for m in result["incomplete"]:
                    print(f"  incomplete (reported, not a failure): {m}")
            return 0 if result["ok"] else 1
        if len(args.paths) != 1:
            raise MahjongError("give one RECORD to replay (or --check for several)")
        if args.paths[0].strip() and Path(args.paths[0]).is_dir():
            raise MahjongError(
                f"{args.paths[0]!r} is a folder: use --check to check every record in it"
            )
        (path,) = record_paths(args.paths)
        kind, text = kind_of(path)
        if kind == "tenhou":
            if args.mjai or args.tenhou6 or args.mjlog:
                raise MahjongError(
                    f"{path}: a Tenhou or mjai log; --mjai, --tenhou6 and --mjlog convert our "
                    "own records (muraglia JSON Lines)"
                )
            steps = step(read_record(text, path.name))
        else:
            record = loads(text)
            match = replay(record)
    except (MahjongError, OSError, KeyError, TypeError, ValueError, RecursionError) as exc:
        print(f"muraglia replay: error: {_message(exc)}", file=sys.stderr)
        return 2
    if kind == "tenhou":
        return _show_steps(path, steps, as_json=args.json)
    if args.mjai:
        try:
            stream = mjai_of(match)
        except MahjongError as exc:
            print(f"muraglia replay: error: {exc}", file=sys.stderr)
            return 2
        for message in stream:
            print(dump(message))
    elif args.tenhou6 or args.mjlog:
        try:
            print(
                to_mjlog(record)
                if args.mjlog
                else json.dumps(to_tenhou6(record), ensure_ascii=False)
            )
        except MahjongError as exc:
            print(f"muraglia replay: error: {exc}", file=sys.stderr)
            return 2
    elif args.json:
        print(
            dump(
                {
                    "ok": True,
                    "record": str(path),
                    "ruleset": record.rules_id,  # a preset's id (riichi-tenhou) where it has one
                    "events": len(record.events),
                    "hands": sum(isinstance(e, DealStarted) for e in record.events),
                    "scores": list(match.scores),
                    "identical": True,
                }
            )
        )
    else:
        for event in record.events:
            print(event.line())
    return 0
