"""The engine <-> ruleset seam is typed (issue #13): a misspelt option fails ``mypy --strict``."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from mypy import api as mypy_api

SRC = Path(__file__).resolve().parents[2] / "src"

PROBE = textwrap.dedent(
    """
    from muraglia.rulesets import load_ruleset

    mcr = load_ruleset("mcr")
    ema = load_ruleset("riichi-tenhou")
    fimj = load_ruleset("fimj")
    ok: int = mcr.options.edition + ema.options.start_score + fimj.options.limit
    flow_ok: int = ema.flow().table.riichi_stake
    mcr.options.editon  # line 9: misspelt
    ema.options.red_five  # line 10: misspelt
    fimj.options.limt  # line 11: misspelt
    load_ruleset("riichi-ema(kiriage=true)").options.kiriage  # line 12: options is object
    ema.flow().table.riichi_stak  # line 13: misspelt table field
    """
)


def test_misspelt_options_fail_mypy_strict(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE)
    monkeypatch.chdir(tmp_path)  # no project config: the flags below only
    monkeypatch.setenv("MYPYPATH", str(SRC))
    out, err, status = mypy_api.run(
        ["--strict", "--cache-dir", str(tmp_path / "cache"), "probe.py"]
    )
    assert not err, err
    assert status == 1, out
    lines = {int(line.split(":")[1]) for line in out.splitlines() if ": error:" in line}
    assert lines == {9, 10, 11, 12, 13}, out
