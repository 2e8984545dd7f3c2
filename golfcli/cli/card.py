"""``golf card ...``: the Typer sub-app, a thin client of :mod:`golfcli.scorecard`.

Each command reads its options into the library's terms, calls the library
(:mod:`golfcli.scorecard.ops` for every change, which locks, checks and
writes with a record in the card's history) and prints what it returns;
:mod:`.card_input` reads the options, asks a person for what was not
given and says each refusal as one line.  Only Typer and those light helpers
are imported at module level: ``golfcli.cli.app`` registers this app on every
start, and ``golf score`` must stay fast.  Every command loads what else it
needs inside its body.

Bad input of any kind is one line on stderr and exit status 2, and the card
file is untouched: every check runs before the one atomic write.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..limits import MAX_HOLES
from . import card_input as cli
from . import card_serve, card_table
from .card_input import (
    CloserOpt,
    FileArg,
    FormatOpt,
    KingsOpt,
    MiniOpt,
    ParOpt,
    TargetOpt,
    TwosOpt,
    ValuesArg,
    said,
)
from .params import MaybeVariantOpt, SetOpt
from .say import check_range, fail

if TYPE_CHECKING:
    from ..scorecard.model import Scorecard
    from ..scorecard.ops import Done

card_app = typer.Typer(
    name="card",
    help=(
        "Keep score of Golf played with real cards: a card file per game, "
        "holes typed or counted from layouts, printable cards, mini golf.\n\n"
        "Examples:\n\n"
        "  golf card new night.yaml --players Ann,Bob,Cat\n\n"
        '  golf card add night.yaml Ann=14 Bob="5 K 2 / 5 7 9" Cat=3\n\n'
        "  golf card add night.yaml            (asks for each score)\n\n"
        "  golf card fix night.yaml --hole 1 Bob=12\n\n"
        "  golf card show night.yaml --format markdown\n\n"
        "  golf card playoff night.yaml Ann=4 Bob=9\n\n"
        "  golf card undo night.yaml           (take back the last change)\n\n"
        "  golf card join night.yaml Dan       (a late player; leave, rename too)\n\n"
        "  golf card extend night.yaml --holes 18\n\n"
        "  golf card log night.yaml            (every change, when)\n\n"
        "  golf card print --out blank.pdf     (a blank card)\n\n"
        "  golf card print night.yaml --out night.pdf\n\n"
        "  golf card new putt.yaml --mini -p Ann,Bob --par 3,2,4,3\n\n"
        "  golf card stats cards/*.yaml\n\n"
        "  golf card serve --lan               (the cards here as a page for every phone)\n\n"
        "More in docs/scorecard.md."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# --------------------------------------------------------------------------- new


@card_app.command()
def new(
    file: FileArg,
    players: Annotated[
        str, typer.Option("--players", "-p", help="Comma list of names: Ann,Bob,Cat.")
    ],
    variant: MaybeVariantOpt = None,
    holes: Annotated[
        int | None,
        typer.Option(help="Holes to play (default: the variant's, 9; mini golf 18)."),
    ] = None,
    set_: SetOpt = None,
    twos: TwosOpt = None,
    kings: KingsOpt = None,
    mini: MiniOpt = False,
    par: ParOpt = None,
    title: Annotated[str, typer.Option(help="A title for the card, e.g. a date.")] = "",
    force: Annotated[bool, typer.Option("--force", help="Replace an existing card.")] = False,
    target: TargetOpt = None,
    dealer: Annotated[
        str | None,
        typer.Option(
            help="Who deals the first hole (default: the first player); the dealer marker "
            "then moves one seat each hole.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Start a card.

    Examples:

      golf card new night.yaml --players Ann,Bob,Cat

      golf card new night.yaml -p Ann,Bob -v nine-card --holes 18 --twos plus

      golf card new alb.yaml -p Ann,Bob,Cat,Dan -v alberta      # Ann & Cat vs Bob & Dan

      golf card new duel.yaml -p Ann,Bob -v duel                # to 50

      golf card new hundred.yaml -p Ann,Bob,Cat --target 100    # six-card, to 100

      golf card new night.yaml -p Ann,Bob,Cat --dealer Cat      # Cat deals first

      golf card new putt.yaml --mini -p Ann,Bob --par 3,2,4,3,3,2,4,3,3
    """
    from ..scorecard import ops, start
    from ..scorecard.model import MAX_TARGET, now_text

    check_range("--holes", holes, 1, MAX_HOLES)
    check_range("--target", target, 1, MAX_TARGET)
    if holes is not None and target is not None:
        fail("--target: a game is played to a number of holes or to a target, not both")
    with said(file):
        start.check_new_file(file, title, force)
    names = cli.read_players(players)
    created = now_text()
    with said(file):
        if mini:
            cli.refuse_for_mini(
                variant=variant, set=set_, twos=twos, kings=kings, target=target, dealer=dealer
            )
            pars = cli.read_pars(par) if par is not None else None
            card = start.new_mini_card(names, holes=holes, par=pars, created=created, title=title)
        else:
            if par is not None:
                fail("--par is for mini golf (add --mini)")
            overrides = [*(set_ or []), *cli.toggles(twos, kings)]
            card = start.new_golf_card(
                file, names, variant=variant, holes=holes, target=target, overrides=overrides,
                dealer=dealer, created=created, title=title,
            )  # fmt: skip
        ops.start_card(file, card, force=force)
    _announce(card, file)


def _announce(card: Scorecard, file: Path) -> None:
    """Say what was started and how to enter the first hole."""
    from ..scorecard.present import describe

    typer.echo(f"New card {file}: {describe(card)}")
    typer.echo(f"Columns: {', '.join(card.side_names)}.")
    for text in card.values:
        typer.echo(text)
    if card.dealer is not None:
        typer.echo(f"{card.dealer} deals hole 1; the dealer marker moves one seat each hole.")
    first = card.side_names[0].split(" & ")[0]
    typer.echo(f"Enter a hole: golf card add {file} {first}=SCORE ... (or no values to be asked)")


# --------------------------------------------------------------------------- entering holes


@card_app.command()
def add(
    file: FileArg,
    values: ValuesArg = None,
    closer: CloserOpt = None,
    hole: Annotated[
        int | None,
        typer.Option(
            "--hole",
            help="The hole these scores are for. With it, a hole already entered (from "
            "another phone or shell) is refused instead of entered twice, and the card "
            "changing meanwhile needs no question: the hole says which one you meant.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Enter the next hole: a score for every player.

    A number is kept exactly as typed; a layout is counted with the card's
    variant and toggles, and the card keeps the layout and its itemised count.
    Players left out (or given as NAME=?) are asked for one by one.

    Any number of commands may enter holes on one card at once: each waits
    its turn, and none overwrites another.  If the card changes while you
    type (a hole entered from another shell), you are told what changed and
    asked before your scores go in as the next hole (no: exit status 1,
    nothing written).

    Examples:

      golf card add night.yaml Ann=14 Bob=-3 Cat=22

      golf card add night.yaml Ann="5 K 2 / 5 7 9" Bob="Q 3 4 / Q 3 9" Cat=7

      golf card add night.yaml                     # asks Ann, Bob and Cat in turn

      golf card add night.yaml --hole 4 Ann=3 Bob=7 Cat=1   # refused if 4 is in
    """
    _enter(file, values, closer, playoff=False, hole=hole)


def _enter(
    file: Path,
    values: list[str] | None,
    closer: str | None,
    playoff: bool,
    hole: int | None = None,
) -> None:
    """Read, ask, then enter the hole through the library and report it: the
    one body behind ``add`` (every side) and ``playoff`` (the tied sides).
    See :mod:`.card_input` for the cycle and what happens when the card
    changes while a person types."""
    from ..scorecard import inputs, ops
    from ..scorecard.count import VariantLoader
    from ..scorecard.model import label_words

    given = cli.items(values)
    variants = VariantLoader(file)  # loaded once, if a step needs it
    seen = cli.load(file, variants=variants)
    with said(file):
        ops.numbered(seen, hole, playoff)
        sides = ops.open_sides(seen, playoff)
        texts = inputs.resolve_scores(seen, given, sides)
        inputs.closer_index(seen, closer, sides)
    label = label_words(ops.next_label(seen, playoff))
    texts, asked = cli.ask_missing(seen, variants, texts, sides, label)
    names = seen.side_names
    scores = [(names[i], texts[i]) for i in sides]

    def change(expect: Scorecard | None) -> Done:
        # the hole number says which hole was meant: no question if the card moved on
        mine = None if hole is not None else expect
        enter = ops.playoff_hole if playoff else ops.add_hole
        return enter(file, scores, hole=hole, closer=closer, expect=mine, variants=variants)

    def question(card: Scorecard) -> str:
        ops.open_sides(card, playoff)  # the game may have ended meanwhile: no question then
        return f"Enter your scores as {label_words(ops.next_label(card, playoff))}?"

    done = cli.write(file, seen, asked, change, question)
    cli.warn_all(done)
    cli.report_hole(done.card, file, len(done.card.played) - 1)


@card_app.command()
def fix(
    file: FileArg,
    hole: Annotated[
        str,
        typer.Option(
            "--hole",
            help="The hole to correct, as the card shows it: 3, or P1 for the first playoff hole.",
            show_default=False,
        ),
    ],
    values: ValuesArg = None,
    closer: CloserOpt = None,
    no_closer: Annotated[
        bool,
        typer.Option(
            "--no-closer",
            help="No one went out on this hole: take off a closer entered by mistake.",
        ),
    ] = False,
    drop_later: Annotated[
        bool,
        typer.Option(
            "--drop-later",
            help="When the correction makes a game to a target end on an earlier hole, set "
            "the holes played after that end aside (kept in the history; undo brings them "
            "back). Without it such a fix is refused.",
        ),
    ] = False,
) -> None:
    """Correct scores on a hole already entered.

    Only the players named change; a hole counted from layouts is counted
    again (penalties between layouts depend on all of them).  The old scores
    are kept in the card's history: `golf card undo` puts them back.

    Examples:

      golf card fix night.yaml --hole 3 Bob=12

      golf card fix night.yaml --hole 3 Ann="5 K 2 / 5 7 9" Cat=4

      golf card fix night.yaml --hole P1 Ann=5       # the first playoff hole

      golf card fix night.yaml --hole 4 --no-closer  # nobody went out after all
    """
    from ..scorecard import inputs, ops
    from ..scorecard.count import VariantLoader
    from ..scorecard.model import find_hole, hole_label, label_words
    from ..scorecard.present import change_text

    given = cli.items(values)
    variants = VariantLoader(file)  # loaded once, if a step needs it
    seen = cli.load(file, variants=variants)
    with said(file):
        index = ops.hole_index(seen, hole)
    if no_closer:
        if closer is not None:
            fail("--closer and --no-closer: give one of them")
        closer = ops.NO_CLOSER
    if not values and closer is None:
        fail("give the corrected scores, e.g. Bob=12")
    names = seen.side_names
    h = seen.played[index]
    label = hole_label(seen, h)
    sides = [i for i, n in enumerate(names) if n in h.scores]
    with said(file):
        texts = inputs.resolve_scores(seen, given, sides)
        if closer != ops.NO_CLOSER:
            inputs.closer_index(seen, closer, sides)
    texts, asked = cli.ask_missing(seen, variants, texts, list(texts), label_words(label))
    scores = [(names[i], t) for i, t in texts.items()]

    def change(expect: Scorecard | None) -> Done:
        return ops.fix_hole(
            file, label, scores, closer=closer, drop_later=drop_later, expect=expect,
            variants=variants,
        )  # fmt: skip

    def question(card: Scorecard) -> str:
        if find_hole(card, label) is None:
            fail(f"--hole {label}: the hole was taken back meanwhile; {file} is unchanged")
        return f"Apply your correction to {label_words(label)} as the card has it now?"

    done = cli.write(file, seen, asked, change, question, hole=label)
    cli.warn_all(done)
    card, made = done.card, done.change
    typer.echo(change_text(card, made))
    if made.hole is not None and made.hole <= len(card.played):
        cli.report_hole(card, file, made.hole - 1)


@card_app.command()
def playoff(
    file: FileArg,
    values: ValuesArg = None,
    closer: CloserOpt = None,
    hole: Annotated[
        str | None,
        typer.Option(
            "--hole",
            help="The playoff hole these scores are for (P1, or 1): one already entered is "
            "refused instead of entered twice.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Settle a tie with one more hole, played by the tied players only.

    Recorded as a playoff hole (P1, P2, ...): it decides the winner and adds
    nothing to the totals.  Still tied? Play another.

    Examples:

      golf card playoff night.yaml Ann=4 Bob=9

      golf card playoff night.yaml --hole P1 Ann=4 Bob=9   # refused if P1 is in
    """
    number = None
    if hole is not None:
        text = hole.strip().upper().removeprefix("P")
        if not (text.isdecimal() and len(text) <= 4):
            fail(f"--hole: {hole.strip()!r}: give a playoff hole, P1 or 1")
        number = int(text)
    _enter(file, values, closer, playoff=True, hole=number)


# --------------------------------------------------------------------------- history


@card_app.command()
def undo(file: FileArg) -> None:
    """Take back the last change: a hole, a fix, a playoff, a change to the table.

    Run it again to take back the change before that.  The undo is itself
    kept in the card's history, with the hole it removed or replaced, so no
    score is lost: `golf card log` shows them.

    Examples:

      golf card undo night.yaml        # a fix to the wrong hole, taken back

      golf card log night.yaml         # what changed, and when
    """
    from ..scorecard import ops
    from ..scorecard.present import change_text, status_lines
    from ..scorecard.standings import standing

    cli.load(file)  # warns about hand edits before anything changes
    with said(file):
        done = ops.undo(file)
    card = done.card
    typer.echo(change_text(card, done.change))
    for line in status_lines(card, standing(card), str(file)):
        typer.echo(line)


@card_app.command()
def log(file: FileArg, fmt: FormatOpt = "table") -> None:
    """Show the card's history: every change, when, and what it did.

    One row per change: the hole, each player's old -> new score for a
    fix, the hole an undo took back.  Times are local.

    Example:

      golf card log night.yaml
    """
    from ..scorecard.present import log as render

    cli.check_format(fmt)
    card = cli.load(file)
    typer.echo(render(card, fmt))


# --------------------------------------------------------------------------- show / stats


@card_app.command()
def show(
    file: FileArg,
    fmt: FormatOpt = "table",
    details: Annotated[
        bool, typer.Option("--details", help="Itemise every counted layout card by card.")
    ] = False,
) -> None:
    """Show the card: holes, running totals, the leader or the winner.

    One row per hole, one column per player, running totals in brackets,
    the leader and the holes to play and, at the end, the winner.  A score
    marked * was counted from a layout; one marked ! disagrees with its
    layout (the file was edited by hand) and is explained under the table.
    Playoff holes are P1, P2, ... (as `fix --hole P1` takes them).

    Examples:

      golf card show night.yaml

      golf card show night.yaml --format csv > night.csv
    """
    from ..scorecard.present import show as render

    cli.check_format(fmt)
    card = cli.load(file)
    typer.echo(render(card, fmt, str(file), details))


@card_app.command()
def stats(
    files: Annotated[list[Path], typer.Argument(help="Card files.", show_default=False)],
    fmt: FormatOpt = "table",
) -> None:
    """A season at a glance: games, wins, mean per hole, best and worst hole.

    Cards are grouped by game (variant and --set changes, or mini golf) and
    player count, so like is compared with like; in partner games each team
    is listed with its players, apart from players on their own.  Under the
    tables: what was left out (cards with no holes, playoff holes, games not
    finished, scores that disagree with their layouts).

    Example:

      golf card stats cards/*.yaml --format markdown
    """
    import os

    from ..scorecard.season import stats as render

    cli.check_format(fmt)
    # A file named twice (a glob plus its own name, or ./a.yaml and a.yaml) would count
    # its games twice and skew every figure; refused rather than silently dropped, so
    # the cards counted are exactly the ones named.  os.path.realpath, not Path.resolve:
    # it does not raise on a symbolic link loop, which loading then reports in one line.
    seen: dict[str, Path] = {}
    for f in files:
        key = os.path.realpath(f)
        if key in seen:
            fail(f"{f}: given twice (the same file as {seen[key]}); name each card once")
        seen[key] = f
    cards = [(str(f), cli.load(f)) for f in files]
    typer.echo(render(cards, fmt))


# --------------------------------------------------------------------------- print


@card_app.command("print")
def print_(
    file: Annotated[
        Path | None,
        typer.Argument(
            help="A card to print filled in; none for a blank card.", show_default=False
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            help="The PDF to write (default: the card's name with .pdf, or "
            "scorecard.pdf / minigolf.pdf for a blank card).",
        ),
    ] = None,
    holes: Annotated[
        int | None, typer.Option(help="Blank card: hole rows (default 9; mini golf 18).")
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            "-p",
            help="Blank card: how many player columns (default 6), or names: Ann,Bob,Cat.",
        ),
    ] = None,
    variant: MaybeVariantOpt = None,
    set_: SetOpt = None,
    twos: TwosOpt = None,
    kings: KingsOpt = None,
    mini: MiniOpt = False,
    par: ParOpt = None,
    to_target: TargetOpt = None,
    paper: Annotated[str, typer.Option(help="Paper size: a4 or letter.")] = "a4",
    two_up: Annotated[
        bool,
        typer.Option(
            "--two-up",
            help="Blank card: two cards of at most 9 holes and 8 players on one page, "
            "to cut in half.",
        ),
    ] = False,
) -> None:
    """Print a card as PDF: a blank one for the table, or a card filled in.

    A blank card has nine hole rows and six player columns on one page with
    the card values underneath; more players than fit go on a second page.
    An 18-hole card adds Out and In rows after holes 9 and 18.  A game to a
    target (duel, to 50) gets a row for every 4 points of the target and a
    running-total column beside each score.

    Examples:

      golf card print --out blank.pdf

      golf card print --holes 18 --players 4 -v nine-card --out nine.pdf

      golf card print --mini --par 3,2,4,3,3,2,4,3,3 --out putt.pdf

      golf card print --two-up --players 4 --out two.pdf   # two 9-hole cards, one page

      golf card print night.yaml --out night.pdf
    """
    from ..scorecard.model import MAX_TARGET

    check_range("--holes", holes, 1, MAX_HOLES)
    check_range("--target", to_target, 1, MAX_TARGET)
    if paper not in ("a4", "letter"):
        fail(f"--paper: must be a4 or letter, not {paper!r}")
    if file is not None:
        blank_only = {
            "--holes": holes, "--players": players, "--variant": variant, "--set": set_,
            "--twos": twos, "--kings": kings, "--mini": mini, "--par": par, "--target": to_target,
        }  # fmt: skip
        for flag, given in {**blank_only, "--two-up": two_up}.items():
            if given:
                fail(f"{flag} is for a blank card; {file} prints as it is")
        card = cli.load(file)
        target = out or file.with_suffix(".pdf")
    else:
        from ..scorecard import start

        names = cli.blank_names(players)
        with said():
            if mini:
                cli.refuse_for_mini(
                    variant=variant, set=set_, twos=twos, kings=kings, target=to_target
                )
                pars = cli.read_pars(par) if par is not None else None
                card = start.new_mini_card(names, holes=holes, par=pars)
            else:
                if par is not None:
                    fail("--par is for mini golf (add --mini)")
                overrides = [*(set_ or []), *cli.toggles(twos, kings)]
                card = start.blank_golf_card(names, holes, variant, overrides, to_target)
        target = out or Path("minigolf.pdf" if mini else "scorecard.pdf")
    from ..scorecard.pdf import MAX_COLUMNS, TWO_UP_ROWS, hole_rows, render_pdf

    if two_up and (hole_rows(card, blank=True) > TWO_UP_ROWS or len(card.sides) > MAX_COLUMNS):
        fail(
            f"--two-up: two cards to a page hold at most {TWO_UP_ROWS} holes and "
            f"{MAX_COLUMNS} players (this card: {hole_rows(card, blank=True)} hole rows, "
            f"{len(card.sides)} columns)"
        )
    data = render_pdf(card, blank=file is None, paper=paper, two_up=two_up)
    _write_bytes(target, data)
    typer.echo(f"wrote {target}")


# --------------------------------------------------------------------------- the table

for _table_command in card_table.COMMANDS:
    card_app.command()(_table_command)

# the page (the web extra): golf card serve
card_app.command()(card_serve.serve)


def _write_bytes(path: Path, data: bytes) -> None:
    """Atomic, like the card: a reader never sees half a PDF."""
    from ..atomic import write_atomic

    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        fail(f"--out: no such folder {directory}")
    try:
        write_atomic(path, data)
    except OSError as exc:
        fail(f"--out: cannot write {path}: {exc.strerror or exc}")
