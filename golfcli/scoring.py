"""The one scorer: layouts and holes, with an itemised breakdown.

Every rule of docs/rules.md §§7-8b is data in the :class:`~golfcli.variant.Variant`;
this module compiles that data once per variant into index tables (which
cells form a column, a row, a block ...) and evaluates a layout by walking the
tables.  The same code serves the engine at the end of a hole, the bots'
look-ahead and ``golf score``, so they can never disagree.

Order of evaluation (documented in docs/variants.md):

1. each card's face value (exact-card values override rank values);
2. patterns in listed order; the first matched pattern that covers a card
   decides what it counts, every matched pattern adds its bonus to the owner
   and its ``opponents`` penalty to every other side;
3. hole-level adjustments in listed order, each seeing the scores left by
   the one before.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, TypeVar

from . import cards as C
from .variant import CLOSER_WHEN, Pattern, Variant, VariantError

Num = TypeVar("Num", int, float)
_FIXED_KINDS = ("column", "row", "diagonal", "block", "adjacent_pair")
# pattern kinds and card effects as small ints for the compiled loops (Compiled._kind, _effect)
_FIXED: Final = 0
_PAIR: Final = 1
_TWIN: Final = 2
_ZERO: Final = 0
_KEEP_NEG: Final = 1
_KEEP: Final = 2
_FIXED_VALUE: Final = 3


# Each frozen record writes its own __init__ (init=False): see MatchInfo in
# view.py for why (compiled, ~25 times cheaper than the generated one).
@dataclass(frozen=True, init=False)
class PatternMatch:
    """One matched pattern instance in a layout."""

    pattern: str
    kind: str
    cells: tuple[int, ...]
    rank: int
    effect: str | int
    bonus: int
    opponents: int

    def __init__(
        self,
        pattern: str,
        kind: str,
        cells: tuple[int, ...],
        rank: int,
        effect: str | int,
        bonus: int,
        opponents: int,
    ) -> None:
        object.__setattr__(self, "pattern", pattern)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "effect", effect)
        object.__setattr__(self, "bonus", bonus)
        object.__setattr__(self, "opponents", opponents)


@dataclass(frozen=True, init=False)
class LayoutScore:
    """A layout's breakdown.  ``total`` = sum of ``scored`` + ``bonus``;
    ``opponents`` is what this layout adds to every other side's score."""

    cards: tuple[int, ...]
    values: tuple[int, ...]
    scored: tuple[int, ...]
    matches: tuple[PatternMatch, ...]
    bonus: int
    opponents: int

    def __init__(
        self,
        cards: tuple[int, ...],
        values: tuple[int, ...],
        scored: tuple[int, ...],
        matches: tuple[PatternMatch, ...],
        bonus: int,
        opponents: int,
    ) -> None:
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "scored", scored)
        object.__setattr__(self, "matches", matches)
        object.__setattr__(self, "bonus", bonus)
        object.__setattr__(self, "opponents", opponents)

    @property
    def cards_total(self) -> int:
        return sum(self.scored)

    @property
    def total(self) -> int:
        return sum(self.scored) + self.bonus


@dataclass(frozen=True, init=False)
class SideScore:
    """One side's hole: its layout, penalties received from opponents'
    layouts, hole-level adjustments ``(name, delta)`` and the final total."""

    layout: LayoutScore
    penalties: int
    adjustments: tuple[tuple[str, int], ...]
    total: int

    def __init__(
        self,
        layout: LayoutScore,
        penalties: int,
        adjustments: tuple[tuple[str, int], ...],
        total: int,
    ) -> None:
        object.__setattr__(self, "layout", layout)
        object.__setattr__(self, "penalties", penalties)
        object.__setattr__(self, "adjustments", adjustments)
        object.__setattr__(self, "total", total)


@dataclass(frozen=True, init=False)
class HoleScore:
    sides: tuple[SideScore, ...]
    closer: int | None

    def __init__(
        self,
        sides: tuple[SideScore, ...],
        closer: int | None,
    ) -> None:
        object.__setattr__(self, "sides", sides)
        object.__setattr__(self, "closer", closer)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(s.total for s in self.sides)


class Compiled:
    """Index tables for one variant; built once (cached) per Variant object."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        rows, cols = variant.rows, variant.cols
        self.n = rows * cols
        vt = [0] * C.TABLE_SIZE
        for card in range(C.TABLE_SIZE):
            vt[card] = variant.rank_values[min(card >> 3, 13)]
        for card, value in variant.card_values:
            vt[card] = value
            # the same card typed without its suit keeps the plain rank value
        self.values = vt
        # cards that score alike (same rank, same value: 7S and 7H, but not AC
        # and AH where clubs are special) map to one representative, so bots
        # can share work between them
        first: dict[tuple[int, int], int] = {}
        self.alike: dict[int | None, int | None] = {None: None}
        for card in range(C.TABLE_SIZE):
            self.alike[card] = first.setdefault((card >> 3, vt[card]), card)
        self.columns = [tuple(r * cols + c for r in range(rows)) for c in range(cols)]
        self.rows_cells = [tuple(r * cols + c for c in range(cols)) for r in range(rows)]
        self.tables: list[tuple[Pattern, list[tuple[int, ...]]]] = []
        for p in variant.patterns:
            self.tables.append((p, self._cells(p.kind, rows, cols)))
        # the patterns' fields as plain typed lists, read once here: the hot
        # loops (every bot valuation) then never look an attribute up on a
        # Pattern (an interpreted dataclass: slow from compiled code)
        pats = [p for p, _ in self.tables]
        self.kind: list[int] = [
            _FIXED if p.kind in _FIXED_KINDS else _PAIR if p.kind == "column_pair" else _TWIN
            for p in pats
        ]
        self.block: list[bool] = [p.kind == "block" for p in pats]
        self.pattern_ranks: list[frozenset[int] | None] = [p.ranks for p in pats]
        self.adjacent: list[bool] = [p.adjacent for p in pats]
        self.effect: list[int] = [_effect_code(p.cards) for p in pats]
        self.fixed_value: list[float] = [
            float(p.cards) if isinstance(p.cards, int) else 0.0 for p in pats
        ]
        self.bonus: list[int] = [p.bonus for p in pats]
        self.opponents: list[int] = [p.opponents for p in pats]

    def _cells(self, kind: str, rows: int, cols: int) -> list[tuple[int, ...]]:
        if kind in ("column", "column_pair", "twin_columns"):
            return self.columns
        if kind == "row":
            return self.rows_cells
        if kind == "diagonal":
            k = min(rows, cols)
            out = []
            for r0 in range(rows - k + 1):
                for c0 in range(cols - k + 1):
                    out.append(tuple((r0 + i) * cols + c0 + i for i in range(k)))
                    out.append(tuple((r0 + i) * cols + c0 + k - 1 - i for i in range(k)))
            return list(dict.fromkeys(out))
        if kind == "block":
            return [
                (r * cols + c, r * cols + c + 1, (r + 1) * cols + c, (r + 1) * cols + c + 1)
                for r in range(rows - 1)
                for c in range(cols - 1)
            ]
        if kind == "adjacent_pair":
            pairs: list[tuple[int, ...]] = [
                (r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)
            ]
            pairs += [
                (r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)
            ]
            return pairs
        raise VariantError("", "patterns", f"unknown pattern kind {kind!r}")

    # ------------------------------------------------------------------ core

    def find(self, ranks: Sequence[int]) -> list[tuple[Pattern, tuple[int, ...], int]]:
        """Every matched pattern instance: (pattern, cells, rank)."""
        found: list[tuple[int, tuple[int, ...], int]] = []
        self._scan(list(ranks), found, None)
        tables = self.tables
        return [(tables[k][0], cells, r) for k, cells, r in found]

    def claims(self, ranks: list[int], owner: list[int]) -> tuple[int, int]:
        """What the bots' valuations need of :meth:`evaluate`, hundreds of
        times a decision, without building a list or a match record: sets
        ``owner[c]`` to the index (in ``tables``) of the pattern whose match
        decides what cell ``c`` counts (-1: none, the card counts its value;
        see :meth:`cell_score`) and returns (bonus, opponents penalty).

        The same scan as :meth:`find`, claiming cells in the order
        :meth:`evaluate` does (first match first), so every cell scores the
        very number :meth:`evaluate` gives it; tests/rules/test_scoring.py checks
        the two against each other."""
        for c in range(len(owner)):
            owner[c] = -1
        return self._scan(ranks, None, owner)

    def cell_score(self, k: int, value: float) -> float:
        """What a card of ``value`` counts when pattern ``k``'s match claims it
        (as a float: the matched cards are known, their values whole numbers,
        so it is exactly :meth:`evaluate`'s number)."""
        eff = self.effect[k]
        if eff == _ZERO:
            return 0.0
        if eff == _KEEP_NEG:
            return 0.0 if value > 0.0 else value  # min(value, 0): ties keep value
        if eff == _FIXED_VALUE:
            return self.fixed_value[k]
        return value

    def _scan(
        self,
        ranks: list[int],
        found: list[tuple[int, tuple[int, ...], int]] | None,
        owner: list[int] | None,
    ) -> tuple[int, int]:
        """Find every matched pattern instance, in pattern order: appended to
        ``found`` as (pattern index, cells, rank) and/or claimed in ``owner``
        (a cell belongs to the first match that covers it).  Returns the
        matches' total bonus and opponents penalty."""
        bonus = opp = 0
        for k in range(len(self.tables)):
            table = self.tables[k][1]
            kind = self.kind[k]
            allowed = self.pattern_ranks[k]
            if kind == _FIXED:
                hits: list[tuple[int, tuple[int, ...], int]] = []
                for cells in table:
                    r = ranks[cells[0]]
                    if r < 0 or (allowed is not None and r not in allowed):
                        continue
                    matched = True
                    for c in cells:
                        if ranks[c] != r:
                            matched = False
                            break
                    if matched:
                        hits.append((k, cells, r))
                if self.block[k] and len(hits) > 1:
                    hits = _disjoint(hits)
                for hit in hits:
                    if found is not None:
                        found.append(hit)
                    if owner is not None:
                        for c in hit[1]:
                            if owner[c] < 0:
                                owner[c] = k
                    bonus += self.bonus[k]
                    opp += self.opponents[k]
            elif kind == _PAIR:
                for cells in table:
                    # each rank showing twice or more, in the order it first shows
                    size = len(cells)
                    for j in range(size):
                        r = ranks[cells[j]]
                        if r < 0 or (allowed is not None and r not in allowed):
                            continue
                        first = True
                        for i in range(j):
                            if ranks[cells[i]] == r:
                                first = False
                                break
                        if not first:
                            continue
                        count = 0
                        for i in range(j, size):
                            if ranks[cells[i]] == r:
                                count += 1
                        if count < 2:
                            continue
                        if found is not None:
                            group = [cells[i] for i in range(j, size) if ranks[cells[i]] == r]
                            found.append((k, tuple(group), r))
                        if owner is not None:
                            for i in range(j, size):
                                c = cells[i]
                                if ranks[c] == r and owner[c] < 0:
                                    owner[c] = k
                        bonus += self.bonus[k]
                        opp += self.opponents[k]
            else:  # twin_columns
                full: list[int] = []
                for cells in table:
                    r = ranks[cells[0]]
                    if r >= 0:
                        for c in cells:
                            if ranks[c] != r:
                                r = -1
                                break
                    full.append(r if r >= 0 and (allowed is None or r in allowed) else -1)
                used = [False] * len(full)
                adjacent = self.adjacent[k]
                for a in range(len(full)):
                    if used[a] or full[a] < 0:
                        continue
                    for b in range(a + 1, a + 2 if adjacent else len(full)):
                        if b < len(full) and not used[b] and full[b] == full[a]:
                            used[a] = used[b] = True
                            if found is not None:
                                found.append((k, table[a] + table[b], full[a]))
                            if owner is not None:
                                for c in table[a] + table[b]:
                                    if owner[c] < 0:
                                        owner[c] = k
                            bonus += self.bonus[k]
                            opp += self.opponents[k]
                            break
        return bonus, opp

    def evaluate(
        self, ranks: Sequence[int], values: Sequence[Num]
    ) -> tuple[list[Num], int, int, list[PatternMatch]]:
        """(scored values per cell, bonus, opponents penalty, matches).

        ``ranks`` are per cell (a negative rank matches nothing, for cards
        not known); ``values`` may be floats (bots put expected values in
        for face-down cards)."""
        scored: list[Num] = list(values)
        claimed = [False] * len(values)
        bonus = opp = 0
        matches = []
        for pat, cells, r in self.find(ranks):
            eff = pat.cards
            for c in cells:
                if not claimed[c]:
                    claimed[c] = True
                    if eff == "zero":
                        scored[c] = 0
                    elif eff == "keep_negative":
                        scored[c] = min(values[c], 0)
                    elif isinstance(eff, int):
                        scored[c] = eff
            bonus += pat.bonus
            opp += pat.opponents
            matches.append(
                PatternMatch(pat.name, pat.kind, cells, r, eff, pat.bonus, pat.opponents)
            )
        return scored, bonus, opp, matches

    def total(self, cards: Sequence[int]) -> tuple[int, int]:
        """Fast path for engines and bots: (layout total, penalty to each opponent)."""
        vt = self.values
        scored, bonus, opp, _ = self.evaluate([c >> 3 for c in cards], [vt[c] for c in cards])
        return sum(scored) + bonus, opp

    def layout(self, cards: Sequence[int]) -> LayoutScore:
        vt = self.values
        values = [vt[c] for c in cards]
        scored, bonus, opp, matches = self.evaluate([c >> 3 for c in cards], values)
        return LayoutScore(tuple(cards), tuple(values), tuple(scored), tuple(matches), bonus, opp)


def _effect_code(cards: str | int) -> int:
    if isinstance(cards, int):
        return _FIXED_VALUE
    return _ZERO if cards == "zero" else _KEEP_NEG if cards == "keep_negative" else _KEEP


def _disjoint(
    hits: list[tuple[int, tuple[int, ...], int]],
) -> list[tuple[int, tuple[int, ...], int]]:
    """Blocks do not overlap (a card belongs to one block at most, like twin
    columns): keep the most blocks possible; among equally many, the set that
    comes first in reading order (top-left corners, rows then columns)."""
    sets = [frozenset(h[1]) for h in hits]
    if all(a.isdisjoint(b) for a, b in itertools.combinations(sets, 2)):
        return hits
    if len(hits) > 16:  # huge grids only: greedy in reading order
        used: set[int] = set()
        out = []
        for h, cells in zip(hits, sets, strict=True):
            if used.isdisjoint(cells):
                used |= cells
                out.append(h)
        return out
    best: list[int] = []

    def search(i: int, chosen: list[int], used: frozenset[int]) -> None:
        nonlocal best
        if len(chosen) + len(hits) - i <= len(best):
            return
        if i == len(hits):
            best = list(chosen)
            return
        if used.isdisjoint(sets[i]):
            search(i + 1, [*chosen, i], used | sets[i])
        search(i + 1, chosen, used)

    search(0, [], frozenset())
    return [hits[i] for i in best]


@lru_cache(maxsize=64)
def compiled(variant: Variant) -> Compiled:
    return Compiled(variant)


def score_layout(variant: Variant, cards: Sequence[int]) -> LayoutScore:
    """Score one fully known layout (row-major cards) on its own."""
    _check_shape(variant, cards)
    return compiled(variant).layout(cards)


def _check_shape(variant: Variant, cards: Sequence[int]) -> None:
    if len(cards) != variant.cells:
        raise C.CardError(f"{variant.name} layouts have {variant.cells} cards, got {len(cards)}")
    if any(c == C.UNKNOWN for c in cards):
        raise C.CardError("cannot score a face-down (?) card; use expected_total")
    _check_jokers(variant, cards)


def _check_jokers(variant: Variant, cards: Sequence[int]) -> None:
    if not variant.joker_valued and C.JOKER_CARD in cards:
        raise C.CardError(
            f"{variant.name} is played without jokers "
            "(give them a value, e.g. --set values.ranks.joker=-2)"
        )


def score_hole(
    variant: Variant, layouts: Sequence[Sequence[int]], closer: int | None = None
) -> HoleScore:
    """Score one hole: every side's layout, penalties between sides, then
    the hole-level adjustments.  ``closer`` is the side that went out or
    knocked (for knock bonuses and penalties), if any."""
    comp = compiled(variant)
    parts = []
    for cards in layouts:
        _check_shape(variant, cards)
        parts.append(comp.layout(cards))
    return finish_hole(variant, parts, closer)


def finish_hole(variant: Variant, parts: Sequence[LayoutScore], closer: int | None) -> HoleScore:
    all_opp = sum(p.opponents for p in parts)
    penalties = [all_opp - p.opponents for p in parts]
    scores = [p.total + pen for p, pen in zip(parts, penalties, strict=True)]
    notes: list[list[tuple[str, int]]] = [[] for _ in parts]
    for deltas, name in adjustment_deltas(variant, scores, closer):
        for i, d in enumerate(deltas):
            if d:
                scores[i] += d
                notes[i].append((name, d))
    sides = tuple(
        SideScore(p, pen, tuple(n), s)
        for p, pen, n, s in zip(parts, penalties, notes, scores, strict=True)
    )
    return HoleScore(sides, closer)


def adjustment_deltas(
    variant: Variant, scores: list[int], closer: int | None
) -> list[tuple[list[int], str]]:
    """Apply the variant's hole-level rules in order; returns each rule's deltas."""
    out = []
    cur = list(scores)
    n = len(cur)
    for adj in variant.adjustments:
        d = [0] * n
        if adj.kind == "exact":
            d = [adj.becomes - s if s == adj.score else 0 for s in cur]
        elif adj.kind == "closer" and closer is not None:
            others = [s for i, s in enumerate(cur) if i != closer]
            best_other = min(others) if others else cur[closer] + 1
            mine = cur[closer]
            standing = "lower" if mine < best_other else "tied" if mine == best_other else "higher"
            if standing in CLOSER_WHEN[adj.when].standings:
                # multiplied, then added to; a score below zero is multiplied
                # only with multiply_negative (doubling it would reward it)
                base = mine if adj.multiply_negative else max(mine, 0)
                d[closer] = base * (adj.multiply - 1) + adj.add
        elif adj.kind == "lowest":
            low = min(cur)
            winners = [i for i, s in enumerate(cur) if s == low]
            if not (adj.unique and len(winners) > 1):
                for i in winners:
                    d[i] = adj.add
        elif adj.kind == "tied":
            counts = Counter(cur)
            d = [adj.add if counts[s] > 1 else 0 for s in cur]
        cur = [s + x for s, x in zip(cur, d, strict=True)]
        out.append((d, adj.name))
    return out


# --------------------------------------------------------------------------- unknown cards


@dataclass(frozen=True, init=False)
class Expectation:
    known: int  # the face-up cards alone (face-down cards count 0 and match nothing)
    expected: float  # expected layout total over the cards not yet seen
    exact: bool  # False when estimated by sampling
    samples: int
    unknown: int

    def __init__(
        self,
        known: int,
        expected: float,
        exact: bool,
        samples: int,
        unknown: int,
    ) -> None:
        object.__setattr__(self, "known", known)
        object.__setattr__(self, "expected", expected)
        object.__setattr__(self, "exact", exact)
        object.__setattr__(self, "samples", samples)
        object.__setattr__(self, "unknown", unknown)


def unseen_cards(variant: Variant, seen: Sequence[int], players: int | None = None) -> list[int]:
    """The deck for ``players`` (default: the fewest allowed) minus the cards
    already seen.  A card seen without its suit removes a plain card of that
    rank (one whose value is the rank's value)."""
    n = players if players is not None else variant.players[0]
    deck = variant.deck(n)
    vt = compiled(variant).values
    pool = Counter(deck)
    for card in seen:
        if card == C.UNKNOWN:
            continue
        if card in pool and pool[card] > 0:
            pool[card] -= 1
            continue
        rank = card >> 3
        candidates = [c for c in pool if pool[c] > 0 and c >> 3 == rank]
        plain = [c for c in candidates if vt[c] == variant.rank_values[rank]]
        pick = plain or candidates
        if pick:
            pool[pick[0]] -= 1
    return sorted(pool.elements())


def known_part(variant: Variant, cards: Sequence[int]) -> LayoutScore:
    """The breakdown of a layout's face-up cards: a face-down (``?``) card
    counts 0 and matches nothing.  Its ``total`` is the known part of a
    layout that :func:`expected_total` completes; for a layout with no ``?``
    it is the layout's score."""
    _check_jokers(variant, cards)
    comp = compiled(variant)
    vt = comp.values
    ranks = [c >> 3 if c != C.UNKNOWN else -1 - i for i, c in enumerate(cards)]
    values = [vt[c] if c != C.UNKNOWN else 0 for c in cards]
    scored, bonus, opp, matches = comp.evaluate(ranks, values)
    return LayoutScore(tuple(cards), tuple(values), tuple(scored), tuple(matches), bonus, opp)


def expected_total(
    variant: Variant,
    cards: Sequence[int],
    players: int | None = None,
    max_exact: int = 50_000,
    samples: int = 10_000,
    seed: int = 0,
    *,
    parts: LayoutScore | None = None,
) -> Expectation:
    """Known part and expected total of a layout with face-down (``?``) cards.

    Exact enumeration over classes of equal (rank, value) cards when small
    enough; otherwise a seeded random sample (same answer every call).
    ``parts``: the layout's :func:`known_part`, when the caller has worked
    it out already (``golf score`` shows it), so it is not scored again."""
    known = (parts if parts is not None else known_part(variant, cards)).total
    comp = compiled(variant)
    vt = comp.values
    hidden = [i for i, c in enumerate(cards) if c == C.UNKNOWN]
    if not hidden:
        return Expectation(known, float(known), True, 0, 0)
    pool = unseen_cards(variant, [c for c in cards if c != C.UNKNOWN], players)
    if len(pool) < len(hidden):
        raise C.CardError("more face-down cards than cards left in the deck")
    classes = Counter((c >> 3, vt[c]) for c in pool)
    reps = {key: next(c for c in pool if (c >> 3, vt[c]) == key) for key in classes}
    keys = list(classes)
    work = list(cards)
    k = len(hidden)
    if len(keys) ** k <= max_exact:
        total = 0.0
        size = len(pool)
        for combo in itertools.product(range(len(keys)), repeat=k):
            prob = 1.0
            left = dict(classes)
            for j, ki in enumerate(combo):
                key = keys[ki]
                if left[key] <= 0:
                    prob = 0.0
                    break
                prob *= left[key] / (size - j)
                left[key] -= 1
            if prob == 0.0:
                continue
            for cell, ki in zip(hidden, combo, strict=True):
                work[cell] = reps[keys[ki]]
            total += prob * comp.total(work)[0]
        return Expectation(known, total, True, 0, k)
    rng = random.Random(seed)
    acc = 0
    for _ in range(samples):
        for cell, card in zip(hidden, rng.sample(pool, k), strict=True):
            work[cell] = card
        acc += comp.total(work)[0]
    return Expectation(known, acc / samples, False, samples, k)
