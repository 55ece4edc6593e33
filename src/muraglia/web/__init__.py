"""The web application (``muraglia serve``): calculator, settlement, JSON API.

The top layer: it imports the library and the CLI's JSON-level functions; nothing below
imports it, so the core stays importable without the web dependencies.
"""

from muraglia.web.app import create_app

__all__ = ["create_app"]
