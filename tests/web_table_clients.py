"""A table server for the pages' tests: the app on a real socket.

:func:`served` runs the app of ``golf serve`` (its table room over a
lobby) with uvicorn on 127.0.0.1, on a thread of this process, so a test can
reach into the tables it serves (rig a deal, read a feed) while its clients
talk to the server only over sockets; the clients are
scripts/bench_table.py's (its :class:`Seat` and :class:`Http`).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Iterator
from types import ModuleType
from typing import Any

from golfcli.table.lobby import Lobby

from .helpers import script_module

BENCH: ModuleType = script_module("bench_table")


@contextlib.contextmanager
def served(lobby: Lobby) -> Iterator[tuple[str, str]]:
    """(base URL, edit key) of the app serving ``lobby`` until the block ends;
    every table is closed and every stream ended on the way out."""
    import uvicorn

    from golfcli.web.app import make_app
    from golfcli.web.server import bind
    from golfcli.web.tables import TableRoom

    bound = bind(0, False)
    app = make_app([TableRoom(lobby)], bound.site)
    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        lifespan="on",
        http="h11",
        ws="none",
        timeout_graceful_shutdown=1,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [bound.sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{bound.port}", bound.site.access.key
    finally:
        server.should_exit = True
        thread.join(15)
        bound.sock.close()


def run(coroutine: Any, timeout: float = 120.0) -> Any:
    """Run a test's scenario on an event loop of its own, bounded in time."""
    return asyncio.run(asyncio.wait_for(coroutine, timeout))
