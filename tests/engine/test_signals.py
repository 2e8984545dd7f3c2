"""Signals while bots play (golfcli/interrupts.py): held inside a match and
delivered between decisions, never inside compiled code that cannot unwind.

The compiled expert on a wide grid spends much of a decision in arithmetic on
integers wider than a machine word, which CPython interrupts to run signal
handlers; a handler that raised there aborted the process ("fatal: out of
memory", exit 134).  The tests that show it are real processes on the build
installed (compiled, unless ``GOLF_PURE=1``), repeated: whether a signal lands
in that arithmetic is a matter of timing, so each is tried many times."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from golfcli import interrupts
from golfcli.bots import RandomBot
from golfcli.interrupts import HELD, IMMEDIATE, PENDING, deliver, runs_anywhere
from golfcli.match import Match
from golfcli.variantload import builtin

from ..helpers import GOLF, REPO, TESTS, job

ROOT = REPO
WIDE = TESTS / "fixtures" / "ctrlc-expert-abort.yaml"


class Poke(Exception):
    """What the test handlers raise."""


def poke(signum: int, frame: Any) -> None:
    raise Poke(signum)


@pytest.fixture
def usr1() -> Iterator[list[int]]:
    """SIGUSR1 with a handler that raises; the list holds what it saw."""
    old = signal.signal(signal.SIGUSR1, poke)
    try:
        yield []
    finally:
        signal.signal(signal.SIGUSR1, old)
        PENDING.clear()


def send(sig: int = signal.SIGUSR1) -> None:
    """A real signal to this process; its Python handler runs before this returns."""
    signal.pthread_kill(threading.get_ident(), sig)


# --------------------------------------------------------------------------- the mechanism


def test_a_held_signal_waits_for_deliver(usr1: list[int]) -> None:
    with HELD:
        assert signal.getsignal(signal.SIGUSR1) is not poke
        send()  # held: nothing raised here
        assert PENDING == [signal.SIGUSR1]
        with pytest.raises(Poke):
            deliver()
        assert PENDING == []
    assert signal.getsignal(signal.SIGUSR1) is poke


def test_leaving_delivers_what_is_held_to_the_handler_put_back(usr1: list[int]) -> None:
    with pytest.raises(Poke), HELD:
        send()
        send()  # the same signal twice is one, as the operating system keeps it
        assert PENDING == [signal.SIGUSR1]
    assert PENDING == [] and signal.getsignal(signal.SIGUSR1) is poke


def test_immediate_delivers_at_once_and_what_was_held_on_the_way_in(usr1: list[int]) -> None:
    with HELD:
        with pytest.raises(Poke), IMMEDIATE:
            send()
        send()
        with pytest.raises(Poke), IMMEDIATE:
            pytest.fail("the held signal is delivered before the wait starts")
        with IMMEDIATE:
            pass  # the count went back: nothing pending, nothing raised
        send()
        assert PENDING == [signal.SIGUSR1]
        PENDING.clear()


def test_the_same_signal_again_after_the_grace_is_delivered_at_once(
    usr1: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second Ctrl-C reaches a bot stuck in a loop: the first is held, the
    second, a grace period later, is not."""
    monkeypatch.setattr(interrupts, "GRACE", 0.05)
    with HELD:
        send()
        send()  # within the grace: still held
        assert PENDING == [signal.SIGUSR1]
        time.sleep(0.06)
        with pytest.raises(Poke):
            send()
    assert PENDING == []


def test_a_handler_that_runs_anywhere_is_not_held(usr1: list[int]) -> None:
    calls: list[int] = []

    @runs_anywhere
    def anywhere(signum: int, frame: Any) -> None:
        calls.append(signum)

    old = signal.signal(signal.SIGUSR2, anywhere)
    try:
        with HELD:
            assert signal.getsignal(signal.SIGUSR2) is anywhere
            send(signal.SIGUSR2)
            assert calls == [signal.SIGUSR2] and PENDING == []
    finally:
        signal.signal(signal.SIGUSR2, old)


def test_outside_the_main_thread_nothing_is_held(usr1: list[int]) -> None:
    seen: list[object] = []

    def other() -> None:
        with HELD, IMMEDIATE:
            seen.append(signal.getsignal(signal.SIGUSR1))

    t = threading.Thread(target=other)
    t.start()
    t.join()
    assert seen == [poke]


# --------------------------------------------------------------------------- in a match


class Kicker(RandomBot):
    """Sends itself a signal while deciding its third move; records whether
    each decision ran to its end."""

    def __init__(self, sig: int) -> None:
        super().__init__(seed=1)
        self.sig = sig
        self.done = 0

    def choose(self, view: Any, legal: Any) -> Any:
        if self.done == 2:
            send(self.sig)
        action = super().choose(view, legal)
        self.done += 1
        return action


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGUSR1], ids=["Ctrl-C", "raising handler"])
def test_a_signal_during_a_decision_stops_the_match_after_it(usr1: list[int], sig: int) -> None:
    """The decision under way ends (it was cut off by the KeyboardInterrupt
    before), then the handler runs and its exception leaves the match; a
    handler that raises an ordinary exception is not taken for the bot's crash."""
    bot = Kicker(sig)
    match = Match(builtin("six-card"), [bot, RandomBot(seed=2)], seed=1, holes=1)
    with pytest.raises(KeyboardInterrupt if sig == signal.SIGINT else Poke):
        match.play()
    assert bot.done == 3 and match.stats[0].decisions == 3
    assert sum(match.stats[0].faults.values()) == 0
    assert PENDING == [] and signal.getsignal(signal.SIGUSR1) is poke


# --------------------------------------------------------------------------- real processes

#: A match of compiled experts on the wide grid, stopped by SIGALRM at a
#: different moment in each try (1 to 30 ms in), its handler raising.
TRIES = """\
import random, signal, sys
from golfcli.bots.expert import ExpertBot
from golfcli.match import Match
from golfcli.variantload import load_variant

variant, tries = load_variant(sys.argv[1]), int(sys.argv[2])

class Stop(Exception):
    pass

def stop(signum, frame):
    raise Stop

signal.signal(signal.SIGALRM, stop)
rng = random.Random(7)
stopped = 0
for i in range(tries):
    try:
        try:
            signal.setitimer(signal.ITIMER_REAL, rng.uniform(0.001, 0.03))
            Match(variant, [ExpertBot(seed=1), ExpertBot(seed=2)], seed=i, holes=2).play()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except Stop:
        stopped += 1
print(f"{stopped} of {tries} stopped")
"""


def test_a_handler_that_raises_in_a_match_of_compiled_experts_never_aborts() -> None:
    """Before, most of these tries aborted the process (exit 134, "fatal: out
    of memory") at the first signal landing in the experts' big-integer
    arithmetic; now every try stops, between two decisions."""
    p = subprocess.run(
        [sys.executable, "-c", TRIES, str(WIDE), "60"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        check=False,
    )
    assert "fatal" not in p.stderr, p.stderr
    assert p.returncode == 0, (p.returncode, p.stderr)
    assert p.stdout.strip() == "60 of 60 stopped"


def test_ctrl_c_in_golf_play_of_compiled_experts_shows_the_finished_holes() -> None:
    """Ctrl-C to the process group, as a terminal sends it, once a hole has
    been shown: exit 130 with the holes played, as `golf play --help` says (it
    aborted with "fatal: out of memory", exit 134, in most tries)."""
    args = [*GOLF, "play", "-v", str(WIDE), "-p", "expert,expert", "--ascii", "--seed", "1"]
    for _ in range(3):
        with job(args, cwd=ROOT) as p:
            assert p.stdout is not None
            for line in p.stdout:  # the scorecard after the first hole
                if line.startswith("Standing:"):
                    break
            os.killpg(p.pid, signal.SIGINT)
            out, err = p.communicate(timeout=120)
        assert "fatal" not in err and "Traceback" not in err, err
        assert p.returncode == 130, (p.returncode, err)
        assert "Interrupted (Ctrl-C)." in out
        assert "Game stopped after " in out and "Scorecard" in out


def test_ctrl_c_waiting_on_an_external_bot_is_not_held() -> None:
    """Waiting on a program is pure Python: Ctrl-C stops there at once, not
    after the bot's time limit (30 s here)."""
    faulty = TESTS / "fixtures" / "bots" / "faulty_bot.py"
    code = textwrap.dedent(
        f"""\
        import signal, sys, time
        from golfcli.bots import RandomBot
        from golfcli.bots.external import ExternalBot
        from golfcli.match import Match
        from golfcli.variantload import builtin
        bot = ExternalBot([sys.executable, {str(faulty)!r}, "hang"], time_limit=30)
        signal.setitimer(signal.ITIMER_REAL, 1.0)
        signal.signal(signal.SIGALRM, lambda s, f: signal.raise_signal(signal.SIGINT))
        t0 = time.monotonic()
        try:
            Match(builtin("six-card"), [bot, RandomBot(seed=1)], seed=1, holes=1).play()
        except KeyboardInterrupt:
            print(f"stopped after {{time.monotonic() - t0:.1f}}s")
        finally:
            bot.close()
        """
    )
    p = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("stopped after ")
    assert float(p.stdout.split()[2].rstrip("s")) < 20  # the bot's limit is 30 s


def test_a_second_ctrl_c_stops_a_python_bot_stuck_in_a_loop(tmp_path: Path) -> None:
    """The first Ctrl-C is held until the decision ends, which a bot in an
    endless loop never does; the second, a grace period later, is delivered
    at once, inside the bot's own Python code."""
    stuck = tmp_path / "stuck_bot.py"
    deciding = tmp_path / "deciding"
    stuck.write_text(
        f"def choose(view, legal):\n    open({str(deciding)!r}, 'w').close()\n"
        "    while True:\n        pass\n"
    )
    temp = tmp_path / "temp"  # golf's temporary folders: check-bot's logs
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp)}
    with job([*GOLF, "check-bot", str(stuck), "--time-limit", "3600"], cwd=ROOT, env=env) as p:
        deadline = time.monotonic() + 60
        while not deciding.exists() and time.monotonic() < deadline:
            time.sleep(0.02)  # until the bot is deciding, for ever
        os.killpg(p.pid, signal.SIGINT)
        time.sleep(interrupts.GRACE + 0.5)
        assert p.poll() is None, "the first Ctrl-C is held while the bot decides"
        os.killpg(p.pid, signal.SIGINT)
        _, err = p.communicate(timeout=60)
    assert p.returncode == 130 and err.strip() == "golf: interrupted", (p.returncode, err)
    assert list(temp.iterdir()) == []  # the bot's log folder went with it


# --------------------------------------------------------------------------- start-up


def console_script() -> Path:
    """The ``golf`` script the install made, beside this Python."""
    script = Path(sys.executable).with_name("golf")
    if not script.is_file():
        pytest.skip("no golf console script beside this Python (not installed with pip)")
    return script


#: Runs the console script as the shell would, after Python's own start-up,
#: with a real SIGINT sent the moment the function named argv[1] is called
#: (``file.py:name``: the one in that file).
AT_CALL = """\
import os, runpy, signal, sys
where, _, target = sys.argv[1].rpartition(":")
script = sys.argv[2]
def profile(frame, event, arg):
    code = frame.f_code
    if event == "call" and code.co_name == target and code.co_filename.endswith(where):
        sys.setprofile(None)
        os.kill(os.getpid(), signal.SIGINT)
sys.argv = [script, "score", "5 K 2 / 5 7 9"]
sys.setprofile(profile)
runpy.run_path(script, run_name="__main__")
"""


@pytest.mark.parametrize(
    "target",
    [
        "sub",  # the script's re.sub, between importing golf and calling it
        "main",  # entering golf's main, before its try
        "get_command",  # Typer building the command tree
        "get_params",  # Typer reading the command line (exit 130 without a word, it was)
        # a class being made as typer imports platform: Python wraps the
        # KeyboardInterrupt in a RuntimeError (it was that traceback)
        "functools.py:__set_name__",
        "load_variant",  # the command at work
    ],
)
def test_ctrl_c_at_each_step_of_start_up_is_one_line(target: str) -> None:
    """A real SIGINT at a chosen step of the console script, after Python's
    own start-up: one line and exit 130 (at the first two steps it was a
    KeyboardInterrupt traceback, exit -2)."""
    p = subprocess.run(
        [sys.executable, "-c", AT_CALL, target, str(console_script())],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert p.stderr == "\ngolf: interrupted\n", p.stderr
    assert p.returncode == 130 and p.stdout == ""


def test_ctrl_c_at_several_moments_after_spawn() -> None:
    """``golf score`` sent SIGINT 0 to 150 ms after it was started: one line
    and exit 130, or done, or Python's own report from before golf runs --
    Python's start-up prints several kinds (a ``site`` import that failed, a
    bare ``KeyboardInterrupt``, nothing and death by the signal), and so does
    its search for golf's entry module -- but never a frame of golf's code,
    nor one of its console script past the import of golf."""
    script = console_script()
    package = f"{os.sep}golfcli{os.sep}"  # (an editable install's finder is not golf's)
    in_script = re.compile(rf'File "{re.escape(str(script))}", line (\d+), in <module>')
    lines = script.read_text().splitlines()
    imports_golf = next(n for n, ln in enumerate(lines, 1) if ln.startswith("from golfcli"))
    seen = set()
    for delay in (0.0, 0.01, 0.02, 0.03, 0.05, 0.07, 0.1, 0.15):
        with job([str(script), "score", "5 K 2 / 5 7 9"]) as p:
            time.sleep(delay)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(p.pid, signal.SIGINT)
            out, err = p.communicate(timeout=60)
        if p.returncode == 130:
            assert err == "\ngolf: interrupted\n" and out == "", (out, err)
            seen.add("golf")
        elif p.returncode == 0 and not err:
            seen.add("done")
        else:
            assert package not in err, err
            # the script's frames end at its import of golf (line 0: before its first line)
            assert all(int(n) <= imports_golf for n in in_script.findall(err)), err
            seen.add("python")
    assert seen  # (which ones depends on the machine's speed)
