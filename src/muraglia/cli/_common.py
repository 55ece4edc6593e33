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
import codecs
import errno
import gc
import io
import json
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from muraglia.errors import InputTypeError, MahjongError, json_type
from muraglia.scoring.inputs import parse_object
from muraglia.scoring.result import encode_json, encode_json_utf8

__all__ = [
    "MAX_LINE",
    "MAX_MESSAGE",
    "add_output_flags",
    "check_max_deals",
    "dump",
    "error_message",
    "input_batches",
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


def dump(obj: Mapping[str, Any]) -> str:
    """Serialise a result as key-ordered-as-built JSON on one line (:func:`encode_json`)."""
    return encode_json(obj)


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
    for batch in input_batches(stream):
        yield from batch


_CHUNK = 1 << 16
"""Bytes asked of the input at a time by :func:`input_batches` (what is there is taken)."""


def input_batches(stream: Any = None) -> Iterator[list[tuple[int, str | None, str | None]]]:
    """The lines of ``stream`` (default stdin) as :func:`input_lines` reads them, in batches.

    A batch is every line that one read of the input made complete: what a producer has
    written so far. A batch loop answers a batch, then flushes (one write to the pipe per
    batch, not per line) before it waits for more: a client that writes one line and
    waits gets its answer. A stream without a binary buffer is read line by line.
    """
    stream = sys.stdin if stream is None else stream
    raw = getattr(stream, "buffer", None)
    if raw is None or not hasattr(raw, "read1"):
        yield from ([line] for line in _text_lines(stream if raw is None else raw))
        return
    number = 0
    # the start of a line not complete yet, in the pieces read (joined once, when the line
    # ends: gluing each read on would copy the line at every read, quadratic in small reads)
    head: list[bytes] = []
    held = 0  # bytes in head (at most MAX_LINE)
    skipping = False  # inside a line already answered as too long
    while True:
        chunk = raw.read1(_CHUNK)
        if not chunk:
            break
        batch: list[tuple[int, str | None, str | None]] = []
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            if end < 0:
                break
            if skipping:
                skipping = False
            else:
                number += 1
                piece = chunk[start:end]
                batch.append(_line(number, b"".join((*head, piece)) if head else piece))
            head, held = [], 0
            start = end + 1
        if not skipping:
            rest = chunk[start:]
            if held + len(rest) > MAX_LINE:  # the line goes on past MAX_LINE: answered now
                number += 1
                batch.append((number, None, f"line longer than {MAX_LINE} characters"))
                head, held, skipping = [], 0, True
            elif rest:
                head.append(rest)
                held += len(rest)
        if batch:
            yield batch
    if head:  # the last line has no newline
        number += 1
        yield [_line(number, b"".join(head))]


def _line(number: int, data: bytes) -> tuple[int, str | None, str | None]:
    """One line's ``(number, text, problem)`` from its bytes (without the newline)."""
    if len(data) > MAX_LINE:
        return number, None, f"line longer than {MAX_LINE} characters"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return number, None, f"not UTF-8 text (byte {exc.start + 1})"
    return number, text.rstrip("\r\n"), None


def _text_lines(stream: Any) -> Iterator[tuple[int, str | None, str | None]]:
    """:func:`input_lines` of a stream read with ``readline`` (text, or bytes without ``read1``)."""
    number = 0
    while True:
        number += 1
        chunk = stream.readline(MAX_LINE + 1)
        if not chunk:
            return
        newline = b"\n" if isinstance(chunk, bytes) else "\n"
        if len(chunk) > MAX_LINE and not chunk.endswith(newline):
            while chunk and not chunk.endswith(newline):  # skip the rest of the long line
                chunk = stream.readline(MAX_LINE)
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
    """The ``--jsonl`` loop: one result line per input line; a bad line gives ``ok: false``.

    The answers of a batch of lines (:func:`input_batches`) are written in one write, then
    flushed (stdout may be unbuffered: ``PYTHONUNBUFFERED``, ``python -u``). To a stdout that
    writes UTF-8 with newlines as they are (:func:`_utf8_buffer`) the answers go as UTF-8
    bytes straight to its binary buffer (:func:`encode_json_utf8`: the same bytes the text
    would have been encoded to), else as text.
    """
    out = sys.stdout
    raw = _utf8_buffer(out)
    encode: Callable[[Item], Any] = dump if raw is None else encode_json_utf8
    # after the first batch, what is alive (the modules, the rulesets and tables the first
    # answers loaded) is taken out of the collector's scans for the rest of the loop, unless
    # something else froze objects already (the web app's settle_heap)
    freeze = gc.get_freeze_count() == 0  # (it counts the frozen objects: asked once)
    frozen = False
    try:
        for batch in input_batches():
            texts: list[Any] = []
            write = texts.append
            for number, line, problem in batch:
                try:
                    if line is None:
                        raise MahjongError(problem or "unreadable line")
                    if not line.strip():
                        raise MahjongError("blank line (expected a JSON object)")
                    text = encode(compute(parse_object(line)))
                except INPUT_ERRORS as exc:
                    text = encode({"ok": False, "error": f"line {number}: {error_message(exc)}"})
                except Exception as exc:
                    text = encode(
                        {"ok": False, "error": f"line {number}: internal error: {_internal(exc)}"}
                    )
                write(text)
            texts.append("")  # every answer ends with a newline
            _emit(out, raw, texts)
            if freeze:
                gc.freeze()
                freeze = False
                frozen = True
    finally:
        if frozen:
            gc.unfreeze()
    return 0


def _utf8_buffer(out: Any) -> Any:
    """The binary buffer under the text stream ``out``, or None.

    The buffer where ``out`` encodes in UTF-8 and writes a newline as it is (a POSIX stdout),
    else None (the text is written through ``out``).
    """
    raw = getattr(out, "buffer", None)
    encoding = getattr(out, "encoding", None)
    if raw is None or not isinstance(encoding, str) or os.linesep != "\n":
        return None
    try:
        utf8 = codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        return None
    return raw if utf8 and isinstance(out, io.TextIOWrapper) else None


def _emit(out: Any, raw: Any, texts: list[Any]) -> None:
    """A batch's answers written and flushed, each followed by a newline.

    Through the text stream ``out`` (``raw`` None), or as UTF-8 bytes to its buffer ``raw``
    (:func:`encode_json_utf8`'s: an answer left as text, which has no UTF-8 form, is encoded
    with ``out``'s error handler here, which raises where writing it to ``out`` would). The
    text layer is flushed first (anything written through it before goes first); the bytes
    are written whole (an unbuffered buffer may take a part only).
    """
    if raw is None:
        out.write("\n".join(texts))
        out.flush()
        return
    errors = out.errors or "strict"
    data = b"\n".join([t if t.__class__ is bytes else t.encode("utf-8", errors) for t in texts])
    out.flush()
    view = memoryview(data)
    while view:
        done = raw.write(view)
        if done is None:  # a non-blocking stdout that is full: an error, not a busy loop
            raise BlockingIOError(errno.EAGAIN, "stdout would block")
        view = view[done:]
    raw.flush()


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
