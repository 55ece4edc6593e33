"""muraglia: mahjong rules engine, scorer and bot arena for FIMJ, EMA Riichi, MCR, Seipalle, Ravenna."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("muraglia")
except PackageNotFoundError:  # pragma: no cover - running from a source tree without install
    __version__ = "0.0.0"

__all__ = ["__version__"]
