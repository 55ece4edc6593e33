"""The tournament manager's operations, on SQLite and PostgreSQL (the ``engine`` fixture)."""

from __future__ import annotations

import csv
import io
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy import func, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DbSession

from muraglia.tournament import export, service
from muraglia.tournament.models import AuditEntry, Hand, Registration, Seat, TableResult
from muraglia.tournament.scoring import table_results

FIMJ_HANDS = {
    "E": "999s 999p 5m 67m 678s 1z",
    "S": "678p33p [555s] 777z [234m] 2f +6p",
    "W": "123456789m 1234z",
    "N": "888m 222s 345p 6s 19p 3z",
}
FIMJ_DEAL = {"winners": ["S"], "discarder": "W", "hands": FIMJ_HANDS}
FIMJ_NET = {"E": -220, "S": 550, "W": -180, "N": -150}
RAVENNA_DEAL = {
    "winners": ["S"],
    "discarder": "W",
    "hands": {
        "E": "999p23m67s [555z>] [222m<]",
        "S": "123s456s789s2z [333s>] +2z",
        "W": "13579m2468p1589s",
        "N": "4444m777z13m56p9m9p",
    },
}
RAVENNA_NET = {"E": -80, "S": 200, "W": -160, "N": 40}


@contextmanager
def tx(engine: Engine) -> Iterator[DbSession]:
    with DbSession(engine) as db, db.begin():
        yield db


def csv_of(n: int, *, clubs: int = 0, teams: int = 0) -> str:
    head = "name,club,country,ema_id" + (",team" if teams else "")
    rows = [head]
    for i in range(1, n + 1):
        club = f"club{i % clubs}" if clubs else ""
        row = f"Anna Rossi{i},{club},IT,{10000000 + i}"
        if teams:
            row += f",team{i % teams}"
        rows.append(row)
    return "\n".join(rows) + "\n"


def make_event(engine: Engine, rules: str, n: int, sessions: int = 3, **kw: object) -> int:
    with tx(engine) as db:
        event = service.create_event(db, "Torneo", rules=rules, sessions=sessions, **kw)  # type: ignore[arg-type]
        service.import_players(db, event, csv_of(n))
        service.seat_event(db, event, seed=1, iterations=2000)
        return event.id


def seats_of(engine: Engine, event_id: int, session: int, table: int) -> dict[str, int]:
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        s = service.get_session(db, event, session)
        t = next(t for t in s.tables if t.number == table)
        return {x.wind: x.registration.number for x in t.seats}


# ---------------------------------------------------------------------------------------
# events, players, seating


def test_csv_import_numbers_players_in_file_order(engine: Engine) -> None:
    with tx(engine) as db:
        event = service.create_event(db, "T", rules="mcr", sessions=2)
        assert service.import_players(db, event, csv_of(8, teams=2)) == 8
        assert [r.number for r in event.registrations] == list(range(1, 9))
        assert event.registrations[0].person.name == "Anna Rossi1"
        assert {t.name for t in event.teams} == {"team0", "team1"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("club,country\nX,IT\n", "no 'name' column (columns found: club, country)"),
        ("name,colour\nA,red\n", "unknown CSV column(s) colour"),
        ("name,club\nA,x\n,y\n", "CSV line 3: the name is empty"),
        ("name,country\nA,Italy\n", "country 'Italy' is not a 2- or 3-letter code"),
        ("", "empty"),
        ("name,club,name\nA,x,B\n", "the CSV header repeats the column(s) name"),
        ("name\nA\n\u200b\u200d\n", "CSV line 3: the name is empty (or has no letters)"),
        ("name,member\nA,no\nB,maybe\n", "CSV line 3: member 'maybe' must be one of 0, 1,"),
        ("name,ema_id\nA,1\nB,2\nC, 1\n", "CSV line 4: EMA id 1 is already on line 2"),
        ("name,fimj_id\nA,F1\nB,F2\nC,F2\n", "CSV line 4: FIMJ id F2 is already on line 3"),
        (
            "name,club\nAnna Rossi,Roma\nAnna Rossi,Milano\nanna  rossi,Roma\n",
            "CSV line 4: anna  rossi of club Roma is already on line 2 (two players of that name",
        ),
    ],
)
def test_bad_csv_changes_nothing(engine: Engine, text: str, message: str) -> None:
    with tx(engine) as db:
        event_id = service.create_event(db, "T", rules="mcr", sessions=2).id
    with (
        pytest.raises(
            service.TournamentError, match=message.replace("(", r"\(").replace(")", r"\)")
        ),
        tx(engine) as db,
    ):
        service.import_players(db, service.get_event(db, event_id), text)
    with tx(engine) as db:
        assert db.scalar(select(func.count()).select_from(Registration)) == 0


def test_seating_stores_a_valid_plan_and_its_metrics(engine: Engine) -> None:
    event_id = make_event(engine, "mcr", 16, sessions=5)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        plan = service.plan_of(event)
        assert len(plan) == 5
        for session in plan:
            assert sorted(p for t in session for p in t) == list(range(1, 17))
        from muraglia.tournament.seating import metrics

        assert metrics(plan)["repeats"] == 0


def test_a_player_cannot_sit_at_two_tables_of_a_session(engine: Engine) -> None:
    with tx(engine) as db:
        event = service.create_event(db, "T", rules="mcr", sessions=1)
        service.import_players(db, event, csv_of(8))
        event_id = event.id
    bad = [[[1, 2, 3, 4], [1, 6, 7, 8]]]
    with pytest.raises(service.TournamentError, match="player 1 is at 2 tables"), tx(engine) as db:
        service.seat_event(db, service.get_event(db, event_id), method="import", schedule=bad)
    with tx(engine) as db:
        assert db.scalar(select(func.count()).select_from(Seat)) == 0
    # the database refuses it too (unique session + player)
    with tx(engine) as db:
        service.seat_event(
            db,
            service.get_event(db, event_id),
            method="import",
            schedule=[[[1, 2, 3, 4], [5, 6, 7, 8]]],
        )
    with tx(engine) as db:
        seat = db.scalars(select(Seat).where(Seat.wind == "E")).first()
        assert seat is not None
        other = db.scalars(select(Seat).where(Seat.table_id != seat.table_id)).first()
        assert other is not None
        other.registration_id = seat.registration_id
        with pytest.raises(IntegrityError):
            db.flush()
        db.rollback()


def test_mcr_needs_substitutes_fimj_gets_tables_of_three(engine: Engine) -> None:
    with tx(engine) as db:
        event = service.create_event(db, "T", rules="mcr", sessions=2)
        service.import_players(db, event, csv_of(10))
        with pytest.raises(service.TournamentError, match="register 2 more substitute"):
            service.seat_event(db, event)
        service.import_players(db, event, "name,status\nSub One,substitute\nSub Two,substitute\n")
        out = service.seat_event(db, event, iterations=2000)
        assert all(len(t) == 4 for s in out["sessions"] for t in s)
    with tx(engine) as db:
        event = service.create_event(db, "T", rules="fimj", sessions=2)
        service.import_players(db, event, csv_of(10))
        out = service.seat_event(db, event, iterations=2000)
        assert sorted(len(t) for t in out["sessions"][0]) == [3, 3, 4]


def test_replanning_after_a_withdrawal_keeps_played_sessions(engine: Engine) -> None:
    event_id = make_event(engine, "mcr", 20, sessions=4)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        first = service.plan_of(event)[0]
        service.set_session_status(db, event, 1, "started")
        for p in (1, 2, 3, 4):
            service.drop_player(db, event, p)
        out = service.seat_event(db, event, seed=2, iterations=5000)
        assert out["sessions"][0] == first
        for session in out["sessions"][1:]:
            assert sorted(p for t in session for p in t) == list(range(5, 21))


# ---------------------------------------------------------------------------------------
# score entry


def test_fimj_hands_are_settled_and_rotate(engine: Engine) -> None:
    event_id = make_event(engine, "fimj(tournament=true)", 8, sessions=2)
    seats = seats_of(engine, event_id, 1, 1)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        out = service.enter_results(db, event, 1, 1, hands=[FIMJ_DEAL, {"blank": True}, FIMJ_DEAL])
    # hand 1: letters are the starting seats; hand 3: East passed twice, so this hand's
    # E is the player who started West (FIMJ-TOURN-3)
    expected = {w: FIMJ_NET[w] for w in "ESWN"}
    shifted = {w: FIMJ_NET["ESWN"[("ESWN".index(w) - 2) % 4]] for w in "ESWN"}
    assert out["net"] == {w: expected[w] + shifted[w] for w in "ESWN"}
    assert sum(out["net"].values()) == 0
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        lines = {x.player: x for x in service.standings(db, event)}
        for w, p in seats.items():
            assert lines[p].score == out["net"][w]


SEIPALLE_WIN = {  # S wins on W's discard after riichi: 120 a share, W pays all (SEI-PAY)
    "winners": ["S"],
    "discarder": "W",
    "hands": {"S": "123m678m456p67s22s +8s"},
    "flags": {"S": ["riichi"]},
    "riichi": ["S"],
}


def test_seipalle_stakes_come_from_settle_and_carry_over(engine: Engine) -> None:
    # SEI-RIICHI-3/6: hand 1 is void with two declarations (the stakes stay), hand 2 (East
    # passed, SEI-GAME-2: its S started West) takes them, hand 3 leaves one on the table,
    # which goes to the table's leader (SEI-GAME-3)
    event_id = make_event(engine, "seipalle(tournament=true)", 8, sessions=2)
    seats = seats_of(engine, event_id, 1, 1)
    sheet = [
        {"winners": [], "hands": {}, "riichi": ["N", "E"]},
        SEIPALLE_WIN,
        {"winners": [], "hands": {}, "riichi": ["E"]},
    ]
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        with pytest.raises(service.TournamentError, match="hand 2: riichi_sticks is 0 but"):
            service.enter_results(
                db, event, 1, 1, hands=[sheet[0], dict(SEIPALLE_WIN, riichi_sticks=0)]
            )
        out = service.enter_results(db, event, 1, 1, hands=sheet)
    # hand 2: S (started W) +480 for the hand, -1000 + 3000 stakes; W (started N) -480
    # hand 3: E (started W) puts a stake on the table
    assert out["net"] == {"E": -1000, "S": 0, "W": 2480 - 1000, "N": -1000 - 480}
    by_wind = {r["wind"]: r for r in out["results"]}
    assert by_wind["W"]["sticks"] == 1000  # SEI-GAME-3
    assert sum(r["final"] for r in out["results"]) == 0
    with tx(engine) as db:
        lines = {x.player: x for x in service.standings(db, service.get_event(db, event_id))}
    assert lines[seats["W"]].score == 2480


def test_an_impossible_hand_on_a_sheet_changes_nothing(engine: Engine) -> None:
    event_id = make_event(engine, "fimj(tournament=true)", 8, sessions=2)
    bad = dict(FIMJ_DEAL, hands=dict(FIMJ_HANDS, W="123456789m 12z"))
    with (
        pytest.raises(service.TournamentError, match=r"hand 2: seat 'W' hand .* has 11 tiles"),
        tx(engine) as db,
    ):
        service.enter_results(db, service.get_event(db, event_id), 1, 1, hands=[FIMJ_DEAL, bad])
    with tx(engine) as db:
        assert db.scalar(select(func.count()).select_from(Hand)) == 0
        assert db.scalar(select(func.count()).select_from(TableResult)) == 0


def test_totals_must_be_zero_sum_and_name_every_seat(engine: Engine) -> None:
    event_id = make_event(engine, "mcr", 8, sessions=2)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        with pytest.raises(service.TournamentError, match="zero-sum; they add up to -1"):
            service.enter_results(db, event, 1, 1, totals={"E": 1, "S": -1, "W": 0, "N": -1})
        with pytest.raises(service.TournamentError, match="need exactly the seats E, S, W, N"):
            service.enter_results(db, event, 1, 1, totals={"E": 1, "S": -1, "W": 0})


def test_ravenna_tables_total_8000_and_results_are_2000_plus_winnings(engine: Engine) -> None:
    event_id = make_event(engine, "ravenna", 8, sessions=3)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        with pytest.raises(service.TournamentError, match="8000"):
            service.enter_results(
                db, event, 1, 1, totals={"E": 2000, "S": 2000, "W": 2000, "N": 1000}
            )
        out = service.enter_results(db, event, 1, 2, hands=[RAVENNA_DEAL] * 8)
        finals = {r["wind"]: r["final"] for r in out["results"]}
        assert sum(finals.values()) == 8000
        assert all((finals[w] - 2000) % 10 == 0 for w in finals)
        with pytest.raises(service.TournamentError, match="at most 8"):
            service.enter_results(db, event, 1, 1, hands=[RAVENNA_DEAL] * 9)
        # net is the winnings whichever way the table was entered (RAV-COMP-6)
        assert out["net"] == {w: finals[w] - 2000 for w in finals}
        totals = {"E": 2100, "S": 2000, "W": 2000, "N": 1900}
        out = service.enter_results(db, event, 1, 1, totals=totals)
        assert out["net"] == {"E": 100, "S": 0, "W": 0, "N": -100}


def test_no_result_for_an_approved_session(engine: Engine) -> None:
    event_id = make_event(engine, "mcr", 8, sessions=2)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        with pytest.raises(service.TournamentError, match="no results for table"):
            service.set_session_status(db, event, 1, "approved")
        service.enter_results(db, event, 1, 1, totals={"E": 30, "S": -10, "W": -10, "N": -10})
        service.enter_results(db, event, 1, 2, totals={"E": 30, "S": -10, "W": -10, "N": -10})
        service.set_session_status(db, event, 1, "approved")
    with pytest.raises(service.TournamentError, match="approved"), tx(engine) as db:
        service.enter_results(
            db, service.get_event(db, event_id), 1, 1, totals={"E": 0, "S": 0, "W": 0, "N": 0}
        )


def test_corrections_keep_the_history(engine: Engine) -> None:
    event_id = make_event(engine, "mcr", 8, sessions=2)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        service.enter_results(
            db, event, 1, 1, totals={"E": 30, "S": -10, "W": -10, "N": -10}, actor="anna"
        )
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        service.enter_results(
            db, event, 1, 1, totals={"E": 20, "S": 0, "W": -10, "N": -10}, actor="bruno"
        )
    with tx(engine) as db:
        rows = db.scalars(select(AuditEntry).where(AuditEntry.entity == "table")).all()
        assert [(r.actor, r.action) for r in rows] == [("anna", "enter"), ("bruno", "correct")]
        assert rows[1].before["results"]["E"]["raw"] == 30
        assert rows[1].after["results"]["E"]["raw"] == 20


def test_preview_saves_nothing(engine: Engine) -> None:
    event_id = make_event(engine, "mcr", 8, sessions=2)
    with tx(engine) as db:
        out = service.enter_results(
            db,
            service.get_event(db, event_id),
            1,
            1,
            totals={"E": 30, "S": -10, "W": -10, "N": -10},
            dry_run=True,
        )
        assert out["saved"] is False
        assert out["results"][0]["table_points_x12"] == 48
    with tx(engine) as db:
        assert db.scalar(select(func.count()).select_from(TableResult)) == 0


def test_two_referees_cannot_overwrite_each_other(engine: Engine) -> None:
    event_id = make_event(engine, "mcr", 8, sessions=2)
    with tx(engine) as db:
        version = service.table_dict(
            service.get_session(db, service.get_event(db, event_id), 1).tables[0]
        )["version"]
    totals_a = {"E": 30, "S": -10, "W": -10, "N": -10}
    totals_b = {"E": -30, "S": 10, "W": 10, "N": 10}
    with tx(engine) as db:
        service.enter_results(
            db,
            service.get_event(db, event_id),
            1,
            1,
            totals=totals_a,
            expected_version=version,
            actor="a",
        )
    with pytest.raises(service.ConflictError, match="changed by someone else"), tx(engine) as db:
        service.enter_results(
            db,
            service.get_event(db, event_id),
            1,
            1,
            totals=totals_b,
            expected_version=version,
            actor="b",
        )
    with tx(engine) as db:
        raws = {r.wind: r.raw_score for r in db.scalars(select(TableResult)).all() if r.wind in "E"}
        assert raws["E"] == 30


def test_concurrent_writers_one_wins_the_other_gets_a_conflict(engine: Engine) -> None:
    event_id = make_event(engine, "mcr", 8, sessions=2)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def referee(east: int) -> None:
        totals = {"E": east, "S": -east, "W": 0, "N": 0}
        try:
            with DbSession(engine) as db, db.begin():
                event = service.get_event(db, event_id)
                session = service.get_session(db, event, 1)
                version = session.tables[0].version
                barrier.wait(timeout=10)
                service.enter_results(db, event, 1, 1, totals=totals, expected_version=version)
            outcomes.append("saved")
        except service.ConflictError:
            outcomes.append("conflict")
        except Exception as exc:  # any other outcome fails the test below
            outcomes.append(f"error {type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=referee, args=(e,)) for e in (10, 20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert sorted(outcomes) == ["conflict", "saved"], outcomes
    with tx(engine) as db:
        assert db.scalar(select(func.count()).select_from(TableResult)) == 4


def test_fixing_seats_rederives_the_results(engine: Engine) -> None:
    event_id = make_event(engine, "mcr", 8, sessions=2)
    seats = seats_of(engine, event_id, 1, 1)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        service.enter_results(db, event, 1, 1, totals={"E": 30, "S": -10, "W": -10, "N": -10})
        swapped = dict(seats, E=seats["S"], S=seats["E"])
        service.fix_seats(db, event, 1, 1, swapped)
    with tx(engine) as db:
        lines = {x.player: x for x in service.standings(db, service.get_event(db, event_id))}
        assert lines[seats["S"]].score == 30
        assert lines[seats["E"]].score == -10


def _mcr_event_with_a_substitute(engine: Engine, name: str) -> int:
    """An MCR event of 8 players and one substitute (player 9), seated for two sessions."""
    with tx(engine) as db:
        event = service.create_event(db, "T", rules="mcr", sessions=2)
        service.import_players(db, event, csv_of(8))
        service.import_players(db, event, f"name,status\n{name},substitute\n")
        service.seat_event(db, event, iterations=1000)
        return event.id


def test_fixing_seats_keeps_a_substitute_with_the_player_he_replaced(engine: Engine) -> None:
    event_id = _mcr_event_with_a_substitute(engine, "Sub Stitute")
    seats = seats_of(engine, event_id, 1, 1)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        service.substitute(db, event, 1, 1, "E", 9)
        service.enter_results(db, event, 1, 1, totals={"E": 30, "S": -10, "W": -10, "N": -10})
        service.fix_seats(db, event, 1, 1, dict(seats, E=seats["S"], S=seats["E"]))
        (table,) = [t for t in service.get_session(db, event, 1).tables if t.number == 1]
        replaced = {x["wind"]: x["replaced_by"] for x in service.table_dict(table)["seats"]}
        assert replaced == {"E": None, "S": 9, "W": None, "N": None}
        with pytest.raises(service.TournamentError, match="substitutes for player"):
            service.fix_seats(db, event, 1, 1, dict(seats, W=9))


# ---------------------------------------------------------------------------------------
# rankings and penalties


def test_ema_uma_sticks_and_chombo_after_uma(engine: Engine) -> None:
    event_id = make_event(engine, "riichi-ema", 8, sessions=2)
    seats = seats_of(engine, event_id, 1, 1)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        # E and S tie first; 2000 of sticks left on the table
        out = service.enter_results(
            db, event, 1, 1, totals={"E": 10000, "S": 10000, "W": -8000, "N": -14000, "table": 2000}
        )
        res = {r["wind"]: r for r in out["results"]}
        assert res["E"]["uma"] == res["S"]["uma"] == 6000  # EMA-UMA-2
        assert res["E"]["sticks"] == res["S"]["sticks"] == 1000  # EMA-STICK-5
        assert res["E"]["final"] == 17000
        assert res["N"]["final"] == -23000
        service.add_penalty(db, event, seats["E"], None, "chombo", kind="chombo", session_number=1)
    with tx(engine) as db:
        lines = {x.player: x for x in service.standings(db, service.get_event(db, event_id))}
        assert lines[seats["E"]].score == 17000 - 20000
        assert lines[seats["E"]].uma == 6000  # the chombo did not move the uma


def test_mcr_table_points_split_exactly_and_rank_before_score(engine: Engine) -> None:
    three_tied = table_results("mcr", {"E": 10, "S": 10, "W": 10, "N": -30})
    assert [three_tied[w].table_points_x12 for w in "ESWN"] == [28, 28, 28, 0]  # 7/3 each
    event_id = make_event(engine, "mcr", 8, sessions=2)
    a = seats_of(engine, event_id, 1, 1)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        service.enter_results(db, event, 1, 1, totals={"E": 10, "S": 10, "W": 10, "N": -30})
        service.enter_results(db, event, 1, 2, totals={"E": 200, "S": -50, "W": -70, "N": -80})
    with tx(engine) as db:
        lines = service.standings(db, service.get_event(db, event_id))
        top = lines[0]
        assert top.table_points_x12 == 48
        assert top.score == 200
        tied = [x for x in lines if x.player in (a["E"], a["S"], a["W"])]
        assert {x.rank for x in tied} == {2}  # 7/3 table points and 10 each: shared 2nd
        assert lines[4].rank == 5


def test_escalating_penalties_and_cancellation(engine: Engine) -> None:
    event_id = make_event(engine, "mcr", 8, sessions=2)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        amounts = [
            service.add_penalty(db, event, 3, None, "slow play", kind="escalating").amount
            for _ in range(4)
        ]
        assert amounts == [10, 20, 40, 80]
        first = service.add_penalty(db, event, 4, 30, "false mahjong")
        service.cancel_penalty(db, event, first.id)
        with pytest.raises(service.TournamentError, match="positive"):
            service.add_penalty(db, event, 4, -5, "x")
    with tx(engine) as db:
        lines = {x.player: x for x in service.standings(db, service.get_event(db, event_id))}
        assert lines[3].score == -150
        assert lines[4].score == 0


def test_substitutes_are_not_ranked(engine: Engine) -> None:
    event_id = _mcr_event_with_a_substitute(engine, "Sub Stitute")
    seats = seats_of(engine, event_id, 1, 1)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        service.substitute(db, event, 1, 1, "E", 9)
        service.enter_results(db, event, 1, 1, totals={"E": 30, "S": -10, "W": -10, "N": -10})
    with tx(engine) as db:
        lines = {x.player: x for x in service.standings(db, service.get_event(db, event_id))}
        assert lines[9].rank is None
        assert lines[9].score == 30
        assert lines[seats["E"]].score == 0


def test_ema_results_file(engine: Engine) -> None:
    event_id = make_event(engine, "mcr", 8, sessions=1)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        service.enter_results(db, event, 1, 1, totals={"E": 40, "S": 10, "W": -20, "N": -30})
        service.enter_results(db, event, 1, 2, totals={"E": 50, "S": 5, "W": -25, "N": -30})
        text = export.ema_results(db, event)
    rows = [r.split(",") for r in text.splitlines() if not r.startswith("#")]
    assert rows[0][:3] == ["place", "ema_number", "last_name"]
    assert rows[1][0] == "1"
    assert rows[1][5] == "4"
    assert rows[1][6] == "50"
    # two players tie on 0 table points and -30: they share 7th place
    assert [int(r[0]) for r in rows[1:]] == [1, 2, 3, 4, 5, 6, 7, 7]
    assert [int(r[8]) for r in rows[1:]] == [1000, 857, 714, 571, 429, 286, 143, 143]


# ---------------------------------------------------------------------------------------
# entered results are never lost


def test_a_session_with_results_cannot_go_back_to_seating_nor_be_reseated(
    engine: Engine,
) -> None:
    event_id = make_event(engine, "mcr", 12, sessions=3)
    totals = {"E": 30, "S": -10, "W": -10, "N": -10}
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        service.enter_results(db, event, 2, 3, totals=totals)
        before = service.plan_of(event)
    with (
        pytest.raises(
            service.TournamentError,
            match=r"session 2 has results at table\(s\) 3: it cannot go back to seating",
        ),
        tx(engine) as db,
    ):
        service.set_session_status(db, service.get_event(db, event_id), 2, "seating")
    # a session that reached 'seating' with results anyway (an older database) is not re-planned
    with tx(engine) as db:
        service.get_session(db, service.get_event(db, event_id), 2).status = "seating"
    for method in ("plan", "swiss"):
        with (
            pytest.raises(
                service.TournamentError,
                match=r"session 2 has results at table\(s\) 3: it cannot be seated again",
            ),
            tx(engine) as db,
        ):
            service.seat_event(
                db, service.get_event(db, event_id), seed=3, method=method, session_number=2
            )
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        assert service.plan_of(event) == before
        t3 = service.table_dict(service.get_session(db, event, 2).tables[2])
        assert [x["raw_score"] for x in t3["seats"]] == [30, -10, -10, -10]
        # a session without results may still go back and be re-planned; the audit keeps
        # the seating it replaced
        service.set_session_status(db, event, 1, "started")
        service.set_session_status(db, event, 1, "seating")
        service.seat_event(db, event, seed=5, method="swiss", session_number=1, iterations=500)
        entry = db.scalars(
            select(AuditEntry).where(AuditEntry.action == "seat").order_by(AuditEntry.id.desc())
        ).first()
        assert entry is not None
        assert entry.before == {"1": before[0]}


def test_a_substitute_cannot_already_play_in_the_session(engine: Engine) -> None:
    with tx(engine) as db:
        event = service.create_event(db, "T", rules="mcr", sessions=2)
        service.import_players(db, event, csv_of(8))
        service.import_players(db, event, "name,status\nSub One,substitute\nSub Two,substitute\n")
        service.seat_event(db, event, iterations=1000)
        event_id = event.id
    t1, t2 = seats_of(engine, event_id, 1, 1), seats_of(engine, event_id, 1, 2)
    refused = [
        (1, "N", t1["E"], 1),  # the same table
        (1, "N", t2["S"], 2),  # another table
        (1, "E", t1["E"], 1),  # his own seat
    ]
    with tx(engine) as db:
        service.substitute(db, service.get_event(db, event_id), 1, 2, "W", 9)
    refused.append((1, "S", 9, 2))  # already substituting at another table
    for table, wind, player, where in refused:
        with (
            pytest.raises(
                service.TournamentError,
                match=f"player {player} already sits at table {where} of session 1$",
            ),
            tx(engine) as db,
        ):
            service.substitute(db, service.get_event(db, event_id), 1, table, wind, player)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        service.substitute(db, event, 1, 2, "W", 9)  # the same substitute again: no change
        service.substitute(db, event, 1, 1, "N", 10)
        # fix-seats cannot seat a player who substitutes at another table either
        swapped = dict(t1, S=9)
        with pytest.raises(service.TournamentError, match="player 9 already sits at table 2"):
            service.fix_seats(db, event, 1, 1, swapped)
        replaced = {
            x["wind"]: x["replaced_by"]
            for t in service.get_session(db, event, 1).tables
            for x in service.table_dict(t)["seats"]
            if x["replaced_by"]
        }
        assert replaced == {"W": 9, "N": 10}


@pytest.mark.parametrize("give_version", [True, False])
def test_a_write_between_reading_and_saving_is_a_conflict(
    engine: Engine, give_version: bool
) -> None:
    """The race of two referees, step by step: A reads the table, B saves, A saves."""
    event_id = make_event(engine, "mcr", 8, sessions=2)
    with DbSession(engine) as a, a.begin():
        event_a = service.get_event(a, event_id)
        table_a = service.get_session(a, event_a, 1).tables[0]  # A has read the table
        version = table_a.version
        with tx(engine) as b:
            service.enter_results(
                b, service.get_event(b, event_id), 1, 1, totals={"E": 20, "S": -20, "W": 0, "N": 0}
            )
        with pytest.raises(
            service.ConflictError,
            match=r"^table 1 of session 1 was changed by someone else since you read it "
            r"\(your version 1, now 2\): reload the table",
        ):
            service.enter_results(
                a,
                event_a,
                1,
                1,
                totals={"E": 10, "S": -10, "W": 0, "N": 0},
                expected_version=version if give_version else None,
            )
        assert table_a.number == 1
        a.rollback()
    with tx(engine) as db:
        raws = {r.wind: r.raw_score for r in db.scalars(select(TableResult)).all()}
        assert raws == {"E": 20, "S": -20, "W": 0, "N": 0}


@pytest.mark.parametrize(
    ("rules", "kw", "players", "bound", "why"),
    [
        ("fimj(tournament=true)", {}, 8, 1_800_000, "100 hands of at most 18000 each"),
        ("fimj(limit=5000)", {"hands_per_session": 16}, 8, 480_000, "16 hands of at most 30000"),
        ("mcr", {}, 8, 4_800_000, "16 hands of at most 300000 each"),
        ("riichi-ema", {}, 8, 30_000_000, "100 hands of at most 300000 each"),
        ("ravenna", {}, 7, 7200, "6 hands of at most 1200 each"),
    ],
)
def test_totals_are_bounded_by_what_a_session_can_score(  # noqa: PLR0917 - the parameters
    engine: Engine, rules: str, kw: dict[str, int], players: int, bound: int, why: str
) -> None:
    event_id = make_event(engine, rules, players, sessions=1, **kw)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        table = service.get_session(db, event, 1).tables[-1]
        winds = [x.wind for x in table.seats]
        size = len(winds)
        assert service.session_bound(event, size) == bound
        base = 2000 if rules == "ravenna" else 0
        ok = {w: base for w in winds} | {"E": base + bound, "S": base - bound}
        if rules == "ravenna":  # a table of three: the dead seat's payments leave the table
            ok = {"E": base + bound, "S": base, "W": base}
        service.enter_results(db, event, 1, table.number, totals=ok, dry_run=True)
        for huge in (bound + 1, 10**23):
            bad = {w: base for w in winds} | {"E": base + huge, "S": base - huge}
            if rules == "ravenna":
                bad = {"E": base + huge, "S": base, "W": base}
            with pytest.raises(
                service.TournamentError, match=f"^total of E is {base + huge}: "
            ) as e:
                service.enter_results(db, event, 1, table.number, totals=bad)
            assert why in str(e.value)
        with pytest.raises(service.TournamentError, match="total of S is -"):
            service.enter_results(
                db, event, 1, table.number, totals=ok | {"E": base, "S": base - bound - 1}
            )
    with tx(engine) as db:
        assert db.scalar(select(func.count()).select_from(TableResult)) == 0


def test_member_flag_and_invisible_characters(engine: Engine) -> None:
    with tx(engine) as db:
        event = service.create_event(db, "T", rules="mcr", sessions=2)
        service.import_players(db, event, "name,member\nA\u200b,No\nB,SÌ\nC,\nD,false\nE,1\n")
        assert [(r.person.name, r.member) for r in event.registrations] == [
            ("A", False),
            ("B", True),
            ("C", True),
            ("D", False),
            ("E", True),
        ]


def test_players_already_registered_are_not_imported_again(engine: Engine) -> None:
    with tx(engine) as db:
        event = service.create_event(db, "T", rules="mcr", sessions=2)
        service.import_players(db, event, "name,ema_id,fimj_id\nAnna Rossi,06000001,\nBea,,F7\n")
        event_id = event.id
    for text, message in [
        ("name,ema_id\nCarla,06000009\nAnna Rossi,06000001\n", "CSV line 3: EMA id 06000001"),
        ("name,fimj_id\nBea,F7\n", "CSV line 2: FIMJ id F7"),
    ]:
        with pytest.raises(service.TournamentError, match=message) as e, tx(engine) as db:
            service.import_players(db, service.get_event(db, event_id), text)
        assert "is already registered as player" in str(e.value)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        assert [r.person.name for r in event.registrations] == ["Anna Rossi", "Bea"]
        service.import_players(db, event, "name\nAnna Rossi\n")  # a homonym with no id: new
        assert len(event.registrations) == 3


def test_ema_file_keeps_compound_surnames_whole(engine: Engine) -> None:
    with tx(engine) as db:
        event = service.create_event(db, "T", rules="riichi-ema", sessions=1)
        service.import_players(
            db,
            event,
            "name,first_name,last_name,ema_id\n"
            "Giovanni Di Stefano,,,1\nMaria De Luca,,,2\nAnna Lo Bianco,,,3\n"
            "Maria Grazia Rossi,,,4\nJan van der Berg,,,5\nCher,,,6\n"
            "Luca Rossi,,,7\n,Gian Luca,Dalla Costa Bianchi,8\n",
        )
        service.seat_event(db, event, iterations=100)
        names = {
            r[1]: (r[2], r[3])
            for r in csv.reader(io.StringIO(export.ema_results(db, event)))
            if r and not r[0].startswith("#") and r[0] != "place"
        }
    assert names == {
        "1": ("Di Stefano", "Giovanni"),
        "2": ("De Luca", "Maria"),
        "3": ("Lo Bianco", "Anna"),
        "4": ("Rossi", "Maria Grazia"),
        "5": ("van der Berg", "Jan"),
        "6": ("Cher", ""),
        "7": ("Rossi", "Luca"),
        "8": ("Dalla Costa Bianchi", "Gian Luca"),  # explicit columns win
    }


def test_printables_name_who_plays_the_seat(engine: Engine) -> None:
    event_id = _mcr_event_with_a_substitute(engine, "Riserva Uno")
    seats = seats_of(engine, event_id, 2, 1)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        service.substitute(db, event, 2, 1, "S", 9)
        replaced = f"{seats['S']}. Anna Rossi{seats['S']}"
        sub_for = f"9. Riserva Uno <small>(per / for {replaced})</small>"
        for fmt in ("sheets", "signs"):
            page = export.render(db, event, fmt, 2)
            first = page.split("<section")[1]  # table 1
            assert sub_for in first, fmt
            assert first.count(replaced) == 1, fmt  # only as the one replaced
        page = export.render(db, event, "schedules")
        pages = {
            re.search(r"<h2>(\d+)\.", p).group(1): p  # type: ignore[union-attr]
            for p in page.split("<section")[1:]
        }
        assert "<tr><td>2</td><td>1</td><td>Sud / South</td><td>per / for " + replaced in pages["9"]
        assert re.findall(r"<tr><td>(\d+)</td>", pages["9"]) == ["2"]  # session 2 only
        assert (
            "<tr><td>2</td><td>1</td><td>Sud / South</td><td>sostituito da / replaced by "
            "9. Riserva Uno</td>" in pages[str(seats["S"])]
        )
        page = export.render(db, event, "schedules", 2)
        assert page.count("<section") == 9  # the eight seated and the substitute


def test_repeating_a_cancel_or_a_withdrawal_is_an_error(engine: Engine) -> None:
    event_id = make_event(engine, "mcr", 8, sessions=2)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        pen = service.add_penalty(db, event, 4, 30, "false mahjong")
        service.cancel_penalty(db, event, pen.id)
        service.drop_player(db, event, 5)
        pen_id = pen.id
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        with pytest.raises(
            service.TournamentError, match=f"^penalty {pen_id} is already cancelled$"
        ):
            service.cancel_penalty(db, event, pen_id)
        with pytest.raises(service.TournamentError, match=r"^player 5 has already withdrawn$"):
            service.drop_player(db, event, 5)
    with tx(engine) as db:
        actions = db.scalars(select(AuditEntry.action).order_by(AuditEntry.id)).all()
        assert actions.count("cancel") == 1
        assert actions.count("drop") == 1


@pytest.mark.parametrize(
    ("rules", "totals", "message"),
    [
        (
            "ravenna",
            {"E": 2505, "S": 1495, "W": 2000, "N": 2000},
            r"^total of E is 2505: every payment of ravenna is a multiple of 10 \(RAV-ROUND-1\)",
        ),
        (
            "fimj(tournament=true)",
            {"E": 125, "S": -125, "W": 0, "N": 0},
            r"^total of E is 125: every payment of fimj is a multiple of 10 \(FIMJ-ROUND-1\)",
        ),
        (
            "riichi-ema",
            {"E": 10050, "S": -10050, "W": 0, "N": 0},
            r"^total of E is 10050: every payment of riichi-ema is a multiple of 100 \(EMA-PAY-4\)",
        ),
        (
            "riichi-ema",
            {"E": 1500, "S": 0, "W": 0, "N": -3000, "table": 1500},
            r"^'table' is 1500: riichi sticks are 1000 points each \(EMA-RIICHI-2\)",
        ),
        (
            "seipalle",
            {"E": 500, "S": 0, "W": 0, "N": -1000, "table": 500},
            r"^'table' is 500: riichi sticks are 1000 points each \(SEI-RIICHI-3\)",
        ),
    ],
)
def test_totals_follow_the_rounding_and_the_sticks(
    engine: Engine, rules: str, totals: dict[str, int], message: str
) -> None:
    event_id = make_event(engine, rules, 8, sessions=1)
    with tx(engine) as db:
        event = service.get_event(db, event_id)
        with pytest.raises(service.TournamentError, match=message):
            service.enter_results(db, event, 1, 1, totals=totals)
        fixed = {w: v - v % 1000 if w == "table" else v - v % 100 for w, v in totals.items()}
        fixed["N"] -= sum(fixed.values()) - (8000 if rules == "ravenna" else 0)
        service.enter_results(db, event, 1, 1, totals=fixed, dry_run=True)
