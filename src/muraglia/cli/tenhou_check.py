"""``muraglia tenhou-check``: replay Tenhou records and compare every hand result.

``muraglia tenhou-check PATH...`` (files or folders of mjlog XML / tenhou.net/6 JSON)
replays every record under ``riichi-tenhou`` and compares each hand's winners, han, fu,
points and score changes with the recorded ones (the engine of ``muraglia replay --check``,
interfaces.md §5). ``--json`` prints ``{"ok", "records", "hands", "matched", "mismatches",
"incomplete", "errors"}``; ``--jsonl`` reads ``{"paths": [...], "rules": ...}`` objects on
stdin and writes one report per line. Exit code 0 when every hand matched, 1 on a mismatch
or an unreadable record, 2 on bad usage (no such path).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping
from typing import Any

from muraglia.cli._common import dump, run_batch
from muraglia.errors import MahjongError
from muraglia.io.tenhou_replay import CheckReport, check_records

__all__ = ["register", "run"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``tenhou-check`` subcommand."""
    p = subparsers.add_parser(
        "tenhou-check",
        help="replay Tenhou records and compare every hand result",
        description="Replay Tenhou mjlog XML / tenhou.net/6 JSON records under riichi-tenhou "
        "and compare winners, han, fu, points and score changes with the recorded ones.",
    )
    p.add_argument("paths", nargs="*", help="record files or folders")
    p.add_argument("-r", "--rules", default="riichi-tenhou", help="ruleset (riichi-tenhou)")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--json", action="store_true", help="print one JSON object")
    mode.add_argument(
        "--jsonl",
        action="store_true",
        help='batch: read {"paths": [...], "rules": ...} objects from stdin, one per line; '
        "write one report per line",
    )
    p.set_defaults(run=run)


def _render(report: CheckReport) -> None:
    print(
        f"{report.records} records, {report.hands} hands, {report.matched} matched, "
        f"{len(report.mismatches)} mismatched, {len(report.errors)} errors"
    )
    for m in report.mismatches:
        print(f"MISMATCH {m.record} {m.hand}")
        print(f"  expected {dict(m.expected)}")
        print(f"  got      {dict(m.got)}")
    for e in report.errors:
        where = f" {e['hand']}" if e.get("hand") else ""
        print(f"ERROR {e.get('record')}{where}: {e.get('error')}")
    for x in report.incomplete:
        print(f"incomplete {x['record']}: {x['problem']}")


def compute(item: Mapping[str, Any]) -> dict[str, Any]:
    """The report object of one ``--jsonl`` input object.

    Raises:
        TypeError: ``paths`` is not a string or a list of strings.
        KeyError: ``paths`` is missing.
    """
    paths = item["paths"]
    if isinstance(paths, str):
        paths = [paths]
    if not isinstance(paths, list) or not all(isinstance(x, str) for x in paths):
        raise TypeError("'paths' must be a string or a list of strings")
    rules = item.get("rules", "riichi-tenhou")
    if not isinstance(rules, str):
        raise TypeError("'rules' must be a string")
    return check_records(paths, rules=rules).to_dict()


def run(args: argparse.Namespace) -> int:
    """Run ``muraglia tenhou-check``."""
    if args.jsonl:
        return run_batch(compute)
    if not args.paths:
        print("muraglia tenhou-check: error: give record files or folders", file=sys.stderr)
        return 2
    try:
        report = check_records(args.paths, rules=args.rules)
    except MahjongError as exc:
        print(f"muraglia tenhou-check: error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(dump(report.to_dict()))
    else:
        _render(report)
    return 0 if report.ok else 1
