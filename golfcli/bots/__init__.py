"""Bots: the ``Bot`` interface and the built-in ladder.

A bot is anything with ``choose(view, legal) -> Action``.  It receives only
its seat's :class:`~golfcli.view.View` (a frozen copy made by the one
censoring function) and the tuple of legal actions; it never sees the state.

Optional hooks a bot may define (the match runner calls them if present):
``start_game(info: dict)``, ``notify(event: dict)``, ``end_hole(info: dict)``,
``end_game(info: dict)``, ``close()``.  ``wants_view = False`` tells the
runner not to build views for it (the random bot: speed).

The rooms (their order is docs/architecture.md's): :mod:`.procs` (a bot's
processes, found and ended on every path), :mod:`.common` (what the built-in
bots share: a state from a view, determinization), the built-in bots
:mod:`.greedy`, :mod:`.field`, :mod:`.expert` (with :mod:`.evaluator`, the
value of a layout, and :mod:`.endgame`, a hole's last move) and :mod:`.mc`;
:mod:`.transport` and :mod:`.external` (a program speaking JSON lines);
:mod:`.names` (a seat's name from its bot), :mod:`.source` (a Python bot's
code and fingerprint), :mod:`.options` (a bot's options checked against its
constructor), :mod:`.registry` (``make_bot``: a spec made into a bot) and
:mod:`.pyhost` (a Python bot file in a process of its own, for a table).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from ..actions import Action, uniform
from ..arguments import items, wrong_type
from ..exceptions import InputError
from ..limits import MAX_PLAYERS
from ..variant import Variant
from ..view import View


class BotSpecError(InputError):
    """A bot spec that cannot be loaded; the message says which and why.

    Defined here, below the registry and the external adapter, because both
    raise it (and the registry imports the adapter)."""


@runtime_checkable
class Bot(Protocol):
    """The one thing a bot must do: pick one of ``legal`` given its ``view``."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action: ...


def check_seed(seed: object) -> int | str:
    """A bot's seed: a whole number or text (what a match derives: reproducible)."""
    if type(seed) is str or (isinstance(seed, int) and not isinstance(seed, bool)):
        return seed
    wrong_type("seed", "a whole number or text", seed)


def check_bots(argument: str, bots: object, variant: Variant, specs: bool = False) -> list[Any]:
    """``bots``: a list of one bot per seat, as many as ``variant`` is played
    by.  A bot is an object with a ``choose`` method (a bot given as ``5``
    or ``b'greedy'`` was taken and faulted at every decision); with
    ``specs``, also a bot's spec (text such as ``"greedy"``)."""
    takes = "bots: objects with choose(view, legal)" + (
        " or specs such as 'greedy'" if specs else ""
    )
    seats = items(argument, bots, f"a list of {takes}", MAX_PLAYERS)
    for i, bot in enumerate(seats):
        if specs and isinstance(bot, str):
            continue
        if not callable(getattr(bot, "choose", None)):
            what = "a bot (an object with choose(view, legal))" + (
                " or a bot's spec such as 'greedy'" if specs else ""
            )
            wrong_type(f"{argument}[{i}]", what, bot)
    variant.check_players(len(seats))
    return seats


class BaseBot:
    """A base to write a bot on: override :meth:`choose`.  It brings a name
    (``name``, shown in tables), ``self.rng`` (a ``random.Random`` the match
    seeds, so a game replays exactly), the options it was made with
    (``self.options``) and hooks that do nothing."""

    name = "bot"
    wants_view = True

    def __init__(self, seed: int | str | None = None, **options: object) -> None:
        self.rng = random.Random(seed if seed is None else check_seed(seed))
        self.options = options

    def seed(self, seed: int | str) -> None:
        """Seed ``self.rng``; a match calls it before the game with a seed made
        from its key and the seat's name (never the key itself)."""
        self.rng.seed(check_seed(seed))

    def choose(self, view: View, legal: Sequence[Action]) -> Action:  # pragma: no cover - abstract
        """Pick one of ``legal`` (never empty) given ``view``, what this seat
        may see.  Anything else, or an exception, is a fault."""
        raise NotImplementedError

    def close(self) -> None:
        """Called once the bot is done with (release files, processes ...)."""
        return None


class RandomBot(BaseBot):
    """Uniform over legal actions: the floor of the ladder."""

    name = "random"
    wants_view = False
    #: only ever answers from ``legal``: the match need not re-check (speed).
    #: Read from the class's own ``__dict__``, so a subclass is checked again.
    trusted_builtin = True

    def choose(self, view: View | None, legal: Sequence[Action]) -> Action:
        return uniform(self.rng, legal)
