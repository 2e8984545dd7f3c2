"""Options more than one ``golf`` command takes, declared once with their help."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

AsciiOpt = Annotated[bool, typer.Option("--ascii", help="Plain ASCII: suit letters, no colour.")]
_VARIANT_HELP = "Built-in variant name (see `golf variants`) or path to a variant YAML file."
VariantOpt = Annotated[str, typer.Option("--variant", "-v", help=_VARIANT_HELP)]
#: A variant that may be left out: ``golf card`` then takes the card's own
#: (six-card for a new card).
MaybeVariantOpt = Annotated[
    str | None,
    typer.Option(
        "--variant",
        "-v",
        help=f"{_VARIANT_HELP} Default: six-card for a new card, else the card's own.",
        show_default=False,
    ),
]
SetOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        "-s",
        metavar="KEY=VALUE",
        help="Override one variant key, e.g. --set values.ranks.2=2 "
        "or --set game.holes=18. Repeatable.",
    ),
]

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

#: A run's --out, --quiet and --no-db: golf tournament's and golf match's.
OutOpt = Annotated[
    Path | None, typer.Option(help="Directory for games.jsonl (durable, resumable) and logs.")
]
QuietOpt = Annotated[
    bool, typer.Option("--quiet", "-q", help="No progress (the bar, or the plain lines).")
]
NoDbOpt = Annotated[
    bool,
    typer.Option("--no-db", help="Do not record this run's games in the ratings database."),
]

#: The pages' server (golf card serve, golf serve): where it listens.
PortOpt = Annotated[int, typer.Option(help="The port to listen on (0: any free port).")]
LanOpt = Annotated[
    bool,
    typer.Option(
        "--lan",
        help="Listen on the local network for the phones at the table, and print a join "
        "link with an edit key and its QR code; a phone without the key reads only. "
        "Without it only this machine can open the page.",
    ),
]
