#!/usr/bin/env python3
"""Target 5 of docs/performance.md: a tournament scales with the work.

A 1,000,000-game random tournament (one-hole six-card games, 500,000 duplicate
deals) on 2 workers, written to ``--out`` and the ratings database as a real
durable run is, killed with SIGKILL part of the way and finished with
``--resume``.  Prints, as JSON lines:

- ``memory``: the resident memory (VmRSS) of every process of the run (the
  command and its workers) when the run passes 10k, 100k and 980k games (the
  last mark is 98% of the run, as it exits at 100%) and just before the kill:
  the growth is seen, not assumed.  Target: every process under 100 MB at the
  end as at the start.
- ``resume``: games on disk at the kill, after the resume, and whether every
  game index is there exactly once.
- ``ratings``: the wall time of ``golf ratings`` on the database afterwards
  (fresh processes, best of 3).  Target: under a second.
- ``size``: games.jsonl and the database in bytes, per game.

Several minutes and ~1 GB of temporary disk; run it alone, under ``nice``::

    nice python scripts/bench_scale.py              # 1,000,000 games
    nice python scripts/bench_scale.py --games 100000 --kill-at 40000   # a quick look
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_tournament import TINY  # the one-hole random config of target 1

MARKS = (10_000, 100_000, 1_000_000)


def golf_exe() -> str:
    exe = Path(sys.executable).with_name("golf")
    return str(exe) if exe.exists() else "golf"


def rss_kib(pid: int) -> int | None:
    """VmRSS of one process, or None once it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def tree(pid: int) -> list[int]:
    """``pid`` and every descendant (the run's workers and their helpers)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            kids = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except OSError:
            kids = []
        todo.extend(int(k) for k in kids)
    return out


class Counter:
    """Games in games.jsonl, counted from the bytes appended since the last look."""

    def __init__(self, path: Path) -> None:
        self.path, self.offset, self.games = path, 0, 0

    def poll(self) -> int:
        try:
            with self.path.open("rb") as f:
                f.seek(self.offset)
                chunk = f.read()
        except FileNotFoundError:
            return 0
        # count whole lines only: a line being written is counted next time
        end = chunk.rfind(b"\n") + 1
        self.games += chunk.count(b"\n", 0, end)
        self.offset += end
        return self.games


def watch(
    proc: subprocess.Popen[bytes], games: Counter, marks: list[int], stop_at: int | None
) -> list[dict[str, object]]:
    """Sample every process's memory as the run passes each mark; SIGKILL the
    run's process group once ``stop_at`` games are on disk (None: run to the end)."""
    seen: list[dict[str, object]] = []
    while proc.poll() is None:
        n = games.poll()
        while marks and n >= marks[0]:
            pids = tree(proc.pid)
            rss = {p: rss_kib(p) for p in pids}
            seen.append(
                {
                    "games": marks.pop(0),
                    "on_disk": n,
                    "rss_mib": sorted(round(v / 1024, 1) for v in rss.values() if v is not None),
                }
            )
        if stop_at is not None and n >= stop_at:
            pids = tree(proc.pid)
            rss = {p: rss_kib(p) for p in pids}
            seen.append(
                {
                    "games": "kill",
                    "on_disk": n,
                    "rss_mib": sorted(round(v / 1024, 1) for v in rss.values() if v is not None),
                }
            )
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            break
        time.sleep(0.2)
    return seen


def run(cfg: Path, out: Path, db: Path, deals: int, resume: bool) -> subprocess.Popen[bytes]:
    cmd = [
        golf_exe(),
        "tournament",
        str(cfg),
        "--games",
        str(deals),
        "--workers",
        "2",
        "--out",
        str(out),
        "--db",
        str(db),
        "-q",
    ]
    if resume:
        cmd.append("--resume")
    return subprocess.Popen(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1_000_000, help="games (two a deal)")
    ap.add_argument("--kill-at", type=int, default=400_000, help="SIGKILL after this many games")
    args = ap.parse_args()
    deals = args.games // 2
    # the last mark a little before the end: the run exits as its last game lands
    marks = [m for m in MARKS if m < args.games * 0.98] + [int(args.games * 0.98)]
    print(json.dumps({"scenario": "target-scale", "games": args.games, "load": os.getloadavg()[0]}))
    with tempfile.TemporaryDirectory(prefix="golf-scale-") as tmp:
        cfg, out, db = Path(tmp) / "tiny.yaml", Path(tmp) / "run", Path(tmp) / "r.db"
        cfg.write_text(TINY)
        counter = Counter(out / "games.jsonl")
        t0 = time.perf_counter()
        first = run(cfg, out, db, deals, resume=False)
        seen = watch(first, counter, marks, stop_at=args.kill_at)
        killed_at = counter.poll()
        second = run(cfg, out, db, deals, resume=True)
        seen += watch(second, counter, marks, stop_at=None)
        err = second.stderr.read().decode() if second.stderr else ""
        wall = time.perf_counter() - t0
        for s in seen:
            print(json.dumps({"memory": s}))
        indices: dict[int, int] = {}
        with (out / "games.jsonl").open() as f:
            for line in f:
                g = json.loads(line)["game"]
                indices[g] = indices.get(g, 0) + 1
        twice = sum(1 for c in indices.values() if c > 1)
        print(
            json.dumps(
                {
                    "resume": {
                        "exit": second.returncode,
                        "stderr": err.strip()[-200:],
                        "killed_at_games": killed_at,
                        "games_on_disk": sum(indices.values()),
                        "distinct": len(indices),
                        "expected": args.games,
                        "recorded_twice": twice,
                        "every_game_once": len(indices) == args.games and twice == 0,
                        "wall_s": round(wall, 1),
                    }
                }
            )
        )
        with_db = subprocess.run(
            ["sqlite3", str(db), "SELECT count(*) FROM games"], capture_output=True, text=True
        )
        best = float("inf")
        for _ in range(3):
            t = time.perf_counter()
            r = subprocess.run(
                [golf_exe(), "ratings", "--db", str(db)], capture_output=True, text=True
            )
            best = min(best, time.perf_counter() - t)
        print(
            json.dumps(
                {
                    "ratings": {
                        "exit": r.returncode,
                        "wall_s": round(best, 3),
                        "target_s": 1.0,
                        "games_in_db": with_db.stdout.strip() or "(sqlite3 missing)",
                        "stderr": r.stderr.strip()[-200:],
                    }
                }
            )
        )
        jsonl, dbsize = (out / "games.jsonl").stat().st_size, db.stat().st_size
        print(
            json.dumps(
                {
                    "size": {
                        "games_jsonl_bytes": jsonl,
                        "db_bytes": dbsize,
                        "jsonl_per_game": round(jsonl / args.games),
                        "db_per_game": round(dbsize / args.games),
                    }
                }
            )
        )


if __name__ == "__main__":
    main()
