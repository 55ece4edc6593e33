"""``muraglia replay``: step through a game record, or check that records replay identically.

``muraglia replay RECORD`` prints one line per event (``--json``: a summary object; ``--mjai``:
the mjai event stream).
``muraglia replay --check PATH...`` replays every ``*.jsonl`` record under the paths and compares
every event, and so every hand result, with the recorded one (interfaces.md §5); it exits 1 if
any record differs. Only muraglia's own records are read so far (mjai, Tenhou: not yet).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from muraglia.cli._common import dump
from muraglia.engine.events import DealStarted
from muraglia.engine.mjai import to_mjai
from muraglia.engine.record import ReplayMismatchError, loads, replay
from muraglia.errors import MahjongError

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


def _files(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out += sorted(path.rglob("*.jsonl"))
        elif path.exists():
            out.append(path)
        else:
            raise MahjongError(f"no such record file or folder: {raw!r}")
    return out


def check(paths: list[str]) -> dict[str, Any]:
    """The ``--check`` result object."""
    records = hands = matched = 0
    mismatches: list[dict[str, Any]] = []
    for path in _files(paths):
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
                    print(f"  {m['record']}: {m['error']}")
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
        for message in to_mjai(match.events):
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
