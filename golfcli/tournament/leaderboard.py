"""The leaderboards of the ratings database (``golf ratings``): every game
of a variant and player count replayed through Weng and Lin's
Plackett-Luce model (openskill's, with its defaults: :func:`rate`), in one
fixed order; the boards as plain data, which :mod:`golfcli.render.boards`
lays out in every format.

The games are replayed by run start, then run identity, then game index --
never in the order they reached the file -- so the ratings are the same
however and whenever the games were recorded.  Each board's ratings are
kept in the database after the games its tallies count (:class:`Replayed`),
so ``golf ratings`` replays only what came since: usually nothing.
"""

from __future__ import annotations

import json
import math
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..arguments import shown_path
from ..stats import place_key
from .ratingsdb import RatingsError, why


def board_hint() -> str:
    """Where to see the games a run recorded."""
    return "golf ratings shows the leaderboard"


@dataclass
class Rated:
    """One bot of a board: its spec as last given (``bot``; every spec its
    code was given as in ``specs``, newest first), options, code, the names
    it played under and the labels they gave it (``pairs@v2``), its rating
    and when its games were first and last recorded."""

    bot: str
    options: dict[str, Any]
    code: str
    names: list[str]
    mu: float
    sigma: float
    games: int
    last_seen: str
    first_seen: str = ""
    specs: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        """The label it was last given (``""``: none)."""
        return self.labels[0] if self.labels else ""

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

#: A bot on a board: :func:`identity`'s (what, options, code).
Key = tuple[str, str, str]


def leaderboards(
    conn: sqlite3.Connection,
    path: Path,
    variant: str | None = None,
    seats: int | None = None,
) -> list[Board]:
    """One board per variant (name and rules) and player count, most games
    first, from the database ``conn`` has open (``path`` names it in messages).

    Raises :class:`RatingsError` for a database that cannot be read (one
    line naming it: a row that is not what golf writes is damage, not a
    traceback)."""
    try:
        pools = conn.execute(
            "SELECT variant, rules, seats, format, count(*) FROM runs "
            "WHERE (?1 IS NULL OR variant = ?1) AND (?2 IS NULL OR seats = ?2) "
            "GROUP BY variant, rules, seats, format",
            (variant, seats),
        ).fetchall()
        boards = [_board(conn, *pool) for pool in pools]
    except sqlite3.Error as exc:
        raise RatingsError(f"{shown_path(path)}: {why(exc)}") from None
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        raise RatingsError(
            f"{shown_path(path)}: damaged: a record golf cannot read ({why(exc)})"
        ) from None
    boards = [b for b in boards if b.games]
    boards.sort(key=lambda b: (-b.games, b.variant, b.seats, b.rules))
    return boards


def identity(bot: str, options: str, code: str) -> tuple[str, str, str]:
    """What makes two recorded bots one on a board: the same code and
    options, however they were given.  A bot file is its code alone (its
    path and name were only how a config named it: a copy under another
    name is the same bot); an external program is its command line with
    the files it names left out, and their code; a built-in (whose code is
    golf's, the same for every built-in), a family's bot and a module's
    class are their spec and code.  A record without code is its spec."""
    if code and bot.endswith(".py") and not bot.startswith("cmd:") and len(bot.split()) == 1:
        return ("<bot file>", options, code)
    if code and bot.startswith("cmd:"):
        from ..bots.source import names_file

        words = bot[4:].split()
        return ("cmd:" + " ".join("<file>" if names_file(w) else w for w in words), options, code)
    return (bot, options, code)


@dataclass
class _Seen:
    """What a board gathers of one bot from the runs it played in (its
    games and ratings are :class:`Replayed`'s)."""

    bot: str
    options: dict[str, Any]
    code: str
    specs: list[str] = field(default_factory=list)  # oldest first
    names: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)

    def given(self, spec: str, name: str) -> None:
        """Given as ``spec`` under ``name`` in the next run (runs in order)."""
        from ..bots.names import split_label

        self.bot = spec
        label = split_label(name)[1]
        for known, item in ((self.specs, spec), (self.names, name), (self.labels, label)):
            if item in known:
                known.remove(item)
            if item:
                known.append(item)  # the last one given comes last


def _board(
    conn: sqlite3.Connection, variant: str, rules: str, seats: int, fmt: str, runs: int
) -> Board:
    seen, who = _players(conn, (variant, rules, seats, fmt))
    state = replayed(conn, (variant, rules, seats, fmt), who)
    rows = []
    for b, (mu, sigma) in state.ratings.items():
        s = seen[b]
        games, first, last = state.played[b]
        rows.append(
            Rated(
                s.bot,
                s.options,
                s.code,
                s.names[::-1],
                mu,
                sigma,
                games,
                last,
                first,
                s.specs[::-1],
                s.labels[::-1],
            )
        )
    rows.sort(key=lambda r: (-r.low, -r.mu, r.bot, r.code))
    return Board(variant, rules, seats, fmt, state.games, runs, rows)


def _players(
    conn: sqlite3.Connection, board: BoardKey
) -> tuple[dict[Key, _Seen], dict[tuple[int, str], Key]]:
    """Each bot of the board (by :func:`identity`) with the specs, names and
    labels it was given, runs in order; and who played under each name of
    each run."""
    keys: dict[int, Key] = {}
    specs: dict[int, str] = {}
    seen: dict[Key, _Seen] = {}
    for row_id, bot, options, code in conn.execute("SELECT id, bot, options, code FROM bots"):
        keys[row_id] = key = identity(bot, options, code)
        specs[row_id] = bot
        if key not in seen:
            seen[key] = _Seen(bot, json.loads(options), code)
    who: dict[tuple[int, str], Key] = {}
    for run, name, bot in conn.execute(
        "SELECT p.run, p.name, p.bot FROM players p JOIN runs r ON r.id = p.run "
        "WHERE r.variant = ? AND r.rules = ? AND r.seats = ? AND r.format = ? "
        "ORDER BY r.started, r.uid",
        board,
    ):
        key = who[(run, name)] = keys[bot]
        seen[key].given(specs[bot], name)
    return seen, who


# ------------------------------------------------------------------- the replay and its cache

#: A board: (variant, rules, seats, format).
BoardKey = tuple[str, str, int, str]


@dataclass
class Replayed:
    """A board's ratings after some of its games in the fixed order: each
    bot's (mu, sigma) and (games, first recorded, last recorded), the games
    counted, each run's games among them (by run id) and the last game's
    place in the order, ``(started, uid, game)``.  What the database's
    ``boards`` table keeps as JSON, so that ``golf ratings`` replays only the
    games recorded since (usually none)."""

    ratings: dict[Key, tuple[float, float]] = field(default_factory=dict)
    played: dict[Key, tuple[int, str, str]] = field(default_factory=dict)
    games: int = 0
    counts: dict[int, int] = field(default_factory=dict)
    frontier: tuple[str, str, int] | None = None

    def to_json(self) -> str:
        return json.dumps(
            {
                "games": self.games,
                "frontier": self.frontier,
                "counts": sorted(self.counts.items()),
                "bots": [[list(k), *self.ratings[k], *self.played[k]] for k in self.ratings],
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Replayed:
        d = json.loads(text)
        out = cls(games=d["games"], counts={int(r): int(n) for r, n in d["counts"]})
        f = d["frontier"]
        out.frontier = None if f is None else (str(f[0]), str(f[1]), int(f[2]))
        for k, mu, sigma, games, first, last in d["bots"]:
            key = (str(k[0]), str(k[1]), str(k[2]))
            out.ratings[key] = (float(mu), float(sigma))
            out.played[key] = (int(games), str(first), str(last))
        return out


def replayed(
    conn: sqlite3.Connection, board: BoardKey, who: dict[tuple[int, str], Key]
) -> Replayed:
    """The board's ratings over all its games, as a replay of every game in
    the fixed order gives them, from the cached state where the database
    has one that still holds: the tallies (each run's games, counted with
    every insert) say which runs have games the cache has not counted; if
    they all come after its last game in the order, only they are replayed,
    else (an older run imported since) every game is.  Read in one
    transaction, so one snapshot answers."""
    owned = not conn.in_transaction
    if owned:
        conn.execute("BEGIN")
    try:
        return _replayed(conn, board, who)
    finally:
        if owned:
            conn.execute("COMMIT")


def _replayed(
    conn: sqlite3.Connection, board: BoardKey, who: dict[tuple[int, str], Key]
) -> Replayed:
    order = {
        run: (started, uid)
        for run, started, uid in conn.execute(
            "SELECT id, started, uid FROM runs "
            "WHERE variant = ? AND rules = ? AND seats = ? AND format = ?",
            board,
        )
    }
    cached, tallies = _cached(conn, board, set(order))
    if cached is not None and tallies is not None and cached.frontier is not None:
        changed = {r: n for r, n in tallies.items() if n != cached.counts.get(r, 0)}
        frontier_run = cached.frontier[:2]
        later = [r for r in changed if order[r] > frontier_run]
        at = [r for r in changed if order[r] == frontier_run]
        if len(later) + len(at) == len(changed):  # nothing before the cache's last game
            state = Replayed(
                dict(cached.ratings),
                dict(cached.played),
                cached.games,
                dict(cached.counts),
                cached.frontier,
            )
            games = _games_of(conn, order, later, at, cached.frontier[2])
            _replay(state, games, who, order, board[3])
            if state.counts == {r: n for r, n in tallies.items() if n}:
                return state
    state = Replayed()
    _replay(state, _games_of(conn, order, sorted(order), [], -1), who, order, board[3])
    return state


def _cached(
    conn: sqlite3.Connection, board: BoardKey, runs: set[int]
) -> tuple[Replayed | None, dict[int, int] | None]:
    """The board's cached state and its runs' tallies, or None for each the
    database does not have (made before schema 2, or never cached)."""
    tallies = _tallies(conn, runs)
    if tallies is None:
        return None, None
    row = conn.execute(
        "SELECT state FROM boards WHERE variant = ? AND rules = ? AND seats = ? AND format = ?",
        board,
    ).fetchone()
    if row is None:
        return None, tallies
    try:
        return Replayed.from_json(row[0]), tallies
    except (ValueError, TypeError, KeyError, IndexError):  # a cache is never trusted when odd
        return None, tallies


def _tallies(conn: sqlite3.Connection, runs: set[int]) -> dict[int, int] | None:
    """Each of ``runs``' games as its tally counts them; None for a database
    of schema 1, which has no tallies (nor a cache)."""
    try:
        rows = conn.execute("SELECT run, games FROM tallies").fetchall()
    except sqlite3.OperationalError:  # no such table
        return None
    return {r: n for r, n in rows if r in runs}


def _games_of(
    conn: sqlite3.Connection,
    order: dict[int, tuple[str, str]],
    later: Sequence[int],
    at: Sequence[int],
    after: int,
) -> Iterator[tuple[int, int, list[Any], str]]:
    """The games of the runs ``later`` (all of them) and of ``at`` (those
    past game ``after``), in the fixed order: run start, run identity, game."""
    runs = sorted([*later, *at], key=lambda r: order[r])
    for run in runs:
        first = after + 1 if run in at else 0
        for game, result, recorded in conn.execute(
            "SELECT game, result, recorded FROM games WHERE run = ? AND game >= ? ORDER BY game",
            (run, first),
        ):
            yield run, game, json.loads(result), recorded


def _replay(
    state: Replayed,
    games: Iterable[tuple[int, int, list[Any], str]],
    who: dict[tuple[int, str], Key],
    order: dict[int, tuple[str, str]],
    fmt: str,
) -> None:
    """``games`` (in the fixed order, all after ``state``'s last) through
    the model, from ``state``'s ratings on; ``state`` then covers them."""
    ratings = dict(state.ratings)
    played: dict[Key, tuple[int, str, str]] = dict(state.played)
    last: tuple[int, int] | None = None
    match = fmt == "match"
    fresh = (MU, SIGMA)
    for run, game, result, recorded in games:
        seating, side_of, totals, holes_won, winners = result[:5]
        bots = [who[(run, n)] for n in seating]
        if len(bots) == 2 and side_of[0] + side_of[1] == 1:
            # the common game, one seat a side, without the general case's
            # lists of sides (a run's refresh replays every game of it): the
            # same numbers, as _heads_up is what rate() calls for it
            a, b = (bots[0], bots[1]) if side_of[0] == 0 else (bots[1], bots[0])
            key_a = place_key(0 in winners, totals[0], holes_won[0], match)
            key_b = place_key(1 in winners, totals[1], holes_won[1], match)
            new_a, new_b = _heads_up(
                ratings.get(a, fresh), ratings.get(b, fresh), int(key_b > key_a), int(key_a > key_b)
            )
            if a != b:
                ratings[a], ratings[b] = new_a, new_b
                rated: Iterable[Key] = (a, b)
            else:  # a bot against itself
                ratings[a] = _seats_merged((new_a, new_b))
                rated = (a,)
        else:
            sides = _sides(bots, side_of)
            _rate(ratings, sides, side_ranks(winners, totals, holes_won, fmt))
            rated = {b for side in sides for b in side}
        state.games += 1
        state.counts[run] = state.counts.get(run, 0) + 1
        last = (run, game)
        for b in rated:
            n, first, latest = played.get(b, (0, recorded, recorded))
            played[b] = (n + 1, min(first, recorded) if first else recorded, max(latest, recorded))
    state.ratings = ratings
    state.played = played
    if last is not None:
        state.frontier = (*order[last[0]], last[1])


def _sides(seat_bots: Sequence[Key], side_of: Sequence[int]) -> list[list[Key]]:
    sides: list[list[Key]] = [[] for _ in range(max(side_of) + 1)]
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


def _rate(ratings: dict[Key, Rating], sides: list[list[Key]], ranks: list[int]) -> None:
    """One game through the model.  A bot on two sides at once (a bot
    against itself) gets the mean of its seats' new ratings and the largest
    of their uncertainties: the game told nothing about it against itself."""
    new = rate([[ratings.get(b, (MU, SIGMA)) for b in side] for side in sides], ranks)
    got: dict[Key, list[Rating]] = {}
    for side, team in zip(sides, new, strict=True):
        for b, r in zip(side, team, strict=True):
            got.setdefault(b, []).append(r)
    for b, rs in got.items():
        ratings[b] = _seats_merged(rs)


def _seats_merged(rs: Sequence[Rating]) -> Rating:
    """A bot's rating after a game from its seats' new ratings: the one, or
    for a bot on several sides the mean of them and the largest uncertainty."""
    if len(rs) == 1:
        return rs[0]
    return (math.fsum(m for m, _ in rs) / len(rs), max(s for _, s in rs))


#: The model's settings: openskill's defaults for its Plackett-Luce model (a
#: newcomer's mu and sigma, the spread of a game, the floor of a variance
#: factor), with no drift between games (a bot is fixed code).
MU, SIGMA, BETA, KAPPA = 25.0, 25.0 / 3, 25.0 / 6, 1e-4

#: A rating: (mu, sigma).
Rating = tuple[float, float]


def rate(teams: Sequence[Sequence[Rating]], ranks: Sequence[int]) -> list[list[Rating]]:
    """One game of Weng and Lin's Plackett-Luce update ("A Bayesian
    Approximation Method for Online Ranking", JMLR 12, 2011, Algorithm 4),
    as openskill's ``PlackettLuce(tau=0)`` computes it with its defaults
    (the tests check the two agree to 1e-9 on random games of many sides,
    partners and ties): teams of (mu, sigma), ranks 0 first, equal ranks a
    tie.  Written here, not called there, because openskill makes objects
    (a random id each) and deep copies for every rating: the replay behind
    ``golf ratings`` was three quarters that, and a run pays it when it
    brings its board's cache up to date."""
    if len(teams) == 2 and len(teams[0]) == 1 and len(teams[1]) == 1:
        a, b = _heads_up(teams[0][0], teams[1][0], ranks[0], ranks[1])
        return [[a], [b]]
    k = len(teams)
    mus = [math.fsum(m for m, _ in t) for t in teams]
    var = [math.fsum(s * s for _, s in t) for t in teams]
    c = math.sqrt(math.fsum(v + BETA * BETA for v in var))
    e = [math.exp(m / c) for m in mus]
    tied = [sum(1 for j in range(k) if ranks[j] == ranks[q]) for q in range(k)]
    below = [math.fsum(e[s] for s in range(k) if ranks[s] >= ranks[q]) for q in range(k)]
    out: list[list[Rating]] = []
    for i in range(k):
        omega = delta = 0.0
        for q in range(k):
            if ranks[q] <= ranks[i]:
                p = e[i] / below[q]
                omega += ((1.0 if q == i else 0.0) - p) / tied[q]
                delta += p * (1.0 - p) / tied[q]
        gamma = math.sqrt(var[i]) / c
        omega *= var[i] / c
        delta *= gamma * var[i] / (c * c)
        out.append(
            [
                (
                    m + s * s / var[i] * omega,
                    s * math.sqrt(max(1.0 - s * s / var[i] * delta, KAPPA)),
                )
                for m, s in teams[i]
            ]
        )
    return out


def _heads_up(a: Rating, b: Rating, rank_a: int, rank_b: int) -> tuple[Rating, Rating]:
    """:func:`rate` for the common game, one bot a side, its sums written
    out: half the time of the general loop, the same numbers (the tests
    compare the two)."""
    (ma, sa), (mb, sb) = a, b
    va, vb = sa * sa, sb * sb
    c = math.sqrt(va + vb + 2.0 * BETA * BETA)
    ea, eb = math.exp(ma / c), math.exp(mb / c)
    pa, pb = ea / (ea + eb), eb / (ea + eb)
    if rank_a == rank_b:  # a tie shares the place: each half won, half lost
        oa, ob = 0.5 - pa, 0.5 - pb
    elif rank_a < rank_b:
        oa, ob = 1.0 - pa, -pb
    else:
        oa, ob = -pa, 1.0 - pb
    da, db = pa * (1.0 - pa), pb * (1.0 - pb)
    return (
        (ma + va / c * oa, sa * math.sqrt(max(1.0 - (sa / c) * va / (c * c) * da, KAPPA))),
        (mb + vb / c * ob, sb * math.sqrt(max(1.0 - (sb / c) * vb / (c * c) * db, KAPPA))),
    )


# --------------------------------------------------------------------------- as data

RATINGS_SCHEMA = "golf-ratings/1"


def boards_json(boards: Sequence[Board], path: Path) -> dict[str, Any]:
    """The boards as plain data: ``golf ratings --format json``, and what
    :mod:`golfcli.render.boards` lays out in the other formats."""
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
                        "label": r.label or None,
                        "labels": r.labels,
                        "specs": r.specs,
                        "rating": round(r.mu, 4),
                        "sigma": round(r.sigma, 4),
                        "ci95": round(Z95 * r.sigma, 4),
                        "games": r.games,
                        "first_seen": r.first_seen,
                        "last_seen": r.last_seen,
                    }
                    for i, r in enumerate(b.rows, start=1)
                ],
            }
            for b in boards
        ],
    }


def refresh(path: Path, board: BoardKey) -> bool:
    """Bring the board's cached ratings up to date (a writer, after a run or
    an import), so that ``golf ratings`` replays nothing: the replay is done
    from one snapshot of the database, outside any write lock, and written
    in a short transaction only if no game reached the board meanwhile (a
    writer that added one refreshes after it).  Whether it was written.

    An optimisation, never a failure: when the database cannot be written
    now, the cache stays as it was, and readers replay what it does not
    cover."""
    from .ratingsdb import connect

    try:
        conn = connect(path, create=True)
    except RatingsError:
        return False
    try:
        conn.execute("BEGIN")
        try:
            _, who = _players(conn, board)
            state = _replayed(conn, board, who)
        finally:
            conn.execute("COMMIT")
        conn.execute("BEGIN IMMEDIATE")
        try:
            now = _tallies(conn, _runs_of(conn, board)) or {}
            fresh = {r: n for r, n in now.items() if n} == state.counts
            if fresh:
                conn.execute(
                    "INSERT OR REPLACE INTO boards (variant, rules, seats, format, state) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (*board, state.to_json()),
                )
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        return fresh
    except sqlite3.Error:
        return False
    finally:
        conn.close()


def _runs_of(conn: sqlite3.Connection, board: BoardKey) -> set[int]:
    return {
        r
        for (r,) in conn.execute(
            "SELECT id FROM runs WHERE variant = ? AND rules = ? AND seats = ? AND format = ?",
            board,
        )
    }


# --------------------------------------------------------------------------- two bots compared


def compare(
    conn: sqlite3.Connection,
    path: Path,
    a: str,
    b: str,
    variant: str | None = None,
    seats: int | None = None,
) -> dict[str, Any]:
    """``golf ratings compare A B``: every game the two bots met in, across
    runs, paired by deal as a tournament pairs them: for each run's deal the
    mean over its games of A's margin, the strokes a hole A scored fewer
    than B (match play: the holes a game A won more); their mean over deals
    with its 95% t interval, LOS and p, in the tournament's own unit.

    A and B are a player's name as recorded (``pairs@v2``; ``pairs`` for
    any label) or a bot's spec; each must name one bot (one code) on the
    board.  Games recorded before the database kept their holes have a
    total, not a count of holes: if any paired game is one, the margin is in
    strokes a game (``unit`` says which).  RatingsError (one line) for a
    name that is no bot or several, or bots that never met on one board."""
    from ..verdicts import t_interval, two_sided_p

    pools = conn.execute(
        "SELECT DISTINCT variant, rules, seats, format FROM runs "
        "WHERE (?1 IS NULL OR variant = ?1) AND (?2 IS NULL OR seats = ?2)",
        (variant, seats),
    ).fetchall()
    met = []
    unclear: RatingsError | None = None  # a name of two bots on a board: said if nothing else met
    for row in pools:
        board: BoardKey = (row[0], row[1], row[2], row[3])
        seen, who = _players(conn, board)
        try:
            ka, kb = _one_bot(who, seen, a), _one_bot(who, seen, b)
        except RatingsError as exc:
            unclear = unclear or exc
            continue
        if ka is not None and kb is not None and ka != kb:
            margins, runs, games, unit = _paired(conn, board, who, ka, kb)
            if margins.n:
                met.append((board, margins, runs, games, unit))
    if not met:
        if unclear is not None:
            raise unclear
        where = " on the boards asked for" if variant or seats else ""
        raise RatingsError(f"{shown_path(path)}: {a} and {b} never met in a game{where}")
    if len(met) > 1:
        boards = "; ".join(f"{bd[0]} with {bd[2]} players" for bd, *_ in met)
        raise RatingsError(
            f"{a} and {b} met on several boards ({boards}): choose one with --variant/--players"
        )
    board, margins, runs, games, unit = met[0]
    interval = t_interval(margins)
    return {
        "a": a,
        "b": b,
        "variant": board[0],
        "seats": board[2],
        "format": board[3],
        "unit": unit,
        "better": "more" if board[3] == "match" else "fewer",
        "runs": runs,
        "deals": margins.n,
        "games": games,
        "margin": margins.mean,
        "margin_lo": None if interval is None else interval.lo,
        "margin_hi": None if interval is None else interval.hi,
        "los": margins.prob_above(0.0),
        "p_value": two_sided_p(margins),
        "separated": interval is not None and (interval.lo > 0 or interval.hi < 0),
    }


def _one_bot(who: dict[tuple[int, str], Key], seen: dict[Key, _Seen], name: str) -> Key | None:
    """The one bot ``name`` names on a board (a player's name, with or
    without its label, or a spec it was given); None if it names none;
    RatingsError if it names bots of two codes."""
    from ..bots.names import split_label

    keys = {k for (_, n), k in who.items() if name in (n, split_label(n)[0])}
    keys |= {k for k, s in seen.items() if name in s.specs and k in set(who.values())}
    if len(keys) > 1:
        from ..render.boards import spec_text

        bots = ", ".join(
            sorted(f"{spec_text(k[0], json.loads(k[1]))} (code {k[2][:8] or '?'})" for k in keys)
        )
        raise RatingsError(f"{name} names {len(keys)} bots ({bots}): give its name@label")
    return next(iter(keys), None)


def _paired(
    conn: sqlite3.Connection, board: BoardKey, who: dict[tuple[int, str], Key], ka: Key, kb: Key
) -> tuple[Any, int, int, str]:
    """The per-deal mean margins of the games A and B played on different
    sides (strokes a hole A scored fewer; match play, holes a game A won
    more), the runs they came from, the games and the margin's unit."""
    from ..inference import Running

    match = board[3] == "match"
    deals: dict[tuple[int, int], list[tuple[float, int | None]]] = {}
    for run, deal, result in conn.execute(
        "SELECT g.run, g.deal, g.result FROM games g JOIN runs r ON r.id = g.run "
        "WHERE r.variant = ? AND r.rules = ? AND r.seats = ? AND r.format = ? "
        "ORDER BY r.started, r.uid, g.deal, g.game",
        board,
    ):
        game = json.loads(result)
        seating, side_of, totals, holes_won = game[:4]
        holes = game[5] if len(game) > 5 and type(game[5]) is int and game[5] > 0 else None
        sides = {who[(run, n)]: side_of[s] for s, n in enumerate(seating)}
        if ka in sides and kb in sides and sides[ka] != sides[kb]:
            sa, sb = sides[ka], sides[kb]
            d = holes_won[sa] - holes_won[sb] if match else totals[sb] - totals[sa]
            deals.setdefault((run, deal), []).append((d, holes))
    # a hole is the unit when every game says how many it had (match play: the game)
    per_hole = not match and all(h is not None for g in deals.values() for _, h in g)
    margins = Running()
    for per_game in deals.values():
        margins.add(math.fsum(d / h if per_hole and h else d for d, h in per_game) / len(per_game))
    unit = "holes won a game" if match else "strokes a hole" if per_hole else "strokes a game"
    return margins, len({run for run, _ in deals}), sum(len(g) for g in deals.values()), unit
