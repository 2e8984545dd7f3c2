"""One hole of Golf as a state machine, for every variant the YAML can describe.

Design (docs/architecture.md):

* :class:`HoleState` is the one mutable object; every change is recorded as
  a frozen event (:mod:`golfcli.events`) in ``state.events``.  The log is the
  replay, the audit and the test oracle: :func:`golfcli.replay.replay_hole`
  rebuilds an identical state from it.
* Chance is explicit: the deal and every reshuffle are events carrying the
  full card order, drawn from a ``random.Random`` the caller owns.  Replays
  take the recorded order instead of a generator.
* Every action (:mod:`golfcli.actions`) comes as a trio: ``verify_x``
  raises :class:`IllegalAction` naming the rule that forbids it, ``can_x``
  answers yes/no, ``x`` does it.  :meth:`HoleState.legal_actions` lists
  exactly the actions whose ``can_`` is true, and :meth:`HoleState.apply`
  dispatches an :class:`Action`.
* The rules a hole reads are worked out once per variant and player count
  (:class:`HoleTables`).

Speed matters (docs/performance.md): cards are ints, layouts flat lists, face-up and
memory are bit masks, and legal-action tuples are cached per variant and
reused, so a random-play hole builds almost no objects.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from .actions import (
    ACTION_KINDS,
    DRAW,
    FLIP,
    OVER,
    PLACE,
    SETUP,
    Action,
    ActionKind,
    IllegalAction,
    Phase,
)
from .arguments import shown
from .cards import card_str
from .events import (
    EVENT_TYPES,
    Approach,
    Bunker,
    Deal,
    Discard,
    Draw,
    End,
    Event,
    EventKind,
    Flip,
    Knock,
    Look,
    Out,
    Pass,
    Peek,
    Reshuffle,
    Reveal,
    Swap,
    event_of,
)
from .exceptions import InputError
from .render import plural
from .scoring import HoleScore, compiled, finish_hole
from .variant import Variant

# Every public name: the hole's own, and its actions' and events' (their homes are
# golfcli.actions and golfcli.events; a bot may import them from here too).
__all__ = [
    "ACTION_KINDS",
    "DRAW",
    "EVENT_TYPES",
    "FLIP",
    "OVER",
    "PLACE",
    "SETUP",
    "Action",
    "ActionKind",
    "Approach",
    "Bunker",
    "Deal",
    "Discard",
    "Draw",
    "End",
    "Event",
    "EventKind",
    "Flip",
    "HoleState",
    "HoleTables",
    "IllegalAction",
    "Knock",
    "Look",
    "Out",
    "Pass",
    "Peek",
    "Phase",
    "Reshuffle",
    "Reveal",
    "Swap",
    "catalogue",
    "event_of",
    "flip_follows_discard",
    "tables_for",
]


class _Catalogue:
    """Interned actions and cached legal-action tuples for one variant."""

    def __init__(self, variant: Variant) -> None:
        n = variant.cells
        cols = variant.cols
        self.reveal = [Action(ActionKind.REVEAL, p) for p in range(n)]
        self.peek = [Action(ActionKind.PEEK, p) for p in range(n)]
        self.flip = [Action(ActionKind.FLIP, p) for p in range(n)]
        self.look = [Action(ActionKind.LOOK, p) for p in range(n)]
        self.swap = tuple(Action(ActionKind.SWAP, p) for p in range(n))
        self.bunker = [
            [Action(ActionKind.BUNKER, a, b) for b in range(n) if abs(b % cols - a % cols) == 1]
            for a in range(n)
        ]
        self.approach = [
            [
                Action(ActionKind.APPROACH, a, b)
                for b in range(n)
                if b // cols == a // cols and b != a
            ]
            for a in range(n)
        ]
        self.draw_stock = Action(ActionKind.DRAW_STOCK)
        self.draw_discard = Action(ActionKind.DRAW_DISCARD)
        self.knock = Action(ActionKind.KNOCK)
        self.discard = Action(ActionKind.DISCARD)
        self.pass_ = Action(ActionKind.PASS)
        self.cache: dict[Any, tuple[Action, ...]] = {}
        # per player count: the hole's rules (tables_for)
        self.tables: dict[int, HoleTables] = {}
        # per (players, first seat): the setup queue when nobody has a handicap
        self.setups: dict[tuple[int, int], list[list[Any]]] = {}


@lru_cache(maxsize=64)
def catalogue(variant: Variant) -> _Catalogue:
    """The variant's catalogue, built once.  Keyed by the variant itself
    (variants hash by identity) and bounded, like :func:`scoring.compiled`:
    a long-lived process loading many variants keeps only the recent ones."""
    return _Catalogue(variant)


class HoleTables:
    """What a hole reads of its variant and player count, worked out once
    (:func:`tables_for`) and shared, never changed, by every hole, clone and
    assembled state of that variant and count: the seats and sides, and the
    rule switches of a turn and of the end as plain attributes.

    The variant's rules are nested frozen dataclasses (``variant.turn.knock``)
    and some are read as derived facts (``"stock" in turn.draw_from``): the
    hot path reads one attribute of this object instead (speed: a native
    attribute read when compiled)."""

    def __init__(self, variant: Variant, players: int) -> None:
        variant.check_players(players)
        self.variant = variant
        self.players = players
        self.groups = variant.groups_for(players)
        self.side_of = list(variant.side_of(players))
        self.seats_of = [
            [s for s in range(players) if self.side_of[s] == g] for g in range(self.groups)
        ]
        self.n = variant.cells
        self.full = (1 << self.n) - 1
        self.cat = catalogue(variant)
        self.scorer = compiled(variant)
        t, e = variant.turn, variant.end
        # the draw
        self.draw_stock = "stock" in t.draw_from
        self.draw_discard = "discard" in t.draw_from
        self.frozen_discard = e.frozen_discard
        # instead of drawing
        self.knock = t.knock
        self.knock_max_face_down = t.knock_max_face_down
        self.flip_instead_of_draw = t.flip_instead_of_draw
        self.look_again = t.look_again
        self.bunker_shot = t.bunker_shot
        self.approach_shot = t.approach_shot
        # after discarding a card drawn from the stock
        self.flip_after_discard = t.flip_after_discard
        self.flip_end_phase_only = t.flip_after_discard_phase == "end_phase"
        self.flip_max_face_down = t.flip_after_discard_max_face_down
        # the end
        self.all_face_up_ends = e.all_face_up
        self.no_final_turns = e.final_turns == "none"
        self.turn_cap = e.turn_limit * players
        self.reshuffle = e.stock_empty == "reshuffle"


def tables_for(variant: Variant, players: int) -> HoleTables:
    """The variant's :class:`HoleTables` for ``players``, kept in its catalogue."""
    cat = catalogue(variant)
    rules = cat.tables.get(players)
    if rules is None:
        rules = cat.tables[players] = HoleTables(variant, players)
    return rules


def _bits(mask: int, n: int) -> list[int]:
    return [p for p in range(n) if mask >> p & 1]


class HoleState:
    """One hole: deal, start reveals/peeks, turns, end, score.

    ``sides`` are the layouts: one per player, or one per partner group
    (the variant's :meth:`~golfcli.variant.Variant.side_of`: partners sit alternately).
    ``dealer`` is a seat; the seat on its left starts.  ``extra_reveals``
    maps a seat to handicap cards it turns up at the start (docs/rules.md §4).
    """

    def __init__(
        self,
        variant: Variant,
        players: int,
        dealer: int = 0,
        rng: random.Random | None = None,
        *,
        extra_reveals: dict[int, int] | None = None,
        order: Sequence[int] | None = None,
        _chance: Iterator[tuple[int, ...]] | None = None,
        _blank: bool = False,
    ) -> None:
        if _blank:  # clone and assemble set every field themselves
            return
        self._use(tables_for(variant, players))
        self.rng = rng
        self._chance = _chance
        self.dealer = dealer % players
        self.events: list[Event] = []
        self.layouts: list[list[int]] = [[0] * self.n for _ in range(self.groups)]
        self.up = [0] * self.groups
        self.memory = [0] * players  # per seat: own face-down cells it has seen
        self.stock: list[int] = []
        self.discard: list[int] = []
        self.drawn: int | None = None
        self.drawn_from = ""
        self.closer: int | None = None  # side that went out or knocked
        self.closer_seat: int | None = None
        self.final_left: list[int] | None = None  # seats still owed a final turn
        self.turns = [0] * players
        self.turn_count = 0
        self.result: HoleScore | None = None
        self.end_reason = ""
        self.extra_reveals = dict(extra_reveals or {})
        first = (self.dealer + 1) % players
        self.first = first
        self.current = first
        self.phase = SETUP
        # setup queue: (seat, kind, count); the first seat of each side in play order decides
        key = (players, first)
        plan = self.cat.setups.get(key) if not self.extra_reveals else None
        if plan is not None:  # the same queue as last time for these seats (no handicaps)
            self._setup = [list(step) for step in plan]
            self._deal(order)
            return
        self._setup = []
        deciders: dict[int, int] = {}
        for k in range(players):
            seat = (first + k) % players
            deciders.setdefault(self.side_of[seat], seat)
        for side, seat in sorted(deciders.items(), key=lambda kv: (kv[1] - first) % players):
            extra = sum(
                self.extra_reveals.get(s, 0) for s in range(players) if self.side_of[s] == side
            )
            reveal = min(self.n, variant.start.reveal + extra)
            if reveal:
                self._setup.append([seat, ActionKind.REVEAL, reveal])
            peek = min(self.n - reveal, variant.start.peek)
            if peek:
                self._setup.append([seat, ActionKind.PEEK, peek])
        if not self.extra_reveals:
            self.cat.setups[key] = [list(step) for step in self._setup]
        self._deal(order)

    def _use(self, rules: HoleTables) -> None:
        """Take the variant's rules for this player count, and the seat and
        side tables from them as the state's own attributes (what every
        action and every view reads).  Shared with every hole of the
        variant and count, as :meth:`clone` shares them, and never changed."""
        self.tables = rules
        self.variant, self.players, self.groups = rules.variant, rules.players, rules.groups
        self.side_of, self.seats_of = rules.side_of, rules.seats_of
        self.n, self.full, self.cat, self.scorer = rules.n, rules.full, rules.cat, rules.scorer

    # ------------------------------------------------------------------ chance

    def _shuffled(self, cards: list[int]) -> tuple[int, ...]:
        if self._chance is not None:
            order = next(self._chance)
            if sorted(order) != sorted(cards):
                raise InputError("recorded shuffle does not hold the expected cards")
            return tuple(order)
        rng = self.rng or random.Random()
        cards = list(cards)
        rng.shuffle(cards)
        return tuple(cards)

    def _deal(self, order: Sequence[int] | None) -> None:
        deck = self.variant.deck(self.players)
        if order is not None:
            if sorted(order) != sorted(deck):
                raise InputError("the given deck order is not this variant's deck")
            stock = tuple(order)
        else:
            stock = self._shuffled(deck)
        self.events.append(Deal(self.dealer, stock))
        self.stock = list(stock)
        pop = self.stock.pop
        for side, cell in deal_cells(self.groups, self.side_of[self.first], self.n):
            self.layouts[side][cell] = pop()
        self.discard.append(pop())
        self._next_setup()

    def stack(self, card: int) -> None:
        """Put ``card`` on top of the stock: the next stock draw takes it.

        For chance decided outside the engine: a framework that draws every
        stock card as a chance outcome when it is drawn (the order of the
        cards below the top is nobody's knowledge until then).  The order the
        deal or the last reshuffle recorded changes with the stock (the two
        cards trade places in both), so the log stays this hole's replay.
        Raises InputError if no such card is in the stock."""
        stock = self.stock
        top = len(stock) - 1
        at = top
        while at >= 0 and stock[at] != card:
            at -= 1
        if at < 0:
            raise InputError(f"no {card_str(card)} in the stock")
        if at == top:
            return
        stock[at], stock[top] = stock[top], stock[at]
        events = self.events
        for i in range(len(events) - 1, -1, -1):  # the event that recorded this stock's order
            ev = events[i]
            if isinstance(ev, Reshuffle | Deal):
                order = list(ev.order or ())  # the engine's own log: never hidden
                order[at], order[top] = order[top], order[at]
                events[i] = (
                    Reshuffle(tuple(order))
                    if isinstance(ev, Reshuffle)
                    else Deal(ev.dealer, tuple(order))
                )
                return

    def _next_setup(self) -> None:
        while self._setup and self._setup[0][2] <= 0:
            self._setup.pop(0)
        if self._setup:
            self.current = self._setup[0][0]
            self.phase = SETUP
        else:
            self.current = self.first
            self._start_turn()

    def _start_turn(self) -> None:
        self.phase = DRAW
        if not self.stock:
            if self.tables.reshuffle and len(self.discard) > 1:
                top = self.discard.pop()
                order = self._shuffled(self.discard)
                self.discard = [top]
                self.stock = list(order)
                self.events.append(Reshuffle(order))
            if not self.stock:
                self._finish("stock exhausted")

    # ------------------------------------------------------------------ queries

    @property
    def side(self) -> int:
        """The side (layout) of the seat to act."""
        return self.side_of[self.current]

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def final_phase(self) -> bool:
        """True once someone went out or knocked (the end phase)."""
        return self.closer is not None

    def face_down(self, side: int) -> list[int]:
        return _bits(~self.up[side] & self.full, self.n)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action ``apply`` accepts now, as a cached tuple (do not mutate).

        The tuples are built from the same ``_check_x`` rules that
        ``verify_x`` raises and ``can_x`` answers (:meth:`_build_legal`).
        The cache key is what those rules read besides the variant: the
        face-up mask, the seat's memory and the setup kind at the start; in
        the draw step whether the stock and the discard pile hold cards and
        whether the hole is ending; where a held card came from."""
        phase = self.phase
        cat = self.cat
        if phase == PLACE:
            key: Any = self.drawn_from
        else:
            up = self.up[self.side_of[self.current]]
            if phase == DRAW:
                key = (
                    up << 3
                    | (4 if self.stock else 0)
                    | (2 if self.discard else 0)
                    | (1 if self.closer is None else 0)
                )
            elif phase == FLIP:
                key = -1 - up  # flip keys are negative: one cache serves both steps
            elif phase == SETUP:
                key = (up | self.memory[self.current], self._setup[0][1])
            else:
                return ()
        hit = cat.cache.get(key)
        if hit is None:
            hit = self._build_legal(phase)
            if len(cat.cache) < 200_000:
                cat.cache[key] = hit
        return hit

    def _build_legal(self, phase: str) -> tuple[Action, ...]:
        """Every action of ``phase`` whose check passes (a cache miss: rare)."""
        cat = self.cat
        cells = range(self.n)
        if phase == SETUP:
            if self._setup[0][1] == "reveal":
                return tuple(cat.reveal[p] for p in cells if self.can_reveal(p))
            return tuple(cat.peek[p] for p in cells if self.can_peek(p))
        if phase == FLIP:
            out = [cat.flip[p] for p in cells if self.can_flip(p)]
            if self.can_pass():
                out.append(cat.pass_)
            return tuple(out)
        if phase == PLACE:
            out = [cat.swap[p] for p in cells if self.can_swap(p)]
            if self.can_discard():
                out.append(cat.discard)
            return tuple(out)
        acts: list[Action] = []
        if self.can_draw_stock():
            acts.append(cat.draw_stock)
        if self.can_draw_discard():
            acts.append(cat.draw_discard)
        if self.can_knock():
            acts.append(cat.knock)
        # Only moves the checks could pass are put to them: a move that is off
        # in the variant (or a shot that moves a face-down card) is refused by
        # its _check_x anyway, and building each refusal (an IllegalAction with
        # its message) made these misses most of a random Alberta hole's cost.
        r = self.tables
        if r.flip_instead_of_draw:
            acts.extend(cat.flip[p] for p in cells if self.can_flip(p))
        if r.look_again:
            acts.extend(cat.look[p] for p in cells if self.can_look(p))
        shots = _bits(self.up[self.side_of[self.current]], self.n)  # shots start face up
        if r.bunker_shot:
            for p in shots:
                acts.extend(a for a in cat.bunker[p] if self.can_shot("bunker", p, a.pos2))
        if r.approach_shot:
            for p in shots:
                acts.extend(a for a in cat.approach[p] if self.can_shot("approach", p, a.pos2))
        return tuple(acts)

    def _flip_optional(self) -> bool:
        return self.tables.flip_after_discard == "optional"

    def _face_down_count(self, side: int) -> int:
        return self.n - bin(self.up[side]).count("1")

    def _flip_after_discard_applies(self) -> bool:
        r = self.tables
        # the fewest face-down cards of any side, counted only when a rule reads it
        fewest = (
            min(self._face_down_count(s) for s in range(self.groups))
            if r.flip_max_face_down is not None
            else self.n
        )
        return flip_follows_discard(
            r.flip_after_discard,
            r.flip_end_phase_only,
            r.flip_max_face_down,
            self.closer is not None,
            self.up[self.side_of[self.current]] != self.full,
            fewest,
        )

    # ------------------------------------------------------------------ dispatch

    def apply(self, action: Action) -> None:
        """Verify and do one action (raises :class:`IllegalAction`)."""
        self.verify(action)
        self._do(action)

    def verify(self, action: Action) -> None:
        kind = action.kind
        if kind not in ACTION_KINDS:
            raise IllegalAction(
                f"unknown action {shown(kind)} (one of: {', '.join(ACTION_KINDS)})", "unknown"
            )
        check = getattr(self, "verify_" + kind)
        if kind in ("bunker", "approach"):
            check(action.pos, action.pos2)
        elif kind in ("reveal", "peek", "flip", "look", "swap"):
            check(action.pos)
        else:
            check()

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True

    def apply_trusted(self, action: Action) -> None:
        """Do an action already known legal (taken from ``legal_actions``)."""
        self._do(action)

    def _do(self, a: Action) -> None:
        kind = a.kind
        if kind == "swap":
            self.swap(a.pos, _checked=True)
        elif kind == "draw_stock":
            self.draw_stock(_checked=True)
        elif kind == "discard":
            self.discard_drawn(_checked=True)
        elif kind == "flip":
            self.flip(a.pos, _checked=True)
        elif kind == "draw_discard":
            self.draw_discard(_checked=True)
        elif kind == "reveal":
            self.reveal(a.pos, _checked=True)
        elif kind == "peek":
            self.peek(a.pos, _checked=True)
        elif kind == "knock":
            self.knock(_checked=True)
        elif kind == "pass":
            self.pass_(_checked=True)
        elif kind == "look":
            self.look(a.pos, _checked=True)
        elif kind in ("bunker", "approach"):
            self.shot(kind, a.pos, a.pos2, _checked=True)
        else:  # pragma: no cover - verify() rejects unknown kinds
            raise IllegalAction(f"unknown action {shown(kind)}")

    # ------------------------------------------------------------------ the rules
    # Every rule is checked in one place: ``_check_x`` returns the
    # IllegalAction that forbids x now (or None); ``verify_x`` raises it,
    # ``can_x`` is "no such error", and ``legal_actions`` is built from the
    # same checks.

    def _wrong_phase(self, phase: str, what: str) -> IllegalAction | None:
        if self.phase == phase:
            return None
        if self.phase == OVER:
            return IllegalAction(f"cannot {what}: the hole is over", "over")
        return IllegalAction(f"cannot {what} now: it is the {self.phase} step of the turn", "phase")

    def _off_layout(self, pos: int) -> IllegalAction | None:
        if isinstance(pos, bool) or not isinstance(pos, int) or not 0 <= pos < self.n:
            return IllegalAction(
                f"position {pos!r} is not on a {self.variant.rows}x{self.variant.cols} layout",
                "position",
            )
        return None

    def _not_down(self, pos: int, what: str) -> IllegalAction | None:
        if err := self._off_layout(pos):
            return err
        if self.up[self.side_of[self.current]] >> pos & 1:
            return IllegalAction(
                f"cannot {what} position {pos}: that card is already face up", "face_up", pos
            )
        return None

    # ------------------------------------------------------------------ setup actions

    def _check_reveal(self, pos: int) -> IllegalAction | None:
        if err := self._wrong_phase(SETUP, "turn up a start card"):
            return err
        if self._setup[0][1] != "reveal":
            return IllegalAction(
                "this variant peeks at start cards instead of turning them up", "peek_instead"
            )
        return self._not_down(pos, "turn up")

    def verify_reveal(self, pos: int) -> None:
        if err := self._check_reveal(pos):
            raise err

    def can_reveal(self, pos: int) -> bool:
        return self._check_reveal(pos) is None

    def reveal(self, pos: int, _checked: bool = False) -> None:
        if not _checked:
            self.verify_reveal(pos)
        side = self.side_of[self.current]
        self.up[side] |= 1 << pos
        self.events.append(Reveal(self.current, pos, self.layouts[side][pos]))
        self._setup[0][2] -= 1
        self._next_setup()

    def _check_peek(self, pos: int) -> IllegalAction | None:
        if err := self._wrong_phase(SETUP, "peek at a start card"):
            return err
        if self._setup[0][1] != "peek":
            return IllegalAction("start cards are turned up now, not peeked at", "reveal_instead")
        if err := self._not_down(pos, "peek at"):
            return err
        if self.memory[self.current] >> pos & 1:
            return IllegalAction(f"you have already looked at position {pos}", "seen", pos)
        return None

    def verify_peek(self, pos: int) -> None:
        if err := self._check_peek(pos):
            raise err

    def can_peek(self, pos: int) -> bool:
        return self._check_peek(pos) is None

    def peek(self, pos: int, _checked: bool = False) -> None:
        if not _checked:
            self.verify_peek(pos)
        seat = self.current
        self.memory[seat] |= 1 << pos
        self.events.append(Peek(seat, pos, self.layouts[self.side_of[seat]][pos]))
        self._setup[0][2] -= 1
        self._next_setup()

    # ------------------------------------------------------------------ turn start

    def _check_draw_stock(self) -> IllegalAction | None:
        if err := self._wrong_phase(DRAW, "draw"):
            return err
        if not self.tables.draw_stock:
            return IllegalAction(
                "this variant only lets you draw from the discard pile", "discard_only"
            )
        if not self.stock:
            return IllegalAction("the stock is empty", "stock_empty")
        return None

    def verify_draw_stock(self) -> None:
        if err := self._check_draw_stock():
            raise err

    def can_draw_stock(self) -> bool:
        return self._check_draw_stock() is None

    def draw_stock(self, _checked: bool = False) -> None:
        if not _checked:
            self.verify_draw_stock()
        card = self.stock.pop()
        self.drawn, self.drawn_from = card, "stock"
        self.phase = PLACE
        self.events.append(Draw(self.current, "stock", card))

    def _check_draw_discard(self) -> IllegalAction | None:
        if err := self._wrong_phase(DRAW, "draw"):
            return err
        if not self.tables.draw_discard:
            return IllegalAction("this variant only lets you draw from the stock", "stock_only")
        if not self.discard:
            return IllegalAction("the discard pile is empty", "discard_empty")
        if self.final_phase and self.tables.frozen_discard:
            return IllegalAction(
                "the discard pile is frozen on final turns: draw from the stock", "frozen"
            )
        return None

    def verify_draw_discard(self) -> None:
        if err := self._check_draw_discard():
            raise err

    def can_draw_discard(self) -> bool:
        return self._check_draw_discard() is None

    def draw_discard(self, _checked: bool = False) -> None:
        if not _checked:
            self.verify_draw_discard()
        card = self.discard.pop()
        self.drawn, self.drawn_from = card, "discard"
        self.phase = PLACE
        self.events.append(Draw(self.current, "discard", card))

    def _check_knock(self) -> IllegalAction | None:
        if err := self._wrong_phase(DRAW, "knock"):
            return err
        if not self.tables.knock:
            return IllegalAction("this variant has no knocking (turn.knock is false)", "no_knock")
        if self.final_phase:
            return IllegalAction(
                "the hole is already ending: no knocking on a final turn", "ending"
            )
        limit = self.tables.knock_max_face_down
        if limit is not None:
            down = self._face_down_count(self.side_of[self.current])
            if down > limit:
                return IllegalAction(
                    f"you may knock only with at most {plural(limit, 'card')} "
                    f"face down (turn.knock_max_face_down); you have {down}",
                    "knock_face_down",
                )
        return None

    def verify_knock(self) -> None:
        if err := self._check_knock():
            raise err

    def can_knock(self) -> bool:
        return self._check_knock() is None

    def knock(self, _checked: bool = False) -> None:
        if not _checked:
            self.verify_knock()
        self.events.append(Knock(self.current))
        self.closer = self.side_of[self.current]
        self.closer_seat = self.current
        self._end_turn(knocked=True)

    def _check_look(self, pos: int) -> IllegalAction | None:
        if err := self._wrong_phase(DRAW, "look at a card"):
            return err
        if not self.tables.look_again:
            return IllegalAction(
                "this variant does not allow spending a turn to look at a card", "no_look"
            )
        return self._not_down(pos, "look at")

    def verify_look(self, pos: int) -> None:
        if err := self._check_look(pos):
            raise err

    def can_look(self, pos: int) -> bool:
        return self._check_look(pos) is None

    def look(self, pos: int, _checked: bool = False) -> None:
        if not _checked:
            self.verify_look(pos)
        seat = self.current
        self.memory[seat] |= 1 << pos
        self.events.append(Look(seat, pos, self.layouts[self.side_of[seat]][pos]))
        self._end_turn()

    def _check_shot(self, kind: str, pos: int, pos2: int) -> IllegalAction | None:
        if err := self._wrong_phase(DRAW, f"play a {kind} shot"):
            return err
        r = self.tables
        if kind == "bunker" and not r.bunker_shot:
            return IllegalAction(
                "bunker/pitch shots are off in this variant (turn.bunker_shot)", "no_shot"
            )
        if kind == "approach" and not r.approach_shot:
            return IllegalAction(
                "approach shots are off in this variant (turn.approach_shot)", "no_shot"
            )
        if err := self._off_layout(pos) or self._off_layout(pos2):
            return err
        cols = self.variant.cols
        if not self.up[self.side_of[self.current]] >> pos & 1:
            return IllegalAction(
                f"a {kind} shot moves a face-up card; position {pos} is face down",
                "shot_face_down",
                pos,
            )
        if kind == "bunker" and abs(pos % cols - pos2 % cols) != 1:
            return IllegalAction(
                "a bunker shot swaps with a card in an adjacent column", "shot_target"
            )
        if kind == "approach" and (pos // cols != pos2 // cols or pos == pos2):
            return IllegalAction(
                "an approach shot swaps with another card in the same row", "shot_target"
            )
        return None

    def verify_shot(self, kind: str, pos: int, pos2: int) -> None:
        if err := self._check_shot(kind, pos, pos2):
            raise err

    def verify_bunker(self, pos: int, pos2: int) -> None:
        self.verify_shot("bunker", pos, pos2)

    def verify_approach(self, pos: int, pos2: int) -> None:
        self.verify_shot("approach", pos, pos2)

    def can_shot(self, kind: str, pos: int, pos2: int) -> bool:
        return self._check_shot(kind, pos, pos2) is None

    def shot(self, kind: str, pos: int, pos2: int, _checked: bool = False) -> None:
        """The two cards trade places; each keeps its face-up/face-down state."""
        if not _checked:
            self.verify_shot(kind, pos, pos2)
        side = self.side_of[self.current]
        lay = self.layouts[side]
        lay[pos], lay[pos2] = lay[pos2], lay[pos]
        self.up[side] = _swap_bits(self.up[side], pos, pos2)
        for s in range(self.players):
            if self.side_of[s] == side:
                self.memory[s] = _swap_bits(self.memory[s], pos, pos2)
        self.events.append(
            Bunker(self.current, pos, pos2)
            if kind == "bunker"
            else Approach(self.current, pos, pos2)
        )
        self._end_turn()

    # ------------------------------------------------------------------ holding a card

    def _check_swap(self, pos: int) -> IllegalAction | None:
        return self._wrong_phase(PLACE, "place a card") or self._off_layout(pos)

    def verify_swap(self, pos: int) -> None:
        if err := self._check_swap(pos):
            raise err

    def can_swap(self, pos: int) -> bool:
        return self._check_swap(pos) is None

    def swap(self, pos: int, _checked: bool = False) -> None:
        """Put the drawn card at ``pos``; the replaced card goes face up on the discard."""
        if not _checked:
            self.verify_swap(pos)
        card = self.drawn
        assert card is not None  # the place step holds a card
        side = self.side_of[self.current]
        lay = self.layouts[side]
        old = lay[pos]
        bit = 1 << pos
        was_up = bool(self.up[side] & bit)
        lay[pos] = card
        self.up[side] |= bit
        for s in self.seats_of[side]:
            self.memory[s] &= ~bit
        self.discard.append(old)
        self.events.append(Swap(self.current, pos, card, old, was_up))
        self.drawn = None
        self._end_turn()

    def _check_discard(self) -> IllegalAction | None:
        if err := self._wrong_phase(PLACE, "discard"):
            return err
        if self.drawn_from != "stock":
            return IllegalAction(
                "a card taken from the discard pile must be kept: swap it into your layout",
                "must_keep",
            )
        return None

    def verify_discard(self) -> None:
        if err := self._check_discard():
            raise err

    def can_discard(self) -> bool:
        return self._check_discard() is None

    def discard_drawn(self, _checked: bool = False) -> None:
        if not _checked:
            self.verify_discard()
        card = self.drawn
        assert card is not None
        self.discard.append(card)
        self.drawn = None
        self.events.append(Discard(self.current, card))
        if self._flip_after_discard_applies():
            self.phase = FLIP
        else:
            self._end_turn()

    # ------------------------------------------------------------------ flips

    def _check_flip(self, pos: int) -> IllegalAction | None:
        if self.phase == DRAW:
            if not self.tables.flip_instead_of_draw:
                return IllegalAction(
                    "this variant does not allow flipping instead of drawing", "no_flip_draw"
                )
        elif err := self._wrong_phase(FLIP, "turn a card up"):
            return err
        return self._not_down(pos, "turn up")

    def verify_flip(self, pos: int) -> None:
        if err := self._check_flip(pos):
            raise err

    def can_flip(self, pos: int) -> bool:
        return self._check_flip(pos) is None

    def flip(self, pos: int, _checked: bool = False) -> None:
        if not _checked:
            self.verify_flip(pos)
        side = self.side_of[self.current]
        self.up[side] |= 1 << pos
        self.events.append(Flip(self.current, pos, self.layouts[side][pos]))
        self._end_turn()

    def _check_pass(self) -> IllegalAction | None:
        if err := self._wrong_phase(FLIP, "pass"):
            return err
        if not self._flip_optional():
            return IllegalAction(
                "after discarding you must turn a face-down card up (turn.flip_after_discard)",
                "must_flip",
            )
        return None

    def verify_pass(self) -> None:
        if err := self._check_pass():
            raise err

    def can_pass(self) -> bool:
        return self._check_pass() is None

    def pass_(self, _checked: bool = False) -> None:
        if not _checked:
            self.verify_pass()
        self.events.append(Pass(self.current))
        self._end_turn()

    # ------------------------------------------------------------------ turn end

    def _end_turn(self, knocked: bool = False) -> None:
        seat = self.current
        side = self.side_of[seat]
        self.turns[seat] += 1
        self.turn_count += 1
        if self.final_left is not None:
            if seat in self.final_left:
                self.final_left.remove(seat)
            if not self.final_left:
                self._finish("final turns played")
                return
        elif knocked or (
            self.tables.all_face_up_ends and self.up[side] == self.full and self.closer is None
        ):
            if not knocked:
                self.closer, self.closer_seat = side, seat
                self.events.append(Out(seat, side))
            if self.tables.no_final_turns:
                self._finish("went out" if not knocked else "knocked")
                return
            self.final_left = [(seat + k) % self.players for k in range(1, self.players)]
            if not self.final_left:  # a lone player: nobody left for final turns
                self._finish("went out" if not knocked else "knocked")
                return
        if self.turn_count >= self.tables.turn_cap:
            self._finish("turn limit")
            return
        self.current = (seat + 1) % self.players
        self._start_turn()

    def _finish(self, reason: str) -> None:
        self.phase = OVER
        self.end_reason = reason
        comp = self.scorer
        parts = [comp.layout(lay) for lay in self.layouts]
        self.result = finish_hole(self.variant, parts, self.closer)
        self.events.append(End(reason, self.result.totals))

    # ------------------------------------------------------------------ misc

    def clone(self, keep_events: bool = False) -> HoleState:
        """A copy for look-ahead (bots' rollouts).  Without ``keep_events`` the
        copy starts an empty log: rollouts do not need the history."""
        # Field by field (compiled, the class has no __dict__ to copy);
        # tests/engine/test_state.py checks that no field is left out.
        new = HoleState(self.variant, self.players, _blank=True)
        new._use(self.tables)
        new.rng, new._chance, new.dealer = self.rng, self._chance, self.dealer
        new.drawn, new.drawn_from = self.drawn, self.drawn_from
        new.closer, new.closer_seat = self.closer, self.closer_seat
        new.turn_count, new.result, new.end_reason = self.turn_count, self.result, self.end_reason
        new.first, new.current, new.phase = self.first, self.current, self.phase
        new.layouts = [list(lay) for lay in self.layouts]
        new.up = list(self.up)
        new.memory = list(self.memory)
        new.stock = list(self.stock)
        new.discard = list(self.discard)
        new.turns = list(self.turns)
        new.final_left = None if self.final_left is None else list(self.final_left)
        new._setup = [list(x) for x in self._setup]
        new.extra_reveals = dict(self.extra_reveals)
        new.events = list(self.events) if keep_events else []
        return new

    @classmethod
    def assemble(
        cls,
        variant: Variant,
        players: int,
        dealer: int,
        *,
        layouts: list[list[int]],
        up: list[int],
        stock: list[int],
        discard: list[int],
        current: int,
        phase: str,
        drawn: int | None = None,
        drawn_from: str = "",
        closer: int | None = None,
        closer_seat: int | None = None,
        final_left: list[int] | None = None,
        turns: list[int] | None = None,
        memory: list[int] | None = None,
        rng: random.Random | None = None,
        setup: str = "",
    ) -> HoleState:
        """Build a mid-hole state directly (no deal event): how a bot turns a
        determinised view into a state it can search, and how the terminal
        asks the rules why a move is refused.  Not used by real games.
        ``setup`` (``reveal`` or ``peek``) is what the seat to act does in
        the setup step."""
        new = cls(variant, players, _blank=True)
        new._use(tables_for(variant, players))
        new.rng = rng
        new._chance = None
        new.dealer = dealer
        new.events = []
        new.layouts = [list(lay) for lay in layouts]
        new.up = list(up)
        new.memory = list(memory) if memory is not None else [0] * players
        new.stock = list(stock)
        new.discard = list(discard)
        new.drawn = drawn
        new.drawn_from = drawn_from
        new.closer = closer
        new.closer_seat = closer_seat
        new.final_left = None if final_left is None else list(final_left)
        new.turns = list(turns) if turns is not None else [0] * players
        new.turn_count = sum(new.turns)
        new.result = None
        new.end_reason = ""
        new.extra_reveals = {}
        new.first = (dealer + 1) % players
        new.current = current
        new.phase = Phase(phase)
        new._setup = [[current, ActionKind(setup), 1]] if setup else []
        return new

    def all_cards(self) -> list[int]:
        """Every card in play (layouts, stock, discard, the drawn card)."""
        out = [c for lay in self.layouts for c in lay] + self.stock + self.discard
        if self.drawn is not None:
            out.append(self.drawn)
        return out

    def signature(self) -> tuple[Any, ...]:
        """Everything that defines the state, for equality checks after replay."""
        return (
            self.phase,
            self.current,
            tuple(map(tuple, self.layouts)),
            tuple(self.up),
            tuple(self.memory),
            tuple(self.stock),
            tuple(self.discard),
            self.drawn,
            self.drawn_from,
            self.closer,
            tuple(self.final_left or ()),
            tuple(self.turns),
            self.result.totals if self.result else None,
            tuple(self.events),
        )


@lru_cache(maxsize=256)
def deal_cells(groups: int, first_side: int, cells: int) -> tuple[tuple[int, int], ...]:
    """Where the cards of a deal go, ``(side, position)`` in the order they
    come off the deck (the end of a deal's ``order`` first): one card to each
    side in turn, starting with the side of the seat left of the dealer
    (``first_side``), position by position; the card after them starts the
    discard pile and the rest is the stock.  The one statement of the deal:
    the engine deals by it and :meth:`golfcli.Hole.dealt` builds an order
    from a table by it."""
    return tuple(((first_side + k) % groups, cell) for cell in range(cells) for k in range(groups))


def flip_follows_discard(
    mode: str,
    end_phase_only: bool,
    max_face_down: int | None,
    ending: bool,
    any_face_down: bool,
    fewest_face_down: int,
) -> bool:
    """Whether discarding a card drawn from the stock leads to the flip step
    (docs/variants.md, ``turn``): never with ``flip_after_discard: never`` or
    with no face-down card of one's own to turn (``any_face_down`` false);
    with ``end_phase`` only once someone has gone out or knocked
    (``ending``); with ``flip_after_discard_max_face_down`` only once some
    side (the fewest, ``fewest_face_down``) has at most that many cards face
    down.  The one statement of the rule: the engine asks it with the
    state's facts, the bots (``bots.common.discard_flips``) with a view's."""
    if mode == "never" or not any_face_down:
        return False
    if end_phase_only and not ending:
        return False
    return max_face_down is None or fewest_face_down <= max_face_down


def _swap_bits(mask: int, a: int, b: int) -> int:
    ba, bb = mask >> a & 1, mask >> b & 1
    if ba != bb:
        mask ^= (1 << a) | (1 << b)
    return mask
