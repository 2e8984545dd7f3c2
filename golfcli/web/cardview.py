"""What the scorecard page draws, worked out by the library: no rule in the page.

A card is sent to a page as a *snapshot*, a JSON object with everything it
shows: each hole's scores with their running totals, the total rows (to
par, holes won, the match's UP and DOWN), the sentence that says who leads
or who won, the hole to enter next and for whom, who deals it, what undo
would take back, the change log in words.  Each figure comes from the
scorecard library (:func:`~golfcli.scorecard.standings.standing`,
:mod:`golfcli.scorecard.present`) or the game's rules (:mod:`golfcli.game`),
so the page, the terminal and the printed card say the same.

The count helper's answer is here too: the cards tapped in so far, each
with its value and what a match made of it, counted by the one scorer
(:func:`golfcli.scoring.known_part`: a cell not yet filled counts nothing
and matches nothing), and once every cell is filled the total and the
itemised lines the card keeps, as ``golf score`` gives them.
"""

from __future__ import annotations

from typing import Any

from ..cards import UNKNOWN, CardError, parse_card
from ..game import match_standing
from ..scorecard import history
from ..scorecard.model import Entry, Scorecard, hole_label, label_words, local_time, par_text
from ..scorecard.present import (
    change_text,
    describe,
    missed_lines,
    problem_lines,
    status_lines,
    switches_of,
)
from ..scorecard.standings import Standing, nines, standing
from ..variant import Variant
from . import RequestError

#: Changes shown in a card's log on the page (the newest; the card keeps them all).
LOG_SHOWN = 200

#: Players on a card started from the page: the table's six, or the variant's
#: limit when it is lower (the command line takes more).
MAX_PLAYERS = 6

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def entry_json(e: Entry) -> dict[str, Any]:
    """One score as the page shows it: the score, and its layout and
    itemised count when it was counted from cards; a hand edit's problem."""
    out: dict[str, Any] = {"score": e.score}
    if e.layout is not None:
        out.update(layout=e.layout, count=list(e.count))
    if e.problem:
        out["problem"] = e.problem
    if e.missed:
        out["missed"] = True
    return out


def next_label(card: Scorecard) -> str | None:
    """The hole a page enters next: "7", "P1" when a tie is to be played off,
    None when the game is over (or a tie is shared)."""
    st = standing(card)
    if not st.finished:
        return str(len(card.regular) + 1)
    if st.tied:
        return f"P{len(card.played) - len(card.regular) + 1}"
    return None


def shape(var: Variant) -> dict[str, Any]:
    """A game as the page needs it: the grid, the cards it may hold, who may
    play it here, how long it is."""
    g = var.game
    return {
        "title": var.name,
        "rows": var.rows,
        "cols": var.cols,
        "ranks": [*RANKS, "JK"] if var.joker_valued else list(RANKS),
        "suits": bool(var.card_values),
        "players": [n for n in var.players if n <= MAX_PLAYERS],
        "holes": g.holes,
        "target": g.target,
        "scoring": g.scoring,
        # whether who went out (or knocked) changes a hole's count: the entry asks then
        "closer": any(a.kind == "closer" for a in var.adjustments),
        "twos_minus": var.rank_values[2] == -2,
        "kings_zero": var.rank_values[13] == 0,
    }


def snapshot(
    name: str, card: Scorecard, version: str, game: dict[str, Any] | None
) -> dict[str, Any]:
    """Everything the page draws of ``card`` (see the module's notes)."""
    st = standing(card)
    names = card.side_names
    void = {index for index, _ in st.void_playoffs}
    rows = []
    for i, h in enumerate(card.played):
        cells: list[dict[str, Any] | None] = []
        for j, n in enumerate(names):
            e = h.scores.get(n)
            if e is None:
                cells.append(None)
                continue
            cell = entry_json(e)
            if not h.playoff:
                cell["total"] = st.running[i][j]
            cells.append(cell)
        row: dict[str, Any] = {"label": hole_label(card, h), "playoff": h.playoff}
        if not h.playoff and card.par_of(h) is not None:
            row["par"] = card.par_of(h)
        if h.closer:
            row["closer"] = h.closer
        if h.dealer:
            row["dealer"] = h.dealer
        if card.scoring == "match" and not h.playoff:
            best = st.won_by[i]
            row["won"] = names[best[0]] if len(best) == 1 else "halved"
            row["match"] = st.match[i]
        if i in void:
            row["void"] = True
        row["cells"] = cells
        rows.append(row)
    upcoming = next_label(card)
    undoable = history.next_to_undo(card)
    return {
        "name": name,
        "version": version,
        "revision": card.revision,
        "kind": card.kind,
        "title": card.title,
        "created": local_time(card.created),
        "describe": describe(card),
        "values": card.values,
        "switches": switches_of(card),
        "players": card.players,
        "sides": names,
        "left": card.left,
        "partners": any(len(s) > 1 for s in card.sides),
        "holes": card.holes,
        "target": card.target,
        "scoring": card.scoring,
        "ties": card.ties,
        "par": card.par,
        "rows": rows,
        "nines": [
            {"label": label, "after": after, "cells": sums, "par": par}
            for label, after, sums, par in nines(card)
        ],
        "foot": _foot(card, st),
        "status": status_lines(card, st, name, hints=False),
        "problems": problem_lines(card)[1:-1] + missed_lines(card)[:-1],
        "finished": st.finished,
        "tied": st.tied,
        "leaders": [names[i] for i in st.leaders] if card.played else [],
        "winners": [names[i] for i in st.winners],
        "next": upcoming,
        "next_words": None if upcoming is None else label_words(upcoming),
        "open": _open(card, st),
        "dealer": card.dealer if upcoming is not None else None,
        "undo": None if undoable is None else change_text(card, undoable),
        "log": [
            {"change": c.number, "when": local_time(c.when), "text": change_text(card, c)}
            for c in reversed(card.history[-LOG_SHOWN:])
        ],
        "game": game,
    }


def _open(card: Scorecard, st: Standing) -> list[str]:
    """The sides the next hole is for: the tied ones of a playoff, else every
    side still playing."""
    names = card.side_names
    if st.finished:
        return [names[i] for i in st.winners]
    return [names[i] for i in card.active]


def _foot(card: Scorecard, st: Standing) -> list[dict[str, Any]]:
    """The rows under the holes: totals, to par, holes won and the match."""
    n = len(card.sides)
    total: dict[str, Any] = {"label": "Total", "cells": [str(t) for t in st.totals]}
    if card.par is not None:
        pars = [card.par_of(h) for h in card.regular]
        total["par"] = "" if None in pars else str(sum(p for p in pars if p is not None))
    foot = [total]
    if st.to_par is not None:
        foot.append({"label": "To par", "cells": [par_text(d) for d in st.to_par]})
    if st.holes_won is not None:
        won = st.holes_won
        foot.append({"label": "Holes won", "cells": [f"{w:g}" for w in won]})
        foot.append({"label": "Match", "cells": [match_standing(won, i) for i in range(n)]})
    return foot


def count_layout(var: Variant, cells: list[str]) -> dict[str, Any]:
    """The count helper's answer for the cells tapped in so far (``""`` for a
    cell not filled), see the module's notes."""
    from ..breakdown import layout_json
    from ..scorecard.count import breakdown
    from ..scoring import known_part

    if len(cells) != var.rows * var.cols:
        raise RequestError(
            f"{var.name} deals {var.rows} rows of {var.cols}: give {var.rows * var.cols} cells"
        )
    cards = []
    for i, text in enumerate(cells):
        if not text.strip():
            cards.append(UNKNOWN)
            continue
        try:
            cards.append(parse_card(text.strip()))
        except CardError as exc:
            raise RequestError(f"card {i + 1}: {exc}") from None
    complete = UNKNOWN not in cards
    try:
        ls = known_part(var, cards)
    except (ValueError, CardError) as exc:
        raise RequestError(str(exc)) from None
    out = layout_json(var, ls)
    for cell, card in zip(out["cards"], cards, strict=True):
        if card == UNKNOWN:
            cell.update(card="", value=None, scored=None)
    out["complete"] = complete
    if not complete:
        out.update(layout="", total=None, lines=[])
    else:
        out["lines"] = breakdown(var, ls)
    return out
