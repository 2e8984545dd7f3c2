"""How a ``golf`` command reports bad input: one line on stderr, exit status 2.

Every command module (the main CLI, ``golf card``, ``golf play``/``replay``,
``golf check-bot``) says its errors through this one pair of functions, so
the promise "one line naming the problem, exit 2" holds in one place: the
message is escaped here, so a path or name with a control character typed
into it cannot break the line or drive the terminal.

Only Typer is imported at module level: ``golf score`` must start fast.
"""

from __future__ import annotations

from typing import NoReturn

import typer


def say_error(message: str) -> None:
    """``golf: error: ...`` on stderr, always one line (control characters escaped)."""
    from .yamlsrc import printable

    typer.echo(f"golf: error: {printable(message)}", err=True)


def fail(message: str) -> NoReturn:
    """Say the error and end the command with exit status 2."""
    say_error(message)
    raise typer.Exit(2)
