"""The run directory (``--out DIR``): ``run.json``, ``games.jsonl`` and
resuming.

Every finished game is appended to ``DIR/games.jsonl`` as one JSON line the
moment it finishes, and ``DIR/run.json`` holds the config's canonical form
and hash; ``--resume`` replays only the games that are missing, after
dropping a torn last line.

``DIR/key`` holds the run's key (readable by its owner only): the key
deals every game, so ``--resume`` needs it to deal the games still to play,
and with it anyone can replay the run exactly.  run.json holds only a
commitment to it (its SHA-256).  The key is published in results.json
once the run is over, not before: a bot that read it could know every card.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..atomic import replacing, write_atomic
from ..exceptions import InputError
from ..keys import is_key
from .plan import ConfigError, Plan, RunError
from .worker import RECORD_VERSION, bot_identity

if TYPE_CHECKING:
    from ..record import Replayed

RUN_SCHEMA = "golf-tournament-run/1"
#: The report as files to share, beside results.json (written after it).
REPORT_FILES = (("report.md", "markdown"), ("report.html", "html"))
#: run.json is a few kilobytes; a bigger one is not ours (read with a bound)
RUN_FILE_MAX = 10_000_000
#: The longest games.jsonl line read: a game of the most holes (1,000 and
#: 100 playoff holes) and seats (99, names of 100 characters) is under 1 MB.
LINE_MAX = 1 << 22
#: results.json grows with the entrants (pairs, traces), not the games: a bound all the same
REPORT_FILE_MAX = 100_000_000
KEY_FILE = "key"


# --------------------------------------------------------------------------- the run directory


def check_record(plan: Plan, rec: Any) -> int:
    """The index of a games.jsonl record that fits ``plan``.  A record golf did
    not write (or damaged) is an :class:`~golfcli.exceptions.InputError` (its
    game is played again); a game of another key or seating, a :class:`RunError`
    (the directory holds another config's run, which must not be resumed)."""
    if (
        not isinstance(rec, dict)
        or rec.get("v") != RECORD_VERSION
        or not isinstance(rec.get("game"), int)
    ):
        raise InputError("not a game record of this version")
    i: int = rec["game"]
    if i < 0:
        raise InputError("negative game index")
    if i < plan.total:
        slot = plan.slot(i)
        # "key": the game's match key ("seed" in runs from before it was named so)
        if rec.get("key", rec.get("seed")) != slot.seed or rec.get("seating") != [
            plan.players[p].name for p in slot.seating
        ]:
            raise RunError(
                f"game {i} was played with another key or seating than this config gives"
            )
    for key in (
        "sides",
        "totals",
        "holes_won",
        "winners",
        "faults",
        "disqualified",
        "side_of",
        "regulation_holes",
    ):
        if key not in rec:
            raise InputError(f"game {i} lacks {key!r}")
    check_shape(rec, i, {e.name for e in plan.entrants})
    return i


def _is_num(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def check_shape(rec: dict[str, Any], i: int, names: set[str]) -> None:
    """Every field the report reads has the type and length it needs: a
    record edited by hand or damaged on disk is refused here (and its game
    played again) instead of ending the report in a traceback."""

    def need(ok: bool, key: str) -> None:
        if not ok:
            raise InputError(f"game {i}: {key!r} has the wrong shape")

    sides, seats = rec["sides"], rec["side_of"]
    need(isinstance(sides, list) and bool(sides) and all(s in names for s in sides), "sides")
    k = len(sides)
    need(isinstance(seats, list) and all(type(s) is int and 0 <= s < k for s in seats), "side_of")
    n = len(seats)
    need(isinstance(rec.get("deal"), int), "deal")
    need(type(rec["regulation_holes"]) is int, "regulation_holes")
    for key in ("totals", "holes_won"):
        need(isinstance(rec[key], list) and len(rec[key]) == k and all(map(_is_num, rec[key])), key)
    holes = rec.get("holes")  # the per-hole scores the report's distributions read
    need(
        holes is None
        or (
            isinstance(holes, list)
            and len(holes) >= rec["regulation_holes"]
            and all(isinstance(h, list) and len(h) == k and all(map(_is_num, h)) for h in holes)
        ),
        "holes",
    )
    need(
        isinstance(rec["winners"], list)
        and all(type(w) is int and 0 <= w < k for w in rec["winners"]),
        "winners",
    )
    seating = rec.get("seating")
    need(
        isinstance(seating, list)
        and len(seating) == n
        and all(isinstance(x, str) for x in seating),
        "seating",
    )
    faults = rec["faults"]
    need(
        isinstance(faults, list)
        and len(faults) == n
        and all(
            isinstance(f, dict)
            and all(isinstance(c, int) and not isinstance(c, bool) for c in f.values())
            for f in faults
        ),
        "faults",
    )
    dq = rec["disqualified"]
    need(isinstance(dq, list) and len(dq) == n, "disqualified")
    for key in ("decisions", "time_total", "time_max"):
        v = rec.get(key)
        need(isinstance(v, list) and len(v) == n and all(map(_is_num, v)), key)
    moves = rec.get("moves")  # each hole's compact moves (golf replay DIR --game N)
    need(
        moves is None
        or (
            isinstance(moves, list)
            and len(moves) == len(holes or ())
            and all(isinstance(m, str) for m in moves)
        ),
        "moves",
    )
    restarts = rec.get("restarts")
    need(
        restarts is None or (isinstance(restarts, list) and all(type(r) is int for r in restarts)),
        "restarts",
    )


class Disk:
    """What a run directory already holds: which games are done.

    A fresh run allocates nothing; a resumed one a bitmap of one bit per
    planned game (100,000 games: 12.5 kB; the most a config may plan,
    100 million, 12.5 MB)."""

    def __init__(self, total: int) -> None:
        self.total = total
        self._done: bytearray | None = None
        self.count = 0
        self.beyond = 0  # records for games past this run's planned total (more deals earlier)
        self.dropped = 0  # torn or unreadable lines removed

    def done(self, i: int) -> bool:
        return self._done is not None and bool(self._done[i >> 3] >> (i & 7) & 1)

    def mark(self, i: int) -> bool:
        """Mark game ``i`` done; False if it already was (a duplicate line)."""
        if self._done is None:
            self._done = bytearray((self.total + 7) >> 3)
        bit = 1 << (i & 7)
        if self._done[i >> 3] & bit:
            return False
        self._done[i >> 3] |= bit
        self.count += 1
        return True

    def count_from(self, start: int) -> int:
        if self._done is None or start >= self.total:
            return 0
        head = sum(1 for i in range(start, min(self.total, (start + 7) & ~7)) if self.done(i))
        rest = int.from_bytes(self._done[(start + 7) >> 3 :], "little").bit_count()
        return head + rest


def read_games(path: Path) -> Iterator[tuple[int, str]]:
    """(line number, line) of games.jsonl, each line read with a bound.

    A line longer than :data:`LINE_MAX` is no game of ours (a damaged file,
    a block of zeros after a crash): it is skipped in bounded pieces and
    given as ``""``, which every reader takes for an unreadable line.  A
    file that is not a regular file (a device such as ``/dev/full`` never
    ends) is refused in one line."""
    with path.open("rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            raise RunError(f"{path}: not a regular file (a run keeps its games in a plain file)")
        lineno = 0
        while raw := fh.readline(LINE_MAX + 1):
            lineno += 1
            if len(raw) > LINE_MAX:
                del raw
                while (piece := fh.readline(1 << 16)) and not piece.endswith(b"\n"):
                    pass
                yield lineno, ""
                continue
            yield lineno, raw.decode("utf-8", errors="replace")


def _valid_lines(plan: Plan, path: Path) -> Iterator[tuple[int, int | None, str]]:
    """(line number, game index or None if the line is torn or unreadable, line)."""
    for lineno, line in read_games(path):
        if not line.endswith("\n"):
            yield lineno, None, line
            continue
        try:
            i = check_record(plan, json.loads(line))
        except RunError as exc:
            raise RunError(f"{path}:{lineno}: {exc}") from None
        except ValueError:  # not JSON, or not a game of this run: played again
            yield lineno, None, line
            continue
        yield lineno, i, line


def scan_games(plan: Plan, path: Path) -> Disk:
    """Index games.jsonl (streaming); if it has torn, unreadable or duplicate
    lines, rewrite it without them (atomically)."""
    disk = Disk(plan.total)
    if not path.exists():
        return disk
    beyond: set[int] = set()
    clean = True
    for _, i, _ in _valid_lines(plan, path):
        if i is None:
            disk.dropped += 1
            clean = False
        elif i < plan.total:
            clean = disk.mark(i) and clean
        elif i in beyond:
            clean = False
        else:
            beyond.add(i)
    disk.beyond = len(beyond)
    if not clean:
        seen = Disk(plan.total)
        beyond.clear()
        with replacing(path) as fh:
            for _, i, line in _valid_lines(plan, path):
                if i is None:
                    continue
                if i >= plan.total:
                    if i in beyond:
                        continue
                    beyond.add(i)
                elif not seen.mark(i):
                    continue
                fh.write(line.encode("utf-8"))
    return disk


def bot_logs(out: Path) -> list[Path]:
    """The bots' logs of a run that hold something (``DIR/logs/NAME.log``:
    an external program's stderr, a Python bot's crash tracebacks)."""
    try:
        return sorted(p for p in (out / "logs").glob("*.log") if p.is_file() and p.stat().st_size)
    except OSError:
        return []


def read_key(out: Path) -> str | None:
    """The key a run directory holds, or None if it has none."""
    try:
        with (out / KEY_FILE).open("rb") as fh:
            text = fh.read(200).decode("ascii").strip()  # a key is 64 hex digits: read a bound
    except (OSError, UnicodeDecodeError):
        return None
    return text if is_key(text) else None


def write_key(out: Path, key: str) -> None:
    """Write ``DIR/key`` readable and writable by its owner only."""
    path = out / KEY_FILE
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(key + "\n")
        fh.flush()
        os.fsync(fh.fileno())


def prepare_out(plan: Plan, out: Path, resume: bool) -> Plan:
    """Create or check ``out``; on resume adopt the recorded key if none was given."""
    run_file = out / "run.json"
    games_file = out / "games.jsonl"
    if resume:
        if not run_file.exists():
            raise ConfigError(
                str(out), "--resume", "no run.json here: nothing to resume (start without --resume)"
            )
        stored = read_run_file(out)
        stored_plan, stored_hash = stored["plan"], stored["config_hash"]
        if "key_commitment" not in stored_plan:
            raise ConfigError(
                str(run_file),
                "--resume",
                "this run was started by an older golf that dealt from the seed alone; "
                "this version deals from a key and cannot continue it",
            )
        if not plan.seed_given:
            key = read_key(out)
            if key is None:
                raise ConfigError(
                    str(out / KEY_FILE),
                    "--resume",
                    "the run's key is missing or damaged: the games still to play "
                    "cannot be dealt without it",
                )
            seed = stored_plan.get("seed")
            plan = replace(
                plan, key=key, seed=seed if isinstance(seed, int) else None, seed_given=True
            )
        if plan.config_hash != stored_hash:
            now = plan.canonical()
            diff = sorted(
                k for k in set(now) | set(stored_plan) if now.get(k) != stored_plan.get(k)
            )
            raise ConfigError(
                str(run_file),
                "--resume",
                "this run was started with a different config "
                f"(differs in: {', '.join(diff) or '?'}; "
                f"hash {stored_hash[:12]}, now {plan.config_hash[:12]})",
            )
        return plan
    if games_file.exists() and games_file.stat().st_size > 0:
        raise ConfigError(
            str(out),
            "--out",
            "already holds a run: add --resume to continue it, or choose another --out",
        )
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(
            str(out), "--out", f"cannot create the directory: {exc.strerror or exc}"
        ) from None
    write_key(out, plan.key)
    write_atomic(run_file, json.dumps(run_meta(plan), indent=2) + "\n")
    games_file.touch()
    return plan


def run_meta(plan: Plan) -> dict[str, Any]:
    """What run.json holds: the plan's canonical form and hash, versions, the
    start time and each player's identity for the ratings database
    (``bots``: outside the hash, so a resume after golf was upgraded is not
    refused).  A run without ``--out`` has the same facts in memory."""
    return {
        "schema": RUN_SCHEMA,
        "name": plan.name,
        "config": plan.config,
        "config_hash": plan.config_hash,
        "seed": plan.seed,
        "key_commitment": plan.key_commitment,
        "golfcli": __version__,
        "python": sys.version.split()[0],
        "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "plan": plan.canonical(),
        "bots": {p.name: bot_identity(p, plan.base_dir) for p in plan.players},
    }


def read_run_file(out: Path) -> dict[str, Any]:
    """``DIR/run.json`` as golf wrote it (its ``plan`` a mapping, its
    ``config_hash`` text), or ConfigError naming the file."""
    run_file = out / "run.json"
    if not run_file.is_file():
        raise ConfigError(str(out), "", "no run.json here: not a tournament's --out directory")
    try:
        stored = json.loads(run_file.read_bytes()[:RUN_FILE_MAX].decode("utf-8"))
        if not isinstance(stored, dict):
            raise TypeError("not a mapping")
        if not isinstance(stored["plan"], dict) or not isinstance(stored["config_hash"], str):
            raise TypeError("plan must be a mapping and config_hash text")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ConfigError(str(run_file), "", f"unreadable run file: {exc}") from None
    return stored


def write_reports(out: Path, report: dict[str, Any]) -> None:
    """``report.md`` and ``report.html`` from the report, each written
    atomically (a reader never sees half a page).  Called after results.json
    is safely on disk: whatever happens here, no game or result is lost."""
    from ..render.report_formats import render_report

    for name, fmt in REPORT_FILES:
        write_atomic(out / name, render_report(report, fmt).rstrip("\n") + "\n")


def read_report(out: Path) -> dict[str, Any]:
    """The report a run directory holds (``results.json``), for ``golf report``;
    ConfigError naming the file when there is none or it is not one."""
    path = out / "results.json"
    if not out.is_dir():
        raise ConfigError(str(out), "", "no such run directory")
    if not path.is_file():
        raise ConfigError(
            str(path),
            "",
            "missing: the run has not written its results (a run killed mid-way writes "
            "them when continued with golf tournament CONFIG --out DIR --resume)",
        )
    try:
        data = json.loads(path.read_bytes()[:REPORT_FILE_MAX].decode("utf-8"))
    except (OSError, ValueError) as exc:
        raise ConfigError(str(path), "", f"unreadable: {exc}") from None
    schema = data.get("schema") if isinstance(data, dict) else None
    if not isinstance(schema, str) or not schema.startswith("golf-tournament-report/"):
        raise ConfigError(str(path), "", "not a golf tournament report (no report schema)")
    report: dict[str, Any] = data
    return report


def replay_game(out: Path, index: int) -> Replayed:
    """Game ``index`` of the run in ``out``, rebuilt from its compact moves in
    games.jsonl (kept unless the config said ``record_moves: false``): the
    run's variant and the game's key deal every hole again and the moves are
    played through the rules (:func:`golfcli.record.from_moves`).  InputError
    in one line when the run has no such game, kept no moves, or the moves do
    not replay."""
    from ..record import from_moves
    from ..variantload import load_variant

    stored = read_run_file(out)
    plan = stored["plan"]
    path = out / "games.jsonl"
    found: dict[str, Any] | None = None
    at = 0
    wanted = re.compile(rf'"game":\s*{index}\b')  # a cheap look before parsing a line
    if path.is_file():
        for lineno, line in read_games(path):
            if not wanted.search(line):
                continue
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if isinstance(rec, dict) and rec.get("game") == index:
                found, at = rec, lineno
                break
    if found is None:
        raise InputError(
            f"{out}: no game {index} in games.jsonl (not played yet, or not in this run)"
        )
    where = f"{path}:{at}"
    moves = found.get("moves")
    if moves is None:
        raise InputError(
            f"{where}: game {index} was kept without its moves (record_moves: false); "
            "nothing to replay"
        )
    try:
        variant = load_variant(plan["variant"])
        regulation = int(found["regulation_holes"])
        rebuilt = from_moves(
            variant,
            list(found["seating"]),
            str(found["key"]),
            str(plan.get("format", "stroke")),
            list(moves),
            [list(h) for h in found["holes"]],
            regulation,
            winners=list(found["winners"]),
            sides=list(found["sides"]),
            penalty=int(plan.get("forfeit_penalty") or 0),
        )
    except InputError as exc:
        raise InputError(f"{where}: game {index}: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"{where}: game {index} is not a record golf wrote: {exc}") from None
    rebuilt.source = f"game {index} of {out}"
    return rebuilt
