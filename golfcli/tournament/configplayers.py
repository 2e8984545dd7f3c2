"""A tournament config's entrants: its players (each bot's spec, options,
command and clock checked, a bot file's path resolved) and its teams.  Two
steps of :func:`golfcli.tournament.config.load_config`, in a room of their
own because a bot's spec has the most ways to be wrong.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

from ..arguments import listing, reason, shown
from ..variant import Variant
from ..yamlsrc import (
    Checker,
    KeyPath,
    did_you_mean,
)
from .plan import Entrant, PlayerSpec

PLAYER_KEYS = ("name", "bot", "command", "options", "time_limit", "time_bank")
#: Longest player name: it names a log file in the run directory.
MAX_NAME = 100


def read_players(ck: Checker, top: dict[str, Any], base_dir: Path) -> list[PlayerSpec]:
    raw = top.get("players")
    if not isinstance(raw, list) or len(raw) < 2:
        ck.fail(
            ("players",), "give a list of at least two players, e.g. - {name: ann, bot: greedy}"
        )
    out: list[PlayerSpec] = []
    seen: set[str] = set()
    for i in range(len(raw)):
        p: KeyPath = ("players", i)
        d = ck.mapping(p, PLAYER_KEYS, "a player")
        if "name" not in d:
            ck.fail(p, "every player needs a name")
        name = ck.text((*p, "name"))
        if name in seen:
            ck.fail((*p, "name"), f"two players are named {shown(name)}")
        if "&" in name:
            ck.fail((*p, "name"), "a name may not contain & (it joins partners' names)")
        if len(name) > MAX_NAME or "/" in name or "\\" in name or "\0" in name:
            ck.fail(
                (*p, "name"),
                f"a name has at most {MAX_NAME} characters and no / or \\ (it names a log file)",
            )
        seen.add(name)
        if ("bot" in d) == ("command" in d):
            ck.fail(
                p,
                "give exactly one of bot: (a spec like greedy or my_bot.py) or command: [argv...]",
            )
        options: dict[str, Any] = {}
        if d.get("options") is not None:
            opts = ck.get((*p, "options"))
            if not isinstance(opts, dict) or not all(isinstance(k, str) for k in opts):
                ck.fail((*p, "options"), "must map option names to values, e.g. {threshold: 3}")
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
            if spec.startswith("cmd:") and not _split(ck, (*p, "bot"), spec[4:]):
                ck.fail((*p, "bot"), "cmd: needs a program, e.g. cmd:python3 my_bot.py")
            _check_bot(ck, (*p, "bot"), spec, options, base_dir)
        else:
            cmd = ck.get((*p, "command"))
            if isinstance(cmd, str):
                cmd = _split(ck, (*p, "command"), cmd)
            if (
                not isinstance(cmd, list)
                or not cmd
                or not all(isinstance(a, (str, int, float)) for a in cmd)
            ):
                ck.fail(
                    (*p, "command"),
                    "must be a program and its arguments, e.g. [python3, my_bot.py]",
                )
            if options:
                ck.fail(
                    (*p, "options"),
                    "options go to in-process bots; give a program its arguments in command:",
                )
            argv = [str(a) for a in cmd]
            _check_bot(ck, (*p, "command"), argv, options, base_dir)
            player = PlayerSpec(name, None, tuple(argv), options, tl, tb)
        out.append(player)
    return out


def _split(ck: Checker, path: KeyPath, text: str) -> list[str]:
    """A command line split as a shell would; an unclosed quote is a config error."""
    from ..bots import BotSpecError
    from ..bots.registry import split_command

    try:
        return split_command(text)
    except BotSpecError as exc:
        ck.fail(path, str(exc))


def _check_bot(
    ck: Checker, path: KeyPath, target: str | list[str], options: dict[str, Any], base_dir: Path
) -> None:
    """Build the bot once (an external program is checked, not started), so
    that an unknown name, a bad option or a missing program fails now, with a line."""
    from ..bots import BotSpecError
    from ..bots.registry import close_bot, make_bot

    label = target if isinstance(target, str) else shlex.join(target)
    try:
        bot = make_bot(target, seed=0, options=dict(options), base_dir=base_dir)
    except BotSpecError as exc:
        ck.fail(path, str(exc))
    except ImportError as exc:
        ck.fail(path, f"bot {shown(label)} is not available in this install ({reason(exc)})")
    except Exception as exc:
        ck.fail(path, f"bot {shown(label)} cannot be created: {type(exc).__name__}: {reason(exc)}")
    close_bot(bot)


def read_teams(
    ck: Checker, raw: Any, by_name: dict[str, int], size: int, variant: Variant
) -> list[Entrant]:
    if not variant.partners.player_counts:
        ck.fail(
            ("teams",),
            f"variant {shown(variant.name)} has no partner play (partners.player_counts is empty)",
        )
    items: list[tuple[str | None, KeyPath, Any]]
    if isinstance(raw, dict):
        items = [(str(k), ("teams", k), v) for k, v in raw.items()]
    elif isinstance(raw, list):
        items = [(None, ("teams", i), v) for i, v in enumerate(raw)]
    else:
        ck.fail(
            ("teams",),
            "must map team names to lists of players, e.g. {north: [ann, cat], east: [bob, dan]}",
        )
    if len(items) < 2:
        ck.fail(("teams",), "give at least two teams")
    used: dict[str, str] = {}
    out: list[Entrant] = []
    for tname, path, members in items:
        if not isinstance(members, list) or not all(isinstance(m, str) for m in members):
            ck.fail(path, "must be a list of player names")
        if len(members) != size:
            ck.fail(
                path,
                f"variant {shown(variant.name)} has partners in groups of {size}, "
                f"not {len(members)}",
            )
        idx = []
        for j, m in enumerate(members):
            if m not in by_name:
                ck.fail((*path, j), f"no player named {shown(m)}{did_you_mean(m, by_name)}")
            if m in used:
                ck.fail((*path, j), f"{shown(m)} is already in team {shown(used[m])}")
            idx.append(by_name[m])
        label = tname or " & ".join(members)
        if "&" in label and tname is not None:
            ck.fail(path, "a team name may not contain &")
        for m in members:
            used[m] = label
        out.append(Entrant(label, tuple(idx)))
    missing = [n for n in by_name if n not in used]
    if missing:
        ck.fail(("teams",), f"player(s) {listing(missing)} are in no team")
    if len({e.name for e in out}) != len(out):
        ck.fail(("teams",), "two teams have the same name")
    return out
