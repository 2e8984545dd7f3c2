"""``golf card show``, ``log`` and ``stats`` as text: table, markdown, csv, json.

The same four formats as the tournament report: a table for the terminal,
markdown for a group chat or a wiki, csv for a spreadsheet, json for
programs.  Numbers come from :func:`.standings.standing`; nothing here adds up
scores on its own except the season statistics.  A score whose stored
layout counts to another number (a hand edit, see
:func:`.count.check_layouts`) is marked ``!`` and explained under the table.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Sequence
from typing import Any

from ..game import match_standing
from ..render import csv_text, plural, text_table
from .model import (
    TABLE_CHANGES,
    Change,
    EnteredHole,
    Entry,
    Scorecard,
    hole_label,
    label_words,
    local_time,
    par_text,
)
from .standings import Standing, standing
from .table import switch_words


def _join(names: Sequence[str]) -> str:
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _hole_number(card: Scorecard, h: EnteredHole) -> int:
    """A hole's number as every view shows it: playoff holes count from 1."""
    return int(hole_label(card, h).removeprefix("P"))


def mark(e: Entry) -> str:
    """A score as a view shows it: ``*`` counted from a layout, ``!`` when the
    stored score disagrees with its layout (never shown as if right), ``~``
    for a hole a late player missed (a score the table gave, not one played)."""
    counted = "*" if e.layout is not None else ""
    return f"{e.score}{counted}{'!' if e.problem else ''}{'~' if e.missed else ''}"


def void_notes(card: Scorecard, st: Standing) -> list[str]:
    """Why each playoff hole that does not count does not (a correction since
    changed who is tied: see :mod:`.standings`), one sentence each."""
    names = card.side_names
    out = []
    for index, tied in st.void_playoffs:
        h = card.played[index]
        hole = label_words(hole_label(card, h))
        if len(tied) == 1:
            out.append(f"{hole} does not count: {names[tied[0]]} had won without it")
            continue
        played = _join([n for n in names if n in h.scores])
        tie = _join([names[i] for i in tied])
        out.append(f"{hole} does not count: it was played by {played}, but {tie} are tied")
    return out


def next_hole_words(card: Scorecard, st: Standing) -> str:
    """The hole to be played next, in words: "hole 4", "playoff hole 1"."""
    if st.finished:
        return label_words(f"P{len(card.played) - len(card.regular) + 1}")
    return label_words(str(len(card.regular) + 1))


def status_lines(card: Scorecard, st: Standing, file: str, hints: bool = True) -> list[str]:
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
        return [f"No holes entered yet ({length}).{enter}", *_table_lines(card, st)]

    def how(i: int) -> str:
        if st.holes_won is not None:
            return f"{st.holes_won[i]:g} holes won"
        if st.to_par is not None:
            return f"{st.totals[i]} strokes, {par_text(st.to_par[i])}"
        return str(st.totals[i])

    lead = st.leaders
    if st.finished and not st.tied:
        w = st.winners[0]
        via = " after a playoff" if st.by_playoff else ""
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
                f"After {played} of {card.holes} holes: {who}; {plural(left, 'hole')} to play."
            )
        else:
            top = max(range(len(names)), key=lambda i: st.totals[i])
            rule = "reaches" if card.target_rule == "reach" else "passes"
            lines.append(
                f"After {plural(played, 'hole')}: {who}. "
                f"The game ends when someone {rule} {card.target}; "
                f"closest: {names[top]} with {st.totals[top]}."
            )
    lines += [f"{n[:1].upper()}{n[1:]}." for n in void_notes(card, st)]
    return lines + _table_lines(card, st)


def _table_lines(card: Scorecard, st: Standing) -> list[str]:
    """Who left the game, and who deals next (while there is a hole to deal)."""
    out = [f"{name} left after hole {k}: out of the running." for name, k in card.left.items()]
    if card.dealer is not None and not (st.finished and not st.tied):
        out.append(f"{card.dealer} deals {next_hole_words(card, st)}.")
    return out


def show_rows(card: Scorecard, st: Standing) -> tuple[list[str], list[list[str]]]:
    names = card.side_names
    headers = ["hole"]
    if card.par is not None:
        headers.append("par")
    headers += names
    match = st.holes_won is not None
    if match:
        headers += ["hole won by", "match"]
    rows: list[list[str]] = []
    playoffs: list[list[str]] = []  # shown below the totals: they add nothing to them
    for i, h in enumerate(card.played):
        row = [hole_label(card, h)]
        if card.par is not None:
            row.append(_par(card.par_of(h)))
        for j, name in enumerate(names):
            e = h.scores.get(name)
            if e is None:
                row.append("")
                continue
            total = st.running[i][j]
            row.append(mark(e) if h.playoff else f"{mark(e)} ({total})")
        if match:
            best = st.won_by[i]
            row += [names[best[0]] if len(best) == 1 else "halved", st.match[i] or ""]
        (playoffs if h.playoff else rows).append(row)
    foot = ["total"]
    if card.par is not None:
        foot.append(str(sum(card.par_of(h) or 0 for h in card.regular)))
    foot += [str(t) for t in st.totals]
    if match:
        foot += ["", ""]
    rows.append(foot)
    if st.to_par is not None:
        rows.append(["to par", "", *[par_text(d) for d in st.to_par]])
    if st.holes_won is not None:
        rows.append(["holes won", *[f"{w:g}" for w in st.holes_won], "", ""])
        rows.append(
            ["match", *[match_standing(st.holes_won, i) for i in range(len(names))], "", ""]
        )
    return headers, rows + playoffs


def _par(par: int | None) -> str:
    return "" if par is None else str(par)


def describe(card: Scorecard) -> str:
    if card.kind == "mini":
        known = [] if card.par is None else [p for p in card.par if p is not None]
        par = "" if not known else f", par {sum(known)}"
        if card.par is not None and len(known) < len(card.par):
            par += f" for the {plural(len(known), 'hole')} whose par is known"
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


def show(card: Scorecard, fmt: str, file: str, details: bool = False) -> str:
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
            row: list[Any] = [_hole_number(card, h), "yes" if h.playoff else "no"]
            if card.par is not None:
                row.append(_par(card.par_of(h)))
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
            label = label_words(hole_label(card, h))
            bullet = "- " if fmt == "markdown" else "  "
            out.append(f"{bullet}{label}, {n}: {e.layout} = {e.score}{'!' if e.problem else ''}")
            if details:
                out += [f"{bullet}    {line}" for line in e.count]
        out.append("")
    out += problem_lines(card, fmt)
    out += missed_lines(card, fmt)
    out += status_lines(card, st, file)
    return "\n".join(out)


def missed_lines(card: Scorecard, fmt: str = "table") -> list[str]:
    """Under the table: whose scores marked ``~`` are for holes they missed."""
    late: dict[str, list[int]] = {}
    for h in card.regular:
        for n, e in h.scores.items():
            if e.missed:
                late.setdefault(n, []).append(h.number)
    if not late:
        return []
    tilde = "\\~" if fmt == "markdown" else "~"
    bullet = "- " if fmt == "markdown" else "  "
    out = [f"{tilde} a hole missed by a player who joined later (the score the table gave):"]
    for n, holes in late.items():
        out.append(f"{bullet}{n}: {_holes(holes)}")
    return [*out, ""]


def _holes(numbers: Sequence[int]) -> str:
    """Hole numbers in words: "hole 3", "holes 1 to 3", "holes 1, 4 and 6"."""
    if len(numbers) == 1:
        return f"hole {numbers[0]}"
    if len(numbers) > 2 and list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return f"holes {numbers[0]} to {numbers[-1]}"
    return "holes " + _join([str(x) for x in numbers])


def problem_lines(card: Scorecard, fmt: str = "table") -> list[str]:
    """Under the table: each score marked ``!`` and what is wrong with it."""
    bad = [(h, n, e) for h in card.played for n, e in h.scores.items() if e.problem]
    if not bad:
        return []
    head = "! does not match its layout:"
    out = ["\\" + head if fmt == "markdown" else head]
    bullet = "- " if fmt == "markdown" else "  "
    for h, n, e in bad:
        out.append(f"{bullet}{label_words(hole_label(card, h))}, {n}: {e.problem}")
    return [*out, ""]


def show_json(card: Scorecard, st: Standing) -> dict[str, Any]:
    names = card.side_names
    rows = []
    for i, h in enumerate(card.played):
        row: dict[str, Any] = {
            "hole": _hole_number(card, h),
            "playoff": h.playoff,
            "label": hole_label(card, h),
        }
        if card.par is not None and not h.playoff:
            row["par"] = card.par_of(h)
        if h.dealer is not None:
            row["dealer"] = h.dealer
        row["scores"] = {n: e.score for n, e in h.scores.items()}
        if not h.playoff:
            row["totals"] = {n: st.running[i][j] for j, n in enumerate(names) if n in h.scores}
        if st.holes_won is not None or h.playoff:
            best = st.won_by[i]
            row["won_by"] = names[best[0]] if len(best) == 1 else None
        if st.match[i] is not None:
            row["match"] = st.match[i]
        if h.playoff:
            row["counts"] = all(index != i for index, _ in st.void_playoffs)
        missed = [n for n, e in h.scores.items() if e.missed]
        if missed:
            row["missed"] = missed
        if h.overrides is not None:
            row["set"] = h.overrides
        counted = {
            n: {"layout": e.layout, "count": e.count} for n, e in h.scores.items() if e.layout
        }
        if counted:
            row["counted"] = counted
        problems = {n: e.problem for n, e in h.scores.items() if e.problem}
        if problems:
            row["problems"] = problems
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
        "created": local_time(card.created),
        "revision": card.revision,
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
        "by_playoff": st.by_playoff,
        "notes": [n[:1].upper() + n[1:] + "." for n in void_notes(card, st)],
        "match": next((m for m in reversed(st.match) if m is not None), None)
        if st.holes_won is not None
        else None,
        "dealer": card.dealer,
        "left": dict(card.left),
        "switches": switches_of(card),
    }


def switches_of(card: Scorecard) -> dict[str, bool] | None:
    """The two switches as the card's values say them ("Toggles: twos -2 on,
    kings 0 off (kings 10)."), for a page's switches; None for mini golf or
    values that do not say."""
    line = next((v for v in card.values if v.startswith("Toggles: ")), None)
    if card.kind != "golf" or line is None:
        return None
    return {"twos_minus": "twos -2 on" in line, "kings_zero": "kings 0 on" in line}


# --------------------------------------------------------------------------- history


def change_text(card: Scorecard, c: Change) -> str:
    """One change in words, as ``golf card log`` lists it and as a command
    reports what it did: the hole, and each player's old -> new score."""
    where = label_words(c.label) if c.hole is not None else ""
    if c.what == "new":
        return "card started"
    if c.what in ("add", "playoff"):
        closer = f" ({c.closer} went out)" if c.closer else ""
        return f"{where} entered: {_scores(c.scores)}{closer}"
    if c.what == "fix":
        text = f"{where} fixed: {_diff(c.before, c.scores, c.closer)}"
        if c.dropped:
            aside = [f"{label_words(lab)} ({_scores(h.totals)})" for lab, h in _run(c.dropped)]
            text += "; set aside, played after the game's new end: " + "; ".join(aside)
        return text
    if c.what in TABLE_CHANGES:
        return _table_text(c.what, c.was, c.now)
    undone = next((x for x in card.history if x.number == c.undoes), None)
    if undone is not None and undone.what in TABLE_CHANGES:
        done = _table_text(undone.what, undone.was, undone.now)
        return f"undo of change {c.undoes} ({done}): taken back"
    head = f"undo of change {c.undoes}: {where}"
    if undone is not None and undone.what in ("add", "playoff") and c.before is not None:
        return f"{head} taken back (it held {_scores(c.before.totals)})"
    text = f"{head}: {_diff(c.before, c.scores, c.closer)}"
    if undone is not None and undone.dropped:
        text += "; back: " + ", ".join(label_words(lab) for lab, _ in _run(undone.dropped))
    return text


def _table_text(what: str, was: dict[str, Any], now: dict[str, Any]) -> str:
    """A change to the table in words (as done; an undo says it took it back)."""
    try:
        return _TABLE_TEXT[what](was, now)
    except (KeyError, TypeError, ValueError, IndexError):
        return f"{what} (its record is damaged)"


def _joined(was: dict[str, Any], now: dict[str, Any]) -> str:
    text = f"{now['player']} joined at seat {int(now['seat']) + 1}"
    missed = {int(k): v for k, v in now["missed"].items()}
    if missed:
        rule = "the hole's highest score" if now["rule"] == "high" else f"{now['rule']} a hole"
        scores = ", ".join(str(missed[k]) for k in sorted(missed))
        text += f"; for {_holes(sorted(missed))}, missed: {scores} ({rule})"
    return text


def _left(was: dict[str, Any], now: dict[str, Any]) -> str:
    if now.get("removed"):
        text = f"{now['player']} taken off the card (no hole played)"
    else:
        text = f"{now['player']} left after hole {now['after']} (out of the running)"
    if "dealer" in now:
        text += f"; {now['dealer']} deals next"
    return text


def _switched(was: dict[str, Any], now: dict[str, Any]) -> str:
    parts = []
    for name in ("twos", "kings"):
        if was[name] != now[name]:
            parts.append(
                f"{name} {switch_words(name, was[name])} -> {switch_words(name, now[name])}"
            )
    first = int(now["from"])
    kept = ""
    if first > 1:
        verb = "keeps its" if first == 2 else "keep their"
        kept = f"; {_holes(list(range(1, first)))} {verb} count"
    return f"{', '.join(parts) or 'switches'} for the holes from {first} on{kept}"


def _par_changed(was: dict[str, Any], now: dict[str, Any]) -> str:
    old, new = was["par"] or [], now["par"] or []
    parts = []
    for i in range(max(len(old), len(new))):
        a = old[i] if i < len(old) else None
        b = new[i] if i < len(new) else None
        if a != b:
            parts.append(f"hole {i + 1} {_par(a) or 'none'} -> {_par(b) or 'none'}")
    return "par: " + (", ".join(parts) or "unchanged")


_TABLE_TEXT: dict[str, Callable[[dict[str, Any], dict[str, Any]], str]] = {
    "join": _joined,
    "leave": _left,
    "rename": lambda was, now: f"{was['player']} renamed {now['player']}",
    "holes": lambda was, now: f"holes {was['holes']} -> {now['holes']}",
    "switches": _switched,
    "par": _par_changed,
    "dealer": lambda was, now: f"dealer {was['dealer']} -> {now['dealer']}",
}


def _scores(scores: dict[str, int]) -> str:
    return ", ".join(f"{n} {v}" for n, v in scores.items())


def _diff(before: EnteredHole | None, after: dict[str, int], closer: str | None) -> str:
    """``Bob 14 -> 12`` for every score that changed (and the closer)."""
    if before is None:
        return _scores(after)
    old = before.totals
    parts = [f"{n} {old[n]} -> {v}" for n, v in after.items() if n in old and old[n] != v]
    if closer != before.closer:
        parts.append(f"closer {before.closer or 'none'} -> {closer or 'none'}")
    return ", ".join(parts) if parts else "same scores"


def _run(holes: Sequence[EnteredHole]) -> list[tuple[str, EnteredHole]]:
    """Labels for holes set aside from the end of a card: every hole before
    the first of them was a regular hole, so playoff holes count on from the
    regular ones among them."""
    regular = holes[0].number - 1 + sum(1 for h in holes if not h.playoff) if holes else 0
    return [(f"P{h.number - regular}" if h.playoff else str(h.number), h) for h in holes]


def log(card: Scorecard, fmt: str) -> str:
    """``golf card log``: every change kept, oldest first, times local."""
    rows = [[str(c.number), local_time(c.when), change_text(card, c)] for c in card.history]
    older = not card.history or card.history[0].what != "new"
    note = (
        "Changes made by a golf older than this card's history are not listed."
        if older and (card.played or card.history)
        else ""
    )
    if fmt == "json":
        return json.dumps(
            {
                "revision": card.revision,
                "changes": [
                    {**c.to_data(), "local_time": local_time(c.when), "text": change_text(card, c)}
                    for c in card.history
                ],
            },
            indent=2,
        )
    headers = ["change", "when", "what"]
    if fmt == "csv":
        return csv_text(headers, rows)
    if not rows:
        return note or "No changes yet."
    table = text_table(headers, rows, fmt)
    return "\n".join([table, "", note] if note else [table])
