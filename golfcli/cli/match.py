"""``golf match A B``: two bots head to head from the command line, no YAML.

The match is a tournament of two: a config made here (the two players,
the variant with its ``--set`` overrides, duplicate deals, an SPRT when
asked) and run by ``golf tournament``'s own path, so it prints the same
report and sentences, records into the ratings database the same way and
takes the same ``--out``, ``--workers`` and ``--format``.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ..limits import MAX_GAMES, MAX_HOLES, MAX_SEED
from .params import DbOpt, NoDbOpt, OutOpt, QuietOpt, SetOpt, VariantOpt
from .say import check_range, fail, load_variant_or_fail
from .tournament import ReportFormatOpt, TableOpt, run_tournament_command

#: fishtest's error rates for its SPRT (alpha and beta, each 5%).
SPRT_ALPHA = SPRT_BETA = 0.05


def match(
    a: Annotated[
        str,
        typer.Argument(
            metavar="A",
            help="The first bot: a built-in (expert, greedy, random ...), file.py, "
            "module:Name or cmd:PROGRAM; options as ?key=value. The candidate of --sprt.",
            show_default=False,
        ),
    ],
    b: Annotated[
        str,
        typer.Argument(metavar="B", help="The second bot (the baseline).", show_default=False),
    ],
    games: Annotated[int, typer.Option(help="Deals; each is played twice, seats swapped.")] = 100,
    holes: Annotated[
        int | None, typer.Option(help="Holes a game (default: the variant's).")
    ] = None,
    variant: VariantOpt = "six-card",
    set_: SetOpt = None,
    sprt: Annotated[
        str | None,
        typer.Option(
            metavar="ELO0,ELO1",
            help="Stop as soon as the results decide between A being ELO0 and ELO1 Elo "
            "stronger than B (fishtest's generalised SPRT, alpha = beta = 0.05; e.g. 0,20). "
            "The report then gives the pentanomial (deals by their pair of games) and "
            "normalised Elo. --games is then the most it plays.",
        ),
    ] = None,
    names: Annotated[
        str | None,
        typer.Option(
            metavar="A,B",
            help="The two players' names (default: from their specs); a name may end in "
            "@label, the version the ratings' leaderboard shows (pairs@v2,pairs@v1).",
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="A known seed means known deals (default: a secret key).")
    ] = None,
    workers: Annotated[
        str | None, typer.Option(help="Worker processes: a number or auto (one per core).")
    ] = None,
    fmt: ReportFormatOpt = "table",
    table: TableOpt = None,
    out: OutOpt = None,
    resume: Annotated[bool, typer.Option(help="Continue a stopped match in --out DIR.")] = False,
    quiet: QuietOpt = False,
    db: DbOpt = None,
    no_db: NoDbOpt = False,
) -> None:
    """Play two bots head to head on duplicate deals and say which is better.

    Each deal is played twice with the seats swapped, so the luck of the
    cards cancels; the report is golf tournament's (the pair's paired
    difference, its interval and LOS, Elo, the standings), recorded in the
    ratings database unless --no-db.

    Examples:

      golf match expert greedy --games 200

      golf match bots/mine.py expert --sprt 0,20 --games 2000

      golf match bots/new.py bots/old.py --names mine@v2,mine@v1 --variant alberta
    """
    check_range("--games", games, 1, MAX_GAMES)
    check_range("--holes", holes, 1, MAX_HOLES)
    check_range("--seed", seed, 0, MAX_SEED)
    config = match_config(a, b, games=games, names=names, sprt=sprt)
    config["variant"] = load_variant_or_fail(variant, set_, context="--variant: ")
    if holes is not None:
        config["holes"] = holes
    if seed is not None:
        config["seed"] = seed
    run_tournament_command(
        config,
        workers=workers,
        fmt=fmt,
        table=table,
        out=out,
        resume=resume,
        quiet=quiet,
        db=db,
        no_db=no_db,
    )


def match_config(
    a: str, b: str, *, games: int, names: str | None = None, sprt: str | None = None
) -> dict[str, Any]:
    """The tournament config of ``golf match A B`` (the variant added by the
    command): each bad option is one line and exit 2."""
    from ..bots.names import bot_label, seat_names

    if names is None:
        name_a, name_b = seat_names([bot_label(a), bot_label(b)])
    else:
        parts = [n.strip() for n in names.split(",")]
        if len(parts) != 2 or not all(parts):
            fail(f"--names: give two names, A,B (not {names!r})")
        if parts[0].lower() == parts[1].lower():
            fail(f"--names: the two players need two names, not {parts[0]!r} twice")
        name_a, name_b = parts
    config: dict[str, Any] = {
        "name": f"{name_a} vs {name_b}",
        "players": [{"name": name_a, "bot": a}, {"name": name_b, "bot": b}],
        "games": games,
        "duplicate": True,
    }
    if sprt is not None:
        elo0, elo1 = _elo_bounds(sprt)
        config["sprt"] = {
            "elo0": elo0,
            "elo1": elo1,
            "alpha": SPRT_ALPHA,
            "beta": SPRT_BETA,
            "candidate": name_a,
            "baseline": name_b,
        }
    return config


def _elo_bounds(text: str) -> tuple[float, float]:
    import math

    parts = text.split(",")
    try:
        elo0, elo1 = (float(p) for p in parts)
    except ValueError:
        fail(f"--sprt: give two Elo differences, ELO0,ELO1 (e.g. 0,20), not {text!r}")
    if not (math.isfinite(elo0) and math.isfinite(elo1)) or not elo0 < elo1:
        fail(f"--sprt: ELO0 must be below ELO1 (e.g. 0,20), not {text!r}")
    if max(abs(elo0), abs(elo1)) > 1000:
        fail(f"--sprt: Elo differences within ±1000, not {text!r}")
    return elo0, elo1
