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
