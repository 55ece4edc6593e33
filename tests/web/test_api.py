"""The JSON API answers exactly the CLI's --json objects (interfaces.md "muraglia serve")."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from muraglia import __version__
from muraglia.cli import main
from muraglia.web import create_app
from muraglia.web.app import MAX_BODY


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app("sqlite://"))


def cli_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, Any]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 else err.strip())


SCORE_ITEMS = [
    {"rules": "riichi-ema", "hand": "234m567p11z [555z] [789s<] +4m", "win": "tsumo"},
    {"rules": "riichi-ema", "hand": "123m456p789s234s55z+5z", "win": "ron", "flags": ["riichi"],
     "dora": ["4z"], "ura": ["1m"], "discarder": "W", "seat_wind": "S"},
    {"rules": "fimj", "hand": "234m567p11z [555z] [789s<] 1f +4m", "win": "tsumo"},
    {"rules": "mcr", "hand": "123m456p789s234s55z+5z", "win": "ron", "discarder": "N"},
    {"rules": "seipalle", "hand": "234m567p11z [555z] [789s<] +4m", "win": "ron", "discarder": "S"},
    {"rules": "ravenna", "hand": "234m567p11z [555z] [777s^] +4m", "win": "none"},
]  # fmt: skip


@pytest.mark.parametrize("item", SCORE_ITEMS, ids=lambda i: i["rules"])
def test_score_equals_the_cli_json(
    client: TestClient, capsys: pytest.CaptureFixture[str], item: dict[str, Any]
) -> None:
    r = client.post("/api/score", json=item)
    assert r.status_code == 200
    argv = ["score", item["hand"], "--rules", item["rules"], "--json"]
    for key in ("win", "seat_wind", "discarder"):
        if key in item:
            argv += [f"--{key.replace('_', '-')}", item[key]]
    for key in ("flags", "dora", "ura"):
        if key in item:
            argv += [f"--{key}", ",".join(item[key])]
    code, expected = cli_json(capsys, argv)
    assert code == 0
    assert r.json() == expected


@pytest.mark.parametrize(
    ("item", "fragment"),
    [
        ({"rules": "riichi-ema", "hand": "234m5"}, "digits without a suit letter"),
        ({"rules": "nope", "hand": "123m"}, "unknown ruleset 'nope'"),
        (
            {"rules": "riichi-ema", "hand": "234m567p11z[555z][789s<]+4m", "flags": ["riichi"]},
            "need a concealed hand",
        ),
        ({"rules": "mcr", "hand": "123m456p789s234s55z+5z", "flags": ["bogus"]}, "unknown flag"),
        ({"rules": "mcr"}, "missing key"),
        ({"rules": "riichi-ema", "hand": 5}, "must be a string"),
    ],
)
def test_score_bad_input_is_400_with_the_cli_message(
    client: TestClient, capsys: pytest.CaptureFixture[str], item: dict[str, Any], fragment: str
) -> None:
    r = client.post("/api/score", json=item)
    assert r.status_code == 400
    body = r.json()
    assert body["ok"] is False
    assert fragment in body["error"]
    from muraglia.cli._common import INPUT_ERRORS, error_message
    from muraglia.cli.score import compute

    with pytest.raises(INPUT_ERRORS) as exc:
        compute(item)
    assert body["error"] == error_message(exc.value)


def test_invalid_json_and_non_objects_are_400(client: TestClient) -> None:
    r = client.post("/api/score", content=b"{nope", headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert r.json()["error"].startswith("invalid JSON: ")
    r = client.post("/api/analyze", content=b"[1, 2]")
    assert r.status_code == 400
    assert r.json() == {"ok": False, "error": "expected a JSON object, got array"}
    for body, kind in (
        (b"null", "null"),
        (b'"str"', "string"),
        (b"3", "number"),
        (b"true", "boolean"),
    ):
        r = client.post("/api/score", content=body)
        assert r.status_code == 400
        assert r.json() == {"ok": False, "error": f"expected a JSON object, got {kind}"}
    r = client.post("/api/settle", content=b"\xff\xfe")
    assert r.status_code == 400


def test_body_over_the_limit_is_413(client: TestClient) -> None:
    big = json.dumps({"rules": "mcr", "hand": "1m" * MAX_BODY})
    r = client.post("/api/score", content=big)
    assert r.status_code == 413
    assert r.json()["ok"] is False
    # also when the size is not declared up front (chunked upload)
    r = client.post("/api/analyze", content=iter([b"{", b" " * MAX_BODY, b"}"]))
    assert r.status_code == 413


def test_analyze_equals_the_cli_json(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    item = {"hand": "123m456p789s1z2345s", "rules": "mcr", "visible": "1z"}
    r = client.post("/api/analyze", json=item)
    assert r.status_code == 200
    code, expected = cli_json(
        capsys, ["analyze", item["hand"], "--rules", "mcr", "--visible", "1z", "--json"]
    )
    assert code == 0
    assert r.json() == expected
    r = client.post("/api/analyze", json={"hand": "123m456p789s1z", "visible": "1z1z1z1z1z"})
    assert r.status_code == 400
    assert "5 copies" in r.json()["error"]


SETTLE = {
    "rules": "fimj",
    "round_wind": "E",
    "dealer": "E",
    "winners": ["S"],
    "discarder": "W",
    "hands": {
        "E": "123m456p789s1122z",
        "S": "234m567p11z [555z] [789s<] +4m",
        "W": "123m456p789s2233z",
        "N": "1m2m3m4m5m6m7m8m9m1p2p3p4p",
    },
}


def test_settle_equals_the_cli_json(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    r = client.post("/api/settle", json=SETTLE)
    assert r.status_code == 200
    body = r.json()
    assert sum(body["net"].values()) == 0
    code, expected = cli_json(capsys, ["settle", json.dumps(SETTLE), "--json"])
    assert code == 0
    assert body == expected


def test_settle_bad_input(client: TestClient) -> None:
    bad = {**SETTLE, "status": {"W": "not_a_status"}}
    r = client.post("/api/settle", json=bad)
    assert r.status_code == 400
    assert "not_a_status" in r.json()["error"]
    r = client.post("/api/settle", json={**SETTLE, "winners": ["X"]})
    assert r.status_code == 400


def test_rules_table_and_listing(client: TestClient, capsys: pytest.CaptureFixture[str]) -> None:
    r = client.get("/api/rules/mcr")
    assert r.status_code == 200
    code, expected = cli_json(capsys, ["rules", "mcr", "--json"])
    assert code == 0
    assert r.json() == expected
    r = client.get("/api/rules/ema")  # an alias
    assert r.json()["rules"] == "riichi-ema"
    r = client.get("/api/rules")
    assert set(r.json()["rulesets"]) >= {"fimj", "mcr", "ravenna"}
    r = client.get("/api/rules/nope")
    assert r.status_code == 404
    assert r.json()["error"].startswith("unknown ruleset 'nope'")
    r = client.get("/api/rules/mcr(bogus=1)")
    assert r.status_code == 404
    assert "bogus" in r.json()["error"]


def test_health_and_openapi(client: TestClient) -> None:
    assert client.get("/api/health").json() == {"ok": True, "version": __version__}
    spec = client.get("/openapi.json").json()
    for path in ("/api/score", "/api/analyze", "/api/settle", "/api/rules/{spec}", "/api/health"):
        assert path in spec["paths"]
    assert (
        "example"
        in spec["paths"]["/api/score"]["post"]["requestBody"]["content"]["application/json"]
    )
    assert client.get("/docs").status_code == 200


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/score", json.dumps(SCORE_ITEMS[0])),
        ("/api/score", json.dumps(SCORE_ITEMS[2])),
        ("/api/score", '{"rules": "fimj", "hand": "123m45"}'),
        ("/api/score", "[1, 2]"),
        ("/api/analyze", '{"hand": "123m456p789s1122z"}'),
        ("/api/settle", '{"rules": "nope"}'),
        ("/api/settle", "{not json"),
    ],
)
def test_the_fast_path_answers_as_the_declared_routes(
    client: TestClient, path: str, body: str
) -> None:
    """create_app answers the POSTs before the framework's routing (FastJsonApi): the same
    status, type and bytes as the routes that declare them (the router alone)."""
    from fastapi import FastAPI

    from muraglia.web import api

    plain = FastAPI()
    plain.include_router(api.router)
    routed = TestClient(plain).post(path, content=body)
    fast = client.post(path, content=body)
    assert (fast.status_code, fast.content) == (routed.status_code, routed.content)
    assert fast.headers["content-type"] == routed.headers["content-type"] == "application/json"
    assert client.get(path).status_code == 405  # only POST is answered there


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@given(st.dictionaries(st.text(), JSON_VALUES, max_size=6))
def test_encode_writes_the_standard_librarys_bytes(obj: dict[str, Any]) -> None:
    """orjson's bytes are the stdlib's for the contract's values (integers of any size
    included: over 64 bits the stdlib writes them), control characters and non-ASCII text."""
    from muraglia.web.api import encode, stdlib_encode

    assert encode(obj) == stdlib_encode(obj)


def test_encode_fails_as_the_standard_library_does() -> None:
    from muraglia.web.api import encode

    with pytest.raises(UnicodeEncodeError):
        encode({"error": "unknown ruleset '\ud800'"})
    with pytest.raises(TypeError):
        encode({"x": object()})


def test_every_endpoints_answers_encode_as_the_standard_library(client: TestClient) -> None:
    """The score golden corpus (every line, malformed ones included), the settle and analyze
    objects: the bytes served are the stdlib's encoding of the same object."""
    from pathlib import Path

    from muraglia.cli import analyze, score, settle
    from muraglia.web.api import answer, stdlib_encode

    golden = Path(__file__).resolve().parents[1] / "data" / "score_golden" / "input.jsonl"
    cases = [("/api/score", score.compute, line) for line in golden.read_bytes().splitlines()]
    for rules in ("fimj", "mcr", "seipalle", "ravenna", "riichi-tenhou"):
        body = {"rules": rules, "hand": "234m567p11z [555z] [789s<] +4m", "win": "tsumo"}
        cases.append(("/api/score", score.compute, json.dumps(body).encode()))
    cases.append(("/api/settle", settle.compute, json.dumps(SETTLE).encode()))
    cases.append(("/api/analyze", analyze.compute, b'{"hand": "123m456p789s1z2345s"}'))
    for path, compute, body in cases[::8] + cases[-7:]:
        status, obj = answer(body, compute)
        r = client.post(path, content=body)
        assert (r.status_code, r.content) == (status, stdlib_encode(obj))


@pytest.mark.parametrize("body", ["{bad", "nope", "[1]", "null"])
def test_the_api_words_a_bad_body_as_the_command_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, body: str
) -> None:
    api = TestClient(create_app("sqlite://")).post("/api/score", content=body.encode())
    assert api.status_code == 400
    monkeypatch.setattr("sys.stdin", io.StringIO(body + "\n"))
    assert main(["score", "--jsonl"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert api.json()["error"] == line["error"].removeprefix("line 1: ")


def test_invalid_json_on_several_lines_names_the_line() -> None:
    api = TestClient(create_app("sqlite://")).post("/api/score", content=b'{"a":\n 1,}')
    assert api.status_code == 400
    assert api.json()["error"].endswith("at line 2 column 4")
