"""Build script: the optional C accelerator of muraglia (everything else is in pyproject.toml).

``muraglia._cnotation`` (the hand notation scanner's fast path),
``muraglia.analysis._cshanten`` (shanten kernels), ``muraglia.rulesets.riichi_ema._criichi``
(the table-driven riichi scorer), ``muraglia.rulesets.mcr._cmcr`` (the MCR scorer's
decompositions, readings, waits, plan loop and resolution), ``muraglia.scoring._cjson`` (the
encoder of the ``--json``/``--jsonl`` output lines) and ``muraglia.engine._cdeal`` (the
engine's turn loop: legal actions, claim windows, discards and draws) are compiled when a C
compiler and the Python headers are present. If the build fails for any reason the package
still installs, runs in pure Python with the same results, and this prints ONE notice saying
so (``pip install -v`` shows build output; ``python -c "import muraglia.analysis.shanten as s;
print(s.NATIVE)"``, ``muraglia.notation.NATIVE``, ``muraglia.rulesets.riichi_ema.fast.NATIVE``,
``muraglia.rulesets.mcr.native.NATIVE``, ``muraglia.scoring.result.NATIVE_JSON`` and
``muraglia.engine.legal.NATIVE`` tell which path is in use). ``MURAGLIA_PURE=1`` at run time
ignores a built accelerator.
"""

from __future__ import annotations

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NOTICE = (
    "muraglia: NOTICE: the optional C accelerator (muraglia._cnotation, "
    "muraglia.analysis._cshanten, "
    "muraglia.rulesets.riichi_ema._criichi, muraglia.rulesets.mcr._cmcr, "
    "muraglia.scoring._cjson, muraglia.engine._cdeal) was not built "
    "({reason}); muraglia is installed in pure Python, with the same results and slower "
    "notation parsing, shanten, riichi and MCR scoring, JSON output and engine turns. To build it, "
    "install a C compiler and the Python development headers, then reinstall."
)


class OptionalBuildExt(build_ext):
    """``build_ext`` whose failure leaves a working pure-Python install and one notice."""

    failed = False

    def _notice(self, exc: BaseException) -> None:
        if not OptionalBuildExt.failed:
            OptionalBuildExt.failed = True
            reason = f"{type(exc).__name__}: {exc}".strip().splitlines()[0][:200]
            print(NOTICE.format(reason=reason), file=sys.stderr, flush=True)

    def run(self) -> None:
        """Build the extensions; a failure leaves the notice instead."""
        try:
            super().run()
        except Exception as exc:
            self._notice(exc)

    def build_extension(self, ext: Extension) -> None:
        """Build one extension; a failure leaves the notice instead."""
        try:
            super().build_extension(ext)
        except Exception as exc:
            self._notice(exc)


setup(
    ext_modules=[
        Extension(
            "muraglia._cnotation",
            sources=["src/muraglia/_cnotation.c"],
            optional=True,
        ),
        Extension(
            "muraglia.analysis._cshanten",
            sources=["src/muraglia/analysis/_cshanten.c"],
            optional=True,
        ),
        Extension(
            "muraglia.rulesets.riichi_ema._criichi",
            sources=["src/muraglia/rulesets/riichi_ema/_criichi.c"],
            optional=True,
        ),
        Extension(
            "muraglia.rulesets.mcr._cmcr",
            sources=["src/muraglia/rulesets/mcr/_cmcr.c"],
            optional=True,
        ),
        Extension(
            "muraglia.scoring._cjson",
            sources=["src/muraglia/scoring/_cjson.c"],
            optional=True,
        ),
        Extension(
            "muraglia.engine._cdeal",
            sources=["src/muraglia/engine/_cdeal.c"],
            optional=True,
        ),
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)
