"""A whole seeded event per ruleset, played by bots through the tournament interface.

Registration (CSV), seating, every table's match played by the engine with the efficiency
bot, every deal entered as its ``settle`` object, standings, exports; the standings are
checked against an independent recomputation from the engine's own final scores.
"""

from __future__ import annotations

import copy
import csv
import functools
import io
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session as DbSession

from muraglia.cli import main
from muraglia.engine.events import Settled
from muraglia.engine.game import Game
from muraglia.engine.views import view_of
from muraglia.players import make_bot
from muraglia.rulesets import load_ruleset
from muraglia.tournament import export, service
from muraglia.tournament.models import AuditEntry

EVENTS = {
    # ruleset spec, players, sessions, deals per table, the regulation that ranks it
    "fimj": ("fimj(tournament=true)", 10, 2, 6, "fimj"),  # tables of three (FIMJ-3P)
    "ravenna": ("ravenna", 8, 2, 8, "ravenna"),
    "riichi-ema": ("riichi-ema", 8, 2, 8, "ema"),
    "mcr": ("mcr", 8, 2, 8, "mcr"),
    "seipalle": ("seipalle(tournament=true)", 8, 2, 8, "fimj"),
}


def _plain(value: Any) -> Any:
    if hasattr(value, "notation"):
        return value.notation
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def settle_object(outcome: Any, *, riichi: bool, inputs: Any = None) -> dict[str, Any]:
    """The ``muraglia settle`` input object of a finished engine deal (as a referee writes it).

    A void deal (FIMJ-END-2, RAV-END-2) is written as void; riichi draws are settled.
    """
    if outcome.extra.get("void") and not riichi:
        return {"void": True}
    obj: dict[str, Any] = {
        "round_wind": outcome.round_wind,
        "dealer": outcome.dealer,
        "winners": list(outcome.winners),
        "discarder": outcome.discarder,
        "hands": _plain(dict(outcome.hands)),
        "flags": _plain(dict(outcome.flags)),
        "status": dict(outcome.status),
    }
    if outcome.riichi:
        obj["riichi"] = list(outcome.riichi)
    if outcome.dora:
        obj["dora"] = list(outcome.dora)
    if outcome.ura:
        obj["ura"] = list(outcome.ura)
    if outcome.tenpai:
        obj["tenpai"] = list(outcome.tenpai)
    for key in ("discards", "claimed"):
        if key in outcome.extra:
            obj[key] = _plain(outcome.extra[key])
    if inputs is not None:  # what the ruleset declares it reads (issue 14): the rest is refused
        obj = {k: v for k, v in obj.items() if k in inputs.settle_keys}
    return obj


@functools.cache
def _play_table(
    rules: str, players: int, seed: int, deals: int
) -> tuple[list[dict[str, Any]], list[int]]:
    """Play one table's match: (settle objects of every deal, final scores minus start)."""
    if players == 3:  # the dead seat is engine seat 3 (FIMJ-3P-2, RAV-3P-4)
        rules = (
            rules[:-1] + ",three_players=true)" if "(" in rules else f"{rules}(three_players=true)"
        )
    ruleset = load_ruleset(rules)
    match = Game(ruleset, seed=seed, max_deals=deals).new_match()
    bots = [make_bot("efficiency", ruleset, seed=seed * 8 + s) for s in range(match.players)]
    start = list(match.scores)
    sheet: list[dict[str, Any]] = []
    for _ in range(100_000):
        if match.over:
            break
        deal = match.deal
        seat = match.to_act[0]
        action = bots[seat].choose(view_of(deal, seat, match), match.legal_actions(seat))
        for e in match.apply(action):
            if isinstance(e, Settled):
                sheet.append(
                    settle_object(
                        deal.outcome(),
                        riichi=ruleset.id == "riichi-ema",
                        inputs=getattr(ruleset, "inputs", None) or ruleset,  # settle_keys
                    )
                )
    assert match.over
    net = [f - s for f, s in zip(match.scores, start, strict=True)]
    assert not any(net[players:]), net  # the dead seat neither pays nor wins
    return sheet, net[:players]


def play_table(
    rules: str, players: int, seed: int, deals: int
) -> tuple[list[dict[str, Any]], list[int]]:
    """:func:`_play_table`, played once per test run (the SQLite and PostgreSQL runs and
    the command line share the bots' games); a fresh copy for each caller."""
    return copy.deepcopy(_play_table(rules, players, seed, deals))


def _expected_table(regulation: str, finals: dict[int, int]) -> dict[int, tuple[int, Fraction]]:
    """Independent: per player (score, table points) of one table from the engine finals."""
    out = {}
    for p, v in finals.items():
        better = sum(1 for q in finals.values() if q > v)
        tied = sum(1 for q in finals.values() if q == v)
        points = [4, 2, 1, 0][better : better + tied]
        tp = Fraction(sum(points), tied) if regulation in {"mcr", "fimj"} else Fraction(0)
        score = v + 2000 if regulation == "ravenna" else v
        out[p] = (score, tp)
    return out


def _players_csv(n: int) -> str:
    """The registration list: names, clubs (the seating keeps club mates apart), EMA ids."""
    return "first_name,last_name,club,country,ema_id\n" + "".join(
        f"Bot,Number {i},C{i % 3},{'IT' if i % 2 else 'FR'},{1000 + i:08d}\n"
        for i in range(1, n + 1)
    )


def _expected_ranks(
    expected: dict[int, list[tuple[int, Fraction]]], regulation: str
) -> dict[int, int]:
    """Independent places: by score (Ravenna, EMA), score then table points (FIMJ), table
    points then score (MCR); equal keys share the place."""

    def key(p: int) -> tuple[Any, ...]:
        score = sum(r[0] for r in expected[p])
        tp = sum((r[1] for r in expected[p]), Fraction(0))
        return {"mcr": (-tp, -score), "fimj": (-score, -tp)}.get(regulation, (-score,))

    return {p: 1 + sum(1 for q in expected if key(q) < key(p)) for p in expected}


def _check_standings(
    lines: list[Any], expected: dict[int, list[tuple[int, Fraction]]], regulation: str
) -> None:
    """The service's standings against the independent recomputation."""
    by_player = {x.player: x for x in lines}
    assert set(by_player) == set(expected)
    for p, results in expected.items():
        assert by_player[p].score == sum(r[0] for r in results), (p, results)
        tp = sum((r[1] for r in results), Fraction(0))
        assert Fraction(by_player[p].table_points_x12, 12) == tp, (p, results)
    ranks = _expected_ranks(expected, regulation)
    assert {p: by_player[p].rank for p in expected} == ranks


def _check_ema_file(
    text: str, expected: dict[int, list[tuple[int, Fraction]]], regulation: str
) -> None:
    """The EMA results file: every player once, in place order, with the EMA number of
    the registration, the independent place and base rank round(1000·(N−rank)/(N−1))."""
    rows = list(csv.reader(io.StringIO(text)))
    header = rows.index(
        ["place", "ema_number", "last_name", "first_name", "country", "table_points",
         "score", "member", "base_rank"]
    )  # fmt: skip
    body = rows[header + 1 :]
    n = len(expected)
    assert len(body) == n
    ranks = _expected_ranks(expected, regulation)
    for row in body:
        player = int(row[2].removeprefix("Number "))
        assert row[1] == f"{1000 + player:08d}"
        assert int(row[0]) == ranks[player]
        assert int(row[8]) == round(1000 * (n - ranks[player]) / (n - 1))
        if regulation != "ema":  # EMA riichi: the ranking score stands as table points
            assert int(row[6]) == sum(r[0] for r in expected[player])
    assert [int(r[0]) for r in body] == sorted(int(r[0]) for r in body)


def _table_sheets(
    rules: str, plan: list[list[list[int]]], deals: int, regulation: str
) -> tuple[list[list[list[dict[str, Any]]]], dict[int, list[tuple[int, Fraction]]]]:
    """Every table of the plan played by the bots: (sheets by session and table, the
    independent expected (score, table points) of each player in each session)."""
    sheets: list[list[list[dict[str, Any]]]] = []
    expected: dict[int, list[tuple[int, Fraction]]] = {}
    for s, session in enumerate(plan, start=1):
        sheets.append([])
        for t, players in enumerate(session, start=1):
            sheet, finals = play_table(rules, len(players), 1000 * s + t, deals)
            sheets[-1].append(sheet)
            for p, res in _expected_table(
                regulation, dict(zip(players, finals, strict=True))
            ).items():
                expected.setdefault(p, []).append(res)
    return sheets, expected


@pytest.mark.parametrize("rules_id", list(EVENTS))
def test_a_whole_event_played_by_bots(engine: Engine, rules_id: str) -> None:
    """The event through the service layer (what the CLI and the web pages call): the
    organiser registers and seats, opens each session; the referee enters every table's
    sheet (preview first, at the version read); the organiser approves; standings and
    exports are checked against the independent recomputation."""
    rules, n, sessions, deals, regulation = EVENTS[rules_id]
    with DbSession(engine) as db, db.begin():
        event = service.create_event(db, f"Bots {rules_id}", rules=rules, sessions=sessions)
        assert service.import_players(db, event, _players_csv(n), actor="organiser") == n
        service.seat_event(db, event, seed=11, iterations=3000)
        event_id = event.id
        assert event.regulation == regulation
        plan = service.plan_of(event)
    sheets, expected = _table_sheets(rules, plan, deals, regulation)
    declared = sum(len(h.get("riichi", ())) for s in sheets for t in s for h in t)
    start = 2000 if regulation == "ravenna" else 0  # RAV-COMP-6
    for s, session in enumerate(plan, start=1):
        with DbSession(engine) as db, db.begin():
            event = service.get_event(db, event_id)
            service.set_session_status(db, event, s, "started", actor="organiser")
        for t, players in enumerate(session, start=1):
            sheet, finals = play_table(rules, len(players), 1000 * s + t, deals)
            with DbSession(engine) as db, db.begin():
                event = service.get_event(db, event_id)
                form = service.table_dict(service.get_session(db, event, s).tables[t - 1])
                assert [x["player"] for x in form["seats"]] == players
                assert all(x["final"] is None for x in form["seats"])
                preview = service.enter_results(
                    db, event, s, t, hands=copy.deepcopy(sheet), dry_run=True, actor="referee"
                )
                saved = service.enter_results(
                    db,
                    event,
                    s,
                    t,
                    hands=sheet,
                    expected_version=form["version"],
                    actor="referee",
                )
            assert not preview["saved"]
            assert saved["saved"]
            assert preview["results"] == saved["results"]
            # consistency of the sheet: each seat's score is the engine's (stakes left on
            # the table and uma included), and a table of four is zero-sum
            got = {r["player"]: r["final"] - start for r in saved["results"]}
            assert got == dict(zip(players, finals, strict=True)), (s, t)
            if len(players) == 4:
                assert sum(got.values()) == 0, (s, t, got)
        with DbSession(engine) as db, db.begin():
            event = service.get_event(db, event_id)
            service.set_session_status(db, event, s, "finished", actor="referee")
            service.set_session_status(db, event, s, "approved", actor="organiser")
        with DbSession(engine) as db, db.begin():  # an approved sheet is final
            event = service.get_event(db, event_id)
            with pytest.raises(service.TournamentError, match="approved"):
                service.enter_results(db, event, s, 1, hands=sheets[s - 1][0], actor="referee")
    with DbSession(engine) as db:
        event = service.get_event(db, event_id)
        lines = service.standings(db, event)
        data = export.standings_json(db, event)
        csv_text = export.standings_csv(db, event)
        ema = export.ema_results(db, event)
        pages = {f: export.render(db, event, f) for f in ("sheets", "schedules", "signs")}
        entries = db.scalars(
            select(AuditEntry).where(AuditEntry.event_id == event_id, AuditEntry.action == "enter")
        ).all()
    if rules_id in {"riichi-ema", "seipalle"}:  # the stakes' path is exercised
        assert declared > 0
    assert {e.actor for e in entries} == {"referee"}
    assert len(entries) == sum(len(session) for session in plan)
    _check_standings(lines, expected, regulation)
    assert [x["player"] for x in json.loads(json.dumps(data))["standings"]] == [
        x.player for x in lines
    ]
    assert len(csv_text.splitlines()) == n + 1
    _check_ema_file(ema, expected, regulation)
    assert all("Number 1" in page for page in pages.values())


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code = main(["tournament", *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    result: dict[str, Any] = json.loads(out)
    return result


def test_the_same_event_through_the_command_line(
    db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command line (in process) runs the same seeded Ravenna event: the same seating,
    the bots' sheets entered from JSONL files, the same independent standings and results
    file."""
    rules, n, sessions, deals, regulation = EVENTS["ravenna"]
    db = ["--db", db_url, "--json"]
    event_id = _cli(["new", "Bots", "--rules", rules, "--sessions", str(sessions), *db], capsys)[
        "id"
    ]
    players = tmp_path / "players.csv"
    players.write_text(_players_csv(n), encoding="utf-8")
    assert _cli(["players", event_id, "--import", str(players), *db], capsys)["players"] == n
    plan = _cli(["seat", event_id, "--seed", "11", "--iterations", "3000", *db], capsys)
    sheets, expected = _table_sheets(rules, plan["sessions"], deals, regulation)
    for s, session in enumerate(sheets, start=1):
        for t, sheet in enumerate(session, start=1):
            path = tmp_path / f"s{s}t{t}.jsonl"
            path.write_text("".join(json.dumps(h) + "\n" for h in sheet), encoding="utf-8")
            version = _cli(["tables", event_id, "--session", str(s), *db], capsys)["tables"][t - 1][
                "version"
            ]
            args = ["--session", str(s), "--table", str(t), "--hands", str(path)]
            _cli(["enter", event_id, *args, "--version", str(version), *db], capsys)
        assert (
            _cli(["session", event_id, str(s), "--status", "approved", *db], capsys)["status"]
            == "approved"
        )
    out = _cli(["standings", event_id, *db], capsys)
    got = {x["player"]: (x["rank"], x["score"]) for x in out["standings"]}
    ranks = _expected_ranks(expected, regulation)
    assert got == {p: (ranks[p], sum(r[0] for r in v)) for p, v in expected.items()}
    target = tmp_path / "ema.csv"
    _cli(["export", event_id, "--format", "ema", "--out", str(target), *db], capsys)
    _check_ema_file(target.read_text(encoding="utf-8"), expected, regulation)
