"""The ``golf`` command.

Every command imports its machinery lazily so that ``golf score`` starts
fast (well under 150 ms; docs/performance.md).  Bad input of any kind ends with one
line on stderr naming the problem and its place, and exit status 2.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from . import INTERRUPTED
from .say import say_error

if TYPE_CHECKING:
    from collections.abc import Sequence


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
            typer.echo(INTERRUPTED, err=True)
            code = 130
        if standalone_mode:
            sys.exit(code)
        return code

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            typer.echo("\n" + INTERRUPTED, err=True)
            raise

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        """Reading the command line (Typer builds every option as it goes)
        takes Ctrl-C too: Typer turns it into exit 130 without a word, so
        the line is said here, as ``invoke`` says it."""
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt:
            typer.echo("\n" + INTERRUPTED, err=True)
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

    from .. import state

    compiled = state.__file__ is not None and state.__file__.endswith(
        tuple(importlib.machinery.EXTENSION_SUFFIXES)
    )
    return "compiled with mypyc" if compiled else "pure Python"


def _version(value: bool) -> None:
    if value:
        from .. import __version__

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


# The commands, one module each (golfcli/cli/; golf card's in golfcli/cli/card.py), in the
# order `golf --help` lists them.  Each module imports only Typer and golf's error
# helpers at the top; its machinery loads inside the command, so `golf score` starts fast.
from . import check_bot, match, play, ratings, score, serve, tournament, variants  # noqa: E402
from .card import card_app  # noqa: E402

app.command()(score.score)
app.command()(variants.variants)
app.command()(variants.rules)
app.command()(variants.validate)
app.command()(play.play)
app.command()(play.replay)
app.command()(tournament.tournament)
app.command()(tournament.report)
app.command()(match.match)
app.add_typer(ratings.ratings_app, name="ratings")
app.command("check-bot")(check_bot.check_bot)
app.add_typer(card_app, name="card")
app.command()(serve.serve)


def command_name(info: Any) -> str:
    """The name a registered command is called by (Typer's rule: the
    function's name with ``_`` as ``-``, unless given one)."""
    return str(info.name or info.callback.__name__.replace("_", "-"))


def app_for(args: Sequence[str]) -> typer.Typer:
    """The app to run for ``args``: one with only the command the first word
    names when it names one (not a group such as ``card``), else the whole
    ``golf``.  Typer turns every registered command into Click's before it
    runs one, a fifth of ``golf score``'s start; the command, its options,
    help and errors are the same either way (its usage line names ``golf``)."""
    if list(args) in ([], ["--help"], ["-h"]):
        return _root_help_app()
    if args[0].startswith("-"):
        return app
    found = [c for c in app.registered_commands if command_name(c) == args[0]]
    if len(found) != 1:
        return app
    one = _golf_app()
    one.registered_commands = found
    return one


def _golf_app() -> typer.Typer:
    """A ``golf`` with the root's callback and settings and no commands yet."""
    one = typer.Typer(
        cls=GolfGroup,
        name="golf",
        help=app.info.help,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    one.registered_callback = app.registered_callback
    return one


def _root_help_app() -> typer.Typer:
    """``golf --help``'s app: every command and each group (``card``,
    ``ratings``) as its name and help alone, since the list shows no more of
    them.  Typer would otherwise read the signature of every command, and of
    every command of every group, only to list their names: a quarter of the
    help's work.  The text is the same (tested)."""
    import copy
    import inspect

    one = _golf_app()
    for info in app.registered_commands:
        command = copy.copy(info)
        command.name = command_name(info)
        if command.help is None:
            command.help = inspect.getdoc(info.callback)
        command.callback = _listed_only
        one.registered_commands.append(command)
    for group in app.registered_groups:
        assert group.typer_instance is not None
        bare = copy.copy(group.typer_instance)
        bare.registered_commands, bare.registered_groups = [], []
        listed = copy.copy(group)
        listed.typer_instance = bare
        one.registered_groups.append(listed)
    return one


def listing_module() -> str:
    """What golfcli/cli/listing.py holds: the root help's text as Typer's
    help shows it (golfcli/cli/roothelp.py draws it without Typer), made
    from this app by ``python scripts/make_listing.py``.  Each text is
    processed as ``typer.rich_utils`` processes it before drawing; a part
    of a help the fast one does not draw (an option's type or default, a
    hidden or deprecated command, another panel) stops the making."""
    import inspect
    import pprint

    from typer.main import get_command

    from ..exceptions import GolfError

    root = get_command(app)
    ctx = root.make_context("golf", [], resilient_parsing=True)
    if root.deprecated or root.epilog:
        raise GolfError("the fast root help draws no deprecation and no epilog")
    first, *rest = inspect.cleandoc(root.help or "").partition("\f")[0].split("\n\n")
    if not first.startswith("\b"):
        first = first.replace("\n", " ")
    help_text = (
        inspect.cleandoc(first.strip()),
        inspect.cleandoc("\n\n".join(rest)) if rest else None,
    )
    options = []
    for param in root.get_params(ctx):
        metavar = param.make_metavar(ctx=ctx)
        if (
            getattr(param, "hidden", False)
            or param.required
            or param.secondary_opts
            or getattr(param, "envvar", None)
            or "bool" not in metavar.lower()
            or getattr(param, "rich_help_panel", None)
        ):
            raise GolfError(f"the fast root help cannot draw {param.opts}")
        long = ",".join(o for o in param.opts if "--" in o)
        short = ",".join(o for o in param.opts if "--" not in o)
        paragraphs = [
            x.replace("\n", " ").strip() for x in (getattr(param, "help", None) or "").split("\n\n")
        ]
        options.append((long, short, inspect.cleandoc("\n".join(paragraphs).strip())))
    commands = []
    for name in root.list_commands(ctx):  # type: ignore[attr-defined]
        command = root.get_command(ctx, name)  # type: ignore[attr-defined]
        if command.hidden or command.deprecated or getattr(command, "rich_help_panel", None):
            raise GolfError(f"the fast root help cannot list {name}")
        paragraphs = inspect.cleandoc(command.short_help or command.help or "").split("\n\n")
        if paragraphs[0].startswith("\b"):
            paragraphs[0] = paragraphs[0].replace("\b\n", "")
        commands.append((command.name, inspect.cleandoc(paragraphs[0].strip())))
    return (
        '"""The root help\'s text as ``golf --help`` shows it, drawn by\n'
        "golfcli/cli/roothelp.py without importing Typer.\n\n"
        'Made from the app by ``python scripts/make_listing.py``; do not edit."""\n\n'
        f"USAGE = {root.get_usage(ctx)!r}\n"
        f"HELP = {pprint.pformat(help_text, width=100)}\n"
        f"OPTIONS = {pprint.pformat(tuple(options), width=100)}\n"
        f"COMMANDS = {pprint.pformat(tuple(commands), width=100)}\n"
    )


def _listed_only() -> None:
    """The callback of a command ``golf --help`` only lists (never called)."""


#: Modules of rich that Typer's help imports and golf's help never calls: its
#: Markdown (for ``rich_markup_mode="markdown"``, which golf does not set) and
#: its pretty tracebacks (``pretty_exceptions_enable=False``).  About half of
#: ``golf --help``'s start (~50 ms of ~160 on this machine, docs/performance.md).
UNUSED_BY_HELP = {"rich.markdown": "Markdown", "rich.traceback": "Traceback"}


def only_help(args: Sequence[str]) -> bool:
    """Whether ``args`` can only print help: nothing, or a help flag (Click
    reads it first, so no command runs; a ``-h`` that is an option's value
    runs the command, which then never meets the stand-ins: see below)."""
    return not args or "--help" in args or "-h" in args


def lighter_help() -> None:
    """Stand in for :data:`UNUSED_BY_HELP` before Typer's help imports them.

    Each stand-in is a module whose one name is ``None``: Typer's help only
    imports those names, and golf never uses rich's Markdown or tracebacks
    itself (a test holds both: the help is byte for byte the same with and
    without the stand-ins, for every command).  A module already imported is
    left as it is, and nothing is done when Typer would render Markdown."""
    import types

    if app.rich_markup_mode == "markdown" or app.pretty_exceptions_enable:
        return
    for name, attr in UNUSED_BY_HELP.items():
        if name not in sys.modules:
            stand_in = types.ModuleType(name, "golf's stand-in: see golfcli.cli.app.lighter_help")
            setattr(stand_in, attr, None)
            sys.modules[name] = stand_in


def main() -> None:
    """Entry point: Typer app with clean exits for Ctrl-C and broken pipes."""
    try:
        if only_help(sys.argv[1:]):
            lighter_help()
        app_for(sys.argv[1:])()
    except KeyboardInterrupt:
        typer.echo("\n" + INTERRUPTED, err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)


if __name__ == "__main__":
    main()
