"""A Golf bot as a Python file: a template to copy.

golf loads this file, finds the class named ``Bot`` and calls
``choose(view, legal)`` for every decision of its seat:

* ``view`` is a frozen :class:`golfcli.View`: what your seat may see
  (face-up cards, your memory, the discard pile, the card you hold, the
  censored history).  Face-down cards you do not know are ``None``.
* ``legal`` is the tuple of :class:`golfcli.Action` you may play now;
  return one of them (an ``Action`` equal to one of them is fine).

A ``seed`` keyword in ``__init__`` receives the seed golf picks for the bot,
and options from a spec (``minimal_bot.py?threshold=2``) arrive as keyword
arguments.  Optional hooks: ``start_game(info)``, ``notify(event)``,
``end_hole(info)``, ``end_game(info)``, ``close()``.

Try it:   golf play -p human,examples/bots/minimal_bot.py
Check it: golf check-bot examples/bots/minimal_bot.py

The rule: keep a drawn card where it replaces a card worth more (a
face-down card counts as ``threshold`` + 1), take the discard when it is
worth at most ``threshold``, otherwise pick the first legal action.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from golfcli import Action, View


class Bot:
    name = "minimal"

    def __init__(self, seed: int | str | None = None, threshold: int = 3) -> None:
        self.rng = random.Random(seed)
        self.threshold = threshold

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        value = view.variant.value  # a card's face value under this variant
        kinds = {a.kind for a in legal}
        mine = view.known_layout()  # my layout with remembered face-down cards filled in
        can_take = view.phase == "draw" and "draw_discard" in kinds and view.discard
        if can_take and value(view.discard[-1]) <= self.threshold:
            return Action("draw_discard")
        if view.phase == "place" and view.drawn is not None:
            unknown_worth = self.threshold + 1
            worth = [value(c) if c is not None else unknown_worth for c in mine]
            worst = max(range(len(mine)), key=lambda p: worth[p])
            if worth[worst] > value(view.drawn) or "discard" not in kinds:
                return Action("swap", worst)
            return Action("discard")
        if view.phase in ("setup", "flip"):
            return self.rng.choice(list(legal))
        if "draw_stock" in kinds:
            return Action("draw_stock")
        return legal[0]
