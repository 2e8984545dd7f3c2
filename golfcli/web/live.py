"""Live updates: versioned messages as Server-Sent Events.

Lichess's model, on the plainest transport that does it: the server holds
the truth and tells each page what changed, with a version; a page that
lost its connection (a phone's screen went to sleep, a train went into a
tunnel) reconnects with the last version it saw and is sent what it missed,
or, when that is too old, the state as it is now.  The browser's
``EventSource`` reconnects by itself and sends that version back in the
``Last-Event-ID`` header, so a page needs no code of its own for it.

Server-Sent Events rather than a WebSocket: the updates flow one way (a
page's writes are ordinary requests, each checked and answered on its own,
with the same key, body limit and error answers as every other request),
they pass any proxy that passes HTTP, and they need nothing beyond Starlette
(uvicorn speaks WebSocket only with another library installed).

The parts: a :class:`Signal` that anything (a request's handler, a thread
playing a game, the poller that watches card files) calls to say "something
changed", and :func:`stream`, which wakes on it and asks the room what a
page at version *v* has not seen (``pending(v)``).  Nothing is sent to a
page that has seen it all, and a page that wakes after many changes gets one
answer, not every step.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import StreamingResponse

#: Seconds between keep-alive comments on a quiet stream: phone networks and
#: proxies close a connection that says nothing for a minute or two.
PING = 15.0

#: What the browser waits before it reconnects a dropped stream, in milliseconds.
RETRY_MS = 1000

#: The longest version a page may send back (versions are short tokens).
MAX_VERSION = 200


@dataclass(frozen=True)
class Message:
    """One event: its name and its data, already JSON text (one line)."""

    event: str
    data: str


#: ``pending(version)`` -> (the version after these messages, the messages a page at
#: ``version`` has not seen; none when it has seen everything).
Pending = Callable[[str], Awaitable[tuple[str, list[Message]]]]


class Signal:
    """ "Something changed", said from any thread and heard by every stream.

    Each stream waits on an :class:`asyncio.Event` of its own loop; ``notify``
    sets them all through their loop's ``call_soon_threadsafe``, so a worker
    thread (a card written in the thread pool, a game's thread) can call it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiters: set[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = set()
        self.closed = False

    def notify(self) -> None:
        with self._lock:
            waiters = list(self._waiters)
        for loop, event in waiters:
            with contextlib.suppress(RuntimeError):  # a loop already closed
                loop.call_soon_threadsafe(event.set)

    def close(self) -> None:
        """End every stream (the server is stopping)."""
        self.closed = True
        self.notify()

    @property
    def listeners(self) -> int:
        with self._lock:
            return len(self._waiters)

    @contextlib.contextmanager
    def waiter(self) -> Iterator[asyncio.Event]:
        """An event set at every :meth:`notify` while the block runs."""
        entry = (asyncio.get_running_loop(), asyncio.Event())
        with self._lock:
            self._waiters.add(entry)
        try:
            yield entry[1]
        finally:
            with self._lock:
                self._waiters.discard(entry)


def encode(message: Message, version: str | None) -> str:
    """One Server-Sent Event; the version goes on the last event of a batch,
    so a stream cut in the middle of one resumes from before it."""
    head = f"id: {version}\n" if version is not None else ""
    return f"{head}event: {message.event}\ndata: {message.data}\n\n"


def last_version(request: Request) -> str:
    """The version a page last saw: the browser's ``Last-Event-ID`` on a
    reconnect, else ``?since=`` (a page's first connection, made after it
    loaded the state it shows).  Anything longer than a version is ignored."""
    text = request.headers.get("last-event-id") or request.query_params.get("since") or ""
    return text if len(text) <= MAX_VERSION and text.isprintable() else ""


def stream(
    request: Request,
    signal: Signal,
    pending: Pending,
    on_close: Callable[[], None] | None = None,
) -> StreamingResponse:
    """A page's stream: what it missed first, then each change as it comes.
    ``on_close`` runs when the stream ends, however it ends (the page went
    away, the server stops)."""
    start = last_version(request)

    async def body() -> AsyncIterator[str]:
        version = start
        try:
            yield f"retry: {RETRY_MS}\n\n"
            with signal.waiter() as woken:
                while not signal.closed:
                    woken.clear()  # before asking: a change made meanwhile wakes the next wait
                    version, messages = await pending(version)
                    for i, m in enumerate(messages):
                        yield encode(m, version if i == len(messages) - 1 else None)
                    try:
                        await asyncio.wait_for(woken.wait(), PING)
                    except TimeoutError:
                        yield ": ping\n\n"
        finally:
            if on_close is not None:
                on_close()

    return StreamingResponse(
        body(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )
