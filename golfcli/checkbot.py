"""``golf check-bot SPEC``: try a bot on every built-in variant before a tournament.

The bot takes seat 0 in a few holes of each built-in variant against the
built-in ``random`` and ``greedy`` bots (in Alberta it has a ``greedy``
partner).  What is counted is what a tournament would hold against it:
faults by kind (timeout, crash, malformed, illegal), restarts of an
external program, protocol errors (stray output lines), decisions and the
time each took.

The summary leads with what a bot author needs to fix the bot: the first
fault and its cause (a Python bot's traceback in its own file; an external
program's last lines of stderr), and a hint when the program wrote text on
standard output that is not the protocol's JSON (debug prints, which belong
on stderr).  ``--format json`` says the same to a CI job.

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
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action
from .faults import FAULT_KINDS, BotFault
from .match import Match
from .view import View
from .yamlsrc import printable

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
    #: "kind: message" of the first fault, and where: (hole, decisions made)
    first_fault: str = ""
    first_at: tuple[int, int] = (0, 0)
    #: a Python bot's crash tracebacks (the first few), from its own frames
    traces: list[str] = field(default_factory=list)
    #: an external program's last lines of stderr
    stderr_tail: list[str] = field(default_factory=list)
    #: the first line it wrote on stdout that is not JSON ("" if none)
    stdout_text: str = ""

    @property
    def fault_count(self) -> int:
        return sum(self.faults.values())

    @property
    def clean(self) -> bool:
        return not self.fault_count and not self.protocol_errors

    def to_json(self) -> dict[str, Any]:
        hole, decision = self.first_at
        return {
            "variant": self.variant,
            "players": self.players,
            "holes": self.holes,
            "decisions": self.decisions,
            "faults": dict(self.faults),
            "restarts": self.restarts,
            "protocol_errors": len(self.protocol_errors),
            "protocol": self.protocol_errors[:5],
            "mean_ms": round(self.time_total / self.decisions * 1000, 3) if self.decisions else 0.0,
            "max_ms": round(self.time_max * 1000, 3),
            "first_fault": (
                {"fault": self.first_fault, "hole": hole, "decision": decision}
                if self.first_fault
                else None
            ),
            "last_fault": self.last_fault or None,
            "tracebacks": self.traces,
            "stderr_tail": self.stderr_tail,
            "stdout_text": self.stdout_text or None,
        }


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
    from .variantload import builtin

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
        match = Match(variant, [seat0, *others], names=names, seed=seed, holes=holes)
        first = _FirstFault(match)
        match.on_fault = first
        try:
            result = match.play()
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
                first_fault=first.text,
                first_at=first.at,
                traces=list(getattr(bot, "traces", [])) if not external else [],
                stderr_tail=stderr_tail(log) if external and log is not None else [],
                stdout_text=external.stdout_text if external else "",
            )
        )
    return name, results


class _FirstFault:
    """The match's ``on_fault``: keeps the bot's (seat 0's) first fault and
    where it came, as (hole, decisions made so far)."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.text = ""
        self.at = (0, 0)

    def __call__(self, seat: int, kind: str, message: str) -> None:
        if seat == 0 and not self.text:
            self.text = f"{kind}: {message}"
            self.at = (len(self.match.holes) + 1, self.match.stats[0].decisions)


def stderr_tail(log: Path, lines: int = 12) -> list[str]:
    """The last non-empty lines of a bot's stderr log (golf's own marker
    lines left out), read from its last 8 KB."""
    try:
        with log.open("rb") as fh:
            fh.seek(max(0, fh.seek(0, os.SEEK_END) - 8192))
            text = fh.read().decode("utf-8", errors="replace")
    except OSError:
        return []
    kept = [
        ln.rstrip() for ln in text.splitlines() if ln.strip() and not ln.startswith("--- golf:")
    ]
    return [printable(ln)[:200] for ln in kept[-lines:]]


def report(name: str, results: Sequence[VariantCheck], time_limit: float) -> list[str]:
    """The table and the verdict, as lines: the first fault and its cause
    lead the problems, then a hint, each variant's faults and the protocol
    errors in short, and the verdict."""
    from .render import table

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
    lines += table(rows, headers).splitlines()
    lines.append("")
    faults = sum(r.fault_count for r in results)
    stray = sum(len(r.protocol_errors) for r in results)
    if not faults and not stray:
        total = sum(r.decisions for r in results)
        lines.append(f"ok: {total} decisions in {len(results)} variants, no faults")
        return lines
    lines += _first_fault(results)
    for r in results:
        if r.fault_count:
            kinds = ", ".join(f"{c} {k}" for k, c in r.faults.items() if c)
            lines.append(f"{r.variant}: {r.fault_count} fault(s) ({kinds}); last: {r.last_fault}")
    if stray:
        first = next(e for r in results for e in r.protocol_errors)
        lines.append(f"protocol: {stray} unexpected line(s); the first: {first}")
    lines.append(f"FAILED: {faults} fault(s), {stray} protocol error(s)")
    return lines


def _first_fault(results: Sequence[VariantCheck]) -> list[str]:
    """The first fault, where it happened, and its cause: non-JSON text on
    stdout (a hint), a Python bot's traceback, an external program's last
    lines of stderr."""
    lines = []
    first = next((r for r in results if r.first_fault), None)
    if first is not None:
        hole, decision = first.first_at
        where = f"{first.variant}, hole {hole}, decision {decision}"
        lines.append(f"first fault ({where}): {first.first_fault}")
    text = next((r.stdout_text for r in results if r.stdout_text), "")
    if text:
        lines.append(f"hint: {stdout_hint(text)}")
    crashed = next((r for r in results if r.traces), None)
    if crashed is not None:
        lines.append(
            f"its traceback ({crashed.variant}):"
            if crashed is first
            else f"first crash's traceback ({crashed.variant}):"
        )
        lines += ["  " + ln for ln in crashed.traces[0].rstrip("\n").splitlines()]
    spoke = first if first is not None and first.stderr_tail else None
    spoke = spoke or next((r for r in results if r.stderr_tail and not r.clean), None)
    if spoke is not None:
        lines.append(f"the bot's stderr ({spoke.variant}, last lines):")
        lines += ["  | " + ln for ln in spoke.stderr_tail]
    return lines


def stdout_hint(text: str) -> str:
    return (
        f"the bot wrote text that is not JSON on its standard output ({text}): golf reads "
        "every stdout line as the protocol; write debug output to stderr"
    )


def report_json(
    name: str, spec: str, results: Sequence[VariantCheck], time_limit: float, logs: Path | None
) -> dict[str, Any]:
    """What :func:`report` says, for a CI job (``--format json``)."""
    first = next((r for r in results if r.first_fault), None)
    text = next((r.stdout_text for r in results if r.stdout_text), "")
    return {
        "bot": name,
        "spec": spec,
        "ok": all(r.clean for r in results),
        "time_limit": time_limit,
        "faults": sum(r.fault_count for r in results),
        "protocol_errors": sum(len(r.protocol_errors) for r in results),
        "first_fault": None
        if first is None
        else {"variant": first.variant, **first.to_json()["first_fault"]},
        "hint": stdout_hint(text) if text else None,
        "logs": str(logs) if logs is not None else None,
        "variants": [r.to_json() for r in results],
    }


def keep_logs(log_dir: Path, clean: bool) -> bool:
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
    remove_if_empty(path)
    return False


def remove_if_empty(path: Path) -> bool:
    try:
        os.rmdir(path)
    except OSError:
        return False
    return True
