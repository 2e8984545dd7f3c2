"""The speed targets of docs/performance.md, each measured against a reference run in the
same invocation of scripts/bench.py (this machine's speed varies from day to day and
with the other jobs on it, so only ratios taken side by side count):

  target-random    a whole `golf tournament` of 20,000 one-hole six-card games between
                   random bots, --workers 1, against the peer engine's own in-process
                   loop of uniform random play (scripts/peer.py random): target 3x its
                   holes per second
  target-expert    expert against expert, 1,000 one-hole six-card games, against the
                   peer's CPU players through its own loop (scripts/peer.py ai): CPU per
                   seat-hole, target at or under the peer's
  target-start     `golf score "5 K 2 / 5 7 9"` and `golf --help`, fresh processes,
                   against `python -c pass`: target 100 ms
  target-install   the README's first command from a fresh clone of the last commit
                   (venv, `pip install .`, `golf tournament configs/alberta.yaml`), and
                   the same clone installed with GOLF_PURE=1 (no compiling): target 45 s
                   (minutes; not in the default list)
  target-scale     scripts/bench_scale.py's million games on 2 workers, killed part of
                   the way and resumed: every process's resident memory at 10k, 100k
                   and 980k games, every game once, `golf ratings` on the database
                   afterwards: targets under 100 MB and under a second (minutes and
                   ~1 GB of disk; not in the default list)
  instructions     callgrind's instruction counts of a six-card random hole and an
                   expert one (through Match; start-up subtracted): the same on any load,
                   for deciding a change the clock cannot

The peer is the public golfgame project (see scripts/peer.py); GOLFGAME_SERVER names its
server/ folder.  Without it the two peer targets print golf's side and say the reference
is missing.  Every scenario prints the load average before and after; run the script under
`nice` on a shared machine.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

# the one-hole random tournament of target 1 (10,000 duplicate deals, two seatings)
from bench_tournament import TINY

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TARGETS = (
    "target-random",
    "target-expert",
    "target-start",
    "target-install",
    "target-scale",
    "instructions",
)
#: the targets that take minutes: named on the command line, never run by default
SLOW_TARGETS = ("target-install", "target-scale")


def load() -> float:
    return round(os.getloadavg()[0], 2)


def golf_exe() -> str:
    exe = Path(sys.executable).with_name("golf")
    return str(exe) if exe.exists() else "golf"


def child_run(
    cmd: Sequence[str], **kw: object
) -> tuple[float, float, subprocess.CompletedProcess[str]]:
    """Wall and CPU seconds (user + sys of the child and its children) of one command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(list(cmd), check=True, capture_output=True, text=True, **kw)  # type: ignore[call-overload]
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, done


def peer_server() -> str | None:
    path = os.environ.get("GOLFGAME_SERVER", "")
    return path if path and (Path(path) / "game.py").is_file() else None


def peer(kind: str, games: int) -> dict[str, float]:
    """One run of the peer's loop in a fresh process (scripts/peer.py)."""
    _, _, done = child_run([sys.executable, str(HERE / "peer.py"), kind, str(games)])
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


NO_PEER = "GOLFGAME_SERVER is not set to the peer's server/ folder: no reference, no ratio"


def target_random(repeat: int) -> dict[str, object]:
    """Target 1: golf's whole tournament process against the peer's loop, best of
    ``repeat`` each, run in turn (the load comes and goes)."""
    out: dict[str, object] = {"scenario": "target-random", "load_before": load()}
    server = peer_server()
    golf_wall = golf_cpu = peer_wall = peer_cpu = float("inf")
    with tempfile.TemporaryDirectory() as tmp:
        cfg = Path(tmp) / "tiny.yaml"
        cfg.write_text(TINY)
        for k in range(repeat):
            db = str(Path(tmp) / f"r{k}.db")
            cmd = [golf_exe(), "tournament", str(cfg), "--games", "10000", "--workers", "1"]
            wall, cpu, _ = child_run([*cmd, "--db", db])
            golf_wall, golf_cpu = min(golf_wall, wall), min(golf_cpu, cpu)
            if server is not None:
                p = peer("random", 20000)
                peer_wall, peer_cpu = min(peer_wall, p["wall_s"]), min(peer_cpu, p["cpu_s"])
    out.update(
        golf_games_per_s=round(20000 / golf_wall),
        golf_games_per_cpu_s=round(20000 / golf_cpu),
        golf_cpu_us_per_game=round(golf_cpu / 20000 * 1e6, 1),
    )
    if server is None:
        out["reference"] = NO_PEER
    else:
        out.update(
            peer_holes_per_s=round(20000 / peer_wall),
            peer_holes_per_cpu_s=round(20000 / peer_cpu),
            ratio_wall=round(peer_wall / golf_wall, 2),
            ratio_cpu=round(peer_cpu / golf_cpu, 2),
            target="ratio >= 3",
        )
    out["load_after"] = load()
    return out


def expert_holes(games: int) -> float:
    """CPU seconds of ``games`` one-hole six-card games, expert against expert."""
    from golfcli.bots.registry import make_bot
    from golfcli.match import Match
    from golfcli.variantload import builtin

    v = builtin("six-card")
    bots = [make_bot("expert") for _ in range(2)]
    Match(v, bots, seed="warm-up", holes=1).play()  # warm up: the per-variant tables
    t0 = time.process_time()
    for i in range(games):
        Match(v, bots, seed=i, holes=1).play()
    return time.process_time() - t0


def target_expert(repeat: int, games: int = 1000) -> dict[str, object]:
    """Target 2: CPU per seat-hole (both sides two seats a hole), best of ``repeat``."""
    out: dict[str, object] = {"scenario": "target-expert", "load_before": load()}
    server = peer_server()
    golf_cpu = peer_cpu = float("inf")
    for _ in range(repeat):
        golf_cpu = min(golf_cpu, expert_holes(games))
        if server is not None:
            peer_cpu = min(peer_cpu, peer("ai", games)["cpu_s"])
    out.update(
        golf_holes_per_cpu_s=round(games / golf_cpu, 1),
        golf_cpu_ms_per_seat_hole=round(golf_cpu / (2 * games) * 1e3, 3),
    )
    if server is None:
        out["reference"] = NO_PEER
    else:
        out.update(
            peer_holes_per_cpu_s=round(games / peer_cpu, 1),
            peer_cpu_ms_per_seat_hole=round(peer_cpu / (2 * games) * 1e3, 3),
            ratio=round(golf_cpu / peer_cpu, 2),
            target="ratio <= 1",
        )
    out["load_after"] = load()
    return out


def target_start(repeat: int) -> dict[str, object]:
    """Target 3: fresh processes, run in turn, best and median wall and best CPU."""
    runs = {
        "python_pass": [sys.executable, "-c", "pass"],
        "golf_score": [golf_exe(), "score", "5 K 2 / 5 7 9"],
        "golf_help": [golf_exe(), "--help"],
    }
    walls: dict[str, list[float]] = {k: [] for k in runs}
    cpus: dict[str, list[float]] = {k: [] for k in runs}
    out: dict[str, object] = {"scenario": "target-start", "load_before": load()}
    for _ in range(max(5, repeat * 5)):
        for name, cmd in runs.items():
            wall, cpu, _ = child_run(cmd)
            walls[name].append(wall)
            cpus[name].append(cpu)
    for name in runs:
        w = sorted(walls[name])
        out[f"{name}_wall_ms_best"] = round(w[0] * 1e3, 1)
        out[f"{name}_wall_ms_median"] = round(w[len(w) // 2] * 1e3, 1)
        out[f"{name}_cpu_ms_best"] = round(min(cpus[name]) * 1e3, 1)
    base = min(walls["python_pass"])
    for name in ("golf_score", "golf_help"):
        out[f"{name}_over_python_ms"] = round((min(walls[name]) - base) * 1e3, 1)
    out["target"] = "golf_score and golf_help wall <= 100 ms"
    out["load_after"] = load()
    return out


def target_install(repeat: int) -> dict[str, object]:
    """Target 4: the README's first command from a fresh clone of the last commit
    (uncommitted changes are not in it), timed in its parts; and the same
    clone installed pure (GOLF_PURE=1), the reference without the compile."""
    out: dict[str, object] = {"scenario": "target-install", "load_before": load()}
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    out["commit"] = head
    best: dict[str, dict[str, float]] = {}
    for _ in range(repeat):
        for how in ("compiled", "pure"):
            with tempfile.TemporaryDirectory() as tmp:
                clone = Path(tmp) / "golf"
                subprocess.run(
                    ["git", "clone", "-q", str(ROOT), str(clone)], check=True, capture_output=True
                )
                env = {k: v for k, v in os.environ.items() if k not in ("GOLF_PURE", "VIRTUAL_ENV")}
                # the run records its games as a user's does, but not in the user's database
                env["XDG_DATA_HOME"] = str(Path(tmp) / "data")
                if how == "pure":
                    env["GOLF_PURE"] = "1"
                bin_ = clone / ".venv" / "bin"
                steps = {
                    "venv_s": [sys.executable, "-m", "venv", ".venv"],
                    "pip_install_s": [str(bin_ / "pip"), "install", "-q", "."],
                    "tournament_s": [str(bin_ / "golf"), "tournament", "configs/alberta.yaml"],
                }
                times: dict[str, float] = {}
                for step, cmd in steps.items():
                    wall, _, _ = child_run(cmd, cwd=clone, env=env)
                    times[step] = round(wall, 1)
                times["total_s"] = round(sum(times.values()), 1)
                if how not in best or times["total_s"] < best[how]["total_s"]:
                    best[how] = times
    out["compiled"] = best["compiled"]
    out["pure"] = best["pure"]
    out["compile_cost_s"] = round(
        best["compiled"]["pip_install_s"] - best["pure"]["pip_install_s"], 1
    )
    out["target"] = "compiled total_s <= 45"
    out["load_after"] = load()
    return out


#: The callgrind workloads: ``n`` one-hole games through Match, and nothing for n = 0
#: (start-up and imports, subtracted).
_WORKLOAD = """
import sys
from golfcli.cli.app import build_kind
if build_kind() != sys.argv[4]:
    raise SystemExit(f"the workload imported the {build_kind()} build, not the {sys.argv[4]} one")
from golfcli.bots.registry import make_bot
from golfcli.match import Match
from golfcli.variantload import builtin
variant, spec, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
v = builtin(variant)
bots = [make_bot(spec) for _ in range(2)]
Match(v, bots, seed="warm-up", holes=1).play()
for i in range(n):
    Match(v, bots, seed=i, holes=1).play()
"""


def _instructions(args: Sequence[str]) -> int:
    """Instructions of the workload (``-P``: the golf this interpreter has
    installed, never a source tree in the current folder, which would be
    the pure build; the workload checks the build it imported is this one's)."""
    from golfcli.cli.app import build_kind

    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-P",
            "-c",
            _WORKLOAD,
            *args,
            build_kind(),
        ],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise SystemExit(f"the callgrind workload failed:\n{done.stderr[-500:]}")
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{done.stderr[-500:]}")
    return int(found.group(1))


def instructions(repeat: int) -> dict[str, object]:
    """Instructions a hole (callgrind): six-card random and expert, two seats."""
    out: dict[str, object] = {"scenario": "instructions"}
    if shutil.which("valgrind") is None:
        out["error"] = "valgrind is not installed"
        return out
    for label, spec, n in (("random", "random", 400), ("expert", "expert", 20)):
        base = _instructions(["six-card", spec, "0"])
        full = _instructions(["six-card", spec, str(n)])
        out[f"six_card_{label}_instructions_per_hole"] = round((full - base) / n)
    return out


def target_scale(repeat: int) -> dict[str, object]:
    """Target 5: scripts/bench_scale.py once (it plays a million games; ``repeat``
    does not apply), its lines gathered into one, with whether the targets are met."""
    out: dict[str, Any] = {"scenario": "target-scale", "load_before": load()}
    done = subprocess.run(
        [sys.executable, str(HERE / "bench_scale.py")], check=True, capture_output=True, text=True
    )
    memory: list[dict[str, Any]] = []
    for line in done.stdout.splitlines():
        item = json.loads(line)
        if "memory" in item:
            memory.append(item["memory"])
        elif "scenario" not in item:
            out.update(item)
    most = max((m for s in memory for m in s["rss_mib"]), default=float("inf"))
    out["memory"] = memory
    out["largest_rss_mib"] = most
    out["target"] = "every process under 100 MB at every mark; golf ratings under 1 s"
    out["met"] = (
        most < 100
        and bool(out.get("resume", {}).get("every_game_once"))
        and float(out.get("ratings", {}).get("wall_s", float("inf"))) < 1.0
    )
    out["load_after"] = load()
    return out


RUNNERS: dict[str, Callable[[int], dict[str, object]]] = {
    "target-random": target_random,
    "target-expert": target_expert,
    "target-start": target_start,
    "target-install": target_install,
    "target-scale": target_scale,
    "instructions": instructions,
}
