"""``golf ratings`` as text: the leaderboards of the ratings database
(``tournament/leaderboard.py``'s JSON data) as a table per board, Markdown,
one CSV table (a row per bot per board) or JSON."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from . import csv_text, json_text, plural, text_table

NOTES = (
    "rating: skill on the Plackett–Luce model's scale, not in strokes (a newcomer starts at "
    "25; a bot 6 points above another, both well measured, finishes ahead of it about 3 times "
    "in 4); ± covers the true skill 19 times in 20",
    "ranked by rating − ±: how good we are sure a bot is (few games: a wide ±, a low place)",
    "a bot is its code and options: a changed bot file is a new bot, and the same file under "
    "another path or name is the same bot (its other specs in brackets)",
    "label: the version a player's name gave it (name@label); code: the first characters of "
    "its code's fingerprint",
)
HEADERS = (
    "rank",
    "bot",
    "label",
    "as",
    "code",
    "rating",
    "±",
    "games",
    "first seen",
    "last seen",
)
CSV_HEADER = (
    "variant",
    "rules",
    "seats",
    "format",
    "rank",
    "bot",
    "options",
    "code",
    "names",
    "label",
    "rating",
    "ci95",
    "games",
    "first_seen",
    "last_seen",
)


def spec_text(bot: str, options: Mapping[str, Any]) -> str:
    """``greedy?threshold=6``: a bot as a spec a config could give."""
    if not options:
        return bot
    opts = "&".join(f"{k}={v if isinstance(v, str) else json.dumps(v)}" for k, v in options.items())
    return f"{bot}?{opts}"


def bot_text(r: Mapping[str, Any]) -> str:
    """A board's bot as its last spec, and the other specs its code was
    given as: ``bots/pairs.py (also mybot.py)``."""
    text = spec_text(r["bot"], r["options"])
    others = [s for s in r.get("specs") or () if s != r["bot"]]
    return f"{text} (also {', '.join(others)})" if others else text


def _unlabelled(names: Sequence[str]) -> list[str]:
    """The names without their labels (``pairs@v2`` -> ``pairs``), once each."""
    out: list[str] = []
    for n in names:
        base, at, label = n.rpartition("@")
        name = base if at and base and label else n
        if name not in out:
            out.append(name)
    return out


def local_time(utc: str) -> str:
    """``2026-12-01T14:02:09Z`` as this machine's local minute."""
    try:
        when = datetime.strptime(utc, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    except ValueError:
        return utc
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


def board_title(b: Mapping[str, Any], boards: Sequence[Mapping[str, Any]]) -> str:
    """``six-card, 2 players, stroke play: ...``; the rules' digest too when
    two boards share a variant's name and player count."""
    twin = sum(1 for o in boards if (o["variant"], o["seats"]) == (b["variant"], b["seats"])) > 1
    rules = f" (rules {b['rules'][:8]})" if twin else ""
    return (
        f"{b['variant']}{rules}, {b['seats']} players, {b['format']} play: "
        f"{b['games']:,} games in {plural(b['runs'], 'run')}"
    )


def board_rows(b: Mapping[str, Any]) -> list[list[Any]]:
    """A board's rows under :data:`HEADERS`, as every format but CSV and JSON shows them."""
    return [
        [
            r["rank"],
            bot_text(r),
            r.get("label") or "-",
            ", ".join(_unlabelled(r["names"])),
            r["code"][:8] or "-",
            f"{r['rating']:.1f}",
            f"{r['ci95']:.1f}",
            f"{r['games']:,}",
            local_time(r.get("first_seen") or r["last_seen"]),
            local_time(r["last_seen"]),
        ]
        for r in b["ratings"]
    ]


def render_ratings(data: Mapping[str, Any], fmt: str) -> str:
    """``data`` (``leaderboard.boards_json``) in ``fmt``, one of render.FORMATS
    (the page, ``html``, is :func:`golfcli.render.html.ratings_page`)."""
    boards = data["boards"]
    if fmt == "json":
        return json_text(data)
    if fmt == "csv":
        return csv_text(
            CSV_HEADER,
            (
                (
                    *(b[k] for k in ("variant", "rules", "seats", "format")),
                    *(r[k] for k in ("rank", "bot")),
                    json.dumps(r["options"], sort_keys=True),
                    r["code"],
                    " ".join(r["names"]),
                    r.get("label") or "",
                    *(r.get(k) for k in ("rating", "ci95", "games", "first_seen", "last_seen")),
                )
                for b in boards
                for r in b["ratings"]
            ),
        )
    md = fmt == "markdown"
    parts: list[str] = []
    for b in boards:
        rows = board_rows(b)
        title = board_title(b, boards)
        parts += [f"## {title}" if md else title, "", text_table(HEADERS, rows, fmt), ""]
    parts += [f"* {n}" if md else n for n in (*NOTES, f"database: {data['database']}")]
    return "\n".join(parts)
