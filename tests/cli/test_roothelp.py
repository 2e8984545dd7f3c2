"""``golf --help`` drawn without Typer (golfcli/cli/roothelp.py): the very
bytes Typer's help prints, at any width, with colour and without, and the
same exit status and stderr."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from golfcli.cli import roothelp
from golfcli.cli.app import app, listing_module

from ..helpers import CliRunner

REPO = Path(__file__).resolve().parents[2]
FAST = "import sys; from golfcli.cli import roothelp; roothelp.main(sys.argv[1:])"
TYPER = "import sys; sys.argv[0] = 'golf'; from golfcli.cli.app import main; main()"


def test_the_listing_is_made_from_the_app() -> None:
    """golfcli/cli/listing.py is what scripts/make_listing.py makes now: add a
    command or edit the first paragraph of one's help and this fails until
    the script is run again."""
    listing = Path(roothelp.__file__).with_name("listing.py")
    assert listing.read_text(encoding="utf-8") == listing_module()


def test_the_listing_refuses_what_the_fast_help_cannot_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hidden command (Typer leaves it out) or an option with a value
    (Typer shows its type) would be drawn wrong: making the list stops."""
    import copy

    from golfcli.exceptions import GolfError

    hidden = copy.copy(app.registered_commands[0])
    hidden.name, hidden.hidden = "secret", True
    monkeypatch.setattr(app, "registered_commands", [*app.registered_commands, hidden])
    with pytest.raises(GolfError, match="cannot list secret"):
        listing_module()
    monkeypatch.undo()
    callback = copy.copy(app.registered_callback)
    assert callback is not None

    def root(level: int = typer.Option(1, "--level", help="How loud.")) -> None:
        """A root option that takes a number."""

    callback.callback = root
    monkeypatch.setattr(app, "registered_callback", callback)
    with pytest.raises(GolfError, match="cannot draw"):
        listing_module()


@pytest.mark.parametrize("width", [12, 30, 45, 60, 79, 80, 81, 100, 133, 200, 300])
@pytest.mark.parametrize("args", [[], ["--help"], ["-h"]])
def test_the_root_help_is_typers_at_every_width(
    width: int,
    args: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("COLUMNS", str(width))
    for name in ("TERMINAL_WIDTH", "FORCE_COLOR", "PY_COLORS", "GITHUB_ACTIONS", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    full = CliRunner().invoke(app, args)
    with pytest.raises(SystemExit) as ended:
        roothelp.main(args)
    out = capsys.readouterr()
    assert (ended.value.code, out.out) == (full.exit_code, full.stdout)
    assert out.err == ("\n" if not args else "")  # Click's empty message, on stderr
    assert "card" in out.out and "Options" in out.out


@pytest.mark.parametrize(
    "env",
    [
        {"FORCE_COLOR": "1", "TERM": "xterm-256color", "COLUMNS": "90"},
        {"PY_COLORS": "1", "COLORTERM": "truecolor", "COLUMNS": "50"},
        {"GITHUB_ACTIONS": "true", "NO_COLOR": "1", "COLUMNS": "120"},
        {"FORCE_COLOR": "1", "_TYPER_FORCE_DISABLE_TERMINAL": "1"},
        {"TERMINAL_WIDTH": "66", "COLUMNS": "140"},
    ],
)
def test_the_root_help_reads_the_environment_as_typer_does(env: dict[str, str]) -> None:
    """Typer's own variables (read when it is imported, so each run is a
    process of its own): colour forced, or forbidden, and its width."""
    base = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    runs = [
        subprocess.run(
            [sys.executable, "-c", code, "--help"],
            capture_output=True,
            env={**base, **env},
            cwd=REPO,
            timeout=60,
        )
        for code in (FAST, TYPER)
    ]
    fast, typer = ((r.returncode, r.stdout, r.stderr) for r in runs)
    assert fast == typer
    forced = {"FORCE_COLOR", "PY_COLORS", "GITHUB_ACTIONS"} & set(env)
    styled = bool(forced) and "_TYPER_FORCE_DISABLE_TERMINAL" not in env  # (NO_COLOR keeps bold)
    assert (b"\x1b[" in runs[0].stdout) == styled


def _in_a_terminal(code: str, columns: int) -> bytes:
    """What ``code`` prints on a terminal ``columns`` wide (a pty: rich's own
    choice of colour, not a forced one)."""
    import fcntl
    import pty
    import struct
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 30, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "NO_COLOR", "FORCE_COLOR")}
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "--help"],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env={**env, "TERM": "xterm-256color"},
        cwd=REPO,
    )
    os.close(follower)
    out = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the pty closed: the program ended
            break
        if not chunk:
            break
        out += chunk
    os.close(leader)
    assert proc.wait(timeout=60) == 0
    return out


def test_the_root_help_in_a_terminal_is_typers() -> None:
    fast = _in_a_terminal(FAST, 97)
    assert fast == _in_a_terminal(TYPER, 97)
    assert b"\x1b[1;36m" in fast  # bold cyan: the colours are on


def test_golf_help_imports_no_typer() -> None:
    """The console script's ``--help`` is the fast one: Typer is never
    imported, and the text is the app's."""
    code = (
        "import sys\n"
        "sys.argv = ['golf', '--help']\n"
        "from golfcli.cli.entry import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as end:\n"
        "    sys.stderr.write(f'{end.code} {\"typer\" in sys.modules}')\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    got = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, env=env
    )
    assert got.stderr == "0 False"
    assert got.stdout == CliRunner().invoke(app, ["--help"], env={"COLUMNS": "80"}).stdout


def test_what_the_fast_help_leaves_to_typer() -> None:
    assert roothelp.fast([], {}) and roothelp.fast(["-h"], {}) and roothelp.fast(["--help"], {})
    assert roothelp.fast(["--help"], {"TERMINAL_WIDTH": "90"})
    assert not roothelp.fast(["score", "--help"], {})
    assert not roothelp.fast(["--help", "--version"], {})
    assert not roothelp.fast(["--version"], {})
    assert not roothelp.fast([], {"_GOLF_COMPLETE": "bash_complete"})  # Click completes
    assert not roothelp.fast(["--help"], {"TERMINAL_WIDTH": "wide"})  # Typer's own failure


def test_a_reader_that_left_ends_the_help_as_typer_does() -> None:
    """``golf --help | head -1``: the pipe is closed under the help (here
    before it starts, so that the run is the same every time); rich stops
    the program, exit 1, and nothing on stderr, in both."""
    ends = []
    for code in (FAST, TYPER):
        reader, writer = os.pipe()
        os.close(reader)
        try:
            run = subprocess.run(
                [sys.executable, "-c", code, "--help"],
                stdout=writer,
                stderr=subprocess.PIPE,
                cwd=REPO,
                timeout=60,
            )
        finally:
            os.close(writer)
        ends.append((run.returncode, run.stderr))
    assert ends[0] == ends[1]
