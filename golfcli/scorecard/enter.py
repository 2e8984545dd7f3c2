"""Entering a hole: the one body behind ``golf card add`` (every side) and
``golf card playoff`` (the tied sides), and the hole a ``fix`` names.
See :mod:`.edit` for the read, ask, lock and write cycle.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import fail

if TYPE_CHECKING:
    from .model import Change, Scorecard


def open_sides(card: Scorecard, file: Path, playoff: bool) -> list[int]:
    """The sides the next hole is for: every side, or the tied ones for a
    playoff; one line if that kind of hole cannot be entered now."""
    from .standings import standing

    st = standing(card)
    if not playoff:
        if st.finished:
            more = " or settle the tie with `golf card playoff`" if st.tied else ""
            fail(f"{file}: the game is over; correct a hole with `golf card fix`{more}")
        return list(range(len(card.sides)))
    if not st.finished:
        left = "" if st.holes_left is None else f" ({st.holes_left} holes to play)"
        fail(f"{file}: the game is not over yet{left}; a playoff settles a tie at the end")
    if not st.tied:
        fail(f"{file}: nothing to settle: {card.side_names[st.winners[0]]} has won")
    return list(st.winners)


def next_label(card: Scorecard, playoff: bool) -> str:
    """The label the next hole will have: "7", or "P1" for a first playoff hole."""
    if playoff:
        return f"P{len(card.played) - len(card.regular) + 1}"
    return str(len(card.regular) + 1)


def enter_hole(file: Path, values: list[str] | None, closer: str | None, playoff: bool) -> None:
    """Read, ask, count, append, write and report the next hole: the one body
    behind ``add`` (every side) and ``playoff`` (the tied sides).  See
    :mod:`.edit` for the cycle and what happens when the card changes while a
    person types."""
    from . import edit
    from .history import entered
    from .model import EnteredHole, label_words

    variant = edit.VariantLoader(file)  # loaded once, if a step needs it
    seen = edit.load(file, variant=variant)
    sides = open_sides(seen, file, playoff)
    given = edit.assignments(seen, values or [], sides)
    edit.closer_index(seen, closer, sides)
    label = label_words(next_label(seen, playoff))
    texts, asked = edit.ask_missing(seen, variant, given, sides, label)

    def make(card: Scorecard) -> Change:
        if open_sides(card, file, playoff) != sides:
            fail(f"{file}: the tied players changed meanwhile; nothing written")
        where = label_words(next_label(card, playoff))
        typed, var = edit.read_all(card, variant, texts, sides, where)
        out = edit.closer_index(card, closer, sides)
        names = card.side_names
        entries = edit.count(file, var, typed, out, [names[i] for i in sides], where)
        scores = {names[i]: e for i, e in zip(sides, entries, strict=True)}
        who = None if out is None else names[sides[out]]
        return entered(card, EnteredHole(len(card.played) + 1, scores, playoff=playoff, closer=who))

    def question(card: Scorecard) -> str:
        open_sides(card, file, playoff)  # the game may have ended meanwhile: no question then
        return f"Enter your scores as {label_words(next_label(card, playoff))}?"

    card, _ = edit.write(file, seen, asked, make, question)
    edit.report_hole(card, file, len(card.played) - 1)


def hole_index(card: Scorecard, file: Path, hole: str) -> int:
    """``--hole 3`` or ``--hole P1`` -> the index in ``card.played``, or one line."""
    from .model import find_hole

    index = find_hole(card, hole)
    if index is None:
        regular = len(card.regular)
        have = [f"1 to {regular}" if regular > 1 else "1"] if regular else []
        extra = len(card.played) - regular
        have += [f"P1 to P{extra}" if extra > 1 else "P1"] if extra else []
        n = len(card.played)
        shown = f"{n} hole{'s' if n != 1 else ''} entered"
        shown += f": {', '.join(have)}" if have else ""
        fail(f"--hole {hole.strip()}: no such hole on {file} ({shown})")
    return index
