"""What every thinking bot needs from a view: card values, the unseen
cards, and an estimate of a layout's score with face-down cards in it.

The estimate runs the real scorer (so every pattern of every variant is
understood) with each unknown card counted at the mean value of the unseen
cards and matching nothing.
"""

from __future__ import annotations

from ..scoring import Compiled, compiled
from ..view import View


class Knowledge:
    """Facts derived once per decision from a view."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.comp: Compiled = compiled(view.variant)
        self.vt = self.comp.values
        self.unseen = view.unseen_cards()
        vals = [self.vt[c] for c in self.unseen]
        self.mu = sum(vals) / len(vals) if vals else 0.0
        self.mine: list[int | None] = view.known_layout()

    def estimate(self, cells: list[int | None]) -> float:
        """Expected layout score, unknown cards at the unseen mean, no matches."""
        ranks = [c >> 3 if c is not None else -1 - i for i, c in enumerate(cells)]
        values: list[float] = [self.vt[c] if c is not None else self.mu for c in cells]
        scored, bonus, _, _ = self.comp.evaluate(ranks, values)
        return float(sum(scored) + bonus)

    def unknown(self, cells: list[int | None]) -> list[int]:
        return [i for i, c in enumerate(cells) if c is None]
