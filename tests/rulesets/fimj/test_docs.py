"""The generated rules reference ``docs/rulesets/fimj.md`` is in sync with the pattern table."""

from __future__ import annotations

from pathlib import Path

from muraglia.rulesets.fimj import reference_markdown
from muraglia.rulesets.fimj.patterns import PATTERNS

DOC = Path(__file__).parents[3] / "docs" / "rulesets" / "fimj.md"


def test_docs_in_sync() -> None:
    assert DOC.read_text(encoding="utf-8") == reference_markdown(), (
        "regenerate docs/rulesets/fimj.md"
    )


def test_docs_list_every_pattern() -> None:
    text = reference_markdown()
    for p in PATTERNS:
        assert f"`{p.id}`" in text
        assert p.ref in text
