"""Errors of the HTML pages as pages; the JSON API keeps its JSON.

A page that fails (an unknown game, replay or tournament, a parameter that is not a number, a
login needed, a full table, an upload too large) answers with its status code and a page of the
application's frame in the reader's language: a heading for the status, the message, and for a
401 a link to the login. The JSON API (``/api/...``), the JSON and CSV downloads, and a client
that asks for JSON only keep FastAPI's JSON answers.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from fastapi import FastAPI
from fastapi.exception_handlers import (
    http_exception_handler,
    request_validation_exception_handler,
)
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request
from starlette.responses import Response

from muraglia.errors import json_type
from muraglia.web.chrome import lang_of
from muraglia.web.pages import render

__all__ = ["error_page", "install", "validation_message", "wants_html"]

_JSON_ENDINGS = (".json", ".csv", ".jsonl", ".mjlog")


def wants_html(request: Request) -> bool:
    """Whether an error of ``request`` is answered by a page (else FastAPI's JSON)."""
    path = request.url.path
    if path.startswith(("/api/", "/docs", "/openapi")) or path.endswith(_JSON_ENDINGS):
        return False
    if "/export/" in path or path.endswith("/record"):
        return False
    accept = request.headers.get("accept", "")
    return not ("application/json" in accept and "text/html" not in accept)


def error_page(request: Request, status: int, message: str) -> Response:
    """The error page: ``status``'s heading in the reader's language and ``message``."""
    lang = lang_of(request)
    login = None
    if status == 401:  # noqa: PLR2004 - the HTTP status
        login = "/tournaments/login?next=" + quote(request.url.path, safe="/")
    context: dict[str, Any] = {"status": status, "message": message, "login": login}
    response = render(request, "error.html", lang, context)
    response.status_code = status
    return response


def validation_message(exc: RequestValidationError) -> str:
    """A parameter that failed validation, named with what was given and what is expected."""
    parts = []
    for err in exc.errors():
        where = [str(x) for x in err.get("loc", ()) if x not in ("query", "path", "body")]
        name = ".".join(where) or "request"
        given = err.get("input")
        kind = str(err.get("type", ""))
        if kind.startswith("int"):
            what = "a whole number"
        elif kind == "missing":
            parts.append(f"{name}: missing")
            continue
        else:
            what = str(err.get("msg", "a valid value")).lower()
        shown = repr(given) if isinstance(given, str) else json_type(given)
        parts.append(f"{name} must be {what}, got {shown}")
    return "; ".join(parts) or "bad request"


def install(app: FastAPI) -> None:
    """Answer the pages' errors with :func:`error_page`, the rest as FastAPI does."""

    async def on_http(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        if not wants_html(request) or exc.status_code < 400:  # noqa: PLR2004 - the HTTP status
            return await http_exception_handler(request, exc)
        return error_page(request, exc.status_code, str(exc.detail))

    async def on_invalid(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        if not wants_html(request):
            return await request_validation_exception_handler(request, exc)
        return error_page(request, 400, validation_message(exc))

    app.add_exception_handler(StarletteHTTPException, on_http)
    app.add_exception_handler(RequestValidationError, on_invalid)
