"""The HTML pages: the calculator's URL input, error pages, the table forms."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from muraglia.web import create_app

HAND = "234m567m345p67s22p+8s"
RON = f"/?rules=riichi-ema&hand={HAND.replace('+', '%2B')}&win=ron&seat_wind=S&flag=riichi"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app("sqlite://"))


def _api_error(client: TestClient, rules: str) -> str:
    r = client.post("/api/score", json={"rules": rules, "hand": HAND, "win": "ron"})
    assert r.status_code == 400
    return str(r.json()["error"])


@pytest.mark.parametrize(
    ("query", "rules"),
    [
        ("opt.kiriage=maybe", "riichi-ema(kiriage=maybe)"),
        ("opt.kiriag=true", "riichi-ema(kiriag=true)"),
        ("opt.renhou=sometimes", "riichi-ema(renhou=sometimes)"),
    ],
)
def test_the_calculator_refuses_bad_options_as_the_api_does(
    client: TestClient, query: str, rules: str
) -> None:
    """A shared link with a bad option is refused with the API's message (report 5)."""
    page = client.get(f"{RON}&{query}&lang=en").text
    message = _api_error(client, rules)
    assert message in page.replace("&#39;", "'"), message
    assert 'class="result' not in page or "7700" not in page


def test_options_in_the_rules_spec_are_read_not_dropped(client: TestClient) -> None:
    page = client.get(RON.replace("rules=riichi-ema", "rules=riichi-ema(kiriage=maybe)")).text
    assert _api_error(client, "riichi-ema(kiriage=maybe)") in page.replace("&#39;", "'")


def test_the_uma_field_takes_the_format_its_placeholder_shows(client: TestClient) -> None:
    """``15000,5000,-5000,-15000`` as typed, without brackets (report 6)."""
    page = client.get(f"{RON}&opt.uma=15000,5000,-5000,-15000&lang=en").text
    assert "malformed ruleset spec" not in page
    assert "Error" not in page
    assert 'placeholder="9000,3000,-3000,-9000"' in page


HTML = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}


@pytest.mark.parametrize(
    ("url", "status", "said"),
    [
        ("/play/doesnotexist", 404, "no game &#39;doesnotexist&#39;"),
        ("/replay/nope", 404, "no replay &#39;nope&#39;"),
        ("/tables/nope", 404, "no table &#39;nope&#39;"),
        ("/tournaments/abc", 400, "event_id must be a whole number, got &#39;abc&#39;"),
    ],
)
def test_errors_of_pages_are_pages_in_the_readers_language(
    client: TestClient, url: str, status: int, said: str
) -> None:
    """A page's error is a page with its status, in Italian or English (report 13)."""
    for lang, heading in (("it", "Non trovato" if status == 404 else "Richiesta non valida"),
                          ("en", "Not found" if status == 404 else "Bad request")):  # fmt: skip
        r = client.get(f"{url}?lang={lang}", headers=HTML)
        assert r.status_code == status
        assert r.headers["content-type"].startswith("text/html")
        assert 'id="error"' in r.text
        assert heading in r.text
        assert said in r.text
        assert f'<html lang="{lang}">' in r.text
    # a client that asks for JSON keeps FastAPI's JSON
    r = client.get(url, headers={"accept": "application/json"})
    assert r.status_code in (status, 422)
    assert r.headers["content-type"].startswith("application/json")


def test_the_replay_viewers_bad_parameters_and_uploads(client: TestClient) -> None:
    from muraglia.web.replay import REPLAY_BODY

    r = client.post("/replay", data={"text": "junk"}, headers=HTML)
    assert r.status_code == 400
    assert "tenhou.net/6 JSON or an mjai log" in r.text  # every format read (report 14)
    from tests.web.test_replay import _played

    text, _ = _played("mcr", 1)
    r = client.post("/replay", files={"file": ("g.jsonl", text.encode())}, follow_redirects=False)
    loc = r.headers["location"]
    for query, status, said in (
        ("step=abc", 400, "step must be a whole number, got &#39;abc&#39;"),
        ("seat=7", 400, "seat &#39;7&#39; is not one of all, 0, 1, 2, 3"),
        ("review=9", 400, "review seat &#39;9&#39; is not one of none, 0, 1, 2, 3"),
    ):
        r = client.get(f"{loc}?{query}", headers=HTML)
        assert r.status_code == status, query
        assert 'id="error"' in r.text
        assert said in r.text, r.text[-1500:]
    big = b"x" * (REPLAY_BODY + 10)
    r = client.post("/replay", files={"file": ("big.jsonl", big)}, headers=HTML)
    assert r.status_code == 413
    assert 'id="error"' in r.text
    assert "request body over 4 MB" in r.text
    r = client.post("/api/replay", content=big)
    assert r.status_code == 413
    assert r.json()["ok"] is False


def test_blank_fields_of_another_rulesets_form_are_the_defaults() -> None:
    """Switching ruleset sends the old form's blank options: they are not errors."""
    from muraglia.web.forms import options_spec

    assert options_spec("fimj", {"opt.open_tanyao": "", "opt.kiriage": ""}) == "fimj"
    assert options_spec("fimj", {"opt.kiriage": "true"}) == "fimj(kiriage=true)"


def test_the_live_preview_reads_the_ruleset_and_the_icon_is_served(client: TestClient) -> None:
    """A red five in FIMJ is named while typing (report 22); /favicon.ico is no 404 (23)."""
    r = client.get("/fragment/hand?lang=en&rules=fimj&hand=0m123p")
    assert "red five &#39;0m&#39; in a ruleset without red fives" in r.text
    r = client.get("/fragment/hand?lang=en&rules=riichi-ema&hand=0m123p")
    assert "red five" not in r.text
    assert 'class="hand"' in r.text
    for path in ("/favicon.ico", "/favicon.svg"):
        r = client.get(path)
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("image/svg+xml")
    assert 'rel="icon" href="/favicon.svg"' in client.get("/").text


def test_units_agree_with_their_number() -> None:
    """``1 double`` / ``1 raddoppio``, never ``1 doubles`` (report 18)."""
    from muraglia.web.i18n import unit_name

    assert unit_name("en", "doubles", 1) == "double"
    assert unit_name("en", "doubles", 3) == "doubles"
    assert unit_name("it", "doubles", 1) == "raddoppio"
    assert unit_name("it", "points", 2) == "punti"
    assert unit_name("it", "han", 2) == "han"


@pytest.mark.parametrize("rules", ["fimj", "riichi-ema", "mcr", "seipalle", "ravenna"])
def test_every_flag_has_its_meaning_in_italian(rules: str) -> None:
    from muraglia.rulesets import load_ruleset

    client = TestClient(create_app("sqlite://"))  # no language cookie from another test

    ruleset = load_ruleset(rules)
    assert set(ruleset.flags_it) == set(ruleset.flags)
    for flag, meaning in ruleset.flags_it.items():
        assert meaning
        assert meaning != ruleset.flags[flag]
    if ruleset.flags:
        flag, meaning = next(iter(ruleset.flags_it.items()))
        page = client.get(f"/?rules={rules}", headers={"Accept-Language": "it"}).text
        assert meaning.replace("'", "&#39;") in page
        english = client.get(f"/?rules={rules}", headers={"Accept-Language": "en"}).text
        assert ruleset.flags[flag].replace("'", "&#39;") in english


def test_a_form_page_with_an_input_error_answers_400(client: TestClient) -> None:
    # the same message as the API's, on the page, with a 4xx (the brief: bad input is a 4xx)
    bad = client.get(
        "/?rules=fimj&hand=123m456m789s11p34p%2B5p&win=tsumo&seat_wind=S&flag=first_turn"
    )
    assert bad.status_code == 400
    assert "FIMJ-MAX-M03" in bad.text
    assert client.get("/?rules=fimj").status_code == 200  # an empty form is no error
    assert client.get(f"/?rules=riichi-ema&hand={HAND.replace('+', '%2B')}").status_code == 200
    settle = client.get("/settle?rules=fimj&winners=S&hand.S=123m")
    assert settle.status_code == 400
