"""The game table's room: ``golf serve``'s page and its requests.

A thin client of :mod:`golfcli.table`: every request is handed to the
library, which holds the only truth and checks everything.

* ``GET /table/`` the page (``static/table.html``, with its script and style);
* ``GET /table/api/offer`` what the form to open a table offers (variants,
  bots, the settings' bounds) and ``GET /table/api/tables`` the open tables;
* ``POST /table/api/open`` a new table from the form (the edit key needed):
  its id and the host's token;
* ``POST /table/api/{id}`` one message of the table's protocol (docs/play.md)
  as the request's body, answered with the table's reply; a refusal is a
  4xx with its one line (``{"error": ...}``), as every page's errors are;
* ``GET /table/api/{id}/events?token=T`` the seat's messages as Server-Sent
  Events (:mod:`.live`): what the page missed since its last version, then
  each as it comes.  An open stream is the person being there: when the last
  one closes, the host's away time starts;
* ``GET /table/api/{id}/join`` the table's join link and its QR code;
* ``GET /table/api/{id}/record`` the game's record, once the game is over
  (before, it would tell the key the cards come from).

Messages and streams go through the server's thread pool where they may
wait on a table's lock, never on its event loop, so a table busy with a
move holds up no other table's page.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from ..table import TableError
from ..table.lobby import Lobby
from ..table.table import Table
from . import RequestError
from .access import qr_svg
from .app import STATIC, Site, need_key
from .live import Message, Signal, last_version, stream

PAGE = STATIC / "table.html"


def _table(lobby: Lobby, request: Request) -> Table:
    try:
        return lobby.get(str(request.path_params["table"]))
    except TableError as exc:
        raise RequestError(str(exc), 404) from None


def _answer(reply: dict[str, Any]) -> Response:
    """A table's reply as an answer: an error is a 4xx with its one line."""
    if reply.get("type") == "error":
        raise RequestError(str(reply["error"]), 400)
    return JSONResponse(reply, headers={"Cache-Control": "no-store"})


def table_link(site: Site, table_id: str) -> str:
    """The link that opens a table's page with the right to sit down: the
    server's join link (it holds the key), at the table's page."""
    if not site.join:
        return ""
    parts = urlsplit(site.join)
    query = f"{parts.query}&t={table_id}" if parts.query else f"t={table_id}"
    return urlunsplit((parts.scheme, parts.netloc, "/table/", query, ""))


class TableRoom:
    """The tables of one server, as a room of the app (:func:`.app.make_app`)."""

    name = "table"
    title = "Golf: a table for friends and bots"

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self._signals: set[Signal] = set()

    def routes(self) -> Sequence[BaseRoute]:
        return [
            Route("/", self.page),
            Route("/api/offer", self.offer),
            Route("/api/tables", self.tables),
            Route("/api/open", self.open, methods=["POST"]),
            Route("/api/{table}", self.send, methods=["POST"]),
            Route("/api/{table}/events", self.events),
            Route("/api/{table}/join", self.join),
            Route("/api/{table}/record", self.record),
        ]

    async def start(self) -> None:
        return None

    def closing(self) -> None:
        """The server is stopping: every stream ends now (a stream never ends
        on its own, and the server waits for its connections first)."""
        for signal in list(self._signals):
            signal.close()

    async def stop(self) -> None:
        """Every table is closed and every bot ended (in a thread: closing
        waits for the tables' threads)."""
        self.closing()
        await run_in_threadpool(self.lobby.close_all)

    # ------------------------------------------------------------------ pages

    async def page(self, request: Request) -> Response:
        return FileResponse(PAGE, media_type="text/html", headers={"Cache-Control": "no-store"})

    async def offer(self, request: Request) -> Response:
        offered = await run_in_threadpool(self.lobby.offer)
        return JSONResponse(offered, headers={"Cache-Control": "no-store"})

    async def tables(self, request: Request) -> Response:
        out = [
            {
                "id": t.id,
                "variant": t.plan.variant.name,
                "status": t.status,
                "seats": [
                    {"name": n, "player": "human" if b is None else "bot"}
                    for n, b in zip(t.names, t.plan.bots, strict=True)
                ],
            }
            for t in self.lobby.tables()
        ]
        return JSONResponse({"tables": out}, headers={"Cache-Control": "no-store"})

    async def open(self, request: Request) -> Response:
        need_key(request)
        data = _json(await request.body())
        try:
            table = await run_in_threadpool(self.lobby.open, data)
        except TableError as exc:
            raise RequestError(str(exc), 400) from None
        return JSONResponse(
            {"table": table.id, "host": table.host_token}, headers={"Cache-Control": "no-store"}
        )

    async def send(self, request: Request) -> Response:
        need_key(request)
        table = _table(self.lobby, request)
        body = await request.body()
        reply = await run_in_threadpool(table.receive, None, body)
        return _answer(reply)

    async def events(self, request: Request) -> Response:
        """The seat's messages as they come (a page without a token: the
        table's public ones, the seats and the scores, no cards)."""
        table = _table(self.lobby, request)
        token = request.query_params.get("token")
        since = last_version(request)
        signal = Signal()
        loop = asyncio.get_running_loop()
        # one wake-up until the stream has read: a table's thread need not
        # poke the server's loop for every message of a burst
        waking = [False]

        def wake(msg: dict[str, Any]) -> None:
            if not waking[0]:
                waking[0] = True
                signal.notify()

        conn = table.connect(wake)
        hello: dict[str, Any] = {"type": "hello", "since": int(since) if since.isdigit() else 0}
        if token:
            hello["token"] = token
        reply = await run_in_threadpool(conn.send, hello)
        if reply.get("type") == "error":
            conn.close()
            raise RequestError(str(reply["error"]), 403)
        feed = table.feed(reply["seat"])
        self._signals.add(signal)

        async def pending(version: str) -> tuple[str, list[Message]]:
            waking[0] = False  # before reading: a message after this wakes the stream again
            seen = int(version) if version.isdigit() else 0
            got = feed.since_text(seen)
            if not got:
                return version, []
            return str(got[-1][0]), [Message("table", text) for _, text in got]

        def gone() -> None:
            self._signals.discard(signal)
            loop.run_in_executor(None, conn.close)

        return stream(request, signal, pending, on_close=gone)

    async def join(self, request: Request) -> Response:
        need_key(request)
        table = _table(self.lobby, request)
        link = table_link(request.app.state.site, table.id)
        return JSONResponse(
            {"link": link, "qr": qr_svg(link) if link else ""},
            headers={"Cache-Control": "no-store"},
        )

    async def record(self, request: Request) -> Response:
        table = _table(self.lobby, request)
        if table.status not in ("over", "closed"):
            raise RequestError(
                "the record is ready when the game is over (it holds the key the cards come from)",
                409,
            )
        name = f"golf-{table.id}.jsonl"
        if table.files is not None and table.files.record_path is not None:
            name = Path(table.files.record_path).name
        return PlainTextResponse(
            table.record_text,
            media_type="application/x-ndjson",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw.decode("utf-8")) if raw else {}
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise RequestError(f"the request is not JSON ({type(exc).__name__})") from None
