"""The shared danger model: how ready each opponent is, and how likely each tile deals in.

Everything here reads only a bot's :class:`~muraglia.players.base.Table` (what its
:class:`~muraglia.engine.views.PlayerView` shows), so it never sees hidden tiles.

**Rule traits** (:class:`RuleTraits`, one per ruleset id) say what the danger means in each
game:

* ``furiten``: whether a seat may not win on a tile it has discarded. Riichi (EMA-FURI-2) and
  Seipalle (SEI-PLAY-4) have it, so a discarded kind (*genbutsu*) is safe against that seat
  and every wait shape that would also win on one of his discards is impossible (*suji*).
  FIMJ, Ravenna and MCR have no furiten: those shapes are only less likely (people rarely wait
  on what they threw away), by :data:`NO_FURITEN_KEEP`.
* ``liability``: the share of the winner's value that dealing in costs the discarder beyond
  what he would pay anyway. Riichi (EMA-SCORE: the discarder pays the whole ron) and Seipalle
  (SEI-PAY-2: the discarder pays for all: four shares, six for East's hand, ``payment``)
  are near 1; MCR 1 (MCR-PAY-2: the discarder pays
  V + 8, the others 8); FIMJ and Ravenna 0: every non-winner pays the winner the same
  (FIMJ-PAY-1, RAV-PAY-1), so a deal-in costs only the own chance to win the deal.
* ``payment``, ``pot_share``, ``riichi_stake`` (Seipalle): the typical value is one share,
  a win collects four (six for East, SEI-PAY-3) and the riichi stakes on the table
  (SEI-PAY-5; :func:`win_gain`), and a riichi risks a 1000 stake (SEI-RIICHI-3/6), as
  large as a win: the expert weighs it against riichi's double (and the defensive bot,
  half of it, where its profile says so).
* ``settled``: every hand is scored at the end of the deal and the non-winners pay each other
  the differences (FIMJ-PAY-2, RAV-PAY-2): a hand that will not win still has points.
* ``min_fan``: MCR's 8-point minimum (MCR-WIN-4) limits what an opponent can win with: an
  opponent whose declared melds are all pungs is most likely on all pungs (MCR-FAN-48), so
  sequence waits are less likely against him.
* ``riichi``: a closed ready hand usually declares (riichi, FIMJ richi, Seipalle riichi), so a
  closed hand without a declaration is less likely ready.

**Readiness** (:func:`readiness`): a standing riichi is ready; otherwise the number of
declared melds, the discard tempo (turns played) and the wall left give a probability, a
little higher when the last discards are middle tiles late in the deal (a formed hand lets
go of what it no longer needs).

**Danger** (:func:`wait_danger`): the probability that a tile wins for a *ready* opponent,
by counting the wait shapes that win on it (two-sided, closed, edge, pair and single waits)
with the copies the viewer has not seen: a shape whose held tiles are all visible is
impossible (*kabe*, no-chance), one with a single unseen copy is rare (one-chance), an honour
with three copies visible can only be a single wait. Each shape's weight (how often people
wait that way) times its combinations is divided by the total over every shape still possible
for that opponent, so the danger of the remaining tiles grows as safe ones are found. On top:
an opponent whose melds are all in one suit (a flush in the making) is dangerous in that suit
and safe in the others; an open riichi hand whose melds are all simples (open tanyao, the
usual yaku of a hand opened without a yakuhai) cannot win on terminals and honours.

**A fitted read of the waits** (:attr:`RuleTraits.wait_fit`, :func:`fitted_danger`): where a
bot's profile gives coefficients (Seipalle's expert), each kind's shape-count log-odds and
what the shape count does not see (:data:`WAIT_FEATURES`: the order of the seat's discards and
which left from the hand, dora, the kind of tile, the seat's suits, suji, the unseen copies)
are weighed by a logistic model fitted to the ready hands of a field (``bench/wait_fit.py``,
which reads the hidden hands of simulated deals; the bot reads only its view).

>>> from muraglia.engine.views import PlayerView
>>> from muraglia.tiles import Tile
>>> v = PlayerView(seat=0, dealer=0, round_wind=Tile.EAST, phase="act", to_act=(0,),
...     hand=(Tile.M5,), drawn=None, melds=((),) * 4, bonus=((),) * 4,
...     discards=((), (Tile.M2,), (), ()), claim=None, hand_sizes=(1, 13, 13, 13),
...     live_count=50, dead_count=14, indicators=(), riichi=(False, True, False, False),
...     status=("playing",) * 4, scores=(0,) * 4, pot=0, rules="riichi-ema")
>>> m = DangerModel.of(Table.of(v))
>>> m.ready[1], m.deal_in(Tile.M2), m.deal_in(Tile.M6) > m.deal_in(Tile.M5) > 0
(1.0, 0.0, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from muraglia.engine.actions import Action, Discard
from muraglia.engine.views import PlayerView
from muraglia.players.base import Table
from muraglia.players.efficiency import dora_kinds
from muraglia.tiles import COPIES, DRAGONS, NUM_KINDS, NUM_SUITED, NUM_SUITS, RANKS, Tile

__all__ = [
    "EQUITY_UNITS",
    "NO_FURITEN_KEEP",
    "TRAITS",
    "DangerModel",
    "RuleTraits",
    "attack_or_fold",
    "opponent_value",
    "readiness",
    "stage_chance",
    "threat_of",
    "traits_for",
    "wait_danger",
    "win_gain",
    "win_chance",
    "WAIT_FEATURES",
    "fitted_danger",
    "wait_features",
]

NO_FURITEN_KEEP = 0.5
"""Where a seat may win on a tile it discarded (FIMJ, Ravenna, MCR), a wait shape that wins
on one of his discards keeps this share of its weight."""


@dataclass(frozen=True, slots=True)
class RuleTraits:
    """What danger means in one ruleset (see the module docstring)."""

    id: str
    """Ruleset id."""
    furiten: bool
    """No win on a tile the seat has discarded (EMA-FURI-2, SEI-PLAY-4)."""
    liability: float
    """Share of the winner's value a deal-in costs beyond the others' share."""
    settled: bool
    """Every hand is scored and the non-winners settle among themselves (FIMJ-PAY-2,
    RAV-PAY-2)."""
    min_fan: int
    """Minimum value to win (MCR-WIN-4: 8); 0 = none."""
    riichi: bool
    """A closed ready hand may declare riichi (so an undeclared one is less often ready)."""
    typical_value: float
    """A typical winning hand's value in the ruleset's units (riichi points, FIMJ/Ravenna/
    Seipalle points after doubles, MCR fan), from the 2,000-match tables of docs/players.md."""
    dealer_factor: float
    """How much more a hand won by or against East moves (riichi 1.5, FIMJ-PAY-1/RAV-PAY-1
    and SEI-PAY East double: 2; MCR: 1)."""
    win_base: float = 0.0
    """What a win gains besides its value (MCR-PAY-2/3: 8 from each of the three others)."""
    win_share: float = 1.0
    """Share of a ready hand's waits it may actually win on. MCR's 8-point minimum
    (MCR-WIN-4) leaves about a third: over 25 seeded matches of ``bench/diagnose_bots.py
    --calibrate`` the opponents' wait shapes predicted 114 deal-ins where 37 happened, with
    their readiness (shanten 0) estimated right."""
    riichi_open: bool = False
    """Riichi may be declared with exposed sets (FIMJ-RICHI-3); elsewhere a closed hand only
    (SEI-RIICHI-2, EMA-RIICHI-1)."""
    riichi_single: bool = False
    """Riichi only on a wait on exactly one tile kind (FIMJ-RICHI-1)."""
    payment: tuple[float, float] | None = None
    """Where :attr:`typical_value` is one share of a hand (Seipalle's *V'*): the hand values
    a win moves, collected by the winner and paid by a discarder, for a winner who is not
    East and for East (SEI-PAY-1/2/3: the three shares with East's doubled, 4; East wins 6).
    ``None``: the typical value is what a win moves, East's with :attr:`dealer_factor`."""
    riichi_stake: float = 0.0
    """The stake a riichi puts on the table, lost unless the declarer wins (SEI-RIICHI-3/6:
    1000, as large as a limit share), which the expert (and a defensive bot whose profile
    says so) weighs when choosing riichi or dama
    (:meth:`~muraglia.players.defensive.DefensiveBot.riichi_pays`); 0: riichi by the gain
    rule measured in riichi, where the stake is a fifth of a typical hand."""
    dealer_pays_more: bool = True
    """Whether East loses more when it deals in (FIMJ-PAY-1, RAV-PAY-1: East pays double).
    False where the discarder pays the winner's value, East or not, and only East's own hand
    is worth :attr:`dealer_factor` more (riichi, EMA-SCORE: a ron is paid at the winner's
    value; the expert's traits, :attr:`~muraglia.players.profiles.Profile.dealer_ron`)."""
    pot_share: float = 0.0
    """Share of the stakes on the table (the view's ``pot``) a win collects and a push/fold
    decision counts (SEI-PAY-5, SEI-RIICHI-6: all of them; 0 where the measured decisions do
    not count them)."""
    riichi_passed: bool = False
    """Whether a tile let pass after a seat's riichi does not win for it (:func:`passed`):
    riichi furiten (EMA-FURI-4); in Seipalle, which has no such rule (SEI-PLAY-4,
    SEI-GAP-5), because a riichi hand holds its double (SEI-DBL-D30) and so may win on any
    tile that completes it, and a player who may win does. Read by a bot only where its
    profile says so (:attr:`~muraglia.players.profiles.Profile.defensive_passes`,
    :attr:`~muraglia.players.profiles.Profile.expert_passes`)."""
    temporary_furiten: bool = False
    """Whether a tile let pass since a seat's own last discard, with no call since, does not
    win for it now: temporary furiten (EMA-FURI-3: whether or not it would give a yaku); in
    Seipalle a read, not a rule: the seat's hand has not changed since, so a tile on which
    it could not or would not win then still gives it no win now, a player who may win
    being taken to win. Read as :attr:`riichi_passed` is."""
    wait_fit: tuple[float, ...] = ()
    """Coefficients of a logistic read of the waits fitted to a field's ready hands
    (:func:`fitted_danger`: the intercept, then one per :data:`WAIT_FEATURES`); empty: the
    shape count alone. Read by a bot only where its profile gives them
    (:attr:`~muraglia.players.profiles.Profile.expert_wait_fit`)."""


TRAITS: dict[str, RuleTraits] = {
    "riichi-ema": RuleTraits(
        "riichi-ema",
        True,
        0.8,
        False,
        0,
        True,
        5000.0,
        1.5,
        riichi_passed=True,
        temporary_furiten=True,
    ),
    "seipalle": RuleTraits(
        "seipalle",
        True,
        0.9,
        False,
        0,
        True,
        220.0,
        1.5,
        payment=(4.0, 6.0),
        riichi_stake=1000.0,
        pot_share=1.0,
        riichi_passed=True,
        temporary_furiten=True,
    ),
    "mcr": RuleTraits("mcr", False, 1.0, False, 8, False, 14.0, 1.0, 24.0, 0.33),
    "fimj": RuleTraits(
        "fimj", False, 0.0, True, 0, True, 140.0, 2.0, riichi_open=True, riichi_single=True
    ),
    "ravenna": RuleTraits("ravenna", False, 0.0, True, 0, False, 65.0, 2.0),
}
"""Rule traits by ruleset id."""
TRAITS["riichi-tenhou"] = replace(TRAITS["riichi-ema"], id="riichi-tenhou")

_DEFAULT = RuleTraits("default", False, 0.5, False, 0, False, 100.0, 1.0)


def win_gain(traits: RuleTraits, value: float, *, east: bool, pot: int) -> float:
    """What a win of ``value`` (the ruleset's units) gains the winner.

    Where the value is one share (:attr:`RuleTraits.payment`) the shares collected (East's
    if ``east``), plus :attr:`RuleTraits.win_base` and the share of the table's ``pot``
    counted (:attr:`RuleTraits.pot_share`); elsewhere the value and the win base.

    >>> win_gain(traits_for("seipalle"), 100.0, east=False, pot=1000)
    1400.0
    >>> win_gain(traits_for("riichi-ema"), 100.0, east=True, pot=1000)
    100.0
    """
    if traits.payment is not None:
        value *= traits.payment[east]
    return value + traits.win_base + traits.pot_share * pot


def traits_for(rules: object) -> RuleTraits:
    """The traits of a ruleset object or id (options ignored); neutral ones if unknown.

    >>> traits_for("fimj(tournament=true)").settled, traits_for("riichi-ema").furiten
    (True, True)
    """
    rid = rules if isinstance(rules, str) else str(getattr(rules, "id", ""))
    return TRAITS.get(rid.split("(", 1)[0].strip(), _DEFAULT)


# ---------------------------------------------------------------------------- readiness

_MELD_READY = (0.0, 0.12, 0.3, 0.6, 0.9)
"""Readiness from the number of declared melds alone."""

CLOSED_TEMPO = 0.2
"""Where a closed ready hand may declare riichi, the share of the tempo readiness a closed
hand without a declaration keeps. Calibrated with ``bench/diagnose_bots.py --calibrate``
(riichi-ema and Seipalle, 25 matches each, the hidden hands as truth): with 0.5, closed
opponents estimated 0.07 and 0.15 ready were ready 0 % and 2-3 % of the time."""


def readiness(t: Table, seat: int, traits: RuleTraits) -> float:
    """How likely ``seat`` is ready to win now (0-1), from what is face up."""
    v = t.view
    if seat == v.seat or (v.status and v.status[seat] in ("out", "cannot_win")):
        return 0.0
    if v.riichi[seat]:
        return 1.0
    melds = t.melds_of(seat)
    n = len(melds)
    turns = len(v.discards[seat])
    tempo = min(max((turns - 4) / 20, 0.0), 0.6)  # about 0.3 at turn 10, 0.6 at turn 16
    if n == 0 and traits.riichi:
        tempo *= CLOSED_TEMPO  # ready and closed, he would mostly have declared
    p = 1 - (1 - _MELD_READY[min(n, 4)]) * (1 - tempo)
    if v.live_count < 20:
        p += (20 - v.live_count) / 100  # the last turns: hands are formed
    last = v.discards[seat][-2:]
    if (
        turns >= 8
        and len(last) == 2
        and all(k < NUM_SUITED and 3 <= k % RANKS + 1 <= 7 for k in last)
    ):
        p += 0.05  # middle tiles let go late: the hand is formed
    return min(p, 0.95)


def threat_of(t: Table, traits: RuleTraits) -> float:
    """The summed readiness of the viewer's opponents.

    :attr:`DangerModel.threat`, without reading any tile's danger.
    """
    return sum(readiness(t, s, traits) for s in range(len(t.view.discards)))


def opponent_value(t: Table, seat: int, traits: RuleTraits) -> float:
    """The expected value of ``seat``'s hand if it wins, in the ruleset's units.

    The typical value, raised for a standing riichi, for East (who wins or pays more), for
    scoring honour pungs and dora in his melds and for melds all in one suit (a flush).
    """
    v = t.view
    value = traits.typical_value
    if traits.payment is not None:
        value *= traits.payment[v.dealer == seat]  # what the discarder pays (SEI-PAY-2/3)
    elif traits.dealer_factor != 1.0 and (
        v.dealer == seat or (traits.dealer_pays_more and v.dealer == v.seat)
    ):
        value *= traits.dealer_factor
    melds = t.melds_of(seat)
    mult = 1.0
    if v.riichi[seat]:
        mult += 0.2
    wind = t.seat_wind_of(seat)
    dora = set(dora_kinds(v.indicators))
    for m in melds:
        k = m[0]
        if m[0] == m[1] and (k in DRAGONS or k in (wind, v.round_wind)):
            mult += 0.3
        mult += 0.3 * sum(1 for x in m if x in dora)
    suits = {k // RANKS for m in melds for k in m if k < NUM_SUITED}
    if len(melds) >= 2 and len(suits) == 1:
        mult += 0.8
    return value * mult


# ---------------------------------------------------------------------------- wait shapes

_RYANMEN = 1.0
_KANCHAN = 0.3
_PENCHAN = 0.3
_SHANPON = 0.35
_TANKI = 0.12
_HONOUR_SHANPON = 2.5
_HONOUR_TANKI = 1.0
"""Weights of the wait shapes (how often a ready hand waits that way, per combination)."""


@lru_cache(maxsize=1)
def _shapes() -> tuple[tuple[tuple[int, ...], tuple[int, ...], float, bool], ...]:
    """Every wait shape: (tiles held, kinds it wins on, weight, is a sequence wait)."""
    out: list[tuple[tuple[int, ...], tuple[int, ...], float, bool]] = []
    for s in range(NUM_SUITS):
        b = s * RANKS
        for r in range(1, 7):  # two-sided: held r+1, r+2 (ranks 2..7 / 3..8), waits r, r+3
            a = b + r
            out.append(((a, a + 1), (a - 1, a + 2), _RYANMEN, True))
        for r in range(0, 7):  # closed: held r, r+2, wait r+1
            out.append(((b + r, b + r + 2), (b + r + 1,), _KANCHAN, True))
        out.append(((b, b + 1), (b + 2,), _PENCHAN, True))  # 12 waits 3
        out.append(((b + 7, b + 8), (b + 6,), _PENCHAN, True))  # 89 waits 7
    for k in range(NUM_KINDS):
        honour = k >= NUM_SUITED
        out.append(((k, k), (k,), _HONOUR_SHANPON if honour else _SHANPON, False))
        out.append(((k,), (k,), _HONOUR_TANKI if honour else _TANKI, False))
    return tuple(out)


@lru_cache(maxsize=1)
def _shape_table() -> tuple[tuple[int, int, int, int, float, bool, tuple[int, ...]], ...]:
    """:func:`_shapes` laid out for the inner loop of :func:`wait_danger`.

    Each: the first held kind, the second (-1 for a single), whether the two are a pair, the
    bit mask of the winning kinds, the weight, whether a sequence wait, the winning kinds.
    """
    out = []
    for held, waits, w, sequence in _shapes():
        second = held[1] if len(held) == 2 else -1
        pair = len(held) == 2 and held[0] == held[1]
        mask = sum(1 << x for x in waits)
        out.append((held[0], second, pair, mask, w, sequence, waits))
    return tuple(out)


def wait_danger(
    t: Table, seat: int, traits: RuleTraits, unseen: Sequence[int] | None = None
) -> list[float]:
    """For each of the 34 kinds, the probability it wins for ``seat`` if he is ready.

    Counts the wait shapes as the module docstring says: shapes impossible from the visible
    tiles (kabe) or excluded by furiten (genbutsu, suji) weigh nothing, the others their
    weight times their combinations of unseen copies, normalised over every shape.
    ``unseen`` (the viewer's unseen copies per kind) may be given when already counted.
    """
    v = t.view
    if unseen is None:
        unseen = [t.unseen(k) for k in range(NUM_KINDS)]
    discarded = 0
    for k in v.discards[seat]:
        if k < NUM_KINDS:
            discarded |= 1 << k
    if traits.riichi_passed or traits.temporary_furiten:
        discarded |= passed(v, seat, traits)
    melds = t.melds_of(seat)
    pungs_only = traits.min_fan > 0 and len(melds) >= 2
    pungs_only = pungs_only and all(m[0] == m[1] for m in melds)
    furiten = traits.furiten
    weights = [0.0] * NUM_KINDS
    total = 0.0
    for first, second, pair, mask, w, sequence, waits in _shape_table():
        u = unseen[first]
        if pair:
            c = u * (u - 1) // 2
        elif second >= 0:
            c = u * unseen[second]
        else:
            c = u
        if not c:
            continue
        weight = w * c
        if mask & discarded:
            if furiten:
                continue
            weight *= NO_FURITEN_KEEP
        if sequence and pungs_only:
            weight *= 0.3  # MCR: a pungs-only opener is on all pungs (MCR-FAN-48)
        total += weight
        for x in waits:
            weights[x] += weight
    if total <= 0:
        return [0.0] * NUM_KINDS
    total /= traits.win_share
    danger = [w / total for w in weights]
    _hand_shape(t, seat, traits, danger)
    if traits.wait_fit:
        return fitted_danger(traits.wait_fit, wait_features(t, seat, danger, unseen), danger)
    return danger


WAIT_FEATURES = (
    "shape",
    "early",
    "late_from_hand",
    "riichi_tile",
    "dora",
    "near_dora",
    "honour",
    "terminal",
    "two_eight",
    "suit_share",
    "suji",
    "unseen",
)
"""What the fitted read of the waits (:func:`wait_features`) sees of each kind ``k`` for one
seat: the shape count's log-odds (:func:`wait_danger` before the fit); whether ``k`` lies
within two ranks of one of the seat's first six discards (an early discard: its
neighbourhood was not wanted), of one of its last three discards that left from the hand
rather than the draw (the view's ``from_draw``: a shape just broken or a wait just formed
next to it), of its riichi discard; whether ``k`` is a dora, or within two ranks of one;
honour, terminal, 2 or 8; the share of the seat's discards in ``k``'s suit; the share of
``k``'s suji (three ranks away) the seat discarded; the viewer's unseen copies over 4."""


def _near(kinds: Iterable[int]) -> frozenset[int]:
    """The suited kinds within two ranks of one of ``kinds`` in its suit (not that one)."""
    out: set[int] = set()
    for x in kinds:
        if x < NUM_SUITED:
            low = x - x % RANKS
            out.update(y for y in range(max(x - 2, low), min(x + 3, low + RANKS)) if y != x)
    return frozenset(out)


def wait_features(
    t: Table, seat: int, danger: Sequence[float], unseen: Sequence[int]
) -> list[tuple[float, ...]]:
    """Per kind, the :data:`WAIT_FEATURES` of ``seat``'s waits read from the view.

    ``danger`` is the shape count (:func:`wait_danger`'s probabilities before the fit) and
    ``unseen`` the viewer's unseen copies per kind. The order of the discards and which left
    from the draw are the view's (``discard_seats``, ``from_draw``, ``riichi_at``); a view
    without them (built by hand) reads none of those three features.

    >>> from muraglia.engine.views import PlayerView
    >>> v = PlayerView(seat=0, dealer=0, round_wind=Tile.EAST, phase="act", to_act=(0,),
    ...     hand=(), drawn=None, melds=((),) * 4, bonus=((),) * 4,
    ...     discards=((), (Tile.M2, Tile.NORTH), (), ()), claim=None,
    ...     hand_sizes=(13,) * 4, live_count=50, dead_count=14, indicators=(Tile.M3,),
    ...     riichi=(False,) * 4, status=("playing",) * 4, scores=(0,) * 4, pot=0,
    ...     rules="seipalle", discard_seats=(1, 1), from_draw=(1,))
    >>> f = wait_features(Table.of(v), 1, [0.05] * NUM_KINDS, [4] * NUM_KINDS)
    >>> dict(zip(WAIT_FEATURES[1:], f[Tile.M4][1:]))  # doctest: +NORMALIZE_WHITESPACE
    {'early': 1.0, 'late_from_hand': 1.0, 'riichi_tile': 0.0, 'dora': 1.0, 'near_dora': 0.0,
     'honour': 0.0, 'terminal': 0.0, 'two_eight': 0.0, 'suit_share': 0.5, 'suji': 0.0,
     'unseen': 1.0}
    """
    v = t.view
    mine = v.discards[seat]
    drawn = set(v.from_draw)
    riichi_pos = v.riichi_at[seat] - 1 if v.riichi_at and v.riichi[seat] else -1
    own: list[tuple[int, bool, int]] = []  # (kind, left from the draw, position)
    n = 0
    for i, s in enumerate(v.discard_seats):
        if s == seat and n < len(mine):
            own.append((mine[n], i in drawn, i))
            n += 1
    early = _near([k for k, _, _ in own[:6]] if own else mine[:6])
    late = _near([k for k, from_draw, _ in own[-3:] if not from_draw])
    riichi_tile = _near([k for k, _, i in own if i == riichi_pos])
    dora = set(dora_kinds(v.indicators))
    near_dora = _near(dora) - dora
    total = max(len(mine), 1)
    share = [
        sum(1 for k in mine if k < NUM_SUITED and k // RANKS == s) / total for s in range(NUM_SUITS)
    ]
    thrown = set(mine)
    out: list[tuple[float, ...]] = []
    for k in range(NUM_KINDS):
        d = min(max(danger[k], 1e-4), 1 - 1e-4)
        suited = k < NUM_SUITED
        r = k % RANKS
        sides = [x for x, ok in ((k - 3, r >= 3), (k + 3, r <= 5)) if suited and ok]
        out.append(
            (
                math.log(d / (1 - d)),
                float(k in early),
                float(k in late),
                float(k in riichi_tile),
                float(k in dora),
                float(k in near_dora),
                float(not suited),
                float(suited and r in (0, RANKS - 1)),
                float(suited and r in (1, RANKS - 2)),
                share[k // RANKS] if suited else 0.0,
                sum(1 for x in sides if x in thrown) / len(sides) if sides else 0.0,
                unseen[k] / COPIES,
            )
        )
    return out


def fitted_danger(
    fit: Sequence[float], features: Sequence[Sequence[float]], danger: Sequence[float]
) -> list[float]:
    """Per kind, the fitted probability that it wins for a ready seat.

    ``fit`` is the intercept and one coefficient per feature (:attr:`RuleTraits.wait_fit`);
    a kind the shape count (``danger``) gives no chance stays safe (a genbutsu, a kabe).

    >>> fitted_danger((0.0, 1.0), [(0.0,), (0.0,)], [0.5, 0.0])
    [0.5, 0.0]
    """
    out = []
    for f, d in zip(features, danger, strict=True):
        if d <= 0:
            out.append(0.0)
            continue
        z = fit[0] + sum(c * x for c, x in zip(fit[1:], f, strict=True))
        out.append(1 / (1 + math.exp(-z)))
    return out


def passed(v: PlayerView, seat: int, traits: RuleTraits) -> int:
    """The kinds ``seat`` let pass and may not win on now, as a bit mask (bit ``k``: kind k).

    After its riichi (:attr:`RuleTraits.riichi_passed`, the view's ``riichi_at``) every
    tile the other seats discarded since (EMA-FURI-4); otherwise, with
    :attr:`RuleTraits.temporary_furiten`, those discarded since its own last discard and
    after the last claimed one (a call interrupts the go-around, EMA-FURI-3). The view's
    order of the discards (``discard_seats``) tells which; a view without it (built by
    hand) gives none; the discard in a claim window is not passed yet. A concealed or added
    kong, which also interrupts the go-around, is not in that order: a tile passed before
    one is still read as passed.

    >>> from muraglia.engine.views import PlayerView
    >>> from muraglia.tiles import Tile
    >>> v = PlayerView(seat=0, dealer=0, round_wind=Tile.EAST, phase="act", to_act=(0,),
    ...     hand=(), drawn=None, melds=((),) * 4, bonus=((),) * 4,
    ...     discards=((Tile.M1, Tile.M2), (Tile.P1, Tile.P2), (Tile.S1,), (Tile.S2,)),
    ...     claim=None, hand_sizes=(13,) * 4, live_count=50, dead_count=14, indicators=(),
    ...     riichi=(False, True, False, False), status=("playing",) * 4, scores=(0,) * 4,
    ...     pot=0, rules="riichi-ema", discard_seats=(0, 1, 2, 3, 0, 1),
    ...     riichi_at=(0, 2, 0, 0))
    >>> tr = traits_for("riichi-ema")
    >>> [Tile(k).notation for k in range(NUM_KINDS) if passed(v, 1, tr) >> k & 1]
    ['2m', '1s', '2s']
    >>> [Tile(k).notation for k in range(NUM_KINDS) if passed(v, 3, tr) >> k & 1]
    ['2m', '2p']
    """
    order = v.discard_seats
    riichi = v.riichi_at[seat] if traits.riichi_passed and v.riichi_at else 0
    if not order or not (riichi or traits.temporary_furiten):
        return 0
    end = len(order) - (v.claim is not None and v.phase == "claim")  # not let pass yet
    claimed = v.claimed if not riichi else ()
    mask = 0
    seen = [0] * len(v.discards)
    for i, s in enumerate(order):
        n = seen[s]
        seen[s] = n + 1
        if riichi:
            if i >= riichi and s != seat and i < end:
                mask |= 1 << v.discards[s][n]
        elif s == seat or (claimed and claimed[s][n]):
            mask = 0  # its own discard, or a call: nothing let pass before counts
        elif i < end:
            mask |= 1 << v.discards[s][n]
    return mask


def _hand_shape(t: Table, seat: int, traits: RuleTraits, danger: list[float]) -> None:
    """Scale ``danger`` for what the opponent's melds show (a flush, open tanyao)."""
    melds = t.melds_of(seat)
    if not melds:
        return
    suits = {k // RANKS for m in melds for k in m if k < NUM_SUITED}
    if len(suits) == 1 and len(melds) >= 2:
        (main,) = suits
        for k in range(NUM_SUITED):
            danger[k] = min(danger[k] * (1.8 if k // RANKS == main else 0.25), 1.0)
    if traits.id.startswith("riichi") and all(Tile(k).is_simple for m in melds for k in m):
        for k in range(NUM_KINDS):
            if not Tile(k).is_simple:
                danger[k] *= 0.2  # open tanyao cannot win on them (EMA-YAKU, EMA-WIN-2)


# ---------------------------------------------------------------------------- the model


@dataclass(frozen=True, slots=True)
class DangerModel:
    """Every opponent's readiness, value and per-tile danger for one view."""

    traits: RuleTraits
    """The ruleset's traits."""
    ready: tuple[float, ...]
    """Readiness of each seat (0 for the viewer)."""
    value: tuple[float, ...]
    """Expected value of each seat's hand if it wins (ruleset units)."""
    danger: tuple[tuple[float, ...], ...]
    """Per seat, the probability each kind wins for him if he is ready (empty for seats with
    no readiness)."""

    @classmethod
    def of(cls, t: Table, traits: RuleTraits | None = None) -> DangerModel:
        """The model of a table (traits from the view's ruleset id unless given)."""
        tr = traits if traits is not None else traits_for(t.view.rules)
        seats = range(len(t.view.discards))
        ready = tuple(readiness(t, s, tr) for s in seats)
        value = tuple(opponent_value(t, s, tr) if ready[s] else 0.0 for s in seats)
        unseen = [t.unseen(k) for k in range(NUM_KINDS)]
        danger = tuple(tuple(wait_danger(t, s, tr, unseen)) if ready[s] else () for s in seats)
        return cls(tr, ready, value, danger)

    @property
    def threat(self) -> float:
        """The summed readiness of the opponents."""
        return sum(self.ready)

    def deal_in(self, kind: int) -> float:
        """The probability that discarding ``kind`` deals in (to anyone)."""
        safe = 1.0
        for r, d in zip(self.ready, self.danger, strict=True):
            if r:
                safe *= 1 - r * d[kind]
        return 1 - safe

    def loss(self, kind: int) -> float:
        """Expected value lost by dealing in with ``kind`` (ruleset units, before liability)."""
        return sum(
            r * d[kind] * val
            for r, d, val in zip(self.ready, self.danger, self.value, strict=True)
            if r
        )

    def cost(self, kind: int, equity: float) -> float:
        """Expected value lost by discarding ``kind`` (ruleset units).

        The winner's value the discarder pays beyond the others (the ruleset's liability),
        plus the own ``equity`` (chance to win x value) that a deal-in ends.
        """
        return self.traits.liability * self.loss(kind) + self.deal_in(kind) * equity

    def safest(self, kinds: list[int]) -> int:
        """The kind of ``kinds`` least likely to deal in (the first one on ties)."""
        return min(kinds, key=self.deal_in)


# ---------------------------------------------------------------------------- push or fold

EQUITY_UNITS = 120.0
"""Ukeire units (the bots' discard score) that an expected loss of one typical hand costs
when the attacking discard is chosen."""

_TYPICAL_UKEIRE = (6, 20, 36, 50, 60, 70, 80, 90, 100)
"""Useful tiles assumed at each shanten once reached (0 = ready)."""


RACE = 0.05
"""Chance, per own turn, that the deal ends first by another seat's win."""

READY_CLAIMS = 1.8
"""Factor on a ready hand's per-turn chance to win: the other seats' discards count too."""


@lru_cache(maxsize=1 << 16)
def win_chance(shanten: int, ukeire: int, draws: int, unseen: int, race: float = RACE) -> float:
    """The chance to complete the hand within ``draws`` own turns (a rough model).

    Each step of shanten is a stage passed with a per-turn chance of its useful tiles over
    the unseen ones (the current stage with ``ukeire``, later stages with typical counts);
    once ready, the others' discards count too (a claimed win), nearly doubling the chance.
    Each turn the deal may also end by another seat's win (``race``, by default
    :data:`RACE`).

    >>> win_chance(0, 8, 10, 80) > win_chance(1, 30, 10, 80) > win_chance(3, 40, 10, 80)
    True
    >>> win_chance(0, 0, 10, 80), win_chance(-1, 0, 0, 80)
    (0.0, 1.0)
    """
    if shanten < 0:
        return 1.0
    unseen = max(unseen, 1)
    stages = [ukeire, *(_TYPICAL_UKEIRE[min(s, 8)] for s in range(shanten - 1, -1, -1))]
    return stage_chance([min(u / unseen, 1.0) for u in stages], draws, race)


def stage_chance(chances: Sequence[float], draws: int, race: float = RACE) -> float:
    """The chance to pass every stage within ``draws`` own turns (:func:`win_chance`'s model).

    ``chances`` are the per-turn chances of passing each stage in order, the last being the
    ready hand's: the others' discards count there too (a claimed win), which
    :data:`READY_CLAIMS` multiplies it by. Each turn the deal may also end by another
    seat's win (``race``).

    >>> stage_chance([0.5], 1, 0.0), stage_chance([], 3)
    (0.9, 1.0)
    """
    if not chances:
        return 1.0
    chances = list(chances)
    chances[-1] = min(1.0, chances[-1] * READY_CLAIMS)
    state = [1.0] + [0.0] * len(chances)
    alive = 1.0
    for _ in range(max(draws, 0)):
        for i in range(len(chances) - 1, -1, -1):
            moved = state[i] * chances[i]
            state[i] -= moved
            state[i + 1] += moved * alive
        alive *= 1 - race
    return state[-1]


def attack_or_fold(
    model: DangerModel,
    discards: Sequence[Discard],
    ranked: Mapping[Action, float],
    equity: Mapping[Action, float],
    pick: Callable[[dict[Action, float]], Action],
    *,
    steps: Mapping[Action, int],
    caution: float = 1.0,
) -> Action:
    """Attack with the best discard or fold with the safest one, by expected value.

    ``ranked`` scores the attacking discards (ukeire units: higher is better), ``equity`` is
    each discard's own-hand equity (chance to win x value, ruleset units), ``steps`` the
    shanten each leaves. A discard costs its deal-in probability times what a deal-in
    loses: the winner's value times the ruleset's liability, plus the own equity a deal-in
    ends. The attack is the best of ``ranked`` lowered by its cost (:data:`EQUITY_UNITS`
    per typical hand: in Seipalle what a typical win moves, four shares); attacking means
    as many such discards as the hand has steps to go (shanten + 1), so its expected value
    is its equity minus that many costs. Folding gives the hand up: its expected value is
    minus the cost of the safest discard (of the safest, the one keeping the most equity).
    The larger one is chosen. ``caution`` multiplies every cost (above 1: a risk-averse
    player, who folds earlier and against smaller threats).
    """
    typical = model.traits.typical_value * (model.traits.payment or (1.0,))[0]

    costs = {a: caution * model.cost(a.tile, equity[a]) for a in discards}
    pushed = {a: s - EQUITY_UNITS * costs[a] / typical for a, s in ranked.items()}  # type: ignore[index]
    attack = pick(pushed)
    safe = min(model.deal_in(a.tile) for a in discards)
    fold = pick(
        {a: equity[a] for a in discards if not a.riichi and model.deal_in(a.tile) <= safe + 1e-9}
        or {attack: 0.0}
    )
    assert isinstance(attack, Discard)
    assert isinstance(fold, Discard)
    pushes = max(steps.get(attack, 0), 0) + 1
    if -costs[fold] > equity[attack] - pushes * costs[attack]:
        return fold
    return attack
