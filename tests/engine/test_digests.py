"""The expert's and mc's decisions, pinned by digest on both builds.

The golden games (test_golden.py) play random and greedy seats; the search
bots' play is pinned here instead, by the digests of scripts/expert_hash.py
(every valuation the expert makes, in full precision) and scripts/mc_hash.py
(every candidate list, rollout outcome and choice of mc).  Each command in
tests/golden/digests.json is run as a person runs it, on the build this suite
runs (.ci/run runs this file on the compiled build and again with
GOLF_PURE=1), and must print the recorded digest and counts: the compiled and
the pure Python engine make the same decisions, as OpenSpiel checks its two
implementations of a game against each other, and a change to how the bots
play shows up here.  A deliberate change to the bots is one line of the data
file: the command's new output, hash and counts.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from golfcli.cli.app import build_kind

from ..helpers import REPO, TESTS, script_module

ROOT = REPO
DIGESTS = TESTS / "golden" / "digests.json"
EXPECTED: dict[str, dict[str, object]] = json.loads(DIGESTS.read_text(encoding="utf-8"))


def run_digest(command: str) -> dict[str, object]:
    """The JSON line the command prints, run on this process's build."""
    script, *args = shlex.split(command)
    out = subprocess.run(
        [sys.executable, str(ROOT / script), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return dict(json.loads(out.splitlines()[-1]))


@pytest.mark.parametrize("command", sorted(EXPECTED))
def test_search_bots_play_as_recorded(command: str) -> None:
    got = run_digest(command)
    assert got.pop("build") == build_kind()  # the digest is of the build under test
    got.pop("cpu_s")
    assert got == EXPECTED[command], (
        f"`python {command}` changed on the {build_kind()} build; if the bots' play changed "
        f"on purpose, put its new output in {DIGESTS.relative_to(ROOT)}"
    )


def test_the_digests_cover_both_search_bots() -> None:
    scripts = {shlex.split(c)[0] for c in EXPECTED}
    assert scripts == {"scripts/expert_hash.py", "scripts/mc_hash.py"}


@pytest.mark.parametrize(
    "command",
    sorted(c for c in EXPECTED if c.startswith("scripts/expert_hash.py")),
)
def test_the_experts_valuations_in_this_process_are_the_recorded_ones(command: str) -> None:
    """The expert's digests again, played in this process (the script's own
    ``play``): mutation testing runs the package's mutants in process only,
    and it is here that a planted slip in the expert shows to it."""
    path, *args = shlex.split(command)
    holes = int(args[args.index("--holes") + 1])
    spec = args[args.index("--spec") + 1] if "--spec" in args else "expert"
    digest, decisions = script_module(Path(path).stem).play(holes, spec)
    want = EXPECTED[command]
    assert (digest.hexdigest()[:16], decisions) == (want["hash"], want["valuations"])
