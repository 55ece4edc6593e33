"""Typed errors raised by muraglia.

Every error is a :class:`ValueError` subclass, so callers that only care about
"bad input" can catch ``ValueError``. Messages quote the offending input (at most
:data:`EXCERPT` characters of it, see :func:`excerpt`) and, for notation, point at the
position of the problem. Wrong argument types raise :class:`InputTypeError`, whose
message names the JSON type that was given (``null``, ``array``...), the language of the
command line's input objects.

>>> from muraglia.errors import NotationError
>>> err = NotationError("unknown character 'x'", text="12x3m", position=2)
>>> print(err)
unknown character 'x' in '12x3m' at position 2
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "EXCERPT",
    "AmbiguousActionError",
    "IllegalActionError",
    "InputTypeError",
    "InvalidHandError",
    "MahjongError",
    "NotationError",
    "RulesetError",
    "excerpt",
    "json_type",
    "plural",
]

EXCERPT = 64
"""Most characters of an input quoted in a message (a longer input is cut with an ellipsis)."""


def excerpt(text: str, position: int | None = None, limit: int = EXCERPT) -> str:
    """``text`` quoted for a message, cut to about ``limit`` characters around ``position``.

    >>> excerpt("12x3m")
    "'12x3m'"
    >>> excerpt("1m" * 50, 60, limit=10)
    "'…m1m1m1m1m1…' (100 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    start = 0 if position is None else max(0, min(position - limit // 2, len(text) - limit))
    cut = text[start : start + limit]
    head = "…" if start > 0 else ""
    tail = "…" if start + limit < len(text) else ""
    return f"{head}{cut}{tail}".join("''") + f" ({len(text)} characters)"


def json_type(value: object) -> str:  # noqa: PLR0911 - one return per JSON type
    """The JSON name of ``value``'s type (``null``, ``boolean``, ``number``, ``string``...).

    >>> json_type(None), json_type(True), json_type(5), json_type([]), json_type({})
    ('null', 'boolean', 'number', 'array', 'object')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list | tuple):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def plural(count: int, word: str) -> str:
    """``1 tile``, ``2 tiles``.

    >>> plural(1, "tile"), plural(2, "tile")
    ('1 tile', '2 tiles')
    """
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


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
        super().__init__(f"{reason} in {excerpt(text, position)}{where}")

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


class InputTypeError(MahjongError, TypeError):
    """An argument or input field of the wrong type (``shanten(None)``, ``"dora": 5``).

    Also a :class:`TypeError`, so code written for Python's own error keeps working.
    """
