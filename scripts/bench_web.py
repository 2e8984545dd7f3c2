"""How fast and how small `golf card serve` is: the figures its issue asks for.

    python scripts/bench_web.py [--changes 60] [--browser]

Starts `golf card serve` on 127.0.0.1 (a free port) over a folder of ten
cards and prints:

* start to listening: from the process's start to the first answered
  request (the target: within 1 s);
* first page load: the page, its assets and the requests it makes before it
  shows a card, one after another as a phone on a fresh connection makes
  them (and, with --browser, the system's chromium from navigation to the
  card drawn); the target: usable 1 s after it is opened;
* change to the other phone: a hole written from one client until each of
  five other clients on the card has it on its live stream, p50 and p99
  (the target: 0.5 s); and the same for a change made with `golf card add`
  in a shell, which the server sees by looking at the file;
* resident memory with ten cards each open on six clients (60 live
  streams; the target: under 100 MB).

Figures, not pass or fail: machines here are shared and noisy (no test
depends on speed).  Traffic goes to 127.0.0.1 only; every client and the
server are ended when it finishes, however it finishes.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

GOLF = [sys.executable, "-c", "from golfcli.cli.entry import main; main()"]
CARDS = 10
PHONES = 6


def cards(folder: Path) -> None:
    for i in range(CARDS):
        subprocess.run(
            [*GOLF, "card", "new", str(folder / f"card{i}.yaml"), "-p", "Ann,Bob,Cat,Dan",
             "--holes", "200"],
            check=True, capture_output=True,
        )  # fmt: skip


@contextlib.contextmanager
def server(folder: Path) -> Iterator[tuple[subprocess.Popen[str], str, str, float]]:
    """The server, its base address, its key and seconds from start to the
    first answered request."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [*GOLF, "card", "serve", str(folder), "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        base = key = ""
        for _ in range(20):
            line = proc.stdout.readline()
            if found := re.search(r"(http://127\.0\.0\.1:\d+)/\?key=(\S+)", line):
                base, key = found[1], found[2]
                break
        if not base:
            raise SystemExit("the server did not print its address")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/card/api/cards", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.005)
        ready = time.perf_counter() - start
        yield proc, base, key, ready
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def first_load(base: str) -> float:
    """What a phone fetches before it shows a card, on a fresh connection."""
    start = time.perf_counter()
    with httpx.Client(timeout=10) as c:
        page = c.get(f"{base}/card/").text
        for asset in re.findall(r'(?:src|href)="(/static/[^"]+)"', page):
            c.get(f"{base}{asset}")
        c.get(f"{base}/api/access")
        c.get(f"{base}/card/api/cards")
        c.get(f"{base}/card/api/cards/card0")
    return time.perf_counter() - start


def browser_load(base: str, key: str) -> float | None:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    from chromium import ARGS, CHROMIUM  # scripts/chromium.py

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = b.new_context(viewport={"width": 390, "height": 844}).new_page()
            start = time.perf_counter()
            page.goto(f"{base}/card/#card=card0")
            page.wait_for_selector("table.grid")
            return time.perf_counter() - start
        finally:
            b.close()


class Listener(threading.Thread):
    """A phone's live stream on a card: when each revision arrived."""

    def __init__(self, base: str, card: str, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.url = f"{base}/card/api/live?card={card}"
        self.stop = stop
        self.seen: dict[int, float] = {}
        self.ready = threading.Event()

    def run(self) -> None:
        try:
            timeout = httpx.Timeout(10, read=60)
            with httpx.Client(timeout=timeout) as c, c.stream("GET", self.url) as r:
                event = ""
                for line in r.iter_lines():
                    if self.stop.is_set():
                        return
                    if line.startswith("event: "):
                        event = line[7:]
                    elif line.startswith("data: ") and event == "card":
                        self.seen[json.loads(line[6:])["revision"]] = time.perf_counter()
                        self.ready.set()
        except httpx.HTTPError:
            return


def latencies(base: str, key: str, changes: int, listeners: list[Listener]) -> list[float]:
    out = []
    with httpx.Client(timeout=10) as c:
        for _ in range(changes):
            card = c.get(f"{base}/card/api/cards/card0").json()
            body = {"revision": card["revision"], "hole": card["next"], "scores": {
                "Ann": 1, "Bob": 2, "Cat": 3, "Dan": 4}}  # fmt: skip
            sent = time.perf_counter()
            r = c.post(f"{base}/card/api/cards/card0/holes", json=body, headers={"X-Golf-Key": key})
            assert r.status_code == 200, r.text
            rev = r.json()["card"]["revision"]
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and not all(rev in x.seen for x in listeners):
                time.sleep(0.001)
            out += [x.seen[rev] - sent for x in listeners if rev in x.seen]
            time.sleep(0.02)
    return out


def shell_latencies(folder: Path, base: str, listeners: list[Listener], n: int) -> list[float]:
    out = []
    for _ in range(n):
        before = max(max(x.seen) for x in listeners)
        sent = time.perf_counter()
        subprocess.run(
            [*GOLF, "card", "add", str(folder / "card0.yaml"), "Ann=1", "Bob=2", "Cat=3", "Dan=4"],
            check=True, capture_output=True,
        )  # fmt: skip
        done = time.perf_counter()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not all(before + 1 in x.seen for x in listeners):
            time.sleep(0.001)
        # from the write (the command's end) to the phones
        out += [x.seen[before + 1] - done for x in listeners if before + 1 in x.seen]
        del sent
    return out


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--changes", type=int, default=60, help="holes written for the latency")
    ap.add_argument("--browser", action="store_true", help="also time chromium's first load")
    opts = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        cards(folder)
        with server(folder) as (proc, base, key, ready):
            print(f"start to listening:       {ready * 1000:7.0f} ms   (target 1000)")
            idle = rss_mb(proc.pid)
            loads = [first_load(base) for _ in range(5)]
            print(f"first page load (HTTP):   {statistics.median(loads) * 1000:7.0f} ms   "
                  "(median of 5: page, assets, access, list, card)")  # fmt: skip
            if opts.browser:
                took = browser_load(base, key)
                if took is not None:
                    print(f"first page load (chromium): {took * 1000:5.0f} ms   (card drawn)")
            stop = threading.Event()
            phones = [Listener(base, f"card{i}", stop) for i in range(CARDS) for _ in range(PHONES)]
            for x in phones:
                x.start()
            for x in phones:
                x.ready.wait(timeout=30)
            others = [x for x in phones if x.url.endswith("card=card0")][1:]
            lat = latencies(base, key, opts.changes, others)
            print(f"change to other phones:   p50 {pct(lat, 50) * 1000:5.1f} ms, "
                  f"p99 {pct(lat, 99) * 1000:5.1f} ms   ({len(lat)} deliveries to "
                  f"{len(others)} phones; target 500)")  # fmt: skip
            sh = shell_latencies(folder, base, others, 10)
            print(
                f"shell change to phones:   p50 {pct(sh, 50) * 1000:5.1f} ms, "
                f"p99 {pct(sh, 99) * 1000:5.1f} ms   (golf card add's write to the phones)"
            )
            print(f"resident memory:          {rss_mb(proc.pid):7.1f} MB   "
                  f"({CARDS} cards x {PHONES} phones = {len(phones)} live streams; "
                  f"{idle:.1f} MB idle; target 100)")  # fmt: skip
            stop.set()


if __name__ == "__main__":
    main()
