"""The leaderboards of the ratings database (``golf ratings``): every game
of a variant and player count replayed through openskill's Plackett-Luce
model, in one fixed order; the boards as plain data, which
:mod:`golfcli.render.boards` lays out in every format.

The games are replayed by run start, then run identity, then game index --
never in the order they reached the file -- so the ratings are the same
however and whenever the games were recorded.  openskill is the ``report``
extra; without it :func:`leaderboards` raises RatingsError with the one
line that says how to install it.
"""

from __future__ import annotations

import importlib.util
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

#: how to add openskill: the ``report`` extra
INSTALL = "pip install 'golfcli[report]'"
INSTALL_HINT = f"golf ratings needs openskill: {INSTALL}"


def board_hint() -> str:
    """Where to see the games a run recorded: ``golf ratings``, whose
    ratings need openskill (the report extra).  The games are recorded
    without it, so a base install is told what to add rather than sent to a
    command that ends in an error."""
    if importlib.util.find_spec("openskill") is None:
        return f"golf ratings shows the leaderboard with {INSTALL}"
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

    Raises :class:`RatingsError` with :data:`INSTALL_HINT` when openskill is
    missing, and for a database that cannot be read (one line naming it: a
    row that is not what golf writes is damage, not a traceback)."""
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
    """What a board gathers of one bot while it replays the games."""

    bot: str
    options: dict[str, Any]
    code: str
    specs: list[str] = field(default_factory=list)  # oldest first
    names: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    games: int = 0
    first: str = ""
    last: str = ""

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

    def game(self, recorded: str) -> None:
        self.games += 1
        self.last = max(self.last, recorded)
        self.first = min(self.first, recorded) if self.first else recorded


def _board(
    conn: sqlite3.Connection, model: Any, variant: str, rules: str, seats: int, fmt: str, runs: int
) -> Board:
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
        (variant, rules, seats, fmt),
    ):
        key = who[(run, name)] = keys[bot]
        seen[key].given(specs[bot], name)
    ratings: dict[Key, Any] = {}
    total = 0
    for run, (seating, side_of, totals, holes_won, winners), recorded in _games_in_order(
        conn, variant, rules, seats, fmt
    ):
        sides = _sides([who[(run, n)] for n in seating], side_of)
        ranks = side_ranks(winners, totals, holes_won, fmt)
        _rate(model, ratings, sides, ranks)
        total += 1
        for b in {b for side in sides for b in side}:
            seen[b].game(recorded)
    rows = []
    for b, rating in ratings.items():
        s = seen[b]
        rows.append(
            Rated(
                s.bot,
                s.options,
                s.code,
                s.names[::-1],
                rating.mu,
                rating.sigma,
                s.games,
                s.last,
                s.first,
                s.specs[::-1],
                s.labels[::-1],
            )
        )
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


def _rate(model: Any, ratings: dict[Key, Any], sides: list[list[Key]], ranks: list[int]) -> None:
    """One game through the model.  A bot on two sides at once (a bot
    against itself) gets the mean of its seats' new ratings and the largest
    of their uncertainties: the game told nothing about it against itself."""
    # a rating object of its own for every seat: openskill returns one object for
    # inputs that are one object, moved by every seat it holds (a bot on two sides
    # would then take both sides' updates at once from its second game on)
    teams = [[_copy(model, ratings.get(b)) for b in side] for side in sides]
    new = model.rate(teams, ranks=[float(r) for r in ranks])
    got: dict[Key, list[Any]] = {}
    for side, team in zip(sides, new, strict=True):
        for b, r in zip(side, team, strict=True):
            got.setdefault(b, []).append(r)
    for b, rs in got.items():
        if len(rs) == 1:
            ratings[b] = rs[0]
        else:
            mu = math.fsum(r.mu for r in rs) / len(rs)
            ratings[b] = model.rating(mu=mu, sigma=max(r.sigma for r in rs))


def _copy(model: Any, rating: Any) -> Any:
    """A new rating object equal to ``rating`` (the model's first one for ``None``)."""
    if rating is None:
        return model.rating()
    return model.rating(mu=rating.mu, sigma=rating.sigma)


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
