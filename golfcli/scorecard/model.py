"""A scorecard: what was entered and its history.

The card is the record of a game played with real cards: the players (and
partner groups), the game it is played by, the holes entered, and every
change made to it (:class:`Change`) with what the change replaced, so a
change can be shown (``golf card log``) and taken back (``golf card undo``)
and no score is ever lost.

A card never recomputes what was entered.  A typed total is kept exactly as
typed; a counted layout keeps its layout, its itemised count and its score
as they were when entered.  Everything else (running totals, the leader,
winners, holes to play) is derived from the entries by :mod:`.standings`,
so the file holds each fact once.  The file itself is YAML, read back with
``file:line`` errors by :mod:`.reading` and written (atomic, locked) by
:mod:`.store`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..exceptions import InputError
from ..render import plural
from ..yamlsrc import SourceError

#: Format 2 added ``revision`` and ``history``; format 3 the table's changes (the dealer,
#: players who join or leave, switches and pars changed for the holes to come).  Older
#: cards still load and take the newest format with their next change, and an older golf
#: meets a newer card with "written by a newer golf", not an unknown key.
FORMAT_VERSION = 3
KINDS = ("golf", "mini")
# The largest score either way: `golf card add` reads at most 6 digits, and a card file
# typed by hand is held to the same bound so no card holds what `add` could not enter.
MAX_SCORE = 999_999
#: The largest target a game can play to (a card file, `golf card new --target`).
MAX_TARGET = 100_000
#: Par is a whole number of strokes from 1 to this (a card's par column has two digits).
MAX_PAR = 99
HEADER = (
    "# A Golf scorecard kept by `golf card` (see docs/scorecard.md).\n"
    "# Safe to read; to change a score use `golf card fix` rather than an editor.\n"
)


class ScorecardError(SourceError):
    """A scorecard file that cannot be read or written: bad input with its
    place, ``file:line: key: problem`` (or the file alone: a lock that cannot
    be had, a folder that is not there).  (Not :class:`golfcli.cards.CardError`,
    a playing card that cannot be read.)"""


class BadValue(InputError):
    """A value a caller gave that the card cannot take, with its place.

    ``field`` names the argument it came in (``players``, ``par``, ``scores``,
    ``hole``, ``closer``, ``title``, ``name``, ``seat``, ``holes``), ``place``
    where in it, when the field holds several values (``hole 3, Ann``; a
    player's name as given, ``'Zed'``), and ``problem`` what is wrong.  A page
    marks the field; the command line names its option (``--par: ...``) or,
    for scores, the place alone (``hole 3, Ann: ...``)."""

    def __init__(self, field: str, problem: str, place: str = "") -> None:
        self.field = field
        self.problem = problem
        self.place = place
        super().__init__(f"{place or field}: {problem}")


class ChangeError(InputError):
    """A change the card cannot take as it is now; the message says why (and
    what would do).  Raised before anything is written: the card is as it was."""


class LaterHoles(ChangeError):
    """A correction that ends a game to a target on an earlier hole, with
    holes played after that end: refused unless the caller asks for them to
    be set aside (``drop_later``).  ``end`` is the hole the game now ends
    after and ``later`` the labels of the holes after it; :meth:`words` says
    it with each front end's own way to ask (a flag, a button), so that no
    front end reads the other's words out of a message."""

    def __init__(self, end: int, later: list[str]) -> None:
        self.end = end
        self.later = later
        super().__init__(
            self.words(
                f"add --drop-later to set {self.them} aside (kept in the card's history: "
                f"golf card undo brings {self.them} back)"
            )
        )

    @property
    def them(self) -> str:
        return "them" if len(self.later) > 1 else "it"

    def words(self, then: str) -> str:
        several = len(self.later) > 1
        return (
            f"with this correction the game ends after hole {self.end}, but "
            f"hole{'s' if several else ''} {', '.join(self.later)} "
            f"{'were' if several else 'was'} played after it; {then}"
        )


class StaleCard(ChangeError):
    """The card changed after the caller read it: a write that says which
    revision it saw (``expect=``) and finds another is refused, never laid
    over what others wrote.  ``card`` is the card as it is now (a page shows
    it and asks again), ``changes`` what was written since ``expected``
    (empty when the file was changed by a program that keeps no history,
    an editor)."""

    def __init__(self, card: Scorecard, expected: int) -> None:
        self.card = card
        self.expected = expected
        self.changes = [c for c in card.history if c.number > expected]
        if self.changes:
            n = len(self.changes)
            what = f"{plural(n, 'change')} since revision {expected}"
        else:
            what = "changed by another program"
        super().__init__(f"the card changed while you were at it ({what}); nothing written")


class HoleEntered(ChangeError):
    """A hole given by number (``hole=``) is already on the card: the same
    hole entered twice (two phones, or a command run again) makes one hole."""

    def __init__(self, hole: EnteredHole, label: str) -> None:
        self.hole = hole
        self.label = label  # as the card shows it: "3", "P1"
        scores = ", ".join(f"{n} {e.score}" for n, e in hole.scores.items())
        super().__init__(f"{label_words(label)} is already entered ({scores})")


class GameOver(ChangeError):
    """A regular hole (or a change that needs holes to come) on a finished
    game.  ``tied``: it ended in a tie, which a playoff hole can settle."""

    def __init__(self, tied: bool, problem: str = "the game is over") -> None:
        self.tied = tied
        super().__init__(problem)


class NoSuchHole(ChangeError):
    """A hole named (``3``, ``P1``) that the card does not have: ``given`` as
    it was named, ``have`` the holes it has in words ("3 holes entered: 1 to 3")."""

    def __init__(self, given: str, have: str) -> None:
        self.given = given
        self.have = have
        super().__init__(f"{given}: no such hole ({have})")


class CardExists(ChangeError):
    """A new card where a card already is: starting it again must be asked
    for (``force=True``), since it would put the old card's scores aside."""

    def __init__(self) -> None:
        super().__init__("a card already exists")


@dataclass
class Entry:
    """One side's score on one hole.

    ``layout`` is set when the score was counted from cards; ``count`` then
    holds the itemised breakdown as text lines (cards, matches, bonuses).
    """

    score: int
    layout: str | None = None
    count: list[str] = field(default_factory=list)
    #: a score for a hole the player missed: they joined the game after it (the
    #: score the table gave them for it, see :func:`.history.joined`), not one they played
    missed: bool = False
    #: ``file:line`` of the score in the card file it was read from (for messages)
    place: str = field(default="", compare=False)
    #: set when the stored score disagrees with its stored layout (a hand edit): what
    #: is wrong, so every view marks the score instead of showing it as right
    problem: str = field(default="", compare=False)

    def to_data(self) -> Any:
        if self.missed:
            return {"score": self.score, "missed": True}
        if self.layout is None:
            return self.score
        return {"score": self.score, "layout": self.layout, "count": list(self.count)}


@dataclass
class EnteredHole:
    """An entered hole.  ``number`` counts every hole, playoffs included;
    a playoff hole holds scores only for the sides that were tied, and a
    regular hole none for a player who had left the game before it."""

    number: int
    scores: dict[str, Entry]
    playoff: bool = False
    closer: str | None = None  # who went out or knocked, for knock bonuses and penalties
    #: who dealt it (the card's dealer marker when it was entered; None on older cards)
    dealer: str | None = None
    #: the ``--set`` changes its layouts were counted with, when not the card's own:
    #: a switch changed for the holes to come leaves the holes already counted theirs
    overrides: list[str] | None = None

    @property
    def totals(self) -> dict[str, int]:
        """The scores alone, side by side (what a change writes and undo checks)."""
        return {n: e.score for n, e in self.scores.items()}

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"hole": self.number}
        if self.playoff:
            out["playoff"] = True
        if self.closer is not None:
            out["closer"] = self.closer
        if self.dealer is not None:
            out["dealer"] = self.dealer
        if self.overrides is not None:
            out["set"] = list(self.overrides)
        out["scores"] = {k: e.to_data() for k, e in self.scores.items()}
        return out


#: The changes a card keeps.  The last seven change the table rather than a hole; each
#: keeps what it changed in ``was`` and ``now`` (see :class:`Change`).
CHANGE_KINDS = (
    "new", "add", "playoff", "fix", "undo",
    "join", "leave", "rename", "holes", "switches", "par", "dealer",
)  # fmt: skip
TABLE_CHANGES = CHANGE_KINDS[5:]


@dataclass
class Change:
    """One change to a card, kept in the card's ``history``.

    Enough is kept to show it (``golf card log``: when, which hole, each
    player's old and new score) and to take it back (``golf card undo``):

    * ``add``, ``playoff``: the hole entered (``hole``, its ``scores``);
    * ``fix``: the hole's new ``scores`` and ``closer``, the hole as it was
      (``before``), and any holes set aside because the game now ends sooner
      (``dropped``);
    * ``undo``: the change it took back (``undoes``), the scores it put back
      and, in ``before``, the hole as it was before the undo (the hole it
      removed, or the fixed hole it replaced): an undo loses nothing either;
    * a change to the table (:data:`TABLE_CHANGES`): what it changed as it
      ``was`` and as it is ``now``, plain data (names, numbers, lists), so an
      undo puts ``was`` back: ``join`` (``now``: the player, the seat, the
      scores given for the holes they missed), ``leave`` (the player, and
      the holes they played or, if they played none, their seat and scores),
      ``rename``, ``holes`` (the game's length, and a mini golf card's pars),
      ``switches`` (the ``--set`` changes and the card values), ``par``,
      ``dealer``.

    ``hole`` is the hole's number in the file (playoff holes numbered on from
    the regular ones); ``label`` is the hole as the card shows it ("3", "P1").
    """

    number: int
    when: str
    what: str
    hole: int | None = None
    label: str = ""
    scores: dict[str, int] = field(default_factory=dict)
    closer: str | None = None
    before: EnteredHole | None = None
    dropped: list[EnteredHole] = field(default_factory=list)
    undoes: int | None = None
    was: dict[str, Any] = field(default_factory=dict)
    now: dict[str, Any] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"change": self.number, "when": self.when, "what": self.what}
        if self.undoes is not None:
            out["undoes"] = self.undoes
        if self.was or self.now:
            out["was"] = dict(self.was)
            out["now"] = dict(self.now)
        if self.hole is not None:
            out["hole"] = self.hole
            out["label"] = self.label
            if self.scores:  # an undo that removed a hole leaves none
                out["scores"] = dict(self.scores)
        if self.closer is not None:
            out["closer"] = self.closer
        if self.before is not None:
            out["before"] = self.before.to_data()
        if self.dropped:
            out["dropped"] = [h.to_data() for h in self.dropped]
        return out


@dataclass
class Scorecard:
    """A game's scorecard.

    ``sides`` are the score columns: one per player, or one per partner
    group (``["Ann", "Cat"]`` scores as ``"Ann & Cat"``), in seat order.  For
    a card golf game, ``variant`` and ``overrides`` say how layouts are
    counted and ``values`` is the text of the card values printed on the
    card; a mini golf card has neither and may have a ``par`` per hole (None
    for a hole whose par is not known yet).  ``dealer`` is the dealer marker:
    who deals the next hole.  ``left`` holds the players who left the game
    and after how many regular holes: their column stays with the holes they
    played, and they are out of the running.
    """

    kind: str
    players: list[str]
    sides: list[list[str]]
    holes: int | None = 9
    target: int | None = None
    target_rule: str = "reach"
    max_holes: int | None = None
    scoring: str = "stroke"
    ties: str = "share"
    variant: str | None = None
    overrides: list[str] = field(default_factory=list)
    values: list[str] = field(default_factory=list)
    par: list[int | None] | None = None
    played: list[EnteredHole] = field(default_factory=list)
    dealer: str | None = None
    left: dict[str, int] = field(default_factory=dict)
    created: str = ""
    title: str = ""
    #: the change counter: one more with every change written (0: a card from before
    #: format 2, or one not yet written); a write checks it has not moved meanwhile
    revision: int = 0
    history: list[Change] = field(default_factory=list)
    #: the file's (inode, mtime, size) when it was read: a write under the lock checks
    #: that nothing else (an editor, an older golf) replaced the file meanwhile
    stamp: tuple[int, int, int] | None = field(default=None, compare=False)
    #: what reading the file found that a person should know (a score that no longer
    #: matches its layout: ``file:line``, both numbers), one line each; never written
    warnings: list[str] = field(default_factory=list, compare=False)

    @property
    def side_names(self) -> list[str]:
        return [" & ".join(members) for members in self.sides]

    @property
    def regular(self) -> list[EnteredHole]:
        return [h for h in self.played if not h.playoff]

    @property
    def active(self) -> list[int]:
        """The sides still playing (every side but those who left)."""
        return [i for i, n in enumerate(self.side_names) if n not in self.left]

    def par_of(self, hole: EnteredHole) -> int | None:
        """A regular hole's par, if the card knows it."""
        if self.par is None or hole.playoff:
            return None
        return self.par[hole.number - 1]

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"golf_scorecard": FORMAT_VERSION, "kind": self.kind}
        if self.title:
            out["title"] = self.title
        out["created"] = self.created
        out["players"] = list(self.players)
        if any(len(s) > 1 for s in self.sides):
            out["partners"] = [list(s) for s in self.sides]
        if self.kind == "golf":
            out["variant"] = self.variant
            out["set"] = list(self.overrides)
            out["values"] = list(self.values)
        out["holes"] = self.holes
        if self.target is not None:
            out["target"] = self.target
            out["target_rule"] = self.target_rule
            out["max_holes"] = self.max_holes
        out["scoring"] = self.scoring
        out["ties"] = self.ties
        if self.kind == "mini":
            out["par"] = None if self.par is None else list(self.par)
        if self.dealer is not None:
            out["dealer"] = self.dealer
        if self.left:
            out["left"] = dict(self.left)
        out["played"] = [h.to_data() for h in self.played]
        out["revision"] = self.revision
        out["history"] = [c.to_data() for c in self.history]
        return out


def hole_label(card: Scorecard, hole: EnteredHole) -> str:
    """A hole as every view of the card names it: regular holes by number,
    playoff holes numbered from 1 after them ("P1").  The file numbers the
    playoff holes on from the regular ones; only the file sees that number."""
    return f"P{hole.number - len(card.regular)}" if hole.playoff else str(hole.number)


def label_words(label: str) -> str:
    """ "3" -> "hole 3", "P1" -> "playoff hole 1" (for sentences)."""
    return f"playoff hole {label[1:]}" if label.startswith("P") else f"hole {label}"


def find_hole(card: Scorecard, text: str) -> int | None:
    """The index in ``card.played`` of a hole given as the card shows it:
    ``3`` (a regular hole) or ``P1`` (the first playoff hole)."""
    t = text.strip().upper()
    num = t.removeprefix("P")
    if num.isascii() and num.isdigit() and len(num) <= 6:  # 03 is hole 3
        t = t[: len(t) - len(num)] + str(int(num))
    for i, h in enumerate(card.played):
        if hole_label(card, h) == t:
            return i
    return None


# --------------------------------------------------------------------------- times

_TIME = "%Y-%m-%d %H:%M:%S %z"


def now_text() -> str:
    """The time now, as a card stores it: local time with its offset from
    UTC, so a card read in another time zone still means the same moment."""
    return datetime.now().astimezone().strftime(_TIME)


def local_time(text: str) -> str:
    """A stored time shown as local time ("2026-12-01 16:05").  Cards from
    before format 2 stored UTC ("... 15:05 UTC"); text that is no time at
    all (typed by hand) is shown as it is."""
    for fmt, tz in ((_TIME, None), ("%Y-%m-%d %H:%M UTC", UTC)):
        try:
            moment = datetime.strptime(text.strip(), fmt)
        except ValueError:
            continue
        if tz is not None:
            moment = moment.replace(tzinfo=tz)
        return moment.astimezone().strftime("%Y-%m-%d %H:%M")
    try:  # ISO 8601, as YAML reads a timestamp typed by hand (no offset: local time)
        return datetime.fromisoformat(text.strip()).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return text


def par_text(diff: int) -> str:
    """A score against par as golfers write it: E, +2, -1."""
    return "E" if diff == 0 else f"{diff:+d}"


def next_seat(card: Scorecard, name: str) -> str:
    """The player seated after ``name`` who is still playing: where the dealer
    marker goes after a hole (partners and players who left are passed over
    as at a table, the deal moving one seat to the left)."""
    playing = {m for i in card.active for m in card.sides[i]}
    seats = card.players
    start = seats.index(name) if name in seats else -1
    for k in range(1, len(seats) + 1):
        who = seats[(start + k) % len(seats)]
        if who in playing:
            return who
    return name


def find_side(card: Scorecard, name: str) -> int | None:
    """A side by a member's name or the group's name (case does not matter)."""
    key = name.strip().casefold()
    for i, (members, label) in enumerate(zip(card.sides, card.side_names, strict=True)):
        if key == label.casefold() or any(key == m.casefold() for m in members):
            return i
    return None


def alternate_partners(players: Sequence[str], side_of: Sequence[int]) -> list[list[str]]:
    """The players of each side, seated as the engine seats them
    (:meth:`~golfcli.variant.Variant.side_of`: partners sit alternately, A & C
    against B & D)."""
    return [
        [p for p, s in zip(players, side_of, strict=True) if s == g]
        for g in range(max(side_of) + 1)
    ]
