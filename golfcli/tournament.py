"""Bot tournaments: configs, duplicate deals, a process pool, resumable runs.

A tournament config (docs/tournament.md) names a variant, the players
(built-in bots, Python files, modules or external programs), optional
partner teams, a schedule and a number of *deals*.  The run plays

    games = deals x tables x seatings

matches, where a *table* is one group of entrants that sit down together
(round robin: every group of ``seats``; gauntlet: the challenger with every
group of the others) and, with ``duplicate: true``, the *seatings* are the
rotations of the table's entrants through the seats, so every entrant plays
every seat's cards of every deal.

Game ``i`` is fully determined by the config and ``i``: its deal, table,
rotation and seed (``f"{seed}:deal:{d}"`` in duplicate mode, else
``f"{seed}:game:{i}"``) follow from the index alone, and the match derives
every hole's shuffle from its seed.  Games run in any order on any number of
worker processes; results are aggregated strictly in index order, so the
report is identical for any worker count and for a run that was stopped and
resumed.

With ``--out DIR`` every finished game is appended to ``DIR/games.jsonl``
as one JSON line the moment it finishes (by the worker that played it, in a
single ``write`` on an ``O_APPEND`` descriptor), and ``DIR/run.json`` holds
the config's canonical form and hash; ``--resume`` replays only the games
that are missing, after dropping a torn last line.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import shlex
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NoReturn

from . import __version__
from .executors import (
    EXECUTORS,
    IN_FLIGHT_PER_SLOT,
    Batcher,
    ExecutorError,
    ExecutorSpec,
    first_line,
    open_pool,
)
from .gameplay import (
    RECORD_VERSION,
    BatchResult,
    GameError,
    Player,
    append_line,
    bot_file_hashes,
    events_file,
    open_games,
)
from .stats import FORMATS, SprtSpec, Tally, outcome_from_record, plural, render
from .variant import BUILTIN_NAMES, Variant, load_variant
from .yamlsrc import Checker, KeyPath, Located, SourceError, dotted, kind_of, load_file

CONFIG_KEYS = (
    "name",
    "description",
    "variant",
    "holes",
    "format",
    "players",
    "teams",
    "seats",
    "schedule",
    "challenger",
    "games",
    "duplicate",
    "seed",
    "workers",
    "time_limit",
    "time_bank",
    "fault_policy",
    "forfeit_penalty",
    "sprt",
    "record_events",
    "executor",
    "address",
    "batch_size",
    "max_in_flight",
)
PLAYER_KEYS = ("name", "bot", "command", "options", "time_limit", "time_bank")
SPRT_KEYS = ("elo0", "elo1", "margin", "alpha", "beta", "min_deals")
SCHEDULES = ("round-robin", "gauntlet")
FAULT_POLICIES = ("random", "forfeit", "disqualify")
DEFAULT_GAMES = 10
REPORT_SCHEMA = "golf-tournament-report/1"
BACKLOG = 20_000  # finished games (~0.5 kB each) held while an earlier one is still out
RUN_SCHEMA = "golf-tournament-run/1"


class ConfigError(SourceError):
    """A tournament config or option is invalid: ``file:line: key: problem``."""


class RunError(Exception):
    """The run cannot go on (a game failed, a worker died); finished games are kept."""


# --------------------------------------------------------------------------- the plan


@dataclass(frozen=True)
class PlayerSpec:
    name: str
    bot: str | None  # a make_bot spec string, or None for an external command
    command: tuple[str, ...] | None
    options: Mapping[str, Any]
    time_limit: float | None
    time_bank: float | None

    @property
    def label(self) -> str:
        return self.bot if self.bot is not None else shlex.join(self.command or ())

    def is_external(self) -> bool:
        return self.command is not None or (self.bot or "").startswith("cmd:")


@dataclass(frozen=True)
class Entrant:
    """Who is ranked: a player, or a team of partners sharing a layout."""

    name: str
    members: tuple[int, ...]  # player indices


@dataclass(frozen=True)
class Slot:
    """Everything that identifies game ``index`` (derived from the index alone)."""

    index: int
    deal: int
    table: int
    rotation: int
    seed: str
    seating: tuple[int, ...]  # player index per seat
    sides: tuple[int, ...]  # entrant index per side (seat s plays side s % len(sides))


@dataclass(frozen=True)
class Plan:
    """A validated tournament: what to play, in which order, with which seeds."""

    name: str
    config: str
    base_dir: Path
    description: str
    variant: Variant
    holes: int | None
    scoring: str
    players: tuple[PlayerSpec, ...]
    entrants: tuple[Entrant, ...]
    team_size: int  # members per entrant (1 without teams)
    per_table: int  # entrants (sides) per game
    tables: tuple[tuple[int, ...], ...]
    schedule: str
    challenger: str | None
    games: int  # deals
    duplicate: bool
    seed: int
    seed_given: bool
    workers: int
    time_limit: float | None
    time_bank: float | None
    fault_policy: str
    forfeit_penalty: int
    sprt: SprtSpec | None
    record_events: bool
    file_hashes: tuple[tuple[str, str], ...] = ()
    executor: ExecutorSpec = field(default_factory=ExecutorSpec)

    @property
    def seats(self) -> int:
        return self.per_table * self.team_size

    @property
    def seatings(self) -> int:
        """Rotations through the seats: entrants round the table, members within a team."""
        return self.per_table * self.team_size

    @property
    def rotations(self) -> int:
        """Games per deal per table: every seating in duplicate mode, else one."""
        return self.seatings if self.duplicate else 1

    @property
    def per_deal(self) -> int:
        return len(self.tables) * self.rotations

    @property
    def total(self) -> int:
        return self.games * self.per_deal

    def slot(self, index: int) -> Slot:
        if not 0 <= index < self.total:
            raise IndexError(f"game {index} is not in this tournament (0..{self.total - 1})")
        deal, rem = divmod(index, self.per_deal)
        table, r = divmod(rem, self.rotations)
        if self.duplicate:
            rotation, seed = r, f"{self.seed}:deal:{deal}"
        else:
            rotation, seed = deal % self.seatings, f"{self.seed}:game:{index}"
        k, m = self.per_table, self.team_size
        shift, member_shift = divmod(rotation, m)
        entrants = self.tables[table]
        sides = tuple(entrants[(p + shift) % k] for p in range(k))
        seating = [0] * (k * m)
        for p, e in enumerate(sides):
            members = self.entrants[e].members
            for j in range(m):
                seating[p + j * k] = members[(j + member_shift) % m]
        return Slot(index, deal, table, rotation, seed, tuple(seating), sides)

    def canonical(self) -> dict[str, Any]:
        """Everything that decides the results (not games, workers, output)."""
        out: dict[str, Any] = _plain(
            {
                "variant": self.variant.to_data(),
                "holes": self.holes,
                "format": self.scoring,
                "players": [
                    {
                        "name": p.name,
                        "bot": p.bot,
                        "command": list(p.command) if p.command else None,
                        "options": dict(p.options),
                        "time_limit": p.time_limit,
                        "time_bank": p.time_bank,
                    }
                    for p in self.players
                ],
                "entrants": [
                    {"name": e.name, "members": [self.players[i].name for i in e.members]}
                    for e in self.entrants
                ],
                "seats": self.seats,
                "tables": [list(t) for t in self.tables],
                "schedule": self.schedule,
                "duplicate": self.duplicate,
                "seed": self.seed,
                "time_limit": self.time_limit,
                "time_bank": self.time_bank,
                "fault_policy": self.fault_policy,
                "forfeit_penalty": self.forfeit_penalty,
                "sprt": self.sprt.to_json() if self.sprt else None,
                "files": dict(self.file_hashes),
            }
        )
        return out

    @property
    def config_hash(self) -> str:
        text = json.dumps(self.canonical(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def holes_label(self) -> str:
        g = self.variant.game
        if self.holes is not None:
            return f"{self.holes} hole{'s' if self.holes != 1 else ''}"
        if g.holes is not None:
            return f"{g.holes} holes"
        cap = f", at most {g.max_holes} holes" if g.max_holes else ""
        return f"to {g.target}{cap}"


def _plain(obj: Any) -> Any:
    """JSON-ready copy: mapping keys as text (YAML allows int keys)."""
    if isinstance(obj, Mapping):
        return {str(k): _plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_plain(v) for v in obj]
    return obj


# --------------------------------------------------------------------------- config loading


def _checker(doc: Located) -> Checker:
    return Checker(doc, ConfigError)


def cpu_count() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def parse_workers(value: Any, where: str, path: KeyPath | str) -> int:
    if value == "auto":
        return cpu_count()
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigError(
            where, path, f"must be a number of processes (1 or more) or auto, not {value!r}"
        )
    return value


def load_config(
    path: str | Path,
    *,
    games: int | None = None,
    holes: int | None = None,
    seed: int | None = None,
    workers: str | int | None = None,
    executor: str | None = None,
    address: str | None = None,
    batch_size: int | None = None,
    max_in_flight: int | None = None,
) -> Plan:
    """Read and validate a tournament config; keyword arguments override it
    (the command-line options).  Any problem is one :class:`ConfigError`."""
    doc = load_file(path)
    ck = _checker(doc)
    if not isinstance(doc.data, dict):
        raise ck.fail(
            (), "a tournament config must be a YAML mapping of keys (see docs/tournament.md)"
        )
    top = ck.mapping((), CONFIG_KEYS, "the tournament config")
    base_dir = Path(path).parent
    cfg_path = str(path)

    name = ck.text(("name",)) if "name" in top else Path(path).stem
    description = top.get("description") or ""
    if not isinstance(description, str):
        raise ck.fail(("description",), "must be text")

    # ---- variant
    if "variant" not in top:
        raise ck.fail(
            (),
            "no variant: give a built-in name ("
            + ", ".join(BUILTIN_NAMES)
            + "), a variant file, or a mapping with extends:",
        )
    variant = _load_variant(ck, doc, base_dir, cfg_path)

    # ---- game length and scoring
    n_holes: int | None = None
    if holes is not None:
        if holes < 1:
            raise ConfigError("--holes", "", f"must be at least 1, not {holes}")
        n_holes = holes
    elif top.get("holes") is not None:
        n_holes = ck.int_(("holes",), 1, 1000)
    scoring = (
        ck.choice(("format",), ("stroke", "match"))
        if top.get("format") is not None
        else variant.game.scoring
    )

    # ---- players
    players = _players(ck, top, base_dir)
    by_name = {p.name: i for i, p in enumerate(players)}

    # ---- teams
    team_size = 1
    entrants: list[Entrant]
    if top.get("teams") is not None:
        team_size = variant.partners.group_size
        entrants = _teams(ck, top["teams"], by_name, team_size, variant)
    else:
        entrants = [Entrant(p.name, (i,)) for i, p in enumerate(players)]

    # ---- seats and tables
    n_ent = len(entrants)
    if top.get("seats") is not None:
        seats = ck.int_(("seats",), 2, 16)
        if seats % team_size:
            raise ck.fail(
                ("seats",),
                f"teams of {team_size} need a multiple of {team_size} seats, not {seats}",
            )
        per_table = seats // team_size
        if per_table > n_ent:
            raise ck.fail(
                ("seats",),
                f"{seats} seats need {per_table} {'teams' if team_size > 1 else 'players'}, "
                f"but only {n_ent} are listed",
            )
        seats_path: KeyPath = ("seats",)
    else:
        per_table = n_ent
        seats = n_ent * team_size
        seats_path = ("teams",) if team_size > 1 else ("players",)
        if seats not in variant.players:
            raise ck.fail(
                seats_path,
                f"variant {variant.name!r} is for {_counts(variant.players)} players, not "
                f"{seats}: set seats: to play smaller tables in a round robin",
            )
    if seats < 2 or per_table < 2:
        raise ck.fail(seats_path, "a game needs at least two sides")
    if seats not in variant.players:
        raise ck.fail(
            seats_path,
            f"variant {variant.name!r} is for {_counts(variant.players)} players, not {seats}",
        )
    groups = variant.groups_for(seats)
    if team_size == 1 and groups != seats:
        raise ck.fail(
            seats_path,
            f"variant {variant.name!r} plays {seats} players as partners "
            f"({seats // groups} to a layout): add teams: to say who partners whom",
        )
    if team_size > 1 and groups != per_table:
        raise ck.fail(
            seats_path,
            f"variant {variant.name!r} does not play {seats} players as partners "
            f"(partner counts: {_counts(variant.partners.player_counts) or 'none'})",
        )

    schedule = (
        ck.choice(("schedule",), SCHEDULES) if top.get("schedule") is not None else "round-robin"
    )
    challenger: str | None = None
    names = [e.name for e in entrants]
    if top.get("challenger") is not None:
        if schedule != "gauntlet":
            raise ck.fail(
                ("challenger",), "only a gauntlet has a challenger (add schedule: gauntlet)"
            )
        challenger = ck.text(("challenger",))
        if challenger not in names:
            raise ck.fail(
                ("challenger",),
                f"no {'team' if team_size > 1 else 'player'} named {challenger!r} "
                f"(have: {', '.join(names)})",
            )
    if schedule == "gauntlet":
        challenger = challenger or names[0]
        c = names.index(challenger)
        others = [i for i in range(n_ent) if i != c]
        tables = tuple((c, *rest) for rest in itertools.combinations(others, per_table - 1))
    else:
        tables = tuple(itertools.combinations(range(n_ent), per_table))

    # ---- run length, seed, workers
    if games is not None:
        if games < 1:
            raise ConfigError("--games", "", f"must be at least 1, not {games}")
        n_games = games
    elif top.get("games") is not None:
        n_games = ck.int_(("games",), 1, 10**9)
    else:
        n_games = DEFAULT_GAMES
    duplicate = ck.bool_(("duplicate",)) if top.get("duplicate") is not None else True
    seed_given = True
    if seed is not None:
        if seed < 0:
            raise ConfigError("--seed", "", f"must be 0 or more, not {seed}")
        n_seed = seed
    elif top.get("seed") is not None:
        n_seed = ck.int_(("seed",), 0)
    else:
        n_seed = int.from_bytes(os.urandom(4), "big") & 0x7FFFFFFF
        seed_given = False
    if workers is not None:
        n_workers = parse_workers(workers, "--workers", "")
    elif top.get("workers") is not None:
        n_workers = parse_workers(top["workers"], doc.where(("workers",)), "workers")
    else:
        n_workers = cpu_count()

    # ---- bots under pressure
    time_limit = (
        ck.num(("time_limit",), 0, 3600, open_lo=True)
        if top.get("time_limit") is not None
        else None
    )
    time_bank = ck.num(("time_bank",), 0, 86400) if top.get("time_bank") is not None else None
    policy = (
        ck.choice(("fault_policy",), FAULT_POLICIES)
        if top.get("fault_policy") is not None
        else "random"
    )
    penalty = (
        ck.int_(("forfeit_penalty",), 0, 10_000) if top.get("forfeit_penalty") is not None else 20
    )
    record = ck.bool_(("record_events",)) if top.get("record_events") is not None else False

    sprt = _sprt(ck, top, n_ent) if top.get("sprt") is not None else None
    run_on = _executor(ck, top, executor, address, batch_size, max_in_flight)

    return Plan(
        name=name,
        config=cfg_path,
        base_dir=base_dir,
        description=description.strip(),
        variant=variant,
        holes=n_holes,
        scoring=scoring,
        players=tuple(players),
        entrants=tuple(entrants),
        team_size=team_size,
        per_table=per_table,
        tables=tables,
        schedule=schedule,
        challenger=challenger,
        games=n_games,
        duplicate=duplicate,
        seed=n_seed,
        seed_given=seed_given,
        workers=n_workers,
        time_limit=time_limit,
        time_bank=time_bank,
        fault_policy=policy,
        forfeit_penalty=penalty,
        sprt=sprt,
        record_events=record,
        file_hashes=bot_file_hashes(players, base_dir),
        executor=run_on,
    )


def _executor(
    ck: Checker,
    top: dict[str, Any],
    kind: str | None,
    address: str | None,
    batch_size: int | None,
    max_in_flight: int | None,
) -> ExecutorSpec:
    """The executor keys, command-line options first.  Results never depend
    on them, so they are not in the config hash: a run started on a local
    pool may be resumed on a cluster."""
    cli_kind = kind
    if kind is not None:
        if kind not in EXECUTORS:
            raise ConfigError(
                "--executor", "", f"must be one of {', '.join(EXECUTORS)}, not {kind!r}"
            )
    elif top.get("executor") is not None:
        kind = ck.choice(("executor",), EXECUTORS)
    else:
        kind = "local"
    if address is not None:
        if kind != "dask":
            raise ConfigError("--address", "", "a scheduler address is for --executor dask")
    elif top.get("address") is not None:
        if kind == "dask":
            address = ck.text(("address",))
        elif cli_kind is None:
            raise ck.fail(("address",), "a scheduler address is for executor: dask")
        # else --executor local on the command line sets the config's address aside
    for opt, value in (("--batch-size", batch_size), ("--max-in-flight", max_in_flight)):
        if value is not None and value < 1:
            raise ConfigError(opt, "", f"must be at least 1, not {value}")
    if batch_size is None and top.get("batch_size") is not None:
        batch_size = ck.int_(("batch_size",), 1, 1_000_000)
    if max_in_flight is None and top.get("max_in_flight") is not None:
        max_in_flight = ck.int_(("max_in_flight",), 1, 100_000)
    return ExecutorSpec(kind, address, batch_size, max_in_flight)


def _counts(values: Sequence[int]) -> str:
    return ", ".join(str(v) for v in values)


def _load_variant(ck: Checker, doc: Located, base_dir: Path, cfg_path: str) -> Variant:
    raw = doc.data["variant"]
    try:
        if isinstance(raw, str):
            text = raw.strip()
            p = Path(text) if Path(text).is_absolute() else base_dir / text
            if text not in BUILTIN_NAMES and not p.exists():
                raise ck.fail(
                    ("variant",),
                    f"unknown variant {text!r}: use a built-in "
                    f"({', '.join(BUILTIN_NAMES)}) or a path relative to the config",
                )
            return load_variant(text if text in BUILTIN_NAMES and not p.exists() else p)
        if isinstance(raw, dict):
            lines = {k[1:]: v for k, v in doc.lines.items() if k[:1] == ("variant",)}
            return load_variant(Located(raw, lines, doc.source), base_dir=base_dir)
    except ConfigError:
        raise
    except SourceError as exc:
        if exc.where.startswith(f"{cfg_path}:"):  # inline: name the key as the config spells it
            raise ConfigError(
                exc.where,
                dotted(("variant", *exc.path.split("."))) if exc.path else "variant",
                exc.message,
            ) from None
        raise
    raise ck.fail(("variant",), f"must be a variant name, a path or a mapping, not {kind_of(raw)}")


def _players(ck: Checker, top: dict[str, Any], base_dir: Path) -> list[PlayerSpec]:
    raw = top.get("players")
    if not isinstance(raw, list) or len(raw) < 2:
        raise ck.fail(
            ("players",), "give a list of at least two players, e.g. - {name: ann, bot: greedy}"
        )
    out: list[PlayerSpec] = []
    seen: set[str] = set()
    for i in range(len(raw)):
        p: KeyPath = ("players", i)
        d = ck.mapping(p, PLAYER_KEYS, "a player")
        if "name" not in d:
            raise ck.fail(p, "every player needs a name")
        name = ck.text((*p, "name"))
        if name in seen:
            raise ck.fail((*p, "name"), f"two players are named {name!r}")
        if "&" in name:
            raise ck.fail((*p, "name"), "a name may not contain & (it joins partners' names)")
        seen.add(name)
        if ("bot" in d) == ("command" in d):
            raise ck.fail(
                p,
                "give exactly one of bot: (a spec like greedy or my_bot.py) or command: [argv...]",
            )
        options: dict[str, Any] = {}
        if d.get("options") is not None:
            opts = ck.get((*p, "options"))
            if not isinstance(opts, dict) or not all(isinstance(k, str) for k in opts):
                raise ck.fail(
                    (*p, "options"), "must map option names to values, e.g. {threshold: 3}"
                )
            options = dict(opts)
        tl = (
            ck.num((*p, "time_limit"), 0, 3600, open_lo=True)
            if d.get("time_limit") is not None
            else None
        )
        tb = ck.num((*p, "time_bank"), 0, 86400) if d.get("time_bank") is not None else None
        if "bot" in d:
            spec = ck.text((*p, "bot"))
            player = PlayerSpec(name, spec, None, options, tl, tb)
            if spec.startswith("cmd:") and not shlex.split(spec[4:]):
                raise ck.fail((*p, "bot"), "cmd: needs a program, e.g. cmd:python3 my_bot.py")
            _check_bot(ck, (*p, "bot"), spec, options, base_dir)
        else:
            cmd = ck.get((*p, "command"))
            if isinstance(cmd, str):
                cmd = shlex.split(cmd)
            if (
                not isinstance(cmd, list)
                or not cmd
                or not all(isinstance(a, (str, int, float)) for a in cmd)
            ):
                raise ck.fail(
                    (*p, "command"),
                    "must be a program and its arguments, e.g. [python3, my_bot.py]",
                )
            if options:
                raise ck.fail(
                    (*p, "options"),
                    "options go to in-process bots; give a program its arguments in command:",
                )
            argv = [str(a) for a in cmd]
            _check_bot(ck, (*p, "command"), argv, options, base_dir)
            player = PlayerSpec(name, None, tuple(argv), options, tl, tb)
        out.append(player)
    return out


def _check_bot(
    ck: Checker, path: KeyPath, target: str | list[str], options: dict[str, Any], base_dir: Path
) -> None:
    """Build the bot once (an external program is checked, not started), so
    that an unknown name, a bad option or a missing program fails now, with a line."""
    from .bots.registry import BotSpecError, close_bot, make_bot

    label = target if isinstance(target, str) else shlex.join(target)
    try:
        bot = make_bot(target, seed=0, options=dict(options), base_dir=base_dir)
    except BotSpecError as exc:
        raise ck.fail(path, str(exc)) from None
    except ImportError as exc:
        raise ck.fail(path, f"bot {label!r} is not available in this install ({exc})") from None
    except Exception as exc:
        raise ck.fail(
            path, f"bot {label!r} cannot be created: {type(exc).__name__}: {exc}"
        ) from None
    close_bot(bot)


def _teams(
    ck: Checker, raw: Any, by_name: dict[str, int], size: int, variant: Variant
) -> list[Entrant]:
    if not variant.partners.player_counts:
        raise ck.fail(
            ("teams",),
            f"variant {variant.name!r} has no partner play (partners.player_counts is empty)",
        )
    items: list[tuple[str | None, KeyPath, Any]]
    if isinstance(raw, dict):
        items = [(str(k), ("teams", k), v) for k, v in raw.items()]
    elif isinstance(raw, list):
        items = [(None, ("teams", i), v) for i, v in enumerate(raw)]
    else:
        raise ck.fail(
            ("teams",),
            "must map team names to lists of players, e.g. {north: [ann, cat], east: [bob, dan]}",
        )
    if len(items) < 2:
        raise ck.fail(("teams",), "give at least two teams")
    used: dict[str, str] = {}
    out: list[Entrant] = []
    for tname, path, members in items:
        if not isinstance(members, list) or not all(isinstance(m, str) for m in members):
            raise ck.fail(path, "must be a list of player names")
        if len(members) != size:
            raise ck.fail(
                path,
                f"variant {variant.name!r} has partners in groups of {size}, not {len(members)}",
            )
        idx = []
        for j, m in enumerate(members):
            if m not in by_name:
                raise ck.fail((*path, j), f"no player named {m!r}")
            if m in used:
                raise ck.fail((*path, j), f"{m!r} is already in team {used[m]!r}")
            idx.append(by_name[m])
        label = tname or " & ".join(members)
        if "&" in label and tname is not None:
            raise ck.fail(path, "a team name may not contain &")
        for m in members:
            used[m] = label
        out.append(Entrant(label, tuple(idx)))
    missing = [n for n in by_name if n not in used]
    if missing:
        raise ck.fail(("teams",), f"player(s) {', '.join(missing)} are in no team")
    if len({e.name for e in out}) != len(out):
        raise ck.fail(("teams",), "two teams have the same name")
    return out


def _sprt(ck: Checker, top: dict[str, Any], n_entrants: int) -> SprtSpec:
    d = ck.mapping(("sprt",), SPRT_KEYS, "sprt")
    if n_entrants != 2:
        raise ck.fail(
            ("sprt",), f"an SPRT compares exactly two players (or teams), not {n_entrants}"
        )
    alpha = ck.num(("sprt", "alpha"), 0, 0.5, open_lo=True) if "alpha" in d else 0.05
    beta = ck.num(("sprt", "beta"), 0, 0.5, open_lo=True) if "beta" in d else 0.05
    min_deals = ck.int_(("sprt", "min_deals"), 2, 10**6) if "min_deals" in d else 10
    has_elo = "elo0" in d or "elo1" in d
    if has_elo and "margin" in d:
        raise ck.fail(
            ("sprt",), "give elo0 and elo1 (a test on wins) or margin (a test on strokes), not both"
        )
    if has_elo:
        for k in ("elo0", "elo1"):
            if k not in d:
                raise ck.fail(("sprt",), f"an Elo SPRT needs both elo0 and elo1 (missing {k})")
        elo0 = ck.num(("sprt", "elo0"), -2000, 2000)
        elo1 = ck.num(("sprt", "elo1"), -2000, 2000)
        if elo1 <= elo0:
            raise ck.fail(("sprt", "elo1"), f"must be more than elo0 ({elo0:g}), not {elo1:g}")
        return SprtSpec("elo", alpha, beta, elo0=elo0, elo1=elo1, min_deals=min_deals)
    if "margin" not in d:
        raise ck.fail(("sprt",), "give elo0 and elo1 (a test on wins) or margin (strokes per game)")
    margin = ck.num(("sprt", "margin"), 0, 10_000, open_lo=True)
    return SprtSpec("strokes", alpha, beta, margin=margin, min_deals=min_deals)


# --------------------------------------------------------------------------- the run directory


def _check_record(plan: Plan, rec: Any) -> int:
    """The index of a games.jsonl record that fits ``plan``; ValueError otherwise."""
    if (
        not isinstance(rec, dict)
        or rec.get("v") != RECORD_VERSION
        or not isinstance(rec.get("game"), int)
    ):
        raise ValueError("not a game record of this version")
    i: int = rec["game"]
    if i < 0:
        raise ValueError("negative game index")
    if i < plan.total:
        slot = plan.slot(i)
        if rec.get("seed") != slot.seed or rec.get("seating") != [
            plan.players[p].name for p in slot.seating
        ]:
            raise ValueError(
                f"game {i} was played with another seed or seating than this config gives"
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
            raise ValueError(f"game {i} lacks {key!r}")
    return i


class Disk:
    """What a run directory already holds: which games are done.

    A fresh run allocates nothing; a resumed one a bitmap of one byte per
    planned game (100,000 games: 100 kB)."""

    def __init__(self, total: int) -> None:
        self.total = total
        self._done: bytearray | None = None
        self.count = 0
        self.beyond = 0  # records for games past this run's planned total (more deals earlier)
        self.dropped = 0  # torn or unreadable lines removed

    def done(self, i: int) -> bool:
        return self._done is not None and bool(self._done[i])

    def mark(self, i: int) -> bool:
        """Mark game ``i`` done; False if it already was (a duplicate line)."""
        if self._done is None:
            self._done = bytearray(self.total)
        if self._done[i]:
            return False
        self._done[i] = 1
        self.count += 1
        return True

    def any_from(self, start: int) -> bool:
        return self._done is not None and any(self._done[start:])

    def count_from(self, start: int) -> int:
        return 0 if self._done is None else sum(self._done[start:])


def _read_games(path: Path) -> Iterator[tuple[int, str]]:
    with path.open("rb") as fh:
        for lineno, raw in enumerate(fh, start=1):
            yield lineno, raw.decode("utf-8", errors="replace")


def _valid_lines(plan: Plan, path: Path) -> Iterator[tuple[int, int | None, str]]:
    """(line number, game index or None if the line is torn or unreadable, line)."""
    for lineno, line in _read_games(path):
        if not line.endswith("\n"):
            yield lineno, None, line
            continue
        try:
            i = _check_record(plan, json.loads(line))
        except ValueError as exc:
            if "another seed or seating" in str(exc):
                raise RunError(f"{path}:{lineno}: {exc}") from None
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
        tmp = path.with_suffix(".jsonl.tmp")
        seen = Disk(plan.total)
        beyond.clear()
        with tmp.open("w", encoding="utf-8") as fh:
            for _, i, line in _valid_lines(plan, path):
                if i is None:
                    continue
                if i >= plan.total:
                    if i in beyond:
                        continue
                    beyond.add(i)
                elif not seen.mark(i):
                    continue
                fh.write(line)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    return disk


def prepare_out(plan: Plan, out: Path, resume: bool) -> Plan:
    """Create or check ``out``; on resume adopt the recorded seed if none was given."""
    run_file = out / "run.json"
    games_file = out / "games.jsonl"
    if resume:
        if not run_file.exists():
            raise ConfigError(
                str(out), "--resume", "no run.json here: nothing to resume (start without --resume)"
            )
        try:
            stored = json.loads(run_file.read_text(encoding="utf-8"))
            stored_plan = stored["plan"]
            stored_hash = stored["config_hash"]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ConfigError(str(run_file), "", f"unreadable run file: {exc}") from None
        if not plan.seed_given and isinstance(stored_plan.get("seed"), int):
            plan = replace(plan, seed=stored_plan["seed"], seed_given=True)
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
    meta = {
        "schema": RUN_SCHEMA,
        "config": plan.config,
        "config_hash": plan.config_hash,
        "seed": plan.seed,
        "golfcli": __version__,
        "python": sys.version.split()[0],
        "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "plan": plan.canonical(),
    }
    _write_atomic(run_file, json.dumps(meta, indent=2) + "\n")
    games_file.touch()
    return plan


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


# --------------------------------------------------------------------------- the run


@dataclass
class Timing:
    decisions: int = 0
    total: float = 0.0
    max: float = 0.0


@dataclass
class RunResult:
    plan: Plan
    tally: Tally
    played: int  # games aggregated into the tally
    from_disk: int
    stopped: str | None = None  # None (complete), "interrupted", "sprt", "error"
    message: str = ""
    uncounted: int = 0  # finished games past an SPRT stop (kept on disk, not counted)
    timing: dict[str, Timing] = field(default_factory=dict)
    executor: dict[str, Any] = field(default_factory=dict)

    def report(self) -> dict[str, Any]:
        return build_report(self)


class Interrupts:
    """First Ctrl-C: finish the games in progress, then stop.  Second: stop now.

    Re-entrant: the command keeps it installed until the report is printed,
    so a late Ctrl-C cannot cut the standings off."""

    def __init__(self) -> None:
        self.count = 0
        self.in_game = False
        self._old: Any = None
        self._depth = 0

    def __enter__(self) -> Interrupts:
        if self._depth == 0 and threading.current_thread() is threading.main_thread():
            self._old = signal.signal(signal.SIGINT, self._handle)
        self._depth += 1
        return self

    def __exit__(self, *exc: object) -> None:
        self._depth -= 1
        if self._depth == 0 and self._old is not None:
            signal.signal(signal.SIGINT, self._old)
            self._old = None

    def _handle(self, signum: int, frame: Any) -> None:
        self.count += 1
        if self.count == 1:
            print(
                "\ngolf: stopping after the games in progress (Ctrl-C again to stop at once)",
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
    ) -> None:
        self.plan = plan
        self.out = out
        self.interrupts = interrupts or Interrupts()
        self.show_progress = progress
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
        self._extra_done = 0
        self.executor_info: dict[str, Any] = {"kind": "local", "workers": 1}
        self.workers_seen: set[str] = set()

    # ------------------------------------------------------------------ aggregation

    def _disk_records(self) -> Iterator[tuple[int, dict[str, Any]]]:
        assert self.out is not None
        for _, line in _read_games(self.out / "games.jsonl"):
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
        for seat, name in enumerate(rec["seating"]):
            t = self.timing[name]
            t.decisions += rec["decisions"][seat]
            t.total += rec["time_total"][seat]
            t.max = max(t.max, rec["time_max"][seat])
        if deals and (i + 1) % self.plan.per_deal == 0:
            decision = self.tally.close_deal()
            if decision is not None and self.plan.sprt is not None and self.stopped is None:
                self.stopped = "sprt"
                assert self.tally.sprt is not None
                names = self.tally.names
                self.message = (
                    f"SPRT decided after {i // self.plan.per_deal + 1} deals: "
                    f"{self.tally.sprt.describe(names[0], names[1])}"
                )

    def _drain_ready(self, results: dict[int, str]) -> None:
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
        self._update_progress()

    def _aggregate_tail(self, results: dict[int, str]) -> None:
        """After an interruption: count every finished game past the first gap
        too, including games whose batch never came back (they are on disk)."""
        if self.stopped == "sprt":
            return
        rest = {i: json.loads(r) for i, r in results.items() if i >= self.next}
        results.clear()
        self._disk_buf.clear()
        self._disk_iter = None
        if self.out is not None:
            for _, line in _read_games(self.out / "games.jsonl"):
                try:
                    rec = json.loads(line)
                    i = _check_record(self.plan, rec)
                except ValueError:
                    continue
                if self.next <= i < self.plan.total:
                    rest.setdefault(i, rec)
        for i in sorted(rest):
            self._aggregate(i, rest[i], deals=False)

    # ------------------------------------------------------------------ progress

    def _start_progress(self) -> None:
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

    def _update_progress(self, force: bool = False) -> None:
        if self._progress is None:
            return
        now = time.monotonic()
        if not force and now - self._last_update < 0.1:
            return
        self._last_update = now
        lead = self.tally.leader()
        text = f"leader: {lead[0]} ({100 * lead[1]:.0f}% wins)" if lead else ""
        self._progress.update(self._task, completed=self.next, leader=text)

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
            uncounted = self.disk.count_from(self.next) + self._extra_done
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
        player = Player(self.plan, self.out)
        self._start_progress()
        try:
            while self.next < self.plan.total and self.stopped is None and ints.count == 0:
                i = self.next
                if self.disk.done(i):
                    rec = self._from_disk(i)
                else:
                    ints.in_game = True
                    try:
                        line = player.play(i)
                    except KeyboardInterrupt:
                        break
                    except GameError as exc:
                        raise RunError(str(exc)) from None
                    finally:
                        ints.in_game = False
                    rec = json.loads(line)
                self._aggregate(i, rec)
                self.next += 1
                self._update_progress()
            if self.stopped is None and self.next < self.plan.total:
                self._aggregate_tail({})
        finally:
            player.close()

    def _todo(self) -> Iterator[int]:
        return (i for i in range(self.plan.total) if not self.disk.done(i))

    def _keep(self, got: BatchResult, results: dict[int, str], fd: int | None) -> None:
        """Take a batch's games; if the workers do not write games.jsonl (a
        Dask cluster), write them here, at once, each game once."""
        for i, line, events in got.games:
            if i < self.next or i in results or self.disk.done(i):
                continue  # a rerun batch (its worker died after all) or a duplicate
            if fd is not None:
                if events is not None and self.out is not None:
                    path = events_file(self.out, i)
                    path.parent.mkdir(exist_ok=True)
                    path.write_text(events, encoding="utf-8")
                append_line(fd, line)
            results[i] = line
        if got.worker != "local":
            self.workers_seen.add(got.worker)

    def _run_pool(self, ints: Interrupts) -> None:
        """Batches in flight on a :class:`~golfcli.executors.Pool`, a bounded
        number at a time, consumed as they complete, aggregated in index order."""
        # ExecutorError here is bad input (no scheduler): nothing is played yet.
        pool = open_pool(self.plan, self.out, lambda: ints.count > 0)
        spec = self.plan.executor
        self.executor_info = dict(pool.info)
        window = spec.max_in_flight or IN_FLIGHT_PER_SLOT * pool.slots
        batcher = Batcher(
            self._todo(),
            self.plan.total - self.disk.count,
            pool.slots,
            spec.batch_size,
            pool.max_batch,
        )
        self.executor_info.update(batch_size=spec.batch_size or "auto", max_in_flight=window)
        fd = open_games(self.out) if self.out is not None and not pool.writes_games else None
        inflight: dict[Future[BatchResult], list[int]] = {}
        # Finished games waiting for an earlier one, kept as their (compact) lines.
        results: dict[int, str] = {}
        retried: dict[int, int] = {}  # first game of a batch -> times sent again
        exhausted = False

        def lost() -> str | None:
            """Why the executor can no longer return results (a lost scheduler), or None."""
            try:
                pool.check()
            except ExecutorError as exc:
                return str(exc)
            return None

        def fill() -> None:
            nonlocal exhausted
            while (
                not exhausted
                and len(inflight) < window
                and len(results) < BACKLOG  # one slow batch must not let memory grow
                and ints.count == 0
                and self.stopped is None
            ):
                b = batcher.next()
                if b is None:
                    exhausted = True
                    return
                inflight[pool.submit(b)] = b

        def collect(finished: set[Future[BatchResult]], strict: bool) -> None:
            for fut in finished:
                batch = inflight.pop(fut)
                if fut.cancelled():
                    if strict:  # we cancel only when stopping: someone else did
                        raise RunError(
                            lost()
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
                    sent = 1 + retried.get(batch[0], 0)
                    if not strict or ints.count or self.stopped is not None:
                        continue  # stopping: its games stay unplayed, for --resume
                    # KilledWorker: Dask has already rerun it on other workers
                    if sent <= pool.retries and type(exc).__name__ != "KilledWorker":
                        retried[batch[0]] = sent
                        inflight[pool.submit(batch)] = batch
                        continue
                    raise RunError(
                        f"a worker failed playing games {batch[0]}..{batch[-1]}"
                        + (f" (sent {sent} times)" if sent > 1 else "")
                        + f": {type(exc).__name__}: {first_line(exc)}"
                    ) from None
                batcher.observe(got)
                self._keep(got, results, fd)

        abandoned = False
        try:
            fill()  # forks the workers before any other thread starts (progress bar)
            self._start_progress()
            self._drain_ready(results)
            while self.next < self.plan.total and self.stopped is None and not ints.count:
                if not inflight:
                    if exhausted:
                        break
                    fill()
                    continue
                finished, _ = wait(list(inflight), timeout=0.2, return_when=FIRST_COMPLETED)
                if not finished and (why := lost()):
                    raise RunError(why)
                collect(finished, strict=True)
                self._drain_ready(results)
                fill()
            # SPRT stop or Ctrl-C: the workers finish the game they are playing,
            # skip the rest of their batch, and every finished game is kept.
            for fut in pool.stop(list(inflight)):
                inflight.pop(fut, None)
            while inflight:
                if ints.count > 1:
                    abandoned = True
                    break
                finished, _ = wait(list(inflight), timeout=0.2, return_when=FIRST_COMPLETED)
                if not finished and lost():
                    abandoned = True
                    break
                collect(finished, strict=False)
                self._drain_ready(results)
            if self.stopped == "sprt":
                self._extra_done = len(results)
            elif self.next < self.plan.total:
                self._aggregate_tail(results)
        finally:
            pool.shutdown(abandon=abandoned)
            if fd is not None:
                os.close(fd)


# --------------------------------------------------------------------------- report


def build_report(res: RunResult) -> dict[str, Any]:
    plan = res.plan
    timing = {
        name: {
            "decisions": t.decisions,
            "mean_ms": round(1000 * t.total / t.decisions, 4) if t.decisions else None,
            "max_ms": round(1000 * t.max, 4),
        }
        for name, t in res.timing.items()
    }
    players = []
    for p in plan.players:
        d: dict[str, Any] = {"name": p.name}
        if p.bot is not None:
            d["bot"] = p.bot
        else:
            d["command"] = list(p.command or ())
        if p.options:
            d["options"] = _plain(dict(p.options))
        players.append(d)
    standings = res.tally.standings()
    members = {e.name: [plan.players[i].name for i in e.members] for e in plan.entrants}
    if plan.team_size > 1:
        for r in standings:
            r["members"] = members[r["player"]]
    return {
        "schema": REPORT_SCHEMA,
        "run": {
            "name": plan.name,
            "description": plan.description,
            "config": plan.config,
            "config_hash": plan.config_hash,
            "variant": plan.variant.name,
            "holes": plan.holes if plan.holes is not None else plan.variant.game.holes,
            "target": None if plan.holes is not None else plan.variant.game.target,
            "holes_label": plan.holes_label(),
            "format": plan.scoring,
            "duplicate": plan.duplicate,
            "schedule": plan.schedule,
            "challenger": plan.challenger,
            "seats": plan.seats,
            "seed": plan.seed,
            "deals": plan.games,
            "tables": len(plan.tables),
            "seatings": plan.rotations,
            "games_planned": plan.total,
            "games_played": res.played,
            "games_from_disk": res.from_disk,
            "complete": res.stopped is None,
            "stopped": res.message or None,
            "stop_reason": res.stopped,
            "uncounted_games": res.uncounted,
            "fault_policy": plan.fault_policy,
            "executor": res.executor,
            "players": players,
            "teams": members if plan.team_size > 1 else None,
            "versions": {
                "golfcli": __version__,
                "python": sys.version.split()[0],
                "report": REPORT_SCHEMA,
            },
        },
        "standings": standings,
        "crosstable": res.tally.crosstable(),
        "sprt": res.tally.sprt_json(),
        "timing": timing,
    }


# --------------------------------------------------------------------------- entry points


def run_tournament(
    plan: Plan,
    out: Path | None = None,
    *,
    resume: bool = False,
    progress: bool = False,
    batch: int | None = None,
    on_notice: Callable[[str], None] | None = None,
    interrupts: Interrupts | None = None,
) -> RunResult:
    """Play (or continue) a tournament; the library entry point behind ``golf tournament``."""
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
    if on_notice is not None:
        mode = "duplicate deals" if plan.duplicate else "independent deals"
        on_notice(
            f"{plan.name}: {plan.total} games ({plural(plan.games, 'deal')} × "
            f"{plural(len(plan.tables), 'table')} × {plural(plan.rotations, 'seating')}, {mode}), "
            f"seed {plan.seed}, "
            + (
                plural(plan.workers, "worker")
                if plan.executor.kind == "local"
                else f"dask at {plan.executor.where()}"
            )
        )
    if batch is not None:
        plan = replace(plan, executor=replace(plan.executor, batch_size=batch))
    runner = Runner(plan, out, progress=progress, disk=disk, interrupts=interrupts)
    result = runner.run()
    if out is not None:
        _write_atomic(out / "results.json", json.dumps(build_report(result), indent=2) + "\n")
    return result


def _fail(message: str, code: int = 2) -> NoReturn:
    import typer

    typer.echo(f"golf: error: {message}", err=True)
    raise typer.Exit(code)


def run_cli(
    config: Path,
    *,
    games: int | None = None,
    holes: int | None = None,
    seed: int | None = None,
    workers: str | None = None,
    fmt: str = "table",
    out: Path | None = None,
    resume: bool = False,
    quiet: bool = False,
    executor: str | None = None,
    address: str | None = None,
    batch_size: int | None = None,
    max_in_flight: int | None = None,
) -> None:
    """``golf tournament``: validate, run, print the report; exit 2 on bad input."""
    import typer

    if fmt not in FORMATS:
        _fail(f"--format: must be one of {', '.join(FORMATS)}, not {fmt!r}")
    try:
        plan = load_config(
            config,
            games=games,
            holes=holes,
            seed=seed,
            workers=workers,
            executor=executor,
            address=address,
            batch_size=batch_size,
            max_in_flight=max_in_flight,
        )
    except SourceError as exc:
        _fail(str(exc))

    def notice(msg: str) -> None:
        if not quiet:
            typer.echo(f"golf: {msg}", err=True)

    progress = not quiet and sys.stdout.isatty() and sys.stderr.isatty()
    # Ctrl-C is ours until the report is out: a late press must not cut it off.
    with Interrupts() as ints:
        try:
            result = run_tournament(
                plan, out, resume=resume, progress=progress, on_notice=notice, interrupts=ints
            )
        except SourceError as exc:
            _fail(str(exc))
        except (RunError, ExecutorError) as exc:
            _fail(str(exc))
        except OSError as exc:
            _fail(f"{exc.filename or out}: {exc.strerror or exc}")
        typer.echo(render(result.report(), fmt))
        if result.stopped == "error":
            typer.echo(f"golf: error: {result.message}", err=True)
            raise typer.Exit(1)
        if result.stopped == "interrupted":
            typer.echo(f"golf: {result.message}", err=True)
            raise typer.Exit(130)
        if result.stopped == "sprt" and not quiet:
            typer.echo(f"golf: {result.message}", err=True)
