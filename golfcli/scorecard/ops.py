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
  phones entering one hole make one hole), :func:`playoff_hole` (``hole=1``
  for P1, the same way),
  :func:`fix_hole`, :func:`undo`;
* the table (:mod:`.table`): :func:`join`, :func:`leave`, :func:`rename`,
  :func:`set_holes` (9 -> 18), :func:`set_switches` (twos -2, kings 0, for
  the holes to come), :func:`set_par` (mini golf, as the course is learned),
  :func:`set_dealer` (the marker moves one seat each hole by itself).

Every change is undoable (:func:`undo`, latest first), and every one is in
the card's log with when it was made.

Bad input raises a :class:`~golfcli.exceptions.InputError` (a ``ValueError``):
:class:`~.model.BadValue`, :class:`~.model.ChangeError` and its kinds,
:class:`~.model.ScorecardError` (the file: damaged, locked too long, not
writable), :class:`~.count.VariantUnavailable` (a layout to count and the
card's variant gone), the loader's ``VariantError``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..limits import MAX_HOLES
from ..render import plural
from ..variantload import load_variant
from ..yamlsrc import SourceError
from . import history, store, table
from .count import VariantLoader, VariantUnavailable, values_text
from .inputs import (
    Scores,
    check_names,
    check_pars,
    closer_index,
    count_entries,
    missing,
    read_texts,
    resolve_scores,
)
from .model import (
    MAX_SCORE,
    BadValue,
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
from .present import void_notes
from .standings import Standing, standing
from .start import check_new_file

#: What a caller saw of the card: its revision, or the card it read (then the
#: file's stamp is compared too, so an editor's change that kept the counter is seen).
Expect = int | Scorecard | None
#: ``fix_hole``'s closer for "no one went out" (None keeps the hole's closer).
NO_CLOSER = ""


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
        return card.active  # every side still playing
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
        shown = f"{plural(n, 'hole')} entered"
        shown += f": {', '.join(have)}" if have else ""
        raise NoSuchHole(str(hole).strip(), shown)
    return index


def numbered(card: Scorecard, hole: int | None, playoff: bool = False) -> None:
    """``hole=N`` on an entry: N must be the hole that comes next (a playoff
    hole's number counts the playoff holes: 1 for P1); a hole already on the
    card is :class:`~.model.HoleEntered` (the same hole sent twice makes one
    hole)."""
    if hole is None:
        return
    regular = card.regular
    holes = [h for h in card.played if h.playoff] if playoff else regular
    name = "P" if playoff else ""
    if 1 <= hole <= len(holes):
        raise HoleEntered(holes[hole - 1], f"{name}{hole}")
    if hole != len(holes) + 1:
        raise ChangeError(
            f"{label_words(f'{name}{hole}')} cannot be entered now: "
            f"{label_words(f'{name}{len(holes) + 1}')} comes next"
        )


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
        numbered(card, hole, playoff)
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
    hole: int | None = None,
    closer: str | None = None,
    expect: Expect = None,
    variants: VariantLoader | None = None,
) -> Done:
    """Enter a playoff hole for the tied sides (a score for each of them):
    it decides the winner and adds nothing to the totals.  ``hole``: which
    playoff hole the caller means (1 for P1), refused as for :func:`add_hole`."""
    return _enter(path, scores, True, hole, closer, expect, variants)


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
    ``closer`` replaces who went out (None keeps it, :data:`NO_CLOSER` says
    no one went out: a closer entered by mistake is taken off).  ``drop_later``: when the
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
        wanted = old.closer if closer is None else None if closer == NO_CLOSER else closer
        closer_index(card, wanted, sides)
        label = hole_label(card, old)
        # counted again: the scores played (a late player's missed hole, not played, stays
        # as the table gave it unless the fix gives it a score)
        counted = [s for s in sides if s in given or not old.scores[names[s]].missed]
        texts = {s: old.scores[names[s]].layout or str(old.scores[names[s]].score) for s in sides}
        texts.update(given)
        where = label_words(label)
        typed, var = read_texts(card, loader, texts, counted, where, old)
        out = closer_index(card, wanted, counted)
        entries, warnings = count_entries(path, var, typed, out, [names[s] for s in counted], where)
        recounted = dict(zip(counted, entries, strict=True))
        fixed = {names[s]: recounted.get(s, old.scores[names[s]]) for s in sides}
        who = None if out is None else names[counted[out]]
        new = EnteredHole(old.number, fixed, old.playoff, who)
        before = standing(card)
        change = history.fixed(card, i, new, drop_later)
        return change, warnings + playoffs_voided(card, before, standing(card), where)

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


def playoffs_voided(card: Scorecard, before: Standing, after: Standing, where: str) -> list[str]:
    """Warnings for playoff holes a correction leaves standing but no longer
    counting (see :mod:`.standings`): the card names no winner from them."""
    was = {i for i, _ in before.void_playoffs}
    return [
        f"{where}: with this correction {note}"
        for (i, tied), note in zip(after.void_playoffs, void_notes(card, after), strict=True)
        if i not in was
    ]


# --------------------------------------------------------------------------- the table


def _playing(card: Scorecard, name: str) -> str:
    """A player on the card by name (case does not matter), as the card spells it."""
    key = name.strip().casefold()
    for p in card.players:
        if p.casefold() == key:
            return p
    players = ", ".join(card.players)
    raise BadValue("name", f"unknown player (players: {players})", repr(name.strip()))


def _seating_open(card: Scorecard, doing: str) -> None:
    """Players join or leave a game in play, between holes, at a table of players."""
    if any(len(s) > 1 for s in card.sides):
        raise ChangeError(
            f"partners sit as the variant seats them for the whole game: no one can {doing} "
            "a partner game (start a new card; a name can be corrected with rename)"
        )
    st = standing(card)
    if st.finished:
        raise GameOver(st.tied)


def _table_size(card: Scorecard, loader: VariantLoader, players: int, who: str) -> None:
    """The variant's player count for a card golf game (mini golf: at least one)."""
    if card.kind == "mini":
        if players < 1:
            raise ChangeError(f"{who}: a mini golf card needs at least one player")
        return
    try:
        loader(card).check_players(players)
    except VariantUnavailable:
        raise
    except ValueError as exc:
        raise ChangeError(f"{who}: {exc}") from None


def join(
    path: Path,
    name: str,
    *,
    seat: int | None = None,
    missed: str | int = "high",
    expect: Expect = None,
    variants: VariantLoader | None = None,
) -> Done:
    """A player joins the game in play, at ``seat`` (1 for the first; by
    default after the last player).  For each hole already played they get a
    score marked as missed: ``missed="high"`` the hole's highest score (so
    arriving late gains nothing), or a number for every missed hole.  Not in
    a partner game; not once the game is over."""
    loader = variants or VariantLoader(path)
    new = check_names([name], "name")[0]
    if missed != "high" and (
        isinstance(missed, bool) or not isinstance(missed, int) or abs(missed) > MAX_SCORE
    ):
        raise BadValue("missed", f"{missed!r}: give high, or a score for each missed hole")

    def make(card: Scorecard) -> tuple[Change, list[str]]:
        _seating_open(card, "join")
        if any(p.casefold() == new.casefold() for p in card.players):
            raise BadValue("name", f"{new!r} is on the card already")
        if card.kind == "mini" and missed != "high" and int(missed) < 1:
            raise BadValue("missed", f"{missed!r}: strokes are a whole number of at least 1")
        where = len(card.players) + 1 if seat is None else seat
        if not 1 <= where <= len(card.players) + 1:
            raise BadValue("seat", f"must be from 1 to {len(card.players) + 1}, not {where}")
        _table_size(card, loader, len(card.active) + 1, f"{new} cannot join")
        return table.joined(card, new, where - 1, missed), []

    return _write(path, expect, make)


def leave(
    path: Path, name: str, *, expect: Expect = None, variants: VariantLoader | None = None
) -> Done:
    """A player leaves the game in play: their column stays with the holes
    they played and they are out of the running (one who played no hole yet
    is taken off the card).  The dealer marker passes them by."""
    loader = variants or VariantLoader(path)

    def make(card: Scorecard) -> tuple[Change, list[str]]:
        who = _playing(card, name)
        _seating_open(card, "leave")
        if who in card.left:
            raise ChangeError(f"{who} left the game after hole {card.left[who]} already")
        _table_size(card, loader, len(card.active) - 1, f"{who} cannot leave")
        return table.left(card, who), []

    return _write(path, expect, make)


def rename(path: Path, old: str, new: str, *, expect: Expect = None) -> Done:
    """A player's name corrected, on every hole of the card (the history keeps
    the names as they were when each change was made)."""
    to = check_names([new], "name")[0]

    def make(card: Scorecard) -> tuple[Change, list[str]]:
        who = _playing(card, old)
        if to == who:
            raise ChangeError(f"{who} is called {to} already")
        if any(p.casefold() == to.casefold() and p != who for p in card.players):
            raise BadValue("name", f"{to!r} is on the card already")
        return table.renamed(card, who, to), []

    return _write(path, expect, make)


def set_holes(
    path: Path, holes: int, *, par: Sequence[int | None] | None = None, expect: Expect = None
) -> Done:
    """The game's length, for a game of a fixed number of holes: more to play
    on (9 -> 18: a finished game goes on), fewer, down to the holes played,
    to end it sooner.  A mini golf card with par takes ``par`` for the new
    holes (unknown until given, if not)."""
    if isinstance(holes, bool) or not isinstance(holes, int) or not 1 <= holes <= MAX_HOLES:
        raise BadValue("holes", f"must be a whole number from 1 to {MAX_HOLES}, not {holes!r}")
    if par is not None:
        check_pars(par)

    def make(card: Scorecard) -> tuple[Change, list[str]]:
        if card.holes is None:
            raise ChangeError("a game to a target has no number of holes to change")
        played = len(card.regular)
        if holes == card.holes:
            raise ChangeError(f"the game has {holes} holes already")
        if holes < played:
            raise ChangeError(f"{played} holes are played already: the game cannot be shorter")
        if holes > played and len(card.played) > played:
            raise ChangeError("playoff holes were played after the last hole: undo them to play on")
        new_par = card.par
        added = max(0, holes - card.holes)
        if par is not None and card.kind != "mini":
            raise BadValue("par", "par is for mini golf")
        if par is not None and len(par) != added:
            raise BadValue("par", f"{len(par)} values for the {added} new holes")
        if card.par is not None or par is not None:
            old: list[int | None] = card.par if card.par is not None else [None] * card.holes
            new_par = [*old[:holes], *(par if par is not None else [None] * added)]
            if all(x is None for x in new_par):
                new_par = None
        return table.holes_set(card, holes, new_par), []

    return _write(path, expect, make)


def set_switches(
    path: Path,
    *,
    twos_minus: bool | None = None,
    kings_zero: bool | None = None,
    expect: Expect = None,
    variants: VariantLoader | None = None,
) -> Done:
    """The two switches for the holes to come: twos -2 (on) or +2 (off),
    kings 0 (on) or 10 (off).  Holes already counted keep their count (and
    the rules they were counted with); the log says from which hole the new
    values count."""
    wanted = {}
    if twos_minus is not None:
        wanted["twos"] = -2 if twos_minus else 2
    if kings_zero is not None:
        wanted["kings"] = 0 if kings_zero else 10
    if not wanted:
        raise BadValue("switches", "give twos, kings or both")
    loader = variants or VariantLoader(path)

    def make(card: Scorecard) -> tuple[Change, list[str]]:
        if card.kind != "golf":
            raise ChangeError("a mini golf card counts strokes: it has no switches")
        before = loader(card)
        values = {"twos": before.rank_values[2], "kings": before.rank_values[13]}
        same = [k for k, v in wanted.items() if values[k] == v]
        if len(same) == len(wanted):
            counts = [f"{k} count {table.switch_words(k, values[k])} already" for k in same]
            raise ChangeError(" and ".join(counts))
        overrides = table.with_switches(card.overrides, wanted)
        try:
            after = load_variant(card.variant or "", overrides, base_dir=path.parent)
        except SourceError as exc:
            raise VariantUnavailable(path, exc) from None
        now = {"twos": after.rank_values[2], "kings": after.rank_values[13]}
        said = {"was": values, "now": now}
        return table.switched(card, overrides, values_text(after), said), []

    return _write(path, expect, make)


def set_par(path: Path, pars: Mapping[int, int | None], *, expect: Expect = None) -> Done:
    """A mini golf card's par for the holes given (hole number -> par, None:
    not known), as the course is learned."""
    if not pars:
        raise BadValue("par", "give a par for at least one hole")
    for hole, value in pars.items():
        check_pars([value], first=hole)

    def make(card: Scorecard) -> tuple[Change, list[str]]:
        if card.kind != "mini":
            raise ChangeError("par is for mini golf; a card golf card has none")
        assert card.holes is not None
        new: list[int | None] = list(card.par) if card.par is not None else [None] * card.holes
        for hole, value in pars.items():
            if isinstance(hole, bool) or not isinstance(hole, int) or not 1 <= hole <= card.holes:
                raise BadValue("par", f"no hole {hole!r} on a {card.holes}-hole card")
            new[hole - 1] = value
        result = None if all(x is None for x in new) else new
        if result == card.par:
            raise ChangeError("the card has that par already")
        return table.par_set(card, result), []

    return _write(path, expect, make)


def set_dealer(path: Path, name: str, *, expect: Expect = None) -> Done:
    """Move the dealer marker by hand: ``name`` deals the next hole (the
    marker then moves one seat each hole, as before)."""

    def make(card: Scorecard) -> tuple[Change, list[str]]:
        who = _playing(card, name)
        if card.dealer is None:
            raise ChangeError("a mini golf card has no dealer")
        if who in card.left:
            raise BadValue("name", f"{who} left the game after hole {card.left[who]}")
        if who == card.dealer:
            raise ChangeError(f"{who} deals next already")
        return table.dealer_set(card, who), []

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
