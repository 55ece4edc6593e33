"""The MCR kernel's fans (``_cmcr.best``) against the declared predicates (issue 19).

The kernel scores a whole hand in C: decompositions under every MCR shape, readings, the 81
fan predicates (MCR-FAN-01...81), the options, the resolution (MCR-COUNT-2), the first best
reading (MCR-WIN-3) and Chicken Hand (MCR-GAP-2). It covers exactly
:data:`~muraglia.rulesets.mcr.native.KERNEL_IDS`, checked against the declared table at
import; a table declaring another fan, an option it does not implement or an odd input goes
to the declared predicates (the reference, also forced by ``MURAGLIA_PURE=1``).

Every test compares whole results (fans, values, counts, totals, award tiles, explanation in
both languages, payments, decomposition, errors) of the kernel with the reference's, on the
pattern examples and the spec's test vectors (MCR-TV) under every option, seeded and
hypothesis-generated winning hands with random situations, the benchmark's hands and hands
that do not win. The ``kernels`` fixture
runs the module on both paths (the pure run: the scorer must not reach the kernel).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.rulesets.mcr.test_exclusions import HANDS
from tests.rulesets.mcr.test_vectors import COMBOS, VECTORS

from muraglia.errors import MahjongError, RulesetError
from muraglia.notation import parse_hand
from muraglia.rulesets.mcr import PATTERNS, McrRules, search
from muraglia.rulesets.mcr import native as nat
from muraglia.rulesets.mcr import ruleset as mcr_ruleset
from muraglia.rulesets.mcr.options import FLAGS, McrOptions
from muraglia.rulesets.mcr.samples import random_winning_hand, samples
from muraglia.scoring.context import WinType
from muraglia.scoring.patterns import PatternTable, parse_example
from muraglia.scoring.result import ScoreResult
from muraglia.tiles import Tile

pytestmark = pytest.mark.usefixtures("kernels")

needs_native = pytest.mark.skipif(not nat.NATIVE, reason="the MCR kernel is not built here")

OPTIONS: tuple[dict[str, Any], ...] = (
    {},
    {"edition": 2006},
    {"two_kongs_mixed": 3},
    {"two_kongs_mixed": 5},
    {"seven_pairs_all_types": True},
    {"single_wait_four_concealed": False},
)
"""Every option of MCR-CONF away from its default, one at a time."""


def _whole(result: ScoreResult) -> tuple[Any, ...]:
    """Everything a caller can read of a result (the lazy fields made)."""
    return (
        result.rules, result.valid, result.value, result.fan, result.reason, result.payments,
        result.extra, result.hand, result.awards, result.decomposition,
        tuple(result.explanation["en"]), tuple(result.explanation["it"]), result.han, result.fu,
        result.points, result.doubles, result.limit, result.pattern_keys, type(result),
    )  # fmt: skip


def _both(rules: McrRules, hand: str, kw: dict[str, Any]) -> tuple[Any, Any]:
    """(kernel, reference) outcomes of one call: the whole result or the error's type and text."""
    out = []
    for best in (mcr_ruleset.best_fans, nat._pure_best_fans):
        saved = mcr_ruleset.best_fans
        mcr_ruleset.best_fans = best
        try:
            out.append(_whole(rules.score(hand, **kw)))
        except MahjongError as exc:
            out.append((type(exc), str(exc)))
        finally:
            mcr_ruleset.best_fans = saved
    return out[0], out[1]


def _situation(rng: random.Random, win: str) -> dict[str, Any]:
    """A random legal situation for a win (flags that fit the win type)."""
    flags = [f for f in ("last_tile", "last_of_kind") if rng.random() < 0.15]
    if win == "tsumo" and rng.random() < 0.1:
        flags.append("replacement")
    if win == "ron" and rng.random() < 0.1:
        flags.append("robbing_kong")
    kw: dict[str, Any] = {"win": win, "flags": flags}
    kw["seat_wind"] = rng.choice("ESWN")
    kw["round_wind"] = rng.choice("ESWN")
    if win == "ron" and rng.random() < 0.5:
        kw["discarder"] = rng.choice([s for s in "ESWN" if s != kw["seat_wind"]])
    return kw


def test_a_built_kernel_has_the_fan_scorer() -> None:
    """A build of ``_cmcr.c`` has ``fans``/``best``; a stale one must be rebuilt (CI builds it,
    and ``test_native.test_kernel_is_built`` fails there when it cannot be)."""
    if nat.NATIVE:
        assert nat._fans is not None, "stale _cmcr build without the fan scorer: rebuild it"


def test_the_kernel_covers_exactly_the_declared_table() -> None:
    """The kernel's ids are declared fans, the table declares no other: the fast path is used."""
    declared = [p.id for p in PATTERNS]
    assert set(nat.KERNEL_IDS) == set(declared) == nat.COVERS
    assert len(nat.KERNEL_IDS) == len(set(nat.KERNEL_IDS)) == 81
    assert search.usable(PATTERNS)
    assert set(nat.KERNEL_FLAGS) == set(FLAGS)
    search.check_declared(PATTERNS)
    lacking = PatternTable("mcr-lacking", unit="fan")
    with pytest.raises(RulesetError, match="undeclared fans"):
        search.check_declared(lacking)


@needs_native
def test_the_kernel_checks_its_fan_list() -> None:
    """A fan list in another order than the C kernel's is refused (no silent renumbering)."""
    c = search.compiled()
    ids = nat.KERNEL_IDS
    kernel = nat._native
    assert kernel is not None
    with pytest.raises(ValueError, match="kernel id"):
        kernel.fans(
            c.kernel, ids[::-1], (0,) * 81, (1,) * 81, ((),) * 5,
            tuple(s.id for s in nat.KERNEL_SHAPES), nat._GROUP_KINDS, ((), ()), (4, 0, 1),
            search.award_of,
        )  # fmt: skip


def test_a_fan_the_kernel_does_not_detect_goes_to_the_predicates(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table declaring a fan outside the kernel's (here: one the kernel is told it lacks)."""
    monkeypatch.setattr(nat, "COVERS", nat.COVERS - {"all_chows"})
    assert not search.usable(PATTERNS)
    rules = McrRules()
    assert search.fan_kernel(rules._values, rules.options) is None
    h = "123m456p789s234s55s+5s"
    assert rules._kernel_best(*_args(rules, h)) is NotImplemented
    assert "all_chows" in {a.id for a in rules.score(h).awards}


def _args(rules: McrRules, text: str) -> tuple[Any, ...]:
    return parse_hand(text, red_fives=False), WinType.RON, Tile.EAST, Tile.EAST, frozenset()


def test_an_option_the_kernel_does_not_implement_goes_to_the_predicates() -> None:
    @dataclass(frozen=True)
    class More(McrOptions):
        house_rule: bool = True

    assert search.fan_kernel({}, More()) is None
    assert search.fan_kernel({}, object()) is None


def test_the_scorer_reaches_the_kernel_only_in_the_native_run(
    request: pytest.FixtureRequest,
) -> None:
    pure = request.node.callspec.params["kernels"] == "pure"
    rules = McrRules()
    got = rules._kernel_best(*_args(rules, "123m456p789s234s55s+5s"))
    assert (got is NotImplemented) is (pure or not nat.NATIVE)
    assert (mcr_ruleset.best_fans is nat._pure_best_fans) is (pure or not nat.NATIVE)


@needs_native
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(map(str, o.items())) or "-")
def test_same_results_on_the_pattern_examples(options: dict[str, Any]) -> None:
    """Every fan's example hands, under every option (MCR-FAN-01...81, MCR-CONF)."""
    rules = McrRules(**options)
    for p in PATTERNS:
        for example in p.examples:
            text, kw = parse_example(example)
            kernel, reference = _both(rules, text, kw)
            assert kernel == reference, example


@needs_native
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(map(str, o.items())) or "-")
def test_same_results_on_the_spec_test_vectors(options: dict[str, Any]) -> None:
    """MCR-TV-01...35, the seed's combinations (MCR-TV-08) and the exclusion hands."""
    rules = McrRules(**options)
    calls: list[tuple[str, dict[str, Any]]] = []
    for _, hand, win, seat, rnd, flags, discarder, *_ in VECTORS:
        kw = {"win": win, "seat_wind": seat, "round_wind": rnd, "flags": list(flags)}
        calls.append((hand, kw if discarder is None else {**kw, "discarder": discarder}))
    for win in ("ron", "tsumo"):
        calls += [
            (hand, {"win": win, "seat_wind": s, "round_wind": r}) for _, hand, s, r, _ in COMBOS
        ]
    calls += [(hand, {"win": win}) for hand, win, *_ in HANDS]
    for hand, kw in calls:
        kernel, reference = _both(rules, hand, kw)
        assert kernel == reference, (hand, kw)


@needs_native
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(map(str, o.items())) or "-")
def test_same_results_on_seeded_hands_and_situations(options: dict[str, Any]) -> None:
    """Seeded winning hands of every family with random winds, flags and discarders."""
    rules = McrRules(**options)
    rng = random.Random(1919)
    for _ in range(500):
        s = random_winning_hand(rng)
        kernel, reference = _both(rules, s.hand, _situation(rng, s.win))
        assert kernel == reference, s.hand


@needs_native
def test_same_results_on_the_benchmark_hands() -> None:
    """The hands of ``bench/bench_mcr.py`` (2,000, seed 2026) as it scores them."""
    rules = McrRules()
    for s in samples(2000, 2026):
        kw = {"win": s.win, "seat_wind": s.seat_wind, "round_wind": s.round_wind}
        kernel, reference = _both(rules, s.hand, kw)
        assert kernel == reference, s.hand


@needs_native
@given(
    st.integers(0, 2**32),
    st.sampled_from(OPTIONS),
    st.sampled_from(
        ("concealed", "melded", "seven_pairs", "thirteen_orphans", "knitted", "honours_knitted")
    ),
)
def test_same_results_on_generated_hands(seed: int, options: dict[str, Any], kind: str) -> None:
    rng = random.Random(seed)
    s = random_winning_hand(rng, kind)
    kernel, reference = _both(McrRules(**options), s.hand, _situation(rng, s.win))
    assert kernel == reference, s.hand


@needs_native
@given(st.lists(st.integers(0, 33), min_size=14, max_size=14), st.booleans())
def test_same_answers_on_hands_that_do_not_win(kinds: list[int], tsumo: bool) -> None:
    """Random 14 tiles (most not a winning shape: a false win), fifth copies refused alike."""
    text = "".join(Tile(k).notation for k in kinds[:13]) + "+" + Tile(kinds[13]).notation
    kernel, reference = _both(McrRules(), text, {"win": "tsumo" if tsumo else "ron"})
    assert kernel == reference, text


@needs_native
@pytest.mark.parametrize(
    ("hand", "kw"),
    [
        ("123m456p789s234s55s+5s", {"win": "none"}),
        ("123m456p789s234s55s+5s", {"flags": ["robbing_kong"], "win": "tsumo"}),
        ("123m456p789s234s55s+5s", {"flags": ["bogus"]}),
        ("123m456p789s234s55s", {}),
        ("123m456p789s234s55s+5s", {"seat_wind": "X"}),
        ("123m456p789s234s55s+5s", {"discarder": "Q"}),
        ("1111m456p789s234s5s+5s", {}),
    ],
)
def test_same_errors(hand: str, kw: dict[str, Any]) -> None:
    kernel, reference = _both(McrRules(), hand, kw)
    assert kernel == reference


@needs_native
def test_odd_inputs_are_handed_back() -> None:
    """What the kernel does not take it hands back (NotImplemented): the predicates score it."""
    rules = McrRules()
    h = parse_hand("123m456p789s234s55s+5s", red_fives=False)
    state = search.fan_kernel(rules._values, rules.options)
    kernel = nat._native
    assert state is not None
    assert kernel is not None
    good = [state, h.concealed_counts, h.melds, h.counts, int(Tile.S5), False, Tile.EAST]
    good += [Tile.EAST, 0, 0, h, WinType.RON, frozenset(), rules.options]
    assert isinstance(kernel.best(*good), tuple)
    odd: list[tuple[int, Any]] = [
        (1, (0,) * 33),  # not 34 counts
        (3, (5,) + (0,) * 33),  # a fifth copy
        (2, ("111z",)),  # a meld of another form
        (4, 34),  # no such tile
        (6, 5),  # seat wind not a wind
        (8, 16),  # unknown flag bits
    ]
    for at, value in odd:
        args = list(good)
        args[at] = value
        assert kernel.best(*args) is NotImplemented, (at, value)
    assert kernel.best(*good[:-1]) is NotImplemented
