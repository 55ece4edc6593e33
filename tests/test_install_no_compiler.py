"""Installing without a C compiler: one clear notice, a working pure-Python package (issue 19).

The acceptance of issue 19 asks that an install on a machine without a compiler succeeds, says
so once, and runs pure Python. This test copies the source tree (without any built extension),
makes a fresh virtual environment that sees the running environment's packages (pip and the
dependencies), hides the compiler (``CC`` is a program that fails, and ``PATH`` holds no
working ``cc``/``gcc``), installs the copy with ``pip install -v --no-deps`` and checks:

- pip succeeds and its output holds exactly one ``muraglia: NOTICE`` line about the
  accelerator not being built;
The build runs without isolation, on the environment's setuptools, when that is recent enough
for ``pyproject.toml`` (``setuptools>=77``, in the ``dev`` extra: CI's case, no download);
otherwise pip makes its usual isolated build environment (setuptools from the index).

- in the new environment ``muraglia`` is the installed copy, ``shanten.NATIVE`` and
  ``mcr.native.NATIVE`` and ``notation.NATIVE`` are false (no ``_cshanten``/``_cmcr``/
  ``_cnotation`` module was installed) and
  ``muraglia.analyze`` and MCR's ``muraglia.score`` answer.
"""

from __future__ import annotations

import importlib.metadata
import os
import shutil
import site
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow

CHECK = textwrap.dedent(
    """
    import sys
    import muraglia
    import muraglia.analysis.shanten as shanten
    import muraglia.notation as notation
    import muraglia.rulesets.mcr.native as mcr_native
    a = muraglia.analyze("123m456p789s1122z")
    print(muraglia.__file__)
    print(shanten.NATIVE, mcr_native.NATIVE, notation.NATIVE)
    print(a.shanten)
    print(muraglia.score("123m456m789m123p55s+5s", rules="mcr").value)
    """
)


MIN_SETUPTOOLS = 77
"""``build-system.requires`` of ``pyproject.toml`` (the PEP 639 ``license`` string)."""


def _setuptools_major() -> int:
    try:
        return int(importlib.metadata.version("setuptools").split(".")[0])
    except (importlib.metadata.PackageNotFoundError, ValueError):
        return 0


def _copy_tree(dst: Path) -> None:
    """The files a source checkout installs from, without built or cached artefacts."""
    ignore = shutil.ignore_patterns(
        "__pycache__", "*.so", "*.pyd", "*.pyc", "*.egg-info", "build", "node_modules"
    )
    shutil.copytree(ROOT / "src", dst / "src", ignore=ignore)
    for name in ("setup.py", "pyproject.toml", "MANIFEST.in", "README.md"):
        shutil.copy2(ROOT / name, dst / name)


def _bin_without_compiler(tmp: Path) -> Path:
    """A PATH folder with links to the tools pip may call, and a failing ``cc``/``gcc``."""
    folder = tmp / "bin"
    folder.mkdir()
    fail = folder / "cc"
    fail.write_text("#!/bin/sh\necho 'cc: hidden by the no-compiler test' >&2\nexit 1\n")
    fail.chmod(0o755)
    for name in ("gcc", "x86_64-linux-gnu-gcc", "clang"):
        (folder / name).symlink_to(fail)
    for tool in ("sh", "uname", "ldconfig"):
        found = shutil.which(tool)
        if found is not None:
            (folder / tool).symlink_to(found)
    return folder


def test_install_without_a_compiler_is_pure_python_with_one_notice(tmp_path: Path) -> None:
    src = tmp_path / "checkout"
    _copy_tree(src)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    # the running environment's packages (pip, setuptools, the dependencies), after the
    # venv's own site-packages: what is installed there comes first
    outer = [*site.getsitepackages(), sysconfig.get_paths()["purelib"]]
    if site.ENABLE_USER_SITE:  # a `pip install --user` environment
        outer.append(site.getusersitepackages())
    Path(purelib, "_outer_env.pth").write_text("\n".join(dict.fromkeys(outer)) + "\n")

    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MURAGLIA_PURE", "CC")}
    cc = str(_bin_without_compiler(tmp_path) / "cc")
    env |= {
        "PATH": str(tmp_path / "bin") + os.pathsep + str(venv / "bin"),
        "CC": cc,
        "CXX": cc,
        "LDSHARED": cc + " -shared",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "PIP_ROOT_USER_ACTION": "ignore",
    }
    isolation: list[str] = []
    if _setuptools_major() >= MIN_SETUPTOOLS:  # build on this environment's setuptools
        isolation = ["--no-build-isolation"]
        env["PIP_NO_INDEX"] = "1"
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "-v", *isolation, "--no-deps", "."],
        cwd=src,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-3000:]
    notices = [line for line in output.splitlines() if "muraglia: NOTICE" in line]
    assert len(notices) == 1, notices
    assert "C accelerator" in notices[0]
    assert "pure Python" in notices[0]

    run = subprocess.run(
        [str(python), "-c", CHECK],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    where, native, mcr_native, notation_native, shanten, mcr_fan = run.stdout.split()
    assert Path(where).is_relative_to(venv), where
    assert (native, mcr_native, notation_native) == ("False", "False", "False")
    assert shanten == "0"
    assert mcr_fan == "22"  # MCR scored by the pure-Python references
    installed = Path(where).parent
    assert not list(installed.glob("**/_c*.so")), "an accelerator was installed"
