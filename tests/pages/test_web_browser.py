"""The scorecard page in a real browser: Debian's chromium, driven by Playwright.

Two phones (two browser contexts, each with its own storage) on one card
through an evening: one enters a hole with the Count cards helper and the
other sees it without reloading; a write the card has moved past is caught
and asked about; undo; the print button gives a PDF; a mini golf round
started from the page; a phone without the key reads only.

The system's chromium is used (no browser is downloaded).  Without it these
tests skip, unless GOLF_REQUIRE_BROWSER=1 (CI sets it, and installs
chromium), when they fail instead.  One browser and one server serve the
whole module; waits are bounded and no test measures speed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..helpers import PHONE, WAIT_MS, golf


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    pytest.importorskip("uvicorn")
    from ..helpers import serving

    folder = tmp_path_factory.mktemp("cards")
    with serving(folder) as s:
        s.folder = folder
        yield s


def phone(browser: Any, server: Any, card: str | None, key: bool = True) -> Any:
    """A page in a fresh context (a phone of its own), opened with the join
    link (or without it), showing ``card``."""
    page = browser.new_context(**PHONE).new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto(f"{server.base}/?key={server.key}" if key else f"{server.base}/")
    page.wait_for_selector("#conn[data-state='live']")
    if card is not None:
        page.goto(f"{server.base}/card/#card={card}")
        page.wait_for_selector("table.grid")
    return page


def expect(locator: Any) -> Any:
    """Playwright's waiting assertions (the page's CSP forbids evaluated strings)."""
    from playwright.sync_api import expect as wait

    return wait(locator)


def cell(page: Any, row: int, col: int) -> Any:
    """The score shown for a played hole (1-based) and a column (0-based)."""
    row_of = page.locator("table.grid tbody").first.locator("tr").nth(row - 1)
    return row_of.locator("td.score .v").nth(col)


def key(page: Any, rank: str) -> None:
    page.locator(".keys button", has_text=re.compile(f"^{re.escape(rank)}$")).first.click()


def test_an_evening_on_two_phones(browser: Any, server: Any) -> None:
    assert golf("card", "new", str(server.folder / "eve.yaml"), "-p", "Ann,Bob").exit_code == 0
    a = phone(browser, server, "eve")
    b = phone(browser, server, "eve")

    # A counts Ann's cards with the helper and types Bob's total
    a.click("#enter")
    a.locator(".who", has_text="Ann").get_by_text("Count cards").click()
    for rank in ["5", "K", "2", "5", "7", "9"]:
        key(a, rank)
    a.wait_for_selector("#count-total")
    assert a.inner_text("#count-total") == "14"
    a.click("#use-count")
    a.locator(".who", has_text="Bob").locator("input").fill("3")
    a.click("#save")
    # B sees it without reloading
    expect(b.locator("#enter")).to_contain_text("hole 2")
    assert cell(b, 1, 0).inner_text() == "14" and cell(b, 1, 1).inner_text() == "3"
    assert "counted" in (cell(b, 1, 0).locator("..").get_attribute("class") or "")

    # B starts typing hole 2; A saves hole 2 first; B's save is caught and asked about
    b.click("#enter")
    b.locator(".who", has_text="Ann").locator("input").fill("1")
    b.locator(".who", has_text="Bob").locator("input").fill("2")
    a.click("#enter")
    a.locator(".who", has_text="Ann").locator("input").fill("4")
    a.locator(".who", has_text="Bob").locator("input").fill("4")
    a.click("#save")
    expect(a.locator("#enter")).to_contain_text("hole 3")
    b.click("#save")
    question = b.locator(".ask-text")
    question.wait_for()
    assert "hole 2 entered: Ann 4, Bob 4" in question.inner_text()
    assert "hole 3" in question.inner_text()
    b.get_by_text("Yes, as hole 3").click()
    expect(a.locator("#enter")).to_contain_text("hole 4")
    assert [cell(a, 3, i).inner_text() for i in range(2)] == ["1", "2"]

    # A takes hole 3 back; B sees it go
    a.click("#undo")
    a.get_by_text("Undo it").click()
    expect(b.locator("#enter")).to_contain_text("hole 3")
    assert "undo of change 4: hole 3 taken back" in _log(b)

    # the print button gives the card as a PDF
    with a.expect_download() as download:
        a.click("#print")
    pdf = Path(download.value.path()).read_bytes()
    assert pdf.startswith(b"%PDF") and download.value.suggested_filename == "eve.pdf"
    a.context.close()
    b.context.close()


def _log(page: Any) -> str:
    page.click("#log")
    text = str(page.inner_text("#log-list"))
    page.get_by_text("Close").click()
    return text


def test_a_mini_golf_round_started_from_the_page(browser: Any, server: Any) -> None:
    a = phone(browser, server, None)
    a.click("[data-tab='mini']")
    a.get_by_text("New mini golf card").click()
    a.fill("#new-name", "putt")
    players = a.locator(".players input")
    players.nth(0).fill("Ann")
    players.nth(1).fill("Bob")
    a.locator(".choice button", has_text="9 holes").click()
    pars = a.locator(".pars input")
    assert pars.count() == 9
    for i, par in enumerate([3, 2, 4, 3, 3, 2, 4, 3, 3]):
        pars.nth(i).fill(str(par))
    a.click("#start")
    a.wait_for_selector("table.grid")
    b = phone(browser, server, "putt")
    a.click("#enter")
    a.locator(".who", has_text="Ann").locator("input").fill("3")
    a.locator(".who", has_text="Bob").locator("input").fill("5")
    a.click("#save")
    expect(b.locator("#enter")).to_contain_text("hole 2")
    to_par = b.locator("tbody.totals tr", has_text="To par").locator("td")
    assert [to_par.nth(i).inner_text() for i in range(1, 3)] == ["E", "+2"]
    assert "Mini golf, 9 holes, par 27" in b.inner_text(".describe")
    a.context.close()
    b.context.close()


def test_a_phone_without_the_key_reads_only(browser: Any, server: Any) -> None:
    assert golf("card", "new", str(server.folder / "look.yaml"), "-p", "Ann,Bob").exit_code == 0
    c = phone(browser, server, "look", key=False)
    assert c.is_visible("#readonly") and not c.is_visible("#join")
    assert c.locator("#enter").count() == 0 and c.locator("#undo").count() == 0
    assert c.locator("#print").count() == 1
    assert golf("card", "add", str(server.folder / "look.yaml"), "Ann=2", "Bob=3").exit_code == 0
    expect(cell(c, 1, 0)).to_have_text("2")
    c.context.close()


def test_a_fix_takes_a_closer_off_from_the_page(browser: Any, server: Any) -> None:
    """Whoever went out was entered by mistake: the fix sheet's "no one"
    takes the closer off, and the go-out penalty with it."""
    from ..helpers import REPO

    house = server.folder / "knock-penalty.yaml"
    house.write_text((REPO / "configs/variants/knock-penalty.yaml").read_text())
    card = str(server.folder / "knock.yaml")
    assert golf("card", "new", card, "-p", "Ann,Bob", "-v", str(house)).exit_code == 0
    added = golf("card", "add", card, "Ann=9 9 8 / 7 7 8", "Bob=5 K 2 / 5 7 9", "--closer", "Ann")
    assert added.exit_code == 0, added.output
    a = phone(browser, server, "knock")
    # a refusal on one card does not follow to the next
    a.click("#enter")
    a.locator(".who", has_text="Ann").locator("input").fill("5 K 2 / 5 7 X")
    a.locator(".who", has_text="Bob").locator("input").fill("3")
    a.click("#save")
    expect(a.locator("#notice")).to_be_visible()
    a.goto(f"{server.base}/card/#season")
    expect(a.locator("#notice")).to_be_hidden()
    a.goto(f"{server.base}/card/#card=knock")
    a.wait_for_selector("table.grid")
    assert cell(a, 1, 0).inner_text() == "42"  # 32 and the go-out penalty of 10
    cell(a, 1, 0).click()
    a.locator(".choice button", has_text="no one").click()
    a.click("#save")
    expect(cell(a, 1, 0)).to_have_text("32")
    a.context.close()
