"""The game table's page in a real browser: Debian's chromium, driven by
Playwright (tests/pages/test_web_browser.py's browser and its rules: no browser
downloaded, skipped without chromium unless GOLF_REQUIRE_BROWSER=1).

Two phones (two browser contexts, each with its own storage) and a bot: the
host opens the table from the form and sits down, a friend opens the join
link and sits down, and both play a hole of four-card golf by tapping.
Each sees only its own cards: its own peeked cards face up and marked,
the other's face down, and nothing of them anywhere in its page.  A reload
keeps the seat and the move it owes.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from golfcli import cards as C
from golfcli.table.lobby import Lobby

from ..helpers import PHONE, WAIT_MS, browser
from ..web_table_clients import served

__all__ = ["browser"]  # the fixture, used by name


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, str, Lobby]]:
    pytest.importorskip("uvicorn")
    lobby = Lobby(None, tmp_path / "games")
    with served(lobby) as (base, key):
        yield base, key, lobby


def tap_something(page: Any) -> bool:
    """Play whatever the page offers now (a card, a pile, a move's button); whether it did."""
    for sel in (".card.tap", ".pile:not(:disabled)", ".actions button.primary", "text=Next hole"):
        target = page.query_selector(sel)
        if target is not None and target.is_visible():
            try:
                target.click(timeout=2000)
            except Exception:  # the page drew itself again meanwhile: look again
                return False
            return True
    return False


def hidden_codes(lobby: Lobby, seat: int) -> list[str]:
    """The cards of ``seat``'s side that are face down now, in the page's words (7♥)."""
    table = lobby.tables()[0]
    state = table.match.state  # type: ignore[union-attr]
    side = state.side_of[seat]
    return [
        C.card_str(c, True)
        for p, c in enumerate(state.layouts[side])
        if not state.up[side] >> p & 1
    ]


def test_two_phones_and_a_bot_play_a_hole(browser: Any, site: tuple[str, str, Lobby]) -> None:
    base, key, lobby = site
    ann_ctx = browser.new_context(**PHONE)
    bob_ctx = browser.new_context(**PHONE)
    try:
        ann = ann_ctx.new_page()
        ann.set_default_timeout(WAIT_MS)
        ann.goto(f"{base}/table/?key={key}")
        ann.wait_for_selector("form.open")
        ann.select_option("select[name=variant]", "four-card")
        ann.select_option("select[name=players]", "3")
        ann.select_option("select[name=seat0]", "human")
        ann.select_option("select[name=seat1]", "human")
        ann.select_option("select[name=seat2]", "greedy")
        ann.fill("input[name=holes]", "1")
        ann.fill("input[name=bot_delay]", "0")
        ann.click("button:has-text('Open the table')")
        ann.wait_for_selector(".lobby")
        assert "key=" not in ann.url  # the key is kept in storage, not shown
        ann.fill("input.name", "Ann")
        ann.click(".lobby li:nth-child(1) button:has-text('Sit here')")
        ann.wait_for_selector("text=Seat 1: Ann (you)")
        link = ann.get_attribute(".join a.link", "href")
        assert link and "t=" in link and "key=" in link
        qr = ann.get_attribute(".join img.qr", "src", timeout=WAIT_MS)
        assert qr is not None and qr.startswith("data:image/svg+xml")

        bob = bob_ctx.new_page()
        bob.set_default_timeout(WAIT_MS)
        bob.goto(link)  # the join link, as the QR code gives it
        bob.wait_for_selector(".lobby")
        bob.fill("input.name", "Bob")
        bob.click(".lobby li:nth-child(2) button:has-text('Sit here')")
        bob.wait_for_selector("text=Seat 2: Bob (you)")
        ann.click("button:has-text('Start the game')")
        for page in (ann, bob):
            page.wait_for_selector(".layout.big")

        checked = reloaded = False
        deadline = time.monotonic() + 120
        while not (ann.query_selector(".result") and bob.query_selector(".result")):
            assert time.monotonic() < deadline, "the hole did not end"
            table = lobby.tables()[0]
            if not checked and all(after_setup(p) for p in (ann, bob)):
                check_each_sees_only_its_own(ann, bob, lobby)
                checked = True
            moved = tap_something(ann) | tap_something(bob)
            if checked and not reloaded and table.steps >= 8:
                bob.reload()  # the seat is kept: its cards, its name, its move if owed
                bob.wait_for_selector(".layout.big h3:has-text('Bob (you)')")
                reloaded = True
            if not moved:
                time.sleep(0.05)
        assert checked and reloaded
        for page in (ann, bob):
            text = page.inner_text(".result h2")
            assert "wins" in text or "tie" in text, text
            assert page.get_attribute(".result a.link", "href").endswith("/record")
    finally:
        ann_ctx.close()
        bob_ctx.close()


def after_setup(page: Any) -> bool:
    """Whether the page shows the hole past its start cards."""
    return bool(page.evaluate("() => !!(msg && msg.view && msg.view.phase !== 'setup')"))


def check_each_sees_only_its_own(ann: Any, bob: Any, lobby: Lobby) -> None:
    """After the start (each has peeked at two cards): each page shows its
    own two peeked cards face up and marked, and nothing of the other's
    face-down cards, in what it shows or in what it holds."""
    for me, other, seat in ((ann, bob, 0), (bob, ann, 1)):
        assert len(me.query_selector_all(".layout.big .card.seen")) == 2
        assert other.query_selector_all(".layout.mini .card.seen") == []
        shown = me.inner_text("body")
        held = json.dumps(me.evaluate("msg"), ensure_ascii=False)
        for code in hidden_codes(lobby, 1 - seat):  # the other's face-down cards
            plain = code[:-1] + {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}.get(code[-1], code[-1])
            assert code not in shown, f"seat {seat} is shown {code}"
            assert f'"{plain}"' not in held, f"seat {seat}'s page holds {plain}"
