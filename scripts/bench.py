#!/usr/bin/env python3
"""Engine benchmarks: one JSON line per scenario with holes per second and peak memory.

Scenarios (targets in docs/performance.md):
  six-card-2p-random         six-card, 2 random bots
  six-card-4p-greedy         six-card, 4 greedy bots
  alberta-4p-partners-random alberta, 4 random bots in 2 partner groups
  nine-card-3p-random        nine-card, 3 random bots
  four-card-4p-expert        four-card, 4 expert bots
  alberta-4p-expert          alberta, 4 expert bots in 2 partner groups (18-card layouts)
  six-card-2p-mc             six-card, mc against expert (mc's default options)
  expert-decision-six-card   CPU ms per expert decision, six-card, 2 experts
  expert-decision-alberta    CPU ms per expert decision, alberta, 4 experts
  six-card-2p-floor          CPU microseconds of the pieces of a six-card 2p random hole
                             and of a bare loop of the same work without the Match
                             (no timing, faults or records): the floor of the
                             engine as it is
  tournament-random          a whole `golf tournament` process: 20,000 one-hole six-card
                             games between two random bots, --workers 1 (games/s)
  tournament-parts           the same games piece by piece, CPU microseconds a game:
                             the slot, the bots, the Match's set-up, the hole, the
                             record, the tally, the database's row, the rating replay
  alberta-config             wall time of README's first command's tournament
                             (`golf tournament configs/alberta.yaml`, 2 workers)
  huge-2p-expert             an 8x12 grid with shots and five patterns, 2 expert bots
                             (what the expert's work budget bounds)
  score-cli                  wall time of one `golf score` call (a fresh process)
  import                     what `import golfcli` and `golf score` load: modules counted
                             (the same on any machine) and CPU ms of a fresh process
                             (the public names load lazily: importing the package
                             must stay as cheap as `__version__`)
  env-steps                  golf's PettingZoo environment (golfcli.env, six-card, 2 agents):
                             AEC steps per second with random agents that read the
                             observation and pick from its action mask (the rl extra)
  spiel-playouts             golf's OpenSpiel game (golfcli.spiel, six-card, 2 players):
                             random playouts per second from the initial state, chance
                             nodes (the deal, each stock draw) sampled by their odds
                             (the spiel extra; neither of these two is in the default list)
  mc-tournament              a whole `golf tournament` process: 100 nine-hole six-card
                             games, mc against expert, --workers 2 (wall and CPU seconds;
                             minutes: run it alone, not part of the default list)

`golf --version` (printed first) says which build runs: compiled with mypyc, or
pure Python (GOLF_PURE=1 runs the sources of a compiled install).

Each game scenario plays one-hole games through the real Match loop (the same
path tournaments use), on one core, for about --seconds seconds, and reports
the best of --repeat runs (machines here are shared and noisy).  Peak memory
is tracemalloc's peak during one run, in KiB.

The targets, each against a reference run in the same invocation where there is one
(scripts/bench_targets.py says what each is measured against; `target-install` and
`target-scale` take minutes and are named on their own):
  target-random, target-expert, target-start, target-install, target-scale, instructions

Usage: python scripts/bench.py [SCENARIO ...] [--seconds S] [--repeat N] [--spec BOT]
(--spec: the bot of the expert-decision scenarios, e.g. "expert?hole_win=0")
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench_targets import RUNNERS, SLOW_TARGETS, TARGETS, golf_exe
from bench_tournament import TINY  # the one-hole random config both benches time

from golfcli.bots.registry import make_bot
from golfcli.match import Match
from golfcli.variantload import builtin, load_variant

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
    "six-card-2p-mc": ("six-card", ["mc", "expert"]),
    "huge-2p-expert": (HUGE, ["expert"] * 2),
}
#: The mc target's tournament: 50 deals in both seatings, 900 holes of mc
#: against expert (a tournament with mc seats must finish in 2 minutes on 2 cores).
MC_TOURNAMENT = """\
name: mc against expert
variant: six-card
holes: 9
players:
  - {name: mc, bot: mc}
  - {name: expert, bot: expert}
games: 50                 # deals; x 2 seatings = 100 games
duplicate: true
seed: 17
"""
DECISIONS = {
    "expert-decision-six-card": ("six-card", 2),
    "expert-decision-alberta": ("alberta", 4),
}
ROOT = Path(__file__).resolve().parent.parent
#: The framework adapters' scenarios: they need the rl and spiel extras, so
#: they are named on the command line, not run by default.
FRAMEWORKS = ("env-steps", "spiel-playouts")


def run_games(name: str, seconds: float) -> tuple[float, float, int]:
    """Holes per second of wall time and CPU microseconds per hole (the
    machine is shared: CPU time is the steadier of the two)."""
    spec, specs = GAMES[name]
    v = builtin(spec) if isinstance(spec, str) else load_variant(spec)
    bots = [make_bot(s) for s in specs]
    holes = 0
    start = time.perf_counter()
    cpu = time.process_time()
    deadline = start + seconds
    while True:
        Match(v, bots, seed=holes, holes=1).play()
        holes += 1
        if time.perf_counter() >= deadline:
            break
    cpu_us = (time.process_time() - cpu) / holes * 1e6
    return holes / (time.perf_counter() - start), cpu_us, holes


def bench_game(name: str, seconds: float, repeat: int) -> dict[str, object]:
    best = 0.0
    best_cpu = float("inf")
    total = 0
    for _ in range(repeat):
        rate, cpu_us, n = run_games(name, seconds)
        best = max(best, rate)
        best_cpu = min(best_cpu, cpu_us)
        total += n
    tracemalloc.start()
    run_games(name, min(seconds, 0.5))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "scenario": name,
        "holes_per_s": round(best, 1),
        "cpu_us_per_hole": round(best_cpu, 1),
        "holes": total,
        "peak_kib": peak // 1024,
    }


def bench_decisions(
    name: str, seconds: float, repeat: int, spec: str = "expert"
) -> dict[str, object]:
    """CPU time per expert decision (``process_time``: the machine is shared),
    every seat the bot ``spec`` (the expert with other options, say).  A
    decision with one legal action costs nothing and is not counted."""
    variant_name, players = DECISIONS[name]
    v = builtin(variant_name)
    best = float("inf")
    total = 0
    for _ in range(repeat):
        bots = [make_bot(spec) for _ in range(players)]
        decisions = 0
        start = time.process_time()
        hole = 0
        while time.process_time() - start < seconds:
            res = Match(v, bots, seed=hole, holes=1).play()
            decisions += sum(s.decisions for s in res.stats)
            hole += 1
        best = min(best, (time.process_time() - start) / max(1, decisions))
        total += decisions
    out: dict[str, object] = {"scenario": name, "cpu_ms_per_decision": round(best * 1000, 3)}
    if spec != "expert":
        out["spec"] = spec
    return {**out, "decisions": total}


def bench_floor(repeat: int) -> dict[str, object]:
    """What a six-card random hole is made of, in CPU microseconds (best of
    ``repeat`` runs of 5,000): seeding the two bots, the keyed deal, the
    decisions on a fixed deal, all three bare (no Match), and the real
    ``Match`` hole.  The gap between the last two is the match's bookkeeping."""
    from golfcli.keys import KeyedRandom, bot_seed, derive
    from golfcli.state import HoleState

    v = builtin("six-card")
    bots = [make_bot("random") for _ in range(2)]

    def seeding(i: int) -> None:
        for k, b in enumerate(bots):
            b.seed(bot_seed(i, f"P{k + 1}"))

    def deal(i: int) -> HoleState:
        return HoleState(v, 2, 0, KeyedRandom(derive(i, "hole:1")))

    order = deal(0).events[0].data[1]

    def decisions(i: int) -> None:
        st = HoleState(v, 2, 0, order=order)
        while st.phase != "over":
            st.apply_trusted(bots[st.current].choose(None, st.legal_actions()))

    def bare(i: int) -> None:
        seeding(i)
        st = deal(i)
        while st.phase != "over":
            st.apply_trusted(bots[st.current].choose(None, st.legal_actions()))

    def match(i: int) -> None:
        Match(v, bots, seed=i, holes=1).play()

    out: dict[str, object] = {"scenario": "six-card-2p-floor"}
    for name, fn in (
        ("seed_two_bots_us", seeding),
        ("keyed_deal_us", deal),
        ("decisions_fixed_deal_us", decisions),
        ("bare_hole_us", bare),
        ("match_hole_us", match),
    ):

        def run(fn: Callable[[int], object] = fn) -> None:
            for i in range(5000):
                fn(i)

        out[name] = round(best_cpu_s(run, repeat) / 5000 * 1e6, 1)
    return out


def best_cpu_s(fn: Callable[[], object], repeat: int) -> float:
    """The least CPU seconds of ``repeat`` calls of ``fn``: the in-process
    scenarios' timer (the least is the run the machine's other jobs
    disturbed least)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best


def bench_tournament_random(repeat: int) -> dict[str, object]:
    """A whole ``golf tournament`` process (start-up, config, report
    included): 10,000 duplicate deals of one hole, two seatings each,
    recording its games in a fresh ratings database (as a user's run does,
    but never the user's own), and the same with ``--no-db``: what
    recording costs."""
    import resource
    import tempfile

    best = {"db": float("inf"), "no-db": float("inf")}
    best_cpu = dict(best)
    with tempfile.TemporaryDirectory() as tmp:
        cfg = Path(tmp) / "tiny.yaml"
        cfg.write_text(TINY)
        for k in range(repeat):
            for how in best:
                db = ["--db", str(Path(tmp) / f"r{k}.db")] if how == "db" else ["--no-db"]
                cmd = [golf_exe(), "tournament", str(cfg), "--games", "10000", "--workers", "1"]
                cmd += db
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                t0 = time.perf_counter()
                subprocess.run(cmd, check=True, capture_output=True)
                best[how] = min(best[how], time.perf_counter() - t0)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
                best_cpu[how] = min(best_cpu[how], cpu)
    return {
        "scenario": "tournament-random",
        "games_per_s": round(20000 / best["db"], 1),
        "wall_s_best": round(best["db"], 2),
        # user + sys of the whole process: what the run costs on a busy machine
        "cpu_s_best": round(best_cpu["db"], 2),
        "games_per_cpu_s": round(20000 / best_cpu["db"], 1),
        # the same run with --no-db: the ratings database's share of the cost
        "no_db_cpu_s_best": round(best_cpu["no-db"], 2),
    }


def bench_tournament_parts(repeat: int, games: int = 10_000) -> dict[str, object]:
    """Target 1's game, piece by piece, in CPU microseconds a game (best of
    ``repeat`` runs of ``games`` games each, every piece in a loop of its
    own: no timer inside a game).  The pieces of ``GameRunner.play_record``
    (the plan's slot, the two bots made and seeded, the ``Match`` set up,
    the hole played, the bots closed; ``record`` is the rest: the game's
    record as a dict), then the runner's own per game: the tally of
    standings, pairs and deals (``stats``), the ratings database's row, and
    the replay that brings the board's ratings up to date at the run's end
    (in memory here; the database's own reads and writes are what
    ``tournament-random``'s ``--no-db`` run leaves out)."""
    import tempfile

    from golfcli.keys import bot_seed
    from golfcli.stats import Tally, outcome_from_record
    from golfcli.tournament import leaderboard
    from golfcli.tournament.config import load_config
    from golfcli.tournament.ratingsdb import _row
    from golfcli.tournament.worker import GameRunner, _game_parts

    with tempfile.TemporaryDirectory() as tmp:
        cfg = Path(tmp) / "tiny.yaml"
        cfg.write_text(TINY)
        plan = load_config(cfg, games=games // 2)
    runner = GameRunner(plan, None)
    close_bot = _game_parts()[0]
    slots = [plan.slot(i) for i in range(games)]
    names = [[plan.players[p].name for p in s.seating] for s in slots]
    specs = [[plan.players[p] for p in s.seating] for s in slots]
    runner.play_record(0, line=False)  # the bots' factories made (and known seeded), as in a run

    def make(i: int) -> list[Any]:
        pairs = zip(specs[i], names[i], strict=True)
        return [runner._bot(sp, bot_seed(slots[i].seed, n)) for sp, n in pairs]

    # one pair of bots for the set-up and the hole (made and dropped a game at
    # a time, as a run does, in "bots"): 20,000 bots kept at once would time
    # the memory of their generators, not the work
    both = make(0)

    def match(i: int) -> Any:
        return runner.new_match(slots[i].seed, both, names[i])

    records = [runner.play_record(i, line=False)[1] for i in range(games)]
    index = {e.name: k for k, e in enumerate(plan.entrants)}
    who = {(1, n): (n, "{}", "") for n in ("a", "b")}
    games_rows = [
        (1, r["game"], [r[k] for k in ("seating", "side_of", "totals", "holes_won", "winners")], "")
        for r in records
    ]

    def tally() -> None:
        t = Tally([e.name for e in plan.entrants], plan.scoring)
        for i, r in enumerate(records):
            t.add(outcome_from_record(r, index))
            if (i + 1) % plan.per_deal == 0:
                t.close_deal()

    pieces: dict[str, Callable[[], object]] = {
        "slot": lambda: [plan.slot(i) for i in range(games)],
        "bots": lambda: [len(make(i)) for i in range(games)],
        "match_set_up": lambda: [match(i).players for i in range(games)],
        "set_up_and_hole": lambda: [match(i).play().winners for i in range(games)],
        "close": lambda: [close_bot(b) for _ in range(games) for b in both],
        "play_record": lambda: [len(runner.play_record(i, line=False)) for i in range(games)],
        "tally": tally,
        "db_row": lambda: [len(_row(1, r, "")) for r in records],
        "rating_replay": lambda: leaderboard._replay(
            leaderboard.Replayed(), games_rows, who, {1: ("s", "u")}, plan.scoring
        ),
    }
    us = {name: best_cpu_s(fn, repeat) / games * 1e6 for name, fn in pieces.items()}
    us["hole"] = us.pop("set_up_and_hole") - us["match_set_up"]
    parts = ("slot", "bots", "match_set_up", "hole", "close")
    us["record"] = us["play_record"] - sum(us[k] for k in parts)
    out: dict[str, object] = {"scenario": "tournament-parts", "games": games}
    out.update({f"{k}_us": round(v, 1) for k, v in us.items()})
    return out


def bench_alberta_config(repeat: int) -> dict[str, object]:
    cmd = [golf_exe(), "tournament", str(ROOT / "configs" / "alberta.yaml"), "--workers", "2"]
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        times.append(time.perf_counter() - t0)
    return {"scenario": "alberta-config", "wall_s_best": round(min(times), 2), "runs": repeat}


def bench_mc_tournament(repeat: int) -> dict[str, object]:
    """The whole ``golf tournament`` process on :data:`MC_TOURNAMENT` with two
    workers: wall seconds, and the CPU seconds of the process and its workers
    (``RUSAGE_CHILDREN``: on a shared machine the wall time says little)."""
    import resource
    import tempfile

    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        cfg = Path(tmp) / "mc.yaml"
        cfg.write_text(MC_TOURNAMENT)
        for _ in range(repeat):
            cmd = [golf_exe(), "tournament", str(cfg), "--workers", "2"]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run(cmd, check=True, capture_output=True)
            wall = time.perf_counter() - t0
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            runs.append((wall, cpu))
    wall, cpu = min(runs)
    return {
        "scenario": "mc-tournament",
        "games": 100,
        "wall_s_best": round(wall, 1),
        "cpu_s": round(cpu, 1),
        "cpu_s_per_hole": round(cpu / 900, 3),
        "runs": repeat,
    }


def bench_score_cli(repeat: int) -> dict[str, object]:
    cmd = [golf_exe(), "score", "5 K 2 / 5 7 9"]
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


#: Run in a fresh interpreter: the modules ``import golfcli`` loads, then
#: those a whole ``golf score`` call loads (as the console script runs it).
_IMPORT_PROBE = """
import sys
before = set(sys.modules)
if sys.argv[1] == "bare":
    print(0, 0, 0, file=sys.stderr)
    raise SystemExit
import golfcli
pkg = set(sys.modules) - before
if sys.argv[1] == "score":
    sys.argv = ["golf", "score", "5 K 2 / 5 7 9"]
    from golfcli.cli.entry import main
    try:
        main()
    except SystemExit:
        pass
loaded = set(sys.modules) - before
print(len(pkg), len(loaded), sum(1 for m in loaded if m.startswith("golfcli")), file=sys.stderr)
"""


def bench_import(repeat: int) -> dict[str, object]:
    """Modules loaded (a count, the same on any machine) and the best CPU time
    of a fresh process (user + sys; start-up of the interpreter included) for
    the interpreter alone, ``import golfcli`` and a whole ``golf score`` call."""
    import resource

    out: dict[str, object] = {"scenario": "import"}
    for what in ("bare", "import", "score"):
        best = float("inf")
        counts = ""
        for _ in range(max(3, repeat * 3)):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            done = subprocess.run(
                [sys.executable, "-c", _IMPORT_PROBE, what],
                check=True,
                capture_output=True,
                text=True,
            )
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
            best = min(best, cpu)
            counts = done.stderr.split()
        package, total, ours = (int(x) for x in counts[-3:])
        if what == "bare":
            out["python_alone_cpu_ms_best"] = round(best * 1000, 1)
        elif what == "import":
            out["import_golfcli_modules"] = package
            out["import_golfcli_cpu_ms_best"] = round(best * 1000, 1)
        else:
            out["golf_score_modules"] = total
            out["golf_score_golfcli_modules"] = ours
            out["golf_score_cpu_ms_best"] = round(best * 1000, 1)
    return out


def bench_env_steps(seconds: float, repeat: int) -> dict[str, object]:
    """Environment steps of random agents, each reading its observation and
    choosing from the action mask (best of ``repeat``; CPU time beside wall)."""
    import numpy as np

    from golfcli.env import raw_env

    table = raw_env("six-card", 2)
    rng = np.random.default_rng(1)
    best, best_cpu, total = 0.0, float("inf"), 0
    for r in range(repeat):
        table.reset(seed=r)
        steps = 0
        start, cpu = time.perf_counter(), time.process_time()
        while time.perf_counter() - start < seconds:
            for _agent in table.agent_iter():
                obs, _, done, truncated, _ = table.last()
                if done or truncated:
                    table.step(None)
                    continue
                legal = obs["action_mask"].nonzero()[0]
                table.step(int(legal[rng.integers(len(legal))]))
                steps += 1
            table.reset()
        best = max(best, steps / (time.perf_counter() - start))
        best_cpu = min(best_cpu, (time.process_time() - cpu) / steps)
        total += steps
    return {
        "scenario": "env-steps",
        "steps_per_s": round(best),
        "cpu_us_per_step": round(best_cpu * 1e6, 2),
        "steps": total,
    }


def bench_spiel_playouts(seconds: float, repeat: int) -> dict[str, object]:
    """Random playouts of the OpenSpiel game from its initial state, chance
    outcomes drawn by their probabilities (best of ``repeat``)."""
    import random

    import pyspiel

    import golfcli.spiel  # noqa: F401  (registers the game)

    game = pyspiel.load_game("golf", {"variant": "six-card", "players": 2})
    rng = random.Random(1)
    best, best_cpu, total, moves = 0.0, float("inf"), 0, 0
    for _ in range(repeat):
        playouts = 0
        start, cpu = time.perf_counter(), time.process_time()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, probs)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    moves += 1
            playouts += 1
        best = max(best, playouts / (time.perf_counter() - start))
        best_cpu = min(best_cpu, (time.process_time() - cpu) / playouts)
        total += playouts
    return {
        "scenario": "spiel-playouts",
        "playouts_per_s": round(best, 1),
        "cpu_ms_per_playout": round(best_cpu * 1e3, 3),
        "decisions_per_playout": round(moves / total, 1),
        "playouts": total,
    }


def build() -> str:
    try:
        from golfcli.cli.app import build_kind
    except ImportError:  # a checkout from before the compiled build
        return "pure Python"
    return build_kind()


def print_digest(digest: Any, counts: dict[str, int], start: float) -> None:
    """The one JSON line of a hash script (expert_hash.py, mc_hash.py): the
    digest, what it covers, the CPU seconds since ``start`` and the build."""
    out = {
        "hash": digest.hexdigest()[:16],
        **counts,
        "cpu_s": round(time.process_time() - start, 2),
        "build": build(),
    }
    print(json.dumps(out))


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    extra = [
        "six-card-2p-floor",
        "tournament-random",
        "tournament-parts",
        "alberta-config",
        "score-cli",
        "import",
    ]
    targets = [t for t in TARGETS if t not in SLOW_TARGETS]
    ap.add_argument("scenarios", nargs="*", default=[*targets, *GAMES, *DECISIONS, *extra])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument(
        "--spec", default="expert", help="the bot of the expert-decision scenarios (its options)"
    )
    args = ap.parse_args()
    print(
        json.dumps(
            {
                "python": platform.python_version(),
                "machine": platform.machine(),
                "processor": platform.processor() or "unknown",
                "build": build(),
                "cores": len(os.sched_getaffinity(0)),
                "load": os.getloadavg()[0],
                "nice": os.nice(0),
            }
        )
    )
    for name in args.scenarios:
        if name in RUNNERS:
            out = RUNNERS[name](args.repeat)
        elif name == "score-cli":
            out = bench_score_cli(args.repeat)
        elif name == "import":
            out = bench_import(args.repeat)
        elif name == "tournament-random":
            out = bench_tournament_random(args.repeat)
        elif name == "tournament-parts":
            out = bench_tournament_parts(args.repeat)
        elif name == "six-card-2p-floor":
            out = bench_floor(args.repeat)
        elif name == "alberta-config":
            out = bench_alberta_config(args.repeat)
        elif name == "env-steps":
            out = bench_env_steps(args.seconds, args.repeat)
        elif name == "spiel-playouts":
            out = bench_spiel_playouts(args.seconds, args.repeat)
        elif name == "mc-tournament":
            out = bench_mc_tournament(args.repeat)
        elif name in DECISIONS:
            out = bench_decisions(name, args.seconds, args.repeat, args.spec)
        elif name in GAMES:
            out = bench_game(name, args.seconds, args.repeat)
        else:
            known = ", ".join([*TARGETS, *GAMES, *DECISIONS, *extra, *FRAMEWORKS, "mc-tournament"])
            print(
                f"unknown scenario {name!r}; choose from {known}",
                file=sys.stderr,
            )
            return 2
        print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
