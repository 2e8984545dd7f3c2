"""What a person types for a hole, and the "count cards" helper.

A value is either a whole number, kept exactly as typed (a table's own
jokers and house rules included), or a layout in ``golf score`` notation,
counted by :mod:`golfcli.scoring` with the card's variant -- the same scorer
the engine and ``golf score`` use, so a card can never disagree with them.

When every side of a hole is entered as a layout the hole is counted as
``golf score --hole`` counts it: penalties one layout gives the others
(duel's joker pair) and hole rules (blackjack, underdog, ...) apply.  When
any total is typed, each layout is counted on its own (as ``golf score
LAYOUT`` does) and typed totals are final: a typed total is never changed.
What that leaves out (a penalty one layout gives the others, the closer's
bonus or penalty, hole rules) is said at entry by :func:`rules_not_applied`,
not left to the help text.

A card read back is checked against its layouts (:func:`check_layouts`): a
score edited by hand so that it no longer matches its stored layout is
reported with its ``file:line`` and marked wherever the card is shown.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .. import cards as C
from ..exceptions import InputError
from ..scoring import LayoutScore, SideScore, score_hole, score_layout
from ..variant import Variant
from ..yamlsrc import SourceError
from .model import MAX_SCORE, EnteredHole, Entry, Scorecard, hole_label, label_words

_NUMBER = re.compile(rf"^[+-]?\d{{1,{len(str(MAX_SCORE))}}}$")  # at most MAX_SCORE either way


class EntryError(InputError):
    """A value that is neither a number nor a layout that fits the variant."""


class VariantUnavailable(InputError):
    """The card's variant cannot be loaded (its file moved or broke), and a
    layout needs it to be counted; typed totals never do.  ``path`` is the
    card, ``cause`` the loader's own error (``file:line: key: problem``)."""

    def __init__(self, path: Path, cause: SourceError) -> None:
        self.path = path
        self.cause = cause
        super().__init__(f"{path}: the card's variant cannot be loaded to count a layout: {cause}")


class VariantLoader:
    """A card's variant for the length of one command or request, loaded the
    first time a step needs it (checking the stored layouts, reading a typed
    layout, counting the hole) and kept for the later steps, so a ``fix`` or
    an ``add`` with layouts loads it once; typed totals never load it, so
    they work even if the variant file has gone.  Each set of ``--set``
    changes is loaded once: the card's own, and those a hole counted before
    a switch changed keeps (``EnteredHole.overrides``).  ``path`` is the
    card's file: a variant file is found relative to its folder."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._loaded: dict[tuple[str, tuple[str, ...]], Variant | SourceError] = {}

    def load(self, card: Scorecard, hole: EnteredHole | None = None) -> Variant:
        """The variant ``card`` names, with the ``--set`` changes ``hole`` was
        counted with (the card's own for a new hole); raises the loader's
        ``SourceError``."""
        from ..variantload import load_variant

        assert card.variant is not None
        overrides = card.overrides if hole is None or hole.overrides is None else hole.overrides
        key = (card.variant, tuple(overrides))
        if key not in self._loaded:
            try:
                self._loaded[key] = load_variant(
                    card.variant, list(overrides), base_dir=self.path.parent
                )
            except SourceError as exc:
                self._loaded[key] = exc
        loaded = self._loaded[key]
        if isinstance(loaded, SourceError):
            raise loaded
        return loaded

    def __call__(self, card: Scorecard, hole: EnteredHole | None = None) -> Variant:
        """The variant, for counting layouts; :class:`VariantUnavailable`
        naming the card and the loader's problem (file:line and key) if it
        cannot be loaded."""
        try:
            return self.load(card, hole)
        except SourceError as exc:
            raise VariantUnavailable(self.path, exc) from None

    def problems(self, card: Scorecard) -> list[str]:
        """What :func:`check_layouts` finds on ``card`` (marking each entry
        it finds wrong), or why it cannot look."""
        if card.kind != "golf" or not any(e.layout for h in card.played for e in h.scores.values()):
            return []
        try:
            return check_layouts(card, lambda hole: self.load(card, hole))
        except SourceError as exc:
            return [f"{self.path}: the counted layouts are not checked: the card's variant: {exc}"]


@dataclass(frozen=True)
class Typed:
    """A value as typed, before counting: a number, or a parsed layout."""

    number: int | None = None
    layout: tuple[int, ...] | None = None


def is_number(text: str) -> bool:
    return bool(_NUMBER.match(text.strip()))


def read_value(text: str, variant: Variant | None, mini: bool) -> Typed:
    """Read one typed value; errors say what was wrong with it."""
    raw = text.strip()
    if not raw:
        raise EntryError("empty value (give a number or a layout like '5 K 2 / 5 7 9')")
    if _NUMBER.match(raw):
        n = int(raw)
        if mini and n < 1:
            raise EntryError(f"{raw!r}: strokes are a whole number of at least 1")
        return Typed(number=n)
    if mini:
        raise EntryError(f"{raw!r} is not a number of strokes")
    try:
        rows, cols, cards = C.parse_layout(raw)
    except C.CardError as exc:
        raise EntryError(f"{raw!r} is not a number or a layout ({exc})") from None
    assert variant is not None
    if (rows, cols) != (variant.rows, variant.cols):
        raise EntryError(
            f"{raw!r}: a {rows}x{cols} layout, but {variant.name} deals "
            f"{variant.rows} rows of {variant.cols}"
        )
    if C.UNKNOWN in cards:
        raise EntryError(f"{raw!r}: every card is turned up at the end of a hole (no ?)")
    if not variant.joker_valued and C.JOKER_CARD in cards:
        raise EntryError(
            f"{raw!r}: {variant.name} is played without jokers "
            "(type the hole total, or give jokers a value with --set values.ranks.joker=-2)"
        )
    return Typed(layout=tuple(cards))


def breakdown(variant: Variant, side: SideScore | LayoutScore) -> list[str]:
    """The itemised count kept on the card: each card's value (and what a
    match made of it), every match, bonuses, penalties and hole rules."""
    from ..breakdown import match_text

    ls = side.layout if isinstance(side, SideScore) else side
    cols = variant.cols
    rows = []
    for r in range(variant.rows):
        cells = []
        for c in range(cols):
            i = r * cols + c
            v, s = ls.values[i], ls.scored[i]
            cells.append(f"{C.card_str(ls.cards[i])} {v:+d}" + (f" -> {s:+d}" if s != v else ""))
        rows.append(", ".join(cells))
    out = ["cards: " + " / ".join(rows)]
    out += ["matched: " + match_text(m, cols) for m in ls.matches]
    if ls.bonus:
        out.append(f"bonus: {ls.bonus:+d}")
    if isinstance(side, SideScore):
        if side.penalties:
            out.append(f"penalties from opponents: {side.penalties:+d}")
        out += [f"{name}: {d:+d}" for name, d in side.adjustments]
    return out


def count_hole(
    variant: Variant | None, typed: Sequence[Typed], closer: int | None = None
) -> list[Entry]:
    """Entries for one hole's values, in the order given.  ``closer`` (an index
    into ``typed``) is who went out or knocked: knock bonuses and penalties
    apply to it when the whole hole is counted from layouts."""
    layouts = [t.layout for t in typed]
    if variant is not None and typed and all(lay is not None for lay in layouts):
        hs = score_hole(variant, [list(lay) for lay in layouts if lay is not None], closer)
        return [
            Entry(
                side.total,
                C.layout_str(list(side.layout.cards), variant.cols),
                breakdown(variant, side),
            )
            for side in hs.sides
        ]
    out = []
    for t in typed:
        if t.layout is None:
            assert t.number is not None
            out.append(Entry(t.number))
        else:
            assert variant is not None
            ls = score_layout(variant, list(t.layout))
            out.append(
                Entry(ls.total, C.layout_str(list(t.layout), variant.cols), breakdown(variant, ls))
            )
    return out


def rules_not_applied(
    variant: Variant | None,
    typed: Sequence[Typed],
    names: Sequence[str],
    closer: int | None,
    where: str,
) -> list[str]:
    """Warnings for a hole that mixes typed totals and layouts: each rule of
    the variant that needs every layout of the hole and so was not applied,
    naming the rule, the hole (``where``: "hole 3") and why.  Nothing for a
    hole of one kind: all layouts are counted in full, and all typed totals
    are the table's own."""
    typed_names = [n for n, t in zip(names, typed, strict=True) if t.layout is None]
    if variant is None or not typed_names or len(typed_names) == len(names):
        return []
    why = (
        f"the hole mixes typed totals ({', '.join(typed_names)}) and layouts, and a typed "
        "total is kept as typed (type every score as a layout to count it, or add it "
        "to the totals yourself)"
    )
    out = []
    for name, t in zip(names, typed, strict=True):
        if t.layout is None:
            continue
        for m in score_layout(variant, list(t.layout)).matches:
            if m.opponents:
                out.append(
                    f"{where}: {name}'s {m.pattern} ({m.opponents:+d} to every opponent) "
                    f"is not applied: {why}"
                )
    for adj in variant.adjustments:
        if adj.kind == "closer":
            if closer is not None:
                out.append(
                    f"{where}: --closer {names[closer]}: the rule {adj.name!r} is not "
                    f"applied: {why}"
                )
        else:
            out.append(f"{where}: the hole rule {adj.name!r} is not applied: {why}")
    return out


def undealable(
    variant: Variant | None, typed: Sequence[Typed], names: Sequence[str], where: str
) -> list[str]:
    """Warnings for layouts no deal of the variant could give: a layout that
    holds more copies of a card than the packs do, or (when each alone could
    be dealt) the hole's layouts together, for the tables whose size gives
    this many sides.  A typo more often than a miracle, so it is said at
    entry; the hole is counted all the same, as ``golf score`` does."""
    if variant is None:
        return []
    out = []
    table = variant.players_for_sides(len(typed))
    layouts = [(n, t.layout) for n, t in zip(names, typed, strict=True) if t.layout is not None]
    for name, lay in layouts:
        if problem := variant.overdealt(list(lay), table):
            out.append(f"{where}, {name}: cannot be dealt: {problem}; counted all the same")
    if out or len(layouts) < 2:
        return out
    cards = [c for _, lay in layouts for c in lay]
    if problem := variant.overdealt(cards, table):
        out.append(
            f"{where}: the layouts cannot be dealt together: {problem}; counted all the same"
        )
    return out


def check_layouts(card: Scorecard, variant_of: Callable[[EnteredHole], Variant]) -> list[str]:
    """Count every stored layout again with the rules its hole was counted
    with (``variant_of(hole)``) and report each score that disagrees with its
    layout (``file:line: hole 1, Bob: ...`` with both numbers), marking the
    entry (``Entry.problem``) so that no view shows it as if it were right.
    A hole is counted as it was entered: as a whole when every score it was
    played with is a layout, else each layout on its own (a late player's
    missed score was not played, and is left out)."""
    out = []
    names = card.side_names
    for h in card.played:
        present = [n for n in names if n in h.scores and not h.scores[n].missed]
        if not any(h.scores[n].layout for n in present):
            continue
        variant = variant_of(h)
        typed: list[Typed] = []
        for n in present:
            e = h.scores[n]
            if e.layout is None:
                typed.append(Typed(number=e.score))
                continue
            try:
                typed.append(read_value(e.layout, variant, False))
            except EntryError as exc:
                e.problem = f"its layout cannot be counted with the card's rules: {exc}"
        if len(typed) == len(present):
            closer = present.index(h.closer) if h.closer in present else None
            for n, fresh in zip(present, count_hole(variant, typed, closer), strict=True):
                e = h.scores[n]
                if e.layout is not None and fresh.score != e.score:
                    e.problem = (
                        f"the card says {e.score}, but its layout {e.layout} counts "
                        f"{fresh.score} with the card's rules"
                    )
        out += [_problem(card, h, n) for n in present if h.scores[n].problem]
    return out


def _problem(card: Scorecard, hole: EnteredHole, name: str) -> str:
    e = hole.scores[name]
    label = hole_label(card, hole)
    fix = f"correct it with golf card fix --hole {label} {name.split(' & ')[0]}=..."
    return f"{e.place}: {label_words(label)}, {name}: {e.problem} (edited by hand?); {fix}"


def values_text(variant: Variant) -> list[str]:
    """The card values printed on the card, in words, from the variant's data:
    rank values, exact cards, matching rules and hole rules."""
    from ..rulestext import adjustment_text, pattern_text

    v = variant
    groups: list[tuple[list[int], tuple[str, int]]] = []
    for r in range(1, 14):
        val = v.rank_values[r]
        key = ("face", 0) if 2 <= r <= 10 and val == r else ("value", val)
        if groups and groups[-1][1] == key:
            groups[-1][0].append(r)
        else:
            groups.append(([r], key))
    parts = []
    for ranks, (how, val) in groups:
        if how == "face" and len(ranks) > 1:
            parts.append(f"{ranks[0]}-{ranks[-1]} face value")
        elif how == "face":
            parts.append(f"{ranks[0]} {ranks[0]}")
        else:
            parts.append(" ".join(C.rank_str(x) for x in ranks) + f" {val}")
    lines = ["Card values: " + ", ".join(parts) + "."]
    if v.joker_valued and v.jokers_per_pack:
        lines[0] = lines[0][:-1] + f", joker {v.rank_values[0]}."
    elif v.joker_valued:
        lines[0] = lines[0][:-1] + f", joker {v.rank_values[0]} (if you add them)."
    if v.card_values:
        special = ", ".join(f"{C.card_str(c)} {val}" for c, val in v.card_values)
        lines.append(f"Exact cards: {special} (type the suit for these).")
    twos, kings = v.rank_values[2], v.rank_values[13]
    lines.append(
        f"Toggles: twos -2 {'on' if twos == -2 else f'off (twos {twos:+d})'}, "
        f"kings 0 {'on' if kings == 0 else f'off (kings {kings})'}."
    )
    lines += [pattern_text(p) for p in v.patterns]
    lines += [adjustment_text(a) for a in v.adjustments]
    return lines
