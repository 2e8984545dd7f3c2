"""The hole's log: one small frozen class per kind of event.

Every change to a hole is recorded as an :class:`Event` in ``state.events``
(:class:`golfcli.state.HoleState`): the players' actions, chance (the deal
and every reshuffle, with the full card order) and the hole's course (a
side out, the end).  The log is the replay (:mod:`golfcli.replay`), the
record and the test oracle; views censor it (:func:`golfcli.view.censor`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from enum import StrEnum
from typing import Any, ClassVar, Final

from .exceptions import InputError


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
