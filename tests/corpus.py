"""Where the tests find the Tenhou validation corpus.

A copy of ``../shared/data/tenhou`` (the mjx project's test records, MIT licence, see
``tests/data/tenhou/LICENSE-mjx``) lives in ``tests/data/tenhou``, so that a clean clone checks
all 675 hands without anything beside it. ``MURAGLIA_TENHOU_DATA`` names another folder holding
``mjlog/`` and ``mjscore/`` (for example a larger corpus).
"""

from __future__ import annotations

import os
from pathlib import Path

BUNDLED = Path(__file__).resolve().parent / "data" / "tenhou"


def tenhou_data() -> Path:
    """The Tenhou corpus: ``$MURAGLIA_TENHOU_DATA`` if set, else ``tests/data/tenhou``."""
    env = os.environ.get("MURAGLIA_TENHOU_DATA")
    if env:
        return Path(env).expanduser().resolve()
    return BUNDLED
