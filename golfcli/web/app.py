"""The app factory: rooms mounted in one Starlette app, and what they share.

A *room* is one page and its requests (the scorecard now; the game table
next), mounted under its name: ``/card/`` is the scorecard's page,
``/card/api/...`` its requests.  Every room gets, from here:

* the shared assets under ``/static/`` (plain HTML, CSS and JavaScript in the
  package: no CDN, no build step, so the page works with no internet);
* ``/api/access``: whether this page may write, and, for a page that may,
  the join link and its QR code to show the table;
* ``/`` sends a phone to the first room, keeping the join link's key;
* the checks every request passes before a room sees it (:class:`Guard`):
  the ``Host`` it names (:mod:`.access`), a body of at most
  :data:`~golfcli.web.MAX_BODY` bytes, and headers that keep the page its
  own (no framing, no sniffing, scripts and styles from this server only);
* one way every error is answered: a JSON object ``{"error": "one line"}``
  with a 4xx status.  An exception a room did not expect is a 500 with one
  line too (and its traceback in the server's log, not the page).

A room writes with :func:`need_key` first: a request without the key is a
403 that says how to get it.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..exceptions import InputError
from . import MAX_BODY, RequestError
from .access import KEY_HEADER, Access, qr_svg

STATIC = Path(__file__).resolve().parent / "static"

log = logging.getLogger("golfcli.web")

#: Sent with every answer: the page's scripts, styles and connections are this
#: server's alone, it is framed by no one, and no link it holds is sent on.
HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]

_WORDS = {404: "no such page", 405: "this address does not take that method"}


class Room(Protocol):
    """One page of the app and its requests, mounted under ``/{name}/``."""

    name: str
    title: str

    def routes(self) -> Sequence[BaseRoute]:
        """The room's routes, relative to its mount."""
        ...

    async def start(self) -> None:
        """Begin background work (watching files, a game's thread)."""
        ...

    def closing(self) -> None:
        """The server is stopping: end every live stream now (called from the
        server's signal handler, before it waits for connections to close)."""
        ...

    async def stop(self) -> None:
        """End the background work; every live stream of the room ends too."""
        ...


@dataclass(frozen=True)
class Site:
    """What the pages are told about the server: who may write and the
    links that open it (empty when no server is listening, as in tests)."""

    access: Access
    join: str = ""
    view: str = ""


def can_edit(request: Request) -> bool:
    site: Site = request.app.state.site
    return site.access.can_edit(request.headers.get(KEY_HEADER))


def need_key(request: Request) -> None:
    """A write: refused (403) without the key, saying how to get it."""
    if not can_edit(request):
        raise RequestError(
            "read-only: this phone has no edit key; open the join link (or scan its QR "
            "code) from the phone that started the page",
            403,
        )


def error(message: str, status: int, details: Mapping[str, object] | None = None) -> JSONResponse:
    return JSONResponse({**(details or {}), "error": message}, status_code=status)


async def _refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestError)
    return error(exc.message, exc.status, exc.details)


async def _http(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    words = _WORDS.get(exc.status_code) or str(exc.detail)
    return error(words, exc.status_code)


async def _broken(request: Request, exc: Exception) -> Response:
    log.error("unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
    return error(f"the server failed on this request ({type(exc).__name__}); nothing changed", 500)


class Guard:
    """The checks every HTTP request passes before a room sees it, and the
    headers every answer carries (a pure ASGI middleware: a streamed answer
    passes through it unbuffered)."""

    def __init__(self, app: ASGIApp, access: Access) -> None:
        self.app = app
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        host = headers.get(b"host", b"").decode("latin-1")
        if not self.access.host_allowed(host):
            await _answer(send, 400, "this server answers to 127.0.0.1 and localhost only")
            return
        length = headers.get(b"content-length", b"0")
        if not length.isdigit() or int(length) > MAX_BODY:
            await _answer(send, 413, f"the request is larger than {MAX_BODY // 1024} KB")
            return
        seen = 0

        async def bounded() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise RequestError(f"the request is larger than {MAX_BODY // 1024} KB", 413)
            return message

        async def marked(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS]
            await send(message)

        await self.app(scope, bounded, marked)


async def _answer(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    head = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": head + HEADERS})
    await send({"type": "http.response.body", "body": body})


def make_app(rooms: Sequence[Room], site: Site) -> Starlette:
    """The app: each room under ``/{name}/``, the shared assets and answers."""
    if not rooms:
        raise InputError("an app needs at least one room")
    qr: list[str] = []

    async def home(request: Request) -> Response:
        query = f"?{request.url.query}" if request.url.query else ""
        return RedirectResponse(f"/{rooms[0].name}/{query}", status_code=303)

    async def access(request: Request) -> Response:
        edit = can_edit(request)
        out: dict[str, object] = {"edit": edit, "lan": site.access.lan, "view": site.view}
        if edit and site.join:
            if not qr:
                qr.append(qr_svg(site.join))
            out.update(join=site.join, qr=qr[0])
        return JSONResponse(out, headers={"Cache-Control": "no-store"})

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for room in rooms:
            await room.start()
        try:
            yield
        finally:
            for room in rooms:
                await room.stop()

    routes: list[BaseRoute] = [
        Route("/", home),
        Route("/api/access", access),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
        *[Mount(f"/{room.name}", routes=list(room.routes())) for room in rooms],
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={
            RequestError: _refused,
            HTTPException: _http,
            Exception: _broken,
        },
    )
    app.state.site = site
    app.state.rooms = list(rooms)
    app.add_middleware(Guard, access=site.access)
    return app
