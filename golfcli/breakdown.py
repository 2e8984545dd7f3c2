"""A score itemised for people: ``golfcli.score`` and ``golf score``, as text
(a table or markdown), CSV, JSON and pictures.

:func:`score` and :func:`score_hole` are the library's scoring calls and
``golf score`` prints what they return: its table is ``str(result)``, every
``--format`` is ``result.render(fmt)``, its JSON line ``result.to_dict()``.
So the command line and a program cannot disagree, and this module is the
one place a score is put in words.

Kept apart from the scorer so that scoring stays pure and fast, and apart
from the CLI so the terminal game can reuse the same tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from . import cards as C
from .arguments import choice, flag, items, optional_whole, text
from .arguments import names as names_of
from .limits import MAX_PLAYERS
from .notation import Layout, read_layout
from .render import FORMATS, csv_text, json_text, table, text_table
from .rulestext import effect_words
from .scoring import (
    Expectation,
    HoleScore,
    LayoutScore,
    PatternMatch,
    SideScore,
    expected_total,
    known_part,
)
from .scoring import score_hole as score_layouts  # this module's score_hole is the public one
from .variant import Variant
from .variantload import resolve


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
    out.append(table(rows, ["player", "layout", "penalties", "adjustments", "hole"], markdown=md))
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


# --------------------------------------------------------------------------- the results


LayoutLike = str | Layout | Iterable[str | int]
VariantLike = str | Path | Variant


def as_layout(layout: LayoutLike, variant: Variant, argument: str = "layout") -> Layout:
    """``layout`` read as a :class:`Layout` of ``variant``'s shape (a flat
    list of cards is cut into the variant's rows); a :class:`~golfcli.cards.CardError`
    names the bad card or the wrong shape, an ArgumentTypeError names
    ``argument`` when it is no layout at all."""
    if isinstance(layout, Layout):
        lay = layout
    else:
        cols = 0 if isinstance(layout, str) else variant.cols
        lay = Layout._of(*read_layout(argument, layout, cols))
    if (lay.rows, lay.cols) != (variant.rows, variant.cols):
        raise C.CardError(
            f"a {lay.rows}x{lay.cols} layout, "
            f"but {variant.name} deals {variant.rows} rows of {variant.cols}"
        )
    return lay


class Score:
    """One layout's score, card by card: what :func:`score` returns.

    ``total`` is the layout's score (a layout with face-down ``?`` cards has
    none yet: ``expected`` is its expected total over the cards not seen,
    ``known`` the face-up cards' part).  The itemised parts: each card's
    face ``values`` and what it ``scored`` after matching, the ``matches``
    (patterns found, in the order they apply), the ``bonus`` to the owner
    and what the layout adds to each opponent (``opponents``).

    ``str(score)`` is what ``golf score`` prints (``f"{score:s}"`` with suit
    symbols, as ``--symbols``), ``score.to_dict()`` its ``--json`` line, and
    a notebook draws the layout with the matched patterns ringed.
    """

    __slots__ = ("_exp", "layout", "parts", "variant")

    def __init__(self, variant: Variant, layout: Layout) -> None:
        cards = list(layout.cards)
        self.variant = variant
        #: the layout scored
        self.layout = layout
        #: the engine's breakdown (a face-down card counts 0 and matches nothing)
        self.parts: LayoutScore = known_part(variant, cards)
        self._exp: Expectation | None = None
        if layout.face_down:
            self._exp = expected_total(variant, cards, parts=self.parts)

    @property
    def complete(self) -> bool:
        """True when every card is known (no ``?``): then there is a ``total``."""
        return self._exp is None

    @property
    def total(self) -> int:
        """The layout's score; a layout with ``?`` cards has none (see ``expected``)."""
        if self._exp is not None:
            raise C.CardError(
                f"{self.layout} has {self._exp.unknown} face-down card(s) and no total yet: "
                "see .expected (and .known, the face-up part)"
            )
        return self.parts.total

    @property
    def known(self) -> int:
        """The face-up cards' part of the score (all of it when ``complete``)."""
        return self.parts.total

    @property
    def expected(self) -> float:
        """The expected total over the cards not yet seen (the ``total`` when ``complete``)."""
        return self.parts.total if self._exp is None else self._exp.expected

    @property
    def exact(self) -> bool:
        """False when ``expected`` was estimated from samples rather than counted exactly."""
        return self._exp is None or self._exp.exact

    @property
    def values(self) -> tuple[int, ...]:
        """Each card's face value, row by row (0 for a face-down card)."""
        return self.parts.values

    @property
    def scored(self) -> tuple[int, ...]:
        """What each card counts after the patterns (a pair's cards count 0 ...)."""
        return self.parts.scored

    @property
    def matches(self) -> tuple[PatternMatch, ...]:
        """The patterns matched, in the order they apply (cells counted from 0)."""
        return self.parts.matches

    @property
    def bonus(self) -> int:
        """What the matched patterns add to this layout's score."""
        return self.parts.bonus

    @property
    def opponents(self) -> int:
        """What this layout adds to every opponent's score (in a hole)."""
        return self.parts.opponents

    def render(self, fmt: str = "table", *, symbols: bool = False) -> str:
        """The score as ``golf score --format`` prints it: ``table`` (also
        ``str(score)``), ``markdown``, ``csv`` (its header and :meth:`row`) or
        ``json`` (:meth:`to_dict`); ``symbols`` prints suits as ♣♦♥♠."""
        fmt = choice("fmt", fmt, FORMATS)
        symbols = flag("symbols", symbols)
        if fmt == "json":
            return json_text(self.to_dict(), lines=True)
        if fmt == "csv":
            return csv_text(CSV_LAYOUT, [self.row()])
        if self._exp is not None:
            return expectation_text(self.variant, self.layout.cards, self._exp, symbols, fmt)
        return layout_text(self.variant, self.parts, symbols, fmt)

    def row(self, label: str = "layout 1") -> list[Any]:
        """The score as one row of ``golf score --format csv`` (see ``CSV_LAYOUT``)."""
        label = text("label", label)
        if self._exp is not None:
            return expectation_row(label, self.variant, self.layout.cards, self._exp)
        return layout_row(label, self.variant, self.parts)

    def __str__(self) -> str:
        return self.render()

    def __format__(self, spec: str) -> str:
        """``f"{score}"`` is the table; ``f"{score:s}"`` has suit symbols."""
        return self.render(symbols=spec == "s")

    def __repr__(self) -> str:
        if self._exp is None:
            return f"<Score {self.layout}: total {self.total}>"
        return f"<Score {self.layout}: expected {self.expected:.2f}, known {self.known}>"

    def to_dict(self) -> dict[str, Any]:
        """The ``golf score --format json`` object for this layout (plain JSON data)."""
        if self._exp is not None:
            return expectation_json(self.variant, self.layout.cards, self._exp)
        return layout_json(self.variant, self.parts)

    def _repr_svg_(self) -> str:
        from .render.pictures import grid_svg

        return grid_svg(score_grid(self.variant, self.parts, self._exp), str(self.layout))


class HoleResult:
    """A hole's score, every side together: what :func:`score_hole` returns.

    ``totals`` are the sides' hole scores (layout, plus penalties from the
    opponents' layouts, plus the hole-level adjustments: blackjack,
    underdog, a knock's bonus or penalty ...), ``scores`` each side's own
    layout :class:`Score`, ``penalties`` and ``adjustments`` the rest.
    ``str`` is ``golf score --hole``; ``to_dict()["sides"]`` its ``--json`` lines."""

    __slots__ = ("layouts", "names", "parts", "variant")

    def __init__(
        self, variant: Variant, layouts: Sequence[Layout], closer: int | None, names: Sequence[str]
    ) -> None:
        self.variant = variant
        self.layouts = tuple(layouts)
        #: who the sides are in the text and picture (``layout 1`` ... by default)
        self.names = tuple(names)
        #: the engine's breakdown
        self.parts: HoleScore = score_layouts(variant, [list(lay) for lay in layouts], closer)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's hole score."""
        return self.parts.totals

    @property
    def closer(self) -> int | None:
        """The side (from 0) that went out or knocked, if given."""
        return self.parts.closer

    @property
    def scores(self) -> tuple[Score, ...]:
        """Each side's layout on its own, as :func:`score` gives it."""
        return tuple(Score(self.variant, lay) for lay in self.layouts)

    @property
    def penalties(self) -> tuple[int, ...]:
        """What each side received from the others' layouts."""
        return tuple(s.penalties for s in self.parts.sides)

    @property
    def adjustments(self) -> tuple[tuple[tuple[str, int], ...], ...]:
        """Per side, the hole-level rules that changed its score: ``(rule, change)``."""
        return tuple(s.adjustments for s in self.parts.sides)

    def render(self, fmt: str = "table", *, symbols: bool = False) -> str:
        """The hole as ``golf score --hole --format`` prints it: ``table`` (also
        ``str(result)``), ``markdown``, ``csv`` (a row per side: :meth:`rows`)
        or ``json`` (a line per side)."""
        fmt = choice("fmt", fmt, FORMATS)
        symbols = flag("symbols", symbols)
        if fmt == "json":
            return "\n".join(json_text(side, lines=True) for side in self.to_dict()["sides"])
        if fmt == "csv":
            return csv_text(CSV_HOLE, self.rows())
        return hole_text(self.variant, self.parts, self.names, symbols, fmt)

    def rows(self) -> list[list[Any]]:
        """The hole as the rows of ``golf score --hole --format csv`` (see ``CSV_HOLE``)."""
        return hole_rows(self.variant, self.parts)

    def __str__(self) -> str:
        return self.render()

    def __format__(self, spec: str) -> str:
        """``f"{result}"`` is the table; ``f"{result:s}"`` has suit symbols."""
        return self.render(symbols=spec == "s")

    def __repr__(self) -> str:
        return f"<HoleResult {' | '.join(map(str, self.layouts))}: totals {list(self.totals)}>"

    def to_dict(self) -> dict[str, Any]:
        """The hole as JSON data; ``sides`` holds the ``golf score --hole --json``
        lines, one per layout."""
        return {
            "variant": self.variant.name,
            "closer": self.closer,
            "totals": list(self.totals),
            "sides": hole_json_lines(self.variant, self.parts),
        }

    def _repr_svg_(self) -> str:
        from .render.pictures import Table, table_svg

        grids = []
        low = min(self.totals)  # the hole's winners, in bold
        for i, side in enumerate(self.parts.sides):
            g = score_grid(self.variant, side.layout, None, side)
            g.title = f"{self.names[i]}: {side.total}"
            g.bold = self.totals[i] == low
            grids.append(g)
        return table_svg(Table(grids, per_row=3), "hole: " + " | ".join(map(str, self.layouts)))


def score_grid(
    variant: Variant, parts: LayoutScore, exp: Expectation | None, side: SideScore | None = None
) -> Any:
    """A layout's breakdown as a picture's grid: under each card its value (and
    what it scored, if a pattern changed it), the matched patterns ringed
    with their words, and the total (in a hole, ``side``: the layout's, the
    penalties and rules of the hole, and the hole score)."""
    from .render.pictures import Grid

    under = []
    for card, v, s in zip(parts.cards, parts.values, parts.scored, strict=True):
        under.append("" if card == C.UNKNOWN else f"{v:+d}" + (f"→{s:+d}" if s != v else ""))
    groups = [(m.cells, match_text(m, variant.cols)) for m in parts.matches]
    notes = []
    if parts.bonus:
        notes.append(f"bonus {parts.bonus:+d}")
    if parts.opponents:
        notes.append(f"adds {parts.opponents:+d} to every opponent")
    if side is not None:
        notes.append(f"layout {parts.total}")
        if side.penalties:
            notes.append(f"penalties from opponents {side.penalties:+d}")
        notes += [f"{name} {d:+d}" for name, d in side.adjustments]
        notes.append(f"hole score {side.total}")
    elif exp is None:
        notes.append(f"total {parts.total}")
    else:
        how = "exact" if exp.exact else f"from {exp.samples} samples"
        notes.append(f"known part {exp.known}; expected total {exp.expected:.2f} ({how})")
    return Grid(list(parts.cards), variant.cols, under=under, groups=groups, notes=notes)


def score(layout: LayoutLike, variant: VariantLike = "six-card") -> Score:
    """Score one layout with a variant's rules (``golf score``).

    ``layout`` is typed as people write it (rows split by ``/``, ``?`` for a
    face-down card), a :class:`~golfcli.notation.Layout`, or a flat list of
    cards; ``variant`` a built-in's name, a variant file's path or a
    :class:`~golfcli.variant.Variant` (``load_variant`` with overrides).

    >>> s = score("5 K 2 / 5 7 9")
    >>> s.total, s.scored
    (14, (0, 0, -2, 0, 7, 9))
    >>> print(s.matches[0].pattern, s.matches[0].cells)
    column pair (0, 3)
    >>> round(score("5 K ? / 5 7 ?").expected, 2)
    17.45
    """
    var = resolve(variant)
    return Score(var, as_layout(layout, var))


def score_hole(
    layouts: Sequence[LayoutLike],
    variant: VariantLike = "six-card",
    closer: int | None = None,
    names: Sequence[str] | None = None,
) -> HoleResult:
    """Score several layouts together as one hole (``golf score --hole``):
    penalties between sides and the hole-level rules.  ``closer`` is the
    side (from 0) that went out or knocked, for knock bonuses and penalties.

    >>> score_hole(["JK 5 3 / JK 5 3", "4 4 7 / 9 9 K"], "duel").totals
    (-4, 43)
    """
    var = resolve(variant)
    given = items("layouts", layouts, "a list of layouts, one a side", MAX_PLAYERS)
    lays = [as_layout(lay, var, f"layouts[{i}]") for i, lay in enumerate(given)]
    if not lays:
        raise C.CardError("a hole needs at least one layout")
    for i, lay in enumerate(lays):
        if lay.face_down:
            raise C.CardError(f"layout {i + 1}: a hole is scored with every card known (no ?)")
    side = optional_whole("closer", closer, 0, len(lays) - 1, "a side")
    labels = (
        names_of("names", names, len(lays))
        if names is not None
        else tuple(f"layout {i + 1}" for i in range(len(lays)))
    )
    return HoleResult(var, lays, side, labels)
