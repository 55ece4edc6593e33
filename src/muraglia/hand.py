"""A player's hand: concealed tiles, declared melds, bonus tiles and the winning tile.

Syntax and semantics are separate: :func:`muraglia.notation.parse_hand` checks syntax
(and, by default, semantics), while :meth:`Hand.status` reports semantic problems as
:class:`HandStatus` flags so that what-if analysis can work on "pseudo-valid" hands.

>>> from muraglia.notation import parse_hand
>>> h = parse_hand("234m567p11z [555z] [789s<] +4m")
>>> h
Hand('234m567p11z [555z] [789s<] +4m')
>>> h.tile_count, h.is_concealed, h.status()
(14, False, <HandStatus.VALID: 0>)
>>> parse_hand("111112m", strict=False).status()
<HandStatus.TOO_MANY_COPIES|WRONG_TILE_COUNT: 3>

The names are defined in :mod:`muraglia.notation`, beside the parser (``Hand.parse`` calls the
parser, which builds ``Hand`` objects: one module, no import cycle); this module keeps their
import path.
"""

from __future__ import annotations

from muraglia.notation import MAX_MELDS, Hand, HandStatus, format_hand

__all__ = ["MAX_MELDS", "Hand", "HandStatus", "format_hand"]
