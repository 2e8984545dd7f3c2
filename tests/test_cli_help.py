"""``golf --version`` and ``-h`` as a help alias on the app and on every command."""

from __future__ import annotations

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from golfcli import __version__
from golfcli.cli import app

COMMANDS = sorted(get_command(app).commands)  # type: ignore[attr-defined]


def test_version() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"golf {__version__}\n"


def test_every_command_is_listed() -> None:
    assert {"score", "play", "replay", "tournament", "validate", "check-bot"} <= set(COMMANDS)


@pytest.mark.parametrize("args", [[]] + [[name] for name in COMMANDS])
def test_dash_h_is_help(args: list[str]) -> None:
    short = CliRunner().invoke(app, [*args, "-h"])
    long = CliRunner().invoke(app, [*args, "--help"])
    assert short.exit_code == 0, short.output
    assert "Usage: golf" in short.output
    assert short.output == long.output
