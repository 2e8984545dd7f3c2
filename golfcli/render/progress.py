"""A run's progress bar on stderr (rich), drawn from the ``on_progress``
callback a tournament calls: the run loop reports numbers and knows no
terminal; whoever shows them (``golf tournament``, or ``run_tournament(...,
progress=True)`` in a script) passes a :class:`ProgressBar`.

The bar starts on its first call, not when made: rich refreshes from a
thread of its own, and the run calls back first after its worker processes
are forked (a thread must not be running when a process forks)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any


class ProgressBar:
    """``bar(finished, total, leader)``: the run's games as a bar with its
    elapsed time, an estimate of the time left, and the leader in words.
    Transient: it is gone when :meth:`close` is called, so the report
    printed after it stands alone."""

    #: The run calls back with the leader in words (see ``run_plan``).
    wants_leader = True

    def __init__(self, title: str) -> None:
        self.title = title
        self._bar: Any = None
        self._task: Any = None

    def __call__(self, finished: int, total: int, leader: str = "") -> None:
        if self._bar is None:
            self._start(total)
        self._bar.update(self._task, completed=finished, total=total, leader=leader)

    def _start(self, total: int) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self._bar = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            TextColumn("{task.fields[leader]}"),
            console=Console(stderr=True),
            transient=True,
        )
        self._bar.start()
        self._task = self._bar.add_task(self.title, total=total, leader="")

    def close(self) -> None:
        """Take the bar off the screen (again: nothing)."""
        if self._bar is not None:
            self._bar.stop()
            self._bar = None


class ProgressLines:
    """Progress where no bar can be drawn (stderr a file, a pipe, a CI log):
    one plain line at most every ``every`` seconds, so a long run is never
    silent for longer, and a short one says nothing it does not need to.

    ``golf: progress: 1,200/4,800 games (25%), 0:01:10, about 0:03:30 left; leader: ...``"""

    wants_leader = True

    def __init__(self, every: float = 10.0, write: Callable[[str], object] | None = None) -> None:
        self.every = every
        self.write = write or _stderr_line
        self._started: float | None = None
        self._last = 0.0

    def __call__(self, finished: int, total: int, leader: str = "") -> None:
        now = time.monotonic()
        if self._started is None:
            self._started = self._last = now
            return
        if now - self._last < self.every or not finished or finished >= total:
            return
        self._last = now
        spent = now - self._started
        left = spent * (total - finished) / finished
        line = (
            f"golf: progress: {finished:,}/{total:,} games ({100 * finished // total}%), "
            f"{_clock(spent)}, about {_clock(left)} left"
        )
        self.write(line + (f"; {leader}" if leader else ""))

    def close(self) -> None:
        """Nothing to take off the screen."""


def _clock(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


def _stderr_line(line: str) -> None:
    print(line, file=sys.stderr, flush=True)
