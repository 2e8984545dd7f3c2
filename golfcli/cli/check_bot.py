"""``golf check-bot``: a bot tried on a few holes before a tournament.

Registered on ``golf`` by :mod:`golfcli.cli.app`; imports its machinery lazily,
inside the command, so that ``golf score`` starts fast.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ..limits import MAX_HOLES, MAX_SEED
from .say import check_range, fail


def check_bot(
    spec: Annotated[
        str,
        typer.Argument(
            help="Bot spec: file.py, package.module:Name, cmd:PROGRAM, spiel:ismcts (OpenSpiel) "
            "or a built-in."
        ),
    ],
    holes: Annotated[int, typer.Option(help="Holes to play per built-in variant.")] = 2,
    time_limit: Annotated[float, typer.Option(help="Seconds allowed per decision.")] = 1.0,
    seed: Annotated[int, typer.Option(help="Seed for the test games.")] = 1,
    fmt: Annotated[
        str,
        typer.Option(
            "--format", help="table (for people) or json (for CI: the same facts, one object)."
        ),
    ] = "table",
) -> None:
    """Check a bot for protocol errors, faults and speed across the built-in variants.

    The summary leads with the first fault and its cause (a Python bot's
    traceback, a program's last lines of stderr). Exit status 0 clean, 1 on
    any fault or protocol error, 2 for a spec that cannot be loaded."""
    check_range("--holes", holes, 1, MAX_HOLES)
    check_range("--time-limit", time_limit, 0.001, 3600)
    check_range("--seed", seed, 0, MAX_SEED)
    run_check(spec, holes=holes, time_limit=time_limit, seed=seed, fmt=fmt)


def run_check(
    spec: str, holes: int = 2, time_limit: float = 1.0, seed: int = 1, fmt: str = "table"
) -> None:
    """The ``golf check-bot`` command (its numbers checked by
    :func:`check_bot`): print the report (a table, or JSON),
    exit 0, 1 or 2.  The checks are :mod:`golfcli.checkbot`'s; this half
    checks the options, prints and chooses the exit status."""
    import json
    import shutil
    import tempfile
    from pathlib import Path

    from ..bots import BotSpecError
    from ..checkbot import check, keep_logs, remove_if_empty, report, report_json
    from ..render import bad_format

    if (problem := bad_format(fmt, ("table", "json"))) is not None:
        fail(problem)
    from ..bots.procs import terminate_as_interrupt

    try:
        log_dir = Path(tempfile.mkdtemp(prefix="golf-check-bot-"))
    except OSError as exc:  # no writable temporary folder: nothing has run yet
        fail(f"cannot create a temporary folder for the bot's logs: {exc}")
    try:
        with terminate_as_interrupt():  # SIGTERM, like Ctrl-C, closes the bot on its way out
            name, results = check(
                spec, holes=holes, time_limit=time_limit, seed=seed, log_dir=log_dir
            )
    except BotSpecError as exc:
        remove_if_empty(log_dir)
        fail(str(exc))
    except BaseException:
        # stopped (Ctrl-C, SIGTERM, a second Ctrl-C inside the bot) before any
        # report could name the folder: the bots are ended by now, and what
        # they wrote would be litter nobody is told of
        shutil.rmtree(log_dir, ignore_errors=True)
        raise
    clean = all(r.clean for r in results)
    logs = log_dir if keep_logs(log_dir, clean) else None
    if fmt == "json":
        typer.echo(json.dumps(report_json(name, spec, results, time_limit, logs), indent=2))
    else:
        for line in report(name, results, time_limit):
            typer.echo(line)
        if logs is not None:
            typer.echo(f"logs (stderr, tracebacks): {logs}")
    if not clean:
        raise typer.Exit(1)
