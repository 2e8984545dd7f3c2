"""Opening a table: the served folder's files, a host's setup checked field
by field, the lobby of tables; and two of the host's and players'
switches, the pause between holes and the coach's hints."""

from __future__ import annotations

import shutil
import stat
import time
from pathlib import Path
from typing import Any

import pytest

from golfcli.table import TableError
from golfcli.table.config import SeatSetup, TableSetup, resolve
from golfcli.table.folder import Folder, find_bot, find_variant
from golfcli.table.lobby import Lobby
from golfcli.table.table import Table

from ..helpers import REPO
from ..table_clients import Scripted, drive, offered, play_out, seated, until

ROOT = REPO
SHORT = "name: short six\ndescription: Six-card, two holes.\nextends: six-card\ngame: {holes: 2}\n"
PYBOT = "def choose(view, legal):\n    return legal[-1]\n"


@pytest.fixture
def served(tmp_path: Path) -> Folder:
    d = tmp_path / "served"
    d.mkdir()
    (d / "short.yaml").write_text(SHORT)
    (d / "broken.yaml").write_text("name: broken\nextends: six-card\ngrid: {rows: 0}\n")
    (d / "last.py").write_text(PYBOT)
    shutil.copy(ROOT / "examples" / "bots" / "external_bot.py", d / "program.py")
    (d / "notes.txt").write_text("not a bot")
    (d / "helper.py").write_text("X = 1\n")  # neither a bot nor a program
    script = d / "script.sh"
    script.write_text("#!/bin/sh\nexit 0\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    (d / "sub").mkdir()
    (d / "sub" / "deep.yaml").write_text(SHORT)
    outside = tmp_path / "outside.yaml"
    outside.write_text(SHORT)
    (d / "link.yaml").symlink_to(outside)
    return Folder(d)


def test_the_folder_offers_its_variant_and_bot_files_and_nothing_else(served: Folder) -> None:
    good, problems = served.variants()
    assert list(good) == ["short.yaml"]
    assert len(problems) == 1 and problems[0].startswith("broken.yaml: ")
    bots = served.bots()
    assert sorted(bots) == ["last.py", "program.py", "script.sh"]
    assert not bots["last.py"].program and bots["program.py"].program
    assert find_variant("short.yaml", served).game.holes == 2
    assert find_variant("alberta", served).name == "alberta"
    for name in ("sub/deep.yaml", "../outside.yaml", str(served.path / "short.yaml"), "link.yaml"):
        with pytest.raises(TableError, match="no variant"):
            find_variant(name, served)
    with pytest.raises(TableError, match=r"broken\.yaml: .*grid"):
        find_variant("broken.yaml", served)
    for name in ("helper.py", "notes.txt", "../last.py", "cmd:sh", "golfcli.bots:RandomBot"):
        with pytest.raises(TableError, match="no bot"):
            find_bot(name, served)
    with pytest.raises(TableError, match="no variant"):
        find_variant("short.yaml", None)  # no folder served: built-ins only
    with pytest.raises(TableError, match="not a folder"):
        Folder(served.path / "notes.txt")


def test_a_variant_file_and_bot_files_of_the_folder_play(served: Folder, tmp_path: Path) -> None:
    setup = TableSetup(
        "short.yaml",
        (SeatSetup(), SeatSetup("bot", "last.py"), SeatSetup("bot", "program.py")),
        seed=2,
    )
    table = Table(setup, served, save_to=tmp_path / "games")
    clients = seated(table, ["Ann"])
    table.start()
    play_out(table, clients)
    assert table.status == "over" and table.faults == []
    assert len(table.result.holes) == 2  # type: ignore[union-attr]
    assert [s["name"] for s in clients[0].latest()["seats"]] == ["Ann", "last", "program"]  # type: ignore[index]
    card = (tmp_path / "games").glob("*.card.yaml")
    text = next(card).read_text()
    assert "variant: ../served/short.yaml" in text  # found from the card's folder


BAD_SETUPS: list[tuple[Any, str]] = [
    ([], "a table's setup is an object"),
    ({"colour": "red"}, "unknown field 'colour'"),
    ({"seats": "hh"}, "seats: a list of 1 to 16 seats"),
    ({"seats": []}, "seats: a list of 1 to 16 seats"),
    ({"seats": [5]}, "seats[0]: a seat is 'human'"),
    ({"seats": [{"player": "alien"}]}, "seats[0].player: human or bot"),
    ({"seats": [{"player": "bot", "bot": 3}]}, "seats[0].bot: a bot's name"),
    ({"seats": ["human", {"pet": 1}]}, "seats[1]: unknown field 'pet'"),
    ({"seats": ["human", "gredy"]}, "seats[1].bot: no bot 'gredy'"),
    (
        {"seats": ["human", "greedy?threshold=x"]},
        "seats[1].bot: bot 'greedy' option threshold must be a whole number",
    ),
    ({"seats": ["greedy", "random"]}, "at least one seat is a person's"),
    ({"variant": "alberta", "seats": ["human"] * 5}, "seats: variant 'alberta' is for"),
    ({"variant": "short.yaml"}, "variant: no variant 'short.yaml'"),
    ({"variant": 5}, "variant: give a built-in"),
    ({"holes": 0}, "holes: 1 to 1000"),
    ({"holes": 2.5}, "holes: 1 to 1000"),
    ({"away": -1}, "away: seconds from 0.05 to 3600"),
    ({"away": float("nan")}, "away: seconds from"),
    ({"bot_delay": 11}, "bot_delay: seconds from 0 to 10"),
    ({"standin": "nobody"}, "standin: no bot 'nobody'"),
    ({"hints": "yes"}, "hints: true or false"),
    ({"seed": -1}, "seed: a whole number from 0"),
]


@pytest.mark.parametrize(("data", "words"), BAD_SETUPS)
def test_a_bad_setup_is_one_line_naming_its_field(data: Any, words: str) -> None:
    with pytest.raises(TableError) as exc:
        resolve(TableSetup.from_data(data), None)
    line = str(exc.value)
    assert words in line, line
    assert line.isprintable() and len(line) <= 200


def test_the_lobby_opens_finds_bounds_and_lets_finished_tables_go(served: Folder) -> None:
    now = [0.0]
    lobby = Lobby(served, None, most=2, keep_done=60, clock=lambda: now[0])
    offer = lobby.offer()
    assert [v["id"] for v in offer["variants"]][-1] == "short.yaml"
    assert offer["problems"][0].startswith("broken.yaml")
    assert {"name": "last.py", "file": True} in offer["bots"]
    alberta = next(v for v in offer["variants"] if v["id"] == "alberta")
    assert alberta["rows"] == 3 and alberta["cols"] == 6 and 4 in alberta["partners"]
    a = lobby.open({"variant": "short.yaml", "seats": ["human", "greedy"]})
    assert lobby.get(a.id) is a
    b = lobby.open({})
    with pytest.raises(TableError, match="2 tables open"):
        lobby.open({})
    with pytest.raises(TableError, match="no such table"):
        lobby.get("nope")
    with pytest.raises(TableError, match="unknown field"):
        lobby.open({"bogus": 1})
    a.close()
    lobby.tables()
    now[0] = 61.0
    assert lobby.tables() == [b]
    c = lobby.open({})
    lobby.close_all()
    assert b.status == c.status == "closed"


def test_a_table_never_started_is_closed_and_let_go(served: Folder) -> None:
    """A page that opens tables and leaves them cannot fill the server: a
    table still in its lobby after keep_lobby is closed (its seats told) and
    dropped, and its place is free; a table opened later is kept."""
    now = [0.0]
    lobby = Lobby(served, None, most=2, keep_done=60, keep_lobby=100, clock=lambda: now[0])
    left = lobby.open({"variant": "short.yaml", "seats": ["human", "greedy"]})
    now[0] = 50.0
    later = lobby.open({})
    with pytest.raises(TableError, match="2 tables open"):
        lobby.open({})
    now[0] = 99.0
    assert lobby.tables() == [left, later]
    now[0] = 100.0
    assert lobby.tables() == [later] and left.status == "closed"
    with pytest.raises(TableError, match="no such table"):
        lobby.get(left.id)
    again = lobby.open({})  # the place it held is free
    now[0] = 149.0
    assert lobby.tables() == [later, again]
    now[0] = 150.0
    assert lobby.tables() == [again]
    lobby.close_all()


def test_between_holes_the_table_waits_for_everyone_there_to_tap_on() -> None:
    table = Table(TableSetup("six-card", (SeatSetup(), SeatSetup()), holes=2, seed=1, away=30))
    ann, bob = seated(table, ["Ann", "Bob"])
    table.start()
    # both play, but tap on only when told to
    ann.nexted.add(1)
    bob.nexted.add(1)
    drive([ann, bob], lambda: table.status == "between", what="the first hole's end")
    last = until(lambda: (m := ann.latest()) and m["status"] == "between" and m)
    assert last["last_hole"]["hole"] == 1 and len(last["scorecard"]) == 1
    assert last["view"]["phase"] == "over" and all(
        c for lay in last["view"]["layouts"] for c in lay
    )
    assert ann.conn.send({"type": "next"})["type"] == "ok"
    time.sleep(0.2)
    assert table.status == "between"  # Bob is there and has not tapped on
    assert table.feed(0).log[-1]["seats"][0]["ready"] is True
    bob.conn.close()  # Bob leaves: the table does not wait for someone gone
    until(lambda: table.status == "playing", what="the second hole")
    bob.reconnect()
    play_out(table, [ann, bob])
    assert table.status == "over"


def test_hints_are_each_seat_s_own_switch() -> None:
    table = Table(TableSetup("six-card", (SeatSetup(), SeatSetup()), holes=1, seed=6))
    ann, bob = seated(table, ["Ann", "Bob"])
    assert ann.conn.send({"type": "hints", "on": True})["type"] == "ok"
    table.start()
    table._coaches[0] = None
    drive([ann, bob], lambda: table.steps >= 8 and offered(ann), what="Ann's turn")
    m = offered(ann)
    assert m is not None and m["hints"] is True
    hint = until(lambda: (x := offered(ann)) and x["hint"], what="a hint")
    assert hint.startswith("Hint (")
    assert all(x["hint"] is None for x in bob.messages)
    assert ann.conn.send({"type": "hints", "on": False})["type"] == "ok"
    until(lambda: ann.latest()["hints"] is False)  # type: ignore[index]
    assert ann.latest()["hint"] is None  # type: ignore[index]
    play_out(table, [ann, bob])
    off = Table(TableSetup(hints=False))
    cy = Scripted(off, 0, "Cy").take()
    reply = cy.conn.send({"type": "hints", "on": True})
    assert reply["type"] == "error" and "turned the hints off" in reply["error"]
