"""A scorecard: what was entered, how it is stored, and who is winning.

The card file is YAML, the format the project's variant and tournament files
already use: a person can read it and fix a typo in an editor, and
:mod:`golfcli.yamlsrc` reads it back with the line of every key, so a damaged
card is reported as ``file:line: key: problem``.

A card never recomputes what was entered.  A typed total is kept exactly as
typed; a counted layout keeps its layout, its itemised count and its score
as they were when entered.  Everything else (running totals, the leader,
winners, holes to play) is derived from the entries by the pure functions
at the end of this module, so the file holds each fact once.

Writes are atomic (:func:`save`): the new text goes to a temporary file in
the same directory, is flushed and fsynced, then renamed over the card.  A
crash or Ctrl-C leaves either the old card or the new one, never a torn one.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..game import count_hole, hole_winners, leaders, regulation_done
from ..limits import MAX_HOLES
from ..yamlsrc import Checker, KeyPath, Located, SourceError, load_file

FORMAT_VERSION = 1
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
    input, ``file:line: key: problem``.  (Not :class:`golfcli.cards.ScorecardError`,
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

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"hole": self.number}
        if self.playoff:
            out["playoff"] = True
        if self.closer is not None:
            out["closer"] = self.closer
        out["scores"] = {k: e.to_data() for k, e in self.scores.items()}
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
        return out


# --------------------------------------------------------------------------- file I/O


def dump_text(card: Card) -> str:
    body = yaml.safe_dump(
        card.to_data(), sort_keys=False, allow_unicode=True, default_flow_style=False, width=100
    )
    return HEADER + body


def save(card: Card, path: Path) -> None:
    """Write ``card`` to ``path`` atomically (see :func:`write_atomic`)."""
    write_atomic(path, dump_text(card).encode("utf-8"))


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that a reader sees the old file or the new
    one, never half of one: temp file in the same directory, fsync, rename over
    the old file, fsync the directory (so the rename itself survives a power
    cut on POSIX file systems).  The card and the printed PDF both come here.

    A link is followed, so the card it points at is the one that changes (a
    rename over the link would leave that card behind).  The new file takes
    the old one's permissions, or for a new file what the umask gives: a
    temp file starts private (0600), which a shared card must not become.
    """
    path = Path(os.path.realpath(path))
    directory = path.parent
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        # the old file stays as it was; remove the half-made temp file
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    try:
        dfd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


def _umask() -> int:
    """The process's umask (it can only be read by setting it; golf is one thread)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def load(path: Path) -> Card:
    """Read and check a card file; any problem is one :class:`ScorecardError`
    naming ``file:line`` and the key."""
    try:
        doc = load_file(path)
    except SourceError as exc:
        raise ScorecardError(exc.where, exc.path, exc.message) from None
    return from_located(doc)


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
        card.played.append(_hole(ck, ("played", i), names, i + 1, card.kind))
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


def _hole(ck: Checker, path: KeyPath, names: list[str], expected: int, kind: str) -> Hole:
    ck.mapping(path, ("hole", "playoff", "closer", "scores"))
    number = ck.int_((*path, "hole"), 1)
    if number != expected:
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
            entries[name] = Entry(score, ck.text((*p, "layout")), count)
        else:
            entries[name] = Entry(ck.int_(p, 0 if kind == "mini" else -MAX_SCORE, MAX_SCORE))
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


def standing(card: Card) -> Standing:
    """Totals, holes won, leaders and winners by the engine's own counting
    (:func:`~golfcli.game.count_hole`): a card and a played game agree."""
    names = card.side_names
    n = len(names)
    totals = [0] * n
    won = [0.0] * n
    running: list[list[int | None]] = []
    for h in card.played:
        if h.playoff:
            running.append([h.scores[m].score if m in h.scores else None for m in names])
            continue
        count_hole(totals, won, [h.scores[m].score for m in names])
        running.append(list(totals))
    regular = card.regular
    played = len(regular)
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
    )


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
