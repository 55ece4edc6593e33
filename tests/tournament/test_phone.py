"""The tournament tables on a phone (375 px): no sideways page scroll, a sticky first column.

A real ``muraglia serve`` and Debian's chromium (``tests/web/browser.py``); the screenshot of
the standings goes to docs/screenshots/tournament-standings-375.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.orm import Session as DbSession

from muraglia.db import make_engine, migrate
from muraglia.tournament import service
from muraglia.tournament.auth import add_user
from tests.web.browser import launch, screenshot
from tests.web.server import running_server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


def _event(url: str) -> None:
    """An MCR event, long names, session 1 entered: every standings column is shown."""
    engine = make_engine(url)
    migrate(engine)
    with DbSession(engine) as db, db.begin():
        event = service.create_event(db, "Campionato a squadre di Ravenna", rules="mcr", sessions=3)
        rows = "".join(
            f"Giocatrice con un nome molto lungo {i},Club {i % 3},IT,team{i % 4}\n"
            for i in range(1, 17)
        )
        service.import_players(db, event, "name,club,country,team\n" + rows)
        service.seat_event(db, event, seed=1, iterations=500)
        for t in range(1, 5):
            service.enter_results(
                db, event, 1, t, totals={"E": 120 * t, "S": -40 * t, "W": -40 * t, "N": -40 * t}
            )
        add_user(db, "arbitro", "referee-pw", "referee")
    engine.dispose()


def _no_sideways_scroll(page: Any, path: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"{path} scrolls sideways at 375 px ({width} px wide)"


def test_tournament_tables_at_375_pixels(browser: Any, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'phone.db'}"
    _event(url)
    with running_server("--db", url) as base:
        page = browser.new_page(viewport={"width": 375, "height": 812}, locale="it-IT")
        page.goto(f"{base}/tournaments/1")
        _no_sideways_scroll(page, "/tournaments/1")
        frame = page.locator(".t-scroll").first
        # the table is wider than the phone: it scrolls inside its own frame
        inner = frame.evaluate("e => [e.scrollWidth, e.clientWidth]")
        assert inner[0] > inner[1], inner
        assert page.locator("text=Punti tavolo").count() == 1  # every column is there
        name = page.locator("tr:nth-child(2) td.stick2")
        before = name.bounding_box()
        frame.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
        page.wait_for_timeout(100)
        assert frame.evaluate("e => e.scrollLeft") > 0
        after = name.bounding_box()
        assert before is not None
        assert after is not None
        assert abs(after["x"] - before["x"]) < 1, "the player column scrolled away"
        frame.evaluate("e => { e.scrollLeft = 0; }")
        screenshot(page, "tournament-standings-375")
        # the referee's table page and the big screen, same rule
        page.goto(f"{base}/tournaments/login")
        page.fill("input[name=username]", "arbitro")
        page.fill("input[name=password]", "referee-pw")
        page.click("form button")
        page.wait_for_load_state()
        for path in ("/tournaments/1/sessions/1/tables/1", "/tournaments/1/screen", "/tournaments"):
            page.goto(base + path)
            _no_sideways_scroll(page, path)
        page.close()
