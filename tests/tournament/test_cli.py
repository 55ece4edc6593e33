"""``muraglia tournament`` per the contract (interfaces.md §5), on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from muraglia.cli import main
from tests.tournament.test_service import FIMJ_DEAL


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict, str]:
    code = main(["tournament", *argv])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip().startswith("{") else {"text": out}), err


@pytest.fixture
def event(db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    code, out, _ = run(
        [
            "new",
            "Coppa",
            "--rules",
            "fimj(tournament=true)",
            "--sessions",
            "3",
            "--db",
            db_url,
            "--json",
        ],
        capsys,
    )
    assert code == 0
    assert out == {"ok": True, "id": "1"}
    players = tmp_path / "players.csv"
    players.write_text(
        "name,club,country,ema_id,team\n"
        + "".join(f"Giocatore {i},C{i % 3},IT,{i:08d},T{i % 2}\n" for i in range(1, 13)),
        encoding="utf-8",
    )
    code, out, _ = run(["players", "1", "--import", str(players), "--db", db_url, "--json"], capsys)
    assert code == 0
    assert out == {"ok": True, "players": 12}
    return db_url, "1"


def test_seat_enter_standings_export(
    event: tuple[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, eid = event
    code, out, _ = run(
        ["seat", eid, "--seed", "4", "--iterations", "3000", "--db", db, "--json"], capsys
    )
    assert code == 0
    assert len(out["sessions"]) == 3
    for session in out["sessions"]:
        assert sorted(p for table in session for p in table) == list(range(1, 13))
        assert all(len(table) == 4 for table in session)
    assert out["repeats"] >= out["lower_bound"] >= 0
    sheet = tmp_path / "t1.jsonl"
    sheet.write_text(json.dumps(FIMJ_DEAL) + "\n" + '{"blank": true}\n', encoding="utf-8")
    code, out, _ = run(
        [
            "enter",
            eid,
            "--session",
            "1",
            "--table",
            "1",
            "--hands",
            str(sheet),
            "--db",
            db,
            "--json",
        ],
        capsys,
    )
    assert code == 0
    assert out["net"] == {"E": -220, "S": 550, "W": -180, "N": -150}
    code, out, _ = run(
        [
            "enter",
            eid,
            "--session",
            "1",
            "--table",
            "2",
            "--totals",
            '{"E": 100, "S": -40, "W": -30, "N": -30}',
            "--db",
            db,
            "--json",
        ],
        capsys,
    )
    assert code == 0
    assert out["net"]["E"] == 100
    code, out, _ = run(["standings", eid, "--db", db, "--json"], capsys)
    assert code == 0
    top = out["standings"][0]
    assert set(top) >= {"rank", "player", "name", "score", "table_points"}
    assert top["rank"] == 1
    assert top["score"] == 550
    assert top["table_points"] == 4
    for fmt in ("csv", "json", "ema", "sheets", "schedules", "signs"):
        target = tmp_path / f"out.{fmt}"
        code, out, err = run(
            ["export", eid, "--format", fmt, "--out", str(target), "--db", db, "--json"], capsys
        )
        assert code == 0, err
        assert target.stat().st_size > 100
    assert "Giocatore" in (tmp_path / "out.sheets").read_text(encoding="utf-8")
    ema = (tmp_path / "out.ema").read_text(encoding="utf-8").splitlines()
    assert ema[3].startswith("place,ema_number,last_name,first_name,country")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["enter", "1", "--session", "1", "--table", "1", "--totals", '{"E": 1}'],
            "need exactly the seats E, S, W, N",
        ),
        (["enter", "1", "--session", "9", "--table", "1", "--totals", "{}"], "no session 9"),
        (["enter", "1", "--session", "1", "--table", "1", "--totals", "{oops"], "invalid JSON"),
        (["seat", "7"], "no event with id 7"),
        (["penalty", "1", "--player", "99", "--amount", "10", "--reason", "x"], "no player 99"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    event: tuple[str, str], argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db, _ = event
    assert run(["seat", "1", "--iterations", "3000", "--db", db, "--json"], capsys)[0] == 0
    code, _out, err = run([*argv, "--db", db], capsys)
    assert code == 2
    assert err.count("\n") == 1, err
    assert message in err


def test_approved_session_refuses_results(
    event: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    db, eid = event
    run(["seat", eid, "--iterations", "3000", "--db", db, "--json"], capsys)
    for t in (1, 2, 3):
        code, _, err = run(
            [
                "enter",
                eid,
                "--session",
                "1",
                "--table",
                str(t),
                "--totals",
                '{"E": 10, "S": -10, "W": 0, "N": 0}',
                "--db",
                db,
                "--json",
            ],
            capsys,
        )
        assert code == 0, err
    assert run(["session", eid, "1", "--status", "approved", "--db", db, "--json"], capsys)[0] == 0
    code, _, err = run(
        [
            "enter",
            eid,
            "--session",
            "1",
            "--table",
            "1",
            "--totals",
            '{"E": 0, "S": 0, "W": 0, "N": 0}',
            "--db",
            db,
            "--json",
        ],
        capsys,
    )
    assert code == 2
    assert "approved" in err
    code, out, _ = run(["standings", eid, "--db", db, "--json"], capsys)
    assert sorted(x["score"] for x in out["standings"])[-3:] == [10, 10, 10]


def test_stale_version_is_a_conflict(
    event: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    db, eid = event
    run(["seat", eid, "--iterations", "3000", "--db", db, "--json"], capsys)
    code, out, _ = run(["tables", eid, "--session", "1", "--db", db, "--json"], capsys)
    version = out["tables"][0]["version"]
    totals = '{"E": 10, "S": -10, "W": 0, "N": 0}'
    base = ["enter", eid, "--session", "1", "--table", "1", "--totals", totals, "--db", db]
    assert run([*base, "--version", str(version), "--json"], capsys)[0] == 0
    code, _, err = run([*base, "--version", str(version), "--json"], capsys)
    assert code == 2
    assert "changed by someone else" in err


@pytest.mark.parametrize(
    ("url", "message"),
    [
        (
            "sqlite:////nonexistent/dir/x.db",
            "cannot open the database 'sqlite:////nonexistent/dir/x.db': unable to open",
        ),
        ("notaurl", "cannot use the database 'notaurl': Could not parse"),
        ("nodialect://x", "cannot use the database 'nodialect://x': Can't load plugin"),
        (
            "postgresql://organiser:s3cret@127.0.0.1:1/x",
            "cannot open the database 'postgresql://organiser:***@127.0.0.1:1/x': ",
        ),
    ],
)
def test_a_bad_database_url_is_one_line_naming_it(
    url: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    not_a_db = tmp_path / "notes.txt"
    not_a_db.write_text("not a database\n" * 100, encoding="utf-8")
    for db in (url, f"sqlite:///{not_a_db}"):
        code, out, err = run(["standings", "1", "--db", db, "--json"], capsys)
        assert code == 2
        assert out == {"text": ""}
        assert err.count("\n") == 1, err
        assert "s3cret" not in err
        assert err.startswith("muraglia tournament standings: error: ")
    assert message in run(["standings", "1", "--db", url], capsys)[2]
    assert "file is not a database" in err
    assert not_a_db.read_text(encoding="utf-8") == "not a database\n" * 100


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--days", "-5"], "days must be between 1 and 30, got -5"),
        (["--days", "0"], "days must be between 1 and 30, got 0"),
        (["--hands-per-session", "0"], "hands per session must be between 1 and 100, got 0"),
        (["--hands-per-session", "-3"], "hands per session must be between 1 and 100, got -3"),
        (["--sessions", "0"], "sessions must be between 1 and 100, got 0"),
    ],
)
def test_new_refuses_impossible_numbers(
    db_url: str, extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["new", "X", "--rules", "fimj", "--sessions", "3", *extra, "--db", db_url, "--json"]
    code, out, err = run(argv, capsys)
    assert code == 2
    assert out == {"text": ""}
    assert err == f"muraglia tournament new: error: {message}\n"
    assert run(["standings", "1", "--db", db_url], capsys)[2].endswith("no event with id 1\n")


def test_export_session_must_exist_and_schedules_honour_it(
    event: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    db, eid = event
    base = ["export", eid, "--db", db, "--format"]
    for fmt in ("sheets", "signs", "schedules"):
        for k in ("9", "0"):
            code, out, err = run([*base, fmt, "--session", k], capsys)
            assert code == 2
            assert out == {"text": ""}
            assert (
                err
                == f"muraglia tournament export: error: event 1 has no session {k} (sessions 1-3)\n"
            )
        code, _, err = run([*base, fmt, "--session", "2"], capsys)
        assert code == 2
        assert err.endswith("error: session 2 is not seated yet\n")
    code, _, err = run([*base, "csv", "--session", "1"], capsys)
    assert code == 2
    assert "the csv export covers the whole event" in err
    assert run(["seat", eid, "--iterations", "3000", "--db", db, "--json"], capsys)[0] == 0
    code, out, _ = run([*base, "schedules", "--session", "2"], capsys)
    assert code == 0
    assert out["text"].count("<section") == 12
    rows = re.findall(r"<tr><td>(\d+)</td><td>(\d+)</td>", out["text"])
    assert sorted(rows) == sorted(("2", str(t)) for t in (1, 2, 3) for _ in range(4))
    code, out, _ = run([*base, "schedules"], capsys)
    assert out["text"].count("<section") == 12
    rows = re.findall(r"<tr><td>(\d+)</td><td>(\d+)</td>", out["text"])
    assert sorted(s for s, _ in rows) == sorted(str(k) for k in (1, 2, 3) for _ in range(12))


def test_messages_name_what_is_wrong(
    event: tuple[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, eid = event
    utf16 = tmp_path / "unicode.csv"
    utf16.write_bytes("name\nAnna\n".encode("utf-16"))
    latin1 = tmp_path / "latin1.csv"
    latin1.write_bytes("name\nNicolò\n".encode("latin-1"))
    obj, strings = tmp_path / "obj.json", tmp_path / "strings.json"
    obj.write_text('{"a": 1}', encoding="utf-8")
    strings.write_text('[[["a", "b", "c", "d"]]]', encoding="utf-8")
    shape = "the schedule must be a JSON list of sessions, each a list of tables, each a list of "
    cases = [
        (["players", eid, "--import", str(utf16)], f"{utf16} is not UTF-8 text (it is UTF-16"),
        (
            ["players", eid, "--import", str(latin1)],
            f"{latin1} is not UTF-8 text (byte 10 is 0xf2)",
        ),
        (["seat", eid, "--method", "import", "--schedule", str(obj)], shape),
        (["seat", eid, "--method", "import", "--schedule", str(obj)], "; got an object"),
        (["seat", eid, "--method", "import", "--schedule", str(strings)], "table 1 has 'a', not"),
        (
            ["sub", eid, "--session", "1", "--table", "1", "--wind", "N", "--player", "abc"],
            "--player must be a player number or 'none', got 'abc'",
        ),
    ]
    for argv, message in cases:
        code, _out, err = run([*argv, "--db", db], capsys)
        assert code == 2, argv
        assert err.count("\n") == 1, err
        assert message in err, err
    assert run(["seat", eid, "--iterations", "3000", "--db", db, "--json"], capsys)[0] == 0
    bom = tmp_path / "bom.jsonl"  # a UTF-8 BOM is fine
    bom.write_text('\ufeff{"blank": true}\n', encoding="utf-8")
    argv = ["enter", eid, "--session", "1", "--table", "2", "--hands", str(bom), "--preview"]
    assert run([*argv, "--db", db], capsys)[0] == 0
    totals = '{"E": 10, "S": -10, "W": 0, "N": 0}'
    base = ["enter", eid, "--session", "1", "--table", "1", "--totals", totals, "--db", db]
    assert run([*base, "--version", "1"], capsys)[0] == 0
    for wrong in ("99", "3", "0"):
        code, _, err = run([*base, "--version", wrong], capsys)
        assert code == 2
        assert err == (
            f"muraglia tournament enter: error: table 1 of session 1 has no version {wrong}: "
            "it is at version 2 (reload the table and use the version it shows)\n"
        )
    code, _, err = run([*base, "--version", "1"], capsys)
    assert code == 2
    assert "changed by someone else since you read it (your version 1, now 2)" in err


def test_text_standings_and_teams_are_tables_with_two_decimal_table_points(
    event: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    db, eid = event
    assert run(["seat", eid, "--iterations", "3000", "--db", db, "--json"], capsys)[0] == 0
    totals = '{"E": 100, "S": 100, "W": -100, "N": -100}'  # shared places: 3 and 0.5 points
    argv = ["enter", eid, "--session", "1", "--table", "1", "--totals", totals, "--db", db]
    assert run(argv, capsys)[0] == 0
    code, out, _ = run(["standings", eid, "--db", db], capsys)
    assert code == 0
    lines = out["text"].splitlines()
    assert len(lines) == 12
    assert all(re.fullmatch(r" +(\d+|-) +\d+  .{30} +-?\d+  tp +\d+\.\d\d", x) for x in lines)
    assert lines[0].endswith("100  tp   3.00")
    assert lines[-1].endswith("-100  tp   0.50")
    code, out, _ = run(["standings", eid, "--teams", "--db", db], capsys)
    assert code == 0
    lines = out["text"].splitlines()
    assert len(lines) == 2, out
    for line in lines:
        assert re.fullmatch(r" +\d+  T[01] {29} +-?\d+  tp +\d+\.\d\d  players \d+(, \d+)*", line)
    code, out, _ = run(["export", eid, "--format", "csv", "--db", db], capsys)
    tps = [row.split(",")[5] for row in out["text"].splitlines()[1:]]
    assert sorted(set(tps)) == ["0.00", "0.50", "3.00"]
