"""Replies in, prompts and help out.

Positions are numbered 1..N row by row and printed beside every card; a
move is a letter or a number (``s``, ``d``, ``k``, ``3``).  Each phase has
its own reader; a move the rules refuse is answered with their own reason,
asked of a table built from the view (a human seat never touches the state).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .. import cards as C
from ..actions import Action, IllegalAction
from ..bots.common import state_from_view
from ..render import plural
from ..rulestext import turn_options
from ..state import HoleState
from ..variant import Turn
from ..view import View
from .narrate import join_and
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
        # isdecimal, not isdigit: int() refuses a superscript two that isdigit() accepts
        if not w.isdecimal():
            return f"{w!r} is not a position: positions are the numbers 1-{n} beside the cards"
        if len(w) > 9:  # no layout is that big; int() refuses 4300 digits and more
            return f"there is no position {w[:9]}...: positions are 1-{n}"
        p = int(w)
        if not 1 <= p <= n:
            return f"there is no position {p}: positions are 1-{n}"
        out.append(p - 1)
    return out


#: Moves only some variants have: in any other the letter is not a move at all,
#: and explaining the rule of a move the table does not play would only confuse.
_HOUSE_MOVES = {"l": "look_again", "b": "bunker_shot", "a": "approach_shot"}


def parse_reply(
    text: str,
    view: View,
    legal: Sequence[Action],
    style: Style | None = None,
    extra: int = 0,
) -> Reply:
    """Read one line typed at a prompt into actions, a command or an error.

    A refused move is answered with the rule's reason (:func:`why_not`);
    a human seat never touches the hole's state.  Cards in the errors are
    named as ``style`` prints them on the screen; ``extra`` is the seat's
    handicap (start cards beyond the variant's).
    """
    words = tokens(text)
    if not words:
        if len(legal) == 1:
            return Reply([legal[0]])
        return Reply(error="type a move (help lists them)")
    if words[0] in COMMANDS and len(words) == 1:
        return Reply(command=COMMANDS[words[0]])
    head = _WORDS.get(words[0], words[0])
    if head in _HOUSE_MOVES and not getattr(view.variant.turn, _HOUSE_MOVES[head]):
        return Reply(error=f"{words[0]!r} is not a move in {view.variant.name} (help lists them)")
    read = _READERS.get(view.phase)
    if read is None:
        return Reply(error="it is not your turn")
    reply = read(words, head, _Asked(view, legal, style or Style(), extra))
    if reply.actions and reply.actions[0] not in legal:
        return Reply(error=why_not(view, reply.actions[0]))
    return reply


@dataclass(frozen=True)
class _Asked:
    """What a reader knows besides the words: the seat's view and legal
    actions, how the screen names cards (errors say 5♣ where the board shows
    5♣), and the seat's handicap (start cards beyond the variant's)."""

    view: View
    legal: Sequence[Action]
    style: Style
    extra: int


def _setup_reply(words: list[str], head: str, asked: _Asked) -> Reply:
    """Start cards: one or several positions to turn up or peek at, no more
    than are still wanted (the rest would be refused one by one later)."""
    view, legal = asked.view, asked.legal
    n = view.variant.cells
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
    left = max(1, setup_left(view, asked.extra))
    if len(pos) > left:
        verb = "peek at" if kind == "peek" else "turn up"
        cards = "one more card" if left == 1 else f"{left} cards"
        eg = spread(legal, left, view.variant.cols)
        return Reply(error=f"{verb} {cards}, not {len(pos)}: e.g. {eg}")
    return Reply([Action(kind, p) for p in pos])


def _draw_reply(words: list[str], head: str, asked: _Asked) -> Reply:
    """The start of a turn: draw (``d 3`` takes the discard and places it),
    knock, or one of the variant's moves instead of drawing."""
    view = asked.view
    n = view.variant.cells
    rest = words[1:]
    if head == "s":
        if rest:
            return Reply(
                error="draw first, then say where the card goes: you see it before you choose"
            )
        return Reply([Action("draw_stock")])
    if head == "d":
        if not rest:
            return Reply([Action("draw_discard")])
        pos = _positions(rest, n)
        if isinstance(pos, str):
            return Reply(error=pos)
        if len(pos) != 1:
            return Reply(error="take the discard with one position at most, e.g. d 3")
        return Reply([Action("draw_discard"), Action("swap", pos[0])])
    if head == "k":
        return Reply([Action("knock")])
    if head in ("f", "l", "b", "a"):
        kind = {"f": "flip", "l": "look", "b": "bunker", "a": "approach"}[head]
        need = 2 if head in ("b", "a") else 1
        pos = _positions(rest, n)
        if isinstance(pos, str):
            return Reply(error=pos)
        if len(pos) != need:
            example = "b 2 3" if need == 2 else f"{head} 3"
            return Reply(error=f"{kind} needs {plural(need, 'position')}, e.g. {example}")
        return Reply([Action(kind, *pos)])
    if head.isdecimal():
        return Reply(
            error="first draw a card: s for the stock"
            + (f" or d for the {asked.style.card(view.discard[-1])}" if view.discard else "")
        )
    return Reply(error=f"{words[0]!r} is not a move here (help lists them)")


def _place_reply(words: list[str], head: str, asked: _Asked) -> Reply:
    """Holding a drawn card: a position to put it at, or ``d`` to discard it."""
    view = asked.view
    n = view.variant.cells
    if head == "d" and len(words) == 1:
        return Reply([Action("discard")])
    if (head == "s" and len(words) > 1) or head.isdecimal() or head in ("put", "swap"):
        pos = _positions(words[1:] if not head.isdecimal() else words, n)
        if isinstance(pos, str):
            return Reply(error=pos)
        if len(pos) != 1:
            return Reply(error=f"put the card at one position (1-{n})")
        return Reply([Action("swap", pos[0])])
    if head == "s":
        return Reply(
            error="you already hold a card: put it at a position"
            + (" or d to discard it" if view.drawn_from == "stock" else "")
        )
    return Reply(
        error=f"{words[0]!r} is not a move here: type a position (1-{n})"
        + (" or d to discard" if view.drawn_from == "stock" else "")
    )


def _flip_reply(words: list[str], head: str, asked: _Asked) -> Reply:
    """After discarding: a face-down card to turn up, or ``p`` to pass."""
    if head == "p" and len(words) == 1:
        return Reply([Action("pass")])
    if head == "f":
        words = words[1:]
    pos = _positions(words, asked.view.variant.cells)
    if isinstance(pos, str):
        return Reply(error=pos)
    if len(pos) != 1:
        return Reply(error="turn up one card: type its position")
    return Reply([Action("flip", pos[0])])


_READERS: dict[str, Callable[[list[str], str, _Asked], Reply]] = {
    "setup": _setup_reply,
    "draw": _draw_reply,
    "place": _place_reply,
    "flip": _flip_reply,
}


#: The rules' refusals (``IllegalAction.rule``) in the terminal's words:
#: positions counted from 1, and the key to press where there is one.
REFUSALS: dict[str, str] = {
    "face_up": "the card at {at} is already face up: choose a face-down card",
    "seen": "you have already looked at {at}: choose another card",
    "stock_only": "this variant only lets you draw from the stock",
    "discard_only": "this variant only lets you draw from the discard pile (d)",
    "discard_empty": "the discard pile is empty",
    "frozen": "the discard pile is frozen on final turns: draw from the stock (s)",
    "stock_empty": "the stock is empty",
    "no_knock": "this variant has no knocking",
    "ending": "the hole is already ending: no knocking on a final turn",
    "knock_face_down": "you may knock only with at most {limit} face down",
    "must_keep": "a card taken from the discard pile must be kept: put it at a position",
    "must_flip": "you must turn a face-down card up",
    "no_flip_draw": "this variant does not let you flip instead of drawing: draw first (s or d)",
    "no_look": "this variant does not let you spend a turn looking at a card",
    "no_shot": "{kind} shots are off in this variant",
    "shot_face_down": "a {kind} shot moves a face-up card; {at} is face down",
    "shot_target_bunker": "a bunker shot swaps with a card in an adjacent column",
    "shot_target_approach": "an approach shot swaps with another card in the same row",
}


def why_not(view: View, action: Action) -> str:
    """The rule that forbids ``action`` now, in words.

    The rules are asked, not checked again here: the state's own
    ``verify`` runs on a table built from the view alone (cards the seat
    cannot see are placeholders, and no rule reads them), and its refusal
    is put in the terminal's words."""
    try:
        _table_as_seen(view, action).verify(action)
    except IllegalAction as exc:
        rule = exc.rule + (f"_{action.kind}" if exc.rule == "shot_target" else "")
        words = REFUSALS.get(rule)
        if words is not None:
            at = "" if exc.pos is None else str(exc.pos + 1)
            n = view.variant.turn.knock_max_face_down
            limit = plural(n, "card") if n is not None else ""
            return words.format(at=at, kind=action.kind, limit=limit)
    return "that is not allowed now"


def _table_as_seen(view: View, action: Action) -> HoleState:
    """A hole holding only what ``view`` shows (placeholders for the cards the
    seat cannot see: no rule reads them), to ask the rules about ``action``."""
    setup = ""
    if view.phase == "setup":
        setup = action.kind if action.kind in ("reveal", "peek") else "reveal"
    return state_from_view(
        view, lambda: C.UNKNOWN, lambda: [C.UNKNOWN] * view.stock_size, setup=setup
    )


def setup_left(view: View, extra: int) -> int:
    """Start cards still to turn up / peek at for this seat's side."""
    v = view.variant
    mine = view.layouts[view.side]
    faceup = sum(1 for c in mine if c is not None)
    reveal = min(v.cells, v.start.reveal + extra)
    if faceup < reveal:
        return reveal - faceup
    return min(v.cells - reveal, v.start.peek) - len(view.memory)


def spread(legal: Sequence[Action], count: int, cols: int, first: int | None = None) -> str:
    """``count`` positions that may be chosen now, in different columns where
    the layout allows (as a player would spread them: more ways to match), for
    an example or a hint; ``first`` is taken first."""
    free = [a.pos for a in legal if a.pos >= 0]
    if first is not None and first in free:
        free.remove(first)
        free.insert(0, first)
    picked: list[int] = []
    for p in free:
        if len(picked) < count and all(q % cols != p % cols for q in picked):
            picked.append(p)
    for p in free:
        if len(picked) < count and p not in picked:
            picked.append(p)
    return " ".join(str(p + 1) for p in sorted(picked))


def prompt_text(view: View, legal: Sequence[Action], style: Style, extra: int = 0) -> str:
    """The question for this decision, naming each choice and its key."""
    n = view.variant.cells
    kinds = {a.kind for a in legal}
    if view.phase == "setup":
        left = max(1, setup_left(view, extra))
        if "peek" in kinds:
            if left == 1:
                return f"Peek at one more card (only you see it): which? (1-{n})"
            eg = spread(legal, left, view.variant.cols)
            return f"Peek at {left} cards (only you see them): which? (1-{n}, e.g. {eg})"
        cards = "one more card" if left == 1 else f"{left} cards"
        eg = f", e.g. {spread(legal, left, view.variant.cols)}" if left > 1 else ""
        return f"Turn up {cards} to start: which? (1-{n}{eg})"
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


#: Moves said the same whatever the view: their key in brackets.
_FIXED_WORDS = {
    "draw_stock": "draw from the stock (s)",
    "knock": "knock (k)",
    "discard": "discard it (d)",
    "pass": "turn nothing up (p)",
}
#: Moves at one position: the verb before its number.
_AT_WORDS = {"reveal": "turn up", "flip": "turn up", "peek": "peek at", "look": "look at"}


def describe_action(action: Action, view: View, style: Style) -> str:
    """A decision in words, for hints: 'take the 7♥ from the discard pile'."""
    k, p = action.kind, action.pos
    if k in _FIXED_WORDS:
        return _FIXED_WORDS[k]
    if k in _AT_WORDS:
        return f"{_AT_WORDS[k]} {p + 1}" + (" again" if k == "look" else "")
    if k == "draw_discard":
        return f"take the {style.card(view.discard[-1])} from the discard pile (d)"
    if k == "swap":
        held = "it" if view.drawn is None else f"the {style.card(view.drawn)}"
        return f"put {held} at {p + 1}"
    return f"{k} shot: swap {p + 1} and {action.pos2 + 1}"


def describe_reply(actions: Sequence[Action], view: View, style: Style) -> str:
    """Several moves typed at once, said back in one line: 'turn up 1, 4 and 7',
    'take the 7♥ from the discard pile (d), then put it at 3'."""
    kinds = {a.kind for a in actions}
    if kinds <= {"reveal", "peek"} and len(kinds) == 1:
        verb = "peek at" if "peek" in kinds else "turn up"
        return f"{verb} {join_and([str(a.pos + 1) for a in actions])}"
    return ", then ".join(describe_action(a, view, style) for a in actions)


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
    lines += [f"  {o.keys:<12}{o.help}" for o in turn_options(t)]
    lines += [
        "  Enter       when only one move is possible, do it",
        "Words work too: " + ", ".join(_aliases(t)) + ".",
        "Also: rules (this variant in words), scores or card (the scorecard so far),",
        "  help (h or ?), quit (q or exit).",
    ]
    return "\n".join(lines)


def _aliases(t: Turn) -> list[str]:
    """Every word the parser takes for a move of this variant ('draw or stock
    = s'), so that help lists them all and no alias is a secret."""
    letters = ["s", "d"] + [
        letter
        for letter, on in [
            ("p", t.flip_after_discard == "optional"),
            ("k", t.knock),
            ("f", t.flip_instead_of_draw or t.flip_after_discard != "never"),
            ("l", t.look_again),
            ("b", t.bunker_shot),
            ("a", t.approach_shot),
        ]
        if on
    ]
    return [
        " or ".join(w for w, k in _WORDS.items() if k == letter and w != letter) + f" = {letter}"
        for letter in letters
    ]
