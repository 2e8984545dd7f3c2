"""One home for output formats: every command that prints a result prints it
in one of :data:`FORMATS`, checked by one function and laid out by the same
table, CSV and JSON helpers.

* ``table`` for a terminal, ``markdown`` for a chat or a wiki page, ``csv``
  for a spreadsheet (one table per stream: a CSV reader expects one header),
  ``json`` for programs;
* ``html`` for a page to share (a tournament report: :mod:`.html`).

The rooms: this module (the formats and the helpers every renderer shares),
:mod:`.svg` (plots drawn as inline SVG), :mod:`.tournament` (a tournament
report as text), :mod:`.html` (a tournament report as a page).  Nothing here
computes a statistic or reads a game rule: renderers take plain data
(mappings and lists, as the JSON shows it) and lay it out.

Also here: :mod:`.boards` (the ratings leaderboards), :mod:`.pictures`
(cards, layouts and tables for notebooks), :mod:`.progress` (a run's
progress bar, drawn from the ``on_progress`` callback) and
:mod:`.report_formats` (a tournament report in any format: the one entry).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

#: The formats every command that prints results offers.
FORMATS = ("table", "markdown", "csv", "json")
#: ... and those of a tournament report, which also renders as a page.
REPORT_FORMATS = (*FORMATS, "html")


def bad_format(fmt: str, allowed: Sequence[str] = FORMATS, option: str = "--format") -> str | None:
    """The one-line complaint about ``fmt``, or None when it is one of ``allowed``
    (also for a choice among tables: ``option="--table"``).

    Commands say it with ``cli.say.fail`` (exit 2); the wording is the same
    for every command."""
    if fmt in allowed:
        return None
    return f"{option}: must be one of {', '.join(allowed)}, not {fmt!r}"


def figure(x: float, decimals: int, signed: bool = False) -> str:
    """``x`` to ``decimals`` places, by one rule wherever a report prints a
    number: the decimal it reads as (its shortest repr) rounded half away
    from zero, so 0.15 is 0.2 as 1.35 is 1.4 (formatting the binary value
    gave 0.1 and 1.4), and never ``-0.0``: a value that rounds to zero is
    ``0.0`` (``+0.0`` when ``signed``).

    >>> figure(0.15, 1), figure(1.35, 1), figure(-0.04, 1), figure(2.5, 0, signed=True)
    ('0.2', '1.4', '0.0', '+3')
    """
    from decimal import ROUND_HALF_UP, Decimal

    if x != x or x in (float("inf"), float("-inf")):  # nothing to round: say so
        return "–"
    exact = Decimal(repr(float(x)))
    q = exact.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    if q.is_zero():
        q = abs(q)
    text = f"{q:.{decimals}f}"
    return f"+{text}" if signed and not text.startswith("-") else text


def plural(n: int, word: str) -> str:
    """``1 deal``, ``2 deals``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def text_table(headers: Sequence[Any], rows: Sequence[Sequence[Any]], fmt: str) -> str:
    """A plain table, or a markdown one whose cells cannot break its columns:
    a ``|`` in a player's name is escaped.  ``fmt`` is ``table`` or
    ``markdown``; every cell is text as given (no number is reformatted)."""
    if fmt != "markdown":
        return table(rows, headers, numbers=False)

    def cell(x: Any) -> str:
        return str(x).replace("|", "\\|")

    return table(
        [[cell(x) for x in row] for row in rows],
        [cell(h) for h in headers],
        markdown=True,
        numbers=False,
    )


def table(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[Any],
    *,
    markdown: bool = False,
    numbers: bool = True,
    right: bool = False,
) -> str:
    """Rows under headers, as tabulate's ``simple`` format lays them out (or
    ``github`` with ``markdown``), written here because importing tabulate
    cost ``golf score`` a fifth of its start (it reads its own version from
    the installed metadata).  The same rules, checked against tabulate by
    the tests: a column two wider than its header at least, numbers (with
    ``numbers``: ints, floats and text that reads as one, shown as Python's
    ``g`` format shows a float) right-aligned on their decimal point, text
    left-aligned (``right``: every cell right-aligned), ``None`` and empty
    cells blank, each cell's surrounding spaces dropped."""
    ncols = len(headers)
    cells = [[_cell(x) for x in row] + [None] * (ncols - len(row)) for row in rows]
    columns: list[list[str]] = []
    aligns: list[str] = []
    for c in range(ncols):
        col = [row[c] for row in cells]
        kind = _column_kind(col) if numbers else "text"
        shown = [_shown(v, kind) for v in col]
        if kind == "float":
            shown = _decimal(shown)
        aligns.append("right" if right or kind != "text" else "left")
        columns.append(shown)
    heads = [str(h) for h in headers]
    widths = [max([len(heads[c]) + 2, *(len(s) for s in columns[c])]) for c in range(ncols)]

    def line(values: Sequence[str]) -> list[str]:
        return [
            v.rjust(w) if a == "right" else v.ljust(w)
            for v, w, a in zip(values, widths, aligns, strict=True)
        ]

    body = [line([columns[c][r] for c in range(ncols)]) for r in range(len(cells))]
    if markdown:
        rule = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
        out = ["| " + " | ".join(line(heads)) + " |", rule]
        out += ["| " + " | ".join(b) + " |" for b in body]
        return "\n".join(out)
    out = ["  ".join(line(heads)).rstrip(), "  ".join("-" * w for w in widths)]
    out += ["  ".join(b).rstrip() for b in body]
    return "\n".join(out)


def _cell(x: Any) -> Any:
    """None for a missing cell (None or empty text); a cell of blanks is text."""
    if isinstance(x, str) and not x:
        return None
    return x


#: Cell kinds from the most particular; a column is the most general of its cells'.
_KINDS = ("bool", "int", "float", "text")


def _number(v: Any) -> str:
    """``bool``, ``int``, ``float`` or ``text``: what a cell reads as."""
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, float):
        return "float"
    text = str(v)
    if not text.strip():
        return "text"
    try:
        int(text)
        return "int"
    except ValueError:
        pass
    try:
        float(text)
        return "float"
    except ValueError:
        return "text"


def _column_kind(col: Sequence[Any]) -> str:
    kinds = [_KINDS.index(_number(v)) for v in col if v is not None]
    kind = _KINDS[max(kinds)] if kinds else "text"
    return "text" if kind == "bool" else kind  # true and false align as text


def _shown(v: Any, kind: str) -> str:
    if v is None:
        return ""
    if kind == "float":
        return format(float(v), "g")
    if kind == "int":
        return str(v)  # as given, as tabulate shows a whole number's text
    return str(v).strip()


def _decimal(shown: list[str]) -> list[str]:
    """Numbers padded on the right so their decimal points line up."""

    def after(s: str) -> int:
        if not s:
            return -1
        pos = s.rfind(".")
        if pos < 0:
            pos = s.lower().rfind("e")
        return len(s) - pos - 1 if pos >= 0 else -1

    most = max((after(s) for s in shown if s), default=-1)
    return [s + " " * (most - after(s)) if s else s for s in shown]


def csv_cell(v: Any) -> Any:
    """A value as a CSV cell: nothing for None, six significant digits for a float."""
    if v is None:
        return ""
    if isinstance(v, float):
        return f"{v:.6g}"
    return v


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """One CSV table (header and rows), without a trailing newline."""
    import csv  # here: `golf score` starts without it unless it writes CSV
    import io

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    for row in rows:
        w.writerow([csv_cell(v) for v in row])
    return buf.getvalue().rstrip("\n")


def json_text(obj: Any, lines: bool = False) -> str:
    """JSON for programs: indented, or one compact object per line
    (``lines``: a stream a reader takes object by object)."""
    return json.dumps(obj) if lines else json.dumps(obj, indent=2)
