"""One riichi deal's settlement (EMA-END-5) and the checked inputs it shares with scoring."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from muraglia.analysis.waits import winning_tiles
from muraglia.errors import InvalidHandError, RulesetError
from muraglia.hand import Hand
from muraglia.melds import MeldKind, Source
from muraglia.notation import parse_hand
from muraglia.rulesets.riichi_ema.options import STATUSES
from muraglia.rulesets.riichi_ema.patterns import YAKUMAN_PAO
from muraglia.rulesets.riichi_ema.payments import (
    SEATS,
    hand_value,
    next_seats,
    win_transfers,
)
from muraglia.rulesets.riichi_ema.result import SEAT_OF
from muraglia.scoring.context import DRAGONS, WINDS
from muraglia.scoring.deal import check_shared_winning
from muraglia.scoring.result import (
    Award,
    DealOutcome,
    ScoreResult,
    Settlement,
    Transfer,
)
from muraglia.tiles import WIND_LETTERS, to_wind

if TYPE_CHECKING:
    from muraglia.rulesets.riichi_ema.ruleset import RiichiEma


def non_negative(value: Any, what: str) -> int:
    """``value`` checked as a non-negative integer (counters, sticks).

    Raises:
        InvalidHandError: naming ``what``.
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidHandError(f"{what} must be a non-negative integer, not {value!r}")
    return value


def seat_of(value: Any, what: str) -> str | None:
    """The seat letter of a wind spelling, None for None.

    Raises:
        MahjongError: for a bad wind (names ``what``).
    """
    if value is None:
        return None
    return SEAT_OF[to_wind(value, what)]


class Settler:
    """One deal's settlement (EMA-END-5): chombo, wins, sticks, noten, counters, rotation."""

    def __init__(self, ruleset: RiichiEma, outcome: DealOutcome) -> None:
        self.rs = ruleset
        self.o = outcome
        self.transfers: list[Transfer] = []
        self.values: dict[str, int] = {}
        self.lines: list[str] = []
        self.lines_it: list[str] = []
        if outcome.dealer not in ("E", "1z"):
            raise InvalidHandError("riichi seats are seat winds: the dealer is always E")
        for seat in (*outcome.winners, *outcome.riichi, *outcome.tenpai, *outcome.status):
            seat_of(seat, "seat")
        for seat, st in outcome.status.items():
            if st not in STATUSES:
                raise RulesetError(
                    f"{ruleset.rid}: unknown status {st!r} for {seat}; known: {', '.join(STATUSES)}"
                )
        self.draw = str(outcome.extra.get("draw", "exhaustive"))
        if self.draw not in ("exhaustive", "abortive"):
            raise InvalidHandError(f"draw must be exhaustive or abortive, not {self.draw!r}")

    def say(self, en: str, it: str) -> None:
        """One explanation line, in English and Italian."""
        self.lines.append(en)
        self.lines_it.append(it)

    def pay(self, payer: str, payee: str, amount: int, reason: str) -> None:
        """Record one payment (none for a zero amount)."""
        if amount:
            self.transfers.append(Transfer(payer, payee, amount, reason))

    def done(self, honba: int, sticks: int, dealer_keeps: bool, **extra: Any) -> Settlement:
        """The settlement of the recorded payments, with the next deal's counters."""
        return Settlement.from_transfers(
            self.transfers,
            values=self.values,
            parties=(*SEATS, "table"),
            explanation={"en": tuple(self.lines), "it": tuple(self.lines_it)},
            extra={"honba": honba, "riichi_sticks": sticks, "dealer_keeps": dealer_keeps, **extra},
        )

    def run(self) -> Settlement:
        """Settle the deal: chombo, wins, nagashi mangan, abortive or exhaustive draw."""
        o = self.o
        chombo = [s for s, st in o.status.items() if st == "chombo"]
        nagashi = [s for s in SEATS if o.status.get(s) == "nagashi_mangan"]
        if chombo and not o.winners:
            return self.chombo(chombo[0])
        if o.winners:
            if self.rs.options.triple_ron_draw and len(o.winners) == 3:
                self.say("triple ron: abortive draw (Tenhou)", "triplo ron: patta (Tenhou)")
                return self.abortive()
            return self.wins()
        if nagashi and self.rs.options.nagashi_mangan:
            return self.nagashi(nagashi)
        if self.draw == "abortive":
            return self.abortive()
        return self.exhaustive()

    def put_sticks(self) -> None:
        """Every riichi declarer puts a stick on the table (EMA-RIICHI-2)."""
        for seat in self.o.riichi:
            self.pay(seat, "table", 1000, "riichi")

    def chombo(self, seat: str) -> Settlement:
        """EMA-PEN-2: reverse mangan, sticks of this deal returned, no counter, replay."""
        self.say(
            f"chombo by {seat}: reverse mangan (EMA-PEN-2)",
            f"chombo di {seat}: mangan al contrario (EMA-PEN-2)",
        )
        for other in next_seats(seat):
            self.pay(seat, other, 4000 if seat == "E" or other == "E" else 2000, "chombo")
        return self.done(self.o.honba, self.o.riichi_sticks, True, chombo=seat)

    def abortive(self) -> Settlement:
        """An abortive draw: no payment, a counter more, East keeps the deal (EMA-END-4)."""
        if len(self.o.riichi) == 4 and (self.o.tenpai or self.o.hands):
            # four riichi: hands are shown and a noten riichi is chombo (EMA-GAP-14)
            tenpai = self.tenpai()
            noten = [s for s in SEATS if s not in tenpai]
            if noten:
                self.say(f"four riichi: {noten[0]} is noten", f"quattro riichi: {noten[0]} è noten")
                return self.chombo(noten[0])
        self.put_sticks()
        self.say(
            "abortive draw: counter +1, sticks stay, East keeps (EMA-END-4)",
            "patta: contatore +1, i bastoncini restano, Est resta mazziere (EMA-END-4)",
        )
        return self.done(self.o.honba + 1, self.o.riichi_sticks + len(self.o.riichi), True)

    def tenpai(self) -> set[str]:
        """The seats tenpai: as given, else those of the shown hands that wait on a tile."""
        if self.o.tenpai or not self.o.hands:
            return set(self.o.tenpai)
        out = set()
        for seat, text in self.o.hands.items():
            if winning_tiles(_parsed(text), self.rs.shapes):
                out.add(seat)
        return out

    def exhaustive(self) -> Settlement:
        """An exhaustive draw: noten payments (EMA-END-3)."""
        tenpai = self.tenpai()
        noten_riichi = [s for s in self.o.riichi if s not in tenpai]
        if noten_riichi:  # EMA-GAP-28
            self.say(
                f"{noten_riichi[0]} declared riichi but is noten",
                f"{noten_riichi[0]} ha dichiarato riichi ma è noten",
            )
            return self.chombo(noten_riichi[0])
        self.put_sticks()
        noten = [s for s in SEATS if s not in tenpai]
        if tenpai and noten:  # EMA-END-3: 3000 split
            share = 3000 // (len(noten) * len(tenpai))
            for payer in noten:
                for payee in sorted(tenpai, key=SEATS.index):
                    self.pay(payer, payee, share, "noten")
        ready = ", ".join(sorted(tenpai, key=SEATS.index)) or "nobody"
        self.say(
            f"exhaustive draw: tenpai {ready} (EMA-END-3)",
            f"muro esaurito: tenpai {ready.replace('nobody', 'nessuno')} (EMA-END-3)",
        )
        return self.done(self.o.honba + 1, self.o.riichi_sticks + len(self.o.riichi), "E" in tenpai)

    def nagashi(self, seats: list[str]) -> Settlement:
        """EMA-YAKU-29 / EMA-GAP-23: each scorer is paid a mangan tsumo."""
        if self.rs.options.nagashi_settlement == "draw":
            return self.nagashi_draw(seats)
        self.put_sticks()
        for seat in seats:
            for payer, payee, amount, why in win_transfers(
                2000, seat, tsumo=True, honba=self.o.honba
            ):
                self.pay(payer, payee, amount, why)
            self.values[seat] = hand_value(2000, seat, tsumo=True)
        pool = self.o.riichi_sticks + len(self.o.riichi)
        self.pay("table", seats[0], 1000 * pool, "riichi_sticks")
        self.say(f"nagashi mangan: {', '.join(seats)}", f"nagashi mangan: {', '.join(seats)}")
        east = "E" in seats
        return self.done(self.o.honba + 1 if east else 0, 0, east)

    def nagashi_draw(self, seats: list[str]) -> Settlement:
        """Nagashi mangan as a draw (option ``nagashi_settlement: draw``, Tenhou).

        An exhaustive draw where each scorer is paid a mangan tsumo without counters instead
        of the noten payments; the sticks stay on the table, a counter is added, East keeps
        the deal if tenpai.
        """
        tenpai = self.tenpai()
        noten_riichi = [s for s in self.o.riichi if s not in tenpai]
        if noten_riichi:  # EMA-GAP-28
            self.say(
                f"{noten_riichi[0]} declared riichi but is noten",
                f"{noten_riichi[0]} ha dichiarato riichi ma è noten",
            )
            return self.chombo(noten_riichi[0])
        self.put_sticks()
        for seat in seats:
            for payer, payee, amount, why in win_transfers(2000, seat, tsumo=True):
                self.pay(payer, payee, amount, why)
            self.values[seat] = hand_value(2000, seat, tsumo=True)
        self.say(
            f"nagashi mangan (a draw): {', '.join(seats)}",
            f"nagashi mangan (una patta): {', '.join(seats)}",
        )
        pool = self.o.riichi_sticks + len(self.o.riichi)
        return self.done(self.o.honba + 1, pool, "E" in tenpai)

    def wins(self) -> Settlement:
        """One or more winners: hand payments, counters, sticks (EMA-PAY, EMA-STICK)."""
        o = self.o
        winners = list(o.winners)
        tsumo = o.discarder is None
        if tsumo and len(winners) > 1:
            raise InvalidHandError("several winners need a discarder (multiple ron)")
        discarder = seat_of(o.discarder, "discarder")
        if discarder in winners:
            raise InvalidHandError(f"the discarder {discarder} cannot win on his own discard")
        pao = o.extra.get("pao", {})
        if not isinstance(pao, Mapping):
            raise TypeError("'pao' must be an object winner -> liable seat")
        if len(winners) > 1:  # one discard, one tile for every winner
            check_shared_winning({s: _parsed(o.hands[s]).winning for s in winners if s in o.hands})
        self.put_sticks()
        order = [s for s in next_seats(discarder)] if discarder else winners
        first = next(s for s in order if s in winners)
        opts = self.rs.options
        for seat in winners:
            if seat not in o.hands:
                raise InvalidHandError(f"no hand given for winner {seat}")
            flags = set(o.flags.get(seat, ()))
            if seat in o.riichi and "double_riichi" not in flags:
                flags.add("riichi")
            result = self.rs.score(
                o.hands[seat],
                win="tsumo" if tsumo else "ron",
                seat_wind=seat,
                round_wind=o.round_wind,
                flags=flags,
                dora=o.dora,
                ura=o.ura if seat in o.riichi or "double_riichi" in flags else (),
                honba=o.honba,
                discarder=discarder,
                pao=pao.get(seat),
            )
            if not result.valid:
                raise InvalidHandError(f"{seat}'s hand is not a valid win: {result.reason}")
            self.values[seat] = result.value
            cut = 300 * o.honba if seat != first and opts.multi_ron_counters == "first" else 0
            for payer, payee, amount in _hand_transfers(result, seat):
                # Tenhou: the counters are paid to the first winner only
                self.pay(payer, payee, amount - (cut if payer == discarder else 0), "hand")
            how = f"{result.value} ({result.han} han {result.fu} fu)"
            self.say(f"{seat} wins {how}", f"{seat} vince {how}")
        # EMA-STICK-1/3: own sticks back; the rest to the first winner after the discarder
        # (option multi_ron_sticks "first", Tenhou: all of them to the first winner)
        pool = o.riichi_sticks
        for seat in o.riichi:
            if seat in winners and opts.multi_ron_sticks == "own_back":
                self.pay("table", seat, 1000, "riichi")
            else:
                pool += 1
        self.pay("table", first, 1000 * pool, "riichi_sticks")
        east = "E" in winners
        return self.done(o.honba + 1 if east else 0, 0, east)


def _parsed(hand: str | Hand) -> Hand:
    """A settle object's hand, parsed if written."""
    return parse_hand(hand) if isinstance(hand, str) else hand


_OFFSET = {Source.RIGHT: 1, Source.ACROSS: 2, Source.LEFT: 3}
"""A claimed meld's source -> the discarder's offset from the caller in turn order."""


def liable_seat(hand: Hand, winner: str) -> str | None:
    """The seat liable (pao) for ``winner``'s Big Three Dragons / Big Four Winds.

    The seat whose discard, claimed by pung or kong, completed the third dragon set or the
    fourth wind set (EMA-PAO: the melds are in the order they were made; an added kong keeps
    its pung's source; a concealed kong completes a set without liability). The scorer
    applies the liability only when the hand scores that yakuman.

    >>> liable_seat(parse_hand("11m22p [555z^] [666z<] [777z>] +1m"), "S")  # the next seat
    'W'
    """
    for family, size in ((DRAGONS, 3), (WINDS, 4)):
        sets = 0
        for m in hand.melds:
            if m.kind is MeldKind.CHOW or m.first not in family:
                continue
            sets += 1
            if sets == size and m.source is not None:
                return WIND_LETTERS[(WIND_LETTERS.index(winner) + _OFFSET[m.source]) % 4]
    return None


def pao_applies(hand: Hand, awards: tuple[Award, ...]) -> bool:
    """Whether liability can apply: the dragon/wind sets of the pao yakuman are all melded.

    EMA-PAO-1 (source 3.3.6: "in caso di 3 pung/kong scoperti"): the liable player fed the
    third melded dragon set or the fourth melded wind set.
    """
    exposed = [m.first for m in hand.melds if not m.concealed and m.kind is not MeldKind.CHOW]
    ids = {a.id for a in awards} & YAKUMAN_PAO
    if "big_four_winds" in ids and sum(t in WINDS for t in exposed) == 4:
        return True
    return "big_three_dragons" in ids and sum(t in DRAGONS for t in exposed) == 3


def _hand_transfers(result: ScoreResult, winner: str) -> list[tuple[str, str, int]]:
    """Seat-to-winner amounts of a scored result's payments (sticks excluded)."""
    pay = dict(result.payments or {})
    return [(s, winner, -v) for s, v in pay.items() if s in SEATS and s != winner and v < 0]
