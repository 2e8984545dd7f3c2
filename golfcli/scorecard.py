"""Presenting scores: the ``golf score`` breakdown as a table, markdown, CSV or JSON.

Kept apart from the scorer so that scoring stays pure and fast, and apart
from the CLI so the terminal game can reuse the same tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabulate import tabulate

from . import cards as C
from .render import text_table
from .rulestext import effect_words
from .scoring import Expectation, HoleScore, LayoutScore, PatternMatch
from .variant import Variant


def _rc(cell: int, cols: int) -> list[int]:
    return [cell // cols + 1, cell % cols + 1]


def match_text(m: PatternMatch, cols: int, numbered: bool = False) -> str:
    """A matched pattern in words: cells as ``r1c2`` (``golf score``), or
    ``numbered`` 1..N as the terminal game numbers positions."""
    if numbered:
        cells = ", ".join(str(x + 1) for x in m.cells)
    else:
        cells = ", ".join(f"r{r}c{c}" for r, c in (_rc(x, cols) for x in m.cells))
    extra = ""
    if m.bonus:
        extra += f", {m.bonus:+d}" + ("" if numbered else " to owner")
    if m.opponents:
        extra += f", {m.opponents:+d} to each opponent"
    return f"{m.pattern} of {C.rank_str(m.rank)} at {cells}: {effect_words(m.effect)}{extra}"


def grid_table(
    variant: Variant,
    cards: Sequence[int],
    values: Sequence[int] | None,
    scored: Sequence[int] | None,
    symbols: bool = False,
    fmt: str = "table",
) -> str:
    cols = variant.cols
    rows = []
    for r in range(variant.rows):
        row: list[str] = [f"row {r + 1}"]
        for c in range(cols):
            i = r * cols + c
            card = cards[i]
            if card == C.UNKNOWN or values is None or scored is None:
                row.append(C.card_str(card, symbols))
                continue
            v, s = values[i], scored[i]
            row.append(f"{C.card_str(card, symbols)} {v:+d}" + (f" → {s:+d}" if s != v else ""))
        rows.append(row)
    return text_table([""] + [f"col {c + 1}" for c in range(cols)], rows, fmt)


def _lines(table: str, lines: Sequence[str], fmt: str) -> str:
    """A table and the lines under it; in markdown the lines are a list
    (plain lines would run together into one paragraph)."""
    if fmt == "markdown":
        return "\n".join([table, "", *(f"* {x}" for x in lines)])
    return "\n".join([table, *lines])


def layout_text(
    variant: Variant, ls: LayoutScore, symbols: bool = False, fmt: str = "table"
) -> str:
    lines = []
    for m in ls.matches:
        lines.append("matched: " + match_text(m, variant.cols))
    if ls.bonus:
        lines.append(f"bonus: {ls.bonus:+d}")
    if ls.opponents:
        lines.append(f"adds to every opponent: {ls.opponents:+d}")
    lines.append(f"total: {ls.total}")
    return _lines(grid_table(variant, ls.cards, ls.values, ls.scored, symbols, fmt), lines, fmt)


#: ``golf score --format csv``: one row per layout, or per side with --hole.
CSV_LAYOUT = (
    "layout",
    "cards",
    "total",
    "cards_total",
    "bonus",
    "opponents_penalty",
    "face_down",
    "known_part",
    "expected_total",
)
CSV_HOLE = ("side", "cards", "layout_total", "penalties", "adjustments", "total", "closer")


def layout_row(label: str, variant: Variant, ls: LayoutScore) -> list[Any]:
    cards = C.layout_str(list(ls.cards), variant.cols)
    return [label, cards, ls.total, ls.cards_total, ls.bonus, ls.opponents, 0, None, None]


def expectation_row(
    label: str, variant: Variant, cards: Sequence[int], exp: Expectation
) -> list[Any]:
    text = C.layout_str(list(cards), variant.cols)
    return [label, text, None, None, None, None, exp.unknown, exp.known, round(exp.expected, 4)]


def hole_rows(variant: Variant, hole: HoleScore) -> list[list[Any]]:
    return [
        [
            i + 1,
            C.layout_str(list(s.layout.cards), variant.cols),
            s.layout.total,
            s.penalties,
            sum(d for _, d in s.adjustments),
            s.total,
            hole.closer == i,
        ]
        for i, s in enumerate(hole.sides)
    ]


def layout_json(variant: Variant, ls: LayoutScore) -> dict[str, Any]:
    cols = variant.cols
    return {
        "variant": variant.name,
        "layout": C.layout_str(list(ls.cards), cols),
        "total": ls.total,
        "cards": [
            {
                "row": i // cols + 1,
                "col": i % cols + 1,
                "card": C.card_str(c),
                "value": v,
                "scored": s,
            }
            for i, (c, v, s) in enumerate(zip(ls.cards, ls.values, ls.scored, strict=True))
        ],
        "matches": [
            {
                "pattern": m.pattern,
                "kind": m.kind,
                "rank": C.rank_str(m.rank),
                "cells": [_rc(x, cols) for x in m.cells],
                "effect": m.effect,
                "bonus": m.bonus,
                "opponents": m.opponents,
            }
            for m in ls.matches
        ],
        "cards_total": ls.cards_total,
        "bonus": ls.bonus,
        "opponents_penalty": ls.opponents,
    }


def expectation_text(
    variant: Variant,
    cards: Sequence[int],
    exp: Expectation,
    symbols: bool = False,
    fmt: str = "table",
) -> str:
    how = "exact" if exp.exact else f"estimated from {exp.samples} samples"
    lines = [
        f"face-down cards: {exp.unknown}",
        f"known part (face-up cards only): {exp.known}",
        f"expected total over the cards not yet seen: {exp.expected:.2f} ({how})",
    ]
    return _lines(grid_table(variant, cards, None, None, symbols, fmt), lines, fmt)


def expectation_json(variant: Variant, cards: Sequence[int], exp: Expectation) -> dict[str, Any]:
    return {
        "variant": variant.name,
        "layout": C.layout_str(list(cards), variant.cols),
        # no "total": the face-up part is not the hole's total, and a reader
        # of complete layouts' "total" must not take it for one
        "complete": False,
        "face_down": exp.unknown,
        "known_part": exp.known,
        "expected_total": round(exp.expected, 4),
        "exact": exp.exact,
        "samples": exp.samples,
    }


def hole_text(
    variant: Variant,
    hole: HoleScore,
    labels: Sequence[str],
    symbols: bool = False,
    fmt: str = "table",
) -> str:
    md = fmt == "markdown"
    out = []
    for i, side in enumerate(hole.sides):
        out.append(f"### {labels[i]}" if md else f"== {labels[i]} ==")
        if md:
            out.append("")
        lines = []
        if side.penalties:
            lines.append(f"penalties from opponents: {side.penalties:+d}")
        for name, d in side.adjustments:
            lines.append(f"{name}: {d:+d}")
        lines.append(f"hole score: {side.total}")
        extra = [f"* {x}" for x in lines] if md else lines
        out.append("\n".join([layout_text(variant, side.layout, symbols, fmt), *extra]))
        out.append("")
    rows = [
        [labels[i], s.layout.total, s.penalties, sum(d for _, d in s.adjustments), s.total]
        for i, s in enumerate(hole.sides)
    ]
    out.append(
        tabulate(
            rows,
            headers=["player", "layout", "penalties", "adjustments", "hole"],
            tablefmt="github" if md else "simple",
        )
    )
    return "\n".join(out)


def hole_json_lines(variant: Variant, hole: HoleScore) -> list[dict[str, Any]]:
    """``golf score --hole --json``: one object per layout, whose ``total`` is
    that side's hole score (layout + penalties + adjustments)."""
    out = []
    for i, s in enumerate(hole.sides):
        obj = layout_json(variant, s.layout)
        obj.update(
            {
                "side": i + 1,
                "closer": hole.closer == i,
                "layout_total": s.layout.total,
                "penalties": s.penalties,
                "adjustments": [{"rule": n, "delta": d} for n, d in s.adjustments],
                "total": s.total,
                "hole_totals": list(hole.totals),
            }
        )
        out.append(obj)
    return out
