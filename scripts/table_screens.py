"""Phone-sized screenshots of the game table's page, to look at.

    python scripts/table_screens.py OUT_DIR

Serves an empty folder with ``golf serve --port 0`` on 127.0.0.1 and has the
system's chromium (through Playwright's Python package; no browser is
downloaded) play tables by tapping, two phones at each, taking 390x844
screenshots: the form that opens a table, the lobby with its join code, a
six-card, a nine-card and an Alberta table (partners, 3x6) mid-hole from
each phone, a hole's end with the scorecard, and the result.  Look at every
one of them after a change to the page: what a player finds small, ugly or
cramped on a phone held upright is a bug.  The server is ended on every path.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_table import Server  # scripts/bench_table.py
from chromium import ARGS, CHROMIUM  # scripts/chromium.py

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2}

#: (name, variant, seats, taps before the mid-hole shots)
TABLES = [
    ("six-card", "six-card", ["human", "human", "expert"], 14),
    ("nine-card", "nine-card", ["human", "human"], 12),
    ("alberta", "alberta", ["human", "expert", "human", "greedy"], 14),
]


def tap(page: Any) -> bool:
    """Play whatever the page offers (a card, a pile, a move's button)."""
    for sel in (".card.tap", ".pile:not(:disabled)", ".actions button.primary"):
        target = page.query_selector(sel)
        if target is not None and target.is_visible():
            try:
                target.click(timeout=2000)
            except Exception:
                return False
            return True
    return False


def table(
    browser: Any,
    base: str,
    key: str,
    out: Path,
    name: str,
    variant: str,
    seats: list[str],
    taps: int,
    first: bool,
) -> None:
    host = browser.new_context(**PHONE).new_page()
    host.goto(f"{base}/table/?key={key}")
    host.wait_for_selector("form.open")
    host.select_option("select[name=variant]", variant)
    host.select_option("select[name=players]", str(len(seats)))
    for i, s in enumerate(seats):
        host.select_option(f"select[name=seat{i}]", s)
    host.fill("input[name=holes]", "2")
    host.fill("input[name=bot_delay]", "0")
    if first:
        host.screenshot(path=str(out / "form.png"))
    host.click("button:has-text('Open the table')")
    host.wait_for_selector(".lobby")
    link = f"{base}/table/?key={key}&t=" + host.url.split("t=")[1]
    pages = [host]
    people = [i for i, s in enumerate(seats) if s == "human"]
    for k, seat in enumerate(people):
        page = host if k == 0 else browser.new_context(**PHONE).new_page()
        if k:
            page.goto(link)
            page.wait_for_selector(".lobby")
            pages.append(page)
        page.fill("input.name", ["Ann", "Bob", "Cat"][k])
        page.click(f".lobby li:nth-child({seat + 1}) button:has-text('Sit here')")
        page.wait_for_selector("text=(you)")
    if first:
        host.wait_for_selector(".join img.qr")
        host.screenshot(path=str(out / "lobby.png"), full_page=True)
    host.click("button:has-text('Start the game')")
    for p in pages:
        p.wait_for_selector(".layout.big")
    for _ in range(taps):
        for p in pages:
            tap(p)
            time.sleep(0.15)
    time.sleep(0.5)
    for k, p in enumerate(pages):
        p.screenshot(path=str(out / f"{name}-{k + 1}.png"))
    if not first:
        return
    deadline = time.monotonic() + 60
    while not host.query_selector("button:has-text('Next hole')") and time.monotonic() < deadline:
        for p in pages:
            tap(p)
    time.sleep(0.3)
    host.screenshot(path=str(out / f"{name}-hole-over.png"), full_page=True)
    deadline = time.monotonic() + 60
    while not host.query_selector(".result") and time.monotonic() < deadline:
        for p in pages:
            nxt = p.query_selector("button:has-text('Next hole')")
            if nxt is not None and nxt.is_enabled():
                nxt.click()
            tap(p)
    time.sleep(0.3)
    host.screenshot(path=str(out / f"{name}-result.png"), full_page=True)


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as d:
        server = Server(Path(d))
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                try:
                    for i, (name, variant, seats, taps) in enumerate(TABLES):
                        table(
                            browser,
                            server.base,
                            server.key,
                            out,
                            name,
                            variant,
                            seats,
                            taps,
                            first=i == 0,
                        )
                finally:
                    browser.close()
        finally:
            server.stop()
    print(f"screenshots in {out}: " + ", ".join(sorted(p.name for p in out.glob("*.png"))))


if __name__ == "__main__":
    main()
