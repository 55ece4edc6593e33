"""The tournament router mounted on a bare FastAPI app (the web app includes it at merge)."""

from __future__ import annotations

import datetime as dt
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session as DbSession

from muraglia.db import make_engine, migrate
from muraglia.tournament import service
from muraglia.tournament.auth import add_user
from muraglia.tournament.models import Setting, TableResult
from muraglia.tournament.web import router

SRC = Path(__file__).resolve().parents[2] / "src"


@pytest.fixture
def client(engine: Engine) -> Iterator[TestClient]:
    app = FastAPI()
    app.state.db = engine
    app.include_router(router)
    with DbSession(engine) as db, db.begin():
        event = service.create_event(db, "Open di Firenze", rules="mcr", sessions=2)
        service.import_players(
            db, event, "name\n" + "".join(f"Giocatrice {i}\n" for i in range(1, 9))
        )
        service.seat_event(db, event, seed=1, iterations=1000)
        add_user(db, "org", "organiser-pw", "organiser")
        add_user(db, "ref", "referee-pw", "referee")
    with TestClient(app) as c:
        yield c


def login(client: TestClient, user: str, password: str) -> None:
    r = client.post(
        "/tournaments/login", data={"username": user, "password": password}, follow_redirects=False
    )
    assert r.status_code == 303, r.text


def test_public_pages(client: TestClient) -> None:
    r = client.get("/tournaments")
    assert r.status_code == 200
    assert "Open di Firenze" in r.text
    r = client.get("/tournaments/1")
    assert r.status_code == 200
    assert "Giocatrice 8" in r.text
    assert 'http-equiv="refresh"' in r.text
    # a session's status in both languages, as the rest of the page (never the bare id)
    assert re.search(r"session \d+: [a-z ]+ / (seating|started|finished|approved)", r.text)
    assert client.get("/tournaments/1/standings.json").json()["standings"][0]["rank"] == 1
    assert client.get("/tournaments/99").status_code == 404


def test_big_screen_counts_down_the_running_session(client: TestClient, engine: Engine) -> None:
    with DbSession(engine) as db, db.begin():
        event = service.get_event(db, 1)
        session = service.set_session_status(db, event, 1, "started")
        session.minutes = 50
        session.started_at = dt.datetime.now(dt.UTC)
    r = client.get("/tournaments/1/screen")
    assert r.status_code == 200
    assert 'data-ends="' in r.text
    assert 'data-ends=""' not in r.text
    assert "Tavolo / Table 2" in r.text
    assert 'http-equiv="refresh"' in r.text


def test_roles_and_logins(client: TestClient) -> None:
    assert client.get("/tournaments/1/manage").status_code == 401
    r = client.post(
        "/tournaments/1/sessions/1/tables/1", data={"E": "1", "S": "-1", "W": "0", "N": "0"}
    )
    assert r.status_code == 401  # a player cannot change results
    r = client.post("/tournaments/login", data={"username": "ref", "password": "wrong"})
    assert r.status_code == 401
    login(client, "ref", "referee-pw")
    assert client.get("/tournaments/1/manage").status_code == 403
    assert client.get("/tournaments/1/sessions/1/tables/1").status_code == 200
    client.cookies.set("muraglia_tournament", "forged.cookie")
    assert client.get("/tournaments/1/sessions/1/tables/1").status_code == 401
    client.cookies.clear()
    login(client, "org", "organiser-pw")
    assert client.get("/tournaments/1/manage").status_code == 200


def test_organiser_runs_an_event_from_the_web(client: TestClient, engine: Engine) -> None:
    # create, import players, seat, withdraw and re-seat, substitute, exports — and bad
    # input changes nothing (400 with the CLI's message)
    assert client.post("/tournaments/new", data={"name": "X"}).status_code == 401
    login(client, "ref", "referee-pw")
    assert client.post("/tournaments/new", data={"name": "X"}).status_code == 403
    login(client, "org", "organiser-pw")
    bad = {"name": "Coppa", "rules": "bridge", "sessions": "3", "regulation": ""}
    r = client.post("/tournaments/new", data=bad)
    assert r.status_code == 400
    assert "bridge" in r.text
    new = {"name": "Coppa di Ravenna", "rules": "ravenna", "sessions": "3", "regulation": ""}
    r = client.post("/tournaments/new", data=new, follow_redirects=False)
    assert r.status_code == 303
    event_id = int(r.headers["location"].split("/")[-2])
    r = client.post(f"/tournaments/{event_id}/players", data={"csv": "club,country\nx,IT\n"})
    assert r.status_code == 400
    assert "name" in r.text
    rows = "".join(f"Giocatore {i},Club {i % 3},IT\n" for i in range(1, 10))
    r = client.post(f"/tournaments/{event_id}/players", data={"csv": "name,club,country\n" + rows})
    assert r.status_code == 200
    assert "9 giocatori / players" in r.text
    assert client.post(f"/tournaments/{event_id}/seat", data={"seed": "2"}).status_code == 200
    r = client.post(f"/tournaments/{event_id}/players/9/drop")
    assert "ritirato / withdrawn: 9" in r.text
    assert client.post(f"/tournaments/{event_id}/seat", data={"seed": "2"}).status_code == 200
    with DbSession(engine) as db:
        event = service.get_event(db, event_id)
        plan = service.plan_of(event)
        assert all(9 not in t for session in plan for t in session)  # re-planned without 9
        assert [len(t) for t in plan[0]] == [4, 4]
        seats = {x.wind: x.registration.number for x in event.sessions[0].tables[0].seats}
    r = client.post(
        f"/tournaments/{event_id}/players", data={"csv": "name,status\nRiserva,substitute\n"}
    )
    assert r.status_code == 200
    sub = {"session": "1", "table": "1", "wind": "S", "player": "10"}
    r = client.post(f"/tournaments/{event_id}/substitute", data=sub)
    assert r.status_code == 200, r.text
    with DbSession(engine) as db:
        table = service.get_event(db, event_id).sessions[0].tables[0]
        seat = next(x for x in table.seats if x.wind == "S")
        assert seat.registration.number == seats["S"]
        assert seat.replaced_by is not None
        assert seat.replaced_by.number == 10
    r = client.post(f"/tournaments/{event_id}/substitute", data=dict(sub, wind="Q"))
    assert r.status_code == 400
    r = client.post(f"/tournaments/{event_id}/substitute", data=dict(sub, player="abc"))
    assert r.status_code == 400
    assert "player must be a number, got &#39;abc&#39;" in r.text
    r = client.post(f"/tournaments/{event_id}/substitute", data=dict(sub, wind="E", player="10"))
    assert r.status_code == 400
    assert "player 10 already sits at table 1 of session 1" in r.text
    # a session or an export for a session the event does not have: 400 with the message
    r = client.get(f"/tournaments/{event_id}/export/sheets?session=9")
    assert r.status_code == 400
    assert f"event {event_id} has no session 9" in r.text
    # exports: the standings are public, the EMA file and the printables need a login
    csv_text = client.get(f"/tournaments/{event_id}/export/csv")
    assert csv_text.status_code == 200
    assert csv_text.headers["content-type"].startswith("text/csv")
    sheets = client.get(f"/tournaments/{event_id}/export/sheets?session=1")
    assert sheets.status_code == 200
    assert f"Giocatore {seats['E']}" in sheets.text  # pre-filled names
    assert client.get(f"/tournaments/{event_id}/export/pdf").status_code == 404
    client.cookies.clear()
    assert client.get(f"/tournaments/{event_id}/export/json").status_code == 200
    assert client.get(f"/tournaments/{event_id}/export/ema").status_code == 401


def test_referee_entry_preview_save_conflict_and_bad_input(
    client: TestClient, engine: Engine
) -> None:
    login(client, "ref", "referee-pw")
    url = "/tournaments/1/sessions/1/tables/1"
    form = {"mode": "totals", "version": "1", "E": "30", "S": "-10", "W": "-10", "N": "-10"}
    r = client.post(url, data={**form, "action": "preview"})
    assert r.status_code == 200
    assert "Anteprima / Preview" in r.text
    with DbSession(engine) as db:
        assert db.scalar(select(func.count()).select_from(TableResult)) == 0
    r = client.post(url, data={**form, "action": "save"})
    assert r.status_code == 200
    assert "salvato / saved" in r.text
    r = client.post(url, data={**form, "E": "40", "S": "-20", "action": "save"})
    assert r.status_code == 409
    assert "changed by someone else" in r.text
    r = client.post(url, data={**form, "version": "2", "N": "-11", "action": "save"})
    assert r.status_code == 400
    assert "zero-sum" in r.text
    r = client.post(
        url, data={"mode": "hands", "version": "2", "sheet": '{"winners": ["E"]}', "action": "save"}
    )
    assert r.status_code == 400
    assert "hand 1" in r.text
    with DbSession(engine) as db:
        raws = sorted(r.raw_score for r in db.scalars(select(TableResult)).all())
        assert raws == [-10, -10, -10, 30]


def test_organiser_approves_and_referee_cannot_change(client: TestClient, engine: Engine) -> None:
    login(client, "ref", "referee-pw")
    for t in (1, 2):
        r = client.post(
            f"/tournaments/1/sessions/1/tables/{t}",
            data={"mode": "totals", "E": "8", "S": "-8", "W": "0", "N": "0", "action": "save"},
        )
        assert r.status_code == 200
    login(client, "org", "organiser-pw")
    r = client.post(
        "/tournaments/1/sessions/1/status", data={"status": "approved"}, follow_redirects=False
    )
    assert r.status_code == 303
    r = client.post(
        "/tournaments/1/sessions/1/tables/1",
        data={"mode": "totals", "E": "0", "S": "0", "W": "0", "N": "0", "action": "save"},
    )
    assert r.status_code == 400
    assert "approved" in r.text


def _serve(db_url: str) -> tuple[subprocess.Popen[str], str]:
    """``muraglia serve`` on a free port over ``db_url``: (process, base URL)."""
    env = dict(os.environ, PYTHONPATH=str(SRC))
    proc = subprocess.Popen(
        [sys.executable, "-m", "muraglia", "serve", "--port", "0", "--db", db_url],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()  # blocks until the server accepts connections
    if not line.startswith("listening on "):
        proc.kill()
        proc.wait(timeout=30)
        raise AssertionError(f"the server did not start: {line!r}")
    return proc, line.split()[-1]


def test_logins_survive_a_restart_and_hold_on_every_worker(db_url: str) -> None:
    # the signing key is the database's (created once): a cookie signed by one server
    # process is valid on another one over the same database, and after a restart
    engine = make_engine(db_url)
    migrate(engine)
    with DbSession(engine) as db, db.begin():
        service.create_event(db, "Riavvio", rules="mcr", sessions=1)
        add_user(db, "org", "organiser-pw", "organiser")
    engine.dispose()
    first, url = _serve(db_url)
    second, other = _serve(db_url)  # a second worker at once
    try:
        with httpx.Client(base_url=url, timeout=30) as web:
            r = web.post("/tournaments/login", data={"username": "org", "password": "organiser-pw"})
            assert r.status_code == 303, r.text
            cookie = web.cookies["muraglia_tournament"]
        cookies = {"muraglia_tournament": cookie}
        assert httpx.get(f"{other}/tournaments/1/manage", cookies=cookies).status_code == 200
        first.kill()
        first.wait(timeout=30)
        first, url = _serve(db_url)  # the restart
        assert httpx.get(f"{url}/tournaments/1/manage", cookies=cookies).status_code == 200
        forged = {"muraglia_tournament": cookie[:-4] + "0000"}
        assert httpx.get(f"{url}/tournaments/1/manage", cookies=forged).status_code == 401
    finally:
        for proc in (first, second):
            proc.kill()
            proc.wait(timeout=30)
    engine = make_engine(db_url)
    with DbSession(engine) as db:  # one key, stored once
        assert db.scalar(select(func.count()).select_from(Setting)) == 1
    engine.dispose()


def test_a_save_racing_another_referee_is_a_409(
    client: TestClient, engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another referee saves between the page's read of the table and its write."""
    login(client, "ref", "referee-pw")
    read_table = service._table

    def read_then_someone_saves(db: DbSession, session: object, number: int) -> object:
        table = read_table(db, session, number)  # type: ignore[arg-type]
        monkeypatch.setattr(service, "_table", read_table)
        with DbSession(engine) as other, other.begin():
            service.enter_results(
                other,
                service.get_event(other, 1),
                1,
                1,
                totals={"E": 20, "S": -20, "W": 0, "N": 0},
                actor="other referee",
            )
        return table

    monkeypatch.setattr(service, "_table", read_then_someone_saves)
    form = {"mode": "totals", "version": "1", "E": "30", "S": "-10", "W": "-10", "N": "-10"}
    r = client.post("/tournaments/1/sessions/1/tables/1", data={**form, "action": "save"})
    assert r.status_code == 409
    assert "(your version 1, now 2): reload the table" in r.text
    with DbSession(engine) as db:
        raws = sorted(r.raw_score for r in db.scalars(select(TableResult)).all())
        assert raws == [-20, 0, 0, 20]
