"""The JSON API (interfaces.md "muraglia serve"): the CLI's objects over HTTP.

Each ``POST`` takes the CLI's input object as its body and answers exactly the CLI's ``--json``
output, computed by the same function the CLI calls; bad input is a 400 with
``{"ok": false, "error": "<the CLI's message>"}``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from muraglia import __version__
from muraglia.cli import analyze, score, settle
from muraglia.cli._common import INPUT_ERRORS, error_message
from muraglia.cli.rules import listing_dict, rules_dict
from muraglia.errors import MahjongError

__all__ = ["router"]

router = APIRouter(prefix="/api", tags=["api"])

Compute = Callable[[dict[str, Any]], dict[str, Any]]


def bad(message: str, status: int = 400) -> JSONResponse:
    """The error object of the contract."""
    return JSONResponse({"ok": False, "error": message}, status_code=status)


def parse_object(body: bytes) -> dict[str, Any]:
    """The request body as a JSON object.

    Raises:
        MahjongError: on invalid JSON or a body that is not an object.
    """
    try:
        item = json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        msg = exc.msg if isinstance(exc, json.JSONDecodeError) else "not UTF-8"
        pos = exc.pos if isinstance(exc, json.JSONDecodeError) else exc.start
        raise MahjongError(f"invalid JSON: {msg} at position {pos}") from None
    if not isinstance(item, dict):
        raise MahjongError(f"expected a JSON object, got {type(item).__name__}")
    return item


async def _answer(request: Request, compute: Compute) -> JSONResponse:
    try:
        result = compute(parse_object(await request.body()))
    except INPUT_ERRORS as exc:
        return bad(error_message(exc))
    return JSONResponse(result)


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
async def api_analyze(request: Request) -> JSONResponse:
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
async def api_score(request: Request) -> JSONResponse:
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
async def api_settle(request: Request) -> JSONResponse:
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
