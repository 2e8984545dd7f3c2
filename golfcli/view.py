"""What one seat may know: the single censoring function.

:func:`view` is the only way bots, the terminal game and the bot protocol
see a hole.  It copies out of the state exactly what the seat is allowed to
see (docs/rules.md §4-§6 and the table's etiquette) and nothing else:

* every face-up card of every layout; face-down cards are ``None``;
* the seat's own memory: face-down cards of its layout it peeked at or
  looked at again (``memory``);
* the whole discard pile (it is face up), the stock's size, whose turn;
* the card the seat holds after drawing (a card drawn from the stock is
  seen by the drawer only, until it is placed or discarded);
* the hole's history with every hidden card blanked (:func:`censor`).

Tests change hidden cards and assert the view does not change
(tests/engine/test_view.py).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Final

from . import cards as C
from .actions import Phase
from .events import Deal, Draw, Event, Look, Peek, Reshuffle
from .state import HoleState
from .variant import Variant


# The frozen records of this module and of scoring.py write their own
# __init__ (init=False), each field through object.__setattr__: compiled,
# mypyc makes that a direct store (~30 ns for six fields, against ~700 for
# the __init__ dataclasses generates, which is interpreted even in the
# compiled build); interpreted, it is what the generated one does.  The same
# parameters and defaults; repr, == and hash are still the dataclass's.
@dataclass(frozen=True, init=False)
class MatchInfo:
    """Match context a seat may know: hole number and totals so far per side."""

    hole: int = 1
    holes: int | None = None
    totals: tuple[int, ...] = ()
    names: tuple[str, ...] = ()

    def __init__(
        self,
        hole: int = 1,
        holes: int | None = None,
        totals: tuple[int, ...] = (),
        names: tuple[str, ...] = (),
    ) -> None:
        object.__setattr__(self, "hole", hole)
        object.__setattr__(self, "holes", holes)
        object.__setattr__(self, "totals", totals)
        object.__setattr__(self, "names", names)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # compiled, a frozen class is rebuilt through __init__: pickle gives its fields
        return (MatchInfo, (self.hole, self.holes, self.totals, self.names))


#: A view's match context when none is given (a hole played on its own).
_NO_MATCH: Final = MatchInfo()


@dataclass(frozen=True, init=False)
class View:
    """A seat's censored picture of the hole (frozen; safe to hand to a bot)."""

    variant: Variant = field(repr=False)
    seat: int
    side: int
    players: int
    side_of: tuple[int, ...]
    phase: Phase
    current: int
    layouts: tuple[tuple[int | None, ...], ...]
    memory: tuple[tuple[int, int], ...]  # (pos, card) of own face-down cards seen
    discard: tuple[int, ...]
    stock_size: int
    drawn: int | None
    drawn_from: str
    closer: int | None
    final_turn: bool
    turns: tuple[int, ...]
    turn_limit_left: int
    dealer: int
    history: tuple[Event, ...] = field(repr=False)
    match: MatchInfo = _NO_MATCH

    def __init__(
        self,
        variant: Variant,
        seat: int,
        side: int,
        players: int,
        side_of: tuple[int, ...],
        phase: Phase,
        current: int,
        layouts: tuple[tuple[int | None, ...], ...],
        memory: tuple[tuple[int, int], ...],
        discard: tuple[int, ...],
        stock_size: int,
        drawn: int | None,
        drawn_from: str,
        closer: int | None,
        final_turn: bool,
        turns: tuple[int, ...],
        turn_limit_left: int,
        dealer: int,
        history: tuple[Event, ...],
        match: MatchInfo = _NO_MATCH,
    ) -> None:
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "side", side)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "side_of", side_of)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "current", current)
        object.__setattr__(self, "layouts", layouts)
        object.__setattr__(self, "memory", memory)
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "stock_size", stock_size)
        object.__setattr__(self, "drawn", drawn)
        object.__setattr__(self, "drawn_from", drawn_from)
        object.__setattr__(self, "closer", closer)
        object.__setattr__(self, "final_turn", final_turn)
        object.__setattr__(self, "turns", turns)
        object.__setattr__(self, "turn_limit_left", turn_limit_left)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "history", history)
        object.__setattr__(self, "match", match)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its fields (a Python bot at a table gets its views in a
        process of its own: golfcli.bots.pyhost); compiled, a frozen class
        is rebuilt through ``__init__``, which pickle's default does not call."""
        return (
            View,
            (
                self.variant, self.seat, self.side, self.players, self.side_of, self.phase,
                self.current, self.layouts, self.memory, self.discard, self.stock_size,
                self.drawn, self.drawn_from, self.closer, self.final_turn, self.turns,
                self.turn_limit_left, self.dealer, self.history, self.match,
            ),
        )  # fmt: skip

    @property
    def my_layout(self) -> tuple[int | None, ...]:
        return self.layouts[self.side]

    def known_layout(self) -> list[int | None]:
        """My layout with remembered face-down cards filled in."""
        lay = list(self.layouts[self.side])
        for pos, card in self.memory:
            lay[pos] = card
        return lay

    def visible_cards(self) -> list[int]:
        """Every card this seat can currently see or remembers."""
        out = [c for lay in self.layouts for c in lay if c is not None]
        out += list(self.discard)
        out += [card for _, card in self.memory]
        if self.drawn is not None:  # the view holds it only if this seat may see it
            out.append(self.drawn)
        return out

    def unseen_cards(self) -> list[int]:
        """The deck minus every card this seat can see: what the hidden cards
        (face-down cards and the stock) are drawn from, as a multiset."""
        pool = Counter(self.variant.deck(self.players))
        pool.subtract(Counter(self.visible_cards()))
        return sorted(pool.elements())

    def hidden_slots(self) -> list[tuple[int, int]]:
        """(side, pos) of every face-down card whose identity this seat does not know."""
        mem = {p for p, _ in self.memory}
        return [
            (s, p)
            for s, lay in enumerate(self.layouts)
            for p, c in enumerate(lay)
            if c is None and not (s == self.side and p in mem)
        ]

    def __repr__(self) -> str:
        # cards in notation (face-down as ?), never the engine's ints
        cols = self.variant.cols
        lays = " | ".join(
            C.layout_str([C.UNKNOWN if c is None else c for c in lay], cols) for lay in self.layouts
        )
        top = C.card_str(self.discard[-1]) if self.discard else "empty"
        held = "" if self.drawn is None else f", holding {C.card_str(self.drawn)}"
        return (
            f"<View of seat {self.seat} ({self.variant.name}, {self.phase}, "
            f"seat {self.current} to play{held}): {lays}; discard {top}>"
        )

    def _repr_svg_(self) -> str:
        """The table as this seat sees it: what it may not see as card backs,
        its own face-down cards it has seen face up and ringed."""
        from .render.pictures import hole_svg

        names = self.match.names or tuple(f"side {s + 1}" for s in range(len(self.layouts)))
        titles = [n + (" (you)" if s == self.side else "") for s, n in enumerate(names)]
        mine = list(self.layouts[self.side])
        for pos, card in self.memory:
            mine[pos] = card
        cells = [mine if s == self.side else list(lay) for s, lay in enumerate(self.layouts)]
        held = None
        if self.drawn_from:
            held = (f"seat {self.current} holds", self.drawn)
        return hole_svg(
            cells,
            self.variant.cols,
            titles,
            acting=None if self.phase == Phase.OVER else self.side_of[self.current],
            stock=self.stock_size,
            discard=self.discard,
            held=held,
            seen=[pos for pos, _ in self.memory],
            seen_side=self.side,
            caption=f"seat {self.seat}'s view: {self.variant.name}, {self.phase}",
        )

    def to_json(self) -> dict[str, Any]:
        """The view as plain JSON data (the bot protocol's ``view`` object)."""

        def cs(c: int | None) -> str | None:
            return None if c is None else C.card_str(c)

        return {
            "seat": self.seat,
            "side": self.side,
            "players": self.players,
            "side_of": list(self.side_of),
            "phase": self.phase,
            "current": self.current,
            "rows": self.variant.rows,
            "cols": self.variant.cols,
            "layouts": [[cs(c) for c in lay] for lay in self.layouts],
            "memory": {str(p): C.card_str(c) for p, c in self.memory},
            "discard": [C.card_str(c) for c in self.discard],
            "stock_size": self.stock_size,
            "drawn": cs(self.drawn),
            "drawn_from": self.drawn_from or None,
            "closer": self.closer,
            "final_turn": self.final_turn,
            "turns": list(self.turns),
            "dealer": self.dealer,
            "hole": self.match.hole,
            "holes": self.match.holes,
            "totals": list(self.match.totals),
            "history": [event_json(e) for e in self.history],
        }


def censor(event: Event, seat: int) -> Event:
    """An event as ``seat`` may see it: private cards become ``None``."""
    if isinstance(event, Deal):
        return Deal(event.dealer, None)
    if isinstance(event, Reshuffle):
        return Reshuffle(None)
    if event.seat != seat:
        if isinstance(event, Peek):
            return Peek(event.seat, event.pos, None)
        if isinstance(event, Look):
            return Look(event.seat, event.pos, None)
        if isinstance(event, Draw) and event.source == "stock":
            return Draw(event.seat, "stock", None)
    return event


def event_json(ev: Event) -> dict[str, Any]:
    """An event as JSON with cards printed in notation (for bots and logs):
    its kind, the seat (not for the deal, reshuffles and the end, which
    are nobody's), then its named fields (:attr:`~golfcli.events.Event.FIELDS`)."""
    out: dict[str, Any] = {"kind": ev.kind}
    if ev.seat >= 0:
        out["seat"] = ev.seat
    for name, value in zip(ev.FIELDS, ev.data, strict=True):
        if name in ("card", "replaced"):
            value = None if value is None else C.card_str(value)
        elif name == "order":
            value = None if value is None else [C.card_str(c) for c in value]
        elif name == "totals":
            value = list(value)
        out[name] = value
    return out


def _history(state: HoleState, seat: int, seen: list[Event] | None) -> tuple[Event, ...]:
    events = state.events
    if seen is None:
        return tuple([censor(e, seat) for e in events])
    for i in range(len(seen), len(events)):
        seen.append(censor(events[i], seat))
    return tuple(seen)


def view(
    state: HoleState,
    seat: int,
    match: MatchInfo | None = None,
    seen: list[Event] | None = None,
) -> View:
    """Seat ``seat``'s view of ``state``: the one censoring function.

    ``seen``, when given, is this seat's censored history of this hole so far
    (a list the caller keeps for the seat, empty at the start of the hole):
    only the events logged since are censored and appended.  A hole's log only
    grows and :func:`censor` depends on the event and the seat alone, so the
    history is the same; a match asking for a view at every decision censors
    each event once per seat instead of once per decision."""
    side = state.side_of[seat]
    n = state.n
    layouts: list[tuple[int | None, ...]] = []
    over = state.phase == "over"
    for s, lay in enumerate(state.layouts):
        up = state.up[s]
        if over:
            layouts.append(tuple(lay))
        else:
            layouts.append(tuple(c if up >> p & 1 else None for p, c in enumerate(lay)))
    mem = state.memory[seat]
    memory = tuple(
        (p, state.layouts[side][p])
        for p in range(n)
        if mem >> p & 1 and not state.up[side] >> p & 1
    )
    drawn = state.drawn if state.current == seat or state.drawn_from == "discard" else None
    side_of = tuple(state.side_of)
    return View(
        variant=state.variant,
        seat=seat,
        side=side,
        players=state.players,
        side_of=side_of,
        phase=state.phase,
        current=state.current,
        layouts=tuple(layouts),
        memory=memory,
        discard=tuple(state.discard),
        stock_size=len(state.stock),
        drawn=drawn,
        drawn_from=state.drawn_from if state.drawn is not None else "",
        closer=state.closer,
        final_turn=state.closer is not None,
        turns=tuple(state.turns),
        turn_limit_left=state.variant.end.turn_limit * state.players - state.turn_count,
        dealer=state.dealer,
        history=_history(state, seat, seen),
        match=match or MatchInfo(),
    )
