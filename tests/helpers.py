"""Shared test helpers: exact hole states and scores from typed cards, the
check that a command failed with golf's one error line, a CliRunner that
builds golf's Click command once, and the test side of tests/bots/gate_bot.py."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import random
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import typer
import typer.testing
from typer.main import get_command

from golfcli import cards as C
from golfcli.cards import parse_card
from golfcli.scoring import score_hole, score_layout
from golfcli.state import HoleState
from golfcli.variant import Variant
from golfcli.variantload import builtin, load_variant

#: The modules an extra brings, and the library each imports: a test that
#: imports every golfcli module leaves one out when its extra is not installed.
EXTRA_MODULES = {
    "golfcli.spiel": "pyspiel",
    "golfcli.env": "pettingzoo",
    # the pages (the web extra): every room but the package's door imports Starlette
    **{
        f"golfcli.web.{room}": "starlette"
        for room in ("live", "fields", "app", "server", "cardbook", "cardview", "scorecard")
    },
}


def extra_missing(module: str) -> bool:
    """Whether ``module`` needs an extra that is not installed here."""
    import importlib.util

    library = EXTRA_MODULES.get(module)
    return library is not None and importlib.util.find_spec(library) is None


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.replace("/", " ").split()]


def total(variant: Variant | str, text: str) -> int:
    """The score of one layout typed as ``golf score`` takes it."""
    v = builtin(variant) if isinstance(variant, str) else variant
    return score_layout(v, C.parse_layout(text)[2]).total


def hole(variant: Variant | str, *texts: str, closer: int | None = None) -> tuple[int, ...]:
    """The totals of a whole hole of typed layouts (``closer``: who went out)."""
    v = builtin(variant) if isinstance(variant, str) else variant
    return score_hole(v, [C.parse_layout(t)[2] for t in texts], closer).totals


_COMMANDS: dict[int, tuple[typer.Typer, Any]] = {}


def _command_of(app: typer.Typer) -> Any:
    """The Click command of ``app``, built on first use and kept for the session.

    Typer's CliRunner rebuilds the whole command tree (every command's
    signature inspected) on each ``invoke``: 9 of the 12 ms a ``golf score``
    costs, and about 10 CPU-s over the suite's 1,000 invocations.  A real
    ``golf`` process builds it once and runs one command, so one tree per
    test session is what production does; the invocation itself (parsing,
    callbacks, output, exit code) still runs in full every time."""
    kept = _COMMANDS.get(id(app))
    if kept is None or kept[0] is not app:
        kept = _COMMANDS[id(app)] = (app, get_command(app))
    return kept[1]


class CliRunner(typer.testing.CliRunner):
    """typer.testing.CliRunner with golf's command tree built once (see _command_of)."""

    def invoke(self, app: typer.Typer, *args: Any, **kwargs: Any) -> Any:
        real: Callable[[typer.Typer], Any] = typer.testing._get_command
        typer.testing._get_command = _command_of  # type: ignore[assignment]
        try:
            return super().invoke(app, *args, **kwargs)
        finally:
            typer.testing._get_command = real


def golf(*args: str) -> Any:
    """``golf ARGS...`` in this process, as a CliRunner result."""
    from golfcli.cli.app import app

    return CliRunner().invoke(app, list(args))


#: ``golf`` in a fresh process, started the way the console script starts it
GOLF = [sys.executable, "-c", "from golfcli.cli.entry import main; main()"]


@contextlib.contextmanager
def job(args: list[str], **popen: Any) -> Iterator[subprocess.Popen[str]]:
    """A process in a session of its own, as a terminal runs a job (so a test
    sends Ctrl-C to its whole group: ``os.killpg(p.pid, SIGINT)``), with
    text pipes; it and its group are killed if still running at the end."""
    p = subprocess.Popen(
        args,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        **popen,
    )
    try:
        yield p
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()


def one_error_line(result: Any) -> str:
    """A CliRunner result that failed as golf promises: exit 2, no traceback,
    exactly one printable ``golf: error:`` line on stderr; that line."""
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("golf: error: "), lines[0]
    assert lines[0].isprintable(), lines[0]
    return str(lines[0])


def variant(name: str = "six-card", *overrides: str) -> Variant:
    return load_variant(name, list(overrides)) if overrides else builtin(name)


def state(
    v: Variant,
    layouts: list[str],
    up: list[str] | None = None,
    stock: str = "",
    discard: str = "9",
    current: int = 0,
    phase: str = "draw",
    players: int | None = None,
    **kw: object,
) -> HoleState:
    """A mid-hole state: layouts as typed rows; ``up`` as strings of 0/1 per cell."""
    lays = [cards(t) for t in layouts]
    n = players or len(lays)
    masks = []
    for i in range(len(lays)):
        bits = (up[i] if up else "0" * v.cells).replace(" ", "")
        masks.append(sum(1 << p for p, b in enumerate(bits) if b == "1"))
    return HoleState.assemble(
        v,
        n,
        kw.pop("dealer", n - 1),  # type: ignore[arg-type]
        layouts=lays,
        up=masks,
        stock=cards(stock),
        discard=cards(discard),
        current=current,
        phase=phase,
        rng=random.Random(0),
        **kw,  # type: ignore[arg-type]
    )


def play_random(st: HoleState, rng: random.Random) -> None:
    while not st.is_over:
        legal = st.legal_actions()
        st.apply(legal[int(rng.random() * len(legal))])


GATE_BOT = Path(__file__).resolve().parent / "bots" / "gate_bot.py"


class Gate:
    """The test's side of tests/bots/gate_bot.py: a run whose gate is shut
    cannot end, so a test stops it mid-way on an event (games on disk), not
    on a timer that a busy machine outruns.  ``shut()`` before such a run,
    ``release()`` when a held worker must go on; a run played with the gate
    open is never held."""

    def __init__(self, where: Path) -> None:
        self.dir = where
        where.mkdir(parents=True, exist_ok=True)
        self.release()

    def bot(self, after: int, **options: Any) -> str:
        """``bot:`` and ``options:`` of a player in a config's flow style:
        games begun after ``after`` others are held while the gate is shut."""
        opts = ", ".join(f"{k}: {v}" for k, v in options.items())
        extra = f", {opts}" if opts else ""
        return f"bot: '{GATE_BOT}', options: {{gate: '{self.dir}', after: {after}{extra}}}"

    def shut(self) -> None:
        (self.dir / "count").write_bytes(b"")
        (self.dir / "open").unlink(missing_ok=True)

    def release(self) -> None:
        (self.dir / "open").touch()


def script_module(name: str) -> ModuleType:
    """``scripts/{name}.py`` imported as a module (the scripts are not a
    package): a fresh copy each call, registered so its dataclasses work.
    scripts/ is put on the path as ``python scripts/{name}.py`` puts it, so
    a script's imports of its neighbours (``strength_common``) resolve."""
    scripts = Path(__file__).resolve().parent.parent / "scripts"
    if str(scripts) not in sys.path:
        sys.path.append(str(scripts))
    spec = importlib.util.spec_from_file_location(f"golf_{name}_script", scripts / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
