"""``golf serve``'s table room, in process (Starlette's test client): the
page and its assets from the package, the form's offer, opening a table,
every request checked (the edit key, the host's token, a seat's token,
each refusal a 4xx with one line), the join link and the record; and the
command's own refusals."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from golfcli.record import load_record
from golfcli.table.folder import Folder
from golfcli.table.lobby import Lobby
from golfcli.web.access import Access
from golfcli.web.app import Site, make_app
from golfcli.web.tables import TableRoom

from ..helpers import golf, one_error_line

KEY = "k" * 22


@pytest.fixture
def client(tmp_path: Path) -> Any:
    folder = tmp_path / "served"
    folder.mkdir()
    (folder / "short.yaml").write_text(
        "name: short\ndescription: Two holes.\nextends: six-card\ngame: {holes: 2}\n"
    )
    (folder / "last.py").write_text("def choose(view, legal):\n    return legal[-1]\n")
    lobby = Lobby(Folder(folder), tmp_path / "games")
    site = Site(Access(KEY), join=f"http://127.0.0.1:8000/?key={KEY}")
    app = make_app([TableRoom(lobby)], site)
    with TestClient(app, base_url="http://127.0.0.1") as c:
        c.headers["X-Golf-Key"] = KEY
        c.lobby = lobby  # type: ignore[attr-defined]
        yield c


def refused(r: Any, status: int, words: str) -> str:
    assert r.status_code == status, (r.status_code, r.text)
    line = r.json()["error"]
    assert words in line, line
    assert line.isprintable() and len(line) <= 200
    return str(line)


def test_the_page_and_its_assets_come_from_the_package(client: Any) -> None:
    page = client.get("/table/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<script src="/static/table.js"' in page.text
    for asset, kind in (("table.js", "javascript"), ("table.css", "text/css")):
        r = client.get(f"/static/{asset}")
        assert r.status_code == 200 and kind in r.headers["content-type"]
    assert "http" not in client.get("/static/table.js").text.split("fetch(")[0].replace(
        "https://", ""
    )  # no asset from elsewhere: the page asks only its own server
    assert "default-src 'self'" in page.headers["content-security-policy"]


def test_the_form_offers_built_ins_and_the_folder_s_files(client: Any) -> None:
    offer = client.get("/table/api/offer").json()
    ids = [v["id"] for v in offer["variants"]]
    assert ids[:5] == ["six-card", "four-card", "nine-card", "alberta", "duel"]
    assert "short.yaml" in ids
    assert {"name": "last.py", "file": True} in offer["bots"]


def open_table(client: Any, setup: dict[str, Any]) -> dict[str, Any]:
    r = client.post("/table/api/open", json=setup)
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_opening_a_table_takes_the_key_and_a_setup_it_can_play(client: Any) -> None:
    r = client.post("/table/api/open", json={}, headers={"X-Golf-Key": "wrong"})
    refused(r, 403, "read-only")
    refused(client.post("/table/api/open", json={"holes": 0}), 400, "holes: 1 to 1000")
    refused(client.post("/table/api/open", json={"seats": ["human", "../x.py"]}), 400, "no bot")
    refused(client.post("/table/api/open", content=b"{nope"), 400, "not JSON")
    made = open_table(client, {"variant": "short.yaml", "seats": ["human", "last.py"]})
    assert made["table"] in [t["id"] for t in client.get("/table/api/tables").json()["tables"]]


def test_every_message_is_checked_and_each_refusal_is_one_line(client: Any) -> None:
    made = open_table(client, {"seats": ["human", "human", "greedy"], "holes": 1})
    url = f"/table/api/{made['table']}"
    refused(client.post("/table/api/nosuch", json={"type": "ping"}), 404, "no such table")
    refused(client.post(url, json={"type": "ping"}, headers={"X-Golf-Key": ""}), 403, "read-only")
    refused(client.post(url, content=b"{"), 400, "not JSON")
    refused(client.post(url, content=b"\xff"), 400, "UTF-8")
    refused(client.post(url, content=b"x" * 5000), 400, "message too long")
    refused(client.post(url, content=b"x" * 20000), 413, "larger than 16 KB")
    refused(client.post(url, json={"type": "hello"}), 400, "hello is for a connection")
    refused(
        client.post(url, json={"type": "act", "decision": 1, "action": "x"}), 400, "take a seat"
    )
    refused(client.post(url, json={"type": "start", "host": "guess"}), 400, "host token")
    refused(client.post(url, json={"type": "ping", "token": "guess"}), 400, "no seat")
    ann = client.post(url, json={"type": "take", "seat": 0, "name": "Ann"}).json()
    bob = client.post(url, json={"type": "take", "seat": 1, "name": "Bob"}).json()
    assert ann["type"] == bob["type"] == "seated"
    refused(
        client.post(url, json={"type": "start", "token": ann["token"]}),
        400,
        "only the table's host",
    )
    assert client.post(url, json={"type": "start", "host": made["host"]}).json() == {"type": "ok"}
    refused(client.get(f"{url}/record"), 409, "when the game is over")
    table = client.lobby.get(made["table"])
    refused(
        client.post(
            url, json={"type": "act", "token": ann["token"], "decision": 99, "action": "draw_stock"}
        ),
        400,
        "",
    )
    assert client.post(url, json={"type": "close", "host": made["host"]}).json() == {"type": "ok"}
    assert table.wait(10) and table.status == "closed"
    record = client.get(f"{url}/record")
    assert record.status_code == 200
    assert "attachment" in record.headers["content-disposition"]
    assert json.loads(record.text.splitlines()[0])["type"] == "game"


def test_the_join_link_names_the_table_and_holds_the_key(client: Any) -> None:
    made = open_table(client, {})
    j = client.get(f"/table/api/{made['table']}/join").json()
    assert j["link"] == f"http://127.0.0.1:8000/table/?key={KEY}&t={made['table']}"
    assert j["qr"].startswith("<svg")
    refused(client.get(f"/table/api/{made['table']}/join", headers={"X-Golf-Key": ""}), 403, "")
    refused(client.get(f"/table/api/{made['table']}/events?token=guess"), 403, "no seat")


def test_a_finished_game_s_record_replays(client: Any, tmp_path: Path) -> None:
    from ..table_clients import Scripted, play_out

    made = open_table(client, {"seats": ["human", "greedy"], "holes": 1, "seed": 3})
    table = client.lobby.get(made["table"])
    ann = Scripted(table, 0, "Ann").take()
    table.start()
    play_out(table, [ann])
    record = client.get(f"/table/api/{made['table']}/record")
    path = tmp_path / "got.jsonl"
    path.write_text(record.text)
    assert load_record(path).holes[0].scores == tuple(table.result.holes[0].scores)  # type: ignore[union-attr]


def test_golf_serve_refuses_what_it_cannot_serve(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "not a folder" in one_error_line(golf("serve", str(tmp_path / "nope")))
    (tmp_path / "file").write_text("")
    assert "--save" in one_error_line(
        golf("serve", str(tmp_path), "--save", str(tmp_path / "file"))
    )
    assert "--port" in one_error_line(golf("serve", str(tmp_path), "--port", "70000"))
    taken = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        port = str(taken.getsockname()[1])
        assert f"port {port} is in use" in one_error_line(
            golf("serve", str(tmp_path), "--port", port)
        )
    finally:
        taken.close()
    import golfcli.web

    monkeypatch.setattr(golfcli.web, "missing_extra", lambda: "starlette")
    line = one_error_line(golf("serve", str(tmp_path)))
    assert "pip install 'golfcli[web]'" in line
