"""The web application serves the tournament manager's pages (`/tournaments`, interfaces.md)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from muraglia.web import create_app


def test_the_app_mounts_the_tournament_pages() -> None:
    app = create_app("sqlite://")
    client = TestClient(app)
    listing = client.get("/tournaments")
    assert listing.status_code == 200
    assert "/tournaments" in client.get("/").text  # linked from every page's navigation
    assert client.get("/tournaments/999").status_code == 404
