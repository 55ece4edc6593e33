"""Shared plumbing of the subcommands: ``--json``/``--jsonl`` modes and error handling.

Every computing command follows interfaces.md §5: ``--json`` prints one JSON object,
``--jsonl`` reads one JSON object per line on stdin and writes one result per line (a bad
line gives ``{"ok": false, "error": "line N: ..."}`` and the batch goes on), and a bad single
input prints a one-line error on stderr and exits 2.

Batch mode answers *every* input line, in order, so that output line N is the answer to
input line N: a blank line, a line that is not UTF-8, a line over :data:`MAX_LINE`
characters, JSON nested too deeply or a value that is not an object each get an
``ok: false`` line naming the line number. The command-line options of the command are the
defaults of every object (``score -r fimj --jsonl``: objects without ``rules`` are FIMJ).

Messages are one line, at most :data:`MAX_MESSAGE` characters, and speak JSON (``null``,
``array``). An unexpected exception (a bug) is reported as ``internal error`` (exit 3 for a
single input) instead of a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from muraglia.errors import InputTypeError, MahjongError, json_type

__all__ = [
    "MAX_LINE",
    "MAX_MESSAGE",
    "add_output_flags",
    "check_max_deals",
    "dump",
    "error_message",
    "input_lines",
    "parse_object",
    "require_str",
    "run_batch",
    "run_command",
]

Item = dict[str, Any]

MAX_LINE = 1_000_000
"""Longest ``--jsonl`` input line read (characters); a longer one is answered with an error."""

MAX_MESSAGE = 300
"""Longest error message printed (characters)."""

INPUT_ERRORS = (MahjongError, KeyError, TypeError, ValueError, RecursionError)
"""Exceptions that mean bad input (anything else is a bug, reported as an internal error)."""


def add_output_flags(parser: argparse.ArgumentParser) -> None:
    """Add the ``--json`` and ``--jsonl`` flags."""
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--json", action="store_true", help="print one JSON object")
    mode.add_argument(
        "--jsonl",
        action="store_true",
        help="batch: read JSON objects from stdin, one per line; write one result per line "
        '(a bad or blank line gets {"ok": false, "error": "line N: ..."}); the options '
        "given are the defaults of every object",
    )


_ENCODE = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
"""``json.dumps(obj, ensure_ascii=False)``, with the encoder made once (a batch line was
paying for a new ``JSONEncoder`` and its circular-reference table; results are trees built
by the commands, never cyclic)."""


def dump(obj: Mapping[str, Any]) -> str:
    """Serialise a result as compact, key-ordered-as-built JSON on one line."""
    return _ENCODE(obj)


def run_command(
    args: argparse.Namespace,
    *,
    name: str,
    item_from_args: Callable[[argparse.Namespace], Item],
    compute: Callable[[Item], Item],
    render: Callable[[Item], None],
    positional: str,
    batch_item: Callable[[argparse.Namespace, Item], Item] | None = None,
) -> int:
    """Run a computing command in single (human or ``--json``) or ``--jsonl`` batch mode.

    ``compute`` takes an input object and returns the output object (with ``"ok": True``);
    it raises :class:`MahjongError` (or ``KeyError``/``TypeError``/``ValueError`` for
    malformed objects) on bad input. ``positional`` names the single input argument (given
    together with ``--jsonl`` it is an error); ``batch_item`` merges the command-line options
    into each batch object (default: the object as read).
    """
    if args.jsonl:
        if getattr(args, positional, None) is not None:
            print(
                f"muraglia {name}: error: give either a {positional} argument or --jsonl "
                "(objects on stdin), not both",
                file=sys.stderr,
            )
            return 2
        merge = batch_item or (lambda _args, item: item)
        return run_batch(lambda item: compute(merge(args, item)))
    try:
        result = compute(item_from_args(args))
    except INPUT_ERRORS as exc:
        print(f"muraglia {name}: error: {error_message(exc)}", file=sys.stderr)
        return 2
    except Exception as exc:
        print(f"muraglia {name}: internal error: {_internal(exc)}", file=sys.stderr)
        return 3
    if args.json:
        print(dump(result))
    else:
        render(result)
    return 0


def input_lines(stream: Any = None) -> Iterator[tuple[int, str | None, str | None]]:
    """``(number, text, problem)`` for each line of ``stream`` (default stdin).

    ``text`` is the line without its newline, or None with ``problem`` saying why the line
    cannot be read (not UTF-8, longer than :data:`MAX_LINE`). Memory stays bounded by
    :data:`MAX_LINE` whatever the input.
    """
    stream = sys.stdin if stream is None else stream
    raw = getattr(stream, "buffer", None)
    number = 0
    while True:
        number += 1
        chunk = raw.readline(MAX_LINE + 1) if raw is not None else stream.readline(MAX_LINE + 1)
        if not chunk:
            return
        newline = b"\n" if isinstance(chunk, bytes) else "\n"
        if len(chunk) > MAX_LINE and not chunk.endswith(newline):
            while chunk and not chunk.endswith(newline):  # skip the rest of the long line
                chunk = raw.readline(MAX_LINE) if raw is not None else stream.readline(MAX_LINE)
            yield number, None, f"line longer than {MAX_LINE} characters"
            continue
        if isinstance(chunk, bytes):
            try:
                text = chunk.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield number, None, f"not UTF-8 text (byte {exc.start + 1})"
                continue
        else:
            text = chunk
        yield number, text.rstrip("\r\n"), None


def run_batch(compute: Callable[[Item], Item]) -> int:
    """The ``--jsonl`` loop: one result line per input line; a bad line gives ``ok: false``."""
    for number, line, problem in input_lines():
        try:
            if line is None:
                raise MahjongError(problem or "unreadable line")
            if not line.strip():
                raise MahjongError("blank line (expected a JSON object)")
            result = compute(parse_object(line))
        except INPUT_ERRORS as exc:
            result = {"ok": False, "error": f"line {number}: {error_message(exc)}"}
        except Exception as exc:
            result = {"ok": False, "error": f"line {number}: internal error: {_internal(exc)}"}
        print(dump(result), flush=True)
    return 0


def parse_object(text: str, what: str = "a JSON object") -> Item:
    """``text`` read as one JSON object.

    Raises:
        MahjongError: for invalid JSON (naming the column) or JSON nested too deeply.
        InputTypeError: for JSON that is not an object.
    """
    try:
        item = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MahjongError(f"invalid JSON: {exc.msg} at column {exc.colno}") from None
    except RecursionError:
        raise MahjongError("invalid JSON: nested too deeply") from None
    if not isinstance(item, dict):
        raise InputTypeError(f"expected {what}, got {json_type(item)}")
    return item


def error_message(exc: BaseException) -> str:
    """The one-line message of an input error (KeyError: the missing key; RecursionError...)."""
    if isinstance(exc, KeyError):
        key = exc.args[0] if exc.args else "?"
        shown = json.dumps(key) if isinstance(key, str) else repr(key)
        text = f"missing key {shown}"
    elif isinstance(exc, RecursionError):
        text = "input nested too deeply"
    else:
        text = str(exc)
    return _clamp(text)


def _internal(exc: BaseException) -> str:
    return _clamp(f"{type(exc).__name__}: {exc} (please report this bug)")


def _clamp(text: str) -> str:
    """One line of at most :data:`MAX_MESSAGE` characters."""
    one = " ".join(text.split())
    if len(one) > MAX_MESSAGE:
        one = one[: MAX_MESSAGE - 1] + "…"
    return one


def check_max_deals(value: int | None) -> None:
    """``--max-deals``, when given, is at least 1.

    Raises:
        MahjongError: for 0 or a negative number.
    """
    if value is not None and value < 1:
        raise MahjongError(f"--max-deals must be at least 1, got {value}")


def require_str(item: Mapping[str, Any], key: str) -> str:
    """``item[key]`` as a string, or an :class:`InputTypeError` naming the key."""
    value = item[key]
    if not isinstance(value, str):
        raise InputTypeError(f"`{key}` must be a string, got {json_type(value)}")
    return value
