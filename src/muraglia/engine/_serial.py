"""JSON conversion of the engine's frozen dataclasses (actions and events), by field type.

Tiles are written in notation (``"5m"``), enums by value, tuples as lists. A field declared
with :data:`OMIT_DEFAULT` metadata is left out while it holds its default (fields added later,
such as the red-five flags, so that older records keep their exact form).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from enum import Enum
from functools import cache
from typing import Any

from muraglia.errors import MahjongError
from muraglia.tiles import Tile

__all__ = ["OMIT_DEFAULT", "from_jsonable", "to_jsonable"]

OMIT_DEFAULT = {"omit_default": True}
"""Field metadata: leave the field out of the JSON form while it equals its default."""


def _encode(value: Any) -> Any:
    if isinstance(value, Tile):
        return value.notation
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return to_jsonable(value)
    return value


def to_jsonable(obj: Any) -> dict[str, Any]:
    """The fields of dataclass ``obj`` as a JSON-ready dict, with its ``type`` name first."""
    out: dict[str, Any] = {"type": getattr(obj, "kind", type(obj).__name__)}
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        if f.metadata and value == f.default and f.metadata.get("omit_default"):
            continue
        out[f.name] = _encode(value)
    return out


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _decode(value: Any, hint: Any, registry: dict[str, type]) -> Any:  # noqa: PLR0911 - per type
    if value is None:
        return None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        return _decode(value, args[0], registry)
    if origin is tuple:
        inner = typing.get_args(hint)[0]
        return tuple([_decode(v, inner, registry) for v in value])
    if hint is Tile:
        return Tile.from_notation(value)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(value)
    if isinstance(value, dict) and "type" in value:
        return from_jsonable(value, registry)
    return value


def from_jsonable(data: dict[str, Any], registry: dict[str, type]) -> Any:
    """Rebuild the dataclass named by ``data["type"]`` from ``registry``.

    Raises:
        MahjongError: for an unknown type or missing field.
    """
    name = data.get("type")
    cls = registry.get(str(name))
    if cls is None:
        raise MahjongError(f"unknown record item type {name!r}")
    hints = _hints(cls)
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise MahjongError(f"{name}: missing field {f.name!r}")
            continue
        kwargs[f.name] = _decode(data[f.name], hints[f.name], registry)
    return cls(**kwargs)
