"""``muraglia replay``: step through a game record, or check that records replay identically.

``muraglia replay RECORD`` prints one line per event (``--json``: a summary object; ``--mjai``:
the mjai event stream).
``muraglia replay --check PATH...`` replays every record under the paths and compares it with
what was recorded (interfaces.md §5), exiting 1 if anything differs: muraglia's own ``*.jsonl``
records event by event (and so every hand result); Tenhou records (mjlog XML ``*.mjlog``/``*.xml``
and tenhou.net/6 ``*.json``) under ``riichi-tenhou``, hand result by hand result (winners, han,
fu, points, every seat's score change; see :mod:`muraglia.io.tenhou_replay`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from muraglia.cli._common import dump
from muraglia.engine.events import DealStarted
from muraglia.errors import MahjongError
from muraglia.io.mjai import to_mjai
from muraglia.io.record import ReplayMismatchError, loads, replay
from muraglia.io.tenhou_replay import check_records

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
    p.add_argument("--mjai", action="store_true", help="print the mjai event stream (JSON Lines)")
    p.set_defaults(run=run)


_TENHOU = (".mjlog", ".xml", ".json")
"""File endings of Tenhou records (mjlog XML, tenhou.net/6 JSON)."""


def _files(paths: list[str], endings: tuple[str, ...] = (".jsonl",)) -> list[Path]:
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out += sorted(x for x in path.rglob("*") if x.suffix in endings)
        elif path.exists():
            out.append(path)
        else:
            raise MahjongError(f"no such record file or folder: {raw!r}")
    return out


def check(paths: list[str]) -> dict[str, Any]:
    """The ``--check`` result object: our records and Tenhou records together."""
    files = _files(paths, (".jsonl", *_TENHOU))
    tenhou = [f for f in files if f.suffix in _TENHOU]
    report = check_records(tenhou).to_dict() if tenhou else {}
    records = int(report.get("records", 0))
    hands = int(report.get("hands", 0))
    matched = int(report.get("matched", 0))
    mismatches: list[dict[str, Any]] = list(report.get("mismatches", []))
    mismatches += [
        {"record": e.get("record"), "error": e.get("error")} for e in report.get("errors", [])
    ]
    for path in (f for f in files if f.suffix not in _TENHOU):
        record = loads(path.read_text(encoding="utf-8"))
        records += 1
        n = sum(isinstance(e, DealStarted) for e in record.events)
        hands += n
        try:
            replay(record)
        except (ReplayMismatchError, MahjongError) as exc:
            mismatches.append({"record": str(path), "error": str(exc)})
            continue
        matched += n
    return {
        "ok": not mismatches,
        "records": records,
        "hands": hands,
        "matched": matched,
        "mismatches": mismatches,
        "incomplete": report.get("incomplete", []),
    }


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
                    detail = (
                        m.get("error")
                        or f"{m.get('hand')}: expected {m.get('expected')}, got {m.get('got')}"
                    )
                    print(f"  {m['record']}: {detail}")
                for m in result["incomplete"]:
                    print(f"  incomplete (reported, not a failure): {m}")
            return 0 if result["ok"] else 1
        if len(args.paths) != 1:
            raise MahjongError("give one RECORD to replay (or --check for several)")
        (path,) = _files(args.paths)
        record = loads(path.read_text(encoding="utf-8"))
        match = replay(record)
    except (MahjongError, OSError, KeyError, TypeError) as exc:
        print(f"muraglia replay: error: {exc}", file=sys.stderr)
        return 2
    if args.mjai:
        for message in to_mjai(match.events, counters=match.counters):
            print(dump(message))
    elif args.json:
        print(
            dump(
                {
                    "ok": True,
                    "record": str(path),
                    "ruleset": record.header.get("ruleset"),
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
