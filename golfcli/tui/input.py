"""Replies in, prompts and help out.

Positions are numbered 1..N row by row and printed beside every card; a
move is a letter or a number (``s``, ``d``, ``k``, ``3``).  Bad input is
answered with the rule that forbids it, worked out from the view and the
legal-action list (the view has no state to ask).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from .. import cards as C
from ..state import Action
from ..view import View
from .style import Style

# --------------------------------------------------------------------------- input


@dataclass
class Reply:
    """What a line of input asks for: actions (the first now, the rest queued
    for the same turn), a meta ``command``, or an ``error`` to show."""

    actions: list[Action] = field(default_factory=list)
    command: str = ""
    error: str = ""


COMMANDS = {
    "help": "help",
    "h": "help",
    "?": "help",
    "quit": "quit",
    "q": "quit",
    "exit": "quit",
    "rules": "rules",
    "scores": "scores",
    "score": "scores",
    "card": "scores",
    "scorecard": "scores",
}
_WORDS = {
    "stock": "s",
    "draw": "s",
    "s": "s",
    "discard": "d",
    "d": "d",
    "take": "d",
    "x": "d",
    "knock": "k",
    "k": "k",
    "flip": "f",
    "f": "f",
    "turn": "f",
    "look": "l",
    "l": "l",
    "bunker": "b",
    "b": "b",
    "pitch": "b",
    "approach": "a",
    "a": "a",
    "pass": "p",
    "p": "p",
    "no": "p",
    "n": "p",
    "none": "p",
}


def tokens(text: str) -> list[str]:
    """Split input into words and numbers: 'd3' -> ['d', '3'], 'flip 2,5' -> ['flip', '2', '5']."""
    out: list[str] = []
    for word in text.lower().replace(",", " ").split():
        m = re.fullmatch(r"([a-z]+)(\d+)", word)
        out.extend(m.groups() if m else [word])
    return out


def _positions(words: Sequence[str], n: int) -> list[int] | str:
    out = []
    for w in words:
        if not w.isdigit():
            return f"{w!r} is not a position: positions are the numbers 1-{n} beside the cards"
        p = int(w)
        if not 1 <= p <= n:
            return f"there is no position {p}: positions are 1-{n}"
        out.append(p - 1)
    return out


def parse_reply(text: str, view: View, legal: Sequence[Action]) -> Reply:
    """Read one line typed at a prompt into actions, a command or an error.

    The reasons mirror ``HoleState.verify_*`` but are worked out from the
    view and ``legal`` alone: a human seat never touches the state.
    """
    words = tokens(text)
    n = view.variant.cells
    if not words:
        if len(legal) == 1:
            return Reply([legal[0]])
        return Reply(error="type a move (help lists them)")
    if words[0] in COMMANDS and len(words) == 1:
        return Reply(command=COMMANDS[words[0]])
    phase = view.phase
    actions: list[Action] = []
    head = _WORDS.get(words[0], words[0])
    if phase == "setup":
        kind = legal[0].kind if legal else "reveal"
        if head == "f" or words[0] in ("peek", "reveal", "up"):
            words = words[1:]
        pos = _positions(words, n)
        if isinstance(pos, str):
            return Reply(error=pos)
        if len(set(pos)) != len(pos):
            return Reply(error="you named the same position twice")
        if not pos:
            return Reply(error=f"which card? type its position (1-{n})")
        actions = [Action(kind, p) for p in pos]
    elif phase == "draw":
        rest = words[1:]
        if head == "s":
            if rest:
                return Reply(
                    error="draw first, then say where the card goes: you see it before you choose"
                )
            actions = [Action("draw_stock")]
        elif head == "d":
            actions = [Action("draw_discard")]
            if rest:
                pos = _positions(rest, n)
                if isinstance(pos, str):
                    return Reply(error=pos)
                if len(pos) != 1:
                    return Reply(error="take the discard with one position at most, e.g. d 3")
                actions.append(Action("swap", pos[0]))
        elif head == "k":
            actions = [Action("knock")]
        elif head in ("f", "l", "b", "a"):
            kind = {"f": "flip", "l": "look", "b": "bunker", "a": "approach"}[head]
            need = 2 if head in ("b", "a") else 1
            pos = _positions(rest, n)
            if isinstance(pos, str):
                return Reply(error=pos)
            if len(pos) != need:
                example = "b 2 3" if need == 2 else f"{head} 3"
                return Reply(
                    error=f"{kind} needs {need} position{'s' if need > 1 else ''}, e.g. {example}"
                )
            actions = [Action(kind, *pos)]
        elif head.isdigit():
            return Reply(
                error="first draw a card: s for the stock"
                + (f" or d for the {C.card_str(view.discard[-1])}" if view.discard else "")
            )
        else:
            return Reply(error=f"{words[0]!r} is not a move here (help lists them)")
    elif phase == "place":
        if head == "d" and len(words) == 1:
            actions = [Action("discard")]
        elif (head == "s" and len(words) > 1) or head.isdigit() or head in ("put", "swap"):
            pos = _positions(words[1:] if not head.isdigit() else words, n)
            if isinstance(pos, str):
                return Reply(error=pos)
            if len(pos) != 1:
                return Reply(error=f"put the card at one position (1-{n})")
            actions = [Action("swap", pos[0])]
        elif head == "s":
            return Reply(
                error="you already hold a card: put it at a position"
                + (" or d to discard it" if view.drawn_from == "stock" else "")
            )
        else:
            return Reply(
                error=f"{words[0]!r} is not a move here: type a position (1-{n})"
                + (" or d to discard" if view.drawn_from == "stock" else "")
            )
    elif phase == "flip":
        if head == "p" and len(words) == 1:
            actions = [Action("pass")]
        else:
            if head == "f":
                words = words[1:]
            pos = _positions(words, n)
            if isinstance(pos, str):
                return Reply(error=pos)
            if len(pos) != 1:
                return Reply(error="turn up one card: type its position")
            actions = [Action("flip", pos[0])]
    else:
        return Reply(error="it is not your turn")
    if actions[0] not in legal:
        return Reply(error=why_not(view, actions[0]))
    return Reply(actions)


def why_not(view: View, action: Action) -> str:
    """The rule that forbids ``action`` now, in words (from the view alone)."""
    v = view.variant
    t = v.turn
    k, p = action.kind, action.pos
    mine = view.layouts[view.side]
    up = p >= 0 and p < len(mine) and mine[p] is not None
    if k in ("reveal", "flip", "look", "peek") and up:
        return f"the card at {p + 1} is already face up: choose a face-down card"
    if k == "peek" and p in dict(view.memory):
        return f"you have already looked at {p + 1}: choose another card"
    if k == "draw_discard":
        if "discard" not in t.draw_from:
            return "this variant only lets you draw from the stock"
        if not view.discard:
            return "the discard pile is empty"
        if view.final_turn and v.end.frozen_discard:
            return "the discard pile is frozen on final turns: draw from the stock (s)"
    if k == "draw_stock" and view.stock_size == 0:
        return "the stock is empty"
    if k == "knock":
        if not t.knock:
            return "this variant has no knocking"
        return "the hole is already ending: no knocking on a final turn"
    if k == "discard":
        return "a card taken from the discard pile must be kept: put it at a position"
    if k == "pass":
        return "you must turn a face-down card up"
    if k == "flip" and view.phase == "draw":
        return "this variant does not let you flip instead of drawing: draw first (s or d)"
    if k == "look":
        return "this variant does not let you spend a turn looking at a card"
    if k in ("bunker", "approach"):
        if not (t.bunker_shot if k == "bunker" else t.approach_shot):
            return f"{k} shots are off in this variant"
        if not up:
            return f"a {k} shot moves a face-up card; {p + 1} is face down"
        if k == "bunker":
            return "a bunker shot swaps with a card in an adjacent column"
        return "an approach shot swaps with another card in the same row"
    return "that is not allowed now"


def _setup_left(view: View, extra: int) -> int:
    """Start cards still to turn up / peek at for this seat's side."""
    v = view.variant
    mine = view.layouts[view.side]
    faceup = sum(1 for c in mine if c is not None)
    reveal = min(v.cells, v.start.reveal + extra)
    if faceup < reveal:
        return reveal - faceup
    return min(v.cells - reveal, v.start.peek) - len(view.memory)


def prompt_text(view: View, legal: Sequence[Action], style: Style, extra: int = 0) -> str:
    """The question for this decision, naming each choice and its key."""
    n = view.variant.cells
    kinds = {a.kind for a in legal}
    if view.phase == "setup":
        left = max(1, _setup_left(view, extra))
        if "peek" in kinds:
            if left == 1:
                return f"Peek at one more card (only you see it): which? (1-{n})"
            return f"Peek at {left} cards (only you see them): which? (1-{n}, e.g. 1 2)"
        cards = "one more card" if left == 1 else f"{left} cards"
        return f"Turn up {cards} to start: which? (1-{n}{', e.g. 1 4' if left > 1 else ''})"
    if view.phase == "draw":
        opts = []
        if "draw_stock" in kinds:
            opts.append("draw from the (s)tock")
        if "draw_discard" in kinds:
            opts.append(f"take the (d)iscard {style.card(view.discard[-1])}")
        if "knock" in kinds:
            opts.append("(k)nock")
        if "flip" in kinds:
            opts.append("(f)lip a card (f 3)")
        if "look" in kinds:
            opts.append("(l)ook at one again (l 3)")
        if "bunker" in kinds:
            opts.append("play a (b)unker shot (b 1 2)")
        if "approach" in kinds:
            opts.append("an (a)pproach shot (a 1 2)")
        text = ", ".join(opts[:-1]) + (" or " if len(opts) > 1 else "") + opts[-1]
        return text[0].upper() + text[1:] + "?"
    if view.phase == "place":
        assert view.drawn is not None
        if "discard" in kinds:
            return f"Put the {style.card(view.drawn)} where? (1-{n}, or d to discard it)"
        return f"Put the {style.card(view.drawn)} where? (1-{n}; a discard you take must be kept)"
    downs = ", ".join(str(a.pos + 1) for a in legal if a.kind == "flip")
    if "pass" in kinds:
        return f"Turn a card up? ({downs}, or p to pass)"
    return f"Turn up which card? ({downs})"


def describe_action(action: Action, view: View, style: Style) -> str:
    """A decision in words, for hints: 'take the 7♥ from the discard pile'."""
    k, p = action.kind, action.pos
    if k == "reveal":
        return f"turn up {p + 1}"
    if k == "peek":
        return f"peek at {p + 1}"
    if k == "draw_stock":
        return "draw from the stock (s)"
    if k == "draw_discard":
        return f"take the {style.card(view.discard[-1])} from the discard pile (d)"
    if k == "knock":
        return "knock (k)"
    if k == "swap":
        held = "it" if view.drawn is None else f"the {style.card(view.drawn)}"
        return f"put {held} at {p + 1}"
    if k == "discard":
        return "discard it (d)"
    if k == "flip":
        return f"turn up {p + 1}"
    if k == "pass":
        return "turn nothing up (p)"
    if k == "look":
        return f"look at {p + 1} again"
    return f"{k} shot: swap {p + 1} and {action.pos2 + 1}"


def help_text(view: View, legal: Sequence[Action], style: Style) -> str:
    """The moves of this variant, starting with what the current prompt wants."""
    v = view.variant
    n = v.cells
    t = v.turn
    kinds = {a.kind for a in legal}
    if view.phase == "setup":
        verb = "peek at" if "peek" in kinds else "turn up"
        now = f"type the positions of the cards to {verb}, one or several at once, e.g. 1 or 1 4"
    elif view.phase == "draw":
        now = "start your turn: s to draw from the stock" + (
            ", d to take the discard" if "draw_discard" in kinds else ""
        )
    elif view.phase == "place":
        now = f"type where the card you hold goes (1-{n})" + (
            ", or d to discard it" if "discard" in kinds else ""
        )
    else:
        now = "type which face-down card to turn up" + (", or p to pass" if "pass" in kinds else "")
    example = style.paint("[", "36") + style.card(C.make(7, C.HEARTS)) + style.paint("]", "36")
    lines = [
        f"Now: {now}.",
        f"Positions are numbered 1-{n}, row by row; the number is printed before each card.",
        f"  ? is a face-down card; {example} is a face-down card you looked at (only you see it).",
        "Moves (a letter or a word):",
        "  s           draw the top card of the stock",
    ]
    if "discard" in t.draw_from:
        lines.append("  d, d 3      take the top discard (d 3: and put it at 3 straight away)")
    lines.append(f"  3           put the card you hold at position 3 (1-{n}), or turn up card 3")
    lines.append("  d           holding a card from the stock: discard it")
    if t.flip_after_discard == "optional":
        lines.append("  p           after discarding: turn nothing up")
    if t.knock:
        lines.append("  k           knock instead of drawing: everyone else has one last turn")
    if t.flip_instead_of_draw:
        lines.append("  f 3         turn up card 3 instead of drawing")
    if t.look_again:
        lines.append("  l 3         spend your turn looking at face-down card 3 again")
    if t.bunker_shot:
        lines.append("  b 1 2       bunker shot: face-up 1 trades places with 2 (next column)")
    if t.approach_shot:
        lines.append("  a 1 2       approach shot: face-up 1 trades places with 2 (same row)")
    lines += [
        "  Enter       when only one move is possible, do it",
        "Also: rules (this variant in words), scores (the scorecard so far), help, quit.",
    ]
    return "\n".join(lines)
