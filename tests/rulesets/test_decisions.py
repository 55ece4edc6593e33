"""Every decided case is listed in the generated reference (issue 14).

``docs/rulesets/{fimj,ravenna,seipalle}.md`` list every case where the program follows a decision
rather than a clear rulebook line: every "Gaps and decisions" entry of the spec, and the
program's own decisions. The lists are data (``rulesets/<id>/decisions.py``); these tests keep
them complete against the spec (when the shared spec folder is at hand) and against every gap
id the ruleset's code cites.
"""

from __future__ import annotations

import os
import re
from importlib import import_module
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC_DIR = Path(os.environ.get("MURAGLIA_SPEC", ROOT.parent.parent / "shared" / "spec"))
RULESETS = {"fimj": "FIMJ", "ravenna": "RAV", "seipalle": "SEI"}


@pytest.mark.parametrize(("rid", "prefix"), RULESETS.items())
def test_every_gap_cited_in_the_code_is_listed(rid: str, prefix: str) -> None:
    decisions = import_module(f"muraglia.rulesets.{rid}.decisions")
    listed = {gid for gid, _, _ in decisions.SPEC_DECISIONS}
    package = ROOT / "src" / "muraglia" / "rulesets" / rid
    cited = {
        m
        for path in package.glob("*.py")
        if path.name != "decisions.py"
        for m in re.findall(rf"{prefix}-GAP-\d+", path.read_text(encoding="utf-8"))
    }
    assert cited, f"{rid}: no gap cited in the code?"
    assert cited <= listed, sorted(cited - listed)


@pytest.mark.parametrize(("rid", "prefix"), RULESETS.items())
def test_every_gap_of_the_spec_is_listed(rid: str, prefix: str) -> None:
    spec = SPEC_DIR / f"{rid}.md"
    if not spec.exists():
        pytest.skip(f"the shared spec is not at {spec} (set MURAGLIA_SPEC)")
    text = spec.read_text(encoding="utf-8")
    gaps = text[text.index(f"Gaps and decisions — {prefix}-GAP") :]
    in_spec = re.findall(rf"^- ({prefix}-GAP-\d+) ", gaps, flags=re.MULTILINE)
    decisions = import_module(f"muraglia.rulesets.{rid}.decisions")
    assert [gid for gid, _, _ in decisions.SPEC_DECISIONS] == in_spec


@pytest.mark.parametrize("rid", RULESETS)
def test_reference_lists_every_decision(rid: str) -> None:
    decisions = import_module(f"muraglia.rulesets.{rid}.decisions")
    doc = (ROOT / "docs" / "rulesets" / f"{rid}.md").read_text(encoding="utf-8")
    assert "## Decisions" in doc
    for gid, _, decision in decisions.SPEC_DECISIONS:
        assert f"- **{gid}** " in doc
        assert decision in doc
    for rules, _, _ in decisions.PROGRAM_DECISIONS:
        assert f"- **{rules}** " in doc
