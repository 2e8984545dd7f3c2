"""A greedy bot that kills its own process once: the first time it is asked
to play deal ``deal`` while ``marker`` does not exist, it creates the marker
and exits at once (os._exit: no cleanup, like a machine going away).  Every
other time it plays exactly as greedy, so a run it interrupts must end with
the same results as a run it does not."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from golfcli.bots.greedy import GreedyBot


class Bot(GreedyBot):
    def __init__(self, seed: Any = None, marker: str = "", deal: int = 3) -> None:
        super().__init__(seed)
        self.seed_text = str(seed)
        self.marker = marker
        self.deal = deal

    def choose(self, view: Any, legal: Any) -> Any:
        if (
            self.marker
            and f":deal:{self.deal}:" in self.seed_text
            and not os.path.exists(self.marker)
        ):
            Path(self.marker).write_text(str(os.getpid()), encoding="utf-8")
            os._exit(17)
        return super().choose(view, legal)
