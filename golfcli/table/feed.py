"""Each seat's messages: made from its censored view alone, numbered, kept.

A seat is told the table as a *snapshot*: its view (:func:`golfcli.view.view`,
the one censoring function; the view's history left out), the seats, the
scorecard, and what is new since its last message: ``said``, the finished
turns in words, and ``events``, the censored events themselves.  Every
message has a version, one more than the seat's last, so a page that lost
its connection asks for what it missed (:meth:`Feed.since`): the messages
after its version while they are kept, else one *sync* message, the latest
snapshot with everything said this hole.

:class:`Narrator` keeps a seat's place in the hole's history; the snapshot
is a function of the seat's view, so changing a card the seat cannot see
changes no message (tests/pages/test_table_hidden.py).
"""

from __future__ import annotations

import dataclasses
import json
import threading
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from ..actions import OVER
from ..events import Event
from ..state import HoleState
from ..view import MatchInfo, View, event_json, view
from .words import narrate, told_upto

#: Messages kept per seat for a page that reconnects (a turn round of
#: four seats is ~8; a page further behind gets one sync message instead).
KEEP = 64

Listener = Callable[[dict[str, Any]], None]


class Narrator:
    """One seat's place in the hole being shown: its censored history so
    far (``seen``, as :func:`~golfcli.view.view` keeps it), what of it was
    said in words (``told``) and sent as events (``sent``)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._state: HoleState | None = None
        self._seen: list[Event] = []
        self.told = 0
        self.sent = 0

    def view(self, state: HoleState, info: MatchInfo) -> View:
        """The seat's view of ``state``; a new hole starts its history afresh."""
        if state is not self._state:
            self._state, self._seen, self.told, self.sent = state, [], 0, 0
        return view(state, self.seat, info, self._seen)

    def part(self, v: View, names: Sequence[str]) -> dict[str, Any]:
        """The view's part of a message: the view without its history, and
        the new finished turns in words and the new events."""
        history = v.history
        upto = told_upto(history, v.current, v.phase == OVER)
        said = narrate(history[self.told : upto], names, self.seat) if upto > self.told else []
        events = [event_json(e) for e in history[self.sent :]]
        self.told, self.sent = max(self.told, upto), len(history)
        shown = dataclasses.replace(v, history=()).to_json()
        del shown["history"]
        return {"view": shown, "said": said, "events": events}


class Feed:
    """A seat's numbered messages, the last :data:`KEEP` kept (as JSON
    text: a table of four keeps five feeds, and a message as Python objects
    is several times its text), and the connections listening to it.

    Pushed to by the table (under its lock), read from any thread (a page's
    stream reads it from the server's loop): its own small lock keeps the
    two apart, held for a copy, never for a game's step."""

    def __init__(self, keep: int = KEEP) -> None:
        self.version = 0
        self._log: deque[tuple[int, str]] = deque(maxlen=keep)
        self.hole_said: list[str] = []  # every line said this hole, for a sync
        self._hole: object = None
        self._last: dict[str, Any] | None = None
        self._lock = threading.Lock()
        self.listeners: list[Listener] = []

    def push(self, body: dict[str, Any]) -> dict[str, Any] | None:
        """Number ``body`` and send it, unless it tells nothing new (the same
        snapshot, nothing said): None then."""
        quiet = not body.get("said") and not body.get("events")
        if quiet and self._last is not None and _same(body, self._last):
            return None
        msg = {"type": "table", "v": self.version + 1, **body}
        text = json.dumps(msg, separators=(",", ":"))
        with self._lock:
            if body.get("hole") != self._hole:
                self._hole = body.get("hole")
                self.hole_said = []
            self.hole_said = self.hole_said + body.get("said", [])
            self.version += 1
            self._log.append((self.version, text))
        self._last = body
        for listen in list(self.listeners):
            try:
                listen(msg)
            except Exception:  # a listener that fails is a connection gone
                self.listeners.remove(listen)
        return msg

    def since_text(self, version: int) -> list[tuple[int, str]]:
        """What a client at ``version`` missed, as (version, JSON text): the
        messages after it while they are all kept, else (a new page, or one
        too far behind) one sync message."""
        with self._lock:
            if not self._log or version == self.version:
                return []
            first = self._log[0][0]
            if 0 < version < self.version and version >= first - 1:
                return [(v, text) for v, text in self._log if v > version]
            latest, said = self._log[-1], list(self.hole_said)
        sync = {**json.loads(latest[1]), "said": said, "events": [], "sync": True}
        return [(latest[0], json.dumps(sync, separators=(",", ":")))]

    def since(self, version: int) -> list[dict[str, Any]]:
        """:meth:`since_text`, as objects."""
        return [json.loads(text) for _, text in self.since_text(version)]

    @property
    def log(self) -> list[dict[str, Any]]:
        """The messages kept, oldest first."""
        with self._lock:
            kept = list(self._log)
        return [json.loads(text) for _, text in kept]

    def sync(self) -> dict[str, Any]:
        """The latest snapshot with everything said this hole: a page starts from it."""
        return self.since(-1)[0]


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two snapshots alike but for what is new in them."""
    skip = ("said", "events")
    return all(a.get(k) == b.get(k) for k in set(a) | set(b) if k not in skip)
