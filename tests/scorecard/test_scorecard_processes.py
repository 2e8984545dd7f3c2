"""One card, many writers: the command line and the library in real processes.

A page will call golfcli.scorecard.ops from its server's process while a
shell runs ``golf card``; both take the card's lock, check the revision
their caller saw and keep every change.  Here: eight writers at once (four
``golf card`` commands, four processes calling the library) lose nothing;
eight phones sending the same hole make one hole; a write from a caller that
read an older card is refused across processes; writers killed with SIGKILL
in the middle of their writes leave the old card or the new one, with its
history whole.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from golfcli.scorecard import ops, start, store
from golfcli.scorecard.model import Scorecard

GOLF = Path(sys.executable).with_name("golf")  # this checkout's command
pytestmark = pytest.mark.skipif(
    not GOLF.exists() or os.name != "posix", reason="the golf command and POSIX processes"
)

#: A library writer: ``python -c LIBRARY CARD OP ARGS``; prints one JSON line of what
#: happened (the exception's class name, or "ok" and the revision), exit 0 either way.
LIBRARY = r"""
import json, os, sys, time
from pathlib import Path
from golfcli.scorecard import ops
from golfcli.exceptions import GolfError
card, op, *args = sys.argv[1:]
if os.environ.get("SLOW_FSYNC"):  # every fsync sleeps first: a kill can land mid-write
    real = os.fsync
    def slow(fd):
        time.sleep(float(os.environ["SLOW_FSYNC"]))
        real(fd)
    os.fsync = slow
path = Path(card)
out = []
for item in args:
    try:
        if op == "add":
            scores = dict(x.split("=") for x in item.split(","))
            hole = scores.pop("hole", None)
            expect = scores.pop("expect", None)
            done = ops.add_hole(path, scores, hole=None if hole is None else int(hole),
                                expect=None if expect is None else int(expect))
        elif op == "undo":
            done = ops.undo(path)
        elif op == "join":
            done = ops.join(path, item)
        out.append({"ok": done.card.revision})
    except GolfError as exc:
        now = getattr(exc, "card", None)
        out.append({"refused": type(exc).__name__, "message": str(exc),
                    "revision": None if now is None else now.revision})
print(json.dumps(out))
"""


def library(card: Path, op: str, *args: str, **env: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", LIBRARY, str(card), op, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **env},
    )


def command(*args: str | Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [str(GOLF), "card", *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def new_card(path: Path, players: str, holes: int) -> None:
    card = start.new_golf_card(path, players.split(","), holes=holes)
    ops.start_card(path, card)


def check_history(card: Scorecard) -> None:
    """Every change kept, numbered 1 to the revision with none missing."""
    assert [c.number for c in card.history] == list(range(1, card.revision + 1))


def test_eight_writers_at_once_four_commands_and_four_library_processes(tmp_path: Path) -> None:
    """Each writer enters three holes (the commands one after another, in a
    shell; the library processes in one process each): 24 holes, each once,
    every value kept, the history complete."""
    card = tmp_path / "race.yaml"
    new_card(card, "Ann,Bob", 30)
    procs = []
    for w in range(4):
        loop = "; ".join(
            f"{GOLF} card add {card} Ann={w * 10 + k} Bob={w} || exit 1" for k in range(3)
        )
        procs.append(subprocess.Popen(["bash", "-c", loop], stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True))  # fmt: skip
    for w in range(4, 8):
        procs.append(library(card, "add", *[f"Ann={w * 10 + k},Bob={w}" for k in range(3)]))
    for p in procs:
        out, err = p.communicate(timeout=180)
        assert p.returncode == 0, (out, err)
        if p.args[0] == sys.executable:
            assert all("ok" in r for r in json.loads(out)), out
    saved = store.load(card)
    assert [h.number for h in saved.played] == list(range(1, 25))  # each hole once
    assert sorted(h.scores["Ann"].score for h in saved.played) == sorted(
        w * 10 + k for w in range(8) for k in range(3)
    )  # nothing lost
    # each writer's holes in its own order
    for w in range(8):
        mine = [h.scores["Ann"].score for h in saved.played if h.scores["Bob"].score == w]
        assert mine == [w * 10, w * 10 + 1, w * 10 + 2]
    assert saved.revision == 1 + 24
    check_history(saved)


def test_eight_phones_sending_the_same_hole_make_one_hole(tmp_path: Path) -> None:
    card = tmp_path / "same.yaml"
    new_card(card, "Ann,Bob", 9)
    procs = [command("add", card, "--hole", "1", f"Ann={i}", "Bob=0") for i in range(4)]
    procs += [library(card, "add", f"hole=1,Ann={i},Bob=0") for i in range(4, 8)]
    entered = refused = 0
    for p in procs:
        out, err = p.communicate(timeout=120)
        if p.args[0] == sys.executable:
            (result,) = json.loads(out)
            if "ok" in result:
                entered += 1
            else:
                assert result["refused"] == "HoleEntered", result
                assert result["message"].startswith("hole 1 is already entered")
                refused += 1
        elif p.returncode == 0:
            entered += 1
        else:
            assert p.returncode == 2 and err.count("\n") == 1, err
            assert "hole 1 is already entered" in err and "nothing written" in err
            refused += 1
    assert (entered, refused) == (1, 7)
    saved = store.load(card)
    assert len(saved.played) == 1 and saved.revision == 2
    check_history(saved)


def test_a_write_from_an_older_read_is_refused_across_processes(tmp_path: Path) -> None:
    card = tmp_path / "stale.yaml"
    new_card(card, "Ann,Bob", 9)
    seen = store.load(card).revision  # a page read the card...
    other = command("add", card, "Ann=1", "Bob=2")  # ...a shell entered a hole meanwhile...
    assert other.wait(timeout=60) == 0
    before = card.read_bytes()
    late = library(card, "add", f"expect={seen},Ann=5,Bob=5")  # ...the page writes
    out, err = late.communicate(timeout=60)
    (result,) = json.loads(out)
    assert result["refused"] == "StaleCard" and result["revision"] == seen + 1, (result, err)
    assert card.read_bytes() == before
    fresh = library(card, "add", f"expect={seen + 1},Ann=5,Bob=5")  # asked again, it goes in
    assert json.loads(fresh.communicate(timeout=60)[0]) == [{"ok": seen + 2}]


def test_library_writers_killed_mid_write_leave_the_old_or_the_new_card(tmp_path: Path) -> None:
    """Library processes adding holes and players, and undoing, are killed at
    random moments (every fsync slowed, so kills land inside the write too):
    after each kill the card reads back whole, its history complete, and the
    next writer is not stopped by the killed one's lock or temp files."""
    card = tmp_path / "kill.yaml"
    new_card(card, "Ann,Bob", 200)
    rng = random.Random(7)
    for k in range(8):
        before = store.load(card)
        op, args = [
            ("add", [f"Ann={k},Bob={i}" for i in range(5)]),
            ("join", [f"P{k}"]),
            ("undo", ["", ""]),
        ][k % 3]
        p = library(card, op, *args, SLOW_FSYNC="0.02")
        time.sleep(rng.uniform(0.25, 0.9))  # interpreter start-up, then somewhere in the writes
        p.send_signal(signal.SIGKILL)
        p.wait(timeout=60)
        after = store.load(card)  # never a torn file
        assert after.revision >= before.revision
        check_history(after)
        assert len(after.history) == after.revision
    done = ops.add_hole(card, {"Ann": 99, "Bob": 0, **{p: 0 for p in store.load(card).players[2:]}})
    assert done.card.played[-1].scores["Ann"].score == 99
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []
