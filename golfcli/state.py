"""One hole of Golf as a state machine, for every variant the YAML can describe.

Design (docs/architecture.md):

* :class:`HoleState` is the one mutable object; every change is recorded as
  a frozen :class:`Event` in ``state.events``.  The log is the replay, the
  audit and the test oracle: :func:`replay_hole` rebuilds an identical state
  from it.
* Chance is explicit: the deal and every reshuffle are events carrying the
  full card order, drawn from a ``random.Random`` the caller owns.  Replays
  take the recorded order instead of a generator.
* Every action comes as a trio: ``verify_x`` raises :class:`IllegalAction`
  naming the rule that forbids it, ``can_x`` answers yes/no, ``x`` does it.
  :meth:`HoleState.legal_actions` lists exactly the actions whose ``can_``
  is true, and :meth:`HoleState.apply` dispatches an :class:`Action`.

Speed matters (docs/performance.md): cards are ints, layouts flat lists, face-up and
memory are bit masks, and legal-action tuples are cached per variant and
reused, so a random-play hole builds almost no objects.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from .scoring import HoleScore, compiled, finish_hole
from .variant import Variant

# Phases of a hole.
SETUP, DRAW, PLACE, FLIP, OVER = "setup", "draw", "place", "flip", "over"


class Action(NamedTuple):
    """A decision: ``kind`` plus up to two layout positions (0-based, row-major).

    Kinds: ``reveal``/``peek`` (start of hole), ``draw_stock``, ``draw_discard``,
    ``knock``, ``flip`` (instead of drawing, or after discarding), ``look``,
    ``bunker``/``approach`` (shots: face-up ``pos`` trades places with ``pos2``),
    ``swap`` (put the drawn card at ``pos``), ``discard``, ``pass``.
    """

    kind: str
    pos: int = -1
    pos2: int = -1

    def __str__(self) -> str:
        if self.pos2 >= 0:
            return f"{self.kind} {self.pos} {self.pos2}"
        if self.pos >= 0:
            return f"{self.kind} {self.pos}"
        return self.kind

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.pos >= 0:
            out["pos"] = self.pos
        if self.pos2 >= 0:
            out["pos2"] = self.pos2
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Read ``{"kind": ..., "pos": ..., "pos2": ...}`` or ``"swap 3"``; raises ValueError."""
        if isinstance(data, str):
            parts = data.split()
            if not parts:
                raise ValueError("empty action")
            try:
                nums = [int(p) for p in parts[1:3]]
            except ValueError:
                raise ValueError(f"bad action {data!r}") from None
            if len(parts) > 3:
                raise ValueError(f"bad action {data!r}")
            return cls(parts[0], *nums)
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError("an action is an object with a string 'kind'")
        pos, pos2 = data.get("pos", -1), data.get("pos2", -1)
        for v in (pos, pos2):
            if isinstance(v, bool) or not isinstance(v, int):
                raise ValueError("pos and pos2 must be integers")
        return cls(data["kind"], pos, pos2)


ACTION_KINDS = (
    "reveal",
    "peek",
    "draw_stock",
    "draw_discard",
    "knock",
    "flip",
    "look",
    "bunker",
    "approach",
    "swap",
    "discard",
    "pass",
)


class Event(NamedTuple):
    """A frozen record of one change.  ``seat`` is -1 for chance and scoring.

    ``data`` by kind: deal ``(dealer, order)``; reveal/peek/look/flip
    ``(pos, card)``; draw ``(source, card)``; swap ``(pos, card_in, card_out,
    was_face_up)``; discard ``(card,)``; bunker/approach ``(pos, pos2)``;
    knock/pass ``()``; reshuffle ``(order,)``; out ``(side,)`` (a side turned
    its last card up); end ``(reason, totals)``.
    """

    kind: str
    seat: int
    data: tuple[Any, ...]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "data": _jsonable(self.data)}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Event:
        return cls(obj["kind"], obj["seat"], _tupled(obj["data"]))


def _jsonable(x: Any) -> Any:
    if isinstance(x, tuple | list):
        return [_jsonable(v) for v in x]
    return x


def _tupled(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_tupled(v) for v in x)
    return x


class IllegalAction(ValueError):
    """An action the rules forbid; the message names the rule."""


class _Catalogue:
    """Interned actions and cached legal-action tuples for one variant."""

    def __init__(self, variant: Variant) -> None:
        n = variant.cells
        cols = variant.cols
        self.reveal = [Action("reveal", p) for p in range(n)]
        self.peek = [Action("peek", p) for p in range(n)]
        self.flip = [Action("flip", p) for p in range(n)]
        self.look = [Action("look", p) for p in range(n)]
        self.swap = tuple(Action("swap", p) for p in range(n))
        self.bunker = [
            [Action("bunker", a, b) for b in range(n) if abs(b % cols - a % cols) == 1]
            for a in range(n)
        ]
        self.approach = [
            [Action("approach", a, b) for b in range(n) if b // cols == a // cols and b != a]
            for a in range(n)
        ]
        self.draw_stock = Action("draw_stock")
        self.draw_discard = Action("draw_discard")
        self.knock = Action("knock")
        self.discard = Action("discard")
        self.pass_ = Action("pass")
        self.swap_or_discard = (*self.swap, self.discard)
        self.cache: dict[int, tuple[Action, ...]] = {}


@lru_cache(maxsize=64)
def catalogue(variant: Variant) -> _Catalogue:
    """The variant's catalogue, built once.  Keyed by the variant itself
    (variants hash by identity) and bounded, like :func:`scoring.compiled`:
    a long-lived process loading many variants keeps only the recent ones."""
    return _Catalogue(variant)


def _bits(mask: int, n: int) -> list[int]:
    return [p for p in range(n) if mask >> p & 1]


class HoleState:
    """One hole: deal, start reveals/peeks, turns, end, score.

    ``sides`` are the layouts: one per player, or one per partner group
    (seat ``s`` plays side ``s % groups``, so partners sit alternately).
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
        self._tables(variant, players)
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
        self._setup: list[list[Any]] = []
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
                self._setup.append([seat, "reveal", reveal])
            peek = min(self.n - reveal, variant.start.peek)
            if peek:
                self._setup.append([seat, "peek", peek])
        self._deal(order)

    def _tables(self, variant: Variant, players: int) -> None:
        """Seats, sides and the rule switches read on every turn, looked up
        once (the hot path reads plain attributes, not nested dataclasses)."""
        variant.check_players(players)
        self.variant = variant
        self.players = players
        self.groups = variant.groups_for(players)
        self.side_of = [s % self.groups for s in range(players)]
        self.seats_of = [
            [s for s in range(players) if self.side_of[s] == g] for g in range(self.groups)
        ]
        self.n = variant.cells
        self.full = (1 << self.n) - 1
        self.cat = catalogue(variant)
        self.scorer = compiled(variant)
        t, e = variant.turn, variant.end
        self._discard_ok = "discard" in t.draw_from
        self._frozen = e.frozen_discard
        self._knock_ok = t.knock
        self._flip_mode = t.flip_after_discard
        self._flip_end_only = t.flip_after_discard_phase == "end_phase"
        self._out_ends = e.all_face_up
        self._final_none = e.final_turns == "none"
        self._turn_cap = e.turn_limit * players
        self._reshuffle = e.stock_empty == "reshuffle"

    # ------------------------------------------------------------------ chance

    def _shuffled(self, cards: list[int]) -> tuple[int, ...]:
        if self._chance is not None:
            order = next(self._chance)
            if sorted(order) != sorted(cards):
                raise ValueError("recorded shuffle does not hold the expected cards")
            return tuple(order)
        rng = self.rng or random.Random()
        cards = list(cards)
        rng.shuffle(cards)
        return tuple(cards)

    def _deal(self, order: Sequence[int] | None) -> None:
        deck = self.variant.deck(self.players)
        if order is not None:
            if sorted(order) != sorted(deck):
                raise ValueError("the given deck order is not this variant's deck")
            stock = tuple(order)
        else:
            stock = self._shuffled(deck)
        self.events.append(Event("deal", -1, (self.dealer, stock)))
        self.stock = list(stock)
        pop = self.stock.pop
        for cell in range(self.n):
            for k in range(self.groups):
                self.layouts[(self.side_of[self.first] + k) % self.groups][cell] = pop()
        self.discard.append(pop())
        self._next_setup()

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
            if self._reshuffle and len(self.discard) > 1:
                top = self.discard.pop()
                order = self._shuffled(self.discard)
                self.discard = [top]
                self.stock = list(order)
                self.events.append(Event("reshuffle", -1, (order,)))
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

    def face_up_mask(self, side: int) -> int:
        return self.up[side]

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action ``apply`` accepts now, as a cached tuple (do not mutate)."""
        phase = self.phase
        cat = self.cat
        if phase == PLACE:
            return cat.swap_or_discard if self.drawn_from == "stock" else cat.swap
        up = self.up[self.side_of[self.current]]
        if phase == DRAW:
            closed = self.closer is not None
            key = (
                up << 2
                | (2 if self._discard_ok and self.discard and not (closed and self._frozen) else 0)
                | (1 if self._knock_ok and not closed else 0)
            )
        elif phase == FLIP:
            key = -1 - up  # flip keys are negative: one cache serves both steps
        elif phase == SETUP:
            # setup keys lie below every flip key: seen cells and reveal/peek in one int
            seen = (up | self.memory[self.current]) << 1 | (self._setup[0][1] != "reveal")
            key = -(2 << self.n) - seen
        else:
            return ()
        hit = cat.cache.get(key)
        if hit is None:
            hit = self._build_legal(phase, up)
            if len(cat.cache) < 200_000:
                cat.cache[key] = hit
        return hit

    def _build_legal(self, phase: str, up: int) -> tuple[Action, ...]:
        cat = self.cat
        n = self.n
        down = _bits(~up & self.full, n)
        if phase == SETUP:
            seen = up | self.memory[self.current]
            table = cat.reveal if self._setup[0][1] == "reveal" else cat.peek
            return tuple(table[p] for p in range(n) if not seen >> p & 1)
        if phase == FLIP:
            out = [cat.flip[p] for p in down]
            if self._flip_optional():
                out.append(cat.pass_)
            return tuple(out)
        acts: list[Action] = []
        if self.stock:
            acts.append(cat.draw_stock)
        if self.can_draw_discard():
            acts.append(cat.draw_discard)
        if self.can_knock():
            acts.append(cat.knock)
        t = self.variant.turn
        if t.flip_instead_of_draw:
            acts.extend(cat.flip[p] for p in down)
        if t.look_again:
            acts.extend(cat.look[p] for p in down)
        ups = _bits(up, n)
        if t.bunker_shot:
            for p in ups:
                acts.extend(cat.bunker[p])
        if t.approach_shot:
            for p in ups:
                acts.extend(cat.approach[p])
        return tuple(acts)

    def _flip_optional(self) -> bool:
        return self._flip_mode == "optional"

    def _flip_after_discard_applies(self) -> bool:
        if self._flip_mode == "never":
            return False
        if self._flip_end_only and self.closer is None:
            return False
        return self.up[self.side_of[self.current]] != self.full

    # ------------------------------------------------------------------ dispatch

    def apply(self, action: Action) -> None:
        """Verify and do one action (raises :class:`IllegalAction`)."""
        self.verify(action)
        self._do(action)

    def verify(self, action: Action) -> None:
        kind = action.kind
        if kind not in ACTION_KINDS:
            raise IllegalAction(f"unknown action {kind!r} (one of: {', '.join(ACTION_KINDS)})")
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
            raise IllegalAction(f"unknown action {kind!r}")

    # ------------------------------------------------------------------ helpers

    def _need_phase(self, phase: str, what: str) -> None:
        if self.phase != phase:
            if self.phase == OVER:
                raise IllegalAction(f"cannot {what}: the hole is over")
            raise IllegalAction(f"cannot {what} now: it is the {self.phase} step of the turn")

    def _need_pos(self, pos: int) -> None:
        if isinstance(pos, bool) or not isinstance(pos, int) or not 0 <= pos < self.n:
            raise IllegalAction(
                f"position {pos!r} is not on a {self.variant.rows}x{self.variant.cols} layout"
            )

    def _need_down(self, pos: int, what: str) -> None:
        self._need_pos(pos)
        if self.up[self.side_of[self.current]] >> pos & 1:
            raise IllegalAction(f"cannot {what} position {pos}: that card is already face up")

    # ------------------------------------------------------------------ setup actions

    def verify_reveal(self, pos: int) -> None:
        self._need_phase(SETUP, "turn up a start card")
        if self._setup[0][1] != "reveal":
            raise IllegalAction("this variant peeks at start cards instead of turning them up")
        self._need_down(pos, "turn up")

    def can_reveal(self, pos: int) -> bool:
        return self.can(Action("reveal", pos))

    def reveal(self, pos: int, _checked: bool = False) -> None:
        if not _checked:
            self.verify_reveal(pos)
        side = self.side_of[self.current]
        self.up[side] |= 1 << pos
        self.events.append(Event("reveal", self.current, (pos, self.layouts[side][pos])))
        self._setup[0][2] -= 1
        self._next_setup()

    def verify_peek(self, pos: int) -> None:
        self._need_phase(SETUP, "peek at a start card")
        if self._setup[0][1] != "peek":
            raise IllegalAction("start cards are turned up now, not peeked at")
        self._need_down(pos, "peek at")
        if self.memory[self.current] >> pos & 1:
            raise IllegalAction(f"you have already looked at position {pos}")

    def can_peek(self, pos: int) -> bool:
        return self.can(Action("peek", pos))

    def peek(self, pos: int, _checked: bool = False) -> None:
        if not _checked:
            self.verify_peek(pos)
        seat = self.current
        self.memory[seat] |= 1 << pos
        self.events.append(Event("peek", seat, (pos, self.layouts[self.side_of[seat]][pos])))
        self._setup[0][2] -= 1
        self._next_setup()

    # ------------------------------------------------------------------ turn start

    def verify_draw_stock(self) -> None:
        self._need_phase(DRAW, "draw")
        if not self.stock:
            raise IllegalAction("the stock is empty")

    def can_draw_stock(self) -> bool:
        return self.phase == DRAW and bool(self.stock)

    def draw_stock(self, _checked: bool = False) -> None:
        if not _checked:
            self.verify_draw_stock()
        card = self.stock.pop()
        self.drawn, self.drawn_from = card, "stock"
        self.phase = PLACE
        self.events.append(Event("draw", self.current, ("stock", card)))

    def verify_draw_discard(self) -> None:
        self._need_phase(DRAW, "draw")
        if "discard" not in self.variant.turn.draw_from:
            raise IllegalAction("this variant only lets you draw from the stock")
        if not self.discard:
            raise IllegalAction("the discard pile is empty")
        if self.closer is not None and self.variant.end.frozen_discard:
            raise IllegalAction("the discard pile is frozen on final turns: draw from the stock")

    def can_draw_discard(self) -> bool:
        return (
            self.phase == DRAW
            and bool(self.discard)
            and "discard" in self.variant.turn.draw_from
            and not (self.closer is not None and self.variant.end.frozen_discard)
        )

    def draw_discard(self, _checked: bool = False) -> None:
        if not _checked:
            self.verify_draw_discard()
        card = self.discard.pop()
        self.drawn, self.drawn_from = card, "discard"
        self.phase = PLACE
        self.events.append(Event("draw", self.current, ("discard", card)))

    def verify_knock(self) -> None:
        self._need_phase(DRAW, "knock")
        if not self.variant.turn.knock:
            raise IllegalAction("this variant has no knocking (turn.knock is false)")
        if self.closer is not None:
            raise IllegalAction("the hole is already ending: no knocking on a final turn")

    def can_knock(self) -> bool:
        return self.phase == DRAW and self.variant.turn.knock and self.closer is None

    def knock(self, _checked: bool = False) -> None:
        if not _checked:
            self.verify_knock()
        self.events.append(Event("knock", self.current, ()))
        self.closer = self.side_of[self.current]
        self.closer_seat = self.current
        self._end_turn(knocked=True)

    def verify_look(self, pos: int) -> None:
        self._need_phase(DRAW, "look at a card")
        if not self.variant.turn.look_again:
            raise IllegalAction("this variant does not allow spending a turn to look at a card")
        self._need_down(pos, "look at")

    def can_look(self, pos: int) -> bool:
        return self.can(Action("look", pos))

    def look(self, pos: int, _checked: bool = False) -> None:
        if not _checked:
            self.verify_look(pos)
        seat = self.current
        self.memory[seat] |= 1 << pos
        self.events.append(Event("look", seat, (pos, self.layouts[self.side_of[seat]][pos])))
        self._end_turn()

    def verify_shot(self, kind: str, pos: int, pos2: int) -> None:
        self._need_phase(DRAW, f"play a {kind} shot")
        t = self.variant.turn
        if kind == "bunker" and not t.bunker_shot:
            raise IllegalAction("bunker/pitch shots are off in this variant (turn.bunker_shot)")
        if kind == "approach" and not t.approach_shot:
            raise IllegalAction("approach shots are off in this variant (turn.approach_shot)")
        self._need_pos(pos)
        self._need_pos(pos2)
        cols = self.variant.cols
        if not self.up[self.side_of[self.current]] >> pos & 1:
            raise IllegalAction(f"a {kind} shot moves a face-up card; position {pos} is face down")
        if kind == "bunker" and abs(pos % cols - pos2 % cols) != 1:
            raise IllegalAction("a bunker shot swaps with a card in an adjacent column")
        if kind == "approach" and (pos // cols != pos2 // cols or pos == pos2):
            raise IllegalAction("an approach shot swaps with another card in the same row")

    def verify_bunker(self, pos: int, pos2: int) -> None:
        self.verify_shot("bunker", pos, pos2)

    def verify_approach(self, pos: int, pos2: int) -> None:
        self.verify_shot("approach", pos, pos2)

    def can_shot(self, kind: str, pos: int, pos2: int) -> bool:
        return self.can(Action(kind, pos, pos2))

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
        self.events.append(Event(kind, self.current, (pos, pos2)))
        self._end_turn()

    # ------------------------------------------------------------------ holding a card

    def verify_swap(self, pos: int) -> None:
        self._need_phase(PLACE, "place a card")
        self._need_pos(pos)

    def can_swap(self, pos: int) -> bool:
        return self.phase == PLACE and 0 <= pos < self.n

    def swap(self, pos: int, _checked: bool = False) -> None:
        """Put the drawn card at ``pos``; the replaced card goes face up on the discard."""
        if not _checked:
            self.verify_swap(pos)
        side = self.side_of[self.current]
        lay = self.layouts[side]
        old = lay[pos]
        bit = 1 << pos
        was_up = bool(self.up[side] & bit)
        lay[pos] = self.drawn  # type: ignore[assignment]
        self.up[side] |= bit
        for s in self.seats_of[side]:
            self.memory[s] &= ~bit
        self.discard.append(old)
        self.events.append(Event("swap", self.current, (pos, self.drawn, old, was_up)))
        self.drawn = None
        self._end_turn()

    def verify_discard(self) -> None:
        self._need_phase(PLACE, "discard")
        if self.drawn_from != "stock":
            raise IllegalAction(
                "a card taken from the discard pile must be kept: swap it into your layout"
            )

    def can_discard(self) -> bool:
        return self.phase == PLACE and self.drawn_from == "stock"

    def discard_drawn(self, _checked: bool = False) -> None:
        if not _checked:
            self.verify_discard()
        card = self.drawn
        assert card is not None
        self.discard.append(card)
        self.drawn = None
        self.events.append(Event("discard", self.current, (card,)))
        if self._flip_after_discard_applies():
            self.phase = FLIP
        else:
            self._end_turn()

    # ------------------------------------------------------------------ flips

    def verify_flip(self, pos: int) -> None:
        if self.phase == DRAW:
            if not self.variant.turn.flip_instead_of_draw:
                raise IllegalAction("this variant does not allow flipping instead of drawing")
        elif self.phase != FLIP:
            self._need_phase(FLIP, "turn a card up")
        self._need_down(pos, "turn up")

    def can_flip(self, pos: int) -> bool:
        return self.can(Action("flip", pos))

    def flip(self, pos: int, _checked: bool = False) -> None:
        if not _checked:
            self.verify_flip(pos)
        side = self.side_of[self.current]
        self.up[side] |= 1 << pos
        self.events.append(Event("flip", self.current, (pos, self.layouts[side][pos])))
        self._end_turn()

    def verify_pass(self) -> None:
        self._need_phase(FLIP, "pass")
        if not self._flip_optional():
            raise IllegalAction(
                "after discarding you must turn a face-down card up (turn.flip_after_discard)"
            )

    def can_pass(self) -> bool:
        return self.phase == FLIP and self._flip_optional()

    def pass_(self, _checked: bool = False) -> None:
        if not _checked:
            self.verify_pass()
        self.events.append(Event("pass", self.current, ()))
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
        elif knocked or (self._out_ends and self.up[side] == self.full and self.closer is None):
            if not knocked:
                self.closer, self.closer_seat = side, seat
                self.events.append(Event("out", seat, (side,)))
            if self._final_none:
                self._finish("went out" if not knocked else "knocked")
                return
            self.final_left = [(seat + k) % self.players for k in range(1, self.players)]
            if not self.final_left:
                self._finish("went out")
                return
        if self.turn_count >= self._turn_cap:
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
        self.events.append(Event("end", -1, (reason, self.result.totals)))

    # ------------------------------------------------------------------ misc

    def clone(self, keep_events: bool = False) -> HoleState:
        """A copy for look-ahead (bots' rollouts).  Without ``keep_events`` the
        copy starts an empty log: rollouts do not need the history."""
        # Field by field (compiled, the class has no __dict__ to copy);
        # tests/test_state.py checks that no field is left out.
        new = HoleState(self.variant, self.players, _blank=True)
        new.variant, new.players, new.groups = self.variant, self.players, self.groups
        new.side_of, new.seats_of, new.n, new.full = self.side_of, self.seats_of, self.n, self.full
        new.cat, new.scorer = self.cat, self.scorer
        new._discard_ok, new._frozen, new._knock_ok = self._discard_ok, self._frozen, self._knock_ok
        new._flip_mode, new._flip_end_only = self._flip_mode, self._flip_end_only
        new._out_ends, new._final_none = self._out_ends, self._final_none
        new._turn_cap, new._reshuffle = self._turn_cap, self._reshuffle
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
    ) -> HoleState:
        """Build a mid-hole state directly (no deal event): how a bot turns a
        determinised view into a state it can search.  Not used by real games."""
        new = cls(variant, players, _blank=True)
        new._tables(variant, players)
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
        new.phase = phase
        new._setup = []
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


def _swap_bits(mask: int, a: int, b: int) -> int:
    ba, bb = mask >> a & 1, mask >> b & 1
    if ba != bb:
        mask ^= (1 << a) | (1 << b)
    return mask


def actions_of(events: Sequence[Event]) -> Iterator[Action]:
    """The players' actions recorded in a hole's events, in order."""
    for ev in events:
        k = ev.kind
        if k in ("reveal", "peek", "flip", "look", "swap"):
            yield Action(k, ev.data[0])
        elif k == "draw":
            yield Action("draw_stock" if ev.data[0] == "stock" else "draw_discard")
        elif k in ("discard", "knock", "pass"):
            yield Action(k)
        elif k in ("bunker", "approach"):
            yield Action(k, ev.data[0], ev.data[1])


def replay_steps(
    variant: Variant,
    players: int,
    events: Sequence[Event],
    extra_reveals: dict[int, int] | None = None,
) -> Iterator[HoleState]:
    """Rebuild a hole from its event log one action at a time.

    Yields the state after the deal and again after every recorded action
    (the same object, changed in place), so a viewer can stop anywhere.
    Read to the end, it raises ValueError if the log disagrees with the rules."""
    if not events or events[0].kind != "deal":
        raise ValueError("a hole's log starts with its deal")
    dealer, order = events[0].data
    chance = iter([ev.data[0] for ev in events if ev.kind == "reshuffle"])
    state = HoleState(
        variant, players, dealer, order=order, extra_reveals=extra_reveals, _chance=chance
    )
    yield state
    for action in actions_of(events):
        state.apply(action)
        yield state
    if tuple(state.events) != tuple(events):
        raise ValueError("replayed events differ from the recorded log")


def replay_hole(
    variant: Variant,
    players: int,
    events: Sequence[Event],
    extra_reveals: dict[int, int] | None = None,
) -> HoleState:
    """Rebuild a hole from its event log; raises ValueError if the log disagrees."""
    steps = replay_steps(variant, players, events, extra_reveals)
    state = next(steps)
    for _ in steps:  # the same state, one action further each time
        pass
    return state
