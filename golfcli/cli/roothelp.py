"""``golf --help``, ``golf -h`` and ``golf`` alone, drawn without Typer.

Typer and its Click take some 40 ms to import, half of the root help's
start, only to list thirteen commands.  The list is data
(golfcli/cli/listing.py: the usage line, the app's help, its options and
each command's first paragraph, made from the real app by ``python
scripts/make_listing.py``; a test fails until it is run again after a
command or its help changes), and this module draws it with rich exactly
as Typer's help does: the same console settings (Typer's environment
variables included), panels, tables, highlighter and styles.  The tests
compare the two byte for byte at many widths, with colour and without.

Anything this module does not know to draw the same falls to Typer (see
:func:`fast`): shell completion, a ``TERMINAL_WIDTH`` Typer could not read.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

#: Typer's help styles (``typer.rich_utils``), for what the root help shows
_THEME = {
    "option": "bold cyan",
    "switch": "bold green",
    "negative_option": "bold magenta",
    "negative_switch": "bold red",
    "types": "bold yellow",
    "types_sep": "dim",
    "usage": "yellow",
}
#: Typer's help highlighter: options, switches, types and "Usage: "
_HIGHLIGHTS = [
    r"(^|\W)(?P<switch>\-\w+)(?![a-zA-Z0-9])",
    r"(^|\W)(?P<option>\-\-[\w\-]+)(?![a-zA-Z0-9])",
    r"(?P<types>\<[^\>]+\>)",
    r"(?P<usage>Usage: )",
]


#: Typer reads ``:name:`` in help texts as emoji codes; golf's list has none
#: (the tests compare the output with Typer's), and rich's table of them is
#: ~2 ms of import
_EMOJI = False


def fast(args: Sequence[str], environ: Mapping[str, str]) -> bool:
    """Whether ``args`` asks for the root help alone and this module draws it
    as Typer would: not when Click is asked to complete a word (it reads
    ``_GOLF_COMPLETE`` before anything), nor when ``TERMINAL_WIDTH`` is not
    a number (Typer fails on it: its failure is left to it)."""
    if list(args) not in ([], ["--help"], ["-h"]) or "_GOLF_COMPLETE" in environ:
        return False
    width = environ.get("TERMINAL_WIDTH")
    return not width or width.isdigit()


def _console(environ: Mapping[str, str]) -> Any:
    """Typer's help console (``typer.rich_utils._get_rich_console``)."""
    from rich.console import Console
    from rich.highlighter import RegexHighlighter
    from rich.theme import Theme

    class OptionHighlighter(RegexHighlighter):
        highlights = _HIGHLIGHTS

    force: bool | None = None
    if environ.get("GITHUB_ACTIONS") or environ.get("FORCE_COLOR") or environ.get("PY_COLORS"):
        force = True
    if environ.get("_TYPER_FORCE_DISABLE_TERMINAL"):
        force = False
    width = environ.get("TERMINAL_WIDTH")
    return Console(
        theme=Theme(_THEME),
        highlighter=OptionHighlighter(),
        color_system="auto",
        force_terminal=force,
        width=int(width) if width else None,
    )


def show(environ: Mapping[str, str] | None = None) -> None:
    """Print the root help on stdout as Typer's ``rich_format_help`` does."""
    from rich.align import Align
    from rich.columns import Columns
    from rich.console import Group
    from rich.padding import Padding
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    from .listing import COMMANDS, HELP, OPTIONS, USAGE

    console = _console(os.environ if environ is None else environ)
    light = console.highlighter
    console.print(Padding(light(USAGE), 1), style="bold")
    first, rest = HELP
    parts: list[Any] = [light(Text.from_markup(first, style="", emoji=_EMOJI))]
    if rest is not None:
        parts += [Text(""), light(Text.from_markup(rest, style="dim", emoji=_EMOJI))]
    console.print(Padding(Align(Group(*parts), pad=False), (0, 1, 1, 1)))
    table: dict[str, Any] = {
        "show_header": False,
        "expand": True,
        "box": None,
        "show_lines": False,
        "leading": 0,
        "border_style": None,
        "row_styles": None,
        "pad_edge": False,
        "padding": (0, 1),
    }
    options = Table(highlight=True, **table)
    for long, short, text in OPTIONS:
        help_text = Columns([light(Text.from_markup(text, style="", emoji=_EMOJI))])
        empty = Text(style="bold yellow", overflow="fold")
        options.add_row(light(long), light(short), Text(""), Text(""), empty, help_text)
    console.print(Panel(options, border_style="dim", title="Options", title_align="left"))
    commands = Table(highlight=False, **table)
    commands.add_column(style="bold cyan", no_wrap=True, width=max(len(n) for n, _ in COMMANDS))
    commands.add_column("Description", justify="left", no_wrap=False, ratio=10)
    for name, text in COMMANDS:
        commands.add_row(Text(name), light(Text.from_markup(text, style="", emoji=_EMOJI)))
    console.print(Panel(commands, border_style="dim", title="Commands", title_align="left"))


def main(args: Sequence[str]) -> None:
    """``golf --help`` (exit 0, Click's empty line after the help) or ``golf``
    alone (exit 2, the empty line on stderr), as the Typer app ends them."""
    try:
        show()
        if args:
            sys.stdout.write("\n")
            sys.stdout.flush()
        else:
            sys.stderr.write("\n")
    except BrokenPipeError:
        sys.exit(0)  # the reader left (``golf --help | head``), as golfcli.cli.app.main ends
    sys.exit(0 if args else 2)
