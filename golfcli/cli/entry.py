"""The ``golf`` console script's entry point.

A Ctrl-C at any moment of a command is one line, ``golf: interrupted``, and
exit status 130; during start-up too, when nothing is set up to catch it:
importing the command line (Typer, Rich) takes a good part of a second on a
busy machine, and a ``KeyboardInterrupt`` raised inside the import machinery
printed its traceback.  So the first thing this module does, when the console
script imports it, is to set a ``SIGINT`` handler that only takes note; the
console script's own lines run under it, and :func:`main` puts Python's
``KeyboardInterrupt`` back inside its ``try`` and looks at the note first.

Only the console script (and tests that run it) imports this module: the
handler is the program's, not a library's.  What runs before it is Python's
own start-up (``site`` and the ``.pth`` files of the environment) and the
finding of this module: a Ctrl-C there is Python's to report.
"""

from __future__ import annotations

# signal's C half, which Python loaded at start-up: taken from there, it
# costs no import (importing signal itself builds enums for half a
# millisecond, a window in which Ctrl-C would still be a traceback).
import _signal  # type: ignore[import-not-found]
import sys

_noted: list[int] = []


def _note(signum: int, frame: object) -> None:
    _noted.append(signum)


# Left alone if Ctrl-C is ignored (a background job, nohup) or someone
# embedding golf set a handler of their own.
if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    _signal.signal(_signal.SIGINT, _note)


def _interrupted() -> None:
    from . import INTERRUPTED  # the package's __init__, already imported: no cost

    sys.stderr.write(f"\n{INTERRUPTED}\n")
    sys.stderr.flush()
    sys.exit(130)


def _interrupted_in(exc: BaseException) -> bool:
    """Whether ``exc`` came of a Ctrl-C: Python wraps one raised while a
    class is made (in ``__set_name__``, while a module is imported) in a
    ``RuntimeError`` whose cause is the ``KeyboardInterrupt``."""
    seen: set[int] = set()
    link: BaseException | None = exc
    while link is not None and id(link) not in seen:
        if isinstance(link, KeyboardInterrupt):
            return True
        seen.add(id(link))
        link = link.__cause__ or link.__context__
    return False


def main() -> None:
    """Import the command line and run it; Ctrl-C at any point is one line, exit 130."""
    try:
        if _signal.getsignal(_signal.SIGINT) is _note:
            _signal.signal(_signal.SIGINT, _signal.default_int_handler)
        if _noted:
            raise KeyboardInterrupt
        import os

        from . import roothelp

        if roothelp.fast(sys.argv[1:], os.environ):
            roothelp.main(sys.argv[1:])  # the root help, without Typer's import
        from .app import main as cli_main

        cli_main()
    except KeyboardInterrupt:
        _interrupted()
    except Exception as exc:
        if _interrupted_in(exc):
            _interrupted()
        raise


if __name__ == "__main__":
    main()
