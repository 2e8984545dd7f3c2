"""Card files on disk: atomic writes, one writer at a time, no change lost.

Three guarantees, each for a way a game night loses a score:

* **Atomic writes** (:func:`write_atomic`): the new text goes to a temporary
  file in the same folder, is flushed and fsynced, then renamed over the
  card.  A crash, a SIGKILL or Ctrl-C leaves the old card or the new one,
  never a torn one; a reader needs no lock.
* **One writer at a time** (:func:`locked`): every read-modify-write of a
  card holds an exclusive ``flock`` on a lock file beside it
  (``.night.yaml.lock``), so two ``golf card add`` started at once enter two
  holes, one after the other.  The kernel drops the lock when its process
  ends, however it ends, so a killed command never leaves the card locked.
  A lock file rather than the card itself: the card is replaced by a rename
  on every write, and a lock on the old file would not stop a writer who
  opened the new one.
* **A change counter** (``revision``, checked by :func:`commit`): each
  change adds one, and a write first checks that the file is still the one
  it read.  Under the lock only a program that does not take it (an editor,
  an older golf) can change the file; the prompt of ``golf card add``, which
  reads the card before it waits for a person and must not hold the lock
  meanwhile, compares counters to see what changed while it waited.

``fcntl.flock`` is POSIX (Linux, macOS, the BSDs): the standard library has
it, so no dependency is needed for it.
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import os
import time
from collections.abc import Iterator
from pathlib import Path

import yaml

from ..atomic import umask, write_atomic
from ..yamlsrc import SourceError, load_file
from .model import HEADER, Change, Scorecard, ScorecardError
from .reading import from_located

#: How long a command waits for another one's lock before it gives up.  A write holds
#: the lock for milliseconds; only a command stopped in the middle of one (Ctrl-Z)
#: holds it longer, and then waiting for ever would look like a hang.
LOCK_WAIT = 30.0

Stamp = tuple[int, int, int]


def dump_text(card: Scorecard) -> str:
    body = yaml.safe_dump(
        card.to_data(), sort_keys=False, allow_unicode=True, default_flow_style=False, width=100
    )
    return HEADER + body


def save(card: Scorecard, path: Path) -> None:
    """Write ``card`` to ``path`` atomically (see :func:`write_atomic`) and
    remember the new file's stamp, so a second change in the same command
    passes :func:`commit`'s check."""
    write_atomic(path, dump_text(card).encode("utf-8"))
    card.stamp = stamp_of(path)


def stamp_of(path: Path) -> Stamp | None:
    """The file's inode, modification time and size, or None if it is not there.
    Every write renames a new file into place, so the inode alone tells a
    write; the time and size catch an editor that writes in place."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns, st.st_size)


def load(path: Path) -> Scorecard:
    """Read and check a card file; any problem is one :class:`ScorecardError`
    naming ``file:line`` and the key.  The file's stamp is taken before it is
    read: if it is replaced in between, the stamp is the older one and a
    later :func:`commit` refuses rather than write over what it did not read."""
    before = stamp_of(path)
    try:
        doc = load_file(path)
    except SourceError as exc:
        raise ScorecardError(exc.where, exc.path, exc.message) from None
    card = from_located(doc)
    card.stamp = before
    return card


def lock_path(path: Path) -> Path:
    """``.night.yaml.lock`` beside the card a link or path leads to: every
    name of one card shares one lock."""
    real = Path(os.path.realpath(path))
    return real.with_name(f".{real.name}.lock")


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the card's lock for a read-modify-write (see the module's notes).

    Waits its turn (at most :data:`LOCK_WAIT` seconds) while another command
    writes.  Once held, no golf command is writing this card, so the temp
    files of one that was killed mid-write are removed here."""
    lock = lock_path(path)
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o666 & ~umask())
    except PermissionError:
        try:  # a card shared read-write but a lock file made by someone else: reading
            fd = os.open(lock, os.O_RDONLY)  # is enough for flock
        except OSError as exc:
            raise ScorecardError(str(path), "", f"cannot lock the card: {exc.strerror}") from None
    except OSError as exc:
        raise ScorecardError(str(path), "", f"cannot lock the card: {exc.strerror}") from None
    try:
        _acquire(fd, path)
        _remove_stale_temps(lock)
        yield
    finally:
        os.close(fd)  # closing the last descriptor releases the lock


def _acquire(fd: int, path: Path) -> None:
    deadline = time.monotonic() + LOCK_WAIT
    pause = 0.002
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            pass
        if time.monotonic() >= deadline:
            raise ScorecardError(
                str(path),
                "",
                f"another golf card command has held the card for {LOCK_WAIT:g} s "
                "(stopped with Ctrl-Z?); nothing written",
            )
        time.sleep(pause)
        pause = min(pause * 2, 0.05)


def _remove_stale_temps(lock: Path) -> None:
    card_name = lock.name.removeprefix(".").removesuffix(".lock")
    pattern = os.path.join(glob.escape(str(lock.parent)), f".{glob.escape(card_name)}.*.tmp")
    for tmp in glob.glob(pattern):
        with contextlib.suppress(OSError):
            os.unlink(tmp)


def commit(card: Scorecard, path: Path, change: Change) -> None:
    """Write one change: the counter goes up by one, the change is kept in
    the history under that number, and the card is saved.

    Call it holding :func:`locked`, on a card read under that lock.  It
    refuses, writing nothing, if the file is no longer the one read: only a
    program that does not take the lock can have changed it, and writing over
    it would lose what that program wrote."""
    if stamp_of(path) != card.stamp:
        raise ScorecardError(
            str(path),
            "",
            "changed by another program while this command ran (an editor?); "
            "nothing written: run the command again",
        )
    card.revision += 1
    change.number = card.revision
    card.history.append(change)
    save(card, path)
