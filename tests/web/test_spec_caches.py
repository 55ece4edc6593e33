"""The web layer's per-ruleset-spec memos are bounded (issue 17 review).

A ruleset spec reaches them from an uploaded record (``io.stepper``: the header's ruleset and
its options), so there are as many as a client cares to send (``fimj(limit=10)``,
``fimj(limit=20)``, ...): every entry kept would hold a ruleset and its deal flow forever.
"""

from __future__ import annotations

from muraglia.web import narrate, table_view

SPECS = [f"fimj(limit={10 * n})" for n in range(1, 301)]


def test_the_win_names_memo_is_bounded() -> None:
    for spec in SPECS:
        assert narrate.win_name(spec, "en", self_drawn=True) == "Mah-Jong"
    assert narrate._family.cache_info().currsize <= 64
    assert narrate.win_name("riichi-tenhou", "en", self_drawn=True) == "Tsumo"


def test_the_deal_flow_memo_is_bounded() -> None:
    for spec in SPECS:
        assert table_view.flow_of(spec) is not None
    assert table_view.flow_of("no-such-rules") is None
    assert table_view.flow_of.cache_info().currsize <= 64
