"""``golf --version`` and ``-h`` as a help alias on the app and on every command."""

from __future__ import annotations

import pytest
from typer.main import get_command

from golfcli import __version__
from golfcli.cli import app

from .helpers import CliRunner


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


@pytest.mark.parametrize("args", [[], *_paths()])
def test_dash_h_is_help(args: list[str]) -> None:
    short = CliRunner().invoke(app, [*args, "-h"])
    long = CliRunner().invoke(app, [*args, "--help"])
    assert short.exit_code == 0, short.output
    assert "Usage: golf" in short.output
    assert short.output == long.output
