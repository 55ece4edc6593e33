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
