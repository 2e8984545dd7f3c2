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
