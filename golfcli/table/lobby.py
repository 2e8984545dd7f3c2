"""The tables one server holds: opened from a page's form, found by id,
closed together when the server stops.

A finished table is kept a while (its players look at the result and
download the record), then let go; so is a table never started (opened
and left: its seats are closed after :data:`KEEP_LOBBY`); a server holds at most
:data:`MOST_TABLES` at once, so a page that opens tables in a loop cannot
take the machine.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..variant import Variant
from ..variantload import variants
from . import TableError
from .config import AWAY_RANGE, DELAY_RANGE, TableSetup
from .folder import Folder
from .table import Table

#: Tables a server holds at once.
MOST_TABLES = 200
#: Seconds a finished (or closed) table is kept for its players to look at.
KEEP_DONE = 3600.0
#: Seconds a table may wait in its lobby, never started, before it is closed:
#: friends gather in minutes, and a page that opens tables and leaves them
#: must not fill the server's :data:`MOST_TABLES` for good.
KEEP_LOBBY = 3600.0


class Lobby:
    """The server's tables, the served ``folder`` they take files from and
    the folder (``save_to``) their games are written to."""

    def __init__(
        self,
        folder: Folder | None = None,
        save_to: Path | None = None,
        *,
        most: int = MOST_TABLES,
        keep_done: float = KEEP_DONE,
        keep_lobby: float = KEEP_LOBBY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.folder = folder
        self.save_to = save_to
        self.most = most
        self.keep_done = keep_done
        self.keep_lobby = keep_lobby
        self._opened: dict[str, float] = {}  # when each table was opened
        self._clock = clock
        self._tables: dict[str, Table] = {}
        self._done: dict[str, float] = {}  # when each table was first seen finished
        self._lock = threading.Lock()

    def open(self, data: object) -> Table:
        """A new table from a page's setup (JSON): a TableError names the bad field."""
        setup = TableSetup.from_data(data)
        with self._lock:
            self._prune()
            if len(self._tables) >= self.most:
                raise TableError(
                    f"this server has {len(self._tables)} tables open: close one first"
                )
            table_id = secrets.token_urlsafe(6)
            while table_id in self._tables:  # pragma: no cover - 48 random bits
                table_id = secrets.token_urlsafe(6)
            table = Table(setup, self.folder, save_to=self.save_to, table_id=table_id)
            self._tables[table.id] = table
            self._opened[table.id] = self._clock()
            return table

    def get(self, table_id: str) -> Table:
        with self._lock:
            table = self._tables.get(table_id)
        if table is None:
            raise TableError("no such table here (it may have ended a while ago)")
        return table

    def tables(self) -> list[Table]:
        with self._lock:
            self._prune()
            return list(self._tables.values())

    def _prune(self) -> None:
        now = self._clock()
        for tid, table in list(self._tables.items()):
            if table.status == "lobby" and now - self._opened[tid] >= self.keep_lobby:
                # never started: its seats are told it closed, and it goes at
                # once (there is no result to look at)
                table.close(wait=False)
                self._forget(tid)
            elif table.status in ("over", "closed"):
                since = self._done.setdefault(tid, now)
                if now - since >= self.keep_done:
                    self._forget(tid)

    def _forget(self, tid: str) -> None:
        del self._tables[tid]
        self._done.pop(tid, None)
        del self._opened[tid]

    def close_all(self) -> None:
        """Close every table (the server stops): every game stops, every bot
        is ended; what a bot program left behind is ended after them."""
        from ..bots import procs

        for table in self.tables():
            table.close(wait=False)
        for table in self.tables():
            table.close(wait=True, timeout=10.0)
        procs.end_own()

    def offer(self) -> dict[str, Any]:
        """What the form to open a table offers: the variants (built-in, and
        the folder's files with the problems of those that do not load), the
        bots, and the bounds of the host's settings."""
        from ..bots.registry import BUILTIN_BOTS

        offered = [_variant(v, v.name) for v in variants()]
        problems: list[str] = []
        bots = [{"name": b, "file": False} for b in BUILTIN_BOTS]
        if self.folder is not None:
            found, problems = self.folder.variants()
            offered += [_variant(v, name) for name, v in found.items()]
            bots += [{"name": name, "file": True} for name in self.folder.bots()]
        return {
            "variants": offered,
            "problems": problems,
            "bots": bots,
            "away": {"default": TableSetup.away, "least": AWAY_RANGE[0], "most": AWAY_RANGE[1]},
            "bot_delay": {"least": DELAY_RANGE[0], "most": DELAY_RANGE[1]},
        }


def _variant(v: Variant, choose_by: str) -> dict[str, Any]:
    return {
        "id": choose_by,
        "name": v.name,
        "description": v.description,
        "players": list(v.players),
        "rows": v.rows,
        "cols": v.cols,
        "holes": v.game.holes,
        "target": v.game.target,
        "partners": [p for p in v.players if v.groups_for(p) < p],
    }
