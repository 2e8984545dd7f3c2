"""Pictures for notebooks: layouts, holes and scores as SVG, scorecards as HTML.

Jupyter shows an object by calling its ``_repr_svg_`` or ``_repr_html_``
(python-chess draws its board the same way).  The objects people look at
(:class:`~golfcli.notation.Layout`, a score, a :class:`~golfcli.hole.Hole`,
a seat's view, a match's result) each call one function here with plain
data: card ints, the grid's width, labels.  So, like the rest of
:mod:`golfcli.render`, this room knows no rule; everything it draws was
worked out by the engine.

Every drawing is a whole SVG document (valid XML, tested by parsing it);
user text (names, labels) is escaped.  No ``<defs>`` or ids: a notebook
page holds many drawings, and ids would clash between them.  The rings of
matched patterns take the colour-blind-safe palette of the report's plots.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field

from .. import cards as C
from .svg import PALETTE

CARD_W, CARD_H = 46, 64
GAP = 6
PAD = 10
LINE = 16  # height of a line of text
RED, BLACK, GREY, BACK = "#b3261e", "#1d1d1f", "#8a8a8e", "#2f5d9e"
#: Outline colours of matched patterns, in the order the patterns matched.
MARKS = PALETTE[:6]
FONT = "font-family='DejaVu Sans, Helvetica, Arial, sans-serif'"


CHAR_W = 6.6  # the width of a character of 12-pixel text, near enough to lay text out


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken at spaces."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def esc(text: object) -> str:
    """Text as XML character data or an attribute value."""
    return html.escape(str(text), quote=True)


def _text(x: float, y: float, text: object, size: int = 12, **attrs: str) -> str:
    extra = "".join(f" {k.replace('_', '-')}='{esc(v)}'" for k, v in attrs.items())
    return f"<text x='{x:g}' y='{y:g}' font-size='{size}'{extra}>{esc(text)}</text>"


def card(x: float, y: float, value: int | None) -> str:
    """One card at (x, y): face up (``value`` a card int) or a card back
    (``None`` or :data:`~golfcli.cards.UNKNOWN`, a face-down card)."""
    r = f"x='{x:g}' y='{y:g}' width='{CARD_W}' height='{CARD_H}' rx='5'"
    if value is None or value == C.UNKNOWN:
        inner = f"x='{x + 4:g}' y='{y + 4:g}' width='{CARD_W - 8}' height='{CARD_H - 8}' rx='3'"
        cx, cy = x + CARD_W / 2, y + CARD_H / 2
        diamond = (
            f"M{cx:g},{y + 12:g} L{x + CARD_W - 11:g},{cy:g} "
            f"L{cx:g},{y + CARD_H - 12:g} L{x + 11:g},{cy:g} Z"
        )
        return (
            f"<g class='card down'><rect {r} fill='{BACK}' stroke='#1b3a66'/>"
            f"<rect {inner} fill='none' stroke='#9db8e0' stroke-width='1'/>"
            f"<path d='{diamond}' fill='#9db8e0' opacity='0.55'/></g>"
        )
    rank, suit = C.rank_of(value), C.suit_of(value)
    if rank == C.JOKER:
        face, mark, colour = "JK", "★", "#6a1b9a"
    else:
        face = C.RANK_NAMES[rank]
        mark = C.SUIT_SYMBOLS[suit] if suit < 4 else ""  # typed without a suit: none drawn
        colour = RED if suit in (C.DIAMONDS, C.HEARTS) else BLACK
    cx = x + CARD_W / 2
    parts = [
        f"<g class='card up'><rect {r} fill='white' stroke='#6e6e73'/>",
        _text(x + 4, y + 13, face + mark, 10, fill=colour, font_weight="bold"),
        # the rank large in the middle (what a player reads first), the suit under it
        _text(cx, y + 39 - (4 if mark else 0), face, 20, fill=colour, text_anchor="middle"),
    ]
    if mark:
        parts.append(_text(cx, y + 54, mark, 15, fill=colour, text_anchor="middle"))
    parts.append("</g>")
    return "".join(parts)


@dataclass
class Grid:
    """One layout to draw: its cells (card ints, ``None`` face down), the grid's
    width, a title above it, a line under each card, and the groups of cells
    to outline (matched patterns), each with its words for the legend."""

    cells: Sequence[int | None]
    cols: int
    title: str = ""
    bold: bool = False
    under: Sequence[str] = ()
    groups: Sequence[tuple[Sequence[int], str]] = ()
    notes: Sequence[str] = ()

    @property
    def rows(self) -> int:
        return max(1, len(self.cells) // self.cols)

    def grid_width(self) -> int:
        return self.cols * CARD_W + (self.cols - 1) * GAP

    def width(self) -> int:
        longest = max([len(n) + 3 for n in self._lines()], default=0)
        title = len(self.title) * CHAR_W * 1.2  # 13-pixel text, bold
        return int(max(self.grid_width(), longest * CHAR_W, title))

    def cell_h(self) -> int:
        return CARD_H + (LINE if self.under else 0) + GAP

    def height(self) -> int:
        title = LINE + 4 if self.title else 0
        return title + self.rows * self.cell_h() + LINE * len(self._lines())

    def _wrap(self) -> int:
        """Characters a legend line may hold: the grid's width, or 46 for a narrow grid."""
        return max(46, int(self.grid_width() / CHAR_W))

    def _legend(self) -> list[tuple[int, list[str]]]:
        """Each group's words (its index; -1 for a note), wrapped to :meth:`_wrap`."""
        out = [(g, wrap(words, self._wrap())) for g, (_, words) in enumerate(self.groups)]
        return out + [(-1, wrap(note, self._wrap())) for note in self.notes]

    def _lines(self) -> list[str]:
        return [line for _, lines in self._legend() for line in lines]

    def draw(self, x: float, y: float) -> list[str]:
        out: list[str] = ["<g class='layout'>"]
        if self.title:
            weight = {"font_weight": "bold"} if self.bold else {}
            out.append(_text(x, y + 12, self.title, 13, fill=BLACK, **weight))
            y += LINE + 4
        step_y = self.cell_h()
        # outlines first, so the cards sit on top; a cell in several groups
        # gets one ring per group, each a little further out
        rings: dict[int, int] = {}
        for g, (cells, _) in enumerate(self.groups):
            colour = MARKS[g % len(MARKS)]
            for cell in cells:
                k = rings.get(cell, 0)
                rings[cell] = k + 1
                cx = x + (cell % self.cols) * (CARD_W + GAP)
                cy = y + (cell // self.cols) * step_y
                d = 2 + 3 * k
                out.append(
                    f"<rect class='mark' x='{cx - d:g}' y='{cy - d:g}' width='{CARD_W + 2 * d}' "
                    f"height='{CARD_H + 2 * d}' rx='{6 + d}' fill='none' "
                    f"stroke='{colour}' stroke-width='3'/>"
                )
        for i, value in enumerate(self.cells):
            cx = x + (i % self.cols) * (CARD_W + GAP)
            cy = y + (i // self.cols) * step_y
            out.append(card(cx, cy, value))
            if i < len(self.under) and self.under[i]:
                out.append(
                    _text(
                        cx + CARD_W / 2,
                        cy + CARD_H + 12,
                        self.under[i],
                        11,
                        fill=GREY,
                        text_anchor="middle",
                    )
                )
        y += self.rows * step_y
        for g, lines in self._legend():
            indent = 0 if g < 0 else 15
            if g >= 0:  # the group's colour, as its cells are ringed
                colour = MARKS[g % len(MARKS)]
                out.append(
                    f"<rect x='{x:g}' y='{y + 3:g}' width='10' height='10' rx='2' fill='{colour}'/>"
                )
            for k, line in enumerate(lines):
                out.append(_text(x + indent + (8 if k else 0), y + 12, line, 12, fill=BLACK))
                y += LINE
        out.append("</g>")
        return out


@dataclass
class Pile:
    """The stock or the discard pile: its top card (``None``: a card back)
    and its size; ``empty`` draws an outline where the pile would be."""

    title: str
    top: int | None
    size: int
    empty: bool = False

    def draw(self, x: float, y: float) -> list[str]:
        out = ["<g class='pile'>", _text(x, y + 12, self.title, 12, fill=GREY)]
        y += LINE + 4
        if self.empty:
            out.append(
                f"<rect x='{x:g}' y='{y:g}' width='{CARD_W}' height='{CARD_H}' rx='5' "
                "fill='none' stroke='#c7c7cc' stroke-dasharray='4 3'/>"
            )
        else:
            if self.size > 1:  # the edge of the cards below: a pile, not one card
                fill = BACK if self.top is None else "white"
                out.append(
                    f"<rect x='{x + 3:g}' y='{y + 3:g}' width='{CARD_W}' height='{CARD_H}' "
                    f"rx='5' fill='{fill}' stroke='#6e6e73'/>"
                )
            out.append(card(x, y, self.top))
        out.append(_text(x, y + CARD_H + 17, f"{self.size} card{'s' * (self.size != 1)}", 11))
        out.append("</g>")
        return out


@dataclass
class Table:
    """A whole hole: the layouts side by side (wrapping), then the piles and
    any held card, then lines of text (whose turn, the scores)."""

    grids: Sequence[Grid]
    piles: Sequence[Pile] = ()
    notes: Sequence[str] = ()
    per_row: int = 2
    caption: str = field(default="")


def svg(width: float, height: float, body: Sequence[str], label: str = "") -> str:
    """A whole SVG document of ``width`` x ``height`` around ``body``."""
    title = f"<title>{esc(label)}</title>" if label else ""
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:g}' height='{height:g}' "
        f"viewBox='0 0 {width:g} {height:g}' {FONT}>{title}"
        f"<rect width='100%' height='100%' fill='#f7f5ef'/>{''.join(body)}</svg>"
    )


def grid_svg(grid: Grid, label: str = "") -> str:
    """One layout (or score) as a whole SVG document."""
    return svg(grid.width() + 2 * PAD, grid.height() + 2 * PAD, grid.draw(PAD, PAD), label)


def table_svg(table: Table, label: str = "") -> str:
    """A hole as a whole SVG document: layouts in rows of ``per_row``, then
    the stock, the discard pile and a held card, then the notes."""
    body: list[str] = []
    y = PAD + (LINE if table.caption else 0)
    if table.caption:
        body.append(_text(PAD, PAD + 12, table.caption, 13, fill=GREY))
        y += 4
    width = 0.0
    grids = list(table.grids)
    for start in range(0, len(grids), max(1, table.per_row)):
        band = grids[start : start + table.per_row]
        x = float(PAD)
        for g in band:
            body += g.draw(x, y)
            x += g.width() + 3 * GAP
        width = max(width, x - 3 * GAP + PAD)
        y += max(g.height() for g in band) + 2 * GAP
    if table.piles:
        x = float(PAD)
        for p in table.piles:
            body += p.draw(x, y)
            x += max(CARD_W + 4 * GAP, len(p.title) * CHAR_W + 2 * GAP)
        width = max(width, x + PAD)
        y += LINE + 4 + CARD_H + LINE + 2 * GAP
    for note in table.notes:
        body.append(_text(PAD, y + 12, note, 12, fill=BLACK))
        width = max(width, PAD * 2 + len(note) * CHAR_W)
        y += LINE
    return svg(width, y + PAD, body, label)


def hole_svg(
    layouts: Sequence[Sequence[int | None]],
    cols: int,
    titles: Sequence[str],
    *,
    acting: int | None,
    stock: int,
    discard: Sequence[int],
    held: tuple[str, int | None] | None = None,
    winners: Sequence[int] = (),
    seen: Sequence[int] = (),
    seen_side: int = -1,
    notes: Sequence[str] = (),
    caption: str = "",
) -> str:
    """A hole on the table: each side's layout (``None``: face down, drawn as
    a card back) under its title, the ``acting`` side's (or, once the hole is
    over, the ``winners``') in bold; the stock
    (backs) and the discard pile (its top card); a held card (``None``: one
    its viewer may not see); cells of ``seen_side`` that are face down but
    known to the viewer (``seen``) are drawn face up and ringed."""
    grids = []
    for s, cells in enumerate(layouts):
        groups: list[tuple[Sequence[int], str]] = []
        if s == seen_side and seen:
            groups.append((seen, "face down: you have seen these"))
        title = titles[s] + (" to play" if s == acting else "")
        grids.append(Grid(cells, cols, title, bold=s == acting or s in winners, groups=groups))
    piles = [
        Pile("stock", None, stock, empty=stock == 0),
        Pile("discard", discard[-1] if discard else None, len(discard), empty=not discard),
    ]
    if held is not None:
        piles.append(Pile(held[0], held[1], 1))
    table = Table(grids, piles, notes, per_row=2 if cols > 3 else 3, caption=caption)
    return table_svg(table, caption or "a hole of Golf")


# --------------------------------------------------------------------------- HTML tables


def html_table(
    headers: Sequence[object],
    rows: Sequence[Sequence[object]],
    *,
    caption: str = "",
    bold_rows: Sequence[int] = (),
    bold_cols: Sequence[int] = (),
    left_cols: Sequence[int] = (0,),
    notes: Sequence[str] = (),
) -> str:
    """A small HTML table (a scorecard, standings) that reads well in a
    notebook; ``bold_rows`` (a total) and ``bold_cols`` (the winner) stand out,
    ``left_cols`` (names) are aligned left and the rest (numbers) right."""
    style = "border-collapse:collapse;font-family:sans-serif;font-size:13px;margin:4px 0"
    cell = "padding:2px 10px;border-bottom:1px solid #ddd;text-align:"
    out = [f"<div><table style='{style}'>"]
    if caption:
        out.append(
            "<caption style='text-align:left;font-weight:bold;white-space:nowrap;"
            f"padding-bottom:4px'>{esc(caption)}</caption>"
        )
    heads = []
    for i, h in enumerate(headers):
        align = "left" if i in left_cols else "right"
        colour = ";color:#1b5e20" if i in bold_cols else ""
        heads.append(f"<th style='{cell}{align}{colour}'>{esc(h)}</th>")
    out.append("<thead><tr>" + "".join(heads) + "</tr></thead><tbody>")
    for r, row in enumerate(rows):
        cells = []
        for i, value in enumerate(row):
            align = "left" if i in left_cols else "right"
            weight = ";font-weight:bold" if r in bold_rows or i in bold_cols else ""
            cells.append(f"<td style='{cell}{align}{weight}'>{esc(value)}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    out += [f"<p style='font-family:sans-serif;font-size:13px'>{esc(n)}</p>" for n in notes]
    out.append("</div>")
    return "".join(out)
