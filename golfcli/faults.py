"""Bot faults: what a bot can do wrong, and what the match does about it.

This sits below the bots (and knows nothing of them or of the match): bot
adapters such as :class:`~golfcli.bots.external.ExternalBot` raise
:class:`BotFault` for a classified fault, and :class:`~golfcli.match.Match`
catches it, counts it and hands the decision to the fallback policy.
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .arguments import choice
from .exceptions import GolfError

if TYPE_CHECKING:  # imported when a bot crashes: the match imports this module
    from traceback import FrameSummary

#: A bot that times out, raises, answers in a broken format or names an
#: illegal action; every seat's fault counts have exactly these keys.
FAULT_KINDS = ("timeout", "crash", "malformed", "illegal")

#: What happens to a faulting seat: a random legal move for it, a forfeit of
#: the game, or disqualification from the rest of it.
FALLBACKS = ("random", "forfeit", "disqualify")

#: Strokes added to a side's hole score when it forfeits the hole (the
#: ``forfeit`` policy), unless a tournament config sets ``forfeit_penalty``.
FORFEIT_PENALTY = 20


class BotFault(GolfError):
    """Raised by bot adapters (e.g. external processes) for a classified fault:
    the bot's failure, not golf's and not the input's (``kind`` is one of
    :data:`FAULT_KINDS`)."""

    def __init__(self, kind: str, message: str) -> None:
        self.kind = kind if kind in FAULT_KINDS else choice("kind", kind, FAULT_KINDS)
        super().__init__(message)


def answer_fault(source: str, answer: object, legal: Sequence[object]) -> str:
    """The one message for a ``choose`` whose answer is none of the legal
    actions (an ``illegal`` fault), worded the same on both builds: the bot
    (its file, ``module:Name`` or class), what it returned and what it must
    return.  ``bots/mine.py: choose returned 'swap 9', which is not legal
    now; it must return one of the legal actions it was given (swap 0, swap
    1, discard), as an Action or its text"."""
    from .actions import ACTION_KINDS, Action
    from .arguments import listing, shown
    from .exceptions import InputError

    action: object = answer
    if isinstance(answer, str):
        with contextlib.suppress(InputError):
            action = Action.from_json(answer)
    if isinstance(action, tuple) and len(action) == 3 and action[0] in ACTION_KINDS:
        what = "which is not legal now"
    elif isinstance(answer, str | tuple):
        what = "which is not an action"
    else:
        what = f"{_article(type(answer).__name__)}, not an action"
    return (
        f"{source}: choose returned {shown(answer)}, {what}; it must return one of the legal "
        f"actions it was given ({listing([str(a) for a in legal], 80)}), as an Action or its text"
    )


def _article(noun: str) -> str:
    return f"an {noun}" if noun[:1].lower() in "aeiou" else f"a {noun}"


def crash_message(exc: BaseException) -> str:
    """A crash in one line: the exception and the place in the bot's own code
    it came from, ``KeyError: 'missing' (crash2.py:12, in choose)``."""
    text = f"{type(exc).__name__}: {_said(exc)}"
    place = crash_place(exc)
    return f"{text} ({place})" if place else text


def crash_place(exc: BaseException) -> str:
    """Where a crash came from, ``crash2.py:12, in choose``: the innermost
    frame outside golf and outside Python's own library, so that a bot that
    hands bad input to ``random.choice`` is told where it called it, not
    where ``random`` failed; without such a frame (a built-in bot), the
    innermost frame; "" without a traceback."""
    frames = _frames(exc)
    if not frames:
        return ""
    place = next((f for f in reversed(frames) if _own(f.filename)), frames[-1])
    return f"{os.path.basename(place.filename)}:{place.lineno}, in {place.name}"


def crash_trace(exc: BaseException, frames: int = 6) -> str:
    """The traceback's last ``frames`` frames below golf's own and the
    exception, as Python prints them: what a bot author reads to find the bug."""
    import traceback

    stack = _frames(exc)
    while stack and _golf(stack[0].filename):  # the adapter that called the bot
        stack.pop(0)
    lines = ["Traceback (most recent call last):\n"]
    if len(stack) > frames:
        lines.append(f"  ... {len(stack) - frames} frame(s) above ...\n")
    lines += traceback.format_list(stack[-frames:])
    lines += [f"{type(exc).__name__}: {_said(exc)}\n"]
    return "".join(lines)


def _said(exc: BaseException) -> str:
    """``str(exc)`` of a hostile bot's exception, which may itself raise."""
    try:
        return str(exc)
    except Exception:
        return "(its message cannot be printed)"


def _frames(exc: BaseException) -> list[FrameSummary]:
    import traceback

    return list(traceback.extract_tb(exc.__traceback__, limit=-100))


_GOLF = os.path.dirname(os.path.abspath(__file__)) + os.sep


def _golf(filename: str) -> bool:
    return os.path.abspath(filename).startswith(_GOLF)


def _own(filename: str) -> bool:
    """Whether a frame's file is the bot's code: neither golf's nor Python's
    library (the standard library, installed packages) nor a frozen module."""
    if filename.startswith("<") or _golf(filename):
        return False
    path = os.path.abspath(filename)
    return not any(path.startswith(lib) for lib in _libraries())


@functools.cache
def _libraries() -> tuple[str, ...]:
    import sysconfig

    paths = sysconfig.get_paths()
    return tuple(
        os.path.abspath(paths[k]) + os.sep for k in ("stdlib", "platstdlib", "purelib", "platlib")
    )
