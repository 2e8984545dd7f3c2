"""``golf serve [DIR]``: a table for friends on phones and bots, as a page.

Registered on ``golf`` by :mod:`golfcli.cli.app`; its machinery (the ``web``
extra, the table library) loads inside the command.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from .params import LanOpt, PortOpt
from .say import check_range, fail


def serve(
    folder: Annotated[
        Path,
        typer.Argument(
            metavar="DIR",
            help="The folder whose variant files (*.yaml) and bot files (*.py, programs) a "
            "table may use; the page offers the built-ins besides (default: here).",
            show_default=False,
        ),
    ] = Path("."),
    port: PortOpt = 8000,
    lan: LanOpt = False,
    save: Annotated[
        Path | None,
        typer.Option(
            help="Where each game's record (golf replay reads it) and card (golf card) are "
            "written, hole by hole (default: DIR/games).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Serve a table for friends and bots, played by tapping on phones.

    A host opens the table from the page, each friend takes a seat from a
    phone, and everyone plays by tapping.

    The host chooses the variant (a built-in or a variant file in DIR), the
    holes and the seats (people, built-in bots or bot files in DIR). Each seat
    sees only its own cards; a seat whose player is away longer than the
    host's time is played by a bot until they are back. docs/play.md says how
    a table starts, joins and plays. Needs the web extra:
    pip install 'golfcli\\[web]'.

    Examples:

      golf serve                       # http://127.0.0.1:8000, this machine only

      golf serve ~/golf --lan          # phones on the same Wi-Fi scan the QR code
    """
    from ..web import INSTALL, RequestError, missing_extra

    check_range("--port", port, 0, 65535)
    lacking = missing_extra()
    if lacking is not None:
        fail(f"golf serve needs the web extra ({lacking} is not installed): {INSTALL}")
    from ..table import TableError
    from ..table.folder import Folder
    from ..table.lobby import Lobby
    from ..web.app import make_app
    from ..web.server import bind, run
    from ..web.tables import TableRoom

    try:
        served = Folder(folder)
    except TableError as exc:
        fail(str(exc))
    keep = save if save is not None else served.path / "games"
    if keep.exists() and not keep.is_dir():
        fail(f"--save: {keep} is not a folder")
    lobby = Lobby(served, keep)
    try:
        bound = bind(port, lan)
    except RequestError as exc:
        fail(exc.message)
    run(lambda site: make_app([TableRoom(lobby)], site), bound, "the game table", sys.stdout)
