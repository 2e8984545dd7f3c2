"""Bot processes and everything they start: found and ended on every path.

An external bot is a program, and a program may start others: a shell
script that runs python, a bot that forks a helper, a helper that calls
``setsid`` and so leaves the bot's process group.  Golf promises that when
a bot is done with -- its game ended, it faulted, it timed out, golf was
interrupted or terminated -- nothing it started keeps running.  Three marks
find a bot's processes, so that each escape is caught by another:

* **the process group and session**: every bot is started in a session of
  its own (``start_new_session``), and whatever it starts stays in that
  group unless it asks to leave;
* **the process tree**: descendants by parent pid, which catches a child
  that called ``setsid`` while its parent lives;
* **an environment mark**: every bot process gets ``GOLF_BOT_ID=RUN.PID.BOT``
  in its environment, inherited by its children whatever they do with
  groups and sessions, and even after their parent is gone (an orphan's
  parent pid is no longer the bot's).  ``RUN`` names one golf run: a
  tournament's main process passes it to its workers, so it can end every
  bot of the run even after a worker died.

The bot itself also gets a parent-death signal (Linux ``prctl``): if golf
is killed outright (``kill -9``), the kernel kills the bot too, and the
*reaper* (:func:`ensure_reaper`), a small process started beside golf,
ends everything the bot started.  What is left after that (a program
that clears its environment and leaves its session, or kills the reaper)
is beyond what one user's processes can police: docs/bot-protocol.md says
what a competition organiser does about it (a separate user, a sandbox).

Ending is polite first: ``SIGTERM`` to everything found, a grace period,
then ``SIGKILL`` to whatever is left, scanning again each round so that a
process forked in the meantime is caught too.  A process is signalled
through a pidfd opened after checking its start time, so a pid reused by
an unrelated program is never hit.

Finding processes reads ``/proc`` (Linux).  Elsewhere only the process
group is used.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

ENV_ID = "GOLF_BOT_ID"
"""Environment variable that marks a bot process and its descendants."""

ENV_RUN = "GOLF_RUN_ID"
"""Environment variable naming the run; set by a process whose workers start bots."""

_PROC = "/proc"
_PR_SET_PDEATHSIG = 1
_process_token = ""


def run_id() -> str:
    """The id of this golf run: inherited from ``GOLF_RUN_ID``, or made once per process."""
    global _process_token
    inherited = os.environ.get(ENV_RUN, "")
    if inherited:
        return inherited
    if not _process_token:
        _process_token = f"{os.getpid()}-{os.urandom(6).hex()}"
    return _process_token


def new_bot_id() -> str:
    """A fresh mark for one bot process (random: it tells the bot nothing)."""
    return f"{run_id()}.{os.getpid()}.{os.urandom(6).hex()}"


def set_run_id() -> str:
    """Fix this process's run id in its environment, so workers it starts
    (and their bots) carry it; returns it."""
    token = run_id()
    os.environ[ENV_RUN] = token
    return token


# ---------------------------------------------------------------------- dying with golf


def _load_prctl() -> Callable[..., int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        fn = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
        return None
    fn.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    fn.restype = ctypes.c_int
    return fn


_prctl = _load_prctl()


def set_parent_death_signal(sig: int, parent: int) -> bool:
    """Ask Linux to send this process ``sig`` when ``parent`` dies; False if it already has.

    One place for the ``prctl`` call, shared by bots (which get ``SIGKILL``)
    and tournament workers (which get ``SIGTERM``, to end their bots first).
    If the parent died before the call the signal never comes, so the caller
    must end itself when this returns False.  Elsewhere than Linux it does
    nothing and returns True.
    """
    prctl = _prctl
    if prctl is None:
        return True
    prctl(_PR_SET_PDEATHSIG, sig, 0, 0, 0)
    return os.getppid() == parent


def die_with_parent() -> Callable[[], None] | None:
    """A ``preexec_fn`` that makes the child die when golf dies (Linux), or None.

    The kernel sends the parent-death signal when the *thread* that started
    the child ends; golf starts and ends a bot's process within one game on
    one thread.  If golf died between ``fork`` and ``prctl`` the child would
    miss the signal, so it checks its parent afterwards and ends itself.
    """
    if _prctl is None:
        return None
    parent = os.getpid()

    def preexec() -> None:
        if not set_parent_death_signal(signal.SIGKILL, parent):
            os.kill(os.getpid(), signal.SIGKILL)

    return preexec


# ---------------------------------------------------------------------- finding


class ProcInfo(NamedTuple):
    pid: int
    ppid: int
    pgid: int
    sid: int
    start: int  # start time in clock ticks since boot: with pid, the process's identity
    zombie: bool


def _stat(pid: int) -> ProcInfo | None:
    try:
        with open(f"{_PROC}/{pid}/stat", "rb") as fh:
            raw = fh.read()
    except OSError:
        return None
    fields = raw[raw.rfind(b")") + 2 :].split()
    try:
        return ProcInfo(
            pid, int(fields[1]), int(fields[2]), int(fields[3]), int(fields[19]), fields[0] == b"Z"
        )
    except (IndexError, ValueError):  # pragma: no cover - a kernel we do not know
        return None


def _scan() -> list[ProcInfo]:
    try:
        names = os.listdir(_PROC)
    except OSError:
        return []
    out = []
    for name in names:
        if name.isdigit():
            info = _stat(int(name))
            if info is not None:
                out.append(info)
    return out


def _marked(pid: int, mark: bytes) -> bool:
    """True if ``pid`` was started with an environment entry beginning ``mark``."""
    try:
        with open(f"{_PROC}/{pid}/environ", "rb") as fh:
            env = fh.read()
    except OSError:  # gone, or another user's process: not ours to end
        return False
    return any(entry.startswith(mark) for entry in env.split(b"\0"))


def find(root: int | None, mark: str, root_start: int | None = None) -> list[ProcInfo]:
    """Live processes belonging to a bot: ``root``'s group, session and
    descendants, and every process whose environment carries ``mark``
    (``GOLF_BOT_ID`` starting with it).  Never golf's own process.

    ``root_start`` (the root's start time) makes sure a pid reused since the
    root ended is not taken for it.  A group or session id cannot be reused
    while any member lives, so those need no such check.
    """
    me = os.getpid()
    procs = [p for p in _scan() if not p.zombie and p.pid != me]
    found: dict[int, ProcInfo] = {}
    if root is not None:
        children: dict[int, list[ProcInfo]] = {}
        # a live process that holds root's pid but is not root: the pid was
        # reused, so a group or session of that number is someone else's
        reused = any(p.pid == root and p.start != root_start for p in procs) and (
            root_start is not None
        )
        for p in procs:
            children.setdefault(p.ppid, []).append(p)
            if p.pid == root:
                if not reused:
                    found[p.pid] = p
            elif not reused and (p.pgid == root or p.sid == root):
                found[p.pid] = p
        stack = list(found)
        while stack:
            for child in children.get(stack.pop(), ()):
                if child.pid not in found:
                    found[child.pid] = child
                    stack.append(child.pid)
    if mark:
        needle = f"{ENV_ID}={mark}".encode()
        for p in procs:
            if p.pid not in found and _marked(p.pid, needle):
                found[p.pid] = p
    return list(found.values())


def alive(pid: int, start: int | None = None) -> bool:
    """True if ``pid`` runs (a zombie does not) and, given ``start``, is that process."""
    info = _stat(pid)
    if info is None or info.zombie:
        return False
    return start is None or info.start == start


# ---------------------------------------------------------------------- ending


def _signal(p: ProcInfo, sig: int) -> None:
    """Signal one process we found, unless its pid now belongs to another."""
    pidfd_open = getattr(os, "pidfd_open", None)
    send = getattr(signal, "pidfd_send_signal", None)
    if pidfd_open is None or send is None:  # pragma: no cover - not Linux >= 5.3
        if alive(p.pid, p.start):
            with contextlib.suppress(OSError):
                os.kill(p.pid, sig)
        return
    try:
        fd = pidfd_open(p.pid)
    except OSError:
        return  # gone already
    try:
        if alive(p.pid, p.start):  # the pidfd pins the process: checked, then signalled
            with contextlib.suppress(OSError):
                send(fd, sig)
    finally:
        os.close(fd)


def _signal_group(pgid: int, sig: int) -> None:
    with contextlib.suppress(OSError):
        os.killpg(pgid, sig)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # pragma: no cover - EPERM: someone else's group now
        return False
    return True


def start_time(pid: int) -> int | None:
    """A process's start time (with its pid, its identity), or None if gone."""
    info = _stat(pid)
    return None if info is None else info.start


def end(
    root: int | None,
    mark: str,
    grace: float = 0.2,
    *,
    root_start: int | None = None,
    reap: Callable[[], object] | None = None,
) -> int:
    """End a bot's processes: ``SIGTERM``, up to ``grace`` seconds, then ``SIGKILL``.

    ``root`` is the bot's first process (its group and session leader),
    ``mark`` its ``GOLF_BOT_ID`` (or a run's prefix of it).  ``reap``, if
    given, collects our own child's exit status while we wait.  Returns how
    many processes were found.  Without ``/proc`` only the group is
    signalled.
    """
    if not os.path.isdir(_PROC):  # pragma: no cover - not Linux: the group alone
        if root is None or not _group_alive(root):
            return 0
        _signal_group(root, signal.SIGTERM)
        deadline = time.monotonic() + max(0.0, grace)
        while time.monotonic() < deadline:
            if reap is not None:
                reap()
            if not _group_alive(root):
                return 1
            time.sleep(0.01)
        _signal_group(root, signal.SIGKILL)
        return 1
    found = find(root, mark, root_start)
    if not found:
        return 0
    seen = {p.pid for p in found}
    for p in found:
        _signal(p, signal.SIGTERM)
    deadline = time.monotonic() + max(0.0, grace)
    while True:
        if reap is not None:
            reap()
        if not any(alive(p.pid, p.start) for p in found) or time.monotonic() >= deadline:
            break
        time.sleep(0.01)
    for _ in range(50):  # a process may fork while we kill: scan again until none is left
        left = [p for p in find(root, mark, root_start) if alive(p.pid, p.start)]
        if not left:
            break
        seen.update(p.pid for p in left)
        for p in left:
            _signal(p, signal.SIGKILL)
        if reap is not None:
            reap()
        time.sleep(0.005)
    return len(seen)


_reaper_owner = 0  # pid of the process whose reaper runs (a forked child needs its own)


def ensure_reaper() -> None:
    """Start, once per process, a watcher that outlives golf (Linux).

    The parent-death signal kills a bot when golf dies, but not what the bot
    started.  So the first time a process starts a bot it also starts this
    file as a little script: it waits for the end of a pipe only golf holds,
    which closes however golf ends (``kill -9`` included), then ends every
    process carrying this process's mark.  It imports nothing but the
    standard library, runs in a session of its own (a Ctrl-C at the
    terminal is golf's business) and costs one small process per golf
    process that runs external bots.
    """
    global _reaper_owner
    if _reaper_owner == os.getpid() or not os.path.isdir(_PROC):
        return
    _reaper_owner = os.getpid()
    read, write = os.pipe()  # not inheritable: no bot gets the write end
    try:
        os.posix_spawn(
            sys.executable,
            [sys.executable, "-S", os.path.abspath(__file__), "--reap", own_mark()],
            {k: v for k, v in os.environ.items() if k != ENV_ID},
            file_actions=[(os.POSIX_SPAWN_DUP2, read, 0)],
            setsid=True,
        )
    except OSError:  # pragma: no cover - no reaper: the parent-death signal still holds
        os.close(write)
    else:
        _reaper_pipe.append(write)  # held open, never written, until this process ends
    finally:
        os.close(read)


_reaper_pipe: list[int] = []


def _reap(mark: str) -> None:
    """The reaper's life: wait for golf's end of the pipe to close, then end
    every process golf's bots left."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):
        while os.read(0, 4096):
            pass
    end(None, mark, 0.2)


def own_mark() -> str:
    """The mark prefix of the bots this process started."""
    return f"{run_id()}.{os.getpid()}."


def end_own(grace: float = 0.2) -> int:
    """End every bot process this process started, and all they started:
    for a worker on its way out, when it cannot close its bots one by one."""
    return end(None, own_mark(), grace)


def end_run(grace: float = 0.2) -> int:
    """End every bot process of this run (all workers' bots included):
    for a main process after its workers are gone or after one died."""
    return end(None, run_id() + ".", grace)


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """Inside, ``SIGTERM`` and ``SIGHUP`` raise ``KeyboardInterrupt`` as Ctrl-C does.

    Their default action ends golf on the spot: no ``finally`` runs, so no
    bot is closed and whatever the bots started is left running.  As an
    interrupt they take the path Ctrl-C takes, which ends every bot.  Only
    the main thread can set handlers; elsewhere this does nothing.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    old = {sig: signal.signal(sig, interrupt) for sig in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


def leftovers(ids: Iterable[tuple[int, int | None]]) -> list[tuple[int, int | None]]:
    """Which of the processes ``(pid, start time)`` still run (for tests and
    diagnostics; the start time tells a reused pid from the process)."""
    return [(pid, start) for pid, start in ids if alive(pid, start)]


def kill(pid: int, start: int | None) -> None:
    """``SIGKILL`` one process, unless its pid now belongs to another."""
    if start is not None:
        _signal(ProcInfo(pid, 0, 0, 0, start, False), signal.SIGKILL)


if __name__ == "__main__" and sys.argv[1:2] == ["--reap"]:
    _reap(sys.argv[2])
