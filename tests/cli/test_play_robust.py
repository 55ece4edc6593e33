"""``muraglia play`` for a first-time player (issue #15): quitting, help, Ctrl-C, the record
kept safe, riichi wins named, one value everywhere (the Italian screen: test_play_italian.py)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from muraglia.cli import main
from muraglia.cli.play import _unit
from muraglia.engine.events import Won
from muraglia.engine.game import Game
from muraglia.engine.views import view_of
from muraglia.io.record import dumps, loads
from muraglia.players import make_bot
from muraglia.rulesets import load_ruleset

ONES = "1\n" * 6000


def play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    stdin: str | io.StringIO,
    *args: str,
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin) if isinstance(stdin, str) else stdin)
    code = main(["play", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_q_quits_saves_and_exits_0_help_explains(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "q.jsonl"
    code, out, _ = play(monkeypatch, capsys, "?\nq\n", "--rules", "fimj", "--record", str(record))
    assert code == 0
    assert "q quit" in out  # every prompt says how to leave
    assert "q or quit leaves the match" in out  # the help
    assert "you left the match" in out
    assert loads(record.read_text(encoding="utf-8")).events


def test_ctrl_c_exits_130_and_keeps_the_record(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    class Interrupting(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    record = tmp_path / "c.jsonl"
    code, out, _ = play(monkeypatch, capsys, Interrupting(), "--rules", "ravenna",
                        "--record", str(record))  # fmt: skip
    assert code == 130
    assert "interrupted" in out
    assert loads(record.read_text(encoding="utf-8")).events


@pytest.mark.parametrize("answer", ["１", "²", "1.0", " 1 2"])
def test_only_ascii_digits_choose(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path, answer: str
) -> None:
    code, out, _ = play(monkeypatch, capsys, f"{answer}\n", "--rules", "fimj",
                        "--record", str(tmp_path / "a.jsonl"))  # fmt: skip
    assert code == 1  # the input ended after the refused answer
    assert "invalid choice" in out


def test_unwritable_record_is_refused_before_playing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = play(monkeypatch, capsys, ONES, "--rules", "fimj",
                          "--record", str(tmp_path / "missing" / "x.jsonl"))  # fmt: skip
    assert code == 2
    assert err.startswith("muraglia play: error: cannot write the record")
    assert err.count("\n") == 1
    assert out == ""


def test_the_default_record_never_overwrites_an_earlier_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    earlier = tmp_path / "muraglia-fimj-seed0.jsonl"
    earlier.write_text("precious\n", encoding="utf-8")
    code, out, _ = play(monkeypatch, capsys, "1\n", "--rules", "fimj")
    assert code == 1
    assert earlier.read_text(encoding="utf-8") == "precious\n"
    second = tmp_path / "muraglia-fimj-seed0-2.jsonl"
    assert f"Record: {second}" in out
    assert loads(second.read_text(encoding="utf-8")).events


def test_the_record_is_written_as_the_match_goes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """At each prompt the record on disk already holds every move made so far."""
    record = tmp_path / "live.jsonl"
    seen: list[int] = []

    class Watching(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            seen.append(len(loads(record.read_text(encoding="utf-8")).events))
            return super().readline(size)

    play(monkeypatch, capsys, Watching("1\n" * 8), "--rules", "ravenna", "--record", str(record))
    assert len(seen) == 9
    assert seen == sorted(seen)
    assert seen[-1] > seen[0]


def test_max_deals_must_be_positive(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for bad in ("0", "-3"):
        code, _, err = play(monkeypatch, capsys, "", "--rules", "fimj", "--max-deals", bad,
                            "--record", str(tmp_path / "m.jsonl"))  # fmt: skip
        assert code == 2
        assert "--max-deals must be at least 1" in err


def test_english_screen_names_riichi_wins_and_keeps_results(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = play(monkeypatch, capsys, ONES, "--rules", "riichi-ema", "--max-deals", "2",
                        "--seed", "1", "--record", str(tmp_path / "en.jsonl"))  # fmt: skip
    assert code == 0
    assert re.search(r"wins by (tsumo|ron)", out)
    assert "you discard " in out  # the own discard is echoed
    assert "press Enter to continue" in out  # between the two deals
    assert "['" not in out  # no Python list reprs
    assert " )" not in out  # no padded names inside parentheses


def test_units_read_in_the_singular() -> None:
    """``1 double`` / ``2 doubles``, ``1 raddoppio`` / ``2 raddoppi`` (the Italian game of
    ``test_play_italian.py`` shows them on a real screen)."""
    assert [_unit(n, "doubles", "en") for n in (1, 2)] == ["double", "doubles"]
    assert [_unit(n, "doubles", "it") for n in (1, 2)] == ["raddoppio", "raddoppi"]
    assert [_unit(n, "points", "it") for n in (1, 20)] == ["punto", "punti"]
    assert _unit(2, "han", "it") == "han"


def test_a_riichi_win_has_one_value_with_ura_dora_everywhere() -> None:
    """The won event (screen, record) and the settlement agree, ura dora included."""
    rs = load_ruleset("riichi-ema")
    checked = 0
    for seed in range(2, 12):
        match = Game(rs, seed=seed, max_deals=4).new_match()
        bots = [make_bot("efficiency", rs, seed=seed * 8 + s) for s in range(4)]
        while not match.over:
            seat = match.to_act[0]
            deal = match.deal
            action = bots[seat].choose(view_of(deal, seat, match), match.legal_actions(seat))
            for e in match.apply(action):
                if isinstance(e, Won) and any(p[0] == "ura_dora" for p in e.patterns):
                    settled = deal.settle()
                    assert settled.values[deal.letter(e.seat)] == e.value
                    checked += 1
        if checked >= 2:
            break
        recorded = [e for e in loads(dumps(match)).events if isinstance(e, Won)]
        assert [e.value for e in recorded] == [e.value for e in match.events if isinstance(e, Won)]
    assert checked >= 2


# the answers of a tester's FIMJ game (seed 8): the human declares richi, then draws a flower,
# which under richi is discarded, never in the hand (FIMJ-RICHI-4, FIMJ-FLOWER-4)
RICHI_THEN_FLOWER = (
    "11 12 5 7 11 2 1 7 7 - 8 8 12 1 12 1 8 1 6 11 1 8 8 11 8 1 8 4 8 8 1 2 - "
    "1 1 1 1 2 1 8 7 2 1 4 2 4"
)
"""The answers, one a line ("-": Enter alone, to go on after a deal)."""


def test_a_flower_drawn_under_richi_is_shown_not_a_crash(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "flower.jsonl"
    answers = "\n".join(a.replace("-", "") for a in RICHI_THEN_FLOWER.split()) + "\n"
    code, out, err = play(
        monkeypatch, capsys, answers, "--rules", "fimj", "--max-deals", "3",
        "--seed", "8", "--record", str(record),
    )  # fmt: skip
    assert "Traceback" not in err
    assert code in (0, 1)  # the match played on (1: the answers ran out before its end)
    assert "record saved" in out + err


def test_red_fives_are_written_as_such(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # EMA-TILE-2: a red five is a dora; the table and the choices write it 0m/0p/0s
    code, out, _ = play(
        monkeypatch, capsys, "1\n" * 400, "--rules", "riichi-ema", "--max-deals", "2",
        "--seed", "3", "--record", str(tmp_path / "red.jsonl"),
    )  # fmt: skip
    assert code in (0, 1)
    assert re.search(r"\(([0-9][mpsz])*0[mps]", out)  # a red five in a hand or discards line
    for menu in out.split("your hand")[1:]:  # never the same discard offered twice
        offered = re.findall(r"^\s*\d+\. (discard \S+)", menu.split("\n\n")[0], re.M)
        assert len(offered) == len(set(offered)), offered


def test_each_payments_row_adds_up_to_the_new_score(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # riichi sticks go into the pot at a deal's end and out to a winner: the row shows the
    # whole change, so old score + change = new score on every row
    code, out, _ = play(
        monkeypatch, capsys, "1\n" * 600, "--rules", "riichi-ema", "--max-deals", "3",
        "--seed", "4", "--record", str(tmp_path / "pay.jsonl"),
    )  # fmt: skip
    assert code in (0, 1)
    blocks = out.split("payments:")[1:]
    assert blocks
    scores = [0, 0, 0, 0]  # EMA: every seat starts at 0 (EMA-GAME-6)
    for block in blocks:
        rows = re.findall(r"^\s{4}.+?\s([+-]\d+)\s+→\s+(-?\d+)$", block, re.M)[:4]
        assert len(rows) == 4, block[:400]
        for s, (change, after) in enumerate(rows):
            assert scores[s] + int(change) == int(after)
            scores[s] = int(after)
