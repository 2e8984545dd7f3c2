"""Events in words: what each turn did, told the way a player would say it;
and a bot's faults, told as they happen."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..exceptions import StopMatch
from ..state import Event
from .seats import SeatSpec
from .style import Style

# --------------------------------------------------------------------------- events in words


def _pos(p: int) -> str:
    return str(p + 1)


def _cardw(card: int | None, style: Style) -> str:
    return "a card" if card is None else "the " + style.card(card)


def _card(ev: Event, style: Style) -> str:
    """The event's card, which the caller knows is shown."""
    assert ev.card is not None
    return style.card(ev.card)


def join_and(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def turn_groups(events: Sequence[Event]) -> Iterator[tuple[int, list[Event]]]:
    group: list[Event] = []
    for ev in events:
        if group and (ev.seat != group[0].seat or ev.seat < 0):
            yield group[0].seat, group
            group = []
        group.append(ev)
    if group:
        yield group[0].seat, group


def turn_words(group: Sequence[Event], style: Style) -> str:
    """One seat's consecutive events as a clause list: 'drew the 7♥ from the
    stock and discarded it, then turned up the 4♦ at 5'."""
    clauses: list[str] = []
    i = 0
    while i < len(group):
        ev = group[i]
        k = ev.kind
        nxt = group[i + 1] if i + 1 < len(group) else None
        if k in ("reveal", "peek"):
            same = [ev]
            while i + 1 < len(group) and group[i + 1].kind == k:
                i += 1
                same.append(group[i])
            if k == "reveal":
                what = join_and([f"{_card(e, style)} at {_pos(e.pos)}" for e in same])
                clauses.append(f"turned up {what}")
            else:
                what = join_and(
                    [
                        _pos(e.pos) + ("" if e.card is None else f" ({_card(e, style)})")
                        for e in same
                    ]
                )
                clauses.append(f"peeked at {what}")
        elif k == "draw":
            card = ev.card
            if nxt is not None and nxt.kind in ("swap", "discard"):
                card = nxt.card  # the card shows once it is put down
            text = (
                f"drew {_cardw(card, style)} from the stock"
                if ev.source == "stock"
                else f"took {_cardw(card, style)} from the discard pile"
            )
            if nxt is not None and nxt.kind == "swap":
                where = "face-down " if not nxt.was_face_up else ""
                text += f" and put it at {_pos(nxt.pos)} in place of the {where}"
                text += style.card(nxt.replaced)
                i += 1
            elif nxt is not None and nxt.kind == "discard":
                text += " and discarded it"
                i += 1
            clauses.append(text)
        elif k == "swap":
            clauses.append(
                f"put {_cardw(ev.card, style)} at {_pos(ev.pos)} in place of the "
                f"{'' if ev.was_face_up else 'face-down '}{style.card(ev.replaced)}"
            )
        elif k == "discard":
            clauses.append(f"discarded {_cardw(ev.card, style)}")
        elif k == "flip":
            clauses.append(f"turned up {_cardw(ev.card, style)} at {_pos(ev.pos)}")
        elif k == "pass":
            clauses.append("turned nothing up")
        elif k == "knock":
            clauses.append("knocked")
        elif k == "look":
            seen = "" if ev.card is None else f" ({_card(ev, style)})"
            clauses.append(f"looked again at {_pos(ev.pos)}{seen}")
        elif k in ("bunker", "approach"):
            clauses.append(
                f"played {'a bunker' if k == 'bunker' else 'an approach'} shot, "
                f"swapping {_pos(ev.pos)} and {_pos(ev.pos2)}"
            )
        elif k == "out":
            clauses.append("went out (every card face up)")
        i += 1
    return ", then ".join(clauses)


END_REASONS = {
    "final turns played": "the final turns are played",
    "went out": "a player went out",
    "knocked": "a player knocked",
    "turn limit": "the turn limit was reached",
    "stock exhausted": "the stock ran out",
}


def describe_events(
    events: Sequence[Event], seat_names: Sequence[str], style: Style, you: int = -1
) -> list[str]:
    """Events in plain words, one line per turn; ``you`` reads as 'you'."""
    lines = []
    for seat, group in turn_groups(events):
        if seat < 0:
            for ev in group:
                if ev.kind == "reshuffle":
                    lines.append("The discard pile was shuffled into a new stock.")
                elif ev.kind == "end":
                    lines.append(f"The hole is over: {END_REASONS.get(ev.reason, ev.reason)}.")
            continue
        words = turn_words(group, style)
        if not words:
            continue
        who = "You" if seat == you or seat_names[seat] == "you" else seat_names[seat]
        lines.append(f"{who} {words}.")
    return lines


# --------------------------------------------------------------------------- bot faults


class StrictStop(StopMatch):
    """``--strict``: a bot faulted, stop the game (a
    :class:`~golfcli.exceptions.StopMatch`: the match must not play on)."""


class FaultLog:
    """The match's ``on_fault`` hook in ``golf play``: each bot fault as one
    line when it happens (a bot that fails every time must not just look
    weak), or with ``strict`` the end of the game at the first one."""

    def __init__(
        self,
        seats: Sequence[SeatSpec],
        say: Callable[[str], None],
        style: Style,
        strict: bool,
    ) -> None:
        self.seats = seats
        self.say = say
        self.style = style
        self.strict = strict
        self.first = ""  # with strict: the fault that stopped the game

    def __call__(self, seat: int, kind: str, message: str) -> None:
        s = self.seats[seat]
        text = " / ".join(ln.strip() for ln in message.splitlines() if ln.strip())
        text = text if len(text) <= 120 else text[:117] + "..."
        who = f"{s.name} ({s.kind})" if s.name != s.kind else s.name
        if self.strict:
            self.first = f"{who} faulted: {kind}: {text}"
            raise StrictStop()
        line = f"  Fault: {who}: {kind}: {text}; a random legal move is played."
        self.say(self.style.warn(line))

    def summary(self, match: Any) -> str:
        """'Bot faults: mybot 9 (crash 9). ...' or '' when every bot played cleanly."""
        parts = []
        for s, st in zip(self.seats, match.stats, strict=True):
            kinds = {k: n for k, n in st.faults.items() if n}
            if kinds:
                each = ", ".join(f"{k} {n}" for k, n in kinds.items())
                parts.append(f"{s.name} {sum(kinds.values())} ({each})")
        if not parts or self.strict:
            return ""
        return "Bot faults: " + "; ".join(parts) + ". A random legal move was played for each."
