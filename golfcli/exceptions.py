"""The root of golf's exceptions: everything golf raises on purpose is a :class:`GolfError`.

``except GolfError`` catches every error golf means to raise; anything else
escaping golf (a ``TypeError``, an ``AssertionError``, a ``KeyError``) is a bug.
The classes live beside the code that raises them and derive from the three
here, so each kind says by its base what it means:

* :class:`InputError` (a ``ValueError``): **bad input**.  A person, a file, a
  bot or the calling code gave golf something it refuses; the message is one
  line naming the problem and, where there is one, its place (``file:line:
  key``, a card's row and column, the rule an action breaks).  The command
  line shows it as ``golf: error: ...`` with exit status 2.  Raised as
  itself where no narrower class fits: a damaged line of a run's
  ``games.jsonl`` (its game is played again), or a value a function cannot
  take (``determinize`` of a hole still in setup), where the calling code,
  not a user, is at fault.
  Subclasses: ``arguments.ArgumentError`` (an argument a public function
  cannot take, naming it; ``ArgumentTypeError`` for a wrong type is also a
  ``TypeError``); ``yamlsrc.SourceError`` (``file:line: key: problem``) with
  ``VariantError``, ``tournament.plan.ConfigError``, ``scorecard.model.ScorecardError``
  and ``yamlsrc.LimitError``; ``cards.CardError`` (a card, rank or layout);
  ``actions.IllegalAction`` (an action the rules forbid now, naming the rule);
  ``bots.BotSpecError`` (a bot spec or option); ``record.RecordError`` (a game
  record); ``scorecard.model.BadValue`` (a value given to a scorecard, with its
  place), ``scorecard.model.ChangeError`` (a change a scorecard cannot take: a
  card changed since its caller read it, ``StaleCard``; a hole already entered,
  ``HoleEntered``; a finished game, ``GameOver``; ``NoSuchHole``; ``CardExists``;
  a correction that would leave holes after a game's new end, ``LaterHoles``),
  ``scorecard.count.EntryError`` (a typed score) and ``VariantUnavailable`` (a
  layout to count with a card's variant gone); ``tui.seats.UsageError``
  (``golf play``'s seats and options); ``tournament.executors.ExecutorError``
  (an executor that cannot start as asked: no Dask, no scheduler at the
  address given, no workers).
* :class:`StopMatch`: **not an error**.  A front end ends a match on purpose (a
  person typed ``quit``, ``--strict`` met a fault, the record file is full);
  :class:`~golfcli.match.Match` lets it through where it counts every other
  exception from a bot as the bot's fault.
* Every other ``GolfError`` is a failure that is not the input's: a bot's fault
  (``faults.BotFault``), a run that cannot go on (``tournament.plan.RunError``,
  ``tournament.worker.GameError``), a
  ratings database that cannot be used (``tournament.ratingsdb.RatingsError``), or a
  signal that never leaves its module (``bots.evaluator.OverBudget``,
  ``bots.transport.TransportError``).

The bottom of the layers, so that every module can derive from it.  Plain
Python classes: a class in a module compiled by mypyc may derive from a
Python class (one base; ``CardError``, ``IllegalAction`` and ``OverBudget`` do),
but not the other way round.  ``tests/engine/test_exceptions.py`` checks the tree on
both builds.
"""

from __future__ import annotations


class GolfError(Exception):
    """The base of every exception golf raises on purpose (see the module's
    docstring for what each branch means)."""


class InputError(GolfError, ValueError):
    """Bad input: golf refuses a value it was given, and the message says
    which and where.  A ``ValueError``, as callers catching ``ValueError``
    expect of bad values; a subclass names the kind of input when there is
    one (``CardError``, ``VariantError``, ``IllegalAction``, ...)."""


class StopMatch(GolfError):
    """End a match on purpose, from a seat's ``choose``, a hook or a callback.

    Not a fault: :class:`~golfcli.match.Match` counts any other exception a
    bot raises as a fault (and plays on with the fallback's move), but lets
    this one through to whoever called ``play()``, with the holes played so
    far kept in the match.  ``golf play`` stops this way when a person
    quits (``QuitGame``), when ``--strict`` meets a fault (``StrictStop``)
    and when the record file cannot take a hole (``RecordFailed``).  A bot in
    the same process could always end a match by raising (any
    ``BaseException`` does); one behind the JSON-lines protocol cannot."""
