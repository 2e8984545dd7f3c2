"""Bots: the ``Bot`` interface and the built-in ladder.

A bot is anything with ``choose(view, legal) -> Action``.  It receives only
its seat's :class:`~golfcli.view.View` (a frozen copy made by the one
censoring function) and the tuple of legal actions; it never sees the state.

Optional hooks a bot may define (the match runner calls them if present):
``start_game(info: dict)``, ``notify(event: dict)``, ``end_hole(info: dict)``,
``end_game(info: dict)``, ``close()``.  ``wants_view = False`` tells the
runner not to build views for it (the random bot: speed).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from ..exceptions import InputError
from ..state import Action
from ..view import View


class BotSpecError(InputError):
    """A bot spec that cannot be loaded; the message says which and why.

    Defined here, below the registry and the external adapter, because both
    raise it (and the registry imports the adapter)."""


@runtime_checkable
class Bot(Protocol):
    """The one thing a bot must do: pick one of ``legal`` given its ``view``."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action: ...


class BaseBot:
    """Convenience base: a name, a seeded generator and no-op hooks."""

    name = "bot"
    wants_view = True

    def __init__(self, seed: int | str | None = None, **options: Any) -> None:
        self.rng = random.Random(seed)
        self.options = options

    def seed(self, seed: int | str) -> None:
        self.rng.seed(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError

    def close(self) -> None:
        return None


class RandomBot(BaseBot):
    """Uniform over legal actions: the floor of the ladder."""

    name = "random"
    wants_view = False
    #: only ever answers from ``legal``: the match need not re-check (speed).
    #: Read from the class's own ``__dict__``, so a subclass is checked again.
    trusted_builtin = True

    def choose(self, view: View | None, legal: Sequence[Action]) -> Action:
        return legal[int(self.rng.random() * len(legal))]
