"""``golf ratings``: the ratings database of every recorded run.

Registered on ``golf`` by :mod:`golfcli.cli.app`; imports its machinery lazily,
inside the command, so that ``golf score`` starts fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..limits import MAX_PLAYERS
from .params import DbOpt
from .say import check_range, fail

# --------------------------------------------------------------------------- ratings
# Implementation: golfcli/tournament/ratingsdb.py (the file) and leaderboard.py,
# golfcli/render/boards.py (the boards as text).

ratings_app = typer.Typer(
    name="ratings",
    help=(
        "Ratings that last: a leaderboard over every game of every tournament "
        "recorded in the ratings database.\n\n"
        "Each bot (its spec, options and a fingerprint of its code) gets a rating "
        "± uncertainty (the Plackett-Luce model of openskill and TrueSkill's family), one "
        "board per variant and player count.\n\n"
        "Examples:\n\n"
        "  golf ratings\n\n"
        "  golf ratings --variant six-card --players 2 --format markdown\n\n"
        "  golf ratings import runs/rr        (a run directory: adds its games once)\n\n"
        "More in docs/tournament.md (The ratings database)."
    ),
    invoke_without_command=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@ratings_app.callback()
def ratings(
    ctx: typer.Context,
    db: DbOpt = None,
    variant: Annotated[
        str | None, typer.Option("--variant", "-v", help="Only this variant's board(s).")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Only games of this many players.")
    ] = None,
    fmt: Annotated[
        str,
        typer.Option(
            "--format", "-f", help="Output format: table, markdown, csv, json or html (a page)."
        ),
    ] = "table",
) -> None:
    """Print the leaderboard: rating ± uncertainty, games played, last seen."""
    from ..render import REPORT_FORMATS, bad_format
    from ..render.boards import render_ratings
    from ..tournament.leaderboard import boards_json, leaderboards
    from ..tournament.ratingsdb import RatingsError, connect, default_path

    if ctx.invoked_subcommand is not None:
        ctx.obj = db
        return
    if (problem := bad_format(fmt, REPORT_FORMATS)) is not None:
        fail(problem)
    check_range("--players", players, 2, MAX_PLAYERS)
    path = db or default_path()
    if db is None and not path.exists():
        typer.echo(
            f"no games recorded yet in {path}: every golf tournament records its games "
            "there, and golf ratings import DIR adds a run directory"
        )
        return
    try:
        conn = connect(path, create=False)
        try:
            boards = leaderboards(conn, path, variant, players)
        finally:
            conn.close()
    except RatingsError as exc:
        fail(str(exc))
    if not boards:
        which = " ".join(
            w for w in (variant and f"of {variant}", players and f"with {players} players") if w
        )
        typer.echo(f"no games {which + ' ' if which else ''}recorded in {path}")
        return
    data = boards_json(boards, path)
    if fmt == "html":
        from ..render.html import ratings_page

        typer.echo(ratings_page(data).rstrip("\n"))
        return
    typer.echo(render_ratings(data, fmt))


@ratings_app.command("import")
def ratings_import(
    ctx: typer.Context,
    dirs: Annotated[
        list[Path],
        typer.Argument(
            metavar="DIR...", help="Run directories (a tournament's --out).", show_default=False
        ),
    ],
    db: DbOpt = None,
) -> None:
    """Add the games of finished or stopped runs (a run already recorded adds nothing)."""
    from ..tournament.leaderboard import refresh
    from ..tournament.ratingsdb import RatingsError, default_path
    from ..tournament.ratingsimport import import_run

    path = db or ctx.obj or default_path()
    for d in dirs:
        try:
            got = import_run(path, d)
        except RatingsError as exc:
            fail(str(exc))
        if got.added:
            refresh(path, got.board)  # the board's cached ratings, for golf ratings
        skipped = f"; {got.skipped} unreadable line(s) skipped" if got.skipped else ""
        typer.echo(
            f"{d}: {got.added} new game(s) recorded in {path}, {got.known} recorded before{skipped}"
        )


@ratings_app.command("compare")
def ratings_compare(
    ctx: typer.Context,
    a: Annotated[
        str,
        typer.Argument(
            metavar="A",
            help="A player's name as recorded (pairs@v2; pairs for any label) or a bot spec.",
            show_default=False,
        ),
    ],
    b: Annotated[str, typer.Argument(metavar="B", help="The other bot.", show_default=False)],
    db: DbOpt = None,
    variant: Annotated[
        str | None, typer.Option("--variant", "-v", help="The board: this variant.")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="The board: games of this many players.")
    ] = None,
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="table (a sentence) or json.")
    ] = "table",
) -> None:
    """Is A better than B? Every game the two met in, across runs, paired by deal.

    The same statistics a tournament's pair gets: the strokes a hole A scored
    fewer than B on the same deals (match play: holes a game won more; a
    mean over deals), its 95% interval, the likelihood that A is the better
    (LOS) and p.  Games recorded by a golf before it kept their holes count
    in strokes a game, and the line says so.

    Examples:

      golf ratings compare pairs@v2 pairs@v1

      golf ratings compare bots/mine.py expert --variant alberta --players 4
    """
    import json

    from ..render import bad_format, figure
    from ..tournament.leaderboard import compare
    from ..tournament.ratingsdb import RatingsError, connect, default_path

    if (problem := bad_format(fmt, ("table", "json"))) is not None:
        fail(problem)
    check_range("--players", players, 2, MAX_PLAYERS)
    path = db or ctx.obj or default_path()
    try:
        conn = connect(path, create=False)
        try:
            got = compare(conn, path, a, b, variant, players)
        finally:
            conn.close()
    except RatingsError as exc:
        fail(str(exc))
    if fmt == "json":
        typer.echo(json.dumps(got, indent=2))
        return
    m, lo, hi = got["margin"], got["margin_lo"], got["margin_hi"]
    ends = "" if lo is None else f" (95% CI {figure(lo, 2)} to {figure(hi, 2)})"
    # "scores 0.25 strokes a hole fewer", "wins 1.50 holes a game more"
    verb, unit = ("wins", "holes a game") if got["better"] == "more" else ("scores", got["unit"])
    how = (
        f"{a} {verb} {figure(m, 2)} {unit} {got['better']} than {b}{ends}"
        if m >= 0
        else f"{b} {verb} {figure(-m, 2)} {unit} {got['better']} than {a}{ends}"
    )
    los = "" if got["los"] is None else f", LOS {100 * got['los']:.1f}% that {a} is the better"
    verdict = "separated" if got["separated"] else "not separated: the interval holds no difference"
    typer.echo(
        f"{a} vs {b}, {got['variant']} with {got['seats']} players: {how}{los}; {verdict}; "
        f"{got['deals']} deal(s), {got['games']} game(s) in {got['runs']} run(s)"
    )
