"""A run's progress: the run loop reports numbers through ``on_progress``
and knows no terminal; the bar (render/progress.py) is drawn by whoever
shows it, ``golf tournament`` among them."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

import golfcli
from golfcli.render.progress import ProgressBar

CONFIG: dict[str, Any] = {
    "name": "progress",
    "variant": "six-card",
    "players": [{"name": "a", "bot": "random"}, {"name": "b", "bot": "greedy"}],
    "games": 3,
    "holes": 1,
    "seed": 4,
    "workers": 1,
}


def test_a_callback_that_wants_the_leader_is_told_it() -> None:
    calls: list[tuple[int, int, str]] = []

    class Watch:
        wants_leader = True

        def __call__(self, finished: int, total: int, leader: str = "") -> None:
            calls.append((finished, total, leader))

    golfcli.run_tournament(CONFIG, on_progress=Watch(), ratings=None)
    assert calls and calls[0][0] == 0 and calls[-1][:2] == (6, 6)
    assert calls[-1][2].startswith("leader: ") and "% wins" in calls[-1][2]


def test_a_plain_callback_gets_two_numbers() -> None:
    calls: list[tuple[int, int]] = []
    golfcli.run_tournament(CONFIG, on_progress=lambda f, t: calls.append((f, t)), ratings=None)
    assert calls[-1] == (6, 6) and all(f <= t for f, t in calls)


def test_the_bar_starts_on_its_first_call_and_closes() -> None:
    bar = ProgressBar("x")
    assert bar._bar is None  # made, not started: no thread before the workers fork
    bar(1, 4, "leader: a (100% wins)")
    assert bar._bar is not None
    bar.close()
    bar.close()
    assert bar._bar is None


def test_the_run_loop_draws_nothing_itself() -> None:
    """No module of the tournament package imports rich (or prints a bar)."""
    root = Path(golfcli.__file__).parent / "tournament"
    for path in root.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("rich"), path.name
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("rich") for a in node.names), path.name


def test_a_stop_is_said_through_say_and_the_library_prints_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import signal

    from golfcli.tournament.signals import Interrupts

    said: list[str] = []
    ints = Interrupts(say=said.append)
    ints._handle(signal.SIGTERM, None)
    ints._handle(signal.SIGINT, None)  # the second press: no second sentence
    assert said == [
        "terminated (SIGTERM): stopping after the games in progress (Ctrl-C again to stop at once)"
    ]
    quiet = Interrupts()
    quiet._handle(signal.SIGINT, None)
    assert quiet.count == 1 and capsys.readouterr().err == ""


def test_progress_lines_come_at_most_every_interval_and_never_at_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where no bar can be drawn: a plain line when ``every`` seconds have
    passed since the last, with the games, the time spent and left."""
    from golfcli.render import progress

    now = [100.0]
    monkeypatch.setattr(progress.time, "monotonic", lambda: now[0])
    lines: list[str] = []
    p = progress.ProgressLines(every=10.0, write=lines.append)
    for t, done in ((0, 0), (5, 100), (11, 250), (15, 300), (22, 1000), (40, 4000)):
        now[0] = 100.0 + t
        p(done, 4000, "leader: b (60% wins)")
    assert lines == [
        "golf: progress: 250/4,000 games (6%), 0:00:11, about 0:02:45 left; leader: b (60% wins)",
        "golf: progress: 1,000/4,000 games (25%), 0:00:22, about 0:01:06 left; "
        "leader: b (60% wins)",
    ]


def test_golf_tournament_without_a_terminal_takes_the_plain_lines(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from golfcli.render import progress

    made: list[object] = []

    class Spy(progress.ProgressLines):
        def __init__(self) -> None:
            super().__init__()
            made.append(self)

    monkeypatch.setattr(progress, "ProgressLines", Spy)
    from ..helpers import golf, write

    cfg = write(
        tmp_path,
        "name: p\nvariant: six-card\ngames: 2\nholes: 1\nseed: 1\n"
        "players: [{name: a, bot: random}, {name: b, bot: random}]\n",
    )
    assert golf("tournament", str(cfg), "--no-db").exit_code == 0  # stderr is no terminal here
    assert len(made) == 1
    assert golf("tournament", str(cfg), "--no-db", "-q").exit_code == 0
    assert len(made) == 1  # --quiet: none
