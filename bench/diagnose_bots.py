"""Where a bot gains or loses against a field: per-deal outcomes of its seat and the others'.

Command::

    python bench/diagnose_bots.py --rules fimj --hero expert --field efficiency \
        [--matches 40] [--start 0] [--seed 2026] [--max-deals D] [--rows out.jsonl] \
        [--set ATTR=VALUE | --set profile.FIELD=VALUE ...]

Plays the seeded matches ``start .. start+matches-1`` of a strength cell exactly as
``bench/strength.py`` does (match ``i``: the hero at seat ``i % 4``, game seed
``match_seed(seed, i)``, bot seeds ``8 * game seed + seat`` as ``play_match``; FIMJ and
Seipalle with ``tournament=true``), so two versions of a bot run on the same seeds are
compared match by match (a paired design). ``--max-deals`` cuts every match after that
many deals (the report says so; placements of cut matches are not those of whole ones).

Printed per role (the hero's seat, and the field's seats averaged): deals, per-deal rates of
winning, dealing in, self-drawn wins, being won on by others, exhaustive draws and being
ready at them, mean value of the hands won, mean net score per deal split by how the deal
ended for the seat (won, dealt in, another seat won, draw: where every hand is settled,
FIMJ-PAY-2 / RAV-PAY-2, the third part holds the points of the hands that did not win), the
riichi stakes per deal (put on the table, and the table's stakes collected: outside the
hands' payments, EMA-RIICHI-3, SEI-RIICHI-6), the mean final score (from the start) and
the mean placement; and the mean placement of every seat by the number of deals it won in
the match (what a win is worth in placement). For the hero alone, the decisions it made
differently from an ``efficiency`` bot asked the same question: deals with a step back in
shanten under threat (a fold), calls the efficiency bot would make and the hero refused (and
the reverse), riichi declarations offered and not taken, and the share of discards that
differ. ``--rows`` writes one JSON line per match (the per-seat totals) for paired
comparisons::

    python bench/diagnose_bots.py --compare old.jsonl new.jsonl
    python bench/diagnose_bots.py --compare old.jsonl bench/results/strength_pilots.jsonl \
        --rules fimj --hero expert --field efficiency [--bots HASH | --bots OLD,NEW]

Either file may be a ``bench/strength.py`` output (the same seeded matches): the rows of
the cell named by ``--rules``/``--hero``/``--field``/``--seed`` played by the bots of this
checkout (or ``--bots``) are compared, as rows of the hero's seat.
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from muraglia.analysis.shanten import shanten_all
from muraglia.engine.actions import Action, Discard, Pass, PassTiles, Win
from muraglia.engine.events import (
    Called,
    DealEnded,
    DealStarted,
    Drew,
    RiichiAccepted,
    Settled,
    Won,
)
from muraglia.engine.game import Game
from muraglia.engine.views import PlayerView, view_of
from muraglia.players import make_bot
from muraglia.players.base import Player, Table
from muraglia.players.danger import DangerModel, traits_for, win_chance
from muraglia.players.defensive import QUIET
from muraglia.players.efficiency import useful_count
from muraglia.players.profiles import PROFILES
from muraglia.players.simulate import match_seed, placements
from muraglia.rulesets import ruleset_for
from muraglia.tiles import NUM_KINDS

SPECS = {"fimj": "fimj(tournament=true)", "seipalle": "seipalle(tournament=true)"}

FIELDS = (
    "deals",
    "won",
    "self_drawn",
    "dealt_in",
    "other_won",
    "draws",
    "ready_at_draw",
    "value",
    "net_won",
    "net_dealt_in",
    "net_other",
    "net_draw",
    "stakes",
    "score",
    "riichi",
    "called",
    "massimi",
    "big",
    "placement",
)
HERO_FIELDS = (
    "decisions",
    "discards",
    "differ",
    "fold_deals",
    "refused_calls",
    "extra_calls",
    "riichi_declined",
)


class Probe:
    """A seat's bot, watched: its last hand's shanten and (for the hero) how it decides."""

    def __init__(self, bot: Player, rules: Any, seed: int, *, hero: bool) -> None:
        self.bot = bot
        self.hero = hero
        self.peer = make_bot("efficiency", rules, seed=seed) if hero else None
        self.traits = traits_for(rules)
        self.shanten = 8
        self.folded = False
        self.n: Counter[str] = Counter(dict.fromkeys(HERO_FIELDS, 0))

    @property
    def name(self) -> str:
        return self.bot.name

    def new_deal(self) -> None:
        if self.folded:
            self.n["fold_deals"] += 1
        self.folded = False
        self.shanten = 8

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        action = self.bot.choose(view, legal)
        if isinstance(action, Discard) and action.tile < NUM_KINDS:
            t = Table.of(view)
            t.counts[action.tile] -= 1
            self.shanten = shanten_all(t.counts, t.own_melds)
        if not self.hero or len(legal) == 1 or any(isinstance(a, Win) for a in legal):
            return action
        assert self.peer is not None
        if isinstance(legal[0], PassTiles):
            return action
        self.n["decisions"] += 1
        peer = self.peer.choose(view, legal)
        if view.phase == "act":
            self._act(view, legal, action, peer)
        elif any(not isinstance(a, Pass) for a in legal):
            if isinstance(action, Pass) and not isinstance(peer, Pass):
                self.n["refused_calls"] += 1
            if not isinstance(action, Pass) and isinstance(peer, Pass):
                self.n["extra_calls"] += 1
        return action

    def _act(self, view: PlayerView, legal: Sequence[Action], action: Action, peer: Action) -> None:
        if not isinstance(action, Discard):
            return
        self.n["discards"] += 1
        if peer != action:
            self.n["differ"] += 1
        if not action.riichi and any(isinstance(a, Discard) and a.riichi for a in legal):
            self.n["riichi_declined"] += 1
        t = Table.of(view)
        best = 8
        for a in legal:
            if isinstance(a, Discard) and a.tile < NUM_KINDS:
                t.counts[a.tile] -= 1
                best = min(best, shanten_all(t.counts, t.own_melds))
                t.counts[a.tile] += 1
        if self.shanten > best and DangerModel.of(t, self.traits).threat >= QUIET:
            self.folded = True


def _with_profile(bot: Player, fields: dict[str, Any], build: Any) -> Player:
    """``bot`` rebuilt with ``fields`` of its profile replaced.

    The bots read many fields once, when built (the expert's ``lookahead``, its riichi-ema
    knobs), so the profile is replaced in :data:`~muraglia.players.profiles.PROFILES` while
    ``build`` makes the bot again, then restored: only this bot sees the change. A neutral
    profile (no ruleset's) is set on the bot as it is.
    """
    profile = _owned(bot, "profile", fields, "a profile")
    patched = replace(profile, **fields)
    if profile.id not in PROFILES:
        bot.profile = patched  # type: ignore[attr-defined]
        return bot
    PROFILES[profile.id] = patched
    try:
        rebuilt: Player = build()
    finally:
        PROFILES[profile.id] = profile
    return rebuilt


def _with_traits(bot: Player, fields: dict[str, Any]) -> Player:
    """``bot`` with ``fields`` of its rule traits (:class:`~muraglia.players.danger.RuleTraits`:
    what its danger model and push/fold read, e.g. ``pot_share``) replaced, on it alone."""
    bot.traits = replace(_owned(bot, "traits", fields, "the rule traits"), **fields)  # type: ignore[attr-defined]
    return bot


def _owned(bot: Player, attr: str, fields: dict[str, Any], what: str) -> Any:
    """The bot's ``attr`` (its profile or rule traits), checked to have every field of
    ``fields``: a clear error for ``--set`` naming the field otherwise."""
    own = getattr(bot, attr, None)
    if own is None:
        raise SystemExit(f"--set {attr}.FIELD: this bot has no {what}")
    for field in fields:
        if not hasattr(own, field):
            raise SystemExit(f"--set: {what} has no field {field!r}")
    return own


def play(args: argparse.Namespace, index: int) -> dict[str, Any]:
    """One match: per-seat totals of :data:`FIELDS` (and the hero's :data:`HERO_FIELDS`)."""
    spec = SPECS.get(args.rules, args.rules)
    ruleset = ruleset_for(spec)
    game_seed = match_seed(args.seed, index)
    hero = index % 4
    names = [args.field] * 4
    names[hero] = args.hero
    bots = [make_bot(n, ruleset, seed=game_seed * 8 + s) for s, n in enumerate(names)]
    fields = {a.removeprefix("profile."): v for a, v in args.set if a.startswith("profile.")}
    if fields:  # fields of the hero's profile alone
        bots[hero] = _with_profile(
            bots[hero], fields, lambda: make_bot(names[hero], ruleset, seed=game_seed * 8 + hero)
        )
    traits = {a.removeprefix("traits."): v for a, v in args.set if a.startswith("traits.")}
    if traits:  # the hero's rule traits alone
        _with_traits(bots[hero], traits)
    for attr, value in args.set:
        if attr.startswith(("profile.", "traits.")):
            continue
        if not hasattr(bots[hero], attr):
            raise SystemExit(f"--set: {args.hero} has no attribute {attr!r}")
        setattr(bots[hero], attr, value)
    probes = [Probe(b, ruleset, game_seed * 8 + s, hero=s == hero) for s, b in enumerate(bots)]
    refs = {p.id: p.ref for p in getattr(ruleset, "patterns", ())}
    big = getattr(args, "big", 1000)
    tot: list[Counter[str]] = [Counter(dict.fromkeys(FIELDS, 0)) for _ in range(4)]
    match = Game(ruleset, seed=game_seed, max_deals=args.max_deals).new_match()
    initial = list(match.scores)
    before = list(match.scores)
    winners: tuple[int, ...] = ()
    dealt_in: int | None = None
    called: set[int] = set()
    calib = Calibration()
    pending: float | None = None
    while not match.over:
        seat = match.to_act[0]
        view = view_of(match.deal, seat, match)
        action = probes[seat].choose(view, match.legal_actions(seat))
        if args.calibrate and seat != hero and isinstance(action, Discard):
            calib.chance(seat, view, action)
        if args.calibrate and seat == hero and view.phase == "act":
            model = calib.readiness(match, view, probes[hero].traits)
            if isinstance(action, Discard) and action.tile < NUM_KINDS:
                pending = model.deal_in(action.tile)
        for e in match.apply(action):
            if pending is not None and isinstance(e, Won | Drew | Called | DealEnded):
                calib.deal_in(pending, isinstance(e, Won) and e.from_seat == hero)
                pending = None
            if isinstance(e, DealStarted):
                for p in probes:
                    p.new_deal()
                winners, dealt_in, called = (), None, set()
            elif isinstance(e, Called) and e.seat not in called:
                called.add(e.seat)
                tot[e.seat]["called"] += 1
            elif isinstance(e, RiichiAccepted):
                tot[e.seat]["riichi"] += 1
            elif isinstance(e, Won):
                tot[e.seat]["value"] += e.value
                tot[e.seat]["massimi"] += any("-MAX-" in refs.get(p[0], "") for p in e.patterns)
                tot[e.seat]["big"] += e.value >= big
                tot[e.seat]["self_drawn"] += e.from_seat is None
                if e.from_seat is not None:
                    dealt_in = e.from_seat
            elif isinstance(e, DealEnded):
                winners = () if e.void else e.winners
                calib.settle(winners)
                if not winners and e.reason == "exhausted":
                    for s in range(4):
                        tot[s]["draws"] += 1
                        tot[s]["ready_at_draw"] += probes[s].shanten <= 0
            elif isinstance(e, Settled):
                for s in range(4):
                    c = tot[s]
                    c["deals"] += 1
                    c["stakes"] += e.scores[s] - before[s] - e.net[s]  # riichi stakes, pot
                    before[s] = e.scores[s]
                    if s in winners:
                        c["won"] += 1
                        c["net_won"] += e.net[s]
                    elif s == dealt_in:
                        c["dealt_in"] += 1
                        c["net_dealt_in"] += e.net[s]
                    elif winners:
                        c["other_won"] += 1
                        c["net_other"] += e.net[s]
                    else:
                        c["net_draw"] += e.net[s]
    for p in probes:
        p.new_deal()
    for s, place in enumerate(placements(match.scores)):
        tot[s]["placement"] = place  # type: ignore[assignment]
        tot[s]["score"] = match.scores[s] - initial[s]
    tot[hero].update(probes[hero].n)
    return {"index": index, "hero": hero, "seats": [dict(c) for c in tot], "calib": calib.bins}


READY_BINS = (0.05, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1.01)
CHANCE_BINS = (0.02, 0.05, 0.1, 0.2, 0.3, 0.45, 0.6, 1.01)
DEAL_IN_BINS = (0.01, 0.02, 0.05, 0.1, 0.2, 1.01)


class Calibration:
    """The danger model's estimates at the hero's turns against what the hidden tiles were.

    Bins of (count, summed estimate, summed truth): each opponent's readiness against his
    hand being ready (shanten 0, read from the full deal, which the bot never sees), and the
    deal-in probability of the hero's discard against it being won on.
    """

    def __init__(self) -> None:
        self.bins: dict[str, list[list[float]]] = {
            "ready": [[0, 0.0, 0.0] for _ in READY_BINS],
            "deal_in": [[0, 0.0, 0.0] for _ in DEAL_IN_BINS],
            "win_chance": [[0, 0.0, 0.0] for _ in CHANCE_BINS],
        }
        self.pending: list[tuple[int, float]] = []

    def _add(self, name: str, edges: Sequence[float], est: float, truth: bool) -> None:
        i = next(j for j, e in enumerate(edges) if est < e)
        b = self.bins[name][i]
        b[0] += 1
        b[1] += est
        b[2] += truth

    def readiness(self, match: Any, view: PlayerView, traits: Any) -> DangerModel:
        t = Table.of(view)
        model = DangerModel.of(t, traits)
        for s, est in enumerate(model.ready):
            if s == view.seat or (view.status and view.status[s] in ("out", "cannot_win")):
                continue
            other = Table.of(view_of(match.deal, s, match))
            self._add("ready", READY_BINS, est, shanten_all(other.counts, other.own_melds) <= 0)
        return model

    def deal_in(self, est: float, won: bool) -> None:
        self._add("deal_in", DEAL_IN_BINS, est, won)

    def chance(self, seat: int, view: PlayerView, action: Discard) -> None:
        """A field seat's chance to win the deal from here (:func:`win_chance`), settled at
        the deal's end: the field bot never folds, so this checks the attacking estimate."""
        if action.tile >= NUM_KINDS:
            return
        t = Table.of(view)
        t.counts[action.tile] -= 1
        sh = shanten_all(t.counts, t.own_melds)
        uke = useful_count(t.counts, t.own_melds, sh, t.visible) if sh >= 0 else 0
        unseen = sum(t.unseen(k) for k in range(NUM_KINDS))
        self.pending.append((seat, win_chance(sh, uke, view.live_count // 4, unseen)))

    def settle(self, winners: Sequence[int]) -> None:
        for seat, est in self.pending:
            self._add("win_chance", CHANCE_BINS, est, seat in winners)
        self.pending.clear()


def report(rows: list[dict[str, Any]], args: argparse.Namespace) -> None:
    hero: Counter[str] = Counter()
    field: Counter[str] = Counter()
    for r in rows:
        for s, c in enumerate(r["seats"]):
            (hero if s == r["hero"] else field).update(c)
    cut = f", at most {args.max_deals} deals a match" if args.max_deals else ""
    print(f"{args.rules}: {args.hero} vs 3 x {args.field}, {len(rows)} matches{cut}")
    print(
        "role      deals  win%  tsumo% dealin% other% draw% ready@draw% riichi% call% value  "
        "net/deal (won  dealt-in other  draw) stakes/deal score  placement"
    )
    for name, c, seats in (("hero", hero, len(rows)), ("field", field, 3 * len(rows))):
        d = c["deals"] or 1
        print(
            f"{name:8}{c['deals']:6d} {100 * c['won'] / d:5.1f} {100 * c['self_drawn'] / d:6.1f}"
            f" {100 * c['dealt_in'] / d:6.1f} {100 * c['other_won'] / d:6.1f}"
            f" {100 * c['draws'] / d:5.1f} {100 * c['ready_at_draw'] / max(c['draws'], 1):9.1f}"
            f" {100 * c['riichi'] / d:7.1f} {100 * c['called'] / d:5.1f}"
            f" {c['value'] / max(c['won'], 1):6.1f}"
            f" {sum(c[k] for k in ('net_won', 'net_dealt_in', 'net_other', 'net_draw')) / d:9.1f}"
            f" ({c['net_won'] / d:6.1f} {c['net_dealt_in'] / d:6.1f} {c['net_other'] / d:6.1f}"
            f" {c['net_draw'] / d:6.1f}) {c['stakes'] / d:8.1f} {c['score'] / seats:6.0f}"
            f"  {c['placement'] / seats:.3f}"
        )
    calib = [r["calib"] for r in rows if r.get("calib")]
    for name in ("ready", "deal_in", "win_chance") if calib else ():
        cells = []
        for i in range(len(calib[0][name])):
            n = sum(c[name][i][0] for c in calib)
            if n:
                est = sum(c[name][i][1] for c in calib) / n
                truth = sum(c[name][i][2] for c in calib) / n
                cells.append(f"{est:.3f}->{truth:.3f} ({n})")
        print(f"calibration {name}: estimate -> truth (n): " + ", ".join(cells))
    by_wins: dict[int, list[float]] = {}
    for r in rows:
        for c in r["seats"]:
            by_wins.setdefault(c["won"], []).append(c["placement"])
    print(
        "mean placement by wins in the match (every seat): "
        + ", ".join(f"{w}: {sum(p) / len(p):.2f} ({len(p)})" for w, p in sorted(by_wins.items()))
    )
    d = hero["deals"] or 1
    fd = field["deals"] or 1
    big = getattr(args, "big", 1000)
    print(
        f"wins of {big} or more per 100 deals: hero {100 * hero['big'] / d:.2f}, field "
        f"{100 * field['big'] / fd:.2f}; limit hands (massimi): hero "
        f"{100 * hero['massimi'] / d:.2f}, field {100 * field['massimi'] / fd:.2f}"
    )
    print(
        f"hero decisions {hero['decisions']}: discards differing from efficiency "
        f"{100 * hero['differ'] / max(hero['discards'], 1):.1f}%, fold deals "
        f"{100 * hero['fold_deals'] / d:.1f}%, calls refused {hero['refused_calls']} / extra "
        f"{hero['extra_calls']}, riichi offers declined {hero['riichi_declined']}"
    )


def load_rows(
    path: str, cell: argparse.Namespace | None = None, bots: str | None = None
) -> dict[int, dict[str, Any]]:
    """The per-match rows of ``path`` by match index.

    A ``--rows`` file of this script, or a ``bench/strength.py`` output: there the rows of
    the cell (``cell.rules``, ``cell.hero``, ``cell.field``, ``cell.seed``, whole matches)
    played by the bots ``cell.bots`` (default: the bots of this checkout) are taken, as
    rows of the hero's seat (placement, wins, deal-ins, deals and the net score); ``bots``
    overrides ``cell.bots``.
    """
    rows = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
    if not rows or "seats" in rows[0]:
        return {r["index"]: r for r in rows}
    if cell is None or not cell.rules:
        raise SystemExit(f"--compare: {path} holds strength rows: name the cell with --rules")
    sys.path.insert(0, str(Path(__file__).parent))
    import strength

    bots = bots or getattr(cell, "bots", None) or strength.bots_version()
    start = Game(ruleset_for(SPECS.get(cell.rules, cell.rules)), seed=0).new_match().scores
    cell_id = (cell.rules, cell.hero, cell.field)
    out: dict[int, dict[str, Any]] = {}
    for r in rows:
        if (
            (r["rules"], r["hero"], r["field"], r["seed"])
            != (cell.rules, cell.hero, cell.field, cell.seed)
            or strength.cell_bots(r.get("bots", strength.UNVERSIONED), *cell_id)
            != strength.cell_bots(bots, *cell_id)
            or r.get("max_deals")
            or r.get("error")
        ):
            continue
        seat = r["seat"]
        own = {
            "deals": r["deals"],
            "won": r["wins"],
            "dealt_in": r["deal_ins"],
            "net_won": r["score"] - start[seat],
            "score": r["score"] - start[seat],
            "placement": r["placement"],
        }
        out[r["index"]] = {"index": r["index"], "hero": seat, "seats": {seat: own}}
    return out


def compare(old_path: str, new_path: str, cell: argparse.Namespace | None = None) -> None:
    """Paired comparison of two ``--rows`` files (or strength cells) played on the same seeds."""
    hashes = (getattr(cell, "bots", None) or "").split(",")
    old = load_rows(old_path, cell, hashes[0] or None)
    new = load_rows(new_path, cell, hashes[-1] or None)
    both = sorted(old.keys() & new.keys())
    if len(both) < 2:
        raise SystemExit("--compare: fewer than two matches played in both files")

    def hero(r: dict[str, Any], key: str) -> float:
        return float(r["seats"][r["hero"]].get(key, 0))

    keys = (("placement", False), ("score", False), ("net", True), ("stakes", True))
    for key, per_deal in (
        *keys,
        ("won", True),
        ("dealt_in", True),
        ("massimi", True),
        ("big", True),
    ):
        if key in ("score", "stakes", "massimi", "big") and any(
            key not in r["seats"][r["hero"]] for i in both for r in (old[i], new[i])
        ):
            continue  # rows written before the stakes were counted, or strength rows
        diffs = []
        for i in both:
            a, b = old[i], new[i]
            if key == "net":
                va, vb = (
                    sum(hero(r, k) for k in ("net_won", "net_dealt_in", "net_other", "net_draw"))
                    for r in (a, b)
                )
            else:
                va, vb = hero(a, key), hero(b, key)
            if per_deal:
                va, vb = va / max(hero(a, "deals"), 1), vb / max(hero(b, "deals"), 1)
            diffs.append(vb - va)
        n = len(diffs)
        mean = sum(diffs) / n
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
        unit = " per deal" if per_deal else ""
        print(
            f"{key}{unit}: new - old = {mean:+.3f} ± {1.96 * sd / math.sqrt(n):.3f} ({n} matches)"
        )


def _setting(text: str) -> tuple[str, Any]:
    attr, sep, value = text.partition("=")
    if not sep or not attr.removeprefix("profile.").removeprefix("traits.").isidentifier():
        raise argparse.ArgumentTypeError(f"expected ATTR=VALUE, got {text!r}")
    try:
        return attr, ast.literal_eval(value)
    except (ValueError, SyntaxError) as exc:
        raise argparse.ArgumentTypeError(f"{text!r}: the value is not a Python literal") from exc


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules")
    parser.add_argument(
        "--compare", nargs=2, metavar=("OLD", "NEW"), help="paired comparison of two --rows files"
    )
    parser.add_argument("--hero", default="expert")
    parser.add_argument("--field", default="efficiency")
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--max-deals", type=int, default=None)
    parser.add_argument(
        "--big", type=int, default=1000, help="count the wins worth this much (FIMJ's limit)"
    )
    parser.add_argument(
        "--bots",
        default=None,
        help="with --compare on bench/strength.py files: the bots hash of the cell's rows, or "
        "OLD,NEW for each file's (default: the bots of this checkout)",
    )
    parser.add_argument(
        "--calibrate",
        action="store_true",
        help="compare the danger model's readiness and deal-in estimates with the hidden truth",
    )
    parser.add_argument("--rows", default=None, help="write one JSON line per match here")
    parser.add_argument(
        "--set",
        type=_setting,
        action="append",
        default=[],
        metavar="ATTR=VALUE",
        help="set an attribute of the hero bot (a Python literal), profile.FIELD for a "
        "field of its profile, traits.FIELD for one of its rule traits (danger.RuleTraits): "
        "an ablation on the same seeds",
    )
    args = parser.parse_args()
    if args.compare:
        compare(*args.compare, cell=args)
        return 0
    if not args.rules:
        parser.error("--rules is required")
    rows = []
    out = open(args.rows, "a", encoding="utf-8") if args.rows else None  # noqa: SIM115
    try:
        for i in range(args.start, args.start + args.matches):
            row = play(args, i)
            rows.append(row)
            if out is not None:
                out.write(json.dumps(row) + "\n")
                out.flush()
    finally:
        if out is not None:
            out.close()
    report(rows, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
