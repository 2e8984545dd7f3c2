"""``expert``: expected value with card counting, pattern- and tempo-aware.

How it thinks (all from the variant's data, never its name):

* **What a layout is worth** comes from the evaluator
  (golfcli/bots/evaluator.py): card counting over the unseen cards, the
  real scorer with face-down cards at their mean, less the expected saving
  of every unfinished pattern.  This module makes the decisions from it.
* **Draw decision**: the discard pile's top card placed at its best spot
  versus the expectation, over every unseen card, of the best response to a
  stock card.
* **Feeding**: a card we throw on the discard pile is worth something to the
  next opponent; that worth counts against the move.
* **Tempo**: going out (turning the last card) or knocking ends the hole; it
  is welcomed when our score beats the opponents' estimates and penalised
  when we are behind and could still improve.  Partners share one layout,
  and only other sides are opponents.  ``reveal`` credits a move that turns
  a face-down card up (a step nearer going out; 0 by default: tuning it
  against the field did not pay, see docs/ladder.md).
* **The hole's last move** (golfcli/bots/endgame.py): when nobody moves
  after us, the moves are valued by their odds of winning the hole (exact
  with one card unknown) as well as their expected strokes (``hole_win``:
  what a won hole is worth).
* **The hole, the whole hole through** (``win``, 0: off by default): in a
  two-player hole every move is also credited ``win`` times the chance of
  winning the hole after it (:func:`win_chance`, a model fitted on games
  against the field).  It reorders few moves and did not win more holes
  (docs/ladder.md); an option to measure, not the default.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp
from typing import Final

from mypy_extensions import mypyc_attr

from ..actions import Action
from ..view import View
from . import BaseBot, BotSpecError
from .common import closer_in_history, column_known, discard_flips
from .endgame import LastMove, moves_last
from .evaluator import DEFAULT_BUDGET, Evaluator, OverBudget

#: Random deals of the unseen cards that value each move of a hole's last
#: decision when two or more cards are still unknown (golfcli/bots/endgame.py).
LAST_MOVE_DEALS: Final = 48

#: The chance of winning a heads-up hole after our move, as a logistic model
#: (see :func:`win_chance`): its coefficients, fitted by scripts/win_model.py
#: on the expert's games against the field's training styles.  (Not ``Final``:
#: compiled, a ``Final`` tuple of floats was read as unset in ``win_chance``.)
WIN_MODEL: tuple[float, ...] = (0.1896, -0.2082, -0.1199, 0.2990, -0.0081, -0.0225, -0.3398, 0.2293)


#: The discard, the one action the expert names itself (made once: a
#: NamedTuple's constructor is interpreted Python).
_DISCARD: Final = Action("discard")
_INF: Final = float("inf")


def win_chance(lead: float, down_me: int, down_opp: int, ends: bool) -> float:
    """The chance of winning a heads-up hole after our move, the opponent to
    play: ``lead`` is the opponent's layout value less ours (the evaluator's
    expected strokes), ``down_*`` the face-down cards of each side, ``ends``
    whether our move ends the hole (the opponent then has one turn left).

    Fitted (:data:`WIN_MODEL`), not derived: the same lead is worth more
    the fewer cards are still face down (less can change), and ending the
    hole needs a lead, since the opponent still plays once."""
    m = WIN_MODEL
    if ends:
        z = m[6] + m[7] * lead
    else:
        z = (
            m[0] * lead
            + m[1]
            + m[2] * down_me
            + m[3] * down_opp
            + m[4] * lead * down_me
            + m[5] * lead * down_opp
        )
    return 1.0 / (1.0 + exp(-z))


# user bots may extend it (tests/bots/killer_bot.py does): allowed when compiled
@mypyc_attr(allow_interpreted_subclasses=True)
class ExpertBot(BaseBot):
    """Expected-value bot; see the module docstring."""

    name = "expert"

    def __init__(
        self,
        seed: int | str | None = None,
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
        if win < 0:
            raise BotSpecError(f"win must be at least 0, not {win!r}")
        #: strokes a won hole is worth at every heads-up decision (see :func:`win_chance`)
        self.win = win
        self.feed_weight = feed_weight
        self.reveal = reveal
        if hole_win < 0:
            raise BotSpecError(f"hole_win must be at least 0, not {hole_win!r}")
        self.hole_win = hole_win
        self.margin = margin
        self.future_weight = future_weight
        self.unknown_discount = unknown_discount
        self.neutral = neutral
        if budget < 1:
            raise BotSpecError(f"budget must be at least 1 work unit, not {budget!r}")
        self.budget = budget
        #: decisions that ran out of budget and fell back to the greedy move
        self.over_budget = 0
        #: work units spent on all decisions so far (mc sums its rollouts' work)
        self.spent = 0

    # ------------------------------------------------------------------ helpers

    def _odds(self, ev: Evaluator, val: float, down_after: int, ends: bool) -> float:
        """What the chance of winning the hole adds to a move worth ``val``
        (our layout's value after it): ``win`` times :func:`win_chance`.
        Two players, before anyone is out (the model's positions); otherwise 0
        (the hole's last move has its own search, golfcli/bots/endgame.py)."""
        v = ev.view
        if self.win <= 0 or v.players != 2 or v.final_turn:
            return 0.0
        rival = ev.rival
        if rival is None:
            theirs = v.layouts[1 - ev.side]
            rival = ev.rival = (ev.value(list(theirs)), sum(1 for c in theirs if c is None))
        value, down_opp = rival
        return self.win * win_chance(value - val, down_after, down_opp, ends)

    def _next_opponent_layout(self, ev: Evaluator) -> list[int | None] | None:
        v = ev.view
        for k in range(1, v.players):
            seat = (v.seat + k) % v.players
            if v.side_of[seat] != v.side:
                if v.final_turn and seat not in self._final_seats(v):
                    return None
                return list(v.layouts[v.side_of[seat]])
        return None

    @staticmethod
    def _final_seats(v: View) -> set[int]:
        # during final turns, seats after us up to the closer still play
        if not v.final_turn:
            return set(range(v.players))
        out = set()
        for k in range(1, v.players):
            seat = (v.seat + k) % v.players
            if v.side_of[seat] == v.closer and seat == closer_in_history(v):
                break
            out.add(seat)
        return out

    def _feed(self, ev: Evaluator, card: int) -> float:
        hit = ev.feeds.get(card)
        if hit is None:
            lay = self._next_opponent_layout(ev)
            hit = 0.0 if lay is None else self.feed_weight * ev.gain_for(lay, card)
            ev.feeds[card] = hit
        return hit

    def _ends_hole(self, ev: Evaluator, down_after: int) -> bool:
        v = ev.view
        return not v.final_turn and v.variant.end.all_face_up and down_after == 0

    def _tempo(self, ev: Evaluator) -> float:
        """Cost of ending the hole now (going out or knocking) against playing on.

        Ending gives us no more turns and every opponent exactly one; playing
        on gives everyone about ``k`` more turns.  With ``g`` the expected gain
        of one turn (the best use of a random stock card), ending costs
        ``g_me * k - g_opp * (k - 1)``: good when the opponents still have
        much to improve, bad when we do.  (Stroke play: it is the score
        difference that counts, not who is ahead.)
        """
        hit = ev.tempo
        if hit is None:
            v = ev.view
            opp_sides = [s for s in range(len(v.layouts)) if s != ev.side]
            if not opp_sides:
                hit = 0.0
            else:
                g_me = self._turn_gain(ev, ev.mine)
                g_opp = sum(self._turn_gain(ev, list(v.layouts[s])) for s in opp_sides) / len(
                    opp_sides
                )
                downs = [sum(1 for c in v.layouts[s] if c is None) for s in opp_sides]
                k = min(4.0, 1.0 + min(downs)) if v.variant.end.all_face_up else 3.0
                hit = (g_me * k - g_opp * (k - 1) + self.margin) * self._patience(v)
            ev.tempo = hit
        return hit

    @staticmethod
    def _patience(v: View) -> float:
        """How much tempo still counts: 1 in a hole of normal length, falling
        to 0 between 30% and 50% of the variant's turn limit.

        Without it two experts with one face-down card each can both wait
        for the other to go out and pass the same card back and forth until
        the turn limit (seen on Alberta: a 3 swapped for a 3 for 50 turns);
        players at a table would not.  Once tempo stops counting, ending the
        hole is judged on the cards alone, and someone goes out.  Normal
        holes end long before 30% of the limit (Alberta: 13 turns a seat at
        most in our runs, limit 60), so they are not affected."""
        limit = v.variant.end.turn_limit
        mine = v.turns[v.seat]
        start, end = 0.3 * limit, 0.5 * limit
        if mine <= start:
            return 1.0
        return max(0.0, (end - mine) / (end - start))

    def _turn_gain(self, ev: Evaluator, cells: list[int | None]) -> float:
        """Expected improvement from one more turn: the best placement of a
        random unseen card (or nothing, if it helps nowhere)."""
        total = 0.0
        count = 0
        for card, n in ev.classes:
            total += ev.gain_for(cells, card) * n
            count += n
        return total / count if count else 0.0

    def _face_down_after(self, ev: Evaluator, pos: int | None) -> int:
        down = ev.down_mine
        if pos is not None and ev.view.layouts[ev.side][pos] is None:
            down -= 1
        return down

    def _place_value(self, ev: Evaluator, card: int, pos: int, bound: float = _INF) -> float:
        """What putting ``card`` at ``pos`` is worth (lower is better), or,
        when that is sure to be no less than ``bound``, some number no less
        than ``bound``: the callers that only want the best of several moves
        pass the best so far, and the feed of a move already no better
        without it is not worked out (it searches the next opponent's
        layout, every place a card could go there).  The feed only adds
        (``feed_weight`` at least 0), and rounding keeps order, so every
        move that is better comes out with its exact value."""
        trial = ev.trial
        old = trial[pos]
        trial[pos] = card
        down_after = self._face_down_after(ev, pos)
        ends = self._ends_hole(ev, down_after)
        try:
            val = ev.value_at(ev.mine_reference(not ends), pos, trial)
        finally:
            trial[pos] = old
        odds = self._odds(ev, val, down_after, ends)
        if ends:
            val += self._tempo(ev)
        turned_up = ev.view.layouts[ev.side][pos] is None
        if old is not None:
            if bound < _INF and self.feed_weight >= 0:
                lower = val  # the value without the feed, finished as below
                if turned_up:
                    lower -= self.reveal
                if lower - odds >= bound:
                    return lower - odds
            val += self._feed(ev, old)
        # (a replaced unknown card lands on the discard pile: its average feed risk is small)
        if turned_up:
            val -= self.reveal  # a card turned up: one step nearer going out
        return val - odds

    def _flip_value(self, ev: Evaluator, cells: list[int | None], pos: int) -> float:
        """Expected value after turning up the (unknown) card at ``pos``."""
        down_after = self._face_down_after(ev, pos)
        ends = self._ends_hole(ev, down_after)
        if ev.mine[pos] is not None:  # we remember it: no surprise
            val = ev.value(cells, future=not ends)
            odds = self._odds(ev, val, down_after, ends)
            return val + (self._tempo(ev) if ends else 0.0) - self.reveal - odds
        total = 0.0
        count = 0
        trial = list(cells)
        ref = ev.reference(cells, not ends)
        for card, n in ev.classes:
            trial[pos] = card
            val = ev.value_at(ref, pos, trial)
            odds = self._odds(ev, val, down_after, ends)
            if ends:
                val += self._tempo(ev)
            total += (val - odds) * n
            count += n
        return (total / count if count else ev.value(cells)) - self.reveal

    def _after_discard_value(self, ev: Evaluator) -> float:
        """Value of discarding the drawn card (then flipping, if the rules say so)."""
        hit = ev.after_discard
        if hit is None:
            hit = ev.after_discard = self._after_discard_uncached(ev)
        return hit

    def _after_discard_uncached(self, ev: Evaluator) -> float:
        v = ev.view
        base = ev.value(ev.mine)
        base -= self._odds(ev, base, ev.down_mine, False)
        if not discard_flips(v):
            return base
        down = [p for p, c in enumerate(v.layouts[ev.side]) if c is None]
        best = min(self._flip_value(ev, ev.mine, p) for p in down)
        if v.variant.turn.flip_after_discard == "optional":
            best = min(best, base)
        return best

    def _best_place(self, ev: Evaluator, card: int, may_discard: bool) -> float:
        """The value of ``card`` at its best place (or discarded, when
        ``may_discard``): what a card in hand is worth, for the stock's
        expectation and the discard pile's top card.  Only the value: the
        move itself is chosen when the card is in hand, among the legal ones."""
        best_val = _INF
        for pos in ev.candidates(ev.mine, card) or range(len(ev.mine)):
            val = self._place_value(ev, card, pos, best_val)
            if val < best_val:
                best_val = val
        if may_discard:
            val = self._after_discard_value(ev)
            if val < best_val or self.feed_weight < 0:  # (the feed only adds, as above)
                val += self._feed(ev, card)
                if val < best_val:
                    best_val = val
        return best_val

    def _stock_value(self, ev: Evaluator) -> float:
        total = 0.0
        count = 0
        for card, n in ev.classes:
            val = self._best_place(ev, card, may_discard=True)
            total += val * n
            count += n
        return total / count if count else ev.value(ev.mine)

    # ------------------------------------------------------------------ decisions

    def evaluator(self, view: View) -> Evaluator:
        return Evaluator(
            view, self.future_weight, self.unknown_discount, self.neutral, budget=self.budget
        )

    def evaluate(self, view: View, legal: Sequence[Action]) -> list[tuple[float, Action]]:
        """(value, action) for every legal action worth considering; lower is
        better.  A decision over the work budget is scored by the greedy
        bot instead: its move alone, valued 0."""
        ev = self.evaluator(view)
        # what building the view and the evaluator cost: every card in play
        self.spent += len(view.layouts) * view.variant.cells
        try:
            return self._evaluate(ev, view, legal)
        except OverBudget:
            self.over_budget += 1
            return [(0.0, self._cheap_move(view, legal))]
        finally:
            self.spent += ev.work

    def _cheap_move(self, view: View, legal: Sequence[Action]) -> Action:
        """The greedy bot's move, drawn from this bot's generator (deterministic)."""
        from .greedy import GreedyBot

        greedy = GreedyBot()
        greedy.rng = self.rng
        return greedy.choose(view, legal)

    @staticmethod
    def forecast(ev: Evaluator, legal: Sequence[Action]) -> int:
        """A rough work estimate for one decision: every class of unseen card
        tried in every place, plus every shot, at one value-function call
        each.  Only the position goes in, so it is as deterministic as the
        count itself."""
        shots = sum(1 for a in legal if a.kind in ("bunker", "approach"))
        return (len(ev.mine) + len(ev.insts)) * (len(ev.classes) * len(ev.mine) + shots)

    def _evaluate(
        self, ev: Evaluator, view: View, legal: Sequence[Action]
    ) -> list[tuple[float, Action]]:
        phase = view.phase
        out: list[tuple[float, Action]] = []
        if phase == "setup":
            return [(self._setup_score(view, a), a) for a in legal]
        if self.forecast(ev, legal) > self.budget:
            raise OverBudget(0)
        if phase == "place":
            assert view.drawn is not None
            kinds = {a.kind for a in legal}
            for a in legal:
                if a.kind == "swap":
                    out.append((self._place_value(ev, view.drawn, a.pos), a))
            if "discard" in kinds:
                out.append((self._after_discard_value(ev) + self._feed(ev, view.drawn), _DISCARD))
            return out
        if phase == "flip":
            for a in legal:
                if a.kind == "flip":
                    out.append((self._flip_value(ev, ev.mine, a.pos), a))
                else:  # pass
                    out.append((ev.value(ev.mine), a))
            return out
        # draw step
        now = ev.value(ev.mine)
        for a in legal:
            if a.kind == "draw_stock":
                out.append((self._stock_value(ev), a))
            elif a.kind == "draw_discard":
                out.append((self._best_place(ev, view.discard[-1], may_discard=False), a))
            elif a.kind == "knock":
                mine_exact = ev.value(ev.mine, future=False)
                out.append((mine_exact + self._tempo(ev), a))
            elif a.kind == "flip":
                out.append((self._flip_value(ev, ev.mine, a.pos) + 0.5, a))
            elif a.kind == "look":
                out.append((now + (0.5 if ev.mine[a.pos] is None else 5.0), a))
            elif a.kind in ("bunker", "approach"):
                trial = list(ev.mine)
                trial[a.pos], trial[a.pos2] = trial[a.pos2], trial[a.pos]
                out.append((ev.value(trial) + 0.5, a))
        return out

    def _setup_score(self, view: View, a: Action) -> float:
        """Spread start cards over columns (more pairing targets), random among equals."""
        return column_known(view, a.pos) + self.rng.random() * 0.1

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.decide(view, legal, self.evaluate(view, legal))

    def decide(
        self, view: View, legal: Sequence[Action], scored: Sequence[tuple[float, Action]]
    ) -> Action:
        """The move, given this decision's valuation: :meth:`pick`, except on
        the hole's last move (see golfcli/bots/endgame.py), which is played
        for the hole as well (``hole_win``).  ``mc`` calls this too, so that
        its expert's choice is this bot's, draw for draw."""
        if self.hole_win > 0 and view.phase == "place" and moves_last(view):
            last = LastMove(view, self.rng, LAST_MOVE_DEALS, self.budget)
            move = last.choose(legal, self.hole_win)
            self.spent += last.work  # (mc's search budget counts it with the rest)
            if move is not None:
                return move
        return self.pick(scored, legal)

    def pick(self, scored: Sequence[tuple[float, Action]], legal: Sequence[Action]) -> Action:
        """The best-valued action, ties broken by this bot's generator.

        ``mc`` calls this too, so that where it keeps the expert's move it
        makes the very same draw from the same generator: an mc seat and an
        expert seat with the same seed play identically until mc departs."""
        if not scored:
            return legal[int(self.rng.random() * len(legal))]
        best = min(v for v, _ in scored)
        ties = [a for v, a in scored if v <= best + 1e-9]
        return ties[int(self.rng.random() * len(ties))] if len(ties) > 1 else ties[0]
