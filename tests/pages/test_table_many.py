"""Many tables at once in one process: each table's thread plays while the
others wait for their people, and none loses a move or gets stuck.

Twelve tables of four (two people played by scripted clients, two bots)
play two holes each at the same time.  Every table ends within the time
bound; every client was told every version in order; every move a client
had accepted is in its table's record, in order, for its seat; and every
record replays to its own events and scores.  (The fifty tables of the
load test play over sockets: tests/pages/test_web_table_load.py.)
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from golfcli.events import Event
from golfcli.record import load_record
from golfcli.replay import actions_of
from golfcli.table.config import SeatSetup, TableSetup
from golfcli.table.table import Table

from ..table_clients import Scripted


def seat_moves(record: str, seat: int) -> list[dict[str, object]]:
    """The moves of ``seat`` in a record's text, in order."""
    out: list[dict[str, object]] = []
    for line in record.splitlines():
        obj = json.loads(line)
        if obj["type"] != "hole":
            continue
        for raw in obj["events"]:
            ev = Event.from_json(raw)
            if ev.seat == seat:
                out += [a.to_json() for a in actions_of([ev])]
    return out


def test_twelve_tables_of_four_play_at_once(tmp_path: Path) -> None:
    tables: list[Table] = []
    clients: list[Scripted] = []
    seats = (SeatSetup(), SeatSetup("bot", "greedy"), SeatSetup(), SeatSetup("bot", "random"))
    variants = ["six-card", "four-card", "nine-card", "alberta", "duel"]
    for i in range(12):
        variant = variants[i % len(variants)]
        table = Table(TableSetup(variant, seats, holes=2, seed=i), save_to=tmp_path / str(i))
        clients += [Scripted(table, 0, "Ann", i).take(), Scripted(table, 2, "Bob", 100 + i).take()]
        tables.append(table)
    for table in tables:
        table.start()
    deadline = time.monotonic() + 120
    while any(t.status not in ("over", "closed") for t in tables):
        assert time.monotonic() < deadline, [t.status for t in tables]
        if not any(c.step() for c in clients):
            time.sleep(0.001)
    for table in tables:
        assert table.status == "over" and table.error == "", table.error
        assert table.files is not None and table.files.record_path is not None
        load_record(table.files.record_path)  # every hole replays to its events
    for c in clients:
        assert c.errors == []
        moves = seat_moves(c.table.record_text, c.seat)
        assert moves == c.moves, "a move the table accepted is missing from its record"
