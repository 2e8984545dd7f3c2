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
from collections.abc import Callable, Iterator, Sequence
from enum import StrEnum
from functools import lru_cache
from typing import Any, ClassVar, Final, NamedTuple

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


class Event:
    """A frozen record of one change: one small class per kind (:class:`Swap`,
    :class:`Draw`...), each with its own typed fields, so ``ev.pos`` is an
    attribute of the kinds that have one and a type checker knows which.
    ``kind`` (an :class:`EventKind`) and ``seat`` (-1 for chance and
    scoring: the deal, reshuffles, the end) are every event's.

    ``data`` is the fields as a plain tuple in :attr:`FIELDS` order: the
    record format (``to_json``), equality, hashing and ``kind, seat, data =
    ev``.  Speed shaped this: the engine makes an event on every action and
    the views and bots read them on every decision, so each kind is a
    native class of plain attributes (compiled, a read is one slot load,
    where a shared ``data`` tuple took a per-kind table of positions), and
    ``data`` is built only when asked for (docs/performance.md).  The
    attributes cannot be set once made (compiled: ``Final``; interpreted:
    :func:`_freeze_events_when_interpreted`).

    >>> ev = Swap(0, 2, 41, 17, False)
    >>> ev.pos, ev.card, ev.replaced, ev.was_face_up
    (2, 41, 17, False)
    >>> ev.data, ev.to_json()
    ((2, 41, 17, False), {'kind': 'swap', 'seat': 0, 'data': [2, 41, 17, False]})
    """

    __slots__ = ("kind", "seat")
    #: The names of ``data``'s entries, in order.
    FIELDS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, kind: str, seat: int) -> None:
        self.kind: Final = kind
        self.seat: Final = seat

    @property
    def data(self) -> tuple[Any, ...]:
        return ()

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
        return (event_of, (str(self.kind), self.seat, self.data))

    def __repr__(self) -> str:
        fields = [f"{n}={v!r}" for n, v in zip(self.FIELDS, self.data, strict=True)]
        if type(self) not in _NOBODYS:
            fields.insert(0, f"seat={self.seat!r}")
        return f"{type(self).__name__}({', '.join(fields)})"

    def to_json(self) -> dict[str, Any]:
        return {"kind": str(self.kind), "seat": self.seat, "data": _jsonable(self.data)}

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Event:
        return event_of(obj["kind"], obj["seat"], _tupled(obj["data"]))


class Deal(Event):
    """The deal (chance): ``order`` is the whole deck as dealt, the stock's
    top last (``None`` in a view: nobody sees it)."""

    __slots__ = ("dealer", "order")
    FIELDS: ClassVar[tuple[str, ...]] = ("dealer", "order")

    def __init__(self, dealer: int, order: tuple[int, ...] | None) -> None:
        super().__init__(E_DEAL, -1)
        self.dealer: Final = dealer
        self.order: Final = order

    @property
    def data(self) -> tuple[Any, ...]:
        return (self.dealer, self.order)


class Reshuffle(Event):
    """The discard pile (but its top card) shuffled into a new stock (chance)."""

    __slots__ = ("order",)
    FIELDS: ClassVar[tuple[str, ...]] = ("order",)

    def __init__(self, order: tuple[int, ...] | None) -> None:
        super().__init__(E_RESHUFFLE, -1)
        self.order: Final = order

    @property
    def data(self) -> tuple[Any, ...]:
        return (self.order,)


class Reveal(Event):
    """A start card turned up."""

    __slots__ = ("card", "pos")
    FIELDS: ClassVar[tuple[str, ...]] = ("pos", "card")

    def __init__(self, seat: int, pos: int, card: int) -> None:
        super().__init__(E_REVEAL, seat)
        self.pos: Final = pos
        self.card: Final = card

    @property
    def data(self) -> tuple[Any, ...]:
        return (self.pos, self.card)


class Flip(Event):
    """A face-down card turned up (instead of drawing, or after a discard)."""

    __slots__ = ("card", "pos")
    FIELDS: ClassVar[tuple[str, ...]] = ("pos", "card")

    def __init__(self, seat: int, pos: int, card: int) -> None:
        super().__init__(E_FLIP, seat)
        self.pos: Final = pos
        self.card: Final = card

    @property
    def data(self) -> tuple[Any, ...]:
        return (self.pos, self.card)


class Peek(Event):
    """A start card looked at; it stays face down (``card`` is ``None`` in
    other seats' views)."""

    __slots__ = ("card", "pos")
    FIELDS: ClassVar[tuple[str, ...]] = ("pos", "card")

    def __init__(self, seat: int, pos: int, card: int | None) -> None:
        super().__init__(E_PEEK, seat)
        self.pos: Final = pos
        self.card: Final = card

    @property
    def data(self) -> tuple[Any, ...]:
        return (self.pos, self.card)


class Look(Event):
    """A turn spent looking at a face-down card (``card`` is ``None`` in
    other seats' views)."""

    __slots__ = ("card", "pos")
    FIELDS: ClassVar[tuple[str, ...]] = ("pos", "card")

    def __init__(self, seat: int, pos: int, card: int | None) -> None:
        super().__init__(E_LOOK, seat)
        self.pos: Final = pos
        self.card: Final = card

    @property
    def data(self) -> tuple[Any, ...]:
        return (self.pos, self.card)


class Draw(Event):
    """A card drawn from ``source`` (``stock`` or ``discard``); ``card`` is
    ``None`` in other seats' views of a stock draw."""

    __slots__ = ("card", "source")
    FIELDS: ClassVar[tuple[str, ...]] = ("source", "card")

    def __init__(self, seat: int, source: str, card: int | None) -> None:
        super().__init__(E_DRAW, seat)
        self.source: Final = source
        self.card: Final = card

    @property
    def data(self) -> tuple[Any, ...]:
        return (self.source, self.card)


class Swap(Event):
    """The drawn ``card`` put at ``pos``; the ``replaced`` card (face up
    before, or not) went face up on the discard pile."""

    __slots__ = ("card", "pos", "replaced", "was_face_up")
    FIELDS: ClassVar[tuple[str, ...]] = ("pos", "card", "replaced", "was_face_up")

    def __init__(self, seat: int, pos: int, card: int, replaced: int, was_face_up: bool) -> None:
        super().__init__(E_SWAP, seat)
        self.pos: Final = pos
        self.card: Final = card
        self.replaced: Final = replaced
        self.was_face_up: Final = was_face_up

    @property
    def data(self) -> tuple[Any, ...]:
        return (self.pos, self.card, self.replaced, self.was_face_up)


class Discard(Event):
    """The card drawn from the stock discarded."""

    __slots__ = ("card",)
    FIELDS: ClassVar[tuple[str, ...]] = ("card",)

    def __init__(self, seat: int, card: int) -> None:
        super().__init__(E_DISCARD, seat)
        self.card: Final = card

    @property
    def data(self) -> tuple[Any, ...]:
        return (self.card,)


class Knock(Event):
    """A knock: the seat's side closes the hole; the others get final turns."""

    __slots__ = ()

    def __init__(self, seat: int) -> None:
        super().__init__(E_KNOCK, seat)


class Pass(Event):
    """No flip after a discard (where the flip is optional)."""

    __slots__ = ()

    def __init__(self, seat: int) -> None:
        super().__init__(E_PASS, seat)


class Bunker(Event):
    """A bunker shot: face-up ``pos`` traded places with ``pos2`` in an
    adjacent column."""

    __slots__ = ("pos", "pos2")
    FIELDS: ClassVar[tuple[str, ...]] = ("pos", "pos2")

    def __init__(self, seat: int, pos: int, pos2: int) -> None:
        super().__init__(E_BUNKER, seat)
        self.pos: Final = pos
        self.pos2: Final = pos2

    @property
    def data(self) -> tuple[Any, ...]:
        return (self.pos, self.pos2)


class Approach(Event):
    """An approach shot: face-up ``pos`` traded places with ``pos2`` in its row."""

    __slots__ = ("pos", "pos2")
    FIELDS: ClassVar[tuple[str, ...]] = ("pos", "pos2")

    def __init__(self, seat: int, pos: int, pos2: int) -> None:
        super().__init__(E_APPROACH, seat)
        self.pos: Final = pos
        self.pos2: Final = pos2

    @property
    def data(self) -> tuple[Any, ...]:
        return (self.pos, self.pos2)


class Out(Event):
    """The seat turned its ``side``'s last card up."""

    __slots__ = ("side",)
    FIELDS: ClassVar[tuple[str, ...]] = ("side",)

    def __init__(self, seat: int, side: int) -> None:
        super().__init__(E_OUT, seat)
        self.side: Final = side

    @property
    def data(self) -> tuple[Any, ...]:
        return (self.side,)


class End(Event):
    """The hole is over (``reason``, in words) and scored: ``totals`` per side."""

    __slots__ = ("reason", "totals")
    FIELDS: ClassVar[tuple[str, ...]] = ("reason", "totals")

    def __init__(self, reason: str, totals: tuple[int, ...]) -> None:
        super().__init__(E_END, -1)
        self.reason: Final = reason
        self.totals: Final = totals

    @property
    def data(self) -> tuple[Any, ...]:
        return (self.reason, self.totals)


#: Each event kind's class.
EVENT_TYPES: Final[dict[str, type[Event]]] = {
    E_DEAL: Deal,
    E_RESHUFFLE: Reshuffle,
    E_REVEAL: Reveal,
    E_PEEK: Peek,
    E_LOOK: Look,
    E_FLIP: Flip,
    E_DRAW: Draw,
    E_SWAP: Swap,
    E_DISCARD: Discard,
    E_KNOCK: Knock,
    E_PASS: Pass,
    E_BUNKER: Bunker,
    E_APPROACH: Approach,
    E_OUT: Out,
    E_END: End,
}
# chance and scoring: made without a seat (it is -1)
_NOBODYS: Final = (Deal, Reshuffle, End)


def event_of(kind: str, seat: int, data: Sequence[Any]) -> Event:
    """An event from its record form (``kind``, ``seat``, ``data`` in the
    kind's :attr:`~Event.FIELDS` order).  Raises InputError for a kind golf
    does not know, a seat on chance or scoring, or data of the wrong length."""
    cls = EVENT_TYPES.get(kind)
    if cls is None:
        raise InputError(f"unknown event kind {kind!r}")
    want = len(cls.FIELDS)
    if len(data) != want:
        names = ", ".join(cls.FIELDS)
        holds = f"{want} value{'s' * (want != 1)} ({names})" if want else "no values"
        raise InputError(f"a {kind} event holds {holds}, not {len(data)}")
    make: Callable[..., Event] = cls
    if cls in _NOBODYS:
        if seat != -1:
            raise InputError(f"a {kind} event is nobody's: its seat is -1, not {seat!r}")
        return make(*data)
    return make(seat, *data)


def _freeze_events_when_interpreted() -> None:
    """Make events' attributes read-only in the pure build too.

    Compiled, ``Final`` attributes of a native class cannot be set from
    Python.  Interpreted, ``Final`` is only a promise to the type checker,
    and the events in every view's history are the engine's own objects: a
    Python-file bot could rewrite the log the other seats and the record
    read.  So, only when this module runs as Python, every write or delete
    raises, and each class's constructor is made again to set its fields
    through ``object.__setattr__``: the same parameters (``seat``, unless
    the kind is nobody's, then :attr:`~Event.FIELDS`), written out in a
    line each as ``dataclasses`` does (speed: a constructor that set
    each field through a guarded ``__setattr__`` made a random hole half as
    slow again).
    """
    if not __file__.endswith(".py"):
        return  # compiled: already read-only

    def refuse(self: Event, name: str, *value: Any) -> None:
        raise AttributeError(f"an event is read-only: cannot change {name!r}")

    setattr(Event, "__setattr__", refuse)  # noqa: B010 - assigning a method dynamically
    setattr(Event, "__delattr__", refuse)  # noqa: B010
    for kind, cls in EVENT_TYPES.items():
        nobodys = cls in _NOBODYS
        params = ", ".join(["self", *(() if nobodys else ("seat",)), *cls.FIELDS])
        sets = [("kind", "kind"), ("seat", "-1" if nobodys else "seat")]
        sets += [(n, n) for n in cls.FIELDS]
        body = "".join(f"\n    set(self, {n!r}, {v})" for n, v in sets)
        made: dict[str, Any] = {}
        exec(f"def __init__({params}):{body}", {"set": object.__setattr__, "kind": kind}, made)
        setattr(cls, "__init__", made["__init__"])  # noqa: B010


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
        # per player count: the hole's rules (rules_for)
        self.rules: dict[int, Rules] = {}
        # per (players, first seat): the setup queue when nobody has a handicap
        self.setups: dict[tuple[int, int], list[list[Any]]] = {}


@lru_cache(maxsize=64)
def catalogue(variant: Variant) -> _Catalogue:
    """The variant's catalogue, built once.  Keyed by the variant itself
    (variants hash by identity) and bounded, like :func:`scoring.compiled`:
    a long-lived process loading many variants keeps only the recent ones."""
    return _Catalogue(variant)


class Rules:
    """What a hole reads of its variant and player count, worked out once
    (:func:`rules_for`) and shared, never changed, by every hole, clone and
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


def rules_for(variant: Variant, players: int) -> Rules:
    """The variant's :class:`Rules` for ``players``, kept in its catalogue."""
    cat = catalogue(variant)
    rules = cat.rules.get(players)
    if rules is None:
        rules = cat.rules[players] = Rules(variant, players)
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
        self._use(rules_for(variant, players))
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

    def _use(self, rules: Rules) -> None:
        """Take the variant's rules for this player count, and the seat and
        side tables from them as the state's own attributes (what every
        action and every view reads).  Shared with every hole of the
        variant and count, as :meth:`clone` shares them, and never changed."""
        self.rules = rules
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
            if self.rules.reshuffle and len(self.discard) > 1:
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
        r = self.rules
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
        return self.rules.flip_after_discard == "optional"

    def _face_down_count(self, side: int) -> int:
        return self.n - bin(self.up[side]).count("1")

    def _flip_after_discard_applies(self) -> bool:
        r = self.rules
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
        if not self.rules.draw_stock:
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
        if not self.rules.draw_discard:
            return IllegalAction("this variant only lets you draw from the stock", "stock_only")
        if not self.discard:
            return IllegalAction("the discard pile is empty", "discard_empty")
        if self.closer is not None and self.rules.frozen_discard:
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
        if not self.rules.knock:
            return IllegalAction("this variant has no knocking (turn.knock is false)", "no_knock")
        if self.closer is not None:
            return IllegalAction(
                "the hole is already ending: no knocking on a final turn", "ending"
            )
        limit = self.rules.knock_max_face_down
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
        self.events.append(Knock(self.current))
        self.closer = self.side_of[self.current]
        self.closer_seat = self.current
        self._end_turn(knocked=True)

    def _check_look(self, pos: int) -> IllegalAction | None:
        if err := self._wrong_phase(DRAW, "look at a card"):
            return err
        if not self.rules.look_again:
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
        r = self.rules
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
            if not self.rules.flip_instead_of_draw:
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
            self.rules.all_face_up_ends and self.up[side] == self.full and self.closer is None
        ):
            if not knocked:
                self.closer, self.closer_seat = side, seat
                self.events.append(Out(seat, side))
            if self.rules.no_final_turns:
                self._finish("went out" if not knocked else "knocked")
                return
            self.final_left = [(seat + k) % self.players for k in range(1, self.players)]
            if not self.final_left:  # a lone player: nobody left for final turns
                self._finish("went out" if not knocked else "knocked")
                return
        if self.turn_count >= self.rules.turn_cap:
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
        # tests/test_state.py checks that no field is left out.
        new = HoleState(self.variant, self.players, _blank=True)
        new._use(self.rules)
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
        new._use(rules_for(variant, players))
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
        if isinstance(ev, Reveal | Peek | Flip | Look | Swap):
            yield Action(ActionKind(ev.kind), ev.pos)
        elif isinstance(ev, Draw):
            yield Action(ActionKind.DRAW_STOCK if ev.source == "stock" else ActionKind.DRAW_DISCARD)
        elif isinstance(ev, Discard | Knock | Pass):
            yield Action(ActionKind(ev.kind))
        elif isinstance(ev, Bunker | Approach):
            yield Action(ActionKind(ev.kind), ev.pos, ev.pos2)


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
    deal = events[0] if events else None
    if not isinstance(deal, Deal):
        raise InputError("a hole's log starts with its deal")
    # a recorded reshuffle always has its order (only a view hides it)
    chance = iter([ev.order or () for ev in events if isinstance(ev, Reshuffle)])
    state = HoleState(
        variant, players, deal.dealer, order=deal.order, extra_reveals=extra_reveals, _chance=chance
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
