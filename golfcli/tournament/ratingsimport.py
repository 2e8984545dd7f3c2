"""``golf ratings import DIR``: a finished run's games added to the ratings
database from its run directory (a run played with ``--no-db``, or while
the database could not be used), each game once, as the run would have
recorded them.
"""

from __future__ import annotations

import json
import sqlite3
import stat
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..arguments import shown_path
from ..exceptions import InputError
from .plan import ConfigError
from .ratingsdb import (
    RatingsError,
    RunInfo,
    _insert,
    _register,
    _row,
    _strerror,
    _what_is,
    connect,
    why,
)
from .rundir import check_shape, read_games, read_run_file


@dataclass
class Imported:
    added: int
    known: int  # games already in the database
    skipped: int  # lines that are not a readable game of this run
    #: the run's (variant, rules, seats, format): which board to refresh
    board: tuple[str, str, int, str] = field(default=("", "", 0, ""), compare=False)


def import_run(path: Path, out: Path) -> Imported:
    """Add the games of the run directory ``out`` (idempotent).

    A run stopped by its SPRT kept games it did not count (finished by other
    workers after the stop); they are left out here too, as the run left
    them out of its report."""
    try:
        meta = read_run_file(out)
        info = RunInfo.from_meta(meta, str(out))
    except ConfigError as exc:
        raise RatingsError(str(exc)) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise RatingsError(
            f"{shown_path(out / 'run.json')}: not a run golf can rate: {why(exc)}"
        ) from None
    counted = _counted(out)
    games = out / "games.jsonl"
    try:
        st = games.stat()
        if not stat.S_ISREG(st.st_mode):  # a FIFO would be waited on for ever
            raise RatingsError(f"{shown_path(games)}: {_what_is(st.st_mode)}, not a run's games")
        recorded = datetime.fromtimestamp(st.st_mtime, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        rows, skipped = _game_rows(games, info, counted, recorded)
    except OSError as exc:
        raise RatingsError(f"{shown_path(games)}: cannot read: {_strerror(exc)}") from None
    conn = connect(path, create=True)
    try:
        run = _register(conn, info)
        rows = [(run, *r[1:]) for r in rows]
        added = 0
        for start in range(0, len(rows), 5000):
            added += _insert(conn, rows[start : start + 5000])
    except sqlite3.Error as exc:
        raise RatingsError(f"{shown_path(path)}: {why(exc)}") from None
    finally:
        conn.close()
    return Imported(
        added, len(rows) - added, skipped, (info.variant, info.rules, info.seats, info.format)
    )


def _counted(out: Path) -> int | None:
    """How many games (by index) a run stopped by its SPRT counted, or None
    to take every game."""
    try:
        res = json.loads((out / "results.json").read_bytes()[:10_000_000])
        run = res["run"]
        if run.get("stop_reason") == "sprt" and isinstance(run.get("games_played"), int):
            return int(run["games_played"])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return None


def _game_rows(
    games: Path, info: RunInfo, counted: int | None, recorded: str
) -> tuple[list[tuple[Any, ...]], int]:
    rows: list[tuple[Any, ...]] = []
    skipped = 0
    for _, line in read_games(games):
        try:
            rec = json.loads(line)
            if not isinstance(rec, dict) or not isinstance(rec.get("game"), int):
                raise InputError("not a game record")
            check_shape(rec, rec["game"], set(info.entrants) or set(rec["sides"]))
            if rec["game"] < 0 or not set(rec["seating"]) <= info.players.keys():
                raise InputError("a player this run does not have")
        except (ValueError, TypeError, KeyError):
            skipped += 1
            continue
        if counted is None or rec["game"] < counted:
            rows.append(_row(0, rec, recorded))
    return rows, skipped
