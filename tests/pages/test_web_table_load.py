"""``golf serve`` under load, and stopped: a real server process on
127.0.0.1 and socket clients (scripts/bench_table.py's).

Fifty tables of four (two people played by socket clients, two bots) play
at once, bounded in time: no table stuck, no move a client had accepted
missing from its table's record, every client told every version in order,
every record (downloaded over the socket) replaying.  Then the server is
stopped in the middle of a game with a bot program at the table, as Ctrl-C
or the system stops it: every process the bot started is ended.
"""

from __future__ import annotations

import asyncio
import json
import stat
import sys
from pathlib import Path

import pytest

from ..helpers import FAMILY, assert_none_left, pids_in
from ..web_table_clients import BENCH

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def test_fifty_tables_of_four_play_to_the_end_at_once(tmp_path: Path) -> None:
    server = BENCH.Server(tmp_path)
    try:
        played, _ = asyncio.run(
            BENCH.play_tables(server.base, server.key, 50, holes=1, timeout=240)
        )
    finally:
        server.stop()
    assert len(played) == 50
    assert BENCH.check(played) == []  # every table over, every move recorded, records replay
    assert sum(len(s.moves) for p in played for s in p.seats) > 50 * 10
    assert len(BENCH.latencies(played)) > 0


def test_a_server_stopped_mid_game_ends_every_bot_process(tmp_path: Path) -> None:
    piddir = tmp_path / "pids"
    piddir.mkdir()
    bot = tmp_path / "family"
    bot.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{FAMILY}" "{piddir}" fork setsid orphan\n')
    bot.chmod(bot.stat().st_mode | stat.S_IXUSR)
    server = BENCH.Server(tmp_path)

    async def start() -> None:
        http = BENCH.Http(server.base, server.key)
        setup = {"seats": [{"player": "human"}, {"player": "bot", "bot": "family"}], "holes": 5}
        table, host, (ann,) = await BENCH.open_table(http, setup, ["Ann"], 1)
        play = asyncio.create_task(ann.run(stop=lambda m: m["step"] >= 8))
        await asyncio.sleep(0.1)
        status, body = await http.request(
            "POST", f"/table/api/{table}", {"type": "start", "host": host}
        )
        assert status == 200, body
        await play
        assert ann.errors == [] and ann.messages[-1]["status"] == "playing"
        await http.close()
        await ann.http.close()

    try:
        asyncio.run(asyncio.wait_for(start(), 60))
        pids = pids_in(piddir, 4)  # the bot, its child, one in a session of its own, an orphan
    finally:
        server.stop()
    assert_none_left(pids, wait=3.0)
    kept = list((tmp_path / "games").glob("*.jsonl"))
    assert len(kept) == 1 and json.loads(kept[0].read_text().splitlines()[0])["type"] == "game"
