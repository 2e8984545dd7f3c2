"""Printable scorecards as PDF, drawn with fpdf2.

fpdf2 is small, pure Python and well kept; it does fonts, text measurement
and compression properly, so no PDF syntax is written by hand here.  The
card uses the PDF core font Helvetica, which every PDF reader has: nothing
to ship, nothing to find on the user's machine.  Core fonts cover Latin-1,
so text is passed through :func:`pdf_text` (suit symbols become letters,
accents outside Latin-1 are dropped).

Page plan (A4 or Letter, portrait): title and date line, the grid (hole
column, par column for mini golf, one column per player or partner group,
up to :data:`MAX_COLUMNS` per page: more players continue on the next page
with the hole column repeated), total rows, and the card values underneath.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .model import Card, Standing, par_text, standing
from .present import describe, status_lines

if TYPE_CHECKING:
    from fpdf import FPDF

MAX_COLUMNS = 8
MARGIN = 12.0
_PLAIN = str.maketrans(
    {
        "♣": "C",
        "♦": "D",
        "♥": "H",
        "♠": "S",
        "→": "->",
        "–": "-",
        "—": "-",
        "−": "-",
        "…": "...",
        "·": "-",
        "’": "'",
        "“": '"',
        "”": '"',
        "Ł": "L",
        "ł": "l",
        "Đ": "D",
        "đ": "d",
        "ı": "i",
        "Œ": "OE",
        "œ": "oe",
    }
)


def pdf_text(text: str) -> str:
    """Text the core fonts can draw: Latin-1 kept, suits as letters, other
    accents dropped, anything else as ``?``."""
    out = []
    for ch in text.translate(_PLAIN):
        if ord(ch) < 256:
            out.append(ch)
            continue
        base = unicodedata.normalize("NFKD", ch).encode("latin-1", "ignore").decode("latin-1")
        out.append(base or "?")
    return "".join(out)


def _chunks(n: int, size: int) -> list[range]:
    """Split n columns into pages of at most ``size``, as evenly as possible."""
    pages = max(1, -(-n // size))
    per = -(-n // pages)
    return [range(i, min(n, i + per)) for i in range(0, n, per)]


def render_pdf(card: Card, blank: bool, paper: str = "a4") -> bytes:
    """The card as PDF bytes.  ``blank``: names (if any) and rows, no scores."""
    from fpdf import FPDF

    pdf = FPDF(orientation="P", unit="mm", format="A4" if paper == "a4" else "Letter")
    pdf.set_auto_page_break(False)
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    title = card.title or ("Mini golf scorecard" if card.kind == "mini" else "Golf scorecard")
    pdf.set_title(pdf_text(title))
    pdf.set_creator("golf card (golfcli)")
    st = None if blank else standing(card)
    names = card.side_names
    notes = _notes(card, blank)
    for cols in _chunks(len(names), MAX_COLUMNS):
        pdf.add_page()
        _page(pdf, card, title, cols, blank, notes, st)
    return bytes(pdf.output())


def _notes(card: Card, blank: bool) -> list[str]:
    if card.kind == "mini":
        lines = [
            "Write each player's strokes for the hole; fewest strokes wins.",
            "Score against par: E = even, +2 = two over, -1 = one under.",
        ]
    else:
        # the heading says "Card values"; the first line need not say it again
        lines = [x.removeprefix("Card values: ") for x in card.values]
    return [pdf_text(x) for x in lines]


@dataclass(frozen=True)
class _Grid:
    """Where the grid's columns sit on the page and how tall a row is,
    worked out once so each part of the page draws on the same lines."""

    cols: Sequence[int]
    names: list[str]
    has_par: bool
    x0: float
    hole_w: float
    par_w: float
    col_w: float
    table_w: float
    rh: float


def _page(
    pdf: FPDF,
    card: Card,
    title: str,
    cols: Sequence[int],
    blank: bool,
    notes: list[str],
    st: Standing | None,
) -> None:
    width = pdf.w - 2 * MARGIN
    _title(pdf, card, title, blank, width)
    rows, playoffs = _grid_rows(card, blank)
    foot = _foot_rows(card, blank)
    top = pdf.get_y()
    grid = _grid(pdf, card, cols, notes, top, len(rows) + len(foot) + len(playoffs), width)
    _column_heads(pdf, grid, top)
    y = top + 12
    for r, (label, index) in enumerate(rows):
        _hole_row(pdf, card, grid, st, y, r, label, index)
        y += grid.rh
    y = _total_rows(pdf, card, grid, st, foot, y)
    if playoffs:  # below the totals: a playoff decides, it adds nothing
        y += 3
        for r, (label, index) in enumerate(playoffs):
            _hole_row(pdf, card, grid, st, y, r, label, index)
            y += grid.rh
    _notes_block(pdf, card, st, notes, width, y)


def _title(pdf: FPDF, card: Card, title: str, blank: bool, width: float) -> None:
    """The title and date line, then the rules the card is for."""
    from fpdf.enums import XPos, YPos

    pdf.set_xy(MARGIN, MARGIN)
    pdf.set_font("Helvetica", "B", 20)
    pdf.cell(width * 0.6, 10, pdf_text(title), new_x=XPos.RIGHT, new_y=YPos.TOP)
    pdf.set_font("Helvetica", "", 10)
    date = card.created if (card.created and not blank) else "Date: ____________________"
    pdf.cell(width * 0.4, 10, pdf_text(date), align="R", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font("Helvetica", "", 10)
    sub = _blank_describe(card) if blank and card.kind == "golf" else describe(card)
    pdf.set_text_color(60, 60, 60)
    pdf.multi_cell(width, 5, pdf_text(sub), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_text_color(0, 0, 0)
    pdf.ln(3)


_Row = tuple[str, int | None]


def _grid_rows(card: Card, blank: bool) -> tuple[list[_Row], list[_Row]]:
    """The grid's hole rows and playoff rows: (label, index into
    card.played or None for an empty row to write in)."""
    rows: list[_Row] = []
    playoffs: list[_Row] = []
    if blank:
        rows = [(str(h), None) for h in range(1, (card.holes or 9) + 1)]
    else:
        for i, h in enumerate(card.played):
            if h.playoff:
                playoffs.append((f"P{len(playoffs) + 1}", i))
            else:
                rows.append((str(h.number), i))
        # the holes still to play stay as empty rows to write in
        if card.holes is not None:
            rows += [(str(h), None) for h in range(len(rows) + 1, card.holes + 1)]
    return rows, playoffs


def _foot_rows(card: Card, blank: bool) -> list[str]:
    """The names of the total rows under the holes."""
    foot = ["Total"]
    if card.kind == "mini" and (card.par is not None or blank):  # blank: par is written in
        foot.append("To par")
    if card.scoring == "match":
        foot.append("Holes won")
    return foot


def _grid(
    pdf: FPDF,
    card: Card,
    cols: Sequence[int],
    notes: list[str],
    top: float,
    n_rows: int,
    width: float,
) -> _Grid:
    """Size the grid so its rows and the notes under it fit the page."""
    note_h = 5.0 * (len(notes) + 2) + 12
    avail = pdf.h - MARGIN - top - note_h - 12  # header row
    rh = max(5.0, min(13.0, avail / n_rows))
    has_par = card.kind == "mini"
    hole_w = 18.0
    par_w = 14.0 if has_par else 0.0
    col_w = min(36.0, (width - hole_w - par_w) / max(1, len(cols)))
    table_w = hole_w + par_w + col_w * len(cols)
    x0 = MARGIN + (width - table_w) / 2
    return _Grid(cols, card.side_names, has_par, x0, hole_w, par_w, col_w, table_w, rh)


def _column_heads(pdf: FPDF, g: _Grid, top: float) -> None:
    """The header row: Hole, Par, then a name per column, shrunk to fit;
    an unnamed column gets a small "Player n" to write over."""
    pdf.set_line_width(0.3)
    pdf.set_fill_color(225, 232, 225)
    pdf.set_xy(g.x0, top)
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(g.hole_w, 12, "Hole", border=1, align="C", fill=True)
    if g.has_par:
        pdf.cell(g.par_w, 12, "Par", border=1, align="C", fill=True)
    for j in g.cols:
        label = g.names[j]
        size = 11.0
        while size > 6 and pdf.get_string_width(pdf_text(label)) > g.col_w - 2:
            size -= 0.5
            pdf.set_font("Helvetica", "B", size)
        if not label:
            pdf.set_font("Helvetica", "", 7)
            pdf.set_text_color(150, 150, 150)
            x, y = pdf.get_x(), pdf.get_y()
            pdf.cell(g.col_w, 12, "", border=1, fill=True)
            pdf.set_xy(x + 1, y + 0.5)
            pdf.cell(g.col_w - 2, 3.5, f"Player {j + 1}")
            pdf.set_xy(x + g.col_w, y)
            pdf.set_text_color(0, 0, 0)
        else:
            pdf.cell(g.col_w, 12, pdf_text(label), border=1, align="C", fill=True)
        pdf.set_font("Helvetica", "B", 11)


def _hole_row(
    pdf: FPDF,
    card: Card,
    g: _Grid,
    st: Standing | None,
    y: float,
    r: int,
    label: str,
    index: int | None,
) -> None:
    """One hole's row at height ``y``, shaded every other row."""
    shade = r % 2 == 1
    pdf.set_fill_color(244, 246, 244)
    pdf.set_xy(g.x0, y)
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(g.hole_w, g.rh, label, border=1, align="C", fill=shade)
    hole = None if index is None else card.played[index]
    if g.has_par:
        pdf.set_font("Helvetica", "", 11)
        par = ""
        if card.par is not None and label.isdigit():
            par = str(card.par[int(label) - 1])
        pdf.cell(g.par_w, g.rh, par, border=1, align="C", fill=shade)
    for j in g.cols:
        x = pdf.get_x()
        pdf.cell(g.col_w, g.rh, "", border=1, fill=shade)
        if hole is None or index is None or st is None:
            continue
        e = hole.scores.get(g.names[j])
        if e is None:
            # not in this playoff: strike the cell through
            pdf.set_draw_color(170, 170, 170)
            pdf.line(x + 2, y + g.rh - 2, x + g.col_w - 2, y + 2)
            pdf.set_draw_color(0, 0, 0)
            continue
        pdf.set_xy(x, y)
        pdf.set_font("Helvetica", "", 12)
        mark = "*" if e.layout is not None else ""
        pdf.cell(g.col_w * 0.62, g.rh, f"{e.score}{mark}", align="R")
        total = st.running[index][j]
        if total is not None and not hole.playoff:
            pdf.set_font("Helvetica", "", 7.5)
            pdf.set_text_color(90, 90, 90)
            pdf.cell(g.col_w * 0.38 - 1, g.rh, f"{total}", align="R")
            pdf.set_text_color(0, 0, 0)
        pdf.set_xy(x + g.col_w, y)


def _total_rows(
    pdf: FPDF, card: Card, g: _Grid, st: Standing | None, foot: list[str], y: float
) -> float:
    """The total rows under a heavy line, starting at ``y``; returns the
    height below them."""
    pdf.set_line_width(0.6)
    pdf.line(g.x0, y, g.x0 + g.table_w, y)
    pdf.set_line_width(0.3)
    for name in foot:
        pdf.set_xy(g.x0, y)
        pdf.set_fill_color(225, 232, 225)
        pdf.set_font("Helvetica", "B", 8.5 if len(name) > 6 else 11)
        pdf.cell(g.hole_w, g.rh, name, border=1, align="C", fill=True)
        if g.has_par:
            par = ""
            if name == "Total" and card.par is not None:
                par = str(sum(card.par))
            pdf.set_font("Helvetica", "B", 11)
            pdf.cell(g.par_w, g.rh, par, border=1, align="C", fill=True)
        pdf.set_font("Helvetica", "B", 12)
        for j in g.cols:
            text = ""
            if st is not None and card.played:
                if name == "Total":
                    text = str(st.totals[j])
                elif name == "To par" and st.to_par is not None:
                    text = par_text(st.to_par[j])
                elif st.holes_won is not None:
                    text = f"{st.holes_won[j]:g}"
            pdf.cell(g.col_w, g.rh, text, border=1, align="C", fill=True)
        y += g.rh
    return y


def _notes_block(
    pdf: FPDF, card: Card, st: Standing | None, notes: list[str], width: float, y: float
) -> None:
    """Under the grid: the result so far (or how to fill a blank card in),
    then the card values or, for mini golf, how to score."""
    from fpdf.enums import XPos, YPos

    mini = card.kind == "mini"
    pdf.set_xy(MARGIN, y + 4)
    if st is not None:
        pdf.set_font("Helvetica", "B", 11)
        for line in status_lines(card, st, "CARD", hints=False):
            pdf.multi_cell(width, 5.5, pdf_text(line), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        if any(e.layout for h in card.played for e in h.scores.values()):
            pdf.set_font("Helvetica", "", 8)
            pdf.cell(width, 4.5, "* counted from a layout", new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        pdf.ln(2)
    else:
        pdf.set_font("Helvetica", "", 9)
        pdf.set_text_color(90, 90, 90)
        line = (
            "Write each hole's score and, small in the corner, the running total."
            if not mini
            else "Write each player's strokes per hole."
        )
        pdf.cell(width, 5, line, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        pdf.set_text_color(0, 0, 0)
        pdf.ln(2)
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(
        width, 6, "Card values" if not mini else "How to score", new_x=XPos.LMARGIN, new_y=YPos.NEXT
    )
    pdf.set_font("Helvetica", "", 9.5)
    for line in notes:
        pdf.multi_cell(width, 5, line, new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def _blank_describe(card: Card) -> str:
    """A blank card's subtitle: the rules it is for and how the game ends."""
    if card.target is not None:
        rule = "reaches" if card.target_rule == "reach" else "passes"
        length = f"play until someone {rule} {card.target}"
    else:
        length = f"{card.holes} holes"
    how = "match play: most holes won wins" if card.scoring == "match" else "lowest total wins"
    ties = (
        "ties share the win or play one more hole"
        if card.ties == "share"
        else "ties play one more hole"
    )
    return f"{card.variant}: {length}; {how}; {ties}."
