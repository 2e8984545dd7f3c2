"""``golf card show`` and ``golf card stats`` as text: table, markdown, csv, json.

The same four formats as the tournament report: a table for the terminal,
markdown for a group chat or a wiki, csv for a spreadsheet, json for
programs.  Numbers come from :func:`.model.standing`; nothing here adds up
scores on its own except the season statistics.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..game import hole_winners, match_standing
from ..stats import text_table
from .model import Card, Standing, par_text, standing

FORMATS = ("table", "markdown", "csv", "json")


def _join(names: Sequence[str]) -> str:
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _hole_label(card: Card, index: int) -> str:
    h = card.played[index]
    if not h.playoff:
        return str(h.number)
    k = sum(1 for x in card.played[: index + 1] if x.playoff)
    return f"playoff {k}"


def status_lines(card: Card, st: Standing, file: str, hints: bool = True) -> list[str]:
    """What the table cannot say at a glance: the leader or the winner, holes to
    play, a tie and how to settle it.

    ``hints=False`` leaves out the ``golf card ...`` commands: they help at the
    terminal but mean nothing on paper, and cutting them out of the finished
    sentences afterwards leaves broken punctuation."""
    names = card.side_names
    lines: list[str] = []
    if not card.played:
        length = f"{card.holes} holes" if card.holes is not None else f"to {card.target}"
        enter = f" Enter one: golf card add {file} NAME=SCORE ..." if hints else ""
        return [f"No holes entered yet ({length}).{enter}"]

    def how(i: int) -> str:
        if st.holes_won is not None:
            return f"{st.holes_won[i]:g} holes won"
        if st.to_par is not None:
            return f"{st.totals[i]} strokes, {par_text(st.to_par[i])}"
        return str(st.totals[i])

    lead = st.leaders
    if st.finished and not st.tied:
        w = st.winners[0]
        via = " after a playoff" if any(h.playoff for h in card.played) else ""
        lines.append(f"Winner: {names[w]} ({how(w)}){via}.")
    elif st.finished:
        tied = _join([names[i] for i in st.winners])
        cmd = f": golf card playoff {file} NAME=SCORE ..."
        if card.ties == "playoff":
            end = cmd if hints else "."
            lines.append(f"Tie: {tied}. These rules settle a tie with a playoff hole{end}")
        else:
            end = cmd if hints else ""
            lines.append(f"Tie: {tied} share the win (or settle it with one more hole{end}).")
    else:
        played = len(card.regular)
        verb = "leads" if len(lead) == 1 and " & " not in names[lead[0]] else "lead"
        if card.scoring == "match" and st.holes_won is not None:
            stand = match_standing(st.holes_won, lead[0]) if len(lead) == 1 else "all square"
            who = f"{_join([names[i] for i in lead])} {verb} ({stand})"
        else:
            who = f"{_join([names[i] for i in lead])} {verb} with {how(lead[0])}"
        if card.holes is not None:
            left = st.holes_left or 0
            lines.append(
                f"After {played} of {card.holes} holes: {who}; "
                f"{left} hole{'s' if left != 1 else ''} to play."
            )
        else:
            top = max(range(len(names)), key=lambda i: st.totals[i])
            rule = "reaches" if card.target_rule == "reach" else "passes"
            lines.append(
                f"After {played} hole{'s' if played != 1 else ''}: {who}. "
                f"The game ends when someone {rule} {card.target}; "
                f"closest: {names[top]} with {st.totals[top]}."
            )
    return lines


def show_rows(card: Card, st: Standing) -> tuple[list[str], list[list[str]]]:
    names = card.side_names
    headers = ["hole"]
    if card.par is not None:
        headers.append("par")
    headers += names
    match = st.holes_won is not None
    if match:
        headers.append("hole won by")
    rows: list[list[str]] = []
    playoffs: list[list[str]] = []  # shown below the totals: they add nothing to them
    for i, h in enumerate(card.played):
        row = [_hole_label(card, i)]
        if card.par is not None:
            row.append("" if h.playoff else str(card.par[h.number - 1]))
        for j, name in enumerate(names):
            e = h.scores.get(name)
            if e is None:
                row.append("")
                continue
            mark = "*" if e.layout is not None else ""
            total = st.running[i][j]
            row.append(f"{e.score}{mark}" if h.playoff else f"{e.score}{mark} ({total})")
        if match:
            played = list(h.scores)
            best = hole_winners([h.scores[n].score for n in played])
            row.append(played[best[0]] if len(best) == 1 else "halved")
        (playoffs if h.playoff else rows).append(row)
    foot = ["total"]
    if card.par is not None:
        foot.append(str(sum(card.par[h.number - 1] for h in card.regular)))
    foot += [str(t) for t in st.totals]
    if match:
        foot.append("")
    rows.append(foot)
    if st.to_par is not None:
        rows.append(["to par", "", *[par_text(d) for d in st.to_par]])
    if st.holes_won is not None:
        rows.append(["holes won", *[f"{w:g}" for w in st.holes_won], ""])
        rows.append(["match", *[match_standing(st.holes_won, i) for i in range(len(names))], ""])
    return headers, rows + playoffs


def describe(card: Card) -> str:
    if card.kind == "mini":
        par = "" if card.par is None else f", par {sum(card.par)}"
        return f"Mini golf, {card.holes} holes{par}; fewest strokes wins."
    if card.holes is not None:
        length = f"{card.holes} holes"
    else:
        cap = f" (at most {card.max_holes} holes)" if card.max_holes else ""
        rule = "reaches" if card.target_rule == "reach" else "passes"
        length = f"until someone {rule} {card.target}{cap}"
    how = "match play, most holes won wins" if card.scoring == "match" else "lowest total wins"
    sets = f" with {', '.join(card.overrides)}" if card.overrides else ""
    return f"{card.variant}{sets}: {length}, {how}."


def show(card: Card, fmt: str, file: str, details: bool = False) -> str:
    st = standing(card)
    if fmt == "json":
        return json.dumps(show_json(card, st), indent=2)
    names = card.side_names
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        head = ["hole", "playoff"]
        if card.par is not None:
            head.append("par")
        for n in names:
            head += [n, f"{n} total"]
        w.writerow(head)
        for i, h in enumerate(card.played):
            row: list[Any] = [h.number, "yes" if h.playoff else "no"]
            if card.par is not None:
                row.append("" if h.playoff else card.par[h.number - 1])
            for j, n in enumerate(names):
                e = h.scores.get(n)
                total = st.running[i][j]
                row += [
                    "" if e is None else e.score,
                    "" if h.playoff or total is None else total,
                ]
            w.writerow(row)
        return buf.getvalue().rstrip("\n")

    headers, rows = show_rows(card, st)
    table = text_table(headers, rows, fmt)
    title = card.title or ("Mini golf scorecard" if card.kind == "mini" else "Golf scorecard")
    out = [f"## {title}" if fmt == "markdown" else title, describe(card)]
    if card.values and fmt != "markdown":
        out += card.values[:2]
    out += ["", table, ""]
    counted = [(h, n, e) for h in card.played for n, e in h.scores.items() if e.layout is not None]
    if counted:
        out.append(
            "* counted from a layout:" if fmt != "markdown" else "\\* counted from a layout:"
        )
        for h, n, e in counted:
            label = f"playoff hole {h.number}" if h.playoff else f"hole {h.number}"
            bullet = "- " if fmt == "markdown" else "  "
            out.append(f"{bullet}{label}, {n}: {e.layout} = {e.score}")
            if details:
                out += [f"{bullet}    {line}" for line in e.count]
        out.append("")
    out += status_lines(card, st, file)
    return "\n".join(out)


def show_json(card: Card, st: Standing) -> dict[str, Any]:
    names = card.side_names
    rows = []
    for i, h in enumerate(card.played):
        row: dict[str, Any] = {"hole": h.number, "playoff": h.playoff}
        if card.par is not None and not h.playoff:
            row["par"] = card.par[h.number - 1]
        row["scores"] = {n: e.score for n, e in h.scores.items()}
        if not h.playoff:
            row["totals"] = {n: st.running[i][j] for j, n in enumerate(names)}
        counted = {
            n: {"layout": e.layout, "count": e.count} for n, e in h.scores.items() if e.layout
        }
        if counted:
            row["counted"] = counted
        rows.append(row)
    return {
        "kind": card.kind,
        "title": card.title,
        "variant": card.variant,
        "set": card.overrides,
        "values": card.values,
        "holes": card.holes,
        "target": card.target,
        "scoring": card.scoring,
        "ties": card.ties,
        "players": card.players,
        "sides": names,
        "par": card.par,
        "rows": rows,
        "totals": dict(zip(names, st.totals, strict=True)),
        "holes_won": None if st.holes_won is None else dict(zip(names, st.holes_won, strict=True)),
        "to_par": None
        if st.to_par is None
        else {n: par_text(d) for n, d in zip(names, st.to_par, strict=True)},
        "holes_played": len(card.regular),
        "holes_left": st.holes_left,
        "finished": st.finished,
        "leaders": [names[i] for i in st.leaders],
        "winners": [names[i] for i in st.winners],
        "tied": st.tied,
    }


# --------------------------------------------------------------------------- stats


@dataclass
class PlayerSeason:
    """One player's numbers over many cards (a partner shares the group's scores)."""

    name: str
    games: int = 0
    finished: int = 0
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)
    best: tuple[int, str] | None = None  # (score, "file hole N")
    worst: tuple[int, str] | None = None

    @property
    def mean(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None


def season(cards: Sequence[tuple[str, Card]]) -> list[PlayerSeason]:
    """Games, wins (a shared win counts 1/k to each of k winners, as in the
    tournament standings), mean score per hole and best and worst hole."""
    table: dict[str, PlayerSeason] = {}
    for file, card in cards:
        st = standing(card)
        for i, members in enumerate(card.sides):
            label = card.side_names[i]
            for member in members:
                p = table.setdefault(member.casefold(), PlayerSeason(member))
                p.games += 1
                if st.finished:
                    p.finished += 1
                    if i in st.winners:
                        p.wins += 1 / len(st.winners)
                for h in card.regular:
                    s = h.scores[label].score
                    p.scores.append(s)
                    where = f"{file} hole {h.number}"
                    if p.best is None or s < p.best[0]:
                        p.best = (s, where)
                    if p.worst is None or s > p.worst[0]:
                        p.worst = (s, where)
    return sorted(
        table.values(),
        key=lambda p: (-p.wins, p.mean if p.mean is not None else float("inf"), p.name),
    )


def stats(cards: Sequence[tuple[str, Card]], fmt: str) -> str:
    players = season(cards)
    kind = cards[0][1].kind if cards else "golf"
    unit = "strokes/hole" if kind == "mini" else "mean/hole"
    if fmt == "json":
        return json.dumps(
            {
                "cards": [f for f, _ in cards],
                "kind": kind,
                "players": [
                    {
                        "player": p.name,
                        "games": p.games,
                        "finished": p.finished,
                        "wins": p.wins,
                        "holes": len(p.scores),
                        "mean_per_hole": None if p.mean is None else round(p.mean, 4),
                        "best_hole": None
                        if p.best is None
                        else {"score": p.best[0], "where": p.best[1]},
                        "worst_hole": None
                        if p.worst is None
                        else {"score": p.worst[0], "where": p.worst[1]},
                    }
                    for p in players
                ],
            },
            indent=2,
        )
    headers = ["player", "games", "finished", "wins", "holes", unit, "best hole", "worst hole"]
    rows = []
    for p in players:
        rows.append(
            [
                p.name,
                str(p.games),
                str(p.finished),
                f"{p.wins:g}" if p.wins == int(p.wins) else f"{p.wins:.2f}",
                str(len(p.scores)),
                "–" if p.mean is None else f"{p.mean:.2f}",
                "–" if p.best is None else f"{p.best[0]} ({p.best[1]})",
                "–" if p.worst is None else f"{p.worst[0]} ({p.worst[1]})",
            ]
        )
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(headers)
        w.writerows(rows)
        return buf.getvalue().rstrip("\n")

    what = "mini golf" if kind == "mini" else "golf"
    head = f"{len(cards)} {what} card{'s' if len(cards) != 1 else ''}: " + ", ".join(
        Path(f).name for f, _ in cards
    )
    table = text_table(headers, rows, fmt)
    note = "A shared win counts 1/k to each of the k winners; best and worst are single holes."
    return "\n".join([head, "", table, "", note])
