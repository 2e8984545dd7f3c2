"""A run's batches on a pool of workers: a bounded number in flight,
consumed as they complete, retried while the pool allows, their games handed
to the run loop (:class:`~golfcli.tournament.runner.Runner`), which counts
them in index order.  The loop is told about its runner through
:class:`Counting`, what it needs of it, so this room stays below the runner.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, wait
from pathlib import Path
from typing import Protocol

from .executors import IN_FLIGHT_PER_SLOT, Batcher, ExecutorError, Pool, first_line
from .plan import Plan, RunError
from .rundir import Disk
from .signals import Interrupts
from .worker import BatchResult, GameError, append_line, events_file

BACKLOG = 20_000  # finished games (~0.5 kB each) held while an earlier one is still out


class Counting(Protocol):
    """What the pool loop needs of the run loop that counts its games."""

    plan: Plan
    out: Path | None
    disk: Disk
    next: int
    stopped: str | None
    extra_done: int
    workers_seen: set[str]
    pool_finished: Callable[[], int] | None

    def start_progress(self) -> None: ...

    def drain_ready(self, results: dict[int, str]) -> None: ...

    def aggregate_tail(self, results: dict[int, str]) -> None: ...


class PoolLoop:
    """One run's batches on a pool: a bounded number in flight, consumed as
    they complete, their games handed to the runner, which aggregates them
    in index order.

    Finished games that wait for an earlier one are kept as their compact
    JSON lines, and no more batches are sent while ``BACKLOG`` of them wait,
    so one slow batch cannot make memory grow."""

    def __init__(self, runner: Counting, pool: Pool, ints: Interrupts, fd: int | None) -> None:
        self.runner = runner
        self.pool = pool
        self.ints = ints
        self.fd = fd  # games.jsonl, when the workers do not write it themselves
        plan = runner.plan
        spec = plan.executor
        self.window = spec.max_in_flight or IN_FLIGHT_PER_SLOT * pool.slots
        todo = (i for i in range(plan.total) if not runner.disk.done(i))
        self.batcher = Batcher(
            todo,
            plan.total - runner.disk.count,
            pool.slots,
            spec.batch_size,
            pool.max_batch,
            group=plan.per_deal if plan.duplicate else 1,
        )
        runner.pool_finished = pool.finished
        self.inflight: dict[Future[BatchResult], list[int]] = {}
        self.results: dict[int, str] = {}  # game index -> its line, until aggregated
        self.retried: dict[int, int] = {}  # first game of a batch -> times sent again
        self.exhausted = False  # every game still to play has been sent
        self.abandoned = False  # stopped without waiting for the batches in flight

    def run(self) -> None:
        runner, ints = self.runner, self.ints
        total = runner.plan.total
        self.fill()  # forks the workers before any other thread starts (progress bar)
        runner.start_progress()
        runner.drain_ready(self.results)
        while runner.next < total and runner.stopped is None and not ints.count:
            if not self.inflight:
                if self.exhausted:
                    break
                self.fill()
                continue
            finished = self.wait()
            if not finished and (why := self.lost()):
                raise RunError(why)
            self.collect(finished, strict=True)
            runner.drain_ready(self.results)
            self.fill()
        # SPRT stop or Ctrl-C: the workers finish the game they are playing,
        # skip the rest of their batch, and every finished game is kept.
        for fut in self.pool.stop(list(self.inflight)):
            self.inflight.pop(fut, None)
        while self.inflight:
            if ints.count > 1:
                self.abandoned = True
                break
            finished = self.wait()
            if not finished and self.lost():
                self.abandoned = True
                break
            self.collect(finished, strict=False)
            runner.drain_ready(self.results)
        if runner.stopped == "sprt":
            runner.extra_done = len(self.results)
        elif runner.next < total:
            runner.aggregate_tail(self.results)

    def wait(self) -> set[Future[BatchResult]]:
        finished, _ = wait(list(self.inflight), timeout=0.2, return_when=FIRST_COMPLETED)
        return finished

    def lost(self) -> str | None:
        """Why the executor can no longer return results (a lost scheduler), or None."""
        try:
            self.pool.check()
        except ExecutorError as exc:
            return str(exc)
        return None

    def fill(self) -> None:
        while (
            not self.exhausted
            and len(self.inflight) < self.window
            and len(self.results) < BACKLOG  # one slow batch must not let memory grow
            and self.ints.count == 0
            and self.runner.stopped is None
        ):
            b = self.batcher.next()
            if b is None:
                self.exhausted = True
                return
            self.inflight[self.pool.submit(b)] = b

    def collect(self, finished: set[Future[BatchResult]], strict: bool) -> None:
        """Take the finished batches.  ``strict`` while running: a failure
        stops the run (after the retries a pool allows); not while stopping,
        when a failed batch's games simply stay unplayed, for --resume."""
        for fut in finished:
            batch = self.inflight.pop(fut)
            if fut.cancelled():
                if strict:  # we cancel only when stopping: someone else did
                    raise RunError(
                        self.lost()
                        or f"the executor dropped games {batch[0]}..{batch[-1]} (was the "
                        "Dask scheduler lost?); every game that came back is kept: "
                        "continue with --resume"
                    )
                continue
            try:
                got = fut.result()
            except GameError as exc:
                if strict:
                    raise RunError(str(exc)) from None
                continue
            except Exception as exc:  # BrokenProcessPool, KilledWorker and the like
                self.retry_or_fail(batch, exc, strict)
                continue
            self.batcher.observe(got)
            self.keep(got)

    def retry_or_fail(self, batch: list[int], exc: Exception, strict: bool) -> None:
        """A batch's task failed although no game went wrong: send it again
        while the pool allows, unless the executor has already rerun it."""
        runner = self.runner
        sent = 1 + self.retried.get(batch[0], 0)
        if not strict or self.ints.count or runner.stopped is not None:
            return  # stopping: its games stay unplayed, for --resume
        if sent <= self.pool.retries and not self.pool.already_rerun(exc):
            self.retried[batch[0]] = sent
            self.inflight[self.pool.submit(batch)] = batch
            return
        raise RunError(
            f"a worker failed playing games {batch[0]}..{batch[-1]}"
            + (f" (sent {sent} times)" if sent > 1 else "")
            + f": {type(exc).__name__}: {first_line(exc)}"
        ) from None

    def keep(self, got: BatchResult) -> None:
        """Take a batch's games; if the workers do not write games.jsonl (a
        Dask cluster), write them here, at once, each game once."""
        runner = self.runner
        for i, line, events in got.games:
            if i < runner.next or i in self.results or runner.disk.done(i):
                continue  # a rerun batch (its worker died after all) or a duplicate
            if self.fd is not None:
                if events is not None and runner.out is not None:
                    path = events_file(runner.out, i)
                    path.parent.mkdir(exist_ok=True)
                    path.write_text(events, encoding="utf-8")
                append_line(self.fd, line)
            self.results[i] = line
        if got.worker != "local":
            runner.workers_seen.add(got.worker)
