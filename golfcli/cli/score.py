"""``golf score``: a layout's or a hole's score, itemised as the variant counts it.

Registered on ``golf`` by :mod:`golfcli.cli.app`; imports its machinery lazily,
inside the command, so that ``golf score`` starts fast.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .params import SetOpt, VariantOpt
from .say import fail, load_variant_or_fail, say_error, warn

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence


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
    from ..breakdown import CSV_HOLE, CSV_LAYOUT, as_layout, score_hole
    from ..breakdown import score as golf_score
    from ..cards import CardError
    from ..notation import Layout
    from ..render import bad_format, csv_text

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
        table = var.players_for_sides(len(parsed))
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
    from ..render import csv_text

    return csv_text(row, [])


def _stdin_layouts() -> Iterable[tuple[str, str]]:
    """(place, text) of each layout line on standard input, read as it comes;
    blank lines and # comments are skipped."""
    for i, line in enumerate(iter(sys.stdin.readline, ""), start=1):
        text = line.strip()
        if text and not text.startswith("#"):
            yield f"line {i}", text
