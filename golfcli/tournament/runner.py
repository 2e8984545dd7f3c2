"""The run loop: games in index order here, or batches in flight on a pool,
aggregated strictly in index order; Ctrl-C and SPRT stops.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..arguments import (
    ArgumentError,
    ArgumentTypeError,
    callback,
    flag,
    optional_path,
    optional_whole,
    path,
    whole,
    wrong_type,
)
from ..bots import procs
from ..interrupts import HELD, PENDING, deliver
from ..keys import is_key
from ..limits import MAX_GAMES, MAX_HOLES, MAX_SEED, MAX_WORKERS
from ..stats import Tally, outcome_from_record, plural
from .config import cpu_count
from .executors import IN_FLIGHT_PER_SLOT, Batcher, ExecutorError, Pool, first_line, open_pool
from .leaderboard import board_hint
from .plan import ConfigError, Plan, RunError
from .ratingsdb import RatingsError, Recorder, RunInfo
from .report import Report, RunResult, Timing, build_report
from .rundir import (
    Disk,
    check_record,
    prepare_out,
    read_games,
    read_run_file,
    run_meta,
    scan_games,
    write_atomic,
    write_reports,
)
from .worker import BatchResult, GameError, GameRunner, append_line, events_file, open_games

BACKLOG = 20_000  # finished games (~0.5 kB each) held while an earlier one is still out


class Interrupts:
    """First Ctrl-C: finish the games in progress, then stop.  Second: stop now.

    ``SIGTERM`` counts as a Ctrl-C (it is how a service manager or ``kill``
    asks a program to stop): the run stops the same way, results.json is
    written and a message says so, instead of golf vanishing mid-write.

    Re-entrant: the command keeps it installed until the report is printed,
    so a late Ctrl-C cannot cut the standings off."""

    SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self) -> None:
        self.count = 0
        self.in_game = False
        self._old: dict[int, Any] = {}
        self._depth = 0
        self._pid = os.getpid()

    def __enter__(self) -> Interrupts:
        if self._depth == 0 and threading.current_thread() is threading.main_thread():
            self._old = {sig: signal.signal(sig, self._handle) for sig in self.SIGNALS}
        self._depth += 1
        return self

    def __exit__(self, *exc: object) -> None:
        self._depth -= 1
        if self._depth == 0 and self._old:
            for sig, old in self._old.items():
                signal.signal(sig, old)
            self._old = {}

    def _handle(self, signum: int, frame: Any) -> None:
        if os.getpid() != self._pid:
            # a worker just forked from us, before its initializer ignores
            # Ctrl-C: the main process speaks for the run (once)
            return
        self.count += 1
        if self.count == 1:
            what = "terminated (SIGTERM)" if signum == signal.SIGTERM else "interrupted"
            print(
                f"\ngolf: {what}: stopping after the games in progress "
                "(Ctrl-C again to stop at once)",
                file=sys.stderr,
            )
        elif self.in_game:
            raise KeyboardInterrupt


class Runner:
    def __init__(
        self,
        plan: Plan,
        out: Path | None = None,
        *,
        progress: bool = False,
        disk: Disk | None = None,
        interrupts: Interrupts | None = None,
        on_progress: Callable[[int, int], None] | None = None,
        recorder: Recorder | None = None,
    ) -> None:
        self.plan = plan
        self.recorder = recorder  # the ratings database, given every counted game
        self.out = out
        self.interrupts = interrupts or Interrupts()
        self.show_progress = progress
        self.on_progress = on_progress
        # games finished on a pool's workers, their batches returned or not
        self.pool_finished: Callable[[], int] | None = None
        self.disk = disk or Disk(plan.total)
        self.index = {e.name: i for i, e in enumerate(plan.entrants)}
        self.tally = Tally([e.name for e in plan.entrants], plan.scoring, plan.sprt)
        self.timing = {p.name: Timing() for p in plan.players}
        self.next = 0
        self.played = 0
        self.stopped: str | None = None
        self.message = ""
        self._disk_iter: Iterator[tuple[int, dict[str, Any]]] | None = None
        self._disk_buf: dict[int, dict[str, Any]] = {}
        self._progress: Any = None
        self._task: Any = None
        self._last_update = 0.0
        self.extra_done = 0
        self.executor_info: dict[str, Any] = {"kind": "local", "workers": 1}
        self.workers_seen: set[str] = set()

    # ------------------------------------------------------------------ aggregation

    def _disk_records(self) -> Iterator[tuple[int, dict[str, Any]]]:
        assert self.out is not None
        for _, line in read_games(self.out / "games.jsonl"):
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            i = rec.get("game") if isinstance(rec, dict) else None
            if isinstance(i, int) and 0 <= i < self.plan.total and self.disk.done(i):
                yield i, rec

    def _from_disk(self, i: int) -> dict[str, Any]:
        if self._disk_iter is None:
            self._disk_iter = self._disk_records()
        while i not in self._disk_buf:
            try:
                j, rec = next(self._disk_iter)
            except StopIteration:
                raise RunError(
                    f"game {i} vanished from games.jsonl while the run was going"
                ) from None
            if j >= i and j not in self._disk_buf:
                self._disk_buf[j] = rec
        return self._disk_buf.pop(i)

    def _aggregate(self, i: int, rec: dict[str, Any], *, deals: bool = True) -> None:
        self.tally.add(outcome_from_record(rec, self.index))
        self.played += 1
        if self.recorder is not None:
            self.recorder.add(rec)
        for seat, name in enumerate(rec["seating"]):
            t = self.timing[name]
            t.decisions += rec["decisions"][seat]
            t.total += rec["time_total"][seat]
            t.max = max(t.max, rec["time_max"][seat])
        if deals and (i + 1) % self.plan.per_deal == 0:
            decision = self.tally.close_deal()
            if decision is not None and self.tally.sprt is not None and self.stopped is None:
                self.stopped = "sprt"
                self.message = self.tally.sprt.stop_message()

    def drain_ready(self, results: dict[int, str]) -> None:
        while self.next < self.plan.total and self.stopped is None:
            i = self.next
            if self.disk.done(i):
                rec = self._from_disk(i)
            elif i in results:
                rec = json.loads(results.pop(i))
            else:
                break
            self._aggregate(i, rec)
            self.next += 1
        if self.recorder is not None:
            self.recorder.tick()  # called at least every 0.2 s while a pool plays
        self._update_progress()

    def aggregate_tail(self, results: dict[int, str]) -> None:
        """After an interruption: count every finished game past the first gap
        too, including games whose batch never came back (they are on disk)."""
        if self.stopped == "sprt":
            return
        rest = {i: json.loads(r) for i, r in results.items() if i >= self.next}
        results.clear()
        self._disk_buf.clear()
        self._disk_iter = None
        if self.out is not None:
            for _, line in read_games(self.out / "games.jsonl"):
                try:
                    rec = json.loads(line)
                    i = check_record(self.plan, rec)
                except (ValueError, RunError):  # not JSON, not a game, another run's game
                    continue
                if self.next <= i < self.plan.total:
                    rest.setdefault(i, rec)
        for i in sorted(rest):
            self._aggregate(i, rest[i], deals=False)

    # ------------------------------------------------------------------ progress

    def start_progress(self) -> None:
        if not self.show_progress:
            return
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self._progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            TextColumn("{task.fields[leader]}"),
            console=Console(stderr=True),
            transient=True,
        )
        self._progress.start()
        self._task = self._progress.add_task(self.plan.name, total=self.plan.total, leader="")
        self._update_progress(force=True)

    def finished(self) -> int:
        """Games finished so far: those counted, or (on a pool) every game a
        worker has ended, if more: the bar moves with the first game, not
        with the first batch to come back, which holds a whole deal."""
        done = self.next
        if self.pool_finished is not None:
            done = max(done, min(self.plan.total, self.disk.count + self.pool_finished()))
        return done

    def _update_progress(self, force: bool = False) -> None:
        if self._progress is None and self.on_progress is None:
            return
        now = time.monotonic()
        if not force and now - self._last_update < 0.1:
            return
        self._last_update = now
        done = self.finished()
        if self.on_progress is not None:
            self.on_progress(done, self.plan.total)
        if self._progress is not None:
            lead = self.tally.leader()
            text = f"leader: {lead[0]} ({100 * lead[1]:.0f}% wins)" if lead else ""
            self._progress.update(self._task, completed=done, leader=text)

    def _stop_progress(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None

    # ------------------------------------------------------------------ loops

    def run(self) -> RunResult:
        from_disk = self.disk.count
        with self.interrupts as ints:
            try:
                if self.plan.workers == 1 and self.plan.executor.kind == "local":
                    self._run_here(ints)
                else:
                    self._run_pool(ints)
            except RunError as exc:
                self.stopped, self.message = "error", str(exc)
            finally:
                self._stop_progress()
                if self.recorder is not None:
                    self.recorder.flush()
        if self.stopped is None and self.next < self.plan.total:
            self.stopped = "interrupted"
        if self.stopped == "interrupted":
            self.message = f"interrupted after {self.played} of {self.plan.total} games" + (
                "; continue with --resume"
                if self.out is not None
                else " (not saved: use --out DIR to make a run resumable)"
            )
        uncounted = 0
        if self.stopped == "sprt":
            uncounted = self.disk.count_from(self.next) + self.extra_done
        return RunResult(
            self.plan,
            self.tally,
            self.played,
            from_disk,
            self.stopped,
            self.message,
            uncounted,
            self.timing,
            {
                **self.executor_info,
                **({"workers_seen": sorted(self.workers_seen)} if self.workers_seen else {}),
            },
        )

    def _run_here(self, ints: Interrupts) -> None:
        player = GameRunner(self.plan, self.out)
        self.start_progress()
        try:
            self._play_here(player, ints)
            if self.stopped is None and self.next < self.plan.total:
                self.aggregate_tail({})
        finally:
            player.close()

    def _play_here(self, player: GameRunner, ints: Interrupts) -> None:
        """The games, in this process.  Signals are held for the whole loop
        (each game's match then only counts it, golfcli.interrupts) and
        delivered between games as well as between decisions."""
        with HELD:
            while self.next < self.plan.total and self.stopped is None:
                if PENDING:
                    deliver()
                if ints.count:
                    break
                i = self.next
                if self.disk.done(i):
                    rec = self._from_disk(i)
                else:
                    ints.in_game = True
                    try:
                        _, rec = player.play_record(i)
                    except KeyboardInterrupt:
                        break
                    except GameError as exc:
                        raise RunError(str(exc)) from None
                    finally:
                        ints.in_game = False
                self._aggregate(i, rec)
                self.next += 1
                self._update_progress()

    def _run_pool(self, ints: Interrupts) -> None:
        """Batches in flight on a :class:`~golfcli.tournament.executors.Pool`
        (see :class:`PoolLoop`)."""
        # ExecutorError here is bad input (no scheduler): nothing is played yet.
        pool = open_pool(self.plan, self.out, lambda: ints.count > 0)
        self.executor_info = dict(pool.info)
        fd = open_games(self.out) if self.out is not None and not pool.writes_games else None
        loop = PoolLoop(self, pool, ints, fd)
        self.executor_info.update(
            batch_size=self.plan.executor.batch_size or "auto", max_in_flight=loop.window
        )
        try:
            loop.run()
        finally:
            pool.shutdown(abandon=loop.abandoned)
            if fd is not None:
                os.close(fd)
            # A worker that died or was abandoned could not end its bots; the
            # kernel ended the bots themselves (their parent-death signal), and
            # this ends whatever they started, found by the run's mark.
            procs.end_run()


class PoolLoop:
    """One run's batches on a pool: a bounded number in flight, consumed as
    they complete, their games handed to the runner, which aggregates them
    in index order.

    Finished games that wait for an earlier one are kept as their compact
    JSON lines, and no more batches are sent while ``BACKLOG`` of them wait,
    so one slow batch cannot make memory grow."""

    def __init__(self, runner: Runner, pool: Pool, ints: Interrupts, fd: int | None) -> None:
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


# --------------------------------------------------------------------------- entry points


def run_tournament(
    config: str | Path | Mapping[str, Any] | Plan,
    *,
    workers: int | str | None = None,
    progress: bool = False,
    out: str | Path | None = None,
    resume: bool = False,
    games: int | None = None,
    holes: int | None = None,
    seed: int | None = None,
    key: str | None = None,
    on_notice: Callable[[str], None] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    ratings: str | Path | None = None,
    on_warning: Callable[[str], None] | None = None,
    interrupts: Interrupts | None = None,
) -> Report:
    """Run a bot tournament and return its report (``golf tournament``).

    ``config`` is a config file's path, a mapping of the same keys
    (docs/tournament.md; relative paths are found from the current
    directory) or a plan ``load_config`` made.  ``workers`` (a number or
    ``"auto"``), ``games``, ``holes``, ``seed`` and ``key`` override the
    config's keys, as the command's options do.  ``progress`` draws a bar on
    standard error; ``on_notice`` is given each line the command would say
    there.  ``out`` keeps the games in a directory (durable, and with
    ``resume`` continued after a stop).  The results depend only on the
    config and the seed, never on the workers.  ``on_progress(finished,
    total)`` follows the games as they finish; ``ratings`` names a ratings
    database to record the games in (none by default: ``golf tournament``
    records in its own unless told ``--no-db``), and ``on_warning`` hears
    if it cannot.

    >>> report = run_tournament({"variant": "six-card", "holes": 1, "games": 2, "seed": 1,
    ...     "players": [{"name": "a", "bot": "greedy"}, {"name": "b", "bot": "random"}]},
    ...     workers=1)
    >>> [(r["player"], r["games"]) for r in report.standings]
    [('a', 4), ('b', 4)]
    """
    _check_run_arguments(
        config, workers, progress, out, resume, games, holes, seed, key, ratings, interrupts
    )
    for name, fn in (
        ("on_notice", on_notice),
        ("on_progress", on_progress),
        ("on_warning", on_warning),
    ):
        callback(name, fn)
    if isinstance(config, Plan):
        overrides = (workers, games, holes, seed, key)
        if any(x is not None for x in overrides):
            raise ConfigError(
                "<plan>", "", "a plan is already made: give the overrides to load_config"
            )
        plan = config
    else:
        from .config import load_config

        plan = load_config(config, games=games, holes=holes, seed=seed, key=key, workers=workers)
    result = run_plan(
        plan,
        None if out is None else Path(out),
        resume=resume,
        progress=progress,
        on_notice=on_notice,
        interrupts=interrupts,
        on_progress=on_progress,
        ratings=None if ratings is None else Path(ratings),
        on_warning=on_warning,
    )
    return result.report()


_CONFIG = "a tournament config: a file's path, a mapping of its keys, or a Plan"


def _check_run_arguments(
    config: object,
    workers: object,
    progress: object,
    out: object,
    resume: object,
    games: object,
    holes: object,
    seed: object,
    key: object,
    ratings: object,
    interrupts: object,
) -> None:
    """:func:`run_tournament`'s door: each argument is what it must be, with
    the ranges the command line's options have (``load_config`` then checks
    the config itself, naming its keys)."""
    if not isinstance(config, Plan | Mapping):
        path("config", config, _CONFIG)
    if workers is not None and not isinstance(workers, str):  # text: "auto" or digits,
        whole("workers", workers, 1, MAX_WORKERS, "a number of processes")  # read by the config
    flag("progress", progress)
    flag("resume", resume)
    optional_path("out", out, "a directory (a path) or None")
    optional_path("ratings", ratings, "a ratings database's path or None")
    optional_whole("games", games, 1, MAX_GAMES)
    optional_whole("holes", holes, 1, MAX_HOLES)
    optional_whole("seed", seed, 0, MAX_SEED)
    if key is not None and not (isinstance(key, str) and is_key(key)):
        raise (ArgumentError if isinstance(key, str) else ArgumentTypeError)(
            "key", "64 hex digits (the key a finished run printed)", key
        )
    if interrupts is not None and not isinstance(interrupts, Interrupts):
        wrong_type("interrupts", "an Interrupts or None", interrupts)


def run_plan(
    plan: Plan,
    out: Path | None = None,
    *,
    resume: bool = False,
    progress: bool = False,
    batch: int | None = None,
    on_notice: Callable[[str], None] | None = None,
    interrupts: Interrupts | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    ratings: Path | None = None,
    on_warning: Callable[[str], None] | None = None,
) -> RunResult:
    """Play (or continue) the tournament ``plan``: behind :func:`run_tournament`.

    ``on_progress(finished, total)`` is called as games finish (at most ten
    times a second), whatever order they finish in.  ``ratings`` is the
    ratings database to record every counted game in (None: none; golf
    tournament passes :func:`~golfcli.tournament.ratingsdb.default_path`
    unless told ``--no-db``); a database that cannot be used is said once
    through ``on_warning`` and the run goes on without it."""
    if resume and out is None:
        raise ConfigError("--resume", "", "needs --out DIR (the directory of the run to continue)")
    if plan.record_events and out is None:
        raise ConfigError(
            plan.config, "record_events", "event logs need --out DIR to be written to"
        )
    disk = None
    if out is not None:
        plan = prepare_out(plan, out, resume)
        disk = scan_games(plan, out / "games.jsonl")
        if on_notice is not None:
            if disk.dropped:
                on_notice(
                    f"dropped {disk.dropped} torn or unreadable line(s) from "
                    f"{out / 'games.jsonl'}; those games are played again"
                )
            if resume:
                on_notice(f"resuming: {disk.count} of {plan.total} games already played")
            if disk.beyond:
                on_notice(
                    f"{disk.beyond} recorded game(s) lie beyond --games {plan.games} "
                    "and are not counted"
                )
    cores = cpu_count()
    if plan.executor.kind == "local" and plan.workers > cores:
        # more processes than cores only makes every game (and bot clock) slower
        if on_notice is not None:
            on_notice(f"workers: {plan.workers} is more than the {cores} cores here; using {cores}")
        plan = replace(plan, workers=cores)
    if on_notice is not None:
        mode = "duplicate deals" if plan.duplicate else "independent deals"
        on_notice(
            f"{plan.name}: {plan.total} games ({plural(plan.games, 'deal')} × "
            f"{plural(len(plan.tables), 'table')} × {plural(plan.rotations, 'seating')}, {mode}), "
            + (
                f"seed {plan.seed} (a known seed means known deals), "
                if plan.seed is not None
                else "deals from a key kept secret until the run is over, "
            )
            + (
                plural(plan.workers, "worker")
                if plan.executor.kind == "local"
                else f"dask at {plan.executor.where()}"
            )
        )
    if batch is not None:
        plan = replace(plan, executor=replace(plan.executor, batch_size=batch))
    recorder = _open_recorder(plan, out, ratings, on_warning)
    runner = Runner(
        plan,
        out,
        progress=progress,
        disk=disk,
        interrupts=interrupts,
        on_progress=on_progress,
        recorder=recorder,
    )
    procs.set_run_id()  # workers and their bots carry it: see Runner._run_pool
    try:
        result = runner.run()
    finally:
        if recorder is not None:
            recorder.close()
    if out is not None:
        report = build_report(result)
        write_atomic(out / "results.json", json.dumps(report, indent=2) + "\n")
        try:
            write_reports(out, report)
        except Exception as exc:  # the results are safe on disk; `golf report DIR` retries
            if on_notice is not None:
                on_notice(
                    f"could not write {out / 'report.html'}: {type(exc).__name__}: {exc} "
                    f"(the results are in {out / 'results.json'})"
                )
    if recorder is not None:
        _say_recorded(recorder, out, on_notice, on_warning)
    return result


def _open_recorder(
    plan: Plan, out: Path | None, db: Path | None, on_warning: Callable[[str], None] | None
) -> Recorder | None:
    """The ratings database's recorder for this run, or None (no ``db``, or
    a database that cannot be used: said in one warning, and the run goes
    on without it)."""
    if db is None:
        return None
    meta = read_run_file(out) if out is not None else run_meta(plan)
    try:
        return Recorder(db, RunInfo.from_meta(meta, str(out if out is not None else plan.config)))
    except RatingsError as exc:
        if on_warning is not None:
            on_warning(f"ratings database {exc}; {_not_recorded(out)}")
        return None


def _not_recorded(out: Path | None) -> str:
    if out is None:
        return "this run's games are not recorded there"
    return (
        f"this run's games are not recorded there (every one is in {out / 'games.jsonl'}: "
        f"golf ratings import {out} adds them once it is fixed)"
    )


def _say_recorded(
    recorder: Recorder,
    out: Path | None,
    on_notice: Callable[[str], None] | None,
    on_warning: Callable[[str], None] | None,
) -> None:
    if recorder.problem is not None:
        if on_warning is not None:
            on_warning(f"ratings database {recorder.problem}; {_not_recorded(out)}")
        return
    if on_notice is None:
        return
    if recorder.added:
        on_notice(
            f"ratings: {plural(recorder.added, 'game')} recorded in {recorder.path} "
            f"({board_hint()})"
        )
    else:
        on_notice(
            f"ratings: nothing new for {recorder.path}: these games were recorded before "
            "(the same config, seed and bots play the same games)"
        )
