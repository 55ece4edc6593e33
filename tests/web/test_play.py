"""Play against bots: a game is stored per action and survives a server restart."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from muraglia.io.record import loads, replay
from muraglia.web import create_app
from muraglia.web.games import HUMAN, new_session


def _url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


def _step(client: TestClient, loc: str) -> str:
    page = client.get(loc).text
    n = re.search(r'name="n" value="(\d+)"', page)
    acts = re.findall(r'name="a" value="(\d+)"', page)
    if 'id="settlement"' in page or n is None or not acts:
        return page
    r = client.post(f"{loc}/act", data={"a": acts[-1], "n": n.group(1)}, follow_redirects=False)
    assert r.status_code == 303
    return page


@pytest.mark.parametrize("rules", ["riichi-ema", "fimj", "mcr", "seipalle", "ravenna"])
def test_a_game_survives_a_restart(tmp_path: Path, rules: str) -> None:
    client = TestClient(create_app(_url(tmp_path)))
    r = client.post(
        "/play", data={"rules": rules, "seat": "1", "deals": "1", "seed": "3"},
        follow_redirects=False,
    )  # fmt: skip
    assert r.status_code == 303
    loc = r.headers["location"]
    for _ in range(12):
        _step(client, loc)
    before = client.get(loc).text
    record_before = client.get(f"{loc}/record").text
    # a new server process on the same database: the game is rebuilt from its actions
    client2 = TestClient(create_app(_url(tmp_path)))
    assert client2.get(loc).text == before
    assert client2.get(f"{loc}/record").text == record_before
    # play to the settlement on the second server
    for _ in range(400):
        page = _step(client2, loc)
        if 'id="settlement"' in page:
            break
    else:
        pytest.fail("the deal did not end")
    record = loads(client2.get(f"{loc}/record").text)
    replay(record)  # the stored game is a valid record


def test_bad_requests(tmp_path: Path) -> None:
    client = TestClient(create_app(_url(tmp_path)))
    r = client.post("/play", data={"rules": "nope"})
    assert r.status_code == 200
    assert "unknown ruleset" in r.text
    r = client.post("/play", data={"rules": "mcr", "bot2": "nobody"})
    assert "unknown bot &#39;nobody&#39;" in r.text
    r = client.post("/play", data={"rules": "mcr", "deals": "0"})
    assert "at least 1" in r.text
    assert client.get("/play/not-a-game").status_code == 404
    r = client.post("/play", data={"rules": "mcr", "seed": "1"}, follow_redirects=False)
    loc = r.headers["location"]
    page = client.get(loc).text
    n = re.search(r'name="n" value="(\d+)"', page).group(1)  # type: ignore[union-attr]
    r = client.post(f"{loc}/act", data={"a": "999", "n": n}, follow_redirects=False)
    assert r.status_code == 400
    # without the step number, or with words for numbers: a 400 that says so (report 15)
    for data, said in (
        ({"a": "6"}, "the step number &#39;n&#39; is missing"),
        ({"a": "x", "n": n}, "the action number &#39;a&#39; must be a whole number"),
        ({"n": n}, "choose an action"),
    ):
        r = client.post(f"{loc}/act", data=data, follow_redirects=False)
        assert r.status_code == 400
        assert said in r.text, r.text[-800:]
        assert 'id="error"' in r.text  # a page, not JSON
    # a stale step number only redraws the page
    r = client.post(f"{loc}/act", data={"a": "0", "n": "0"}, follow_redirects=False)
    assert r.status_code == 303
    r = client.get(f"{loc}/record?format=xml")
    assert r.status_code == 400
    assert "unknown record format 'xml'" in r.text
    # mjai and tenhou.net/6 are riichi formats: an MCR game has neither
    r = client.get(f"{loc}/record?format=mjai")
    assert r.status_code == 400
    assert "riichi" in r.text
    r = client.get(f"{loc}/record?format=tenhou6")
    assert r.status_code == 400
    assert "tenhou.net/6 export needs a riichi record, not 'mcr'" in r.text
    r = client.get(f"{loc}/record?format=mjlog")
    assert r.status_code == 400
    assert "mjlog export needs a riichi record, not 'mcr'" in r.text


def test_riichi_records_download_in_four_formats(tmp_path: Path) -> None:
    """Ours, mjai, tenhou.net/6 and mjlog: each read back by muraglia.io gives the same game."""
    from muraglia.io.mjai import parse_mjai
    from muraglia.io.tenhou import parse_mjlog, parse_tenhou6
    from muraglia.io.tenhou_replay import check_record

    client = TestClient(create_app(_url(tmp_path)))
    r = client.post(
        "/play", data={"rules": "riichi-tenhou", "seat": "0", "deals": "2", "seed": "5"},
        follow_redirects=False,
    )  # fmt: skip
    loc = r.headers["location"]
    for _ in range(800):
        page = _step(client, loc)
        if 'id="settlement"' in page:
            if "next_deal" not in page and 'id="next"' not in page:
                break
            client.post(f"{loc}/continue")
    ours = client.get(f"{loc}/record")
    assert ours.headers["content-disposition"].endswith('.jsonl"')
    match = replay(loads(ours.text))
    deals = match.deals_played
    assert deals >= 1
    mjai = client.get(f"{loc}/record?format=mjai")
    assert mjai.status_code == 200
    assert mjai.headers["content-disposition"].endswith('.mjai.jsonl"')
    six = client.get(f"{loc}/record?format=tenhou6")
    assert six.status_code == 200
    assert six.headers["content-type"].startswith("application/json")
    assert six.headers["content-disposition"].endswith('.tenhou6.json"')
    log = client.get(f"{loc}/record?format=mjlog")
    assert log.status_code == 200
    assert log.headers["content-type"].startswith("application/xml")
    assert log.headers["content-disposition"].endswith('.mjlog"')
    assert log.text.startswith('<mjloggm ver="2.3">')
    mjlog = parse_mjlog(log.text, "game.mjlog")
    assert mjlog.complete  # the two deals asked for, the match end (owari) written
    assert mjlog.header.max_deals == 2
    for parsed in (
        parse_mjai(mjai.text, "game.mjai"),
        parse_tenhou6(six.text, "game.json"),
        mjlog,
    ):
        checks = check_record(parsed)
        assert len(checks) == deals
        assert all(getattr(c, "matched", False) for c in checks), checks


def test_a_person_acts_only_for_their_seat() -> None:
    session = new_session("riichi-ema", [HUMAN, "random", "random", "random"], seed=1)
    session.advance()
    from muraglia.errors import IllegalActionError

    legal = session.match.legal_actions(0)
    assert legal
    with pytest.raises(IllegalActionError, match="bot"):
        session.act(1, legal[0])
    from muraglia.engine import action_from_dict

    forged = action_from_dict({**legal[0].to_dict(), "seat": 2})
    with pytest.raises(IllegalActionError, match="seat 2 sent for seat 0"):
        session.act(0, forged)


def test_the_expert_bot_takes_a_seat_from_the_registry(tmp_path: Path) -> None:
    """The /play form offers every registered bot (issue 20: expert) and seats it."""
    client = TestClient(create_app(_url(tmp_path)))
    assert 'value="expert"' in client.get("/play").text
    # the choice is named in the page's language (players.BOT_NAMES), never by its id
    italian = client.get("/play", headers={"Accept-Language": "it"}).text
    assert '<option value="expert" >esperto</option>' in italian
    r = client.post(
        "/play",
        data={"rules": "riichi-ema", "seat": "0", "deals": "1", "seed": "5", "bot1": "expert"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    page = client.get(r.headers["location"]).text
    assert "bot expert" in page


def _first_settlement(client: TestClient, rules: str, *, deals: int, seed: int) -> str:
    """The page of a new game (the human at seat 1) when its first deal is settled."""
    r = client.post(
        "/play", data={"rules": rules, "seat": "1", "deals": str(deals), "seed": str(seed)},
        follow_redirects=False,
    )  # fmt: skip
    loc = r.headers["location"]
    for _ in range(400):
        page = _step(client, loc)
        if 'id="settlement"' in page:
            return page
    pytest.fail("the deal did not end")


@pytest.mark.parametrize("rules", ["riichi-ema", "fimj", "ravenna"])
def test_the_deal_end_is_named_in_italian_not_by_its_id(tmp_path: Path, rules: str) -> None:
    """The settlement's heading names why the deal ended from the ruleset's own terms."""
    from muraglia.rulesets import load_ruleset

    flow = load_ruleset(rules).flow()
    client = TestClient(create_app(_url(tmp_path)), headers={"Accept-Language": "it"})
    page = _first_settlement(client, rules, deals=1, seed=5)
    heading = re.search(r"<h2>([^<]*)</h2>", page[page.index('id="settlement"') :])
    assert heading is not None
    shown = heading.group(1).split(" — ", 1)[1]
    italian = {flow.term(t, "it") for t in (*flow.terms, "win", "exhausted")}
    assert shown in italian, shown
    assert shown not in flow.terms  # a name, never the engine's id


def test_term_names_come_from_the_ruleset_then_the_shared_vocabulary() -> None:
    from muraglia.rulesets import load_ruleset
    from muraglia.web.table_view import term_name

    flow = load_ruleset("riichi-ema").flow()
    assert term_name("riichi-ema", "four_riichi", "it") == flow.term("four_riichi", "it")
    assert term_name("riichi-ema", "four_riichi", "it") != "four_riichi"
    assert term_name("", "exhausted", "en") != "exhausted"  # the shared vocabulary
    assert term_name("nonsense", "no_such_term", "it") == "no_such_term"
    assert term_name("fimj", "", "it") == ""


def test_the_settlement_names_the_finished_deals_seats(tmp_path: Path) -> None:
    """After the dealer moves on, the settlement still names the winner by its wind in the
    deal just finished, as its transfers and hands do (report 1)."""
    client = TestClient(create_app(_url(tmp_path)))
    moved = 0
    for seed in range(1, 9):
        page = _first_settlement(client, "fimj", deals=2, seed=seed)
        panel = page[page.index('id="settlement"') :]
        won = re.findall(r"<p><strong>(\w+)</strong> (.*?) — ", panel)
        hands = dict(re.findall(r"<li><code>([ESWN]): (.*?)</code></li>", panel))
        letter = {"East": "E", "South": "S", "West": "W", "North": "N"}
        for wind, hand in won:
            assert hands[letter[wind]] == hand, (seed, wind, hand, hands)
        # the human (seat 1) was South in deal 1; the boxes above show deal 2's winds
        moved += bool(won) and "South · you" not in page
    assert moved  # some first deal passed the dealer on


def test_uma_is_shown_apart_and_bots_of_one_kind_are_numbered(tmp_path: Path) -> None:
    """The riichi match's end: scores after the last deal and with uma, labelled (report 20);
    three bots of one kind are told apart (report 18)."""
    client = TestClient(create_app(_url(tmp_path)), headers={"Accept-Language": "en"})
    page = _first_settlement(client, "riichi-ema", deals=1, seed=5)
    bot = re.search(r"bot (\w+) 1\b", page)
    assert bot is not None, page[-3000:]
    assert f"bot {bot.group(1)} 3" in page
    assert f"bot {bot.group(1)} 4" in page
    final = page[page.index('id="final-scores"') :]
    final = final[: final.index("</table>")]
    assert "after the last deal" in final
    assert "at the match&#39;s end (uma, sticks left)" in final


@pytest.mark.parametrize(("lang", "bad"), [("en", "you discard"), ("it", "tu scarta")])
def test_the_move_log_tells_of_the_human_in_the_third_person(
    tmp_path: Path, lang: str, bad: str
) -> None:
    client = TestClient(create_app(_url(tmp_path)), headers={"Accept-Language": lang})
    page = _first_settlement(client, "riichi-ema", deals=1, seed=5)
    log = page[page.index('class="log"') :] if 'class="log"' in page else page
    assert bad not in log  # "you discards" / "tu scarta" read wrong
    assert ("Player 2 (you)" if lang == "en" else "Giocatore 2 (tu)") in log
