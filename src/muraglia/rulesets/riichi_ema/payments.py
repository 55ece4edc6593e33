"""Basic points, limits and who pays what for one win (EMA-PAY, EMA-HONBA, EMA-PAO).

Pure arithmetic on seat letters (``E S W N`` = seat winds; East is the dealer):

>>> basic_points(3, 30)
(960, None)
>>> basic_points(4, 30), basic_points(4, 30, kiriage=True)
((1920, None), (2000, 'mangan'))
>>> sorted(win_transfers(960, "S", tsumo=False, discarder="W"))
[('W', 'S', 3900, 'hand')]
>>> [t[2] for t in win_transfers(2000, "E", tsumo=True, honba=1)]
[4000, 4000, 4000, 100, 100, 100]
"""

from __future__ import annotations

from collections.abc import Iterator

__all__ = [
    "SEATS",
    "LIMITS",
    "basic_points",
    "ceil100",
    "hand_value",
    "next_seats",
    "win_transfers",
]

SEATS: tuple[str, ...] = ("E", "S", "W", "N")
"""Seat letters in turn order (seat winds; East deals)."""

LIMITS: tuple[tuple[int, int, str], ...] = (
    (13, 8000, "yakuman"),
    (11, 6000, "sanbaiman"),
    (8, 4000, "baiman"),
    (6, 3000, "haneman"),
    (5, 2000, "mangan"),
)
"""(minimum han, basic points, name) of the limit table EMA-PAY-5, highest first."""

YAKUMAN_NAMES = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman"}


def ceil100(x: int) -> int:
    """Round up to a multiple of 100 (EMA-PAY-4).

    >>> ceil100(3840), ceil100(3900), ceil100(0)
    (3900, 3900, 0)
    """
    return -(-x // 100) * 100


def basic_points(
    han: int, fu: int, *, yakuman: int = 0, kiriage: bool = False, kazoe: bool = True
) -> tuple[int, str | None]:
    """Basic points B and the limit's name (EMA-PAY-1, EMA-PAY-5, EMA-GAP-6/7).

    ``yakuman`` is the number of yakuman (Big Four Winds counts 2); ``kiriage`` rounds
    4 han 30 fu and 3 han 60 fu up to mangan (off in EMA); ``kazoe`` pays 13+ han as a yakuman.
    """
    if yakuman:
        return 8000 * yakuman, YAKUMAN_NAMES.get(yakuman, f"{yakuman}x yakuman")
    if han >= 5:  # the limit table (the common hands below it skip the loop)
        for least, b, name in LIMITS:
            if han >= least and (kazoe or least < 13):
                return b, name
    b = fu * 2 ** (han + 2)
    if b >= 2000 or (kiriage and (han, fu) in ((4, 30), (3, 60))):
        return 2000, "mangan"
    return b, None


def hand_value(b: int, winner: str, *, tsumo: bool) -> int:
    """Total points received for the hand, before counters and sticks (interfaces.md §5)."""
    if not tsumo:
        return ceil100((6 if winner == "E" else 4) * b)
    if winner == "E":
        return 3 * ceil100(2 * b)
    return ceil100(2 * b) + 2 * ceil100(b)


def next_seats(seat: str) -> Iterator[str]:
    """The other three seats in turn order after ``seat``."""
    i = SEATS.index(seat)
    for k in range(1, 4):
        yield SEATS[(i + k) % 4]


_NEXT_SEATS: dict[str, tuple[str, ...]] = {seat: tuple(next_seats(seat)) for seat in SEATS}
"""``next_seats`` of each seat, made once (a win's transfers read it for every scored hand)."""


def win_transfers(
    b: int,
    winner: str,
    *,
    tsumo: bool,
    discarder: str | None = None,
    honba: int = 0,
    liable: str | None = None,
) -> list[tuple[str, str, int, str]]:
    """``(payer, payee, amount, reason)`` for one winner (EMA-PAY-2/3, EMA-HONBA-4, EMA-PAO).

    ``liable`` is the seat liable (pao) for the hand's Big Three Dragons / Big Four Winds.
    Reasons: ``hand``, ``honba``, ``pao``.
    """
    out: list[tuple[str, str, int, str]] = []
    if liable is not None:
        total = ceil100((6 if winner == "E" else 4) * b)
        if tsumo or discarder == liable:
            out.append((liable, winner, total, "pao"))
            if honba:
                out.append((liable, winner, 300 * honba, "honba"))
        else:
            assert discarder is not None
            out.append((discarder, winner, total // 2, "hand"))
            out.append((liable, winner, total - total // 2, "pao"))
            if honba:
                out.append((discarder, winner, 300 * honba, "honba"))
        return out
    if not tsumo:
        assert discarder is not None
        out.append((discarder, winner, ceil100((6 if winner == "E" else 4) * b), "hand"))
        if honba:
            out.append((discarder, winner, 300 * honba, "honba"))
        return out
    others = _NEXT_SEATS.get(winner) or tuple(next_seats(winner))
    for payer in others:
        mult = 2 if winner == "E" or payer == "E" else 1
        out.append((payer, winner, ceil100(mult * b), "hand"))
    if honba:
        out.extend([(payer, winner, 100 * honba, "honba") for payer in others])
    return out
