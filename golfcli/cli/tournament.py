"""``golf tournament`` and ``golf report``: a run of many games between bots, and its report.

Registered on ``golf`` by :mod:`golfcli.cli.app`; imports its machinery lazily,
inside the command, so that ``golf score`` starts fast.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

import typer

from ..limits import MAX_GAMES, MAX_HOLES, MAX_SEED
from .params import DbOpt, NoDbOpt, OutOpt, QuietOpt
from .say import check_range, fail, say_error, warn

# --------------------------------------------------------------------------- tournament
# Implementation: golfcli/tournament/, golfcli/stats.py and golfcli/render/.


ReportFormatOpt = Annotated[
    str,
    typer.Option(
        "--format", "-f", help="Output format: table, markdown, csv, json or html (a page)."
    ),
]
TableOpt = Annotated[
    str | None,
    typer.Option(
        "--table",
        help="With --format csv, the table to write: standings (the default), pairs "
        "or crosstable (one CSV holds one table).",
    ),
]


def _check_report_options(fmt: str, table: str | None) -> None:
    """--format and --table of a command that prints a tournament report."""
    from ..render import REPORT_FORMATS, bad_format
    from ..render.tournament import CSV_TABLES

    if (problem := bad_format(fmt, REPORT_FORMATS)) is not None:
        fail(problem)
    if table is not None and fmt != "csv":
        fail("--table: only with --format csv (the other formats show every table)")
    if table is not None and (problem := bad_format(table, CSV_TABLES, "--table")) is not None:
        fail(problem)


def tournament(
    config: Annotated[
        Path, typer.Argument(help="Tournament config YAML (see docs/tournament.md and configs/).")
    ],
    games: Annotated[int | None, typer.Option(help="Override the number of games (deals).")] = None,
    holes: Annotated[int | None, typer.Option(help="Override holes per game.")] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="Override the tournament seed (a known seed means known deals)."),
    ] = None,
    key: Annotated[
        str | None,
        typer.Option(
            help="Deal from this key (64 hex digits, as a finished run prints and records "
            "it): replays a run exactly. Default: the seed's key, else a fresh secret one."
        ),
    ] = None,
    workers: Annotated[
        str | None,
        typer.Option(
            help="Worker processes: a number or auto (one per core); with --executor dask "
            "and no address, the size of the LocalCluster."
        ),
    ] = None,
    fmt: ReportFormatOpt = "table",
    table: TableOpt = None,
    out: OutOpt = None,
    resume: Annotated[bool, typer.Option(help="Continue a stopped run in --out DIR.")] = False,
    quiet: QuietOpt = False,
    executor: Annotated[
        str | None,
        typer.Option(
            help="Where games run: local (a process pool, the default) or dask "
            "(a Dask cluster; needs pip install 'golfcli\\[dask]'). See docs/distributed.md."
        ),
    ] = None,
    address: Annotated[
        str | None,
        typer.Option(
            help="Dask scheduler, e.g. tcp://HOST:8786 (default: $DASK_SCHEDULER_ADDRESS, "
            "else a new LocalCluster of --workers processes)."
        ),
    ] = None,
    batch_size: Annotated[
        int | None,
        typer.Option(
            help="Games per task (default: at most 32 locally; about 0.3 s of work on Dask)."
        ),
    ] = None,
    max_in_flight: Annotated[
        int | None,
        typer.Option(help="Tasks in flight at once (default: 3 per worker slot)."),
    ] = None,
    db: DbOpt = None,
    no_db: NoDbOpt = False,
) -> None:
    """Run a bot tournament from a config and print standings and a crosstable.

    Every counted game is also recorded in the ratings database (see
    `golf ratings`), unless --no-db.

    Results depend only on the config and the seed: not on --workers, the
    executor, batch sizes, or a stop and --resume in between.

    Examples:

      golf tournament configs/alberta.yaml --games 20 --workers auto

      golf tournament configs/six-card.yaml --out runs/rr --resume

      golf tournament configs/duel.yaml --executor dask --address tcp://10.0.0.5:8786
    """
    check_range("--games", games, 1, MAX_GAMES)
    check_range("--holes", holes, 1, MAX_HOLES)
    check_range("--seed", seed, 0, MAX_SEED)
    check_range("--batch-size", batch_size, 1, 1_000_000)
    check_range("--max-in-flight", max_in_flight, 1, 100_000)
    run_tournament_command(
        config,
        games=games,
        holes=holes,
        seed=seed,
        key=key,
        workers=workers,
        fmt=fmt,
        table=table,
        out=out,
        resume=resume,
        quiet=quiet,
        executor=executor,
        address=address,
        batch_size=batch_size,
        max_in_flight=max_in_flight,
        db=db,
        no_db=no_db,
    )


def run_tournament_command(
    config: Path | Mapping[str, Any],
    *,
    games: int | None = None,
    holes: int | None = None,
    seed: int | None = None,
    key: str | None = None,
    workers: str | None = None,
    fmt: str = "table",
    table: str | None = None,
    out: Path | None = None,
    resume: bool = False,
    quiet: bool = False,
    executor: str | None = None,
    address: str | None = None,
    batch_size: int | None = None,
    max_in_flight: int | None = None,
    db: Path | None = None,
    no_db: bool = False,
) -> None:
    """``golf tournament`` (and ``golf match``, whose config is a mapping it
    makes): validate, run, print the report; exit 2 on bad input.  The run
    is ``golfcli.run_tournament``'s, and what it prints that report."""
    from ..render.progress import ProgressBar, ProgressLines
    from ..tournament.config import load_config
    from ..tournament.configerrors import config_errors
    from ..tournament.executors import ExecutorError
    from ..tournament.plan import RunError
    from ..tournament.ratingsdb import default_path
    from ..tournament.rundir import bot_logs
    from ..tournament.runner import run_tournament
    from ..tournament.signals import Interrupts
    from ..yamlsrc import SourceError

    _check_report_options(fmt, table)
    if db is not None and no_db:
        fail("--db: give --db PATH or --no-db, not both")
    overrides: dict[str, Any] = {
        "games": games,
        "holes": holes,
        "seed": seed,
        "key": key,
        "workers": workers,
        "executor": executor,
        "address": address,
        "batch_size": batch_size,
        "max_in_flight": max_in_flight,
    }
    try:
        plan = load_config(config, **overrides)
    except SourceError as exc:
        # one pass more to list every mistake, not the first only
        every = config_errors(config, **overrides) if isinstance(config, Path) else []
        for more in every or [exc]:
            say_error(str(more))
        raise typer.Exit(2) from None

    def notice(msg: str) -> None:
        if not quiet:
            typer.echo(f"golf: {msg}", err=True)

    # the bar is drawn on stderr: it needs a terminal there, wherever stdout goes
    # (--format json > x.json is watched the same as a table on the screen)
    # a bar on a terminal; elsewhere (a file, a pipe, a CI log) a plain line
    # every 10 s, so a long run is never silent
    bar: ProgressBar | ProgressLines | None = None
    if not quiet:
        bar = ProgressBar(plan.name) if sys.stderr.isatty() else ProgressLines()
    # Ctrl-C is ours until the report is out: a late press must not cut it off.
    with Interrupts(say=lambda words: typer.echo(f"\ngolf: {words}", err=True)) as ints:
        try:
            report = run_tournament(
                plan,
                out=out,
                resume=resume,
                on_progress=bar,
                on_notice=notice,
                interrupts=ints,
                ratings=None if no_db else db or default_path(),
                on_warning=warn,
            )
        except SourceError as exc:
            fail(str(exc))
        except (RunError, ExecutorError) as exc:
            fail(str(exc))
        except OSError as exc:
            fail(f"{exc.filename or out}: {exc.strerror or exc}")
        finally:
            if bar is not None:
                bar.close()
        typer.echo(report.render(fmt, table or "standings").rstrip("\n"))
        result = report.result
        assert result is not None  # run_tournament's report carries its run
        if out is not None and any(row["faults_total"] for row in report["standings"]):
            for log in bot_logs(out):  # stderr of programs, tracebacks of Python bots
                notice(f"bot log: {log}")
        if result.over and result.plan.seed is None:
            # published now that no game is left to play: the run can be checked
            # against the commitment in run.json and replayed with --key
            notice(f"the deals' key (replay with --key): {result.plan.key}")
        if result.stopped == "error":
            say_error(result.message)
            raise typer.Exit(1)
        if result.stopped == "interrupted":
            typer.echo(f"golf: {result.message}", err=True)
            raise typer.Exit(130)
        if result.stopped == "sprt" and not quiet:
            typer.echo(f"golf: {result.message}", err=True)


def report(
    run: Annotated[Path, typer.Argument(help="A run directory (golf tournament ... --out DIR).")],
    fmt: ReportFormatOpt = "table",
    table: TableOpt = None,
) -> None:
    """Print the report of a finished or stopped run again, in any format.

    Reads DIR/results.json (every run with --out writes it, and report.md and
    report.html beside it, when it finishes or is stopped).

    Examples:

      golf report runs/rr

      golf report runs/rr --format html > rr.html

      golf report runs/rr --format csv --table pairs
    """
    from ..render.report_formats import render_report
    from ..tournament.rundir import read_report
    from ..yamlsrc import SourceError

    _check_report_options(fmt, table)
    try:
        data = read_report(run)
        text = render_report(data, fmt, table or "standings")
    except SourceError as exc:
        fail(str(exc))
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        fail(
            f"{run / 'results.json'}: not a report this golf can read ({type(exc).__name__}: {exc})"
        )
    typer.echo(text.rstrip("\n"))
