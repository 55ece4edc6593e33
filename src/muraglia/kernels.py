"""The one rule for loading the optional compiled kernels.

Every hot module keeps its pure-Python code as the reference and fallback and may have a C
twin (``_cnotation``, ``analysis/_cshanten``, ``rulesets/riichi_ema/_criichi``,
``rulesets/mcr/_cmcr``, ``scoring/_cjson``, ``engine/_cdeal``), built by ``setup.py`` when a
C compiler is present. :func:`compiled` is how each of them is looked up: ``None`` when
``MURAGLIA_PURE`` is set to anything but ``0`` (the pure path forced) or when the kernel is
not built; the module's own set-up (handing over its declarations) stays with the module.

>>> import os
>>> saved = os.environ.get("MURAGLIA_PURE")
>>> os.environ["MURAGLIA_PURE"] = "1"
>>> pure_forced(), compiled("muraglia._cnotation") is None
(True, True)
>>> os.environ["MURAGLIA_PURE"] = "0"
>>> pure_forced(), compiled("muraglia._no_such_kernel") is None
(False, True)
>>> _ = os.environ.pop("MURAGLIA_PURE") if saved is None else os.environ.update(MURAGLIA_PURE=saved)
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

__all__ = ["compiled", "pure_forced"]


def pure_forced() -> bool:
    """Whether ``MURAGLIA_PURE`` asks for the pure-Python path (set, and not ``0``)."""
    return os.environ.get("MURAGLIA_PURE", "") not in ("", "0")


def compiled(name: str) -> ModuleType | None:
    """The compiled module ``name`` (dotted); ``None`` if the pure path is forced or not built."""
    if pure_forced():
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None
