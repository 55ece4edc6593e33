"""The committed `docs/rulesets/mcr.md` matches `muraglia rules mcr --format md` (DESIGN §16)."""

from __future__ import annotations

from pathlib import Path

from muraglia.rulesets import load_ruleset

DOC = Path(__file__).parents[3] / "docs" / "rulesets" / "mcr.md"


def test_docs_in_sync() -> None:
    assert DOC.read_text() == load_ruleset("mcr").reference_markdown(), (
        "regenerate: muraglia rules mcr --format md > docs/rulesets/mcr.md"
    )


def test_docs_list_every_fan() -> None:
    text = DOC.read_text()
    for n in range(1, 82):
        assert f"MCR-FAN-{n:02d}" in text
