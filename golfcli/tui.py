"""The terminal game (``golf play``) and the record viewer (``golf replay``).

A person is just another seat: :class:`HumanSeat` has the same
``choose(view, legal)`` as a bot, so :class:`~golfcli.match.Match` runs one
game loop for bots, humans and any mix of them.  Everything a human is shown
during play is rendered from that seat's :class:`~golfcli.view.View` (the one
censoring function), never from the state, so a hidden card cannot leak onto
the screen by accident.  Only ``golf replay`` and the end of a hole -- when
every card is face up by rule -- draw from full information.

Input is short on purpose (issue #3): positions are numbered 1..N row by
row and printed beside every card, a move is a letter or a number (``s``,
``d``, ``3``, ``d3``), and every prompt names its choices in plain words.
Bad input is answered with the rule that forbids it, worked out from the
view and the legal-action list (the view has no state to ask).

Colour and suit symbols are used only on a terminal that can show them
(a TTY without ``NO_COLOR``, an encoding that has ♣♦♥♠); ``--ascii``
turns both off.  Tables go through ``tabulate`` like the rest of the CLI;
rich is not needed for a few ANSI colours and keeps its import time out of
the game's start-up.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, NoReturn

import typer
from tabulate import tabulate

from . import cards as C
from .match import HoleRecord, Match, MatchResult, hole_winners, match_standing, side_names
from .scoring import HoleScore, compiled
from .scoring import Match as Matched
from .state import Action, Event, HoleState, actions_of
from .variant import Variant
from .view import View, censor

HUMAN = "human"
PUBLIC = -1  # censor() for nobody's eyes: what everyone at the table sees


class UsageError(ValueError):
    """Bad command-line input for ``golf play``: one line on stderr, exit 2."""


class QuitGame(BaseException):
    """The person asked to stop.

    A ``BaseException`` on purpose: the match runner treats any ``Exception``
    from a seat's ``choose`` as a bot fault and plays on with a random move,
    which is exactly wrong for a person who typed ``quit``.
    """


def fail(message: str) -> NoReturn:
    typer.echo(f"golf: error: {message}", err=True)
    raise typer.Exit(2)


# --------------------------------------------------------------------------- style

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def vlen(text: str) -> int:
    """Printed width of ``text`` (colour codes take no room)."""
    return len(_ANSI.sub("", text))


def pad(text: str, width: int) -> str:
    return text + " " * max(0, width - vlen(text))


@dataclass(frozen=True)
class Style:
    """How to print: suit symbols or letters, ANSI colour or none."""

    symbols: bool = False
    colour: bool = False

    @classmethod
    def detect(cls, ascii_only: bool, stream: IO[str] | None = None) -> Style:
        """Symbols where the output encoding has them; colour only on a TTY
        without ``NO_COLOR`` (https://no-color.org) and not ``TERM=dumb``."""
        if ascii_only:
            return cls(False, False)
        out = stream or sys.stdout
        try:
            "♣♦♥♠·".encode(getattr(out, "encoding", None) or "ascii")
            symbols = True
        except (UnicodeEncodeError, LookupError):
            symbols = False
        try:
            tty = out.isatty()
        except (AttributeError, ValueError):
            tty = False
        colour = tty and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
        return cls(symbols, colour)

    def paint(self, text: str, code: str) -> str:
        return f"\x1b[{code}m{text}\x1b[0m" if self.colour and text else text

    def dim(self, text: str) -> str:
        return self.paint(text, "2")

    def bold(self, text: str) -> str:
        return self.paint(text, "1")

    def warn(self, text: str) -> str:
        return self.paint(text, "33")

    def card(self, card: int) -> str:
        """A card in notation, red for hearts and diamonds, magenta for jokers."""
        text = C.card_str(card, self.symbols)
        if C.rank_of(card) == C.JOKER:
            return self.paint(text, "35")
        if C.suit_of(card) in (C.DIAMONDS, C.HEARTS):
            return self.paint(text, "31")
        return self.paint(text, "1")


# --------------------------------------------------------------------------- seats


@dataclass(frozen=True)
class SeatSpec:
    """One seat from ``--players``: its name and ``human`` or a bot spec."""

    name: str
    kind: str

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,19}$")


def _default_name(kind: str) -> str:
    if kind == HUMAN:
        return "you"
    base = kind.split("?", 1)[0]
    if base.startswith("cmd:"):
        return "external"
    if base.endswith(".py"):
        base = Path(base).stem
    base = base.rsplit(":", 1)[-1].rsplit(".", 1)[-1]
    base = re.sub(r"[^A-Za-z0-9_-]", "", base)
    return base if base and base[0].isalpha() else "bot"


def _split_seats(text: str) -> list[str]:
    """Split ``--players`` at commas outside quotes: an external bot's
    command line may need a comma (``ext=cmd:"bot --weights 1,2"``).

    As in a shell, a quote opens only at the start of a word (after a comma,
    a space, ``=`` or ``:``), so ``./don't.py`` is a plain path, and a
    backslash escapes the next character (``cmd:bot 1\\,2``).  Quotes and
    backslashes stay for the command's shell-like split, except around a
    whole seat or a whole kind after ``name=`` (:func:`_unquote`).

    >>> _split_seats('human,ext=cmd:"bot -w 1,2",./don\'t.py')
    ['human', 'ext=cmd:"bot -w 1,2"', "./don't.py"]
    """
    items: list[str] = []
    cur: list[str] = []
    quote = ""
    escaped = False
    for ch in text:
        if escaped:
            escaped = False
        elif ch == "\\" and quote != "'":
            escaped = True
        elif quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"" and (not cur or cur[-1] in " \t=:"):
            quote = ch
        elif ch == ",":
            items.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    if quote:
        raise UsageError(f"--players {text!r}: a {quote} quote is not closed")
    return [_unquote(item) for item in (*items, "".join(cur))]


def _unquote(text: str) -> str:
    """``"cmd:bot 1,2"`` -> ``cmd:bot 1,2``: quotes around the whole text go."""
    text = text.strip()
    if len(text) > 1 and text[0] == text[-1] and text[0] in "'\"" and text[0] not in text[1:-1]:
        return text[1:-1].strip()
    return text


def parse_players(text: str) -> list[SeatSpec]:
    """Read ``--players``: a comma list of ``human``, bot specs or ``name=kind``
    (a comma inside quotes belongs to its seat).

    ``name=`` is recognised only before a plain name, so a bot option such as
    ``greedy?threshold=3`` stays a spec.  Unnamed seats are named after their
    kind (``you`` for a lone human, ``player1``... for several), with numbers
    added to repeats, so ``--handicap NAME=N`` can name every seat.

    >>> [s.name for s in parse_players("human,greedy,greedy")]
    ['you', 'greedy', 'greedy2']
    """
    items = _split_seats(text)  # each already stripped
    if not text.strip() or any(not item for item in items):
        raise UsageError(
            f"--players {text!r}: give a comma list of seats, e.g. you=human,ann=greedy"
        )
    raw: list[tuple[str | None, str]] = []
    for item in items:
        left, eq, right = item.partition("=")
        if eq and _NAME.match(left.strip()):
            kind = _unquote(right)
            if not kind:
                raise UsageError(
                    f"--players: seat {item!r} needs a kind after '=' (human or a bot)"
                )
            raw.append((left.strip(), HUMAN if kind.lower() == HUMAN else kind))
        elif eq and not any(ch in left for ch in "?:/\\."):
            raise UsageError(
                f"--players: {left.strip()!r} is not a usable name (letters, digits, - and _)"
            )
        else:
            raw.append((None, HUMAN if item.lower() == HUMAN else item))
    humans = sum(1 for given, kind in raw if kind == HUMAN and given is None)
    taken = {given.lower() for given, _ in raw if given is not None}
    out: list[SeatSpec] = []
    counts: dict[str, int] = {}
    for given, kind in raw:
        if given is None:
            base = "player" if kind == HUMAN and humans > 1 else _default_name(kind)
            k = counts.get(base, 0)
            while True:
                k += 1
                name = base if k == 1 and base != "player" else f"{base}{k}"
                if name.lower() not in taken:
                    break
            counts[base] = k
        elif given.lower() in {s.name.lower() for s in out}:
            raise UsageError(f"--players: two seats are named {given!r}")
        else:
            name = given
        taken.add(name.lower())
        out.append(SeatSpec(name, kind))
    if len(out) < 2:
        raise UsageError("--players: Golf needs at least 2 seats, e.g. --players human,greedy")
    return out


def parse_handicap(items: Sequence[str], names: Sequence[str]) -> dict[int, int]:
    """``NAME=N`` items -> {seat: extra cards turned up} (RULES.md §4: 1-2)."""
    out: dict[int, int] = {}
    lower = [n.lower() for n in names]
    for item in items:
        name, eq, num = item.partition("=")
        if not eq:
            raise UsageError(f"--handicap {item!r}: use NAME=N, e.g. --handicap you=1")
        if name.strip().lower() not in lower:
            raise UsageError(
                f"--handicap {item!r}: no seat named {name.strip()!r} (seats: {', '.join(names)})"
            )
        try:
            n = int(num)
        except ValueError:
            raise UsageError(f"--handicap {item!r}: N must be a whole number (1 or 2)") from None
        if not 1 <= n <= 2:
            raise UsageError(f"--handicap {item!r}: a handicap is 1 or 2 extra cards turned up")
        out[lower.index(name.strip().lower())] = n
    return out


# --------------------------------------------------------------------------- the board


UP, DOWN, KNOWN = "up", "down", "known"


@dataclass
class Board:
    """What one screen shows, however it was obtained (a seat's view or,
    for replays, the full state).  ``cells[side]`` holds ``(kind, card)``
    with kind ``up``, ``down`` (unknown) or ``known`` (face down, but its
    card is shown: the seat's own memory, or anything in a replay)."""

    variant: Variant
    titles: list[str]
    cells: list[list[tuple[str, int | None]]]
    discard: Sequence[int]
    stock_size: int


def showing(variant: Variant, cells: Sequence[tuple[str, int | None]]) -> int:
    """Score of the face-up cards alone (face-down cards count 0, match nothing)."""
    comp = compiled(variant)
    ranks = [c >> 3 if k == UP and c is not None else -1 - i for i, (k, c) in enumerate(cells)]
    values = [comp.values[c] if k == UP and c is not None else 0 for k, c in cells]
    scored, bonus, _, _ = comp.evaluate(ranks, values)
    return sum(scored) + bonus


def _side_title(name: str, markers: list[str], style: Style, acting: bool) -> str:
    text = style.bold(name) if acting else name
    if acting:
        text = style.warn("> ") + text
    if markers:
        text += " " + style.dim("(" + ", ".join(markers) + ")")
    return text


def board_from_view(view: View, seat_names: Sequence[str], style: Style) -> Board:
    """The board as ``view.seat`` may see it: the view's layouts plus its memory."""
    groups = len(view.layouts)
    mem = dict(view.memory)
    cells: list[list[tuple[str, int | None]]] = []
    for s, lay in enumerate(view.layouts):
        row: list[tuple[str, int | None]] = []
        for p, c in enumerate(lay):
            if c is not None:
                row.append((UP, c))
            elif s == view.side and p in mem:
                row.append((KNOWN, mem[p]))
            else:
                row.append((DOWN, None))
        cells.append(row)
    titles = _titles(
        view.variant,
        seat_names,
        view.side_of,
        groups,
        view.current,
        view.dealer,
        view.history,
        cells,
        style,
    )
    return Board(view.variant, titles, cells, view.discard, view.stock_size)


def board_from_state(state: HoleState, seat_names: Sequence[str], style: Style) -> Board:
    """The full board for a replay: face-down cards are shown in brackets."""
    cells: list[list[tuple[str, int | None]]] = [
        [(UP if state.up[s] >> p & 1 else KNOWN, c) for p, c in enumerate(lay)]
        for s, lay in enumerate(state.layouts)
    ]
    current = state.current if state.phase != "over" else -1
    titles = _titles(
        state.variant,
        seat_names,
        tuple(state.side_of),
        state.groups,
        current,
        state.dealer,
        state.events,
        cells,
        style,
    )
    return Board(state.variant, titles, cells, state.discard, len(state.stock))


def _titles(
    variant: Variant,
    seat_names: Sequence[str],
    side_of: Sequence[int],
    groups: int,
    current: int,
    dealer: int,
    history: Sequence[Event],
    cells: list[list[tuple[str, int | None]]],
    style: Style,
) -> list[str]:
    closed_by = {ev.seat: ev.kind for ev in history if ev.kind in ("knock", "out")}
    titles = []
    for s in range(groups):
        seats = [i for i, g in enumerate(side_of) if g == s]
        names = " & ".join(seat_names[i] for i in seats)
        markers = []
        if dealer in seats:
            markers.append("dealer")
        for i in seats:
            if i in closed_by:
                markers.append("knocked" if closed_by[i] == "knock" else "out")
        markers.append(f"shows {showing(variant, cells[s])}")
        acting = current in seats
        if acting and len(seats) > 1:
            markers.insert(0, f"{seat_names[current]} to play")
        titles.append(_side_title(names, markers, style, acting))
    return titles


def render_cell(kind: str, card: int | None, style: Style) -> str:
    if kind == UP and card is not None:
        return style.card(card)
    if kind == KNOWN and card is not None:
        return style.paint("[", "36") + style.card(card) + style.paint("]", "36")
    return "?"  # plain, so it stands apart from the dim position numbers


def layout_lines(
    variant: Variant, cells: Sequence[tuple[str, int | None]], style: Style, labels: bool = True
) -> list[str]:
    """A layout as text rows; with ``labels`` each card carries its position
    number (1..N, row by row), which is what a person types."""
    n = len(cells)
    lw = len(str(n))
    texts = [render_cell(k, c, style) for k, c in cells]
    cw = max(vlen(t) for t in texts)
    lines = []
    for r in range(variant.rows):
        parts = []
        for c in range(variant.cols):
            i = r * variant.cols + c
            label = style.dim(str(i + 1).rjust(lw)) + " " if labels else ""
            parts.append(label + pad(texts[i], cw))
        lines.append("  ".join(parts).rstrip())
    return lines


def side_by_side(blocks: Sequence[list[str]], width: int, gap: int = 5) -> list[str]:
    """Lay blocks of lines left to right, wrapping to a new band when too wide."""
    out: list[str] = []
    band: list[list[str]] = []
    used = 0
    for block in blocks:
        w = max(vlen(line) for line in block)
        if band and used + gap + w > width:
            out.extend(_join(band, gap))
            out.append("")
            band, used = [], 0
        band.append(block)
        used += (gap if used else 0) + w
    if band:
        out.extend(_join(band, gap))
    return out


def _join(band: list[list[str]], gap: int) -> list[str]:
    height = max(len(b) for b in band)
    widths = [max(vlen(line) for line in b) for b in band]
    lines = []
    for r in range(height):
        parts = [pad(b[r] if r < len(b) else "", w) for b, w in zip(band, widths, strict=True)]
        lines.append((" " * gap).join(parts).rstrip())
    return lines


def render_board(
    board: Board, style: Style, width: int = 100, only: int | None = None
) -> list[str]:
    """Every layout (or only side ``only``), then the stock and discard line."""
    sides = range(len(board.cells)) if only is None else [only]
    blocks = [
        [board.titles[s], *["  " + x for x in layout_lines(board.variant, board.cells[s], style)]]
        for s in sides
    ]
    lines = side_by_side(blocks, width)
    if board.discard:
        top = style.card(board.discard[-1])
        under = f" (then {style.card(board.discard[-2])})" if len(board.discard) > 1 else ""
        pile = f"discard {top}{under}"
    else:
        pile = "discard pile empty"
    lines.append(f"stock {board.stock_size} cards   {pile}")
    return lines


# --------------------------------------------------------------------------- events in words


def _pos(p: int) -> str:
    return str(p + 1)


def _cardw(card: int | None, style: Style) -> str:
    return "a card" if card is None else "the " + style.card(card)


def _and(items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _group(events: Sequence[Event]) -> Iterator[tuple[int, list[Event]]]:
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
    for seat, group in _group(events):
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


# --------------------------------------------------------------------------- scorecard


@dataclass(frozen=True)
class HoleRow:
    number: int
    playoff: bool
    scores: tuple[int, ...]


def tally(rows: Sequence[HoleRow], sides: int) -> tuple[list[int], list[float]]:
    """Totals and holes won per side, counted as :class:`Match` does (playoff
    holes count for neither; a tied hole is shared among the tied sides)."""
    totals = [0] * sides
    won = [0.0] * sides
    for row in rows:
        if row.playoff:
            continue
        for i, s in enumerate(row.scores):
            totals[i] += s
        best = hole_winners(row.scores)
        for w in best:
            won[w] += 1 / len(best)
    return totals, won


def winners_of(rows: Sequence[HoleRow], sides: int, scoring: str) -> list[int]:
    """The winning sides, playoffs included, the way :meth:`Match.play` decides."""
    totals, won = tally(rows, sides)
    if scoring == "match":
        leaders = [i for i, w in enumerate(won) if w == max(won)]
    else:
        leaders = hole_winners(totals)
    for row in rows:
        if row.playoff and len(leaders) > 1:
            leaders = hole_winners(row.scores, leaders)
    return leaders


def scorecard_text(names: Sequence[str], rows: Sequence[HoleRow], scoring: str) -> str:
    """Per hole per side: the hole score and the running total; in match play
    also who won each hole and the standing ('2 UP', '1 DOWN', 'Even')."""
    sides = len(names)
    headers = ["hole"]
    for name in names:
        headers += [name, "total"]
    if scoring == "match":
        headers.append("hole won by")
    running = [0] * sides
    table = []
    for row in rows:
        line: list[Any] = [f"{row.number}" + (" playoff" if row.playoff else "")]
        for i, s in enumerate(row.scores):
            if not row.playoff:
                running[i] += s
            line += [s, "" if row.playoff else running[i]]
        if scoring == "match":
            best = hole_winners(row.scores)
            line.append("halved" if len(best) > 1 else names[best[0]])
        table.append(line)
    text = tabulate(
        table,
        headers=headers,
        tablefmt="simple",
        stralign="right",
        numalign="right",
        disable_numparse=True,
    )
    title = (
        "Scorecard (match play: most holes won wins)"
        if scoring == "match"
        else "Scorecard (stroke play: lowest total wins)"
    )
    out = [title, text]
    if scoring == "match" and rows:
        _, won = tally(rows, sides)
        out.append(
            "Standing: " + ", ".join(f"{names[i]} {match_standing(won, i)}" for i in range(sides))
        )
    return "\n".join(out)


def result_text(
    names: Sequence[str], rows: Sequence[HoleRow], scoring: str, winners: Sequence[int]
) -> str:
    """The final result in one or two sentences: winner(s), shared ties, playoffs."""
    totals, won = tally(rows, len(names))
    who = " and ".join(names[w] for w in winners)
    wins = "win" if who == "you" or " & " in who else "wins"
    playoffs = [r for r in rows if r.playoff]
    if scoring == "match":
        if len(winners) == 1:
            w = winners[0]
            text = f"{who} {wins} the match, {match_standing(won, w)} ({won[w]:g} holes won)."
        else:
            text = f"The match is halved: {who} share the win with {won[winners[0]]:g} holes each."
    elif len(winners) == 1:
        w = winners[0]
        if playoffs:
            tied = " and ".join(names[i] for i in hole_winners(totals))
            last = playoffs[-1].number
            text = f"{tied} tied on {totals[w]}; {who} {wins} the playoff (hole {last})."
        else:
            others = ", ".join(f"{names[i]} {totals[i]}" for i in range(len(names)) if i != w)
            text = f"{who} {wins} with {totals[w]} ({others})."
    else:
        text = f"{who} tie on {totals[winners[0]]} and share the win."
        if playoffs:
            plural = "s" if len(playoffs) > 1 else ""
            text += f" ({len(playoffs)} playoff hole{plural} did not settle it.)"
    return "Result: " + text


def match_words(m: Matched) -> str:
    """A matched pattern in the game's own terms: positions as typed, 1..N."""
    where = ", ".join(str(c + 1) for c in m.cells)
    if m.effect == "zero":
        effect = "score 0"
    elif m.effect in ("keep", "keep_negative"):
        effect = "keep their values" if m.effect == "keep" else "keep negatives only"
    else:
        effect = f"count {m.effect} each"
    extra = (f", {m.bonus:+d}" if m.bonus else "") + (
        f", {m.opponents:+d} to each opponent" if m.opponents else ""
    )
    return f"{m.pattern} of {C.rank_str(m.rank)} at {where}: {effect}{extra}"


def hole_result_lines(
    variant: Variant,
    names: Sequence[str],
    layouts: Sequence[Sequence[int]],
    score: HoleScore | None,
    scores: Sequence[int],
    style: Style,
    width: int,
) -> list[str]:
    """Every layout face up with its hole score and what matched."""
    blocks = []
    for s, lay in enumerate(layouts):
        block = [f"{style.bold(names[s])}: {scores[s]}"]
        block += [
            "  " + x for x in layout_lines(variant, [(UP, c) for c in lay], style, labels=False)
        ]
        if score is not None:
            side = score.sides[s]
            for m in side.layout.matches:
                block.append("  " + style.dim(match_words(m)))
            if side.penalties:
                block.append("  " + style.dim(f"penalties from opponents {side.penalties:+d}"))
            for name, d in side.adjustments:
                block.append("  " + style.dim(f"{name} {d:+d}"))
            if scores[s] != side.total:
                block.append("  " + style.dim(f"forfeit penalty {scores[s] - side.total:+d}"))
        blocks.append(block)
    return side_by_side(blocks, width)


# --------------------------------------------------------------------------- terminal


class Terminal:
    """Line input and output; swapped for scripted input in unit tests."""

    def __init__(
        self, style: Style, inp: Callable[[str], str] | None = None, out: IO[str] | None = None
    ) -> None:
        self.style = style
        self.out = out or sys.stdout
        self._input = inp or input
        self.scripted = inp is not None

    @property
    def width(self) -> int:
        return max(40, shutil.get_terminal_size((100, 40)).columns - 1)

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def ask(self, prompt: str) -> str:
        """One line of input; end of input (Ctrl-D, a closed pipe) means quit."""
        self.out.flush()
        try:
            answer = self._input(prompt + " ")
            if self.scripted:  # keep a transcript, as a terminal would show it
                self.out.write(f"{prompt} {answer}\n")
            return answer
        except EOFError:
            self.say()
            raise QuitGame() from None

    def clear(self) -> None:
        """Clear the screen and scrollback so the next player cannot scroll up."""
        try:
            tty = self.out.isatty()
        except (AttributeError, ValueError):
            tty = False
        if tty:
            self.out.write("\x1b[2J\x1b[3J\x1b[H")
        else:
            self.out.write("\n" * 3)
        self.out.flush()


# --------------------------------------------------------------------------- play


class HumanSeat:
    """A person at the table, shaped like a bot: ``choose(view, legal)``.

    ``notify`` (the match runner's event hook, censored for this seat) keeps
    the cards this person has just peeked at, so that in a hot-seat game they
    are shown before the screen is handed over, not only at the next turn.
    """

    wants_view = True

    def __init__(self, ui: PlayUI, seat: int) -> None:
        self.ui = ui
        self.seat = seat
        ui.human_seats[seat] = self
        self.queue: list[Action] = []
        self.unseen: list[tuple[int, int]] = []  # (pos, card) peeked at, not yet shown

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return self.ui.human_turn(self, view, legal)

    def notify(self, event: dict[str, Any]) -> None:
        if event.get("kind") in ("peek", "look") and event.get("seat") == self.seat:
            card = event.get("card")
            if isinstance(card, str):
                self.unseen.append((int(event["pos"]), C.parse_card(card)))


class WatchedBot:
    """A bot seat in a game with people and ``--delay``: before each of its
    decisions the turns finished since are printed, one line each, with a
    pause after each, so a person can follow the bots' moves."""

    wants_view = True

    def __init__(self, bot: Any, ui: PlayUI) -> None:
        self._bot = bot
        self._ui = ui

    def __getattr__(self, name: str) -> Any:
        return getattr(self._bot, name)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        self._ui.live_log(view)
        action: Action = self._bot.choose(view, legal)
        return action


#: The bots asked for hints, strongest first (issue #3: mc, else expert, else greedy).
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
    from .bots.registry import make_bot

    while names:
        name = names.pop(0)
        opts = HINT_OPTIONS.get(name)
        for options in [opts, None] if opts else [None]:
            try:
                return name, make_bot(name, seed=f"{seed}:hints", options=options)
            except Exception:  # not available: try without options, then the next bot
                continue
    return None


class PlayUI:
    """Everything ``golf play`` shows and asks, around one :class:`Match`."""

    def __init__(
        self,
        variant: Variant,
        seats: Sequence[SeatSpec],
        term: Terminal,
        *,
        seed: Any,
        hints: bool = False,
        delay: float = 0.0,
        handicap: dict[int, int] | None = None,
    ) -> None:
        self.variant = variant
        self.seats = list(seats)
        self.names = [s.name for s in seats]
        self.term = term
        self.style = term.style
        self.seed = seed
        self.humans = [i for i, s in enumerate(seats) if s.human]
        self.watch = not self.humans
        self.delay = delay
        self.handicap = dict(handicap or {})
        groups = variant.groups_for(len(seats))
        self.side_of = [i % groups for i in range(len(seats))]
        self.side_names = list(side_names(self.names, self.side_of, groups))
        self.rows: list[HoleRow] = []
        self.private = variant.start.peek > 0 or variant.turn.look_again
        # hot-seat with private cards: the screen is cleared between people
        self.gating = len(self.humans) > 1 and self.private
        self.last_human: int | None = None
        # per seat, (hole, history length): at its last decision; at the start of its last turn
        self.seen: dict[int, tuple[int, int]] = {}
        self.turn_start: dict[int, tuple[int, int]] = {}
        # (hole, events already told to the whole table)
        self.public_seen: tuple[int, int] = (0, 0)
        self.hint_bot: tuple[str, Any] | None = None
        self.hint_names = list(HINT_LADDER)
        self.hints = hints
        self.human_seats: dict[int, HumanSeat] = {}
        self.recording = False
        self.match: Match | None = None

    # .......................................................... per decision

    def gate(self, seat: int) -> None:
        """Hot-seat: before the next person sits down, show the last one what
        they just peeked at, then clear the screen and wait for the new one."""
        if not self.gating or self.last_human == seat:
            self.last_human = seat
            return
        prev = self.last_human
        if prev is not None:
            unseen = self.human_seats[prev].unseen
            if unseen:
                cards = ", ".join(f"{p + 1} = {self.style.card(c)}" for p, c in unseen)
                them = "them" if len(unseen) > 1 else "it"
                self.term.say(f"{self.names[prev]}, you looked at: {cards}. Remember {them}!")
                self.pause(f"Press Enter to hide {them}.")
                unseen.clear()
            self.term.clear()
        name = self.names[seat]
        self.pause(
            f"{self.style.bold(f'Pass to {name}.')} {name}, press Enter when no one else can see."
        )
        self.term.clear()
        self.last_human = seat

    def human_turn(self, me: HumanSeat, view: View, legal: Sequence[Action]) -> Action:
        seat = me.seat
        hole = view.match.hole
        while me.queue:
            a = me.queue.pop(0)
            if a in legal:
                self.term.say(f"-> {describe_action(a, view, self.style)}")
                self._mark(seat, view)
                return a
            me.queue.clear()
        self.gate(seat)
        me.unseen.clear()  # the screen about to be drawn shows this seat's memory
        last_hole, last_len = self.seen.get(seat, (0, 0))
        if last_hole != hole:
            last_len = 0
        new_turn = last_hole != hole or any(ev.seat != seat for ev in view.history[last_len:])
        if new_turn:
            # from the start of this seat's previous turn: its own move's outcome
            # (what the card it replaced was) and then everyone else's
            start_hole, start = self.turn_start.get(seat, (0, 0))
            self.turn_start[seat] = (hole, len(view.history))
            since = view.history[start if start_hole == hole else 0 :]
            if self.delay and not self.gating:
                # the turns were told as they happened (--delay): finish the tale
                self.live_log(view)
                since = ()
            self.show_screen(view, since)
        else:
            self.show_compact(view)
        self.public_seen = (hole, len(view.history))  # the table has seen all this
        if self.hints:
            self.show_hint(view, legal)
        prompt = prompt_text(view, legal, self.style, self._extra(seat))
        if len(self.humans) > 1:
            prompt = f"{self.names[seat]}: {prompt}"
        while True:
            reply = parse_reply(self.term.ask(prompt), view, legal)
            if reply.command:
                self.command(reply.command, view, legal)
                continue
            if reply.error:
                self.term.say(self.style.warn(f"  Not that: {reply.error}."))
                continue
            me.queue = reply.actions[1:]
            self._mark(seat, view)
            return reply.actions[0]

    def _mark(self, seat: int, view: View) -> None:
        self.seen[seat] = (view.match.hole, len(view.history))

    def _extra(self, seat: int) -> int:
        return sum(n for s, n in self.handicap.items() if self.side_of[s] == self.side_of[seat])

    def header(self, hole: int, holes: int | None, totals: Sequence[int]) -> str:
        of = f" of {holes}" if holes else ""
        tot = ", ".join(f"{n} {t}" for n, t in zip(self.side_names, totals, strict=False))
        line = f"== Hole {hole}{of} · {self.variant.name} =="
        if not self.style.symbols:
            line = line.replace("·", "-")
        return self.style.bold(line) + (f"  totals: {tot}" if tot and hole > 1 else "")

    def show_screen(self, view: View, since: Sequence[Event]) -> None:
        """Start of a turn: every layout, the piles, and what happened since."""
        seat = view.seat
        say = self.term.say
        say()
        say(self.header(view.match.hole, view.match.holes, view.match.totals))
        told = describe_events(since, self.names, self.style, you=seat)
        if told:
            say("Since your last turn:" if any(ev.seat == seat for ev in since) else "So far:")
            for line in told:
                say("  " + line)
        board = board_from_view(view, self.names, self.style)
        for line in render_board(board, self.style, self.term.width):
            say(line)
        if view.final_turn and view.phase == "draw":
            closing = next(
                (ev for ev in reversed(view.history) if ev.kind in ("out", "knock")), None
            )
            if closing is not None:
                who = self.names[closing.seat]
                did = "knocked" if closing.kind == "knock" else "went out"
                say(self.style.warn(f"Final turn: {who} {did}; this is your last turn."))
        if view.memory and view.phase != "setup":
            mem = ", ".join(f"{p + 1} = {self.style.card(c)}" for p, c in view.memory)
            say(self.style.dim(f"You remember: {mem} (face down; only you see this)"))

    def show_compact(self, view: View) -> None:
        """Later in the same turn: only the seat's own layout and what it holds."""
        board = board_from_view(view, self.names, self.style)
        say = self.term.say
        for line in render_board(board, self.style, self.term.width, only=view.side)[:-1]:
            say(line)
        if view.phase == "place" and view.drawn is not None:
            src = "stock" if view.drawn_from == "stock" else "discard pile"
            say(f"You hold the {self.style.card(view.drawn)} from the {src}.")
        elif view.phase == "flip" and view.history and view.history[-1].kind == "discard":
            say(f"You discarded the {self.style.card(view.history[-1].data[0])}.")

    def show_hint(self, view: View, legal: Sequence[Action]) -> None:
        """What the strongest available bot would do, and its estimate if it
        gives one (``suggest``); a bot without ``suggest`` is asked to
        ``choose``.  A bot too slow for a person to wait on is replaced by
        the next one down the ladder, and the player is told."""
        if self.hint_bot is None:
            self.hint_bot = load_hint_bot(self.hint_names, self.seed)
        if self.hint_bot is None:
            self.term.say(self.style.dim("(no hint: no bot could be loaded)"))
            return
        name, bot = self.hint_bot
        t0 = time.perf_counter()
        try:
            suggest = getattr(bot, "suggest", None)
            estimate: float | None = None
            if callable(suggest):
                action, estimate = suggest(view, legal)
            else:
                action = bot.choose(view, legal)
        except Exception as exc:  # a hint must never stop the game
            self.term.say(self.style.dim(f"(no hint: {name} failed: {type(exc).__name__}: {exc})"))
            return
        took = time.perf_counter() - t0
        if action not in legal:
            self.term.say(self.style.dim(f"(no hint: {name} suggested an illegal move)"))
            return
        text = f"Hint ({name}): {describe_action(action, view, self.style)}"
        if estimate is not None:
            text += f"; estimated effect on your hole score {float(estimate):+.1f}"
        self.term.say(self.style.paint(text, "32"))
        if took > HINT_SLOW:
            faster = load_hint_bot(self.hint_names, self.seed)
            if faster is not None:
                self.hint_bot = faster
                self.term.say(
                    self.style.dim(f"({name} took {took:.0f}s; hints now come from {faster[0]})")
                )

    def command(self, cmd: str, view: View, legal: Sequence[Action]) -> None:
        if cmd == "help":
            self.term.say(help_text(view, legal, self.style))
        elif cmd == "rules":
            from .rulestext import describe_variant

            self.term.say("\n".join(describe_variant(self.variant)))
        elif cmd == "scores":
            if self.rows:
                self.term.say(scorecard_text(self.side_names, self.rows, self._scoring()))
            else:
                self.term.say("No hole finished yet.")
        elif cmd == "quit":
            self.confirm_quit()

    def pause(self, prompt: str) -> None:
        """Wait for Enter; ``quit`` works here too, as at every prompt."""
        while COMMANDS.get(self.term.ask(prompt).strip().lower()) == "quit":
            self.confirm_quit()

    def confirm_quit(self) -> None:
        kept = " Finished holes stay in the record." if self.recording else ""
        answer = self.term.ask(f"Quit the game?{kept} (y/n)")
        if answer.strip().lower() in ("y", "yes", "quit", "q"):
            raise QuitGame()
        self.term.say("Playing on.")

    def _scoring(self) -> str:
        return self.match.scoring if self.match is not None else self.variant.game.scoring

    def live_log(self, view: View) -> None:
        """Tell the table (public information only) the turns finished since last told."""
        hole, told = self.public_seen
        if hole != view.match.hole:
            told = 0
        events = view.history[told:]
        groups = list(_group(events))
        done = []
        for seat, group in groups:
            if seat == view.seat and group is groups[-1][1]:
                break  # this bot's own turn in progress: tell it when it is finished
            done.append((seat, group))
        count = sum(len(g) for _, g in done)
        public = [censor(ev, PUBLIC, view.side_of) for _, g in done for ev in g]
        for line in describe_events(public, self.names, self.style):
            self.term.say("  " + line)
            if self.delay:
                time.sleep(self.delay)
        self.public_seen = (view.match.hole, told + count)

    # .......................................................... per hole

    def on_hole(self, match: Match, rec: HoleRecord) -> None:
        say = self.term.say
        self.rows.append(HoleRow(rec.number, rec.playoff, rec.scores))
        events = rec.events or ()
        if self.watch:
            say()
            holes = f" of {match.holes_planned}" if match.holes_planned and not rec.playoff else ""
            kind = " (playoff)" if rec.playoff else ""
            say(
                self.style.bold(f"Hole {rec.number}{holes}{kind}")
                + f": {self.names[rec.dealer]} deals"
            )
            for line in describe_events(events, self.names, self.style):
                say("  " + line)
        else:
            # the last turns since a person last looked, as the table saw them
            hole, told = self.public_seen
            if hole != rec.number:
                told = 0
            public = [censor(ev, PUBLIC, self.side_of) for ev in events[told:]]
            say()
            for line in describe_events(public, self.names, self.style):
                say("  " + line)
            self.public_seen = (rec.number, len(events))
        say()
        say(self.style.bold(f"Hole {rec.number} is over.") + " Every card is turned up:")
        for line in hole_result_lines(
            self.variant,
            self.side_names,
            rec.layouts,
            rec.score,
            rec.scores,
            self.style,
            self.term.width,
        ):
            say(line)
        say()
        say(scorecard_text(self.side_names, self.rows, match.scoring))
        if self.humans:
            self.pause("Press Enter to go on (or type quit).")
        # everyone has looked at the open cards: whoever starts the next hole
        # is asked for by name, with nothing private on the screen to hide
        self.last_human = None
        for h in self.human_seats.values():
            h.unseen.clear()


def _game_length(variant: Variant, holes: int | None) -> str:
    g = variant.game
    if holes is not None:
        return f"{holes} hole{'s' if holes != 1 else ''}"
    if g.holes is not None:
        return f"{g.holes} holes"
    cap = f", at most {g.max_holes} holes" if g.max_holes else ""
    reach = "reaches" if g.target_rule == "reach" else "passes"
    return f"until someone {reach} {g.target}{cap}"


def run_play(
    variant: Variant,
    *,
    players: str = "human,greedy",
    holes: int | None = None,
    seed: int | None = None,
    record: Path | None = None,
    ascii_only: bool = False,
    hints: bool = False,
    handicap: Sequence[str] = (),
    delay: float = 0.0,
    overrides: Sequence[str] = (),
    variant_spec: str | None = None,
    inp: Callable[[str], str] | None = None,
    out: IO[str] | None = None,
) -> MatchResult | None:
    """``golf play``: set up the seats, run the match, show it; None if quit.

    ``inp``/``out`` replace the terminal in tests.  Errors in the options end
    with one line on stderr and exit status 2, before anything is played.
    """
    from .bots.registry import BotSpecError, make_bot
    from .record import RecordWriter, header

    try:
        seats = parse_players(players)
        try:
            variant.check_players(len(seats))
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        extra = parse_handicap(handicap, [s.name for s in seats])
        if holes is not None and holes < 1:
            raise UsageError("--holes must be at least 1")
        if delay < 0:
            raise UsageError("--delay cannot be negative")
    except UsageError as exc:
        fail(str(exc))
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    style = Style.detect(ascii_only, out)
    term = Terminal(style, inp, out)
    ui = PlayUI(variant, seats, term, seed=seed, hints=hints, delay=delay, handicap=extra)
    bots: list[Any] = []
    try:
        for i, s in enumerate(seats):
            if s.human:
                bots.append(HumanSeat(ui, i))
                continue
            try:
                bot = make_bot(s.kind, seed=f"{seed}:bot:{s.name}")
            except BotSpecError as exc:
                raise UsageError(str(exc)) from None
            except ImportError as exc:
                raise UsageError(f"bot {s.kind!r} is not available: {exc}") from None
            bots.append(WatchedBot(bot, ui) if ui.humans and delay > 0 else bot)
    except UsageError as exc:
        _close_bots(bots)
        fail(str(exc))
    writer = None
    match = Match(variant, bots, ui.names, seed, holes=holes, extra_reveals=extra, record=True)
    ui.match = match
    if record is not None:
        try:
            writer = RecordWriter(record, header(variant, ui.names, seed, match.scoring, extra))
        except OSError as exc:
            _close_bots(bots)
            fail(f"cannot write the record {str(record)!r}: {exc.strerror or exc}")

    def on_hole(m: Match, rec: HoleRecord) -> None:
        if writer is not None:
            writer.hole(rec)
        ui.on_hole(m, rec)

    match.on_hole = on_hole
    ui.recording = writer is not None
    say = term.say
    kinds = ", ".join(f"{s.name} ({'human' if s.human else s.kind})" for s in seats)
    say(style.bold(f"Golf: {variant.name}") + f" - {variant.description}")
    how = "match play: most holes won" if match.scoring == "match" else "stroke play: lowest total"
    say(f"Players: {kinds}. {_game_length(variant, holes)}, {how} wins.")
    if variant.groups_for(len(seats)) < len(seats):
        say("Partners share a layout: " + "; ".join(ui.side_names) + ".")
    say(f"seed {seed} (play the same deal again with --seed {seed})")
    if ui.humans:
        say("Type help at any prompt for the moves, quit to stop.")
    result: MatchResult | None = None
    try:
        result = match.play()
    except QuitGame:
        say()
        played = len(ui.rows)
        say(
            f"Game stopped after {played} hole{'s' if played != 1 else ''}."
            + (f" The record in {record} keeps them." if writer is not None and played else "")
        )
        if ui.rows:
            say(scorecard_text(ui.side_names, ui.rows, match.scoring))
        return None
    finally:
        if writer is not None:
            writer.close(result)
        _close_bots(bots)
    say()
    say(style.bold(result_text(ui.side_names, ui.rows, result.scoring, result.winners)))
    say(f"seed {seed}")
    return result


def _close_bots(bots: Sequence[Any]) -> None:
    from .bots.registry import close_bot

    for bot in bots:
        if not isinstance(bot, HumanSeat):
            close_bot(bot)


# --------------------------------------------------------------------------- replay


def run_replay(
    file: Path,
    *,
    to_end: bool = False,
    ascii_only: bool = False,
    inp: Callable[[str], str] | None = None,
    out: IO[str] | None = None,
) -> None:
    """``golf replay``: step through a record turn by turn, or print its scorecard.

    A replay shows everything (it is after the fact): face-down cards appear
    in brackets.  Every hole is re-played from its recorded deal and moves by
    the engine, so what is shown is what the rules produce from the log.
    """
    from .record import RecordError, load_record

    try:
        rec = load_record(file)
    except RecordError as exc:
        fail(str(exc))
    style = Style.detect(ascii_only, out)
    term = Terminal(style, inp, out)
    var = rec.variant
    players = len(rec.names)
    groups = var.groups_for(players)
    names = list(side_names(rec.names, [i % groups for i in range(players)], groups))
    rows = [HoleRow(h.number, h.playoff, tuple(h.scores)) for h in rec.holes]
    say = term.say
    if not to_end:
        say(style.bold(f"Replay of {file}: {var.name}, {', '.join(rec.names)}, seed {rec.seed}"))
        say(
            "Enter: next turn · h: to the end of this hole · q: stop".replace(
                "·", "·" if style.symbols else "-"
            )
        )
        for i, h in enumerate(rec.holes):
            if not _step_hole(
                h.state, h.number, rec.names, names, rows[: i + 1], rec.scoring, term
            ):
                return
        say()
    if to_end or not rows:
        say(scorecard_text(names, rows, rec.scoring))  # stepping showed it after the last hole
    if rec.result is not None and rows:
        winners = [int(w) for w in rec.result.get("winners", [])]
        say(style.bold(result_text(names, rows, rec.scoring, winners)))
    elif rows:
        say(f"The record stops after hole {rows[-1].number}: the game was not finished.")
    else:
        say("The record holds no finished hole.")


def _step_hole(
    final: HoleState,
    number: int,
    seat_names: Sequence[str],
    names: Sequence[str],
    rows: Sequence[HoleRow],
    scoring: str,
    term: Terminal,
) -> bool:
    """Re-play one recorded hole turn by turn; False if the person stopped."""
    style = term.style
    say = term.say
    events = final.events
    dealer, order = events[0].data
    chance = iter([ev.data[0] for ev in events if ev.kind == "reshuffle"])
    st = HoleState(
        final.variant,
        final.players,
        dealer,
        order=order,
        extra_reveals=final.extra_reveals,
        _chance=chance,
    )
    say()
    say(style.bold(f"== Hole {number} ==") + f"  {seat_names[dealer]} deals")
    stepping = True
    told = len(st.events)
    step = 0

    def show() -> bool:
        nonlocal told, stepping, step
        for line in describe_events(st.events[told:], seat_names, style):
            say(line)
        told = len(st.events)
        for line in render_board(board_from_state(st, seat_names, style), style, term.width):
            say("  " + line)
        if not stepping:
            return True
        step += 1
        answer = term.ask(f"hole {number} step {step} (Enter, h, q) >").strip().lower()
        if answer in ("q", "quit", "exit"):
            return False
        if answer == "h":
            stepping = False
        return True

    try:
        if not show():
            return False
        for action in actions_of(events):
            actor = st.current
            st.apply(action)
            if st.phase == "over" or st.current != actor:
                if st.phase == "over":
                    for line in describe_events(st.events[told:], seat_names, style):
                        say(line)
                    told = len(st.events)
                    break
                if stepping and not show():
                    return False
    except QuitGame:
        return False
    assert st.result is not None
    say()
    say(style.bold(f"Hole {number} is over.") + " Every card is turned up:")
    for line in hole_result_lines(
        st.variant, names, st.layouts, st.result, rows[-1].scores, style, term.width
    ):
        say(line)
    say(scorecard_text(names, rows, scoring))
    return True
