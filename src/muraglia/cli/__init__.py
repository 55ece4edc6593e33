"""The ``muraglia`` command line.

Each subcommand is a module of this package exposing ``register(subparsers)`` and
``run(args) -> int``; :data:`COMMANDS` lists them. Bad input never produces a traceback:
a one-line error on stderr and exit code 2.

>>> main(["analyze", "123m456p789s1112z", "--json"])  # doctest: +ELLIPSIS
{"ok": true, "hand": "123m456p789s1112z", "shanten": 0, "waits": ["2z"], ...}
0
>>> main(["analyze", "123m45"])  # one-line error on stderr
2
"""

from __future__ import annotations

import argparse
import functools
import importlib
import io
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from muraglia import __version__

__all__ = ["COMMANDS", "main"]

COMMANDS: tuple[str, ...] = (
    "analyze",
    "score",
    "settle",
    "rules",
    "play",
    "simulate",
    "mjai_bot",
    "replay",
    "review",
    "tenhou_check",
    "serve",
    "tournament",
)
"""Subcommand modules, in the order ``--help`` lists them."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line (exit 2), like every other error."""

    def error(self, message: str) -> NoReturn:
        """``muraglia score: error: ... (muraglia score --help)`` on stderr, exit code 2."""
        text = " ".join(message.split())
        if len(text) > _MAX_USAGE_ERROR:
            text = text[: _MAX_USAGE_ERROR - 1] + "…"
        self.exit(2, f"{self.prog}: error: {text} (see {self.prog} --help)\n")


_MAX_USAGE_ERROR = 300


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available subcommand registered."""
    parser = _Parser(
        prog="muraglia",
        description="Mahjong rules engine, scorer and referee's calculator "
        "(FIMJ, EMA Riichi, Tenhou Riichi, MCR, Seipalle, Ravenna).",
    )
    parser.add_argument("--version", action="version", version=f"muraglia {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"muraglia.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"muraglia.cli.{name}":
                raise
            continue
        module.register(subparsers)
    return parser


@functools.cache
def _parser() -> argparse.ArgumentParser:
    """The parser, built once per process (``main`` may run many times in one, as in tests)."""
    return build_parser()


EXIT_PIPE = 141
"""Exit code when stdout is closed early (``| head``): 128 + SIGPIPE, as a shell reports it."""

EXIT_INTERRUPTED = 130
"""Exit code on Ctrl-C: 128 + SIGINT."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    0 ok, 1 failed check, 2 bad input, 3 internal error (a bug, reported in one line),
    130 interrupted (Ctrl-C), 141 output pipe closed (``| head``: ends quietly).
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on bad usage, 0 on --help
        return int(exc.code or 0)
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        code: int = args.run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_PIPE
    except KeyboardInterrupt:
        print(f"muraglia {args.command}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    return code


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's final flush stays quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):  # not a real file (tests)
        pass
