"""The run loop: games in index order here, or batches in flight on a pool,
aggregated strictly in index order; Ctrl-C and SPRT stops.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator, Mapping
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
from ..atomic import write_atomic
from ..bots import procs
from ..interrupts import HELD, PENDING, deliver
from ..keys import is_key
from ..limits import MAX_GAMES, MAX_HOLES, MAX_SEED, MAX_WORKERS
from ..render import plural
from ..stats import Tally, outcome_from_record
from .executors import cpu_count, open_pool
from .plan import ConfigError, Plan, RunError
from .pool import PoolLoop
from .recording import Recorder, open_recorder, refresh_board, say_recorded
from .report import Report, RunResult, Timing, build_report
from .rundir import (
    Disk,
    check_record,
    prepare_out,
    read_games,
    scan_games,
    write_reports,
)
from .signals import Interrupts
from .worker import GameError, GameRunner, open_games


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
        # progress=True: a bar of our own (render.progress), closed when the run ends
        self.owns_bar = progress and on_progress is None
        if self.owns_bar:
            from ..render.progress import ProgressBar

            on_progress = ProgressBar(plan.name)
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
        """The first call of ``on_progress``: after a pool's workers are
        forked, since whoever draws a bar may start a thread to draw it.
        The first finished game is reported at once, as before this call."""
        self._update_progress(force=True)
        self._last_update = 0.0

    def finished(self) -> int:
        """Games finished so far: those counted, or (on a pool) every game a
        worker has ended, if more: the bar moves with the first game, not
        with the first batch to come back, which holds a whole deal."""
        done = self.next
        if self.pool_finished is not None:
            done = max(done, min(self.plan.total, self.disk.count + self.pool_finished()))
        return done

    def _update_progress(self, force: bool = False) -> None:
        if self.on_progress is None:
            return
        now = time.monotonic()
        if not force and now - self._last_update < 0.1:
            return
        self._last_update = now
        done = self.finished()
        if getattr(self.on_progress, "wants_leader", False):
            lead = self.tally.leader()
            text = f"leader: {lead[0]} ({100 * lead[1]:.0f}% wins)" if lead else ""
            self.on_progress(done, self.plan.total, text)  # type: ignore[call-arg]
        else:
            self.on_progress(done, self.plan.total)

    def _stop_progress(self) -> None:
        close = getattr(self.on_progress, "close", None)
        if self.owns_bar and close is not None:
            close()

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
                self._update_progress(force=True)  # where the run ended
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
            self.out,
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
                        _, rec = player.play_record(i, line=False)
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
    recorder = open_recorder(plan, out, ratings, on_warning)
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
    if recorder is not None:
        refresh_board(recorder)
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
        say_recorded(recorder, out, on_notice, on_warning)
    return result
