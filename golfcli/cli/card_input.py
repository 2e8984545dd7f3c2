"""``golf card``'s side of a person at a terminal: options read into the card's
terms, the prompt for scores not given, the question when the card changed
while they typed, and each refusal of the library said as one line.

The library (:mod:`golfcli.scorecard`) reads, checks, locks and writes; it
raises and returns and never prints.  This module is what turns its answers
into a terminal's: ``golf: error: ...`` on stderr with exit status 2 (the
card as it was), warnings as ``golf: warning: ...``, the hole just entered
with its running totals.  Light at import, like every command module: what
a function needs beyond Typer and the error helpers it imports in its body.

The cycle of a command that changes a card (``add``, ``fix``, ``playoff``):

1. read the card (no lock) and check the command against it, so a mistake on
   the command line is said before anyone types;
2. ask a person for what was not given (``NAME=?``, players left out),
   checking each answer as it is typed; this can take minutes, so no lock is
   held;
3. call the library's operation, which locks, reads the card again and
   writes.  If a person was asked, the operation is told the card as it was
   when they started (``expect=``): if it has changed since, the library
   refuses (:class:`~golfcli.scorecard.model.StaleCard`), and this module
   says what changed and asks whether to go on, since the hole they meant may
   now be another one (:func:`write`).  Values given on the command line
   apply to the card as it is (``add`` enters the next hole, whichever it is
   now).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..exceptions import InputError
from .say import fail, warn

if TYPE_CHECKING:
    from ..scorecard.count import VariantLoader
    from ..scorecard.model import Scorecard
    from ..scorecard.ops import Done

# --------------------------------------------------------------------------- declared once
# The options and arguments of more than one golf card command, with their help.

FileArg = Annotated[
    Path, typer.Argument(metavar="FILE", help="The card file (YAML).", show_default=False)
]
ValuesArg = Annotated[
    list[str] | None,
    typer.Argument(
        metavar="NAME=VALUE...",
        help='Scores: NAME=14 (kept as typed) or NAME="5 K 2 / 5 7 9" (counted with the '
        "card's rules); NAME=? or a missing player is asked for on standard input.",
        show_default=False,
    ),
]
FormatOpt = Annotated[
    str, typer.Option("--format", "-f", help="Output format: table, markdown, csv or json.")
]
TwosOpt = Annotated[
    str | None,
    typer.Option(
        help="Twos count minus (-2, the default) or plus (+2) when layouts are counted.",
        show_default=False,
    ),
]
KingsOpt = Annotated[
    str | None,
    typer.Option(
        help="Kings count zero (the default) or ten when layouts are counted.", show_default=False
    ),
]
MiniOpt = Annotated[bool, typer.Option("--mini", help="A mini golf (putt-putt) card.")]
TargetOpt = Annotated[
    int | None,
    typer.Option(
        "--target",
        help="Play to a target instead of a number of holes: the game ends on the hole "
        "where someone's total reaches it (e.g. 50 or 100), and the lowest total then wins.",
        show_default=False,
    ),
]
ParOpt = Annotated[
    str | None,
    typer.Option(
        help="Mini golf: par per hole, comma separated (3,2,4,...); sets the holes if "
        "--holes is not given.",
        show_default=False,
    ),
]
CloserOpt = Annotated[
    str | None,
    typer.Option(
        help="Who went out or knocked, for knock bonuses and penalties; they apply when "
        "every score of the hole is a layout.",
        show_default=False,
    ),
]


#: Fields of the library's :class:`~golfcli.scorecard.model.BadValue` that are
#: this command line's options: their problems are said as ``--field: ...``.
OPTIONS = frozenset(
    {"players", "par", "title", "closer", "holes", "hole", "seat", "target", "missed", "dealer"}
)


def line(exc: InputError, file: Path | None = None, hole: str | None = None) -> str:
    """A refusal of the library as the one line ``golf card`` says: named by
    the option it came in, or by the card (``file``), or, for a change to a
    hole (``fix --hole``), by that hole."""
    from ..scorecard.model import (
        BadValue,
        CardExists,
        ChangeError,
        GameOver,
        HoleEntered,
        NoSuchHole,
    )

    if isinstance(exc, BadValue):
        where = f"{exc.place}: " if exc.place else ""
        if exc.field in OPTIONS:
            return f"--{exc.field}: {where}{exc.problem}"
        return f"{where}{exc.problem}"  # a command's arguments: the value names itself
    if isinstance(exc, NoSuchHole):
        return f"--hole {exc.given}: no such hole on {file} ({exc.have})"
    if isinstance(exc, CardExists):
        return f"{file}: a card already exists (use --force to start it again)"
    if isinstance(exc, GameOver):
        more = " or settle the tie with `golf card playoff`" if exc.tied else ""
        return f"{file}: {exc}; correct a hole with `golf card fix`{more}"
    if isinstance(exc, HoleEntered):
        fix = f"golf card fix --hole {exc.label}"
        return f"{file}: {exc}; nothing written (correct it with {fix})"
    if isinstance(exc, ChangeError):
        if hole is not None:
            return f"--hole {hole}: {exc}; {file} is unchanged"
        return f"{file}: {exc}"
    return str(exc)


@contextmanager
def said(file: Path | None = None, hole: str | None = None) -> Iterator[None]:
    """The library's refusals in the block as one line and exit status 2 (see :func:`line`)."""
    try:
        yield
    except InputError as exc:
        fail(line(exc, file, hole))


# --------------------------------------------------------------------------- options


def read_players(text: str) -> list[str]:
    """``--players Ann,Bob,Cat`` -> the names, each checked by the library."""
    from ..scorecard.inputs import check_names

    names = [n.strip() for n in text.split(",")]
    if not text.strip() or any(not n for n in names):
        fail(f"--players: give names separated by commas, e.g. Ann,Bob,Cat (got {text!r})")
    with said():
        return check_names(names)


def read_pars(text: str, first: int = 1) -> list[int]:
    """``--par 3,2,4`` -> pars for holes numbered from ``first``."""
    return [read_par(item, i) for i, item in enumerate(text.split(","), start=first)]


def read_par(text: str, hole: int) -> int:
    """One hole's par as typed, or the line naming the hole."""
    from ..scorecard.model import MAX_PAR

    item = text.strip()
    if not (item.isdecimal() and len(item) <= 2) or not 1 <= int(item) <= MAX_PAR:
        fail(f"--par: hole {hole}: {item!r} is not a par (a whole number from 1 to {MAX_PAR})")
    return int(item)


def switch(option: str, value: str | None, on: str, off: str) -> bool | None:
    """``--twos minus|plus``, ``--kings zero|ten`` -> the switch on (True), off, or not given."""
    if value is None:
        return None
    if value not in (on, off):
        fail(f"{option}: must be {on} or {off}, not {value!r}")
    return value == on


def toggles(twos: str | None, kings: str | None) -> list[str]:
    """The two switches as the variant's ``--set`` changes."""
    from ..scorecard.start import toggles as as_set

    return as_set(switch("--twos", twos, "minus", "plus"), switch("--kings", kings, "zero", "ten"))


def refuse_for_mini(**given: object) -> None:
    """Card golf's options on a ``--mini`` card: one line naming the first."""
    for flag, value in given.items():
        if value:
            fail(f"--{flag} is for card golf; a --mini card counts strokes")


def check_format(fmt: str) -> None:
    from ..render import bad_format

    if (problem := bad_format(fmt)) is not None:
        fail(problem)


def blank_names(players: str | None) -> list[str]:
    """A blank card's columns: six unnamed ones by default, a count of
    unnamed ones (1 to 24), or the names given."""
    if players is None:
        return [""] * 6
    if players.strip().isdecimal():
        # isdecimal: int() refuses what isdigit() lets by (a superscript two)
        count = int(players) if len(players.strip()) <= 3 else 0
        if not 1 <= count <= 24:
            fail(f"--players: {players.strip()[:9]}: a blank card has 1 to 24 player columns")
        return [""] * count
    return read_players(players)


def items(values: list[str] | None) -> list[tuple[str, str]]:
    """``NAME=VALUE`` items -> (name, value) pairs, in the order given."""
    out = []
    for item in values or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            fail(f'{item!r}: give NAME=VALUE, e.g. Ann=14 or Bob="5 K 2 / 5 7 9"')
        out.append((name, value))
    return out


# --------------------------------------------------------------------------- the card


def load(path: Path, check: bool = True, variants: VariantLoader | None = None) -> Scorecard:
    """The card at ``path``, or one line; with ``check``, a warning for each
    score that no longer matches its layout (a hand edit)."""
    from ..scorecard.ops import read_card

    with said():
        card = read_card(path, check=check, variants=variants)
    for text in card.warnings:
        warn(text)
    return card


def ask_missing(
    card: Scorecard, variants: VariantLoader, given: dict[int, str], sides: list[int], label: str
) -> tuple[dict[int, str], bool]:
    """Every side's value text, asking on stdin for the missing ones (and
    ``?``); a bad answer at a terminal is asked again.  Also says whether
    anyone was asked."""
    from ..scorecard.count import is_number
    from ..scorecard.inputs import read_one, read_texts
    from ..scorecard.model import BadValue

    names = card.side_names
    mini = card.kind == "mini"
    ask = [i for i in sides if given.get(i, "?").strip() == "?"]
    out = dict(given)
    if not ask:
        return out, False
    # the values given on the command line first: a mistake there is said before
    # anyone types the rest
    with said():
        _, var = read_texts(card, variants, out, [i for i in sides if i not in ask], label)
    interactive = sys.stdin.isatty()
    if interactive:
        typer.echo(f"{label}: type each score (a number, or a layout like 5 K 2 / 5 7 9)")
    for i in ask:
        while True:
            try:
                text = typer.prompt(f"  {names[i]}", prompt_suffix=": ")
            except (EOFError, typer.Abort):
                fail(f"{label}: no score for {names[i]} (input ended; card unchanged)")
            with said():
                if not mini and var is None and not is_number(text):
                    var = variants(card)
            try:
                read_one(text, var, mini, f"{label}, {names[i]}")
            except BadValue as exc:
                if interactive:
                    typer.echo(f"  {exc.problem}; try again", err=True)
                    continue
                fail(str(exc))
            out[i] = text
            break
    return out, True


def write(
    path: Path,
    seen: Scorecard,
    asked: bool,
    change: Callable[[Scorecard | None], Done],
    question: Callable[[Scorecard], str],
    hole: str | None = None,
) -> Done:
    """Step 3 of the cycle: ``change(expect)`` is the library's operation.
    When a person was ``asked``, it is given the card as it was then; if the
    card has changed since, the changes are told and ``question(card)`` is
    asked (no lock is held meanwhile: nobody waits on a person); no ends the
    command with exit status 1, writing nothing."""
    from ..scorecard.model import StaleCard

    while True:
        with said(path, hole):
            try:
                return change(seen if asked else None)
            except StaleCard as exc:
                card = exc.card
        _tell(seen, card, path)
        with said(path, hole):
            text = question(card)
        if not _confirm(text):
            typer.echo(f"Nothing written; {path} is as the other change left it.", err=True)
            raise typer.Exit(1)
        seen = card


def _tell(seen: Scorecard, card: Scorecard, path: Path) -> None:
    from ..scorecard.history import since
    from ..scorecard.present import change_text

    changes = since(card, seen.revision)
    if not changes:
        typer.echo(f"{path} was changed by another program while you typed.")
        return
    typer.echo(f"{path} changed while you typed:")
    for c in changes:
        typer.echo(f"  {change_text(card, c)}")


def _confirm(question: str) -> bool:
    try:
        return typer.confirm(question, default=False)
    except (EOFError, typer.Abort):
        return False


def warn_all(done: Done) -> None:
    for text in done.warnings:
        warn(text)


def report_hole(card: Scorecard, path: Path, index: int) -> None:
    """The hole just written, each score with its running total, and the standing."""
    from ..scorecard.model import hole_label, label_words
    from ..scorecard.present import status_lines
    from ..scorecard.standings import standing

    st = standing(card)
    h = card.played[index]
    names = card.side_names
    parts = []
    for j, n in enumerate(names):
        e = h.scores.get(n)
        if e is None:
            continue
        total = st.running[index][j]
        how = f" from {e.layout}" if e.layout else ""
        parts.append(f"{n} {e.score}{how}" + ("" if h.playoff else f" (total {total})"))
    typer.echo(f"{label_words(hole_label(card, h))}: " + ", ".join(parts))
    for text in status_lines(card, st, str(path)):
        typer.echo(text)
