"""Bot processes leave nothing behind (golfcli/bots/procs.py).

Real little programs (tests/fixtures/bots/family_bot.py and a shell script that runs
it) start children in every way that escapes a naive kill: a child in the
bot's group, one that ignores SIGTERM, one that calls setsid, an orphan
whose parent is gone.  Each writes its pid to a directory as it starts, and
every test checks afterwards, by pid, that none of them is left: after a
normal game, a timeout, a bot that ignores end of input, SIGTERM or Ctrl-C
to ``golf check-bot``, and golf being killed outright.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from golfcli.bots import procs
from golfcli.bots.external import ExternalBot
from golfcli.bots.registry import make_bot
from golfcli.match import BotFault, Match
from golfcli.variantload import builtin

from ..helpers import BOTS, FAMILY, REPO, assert_none_left, pids_in

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

SHELL = BOTS / "shell_bot.sh"
ROOT = REPO
ALL_KINDS = ("fork", "stubborn", "setsid", "orphan")


def family(piddir: Path, *options: str, shell: bool = False, **kw: Any) -> ExternalBot:
    if shell:
        argv = [str(SHELL), sys.executable, str(piddir), *options]
    else:
        argv = [sys.executable, str(FAMILY), str(piddir), *options]
    kw.setdefault("time_limit", 5.0)  # generous: a busy machine is not a timeout
    kw.setdefault("time_bank", 0.0)
    return ExternalBot(argv, **kw)


def expected(options: tuple[str, ...], shell: bool) -> int:
    """Processes that write a pid: the bot, the shell, one per child kind."""
    return 1 + shell + sum(o in ALL_KINDS for o in options)


def test_the_pid_check_sees_a_running_process() -> None:
    """Control: a live process is reported as left, a finished one is not."""
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        me = (proc.pid, procs.start_time(proc.pid))
        assert procs.leftovers([me]) == [me]
        assert procs.leftovers([(proc.pid, 1)]) == []  # the pid, but not that process
    finally:
        proc.kill()
        proc.wait()
    assert procs.leftovers([me]) == []


@pytest.mark.parametrize(
    ("options", "shell"),
    [
        (ALL_KINDS, False),
        (ALL_KINDS, True),
        (("fork", "setsid", "orphan", "selfish"), False),
    ],
    ids=["python", "shell-runs-python", "ignores-term-and-eof"],
)
def test_a_game_leaves_no_process(tmp_path: Path, options: tuple[str, ...], shell: bool) -> None:
    bot = family(tmp_path, *options, shell=shell)
    result = Match(builtin("six-card"), [bot, make_bot("random")], seed=1, holes=1).play()
    assert sum(result.stats[0].faults.values()) == 0
    pids = pids_in(tmp_path, expected(options, shell))
    assert not bot.running
    assert_none_left(pids)


def test_the_old_way_leaves_children(tmp_path: Path) -> None:
    """Control: ending only the bot's own process (what golf did when the bot
    exited at quit) leaves its children running, so the tests above can fail."""
    t = family(tmp_path, "fork", "setsid", "orphan")._spawn()
    pids = pids_in(tmp_path, 4)
    proc = t.proc  # type: ignore[attr-defined]
    proc.kill()
    proc.wait()
    try:
        assert len(procs.leftovers(pids)) == 3
    finally:
        t.close(0.0)
    assert_none_left(pids)


def test_a_timeout_ends_the_bot_and_its_children_at_once(tmp_path: Path) -> None:
    from ..helpers import a_decision, game_info

    bot = family(tmp_path, "hang", *ALL_KINDS, time_limit=0.3, restart=False)
    bot.start_game(game_info())
    pids = pids_in(tmp_path, expected(ALL_KINDS, False))
    v, legal = a_decision()
    with pytest.raises(BotFault) as info:
        bot.choose(v, legal)
    assert info.value.kind == "timeout"
    assert_none_left(pids)  # before close(): the timeout itself ended them
    bot.close()


def test_a_bot_that_hangs_every_other_request_is_down_after_three_timeouts(
    tmp_path: Path,
) -> None:
    bot = family(tmp_path, "alternate", time_limit=0.2)
    t0 = time.monotonic()
    result = Match(builtin("six-card"), [bot, make_bot("random")], seed=2, holes=2).play()
    elapsed = time.monotonic() - t0
    stats = result.stats[0]
    assert stats.faults["timeout"] > 3  # three real ones, then instant ones while down
    assert bot.restarts == 2  # started after the first and second timeout, not after the third
    assert "timed out 3 times this game" in stats.last_fault
    assert elapsed < 0.2 * 3 + 5.0  # three waits for the limit, not one per hang
    assert_none_left(pids_in(tmp_path, 3))


def _golf(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "golfcli.cli.app", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )


@pytest.mark.parametrize("command", ["check-bot", "play"])
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl-C"])
def test_golf_stopped_by_a_signal_leaves_no_process(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, sig: int, command: str
) -> None:
    spec = f"cmd:{SHELL} {sys.executable} {tmp_path} hang {' '.join(ALL_KINDS)}"
    temp = tmp_path_factory.mktemp("temp")  # golf's temporary folders (check-bot's logs)
    if command == "check-bot":
        golf = _golf(
            "check-bot", spec, "--time-limit", "30", env={**os.environ, "TMPDIR": str(temp)}
        )
    else:
        golf = _golf("play", "--players", f'fam="{spec}",greedy', "--holes", "1")
    try:
        pids = pids_in(tmp_path, expected(ALL_KINDS, True))
        golf.send_signal(sig)
        _, err = golf.communicate(timeout=20)
    finally:
        if golf.poll() is None:
            golf.kill()
    assert golf.returncode == 130  # SIGTERM is taken as Ctrl-C is
    assert "Traceback" not in err.decode()
    assert_none_left(pids)
    assert list(temp.iterdir()) == []  # no log folder left behind


def test_a_bot_and_all_it_started_die_with_golf_even_when_golf_is_killed(
    tmp_path: Path,
) -> None:
    """kill -9 of golf runs no cleanup at all: the parent-death signal ends
    the bot (which ignores SIGTERM and end of input), and the reaper --
    which sees golf's end of a pipe close -- ends everything it started."""
    code = (
        "import sys, time\n"
        "from golfcli.bots.transport import ProcessTransport\n"
        f"t = ProcessTransport([sys.executable, {str(FAMILY)!r}, {str(tmp_path)!r}, "
        "'selfish', 'fork', 'stubborn', 'setsid', 'orphan'])\n"
        "print('started', flush=True)\n"
        "time.sleep(60)\n"
    )
    golf = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE)
    try:
        pids = pids_in(tmp_path, 5)
        assert procs.leftovers(pids) == pids
        golf.kill()
        golf.wait()
    finally:
        if golf.poll() is None:
            golf.kill()
    assert_none_left(pids, wait=5.0)


def test_end_run_ends_the_bots_a_lost_worker_left(tmp_path: Path) -> None:
    """A worker process that dies with its reaper (killed together, say)
    leaves its bots' children to the main process, which ends them by the
    run's mark."""
    env = dict(os.environ, **{procs.ENV_RUN: procs.set_run_id()})
    code = (
        "import os, sys\n"
        "from golfcli.bots import procs\n"
        "from golfcli.bots.transport import ProcessTransport\n"
        "procs._reaper_owner = os.getpid()  # no reaper: as if it died too\n"
        f"t = ProcessTransport([sys.executable, {str(FAMILY)!r}, {str(tmp_path)!r}, "
        "'setsid', 'orphan'])\n"
        "print('started', flush=True)\n"
        "import time; time.sleep(60)\n"
    )
    worker = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env)
    try:
        pids = pids_in(tmp_path, 3)
    finally:
        worker.kill()
        worker.wait()
    time.sleep(0.1)
    assert procs.leftovers(pids), "the setsid child and the orphan outlive the worker"
    assert procs.end_run() >= 2
    assert_none_left(pids)


def _tournament(tmp_path: Path, piddir: Path) -> subprocess.Popen[bytes]:
    """golf tournament, 2 workers, an external bot that hangs on every
    decision after starting children of every kind (so games never end)."""
    command = json.dumps([str(SHELL), sys.executable, str(piddir), "hang", *ALL_KINDS])
    cfg = tmp_path / "t.yaml"
    cfg.write_text(
        "variant: six-card\nholes: 1\ngames: 4\nworkers: 2\ntime_limit: 60\nplayers:\n"
        f"  - {{name: fam, command: {command}}}\n"
        "  - {name: bob, bot: greedy}\n",
        encoding="utf-8",
    )
    return subprocess.Popen(
        [sys.executable, "-m", "golfcli.cli.app", "tournament", str(cfg), "-q"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )


@pytest.mark.parametrize("how", ["double Ctrl-C", "kill -9"])
def test_a_tournament_stopped_hard_leaves_no_bot_process(tmp_path: Path, how: str) -> None:
    """Two games hang in two workers, each bot with a shell, a python and
    four children.  Two Ctrl-Cs abandon the workers; kill -9 of golf runs no
    cleanup in the main process at all.  Either way nothing is left: the
    workers end their bots' processes on their way out (SIGTERM from the
    main process, or their parent-death signal)."""
    piddir = tmp_path / "pids"
    piddir.mkdir()
    golf = _tournament(tmp_path, piddir)
    try:
        pids = pids_in(piddir, 2 * expected(ALL_KINDS, True), timeout=30)
        if how == "kill -9":
            golf.kill()
        else:
            golf.send_signal(signal.SIGINT)
            time.sleep(0.3)
            golf.send_signal(signal.SIGINT)
        golf.communicate(timeout=30)
    finally:
        if golf.poll() is None:
            golf.kill()
    if how != "kill -9":
        assert golf.returncode == 130
    assert_none_left(pids, wait=5.0)


def test_check_bot_leaves_no_process(tmp_path: Path) -> None:
    """A full ``golf check-bot`` of a bot that starts children of every kind,
    in each of the five variants: not one process left afterwards."""
    from golfcli.cli.app import app

    from ..helpers import CliRunner

    spec = f"cmd:{sys.executable} {FAMILY} {tmp_path} {' '.join(ALL_KINDS)}"
    r = CliRunner().invoke(app, ["check-bot", spec, "--holes", "1"])
    assert r.exit_code == 0, r.output
    assert_none_left(pids_in(tmp_path, 5 * expected(ALL_KINDS, False)))


def test_a_reused_pid_is_not_taken_for_the_bot(tmp_path: Path) -> None:
    """Processes are matched to a bot by pid and start time: a process that
    holds the bot's old pid (seen here as a wrong start time) is someone
    else's, and so are its group and session."""
    t = family(tmp_path, "fork")._spawn()
    try:
        pids = pids_in(tmp_path, 2)
        root = t.proc.pid  # type: ignore[attr-defined]
        start = procs.start_time(root)
        assert start is not None
        assert {(p.pid, p.start) for p in procs.find(root, "", start)} == set(pids)
        assert procs.find(root, "", start + 1) == []
    finally:
        t.close(0.0)
    assert_none_left(pids)
