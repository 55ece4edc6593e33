"""Every registered ruleset honours the registry/CLI contract (interfaces.md §1, DESIGN §7)."""

from __future__ import annotations

import importlib

import pytest

from muraglia.errors import RulesetError
from muraglia.rulesets import ALIASES, REGISTRY, load_ruleset, parse_spec, resolve
from muraglia.rulesets.base import RulesetProtocol


def available() -> list[str]:
    out = []
    for rid, module in REGISTRY.items():
        try:
            importlib.import_module(module)
        except ModuleNotFoundError:
            continue
        out.append(rid)
    return out


def test_interface_ids_and_aliases() -> None:  # interfaces.md §1
    assert list(REGISTRY) == ["fimj", "riichi-ema", "riichi-tenhou", "mcr", "seipalle", "ravenna"]
    assert ALIASES == {
        "italian": "fimj", "fimj-2001": "fimj", "ema": "riichi-ema",
        "riichi-ema-2008": "riichi-ema", "tenhou": "riichi-tenhou",
        "chinese-official": "mcr", "mcr-1998": "mcr", "riichi-italian": "seipalle",
        "ravenna-200-400": "ravenna",
    }  # fmt: skip


@pytest.mark.parametrize("rid", available())
def test_ruleset_protocol(rid: str) -> None:
    ruleset = load_ruleset(rid)
    assert isinstance(ruleset, RulesetProtocol)
    assert ruleset.id == rid or rid in getattr(type(ruleset), "presets", {})
    assert isinstance(ruleset.version, int)
    assert ruleset.version >= 1
    rows = ruleset.describe()
    assert rows, rid
    ids = [r["id"] for r in rows]
    assert len(ids) == len(set(ids)), "pattern ids are unique"
    for r in rows:
        assert r.get("en"), r["id"]
        assert r.get("it"), r["id"]
        assert r.get("ref"), r["id"]


@pytest.mark.parametrize("rid", available())
def test_aliases_load_the_same_ruleset(rid: str) -> None:
    for alias, target in ALIASES.items():
        if target == rid:
            assert type(load_ruleset(alias)) is type(load_ruleset(rid))


@pytest.mark.parametrize("rid", available())
def test_unknown_option_lists_valid_ones(rid: str) -> None:
    with pytest.raises(RulesetError, match="valid"):
        load_ruleset(f"{rid}(no_such_option=1)")


@pytest.mark.parametrize(
    ("spec", "message"),
    [("nope", "unknown ruleset"), ("fimj(limit=2000", "missing"), ("fimj(limit)", "key=value"),
     ("fimj(limit=abc)", "expected an integer")],
)  # fmt: skip
def test_bad_specs(spec: str, message: str) -> None:
    with pytest.raises(RulesetError, match=message):
        load_ruleset(spec)


def test_parse_spec_and_resolve() -> None:
    assert parse_spec("ITALIAN(limit=2000)") == ("fimj", {"limit": "2000"})
    assert resolve(" Tenhou ") == "riichi-tenhou"
    assert load_ruleset("fimj(limit=2000)").options.limit == 2000
