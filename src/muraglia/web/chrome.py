"""What every page of the application shares: the language and the frame's helpers.

The base template (``web/templates/base.html``: the header with the navigation, the IT/EN
switch, the stylesheet and the script) needs ``request``, ``lang``, ``t``, ``tile_name`` and
``url_with``; :func:`chrome` gives them for a request, so that the tournament pages
(:mod:`muraglia.tournament.web`), rendered by their own Jinja environment, extend the same
base template as the rest of the application.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import Response

from muraglia.web.i18n import pick_language, translate
from muraglia.web.tiles import tile_name, tile_svg

__all__ = ["TEMPLATES", "chrome", "lang_of", "remember_language"]

TEMPLATES = Path(__file__).resolve().parent / "templates"
"""The application's templates (``base.html`` among them)."""


def lang_of(request: Request) -> str:
    """The interface language of a request (see :func:`muraglia.web.i18n.pick_language`)."""
    return pick_language(
        request.query_params.get("lang"),
        request.cookies.get("lang"),
        request.headers.get("accept-language"),
    )


def chrome(request: Request, lang: str | None = None) -> dict[str, Any]:
    """The base template's context for ``request`` (in ``lang``, default: the request's)."""
    lang = lang or lang_of(request)

    def url_with(**changes: Any) -> str:
        params = [(k, v) for k, v in request.query_params.multi_items() if k not in changes]
        params += [(k, v) for k, v in changes.items() if v is not None]
        return f"{request.url.path}?{urlencode(params)}"

    return {
        "request": request,
        "lang": lang,
        "t": lambda key: translate(lang, key),
        "tile_name": lambda n: tile_name(n, lang),
        "tile_svg": lambda n, cls="": tile_svg(n, cls, lang),
        "url_with": url_with,
    }


def remember_language(request: Request, response: Response) -> Response:
    """Keep a language chosen with ``?lang=`` in a cookie (a year)."""
    if request.query_params.get("lang") in ("it", "en"):
        response.set_cookie("lang", request.query_params["lang"], max_age=365 * 86400)
    return response
