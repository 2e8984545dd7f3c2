"""Plots as inline SVG, written by hand.

A report's plots are few and plain (points with intervals, lines over a run,
bars, a grid of coloured cells), so a page draws them with a few hundred
lines of SVG instead of a plotting library: the base install writes the
whole report, the page needs no network and no script, the same report gives
the same bytes (tests compare structure, and a diff of two reports is
readable), and writing it costs milliseconds (matplotlib would add ~40 MB
and about a second of import to every ``--out`` run).

Every chart is an ``<svg class="plot" data-plot="NAME">`` with a ``<title>``
(screen readers, and the tests' handle on it), axes with ticks, and labels
as text, so the page can be read, searched and copied.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

#: Colour-blind-safe (Okabe and Ito), in order of use for series.
PALETTE = (
    "#0072B2",
    "#E69F00",
    "#009E73",
    "#CC79A7",
    "#56B4E9",
    "#D55E00",
    "#F0E442",
    "#000000",
)
FONT = 'font-family="system-ui, sans-serif" font-size="12"'


def colour(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


def _f(x: float) -> str:
    """A coordinate: one decimal, no "-0.0"."""
    text = f"{x:.1f}"
    return "0.0" if text == "-0.0" else text


def nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round tick values covering [lo, hi]: steps of 1, 2 or 5 times a power of ten."""
    if not math.isfinite(lo) or not math.isfinite(hi):
        return [0.0]
    if hi <= lo:
        hi = lo + 1.0
    raw = (hi - lo) / max(count, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(lo / step - 1e-9) * step
    ticks = []
    t = first
    while t <= hi + step * 1e-9:
        ticks.append(round(t, 10) + 0.0)
        t += step
    return ticks


def tick_text(t: float) -> str:
    return f"{t:g}" if abs(t) < 1e6 else f"{t:.2g}"


class Scale:
    """A linear map from data values to pixels."""

    def __init__(self, lo: float, hi: float, p0: float, p1: float) -> None:
        if hi <= lo:
            lo, hi = lo - 0.5, hi + 0.5
        self.lo, self.hi, self.p0, self.p1 = lo, hi, p0, p1

    def __call__(self, v: float) -> float:
        return self.p0 + (v - self.lo) / (self.hi - self.lo) * (self.p1 - self.p0)


def padded(lo: float, hi: float, frac: float = 0.05) -> tuple[float, float]:
    span = hi - lo if hi > lo else max(abs(hi), 1.0)
    return lo - frac * span, hi + frac * span


#: Small grey text: an axis's tick labels and a legend's words.
TICK = ' font-size="10" fill="#555"'


class Svg:
    """One chart being drawn: elements appended, then :meth:`done`."""

    def __init__(self, name: str, title: str, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.parts = [
            f'<svg class="plot" data-plot="{escape(name)}" '
            f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" '
            f"{FONT}>",
            f"<title>{escape(title)}</title>",
        ]

    def add(self, element: str) -> None:
        self.parts.append(element)

    def text(
        self, x: float, y: float, s: str, anchor: str = "start", extra: str = "", cls: str = ""
    ) -> None:
        c = f' class="{cls}"' if cls else ""
        self.add(
            f'<text x="{_f(x)}" y="{_f(y)}" text-anchor="{anchor}"{c}{extra}>{escape(s)}</text>'
        )

    def line(self, x1: float, y1: float, x2: float, y2: float, style: str) -> None:
        self.add(f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" {style}/>')

    def polyline(self, points: Sequence[tuple[float, float]], stroke: str, extra: str = "") -> None:
        pts = " ".join(f"{_f(x)},{_f(y)}" for x, y in points)
        self.add(
            f'<polyline points="{pts}" fill="none" stroke="{stroke}" stroke-width="2"{extra}/>'
        )

    def x_axis(self, sx: Scale, y: float, label: str, ticks: Sequence[float]) -> None:
        self.line(sx.p0, y, sx.p1, y, 'stroke="#444"')
        for t in ticks:
            x = sx(t)
            self.line(x, y, x, y + 4, 'stroke="#444"')
            self.text(x, y + 16, tick_text(t), "middle")
        self.text((sx.p0 + sx.p1) / 2, y + 32, label, "middle")

    def y_axis(self, sy: Scale, x: float, label: str, ticks: Sequence[float]) -> None:
        self.line(x, sy.p0, x, sy.p1, 'stroke="#444"')
        for t in ticks:
            y = sy(t)
            self.line(x - 4, y, x, y, 'stroke="#444"')
            self.text(x - 6, y + 4, tick_text(t), "end")
        mid = (sy.p0 + sy.p1) / 2
        self.text(14, mid, label, "middle", f' transform="rotate(-90 14 {_f(mid)})"')

    def grid_y(self, sy: Scale, x0: float, x1: float, ticks: Sequence[float]) -> None:
        for t in ticks:
            self.line(x0, sy(t), x1, sy(t), 'stroke="#ddd"')

    def legend(self, x: float, y: float, names: Sequence[str], dashed: Sequence[bool] = ()) -> None:
        for i, name in enumerate(names):
            yy = y + 16 * i
            dash = ' stroke-dasharray="5 3"' if i < len(dashed) and dashed[i] else ""
            self.line(x, yy - 4, x + 18, yy - 4, f'stroke="{colour(i)}" stroke-width="2"{dash}')
            self.text(x + 24, yy, name)

    def done(self) -> str:
        return "\n".join([*self.parts, "</svg>"])


def intervals(
    name: str,
    title: str,
    rows: Sequence[tuple[str, float, float | None, float | None]],
    axis: str,
    reference: float | None = None,
    bounds: tuple[float, float] | None = None,
) -> str:
    """Points with 95% intervals, one row each (label, value, low, high): a
    forest plot, or win shares.  ``reference`` draws a dashed line (no difference)."""
    label_w = min(260, 12 + 7 * max((len(r[0]) for r in rows), default=4))
    width, row_h = 720, 26
    height = 60 + row_h * max(len(rows), 1)
    values = [v for r in rows for v in r[1:] if v is not None]
    if reference is not None:
        values.append(reference)
    lo, hi = (
        bounds if bounds is not None else padded(min(values, default=0), max(values, default=1))
    )
    sx = Scale(lo, hi, label_w + 10, width - 20)
    svg = Svg(name, title, width, height)
    top = 10
    bottom = top + row_h * max(len(rows), 1)
    ticks = nice_ticks(lo, hi)
    for t in ticks:
        svg.line(sx(t), top, sx(t), bottom, 'stroke="#eee"')
    if reference is not None:
        svg.line(sx(reference), top, sx(reference), bottom, 'stroke="#888" stroke-dasharray="4 3"')
    for i, (label, mid, a, b) in enumerate(rows):
        y = top + row_h * i + row_h / 2
        svg.text(label_w, y + 4, label, "end")
        if a is not None and b is not None:
            svg.line(sx(a), y, sx(b), y, f'stroke="{colour(0)}" stroke-width="2"')
            for end in (a, b):
                svg.line(sx(end), y - 5, sx(end), y + 5, f'stroke="{colour(0)}" stroke-width="2"')
        svg.add(f'<circle cx="{_f(sx(mid))}" cy="{_f(y)}" r="4.5" fill="{colour(0)}"/>')
    svg.x_axis(sx, bottom, axis, ticks)
    return svg.done()


def lines(
    name: str,
    title: str,
    series: Sequence[tuple[str, Sequence[tuple[float, float]], bool]],
    x_label: str,
    y_label: str,
    hlines: Sequence[tuple[float, str]] = (),
) -> str:
    """Lines over a run: ``series`` are (name, points, dashed); ``hlines``
    are labelled horizontal lines (an SPRT's bounds)."""
    width, height = 720, 320
    left, right, top, bottom = 60, 170, 12, 50
    xs = [x for _, pts, _ in series for x, _ in pts]
    ys = [y for _, pts, _ in series for _, y in pts] + [h for h, _ in hlines]
    x_lo, x_hi = (min(xs), max(xs)) if xs else (0.0, 1.0)
    y_lo, y_hi = padded(min(ys, default=0.0), max(ys, default=1.0))
    sx = Scale(x_lo, x_hi, left, width - right)
    sy = Scale(y_lo, y_hi, height - bottom, top)
    svg = Svg(name, title, width, height)
    y_ticks = nice_ticks(y_lo, y_hi)
    svg.grid_y(sy, left, width - right, y_ticks)
    for value, label in hlines:
        svg.line(left, sy(value), width - right, sy(value), 'stroke="#888" stroke-dasharray="4 3"')
        svg.text(width - right + 4, sy(value) + 4, label)
    for i, (_, pts, dashed) in enumerate(series):
        if pts:
            extra = ' stroke-dasharray="5 3"' if dashed else ""
            svg.polyline([(sx(x), sy(y)) for x, y in pts], colour(i), extra)
    svg.x_axis(sx, height - bottom, x_label, nice_ticks(x_lo, x_hi))
    svg.y_axis(sy, left, y_label, y_ticks)
    svg.legend(
        width - right + 4,
        top + 12 + 16 * len(hlines) + 8,
        [s[0] for s in series],
        [s[2] for s in series],
    )
    return svg.done()


def histograms(
    name: str, title: str, rows: Sequence[tuple[str, Sequence[tuple[int, int]]]], x_label: str
) -> str:
    """One small histogram per row (name, (value, count) pairs) on a shared
    axis, each scaled to its own largest share so shapes compare.  So that
    the heights still read as numbers, each row has its own count axis: 0 at
    its base and, at its tallest bar, that bar's share of the row's holes
    (and its count)."""
    width, row_h, left = 720, 70, 190
    height = 50 + row_h * max(len(rows), 1)
    values = [v for _, counts in rows for v, _ in counts]
    lo, hi = (min(values) - 0.5, max(values) + 0.5) if values else (0.0, 1.0)
    sx = Scale(lo, hi, left, width - 20)
    bar = max(1.0, (sx.p1 - sx.p0) / max(hi - lo, 1.0) - 1.0)
    svg = Svg(name, title, width, height)
    for i, (label, counts) in enumerate(rows):
        base = 10 + row_h * (i + 1) - 8
        total = sum(c for _, c in counts) or 1
        top = max((c for _, c in counts), default=1) / total
        svg.text(left - 62, base - row_h / 2 + 8, label, "end")
        svg.line(left, base, width - 20, base, 'stroke="#bbb"')
        # the row's count axis: 0 at the base, the tallest bar's share at its top
        peak = max((c for _, c in counts), default=0)
        svg.line(left - 4, base, left - 4, base - (row_h - 16), 'stroke="#444"')
        for y, tick in ((base, "0"), (base - (row_h - 16), f"{100 * peak / total:.0f}% ({peak})")):
            svg.line(left - 8, y, left - 4, y, 'stroke="#444"')
            svg.text(left - 10, y + 4, tick, "end", extra=TICK)
        for v, c in counts:
            h = (row_h - 16) * (c / total) / top if top else 0.0
            svg.add(
                f'<rect x="{_f(sx(v) - bar / 2)}" y="{_f(base - h)}" width="{_f(bar)}" '
                f'height="{_f(h)}" fill="{colour(i)}"><title>{escape(label)}: {v}: '
                f"{c} ({100 * c / total:.1f}%)</title></rect>"
            )
    svg.x_axis(sx, 10 + row_h * max(len(rows), 1), x_label, nice_ticks(lo, hi, 8))
    return svg.done()


def heatmap(
    name: str,
    title: str,
    names: Sequence[str],
    cells: dict[tuple[int, int], tuple[float, str]],
) -> str:
    """A grid: row i against column j coloured by a share in [0, 1] (blue
    above one half, orange below), with a short text in each cell, and a
    legend under it: the colour scale from 0 to 1 with what it measures."""
    cell_w, cell_h = 96, 34
    label_w = min(200, 12 + 7 * max((len(n) for n in names), default=4))
    width = max(label_w + cell_w * len(names) + 10, label_w + 290)
    grid_h = 40 + cell_h * len(names)
    height = grid_h + 56
    svg = Svg(name, title, width, height)
    for j, n in enumerate(names):
        svg.text(label_w + cell_w * j + cell_w / 2, 24, n, "middle")
    for i, n in enumerate(names):
        y = 32 + cell_h * i
        svg.text(label_w - 8, y + cell_h / 2 + 4, n, "end")
        for j in range(len(names)):
            x = label_w + cell_w * j
            if i == j:
                fill, text = "#f4f4f4", "·"
            elif (i, j) in cells:
                share, text = cells[(i, j)]
                fill = share_colour(share)
            else:
                fill, text = "#ffffff", ""
            svg.add(
                f'<rect x="{_f(x)}" y="{_f(y)}" width="{cell_w - 2}" height="{cell_h - 2}" '
                f'fill="{fill}" stroke="#ccc"/>'
            )
            svg.text(x + cell_w / 2 - 1, y + cell_h / 2 + 3, text, "middle")
    # the legend: eleven steps of the colour scale, 0, ½ and 1 marked
    x0, step, y = label_w, 24, grid_h + 4
    for k in range(11):
        svg.add(
            f'<rect x="{_f(x0 + step * k)}" y="{_f(y)}" width="{step}" height="14" '
            f'fill="{share_colour(k / 10)}" stroke="#ccc"/>'
        )
    for k, tick in ((0, "0"), (5, "½"), (10, "1")):
        svg.text(x0 + step * k + step / 2, y + 28, tick, "middle", extra=TICK)
    svg.text(x0, y + 46, "the row's score against the column (win 1, draw ½)", extra=TICK)
    return svg.done()


def share_colour(share: float) -> str:
    """White at one half, towards blue (more) or orange (less)."""
    t = max(0.0, min(1.0, abs(share - 0.5) * 2))
    target = (0x56, 0x9F, 0xD8) if share >= 0.5 else (0xF0, 0xA0, 0x50)
    rgb = [round(255 + (c - 255) * t) for c in target]
    return "#" + "".join(f"{c:02x}" for c in rgb)


def bars(name: str, title: str, rows: Sequence[tuple[str, float]], axis: str) -> str:
    """Horizontal bars (label, value >= 0)."""
    label_w = min(260, 12 + 7 * max((len(r[0]) for r in rows), default=4))
    width, row_h = 720, 24
    height = 50 + row_h * max(len(rows), 1)
    hi = max((v for _, v in rows), default=1.0) or 1.0
    sx = Scale(0.0, hi * 1.05, label_w + 10, width - 20)
    svg = Svg(name, title, width, height)
    for i, (label, v) in enumerate(rows):
        y = 10 + row_h * i
        svg.text(label_w, y + row_h / 2 + 4, label, "end")
        svg.add(
            f'<rect x="{_f(sx.p0)}" y="{_f(y + 4)}" width="{_f(sx(v) - sx.p0)}" '
            f'height="{row_h - 8}" fill="{colour(5)}"/>'
        )
    svg.x_axis(sx, 10 + row_h * max(len(rows), 1), axis, nice_ticks(0.0, hi * 1.05))
    return svg.done()
