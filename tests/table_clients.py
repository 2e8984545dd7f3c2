"""Scripted clients of a table (golfcli.table), for the table's tests.

A :class:`Scripted` client sits at one seat through a real
:class:`~golfcli.table.table.Connection`: it keeps every message it is
sent, checks that the versions come one after another, and plays a legal
move of its own choosing (a seeded generator) when its message offers it.
:func:`play_out` drives clients until the game ends.

The listener only appends (under the client's own lock, never calling the
table): a listener runs on the table's thread, under the table's lock.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

from golfcli.table.table import Connection, Table


class Scripted:
    """A client at one seat that plays the legal moves it is offered."""

    def __init__(
        self, table: Table, seat: int, name: str, seed: int = 0, conn: Connection | None = None
    ) -> None:
        self.table = table
        self.seat = seat
        self.name = name
        self.messages: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.moves: list[dict[str, Any]] = []  # the actions accepted, in order
        self.rng = random.Random(seed)
        self.lock = threading.Lock()
        self.acted: set[int] = set()
        self.nexted: set[int] = set()
        self.token = ""
        self.playing = True  # False: the client sits and does nothing (away, idle)
        self.conn = conn if conn is not None else table.connect(self.listen)

    def listen(self, msg: dict[str, Any]) -> None:
        with self.lock:
            if not msg.get("sync") and self.messages and msg["v"] != self.messages[-1]["v"] + 1:
                self.errors.append(f"version {msg['v']} after {self.messages[-1]['v']}")
            self.messages.append(msg)

    def take(self) -> Scripted:
        reply = self.conn.send({"type": "take", "seat": self.seat, "name": self.name})
        assert reply["type"] == "seated", reply
        self.token = reply["token"]
        return self

    def reconnect(self, since: int | None = None) -> dict[str, Any]:
        """Drop the connection and come back with the token, asking for what
        was missed since ``since`` (default: the last version seen)."""
        self.conn.close()
        with self.lock:
            last = self.messages[-1]["v"] if self.messages else 0
        self.conn = self.table.connect(self.listen)
        return self.conn.send(
            {"type": "hello", "token": self.token, "since": last if since is None else since}
        )

    def latest(self) -> dict[str, Any] | None:
        with self.lock:
            return self.messages[-1] if self.messages else None

    def step(self) -> bool:
        """Play the move offered, or tap on between holes; whether it did."""
        m = self.latest()
        if m is None or not self.playing or not self.conn.open:
            return False
        decision = m.get("decision")
        if decision is not None and decision not in self.acted and m["legal"]:
            choice = self.rng.choice(m["legal"])
            action = {k: v for k, v in choice.items() if k != "label"}
            reply = self.conn.send({"type": "act", "decision": decision, "action": action})
            self.acted.add(decision)
            if reply["type"] == "ok":
                self.moves.append(action)
                return True
            return False
        if m["status"] == "between" and m["hole"] not in self.nexted:
            self.nexted.add(m["hole"])
            self.conn.send({"type": "next"})
            return True
        return False


def play_out(table: Table, clients: list[Scripted], timeout: float = 60.0) -> None:
    """Drive ``clients`` until the table's game is over (or closed)."""
    deadline = time.monotonic() + timeout
    while table.status not in ("over", "closed"):
        assert time.monotonic() < deadline, f"table stuck: {table.status}"
        if not any(c.step() for c in clients):
            time.sleep(0.002)
    table.wait(timeout)


def seated(table: Table, names: list[str], seed: int = 0) -> list[Scripted]:
    """A scripted client taking each person's seat, in order, named from ``names``."""
    people = [s for s, b in enumerate(table.plan.bots) if b is None]
    return [Scripted(table, s, n, seed + s).take() for s, n in zip(people, names, strict=False)]


def until(check: Any, timeout: float = 20.0, what: str = "") -> Any:
    """Wait for ``check()`` to give something true; that value."""
    return drive([], check, timeout, what)


def offered(client: Scripted) -> dict[str, Any] | None:
    """The client's latest message if it offers a move, else None."""
    m = client.latest()
    return m if m is not None and m.get("decision") is not None else None


def drive(clients: list[Scripted], check: Any, timeout: float = 20.0, what: str = "") -> Any:
    """Let ``clients`` play until ``check()`` gives something true; that value."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, f"waited {timeout}s for {what or check}"
        if not any(c.step() for c in clients):
            time.sleep(0.002)
