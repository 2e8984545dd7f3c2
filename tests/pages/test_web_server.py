"""`golf card serve` as a real process on 127.0.0.1, with real clients.

One card, one truth: eight writers at once across the page (HTTP clients)
and the command line (`golf card add` processes) lose nothing; a server
killed with SIGKILL mid-write leaves a card holding every write it
acknowledged; the live stream brings a shell's change to every open page
and a page that reconnects what it missed; `--lan` prints a join link with
an unguessable key and a QR code, and without the key a page reads only.

Every server is started with `--port 0` (a free port), talked to on
127.0.0.1 only, and ended on every path; every loop is bounded in count and
time.  Nothing here measures speed (scripts/bench_web.py does).
"""

from __future__ import annotations

import json
import os
import queue
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from ..helpers import WAIT, Server, serving

httpx = pytest.importorskip("httpx")
pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from golfcli.scorecard.store import load  # noqa: E402

from ..helpers import GOLF, golf, one_error_line  # noqa: E402


def night(folder: Path, holes: int) -> None:
    """A card for Ann and Bob of ``holes`` holes, night.yaml in ``folder``."""
    made = golf("card", "new", str(folder / "night.yaml"), "-p", "Ann,Bob", "--holes", str(holes))
    assert made.exit_code == 0, made.output


def post(client: Any, server: Server, path: str, body: dict[str, Any]) -> Any:
    return client.post(
        f"{server.base}/card/api{path}", json=body, headers={"X-Golf-Key": server.key}
    )


def page_writer(server: Server, marks: list[int], done: list[int]) -> None:
    """Enter one hole per mark (Ann's score), as a page does: read the card,
    write with its revision and hole, and on a 409 read again and retry."""
    deadline = time.monotonic() + WAIT * 3
    with httpx.Client(timeout=WAIT) as client:
        for mark in marks:
            while time.monotonic() < deadline:
                card = client.get(f"{server.base}/card/api/cards/night").json()
                body = {
                    "revision": card["revision"],
                    "hole": card["next"],
                    "scores": {"Ann": mark, "Bob": 0},
                }
                r = post(client, server, "/cards/night/holes", body)
                if r.status_code == 200:
                    done.append(mark)
                    break
                assert r.status_code in (409, 503), r.text
            else:
                raise AssertionError(f"mark {mark} was never written")


def shell_writer(folder: Path, marks: list[int], done: list[int]) -> None:
    for mark in marks:
        r = subprocess.run(
            [*GOLF, "card", "add", str(folder / "night.yaml"), f"Ann={mark}", "Bob=0"],
            capture_output=True,
            text=True,
            timeout=WAIT * 3,
        )
        assert r.returncode == 0, r.stderr
        done.append(mark)


def test_eight_writers_across_page_and_shell_lose_nothing(tmp_path: Path) -> None:
    night(tmp_path, 24)
    done: list[int] = []
    with serving(tmp_path) as server:
        threads = [
            threading.Thread(
                target=page_writer, args=(server, [100 + 10 * w + k for k in range(3)], done)
            )
            for w in range(4)
        ] + [
            threading.Thread(
                target=shell_writer, args=(tmp_path, [500 + 10 * w + k for k in range(3)], done)
            )
            for w in range(4)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=WAIT * 4)
        assert not any(t.is_alive() for t in threads)
    card = load(tmp_path / "night.yaml")
    assert len(done) == 24
    assert sorted(h.scores["Ann"].score for h in card.played) == sorted(done)
    assert [h.number for h in card.played] == list(range(1, 25))
    assert [c.what for c in card.history] == ["new"] + ["add"] * 24


def test_a_server_killed_mid_write_keeps_every_hole_it_acknowledged(tmp_path: Path) -> None:
    night(tmp_path, 200)
    acknowledged: list[int] = []
    with serving(tmp_path) as server:
        stop = time.monotonic() + 1.5

        def write(w: int) -> None:
            with httpx.Client(timeout=5) as client:
                for k in range(40):
                    if time.monotonic() > stop:
                        return
                    try:
                        card = client.get(f"{server.base}/card/api/cards/night").json()
                        body = {
                            "revision": card["revision"],
                            "hole": card["next"],
                            "scores": {"Ann": 1000 * w + k, "Bob": 0},
                        }
                        r = post(client, server, "/cards/night/holes", body)
                    except httpx.HTTPError:
                        return
                    if r.status_code == 200:
                        acknowledged.append(1000 * w + k)

        threads = [threading.Thread(target=write, args=(w,)) for w in range(3)]
        for t in threads:
            t.start()
        time.sleep(0.8)
        os.killpg(server.proc.pid, signal.SIGKILL)
        server.proc.wait(timeout=WAIT)
        for t in threads:
            t.join(timeout=WAIT)
    card = load(tmp_path / "night.yaml")  # a whole card, not a torn one
    kept = {h.scores["Ann"].score for h in card.played}
    assert set(acknowledged) <= kept
    assert (
        len(kept) == len(card.played) <= len(acknowledged) + 3
    )  # at most one unanswered write each


def read_events(url: str, headers: dict[str, str], want: int, found: queue.Queue[Any]) -> None:
    """Read a live stream until ``want`` events came (or the wait ran out)."""
    got = 0
    event = ""
    try:
        client = httpx.Client(timeout=httpx.Timeout(WAIT, read=WAIT))
        with client, client.stream("GET", url, headers=headers) as r:
            for line in r.iter_lines():
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("id: "):
                    found.put(("id", line[4:]))
                elif line.startswith("data: "):
                    found.put((event, json.loads(line[6:])))
                    got += 1
                    if got >= want:
                        return
    except httpx.HTTPError as exc:
        found.put(("error", str(exc)))


def collect(found: queue.Queue[Any], until: Any) -> list[Any]:
    out: list[Any] = []
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            item = found.get(timeout=0.2)
        except queue.Empty:
            continue
        out.append(item)
        if until(out):
            return out
    raise AssertionError(f"not seen in {WAIT} s: {out}")


def test_a_shell_change_reaches_every_open_page_and_a_returning_page_catches_up(
    tmp_path: Path,
) -> None:
    path = tmp_path / "night.yaml"
    assert golf("card", "new", str(path), "-p", "Ann,Bob").exit_code == 0
    with serving(tmp_path) as server:
        url = f"{server.base}/card/api/live?card=night"
        phones = [queue.Queue[Any]() for _ in range(2)]
        readers = [
            # three versions of the card each: as it was, and after each of two holes
            threading.Thread(target=read_events, args=(url, {}, 3, q), daemon=True)
            for q in phones
        ]
        for t in readers:
            t.start()
        first = [collect(q, lambda seen: any(e == "card" for e, _ in seen)) for q in phones]
        assert all(data["revision"] == 1 for e, data in first[0] if e == "card")
        assert golf("card", "add", str(path), "Ann=3", "Bob=4").exit_code == 0
        for q in phones:
            seen = collect(q, lambda s: any(e == "card" and d["revision"] == 2 for e, d in s))
            card = next(d for e, d in seen if e == "card" and d["revision"] == 2)
            assert card["rows"][0]["cells"][0]["score"] == 3
        ids = [d for e, d in first[0] if e == "id"]
        # a page that slept since revision 1 reconnects with its last version
        assert golf("card", "add", str(path), "Ann=5", "Bob=6").exit_code == 0
        back: queue.Queue[Any] = queue.Queue()
        threading.Thread(
            target=read_events, args=(url, {"Last-Event-ID": ids[-1]}, 2, back), daemon=True
        ).start()
        seen = collect(back, lambda s: any(e == "card" for e, _ in s))
        cards = [d for e, d in seen if e == "card"]
        assert cards[0]["revision"] == 3 and len(cards[0]["rows"]) == 2
        for q in phones:  # the open pages saw the third version too
            collect(q, lambda s: any(e == "card" and d["revision"] == 3 for e, d in s))
        for t in readers:
            t.join(timeout=WAIT)
            assert not t.is_alive()


def test_lan_prints_a_join_link_with_a_key_and_a_qr_code_and_reads_only_without_it(
    tmp_path: Path,
) -> None:
    assert golf("card", "new", str(tmp_path / "night.yaml"), "-p", "Ann,Bob").exit_code == 0
    with serving(tmp_path, "--lan") as server:
        printed = "".join(server.out)
        assert len(server.key) >= 22 and "▀" in printed and "read only:" in printed
        body = {"revision": 1, "hole": "1", "scores": {"Ann": 1, "Bob": 2}}
        with httpx.Client(timeout=WAIT) as client:
            url = f"{server.base}/card/api/cards/night/holes"
            assert client.post(url, json=body).status_code == 403
            assert client.post(url, json=body, headers={"X-Golf-Key": "x" * 22}).status_code == 403
            assert client.get(f"{server.base}/card/api/cards/night").status_code == 200
            assert post(client, server, "/cards/night/holes", body).status_code == 200
    assert len(load(tmp_path / "night.yaml").played) == 1


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_ctrl_c_or_sigterm_stops_the_server(tmp_path: Path, sig: int) -> None:
    with serving(tmp_path) as server:
        assert httpx.get(f"{server.base}/card/api/cards", timeout=WAIT).status_code == 200
        os.killpg(server.proc.pid, sig)
        assert server.proc.wait(timeout=WAIT) == 0
    assert "Stopped." in "".join(server.out)


def test_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = golf("card", "serve", str(tmp_path), "--port", str(port))
    assert f"port {port} is in use" in one_error_line(result)


def test_serve_checks_its_folder_and_port(tmp_path: Path) -> None:
    assert "no such folder" in one_error_line(golf("card", "serve", str(tmp_path / "nope")))
    assert "--port" in one_error_line(golf("card", "serve", str(tmp_path), "--port", "70000"))


def test_without_the_web_extra_serve_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import golfcli.web

    monkeypatch.setattr(golfcli.web, "missing_extra", lambda: "starlette")
    line = one_error_line(golf("card", "serve", str(tmp_path)))
    assert "pip install 'golfcli[web]'" in line and "starlette" in line
