"""``golf play`` and ``golf replay``: a game in the terminal, and one played before.

Registered on ``golf`` by :mod:`golfcli.cli.app`; imports its machinery lazily,
inside the command, so that ``golf score`` starts fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..exceptions import GolfError
from ..limits import MAX_HOLES, MAX_SEED
from .params import AsciiOpt, SetOpt, VariantOpt
from .say import check_range, fail, load_variant_or_fail

if TYPE_CHECKING:
    from ..record import Replayed

# --------------------------------------------------------------------------- play / replay
# Implementation: golfcli/tui/ (the interactive game).


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
    from .play_run import run_play

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


def replay(
    file: Annotated[
        Path,
        typer.Argument(
            help="A game recorded with `golf play --record`, or a tournament's --out "
            "directory with --game N (every game's moves are kept there)."
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
    from .play_replay import run_replay

    run_replay(replay_source(file, game), to_end=to_end, ascii_only=ascii_)


def replay_source(file: Path, game: int | None) -> Path | Replayed:
    """The record to replay: ``file`` itself, or a tournament game.

    A tournament's game is read from its event log in ``DIR/events/`` when
    the config asked for one (``record_events: true``), else rebuilt from
    the compact moves its ``games.jsonl`` line keeps (the default).
    Anything else is one line saying what to pass."""
    from ..tournament.rundir import replay_game
    from ..tournament.worker import events_file

    run = file.parent if file.name == "games.jsonl" else file
    is_run = (run / "games.jsonl").is_file() or (run / "run.json").is_file()
    if not is_run:
        if game is not None:
            fail(f"--game: {str(file)!r} is not a tournament's --out directory")
        return file
    if game is None:
        fail(
            f"{str(file)!r} is a tournament run (one line per game): "
            f"replay one game with golf replay {run} --game N"
        )
    if game < 0:
        fail("--game must be 0 or more")
    path = events_file(run, game)
    if path.is_file():
        return path
    try:
        return replay_game(run, game)
    except GolfError as exc:
        fail(str(exc))
