"""The table's end of a client's connection: each message read as if hostile.

A client sends one JSON object per message, at most
:data:`~golfcli.table.MAX_MESSAGE` bytes, with a ``type``; the table answers
each with one reply (``ok``, ``welcome``, ``seated``, ``pong`` or ``error``
with one line saying why) and sends the seat's own messages through the
connection's listener (docs/play.md has the whole protocol).  What is read
here is only the shape: a message that is not JSON, too long, nested too
deep or with a field of the wrong kind is a :class:`~golfcli.table.TableError`
before any table looks at it; whether a move is the seat's and legal is the
table's to say (:mod:`.table`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from ..actions import Action
from ..view import View
from . import MAX_MESSAGE, MAX_NAME, TableError
from .feed import Listener


class Door(Protocol):
    """What a connection talks to (a :class:`~golfcli.table.table.Table`)."""

    def receive(
        self, conn: Connection | None, raw: str | bytes | Mapping[str, Any]
    ) -> dict[str, Any]: ...

    def disconnect(self, conn: Connection) -> None: ...


class Connection:
    """One client of a table: a page's socket, or a scripted client.

    ``listener`` receives every message for the client (its seat's, once it
    has said ``hello`` with its token or taken a seat; the table's public
    ones before), in order, on whatever thread made it: it must be quick and
    not block (a socket queues the message)."""

    def __init__(self, table: Door, listener: Listener | None, lasting: bool = True) -> None:
        self.table = table
        self.listener = listener
        #: False for the stand-in of one message that came without a connection:
        #: it sits nowhere and is there for no one
        self.lasting = lasting
        self.seat: int | None = None
        self.host = False
        self.open = True

    def send(self, raw: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
        """Hand the table one message; its reply (``ok``, ``error``, ...)."""
        return self.table.receive(self, raw)

    def deliver(self, msg: dict[str, Any]) -> None:
        if self.listener is not None and self.open:
            self.listener(msg)

    def close(self) -> None:
        """The client is gone (page closed, connection lost): its seat is
        kept, and after the host's ``away`` time a stand-in plays it."""
        self.table.disconnect(self)


def parse_message(raw: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """A client's message as an object with a ``type``; anything else (too
    long, not UTF-8, not JSON, nested too deep) is one TableError."""
    if isinstance(raw, Mapping):
        data: Any = dict(raw)
        try:
            size = len(json.dumps(data, default=str))
        except (TypeError, ValueError, RecursionError):
            raise TableError("a message is a JSON object") from None
    else:
        if isinstance(raw, str):
            raw = raw.encode("utf-8", errors="surrogatepass")
        if not isinstance(raw, bytes | bytearray):
            raise TableError("a message is a JSON object")
        size = len(raw)
        if size > MAX_MESSAGE:
            raise TableError(f"message too long: {size} bytes (at most {MAX_MESSAGE})")
        try:
            text = bytes(raw).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise TableError(f"a message is UTF-8 text (byte {exc.start + 1} is not)") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise TableError(f"not JSON: {exc.msg} (character {exc.pos + 1})") from None
        except RecursionError:
            raise TableError("not a message: nested too deeply") from None
    if size > MAX_MESSAGE:
        raise TableError(f"message too long: {size} bytes (at most {MAX_MESSAGE})")
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise TableError('a message is a JSON object with a "type"')
    return data


def shown_value(value: object) -> str:
    from ..arguments import shown

    return shown(value)


def text_field(msg: dict[str, Any], key: str, most: int, optional: bool = False) -> Any:
    value = msg.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise TableError(f"{key}: text, not {shown_value(value)}")
    if len(value) > most:
        raise TableError(f"{key}: at most {most} characters")
    return value


def whole_field(msg: dict[str, Any], key: str, optional: bool = False) -> Any:
    value = msg.get(key)
    if value is None and optional:
        return None
    if type(value) is not int or not 0 <= value < 2**31:
        raise TableError(f"{key}: a whole number, not {shown_value(value)}")
    return value


def check_name(name: str, taken: Sequence[str]) -> str:
    """A person's name at the table: printable, short, not another's."""
    name = " ".join(name.split())
    if not name:
        raise TableError("name: give a name to sit down with")
    if len(name) > MAX_NAME or not name.isprintable():
        raise TableError(f"name: up to {MAX_NAME} printable characters")
    if name.lower() == "you":
        raise TableError("name: 'you' is what the table calls each player; choose another")
    if name.lower() in (t.lower() for t in taken):
        raise TableError(f"name: someone at this table is called {name} already")
    return name


def why_not(view: View, action: Action) -> str:
    """The rule that forbids ``action``, in the terminal's words."""
    from ..tui.input import why_not

    if action.pos >= view.variant.cells or action.pos2 >= view.variant.cells:
        return f"position {max(action.pos, action.pos2) + 1} is off the layout"
    try:
        return why_not(view, action)
    except Exception:  # any other nonsense a hostile client makes up
        return "that is not a move now"
