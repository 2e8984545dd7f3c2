"""``golf variants``, ``golf rules`` and ``golf validate``: the variants, in words, and checked.

Registered on ``golf`` by :mod:`golfcli.cli.app`; imports its machinery lazily,
inside the command, so that ``golf score`` starts fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .params import SetOpt
from .say import load_variant_or_fail, say_error

# --------------------------------------------------------------------------- variants


def variants() -> None:
    """List the built-in variants, one line each."""
    from ..render import table
    from ..variant import spans
    from ..variantload import variants as builtins

    rows = []
    for v in builtins():
        players = spans(v.players)
        rows.append([v.name, f"{v.rows}x{v.cols}", players, v.description])
    headers = ["variant", "grid", "players", "description"]
    typer.echo(table(rows, headers))
    typer.echo(
        "\nExplain one with `golf rules NAME`; make your own with a YAML file that "
        "`extends:` one (examples in configs/variants/, keys in docs/variants.md)."
    )


def rules(
    name: Annotated[str, typer.Argument(help="Built-in variant name or path to a variant file.")],
    set_: SetOpt = None,
) -> None:
    """Explain a variant in words, generated from its data."""
    from ..rulestext import describe_variant

    var = load_variant_or_fail(name, set_)
    typer.echo("\n".join(describe_variant(var)))


def validate(
    files: Annotated[
        list[Path], typer.Argument(help="Variant files or tournament configs (YAML) to check.")
    ],
) -> None:
    """Check variant files and tournament configs: every key, type and value.

    All the errors of a file are listed, in file order, each with file:line.
    A file that names a variant to play (variant:, players: as a list of
    players, teams:, games: ...) is checked as a tournament config, bots
    and all, without playing anything; any other as a variant file.
    """
    from ..variant import is_tournament_config
    from ..yamlsrc import SourceError, load_file

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
    from ..validate import validate_file

    v, errors = validate_file(f)
    for exc in errors:
        say_error(str(exc))
    if v is None:
        return False
    n_rules = len(v.patterns) + len(v.adjustments)
    typer.echo(f"ok: {f}: variant {v.name!r} ({v.rows}x{v.cols}, {n_rules} scoring rule(s))")
    return True


def _validate_config(f: Path) -> bool:
    from ..render import plural
    from ..tournament.configerrors import check_config

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
