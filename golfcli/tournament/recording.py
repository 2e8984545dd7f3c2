"""A run and the ratings database: the recorder opened for the run (or a
warning, and the run goes on without it) and what is said when it ends.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..arguments import shown_path
from ..render import plural
from .leaderboard import board_hint, refresh
from .plan import Plan
from .ratingsdb import (
    FLUSH_SECONDS,
    RatingsError,
    RunInfo,
    _insert,
    _register,
    _row,
    connect,
    utc_now,
    why,
)
from .rundir import read_run_file, run_meta


def open_recorder(
    plan: Plan, out: Path | None, db: Path | None, on_warning: Callable[[str], None] | None
) -> Recorder | None:
    """The ratings database's recorder for this run, or None (no ``db``, or
    a database that cannot be used: said in one warning, and the run goes
    on without it)."""
    if db is None:
        return None
    meta = read_run_file(out) if out is not None else run_meta(plan)
    try:
        return Recorder(db, RunInfo.from_meta(meta, str(out if out is not None else plan.config)))
    except RatingsError as exc:
        if on_warning is not None:
            on_warning(f"ratings database {exc}; {_not_recorded(out)}")
        return None


def _not_recorded(out: Path | None) -> str:
    if out is None:
        return "this run's games are not recorded there"
    return (
        f"this run's games are not recorded there (every one is in {out / 'games.jsonl'}: "
        f"golf ratings import {out} adds them once it is fixed)"
    )


def say_recorded(
    recorder: Recorder,
    out: Path | None,
    on_notice: Callable[[str], None] | None,
    on_warning: Callable[[str], None] | None,
) -> None:
    if recorder.problem is not None:
        if on_warning is not None:
            on_warning(f"ratings database {recorder.problem}; {_not_recorded(out)}")
        return
    if on_notice is None:
        return
    if recorder.added:
        on_notice(
            f"ratings: {plural(recorder.added, 'game')} recorded in {recorder.path} "
            f"({board_hint()})"
        )
    else:
        on_notice(
            f"ratings: nothing new for {recorder.path}: these games were recorded before "
            "(the same config, seed and bots play the same games)"
        )


class Recorder:
    """Records one run's games as the runner counts them.

    Games are committed together every :data:`FLUSH_SECONDS` (:meth:`tick`)
    and at :meth:`close`.  A failure never stops the run: the recorder keeps the
    first problem in :attr:`problem` (one line) and records no more; the
    run's games are still in its directory, for ``golf ratings import``."""

    def __init__(self, path: Path, info: RunInfo) -> None:
        self.path = path
        self.board = (info.variant, info.rules, info.seats, info.format)
        self.conn: sqlite3.Connection | None = connect(path, create=True)
        try:
            self.run = _register(self.conn, info)
        except sqlite3.Error as exc:
            self.conn.close()
            raise RatingsError(f"{shown_path(path)}: {why(exc)}") from None
        self.pending: list[tuple[Any, ...]] = []
        self.added = 0
        self.problem: str | None = None
        self._flushed = time.monotonic()

    def add(self, rec: Mapping[str, Any]) -> None:
        if self.conn is None:
            return
        self.pending.append(_row(self.run, rec, ""))
        self.tick()

    def tick(self) -> None:
        """Commit what is pending if the last commit is :data:`FLUSH_SECONDS`
        old: the runner calls it as games are counted and while it waits for
        them, so a game waits at most about that long to be committed (on one
        worker, which plays the games itself, also the length of the game
        being played)."""
        if self.pending and time.monotonic() - self._flushed >= FLUSH_SECONDS:
            self.flush()

    def flush(self) -> None:
        self._flushed = time.monotonic()
        if self.conn is None or not self.pending:
            return
        now = utc_now()
        rows = [(*r[:-1], now) for r in self.pending]
        try:
            self.added += _insert(self.conn, rows)
        except sqlite3.Error as exc:
            self.problem = f"{shown_path(self.path)}: {why(exc)}"
            self.conn.close()
            self.conn = None
        self.pending.clear()

    def close(self) -> None:
        self.flush()
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def refresh_board(recorder: Recorder) -> None:
    """After a run: its board's cached ratings brought up to date, so that
    ``golf ratings`` answers at once however many games the database holds
    (see :func:`golfcli.tournament.leaderboard.refresh`; nothing to do when
    the run recorded nothing)."""
    if recorder.problem is None and recorder.added:
        refresh(recorder.path, recorder.board)
