"""No data loss: SIGKILL the process entering scores; every acknowledged entry survives."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from sqlalchemy import func, select, text
from sqlalchemy.orm import Session as DbSession

from muraglia.db import make_engine, migrate
from muraglia.tournament import service
from muraglia.tournament.models import Hand, Table, TableResult

SRC = Path(__file__).resolve().parents[2] / "src"

CHILD = textwrap.dedent(
    """
    import sys
    from sqlalchemy.orm import Session
    from muraglia.db import make_engine, migrate
    from muraglia.tournament import service

    engine = make_engine(sys.argv[1])
    migrate(engine)
    blank = {"blank": True}
    k = 0
    while True:
        for session in range(1, 4):
            for table in range(1, 11):
                k += 1
                east = 10 * (k % 7) + 10
                totals = {"E": east, "S": -east, "W": 5, "N": -5}
                with Session(engine) as db, db.begin():
                    event = service.get_event(db, 1)
                    if k % 2:
                        service.enter_results(db, event, session, table, totals=totals)
                    else:
                        service.enter_results(db, event, session, table, hands=[blank] * 4)
                print(f"ack {session} {table} {k}", flush=True)
    """
)


def test_sigkill_during_score_entry_loses_no_acknowledged_entry(db_url: str) -> None:
    engine = make_engine(db_url)
    migrate(engine)
    with DbSession(engine) as db, db.begin():
        event = service.create_event(db, "Kill", rules="mcr", sessions=3)
        service.import_players(db, event, "name\n" + "".join(f"P{i}\n" for i in range(1, 41)))
        service.seat_event(db, event, seed=1, iterations=1000)
    env = dict(os.environ, PYTHONPATH=str(SRC))
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, db_url], stdout=subprocess.PIPE, text=True, env=env
    )
    acked: dict[tuple[int, int], int] = {}
    try:
        assert child.stdout is not None
        for line in child.stdout:
            _, s, t, k = line.split()
            acked[(int(s), int(t))] = int(k)
            if len(acked) >= 25 and int(k) >= 45:  # the second pass: corrections too
                os.kill(child.pid, signal.SIGKILL)
                break
    finally:
        child.kill()
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    engine.dispose()
    engine = make_engine(db_url)
    migrate(engine)  # the database opens and is up to date
    with DbSession(engine) as db:
        if engine.dialect.name == "sqlite":
            assert db.execute(text("PRAGMA integrity_check")).scalar() == "ok"
        event = service.get_event(db, 1)
        for (s, t), k in acked.items():
            table = next(x for x in service.get_session(db, event, s).tables if x.number == t)
            raws = {r.wind: r.raw_score for r in table.results}
            east = 10 * (k % 7) + 10
            if k % 2:
                assert raws == {"E": east, "S": -east, "W": 5, "N": -5}, (s, t, k)
                assert table.entry == "totals"
            else:
                assert raws == {"E": 0, "S": 0, "W": 0, "N": 0}
                assert table.entry == "hands"
                assert len(table.hands) == 4
        # consistency of everything stored, acknowledged or not
        for table in db.scalars(select(Table)).all():
            assert len(table.results) in (0, table.size)
            assert sum(r.raw_score for r in table.results) == 0
            if table.entry == "hands":
                assert len(table.hands) == 4
            if table.entry is None:
                assert not table.hands
                assert not table.results
        assert db.scalar(select(func.count()).select_from(Hand)) % 4 == 0
        assert db.scalar(select(func.count()).select_from(TableResult)) % 4 == 0
        assert service.standings(db, event)
    engine.dispose()
