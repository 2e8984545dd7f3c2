"""Files users keep are replaced whole: a reader, or a run killed at any
moment, sees the old file or the new one, never half of one.

One way of doing it for every file golf keeps (scorecards and their PDFs, a
run directory's ``run.json``, ``results.json``, reports and compacted
``games.jsonl``): a unique temporary file in the same folder, flushed and
fsynced, given the old file's permissions, renamed over the old file, and
the folder fsynced so the rename itself survives a power cut.  A unique name
(not ``NAME.tmp``) means two writers never share a temporary file; a failed
write removes its own and leaves the old file as it was.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO


def umask() -> int:
    """The process's umask (it can only be read by setting it; golf writes
    from one thread)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def replacing(path: Path) -> Iterator[IO[bytes]]:
    """A binary handle whose contents replace ``path`` when the block ends
    without an exception (see the module's docstring for how).

    A link is followed, so the file it points at is the one that changes (a
    rename over the link would leave that file behind).  The new file takes
    the old one's permissions, or for a new file what the umask gives: a
    temporary file starts private (0600), which a shared card must not
    become."""
    path = Path(os.path.realpath(path))
    directory = path.parent
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~umask()
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    _sync_folder(directory)


def write_atomic(path: Path, data: bytes | str) -> None:
    """Replace ``path`` with ``data`` (text is written as UTF-8), whole or not at all."""
    with replacing(path) as fh:
        fh.write(data.encode("utf-8") if isinstance(data, str) else data)


def _sync_folder(directory: Path) -> None:
    """fsync a folder, so a rename in it is on disk; where a folder cannot
    be opened or synced (some file systems), the rename stands as it is."""
    try:
        dfd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)
