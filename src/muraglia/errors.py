"""Typed errors raised by muraglia.

Every error is a :class:`ValueError` subclass, so callers that only care about
"bad input" can catch ``ValueError``. Messages always quote the offending input
with ``!r`` and, for notation, point at the position of the problem.

>>> from muraglia.errors import NotationError
>>> err = NotationError("unknown character 'x'", text="12x3m", position=2)
>>> print(err)
unknown character 'x' in '12x3m' at position 2
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "AmbiguousActionError",
    "IllegalActionError",
    "InvalidHandError",
    "MahjongError",
    "NotationError",
    "RulesetError",
]


class MahjongError(ValueError):
    """Base class of every muraglia error."""


class NotationError(MahjongError):
    """Syntax error in tile, meld or hand notation.

    Attributes:
        text: the whole input string.
        position: 0-based index of the offending character in ``text`` (or ``None``).
        reason: the bare explanation, without the quoted input.
    """

    def __init__(self, reason: str, *, text: str, position: int | None = None) -> None:
        self.reason = reason
        self.text = text
        self.position = position
        where = f" at position {position}" if position is not None else ""
        super().__init__(f"{reason} in {text!r}{where}")

    def pointer(self) -> str:
        """Return a two-line rendering of the input with a caret under the offending position.

        >>> print(NotationError("bad", text="12x", position=2).pointer())
        12x
          ^
        """
        if self.position is None:
            return self.text
        return f"{self.text}\n{' ' * self.position}^"


class InvalidHandError(MahjongError):
    """A well-formed hand that cannot exist or does not fit the question asked.

    Examples: a fifth copy of a tile, 15 tiles, a bonus tile inside a meld, a hand that
    forms no winning shape when a score is asked for.
    """


class IllegalActionError(MahjongError):
    """A well-formed action that is not legal in the current state; the message says why."""


class AmbiguousActionError(MahjongError):
    """An action notation with several legal readings; the message lists them."""


class RulesetError(MahjongError):
    """Unknown ruleset id, unknown option or bad option value; the message lists valid ones."""
