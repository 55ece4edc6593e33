"""``muraglia serve`` prints the contract's line once it accepts connections."""

from __future__ import annotations

import gc

import httpx

from muraglia.cli import main
from muraglia.web.app import settle_heap
from tests.web.server import running_server


def test_serve_prints_listening_and_answers() -> None:
    with running_server() as base:
        r = httpx.get(f"{base}/api/health", timeout=10)
        assert r.json()["ok"] is True
        r = httpx.post(f"{base}/api/score", json={"rules": "mcr", "hand": "1m"}, timeout=10)
        assert r.status_code == 400
        page = httpx.get(f"{base}/", timeout=10)
        assert page.status_code == 200
        assert "<svg" in page.text


def test_serve_rejects_a_bad_port() -> None:
    assert main(["serve", "--port", "70000"]) == 2


def test_settle_heap_builds_the_rulesets_and_freezes_the_heap() -> None:
    before = gc.get_freeze_count()
    try:
        frozen = settle_heap()
        assert frozen == gc.get_freeze_count() > before
        assert frozen > 10_000  # the modules, the app and the rulesets
        # what a request leaves alive afterwards is collected as before
        garbage: list[object] = []
        garbage.append(garbage)
        del garbage
        assert gc.collect() >= 1
    finally:
        gc.unfreeze()
