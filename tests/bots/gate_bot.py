"""A greedy bot that holds a run up at a gate, so that a test can stop the run
mid-way however fast or slow the machine is.

With ``gate`` (a directory), every game appends one byte to ``gate/count``
when its bot is made; the bot of a game begun after ``after`` others waits,
at its first move, until ``gate/open`` exists or the run it plays in is told
to stop (a local worker's stop event: "finish the game in hand"), at most
60 s.  So a run of more than ``after`` games cannot end while the gate is
shut: a test waits for some games on disk, stops the run (a signal, a
killed client or scheduler), opens the gate if a worker must go on, and
resumes.  The stop is an event, not a timer, and the runs can be short.

Every move is greedy's, so a run held up, stopped and resumed ends with the
same results as one played straight through with the gate open."""

from __future__ import annotations

import os
import time
from typing import Any

from golfcli.bots.greedy import GreedyBot

HOLD_AT_MOST = 60.0  # seconds: a test that forgets its gate fails instead of hanging


class Bot(GreedyBot):
    def __init__(self, seed: Any = None, gate: str = "", after: int = 0, **options: Any) -> None:
        super().__init__(seed, **options)
        self.gate = gate
        self.held = False
        if gate:  # one byte appended per game: atomic, however the workers race
            fd = os.open(os.path.join(gate, "count"), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, b".")
                games = os.fstat(fd).st_size
            finally:
                os.close(fd)
            self.held = games > after

    def choose(self, view: Any, legal: Any) -> Any:
        if self.held:
            self.held = False
            self._wait()
        return super().choose(view, legal)

    def _wait(self) -> None:
        from golfcli.tournament import worker

        opened = os.path.join(self.gate, "open")
        deadline = time.monotonic() + HOLD_AT_MOST
        while not os.path.exists(opened) and time.monotonic() < deadline:
            stop = worker._STOP  # set in a local worker only; None on Dask
            if stop is not None:
                if stop.wait(0.01):
                    return
            else:
                time.sleep(0.01)
