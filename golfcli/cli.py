"""The ``golf`` command.

Every command imports its machinery lazily so that ``golf score`` starts
fast (well under 150 ms; docs/performance.md).  Bad input of any kind ends with one
line on stderr naming the problem and its place, and exit status 2.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from .errors import check_range, fail, load_variant_or_fail, say_error, warn
from .limits import MAX_GAMES, MAX_HOLES, MAX_SEED

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence


# Click's exception classes, wherever this Typer takes Click from (recent
# Typers carry their own copy of it, older ones import the click package).
_clickexc: Any = sys.modules[typer.BadParameter.__module__]
_NoHelp: Any = getattr(_clickexc, "NoArgsIsHelpError", ())


def _one_line(exc: Any) -> str:
    """Click's usage error as golf's own message (said by ``say_error``): no
    usage block, no frame."""
    text = " ".join(exc.format_message().split())
    text = text[:1].lower() + text[1:]
    text = text.replace("is not a valid int", "is not a whole number")
    text = text.replace("is not a valid float", "is not a number")
    ctx = getattr(exc, "ctx", None)
    hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
    return f"{text.rstrip('.')}{hint}"


class GolfGroup(TyperGroup):
    """The ``golf`` command group, speaking golf's error language.

    Typer frames a bad option (``--games abc``, an unknown command) in a
    usage box of several lines; golf promises one line and exit status 2
    for every bad input, so usage errors are caught here and printed like
    golf's own.  Ctrl-C anywhere in a command prints one line, exit 130.
    Tests drive the app through :class:`typer.testing.CliRunner`, which
    calls this ``main`` too."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        try:
            rv = super().main(
                args=args,
                prog_name=prog_name,
                complete_var=complete_var,
                standalone_mode=False,
                **extra,
            )
            code = rv if isinstance(rv, int) else 0
        except _NoHelp as exc:
            exc.show()  # plain `golf`: the help text, as before
            code = 2
        except _clickexc.ClickException as exc:
            say_error(_one_line(exc))
            code = 2
        except typer.Abort:
            typer.echo("golf: interrupted", err=True)
            code = 130
        if standalone_mode:
            sys.exit(code)
        return code

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            typer.echo("\ngolf: interrupted", err=True)
            raise

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        """Reading the command line (Typer builds every option as it goes)
        takes Ctrl-C too: Typer turns it into exit 130 without a word, so
        the line is said here, as ``invoke`` says it."""
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt:
            typer.echo("\ngolf: interrupted", err=True)
            raise


app = typer.Typer(
    cls=GolfGroup,
    name="golf",
    help=(
        "Golf, the card game: score layouts, play in the terminal, and run bot tournaments.\n\n"
        'Start with `golf variants`, `golf rules six-card` and `golf score "5 K 2 / 5 7 9"`.'
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    # -h everywhere: the root's context settings are inherited by every command
    context_settings={"help_option_names": ["-h", "--help"]},
)


def build_kind() -> str:
    """Which build of the engine this process runs: the mypyc-compiled
    modules or the pure Python sources (see docs/performance.md)."""
    import importlib.machinery

    from . import state

    compiled = state.__file__ is not None and state.__file__.endswith(
        tuple(importlib.machinery.EXTENSION_SUFFIXES)
    )
    return "compiled with mypyc" if compiled else "pure Python"


def _version(value: bool) -> None:
    if value:
        from . import __version__

        typer.echo(f"golf {__version__} ({build_kind()})")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_version,
            is_eager=True,
            help="Print the version and exit.",
        ),
    ] = False,
) -> None:
    """Options of ``golf`` itself (the help text is the app's ``help``)."""


AsciiOpt = Annotated[bool, typer.Option("--ascii", help="Plain ASCII: suit letters, no colour.")]
VariantOpt = Annotated[
    str,
    typer.Option(
        "--variant",
        "-v",
        help="Built-in variant name (see `golf variants`) or path to a variant YAML file.",
    ),
]
SetOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        "-s",
        metavar="KEY=VALUE",
        help="Override one variant key for this run, e.g. --set values.ranks.2=2 "
        "or --set game.holes=18. Repeatable.",
    ),
]


# --------------------------------------------------------------------------- score

LayoutsArg = Annotated[
    list[str] | None,
    typer.Argument(
        help='Layouts to score: rows separated by "/", cards by spaces or commas, '
        'e.g. "5 K 2 / 5 7 9". A ? is a face-down card. With none, layouts are read '
        "from standard input, one per line (blank lines and # comments are skipped).",
        show_default=False,
    ),
]
HoleOpt = Annotated[
    bool,
    typer.Option(
        "--hole",
        help="Score all the layouts together as one hole "
        "(penalties to opponents, blackjack, underdog, ...).",
    ),
]
CloserOpt = Annotated[
    int | None,
    typer.Option(
        help="With --hole: which layout (1-based) went out or knocked, "
        "for knock bonuses and penalties.",
    ),
]


@app.command()
def score(
    layouts: LayoutsArg = None,
    variant: VariantOpt = "six-card",
    set_: SetOpt = None,
    fmt: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="Output format: table, markdown, csv (one row per layout) or json (one "
            "object per layout per line; with ? cards: known_part, the face-up cards' score, "
            "and expected_total instead of total).",
        ),
    ] = "table",
    json_out: Annotated[
        bool, typer.Option("--json", help="The same as --format json (kept for scripts).")
    ] = False,
    hole: HoleOpt = False,
    closer: CloserOpt = None,
    symbols: Annotated[bool, typer.Option("--symbols", help="Print suits as ♣♦♥♠.")] = False,
) -> None:
    """Score typed layouts with a variant's rules, card by card.

    Examples:

      golf score "5 K 2 / 5 7 9"                    # 14 with six-card rules

      golf score --set values.ranks.2=2 "5 K 2 / 5 7 9"   # twos worth +2: 18

      golf score -v alberta "4 10 K 2 KC Q / 4 10C KC 2 9 QC / 4 10 JK 2 6 Q"

      golf score "5 K ? / 5 7 ?"                    # expected total over unseen cards

      golf score -v duel --hole "JK 5 3 / JK 5 3" "4 4 7 / 9 9 K"

      golf score --format csv < layouts.txt > scores.csv   # one row per layout
    """
    from .breakdown import CSV_HOLE, CSV_LAYOUT, as_layout, score_hole
    from .breakdown import score as golf_score
    from .cards import CardError
    from .notation import Layout
    from .render import bad_format, csv_text

    if (problem := bad_format(fmt)) is not None:
        fail(problem)
    if json_out and fmt not in ("table", "json"):
        fail(f"--json is --format json: give one of them, not --json with --format {fmt}")
    if json_out:
        fmt = "json"
    if closer is not None and not hole:
        fail("--closer only makes sense with --hole")
    var = load_variant_or_fail(variant, set_)
    if fmt == "csv":
        # one header for the whole stream, first: a reader takes rows as they come
        typer.echo(csv_text(CSV_HOLE if hole else CSV_LAYOUT, []))
    items: Iterable[tuple[str, str]]
    if layouts:
        items = [(f"layout {i}", t) for i, t in enumerate(layouts, start=1)]
        gap = "" if len(items) == 1 else "\n"  # a blank line between tables
    elif sys.stdin.isatty():
        # a person typing: say what we wait for, and answer each line at once
        typer.echo("reading layouts, one per line; Ctrl-D to finish", err=True)
        items = _stdin_layouts()
        gap = "\n"
    else:
        items = list(_stdin_layouts())
        gap = "" if len(items) == 1 else "\n"
    errors = 0
    parsed: list[Layout] = []
    # the library's own calls (golfcli.score, golfcli.score_hole): this
    # command prints their render() in the format asked, or their to_dict()
    for where, text in items:
        try:
            lay = as_layout(text, var)
            parsed.append(lay)
            if hole:
                continue
            result = golf_score(lay, var)
        except CardError as exc:  # a bad card, the wrong shape, a layout the variant cannot score
            say_error(f"{where}: {exc}")
            errors += 1
            continue
        if problem := var.overdealt(list(lay)):
            warn(f"{where}: cannot be dealt: {problem}; scored all the same")
        if fmt == "csv":  # under the one header printed first
            typer.echo(_csv_row(result.row(where)))
        else:
            typer.echo(result.render(fmt, symbols=symbols) + ("" if fmt == "json" else gap))
    if hole and parsed and not errors:
        if closer is not None and not 1 <= closer <= len(parsed):
            fail(f"--closer must be between 1 and {len(parsed)}")
        table = [p for p in var.players if var.groups_for(p) == len(parsed)]
        if table and (problem := var.overdealt([c for lay in parsed for c in lay], table)):
            warn(f"the layouts cannot be dealt together: {problem}; scored all the same")
        try:
            hs = score_hole(parsed, var, None if closer is None else closer - 1)
        except CardError as exc:
            fail(f"--hole: {exc}")
        if fmt == "csv":
            for row in hs.rows():
                typer.echo(_csv_row(row))
        else:
            typer.echo(hs.render(fmt, symbols=symbols))
    if errors:
        raise typer.Exit(2)


def _csv_row(row: Sequence[Any]) -> str:
    """One CSV row under the header ``golf score`` printed first."""
    from .render import csv_text

    return csv_text(row, [])


def _stdin_layouts() -> Iterable[tuple[str, str]]:
    """(place, text) of each layout line on standard input, read as it comes;
    blank lines and # comments are skipped."""
    for i, line in enumerate(iter(sys.stdin.readline, ""), start=1):
        text = line.strip()
        if text and not text.startswith("#"):
            yield f"line {i}", text


# --------------------------------------------------------------------------- variants


@app.command()
def variants() -> None:
    """List the built-in variants, one line each."""
    from tabulate import tabulate

    from .variant import spans
    from .variant import variants as builtins  # golfcli.variants()

    rows = []
    for v in builtins():
        players = spans(v.players)
        rows.append([v.name, f"{v.rows}x{v.cols}", players, v.description])
    headers = ["variant", "grid", "players", "description"]
    typer.echo(tabulate(rows, headers=headers, tablefmt="simple"))
    typer.echo(
        "\nExplain one with `golf rules NAME`; make your own with a YAML file that "
        "`extends:` one (examples in configs/variants/, keys in docs/variants.md)."
    )


@app.command()
def rules(
    name: Annotated[str, typer.Argument(help="Built-in variant name or path to a variant file.")],
    set_: SetOpt = None,
) -> None:
    """Explain a variant in words, generated from its data."""
    from .rulestext import describe_variant

    var = load_variant_or_fail(name, set_)
    typer.echo("\n".join(describe_variant(var)))


@app.command()
def validate(
    files: Annotated[
        list[Path], typer.Argument(help="Variant files or tournament configs (YAML) to check.")
    ],
) -> None:
    """Check variant files and tournament configs: every key, type and value;
    all errors of a file in file order, each with file:line.

    A file that names a variant to play (variant:, players: as a list of
    players, teams:, games: ...) is checked as a tournament config, bots
    and all, without playing anything; any other as a variant file.
    """
    from .validate import is_tournament_config
    from .yamlsrc import SourceError, load_file

    bad = 0
    for f in files:
        try:
            is_config = is_tournament_config(load_file(f).data)
        except SourceError:
            is_config = False  # validate_file says what is wrong with it
        bad += not (_validate_config(f) if is_config else _validate_variant(f))
    if bad:
        raise typer.Exit(2)


def _validate_variant(f: Path) -> bool:
    from .validate import validate_file

    v, errors = validate_file(f)
    for exc in errors:
        say_error(str(exc))
    if v is None:
        return False
    n_rules = len(v.patterns) + len(v.adjustments)
    typer.echo(f"ok: {f}: variant {v.name!r} ({v.rows}x{v.cols}, {n_rules} scoring rule(s))")
    return True


def _validate_config(f: Path) -> bool:
    from .stats import plural
    from .tournament.config import check_config

    plan, errors = check_config(f)
    for exc in errors:
        say_error(str(exc))
    if plan is None:
        return False
    typer.echo(
        f"ok: {f}: tournament {plan.name!r} ({plan.variant.name}, "
        f"{plural(len(plan.entrants), 'entrant')}, {plural(plan.total, 'game')})"
    )
    return True


# --------------------------------------------------------------------------- play / replay
# Implementation: golfcli/tui/ (the interactive game).


@app.command()
def play(
    variant: VariantOpt = "six-card",
    set_: SetOpt = None,
    players: Annotated[
        str,
        typer.Option(
            "--players",
            "-p",
            help="Comma list of seats: human, a bot spec (random, greedy, expert, mc, "
            "field?style=racer, file.py, cmd:...) or name=kind, "
            "e.g. you=human,ann=greedy,bob=random. No human seat = watch mode. "
            "Quote a seat whose spec holds a comma.",
        ),
    ] = "human,greedy",
    holes: Annotated[
        int | None, typer.Option(help="Number of holes (default: the variant's game length).")
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="Seed for the shuffles and bots: a known seed means known deals."),
    ] = None,
    key: Annotated[
        str | None,
        typer.Option(
            help="Deal from this key (64 hex digits, printed at the end of a game) to play "
            "the same cards again. Default: a fresh secret key."
        ),
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(
            help="Write the game's event log (JSON lines) to this file (a new one: see --force)."
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Let --record overwrite an existing file.")
    ] = False,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="Stop at a bot's first fault (an exception, an illegal or late move) "
            "instead of playing a random move for it.",
        ),
    ] = False,
    ascii_: AsciiOpt = False,
    hints: Annotated[
        bool, typer.Option("--hints", help="On your turn, show what the strongest bot would do.")
    ] = False,
    handicap: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAME=N",
            help="Extra cards NAME turns up at the start of each hole (1-2). Repeatable.",
        ),
    ] = None,
    delay: Annotated[
        float, typer.Option(help="Seconds to pause after each bot move when a human plays.")
    ] = 0.0,
) -> None:
    """Play Golf in the terminal against bots, or hot-seat with friends.

    Type positions as shown beside each layout. Type `help` at any prompt for
    the moves, `quit` to stop (Ctrl-C stops too, with exit status 130, after
    the bot move under way; either way the finished holes are shown and kept
    in the --record file). With no human seat the bots play the whole match
    by themselves and it is printed (watch mode).

    Examples:

      golf play                                   # you against greedy, six-card

      golf play -v alberta -p you=human,ann=expert,cat=human,bob=expert

      golf play -p random,greedy --holes 9 --seed 3 --record game.jsonl
    """
    from .tui.play import run_play

    check_range("--holes", holes, 1, MAX_HOLES)
    check_range("--seed", seed, 0, MAX_SEED)
    check_range("--delay", delay, 0, 60)
    var = load_variant_or_fail(variant, set_)
    run_play(
        var,
        players=players,
        holes=holes,
        seed=seed,
        key=key,
        record=record,
        force=force,
        strict=strict,
        ascii_only=ascii_,
        hints=hints,
        handicap=handicap or [],
        delay=delay,
    )


@app.command()
def replay(
    file: Annotated[
        Path,
        typer.Argument(
            help="A game recorded with `golf play --record`, or a tournament's --out "
            "directory with --game N (the run needs record_events: true)."
        ),
    ],
    game: Annotated[
        int | None,
        typer.Option(
            "--game", "-g", help="With a tournament's --out directory: the game to replay."
        ),
    ] = None,
    to_end: Annotated[
        bool, typer.Option("--to-end", help="Print the final scorecard without stepping.")
    ] = False,
    ascii_: AsciiOpt = False,
) -> None:
    """Step through a recorded game turn by turn (Enter for next, q to stop).

    Examples:

      golf replay game.jsonl

      golf replay runs/rr --game 3        # game 3 of a tournament run
    """
    from .tui.replay import run_replay

    run_replay(replay_source(file, game), to_end=to_end, ascii_only=ascii_)


def replay_source(file: Path, game: int | None) -> Path:
    """The record to replay: ``file`` itself, or a tournament game's event log.

    A tournament's ``games.jsonl`` holds one result line per game, not the
    moves; the moves are in ``DIR/events/`` when the config asks for them
    (``record_events: true``).  Anything else is one line saying what to pass.
    """
    from .tournament.worker import events_file

    run = file.parent if file.name == "games.jsonl" else file
    is_run = (run / "games.jsonl").is_file() or (run / "run.json").is_file()
    if not is_run:
        if game is not None:
            fail(f"--game: {str(file)!r} is not a tournament's --out directory")
        return file
    if game is None:
        fail(
            f"{str(file)!r} is a tournament run (one result line per game, no moves): "
            f"replay one game with golf replay {run} --game N"
        )
    if game < 0:
        fail("--game must be 0 or more")
    path = events_file(run, game)
    if not path.is_file():
        if not (run / "events").is_dir():
            fail(
                f"{run}: this run kept no moves to replay "
                "(set record_events: true in the tournament config and run it again)"
            )
        fail(f"{run}: no game {game} in events/ (not played yet, or not in this run)")
    return path


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
    from .render import REPORT_FORMATS, bad_format
    from .render.tournament import CSV_TABLES

    if (problem := bad_format(fmt, REPORT_FORMATS)) is not None:
        fail(problem)
    if table is not None and fmt != "csv":
        fail("--table: only with --format csv (the other formats show every table)")
    if table is not None and (problem := bad_format(table, CSV_TABLES, "--table")) is not None:
        fail(problem)


DbOpt = Annotated[
    Path | None,
    typer.Option(
        "--db",
        metavar="PATH",
        help="The ratings database (default: $XDG_DATA_HOME/golf/ratings.db, "
        "else ~/.local/share/golf/ratings.db).",
        show_default=False,
    ),
]


@app.command()
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
    out: Annotated[
        Path | None, typer.Option(help="Directory for games.jsonl (durable, resumable) and logs.")
    ] = None,
    resume: Annotated[bool, typer.Option(help="Continue a stopped run in --out DIR.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
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
    no_db: Annotated[
        bool,
        typer.Option("--no-db", help="Do not record this run's games in the ratings database."),
    ] = False,
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
    config: Path,
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
    """``golf tournament``: validate, run, print the report; exit 2 on bad input.
    The run is ``golfcli.run_tournament``'s, and what it prints that report."""
    from .tournament.config import config_errors, load_config
    from .tournament.executors import ExecutorError
    from .tournament.plan import RunError
    from .tournament.ratings import default_path
    from .tournament.rundir import bot_logs
    from .tournament.runner import Interrupts, run_tournament
    from .yamlsrc import SourceError

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
        for more in config_errors(config, **overrides) or [exc]:
            say_error(str(more))
        raise typer.Exit(2) from None

    def notice(msg: str) -> None:
        if not quiet:
            typer.echo(f"golf: {msg}", err=True)

    # the bar is drawn on stderr: it needs a terminal there, wherever stdout goes
    # (--format json > x.json is watched the same as a table on the screen)
    progress = not quiet and sys.stderr.isatty()
    # Ctrl-C is ours until the report is out: a late press must not cut it off.
    with Interrupts() as ints:
        try:
            report = run_tournament(
                plan,
                out=out,
                resume=resume,
                progress=progress,
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


@app.command()
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
    from .render.report import render_report
    from .tournament.rundir import read_report
    from .yamlsrc import SourceError

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


# --------------------------------------------------------------------------- ratings
# Implementation: golfcli/tournament/ratings.py (the file) and leaderboard.py,
# golfcli/render/ratings.py (the boards as text).

ratings_app = typer.Typer(
    name="ratings",
    help=(
        "Ratings that last: a leaderboard over every game of every tournament "
        "recorded in the ratings database.\n\n"
        "Each bot (its spec, options and a fingerprint of its code) gets a rating "
        "± uncertainty from openskill (pip install 'golfcli\\[report]'), one board per "
        "variant and player count.\n\n"
        "Examples:\n\n"
        "  golf ratings\n\n"
        "  golf ratings --variant six-card --players 2 --format markdown\n\n"
        "  golf ratings import runs/rr        (a run directory: adds its games once)\n\n"
        "More in docs/tournament.md (The ratings database)."
    ),
    invoke_without_command=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.add_typer(ratings_app, name="ratings")


@ratings_app.callback()
def ratings(
    ctx: typer.Context,
    db: DbOpt = None,
    variant: Annotated[
        str | None, typer.Option("--variant", "-v", help="Only this variant's board(s).")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Only games of this many players.")
    ] = None,
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="Output format: table, markdown, csv or json.")
    ] = "table",
) -> None:
    """Print the leaderboard: rating ± uncertainty, games played, last seen."""
    from .render import bad_format
    from .render.ratings import render_ratings
    from .tournament.leaderboard import boards_json, leaderboards
    from .tournament.ratings import RatingsError, connect, default_path

    if ctx.invoked_subcommand is not None:
        ctx.obj = db
        return
    if (problem := bad_format(fmt)) is not None:
        fail(problem)
    check_range("--players", players, 2, 16)
    path = db or default_path()
    if db is None and not path.exists():
        typer.echo(
            f"no games recorded yet in {path}: every golf tournament records its games "
            "there, and golf ratings import DIR adds a run directory"
        )
        return
    try:
        conn = connect(path, create=False)
        try:
            boards = leaderboards(conn, variant, players)
        finally:
            conn.close()
    except RatingsError as exc:
        fail(str(exc))
    if not boards:
        which = " ".join(
            w for w in (variant and f"of {variant}", players and f"with {players} players") if w
        )
        typer.echo(f"no games {which + ' ' if which else ''}recorded in {path}")
        return
    typer.echo(render_ratings(boards_json(boards, path), fmt))


@ratings_app.command("import")
def ratings_import(
    ctx: typer.Context,
    dirs: Annotated[
        list[Path],
        typer.Argument(
            metavar="DIR...", help="Run directories (a tournament's --out).", show_default=False
        ),
    ],
    db: DbOpt = None,
) -> None:
    """Add the games of finished or stopped runs (a run already recorded adds nothing)."""
    from .tournament.ratings import RatingsError, default_path, import_run

    path = db or ctx.obj or default_path()
    for d in dirs:
        try:
            got = import_run(path, d)
        except RatingsError as exc:
            fail(str(exc))
        skipped = f"; {got.skipped} unreadable line(s) skipped" if got.skipped else ""
        typer.echo(
            f"{d}: {got.added} new game(s) recorded in {path}, {got.known} recorded before{skipped}"
        )


@app.command("check-bot")
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
    from .checkbot import run_check

    check_range("--holes", holes, 1, MAX_HOLES)
    check_range("--time-limit", time_limit, 0.001, 3600)
    check_range("--seed", seed, 0, MAX_SEED)
    run_check(spec, holes=holes, time_limit=time_limit, seed=seed, fmt=fmt)


# --------------------------------------------------------------------------- card
# Implementation: golfcli/card/ (scorecards of games played with real cards).
from .card.commands import card_app  # noqa: E402  (imports only typer; commands load lazily)

app.add_typer(card_app, name="card")


def main() -> None:
    """Entry point: Typer app with clean exits for Ctrl-C and broken pipes."""
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("\ngolf: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)


if __name__ == "__main__":
    main()
