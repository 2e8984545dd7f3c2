"""``greedy``: one step ahead, a fixed threshold for face-down cards.

It keeps a card only where it lowers the known score (unknown cards counted
at the mean of the unseen cards); it puts a card on a face-down position
only when the card is worth at most ``threshold`` (default 4).  It knocks
when all its cards are known and total at most ``knock_at``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from ..actions import Action
from ..view import View
from . import BaseBot
from .common import Knowledge


# user bots may extend it (tests/bots/killer_bot.py does): allowed when compiled
@mypyc_attr(allow_interpreted_subclasses=True)
class GreedyBot(BaseBot):
    name = "greedy"

    def __init__(
        self, seed: int | str | None = None, threshold: int = 4, knock_at: int = 5, **options: Any
    ) -> None:
        super().__init__(seed, **options)
        self.threshold = threshold
        self.knock_at = knock_at

    def best_place(self, k: Knowledge, card: int) -> tuple[int, float]:
        """(position, gain) of the best place for ``card``; gain > 0 improves."""
        cells = k.mine
        now = k.mine_value()
        best, gain = -1, float("-inf")
        for pos in range(len(cells)):
            if cells[pos] is None and k.vt[card] > self.threshold:
                continue
            trial = list(cells)
            trial[pos] = card
            g = now - k.estimate(trial)
            if g > gain:
                best, gain = pos, g
        return best, gain

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        if view.phase == "setup":
            return legal[int(self.rng.random() * len(legal))]
        k = Knowledge(view)
        if view.phase == "draw":
            if "knock" in kinds and not k.unknown(k.mine) and k.mine_value() <= self.knock_at:
                return Action("knock")
            if "draw_discard" in kinds and view.discard:
                _, gain = self.best_place(k, view.discard[-1])
                if gain > 0 or "draw_stock" not in kinds:
                    return Action("draw_discard")
            if "draw_stock" in kinds:
                return Action("draw_stock")
            return legal[0]
        if view.phase == "place":
            assert view.drawn is not None
            pos, gain = self.best_place(k, view.drawn)
            if gain > 0 or "discard" not in kinds:
                if pos < 0:  # must keep a discard-pile card: least bad place
                    pos = max(range(len(k.mine)), key=lambda p: _worth(k, p))
                return Action("swap", pos)
            return Action("discard")
        # flip step: turn up a random face-down card (or pass when allowed)
        flips = [a for a in legal if a.kind == "flip"]
        return flips[int(self.rng.random() * len(flips))] if flips else legal[0]


def _worth(k: Knowledge, pos: int) -> float:
    card = k.mine[pos]
    return k.mu if card is None else float(k.vt[card])
