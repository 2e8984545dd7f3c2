"""Events in words: what each turn did, told the way a player would say it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..state import Event
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


def _and(items: Sequence[str]) -> str:
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
                what = _and([f"{_card(e, style)} at {_pos(e.pos)}" for e in same])
                clauses.append(f"turned up {what}")
            else:
                what = _and(
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
