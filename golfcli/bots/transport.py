"""The link to an external bot: a line-oriented :class:`Transport`, and the
real one, :class:`ProcessTransport`, a subprocess spoken to through its pipes.

:class:`~golfcli.bots.external.ExternalBot` speaks the protocol over a
transport and knows nothing of processes; tests give it a scripted one
(``transport_factory=``), as python-chess tests its engine protocol against
a mock.  A transport's failures are :class:`TransportError` s, which the
bot adapter turns into faults or restarts.  Reads and writes are
non-blocking with deadlines (``selectors``), so a hung program costs at
most its time allowance, and closing ends the program and everything it
started (:mod:`golfcli.bots.procs`).
"""

from __future__ import annotations

import contextlib
import os
import selectors
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Protocol

from ..exceptions import GolfError
from ..interrupts import IMMEDIATE
from . import procs

MAX_LINE = 1 << 20
"""Longest line accepted from a bot (bytes); longer is a malformed reply."""


class TransportError(GolfError):
    """The link to the bot failed; subclasses say how.  Internal: the adapter
    turns it into a :class:`~golfcli.faults.BotFault` (or a restart)."""


class TransportClosed(TransportError):
    """The bot exited, closed its pipes, or could not be started."""


class TransportTimeout(TransportError):
    """No complete line (or no room to write one) before the deadline."""


class LineTooLong(TransportError):
    """The bot wrote more than :data:`MAX_LINE` bytes without a newline."""


class Transport(Protocol):
    """A line-oriented link to one running bot.

    Timeouts are in seconds; an exhausted timeout raises
    :class:`TransportTimeout`, a dead peer :class:`TransportClosed`.
    """

    def send(self, line: str, timeout: float) -> None: ...

    def receive(self, timeout: float) -> str: ...

    def drain(self) -> list[str]:
        """Complete lines already written by the bot, without waiting."""
        ...

    def close(self, grace: float) -> None:
        """Wait up to ``grace`` seconds for the bot to exit, then kill it."""
        ...

    def exit_note(self) -> str:
        """Why the bot is gone, for fault messages (exit status, stderr tail)."""
        ...


TransportFactory = Callable[[], Transport]


class ProcessTransport:
    """A bot program run as a subprocess, spoken to through its pipes.

    POSIX only: pipes are made non-blocking and waited on with
    ``selectors``.  The program gets its own session, a ``GOLF_BOT_ID``
    mark in its environment and (Linux) a parent-death signal, so that it
    and everything it starts can be found and ended (:mod:`.procs`).
    """

    def __init__(
        self, argv: Sequence[str], cwd: Path | str | None = None, log_path: Path | None = None
    ) -> None:
        self.argv = list(argv)
        self.log_path = log_path
        self._log: IO[bytes]
        if log_path is not None:
            try:
                log_path.parent.mkdir(parents=True, exist_ok=True)
                self._log = open(log_path, "a+b")  # noqa: SIM115 - lives as long as the process
            except OSError as exc:
                where = str(log_path)
                raise TransportClosed(f"cannot open the log {where!r}: {exc.strerror}") from None
            stamp = time.strftime("%Y-%m-%d %H:%M:%S")
            self._log.write(f"--- golf: starting {' '.join(self.argv)} at {stamp} ---\n".encode())
            self._log.flush()
        else:
            self._log = tempfile.TemporaryFile()  # noqa: SIM115 - gone when closed
        env = dict(os.environ)
        env["PYTHONUNBUFFERED"] = "1"  # Python bots that forget to flush still work
        procs.ensure_reaper()
        self.bot_id = procs.new_bot_id()
        env[procs.ENV_ID] = self.bot_id
        env.pop(procs.ENV_RUN, None)
        try:
            self.proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._log,
                cwd=cwd,
                env=env,
                start_new_session=True,
                close_fds=True,
                preexec_fn=procs.die_with_parent(),  # only a prctl call: safe after fork
            )
        except (OSError, subprocess.SubprocessError) as exc:
            self._log.close()
            why = getattr(exc, "strerror", None) or exc
            raise TransportClosed(f"cannot start {self.argv[0]!r}: {why}") from None
        self._start_time = procs.start_time(self.proc.pid)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self._in = self.proc.stdin.fileno()
        self._out = self.proc.stdout.fileno()
        os.set_blocking(self._in, False)
        os.set_blocking(self._out, False)
        self._rsel = selectors.DefaultSelector()
        self._rsel.register(self._out, selectors.EVENT_READ)
        self._wsel = selectors.DefaultSelector()
        self._wsel.register(self._in, selectors.EVENT_WRITE)
        self._buf = bytearray()
        self._eof = False
        self._closed = False

    # ------------------------------------------------------------------ io

    def send(self, line: str, timeout: float) -> None:
        data = memoryview((line + "\n").encode())
        deadline = time.monotonic() + timeout
        while data:
            try:
                n = os.write(self._in, data)
            except BlockingIOError:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TransportTimeout("the bot stopped reading its input") from None
                with IMMEDIATE:  # waiting on a program: Ctrl-C stops at once
                    self._wsel.select(left)
                continue
            except OSError:  # BrokenPipeError and friends: the reader is gone
                raise TransportClosed(self.exit_note()) from None
            data = data[n:]

    def _fill(self, timeout: float) -> bool:
        """Read what is available, waiting up to ``timeout``; False if nothing came."""
        if self._eof:
            return False
        if timeout > 0:
            with IMMEDIATE:  # waiting on a program: Ctrl-C stops at once
                if not self._rsel.select(timeout):
                    return False
        try:
            chunk = os.read(self._out, 65536)
        except BlockingIOError:
            return False
        except OSError:
            chunk = b""
        if not chunk:
            self._eof = True
            return False
        self._buf += chunk
        return True

    def _pop_line(self) -> str | None:
        i = self._buf.find(b"\n")
        if i < 0:
            if len(self._buf) > MAX_LINE:
                raise LineTooLong(f"a line longer than {MAX_LINE} bytes")
            if self._eof and self._buf:  # last words without a newline
                i = len(self._buf)
            else:
                return None
        raw = bytes(self._buf[:i])
        del self._buf[: i + 1]
        return raw.decode("utf-8", errors="replace").rstrip("\r")

    def receive(self, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while True:
            line = self._pop_line()
            if line is not None:
                return line
            if self._eof:
                raise TransportClosed(self.exit_note())
            left = deadline - time.monotonic()
            if left <= 0:
                raise TransportTimeout("no answer")
            self._fill(left)

    def drain(self) -> list[str]:
        while self._fill(0):
            pass
        out = []
        while (line := self._pop_line()) is not None:
            out.append(line)
        return out

    # ------------------------------------------------------------------ ending

    def exit_note(self) -> str:
        try:
            code = self.proc.wait(0.2)
        except subprocess.TimeoutExpired:
            what = "closed its output but is still running"
        else:
            what = f"exited with status {code}" if code >= 0 else f"was killed by signal {-code}"
        tail = self.stderr_tail()
        return f"{what}; stderr: {tail}" if tail else what

    def stderr_tail(self, size: int = 2048) -> str:
        """The last non-empty line the bot wrote to stderr (without moving its file offset)."""
        if self._log.closed:
            return ""
        try:
            fd = self._log.fileno()
            end = os.fstat(fd).st_size
            start = max(0, end - size)
            data = os.pread(fd, end - start, start)
        except OSError:
            return ""
        lines = [ln.strip() for ln in data.decode("utf-8", errors="replace").splitlines()]
        lines = [ln for ln in lines if ln and not ln.startswith("--- golf:")]
        return lines[-1][:200] if lines else ""

    def close(self, grace: float) -> None:
        """End of input, ``grace`` seconds for the program to exit, then end
        everything it started (its group, its descendants, whatever carries
        its mark) with ``SIGTERM`` and, 0.2 s later, ``SIGKILL``.  The
        leftovers are ended even when the program itself exited in time."""
        if self._closed:
            return
        self._closed = True
        with contextlib.suppress(OSError):
            assert self.proc.stdin is not None
            self.proc.stdin.close()  # EOF tells a polite bot to stop
        if self.proc.poll() is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(max(grace, 0.0))
        procs.end(self.proc.pid, self.bot_id, 0.2, root_start=self._start_time, reap=self.proc.poll)
        if self.proc.poll() is None:  # pragma: no cover - only without /proc
            with contextlib.suppress(OSError):
                self.proc.kill()
            self.proc.wait()
        for sel in (self._rsel, self._wsel):
            sel.close()
        with contextlib.suppress(OSError):
            assert self.proc.stdout is not None
            self.proc.stdout.close()
        if self.log_path is not None:
            with contextlib.suppress(OSError):
                code = self.proc.returncode
                self._log.write(f"--- golf: bot ended (status {code}) ---\n".encode())
        self._log.close()
