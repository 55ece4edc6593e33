"""The command line's rich console: a closed output pipe ends the command like every other one.

rich's own :class:`~rich.console.Console` answers a closed pipe (``| head``) with
``SystemExit(1)``; this one raises :class:`BrokenPipeError`, which :func:`muraglia.cli.main`
turns into a quiet exit 141 (128 + SIGPIPE), as for plain ``print`` output. Imported only where
human output is printed (rich's import costs start-up time).
"""

from __future__ import annotations

from rich.console import Console as _RichConsole

__all__ = ["Console"]


class Console(_RichConsole):
    """:class:`rich.console.Console` whose closed pipe raises :class:`BrokenPipeError`."""

    def on_broken_pipe(self) -> None:
        """Stop printing and let ``main`` end the command quietly (exit 141)."""
        self.quiet = True
        raise BrokenPipeError
