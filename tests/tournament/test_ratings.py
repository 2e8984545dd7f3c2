"""The ratings database (golfcli/tournament/ratingsdb.py) and ``golf ratings``:
every counted game recorded once, whatever records it (a run, its resume,
an import); two processes writing at once and a SIGKILL mid-write lose
nothing; a damaged or foreign file is one line and stays as it was; the
leaderboard does not depend on the order games reached the file in."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from golfcli.tournament import leaderboard, ratingsdb
from golfcli.tournament.leaderboard import side_ranks

from ..helpers import GOLF, Gate, golf, one_error_line, write

# 3 players in pairs: 3 tables x 2 seatings x 5 deals = 30 one-hole games;
# each player plays 2 tables x 2 seatings x 5 deals = 20 of them.
CFG = """\
name: rated
variant: six-card
holes: 1
players:
  - {name: ann, bot: greedy}
  - {name: bob, bot: random}
  - {name: cat, bot: greedy, options: {threshold: 6}}
seats: 2
games: 5
seed: 3
workers: 1
"""
GAMES = 30


def ok(*args: str) -> Any:
    r = golf(*args)
    assert r.exit_code == 0, r.output
    return r


def games_in(db: Path) -> dict[str, set[int]]:
    """Run name -> the game indices the database holds for it."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT r.name, g.game FROM games g JOIN runs r ON r.id = g.run"
        ).fetchall()
    out: dict[str, set[int]] = {}
    for name, game in rows:
        out.setdefault(name, set()).add(game)
    return out


def on_disk(out: Path) -> set[int]:
    return {json.loads(line)["game"] for line in (out / "games.jsonl").read_text().splitlines()}


def board(db: Path, *extra: str) -> dict[str, Any]:
    """The leaderboard's JSON without what differs between two databases of
    the same games (when each game was first and last recorded, where the
    file is)."""
    got = json.loads(ok("ratings", "--db", str(db), "--format", "json", *extra).stdout)
    got.pop("database")
    for b in got["boards"]:
        for r in b["ratings"]:
            r.pop("last_seen")
            r.pop("first_seen")
    return dict(got)


# --------------------------------------------------------------------------- recording


def test_a_tournament_records_every_counted_game_and_the_board_rates_them(
    tmp_path: Path,
) -> None:
    db, out = tmp_path / "r.db", tmp_path / "run"
    r = ok("tournament", str(write(tmp_path, CFG)), "--db", str(db), "--out", str(out))
    assert f"ratings: {GAMES} games recorded in {db} (golf ratings shows the leaderboard)\n" in (
        r.stderr
    )
    assert games_in(db) == {"rated": on_disk(out)} and len(on_disk(out)) == GAMES
    got = board(db)
    assert got["schema"] == "golf-ratings/1"
    (b,) = got["boards"]
    assert (b["variant"], b["seats"], b["format"], b["games"], b["runs"]) == (
        "six-card",
        2,
        "stroke",
        GAMES,
        1,
    )
    rows = {r["names"][0]: r for r in b["ratings"]}
    assert set(rows) == {"ann", "bob", "cat"} and all(r["games"] == 20 for r in rows.values())
    assert rows["cat"]["bot"] == "greedy" and rows["cat"]["options"] == {"threshold": 6}
    assert rows["ann"]["options"] == {} and rows["ann"]["code"] == rows["cat"]["code"] != ""
    # ranked by rating - 1.96 sigma; random is last against two greedy bots
    lows = [r["rating"] - r["ci95"] for r in b["ratings"]]
    assert lows == sorted(lows, reverse=True) and b["ratings"][-1]["names"] == ["bob"]
    table = ok("ratings", "--db", str(db)).stdout
    assert "six-card, 2 players, stroke play: 30 games in 1 run" in table
    assert "greedy?threshold=6" in table and f"database: {db}" in table


def test_the_same_run_is_recorded_once_however_it_arrives(tmp_path: Path) -> None:
    cfg = write(tmp_path, CFG)
    db, out = tmp_path / "r.db", tmp_path / "run"
    ok("tournament", str(cfg), "--db", str(db), "--out", str(out), "-q")
    before = board(db)
    r = ok("ratings", "import", str(out), "--db", str(db))
    assert f"0 new game(s) recorded in {db}, {GAMES} recorded before" in r.stdout
    # the same config and seed again (no --out): the same games, nothing new
    r = ok("tournament", str(cfg), "--db", str(db))
    assert "nothing new" in r.stderr
    ok("tournament", str(cfg), "--db", str(db), "--out", str(out), "--resume", "-q")
    assert board(db) == before and len(games_in(db)["rated"]) == GAMES
    # more deals on resume: only the new games are added, to the same run
    ok("tournament", str(cfg), "--db", str(db), "--out", str(out), "--resume", "--games", "8")
    assert games_in(db) == {"rated": on_disk(out)} and len(on_disk(out)) == 8 * 6
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM runs").fetchone() == (1,)
    # another seed is another run
    ok("tournament", str(cfg), "--db", str(db), "--seed", "4", "-q")
    assert len(board(db)["boards"][0]["ratings"]) == 3
    assert board(db)["boards"][0]["runs"] == 2


def test_import_gives_what_recording_live_gives(tmp_path: Path) -> None:
    cfg = write(tmp_path, CFG)
    live, imported = tmp_path / "live.db", tmp_path / "imported.db"
    ok("tournament", str(cfg), "--db", str(live), "--out", str(tmp_path / "a"), "-q")
    ok("tournament", str(cfg), "--no-db", "--out", str(tmp_path / "b"), "-q")
    assert not (tmp_path / "b.db").exists()
    r = ok("ratings", "import", str(tmp_path / "b"), "--db", str(imported))
    assert f"{GAMES} new game(s) recorded" in r.stdout
    assert board(imported) == board(live)
    r = ok("ratings", "import", str(tmp_path / "b"), "--db", str(imported))
    assert "0 new game(s)" in r.stdout and board(imported) == board(live)


def test_the_order_games_arrive_in_does_not_change_the_ratings(tmp_path: Path) -> None:
    """Ratings replay the games by run start, run, game index: importing two
    runs in either order gives one board.  The order does matter to the
    model (the control: the same games with the runs' start times swapped)."""
    cfg = write(tmp_path, CFG)
    first, second = tmp_path / "first", tmp_path / "second"
    ok("tournament", str(cfg), "--no-db", "--out", str(first), "-q")
    ok("tournament", str(cfg), "--no-db", "--out", str(second), "--seed", "4", "-q")
    for out, when in ((first, "2026-01-01T10:00:00+0000"), (second, "2026-01-01T11:00:00+0000")):
        meta = json.loads((out / "run.json").read_text())
        meta["started"] = when
        (out / "run.json").write_text(json.dumps(meta))
    ok("ratings", "import", str(first), str(second), "--db", str(tmp_path / "ab.db"))
    ok("ratings", "import", str(second), str(first), "--db", str(tmp_path / "ba.db"))
    assert board(tmp_path / "ab.db") == board(tmp_path / "ba.db")
    meta = json.loads((first / "run.json").read_text())
    meta["started"] = "2026-01-01T12:00:00+0000"  # now after the second run
    (first / "run.json").write_text(json.dumps(meta))
    ok("ratings", "import", str(first), str(second), "--db", str(tmp_path / "swapped.db"))
    assert board(tmp_path / "swapped.db") != board(tmp_path / "ab.db")


def test_no_db_writes_nothing_and_db_with_no_db_is_refused(tmp_path: Path) -> None:
    cfg = write(tmp_path, CFG)
    data = tmp_path / "data"
    env_before = os.environ["XDG_DATA_HOME"]
    os.environ["XDG_DATA_HOME"] = str(data)
    try:
        ok("tournament", str(cfg), "--no-db", "-q")
        assert not data.exists()
        r = ok("ratings")
        assert "no games recorded yet" in r.stdout
        ok("tournament", str(cfg), "-q")  # the default: the user's data directory
        assert (data / "golf" / "ratings.db").is_file()
        assert ratingsdb.default_path() == data / "golf" / "ratings.db"
        assert "rated" not in ok("ratings").stdout  # the board names bots, not runs
        assert "30 games in 1 run" in ok("ratings").stdout
    finally:
        os.environ["XDG_DATA_HOME"] = env_before
    line = one_error_line(golf("tournament", str(cfg), "--db", "x.db", "--no-db"))
    assert "--db" in line and "--no-db" in line


def test_the_tests_never_write_the_real_users_data_directory() -> None:
    data = Path(os.environ["XDG_DATA_HOME"])
    assert data.name.startswith("golf-test-data-") and Path.home() not in data.parents
    assert ratingsdb.default_path().is_relative_to(data)


# --------------------------------------------------------------------------- who is who


def test_filters_by_variant_and_player_count(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    ok("tournament", str(write(tmp_path, CFG)), "--db", str(db), "-q")
    three = CFG.replace("seats: 2\n", "").replace("games: 5", "games: 2")
    ok("tournament", str(write(tmp_path, three, "three.yaml")), "--db", str(db), "-q")
    four = CFG.replace("six-card", "four-card").replace("games: 5", "games: 1")
    ok("tournament", str(write(tmp_path, four, "four.yaml")), "--db", str(db), "-q")
    every = board(db)["boards"]
    assert [(b["variant"], b["seats"], b["games"]) for b in every] == [
        ("six-card", 2, 30),
        ("four-card", 2, 6),  # most games first, then by name
        ("six-card", 3, 6),
    ]
    assert [b["seats"] for b in board(db, "--players", "3")["boards"]] == [3]
    assert [b["seats"] for b in board(db, "--variant", "six-card")["boards"]] == [2, 3]
    got = [(b["variant"], b["seats"]) for b in board(db, "-v", "four-card", "-p", "2")["boards"]]
    assert got == [("four-card", 2)]
    r = ok("ratings", "--db", str(db), "--variant", "nine-card")
    assert "no games of nine-card recorded" in r.stdout


def test_house_rules_under_a_builtin_name_get_a_board_of_their_own(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    ok("tournament", str(write(tmp_path, CFG)), "--db", str(db), "-q")
    house = CFG.replace(
        "variant: six-card", "variant: {extends: six-card, values: {ranks: {K: 5}}}"
    )
    ok("tournament", str(write(tmp_path, house, "house.yaml")), "--db", str(db), "-q")
    boards = board(db)["boards"]
    assert len(boards) == 2 and boards[0]["rules"] != boards[1]["rules"]
    assert "(rules " in ok("ratings", "--db", str(db)).stdout


def test_partners_are_rated_each_for_their_own_bot(tmp_path: Path) -> None:
    cfg = write(
        tmp_path,
        "variant: alberta\nholes: 1\ngames: 1\nseed: 2\nworkers: 1\n"
        "players:\n  - {name: n1, bot: greedy}\n  - {name: e1, bot: random}\n"
        "  - {name: n2, bot: greedy}\n  - {name: e2, bot: random}\n"
        "teams:\n  North: [n1, n2]\n  East: [e1, e2]\n",
    )
    db = tmp_path / "r.db"
    ok("tournament", str(cfg), "--db", str(db), "-q")
    (b,) = board(db)["boards"]
    assert b["seats"] == 4 and b["games"] == 4
    # two bots (greedy, random), each seated twice a game on one side
    assert sorted((r["bot"], sorted(r["names"]), r["games"]) for r in b["ratings"]) == [
        ("greedy", ["n1", "n2"], 4),
        ("random", ["e1", "e2"], 4),
    ]


def test_a_changed_bot_file_is_a_new_bot(tmp_path: Path) -> None:
    bot = tmp_path / "mine.py"
    bot.write_text("def choose(view, legal):\n    return legal[0]\n")
    cfg = write(tmp_path, CFG.replace("bot: random", "bot: mine.py"))
    db = tmp_path / "r.db"
    ok("tournament", str(cfg), "--db", str(db), "-q")
    bot.write_text("def choose(view, legal):\n    return legal[-1]\n")
    ok("tournament", str(cfg), "--db", str(db), "-q")
    (b,) = board(db)["boards"]
    mine = [r for r in b["ratings"] if r["bot"] == "mine.py"]
    assert len(mine) == 2 and mine[0]["code"] != mine[1]["code"]
    assert all(r["games"] == 20 for r in mine)
    greedy = [r for r in b["ratings"] if r["bot"] == "greedy" and not r["options"]]
    assert len(greedy) == 1 and greedy[0]["games"] == 40  # one bot across both runs


def test_one_bot_one_row_however_its_file_is_named_and_labels_tell_versions(
    tmp_path: Path,
) -> None:
    """The same bot file given as ``bots/pairs.py``, as ``../bots/pairs.py``
    from another folder and copied to ``mybot.py``: one bot, one row, its
    games pooled, every spec it was given listed.  A changed copy labelled
    ``@v2`` in its player's name is a row of its own, with its label."""
    code = "def choose(view, legal):\n    return legal[0]\n"
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "pairs.py").write_text(code)
    (tmp_path / "bots" / "mybot.py").write_text(code)
    (tmp_path / "other").mkdir()
    db = tmp_path / "r.db"
    runs = (
        (tmp_path, "bots/pairs.py", "pairs@v1", 3),
        (tmp_path / "other", "../bots/pairs.py", "pairs", 4),
        (tmp_path, "bots/mybot.py", "mine", 5),
    )
    for folder, spec, name, seed in runs:
        cfg = write(
            folder, CFG.replace("{name: bob, bot: random}", f"{{name: '{name}', bot: {spec}}}")
        )
        ok("tournament", str(cfg), "--db", str(db), "--seed", str(seed), "-q")
    (b,) = board(db)["boards"]
    mine = [r for r in b["ratings"] if r["bot"].endswith(".py")]
    assert len(mine) == 1, mine
    (row,) = mine
    # (runs started in the same second are ordered by their identity: any order here)
    assert row["games"] == 3 * 20 and row["bot"] == row["specs"][0]
    assert sorted(row["specs"]) == ["../bots/pairs.py", "bots/mybot.py", "bots/pairs.py"]
    assert sorted(row["names"]) == ["mine", "pairs", "pairs@v1"]
    assert (row["label"], row["labels"]) == ("v1", ["v1"])
    # a changed file, labelled: a new bot, on a row of its own
    (tmp_path / "bots" / "pairs.py").write_text(code.replace("legal[0]", "legal[-1]"))
    cfg = write(
        tmp_path, CFG.replace("{name: bob, bot: random}", "{name: pairs@v2, bot: bots/pairs.py}")
    )
    ok("tournament", str(cfg), "--db", str(db), "-q")
    got = json.loads(ok("ratings", "--db", str(db), "--format", "json").stdout)
    rows = [r for r in got["boards"][0]["ratings"] if r["bot"].endswith(".py")]
    assert sorted((r["label"], r["games"]) for r in rows) == [("v1", 60), ("v2", 20)]
    v2 = next(r for r in rows if r["label"] == "v2")
    assert v2["first_seen"] <= v2["last_seen"] and v2["code"] != row["code"]
    table = ok("ratings", "--db", str(db)).stdout
    assert f"{row['bot']} (also {', '.join(row['specs'][1:])})" in table
    assert " v2 " in table and v2["code"][:8] in table


def test_side_ranks_follow_the_tournaments_pairwise_order() -> None:
    # stroke play: winners first, then lower totals; equal is a tie
    assert side_ranks([1], [30, 12, 30], [0, 1, 0], "stroke") == [1, 0, 1]
    assert side_ranks([0, 2], [12, 20, 12], [1, 0, 1], "stroke") == [0, 2, 0]
    assert side_ranks([], [12, 20], [1, 0], "stroke") == [0, 1]
    # a playoff winner beats a side with the same total
    assert side_ranks([1], [12, 12], [0, 0], "stroke") == [1, 0]
    # match play: holes won, not totals
    assert side_ranks([], [40, 10, 25], [1.5, 0.5, 1.0], "match") == [0, 2, 1]


def test_a_bot_against_itself_learns_nothing_about_itself() -> None:
    rated: dict[Any, tuple[float, float]] = {}
    leaderboard._rate(rated, [[7], [7]], [0, 1])
    assert rated[7][0] == pytest.approx(leaderboard.MU)  # a win and a loss: no change
    leaderboard._rate(rated, [[7], [8]], [0, 1])
    assert rated[7][0] > leaderboard.MU > rated[8][0]


def test_a_run_json_from_before_the_bots_were_kept_still_imports(tmp_path: Path) -> None:
    out = tmp_path / "old"
    ok("tournament", str(write(tmp_path, CFG)), "--no-db", "--out", str(out), "-q")
    meta = json.loads((out / "run.json").read_text())
    del meta["bots"], meta["name"]
    (out / "run.json").write_text(json.dumps(meta))
    db = tmp_path / "r.db"
    assert f"{GAMES} new game(s)" in ok("ratings", "import", str(out), "--db", str(db)).stdout
    (b,) = board(db)["boards"]
    assert {r["code"] for r in b["ratings"]} == {f"golfcli {meta['golfcli']}"}


# --------------------------------------------------------------------------- bad input


def test_import_refuses_what_is_not_a_run_in_one_line(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    line = one_error_line(golf("ratings", "import", str(tmp_path), "--db", str(db)))
    assert "no run.json here" in line
    out = tmp_path / "run"
    ok("tournament", str(write(tmp_path, CFG)), "--no-db", "--out", str(out), "-q")
    good = (out / "games.jsonl").read_text().splitlines(keepends=True)
    (out / "games.jsonl").write_text(
        "".join(good[:-1]) + "not json\n" + '{"game": 3, "totals": "xx"}\n' + good[-1][:20]
    )
    r = ok("ratings", "import", str(out), "--db", str(db))
    assert f"{GAMES - 1} new game(s)" in r.stdout and "3 unreadable line(s) skipped" in r.stdout
    (out / "run.json").write_text("[1, 2]")
    line = one_error_line(golf("ratings", "import", str(out), "--db", str(db)))
    assert "run.json" in line and "unreadable run file" in line


def _foreign(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
        conn.execute("INSERT INTO notes VALUES ('mine')")
    conn.close()


def _newer(path: Path) -> None:
    ok("tournament", str(write(path.parent, CFG, "newer.yaml")), "--db", str(path), "-q")
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 99")
    conn.close()


@pytest.mark.parametrize(
    ("damage", "says"),
    [
        (lambda p: p.write_bytes(b"\x00\x01 not a database " * 100), "not an SQLite database"),
        (lambda p: p.write_bytes(b"SQLite format 3\x00" + b"\xff" * 2000), "ratings.db: "),
        (_foreign, "not golf's ratings"),
        (_newer, "made by a newer golf"),
        (lambda p: p.mkdir(), "ratings.db: "),
    ],
    ids=["garbage", "broken-header", "foreign", "newer", "directory"],
)
def test_a_damaged_or_foreign_database_is_one_line_and_stays_as_it_was(
    tmp_path: Path, damage: Any, says: str
) -> None:
    db = tmp_path / "ratings.db"
    damage(db)
    before = db.read_bytes() if db.is_file() else None
    out = tmp_path / "run"
    r = golf("tournament", str(write(tmp_path, CFG)), "--db", str(db), "--out", str(out), "-q")
    # the tournament completes, every game in its run directory, and says so once
    assert r.exit_code == 0, r.output
    assert "Standings" in r.stdout and len(on_disk(out)) == GAMES
    (warning,) = r.stderr.strip().splitlines()
    assert warning.startswith(f"golf: warning: ratings database {db}") and says in warning
    assert f"golf ratings import {out}" in warning and "Traceback" not in r.output
    assert (db.read_bytes() if db.is_file() else None) == before
    assert says in one_error_line(golf("ratings", "--db", str(db)))
    assert says in one_error_line(golf("ratings", "import", str(out), "--db", str(db)))
    assert (db.read_bytes() if db.is_file() else None) == before


def test_a_database_damaged_inside_is_one_line(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    ok("tournament", str(write(tmp_path, CFG)), "--db", str(db), "-q")
    data = bytearray(db.read_bytes())
    assert len(data) > 4096
    data[1024:] = b"\xa5" * (len(data) - 1024)  # every page past the header's
    db.write_bytes(bytes(data))
    line = one_error_line(golf("ratings", "--db", str(db)))
    assert str(db) in line
    r = golf("tournament", str(write(tmp_path, CFG, "u.yaml")), "--db", str(db), "-q")
    assert r.exit_code == 0 and "Traceback" not in r.output
    assert r.stderr.startswith("golf: warning: ratings database") and r.stderr.count("\n") == 1


def test_an_explicit_missing_database_is_one_line(tmp_path: Path) -> None:
    line = one_error_line(golf("ratings", "--db", str(tmp_path / "none.db")))
    assert "no ratings database here" in line


def test_the_board_needs_no_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The model is golf's own (openskill's update, checked against it in
    the tests): recording and the board work on a base install."""
    db = tmp_path / "r.db"
    monkeypatch.setitem(sys.modules, "openskill", None)
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    r = ok("tournament", str(write(tmp_path, CFG)), "--db", str(db))
    assert f"recorded in {db} (golf ratings shows the leaderboard)" in r.stderr
    assert len(games_in(db)["rated"]) == GAMES
    board = ok("ratings", "--db", str(db), "--format", "json")
    assert json.loads(board.stdout)["boards"][0]["games"] == GAMES


# --------------------------------------------------------------------------- real processes

WRITER = """\
import sys
from pathlib import Path
from golfcli.tournament import ratingsdb, recording

info = ratingsdb.RunInfo(
    uid=sys.argv[2], started="2026-01-01T00:00:00Z", name=sys.argv[2], variant="six-card",
    rules="r", seats=2, format="stroke", config_hash="h", source="test", golfcli="0",
    players={"a": {"bot": "random", "options": {}, "code": ""},
             "b": {"bot": "greedy", "options": {}, "code": ""}},
)
rec = recording.Recorder(Path(sys.argv[1]), info)
i = int(sys.argv[3])
while True:
    rec.add({"game": i, "deal": i, "seating": ["a", "b"], "side_of": [0, 1],
             "totals": [i % 7, 3], "holes_won": [0, 1], "winners": [1]})
    rec.flush()  # committed: only now is the game said to be recorded
    print(i, flush=True)
    i += 1
"""


def _kill_after(db: Path, uid: str, start: int, n: int) -> list[int]:
    """Run WRITER until it has said ``n`` games are recorded; SIGKILL it
    (mid-way through its next transaction, or between two); the games it said."""
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(db), uid, str(start)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    said = [int(proc.stdout.readline()) for _ in range(n)]
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    said += [int(line) for line in proc.stdout.read().split()]  # said before it died
    proc.stdout.close()
    return said


def test_sigkill_mid_write_leaves_every_committed_game(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    said: list[int] = []
    for k in range(3):  # three kills, each at an unknown point of a transaction
        said += _kill_after(db, "killed", k * 10_000, 150 + 37 * k)
        with sqlite3.connect(db) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        held = games_in(db)["killed"]
        # every game it said it recorded is there; at most one more (committed,
        # not yet said) for each kill
        assert set(said) <= held and len(held) <= len(said) + k + 1
    conn.close()
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM runs").fetchone() == (1,)
    conn.close()
    assert board(db)["boards"][0]["games"] == len(games_in(db)["killed"])


def _start(cfg: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "golfcli.cli.app", "tournament", str(cfg), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def _polled(db: Path, query: str) -> int:
    """A count from a database another process is writing (read-only: an
    open here must not create the file before golf does); 0 until it exists."""
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            return int(conn.execute(query).fetchone()[0])
        finally:
            conn.close()
    except sqlite3.Error:
        return 0


def _runs_registered(db: Path, n: int, procs: list[subprocess.Popen[str]]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for p in procs:
            assert p.poll() is None, p.communicate()
        if _polled(db, "SELECT count(*) FROM runs") >= n:
            return
        time.sleep(0.02)
    raise AssertionError("the runs never registered")


# 400 one-hole games a run, the second game begun held at a gate until the
# test has seen both runs open the database: then both write at once.
BUSY = """\
name: {name}
variant: six-card
holes: 1
players:
  - {{name: ann, bot: random}}
  - {{name: bob, {bob}}}
games: 200
seed: {seed}
workers: 1
"""


def test_two_runs_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    gates = [Gate(tmp_path / f"gate{k}") for k in range(2)]
    procs = []
    for k, gate in enumerate(gates):
        gate.shut()
        cfg = write(tmp_path, BUSY.format(name=f"run{k}", seed=k, bob=gate.bot(1)), f"{k}.yaml")
        procs.append(_start(cfg, "--db", str(db), "--out", str(tmp_path / f"out{k}"), "-q"))
    try:
        _runs_registered(db, 2, procs)
    finally:
        for gate in gates:
            gate.release()
    for p in procs:
        _, stderr = p.communicate(timeout=120)
        assert p.returncode == 0 and stderr == "", stderr
    held = games_in(db)
    for k in range(2):
        assert held[f"run{k}"] == on_disk(tmp_path / f"out{k}") == set(range(400))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses SIGKILL on a process group")
def test_a_run_killed_mid_way_then_resumed_records_each_game_once(tmp_path: Path) -> None:
    """Two workers; every game begun after the 150th is held at a gate, so the
    run cannot end: it is killed (main process and workers) once some of its
    counted games are committed (the pool loop commits while it waits)."""
    gate = Gate(tmp_path / "gate")
    gate.shut()
    cfg = write(tmp_path, BUSY.format(name="killed", seed=7, bob=gate.bot(150)))
    db, out = tmp_path / "r.db", tmp_path / "out"
    proc = _start(cfg, "--db", str(db), "--out", str(out), "--workers", "2", "-q")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and _polled(db, "SELECT count(*) FROM games") < 1:
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.02)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.communicate()
    gate.release()
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    conn.close()
    held = games_in(db)["killed"]
    assert held and held <= on_disk(out) and len(on_disk(out)) < 400
    assert held == set(range(len(held)))  # counted in index order: a prefix
    ok("tournament", str(cfg), "--db", str(db), "--out", str(out), "--resume", "-q")
    assert games_in(db) == {"killed": on_disk(out)} and len(on_disk(out)) == 400


def test_a_database_lost_mid_run_is_one_warning_and_the_run_completes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program locks the file for good once the run has begun: the
    recorder's next commit gives up (after BUSY_SECONDS, short here), the run
    plays to its end, and one warning says where its games are."""
    from golfcli.tournament.config import load_config
    from golfcli.tournament.runner import run_plan

    monkeypatch.setattr(ratingsdb, "BUSY_SECONDS", 0.05)
    monkeypatch.setattr(ratingsdb, "FLUSH_SECONDS", 0.0)  # a commit per game
    db, out = tmp_path / "r.db", tmp_path / "run"
    locker: list[sqlite3.Connection] = []

    def lock_it(done: int, total: int) -> None:
        if done and not locker:
            conn = sqlite3.connect(db, isolation_level=None)
            conn.execute("BEGIN EXCLUSIVE")
            locker.append(conn)

    warnings: list[str] = []
    plan = load_config(write(tmp_path, CFG))
    try:
        result = run_plan(plan, out, ratings=db, on_warning=warnings.append, on_progress=lock_it)
    finally:
        for conn in locker:
            conn.close()
    assert result.played == GAMES and len(on_disk(out)) == GAMES
    (warning,) = warnings
    assert warning.startswith(f"ratings database {db}: database is locked")
    assert f"golf ratings import {out}" in warning
    recorded = games_in(db).get("rated", set())
    assert len(recorded) < GAMES
    ok("ratings", "import", str(out), "--db", str(db))
    assert games_in(db) == {"rated": on_disk(out)}


# --------------------------------------------------------------------------- many creators

# 8 runs of 2 deals in 2 seatings: 32 games, as 8 imports started together bring them.
SMALL = """\
name: run{k}
variant: six-card
holes: 1
players:
  - {{name: ann, bot: greedy}}
  - {{name: bob, bot: random}}
games: 2
seed: {k}
workers: 1
"""

#: ``golf`` with its modules loaded, held until a byte arrives on its stdin:
#: the test releases eight at once, so they reach the missing database
#: together (started one by one, their start-up times would stagger them).
GATED = [
    sys.executable,
    "-c",
    "import sys; import golfcli.cli.app, golfcli.cli.ratings, golfcli.tournament.ratingsdb; "
    "sys.stdin.read(1); from golfcli.cli.entry import main; main()",
]


@pytest.fixture(scope="module")
def eight_runs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    import golfcli

    where = tmp_path_factory.mktemp("eight")
    runs = []
    for k in range(8):
        cfg = write(where, SMALL.format(k=k), f"t{k}.yaml")
        golfcli.run_tournament(cfg, out=where / f"run{k}")
        runs.append(where / f"run{k}")
    assert sum(len(on_disk(r)) for r in runs) == 32
    return runs


def _imports_released_together(runs: list[Path], db: Path) -> list[subprocess.Popen[str]]:
    procs = [
        subprocess.Popen(
            [*GATED, "ratings", "import", str(run), "--db", str(db)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for run in runs
    ]
    time.sleep(0.5)  # their imports done, each waits at its gate
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("x")
        p.stdin.flush()
    for p in procs:
        assert p.stdin is not None
        p.stdin.close()
    return procs


def _finish(p: subprocess.Popen[str]) -> tuple[str, str]:
    """Its output once it has ended (a few lines: the pipes never fill)."""
    p.wait(timeout=120)
    assert p.stdout is not None and p.stderr is not None
    out, err = p.stdout.read(), p.stderr.read()
    p.stdout.close()
    p.stderr.close()
    return out, err


def _each_game_once(db: Path, runs: list[Path]) -> None:
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("SELECT count(*) FROM games").fetchone() == (32,)
        assert conn.execute("SELECT count(*) FROM runs").fetchone() == (8,)
    conn.close()
    assert games_in(db) == {run.name: on_disk(run) for run in runs}


def test_eight_imports_making_one_database_at_once_keep_every_game(
    tmp_path: Path, eight_runs: list[Path]
) -> None:
    """Judged by three reads one after another (application id, version,
    tables), a database another process was making looked like another
    program's, and games were lost; now one process makes it, under a lock,
    while the others wait, and each judges it in one snapshot."""
    for attempt in range(2):
        db = tmp_path / f"try{attempt}" / "r.db"  # its directory missing too
        procs = _imports_released_together(eight_runs, db)
        for p, run in zip(procs, eight_runs, strict=True):
            out, err = _finish(p)
            assert p.returncode == 0 and err == "", err
            assert out.startswith(f"{run}: 4 new game(s) recorded in {db}, 0 recorded before")
        _each_game_once(db, eight_runs)


CREATOR = """\
import sys, time
from pathlib import Path
from golfcli.tournament import ratingsdb, recording

where, me, start, rounds = Path(sys.argv[1]), sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
info = ratingsdb.RunInfo(
    uid=me, started="2026-01-01T00:00:00Z", name=me, variant="six-card", rules="r", seats=2,
    format="stroke", config_hash="h", source="test", golfcli="0",
    players={"a": {"bot": "random", "options": {}, "code": ""},
             "b": {"bot": "greedy", "options": {}, "code": ""}},
)
for r in range(rounds):
    when = start + r * 0.04  # every process at the same instant, a new database each round
    time.sleep(max(0.0, when - time.time() - 0.003))
    while time.time() < when:
        pass
    rec = recording.Recorder(where / f"{r}.db", info)
    for i in range(4):
        rec.add({"game": i, "deal": i, "seating": ["a", "b"], "side_of": [0, 1],
                 "totals": [i, 3], "holes_won": [0, 1], "winners": [1]})
    rec.close()
    assert rec.problem is None, rec.problem
"""


def test_processes_making_databases_at_once_keep_every_game(tmp_path: Path) -> None:
    """Eight recorders (what a tournament records with) start on a missing
    database at the same instant, 40 times over: every database holds every
    run's games.  Before the creation lock, about one round in twenty lost
    a run ("not golf's ratings", or "database is locked" at once)."""
    rounds = 40
    start = time.time() + 1.5  # once every process has started
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", CREATOR, str(tmp_path), f"p{k}", str(start), str(rounds)],
            stderr=subprocess.PIPE,
            text=True,
        )
        for k in range(8)
    ]
    errors = [p.communicate(timeout=120)[1] for p in procs]
    assert all(p.returncode == 0 for p in procs), [e.strip().splitlines()[-1:] for e in errors]
    for r in range(rounds):
        held = games_in(tmp_path / f"{r}.db")
        assert held == {f"p{k}": {0, 1, 2, 3} for k in range(8)}, r


def test_imports_killed_while_making_the_database_lose_no_game(
    tmp_path: Path, eight_runs: list[Path]
) -> None:
    """Four of eight creators are killed (SIGKILL) at moments spread over
    the making of the file: what the others recorded is there, the file is
    whole, and importing every run again adds each missing game once."""
    import random

    rng = random.Random(5)
    for attempt in range(2):
        db = tmp_path / f"try{attempt}.db"
        procs = _imports_released_together(eight_runs, db)
        killed = set(rng.sample(range(8), 4))
        for k in sorted(killed):
            time.sleep(rng.uniform(0.0, 0.03))
            procs[k].kill()
        for k, p in enumerate(procs):
            _, err = _finish(p)
            assert k in killed or (p.returncode == 0 and err == ""), err
        survived = {eight_runs[k].name for k, p in enumerate(procs) if p.returncode == 0}
        if db.exists():
            with sqlite3.connect(db) as conn:
                assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            conn.close()
            held = games_in(db)
            runs = {run.name: run for run in eight_runs}
            assert all(held[name] == on_disk(runs[name]) for name in survived)
        else:
            assert not survived
        for run in eight_runs:
            ok("ratings", "import", str(run), "--db", str(db))
        _each_game_once(db, eight_runs)


# --------------------------------------------------------------------------- what is at --db


def _fifo(p: Path) -> None:
    os.mkfifo(p)


def _socket(p: Path) -> None:
    import socket

    s = socket.socket(socket.AF_UNIX)
    s.bind(str(p))
    s.close()


@pytest.mark.parametrize(
    ("make", "says"),
    [(_fifo, "a FIFO"), (_socket, "a socket"), (lambda p: p.mkdir(), "a directory")],
    ids=["fifo", "socket", "directory"],
)
def test_a_db_that_is_not_a_file_is_refused_before_it_is_opened(
    tmp_path: Path, make: Any, says: str
) -> None:
    """Opened, a FIFO waits for ever for a writer (golf tournament outlived
    ``timeout 10`` by minutes, SIGTERM held while it waited): each command
    runs in its own process here, under a timeout, so a hang fails the test."""
    db = tmp_path / "ff"
    make(db)
    run = tmp_path / "run"
    cfg = write(tmp_path, CFG)
    for args in (["ratings", "--db", str(db)], ["ratings", "import", str(run), "--db", str(db)]):
        if args[1] == "import" and not run.exists():
            ok("tournament", str(cfg), "--no-db", "--out", str(run), "-q")
        r = subprocess.run(
            [*GOLF, *args], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
        )
        assert r.returncode == 2 and r.stderr == f"golf: error: {db}: {says}, not a database file\n"
    r = subprocess.run(
        [*GOLF, "tournament", str(cfg), "--db", str(db), "-q"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0 and "Standings" in r.stdout
    assert r.stderr == (
        f"golf: warning: ratings database {db}: {says}, not a database file; "
        "this run's games are not recorded there\n"
    )


def test_a_device_as_db_is_refused(eight_runs: list[Path]) -> None:
    run = str(eight_runs[0])
    for args in (["ratings", "--db", "/dev/null"], ["ratings", "import", run, "--db", "/dev/zero"]):
        line = one_error_line(golf(*args))
        assert line == f"golf: error: {args[-1]}: a device, not a database file"


def test_every_path_error_is_one_line_naming_the_path(tmp_path: Path) -> None:
    run = tmp_path / "run"
    ok("tournament", str(write(tmp_path, CFG)), "--no-db", "--out", str(run), "-q")
    long = tmp_path / ("x" * 300) / "r.db"  # a name longer than a file system takes
    under_a_file = tmp_path / "t.yaml" / "r.db"
    for db, says in ((long, "File name too long"), (under_a_file, "Not a directory")):
        for args in (["ratings"], ["ratings", "import", str(run)]):
            line = one_error_line(golf(*args, "--db", str(db)))
            assert line.endswith(f": cannot use this path: {says}"), line
            assert len(line) <= 200 and line.startswith(f"golf: error: {str(db)[:40]}")
            assert "r.db" in line  # its end is shown, with the file's name


def _as_nobody() -> list[str] | None:
    """How to run a command without root's rights (root reads anything), or
    None where that cannot be done."""
    if os.geteuid() != 0:
        return []
    import shutil

    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]


def test_a_db_the_user_may_not_reach_is_one_line(eight_runs: list[Path]) -> None:
    import shutil
    import tempfile

    prefix = _as_nobody()
    if prefix is None:
        pytest.skip("running as root without setpriv: root may read anything")
    # The other user must be able to run this installation at all (a virtual
    # environment inside a private folder is out of its reach): else this test
    # would measure the environment, not golf's message.
    probe = subprocess.run([*prefix, *GOLF, "--version"], capture_output=True, timeout=60)
    if probe.returncode != 0:
        pytest.skip("another user cannot run this Python's golf (its packages are private)")
    where = Path(tempfile.mkdtemp())  # in /tmp: a place the other user reaches
    try:
        where.chmod(0o755)
        run = where / "run"
        shutil.copytree(eight_runs[0], run)
        shut = where / "shut"
        shut.mkdir()
        shut.chmod(0o000)
        for args in (["ratings"], ["ratings", "import", str(run)]):
            for db in (shut / "r.db", shut / "sub" / "r.db"):
                r = subprocess.run(
                    [*prefix, *GOLF, *args, "--db", str(db)],
                    capture_output=True,
                    text=True,
                    timeout=60,
                )
                assert r.returncode == 2, r.stderr
                assert r.stderr == f"golf: error: {db}: cannot use this path: Permission denied\n"
    finally:
        (where / "shut").chmod(0o755)
        shutil.rmtree(where)


# --------------------------------------------------------------------------- read-only


def _ours_other_schema(path: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA application_id = {ratingsdb.APP_ID}")
        conn.execute("CREATE TABLE runs (id INTEGER PRIMARY KEY, what TEXT)")
        conn.execute("INSERT INTO runs (what) VALUES ('mine')")
    conn.close()


def _ours_in_rollback_mode(path: Path) -> None:
    """A golf database as a copy or an older golf leaves it: not in WAL mode."""
    ok("tournament", str(write(path.parent, CFG, "copied.yaml")), "--db", str(path), "-q")
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()


def _damaged_inside(path: Path) -> None:
    _ours_in_rollback_mode(path)
    data = bytearray(path.read_bytes())
    data[1024:] = b"\xa5" * (len(data) - 1024)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (_ours_other_schema, "marked as golf's ratings, but not their tables (runs lacks "),
        (_foreign, "an SQLite database, but not golf's ratings"),
        (_newer, "made by a newer golf"),
        (_damaged_inside, "database disk image is malformed"),
        (lambda p: p.write_bytes(b"SQLite format 3\x00" + b"\xff" * 2000), ""),
        (lambda p: p.write_bytes(b""), "empty: not a golf ratings database"),
    ],
    ids=["golfs-id-other-schema", "foreign", "newer", "damaged", "broken-header", "empty"],
)
def test_golf_ratings_reads_and_never_writes(tmp_path: Path, make: Any, says: str) -> None:
    """``golf ratings`` opens the file read-only: a file it refuses is byte
    for byte as it was (it once switched one to WAL and bumped its header's
    counters), and the one line names the file."""
    import hashlib

    db = tmp_path / "g.db"
    make(db)
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    listing = sorted(os.listdir(tmp_path))
    for extra in ([], ["--format", "json"], ["--variant", "six-card", "--players", "2"]):
        line = one_error_line(golf("ratings", "--db", str(db), *extra))
        assert line.startswith(f"golf: error: {db}: ") and says in line, line
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before
    assert sorted(os.listdir(tmp_path)) == listing  # no journal, WAL or lock file left


def test_reading_a_good_database_leaves_it_as_it_was(tmp_path: Path) -> None:
    import hashlib

    db = tmp_path / "r.db"
    _ours_in_rollback_mode(db)
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    assert "30 games in 1 run" in ok("ratings", "--db", str(db)).stdout
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before
    with sqlite3.connect(db) as conn:  # still in the mode it was in
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    conn.close()
