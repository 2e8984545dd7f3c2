"""Changes to the table rather than to a hole: who plays, where they sit, who
deals, how long the game is, the switches and the par.

A game night changes as it goes: someone arrives late, someone goes home, a
name was misspelt, nine holes were so much fun the table plays eighteen,
twos are worth +2 from now on, the par of a mini golf hole is learned when
the table reaches it.  Each is one change kept in the card's history with
what it changed as it ``was`` and as it is ``now`` (plain data, so the file
shows it), and :func:`undo` puts ``was`` back.  :mod:`.history` keeps them
with the changes to holes, and :mod:`.ops` runs each through the card's lock.

What each keeps to the holes already played:

* a player who **joins** gets a score for each hole they missed, marked as
  missed (``Entry.missed``): the table's rule for it (by default the
  highest score of that hole, so arriving late gains nothing) is in the log;
* a player who **leaves** keeps their column and the holes they played and
  is out of the running; one who played no hole yet is taken off the card;
* a **switch** changed (twos -2, kings 0) counts the holes to come; every
  hole already counted keeps the ``--set`` changes it was counted with
  (``EnteredHole.overrides``), so its count stays right and checking it
  again (a hand edit?) uses its own rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..exceptions import GolfError
from .model import (
    Change,
    ChangeError,
    EnteredHole,
    Entry,
    Scorecard,
    next_seat,
    now_text,
)

#: The two switches a card has for counting layouts, as the variant keys they set.
SWITCH_KEYS = {"twos": "values.ranks.2", "kings": "values.ranks.K"}


def _change(what: str, was: dict[str, Any], now: dict[str, Any]) -> Change:
    return Change(0, now_text(), what, was=was, now=now)


def _rename_in(hole: EnteredHole, old: str, new: str) -> None:
    hole.scores = {(new if n == old else n): e for n, e in hole.scores.items()}
    if hole.closer == old:
        hole.closer = new
    if hole.dealer == old:
        hole.dealer = new


def _set_scores(card: Scorecard, hole: EnteredHole, name: str, entry: Entry | None) -> None:
    """Put (or take away) ``name``'s score on ``hole``, the scores kept in
    the card's seat order."""
    scores = dict(hole.scores)
    scores.pop(name, None)
    if entry is not None:
        scores[name] = entry
    hole.scores = {n: scores[n] for n in card.side_names if n in scores}


def _missed(card: Scorecard, name: str) -> dict[int, int]:
    return {h.number: h.scores[name].score for h in card.regular if name in h.scores}


# --------------------------------------------------------------------------- players


def missed_scores(card: Scorecard, rule: str | int) -> dict[int, int]:
    """A late player's score for each regular hole already played: the
    hole's highest score (``"high"``) or the same number for every hole."""
    out = {}
    for h in card.regular:
        out[h.number] = max(e.score for e in h.scores.values()) if rule == "high" else int(rule)
    return out


def joined(card: Scorecard, name: str, seat: int, rule: str | int) -> Change:
    """``name`` sits down at ``seat`` (0: first) with a missed score for each
    hole played so far (:func:`missed_scores`)."""
    scores = missed_scores(card, rule)
    _seat(card, name, seat, scores)
    return _change("join", {}, {"player": name, "seat": seat, "missed": scores, "rule": rule})


def _seat(card: Scorecard, name: str, seat: int, scores: dict[int, int]) -> None:
    card.players.insert(seat, name)
    card.sides.insert(seat, [name])
    for h in card.regular:
        if h.number in scores:
            _set_scores(card, h, name, Entry(scores[h.number], missed=True))


def _unseat(card: Scorecard, name: str) -> None:
    seat = card.players.index(name)
    del card.players[seat]
    del card.sides[seat]
    for h in card.played:
        _set_scores(card, h, name, None)


def left(card: Scorecard, name: str) -> Change:
    """``name`` leaves: their column stays with the holes they played (and
    they are out of the running), or, if they played none, they are taken
    off the card.  The dealer marker passes them by."""
    was: dict[str, Any] = {}
    played = any(name in h.scores and not h.scores[name].missed for h in card.played)
    following = next_seat(card, name)  # who deals after them, if they held the marker
    if played:
        card.left[name] = len(card.regular)
        now: dict[str, Any] = {"player": name, "after": len(card.regular)}
    else:
        was = {"seat": card.players.index(name), "missed": _missed(card, name)}
        _unseat(card, name)
        now = {"player": name, "removed": True}
    if card.dealer == name:
        was["dealer"] = name
        card.dealer = following
        now["dealer"] = following
    return _change("leave", was, now)


def renamed(card: Scorecard, old: str, new: str) -> Change:
    """``old`` is called ``new`` from now on, on every hole of the card (the
    history keeps the names as they were)."""
    _rename(card, old, new)
    return _change("rename", {"player": old}, {"player": new})


def _rename(card: Scorecard, old: str, new: str) -> None:
    card.players = [new if p == old else p for p in card.players]
    before = card.side_names
    card.sides = [[new if m == old else m for m in s] for s in card.sides]
    for was_side, now_side in zip(before, card.side_names, strict=True):
        if was_side != now_side:
            for h in card.played:
                _rename_in(h, was_side, now_side)
            if was_side in card.left:
                card.left[now_side] = card.left.pop(was_side)
    for h in card.played:  # a partner's name as the closer or the dealer
        _rename_in(h, old, new)
    if card.dealer == old:
        card.dealer = new


# --------------------------------------------------------------------------- the game


def holes_set(card: Scorecard, holes: int, par: list[int | None] | None) -> Change:
    """The game is ``holes`` long from now on (a mini golf card's par with it)."""
    was = {"holes": card.holes, "par": None if card.par is None else list(card.par)}
    card.holes = holes
    card.par = par
    return _change("holes", was, {"holes": holes, "par": None if par is None else list(par)})


def rebase(card: Scorecard, overrides: list[str]) -> None:
    """The card's ``--set`` changes become ``overrides`` for the holes to come;
    each hole already entered keeps the changes it was counted with (its own,
    or the card's until now), written on the hole only where they differ."""
    for h in card.played:
        own = card.overrides if h.overrides is None else h.overrides
        h.overrides = None if own == overrides else list(own)
    card.overrides = list(overrides)


def switched(
    card: Scorecard, overrides: list[str], values: list[str], said: dict[str, Any]
) -> Change:
    """New switches for the holes to come: the card's ``--set`` changes and
    card values; ``said`` is what changed in words' terms (each switch's value
    was and now), for the log."""
    was = {"set": list(card.overrides), "values": list(card.values), **said["was"]}
    now = {"set": list(overrides), "values": list(values), **said["now"]}
    now["from"] = len(card.regular) + 1
    rebase(card, overrides)
    card.values = list(values)
    return _change("switches", was, now)


def switch_words(name: str, value: int) -> str:
    """A switch's card value as the card says it: twos -2 or +2, kings 0 or 10."""
    return f"{value:+d}" if name == "twos" else str(value)


def with_switches(overrides: Sequence[str], switches: dict[str, int]) -> list[str]:
    """``overrides`` with each switch's key set to its value (earlier settings
    of that key dropped, so the card's list stays readable)."""
    keys = {SWITCH_KEYS[name] for name in switches}
    kept = [o for o in overrides if o.partition("=")[0].strip() not in keys]
    return kept + [f"{SWITCH_KEYS[name]}={value}" for name, value in switches.items()]


def par_set(card: Scorecard, par: list[int | None] | None) -> Change:
    """A mini golf card's par, as the course is learned."""
    was = {"par": None if card.par is None else list(card.par)}
    card.par = par
    return _change("par", was, {"par": None if par is None else list(par)})


def dealer_set(card: Scorecard, name: str) -> Change:
    """The dealer marker moved by hand: ``name`` deals the next hole."""
    was = {"dealer": card.dealer}
    card.dealer = name
    return _change("dealer", was, {"dealer": name})


# --------------------------------------------------------------------------- undo


def undo(card: Scorecard, c: Change) -> Change:
    """Take back table change ``c`` (the latest not yet taken back): check that
    the card still holds what it made, put ``was`` back, and return the
    undo's change (``was`` and ``now`` swapped, so the log reads it)."""
    what = f"change {c.number} ({c.what})"
    try:
        _UNDO[c.what](card, c.was, c.now)
    except _Damaged as exc:
        raise ChangeError(
            f"cannot undo {what}: the card no longer holds what it changed ({exc}; edited by hand?)"
        ) from None
    except (KeyError, TypeError, IndexError, AttributeError):
        raise ChangeError(
            f"cannot undo {what}: its record in the card is damaged (edited by hand?)"
        ) from None
    return Change(0, now_text(), "undo", undoes=c.number, was=dict(c.now), now=dict(c.was))


class _Damaged(GolfError):
    """The card does not hold what the change made (a hand edit since)."""


def _need(ok: bool, problem: str) -> None:
    if not ok:
        raise _Damaged(problem)


def _undo_join(card: Scorecard, was: dict[str, Any], now: dict[str, Any]) -> None:
    name = now["player"]
    _need(name in card.players, f"{name} is not on it")
    _need(
        all(h.scores[name].missed for h in card.played if name in h.scores),
        f"{name} has played a hole since",
    )
    _unseat(card, name)


def _undo_leave(card: Scorecard, was: dict[str, Any], now: dict[str, Any]) -> None:
    name = now["player"]
    if now.get("removed"):
        _need(name not in card.players, f"{name} is on it")
        seat = int(was["seat"])
        _need(0 <= seat <= len(card.players), f"no seat {seat + 1}")
        _seat(card, name, seat, {int(k): int(v) for k, v in was["missed"].items()})
    else:
        _need(name in card.left, f"{name} has not left")
        del card.left[name]
    if "dealer" in was:
        card.dealer = was["dealer"]


def _undo_rename(card: Scorecard, was: dict[str, Any], now: dict[str, Any]) -> None:
    _need(now["player"] in card.players, f"{now['player']} is not on it")
    _need(was["player"] not in card.players, f"{was['player']} is on it")
    _rename(card, now["player"], was["player"])


def _undo_holes(card: Scorecard, was: dict[str, Any], now: dict[str, Any]) -> None:
    _need(card.holes == now["holes"], f"it has {card.holes} holes")
    _need(len(card.regular) <= int(was["holes"]), f"{len(card.regular)} holes are played")
    card.holes = int(was["holes"])
    card.par = None if was["par"] is None else list(was["par"])


def _undo_switches(card: Scorecard, was: dict[str, Any], now: dict[str, Any]) -> None:
    _need(card.overrides == now["set"], "its --set changes are others")
    rebase(card, [str(x) for x in was["set"]])
    card.values = [str(x) for x in was["values"]]


def _undo_par(card: Scorecard, was: dict[str, Any], now: dict[str, Any]) -> None:
    _need(card.par == now["par"], "its par is another")
    card.par = None if was["par"] is None else list(was["par"])


def _undo_dealer(card: Scorecard, was: dict[str, Any], now: dict[str, Any]) -> None:
    _need(card.dealer == now["dealer"], f"{card.dealer} deals next")
    card.dealer = was["dealer"]


_UNDO: dict[str, Callable[[Scorecard, dict[str, Any], dict[str, Any]], None]] = {
    "join": _undo_join,
    "leave": _undo_leave,
    "rename": _undo_rename,
    "holes": _undo_holes,
    "switches": _undo_switches,
    "par": _undo_par,
    "dealer": _undo_dealer,
}
