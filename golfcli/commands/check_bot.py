"""``golf check-bot``: a bot tried on a few holes before a tournament.

Registered on ``golf`` by :mod:`golfcli.cli`; imports its machinery lazily,
inside the command, so that ``golf score`` starts fast.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ..errors import check_range
from ..limits import MAX_HOLES, MAX_SEED


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
    from ..checkbot import run_check

    check_range("--holes", holes, 1, MAX_HOLES)
    check_range("--time-limit", time_limit, 0.001, 3600)
    check_range("--seed", seed, 0, MAX_SEED)
    run_check(spec, holes=holes, time_limit=time_limit, seed=seed, fmt=fmt)
