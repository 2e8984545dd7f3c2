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
from enum import StrEnum
from functools import lru_cache
from typing import Any, Final, NamedTuple, cast

from .cards import card_str
from .exceptions import InputError
from .scoring import HoleScore, compiled, finish_hole
from .variant import Variant


class Phase(StrEnum):
    """The step a hole is at: the start cards, then each turn's draw, place
    (holding a drawn card) and flip (after discarding it), until it is over.
    Members are strings ("draw"...), as they appear in views and JSON."""

    SETUP = "setup"
    DRAW = "draw"
    PLACE = "place"
    FLIP = "flip"
    OVER = "over"


# Final: the compiled build reads these as constants, not module dict lookups.
SETUP: Final = Phase.SETUP
DRAW: Final = Phase.DRAW
PLACE: Final = Phase.PLACE
FLIP: Final = Phase.FLIP
OVER: Final = Phase.OVER


class ActionKind(StrEnum):
    """What a player can decide (see :class:`Action`)."""

    REVEAL = "reveal"
    PEEK = "peek"
    DRAW_STOCK = "draw_stock"
    DRAW_DISCARD = "draw_discard"
    KNOCK = "knock"
    FLIP = "flip"
    LOOK = "look"
    BUNKER = "bunker"
    APPROACH = "approach"
    SWAP = "swap"
    DISCARD = "discard"
    PASS = "pass"


class EventKind(StrEnum):
    """What happened (see :class:`Event`): the players' actions, chance (the
    deal and reshuffles) and the hole's course (a side out, the end)."""

    DEAL = "deal"
    RESHUFFLE = "reshuffle"
    REVEAL = "reveal"
    PEEK = "peek"
    DRAW = "draw"
    SWAP = "swap"
    DISCARD = "discard"
    FLIP = "flip"
    PASS = "pass"
    KNOCK = "knock"
    LOOK = "look"
    BUNKER = "bunker"
    APPROACH = "approach"
    OUT = "out"
    END = "end"


class Action(NamedTuple):
    """A decision: ``kind`` plus up to two layout positions (0-based, row-major).

    Kinds: ``reveal``/``peek`` (start of hole), ``draw_stock``, ``draw_discard``,
    ``knock``, ``flip`` (instead of drawing, or after discarding), ``look``,
    ``bunker``/``approach`` (shots: face-up ``pos`` trades places with ``pos2``),
    ``swap`` (put the drawn card at ``pos``), ``discard``, ``pass``.
    """

    kind: str  # an ActionKind when the engine made it; a bot's may be any text
    pos: int = -1
    pos2: int = -1

    def __repr__(self) -> str:
        # the kind as plain text, the same whether the engine or a bot made it
        return f"Action(kind={str(self.kind)!r}, pos={self.pos!r}, pos2={self.pos2!r})"

    def __str__(self) -> str:
        if self.pos2 >= 0:
            return f"{self.kind} {self.pos} {self.pos2}"
        if self.pos >= 0:
            return f"{self.kind} {self.pos}"
        return str.__str__(self.kind)  # plain text, not the enum member

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.pos >= 0:
            out["pos"] = self.pos
        if self.pos2 >= 0:
            out["pos2"] = self.pos2
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Read ``{"kind": ..., "pos": ..., "pos2": ...}`` or ``"swap 3"``; raises InputError."""
        if isinstance(data, str):
            parts = data.split()
            if not parts:
                raise InputError("empty action")
            try:
                nums = [int(p) for p in parts[1:3]]
            except ValueError:
                raise InputError(f"bad action {data!r}") from None
            if len(parts) > 3:
                raise InputError(f"bad action {data!r}")
            return cls(parts[0], *nums)
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise InputError("an action is an object with a string 'kind'")
        pos, pos2 = data.get("pos", -1), data.get("pos2", -1)
        for v in (pos, pos2):
            if isinstance(v, bool) or not isinstance(v, int):
                raise InputError("pos and pos2 must be integers")
        return cls(data["kind"], pos, pos2)


# Event kinds as module names: the hot path appends an event per action, and
# a module name is read ~5x faster than an enum class attribute.
E_DEAL: Final = EventKind.DEAL
E_RESHUFFLE: Final = EventKind.RESHUFFLE
E_REVEAL: Final = EventKind.REVEAL
E_PEEK: Final = EventKind.PEEK
E_DRAW: Final = EventKind.DRAW
E_SWAP: Final = EventKind.SWAP
E_DISCARD: Final = EventKind.DISCARD
E_FLIP: Final = EventKind.FLIP
E_PASS: Final = EventKind.PASS
E_KNOCK: Final = EventKind.KNOCK
E_LOOK: Final = EventKind.LOOK
E_BUNKER: Final = EventKind.BUNKER
E_APPROACH: Final = EventKind.APPROACH
E_OUT: Final = EventKind.OUT
E_END: Final = EventKind.END

ACTION_KINDS: Final[tuple[str, ...]] = tuple(ActionKind)


#: The named fields of each event kind, in the order its ``data`` holds them
#: (the record format keeps the plain list).  ``card`` and ``replaced`` are
#: cards (``None`` where a view hides them), ``order`` a deck order, ``source``
#: ``stock`` or ``discard``, ``side`` the side that turned its last card up.
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    EventKind.DEAL: ("dealer", "order"),
    EventKind.RESHUFFLE: ("order",),
    EventKind.REVEAL: ("pos", "card"),
    EventKind.PEEK: ("pos", "card"),
    EventKind.LOOK: ("pos", "card"),
    EventKind.FLIP: ("pos", "card"),
    EventKind.DRAW: ("source", "card"),
    EventKind.SWAP: ("pos", "card", "replaced", "was_face_up"),
    EventKind.DISCARD: ("card",),
    EventKind.BUNKER: ("pos", "pos2"),
    EventKind.APPROACH: ("pos", "pos2"),
    EventKind.KNOCK: (),
    EventKind.PASS: (),
    EventKind.OUT: ("side",),
    EventKind.END: ("reason", "totals"),
}


def _index_of(name: str) -> dict[str, int]:
    """Where field ``name`` sits in ``data``, per event kind that has it."""
    return {kind: names.index(name) for kind, names in EVENT_FIELDS.items() if name in names}


# One table per field: reading ``ev.pos`` is one dict lookup on the kind
# (its hash is cached), which the censoring function and the bots' history
# scans do for every event of every view.
_AT_POS: Final = _index_of("pos")
_AT_POS2: Final = _index_of("pos2")
_AT_CARD: Final = _index_of("card")
_AT_REPLACED: Final = _index_of("replaced")
_AT_WAS_FACE_UP: Final = _index_of("was_face_up")
_AT_SOURCE: Final = _index_of("source")
_AT_DEALER: Final = _index_of("dealer")
_AT_ORDER: Final = _index_of("order")
_AT_SIDE: Final = _index_of("side")
_AT_REASON: Final = _index_of("reason")
_AT_TOTALS: Final = _index_of("totals")


class Event:
    """A frozen record of one change.  ``seat`` is -1 for chance and scoring.

    ``data`` is a plain tuple (cheap to make on every action, and the record
    format), read by name: ``ev.pos``, ``ev.card``... (:data:`EVENT_FIELDS`
    says which kinds have which).  Reading a field the kind does not have
    raises AttributeError.

    A small class rather than a named tuple: the engine makes one for every
    action, and a compiled class is built several times faster than a named
    tuple (whose constructor is Python code even in the compiled build).
    Its three attributes cannot be set once made (compiled build; ``Final``
    for the type checker), events compare and hash by value, and
    ``kind, seat, data = ev`` still works.

    >>> ev = Event("swap", 0, (2, 41, 17, False))
    >>> ev.pos, ev.card, ev.replaced, ev.was_face_up
    (2, 41, 17, False)
    """

    __slots__ = ("data", "kind", "seat")

    def __init__(self, kind: str, seat: int, data: tuple[Any, ...]) -> None:
        # kind: an EventKind when the engine made it; a record's may be any text
        self.kind: Final = kind
        self.seat: Final = seat
        self.data: Final = data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self.kind == other.kind and self.seat == other.seat and self.data == other.data

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return not (self.kind == other.kind and self.seat == other.seat and self.data == other.data)

    def __hash__(self) -> int:
        return hash((str(self.kind), self.seat, self.data))

    def __iter__(self) -> Iterator[Any]:
        return iter((self.kind, self.seat, self.data))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, (str(self.kind), self.seat, self.data))

    def __repr__(self) -> str:
        return f"Event(kind={str(self.kind)!r}, seat={self.seat!r}, data={self.data!r})"

    def _at(self, table: dict[str, int], name: str) -> Any:
        at = table.get(self.kind)
        if at is None:
            raise AttributeError(f"a {self.kind} event has no {name}")
        return self.data[at]

    @property
    def pos(self) -> int:
        """The layout position (reveal, peek, look, flip, swap, bunker, approach)."""
        return int(self._at(_AT_POS, "pos"))

    @property
    def pos2(self) -> int:
        """The position a shot's card trades places with (bunker, approach)."""
        return int(self._at(_AT_POS2, "pos2"))

    @property
    def card(self) -> int | None:
        """The card turned up, seen, drawn, put down or discarded."""
        card: int | None = self._at(_AT_CARD, "card")
        return card

    @property
    def replaced(self) -> int:
        """The card a swap put on the discard pile."""
        return int(self._at(_AT_REPLACED, "replaced"))

    @property
    def was_face_up(self) -> bool:
        """Whether the card a swap replaced was face up."""
        return bool(self._at(_AT_WAS_FACE_UP, "was_face_up"))

    @property
    def source(self) -> str:
        """Where a draw came from: ``stock`` or ``discard``."""
        return str(self._at(_AT_SOURCE, "source"))

    @property
    def dealer(self) -> int:
        return int(self._at(_AT_DEALER, "dealer"))

    @property
    def order(self) -> tuple[int, ...] | None:
        """The deck order of a deal or reshuffle (``None`` where a view hides it)."""
        order: tuple[int, ...] | None = self._at(_AT_ORDER, "order")
        return order

    @property
    def side(self) -> int:
        """The side that turned its last card up (out)."""
        return int(self._at(_AT_SIDE, "side"))

    @property
    def reason(self) -> str:
        """Why the hole ended (end)."""
        return str(self._at(_AT_REASON, "reason"))

    @property
    def totals(self) -> tuple[int, ...]:
        """Every side's hole score (end)."""
        return tuple(self._at(_AT_TOTALS, "totals"))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "data": _jsonable(self.data)}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Event:
        return cls(obj["kind"], obj["seat"], _tupled(obj["data"]))


def _freeze_events_when_interpreted() -> None:
    """Make :class:`Event`'s attributes read-only in the pure build too.

    Compiled, ``Final`` attributes of a native class cannot be set from
    Python.  Interpreted, ``Final`` is only a promise to the type checker,
    and the events in every view's history are the engine's own objects: a
    Python-file bot could rewrite the log the other seats and the record
    read.  So, only when this module runs as Python, ``__init__`` writes
    through ``object.__setattr__`` and every later write or delete raises.
    """
    if not __file__.endswith(".py"):
        return  # compiled: already read-only

    def init(self: Event, kind: str, seat: int, data: tuple[Any, ...]) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "data", data)

    def refuse(self: Event, name: str, *value: Any) -> None:
        raise AttributeError(f"an event is read-only: cannot change {name!r}")

    setattr(Event, "__init__", init)  # noqa: B010 - assigning a method dynamically
    setattr(Event, "__setattr__", refuse)  # noqa: B010
    setattr(Event, "__delattr__", refuse)  # noqa: B010


_freeze_events_when_interpreted()


def _jsonable(x: Any) -> Any:
    if isinstance(x, tuple | list):
        return [_jsonable(v) for v in x]
    return x


def _tupled(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_tupled(v) for v in x)
    return x


class IllegalAction(InputError):
    """An action the rules forbid.  The message names the rule; ``rule`` is a
    short name for it and ``pos`` the position concerned, if any, so that a
    front end can say the same in its own words (``golf play`` does)."""

    def __init__(self, message: str, rule: str = "", pos: int | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.pos = pos


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
        # per player count: a blank state holding the rule tables (HoleState._tables)
        self.tables: dict[int, HoleState] = {}
        # per (players, first seat): the setup queue when nobody has a handicap
        self.setups: dict[tuple[int, int], list[list[Any]]] = {}


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

    def _work_out_tables(self, variant: Variant, players: int) -> None:
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
        self._discard_ok = "discard" in t.draw_from
        self._stock_ok = "stock" in t.draw_from
        self._frozen = e.frozen_discard
        self._knock_ok = t.knock
        self._knock_max_down = t.knock_max_face_down
        self._flip_mode = t.flip_after_discard
        self._flip_end_only = t.flip_after_discard_phase == "end_phase"
        self._flip_max_down = t.flip_after_discard_max_face_down
        self._out_ends = e.all_face_up
        self._final_none = e.final_turns == "none"
        self._turn_cap = e.turn_limit * players
        self._reshuffle = e.stock_empty == "reshuffle"

    def _tables(self, variant: Variant, players: int) -> None:
        """Seats, sides and the rule switches read on every turn, looked up
        once (the hot path reads plain attributes, not nested dataclasses).

        Worked out once per variant and player count (:meth:`_work_out_tables`,
        kept in the variant's catalogue) and copied from there: the lists are
        shared, as :meth:`clone` shares them, and never changed."""
        cat = catalogue(variant)
        t = cat.tables.get(players)
        if t is None:
            t = HoleState(variant, players, _blank=True)
            t._work_out_tables(variant, players)
            cat.tables[players] = t
        self.variant, self.players, self.groups = t.variant, t.players, t.groups
        self.side_of, self.seats_of, self.n, self.full = t.side_of, t.seats_of, t.n, t.full
        self.cat, self.scorer = t.cat, t.scorer
        self._discard_ok, self._frozen, self._knock_ok = t._discard_ok, t._frozen, t._knock_ok
        self._stock_ok = t._stock_ok
        self._flip_mode, self._flip_end_only = t._flip_mode, t._flip_end_only
        self._knock_max_down, self._flip_max_down = t._knock_max_down, t._flip_max_down
        self._out_ends, self._final_none = t._out_ends, t._final_none
        self._turn_cap, self._reshuffle = t._turn_cap, t._reshuffle

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
        self.events.append(Event(E_DEAL, -1, (self.dealer, stock)))
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
            if ev.kind == E_RESHUFFLE or ev.kind == E_DEAL:
                order = list(cast(tuple[int, ...], ev.order))
                order[at], order[top] = order[top], order[at]
                data = (tuple(order),) if ev.kind == E_RESHUFFLE else (ev.dealer, tuple(order))
                events[i] = Event(ev.kind, -1, data)
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
            if self._reshuffle and len(self.discard) > 1:
                top = self.discard.pop()
                order = self._shuffled(self.discard)
                self.discard = [top]
                self.stock = list(order)
                self.events.append(Event(E_RESHUFFLE, -1, (order,)))
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
        t = self.variant.turn
        if t.flip_instead_of_draw:
            acts.extend(cat.flip[p] for p in cells if self.can_flip(p))
        if t.look_again:
            acts.extend(cat.look[p] for p in cells if self.can_look(p))
        shots = _bits(self.up[self.side_of[self.current]], self.n)  # shots start face up
        if t.bunker_shot:
            for p in shots:
                acts.extend(a for a in cat.bunker[p] if self.can_shot("bunker", p, a.pos2))
        if t.approach_shot:
            for p in shots:
                acts.extend(a for a in cat.approach[p] if self.can_shot("approach", p, a.pos2))
        return tuple(acts)

    def _flip_optional(self) -> bool:
        return self._flip_mode == "optional"

    def _face_down_count(self, side: int) -> int:
        return self.n - bin(self.up[side]).count("1")

    def _flip_after_discard_applies(self) -> bool:
        # the fewest face-down cards of any side, counted only when a rule reads it
        fewest = (
            min(self._face_down_count(s) for s in range(self.groups))
            if self._flip_max_down is not None
            else self.n
        )
        return flip_follows_discard(
            self._flip_mode,
            self._flip_end_only,
            self._flip_max_down,
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
                f"unknown action {kind!r} (one of: {', '.join(ACTION_KINDS)})", "unknown"
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
            raise IllegalAction(f"unknown action {kind!r}")

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
        self.events.append(Event(E_REVEAL, self.current, (pos, self.layouts[side][pos])))
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
        self.events.append(Event(E_PEEK, seat, (pos, self.layouts[self.side_of[seat]][pos])))
        self._setup[0][2] -= 1
        self._next_setup()

    # ------------------------------------------------------------------ turn start

    def _check_draw_stock(self) -> IllegalAction | None:
        if err := self._wrong_phase(DRAW, "draw"):
            return err
        if not self._stock_ok:
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
        self.events.append(Event(E_DRAW, self.current, ("stock", card)))

    def _check_draw_discard(self) -> IllegalAction | None:
        if err := self._wrong_phase(DRAW, "draw"):
            return err
        if not self._discard_ok:
            return IllegalAction("this variant only lets you draw from the stock", "stock_only")
        if not self.discard:
            return IllegalAction("the discard pile is empty", "discard_empty")
        if self.closer is not None and self._frozen:
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
        self.events.append(Event(E_DRAW, self.current, ("discard", card)))

    def _check_knock(self) -> IllegalAction | None:
        if err := self._wrong_phase(DRAW, "knock"):
            return err
        if not self._knock_ok:
            return IllegalAction("this variant has no knocking (turn.knock is false)", "no_knock")
        if self.closer is not None:
            return IllegalAction(
                "the hole is already ending: no knocking on a final turn", "ending"
            )
        limit = self._knock_max_down
        if limit is not None:
            down = self._face_down_count(self.side_of[self.current])
            if down > limit:
                return IllegalAction(
                    f"you may knock only with at most {limit} card{'s' if limit != 1 else ''} "
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
        self.events.append(Event(E_KNOCK, self.current, ()))
        self.closer = self.side_of[self.current]
        self.closer_seat = self.current
        self._end_turn(knocked=True)

    def _check_look(self, pos: int) -> IllegalAction | None:
        if err := self._wrong_phase(DRAW, "look at a card"):
            return err
        if not self.variant.turn.look_again:
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
        self.events.append(Event(E_LOOK, seat, (pos, self.layouts[self.side_of[seat]][pos])))
        self._end_turn()

    def _check_shot(self, kind: str, pos: int, pos2: int) -> IllegalAction | None:
        if err := self._wrong_phase(DRAW, f"play a {kind} shot"):
            return err
        t = self.variant.turn
        if kind == "bunker" and not t.bunker_shot:
            return IllegalAction(
                "bunker/pitch shots are off in this variant (turn.bunker_shot)", "no_shot"
            )
        if kind == "approach" and not t.approach_shot:
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
        self.events.append(Event(EventKind(kind), self.current, (pos, pos2)))
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
        self.events.append(Event(E_SWAP, self.current, (pos, self.drawn, old, was_up)))
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
        self.events.append(Event(E_DISCARD, self.current, (card,)))
        if self._flip_after_discard_applies():
            self.phase = FLIP
        else:
            self._end_turn()

    # ------------------------------------------------------------------ flips

    def _check_flip(self, pos: int) -> IllegalAction | None:
        if self.phase == DRAW:
            if not self.variant.turn.flip_instead_of_draw:
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
        self.events.append(Event(E_FLIP, self.current, (pos, self.layouts[side][pos])))
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
        self.events.append(Event(E_PASS, self.current, ()))
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
                self.events.append(Event(E_OUT, seat, (side,)))
            if self._final_none:
                self._finish("went out" if not knocked else "knocked")
                return
            self.final_left = [(seat + k) % self.players for k in range(1, self.players)]
            if not self.final_left:  # a lone player: nobody left for final turns
                self._finish("went out" if not knocked else "knocked")
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
        self.events.append(Event(E_END, -1, (reason, self.result.totals)))

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
        new._stock_ok = self._stock_ok
        new._flip_mode, new._flip_end_only = self._flip_mode, self._flip_end_only
        new._knock_max_down, new._flip_max_down = self._knock_max_down, self._flip_max_down
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
        setup: str = "",
    ) -> HoleState:
        """Build a mid-hole state directly (no deal event): how a bot turns a
        determinised view into a state it can search, and how the terminal
        asks the rules why a move is refused.  Not used by real games.
        ``setup`` (``reveal`` or ``peek``) is what the seat to act does in
        the setup step."""
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


def actions_of(events: Sequence[Event]) -> Iterator[Action]:
    """The players' actions recorded in a hole's events, in order."""
    for ev in events:
        k = ev.kind
        if k in ("reveal", "peek", "flip", "look", "swap"):
            yield Action(ActionKind(k), ev.pos)
        elif k == "draw":
            yield Action(ActionKind.DRAW_STOCK if ev.source == "stock" else ActionKind.DRAW_DISCARD)
        elif k in ("discard", "knock", "pass"):
            yield Action(ActionKind(k))
        elif k in ("bunker", "approach"):
            yield Action(ActionKind(k), ev.pos, ev.pos2)


def replay_steps(
    variant: Variant,
    players: int,
    events: Sequence[Event],
    extra_reveals: dict[int, int] | None = None,
) -> Iterator[HoleState]:
    """Rebuild a hole from its event log one action at a time.

    Yields the state after the deal and again after every recorded action
    (the same object, changed in place), so a viewer can stop anywhere.
    Read to the end, it raises InputError (IllegalAction for an action the
    rules forbid) if the log disagrees with the rules."""
    if not events or events[0].kind != "deal":
        raise InputError("a hole's log starts with its deal")
    dealer, order = events[0].dealer, events[0].order
    # a recorded reshuffle always has its order (only a view hides it)
    chance = iter([cast(tuple[int, ...], ev.order) for ev in events if ev.kind == "reshuffle"])
    state = HoleState(
        variant, players, dealer, order=order, extra_reveals=extra_reveals, _chance=chance
    )
    yield state
    for action in actions_of(events):
        state.apply(action)
        yield state
    if tuple(state.events) != tuple(events):
        raise InputError("replayed events differ from the recorded log")


def replay_hole(
    variant: Variant,
    players: int,
    events: Sequence[Event],
    extra_reveals: dict[int, int] | None = None,
) -> HoleState:
    """Rebuild a hole from its event log; raises InputError if the log disagrees."""
    steps = replay_steps(variant, players, events, extra_reveals)
    state = next(steps)
    for _ in steps:  # the same state, one action further each time
        pass
    return state
