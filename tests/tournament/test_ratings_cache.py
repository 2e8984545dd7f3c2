"""The boards' cached ratings (schema 2): ``golf ratings`` replays only the
games the cache does not cover, and its numbers are always those of a
replay of every game from the start, whatever order the games came in."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from golfcli.tournament import leaderboard, ratingsdb

from ..helpers import boards, heads_up, info, record

BOARD = ("six-card", "r6", 2, "stroke")


def games(n: int, seed: int) -> list[dict[str, Any]]:
    return [heads_up("a", "b", (7 * i + seed) % 11, (5 * i + 2 * seed) % 13) for i in range(n)]


def scratch(db: Path, tmp: Path) -> list[leaderboard.Board]:
    """The boards as a replay of every game from the start gives them: a
    copy of the database without its cache."""
    copy = tmp / f"scratch-{db.name}"
    shutil.copy(db, copy)
    with sqlite3.connect(copy) as conn:
        conn.execute("DELETE FROM boards")
    return boards(copy)


def same(a: list[leaderboard.Board], b: list[leaderboard.Board]) -> None:
    assert [(x.variant, x.games, x.runs) for x in a] == [(y.variant, y.games, y.runs) for y in b]
    for x, y in zip(a, b, strict=True):
        assert [
            (r.bot, r.code, r.mu, r.sigma, r.games, r.first_seen, r.last_seen) for r in x.rows
        ] == [(r.bot, r.code, r.mu, r.sigma, r.games, r.first_seen, r.last_seen) for r in y.rows]


def row(r: leaderboard.Rated) -> tuple[Any, ...]:
    return (r.bot, r.code, r.mu, r.sigma, r.games, r.first_seen, r.last_seen)


def replayed_games(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the games the next reads replay (the cache's work left over)."""
    seen: list[int] = []
    real = leaderboard._replay

    def counting(state: Any, games: Any, *rest: Any) -> None:
        items = list(games)
        seen.append(len(items))
        real(state, iter(items), *rest)

    monkeypatch.setattr(leaderboard, "_replay", counting)
    return seen


def test_a_fresh_cache_is_read_without_replaying_a_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "r.db"
    record(db, info("one", {"a": "random", "b": "greedy"}), games(40, 1))
    assert leaderboard.refresh(db, BOARD)
    seen = replayed_games(monkeypatch)
    got = boards(db)
    assert seen == [0]  # nothing left to replay
    monkeypatch.undo()
    same(got, scratch(db, tmp_path))
    assert got[0].games == 40


def test_games_after_the_cache_are_replayed_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "r.db"
    record(db, info("one", {"a": "random", "b": "greedy"}), games(30, 1))
    assert leaderboard.refresh(db, BOARD)
    later = info("two", {"a": "random", "b": "greedy"}, started="2026-02-01T00:00:00Z")
    record(db, later, games(12, 2))  # recorded, the cache not refreshed
    seen = replayed_games(monkeypatch)
    got = boards(db)
    assert seen == [12]
    monkeypatch.undo()
    same(got, scratch(db, tmp_path))


def test_an_older_run_recorded_later_makes_every_game_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Games that sort before the cache's last one (an earlier run imported
    afterwards): the cache cannot be continued, so every game is replayed,
    and a refresh makes the cache whole again."""
    db = tmp_path / "r.db"
    record(
        db,
        info("new", {"a": "random", "b": "greedy"}, started="2026-03-01T00:00:00Z"),
        games(20, 3),
    )
    assert leaderboard.refresh(db, BOARD)
    record(
        db, info("old", {"a": "random", "b": "greedy"}, started="2026-01-01T00:00:00Z"), games(9, 4)
    )
    seen = replayed_games(monkeypatch)
    got = boards(db)
    assert seen == [29]
    monkeypatch.undo()
    same(got, scratch(db, tmp_path))
    assert leaderboard.refresh(db, BOARD)
    seen = replayed_games(monkeypatch)
    same(boards(db), got)
    assert seen == [0]


def test_a_cache_that_is_not_golfs_json_is_ignored(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    record(db, info("one", {"a": "random", "b": "greedy"}), games(10, 5))
    assert leaderboard.refresh(db, BOARD)
    want = boards(db)
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE boards SET state = '{\"games\": 3}'")
    same(boards(db), want)


def test_a_tournament_leaves_its_board_cached(tmp_path: Path) -> None:
    """The run refreshes its board when it ends: the cache covers its games."""
    from ..helpers import golf, write

    cfg = write(
        tmp_path,
        "name: cached\nvariant: six-card\ngames: 4\nholes: 1\nseed: 2\n"
        "players: [{name: a, bot: random}, {name: b, bot: greedy}]\n",
    )
    db = tmp_path / "r.db"
    result = golf("tournament", str(cfg), "--db", str(db), "-q")
    assert result.exit_code == 0, result.stderr
    with sqlite3.connect(db) as conn:
        ((state,),) = conn.execute("SELECT state FROM boards").fetchall()
        (tally,) = conn.execute("SELECT sum(games) FROM tallies").fetchone()
    assert leaderboard.Replayed.from_json(state).games == tally == 8


def test_a_schema_1_database_is_upgraded_by_its_first_writer(tmp_path: Path) -> None:
    """Its games counted into the tallies once; read before that, with no
    cache, every game is replayed, as before."""
    db = tmp_path / "r.db"
    record(db, info("one", {"a": "random", "b": "greedy"}), games(15, 6))
    with sqlite3.connect(db) as conn:  # as golf before schema 2 left it
        conn.execute("DROP TABLE tallies")
        conn.execute("DROP TABLE boards")
        conn.execute("PRAGMA user_version = 1")
    old = boards(db)
    assert old[0].games == 15
    conn = ratingsdb.connect(db, create=True)
    try:
        assert conn.execute("PRAGMA user_version").fetchone() == (2,)
        assert conn.execute("SELECT run, games FROM tallies").fetchall() == [(1, 15)]
    finally:
        conn.close()
    assert leaderboard.refresh(db, BOARD)
    same(boards(db), old)


def test_the_leaderboard_as_a_page(tmp_path: Path) -> None:
    """golf ratings --format html: one self-contained page, a table and a
    plot of the ratings with their ranges per board, nothing fetched."""
    from ..helpers import golf

    db = tmp_path / "r.db"
    record(db, info("one", {"a": "random", "b": "greedy"}), games(12, 7))
    r = golf("ratings", "--db", str(db), "--format", "html")
    assert r.exit_code == 0, r.stderr
    page = r.stdout
    assert page.startswith("<!DOCTYPE html>") and page.count('data-plot="ratings-board"') == 1
    assert "six-card, 2 players" in page and ">greedy<" in page and ">random<" in page
    assert "http" not in page.replace("http://www.w3.org/2000/svg", "")
    line = golf("ratings", "--db", str(db), "--format", "pdf")
    assert line.exit_code == 2 and "html" in line.stderr


def test_a_run_of_the_same_start_that_sorts_before_the_cache_replays_everything(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Runs that start at the same second are ordered by their identity: one
    recorded after the cache but ordered before its last game (uid "a"
    after "b") cannot continue the cache."""
    db = tmp_path / "r.db"
    pair = {"a": "random", "b": "greedy"}
    record(db, info("b", pair, started="2026-01-01T00:00:00Z"), games(15, 8))
    assert leaderboard.refresh(db, BOARD)
    record(db, info("a", pair, started="2026-01-01T00:00:00Z"), games(6, 9))
    seen = replayed_games(monkeypatch)
    got = boards(db)
    assert seen == [21]
    monkeypatch.undo()
    same(got, scratch(db, tmp_path))


def test_a_read_inside_the_callers_transaction_leaves_it_open(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    record(db, info("one", {"a": "random", "b": "greedy"}), games(5, 1))
    conn = ratingsdb.connect(db, create=False)
    try:
        _, who = leaderboard._players(conn, BOARD)
        conn.execute("BEGIN")
        state = leaderboard.replayed(conn, BOARD, who)
        assert conn.in_transaction and state.games == 5  # the caller's snapshot, still open
        conn.execute("COMMIT")
        leaderboard.replayed(conn, BOARD, who)
        assert not conn.in_transaction  # its own, closed
    finally:
        conn.close()


def test_a_refresh_that_cannot_open_the_database_says_so(tmp_path: Path) -> None:
    assert leaderboard.refresh(tmp_path, BOARD) is False  # a folder, not a database
