"""The committed `docs/rulesets/ravenna.md` matches the pattern table (DESIGN §16)."""

from __future__ import annotations

from pathlib import Path

from muraglia.rulesets.ravenna import RavennaRules

DOC = Path(__file__).parents[3] / "docs" / "rulesets" / "ravenna.md"


def test_docs_in_sync() -> None:
    assert DOC.read_text() == RavennaRules().reference_markdown(), (
        "regenerate docs/rulesets/ravenna.md"
    )
