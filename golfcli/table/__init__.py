"""A table of Golf for people and bots, each at a seat, played through messages.

The page ``golf serve`` shows is a thin client of this package: the server
holds the only truth.  :class:`~.table.Table` runs one game with the
engine's own :class:`~golfcli.match.Match` (its faults, fallbacks, playoffs
and records) on a thread of its own, a person's seat waiting for a message
while the other tables play on; :mod:`.feed` makes each seat's messages
from its censored view (:func:`golfcli.view.view`) and nothing else.
docs/play.md describes the protocol; docs/architecture.md places the rooms:

``__init__`` (:class:`TableError`, the limits) -> ``folder`` (the files a
table may use) -> ``config`` (a table's setup, checked) -> ``words`` (moves,
faults and events in words) -> ``feed`` (each seat's versioned messages)
-> ``files`` (the record and the card) -> ``table`` -> ``lobby`` (many
tables).

:mod:`.protocol` reads every message a page sends as if hostile, and
:mod:`.seats` is the seats' side of a game (a person's seat waits for a
move; a stand-in plays for one who is away).
"""

from __future__ import annotations

from ..exceptions import InputError


class TableError(InputError):
    """A request a table refuses: a malformed message, an action out of
    turn, a seat already taken, a setup it cannot play.  Its message is the
    one line the client is told; the table goes on."""


#: The longest message a client may send, in bytes (an action is ~60).
MAX_MESSAGE = 4096

#: The longest name a person may take a seat with.
MAX_NAME = 24
