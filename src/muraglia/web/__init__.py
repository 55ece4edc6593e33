"""The web application (``muraglia serve``): calculator, settlement, JSON API.

The top layer: it imports the library and the CLI's JSON-level functions; nothing below
imports it, so the core stays importable without the web dependencies. ``create_app`` is
imported on first use, so that the tournament pages can share :mod:`muraglia.web.chrome`
(the base template's helpers) without importing the whole application.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from muraglia.web.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from muraglia.web.app import create_app  # noqa: PLC0415

        return create_app
    raise AttributeError(f"module 'muraglia.web' has no attribute {name!r}")
