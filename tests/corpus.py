"""Where the tests find the shared validation corpora (``../shared/data`` beside the checkout).

``MURAGLIA_TENHOU_DATA`` overrides the Tenhou corpus folder (the one holding ``mjlog/`` and
``mjscore/``) for checkouts laid out differently; CI uses the default layout.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def tenhou_data() -> Path:
    """The Tenhou corpus: ``$MURAGLIA_TENHOU_DATA`` if set, else ``../shared/data/tenhou``."""
    env = os.environ.get("MURAGLIA_TENHOU_DATA")
    if env:
        return Path(env).expanduser().resolve()
    return ROOT.parent / "shared" / "data" / "tenhou"
