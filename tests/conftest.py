"""Session-wide settings of the test run.

Bytecode caches on.  An environment with ``PYTHONDONTWRITEBYTECODE=1`` (many
container images set it) makes every Python process compile the sources it
imports afresh: pytest re-rewrites the asserts of every test module (1.7 of
the 2.5 CPU-s of collecting the suite), and each of the suite's ~100 ``golf``
and Python-bot processes compiles the package modules it imports (~40 ms a
``golf tournament``).  The caches (``__pycache__``, ignored by git) are
checked against each source's size and time by Python itself, so they change
no result; the first run writes them and every later run reads them.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile

os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # inherited by the processes tests start
sys.dont_write_bytecode = False  # pytest's rewritten test modules, and this process's imports

# The ratings database (golfcli/tournament/ratingsdb.py) defaults to the user's
# data directory, $XDG_DATA_HOME/golf/ratings.db: every `golf tournament` the
# tests run records its games there.  Pointed at a directory of this session's
# own, removed at exit, and inherited by every process the tests start, so no
# test ever writes the real user's ratings.
_DATA_HOME = tempfile.mkdtemp(prefix="golf-test-data-")
os.environ["XDG_DATA_HOME"] = _DATA_HOME
atexit.register(shutil.rmtree, _DATA_HOME, True)

# Fixtures more than one test module uses (the pages' real browser), defined
# with the other shared helpers and made visible to every test from here.
from .helpers import browser  # noqa: E402, F401
