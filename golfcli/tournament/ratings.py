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

The leaderboard (:func:`leaderboards`) replays the games in a fixed order
(run start, then run identity, then game index) through openskill's
Plackett-Luce model, so the ratings are the same whatever order the games
reached the file in.  openskill is the ``ratings`` extra: recording needs
nothing beyond the standard library.
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..stats import place_key
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
INSTALL_HINT = "golf ratings needs openskill: pip install 'golfcli[ratings]'"

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


class RatingsError(Exception):
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
        raise RatingsError(f"{path}: cannot open: {_why(exc)}") from None
    try:
        _check_or_create(conn, path, create)
    except sqlite3.Error as exc:
        conn.close()
        raise RatingsError(f"{path}: {_why(exc)}") from None
    except RatingsError:
        conn.close()
        raise
    return conn


def _quote(path: Path) -> str:
    from urllib.parse import quote

    return quote(str(path.absolute()))


def _why(exc: BaseException) -> str:
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
        its config hashed (``plan.files``).  ValueError if a part a rating
        needs is missing or of the wrong type."""
        import hashlib

        plan = meta["plan"]
        players = plan["players"]
        if not isinstance(players, list) or not players:
            raise ValueError("plan.players is not a list of players")
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
            raise ValueError("plan.variant is not a mapping")
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
            raise RatingsError(f"{path}: {_why(exc)}") from None
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
            self.problem = f"{self.path}: {_why(exc)}"
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
        raise RatingsError(f"{out / 'run.json'}: not a run golf can rate: {_why(exc)}") from None
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
        raise RatingsError(f"{path}: {_why(exc)}") from None
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
                raise ValueError("not a game record")
            check_shape(rec, rec["game"], set(info.entrants) or set(rec["sides"]))
            if rec["game"] < 0 or not set(rec["seating"]) <= info.players.keys():
                raise ValueError("a player this run does not have")
        except (ValueError, TypeError, KeyError):
            skipped += 1
            continue
        if counted is None or rec["game"] < counted:
            rows.append(_row(0, rec, recorded))
    return rows, skipped


# --------------------------------------------------------------------------- the leaderboard


@dataclass
class Rated:
    bot: str
    options: dict[str, Any]
    code: str
    names: list[str]
    mu: float
    sigma: float
    games: int
    last_seen: str

    @property
    def low(self) -> float:
        """The low end of the 95% range: what the board is sorted by."""
        return self.mu - Z95 * self.sigma


@dataclass
class Board:
    variant: str
    rules: str
    seats: int
    format: str
    games: int
    runs: int
    rows: list[Rated]


Z95 = 1.96


def open_to_read(path: Path) -> sqlite3.Connection:
    return connect(path, create=False)


def leaderboards(
    conn: sqlite3.Connection, variant: str | None = None, seats: int | None = None
) -> list[Board]:
    """One board per variant (name and rules) and player count, most games first.

    Raises :class:`RatingsError` with :data:`INSTALL_HINT` when openskill is
    missing, and for a database that cannot be read."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise RatingsError(INSTALL_HINT) from None
    # tau=0: a bot is fixed code (a changed bot is a new bot), so its skill
    # does not drift between games and its uncertainty need not grow again.
    model = PlackettLuce(tau=0.0)
    try:
        pools = conn.execute(
            "SELECT variant, rules, seats, format, count(*) FROM runs "
            "WHERE (?1 IS NULL OR variant = ?1) AND (?2 IS NULL OR seats = ?2) "
            "GROUP BY variant, rules, seats, format",
            (variant, seats),
        ).fetchall()
        boards = [_board(conn, model, *pool) for pool in pools]
    except sqlite3.Error as exc:
        raise RatingsError(_why(exc)) from None
    boards = [b for b in boards if b.games]
    boards.sort(key=lambda b: (-b.games, b.variant, b.seats, b.rules))
    return boards


def _board(
    conn: sqlite3.Connection, model: Any, variant: str, rules: str, seats: int, fmt: str, runs: int
) -> Board:
    bots = {
        r[0]: (r[1], json.loads(r[2]), r[3])
        for r in conn.execute("SELECT id, bot, options, code FROM bots")
    }
    who: dict[tuple[int, str], int] = {}
    names: dict[int, list[str]] = {}
    for run, name, bot in conn.execute(
        "SELECT p.run, p.name, p.bot FROM players p JOIN runs r ON r.id = p.run "
        "WHERE r.variant = ? AND r.rules = ? AND r.seats = ? AND r.format = ? "
        "ORDER BY r.started, r.uid",
        (variant, rules, seats, fmt),
    ):
        who[(run, name)] = bot
        known = names.setdefault(bot, [])
        if name in known:
            known.remove(name)
        known.append(name)  # the last name it was given comes last
    ratings: dict[int, Any] = {}
    played: dict[int, int] = {}
    seen: dict[int, str] = {}
    total = 0
    for run, (seating, side_of, totals, holes_won, winners), recorded in _games_in_order(
        conn, variant, rules, seats, fmt
    ):
        sides = _sides([who[(run, n)] for n in seating], side_of)
        ranks = side_ranks(winners, totals, holes_won, fmt)
        _rate(model, ratings, sides, ranks)
        total += 1
        for b in {b for side in sides for b in side}:
            played[b] = played.get(b, 0) + 1
            seen[b] = max(seen.get(b, ""), recorded)
    rows = [
        Rated(
            *bots[b],
            list(reversed(names.get(b, []))),
            ratings[b].mu,
            ratings[b].sigma,
            played[b],
            seen[b],
        )
        for b in ratings
    ]
    rows.sort(key=lambda r: (-r.low, -r.mu, r.bot, r.code))
    return Board(variant, rules, seats, fmt, total, runs, rows)


def _games_in_order(
    conn: sqlite3.Connection, variant: str, rules: str, seats: int, fmt: str
) -> Iterator[tuple[int, list[Any], str]]:
    """The pool's games in the order ratings are computed: run start, run
    identity, game index (never the order they were recorded in)."""
    for run, result, recorded in conn.execute(
        "SELECT g.run, g.result, g.recorded FROM games g JOIN runs r ON r.id = g.run "
        "WHERE r.variant = ? AND r.rules = ? AND r.seats = ? AND r.format = ? "
        "ORDER BY r.started, r.uid, g.game",
        (variant, rules, seats, fmt),
    ):
        yield run, json.loads(result), recorded


def _sides(seat_bots: Sequence[int], side_of: Sequence[int]) -> list[list[int]]:
    sides: list[list[int]] = [[] for _ in range(max(side_of) + 1)]
    for bot, side in zip(seat_bots, side_of, strict=True):
        sides[side].append(bot)
    return sides


def side_ranks(
    winners: Iterable[int], totals: Sequence[float], holes_won: Sequence[float], fmt: str
) -> list[int]:
    """Each side's place in one game (0 first, equal places for a tie), as
    the tournament's pairwise results place them (:func:`~golfcli.stats.place_key`)."""
    won = set(winners)
    key = [place_key(s in won, totals[s], holes_won[s], fmt == "match") for s in range(len(totals))]
    return [sum(1 for other in key if other > mine) for mine in key]


def _rate(model: Any, ratings: dict[int, Any], sides: list[list[int]], ranks: list[int]) -> None:
    """One game through the model.  A bot on two sides at once (a bot
    against itself) gets the mean of its seats' new ratings and the largest
    of their uncertainties: the game told nothing about it against itself."""
    teams = [[ratings.get(b) or model.rating() for b in side] for side in sides]
    new = model.rate(teams, ranks=[float(r) for r in ranks])
    got: dict[int, list[Any]] = {}
    for side, team in zip(sides, new, strict=True):
        for b, r in zip(side, team, strict=True):
            got.setdefault(b, []).append(r)
    for b, rs in got.items():
        if len(rs) == 1:
            ratings[b] = rs[0]
        else:
            mu = math.fsum(r.mu for r in rs) / len(rs)
            ratings[b] = model.rating(mu=mu, sigma=max(r.sigma for r in rs))


# --------------------------------------------------------------------------- output

FORMATS = ("table", "markdown", "csv", "json")
RATINGS_SCHEMA = "golf-ratings/1"
NOTES = (
    "rating: skill on openskill's scale (a newcomer starts at 25); ± covers the true skill "
    "19 times in 20",
    "ranked by rating − ±: how good we are sure a bot is (few games: a wide ±, a low place)",
    "a bot is its spec, options and code: a changed bot file is a new bot",
)


def spec_text(bot: str, options: Mapping[str, Any]) -> str:
    """``greedy?threshold=6``: a bot as a spec a config could give."""
    if not options:
        return bot
    opts = "&".join(
        f"{k}={json.dumps(v) if not isinstance(v, str) else v}" for k, v in options.items()
    )
    return f"{bot}?{opts}"


def _local(utc: str) -> str:
    try:
        when = datetime.strptime(utc, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    except ValueError:
        return utc
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


def board_title(b: Board, boards: Sequence[Board]) -> str:
    """``six-card, 2 players``; the rules' digest too when two boards share a name."""
    twin = sum(1 for o in boards if (o.variant, o.seats) == (b.variant, b.seats)) > 1
    rules = f" (rules {b.rules[:8]})" if twin else ""
    return (
        f"{b.variant}{rules}, {b.seats} players, {b.format} play: "
        f"{b.games:,} games in {b.runs:,} run{'s' if b.runs != 1 else ''}"
    )


def boards_json(boards: Sequence[Board], path: Path) -> dict[str, Any]:
    return {
        "schema": RATINGS_SCHEMA,
        "database": str(path),
        "boards": [
            {
                "variant": b.variant,
                "rules": b.rules,
                "seats": b.seats,
                "format": b.format,
                "games": b.games,
                "runs": b.runs,
                "ratings": [
                    {
                        "rank": i,
                        "bot": r.bot,
                        "options": r.options,
                        "code": r.code,
                        "names": r.names,
                        "rating": round(r.mu, 4),
                        "sigma": round(r.sigma, 4),
                        "ci95": round(Z95 * r.sigma, 4),
                        "games": r.games,
                        "last_seen": r.last_seen,
                    }
                    for i, r in enumerate(b.rows, start=1)
                ],
            }
            for b in boards
        ],
    }


def render(boards: Sequence[Board], path: Path, fmt: str) -> str:
    """The leaderboards as a table, Markdown, CSV (one table, a row per bot
    per board) or JSON."""
    from ..stats import text_table

    if fmt == "json":
        return json.dumps(boards_json(boards, path), indent=2, ensure_ascii=False)
    headers = ["rank", "bot", "as", "code", "rating", "±", "games", "last seen"]
    if fmt == "csv":
        import csv
        import io

        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(
            [
                "variant",
                "rules",
                "seats",
                "format",
                "rank",
                "bot",
                "options",
                "code",
                "names",
                "rating",
                "ci95",
                "games",
                "last_seen",
            ]
        )
        for b in boards:
            for i, r in enumerate(b.rows, start=1):
                w.writerow(
                    [
                        b.variant,
                        b.rules,
                        b.seats,
                        b.format,
                        i,
                        r.bot,
                        json.dumps(r.options, sort_keys=True),
                        r.code,
                        " ".join(r.names),
                        f"{r.mu:.4f}",
                        f"{Z95 * r.sigma:.4f}",
                        r.games,
                        r.last_seen,
                    ]
                )
        return buf.getvalue().rstrip("\n")
    parts: list[str] = []
    for b in boards:
        rows = [
            [
                i,
                spec_text(r.bot, r.options),
                ", ".join(r.names),
                r.code[:8] or "-",
                f"{r.mu:.1f}",
                f"{Z95 * r.sigma:.1f}",
                f"{r.games:,}",
                _local(r.last_seen),
            ]
            for i, r in enumerate(b.rows, start=1)
        ]
        title = board_title(b, boards)
        parts += [f"## {title}" if fmt == "markdown" else title, ""]
        parts += [text_table(headers, rows, fmt), ""]
    parts += [f"* {n}" if fmt == "markdown" else n for n in NOTES]
    parts.append(f"{'* ' if fmt == 'markdown' else ''}database: {path}")
    return "\n".join(parts)
