"""The replay viewer: every format, stepping, seat views, the engine's settlements, the review."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from muraglia.engine.game import Game
from muraglia.io.mjai import mjai_of
from muraglia.io.record import dumps
from muraglia.io.stepper import read_record, step
from muraglia.io.tenhou import Record, parse_mjlog
from muraglia.rulesets import load_ruleset
from muraglia.web import create_app
from muraglia.web.replay import frame_context, ranked, review

DATA = Path(__file__).resolve().parents[1] / "data" / "tenhou"
MJLOG = DATA / "mjlog" / "2020052700gm-00a9-0000-75a4695c.mjlog"
SIX = DATA / "mjscore" / "2020052700gm-00a9-0000-75a4695c.json"
SRC = Path(__file__).resolve().parents[2] / "src"


def _url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


def _played(rules: str, deals: int, seed: int = 4) -> tuple[str, list[dict[str, object]]]:
    """A bot-free game played with the first legal action: its record and each settlement."""
    match = Game(load_ruleset(rules), seed=seed, max_deals=deals).new_match()
    settlements = []
    done = 0
    while not match.over:
        match.apply(match.legal_actions(match.to_act[0])[-1])
        if match.deals_played > done:
            done = match.deals_played
            assert match.last_settlement is not None
            settlements.append(match.last_settlement.to_dict())
    return dumps(match), settlements


def _open(client: TestClient, name: str, data: bytes) -> str:
    r = client.post("/replay", files={"file": (name, data)}, follow_redirects=False)
    assert r.status_code == 303, r.text[-3000:]
    return str(r.headers["location"])


def _final(page: str) -> list[int]:
    return [int(x) for x in re.findall(r'class="num final-score">(-?\d+)<', page)]


def test_a_tenhou_log_steps_to_its_recorded_final_scores(tmp_path: Path) -> None:
    """mjlog XML and tenhou.net/6 JSON of one game: the same frames and the recorded end."""
    recorded = parse_mjlog(MJLOG.read_text(encoding="utf-8"), MJLOG.name)
    final = recorded.rounds[-1].results[-1].final
    assert final is not None
    points = [round(100 * x) for x in final[0::2]]
    client = TestClient(create_app(_url(tmp_path)))
    pages = []
    for path in (MJLOG, SIX):
        loc = _open(client, path.name, path.read_bytes())
        first = client.get(loc).text
        count = int(re.search(r"</strong>/(\d+)", first).group(1))  # type: ignore[union-attr]
        select = first[first.index('id="deal-select"') :]
        select = select[: select.index("</select>")]
        assert select.count("<option") == len(recorded.rounds)
        last = client.get(f"{loc}?step={count - 1}").text
        assert 'id="final-scores"' in last
        shown = [int(x) for x in re.findall(r'last-deal-score">(-?\d+)<', last)]
        assert shown == points  # the scores after the last deal, as Tenhou recorded them
        pages.append((count, _final(last)))
    assert pages[0] == pages[1]


def test_each_deal_shows_the_settlement_the_engine_computed(tmp_path: Path) -> None:
    text, settlements = _played("fimj", 2)
    client = TestClient(create_app(_url(tmp_path)))
    r = client.post("/api/replay?name=game.jsonl", content=text.encode())
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["format"] == "muraglia"
    assert [d["settlement"] for d in body["deals"]] == settlements
    loc = _open(client, "game.jsonl", text.encode())
    steps = step(read_record(text, "game.jsonl"))
    end = steps.deals[0].last
    page = client.get(f"{loc}?step={end}").text
    assert 'id="settlement"' in page
    for tr in settlements[0]["transfers"]:  # type: ignore[attr-defined]
        assert f'<td class="num">{tr["amount"]}</td>' in page


def test_all_hands_or_one_seat(tmp_path: Path) -> None:
    client = TestClient(create_app(_url(tmp_path)))
    loc = _open(client, MJLOG.name, MJLOG.read_bytes())
    every = client.get(f"{loc}?step=30").text
    assert every.count('class="own-tiles small-hand"') == 4
    assert every.count('class="help shanten"') == 4
    one = client.get(f"{loc}?step=30&seat=2").text
    assert one.count('class="own-tiles small-hand"') == 1
    assert one.count("tiles in hand") == 3
    # the seat shown is seat 2: its box is first and the only one with tiles
    first_box = re.search(r'data-seat="(\d)"', one)
    assert first_box is not None
    assert first_box.group(1) == "2"
    frag = client.get(f"{loc}/frame?step=31&seat=2")
    assert frag.status_code == 200
    assert "<html" not in frag.text
    assert 'id="step-no">32<' in frag.text
    # out-of-range steps are clamped; a bad seat is refused
    assert 'id="step-no">1<' in client.get(f"{loc}?step=-5").text
    assert client.get(f"{loc}?seat=7").status_code == 400


def test_shanten_and_waits_agree_with_the_analysis() -> None:
    """Each seat's shanten and waits in the frames are those ``muraglia analyze`` gives."""
    from muraglia.analysis.report import analyze
    from muraglia.hand import Hand

    steps = step(read_record(MJLOG.read_text(encoding="utf-8"), MJLOG.name))
    ready = 0
    for frame in steps.frames[::7]:
        for seat, view in enumerate(frame.views):
            text = "".join(t.notation for t in view.hand) + " " + " ".join(view.melds[seat])
            hand = Hand.parse(text.replace("0", "5"))
            if len(hand.melds) * 3 + len(hand.concealed) not in (13, 14):
                continue
            got = analyze(hand)
            assert frame.shanten[seat] == got.shanten, (frame.lines, seat, text)
            assert frame.waits[seat] == got.waits, (frame.lines, seat, text)
            ready += bool(got.waits)
    assert ready > 10


def test_a_14_tile_hand_shows_each_best_discard_and_its_waits(tmp_path: Path) -> None:
    """A seat holding 14 tiles: every discard that keeps its best shanten, with the waits it
    leaves when ready, as ``muraglia analyze`` ranks them; and the page shows them."""
    from muraglia.analysis.report import analyze
    from muraglia.hand import Hand

    steps = step(read_record(MJLOG.read_text(encoding="utf-8"), MJLOG.name))
    ready_at = None
    checked = 0
    for index, frame in enumerate(steps.frames):
        for seat, view in enumerate(frame.views):
            text = "".join(t.notation for t in view.hand) + " " + " ".join(view.melds[seat])
            hand = Hand.parse(text.replace("0", "5"))
            if len(hand.melds) * 3 + len(hand.concealed) != 14:
                assert frame.discards[seat] == ()
                continue
            if frame.end:  # the deal is over: no discard to make (a winner's complete hand)
                assert frame.discards[seat] == ()
                continue
            got = analyze(hand)
            best = [d for d in got.discards if d.shanten == got.discards[0].shanten]
            want = sorted((d.tile, d.waits) for d in best)
            assert sorted(frame.discards[seat]) == want, (frame.lines, seat, text)
            checked += 1
            if ready_at is None and got.discards[0].shanten == 0:
                ready_at = (index, seat, frame.discards[seat])
    assert checked > 100
    assert ready_at is not None
    index, seat, discards = ready_at
    client = TestClient(create_app(_url(tmp_path)))
    loc = _open(client, MJLOG.name, MJLOG.read_bytes())
    page = client.get(f"{loc}?step={index}&seat={seat}").text
    listed = page[page.index('class="help best-discards"') :]
    listed = listed[: listed.index("</ul>")]
    assert listed.count("<li") == len(discards)
    for tile, waits in discards:
        item = listed[listed.index(f'data-discard="{tile.notation}"') :]
        item = item[: item.index("</li>")]
        assert item.count('data-n="') == 1 + len(waits)  # the discard, then each wait
        for w in waits:
            assert f'data-n="{w.notation}"' in item


def test_mjai_and_our_records_open(tmp_path: Path) -> None:
    match = Game(load_ruleset("riichi-tenhou"), seed=9, max_deals=2).new_match()
    while not match.over:
        match.apply(match.legal_actions(match.to_act[0])[-1])
    mjai = "\n".join(__import__("json").dumps(m) for m in mjai_of(match)) + "\n"
    client = TestClient(create_app(_url(tmp_path)))
    for name, text in (("game.mjai", mjai), ("game.jsonl", dumps(match))):
        r = client.post(f"/api/replay?name={name}", content=text.encode())
        assert r.status_code == 200, r.text
        settled = [e for e in match.events if e.kind == "settled"]
        assert [d["scores"] for d in r.json()["deals"]] == [list(e.scores) for e in settled]
        # both end the capped match (the mjai export names its cap in start_game)
        assert r.json()["final"] == list(match.scores)
        assert all(not d["problems"] for d in r.json()["deals"])
        loc = _open(client, name, text.encode())
        assert client.get(loc).status_code == 200


def test_a_large_record_is_accepted_and_a_huge_one_refused(tmp_path: Path) -> None:
    text, _ = _played("riichi-ema", 8)
    assert len(text) > 64 * 1024  # over the API's usual body limit
    client = TestClient(create_app(_url(tmp_path)))
    assert client.post("/api/replay", content=text.encode()).status_code == 200
    r = client.post("/api/replay", content=b" " * (4 * 1024 * 1024 + 1))
    assert r.status_code == 413


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("bad.txt", "hello", "bad.txt: not a game record"),
        ("bad.mjlog", "<mjloggm><INIT", "bad.mjlog: not well-formed XML"),
        ("bad.json", '{"log": 3}', "bad.json: 'log' must be a list of rounds"),
        ("bad.jsonl", '{"type": "header", "ruleset": "nope"}\n', "bad.jsonl: unknown ruleset"),
    ],
)
def test_bad_records_give_the_clis_message(
    tmp_path: Path, name: str, text: str, expected: str
) -> None:
    client = TestClient(create_app(_url(tmp_path)))
    r = client.post(f"/api/replay?name={name}", content=text.encode())
    assert r.status_code == 400
    error = r.json()["error"]
    assert error.startswith(expected)
    page = client.post("/replay", files={"file": (name, text.encode())})
    assert page.status_code == 400
    assert 'id="error"' in page.text
    # the command line names the same problem in the same words
    (tmp_path / name).write_text(text, encoding="utf-8")
    cli = subprocess.run(
        [sys.executable, "-m", "muraglia", "replay", "--check", "--json", name],
        check=False,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        timeout=120,
    )
    assert error.removeprefix(f"{name}: ") in cli.stdout, cli.stdout + cli.stderr


def test_bad_requests(tmp_path: Path) -> None:
    client = TestClient(create_app(_url(tmp_path)))
    assert client.get("/replay/nothing-here").status_code == 404
    r = client.post("/replay", data={"text": "  "})
    assert r.status_code == 400
    assert "choose a record file or paste a record" in r.text
    r = client.post("/replay", files={"file": ("x.mjlog", b"\xff\xfe<")})
    assert "x.mjlog: not UTF-8 text (byte 0)" in r.text
    loc = _open(client, MJLOG.name, MJLOG.read_bytes())
    assert client.get(f"{loc}?review=9").status_code == 400


def test_a_replay_link_survives_a_restart(tmp_path: Path) -> None:
    loc = _open(TestClient(create_app(_url(tmp_path))), "pasted", MJLOG.read_bytes())
    page = TestClient(create_app(_url(tmp_path))).get(f"{loc}?step=99999")
    assert page.status_code == 200
    assert 'id="final-scores"' in page.text


def test_the_review_is_muraglia_reviews_with_its_frames(tmp_path: Path) -> None:
    """The review layer shows ``muraglia review``'s decisions (the expert bot), each at the
    frame where the seat made it, the costly ones ranked (shanten, then useful tiles)."""
    from muraglia.players.review import review_tenhou

    opened = read_record(MJLOG.read_text(encoding="utf-8"), MJLOG.name)
    steps, reviewed = review(opened, 1)
    assert isinstance(opened.record, Record)
    expected = review_tenhou(opened.record, 1)
    assert [r.decision.to_dict() for r in reviewed] == [d.to_dict() for d in expected.decisions]
    for r in reviewed:  # the frame shows the seat's hand as it decided
        view = steps.frames[r.frame].views[1]
        assert "".join(t.notation for t in view.hand) == r.decision.hand
    costly = ranked(reviewed)
    assert costly
    assert all(r.cost[:2] > (0, 0) for r in costly)
    keys = [(-r.cost[0], -r.cost[1]) for r in costly]
    assert keys == sorted(keys)
    client = TestClient(create_app(_url(tmp_path)))
    loc = _open(client, MJLOG.name, MJLOG.read_bytes())
    page = client.get(f"{loc}?review=1&step={costly[0].frame}").text
    assert 'id="review"' in page
    assert 'class="panel decision"' in page  # the decision at this step
    assert page.count("data-step=") > len(costly)


@pytest.mark.parametrize("rules", ["fimj", "riichi-ema", "mcr", "seipalle", "ravenna"])
def test_our_records_of_every_ruleset_step_to_their_end(tmp_path: Path, rules: str) -> None:
    text, settlements = _played(rules, 1, seed=11)
    steps = step(read_record(text, f"{rules}.jsonl"))
    assert len(steps.deals) == 1
    deal = steps.deals[0]
    assert deal.settlement is not None
    assert deal.settlement.to_dict() == settlements[0]
    assert steps.frames[deal.last].end
    assert steps.final is not None
    client = TestClient(create_app(_url(tmp_path)))
    loc = _open(client, f"{rules}.jsonl", text.encode())
    for n in (0, len(steps.frames) // 2, len(steps.frames) - 1):
        page = client.get(f"{loc}?step={n}&lang=it")
        assert page.status_code == 200
    assert 'id="final-scores"' in page.text
    assert _final(page.text) == list(steps.final)


def test_a_won_deals_end_shows_the_winner_complete_and_the_log_in_the_rulesets_terms(
    tmp_path: Path,
) -> None:
    """At the end of a won deal the winner's 14 tiles are its complete hand (no best
    discards); the log tells the moves in the page's language with Ron/Tsumo, not the
    engine's English lines."""
    steps = step(read_record(MJLOG.read_text(encoding="utf-8"), MJLOG.name))
    deal = next(d for d in steps.deals if d.reason == "win")
    end = steps.frames[deal.last]
    assert end.end
    assert all(d == () for d in end.discards)
    client = TestClient(create_app(_url(tmp_path)))
    loc = _open(client, MJLOG.name, MJLOG.read_bytes())
    names = [re.escape(n) for n in steps.opened.players]
    for lang, complete, ron, over in (
        ("it", "Mano completa", "Ron di ", "Mano finita: "),
        ("en", "Complete hand", "Ron: ", "Deal over: "),
    ):
        page = client.get(f"{loc}?step={deal.last}&lang={lang}").text
        assert "best-discards" not in page
        for w in deal.wins:
            box = page[page.index(f'data-won="{w.seat}"') :]
            box = box[: box.index("</p>")]
            assert complete in box
            assert ron in box
            assert str(w.value) in box
        log = page[page.index('<ol class="log moves"') :]
        log = log[: log.index("</ol>")]
        items = re.findall(r"<li>(.*?)</li>", log)
        assert items[-1].startswith(over), items
        assert any(i.startswith(ron) for i in items), items
        assert not any("deal ended" in i or "winners [" in i for i in items), items
        assert re.search("|".join(names), items[-1])
    # a frame in the middle of a deal: draws and discards in Italian, with tile names
    page = client.get(f"{loc}?step=3&lang=it").text
    log = page[page.index('<ol class="log moves"') :]
    log = log[: log.index("</ol>")]
    assert " scarta " in log
    assert " pesca " in log
    assert " discard " not in log


RIICHI_LOG = DATA / "mjlog" / "2010081709gm-00a9-0000-fe3371ad.mjlog"


def _net_is_transfers_and_score_change(deal: dict[str, Any], before: list[int]) -> None:
    """A deal of ``/api/replay``: ``net`` sums the transfers and is every score's change."""
    settlement = deal["settlement"]
    summed: dict[str, int] = {}
    for t in settlement["transfers"]:
        summed[t["from"]] = summed.get(t["from"], 0) - t["amount"]
        summed[t["to"]] = summed.get(t["to"], 0) + t["amount"]
    assert {k: v for k, v in summed.items() if v} == {
        k: v for k, v in settlement["net"].items() if v
    }, deal["name"]
    dealer = int(deal["name"][1]) - 1
    for p, after in enumerate(deal["scores"]):
        assert settlement["net"]["ESWN"[(p - dealer) % 4]] == after - before[p], deal["name"]


def test_riichi_sticks_net_is_the_transfers_and_the_score_change(tmp_path: Path) -> None:
    """The riichi sticks: net = the transfers = the scores' change, in every deal (report 3)."""
    client = TestClient(create_app(_url(tmp_path)))
    r = client.post("/api/replay?name=x.mjlog", content=RIICHI_LOG.read_bytes())
    assert r.status_code == 200
    deals = r.json()["deals"]
    before = [25000] * 4
    sticks = 0
    for deal in deals:
        _net_is_transfers_and_score_change(deal, before)
        sticks += any("table" in (t["from"], t["to"]) for t in deal["settlement"]["transfers"])
        before = deal["scores"]
    assert sticks >= 9  # the deals where a riichi stood


def test_a_standing_riichi_puts_its_stick_on_the_table(tmp_path: Path) -> None:
    """From the riichi to the deal's end the declarer's stick is on the table (report 3)."""
    steps = step(read_record(RIICHI_LOG.read_text(encoding="utf-8"), RIICHI_LOG.name))
    deal = steps.deals[0]
    at = next(
        i
        for i in range(deal.first, deal.last)
        if any(e.kind == "riichi" for e in steps.frames[i].events)
    )
    declarer = next(s for s, r in enumerate(steps.frames[at].views[0].riichi) if r)
    for n in (at, deal.last - 1):
        context = frame_context(steps, n, None, "en")
        score = next(s["score"] for s in context["seats"] if s["seat"] == declarer)
        assert score == 24000
        assert context["pot"] == 1000
    end = frame_context(steps, deal.last, None, "en")
    assert end["pot"] == 0
    assert sum(s["score"] for s in end["seats"]) == 100000


def test_the_hands_are_named_by_the_deals_winds(tmp_path: Path) -> None:
    """The end panel names every hand by its seat's wind in that deal (report 2)."""
    steps = step(read_record(RIICHI_LOG.read_text(encoding="utf-8"), RIICHI_LOG.name))
    checked = 0
    for deal in steps.deals:
        if not deal.wins:
            continue
        end = frame_context(steps, deal.last, None, "en")["end"]
        for w in end["wins"]:
            assert f"{w['wind']}: {w['hand']}" in end["hands"], (deal.name, end)
            checked += w["wind"] != "ESWN"[w["seat"]]
    assert checked  # some winner's wind is not its player index's


def test_our_riichi_records_replay_under_their_own_options() -> None:
    """The options of our records read back as a spec: riichi wording, uma kept (report 4)."""
    from muraglia.rulesets import ruleset_for
    from muraglia.rulesets.base import options_dict
    from muraglia.web.narrate import win_name

    ruleset = load_ruleset("riichi-ema", uma="15000,5000,-5000,-15000", kiriage=True)
    match = Game(ruleset, seed=5, max_deals=1).new_match()
    while not match.over:
        match.apply(match.legal_actions(match.to_act[0])[0])
    for text in (dumps(match), "\n".join(json.dumps(m) for m in mjai_of(match))):
        steps = step(read_record(text, "ema"))
        assert options_dict(ruleset_for(steps.rules)) == options_dict(ruleset)
        assert "False" not in steps.rules
        assert win_name(steps.rules, "en", self_drawn=True) == "Tsumo"


def test_an_mjai_export_keeps_its_final_scores() -> None:
    """A capped match exported to mjai ends where it ended, with its final scores (report 8)."""
    match = Game(load_ruleset("riichi-ema"), seed=5, max_deals=1).new_match()
    while not match.over:
        match.apply(match.legal_actions(match.to_act[0])[0])
    stream = mjai_of(match)
    assert stream[0]["muraglia"]["max_deals"] == 1
    steps = step(read_record("\n".join(json.dumps(m) for m in stream), "game.mjai"))
    assert steps.final == tuple(match.scores)
    assert stream[-1] == {"type": "end_game", "scores": list(match.scores)}
