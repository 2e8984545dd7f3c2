"""``golf card serve``: the folder's cards as a page every phone at the table shares.

The command reads its options and hands the work to :mod:`golfcli.web`
(the ``web`` extra), imported only when the command runs: without the extra
it says in one line how to install it, and ``golf score`` never pays for
Starlette.  :mod:`.card` registers it on the ``golf card`` app.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .params import LanOpt, PortOpt
from .say import check_range, fail


def serve(
    directory: Annotated[
        Path,
        typer.Argument(
            metavar="DIR", help="The folder of cards (default: here).", show_default=False
        ),
    ] = Path("."),
    port: PortOpt = 8000,
    lan: LanOpt = False,
) -> None:
    """Serve the folder's cards as a page every phone at the table shares.

    One live card on every phone: start a card, enter holes (typed or
    counted from the cards with the Count cards helper), fix, undo, the
    log, playoffs, mini golf, season stats and printed cards.  Changes made
    with golf card in a shell show on the page too.  Needs the web extra:
    pip install 'golfcli[web]'.

    Examples:

      golf card serve                  # http://127.0.0.1:8000, this machine only

      golf card serve cards --lan      # phones on the same Wi-Fi scan the QR code
    """
    from ..web import INSTALL, RequestError, missing_extra

    if (library := missing_extra()) is not None:
        fail(f"golf card serve needs the web extra ({library} is not installed): {INSTALL}")
    check_range("--port", port, 0, 65535)
    if not directory.is_dir():
        fail(f"{directory}: no such folder")
    from ..web.scorecard import serve as run

    try:
        run(directory, port, lan)
    except RequestError as exc:
        fail(exc.message)
