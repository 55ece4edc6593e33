"""Shared plumbing of the subcommands: ``--json``/``--jsonl`` modes and error handling.

Every computing command follows interfaces.md §5: ``--json`` prints one JSON object,
``--jsonl`` reads one JSON object per line on stdin and writes one result per line (a bad
line gives ``{"ok": false, "error": ...}`` and the batch goes on), and a bad single input
prints a one-line error on stderr and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping
from typing import Any

from muraglia.errors import MahjongError

__all__ = [
    "BAD_INPUT",
    "add_output_flags",
    "dump",
    "error_message",
    "require_str",
    "run_batch",
    "run_command",
]

Item = dict[str, Any]

BAD_INPUT: tuple[type[Exception], ...] = (MahjongError, KeyError, TypeError, ValueError)
"""The exceptions that mean bad input (exit code 2 on the CLI, HTTP 400 on the web)."""


def add_output_flags(parser: argparse.ArgumentParser) -> None:
    """Add the ``--json`` and ``--jsonl`` flags."""
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--json", action="store_true", help="print one JSON object")
    mode.add_argument(
        "--jsonl",
        action="store_true",
        help="batch: read JSON objects from stdin, one per line; write one result per line",
    )


def dump(obj: Mapping[str, Any]) -> str:
    """Serialise a result as compact, key-ordered-as-built JSON on one line."""
    return json.dumps(obj, ensure_ascii=False)


def run_command(
    args: argparse.Namespace,
    *,
    name: str,
    item_from_args: Callable[[argparse.Namespace], Item],
    compute: Callable[[Item], Item],
    render: Callable[[Item], None],
) -> int:
    """Run a computing command in single (human or ``--json``) or ``--jsonl`` batch mode.

    ``compute`` takes an input object and returns the output object (with ``"ok": True``);
    it raises :class:`MahjongError` (or ``KeyError``/``TypeError``/``ValueError`` for
    malformed objects) on bad input.
    """
    if args.jsonl:
        return run_batch(compute)
    try:
        result = compute(item_from_args(args))
    except BAD_INPUT as exc:
        print(f"muraglia {name}: error: {error_message(exc)}", file=sys.stderr)
        return 2
    if args.json:
        print(dump(result))
    else:
        render(result)
    return 0


def run_batch(compute: Callable[[Item], Item]) -> int:
    """The ``--jsonl`` loop: one result line per input line; a bad line gives ``ok: false``."""
    for number, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            if not isinstance(item, dict):
                raise TypeError(f"line {number}: expected a JSON object, got {type(item).__name__}")
            result = compute(item)
        except json.JSONDecodeError as exc:
            result = {"ok": False, "error": f"line {number}: invalid JSON: {exc.msg}"}
        except BAD_INPUT as exc:
            result = {"ok": False, "error": error_message(exc)}
        print(dump(result), flush=True)
    return 0


def error_message(exc: Exception) -> str:
    """The one-line message of a bad-input exception (the CLI's and the web API's)."""
    if isinstance(exc, KeyError):
        return f"missing key {exc.args[0]!r}"
    return str(exc)


def require_str(item: Mapping[str, Any], key: str) -> str:
    """``item[key]`` as a string, or a ``TypeError`` naming the key."""
    value = item[key]
    if not isinstance(value, str):
        raise TypeError(f"{key!r} must be a string, got {type(value).__name__}")
    return value
