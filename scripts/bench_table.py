#!/usr/bin/env python3
"""Benchmark ``golf serve``: many tables played at once over sockets.

A real server (``golf serve``, in a process of its own, on 127.0.0.1) and
socket clients in this one: each table has two people, played by clients
that open their seat's events stream and post a legal move whenever their
messages offer one, and two built-in bots.  Prints:

* **moves per second**: every move of every table (people's and bots'),
  over the wall time from the first start to the last game's end;
* **move to other screens**: the time from a person's move being posted to
  the other person's page receiving the message that shows it (its
  ``step`` past the move), p50 and p99;
* **resident memory** of the server process: at its peak (VmHWM) and at
  the end (VmRSS), and per table.

Then it checks what the load test checks: every table finished, no move a
client had accepted missing from its table's record, every record
replaying (``golf replay``'s reader), no bot process left.

    python scripts/bench_table.py                  # 50 tables of four, 9 holes
    python scripts/bench_table.py --tables 10 --holes 2

The clients (:class:`Seat`, :func:`play_tables`) are also the load test's
(tests/pages/test_web_table_load.py).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: The seats of a load table: people at 0 and 2, bots between.
SEATS = ["human", "greedy", "human", "random"]


class Http:
    """A small HTTP/1.1 client on asyncio's streams, one kept-alive
    connection per use: what a hundred pages need of it (JSON requests, one
    Server-Sent Events stream), at a tenth of a general client's cost, so
    that the clients' process does not measure itself instead of the server."""

    def __init__(self, base: str, key: str) -> None:
        host, _, port = base.removeprefix("http://").partition(":")
        self.host, self.port, self.key = host, int(port or 80), key
        self._conn: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    def _head(
        self, method: str, path: str, length: int | None, extra: dict[str, str] | None = None
    ) -> bytes:
        lines = [
            f"{method} {path} HTTP/1.1",
            f"Host: {self.host}:{self.port}",
            f"X-Golf-Key: {self.key}",
        ]
        if length is not None:
            lines += ["Content-Type: application/json", f"Content-Length: {length}"]
        lines += [f"{k}: {v}" for k, v in (extra or {}).items()]
        return ("\r\n".join(lines) + "\r\n\r\n").encode()

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        return await asyncio.open_connection(self.host, self.port, limit=1 << 20)

    async def request(
        self, method: str, path: str, body: Any = None, raw: bytes | None = None
    ) -> tuple[int, bytes]:
        """(status, body) of one request on the kept-alive connection (opened
        again when the server has closed it meanwhile: uvicorn keeps an idle
        one five seconds)."""
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        message = self._head(method, path, None if data is None else len(data)) + (data or b"")
        for again in (True, False):
            fresh = self._conn is None
            if self._conn is None:
                self._conn = await self._open()
            reader, writer = self._conn
            try:
                writer.write(message)
                status, headers = await _response_head(reader)
                break
            except (asyncio.IncompleteReadError, ConnectionError):
                writer.close()
                self._conn = None
                if fresh or not again:
                    raise
        payload = await reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection") == "close":
            writer.close()
            self._conn = None
        return status, payload

    async def stream(self, path: str, headers: dict[str, str] | None = None) -> Any:
        """The chunks of a streamed answer (its own connection)."""
        reader, writer = await self._open()
        try:
            writer.write(self._head("GET", path, None, headers))
            status, _ = await _response_head(reader)
            if status != 200:
                raise RuntimeError(f"GET {path}: {status}")
            while True:
                size = int((await reader.readline()).strip() or b"0", 16)
                if size == 0:
                    return
                chunk = await reader.readexactly(size + 2)
                yield chunk[:-2]
        finally:
            writer.close()

    async def close(self) -> None:
        if self._conn is not None:
            self._conn[1].close()
            self._conn = None


async def _response_head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
    status = int(head[0].split()[1])
    headers = {}
    for line in head[1:]:
        name, _, value = line.partition(":")
        if name:
            headers[name.strip().lower()] = value.strip()
    return status, headers


@dataclass
class Seat:
    """One person's page at one table, as a script: it keeps what it is
    sent and plays a legal move (chosen by its own generator) when offered."""

    http: Http
    table: str
    seat: int
    name: str
    rng: random.Random
    token: str = ""
    messages: list[dict[str, Any]] = field(default_factory=list)
    received: list[float] = field(default_factory=list)  # when each message came
    moves: list[dict[str, Any]] = field(default_factory=list)  # accepted, in order
    sent: list[tuple[int, float]] = field(default_factory=list)  # (step before, when)
    errors: list[str] = field(default_factory=list)
    acted: set[int] = field(default_factory=set)
    nexted: set[int] = field(default_factory=set)

    async def post(self, message: dict[str, Any]) -> tuple[int, bytes]:
        body = dict(message)
        if self.token:
            body["token"] = self.token
        return await self.http.request("POST", f"/table/api/{self.table}", body)

    async def take(self) -> None:
        status, body = await self.post({"type": "take", "seat": self.seat, "name": self.name})
        if status != 200:
            raise RuntimeError(f"take: {status} {body!r}")
        self.token = json.loads(body)["token"]

    async def run(self, stop: Any = None, since: int | None = None, play: bool = True) -> None:
        """Read the seat's stream until the game is over (or ``stop(message)``
        says so: the stream is closed then), playing on the way; ``since``:
        the version last seen, sent back as a browser does (Last-Event-ID)."""
        path = f"/table/api/{self.table}/events?token={self.token}"
        headers = {"Last-Event-ID": str(since)} if since is not None else None
        chunks = self.http.stream(path, headers)
        stream = events(chunks)
        try:
            async for data in stream:
                m = json.loads(data)
                self.received.append(time.perf_counter())
                if self.messages and not m.get("sync") and m["v"] != self.messages[-1]["v"] + 1:
                    self.errors.append(f"version {m['v']} after {self.messages[-1]['v']}")
                self.messages.append(m)
                if m["status"] in ("over", "closed") or (stop is not None and stop(m)):
                    return
                if play:
                    await self.play(m)
        finally:
            await stream.aclose()
            await chunks.aclose()

    async def play(self, m: dict[str, Any]) -> None:
        decision = m.get("decision")
        if decision is not None and decision not in self.acted and m["legal"]:
            self.acted.add(decision)
            choice = self.rng.choice(m["legal"])
            action = {k: v for k, v in choice.items() if k != "label"}
            self.sent.append((m["step"], time.perf_counter()))
            status, body = await self.post({"type": "act", "decision": decision, "action": action})
            if status == 200:
                self.moves.append(action)
            else:
                self.errors.append(f"move refused: {body!r}")
        elif m["status"] == "between" and m["hole"] not in self.nexted:
            self.nexted.add(m["hole"])
            await self.post({"type": "next"})


async def events(chunks: Any) -> Any:
    """The data of each ``table`` event of a Server-Sent Events stream, as bytes."""
    buf = b""
    async for chunk in chunks:
        buf += chunk
        while True:
            end = buf.find(b"\n\n")
            if end < 0:
                break
            block, buf = buf[:end], buf[end + 2 :]
            kind = data = b""
            for line in block.split(b"\n"):
                if line.startswith(b"event:"):
                    kind = line[6:].strip()
                elif line.startswith(b"data:"):
                    data = line[5:].strip()
            if kind == b"table" and data:
                yield data


@dataclass
class Played:
    """One table's game as the clients saw it."""

    table: str
    seats: list[Seat]
    record: str = ""
    status: str = ""


async def open_table(
    http: Http, setup: dict[str, Any], names: list[str], seed: int
) -> tuple[str, str, list[Seat]]:
    status, body = await http.request("POST", "/table/api/open", setup)
    if status != 200:
        raise RuntimeError(f"open: {status} {body!r}")
    made = json.loads(body)
    people = [i for i, s in enumerate(setup["seats"]) if s.get("player") == "human"]
    seats = [
        Seat(
            Http(f"http://{http.host}:{http.port}", http.key),
            made["table"],
            i,
            names[k],
            random.Random(seed * 100 + i),
        )
        for k, i in enumerate(people)
    ]
    for s in seats:
        await s.take()
    return made["table"], made["host"], seats


async def play_tables(
    base: str,
    key: str,
    tables: int,
    *,
    variant: str = "six-card",
    seats: list[str] = SEATS,
    holes: int = 9,
    seed: int = 0,
    timeout: float = 600.0,
) -> tuple[list[Played], float]:
    """Open ``tables`` tables over HTTP, seat the people, start them all and
    play them out; each table's clients and record, and the wall time."""
    http = Http(base, key)
    setup = {
        "variant": variant,
        "holes": holes,
        "away": 600,
        "seats": [
            {"player": "human"} if s == "human" else {"player": "bot", "bot": s} for s in seats
        ],
    }
    opened = [
        await open_table(http, {**setup, "seed": seed + i}, ["Ann", "Bob", "Cat"], seed + i)
        for i in range(tables)
    ]
    runs = [asyncio.create_task(s.run()) for _, _, ss in opened for s in ss]
    await asyncio.sleep(0.2)  # the streams open: each person is there
    t0 = time.perf_counter()
    for table, host, _ in opened:
        status, body = await http.request(
            "POST", f"/table/api/{table}", {"type": "start", "host": host}
        )
        if status != 200:
            raise RuntimeError(f"start: {status} {body!r}")
    await asyncio.wait_for(asyncio.gather(*runs), timeout)
    wall = time.perf_counter() - t0
    out = []
    for table, _, ss in opened:
        status, body = await http.request("GET", f"/table/api/{table}/record")
        last = ss[0].messages[-1]["status"] if ss[0].messages else ""
        out.append(Played(table, ss, body.decode() if status == 200 else "", last))
        for s in ss:
            await s.http.close()
    await http.close()
    return out, wall


def latencies(played: list[Played]) -> list[float]:
    """For each move a person posted: the seconds until each other person's
    page received a message showing it (a ``step`` past the one it was made at)."""
    out: list[float] = []
    for p in played:
        for mover in p.seats:
            for other in p.seats:
                if other is mover:
                    continue
                got = list(zip((m["step"] for m in other.messages), other.received, strict=True))
                i = 0
                for step, when in mover.sent:  # both in time order: one pass
                    while i < len(got) and not (got[i][0] > step and got[i][1] >= when):
                        i += 1
                    if i < len(got):
                        out.append(got[i][1] - when)
    return out


def seat_moves(record: str, seat: int) -> list[dict[str, Any]]:
    """The moves of ``seat`` in a record's text, in order."""
    from golfcli.events import Event
    from golfcli.replay import actions_of

    out: list[dict[str, Any]] = []
    for line in record.splitlines():
        obj = json.loads(line)
        if obj["type"] == "hole":
            for raw in obj["events"]:
                ev = Event.from_json(raw)
                if ev.seat == seat:
                    out += [a.to_json() for a in actions_of([ev])]
    return out


def check(played: list[Played]) -> list[str]:
    """What must hold of a load run: each a line saying what did not."""
    from golfcli.record import load_record

    problems = []
    for p in played:
        if p.status != "over":
            problems.append(f"table {p.table} is {p.status or 'silent'}, not over")
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as fh:
            fh.write(p.record)
        try:
            load_record(fh.name)
        except ValueError as exc:
            problems.append(f"table {p.table}: its record does not replay: {exc}")
        finally:
            os.unlink(fh.name)
        for s in p.seats:
            problems += [f"table {p.table} seat {s.seat}: {e}" for e in s.errors]
            if seat_moves(p.record, s.seat) != s.moves:
                problems.append(f"table {p.table} seat {s.seat}: a move is not in the record")
    return problems


# --------------------------------------------------------------------------- the server


class Server:
    """``golf serve`` in a process of its own, on 127.0.0.1, a free port."""

    def __init__(self, folder: Path) -> None:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "from golfcli.cli.entry import main; main()",
                "serve",
                str(folder),
                "--port",
                "0",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        assert self.proc.stdout is not None
        self.base = self.key = ""
        deadline = time.monotonic() + 30
        for line in self.proc.stdout:
            found = re.search(r"open: (http://[^/]+)/\?key=(\S+)", line)
            if found:
                self.base, self.key = found.group(1), found.group(2)
                break
            if time.monotonic() > deadline:
                break
        if not self.key:
            self.stop()
            raise RuntimeError(
                "golf serve did not start: " + (self.proc.stderr.read() if self.proc.stderr else "")
            )

    def cpu(self) -> float:
        """The server's CPU seconds so far (user and system)."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def memory(self) -> tuple[int, int]:
        """The server's peak and current resident memory, in kB."""
        text = Path(f"/proc/{self.proc.pid}/status").read_text()
        peak = int(re.search(r"VmHWM:\s+(\d+)", text).group(1))  # type: ignore[union-attr]
        now = int(re.search(r"VmRSS:\s+(\d+)", text).group(1))  # type: ignore[union-attr]
        return peak, now

    def stop(self) -> int:
        """Ctrl-C's path (SIGTERM ends uvicorn as SIGINT does); killed if it lingers."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        return self.proc.returncode


def report(played: list[Played], wall: float, tables: int, what: str) -> list[str]:
    """The figures, one line each."""
    moves = sum(len(seat_moves(p.record, seat)) for p in played for seat in range(len(SEATS)))
    lat = sorted(latencies(played))
    lines = [what, f"  wall {wall:.1f} s, {moves:,} moves: {moves / wall:,.0f} moves/s"]
    if lat:
        p50 = lat[len(lat) // 2] * 1000
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000
        lines.append(
            f"  move to the other person's screen: p50 {p50:.1f} ms, p99 {p99:.1f} ms "
            f"({len(lat):,} moves)"
        )
    problems = check(played)
    good = "all tables over, every move recorded, every record replays"
    lines.append(f"  checks: {good if not problems else '; '.join(problems[:5])}")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--holes", type=int, default=9)
    ap.add_argument("--variant", default="six-card")
    ap.add_argument("--url", help="a running server's join link (none started: to profile one)")
    args = ap.parse_args()
    what = (
        f"{args.tables} tables of four ({args.variant}, {args.holes} holes; two people, two bots)"
    )
    if args.url:
        found = re.match(r"(http://[^/]+)/\?key=(\S+)", args.url)
        if not found:
            ap.error("--url: the join link golf serve printed, http://HOST:PORT/?key=KEY")
        run = play_tables(found.group(1), found.group(2), args.tables, holes=args.holes)
        print("\n".join(report(*asyncio.run(run), args.tables, what)))
        return
    import resource

    with tempfile.TemporaryDirectory() as d:
        server = Server(Path(d))
        try:
            run = play_tables(
                server.base, server.key, args.tables, variant=args.variant, holes=args.holes
            )
            played, wall = asyncio.run(run)
            peak, now = server.memory()
            cpu = server.cpu()
        finally:
            code = server.stop()
    lines = report(played, wall, args.tables, what)
    mine = resource.getrusage(resource.RUSAGE_SELF)
    lines[-1:-1] = [
        f"  CPU: the server {cpu:.1f} s, the clients {mine.ru_utime + mine.ru_stime:.1f} s",
        f"  server memory: peak {peak / 1024:.0f} MB, at the end {now / 1024:.0f} MB "
        f"({peak / 1024 / args.tables:.1f} MB a table)",
    ]
    lines.append(f"  the server stopped (status {code})")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
