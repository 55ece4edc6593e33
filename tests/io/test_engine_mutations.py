"""Acceptance of issue 16: the Tenhou check tests the engine itself.

Removing one situational fact from the engine's legal-action code (``engine/legal.py``) makes
the corpus check fail: the replay has no rule tracker of its own, so the engine's facts are
the only source of the flags that score the recorded wins. Each mutation is checked on the
corpus records whose recorded yaku show the situation (Tenhou yaku ids).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from muraglia.engine import legal
from muraglia.io import tenhou as th
from muraglia.io.tenhou_replay import check_records
from tests.corpus import tenhou_data

MJLOG = tenhou_data() / "mjlog"

MUTATIONS: dict[str, tuple[str, str, frozenset[int]]] = {
    # fact: (function of engine/legal.py that yields it, the fact, Tenhou yaku ids showing it)
    "ippatsu": ("riichi_facts", "ippatsu", frozenset({2})),
    "double_riichi": ("riichi_facts", "double_riichi", frozenset({21})),
    "replacement": ("facts_self", "replacement", frozenset({4})),
    "robbing_kong": ("facts_discard", "robbing_kong", frozenset({3})),
    "first_turn": ("facts_self", "first_turn", frozenset({37, 38})),
}


def _records_with(ids: frozenset[int]) -> list[Path]:
    out = []
    for path in sorted(MJLOG.glob("*.mjlog")):
        for rnd in th.load(path).rounds:
            for r in rnd.results:
                if isinstance(r, th.Agari) and ({i for i, h in r.yaku if h} | set(r.yakuman)) & ids:
                    out.append(path)
                    break
            else:
                continue
            break
    return out


def _without(func: Callable[..., Any], fact: str) -> Callable[..., Any]:
    def mutated(*args: Any, **kwargs: Any) -> Any:
        facts = func(*args, **kwargs)
        return type(facts)(f for f in facts if f != fact)

    return mutated


@pytest.mark.skipif(not MJLOG.is_dir(), reason="Tenhou corpus not present")
@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_removing_an_engine_fact_fails_the_corpus_check(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    func, fact, ids = MUTATIONS[name]
    paths = _records_with(ids)
    assert paths, f"the corpus shows no {name}"
    assert check_records(paths).ok  # the engine as it is: every hand matches
    monkeypatch.setattr(legal, func, _without(getattr(legal, func), fact))
    report = check_records(paths)
    assert not report.ok
    assert report.mismatches or report.errors
