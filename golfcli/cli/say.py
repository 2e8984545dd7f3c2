"""How a ``golf`` command reports bad input: one line on stderr, exit status 2.

Every command module (the main CLI, ``golf card``, ``golf play``/``replay``,
``golf check-bot``) says its errors through this one pair of functions, so
the promise "one line naming the problem, exit 2" holds in one place: the
message is escaped here, so a path or name with a control character typed
into it cannot break the line or drive the terminal.

Only Typer is imported at module level: ``golf score`` must start fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import typer

if TYPE_CHECKING:
    from ..variant import Variant


def say_error(message: str) -> None:
    """``golf: error: ...`` on stderr, always one line (control characters escaped)."""
    from ..yamlsrc import printable

    typer.echo(f"golf: error: {printable(message)}", err=True)


def warn(message: str) -> None:
    """``golf: warning: ...`` on stderr, one line: something the user should
    know (a rule that could not apply, a card that disagrees with itself)
    that does not stop the command."""
    from ..yamlsrc import printable

    typer.echo(f"golf: warning: {printable(message)}", err=True)


def fail(message: str) -> NoReturn:
    """Say the error and end the command with exit status 2."""
    say_error(message)
    raise typer.Exit(2)


def check_range(option: str, value: float | None, lo: float, hi: float) -> None:
    """One line, exit 2, for a numeric option outside ``lo..hi``: every command
    checks its numbers here, against the bounds in :mod:`golfcli.limits`, so an
    option refuses the same values in every command that has it."""
    if value is None or lo <= value <= hi:
        return
    shown = str(value) if len(str(value)) <= 24 else f"a number of {len(str(value))} digits"
    if value < lo:
        fail(f"{option}: must be at least {_num(lo)}, not {shown}")
    if value > hi:
        fail(f"{option}: must be at most {_num(hi)}, not {shown}")
    fail(f"{option}: must be between {_num(lo)} and {_num(hi)}, not {shown}")  # NaN


def _num(x: float) -> str:
    return f"{int(x):,}" if float(x).is_integer() else f"{x:g}"


def load_variant_or_fail(
    spec: str,
    overrides: list[str] | None,
    base_dir: Path | None = None,
    context: str = "",
) -> Variant:
    """A variant by name or path with ``--set`` overrides, or the command ends
    with the loader's one line (file:line and key), after ``context`` if given.
    Imported lazily: the loader pulls in YAML, which ``golf score`` may not need."""
    from ..variantload import load_variant
    from ..yamlsrc import SourceError

    try:
        return load_variant(spec, overrides or [], base_dir=base_dir)
    except SourceError as exc:
        fail(f"{context}{exc}")
