#!/usr/bin/env python3
"""Mutation testing with mutmut, in bounded time on 2 cores.

A mutant is the package with one small change (``<`` for ``<=``, ``min`` for
``max``, a string or number altered, an argument dropped).  The suite should
fail on every mutant that changes behaviour; a mutant that passes is a bug the
tests would let through.  Configuration (which modules, which test files) is
``[tool.mutmut]`` in pyproject.toml; docs/testing.md explains the numbers.

Modes:

* everyday (default): a seeded random sample of ``--sample`` mutants from the
  chosen modules (the seed is printed, so a run can be repeated);
* ``--module variant``: every mutant of one or more modules, run again
  (with ``--sample N``: a seeded sample of N of them, to estimate a module's
  score when a full run would take hours);
* ``--function NAME``: every mutant of the functions named (``_deck``,
  ``Match._decide``), run again: after editing them;
* ``--survivors``: run again only the mutants that survived last time (after
  adding tests);
* ``--all``: every mutant without a verdict (mutmut keeps the verdicts of
  functions whose code did not change, so this reruns what changed);
* ``--full``: every mutant from scratch (cached results deleted), for releases;
* ``--recheck``: each survivor's tests again in a fresh pytest process with the
  mutant switched on, outside mutmut's forked workers: a survivor killed there
  is a verdict of mutmut's not to trust.

Every run is niced (``nice 19``), uses at most ``--jobs`` (default 2) worker
processes, stops after ``--minutes`` (results so far are kept) and ends by
printing the survivors, each with its change, and the score:
killed / (all - equivalent).

Only mutmut's command line is used (``run``, ``results``, ``show``), never its
internals: verdicts are read from ``mutmut results`` in its own words, and a
mutant's change from ``mutmut show``.  The equivalent mutants (no behaviour
can tell them from the original) are data, ``scripts/equivalent_mutants.toml``,
each matched on its change -- the lines it removes and adds, with the
function as a hint -- and not on mutmut's numbered names, which shift when a
function is edited.

mutmut runs with ``GOLF_PURE=1``, so the mutated ``.py`` files are imported
even where an install compiled the hot modules (mutmut's own first check, a
mutant that must fail every test, would stop the run if they were not).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"
EQUIVALENT = Path(__file__).with_name("equivalent_mutants.toml")
DIFF_CACHE = MUTANTS / "mutate-diffs.json"

#: ``mutmut results`` statuses (mutmut's words) that count as a kill: a test
#: failed, the mutant ran out of its time (an endless loop) or crashed the worker.
KILLED = {"killed", "timeout", "segfault", "caught by type check"}
#: Statuses of a mutant no test told apart from the original.
SURVIVED = {"survived", "no tests"}
NOT_RUN = "not checked"

#: A change: the lines it removes and the lines it adds, indentation stripped.
Change = tuple[tuple[str, ...], tuple[str, ...]]


def modules() -> tuple[str, ...]:
    """The measured modules, as pyproject's ``[tool.mutmut] only_mutate`` lists
    them, named from the package down: ``golfcli/scorecard/model.py`` -> ``scorecard.model``."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    paths = config["tool"]["mutmut"]["only_mutate"]
    return tuple(".".join(Path(p).relative_to("golfcli").with_suffix("").parts) for p in paths)


# --------------------------------------------------------------------------- names


def module_of(name: str) -> str:
    """``golfcli.state.xǁHoleStateǁclone__mutmut_3`` -> ``state``,
    ``golfcli.scorecard.standings.x_standing__mutmut_1`` -> ``scorecard.standings``."""
    return name.rpartition(".")[0].removeprefix("golfcli.")


def function_of(name: str) -> str:
    """The function a mutant changes, as the source names it:
    ``golfcli.state.xǁHoleStateǁclone__mutmut_3`` -> ``HoleState.clone``,
    ``golfcli.game.x_dealer_of__mutmut_1`` -> ``dealer_of``."""
    mangled = name.rpartition(".")[2].partition("__mutmut_")[0]
    if mangled.startswith("xǁ"):
        return ".".join(mangled[2:].split("ǁ"))
    return mangled.removeprefix("x_")


def glob_of(module: str, function: str) -> str:
    """mutmut's name pattern for every mutant of ``function`` in ``module``."""
    cls, _, fn = function.rpartition(".")
    mangled = f"xǁ{cls}ǁ{fn}" if cls else f"x_{fn}"
    return f"golfcli.{module}.{mangled}__mutmut_*"


# --------------------------------------------------------------------------- mutmut


def mutmut() -> list[str]:
    exe = Path(sys.executable).with_name("mutmut")
    if not exe.exists():
        sys.exit("mutate.py: mutmut is not installed (pip install -e '.[dev]')")
    return [str(exe)]


def mutmut_env() -> dict[str, str]:
    return {**os.environ, "GOLF_PURE": "1"}


def ask_mutmut(*args: str) -> str:
    """The output of ``mutmut ARGS``, one of its commands that only read the
    results (``results``, ``show``); a failure is one line, not a traceback."""
    done = subprocess.run(
        [*mutmut(), *args], cwd=ROOT, env=mutmut_env(), capture_output=True, text=True
    )
    if done.returncode != 0:
        why = (done.stderr.strip().splitlines() or ["no message"])[-1]
        sys.exit(
            f"mutate.py: mutmut {' '.join(args)} failed with exit status {done.returncode}: "
            f"{why} (is another mutmut run writing mutants/?)"
        )
    return done.stdout


def verdicts(mods: Iterable[str]) -> dict[str, str]:
    """mutant name -> mutmut's status for it (``killed``, ``survived``,
    ``not checked`` ...), for the mutants of ``mods``; empty before mutmut
    has written any mutant."""
    if not MUTANTS.exists():
        return {}
    out = ask_mutmut("results", "--all", "true")
    wanted = set(mods)
    found = parse_results(out)
    return {k: v for k, v in found.items() if module_of(k) in wanted}


def parse_results(text: str) -> dict[str, str]:
    """``mutmut results`` lines (``    NAME: status``) as a mapping."""
    out: dict[str, str] = {}
    for line in text.splitlines():
        m = re.fullmatch(r"\s*(golfcli\.\S+__mutmut_\d+): (.+)", line)
        if m:
            out[m.group(1)] = m.group(2).strip()
    return out


def mutant_diff(name: str, cache: dict[str, list[str]]) -> list[str]:
    """The unified diff ``mutmut show`` gives for a mutant, kept in ``cache``
    under the name and the state of the mutated file it was read from."""
    mutated = (MUTANTS / "golfcli" / module_of(name).replace(".", "/")).with_suffix(".py")
    stamp = mutated.stat()
    key = f"{name}@{stamp.st_mtime_ns}:{stamp.st_size}"
    if key not in cache:
        shown = ask_mutmut("show", name)
        cache[key] = shown.splitlines()
    return cache[key]


def changed_lines(diff: Sequence[str]) -> Change:
    """The lines a unified diff removes and adds (its hunks only, after the
    first ``@@``), stripped of indentation: a change is the same change
    however deeply the code around it is indented."""
    body = list(diff)
    start = next((i for i, line in enumerate(body) if line.startswith("@@")), len(body))
    hunks = [line for line in body[start:] if not line.startswith("@@")]
    removed = tuple(line[1:].strip() for line in hunks if line.startswith("-"))
    added = tuple(line[1:].strip() for line in hunks if line.startswith("+"))
    return removed, added


# --------------------------------------------------------------------------- equivalents


@dataclass(frozen=True)
class Equivalent:
    """One entry of the list: changes mutmut makes in one function that no
    behaviour can tell from the original, and why."""

    module: str
    function: str
    changes: tuple[Change, ...]
    why: str


def load_equivalents(path: Path = EQUIVALENT) -> list[Equivalent]:
    """The entries of ``scripts/equivalent_mutants.toml`` (its header says the format)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = []
    for i, item in enumerate(data.get("equivalent", []), 1):
        missing = {"module", "function", "changes", "why"} - item.keys()
        if missing or not item.get("why", "").strip():
            sys.exit(f"{path}: entry {i} lacks {', '.join(sorted(missing)) or 'a reason'}")
        changes = []
        for lines in item["changes"]:
            if not lines or any(not x.startswith(("- ", "+ ")) for x in lines):
                sys.exit(f"{path}: entry {i}: each line of a change starts with '- ' or '+ '")
            removed = tuple(x[2:].strip() for x in lines if x.startswith("- "))
            added = tuple(x[2:].strip() for x in lines if x.startswith("+ "))
            changes.append((removed, added))
        out.append(Equivalent(item["module"], item["function"], tuple(changes), item["why"]))
    return out


def match_equivalents(
    changes: Mapping[str, Change], listed: Sequence[Equivalent], functions: Mapping[str, set[str]]
) -> tuple[dict[str, Equivalent], list[str]]:
    """Which mutants of ``changes`` (name -> its change) the list says are
    equivalent, and notes on entries whose function hint is out of date.

    An entry matches a mutant of its module making one of its changes in the
    function it names.  If that function has no mutants any more (renamed;
    ``functions``: module -> the functions that have), the change alone
    decides, and a note asks for the entry to be updated."""
    found: dict[str, Equivalent] = {}
    notes: list[str] = []
    for name, change in sorted(changes.items()):
        mod, fn = module_of(name), function_of(name)
        same = [e for e in listed if e.module == mod and change in e.changes]
        hit = next((e for e in same if e.function == fn), None)
        if hit is None:
            hit = next((e for e in same if e.function not in functions.get(mod, set())), None)
            if hit is not None:
                notes.append(
                    f"{name} matched by its change an entry for {mod}.{hit.function}, "
                    f"which has no mutants now: set that entry's function to {fn}"
                )
        if hit is not None:
            found[name] = hit
    return found, notes


# --------------------------------------------------------------------------- running


def run_mutmut(names: list[str], jobs: int, minutes: float) -> bool:
    """``mutmut run`` on ``names`` (niced; all when empty); False if stopped by the time limit."""
    cmd = [*mutmut(), "run", "--max-children", str(jobs), *names]
    shown = " ".join(["nice -n 19 mutmut", *cmd[1:4]])
    print("$", shown, f"... ({len(names) or 'all'} names or patterns)", flush=True)
    MUTANTS.mkdir(exist_ok=True)
    log = MUTANTS / "run.log"  # mutmut's own progress output, for a closer look
    with open(log, "w", encoding="utf-8") as out:
        proc = subprocess.Popen(
            cmd,
            cwd=ROOT,
            env=mutmut_env(),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=lambda: os.nice(19),
        )
        try:
            proc.wait(timeout=minutes * 60)
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
    if proc.returncode != 0:
        tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-15:]
        print("\n".join(tail))
        sys.exit(f"mutate.py: mutmut stopped with exit status {proc.returncode} (see {log})")
    return True


def selected(names: Iterable[str], patterns: Iterable[str]) -> set[str]:
    """The names that ``patterns`` (mutmut's: a name, or a glob with ``*``) select."""
    pats = list(patterns)
    return {n for n in names if any(fnmatch.fnmatchcase(n, p) for p in pats)}


def survivors(
    results: Mapping[str, str], listed: Sequence[Equivalent]
) -> tuple[dict[str, Change], dict[str, Equivalent], list[str]]:
    """The changes of the mutants no test told apart, which of them the list
    (``listed``: the entries of the equivalent file) says are equivalent, and
    notes on the list's entries."""
    cache: dict[str, list[str]] = {}
    if DIFF_CACHE.exists():
        cache = json.loads(DIFF_CACHE.read_text(encoding="utf-8"))
    alive = sorted(k for k, v in results.items() if v in SURVIVED)
    changes = {k: changed_lines(mutant_diff(k, cache)) for k in alive}
    DIFF_CACHE.write_text(json.dumps(cache, ensure_ascii=False), encoding="utf-8")
    functions: dict[str, set[str]] = {}
    for k in results:
        functions.setdefault(module_of(k), set()).add(function_of(k))
    equivalent, notes = match_equivalents(changes, listed, functions)
    return changes, equivalent, notes


def toml_string(text: str) -> str:
    """``text`` as a TOML string: literal (as written) when it can be, which
    keeps the quotes of code readable, else basic (JSON's escapes are TOML's)."""
    if "'" not in text and text.isprintable():
        return f"'{text}'"
    return json.dumps(text, ensure_ascii=False)


def draft(changes: Mapping[str, Change]) -> str:
    """Entries for scripts/equivalent_mutants.toml, one per function, with
    the changes of ``changes`` and a reason still to write: a start for
    listing survivors that no behaviour can tell apart."""
    by_function: dict[tuple[str, str], list[Change]] = {}
    for name, change in sorted(changes.items()):
        by_function.setdefault((module_of(name), function_of(name)), []).append(change)
    out = []
    for (mod, fn), found in by_function.items():
        out += ["[[equivalent]]", f"module = {toml_string(mod)}", f"function = {toml_string(fn)}"]
        out += ['why = "TODO: why no behaviour can tell this change from the original"']
        out.append("changes = [")
        for removed, added in found:
            lines = [f"- {x}" for x in removed] + [f"+ {x}" for x in added]
            out.append(f"    [{', '.join(toml_string(x) for x in lines)}],")
        out += ["]", ""]
    return "\n".join(out)


def report(mods: list[str], only: set[str] | None, as_draft: bool = False) -> float:
    """Print the survivors with their changes, notes and stale entries of
    the equivalent list, and the score (returned); ``as_draft``: only the
    survivors, as entries of the equivalent list to complete."""
    everything = verdicts(mods)
    listed = load_equivalents()
    changes, equivalent, notes = survivors(everything, listed)
    results = everything if only is None else {k: everything[k] for k in only if k in everything}
    if as_draft:
        print(draft({k: v for k, v in changes.items() if k in results and k not in equivalent}))
        return 0.0
    tally: Counter[str] = Counter()
    for name, status in sorted(results.items()):
        if name in equivalent:
            tally["equivalent"] += 1
        elif status in KILLED:
            tally["killed"] += 1
        elif status == NOT_RUN:
            tally["not run"] += 1
        elif status in SURVIVED:
            tally[status] += 1
            removed, added = changes[name]
            print(f"SURVIVOR {name} ({status})")
            print("".join(f"    - {line}\n" for line in removed), end="")
            print("".join(f"    + {line}\n" for line in added), end="")
        else:
            tally[status] += 1
            print(f"MUTANT {name}: {status} (mutmut's word; see mutmut show {name})")
    for note in notes:
        print("NOTE", note)
    # a change of the list no survivor makes, in a module whose every mutant
    # has a verdict (a partial run cannot tell): killed now, or changed away
    complete = {m for m in mods} - {module_of(k) for k, v in everything.items() if v == NOT_RUN}
    made = {(module_of(k), changes[k]) for k in equivalent}
    for e in listed:
        for change in e.changes:
            if e.module in complete and (e.module, change) not in made:
                removed, added = change
                print(
                    f"STALE {e.module}.{e.function}: no surviving mutant makes the listed change "
                    f"{' / '.join(removed) or '(nothing)'} -> {' / '.join(added) or '(nothing)'}"
                )
    ran = sum(n for k, n in tally.items() if k not in ("not run", "equivalent"))
    score = tally["killed"] / ran if ran else 0.0
    print()
    print("modules:", ", ".join(mods), "| mutants:", len(results), "|", dict(tally))
    print(
        f"mutation score: {tally['killed']}/{ran} = {100 * score:.1f}% of the non-equivalent"
        " mutants that ran" + (f" ({tally['not run']} not run yet)" if tally["not run"] else "")
    )
    return score


def recheck(mods: list[str], minutes: float) -> int:
    """Run each survivor's tests again, by hand: a fresh pytest process in
    mutants/ with the mutant switched on (``MUTANT_UNDER_TEST``), the tests
    mutmut says reach its function (``mutmut tests-for-mutant``) and
    pyproject's pytest arguments.  A survivor that fails there was never
    really run by mutmut (a stale test map, a cache filled before the mutant
    was switched on in the forked worker): the mismatches are printed, and
    their number returned."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    extra = config["tool"]["mutmut"].get("pytest_add_cli_args", [])
    _, equivalent, _ = survivors(verdicts(mods), load_equivalents())
    alive = sorted(k for k, v in verdicts(mods).items() if v in SURVIVED and k not in equivalent)
    deadline = time.monotonic() + minutes * 60
    mismatched = 0
    for name in alive:
        if time.monotonic() > deadline:
            print(f"time limit of {minutes} min reached: {name} and later not rechecked")
            break
        tests = ask_mutmut("tests-for-mutant", name).splitlines()  # ids may hold spaces
        if not tests:
            print(f"RECHECK {name}: no test reaches it (mutmut's 'no tests')")
            continue
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:randomly", *extra, *tests],
            cwd=MUTANTS,
            env={**mutmut_env(), "MUTANT_UNDER_TEST": name},
            capture_output=True,
            text=True,
            preexec_fn=lambda: os.nice(19),
        )
        if done.returncode not in (0, 1):  # pytest could not run them (exit 2-5)
            tail = (done.stdout.strip().splitlines() or ["no output"])[-1]
            print(f"RECHECK {name}: pytest exit {done.returncode}, not a verdict: {tail}")
            continue
        agrees = done.returncode == 0
        mismatched += not agrees
        verdict = "survives again" if agrees else "KILLED by hand"
        print(f"RECHECK {name}: {verdict}, {len(tests)} tests", flush=True)
    print(f"{mismatched} of the survivors rechecked are killed by hand")
    return mismatched


def main() -> int:
    all_modules = modules()
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument(
        "--module", action="append", choices=all_modules, help="every mutant of this module (again)"
    )
    ap.add_argument(
        "--function",
        action="append",
        metavar="NAME",
        help="every mutant of this function of the chosen modules, again (e.g. _deck, "
        "Match._decide)",
    )
    ap.add_argument(
        "--sample",
        type=int,
        help="mutants in the everyday sample (default 150); with --module, a sample of that "
        "module's mutants instead of all of them",
    )
    ap.add_argument("--seed", type=int, help="sample seed (default: random, printed)")
    ap.add_argument(
        "--all", action="store_true", help="every mutant without a verdict (keeps the others)"
    )
    ap.add_argument(
        "--full", action="store_true", help="every mutant, cached verdicts deleted first"
    )
    ap.add_argument("--survivors", action="store_true", help="rerun last run's survivors")
    ap.add_argument("--report", action="store_true", help="only print the last results")
    ap.add_argument(
        "--recheck",
        action="store_true",
        help="run each survivor's tests again in a fresh pytest process with the mutant on",
    )
    ap.add_argument(
        "--draft",
        action="store_true",
        help="with --report: the survivors as entries of scripts/equivalent_mutants.toml",
    )
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--minutes", type=float, default=20.0, help="time limit (default 20)")
    args = ap.parse_args()
    mods = list(dict.fromkeys(args.module or all_modules))
    os.chdir(ROOT)
    if args.report:
        report(mods, None, args.draft)
        return 0
    if args.recheck:
        return 1 if recheck(mods, args.minutes) else 0
    if args.full and MUTANTS.exists():
        shutil.rmtree(MUTANTS)
    start = time.monotonic()
    known = verdicts(mods)
    patterns: list[str]
    if args.full or args.all:
        patterns = []  # mutmut's own "every mutant without a verdict"
    elif args.function:
        patterns = [glob_of(m, f) for m in mods for f in args.function]
        if known and not selected(known, patterns):
            sys.exit(f"mutate.py: no mutants of {', '.join(args.function)} in {', '.join(mods)}")
    elif args.survivors:
        _, equivalent, _ = survivors(known, load_equivalents())
        patterns = sorted(k for k, v in known.items() if v in SURVIVED and k not in equivalent)
    elif args.module and args.sample is None:
        patterns = [f"golfcli.{m}.*" for m in mods]  # named: run again, cached or not
    elif not known:
        # mutmut writes the mutants on its first run, so there is nothing to
        # sample from yet: this run takes the first mutant of every function
        print("no mutants written yet: this first run takes mutant 1 of every function")
        patterns = [f"golfcli.{m}.*__mutmut_1" for m in mods]
    else:
        size = 150 if args.sample is None else args.sample
        seed = args.seed if args.seed is not None else random.randrange(10**6)
        print(f"sample of {size} mutants, seed {seed} (repeat with --seed {seed})")
        patterns = sorted(random.Random(seed).sample(sorted(known), min(size, len(known))))
    if not patterns and not (args.full or args.all):
        print("nothing to run")
        return 0
    finished = run_mutmut(patterns, args.jobs, args.minutes)
    print(f"ran for {(time.monotonic() - start) / 60:.1f} min{'' if finished else ' (stopped)'}")
    report(mods, selected(verdicts(mods), patterns) if patterns else None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
