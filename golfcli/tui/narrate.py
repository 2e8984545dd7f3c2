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
        k, d = ev.kind, ev.data
        nxt = group[i + 1] if i + 1 < len(group) else None
        if k in ("reveal", "peek"):
            same = [ev]
            while i + 1 < len(group) and group[i + 1].kind == k:
                i += 1
                same.append(group[i])
            if k == "reveal":
                what = _and([f"{style.card(e.data[1])} at {_pos(e.data[0])}" for e in same])
                clauses.append(f"turned up {what}")
            else:
                what = _and(
                    [
                        _pos(e.data[0])
                        + ("" if e.data[1] is None else f" ({style.card(e.data[1])})")
                        for e in same
                    ]
                )
                clauses.append(f"peeked at {what}")
        elif k == "draw":
            source, card = d
            if nxt is not None and nxt.kind == "swap":
                card = nxt.data[1]
            elif nxt is not None and nxt.kind == "discard":
                card = nxt.data[0]
            text = (
                f"drew {_cardw(card, style)} from the stock"
                if source == "stock"
                else f"took {_cardw(card, style)} from the discard pile"
            )
            if nxt is not None and nxt.kind == "swap":
                p, _, old, was_up = nxt.data
                where = "face-down " if not was_up else ""
                text += f" and put it at {_pos(p)} in place of the {where}{style.card(old)}"
                i += 1
            elif nxt is not None and nxt.kind == "discard":
                text += " and discarded it"
                i += 1
            clauses.append(text)
        elif k == "swap":
            p, card, old, was_up = d
            clauses.append(
                f"put {_cardw(card, style)} at {_pos(p)} in place of the "
                f"{'' if was_up else 'face-down '}{style.card(old)}"
            )
        elif k == "discard":
            clauses.append(f"discarded {_cardw(d[0], style)}")
        elif k == "flip":
            clauses.append(f"turned up {_cardw(d[1], style)} at {_pos(d[0])}")
        elif k == "pass":
            clauses.append("turned nothing up")
        elif k == "knock":
            clauses.append("knocked")
        elif k == "look":
            seen = "" if d[1] is None else f" ({style.card(d[1])})"
            clauses.append(f"looked again at {_pos(d[0])}{seen}")
        elif k in ("bunker", "approach"):
            clauses.append(
                f"played {'a bunker' if k == 'bunker' else 'an approach'} shot, "
                f"swapping {_pos(d[0])} and {_pos(d[1])}"
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
                    lines.append(f"The hole is over: {END_REASONS.get(ev.data[0], ev.data[0])}.")
            continue
        words = turn_words(group, style)
        if not words:
            continue
        who = "You" if seat == you or seat_names[seat] == "you" else seat_names[seat]
        lines.append(f"{who} {words}.")
    return lines
