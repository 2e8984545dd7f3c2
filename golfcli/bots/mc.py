"""``mc``: determinised Monte Carlo rollouts on top of ``expert``.

At each decision the expert ranks the legal actions.  When one action is
clearly best mc plays it.  When the top candidates are within ``close``
strokes of each other -- and the hole is in its late phase (a layout has at
most ``late`` face-down cards, or someone is out), where tempo decides and
rollouts are short -- mc samples determinisations of the hidden cards
(:func:`~golfcli.bots.common.determinize`: consistent with the view, never
with the real state), plays every candidate in each of them with common
random numbers, and rolls the hole out with **every seat playing expert
from its own censored view** (or a cheaper public-card policy with
``rollout=lite``).  It picks the candidate with the best mean hole result:
with two sides (``objective=auto``) the *relative* result, our score minus
the opponent's (what wins a duel and what tempo is about); with more sides
our own score (``objective=own``: stroke play against a field, where
hurting one opponent helps the others as much as us).  The expert's own
choice stands unless the paired rollouts show another candidate better by
more than ``z`` standard errors (default 1): noise never overrules it.
And before it is overruled, the two are rolled out again on ``confirm - 1``
times as many fresh determinisations (default 4: three times as many), and
the choice is made again on all the samples: a lucky first batch alone does
not decide.  (With a ``time`` budget the confirming search gets the same
time again, so such a decision may take twice ``time``.)  Rollouts play
the expert with its default settings in every seat: expert options given
to mc (``mc?feed_weight=0.5``) change how mc ranks its candidates, not the
rollouts.

Rolling out with the expert itself is the classic rollout algorithm: one
step of policy improvement over the expert, which is why mc is the top rung.

Budget: ``iterations`` determinisations per decision (default 24 on small
layouts, 6 on large ones such as Alberta's 18 cards), or ``time`` seconds
per decision if given; ``horizon`` > 0 stops each rollout after that many
turns and values the position with the expert's estimates (default: 0, to
the end of the hole, on small layouts; two rounds on large ones).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from time import perf_counter as _now
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ..actions import DRAW, FLIP, OVER, PLACE, Action
from ..events import Event
from ..scoring import compiled
from ..state import HoleState
from ..view import View, view
from . import BaseBot, BotSpecError
from .common import determinize
from .evaluator import DEFAULT_BUDGET, Evaluator
from .expert import ExpertBot


class RolloutPolicy:
    """A fast expert-style policy that reads only public cards of the state.

    Face-down cards count as the deck's mean value ``mu`` (the policy does
    not peek at the determinised cards under them), matches come from the
    real scorer.  It takes the discard when that lowers its layout by at
    least ``take_gain``, keeps a stock card when it helps, and avoids going
    out when clearly behind.
    """

    def __init__(self, state: HoleState, take_gain: float = 1.0) -> None:
        v = state.variant
        self.comp = compiled(v)
        self.vt = self.comp.values
        deck = v.deck(state.players)
        self.mu = sum(self.vt[c] for c in deck) / len(deck)
        self.take_gain = take_gain
        self.n = v.cells

    def side_value(self, cards: Sequence[int], up: int) -> float:
        vt = self.vt
        ranks = [c >> 3 if up >> p & 1 else -1 - p for p, c in enumerate(cards)]
        values = [vt[c] if up >> p & 1 else self.mu for p, c in enumerate(cards)]
        scored, bonus, opp, _ = self.comp.evaluate(ranks, values)
        return float(sum(scored) + bonus - opp)

    def best_place(self, st: HoleState, side: int, card: int) -> tuple[int, float]:
        cards = list(st.layouts[side])
        up = st.up[side]
        now = self.side_value(cards, up)
        best, gain = 0, float("-inf")
        for p in range(self.n):
            old = cards[p]
            cards[p] = card
            g = now - self.side_value(cards, up | (1 << p))
            cards[p] = old
            if g > gain:
                best, gain = p, g
        return best, gain

    def act(self, st: HoleState, rng: random.Random) -> Action:
        legal = st.legal_actions()
        phase = st.phase
        side = st.side_of[st.current]
        cat = st.cat
        if phase == DRAW:
            if cat.knock in legal and st.up[side] == st.full:
                mine = self.side_value(st.layouts[side], st.up[side])
                others = [
                    self.side_value(st.layouts[s], st.up[s]) for s in range(st.groups) if s != side
                ]
                if others and mine <= min(others) - 2:
                    return cat.knock
            if cat.draw_discard in legal and st.discard:
                _, gain = self.best_place(st, side, st.discard[-1])
                if gain >= self.take_gain or cat.draw_stock not in legal:
                    return cat.draw_discard
            if cat.draw_stock in legal:
                return cat.draw_stock
            return legal[int(rng.random() * len(legal))]
        if phase == PLACE:
            card = st.drawn
            assert card is not None
            pos, gain = self.best_place(st, side, card)
            if gain > 0.25 or st.drawn_from != "stock":
                return cat.swap[pos]
            return cat.discard
        if phase == FLIP:
            flips = [a for a in legal if a.kind == "flip"]
            if flips:
                return flips[int(rng.random() * len(flips))]
        return legal[int(rng.random() * len(legal))]


def rollout(
    st: HoleState,
    policy: RolloutPolicy,
    rng: random.Random,
    side: int,
    weight: float = 1.0,
    max_steps: int = 5000,
) -> float:
    """Play ``st`` to the end of the hole; our side's score minus ``weight``
    times the others' mean (``weight`` 0: our own score)."""
    steps = 0
    while st.phase != OVER and steps < max_steps:
        st.apply_trusted(policy.act(st, rng))
        steps += 1
    if st.result is None:
        st._finish("rollout limit")
    assert st.result is not None
    return relative(st.result.totals, side, weight)


def relative(totals: Sequence[float], side: int, weight: float = 1.0) -> float:
    """Our side's score minus ``weight`` times the other sides' mean."""
    others = [t for i, t in enumerate(totals) if i != side]
    return totals[side] - weight * (sum(others) / len(others) if others else 0.0)


def _alike_event(ev: Event, alike: dict[int | None, int | None]) -> tuple[Any, ...]:
    """An event with its cards replaced by their representatives (see :func:`view_key`)."""
    kind, d = ev.kind, ev.data
    if kind == "swap":  # (pos, card, replaced, was_face_up)
        return (kind, ev.seat, d[0], alike[d[1]], alike[d[2]], d[3])
    if kind in ("draw", "discard", "flip", "look", "peek", "reveal"):  # the card comes last
        return (kind, ev.seat, d[:-1], alike[d[-1]])
    return (kind, ev.seat, d)  # no single cards (deal and reshuffle orders are censored)


def view_key(v: View, legal: Sequence[Action]) -> tuple[Any, ...]:
    """Every field of the view and the legal actions, with each card replaced
    by its representative among the cards that score alike (7S for 7H;
    :attr:`~golfcli.scoring.Compiled.alike`).

    Two views with the same key are the same position to the expert: it
    reads a card only for its rank and value (card counting by rank, the
    scorer by rank and value), so its valuation is the same, number for
    number (tests/bots/test_bots.py checks it on positions with alike cards
    exchanged).  Determinisations that drew a 7 of another suit then share
    their rollouts' decisions too.  The variant is the same in one search."""
    a = compiled(v.variant).alike
    return (
        v.variant,  # hashes and compares by identity; held, so its id cannot be reused
        v.seat,
        v.side,
        v.players,
        v.side_of,
        v.phase,
        v.current,
        tuple([tuple([a[c] for c in lay]) for lay in v.layouts]),
        tuple([(p, a[c]) for p, c in v.memory]),
        tuple([a[c] for c in v.discard]),
        v.stock_size,
        a[v.drawn],
        v.drawn_from,
        v.closer,
        v.final_turn,
        v.turns,
        v.turn_limit_left,
        v.dealer,
        tuple([_alike_event(e, a) for e in v.history]),
        v.match,
        legal,
    )


class DecisionCache:
    """The rollout experts' valuations of one mc decision, by view.

    The expert's valuation of a position (``ExpertBot.evaluate``) depends on
    the seat's view and the legal actions alone, never on the hidden cards
    (a bot sees nothing else) nor on its generator, which it only uses in
    the setup step and when over its work budget (neither is cached).  The
    determinisations of one decision share everything the seat saw when the
    search began, so their rollouts often reach the very same view: the
    first moves after a candidate that reveals no hidden card (taking the
    discard, then placing it on a face-up card; the opponent's reply to
    that) are the same decision in every determinisation, and in the
    confirming search again; and a card drawn in one determinisation is
    often one that scores alike with a card drawn in another
    (:func:`view_key`).  Each such decision is valued once.

    Only the valuation is shared: every rollout seat still draws its ties
    from its own generator (:meth:`ExpertBot.pick`), and the work units of
    a valuation are counted again at every use, so the search budget runs
    out exactly where it would without the cache: mc plays the same moves
    (scripts/mc_hash.py checks it)."""

    def __init__(self) -> None:
        self.table: dict[tuple[Any, ...], tuple[list[tuple[float, Action]], int]]
        self.table = {}
        self.hits = 0

    def choose(self, bot: ExpertBot, v: View, legal: Sequence[Action]) -> Action:
        """What ``bot.choose(v, legal)`` returns, the valuation looked up if made before."""
        if len(legal) == 1:
            return legal[0]
        key = view_key(v, legal)
        hit = self.table.get(key)
        if hit is None:
            spent, over = bot.spent, bot.over_budget
            scored = bot.evaluate(v, legal)
            # the greedy fallback and the setup step's scores draw from the
            # bot's generator: a stored copy would skip that draw
            if bot.over_budget == over and v.phase != "setup":
                self.table[key] = (scored, bot.spent - spent)
        else:
            scored = hit[0]
            bot.spent += hit[1]
            self.hits += 1
        return bot.decide(v, legal, scored)


def expert_rollout(
    st: HoleState,
    bots: list[ExpertBot],
    seat: int,
    horizon: int,
    weight: float = 1.0,
    cache: DecisionCache | None = None,
) -> float:
    """Every seat plays as the expert, each from its own censored view of the
    determinised state, for ``horizon`` turns (0 = to the end of the hole);
    an unfinished hole is valued by the expert's estimates of every side.
    ``cache`` shares the valuations of views met before (same moves)."""
    start = st.turn_count
    if cache is None:
        cache = DecisionCache()
    while st.phase != OVER:
        if horizon and st.turn_count - start >= horizon and st.phase == DRAW and not st.final_phase:
            break
        s = st.current
        st.apply_trusted(cache.choose(bots[s], view(st, s), st.legal_actions()))
    if st.result is not None:
        return relative(st.result.totals, st.side_of[seat], weight)
    v = view(st, seat)
    ev = Evaluator(v, bots[seat].future_weight)
    values = [
        ev.value(ev.mine) if s == v.side else ev.value(list(lay)) for s, lay in enumerate(v.layouts)
    ]
    return relative(values, v.side, weight)


def small_layout(view: View) -> bool:
    """Up to 9 cards: rollouts are cheap enough for 24 determinisations and
    to play to the end of the hole; larger layouts (Alberta's 18) get fewer
    and shorter ones."""
    return view.variant.cells <= 9


def _in_range(name: str, value: float | None, lo: float, hi: float) -> None:
    """Options are checked when the bot is made: ``iterations=10**20`` would
    otherwise be a decision that never ends."""
    if value is not None and not lo <= value <= hi:
        raise BotSpecError(f"{name} must be between {lo:g} and {hi:g}, not {value!r}")


#: Work units (the expert's, see :data:`~golfcli.bots.evaluator.DEFAULT_BUDGET`)
#: all rollouts of one mc decision may spend together, confirmation included.
#: Past it the search stops adding determinisations (at least two are played,
#: as with ``time``), so a table of many seats, where every rollout is long
#: and every turn costs a view per seat, cannot take minutes per move.  The
#: ladder's scenarios (six-card and Alberta, 2 to 4 players) stay below it.
DEFAULT_SEARCH_BUDGET: Final = 20_000_000  # Final: compiled, the default stays visible to inspect


# scripts/mc_hash.py and the tests extend it to watch its searches: allowed when compiled
@mypyc_attr(allow_interpreted_subclasses=True)
class MCBot(BaseBot):
    """Determinised Monte Carlo over the expert's closest candidates.

    The expert's options are mc's too and go to its inner expert
    (``mc?feed_weight=0.5``)."""

    name = "mc"

    def __init__(
        self,
        seed: int | str | None = None,
        iterations: int | None = None,
        time: float | None = None,
        top_k: int = 3,
        close: float = 4.0,
        rollout: str = "expert",
        horizon: int | None = None,
        late: int = 1,
        objective: str = "auto",
        z: float = 1.0,
        confirm: int = 4,
        search_budget: int = DEFAULT_SEARCH_BUDGET,
        # the inner expert's options, named one by one (mypyc compiles no
        # ``**options``), with its defaults (tests/bots/test_bots.py checks both)
        feed_weight: float = 0.4,
        margin: float = 1.0,
        future_weight: float = 0.6,
        unknown_discount: float = 0.0,
        neutral: int = 8,
        budget: int = DEFAULT_BUDGET,
        reveal: float = 0.0,
        hole_win: float = 20.0,
        win: float = 0.0,
    ) -> None:
        super().__init__(seed)
        if rollout not in ("expert", "lite"):
            raise BotSpecError("rollout must be expert or lite")
        if objective not in ("auto", "relative", "own"):
            raise BotSpecError("objective must be auto, relative or own")
        _in_range("iterations", iterations, 1, 100_000)
        _in_range("time", time, 0.001, 3600)
        _in_range("top_k", top_k, 1, 100)
        _in_range("horizon", horizon, 0, 100_000)
        _in_range("confirm", confirm, 1, 100)
        _in_range("search_budget", search_budget, 1, 10**12)
        self.search_budget = search_budget
        self.spent = 0  # work units of this decision's rollouts so far
        self.objective = objective
        self.z = z
        self.confirm = max(1, int(confirm))
        self.rollout = rollout
        self.horizon = horizon
        self.late = late
        self.iterations = None if iterations is None else max(2, int(iterations))
        self.time_budget = time
        self.top_k = top_k
        self.close_margin = close
        self.expert = ExpertBot(
            seed,
            feed_weight=feed_weight,
            margin=margin,
            future_weight=future_weight,
            unknown_discount=unknown_discount,
            neutral=neutral,
            budget=budget,
            reveal=reveal,
            hole_win=hole_win,
            win=win,
        )
        self.cache = DecisionCache()

    def seed(self, seed: int | str) -> None:
        super().seed(seed)
        # the same seed an expert in this seat would get: until mc departs from
        # the expert's move the two play identically (duplicate comparisons)
        self.expert.seed(seed)

    def candidates(self, view: View, legal: Sequence[Action]) -> list[tuple[float, Action]]:
        """The expert's own choice first, then the next best within ``close``."""
        scored = self.expert.evaluate(view, legal)
        choice = self.expert.decide(view, legal, scored)
        if not scored:
            return [(0.0, choice)]
        best = min(v for v, _ in scored)
        rest = sorted(((v, a) for v, a in scored if a != choice), key=lambda t: t[0])
        first = [(v, a) for v, a in scored if a == choice][:1]
        return (first + [(v, a) for v, a in rest if v <= best + self.close_margin])[: self.top_k]

    def budget(self, view: View) -> int:
        """Determinisations per search: ``iterations``, else 24 on small layouts, 6 on large."""
        return self.iterations or (24 if small_layout(view) else 6)

    def search(
        self, view: View, cands: Sequence[Action], iterations: int | None = None
    ) -> list[list[float]]:
        """Rollout outcomes per candidate, one per determinisation, paired
        across candidates (lower is better)."""
        outcomes: list[list[float]] = [[] for _ in cands]
        deadline = None if self.time_budget is None else _now() + self.time_budget
        small = small_layout(view)
        iterations = iterations or self.budget(view)
        # big layouts (Alberta's 18 cards) keep holes going for many turns after
        # the late phase starts: look two rounds ahead and let the expert value the rest
        horizon = self.horizon if self.horizon is not None else (0 if small else 2 * view.players)
        policy: RolloutPolicy | None = None
        relative_goal = self.objective == "relative" or (
            self.objective == "auto" and len(view.layouts) == 2
        )
        weight = 1.0 if relative_goal else 0.0
        done = 0
        while done < iterations:
            if deadline is not None and done >= 2 and _now() >= deadline:
                break
            if done >= 2 and self.spent >= self.search_budget:
                break
            det = determinize(view, self.rng)
            seed = self.rng.random()
            for i, action in enumerate(cands):
                st = det.clone()
                st.rng = random.Random(seed)
                st.apply_trusted(action)
                if self.rollout == "lite":
                    if policy is None:
                        policy = RolloutPolicy(det)
                    out = rollout(st, policy, random.Random(seed + 1), view.side, weight)
                else:
                    bots = [ExpertBot(f"{seed}:{s}") for s in range(view.players)]
                    out = expert_rollout(st, bots, view.seat, horizon, weight, self.cache)
                    self.spent += sum(b.spent for b in bots)
                outcomes[i].append(out)
            done += 1
        return outcomes

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.phase == "setup":
            return self.expert.choose(view, legal)
        if not view.final_turn:
            down = min(sum(1 for c in lay if c is None) for lay in view.layouts)
            if down > self.late:
                return self.expert.choose(view, legal)
        cands = self.candidates(view, legal)
        if len(cands) == 1:
            return cands[0][1]
        self.spent = 0  # the search budget is per decision
        self.cache = DecisionCache()  # views repeat within one decision, not across
        actions = [a for _, a in cands]
        outcomes = self.search(view, actions)
        best = self.pick(outcomes)
        if best and self.confirm > 1:
            # about to overrule the expert: a few noisy rollouts are not enough.
            # Sample the two again, (confirm - 1) times as many, and decide on all of them.
            more = self.search(
                view, [actions[0], actions[best]], self.budget(view) * (self.confirm - 1)
            )
            pair = [outcomes[0] + more[0], outcomes[best] + more[1]]
            if self.pick(pair) == 0:
                best = 0
        self.cache = DecisionCache()  # a thousand views or so: not kept until the next search
        return actions[best]

    def pick(self, outcomes: Sequence[Sequence[float]]) -> int:
        """The expert's choice (index 0) unless the rollouts show another
        candidate better by more than ``z`` standard errors of the paired
        difference: noise alone must not overrule the expert."""
        base = outcomes[0]
        n = len(base)
        best, best_mean = 0, 0.0
        for i in range(1, len(outcomes)):
            diffs = [a - b for a, b in zip(outcomes[i], base, strict=True)]
            mean = sum(diffs) / n
            if n < 2 or mean >= best_mean:
                continue
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            if mean < -self.z * math.sqrt(var / n):
                best, best_mean = i, mean
        return best
