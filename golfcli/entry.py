"""The ``golf`` console script's entry point.

It imports nothing heavy before it can catch Ctrl-C: importing the command
line (Typer, Rich) takes a good part of a second on a busy machine, and a
Ctrl-C in that window used to print a traceback from deep inside an import.
"""

from __future__ import annotations

import sys


def _interrupted() -> None:
    sys.stderr.write("\ngolf: interrupted\n")
    sys.stderr.flush()
    sys.exit(130)


def main() -> None:
    """Import the command line and run it; Ctrl-C at any point is one line, exit 130."""
    try:
        from .cli import main as cli_main

        cli_main()
    except KeyboardInterrupt:
        _interrupted()


if __name__ == "__main__":
    main()
