"""The engine's events told in the interface's language and in the ruleset's own terms.

The engine writes one English line per event for logs (:meth:`Event.line`: ``2 wins 123m...
from 0: 8000``, ``deal ended: win winners [2]``); the pages (the replay viewer's log, the
table's last moves) tell the same events in Italian or English, with the seats' names, tile
names ("5 di palle" / "5 of circles") and the ruleset's words: a riichi win is *Ron* or
*Tsumo*, a classical one *Mah-Jong*, MCR's *Hu*; deal-end reasons and statuses by
:func:`~muraglia.web.table_view.term_name` (the flow's own names).

``visible``: the seat whose view is shown (None: every hand shown): another seat's drawn or
passed tiles are then not named.

>>> from muraglia.engine.events import DealEnded, Won
>>> from muraglia.tiles import Tile
>>> names = ["Ada", "Bea", "Cid", "Dan"]
>>> won = Won(2, Tile.M5, 0, (), 8000, "123m456p789s11z55m+5m")
>>> event_line(won, "riichi-ema", "en", names)
"Ron: Cid on Ada's discard (5 of characters), value 8000"
>>> event_line(won, "fimj", "it", names)
'Mah-Jong di Cid su scarto di Ada (5 di caratteri), valore 8000'
>>> event_line(DealEnded("win", (2,), False, ()), "fimj", "it", names)
'Mano finita: vince Cid'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from muraglia.engine.actions import (
    Action,
    AddedKong,
    Chow,
    ConcealedKong,
    Declare,
    Discard,
    LateClaim,
    PassTiles,
    Penalise,
)
from muraglia.engine.events import (
    Acted,
    BonusExposed,
    Called,
    DealEnded,
    DealStarted,
    Dealt,
    DrawReturned,
    Drew,
    Event,
    IndicatorRevealed,
    KongMade,
    MatchEnded,
    RiichiAccepted,
    RiichiCancelled,
    Settled,
    StatusChanged,
    TilesMoved,
    TilesPassed,
    TimeCalled,
    Won,
)
from muraglia.errors import MahjongError
from muraglia.rulesets import ruleset_for
from muraglia.tiles import Tile, wind_letter
from muraglia.web.i18n import translate
from muraglia.web.table_view import term_name
from muraglia.web.tiles import tile_name

__all__ = ["event_line", "win_name"]

_WIN_NAMES: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    # family: ((on a discard: it, en), (self-drawn: it, en))
    "riichi": (("Ron", "Ron"), ("Tsumo", "Tsumo")),
    "mcr": (("Hu (Mah-Jong)", "Hu (Mah-Jong)"), ("Hu (Mah-Jong)", "Hu (Mah-Jong)")),
    "classical": (("Mah-Jong", "Mah-Jong"), ("Mah-Jong", "Mah-Jong")),
}


@lru_cache(maxsize=64)
def _family(rules: str) -> str:
    """``riichi``, ``mcr`` or ``classical`` (FIMJ, Seipalle, Ravenna; an unknown spec)."""
    try:
        rid = str(ruleset_for(rules).id) if rules else ""
    except MahjongError:
        rid = ""
    if rid.startswith("riichi"):
        return "riichi"
    return "mcr" if rid == "mcr" else "classical"


def win_name(rules: str, lang: str, *, self_drawn: bool) -> str:
    """What the ruleset calls a win: Ron / Tsumo (riichi), Hu (MCR), Mah-Jong (the others).

    >>> win_name("riichi-tenhou", "it", self_drawn=True), win_name("mcr", "en", self_drawn=False)
    ('Tsumo', 'Hu (Mah-Jong)')
    """
    pair = _WIN_NAMES[_family(rules)][1 if self_drawn else 0]
    return pair[0] if lang == "it" else pair[1]


def _tile(tile: Tile, lang: str, red: bool = False) -> str:
    return tile_name(f"0{tile.notation[1]}" if red else tile.notation, lang)


def _tiles(tiles: Sequence[Tile], lang: str) -> str:
    return ", ".join(_tile(t, lang) for t in tiles)


class _Teller:
    """One event in ``lang``: the pieces every sentence shares."""

    def __init__(self, rules: str, lang: str, names: Sequence[str], visible: int | None) -> None:
        self.rules, self.lang, self.names, self.visible = rules, lang, names, visible
        self.it = lang == "it"

    def who(self, seat: int | str) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        if isinstance(seat, int):
            return f"{translate(self.lang, 'seat')} {seat}"
        return seat  # a pile or the dead wall (TilesMoved)

    def say(self, it: str, en: str) -> str:
        return it if self.it else en

    def sees(self, seat: int) -> bool:
        return self.visible is None or self.visible == seat

    def term(self, term: str) -> str:
        return term_name(self.rules, term, self.lang)

    def action(self, a: Action) -> str:  # noqa: PLR0911 - a sentence per action kind
        who, t = self.who(a.seat), self.lang
        calls = self.say(f"{who} chiama", f"{who} calls")
        declares = self.say(f"{who} dichiara", f"{who} declares")
        if isinstance(a, Discard):
            riichi = self.say(" e dichiara riichi", " and declares riichi") if a.riichi else ""
            return (
                self.say(f"{who} scarta", f"{who} discards") + f" {_tile(a.tile, t, a.red)}{riichi}"
            )
        if a.kind == "win":  # ron or tsumo is told by the Won event that follows
            if _family(self.rules) == "riichi":
                return self.say(f"{who} dichiara la vittoria", f"{who} declares a win")
            return f"{calls} {win_name(self.rules, t, self_drawn=False)}!"
        if a.kind in ("pung", "kong", "chow"):
            shown = f" {_tiles(a.tiles, t)}" if isinstance(a, Chow) else ""
            return f"{calls} {translate(t, 'act_' + a.kind)}{shown}"
        if isinstance(a, ConcealedKong | AddedKong):
            return f"{declares} {translate(t, 'act_' + a.kind).lower()}: {_tile(a.tile, t)}"
        if isinstance(a, Declare):
            return f"{declares}: {self.term(a.name)}"
        if isinstance(a, Penalise):
            status, reason = self.term(a.status), self.term(a.reason)
            return f"{translate(t, 'act_penalise')}: {who} — {status} ({reason})"
        if isinstance(a, PassTiles):
            n = len(a.tiles)
            shown = f": {_tiles(a.tiles, t)}" if self.sees(a.seat) else ""
            return self.say(f"{who} passa {n} tegole", f"{who} passes {n} tiles") + shown
        if isinstance(a, LateClaim):
            return (
                self.say(f"{who} chiama in ritardo", f"{who} claims late")
                + f": {translate(t, 'act_' + a.claim)}"
            )
        return f"{who}: {translate(t, 'act_' + a.kind)}"


def _won(tell: _Teller, e: Won) -> str:
    who, lang = tell.who(e.seat), tell.lang
    call = win_name(tell.rules, lang, self_drawn=e.from_seat is None)
    tile = _tile(e.tile, lang, e.red)
    flags = f" [{', '.join(tell.term(f) for f in e.flags)}]" if e.flags else ""
    value = tell.say(f"valore {e.value}", f"value {e.value}")
    if e.from_seat is None:
        return (
            tell.say(f"{call} di {who}, pescato ({tile})", f"{call}: {who}, self-drawn ({tile})")
            + f"{flags}, {value}"
        )
    src = tell.who(e.from_seat)
    return (
        tell.say(
            f"{call} di {who} su scarto di {src} ({tile})",
            f"{call}: {who} on {src}'s discard ({tile})",
        )
        + f"{flags}, {value}"
    )


def _deal_ended(tell: _Teller, e: DealEnded) -> str:
    if e.reason == "win" and e.winners:
        who = ", ".join(tell.who(s) for s in e.winners)
        several = len(e.winners) > 1
        what = tell.say(f"{'vincono' if several else 'vince'} {who}", f"{who} won")
    else:
        what = tell.term(e.reason)
    void = tell.say(" (mano nulla)", " (void)") if e.void and e.reason == "win" else ""
    return tell.say("Mano finita: ", "Deal over: ") + what + void


def _told(tell: _Teller, e: Event) -> str | None:  # noqa: PLR0911, PLR0912 - a sentence per event type
    lang = tell.lang
    if isinstance(e, Acted):
        return tell.action(e.action)
    if isinstance(e, Drew):
        who = tell.who(e.seat)
        tile = f" {_tile(e.tile, lang, e.red)}" if tell.sees(e.seat) else ""
        extra = tell.say(" (dal muro morto)", " (replacement)") if e.replacement else ""
        return tell.say(f"{who} pesca", f"{who} draws") + tile + extra
    if isinstance(e, Called):
        who, src = tell.who(e.seat), tell.who(e.from_seat)
        meld = translate(lang, "act_" + e.call)
        if e.call == "chow":  # a pung or kong is the claimed tile's; a chow names its three
            meld += f" {_tiles(e.tiles, lang)}"
        return tell.say(f"{who} prende {_tile(e.tile, lang, e.red)} da {src}: {meld}",
                        f"{who} takes {src}'s {_tile(e.tile, lang, e.red)}: {meld}")  # fmt: skip
    if isinstance(e, KongMade):
        how = translate(lang, "act_concealed_kong" if e.concealed else "act_added_kong").lower()
        return tell.say(
            f"{tell.who(e.seat)} mette il {how}: ", f"{tell.who(e.seat)} lays the {how}: "
        ) + _tile(e.tile, lang)
    if isinstance(e, Won):
        return _won(tell, e)
    if isinstance(e, DealEnded):
        return _deal_ended(tell, e)
    if isinstance(e, DealStarted):
        wind = translate(lang, wind_letter(e.round_wind))
        dice = f", {tell.say('dadi', 'dice')} {'-'.join(map(str, e.dice))}" if e.dice else ""
        dealer = tell.who(e.dealer)
        n = e.deal + 1
        return tell.say(f"Mano {n}: mazziere {dealer}, vento di giro {wind}",
                        f"Deal {n}: dealer {dealer}, round wind {wind}") + dice  # fmt: skip
    if isinstance(e, Dealt):
        n = len(e.tiles)
        return tell.say(
            f"{tell.who(e.seat)} riceve {n} tegole", f"{tell.who(e.seat)} is dealt {n} tiles"
        )
    if isinstance(e, BonusExposed):
        return (
            tell.say(f"{tell.who(e.seat)} scopre", f"{tell.who(e.seat)} exposes")
            + f" {_tile(e.tile, lang)}"
        )
    if isinstance(e, IndicatorRevealed):
        return tell.say("Nuovo indicatore di dora: ", "New dora indicator: ") + _tile(
            e.tile, lang, e.red
        )
    if isinstance(e, RiichiAccepted):
        who = tell.who(e.seat)
        return tell.say(
            f"Il riichi di {who} è valido ({e.stake} sul tavolo)",
            f"{who}'s riichi stands ({e.stake} on the table)",
        )
    if isinstance(e, RiichiCancelled):
        who = tell.who(e.seat)
        return tell.say(f"Il riichi di {who} è annullato", f"{who}'s riichi is cancelled")
    if isinstance(e, StatusChanged):
        return f"{tell.who(e.seat)}: {tell.term(e.status)} ({tell.term(e.reason)})"
    return _told_rest(tell, e)


def _told_rest(tell: _Teller, e: Event) -> str | None:  # noqa: PLR0911 - a sentence per event type
    """The rarer events (Charleston, late claims, time, the match's end)."""
    lang = tell.lang
    if isinstance(e, TilesPassed):
        who, to, n = tell.who(e.seat), tell.who(e.to), len(e.tiles)
        shown = f": {_tiles(e.tiles, lang)}" if tell.sees(e.seat) or tell.sees(e.to) else ""
        return tell.say(f"{who} passa {n} tegole a {to}", f"{who} passes {n} tiles to {to}") + shown
    if isinstance(e, TilesMoved):
        n = len(e.tiles)
        return f"{tell.who(e.source)} → {tell.who(e.target)}: " + tell.say(
            f"{n} tegole", f"{n} tiles"
        )
    if isinstance(e, DrawReturned):
        who, tile = tell.who(e.seat), _tile(e.tile, lang)
        return tell.say(
            f"{who} rimette {tile} nel muro (chiamata tardiva)",
            f"{who} puts {tile} back on the wall (late claim)",
        )
    if isinstance(e, TimeCalled):
        then = (tell.say("si finisce la mano", "the deal is finished") if e.finish
                else tell.say("mano annullata", "deal abandoned"))  # fmt: skip
        n, k = e.deal + 1, e.discards
        return tell.say(f"Tempo scaduto alla mano {n} dopo {k} scarti: {then}",
                        f"Time called in deal {n} after {k} discards: {then}")  # fmt: skip
    if isinstance(e, MatchEnded):
        return tell.say("Partita finita: ", "Match over: ") + ", ".join(map(str, e.scores))
    if isinstance(e, Settled):
        return tell.say("Pagamenti: ", "Payments: ") + ", ".join(f"{n:+d}" for n in e.net)
    return None


def event_line(
    event: Event, rules: str, lang: str, names: Sequence[str], visible: int | None = None
) -> str:
    """``event`` told in ``lang`` with the seats' ``names`` and the ruleset's terms.

    An event type this module does not know yet is told by the engine's own line.
    """
    told = _told(_Teller(rules, lang, names, visible), event)
    return event.line() if told is None else told
