#!/usr/bin/env python3
"""Engine benchmarks: one JSON line per scenario with holes per second and peak memory.

Scenarios (targets in docs/performance.md):
  six-card-2p-random         six-card, 2 random bots
  six-card-4p-greedy         six-card, 4 greedy bots
  alberta-4p-partners-random alberta, 4 random bots in 2 partner groups
  nine-card-3p-random        nine-card, 3 random bots
  four-card-4p-expert        four-card, 4 expert bots
  alberta-4p-expert          alberta, 4 expert bots in 2 partner groups (18-card layouts)
  huge-2p-expert             an 8x12 grid with shots and five patterns, 2 expert bots
                             (what the expert's work budget bounds)
  score-cli                  wall time of one `golf score` call (a fresh process)

Each game scenario plays one-hole games through the real Match loop (the same
path tournaments use), on one core, for about --seconds seconds, and reports
the best of --repeat runs (machines here are shared and noisy).  Peak memory
is tracemalloc's peak during one run, in KiB.

Usage: python scripts/bench.py [SCENARIO ...] [--seconds S] [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

from golfcli.bots.registry import make_bot
from golfcli.match import Match
from golfcli.variant import builtin, load_variant

#: A valid variant far beyond the built-ins: 96 cards a side, bunker and
#: approach shots, five patterns.  Without a work budget the expert took
#: minutes per hole here.
HUGE: dict[str, Any] = {
    "name": "huge",
    "extends": "nine-card",
    "players": 2,
    "grid": {"rows": 8, "cols": 12},
    "deck": {"packs": 4},
    "start": {"reveal": 3},
    "turn": {"bunker_shot": True, "approach_shot": True},
    "patterns": [{"kind": k} for k in ("column_pair", "column", "row", "block", "twin_columns")],
}

GAMES: dict[str, tuple[str | dict[str, Any], list[str]]] = {
    "six-card-2p-random": ("six-card", ["random"] * 2),
    "six-card-4p-greedy": ("six-card", ["greedy"] * 4),
    "alberta-4p-partners-random": ("alberta", ["random"] * 4),
    "nine-card-3p-random": ("nine-card", ["random"] * 3),
    "four-card-4p-expert": ("four-card", ["expert"] * 4),
    "alberta-4p-expert": ("alberta", ["expert"] * 4),
    "huge-2p-expert": (HUGE, ["expert"] * 2),
}


def run_games(name: str, seconds: float) -> tuple[float, int]:
    spec, specs = GAMES[name]
    v = builtin(spec) if isinstance(spec, str) else load_variant(spec)
    bots = [make_bot(s) for s in specs]
    holes = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        Match(v, bots, seed=holes, holes=1).play()
        holes += 1
        if time.perf_counter() >= deadline:
            break
    return holes / (time.perf_counter() - start), holes


def bench_game(name: str, seconds: float, repeat: int) -> dict[str, object]:
    best = 0.0
    total = 0
    for _ in range(repeat):
        rate, n = run_games(name, seconds)
        best = max(best, rate)
        total += n
    tracemalloc.start()
    run_games(name, min(seconds, 0.5))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "scenario": name,
        "holes_per_s": round(best, 1),
        "holes": total,
        "peak_kib": peak // 1024,
    }


def bench_score_cli(repeat: int) -> dict[str, object]:
    exe = Path(sys.executable).with_name("golf")
    cmd = [str(exe) if exe.exists() else "golf", "score", "5 K 2 / 5 7 9"]
    times = []
    for _ in range(max(3, repeat * 3)):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
    times.sort()
    return {
        "scenario": "score-cli",
        "wall_ms_best": round(times[0] * 1000, 1),
        "wall_ms_median": round(times[len(times) // 2] * 1000, 1),
        "runs": len(times),
    }


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("scenarios", nargs="*", default=[*GAMES, "score-cli"])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(
        json.dumps(
            {
                "python": platform.python_version(),
                "machine": platform.machine(),
                "processor": platform.processor() or "unknown",
            }
        )
    )
    for name in args.scenarios:
        if name == "score-cli":
            out = bench_score_cli(args.repeat)
        elif name in GAMES:
            out = bench_game(name, args.seconds, args.repeat)
        else:
            print(
                f"unknown scenario {name!r}; choose from {', '.join([*GAMES, 'score-cli'])}",
                file=sys.stderr,
            )
            return 2
        print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
