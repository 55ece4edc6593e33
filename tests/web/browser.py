"""Debian's chromium driven by Playwright for the end-to-end tests.

On CI (``CI=true``) a missing browser fails the tests; elsewhere they are skipped.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("MURAGLIA_CHROMIUM", "/usr/bin/chromium"))
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def launch() -> Iterator[object]:
    """A chromium Browser (closed afterwards), or a skip/failure when it is missing."""
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing (apt-get install -y chromium)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def screenshot(page: object, name: str) -> Path:
    """Save a full-page screenshot into docs/screenshots/NAME.png."""
    DOCS.mkdir(parents=True, exist_ok=True)
    path = DOCS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    return path
