"""Files users keep are replaced whole (golfcli/atomic.py): scorecards,
run directories' run.json, results.json, reports and a compacted games.jsonl."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from golfcli.atomic import replacing, umask, write_atomic


def test_the_new_text_replaces_the_old_whole(tmp_path: Path) -> None:
    path = tmp_path / "card.yaml"
    write_atomic(path, "first\n")
    write_atomic(path, b"second\n")
    assert path.read_bytes() == b"second\n"
    write_atomic(path, "é\n")  # text is UTF-8
    assert path.read_bytes() == "é\n".encode()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["card.yaml"]  # no temp file left


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temp_file(tmp_path: Path) -> None:
    path = tmp_path / "run.json"
    path.write_text("old\n")
    with pytest.raises(RuntimeError), replacing(path) as fh:
        fh.write(b"half of the ne")
        raise RuntimeError("killed mid-write")
    assert path.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.json"]


def test_the_old_mode_is_kept_and_a_new_file_follows_the_umask(tmp_path: Path) -> None:
    old = tmp_path / "shared.yaml"
    old.write_text("x")
    old.chmod(0o664)
    write_atomic(old, "y")
    assert stat.S_IMODE(old.stat().st_mode) == 0o664  # not the temp file's private 0600
    new = tmp_path / "new.yaml"
    write_atomic(new, "z")
    assert stat.S_IMODE(new.stat().st_mode) == 0o666 & ~umask()


def test_a_link_is_followed_so_the_file_it_points_at_changes(tmp_path: Path) -> None:
    real = tmp_path / "real.yaml"
    real.write_text("old")
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"


def test_two_writers_never_share_a_temporary_file(tmp_path: Path) -> None:
    """Each write has a temp file of its own: two at once leave one whole file."""
    path = tmp_path / "results.json"
    with replacing(path) as a, replacing(path) as b:
        a.write(b"from a\n")
        b.write(b"from b\n")
        names = [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]
        assert len(names) == 2
    assert path.read_text() in ("from a\n", "from b\n")
    assert os.listdir(tmp_path) == ["results.json"]


def test_umask_reads_without_changing_it() -> None:
    before = os.umask(0o027)
    try:
        assert umask() == 0o027 and umask() == 0o027
    finally:
        os.umask(before)
