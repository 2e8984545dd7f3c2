"""External bots: a program of any language playing over JSON lines.

The program reads one JSON object per line on its standard input and writes
one per line on its standard output; docs/bot-protocol.md is the contract.
This module is the golf side of it.  Why it is built the way it is:

* **A bot never stops a match.**  Every way a program can misbehave is
  turned into a :class:`~golfcli.match.BotFault` of one kind (``timeout``,
  ``crash``, ``malformed``, ``illegal``) and the match's fallback policy
  plays the decision.  Reads and writes are non-blocking with deadlines
  (``selectors``), so a hung program costs at most its time allowance; a
  program that times out is killed (with everything it started, see
  :mod:`golfcli.bots.procs`), never left running, and started again on its
  next decision -- until it has timed out ``max_timeouts`` times in a game,
  when it is down for the rest of the game (a bot that hangs on every other
  request must not cost the time limit all game long).
* **Only the view crosses the pipe.**  Requests carry ``View.to_json()``
  and the legal actions; notifications carry events already censored by
  :func:`golfcli.view.censor`.  The match key is never sent (the deal can
  be rebuilt from it); the bot gets its own seed, derived from the key
  under another label (golfcli.keys), which says nothing about the deal.
  tests/engine/test_isolation.py and tests/engine/test_fairness.py read the pipe.
* **A fresh process per game.**  ``start_game`` ends the previous process
  (and all it started) and starts a new one, so a bot remembers nothing
  from one game to the next -- in duplicate mode, nothing of a deal it
  played from another seat -- except what it stores outside itself, which
  only the operating system can forbid (docs/bot-protocol.md).
* **The transport is injectable.**  :class:`ExternalBot` talks to a
  :class:`~golfcli.bots.transport.Transport`;
  :class:`~golfcli.bots.transport.ProcessTransport` (its own module) is the
  real subprocess and tests pass a scripted one (``transport_factory=``), as
  python-chess tests its engine protocol against a mock.
* **Bot output never reaches ours.**  The program's stderr goes to
  ``log_path`` (appended) or, by default, to an anonymous temporary file
  whose last lines are quoted in crash messages.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import time
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .. import cards as C
from ..actions import ACTION_KINDS, Action
from ..exceptions import InputError
from ..faults import BotFault
from ..view import View
from . import BotSpecError
from .transport import (
    LineTooLong,
    ProcessTransport,
    Transport,
    TransportClosed,
    TransportError,
    TransportFactory,
    TransportTimeout,
)

PROTOCOL = 1
"""The protocol version golf speaks; sent in ``hello`` (docs/bot-protocol.md)."""

_MAX_PROTOCOL_ERRORS = 50


def _default_name(argv: Sequence[str]) -> str:
    """``python3 bots/my_bot.py`` -> ``my_bot``: the script, not the interpreter."""
    for arg in reversed(argv):
        stem = Path(arg).stem
        if stem and not arg.startswith("-"):
            return stem
    return "external"


def derived_seed(seed: Any) -> int | None:
    """The ``hello.seed`` integer: a hash of the bot's seed.

    Match seeds a bot with ``golfcli.keys.bot_seed(key, name)``, already
    independent of the deal; hashing it again to 48 bits keeps the number
    short and makes sure that even a seed handed over by a caller as text
    (``make_bot(spec, seed=...)``) is never sent as it is.
    """
    if seed is None:
        return None
    return int.from_bytes(hashlib.sha256(str(seed).encode()).digest()[:6], "big")


def check_program(argv: Sequence[str], cwd: Path | str | None) -> None:
    """Raise :class:`BotSpecError` now if the program cannot possibly start."""
    prog = argv[0]
    if os.sep in prog or (os.altsep and os.altsep in prog):
        path = Path(prog)
        if not path.is_absolute() and cwd is not None:
            path = Path(cwd) / path
        if not path.is_file():
            raise BotSpecError(f"bot program {prog!r} not found")
        if not os.access(path, os.X_OK):
            raise BotSpecError(
                f"bot program {prog!r} is not executable (chmod +x it, or name its interpreter: "
                f"cmd:python3 {prog})"
            )
    elif shutil.which(prog) is None:
        raise BotSpecError(f"bot program {prog!r} not found on PATH")


def _close_quietly(holder: list[Transport | None]) -> None:
    """Finalizer: never leave a bot process behind, even if nobody called close()."""
    transport = holder[0]
    holder[0] = None
    if transport is not None:
        with contextlib.suppress(Exception):
            transport.close(0.0)


class ExternalBot:
    """A bot that is another program (docs/bot-protocol.md, protocol 1).

    ``time_limit`` seconds are allowed per decision; time beyond it is drawn
    from ``time_bank`` (refilled at every ``start_game``); when both are
    spent the decision is a ``timeout`` and the program is killed.  With
    ``restart`` the program is started again (and greeted again) on its next
    decision; ``restarts`` counts how often.  After ``max_failed_starts``
    starts in a row that end before answering anything, or after any failure
    when ``restart`` is off, the bot is *down* for the rest of the game and
    every decision it owes is a ``crash`` fault.  After ``max_timeouts``
    timeouts in one game it is down too, and every decision it owes is a
    ``timeout`` fault at once: a bot that hangs on every other request
    would otherwise cost its time limit on every hang, all game.

    ``startup_time`` bounds the handshake, apart from the decision clock.
    ``transport_factory`` replaces the subprocess (tests script the other
    side with it).  Unsolicited output lines are not faults but are kept in
    ``protocol_errors`` (``golf check-bot`` reports them).
    """

    wants_view = True

    def __init__(
        self,
        argv: list[str],
        seed: Any = None,
        cwd: Path | str | None = None,
        time_limit: float = 1.0,
        time_bank: float = 10.0,
        log_path: Path | None = None,
        name: str | None = None,
        restart: bool = True,
        *,
        startup_time: float = 5.0,
        max_failed_starts: int = 3,
        max_timeouts: int = 3,
        transport_factory: TransportFactory | None = None,
    ) -> None:
        if not argv or not all(isinstance(a, str) for a in argv):
            raise BotSpecError("an external bot needs a program to run, e.g. cmd:python3 my_bot.py")
        if time_limit <= 0 or time_bank < 0 or startup_time <= 0:
            raise BotSpecError(
                "time_limit and startup_time must be positive, time_bank not negative"
            )
        if transport_factory is None:
            check_program(argv, cwd)
        self.argv = list(argv)
        self.cwd = cwd
        self.time_limit = float(time_limit)
        self.time_bank = float(time_bank)
        self.bank = float(time_bank)
        self.log_path = Path(log_path) if log_path is not None else None
        self.name = name or _default_name(argv)
        self._fixed_name = name is not None
        self.restart = restart
        self.startup_time = float(startup_time)
        self.max_failed_starts = max(1, max_failed_starts)
        self.max_timeouts = max(1, max_timeouts)
        self._game_timeouts = 0
        self._factory: TransportFactory = transport_factory or self._spawn
        self._seed: Any = seed
        self.restarts = 0  # over the bot's lifetime
        self.protocol_errors: list[str] = []
        # the first line the program wrote on stdout that is not JSON, clipped
        # (debug prints: golf check-bot says they belong on stderr)
        self.stdout_text = ""
        self._holder: list[Transport | None] = [None]
        self._finalizer = weakref.finalize(self, _close_quietly, self._holder)
        self._game: dict[str, Any] | None = None
        self._game_restarts = 0
        self._spawned_this_game = False
        self._failed_starts = 0
        self._answered = False  # the current process answered a request
        # (fault kind, why) once the bot is down for the rest of the game
        self._down: tuple[str, str] | None = None
        self._request_id = 0

    # ------------------------------------------------------------------ helpers

    def __repr__(self) -> str:
        return f"ExternalBot({self.argv!r}, name={self.name!r})"

    def _spawn(self) -> Transport:
        return ProcessTransport(self.argv, self.cwd, self.log_path)

    @property
    def running(self) -> bool:
        """True while a bot process is attached (started and not failed)."""
        return self._holder[0] is not None

    def seed(self, seed: int | str) -> None:
        """Called by Match before the game; the bot receives a hash of it in ``hello``."""
        self._seed = seed

    def _protocol_error(self, text: str) -> None:
        if len(self.protocol_errors) < _MAX_PROTOCOL_ERRORS:
            self.protocol_errors.append(text)

    def _note_stdout(self, line: str) -> None:
        """Keep the first stdout line that is not JSON at all (a message is
        an object: a line starting with ``{`` costs no second parse)."""
        if self.stdout_text or line.lstrip().startswith("{"):
            return
        try:
            json.loads(line)
        except ValueError:
            self.stdout_text = _clip(line)

    def _lost(self, kind: str, message: str) -> BotFault:
        """Drop the process after a fault that leaves it unusable; decide if it may come back.

        A start that never answered a request counts towards
        ``max_failed_starts``; one that did breaks the streak, so a bot
        that crashes now and then is restarted every time.
        """
        transport = self._holder[0]
        self._holder[0] = None
        if transport is not None:
            with contextlib.suppress(Exception):
                transport.close(0.0)
        self._failed_starts = 0 if self._answered else self._failed_starts + 1
        self._answered = False
        if not self.restart:
            self._down = ("crash", f"{message} (restarts are off)")
        elif self._failed_starts >= self.max_failed_starts:
            self._down = (
                "crash",
                f"gave up after {self._failed_starts} failed starts in a row: {message}",
            )
        return _fault(kind, message)

    def _timed_out(self, message: str) -> BotFault:
        """A timeout: the process is dropped; the ``max_timeouts``-th of the
        game puts the bot down for the rest of it."""
        self._game_timeouts += 1
        fault = self._lost("timeout", message)
        if self._game_timeouts >= self.max_timeouts and self._down is None:
            self._down = ("timeout", f"timed out {self._game_timeouts} times this game")
        return fault

    def _write(self, transport: Transport, msg: dict[str, Any], timeout: float) -> None:
        transport.send(json.dumps(msg, separators=(",", ":")), timeout)

    # ------------------------------------------------------------------ lifecycle

    def _hello(self, view: View | None) -> dict[str, Any]:
        g = self._game
        if g is None:  # choose() without start_game(): take what the view tells
            assert view is not None
            g = {
                "variant": view.variant.to_data(),
                "seat": view.seat,
                "players": view.players,
                "names": None,
                "side_of": list(view.side_of),
                "holes": view.match.holes,
                "target": None,
            }
        return {
            "type": "hello",
            "protocol": PROTOCOL,
            "seat": g["seat"],
            "players": g["players"],
            "names": g["names"],
            "side_of": g["side_of"],
            "variant": g["variant"],
            "holes": g["holes"],
            "target": g["target"],
            "seed": derived_seed(self._seed),
            "time_limit": self.time_limit,
            "time_bank": round(self.bank, 6),
            "restart": self._game_restarts,
        }

    def _start(self, view: View | None = None) -> Transport:
        """Start the program and greet it; raises BotFault if it does not answer properly."""
        if self._down is not None:
            kind, why = self._down
            raise _fault(kind, f"bot is down: {why}")
        if self._spawned_this_game:
            self.restarts += 1
            self._game_restarts += 1
        self._spawned_this_game = True
        self._answered = False
        try:
            transport = self._factory()
        except TransportError as exc:
            raise self._lost("crash", str(exc)) from None
        self._holder[0] = transport
        hello = self._hello(view)
        deadline = time.monotonic() + self.startup_time
        try:
            self._write(transport, hello, self.startup_time)
            line = ""
            while not line.strip():
                line = transport.receive(max(0.0, deadline - time.monotonic()))
        except TransportTimeout:
            wait = f"no ready line {self.startup_time:g}s after hello"
            raise self._timed_out(wait) from None
        except TransportClosed as exc:
            raise self._lost("crash", f"before answering hello, the bot {exc}") from None
        except LineTooLong as exc:
            raise self._lost("malformed", f"answer to hello: {exc}") from None
        self._note_stdout(line)
        try:
            ready = json.loads(line)
        except ValueError:
            ready = None
        if not isinstance(ready, dict) or ready.get("type") != "ready":
            raise self._lost("malformed", f'expected {{"type": "ready"}}, got {_clip(line)}')
        if ready.get("protocol", PROTOCOL) != PROTOCOL:
            theirs = ready.get("protocol")
            raise self._lost("malformed", f"bot speaks protocol {theirs!r}, golf {PROTOCOL}")
        got = ready.get("name")
        if not self._fixed_name and isinstance(got, str) and got.strip():
            self.name = got.strip()[:64]
        return transport

    def start_game(self, info: dict[str, Any]) -> None:
        """Match hook: a new game.  Starts a fresh process and says hello.

        ``info["seed"]`` (the match seed) is deliberately not forwarded.
        """
        self._shutdown()
        self._game = {
            "variant": info.get("variant"),
            "seat": info.get("seat"),
            "players": info.get("players"),
            "names": info.get("names"),
            "side_of": info.get("side_of"),
            "holes": info.get("holes"),
            "target": info.get("target"),
        }
        self.bank = self.time_bank
        self._game_restarts = 0
        self._spawned_this_game = False
        self._failed_starts = 0
        self._game_timeouts = 0
        self._down = None
        self._start()

    def _post(self, msg: dict[str, Any]) -> None:
        """Send a message that needs no answer; skipped while the bot is down."""
        transport = self._holder[0]
        if transport is None:
            return
        try:
            self._write(transport, msg, self.time_limit)
        except TransportTimeout:
            what = f"bot stopped reading its input ({msg['type']} message)"
            raise self._timed_out(what) from None
        except TransportClosed as exc:
            raise self._lost("crash", f"bot {exc}") from None

    def notify(self, event: dict[str, Any]) -> None:
        """Match hook: one event of the hole, already censored for this seat."""
        self._post({"type": "event", "event": event})

    def end_hole(self, info: dict[str, Any]) -> None:
        """Match hook: the hole is scored (every card is face up by now)."""
        layouts = [[C.card_str(c) for c in lay] for lay in info.get("layouts", [])]
        self._post(
            {
                "type": "hole_end",
                "hole": info.get("hole"),
                "scores": info.get("scores"),
                "totals": info.get("totals"),
                "layouts": layouts,
            }
        )

    def end_game(self, info: dict[str, Any]) -> None:
        """Match hook: the game is over; says so, then ``quit`` and the process ends."""
        try:
            self._post(
                {"type": "game_end", "totals": info.get("totals"), "winners": info.get("winners")}
            )
        finally:
            self._shutdown()

    def _shutdown(self) -> None:
        transport = self._holder[0]
        self._holder[0] = None
        if transport is None:
            return
        with contextlib.suppress(TransportError):
            self._write(transport, {"type": "quit"}, 0.2)
        with contextlib.suppress(Exception):
            transport.close(0.5)

    def close(self) -> None:
        """Send ``quit``, give the program half a second, then kill it."""
        self._shutdown()

    def __enter__(self) -> ExternalBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ decisions

    def _request(self, view: View, legal: Sequence[Action]) -> dict[str, Any]:
        """What a request tells of the position: the view and the legal
        actions as JSON (a hosted Python bot gets the objects themselves:
        golfcli.bots.pyhost)."""
        return {"view": view.to_json(), "legal": [a.to_json() for a in legal]}

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """Send the view and the legal actions; read one action back.

        Raises BotFault: ``timeout`` (limit and bank spent), ``crash`` (the
        program died or is down), ``malformed`` (not the documented JSON),
        ``illegal`` (well-formed, but not one of ``legal``).
        """
        transport = self._holder[0] or self._start(view)
        for stray in transport.drain():
            if stray.strip():
                self._note_stdout(stray)
                self._protocol_error(
                    f"unexpected output before request {self._request_id + 1}: {_clip(stray)}"
                )
        self._request_id += 1
        rid = self._request_id
        legal = list(legal)
        request = {
            "type": "request",
            "id": rid,
            **self._request(view, legal),
            "time_limit": self.time_limit,
            "time_bank": round(self.bank, 6),
        }
        allowance = self.time_limit + self.bank
        t0 = time.monotonic()
        try:
            self._write(transport, request, allowance)
            line = ""
            while not line.strip():
                line = transport.receive(max(0.0, t0 + allowance - time.monotonic()))
        except TransportTimeout:
            self.bank = 0.0
            raise self._timed_out(
                f"no answer to request {rid} within {self.time_limit:g}s"
                f" + {allowance - self.time_limit:.3g}s bank",
            ) from None
        except TransportClosed as exc:
            raise self._lost("crash", f"bot {exc}") from None
        except LineTooLong as exc:
            raise self._lost("malformed", f"answer to request {rid}: {exc}") from None
        self._answered = True
        elapsed = time.monotonic() - t0
        if elapsed > self.time_limit:
            self.bank = max(0.0, self.bank - (elapsed - self.time_limit))
        self._note_stdout(line)
        return self._reply(line, rid, legal)

    def _reply(self, line: str, rid: int, legal: Sequence[Action]) -> Action:
        """The answer line read (:func:`parse_reply`; a hosted Python bot
        may also report its own crash: golfcli.bots.pyhost)."""
        return parse_reply(line, rid, legal)


def _fault(kind: str, message: str) -> BotFault:
    return BotFault(kind, message)


def _clip(line: str, n: int = 80) -> str:
    return repr(line if len(line) <= n else line[:n] + "...")


def parse_reply(line: str, rid: int, legal: Sequence[Action]) -> Action:
    """Read a reply line into one of ``legal`` (the same object), or raise BotFault.

    ``{"action": {"kind": "swap", "pos": 3}}`` or ``{"action": 3}`` (an index
    into the request's ``legal`` list); an ``"id"``, if given, must match.
    """
    try:
        obj = json.loads(line)
    except ValueError:
        raise _fault("malformed", f"reply to request {rid} is not JSON: {_clip(line)}") from None
    if not isinstance(obj, dict) or "action" not in obj:
        raise _fault("malformed", f'reply to request {rid} is not {{"action": ...}}: {_clip(line)}')
    if "id" in obj and obj["id"] != rid:
        raise _fault("malformed", f"reply carries id {obj['id']!r}, the request was {rid}")
    raw = obj["action"]
    if isinstance(raw, bool) or not isinstance(raw, int | dict):
        got = _clip(json.dumps(raw))
        raise _fault("malformed", f"action must be an object or an index into legal, got {got}")
    if isinstance(raw, int):
        if 0 <= raw < len(legal):
            return legal[raw]
        raise _fault("illegal", f"action index {raw} is outside legal (0..{len(legal) - 1})")
    try:
        action = Action.from_json(raw)
    except InputError as exc:
        raise _fault("malformed", f"action {_clip(json.dumps(raw))}: {exc}") from None
    if action.kind not in ACTION_KINDS:
        raise _fault("malformed", f"unknown action kind {action.kind!r}")
    for a in legal:
        if a == action:
            return a
    raise _fault("illegal", f"{action} is not legal now")
