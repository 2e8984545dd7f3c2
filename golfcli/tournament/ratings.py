"""The ratings database: every game of every run, kept in one SQLite file,
and a leaderboard of ratings computed from all of them.

A tournament's report forgets every earlier run; this file does not.  The
runner hands each game to a :class:`Recorder` as it counts it (in index
order), and ``golf ratings import DIR`` adds a finished run directory.  The
standard library's ``sqlite3`` keeps it: one file, WAL mode (readers never
wait for a writer, writers wait for each other), a transaction per batch of
games, so two runs writing at once both land and a process killed mid-write
leaves every committed game in place.

What is stored is what a rating needs, no more: per run its identity (a
digest of the config's hash and its bots' code, so the same run recorded
live, resumed and imported is one run), the variant and seats, the start
time that orders the games; per player the bot it is (spec, options and a
fingerprint of its code, :func:`~golfcli.tournament.worker.bot_identity`);
per game its seating, sides, totals, holes won and winners.

The leaderboards are computed from it in ``leaderboard.py`` (openskill, the
``ratings`` extra: recording needs nothing beyond the standard library).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..exceptions import GolfError, InputError
from .plan import ConfigError
from .rundir import check_shape, read_games, read_run_file

DB_NAME = "ratings.db"
SCHEMA_VERSION = 1
#: ``PRAGMA application_id`` of a golf ratings database ("golf" in ASCII):
#: tells our file from any other SQLite file.
APP_ID = 0x676F6C66
SQLITE_HEADER = b"SQLite format 3\x00"
#: How long a writer waits for another's transaction (they last milliseconds).
BUSY_SECONDS = 30.0
#: Counted games are committed together this often (:meth:`Recorder.tick`):
#: a commit per game would cost a third of a fast game's time.  A run killed
#: with SIGKILL loses what it had not committed from the database, not from
#: ``DIR/games.jsonl``.
FLUSH_SECONDS = 0.2

_SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    uid TEXT NOT NULL UNIQUE,        -- digest of the config hash and the bots' code
    started TEXT NOT NULL,           -- UTC, ISO 8601: orders the runs
    name TEXT NOT NULL,
    variant TEXT NOT NULL,
    rules TEXT NOT NULL,             -- digest of the variant's rules and the format
    seats INTEGER NOT NULL,          -- players at each game
    format TEXT NOT NULL,            -- stroke or match
    config_hash TEXT NOT NULL,
    source TEXT NOT NULL,            -- the config file, or the run directory imported
    golfcli TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS bots (
    id INTEGER PRIMARY KEY,
    bot TEXT NOT NULL,               -- the spec without options, or the command line
    options TEXT NOT NULL,           -- canonical JSON
    code TEXT NOT NULL,              -- fingerprint of the code that plays ('' unknown)
    UNIQUE (bot, options, code)
);
CREATE TABLE IF NOT EXISTS players (
    run INTEGER NOT NULL REFERENCES runs (id),
    name TEXT NOT NULL,
    bot INTEGER NOT NULL REFERENCES bots (id),
    PRIMARY KEY (run, name)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS games (
    run INTEGER NOT NULL REFERENCES runs (id),
    game INTEGER NOT NULL,
    deal INTEGER NOT NULL,
    -- JSON [seating, side_of, totals, holes_won, winners] as in games.jsonl:
    -- player name per seat, side per seat, per side, per side, the sides that won
    result TEXT NOT NULL,
    recorded TEXT NOT NULL,          -- UTC, ISO 8601
    PRIMARY KEY (run, game)
) WITHOUT ROWID;
"""


class RatingsError(GolfError):
    """The ratings database cannot be used (damaged, foreign, locked, newer):
    one line naming the file."""


def default_path() -> Path:
    """``$XDG_DATA_HOME/golf/ratings.db``, else ``~/.local/share/golf/ratings.db``."""
    base = os.environ.get("XDG_DATA_HOME") or ""
    root = Path(base) if os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "golf" / DB_NAME


def utc_now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _utc(text: Any) -> str | None:
    """run.json's local start time (``%Y-%m-%dT%H:%M:%S%z``) in UTC, or None."""
    try:
        when = datetime.strptime(str(text), "%Y-%m-%dT%H:%M:%S%z")
    except ValueError:
        return None
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# --------------------------------------------------------------------------- the file


def connect(path: Path, *, create: bool) -> sqlite3.Connection:
    """Open the database at ``path``; with ``create``, make it (and its
    directory) if it is missing.  Anything that is not a golf ratings
    database of a schema this version reads is a :class:`RatingsError`; the
    file itself is never changed then."""
    if not create and not path.is_file():
        raise RatingsError(f"{path}: no ratings database here")
    try:
        with path.open("rb") as fh:
            head = fh.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        head = b""
    except OSError as exc:
        raise RatingsError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if head and head != SQLITE_HEADER:
        raise RatingsError(f"{path}: not an SQLite database (damaged, or another program's file)")
    try:
        if create:
            path.parent.mkdir(parents=True, exist_ok=True)
        uri = f"file:{_quote(path)}?mode={'rwc' if create else 'rw'}"
        conn = sqlite3.connect(uri, uri=True, timeout=BUSY_SECONDS, isolation_level=None)
    except (OSError, sqlite3.Error) as exc:
        raise RatingsError(f"{path}: cannot open: {why(exc)}") from None
    try:
        _check_or_create(conn, path, create)
    except sqlite3.Error as exc:
        conn.close()
        raise RatingsError(f"{path}: {why(exc)}") from None
    except RatingsError:
        conn.close()
        raise
    return conn


def _quote(path: Path) -> str:
    from urllib.parse import quote

    return quote(str(path.absolute()))


def why(exc: BaseException) -> str:
    """An exception's first line (sqlite3's are one line; a bound all the same)."""
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _check_or_create(conn: sqlite3.Connection, path: Path, create: bool) -> None:
    """Ours (application id and schema version), or new and empty and then
    made ours, in one write transaction so that two processes creating the
    file at once make it once."""
    if _is_ours(conn, path):
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        return
    if not create:
        raise RatingsError(f"{path}: empty: not a golf ratings database")
    conn.execute("PRAGMA journal_mode=WAL")  # persistent; needs no transaction open
    conn.execute("BEGIN IMMEDIATE")
    try:
        if not _is_ours(conn, path):  # nobody made it in the meantime
            for stmt in _SCHEMA.split(";"):
                if stmt.strip():
                    conn.execute(stmt)
            conn.execute(f"PRAGMA application_id={APP_ID}")
            conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("PRAGMA synchronous=NORMAL")


def _is_ours(conn: sqlite3.Connection, path: Path) -> bool:
    """True for a golf ratings database, False for a new empty file;
    RatingsError for anything else."""
    app = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    if app == 0 and version == 0 and tables == 0:
        return False
    if app != APP_ID:
        raise RatingsError(f"{path}: an SQLite database, but not golf's ratings")
    if version > SCHEMA_VERSION:
        raise RatingsError(
            f"{path}: made by a newer golf (schema {version}; this one reads {SCHEMA_VERSION})"
        )
    return True


# --------------------------------------------------------------------------- runs


@dataclass(frozen=True)
class RunInfo:
    """One run as the database knows it (from run.json, or the same facts
    of a run without ``--out``)."""

    uid: str
    started: str
    name: str
    variant: str
    rules: str
    seats: int
    format: str
    config_hash: str
    source: str
    golfcli: str
    players: Mapping[str, Mapping[str, Any]]  # name -> {"bot", "options", "code"}
    entrants: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def from_meta(cls, meta: Mapping[str, Any], source: str) -> RunInfo:
        """From run.json's contents (:func:`~golfcli.tournament.rundir.run_meta`).

        A run.json written before golf kept ``bots`` names a built-in by
        the golf version that played it and anything else by the bot files
        its config hashed (``plan.files``).  An InputError (a ValueError) if a
        part a rating needs is missing or of the wrong type."""
        import hashlib

        plan = meta["plan"]
        players = plan["players"]
        if not isinstance(players, list) or not players:
            raise InputError("plan.players is not a list of players")
        version = str(meta.get("golfcli", "?"))
        bots: Mapping[str, Any] = _mapping(meta.get("bots"))
        files: Mapping[str, Any] = _mapping(plan.get("files"))
        who: dict[str, dict[str, Any]] = {}
        for p in players:
            name = str(p["name"])
            known = bots.get(name)
            if isinstance(known, dict) and {"bot", "options", "code"} <= known.keys():
                who[name] = {k: known[k] for k in ("bot", "options", "code")}
            else:
                who[name] = _old_identity(p, files, version)
        variant = plan["variant"]
        if not isinstance(variant, dict):
            raise InputError("plan.variant is not a mapping")
        rules_text = json.dumps([variant, plan["format"]], sort_keys=True)
        code_text = json.dumps(who, sort_keys=True)
        uid = hashlib.sha256(f"{meta['config_hash']}\0{code_text}".encode()).hexdigest()
        started = _utc(meta.get("started")) or utc_now()
        return cls(
            uid=uid,
            started=started,
            name=str(meta.get("name") or Path(str(meta.get("config", "?"))).stem),
            variant=str(variant.get("name", "?")),
            rules=hashlib.sha256(rules_text.encode()).hexdigest()[:16],
            seats=int(plan["seats"]),
            format=str(plan["format"]),
            config_hash=str(meta["config_hash"]),
            source=source,
            golfcli=version,
            players=who,
            entrants=frozenset(str(e["name"]) for e in plan.get("entrants", [])),
        )


def _mapping(x: Any) -> Mapping[str, Any]:
    return x if isinstance(x, dict) else {}


def _old_identity(p: Mapping[str, Any], files: Mapping[str, Any], version: str) -> dict[str, Any]:
    import hashlib
    import shlex

    from ..bots.registry import BUILTIN_BOTS, split_options

    bot, command = p.get("bot"), p.get("command")
    options = dict(p.get("options") or {})
    if isinstance(bot, str) and not bot.startswith("cmd:"):
        base, opts = split_options(bot.strip())
        options = {**opts, **options}
    else:
        base = bot if isinstance(bot, str) else shlex.join(str(w) for w in command or ())
    if base in BUILTIN_BOTS:
        return {"bot": base, "options": options, "code": f"golfcli {version}"}
    mine = {w: h for w, h in files.items() if w in base}
    text = "".join(f"{w}\0{h}\0" for w, h in sorted(mine.items()))
    code = hashlib.sha256(text.encode()).hexdigest()[:16] if mine else ""
    return {"bot": base, "options": options, "code": code}


def _register(conn: sqlite3.Connection, info: RunInfo) -> int:
    """The run's row id, its run, bot and player rows made if missing (one
    transaction: a run is there whole or not at all)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(
            "INSERT OR IGNORE INTO runs (uid, started, name, variant, rules, seats, format, "
            "config_hash, source, golfcli) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                info.uid,
                info.started,
                info.name,
                info.variant,
                info.rules,
                info.seats,
                info.format,
                info.config_hash,
                info.source,
                info.golfcli,
            ),
        )
        (run,) = conn.execute("SELECT id FROM runs WHERE uid = ?", (info.uid,)).fetchone()
        for name, who in info.players.items():
            key = (str(who["bot"]), json.dumps(who["options"], sort_keys=True), str(who["code"]))
            conn.execute("INSERT OR IGNORE INTO bots (bot, options, code) VALUES (?, ?, ?)", key)
            (bot,) = conn.execute(
                "SELECT id FROM bots WHERE bot = ? AND options = ? AND code = ?", key
            ).fetchone()
            conn.execute(
                "INSERT OR IGNORE INTO players (run, name, bot) VALUES (?, ?, ?)", (run, name, bot)
            )
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return int(run)


#: A game's result column: one compact encoding per game (five ``json.dumps``
#: calls cost a fast game a fifth of its time).
_RESULT = json.JSONEncoder(separators=(",", ":")).encode


def _row(run: int, rec: Mapping[str, Any], recorded: str) -> tuple[Any, ...]:
    return (
        run,
        rec["game"],
        rec["deal"],
        _RESULT([rec[k] for k in ("seating", "side_of", "totals", "holes_won", "winners")]),
        recorded,
    )


def _insert(conn: sqlite3.Connection, rows: Sequence[tuple[Any, ...]]) -> int:
    """Insert games not yet recorded, in one transaction; how many were new."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        before = conn.total_changes
        conn.executemany(
            "INSERT OR IGNORE INTO games (run, game, deal, result, recorded) "
            "VALUES (?, ?, ?, ?, ?)",
            rows,
        )
        added = conn.total_changes - before
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return added


class Recorder:
    """Records one run's games as the runner counts them.

    Games are committed together every :data:`FLUSH_SECONDS` (:meth:`tick`)
    and at :meth:`close`.  A failure never stops the run: the recorder keeps the
    first problem in :attr:`problem` (one line) and records no more; the
    run's games are still in its directory, for ``golf ratings import``."""

    def __init__(self, path: Path, info: RunInfo) -> None:
        self.path = path
        self.conn: sqlite3.Connection | None = connect(path, create=True)
        try:
            self.run = _register(self.conn, info)
        except sqlite3.Error as exc:
            self.conn.close()
            raise RatingsError(f"{path}: {why(exc)}") from None
        self.pending: list[tuple[Any, ...]] = []
        self.added = 0
        self.problem: str | None = None
        self._flushed = time.monotonic()

    def add(self, rec: Mapping[str, Any]) -> None:
        if self.conn is None:
            return
        self.pending.append(_row(self.run, rec, ""))
        self.tick()

    def tick(self) -> None:
        """Commit what is pending if the last commit is :data:`FLUSH_SECONDS`
        old: the runner calls it as games are counted and while it waits for
        them, so a game waits at most about that long to be committed (on one
        worker, which plays the games itself, also the length of the game
        being played)."""
        if self.pending and time.monotonic() - self._flushed >= FLUSH_SECONDS:
            self.flush()

    def flush(self) -> None:
        self._flushed = time.monotonic()
        if self.conn is None or not self.pending:
            return
        now = utc_now()
        rows = [(*r[:-1], now) for r in self.pending]
        try:
            self.added += _insert(self.conn, rows)
        except sqlite3.Error as exc:
            self.problem = f"{self.path}: {why(exc)}"
            self.conn.close()
            self.conn = None
        self.pending.clear()

    def close(self) -> None:
        self.flush()
        if self.conn is not None:
            self.conn.close()
            self.conn = None


# --------------------------------------------------------------------------- import


@dataclass
class Imported:
    added: int
    known: int  # games already in the database
    skipped: int  # lines that are not a readable game of this run


def import_run(path: Path, out: Path) -> Imported:
    """Add the games of the run directory ``out`` (idempotent).

    A run stopped by its SPRT kept games it did not count (finished by other
    workers after the stop); they are left out here too, as the run left
    them out of its report."""
    try:
        meta = read_run_file(out)
        info = RunInfo.from_meta(meta, str(out))
    except ConfigError as exc:
        raise RatingsError(str(exc)) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise RatingsError(f"{out / 'run.json'}: not a run golf can rate: {why(exc)}") from None
    counted = _counted(out)
    games = out / "games.jsonl"
    try:
        recorded = datetime.fromtimestamp(games.stat().st_mtime, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        rows, skipped = _game_rows(games, info, counted, recorded)
    except OSError as exc:
        raise RatingsError(f"{games}: cannot read: {exc.strerror or exc}") from None
    conn = connect(path, create=True)
    try:
        run = _register(conn, info)
        rows = [(run, *r[1:]) for r in rows]
        added = 0
        for start in range(0, len(rows), 5000):
            added += _insert(conn, rows[start : start + 5000])
    except sqlite3.Error as exc:
        raise RatingsError(f"{path}: {why(exc)}") from None
    finally:
        conn.close()
    return Imported(added, len(rows) - added, skipped)


def _counted(out: Path) -> int | None:
    """How many games (by index) a run stopped by its SPRT counted, or None
    to take every game."""
    try:
        res = json.loads((out / "results.json").read_bytes()[:10_000_000])
        run = res["run"]
        if run.get("stop_reason") == "sprt" and isinstance(run.get("games_played"), int):
            return int(run["games_played"])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return None


def _game_rows(
    games: Path, info: RunInfo, counted: int | None, recorded: str
) -> tuple[list[tuple[Any, ...]], int]:
    rows: list[tuple[Any, ...]] = []
    skipped = 0
    for _, line in read_games(games):
        try:
            rec = json.loads(line)
            if not isinstance(rec, dict) or not isinstance(rec.get("game"), int):
                raise InputError("not a game record")
            check_shape(rec, rec["game"], set(info.entrants) or set(rec["sides"]))
            if rec["game"] < 0 or not set(rec["seating"]) <= info.players.keys():
                raise InputError("a player this run does not have")
        except (ValueError, TypeError, KeyError):
            skipped += 1
            continue
        if counted is None or rec["game"] < counted:
            rows.append(_row(0, rec, recorded))
    return rows, skipped
