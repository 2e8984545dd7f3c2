"""What a table takes from its clients, and how it answers.

A client is hostile or broken as often as not: every malformed, oversized,
misplaced or illegal message is one error line to that client and nothing
else (no other seat is told anything, no version moves), and the game
goes on to its end.  Then the ways people come and go: a reload keeps the
seat, a client that reconnects gets what it missed since its version, and
a seat away longer than the host allows is played by a stand-in until its
player is back, every seat told so.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from golfcli.table import MAX_MESSAGE, TableError
from golfcli.table.config import SeatSetup, TableSetup
from golfcli.table.protocol import parse_message
from golfcli.table.table import Table

from ..table_clients import Scripted, drive, offered, play_out, seated, until

PEOPLE_AND_A_BOT = (SeatSetup("human"), SeatSetup("human"), SeatSetup("bot", "greedy"))


def table_of(keep: int = 200, **kw: Any) -> Table:
    kw.setdefault("seats", PEOPLE_AND_A_BOT)
    kw.setdefault("holes", 1)
    kw.setdefault("away", 30)
    kw.setdefault("seed", 11)
    return Table(TableSetup(**kw), keep=keep)


def versions(table: Table) -> list[int]:
    return [table.feed(s).version for s in range(table.players)] + [table.feed(None).version]


def refused(client_or_conn: Any, raw: Any, words: str) -> str:
    """``raw`` is answered with one error line saying ``words``, and no seat
    is told anything."""
    conn = getattr(client_or_conn, "conn", client_or_conn)
    table = conn.table
    # the table at rest: waiting for a person (bots' moves would move the versions)
    until(lambda: table.status != "playing" or table._pending is not None, what="a rest")
    before = versions(table)
    reply = conn.send(raw)
    assert reply["type"] == "error", reply
    line = reply["error"]
    assert words in line, line
    assert line.isprintable() and len(line) <= 200, line
    assert versions(conn.table) == before
    return str(line)


MALFORMED = [
    ("{", "not JSON"),
    ("[]", 'with a "type"'),
    ('"act"', 'with a "type"'),
    ('{"kind": "act"}', 'with a "type"'),
    ('{"type": 5}', 'with a "type"'),
    ('{"type": "fly"}', "unknown message type"),
    (b"\xff\xfe{}", "UTF-8"),
    ("[" * 2000 + "]" * 2000, "nested too deeply"),
    ("x" * (MAX_MESSAGE + 1), "message too long"),
    (json.dumps({"type": "ping", "pad": "y" * MAX_MESSAGE}), "message too long"),
    ({"type": "ping", "pad": "y" * MAX_MESSAGE}, "message too long"),
]


def test_a_malformed_or_oversized_message_is_an_error_and_the_game_goes_on() -> None:
    table = table_of()
    ann, bob = clients = seated(table, ["Ann", "Bob"])
    table.start()
    stranger = table.connect(lambda m: None)
    for conn in (ann.conn, bob.conn, stranger):
        for raw, words in MALFORMED:
            refused(conn, raw, words)
    assert ann.conn.send('{"type": "ping", "id": 7}') == {"type": "pong", "re": 7}
    play_out(table, clients)
    assert table.status == "over" and ann.errors == bob.errors == []


def test_acting_for_another_seat_out_of_turn_or_illegally_is_refused() -> None:
    table = table_of()
    ann, bob = clients = seated(table, ["Ann", "Bob"])
    table.start()
    stranger = table.connect(lambda m: None)
    # whoever is to play first, the other one tries to play for them
    mover, other = until(lambda: next((c for c in clients if offered(c)), None)), None
    other = bob if mover is ann else ann
    m = offered(mover)
    assert m is not None
    number = m["decision"]
    move = {k: v for k, v in m["legal"][0].items() if k != "label"}
    act = {"type": "act", "decision": number, "action": move}
    refused(stranger, act, "take a seat")
    refused(other, act, "it is not your turn: " + mover.name + " is to play")
    refused(other, {**act, "seat": mover.seat}, f"you sit at seat {other.seat + 1}")
    refused(other, {**act, "token": mover.token}, f"you sit at seat {other.seat + 1}")
    refused(mover, {**act, "seat": other.seat}, f"you sit at seat {mover.seat + 1}")
    refused(mover, {**act, "token": other.token}, f"you sit at seat {mover.seat + 1}")
    refused(mover, {**act, "decision": number + 5}, f"the move now is decision {number}")
    refused(mover, {**act, "decision": "1"}, "decision: a whole number")
    refused(mover, {"type": "act", "decision": number}, "give the action")
    refused(mover, {**act, "action": {"kind": "fly"}}, "not allowed now")
    refused(mover, {**act, "action": {"kind": "draw_stock", "pos": "a"}}, "pos and pos2 must be")
    refused(mover, {**act, "action": {"kind": "swap", "pos": 99}}, "off the layout")
    refused(mover, {**act, "action": "reveal 1 2 3 4"}, "bad action")
    legal = {(a["kind"], a.get("pos", -1)) for a in m["legal"]}
    face_up = (
        next(p for p in range(6) if ("reveal", p) not in legal and m["view"]["phase"] == "setup")
        if len(legal) < 6
        else None
    )
    if face_up is not None:
        refused(mover, {**act, "action": {"kind": "reveal", "pos": face_up}}, "not allowed now")
    refused(mover, {**act, "action": {"kind": "knock"}}, "not allowed now")
    assert mover.conn.send(act)["type"] == "ok"
    refused(mover, act, "decision")  # the same move twice: that decision is over
    play_out(table, clients)
    assert table.status == "over"


def test_only_the_host_starts_closes_or_gives_a_seat_to_a_bot() -> None:
    table = table_of(seats=(SeatSetup(), SeatSetup(), SeatSetup()))
    ann = Scripted(table, 0, "Ann").take()
    for msg in ({"type": "start"}, {"type": "close"}, {"type": "bot", "seat": 1, "bot": "greedy"}):
        refused(ann, msg, "only the table's host")
    host = table.connect(lambda m: None)
    refused(host, {"type": "hello", "host": "guess"}, "not this table's host token")
    assert host.send({"type": "hello", "host": table.host_token})["host"] is True
    refused(host, {"type": "hello", "host": table.host_token}, "said hello already")
    refused(host, {"type": "start"}, "seat 2, 3 is empty")
    refused(host, {"type": "bot", "seat": 0, "bot": "greedy"}, "not an empty person's seat")
    refused(host, {"type": "bot", "seat": 9, "bot": "greedy"}, "seat: a seat of this table")
    refused(host, {"type": "bot", "seat": 1, "bot": "../../x.py"}, "no bot")
    refused(host, {"type": "bot", "seat": 1, "bot": "cmd:sh -c 'rm -rf /'"}, "no bot")
    refused(host, {"type": "bot", "seat": 1, "bot": "greedy?threshold=x"}, "threshold")
    assert host.send({"type": "bot", "seat": 1, "bot": "greedy"})["type"] == "ok"
    assert host.send({"type": "bot", "seat": 2, "bot": "greedy"})["type"] == "ok"
    assert [s["name"] for s in ann.latest()["seats"]] == ["Ann", "greedy", "greedy 2"]  # type: ignore[index]
    assert host.send({"type": "start"})["type"] == "ok"
    refused(host, {"type": "start"}, "cannot start")
    play_out(table, [ann])
    assert table.status == "over"


def test_a_seat_is_taken_once_by_a_name_of_its_own() -> None:
    table = table_of()
    Scripted(table, 0, "Ann").take()
    someone = table.connect(lambda m: None)
    refused(someone, {"type": "take", "seat": 0, "name": "Zed"}, "seat 1 is taken")
    refused(someone, {"type": "take", "seat": 2, "name": "Zed"}, "seat 3 is a bot's")
    refused(someone, {"type": "take", "seat": -1, "name": "Zed"}, "seat: a whole number")
    refused(someone, {"type": "take", "seat": 1, "name": " ann "}, "called ann already")
    refused(someone, {"type": "take", "seat": 1, "name": "greedy"}, "called greedy already")
    refused(someone, {"type": "take", "seat": 1, "name": "   "}, "give a name")
    refused(someone, {"type": "take", "seat": 1, "name": "x" * 25}, "up to 24")
    refused(someone, {"type": "take", "seat": 1, "name": "a\x1bb"}, "printable")
    refused(someone, {"type": "take", "seat": 1, "name": "You"}, "'you'")
    refused(someone, {"type": "take", "seat": 1, "name": 5}, "name: text")
    refused(someone, {"type": "hello", "token": "made-up"}, "no seat at this table")
    bob = Scripted(table, 1, "Bob", conn=someone).take()
    refused(bob, {"type": "take", "seat": 1, "name": "Bob"}, "you have seat 2 already")
    refused(bob, {"type": "next"}, "no hole is over")
    refused(bob, {"type": "hints", "on": "yes"}, "true or false")
    table.start()
    late = table.connect(lambda m: None)
    refused(late, {"type": "take", "seat": 1, "name": "Cy"}, "the game has started")
    table.close()
    assert table.status == "closed"


def test_parse_message_takes_only_a_small_json_object() -> None:
    assert parse_message('{"type": "ping"}') == {"type": "ping"}
    with pytest.raises(TableError, match="a message is a JSON object"):
        parse_message(5)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- coming back


def test_a_client_that_reconnects_gets_exactly_what_it_missed() -> None:
    table = table_of(holes=2, keep=30)
    ann, bob = clients = seated(table, ["Ann", "Bob"])
    table.start()
    drive(clients, lambda: table.steps >= 4 and offered_to(table, 1), what="Bob's turn")
    ann.conn.close()  # gone for a while (less than the away time)
    seen = ann.messages[-1]["v"]
    # Bob plays on, until Ann's turn comes and the table waits for her
    drive([bob], lambda: offered_to(table, 0), what="Ann's turn")
    feed = table.feed(0)
    missed = [m for m in feed.log if m["v"] > seen]
    assert len(missed) > 2, "things happened while Ann was away"
    reply = ann.reconnect(since=seen)
    assert reply == {"type": "welcome", "table": table.id, "seat": 0, "host": False}
    assert ann.messages[-len(missed) :] == missed  # exactly those, in order, no gap
    assert ann.errors == []
    play_out(table, clients)
    assert table.status == "over" and ann.errors == []
    # a page that starts afresh (version 0), or that is further behind than the
    # messages kept, gets one sync: the latest snapshot with everything said this hole
    assert feed.log[0]["v"] > 2
    for since in (0, 1):
        got: list[dict[str, Any]] = []
        conn = table.connect(got.append)
        conn.send({"type": "hello", "token": ann.token, "since": since})
        assert len(got) == 1 and got[0]["sync"] is True
        assert got[0]["v"] == feed.version and got[0]["said"] == feed.hole_said
        assert got[0]["said"][-1].startswith("The hole is over")


def offered_to(table: Table, seat: int) -> bool:
    latest = table.feed(seat).log[-1]
    return latest.get("decision") is not None


def test_a_reload_keeps_the_seat_and_its_move() -> None:
    table = table_of()
    clients = seated(table, ["Ann", "Bob"])
    table.start()
    mover = until(lambda: next((c for c in clients if offered(c)), None))
    decision = offered(mover)["decision"]  # type: ignore[index]
    mover.conn.close()
    page: list[dict[str, Any]] = []
    reload = table.connect(page.append)
    assert reload.send({"type": "hello", "token": mover.token})["seat"] == mover.seat
    assert page[-1]["sync"] and page[-1]["decision"] == decision and page[-1]["legal"]
    mover.conn = reload
    mover.messages.append(page[-1])
    reload.listener = mover.listen
    table.feed(mover.seat).listeners.append(reload.deliver)
    play_out(table, clients)
    assert table.status == "over"


def test_a_seat_away_is_played_by_a_stand_in_until_its_player_is_back() -> None:
    table = table_of(holes=2, away=0.2)
    ann, bob = clients = seated(table, ["Ann", "Bob"])
    ann.conn.close()  # Ann's page is closed before the game starts
    table.start()

    def told(line: str) -> bool:
        return any(line in m["said"] for m in bob.messages)

    drive([bob], lambda: told("Ann is away: greedy plays for them till they are back."))
    latest = bob.latest()
    assert latest is not None
    assert latest["seats"][0]["standin"] is True
    assert latest["seats"][0]["present"] is False
    assert any(m["seats"][0]["standin"] for m in ann.table.feed(0).log)  # Ann is told too
    ann.reconnect()
    drive([bob], lambda: told("Ann is back."))
    latest = bob.latest()
    assert latest is not None and latest["seats"][0]["standin"] is False
    before = len([m for m in ann.messages if m.get("decision") is not None])
    play_out(table, clients)
    assert table.status == "over"
    after = len([m for m in ann.messages if m.get("decision") is not None])
    assert after > before, "Ann played again once back"
