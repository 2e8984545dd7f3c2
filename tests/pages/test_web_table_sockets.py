"""``golf serve`` over real sockets (127.0.0.1): each seat's messages as
Server-Sent Events, moves as requests, from clients that know only HTTP.

1. A hostile client beside each seat, with that seat's token, sends all it
   can think of while the game is played (moves for the other seat, out of
   turn, not legal, malformed, oversized, the host's requests): each is a
   4xx with one line, and the game plays to its end with every move of the
   people in its record.
2. Hidden cards stay hidden over the socket: twin tables dealt alike but for
   two cards no seat has seen; every message each seat's page receives is
   the same until the hole is over.
3. A page that drops its stream and comes back with the last version it saw
   (as a browser's EventSource does, in Last-Event-ID) gets exactly what it
   missed; a page that starts again gets the table as it is now.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from golfcli.record import load_record
from golfcli.table import table as table_module
from golfcli.table.lobby import Lobby

from ..helpers import twin_match
from ..web_table_clients import BENCH, run, served

Seat = BENCH.Seat
Http = BENCH.Http


def hostile(mine: Any, other: Any, rng: random.Random) -> tuple[bytes, str]:
    """A request a client at ``mine`` has no right to make, and a word of its refusal."""
    latest = mine.messages[-1] if mine.messages else {}
    theirs = other.messages[-1] if other.messages else {}
    decision = latest.get("decision") or theirs.get("decision") or 1
    token = mine.token
    choices: list[tuple[Any, str]] = [
        (
            {
                "type": "act",
                "token": token,
                "seat": other.seat,
                "decision": decision,
                "action": {"kind": "draw_stock"},
            },
            "you sit at seat",
        ),
        (
            {
                "type": "act",
                "token": token,
                "decision": theirs.get("decision") or decision,
                "action": {"kind": "fly"},
            },
            "",
        ),
        (
            {
                "type": "act",
                "token": token,
                "decision": decision,
                "action": {"kind": "swap", "pos": 99},
            },
            "",
        ),
        ({"type": "act", "token": token, "decision": decision, "action": "knock 1 2 3 4"}, ""),
        ({"type": "take", "token": token, "seat": other.seat, "name": "Eve"}, ""),
        ({"type": "start", "token": token}, "only the table's host"),
        ({"type": "close", "token": token, "host": "x" * 24}, "host token"),
        ({"type": "bot", "token": token, "seat": other.seat, "bot": "greedy"}, "host"),
        ({"type": "hints", "token": token, "on": "please"}, "true or false"),
        (b'{"type": "act", "token": ', "not JSON"),
        (b"[" * 3000 + b"]" * 3000, "message too long"),
        (json.dumps({"type": "act", "token": token, "pad": "z" * 5000}).encode(), "too long"),
        (b"\xc3\x28", "UTF-8"),
        ({"type": "next", "token": token, "seat": other.seat}, ""),
    ]
    body, words = rng.choice(choices)
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    return raw, words


def test_a_hostile_client_beside_each_seat_changes_nothing(tmp_path: Any) -> None:
    lobby = Lobby(None, tmp_path)
    with served(lobby) as (base, key):

        async def scenario() -> None:
            http = Http(base, key)
            setup = {"holes": 3, "seed": 5, "away": 60}
            table, host, (ann, bob) = await BENCH.open_table(
                http,
                {
                    **setup,
                    "seats": [
                        {"player": "human"},
                        {"player": "human"},
                        {"player": "bot", "bot": "greedy"},
                    ],
                },
                ["Ann", "Bob"],
                5,
            )
            runs = [asyncio.create_task(s.run()) for s in (ann, bob)]
            await asyncio.sleep(0.1)
            status, _ = await http.request(
                "POST", f"/table/api/{table}", {"type": "start", "host": host}
            )
            assert status == 200
            refusals: list[tuple[int, str, str]] = []
            rng = random.Random(1)
            evil = [Http(base, key), Http(base, key)]
            while not all(r.done() for r in runs):
                for (mine, other), client in zip(((ann, bob), (bob, ann)), evil, strict=True):
                    raw, words = hostile(mine, other, rng)
                    got, body = await client.request("POST", f"/table/api/{table}", raw=raw)
                    refusals.append((got, words, body.decode("utf-8", "replace")))
                await asyncio.sleep(0.003)
            await asyncio.gather(*runs)
            assert len(refusals) > 30
            for got, words, body in refusals:
                assert got in (400, 413), (got, body)
                line = json.loads(body)["error"]
                assert words in line and line.isprintable() and len(line) <= 200, line
            _, record = await http.request("GET", f"/table/api/{table}/record")
            path = tmp_path / "record.jsonl"
            path.write_bytes(record)
            assert len(load_record(path).holes) == 3
            for s in (ann, bob):
                assert s.errors == []
                assert s.messages[-1]["status"] == "over"
                assert BENCH.seat_moves(record.decode(), s.seat) == s.moves
            for c in (http, ann.http, bob.http, *evil):
                await c.close()

        run(scenario())


def comparable(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages a page received from the start on, without what names
    the table (its id, its files): the rest must be alike at twin tables."""
    out = []
    for m in messages:
        if m["status"] == "lobby":
            continue
        m = {k: v for k, v in m.items() if k != "table"}
        if m.get("result"):
            m["result"] = {k: v for k, v in m["result"].items() if k not in ("record", "card")}
        out.append(m)
    return out


async def twin(base: str, key: str, seats: int, seed: int) -> list[Any]:
    """A table of ``seats`` people played by socket clients (their moves
    drawn from generators seeded alike at every twin), to its end."""
    http = Http(base, key)
    setup = {"seats": [{"player": "human"}] * seats, "holes": 1, "seed": seed, "variant": "alberta"}
    table, host, people = await BENCH.open_table(http, setup, ["Ann", "Bob", "Cat", "Dan"], seed)
    runs = []
    for s in people:  # one stream after another: the lobby's messages come in one order
        runs.append(asyncio.create_task(s.run()))
        while not s.messages or not s.messages[-1]["seats"][s.seat]["present"]:
            await asyncio.sleep(0.005)
    status, _ = await http.request("POST", f"/table/api/{table}", {"type": "start", "host": host})
    assert status == 200
    await asyncio.gather(*runs)
    for c in (http, *(s.http for s in people)):
        await c.close()
    return list(people)


def hidden_until(table: Any, side: int) -> tuple[int, int, int]:
    """Two places of the deal's order holding cards of different ranks dealt
    to ``side``, and how many moves were played before either was seen by
    anyone but their own side (turned up, or swapped away to the discard):
    the pair hidden longest."""
    from golfcli.replay import replay_steps
    from golfcli.state import deal_cells

    rec = table.match.holes[0]
    v = table.plan.variant
    deal = rec.events[0]
    players = table.players
    steps = replay_steps(v, players, rec.events)
    start = next(steps)
    dealt = list(start.layouts[side])
    seen = [0] * v.cells
    for moves, state in enumerate(steps, start=1):
        for p in range(v.cells):
            if not seen[p] and (state.up[side] >> p & 1 or state.layouts[side][p] != dealt[p]):
                seen[p] = moves
    seen = [x or moves + 1 for x in seen]
    first_side = v.side_of(players)[(deal.dealer + 1) % players]
    cells = deal_cells(v.groups_for(players), first_side, v.cells)
    index = {cell: len(deal.order) - 1 - k for k, cell in enumerate(cells)}
    best = max(
        (min(seen[p], seen[q]), p, q)
        for p in range(v.cells)
        for q in range(p + 1, v.cells)
        if dealt[p] >> 3 != dealt[q] >> 3
    )
    return index[(side, best[1])], index[(side, best[2])], best[0]


@pytest.mark.parametrize("where", ["stock", "face down"])
def test_a_hidden_card_changes_no_message_a_page_receives(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """Alberta, partners: Ann & Cat against Bob & Dan, all four at pages.
    The twin's deal swaps two cards of the stock never drawn (every page
    receives the same messages, to the end), or two of Bob & Dan's cards
    dealt face down (Ann's and Cat's pages receive the same messages until
    one of the two is seen)."""
    lobby = Lobby(None, tmp_path)
    with served(lobby) as (base, key):
        first = run(twin(base, key, 4, seed=2))
        a = lobby.tables()[-1]
        events = a.match.holes[0].events  # type: ignore[union-attr]
        assert not any(e.kind == "reshuffle" for e in events)
        if where == "stock":
            i, j, until, watchers = 0, 1, 10**9, range(4)
        else:
            i, j, until = hidden_until(a, 1)
            watchers = (0, 2)
            assert until > 8, "the two cards were seen at once"
        monkeypatch.setattr(table_module, "Match", twin_match(i, j))
        second = run(twin(base, key, 4, seed=2))
        b = lobby.tables()[-1]
        assert b is not a
        assert b.match.holes[0].events[0].order != events[0].order  # type: ignore[union-attr]
        for seat in watchers:
            before = [m for m in comparable(first[seat].messages) if m["step"] < until]
            assert (
                before
                and [m for m in comparable(second[seat].messages) if m["step"] < until] == before
            ), f"seat {seat}"
        if where == "face down":  # the swap shows once seen: the test can fail
            assert comparable(second[0].messages) != comparable(first[0].messages)


def test_a_page_that_comes_back_gets_what_it_missed(tmp_path: Any) -> None:
    lobby = Lobby(None, tmp_path)
    with served(lobby) as (base, key):

        async def scenario() -> None:
            http = Http(base, key)
            setup = {"seats": [{"player": "human"}, {"player": "human"}], "holes": 2, "seed": 9}
            table, host, (ann, bob) = await BENCH.open_table(http, setup, ["Ann", "Bob"], 9)
            bob_run = asyncio.create_task(bob.run())
            # Ann plays a few moves, then her page drops (her phone sleeps) on Bob's turn
            ann_run = asyncio.create_task(
                ann.run(stop=lambda m: m["step"] >= 6 and m["view"]["current"] == 1)
            )
            await asyncio.sleep(0.1)
            await http.request("POST", f"/table/api/{table}", {"type": "start", "host": host})
            await ann_run
            seen = ann.messages[-1]["v"]
            t = lobby.get(table)
            while t._pending is None or t._pending.seat != 0:  # Bob plays on to her turn
                await asyncio.sleep(0.01)
            missed = [m for m in t.feed(0).log if m["v"] > seen]
            # ... and her page comes back with the version it saw
            back = Seat(ann.http, table, 0, "Ann", ann.rng, ann.token)
            await back.run(stop=lambda m: m["v"] >= missed[-1]["v"], since=seen, play=False)
            assert back.messages[: len(missed)] == missed
            # a page that starts afresh gets one message: the table as it is
            fresh = Seat(ann.http, table, 0, "Ann", ann.rng, ann.token)
            await fresh.run(stop=lambda m: True, play=False)
            assert fresh.messages[0]["sync"] is True and fresh.messages[0]["v"] >= missed[-1]["v"]
            ann.acted |= back.acted
            await ann.run(since=back.messages[-1]["v"])  # and plays on to the end
            await bob_run
            assert ann.messages[-1]["status"] == bob.messages[-1]["status"] == "over"
            for c in (http, ann.http, bob.http):
                await c.close()

        run(scenario())
