"""The scorecard page's app in process, through Starlette's test client.

What a page may ask and what it is answered: every operation of ``golf
card`` as a request, its answer worked out by the library (the same totals
and refusals as the command line), a stale write refused with the card as it
is now, writes without the key refused, bad requests of every kind a 4xx
with one line and the card unchanged, no request reaching outside the
served folder, and every asset shipped in the package.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..helpers import REPO

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

import golfcli
from golfcli.scorecard.present import show_json
from golfcli.scorecard.standings import standing
from golfcli.scorecard.store import load
from golfcli.web.access import Access
from golfcli.web.app import STATIC, Site, make_app
from golfcli.web.scorecard import CardRoom

from ..helpers import golf

KEY = "test-key-0123456789"
EDIT = {"X-Golf-Key": KEY}
API = "/card/api"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    out = tmp_path / "cards"
    out.mkdir()
    return out


@pytest.fixture
def client(folder: Path) -> Iterator[TestClient]:
    app = make_app([CardRoom(folder)], Site(Access(KEY), "http://127.0.0.1:1/?key=x", ""))
    with TestClient(app, base_url="http://127.0.0.1:8000") as c:
        yield c


def new(client: TestClient, name: str = "night", **fields: Any) -> dict[str, Any]:
    body = {"name": name, "players": ["Ann", "Bob", "Cat"], **fields}
    r = client.post(f"{API}/cards", json=body, headers=EDIT)
    assert r.status_code == 200, r.text
    return r.json()["card"]  # type: ignore[no-any-return]


def add(client: TestClient, card: dict[str, Any], scores: dict[str, Any], **more: Any) -> Any:
    body = {"revision": card["revision"], "hole": card["next"], "scores": scores, **more}
    return client.post(f"{API}/cards/{card['name']}/holes", json=body, headers=EDIT)


def get(client: TestClient, name: str = "night") -> dict[str, Any]:
    r = client.get(f"{API}/cards/{name}")
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def refused(response: Any, status: int) -> str:
    """A 4xx with one line, as every refusal is."""
    assert response.status_code == status, (response.status_code, response.text)
    data = response.json()
    message = data["error"]
    assert isinstance(message, str) and message and "\n" not in message
    assert "Traceback" not in response.text
    return message  # type: ignore[no-any-return]


# --------------------------------------------------------------------------- the page


def test_the_page_and_its_assets_come_from_the_package(client: TestClient) -> None:
    r = client.get("/", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/card/"
    page = client.get("/card/")
    assert page.status_code == 200 and "<title>Golf scorecard</title>" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for asset in re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text):
        served = client.get(asset)
        assert served.status_code == 200, asset
        assert served.content == (STATIC / asset.removeprefix("/static/")).read_bytes()
    # nothing is fetched from elsewhere: no address outside this server in any asset
    for path in STATIC.iterdir():
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text), path.name


def test_the_join_link_and_qr_code_are_for_pages_with_the_key(client: TestClient) -> None:
    assert client.get("/api/access").json() == {"edit": False, "lan": False, "view": ""}
    got = client.get("/api/access", headers=EDIT).json()
    assert got["edit"] is True and got["join"].startswith("http://")
    assert got["qr"].startswith("<svg") and "<script" not in got["qr"]


# --------------------------------------------------------------------------- a night, by requests


def test_a_night_by_requests_agrees_with_the_library(client: TestClient, folder: Path) -> None:
    card = new(client)
    assert card["next"] == "1" and card["revision"] == 1 and card["dealer"] == "Ann"
    r = add(client, card, {"Ann": "5 K 2 / 5 7 9", "Bob": 3, "Cat": "-2"})
    assert r.status_code == 200, r.text
    assert r.json()["said"] == "hole 1 entered: Ann 14, Bob 3, Cat -2"
    card = r.json()["card"]
    assert card["rows"][0]["cells"][0] == {
        "score": 14,
        "layout": "5 K 2 / 5 7 9",
        "count": [
            "cards: 5 +5 -> +0, K +0, 2 -2 / 5 +5 -> +0, 7 +7, 9 +9",
            "matched: column pair of 5 at r1c1, r2c1: score 0",
        ],
        "total": 14,
    }
    assert card["dealer"] == "Bob" and card["next"] == "2"
    card = add(client, card, {"Ann": 1, "Bob": 2, "Cat": 3}).json()["card"]
    on_disk = load(folder / "night.yaml")
    expect = show_json(on_disk, standing(on_disk))
    assert [f["cells"] for f in card["foot"] if f["label"] == "Total"] == [
        [str(t) for t in expect["totals"].values()]
    ]
    assert card["status"] == [
        "After 2 of 9 holes: Cat leads with 1; 7 holes to play.",
        "Cat deals hole 3.",
    ]
    assert golf("card", "show", str(folder / "night.yaml")).exit_code == 0


def test_fix_undo_and_the_log(client: TestClient) -> None:
    card = new(client)
    card = add(client, card, {"Ann": 1, "Bob": 2, "Cat": 3}).json()["card"]
    r = client.post(
        f"{API}/cards/night/fix",
        json={"revision": card["revision"], "hole": "1", "scores": {"Bob": "12"}},
        headers=EDIT,
    )
    assert r.json()["said"] == "hole 1 fixed: Bob 2 -> 12"
    card = r.json()["card"]
    assert card["undo"] == "hole 1 fixed: Bob 2 -> 12"
    r = client.post(f"{API}/cards/night/undo", json={"revision": card["revision"]}, headers=EDIT)
    card = r.json()["card"]
    assert card["rows"][0]["cells"][1]["score"] == 2
    assert [x["text"] for x in card["log"]] == [
        "undo of change 3: hole 1: Bob 12 -> 2",
        "hole 1 fixed: Bob 2 -> 12",
        "hole 1 entered: Ann 1, Bob 2, Cat 3",
        "card started",
    ]


def test_a_tie_is_played_off_and_names_the_winner(client: TestClient) -> None:
    card = new(client, players=["Ann", "Bob"], holes=1)
    card = add(client, card, {"Ann": 4, "Bob": 4}).json()["card"]
    assert card["finished"] and card["tied"] and card["next"] == "P1"
    assert card["open"] == ["Ann", "Bob"]
    refused(add(client, {**card, "next": "2"}, {"Ann": 1, "Bob": 2}), 409)
    card = add(client, card, {"Ann": 3, "Bob": 5}).json()["card"]
    assert card["winners"] == ["Ann"] and card["next"] is None
    assert card["status"] == ["Winner: Ann (4) after a playoff."]


def test_a_games_shape_is_what_the_count_helper_draws(client: TestClient) -> None:
    r = client.post(
        f"{API}/cards",
        json={"name": "alb", "players": ["Ann", "Bob"], "variant": "alberta"},
        headers=EDIT,
    )
    assert r.status_code == 200, r.text
    game = r.json()["card"]["game"]
    assert (game["rows"], game["cols"], game["suits"]) == (3, 6, True)
    assert "JK" in game["ranks"]
    games = {g["name"]: g for g in client.get(f"{API}/cards").json()["games"]}
    assert (games["four-card"]["rows"], games["four-card"]["cols"]) == (2, 2)
    assert games["duel"]["target"] == 50 and games["six-card"]["players"] == [2, 3, 4, 5, 6]


def test_match_play_shows_each_holes_winner_and_who_is_up(client: TestClient, folder: Path) -> None:
    path = str(folder / "alb.yaml")
    made = golf(
        "card", "new", path, "-p", "Ann,Bob", "-v", "alberta", "--set", "game.scoring=match"
    )
    assert made.exit_code == 0, made.output
    card = get(client, "alb")
    card = add(client, card, {"Ann": 3, "Bob": 9}).json()["card"]
    card = add(client, card, {"Ann": 5, "Bob": 5}).json()["card"]
    assert [r["won"] for r in card["rows"]] == ["Ann", "halved"]
    assert {"label": "Match", "cells": ["1 UP", "1 DOWN"]} in card["foot"]
    assert [r["match"] for r in card["rows"]] == ["Ann 1 UP", "Ann 1 UP"]
    assert card["status"][0] == "After 2 of 9 holes: Ann leads (1 UP); 7 holes to play."


def test_a_target_game_and_the_two_switches(client: TestClient) -> None:
    card = new(client, target=100, twos_minus=False, kings_zero=False)
    assert card["holes"] is None and card["target"] == 100
    assert "Toggles: twos -2 off (twos +2), kings 0 off (kings 10)." in card["values"]
    r = add(client, card, {"Ann": "5 K 2 / 5 7 9", "Bob": 3, "Cat": 4})
    assert (
        r.json()["card"]["rows"][0]["cells"][0]["score"]
        == golfcli.score(
            "5 K 2 / 5 7 9",
            golfcli.load_variant("six-card", ["values.ranks.2=2", "values.ranks.K=10"]),
        ).total
    )


def test_mini_golf_par_and_strokes(client: TestClient) -> None:
    card = new(client, "putt", kind="mini", holes=3, par=[3, 2, 4])
    assert card["kind"] == "mini" and card["par"] == [3, 2, 4] and card["dealer"] is None
    card = add(client, card, {"Ann": 3, "Bob": 4, "Cat": 2}).json()["card"]
    assert {"label": "To par", "cells": ["E", "+1", "-1"]} in card["foot"]
    refused(add(client, card, {"Ann": 0, "Bob": 4, "Cat": 2}), 400)
    refused(add(client, card, {"Ann": "5 K 2 / 5 7 9", "Bob": 4, "Cat": 2}), 400)


def test_the_count_helper_counts_with_the_one_scorer(client: TestClient) -> None:
    new(client)
    url = f"{API}/cards/night/count"
    part = client.post(url, json={"cells": ["5", "K", "2", "5", "", ""]}).json()
    assert part["complete"] is False and part["total"] is None
    assert [c["value"] for c in part["cards"]] == [5, 0, -2, 5, None, None]
    assert [c["scored"] for c in part["cards"]][:4] == [0, 0, -2, 0]
    whole = client.post(url, json={"cells": ["5", "K", "2", "5", "7", "9"]}).json()
    assert whole["total"] == golfcli.score("5 K 2 / 5 7 9").total == 14
    assert whole["layout"] == "5 K 2 / 5 7 9"
    refused(client.post(url, json={"cells": ["5", "K", "2"]}), 400)
    refused(client.post(url, json={"cells": ["5", "K", "2", "5", "7", "ZZ"]}), 400)
    refused(client.post(url, json={"cells": ["5", "K", "2", "5", "7", "JK"]}), 400)


def test_printed_and_blank_cards_are_pdf_downloads(client: TestClient) -> None:
    card = new(client)
    add(client, card, {"Ann": 1, "Bob": 2, "Cat": 3})
    r = client.get(f"{API}/cards/night/card.pdf")
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
    assert r.headers["content-disposition"] == 'attachment; filename="night.pdf"'
    blank = client.get(f"{API}/blank.pdf?kind=golf&holes=18&players=4&twos_minus=false")
    assert blank.status_code == 200 and blank.content.startswith(b"%PDF")
    plain = client.get(f"{API}/blank.pdf?kind=mini&holes=18&players=4&par=")
    assert plain.status_code == 200 and plain.content.startswith(b"%PDF")
    mini = client.get(f"{API}/blank.pdf?kind=mini&par=3,2,4")
    assert mini.status_code == 200 and mini.content.startswith(b"%PDF")
    refused(client.get(f"{API}/blank.pdf?kind=mini&par=3,x"), 400)
    refused(client.get(f"{API}/blank.pdf?variant=../../etc/passwd"), 400)
    refused(client.get(f"{API}/blank.pdf?evil=1"), 400)


def test_the_season_counts_the_folders_cards(client: TestClient) -> None:
    card = new(client, players=["Ann", "Bob"], holes=1)
    add(client, card, {"Ann": 1, "Bob": 2})
    stats = client.get(f"{API}/stats").json()
    group = stats["groups"][0]
    assert group["cards"] == ["night"]
    assert [(p["name"], p["wins"]) for p in group["players"]] == [("Ann", 1.0), ("Bob", 0.0)]


def test_the_list_names_cards_and_leaves_other_files_out(client: TestClient, folder: Path) -> None:
    new(client)
    (folder / "notes.txt").write_text("hello")
    (folder / "house.yaml").write_text("extends: six-card\nname: house\n")
    (folder / "broken.yaml").write_text("golf_scorecard: 2\nkind: [\n")
    listed = client.get(f"{API}/cards").json()
    names = {c["name"]: c for c in listed["cards"]}
    assert set(names) == {"night", "broken"}
    assert names["broken"]["error"].startswith("broken.yaml:")
    assert str(folder) not in json.dumps(listed)
    assert "house.yaml" in [g["name"] for g in listed["games"]]


def table(client: TestClient, card: dict[str, Any], action: str, **fields: Any) -> Any:
    body = {"revision": card["revision"], "action": action, **fields}
    return client.post(f"{API}/cards/{card['name']}/table", json=body, headers=EDIT)


def test_the_table_changes_each_logged_and_undone(client: TestClient) -> None:
    card = new(client)
    card = add(client, card, {"Ann": 1, "Bob": 2, "Cat": 3}).json()["card"]
    assert card["dealer"] == "Bob"
    r = table(client, card, "join", player="Dan")
    assert r.status_code == 200, r.text
    card = r.json()["card"]
    assert card["sides"] == ["Ann", "Bob", "Cat", "Dan"]
    assert card["rows"][0]["cells"][3] == {"score": 3, "missed": True, "total": 3}
    card = table(client, card, "rename", player="Cat", to="Kat").json()["card"]
    assert card["sides"] == ["Ann", "Bob", "Kat", "Dan"]
    card = table(client, card, "dealer", player="Kat").json()["card"]
    assert card["dealer"] == "Kat"
    card = table(client, card, "holes", holes=18).json()["card"]
    assert card["holes"] == 18 and [n["label"] for n in card["nines"]] == ["Out", "In"]
    r = table(client, card, "switches", twos_minus=False)
    card = r.json()["card"]
    assert card["switches"] == {"twos_minus": False, "kings_zero": True}
    card = table(client, card, "leave", player="Ann").json()["card"]
    assert card["left"] == {"Ann": 1} and card["open"] == ["Bob", "Kat", "Dan"]
    texts = [x["text"] for x in card["log"][:6]]
    assert len(texts) == 6 and all(texts)
    while card["undo"] and "joined" not in card["undo"]:
        card = client.post(
            f"{API}/cards/night/undo", json={"revision": card["revision"]}, headers=EDIT
        ).json()["card"]
    assert card["sides"] == ["Ann", "Bob", "Cat", "Dan"] and card["holes"] == 9


def test_a_mini_golf_par_is_learned_hole_by_hole(client: TestClient) -> None:
    card = new(client, "putt", kind="mini", holes=18)
    assert card["par"] is None
    card = table(client, card, "par", hole=1, par=3).json()["card"]
    assert card["par"][:2] == [3, None]
    card = add(client, card, {"Ann": 3, "Bob": 5, "Cat": 2}).json()["card"]
    assert card["rows"][0]["par"] == 3
    assert [n["label"] for n in card["nines"]] == ["Out", "In"]
    assert card["nines"][0]["cells"] == [None, None, None]
    refused(table(client, card, "par", hole=19, par=3), 400)
    refused(table(client, card, "switches", twos_minus=False), 400)


@pytest.mark.parametrize(
    "action,fields",
    [
        ("join", {"player": "Ann"}),
        ("join", {"player": ""}),
        ("leave", {"player": "Zed"}),
        ("rename", {"player": "Ann", "to": "Bob"}),
        ("dealer", {"player": "Zed"}),
        ("holes", {"holes": 0}),
        ("switches", {}),
        ("par", {"hole": 1, "par": 3}),
        ("shuffle", {}),
    ],
)
def test_a_table_change_that_cannot_be_is_refused(
    client: TestClient, folder: Path, action: str, fields: dict[str, Any]
) -> None:
    card = new(client)
    before = (folder / "night.yaml").read_bytes()
    r = table(client, card, action, **fields)
    assert 400 <= r.status_code < 500
    refused(r, r.status_code)
    assert (folder / "night.yaml").read_bytes() == before


# --------------------------------------------------------------------------- one card, one truth


def test_a_stale_write_is_refused_with_the_card_as_it_is_now(
    client: TestClient, folder: Path
) -> None:
    seen = new(client)
    assert add(client, seen, {"Ann": 1, "Bob": 2, "Cat": 3}).status_code == 200
    before = (folder / "night.yaml").read_bytes()
    r = add(client, {**seen, "next": "2"}, {"Ann": 9, "Bob": 9, "Cat": 9})
    assert refused(r, 409).startswith("the card changed meanwhile (hole 1 entered")
    data = r.json()
    assert data["stale"] is True and data["changes"] == ["hole 1 entered: Ann 1, Bob 2, Cat 3"]
    assert data["card"]["revision"] == 2 and data["card"]["next"] == "2"
    assert (folder / "night.yaml").read_bytes() == before


def test_the_same_hole_from_two_phones_is_one_hole(client: TestClient, folder: Path) -> None:
    card = new(client)
    first = add(client, card, {"Ann": 1, "Bob": 2, "Cat": 3}).json()["card"]
    # the second phone saw the card after the first write, but means hole 1 too
    again = add(client, {**first, "next": "1"}, {"Ann": 1, "Bob": 2, "Cat": 3})
    assert "hole 1 is already entered" in refused(again, 409)
    assert len(load(folder / "night.yaml").played) == 1


def test_a_shell_write_is_seen_and_refuses_the_stale_page(client: TestClient, folder: Path) -> None:
    seen = new(client)
    assert golf("card", "add", str(folder / "night.yaml"), "Ann=4", "Bob=5", "Cat=6").exit_code == 0
    assert get(client)["rows"][0]["cells"][0]["score"] == 4
    refused(add(client, seen, {"Ann": 1, "Bob": 2, "Cat": 3}), 409)


def test_a_fix_that_ends_a_target_game_sooner_asks_first(client: TestClient) -> None:
    r = client.post(
        f"{API}/cards",
        json={"name": "duel", "players": ["Ann", "Bob"], "variant": "duel"},
        headers=EDIT,
    )
    card = r.json()["card"]
    for ann in (30, 10, 20):
        card = add(client, card, {"Ann": ann, "Bob": 1}).json()["card"]
    fix = {"revision": card["revision"], "hole": "1", "scores": {"Ann": "45"}}
    r = client.post(f"{API}/cards/duel/fix", json=fix, headers=EDIT)
    said = refused(r, 409)
    assert r.json()["ask"] == "drop_later"
    # the page's own question, with no command-line flag in it
    assert said.endswith("hole 3 was played after it; set it aside?"), said
    assert "--" not in said and "golf card" not in said
    r = client.post(f"{API}/cards/duel/fix", json={**fix, "drop_later": True}, headers=EDIT)
    assert r.status_code == 200 and len(r.json()["card"]["rows"]) == 2


# --------------------------------------------------------------------------- who may write


@pytest.mark.parametrize("headers", [{}, {"X-Golf-Key": "wrong"}, {"Cookie": f"key={KEY}"}])
def test_without_the_key_a_page_reads_only(
    client: TestClient, folder: Path, headers: dict[str, str]
) -> None:
    card = new(client)
    before = (folder / "night.yaml").read_bytes()
    body = {"revision": card["revision"], "hole": "1", "scores": {"Ann": 1, "Bob": 2, "Cat": 3}}
    assert "read-only" in refused(
        client.post(f"{API}/cards/night/holes", json=body, headers=headers), 403
    )
    refused(client.post(f"{API}/cards/night/undo", json={"revision": 1}, headers=headers), 403)
    refused(client.post(f"{API}/cards", json={"name": "x", "players": ["A"]}, headers=headers), 403)
    assert (folder / "night.yaml").read_bytes() == before
    assert client.get(f"{API}/cards/night", headers=headers).status_code == 200


def test_only_loopback_names_are_served_on_loopback(client: TestClient) -> None:
    refused(client.get(f"{API}/cards", headers={"Host": "evil.example:8000"}), 400)
    assert client.get(f"{API}/cards", headers={"Host": "localhost:8000"}).status_code == 200


# --------------------------------------------------------------------------- bad requests


BAD_HOLES = [
    ("not json", b"{hole", {}, 400),
    ("a list", b"[1, 2]", {}, 400),
    ("unknown field", {"revision": 1, "hole": "1", "scores": {}, "x": 1}, {}, 400),
    ("revision as text", {"revision": "1", "hole": "1", "scores": {"Ann": 1}}, {}, 400),
    ("no scores", {"revision": 1, "hole": "1"}, {}, 400),
    ("scores a list", {"revision": 1, "hole": "1", "scores": [1]}, {}, 400),
    ("unknown player", {"revision": 1, "hole": "1", "scores": {"Zed": 1}}, {}, 400),
    ("a player left out", {"revision": 1, "hole": "1", "scores": {"Ann": 1, "Bob": 2}}, {}, 400),
    (
        "a bad layout",
        {"revision": 1, "hole": "1", "scores": {"Ann": "5 K", "Bob": 2, "Cat": 3}},
        {},
        400,
    ),
    ("a control character", {"revision": 1, "hole": "1", "scores": {"Ann\x1b": 1}}, {}, 400),
    (
        "a huge number",
        {"revision": 1, "hole": "1", "scores": {"Ann": 10**9, "Bob": 2, "Cat": 3}},
        {},
        400,
    ),
    (
        "hole 5 of 1",
        {"revision": 1, "hole": "5", "scores": {"Ann": 1, "Bob": 2, "Cat": 3}},
        {},
        400,
    ),
    ("hole as words", {"revision": 1, "hole": "one", "scores": {"Ann": 1}}, {}, 400),
    ("a form", b"hole=1", {"Content-Type": "application/x-www-form-urlencoded"}, 415),
    ("too large", b"[" + b"1," * 10_000 + b"1]", {}, 413),
    ("deep nesting", b"[" * 5000 + b"]" * 5000, {}, 400),
]


@pytest.mark.parametrize("why,body,headers,status", BAD_HOLES, ids=[b[0] for b in BAD_HOLES])
def test_a_bad_request_is_a_4xx_with_one_line_and_the_card_unchanged(
    client: TestClient,
    folder: Path,
    why: str,
    body: Any,
    headers: dict[str, str],
    status: int,
) -> None:
    new(client)
    before = (folder / "night.yaml").read_bytes()
    sent = {**EDIT, "Content-Type": "application/json", **headers}
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    r = client.post(f"{API}/cards/night/holes", content=data, headers=sent)
    refused(r, status)
    assert (folder / "night.yaml").read_bytes() == before


BAD_NEW = [
    {"name": "../escape", "players": ["Ann"]},
    {"name": ".hidden", "players": ["Ann"]},
    {"name": "a/b", "players": ["Ann"]},
    {"name": "night", "players": []},
    {"name": "night", "players": ["Ann", "ann"]},
    {"name": "night", "players": ["A", "B", "C", "D", "E", "F", "G"]},
    {"name": "night", "players": ["Ann", "Bob"], "variant": "/etc/passwd"},
    {"name": "night", "players": ["Ann", "Bob"], "variant": "no-such-game"},
    {"name": "night", "players": ["Ann"], "variant": "duel"},
    {"name": "night", "players": ["Ann", "Bob"], "holes": 0},
    {"name": "night", "players": ["Ann", "Bob"], "holes": 9, "target": 50},
    {"name": "night", "players": ["Ann", "Bob"], "kind": "mini", "par": [3, 0]},
    {"name": "night", "players": ["Ann", "Bob"], "kind": "mini", "holes": 3, "par": [3, 2]},
    {"name": "night", "players": ["Ann", "Bob"], "kind": "poker"},
]


@pytest.mark.parametrize("body", BAD_NEW, ids=[str(i) for i in range(len(BAD_NEW))])
def test_a_new_card_that_cannot_be_is_refused(
    client: TestClient, folder: Path, body: dict[str, Any]
) -> None:
    refused(client.post(f"{API}/cards", json=body, headers=EDIT), 400)
    assert os.listdir(folder) == []


def test_a_card_is_not_started_twice(client: TestClient) -> None:
    new(client)
    assert "already exists" in refused(
        client.post(f"{API}/cards", json={"name": "night", "players": ["X", "Y"]}, headers=EDIT),
        409,
    )


@pytest.mark.parametrize(
    "path",
    ["..%2F..%2Fetc%2Fpasswd", "%2E%2E", ".night", "night.yaml", "a%00b", "x" * 60, "nope"],
)
def test_no_request_reaches_outside_the_folder(client: TestClient, path: str) -> None:
    new(client)
    r = client.get(f"{API}/cards/{path}")
    assert r.status_code in (400, 404)
    refused(r, r.status_code)


def test_a_link_out_of_the_folder_is_no_card(
    client: TestClient, folder: Path, tmp_path: Path
) -> None:
    outside = tmp_path / "outside.yaml"
    assert golf("card", "new", str(outside), "-p", "Ann,Bob").exit_code == 0
    (folder / "escape.yaml").symlink_to(outside)
    (folder / "inside.yaml").symlink_to(folder / "night.yaml")
    new(client)
    refused(client.get(f"{API}/cards/escape"), 404)
    r = client.post(
        f"{API}/cards/escape/holes",
        json={"revision": 1, "hole": "1", "scores": {"Ann": 1, "Bob": 2}},
        headers=EDIT,
    )
    refused(r, 404)
    assert [c["name"] for c in client.get(f"{API}/cards").json()["cards"]] == ["inside", "night"]
    assert load(outside).played == []


def test_a_cards_variant_file_outside_the_folder_is_not_read(
    client: TestClient, folder: Path, tmp_path: Path
) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: six-card\nname: house\n")
    assert (
        golf("card", "new", str(folder / "far.yaml"), "-p", "A,B", "-v", str(house)).exit_code == 0
    )
    card = get(client, "far")
    assert "outside the served folder" in card["game"]["error"]
    r = client.post(
        f"{API}/cards/far/holes",
        json={"revision": 1, "hole": "1", "scores": {"A": "5 K 2 / 5 7 9", "B": 1}},
        headers=EDIT,
    )
    assert "outside the served folder" in refused(r, 422)
    r = client.post(
        f"{API}/cards/far/holes",
        json={"revision": 1, "hole": "1", "scores": {"A": 3, "B": 1}},
        headers=EDIT,
    )
    assert r.status_code == 200  # typed totals need no variant


def test_unknown_addresses_and_methods_are_4xx(client: TestClient) -> None:
    refused(client.get("/nope"), 404)
    refused(client.get("/static/../golfcli/web/app.py"), 404)
    refused(client.delete(f"{API}/cards"), 405)


def test_a_folder_variant_and_who_went_out(client: TestClient, folder: Path) -> None:
    source = REPO / "configs" / "variants" / "knock-penalty.yaml"
    (folder / "knock.yaml").write_text(source.read_text())
    body = {"name": "k", "players": ["Ann", "Bob"], "variant": "knock.yaml"}
    card = client.post(f"{API}/cards", json=body, headers=EDIT).json()["card"]
    assert card["game"]["closer"] is True
    layouts = {"Ann": "9 9 9 / 8 8 8", "Bob": "A 2 3 / 4 5 6"}
    r = add(client, card, layouts, closer="Ann")
    assert r.status_code == 200, r.text
    assert r.json()["said"].endswith("(Ann went out)")
    assert r.json()["card"]["rows"][0]["closer"] == "Ann"
    assert new(client)["game"]["closer"] is False


def test_a_fix_can_name_a_closer_and_take_one_off(client: TestClient) -> None:
    """The page's closer: "" in a fix says no one went out (a closer entered
    by mistake comes off); a name puts one on; leaving it out keeps it."""
    r = client.post(f"{API}/cards", json={"name": "k", "players": ["Ann", "Bob"]}, headers=EDIT)
    card = add(client, r.json()["card"], {"Ann": 4, "Bob": 5}, closer="Ann").json()["card"]
    assert card["rows"][0]["closer"] == "Ann"

    def fix(**body: Any) -> dict[str, Any]:
        now = get(client, "k")
        r = client.post(
            f"{API}/cards/k/fix",
            json={"revision": now["revision"], "hole": "1", "scores": {}, **body},
            headers=EDIT,
        )
        assert r.status_code == 200, r.text
        return r.json()["card"]["rows"][0]  # type: ignore[no-any-return]

    assert "closer" not in fix(closer="")
    assert fix(closer="Bob")["closer"] == "Bob"
    assert fix(scores={"Ann": "6"})["closer"] == "Bob"  # no closer field: kept
