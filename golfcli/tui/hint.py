"""The coach's line: a bot's move in words, with a number only where it means
what it says.

A bot's own valuation of a move mixes the layout's expected score with
heuristics (pattern savings still to come, tempo, a spread of start cards),
so its differences are no score change a player can believe: "turn up 1;
-31.7" at the start of a hole.  The one number shown here is worked out
from the rules instead: the change in the expected score of the player's own
layout (face-down cards averaged over the cards not seen) when a known card
is put in place, which is what a swap decides.  Every other move gets the
reason in words.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from .. import cards as C
from ..scoring import expected_total
from ..state import Action
from ..view import View
from .input import describe_action, describe_reply, setup_left, spread
from .style import Style

#: Samples for the expectation when enumerating is too big: a hint must come
#: quickly, and both sides of a difference use the same seed (the noise of a
#: sample mostly cancels out).
SAMPLES = 2000


def swap_change(view: View, pos: int) -> float | None:
    """Expected change of this seat's layout score if the held card goes to
    ``pos`` (None when there is no held card or the expectation fails)."""
    if view.drawn is None:
        return None
    before = [C.UNKNOWN if c is None else c for c in view.known_layout()]
    after = list(before)
    after[pos] = view.drawn
    try:
        old = expected_total(view.variant, before, view.players, max_exact=SAMPLES, samples=SAMPLES)
        new = expected_total(view.variant, after, view.players, max_exact=SAMPLES, samples=SAMPLES)
    except C.CardError:  # more face-down cards than the deck has left
        return None
    return new.expected - old.expected


def _reason(action: Action, view: View, style: Style) -> str:
    """Why a move like this is made, in words (no number)."""
    k = action.kind
    top = style.card(view.discard[-1]) if view.discard else ""
    if k == "draw_stock" and top:
        return f"a fresh card is likely to do more for you than the {top}"
    if k == "draw_discard":
        return "it does more for your layout than a fresh card is likely to"
    if k == "discard":
        return "it would not lower your expected score enough to keep"
    if k == "knock":
        return "end the hole while your layout is low"
    return ""


def hint_text(
    action: Action, view: View, legal: Sequence[Action], style: Style, extra: int = 0
) -> str:
    """The move in words and, for a swap, the expected change of the layout's
    score; at the start of a hole, as many start cards as are to be chosen
    (the bot's pick first, the rest spread over the other columns)."""
    if view.phase == "setup":
        left = max(1, setup_left(view, extra))
        picks = [int(p) - 1 for p in spread(legal, left, view.variant.cols, action.pos).split()]
        moves = [Action(action.kind, p) for p in picks]
        text = describe_reply(moves, view, style)
        if left > 1:
            text += ": start cards in different columns leave more ways to match"
        return text
    text = describe_action(action, view, style)
    if action.kind == "swap":
        change = swap_change(view, action.pos)
        if change is not None:
            if abs(change) < 0.05:
                return f"{text}: your expected score for this hole stays the same"
            way = "lowers" if change < 0 else "raises"
            return f"{text}: it {way} your expected score for this hole by {abs(change):.1f}"
    reason = _reason(action, view, style)
    return f"{text}: {reason}" if reason else text


# --------------------------------------------------------------------------- the coach

#: The bots asked for hints, strongest first: mc, else expert, else greedy.
HINT_LADDER = ("mc", "expert", "greedy")
#: A per-decision time budget for bots that take one, so a hint is quick.
HINT_OPTIONS: dict[str, dict[str, Any]] = {"mc": {"time": 0.5}}
#: A hint slower than this (seconds) moves the hints one bot down the ladder.
HINT_SLOW = 2.0


def load_hint_bot(names: list[str], seed: Any) -> tuple[str, Any] | None:
    """Take names off the front of ``names`` until one loads as a bot.

    Any failure (the bot is not written yet, or rejects the time budget)
    just moves down the ladder: hints are a help, never a reason to stop.
    """
    from ..bots.registry import make_bot

    while names:
        name = names.pop(0)
        opts = HINT_OPTIONS.get(name)
        for options in [opts, None] if opts else [None]:
            try:
                return name, make_bot(name, seed=f"{seed}:hints", options=options)
            except Exception:  # not available: try without options, then the next bot
                continue
    return None


class Coach:
    """``golf play --hints``: the strongest bot that loads, asked on each turn.

    A bot too slow for a person to wait on is replaced by the next one down
    the ladder, and the player is told."""

    def __init__(self, seed: Any) -> None:
        self.seed = seed
        self.names = list(HINT_LADDER)
        self.bot: tuple[str, Any] | None = None

    def lines(self, view: View, legal: Sequence[Action], style: Style, extra: int) -> list[str]:
        """What to show: the hint (see :func:`hint_text`), or why there is none."""
        if self.bot is None:
            self.bot = load_hint_bot(self.names, self.seed)
        if self.bot is None:
            return [style.dim("(no hint: no bot could be loaded)")]
        name, bot = self.bot
        t0 = time.perf_counter()
        try:
            action = bot.choose(view, legal)
        except Exception as exc:  # a hint must never stop the game
            return [style.dim(f"(no hint: {name} failed: {type(exc).__name__}: {exc})")]
        took = time.perf_counter() - t0
        if action not in legal:
            return [style.dim(f"(no hint: {name} suggested an illegal move)")]
        out = [style.paint(f"Hint ({name}): {hint_text(action, view, legal, style, extra)}", "32")]
        if took > HINT_SLOW:
            faster = load_hint_bot(self.names, self.seed)
            if faster is not None:
                self.bot = faster
                out.append(style.dim(f"({name} took {took:.0f}s; hints now come from {faster[0]})"))
        return out
