"""The cycle every command that changes a card goes through.

1. Read the card (no lock: a reader always sees a whole file) and check the
   command against it: the hole exists, the game is not over, the names are
   players.
2. Ask a person for what was not given (``NAME=?``, players left out),
   checking each answer as it is typed.  This can take minutes, so no lock
   is held.
3. Take the card's lock, read it again and make the change on what is there
   now (:func:`write`).  If a person was asked and the card changed while
   they typed, say what changed and ask whether to go on: the hole they
   meant may now be another one.  Values given on the command line apply to
   the card as it is (``add`` enters the next hole, whichever it is now).
4. Write the change and its record in the card's history, under the lock
   (:func:`.store.commit`).

Errors end the command with one line (exit 2) and the card as it was.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ..errors import fail, warn

if TYPE_CHECKING:
    from ..variant import Variant
    from ..yamlsrc import SourceError
    from .count import Typed
    from .model import Change, Entry, Scorecard


class VariantLoader:
    """The card's variant for the length of one command, loaded the first
    time a step needs it (checking the stored layouts, reading a typed
    layout, counting the hole) and passed on to the later steps, so a
    ``fix`` or an ``add`` with layouts loads it once; typed totals never
    load it, so they work even if the variant file has gone.  Loaded again
    only if a card read later names another variant (a hand edit meanwhile)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._key: tuple[str, tuple[str, ...]] | None = None
        self._loaded: Variant | SourceError | None = None

    def load(self, card: Scorecard) -> Variant:
        """The variant ``card`` names; raises the loader's ``SourceError``."""
        from ..variant import load_variant
        from ..yamlsrc import SourceError

        assert card.variant is not None
        key = (card.variant, tuple(card.overrides))
        if key != self._key:
            self._key = key
            try:
                self._loaded = load_variant(card.variant, card.overrides, base_dir=self.path.parent)
            except SourceError as exc:
                self._loaded = exc
        if isinstance(self._loaded, SourceError):
            raise self._loaded
        assert self._loaded is not None
        return self._loaded

    def __call__(self, card: Scorecard) -> Variant:
        """The variant, for counting layouts, or the command ends with the
        loader's one line (file:line and key)."""
        from ..yamlsrc import SourceError

        try:
            return self.load(card)
        except SourceError as exc:
            fail(f"{self.path}: the card's variant cannot be loaded to count a layout: {exc}")


def load(path: Path, check: bool = True, variant: VariantLoader | None = None) -> Scorecard:
    """The card at ``path``, or the command ends with the loader's one line.

    ``check``: count the stored layouts again and warn (``file:line``, both
    numbers) about each score that no longer matches its layout, so a card
    edited by hand is never shown as if it were right.  The variant loaded
    for that is kept in ``variant`` for the command's later steps."""
    from .model import ScorecardError
    from .store import load as read

    try:
        card = read(path)
    except ScorecardError as exc:
        fail(str(exc))
    if check:
        for line in layout_problems(card, variant or VariantLoader(path)):
            warn(line)
    return card


def layout_problems(card: Scorecard, variant: VariantLoader) -> list[str]:
    """What :func:`.count.check_layouts` finds, or why it cannot look."""
    if card.kind != "golf" or not any(e.layout for h in card.played for e in h.scores.values()):
        return []
    from ..yamlsrc import SourceError
    from .count import check_layouts

    try:
        return check_layouts(card, variant.load(card))
    except SourceError as exc:
        return [f"{variant.path}: the counted layouts are not checked: the card's variant: {exc}"]


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """The card's lock (see :mod:`.store`), or one line if it cannot be had."""
    from .model import ScorecardError
    from .store import locked as lock

    try:
        with lock(path):
            yield
    except ScorecardError as exc:
        fail(str(exc))


def commit(card: Scorecard, path: Path, change: Change) -> None:
    """Write the change (holding the lock); one line if the file cannot be written."""
    from .model import ScorecardError
    from .store import commit as write_change

    try:
        write_change(card, path, change)
    except ScorecardError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{path}: cannot write the card: {exc.strerror or exc}")


def write(
    path: Path,
    seen: Scorecard,
    asked: bool,
    make: Callable[[Scorecard], Change],
    question: Callable[[Scorecard], str],
) -> tuple[Scorecard, Change]:
    """Step 3 and 4 of the cycle: under the lock, read the card again, make
    the change with ``make`` and commit it.  ``seen`` is the card as it was
    when a person was ``asked`` for values; if it has changed since, the lock
    is let go (nobody waits on a person), the changes are told, and
    ``question(card)`` is asked; no ends the command, writing nothing."""
    while True:
        with locked(path):
            card = load(path, check=False)
            if not (asked and _moved(seen, card)):
                change = make(card)
                commit(card, path, change)
                return card, change
        _tell(seen, card, path)
        if not _confirm(question(card)):
            typer.echo(f"Nothing written; {path} is as the other change left it.", err=True)
            raise typer.Exit(1)
        seen = card


def _moved(seen: Scorecard, now: Scorecard) -> bool:
    return seen.revision != now.revision or seen.stamp != now.stamp


def _tell(seen: Scorecard, card: Scorecard, path: Path) -> None:
    from .history import since
    from .present import change_text

    changes = since(card, seen.revision)
    if not changes:
        typer.echo(f"{path} was changed by another program while you typed.")
        return
    typer.echo(f"{path} changed while you typed:")
    for c in changes:
        typer.echo(f"  {change_text(card, c)}")


def _confirm(question: str) -> bool:
    try:
        return typer.confirm(question, default=False)
    except (EOFError, typer.Abort):
        return False


# --------------------------------------------------------------------------- values


def assignments(card: Scorecard, values: list[str], allowed: list[int]) -> dict[int, str]:
    """``NAME=VALUE`` items -> {side: value text}; names are players or groups."""
    from .model import find_side

    names = card.side_names
    out: dict[int, str] = {}
    for item in values:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            fail(f'{item!r}: give NAME=VALUE, e.g. Ann=14 or Bob="5 K 2 / 5 7 9"')
        side = find_side(card, name)
        if side is None:
            fail(f"{name.strip()!r}: unknown player (players: {', '.join(card.players)})")
        if side not in allowed:
            fail(
                f"{name.strip()!r}: not in this playoff "
                f"(tied: {', '.join(names[i] for i in allowed)})"
            )
        if side in out:
            who = names[side]
            if " & " in who:
                fail(f"{name.strip()!r}: a second score for {who} (partners share one score)")
            fail(f"{name.strip()!r}: given twice")
        out[side] = value
    return out


def ask_missing(
    card: Scorecard, variant: VariantLoader, given: dict[int, str], sides: list[int], label: str
) -> tuple[dict[int, str], bool]:
    """Step 2: every side's value text, asking on stdin for the missing ones
    (and ``?``); a bad answer at a terminal is asked again.  Also says
    whether anyone was asked."""
    from .count import EntryError, is_number, read_value

    names = card.side_names
    mini = card.kind == "mini"
    ask = [i for i in sides if given.get(i, "?").strip() == "?"]
    out = dict(given)
    if not ask:
        return out, False
    # the values given on the command line first: a mistake there is said before
    # anyone types the rest
    _, var = read_all(card, variant, out, [i for i in sides if i not in ask], label)
    interactive = sys.stdin.isatty()
    if interactive:
        typer.echo(f"{label}: type each score (a number, or a layout like 5 K 2 / 5 7 9)")
    for i in ask:
        while True:
            try:
                text = typer.prompt(f"  {names[i]}", prompt_suffix=": ")
            except (EOFError, typer.Abort):
                fail(f"{label}: no score for {names[i]} (input ended; card unchanged)")
            if not mini and var is None and not is_number(text):
                var = variant(card)
            try:
                read_value(text, var, mini)
            except EntryError as exc:
                if interactive:
                    typer.echo(f"  {exc}; try again", err=True)
                    continue
                fail(f"{label}, {names[i]}: {exc}")
            out[i] = text
            break
    return out, True


def read_all(
    card: Scorecard, variant: VariantLoader, texts: dict[int, str], sides: list[int], label: str
) -> tuple[list[Typed], Variant | None]:
    """Every side's value read (none is asked for here); also the card's
    variant if a layout needs it (else None), for counting the hole."""
    from .count import EntryError, is_number, read_value

    names = card.side_names
    mini = card.kind == "mini"
    need_variant = not mini and any(not is_number(texts[i]) for i in sides)
    var = variant(card) if need_variant else None
    out: list[Typed] = []
    for i in sides:
        try:
            out.append(read_value(texts[i], var, mini))
        except EntryError as exc:
            fail(f"{label}, {names[i]}: {exc}")
    return out, var


def closer_index(card: Scorecard, name: str | None, sides: list[int]) -> int | None:
    """``--closer NAME`` -> the position of that side among ``sides``."""
    from .model import find_side

    if name is None:
        return None
    side = find_side(card, name)
    if side is None or side not in sides:
        fail(f"--closer: {name!r} is not a player on this hole")
    return sides.index(side)


def count(
    path: Path,
    var: Variant | None,
    typed: list[Typed],
    closer: int | None,
    names: list[str],
    where: str,
) -> list[Entry]:
    """Count the hole with the variant :func:`read_all` loaded (present
    whenever a layout was typed), warning about layouts no deal could give and
    about every rule the hole's mix of typed totals and layouts kept from
    applying."""
    from .count import count_hole, rules_not_applied, undealable

    try:
        entries = count_hole(var, typed, closer)
    except ValueError as exc:  # the scorer refused a layout
        fail(f"{path}: {exc}")
    for line in [
        *undealable(var, typed, names, where),
        *rules_not_applied(var, typed, names, closer, where),
    ]:
        warn(line)
    return entries


def report_hole(card: Scorecard, path: Path, index: int) -> None:
    """The hole just written, each score with its running total, and the standing."""
    from .model import hole_label, label_words
    from .present import status_lines
    from .standings import standing

    st = standing(card)
    h = card.played[index]
    names = card.side_names
    parts = []
    for j, n in enumerate(names):
        e = h.scores.get(n)
        if e is None:
            continue
        total = st.running[index][j]
        how = f" from {e.layout}" if e.layout else ""
        parts.append(f"{n} {e.score}{how}" + ("" if h.playoff else f" (total {total})"))
    typer.echo(f"{label_words(hole_label(card, h))}: " + ", ".join(parts))
    for line in status_lines(card, st, str(path)):
        typer.echo(line)
