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

from collections.abc import Sequence

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
    except ValueError:
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
