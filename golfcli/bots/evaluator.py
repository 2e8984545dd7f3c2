"""The expert's evaluator: what one seat knows at one decision, and the
value of a layout from it (lower is better).

It values; it does not choose.  :class:`Evaluator` is built from a view
once per decision and answers questions about layouts -- ours, an
opponent's, one card tried in one place -- with memos kept for that
decision; the decisions made from those answers (drawing, placing,
feeding, tempo, the hole's last move) are the bot's, in
golfcli/bots/expert.py, and mc (golfcli/bots/mc.py) values with it the
layouts where it cuts a rollout short.  Everything here reads the
variant's data (values, patterns, partners), never its name:

* **Card counting.**  The unseen cards (deck minus everything visible or
  remembered) give the mean value ``mu`` of a face-down card and, per rank,
  how many copies are still out there.
* **Value of a layout** (:meth:`Evaluator.value`): the real scorer on the
  known cards with unknown cards at ``mu``, minus the expected saving of
  every *unfinished* pattern (a column pair, a column of three, twin
  columns, a block ...): the chance its missing cards are already lying
  face down there, plus -- while the hole goes on -- the chance of drawing
  them in the turns left, times what completing it would save (card values
  wiped, bonus to us, penalty to opponents).
* **Work units** bound a decision (:data:`DEFAULT_BUDGET`,
  :class:`OverBudget`): counted by what is looked at, never by the clock.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from .. import cards as C
from ..exceptions import GolfError
from ..scoring import Compiled, compiled
from ..variant import Pattern, Variant
from ..view import View

#: a pattern instance's possible target, whatever the unseen cards: (rank, cards
#: needed, where its chance is kept (see ``Evaluator._chance``; odd: the face-down
#: cards there are exactly the cards needed), what the completed pattern's cards count)
Goal = tuple[int, int, int, float]


@lru_cache(maxsize=64)
def instances(variant: Variant) -> list[tuple[Pattern, tuple[int, ...]]]:
    """Every place a pattern could match, as (pattern, cells); built once per
    variant (bounded cache keyed by the variant, which hashes by identity)."""
    comp = compiled(variant)
    out: list[tuple[Pattern, tuple[int, ...]]] = []
    for pat, table in comp.tables:
        if pat.kind == "column_pair":
            for col in table:
                for i in range(len(col)):
                    for j in range(i + 1, len(col)):
                        out.append((pat, (col[i], col[j])))
        elif pat.kind == "twin_columns":
            for a in range(len(table)):
                for b in [a + 1] if pat.adjacent else range(a + 1, len(table)):
                    if b < len(table):
                        out.append((pat, table[a] + table[b]))
        else:
            out.extend((pat, cells) for cells in table)
    return out


#: Work units one expert decision may spend before it gives up and plays
#: the greedy bot's move instead.  A unit is one cell or one pattern
#: instance looked at by the value function, so the count depends only on
#: the position, never on the machine or its load: the same seed gives the
#: same moves on any computer (a wall-clock limit would break that).  The
#: built-in variants stay far below it (Alberta's costliest decisions use
#: about a tenth); it bites on huge custom layouts, such as 8x12 grids with
#: bunker and approach shots, where one decision would otherwise take seconds.
DEFAULT_BUDGET: Final = 200_000  # Final: compiled, the default stays visible to inspect


class OverBudget(GolfError):
    """A decision ran past its work budget (caught by the bot, never escapes)."""


class _Tables:
    """What an :class:`Evaluator` needs from a variant in plain typed lists,
    built once per variant (:func:`tables`): its many value-function calls a
    decision then never touch a Pattern's attributes or a dict of cards."""

    def __init__(self, variant: Variant) -> None:
        comp = compiled(variant)
        insts = instances(variant)
        #: card -> its value as a float (the scorer's table, exact: whole numbers)
        self.vtf: list[float] = [float(x) for x in comp.values]
        #: card -> the first card that scores alike (see ``Compiled.alike``)
        self.alike: list[int] = []
        for card in range(len(comp.values)):
            rep = comp.alike[card]
            assert rep is not None
            self.alike.append(rep)
        self.cells: list[tuple[int, ...]] = [cells for _, cells in insts]
        #: per instance, per cell: is the cell one of the instance's
        self.touches: list[list[bool]] = [
            [c in cells for c in range(variant.cells)] for _, cells in insts
        ]
        self.ranks: list[frozenset[int] | None] = [pat.ranks for pat, _ in insts]
        self.bonus_f: list[float] = [float(pat.bonus) for pat, _ in insts]
        self.opponents: list[int] = [pat.opponents for pat, _ in insts]
        #: per instance, per rank: what each card of a completed pattern counts
        self.new_each: list[list[float]] = []
        for pat, _ in insts:
            eff = pat.cards
            row: list[float] = []
            for r in range(14):
                rv = comp.values[(r << 3) | 4]
                if eff == "zero":
                    row.append(0.0)
                elif eff == "keep":
                    row.append(float(rv))
                elif eff == "keep_negative":
                    row.append(float(min(rv, 0)))
                else:
                    row.append(float(eff))
            self.new_each.append(row)
        #: per instance: rank patterns (see ``Evaluator._compute``) -> their goals
        self.known_goals: list[dict[int, list[Goal]]] = [{} for _ in insts]
        self.goals_kept = 0

    def goals(self, i: int, ranks: list[int], key: int) -> list[Goal]:
        """The possible targets of pattern instance ``i`` showing ``ranks``
        (-1: face down), whatever the unseen cards: every rank showing here
        that at most two more cards would complete (three cards or more to
        find is too unlikely to count), as a :data:`Goal`.  It depends on the
        variant alone, so it is remembered under ``key`` for every decision
        to come (bounded: :data:`_GOALS_KEPT`)."""
        size = len(ranks)
        # ranks showing here in the order they first show, and how often
        shown: list[int] = []
        have_of: list[int] = []
        unknown = 0
        for r in ranks:
            if r < 0:
                unknown += 1
                continue
            for j in range(len(shown)):
                if shown[j] == r:
                    have_of[j] += 1
                    break
            else:
                shown.append(r)
                have_of.append(1)
        out: list[Goal] = []
        # most instances stop here: no rank needs two cards or fewer
        if shown and max(have_of) >= size - 2:
            allowed = self.ranks[i]
            # every rank already showing here is a possible target: the other
            # cells are face down (they may already be it) or must be replaced
            for j in range(len(shown)):
                r = shown[j]
                need = size - have_of[j]
                if need == 0 or need > 2 or (allowed is not None and r not in allowed):
                    continue
                slot = (r * 3 + need) * 2 + (1 if need == unknown else 0)
                out.append((r, need, slot, self.new_each[i][r] * size))
        if self.goals_kept >= _GOALS_KEPT:  # a bound on memory, not a cache policy
            for known in self.known_goals:
                known.clear()
            self.goals_kept = 0
        if not out:
            out = _NO_GOALS  # most rank patterns: one shared empty list
        self.known_goals[i][key] = out
        self.goals_kept += 1
        return out


#: rank patterns remembered per variant, all pattern instances together
#: (:meth:`_Tables.goals`): about 9 MB at most.  Six-card meets a few hundred;
#: Alberta (twin columns: six cells) fills it in some 25 holes, and then
#: starts again; 19 of 20 look-ups still find their pattern.
_GOALS_KEPT: Final = 100_000
_NO_GOALS: Final[list[Goal]] = []


@lru_cache(maxsize=8)
def tables(variant: Variant) -> _Tables:
    return _Tables(variant)


@lru_cache(maxsize=64)
def _deck_counts(variant: Variant, players: int) -> list[int]:
    counts = [0] * C.TABLE_SIZE
    for card in variant.deck(players):
        counts[card] += 1
    return counts


def unseen_cards(view: View) -> list[int]:
    """``view.unseen_cards()`` (the deck less every card the seat sees, as a
    sorted multiset) counted in a list per card instead of two Counters: the
    expert asks it every decision.  What the seat sees is still the view's
    to say (:meth:`View.visible_cards`); tests/bots/test_bots.py checks the two agree."""
    counts = list(_deck_counts(view.variant, view.players))
    for card in view.visible_cards():
        counts[card] -= 1
    out: list[int] = []
    for card in range(len(counts)):
        for _ in range(counts[card]):
            out.append(card)
    return out


# the memo keys' digits (Evaluator._key): a card and one more fit in seven bits
assert C.TABLE_SIZE < 128


class _Valuation:
    """A layout's valuation itemised per pattern instance (see
    :meth:`Evaluator._compute`): its goals, the score of its cells and
    its best expected saving; with the layout's memo key."""

    def __init__(self, key: object, future: bool) -> None:
        self.key = key
        self.future = future
        self.goals: list[list[Goal]] = []
        self.curs: list[float] = []
        self.bests: list[float] = []


class Evaluator:
    """Per-decision knowledge and the layout value function."""

    def __init__(
        self,
        view: View,
        future_weight: float = 0.6,
        unknown_discount: float = 0.0,
        neutral: int = 8,
        budget: int | None = None,
    ) -> None:
        self.neutral = neutral
        self.view = view
        self.variant = view.variant
        self.comp: Compiled = compiled(view.variant)
        self.vt = self.comp.values
        t = tables(view.variant)
        self.vtf = t.vtf
        self.alike_of = t.alike
        self.t = t
        self.unseen = unseen_cards(view)
        self.U = max(1, len(self.unseen))
        #: per rank, how many cards of it are unseen
        self.avail: list[int] = [0] * 16
        # classes of unseen cards (those that score alike) -> (representative card, count)
        where: dict[int, int] = {}
        reps: list[int] = []
        counts: list[int] = []
        vsum = 0
        vt = self.vt
        alike = t.alike
        for c in self.unseen:
            self.avail[c >> 3] += 1
            vsum += vt[c]
            a = alike[c]
            k = where.get(a, -1)
            if k < 0:
                where[a] = len(reps)
                reps.append(c)
                counts.append(1)
            else:
                counts[k] += 1
        self.classes: list[tuple[int, int]] = [(reps[k], counts[k]) for k in range(len(reps))]
        self.mu = vsum / len(self.unseen) if self.unseen else 0.0
        self.side = view.side
        self.sides = len(view.layouts)
        self.n_opp = max(1, self.sides - 1)
        self.mine: list[int | None] = view.known_layout()
        #: memo keys as integers (see :meth:`_key`): a layout of eight cells or fewer
        self.int_keys = len(self.mine) <= 8
        # scratch lists of the value function (one layout valued at a time)
        self.ranks_buf: list[int] = [0] * len(self.mine)
        self.owner: list[int] = [-1] * len(self.mine)
        #: what each cell counts in the layout :meth:`base` scored last
        self.scores: list[float] = [0.0] * len(self.mine)
        #: a copy of ``mine`` to try one card in (put back after each trial)
        self.trial: list[int | None] = list(self.mine)
        self.insts = instances(view.variant)
        self.budget = budget
        #: work units spent on this decision (see :data:`DEFAULT_BUDGET`)
        self.work = 0
        self.future_weight = future_weight
        #: the bot's per-decision answers (feeds by card, tempo, discarding)
        self.feeds: dict[int, float] = {}
        self.tempo: float | None = None
        self.after_discard: float | None = None
        #: the opponent's layout value and face-down cards, heads-up (see
        #: ExpertBot's ``win``): the same for every move of a decision
        self.rival: tuple[float, int] | None = None
        self._values: dict[object, float] = {}
        self.alike = self.comp.alike
        self._gains: dict[object, float] = {}
        self._near: dict[object, set[int]] = {}
        self._refs: dict[object, _Valuation] = {}
        self._mine_refs: list[_Valuation | None] = [None, None]
        # per (rank, cards needed, all of them face down here): the chance of
        # completing a pattern, with the turns left and without (-1: not yet known)
        self._chances_future: list[float] = [-1.0] * (16 * 3 * 2)
        self._chances_now: list[float] = [-1.0] * (16 * 3 * 2)
        self._quiet: dict[object, list[int]] = {}
        down = [sum(1 for c in lay if c is None) for lay in view.layouts]
        self.min_down = min(down) if down else 0
        #: face-down cards in our layout (remembered ones included)
        self.down_mine = down[view.side]
        if view.final_turn:
            self.turns_left = 0.0
        elif view.variant.end.all_face_up:
            self.turns_left = min(8.0, 1.0 + 0.8 * self.min_down)
        else:
            self.turns_left = 3.0
        # a face-down card is worth less than the mean while there is time to
        # replace it if it turns out badly
        self.mu_future = self.mu - unknown_discount * min(1.0, self.turns_left / 4.0)

    # ------------------------------------------------------------------ value

    def base(self, cells: list[int | None], future: bool = True) -> float:
        """The scorer's total with the face-down cards at the mean (matching
        nothing), less the opponents' penalty our patterns cause.  Leaves
        the owner of each cell in ``self.owner`` and what each cell counts
        in ``self.scores``, which :meth:`_compute` reads for every pattern
        instance instead of working it out again."""
        ranks = self.ranks_buf
        for i in range(len(cells)):
            c = cells[i]
            ranks[i] = -1 - i if c is None else c >> 3
        bonus, opp = self.comp.claims(ranks, self.owner)
        mu = self.mu_future if future else self.mu
        # summed cell by cell from 0.0, as sum() does (the values are whole
        # numbers or the mean): the same float as ever, bit for bit
        s = 0.0
        vtf = self.vtf
        owner = self.owner
        scores = self.scores
        comp = self.comp
        for i in range(len(cells)):
            c = cells[i]
            x = mu if c is None else vtf[c]
            k = owner[i]
            if k >= 0:
                x = comp.cell_score(k, x)
            scores[i] = x
            s += x
        return s + bonus - opp * self.n_opp * 0.5

    def _key(self, cells: list[int | None], first: int) -> object:
        """A memo key: ``first``, then each cell's card as the first card that
        scores alike (-1: face down).

        Up to eight cells (a machine integer holds them), the digits of one
        number in base 128, each card plus one (0: face down; every card is
        below :data:`~golfcli.cards.TABLE_SIZE`, 112): equal for exactly the
        layouts the tuple would call equal, without a tuple built and hashed
        for every trial (:meth:`value_at` changes one digit).  Larger
        layouts keep the tuple: a big integer costs more than it saves."""
        alike = self.alike_of
        if self.int_keys:
            k = first
            for c in cells:
                k = (k << 7) | (0 if c is None else alike[c] + 1)
            return k
        key = [first]
        for c in cells:
            key.append(-1 if c is None else alike[c])
        return tuple(key)

    def value(self, cells: list[int | None], future: bool = True) -> float:
        """Expected score of a layout (lower is better), patterns included.

        Memoised per decision: the same layouts come up again and again
        (every class of stock card is tried in every place), also with
        cards that score alike in place of each other (7S for 7H)."""
        key = self._key(cells, 1 if future else 0)
        hit = self._values.get(key)
        if hit is None:
            hit = self._value(cells, future)
            self._values[key] = hit
        return hit

    def value_at(self, ref: _Valuation, pos: int, trial: list[int | None]) -> float:
        """:meth:`value` of ``trial``, the layout of ``ref`` (a :meth:`reference`)
        with a card in cell ``pos``: the same memo, the same work units and the
        very same number, but computed incrementally from the reference's
        valuation (see :meth:`_compute`).  Every trial of a decision is one of
        these: one card tried in one place of our layout or an opponent's (the
        callers try many cards against one reference)."""
        card = trial[pos]
        key: object
        if self.int_keys:
            shift = 7 * (len(trial) - 1 - pos)
            digit = 0 if card is None else self.alike_of[card] + 1
            old = ref.key
            assert isinstance(old, int)
            key = old & ~(127 << shift) | digit << shift
        else:
            old_key = ref.key
            assert isinstance(old_key, tuple)
            key_list = list(old_key)
            key_list[pos + 1] = -1 if card is None else self.alike_of[card]
            key = tuple(key_list)
        hit = self._values.get(key)
        if hit is None:
            self.spend(len(trial) + len(self.t.cells))
            hit = self._compute(trial, ref.future, ref, pos, None)
            self._values[key] = hit
        return hit

    def _value(self, cells: list[int | None], future: bool) -> float:
        """The scorer's total less each unfinished pattern's best expected
        saving; the pattern arithmetic is looked up per instance (see
        :meth:`_instance_targets`), only the saving of the cards now in
        place is computed here.  Bots spend most of their time in here."""
        self.spend(len(cells) + len(self.t.cells))
        return self._compute(cells, future, None, -1, None)

    def reference(self, cells: list[int | None], future: bool) -> _Valuation:
        """The itemised valuation of a layout whose one-card neighbours are
        about to be valued (ours, an opponent's), computed once per decision.

        Not counted as work: it is bookkeeping of this implementation, and
        the work units are one per cell and pattern instance of every layout
        valued, no more, so that the greedy fallback happens where the
        valuations the bot asks for are many, not where this bookkeeping is."""
        key = self._key(cells, 1 if future else 0)
        ref = self._refs.get(key)
        if ref is None:
            ref = _Valuation(key, future)
            self._compute(cells, future, None, -1, ref)
            self._refs[key] = ref
        return ref

    def mine_reference(self, future: bool) -> _Valuation:
        """:meth:`reference` of our layout (``mine``, never changed), kept at hand."""
        ref = self._mine_refs[1 if future else 0]
        if ref is None:
            ref = self.reference(self.mine, future)
            self._mine_refs[1 if future else 0] = ref
        return ref

    def _compute(
        self,
        cells: list[int | None],
        future: bool,
        ref: _Valuation | None,
        pos: int,
        record: _Valuation | None,
    ) -> float:
        """The value of ``cells``: the scorer's total (:meth:`base`) less, per
        pattern instance, the best expected saving among its goals (see
        :meth:`_Tables.goals`): what completing it would save on the cards
        now in place, times the chance of completing it.

        With ``ref``, the valuation of a layout that differs from ``cells``
        at most in cell ``pos``, each instance away from ``pos`` re-uses the
        reference's work: the same ranks give the same goals, and where its
        cells also score the same (the same ``cur``, compared exactly) the
        same saving.  Each saving is the very float a full valuation
        computes, and they are summed in the same order, so the result is
        identical bit for bit (tests/bots/test_bots.py and the expert_hash script
        check it).  ``record`` receives the itemised valuation (to serve as a
        reference later)."""
        total = self.base(cells, future)
        t = self.t
        inst_cells = t.cells
        if not inst_cells:
            return total
        turns = self.turns_left if future else 0.0
        chances = self._chances_future if future else self._chances_now
        avail = self.avail
        scores = self.scores
        half_opp = self.n_opp * 0.5
        if record is not None:
            record.goals = []
            record.curs = []
            record.bests = []
        saving = 0.0
        for i in range(len(inst_cells)):
            cells_i = inst_cells[i]
            cur = 0.0
            if ref is not None and not t.touches[i][pos]:
                # our cells hold the reference's ranks: its goals are ours
                goals = ref.goals[i]
                if not goals:
                    continue
                for c in cells_i:
                    cur += scores[c]
                if cur == ref.curs[i]:
                    saving += ref.bests[i]
                    continue
            else:
                # the ranks in its cells as one number, 4 bits a cell (rank + 1; 0: face down)
                key = 0
                for c in cells_i:
                    card = cells[c]
                    key = key * 16 + (0 if card is None else (card >> 3) + 1)
                found = t.known_goals[i].get(key)
                if found is None:
                    ranks = [-1 if cells[c] is None else cells[c] >> 3 for c in cells_i]  # type: ignore[operator]
                    found = t.goals(i, ranks, key)
                goals = found
                if record is not None:
                    record.goals.append(goals)
                if not goals:
                    if record is not None:
                        record.curs.append(0.0)
                        record.bests.append(0.0)
                    continue
                for c in cells_i:
                    cur += scores[c]
            best = 0.0
            for r, need, slot, new_total in goals:
                if avail[r] < need:
                    continue  # not enough of the rank left unseen
                save = cur - new_total - t.bonus_f[i] + t.opponents[i] * half_opp
                if save <= 0:
                    continue
                chance = chances[slot]
                if chance < 0.0:
                    chance = self._chance(r, need, slot & 1 == 1, turns, chances, slot)
                term = save * chance
                if term > best:
                    best = term
            if record is not None:
                record.curs.append(cur)
                record.bests.append(best)
            saving += best
        return total - saving

    def spend(self, units: int) -> None:
        """Count work; past the budget the decision is abandoned (:class:`OverBudget`)."""
        self.work += units
        if self.budget is not None and self.work > self.budget:
            raise OverBudget(self.work)

    def _chance(
        self, r: int, need: int, exact: bool, turns: float, table: list[float], slot: int
    ) -> float:
        """The chance of completing a pattern that needs ``need`` more cards of
        rank ``r``: the face-down cards there are them (``exact``: as many
        face down as needed), or draws in the ``turns`` left find them.
        Kept in ``table[slot]`` for the decision (it depends on the unseen cards)."""
        a = self.avail[r]
        U = self.U
        p_now = 0.0
        if exact:
            p_now = 1.0
            for k in range(need):
                p_now *= (a - k) / max(1, U - k)
        p_future = 0.0
        if turns > 0:
            p_one = 1.0 - (1.0 - a / U) ** (1.6 * turns / need)
            p_future = p_one**need * self.future_weight
        hit = p_now + (1 - p_now) * p_future
        table[slot] = hit
        return hit

    def candidates(self, cells: list[int | None], card: int) -> list[int]:
        """Positions where ``card`` could possibly help: cells worth more than
        it, cells sharing a pattern with a card of its rank, and face-down
        cells -- of those that share no pattern with its rank only the
        ``neutral`` with the least at stake (they differ little, and a big
        layout has many of them)."""
        rank = card >> 3
        v = self.vt[card]
        near = self.near_rank(cells, rank)
        vt = self.vt
        out: list[int] = []
        for p in range(len(cells)):
            c = cells[p]
            if p in near or (c is not None and vt[c] > v):
                out.append(p)
        spare = [p for p in self.quiet_unknowns(cells) if p not in near]
        return out + spare[: self.neutral]

    def quiet_unknowns(self, cells: list[int | None]) -> list[int]:
        """Face-down cells, those with the fewest known cards in their patterns first."""
        key = self._exact_key(cells, 0)
        hit = self._quiet.get(key)
        if hit is None:
            self.spend(len(self.insts))
            n = len(cells)
            stake = [0] * n
            for inst in self.t.cells:
                known = 0
                for c in inst:
                    if cells[c] is not None:
                        known += 1
                for c in inst:
                    stake[c] += known
            order = [(stake[p], p) for p in range(n) if cells[p] is None]
            order.sort()
            hit = [p for _, p in order]
            self._quiet[key] = hit
        return hit

    def near_rank(self, cells: list[int | None], rank: int) -> set[int]:
        """Cells sharing a pattern instance with a known card of ``rank``."""
        key = self._exact_key(cells, rank)
        hit = self._near.get(key)
        if hit is None:
            self.spend(len(self.insts))
            hit = set()
            for inst in self.t.cells:
                for c in inst:
                    card = cells[c]
                    if card is not None and card >> 3 == rank:
                        hit.update(inst)
                        break
            self._near[key] = hit
        return hit

    def _exact_key(self, cells: list[int | None], first: int) -> object:
        """A memo key of the very cards (not their classes): ``first``, then
        each cell's card (-1: face down); as one integer up to eight cells
        (each card plus one a base-128 digit, as :meth:`_key`)."""
        if self.int_keys:
            k = first
            for c in cells:
                k = (k << 7) | (0 if c is None else c + 1)
            return k
        key = [first]
        for c in cells:
            key.append(-1 if c is None else c)
        return tuple(key)

    def gain_for(self, cells: list[int | None], card: int) -> float:
        """How much the best placement of ``card`` would lower a layout's value.

        Memoised per decision on cards that score alike: the feed of a card
        and the next opponent's gain of a turn ask the same questions."""
        key = self._key(cells, self.alike_of[card])
        hit = self._gains.get(key)
        if hit is None:
            hit = self._gain_for(cells, card)
            self._gains[key] = hit
        return hit

    def _gain_for(self, cells: list[int | None], card: int) -> float:
        now = self.value(cells)
        best = 0.0
        trial = list(cells)
        ref = self.reference(cells, True)
        for p in self.candidates(cells, card):
            old = trial[p]
            trial[p] = card
            g = now - self.value_at(ref, p, trial)
            trial[p] = old
            if g > best:
                best = g
        return best
