"""``muraglia serve`` prints the contract's line once it accepts connections."""

from __future__ import annotations

import httpx

from muraglia.cli import main
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
