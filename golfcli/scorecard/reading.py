"""A card file read back: every key checked, each problem ``file:line: key``.

The card file is YAML, the format the project's variant and tournament files
already use: a person can read it and fix a typo in an editor, and
:mod:`golfcli.yamlsrc` reads it back with the line of every key, so a damaged
card is reported as ``file:line: key: problem``.  The keys are read top to
bottom in the order the file writes them (:meth:`.model.Scorecard.to_data`);
writing the file (atomic, locked) is :mod:`.store`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ..limits import MAX_HOLES
from ..yamlsrc import Checker, KeyPath, Located
from .model import (
    CHANGE_KINDS,
    FORMAT_VERSION,
    KINDS,
    MAX_PAR,
    MAX_SCORE,
    MAX_TARGET,
    TABLE_CHANGES,
    Change,
    EnteredHole,
    Entry,
    Scorecard,
    ScorecardError,
)

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
        "dealer",
        "left",
        "played",
        "revision",
        "history",
    }
)


def from_located(doc: Located) -> Scorecard:
    ck = Checker(doc, ScorecardError)
    top = _top(ck, doc)
    kind = ck.choice(("kind",), KINDS)
    players = _names(ck, ("players",))
    card = Scorecard(
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
    _read_left(ck, top, card)
    _read_played(ck, card)
    _read_dealer(ck, top, card)
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


def _read_length(ck: Checker, top: dict[str, Any], card: Scorecard) -> None:
    """The target a game plays to, if any; a card needs holes or a target."""
    if top.get("target") is not None:
        card.target = ck.int_(("target",), 1, MAX_TARGET)
        if "target_rule" in top:
            card.target_rule = ck.choice(("target_rule",), ("reach", "exceed"))
        card.max_holes = (
            ck.int_(("max_holes",), 1, MAX_HOLES, none=True) if "max_holes" in top else None
        )
    if card.holes is None and card.target is None:
        raise ck.fail(("holes",), "give holes or a target")


def _read_variant(ck: Checker, top: dict[str, Any], card: Scorecard) -> None:
    """A card golf scorecard's variant, its overrides and card values."""
    if not isinstance(top.get("variant"), str) or not top["variant"].strip():
        raise ck.fail(("variant",), "a card golf scorecard needs its variant (name or file)")
    card.variant = top["variant"]
    card.overrides = _texts(ck, ("set",)) if top.get("set") is not None else []
    card.values = _texts(ck, ("values",)) if top.get("values") is not None else []


def _read_par(ck: Checker, card: Scorecard) -> None:
    """A mini golf card's par, one value per hole."""
    raw = ck.get(("par",))
    if not isinstance(raw, list):
        raise ck.fail(("par",), "must be a list of par values, one per hole")
    card.par = [ck.int_(("par", i), 1, MAX_PAR, none=True) for i in range(len(raw))]
    if card.holes is not None and len(card.par) != card.holes:
        raise ck.fail(("par",), f"{len(card.par)} par values for {card.holes} holes")


def _read_left(ck: Checker, top: dict[str, Any], card: Scorecard) -> None:
    """The players who left the game, each with the regular holes they played."""
    if top.get("left") is None:
        return
    names = [n for n in card.side_names if " & " not in n]  # partners do not leave
    raw = ck.mapping(("left",), names, "the card's players")
    card.left = {n: ck.int_(("left", n), 0, MAX_HOLES) for n in names if n in raw}


def _read_dealer(ck: Checker, top: dict[str, Any], card: Scorecard) -> None:
    """Who deals the next hole: as the file says, or on a card from before the
    dealer was kept, as the engine deals (the first player, then one seat on
    each hole played)."""
    if top.get("dealer") is not None:
        card.dealer = ck.text(("dealer",))
        if card.dealer not in card.players:
            raise ck.fail(("dealer",), f"{card.dealer!r} is not one of the card's players")
    elif card.kind == "golf" and "dealer" not in top:
        card.dealer = card.players[len(card.played) % len(card.players)]


def _read_played(ck: Checker, card: Scorecard) -> None:
    """The holes played, regular ones first and any playoff after them,
    no more than the card has holes (or par values) for."""
    raw_played = ck.get(("played",))
    if raw_played is None:
        raw_played = []
    if not isinstance(raw_played, list):
        raise ck.fail(("played",), "must be a list of holes")
    names = card.side_names
    for i in range(len(raw_played)):
        hole = _hole(ck, ("played", i), names, card.kind, expected=i + 1, left=card.left)
        card.played.append(hole)
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


def _read_history(ck: Checker, top: dict[str, Any], card: Scorecard) -> None:
    """The change counter and the changes kept; a card from before format 2
    has neither and starts at revision 0 with an empty history."""
    if top.get("revision") is not None:
        card.revision = ck.int_(("revision",), 0)
    raw = top.get("history")
    if raw is None:
        return
    if not isinstance(raw, list):
        raise ck.fail(("history",), "must be a list of changes")
    for i in range(len(raw)):
        card.history.append(_change(ck, ("history", i), card.kind))
    numbers = [c.number for c in card.history]
    if numbers != sorted(set(numbers)) or (numbers and numbers[-1] > card.revision):
        raise ck.fail(
            ("history",), f"changes must be numbered in order, up to the revision {card.revision}"
        )


def _change(ck: Checker, path: KeyPath, kind: str) -> Change:
    """One change of the history.  Its names are those the card had when it
    was made (a player renamed since, or taken off the card, keeps their name
    there): each is checked to be a name, not to be on the card now."""
    raw = ck.mapping(
        path,
        (
            "change", "when", "what", "undoes", "hole", "label", "scores", "closer", "before",
            "dropped", "was", "now",
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
        scores = _named(ck, (*path, "scores")) if "scores" in raw else []
        change.scores = {n: ck.int_((*path, "scores", n), -MAX_SCORE, MAX_SCORE) for n in scores}
    if raw.get("closer") is not None:
        change.closer = ck.text((*path, "closer"))
    if raw.get("before") is not None:
        change.before = _hole(ck, (*path, "before"), None, kind)
    if raw.get("dropped") is not None:
        if not isinstance(raw["dropped"], list):
            raise ck.fail((*path, "dropped"), "must be a list of holes")
        change.dropped = [
            _hole(ck, (*path, "dropped", j), None, kind) for j in range(len(raw["dropped"]))
        ]
    for key in ("was", "now"):
        if raw.get(key) is not None:
            if not isinstance(raw[key], dict):
                raise ck.fail((*path, key), "must be a mapping of what the change changed")
            setattr(change, key, ck.get((*path, key)))
    if change.what in TABLE_CHANGES and "now" not in raw:
        raise ck.fail(path, f"a {change.what} change needs 'was' and 'now'")
    return change


def _named(ck: Checker, path: KeyPath) -> list[str]:
    """The keys of a mapping of names (a history's scores: any names)."""
    raw = ck.get(path)
    if not isinstance(raw, dict) or not raw:
        raise ck.fail(path, "must be a mapping of names to scores")
    for key in raw:
        if not isinstance(key, str) or not key.strip():
            raise ck.fail(path, f"{key!r} is not a name")
    return list(raw)


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
    ck: Checker,
    path: KeyPath,
    names: list[str] | None,
    kind: str,
    expected: int | None = None,
    left: dict[str, int] | None = None,
) -> EnteredHole:
    """A hole: on the card (``names``: the card's sides, each with a score on
    a regular hole unless they had left before it), or kept in the history
    (``names`` None: the names it had then)."""
    raw_hole = ck.mapping(path, ("hole", "playoff", "closer", "dealer", "set", "scores"))
    number = ck.int_((*path, "hole"), 1, MAX_HOLES * 2)
    if expected is not None and number != expected:
        raise ck.fail((*path, "hole"), f"holes must be numbered in order: expected {expected}")
    playoff = ck.bool_((*path, "playoff")) if "playoff" in raw_hole else False
    if names is None:
        order = _named(ck, (*path, "scores"))
    else:
        scores = ck.mapping((*path, "scores"), names, "the card's players")
        gone = {n for n, k in (left or {}).items() if k < number}
        missing = [n for n in names if n not in scores and n not in gone]
        if missing and not playoff:
            raise ck.fail((*path, "scores"), f"no score for {', '.join(missing)}")
        if not playoff and (after := sorted(gone & set(scores))):
            raise ck.fail((*path, "scores"), f"a score for {after[0]}, who had left the game")
        if not scores:
            raise ck.fail((*path, "scores"), "no scores")
        order = [n for n in names if n in scores]  # card order, whatever order the file has
    entries = {name: _entry(ck, (*path, "scores", name), kind) for name in order}
    closer = None
    if raw_hole.get("closer") is not None:
        closer = ck.text((*path, "closer"))
        if closer not in entries:
            raise ck.fail((*path, "closer"), f"{closer!r} has no score on this hole")
    dealer = ck.text((*path, "dealer")) if raw_hole.get("dealer") is not None else None
    overrides = _texts(ck, (*path, "set")) if raw_hole.get("set") is not None else None
    return EnteredHole(number, entries, playoff, closer, dealer, overrides)


def _entry(ck: Checker, p: KeyPath, kind: str) -> Entry:
    """One score: a number as typed, a counted layout, or the score given for
    a hole the player missed (they joined after it)."""
    raw = ck.get(p)
    if isinstance(raw, dict):
        ck.mapping(p, ("score", "layout", "count", "missed"))
        score = ck.int_((*p, "score"), -MAX_SCORE, MAX_SCORE) if "score" in raw else None
        where = ck.doc.where((*p, "score"))
        if raw.get("missed") is not None and ck.bool_((*p, "missed")):
            if score is None:
                raise ck.fail(p, "a missed hole's score needs 'score'")
            return Entry(score, missed=True, place=where)
        for key in ("score", "layout"):
            if key not in raw:
                raise ck.fail(p, f"a counted score needs {key!r}")
        assert score is not None
        count = _texts(ck, (*p, "count")) if raw.get("count") is not None else []
        return Entry(score, ck.text((*p, "layout")), count, place=where)
    low = 0 if kind == "mini" else -MAX_SCORE
    return Entry(ck.int_(p, low, MAX_SCORE), place=ck.doc.where(p))
