"""The board on screen: layouts side by side, the stock and discard, and the
scorecard and results between holes.

A :class:`Board` is built from a seat's :class:`~golfcli.view.View` during
play (so a hidden card cannot reach the screen) or from the full state for
replays and finished holes, when every card is face up by rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..breakdown import match_text
from ..events import Event
from ..game import ScoredHole, count_hole, hole_winners, match_standing, tally
from ..render import plural
from ..render import table as render_table
from ..scoring import HoleScore, compiled
from ..state import HoleState
from ..variant import Variant
from ..view import View
from .style import Style, pad, vlen

# --------------------------------------------------------------------------- the board


UP, DOWN, KNOWN = "up", "down", "known"


@dataclass
class Board:
    """What one screen shows, however it was obtained (a seat's view or,
    for replays, the full state).  ``cells[side]`` holds ``(kind, card)``
    with kind ``up``, ``down`` (unknown) or ``known`` (face down, but its
    card is shown: the seat's own memory, or anything in a replay)."""

    variant: Variant
    titles: list[str]
    cells: list[list[tuple[str, int | None]]]
    discard: Sequence[int]
    stock_size: int


def showing(variant: Variant, cells: Sequence[tuple[str, int | None]]) -> int:
    """Score of the face-up cards alone (face-down cards count 0, match nothing)."""
    comp = compiled(variant)
    ranks = [c >> 3 if k == UP and c is not None else -1 - i for i, (k, c) in enumerate(cells)]
    values = [comp.values[c] if k == UP and c is not None else 0 for k, c in cells]
    scored, bonus, _, _ = comp.evaluate(ranks, values)
    return sum(scored) + bonus


def _side_title(name: str, markers: list[str], style: Style, acting: bool) -> str:
    text = style.bold(name) if acting else name
    if acting:
        text = style.warn("> ") + text
    if markers:
        text += " " + style.dim("(" + ", ".join(markers) + ")")
    return text


def board_from_view(view: View, seat_names: Sequence[str], style: Style) -> Board:
    """The board as ``view.seat`` may see it: the view's layouts plus its memory."""
    groups = len(view.layouts)
    mem = dict(view.memory)
    cells: list[list[tuple[str, int | None]]] = []
    for s, lay in enumerate(view.layouts):
        row: list[tuple[str, int | None]] = []
        for p, c in enumerate(lay):
            if c is not None:
                row.append((UP, c))
            elif s == view.side and p in mem:
                row.append((KNOWN, mem[p]))
            else:
                row.append((DOWN, None))
        cells.append(row)
    titles = _titles(
        view.variant,
        seat_names,
        view.side_of,
        groups,
        view.current,
        view.dealer,
        view.history,
        cells,
        style,
    )
    return Board(view.variant, titles, cells, view.discard, view.stock_size)


def board_from_state(state: HoleState, seat_names: Sequence[str], style: Style) -> Board:
    """The full board for a replay: face-down cards are shown in brackets."""
    cells: list[list[tuple[str, int | None]]] = [
        [(UP if state.up[s] >> p & 1 else KNOWN, c) for p, c in enumerate(lay)]
        for s, lay in enumerate(state.layouts)
    ]
    current = state.current if state.phase != "over" else -1
    titles = _titles(
        state.variant,
        seat_names,
        tuple(state.side_of),
        state.groups,
        current,
        state.dealer,
        state.events,
        cells,
        style,
    )
    return Board(state.variant, titles, cells, state.discard, len(state.stock))


def _titles(
    variant: Variant,
    seat_names: Sequence[str],
    side_of: Sequence[int],
    groups: int,
    current: int,
    dealer: int,
    history: Sequence[Event],
    cells: list[list[tuple[str, int | None]]],
    style: Style,
) -> list[str]:
    closed_by = {ev.seat: ev.kind for ev in history if ev.kind in ("knock", "out")}
    titles = []
    for s in range(groups):
        seats = [i for i, g in enumerate(side_of) if g == s]
        names = " & ".join(seat_names[i] for i in seats)
        markers = []
        if dealer in seats:
            markers.append("dealer")
        for i in seats:
            if i in closed_by:
                markers.append("knocked" if closed_by[i] == "knock" else "out")
        markers.append(f"shows {showing(variant, cells[s])}")
        acting = current in seats
        if acting and len(seats) > 1:
            markers.insert(0, f"{seat_names[current]} to play")
        titles.append(_side_title(names, markers, style, acting))
    return titles


def render_cell(kind: str, card: int | None, style: Style) -> str:
    if kind == UP and card is not None:
        return style.card(card)
    if kind == KNOWN and card is not None:
        return style.paint("[", "36") + style.card(card) + style.paint("]", "36")
    return "?"  # plain, so it stands apart from the dim position numbers


def layout_lines(
    variant: Variant, cells: Sequence[tuple[str, int | None]], style: Style, labels: bool = True
) -> list[str]:
    """A layout as text rows; with ``labels`` each card carries its position
    number (1..N, row by row), which is what a person types."""
    n = len(cells)
    lw = len(str(n))
    texts = [render_cell(k, c, style) for k, c in cells]
    cw = max(vlen(t) for t in texts)
    lines = []
    for r in range(variant.rows):
        parts = []
        for c in range(variant.cols):
            i = r * variant.cols + c
            label = style.dim(str(i + 1).rjust(lw)) + " " if labels else ""
            parts.append(label + pad(texts[i], cw))
        lines.append("  ".join(parts).rstrip())
    return lines


def side_by_side(blocks: Sequence[list[str]], width: int, gap: int = 5) -> list[str]:
    """Lay blocks of lines left to right, wrapping to a new band when too wide."""
    out: list[str] = []
    band: list[list[str]] = []
    used = 0
    for block in blocks:
        w = max(vlen(line) for line in block)
        if band and used + gap + w > width:
            out.extend(_join(band, gap))
            out.append("")
            band, used = [], 0
        band.append(block)
        used += (gap if used else 0) + w
    if band:
        out.extend(_join(band, gap))
    return out


def _join(band: list[list[str]], gap: int) -> list[str]:
    height = max(len(b) for b in band)
    widths = [max(vlen(line) for line in b) for b in band]
    lines = []
    for r in range(height):
        parts = [pad(b[r] if r < len(b) else "", w) for b, w in zip(band, widths, strict=True)]
        lines.append((" " * gap).join(parts).rstrip())
    return lines


def render_board(
    board: Board, style: Style, width: int = 100, only: int | None = None
) -> list[str]:
    """Every layout (or only side ``only``), then the stock and discard line."""
    sides = range(len(board.cells)) if only is None else [only]
    blocks = [
        [board.titles[s], *["  " + x for x in layout_lines(board.variant, board.cells[s], style)]]
        for s in sides
    ]
    lines = side_by_side(blocks, width)
    if board.discard:
        top = style.card(board.discard[-1])
        under = f" (then {style.card(board.discard[-2])})" if len(board.discard) > 1 else ""
        pile = f"discard {top}{under}"
    else:
        pile = "discard pile empty"
    lines.append(f"stock {board.stock_size} cards   {pile}")
    return lines


# --------------------------------------------------------------------------- scorecard


def scorecard_text(names: Sequence[str], holes: Sequence[ScoredHole], scoring: str) -> str:
    """Per hole per side: the hole score and the running total; in match play
    also who won each hole and the standing ('2 UP', '1 DOWN', 'Even').
    The running totals are counted by the match's own rule."""
    sides = len(names)
    headers = ["hole"]
    for name in names:
        headers += [name, "total"]
    if scoring == "match":
        headers.append("hole won by")
    running, won = [0] * sides, [0.0] * sides
    table = []
    for row in holes:
        line: list[Any] = [f"{row.number}" + (" playoff" if row.playoff else "")]
        if not row.playoff:
            count_hole(running, won, row.scores)
        for i, s in enumerate(row.scores):
            line += [s, "" if row.playoff else running[i]]
        if scoring == "match":
            best = hole_winners(row.scores)
            line.append("halved" if len(best) > 1 else names[best[0]])
        table.append(line)
    text = render_table(table, headers, numbers=False, right=True)
    title = (
        "Scorecard (match play: most holes won wins)"
        if scoring == "match"
        else "Scorecard (stroke play: lowest total wins)"
    )
    out = [title, text]
    if scoring == "match" and holes:
        out.append(
            "Standing: " + ", ".join(f"{names[i]} {match_standing(won, i)}" for i in range(sides))
        )
    return "\n".join(out)


def result_text(
    names: Sequence[str], holes: Sequence[ScoredHole], scoring: str, winners: Sequence[int]
) -> str:
    """The final result in one or two sentences: winner(s), shared ties, playoffs."""
    totals, won = tally(holes, len(names))
    who = " and ".join(names[w] for w in winners)
    wins = "win" if who == "you" or " & " in who else "wins"
    playoffs = [r for r in holes if r.playoff]
    if scoring == "match":
        if len(winners) == 1:
            w = winners[0]
            text = f"{who} {wins} the match, {match_standing(won, w)} ({won[w]:g} holes won)."
        else:
            text = f"The match is halved: {who} share the win with {won[winners[0]]:g} holes each."
    elif len(winners) == 1:
        w = winners[0]
        if playoffs:
            tied = " and ".join(names[i] for i in hole_winners(totals))
            last = playoffs[-1].number
            text = f"{tied} tied on {totals[w]}; {who} {wins} the playoff (hole {last})."
        else:
            others = ", ".join(f"{names[i]} {totals[i]}" for i in range(len(names)) if i != w)
            text = f"{who} {wins} with {totals[w]} ({others})."
    else:
        text = f"{who} tie on {totals[winners[0]]} and share the win."
        if playoffs:
            text += f" ({plural(len(playoffs), 'playoff hole')} did not settle it.)"
    return "Result: " + text


def hole_result_lines(
    variant: Variant,
    names: Sequence[str],
    layouts: Sequence[Sequence[int]],
    score: HoleScore | None,
    scores: Sequence[int],
    style: Style,
    width: int,
) -> list[str]:
    """Every layout face up with its hole score and what matched."""
    blocks = []
    for s, lay in enumerate(layouts):
        block = [f"{style.bold(names[s])}: {scores[s]}"]
        block += [
            "  " + x for x in layout_lines(variant, [(UP, c) for c in lay], style, labels=False)
        ]
        if score is not None:
            side = score.sides[s]
            for m in side.layout.matches:
                block.append("  " + style.dim(match_text(m, variant.cols, numbered=True)))
            if side.penalties:
                block.append("  " + style.dim(f"penalties from opponents {side.penalties:+d}"))
            for name, d in side.adjustments:
                block.append("  " + style.dim(f"{name} {d:+d}"))
            if scores[s] != side.total:
                block.append("  " + style.dim(f"forfeit penalty {scores[s] - side.total:+d}"))
        blocks.append(block)
    return side_by_side(blocks, width)
