"""A hole rebuilt from its event log, one action at a time.

The log holds every action and chance's every card order, so replaying it
through :class:`~golfcli.state.HoleState` gives back the hole exactly, and
a log the rules disagree with is refused.  Records (:mod:`golfcli.record`),
:class:`golfcli.Hole` and ``golf replay`` read holes this way.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence

from .actions import MOVE_LETTERS, OVER, Action, ActionKind, moves_of
from .events import (
    Approach,
    Bunker,
    Deal,
    Discard,
    Draw,
    Event,
    Flip,
    Knock,
    Look,
    Pass,
    Peek,
    Reshuffle,
    Reveal,
    Swap,
)
from .exceptions import InputError
from .state import HoleState
from .variant import Variant


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


_MOVE_KINDS = {letter: ActionKind(kind) for kind, letter in MOVE_LETTERS.items()}
_MOVE = re.compile(r"([a-z])(?:(\d{1,3})(?:\.(\d{1,3}))?)?")


def moves_text(events: Sequence[Event]) -> str:
    """A hole's moves as compact text (:func:`golfcli.actions.moves_of`),
    read from its event log."""
    return moves_of(list(actions_of(events)))


def moves_actions(text: str) -> list[Action]:
    """The actions of :func:`moves_text`'s text; InputError names the first
    character that is not a move."""
    out: list[Action] = []
    at = 0
    while at < len(text):
        m = _MOVE.match(text, at)
        if m is None or m.group(1) not in _MOVE_KINDS:
            raise InputError(f"moves: {text[at : at + 8]!r} at character {at + 1} is not a move")
        pos = int(m.group(2)) if m.group(2) is not None else -1
        pos2 = int(m.group(3)) if m.group(3) is not None else -1
        out.append(Action(_MOVE_KINDS[m.group(1)], pos, pos2))
        at = m.end()
    return out


def replay_moves(
    variant: Variant,
    players: int,
    dealer: int,
    rng: random.Random,
    moves: str,
) -> HoleState:
    """A hole dealt by ``rng`` and played by its compact moves, every move
    checked by the rules; raises InputError (IllegalAction for a move the
    rules forbid) if the moves do not fit the deal, or stop before its end."""
    state = HoleState(variant, players, dealer, rng)
    for action in moves_actions(moves):
        if state.phase == OVER:
            raise InputError("moves go on after the hole is over")
        state.apply(action)
    if state.phase != OVER:
        raise InputError("the moves stop before the hole is over")
    return state


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
