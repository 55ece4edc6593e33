"""Options of ``mcr``: the dataclass (spec MCR-CONF), the situational flags, the statuses."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

__all__ = ["FLAGS", "STATUSES", "STATUS_ALIASES", "McrOptions"]

FLAGS: Mapping[str, str] = {
    "last_tile": "won on the last tile of the wall (self-drawn: Last Tile Draw, MCR-FAN-40) "
    "or on the discard after it (Last Tile Claim, MCR-FAN-41)",
    "replacement": "self-drawn on a kong's replacement tile (MCR-FAN-42); not for flowers",
    "robbing_kong": "won on a tile added to a melded pung (MCR-FAN-43)",
    "last_of_kind": "the other three copies of the winning tile were visible (MCR-FAN-27)",
}
"""Situational flags read by the fans."""

FLAGS_IT: Mapping[str, str] = {
    "last_tile": "chiusura sull'ultima pedina del muro (pescata: Last Tile Draw, MCR-FAN-40) "
    "o sullo scarto successivo (Last Tile Claim, MCR-FAN-41)",
    "replacement": "pescata sulla pedina di rimpiazzo di un kong (MCR-FAN-42); non per i fiori",
    "robbing_kong": "chiusura su una pedina aggiunta a un pung esposto (MCR-FAN-43)",
    "last_of_kind": "gli altri tre esemplari della pedina vincente erano visibili (MCR-FAN-27)",
}
"""The meanings of :data:`FLAGS` in Italian."""

STATUSES: Mapping[str, Mapping[str, str]] = {
    "false_win": {
        "en": "false win (hu): pays 10 to each other player and may not win this hand",
        "it": "falsa chiusura (hu): paga 10 a ogni altro giocatore e non può chiudere",
    },
}
"""Penalty statuses of ``muraglia settle`` (aliases ``false_hu``, ``false_mahjong``)."""
STATUS_ALIASES = {"false_win": "false_win", "false_hu": "false_win", "false_mahjong": "false_win"}
"""Accepted spellings of each status."""


@dataclass(frozen=True)
class McrOptions:
    """Optional rules (spec MCR-CONF) and the edition's fan values."""

    edition: Literal[1998, 2006] = 1998
    """1998: the seed's (Green Book) values; 2006: WMO values where they differ."""
    two_kongs_mixed: Literal[3, 4, 5] = 4
    """A melded plus a concealed kong: 4 = Two Kongs (MCR-GAP-4); 3 = Melded Kong + Concealed
    Kong (GB strict); 5 = Two Kongs worth 5."""
    seven_pairs_all_types: bool = False
    """Seven Pairs may score All Types (MCR-GAP-6)."""
    single_wait_four_concealed: bool = True
    """Four Concealed Pungs keeps Single Wait (MCR-GAP-10)."""
