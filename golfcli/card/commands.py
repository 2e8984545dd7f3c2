"""``golf card ...``: the Typer sub-app.

Only Typer is imported at module level: ``golfcli.cli`` registers this app
on every start, and ``golf score`` must stay fast.  Every command loads what
it needs inside its body.

Bad input of any kind is one line on stderr and exit status 2, and the card
file is untouched: every check runs before the one atomic write.  Every
command that changes a card goes through :mod:`.edit` (read, ask, lock,
write with a record in the card's history).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import check_range, fail, load_variant_or_fail
from ..limits import MAX_HOLES

if TYPE_CHECKING:
    from ..variant import Variant
    from .model import Card, Change

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
        "  golf card log night.yaml            (every change, when)\n\n"
        "  golf card print --out blank.pdf     (a blank card)\n\n"
        "  golf card print night.yaml --out night.pdf\n\n"
        "  golf card new putt.yaml --mini -p Ann,Bob --par 3,2,4,3\n\n"
        "  golf card stats cards/*.yaml\n\n"
        "More in docs/scorecard.md."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

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
VariantOpt = Annotated[
    str | None,
    typer.Option(
        "--variant",
        "-v",
        help="Built-in variant (six-card, four-card, nine-card, alberta, duel) or a variant "
        "file; default six-card.",
        show_default=False,
    ),
]
SetOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        "-s",
        metavar="KEY=VALUE",
        help="Change one variant key, e.g. --set game.scoring=match. Repeatable.",
    ),
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
ParOpt = Annotated[
    str | None,
    typer.Option(
        help="Mini golf: par per hole, comma separated (3,2,4,...); sets the holes if "
        "--holes is not given.",
        show_default=False,
    ),
]


def _variant(spec: str, overrides: list[str], base: Path | None = None) -> Variant:
    return load_variant_or_fail(spec, overrides, base)


def _toggles(twos: str | None, kings: str | None) -> list[str]:
    out = []
    if twos is not None:
        if twos not in ("minus", "plus"):
            fail(f"--twos: must be minus or plus, not {twos!r}")
        out.append(f"values.ranks.2={-2 if twos == 'minus' else 2}")
    if kings is not None:
        if kings not in ("zero", "ten"):
            fail(f"--kings: must be zero or ten, not {kings!r}")
        out.append(f"values.ranks.K={0 if kings == 'zero' else 10}")
    return out


def _players(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    if not text.strip() or any(not n for n in names):
        fail(f"--players: give names separated by commas, e.g. Ann,Bob,Cat (got {text!r})")
    for n in names:
        if "=" in n:
            fail(f"--players: a name cannot contain '=' ({n!r})")
        if not n.isprintable():
            fail(f"--players: a control character in the name {n!r}")
    seen: set[str] = set()
    for n in names:
        if n.casefold() in seen:
            fail(f"--players: {n!r} is given twice")
        seen.add(n.casefold())
    return names


def _par(text: str) -> list[int]:
    out = []
    for i, item in enumerate(text.split(","), start=1):
        item = item.strip()
        if not (item.isdecimal() and len(item) <= 2) or not 1 <= int(item) <= 99:
            fail(f"--par: hole {i}: {item!r} is not a par (a whole number from 1 to 99)")
        out.append(int(item))
    return out


def _mini_holes(
    holes: int | None,
    par: str | None,
    variant: str | None,
    set_: list[str] | None,
    twos: str | None,
    kings: str | None,
) -> tuple[list[int] | None, int]:
    """A mini golf card's pars and number of holes (the pars' count, else 18),
    for ``new`` and a blank ``print`` alike; card golf's options are refused."""
    for flag, given in (
        ("--variant", variant),
        ("--set", set_),
        ("--twos", twos),
        ("--kings", kings),
    ):
        if given:
            fail(f"{flag} is for card golf; a --mini card counts strokes")
    pars = _par(par) if par is not None else None
    n_holes = holes if holes is not None else (len(pars) if pars else 18)
    if pars is not None and len(pars) != n_holes:
        fail(f"--par: {len(pars)} values for {n_holes} holes")
    return pars, n_holes


def _check_format(fmt: str) -> None:
    from ..render import bad_format

    if (problem := bad_format(fmt)) is not None:
        fail(problem)


def _variant_ref(spec: str, card_path: Path) -> str:
    """How the card names its variant: a built-in by name, a file relative to
    the card's folder (so a folder of cards and variants can move together)."""
    import os

    from ..variant import BUILTIN_NAMES

    if spec in BUILTIN_NAMES and not Path(spec).is_file():
        return spec
    target = Path(spec).resolve()
    try:
        return os.path.relpath(target, card_path.resolve().parent)
    except ValueError:  # another drive on Windows
        return str(target)


# --------------------------------------------------------------------------- new


@card_app.command()
def new(
    file: FileArg,
    players: Annotated[
        str, typer.Option("--players", "-p", help="Comma list of names: Ann,Bob,Cat.")
    ],
    variant: VariantOpt = None,
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
) -> None:
    """Start a card.

    Examples:

      golf card new night.yaml --players Ann,Bob,Cat

      golf card new night.yaml -p Ann,Bob -v nine-card --holes 18 --twos plus

      golf card new alb.yaml -p Ann,Bob,Cat,Dan -v alberta      # Ann & Cat vs Bob & Dan

      golf card new duel.yaml -p Ann,Bob -v duel                # to 50

      golf card new putt.yaml --mini -p Ann,Bob --par 3,2,4,3,3,2,4,3,3
    """
    from .model import Card, now_text

    check_range("--holes", holes, 1, MAX_HOLES)
    _check_new_file(file, title, force)
    names = _players(players)
    created = now_text()
    if mini:
        pars, n_holes = _mini_holes(holes, par, variant, set_, twos, kings)
        card = Card(
            kind="mini",
            players=names,
            sides=[[n] for n in names],
            holes=n_holes,
            par=pars,
            created=created,
            title=title,
        )
    else:
        if par is not None:
            fail("--par is for mini golf (add --mini)")
        card = _new_golf_card(file, names, variant, holes, set_, twos, kings, created, title)
    if not file.parent.is_dir():
        fail(f"{file}: no such folder {file.parent}")
    _start(card, file, force)
    _announce_new(card, file)


def _start(card: Card, file: Path, force: bool) -> None:
    """Write a new card under the card's lock, its history starting with it:
    two ``new`` at once make one card, and ``--force`` does not land in the
    middle of another command's write."""
    from . import edit
    from .history import started
    from .store import stamp_of

    with edit.locked(file):
        _check_new_file(file, card.title, force)
        card.stamp = stamp_of(file)  # the card (if any) that --force replaces
        edit.commit(card, file, started(card))


def _check_new_file(file: Path, title: str, force: bool) -> None:
    """A printable title and a place to start the card: not a folder, and
    not an existing card unless --force."""
    if not title.isprintable():
        fail(f"--title: a control character in {title!r}")
    if file.is_dir():
        fail(f"{file}: is a folder")
    if file.exists() and not force:
        fail(f"{file}: a card already exists (use --force to start it again)")


def _new_golf_card(
    file: Path,
    names: list[str],
    variant: str | None,
    holes: int | None,
    set_: list[str] | None,
    twos: str | None,
    kings: str | None,
    created: str,
    title: str,
) -> Card:
    """A new card golf card: the variant's game (its holes, or its target
    when --holes is not given), partners as the variant seats them, and
    the card values written out for the table."""
    from .count import values_text
    from .model import Card, alternate_partners

    spec = variant or "six-card"
    overrides = [*(set_ or []), *_toggles(twos, kings)]
    var = _variant(spec, overrides)
    try:
        var.check_players(len(names))
    except ValueError as exc:
        fail(f"--players: {exc}")
    sides = alternate_partners(names, var.side_of(len(names)))
    g = var.game
    return Card(
        kind="golf",
        players=names,
        sides=sides,
        holes=holes if holes is not None else g.holes,
        target=None if holes is not None else g.target,
        target_rule=g.target_rule,
        max_holes=None if holes is not None else g.max_holes,
        scoring=g.scoring,
        ties=g.ties,
        variant=_variant_ref(spec, file),
        overrides=overrides,
        values=values_text(var),
        created=created,
        title=title,
    )


def _announce_new(card: Card, file: Path) -> None:
    """Say what was started and how to enter the first hole."""
    from .present import describe

    typer.echo(f"New card {file}: {describe(card)}")
    typer.echo(f"Columns: {', '.join(card.side_names)}.")
    for line in card.values:
        typer.echo(line)
    first = card.side_names[0].split(" & ")[0]
    typer.echo(f"Enter a hole: golf card add {file} {first}=SCORE ... (or no values to be asked)")


# --------------------------------------------------------------------------- entering holes


CloserOpt = Annotated[
    str | None,
    typer.Option(
        help="Who went out or knocked, for knock bonuses and penalties; they apply when "
        "every score of the hole is a layout.",
        show_default=False,
    ),
]


def _open_sides(card: Card, file: Path, playoff: bool) -> list[int]:
    """The sides the next hole is for: every side, or the tied ones for a
    playoff; one line if that kind of hole cannot be entered now."""
    from .model import standing

    st = standing(card)
    if not playoff:
        if st.finished:
            more = " or settle the tie with `golf card playoff`" if st.tied else ""
            fail(f"{file}: the game is over; correct a hole with `golf card fix`{more}")
        return list(range(len(card.sides)))
    if not st.finished:
        left = "" if st.holes_left is None else f" ({st.holes_left} holes to play)"
        fail(f"{file}: the game is not over yet{left}; a playoff settles a tie at the end")
    if not st.tied:
        fail(f"{file}: nothing to settle: {card.side_names[st.winners[0]]} has won")
    return list(st.winners)


def _next_label(card: Card, playoff: bool) -> str:
    """The label the next hole will have: "7", or "P1" for a first playoff hole."""
    if playoff:
        return f"P{len(card.played) - len(card.regular) + 1}"
    return str(len(card.regular) + 1)


def _enter_hole(file: Path, values: list[str] | None, closer: str | None, playoff: bool) -> None:
    """Read, ask, count, append, write and report the next hole: the one body
    behind ``add`` (every side) and ``playoff`` (the tied sides).  See
    :mod:`.edit` for the cycle and what happens when the card changes while a
    person types."""
    from . import edit
    from .history import entered
    from .model import Hole, label_words

    seen = edit.load(file)
    sides = _open_sides(seen, file, playoff)
    given = edit.assignments(seen, values or [], sides)
    edit.closer_index(seen, closer, sides)
    label = label_words(_next_label(seen, playoff))
    texts, asked = edit.ask_missing(seen, file, given, sides, label)

    def make(card: Card) -> Change:
        if _open_sides(card, file, playoff) != sides:
            fail(f"{file}: the tied players changed meanwhile; nothing written")
        where = label_words(_next_label(card, playoff))
        typed, var = edit.read_all(card, file, texts, sides, where)
        out = edit.closer_index(card, closer, sides)
        names = card.side_names
        entries = edit.count(file, var, typed, out, [names[i] for i in sides], where)
        scores = {names[i]: e for i, e in zip(sides, entries, strict=True)}
        who = None if out is None else names[sides[out]]
        return entered(card, Hole(len(card.played) + 1, scores, playoff=playoff, closer=who))

    def question(card: Card) -> str:
        _open_sides(card, file, playoff)  # the game may have ended meanwhile: no question then
        return f"Enter your scores as {label_words(_next_label(card, playoff))}?"

    card, _ = edit.write(file, seen, asked, make, question)
    edit.report_hole(card, file, len(card.played) - 1)


@card_app.command()
def add(file: FileArg, values: ValuesArg = None, closer: CloserOpt = None) -> None:
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
    """
    _enter_hole(file, values, closer, playoff=False)


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
    """
    from . import edit
    from .history import ChangeError, fixed
    from .model import Hole, find_hole, hole_label, label_words
    from .present import change_text

    seen = edit.load(file)
    index = _hole_index(seen, file, hole)
    if not values and closer is None:
        fail("give the corrected scores, e.g. Bob=12")
    names = seen.side_names
    h = seen.played[index]
    label = hole_label(seen, h)
    sides = [i for i, n in enumerate(names) if n in h.scores]
    given = edit.assignments(seen, values or [], sides)
    edit.closer_index(seen, closer, sides)
    asked_texts, asked = edit.ask_missing(seen, file, given, list(given), label_words(label))

    def make(card: Card) -> Change:
        i = find_hole(card, label)
        if i is None or [n for n in names if n in card.played[i].scores] != [
            names[s] for s in sides
        ]:
            fail(f"--hole {label}: the hole changed meanwhile (undone?); {file} is unchanged")
        old = card.played[i]
        kept = zip(sides, old.scores.values(), strict=True)
        texts = {s: e.layout or str(e.score) for s, e in kept}
        texts.update(asked_texts)
        where = label_words(label)
        typed, var = edit.read_all(card, file, texts, sides, where)
        out = edit.closer_index(card, closer if closer is not None else old.closer, sides)
        entries = edit.count(file, var, typed, out, [names[s] for s in sides], where)
        scores = {names[s]: e for s, e in zip(sides, entries, strict=True)}
        who = None if out is None else names[sides[out]]
        try:
            return fixed(card, i, Hole(old.number, scores, old.playoff, who), drop_later)
        except ChangeError as exc:
            fail(f"--hole {label}: {exc}; {file} is unchanged")

    def question(card: Card) -> str:
        if find_hole(card, label) is None:
            fail(f"--hole {label}: the hole was taken back meanwhile; {file} is unchanged")
        return f"Apply your correction to {label_words(label)} as the card has it now?"

    card, change = edit.write(file, seen, asked, make, question)
    typer.echo(change_text(card, change))
    if change.hole is not None and change.hole <= len(card.played):
        edit.report_hole(card, file, change.hole - 1)


def _hole_index(card: Card, file: Path, hole: str) -> int:
    """``--hole 3`` or ``--hole P1`` -> the index in ``card.played``, or one line."""
    from .model import find_hole

    index = find_hole(card, hole)
    if index is None:
        regular = len(card.regular)
        have = [f"1 to {regular}" if regular > 1 else "1"] if regular else []
        extra = len(card.played) - regular
        have += [f"P1 to P{extra}" if extra > 1 else "P1"] if extra else []
        n = len(card.played)
        shown = f"{n} hole{'s' if n != 1 else ''} entered"
        shown += f": {', '.join(have)}" if have else ""
        fail(f"--hole {hole.strip()}: no such hole on {file} ({shown})")
    return index


@card_app.command()
def playoff(file: FileArg, values: ValuesArg = None, closer: CloserOpt = None) -> None:
    """Settle a tie with one more hole, played by the tied players only.

    Recorded as a playoff hole (P1, P2, ...): it decides the winner and adds
    nothing to the totals.  Still tied? Play another.

    Example:

      golf card playoff night.yaml Ann=4 Bob=9
    """
    _enter_hole(file, values, closer, playoff=True)


# --------------------------------------------------------------------------- history


@card_app.command()
def undo(file: FileArg) -> None:
    """Take back the last change: a hole entered, a fix, a playoff hole.

    Run it again to take back the change before that.  The undo is itself
    kept in the card's history, with the hole it removed or replaced, so no
    score is lost: `golf card log` shows them.

    Examples:

      golf card undo night.yaml        # a fix to the wrong hole, taken back

      golf card log night.yaml         # what changed, and when
    """
    from . import edit
    from .history import ChangeError
    from .history import undo as take_back
    from .model import early_end, standing
    from .present import change_text, status_lines

    edit.load(file)  # warns about hand edits before anything changes
    with edit.locked(file):
        card = edit.load(file, check=False)
        try:
            change = take_back(card)
        except ChangeError as exc:
            fail(f"{file}: {exc}")
        if early_end(card) is not None:
            fail(f"{file}: the undo would leave holes after the end of the game; nothing written")
        edit.commit(card, file, change)
    typer.echo(change_text(card, change))
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
    from . import edit
    from .present import log as render

    _check_format(fmt)
    card = edit.load(file)
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
    from . import edit
    from .present import show as render

    _check_format(fmt)
    card = edit.load(file)
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

    from . import edit
    from .season import stats as render

    _check_format(fmt)
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
    cards = [(str(f), edit.load(f)) for f in files]
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
    variant: VariantOpt = None,
    set_: SetOpt = None,
    twos: TwosOpt = None,
    kings: KingsOpt = None,
    mini: MiniOpt = False,
    par: ParOpt = None,
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
    check_range("--holes", holes, 1, MAX_HOLES)
    if paper not in ("a4", "letter"):
        fail(f"--paper: must be a4 or letter, not {paper!r}")
    if file is not None:
        blank_only = {
            "--holes": holes, "--players": players, "--variant": variant, "--set": set_,
            "--twos": twos, "--kings": kings, "--mini": mini, "--par": par,
        }  # fmt: skip
        for flag, given in {**blank_only, "--two-up": two_up}.items():
            if given:
                fail(f"{flag} is for a blank card; {file} prints as it is")
        from . import edit

        card = edit.load(file)
        target = out or file.with_suffix(".pdf")
    else:
        names = _blank_names(players)
        if mini:
            card = _blank_mini_card(names, holes, par, variant, set_, twos, kings)
        else:
            if par is not None:
                fail("--par is for mini golf (add --mini)")
            card = _blank_golf_card(names, holes, variant, set_, twos, kings)
        target = out or Path("minigolf.pdf" if mini else "scorecard.pdf")
    from .pdf import MAX_COLUMNS, TWO_UP_ROWS, hole_rows, render_pdf

    if two_up and (hole_rows(card, blank=True) > TWO_UP_ROWS or len(card.sides) > MAX_COLUMNS):
        fail(
            f"--two-up: two cards to a page hold at most {TWO_UP_ROWS} holes and "
            f"{MAX_COLUMNS} players (this card: {hole_rows(card, blank=True)} hole rows, "
            f"{len(card.sides)} columns)"
        )
    data = render_pdf(card, blank=file is None, paper=paper, two_up=two_up)
    _write_bytes(target, data)
    typer.echo(f"wrote {target}")


def _blank_names(players: str | None) -> list[str]:
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
    return _players(players)


def _blank_mini_card(
    names: list[str],
    holes: int | None,
    par: str | None,
    variant: str | None,
    set_: list[str] | None,
    twos: str | None,
    kings: str | None,
) -> Card:
    """A blank mini golf card with its par column (filled in when --par is given)."""
    from .model import Card

    pars, n_holes = _mini_holes(holes, par, variant, set_, twos, kings)
    return Card(kind="mini", players=names, sides=[[n] for n in names], holes=n_holes, par=pars)


def _blank_golf_card(
    names: list[str],
    holes: int | None,
    variant: str | None,
    set_: list[str] | None,
    twos: str | None,
    kings: str | None,
) -> Card:
    """A blank card golf card: the variant's holes (or its target, which the
    PDF turns into rows enough to reach it, unless --holes is given), partner
    columns only when names are given for a count the variant plays in
    partners, and the card values underneath."""
    from .count import values_text
    from .model import Card, alternate_partners

    spec = variant or "six-card"
    var = _variant(spec, [*(set_ or []), *_toggles(twos, kings)])
    g = var.game
    sides = [[n] for n in names]
    if any(names) and len(names) in var.partners.player_counts:
        sides = alternate_partners(names, var.side_of(len(names)))
    to_target = holes is None and g.holes is None
    return Card(
        kind="golf",
        players=names,
        sides=sides,
        holes=None if to_target else (holes or g.holes),
        target=g.target if to_target else None,
        max_holes=g.max_holes if to_target else None,
        target_rule=g.target_rule,
        scoring=g.scoring,
        ties=g.ties,
        variant=var.name,
        values=values_text(var),
    )


def _write_bytes(path: Path, data: bytes) -> None:
    """Atomic, like the card: a reader never sees half a PDF."""
    from .store import write_atomic

    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        fail(f"--out: no such folder {directory}")
    try:
        write_atomic(path, data)
    except OSError as exc:
        fail(f"--out: cannot write {path}: {exc.strerror or exc}")
