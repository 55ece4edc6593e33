"""Ruleset options: the frozen dataclass convention and the typed parsing of option strings.

Every ruleset declares its optional rules as a frozen dataclass (``EmaOptions``, ``McrOptions``,
``FimjOptions``...) with defaults; ``load_ruleset("id(key=value,...)")`` converts the raw strings
with :func:`convert_options` to the field types (bool, int, float, ``Literal`` choices, optional
values).

>>> from muraglia.rulesets.riichi_ema import EmaOptions, RiichiEma
>>> convert_options(RiichiEma, EmaOptions, {"red_fives": "false", "renhou": "OFF", "oka": "5"})
{'red_fives': False, 'renhou': 'off', 'oka': 5}
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from muraglia.errors import RulesetError, excerpt

__all__ = ["NoOptions", "convert_options", "options_dict"]


@dataclass(frozen=True)
class NoOptions:
    """Options of a ruleset without optional rules."""


def _convert(value: str, hint: Any, where: str) -> Any:
    """Convert an option string to the dataclass field's type."""
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        for choice in typing.get_args(hint):
            if str(choice).lower() == value.lower():
                return choice
        choices = ", ".join(str(c) for c in typing.get_args(hint))
        raise RulesetError(f"{where}: {excerpt(value)} is not one of {choices}")
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        if type(None) in args and value.lower() in ("none", "null", ""):
            return None
        errors = []
        for arg in (a for a in args if a is not type(None)):
            try:
                return _convert(value, arg, where)
            except RulesetError as exc:
                errors.append(str(exc))
        raise RulesetError("; ".join(errors) or f"{where}: bad value {excerpt(value)}")
    if hint is bool:
        low = value.lower()
        if low in ("true", "1", "yes", "on"):
            return True
        if low in ("false", "0", "no", "off"):
            return False
        raise RulesetError(f"{where}: expected true or false, got {excerpt(value)}")
    if hint in (int, float):
        try:
            return hint(value)
        except ValueError:
            kind = "an integer" if hint is int else "a number"
            raise RulesetError(f"{where}: expected {kind}, got {excerpt(value)}") from None
    return value


def convert_options(
    cls: type[Any], options_cls: type[Any], raw: Mapping[str, str]
) -> dict[str, Any]:
    """Typed option values for ``options_cls`` (a dataclass) from raw strings.

    Raises:
        RulesetError: on an unknown option (listing the valid ones) or a bad value.
    """
    fields = {f.name: f for f in dataclasses.fields(options_cls)}
    hints = typing.get_type_hints(options_cls)
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in fields:
            valid = ", ".join(fields) or "(none)"
            raise RulesetError(f"unknown option {excerpt(key)} for {cls.id}; valid: {valid}")
        out[key] = _convert(value, hints.get(key, str), f"{cls.id} option {key}")
    return out


def options_dict(ruleset: object) -> dict[str, Any]:
    """``ruleset``'s options as a plain dict (records, exports); ``{}`` if it has none.

    >>> from muraglia.rulesets import load_ruleset
    >>> options_dict(load_ruleset("mcr(edition=2006)"))["edition"], options_dict(object())
    (2006, {})
    """
    options = getattr(ruleset, "options", None)
    if dataclasses.is_dataclass(options) and not isinstance(options, type):
        return dataclasses.asdict(options)
    return {}
