"""The last move of a hole, played for the hole as well as for the strokes.

Once a side has gone out (or knocked), every other seat gets one more turn;
the seat just before the closer moves last, and nothing that happens after
its move is anybody's choice: the face-down cards are turned up and the hole
is scored.  There, and only there, the bot can work out exactly (or by a
sample, see below) what each of its moves gives: the chance that its side
wins the hole (the lowest score, a tie shared) and its expected score.

An expected-value bot only looks at the second.  Yet two moves with nearly
the same expected score can differ a lot in their chance of winning: the
opponent is out with 11, we hold a 7 and have one card face down next to a
face-up 4 -- putting the 7 on the face-down card makes 11 certain (a tie),
keeping it off leaves the card to chance.  Each move is valued at

    expected strokes - hole_win * P(win the hole)

so ``hole_win`` is what a won hole is worth in strokes.  The expert's
default, 20, picks the move most likely to win the hole unless it costs
more than a stroke for each 5% of chance: against the field it wins about
half a hole in a hundred more at heads-up six-card for no measurable cost
in strokes; with 50 or more it wins no more holes and gives up a tenth of a
stroke, and a pure chance-of-winning objective gives up half a stroke a
hole (docs/ladder.md).  0 leaves the expert's own choice.

The cards the seat cannot see (its own face-down cards, and any another
side still has face down) are dealt in every way when there is one such
card (each class of cards that score alike, weighted by how many are
unseen); with more, the same ``samples`` random deals of the unseen cards
serve every move (drawn from the bot's own generator: a seed gives the same
move).  The work is counted in the expert's units (one per cell of every
layout scored), so a huge layout falls back to the expert's move instead of
taking long.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Action
from ..scoring import compiled, score_hole
from ..view import View
from .common import closer_in_history, shuffle


def closer_seat(v: View) -> int | None:
    """The seat that went out or knocked, if any: the closing side's only
    seat, or (partners) the one the history names."""
    if not v.final_turn:
        return None
    seats = [s for s in range(v.players) if v.side_of[s] == v.closer]
    if len(seats) == 1:
        return seats[0]
    return closer_in_history(v)


def moves_last(v: View) -> bool:
    """Whether this seat's turn is the hole's last: someone is out, and the
    seat after this one is the closer's (every other seat has had its final
    turn)."""
    if not v.final_turn or v.current != v.seat:
        return False
    seat = closer_seat(v)
    return seat is not None and (v.seat + 1) % v.players == seat


class LastMove:
    """Values the moves of the hole's last decision (see the module docstring)."""

    def __init__(self, view: View, rng: random.Random, samples: int, budget: int) -> None:
        self.view = view
        self.variant = view.variant
        self.comp = compiled(view.variant)
        self.side = view.side
        self.budget = budget
        self.work = 0
        #: the other sides' layouts as the seat sees them (None: face down)
        self.layouts: list[list[int | None]] = [list(lay) for lay in view.layouts]
        pool = view.unseen_cards()
        self.pool = pool
        # one card unknown: every class of cards that score alike, with its count
        counts: dict[int, int] = {}
        first: dict[int, int] = {}
        for card in pool:
            rep = self.comp.alike[card]
            assert rep is not None
            counts[rep] = counts.get(rep, 0) + 1
            first.setdefault(rep, card)
        self.classes = [(first[rep], n) for rep, n in counts.items()]
        # more: the same random deals of the unseen cards for every move
        self.deals: list[list[int]] = []
        for _ in range(samples):
            deal = list(pool)
            shuffle(rng, deal)
            self.deals.append(deal)
        self.adjusted = bool(view.variant.adjustments) or any(
            p.opponents for p in view.variant.patterns
        )

    def value(self, mine: list[int | None], hole_win: float) -> float | None:
        """Expected strokes minus ``hole_win`` times the chance of winning
        the hole, with our layout ``mine`` (None: face down); None when
        scoring every deal would pass the work budget."""
        layouts = [list(lay) for lay in self.layouts]
        layouts[self.side] = list(mine)
        hidden = [(s, p) for s, lay in enumerate(layouts) for p, c in enumerate(lay) if c is None]
        deals: list[tuple[float, list[int]]]
        if not hidden:
            deals = [(1.0, [])]
        elif len(hidden) == 1:
            total = len(self.pool)
            deals = [(n / total, [card]) for card, n in self.classes]
        else:
            weight = 1.0 / len(self.deals)
            deals = [(weight, deal[: len(hidden)]) for deal in self.deals]
        self.work += len(deals) * len(layouts) * self.variant.cells
        if self.work > self.budget:
            return None
        # a side with no card face down (heads-up: the side that went out)
        # scores the same in every deal: scored once, not once a deal
        known: list[int | None] = [None] * len(layouts)
        if not self.adjusted:
            for s in range(len(layouts)):
                cards_s = [c for c in layouts[s] if c is not None]
                if len(cards_s) == len(layouts[s]):
                    known[s] = self.comp.total(cards_s)[0]
        strokes = 0.0
        wins = 0.0
        for weight, cards in deals:
            full: list[list[int]] = []
            k = 0
            for lay in layouts:
                row: list[int] = []
                for c in lay:
                    if c is None:
                        row.append(cards[k])
                        k += 1
                    else:
                        row.append(c)
                full.append(row)
            totals = self._totals(full, known)
            mine_total = totals[self.side]
            low = min(totals)
            if mine_total == low:
                wins += weight / sum(1 for t in totals if t == low)
            strokes += weight * mine_total
        return strokes - hole_win * wins

    def _totals(self, layouts: list[list[int]], known: list[int | None]) -> list[int]:
        """Each side's total: the real scorer's when rules act between sides or
        on the hole (penalties, adjustments), else each layout's own total
        (``known``: those already scored)."""
        if self.adjusted:  # penalties between sides, hole-level rules: the real scorer
            closer = self.view.closer
            return list(score_hole(self.variant, layouts, closer).totals)
        out: list[int] = []
        for s in range(len(layouts)):
            t = known[s]
            out.append(self.comp.total(layouts[s])[0] if t is None else t)
        return out

    def choose(self, legal: Sequence[Action], hole_win: float) -> Action | None:
        """The best move of the place step (the drawn card in hand), or None
        when over the work budget."""
        v = self.view
        drawn = v.drawn
        if v.phase != "place" or drawn is None:
            return None
        mine = v.known_layout()
        best: Action | None = None
        best_value = 0.0
        for a in legal:
            if a.kind == "swap":
                trial = list(mine)
                trial[a.pos] = drawn
                value = self.value(trial, hole_win)
            elif a.kind == "discard":
                # a card turned up after it changes nothing: every card is turned up now
                value = self.value(mine, hole_win)
            else:
                continue
            if value is None:
                return None
            if best is None or value < best_value - 1e-9:
                best, best_value = a, value
        return best
