"""What a FIMJ hand waits on: the kinds that complete it, special shapes, "ultimo pezzo".

:func:`may_complete` is the necessary condition the engine's win check uses
(``FimjFlow.is_complete``); :func:`waiting_kinds` asks the scorer about every kind that passes
it (the scorer alone decides a special-shape massimo, FIMJ-HAND-3); :func:`last_piece_wait`
classifies a wait for the last-piece double (FIMJ-DBL-4).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from muraglia.analysis.shanten import shanten_all
from muraglia.hand import MAX_MELDS, Hand
from muraglia.melds import SET_SIZE
from muraglia.tiles import (
    COPIES,
    DRAGONS,
    HAND_SIZE,
    NUM_KINDS,
    NUM_SUITED,
    RANKS,
    TERMINALS_AND_HONORS,
    WINDS,
    Tile,
)

__all__ = [
    "Completes",
    "last_piece_wait",
    "may_complete",
    "maybe_special",
    "waiting_kinds",
    "waiting_kinds_reference",
]

Completes = Callable[[Hand, Tile], bool]
"""``(hand13, kind) -> bool``: whether the 13-tile hand with ``kind`` as its winning tile is a
FIMJ Mah-Jong (the ruleset's scorer: ``FimjRules.completes``)."""

_SNAKE_RUN = 7
"""Siamese snakes: 1 to 7 of a suit (FIMJ-MAX-M09)..."""
_SNAKES = 2
"""... in two suits."""
_TWO_KINDS = 2
"""Ultimo pezzo cases 2 and 3 wait on two kinds (FIMJ-DBL-4)."""
_PAIR = 2
"""Tiles in a pair."""


def waiting_kinds(
    hand13: Hand, completes: Completes, *, four_as_two_pairs: bool = True
) -> tuple[Tile, ...]:
    """The tile kinds that would make the 13-tile ``hand13`` a FIMJ Mah-Jong.

    A kind of which the hand already holds four copies is no wait (there is no fifth tile).
    A wait counts even if every other copy is visible: "anche se una di queste è morta"
    (FIMJ-RICHI-1).

    Only the kinds that pass :func:`may_complete` are scored; the others cannot complete the
    hand (:func:`waiting_kinds_reference` scores all 34, and the tests compare the two).
    """
    concealed = list(hand13.concealed_counts)
    melds = len(hand13.melds)
    if (
        sum(concealed) + SET_SIZE * melds != HAND_SIZE - 1 or melds > MAX_MELDS
    ):  # not 13 tiles: no shortcut
        return waiting_kinds_reference(hand13, completes)
    counts = hand13.counts
    bare = Hand(hand13.concealed, hand13.melds, hand13.bonus)
    out = []
    for kind in range(NUM_KINDS):
        if counts[kind] >= COPIES:
            continue
        concealed[kind] += 1
        possible = may_complete(concealed, melds, four_as_two_pairs=four_as_two_pairs)
        concealed[kind] -= 1
        if possible and completes(bare, Tile(kind)):
            out.append(Tile(kind))
    return tuple(out)


def waiting_kinds_reference(hand13: Hand, completes: Completes) -> tuple[Tile, ...]:
    """:func:`waiting_kinds` by scoring the hand with each of the 34 kinds (the reference)."""
    counts = hand13.counts
    bare = Hand(hand13.concealed, hand13.melds, hand13.bonus)
    return tuple(
        Tile(kind)
        for kind in range(NUM_KINDS)
        if counts[kind] < COPIES and completes(bare, Tile(kind))
    )


def may_complete(counts: Sequence[int], melds: int, *, four_as_two_pairs: bool) -> bool:
    """A necessary condition for concealed ``counts`` and ``melds`` to be a FIMJ Mah-Jong.

    Four sets and a pair or seven pairs (shanten -1), seven pairs with four alike as two
    pairs (FIMJ-GAP-11), or a hand that may be a special-shape massimo (FIMJ-HAND-3; only the
    scorer decides). The engine's win check (``FimjFlow.is_complete``) is this function.
    """
    if shanten_all(counts, melds) == -1:
        return True
    if melds == 0 and 1 not in counts and SET_SIZE not in counts:  # every count 0, 2 or 4
        return four_as_two_pairs
    return maybe_special(counts, melds)


def maybe_special(counts: Sequence[int], melds: int) -> bool:
    """Necessary conditions of the special-shape massimi (FIMJ-MAX M04, M07, M08, M09)."""
    east, south, west, north = WINDS
    if counts[east] == counts[south] == counts[west] == counts[north] == 1:  # small snake
        suits = [s for s in range(0, NUM_SUITED, RANKS) if any(counts[s : s + RANKS])]
        return (
            sum(counts[d] for d in DRAGONS) == 1
            and len(suits) == 1
            and max(counts[suits[0] : suits[0] + RANKS]) == 1
        )
    if melds:
        return False
    if all(counts[t] for t in TERMINALS_AND_HONORS):
        return True  # thirteen marvellous lanterns
    if all(counts[d] == 1 for d in DRAGONS):  # snake of the dragons
        return sorted(counts[w] for w in WINDS) == [0, 0, 0, _PAIR]  # a wind pair
    if any(counts[NUM_SUITED:]) or sum(counts) != HAND_SIZE:
        return False
    runs = [
        s for s in range(0, NUM_SUITED, RANKS) if all(counts[s + r] == 1 for r in range(_SNAKE_RUN))
    ]
    return len(runs) == _SNAKES  # Siamese snakes


def last_piece_wait(
    waits: Iterable[Tile], winning: Tile, concealed13: Sequence[int]
) -> tuple[str, Tile | None] | None:
    """Which case of "ultimo pezzo" the wait is (FIMJ-DBL-4), and the other tile to be dead.

    "Si è in attesa di un solo pezzo" (case 1: a single wait for the pair or a one-tile set),
    "su due coppie" whose other tile has no copy left (case 2), "su scala bilaterale" whose
    other tile has no copy left (case 3). ``concealed13`` are the 34-counts of the concealed
    tiles before the winning one. Returns ``("single", None)``, ``("two_pairs", other)``,
    ``("two_sided", other)``, or None for any other wait (three kinds or more, two single
    waits, ...), which can never be a last piece.

    >>> last_piece_wait([Tile.S5], Tile.S5, [0] * 34)
    ('single', None)
    >>> from muraglia.notation import parse_hand
    >>> c = parse_hand("234m 567m 678p 11z 34s").concealed_counts
    >>> last_piece_wait([Tile.S2, Tile.S5], Tile.S5, c)
    ('two_sided', <Tile.S2: 19>)
    >>> c = parse_hand("234m 567m 678p 3456s").concealed_counts  # two single waits
    >>> last_piece_wait([Tile.S3, Tile.S6], Tile.S6, c) is None
    True
    """
    kinds = sorted(set(waits))
    if kinds == [winning]:
        return ("single", None)
    if len(kinds) != _TWO_KINDS or winning not in kinds:
        return None
    other = kinds[0] if kinds[1] == winning else kinds[1]
    if all(concealed13[k] >= _PAIR and _rest_is_complete(concealed13, {k: _PAIR}) for k in kinds):
        return ("two_pairs", other)  # the pair of either tile becomes the pung
    low, high = kinds
    if (
        low.is_suited
        and high.is_suited
        and low.suit == high.suit
        and high.rank - low.rank == SET_SIZE
        and _rest_is_complete(concealed13, {Tile(low + 1): 1, Tile(low + 2): 1})
    ):
        return ("two_sided", other)  # the two tiles between wait on either end
    return None


def _rest_is_complete(counts: Sequence[int], remove: dict[Tile, int]) -> bool:
    """Whether ``counts`` less ``remove`` (a partial set) are sets and one pair."""
    rest = list(counts)
    for kind, n in remove.items():
        rest[kind] -= n
        if rest[kind] < 0:
            return False
    total = sum(rest)
    return total % SET_SIZE == _PAIR and shanten_all(rest, (HAND_SIZE - total) // SET_SIZE) == -1
