"""What a caller gives, read into the card's terms; each bad value a :class:`~.model.BadValue`.

The command line and the page give the same things in their own syntax (a
comma list of names or a form's fields, ``NAME=VALUE`` items or a mapping):
each reads its own syntax and hands the values here, so one set of checks
and one wording of each problem serves both.  Nothing here reads a file or
writes one; :mod:`.ops` calls these under the card's lock, and a front end
may call them first too, to say a mistake before a person types the rest.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .count import (
    EntryError,
    Typed,
    VariantLoader,
    count_hole,
    is_number,
    read_value,
    rules_not_applied,
    undealable,
)
from .model import MAX_PAR, BadValue, EnteredHole, Entry, Scorecard, find_side

if TYPE_CHECKING:
    from ..variant import Variant

#: Scores as a caller gives them: ``{name: value}`` or ``(name, value)`` pairs (a
#: command line's items, where a name given twice must be seen); a value is a
#: number kept as typed or a layout's text.
Scores = Mapping[str, "str | int"] | Iterable[tuple[str, "str | int"]]


def check_names(names: Sequence[str], field: str = "players") -> list[str]:
    """Players' names as given (surrounding spaces dropped), or the first
    problem: an empty name, ``=`` (the command line's ``NAME=VALUE`` would
    not read it), a control character (names are printed as they are), a
    name given twice in any case."""
    out = [n.strip() for n in names]
    if not out:
        raise BadValue(field, "give at least one name")
    for n in out:
        if not n:
            raise BadValue(field, "a name cannot be empty")
        if "=" in n:
            raise BadValue(field, f"a name cannot contain '=' ({n!r})")
        if not n.isprintable():
            raise BadValue(field, f"a control character in the name {n!r}")
    seen: set[str] = set()
    for n in out:
        if n.casefold() in seen:
            raise BadValue(field, f"{n!r} is given twice")
        seen.add(n.casefold())
    return out


def check_title(title: str) -> str:
    if not title.isprintable():
        raise BadValue("title", f"a control character in {title!r}")
    return title


def check_pars(pars: Sequence[int | None], first: int = 1) -> list[int | None]:
    """Pars for holes numbered from ``first``: whole numbers from 1 to
    :data:`MAX_PAR`, or None for a hole whose par is not known yet."""
    for i, p in enumerate(pars, start=first):
        if p is not None and (
            isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= MAX_PAR
        ):
            raise BadValue(
                "par", f"{p!r} is not a par (a whole number from 1 to {MAX_PAR})", f"hole {i}"
            )
    return list(pars)


def pairs(scores: Scores) -> list[tuple[str, str]]:
    """Scores as ``(name, text)`` pairs, in the order given."""
    items = scores.items() if isinstance(scores, Mapping) else scores
    return [(str(name), str(value)) for name, value in items]


def resolve_scores(card: Scorecard, scores: Scores, allowed: Sequence[int]) -> dict[int, str]:
    """``{side: value text}`` for scores given by a player's or a team's
    name; each name must be a side in ``allowed`` (the tied sides of a
    playoff, the sides on a hole) and given once."""
    names = card.side_names
    out: dict[int, str] = {}
    for name, value in pairs(scores):
        shown = repr(name.strip())
        side = find_side(card, name)
        if side is None:
            raise BadValue("scores", f"unknown player (players: {', '.join(card.players)})", shown)
        if side not in allowed and names[side] in card.left:
            raise BadValue("scores", f"left the game after hole {card.left[names[side]]}", shown)
        if side not in allowed:
            tied = ", ".join(names[i] for i in allowed)
            raise BadValue("scores", f"not in this playoff (tied: {tied})", shown)
        if side in out:
            who = names[side]
            if " & " in who:
                raise BadValue(
                    "scores", f"a second score for {who} (partners share one score)", shown
                )
            raise BadValue("scores", "given twice", shown)
        out[side] = value
    return out


def missing(card: Scorecard, texts: Mapping[int, str], sides: Sequence[int], label: str) -> None:
    """Every side of ``sides`` needs a value; the first problem names who has none."""
    lacking = [card.side_names[i] for i in sides if i not in texts]
    if lacking:
        raise BadValue("scores", f"no score for {', '.join(lacking)}", label)


def read_texts(
    card: Scorecard,
    variants: VariantLoader,
    texts: Mapping[int, str],
    sides: Sequence[int],
    label: str,
    hole: EnteredHole | None = None,
) -> tuple[list[Typed], Variant | None]:
    """Every side's value read, in the order of ``sides``; also the variant
    if a layout needs it (else None), for counting the hole: the card's, or
    the one ``hole`` was counted with.  A bad value is named by its place:
    ``hole 3, Ann``."""
    names = card.side_names
    mini = card.kind == "mini"
    need_variant = not mini and any(not is_number(texts[i]) for i in sides)
    var = variants(card, hole) if need_variant else None
    out: list[Typed] = []
    for i in sides:
        out.append(read_one(texts[i], var, mini, f"{label}, {names[i]}"))
    return out, var


def read_one(text: str, variant: Variant | None, mini: bool, place: str) -> Typed:
    """One value read (see :func:`.count.read_value`), its problem named by ``place``."""
    try:
        return read_value(text, variant, mini)
    except EntryError as exc:
        raise BadValue("scores", str(exc), place) from None


def closer_index(card: Scorecard, name: str | None, sides: Sequence[int]) -> int | None:
    """The position among ``sides`` of the side that went out or knocked."""
    if name is None:
        return None
    side = find_side(card, name)
    if side is None or side not in sides:
        raise BadValue("closer", f"{name!r} is not a player on this hole")
    return sides.index(side)


def count_entries(
    path: Path,
    var: Variant | None,
    typed: list[Typed],
    closer: int | None,
    names: list[str],
    where: str,
) -> tuple[list[Entry], list[str]]:
    """Count the hole with the variant :func:`read_texts` loaded (present
    whenever a layout was typed), and the warnings: layouts no deal could
    give, and every rule the hole's mix of typed totals and layouts kept from
    applying."""
    try:
        entries = count_hole(var, typed, closer)
    except ValueError as exc:  # the scorer refused a layout
        raise BadValue("scores", str(exc), str(path)) from None
    warnings = [
        *undealable(var, typed, names, where),
        *rules_not_applied(var, typed, names, closer, where),
    ]
    return entries, warnings


def preview(card: Scorecard, variants: VariantLoader, text: str) -> Entry:
    """One value counted as a hole would count it alone, without entering it:
    the "Count cards" helper of a page (each card's value, the matches and
    the total, as ``golf score`` itemises it) or a check as a person types.
    A number is itself; a layout is counted with the card's rules."""
    mini = card.kind == "mini"
    var = None if mini or is_number(text) else variants(card)
    typed = read_one(text, var, mini, "value")
    return count_hole(var, [typed])[0]
