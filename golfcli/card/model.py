"""A scorecard: what was entered, its history, and who is winning.

The card file is YAML, the format the project's variant and tournament files
already use: a person can read it and fix a typo in an editor, and
:mod:`golfcli.yamlsrc` reads it back with the line of every key, so a damaged
card is reported as ``file:line: key: problem``.  Reading and checking the
file is here; writing it (atomic, locked) is :mod:`.store`.

A card never recomputes what was entered.  A typed total is kept exactly as
typed; a counted layout keeps its layout, its itemised count and its score
as they were when entered.  Everything else (running totals, the leader,
winners, holes to play) is derived from the entries by the pure functions
at the end of this module, so the file holds each fact once.  Every change
(a hole entered, a fix, an undo) is also kept in the card's ``history`` with
what it replaced, so a change can be shown (``golf card log``) and taken
back (``golf card undo``) and no score is ever lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..game import count_hole, hole_winners, leaders, regulation_done
from ..limits import MAX_HOLES
from ..yamlsrc import Checker, KeyPath, Located, SourceError

#: Format 2 added ``revision`` and ``history``; format 1 cards (without them) still load,
#: and an older golf meets a format 2 card with "written by a newer golf", not an unknown key.
FORMAT_VERSION = 2
KINDS = ("golf", "mini")
# The largest score either way: `golf card add` reads at most 6 digits, and a card file
# typed by hand is held to the same bound so no card holds what `add` could not enter.
MAX_SCORE = 999_999
HEADER = (
    "# A Golf scorecard kept by `golf card` (see docs/scorecard.md).\n"
    "# Safe to read; to change a score use `golf card fix` rather than an editor.\n"
)


class ScorecardError(SourceError):
    """A scorecard file that cannot be read, or a change it cannot take: bad
    input, ``file:line: key: problem``.  (Not :class:`golfcli.cards.CardError`,
    a playing card that cannot be read.)"""


@dataclass
class Entry:
    """One side's score on one hole.

    ``layout`` is set when the score was counted from cards; ``count`` then
    holds the itemised breakdown as text lines (cards, matches, bonuses).
    """

    score: int
    layout: str | None = None
    count: list[str] = field(default_factory=list)
    #: ``file:line`` of the score in the card file it was read from (for messages)
    place: str = field(default="", compare=False)
    #: set when the stored score disagrees with its stored layout (a hand edit): what
    #: is wrong, so every view marks the score instead of showing it as right
    problem: str = field(default="", compare=False)

    def to_data(self) -> Any:
        if self.layout is None:
            return self.score
        return {"score": self.score, "layout": self.layout, "count": list(self.count)}


@dataclass
class Hole:
    """An entered hole.  ``number`` counts every hole, playoffs included;
    a playoff hole holds scores only for the sides that were tied."""

    number: int
    scores: dict[str, Entry]
    playoff: bool = False
    closer: str | None = None  # who went out or knocked, for knock bonuses and penalties

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
        out["scores"] = {k: e.to_data() for k, e in self.scores.items()}
        return out


CHANGE_KINDS = ("new", "add", "playoff", "fix", "undo")


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
      removed, or the fixed hole it replaced): an undo loses nothing either.

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
    before: Hole | None = None
    dropped: list[Hole] = field(default_factory=list)
    undoes: int | None = None

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"change": self.number, "when": self.when, "what": self.what}
        if self.undoes is not None:
            out["undoes"] = self.undoes
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
class Card:
    """A game's scorecard.

    ``sides`` are the score columns: one per player, or one per partner
    group (``["Ann", "Cat"]`` scores as ``"Ann & Cat"``).  For a card golf
    game, ``variant`` and ``overrides`` say how layouts are counted and
    ``values`` is the text of the card values printed on the card; a mini
    golf card has neither and may have a ``par`` per hole.
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
    par: list[int] | None = None
    played: list[Hole] = field(default_factory=list)
    created: str = ""
    title: str = ""
    #: the change counter: one more with every change written (0: a card from before
    #: format 2, or one not yet written); a write checks it has not moved meanwhile
    revision: int = 0
    history: list[Change] = field(default_factory=list)
    #: the file's (inode, mtime, size) when it was read: a write under the lock checks
    #: that nothing else (an editor, an older golf) replaced the file meanwhile
    stamp: tuple[int, int, int] | None = field(default=None, compare=False)

    @property
    def side_names(self) -> list[str]:
        return [" & ".join(members) for members in self.sides]

    @property
    def regular(self) -> list[Hole]:
        return [h for h in self.played if not h.playoff]

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
        out["played"] = [h.to_data() for h in self.played]
        out["revision"] = self.revision
        out["history"] = [c.to_data() for c in self.history]
        return out


# --------------------------------------------------------------------------- reading


_TOP_KEYS = frozenset(
    {
        "golf_scorecard",
        "kind",
        "title",
        "created",
        "players",
        "partners",
        "variant",
        "set",
        "values",
        "holes",
        "target",
        "target_rule",
        "max_holes",
        "scoring",
        "ties",
        "par",
        "played",
        "revision",
        "history",
    }
)


def from_located(doc: Located) -> Card:
    ck = Checker(doc, ScorecardError)
    top = _top(ck, doc)
    kind = ck.choice(("kind",), KINDS)
    players = _names(ck, ("players",))
    card = Card(
        kind=kind,
        players=players,
        sides=_sides(ck, top, players),
        holes=ck.int_(("holes",), 1, MAX_HOLES, none=True),
        scoring=ck.choice(("scoring",), ("stroke", "match")),
        ties=ck.choice(("ties",), ("share", "playoff")),
        created=str(top.get("created") or ""),
        title=str(top.get("title") or ""),
    )
    _read_length(ck, top, card)
    if kind == "golf":
        _read_variant(ck, top, card)
    elif top.get("par") is not None:
        _read_par(ck, card)
    _read_played(ck, card)
    _read_history(ck, top, card)
    return card


def _top(ck: Checker, doc: Located) -> dict[str, Any]:
    """The card's top-level mapping, once it is known to be a scorecard
    this golf can read with every required key."""
    if not isinstance(doc.data, dict):
        raise ScorecardError(doc.where(()), "", "not a golf scorecard (expected a mapping of keys)")
    top = ck.mapping((), _TOP_KEYS)
    if "golf_scorecard" not in top:
        raise ScorecardError(doc.where(()), "", "not a golf scorecard (no golf_scorecard: key)")
    _check_printable(ck, (), doc.data)
    version = ck.int_(("golf_scorecard",), 1)
    if version > FORMAT_VERSION:
        raise ck.fail(
            ("golf_scorecard",), f"written by a newer golf (format {version}); upgrade golf"
        )
    for key in ("kind", "players", "holes", "scoring", "ties", "played"):
        if key not in top:
            raise ck.fail((), f"missing key {key!r}")
    return top


def _sides(ck: Checker, top: dict[str, Any], players: list[str]) -> list[list[str]]:
    """One side per player, or the partner groups, which must hold every
    player exactly once."""
    sides: list[list[str]] = [[p] for p in players]
    if top.get("partners") is not None:
        raw = ck.get(("partners",))
        if not isinstance(raw, list):
            raise ck.fail(("partners",), "must be a list of partner groups")
        sides = [_names(ck, ("partners", i)) for i in range(len(raw))]
        flat = sorted(n for s in sides for n in s)
        if flat != sorted(players):
            raise ck.fail(("partners",), "partner groups must hold every player exactly once")
    return sides


def _read_length(ck: Checker, top: dict[str, Any], card: Card) -> None:
    """The target a game plays to, if any; a card needs holes or a target."""
    if top.get("target") is not None:
        card.target = ck.int_(("target",), 1, 100_000)
        if "target_rule" in top:
            card.target_rule = ck.choice(("target_rule",), ("reach", "exceed"))
        card.max_holes = (
            ck.int_(("max_holes",), 1, MAX_HOLES, none=True) if "max_holes" in top else None
        )
    if card.holes is None and card.target is None:
        raise ck.fail(("holes",), "give holes or a target")


def _read_variant(ck: Checker, top: dict[str, Any], card: Card) -> None:
    """A card golf scorecard's variant, its overrides and card values."""
    if not isinstance(top.get("variant"), str) or not top["variant"].strip():
        raise ck.fail(("variant",), "a card golf scorecard needs its variant (name or file)")
    card.variant = top["variant"]
    card.overrides = _texts(ck, ("set",)) if top.get("set") is not None else []
    card.values = _texts(ck, ("values",)) if top.get("values") is not None else []


def _read_par(ck: Checker, card: Card) -> None:
    """A mini golf card's par, one value per hole."""
    raw = ck.get(("par",))
    if not isinstance(raw, list):
        raise ck.fail(("par",), "must be a list of par values, one per hole")
    card.par = [ck.int_(("par", i), 1, 99) for i in range(len(raw))]
    if card.holes is not None and len(card.par) != card.holes:
        raise ck.fail(("par",), f"{len(card.par)} par values for {card.holes} holes")


def _read_played(ck: Checker, card: Card) -> None:
    """The holes played, regular ones first and any playoff after them,
    no more than the card has holes (or par values) for."""
    raw_played = ck.get(("played",))
    if raw_played is None:
        raw_played = []
    if not isinstance(raw_played, list):
        raise ck.fail(("played",), "must be a list of holes")
    names = card.side_names
    for i in range(len(raw_played)):
        card.played.append(_hole(ck, ("played", i), names, card.kind, expected=i + 1))
    # a playoff only after the regular holes, and never in the middle of them
    seen_playoff = False
    for i, h in enumerate(card.played):
        if h.playoff:
            seen_playoff = True
        elif seen_playoff:
            raise ck.fail(("played", i), "a regular hole after a playoff hole")
    if card.holes is not None and len(card.regular) > card.holes:
        raise ck.fail(("played",), f"{len(card.regular)} holes entered on a {card.holes}-hole card")
    if card.par is not None and len(card.regular) > len(card.par):
        raise ck.fail(("par",), f"par for {len(card.par)} holes, {len(card.regular)} played")


def _read_history(ck: Checker, top: dict[str, Any], card: Card) -> None:
    """The change counter and the changes kept; a card from before format 2
    has neither and starts at revision 0 with an empty history."""
    if top.get("revision") is not None:
        card.revision = ck.int_(("revision",), 0)
    raw = top.get("history")
    if raw is None:
        return
    if not isinstance(raw, list):
        raise ck.fail(("history",), "must be a list of changes")
    names = card.side_names
    for i in range(len(raw)):
        card.history.append(_change(ck, ("history", i), names, card.kind))
    numbers = [c.number for c in card.history]
    if numbers != sorted(set(numbers)) or (numbers and numbers[-1] > card.revision):
        raise ck.fail(
            ("history",), f"changes must be numbered in order, up to the revision {card.revision}"
        )


def _change(ck: Checker, path: KeyPath, names: list[str], kind: str) -> Change:
    raw = ck.mapping(
        path,
        (
            "change", "when", "what", "undoes", "hole", "label", "scores", "closer", "before",
            "dropped",
        ),
    )  # fmt: skip
    for key in ("change", "when", "what"):
        if key not in raw:
            raise ck.fail(path, f"a change needs {key!r}")
    when = raw["when"]
    if not isinstance(when, (str, datetime)):  # a time typed by hand may read as a timestamp
        raise ck.fail((*path, "when"), "must be a time, like 2026-12-01 20:15:00 +0100")
    change = Change(
        number=ck.int_((*path, "change"), 1),
        when=str(when),
        what=ck.choice((*path, "what"), CHANGE_KINDS),
    )
    if raw.get("undoes") is not None:
        change.undoes = ck.int_((*path, "undoes"), 1)
    if raw.get("hole") is not None:
        change.hole = ck.int_((*path, "hole"), 1, MAX_HOLES * 2)
        change.label = ck.text((*path, "label")) if "label" in raw else str(change.hole)
        scores = {}
        if "scores" in raw:
            scores = ck.mapping((*path, "scores"), names, "the card's players")
        change.scores = {
            n: ck.int_((*path, "scores", n), -MAX_SCORE, MAX_SCORE) for n in names if n in scores
        }
    if raw.get("closer") is not None:
        change.closer = ck.text((*path, "closer"))
    if raw.get("before") is not None:
        change.before = _hole(ck, (*path, "before"), names, kind)
    if raw.get("dropped") is not None:
        if not isinstance(raw["dropped"], list):
            raise ck.fail((*path, "dropped"), "must be a list of holes")
        change.dropped = [
            _hole(ck, (*path, "dropped", j), names, kind) for j in range(len(raw["dropped"]))
        ]
    return change


def _check_printable(ck: Checker, path: KeyPath, node: Any) -> None:
    """Refuse a control character anywhere in the card's text (a key or a
    value): names, layouts and notes are printed as they are, and a card
    from someone else must not drive the terminal it is shown on."""
    items: list[tuple[Any, Any]] = []
    if isinstance(node, dict):
        items = list(node.items())
    elif isinstance(node, list):
        items = list(enumerate(node))
    elif isinstance(node, str) and not node.isprintable():
        raise ck.fail(path, f"a control character in {node!r}")
    for key, value in items:
        if isinstance(key, str) and not key.isprintable():
            raise ck.fail(path, f"a control character in the key {key!r}")
        _check_printable(ck, (*path, key), value)


def _names(ck: Checker, path: KeyPath) -> list[str]:
    raw = ck.get(path)
    if not isinstance(raw, list) or not raw:
        raise ck.fail(path, "must be a non-empty list of names")
    out = [ck.text((*path, i)) for i in range(len(raw))]
    if len({n.casefold() for n in out}) != len(out):
        raise ck.fail(path, "a name is given twice")
    return out


def _texts(ck: Checker, path: KeyPath) -> list[str]:
    raw = ck.get(path)
    if not isinstance(raw, list):
        raise ck.fail(path, "must be a list of text lines")
    return [ck.str_((*path, i)) for i in range(len(raw))]


def _hole(
    ck: Checker, path: KeyPath, names: list[str], kind: str, expected: int | None = None
) -> Hole:
    ck.mapping(path, ("hole", "playoff", "closer", "scores"))
    number = ck.int_((*path, "hole"), 1, MAX_HOLES * 2)
    if expected is not None and number != expected:
        raise ck.fail((*path, "hole"), f"holes must be numbered in order: expected {expected}")
    playoff = ck.bool_((*path, "playoff")) if "playoff" in ck.get(path) else False
    scores = ck.mapping((*path, "scores"), names, "the card's players")
    missing = [n for n in names if n not in scores]
    if missing and not playoff:
        raise ck.fail((*path, "scores"), f"no score for {', '.join(missing)}")
    if not scores:
        raise ck.fail((*path, "scores"), "no scores")
    entries: dict[str, Entry] = {}
    for name in names:  # card order, whatever order the file has
        if name not in scores:
            continue
        p = (*path, "scores", name)
        raw = ck.get(p)
        if isinstance(raw, dict):
            ck.mapping(p, ("score", "layout", "count"))
            for key in ("score", "layout"):
                if key not in raw:
                    raise ck.fail(p, f"a counted score needs {key!r}")
            count = _texts(ck, (*p, "count")) if raw.get("count") is not None else []
            score = ck.int_((*p, "score"), -MAX_SCORE, MAX_SCORE)
            where = ck.doc.where((*p, "score"))
            entries[name] = Entry(score, ck.text((*p, "layout")), count, place=where)
        else:
            low = 0 if kind == "mini" else -MAX_SCORE
            entries[name] = Entry(ck.int_(p, low, MAX_SCORE), place=ck.doc.where(p))
    closer = None
    if ck.get(path).get("closer") is not None:
        closer = ck.text((*path, "closer"))
        if closer not in entries:
            raise ck.fail((*path, "closer"), f"{closer!r} has no score on this hole")
    return Hole(number, entries, playoff, closer)


# --------------------------------------------------------------------------- standings


@dataclass
class Standing:
    """Everything ``show`` says about a card, derived from its entries."""

    totals: list[int]  # per side, regular holes
    running: list[list[int | None]]  # per played hole, per side (None: not in that hole)
    holes_won: list[float] | None  # match play
    to_par: list[int] | None  # mini golf with par
    finished: bool
    holes_left: int | None  # None for a target game
    leaders: list[int]  # sides leading now (after playoffs, when finished)
    winners: list[int]  # empty until the game is finished
    tied: bool  # finished with more than one winner
    # the regular hole the game ended on when more regular holes follow it (a
    # fix made someone reach the target sooner): a card must not count them
    ended_early: int | None


def standing(card: Card) -> Standing:
    """Totals, holes won, leaders and winners by the engine's own counting
    (:func:`~golfcli.game.count_hole`): a card and a played game agree."""
    names = card.side_names
    n = len(names)
    totals = [0] * n
    won = [0.0] * n
    running: list[list[int | None]] = []
    regular = card.regular
    played = len(regular)
    ended_early: int | None = None
    k = 0  # regular holes counted so far
    for h in card.played:
        if h.playoff:
            running.append([h.scores[m].score if m in h.scores else None for m in names])
            continue
        count_hole(totals, won, [h.scores[m].score for m in names])
        running.append(list(totals))
        k += 1
        if (
            ended_early is None
            and k < played
            and regulation_done(
                k, card.holes, card.max_holes, totals, card.target, card.target_rule
            )
        ):
            ended_early = k
    finished = bool(regular) and regulation_done(
        played, card.holes, card.max_holes, totals, card.target, card.target_rule
    )
    left: int | None
    if card.holes is not None:
        left = max(0, card.holes - played)
    else:
        left = 0 if card.max_holes is not None and played >= card.max_holes else None
    ahead = leaders(card.scoring, totals, won)
    to_par = None
    if card.kind == "mini" and card.par is not None:
        to_par = [sum(h.scores[m].score - card.par[h.number - 1] for h in regular) for m in names]
    winners: list[int] = []
    if finished:
        winners = list(ahead)
        for h in card.played:
            if h.playoff and len(winners) > 1:
                among = [i for i in winners if names[i] in h.scores]
                if among:
                    scores = [h.scores[m].score if m in h.scores else 0 for m in names]
                    winners = hole_winners(scores, among)
        ahead = winners
    return Standing(
        totals=totals,
        running=running,
        holes_won=won if card.scoring == "match" else None,
        to_par=to_par,
        finished=finished,
        holes_left=left,
        leaders=ahead,
        winners=winners,
        tied=finished and len(winners) > 1,
        ended_early=ended_early,
    )


def hole_label(card: Card, hole: Hole) -> str:
    """A hole as every view of the card names it: regular holes by number,
    playoff holes numbered from 1 after them ("P1").  The file numbers the
    playoff holes on from the regular ones; only the file sees that number."""
    return f"P{hole.number - len(card.regular)}" if hole.playoff else str(hole.number)


def label_words(label: str) -> str:
    """ "3" -> "hole 3", "P1" -> "playoff hole 1" (for sentences)."""
    return f"playoff hole {label[1:]}" if label.startswith("P") else f"hole {label}"


def find_hole(card: Card, text: str) -> int | None:
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


def find_side(card: Card, name: str) -> int | None:
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
