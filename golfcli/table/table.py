"""One table: seats taken with tokens, the game played by the engine's own
match loop on a thread of its own, each seat told the game through its feed.

Why a thread and the engine's :class:`~golfcli.match.Match`.  The match
loop asks each seat's player ``choose(view, legal)``; a person's seat here
is such a player, and its ``choose`` waits (on the table's condition) for
the person's message.  So every rule of a game of many holes -- the dealer,
the totals, playoffs, faults and fallbacks, the record -- is the match's,
never written twice; and a table waiting for a person holds only its own
thread, while the other tables play on.

Everything a client sends comes in through :meth:`Connection.send`, as
text, and is checked as if hostile: a malformed or oversized message, a
move for another seat, out of turn or not legal is an error reply to that
client, and the table goes on.  Messages out go through each seat's
:class:`~.feed.Feed`, made on the match's thread (the one thread that
changes the hole), each from the seat's censored view.
"""

from __future__ import annotations

import hmac
import json
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..actions import Action
from ..exceptions import InputError, StopMatch
from ..game import side_names
from ..keys import bot_seed, derive, match_key
from ..match import HoleRecord, Match, MatchResult
from ..state import HoleState
from ..view import MatchInfo, View
from . import MAX_MESSAGE, MAX_NAME, TableError
from .config import Plan, TableSetup, bot_choice, bot_names, resolve
from .feed import KEEP, Feed, Listener, Narrator
from .files import GameFiles, stem_for
from .folder import BotChoice, Folder
from .words import STYLE, fault_line, hole_lines, legal_json, result_line

#: Seconds an external bot program may take per decision at a table, and
#: the bank it may draw on beyond that in a game (people are waiting).
PROGRAM_TIME = 2.0
PROGRAM_BANK = 4.0


class TableClosed(StopMatch):
    """The table was closed mid-game: the match stops there, the holes
    played kept in the record."""


@dataclass
class _Decision:
    """A person's decision the match waits for."""

    number: int
    seat: int
    view: View
    legal: tuple[Action, ...]
    action: Action | None = None


def _token() -> str:
    return secrets.token_urlsafe(18)


class Connection:
    """One client of a table: a page's socket, or a scripted client.

    ``listener`` receives every message for the client (its seat's, once it
    has said ``hello`` with its token or taken a seat; the table's public
    ones before), in order, on whatever thread made it: it must be quick and
    not block (a socket queues the message)."""

    def __init__(self, table: Table, listener: Listener | None) -> None:
        self.table = table
        self.listener = listener
        self.seat: int | None = None
        self.host = False
        self.open = True

    def send(self, raw: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
        """Hand the table one message; its reply (``ok``, ``error``, ...)."""
        return self.table._receive(self, raw)

    def deliver(self, msg: dict[str, Any]) -> None:
        if self.listener is not None and self.open:
            self.listener(msg)

    def close(self) -> None:
        """The client is gone (page closed, connection lost): its seat is
        kept, and after the host's ``away`` time a stand-in plays it."""
        self.table._disconnect(self)


class _Player:
    """What the match sees at each seat: a bot-shaped player that asks the table."""

    wants_view = True

    def __init__(self, table: Table, seat: int) -> None:
        self.table = table
        self.seat = seat

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return self.table._choose(self.seat, view, tuple(legal))


class _HookedPlayer(_Player):
    """A seat whose bot has hooks (an external program starts in
    ``start_game``): the match's calls passed on to it."""

    def __init__(self, table: Table, seat: int, bot: Any) -> None:
        super().__init__(table, seat)
        self.bot = bot

    def start_game(self, info: dict[str, Any]) -> None:
        _hook(self.bot, "start_game", info)

    def notify(self, event: dict[str, Any]) -> None:
        _hook(self.bot, "notify", event)

    def end_hole(self, info: dict[str, Any]) -> None:
        _hook(self.bot, "end_hole", info)

    def end_game(self, info: dict[str, Any]) -> None:
        _hook(self.bot, "end_game", info)


def _hook(bot: Any, name: str, info: dict[str, Any]) -> None:
    fn = getattr(bot, name, None)
    if callable(fn):
        fn(info)


_HOOKS = ("start_game", "notify", "end_hole", "end_game")


def _has_hooks(bot: Any) -> bool:
    return any(callable(getattr(bot, h, None)) for h in _HOOKS)


class Table:
    """A table for people and bots (see the module's notes).

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
        self.host_token = _token()
        self.save_to = save_to
        self._clock = clock
        n = len(self.plan.bots)
        self.players = n
        self.side_of = self.plan.variant.side_of(n)
        self.tokens = [_token() if b is None else "" for b in self.plan.bots]
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
        self._pending: _Decision | None = None
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

    # ------------------------------------------------------------------ clients

    def connect(self, listener: Listener | None = None) -> Connection:
        """A new client; it says ``hello`` (with a seat's token) or ``take``s a seat."""
        return Connection(self, listener)

    def _receive(self, conn: Connection, raw: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
        rid: Any = None
        try:
            msg = parse_message(raw)
            rid = msg.get("id")
            handler = _HANDLERS.get(msg["type"])
            if handler is None:
                raise TableError(
                    f"unknown message type {_shown(msg['type'])} (types: {', '.join(_HANDLERS)})"
                )
            if not conn.open:
                raise TableError("this connection is closed")
            with self._cond:
                reply = handler(self, conn, msg)
        except TableError as exc:
            reply = {"type": "error", "error": str(exc)}
        if isinstance(rid, int | str) and not isinstance(rid, bool) and len(str(rid)) <= 40:
            reply["re"] = rid
        return reply

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
            self._changed()
        for msg in feed.since(since):
            conn.deliver(msg)
        if conn.listener is not None:
            feed.listeners.append(conn.deliver)

    def _disconnect(self, conn: Connection) -> None:
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
                self._changed()

    def _seat_of(self, token: str) -> int | None:
        found = None
        for seat, t in enumerate(self.tokens):
            if t and hmac.compare_digest(t.encode(), token.encode()):
                found = seat
        return found

    # ...................................................... the messages' handlers

    def _on_hello(self, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
        token = _text(msg, "token", 100, optional=True)
        host = _text(msg, "host", 100, optional=True)
        since = _whole(msg, "since", optional=True) or 0
        if conn.seat is not None or conn.host:
            raise TableError("this connection has said hello already")
        if host is not None:
            if not hmac.compare_digest(host.encode(), self.host_token.encode()):
                raise TableError("that is not this table's host token")
            conn.host = True
        seat = None
        if token is not None:
            seat = self._seat_of(token)
            if seat is None:
                raise TableError("no seat at this table has that token")
        self._bind(conn, seat, since)
        return {"type": "welcome", "table": self.id, "seat": seat, "host": conn.host}

    def _on_take(self, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
        seat = _whole(msg, "seat")
        name = _text(msg, "name", 200)
        token = self._take(seat, name, conn)
        return {"type": "seated", "table": self.id, "seat": seat, "token": token}

    def _take(self, seat: int | None, name: str, conn: Connection | None) -> str:
        if conn is not None and conn.seat is not None:
            raise TableError(f"you have seat {conn.seat + 1} already")
        if self.status != "lobby":
            raise TableError("the game has started: seats are taken")
        if seat is None or not 0 <= seat < self.players:
            raise TableError(f"seat: a seat of this table, 0 to {self.players - 1}")
        if self.plan.bots[seat] is not None:
            raise TableError(f"seat {seat + 1} is a bot's")
        if self.names[seat] is not None:
            raise TableError(f"seat {seat + 1} is taken")
        name = check_name(name, [n for n in self.names if n is not None])
        self.names[seat] = name
        self._left[seat] = self._clock()
        if conn is not None:
            self._bind(conn, seat, 0)
        self._changed()
        return self.tokens[seat]

    def _on_act(self, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
        seat = self._seated(conn, msg)
        number = _whole(msg, "decision")
        if "action" not in msg:
            raise TableError("act: give the action")
        try:
            action = Action.from_json(msg["action"])
        except InputError as exc:
            raise TableError(f"action: {exc}") from None
        pending = self._pending
        if pending is None or pending.seat != seat:
            raise TableError(self._not_yours())
        if number == pending.number and pending.action is not None:
            raise TableError(f"decision {number} is made already")
        if number != pending.number:
            raise TableError(
                f"decision {number} is over: the move now is decision {pending.number}"
            )
        if action not in pending.legal:
            raise TableError(f"not allowed now: {_why_not(pending.view, action)}")
        pending.action = action
        self._cond.notify_all()
        return {"type": "ok"}

    def _not_yours(self) -> str:
        pending = self._pending
        if self.status != "playing":
            return f"no move now: the table is {self.status}"
        if pending is None:
            return "it is not your turn"
        return f"it is not your turn: {self.names[pending.seat]} is to play"

    def _on_next(self, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
        seat = self._seated(conn, msg)
        if self.status != "between":
            raise TableError("no hole is over to go on from")
        self._ready.add(seat)
        self._changed()
        return {"type": "ok"}

    def _on_hints(self, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
        seat = self._seated(conn, msg)
        on = msg.get("on")
        if not isinstance(on, bool):
            raise TableError("hints: on is true or false")
        if on and not self.plan.hints:
            raise TableError("the host has turned the hints off at this table")
        self._hints[seat] = on
        self._changed()
        return {"type": "ok"}

    def _on_sync(self, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
        since = _whole(msg, "since", optional=True) or 0
        feed = self._public if conn.seat is None else self._feeds[conn.seat]
        for m in feed.since(since):
            conn.deliver(m)
        return {"type": "ok", "v": feed.version}

    def _on_bot(self, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
        self._hosting(conn)
        seat = _whole(msg, "seat")
        if self.status != "lobby":
            raise TableError("the game has started: seats cannot change")
        if seat is None or not 0 <= seat < self.players:
            raise TableError(f"seat: a seat of this table, 0 to {self.players - 1}")
        if self.plan.bots[seat] is not None or self.names[seat] is not None:
            raise TableError(f"seat {seat + 1} is not an empty person's seat")
        choice = bot_choice(msg.get("bot"), self.plan.folder, "bot")
        self._give(seat, choice)
        self._changed()
        return {"type": "ok"}

    def _give(self, seat: int, choice: BotChoice) -> None:
        """An empty person's seat to a bot; bots' names counted again, and kept
        apart from the people's."""
        self.plan.bots[seat] = choice
        self.tokens[seat] = ""
        people = [n for s, n in enumerate(self.names) if self.plan.bots[s] is None and n]
        named = bot_names(self.plan.bots)
        for s, n in enumerate(named):
            if n is not None:
                while n.lower() in (p.lower() for p in people):
                    n += "'"
                self.names[s] = n

    def _on_start(self, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
        self._hosting(conn)
        self.start()
        return {"type": "ok"}

    def _on_close(self, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
        self._hosting(conn)
        self.close(wait=False)
        return {"type": "ok"}

    def _on_ping(self, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
        return {"type": "pong"}

    def _seated(self, conn: Connection, msg: dict[str, Any]) -> int:
        """The seat ``conn`` sits at; a message naming another seat (by
        number or token) is refused: a client plays its own seat only."""
        seat = conn.seat
        if seat is None:
            raise TableError("take a seat (or say hello with your seat's token) first")
        if "seat" in msg and msg["seat"] != seat:
            raise TableError(f"you sit at seat {seat + 1}: you cannot play for another")
        token = msg.get("token")
        if token is not None and (not isinstance(token, str) or self._seat_of(token[:100]) != seat):
            raise TableError(f"you sit at seat {seat + 1}: you cannot play for another")
        return seat

    def _hosting(self, conn: Connection) -> None:
        if not conn.host:
            raise TableError("only the table's host can do that")

    # ------------------------------------------------------------------ the game

    def take(self, seat: int, name: str) -> str:
        """A person takes seat ``seat`` (from Python; a page sends ``take``):
        the seat's token, which a client says ``hello`` with."""
        with self._cond:
            return self._take(seat, name, None)

    def start(self) -> None:
        """Start the game: every person's seat must be taken (or given to a
        bot).  The bots are made here, as ``golf tournament`` makes them."""
        with self._cond:
            if self.status != "lobby":
                raise TableError(f"the table is {self.status}: it cannot start")
            empty = [s + 1 for s in range(self.players) if self.names[s] is None]
            if empty:
                which = ", ".join(map(str, empty))
                raise TableError(f"seat {which} is empty: wait for a player or give it to a bot")
            names = [n or "" for n in self.names]
            key = match_key(self.plan.seed)
            self._make_bots(key, names)
            players = [
                _HookedPlayer(self, s, b) if b is not None and _has_hooks(b) else _Player(self, s)
                for s, b in enumerate(self._bots)
            ]
            try:
                self.match = Match(
                    self.plan.variant,
                    players,
                    names,
                    key,
                    holes=self.plan.holes,
                    record=True,
                    on_hole=self._on_hole,
                    on_fault=self._on_fault,
                    seeded=[True] * self.players,
                )
            except InputError as exc:
                self._close_bots()
                raise TableError(str(exc)) from None
            self.files = GameFiles(
                self.match,
                self.save_to,
                stem_for(self.id),
                self.plan.variant_source,
                f"golf serve: table {self.id}",
            )
            self.status = "playing"
            self._publish()
            self._thread = threading.Thread(
                target=self._run, name=f"golf-table-{self.id}", daemon=True
            )
            self._thread.start()

    def _make_bots(self, key: str, names: list[str]) -> None:
        """Each bot seat's bot, and each person's stand-in, seeded from the
        key under its own name (never the key); a bot that cannot be made
        refuses the start, naming its seat, with the ones made closed."""
        from ..bots.registry import BotSpecError, make_bot

        folder = self.plan.folder
        base = folder.path if folder is not None else None
        logs = self.save_to / "logs" if self.save_to is not None else None
        try:
            for s, choice in enumerate(self.plan.bots):
                name = names[s]
                if choice is None:
                    seed = derive(key, f"standin:{name}")[:32]
                    self._standins[s] = make_bot(self.plan.standin.spec, seed=seed)
                    continue
                external: dict[str, Any] = {}
                if logs is not None and choice.spec != choice.label:
                    logs.mkdir(parents=True, exist_ok=True)
                    external["log_path"] = logs / f"{self.id}-{name}.log"
                if choice.program:
                    external["time_limit"] = PROGRAM_TIME
                    external["time_bank"] = PROGRAM_BANK
                    external["name"] = name
                spec = list(choice.spec) if isinstance(choice.spec, tuple) else choice.spec
                self._bots[s] = make_bot(spec, seed=bot_seed(key, name), base_dir=base, **external)
        except (BotSpecError, ImportError, OSError) as exc:
            self._close_bots()
            raise TableError(f"seat {s + 1} ({names[s]}): {exc}") from None

    def _run(self) -> None:
        """The match's thread: the game, then its files closed and every bot
        ended, whatever way the game ends (over, closed, a failure)."""
        assert self.match is not None and self.files is not None
        result: MatchResult | None = None
        try:
            result = self.match.play()
        except TableClosed:
            pass
        except Exception as exc:  # golf's own failure: told to the table, not hidden
            self.error = f"the game stopped on an error: {type(exc).__name__}: {exc}"
        finally:
            self._close_bots()
            self.files.finish(result)
            with self._cond:
                self.result = result
                self._pending = None
                self.status = "over" if result is not None else "closed"
                self._paused = False
                self._publish()
                self._cond.notify_all()

    def _close_bots(self) -> None:
        from ..bots.registry import close_bot

        hinting = [c.bot[1] for c in self._coaches if c is not None and c.bot is not None]
        for bot in [*self._bots, *self._standins, *hinting]:
            if bot is not None:
                close_bot(bot)

    # ..................................................... on the match's thread

    def _choose(self, seat: int, view: View, legal: tuple[Action, ...]) -> Action:
        """A seat's decision: a person's move, a stand-in's, or a bot's."""
        assert self.match is not None
        with self._cond:
            if self._closed:
                raise TableClosed()
            if self._paused:
                self._between()
            self._state, self._info = self.match.state, view.match
            if self.plan.bots[seat] is None:
                action = self._person(seat, view, legal)
                if action is not None:
                    self.steps += 1
                    return action
                bot = self._standins[seat]
            else:
                self._publish()
                if self.plan.bot_delay:
                    self._cond.wait_for(lambda: self._closed, self.plan.bot_delay)
                    if self._closed:
                        raise TableClosed()
                bot = self._bots[seat]
        action = bot.choose(view, legal)  # outside the lock: clients are answered meanwhile
        with self._cond:
            self.steps += 1
        return action  # type: ignore[no-any-return]

    def _person(self, seat: int, view: View, legal: tuple[Action, ...]) -> Action | None:
        """Wait for the person at ``seat``; None when they have been away
        longer than the host allows (a stand-in plays this move)."""
        self._decisions += 1
        decision = _Decision(self._decisions, seat, view, legal)
        self._pending = decision
        self._publish()
        while decision.action is None:
            if self._closed:
                self._pending = None
                raise TableClosed()
            left = self._away_in(seat)
            if left is not None and left <= 0:
                break
            if self._dirty:
                self._publish()
                continue
            self._cond.wait(left)
        self._pending = None
        if decision.action is None and not self._standin[seat]:
            self._standin[seat] = True
            label = self.plan.standin.label
            self._say_all(f"{self.names[seat]} is away: {label} plays for them till they are back.")
        return decision.action

    def _away_in(self, seat: int) -> float | None:
        """Seconds until ``seat`` counts as away (None while someone is there)."""
        if self._conns[seat]:
            return None
        return self._left[seat] + self.plan.away - self._clock()

    def _between(self) -> None:
        """Between holes: the finished hole stays on every screen until each
        person there has tapped on (or the host's away time has passed)."""
        deadline = self._clock() + self.plan.away
        while True:
            if self._closed:
                raise TableClosed()
            waiting = [
                s
                for s in range(self.players)
                if self.plan.bots[s] is None and self._conns[s] and s not in self._ready
            ]
            left = deadline - self._clock()
            if not waiting or left <= 0:
                break
            if self._dirty:
                self._publish()
                continue
            self._cond.wait(left)
        self._paused = False
        self._ready.clear()
        self.status = "playing"

    def _on_hole(self, match: Match, rec: HoleRecord) -> None:
        assert self.files is not None
        self.files.hole(rec)
        with self._cond:
            self._holes.append(rec)
            self._last = rec
            self._state = match.state
            self._info = MatchInfo(
                rec.number, match.holes_planned, tuple(match.totals), match.side_names
            )
            self.status = "between"
            self._paused = True
            self._ready.clear()
            self._publish()

    def _on_fault(self, seat: int, kind: str, message: str) -> None:
        with self._cond:
            self.faults.append((seat, kind, message))
            self._say_all(fault_line(self.names[seat] or f"seat {seat + 1}", kind))

    # ------------------------------------------------------------------ messages out

    def _say_all(self, line: str) -> None:
        for notes in self._notes:
            notes.append(line)
        self._changed()

    def _changed(self) -> None:
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

    def _hint_text(self, seat: int, pending: _Decision) -> str:
        """The coach's hint for a decision (``golf play --hints``'s own coach,
        one per seat), worked out once per decision."""
        number, text = self._hint
        if number == pending.number:
            return text
        from ..tui.hint import Coach

        coach = self._coaches[seat]
        if coach is None:
            key = self.match.seed if self.match is not None else ""
            coach = self._coaches[seat] = Coach(derive(key, f"hints:{seat}")[:32])
        text = " ".join(coach.lines(pending.view, pending.legal, STYLE, 0))
        self._hint = (pending.number, text)
        return text

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

    # ------------------------------------------------------------------ the end

    def close(self, wait: bool = True, timeout: float | None = 30.0) -> None:
        """Close the table: a game in play stops at the next decision (the
        holes played are kept), every bot is ended.  ``wait``: return when
        the match's thread is done (at most ``timeout`` seconds)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
            thread = self._thread
            if thread is None and self.status == "lobby":
                self.status = "closed"
                self._publish()
        if wait and thread is not None and thread is not threading.current_thread():
            thread.join(timeout)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the game to end (over or closed); whether it has."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return self.status in ("over", "closed")

    @property
    def record_text(self) -> str:
        """The game's record as ``golf replay`` reads it (the holes so far)."""
        return self.files.record_text() if self.files is not None else ""

    def feed(self, seat: int | None) -> Feed:
        """A seat's feed (None: the public one), for tests and the server's own use."""
        return self._public if seat is None else self._feeds[seat]


# --------------------------------------------------------------------------- reading messages


def parse_message(raw: str | bytes | Mapping[str, Any]) -> dict[str, Any]:
    """A client's message as an object with a ``type``; anything else (too
    long, not UTF-8, not JSON, nested too deep) is one TableError."""
    if isinstance(raw, Mapping):
        data: Any = dict(raw)
        try:
            size = len(json.dumps(data, default=str))
        except (TypeError, ValueError, RecursionError):
            raise TableError("a message is a JSON object") from None
    else:
        if isinstance(raw, str):
            raw = raw.encode("utf-8", errors="surrogatepass")
        if not isinstance(raw, bytes | bytearray):
            raise TableError("a message is a JSON object")
        size = len(raw)
        if size > MAX_MESSAGE:
            raise TableError(f"message too long: {size} bytes (at most {MAX_MESSAGE})")
        try:
            text = bytes(raw).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise TableError(f"a message is UTF-8 text (byte {exc.start + 1} is not)") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise TableError(f"not JSON: {exc.msg} (character {exc.pos + 1})") from None
        except RecursionError:
            raise TableError("not a message: nested too deeply") from None
    if size > MAX_MESSAGE:
        raise TableError(f"message too long: {size} bytes (at most {MAX_MESSAGE})")
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise TableError('a message is a JSON object with a "type"')
    return data


def _name(path: Path | None) -> str | None:
    return None if path is None else path.name


def _shown(value: object) -> str:
    from ..arguments import shown

    return shown(value)


def _text(msg: dict[str, Any], key: str, most: int, optional: bool = False) -> Any:
    value = msg.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise TableError(f"{key}: text, not {_shown(value)}")
    if len(value) > most:
        raise TableError(f"{key}: at most {most} characters")
    return value


def _whole(msg: dict[str, Any], key: str, optional: bool = False) -> Any:
    value = msg.get(key)
    if value is None and optional:
        return None
    if type(value) is not int or not 0 <= value < 2**31:
        raise TableError(f"{key}: a whole number, not {_shown(value)}")
    return value


def check_name(name: str, taken: Sequence[str]) -> str:
    """A person's name at the table: printable, short, not another's."""
    name = " ".join(name.split())
    if not name:
        raise TableError("name: give a name to sit down with")
    if len(name) > MAX_NAME or not name.isprintable():
        raise TableError(f"name: up to {MAX_NAME} printable characters")
    if name.lower() == "you":
        raise TableError("name: 'you' is what the table calls each player; choose another")
    if name.lower() in (t.lower() for t in taken):
        raise TableError(f"name: someone at this table is called {name} already")
    return name


def _why_not(view: View, action: Action) -> str:
    """The rule that forbids ``action``, in the terminal's words."""
    from ..tui.input import why_not

    if action.pos >= view.variant.cells or action.pos2 >= view.variant.cells:
        return f"position {max(action.pos, action.pos2) + 1} is off the layout"
    try:
        return why_not(view, action)
    except Exception:  # any other nonsense a hostile client makes up
        return "that is not a move now"


_Handler = Callable[[Table, Connection, dict[str, Any]], dict[str, Any]]

#: The messages a client may send, by type.
_HANDLERS: dict[str, _Handler] = {
    "hello": Table._on_hello,
    "take": Table._on_take,
    "act": Table._on_act,
    "next": Table._on_next,
    "hints": Table._on_hints,
    "sync": Table._on_sync,
    "bot": Table._on_bot,
    "start": Table._on_start,
    "close": Table._on_close,
    "ping": Table._on_ping,
}
