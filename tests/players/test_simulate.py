"""The simulation runner and ``muraglia simulate``: consistent sums, determinism, outputs."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from muraglia.cli import main
from muraglia.errors import MahjongError
from muraglia.io.record import loads, replay
from muraglia.players.simulate import Report, play_match, simulate

BOTS = ("efficiency", "random", "defensive", "random")


@pytest.fixture(scope="module", params=["fimj", "ravenna", "seipalle"])
def run(request: pytest.FixtureRequest) -> tuple[Report, list[dict[str, object]]]:
    matches: list[dict[str, object]] = []
    report = simulate(
        request.param, games=3, seed=9, bots=BOTS, rotate=True, max_deals=3, matches=matches
    )
    return report, matches


def test_report_sums_are_consistent(run: tuple[Report, list[dict[str, object]]]) -> None:
    r, matches = run
    assert r.errors == 0
    assert r.games == len(matches) == 3
    assert r.wins + r.draws == r.deals
    assert r.hands_won >= r.wins
    assert r.values.total() == r.hands_won
    bots = r.bots
    assert sum(b.seats for b in bots.values()) == 4 * r.games
    assert sum(b.deals for b in bots.values()) == 4 * r.deals
    assert sum(b.wins for b in bots.values()) == r.hands_won
    assert sum(b.deal_ins for b in bots.values()) <= r.wins
    assert sum(b.placement_sum for b in bots.values()) == pytest.approx(10 * r.games)
    assert sum(r.histogram().values()) == r.hands_won
    assert sum(b.score_sum for b in bots.values()) <= 0  # stakes may stay on the table
    for pid in r.patterns:
        assert {"en", "it"} <= set(r.names[pid])


def test_json_object_has_the_interface_keys(run: tuple[Report, list[dict[str, object]]]) -> None:
    d = run[0].to_dict()
    keys = ["ok", "rules", "games", "deals", "seconds", "games_per_second", "errors", "wins",
            "draws", "patterns", "bots"]  # fmt: skip
    assert list(d)[: len(keys)] == keys
    for b in d["bots"].values():
        assert {"seats", "wins", "deal_ins", "mean_placement", "mean_score"} <= set(b)
    json.dumps(d)


def test_a_seed_fixes_the_simulation_whatever_the_workers() -> None:
    one = simulate("ravenna", games=4, seed=3, bots=BOTS, rotate=True, max_deals=2).to_dict()
    two = simulate(
        "ravenna", games=4, seed=3, bots=BOTS, rotate=True, max_deals=2, workers=2
    ).to_dict()
    for d in (one, two):
        d.pop("seconds")
        d.pop("games_per_second")
        for b in d["bots"].values():
            b.pop("ms_per_decision")
    assert one == two


def test_play_match_reports_errors_instead_of_raising() -> None:
    m = play_match("fimj", ["efficiency"] * 3, seed=1)
    assert m["error"] is not None


def test_bad_bots_are_refused() -> None:
    with pytest.raises(MahjongError, match="3 bots given"):
        simulate("fimj", games=1, bots=("random",) * 3)
    with pytest.raises(MahjongError, match="unknown bot"):
        simulate("fimj", games=1, bots=("random", "random", "random", "x"))


def test_cli_json_last_line_and_out_dir(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(
        ["simulate", "--rules", "seipalle", "--games", "2", "--seed", "5", "--bots",
         "efficiency,random,defensive,random", "--max-deals", "2", "--json", "--out",
         str(tmp_path)]
    )  # fmt: skip
    assert code == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    d = json.loads(last)
    assert d["ok"] is True
    assert d["rules"] == "seipalle"
    assert d["games"] == 2
    records = sorted((tmp_path / "records").glob("*.jsonl"))
    assert len(records) == 2
    match = replay(loads(records[0].read_text(encoding="utf-8")))
    assert match.over
    capsys.readouterr()
    assert main(["replay", "--check", str(tmp_path / "records")]) == 0
    rows = list(csv.DictReader((tmp_path / "summary.csv").open(encoding="utf-8")))
    assert len(rows) == 8
    assert sum(int(r["wins"]) for r in rows) == d["hands_won"]
    assert json.loads((tmp_path / "report.json").read_text())["games"] == 2


def test_cli_human_report(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--rules", "ravenna", "--games", "1", "--max-deals", "2"])
    out = capsys.readouterr().out
    assert code == 0
    assert "patterns / combinazioni" in out
    assert "efficiency" in out


@pytest.mark.parametrize(
    "args",
    [
        ["--rules", "nope", "--games", "1"],
        ["--rules", "fimj", "--games", "0"],
        ["--rules", "fimj", "--games", "1", "--workers", "0"],
        ["--rules", "fimj", "--games", "1", "--bots", "random,random"],
        ["--rules", "fimj", "--games", "1", "--bots", "nobot"],
    ],
    ids=["bad-rules", "no-games", "no-workers", "two-bots", "unknown-bot"],
)
def test_cli_bad_input_exits_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    assert main(["simulate", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("muraglia simulate: error: ")
    assert err.count("\n") == 1
