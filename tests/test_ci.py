"""``.ci/run`` runs exactly the README's test command (issue #15).

CI may install system packages first (apt-get) and sets ``CI=true`` (as CI services do), but
the command it runs is the README's, with nothing added: no second pytest pass and no
muraglia environment switch, so what a newcomer runs is what CI checks.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_test_command() -> str:
    blocks = re.findall(r"```sh\n(.*?)```", (ROOT / "README.md").read_text(), flags=re.S)
    commands = [line for block in blocks for line in block.splitlines() if "pytest" in line]
    assert len(commands) == 1, commands
    return commands[0].strip()


def test_ci_runs_the_readme_test_command_and_nothing_else() -> None:
    script = (ROOT / ".ci" / "run").read_text()
    lines = [line.strip() for line in script.splitlines()]
    code = [line for line in lines if line and not line.startswith("#")]
    assert readme_test_command() in code
    assert sum("pytest" in line for line in code) == 1
    assert not re.search(r"\bMURAGLIA_\w+=", "\n".join(code))  # no switch set (one read is)
