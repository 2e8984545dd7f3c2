"""A greedy bot that kills its own process once: the first time it plays
after ``after`` games have begun (counted in ``marker + ".count"``) while
``marker`` does not exist, it creates the marker and exits at once
(os._exit: no cleanup, like a machine going away).  Every other time it
plays exactly as greedy, so a run it interrupts must end with the same
results as a run it does not.

(It counts games rather than reading its deal from its seed: a bot's seed
says nothing about the deal, see golfcli.keys.)"""

from __future__ import annotations

import os
from typing import Any

from golfcli.bots.greedy import GreedyBot


class Bot(GreedyBot):
    def __init__(self, seed: Any = None, marker: str = "", after: int = 3) -> None:
        super().__init__(seed)
        self.marker = marker
        self.armed = False
        if marker:  # one byte appended per game: atomic, however the workers race
            fd = os.open(marker + ".count", os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, b".")
                games = os.fstat(fd).st_size
            finally:
                os.close(fd)
            self.armed = games > after

    def choose(self, view: Any, legal: Any) -> Any:
        if self.armed:
            self.armed = False
            try:  # exactly one bot wins the marker, however the workers race
                fd = os.open(self.marker, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                return super().choose(view, legal)
            os.write(fd, str(os.getpid()).encode())
            os.close(fd)
            os._exit(17)
        return super().choose(view, legal)
