"""Phone-sized screenshots of the scorecard page, to look at.

    python scripts/web_screens.py OUT_DIR

Makes a folder of cards (a golf night mid-game, a mini golf round), serves
it with ``golf card serve --port 0`` on 127.0.0.1, and has the system's
chromium (through Playwright's Python package; no browser is downloaded)
take 390x844 screenshots of each tab and state: the list, a card mid-game,
the entry sheet, the count helper, the log, mini golf, the season, a new
card, a read-only phone and an error.  Look at every one of them after a
change to the page: what a player at a table finds small, ugly or confusing
is a bug.  The server is ended on every path.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from chromium import ARGS, CHROMIUM  # scripts/chromium.py


def golf(*args: str, cwd: Path) -> None:
    subprocess.run(["golf", *args], cwd=cwd, check=True, capture_output=True)


def cards(folder: Path) -> None:
    golf("card", "new", "night.yaml", "-p", "Ann,Bob,Cat,Dan", "--title", "Friday", cwd=folder)
    golf("card", "add", "night.yaml", "Ann=5", "Bob=5 K 2 / 5 7 9", "Cat=-2", "Dan=12", cwd=folder)
    golf("card", "add", "night.yaml", "Ann=3", "Bob=8", "Cat=4", "Dan=0", cwd=folder)
    golf("card", "add", "night.yaml", "Ann=7", "Bob=1", "Cat=9", "Dan=6", cwd=folder)
    pars = "3,2,4,3,3,2,4,3,3,3,2,4,3,3,2,4,3,3"
    golf("card", "new", "putt.yaml", "--mini", "-p", "Ann,Bob,Cat", "--par", pars, cwd=folder)
    golf("card", "add", "putt.yaml", "Ann=3", "Bob=4", "Cat=2", cwd=folder)
    golf("card", "add", "putt.yaml", "Ann=2", "Bob=2", "Cat=3", cwd=folder)
    # a house rule that scores who went out: the fix sheet offers "Who went out"
    house = Path(__file__).resolve().parent.parent / "configs/variants/knock-penalty.yaml"
    (folder / "knock-penalty.yaml").write_text(house.read_text())
    golf("card", "new", "knock.yaml", "-p", "Ann,Bob", "-v", "knock-penalty.yaml", cwd=folder)
    lay = ("Ann=9 9 8 / 7 7 8", "Bob=5 K 2 / 5 7 9", "--closer", "Ann")
    golf("card", "add", "knock.yaml", *lay, cwd=folder)


def start(folder: Path) -> tuple[subprocess.Popen[str], str, str]:
    proc = subprocess.Popen(
        ["golf", "card", "serve", str(folder), "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert proc.stdout is not None
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if found := re.search(r"(http://127\.0\.0\.1:\d+)/\?key=(\S+)", line):
            return proc, found[1], found[2]
    os.killpg(proc.pid, signal.SIGTERM)
    raise SystemExit("the server did not start")


def shots(base: str, key: str, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        phone = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2}
        page = browser.new_context(**phone).new_page()
        page.goto(f"{base}/?key={key}")
        page.wait_for_selector(".cards button")
        page.screenshot(path=out / "01-list.png")
        page.click("text=Friday")
        page.wait_for_selector("table.grid")
        page.screenshot(path=out / "02-card.png")
        page.click("#enter")
        page.wait_for_selector(".who")
        page.screenshot(path=out / "03-entry.png")
        page.locator(".who").nth(1).get_by_text("Count cards").click()
        for rank in ["5", "K", "2", "5", "7"]:
            page.locator(".keys button", has_text=re.compile(f"^{rank}$")).first.click()
        page.wait_for_timeout(300)
        page.screenshot(path=out / "04-count-partial.png")
        page.locator(".keys button", has_text=re.compile("^9$")).first.click()
        page.wait_for_selector("#count-total")
        page.screenshot(path=out / "05-count.png")
        page.click("#use-count")
        page.screenshot(path=out / "06-entry-counted.png")
        page.get_by_text("Cancel").click()
        page.click("#log")
        page.screenshot(path=out / "06-log.png")
        page.get_by_text("Close").click()
        page.click("#table")
        page.wait_for_selector("#extend")
        page.screenshot(path=out / "07-players.png")
        page.get_by_text("Close").click()
        page.click("#join")
        page.wait_for_selector(".link")
        page.screenshot(path=out / "08-join.png")
        page.goto(f"{base}/card/#mini")
        page.wait_for_selector(".cards button")
        page.click(".cards button")
        page.wait_for_selector("table.grid")
        page.screenshot(path=out / "09-mini.png")
        page.goto(f"{base}/card/#season")
        page.wait_for_selector("table.stats")
        page.screenshot(path=out / "10-season.png")
        page.goto(f"{base}/card/#golf")
        page.get_by_text("New card").click()
        page.wait_for_selector("#start")
        page.screenshot(path=out / "11-new.png")
        page.goto(f"{base}/card/#card=night")
        page.wait_for_selector("table.grid")
        page.click("#enter")
        boxes = page.locator(".who-line input")
        for i, value in enumerate(["4", "5 K 2 / 5 7 X", "6", "7"]):
            boxes.nth(i).fill(value)
        page.click("#save")
        page.wait_for_selector("#notice:not([hidden])")
        page.screenshot(path=out / "12-error.png")
        viewer = browser.new_context(**phone).new_page()
        viewer.goto(f"{base}/card/#card=night")
        viewer.wait_for_selector("table.grid")
        viewer.screenshot(path=out / "13-read-only.png")
        page.goto(f"{base}/card/#card=knock")
        page.wait_for_selector("table.grid")
        page.locator("table.grid tbody tr").first.locator("td.score").first.click()
        page.wait_for_selector(".choice")
        page.screenshot(path=out / "14-fix-closer.png")
        browser.close()


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "screens")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        cards(folder)
        proc, base, key = start(folder)
        try:
            shots(base, key, out)
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
    print(f"screenshots in {out}/")


if __name__ == "__main__":
    main()
