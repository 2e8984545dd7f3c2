"""Reading a tournament config (docs/tournament.md) into a :class:`Plan`.

:func:`load_config` reads the file and runs one named step per part of the
config; any problem is one :class:`ConfigError` naming ``file:line`` and the
key.  Command-line options override the file's keys.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..arguments import listing, shown
from ..faults import FALLBACKS, FORFEIT_PENALTY
from ..keys import key_from_seed, key_problem, new_key
from ..limits import MAX_GAMES, MAX_HOLES, MAX_PLAYERS, MAX_SEED, MAX_WORKERS
from ..sprt import SprtSpec
from ..variant import BUILTIN_NAMES, Variant
from ..variantload import load_variant
from ..yamlsrc import (
    Checker,
    KeyPath,
    Located,
    SourceError,
    did_you_mean,
    dotted,
    kind_of,
    load_file,
    whole_number,
)
from .configplayers import read_players, read_teams
from .executors import EXECUTORS, cpu_count
from .plan import ConfigError, Entrant, ExecutorSpec, Plan, PlayerSpec
from .worker import bot_file_hashes

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
    "record_moves",
    "executor",
    "address",
    "batch_size",
    "max_in_flight",
)
SPRT_KEYS = ("elo0", "elo1", "margin", "alpha", "beta", "min_deals", "candidate", "baseline")
SCHEDULES = ("round-robin", "gauntlet")
DEFAULT_GAMES = 10
#: Most games one run may plan (deals x tables x seatings): a resumed run
#: keeps a bitmap of one bit per planned game, and a plan of 10**20 games is
#: a typo, not a tournament.
MAX_TOTAL_GAMES = 100_000_000


# --------------------------------------------------------------------------- config loading


def _checker(doc: Located) -> Checker:
    return Checker(doc, ConfigError)


def parse_workers(value: Any, where: str, path: KeyPath | str) -> int:
    if value == "auto":
        return cpu_count()
    if isinstance(value, str) and whole_number(value) is not None:
        value = whole_number(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_WORKERS:
        raise ConfigError(
            where,
            path,
            f"must be a number of processes (1 to {MAX_WORKERS:,}) or auto, not {shown(value)}",
        )
    return value


def load_config(
    source: str | Path | Mapping[str, Any] | Located,
    *,
    base_dir: Path | None = None,
    games: int | None = None,
    holes: int | None = None,
    seed: int | None = None,
    key: str | None = None,
    workers: str | int | None = None,
    executor: str | None = None,
    address: str | None = None,
    batch_size: int | None = None,
    max_in_flight: int | None = None,
) -> Plan:
    """Read and validate a tournament config; keyword arguments override it
    (the command-line options).  Any problem is one :class:`ConfigError`.

    ``source`` is a file, a mapping of the config's keys (errors then name
    ``<config>`` instead of ``file:line``) or a loaded document; paths in it
    are relative to ``base_dir`` (default: the file's directory, or the
    current directory for a mapping).

    The steps run in the order the config is explained in docs/tournament.md,
    so the error is the first of a config's problems; :func:`config_errors`
    finds all of them."""
    doc, cfg_path, default_base = _document(source)
    base_dir = base_dir if base_dir is not None else default_base
    ck = _checker(doc)
    if not isinstance(doc.data, dict):
        ck.fail((), "a tournament config must be a YAML mapping of keys (see docs/tournament.md)")
    top = ck.mapping((), CONFIG_KEYS, "the tournament config")

    name = ck.text(("name",)) if "name" in top else _default_name(cfg_path)
    description = top.get("description") or ""
    if not isinstance(description, str):
        ck.fail(("description",), "must be text")
    if "variant" not in top:
        ck.fail(
            ("variant",),
            "missing: give a built-in name ("
            + ", ".join(BUILTIN_NAMES)
            + "), a variant file, or a mapping with extends:",
        )
    variant = _load_variant(ck, doc, base_dir, cfg_path)
    n_holes, scoring = _game_length(ck, top, variant, holes)
    players = read_players(ck, top, base_dir)
    entrants, team_size = _entrants(ck, top, players, variant)
    per_table = _seats(ck, top, variant, len(entrants), team_size)
    schedule, challenger, tables = _schedule(ck, top, entrants, per_table, team_size)
    run = _run_length(ck, doc, top, games, seed, key, workers)
    rotations = per_table * team_size if run.duplicate else 1
    total = run.games * len(tables) * rotations
    if total > MAX_TOTAL_GAMES:
        where: tuple[str, KeyPath | str] = (
            ("--games", "") if games is not None else (doc.where(("games",)), ("games",))
        )
        raise ConfigError(
            *where,
            f"{run.games:,} deals make {total:,} games ({len(tables):,} tables x {rotations} "
            f"seatings each); at most {MAX_TOTAL_GAMES:,} games per run",
        )
    pressure = _pressure(ck, top)
    record = ck.bool_(("record_events",)) if top.get("record_events") is not None else False
    # on unless turned off: a game's moves are ~60 bytes a hole, and the
    # report's "deals lost most" point at them (golf replay DIR --game N)
    moves = ck.bool_(("record_moves",)) if top.get("record_moves") is not None else True
    sprt = (
        _sprt(ck, top, [e.name for e in entrants], challenger, tables)
        if top.get("sprt") is not None
        else None
    )
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
        games=run.games,
        duplicate=run.duplicate,
        seed=run.seed,
        seed_given=run.seed_given,
        key=run.key,
        workers=run.workers,
        time_limit=pressure.time_limit,
        time_bank=pressure.time_bank,
        fault_policy=pressure.fault_policy,
        forfeit_penalty=pressure.forfeit_penalty,
        sprt=sprt,
        record_events=record,
        record_moves=moves,
        file_hashes=bot_file_hashes(players, base_dir),
        executor=run_on,
    )


MAPPING_SOURCE = "<config>"


def _document(source: str | Path | Mapping[str, Any] | Located) -> tuple[Located, str, Path]:
    """The config as a located document, its name in messages, and the
    directory its paths are relative to."""
    if isinstance(source, Located):
        return source, source.source, Path(source.source).parent
    if isinstance(source, Mapping):
        import copy

        return Located(copy.deepcopy(dict(source)), {}, MAPPING_SOURCE), MAPPING_SOURCE, Path.cwd()
    return load_file(source), str(source), Path(source).parent


def _default_name(cfg_path: str) -> str:
    return "tournament" if cfg_path == MAPPING_SOURCE else Path(cfg_path).stem


def _game_length(
    ck: Checker, top: dict[str, Any], variant: Variant, holes: int | None
) -> tuple[int | None, str]:
    """Holes per game (None: the variant's own length) and stroke or match play."""
    n_holes = _count(ck, top, "holes", holes, MAX_HOLES)
    scoring = (
        ck.choice(("format",), ("stroke", "match"))
        if top.get("format") is not None
        else variant.game.scoring
    )
    return n_holes, scoring


def _count(ck: Checker, top: dict[str, Any], key: str, given: int | None, most: int) -> int | None:
    """A count (holes, games): the command line's ``--KEY`` (at least 1;
    ``golf tournament`` checks its upper bound), else the config's ``KEY``
    (1 to ``most``); None when neither gives it."""
    if given is not None:
        if given < 1:
            raise ConfigError(f"--{key}", "", f"must be at least 1, not {given}")
        return given
    if top.get(key) is None:
        return None
    n: int = ck.int_((key,), 1, most)
    return n


def _entrants(
    ck: Checker, top: dict[str, Any], players: list[PlayerSpec], variant: Variant
) -> tuple[list[Entrant], int]:
    """Who is ranked, and how many players share a layout: every player on
    their own, or the ``teams:`` of partners."""
    if top.get("teams") is None:
        return [Entrant(p.name, (i,)) for i, p in enumerate(players)], 1
    by_name = {p.name: i for i, p in enumerate(players)}
    team_size = variant.partners.group_size
    return read_teams(ck, top["teams"], by_name, team_size, variant), team_size


def _seats(ck: Checker, top: dict[str, Any], variant: Variant, n_ent: int, team_size: int) -> int:
    """Sides per game (entrants at one table); checks the seats against the
    variant's player counts and partner rules."""
    if top.get("seats") is not None:
        seats: int = ck.int_(("seats",), 2, MAX_PLAYERS)
        if seats % team_size:
            ck.fail(
                ("seats",),
                f"teams of {team_size} need a multiple of {team_size} seats, not {seats}",
            )
        per_table = seats // team_size
        if per_table > n_ent:
            ck.fail(
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
            ck.fail(
                seats_path,
                f"variant {shown(variant.name)} is for {_counts(variant.players)} players, not "
                f"{seats}: set seats: to play smaller tables in a round robin",
            )
    if seats < 2 or per_table < 2:
        ck.fail(seats_path, "a game needs at least two sides")
    if seats not in variant.players:
        ck.fail(
            seats_path,
            f"variant {shown(variant.name)} is for {_counts(variant.players)} players, not {seats}",
        )
    groups = variant.groups_for(seats)
    if team_size == 1 and groups != seats:
        ck.fail(
            seats_path,
            f"variant {shown(variant.name)} plays {seats} players as partners "
            f"({seats // groups} to a layout): add teams: to say who partners whom",
        )
    if team_size > 1 and groups != per_table:
        ck.fail(
            seats_path,
            f"variant {shown(variant.name)} does not play {seats} players as partners "
            f"(partner counts: {_counts(variant.partners.player_counts) or 'none'})",
        )
    return per_table


def _schedule(
    ck: Checker, top: dict[str, Any], entrants: list[Entrant], per_table: int, team_size: int
) -> tuple[str, str | None, tuple[tuple[int, ...], ...]]:
    """The schedule, its challenger (a gauntlet's) and the tables it makes."""
    schedule = (
        ck.choice(("schedule",), SCHEDULES) if top.get("schedule") is not None else "round-robin"
    )
    challenger: str | None = None
    names = [e.name for e in entrants]
    if top.get("challenger") is not None:
        if schedule != "gauntlet":
            ck.fail(("challenger",), "only a gauntlet has a challenger (add schedule: gauntlet)")
        challenger = ck.text(("challenger",))
        if challenger not in names:
            ck.fail(
                ("challenger",),
                f"no {'team' if team_size > 1 else 'player'} named {shown(challenger)}"
                f"{did_you_mean(challenger, names)} (have: {listing(names)})",
            )
    n_ent = len(entrants)
    if schedule == "gauntlet":
        challenger = challenger or names[0]
        c = names.index(challenger)
        others = [i for i in range(n_ent) if i != c]
        tables = tuple((c, *rest) for rest in itertools.combinations(others, per_table - 1))
    else:
        tables = tuple(itertools.combinations(range(n_ent), per_table))
    return schedule, challenger, tables


@dataclass(frozen=True)
class _RunLength:
    games: int  # deals
    duplicate: bool
    seed: int | None
    seed_given: bool  # False: a fresh random key (a resumed run adopts the recorded one)
    key: str
    workers: int


def _run_length(
    ck: Checker,
    doc: Located,
    top: dict[str, Any],
    games: int | None,
    seed: int | None,
    key: str | None,
    workers: str | int | None,
) -> _RunLength:
    """Deals, duplicate or not, the key (from the seed, given, or fresh) and
    the worker count."""
    n_games = _count(ck, top, "games", games, MAX_GAMES) or DEFAULT_GAMES
    duplicate = ck.bool_(("duplicate",)) if top.get("duplicate") is not None else True
    seed_given = True
    n_seed: int | None = None
    if key is not None:
        if (problem := key_problem(seed, key, option="--key", what="run")) is not None:
            raise ConfigError("--key", "", problem.removeprefix("--key "))
        n_key = key
    elif seed is not None:
        if not 0 <= seed <= MAX_SEED:
            raise ConfigError("--seed", "", f"must be between 0 and {MAX_SEED:,}, not {seed}")
        n_seed = seed
    elif top.get("seed") is not None:
        n_seed = ck.int_(("seed",), 0, MAX_SEED)
    else:
        seed_given = False
    if key is None:
        n_key = key_from_seed(n_seed) if n_seed is not None else new_key()
    if workers is not None:
        n_workers = parse_workers(workers, "--workers", "")
    elif top.get("workers") is not None:
        n_workers = parse_workers(top["workers"], doc.where(("workers",)), "workers")
    else:
        n_workers = cpu_count()
    return _RunLength(n_games, duplicate, n_seed, seed_given, n_key, n_workers)


@dataclass(frozen=True)
class _Pressure:
    time_limit: float | None
    time_bank: float | None
    fault_policy: str
    forfeit_penalty: int


def _pressure(ck: Checker, top: dict[str, Any]) -> _Pressure:
    """Bots under pressure: time per decision, a time bank, and what a fault costs."""
    time_limit = (
        ck.num(("time_limit",), 0, 3600, open_lo=True)
        if top.get("time_limit") is not None
        else None
    )
    time_bank = ck.num(("time_bank",), 0, 86400) if top.get("time_bank") is not None else None
    policy = (
        ck.choice(("fault_policy",), FALLBACKS) if top.get("fault_policy") is not None else "random"
    )
    penalty = (
        ck.int_(("forfeit_penalty",), 0, 10_000)
        if top.get("forfeit_penalty") is not None
        else FORFEIT_PENALTY
    )
    return _Pressure(time_limit, time_bank, policy, penalty)


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
                "--executor", "", f"must be one of {', '.join(EXECUTORS)}, not {shown(kind)}"
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
            ck.fail(("address",), "a scheduler address is for executor: dask")
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
    if isinstance(raw, Variant):  # a config given as a mapping may hold a loaded variant
        return raw
    try:
        if isinstance(raw, str):
            text = raw.strip()
            p = Path(text) if Path(text).is_absolute() else base_dir / text
            if text not in BUILTIN_NAMES and not p.exists():
                ck.fail(
                    ("variant",),
                    f"unknown variant {shown(text)}{did_you_mean(text, BUILTIN_NAMES)}: use a "
                    f"built-in ({', '.join(BUILTIN_NAMES)}) or a path relative to the config",
                )
            return load_variant(text if text in BUILTIN_NAMES and not p.exists() else p)
        if isinstance(raw, dict):
            lines = {k[1:]: v for k, v in doc.lines.items() if k[:1] == ("variant",)}
            return load_variant(Located(raw, lines, doc.source), base_dir=base_dir)
    except ConfigError:
        raise
    except SourceError as exc:
        if exc.where.startswith(f"{cfg_path}:") or exc.where == cfg_path:
            # inline: name the key as the config spells it
            raise ConfigError(
                exc.where,
                dotted(("variant", *exc.path.split("."))) if exc.path else "variant",
                exc.message,
            ) from None
        raise
    ck.fail(("variant",), f"must be a variant name, a path or a mapping, not {kind_of(raw)}")


def _sprt(
    ck: Checker,
    top: dict[str, Any],
    names: list[str],
    challenger: str | None,
    tables: Sequence[Sequence[int]],
) -> SprtSpec:
    d = ck.mapping(("sprt",), SPRT_KEYS, "sprt")
    candidate, baselines = _sprt_sides(ck, d, names, challenger, tables)
    alpha = ck.num(("sprt", "alpha"), 0, 0.5, open_lo=True) if "alpha" in d else 0.05
    beta = ck.num(("sprt", "beta"), 0, 0.5, open_lo=True) if "beta" in d else 0.05
    min_deals = ck.int_(("sprt", "min_deals"), 2, 10**6) if "min_deals" in d else 10
    has_elo = "elo0" in d or "elo1" in d
    if has_elo and "margin" in d:
        ck.fail(
            ("sprt",), "give elo0 and elo1 (a test on wins) or margin (a test on strokes), not both"
        )
    if has_elo:
        for k in ("elo0", "elo1"):
            if k not in d:
                ck.fail(("sprt",), f"an Elo SPRT needs both elo0 and elo1 (missing {k})")
        elo0 = ck.num(("sprt", "elo0"), -2000, 2000)
        elo1 = ck.num(("sprt", "elo1"), -2000, 2000)
        if elo1 <= elo0:
            ck.fail(("sprt", "elo1"), f"must be more than elo0 ({elo0:g}), not {elo1:g}")
        return SprtSpec(
            "elo",
            alpha,
            beta,
            elo0=elo0,
            elo1=elo1,
            min_deals=min_deals,
            candidate=candidate,
            baselines=baselines,
        )
    if "margin" not in d:
        ck.fail(("sprt",), "give elo0 and elo1 (a test on wins) or margin (strokes per game)")
    margin = ck.num(("sprt", "margin"), 0, 10_000, open_lo=True)
    return SprtSpec(
        "strokes",
        alpha,
        beta,
        margin=margin,
        min_deals=min_deals,
        candidate=candidate,
        baselines=baselines,
    )


def _sprt_sides(
    ck: Checker,
    d: dict[str, Any],
    names: list[str],
    challenger: str | None,
    tables: Sequence[Sequence[int]],
) -> tuple[str, tuple[str, ...]]:
    """Who an SPRT tests against whom: ``candidate`` (default: a gauntlet's
    challenger, else the first entrant) against ``baseline``, one name or a
    list (default: the other entrant of two; every other one in a gauntlet).
    ("", ()) is the two-entrant form, first against second, which keeps the
    config hash of runs made before candidates could be named."""
    candidate = challenger or names[0]
    if "candidate" in d:
        candidate = ck.text(("sprt", "candidate"))
        if candidate not in names:
            ck.fail(
                ("sprt", "candidate"),
                f"no entrant named {shown(candidate)} (entrants: {listing(names)})",
            )
    if "baseline" in d:
        raw = d["baseline"]
        listed = raw if isinstance(raw, list) else [raw]
        baselines: list[str] = []
        for i, b in enumerate(listed):
            path = ("sprt", "baseline", i) if isinstance(raw, list) else ("sprt", "baseline")
            if not isinstance(b, str) or b not in names:
                ck.fail(path, f"no entrant named {shown(b)} (entrants: {listing(names)})")
            if b == candidate:
                ck.fail(path, f"{shown(b)} is the candidate: a baseline is another entrant")
            if b in baselines:
                ck.fail(path, f"{shown(b)} is listed twice")
            baselines.append(b)
        if not baselines:
            ck.fail(("sprt", "baseline"), "name at least one entrant")
    elif len(names) == 2 or challenger is not None:
        baselines = [n for n in names if n != candidate]
    else:
        ck.fail(
            ("sprt",),
            f"with {len(names)} entrants, name the baseline the candidate ({candidate}) is "
            "tested against: baseline: NAME, or a list of names for a gauntlet",
        )
    c = names.index(candidate)
    for b in baselines:
        j = names.index(b)
        if not any(c in t and j in t for t in tables):
            ck.fail(
                ("sprt", "baseline"),
                f"{candidate} and {b} never sit at one table in this schedule: "
                "an SPRT compares entrants that meet",
            )
    if candidate == names[0] and baselines == [names[1]] and len(names) == 2:
        return "", ()
    return candidate, tuple(baselines)
