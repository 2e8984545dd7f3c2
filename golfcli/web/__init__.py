"""Pages that golf serves: one ASGI app, rooms mounted in it, live updates.

``golf card serve`` (the scorecard) and ``golf serve`` (the game table) are
thin clients of the library, like the commands: the server holds the only
truth, checks everything a page sends and answers a bad request with a 4xx
and one line, never a 500 or a traceback.  This package is what every page
shares, so a second page plugs in as one more *room*:

* :mod:`.access`  who may write (an unguessable edit key in the join link;
  without it a phone reads only), where the server listens (127.0.0.1 unless
  ``--lan``), the join link and its QR code;
* :mod:`.live`    versioned live updates as Server-Sent Events: a phone that
  wakes sends the last version it saw and is sent what it missed;
* :mod:`.app`     the app factory: rooms mounted under their names, the shared
  assets, the checks every request passes (host, body size, key) and the one
  way every error is answered;
* :mod:`.server`  a socket bound, the link and QR code printed, uvicorn run;
* :mod:`.cardbook` and :mod:`.scorecard` the scorecard's room: the card
  operations of :mod:`golfcli.scorecard.ops` as a page's requests, and the requests.

Starlette and uvicorn are the ``web`` extra; nothing here is imported by the
base install's commands until a page is served, and :func:`missing_extra`
lets ``golf card serve`` say in one line how to install what is missing.

And :mod:`.fields` (a request's JSON read field by field), :mod:`.cardview`
(a card as the page draws it, worked out by the library) and :mod:`.tables`
(``golf serve``'s room, a thin client of :mod:`golfcli.table`).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping

from ..exceptions import InputError

#: The largest request body any page may send, in bytes.  The largest real one (a
#: hole of six layouts of eighteen cards, or a new card's players) is ~2 KB.
MAX_BODY = 16 * 1024

#: The libraries of the ``web`` extra, by the module each is imported as.
EXTRA = ("starlette", "uvicorn", "segno")

INSTALL = "pip install 'golfcli[web]'"


class RequestError(InputError):
    """A request a page made that the server refuses: the one line the page
    shows, the HTTP status it is answered with (a 4xx), and what else the
    page is told beside the line (``details``: the field to mark, a question
    to ask)."""

    def __init__(
        self, message: str, status: int = 400, details: Mapping[str, object] | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.details = dict(details or {})


def missing_extra() -> str | None:
    """The first library of the ``web`` extra that is not installed, or None."""
    for name in EXTRA:
        if importlib.util.find_spec(name) is None:
            return name
    return None
