"""``golf card`` commands that change the table rather than a hole: ``join``,
``leave``, ``rename``, ``extend``, ``switch``, ``par`` and ``dealer``.

Each reads its options, calls one operation of :mod:`golfcli.scorecard.ops`
(under the card's lock, kept in the card's history, undone by ``golf card
undo``), and prints the change as ``golf card log`` words it and the
standing after it.  :mod:`.card` registers them on the ``golf card`` app.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..limits import MAX_HOLES
from . import card_input as cli
from .card_input import FileArg, said
from .say import check_range, fail

if TYPE_CHECKING:
    from ..scorecard.ops import Done

NameArg = Annotated[str, typer.Argument(metavar="NAME", help="The player.", show_default=False)]


def _report(file: Path, done: Done) -> None:
    """The change in the log's words, then the standing (whose deal it is)."""
    from ..scorecard.present import change_text, status_lines
    from ..scorecard.standings import standing

    cli.warn_all(done)
    typer.echo(change_text(done.card, done.change))
    for line in status_lines(done.card, standing(done.card), str(file)):
        typer.echo(line)


def join(
    file: FileArg,
    name: NameArg,
    seat: Annotated[
        int | None,
        typer.Option(
            help="Where they sit, 1 for the first seat (default: after the last player): "
            "the dealer marker goes round the table in seat order.",
            show_default=False,
        ),
    ] = None,
    missed: Annotated[
        str,
        typer.Option(
            help="Their score for each hole already played: high (the highest score of "
            "that hole, so arriving late gains nothing) or a number for every missed hole.",
        ),
    ] = "high",
) -> None:
    """A player joins the game in play.

    They get a score for each hole already played (marked ~ on the card: a
    hole they missed), by the table's rule (--missed), and play the holes to
    come.  Not in a partner game (partners are seated for the whole game).
    `golf card undo` takes the joining back.

    Examples:

      golf card join night.yaml Dan                 # after hole 3: Dan's 1-3 the highest

      golf card join night.yaml Dan --seat 2 --missed 10
    """
    from ..scorecard import ops

    rule: str | int = missed.strip()
    if rule != "high":
        from ..scorecard.count import is_number

        if not is_number(missed):
            fail(f"--missed: give high, or a whole number for each missed hole (not {missed!r})")
        rule = int(missed)
    with said(file):
        done = ops.join(file, name, seat=seat, missed=rule)
    _report(file, done)


def leave(file: FileArg, name: NameArg) -> None:
    """A player leaves the game in play.

    Their column stays on the card with the holes they played, and they are
    out of the running (the card says so); the holes to come are entered
    without them, and the dealer marker passes them by.  A player who has
    played no hole yet is taken off the card.  `golf card undo` brings them
    back.

    Example:

      golf card leave night.yaml Dave
    """
    from ..scorecard import ops

    with said(file):
        done = ops.leave(file, name)
    _report(file, done)


def rename(
    file: FileArg,
    old: Annotated[str, typer.Argument(metavar="OLD", help="The name on the card.")],
    new: Annotated[str, typer.Argument(metavar="NEW", help="The name it should be.")],
) -> None:
    """Correct a player's name, on every hole of the card.

    The card's log keeps the names as they were when each change was made.
    Works at any time, a finished game too.

    Example:

      golf card rename night.yaml Jon John
    """
    from ..scorecard import ops

    with said(file):
        done = ops.rename(file, old, new)
    _report(file, done)


def extend(
    file: FileArg,
    holes: Annotated[
        int,
        typer.Option(
            help="The game's new number of holes: more to play on (9 -> 18, a finished game "
            "goes on), or fewer, down to the holes played, to end it sooner.",
            show_default=False,
        ),
    ],
    par: Annotated[
        str | None,
        typer.Option(
            help="Mini golf: the par of each new hole, comma separated (without it their "
            "par is left to fill in as the course is learned: golf card par).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Change how many holes the game has, for instance 9 -> 18.

    For a game of a fixed number of holes (a game to a target has none).
    Refused once playoff holes were played after the last hole.  `golf card
    undo` puts the old length back.

    Examples:

      golf card extend night.yaml --holes 18

      golf card extend putt.yaml --holes 12 --par 3,2,4
    """
    from ..scorecard import ops

    check_range("--holes", holes, 1, MAX_HOLES)
    pars: list[int | None] | None = None
    if par is not None:
        card = cli.load(file, check=False)
        pars = list(cli.read_pars(par, first=(card.holes or 0) + 1))
    with said(file):
        done = ops.set_holes(file, holes, par=pars)
    _report(file, done)


def switch(
    file: FileArg,
    twos: Annotated[
        str | None,
        typer.Option(
            help="Twos count minus (-2) or plus (+2) from the next hole on.", show_default=False
        ),
    ] = None,
    kings: Annotated[
        str | None,
        typer.Option(
            help="Kings count zero (0) or ten (10) from the next hole on.", show_default=False
        ),
    ] = None,
) -> None:
    """Change the card's switches (twos -2, kings 0) for the holes to come.

    Holes already counted keep their count, and the rules they were counted
    with (a correction to one of them counts it by those); the log says from
    which hole the new values count.  Typed totals are always kept as typed.
    `golf card undo` puts the old switches back.

    Examples:

      golf card switch night.yaml --twos plus

      golf card switch night.yaml --twos minus --kings ten
    """
    from ..scorecard import ops

    twos_minus = cli.switch("--twos", twos, "minus", "plus")
    kings_zero = cli.switch("--kings", kings, "zero", "ten")
    if twos_minus is None and kings_zero is None:
        fail("give --twos minus|plus, --kings zero|ten, or both")
    with said(file):
        done = ops.set_switches(file, twos_minus=twos_minus, kings_zero=kings_zero)
    _report(file, done)


def par(
    file: FileArg,
    values: Annotated[
        list[str],
        typer.Argument(
            metavar="HOLE=PAR...",
            help="A hole's par, e.g. 3=4 (hole 3 is a par 4); HOLE=- forgets a par.",
            show_default=False,
        ),
    ],
) -> None:
    """Set a mini golf card's par, hole by hole, as the course is learned.

    A hole whose par is not known yet shows no par and counts nothing against
    par; `show` gives the score against the par of the holes known.  `golf
    card undo` puts the old par back.

    Examples:

      golf card par putt.yaml 1=3 2=2

      golf card par putt.yaml 7=4 8=-
    """
    from ..scorecard import ops

    pars: dict[int, int | None] = {}
    for item in values:
        hole, sep, value = item.partition("=")
        if not sep or not (hole.strip().isdecimal() and len(hole.strip()) <= 4):
            fail(f"{item!r}: give HOLE=PAR, e.g. 3=4")
        number = int(hole)
        pars[number] = None if value.strip() == "-" else cli.read_par(value, number)
    with said(file):
        done = ops.set_par(file, pars)
    _report(file, done)


def dealer(file: FileArg, name: NameArg) -> None:
    """Move the dealer marker: NAME deals the next hole.

    The marker moves one seat each hole by itself (`golf card show` says who
    deals next); this is for a table that dealt out of turn.  `golf card
    undo` puts it back.

    Example:

      golf card dealer night.yaml Cat
    """
    from ..scorecard import ops

    with said(file):
        done = ops.set_dealer(file, name)
    _report(file, done)


#: In the order ``golf card --help`` lists them, after the commands of holes and cards.
COMMANDS = (join, leave, rename, extend, switch, par, dealer)
