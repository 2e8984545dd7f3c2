"""What a tournament is, once its config is validated: players, entrants,
tables, seeds and the game each index stands for.

Game ``i`` is fully determined by the plan and ``i`` (:meth:`Plan.slot`):
its deal, table, rotation and match key.  Nothing here reads a file or
starts a process, so a plan can be pickled to any worker.

The deals come from the run's *key* (golfcli.keys): 256 random bits when no
seed is given, so no bot can search for them; derived from the seed when
one is given, so a seeded run can be reproduced -- by anyone who knows the
seed.  Game ``i`` is played with the match key ``derive(key, "deal:D")``
in duplicate mode (every seating of deal D gets the same cards), else
``derive(key, "game:i")``.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from ..exceptions import GolfError
from ..keys import derive
from ..rulestext import game_length
from ..sprt import SprtSpec
from ..variant import Variant
from ..yamlsrc import SourceError


class ConfigError(SourceError):
    """A tournament config or option is invalid: ``file:line: key: problem``."""


class RunError(GolfError):
    """The run cannot go on (a game failed, a worker died); finished games are kept."""


@dataclass(frozen=True)
class ExecutorSpec:
    """How to run games; never part of the config hash (results do not depend on it)."""

    kind: str = "local"
    address: str | None = None  # Dask scheduler; None: DASK_SCHEDULER_ADDRESS or a LocalCluster
    batch_size: int | None = None  # games per task; None: sized to TARGET_SECONDS
    max_in_flight: int | None = None  # tasks in flight; None: IN_FLIGHT_PER_SLOT x slots

    def where(self) -> str:
        """Where Dask games run, in words: the scheduler's address or a LocalCluster."""
        return self.resolved_address() or "a new LocalCluster"

    def resolved_address(self) -> str | None:
        return self.address or os.environ.get("DASK_SCHEDULER_ADDRESS") or None


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
    sides: tuple[int, ...]  # entrant index per side (seats by the variant's side_of)


@lru_cache(maxsize=64)
def _deal_seed(key: str, deal: int) -> str:
    """The seed of deal ``deal``: a duplicate deal's games (every seating of
    every table) follow one another, so each HMAC is worked out once."""
    return derive(key, f"deal:{deal}")


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
    seed: int | None  # None: no seed was given, the key is random and secret
    seed_given: bool  # False: a fresh random key (a resumed run adopts the recorded one)
    # the run's key: every deal and bot seed derives from it (see golfcli.keys);
    # out of repr, so no error message or log line can carry it
    key: str = field(repr=False)
    workers: int
    time_limit: float | None
    time_bank: float | None
    fault_policy: str
    forfeit_penalty: int
    sprt: SprtSpec | None
    record_events: bool
    file_hashes: tuple[tuple[str, str], ...] = ()
    executor: ExecutorSpec = field(default_factory=ExecutorSpec)
    # each game's moves in its games.jsonl line (compact: golfcli.replay.moves_text);
    # out of canonical(): it decides no result, and a resume may change it
    record_moves: bool = True

    # Cached (the plan is frozen): slot() reads them for every game.
    @cached_property
    def seats(self) -> int:
        return self.per_table * self.team_size

    @cached_property
    def seatings(self) -> int:
        """Rotations through the seats: entrants round the table, members within a team."""
        return self.per_table * self.team_size

    @cached_property
    def rotations(self) -> int:
        """Games per deal per table: every seating in duplicate mode, else one."""
        return self.seatings if self.duplicate else 1

    @cached_property
    def per_deal(self) -> int:
        return len(self.tables) * self.rotations

    @cached_property
    def total(self) -> int:
        return self.games * self.per_deal

    @cached_property
    def side_of(self) -> tuple[int, ...]:
        """The side each seat of a table plays: the variant's seating of partners."""
        return self.variant.side_of(self.per_table * self.team_size)

    def slot(self, index: int) -> Slot:
        if not 0 <= index < self.total:
            raise IndexError(f"game {index} is not in this tournament (0..{self.total - 1})")
        deal, rem = divmod(index, self.per_deal)
        table, r = divmod(rem, self.rotations)
        if self.duplicate:
            rotation, seed = r, _deal_seed(self.key, deal)
        else:
            rotation, seed = deal % self.seatings, derive(self.key, f"game:{index}")
        k, m = self.per_table, self.team_size
        shift, member_shift = divmod(rotation, m)
        entrants = self.tables[table]
        sides = tuple(entrants[(p + shift) % k] for p in range(k))
        # each side's members take its seats in turn, as the variant seats partners
        seating = [0] * (k * m)
        taken = [0] * k
        for s, p in enumerate(self.side_of):
            members = self.entrants[sides[p]].members
            seating[s] = members[(taken[p] + member_shift) % m]
            taken[p] += 1
        return Slot(index, deal, table, rotation, seed, tuple(seating), sides)

    def canonical(self) -> dict[str, Any]:
        """Everything that decides the results (not games, workers, output)."""
        out: dict[str, Any] = plain_json(
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
                "key_commitment": self.key_commitment,
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
    def key_commitment(self) -> str:
        """SHA-256 of the key: can be published before the run (it reveals
        nothing) and checked against the key published after it, which proves
        the deals were fixed before any game was played."""
        return hashlib.sha256(f"golf key commitment:{self.key}".encode()).hexdigest()

    @property
    def config_hash(self) -> str:
        text = json.dumps(self.canonical(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def holes_label(self) -> str:
        return game_length(self.variant.game, self.holes, form="report")


def plain_json(obj: Any) -> Any:
    """JSON-ready copy: mapping keys as text (YAML allows int keys)."""
    if isinstance(obj, Mapping):
        return {str(k): plain_json(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [plain_json(v) for v in obj]
    return obj
