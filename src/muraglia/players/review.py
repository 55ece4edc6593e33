"""Game review: at each decision of a seat, the expert's choice and what the actual one cost.

For a record (muraglia's own JSON Lines, or a Tenhou record: mjlog XML, tenhou.net/6 JSON,
mjai log) and a seat, every decision of that seat with more than one legal action is shown to
the :class:`~muraglia.players.expert.ExpertBot` through the seat's own
:class:`~muraglia.engine.views.PlayerView` (so the review, like the bot, sees only what the
player saw). Both the actual action and the expert's are judged (:class:`Judgement`):

* ``shanten`` after the action: a discard's 13 tiles; a call's hand after the call and its best
  discard; a pass keeps the hand (-1 for a win);
* ``ukeire`` (discards): unseen copies of the tiles that lower that shanten;
* ``value`` (discards): the expert's estimate of the discard's expected value in the ruleset's
  units — its equity (chance to win x hand value, the scorer's value for a ready hand) minus
  its deal-in cost against the opponents' readiness (:mod:`~muraglia.players.danger`).

:class:`Decision` gives the losses (how much worse the actual choice is: shanten steps,
ukeire, value; 0 when they agree). :func:`review_file` reads any supported record;
``muraglia review FILE --seat N [--json]`` prints it.

>>> from muraglia.engine.game import Game
>>> from muraglia.io.record import record_of
>>> from muraglia.players import make_bot
>>> from muraglia.rulesets import load_ruleset
>>> m = Game(load_ruleset("riichi-ema"), seed=3, max_deals=1).new_match()
>>> bots = [make_bot("efficiency", "riichi-ema", seed=s) for s in range(4)]
>>> while not m.over:
...     s = m.to_act[0]
...     _ = m.apply(bots[s].choose(m.view(s), m.legal_actions(s)))
>>> r = review_record(record_of(m), 0)
>>> r.seat, len(r.decisions) > 5, 0 <= r.agreement <= 1
(0, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from muraglia.analysis.shanten import DeltaShanten, shanten_all
from muraglia.engine.actions import Action, ClaimKong, Discard, Pass, Win
from muraglia.engine.events import Acted, TimeCalled
from muraglia.engine.match import MatchState
from muraglia.engine.views import PlayerView, view_of
from muraglia.errors import MahjongError
from muraglia.io.record import GameRecord, game_of, loads
from muraglia.io.tenhou import Record
from muraglia.io.tenhou_replay import load_record, record_ruleset, replay_choices
from muraglia.players.base import Table
from muraglia.players.danger import DangerModel
from muraglia.players.defensive import shanten_after_call
from muraglia.players.efficiency import useful_count
from muraglia.players.expert import SCORE_BUDGET, ExpertBot

__all__ = [
    "Decision",
    "Judgement",
    "Review",
    "Reviewer",
    "judge",
    "review_file",
    "review_record",
]


@dataclass(frozen=True, slots=True)
class Judgement:
    """How good one action is (None where the measure does not apply)."""

    shanten: int | None
    """Shanten after the action (-1: a win)."""
    ukeire: int | None = None
    """Unseen tiles lowering that shanten (discards)."""
    value: float | None = None
    """Expected value (equity minus deal-in cost, ruleset units; discards)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {
            "shanten": self.shanten,
            "ukeire": self.ukeire,
            "value": None if self.value is None else round(self.value, 1),
        }


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed seat."""

    deal: int
    """Deals played before this one in the match (0: the first deal)."""
    step: int
    """The seat's decision number in the review (0-based)."""
    phase: str
    """``act`` (own turn), ``claim``/``rob`` (a discard or an added kong offered)."""
    hand: str
    """The seat's concealed tiles, the drawn one included, in notation."""
    actual: Action
    """What the player did."""
    expert: Action
    """What the expert bot would have done."""
    actual_judgement: Judgement
    expert_judgement: Judgement

    @property
    def agrees(self) -> bool:
        """The player chose what the expert chose."""
        return self.actual == self.expert

    @property
    def shanten_loss(self) -> int:
        """Shanten steps the actual choice is behind the expert's (0 if not comparable)."""
        a, e = self.actual_judgement.shanten, self.expert_judgement.shanten
        return a - e if a is not None and e is not None else 0

    @property
    def ukeire_loss(self) -> int:
        """Useful tiles the actual choice gives up against the expert's, at equal shanten."""
        a, e = self.actual_judgement, self.expert_judgement
        if a.ukeire is None or e.ukeire is None or a.shanten != e.shanten:
            return 0
        return e.ukeire - a.ukeire

    @property
    def value_loss(self) -> float:
        """Expected value (ruleset units) the actual choice gives up against the expert's."""
        a, e = self.actual_judgement.value, self.expert_judgement.value
        return e - a if a is not None and e is not None else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON form (actions as in records)."""
        return {
            "deal": self.deal,
            "step": self.step,
            "phase": self.phase,
            "hand": self.hand,
            "actual": self.actual.to_dict(),
            "expert": self.expert.to_dict(),
            "agrees": self.agrees,
            "actual_judgement": self.actual_judgement.to_dict(),
            "expert_judgement": self.expert_judgement.to_dict(),
            "shanten_loss": self.shanten_loss,
            "ukeire_loss": self.ukeire_loss,
            "value_loss": round(self.value_loss, 1),
        }


@dataclass(frozen=True)
class Review:
    """The review of one seat over a record."""

    rules: str
    """The ruleset spec the record was replayed with."""
    seat: int
    decisions: tuple[Decision, ...]
    problems: tuple[str, ...] = field(default=())
    """Rounds that could not be replayed (Tenhou records), skipped."""

    @property
    def agreement(self) -> float:
        """Share of the decisions where the player chose what the expert chose."""
        n = len(self.decisions)
        return sum(d.agrees for d in self.decisions) / n if n else 1.0

    def to_dict(self) -> dict[str, Any]:
        """JSON form: totals, then every decision."""
        return {
            "rules": self.rules,
            "seat": self.seat,
            "decisions": len(self.decisions),
            "agreement": round(self.agreement, 4),
            "shanten_loss": sum(d.shanten_loss for d in self.decisions),
            "ukeire_loss": sum(d.ukeire_loss for d in self.decisions),
            "value_loss": round(sum(d.value_loss for d in self.decisions), 1),
            "problems": list(self.problems),
            "steps": [d.to_dict() for d in self.decisions],
        }


def judge(bot: ExpertBot, view: PlayerView, legal: Sequence[Action]) -> dict[Action, Judgement]:
    """A judgement of each action of ``legal`` from ``view`` (by the expert's measures)."""
    t = Table.of(view)
    counts = t.counts
    melds = t.own_melds
    discards = [a for a in legal if isinstance(a, Discard)]
    out: dict[Action, Judgement] = {}
    if discards:
        bot._budget = SCORE_BUDGET  # as in the decision: the same values
        _, equity, steps = bot.ranked_equity(t, discards)
        model = DangerModel.of(t, bot.danger_traits())  # as the expert reads it
        hand = DeltaShanten(counts, melds)
        for d in discards:
            sh = steps[d]
            counts[d.tile] -= 1
            uke = useful_count(counts, melds, sh, t.visible, hand=hand, discarded=d.tile)
            counts[d.tile] += 1
            out[d] = Judgement(sh, uke, equity[d] - model.cost(d.tile, equity[d]))
    keep = shanten_all(counts, melds) if sum(counts) % 3 == 1 else None
    for a in legal:
        if a in out:
            continue
        if isinstance(a, Win):
            out[a] = Judgement(-1)
        elif isinstance(a, Pass):
            out[a] = Judgement(keep)
        elif a.kind in ("chow", "pung") or isinstance(a, ClaimKong):
            out[a] = Judgement(shanten_after_call(t, a))
        else:
            out[a] = Judgement(None)
    return out


class Reviewer:
    """Collects the decisions of one seat as a replay goes (``see`` before each action)."""

    def __init__(self, rules: Any, seat: int, seed: int) -> None:
        self.bot = ExpertBot(rules, seed=seed)
        self.seat = seat
        self.decisions: list[Decision] = []

    def see(self, match: MatchState, action: Action) -> None:
        """Review ``action`` if it is a decision of the seat (before it is applied)."""
        if action.seat != self.seat:
            return
        legal = match.legal_actions(self.seat)
        if len(legal) < 2 or action not in legal:
            return
        view = view_of(match.deal, self.seat, match)
        expert = self.bot.choose(view, legal)
        judged = judge(self.bot, view, legal)
        hand = "".join(t.notation for t in view.hand)
        self.decisions.append(
            Decision(
                match.progress.deal,
                len(self.decisions),
                view.phase,
                hand,
                action,
                expert,
                judged[action],
                judged[expert],
            )
        )


def review_record(record: GameRecord, seat: int, *, seed: int = 0) -> Review:
    """Review ``seat`` over one of muraglia's own records.

    Raises:
        MahjongError: a seat the match does not have, or a record that does not replay.
    """
    game = game_of(record.header)
    match = game.new_match()
    _check_seat(seat, len(match.scores))
    reviewer = Reviewer(game.ruleset, seat, seed)
    for event in record.events:
        if isinstance(event, Acted):
            reviewer.see(match, event.action)
            match.apply(event.action)
        elif isinstance(event, TimeCalled):
            match.call_time()
    return Review(record.rules_id, seat, tuple(reviewer.decisions))


def review_tenhou(record: Record, seat: int, *, seed: int = 0) -> Review:
    """Review ``seat`` over a Tenhou record (replayed round by round through the engine)."""
    _check_seat(seat, 3 if record.header.three_player else 4)
    spec, ruleset = record_ruleset(record)  # the ruleset an export of ours names
    reviewer = Reviewer(ruleset, seat, seed)
    problems = replay_choices(record, reviewer.see, ruleset)
    return Review(spec, seat, tuple(reviewer.decisions), tuple(problems))


def review_file(path: str | Path, seat: int, *, seed: int = 0) -> Review:
    """Review ``seat`` over the record in ``path`` (muraglia JSONL or a Tenhou format).

    Raises:
        MahjongError: an unreadable file, an unknown format, a bad seat.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise MahjongError(f"{p.name}: cannot read the record ({exc})") from None
    first = text.lstrip().split("\n", 1)[0]
    if first.startswith("{") and '"type": "header"' in first.replace('"type":"', '"type": "'):
        return review_record(loads(text), seat, seed=seed)
    return review_tenhou(load_record(p), seat, seed=seed)


def _check_seat(seat: int, seats: int) -> None:
    if not 0 <= seat < seats:
        raise MahjongError(f"seat {seat} is not at this table: seats are 0-{seats - 1}")
