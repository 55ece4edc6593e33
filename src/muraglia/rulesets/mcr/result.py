"""The MCR result, made lazily where it costs.

A :class:`ScoreResult` whose notation, award tiles and explanation are made on first read
(formatting and locating eagerly were a third of a scoring call).
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any

from muraglia.hand import Hand
from muraglia.scoring.result import Deferred, LazyField, ScoreResult

__all__ = ["McrResult"]

_new = object.__new__
_set = object.__setattr__


def _notation(value: Any) -> Any:
    """The hand's notation from its pending form: the parsed :class:`Hand`, or a Deferred."""
    return value.make() if type(value) is Deferred else value.notation


def _called(value: Any) -> Any:
    """A value from its pending form: ``(maker, *args)`` or a Deferred.

    The tuple is made by ``maker(*args)`` (an explanation is never a tuple).
    """
    return value.make() if type(value) is Deferred else value[0](*value[1:])


class McrResult(ScoreResult):
    """An MCR :class:`ScoreResult` (same fields, same values) made lazily where it costs.

    ``hand`` may hold the parsed :class:`Hand` until its notation is read, ``explanation`` a
    ``(maker, *args)`` tuple until it is read; any of the three lazy fields a
    :class:`~muraglia.scoring.result.Deferred`.
    """

    hand = LazyField((Deferred, Hand), _notation)
    awards = LazyField()
    explanation = LazyField((Deferred, tuple), _called)

    @classmethod
    def made(cls, **values: Any) -> McrResult:
        """A result with ``values`` by field name, the other fields at their defaults.

        ``hand``, ``awards`` and ``explanation`` may be
        :class:`~muraglia.scoring.result.Deferred`.

        The frozen dataclass's ``__init__`` sets its fields one ``object.__setattr__`` at a
        time; this sets the instance dict at once.
        """
        result = _new(cls)
        _set(result, "__dict__", _DEFAULTS | values)
        return result

    @classmethod
    def scored(  # noqa: PLR0917 - once per scored hand, by position
        cls,
        hand: Any,
        valid: bool,
        awards: Any,
        reason: str | None,
        fan: int,
        payments: dict[str, int] | None,
        explanation: Any,
        decomposition: Any,
        extra: dict[str, Any],
    ) -> McrResult:
        """:meth:`made` for a scored hand (``value`` and ``fan`` both the fan total).

        By position: the scorer's hot call, without the keyword dictionary.
        """
        result = _new(cls)
        _set(result, "__dict__", {**_DEFAULTS, "hand": hand, "valid": valid, "awards": awards,
                                  "reason": reason, "value": fan, "fan": fan,
                                  "payments": payments, "explanation": explanation,
                                  "decomposition": decomposition, "extra": extra})  # fmt: skip
        return result


_DEFAULTS: dict[str, Any] = {
    f.name: f.default_factory() if f.default_factory is not MISSING else f.default
    for f in fields(ScoreResult)
    if f.default is not MISSING or f.default_factory is not MISSING
} | {"rules": "mcr"}
"""The fields of a result not given to :meth:`McrResult.made` (``rules``: ``mcr``)."""
