"""The committed `docs/rulesets/seipalle.md` matches the pattern table (DESIGN §16)."""

from __future__ import annotations

from pathlib import Path

from muraglia.rulesets.seipalle import SeipalleRules

DOC = Path(__file__).parents[3] / "docs" / "rulesets" / "seipalle.md"


def test_docs_in_sync() -> None:
    assert DOC.read_text() == SeipalleRules().reference_markdown(), (
        "regenerate docs/rulesets/seipalle.md"
    )
