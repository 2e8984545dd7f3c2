"""Ctrl-C and SIGTERM during a run: the first finishes the games in
progress and stops, the second stops at once.  Apart from the run loop so
that the command can keep the same handler installed until its report is
printed, and a late Ctrl-C cannot cut the standings off.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable
from typing import Any


class Interrupts:
    """First Ctrl-C: finish the games in progress, then stop.  Second: stop now.

    ``SIGTERM`` counts as a Ctrl-C (it is how a service manager or ``kill``
    asks a program to stop): the run stops the same way, results.json is
    written and a message says so, instead of golf vanishing mid-write.

    Re-entrant: the command keeps it installed until the report is printed,
    so a late Ctrl-C cannot cut the standings off.  ``say`` is told the first
    stop in words (the command prints it; a library caller may not want a
    line on stderr), once: a second press needs no second sentence."""

    SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self, say: Callable[[str], None] | None = None) -> None:
        self.say = say
        self.count = 0
        self.in_game = False
        self._old: dict[int, Any] = {}
        self._depth = 0
        self._pid = os.getpid()

    def __enter__(self) -> Interrupts:
        if self._depth == 0 and threading.current_thread() is threading.main_thread():
            self._old = {sig: signal.signal(sig, self._handle) for sig in self.SIGNALS}
        self._depth += 1
        return self

    def __exit__(self, *exc: object) -> None:
        self._depth -= 1
        if self._depth == 0 and self._old:
            for sig, old in self._old.items():
                signal.signal(sig, old)
            self._old = {}

    def _handle(self, signum: int, frame: Any) -> None:
        if os.getpid() != self._pid:
            # a worker just forked from us, before its initializer ignores
            # Ctrl-C: the main process speaks for the run (once)
            return
        self.count += 1
        if self.count == 1:
            what = "terminated (SIGTERM)" if signum == signal.SIGTERM else "interrupted"
            if self.say is not None:
                self.say(
                    f"{what}: stopping after the games in progress (Ctrl-C again to stop at once)"
                )
        elif self.in_game:
            raise KeyboardInterrupt
