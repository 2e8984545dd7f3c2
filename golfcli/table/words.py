"""What a table says in words: the moves a seat may make, what happened,
a bot's fault, a finished hole and the result.

The words are the terminal game's (:mod:`golfcli.tui`), asked, not written
again: a move as the coach says it (``describe_action``), a turn as
``golf play`` tells it (``describe_events``, from a seat's censored
history), the result as its last line says it.  Only the keyboard keys the
terminal prints after a move (``draw from the stock (s)``) are left off: a
page is tapped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..actions import Action
from ..breakdown import match_text
from ..events import Event
from ..matchresult import HoleRecord
from ..tui.board import result_text
from ..tui.input import describe_action
from ..tui.narrate import describe_events
from ..tui.style import Style
from ..view import View

#: Cards with suit symbols, no colour codes: a page colours them itself.
STYLE = Style(symbols=True, colour=False)

_KEY = re.compile(r" \([a-z]\)$")

#: A bot's fault as everyone is told it.  The bot's own message is not
#: passed on: it is the bot's text and may name a card the bot has seen
#: (its peeked cards), which the other seats must not learn from it.
FAULT_WORDS = {
    "crash": "its code raised an error",
    "timeout": "it did not answer in time",
    "malformed": "its answer was no move",
    "illegal": "it chose a move that is not allowed",
}


def action_label(action: Action, view: View) -> str:
    """A legal move in words, as the coach says it, without the terminal's key."""
    return _KEY.sub("", describe_action(action, view, STYLE))


def legal_json(legal: Sequence[Action], view: View) -> list[dict[str, Any]]:
    """The legal moves as a page offers them: each action's fields and its words."""
    return [{**a.to_json(), "label": action_label(a, view)} for a in legal]


def told_upto(history: Sequence[Event], current: int, over: bool) -> int:
    """How much of ``history`` is whole turns: the turn of the seat still to
    play (a card drawn and not yet placed, start cards still to turn) is
    told when it is finished, in one line, as the terminal tells it."""
    if over or not history:
        return len(history)
    last = history[-1].seat
    if last < 0 or last != current:
        return len(history)
    i = len(history)
    while i > 0 and history[i - 1].seat == last:
        i -= 1
    return i


def narrate(events: Sequence[Event], names: Sequence[str], seat: int) -> list[str]:
    """Censored events in words for ``seat`` (its own moves as "You ...")."""
    return describe_events(events, names, STYLE, you=seat)


def fault_line(name: str, kind: str) -> str:
    words = FAULT_WORDS.get(kind, kind)
    return f"{name} faulted ({kind}: {words}); a random legal move is played for it."


def hole_lines(rec: HoleRecord, side_names: Sequence[str], cols: int) -> list[dict[str, Any]]:
    """A finished hole, side by side: each side's score and what matched
    (every card is face up by then, so this is the whole table's)."""
    out = []
    for s, name in enumerate(side_names):
        notes: list[str] = []
        if rec.score is not None:
            side = rec.score.sides[s]
            notes += [match_text(m, cols, numbered=True) for m in side.layout.matches]
            if side.penalties:
                notes.append(f"penalties from opponents {side.penalties:+d}")
            notes += [f"{label} {d:+d}" for label, d in side.adjustments]
        out.append({"side": s, "name": name, "score": rec.scores[s], "notes": notes})
    return out


def result_line(
    side_names: Sequence[str], holes: Sequence[HoleRecord], scoring: str, winners: Sequence[int]
) -> str:
    """The game's result in a sentence, as ``golf play`` ends with it."""
    return result_text(side_names, holes, scoring, winners).removeprefix("Result: ")
