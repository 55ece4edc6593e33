"""Results of scoring and settlement, with the ``to_dict`` forms of interfaces.md §5.

>>> a = Award("riichi", {"en": "Riichi", "it": "Riichi", "ja": "立直"}, 1, "han")
>>> a.to_dict()
{'id': 'riichi', 'en': 'Riichi', 'it': 'Riichi', 'value': 1, 'unit': 'han'}
>>> s = Settlement.from_transfers([Transfer("W", "S", 3900)], values={"S": 3900})
>>> s.net, s.to_dict()["transfers"]
({'W': -3900, 'S': 3900}, [{'from': 'W', 'to': 'S', 'amount': 3900}])
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from muraglia.analysis.groups import Decomposition
from muraglia.kernels import compiled
from muraglia.notation import parse_tiles
from muraglia.tiles import PhysicalTile, Tile, format_tiles

__all__ = [
    "DEAL_KEYS",
    "Award",
    "DealOutcome",
    "Deferred",
    "LazyField",
    "LazyLines",
    "ScoreResult",
    "Settlement",
    "TileSource",
    "Transfer",
    "encode_json",
    "encode_json_utf8",
]

_WHERE = ("concealed", "meld", "winning", "bonus")

_ENCODE: Callable[[Any], str] = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
"""``json.dumps(obj, ensure_ascii=False)`` with the encoder made once (results are trees built
by the commands, never cyclic)."""


def _pure_dumps(obj: Any) -> str | None:
    """No text: the pure-Python path of :func:`encode_json` (the standard library writes it)."""
    return None


def _load_dumps() -> Callable[[Any], str | None]:
    """The optional C encoder (``scoring/_cjson.c``), unless ``MURAGLIA_PURE=1`` or not built."""
    module = compiled("muraglia.scoring._cjson")
    if module is None:
        return _pure_dumps
    dumps: Callable[[Any], str | None] = module.dumps
    return dumps


_dumps = _load_dumps()
NATIVE_JSON = _dumps is not _pure_dumps
"""Whether :func:`encode_json` runs the compiled encoder (``muraglia.scoring._cjson``)."""


def _pure_dumps_utf8(obj: Any) -> bytes | None:
    """No bytes: the pure-Python path of :func:`encode_json_utf8` (encodes the library's text)."""
    return None


_dumps_utf8: Callable[[Any], bytes | None] = _pure_dumps_utf8
if NATIVE_JSON:
    _dumps_utf8 = getattr(compiled("muraglia.scoring._cjson"), "dumps_utf8", _pure_dumps_utf8)


def encode_json(obj: Any) -> str:
    """The one JSON text of the output objects: ``json.dumps(obj, ensure_ascii=False)``.

    ``", "`` and ``": "`` separators, non-ASCII as is: what every ``--json``/``--jsonl`` line
    of the command line is. The optional C encoder writes the trees of plain types (dict,
    list, tuple, str, int, float, bool, None) it knows, byte for byte the same text, about ten
    times faster (a third of a riichi ``score --jsonl`` line was the standard library's
    encoder); it answers None for anything else and the standard library writes it (or
    raises its own error).

    >>> encode_json({"ok": True, "hand": "123m", "names": ["東", "é"], "x": None})
    '{"ok": true, "hand": "123m", "names": ["東", "é"], "x": null}'
    """
    text = _dumps(obj)
    return _ENCODE(obj) if text is None else text


def encode_json_utf8(obj: Any) -> bytes | str:
    r"""``encode_json(obj)`` in UTF-8, or that text where it has no UTF-8 form.

    The optional C encoder writes the UTF-8 bytes of the trees it knows at once (``score
    --jsonl`` writes them to a UTF-8 stdout: no text of the line is made, joined with the
    others and encoded, which was a tenth of a riichi line). Else the text of
    :func:`encode_json` is encoded; a text with a lone surrogate is answered as it is (the
    writer encodes it with its stream's error handler, as writing the text would).

    >>> encode_json_utf8({"hand": "東", "x": None})
    b'{"hand": "\xe6\x9d\xb1", "x": null}'
    >>> encode_json_utf8(["\udc80"])
    '["\udc80"]'
    """
    data = _dumps_utf8(obj)
    if data is not None:
        return data
    text = encode_json(obj)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return text


_KIND_NOTATION: dict[tuple[Tile, ...], str] = {}
"""Notation of the tile-kind tuples of :attr:`TileSource.notation` (a sources' tiles repeat:
the pungs, chows and pairs of hands; formatting was a tenth of a ``score --jsonl`` line)."""
_KIND_NOTATION_SIZE = 1 << 14
"""Bound of :data:`_KIND_NOTATION` (further tuples are formatted each time)."""


@dataclass(frozen=True, slots=True)
class TileSource:
    """Tiles of a hand that earn (part of) an :class:`Award`, and where they sit.

    ``where`` is ``concealed`` (the concealed tiles, the winning tile among them), ``meld``
    (the declared meld ``meld``, an index into :attr:`Hand.melds` — the melds in the order of
    the notation, concealed kongs included), ``winning`` (the winning tile itself) or
    ``bonus`` (exposed flowers and seasons). ``tiles`` are tile kinds (a red five is a five).

    >>> TileSource("meld", (Tile.RED,) * 3, meld=0).to_dict()
    {'where': 'meld', 'tiles': '777z', 'meld': 0}
    >>> TileSource.from_dict({"where": "concealed", "tiles": "11z"})
    TileSource(where='concealed', tiles=(<Tile.EAST: 27>, <Tile.EAST: 27>), meld=None)
    """

    where: str
    """``concealed``, ``meld``, ``winning`` or ``bonus``."""
    tiles: tuple[Tile, ...]
    """The tile kinds."""
    meld: int | None = None
    """For ``meld``: the index of the meld in the hand's declared melds."""

    def __post_init__(self) -> None:
        """Check ``where`` and the meld index.

        Raises:
            ValueError: for an unknown ``where`` or a meld index that does not fit it.
        """
        if self.where not in _WHERE:
            raise ValueError(f"tile source {self.where!r}: expected one of {', '.join(_WHERE)}")
        if (self.meld is not None) != (self.where == "meld"):
            raise ValueError(f"tile source {self.where!r} with meld index {self.meld!r}")

    @property
    def notation(self) -> str:
        """The tiles in compact notation (``555z``, ``123m``, ``1f``)."""
        tiles = self.tiles
        text = _KIND_NOTATION.get(tiles)
        if text is None:
            text = format_tiles([PhysicalTile(t) for t in tiles])
            if len(_KIND_NOTATION) < _KIND_NOTATION_SIZE:
                _KIND_NOTATION[tiles] = text
        return text

    def to_dict(self) -> dict[str, Any]:
        """``{"where", "tiles"[, "meld"]}`` (interfaces.md §5, pattern ``tiles``)."""
        out: dict[str, Any] = {"where": self.where, "tiles": self.notation}
        if self.meld is not None:
            out["meld"] = self.meld
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TileSource:
        """The inverse of :meth:`to_dict`."""
        kinds = tuple(t.kind for t in parse_tiles(str(data["tiles"])))
        return cls(str(data["where"]), kinds, data.get("meld"))


@dataclass(frozen=True, slots=True)
class Award:
    """One scoring element found in a hand, with its total value."""

    id: str
    """The pattern id."""
    names: Mapping[str, str]
    """Display names by language."""
    value: int
    """Total value (per-application value x count)."""
    unit: str
    """``han``, ``fan``, ``points``, ``doubles``, ``yakuman``, ``fu``..."""
    count: int = 1
    """How many times the pattern applied (dora, dragon pungs, flowers...)."""
    ref: str = ""
    """Rule reference."""
    limit: bool = False
    """Whether this is a limit hand."""
    tiles: tuple[TileSource, ...] | None = None
    """The tiles that earn the award, found by the pattern's declared locator on the reading
    scored (``()``: a situation, not tiles, earns it — riichi, a last-tile win); None when the
    award was not located (an award built by hand)."""
    category: str | None = None
    """What the value means where the unit does not say it all (FIMJ: ``points``,
    ``fundamental`` or ``closing`` doubles, ``limit``)."""

    def name(self, lang: str = "en") -> str:
        """The display name in ``lang`` (falls back to English)."""
        return self.names.get(lang) or self.names["en"]

    def with_tiles(self, tiles: tuple[TileSource, ...]) -> Award:
        """This award with ``tiles`` (``dataclasses.replace``, without its field lookups).

        >>> Award("x", {"en": "X"}, 1, "han").with_tiles(()).tiles
        ()
        """
        return Award(
            self.id,
            self.names,
            self.value,
            self.unit,
            self.count,
            self.ref,
            self.limit,
            tiles,
            self.category,
        )

    def to_dict(self, keys: Sequence[str] = ()) -> dict[str, Any]:
        """``{"id", "en", "it", "value", "unit"}`` as in interfaces.md §5, plus ``tiles``.

        ``keys`` adds the fields a ruleset's contract also prints (the classical rulesets:
        ``count``, ``ref``; FIMJ also ``category``, docs/scoring.md).

        >>> Award("x", {"en": "X", "it": "X"}, 4, "points", 2, "R-1").to_dict(("count", "ref"))
        {'id': 'x', 'en': 'X', 'it': 'X', 'value': 4, 'unit': 'points', 'count': 2, 'ref': 'R-1'}
        """
        out: dict[str, Any] = {
            "id": self.id,
            "en": self.names["en"],
            "it": self.names.get("it", self.names["en"]),
            "value": self.value,
            "unit": self.unit,
        }
        for key in keys:
            out[key] = getattr(self, key)
        if self.tiles is not None:
            out["tiles"] = [t.to_dict() for t in self.tiles]
        return out


class Deferred:
    """A value to be made on first read by a :class:`LazyField` (``make()`` makes it)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        """A value that ``make()`` will make."""
        self.make = make


def _made(value: Deferred) -> Any:
    return value.make()


class LazyField:
    """A field of a result subclass made on first read (the scoring loop stays cheap).

    The one lazy mechanism of the results. The instance dict holds the value or a *pending*
    form of it: by default a :class:`Deferred`, which makes the value; a field may name other
    pending types and the function that makes the value from one (``pending``, ``make``:
    riichi's results keep a parsed ``Hand`` until its notation is read, and one object that
    makes their awards' tiles, payments and explanation). The first read replaces the pending
    form by what it makes. A result class declares ``hand = LazyField()`` over the dataclass
    field; assigning (as the dataclass ``__init__`` does) stores the value as is.

    >>> class R:
    ...     hand = LazyField()
    ...     size = LazyField(list, len)
    >>> r = R()
    >>> r.hand, r.size = Deferred(lambda: "123m"), [1, 2, 3]
    >>> r.__dict__["hand"].__class__.__name__, r.hand, r.__dict__["hand"]
    ('Deferred', '123m', '123m')
    >>> r.size, r.__dict__["size"]
    (3, 3)
    """

    __slots__ = ("make", "name", "pending")

    def __init__(
        self,
        pending: type | tuple[type, ...] = Deferred,
        make: Callable[[Any], Any] = _made,
    ) -> None:
        """A field whose values of the ``pending`` types (exact types) are made by ``make``."""
        self.pending = pending if isinstance(pending, tuple) else (pending,)
        self.make = make
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        if obj is None:
            return self
        d = obj.__dict__
        value = d[self.name]
        if type(value) in self.pending:
            value = d[self.name] = self.make(value)
        return value

    def __set__(self, obj: object, value: Any) -> None:
        obj.__dict__[self.name] = value


class LazyLines(Mapping[str, tuple[str, ...]]):
    """An explanation built per language on first access (scoring loops stay cheap).

    >>> calls = []
    >>> lines = LazyLines(("en", "it"), lambda lang: calls.append(lang) or (f"hi {lang}",))
    >>> len(calls)
    0
    >>> lines["it"], calls, list(lines)
    (('hi it',), ['it'], ['en', 'it'])
    """

    __slots__ = ("_build", "_done", "_langs")

    def __init__(self, langs: Sequence[str], build: Callable[[str], tuple[str, ...]]) -> None:
        """Lines for each of ``langs``, made by ``build(lang)`` when first asked for."""
        self._langs = tuple(langs)
        self._build = build
        self._done: dict[str, tuple[str, ...]] = {}

    def __getitem__(self, lang: str) -> tuple[str, ...]:
        """The lines of ``lang``.

        Raises:
            KeyError: for a language not offered.
        """
        if lang not in self._langs:
            raise KeyError(lang)
        if lang not in self._done:
            self._done[lang] = tuple(self._build(lang))
        return self._done[lang]

    def __iter__(self) -> Iterator[str]:
        """The languages offered."""
        return iter(self._langs)

    def __len__(self) -> int:
        """How many languages are offered."""
        return len(self._langs)


@dataclass(frozen=True)
class ScoreResult:
    """The score of one hand under one ruleset (the best reading when several exist).

    Only the fields meaningful to the ruleset are set; the rest stay None and are left out
    of :meth:`to_dict`.
    """

    rules: str
    """Ruleset id."""
    hand: str
    """Canonical notation of the hand."""
    valid: bool
    """Whether this is a valid win (False: no yaku, below the minimum, not complete...)."""
    awards: tuple[Award, ...] = ()
    """The scoring elements counted."""
    reason: str | None = None
    """Why the win is not valid (None if valid)."""
    value: int = 0
    """The ruleset's headline value (interfaces.md §5)."""
    han: int | None = None
    """Riichi: total han (yaku + dora)."""
    fu: int | None = None
    """Riichi: fu after rounding."""
    fan: int | None = None
    """MCR: fan total without flowers."""
    points: int | None = None
    """Classical rulesets: hand points before doubles."""
    doubles: int | None = None
    """Classical rulesets: doubles applied."""
    limit: str | None = None
    """Name of the limit reached (``mangan``, ``massimo``...) or None."""
    payments: Mapping[str, int] | None = None
    """Net hand payment by seat letter (positive: receives), when the context defines it."""
    explanation: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Human-readable lines by language (``it``, ``en``)."""
    decomposition: Decomposition | None = None
    """The decomposition scored."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Ruleset-specific output keys (e.g. ``flowers`` in MCR, ``fu_breakdown`` in riichi)."""
    pattern_keys: tuple[str, ...] = ()
    """The award fields the ruleset's ``patterns`` objects also print (:meth:`Award.to_dict`;
    the classical rulesets: ``count``, ``ref``)."""

    @property
    def patterns(self) -> tuple[Award, ...]:
        """Alias of :attr:`awards` (interfaces.md §4)."""
        return self.awards

    @property
    def ids(self) -> frozenset[str]:
        """The ids of the awards."""
        return frozenset(a.id for a in self.awards)

    def lines(self, lang: str = "en") -> tuple[str, ...]:
        """The explanation in ``lang`` (falls back to English)."""
        return self.explanation.get(lang) or self.explanation.get("en", ())

    def to_dict(self) -> dict[str, Any]:
        """The ``muraglia score`` output object (interfaces.md §5)."""
        out: dict[str, Any] = {
            "ok": True,
            "rules": self.rules,
            "hand": self.hand,
            "valid_win": self.valid,
        }
        if self.reason is not None:
            out["reason"] = self.reason
        keys = self.pattern_keys
        out["patterns"] = [a.to_dict(keys) for a in self.awards]
        for key in ("han", "fu", "fan", "points", "doubles"):
            v = getattr(self, key)
            if v is not None:
                out[key] = v
        out["limit"] = self.limit
        out["value"] = self.value
        if self.payments is not None:
            out["payments"] = dict(self.payments)
        out.update(self.extra)
        explanation = self.explanation
        if explanation:  # by key: a lazy mapping's items() view costs a frame per item
            out["explanation"] = {lang: list(explanation[lang]) for lang in explanation}
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ScoreResult:
        """Rebuild a result from a ``muraglia score`` output object (rulesets with own types)."""
        awards = tuple(
            Award(
                p["id"],
                {k: p[k] for k in ("en", "it", "ja", "zh") if k in p},
                int(p.get("value", 0)),
                str(p.get("unit", "")),
                tiles=(
                    tuple(TileSource.from_dict(t) for t in p["tiles"]) if "tiles" in p else None
                ),
            )
            for p in data.get("patterns", ())
        )
        known = {
            "ok", "rules", "hand", "valid_win", "reason", "patterns", "han", "fu", "fan",
            "points", "doubles", "limit", "value", "payments", "explanation",
        }  # fmt: skip
        return cls(
            rules=str(data.get("rules", "")),
            hand=str(data.get("hand", "")),
            valid=bool(data.get("valid_win", False)),
            awards=awards,
            reason=data.get("reason"),
            value=int(data.get("value", 0)),
            han=data.get("han"),
            fu=data.get("fu"),
            fan=data.get("fan"),
            points=data.get("points"),
            doubles=data.get("doubles"),
            limit=data.get("limit"),
            payments=data.get("payments"),
            explanation={k: tuple(v) for k, v in data.get("explanation", {}).items()},
            extra={k: v for k, v in data.items() if k not in known},
        )


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment between two parties (seat letters, or ``table`` for the stick pool)."""

    payer: str
    """Who pays."""
    payee: str
    """Who receives."""
    amount: int
    """How much (positive)."""
    reason: str = ""
    """What the payment is for (``hand``, ``honba``, ``riichi_sticks``, ``noten``; the
    classical rulesets: ``mahjong``, ``winners``, ``difference``, penalties...)."""
    share_of: str | None = None
    """For a payment made on behalf of another seat (SEI-PAY-2), the seat whose share it is."""

    def to_dict(self, *, reason: bool = False) -> dict[str, Any]:
        """``{"from", "to", "amount"}`` as in interfaces.md §5.

        ``reason``: also the reason and, for a share paid on another's behalf, ``share_of``
        (the classical rulesets' ``settle`` output, docs/scoring.md).

        >>> Transfer("E", "S", 240, "mahjong", "W").to_dict(reason=True)
        {'from': 'E', 'to': 'S', 'amount': 240, 'reason': 'mahjong', 'share_of': 'W'}
        """
        out: dict[str, Any] = {"from": self.payer, "to": self.payee, "amount": self.amount}
        if reason:
            out["reason"] = self.reason
            if self.share_of is not None:
                out["share_of"] = self.share_of
        return out


@dataclass(frozen=True)
class Settlement:
    """Who pays whom at the end of one deal; ``net`` always sums to zero."""

    transfers: tuple[Transfer, ...]
    """Every payment, in the order they are made."""
    net: Mapping[str, int]
    """Net result by party (sums to zero)."""
    values: Mapping[str, int] = field(default_factory=dict)
    """The hand value of each scored seat."""
    explanation: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Human-readable lines by language."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Ruleset-specific output keys (next dealer, counters, sticks left...)."""
    reasons: bool = False
    """Whether :meth:`to_dict` prints each transfer's reason (the classical rulesets)."""

    @classmethod
    def from_transfers(
        cls,
        transfers: Sequence[Transfer],
        *,
        values: Mapping[str, int] | None = None,
        parties: Sequence[str] = (),
        explanation: Mapping[str, tuple[str, ...]] | None = None,
        extra: Mapping[str, Any] | None = None,
    ) -> Settlement:
        """A settlement whose ``net`` is computed from ``transfers`` (zero for ``parties``)."""
        net: dict[str, int] = dict.fromkeys(parties, 0)
        for t in transfers:
            net[t.payer] = net.get(t.payer, 0) - t.amount
            net[t.payee] = net.get(t.payee, 0) + t.amount
        return cls(
            tuple(transfers),
            net,
            dict(values or {}),
            dict(explanation or {}),
            dict(extra or {}),
        )

    def to_dict(self) -> dict[str, Any]:
        """The ``muraglia settle`` output object (interfaces.md §5)."""
        out: dict[str, Any] = {
            "ok": True,
            "values": dict(self.values),
            "transfers": [t.to_dict(reason=self.reasons) for t in self.transfers if t.amount],
            "net": dict(self.net),
        }
        out.update(self.extra)
        if self.explanation:
            out["explanation"] = {lang: list(lines) for lang, lines in self.explanation.items()}
        return out


@dataclass(frozen=True)
class DealOutcome:
    """How a deal ended, as the input of :meth:`Ruleset.settle` (interfaces.md §5 ``settle``).

    Hands are given in notation or as parsed objects by seat letter; rulesets parse what they
    need. Riichi fields (``honba``, ``riichi_sticks``, ``riichi``, ``tenpai``, ``dora``...) are
    ignored by rulesets without them.
    """

    round_wind: str = "E"
    """Prevalent wind letter."""
    dealer: str = "E"
    """Seat letter of the dealer (East role)."""
    winners: tuple[str, ...] = ()
    """Winning seats (empty: a draw)."""
    discarder: str | None = None
    """Who discarded the winning tile (None: tsumo or draw)."""
    hands: Mapping[str, Any] = field(default_factory=dict)
    """Hand by seat letter (notation string or Hand)."""
    flags: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Flags by seat letter."""
    status: Mapping[str, str] = field(default_factory=dict)
    """Penalty status by seat letter."""
    honba: int = 0
    """Counters on the table."""
    riichi_sticks: int = 0
    """Riichi sticks left on the table from earlier deals."""
    riichi: tuple[str, ...] = ()
    """Seats that declared riichi in this deal (their sticks are on the table)."""
    tenpai: tuple[str, ...] = ()
    """Seats tenpai at an exhaustive draw."""
    dora: tuple[str, ...] = ()
    """Dora indicators."""
    ura: tuple[str, ...] = ()
    """Ura dora indicators."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Other ruleset-specific keys of the input object."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DealOutcome:
        """Read the ``muraglia settle`` input object.

        Raises:
            TypeError: on a wrongly typed field (the CLI reports it).
        """
        names = set(cls.__dataclass_fields__) - {"extra"}
        kw: dict[str, Any] = {k: data[k] for k in names if k in data}
        for key in ("winners", "riichi", "tenpai", "dora", "ura"):
            if key in kw:
                if isinstance(kw[key], str) or not isinstance(kw[key], Sequence):
                    raise TypeError(f"{key!r} must be a list")
                kw[key] = tuple(kw[key])
        if "flags" in kw:
            kw["flags"] = {s: tuple(v) for s, v in dict(kw["flags"]).items()}
        for key in ("honba", "riichi_sticks"):
            if key in kw and not isinstance(kw[key], int):
                raise TypeError(f"{key!r} must be an integer")
        extra = {k: v for k, v in data.items() if k not in names and k != "rules"}
        return cls(**kw, extra=extra)


DEAL_KEYS: tuple[str, ...] = tuple(f for f in DealOutcome.__dataclass_fields__ if f != "extra")
"""The keys of a ``muraglia settle`` input object read into :class:`DealOutcome`'s fields."""
