"""The web application serves the tournament manager's pages (`/tournaments`, interfaces.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session as DbSession

from muraglia.tournament import service
from muraglia.tournament.auth import add_user
from muraglia.web import create_app


def test_the_app_mounts_the_tournament_pages() -> None:
    app = create_app("sqlite://")
    client = TestClient(app)
    listing = client.get("/tournaments")
    assert listing.status_code == 200
    assert "/tournaments" in client.get("/").text  # linked from every page's navigation
    assert client.get("/tournaments/999").status_code == 404


def _event_app(tmp_path: Path) -> TestClient:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}")
    with DbSession(app.state.db) as db, db.begin():
        event = service.create_event(db, "Open", rules="mcr", sessions=1)
        service.import_players(db, event, "name\n" + "".join(f"P{i}\n" for i in range(1, 5)))
        service.seat_event(db, event, seed=1, iterations=10)
        add_user(db, "ref", "referee-pw", "referee")
    return TestClient(app, headers={"accept": "text/html"})


def test_a_login_page_not_json_and_back_after_logging_in(tmp_path: Path) -> None:
    """401 on a page: a page with a link to the login, which comes back (report 13)."""
    client = _event_app(tmp_path)
    r = client.get("/tournaments/1/manage")
    assert r.status_code == 401
    assert 'href="/tournaments/login?next=/tournaments/1/manage"' in r.text
    form = client.get("/tournaments/login?next=/tournaments/1/sessions/1/tables/1").text
    assert 'name="next" value="/tournaments/1/sessions/1/tables/1"' in form
    page = "/tournaments/1/sessions/1/tables/1"
    r = client.post(
        "/tournaments/login",
        data={"username": "ref", "password": "referee-pw", "next": page},
        follow_redirects=False,
    )
    assert r.headers["location"] == page
    r = client.post(
        "/tournaments/login",
        data={"username": "ref", "password": "referee-pw", "next": "https://evil.example/"},
        follow_redirects=False,
    )  # fmt: skip
    assert r.headers["location"].endswith("/tournaments")
    assert client.get("/tournaments/abc").status_code == 400
    assert client.get("/tournaments/1/standings.json").status_code == 200
    missing = client.get("/tournaments/9/standings.json")
    assert missing.status_code == 404
    assert missing.headers["content-type"].startswith("application/json")


@pytest.mark.parametrize("typed", ["abc", "120.5", "1e3"])
def test_a_total_that_is_not_a_whole_number_names_its_seat(tmp_path: Path, typed: str) -> None:
    """The referee's totals form: no Python error text (report 12)."""
    client = _event_app(tmp_path)
    r = client.post(
        "/tournaments/login", data={"username": "ref", "password": "referee-pw"},
        follow_redirects=False,
    )  # fmt: skip
    assert r.status_code == 303
    r = client.post(
        "/tournaments/1/sessions/1/tables/1",
        data={"E": typed, "S": "-1", "W": "0", "N": "1", "action": "preview"},
    )
    assert r.status_code == 400
    text = r.text.replace("&#39;", "'")
    assert (
        f"E (Est / East): expected a whole number (such as -120) / un numero intero, got '{typed}'"
        in text
    )
    assert "invalid literal" not in text
