"""The ``defensive`` bot: the efficiency bot that folds when folding is worth more.

It plays the efficiency bot's discards while nobody threatens. Against a threat it reads the
shared :mod:`~muraglia.players.danger` model (each opponent's readiness and hand value, each
tile's deal-in danger: genbutsu, suji, kabe, one-chance, honour counts, flush and open-tanyao
melds) and weighs, by expected value (:func:`~muraglia.players.danger.attack_or_fold`):

* its own hand's equity — the chance to win (:func:`~muraglia.players.danger.win_chance`
  from the shanten, the useful tiles and the draws left) times its value (the ruleset's
  typical hand, raised by the profile's value terms: honour pungs, flush, dora...);
* each discard's cost — the deal-in probability times the winner's value the discarder pays
  (the ruleset's liability: all of it in riichi, Seipalle and MCR, nothing extra in FIMJ and
  Ravenna where every loser pays the same, FIMJ-PAY-1, RAV-PAY-1), plus the own equity that a
  deal-in ends.

It attacks with the efficiency discard lowered by its cost, unless the safest discard is
worth more: a poor hand folds against a riichi, a ready or valuable one pushes. The
profile may weigh every cost by a caution (Seipalle: 0.5, a win is worth about two
deal-ins in placement) and shorten the own race against ready opponents
(:meth:`DefensiveBot.race`; Seipalle: a standing riichi ends the deal sooner). Calls that
open a hand still two steps from ready are declined while an opponent is likely ready and a
deal-in costs the discarder. A ready hand also counts what being ready at an exhaustive draw
is worth, as the ruleset's settlement pays it (riichi's noten payments).

In MCR (8 points, MCR-WIN-4) the bot also knows when its hand cannot win: it reads the
danger only for such a hand, declines a call whose hand cannot reach the minimum one draw
ahead and counts a ready discard's outs on its winning waits only.

Where the profile says so (:attr:`~muraglia.players.profiles.Profile.defensive_ready_values`:
Seipalle, measured in docs/players.md, "Issue 20, Seipalle, third pass") the discards that
leave the hand ready are valued by the ruleset's scorer as the expert values them
(:meth:`DefensiveBot._value_ready`, one implementation for both bots): a wait that no win
is allowed on (no double besides dora, SEI-SCORE-2) costs a step, and riichi is declared
only where its expected gain beats dama's by more than the share of the 1000 stake it risks
that the profile weighs (:meth:`DefensiveBot.riichi_pays`, SEI-RIICHI-3/6) — the efficiency
field declares on every ready hand and its stakes go to the next winner (SEI-PAY-5). In FIMJ
the waits' value also moves the ready discards, as the expert's does
(:attr:`~muraglia.players.profiles.Profile.defensive_value_units`: richi's double on a single
wait, FIMJ-DBL-C16, and the copies likely to come to a wait).

Where every hand is settled (FIMJ, Ravenna) a deal-in costs no more than another seat's win,
and reading the danger lost placement there in every form measured; the bot defends instead
the points of its own hand, which the losers pay each other (FIMJ-PAY-2, RAV-PAY-2): each
discard is credited the value the ruleset's scorer gives the hand it keeps as a hand that did
not win (:meth:`DefensiveBot.hand_points`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from muraglia.analysis.shanten import DeltaShanten, shanten_all
from muraglia.engine.actions import Action, AddedKong, ConcealedKong, Discard, Pass
from muraglia.errors import MahjongError
from muraglia.players.base import Table, rules_key
from muraglia.players.danger import (
    EQUITY_UNITS,
    RACE,
    DangerModel,
    RuleTraits,
    attack_or_fold,
    readiness,
    threat_of,
    traits_for,
    win_chance,
    win_gain,
)
from muraglia.players.efficiency import (
    EfficiencyBot,
    ValueContext,
    called_meld,
    reachable_fan,
    useful_count,
)
from muraglia.players.lookahead import FLOOR, RIICHI_WALL, ValueLookahead
from muraglia.players.profiles import SHANTEN_WEIGHT
from muraglia.tiles import NUM_KINDS, TERMINALS_AND_HONOURS, Tile, wind_letter

__all__ = [
    "HEAD_KINDS",
    "QUIET",
    "RIICHI_GAIN",
    "SCORE_BUDGET",
    "SELF_DRAWN",
    "WAIT_STAGES",
    "DefensiveBot",
    "shanten_after_call",
]

QUIET = 0.05
"""Summed opponent readiness under which the bots play as if nobody threatened."""

SETTLE_SHARE = 1.5
"""What a point of the own hand is worth where every hand is settled, in points won: the two
other non-winners pay the difference (FIMJ-PAY-2, RAV-PAY-2) in the three deals of four the
hand does not win."""

_POINTS: dict[tuple[object, ...], float] = {}
_POINTS_MAX = 1 << 16

SELF_DRAWN = 0.35
"""Share of a wait's wins that come from the own draw: a wait that wins only self-drawn is
worth this share of its value."""

JUNK = 1.5
"""A hand one step from ready whose useful draws are worth at most this many times the
lookahead's floor cannot reach the minimum (MCR: 8 points) for :meth:`DefensiveBot.cannot_win`."""

VALUE_SCALE = 40.0
"""Profile value units (ukeire units) that double a hand's expected value."""

SCORE_BUDGET = 16
"""Hands a decision may value with the ruleset's scorer (cached or not,
:meth:`DefensiveBot.hand_value`)."""

RIICHI_GAIN = 1.25
"""Riichi is declared on a hand that has a yaku without it only if it multiplies the value
by at least this much (:meth:`DefensiveBot.riichi_pays`)."""

WAIT_STAGES = (45, 20)
"""Live tiles at which the deal's stages of :attr:`~muraglia.players.profiles.Profile.wait_odds`
begin: early from the first, middle from the second, late below it."""

HEAD_KINDS = frozenset(int(k) for k in TERMINALS_AND_HONOURS)
"""The head tiles (1, 9, winds, dragons; RAV-HAND-3)."""

_CACHE: dict[tuple[Any, ...], float] = {}
_CACHE_MAX = 1 << 16


class DefensiveBot(EfficiencyBot):
    """Efficiency plus expected-value push/fold (see the module docstring)."""

    name = "defensive"

    quiet = QUIET
    """Summed readiness under which the bot attacks without reading the danger."""

    def __init__(self, rules: object = None, seed: int | None = 0) -> None:
        super().__init__(rules, seed)
        self.traits: RuleTraits = traits_for(rules if rules is not None else "")
        self.ruleset: Any = self.rules_object
        # the useful tiles a claim may bring count by the profile's weights (FIMJ, Ravenna:
        # FIMJ-PLAY-4, RAV-PLAY-3; 0 in the other rulesets); the efficiency bot counts draws
        self.claim_ukeire = True
        self.caution = self.profile.caution
        self.race_threat = self.profile.race_threat
        self.read_passes = self.profile.defensive_passes
        self._budget = SCORE_BUDGET
        if self.profile.defensive_ready_values:
            # the ready discards valued by the scorer as the expert's are, riichi only where
            # the profile's share of its stake pays (SEI-RIICHI-3/6; measured in Seipalle:
            # docs/players.md, "Issue 20, Seipalle, third pass")
            self.ready_values = True
            self.riichi_stake = self.traits.riichi_stake * self.profile.defensive_stake_share
            self.value_units = self.profile.defensive_value_units
        if self.traits.settled:
            # FIMJ, Ravenna: a deal-in costs no more than another seat's win (FIMJ-PAY-1,
            # RAV-PAY-1). Reading the danger there lost placement in every form measured
            # (docs/players.md, "Diagnosis" and "Issue 20, second pass"): the bot defends
            # its hand points instead (:meth:`discard_scores`).
            self.quiet = math.inf
        if self.profile.min_fan:
            # MCR (8 points, MCR-WIN-4): folding hands that may still win gave away more
            # wins than the deal-ins it saved; the danger is read only for a hand that
            # cannot reach the minimum (docs/players.md, "Issue 20, MCR")
            self.fold_junk_only = True
            # and a call whose hand cannot reach it is declined (the expert's check), and a
            # ready hand counts its outs on the waits that reach it
            self.call_check = self.winning_outs = True

    settle_weight = 1.0
    """Share of :data:`SETTLE_SHARE` the bot gives its hand points (0: none)."""

    def discard_scores(
        self, t: Table, discards: Sequence[Discard]
    ) -> tuple[dict[Action, float], dict[Tile, int]]:
        """The efficiency bot's scores, plus the hand points kept where every hand is settled.

        In FIMJ and Ravenna the hands that do not win are scored too and their owners pay
        each other the differences (FIMJ-PAY-2, FIMJ-SCORE-6, RAV-PAY-2, RAV-SCORE-2): each
        discard is credited the points of the hand it keeps, as the ruleset scores a hand
        that did not win (:meth:`hand_points`), :data:`SETTLE_SHARE` of them per point,
        doubled for East (who pays and collects double, FIMJ-PAY-2, RAV-PAY-3).
        """
        scores, shanten = super().discard_scores(t, discards)
        if self.winning_outs and min(shanten.values()) == 0:
            self._count_winning_outs(t, scores, shanten)
        if not (self.traits.settled and self.settle_weight and self.ruleset is not None):
            return scores, shanten
        counts = t.counts
        if max(counts) < 2:
            return scores, shanten  # no pair to keep: every discard keeps the same points
        points: dict[int, float] = {}
        single = -1.0
        scored = [a for a in discards if a in scores]
        for a in scored:
            k = a.tile
            if k in points:
                continue
            if counts[k] == 1 and single >= 0:
                points[k] = single  # in no pung or pair: the same points (FIMJ-DBL-F11-F18 aside)
                continue
            counts[k] -= 1
            points[k] = self.hand_points(t, counts)
            counts[k] += 1
            if counts[k] == 1:
                single = points[k]
        unit = self.settle_weight * SETTLE_SHARE * EQUITY_UNITS / self.traits.typical_value
        if t.view.dealer == t.view.seat:
            unit *= self.traits.dealer_factor
        low = min(points.values())
        for a in scored:
            scores[a] += unit * (points[a.tile] - low)
        return scores, shanten

    winning_outs = False
    """Count a ready discard's outs on the waits that may win only (MCR: set in
    ``__init__``; see :meth:`_count_winning_outs`)."""

    def _count_winning_outs(
        self, t: Table, scores: dict[Action, float], shanten: dict[Tile, int]
    ) -> None:
        """A ready discard's ukeire: its outs on the waits that may win, not all its outs.

        MCR-WIN-4: a ready hand wins only on the waits that reach 8 points, so the
        efficiency bot's count of every wait says little; each discard that leaves the hand
        ready counts the unseen copies of its winning waits instead
        (:meth:`ValueLookahead.ready`), and one ready on no wait that may win is a step
        from a win, not ready (one shanten step lower).
        """
        look = ValueLookahead(self, t)
        counts = t.counts
        moved: dict[int, float] = {}
        for k, sh in shanten.items():
            if sh != 0:
                continue
            counts[k] -= 1
            _, outs, raw = look.ready(counts)
            counts[k] += 1
            moved[k] = outs - raw - (SHANTEN_WEIGHT if outs == 0 else 0)
        for a in scores:
            assert isinstance(a, Discard)
            scores[a] += moved.get(a.tile, 0.0)

    dealer_ron = False
    """Whether the bot reads a deal-in as paid at the winner's value, East's or not, and its
    own hand as worth :attr:`~muraglia.players.danger.RuleTraits.dealer_factor` more when
    it is East (riichi, EMA-SCORE; see
    :attr:`~muraglia.players.danger.RuleTraits.dealer_pays_more`)."""

    read_passes = False
    """Whether the danger model reads the tiles a seat let pass as safe against it (the
    traits' ``riichi_passed`` and ``temporary_furiten``; the profile's
    :attr:`~muraglia.players.profiles.Profile.defensive_passes` and ``expert_passes``)."""

    wait_fit: tuple[float, ...] = ()
    """The fitted read of the waits the danger model applies
    (:attr:`~muraglia.players.danger.RuleTraits.wait_fit`; the expert's from its profile's
    :attr:`~muraglia.players.profiles.Profile.expert_wait_fit`); empty: the shape count."""

    def danger_traits(self) -> RuleTraits:
        """The traits the bot's danger model reads.

        Its :attr:`dealer_ron`, :attr:`read_passes` and :attr:`wait_fit`.
        """
        traits = self.traits
        if self.dealer_ron and traits.dealer_pays_more:
            traits = replace(traits, dealer_pays_more=False)
        if not self.read_passes and (traits.riichi_passed or traits.temporary_furiten):
            traits = replace(traits, riichi_passed=False, temporary_furiten=False)
        if self.wait_fit:
            traits = replace(traits, wait_fit=self.wait_fit)
        return traits

    def danger_model(self, t: Table) -> DangerModel:
        """The danger model the bot's push/fold reads (:meth:`danger_traits`)."""
        return DangerModel.of(t, self.danger_traits())

    draw_weight = 1.0
    """Share of :meth:`draw_value` the bot counts (0: none)."""

    def draw_value(self, t: Table) -> float:
        """What being ready at an exhaustive draw is worth now (ruleset units).

        The ruleset's own settlement of a draw (riichi's noten payments, EMA-END; nothing in
        the rulesets that pay nothing at a draw) with the bot ready against it not ready,
        averaged over which opponents are ready (each with the danger model's readiness),
        times the chance that the deal ends in a draw: nobody wins in the turns left
        (:data:`~muraglia.players.danger.RACE` per turn).
        """
        if not self.draw_weight or self.ruleset is None:
            return 0.0
        v = t.view
        seats = range(len(v.discards))
        me = wind_letter(t.seat_wind)
        others = [
            (wind_letter(t.seat_wind_of(s)), readiness(t, s, self.traits))
            for s in seats
            if s != v.seat and not (v.status and v.status[s] == "out")
        ]
        swing = 0.0
        for mask in range(1 << len(others)):
            p = 1.0
            ready: list[str] = []
            for i, (letter, r) in enumerate(others):
                if mask >> i & 1:
                    p *= r
                    ready.append(letter)
                else:
                    p *= 1 - r
            if p:
                swing += p * _draw_swing(self.ruleset, me, tuple(sorted(ready)))
        return self.draw_weight * swing * self.draw_chance(t)

    def draw_chance(self, t: Table) -> float:
        """The chance that the deal ends in an exhaustive draw (nobody wins before the wall ends).

        Each own draw left (a quarter of the live wall) the deal ends by a win with
        :data:`~muraglia.players.danger.RACE`.
        """
        return (1 - RACE) ** (t.view.live_count // 4)

    @staticmethod
    def _win_text(
        t: Table,
        counts: list[int],
        win: int,
        melds: tuple[str, ...] | None = None,
        reds: Sequence[int] = (),
    ) -> str:
        """The scorers' notation of a win on ``win``.

        The concealed ``counts`` and the declared ``melds`` (the view's by default); one
        five of each kind in ``reds`` is the red one (``0m``, EMA-TILE-2).
        """
        v = t.view
        declared = v.melds[v.seat] if melds is None else melds
        text = concealed_notation(counts)
        for k in reds:  # the suit's group of digits holds a 5: the first one is the red
            letter = _NOTATION[k][1]
            end = text.index(letter)
            start = max(text.rfind(c, 0, end) for c in "mps") + 1
            text = text[:start] + text[start:end].replace("5", "0", 1) + text[end:]
        return text + "".join(declared) + "+" + _NOTATION[win]

    def may_riichi(self, waits: int, melds: int) -> bool:
        """Whether a ready hand may declare riichi (the wall left aside).

        The hand waits on ``waits`` kinds beside ``melds`` declared melds: the bot declares
        riichi (the profile), the hand is closed unless the ruleset allows exposed sets
        (FIMJ-RICHI-3; SEI-RIICHI-2, EMA-RIICHI-1), and FIMJ's single wait (FIMJ-RICHI-1).
        """
        traits = self.traits
        return (
            self.profile.riichi
            and (traits.riichi_open or melds == 0)
            and (waits == 1 or not traits.riichi_single)
        )

    def win_value(
        self,
        t: Table,
        counts: list[int],
        win: int,
        melds: tuple[str, ...] | None = None,
        *,
        riichi: bool = False,
    ) -> float:
        """The value of the ready 13 ``counts`` won on ``win``, outside the decision's budget.

        On a discard; a hand that may win only self-drawn (MCR's Self-Drawn and Fully
        Concealed Hand bring it to 8 points) is worth :data:`SELF_DRAWN` of its self-drawn
        value; 0 when it may not win at all. With ``riichi`` the win counts a standing riichi
        (FIMJ-DBL-C16, SEI-DBL-D30). Used by the lookahead
        (:class:`~muraglia.players.lookahead.ValueLookahead`), which caches it by hand.
        """
        rules = self.ruleset
        if rules is None:
            return self.traits.typical_value
        text = self._win_text(t, counts, win, melds)
        v = t.view
        flags = ["riichi"] if riichi else []
        value = score_win(
            rules, text, tsumo=False, seat_wind=t.seat_wind, round_wind=v.round_wind,
            flags=flags, indicators=v.indicators,
        )  # fmt: skip
        if value > 0:
            return value
        return SELF_DRAWN * score_win(
            rules, text, tsumo=True, seat_wind=t.seat_wind, round_wind=v.round_wind,
            flags=flags, indicators=v.indicators,
        )  # fmt: skip

    ready_values = False
    """Whether the discards that leave the hand ready are valued by the ruleset's scorer
    (:meth:`_value_ready`): the expert's, and the defensive bot's where the profile says so
    (:attr:`~muraglia.players.profiles.Profile.defensive_ready_values`, Seipalle and FIMJ)."""

    value_units = 0.0
    """Ukeire units a ready hand's expected value worth one typical hand adds to its score
    (the expert's :data:`~muraglia.players.expert.VALUE_UNITS`; the defensive bot's is the
    profile's :attr:`~muraglia.players.profiles.Profile.defensive_value_units`, FIMJ's 12;
    0: none, the defensive bot keeps the efficiency bot's ranking of the waits)."""

    riichi_gain = RIICHI_GAIN
    """:meth:`riichi_pays`'s gain rule: riichi on a hand that has a yaku without it where it
    multiplies the value by at least this much (0: whenever 8 live tiles are left; the
    expert's from the profile's :attr:`~muraglia.players.profiles.Profile.expert_dama`)."""

    riichi_stake = 0.0
    """The riichi stake weighed by :meth:`riichi_pays` (the traits' ``riichi_stake``, times
    the profile's :attr:`~muraglia.players.profiles.Profile.defensive_stake_share` for the
    defensive bot; 0: the gain rule)."""

    tenpai_live = 0
    """From this many live tiles left a ready hand on no wait that may win is not marked
    down (:meth:`_value_ready`), and the expert makes a call that makes the hand ready even
    where no yaku would let it win (the profile's
    :attr:`~muraglia.players.profiles.Profile.tenpai_live`): a ready hand needs no yaku at
    an exhaustive draw, where the hands not ready pay it (EMA-TENPAI-1, EMA-END-3); 0:
    never."""

    def hand_value(
        self, t: Table, counts: list[int], win: int, *, riichi: bool, tsumo: bool = False
    ) -> float:
        """The ruleset's value of the concealed ``counts`` won on ``win``.

        ``win`` is a discard, or self-drawn with ``tsumo``.

        0 when the hand is not a win the ruleset allows (no yaku, under the minimum...).
        A decision values at most :data:`SCORE_BUDGET` hands; beyond that a hand is worth
        the ruleset's typical value (it is at least a shape that wins). The budget counts
        every hand asked for, cached or not, so a decision does not depend on what earlier
        decisions left in the cache (a seed fixes the bot).
        """
        v = t.view
        rules = self.ruleset
        if rules is None:
            return self.traits.typical_value
        flags: list[str] = []
        if riichi:
            flags.append("riichi")
        known = getattr(rules, "flags", {}) or {}
        if t.unseen(win) == 1 and t.visible[win] == 3 and "last_of_kind" in known:
            flags.append("last_of_kind")  # FIMJ-DBL-C09, MCR-FAN-27
        reds = self.reds_kept(t, counts)
        key = (
            self.traits.id,
            bytes(counts),
            reds,
            v.melds[v.seat],
            win,
            t.seat_wind,
            v.round_wind,
            v.indicators,
            tuple(flags),
            tsumo,
        )
        if self._budget <= 0:
            return self.traits.typical_value
        self._budget -= 1
        hit = _CACHE.get(key)
        if hit is not None:
            return hit
        value = score_win(
            rules,
            self._win_text(t, counts, win, reds=reds),
            tsumo=tsumo,
            seat_wind=t.seat_wind,
            round_wind=v.round_wind,
            flags=flags,
            indicators=v.indicators,
        )
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        _CACHE[key] = value
        return value

    def wait_value(self, t: Table, counts: list[int], *, riichi: bool) -> tuple[float, int]:
        """A ready hand's waits: the mean value of a win and the unseen winning copies.

        The mean is over the unseen winning copies; waits the ruleset would not let win
        count nothing.
        """
        mean, outs, _, _ = self.waits_of(t, counts, riichi=riichi)
        return mean, outs

    def wait_values(self, t: Table, counts: list[int], *, riichi: bool) -> tuple[float, int, int]:
        """:meth:`wait_value`, and the winning copies that may also win on a discard.

        A wait that wins only self-drawn (menzen tsumo, SEI-DBL-D29; MCR's self-drawn fans)
        counts :data:`SELF_DRAWN` of its self-drawn value.
        """
        mean, outs, ron, _ = self.waits_of(t, counts, riichi=riichi)
        return mean, outs, ron

    def wait_odds(self, t: Table) -> list[float] | None:
        """Per kind, how likely an unseen copy is to come to a ready hand, over the average.

        None where the profile has no :attr:`~muraglia.players.profiles.Profile.wait_odds`.
        Otherwise :data:`SELF_DRAWN` of a wait's wins come from the own draws, where every
        unseen copy is alike, and the rest from the others' discards, where a copy of a
        kind the others let go sooner (an honour early in the deal, FIMJ-PLAY-4: a win on
        any seat's discard) counts more: ``SELF_DRAWN + (1 - SELF_DRAWN) x`` the profile's
        discard rate of the kind's class at the wall's stage.
        """
        table = self.profile.wait_odds
        if not table:
            return None
        live = t.view.live_count
        stage = 0 if live >= WAIT_STAGES[0] else 1 if live >= WAIT_STAGES[1] else 2
        rates = table[stage]
        out: list[float] = []
        for k in range(NUM_KINDS):
            if k >= Tile.WHITE:
                c = 0  # dragons
            elif k >= Tile.EAST:
                c = 1  # winds
            else:
                rank = k % 9
                c = 2 if rank in {0, 8} else 3 if rank in {1, 7} else 4
            out.append(SELF_DRAWN + (1 - SELF_DRAWN) * rates[c])
        return out

    def waits_of(
        self, t: Table, counts: list[int], *, riichi: bool, odds: Sequence[float] | None = None
    ) -> tuple[float, int, int, float]:
        """:meth:`wait_values`, and the winning copies weighed by ``odds``.

        ``odds`` per kind (:meth:`wait_odds`); None: each copy counts 1.
        """
        melds = t.own_melds
        total = 0.0
        likely = 0.0
        outs = ron = 0
        for k in range(NUM_KINDS):
            u = t.unseen(k)
            if not u or counts[k] >= 4:
                continue
            counts[k] += 1
            done = shanten_all(counts, melds) < 0
            counts[k] -= 1
            if done:
                value = self.hand_value(t, counts, k, riichi=riichi)
                if value > 0:
                    ron += u
                else:  # no win on a discard: self-drawn only (menzen tsumo, MCR's
                    # self-drawn / fully concealed fan), about a third of the wins
                    value = SELF_DRAWN * self.hand_value(t, counts, k, riichi=riichi, tsumo=True)
                if value > 0:
                    total += u * value
                    outs += u
                    likely += u * (odds[k] if odds is not None else 1.0)
        return (total / outs if outs else 0.0), outs, ron, likely

    red_fives = False
    """Whether the bot counts its red fives as dora (EMA-TILE-2, EMA-DORA; the profile's
    :attr:`~muraglia.players.profiles.Profile.red_fives`): a ready hand's waits are valued
    with them (:meth:`reds_kept`), a plain five is discarded rather than the red one of
    its kind, and discarding the only copy, the red one, costs the profile's dora
    weight."""

    def reds_kept(self, t: Table, counts: list[int]) -> tuple[int, ...]:
        """The kinds whose red five the concealed ``counts`` still hold (:attr:`red_fives`).

        The view's red fives of kinds still held: a discard of a kind held with its red
        five is a plain copy while one is left
        (:meth:`~muraglia.players.expert.ExpertBot._act`).
        """
        if not self.red_fives:
            return ()
        return tuple(k for k in t.view.red_hand if counts[k])

    def riichi_pays(
        self,
        t: Table,
        riichi_value: float,
        dama_value: float,
        *,
        chance: float = 0.0,
        ron: float = 1.0,
    ) -> bool:
        """Riichi (or FIMJ/Seipalle richi) rather than staying concealed without it.

        ``chance`` is the ready hand's chance to win, ``ron`` the share of its winning
        copies that also win on a discard without riichi. Where the stake is worth
        weighing (:attr:`~muraglia.players.danger.RuleTraits.riichi_stake`, Seipalle) by
        expected value: riichi wins ``chance`` x (the riichi hand's gain, the table's
        stakes counted) and loses the stake otherwise (SEI-RIICHI-3/6); dama wins
        ``chance`` x (the dama hand's gain, its self-drawn-only waits at
        :data:`SELF_DRAWN`, and ``ron`` + the rest's self-drawn share of the stakes).
        Elsewhere, where riichi is not the only yaku, the placement it climbs to
        (:meth:`riichi_climbs`) or else the gain rule (:attr:`riichi_gain`).
        """
        if riichi_value <= 0:
            return False
        stake = self.riichi_stake
        if stake:
            v = t.view
            east = v.dealer == v.seat
            pot = self.traits.pot_share * v.pot
            share = ron + SELF_DRAWN * (1 - ron)
            riichi = chance * win_gain(self.traits, riichi_value, east=east, pot=v.pot)
            riichi -= (1 - chance) * stake
            dama = chance * (win_gain(self.traits, dama_value, east=east, pot=0) + share * pot)
            return riichi > dama and v.live_count >= RIICHI_WALL
        if dama_value <= 0:
            return True  # no yaku without it (EMA-WIN-2, SEI-SCORE-2)
        climbs = self.riichi_climbs(t, riichi_value, dama_value)
        if climbs is not None:
            return climbs
        if self.traits.liability == 0:
            return riichi_value > dama_value  # FIMJ richi: nothing to fold against anyway
        return riichi_value >= self.riichi_gain * dama_value and t.view.live_count >= 8

    def riichi_climbs(self, t: Table, riichi_value: float, dama_value: float) -> bool | None:
        """Riichi or dama by the placement they climb to, or None: by their values.

        None here; the expert's in the match's last deal
        (:meth:`~muraglia.players.expert.ExpertBot.riichi_climbs`).
        """
        return None

    def _value_ready(
        self,
        t: Table,
        discards: Sequence[Discard],
        ranked: dict[Action, float],
        equity: dict[Action, float],
        steps: dict[Action, int],
        *,
        with_equity: bool,
    ) -> None:
        """The discards that leave the hand ready, valued by the ruleset's scorer.

        Each one's waits (:meth:`waits_of`) set its equity, and its score gains
        :attr:`value_units` per typical hand of their expected value (their likely copies
        where the profile has :meth:`wait_odds`); a wait on which the ruleset lets no win
        (no double besides dora, SEI-SCORE-2; no yaku, EMA-WIN-2; under 8 points,
        MCR-WIN-4) costs a step of shanten, and a riichi discard is dropped unless riichi
        pays (:meth:`riichi_pays`: in Seipalle the 1000 stake it risks, SEI-RIICHI-3/6).
        """
        typical = self.traits.typical_value
        counts = t.counts
        draws = t.view.live_count // 4
        unseen = sum(t.unseen(k) for k in range(NUM_KINDS))
        race = self.race(t) if with_equity else RACE
        drawn = self.draw_value(t) if with_equity else 0.0
        worth = self.final_worth(t)
        odds = self.wait_odds(t)
        for a in discards:
            k = a.tile
            counts[k] -= 1
            try:
                if steps[a] != 0:
                    continue
                value, outs, _, likely = self.waits_of(t, counts, riichi=a.riichi, odds=odds)
                chance = win_chance(0, outs, draws, unseen, race)
                equity[a] = chance * self.win_gain(t, value)
                equity[a] += drawn
                if a not in ranked:
                    continue
                if a.riichi:
                    dama, _, ron = self.wait_values(t, counts, riichi=False)
                    if not self.riichi_pays(t, value, dama, chance=chance, ron=ron / max(outs, 1)):
                        del ranked[a]
                        continue
                ratio = min(value / typical, 4.0) if worth is None else worth(value)
                if odds is not None:  # the likely copies instead of the copies
                    ranked[a] += likely - outs
                    outs_term = min(likely, 8.0)
                else:
                    outs_term = min(outs, 8)
                ranked[a] += self.value_units * ratio * outs_term / 8
                if outs == 0 and t.view.live_count > self.tenpai_live:
                    ranked[a] -= SHANTEN_WEIGHT  # ready on nothing that may win (late: paid)
            finally:
                counts[k] += 1

    def refine(
        self,
        t: Table,
        discards: Sequence[Discard],
        ranked: dict[Action, float],
        steps: dict[Action, int],
    ) -> None:
        """Move the scores of ``ranked`` after :meth:`_value_ready`.

        Nothing here; the expert's lookahead and red fives
        (:meth:`~muraglia.players.expert.ExpertBot.refine`).
        """

    def final_worth(self, t: Table) -> Callable[[float], float] | None:
        """What a win of each value is worth in placement in the match's last deal.

        None: its value (the defensive bot does not play the last deal for placement; the
        expert does, :meth:`~muraglia.players.expert.ExpertBot.final_worth`).
        """
        return None

    def hand_points(self, t: Table, counts: list[int]) -> float:
        """The ruleset's value of the 13 concealed ``counts`` as a hand that did not win.

        FIMJ-SCORE-6, RAV-SCORE-2: the points of the pungs, kongs and scoring pairs, the
        flowers and the doubles that count for every player, capped at the limit; asked of
        the ruleset's scorer (``win="none"``), with the bot's declared melds and flowers.
        """
        v = t.view
        key = (
            rules_key(self.ruleset),
            bytes(counts),
            v.melds[v.seat],
            v.bonus[v.seat],
            t.seat_wind,
            v.round_wind,
        )
        hit = _POINTS.get(key)
        if hit is not None:
            return hit
        text = concealed_notation(counts) + "".join(v.melds[v.seat])
        text += "".join(b.notation for b in v.bonus[v.seat])
        from muraglia.rulesets import hand_worth  # noqa: PLC0415

        value = hand_worth(
            text,
            rules=self.ruleset,
            seat_wind=wind_letter(t.seat_wind),
            round_wind=wind_letter(v.round_wind),
        )
        if len(_POINTS) >= _POINTS_MAX:
            _POINTS.clear()
        _POINTS[key] = value
        return value

    def _act(self, t: Table, legal: Sequence[Action]) -> Action:
        self._budget = SCORE_BUDGET
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return super()._act(t, legal)
        if threat_of(t, self.traits) < self.quiet:
            return self._attack(t, legal, discards)
        if self.fold_junk_only and not self.cannot_win(t, discards):
            return self._attack(t, legal, discards)  # MCR: a hand that may win plays on
        model = self.danger_model(t)
        ranked, equity, steps = self.ranked_equity(t, discards)
        best_sh = min(steps.values())
        for a in legal:
            if (
                isinstance(a, ConcealedKong | AddedKong)
                and model.threat < 0.5
                and self._kong_ok(t, a, best_sh)
            ):
                return a
        return self.push_or_fold(t, model, discards, ranked=ranked, equity=equity, steps=steps)

    def push_or_fold(
        self,
        t: Table,
        model: DangerModel,
        discards: Sequence[Discard],
        *,
        ranked: dict[Action, float],
        equity: dict[Action, float],
        steps: dict[Action, int],
    ) -> Action:
        """The discard under a threat (:func:`~muraglia.players.danger.attack_or_fold`)."""
        return attack_or_fold(
            model, discards, ranked, equity, self.pick, steps=steps, caution=self.caution
        )

    call_check = False
    """Decline a call whose hand cannot reach the ruleset's minimum one draw ahead
    (:meth:`call_keeps_value`; MCR's defensive bot: set in ``__init__``)."""

    caution = 1.0
    """Factor on every discard's cost in :func:`~muraglia.players.danger.attack_or_fold`
    (above 1: risk-averse; an ablation knob, measured in docs/players.md)."""

    fold_junk_only = False
    """Read the danger only when the hand cannot reach the ruleset's minimum (MCR: set in
    ``__init__``; see :meth:`cannot_win`)."""

    def cannot_win(self, t: Table, discards: Sequence[Discard]) -> bool:
        """Whether the hand kept by the efficiency bot's discard cannot reach the minimum.

        MCR-WIN-4 (8 points): ready on no wait of 8 points; one step from ready with its
        useful draws worth at most :data:`JUNK` times the lookahead's floor (their ready
        hands almost all short of 8 points, :meth:`ValueLookahead.valued_ukeire`); further
        away, the efficiency bot's rough count of the points still reachable
        (:func:`~muraglia.players.efficiency.reachable_fan`) under the minimum.
        """
        scores, shanten = EfficiencyBot.discard_scores(self, t, discards)
        top = max(scores, key=lambda a: scores[a])
        assert isinstance(top, Discard)
        k = top.tile
        sh = shanten[k]
        counts = t.counts
        counts[k] -= 1
        try:
            if sh > 1:
                honours = self.profile.scoring_honours(t.seat_wind, t.view.round_wind)
                own = t.melds_of(t.view.seat)
                return reachable_fan(counts, own, honours) < self.profile.min_fan
            look = ValueLookahead(self, t)
            if sh <= 0:
                return look.ready(counts)[1] == 0
            valued, plain = look.valued_ukeire(counts, 1)
            return valued <= JUNK * FLOOR * plain
        finally:
            counts[k] += 1

    def _attack(self, t: Table, legal: Sequence[Action], discards: list[Discard]) -> Action:
        """The choice with nobody threatening.

        The efficiency bot's; with :attr:`ready_values` the best of :meth:`ranked_equity`
        (kongs as the efficiency bot declares them; on the expert's route to all head tiles,
        :meth:`heads_ranked`, the route's scores and kongs of head tiles only).
        """
        if not self.ready_values:
            return super()._act(t, legal)
        ranked, _, steps = self.ranked_equity(t, discards, with_equity=False)
        best_sh = min(steps.values())
        heads = self.heads_ranked(t, discards, ranked, steps)
        for a in legal:
            if (
                isinstance(a, ConcealedKong | AddedKong)
                and self._kong_ok(t, a, best_sh)
                and (heads is None or a.tile in HEAD_KINDS)
            ):
                return a
        return self.pick(ranked if heads is None else heads)

    def heads_ranked(
        self,
        t: Table,
        discards: Sequence[Discard],
        ranked: dict[Action, float],
        steps: dict[Action, int],
    ) -> dict[Action, float] | None:
        """The discards' scores on a route to all head tiles, or None off that route.

        None here; the expert's (:meth:`~muraglia.players.expert.ExpertBot.heads_ranked`).
        """
        return None

    def ranked_equity(
        self, t: Table, discards: Sequence[Discard], *, with_equity: bool = True
    ) -> tuple[dict[Action, float], dict[Action, float], dict[Action, int]]:
        """Scores of the attacking discards, equity and shanten of every discard.

        The scores are the efficiency bot's; the equity is the chance to win times the value
        (ruleset units), left empty without ``with_equity`` (an attack with nobody to fear
        reads only the scores). With :attr:`ready_values` the discards that leave the hand
        ready are valued by the ruleset's scorer (:meth:`_value_ready`: their equity, a
        wait that cannot win, riichi or dama), then :meth:`refine` may move the scores (the
        expert's lookahead).
        """
        scores, shanten = self.discard_scores(t, discards)
        steps: dict[Action, int] = {a: shanten[a.tile] for a in discards}
        equity: dict[Action, float] = {}
        if with_equity:
            self._equity(t, discards, shanten, equity)
        ranked = dict(scores)
        if not self.ready_values:
            return ranked, equity, steps
        self._value_ready(t, discards, ranked, equity, steps, with_equity=with_equity)
        self.refine(t, discards, ranked, steps)
        if not ranked:
            ranked = {a: -SHANTEN_WEIGHT * 9.0 for a in discards if not a.riichi}
        return ranked, equity, steps

    def _equity(
        self,
        t: Table,
        discards: Sequence[Discard],
        shanten: dict[Tile, int],
        equity: dict[Action, float],
    ) -> None:
        """Each discard's equity (chance to win x value, ruleset units) into ``equity``."""
        ctx = ValueContext(self.profile, t)
        counts = t.counts
        melds = t.own_melds
        hand = DeltaShanten(counts, melds)
        draws = t.view.live_count // 4
        unseen = sum(t.unseen(k) for k in range(NUM_KINDS))
        typical = self.traits.typical_value
        if self.dealer_ron and t.view.dealer == t.view.seat:
            typical *= self.traits.dealer_factor  # East's own hand is worth more (EMA-SCORE)
        by_kind: dict[int, float] = {}
        drawn = self.draw_value(t)
        race = self.race(t)
        for a in discards:
            k = a.tile
            e = by_kind.get(k)
            if e is None:
                sh = shanten[k]
                counts[k] -= 1
                uke = (
                    useful_count(counts, melds, sh, t.visible, hand=hand, discarded=k)
                    if sh >= 0
                    else 0
                )
                value = self.win_gain(t, typical * (1 + ctx.value(counts) / VALUE_SCALE))
                counts[k] += 1
                e = win_chance(sh, uke, draws, unseen, race) * value
                by_kind[k] = e = e + (drawn if sh == 0 else 0.0)
            equity[a] = e

    race_threat = 0.0
    """Per unit of the opponents' summed readiness, the chance a turn that another seat wins
    first, added to :data:`~muraglia.players.danger.RACE` in the own hand's chance to win
    (:meth:`race`; the profile's :attr:`~muraglia.players.profiles.Profile.race_threat`)."""

    def race(self, t: Table) -> float:
        """The chance, per own turn, that another seat wins first (for :func:`win_chance`).

        :data:`~muraglia.players.danger.RACE`, raised by :attr:`race_threat` per unit of the
        opponents' summed readiness (a standing riichi counts 1): a ready opponent ends the
        deal sooner than the quiet table the constant assumes.
        """
        if not self.race_threat:
            return RACE
        return min(RACE + self.race_threat * threat_of(t, self.traits), 0.5)

    def call_keeps_value(self, t: Table, action: Action) -> bool:
        """Whether the hand after the call ``action`` may still win (MCR-WIN-4: 8 points).

        Judged one draw ahead (:meth:`ValueLookahead.keeps_value`) with the called meld
        declared: a call that leaves a ready hand whose every wait falls short of the
        minimum, or a hand one step from ready whose every ready hand does, is declined.
        """
        tile = t.view.claim
        assert tile is not None
        meld = called_meld(action, tile)
        counts = t.counts[:]
        taken = list(meld)
        taken.remove(tile)
        for k in taken:
            counts[k] -= 1
        v = t.view
        text = "[" + compact_notation("".join(Tile(k).notation for k in meld)) + "]"
        look = ValueLookahead(self, t, (*v.melds[v.seat], text))
        if action.kind == "kong":  # a replacement tile comes before the discard
            sh = shanten_all(counts, look.melds)
            if sh == 0:
                return look.ready(counts)[1] > 0
            if sh == 1:
                valued, plain = look.valued_ukeire(counts, 1)
                return valued > FLOOR * plain + 1e-9
            return True
        return look.keeps_value(counts)

    def win_gain(self, t: Table, value: float) -> float:
        """What winning a hand worth ``value`` gains the bot (ruleset units).

        :func:`~muraglia.players.danger.win_gain`: in Seipalle the shares collected (East
        collects double, SEI-PAY-3) and the riichi stakes on the table (SEI-PAY-5).
        """
        v = t.view
        return win_gain(self.traits, value, east=v.dealer == v.seat, pot=v.pot)

    def _claim(self, t: Table, legal: Sequence[Action]) -> Action:
        choice = super()._claim(t, legal)
        if isinstance(choice, Pass) or choice.kind == "win":
            return choice
        if self.call_check and not self.call_keeps_value(t, choice):
            return next(a for a in legal if isinstance(a, Pass))  # MCR-WIN-4 out of reach
        if self.traits.settled:
            return choice  # no danger read (see __init__)
        exposed = threat_of(t, self.traits) * max(self.traits.liability, 0.25)
        if exposed >= 0.5 and shanten_after_call(t, choice) >= 2:
            return next(a for a in legal if isinstance(a, Pass))
        return choice


def shanten_after_call(t: Table, action: Action) -> int:
    """The shanten the hand keeps after the call ``action`` and its best discard."""
    tile = t.view.claim
    assert tile is not None
    tiles = getattr(action, "tiles", None)
    if tiles is not None:
        taken = list(tiles)
        taken.remove(tile)
    else:
        taken = [tile] * (3 if action.kind == "kong" else 2)
    counts = t.counts[:]
    for k in taken:
        counts[k] -= 1
    melds = t.own_melds + 1
    if action.kind == "kong":
        return shanten_all(counts, melds)
    hand = DeltaShanten(counts, melds)
    return min(hand.shanten(Tile(k)) for k in range(NUM_KINDS) if counts[k])


def compact_notation(text: str) -> str:
    """``1m2m3m1z`` → ``123m1z`` (the scorers' notation)."""
    out: list[str] = []
    run = ""
    suit = ""
    for i in range(0, len(text), 2):
        r, s = text[i], text[i + 1]
        if s != suit and run:
            out.append(run + suit)
            run = ""
        suit = s
        run += r
    if run:
        out.append(run + suit)
    return "".join(out)


_NOTATION = tuple(Tile(k).notation for k in range(NUM_KINDS))
_RUNS = tuple(tuple(_NOTATION[k][0] * c for c in range(5)) for k in range(NUM_KINDS))
"""Each kind's rank digit repeated 0-4 times."""
_SUITS = tuple(
    (start, min(start + 9, NUM_KINDS), _NOTATION[start][1]) for start in range(0, NUM_KINDS, 9)
)
"""Each suit's kinds (the honours last, ``z``) and letter."""


def concealed_notation(counts: Sequence[int]) -> str:
    """The scorers' notation of the 34 concealed ``counts``: ``[2, 1, 0, ...]`` -> ``112m...``.

    :func:`compact_notation` of each kind's notation repeated by its count, in one pass.
    """
    out = ""
    for start, stop, letter in _SUITS:
        run = "".join([_RUNS[k][counts[k]] for k in range(start, stop)])
        if run:
            out += run + letter
    return out


def score_win(
    rules: Any,
    text: str,
    *,
    tsumo: bool,
    seat_wind: Tile,
    round_wind: Tile,
    flags: list[str],
    indicators: tuple[Tile, ...],
) -> float:
    """The value of a win scored by the ruleset (0 when it may not be declared).

    :func:`muraglia.rulesets.win_worth`: the public ``score``'s value, without the result's
    presentation where the ruleset can leave it out.
    """
    from muraglia.rulesets import win_worth  # noqa: PLC0415

    return win_worth(
        text,
        rules=rules,
        win="tsumo" if tsumo else "ron",
        seat_wind=wind_letter(seat_wind),
        round_wind=wind_letter(round_wind),
        flags=flags,
        dora=[x.notation for x in indicators] if indicators else None,
    )


_SWINGS: dict[tuple[object, ...], float] = {}


def _draw_swing(rules: Any, me: str, ready: tuple[str, ...]) -> float:
    """What seat ``me`` gains by being ready at an exhaustive draw.

    The seats ``ready`` are ready besides; the ruleset settles both draws (East deals).
    """
    key = (rules_key(rules), me, ready)
    hit = _SWINGS.get(key)
    if hit is not None:
        return hit
    from muraglia.scoring.result import DealOutcome  # noqa: PLC0415

    try:
        with_me = rules.settle(DealOutcome(dealer="E", tenpai=(*ready, me)))
        without = rules.settle(DealOutcome(dealer="E", tenpai=ready))
        value = float(with_me.net.get(me, 0) - without.net.get(me, 0))
    except MahjongError:
        value = 0.0  # a ruleset that settles no hand-less draw (FIMJ, Ravenna score hands)
    _SWINGS[key] = value
    return value
