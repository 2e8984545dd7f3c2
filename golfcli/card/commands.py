"""``golf card ...``: the Typer sub-app.

Only Typer is imported at module level: ``golfcli.cli`` registers this app
on every start, and ``golf score`` must stay fast.  Every command loads what
it needs inside its body.

Bad input of any kind is one line on stderr and exit status 2, and the card
file is untouched: every check runs before the one atomic write.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import check_range, fail, load_variant_or_fail
from ..limits import MAX_HOLES

if TYPE_CHECKING:
    from ..variant import Variant
    from .count import Typed
    from .model import Card

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


def _load(path: Path) -> Card:
    from .model import ScorecardError, load

    try:
        return load(path)
    except ScorecardError as exc:
        fail(str(exc))


def _save(card: Card, path: Path) -> None:
    from .model import save

    try:
        save(card, path)
    except OSError as exc:
        fail(f"{path}: cannot write the card: {exc.strerror or exc}")


def _variant(spec: str, overrides: list[str], base: Path | None = None) -> Variant:
    return load_variant_or_fail(spec, overrides, base)


def _card_variant(card: Card, path: Path) -> Variant:
    """The card's variant, for counting layouts; loaded only when a layout is typed,
    so typed totals work even if the variant file has gone."""
    assert card.variant is not None
    return load_variant_or_fail(
        card.variant,
        card.overrides,
        path.parent,
        context=f"{path}: the card's variant cannot be loaded to count a layout: ",
    )


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
    from .present import FORMATS

    if fmt not in FORMATS:
        fail(f"--format: must be one of {', '.join(FORMATS)}, not {fmt!r}")


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
    from .model import Card

    check_range("--holes", holes, 1, MAX_HOLES)
    _check_new_file(file, title, force)
    names = _players(players)
    created = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
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
    _save(card, file)
    _announce_new(card, file)


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


def _assignments(card: Card, values: list[str], allowed: list[int]) -> dict[int, str]:
    """``NAME=VALUE`` items -> {side: value text}; names are players or groups."""
    from .model import find_side

    names = card.side_names
    out: dict[int, str] = {}
    for item in values:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            fail(f'{item!r}: give NAME=VALUE, e.g. Ann=14 or Bob="5 K 2 / 5 7 9"')
        side = find_side(card, name)
        if side is None:
            fail(f"{name.strip()!r}: unknown player (players: {', '.join(card.players)})")
        if side not in allowed:
            fail(
                f"{name.strip()!r}: not in this playoff "
                f"(tied: {', '.join(names[i] for i in allowed)})"
            )
        if side in out:
            who = names[side]
            if " & " in who:
                fail(f"{name.strip()!r}: a second score for {who} (partners share one score)")
            fail(f"{name.strip()!r}: given twice")
        out[side] = value
    return out


def _read_all(
    card: Card, path: Path, given: dict[int, str], sides: list[int], label: str
) -> tuple[list[Typed], Variant | None]:
    """Read every side's value; missing ones (and ``?``) are asked for on stdin.

    Also returns the card's variant if a layout made it load (else None), so
    counting the hole afterwards does not load it a second time."""
    from .count import EntryError, is_number, read_value

    names = card.side_names
    mini = card.kind == "mini"
    need_variant = not mini and any(
        v.strip() not in ("", "?") and not is_number(v) for v in given.values()
    )
    var = _card_variant(card, path) if need_variant else None
    out: list[Typed] = []
    ask = [i for i in sides if given.get(i, "?").strip() == "?"]
    interactive = sys.stdin.isatty()
    if ask and interactive:
        typer.echo(f"{label}: type each score (a number, or a layout like 5 K 2 / 5 7 9)")
    for i in sides:
        text = given.get(i, "?")
        while True:
            if text.strip() == "?":
                try:
                    text = typer.prompt(f"  {names[i]}", prompt_suffix=": ")
                except (EOFError, typer.Abort):
                    fail(f"{label}: no score for {names[i]} (input ended; card unchanged)")
            if not mini and var is None and not is_number(text):
                var = _card_variant(card, path)
            try:
                out.append(read_value(text, var, mini))
                break
            except EntryError as exc:
                if interactive and i in ask:
                    typer.echo(f"  {exc}; try again", err=True)
                    text = "?"
                    continue
                fail(f"{label}, {names[i]}: {exc}")
    return out, var


def _closer(card: Card, name: str | None, sides: list[int]) -> int | None:
    """``--closer NAME`` -> the position of that side among ``sides``."""
    from .model import find_side

    if name is None:
        return None
    side = find_side(card, name)
    if side is None or side not in sides:
        fail(f"--closer: {name!r} is not a player on this hole")
    return sides.index(side)


def _count(path: Path, var: Variant | None, typed: list[Typed], closer: int | None) -> list[Entry]:
    """Count the hole with the variant ``_read_all`` loaded (present whenever
    a layout was typed)."""
    from .count import count_hole

    try:
        return count_hole(var, typed, closer)
    except ValueError as exc:  # the scorer refused a layout
        fail(f"{path}: {exc}")


def _report_hole(card: Card, path: Path, index: int) -> None:
    from .model import standing
    from .present import status_lines

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
    label = "playoff hole" if h.playoff else "hole"
    typer.echo(f"{label} {h.number}: " + ", ".join(parts))
    for line in status_lines(card, st, str(path)):
        typer.echo(line)


def _enter_hole(
    card: Card,
    path: Path,
    sides: list[int],
    values: list[str] | None,
    closer: str | None,
    *,
    playoff: bool,
) -> None:
    """Read, count, append, save and report the next hole for ``sides``: the one
    body behind ``add`` (every side) and ``playoff`` (the tied sides), once
    each has checked that its kind of hole may be entered now."""
    from .model import Hole

    given = _assignments(card, values or [], sides)
    out = _closer(card, closer, sides)
    number = len(card.played) + 1
    label = f"playoff hole {number}" if playoff else f"hole {number}"
    typed, var = _read_all(card, path, given, sides, label)
    entries = _count(path, var, typed, out)
    names = card.side_names
    scores = {names[i]: e for i, e in zip(sides, entries, strict=True)}
    who = None if out is None else names[sides[out]]
    card.played.append(Hole(number, scores, playoff=playoff, closer=who))
    _save(card, path)
    _report_hole(card, path, len(card.played) - 1)


if TYPE_CHECKING:
    from .model import Entry


CloserOpt = Annotated[
    str | None,
    typer.Option(
        help="Who went out or knocked, for knock bonuses and penalties; they apply when "
        "every score of the hole is a layout.",
        show_default=False,
    ),
]


@card_app.command()
def add(file: FileArg, values: ValuesArg = None, closer: CloserOpt = None) -> None:
    """Enter the next hole: a score for every player.

    A number is kept exactly as typed; a layout is counted with the card's
    variant and toggles, and the card keeps the layout and its itemised count.
    Players left out (or given as NAME=?) are asked for one by one.

    Examples:

      golf card add night.yaml Ann=14 Bob=-3 Cat=22

      golf card add night.yaml Ann="5 K 2 / 5 7 9" Bob="Q 3 4 / Q 3 9" Cat=7

      golf card add night.yaml                     # asks Ann, Bob and Cat in turn
    """
    from .model import standing

    card = _load(file)
    st = standing(card)
    if st.finished:
        more = " or settle the tie with `golf card playoff`" if st.tied else ""
        fail(f"{file}: the game is over; correct a hole with `golf card fix`{more}")
    _enter_hole(card, file, list(range(len(card.sides))), values, closer, playoff=False)


@card_app.command()
def fix(
    file: FileArg,
    hole: Annotated[int, typer.Option("--hole", help="The hole to correct (1-based).")],
    values: ValuesArg = None,
    closer: CloserOpt = None,
) -> None:
    """Correct scores on a hole already entered.

    Only the players named change; a hole counted from layouts is counted
    again (penalties between layouts depend on all of them).

    Examples:

      golf card fix night.yaml --hole 3 Bob=12

      golf card fix night.yaml --hole 3 Ann="5 K 2 / 5 7 9" Cat=4
    """
    from .model import standing

    card = _load(file)
    if not 1 <= hole <= len(card.played):
        have = len(card.played)
        fail(
            f"--hole {hole}: no such hole on {file} ({have} hole{'s' if have != 1 else ''} entered)"
        )
    if not values and closer is None:
        fail("give the corrected scores, e.g. Bob=12")
    h = card.played[hole - 1]
    names = card.side_names
    sides = [i for i, n in enumerate(names) if n in h.scores]
    given = _assignments(card, values or [], sides)
    out = _closer(card, closer if closer is not None else h.closer, sides)
    for i, e in enumerate(h.scores.values()):
        side = sides[i]
        if side not in given:
            given[side] = e.layout if e.layout is not None else str(e.score)
    old = {n: e.score for n, e in h.scores.items()}
    typed, var = _read_all(card, file, given, sides, f"hole {hole}")
    entries = _count(file, var, typed, out)
    h.scores = {names[i]: e for i, e in zip(sides, entries, strict=True)}
    h.closer = None if out is None else names[sides[out]]
    if any(p.playoff for p in card.played) and not standing(card).finished:
        # a regular hole entered next would follow the playoff holes: a card no one can read
        fail(
            f"--hole {hole}: with this correction the game is not over, but playoff holes "
            f"were played after it; {file} is unchanged"
        )
    _save(card, file)
    changes = [f"{n} {old[n]} -> {e.score}" for n, e in h.scores.items() if e.score != old[n]]
    typer.echo(f"fixed hole {hole}: " + (", ".join(changes) if changes else "same scores"))
    _report_hole(card, file, hole - 1)


@card_app.command()
def playoff(file: FileArg, values: ValuesArg = None, closer: CloserOpt = None) -> None:
    """Settle a tie with one more hole, played by the tied players only.

    Recorded as a playoff hole: it decides the winner and adds nothing to
    the totals.  Still tied? Play another.

    Example:

      golf card playoff night.yaml Ann=4 Bob=9
    """
    from .model import standing

    card = _load(file)
    st = standing(card)
    if not st.finished:
        left = "" if st.holes_left is None else f" ({st.holes_left} holes to play)"
        fail(f"{file}: the game is not over yet{left}; a playoff settles a tie at the end")
    if not st.tied:
        fail(f"{file}: nothing to settle: {card.side_names[st.winners[0]]} has won")
    _enter_hole(card, file, list(st.winners), values, closer, playoff=True)


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
    marked * was counted from a layout.

    Examples:

      golf card show night.yaml

      golf card show night.yaml --format csv > night.csv
    """
    from .present import show as render

    _check_format(fmt)
    card = _load(file)
    typer.echo(render(card, fmt, str(file), details))


@card_app.command()
def stats(
    files: Annotated[list[Path], typer.Argument(help="Card files.", show_default=False)],
    fmt: FormatOpt = "table",
) -> None:
    """A season at a glance: games, wins, mean per hole, best and worst hole.

    Over many cards, per player (partners share their group's scores).

    Example:

      golf card stats cards/*.yaml --format markdown
    """
    from .present import stats as render

    _check_format(fmt)
    # A file named twice (a glob plus its own name, or ./a.yaml and a.yaml) would count
    # its games twice and skew every figure; refused rather than silently dropped, so
    # the cards counted are exactly the ones named.
    seen: dict[Path, Path] = {}
    for f in files:
        key = f.resolve()
        if key in seen:
            fail(f"{f}: given twice (the same file as {seen[key]}); name each card once")
        seen[key] = f
    cards = [(str(f), _load(f)) for f in files]
    kinds = {c.kind for _, c in cards}
    if len(kinds) > 1:
        mini = next(f for f, c in cards if c.kind == "mini")
        fail(f"{mini}: a mini golf card among card golf cards; give one kind at a time")
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
) -> None:
    """Print a card as PDF: a blank one for the table, or a card filled in.

    A blank card has nine hole rows and six player columns on one page with
    the card values underneath; more players than fit go on a second page.

    Examples:

      golf card print --out blank.pdf

      golf card print --holes 18 --players 4 -v nine-card --out nine.pdf

      golf card print --mini --par 3,2,4,3,3,2,4,3,3 --out putt.pdf

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
        for flag, given in blank_only.items():
            if given:
                fail(f"{flag} is for a blank card; {file} prints as it is")
        card = _load(file)
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
    from .pdf import render_pdf

    data = render_pdf(card, blank=file is None, paper=paper)
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
    """A blank card golf card: the variant's hole rows (9 for a game to a
    target), partner columns only when names are given for a count the
    variant plays in partners, and the card values underneath."""
    from .count import values_text
    from .model import Card, alternate_partners

    spec = variant or "six-card"
    var = _variant(spec, [*(set_ or []), *_toggles(twos, kings)])
    g = var.game
    sides = [[n] for n in names]
    if any(names) and len(names) in var.partners.player_counts:
        sides = alternate_partners(names, var.side_of(len(names)))
    n_holes = holes if holes is not None else (g.holes or 9)
    return Card(
        kind="golf",
        players=names,
        sides=sides,
        holes=n_holes,
        target=None if holes is not None or g.holes is not None else g.target,
        target_rule=g.target_rule,
        scoring=g.scoring,
        ties=g.ties,
        variant=var.name,
        values=values_text(var),
    )


def _write_bytes(path: Path, data: bytes) -> None:
    """Atomic, like the card: a reader never sees half a PDF."""
    from .model import write_atomic

    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        fail(f"--out: no such folder {directory}")
    try:
        write_atomic(path, data)
    except OSError as exc:
        fail(f"--out: cannot write {path}: {exc.strerror or exc}")
