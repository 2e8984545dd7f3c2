"""Bot faults: what a bot can do wrong, and what the match does about it.

This sits below the bots (and knows nothing of them or of the match): bot
adapters such as :class:`~golfcli.bots.external.ExternalBot` raise
:class:`BotFault` for a classified fault, and :class:`~golfcli.match.Match`
catches it, counts it and hands the decision to the fallback policy.
"""

from __future__ import annotations

from .exceptions import GolfError

#: A bot that times out, raises, answers in a broken format or names an
#: illegal action; every seat's fault counts have exactly these keys.
FAULT_KINDS = ("timeout", "crash", "malformed", "illegal")

#: What happens to a faulting seat: a random legal move for it, a forfeit of
#: the game, or disqualification from the rest of it.
FALLBACKS = ("random", "forfeit", "disqualify")

#: Strokes added to a side's hole score when it forfeits the hole (the
#: ``forfeit`` policy), unless a tournament config sets ``forfeit_penalty``.
FORFEIT_PENALTY = 20


class BotFault(GolfError):
    """Raised by bot adapters (e.g. external processes) for a classified fault:
    the bot's failure, not golf's and not the input's (``kind`` is one of
    :data:`FAULT_KINDS`)."""

    def __init__(self, kind: str, message: str) -> None:
        assert kind in FAULT_KINDS
        self.kind = kind
        super().__init__(message)
