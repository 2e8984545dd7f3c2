"""The seats of a table: who sits where, who is there, and what each is told.

:class:`Seats` holds a table's people and their connections (the tokens,
the names, who is connected and since when someone left) and makes every
seat's messages: the part all are told alike (the table, its seats, the
scores) and each seat's own, from its censored view (:mod:`.feed`).  The
game itself, and what clients ask of it, is :class:`~.table.Table`'s, built
on this.

Messages are made by one thread at a time, under the table's lock: while a
game is played, by the match's thread alone (the one that changes the
hole); a change a client makes then (someone comes or goes, hints) is
noted and told at the match's next step (:meth:`Seats.changed`).
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..actions import Action
from ..game import side_names
from ..keys import derive
from ..match import Match
from ..matchresult import HoleRecord, MatchResult
from ..state import HoleState
from ..view import MatchInfo, View
from .config import Plan, TableSetup, resolve
from .feed import KEEP, Feed, Narrator
from .files import GameFiles
from .folder import Folder
from .protocol import Connection
from .words import STYLE, hole_lines, legal_json, result_line


@dataclass
class Decision:
    """A person's decision the match waits for."""

    number: int
    seat: int
    view: View
    legal: tuple[Action, ...]
    action: Action | None = None


def new_token() -> str:
    return secrets.token_urlsafe(18)


class Seats:
    """A table's seats, connections and messages (see the module's notes).

    ``setup`` is what the host chose; ``folder`` the served folder its
    variant and bot files come from; ``save_to`` the folder the game's
    record and card are written to (none: the record is kept in memory
    only).  ``clock`` is the time the away rule reads (tests pass their own).
    """

    def __init__(
        self,
        setup: TableSetup | None = None,
        folder: Folder | None = None,
        *,
        save_to: Path | None = None,
        table_id: str | None = None,
        keep: int = KEEP,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.plan: Plan = resolve(setup or TableSetup(), folder)
        self.id = table_id or secrets.token_urlsafe(6)
        self.host_token = new_token()
        self.save_to = save_to
        self._clock = clock
        n = len(self.plan.bots)
        self.players = n
        self.side_of = self.plan.variant.side_of(n)
        self.tokens = [new_token() if b is None else "" for b in self.plan.bots]
        self.names: list[str | None] = list(self.plan.names)
        self.status = "lobby"
        self._cond = threading.Condition(threading.RLock())
        self._feeds = [Feed(keep) for _ in range(n)]
        self._public = Feed(keep)
        self._narrators = [Narrator(s) for s in range(n)]
        self._conns = [0] * n
        self._left = [clock()] * n
        self._standin = [False] * n
        self._hints = [False] * n
        self._coaches: list[Any] = [None] * n
        self._hint: tuple[int, str] = (0, "")
        self._ready: set[int] = set()
        self._notes: list[list[str]] = [[] for _ in range(n)]
        self._pending: Decision | None = None
        self._decisions = 0
        self.steps = 0
        self._dirty = False
        self._closed = False
        self._paused = False
        self._state: HoleState | None = None
        self._info: MatchInfo | None = None
        self._last: HoleRecord | None = None
        self._holes: list[HoleRecord] = []
        self._bots: list[Any] = [None] * n
        self._standins: list[Any] = [None] * n
        self.match: Match | None = None
        self.result: MatchResult | None = None
        self.files: GameFiles | None = None
        self.faults: list[tuple[int, str, str]] = []  # (seat, kind, the bot's own message)
        self.error = ""
        self._thread: threading.Thread | None = None
        with self._cond:
            self._publish()

    def _bind(self, conn: Connection, seat: int | None, since: int) -> None:
        """Attach ``conn`` to a seat's feed (or the public one) and send it
        what it missed since ``since``."""
        feed = self._public if seat is None else self._feeds[seat]
        if seat is not None:
            conn.seat = seat
            self._conns[seat] += 1
            if self._conns[seat] == 1 and self._standin[seat]:
                self._standin[seat] = False
                self._say_all(f"{self.names[seat]} is back.")
            self.changed()
        for msg in feed.since(since):
            conn.deliver(msg)
        if conn.listener is not None:
            feed.listeners.append(conn.deliver)

    def disconnect(self, conn: Connection) -> None:
        """A client gone: its seat is kept; with nobody left there, the away time starts."""
        with self._cond:
            if not conn.open:
                return
            conn.open = False
            seat = conn.seat
            feed = self._public if seat is None else self._feeds[seat]
            if conn.deliver in feed.listeners:
                feed.listeners.remove(conn.deliver)
            if seat is not None:
                self._conns[seat] -= 1
                if self._conns[seat] == 0:
                    self._left[seat] = self._clock()
                self.changed()

    def _is_host(self, token: str) -> bool:
        return hmac.compare_digest(token.encode(), self.host_token.encode())

    def _seat_of(self, token: str) -> int | None:
        """The seat ``token`` is for (compared in constant time), or None."""
        found = None
        for seat, t in enumerate(self.tokens):
            if t and hmac.compare_digest(t.encode(), token.encode()):
                found = seat
        return found

    # ------------------------------------------------------------------ messages out

    def _say_all(self, line: str) -> None:
        for notes in self._notes:
            notes.append(line)
        self.changed()

    def changed(self) -> None:
        """Something every seat should be told: now, when no game is being
        played; else by the match's thread, the one that changes the hole."""
        if self.status in ("lobby", "over", "closed"):
            self._publish()
        else:
            self._dirty = True
            self._cond.notify_all()

    def _publish(self) -> None:
        """A message to every seat (and the public feed), each from its own view."""
        self._dirty = False
        common = self._common()
        self._public.push({**common, "seat": None, "view": None, "said": [], "events": []})
        for seat in range(self.players):
            body = {**common, "seat": seat, **self._seat_part(seat)}
            self._notes[seat] = []
            self._feeds[seat].push(body)

    def _seat_part(self, seat: int) -> dict[str, Any]:
        out: dict[str, Any]
        if self._state is None or self._info is None:
            out = {"view": None, "said": [], "events": []}
        else:
            narrator = self._narrators[seat]
            seen = narrator.view(self._state, self._info)
            out = narrator.part(seen, [n or "" for n in self.names])
        out["said"] = out["said"] + self._notes[seat]
        pending = self._pending
        out["hints"] = self._hints[seat]
        if pending is not None and pending.seat == seat:
            out["decision"] = pending.number
            out["legal"] = legal_json(pending.legal, pending.view)
            out["hint"] = self._hint_text(seat, pending) if self._hints[seat] else None
        else:
            out["decision"] = None
            out["legal"] = []
            out["hint"] = None
        return out

    def _hint_text(self, seat: int, pending: Decision) -> str:
        """The coach's hint for a decision, worked out once per decision
        (before the decision is offered, outside the table's lock, when the
        seat's hints are on already: a hint may take half a second)."""
        number, text = self._hint
        if number == pending.number:
            return text
        text = self._coach_says(seat, pending.view, pending.legal)
        self._hint = (pending.number, text)
        return text

    def _coach_says(self, seat: int, view: View, legal: tuple[Action, ...]) -> str:
        """``golf play --hints``'s own coach, one per seat (on the match's thread only)."""
        from ..tui.hint import Coach

        coach = self._coaches[seat]
        if coach is None:
            key = self.match.seed if self.match is not None else ""
            coach = self._coaches[seat] = Coach(derive(key, f"hints:{seat}")[:32])
        return " ".join(coach.lines(view, legal, STYLE, 0))

    def _common(self) -> dict[str, Any]:
        """What every seat is told alike: the table, its seats, the scores."""
        v = self.plan.variant
        names = [n or f"seat {s + 1}" for s, n in enumerate(self.names)]
        groups = v.groups_for(self.players)
        sides = list(side_names(names, self.side_of, groups))
        seats = [
            {
                "seat": s,
                "name": self.names[s],
                "side": self.side_of[s],
                "player": "human" if self.plan.bots[s] is None else "bot",
                "bot": None if self.plan.bots[s] is None else self.plan.bots[s].label,  # type: ignore[union-attr]
                "present": bool(self._conns[s]) if self.plan.bots[s] is None else True,
                "standin": self._standin[s],
                "ready": s in self._ready,
            }
            for s in range(self.players)
        ]
        m = self.match
        out: dict[str, Any] = {
            "table": self.id,
            "status": self.status,
            "step": self.steps,
            "variant": {
                "name": v.name,
                "rows": v.rows,
                "cols": v.cols,
                "description": v.description,
            },
            "seats": seats,
            "sides": sides,
            "hole": self._info.hole if self._info is not None else None,
            "holes": m.holes_planned if m is not None else (self.plan.holes or v.game.holes),
            "scoring": m.scoring if m is not None else v.game.scoring,
            "scorecard": [
                {"hole": h.number, "playoff": h.playoff, "scores": list(h.scores)}
                for h in self._holes
            ],
            "totals": list(m.totals) if m is not None else [0] * groups,
            "hints_allowed": self.plan.hints,
            "error": self.error or (self.files.error if self.files is not None else ""),
        }
        if self._last is not None and self.status in ("between", "over", "closed"):
            out["last_hole"] = {
                "hole": self._last.number,
                "sides": hole_lines(self._last, sides, v.cols),
            }
        if self.result is not None:
            r = self.result
            files = self.files
            out["result"] = {
                "winners": list(r.winners),
                "totals": list(r.totals),
                "holes_won": list(r.holes_won),
                "text": result_line(sides, r.holes, r.scoring, r.winners),
                "key": str(r.seed),
                "record": _name(files.record_path if files is not None else None),
                "card": _name(files.card_path if files is not None else None),
            }
        return out

    @property
    def record_text(self) -> str:
        """The game's record as ``golf replay`` reads it (the holes so far)."""
        return self.files.record_text() if self.files is not None else ""

    def feed(self, seat: int | None) -> Feed:
        """A seat's feed (None: the public one), for tests and the server's own use."""
        return self._public if seat is None else self._feeds[seat]


def _name(path: Path | None) -> str | None:
    return None if path is None else path.name
