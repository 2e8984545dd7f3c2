"""A table's setup: the variant, the holes, who sits where, and the host's
settings, checked into one line naming the field at fault.

A setup comes from a page's form as JSON, so every field is checked as
if hostile (:meth:`TableSetup.from_data`); from Python it is the same
dataclass, checked the same way when a table is made (:func:`resolve`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..arguments import shown
from ..limits import MAX_HOLES, MAX_SEED
from ..variant import BUILTIN_NAMES, Variant
from . import TableError
from .folder import BotChoice, Folder, find_bot, find_variant

PLAYERS = ("human", "bot")
#: Bounds of the host's settings, in seconds.
AWAY_RANGE = (0.05, 3600.0)
DELAY_RANGE = (0.0, 10.0)


@dataclass(frozen=True)
class SeatSetup:
    """One seat: a person's (``human``: taken by whoever joins) or a bot's
    (``bot``: a built-in's name or a bot file of the served folder)."""

    player: str = "human"
    bot: str | None = None


@dataclass(frozen=True)
class TableSetup:
    """What a host chooses.

    ``away`` is how long (seconds) a person may be gone, their page closed
    or their connection lost, before ``standin`` (a built-in bot) plays
    their seat until they are back; it also bounds the pause between holes
    for someone who does not tap on.  ``bot_delay`` is a pause before each
    bot move, so that people can follow them.  ``hints``: whether the
    coach's hints may be switched on (each seat switches its own).
    ``seed`` deals the same cards again (else a fresh secret key, recorded
    with the game)."""

    variant: str = "six-card"
    seats: tuple[SeatSetup, ...] = (SeatSetup("human"), SeatSetup("bot", "greedy"))
    holes: int | None = None
    away: float = 60.0
    standin: str = "greedy"
    bot_delay: float = 0.0
    hints: bool = True
    seed: int | None = None

    @classmethod
    def from_data(cls, data: object) -> TableSetup:
        """A setup from a page's JSON, every field checked (a TableError names the first
        bad one); a field left out keeps its default."""
        if not isinstance(data, Mapping):
            raise TableError("a table's setup is an object of fields")
        known = {f for f in cls.__dataclass_fields__}
        for key in data:
            if key not in known:
                raise TableError(f"unknown field {shown(key)} (fields: {', '.join(sorted(known))})")
        raw_seats = data.get("seats", [{"player": "human"}, {"player": "bot", "bot": "greedy"}])
        if not isinstance(raw_seats, list) or not raw_seats or len(raw_seats) > 16:
            raise TableError("seats: a list of 1 to 16 seats")
        seats = tuple(_seat(i, s) for i, s in enumerate(raw_seats))
        kwargs: dict[str, Any] = {"seats": seats}
        for key in ("variant", "standin"):
            if key in data:
                kwargs[key] = data[key]
        for key in ("holes", "away", "bot_delay", "hints", "seed"):
            if key in data:
                kwargs[key] = data[key]
        return cls(**kwargs)


def _seat(i: int, s: object) -> SeatSetup:
    if isinstance(s, str):
        s = {"player": "human"} if s == "human" else {"player": "bot", "bot": s}
    if not isinstance(s, Mapping):
        raise TableError(f"seats[{i}]: a seat is 'human', a bot's name or an object")
    extra = set(s) - {"player", "bot"}
    if extra:
        raise TableError(f"seats[{i}]: unknown field {shown(sorted(map(str, extra))[0])}")
    player = s.get("player", "human")
    if player not in PLAYERS:
        raise TableError(f"seats[{i}].player: human or bot, not {shown(player)}")
    bot = s.get("bot")
    if bot is not None and not isinstance(bot, str):
        raise TableError(f"seats[{i}].bot: a bot's name, not {shown(bot)}")
    return SeatSetup(str(player), bot)


@dataclass
class Plan:
    """A setup checked and resolved: the variant itself, each seat's bot
    (None for a person's seat), the stand-in and the settings."""

    variant: Variant
    bots: list[BotChoice | None]
    holes: int | None
    away: float
    standin: BotChoice
    bot_delay: float
    hints: bool
    seed: int | None
    folder: Folder | None
    variant_source: str = ""  # a built-in's name, or the variant file's path
    names: list[str | None] = field(default_factory=list)  # bots' names; people name themselves


def resolve(setup: TableSetup, folder: Folder | None) -> Plan:
    """Check ``setup`` against the rules and the folder: a TableError names the field."""
    if not isinstance(setup, TableSetup):
        raise TableError("setup: a TableSetup")
    variant = find_variant(setup.variant, folder)
    seats = setup.seats
    if not isinstance(seats, tuple | list) or not all(isinstance(s, SeatSetup) for s in seats):
        raise TableError("seats: a list of seats")
    try:
        variant.check_players(len(seats))
    except ValueError as exc:
        raise TableError(f"seats: {exc}") from None
    bots: list[BotChoice | None] = []
    for i, s in enumerate(seats):
        if s.player == "human":
            bots.append(None)
        elif s.player == "bot":
            bots.append(bot_choice(s.bot, folder, f"seats[{i}].bot"))
        else:
            raise TableError(f"seats[{i}].player: human or bot, not {shown(s.player)}")
    if not any(b is None for b in bots):
        raise TableError("seats: at least one seat is a person's (a table of bots has no one)")
    holes = setup.holes
    if holes is not None and (type(holes) is not int or not 1 <= holes <= MAX_HOLES):
        raise TableError(
            f"holes: 1 to {MAX_HOLES}, or none for the variant's game, not {shown(holes)}"
        )
    away = _seconds("away", setup.away, AWAY_RANGE)
    delay = _seconds("bot_delay", setup.bot_delay, DELAY_RANGE)
    standin = bot_choice(setup.standin, None, "standin")
    if type(setup.hints) is not bool:
        raise TableError(f"hints: true or false, not {shown(setup.hints)}")
    seed = setup.seed
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        raise TableError(f"seed: a whole number from 0 to {MAX_SEED}, not {shown(seed)}")
    source = setup.variant
    if folder is not None and source not in BUILTIN_NAMES:
        source = str(folder.path / source)
    names = bot_names(bots)
    return Plan(
        variant, bots, holes, away, standin, delay, setup.hints, seed, folder, source, names
    )


def bot_choice(name: object, folder: Folder | None, field_name: str) -> BotChoice:
    """The bot ``name`` names, its options checked now (a misspelt option is
    refused when the table is set up, not at its first move)."""
    from ..bots import BotSpecError
    from ..bots.registry import BUILTIN_BOTS, builtin_factory, split_options

    try:
        choice = find_bot(name, folder)
        if isinstance(choice.spec, str):
            base, opts = split_options(choice.spec)
            if base in BUILTIN_BOTS:
                builtin_factory(base, opts)
    except (TableError, BotSpecError) as exc:
        raise TableError(f"{field_name}: {exc}") from None
    return choice


def bot_names(bots: list[BotChoice | None]) -> list[str | None]:
    """A name for each bot seat from its bot (``greedy``, ``my_bot``), numbered
    when two are alike (``greedy 2``): names seed the bots and label the sides."""
    out: list[str | None] = []
    taken: dict[str, int] = {}
    for b in bots:
        if b is None:
            out.append(None)
            continue
        base = Path(b.label.partition("?")[0]).stem or "bot"
        taken[base] = taken.get(base, 0) + 1
        out.append(base if taken[base] == 1 else f"{base} {taken[base]}")
    return out


def _seconds(name: str, value: object, bounds: tuple[float, float]) -> float:
    lo, hi = bounds
    if isinstance(value, bool) or not isinstance(value, int | float) or not lo <= value <= hi:
        raise TableError(f"{name}: seconds from {lo:g} to {hi:g}, not {shown(value)}")
    return float(value)
