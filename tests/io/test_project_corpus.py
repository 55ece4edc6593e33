"""The project-made record corpus ``tests/data/muraglia`` (issue 16, ``bench/make_corpus.py``).

Every game, written as tenhou.net/6 JSON in Japanese and in English, as Tenhou mjlog XML (and
some as mjai), replays
through the engine with every event and score as recorded (``muraglia replay --check``); the
corpus shows every call kind and source, every marker position, red fives in calls, double and
triple ron, every abortive draw, chankan, rinshan, haitei, houtei, ippatsu and double riichi
(read from the files, not from the generator's list). The engine's ``last_tile`` and
``last_discard`` facts, which the Tenhou corpus cannot show (no haitei or houtei win in it),
are needed here: removing either makes this corpus fail.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from muraglia.cli import main
from muraglia.engine import Game, legal
from muraglia.io.tenhou import Agari, load
from muraglia.io.tenhou6 import PATTERN_YAKU
from muraglia.io.tenhou_replay import check_records
from muraglia.rulesets import load_ruleset
from muraglia.rulesets.base import DealSummary, MatchProgress
from tests.io.corpus_features import REQUIRED, record_features, text_features
from tests.io.test_engine_mutations import _without

CORPUS = Path(__file__).resolve().parents[1] / "data" / "muraglia"
TENHOU6 = sorted((CORPUS / "tenhou6").glob("*.json"))


def test_the_corpus_replays_through_the_engine(capsys: pytest.CaptureFixture[str]) -> None:
    assert TENHOU6, "tests/data/muraglia is missing: run python bench/make_corpus.py"
    assert main(["replay", "--check", "--json", str(CORPUS)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["records"] == 3 * len(TENHOU6) + len(list((CORPUS / "mjai").glob("*.mjson")))
    assert out["hands"] == out["matched"] > 0
    assert out["mismatches"] == []


def test_the_corpus_shows_everything_required() -> None:
    seen: set[str] = set()
    for path in TENHOU6:
        seen |= record_features(load(path)) | text_features(path.read_text(encoding="utf-8"))
    assert sorted(REQUIRED - seen) == []


def test_the_mjlog_files_show_everything_required() -> None:
    """The same games as mjlog: every call kind, source and red-five placement, every ending
    and situation (the marker positions are the JSON format's own), the same results (mjlog
    gives each winner of a double ron its own payments, tenhou.net/6 all to the first)."""

    def results(rounds: Any) -> list[Any]:
        return [
            ([(r.who, r.from_who, r.points) for r in x.results if isinstance(r, Agari)],
             [sum(r.deltas[s] for r in x.results) for s in range(4)])
            for x in rounds
        ]  # fmt: skip

    seen: set[str] = set()
    for path in TENHOU6:
        mjlog = load(CORPUS / "mjlog" / f"{path.stem}.mjlog")
        seen |= record_features(mjlog)
        assert results(mjlog.rounds) == results(load(path).rounds)
        assert mjlog.complete
    assert sorted(r for r in REQUIRED - seen if not r.startswith("marker_")) == []


def test_english_files_name_the_yaku_in_english() -> None:
    """Each English file reads as the same game as its Japanese twin."""
    for path in TENHOU6:
        english = CORPUS / "tenhou6-en" / path.name
        text = english.read_text(encoding="utf-8")
        assert "飜" not in text
        assert "和了" not in text
        assert [r.results for r in load(english).rounds] == [r.results for r in load(path).rounds]


@pytest.mark.parametrize(
    ("func", "fact"), [("facts_self", "last_tile"), ("facts_discard", "last_discard")]
)
def test_removing_last_tile_facts_fails_the_corpus(
    func: str, fact: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Acceptance (issue 16): haitei and houtei wins need the engine's facts."""
    wanted = "haitei" if fact == "last_tile" else "houtei"
    paths = [p for p in TENHOU6 if wanted in record_features(load(p))]
    assert paths, f"the corpus shows no {wanted}"
    assert check_records(paths).ok
    monkeypatch.setattr(legal, func, _without(getattr(legal, func), fact))
    assert not check_records(paths).ok


def _round_winds(spec: str) -> set[int]:
    """The round winds a match of ``spec`` can reach, asked of its flow: the dealer passes
    after every deal and nobody reaches a score that ends the match early."""
    flow = Game(load_ruleset(spec)).flow
    progress: MatchProgress | None = MatchProgress()
    winds = set()
    for _ in range(64):
        if progress is None:
            break
        winds.add(progress.round_wind)
        summary = DealSummary(
            winners=((progress.dealer + 1) % 4,),
            void=False,
            reason="win",
            breach_wall=0,
            scores=(25000, 25000, 25000, 25000),
            extra={"dealer_keeps": False, "honba": 0},
        )
        progress = flow.next_deal(progress, summary)
    return winds


def scorable_yaku() -> set[int]:
    """Tenhou yaku ids the riichi rulesets can score: every pattern of their scorer with a
    Tenhou id, the seat winds, the dragons and the round winds their matches reach."""
    ids = set(PATTERN_YAKU.values()) | {10, 11, 12, 13, 18, 19, 20}
    for spec in ("riichi-ema", "riichi-tenhou"):
        ids |= {14 + w for w in _round_winds(spec)}
    return ids


def test_the_corpus_shows_every_yaku_the_riichi_rulesets_score() -> None:
    """Each one in a game the live check passes (the first test), read from the files."""
    seen: set[int] = set()
    for path in TENHOU6:
        for rnd in load(path).rounds:
            for r in rnd.results:
                if isinstance(r, Agari):
                    seen |= {i for i, h in r.yaku if h} | set(r.yakuman)
    assert 17 not in scorable_yaku()  # no riichi match reaches a North round
    assert sorted(scorable_yaku() - seen) == []
