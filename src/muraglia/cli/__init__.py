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
import importlib
import sys
from collections.abc import Sequence

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
    "tenhou_check",
    "serve",
)
"""Subcommand modules, in the order ``--help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="muraglia",
        description="Mahjong rules engine, scorer and referee's calculator "
        "(FIMJ, EMA Riichi, Tenhou Riichi, MCR, Seipalle, Ravenna).",
    )
    parser.add_argument("--version", action="version", version=f"muraglia {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"muraglia.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"muraglia.cli.{name}":
                raise
            continue
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 ok, 1 failed check, 2 bad input)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on bad usage, 0 on --help
        return int(exc.code or 0)
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    code: int = args.run(args)
    return code
