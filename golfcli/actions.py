"""What a player can decide, and the refusal of one the rules forbid.

An :class:`Action` is a plain named tuple (a bot's answer is read into one,
and the legal-action tuples of :mod:`golfcli.state` are cached ones), its
``kind`` an :class:`ActionKind`; :class:`Phase` is the step a hole is at,
which says which kinds may come next.  :class:`IllegalAction` names the
rule that forbids an action, so a front end can say it in its own words.
The hole that checks and does them is :class:`golfcli.state.HoleState`.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any, Final, NamedTuple

from .exceptions import InputError


class Phase(StrEnum):
    """The step a hole is at: the start cards, then each turn's draw, place
    (holding a drawn card) and flip (after discarding it), until it is over.
    Members are strings ("draw"...), as they appear in views and JSON."""

    SETUP = "setup"
    DRAW = "draw"
    PLACE = "place"
    FLIP = "flip"
    OVER = "over"


# Final: the compiled build reads these as constants, not module dict lookups.
SETUP: Final = Phase.SETUP
DRAW: Final = Phase.DRAW
PLACE: Final = Phase.PLACE
FLIP: Final = Phase.FLIP
OVER: Final = Phase.OVER


class ActionKind(StrEnum):
    """What a player can decide (see :class:`Action`)."""

    REVEAL = "reveal"
    PEEK = "peek"
    DRAW_STOCK = "draw_stock"
    DRAW_DISCARD = "draw_discard"
    KNOCK = "knock"
    FLIP = "flip"
    LOOK = "look"
    BUNKER = "bunker"
    APPROACH = "approach"
    SWAP = "swap"
    DISCARD = "discard"
    PASS = "pass"


class Action(NamedTuple):
    """A decision: ``kind`` plus up to two layout positions (0-based, row-major).

    Kinds: ``reveal``/``peek`` (start of hole), ``draw_stock``, ``draw_discard``,
    ``knock``, ``flip`` (instead of drawing, or after discarding), ``look``,
    ``bunker``/``approach`` (shots: face-up ``pos`` trades places with ``pos2``),
    ``swap`` (put the drawn card at ``pos``), ``discard``, ``pass``.
    """

    kind: str  # an ActionKind when the engine made it; a bot's may be any text
    pos: int = -1
    pos2: int = -1

    def __repr__(self) -> str:
        # the kind as plain text, the same whether the engine or a bot made it
        return f"Action(kind={str(self.kind)!r}, pos={self.pos!r}, pos2={self.pos2!r})"

    def __str__(self) -> str:
        if self.pos2 >= 0:
            return f"{self.kind} {self.pos} {self.pos2}"
        if self.pos >= 0:
            return f"{self.kind} {self.pos}"
        return str.__str__(self.kind)  # plain text, not the enum member

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.pos >= 0:
            out["pos"] = self.pos
        if self.pos2 >= 0:
            out["pos2"] = self.pos2
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Read ``{"kind": ..., "pos": ..., "pos2": ...}`` or ``"swap 3"``; raises InputError."""
        if isinstance(data, str):
            parts = data.split()
            if not parts:
                raise InputError("empty action")
            try:
                nums = [int(p) for p in parts[1:3]]
            except ValueError:
                raise InputError(f"bad action {data!r}") from None
            if len(parts) > 3:
                raise InputError(f"bad action {data!r}")
            return cls(parts[0], *nums)
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise InputError("an action is an object with a string 'kind'")
        pos, pos2 = data.get("pos", -1), data.get("pos2", -1)
        for v in (pos, pos2):
            if isinstance(v, bool) or not isinstance(v, int):
                raise InputError("pos and pos2 must be integers")
        return cls(data["kind"], pos, pos2)


ACTION_KINDS: Final[tuple[str, ...]] = tuple(ActionKind)


class IllegalAction(InputError):
    """An action the rules forbid.  The message names the rule; ``rule`` is a
    short name for it and ``pos`` the position concerned, if any, so that a
    front end can say the same in its own words (``golf play`` does)."""

    def __init__(self, message: str, rule: str = "", pos: int | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.pos = pos


def uniform(rng: Any, legal: Sequence[Action]) -> Action:
    """One of ``legal`` drawn uniformly: ``legal[int(rng.random() * len(legal))]``
    (``rng``: a ``random.Random``, or anything a bot keeps there with a
    ``random()``, as ever).

    The random bot's move (``bots.RandomBot``) and a fault's fallback move.
    Here, compiled, so that the match can draw a plain random bot's move
    itself, the very draw its ``choose`` makes, without a call into
    interpreted Python every decision (golfcli/match.py)."""
    x: float = rng.random()  # typed: the arithmetic below is then native
    return legal[int(x * len(legal))]


def answer_index(answer: object, legal: tuple[Action, ...]) -> int:
    """Where a bot's answer is in ``legal``, or -1 (the match's judgement of
    every answer of a bot golf does not trust): one of its actions, one
    equal to it (an ``Action`` the bot made, a plain tuple), or its text
    (``"swap 0"``, as :meth:`golfcli.Hole.apply` takes it).  Anything else
    -- other text, another type, an object that claims to equal every
    action -- is none of them."""
    n = len(legal)
    for i in range(n):
        if legal[i] is answer:
            return i
    if isinstance(answer, str):
        try:
            answer = Action.from_json(answer)
        except InputError:
            return -1
    elif not isinstance(answer, tuple):
        return -1
    for i in range(n):
        if legal[i] == answer:
            return i
    return -1


#: A move's letter in a compact record (:func:`moves_of`): one letter a kind,
#: then its positions.  Never change a letter: kept records are read by it.
MOVE_LETTERS: Final[dict[str, str]] = {
    ActionKind.REVEAL: "r",
    ActionKind.PEEK: "p",
    ActionKind.DRAW_STOCK: "s",
    ActionKind.DRAW_DISCARD: "d",
    ActionKind.KNOCK: "k",
    ActionKind.FLIP: "f",
    ActionKind.LOOK: "l",
    ActionKind.BUNKER: "b",
    ActionKind.APPROACH: "a",
    ActionKind.SWAP: "w",
    ActionKind.DISCARD: "x",
    ActionKind.PASS: "n",
}


def moves_of(actions: Sequence[Action]) -> str:
    """A hole's decisions as compact text: ``r0r3sw2dx`` is reveal 0, reveal
    3, draw from the stock, swap it into 2, draw the discard, discard it
    (``a1.4``: an approach from 1 to 4).

    The deal and reshuffles are left out: the game's key deals them again
    (:func:`golfcli.keys.hole_rng`), so a one-hole game of six-card golf is
    about 70 bytes where its event log is about 3 kB.  That is what lets a
    tournament keep every game's moves by default; here, compiled, because
    it runs once a hole of every game."""
    parts: list[str] = []
    for a in actions:
        letter = MOVE_LETTERS[a.kind]
        if a.pos2 >= 0:
            parts.append(f"{letter}{a.pos}.{a.pos2}")
        elif a.pos >= 0:
            parts.append(letter + str(a.pos))
        else:
            parts.append(letter)
    return "".join(parts)
