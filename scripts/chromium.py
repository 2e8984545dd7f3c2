"""The system's chromium as golf's page scripts and tests drive it.

Debian's ``chromium`` (installed by ``.ci/run`` where it is missing), driven
through Playwright's Python package pointed at it: no browser is downloaded.
The flags keep it from reaching the network on its own (updates, sync,
first-run pages) and let it run as root in a container.  scripts/bench_web.py,
scripts/web_screens.py and tests/pages/test_web_browser.py all launch it from here.
"""

from __future__ import annotations

import os
import shutil

#: Where the browser is: $GOLF_CHROMIUM, else ``chromium`` on the PATH, else Debian's place.
CHROMIUM = os.environ.get("GOLF_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
