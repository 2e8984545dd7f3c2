"""Ranges of the numbers a user gives golf, shared by the command line and the
files (tournament configs, scorecards), so an option and the key it overrides
refuse the same values.  Without bounds a value like 10**20 is accepted by
Python and then runs for ever or allocates without end.  Imports nothing, so
the command line can read it at start-up for free."""

MAX_GAMES = 10**9
"""Games (deals) a run may ask for."""

MAX_HOLES = 1000
"""Holes a game may last."""

MAX_SEED = 2**63 - 1
"""Largest seed: it is written into records and configs as a plain integer."""

MAX_PLAYERS = 16
"""Players at one table (a variant allows 1 to 16)."""

MAX_HOLE_NUMBER = MAX_HOLES + 100
"""The last hole a game can reach: its holes, then a playoff's
(``game.max_playoff_holes`` is at most 100)."""

MAX_WORKERS = 1024
"""Worker processes a run may ask for (``workers``): more is a typo, and each
is a process started."""
