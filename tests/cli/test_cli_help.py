"""``golf --version`` and ``-h`` as a help alias on the app and on every command."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from typer.main import get_command

from golfcli import __version__
from golfcli.cli.app import app

from ..helpers import CliRunner


def _paths() -> list[list[str]]:
    """Every command, with the commands of sub-apps (golf card ...) too."""
    out: list[list[str]] = []
    for name, cmd in sorted(get_command(app).commands.items()):  # type: ignore[attr-defined]
        out.append([name])
        for sub in sorted(getattr(cmd, "commands", {})):
            out.append([name, sub])
    return out


COMMANDS = sorted(get_command(app).commands)  # type: ignore[attr-defined]


def test_version() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output in (
        f"golf {__version__} (compiled with mypyc)\n",
        f"golf {__version__} (pure Python)\n",
    )


def test_every_command_is_listed() -> None:
    assert {"score", "play", "replay", "tournament", "validate", "check-bot"} <= set(COMMANDS)


def test_each_command_s_summary_is_one_line_of_the_list() -> None:
    """``golf --help`` lists a command by its help's first paragraph, line
    breaks kept: one written over two lines shows broken in the list."""

    def summaries(group: Any, path: str) -> Iterator[tuple[str, str]]:
        for name, sub in getattr(group, "commands", {}).items():
            yield f"{path} {name}", (sub.help or "").strip().split("\n\n")[0]
            yield from summaries(sub, f"{path} {name}")

    found = dict(summaries(get_command(app), "golf"))
    assert "golf validate" in found and "golf card add" in found
    assert [k for k, first in found.items() if "\n" in first or not first] == []


@pytest.mark.parametrize("args", [[], *_paths()])
def test_dash_h_is_help(args: list[str]) -> None:
    short = CliRunner().invoke(app, [*args, "-h"])
    long = CliRunner().invoke(app, [*args, "--help"])
    assert short.exit_code == 0, short.output
    assert "Usage: golf" in short.output
    assert short.output == long.output


@pytest.mark.parametrize(
    "args",
    [
        ["score", "5 K 2 / 5 7 9"],
        ["score", "--help"],
        ["score", "5 Z 2 / 5 7 9"],
        ["score", "--bogus"],
        ["rules", "alberta"],
        ["variants"],
        ["check-bot", "--holes", "0", "random"],
        ["scor", "x"],
        ["card", "--help"],
        ["--version"],
    ],
)
def test_a_command_run_alone_says_what_the_whole_app_says(args: list[str]) -> None:
    """golf builds only the command its first word names (app_for): the
    output, the errors and the exit status are the whole app's."""
    from golfcli.cli.app import app, app_for

    alone = app_for(args)
    assert (alone is app) == (args[0] in ("scor", "card", "--version"))
    want = CliRunner().invoke(app, args)
    got = CliRunner().invoke(alone, args)
    assert (got.exit_code, got.stdout, got.stderr) == (want.exit_code, want.stdout, want.stderr)


HELP_WITH_STAND_INS = """
import json, sys
from golfcli.cli import app as cli
cli.lighter_help()
from golfcli.cli.app import app
from tests.helpers import CliRunner
out = {" ".join(p): CliRunner().invoke(app, [*p, "--help"]).output for p in json.load(sys.stdin)}
out["stand-ins"] = [sys.modules[m].__doc__ for m in cli.UNUSED_BY_HELP]
print(json.dumps(out))
"""


def test_help_is_the_same_without_the_parts_of_rich_it_never_uses() -> None:
    """``golf --help`` (and any command's) stands in for rich's Markdown and
    tracebacks, which Typer's help imports but never calls here: every help
    text must come out byte for byte as Typer renders it with them."""
    import json
    import subprocess
    import sys

    from golfcli.cli.app import only_help

    from ..helpers import REPO

    paths = [[], *_paths()]
    got = subprocess.run(
        [sys.executable, "-c", HELP_WITH_STAND_INS],
        input=json.dumps(paths),
        capture_output=True,
        text=True,
        cwd=REPO,
        check=True,
    )
    lighter = json.loads(got.stdout)
    assert all("stand-in" in (d or "") for d in lighter.pop("stand-ins"))
    for p in paths:
        full = CliRunner().invoke(app, [*p, "--help"])
        assert full.exit_code == 0 and lighter[" ".join(p)] == full.output, p
    assert only_help([]) and only_help(["score", "-h"]) and only_help(["card", "--help"])
    assert not only_help(["score", "5 K 2"])


@pytest.mark.parametrize("args", [[], ["--help"], ["-h"]])
def test_the_root_help_app_says_what_the_whole_app_says(args: list[str]) -> None:
    """``golf --help`` is rendered from a ``golf`` whose commands have no
    parameters and whose groups hold no commands (neither is shown in the
    list): the same text, the same status."""
    from golfcli.cli.app import _listed_only, app_for

    light, full = CliRunner().invoke(app_for(args), args), CliRunner().invoke(app, args)
    root = app_for(args)
    assert root is not app
    assert len(root.registered_commands) == len(app.registered_commands) > 10
    assert {c.callback for c in root.registered_commands} == {_listed_only}
    assert (light.exit_code, light.output) == (full.exit_code, full.output)
    assert "card" in light.output and "ratings" in light.output
