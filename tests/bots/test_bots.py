"""The built-in bot ladder: determinisation, fault-free play, the expert's
obvious moves, and mc's promise to play the expert's move unless its paired
rollouts say otherwise (what makes duplicate comparisons exact).

Kept fast: mc runs with a tiny budget (and short or cheap rollouts on the
big layouts), and most tests use hand-built positions.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from golfcli.actions import Action
from golfcli.bots.common import determinize, discard_flips, shuffle
from golfcli.bots.evaluator import Evaluator
from golfcli.bots.expert import ExpertBot
from golfcli.bots.mc import MCBot
from golfcli.bots.registry import make_bot
from golfcli.cards import parse_card
from golfcli.exceptions import InputError
from golfcli.match import Match
from golfcli.matchresult import MatchResult
from golfcli.state import HoleState
from golfcli.variant import BUILTIN_NAMES, Variant
from golfcli.variantload import builtin, load_variant
from golfcli.view import View, view

from ..helpers import mask, play_hole, position

# (variant, players): every built-in variant, alberta also as partners (4 seats,
# 2 shared layouts) and six-card with three sides (mc's "own" objective).
TABLES = [
    ("six-card", 2),
    ("six-card", 3),
    ("four-card", 2),
    ("nine-card", 2),
    ("duel", 2),
    ("alberta", 2),
    ("alberta", 4),
]


def table_id(table: tuple[str, int]) -> str:
    return f"{table[0]}-{table[1]}p"


# ---------------------------------------------------------------------- helpers


def patch_mc(monkeypatch: pytest.MonkeyPatch, **methods: Any) -> Any:
    """MCBot with ``methods`` replaced, and ``make_bot("mc...")`` making it
    for the rest of the test.

    Compiled (mypyc), MCBot's class is immutable: its methods cannot be set
    on it.  A subclass may override them (MCBot allows interpreted
    subclasses, and its compiled code calls the overrides)."""
    import inspect

    from golfcli.bots import registry

    sig = inspect.signature(MCBot)  # the options the registry checks
    patched = type("PatchedMC", (MCBot,), {"__signature__": sig, **methods})
    real = registry._builtin_class
    monkeypatch.setattr(
        registry, "_builtin_class", lambda name: patched if name == "mc" else real(name)
    )
    return patched


def _named(name: str) -> Variant:
    """A built-in variant, or else a house rule of configs/variants/ by name."""
    if name in BUILTIN_NAMES:
        return builtin(name)
    return load_variant(f"configs/variants/{name}.yaml")


def decision_points(v: Variant, players: int, holes: int = 0) -> list[HoleState]:
    """Snapshots of every turn decision (not the start-of-hole setup) of a
    few holes played by random legal moves (more of four-card's short ones)."""
    holes = holes or (3 if v.cells > 4 else 10)
    out = []
    for h in range(holes):
        st = HoleState(v, players, h % players, random.Random(f"bots:{v.name}:{h}"))
        rng = random.Random(h)
        while not st.is_over:
            if st.phase != "setup":
                out.append(st.clone(keep_events=True))
            legal = st.legal_actions()
            st.apply(legal[int(rng.random() * len(legal))])
    return out


def hidden_from(st: HoleState, seat: int) -> list[tuple[str, int, int]]:
    """Where the cards ``seat`` cannot know lie: ("lay", side, pos) / ("stock", i, 0)."""
    mem = st.memory[seat]
    me = st.side_of[seat]
    out = [
        ("lay", s, p)
        for s in range(st.groups)
        for p in range(st.n)
        if not st.up[s] >> p & 1 and not (s == me and mem >> p & 1)
    ]
    return out + [("stock", i, 0) for i in range(len(st.stock))]


def card_at(st: HoleState, where: tuple[str, int, int]) -> int:
    kind, a, b = where
    return st.layouts[a][b] if kind == "lay" else st.stock[a]


def put_at(st: HoleState, where: tuple[str, int, int], card: int) -> None:
    kind, a, b = where
    if kind == "lay":
        st.layouts[a][b] = card
    else:
        st.stock[a] = card


# ---------------------------------------------------------------------- determinize


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_determinize_keeps_what_the_seat_knows_and_the_deck(table: tuple[str, int]) -> None:
    v = builtin(table[0])
    seen: set[tuple[str, bool]] = set()
    for i, st in enumerate(decision_points(v, table[1])):
        seat = st.current  # a bot determinises its own view when it must decide
        vw = view(st, seat)
        det = determinize(vw, random.Random(i))
        side = st.side_of[seat]
        seen.add((st.phase, st.closer is not None))
        # (a) every card the seat sees or remembers stays where it is
        for s in range(st.groups):
            for p in range(st.n):
                if st.up[s] >> p & 1:
                    assert det.layouts[s][p] == st.layouts[s][p]
        for p, card in vw.memory:
            assert det.layouts[side][p] == card == st.layouts[side][p]
        assert det.discard == st.discard
        assert det.drawn == st.drawn
        if st.phase == "place":
            assert det.drawn_from == st.drawn_from
        # (b) the very same cards: nothing invented, nothing lost or doubled
        assert Counter(det.all_cards()) == Counter(st.all_cards())
        assert len(det.stock) == len(st.stock)
        # (c) the same position to play on
        assert (det.phase, det.current, det.up, det.turns) == (
            st.phase,
            st.current,
            st.up,
            st.turns,
        )
        assert det.turn_count == st.turn_count
        assert (det.closer, det.closer_seat, det.final_left) == (
            st.closer,
            st.closer_seat,
            st.final_left,
        )
        assert det.memory[seat] == st.memory[seat] & ~st.up[side]
        assert det.legal_actions() == st.legal_actions()
        if i % 7 == 0:  # and it plays on to a scored end under the real rules
            rng = random.Random(i)
            while not det.is_over:
                legal = det.legal_actions()
                det.apply(legal[int(rng.random() * len(legal))])
            assert det.result is not None
    # the holes reached every kind of decision, the end phase included
    assert {"draw", "place"} <= {phase for phase, _ in seen}
    assert any(closing for _, closing in seen)
    if v.turn.flip_after_discard != "never":
        assert "flip" in {phase for phase, _ in seen}


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_determinize_depends_only_on_the_view(table: tuple[str, int]) -> None:
    v = builtin(table[0])
    rng = random.Random(7)
    matches = slots = 0
    for i, st in enumerate(decision_points(v, table[1])[::3]):
        seat = st.current
        hidden = hidden_from(st, seat)
        # a twin hole: the cards hidden from the seat dealt around differently
        twin = st.clone(keep_events=True)
        pool = [card_at(st, w) for w in hidden]
        rng.shuffle(pool)
        for w, card in zip(hidden, pool, strict=True):
            put_at(twin, w, card)
        if len(set(pool)) > 1:
            assert [card_at(twin, w) for w in hidden] != [card_at(st, w) for w in hidden]
        vw = view(st, seat)
        assert view(twin, seat) == vw  # the seat cannot tell the twins apart ...
        a = determinize(vw, random.Random(i))
        b = determinize(view(twin, seat), random.Random(i))
        assert a.signature() == b.signature()  # ... and neither can determinize
        # the sampled hidden cards are no better than chance at guessing the real ones
        for w in hidden:
            if w[0] == "lay":
                slots += 1
                matches += card_at(a, w) == card_at(st, w)
    assert slots > 50
    assert matches / slots < 0.2  # chance is about 1 / (unseen cards) <= 1/20


@pytest.mark.parametrize("table", TABLES[:2], ids=table_id)
def test_determinize_for_a_seat_watching_another_hold_a_stock_card(
    table: tuple[str, int],
) -> None:
    """The card another seat drew from the stock is unseen: it is dealt from
    the unseen cards, and the state plays on (a swap puts a real card down)."""
    v = builtin(table[0])
    held = [st for st in decision_points(v, table[1]) if st.phase == "place"]
    held = [st for st in held if st.drawn_from == "stock"]
    assert held
    for i, st in enumerate(held):
        watcher = (st.current + 1) % st.players
        vw = view(st, watcher)
        assert vw.drawn is None
        det = determinize(vw, random.Random(i))
        assert det.drawn is not None
        assert Counter(det.all_cards()) == Counter(st.all_cards())
        assert det.legal_actions() == st.legal_actions()
        det.apply(next(a for a in det.legal_actions() if a.kind == "swap"))
        assert all(c is not None for lay in det.layouts for c in lay)


def test_determinize_refuses_the_setup() -> None:
    st = HoleState(builtin("six-card"), 2, 0, random.Random(1))
    assert st.phase == "setup"
    with pytest.raises(InputError, match="setup"):
        determinize(view(st, st.current), random.Random(1))


def test_unknown_bot_options_are_refused_and_mc_passes_expert_ones_on() -> None:
    from golfcli.bots.registry import BotSpecError

    for spec in ("mc?iterationz=4", "expert?foo=1", "greedy?threshold=3&x=1"):
        with pytest.raises(BotSpecError, match="has no option"):
            make_bot(spec)
    with pytest.raises(BotSpecError, match="takes none"):
        make_bot("random?x=1")
    bot = make_bot("mc?feed_weight=0.9&iterations=3")
    assert bot.expert.feed_weight == 0.9 and bot.iterations == 3


def test_mc_takes_every_expert_option_with_the_experts_default() -> None:
    # mc names the expert's options one by one (compiled, it cannot take
    # ``**options``): an option the expert gains or a default it changes must
    # reach mc too, or "mc?x=1" would be refused and mc's candidates drift
    import inspect

    mc = inspect.signature(MCBot).parameters
    for name, p in inspect.signature(ExpertBot).parameters.items():
        assert name in mc, f"mc does not take the expert's option {name}"
        assert mc[name].default == p.default, name
    inner, alone = MCBot(seed=1).expert, ExpertBot(seed=1)
    for name in inspect.signature(ExpertBot).parameters:
        if name != "seed":  # the same defaults, as the objects hold them too
            assert getattr(inner, name) == getattr(alone, name), name
    bot = MCBot(seed=1, feed_weight=0.9, margin=2.0, future_weight=0.5)
    bot2 = MCBot(seed=1, unknown_discount=0.3, neutral=5, budget=1000)
    assert (bot.expert.feed_weight, bot.expert.margin, bot.expert.future_weight) == (0.9, 2.0, 0.5)
    assert (bot2.expert.unknown_discount, bot2.expert.neutral, bot2.expert.budget) == (0.3, 5, 1000)


def test_determinize_samples_only_the_hidden_cards() -> None:
    v = builtin("six-card")
    st = decision_points(v, 2, holes=1)[6]
    seat = st.current
    hidden = [w for w in hidden_from(st, seat) if w[0] == "lay"]
    assert hidden
    vw = view(st, seat)
    dets = [determinize(vw, random.Random(k)) for k in range(8)]
    samples = {tuple(card_at(d, w) for w in hidden) for d in dets}
    assert len(samples) > 1  # hidden cards vary with the generator ...
    for d in dets:  # ... the rest never does
        for s in range(st.groups):
            for p in range(st.n):
                if ("lay", s, p) not in hidden:
                    assert d.layouts[s][p] == st.layouts[s][p]


# ---------------------------------------------------------------------- fault-free play

# mc kept cheap: a tiny budget; short rollouts where holes run long (nine-card,
# duel), the public-card rollout policy on alberta's 18-card layouts.
MC_SPECS = {
    "six-card": "mc?iterations=2",
    "four-card": "mc?iterations=4",
    "nine-card": "mc?iterations=2&horizon=4",
    "duel": "mc?iterations=2&horizon=4",
    "alberta": "mc?iterations=2&rollout=lite",
}


@pytest.mark.parametrize("bot", ["random", "greedy", "expert", "mc"])
@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_every_bot_plays_every_variant_without_faults(
    table: tuple[str, int], bot: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    name, players = table
    v = builtin(name)
    spec = MC_SPECS[name] if bot == "mc" else bot
    searches = []
    search = MCBot.search

    def counting(self: MCBot, *args: Any, **kw: Any) -> list[list[float]]:
        searches.append(1)
        return search(self, *args, **kw)

    patch_mc(monkeypatch, search=counting)
    res = play_hole(v, [spec] * players, seed=f"faults:{name}")
    for st in res.stats:
        assert st.last_fault == ""
        assert not any(st.faults.values())
        assert st.decisions > 0
    # (expert sides can stall with one card each left; the turn limit ends that)
    assert res.holes[0].end_reason in ("final turns played", "went out", "knocked", "turn limit")
    if bot == "mc" and name != "four-card":  # four-card holes are often over before it is late
        assert searches, "mc never searched: the test did not exercise it"


# ---------------------------------------------------------------------- obvious moves


SIX = builtin("six-card")


def test_six_card_values_the_tests_rely_on() -> None:
    vals = {r: SIX.value(parse_card(r + "S")) for r in ("A", "2", "7", "Q", "K")}
    assert vals == {"A": 1, "2": -2, "7": 7, "Q": 10, "K": 0}


def pair_position() -> HoleState:
    """Our column 0 is 7C over QS (17 points); a 7 on the discard pile pairs it
    (0).  The opponent has one face-down card left: mc is past its ``late``
    threshold."""
    return position(
        SIX,
        ["7C 5D KH / QS 9H 4C", "2C 8D 6H / 3S JD 10C"],
        ["100/100", "111/110"],
        discard="3D 7H",
    )


@pytest.mark.parametrize("spec", ["expert", "greedy", "mc?iterations=4"])
def test_takes_the_discard_that_completes_a_column_pair(spec: str) -> None:
    st = pair_position()
    bot = make_bot(spec, seed=1)
    assert bot.choose(view(st, 0), st.legal_actions()) == Action("draw_discard")
    st.apply(Action("draw_discard"))
    assert st.legal_actions() == tuple(Action("swap", p) for p in range(6))
    assert bot.choose(view(st, 0), st.legal_actions()) == Action("swap", 3)
    st.apply(Action("swap", 3))
    assert st.layouts[0][0] >> 3 == st.layouts[0][3] >> 3  # (the move really pairs)


def test_expert_values_the_pair_with_a_big_gain() -> None:
    st = pair_position()
    bot = ExpertBot(seed=1)
    st.apply(Action("draw_discard"))
    v, legal = view(st, 0), st.legal_actions()
    move = bot.choose(v, legal)
    assert move == Action("swap", 3)
    ev = Evaluator(v, bot.future_weight)
    delta = {a: val for val, a in bot.evaluate(v, legal)}[move] - ev.value(ev.mine)
    # the pair wipes 17 known points; the value it had before is at most the
    # unfinished pair's expected saving, future_weight (0.6) times those 17
    assert delta <= -17 * (1 - bot.future_weight)


@pytest.mark.parametrize("spec", ["expert", "greedy", "mc?iterations=4"])
def test_discards_a_drawn_queen_rather_than_cover_low_cards(spec: str) -> None:
    # we hold a Queen (10) from the stock; our face-up cards are A, 2, K, 4 and
    # no Queen anywhere to pair with: keeping it can only cost
    st = position(
        SIX,
        ["AC 2D 3H / KS 4C 5D", "9C 8D 6H / 10S JD 3C"],
        ["110/110", "111/110"],
        discard="7H",
        phase="place",
        drawn="QH",
    )
    bot = make_bot(spec, seed=1)
    assert bot.choose(view(st, 0), st.legal_actions()) == Action("discard")
    if isinstance(bot, ExpertBot):
        values = {a: val for val, a in bot.evaluate(view(st, 0), st.legal_actions())}
        assert all(values[Action("swap", p)] > values[Action("discard")] for p in (0, 1, 3, 4))


@pytest.mark.parametrize(
    ("name", "first", "same_column"),
    [("six-card", [0], {3}), ("nine-card", [0, 1], {3, 6, 4, 7}), ("four-card", [0], {2})],
)
def test_expert_spreads_its_start_cards_over_the_columns(
    name: str, first: list[int], same_column: set[int]
) -> None:
    v = builtin(name)
    chosen = set()
    for seed in range(12):
        st = HoleState(v, 2, 1, random.Random(seed))
        kind = st.legal_actions()[0].kind  # reveal, or peek on four-card
        for p in first:  # seat 0 has already turned up (or peeked at) these
            st.apply(Action(kind, p))
        assert st.phase == "setup" and st.current == 0
        action = ExpertBot(seed=seed).choose(view(st, 0), st.legal_actions())
        assert action.pos not in same_column and action.pos not in first
        chosen.add(action.pos)
    assert len(chosen) > 1  # equally good cells are chosen at random


# ---------------------------------------------------------------------- mc follows the expert

# (variant, players, seat played by mc)
FOLLOW = [("six-card", 2, 0), ("six-card", 3, 1), ("four-card", 2, 1), ("duel", 2, 0)]
FOLLOW_SEEDS = ("a", "b", "c")


def follow_id(case: tuple[str, int, int]) -> str:
    return f"{case[0]}-{case[1]}p-seat{case[2]}"


def twin_holes(
    name: str, players: int, seat: int, seed: str, mc: str = "mc?iterations=2&horizon=4"
) -> tuple[MatchResult, MatchResult]:
    # alberta's experts can stall for up to 60 turns each: cap the hole (speed)
    v = load_variant(name, ["end.turn_limit=14"] if name == "alberta" else [])
    experts = ["expert"] * players
    with_mc = [mc if s == seat else "expert" for s in range(players)]
    return play_hole(v, experts, seed, record=True), play_hole(v, with_mc, seed, record=True)


@pytest.mark.parametrize("case", FOLLOW, ids=follow_id)
def test_mc_that_never_departs_plays_exactly_like_expert(
    case: tuple[str, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # every rollout result identical: the paired differences are all zero,
    # so pick keeps index 0, the expert's own choice, every time
    calls = []

    def flat(
        self: MCBot, view: View, cands: Sequence[Action], iterations: int | None = None
    ) -> list[list[float]]:
        calls.append(len(cands))
        return [[float(k % 3) for k in range(4)] for _ in cands]

    patch_mc(monkeypatch, search=flat)
    for seed in FOLLOW_SEEDS:
        expert, mc = twin_holes(*case, seed=f"follow:{seed}")
        assert mc.holes[0].events == expert.holes[0].events
        assert mc.holes[0].scores == expert.holes[0].scores
    assert calls and min(calls) >= 2  # mc did reach its search, with a real choice


def test_mc_that_never_departs_plays_like_expert_on_alberta_partners(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = []

    def flat(
        self: MCBot, view: View, cands: Sequence[Action], iterations: int | None = None
    ) -> list[list[float]]:
        calls.append(1)
        return [[1.0, 2.0] for _ in cands]

    patch_mc(monkeypatch, search=flat)
    expert, mc = twin_holes("alberta", 4, 2, seed="follow:alberta")
    assert mc.holes[0].events == expert.holes[0].events
    assert mc.holes[0].scores == expert.holes[0].scores
    assert calls


@pytest.mark.parametrize("case", FOLLOW[:2], ids=follow_id)
def test_mc_searching_for_real_but_keeping_the_experts_move_changes_nothing(
    case: tuple[str, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # real determinisations and rollouts (they draw from mc's generator, and
    # build their own expert bots) must not disturb the expert's generator
    calls = []
    search = MCBot.search

    def counting(self: MCBot, *args: Any, **kw: Any) -> list[list[float]]:
        out = search(self, *args, **kw)
        calls.append(len(out[0]))
        return out

    patch_mc(monkeypatch, search=counting, pick=lambda self, outcomes: 0)
    for seed in FOLLOW_SEEDS:
        expert, mc = twin_holes(*case, seed=f"follow:{seed}")
        assert mc.holes[0].events == expert.holes[0].events
    assert calls and min(calls) == 2  # real searches, iterations=2 each


@pytest.mark.parametrize("case", FOLLOW, ids=follow_id)
def test_mc_plays_like_expert_at_least_until_its_first_search(
    case: tuple[str, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    first: list[int] = []
    search = MCBot.search

    def noting(self: MCBot, view: View, *args: Any, **kw: Any) -> list[list[float]]:
        first.append(len(view.history))
        return search(self, view, *args, **kw)

    patch_mc(monkeypatch, search=noting)
    for seed in FOLLOW_SEEDS:
        first.clear()
        expert, mc = twin_holes(*case, seed=f"follow:{seed}", mc="mc?iterations=2&rollout=lite")
        a, b = expert.holes[0].events, mc.holes[0].events
        assert a is not None and b is not None
        if not first:
            assert a == b
        else:
            k = first[0]
            assert 0 < k < len(b) and a[:k] == b[:k]


def test_bots_replay_exactly_from_the_match_seed() -> None:
    v = builtin("six-card")
    specs = ["mc?iterations=2", "expert"]
    a = play_hole(v, specs, "replay", record=True)
    b = play_hole(v, specs, "replay", record=True)
    assert a.holes[0].events == b.holes[0].events


# ---------------------------------------------------------------------- MCBot.pick


def paired(base: Sequence[float], mean: float, spread: float) -> list[float]:
    """``base`` plus differences of the given mean whose standard error is
    ``spread`` (+-a alternately over 4 samples: sd = a * sqrt(4/3), se = a / sqrt(3))."""
    assert len(base) == 4
    a = spread * math.sqrt(3)
    return [b + mean + (a if k % 2 == 0 else -a) for k, b in enumerate(base)]


# deliberately spread-out base results: only the paired differences are tight
BASE = [3.0, 30.0, -5.0, 12.0]


@pytest.mark.parametrize(
    ("z", "mean", "expected"),
    [
        (1.0, -0.9, 0),  # better by 0.9 standard errors: noise, keep the expert's move
        (1.0, -1.1, 1),  # better by 1.1: switch
        (2.0, -1.9, 0),
        (2.0, -2.1, 1),
        (0.0, -0.01, 1),
        (1.0, 0.5, 0),  # worse: never
        (0.0, 3.0, 0),
    ],
)
def test_pick_switches_only_when_better_by_more_than_z_standard_errors(
    z: float, mean: float, expected: int
) -> None:
    bot = MCBot(seed=0, z=z)
    assert bot.pick([BASE, paired(BASE, mean, 1.0)]) == expected


def test_pick_never_leaves_the_expert_for_an_equal_candidate() -> None:
    assert MCBot(seed=0, z=0.0).pick([BASE, list(BASE), [b + 1 for b in BASE]]) == 0


def test_pick_uses_paired_differences_not_the_spread_of_results() -> None:
    # the alternative is better in every determinisation, by 1 +- 0.1; its raw
    # results vary by tens (so an unpaired comparison would call it noise)
    alt = paired(BASE, -1.0, 0.1)
    assert MCBot(seed=0, z=3.0).pick([BASE, alt]) == 1


def test_pick_among_several_prefers_the_clearly_better_lowest_mean() -> None:
    bot = MCBot(seed=0, z=1.0)
    good, better = paired(BASE, -2.0, 0.5), paired(BASE, -3.0, 0.5)
    noisy_best = paired(BASE, -4.0, 5.0)  # lowest mean but not significant
    worse = paired(BASE, 2.0, 0.1)
    assert bot.pick([BASE, good, better]) == 2
    assert bot.pick([BASE, better, good]) == 1
    assert bot.pick([BASE, good, noisy_best]) == 1
    assert bot.pick([BASE, worse, good, worse]) == 2
    assert bot.pick([BASE, worse, noisy_best]) == 0
    assert bot.pick([[5.0], [-50.0]]) == 0  # one sample says nothing about noise


# ---------------------------------------------------------------------- MCBot.candidates


def tie_position() -> HoleState:
    """A King (0) drawn from the stock; cells 2 and 5 (column 2, both face down)
    are exactly symmetric, so the expert's best value is a tie broken by its
    generator.  Every layout still has 4 face-down cards: an early decision."""
    return position(
        SIX,
        ["AC 2D 3H / KS 4C 5D", "9C 8D 6H / 10S JD 3C"],
        ["110/000", "100/010"],
        discard="7H",
        phase="place",
        drawn="KH",
    )


def test_candidates_put_the_experts_own_choice_first_and_keep_close_ones() -> None:
    st = tie_position()
    vw, legal = view(st, 0), st.legal_actions()
    values = {a: val for val, a in ExpertBot(seed=0).evaluate(vw, legal)}
    best = min(values.values())
    firsts = set()
    for seed in range(10):
        for top_k, close in [(3, 4.0), (10, 4.0), (10, 0.0), (1, 100.0), (10, 100.0)]:
            bot = MCBot(seed=seed, top_k=top_k, close=close)
            cands = bot.candidates(vw, legal)
            choice = ExpertBot(seed=seed)
            assert cands[0][1] == choice.choose(vw, legal)
            # the same draw from the same generator as the expert made
            assert bot.expert.rng.getstate() == choice.rng.getstate()
            acts = [a for _, a in cands]
            assert len(acts) == len(set(acts)) <= top_k
            assert all(v == values[a] and v <= best + close for v, a in cands)
            others = [v for v, _ in cands[1:]]
            assert others == sorted(others)
            # nothing left out is both close enough and better than one kept
            left = [values[a] for a in values if a not in acts and values[a] <= best + close]
            if left:
                assert len(acts) == top_k and min(left) >= max(others or [best])
            if top_k >= len(values):
                assert set(acts) == {a for a in values if values[a] <= best + close}
        firsts.add(MCBot(seed=seed).candidates(vw, legal)[0][1])
    assert firsts == {Action("swap", 2), Action("swap", 5)}  # the tie, broken both ways


def test_candidates_close_and_top_k_cut_where_the_values_say() -> None:
    st = tie_position()
    vw, legal = view(st, 0), st.legal_actions()
    values = sorted(val for val, _ in ExpertBot(seed=0).evaluate(vw, legal))
    best = values[0]
    for close in (0.0, 1.0, values[2] - best, 5.0, 100.0):
        within = sum(1 for val in values if val <= best + close)
        for top_k in (1, 2, 3, len(values)):
            assert len(MCBot(seed=0, close=close, top_k=top_k).candidates(vw, legal)) == min(
                within, top_k
            )


# ---------------------------------------------------------------------- MCBot.search / choose


def last_turn() -> HoleState:
    """six-card, 2 players: seat 1 has just gone out; seat 0, on its final
    turn, holds a 3 from the stock with one face-down card left (cell 5)."""
    st = position(
        SIX,
        ["AC 4D 5H / 2S 7C QD", "9C 8D 6H / 10S JD 3C"],
        ["111/110", "111/110"],
        discard="7H",
        current=1,
        phase="place",
        drawn="KD",
        stock_top="3H",
    )
    st.apply(Action("swap", 5))  # seat 1's last card: out
    assert st.closer == 1 and st.current == 0
    st.apply(Action("draw_stock"))
    assert st.drawn == parse_card("3H")
    return st


@pytest.mark.parametrize("rollout", ["expert", "lite"])
@pytest.mark.parametrize("objective", ["auto", "relative", "own"])
def test_search_plays_each_candidate_on_the_same_determinisations(
    rollout: str, objective: str
) -> None:
    st = last_turn()
    vw = view(st, 0)
    cover, better, toss = Action("swap", 5), Action("swap", 1), Action("discard")
    bot = MCBot(seed=3, iterations=6, rollout=rollout, objective=objective)
    outcomes = bot.search(vw, [cover, better, toss])
    assert [len(o) for o in outcomes] == [6, 6, 6]

    def result(action: Action) -> float:
        end = st.clone()
        end.apply(action)
        assert end.result is not None  # covering the last card ends the hole
        ours, theirs = end.result.totals
        return ours if objective == "own" else ours - theirs

    # covering our last face-down card leaves nothing unknown: exact every time
    assert outcomes[0] == [result(cover)] * 6
    # discarding (then turning cell 5 up) depends on the sampled card there ...
    assert len(set(outcomes[2])) > 1
    # ... but the 3 over the 4 at cell 1 is exactly 1 better in every sample:
    # both candidates met the same card at cell 5 (common random numbers)
    assert [round(b - t, 9) for b, t in zip(outcomes[1], outcomes[2], strict=True)] == [-1.0] * 6


def test_budget_is_the_iterations_option_or_the_layout_default() -> None:
    six, alberta = (
        view(last_turn(), 0),
        view(HoleState(builtin("alberta"), 2, 0, random.Random(0)), 0),
    )
    assert MCBot().budget(six) == 24 and MCBot().budget(alberta) == 6
    assert MCBot(iterations=5).budget(alberta) == 5
    assert MCBot(iterations=1).budget(six) == 2  # one sample has no spread


def scripted(calls: list[tuple[list[Action], int | None]], answers: list[list[list[float]]]) -> Any:
    def search(
        self: MCBot, view: View, cands: Sequence[Action], iterations: int | None = None
    ) -> list[list[float]]:
        calls.append((list(cands), iterations))
        return answers[len(calls) - 1]

    return search


@pytest.mark.parametrize(
    ("confirm", "recheck", "keeps"),
    [
        (1, None, False),  # no confirmation: the first search decides
        (3, [[0.0] * 4, [1.0] * 4], True),  # confirmation overturns it
        (3, [[0.0] * 4, [-2.0] * 4], False),  # confirmation agrees
    ],
)
def test_choose_confirms_before_overruling_the_expert(
    confirm: int,
    recheck: list[list[float]] | None,
    keeps: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    st = tie_position()
    st.up[1] = mask("111/110")  # the opponent has one card left: the hole is late
    vw, legal = view(st, 0), st.legal_actions()
    cands = [a for _, a in MCBot(seed=1).candidates(vw, legal)]
    assert len(cands) == 3
    # the third candidate looks better by 2 in every one of 4 samples
    first = [[0.0] * 4, [0.5] * 4, [-2.0] * 4]
    calls: list[tuple[list[Action], int | None]] = []
    answers = [first] + ([recheck] if recheck else [])
    bot = patch_mc(monkeypatch, search=scripted(calls, answers))(
        seed=1, iterations=4, confirm=confirm
    )
    action = bot.choose(vw, legal)
    assert action == (cands[0] if keeps else cands[2])
    assert calls[0] == (cands, None)
    if confirm > 1:  # resampled: the two only, (confirm - 1) times the budget
        assert calls[1] == ([cands[0], cands[2]], 4 * (confirm - 1))
    assert len(calls) == (2 if confirm > 1 else 1)


def test_choose_leaves_early_decisions_to_the_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    st = tie_position()
    vw, legal = view(st, 0), st.legal_actions()
    down = min(sum(1 for c in lay if c is None) for lay in vw.layouts)
    assert down == 4 and vw.closer is None

    def refuse(self: MCBot, *args: Any, **kw: Any) -> list[list[float]]:
        raise AssertionError("searched an early decision")

    refusing = patch_mc(monkeypatch, search=refuse)
    for seed in range(4):
        assert refusing(seed=seed, late=3).choose(vw, legal) == ExpertBot(seed=seed).choose(
            vw, legal
        )
    with pytest.raises(AssertionError, match="searched"):
        refusing(seed=0, late=4).choose(vw, legal)


def test_experts_do_not_wait_for_each_other_until_the_turn_limit() -> None:
    """Alberta deal where four experts, one face-down card a side, used to pass
    a 3 back and forth until the turn limit; tempo now fades once a hole runs
    past 30% of the limit, and someone goes out."""
    v = builtin("alberta")
    bots = [make_bot("expert") for _ in range(4)]
    m = Match(v, bots, [f"seat{s}" for s in range(4)], seed="ladder:alberta:11", holes=1)
    res = m.play()
    assert m.state is not None
    assert res.holes[0].end_reason != "turn limit"
    assert max(m.state.turns) <= 0.5 * v.end.turn_limit


@pytest.mark.parametrize(
    ("turns", "patience"), [(0, 1.0), (18, 1.0), (24, 0.5), (30, 0.0), (59, 0.0)]
)
def test_tempo_patience_fades_between_30_and_50_percent_of_the_turn_limit(
    turns: int, patience: float
) -> None:
    st = HoleState(builtin("alberta"), 2, 0, random.Random(1))
    st.turns[0] = turns
    assert ExpertBot._patience(view(st, 0)) == pytest.approx(patience)


# ------------------------------------------------------ the expert's shared work


def test_the_experts_memos_share_work_only_between_cards_that_score_alike() -> None:
    """The value and gain memos treat 7S and 7H as one card, never AC (-2 on
    Alberta) and AH (1): asked in either order, one Evaluator answers as
    fresh ones do."""
    from golfcli.bots.evaluator import Evaluator

    alberta = builtin("alberta")
    st = position(
        alberta,
        ["AS 4D 9H 5C KH 8S / 3S JD 10C 6H 2D QS / 7D 4S 5H 9C 3H 6C"] * 2,
        ["111000/110000/100000", "111000/000000/000000"],
        discard="2C",
    )
    v = view(st, 0)

    def fresh() -> Evaluator:
        return Evaluator(v)

    mine = fresh().mine
    for a, b, alike in [("7S", "7H", True), ("AC", "AH", False), ("KC", "KH", False)]:
        ca, cb = parse_card(a), parse_card(b)
        trial_a, trial_b = list(mine), list(mine)
        trial_a[3], trial_b[3] = ca, cb
        want = (fresh().value(trial_a), fresh().value(trial_b))
        gains = (fresh().gain_for(mine, ca), fresh().gain_for(mine, cb))
        assert (want[0] == want[1]) is alike and (gains[0] == gains[1]) is alike
        for order in (1, -1):
            ev = fresh()
            got = [ev.value(t) for t in (trial_a, trial_b)[::order]][::order]
            assert tuple(got) == want
            ev = fresh()
            got = [ev.gain_for(mine, c) for c in (ca, cb)[::order]][::order]
            assert tuple(got) == gains
    table = fresh().alike
    assert table[parse_card("7S")] == table[parse_card("7H")] == table[parse_card("7C")]
    assert table[parse_card("AC")] != table[parse_card("AH")] == table[parse_card("AS")]


# ---------------------------------------------------------------------- mc's shared valuations


def test_mc_decision_cache_plays_and_counts_exactly_as_the_expert() -> None:
    # the same decisions met twice (as rollouts of one search meet them):
    # the cached seat moves and counts work exactly as an uncached expert,
    # ties drawn from its own generator, and the second meeting is a hit
    from golfcli.bots.mc import DecisionCache, view_key

    cache = DecisionCache()
    points = [st for st in decision_points(SIX, 2, holes=1) if len(st.legal_actions()) > 1]
    assert len(points) > 4
    plain, cached = ExpertBot(seed="tie"), ExpertBot(seed="tie")
    for _ in range(2):
        for st in points:
            vw, legal = view(st, st.current), st.legal_actions()
            assert cache.choose(cached, vw, legal) == plain.choose(vw, legal)
            assert cached.spent == plain.spent
            assert cached.rng.random() == plain.rng.random()  # same draws so far
    distinct = {view_key(view(st, st.current), st.legal_actions()) for st in points}
    assert cache.hits == 2 * len(points) - len(distinct)


def test_mc_decision_cache_keeps_no_over_budget_move() -> None:
    # over its work budget the expert plays the greedy move drawn from its
    # generator: that is not a function of the view, so it is never reused
    from golfcli.bots.mc import DecisionCache

    cache = DecisionCache()
    st = next(st for st in decision_points(SIX, 2, holes=1) if len(st.legal_actions()) > 2)
    bot = ExpertBot(seed=1, budget=1)
    cache.choose(bot, view(st, st.current), st.legal_actions())
    assert bot.over_budget == 1 and not cache.table


@pytest.mark.parametrize("name", ["six-card", "nine-card", "four-card", "alberta"])
def test_the_expert_values_positions_with_alike_cards_exchanged_the_same(name: str) -> None:
    # mc's rollouts share the expert's valuation between views that differ
    # only in cards that score alike (7H seen, 7S hidden, or the other way
    # round): that holds only while the expert reads cards by rank and value
    from golfcli.bots.mc import view_key
    from golfcli.scoring import compiled

    v = builtin(name)
    alike = compiled(v).alike
    exchanged = 0
    for st in decision_points(v, 2)[::3]:
        seat = st.current
        seen = [(s, p) for s in range(st.groups) for p in range(st.n) if st.up[s] >> p & 1]
        for s, p in seen:
            c = st.layouts[s][p]
            k = next((i for i, h in enumerate(st.stock) if h != c and alike[h] == alike[c]), None)
            if k is None:
                continue
            other = st.clone(keep_events=True)
            other.layouts[s][p], other.stock[k] = other.stock[k], c
            a, b = view(st, seat), view(other, seat)
            legal = st.legal_actions()
            assert a != b and view_key(a, legal) == view_key(b, legal)
            assert ExpertBot(seed=1).evaluate(a, legal) == ExpertBot(seed=1).evaluate(b, legal)
            exchanged += 1
            break
    assert exchanged > 3


@pytest.mark.parametrize("name", ["six-card", "alberta", "duel", "nine-card-002"])
def test_the_experts_incremental_valuation_is_the_full_one(name: str) -> None:
    """A trial valued from its reference layout (``value_at``: one card
    tried in one cell) is the very float a fresh full valuation gives, with
    the same work units, for our layout and an opponent's, with and without
    the turns left; and one Evaluator asked in any order answers the same."""
    v = _named(name)
    rng = random.Random(name)
    players = 4 if name == "alberta" else 2
    checked = 0
    for seed in range(3):
        st = HoleState(v, players, 0, random.Random(seed))
        while not st.is_over and checked < 400:
            if st.phase == "draw":
                vw = view(st, st.current)
                ev = Evaluator(vw)
                for lay in (ev.mine, list(vw.layouts[(vw.side + 1) % len(vw.layouts)])):
                    for future in (True, False):
                        for card, _ in ev.classes[:6]:
                            pos = rng.randrange(len(lay))
                            trial = list(lay)
                            trial[pos] = card
                            fresh = Evaluator(vw)
                            want = fresh.value(trial, future)
                            before = ev.work
                            ref = ev.reference(lay, future)
                            assert ev.value_at(ref, pos, trial) == want
                            assert ev.work - before in (0, fresh.work)  # 0: a memo hit
                            checked += 1
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
    assert checked >= 100


@pytest.mark.parametrize("name", ["six-card", "four-card"])
def test_the_expert_values_a_swap_as_its_docstring_says(name: str) -> None:
    """A swap's value, worked out from the evaluator's parts: the layout
    after it (for the rest of the hole, or as it stands when the swap ends
    the hole), plus the tempo of ending it, plus what the replaced card
    feeds the next player, less ``reveal`` for a card turned up, less
    ``win`` times the chance of winning the hole heads-up."""
    v = builtin(name)
    bot = ExpertBot(seed=1, reveal=3.0, win=5.0)
    seen: Counter[str] = Counter()
    for st in decision_points(v, 2, holes=6):
        if st.phase != "place":
            continue
        vw = view(st, st.current)
        card = vw.drawn
        assert card is not None
        for pos in range(v.cells):
            ev = bot.evaluator(vw)
            got = bot._place_value(ev, card, pos)
            ev = bot.evaluator(vw)
            face_down = vw.layouts[vw.side][pos] is None
            down_after = ev.down_mine - (1 if face_down else 0)
            ends = not vw.final_turn and v.end.all_face_up and down_after == 0
            trial = list(ev.mine)
            old, trial[pos] = trial[pos], card
            want = ev.value(trial, future=not ends)
            odds = bot._odds(ev, want, down_after, ends)
            if ends:
                want += bot._tempo(ev)
            if old is not None:
                want += bot._feed(ev, old)
            if face_down:
                want -= bot.reveal
            assert got == want - odds
            seen["ends"] += ends
            seen["odds"] += odds != 0
            seen["fed"] += old is not None and bot._feed(ev, old) != 0
            seen["turned up"] += face_down
    assert seen["odds"] and seen["fed"] and seen["turned up"]
    assert seen["ends"] or name == "four-card"  # (four-card's holes mostly end by a knock)


@pytest.mark.parametrize(
    "name", ["look-again", "flip-as-action", "alberta-shots", "knocking", "flip-optional"]
)
def test_the_expert_values_every_legal_move_of_a_turns_options(name: str) -> None:
    """Every move a turn allows gets a value, each kind by its own rule: a
    look costs half a stroke on a card not remembered and five on one that
    is (a wasted turn), a flip instead of drawing the flip's expected value
    plus half a stroke, a bunker or approach shot the layout after the two
    cards trade places plus half a stroke."""
    v = _named(name)
    players = min(p for p in v.players if p >= 2)
    bot = ExpertBot(seed=1)
    kinds: Counter[str] = Counter()
    for st in decision_points(v, players)[::3]:
        legal = st.legal_actions()
        vw = view(st, st.current)
        scored = bot.evaluate(vw, legal)
        assert sorted(a for _, a in scored) == sorted(legal), st.phase
        ev = bot.evaluator(vw)
        for val, a in scored:
            kinds[a.kind] += 1
            if a.kind == "look":
                assert val == ev.value(ev.mine) + (0.5 if ev.mine[a.pos] is None else 5.0)
            elif a.kind == "flip" and st.phase == "draw":
                assert val == bot._flip_value(ev, ev.mine, a.pos) + 0.5
            elif a.kind in ("bunker", "approach"):
                trial = list(ev.mine)
                trial[a.pos], trial[a.pos2] = trial[a.pos2], trial[a.pos]
                assert val == ev.value(trial) + 0.5
    wanted = {
        "look-again": {"look"},
        "flip-as-action": {"flip"},
        "alberta-shots": {"bunker", "approach"},
        "knocking": {"knock"},
        "flip-optional": {"pass"},
    }[name]
    assert wanted <= set(kinds), kinds


def test_a_look_at_a_remembered_card_is_worth_less_than_at_one_not_known() -> None:
    v = load_variant("configs/variants/look-again.yaml")
    bot = ExpertBot(seed=1)
    both = 0
    for st in decision_points(v, 2):
        legal = st.legal_actions()
        vw = view(st, st.current)
        looks = {a.pos: val for val, a in bot.evaluate(vw, legal) if a.kind == "look"}
        mine = vw.known_layout()
        known = [p for p in looks if mine[p] is not None]
        unknown = [p for p in looks if mine[p] is None]
        if known and unknown:
            assert min(looks[p] for p in known) > max(looks[p] for p in unknown)
            both += 1
    assert both > 0


def test_the_experts_forecast_is_its_budgets_gate_and_every_fallback_is_counted() -> None:
    """A decision whose forecast work is the budget itself is made (the gate is
    "more than the budget"), one unit less falls back to the greedy move, and
    every fallback counts."""
    bot = ExpertBot(seed=1)
    for st in decision_points(SIX, 2):
        if st.phase != "draw":
            continue
        legal = st.legal_actions()
        vw = view(st, st.current)
        forecast = ExpertBot.forecast(bot.evaluator(vw), legal)
        full = ExpertBot(seed=1)
        full.evaluate(vw, legal)
        if full.spent <= forecast:
            break
    else:
        raise AssertionError("no decision that works within its forecast")
    exact = ExpertBot(seed=1, budget=forecast)
    assert exact.evaluate(vw, legal) == full.evaluate(vw, legal) and exact.over_budget == 0
    short = ExpertBot(seed=1, budget=forecast - 1)
    short.evaluate(vw, legal)
    short.evaluate(vw, legal)
    assert short.over_budget == 2


def test_the_experts_forecast_counts_every_shot_as_one_valuation_of_each_place() -> None:
    """``forecast``: every class of unseen card in every place, plus every
    bunker or approach shot, each at one value-function call (cells and
    pattern instances)."""
    v = load_variant("configs/variants/alberta-shots.yaml")
    bot = ExpertBot(seed=1)
    shots = 0
    for st in decision_points(v, 4)[::4]:
        if st.phase != "draw":
            continue
        legal = st.legal_actions()
        ev = bot.evaluator(view(st, st.current))
        per_call = len(ev.mine) + len(ev.insts)
        bunker = sum(1 for a in legal if a.kind == "bunker")
        approach = sum(1 for a in legal if a.kind == "approach")
        want = per_call * (len(ev.classes) * len(ev.mine) + bunker + approach)
        assert ExpertBot.forecast(ev, legal) == want
        shots += bunker * approach  # positions with shots of both kinds
    assert shots > 0


def test_the_expert_with_nothing_valued_draws_a_legal_move_from_its_generator() -> None:
    legal = [Action("flip", p) for p in range(6)]
    bot = ExpertBot(seed=5)
    twin = random.Random()
    twin.setstate(bot.rng.getstate())
    picks = [bot.pick([], legal) for _ in range(30)]
    assert picks == [legal[int(twin.random() * 6)] for _ in range(30)]
    assert len(set(picks)) > 1


@pytest.mark.parametrize("name", ["six-card", "four-card"])
def test_reveal_lowers_every_flip_by_itself(name: str) -> None:
    """``reveal`` credits a card turned up: a flip's value with it is the
    flip's value without it, less exactly ``reveal``."""
    v = builtin(name)
    plain, keen = ExpertBot(seed=1), ExpertBot(seed=1, reveal=2.5)
    flips = 0
    for st in decision_points(v, 2)[::2]:
        vw = view(st, st.current)
        for pos in range(v.cells):
            if vw.layouts[vw.side][pos] is None:
                a = plain._flip_value(plain.evaluator(vw), vw.known_layout(), pos)
                b = keen._flip_value(keen.evaluator(vw), vw.known_layout(), pos)
                assert b == a - 2.5
                flips += 1
    assert flips > 20


def test_the_experts_options_are_checked_and_its_work_starts_at_nothing() -> None:
    from golfcli.bots import BotSpecError

    for spec, said in (
        ("expert?win=-1", "win must be at least 0, not -1"),
        ("expert?hole_win=-0.5", "hole_win must be at least 0, not -0.5"),
        ("expert?budget=0", "budget must be at least 1 work unit, not 0"),
    ):
        with pytest.raises(BotSpecError, match=said):
            make_bot(spec)
    bot = ExpertBot(seed=1)
    assert (bot.spent, bot.over_budget) == (0, 0)
    st = next(st for st in decision_points(SIX, 2) if st.phase == "draw")
    vw, legal = view(st, st.current), st.legal_actions()
    ev = bot.evaluator(vw)
    bot._evaluate(ev, vw, legal)
    bot.evaluate(vw, legal)  # what it spends: every card in play, then the evaluator's work
    assert bot.spent == len(vw.layouts) * SIX.cells + ev.work


@pytest.mark.parametrize("name", ["six-card", "flip-optional"])
def test_a_discard_is_valued_by_its_flip_or_by_keeping_the_layout_when_the_flip_is_optional(
    name: str,
) -> None:
    """Discarding the drawn card, then (six-card) turning a card up: the best
    flip's value; where the flip is optional, the better of that and the
    layout as it stands."""
    v = _named(name)
    bot = ExpertBot(seed=1)
    kept = 0
    for st in decision_points(v, 2):
        if st.phase != "place":
            continue
        vw = view(st, st.current)
        ev = bot.evaluator(vw)
        down = [p for p, c in enumerate(vw.layouts[vw.side]) if c is None]
        if not down:
            continue
        flips = min(bot._flip_value(ev, ev.mine, p) for p in down)
        as_is = ev.value(ev.mine)
        want = min(flips, as_is) if name == "flip-optional" else flips
        assert bot._after_discard_value(ev) == want
        kept += as_is < flips
    assert kept > 0  # positions where keeping the layout is the better


def test_any_positive_win_weight_counts_the_chance_of_winning_the_hole() -> None:
    from golfcli.bots.expert import win_chance

    st = next(st for st in decision_points(SIX, 2) if st.phase == "draw")
    vw = view(st, st.current)
    for win in (0.5, 5.0):
        bot = ExpertBot(seed=1, win=win)
        ev = bot.evaluator(vw)
        rival = ev.value(list(vw.layouts[1 - vw.side]))
        down_opp = sum(1 for c in vw.layouts[1 - vw.side] if c is None)
        odds = bot._odds(ev, 10.0, 2, False)
        assert odds == win * win_chance(rival - 10.0, 2, down_opp, False) > 0
    assert ExpertBot(seed=1, win=0.0)._odds(ExpertBot(seed=1).evaluator(vw), 10.0, 2, False) == 0


@pytest.mark.parametrize("hole_win", [20.0, 0.5])
def test_the_holes_last_move_is_searched_for_any_hole_win_and_its_work_counted(
    hole_win: float,
) -> None:
    from golfcli.bots.endgame import LastMove, moves_last
    from golfcli.bots.expert import LAST_MOVE_DEALS

    searched = 0
    for st in decision_points(SIX, 2, holes=6):
        vw = view(st, st.current)
        if st.phase != "place" or not moves_last(vw):
            continue
        legal = st.legal_actions()
        bot = ExpertBot(seed=1, hole_win=hole_win)
        scored = bot.evaluate(vw, legal)
        before = bot.spent
        rng = random.Random()
        rng.setstate(bot.rng.getstate())
        last = LastMove(vw, rng, LAST_MOVE_DEALS, bot.budget)
        want = last.choose(legal, hole_win)
        got = bot.decide(vw, legal, scored)
        assert bot.spent == before + last.work and last.work > 0
        assert want is None or got == want
        searched += 1
    assert searched > 0


def test_a_remembered_cards_flip_is_less_its_odds_of_winning_the_hole() -> None:
    v = builtin("four-card")
    plain, keen = ExpertBot(seed=1), ExpertBot(seed=1, win=5.0)
    seen = 0
    for st in decision_points(v, 2):
        vw = view(st, st.current)
        mine = vw.known_layout()
        for pos in range(v.cells):
            if vw.layouts[vw.side][pos] is None and mine[pos] is not None and not vw.final_turn:
                ev = keen.evaluator(vw)
                down_after = ev.down_mine - 1
                ends = keen._ends_hole(ev, down_after)
                val = ev.value(mine, future=not ends)
                odds = keen._odds(ev, val, down_after, ends)
                flat = plain._flip_value(plain.evaluator(vw), mine, pos)
                assert keen._flip_value(keen.evaluator(vw), mine, pos) == flat - odds
                seen += odds > 0
    assert seen > 0


class _FeedsAsked(ExpertBot):
    """The expert, counting the feeds it asks for by ``tag`` and by which
    move's they are: a swap's (the card it replaces) or the discard's."""

    def __init__(self, seed: int, **options: Any) -> None:
        super().__init__(seed, **options)
        self.tag = ""
        self.move = "discard"
        self.asked: Counter[tuple[str, str]] = Counter()

    def _place_value(self, ev: Evaluator, card: int, pos: int, bound: float = math.inf) -> float:
        self.move = "swap"
        try:
            return super()._place_value(ev, card, pos, bound)
        finally:
            self.move = "discard"

    def _feed(self, ev: Evaluator, card: int) -> float:
        self.asked[self.tag, self.move] += 1
        return super()._feed(ev, card)


def _best_place_every_feed(bot: ExpertBot, ev: Evaluator, card: int, may_discard: bool) -> float:
    """The expert's best place for ``card`` as it was worked out before the
    feed was skipped for moves already no better: every move valued whole."""
    best = math.inf
    for pos in ev.candidates(ev.mine, card) or range(len(ev.mine)):
        best = min(best, bot._place_value(ev, card, pos))
    if may_discard:
        best = min(best, bot._after_discard_value(ev) + bot._feed(ev, card))
    return best


@pytest.mark.parametrize("name", ["six-card", "alberta", "duel", "four-card", "nine-card-002"])
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"feed_weight": 0.0},
        {"feed_weight": -0.4},
        {"reveal": 3.0},
        {"reveal": 30.0},
        {"win": 5.0},
    ],
    ids=["default", "no-feed", "negative-feed", "reveal", "reveal-big", "win"],
)
def test_the_expert_skips_a_feed_only_where_it_cannot_matter(
    name: str, options: dict[str, Any]
) -> None:
    """The best place of every class of stock card and the stock's value, the
    feeds of moves already no better left out (``_place_value``'s bound), are
    the very floats of the valuation that works out every feed; and
    the skipping happens (fewer feeds worked out), except with a negative
    ``feed_weight``, where a feed may lower a move and none is skipped; also
    with the options that finish a move's value after its feed (``reveal``,
    and ``win``'s odds heads-up)."""
    v = _named(name)
    bot = _FeedsAsked(seed=1, **options)
    points = [st for st in decision_points(v, 4 if name == "alberta" else 2) if st.phase == "draw"]
    skipped = compared = 0
    asked: Counter[tuple[str, str]] = Counter()  # feeds asked for: (valuation, which move's)
    for st in points[:: max(1, len(points) // 12)]:
        vw = view(st, st.current)
        ev, full = bot.evaluator(vw), bot.evaluator(vw)
        for may_discard in (True, False):
            for card, _ in ev.classes:
                bot.tag = "skipping"
                got = bot._best_place(ev, card, may_discard)
                bot.tag = "every"
                assert got == _best_place_every_feed(bot, full, card, may_discard)
                compared += 1
        bot.tag = ""  # (not counted)
        assert bot._stock_value(bot.evaluator(vw)) == sum(
            _best_place_every_feed(bot, full, c, True) * n for c, n in full.classes
        ) / sum(n for _, n in full.classes)
        assert set(ev.feeds) <= set(full.feeds)
        skipped += len(full.feeds) - len(ev.feeds)
        asked += bot.asked
        bot.asked.clear()
    assert compared > 100
    assert (skipped > 0) == (bot.feed_weight >= 0)
    # both kinds of move leave feeds out: a swap's (the card it replaces) and the discard's
    for move in ("swap", "discard"):
        fewer = asked["skipping", move] < asked["every", move]
        assert fewer == (bot.feed_weight >= 0), (move, asked)


@pytest.mark.parametrize("name", ["six-card", "alberta", "duel", "four-card"])
def test_the_experts_unseen_cards_are_the_views(name: str) -> None:
    """The expert counts the unseen cards its own way (a list per card, every
    decision); the view's multiset is the reference, for every seat, every step."""
    from golfcli.bots.evaluator import unseen_cards

    v = builtin(name)
    rng = random.Random(name)
    players = 4 if name in ("alberta", "four-card") else 2
    seen = 0
    for seed in range(3):
        st = HoleState(v, players, 0, random.Random(seed))
        while not st.is_over:
            for seat in range(players):
                vw = view(st, seat)
                assert unseen_cards(vw) == vw.unseen_cards()
                seen += 1
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
    assert seen > 50


def test_the_experts_goal_memo_is_bounded_and_changes_nothing() -> None:
    """The rank patterns remembered per variant are dropped all at once at a
    bound (memory over a long tournament); valuations are the same either way."""
    from golfcli.bots.evaluator import _GOALS_KEPT, tables

    v = builtin("alberta")
    st = HoleState(v, 4, 0, random.Random(5))
    rng = random.Random(5)
    for _ in range(12):
        legal = st.legal_actions()
        st.apply(legal[rng.randrange(len(legal))])
    vw, legal = view(st, st.current), st.legal_actions()
    want = ExpertBot(seed=1).evaluate(vw, legal)
    t = tables(v)
    for known in t.known_goals:
        known.clear()
    t.goals_kept = _GOALS_KEPT  # as if the memo were full: the first new pattern empties it
    assert ExpertBot(seed=1).evaluate(vw, legal) == want
    assert 0 < t.goals_kept < _GOALS_KEPT
    assert sum(len(known) for known in t.known_goals) == t.goals_kept


@pytest.mark.parametrize(
    ("options", "seen"),
    [
        ((), {True}),
        (("turn.flip_after_discard=never",), {False}),
        (("turn.flip_after_discard_phase=end_phase",), {True, False}),
        (
            ("turn.flip_after_discard=optional", "turn.flip_after_discard_max_face_down=1"),
            {True, False},
        ),
        (
            ("turn.flip_after_discard_max_face_down=2", "turn.flip_after_discard_phase=end_phase"),
            {True, False},
        ),
    ],
)
def test_a_bot_knows_from_its_view_whether_a_discard_brings_a_flip(
    options: tuple[str, ...], seen: set[bool]
) -> None:
    """discard_flips (what the expert values a discard by) answers from the
    view what the state does: at every held stock card of random holes,
    discarding on a copy of the state leads to the flip step exactly then."""
    v = load_variant("six-card", list(options))
    answers: Counter[bool] = Counter()
    for seed in range(6):
        rng = random.Random(seed)
        st = HoleState(v, 3, seed % 3, random.Random(seed))
        while not st.is_over:
            if st.phase == "place" and st.drawn_from == "stock":
                trial = st.clone()
                seat = trial.current
                trial.apply(Action("discard"))
                flipped = trial.phase == "flip" and trial.current == seat
                assert discard_flips(view(st, st.current)) is flipped
                answers[flipped] += 1
            legal = st.legal_actions()
            st.apply(legal[int(rng.random() * len(legal))])
    assert set(answers) == seen


@pytest.mark.parametrize("n", [0, 1, 2, 3, 7, 40, 52, 104])
def test_the_compiled_shuffle_is_pythons(n: int) -> None:
    """``common.shuffle`` deals the cards ``random.Random.shuffle`` deals from
    the same seed and leaves the generator where it leaves it (the expert's
    last move and mc's determinisations use it: recorded games depend on it);
    a generator of another class shuffles by its own method."""
    for seed in range(30):
        ours, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(n)), list(range(n))
        shuffle(ours, a)
        theirs.shuffle(b)
        assert a == b
        assert ours.random() == theirs.random()

    class Reversing(random.Random):
        def shuffle(self, x: Any) -> None:  # type: ignore[override]
            x.reverse()

    cards_ = list(range(n))
    shuffle(Reversing(1), cards_)
    assert cards_ == list(range(n))[::-1]
