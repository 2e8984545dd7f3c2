"""``golf check-bot SPEC``: try a bot on every built-in variant before a tournament.

The bot takes seat 0 in a few holes of each built-in variant against the
built-in ``random`` and ``greedy`` bots (in Alberta it has a ``greedy``
partner).  What is counted is what a tournament would hold against it:
faults by kind (timeout, crash, malformed, illegal), restarts of an
external program, protocol errors (stray output lines), decisions and the
time each took.

The check is strict on time: there is no time bank, every decision must
come within ``--time-limit``.  An in-process Python bot cannot be stopped
mid-decision, so a decision that takes longer is counted as a timeout and
its answer thrown away, exactly as a late answer from a program would be.

Exit status: 0 clean, 1 when the bot faulted or broke the protocol, 2 when
the spec cannot be loaded (one line on stderr).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import typer

from .errors import fail
from .faults import FAULT_KINDS, BotFault
from .match import Match
from .state import Action
from .view import View

# (variant, opponents): the bot always sits in seat 0.  Alberta with four
# players is the partner game: seats 0 and 2 share a layout.
CHECKS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("six-card", ("greedy",)),
    ("four-card", ("random", "greedy")),
    ("nine-card", ("greedy",)),
    ("alberta", ("random", "greedy", "random")),
    ("duel", ("greedy",)),
)


class _Stopwatch:
    """Wraps an in-process bot: a decision slower than the limit becomes a timeout.

    Everything else (hooks, ``seed``, ``wants_view``) passes through, and
    missing attributes stay missing, so Match treats it as the bot itself.
    """

    def __init__(self, bot: Any, limit: float) -> None:
        self._bot = bot
        self._limit = limit

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        t0 = time.perf_counter()
        action: Action = self._bot.choose(view, legal)
        dt = time.perf_counter() - t0
        if dt > self._limit:
            raise BotFault("timeout", f"decision took {dt:.3f}s, the limit is {self._limit:g}s")
        return action

    def __getattr__(self, name: str) -> Any:
        return getattr(self._bot, name)


@dataclass
class VariantCheck:
    """What one variant's games showed about the bot."""

    variant: str
    players: int
    holes: int
    decisions: int = 0
    faults: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FAULT_KINDS, 0))
    time_total: float = 0.0
    time_max: float = 0.0
    restarts: int = 0
    protocol_errors: list[str] = field(default_factory=list)
    last_fault: str = ""

    @property
    def fault_count(self) -> int:
        return sum(self.faults.values())

    @property
    def clean(self) -> bool:
        return not self.fault_count and not self.protocol_errors


def check(
    spec: str,
    holes: int = 2,
    time_limit: float = 1.0,
    seed: int = 1,
    log_dir: Path | None = None,
) -> tuple[str, list[VariantCheck]]:
    """Play the checks; returns the bot's name and one result per variant.

    Raises :class:`~golfcli.bots.registry.BotSpecError` for a spec that
    cannot be loaded.  An external program's stderr goes to
    ``log_dir/VARIANT.log``.
    """
    from .bots.external import ExternalBot
    from .bots.registry import close_bot, make_bot
    from .variant import builtin

    name = spec
    results = []
    for variant_name, opponents in CHECKS:
        variant = builtin(variant_name)
        log = log_dir / f"{variant_name}.log" if log_dir is not None else None
        bot = make_bot(spec, seed=seed, time_limit=time_limit, time_bank=0.0, log_path=log)
        external = bot if isinstance(bot, ExternalBot) else None
        seat0 = bot if external else _Stopwatch(bot, time_limit)
        others = [
            make_bot(o, seed=f"{seed}:{variant_name}:{i}") for i, o in enumerate(opponents, 1)
        ]
        names = ["bot", *(f"{o}{i}" for i, o in enumerate(opponents, 1))]
        try:
            result = Match(variant, [seat0, *others], names=names, seed=seed, holes=holes).play()
        finally:
            close_bot(bot)
        stats = result.stats[0]
        name = str(getattr(bot, "name", spec))
        results.append(
            VariantCheck(
                variant=variant_name,
                players=len(names),
                holes=len(result.holes),
                decisions=stats.decisions,
                faults=dict(stats.faults),
                time_total=stats.time_total,
                time_max=stats.time_max,
                restarts=external.restarts if external else 0,
                protocol_errors=list(external.protocol_errors) if external else [],
                last_fault=stats.last_fault,
            )
        )
    return name, results


def report(name: str, results: Sequence[VariantCheck], time_limit: float) -> list[str]:
    """The table and the verdict, as lines."""
    from tabulate import tabulate

    rows = []
    for r in results:
        mean = r.time_total / r.decisions * 1000 if r.decisions else 0.0
        rows.append(
            [
                r.variant,
                r.players,
                r.holes,
                r.decisions,
                *(r.faults[k] for k in FAULT_KINDS),
                r.restarts,
                len(r.protocol_errors),
                f"{mean:.2f}",
                f"{r.time_max * 1000:.2f}",
            ]
        )
    headers = [
        "variant",
        "players",
        "holes",
        "decisions",
        *FAULT_KINDS,
        "restarts",
        "protocol",
        "mean ms",
        "max ms",
    ]
    lines = [f"check-bot: {name} (seat 1; time limit {time_limit:g}s per decision, no bank)", ""]
    lines += tabulate(rows, headers=headers, tablefmt="simple").splitlines()
    problems = []
    for r in results:
        if r.fault_count:
            problems.append(f"{r.variant}: last fault: {r.last_fault}")
        problems += [f"{r.variant}: protocol: {e}" for e in r.protocol_errors[:5]]
    lines.append("")
    faults = sum(r.fault_count for r in results)
    stray = sum(len(r.protocol_errors) for r in results)
    if faults or stray:
        lines += problems
        lines.append(f"FAILED: {faults} fault(s), {stray} protocol error(s)")
    else:
        total = sum(r.decisions for r in results)
        lines.append(f"ok: {total} decisions in {len(results)} variants, no faults")
    return lines


def run_check(spec: str, holes: int = 2, time_limit: float = 1.0, seed: int = 1) -> None:
    """The ``golf check-bot`` command: print the report, exit 0, 1 or 2."""
    from .bots.registry import BotSpecError

    if holes < 1:
        fail("--holes must be at least 1")
    if not time_limit > 0:
        fail("--time-limit must be a positive number of seconds")
    from .bots.procs import terminate_as_interrupt

    try:
        log_dir = Path(tempfile.mkdtemp(prefix="golf-check-bot-"))
    except OSError as exc:  # no writable temporary folder: nothing has run yet
        fail(f"cannot create a temporary folder for the bot's logs: {exc}")
    try:
        with terminate_as_interrupt():  # SIGTERM, like Ctrl-C, closes the bot on its way out
            name, results = check(
                spec, holes=holes, time_limit=time_limit, seed=seed, log_dir=log_dir
            )
    except BotSpecError as exc:
        _remove_if_empty(log_dir)
        fail(str(exc))
    for line in report(name, results, time_limit):
        typer.echo(line)
    clean = all(r.clean for r in results)
    if _keep_logs(log_dir, clean):
        typer.echo(f"bot stderr: {log_dir}")
    if not clean:
        raise typer.Exit(1)


def _keep_logs(log_dir: Path, clean: bool) -> bool:
    """Keep the bot's stderr logs if it wrote anything or faulted; else leave no litter."""
    spoke = False
    for log in log_dir.glob("*.log"):
        text = log.read_text(encoding="utf-8", errors="replace")
        lines = text.splitlines()
        spoke = spoke or any(ln.strip() and not ln.startswith("--- golf:") for ln in lines)
    if clean and not spoke:
        shutil.rmtree(log_dir, ignore_errors=True)
        return False
    return _has_files(log_dir)


def _has_files(path: Path) -> bool:
    if any(path.iterdir()):
        return True
    _remove_if_empty(path)
    return False


def _remove_if_empty(path: Path) -> bool:
    try:
        os.rmdir(path)
    except OSError:
        return False
    return True
