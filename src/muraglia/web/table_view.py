"""A seat's :class:`~muraglia.engine.views.PlayerView` as the table page draws it.

Only what the view holds is used: the own concealed tiles, every seat's melds, bonus tiles,
discards (claimed ones marked), counts, indicators, winds and scores. The legal actions come
ordered and labelled: discards attach to the own tiles, the rest are buttons.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from muraglia.engine.actions import (
    Action,
    AddedKong,
    Chow,
    ConcealedKong,
    Declare,
    Discard,
    PassTiles,
    Penalise,
)
from muraglia.engine.views import PlayerView
from muraglia.errors import MahjongError
from muraglia.hand import Hand
from muraglia.rulesets import ruleset_for
from muraglia.rulesets.base import TERMS, DealFlow, wind_letter
from muraglia.scoring.result import Settlement
from muraglia.tiles import Tile
from muraglia.web.i18n import translate
from muraglia.web.tiles import tile_name

__all__ = [
    "action_label",
    "discard_notations",
    "flow_of",
    "meld_tiles",
    "order_actions",
    "own_tiles",
    "settlement_shown",
    "staked",
    "table_context",
    "term_name",
]

_RANK = {
    "win": 0,
    "pass": 1,
    "kong": 2,
    "pung": 3,
    "chow": 4,
    "concealed_kong": 5,
    "added_kong": 6,
    "declare": 7,
    "no_discard": 8,
    "penalise": 9,
    "pass_tiles": 10,
}
KEYS = "asdfghjklzxcvbnm"
"""Keyboard shortcuts of the action buttons, in order."""
DISCARD_KEYS = "1234567890-="
"""Shortcuts of the discards, left to right over the own tiles."""


def order_actions(legal: Sequence[Action]) -> list[Action]:
    """Legal actions in reading order: win, pass, calls, kongs, ..., then discards by tile."""

    def key(a: Action) -> tuple[int, int, int, int]:
        if isinstance(a, Discard):
            return (20, int(a.tile), int(a.red), int(a.riichi))
        first = int(a.tiles[0]) if isinstance(a, Chow | PassTiles) else 0
        tile = int(a.tile) if isinstance(a, ConcealedKong | AddedKong) else 0
        return (_RANK.get(a.kind, 15), first, tile, 0)

    return sorted(legal, key=key)


def _tiles(notations: Sequence[str], lang: str) -> str:
    return " ".join(tile_name(n, lang) for n in notations)


@lru_cache(maxsize=64)  # specs come from uploaded records: bounded
def flow_of(rules: str) -> DealFlow[Any] | None:
    """The deal flow of a ruleset spec, built once (None for an unknown or empty spec)."""
    if not rules:
        return None
    try:
        flow: DealFlow[Any] = ruleset_for(rules).flow()
    except MahjongError:
        return None
    return flow


def term_name(rules: str, term: str, lang: str) -> str:
    """The name in ``lang`` of a deal-end reason, seat status or declaration id of ``rules``.

    The ruleset's own names first (:meth:`DealFlow.term`), then the shared vocabulary; an id
    neither knows is shown as it is.
    """
    if not term:
        return term
    flow = flow_of(rules)
    if flow is not None:
        return flow.term(term, lang)
    names = TERMS.get(term) or {}
    return names.get(lang) or names.get("en") or term


TABLE = "table"
"""The settlement's party for the riichi sticks on the table."""


def settlement_shown(settlement: Settlement, stakes: Mapping[str, int]) -> dict[str, Any]:
    """A deal's settlement as the pages and ``/api/replay`` show it (``net``: the transfers').

    ``net`` is what each party's score changed by, the sum of the transfers.

    The engine's settlement leaves the riichi stakes out of ``net`` (the match moves them
    itself: into the pot when the deal ends, out of it to the winner, ``riichi_stakes``),
    while the ruleset's transfers name them. ``stakes``: the stakes each seat (its wind letter)
    put up in the deal; one that no transfer carries to the table is added as one, then
    ``net`` is summed from the transfers (the table's share included when not zero).
    """
    out = settlement.to_dict()
    transfers: list[dict[str, Any]] = list(out["transfers"])
    paid = {t["from"] for t in transfers if t["to"] == TABLE}
    put = [
        {"from": seat, "to": TABLE, "amount": amount}
        for seat, amount in stakes.items()
        if amount and seat not in paid
    ]
    transfers = put + transfers
    if any(TABLE in (t["from"], t["to"]) for t in transfers):
        net: dict[str, int] = dict.fromkeys(out["net"], 0)
        for t in transfers:
            net[t["from"]] = net.get(t["from"], 0) - int(t["amount"])
            net[t["to"]] = net.get(t["to"], 0) + int(t["amount"])
        if not net.get(TABLE):
            net.pop(TABLE, None)
        out["transfers"], out["net"] = transfers, net
    return out


def staked(view: PlayerView, stake: int) -> tuple[list[int], int]:
    """Scores and pot during a deal with each standing riichi's stake on the table.

    The match moves the stakes from the scores to the pot only when the deal ends; the table
    shows them moved as soon as the riichi stands (docs/engine.md). Not for a finished deal.
    """
    scores = list(view.scores)
    pot = view.pot
    for s, standing in enumerate(view.riichi or ()):
        if standing and s < len(scores):
            scores[s] -= stake
            pot += stake
    return scores, pot


def action_label(action: Action, view: PlayerView, lang: str) -> str:  # noqa: PLR0911 - a label per action kind
    """The button text of an action."""

    def t(key: str) -> str:
        return translate(lang, key)

    claim = view.claim.notation if view.claim is not None else None
    on = f" {tile_name(claim, lang)}" if claim else ""
    if isinstance(action, Discard):
        n = f"0{action.tile.notation[1]}" if action.red else action.tile.notation
        text = f"{t('act_discard')} {tile_name(n, lang)}"
        return text + (f" + {t('act_riichi')}" if action.riichi else "")
    if isinstance(action, Chow):
        return f"{t('act_chow')} {_tiles([x.notation for x in action.tiles], lang)}"
    if isinstance(action, ConcealedKong | AddedKong):
        return f"{t('act_' + action.kind)} {tile_name(action.tile.notation, lang)}"
    if isinstance(action, Declare):
        return f"{t('act_declare')}: {term_name(view.rules, action.name, lang)}"
    if isinstance(action, Penalise):
        status = term_name(view.rules, action.status, lang)
        return f"{t('act_penalise')}: {status} ({term_name(view.rules, action.reason, lang)})"
    if isinstance(action, PassTiles):
        return f"{t('act_pass_tiles')}: {_tiles([x.notation for x in action.tiles], lang)}"
    if action.kind == "win":
        return t("act_win") + (on if claim else f" ({t('act_self_drawn')})")
    if action.kind in ("pung", "kong"):
        return f"{t('act_' + action.kind)}{on}"
    return t("act_" + action.kind)


def meld_tiles(notation: str) -> list[str]:
    """The tiles of a declared meld in notation (``[0m<]`` -> ``["0m", ...]``), as drawn."""
    hand = Hand.parse(notation, strict=False)
    return [t.notation for m in hand.melds for t in m.tiles]


def discard_notations(view: PlayerView, seat: int) -> list[dict[str, Any]]:
    """``seat``'s discards in order: notation (red fives ``0x``) and whether it was claimed."""
    reds = set(view.red_discards[seat]) if view.red_discards else set()
    claimed = view.claimed[seat] if view.claimed else ()
    out = []
    for i, tile in enumerate(view.discards[seat]):
        n = f"0{tile.notation[1]}" if i in reds else tile.notation
        out.append({"n": n, "claimed": bool(claimed and claimed[i])})
    return out


def _drawn(view: PlayerView) -> Tile | None:
    """The drawn tile if it is among the concealed tiles (a drawn flower is exposed at once)."""
    return view.drawn if view.drawn is not None and view.drawn in view.hand else None


def own_tiles(view: PlayerView) -> list[str]:
    """The own concealed tiles (drawn tile left out), red fives shown as ``0x``."""
    tiles = list(view.hand)
    drawn = _drawn(view)
    if drawn is not None:
        tiles.remove(drawn)
    reds = set(view.red_hand)
    if drawn is not None and view.red_drawn:
        reds.discard(drawn)
    out = []
    for tile in tiles:
        if tile in reds:
            out.append(f"0{tile.notation[1]}")
            reds.discard(tile)
        else:
            out.append(tile.notation)
    return out


def table_context(
    view: PlayerView,
    legal: Sequence[Action],
    names: Sequence[str],
    lang: str,
    *,
    stake: int = 0,
) -> dict[str, Any]:
    """Everything the table template draws for ``view.seat``.

    ``stake``: the riichi stake, shown on the table from each standing riichi (0 once the
    deal is settled: the scores then hold them).
    """
    me = view.seat
    scores, pot = staked(view, stake)
    players = len(view.hand_sizes)
    ordered = order_actions(legal)
    charleston = bool(ordered) and all(isinstance(a, PassTiles) for a in ordered)
    own = own_tiles(view)
    drawn = None
    drawn_tile = _drawn(view)
    if drawn_tile is not None:
        drawn = f"0{drawn_tile.notation[1]}" if view.red_drawn else drawn_tile.notation
    # discards attach to the own tiles: tile notation -> action indexes
    discard_of: dict[tuple[str, bool], int] = {}
    buttons = []
    for i, a in enumerate(() if charleston else ordered):
        if isinstance(a, Discard):
            n = f"0{a.tile.notation[1]}" if a.red else a.tile.notation
            discard_of.setdefault((n, a.riichi), i)
            if not a.riichi:
                continue
        buttons.append({"index": i, "label": action_label(a, view, lang), "kind": a.kind})
    for k, b in enumerate(buttons):
        b["key"] = KEYS[k] if k < len(KEYS) else ""
    hand_tiles = []
    key_no = 0
    for pos, n in enumerate([*own, *([drawn] if drawn else [])]):
        index = discard_of.get((n, False))
        key = ""
        if index is not None and key_no < len(DISCARD_KEYS):
            key = DISCARD_KEYS[key_no]
            key_no += 1
        hand_tiles.append(
            {"n": n, "name": tile_name(n, lang), "discard": index, "key": key,
             "drawn": drawn is not None and pos == len(own), "id": f"h{pos}"}
        )  # fmt: skip
    seats = []
    for k in range(players):
        s = (me + k) % players
        wind = wind_letter(view.seat_winds[s] if view.seat_winds else s)
        seats.append(
            {
                "seat": s,
                "wind": wind,
                "name": names[s],
                "me": s == me,
                "score": scores[s],
                "melds": [meld_tiles(m) for m in view.melds[s]],
                "bonus": [b.notation for b in view.bonus[s]],
                "discards": discard_notations(view, s),
                "hand_size": view.hand_sizes[s],
                "riichi": view.riichi[s] if view.riichi else False,
                "dealer": s == view.dealer,
                "to_act": s in view.to_act,
                "status_id": view.status[s] if view.status else "",
                "status": term_name(view.rules, view.status[s], lang) if view.status else "",
            }
        )
    reds = set(view.red_indicators)
    indicators = [
        f"0{t.notation[1]}" if i in reds else t.notation for i, t in enumerate(view.indicators)
    ]
    return {
        "seats": seats,
        "hand": hand_tiles,
        "buttons": buttons,
        "claim": (
            (f"0{view.claim.notation[1]}" if view.red_claim else view.claim.notation)
            if view.claim is not None
            else None
        ),
        "indicators": indicators,
        "live": view.live_count,
        "dead": view.dead_count,
        "round_wind": wind_letter(view.round_wind),
        "pot": pot,
        "phase": view.phase,
        "my_turn": bool(ordered),
        "charleston": charleston,
    }
