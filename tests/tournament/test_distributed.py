"""Tournaments on a Dask cluster (golfcli/tournament/executors.py and worker.py).

A real LocalCluster (2 worker processes, one thread each, no dashboard) is
started once for the module.  What must hold: the same results as the local
pool; a worker killed mid-run changes nothing; a killed client resumes to
identical results; bad addresses and a missing Dask are one line, exit 2;
the base install never imports Dask.
"""

from __future__ import annotations

import json
import logging
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from golfcli.tournament.config import load_config
from golfcli.tournament.executors import Batcher
from golfcli.tournament.plan import ConfigError, ExecutorSpec
from golfcli.tournament.runner import run_plan
from golfcli.tournament.worker import (
    BatchResult,
    VersionMismatch,
    code_fingerprint,
    play_batch_remote,
)

from ..helpers import (
    REPO,
    THREE,
    Gate,
    check_progress_moves_before_a_batch_returns,
    cli,
    game_lines,
    stable,
    write,
)

distributed = pytest.importorskip("distributed")
# Dask clusters and the processes they start, a quarter of the suite's CPU: not in the fast subset.
pytestmark = pytest.mark.slow

ROOT = REPO
KILLER = ROOT / "tests" / "fixtures" / "bots" / "killer_bot.py"

CONFIG = THREE.replace("games: 4", "games: 30")  # 3 players, 2 holes, seed 11


# Dask's self-monitoring, which plays no part in what these tests check: a
# statistical profiler sampling every worker thread each 10 ms, event-loop and
# system monitors polling each 20 ms / 500 ms, GIL polling each 1 ms.  Left on,
# an idle cluster burns ~0.05 CPU-s per second of the module's wall time (and
# more on a loaded machine, where the module runs longer).  Scheduling, failure
# detection and timeouts keep their defaults.
QUIET_DASK = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "500ms",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.admin.system-monitor.gil.enabled": False,
}


# Worker processes of the clusters started in this process (the module's, a
# restarted one, the one started off the main thread) are forked from one
# forkserver that has imported Dask once (Dask's own test suite does the same),
# not spawned afresh, each importing Dask again.  The golf processes the tests
# start keep Dask's default, as a user's do: their Ctrl-C reaching the worker
# processes is what one of them tests.
IN_THIS_PROCESS = {"distributed.worker.multiprocessing-method": "forkserver"}


@pytest.fixture(scope="module", autouse=True)
def quiet_dask() -> Iterator[None]:
    """QUIET_DASK for clusters started here and, through DASK_* variables,
    for those started by the golf processes the tests run; IN_THIS_PROCESS
    for clusters started here only."""
    import dask

    env = {
        "DASK_" + key.upper().replace(".", "__").replace("-", "_"): str(value)
        for key, value in QUIET_DASK.items()
    }
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        with dask.config.set({**QUIET_DASK, **IN_THIS_PROCESS}):
            yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        stop_forkserver()


def stop_forkserver() -> None:
    """End the forkserver of IN_THIS_PROCESS and wait for it, as for any
    process a test starts (left alone it would outlive pytest, and its CPU,
    its workers' included, would go uncounted by ``time pytest``)."""
    from multiprocessing import forkserver

    stop = getattr(forkserver._forkserver, "_stop", None)  # CPython's, for its own tests
    if stop is not None:
        stop()


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    import dask

    # A result held by a worker that then dies is recomputed once the scheduler
    # gives up connecting to it: 30 s by default, 2 s here to keep tests fast.
    with (
        dask.config.set({"distributed.comm.timeouts.connect": "2s"}),
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        ) as c,
    ):
        yield c.scheduler_address


def run(cfg: Path, out: Path | None = None, resume: bool = False, **kw: Any) -> Any:
    return run_plan(load_config(cfg, **kw), out, resume=resume)


# The three stop-and-resume tests: 120 games, bob held at a shut gate from the
# 41st game begun (tests/fixtures/bots/gate_bot.py), so the run cannot end before the
# test stops it, however busy the machine; the gate opens once it is stopped.
LONG_GAMES = 120  # 40 deals, 3 seatings each
HELD_AFTER = 40


@pytest.fixture(scope="module")
def gate(tmp_path_factory: pytest.TempPathFactory) -> Gate:
    return Gate(tmp_path_factory.mktemp("gate"))


@pytest.fixture(scope="module")
def long_text(gate: Gate) -> str:
    return CONFIG.replace("games: 30", "games: 40").replace(
        "{name: bob, bot: greedy}", f"{{name: bob, {gate.bot(HELD_AFTER)}}}"
    )


@pytest.fixture(scope="module")
def long_whole(
    tmp_path_factory: pytest.TempPathFactory, long_text: str, gate: Gate
) -> tuple[dict[str, Any], Any]:
    """The long config played start to end on the local pool (gate open),
    once for the module: the results that every interrupted and resumed run
    of it must reproduce (its stable report and its game lines)."""
    where = tmp_path_factory.mktemp("long")
    gate.release()
    whole = run(write(where, long_text), where / "whole", workers=2)
    assert whole.played == LONG_GAMES
    return stable(whole.report()), game_lines(where / "whole")


def test_dask_gives_the_local_results_and_writes_every_game_once(
    tmp_path: Path, cluster: str
) -> None:
    cfg = write(tmp_path, CONFIG + "record_events: true\n")
    local = run(cfg, tmp_path / "local", workers=2)
    dask = run(cfg, tmp_path / "dask", executor="dask", address=cluster)
    assert dask.played == local.played == 30 * 3
    assert stable(dask.report()) == stable(local.report())
    assert game_lines(tmp_path / "dask") == game_lines(tmp_path / "local")  # no game twice
    info = dask.report()["run"]["executor"]
    assert info["kind"] == "dask" and info["slots"] == 2
    assert info["workers_seen"] and all(code_fingerprint() in w for w in info["workers_seen"])
    # event logs travel back from the workers and are written by the client
    events = sorted(p.name for p in (tmp_path / "dask" / "events").iterdir())
    assert events == sorted(p.name for p in (tmp_path / "local" / "events").iterdir())
    assert len(events) == 90
    a = (tmp_path / "dask" / "events" / "game-000007.jsonl").read_text()
    assert a == (tmp_path / "local" / "events" / "game-000007.jsonl").read_text()


def test_batch_size_and_in_flight_do_not_change_results(tmp_path: Path, cluster: str) -> None:
    cfg = write(tmp_path, CONFIG)
    base = run(cfg, workers=1)
    tiny = run(cfg, executor="dask", address=cluster, batch_size=1, max_in_flight=1)
    big = run(cfg, executor="dask", address=cluster, batch_size=50, max_in_flight=8)
    assert stable(tiny.report()) == stable(big.report()) == stable(base.report())
    assert big.report()["run"]["executor"]["batch_size"] == 50


def test_progress_moves_with_the_first_game_on_dask(tmp_path: Path, cluster: str) -> None:
    """Workers report finished games through the scheduler's events, so the
    bar does not wait for a deal's batch to come back."""
    check_progress_moves_before_a_batch_returns(tmp_path, executor="dask", address=cluster)


def test_a_worker_killed_mid_run_changes_nothing(tmp_path: Path, cluster: str) -> None:
    marker = tmp_path / "killed"
    text = CONFIG.replace(
        "{name: bob, bot: greedy}",
        f"{{name: bob, bot: {KILLER}, options: {{marker: '{marker}', after: 12}}}}",
    )
    cfg = write(tmp_path, text)
    dask = run(cfg, tmp_path / "dask", executor="dask", address=cluster, batch_size=2)
    assert marker.exists(), "the bot did not kill its worker: the test proves nothing"
    assert int(marker.read_text()) != os.getpid()
    assert dask.stopped is None and dask.played == 90, dask.message
    # the marker now exists: the same bots play on without dying
    local = run(cfg, tmp_path / "local", workers=1)
    assert stable(dask.report()) == stable(local.report())
    assert game_lines(tmp_path / "dask") == game_lines(tmp_path / "local")


def failing_submit(monkeypatch: pytest.MonkeyPatch, fails: int) -> dict[int, int]:
    """Make each batch's first ``fails`` submissions come back failed, as Dask's
    concurrent.futures bridge reports a batch whose worker died just as its
    result was fetched; returns submissions per batch (by its first game)."""
    import concurrent.futures

    from golfcli.tournament.executors import DaskPool

    real = DaskPool.submit
    sent: dict[int, int] = {}

    def submit(self: DaskPool, batch: list[int]) -> Any:
        sent[batch[0]] = sent.get(batch[0], 0) + 1
        if sent[batch[0]] <= fails:
            fut: concurrent.futures.Future[Any] = concurrent.futures.Future()
            fut.set_exception(TypeError("cannot unpack non-iterable BatchResult object"))
            return fut
        return real(self, batch)

    monkeypatch.setattr(DaskPool, "submit", submit)
    return sent


def test_a_batch_that_comes_back_failed_is_sent_again(
    tmp_path: Path, cluster: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg = write(tmp_path, CONFIG)
    local = run(cfg, tmp_path / "local", workers=1)
    sent = failing_submit(monkeypatch, fails=2)
    dask = run(cfg, tmp_path / "dask", executor="dask", address=cluster, batch_size=7)
    assert dask.stopped is None and dask.played == 90, dask.message
    assert set(sent.values()) == {3}  # every batch failed twice, then played
    assert stable(dask.report()) == stable(local.report())
    assert game_lines(tmp_path / "dask") == game_lines(tmp_path / "local")


def test_a_batch_that_keeps_failing_stops_the_run_with_its_games(
    tmp_path: Path, cluster: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg = write(tmp_path, CONFIG)
    sent = failing_submit(monkeypatch, fails=3)
    dask = run(cfg, tmp_path / "dask", executor="dask", address=cluster, batch_size=7)
    assert dask.stopped == "error"
    assert re.match(
        r"a worker failed playing games \d+\.\.\d+ \(sent 3 times\): TypeError: ", dask.message
    )
    assert max(sent.values()) == 3  # sent, then again twice


def test_a_batch_dask_already_reran_is_not_sent_again(
    tmp_path: Path, cluster: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """KilledWorker means the scheduler reran the task on other workers and
    every run killed its worker: the runner stops instead of a fourth run."""
    import concurrent.futures

    from distributed import KilledWorker

    from golfcli.tournament.executors import DaskPool

    sent: list[int] = []

    def submit(self: DaskPool, batch: list[int]) -> Any:
        sent.append(batch[0])
        fut: concurrent.futures.Future[Any] = concurrent.futures.Future()
        worker = SimpleNamespace(address="tcp://10.0.0.9:4000")
        fut.set_exception(KilledWorker("play_batch_remote-1", worker, allowed_failures=3))
        return fut

    monkeypatch.setattr(DaskPool, "submit", submit)
    cfg = write(tmp_path, CONFIG)
    dask = run(cfg, tmp_path / "dask", executor="dask", address=cluster, batch_size=7)
    assert dask.stopped == "error"
    assert re.match(r"a worker failed playing games \d+\.\.\d+: KilledWorker: ", dask.message)
    assert len(sent) == len(set(sent))  # no batch was sent twice


def golf(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "golfcli.cli.app", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )


def count_lines(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def test_resume_after_the_client_is_killed(
    tmp_path: Path, cluster: str, long_whole: tuple[dict[str, Any], Any], long_text: str, gate: Gate
) -> None:
    cfg = write(tmp_path, long_text)
    out = tmp_path / "run"
    args = ["tournament", str(cfg), "--executor", "dask", "--address", cluster]
    gate.shut()
    proc = golf(*args, "--out", str(out), "-q", "--batch-size", "3")
    deadline = time.monotonic() + 60
    while count_lines(out / "games.jsonl") < 30 and time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"the run ended before it could be killed: {proc.communicate()}")
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.communicate()
    gate.release()  # the module's workers finish the dead client's held games
    done = count_lines(out / "games.jsonl")
    assert 30 <= done < LONG_GAMES, "kill the client mid-run"
    # the resume in this process (CliRunner): only the killed client had to be one
    code, stdout, stderr = cli(*args[1:], "--out", str(out), "--resume", "-f", "json")
    assert code == 0, stderr
    assert "resuming" in stderr
    resumed = json.loads(stdout)
    assert resumed["run"]["games_from_disk"] >= 30
    assert (stable(resumed), game_lines(out)) == long_whole


def test_a_worker_with_other_code_refuses_to_play() -> None:
    with pytest.raises(VersionMismatch, match="install the same golfcli"):
        play_batch_remote(b"", "hash", "0000000000000000", [0])


@pytest.fixture()
def silent_listener() -> Iterator[str]:
    """A port that accepts connections and never says a word (not a scheduler)."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(8)
    held: list[socket.socket] = []
    stop = threading.Event()

    def serve() -> None:
        srv.settimeout(0.1)
        while not stop.is_set():
            try:
                held.append(srv.accept()[0])
            except OSError:
                continue

    t = threading.Thread(target=serve, daemon=True)
    t.start()
    yield f"tcp://127.0.0.1:{srv.getsockname()[1]}"
    stop.set()
    t.join()
    for c in held:
        c.close()
    srv.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize(
    ("kind", "expect"),
    [
        ("refused", "cannot reach the Dask scheduler at tcp://127.0.0.1:"),
        ("silent", "no answer within 0.5 s"),
        ("scheme", "unknown address scheme 'foo'"),
        ("tls", "a tls:// scheduler needs TLS settings"),
    ],
)
def test_a_bad_scheduler_address_is_one_line_exit_2(
    tmp_path: Path, silent_listener: str, kind: str, expect: str
) -> None:
    address = {
        "refused": f"tcp://127.0.0.1:{free_port()}",
        "silent": silent_listener,
        "scheme": "foo://x:1",
        "tls": "tls://127.0.0.1:1",
    }[kind]
    cfg = write(tmp_path, CONFIG)
    env = {**os.environ, "GOLF_DASK_TIMEOUT": "0.5"}
    p = golf("tournament", str(cfg), "--executor", "dask", "--address", address, "-q", env=env)
    stdout, stderr = p.communicate(timeout=60)
    assert p.returncode == 2
    assert stdout == ""
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr  # no traceback, no "Exception ignored" at exit
    assert lines[0].startswith("golf: error: ") and expect in lines[0]


def test_one_cluster_serves_runs_with_other_plans(tmp_path: Path, cluster: str) -> None:
    """Workers keep a plan per process; a later run of the same config with
    more games or event logs must not be played with the cached one."""
    cfg = write(tmp_path, CONFIG)
    small = run(cfg, executor="dask", address=cluster, games=2)
    assert small.played == 6
    out = tmp_path / "grown"
    run(cfg, out, executor="dask", address=cluster, games=2)
    grown = run(cfg, out, resume=True, executor="dask", address=cluster, games=12)
    assert grown.stopped is None and grown.played == 36
    assert stable(grown.report()) == stable(run(cfg, workers=1, games=12).report())
    logged = write(tmp_path, CONFIG + "record_events: true\n", "logged.yaml")
    run(logged, tmp_path / "logged", executor="dask", address=cluster, games=2)
    assert len(list((tmp_path / "logged" / "events").iterdir())) == 6


def test_sprt_stops_a_dask_run_where_it_stops_a_local_one(tmp_path: Path, cluster: str) -> None:
    text = (
        "name: sprt\nvariant: six-card\nholes: 1\nseed: 2\ngames: 400\n"
        "players:\n  - {name: g, bot: greedy}\n  - {name: r, bot: random}\n"
        "sprt: {elo0: 0, elo1: 30, min_deals: 10}\n"
    )
    cfg = write(tmp_path, text)
    local = run(cfg, workers=2)
    dask = run(cfg, executor="dask", address=cluster)
    assert local.stopped == dask.stopped == "sprt"
    assert stable(dask.report()) == stable(local.report())


def test_the_command_line_executor_overrides_the_config(tmp_path: Path) -> None:
    cfg = write(tmp_path, CONFIG + "executor: dask\naddress: tcp://nowhere:1\n")
    plan = load_config(cfg, executor="local", games=2)
    assert plan.executor == ExecutorSpec("local")
    assert run_plan(plan, None).played == 6


def test_losing_the_scheduler_stops_the_run_and_resume_finishes_it(
    tmp_path: Path, long_whole: tuple[dict[str, Any], Any], long_text: str, gate: Gate
) -> None:
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    py = [sys.executable, "-m"]
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    sched = subprocess.Popen(
        [*py, "distributed.cli.dask_scheduler", "--port", str(port), "--no-dashboard"], **quiet
    )
    # no nanny: the test is about the client losing the scheduler, and a
    # nanny would be one more process to start (and to leave orphaned)
    lone = ["--nthreads", "1", "--no-nanny", "--no-dashboard"]
    worker = subprocess.Popen([*py, "distributed.cli.dask_worker", address, *lone], **quiet)
    try:
        cfg = write(tmp_path, long_text)
        out = tmp_path / "run"
        env = {**os.environ, "GOLF_DASK_TIMEOUT": "20"}
        gate.shut()
        args = ["tournament", str(cfg), "--out", str(out), "-q"]
        proc = golf(*args, "--executor", "dask", "--address", address, "--batch-size", "2", env=env)
        deadline = time.monotonic() + 90
        while count_lines(out / "games.jsonl") < 20 and time.monotonic() < deadline:
            if proc.poll() is not None:
                pytest.fail(f"the run ended before the scheduler died: {proc.communicate()}")
            time.sleep(0.02)
        sched.kill()
        stdout, stderr = proc.communicate(timeout=60)  # must not hang
        assert proc.returncode == 1, stderr
        assert stderr.count("\n") == 1 and stderr.startswith("golf: error: "), stderr
        assert "continue with --resume" in stderr
        assert "Standings" in stdout  # what was played is reported
        gate.release()
        again = golf(*args, "--resume", "--workers", "2", "-f", "json")
        stdout, stderr = again.communicate(timeout=120)
        assert again.returncode == 0, stderr
        assert (stable(json.loads(stdout)), game_lines(out)) == long_whole
    finally:
        for p in (worker, sched):
            p.kill()
            p.wait()


def test_ctrl_c_with_a_local_cluster_stops_cleanly(
    tmp_path: Path,
    cluster: str,
    long_whole: tuple[dict[str, Any], Any],
    long_text: str,
    gate: Gate,
) -> None:
    """The terminal sends SIGINT to the whole process group, Dask's worker
    processes included: they must ignore it and the run stop as locally.
    The resume that checks the kept games runs on the module's cluster:
    a second LocalCluster would test nothing the first did not."""
    cfg = write(tmp_path, long_text)
    out = tmp_path / "run"
    args = ["tournament", str(cfg), "--out", str(out), "--executor", "dask", "--workers", "2"]
    gate.shut()
    proc = subprocess.Popen(
        [sys.executable, "-m", "golfcli.cli.app", *args, "-q", "--batch-size", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        start_new_session=True,
    )
    deadline = time.monotonic() + 90
    while count_lines(out / "games.jsonl") < 20 and time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"the run ended before Ctrl-C: {proc.communicate()}")
        time.sleep(0.02)
    os.killpg(proc.pid, signal.SIGINT)
    # Once the client has taken the Ctrl-C (it says so at once), it sends no
    # more batches: the held ones, let go, and those already sent come back.
    assert proc.stderr is not None
    said = []
    while line := proc.stderr.readline():
        said.append(line)
        if "stopping after the games in progress" in line:
            break
    gate.release()
    stdout, stderr = proc.communicate(timeout=60)
    stderr = "".join(said) + stderr
    assert proc.returncode == 130, stderr
    assert "continue with --resume" in stderr and "Traceback" not in stderr
    assert count_lines(out / "games.jsonl") < LONG_GAMES, "Ctrl-C mid-run"
    # the resume in this process (CliRunner), on the module's cluster
    code, stdout, stderr = cli(*args[1:], "--address", cluster, "--resume", "-q", "-f", "json")
    assert code == 0, stderr
    assert (stable(json.loads(stdout)), game_lines(out)) == long_whole


def test_the_address_falls_back_to_the_environment(
    tmp_path: Path, cluster: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", cluster)
    cfg = write(tmp_path, CONFIG.replace("games: 30", "games: 3"))
    res = run(cfg, executor="dask")
    assert res.report()["run"]["executor"]["address"] == cluster
    assert not res.report()["run"]["executor"]["local_cluster"]


def test_executor_keys_in_the_config(tmp_path: Path) -> None:
    cfg = write(
        tmp_path,
        CONFIG + "executor: dask\naddress: tcp://h:8786\nbatch_size: 7\nmax_in_flight: 3\n",
    )
    plan = load_config(cfg)
    assert plan.executor == ExecutorSpec("dask", "tcp://h:8786", 7, 3)
    # the command line wins; the executor is not part of the config hash
    assert load_config(cfg, batch_size=2).executor.batch_size == 2
    assert plan.config_hash == load_config(write(tmp_path, CONFIG, "plain.yaml")).config_hash
    bad = write(tmp_path, CONFIG + "executor: ray\n", "bad.yaml")
    with pytest.raises(ConfigError, match=r"bad.yaml:\d+: executor"):
        load_config(bad)
    stray = write(tmp_path, CONFIG + "address: tcp://h:1\n", "stray.yaml")
    with pytest.raises(ConfigError, match=r"stray.yaml:\d+: address: .*executor: dask"):
        load_config(stray)


def test_batcher_sizes_batches_by_measured_time() -> None:
    b = Batcher(iter(range(10_000)), 10_000, slots=2, fixed=None)
    assert b.next() == [0]  # nothing measured yet
    b.observe(BatchResult([(0, "", None)] * 10, 0.01, "local"))  # 1 ms a game
    assert len(b.next() or []) == 300  # 0.3 s of work
    b.observe(BatchResult([(0, "", None)], 1.0, "local"))  # slow games now
    assert 1 <= len(b.next() or []) < 10
    tail = Batcher(iter(range(16)), 16, slots=2, fixed=None)
    tail.observe(BatchResult([(0, "", None)], 0.0001, "local"))
    assert len(tail.next() or []) == 2  # the end of a run is spread over the slots
    capped = Batcher(iter(range(10_000)), 10_000, slots=2, fixed=None, cap=32)
    capped.observe(BatchResult([(0, "", None)], 0.0001, "local"))
    assert len(capped.next() or []) == 32  # the local pool's cap keeps memory flat
    fixed = Batcher(iter(range(5)), 5, slots=2, fixed=3)
    assert [fixed.next(), fixed.next(), fixed.next()] == [[0, 1, 2], [3, 4], None]


def test_no_dask_installed_is_one_line_exit_2(tmp_path: Path) -> None:
    cfg = write(tmp_path, CONFIG)
    code = (
        "import sys; sys.modules['distributed'] = None\n"
        "from golfcli.cli.app import main\n"
        f"sys.argv = ['golf', 'tournament', {str(cfg)!r}, '--executor', 'dask', '-q']\n"
        "main()\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2
    assert r.stderr.strip() == (
        "golf: error: --executor dask needs Dask: pip install 'golfcli[dask]'"
    )


def test_the_base_install_never_imports_dask(tmp_path: Path) -> None:
    cfg = write(tmp_path, CONFIG.replace("games: 30", "games: 2"))
    code = (
        "import sys\n"
        "from golfcli.tournament.config import load_config\n"
        "from golfcli.tournament.runner import run_plan\n"
        f"run_plan(load_config({str(cfg)!r}, workers=2), None)\n"
        "import golfcli.cli.app, golfcli.tournament.executors\n"
        # and a whole `golf tournament` on the local pool, as a user starts it
        f"sys.argv = ['golf', 'tournament', {str(cfg)!r}, '-q', '--workers', '2']\n"
        "try:\n"
        "    golfcli.cli.app.main()\n"
        "except SystemExit as e:\n"
        "    assert not e.code, e.code\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "Standings" in r.stdout  # the command ran
    assert r.stdout.strip().splitlines()[-1] == "[]"


def test_results_do_not_depend_on_the_hash_seed(tmp_path: Path) -> None:
    text = CONFIG.replace("games: 30", "games: 6").replace(
        "{name: bob, bot: greedy}",
        f"{{name: bob, bot: {KILLER}}}",  # a bot file, never killing
    )
    cfg = write(tmp_path, text)
    outs = []
    for seed in ("1", "2"):
        out = tmp_path / f"h{seed}"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        p = golf("tournament", str(cfg), "--workers", "1", "--out", str(out), "-q", env=env)
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
        outs.append(game_lines(out))
    assert outs[0] == outs[1]


def test_a_local_cluster_can_be_started_off_the_main_thread(tmp_path: Path) -> None:
    """Library callers may run a tournament from a thread, where signal
    handlers cannot be set: the LocalCluster must start all the same."""
    cfg = write(tmp_path, CONFIG.replace("games: 30", "games: 2"))
    got: dict[str, Any] = {}

    def go() -> None:
        try:
            got["res"] = run(cfg, executor="dask", workers=1)
        except BaseException as exc:  # reported below
            got["error"] = exc

    t = threading.Thread(target=go)
    t.start()
    t.join(120)
    assert "error" not in got, got.get("error")
    assert got["res"].stopped is None and got["res"].played == 6
    assert got["res"].report()["run"]["executor"]["local_cluster"]


def test_batches_never_split_a_deal_in_duplicate_mode() -> None:
    """Every game of a deal goes to one worker, played in turn: a bot's
    processes in two seats of the same cards are never alive together."""
    b = Batcher(iter(range(12)), 12, slots=4, fixed=1, group=3)
    assert [b.next(), b.next(), b.next(), b.next(), b.next()] == [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [9, 10, 11],
        None,
    ]
    resumed = Batcher(iter([1, 2, 4, 7, 8, 9]), 6, slots=2, fixed=2, group=3)
    assert [resumed.next(), resumed.next(), resumed.next()] == [[1, 2], [4, 7, 8], [9]]
    assert Batcher(iter(range(6)), 6, slots=2, fixed=4, group=3).next() == [0, 1, 2, 3, 4, 5]
