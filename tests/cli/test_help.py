"""Every command and option says what it does (issue #15)."""

from __future__ import annotations

import argparse

import pytest

from muraglia.cli import build_parser, main


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_every_command_and_option_has_a_help_text() -> None:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for choice in action._choices_actions:
        assert choice.help, choice.dest
    for name, sub in _subparsers().items():
        for a in sub._actions:
            assert a.help, (name, a.option_strings or a.dest)
            assert a.help != argparse.SUPPRESS, (name, a.option_strings or a.dest)


@pytest.mark.parametrize("name", ["analyze", "score", "settle", "rules", "play", "simulate"])
def test_every_command_has_a_description_with_an_example(name: str) -> None:
    assert _subparsers()[name].description


def test_score_help_shows_defaults_and_each_rulesets_flags(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["score", "--help"]) == 0
    out = capsys.readouterr().out
    assert "(default: riichi-ema)" in out
    assert "(default: ron)" in out
    for line in ("fimj: ", "riichi-ema: ", "mcr: ", "seipalle: ", "ravenna: (none)"):
        assert line in out
    assert "ippatsu" in out.split("riichi-ema: ")[1].splitlines()[0]


def test_rules_id_lists_options_flags_and_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "fimj(limit=2000)"]) == 0
    out = capsys.readouterr().out
    for part in ("limit = ", "now 2000", "flags", "robbing_kong", "statuses", "great_lord"):
        assert part in out
    assert main(["rules", "riichi-ema", "--json"]) == 0
    import json

    data = json.loads(capsys.readouterr().out)
    uma = next(o for o in data["options"] if o["name"] == "uma")
    assert uma["default"] == uma["value"]
    assert "riichi" in data["flags"]
    assert "chombo" in data["statuses"]
