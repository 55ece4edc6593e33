"""The JSON API (interfaces.md "muraglia serve"): the CLI's objects over HTTP.

Each ``POST`` takes the CLI's input object as its body and answers exactly the CLI's ``--json``
output, computed by the same function the CLI calls; bad input is a 400 with
``{"ok": false, "error": "<the CLI's message>"}``.

The routes below declare the API (its OpenAPI page, and any app that includes :data:`router`
alone). In :func:`muraglia.web.create_app` the three ``POST`` routes are answered by
:class:`FastJsonApi` at the application's front door, before the framework's middleware stack
and routing: the same function :func:`answer` on the same body, without the per-request
middleware, routing, dependency solving and response objects, which cost about half as much
again as scoring the hand (``bench/bench_web.py``, in-process CPU per request).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import orjson
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from muraglia import __version__
from muraglia.cli import analyze, score, settle
from muraglia.cli._common import INPUT_ERRORS, error_message
from muraglia.cli.rules import listing_dict, rules_dict
from muraglia.errors import MahjongError
from muraglia.scoring.inputs import parse_object

__all__ = [
    "POSTS",
    "FastJsonApi",
    "answer",
    "declared_over",
    "encode",
    "router",
    "stdlib_encode",
    "too_large",
]

router = APIRouter(prefix="/api", tags=["api"])

Compute = Callable[[dict[str, Any]], dict[str, Any]]


def bad(message: str, status: int = 400) -> JSONResponse:
    """The error object of the contract."""
    return JSONResponse({"ok": False, "error": message}, status_code=status)


def body_object(body: bytes) -> dict[str, Any]:
    """The request body as a JSON object, read as the command line reads its input.

    Raises:
        MahjongError: on a body that is not UTF-8, invalid JSON or not an object (the CLI's
            words: :func:`muraglia.scoring.inputs.parse_object`).
    """
    try:
        text = body.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MahjongError(f"invalid JSON: not UTF-8 (byte {exc.start})") from None
    return parse_object(text)


def answer(body: bytes, compute: Compute) -> tuple[int, dict[str, Any]]:
    """(status, object) of a ``POST``: 200 and the CLI's object, or 400 and the CLI's message."""
    try:
        return 200, compute(body_object(body))
    except INPUT_ERRORS as exc:
        return 400, {"ok": False, "error": error_message(exc)}


def encode(obj: dict[str, Any]) -> bytes:
    r"""The response body (compact UTF-8 JSON, as the framework's JSONResponse writes it).

    Written by ``orjson`` (about a tenth of the standard library's time on a 1.6 KB score
    object, ``bench/bench_web.py``), whose bytes are the standard library's
    ``json.dumps(obj, ensure_ascii=False, allow_nan=False, separators=(",", ":"))`` for the
    objects of the contract: strings, integers, booleans, null, lists and string-keyed
    objects (no floats; ``tests/web/test_api.py`` compares both on every endpoint's
    answers). Anything ``orjson`` refuses (an integer over 64 bits, a lone surrogate, a
    key that is not a string) goes to the standard library, which writes it or raises as
    before.

    >>> encode({"ok": True, "it": "perché", "n": [1, None]})
    b'{"ok":true,"it":"perch\xc3\xa9","n":[1,null]}'
    """
    try:
        return orjson.dumps(obj)
    except TypeError:  # orjson.JSONEncodeError
        return stdlib_encode(obj)


def stdlib_encode(obj: dict[str, Any]) -> bytes:
    """:func:`encode` by the standard library (its reference, and its fallback)."""
    return json.dumps(obj, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


async def _answer(request: Request, compute: Compute) -> Response:
    status, obj = answer(await request.body(), compute)
    return Response(encode(obj), status_code=status, media_type="application/json")


def _doc(example: dict[str, Any], description: str) -> dict[str, Any]:
    return {
        "openapi_extra": {
            "requestBody": {
                "required": True,
                "description": description,
                "content": {"application/json": {"schema": {"type": "object"}, "example": example}},
            }
        },
        "responses": {
            400: {"description": 'bad input: {"ok": false, "error": "..."}'},
            413: {"description": "request body over the size limit"},
        },
    }


@router.get("/health", summary="liveness and version")
async def health() -> dict[str, Any]:
    """``{"ok": true, "version": "..."}``."""
    return {"ok": True, "version": __version__}


@router.post(
    "/analyze",
    summary="shanten, waits and useful tiles (muraglia analyze --json)",
    **_doc({"hand": "123m456p789s1122z"}, 'the analyze input: {"hand", "rules"?, "visible"?}'),
)
async def api_analyze(request: Request) -> Response:
    """The ``muraglia analyze --json`` object of the body."""
    return await _answer(request, analyze.compute)


@router.post(
    "/score",
    summary="score a hand (muraglia score --json)",
    **_doc(
        {"rules": "riichi-ema", "hand": "234m567p11z [555z] [789s<] +4m", "win": "tsumo"},
        "the score input object of interfaces.md §5",
    ),
)
async def api_score(request: Request) -> Response:
    """The ``muraglia score --json`` object of the body."""
    return await _answer(request, score.compute)


@router.post(
    "/settle",
    summary="settle a deal (muraglia settle --json)",
    **_doc(
        {
            "rules": "riichi-ema",
            "winners": ["S"],
            "discarder": "W",
            "hands": {"S": "234m567p11z [555z] [789s<] +4m"},
        },
        "the settle input object of interfaces.md §5",
    ),
)
async def api_settle(request: Request) -> Response:
    """The ``muraglia settle --json`` object of the body."""
    return await _answer(request, settle.compute)


@router.get("/rules", summary="every ruleset id with its aliases (muraglia rules --json)")
async def api_rules() -> dict[str, Any]:
    """The ruleset listing."""
    return listing_dict()


@router.get("/rules/{spec}", summary="a ruleset's pattern table (muraglia rules ID --json)")
async def api_rule_table(spec: str) -> JSONResponse:
    """The pattern table; an unknown ruleset or option is a 404 with the CLI's message."""
    try:
        return JSONResponse(rules_dict(spec))
    except MahjongError as exc:
        return bad(error_message(exc), 404)


POSTS: dict[str, Compute] = {
    "/api/analyze": analyze.compute,
    "/api/score": score.compute,
    "/api/settle": settle.compute,
}
"""The ``POST`` routes :class:`FastJsonApi` answers, with the CLI function of each."""

_JSON = (b"content-type", b"application/json")


def declared_over(scope: Any, limit: int) -> bool:
    """Whether the request's ``content-length`` declares a body over ``limit`` bytes."""
    for name, value in scope.get("headers", ()):
        if name == b"content-length" and value.isdigit() and int(value) > limit:
            return True
    return False


async def too_large(send: Any, limit: int) -> None:
    """The 413 answer of a body over ``limit`` bytes."""
    body = f'{{"ok": false, "error": "request body over {limit} bytes"}}'.encode()
    headers = [_JSON, (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class FastJsonApi:
    """ASGI middleware answering the :data:`POSTS` routes directly (see the module docstring).

    Every other request goes on to ``app``. A body over ``limit`` bytes, declared or
    streamed, is a 413 (:func:`too_large`, the answer of
    :class:`muraglia.web.app.BodyLimit`), counted here as the body is read rather than by a
    wrapper around ``receive`` and ``send``.
    """

    def __init__(self, app: Any, *, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Answer a ``POST`` of :data:`POSTS`, pass anything else on."""
        compute = POSTS.get(scope["path"]) if scope["type"] == "http" else None
        if compute is None or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        limit = self.limit
        if declared_over(scope, limit):
            await too_large(send, limit)
            return
        chunks = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > limit:
                await too_large(send, limit)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        status, obj = answer(chunks[0] if len(chunks) == 1 else b"".join(chunks), compute)
        data = encode(obj)
        headers = [_JSON, (b"content-length", str(len(data)).encode())]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": data})
