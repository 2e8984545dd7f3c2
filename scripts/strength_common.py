"""What the strength scripts (ladder.py, tune.py) share, kept once so that
the tuning's held-out claim and the ladder's table speak of the same sets.

* the field's styles split into the training ones (every tuning step plays
  them) and the held-out ones (no tuning step ever does), in the order of
  the field bot's own table (golfcli/bots/field.py): a style added there is
  a training style here unless it is named held out;
* six-card as most online games play it, a YAML-shaped variant;
* the mean and the half-width of its 95% interval, as both scripts print it;
* a side's share of a hole's win, as every table and label counts it.

The scripts import it by name: ``python scripts/X.py`` puts scripts/ first
on the path (tests.helpers.script_module does the same).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from golfcli.bots.field import STYLES
from golfcli.game import hole_winners

#: styles no tuning step ever plays: the held-out check and the ladder's
#: "held-out styles" columns
HELD_OUT_STYLES = ("denier", "gambler")
#: the styles a tuning step plays
TRAIN_STYLES = tuple(s for s in STYLES if s not in HELD_OUT_STYLES)
#: every style of the field, the ones tuned on first
FIELD_STYLES = TRAIN_STYLES + HELD_OUT_STYLES

#: six-card as most online games play it: a card drawn from the stock may be
#: thrown away without turning one up
NO_FLIP: dict[str, Any] = {
    "extends": "six-card",
    "name": "six-card-no-flip",
    "turn": {"flip_after_discard": "never"},
}


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% CI (normal approximation: 1.96 sd /
    sqrt(n), 0 for a single value), as the ladder's tables and the tuning's
    check report it; golfcli's tournament uses Student's t instead
    (golfcli.inference.Running), which these long runs do not need."""
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(n)


def win_share(scores: Sequence[int], side: int) -> float:
    """``side``'s share of the hole whose final ``scores`` these are: 1 when
    it alone has the lowest, shared equally on a tie, else 0 (the ladder's
    and the ceiling's "hole win share", the win model's label)."""
    winners = hole_winners(scores)
    return 1.0 / len(winners) if side in winners else 0.0
