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
The grid follows the game:

* a game to a target (duel, to 50) has no fixed number of holes: it gets
  rows enough to reach the target (:func:`target_rows`) and a running-total
  column beside each player's score, since the running total is what ends
  the game;
* an 18-hole card has an Out row after hole 9 and an In row after hole 18,
  as golf cards do;
* ``two_up`` prints two blank cards of at most 9 holes on one page, one
  above the other, with a line to cut along.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .model import Scorecard, hole_label, local_time, par_text
from .present import describe, mark, status_lines
from .standings import Standing, standing

if TYPE_CHECKING:
    from fpdf import FPDF

MAX_COLUMNS = 8
MARGIN = 12.0
#: A game to a target gets a hole row for every this many points of the target: in 100
#: duels (to 50) between expert bots the longest went 13 holes, 98 of them 12 or fewer
#: (greedy bots: at most 10), so 50 / 4 -> 13 rows holds every one of them.
POINTS_PER_ROW = 4
#: ``two_up`` holds cards of at most this many hole rows (two 9-hole cards to a page).
TWO_UP_ROWS = 9
_PLAIN = str.maketrans(
    {
        '♣': 'C', '♦': 'D', '♥': 'H', '♠': 'S', '→': '->', '–': '-', '—': '-', '−': '-',
        '…': '...', '·': '-', '’': "'", '“': '"', '”': '"', 'Ł': 'L', 'ł': 'l', 'Đ': 'D', 'đ': 'd',
        'ı': 'i', 'Œ': 'OE', 'œ': 'oe',
    }
)  # fmt: skip


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


def target_rows(card: Scorecard, st: Standing | None) -> int:
    """Hole rows for a game to a target: one per :data:`POINTS_PER_ROW` points
    of the target on a blank card; on a card in play, the holes played and
    rows enough for the highest total to reach the target at that pace (at
    least one more); on a finished card, the holes played.  Never more than
    the game's cap on holes."""
    assert card.target is not None
    rows = -(-card.target // POINTS_PER_ROW)
    if st is not None:
        played = len(card.regular)
        if st.finished:
            rows = played
        else:
            left = max(1, -(-(card.target - max(st.totals)) // POINTS_PER_ROW))
            rows = max(rows, played + left)
    return min(rows, card.max_holes) if card.max_holes else rows


def render_pdf(card: Scorecard, blank: bool, paper: str = "a4", two_up: bool = False) -> bytes:
    """The card as PDF bytes.  ``blank``: names (if any) and rows, no scores.
    ``two_up``: two copies of a blank card of at most :data:`TWO_UP_ROWS`
    holes and :data:`MAX_COLUMNS` players on one page (the caller checks)."""
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
    if two_up:
        pdf.add_page()
        half = pdf.h / 2
        for k in range(2):
            area = _Area(k * half + MARGIN, (k + 1) * half - MARGIN, compact=True)
            _page(pdf, card, title, range(len(names)), blank, notes, st, area)
        _cut_line(pdf, half)
        return bytes(pdf.output())
    for cols in _chunks(len(names), MAX_COLUMNS):
        pdf.add_page()
        _page(pdf, card, title, cols, blank, notes, st, _Area(MARGIN, pdf.h - MARGIN))
    return bytes(pdf.output())


def hole_rows(card: Scorecard, blank: bool) -> int:
    """How many hole rows the card's grid has (``two_up`` asks before printing)."""
    return len(_grid_rows(card, None if blank else standing(card))[0])


def _notes(card: Scorecard, blank: bool) -> list[str]:
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
class _Area:
    """The part of the page one card is drawn in (the whole page, or half of
    it for two-up), and whether to draw it small enough to fit half a page."""

    top: float
    bottom: float
    compact: bool = False

    @property
    def title_size(self) -> float:
        return 14 if self.compact else 20

    @property
    def text_size(self) -> float:
        return 8 if self.compact else 9.5

    @property
    def line(self) -> float:
        return 3.6 if self.compact else 5


@dataclass(frozen=True)
class _Grid:
    """Where the grid's columns sit on the page and how tall a row is,
    worked out once so each part of the page draws on the same lines.
    ``split``: each player's column holds the hole's score and, beside it,
    the running total (a game to a target).  ``match_w``: match play has two
    columns after the players', the hole's winner and the match after it
    ("Ann 1 UP"), each this wide (0 in stroke play)."""

    cols: Sequence[int]
    names: list[str]
    has_par: bool
    x0: float
    hole_w: float
    par_w: float
    col_w: float
    table_w: float
    rh: float
    head_h: float
    split: bool
    match_w: float = 0.0


# A row of the grid: a hole ("hole", label, index into card.played or None for a row
# to write in), or a subtotal ("sum", "Out" or "In", the hole numbers it adds up).
_Row = tuple[str, str, int | None, range | None]


def _page(
    pdf: FPDF,
    card: Scorecard,
    title: str,
    cols: Sequence[int],
    blank: bool,
    notes: list[str],
    st: Standing | None,
    area: _Area,
) -> None:
    width = pdf.w - 2 * MARGIN
    _title(pdf, card, title, blank, width, area)
    rows, playoffs = _grid_rows(card, st)
    foot = _foot_rows(card, blank)
    top = pdf.get_y()
    grid = _grid(pdf, card, cols, notes, top, len(rows) + len(foot) + len(playoffs), area)
    _column_heads(pdf, grid, top)
    y = top + grid.head_h
    shade = 0
    for kind, label, index, span in rows:
        if kind == "sum" and span is not None:
            _sum_row(pdf, card, grid, st, y, label, span)
        else:
            _hole_row(pdf, card, grid, st, y, shade, label, index)
            shade += 1
        y += grid.rh
    y = _total_rows(pdf, card, grid, st, foot, y)
    if playoffs:  # below the totals: a playoff decides, it adds nothing
        y += 3
        for r, (_, label, index, _) in enumerate(playoffs):
            _hole_row(pdf, card, grid, st, y, r, label, index)
            y += grid.rh
    _notes_block(pdf, card, st, notes, width, y, area)


def _title(pdf: FPDF, card: Scorecard, title: str, blank: bool, width: float, area: _Area) -> None:
    """The title and date line (local time), then the rules the card is for."""
    from fpdf.enums import XPos, YPos

    pdf.set_xy(MARGIN, area.top)
    pdf.set_font("Helvetica", "B", area.title_size)
    pdf.cell(width * 0.6, area.title_size / 2, pdf_text(title), new_x=XPos.RIGHT, new_y=YPos.TOP)
    pdf.set_font("Helvetica", "", 10)
    date = local_time(card.created) if (card.created and not blank) else ""
    date = date or "Date: ____________________"
    pdf.cell(
        width * 0.4,
        area.title_size / 2,
        pdf_text(date),
        align="R",
        new_x=XPos.LMARGIN,
        new_y=YPos.NEXT,
    )
    pdf.set_font("Helvetica", "", 9 if area.compact else 10)
    sub = _blank_describe(card) if blank and card.kind == "golf" else describe(card)
    pdf.set_text_color(60, 60, 60)
    pdf.multi_cell(width, area.line, pdf_text(sub), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_text_color(0, 0, 0)
    pdf.ln(1.5 if area.compact else 3)


def _grid_rows(card: Scorecard, st: Standing | None) -> tuple[list[_Row], list[_Row]]:
    """The grid's hole rows (with Out and In on an 18-hole card) and its
    playoff rows.  ``st`` is None for a blank card."""
    rows: list[_Row] = []
    playoffs: list[_Row] = []
    regular = [] if st is None else card.regular
    for i, h in enumerate(card.played if st is not None else []):
        if h.playoff:
            playoffs.append(("hole", hole_label(card, h), i, None))
        else:
            rows.append(("hole", str(h.number), i, None))
    if card.holes is not None:
        n = card.holes
    elif card.target is not None:
        n = target_rows(card, st)
    else:
        n = 9
    # the holes still to play stay as empty rows to write in
    rows += [("hole", str(h), None, None) for h in range(len(regular) + 1, n + 1)]
    if card.holes == 18 and card.scoring != "match":
        rows.insert(9, ("sum", "Out", None, range(1, 10)))
        rows.append(("sum", "In", None, range(10, 19)))
    return rows, playoffs


def _foot_rows(card: Scorecard, blank: bool) -> list[str]:
    """The names of the total rows under the holes."""
    foot = ["Total"]
    if card.kind == "mini" and (card.par is not None or blank):  # blank: par is written in
        foot.append("To par")
    if card.scoring == "match":
        foot.append("Holes won")
    return foot


def _grid(
    pdf: FPDF,
    card: Scorecard,
    cols: Sequence[int],
    notes: list[str],
    top: float,
    n_rows: int,
    area: _Area,
) -> _Grid:
    """Size the grid so its rows and the notes under it fit the area."""
    width = pdf.w - 2 * MARGIN
    split = card.target is not None and card.holes is None
    head_h = 9.0 if area.compact else 12.0
    note_h = area.line * (len(notes) + 2) + (6 if area.compact else 12)
    avail = area.bottom - top - note_h - head_h
    rh = max(4.5 if area.compact else 5.0, min(13.0, avail / n_rows))
    has_par = card.kind == "mini"
    hole_w = 18.0
    par_w = 14.0 if has_par else 0.0
    match_w = 26.0 if card.scoring == "match" else 0.0
    room = width - hole_w - par_w - 2 * match_w
    col_w = min(44.0 if split else 36.0, room / max(1, len(cols)))
    table_w = hole_w + par_w + col_w * len(cols) + 2 * match_w
    x0 = MARGIN + (width - table_w) / 2
    return _Grid(
        cols, card.side_names, has_par, x0, hole_w, par_w, col_w, table_w, rh, head_h, split,
        match_w,
    )  # fmt: skip


def _match_cells(pdf: FPDF, g: _Grid, h: float, texts: Sequence[str], fill: bool) -> None:
    """Match play's two columns after the players' (nothing in stroke play)."""
    if not g.match_w:
        return
    pdf.set_font("Helvetica", "", 9)
    for text in texts:
        pdf.cell(g.match_w, h, pdf_text(text), border=1, align="C", fill=fill)


def _column_heads(pdf: FPDF, g: _Grid, top: float) -> None:
    """The header row: Hole, Par, then a name per column, shrunk to fit;
    an unnamed column gets a small "Player n" to write over.  A split column
    says which half is the hole's score and which the running total."""
    pdf.set_line_width(0.3)
    pdf.set_fill_color(225, 232, 225)
    pdf.set_xy(g.x0, top)
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(g.hole_w, g.head_h, "Hole", border=1, align="C", fill=True)
    if g.has_par:
        pdf.cell(g.par_w, g.head_h, "Par", border=1, align="C", fill=True)
    name_h = g.head_h - 4.0 if g.split else g.head_h
    for j in g.cols:
        x = pdf.get_x()
        label = g.names[j]
        pdf.cell(g.col_w, g.head_h, "", border=1, fill=True)
        if label:
            size = 11.0
            pdf.set_font("Helvetica", "B", size)
            while size > 6 and pdf.get_string_width(pdf_text(label)) > g.col_w - 2:
                size -= 0.5
                pdf.set_font("Helvetica", "B", size)
            pdf.set_xy(x, top)
            pdf.cell(g.col_w, name_h, pdf_text(label), align="C")
        else:
            pdf.set_font("Helvetica", "", 7)
            pdf.set_text_color(150, 150, 150)
            pdf.set_xy(x + 1, top + 0.5)
            pdf.cell(g.col_w - 2, 3.5, f"Player {j + 1}")
            pdf.set_text_color(0, 0, 0)
        if g.split:
            half = g.col_w / 2
            pdf.set_font("Helvetica", "", 7)
            pdf.set_text_color(90, 90, 90)
            pdf.set_xy(x, top + name_h)
            pdf.cell(half, 4.0, "hole", align="C")
            pdf.cell(half, 4.0, "total", align="C")
            pdf.set_text_color(0, 0, 0)
            pdf.line(x + half, top + name_h, x + half, top + g.head_h)
        pdf.set_xy(x + g.col_w, top)
        pdf.set_font("Helvetica", "B", 11)
    _match_cells(pdf, g, g.head_h, ["Won by", "Match"], True)


def _hole_row(
    pdf: FPDF,
    card: Scorecard,
    g: _Grid,
    st: Standing | None,
    y: float,
    r: int,
    label: str,
    index: int | None,
) -> None:
    """One hole's row at height ``y``, shaded every other row: each score,
    and its running total small in the corner, or (split) in its own cell."""
    shade = r % 2 == 1
    pdf.set_fill_color(244, 246, 244)
    pdf.set_xy(g.x0, y)
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(g.hole_w, g.rh, label, border=1, align="C", fill=shade)
    hole = None if index is None else card.played[index]
    if g.has_par:
        pdf.set_font("Helvetica", "", 11)
        par = None
        if card.par is not None and label.isdigit():
            par = card.par[int(label) - 1]
        pdf.cell(g.par_w, g.rh, "" if par is None else str(par), border=1, align="C", fill=shade)
    half = g.col_w / 2
    for j in g.cols:
        x = pdf.get_x()
        if g.split:
            pdf.cell(half, g.rh, "", border=1, fill=shade)
            pdf.cell(half, g.rh, "", border=1, fill=shade)
        else:
            pdf.cell(g.col_w, g.rh, "", border=1, fill=shade)
        if hole is None or index is None or st is None:
            continue
        if hole.dealer is not None and hole.dealer in g.names[j].split(" & "):
            _dealt(pdf, x, y)
        e = hole.scores.get(g.names[j])
        if e is None:
            # not in this playoff (or left the game): strike the cell through
            pdf.set_draw_color(170, 170, 170)
            pdf.line(x + 2, y + g.rh - 2, x + g.col_w - 2, y + 2)
            pdf.set_draw_color(0, 0, 0)
            continue
        total = st.running[index][j]
        pdf.set_xy(x, y)
        pdf.set_font("Helvetica", "", 12)
        if g.split:
            pdf.cell(half, g.rh, mark(e), align="C")
            if total is not None and not hole.playoff:
                pdf.set_font("Helvetica", "B", 12)
                pdf.cell(half, g.rh, str(total), align="C")
        else:
            pdf.cell(g.col_w * 0.62, g.rh, mark(e), align="R")
            if total is not None and not hole.playoff:
                pdf.set_font("Helvetica", "", 7.5)
                pdf.set_text_color(90, 90, 90)
                pdf.cell(g.col_w * 0.38 - 1, g.rh, f"{total}", align="R")
                pdf.set_text_color(0, 0, 0)
        pdf.set_xy(x + g.col_w, y)
    texts = ["", ""]
    if hole is not None and index is not None and st is not None:
        best = st.won_by[index]
        won = g.names[best[0]] if len(best) == 1 else ("halved" if not hole.playoff else "tied")
        texts = [won, st.match[index] or ""]
    _match_cells(pdf, g, g.rh, texts, shade)


def _dealt(pdf: FPDF, x: float, y: float) -> None:
    """A small D in the corner of the dealer's cell: who dealt the hole."""
    pdf.set_font("Helvetica", "", 5.5)
    pdf.set_text_color(120, 120, 120)
    pdf.set_xy(x + 0.4, y + 0.2)
    pdf.cell(3, 2.4, "D")
    pdf.set_text_color(0, 0, 0)


def _sum_row(
    pdf: FPDF, card: Scorecard, g: _Grid, st: Standing | None, y: float, label: str, span: range
) -> None:
    """Out (holes 1-9) or In (10-18): each side's strokes over that nine, once
    all nine are in; the par of the nine on a mini golf card."""
    pdf.set_fill_color(232, 238, 232)
    pdf.set_xy(g.x0, y)
    pdf.set_font("Helvetica", "B", 10)
    pdf.cell(g.hole_w, g.rh, label, border=1, align="C", fill=True)
    if g.has_par:
        known = [] if card.par is None else [card.par[h - 1] for h in span]
        par = str(sum(x or 0 for x in known)) if known and None not in known else ""
        pdf.cell(g.par_w, g.rh, par, border=1, align="C", fill=True)
    holes = [] if st is None else [h for h in card.regular if h.number in span]
    for j in g.cols:
        text = ""
        if len(holes) == len(span) and all(g.names[j] in h.scores for h in holes):
            text = str(sum(h.scores[g.names[j]].score for h in holes))
        pdf.cell(g.col_w, g.rh, text, border=1, align="C", fill=True)


def _total_rows(
    pdf: FPDF, card: Scorecard, g: _Grid, st: Standing | None, foot: list[str], y: float
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
                par = str(sum(x or 0 for x in card.par))
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
        _match_cells(pdf, g, g.rh, ["", ""], True)
        y += g.rh
    return y


def _notes_block(
    pdf: FPDF,
    card: Scorecard,
    st: Standing | None,
    notes: list[str],
    width: float,
    y: float,
    area: _Area,
) -> None:
    """Under the grid: the result so far (or how to fill a blank card in),
    then the card values or, for mini golf, how to score."""
    from fpdf.enums import XPos, YPos

    from .present import problem_lines

    mini = card.kind == "mini"
    pdf.set_xy(MARGIN, y + (2 if area.compact else 4))
    if st is not None:
        pdf.set_font("Helvetica", "B", 11)
        for line in status_lines(card, st, "CARD", hints=False):
            pdf.multi_cell(width, 5.5, pdf_text(line), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        pdf.set_font("Helvetica", "", 8)
        entries = [e for h in card.played for e in h.scores.values()]
        keys = [
            ("* counted from a layout", any(e.layout for e in entries)),
            ("~ a hole missed by a player who joined later (the score the table gave)",
             any(e.missed for e in entries)),
            ("D who dealt the hole", any(h.dealer is not None for h in card.played)),
        ]  # fmt: skip
        for key, shown in keys:
            if shown:
                pdf.cell(width, 4.5, key, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        for line in problem_lines(card):
            pdf.multi_cell(width, 4, pdf_text(line.strip()), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        pdf.ln(2)
    else:
        pdf.set_font("Helvetica", "", area.text_size - 0.5)
        pdf.set_text_color(90, 90, 90)
        pdf.cell(width, area.line, _how_to_fill(card), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
        pdf.set_text_color(0, 0, 0)
        pdf.ln(1 if area.compact else 2)
    pdf.set_font("Helvetica", "B", 9 if area.compact else 11)
    pdf.cell(
        width,
        area.line + 1,
        "Card values" if not mini else "How to score",
        new_x=XPos.LMARGIN,
        new_y=YPos.NEXT,
    )
    pdf.set_font("Helvetica", "", area.text_size)
    for line in notes:
        pdf.multi_cell(width, area.line, line, new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def _how_to_fill(card: Scorecard) -> str:
    """The line under a blank grid: what to write where."""
    if card.kind == "mini":
        return "Write each player's strokes per hole."
    if card.target is not None and card.holes is None:
        rule = "reaches" if card.target_rule == "reach" else "passes"
        return (
            "Write each hole's score and, beside it, the running total; "
            f"the game ends when a total {rule} {card.target}."
        )
    return "Write each hole's score and, small in the corner, the running total."


def _cut_line(pdf: FPDF, y: float) -> None:
    """A dashed line across the middle of a two-up page, to cut along."""
    pdf.set_draw_color(150, 150, 150)
    pdf.set_line_width(0.2)
    pdf.set_dash_pattern(dash=2, gap=2)
    pdf.line(4, y, pdf.w - 4, y)
    pdf.set_dash_pattern()
    pdf.set_draw_color(0, 0, 0)


def _blank_describe(card: Scorecard) -> str:
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
