"""Bots at a table: made as ``golf tournament`` makes them, their faults
told to every seat (the game going on), and every process a bot program
starts ended on every path: the game's end, a crash, a timeout, the table
closed mid-game."""

from __future__ import annotations

import json
import stat
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from golfcli.table import table as table_module
from golfcli.table.config import SeatSetup, TableSetup
from golfcli.table.folder import Folder
from golfcli.table.table import Table

from ..helpers import FAMILY, assert_none_left, pids_in
from ..table_clients import drive, play_out, seated

CRASHER = '''
class Bot:
    """Plays the first legal move; every third decision it raises, naming a card."""

    def __init__(self):
        self.count = 0

    def choose(self, view, legal):
        self.count += 1
        if self.count % 3 == 0:
            raise ValueError("SECRET-7H I peeked at")
        return legal[0]
'''


def folder_with(tmp_path: Path, **files: str) -> Folder:
    d = tmp_path / "served"
    d.mkdir(exist_ok=True)
    for name, text in files.items():
        (d / name).write_text(text)
    return Folder(d)


def program(folder: Folder, name: str, piddir: Path, *options: str) -> None:
    """An executable bot program in the folder: family_bot.py with ``options``."""
    path = folder.path / name
    args = " ".join(options)
    path.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{FAMILY}" "{piddir}" {args}\n')
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def test_a_bot_s_fault_is_told_to_everyone_and_the_game_goes_on(tmp_path: Path) -> None:
    folder = folder_with(tmp_path, **{"crasher.py": CRASHER})
    table = Table(
        TableSetup(
            "six-card",
            (SeatSetup(), SeatSetup("bot", "crasher.py"), SeatSetup()),
            holes=2,
            seed=4,
        ),
        folder,
        save_to=tmp_path / "games",
    )
    clients = seated(table, ["Ann", "Bob"])
    table.start()
    play_out(table, clients)
    assert table.status == "over"
    assert len(table.result.holes) == 2  # type: ignore[union-attr]
    crashes = [f for f in table.faults if f[1] == "crash"]
    assert crashes and all(f[0] == 1 for f in crashes)
    assert "crasher.py" in crashes[0][2]  # the bot's place, for its author (in the log)
    line = (
        "crasher faulted (crash: its code raised an error); a random legal move is played for it."
    )
    for c in clients:
        said = [x for m in c.messages for x in m["said"]]
        assert said.count(line) == len(crashes)
        assert "SECRET" not in json.dumps(c.messages)  # the bot's own words reach no one
    log = tmp_path / "games" / "logs"
    assert "SECRET-7H" in "".join(p.read_text() for p in log.iterdir())


def family_table(tmp_path: Path, *options: str, holes: int = 1) -> tuple[Table, list[Any], Path]:
    piddir = tmp_path / "pids"
    piddir.mkdir()
    folder = folder_with(tmp_path)
    program(folder, "family", piddir, *options)
    table = Table(
        TableSetup("six-card", (SeatSetup(), SeatSetup("bot", "family")), holes=holes, seed=3),
        folder,
    )
    clients = seated(table, ["Ann"])
    table.start()
    return table, clients, piddir


CHILDREN = ("fork", "stubborn", "setsid", "orphan")


@pytest.mark.parametrize(
    ("options", "fault"),
    # a crash whose children hold its output open is seen as a timeout
    [((), ""), (("crash",), "crash timeout"), (("alternate",), "timeout")],
    ids=["end", "crash", "timeout"],
)
def test_every_bot_process_is_ended_when_the_game_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, options: tuple[str, ...], fault: str
) -> None:
    monkeypatch.setattr(table_module, "PROGRAM_TIME", 0.5)
    monkeypatch.setattr(table_module, "PROGRAM_BANK", 0.0)
    table, clients, piddir = family_table(tmp_path, *CHILDREN, *options)
    play_out(table, clients)
    assert table.status == "over"
    kinds = {f[1] for f in table.faults}
    assert bool(kinds) == bool(fault) and kinds <= set(fault.split())
    started = 1 + len(CHILDREN)
    pids = pids_in(piddir, started * (2 if fault else 1))  # a faulted bot is started again
    assert_none_left(pids, wait=2.0)


def test_every_bot_process_is_ended_when_the_table_closes_mid_game(tmp_path: Path) -> None:
    table, clients, piddir = family_table(tmp_path, *CHILDREN, holes=3)
    drive(clients, lambda: table.steps >= 6, what="a few moves")
    pids = pids_in(piddir, 1 + len(CHILDREN))
    table.close()
    assert table.status == "closed"
    assert_none_left(pids, wait=2.0)
    assert clients[0].latest()["status"] == "closed"  # type: ignore[index]


STUCK = """
def choose(view, legal):
    while True:  # never answers
        pass
"""


def _hosts_of(path: Path) -> list[int]:
    """The processes running a hosted Python bot from ``path`` (by /proc)."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            argv = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"golfcli.bots.pyhost" in argv and str(path).encode() in argv:
            found.append(int(proc.name))
    return found


def python_bot_table(
    tmp_path: Path, name: str, text: str, holes: int, seed: int
) -> tuple[Table, list[Any], Path]:
    """A started table of Ann and the Python bot file ``name`` (``text``)."""
    folder = folder_with(tmp_path, **{name: text})
    table = Table(
        TableSetup("six-card", (SeatSetup(), SeatSetup("bot", name)), holes=holes, seed=seed),
        folder,
    )
    clients = seated(table, ["Ann"])
    table.start()
    return table, clients, folder.path / name


def _none_left(path: Path, wait: float = 5.0) -> None:
    """No process hosts the bot from ``path`` (within ``wait`` seconds)."""
    deadline = time.monotonic() + wait
    while _hosts_of(path) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _hosts_of(path) == []


def test_a_python_bot_stuck_in_a_loop_is_ended_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Python bot file at a table runs in a process of its own: one that
    never answers is timed out like a program (the game goes on with the
    fallback's moves) and its process is ended, where a thread in golf's
    process would have spun for good and held the table's game."""
    monkeypatch.setattr(table_module, "PROGRAM_TIME", 0.3)
    monkeypatch.setattr(table_module, "PROGRAM_BANK", 0.0)
    table, clients, path = python_bot_table(tmp_path, "stuck.py", STUCK, holes=1, seed=2)
    play_out(table, clients)
    assert table.status == "over"
    kinds = {f[1] for f in table.faults}  # timed out, then down: never answered a start
    assert "timeout" in kinds and kinds <= {"timeout", "crash"}
    _none_left(path)


def test_a_table_closed_mid_game_ends_its_python_bots_process(tmp_path: Path) -> None:
    table, clients, path = python_bot_table(tmp_path, "crasher.py", CRASHER, holes=3, seed=5)
    drive(clients, lambda: table.steps >= 6, what="a few moves")
    assert _hosts_of(path)  # it plays in a process of its own
    table.close()
    assert table.status == "closed"
    _none_left(path)
