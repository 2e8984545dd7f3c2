"""``golf card stats``: a season of cards, comparing like with like.

A mean score per hole means something only against the same rules and the
same table: six-card's holes are not nine-card's, a 2-player duel is not a
6-player night, and a team's score (Alberta's partners share one layout) is
not one person's.  So the cards are grouped by game (kind, variant with its
``--set`` changes) and player count, and within a group teams are listed
apart from players, each team with its players.  What is not counted is
said: cards with no holes, playoff holes (they decide wins, they are not
holes), unfinished games (their holes count, no win), and scores that
disagree with their layouts (a hand edit, see :func:`.count.check_layouts`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..render import csv_text, plural, text_table
from .model import Scorecard
from .standings import standing


@dataclass
class Record:
    """One player's (or one team's) numbers in a group of cards."""

    name: str
    members: list[str]  # a team's players; empty for a player
    games: int = 0
    finished: int = 0
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)
    best: tuple[int, str] | None = None  # (score, "file hole N")
    worst: tuple[int, str] | None = None

    @property
    def mean(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    def add(self, score: int, where: str) -> None:
        self.scores.append(score)
        if self.best is None or score < self.best[0]:
            self.best = (score, where)
        if self.worst is None or score > self.worst[0]:
            self.worst = (score, where)


@dataclass
class Group:
    """Cards of one game and one player count."""

    kind: str
    game: str
    players: int
    files: list[str] = field(default_factory=list)
    people: dict[str, Record] = field(default_factory=dict)
    teams: dict[frozenset[str], Record] = field(default_factory=dict)

    def ranked(self, team: bool) -> list[Record]:
        rows = list(self.teams.values() if team else self.people.values())
        return sorted(
            rows, key=lambda p: (-p.wins, p.mean if p.mean is not None else float("inf"), p.name)
        )


@dataclass
class Season:
    groups: list[Group]
    left_out: list[str]


def game_of(card: Scorecard) -> str:
    """The game a card was played by, for grouping: the variant and its changes."""
    if card.kind == "mini":
        return "mini golf"
    sets = f" with {', '.join(card.overrides)}" if card.overrides else ""
    return f"{card.variant}{sets}"


def season(cards: Sequence[tuple[str, Scorecard]]) -> Season:
    """Games, wins (a shared win counts 1/k to each of k winners, as in the
    tournament standings), mean score per hole and best and worst hole, per
    group of like cards; and what was left out."""
    groups: dict[tuple[str, str, int], Group] = {}
    empty: list[str] = []
    unfinished: list[str] = []
    playoffs = 0
    doubtful: list[str] = []
    missed = 0
    for file, card in cards:
        if not card.regular:
            empty.append(Path(file).name)
            continue
        key = (card.kind, game_of(card), len(card.players))
        group = groups.setdefault(key, Group(*key))
        group.files.append(file)
        st = standing(card)
        playoffs += len(card.played) - len(card.regular)
        if not st.finished:
            unfinished.append(Path(file).name)
        for i, members in enumerate(card.sides):
            label = card.side_names[i]
            rec = _record(group, members, label)
            rec.games += 1
            if st.finished and label not in card.left:
                rec.finished += 1
                if i in st.winners:
                    rec.wins += 1 / len(st.winners)
            for h in card.regular:
                e = h.scores.get(label)
                if e is None:  # left the game before this hole
                    continue
                if e.missed:
                    missed += 1
                    continue
                if e.problem:
                    doubtful.append(f"{Path(file).name} hole {h.number}, {label}")
                    continue
                rec.add(e.score, f"{file} hole {h.number}")
    left: list[str] = []
    if empty:
        left.append(f"{plural(len(empty), 'card')} with no holes entered: {', '.join(empty)}")
    if playoffs:
        left.append(f"{plural(playoffs, 'playoff hole')}: they decide wins, not counted as holes")
    if unfinished:
        left.append(
            f"{plural(len(unfinished), 'unfinished game')} ({', '.join(unfinished)}): "
            "holes counted, no win"
        )
    if missed:
        left.append(
            f"{plural(missed, 'score')} for holes a player missed (joined later): not played"
        )
    if doubtful:
        left.append(
            f"{plural(len(doubtful), 'score')} that disagree with their layouts: "
            + "; ".join(doubtful)
        )
    ordered = [groups[k] for k in sorted(groups, key=lambda k: (k[0], k[1], k[2]))]
    return Season(ordered, left)


def _record(group: Group, members: list[str], label: str) -> Record:
    """A side's record: a player by name, a team by its players (in any order)."""
    if len(members) == 1:
        return group.people.setdefault(members[0].casefold(), Record(members[0], []))
    key = frozenset(m.casefold() for m in members)
    return group.teams.setdefault(key, Record(label, list(members)))


HEADERS = ["games", "finished", "wins", "holes", "{unit}", "best hole", "worst hole"]


def _cells(p: Record) -> list[str]:
    return [
        str(p.games),
        str(p.finished),
        f"{p.wins:g}" if p.wins == int(p.wins) else f"{p.wins:.2f}",
        str(len(p.scores)),
        "–" if p.mean is None else f"{p.mean:.2f}",
        "–" if p.best is None else f"{p.best[0]} ({p.best[1]})",
        "–" if p.worst is None else f"{p.worst[0]} ({p.worst[1]})",
    ]


def _unit(g: Group) -> str:
    return "strokes/hole" if g.kind == "mini" else "mean/hole"


def stats(cards: Sequence[tuple[str, Scorecard]], fmt: str) -> str:
    s = season(cards)
    if fmt == "json":
        return json.dumps(_json(cards, s), indent=2)
    if fmt == "csv":
        header = ["game", "players", "side", "name", "members", *HEADERS[:4], "mean/hole"]
        rows = [
            [
                g.game,
                g.players,
                "team" if team else "player",
                p.name,
                " & ".join(p.members),
                *_cells(p),
            ]
            for g in s.groups
            for team in (False, True)
            for p in g.ranked(team)
        ]
        return csv_text([*header, *HEADERS[5:]], rows)
    n = len(cards)
    out = [f"{plural(n, 'card')}: " + ", ".join(Path(f).name for f, _ in cards)]
    for g in s.groups:
        files = ", ".join(Path(f).name for f in g.files)
        title = f"{g.game}, {plural(g.players, 'player')}: {plural(len(g.files), 'card')} ({files})"
        out += ["", f"### {title}" if fmt == "markdown" else title, ""]
        headers = [h.format(unit=_unit(g)) for h in HEADERS]
        if g.people:
            rows = [[p.name, *_cells(p)] for p in g.ranked(False)]
            out.append(text_table(["player", *headers], rows, fmt))
        if g.teams:
            if g.people:
                out.append("")
            rows = [[p.name, ", ".join(p.members), *_cells(p)] for p in g.ranked(True)]
            out.append(text_table(["team", "players", *headers], rows, fmt))
    out += [
        "",
        "Cards are compared within one game and player count; teams apart from players. "
        "A shared win counts 1/k to each of the k winners; best and worst are single holes.",
    ]
    if s.left_out:
        out.append("Left out: " + "; ".join(s.left_out) + ".")
    return "\n".join(out)


def _json(cards: Sequence[tuple[str, Scorecard]], s: Season) -> dict[str, Any]:
    def row(p: Record) -> dict[str, Any]:
        return {
            "name": p.name,
            "members": p.members,
            "games": p.games,
            "finished": p.finished,
            "wins": p.wins,
            "holes": len(p.scores),
            "mean_per_hole": None if p.mean is None else round(p.mean, 4),
            "best_hole": None if p.best is None else {"score": p.best[0], "where": p.best[1]},
            "worst_hole": None if p.worst is None else {"score": p.worst[0], "where": p.worst[1]},
        }

    return {
        "cards": [f for f, _ in cards],
        "groups": [
            {
                "kind": g.kind,
                "game": g.game,
                "player_count": g.players,
                "cards": g.files,
                "players": [row(p) for p in g.ranked(False)],
                "teams": [row(p) for p in g.ranked(True)],
            }
            for g in s.groups
        ],
        "left_out": s.left_out,
    }
