"""Serving the app: a socket bound, the links and the QR code printed, uvicorn run.

The socket is bound and listening before uvicorn is started (and before
anything is printed), so a phone that scans the QR code the moment it
appears is answered; ``--port 0`` lets the system choose a free port, and
the port in the printed link is the one bound.  A port that is taken is
one line and exit status 2, as any bad option is.

uvicorn, not another ASGI server: it is the one Starlette is developed and
tested against, pure Python with its ``h11`` parser (nothing to compile),
and it stops cleanly on Ctrl-C, giving open streams a second to end.
"""

from __future__ import annotations

import errno
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass
from types import FrameType
from typing import TextIO

from starlette.applications import Starlette

from . import RequestError
from .access import Access, bind_host, join_link, lan_address, new_key, qr_text, view_link
from .app import Site

#: The port a page is served on unless --port says otherwise.
DEFAULT_PORT = 8000

#: Seconds open streams are given to end when the server stops.
GRACE = 1


@dataclass(frozen=True)
class Bound:
    """A listening socket and the links that reach it."""

    sock: socket.socket
    site: Site
    port: int


def bind(port: int, lan: bool, key: str | None = None) -> Bound:
    """Bind and listen; the links name this machine's network address with
    ``lan`` (127.0.0.1 without).  A port in use is a :class:`RequestError`
    (the command says it in one line)."""
    host = bind_host(lan)
    # IPPROTO_TCP named: asyncio turns Nagle off (TCP_NODELAY) only on sockets that say
    # they are TCP, and an accepted socket says what the listening one said; with
    # Nagle on, a small answer waits for the last one's delayed ACK (40 ms a request)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise RequestError(f"port {port} is in use; choose another with --port N") from None
        if exc.errno == errno.EACCES:
            raise RequestError(f"port {port} needs privileges; choose one above 1023") from None
        raise RequestError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    sock.listen(128)
    bound = int(sock.getsockname()[1])
    access = Access(key or new_key(), lan)
    shown = (lan_address() or socket.gethostname()) if lan else "127.0.0.1"
    site = Site(access, join_link(shown, bound, access.key), view_link(shown, bound))
    return Bound(sock, site, bound)


def announce(bound: Bound, what: str, out: TextIO) -> None:
    """What a person starting the page reads: where it is, the join link
    (and its QR code on the local network), how to stop."""
    site = bound.site
    if site.access.lan:
        out.write(f"Serving {what} on the local network, port {bound.port}.\n")
        out.write("Scan to join with the right to enter scores (or open the link):\n")
        out.write(qr_text(site.join))
        out.write(f"  join:      {site.join}\n")
        out.write(f"  read only: {site.view}\n")
    else:
        out.write(f"Serving {what} at {site.view} (this machine only; --lan for phones).\n")
        out.write(f"  open: {site.join}\n")
    out.write("Press Ctrl-C to stop.\n")
    out.flush()


def run(
    make: Callable[[Site], Starlette], bound: Bound, what: str, out: TextIO = sys.stdout
) -> None:
    """Serve the app ``make`` builds until Ctrl-C (or SIGTERM): the app and
    the server are made first, then the links printed, so a phone that
    scans the code the moment it shows is answered (the socket listens
    already; uvicorn takes the connection as soon as it runs).  Ctrl-C at
    any moment stops it, with "Stopped." and exit status 0, and so does
    SIGTERM (a service manager's stop): uvicorn stops gracefully on it and
    then raises it again under the handler it found, which is this one."""
    import signal

    # SIGTERM as Ctrl-C: Python's own handler raises KeyboardInterrupt
    before = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        import uvicorn

        app = make(bound.site)
        config = uvicorn.Config(
            app,
            log_level="warning",
            access_log=False,
            lifespan="on",
            timeout_graceful_shutdown=GRACE,
            ws="none",
            http="h11",
        )
        server = uvicorn.Server(config)
        stop = server.handle_exit

        def handle_exit(sig: int, frame: FrameType | None) -> None:
            # end the live streams first: uvicorn waits for open connections
            # before the app's shutdown, and a stream never ends on its own
            for room in app.state.rooms:
                room.closing()
            stop(sig, frame)

        server.handle_exit = handle_exit  # type: ignore[method-assign]
        announce(bound, what, out)
        server.run(sockets=[bound.sock])
    except KeyboardInterrupt:  # before uvicorn took the signal, or uvicorn raising it again
        pass
    finally:
        signal.signal(signal.SIGTERM, before)
        bound.sock.close()
    out.write("Stopped.\n")
    out.flush()
