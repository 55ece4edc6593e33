"""Tables with friends: seats, tokens, WebSockets, stand-in bots, and what each seat is sent."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from muraglia.engine.views import PlayerView
from muraglia.players import make_bot
from muraglia.web import create_app
from muraglia.web.table_view import order_actions
from muraglia.web.tables import Room

RULESETS = ["fimj", "riichi-ema", "riichi-tenhou", "mcr", "seipalle", "ravenna"]
VIEW_KEYS = {f for f in PlayerView.__dataclass_fields__}


class Recorder:
    """A connection that keeps every message."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    async def send_text(self, data: str) -> None:
        self.messages.append(data)


def _tiles(html: str) -> list[str]:
    return re.findall(r'data-n="([0-9][mpszf])"', html)


def _kind(n: str) -> str:
    return ("5" + n[1]) if n[0] == "0" else n


def _sections(html: str, cls: str) -> list[str]:
    return re.findall(rf'<section class="{cls}[^"]*"[^>]*>(.*?)</section>', html, re.S)


def check_message(room: Room, seat: int, text: str) -> None:
    """The message holds the seat's own view and nothing another seat or the wall hides."""
    msg = json.loads(text)
    session = room.session
    assert session is not None
    deal = session.match.deal
    assert msg["seat"] == seat
    assert set(msg["view"]) <= VIEW_KEYS
    assert msg["view"] == session.view(seat).to_dict()
    html = msg["html"]
    own = re.search(r'<div class="own-tiles">(.*?)</div>', html, re.S)
    assert own is not None
    shown = sorted(_kind(n) for n in _tiles(own.group(1)))
    mine = sorted(t.notation for k, c in enumerate(deal.counts[seat]) for t in [_T[k]] * c)
    assert shown == mine, f"seat {seat} is shown {shown}, holds {mine}"
    boxes = _sections(html, "seat-box")
    assert len(boxes) == deal.players
    view = session.view(seat)
    for k, box in enumerate(boxes):
        s = (seat + k) % deal.players
        public = sum(len(m.tiles) for m in deal.melds[s]) + len(view.bonus[s])
        public += len(view.discards[s])
        assert len(_tiles(box)) == public, f"seat box {s} shows more than its public tiles"
    # nothing else in the message draws concealed tiles: the settlement shows only scored hands
    for key in ("live", "dead", "wall", "counts"):
        assert f'"{key}"' not in text


from muraglia.tiles import Tile  # noqa: E402

_T = [Tile(k) for k in range(34)]


async def play_whole_game(rules: str, seed: int, max_deals: int | None) -> tuple[int, int]:
    room = Room("code", rules, 4, max_deals, seed)
    for name in ("ana", "bea", "cia", "dan"):
        room.join(name)
    session = room.start()
    sockets = {s: Recorder() for s in range(room.players)}
    for s, r in sockets.items():
        room.sockets[s] = [r]
    people = {s: make_bot("efficiency", session.match.game.ruleset, seed=seed + s) for s in sockets}
    checked = 0
    for _ in range(20_000):
        await room.broadcast()
        for s, r in sockets.items():
            check_message(room, s, r.messages[-1])
            checked += 1
        if session.match.over:
            break
        if session.deal_over:
            for s in sockets:
                room.acknowledge(s)
            continue
        seat = session.match.to_act[0]
        legal = order_actions(session.legal(seat))
        choice = people[seat].choose(session.view(seat), legal)
        room.act(seat, legal.index(choice), len(session.actions))
    assert session.match.over
    return session.match.deals_played, checked


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULESETS)
def test_no_message_holds_another_seats_tiles_or_the_wall(rules: str) -> None:
    """Over a whole seeded game, every message to every seat (every ruleset)."""
    deals, checked = asyncio.run(play_whole_game(rules, seed=7, max_deals=None))
    assert deals >= 4
    assert checked > 100


def _client(tmp_path: Path, **kw: Any) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", **kw))


def test_join_start_and_play_over_websockets(tmp_path: Path) -> None:
    # one client (one event loop, like the real server); each person's cookie sent by hand
    client = _client(tmp_path)

    def token_of(r: Any) -> str:
        client.cookies.clear()
        return str(r.cookies[f"seat_{code}"])

    r = client.post("/tables", data={"name": "Ana", "rules": "mcr", "deals": "1", "seed": "2"},
                    follow_redirects=False)  # fmt: skip
    assert r.status_code == 303
    loc = r.headers["location"]
    code = loc.rsplit("/", 1)[1]
    host = {"cookie": f"seat_{code}={token_of(r)}"}
    assert "Sit down" in client.get(loc, headers={"accept-language": "en"}).text
    r = client.post(f"{loc}/join", data={"name": "Bea"}, follow_redirects=False)
    assert r.status_code == 303
    guest = {"cookie": f"seat_{code}={token_of(r)}"}
    assert client.post(f"{loc}/start", headers=guest, follow_redirects=False).status_code == 403
    assert client.post(f"{loc}/start", headers=host, follow_redirects=False).status_code == 303
    forged = {"cookie": f"seat_{code}=not-a-token"}
    with (
        pytest.raises(WebSocketDisconnect),  # closed before accept: no seat token
        client.websocket_connect(f"/tables/{code}/ws", headers=forged) as ws,
    ):
        ws.receive_text()
    with (
        client.websocket_connect(f"/tables/{code}/ws", headers=host) as a,
        client.websocket_connect(f"/tables/{code}/ws", headers=guest) as b,
    ):
        conns = {0: a, 1: b}
        last = {0: json.loads(a.receive_text()), 1: json.loads(b.receive_text())}
        assert (last[0]["seat"], last[1]["seat"]) == (0, 1)

        def send(seat: int, message: dict[str, Any]) -> None:
            # every valid message makes the server send each seat its new state once
            conns[seat].send_text(json.dumps(message))
            for s in (seat, 1 - seat):
                last[s] = json.loads(conns[s].receive_text())
                assert last[s]["type"] == "state", last[s]

        for _ in range(600):
            if last[0]["over"]:
                break
            movers = [s for s in (0, 1) if 'name="a"' in last[s]["html"]]
            if 'id="next"' in last[0]["html"]:
                send(0, {"type": "continue"})
                send(1, {"type": "continue"})
            elif movers:
                s = movers[0]
                values = re.findall(r'name="a" value="(\d+)"', last[s]["html"])
                send(s, {"type": "act", "a": int(values[-1]), "n": last[s]["n"]})
            else:
                pytest.fail("nobody can act and the game is not over")
        assert last[0]["over"]
        assert last[1]["over"]
        # nothing is legal once the match is over: an error goes to the sender only
        a.send_text(json.dumps({"type": "act", "a": 0, "n": last[0]["n"]}))
        assert json.loads(a.receive_text())["type"] == "error"
        a.send_text(json.dumps({"type": "nonsense"}))
        assert "unknown message type" in json.loads(a.receive_text())["error"]
        # bad messages are named, never Python's own words (report 12)
        for bad, said in (
            ("not json", "invalid JSON: Expecting value at position 0"),
            ("[1]", "expected a JSON object, got array"),
            (
                json.dumps({"type": "act", "a": "x", "n": "y"}),
                "'a' must be a whole number, got 'x'",
            ),
            (
                json.dumps({"type": "act", "a": 1.5, "n": 0}),
                "'a' must be a whole number, got number",
            ),
            (json.dumps({"type": "act", "a": 0}), "an 'act' message needs 'n'"),
        ):
            a.send_text(bad)
            error = json.loads(a.receive_text())["error"]
            assert said in error, error
            assert "invalid literal" not in error


def test_an_empty_name_is_a_numbered_player_and_a_full_table_a_page(tmp_path: Path) -> None:
    """A blank name shows as "Player 2" (report 21); the fifth person gets a 409 page."""
    client = _client(tmp_path)
    r = client.post("/tables", data={"name": "Ana", "rules": "mcr"}, follow_redirects=False)
    loc = r.headers["location"]
    for name in ("", "   ", "Cid"):
        client.cookies.clear()
        assert client.post(f"{loc}/join", data={"name": name}).status_code == 200
    client.cookies.clear()
    page = client.get(f"{loc}?lang=en").text
    assert "Player 2" in page
    assert "Player 3" in page
    assert client.get(f"{loc}?lang=it").text.count("Giocatore ") >= 2
    client.cookies.clear()
    r = client.post(f"{loc}/join", data={"name": "Dan"}, headers={"accept": "text/html"})
    assert r.status_code == 409
    assert 'id="error"' in r.text
    assert "every seat is taken" in r.text


def test_a_bot_stands_in_for_a_person_away(tmp_path: Path) -> None:
    room = Room("c", "riichi-ema", 4, 1, 5, takeover_after=0.0)
    room.join("ana")
    session = room.start()
    steps = 0
    while not session.match.over and steps < 2000:
        assert room.stand_in_step(now=1e12) or session.match.over
        steps += 1
    assert session.match.over


def test_a_table_survives_a_server_restart_mid_deal(tmp_path: Path) -> None:
    """Seats, tokens and the game are in the database: a new server goes on where it was."""
    client = _client(tmp_path)
    r = client.post("/tables", data={"name": "Ana", "rules": "fimj", "deals": "1", "seed": "4"},
                    follow_redirects=False)  # fmt: skip
    loc = r.headers["location"]
    code = loc.rsplit("/", 1)[1]
    host = {"cookie": f"seat_{code}={r.cookies[f'seat_{code}']}"}
    client.cookies.clear()
    r = client.post(f"{loc}/join", data={"name": "Bea"}, follow_redirects=False)
    guest = {"cookie": f"seat_{code}={r.cookies[f'seat_{code}']}"}
    client.cookies.clear()
    assert client.post(f"{loc}/start", headers=host, follow_redirects=False).status_code == 303
    moves = 0
    with (
        client.websocket_connect(f"/tables/{code}/ws", headers=host) as a,
        client.websocket_connect(f"/tables/{code}/ws", headers=guest) as b,
    ):
        conns = {0: a, 1: b}
        last = {0: json.loads(a.receive_text()), 1: json.loads(b.receive_text())}
        while moves < 6:  # a few moves each: the deal is well under way
            movers = [s for s in (0, 1) if 'name="a"' in last[s]["html"]]
            assert movers, "nobody can act"
            s = movers[0]
            values = re.findall(r'name="a" value="(\d+)"', last[s]["html"])
            conns[s].send_text(json.dumps({"type": "act", "a": int(values[-1]), "n": last[s]["n"]}))
            for k in (s, 1 - s):
                last[k] = json.loads(conns[k].receive_text())
            moves += 1
    assert not last[0]["over"]
    assert 'id="settlement"' not in last[0]["html"]
    # the database holds no seat token, only its hash
    db = b"".join(f.read_bytes() for f in tmp_path.glob("web.db*"))  # the WAL file too
    assert b"Bea" in db
    for who in (host, guest):
        assert who["cookie"].split("=", 1)[1].encode() not in db
    # a new server process on the same database: the same table, seats and state
    restarted = _client(tmp_path)
    page = restarted.get(loc, headers={**host, "accept-language": "en"}).text
    assert "Ana" in page
    assert "Bea" in page
    with (
        restarted.websocket_connect(f"/tables/{code}/ws", headers=host) as a,
        restarted.websocket_connect(f"/tables/{code}/ws", headers=guest) as b,
    ):
        again = {0: json.loads(a.receive_text()), 1: json.loads(b.receive_text())}
        for s in (0, 1):
            assert again[s]["n"] == last[s]["n"]
            assert again[s]["view"] == last[s]["view"]
        # and the deal plays on to its settlement on the new server
        conns = {0: a, 1: b}
        last = again
        for _ in range(600):
            if 'id="settlement"' in last[0]["html"] or last[0]["over"]:
                break
            movers = [s for s in (0, 1) if 'name="a"' in last[s]["html"]]
            assert movers, "nobody can act"
            s = movers[0]
            values = re.findall(r'name="a" value="(\d+)"', last[s]["html"])
            conns[s].send_text(json.dumps({"type": "act", "a": int(values[-1]), "n": last[s]["n"]}))
            for k in (s, 1 - s):
                last[k] = json.loads(conns[k].receive_text())
        assert 'id="settlement"' in last[0]["html"]
    # a forged token still opens nothing after the restart
    forged = {"cookie": f"seat_{code}=not-a-token"}
    with (
        pytest.raises(WebSocketDisconnect),
        restarted.websocket_connect(f"/tables/{code}/ws", headers=forged) as ws,
    ):
        ws.receive_text()
    assert restarted.get("/tables/no-such-code").status_code == 404
