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

import os
import sys

os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # inherited by the processes tests start
sys.dont_write_bytecode = False  # pytest's rewritten test modules, and this process's imports
