"""The ratings database: every game of every run, kept in one SQLite file,
and a leaderboard of ratings computed from all of them.

A tournament's report forgets every earlier run; this file does not.  The
runner hands each game to a ``recording.Recorder`` as it counts it (in index
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

import contextlib
import fcntl
import json
import os
import sqlite3
import stat
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..arguments import SHOWN_PATH, shorten, shown_path
from ..exceptions import GolfError, InputError

DB_NAME = "ratings.db"
SCHEMA_VERSION = 2
#: The tables each schema version added (1: the games; 2: what keeps ``golf
#: ratings`` fast, :mod:`golfcli.tournament.leaderboard`'s cache).
V2_TABLES = ("tallies", "boards")
#: ``PRAGMA application_id`` of a golf ratings database ("golf" in ASCII):
#: tells our file from any other SQLite file.
APP_ID = 0x676F6C66
SQLITE_HEADER = b"SQLite format 3\x00"
#: How long a writer waits for another's transaction (they last milliseconds).
BUSY_SECONDS = 30.0
#: Counted games are committed together this often (``recording.Recorder.tick``):
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
-- schema 2: each run's games counted with every insert, in its transaction, so a
-- reader knows in one small query whether a board's cached ratings cover them all
CREATE TABLE IF NOT EXISTS tallies (
    run INTEGER PRIMARY KEY REFERENCES runs (id),
    games INTEGER NOT NULL
);
-- each board's ratings after the games its tallies count (JSON, leaderboard.py)
CREATE TABLE IF NOT EXISTS boards (
    variant TEXT NOT NULL,
    rules TEXT NOT NULL,
    seats INTEGER NOT NULL,
    format TEXT NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (variant, rules, seats, format)
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
    """Open the database at ``path``: to read it (``create=False``, ``golf
    ratings``: read-only), or to write it (``create=True``: made, with its
    directory, if it is missing or empty).

    What is at ``path`` is looked at before anything opens it: a FIFO, a
    device, a directory or a socket is refused (opening a FIFO would wait
    for ever for a writer), and so is a path the system refuses (too long,
    a parent that is a file, no permission), each in one line naming it.
    Anything that is not a golf ratings database of a schema this version
    reads is a :class:`RatingsError`, and the file is left byte for byte as
    it was: a reader never writes (SQLite's ``mode=ro``, no journal switch),
    and a writer changes a file only once it has found it golf's, or empty.

    Many processes may create one database at once: the one that makes it
    holds the creation lock (:func:`_creating`) while the others wait, and
    each then finds it made, so no game is lost to the race."""
    size = _regular_size(path)
    if size is None and not create:
        raise RatingsError(f"{shown_path(path)}: no ratings database here")
    if size:
        _check_header(path)
    if not create:
        conn = _open(path, "ro")
        with _or_close(conn, path):
            if _state(conn, path) == _NEW:
                raise RatingsError(f"{shown_path(path)}: empty: not a golf ratings database")
        return conn
    if size:
        conn = _open(path, "rw")
        with _or_close(conn, path):
            if _state(conn, path) == _OURS:
                return _upgraded(_writable(conn))
        conn.close()  # an SQLite file with nothing in it yet: made under the lock
    return _create(path)


def _upgraded(conn: sqlite3.Connection) -> sqlite3.Connection:
    """A writer's connection to a database of schema 2: one of schema 1 gets
    the tallies (each run's games counted once, here) and the boards' cache
    in one transaction, so no writer of schema 2 ever inserts a game the
    tallies miss.  Older golfs then refuse the file as newer, rather than
    add games the tallies would not count."""
    (version,) = conn.execute("PRAGMA user_version").fetchone()
    if version >= SCHEMA_VERSION:
        return conn
    conn.execute("BEGIN IMMEDIATE")
    try:
        (version,) = conn.execute("PRAGMA user_version").fetchone()  # under the write lock
        if version < SCHEMA_VERSION:
            for stmt in _SCHEMA.split(";"):
                if stmt.strip():
                    conn.execute(stmt)
            conn.execute(
                "INSERT OR REPLACE INTO tallies (run, games) "
                "SELECT run, count(*) FROM games GROUP BY run"
            )
            conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return conn


def _regular_size(path: Path) -> int | None:
    """The size of the regular file at ``path``, or None if nothing is
    there; RatingsError for anything else, found without opening it."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise RatingsError(f"{shown_path(path)}: cannot use this path: {_strerror(exc)}") from None
    if not stat.S_ISREG(st.st_mode):
        raise RatingsError(f"{shown_path(path)}: {_what_is(st.st_mode)}, not a database file")
    return st.st_size


def _what_is(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _strerror(exc: OSError) -> str:
    return exc.strerror or why(exc)


def _check_header(path: Path) -> None:
    """Refuse what SQLite need not open: a file that is not SQLite's, or
    one whose header names another program (its application id) or a newer
    golf, when no write-ahead log beside it can say otherwise.  Read without
    blocking, and only while it is still a regular file."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise RatingsError(f"{shown_path(path)}: cannot read: {_strerror(exc)}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise RatingsError(f"{shown_path(path)}: {_what_is(mode)}, not a database file")
        head = os.read(fd, 100)  # SQLite's file header
    except OSError as exc:
        raise RatingsError(f"{shown_path(path)}: cannot read: {_strerror(exc)}") from None
    finally:
        os.close(fd)
    if head and not head.startswith(SQLITE_HEADER):
        raise RatingsError(
            f"{shown_path(path)}: not an SQLite database (damaged, or another program's file)"
        )
    if len(head) == 100 and not os.path.exists(f"{path}-wal"):
        version = int.from_bytes(head[60:64], "big")
        app = int.from_bytes(head[68:72], "big")
        if app:
            _judge_ids(path, app, version)


def _open(path: Path, mode: str) -> sqlite3.Connection:
    """An SQLite connection in ``mode`` (``ro``, ``rw``, ``rwc``), in
    autocommit (every transaction here is explicit), waiting up to
    :data:`BUSY_SECONDS` for another's lock."""
    uri = f"file:{_quote(path)}?mode={mode}"
    try:
        return sqlite3.connect(uri, uri=True, timeout=BUSY_SECONDS, isolation_level=None)
    except (OSError, sqlite3.Error) as exc:
        raise RatingsError(f"{shown_path(path)}: cannot open: {why(exc)}") from None


def _quote(path: Path) -> str:
    from urllib.parse import quote

    return quote(str(path.absolute()))


def why(exc: BaseException) -> str:
    """An exception's first line (sqlite3's are one line; a bound all the same)."""
    text = str(exc).strip().splitlines()
    return shorten(text[0], SHOWN_PATH) if text else type(exc).__name__


_NEW = "new"
_OURS = "ours"


@contextlib.contextmanager
def _or_close(conn: sqlite3.Connection, path: Path) -> Iterator[None]:
    """Close ``conn`` if the block fails; an SQLite error becomes one line
    naming the file."""
    try:
        yield
    except sqlite3.Error as exc:
        conn.close()
        raise RatingsError(f"{shown_path(path)}: {why(exc)}") from None
    except BaseException:
        conn.close()
        raise


def _state(conn: sqlite3.Connection, path: Path) -> str:
    """``_OURS`` for a golf ratings database, ``_NEW`` for an SQLite file
    with nothing in it; RatingsError for anything else.

    Read in one transaction (the caller's, or one of its own), so one
    snapshot answers: read as three statements, a database that another
    process was making in between looked like another program's (its
    tables there, its application id not yet)."""
    owned = not conn.in_transaction
    if owned:
        conn.execute("BEGIN")
    try:
        app, version = conn.execute(
            "SELECT a.application_id, u.user_version "
            "FROM pragma_application_id() a, pragma_user_version() u"
        ).fetchone()
        columns: dict[str, set[str]] = {}
        for table, column in conn.execute(_TABLE_COLUMNS):
            columns.setdefault(table, set()).add(column)
        (things,) = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    finally:
        if owned:
            conn.execute("COMMIT")
    return _judge(path, app, version, things, columns)


_TABLE_COLUMNS = (
    "SELECT m.name, c.name FROM sqlite_master m, pragma_table_info(m.name) c WHERE m.type = 'table'"
)


def _judge(path: Path, app: int, version: int, tables: int, columns: dict[str, set[str]]) -> str:
    if app == 0 and version == 0 and tables == 0:
        return _NEW
    _judge_ids(path, app, version)
    for table, wanted in _columns().items():
        if version < 2 and table in V2_TABLES:
            continue  # made by golf before schema 2: upgraded by its first writer
        missing = sorted(wanted - columns.get(table, set()))
        if missing:
            lacks = f"no table {table}" if table not in columns else f"{table} lacks {missing[0]}"
            raise RatingsError(
                f"{shown_path(path)}: marked as golf's ratings, but not their tables ({lacks})"
            )
    return _OURS


def _judge_ids(path: Path, app: int, version: int) -> None:
    """RatingsError unless the application id is golf's and the schema
    version one this golf reads."""
    if app != APP_ID:
        raise RatingsError(f"{shown_path(path)}: an SQLite database, but not golf's ratings")
    if version > SCHEMA_VERSION:
        raise RatingsError(
            f"{shown_path(path)}: made by a newer golf (schema {version}; this one reads "
            f"{SCHEMA_VERSION})"
        )


@lru_cache(maxsize=1)
def _columns() -> dict[str, frozenset[str]]:
    """Each table's columns, as :data:`_SCHEMA` makes them (asked of SQLite
    in memory: the schema is written once)."""
    out: dict[str, set[str]] = {}
    with contextlib.closing(sqlite3.connect(":memory:")) as mem:
        mem.executescript(_SCHEMA)
        for table, column in mem.execute(_TABLE_COLUMNS):
            out.setdefault(table, set()).add(column)
    return {t: frozenset(c) for t, c in out.items()}


def _writable(conn: sqlite3.Connection) -> sqlite3.Connection:
    """A writer's connection to a golf ratings database: WAL mode (readers
    never wait for a writer), and the sync level the writes were measured
    with."""
    _wal(conn)
    conn.execute("PRAGMA synchronous=NORMAL")
    return conn


def _wal(conn: sqlite3.Connection) -> None:
    """Put the database in WAL mode (persistent; nothing to do when it is).
    The switch needs the whole file for a moment, and SQLite does not wait
    for that as it waits for a write: another process reading just then
    makes it fail at once with "database is locked".  So it is tried again,
    for up to :data:`BUSY_SECONDS`."""
    deadline = time.monotonic() + BUSY_SECONDS
    pause = 0.002
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.05)


def _create(path: Path) -> sqlite3.Connection:
    """The database at ``path``, made under the creation lock if it is
    still missing or empty once the lock is held; a connection to write it."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RatingsError(
            f"{shown_path(path)}: cannot make its directory: {_strerror(exc)}"
        ) from None
    with _creating(path):
        if _regular_size(path):  # what is there now, after the wait
            _check_header(path)
        conn = _open(path, "rwc")
        with _or_close(conn, path):
            if _state(conn, path) == _NEW:
                _wal(conn)
                conn.execute("BEGIN IMMEDIATE")
                try:
                    if _state(conn, path) == _NEW:  # under SQLite's write lock too
                        for stmt in _SCHEMA.split(";"):
                            if stmt.strip():
                                conn.execute(stmt)
                        conn.execute(f"PRAGMA application_id={APP_ID}")
                        conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                    conn.execute("COMMIT")
                except BaseException:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                    raise
            return _writable(conn)


@contextlib.contextmanager
def _creating(path: Path) -> Iterator[None]:
    """Hold the creation lock of the database at ``path``: an exclusive
    ``flock`` on ``.NAME.lock`` beside it (every name of one file shares
    it).  Only a process that finds the database missing or empty takes
    it, for the milliseconds making it takes; the kernel drops it when its
    process ends, however it ends.  A lock file, not the database: SQLite
    keeps its own locks on that, and a lock taken before the file exists
    must be on something that does."""
    real = Path(os.path.realpath(path))
    lock = real.with_name(f".{real.name}.lock")
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as exc:
        raise RatingsError(
            f"{shown_path(path)}: cannot lock it to make it: {_strerror(exc)}"
        ) from None
    try:
        deadline = time.monotonic() + BUSY_SECONDS
        pause = 0.002
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise RatingsError(
                        f"{shown_path(path)}: another process has been creating it for "
                        f"{BUSY_SECONDS:g} s (stopped?)"
                    ) from None
            time.sleep(pause)
            pause = min(pause * 2, 0.05)
        yield
    finally:
        os.close(fd)  # closing it releases the lock


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
    """A game's row.  Its result is the five lists the schema names and, since
    golf kept them, a sixth item: the game's regulation holes, which
    ``golf ratings compare`` divides by (strokes a hole).  Readers take
    ``[:5]`` of a result, so games recorded before and after read alike."""
    return (
        run,
        rec["game"],
        rec["deal"],
        _RESULT(
            [rec[k] for k in ("seating", "side_of", "totals", "holes_won", "winners")]
            + ([rec["regulation_holes"]] if "regulation_holes" in rec else [])
        ),
        recorded,
    )


def _insert(conn: sqlite3.Connection, rows: Sequence[tuple[Any, ...]]) -> int:
    """Insert games not yet recorded, in one transaction; how many were new.
    Each run's tally grows by its new games in the same transaction: the
    tallies are what a reader checks a board's cached ratings against."""
    by_run: dict[int, list[tuple[Any, ...]]] = {}
    for row in rows:
        by_run.setdefault(row[0], []).append(row)
    conn.execute("BEGIN IMMEDIATE")
    try:
        added = 0
        for run, its in by_run.items():
            before = conn.total_changes
            conn.executemany(
                "INSERT OR IGNORE INTO games (run, game, deal, result, recorded) "
                "VALUES (?, ?, ?, ?, ?)",
                its,
            )
            new = conn.total_changes - before
            conn.execute(
                "INSERT INTO tallies (run, games) VALUES (?, ?) "
                "ON CONFLICT (run) DO UPDATE SET games = games + excluded.games",
                (run, new),
            )
            added += new
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return added
