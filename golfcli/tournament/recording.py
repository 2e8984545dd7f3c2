"""A run and the ratings database: the recorder opened for the run (or a
warning, and the run goes on without it) and what is said when it ends.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..render import plural
from .leaderboard import board_hint
from .plan import Plan
from .ratingsdb import RatingsError, Recorder, RunInfo
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
