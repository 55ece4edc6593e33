"""pytest's view of ``bench/`` (``python -m pytest --doctest-modules bench``).

The project imports test modules with ``--import-mode=importlib``, which leaves ``sys.path``
alone; the benchmarks are scripts that import their siblings (``bench_notation`` imports
``bench_riichi``) as they do when run from this directory, so this directory goes on the path.
"""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
