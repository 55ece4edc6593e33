"""docs/adding-a-ruleset.md, walked through literally (issue 13).

The page's ``python file=...`` blocks are written, exactly as named, into a ``toy`` package on
the path of ``muraglia.rulesets``; its ``python registry`` block is executed on the registry's
own ``REGISTRY`` and ``ALIASES`` (restored afterwards); its ``python use`` block plays a seeded
deal through the engine, scores a hand with ``muraglia.score`` and settles a deal through the
``muraglia settle`` entry point, and must print the page's ``text output`` block. Then the
contract suite's checks run on the registered toy ruleset.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.engine.helpers import check_deal, choose

from muraglia import rulesets
from muraglia.engine import Game
from muraglia.rulesets import load_ruleset, ruleset_for
from muraglia.rulesets.base import DealFlow, TableRules
from muraglia.scoring.patterns import parse_example

DOC = Path(__file__).resolve().parents[2] / "docs" / "adding-a-ruleset.md"
FENCE = re.compile(r"^```(\w+) ?([^\n]*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def _blocks() -> list[tuple[str, str, str]]:
    """(language, info, body) of every fenced block of the page, in order."""
    return [(m[1], m[2].strip(), m[3]) for m in FENCE.finditer(DOC.read_text(encoding="utf-8"))]


def _one(info: str) -> str:
    found = [body for _, i, body in _blocks() if i == info]
    assert len(found) == 1, f"docs/adding-a-ruleset.md needs exactly one block {info!r}"
    return found[0]


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The page's package, registered as its step 2 says; everything restored afterwards."""
    files = {info.removeprefix("file="): body for _, info, body in _blocks() if info[:5] == "file="}
    assert set(files) == {
        f"toy/{n}.py" for n in ("__init__", "options", "patterns", "ruleset", "flow")
    }
    for name, body in files.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(body, encoding="utf-8")
    monkeypatch.setattr(rulesets, "__path__", [*rulesets.__path__, str(tmp_path)])
    monkeypatch.setattr(rulesets, "REGISTRY", dict(rulesets.REGISTRY))
    monkeypatch.setattr(rulesets, "ALIASES", dict(rulesets.ALIASES))
    exec(_one("registry"), {"REGISTRY": rulesets.REGISTRY, "ALIASES": rulesets.ALIASES})
    try:
        yield
    finally:
        for name in [m for m in sys.modules if m.startswith("muraglia.rulesets.toy")]:
            del sys.modules[name]
        for table in (rulesets._BY_TEXT, rulesets._BY_KEY):  # the shared toy objects
            for key in [k for k in table if "toy" in str(k) or "giocattolo" in str(k)]:
                del table[key]


@pytest.mark.usefixtures("toy")
def test_the_page_played_literally_prints_what_it_says() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(_one("use"), {"__name__": "adding_a_ruleset"})
    assert out.getvalue() == _one("output")


@pytest.mark.usefixtures("toy")
def test_the_toy_ruleset_meets_the_contract() -> None:
    """What tests/rulesets/test_contract.py checks of every registered ruleset."""
    assert "toy" in rulesets.ids()
    assert rulesets.resolve("giocattolo") == "toy"
    ruleset = load_ruleset("toy")
    assert type(ruleset).__module__ == "muraglia.rulesets.toy.ruleset"
    assert load_ruleset("toy(mahjong=25)").options.mahjong == 25  # type: ignore[attr-defined]
    for pattern in ruleset.patterns:
        assert {"it", "en"} <= set(pattern.names)
        assert pattern.examples, pattern.id
        for example in pattern.examples:
            hand, situation = parse_example(example)
            result = ruleset_for("toy").score(hand, **situation)
            assert result.valid, example
            assert pattern.id in {a.id for a in result.awards}, example
    assert not ruleset.score("123m456p789s123s1z+4z").valid  # not a complete hand
    flow = ruleset.flow()
    assert isinstance(flow, DealFlow)
    assert isinstance(flow.table, TableRules)
    for seed in range(3):  # whole seeded matches: every invariant, zero-sum scores
        rng = random.Random(seed)
        match = Game(ruleset, seed=seed).new_match()
        while not match.over:
            deal = match.deal
            match.apply(choose(rng, match.legal_actions(match.to_act[0])))
            check_deal(deal)
        assert match.deals_played == 4
        assert sum(match.scores) == 0
