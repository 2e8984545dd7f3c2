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

import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..actions import Action
from ..exceptions import InputError, StopMatch
from ..keys import bot_seed, derive, match_key
from ..match import Match
from ..matchresult import HoleRecord, MatchResult
from ..view import MatchInfo, View
from . import TableError
from .config import bot_choice, bot_names
from .feed import Listener
from .files import GameFiles, stem_for
from .folder import BotChoice
from .protocol import (
    Connection,
    check_name,
    parse_message,
    shown_value,
    text_field,
    whole_field,
    why_not,
)
from .seats import Decision, Seats
from .words import fault_line

#: Seconds an external bot program may take per decision at a table, and
#: the bank it may draw on beyond that in a game (people are waiting).
PROGRAM_TIME = 2.0
PROGRAM_BANK = 4.0


class TableClosed(StopMatch):
    """The table was closed mid-game: the match stops there, the holes
    played kept in the record."""


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


class Table(Seats):
    """A table for people and bots: the seats (:class:`~.seats.Seats`), what
    clients ask of it, and the game on the match's thread (see the module's
    notes)."""

    # ------------------------------------------------------------------ clients

    def connect(self, listener: Listener | None = None) -> Connection:
        """A new client; it says ``hello`` (with a seat's token) or ``take``s a seat."""
        return Connection(self, listener)

    def receive(
        self, conn: Connection | None, raw: str | bytes | Mapping[str, Any]
    ) -> dict[str, Any]:
        """One message from ``conn``: its reply (an ``error`` for anything
        the table will not do; the table goes on either way).

        Without a connection (a page's request, each on its own) the message
        says who sends it: ``token`` (a seat's) and ``host`` (the host's) are
        checked on every message, and a seat so named counts as no one there
        (a page is there while its events stream is open)."""
        rid: Any = None
        try:
            msg = parse_message(raw)
            rid = msg.get("id")
            handler = _HANDLERS.get(msg["type"])
            if handler is None:
                kinds = ", ".join(_HANDLERS)
                raise TableError(
                    f"unknown message type {shown_value(msg['type'])} (types: {kinds})"
                )
            with self._cond:
                if conn is None:
                    conn = self._caller(msg)
                if not conn.open:
                    raise TableError("this connection is closed")
                reply = handler(self, conn, msg)
        except TableError as exc:
            reply = {"type": "error", "error": str(exc)}
        if isinstance(rid, int | str) and not isinstance(rid, bool) and len(str(rid)) <= 40:
            reply["re"] = rid
        return reply

    def _caller(self, msg: dict[str, Any]) -> Connection:
        """Who sends a message that comes without a connection: the seat its
        ``token`` is for, the host if its ``host`` token is right."""
        if msg["type"] in ("hello", "sync"):
            raise TableError(f"{msg['type']} is for a connection (the page's events stream)")
        conn = Connection(self, None, lasting=False)
        token = text_field(msg, "token", 100, optional=True)
        host = text_field(msg, "host", 100, optional=True)
        if token is not None:
            conn.seat = self._seat_of(token)
            if conn.seat is None:
                raise TableError("no seat at this table has that token")
        if host is not None:
            if not self._is_host(host):
                raise TableError("that is not this table's host token")
            conn.host = True
        return conn

    # ...................................................... the messages' handlers

    def _on_hello(self, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
        token = text_field(msg, "token", 100, optional=True)
        host = text_field(msg, "host", 100, optional=True)
        since = whole_field(msg, "since", optional=True) or 0
        if conn.seat is not None or conn.host:
            raise TableError("this connection has said hello already")
        if host is not None:
            if not self._is_host(host):
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
        seat = whole_field(msg, "seat")
        name = text_field(msg, "name", 200)
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
        if conn is not None and conn.lasting:
            self._bind(conn, seat, 0)
        self.changed()
        return self.tokens[seat]

    def _on_act(self, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
        seat = self._seated(conn, msg)
        number = whole_field(msg, "decision")
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
            raise TableError(f"not allowed now: {why_not(pending.view, action)}")
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
        self.changed()
        return {"type": "ok"}

    def _on_hints(self, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
        seat = self._seated(conn, msg)
        on = msg.get("on")
        if not isinstance(on, bool):
            raise TableError("hints: on is true or false")
        if on and not self.plan.hints:
            raise TableError("the host has turned the hints off at this table")
        self._hints[seat] = on
        self.changed()
        return {"type": "ok"}

    def _on_sync(self, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
        since = whole_field(msg, "since", optional=True) or 0
        feed = self._public if conn.seat is None else self._feeds[conn.seat]
        for m in feed.since(since):
            conn.deliver(m)
        return {"type": "ok", "v": feed.version}

    def _on_bot(self, conn: Connection, msg: dict[str, Any]) -> dict[str, Any]:
        self._hosting(conn)
        seat = whole_field(msg, "seat")
        if self.status != "lobby":
            raise TableError("the game has started: seats cannot change")
        if seat is None or not 0 <= seat < self.players:
            raise TableError(f"seat: a seat of this table, 0 to {self.players - 1}")
        if self.plan.bots[seat] is not None or self.names[seat] is not None:
            raise TableError(f"seat {seat + 1} is not an empty person's seat")
        choice = bot_choice(msg.get("bot"), self.plan.folder, "bot")
        self._give(seat, choice)
        self.changed()
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
        from ..bots import BotSpecError
        from ..bots.registry import make_bot

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
                if choice.program or choice.file:
                    external["time_limit"] = PROGRAM_TIME
                    external["time_bank"] = PROGRAM_BANK
                    external["name"] = name
                spec = list(choice.spec) if isinstance(choice.spec, tuple) else choice.spec
                if choice.file:
                    # a Python bot file: in a process of its own, which a table
                    # can end (golfcli.bots.pyhost): a thread stuck in a bot's
                    # loop could not be, and would hold the game for good
                    from ..bots.pyhost import HostedBot

                    self._bots[s] = HostedBot(Path(str(spec)), seed=bot_seed(key, name), **external)
                    continue
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
                self._ready.clear()  # tapping on is for between holes
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
        person = self.plan.bots[seat] is None
        # a hint takes a while: worked out before the lock is taken
        hint = self._coach_says(seat, view, legal) if person and self._hints[seat] else None
        with self._cond:
            if self._closed:
                raise TableClosed()
            if self._paused:
                self._between()
            self._state, self._info = self.match.state, view.match
            if person:
                action = self._person(seat, view, legal, hint)
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

    def _person(
        self, seat: int, view: View, legal: tuple[Action, ...], hint: str | None
    ) -> Action | None:
        """Wait for the person at ``seat``; None when they have been away
        longer than the host allows (a stand-in plays this move)."""
        self._decisions += 1
        if hint is not None:
            self._hint = (self._decisions, hint)
        decision = Decision(self._decisions, seat, view, legal)
        self._pending = decision
        self._publish()
        try:
            self._wait(lambda: decision.action is not None, lambda: self._away_in(seat))
        finally:
            self._pending = None
        if decision.action is None and not self._standin[seat]:
            self._standin[seat] = True
            label = self.plan.standin.label
            self._say_all(f"{self.names[seat]} is away: {label} plays for them till they are back.")
        return decision.action

    def _wait(self, done: Callable[[], bool], left: Callable[[], float | None]) -> None:
        """Wait on the table's condition until ``done()`` or the seconds
        ``left()`` (None: no limit) are up, telling every seat what clients
        change meanwhile; TableClosed when the table is closed."""
        while not done():
            if self._closed:
                raise TableClosed()
            wait = left()
            if wait is not None and wait <= 0:
                return
            if self._dirty:
                self._publish()
                continue
            self._cond.wait(wait)

    def _away_in(self, seat: int) -> float | None:
        """Seconds until ``seat`` counts as away (None while someone is there)."""
        if self._conns[seat]:
            return None
        return self._left[seat] + self.plan.away - self._clock()

    def _between(self) -> None:
        """Between holes: the finished hole stays on every screen until each
        person there has tapped on (or the host's away time has passed)."""
        deadline = self._clock() + self.plan.away

        def everyone_on() -> bool:
            there = [s for s in range(self.players) if self.plan.bots[s] is None and self._conns[s]]
            return all(s in self._ready for s in there)

        self._wait(everyone_on, lambda: deadline - self._clock())
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
