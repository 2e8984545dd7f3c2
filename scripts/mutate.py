#!/usr/bin/env python3
"""Mutation testing of the rules core with mutmut, in bounded time on 2 cores.

A mutant is the package with one small change (``<`` for ``<=``, ``min`` for
``max``, a string or number altered, an argument dropped).  The suite should
fail on every mutant that changes behaviour; a mutant that passes is a bug the
tests would let through.  Configuration (which modules, which test files) is
``[tool.mutmut]`` in pyproject.toml; docs/testing.md explains the numbers.

Modes:

* everyday (default): a seeded random sample of ``--sample`` mutants from the
  chosen modules (the seed is printed, so a run can be repeated);
* ``--module view``: every mutant of one or more modules;
* ``--survivors``: run again only the mutants that survived last time (after
  adding tests);
* ``--full``: every mutant of the chosen modules from scratch (cached results
  deleted), for releases; this is the run that measures the mutation score.

Every run is niced (``nice 19``), uses at most ``--jobs`` (default 2) worker
processes, stops after ``--minutes`` (results so far are kept) and ends by
printing the survivors and the score: killed / (all - equivalent), where the
equivalent mutants are the ones listed in docs/testing.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
MODULES = ("game", "scoring", "state", "view")  # pyproject's [tool.mutmut] only_mutate
DOCS = ROOT / "docs" / "testing.md"

# mutmut's exit codes per mutant (mutmut/stats.py): what counts as killed.
KILLED = {1, 3, 36, -24, 24, 152, 255, 37, -11, -9}
SURVIVED = {0}
NO_TESTS = {5, 33}


def mutmut() -> list[str]:
    exe = Path(sys.executable).with_name("mutmut")
    if not exe.exists():
        sys.exit("mutate.py: mutmut is not installed (pip install -e '.[dev]')")
    return [str(exe)]


def meta_results(modules: list[str]) -> dict[str, int | None]:
    """mutant name -> mutmut's exit code (None: not run yet), for ``modules``."""
    out: dict[str, int | None] = {}
    for mod in modules:
        meta = MUTANTS / "golfcli" / f"{mod}.py.meta"
        if meta.exists():
            out.update(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
    return out


def generate(jobs: int) -> None:
    """Write the mutants (no tests run) so their names can be sampled.

    mutmut has no command for this; its own first steps are called, which is
    why pyproject pins the mutmut version."""
    code = (
        "import os, mutmut.__main__ as m\n"
        "os.makedirs('mutants', exist_ok=True)\n"
        "m.copy_src_dir(); m.copy_also_copy_files(); m.setup_source_paths()\n"
        f"m.create_mutants({jobs})\n"
    )
    print("writing the mutants (no tests run yet) ...", flush=True)
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def equivalent_names() -> dict[str, str]:
    """Mutants docs/testing.md lists as equivalent: name -> reason."""
    out: dict[str, str] = {}
    if DOCS.exists():
        for line in DOCS.read_text(encoding="utf-8").splitlines():
            m = re.match(r"\|\s*`(golfcli\.[^`]+__mutmut_\d+)`\s*\|(.*)\|", line)
            if m:
                out[m.group(1)] = m.group(2).strip()
    return out


def run_mutmut(names: list[str], jobs: int, minutes: float) -> bool:
    """``mutmut run`` on ``names`` (niced; all when empty); False if stopped by the time limit."""
    cmd = [*mutmut(), "run", "--max-children", str(jobs), *names]
    shown = " ".join(["nice -n 19 mutmut", *cmd[1:4]])
    print("$", shown, f"... ({len(names) or 'all'} mutants)", flush=True)
    MUTANTS.mkdir(exist_ok=True)
    log = MUTANTS / "run.log"  # mutmut's own progress output, for a closer look
    with open(log, "w", encoding="utf-8") as out:
        proc = subprocess.Popen(
            cmd,
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=lambda: os.nice(19),
        )
        try:
            proc.wait(timeout=minutes * 60)
            return True
        except subprocess.TimeoutExpired:
            print(f"time limit of {minutes} min reached: stopping (results so far are kept)")
            os.killpg(proc.pid, signal.SIGTERM)  # mutmut and its forked workers
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
            return False
        except KeyboardInterrupt:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            raise


def report(modules: list[str], only: set[str] | None) -> float:
    results = meta_results(modules)
    if only is not None:
        results = {k: v for k, v in results.items() if k in only}
    equivalent = equivalent_names()
    tally: Counter[str] = Counter()
    survivors: list[tuple[str, str]] = []
    for name, code in sorted(results.items()):
        if name in equivalent:
            tally["equivalent"] += 1
        elif code is None:
            tally["not run"] += 1
        elif code in KILLED:
            tally["killed"] += 1
        elif code in SURVIVED:
            tally["survived"] += 1
            survivors.append((name, "survived"))
        elif code in NO_TESTS:
            tally["no tests"] += 1
            survivors.append((name, "no test reaches it"))
        else:
            tally[f"exit {code}"] += 1
            survivors.append((name, f"exit code {code}"))
    for name, why in survivors:
        print(f"SURVIVOR {name}  ({why})  -> mutmut show {name}")
    ran = sum(n for k, n in tally.items() if k not in ("not run", "equivalent"))
    score = tally["killed"] / ran if ran else 0.0
    print()
    print("modules:", ", ".join(modules), "| mutants:", len(results), "|", dict(tally))
    print(
        f"mutation score: {tally['killed']}/{ran} = {100 * score:.1f}% of the non-equivalent"
        " mutants that ran" + (f" ({tally['not run']} not run yet)" if tally["not run"] else "")
    )
    return score


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument(
        "--module", action="append", choices=MODULES, help="every mutant of this module (again)"
    )
    ap.add_argument("--sample", type=int, default=150, help="mutants in the everyday sample")
    ap.add_argument("--seed", type=int, help="sample seed (default: random, printed)")
    ap.add_argument(
        "--all", action="store_true", help="every mutant not run yet (keeps cached verdicts)"
    )
    ap.add_argument(
        "--full", action="store_true", help="every mutant, cached verdicts deleted first"
    )
    ap.add_argument("--survivors", action="store_true", help="rerun last run's survivors")
    ap.add_argument("--report", action="store_true", help="only print the last results")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--minutes", type=float, default=20.0, help="time limit (default 20)")
    args = ap.parse_args()
    modules = list(dict.fromkeys(args.module or MODULES))
    os.chdir(ROOT)
    built = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "golfcli").rglob("*.so"))
    if built:  # a compiled module would be imported instead of its mutated source
        sys.exit(
            f"mutate.py: compiled modules in the source tree ({built[0]}, ...): "
            "mutate the pure build (GOLF_PURE=1 pip install -e '.[test,dev]')"
        )
    if args.report:
        report(modules, None)
        return 0
    if args.full and MUTANTS.exists():
        shutil.rmtree(MUTANTS)
    start = time.monotonic()
    only: set[str] | None = None
    if args.full or args.all:
        names = []  # mutmut's own "everything not yet run"
    elif args.module and not args.survivors:
        names = [f"golfcli.{m}.*" for m in modules]  # named: run again, cached or not
    else:
        if not meta_results(modules):
            generate(args.jobs)
        known = meta_results(modules)
        equivalent = equivalent_names()
        if args.survivors:
            names = sorted(
                k for k, v in known.items() if v in SURVIVED | NO_TESTS and k not in equivalent
            )
        else:
            seed = args.seed if args.seed is not None else random.randrange(10**6)
            print(f"sample of {args.sample} mutants, seed {seed} (repeat with --seed {seed})")
            pool = sorted(k for k in known if k not in equivalent)
            names = sorted(random.Random(seed).sample(pool, min(args.sample, len(pool))))
        only = set(names)
        if not names:
            print("nothing to run")
            return 0
    finished = run_mutmut(names, args.jobs, args.minutes)
    print(f"ran for {(time.monotonic() - start) / 60:.1f} min{'' if finished else ' (stopped)'}")
    report(modules, only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
