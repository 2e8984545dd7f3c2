"""Signals held while bots play, and delivered between decisions.

Why.  golf's engine and bots are compiled with mypyc, and compiled code
treats some operations as unable to fail.  One of them is arithmetic on
integers too big for a machine word (the expert's memo keys on a large
grid): mypyc hands it to CPython and, should it fail, prints ``fatal: out
of memory`` and aborts the process (exit 134).  But CPython's long
multiplication and division check for signals as they work
(``PyErr_CheckSignals`` in ``longobject.c``), and a Python signal handler
that raises -- Ctrl-C's ``KeyboardInterrupt``, a ``SIGTERM`` handler, a
library's ``SIGALRM`` timeout -- makes them fail.  A Ctrl-C that landed
there aborted ``golf play`` in most tries instead of the documented exit
130 with the finished holes shown.

How.  While a :class:`~golfcli.match.Match` plays (``with HELD:``), the
Python handlers of the signals in :data:`SIGNALS` are swapped for one that
only records the signal in :data:`PENDING`.  The match loop looks at
``PENDING`` before every decision and calls :func:`deliver`, which runs the
original handlers there, from golf's own code, where an exception unwinds
as any other.  Three exceptions keep the terminal responsive:

* code that waits for a person or a program in pure Python (the terminal's
  prompt, an external bot's pipe, a pause between moves) asks for signals
  at once with ``with IMMEDIATE:``;
* a signal that comes again while the first has been held for a second or
  more is delivered at once: a Python bot stuck in a loop is still stopped
  by a second Ctrl-C (compiled decisions take milliseconds, so a second
  press does not find one running);
* a handler registered with :func:`runs_anywhere` (one that ends the
  process with ``os._exit``, which needs no unwinding) is never held.

Only the main thread can set handlers, and only it runs them: elsewhere
``HELD`` and ``IMMEDIATE`` do nothing.
"""

from __future__ import annotations

# The C functions under signal's own: signal.getsignal and signal.signal wrap
# every handler in an enum, at 3 and 9 microseconds a call, and a match swaps
# handlers on its way in and out (a one-hole random game takes 70).
import _signal  # type: ignore[import-not-found]
import signal
import threading
import time
from collections.abc import Callable
from typing import Any

#: The signals held: those a program or a person sends to stop or poke a
#: process.  (Profilers' SIGPROF and SIGVTALRM are left alone: held, they
#: would only see the match loop.)
SIGNALS: tuple[int, ...] = tuple(
    int(getattr(signal, name))
    for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGALRM", "SIGUSR1", "SIGUSR2")
    if hasattr(signal, name)
)

#: Seconds a held signal waits before the same signal, sent again, is
#: delivered at once.
GRACE = 1.0

#: Signals received while held, in order, each once (as the OS keeps them),
#: not yet delivered.  Mutated in place, never rebound: the match reads it.
PENDING: list[int] = []

Handler = Callable[[int, Any], Any]

_ANYWHERE: set[Handler] = set()
_saved: dict[int, Handler] = {}  # the handlers held, by signal
_depth = 0  # HELD's nesting in the main thread
_immediate = 0  # IMMEDIATE's nesting in the main thread
_since = 0.0  # when the oldest pending signal came
_MAIN = threading.main_thread().ident
_ident = threading.get_ident


def runs_anywhere(handler: Handler) -> Handler:
    """Mark a signal handler that may run anywhere, even inside compiled
    code (it ends the process with ``os._exit``, raising nothing): it is
    never held.  Returns the handler (a decorator)."""
    _ANYWHERE.add(handler)
    return handler


def _record(signum: int, frame: Any) -> None:
    """The handler while signals are held: note the signal; deliver now if
    the code running asked for that (``IMMEDIATE``) or if it is sent again
    after :data:`GRACE` seconds held."""
    global _since
    now = time.monotonic()
    again = signum in PENDING
    if not PENDING:
        _since = now
    if not again:
        PENDING.append(signum)
    if _immediate or (again and now - _since >= GRACE):
        deliver()


def deliver() -> None:
    """Run the handlers of the signals held so far, in the order they came.
    A handler that raises leaves the signals after it pending."""
    while PENDING:
        signum = PENDING.pop(0)
        handler = _saved.get(signum)
        if handler is not None:
            handler(signum, None)
        else:  # released meanwhile: the handler in place now decides
            signal.raise_signal(signum)


class _Held:
    """``with HELD:`` holds the signals' Python handlers (see the module's
    docstring); nested uses share the outermost one, and cost a counter (a
    tournament worker holds them around its batch, each game again).  On
    the way out the handlers are put back and what is still pending is
    delivered to them."""

    def __enter__(self) -> None:
        global _depth
        if _ident() != _MAIN:
            return
        if not _depth:
            for signum in SIGNALS:
                handler = _signal.getsignal(signum)
                if callable(handler) and handler not in _ANYWHERE:
                    _saved[signum] = handler
                    _signal.signal(signum, _record)
        _depth += 1

    def __exit__(self, *exc: object) -> None:
        global _depth
        if not _depth or _ident() != _MAIN:
            return
        _depth -= 1
        if _depth:
            return
        for signum, handler in _saved.items():
            if _signal.getsignal(signum) is _record:  # unless someone set another since
                _signal.signal(signum, handler)
        _saved.clear()
        if PENDING:
            deliver()


class _Immediate:
    """``with IMMEDIATE:`` around a wait in pure Python (a prompt, a pipe, a
    pause): signals held so far are delivered on the way in, and those that
    come while inside are delivered as they come."""

    def __enter__(self) -> None:
        global _immediate
        if _ident() != _MAIN:
            return
        if PENDING and _depth:
            deliver()  # before counting: a raise here never reaches __exit__
        _immediate += 1

    def __exit__(self, *exc: object) -> None:
        global _immediate
        if _immediate and _ident() == _MAIN:
            _immediate -= 1


HELD = _Held()
IMMEDIATE = _Immediate()
