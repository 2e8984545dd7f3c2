"""The scorecard's operations: what the command line and the page do to a card file.

Every front end is a thin client of these functions: ``golf card`` reads its
options and prompts, a page reads its form, and both call the same operation
with the same values, get the same refusals and write through the same
locked file and history.  Each operation that changes a card runs one cycle
(:func:`_write`):

1. take the card's lock (:func:`.store.locked`: one writer at a time, a
   killed writer never leaves it held);
2. read the card as it is now;
3. check the caller's ``expect``: the revision (change counter) the caller
   saw, or the :class:`~.model.Scorecard` it read.  If the card has moved on
   since, :class:`~.model.StaleCard` is raised with the card as it is now: a
   page shows the new state and asks, the command line says what changed and
   asks; nothing is laid over what others wrote.  ``expect=None`` applies the
   change to the card as it is (``add`` enters the next hole, whichever it is
   now);
4. make the change (:mod:`.history`), which refuses what the card cannot take
   (:class:`~.model.ChangeError` and its kinds; a bad value as
   :class:`~.model.BadValue` with its place);
5. write it with its record in the card's history (:func:`.store.commit`:
   atomic, fsynced, the file checked to be the one read).

Each returns :class:`Done`: the card as written, the change made and the
warnings a person should see (a rule a mixed hole could not apply, a layout
no deal could give).  Nothing here prints, asks or exits.

The operations, each ``(path, ..., expect=None)``:

* :func:`read_card` (no lock: a reader always sees a whole file), :func:`start_card`;
* :func:`add_hole` (``hole=N``: the hole number travels with the entry, and a
  hole already entered is refused with :class:`~.model.HoleEntered`, so two
  phones entering one hole make one hole), :func:`playoff_hole`,
  :func:`fix_hole`, :func:`undo`.

Bad input raises a :class:`~golfcli.exceptions.InputError` (a ``ValueError``):
:class:`~.model.BadValue`, :class:`~.model.ChangeError` and its kinds,
:class:`~.model.ScorecardError` (the file: damaged, locked too long, not
writable), :class:`~.count.VariantUnavailable` (a layout to count and the
card's variant gone), the loader's ``VariantError``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from . import history, store
from .count import VariantLoader
from .inputs import Scores, closer_index, count_entries, missing, read_texts, resolve_scores
from .model import (
    Change,
    ChangeError,
    EnteredHole,
    GameOver,
    HoleEntered,
    NoSuchHole,
    Scorecard,
    ScorecardError,
    StaleCard,
    find_hole,
    hole_label,
    label_words,
)
from .standings import standing
from .start import check_new_file

#: What a caller saw of the card: its revision, or the card it read (then the
#: file's stamp is compared too, so an editor's change that kept the counter is seen).
Expect = int | Scorecard | None


@dataclass(frozen=True)
class Done:
    """A change written: the card as it is now, the change as its history
    keeps it, and the warnings a person should see (one line each)."""

    card: Scorecard
    change: Change
    warnings: tuple[str, ...] = ()


def read_card(
    path: Path, *, check: bool = True, variants: VariantLoader | None = None
) -> Scorecard:
    """The card at ``path`` (no lock: a write replaces the file in one step).

    ``check``: count the stored layouts again, marking each score that no
    longer matches its layout (:attr:`.model.Entry.problem`: a hand edit) and
    listing the problems in ``card.warnings`` (``file:line``, both numbers),
    so a card edited by hand is never shown as if it were right.  The variant
    loaded for that is kept in ``variants`` for the caller's later steps."""
    card = store.load(path)
    if check:
        card.warnings = (variants or VariantLoader(path)).problems(card)
    return card


def _moved(expect: int | Scorecard, card: Scorecard) -> bool:
    if isinstance(expect, Scorecard):
        return expect.revision != card.revision or expect.stamp != card.stamp
    return expect != card.revision


def _write(
    path: Path, expect: Expect, make: Callable[[Scorecard], tuple[Change, list[str]]]
) -> Done:
    """The cycle (see the module's notes): lock, read, check ``expect``, make
    the change, write it with its record."""
    with store.locked(path):
        card = store.load(path)
        if expect is not None and _moved(expect, card):
            seen = expect.revision if isinstance(expect, Scorecard) else expect
            raise StaleCard(card, seen)
        change, warnings = make(card)
        _commit(card, path, change)
    return Done(card, change, tuple(warnings))


def _commit(card: Scorecard, path: Path, change: Change) -> None:
    try:
        store.commit(card, path, change)
    except OSError as exc:
        raise ScorecardError(
            str(path), "", f"cannot write the card: {exc.strerror or exc}"
        ) from None


# --------------------------------------------------------------------------- holes


def open_sides(card: Scorecard, playoff: bool) -> list[int]:
    """The sides the next hole is for: every side, or the tied ones for a
    playoff hole; :class:`~.model.GameOver` or :class:`~.model.ChangeError`
    if that kind of hole cannot be entered now."""
    st = standing(card)
    if not playoff:
        if st.finished:
            raise GameOver(st.tied)
        return list(range(len(card.sides)))
    if not st.finished:
        left = "" if st.holes_left is None else f" ({st.holes_left} holes to play)"
        raise ChangeError(f"the game is not over yet{left}; a playoff settles a tie at the end")
    if not st.tied:
        raise ChangeError(f"nothing to settle: {card.side_names[st.winners[0]]} has won")
    return list(st.winners)


def next_label(card: Scorecard, playoff: bool) -> str:
    """The label the next hole will have: "7", or "P1" for a first playoff hole."""
    if playoff:
        return f"P{len(card.played) - len(card.regular) + 1}"
    return str(len(card.regular) + 1)


def hole_index(card: Scorecard, hole: str | int) -> int:
    """A hole as the card shows it (``3``, ``P1``) -> its index in
    ``card.played``, or :class:`~.model.NoSuchHole` naming the holes there are."""
    index = find_hole(card, str(hole))
    if index is None:
        regular = len(card.regular)
        have = [f"1 to {regular}" if regular > 1 else "1"] if regular else []
        extra = len(card.played) - regular
        have += [f"P1 to P{extra}" if extra > 1 else "P1"] if extra else []
        n = len(card.played)
        shown = f"{n} hole{'s' if n != 1 else ''} entered"
        shown += f": {', '.join(have)}" if have else ""
        raise NoSuchHole(str(hole).strip(), shown)
    return index


def _numbered(card: Scorecard, hole: int | None) -> None:
    """``hole=N`` on an entry: N must be the hole that comes next; a hole
    already on the card is :class:`~.model.HoleEntered` (the same hole sent
    twice makes one hole)."""
    if hole is None:
        return
    regular = card.regular
    if 1 <= hole <= len(regular):
        raise HoleEntered(regular[hole - 1])
    if hole != len(regular) + 1:
        raise ChangeError(f"hole {hole} cannot be entered now: hole {len(regular) + 1} comes next")


def _enter(
    path: Path,
    scores: Scores,
    playoff: bool,
    hole: int | None,
    closer: str | None,
    expect: Expect,
    variants: VariantLoader | None,
) -> Done:
    loader = variants or VariantLoader(path)

    def make(card: Scorecard) -> tuple[Change, list[str]]:
        if not playoff:
            _numbered(card, hole)
        sides = open_sides(card, playoff)
        texts = resolve_scores(card, scores, sides)
        where = label_words(next_label(card, playoff))
        missing(card, texts, sides, where)
        out = closer_index(card, closer, sides)
        typed, var = read_texts(card, loader, texts, sides, where)
        names = card.side_names
        entries, warnings = count_entries(path, var, typed, out, [names[i] for i in sides], where)
        entered = {names[i]: e for i, e in zip(sides, entries, strict=True)}
        who = None if out is None else names[sides[out]]
        new = EnteredHole(len(card.played) + 1, entered, playoff=playoff, closer=who)
        return history.entered(card, new), warnings

    return _write(path, expect, make)


def add_hole(
    path: Path,
    scores: Scores,
    *,
    hole: int | None = None,
    closer: str | None = None,
    expect: Expect = None,
    variants: VariantLoader | None = None,
) -> Done:
    """Enter the next regular hole: a score for every side, each a number
    (kept as typed) or a layout (counted with the card's rules).  ``hole``:
    the number the caller means; refused if that hole is already entered
    (:class:`~.model.HoleEntered`) or is not the next one.  ``closer``: who
    went out or knocked.  :class:`~.model.GameOver` when the game is over."""
    return _enter(path, scores, False, hole, closer, expect, variants)


def playoff_hole(
    path: Path,
    scores: Scores,
    *,
    closer: str | None = None,
    expect: Expect = None,
    variants: VariantLoader | None = None,
) -> Done:
    """Enter a playoff hole for the tied sides (a score for each of them):
    it decides the winner and adds nothing to the totals."""
    return _enter(path, scores, True, None, closer, expect, variants)


def fix_hole(
    path: Path,
    hole: str | int,
    scores: Scores,
    *,
    closer: str | None = None,
    drop_later: bool = False,
    expect: Expect = None,
    variants: VariantLoader | None = None,
) -> Done:
    """Correct scores on a hole already entered (``3``, or ``P1`` for the first
    playoff hole).  Only the sides named change; a hole counted from layouts
    is counted again, since penalties between layouts depend on all of them.
    ``closer`` replaces who went out (None keeps it).  ``drop_later``: when the
    correction makes a game to a target end on an earlier hole, the holes
    after that end are set aside (kept in the history) instead of the fix
    being refused."""
    loader = variants or VariantLoader(path)

    def make(card: Scorecard) -> tuple[Change, list[str]]:
        i = hole_index(card, hole)
        old = card.played[i]
        names = card.side_names
        sides = [s for s, n in enumerate(names) if n in old.scores]
        given = resolve_scores(card, scores, sides)
        if not given and closer is None:
            raise ChangeError("give the corrected scores")
        closer_index(card, closer, sides)
        label = hole_label(card, old)
        texts = {s: old.scores[names[s]].layout or str(old.scores[names[s]].score) for s in sides}
        texts.update(given)
        where = label_words(label)
        typed, var = read_texts(card, loader, texts, sides, where)
        out = closer_index(card, closer if closer is not None else old.closer, sides)
        entries, warnings = count_entries(path, var, typed, out, [names[s] for s in sides], where)
        fixed = {names[s]: e for s, e in zip(sides, entries, strict=True)}
        who = None if out is None else names[sides[out]]
        new = EnteredHole(old.number, fixed, old.playoff, who)
        return history.fixed(card, i, new, drop_later), warnings

    return _write(path, expect, make)


def undo(path: Path, *, expect: Expect = None) -> Done:
    """Take back the latest change not yet taken back (a hole entered, a fix,
    a playoff hole); the undo is itself a change that keeps what it took away."""

    def make(card: Scorecard) -> tuple[Change, list[str]]:
        change = history.undo(card)
        if standing(card).ended_early is not None:
            raise ChangeError(
                "the undo would leave holes after the end of the game; nothing written"
            )
        return change, []

    return _write(path, expect, make)


# --------------------------------------------------------------------------- a new card


def start_card(path: Path, card: Scorecard, *, force: bool = False) -> Done:
    """Write ``card`` (made by :mod:`.start`) as a new card file, under the
    card's lock, its history starting with it: two starts at once make one
    card, and ``force`` (start an existing card again) does not land in the
    middle of another writer's change.  :class:`~.model.CardExists` without
    ``force``; :class:`~.model.ScorecardError` for a folder that is not there."""
    if not path.parent.is_dir():
        raise ScorecardError(str(path), "", f"no such folder {path.parent}")
    with store.locked(path):
        check_new_file(path, card.title, force)
        card.stamp = store.stamp_of(path)  # the card (if any) that force replaces
        change = history.started(card)
        _commit(card, path, change)
    return Done(card, change)


def since(card: Scorecard, revision: int) -> Sequence[Change]:
    """The changes written after ``revision`` (what others wrote meanwhile)."""
    return history.since(card, revision)
