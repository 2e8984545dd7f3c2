#!/usr/bin/env python3
"""Benchmark the Dask executor against the local process pool (docs/distributed.md).

The same tournament, same seed, is played on:

* ``local``: ``--workers 2``, the default process pool;
* ``dask``: a LocalCluster of 2 worker processes with one thread each
  (started before the clock starts; its start-up time is printed apart).

Two workloads: tiny games (two random bots, one hole each: the worst case
for per-task overhead, which batching must hide) and realistic ones (four
greedy bots, six-card, 9 holes).  Each prints one JSON line with holes per
second for both executors, Dask's slowdown against local in percent (the
target is within 10%), and checks that the standings are identical.

    python scripts/bench_dask.py            # the figures in docs/distributed.md
    python scripts/bench_dask.py --quick    # smaller runs, same shape
"""

from __future__ import annotations

import argparse
import json
import logging
import platform
import tempfile
import time
from pathlib import Path
from typing import Any

from golfcli.tournament.config import load_config
from golfcli.tournament.runner import run_plan

WORKLOADS = {
    "tiny-random-1hole": (
        "name: tiny\nvariant: six-card\nholes: 1\nseed: 3\n"
        "players:\n  - {name: a, bot: random}\n  - {name: b, bot: random}\n",
        20_000,
        1,
    ),
    "greedy-4p-9holes": (
        "name: greedy4\nvariant: six-card\nholes: 9\nseed: 3\n"
        "players:\n  - {name: a, bot: greedy}\n  - {name: b, bot: greedy}\n"
        "  - {name: c, bot: greedy}\n  - {name: d, bot: greedy}\n",
        60,
        9,
    ),
}


def timed(cfg: Path, games: int, **kw: Any) -> tuple[float, dict[str, Any]]:
    plan = load_config(cfg, games=games, **kw)
    t0 = time.perf_counter()
    res = run_plan(plan, None)
    wall = time.perf_counter() - t0
    assert res.stopped is None, res.message
    return wall, res.report()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="smaller runs (a smoke test)")
    ap.add_argument("--repeat", type=int, default=3, help="timing repeats (best is kept)")
    args = ap.parse_args()
    from distributed import LocalCluster

    print(json.dumps({"python": platform.python_version(), "machine": platform.machine()}))
    t0 = time.perf_counter()
    cluster = LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    print(json.dumps({"dask_local_cluster_start_s": round(time.perf_counter() - t0, 2)}))
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for name, (text, games, holes) in WORKLOADS.items():
                if args.quick:
                    games = max(4, games // 10)
                cfg = Path(tmp) / f"{name}.yaml"
                cfg.write_text(text, encoding="utf-8")
                best: dict[str, float] = {}
                reports: dict[str, Any] = {}
                for _ in range(args.repeat):
                    for kind in ("local", "dask"):
                        kw: dict[str, Any] = {"workers": 2}
                        if kind == "dask":
                            kw = {"executor": "dask", "address": cluster.scheduler_address}
                        wall, rep = timed(cfg, games, **kw)
                        best[kind] = min(best.get(kind, wall), wall)
                        reports[kind] = rep
                holes_total = reports["local"]["run"]["games_played"] * holes
                same = reports["local"]["standings"] == reports["dask"]["standings"]
                print(
                    json.dumps(
                        {
                            "workload": name,
                            "holes": holes_total,
                            "local_holes_per_s": round(holes_total / best["local"], 1),
                            "dask_holes_per_s": round(holes_total / best["dask"], 1),
                            "dask_slowdown_pct": round(100 * (best["dask"] / best["local"] - 1), 1),
                            "identical_standings": same,
                        }
                    ),
                    flush=True,
                )
    finally:
        cluster.close()


if __name__ == "__main__":
    main()
