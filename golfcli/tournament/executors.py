"""Where a tournament's games run: a local process pool or a Dask cluster.

Both are the same shape to the runner (:class:`Pool`): ``submit`` a batch
of game indices and get a ``concurrent.futures.Future`` of a
:class:`~golfcli.tournament.worker.BatchResult`.  The runner keeps a bounded number
of batches in flight, consumes them as they complete and aggregates in
index order, so neither the executor nor the order results arrive in can
change a report.

Batches are sized by :class:`Batcher` to about ``TARGET_SECONDS`` of work
(measured on the workers) for Dask, whose per-task cost is a few ms, so a
fast bot's games do not drown in overhead and a slow bot's games still
spread over every worker.  The local pool's per-task cost is ~0.1 ms, so it
keeps batches of at most ``LOCAL_MAX_BATCH`` games: the results waiting to
be aggregated, and so memory, stay the same for 1,000 or 100,000 games.

Dask is imported only here and only for ``--executor dask``: the base
install neither needs nor loads it.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import pickle
import signal
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from ..exceptions import InputError
from .worker import (
    BatchResult,
    code_fingerprint,
    init_local_worker,
    play_batch_local,
    progress_topic,
)

if TYPE_CHECKING:
    from .plan import ExecutorSpec, Plan


def cpu_count() -> int:
    """The cores this process may use (its affinity, not the machine's count):
    ``workers: auto`` and the cap on local workers read it."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


EXECUTORS = ("local", "dask")
TARGET_SECONDS = 0.3  # of work per task: ~1% of it is Dask's per-task overhead
MAX_BATCH = 2000  # games per Dask task, whatever their speed (bounds memory in flight)
LOCAL_MAX_BATCH = 32  # games per local task
IN_FLIGHT_PER_SLOT = 3
CONNECT_TIMEOUT = 5.0  # seconds to reach a scheduler, and to wait for its first worker


def connect_timeout() -> float:
    """CONNECT_TIMEOUT, or $GOLF_DASK_TIMEOUT (seconds) for slow networks."""
    raw = os.environ.get("GOLF_DASK_TIMEOUT")
    if raw is None:
        return CONNECT_TIMEOUT
    try:
        value = float(raw)
    except ValueError:
        value = -1.0
    if not 0 < value <= 3600:
        raise ExecutorError(f"GOLF_DASK_TIMEOUT: must be seconds (0 to 3600), not {raw!r}")
    return value


class ExecutorError(InputError):
    """The executor cannot start as asked (no Dask, no scheduler, no workers):
    bad input, one line naming it."""


class Pool(Protocol):
    slots: int  # games that can run at once
    max_batch: int  # most games per task when sizing automatically
    writes_games: bool  # True: workers append to games.jsonl themselves (same machine)
    retries: int  # times a batch whose task failed (not a game error) is sent again
    info: dict[str, Any]  # for the report's run metadata

    def submit(self, batch: list[int]) -> Future[BatchResult]: ...

    def finished(self) -> int:
        """Games the workers have finished so far, their batches returned or
        not (for the progress bar only: a batch returns when its last game
        ends, and a deal's batch can take many seconds)."""
        ...

    def stop(self, inflight: list[Future[BatchResult]]) -> list[Future[BatchResult]]:
        """Ask for no more games; return the futures that were cancelled."""
        ...

    def check(self) -> None:
        """Raise ExecutorError if the executor can no longer return results."""
        ...

    def already_rerun(self, exc: BaseException) -> bool:
        """True if the executor itself has already run a failed task again
        (Dask after a worker died): sending it once more would not help."""
        ...

    def shutdown(self, abandon: bool) -> None: ...


class Batcher:
    """Cuts the games still to play into batches of about TARGET_SECONDS each.

    The first batches hold one game (nothing is known yet); later ones follow
    the measured seconds per game, but never more than a quarter of each
    slot's share of what is left, so the end of a run is spread evenly.

    With ``group`` (games per deal, in duplicate mode) a batch always runs
    to the end of the deal of its last game: every game of one deal is then
    played by one worker, one after the other.  Otherwise two workers could
    play one deal at once, and a bot's two processes -- in two seats of the
    same cards -- could pool what each of them sees while both are alive."""

    def __init__(
        self,
        todo: Iterator[int],
        remaining: int,
        slots: int,
        fixed: int | None,
        cap: int = MAX_BATCH,
        group: int = 1,
    ) -> None:
        self.todo = todo
        self.group = max(1, group)
        self._peeked: int | None = None
        self.cap = cap
        self.remaining = remaining
        self.slots = max(1, slots)
        self.fixed = fixed
        self.per_game: float | None = None  # seconds, a moving average

    def observe(self, result: BatchResult) -> None:
        if result.games:
            t = result.seconds / len(result.games)
            self.per_game = t if self.per_game is None else 0.7 * self.per_game + 0.3 * t

    def size(self) -> int:
        if self.fixed is not None:
            return self.fixed
        spread = max(1, math.ceil(self.remaining / (self.slots * 4)))
        if self.per_game is None:
            return 1
        by_time = max(1, round(TARGET_SECONDS / max(self.per_game, 1e-6)))
        return max(1, min(self.cap, by_time, spread))

    def _take(self) -> int | None:
        if self._peeked is not None:
            i, self._peeked = self._peeked, None
            return i
        return next(self.todo, None)

    def next(self) -> list[int] | None:
        n = self.size()
        batch: list[int] = []
        while len(batch) < n and (i := self._take()) is not None:
            batch.append(i)
        if batch and self.group > 1:  # finish the deal of the last game
            deal = batch[-1] // self.group
            while (i := self._take()) is not None:
                if i // self.group != deal:
                    self._peeked = i
                    break
                batch.append(i)
        self.remaining -= len(batch)
        return batch or None


# --------------------------------------------------------------------------- local


class LocalPool:
    """Worker processes on this machine; each appends its finished games to
    games.jsonl itself, so a game is on disk even if its batch never returns."""

    writes_games = True
    max_batch = LOCAL_MAX_BATCH
    retries = 0  # a dead worker breaks the whole pool: nothing to send it to

    def __init__(self, plan: Plan, out: Path | None) -> None:
        import multiprocessing as mp

        ctx = mp.get_context("fork" if sys.platform.startswith("linux") else "spawn")
        self.slots = plan.workers
        self.info = {"kind": "local", "workers": plan.workers}
        self._stop = ctx.Event()
        self._finished = ctx.Value("q", 0)  # each worker adds one per game it finishes
        _quiet_cancelled_futures()
        self._pool = ProcessPoolExecutor(
            plan.workers,
            mp_context=ctx,
            initializer=init_local_worker,
            initargs=(plan, out, self._stop, os.getpid(), self._finished),
        )

    def submit(self, batch: list[int]) -> Future[BatchResult]:
        return self._pool.submit(play_batch_local, batch)

    def finished(self) -> int:
        return int(self._finished.value)

    def check(self) -> None:
        pass  # a dead worker breaks the pool: its futures fail, nothing hangs

    def already_rerun(self, exc: BaseException) -> bool:
        return False  # retries = 0: never asked

    def stop(self, inflight: list[Future[BatchResult]]) -> list[Future[BatchResult]]:
        # Running batches finish the game in hand and skip the rest.
        self._stop.set()
        return [f for f in inflight if f.cancel()]

    def shutdown(self, abandon: bool) -> None:
        self._stop.set()
        if abandon:
            for proc in list(getattr(self._pool, "_processes", {}).values()):
                proc.terminate()
        self._pool.shutdown(wait=not abandon, cancel_futures=True)


def _quiet_cancelled_futures() -> None:
    """Silence one known complaint of the process pool, set when a pool is made.

    A second Ctrl-C terminates the workers, and a worker can die on its own
    (the kernel's OOM killer); either breaks the pool.  Its manager thread
    then marks every pending batch as failed, including those the runner had
    already cancelled (stopping), and CPython 3.11 raises ``InvalidStateError``
    for each of those in that thread (a race CPython 3.12 fixed): a
    traceback on the screen about futures nobody waits for.  Exceptions in
    threads pass ``threading.excepthook``; this one (and only this one) is
    dropped there."""
    import threading
    from concurrent.futures import InvalidStateError

    previous = threading.excepthook
    if getattr(previous, "golf_quiet", False):
        return

    def hook(args: Any) -> None:
        if args.exc_type is InvalidStateError and "CANCELLED" in str(args.exc_value):
            return
        previous(args)

    hook.golf_quiet = True  # type: ignore[attr-defined]
    threading.excepthook = hook


# --------------------------------------------------------------------------- dask


class DaskPool:
    """Tasks on a Dask cluster (``--address``, ``DASK_SCHEDULER_ADDRESS``, or a
    LocalCluster of ``workers`` processes with one thread each).

    Every task carries the pickled plan (a few kB) and the client's code
    fingerprint; workers keep the plan per process and refuse to play with
    other code or other bot files.  A worker that dies mid-batch has its task
    rerun elsewhere by the scheduler; the runner keys results by game index,
    so a game is never counted twice."""

    writes_games = False
    max_batch = MAX_BATCH
    # A batch whose future fails although no game went wrong is sent again:
    # when a worker dies just as its result is fetched, Dask's
    # concurrent.futures bridge can report a finished batch as failed
    # ("TypeError: cannot unpack non-iterable BatchResult object").  Games are
    # keyed by index, so a batch played twice still counts each game once.
    retries = 2

    def __init__(self, plan: Plan, spec: ExecutorSpec, interrupted: Callable[[], bool]) -> None:
        import hashlib
        import importlib

        try:
            # Typed as Any: distributed has no type hints for Client and LocalCluster.
            dd: Any = importlib.import_module("distributed")
        except ImportError:
            raise ExecutorError("--executor dask needs Dask: pip install 'golfcli[dask]'") from None
        # Dask (and tornado under it) log worker restarts, lost connections and
        # the like, with tracebacks; our stderr stays ours: one line per problem.
        _quiet_dask_logs()
        self.cluster: Any = None
        self.client: Any = None
        self._code = code_fingerprint()
        address = spec.resolved_address()
        self.where = spec.where()
        timeout = connect_timeout()
        if address:
            _check_address(dd, address)
            self.client = _connect(
                lambda: dd.Client(address, timeout=timeout, set_as_default=False),
                address,
                timeout,
                interrupted,
            )
        else:
            self.cluster = _local_cluster(dd, plan.workers)
            self.client = dd.Client(self.cluster, set_as_default=False)
        try:
            self.client.wait_for_workers(1, timeout=timeout)
        except Exception as exc:
            self.shutdown(abandon=True)
            start = f" (start some: dask worker {address} --nthreads 1)" if address else ""
            raise ExecutorError(
                f"the Dask scheduler at {self.where} has no workers after "
                f"{timeout:g} s{start}: {_short(exc)}"
            ) from None
        workers = self.client.scheduler_info().get("workers", {})
        self.slots = max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))
        self.info = {
            "kind": "dask",
            "address": address or self.client.scheduler.address,
            "local_cluster": self.cluster is not None,
            "slots": self.slots,
            "code": self._code,
        }
        self._executor = self.client.get_executor(pure=False)
        self._killed_worker: type[BaseException] = dd.KilledWorker
        self._blob = pickle.dumps(plan)
        self._key = hashlib.sha256(self._blob).hexdigest()
        self._finished = 0
        # workers report finished games as scheduler events (worker._RemoteProgress)
        with contextlib.suppress(Exception):
            self.client.subscribe_topic(progress_topic(self._key), self._on_progress)

    def _on_progress(self, event: tuple[float, Any]) -> None:
        """A worker's count of games finished since its last report (called
        on the client's event-loop thread: one integer add)."""
        if isinstance(event[1], int):
            self._finished += event[1]

    def finished(self) -> int:
        return self._finished

    def submit(self, batch: list[int]) -> Future[BatchResult]:
        from .worker import play_batch_remote

        fut: Future[BatchResult] = self._executor.submit(
            play_batch_remote, self._blob, self._key, self._code, batch
        )
        return fut

    def check(self) -> None:
        """Raise ExecutorError once the scheduler is gone: Dask would leave the
        futures pending forever."""
        status = getattr(self.client, "status", "running")
        if status not in ("running", "connecting"):
            raise ExecutorError(
                f"lost the Dask scheduler at {self.where} (client {status}); "
                "every game that came back is kept: continue with --resume"
            )

    def already_rerun(self, exc: BaseException) -> bool:
        """KilledWorker: the scheduler has already rerun the task on other
        workers (``allowed-failures`` times) and every run killed its worker."""
        return isinstance(exc, self._killed_worker)

    def stop(self, inflight: list[Future[BatchResult]]) -> list[Future[BatchResult]]:
        # Cancelling a Dask future throws away work already done; batches are
        # short, so let them all come back.
        return []

    def shutdown(self, abandon: bool) -> None:
        with contextlib.suppress(Exception):
            self._executor.shutdown(wait=False)
        if self.client is not None:
            with contextlib.suppress(Exception):
                self.client.close(timeout=5)
        if self.cluster is not None:
            with contextlib.suppress(Exception):
                self.cluster.close(timeout=5)


def _quiet_dask_logs() -> None:
    """Dask's logging config gives several loggers their own level
    (``distributed.client: warning``...), so each is turned down by name."""
    names = [
        n for n in logging.root.manager.loggerDict if n.split(".")[0] in ("distributed", "tornado")
    ]
    for name in ("distributed", "tornado", *names):
        logging.getLogger(name).setLevel(logging.CRITICAL)


def _check_address(dd: Any, address: str) -> None:
    """A bad scheme or a tls:// address without TLS settings, said before
    connecting (Dask would answer with a traceback)."""
    from distributed.comm.addressing import parse_address
    from distributed.comm.registry import get_backend

    try:
        scheme, _ = parse_address(address)
        get_backend(scheme)
    except Exception as exc:
        raise ExecutorError(f"--address {address}: {_short(exc)}") from None
    if scheme in ("tls", "wss"):
        args = dd.Security().get_connection_args("client")
        if args.get("ssl_context") is None:
            raise ExecutorError(
                f"--address {address}: a {scheme}:// scheduler needs TLS settings in Dask's "
                "configuration (distributed.comm.tls.ca-file, .client.cert, .client.key; "
                "see docs/distributed.md)"
            )


def _connect(
    make: Callable[[], Any], address: str, timeout: float, interrupted: Callable[[], bool]
) -> Any:
    """Connect in a helper thread, so that a peer that accepts and never
    answers (not a scheduler) cannot hang us past the deadline, and Ctrl-C
    gives up at once."""
    import threading

    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["client"] = make()
        except BaseException as exc:  # reported below, in the caller's thread
            box["error"] = exc

    t = threading.Thread(target=run, name="golf-dask-connect", daemon=True)
    t.start()
    deadline = time.monotonic() + timeout + 2
    while t.is_alive() and time.monotonic() < deadline and not interrupted():
        t.join(0.1)
    if "client" in box:
        return box["client"]
    why = (
        _short(box["error"])
        if "error" in box
        else ("interrupted" if interrupted() else f"no answer within {timeout:g} s")
    )
    raise ExecutorError(
        f"cannot reach the Dask scheduler at {address} (is `dask scheduler` running there?): {why}"
    )


def _local_cluster(dd: Any, workers: int) -> Any:
    """A LocalCluster whose processes ignore Ctrl-C: the terminal sends it to
    the whole process group, and the main process decides what it means."""
    import threading
    import warnings

    # Only the main thread may set handlers; from another thread (a library
    # caller) the terminal's Ctrl-C is not ours to manage anyway.
    main = threading.current_thread() is threading.main_thread()
    old = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "Port 8787 is already in use" and the like
            return dd.LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",
                silence_logs=logging.CRITICAL,
            )
    except Exception as exc:
        raise ExecutorError(f"cannot start a Dask LocalCluster: {_short(exc)}") from None
    finally:
        if main:
            signal.signal(signal.SIGINT, old)


def first_line(exc: BaseException) -> str:
    """The first line of an exception's message (Dask's can run to a page)."""
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else ""


def _short(exc: BaseException) -> str:
    return first_line(exc) or type(exc).__name__


def open_pool(plan: Plan, out: Path | None, interrupted: Callable[[], bool]) -> Pool:
    if plan.executor.kind == "dask":
        return DaskPool(plan, plan.executor, interrupted)
    return LocalPool(plan, out)
