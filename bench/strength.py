"""Resumable, seeded strength runs: one bot against three copies of another, seats rotated.

Commands::

    python bench/strength.py run --rules riichi-ema --hero expert --field efficiency \
        --matches 4000 --out strength.jsonl [--seed 2026] [--workers 1]
    python bench/strength.py report strength.jsonl [more.jsonl ...]
    python bench/strength.py verify --rules riichi-ema --hero expert --field efficiency \
        --bots d4e6e3bffc --matches 8 strength.jsonl

``run`` plays matches ``0 .. matches-1`` of the cell (rules, hero, field, seed, bots) and
appends one JSON line per finished match to ``--out`` (flushed at once), so a run stopped at
any point — ``timeout``, Ctrl-C, the end of a session — is continued by running the same
command again: the indices already in the file are skipped. Match ``i`` seats the hero at
seat ``i % 4`` (each seat equally often), with game seed
:func:`~muraglia.players.simulate.match_seed` ``(seed, i)`` and the bots seeded from it
(``play_match``), so a cell's results do not depend on how many sessions or workers played
it. FIMJ and Seipalle are played with ``tournament=true`` (East passes every deal: 16 and 8
deals a match). ``bots`` is :func:`bots_version`, a hash of the bots' code: a change to the
bots starts new cells, so results of different bots are never mixed (rows written before the
hash are the bots of commit :data:`UNVERSIONED`). ``--max-deals D`` cuts every match after
``D`` deals, for cheaper pilots: such rows form their own cells, labelled "at most D deals"
(a cut match's placement is not a whole match's).

``verify`` replays the first ``--matches`` recorded matches of the rows written by bots
``--bots`` with this checkout's bots and says whether each gives the same row (the check
behind :data:`SAME_BOTS` and :data:`SAME_IN_RULESET`); exit status 1 if any differs.

``report`` prints, per cell, the matches (and engine errors, left out), the hero's mean
placement with its 95 % confidence interval (normal approximation, 1.96 standard errors),
and the hero's win and deal-in rates per deal.
"""

from __future__ import annotations

import argparse
import ast
import functools
import hashlib
import json
import math
import sys
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

import muraglia.players
from muraglia.players.simulate import match_seed, play_match

TOURNAMENT = {"fimj": "fimj(tournament=true)", "seipalle": "seipalle(tournament=true)"}
"""The spec a ruleset id is played with (East passes every deal where free play may not end)."""


BOT_MODULES = (
    "base",
    "danger",
    "defensive",
    "efficiency",
    "expert",
    "lookahead",
    "profiles",
    "random_bot",
)
"""The modules of ``muraglia.players`` whose code decides the bots' moves."""

UNVERSIONED = "eef5fe2"
"""The bots of rows written before rows carried a version: those of that commit."""

SAME_BOTS = {
    "4e5e27c2c9": "5fdceb5b63",
    "efe982cf2c": "5fdceb5b63",
    "1df1edf847": "95c8b2f66d",
    "32607887f5": "4c3137fc19",
    "ca27a20993": "32607887f5",
    "88d84998f4": "dfdcf694f3",
    "8e2be7c46c": "dfdcf694f3",
    "52768dc3d6": "45929bc93e",
}
"""Bots hashes whose code changed without changing a decision, mapped to the hash whose cells
they continue (rows keep their own hash). ``4e5e27c2c9`` keys two of ``defensive``'s caches
on the ruleset's options as well as its id (commit 23e9940; the strength cells play default
options) and replayed the 18 matches checked (Ravenna defensive 0-11, riichi-ema expert 0-5)
exactly as ``5fdceb5b63``; ``efe982cf2c`` names the efficiency bot's suit arithmetic
(``RANKS``, ``SUIT_STARTS``, issue 13) and replayed 18 more (Ravenna and Seipalle defensive
0-7 and 0-5, riichi-ema expert 0-3) exactly. ``1df1edf847`` is ``95c8b2f66d`` (the
classical rulesets' lookahead) merged with main's MCR-only changes (the MCR expert and
defensive stop folding hands that may win) and replayed 20 pilot matches (FIMJ, Ravenna,
Seipalle expert vs efficiency and Seipalle expert vs defensive, 0-4 each) exactly.
``88d84998f4`` (riichi-tenhou's danger traits written as riichi-ema's with its own id, the
same values) replayed matches 0-1 of both riichi-ema expert cells of ``dfdcf694f3`` and of
six other cells identically; ``8e2be7c46c`` (``danger.passed`` in one pass over the
discards' order) replayed matches 0-3 of both and 0-1 of Seipalle's expert vs ``defensive``
identically. ``52768dc3d6`` (``danger.wait_features`` reads the kinds near the discards and
the dora from sets built once per seat, the same features over 17,163 calls in three
rulesets) replayed matches 0-2 of both Seipalle expert cells of ``45929bc93e`` and 0 of
riichi-ema's expert vs ``defensive`` identically."""


SAME_IN_RULESET: dict[tuple[str, ...], str] = {
    ("2b2e5b8de3", "riichi-ema"): "d4e6e3bffc",
    ("1df1edf847", "riichi-ema"): "d4e6e3bffc",
    ("ba17ff1802", "riichi-ema"): "d4e6e3bffc",
    ("ba17ff1802", "mcr"): "95c8b2f66d",
    ("339e075ec1", "riichi-ema"): "d4e6e3bffc",
    ("339e075ec1", "mcr"): "95c8b2f66d",
    ("4f15314ee6", "riichi-ema"): "d4e6e3bffc",
    ("4f15314ee6", "mcr"): "95c8b2f66d",
    ("4f15314ee6", "seipalle"): "6a1b163abb",
    ("a4f7cc6a8c", "seipalle"): "6a1b163abb",
    ("f2bac557b1", "riichi-ema"): "d4e6e3bffc",
    ("f2bac557b1", "mcr", "expert", "efficiency"): "95c8b2f66d",
    ("0844bd2691", "riichi-ema"): "d4e6e3bffc",
    ("0844bd2691", "mcr", "expert", "efficiency"): "95c8b2f66d",
    ("0844bd2691", "mcr", "expert", "defensive"): "f2bac557b1",
    ("0844bd2691", "mcr", "defensive", "efficiency"): "f2bac557b1",
    ("a4f7cc6a8c", "riichi-ema"): "d4e6e3bffc",
    ("a4f7cc6a8c", "mcr", "expert", "efficiency"): "95c8b2f66d",
    ("a4f7cc6a8c", "mcr", "expert", "defensive"): "f2bac557b1",
    ("a4f7cc6a8c", "mcr", "defensive", "efficiency"): "f2bac557b1",
    ("d82aea6b77", "riichi-ema"): "d4e6e3bffc",
    ("d82aea6b77", "mcr", "expert", "efficiency"): "95c8b2f66d",
    ("d82aea6b77", "fimj"): "95c8b2f66d",
    ("d82aea6b77", "ravenna"): "339e075ec1",
    ("239068d6a3", "riichi-ema"): "d4e6e3bffc",
    ("239068d6a3", "mcr", "expert", "efficiency"): "95c8b2f66d",
    ("239068d6a3", "mcr", "expert", "defensive"): "f2bac557b1",
    ("239068d6a3", "mcr", "defensive", "efficiency"): "f2bac557b1",
    ("239068d6a3", "fimj"): "95c8b2f66d",
    ("239068d6a3", "ravenna"): "339e075ec1",
    ("fb7e3cf7a3", "mcr", "expert", "efficiency"): "95c8b2f66d",
    ("fb7e3cf7a3", "mcr", "expert", "defensive"): "f2bac557b1",
    ("fb7e3cf7a3", "mcr", "defensive", "efficiency"): "f2bac557b1",
    ("fb7e3cf7a3", "ravenna", "defensive", "efficiency"): "339e075ec1",
    ("fb7e3cf7a3", "fimj"): "95c8b2f66d",
    ("34471faf4f", "ravenna", "expert", "efficiency"): "57a5196ea1",
    ("34471faf4f", "ravenna", "expert", "defensive"): "57a5196ea1",
    ("34471faf4f", "ravenna", "defensive", "efficiency"): "339e075ec1",
    ("34471faf4f", "riichi-ema"): "fb7e3cf7a3",
    ("34471faf4f", "seipalle"): "fb7e3cf7a3",
    ("34471faf4f", "mcr", "expert", "efficiency"): "95c8b2f66d",
    ("34471faf4f", "mcr", "expert", "defensive"): "f2bac557b1",
    ("34471faf4f", "mcr", "defensive", "efficiency"): "f2bac557b1",
    ("51af159db4", "riichi-ema"): "fb7e3cf7a3",
    ("51af159db4", "seipalle", "expert", "efficiency"): "fb7e3cf7a3",
    ("51af159db4", "seipalle", "defensive", "efficiency"): "af5c452fb9",
    ("51af159db4", "mcr", "expert", "efficiency"): "95c8b2f66d",
    ("51af159db4", "mcr", "expert", "defensive"): "f2bac557b1",
    ("51af159db4", "mcr", "defensive", "efficiency"): "f2bac557b1",
    ("51af159db4", "ravenna", "expert", "efficiency"): "57a5196ea1",
    ("51af159db4", "ravenna", "expert", "defensive"): "57a5196ea1",
    ("51af159db4", "ravenna", "defensive", "efficiency"): "339e075ec1",
    ("51af159db4", "fimj", "expert", "efficiency"): "dd51218ab1",
    ("51af159db4", "fimj", "expert", "defensive"): "dd51218ab1",
    ("51af159db4", "fimj", "defensive", "efficiency"): "95c8b2f66d",
    ("4c3137fc19", "riichi-ema"): "fb7e3cf7a3",
    ("4c3137fc19", "seipalle", "expert", "efficiency"): "fb7e3cf7a3",
    ("4c3137fc19", "seipalle", "defensive", "efficiency"): "af5c452fb9",
    ("4c3137fc19", "seipalle", "expert", "defensive"): "51af159db4",
    ("4c3137fc19", "mcr", "expert", "efficiency"): "95c8b2f66d",
    ("4c3137fc19", "mcr", "expert", "defensive"): "f2bac557b1",
    ("4c3137fc19", "mcr", "defensive", "efficiency"): "f2bac557b1",
    ("4c3137fc19", "ravenna", "expert", "efficiency"): "57a5196ea1",
    ("4c3137fc19", "ravenna", "expert", "defensive"): "57a5196ea1",
    ("4c3137fc19", "ravenna", "defensive", "efficiency"): "339e075ec1",
    ("4c3137fc19", "fimj", "expert", "efficiency"): "dd51218ab1",
    ("4c3137fc19", "fimj", "expert", "defensive"): "dd51218ab1",
    ("4c3137fc19", "fimj", "defensive", "efficiency"): "95c8b2f66d",
    ("b49d4c109d", "riichi-ema", "defensive", "efficiency"): "fb7e3cf7a3",
    ("b49d4c109d", "seipalle", "expert", "efficiency"): "fb7e3cf7a3",
    ("b49d4c109d", "seipalle", "defensive", "efficiency"): "af5c452fb9",
    ("b49d4c109d", "seipalle", "expert", "defensive"): "51af159db4",
    ("b49d4c109d", "mcr", "expert", "efficiency"): "95c8b2f66d",
    ("b49d4c109d", "mcr", "expert", "defensive"): "f2bac557b1",
    ("b49d4c109d", "mcr", "defensive", "efficiency"): "f2bac557b1",
    ("b49d4c109d", "ravenna", "expert", "efficiency"): "57a5196ea1",
    ("b49d4c109d", "ravenna", "expert", "defensive"): "57a5196ea1",
    ("b49d4c109d", "ravenna", "defensive", "efficiency"): "339e075ec1",
    ("b49d4c109d", "fimj", "expert", "efficiency"): "dd51218ab1",
    ("b49d4c109d", "fimj", "expert", "defensive"): "dd51218ab1",
    ("b49d4c109d", "fimj", "defensive", "efficiency"): "95c8b2f66d",
    ("dfdcf694f3", "riichi-ema", "defensive", "efficiency"): "fb7e3cf7a3",
    ("dfdcf694f3", "seipalle", "expert", "efficiency"): "fb7e3cf7a3",
    ("dfdcf694f3", "seipalle", "defensive", "efficiency"): "af5c452fb9",
    ("dfdcf694f3", "seipalle", "expert", "defensive"): "51af159db4",
    ("dfdcf694f3", "mcr", "expert", "efficiency"): "95c8b2f66d",
    ("dfdcf694f3", "mcr", "expert", "defensive"): "f2bac557b1",
    ("dfdcf694f3", "mcr", "defensive", "efficiency"): "f2bac557b1",
    ("dfdcf694f3", "ravenna", "expert", "efficiency"): "57a5196ea1",
    ("dfdcf694f3", "ravenna", "expert", "defensive"): "57a5196ea1",
    ("dfdcf694f3", "ravenna", "defensive", "efficiency"): "339e075ec1",
    ("dfdcf694f3", "fimj", "expert", "efficiency"): "dd51218ab1",
    ("dfdcf694f3", "fimj", "expert", "defensive"): "dd51218ab1",
    ("dfdcf694f3", "fimj", "defensive", "efficiency"): "95c8b2f66d",
    ("e40feb95f6", "riichi-ema", "defensive", "efficiency"): "fb7e3cf7a3",
    ("e40feb95f6", "riichi-ema", "expert", "efficiency"): "dfdcf694f3",
    ("e40feb95f6", "riichi-ema", "expert", "defensive"): "dfdcf694f3",
    ("e40feb95f6", "seipalle", "expert", "efficiency"): "fb7e3cf7a3",
    ("e40feb95f6", "seipalle", "defensive", "efficiency"): "af5c452fb9",
    ("e40feb95f6", "seipalle", "expert", "defensive"): "51af159db4",
    ("e40feb95f6", "mcr", "expert", "efficiency"): "95c8b2f66d",
    ("e40feb95f6", "mcr", "expert", "defensive"): "f2bac557b1",
    ("e40feb95f6", "mcr", "defensive", "efficiency"): "f2bac557b1",
    ("e40feb95f6", "ravenna", "expert", "efficiency"): "57a5196ea1",
    ("e40feb95f6", "ravenna", "expert", "defensive"): "57a5196ea1",
    ("e40feb95f6", "ravenna", "defensive", "efficiency"): "339e075ec1",
    ("e40feb95f6", "fimj", "expert", "efficiency"): "dd51218ab1",
    ("45929bc93e", "riichi-ema", "defensive", "efficiency"): "fb7e3cf7a3",
    ("45929bc93e", "riichi-ema", "expert", "efficiency"): "dfdcf694f3",
    ("45929bc93e", "riichi-ema", "expert", "defensive"): "dfdcf694f3",
    ("45929bc93e", "seipalle", "defensive", "efficiency"): "af5c452fb9",
    ("45929bc93e", "mcr", "expert", "efficiency"): "95c8b2f66d",
    ("45929bc93e", "mcr", "expert", "defensive"): "f2bac557b1",
    ("45929bc93e", "mcr", "defensive", "efficiency"): "f2bac557b1",
    ("45929bc93e", "ravenna", "expert", "efficiency"): "57a5196ea1",
    ("45929bc93e", "ravenna", "expert", "defensive"): "57a5196ea1",
    ("45929bc93e", "ravenna", "defensive", "efficiency"): "339e075ec1",
    ("45929bc93e", "fimj", "expert", "efficiency"): "dd51218ab1",
    ("45929bc93e", "fimj", "defensive", "efficiency"): "e40feb95f6",
    ("45929bc93e", "fimj", "expert", "defensive"): "e40feb95f6",
}
"""Like :data:`SAME_BOTS` but for one ruleset only: (bots hash, ruleset id) -> the hash whose
cell its rows continue, for code changes that changed decisions elsewhere but not in that
ruleset, each checked with ``strength.py verify`` (matches replayed by the newer code give the
recorded rows field for field). The sixth session's bots (``2b2e5b8de3`` midway,
``1df1edf847`` at its end: the MCR and classical lookahead, MCR's no-fold) decide in
riichi-ema as ``d4e6e3bffc`` did: ``verify --matches 12`` with ``1df1edf847`` replayed
matches 0-11 of the 4,000-match expert vs efficiency cell of ``d4e6e3bffc`` and of the
defensive vs efficiency and expert vs defensive cells of ``2b2e5b8de3`` identically. The
seventh session's ``ba17ff1802`` (the FIMJ and Ravenna expert counts the useful tiles a
claim may bring; the profiles of the other rulesets give it no weight) replayed matches
0-11 of the riichi-ema expert vs efficiency cell of ``d4e6e3bffc`` and of the MCR one of
``1df1edf847`` (cell ``95c8b2f66d``) identically; so did ``339e075ec1`` (the defensive bot
counts them too), and matches 0-5 of the riichi-ema defensive vs efficiency cell of
``2b2e5b8de3``. The same session's ``f2bac557b1`` (MCR's defensive: the call check and
winning outs) replayed matches 0-11 of all three riichi-ema cells identically, and matches
0-11 of MCR's expert vs efficiency cell; merged with ``ba17ff1802`` (``0844bd2691``) it
replayed the same 48 matches identically again, and matches 0-7 of its own MCR defensive vs
efficiency and 0-5 of its expert vs defensive pilot rows
(``bench/results/strength_pilots.jsonl``), whose cells the MCR rows of ``0844bd2691``
continue; merged with ``339e075ec1`` and Seipalle's payments (``a4f7cc6a8c``) it replayed
all of those matches identically once more (riichi-ema 3 x 12, MCR expert 12, MCR pilots
8 and 6). A key may also name one cell (bots hash, ruleset id, hero, field), for a change
that leaves only that cell's decisions as they were (a change to one bot in a ruleset where
the others decide as before). The classical branch's last ``d82aea6b77`` (no claim weights
in FIMJ) replayed the riichi-ema and MCR expert matches identically, matches 0-3 of the FIMJ
expert vs efficiency pilot of ``95c8b2f66d`` and 0-2 of the FIMJ defensive cell of
``5fdceb5b63``, and matches of the Ravenna defensive vs efficiency (0-3) and expert vs
defensive (0-2) pilots of ``339e075ec1``. Merged with ``a4f7cc6a8c`` (``239068d6a3``: the
FIMJ profile's claim weights only differ) it replayed all of those identically again, and
matches 0-1 of the MCR defensive vs efficiency pilot of ``f2bac557b1``.
``4f15314ee6`` (Seipalle's push/fold in its payments and riichi weighed with its stake, gated
by Seipalle's traits) replayed matches 0-11 of the riichi-ema and MCR expert vs efficiency
cells and 0-5 of the riichi-ema defensive one identically; in Seipalle it continues the pilot
cells of ``6a1b163abb`` (the same Seipalle bots before a merge of FIMJ/Ravenna-only changes:
``verify`` replayed 8 defensive matches identically, and 42 expert matches it played equal the
``bench/diagnose_bots.py`` rows of ``6a1b163abb``); so does ``a4f7cc6a8c`` (``verify`` replayed
matches 0-5 of the three Seipalle pilot cells of ``6a1b163abb`` identically). The ninth
session's ``fb7e3cf7a3`` (riichi-ema's field without open tanyao and its expert's push/fold,
Seipalle's caution and race, the Ravenna expert's ready value and last deal, all gated by
their profiles) starts new riichi-ema and Seipalle cells and new Ravenna expert cells; it
replayed matches 0-11 of MCR's three cells (expert vs efficiency rows of ``1df1edf847``,
expert vs defensive and defensive vs efficiency rows of ``239068d6a3``) and of Ravenna's
defensive vs efficiency cell identically, and matches 0-3 of the FIMJ expert vs efficiency and
defensive vs efficiency pilots (``95c8b2f66d``, ``239068d6a3``). The tenth session's
``34471faf4f`` (the Ravenna expert's route to all head tiles, RAV-MAX-M02) continues the
Ravenna expert cells of its pilot bots ``57a5196ea1`` (``verify --matches 6`` replayed matches
0-5 of both pilots in ``bench/results/pilots-ravenna.jsonl`` identically) and Ravenna's
defensive cell (matches 0-5 of the ``239068d6a3`` rows replayed identically); its faster
scoring and lookahead (the bots' ``win_worth``, batched shanten) decide as before elsewhere:
``verify --matches 6`` replayed matches 0-5 of riichi-ema's expert and defensive vs
efficiency cells, Seipalle's three cells (all ``fb7e3cf7a3``) and MCR's three identically.
The same session's final ``51af159db4`` (Seipalle's ``defensive`` values its ready hands by the
scorer and weighs half the riichi stake, SEI-RIICHI-3/6; FIMJ's expert counts its waits by the
others' discard rates and knows its 16 turns from the view; the riichi-ema expert's new knobs
off) continues, each checked by ``verify`` (matches 0-1 or 0-5, every one identical):
riichi-ema's cells and Seipalle's expert vs efficiency (``fb7e3cf7a3``), Seipalle's
``defensive`` vs efficiency pilot (``af5c452fb9``, half the stake), MCR's three cells, Ravenna's
three (the expert pilots ``57a5196ea1``) and FIMJ's expert pilots (``dd51218ab1``) and
``defensive`` cell; Seipalle's expert vs ``defensive`` starts afresh against the new field.
``4c3137fc19`` (the riichi-ema expert's fold knobs, all off) decides as ``51af159db4``:
``verify`` replayed matches 0-1 (0-2 of riichi-ema's expert) of every cell above, and of
Seipalle's new expert vs ``defensive`` cell, identically. ``32607887f5`` (the eleventh
session: riichi-ema's draw-chance knobs and FIMJ's search over the own draws, all off, and
``players/drawsearch.py`` hashed; one :data:`SAME_BOTS` entry) decides as ``4c3137fc19``:
``verify`` replayed matches 0-1 (0-2 of riichi-ema's three) of every cell above, of the
riichi-ema expert vs ``defensive`` pilot (``781b24cdc8``) and of FIMJ's three pilots
identically. ``ca27a20993`` (the twelfth session: the off knobs removed, ``drawsearch`` with
them; one :data:`SAME_BOTS` entry) decides as ``32607887f5``: ``verify --matches 3`` replayed
matches 0-2 of all fifteen cells and pilots identically. ``b49d4c109d`` (the thirteenth
session: the riichi-ema expert declares riichi on every ready hand, opens a closed hand only
to be ready and weighs every cost at 0.65, all from riichi-ema's profile) starts new
riichi-ema expert cells; ``verify --matches 2`` replayed matches 0-1 of every other cell and
pilot (riichi-ema's ``defensive`` vs efficiency, Seipalle's, MCR's, Ravenna's and FIMJ's
three) identically. ``dfdcf694f3`` (the fourteenth session: riichi-ema's expert reads the
tiles each seat let pass, EMA-FURI-3/4, and ranks by the value lookahead, both from
riichi-ema's profile; the view's order of the discards, read by no other bot) starts new
riichi-ema expert cells; ``verify --matches 2`` replayed matches 0-1 of every other cell and
pilot identically. ``e40feb95f6`` (the fifteenth session: FIMJ's ``defensive`` values its
ready hands by the scorer and weighs their waits' value, from FIMJ's profile) starts new
FIMJ ``defensive`` vs efficiency and expert vs ``defensive`` cells; ``verify --matches 2``
replayed matches 0-1 of every other cell identically (the FIMJ expert vs efficiency cell
among them). ``45929bc93e`` (the sixteenth session: Seipalle's expert reads the waits by a
fitted logistic model, from Seipalle's profile) starts new Seipalle expert cells; ``verify
--matches 2`` replayed matches 0-1 of every other cell and pilot identically (FIMJ's expert
vs ``defensive`` pilot of ``e40feb95f6`` in ``pilots-fimj.jsonl`` among them) and none of
the Seipalle expert vs ``defensive`` cell of ``51af159db4``."""


def cell_bots(
    bots: str, rules: str | None = None, hero: str | None = None, field: str | None = None
) -> str:
    """The bots hash that names the cell of rows written with ``bots`` (in ``rules``).

    A :data:`SAME_IN_RULESET` key naming the cell (``hero`` and ``field`` too) comes first,
    then one naming the ruleset only, then :data:`SAME_BOTS`, whose target is looked up the
    same way in turn (a hash that decides as an earlier one everywhere continues all of that
    one's cells with one entry).

    >>> cell_bots("4e5e27c2c9"), cell_bots("efe982cf2c"), cell_bots("abc")
    ('5fdceb5b63', '5fdceb5b63', 'abc')
    >>> cell_bots("32607887f5", "seipalle", "expert", "defensive")  # through 4c3137fc19
    '51af159db4'
    """
    if rules is not None:
        if hero is not None and field is not None:
            hit = SAME_IN_RULESET.get((bots, rules, hero, field))
            if hit is not None:
                return hit
        if (bots, rules) in SAME_IN_RULESET:
            return SAME_IN_RULESET[bots, rules]
    if bots in SAME_BOTS:
        return cell_bots(SAME_BOTS[bots], rules, hero, field)
    return bots


@functools.cache
def bots_version() -> str:
    """A short hash of the bots' code (docstrings and comments left out).

    Rows carry it, so results of different bots never share a cell: a change to the
    decisions starts new cells, a change to the documentation does not.
    """
    h = hashlib.sha256()
    root = Path(muraglia.players.__file__).parent
    for name in BOT_MODULES:
        tree = ast.parse((root / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if isinstance(body, list):
                node.body = [  # type: ignore[attr-defined]
                    b
                    for b in body
                    if not (isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant))
                ] or [ast.Pass()]
        h.update(ast.dump(tree).encode())
    return h.hexdigest()[:10]


def spec_of(rules: str) -> str:
    """The ruleset spec of a strength cell."""
    return TOURNAMENT.get(rules, rules)


def seats_of(hero: str, field: str, index: int) -> list[str]:
    """The bots of seats 0-3 in match ``index``: the hero at seat ``index % 4``.

    >>> seats_of("expert", "efficiency", 5)
    ['efficiency', 'expert', 'efficiency', 'efficiency']
    """
    seats = [field] * 4
    seats[index % 4] = hero
    return seats


def one(
    rules: str, hero: str, field: str, seed: int, index: int, *, max_deals: int | None = None
) -> dict[str, Any]:
    """Play match ``index`` of a cell; the JSON line written for it."""
    seats = seats_of(hero, field, index)
    out = play_match(spec_of(rules), seats, match_seed(seed, index), max_deals=max_deals)
    h = index % 4
    decisions = out["decisions"][h]
    return {
        "rules": rules,
        "hero": hero,
        "field": field,
        "seed": seed,
        "bots": bots_version(),
        **({"max_deals": max_deals} if max_deals else {}),
        "index": index,
        "seat": h,
        "error": out["error"],
        "deals": out["deals"],
        "placement": out["placements"][h],
        "score": out["scores"][h],
        "wins": out["wins"][h],
        "deal_ins": out["deal_ins"][h],
        "ms_per_decision": 1000 * out["decision_seconds"][h] / decisions if decisions else 0.0,
    }


Key = tuple[str, str, str, int, str, int | None]
"""A cell: rules, hero, field, seed, bots version, deal cap (None: whole matches)."""


def _key(d: dict[str, Any]) -> Key:
    """The cell of a row (older rows: the bots of :data:`UNVERSIONED`, whole matches)."""
    bots = cell_bots(d.get("bots", UNVERSIONED), d["rules"], d["hero"], d["field"])
    return (d["rules"], d["hero"], d["field"], d["seed"], bots, d.get("max_deals"))


def _done(path: Path, key: Key) -> set[int]:
    done: set[int] = set()
    if not path.exists():
        return done
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            d = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line cut by a kill: that match is played again
        if _key(d) == key:
            done.add(int(d["index"]))
    return done


def run(args: argparse.Namespace) -> int:
    key = (
        args.rules,
        args.hero,
        args.field,
        args.seed,
        cell_bots(bots_version(), args.rules, args.hero, args.field),
        args.max_deals,
    )
    out = Path(args.out)
    done = _done(out, key)
    todo = [i for i in range(args.matches) if i not in done]
    print(f"{len(todo)} of {args.matches} matches to play", file=sys.stderr)
    with out.open("a", encoding="utf-8") as f:
        for row in _play(todo, key, args.workers):
            f.write(json.dumps(row) + "\n")
            f.flush()
    return 0


def _play(todo: list[int], key: Key, workers: int) -> Iterator[dict[str, Any]]:
    rules, hero, field, seed, _, cap = key
    if workers <= 1:
        for i in todo:
            yield one(rules, hero, field, seed, i, max_deals=cap)
        return
    with ProcessPoolExecutor(workers) as pool:
        pending: set[Future[dict[str, Any]]] = set()
        it = iter(todo)
        for i in it:
            pending.add(pool.submit(one, rules, hero, field, seed, i, max_deals=cap))
            if len(pending) >= 2 * workers:
                break
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                yield fut.result()
                nxt = next(it, None)
                if nxt is not None:
                    pending.add(pool.submit(one, rules, hero, field, seed, nxt, max_deals=cap))


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Mean placement with its 95 % CI, win and deal-in rates of one cell's rows.

    >>> s = summary([{"placement": p, "deals": 4, "wins": 1, "deal_ins": 0, "error": None}
    ...              for p in (1.0, 2.0, 3.0, 2.0)])
    >>> s["matches"], s["mean"], round(s["ci"], 3), s["win_rate"]
    (4, 2.0, 0.8, 0.25)
    """
    ok = [r for r in rows if not r.get("error")]
    n = len(ok)
    mean = sum(r["placement"] for r in ok) / n if n else math.nan
    var = sum((r["placement"] - mean) ** 2 for r in ok) / (n - 1) if n > 1 else math.nan
    deals = sum(r["deals"] for r in ok) or 1
    return {
        "matches": n,
        "errors": len(rows) - n,
        "mean": mean,
        "ci": 1.96 * math.sqrt(var / n) if n > 1 else math.nan,
        "win_rate": sum(r["wins"] for r in ok) / deals,
        "deal_in_rate": sum(r["deal_ins"] for r in ok) / deals,
        "deals": deals,
    }


def report(args: argparse.Namespace) -> int:
    cells: dict[tuple[str, str, str, str, int], dict[int, dict[str, Any]]] = {}
    for path in args.files:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            try:
                d = json.loads(line)
            except json.JSONDecodeError:
                continue
            rules, hero, field, _, bots, cap = _key(d)
            key = (rules, hero, field, bots, cap or 0)
            cells.setdefault(key, {})[(d["seed"], d["index"])] = d  # type: ignore[index]
    print(
        "| ruleset | hero | vs 3 x | bots | matches (errors) | deals "
        "| hero mean placement (95% CI) | hero win % | hero deal-in % |"
    )
    print("| --- | --- | --- | --- | ---: | ---: | --- | ---: | ---: |")
    for (rules, hero, field, version, cap), rows in sorted(cells.items()):
        s = summary(list(rows.values()))
        spec = spec_of(rules) + (f", at most {cap} deals" if cap else "")
        print(
            f"| {spec} | {hero} | {field} | {version} | {s['matches']} ({s['errors']}) | "
            f"{s['deals']} | {s['mean']:.3f} ± {s['ci']:.3f} | {100 * s['win_rate']:.1f} | "
            f"{100 * s['deal_in_rate']:.1f} |"
        )
    return 0


COMPARED = ("error", "deals", "placement", "score", "wins", "deal_ins")
"""The fields of a row that a replay by other code must reproduce exactly."""


def verify(args: argparse.Namespace) -> int:
    """Replay recorded matches of a cell with this checkout's bots; 0 if every row is equal.

    The rows of ``--bots`` (a bots hash as written in the rows, not a cell name) for the
    cell's rules, hero, field and seed are read from the files; the first ``--matches`` of
    them (by index) are played again and compared on :data:`COMPARED`.
    """
    recorded: dict[int, dict[str, Any]] = {}
    for path in args.files:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            try:
                d = json.loads(line)
            except json.JSONDecodeError:
                continue
            if (
                (d["rules"], d["hero"], d["field"], d["seed"])
                == (args.rules, args.hero, args.field, args.seed)
                and d.get("bots", UNVERSIONED) == args.bots
                and not d.get("max_deals")
            ):
                recorded[int(d["index"])] = d
    picked = sorted(recorded)[: args.matches]
    if not picked:
        print(f"no rows of bots {args.bots} for {args.rules} {args.hero} vs {args.field}")
        return 2
    differ = 0
    for i in picked:
        new = one(args.rules, args.hero, args.field, args.seed, i)
        diff = [f for f in COMPARED if new[f] != recorded[i][f]]
        differ += bool(diff)
        old_text = ", ".join(f"{f} {recorded[i][f]}" for f in diff)
        new_text = ", ".join(f"{f} {new[f]}" for f in diff)
        print(f"match {i}: " + (f"DIFFERENT ({old_text} -> {new_text})" if diff else "same"))
    print(
        f"{args.rules} {args.hero} vs {args.field}: {len(picked) - differ} of {len(picked)} "
        f"matches of bots {args.bots} replayed identically by bots {bots_version()}"
    )
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="play (or continue) a cell, appending to --out")
    r.add_argument("--rules", required=True)
    r.add_argument("--hero", required=True)
    r.add_argument("--field", required=True)
    r.add_argument("--matches", type=int, default=4000)
    r.add_argument("--seed", type=int, default=2026)
    r.add_argument("--workers", type=int, default=1)
    r.add_argument(
        "--max-deals",
        type=int,
        default=None,
        help="cut every match after this many deals (its own cells, labelled in the report)",
    )
    r.add_argument("--out", required=True)
    p = sub.add_parser("report", help="mean placements with 95%% CIs from result files")
    p.add_argument("files", nargs="+")
    v = sub.add_parser("verify", help="replay recorded matches with this checkout's bots")
    v.add_argument("--rules", required=True)
    v.add_argument("--hero", required=True)
    v.add_argument("--field", required=True)
    v.add_argument("--seed", type=int, default=2026)
    v.add_argument("--bots", required=True, help="the bots hash of the recorded rows")
    v.add_argument("--matches", type=int, default=8, help="how many recorded matches to replay")
    v.add_argument("files", nargs="+")
    args = parser.parse_args()
    if args.command == "verify":
        return verify(args)
    if args.command == "run" and args.max_deals is not None and args.max_deals < 1:
        parser.error(f"--max-deals must be at least 1, got {args.max_deals}")
    return run(args) if args.command == "run" else report(args)


if __name__ == "__main__":
    sys.exit(main())
