"""Seipalle's options and what it accepts: flags, penalty statuses, input keys (issue 14)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from muraglia.scoring.accepts import InputRules

__all__ = ["FLAGS", "INPUTS", "KNOWN_FLAGS", "STATUSES", "SeipalleOptions"]


@dataclass(frozen=True)
class SeipalleOptions:
    """Optional rules of ``seipalle(...)``."""

    tournament: bool = False
    """East always passes (SEI-GAME-2); used by the engine's flow."""


FLAGS: Mapping[str, tuple[str, str]] = {
    "riichi": ("SEI-DBL-D30", "won after riichi"),
    "double_riichi": ("SEI-DBL-D31", "riichi declared on the first turn"),
    "robbing_kong": ("SEI-DBL-D32", "won by robbing a kong"),
    "replacement": ("SEI-DBL-D33", "winning tile drawn from the dead wall"),
    "last_tile": ("SEI-DBL-D34", "won with the last tile of the wall"),
    "last_discard": ("SEI-DBL-D35", "won on the last discard"),
    "first_turn": ("SEI-DBL-D36/D37", "exit of the Gods (East) or of the Earth, self-drawn"),
}
"""Situation flags: flag → (rule, meaning)."""

FLAGS_IT: dict[str, str] = {
    "riichi": "chiusura dopo il riichi",
    "double_riichi": "riichi dichiarato al primo turno",
    "robbing_kong": "chiusura rubando un kong",
    "replacement": "pedina vincente pescata sul tetto (muro morto)",
    "last_tile": "chiusura con l'ultima pedina del muro",
    "last_discard": "chiusura sull'ultimo scarto",
    "first_turn": "uscita degli Dei (Est) o della Terra, pescando",
}
"""The meanings of :data:`FLAGS` in Italian."""

KNOWN_FLAGS = frozenset(FLAGS)
"""Flags this ruleset reads (SEI-DBL-D29…D37)."""

STATUSES: Mapping[str, Mapping[str, str]] = {
    "false_mahjong": {
        "en": "false Mah-Jong: excluded from the hand, cannot win (SEI-GAME-4)",
        "it": "falso Mah-Jong: escluso dalla mano, non può chiudere",
    },
    "false_riichi": {
        "en": "false riichi: excluded from the hand, cannot win (SEI-GAME-4)",
        "it": "falso riichi: escluso dalla mano, non può chiudere",
    },
}
"""Per-seat penalty statuses; only the winner is paid, so they only forbid winning."""

INPUTS = InputRules(
    "seipalle",
    flags=FLAGS,
    flags_it=FLAGS_IT,
    statuses=STATUSES,
    chow_sources=("<", ""),
    chow_rule="SEI-PLAY-1",
    score_keys=(
        "hand",
        "win",
        "seat_wind",
        "round_wind",
        "flags",
        "dora",
        "discarder",
        "dealer",
        "riichi_sticks",
    ),
    settle_keys=(
        "winners",
        "discarder",
        "hands",
        "round_wind",
        "dealer",
        "flags",
        "dora",
        "riichi_sticks",
        "riichi",
        "status",
        "discards",
    ),
    notes=(
        "No ura-dora and no red fives (SEI-DORA-2: the seed's only indicators are those "
        'turned up on the wall, "una all\'inizio, poi una ogni poker formato"): `ura` and a '
        "red five `0m`/`0p`/`0s` are errors.",
        "No flowers or seasons (SEI-EQUIP-1) and no counters: bonus tiles and `honba` are refused.",
        "`riichi_sticks`: the stakes already on the table (the engine, which takes a stake "
        "when riichi is declared, counts this deal's); the first winner after the discarder "
        "takes them (SEI-RIICHI-6, SEI-PAY-5, SEI-GAP-24): a transfer from `table` in "
        "`transfers`, `net` and `payments`.",
        "`riichi` (settle, optional): the seats that declared riichi in this deal and whose "
        "stakes this settlement puts on the table (SEI-RIICHI-3), as a score sheet records "
        "them: a transfer to `table` each, collected with `riichi_sticks` by the winner or "
        "left on the table by a void deal (SEI-RIICHI-6). A winner's `riichi`/`double_riichi` "
        "flag and the list must agree.",
    ),
)
"""What ``seipalle`` accepts: flags, statuses, chows from the left, input keys."""
