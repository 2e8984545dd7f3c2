"""Tournaments: determinism across workers, resume, duplicate deals, faults,
config errors (golfcli/tournament/).  Small games of random/greedy bots."""

from __future__ import annotations

import collections
import itertools
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from golfcli.keys import derive, key_from_seed
from golfcli.tournament.config import load_config
from golfcli.tournament.runner import run_plan
from golfcli.variantload import load_variant

from ..helpers import (
    REPO,
    SLOW,
    THREE,
    Gate,
    check_progress_moves_before_a_batch_returns,
    cli,
    game_lines,
    run_config,
    stable,
    write,
)

ROOT = REPO


run = run_config


# --------------------------------------------------------------------------- determinism


def test_worker_count_and_batching_do_not_change_results(tmp_path: Path) -> None:
    cfg = write(tmp_path, THREE)
    one = run(cfg, tmp_path / "w1", workers=1)
    two = run(cfg, tmp_path / "w2", workers=2)
    assert one.played == two.played == 4 * 3  # 4 deals x 3 seatings
    assert stable(one.report()) == stable(two.report())
    assert game_lines(tmp_path / "w1") == game_lines(tmp_path / "w2")
    # batches of one game, in a pool of two
    plan = load_config(cfg, workers=2)
    small = run_plan(plan, None, batch=1)
    assert stable(small.report()) == stable(one.report())
    # and the results do depend on the seed (the comparison above can fail)
    other = run(cfg, None, seed=12, workers=1)
    assert stable(other.report())["standings"] != stable(one.report())["standings"]


def test_resume_after_torn_and_shuffled_log_is_identical(tmp_path: Path) -> None:
    cfg = write(tmp_path, THREE)
    full = run(cfg, tmp_path / "full", workers=1)
    lines = (tmp_path / "full" / "games.jsonl").read_text().splitlines(keepends=True)
    assert len(lines) == 12
    part = tmp_path / "part"
    part.mkdir()
    shutil.copy(tmp_path / "full" / "run.json", part / "run.json")
    rng = random.Random(3)
    kept = rng.sample(lines, 6)  # out of order on disk, with gaps
    torn = lines[0] if lines[0] not in kept else next(x for x in lines if x not in kept)
    (part / "games.jsonl").write_text("".join(kept) + torn[: len(torn) // 2])  # SIGKILL mid-write
    resumed = run(cfg, part, resume=True, workers=2)
    assert resumed.from_disk == 6
    assert stable(resumed.report()) == stable(full.report())
    assert game_lines(part) == game_lines(tmp_path / "full")
    assert (part / "games.jsonl").read_text().endswith("\n")
    # resuming a finished run plays nothing and reports the same
    again = run(cfg, part, resume=True, workers=1)
    assert again.from_disk == 12 and stable(again.report()) == stable(full.report())


def test_more_deals_on_resume_extend_the_run(tmp_path: Path) -> None:
    cfg = write(tmp_path, THREE)
    run(cfg, tmp_path / "grow", games=2, workers=1)
    grown = run(cfg, tmp_path / "grow", resume=True, games=4, workers=1)
    assert grown.from_disk == 6
    direct = run(cfg, None, workers=1)
    assert stable(grown.report())["standings"] == stable(direct.report())["standings"]


def test_resume_refuses_another_config_and_reuse_of_a_run_dir(tmp_path: Path) -> None:
    cfg = write(tmp_path, THREE)
    out = tmp_path / "r"
    assert cli(str(cfg), "--out", str(out), "-q", "--workers", "1")[0] == 0
    code, _, err = cli(str(cfg), "--out", str(out), "-q")
    assert code == 2 and "already holds a run" in err
    code, _, err = cli(str(cfg), "--out", str(out), "--resume", "--seed", "99", "-q")
    assert code == 2 and "different config" in err and "seed" in err
    write(tmp_path, THREE.replace("bot: greedy", "bot: random"))
    code, _, err = cli(str(cfg), "--out", str(out), "--resume", "-q")
    assert code == 2 and "different config" in err and "players" in err
    code, _, err = cli(str(cfg), "--resume", "-q")
    assert code == 2 and "--resume" in err and "--out" in err
    assert len(err.strip().splitlines()) == 1


def test_resume_refuses_a_changed_bot_file(tmp_path: Path) -> None:
    write(tmp_path, "def choose(view, legal):\n    return legal[0]\n", "first.py")
    cfg = write(tmp_path, HEAD.replace("bot: greedy", "bot: first.py") + "games: 1\nseed: 1\n")
    out = tmp_path / "r"
    assert cli(str(cfg), "--out", str(out), "-q", "--workers", "1")[0] == 0
    write(tmp_path, "def choose(view, legal):\n    return legal[-1]\n", "first.py")
    code, _, err = cli(str(cfg), "--out", str(out), "--resume", "-q")
    assert code == 2 and "different config" in err and "files" in err


# --------------------------------------------------------------------------- stop and go

SLOW_GAMES = 60  # 30 deals, 2 seatings each
HELD_AFTER = 30


@pytest.fixture(scope="module")
def slow_baseline(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any], Gate]:
    """The config, its results played straight through (gate open), the gate."""
    d = tmp_path_factory.mktemp("slow")
    gate = Gate(d / "gate")
    cfg = write(d, SLOW.format(bob=gate.bot(HELD_AFTER, threshold=2)))
    return cfg, stable(run(cfg, None, workers=1).report()), gate


def _start(cfg: Path, out: Path, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "golfcli.cli.app",
            "tournament",
            str(cfg),
            "--out",
            str(out),
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def _wait_for_games(out: Path, n: int, proc: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 60
    f = out / "games.jsonl"
    while time.monotonic() < deadline:
        if f.exists() and f.read_bytes().count(b"\n") >= n:
            return
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.01)
    raise AssertionError("no games appeared")


def _children(pid: int) -> list[int]:
    kids = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        kids += [int(x) for x in (task / "children").read_text().split()]
    return kids


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses /proc")
def test_sigkill_then_resume_gives_the_uninterrupted_results(
    tmp_path: Path, slow_baseline: tuple[Path, dict[str, Any], Gate]
) -> None:
    cfg, baseline, gate = slow_baseline
    out = tmp_path / "killed"
    gate.shut()
    proc = _start(cfg, out, "--workers", "2", "-q")
    _wait_for_games(out, 20, proc)
    workers = _children(proc.pid)
    assert len(workers) >= 2
    os.kill(proc.pid, signal.SIGKILL)  # the main process only, mid-game
    proc.wait()
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not any(_alive(w) for w in workers), "workers outlived the main process"
    done = (out / "games.jsonl").read_bytes().count(b"\n")
    assert 20 <= done < SLOW_GAMES
    gate.release()
    code, stdout, err = cli(str(cfg), "--out", str(out), "--resume", "--format", "json", "-q")
    assert code == 0, err
    assert stable(json.loads(stdout)) == baseline
    assert len(game_lines(out)) == SLOW_GAMES


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["Ctrl-C", "SIGTERM"])
def test_ctrl_c_or_sigterm_keeps_finished_games_and_prints_standings(
    tmp_path: Path, slow_baseline: tuple[Path, dict[str, Any], Gate], sig: int
) -> None:
    cfg, baseline, gate = slow_baseline
    out = tmp_path / "stopped"
    gate.shut()  # the held games are let go by the stop: "finish the game in hand"
    proc = _start(cfg, out, "--workers", "2", "--format", "json")
    _wait_for_games(out, 20, proc)
    proc.send_signal(sig)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    if sig == signal.SIGTERM:
        assert "golf: terminated (SIGTERM): stopping after the games in progress" in stderr
    report = json.loads(stdout)
    on_disk = len(game_lines(out))
    assert report["run"]["stop_reason"] == "interrupted"
    assert report["run"]["key"] is None  # games remain: the key is not published yet
    assert report["run"]["games_played"] == on_disk < SLOW_GAMES  # every finished game counted
    assert "Traceback" not in stderr and "--resume" in stderr
    assert json.loads((out / "results.json").read_text())["run"]["games_played"] == on_disk
    gate.release()
    code, stdout, err = cli(str(cfg), "--out", str(out), "--resume", "--format", "json", "-q")
    assert code == 0, err
    assert stable(json.loads(stdout)) == baseline


# --------------------------------------------------------------------------- progress


def test_progress_moves_with_the_first_game_not_the_first_batch(tmp_path: Path) -> None:
    """A batch holds a whole deal and comes back only when its last game ends;
    the bar counts each game as a worker finishes it."""
    check_progress_moves_before_a_batch_returns(tmp_path, workers=2)


# --------------------------------------------------------------------------- seatings


def test_duplicate_plays_each_deal_in_every_rotation(tmp_path: Path) -> None:
    plan = load_config(write(tmp_path, THREE))
    assert plan.total == 12 and plan.rotations == 3
    by_deal = collections.defaultdict(list)
    for i in range(plan.total):
        s = plan.slot(i)
        by_deal[s.deal].append(s)
    for deal, slots in by_deal.items():
        assert {s.seed for s in slots} == {derive(key_from_seed(11), f"deal:{deal}")}
        # every player sits in every seat exactly once per deal
        assert sorted(s.seating for s in slots) == sorted(
            tuple((j + r) % 3 for j in range(3)) for r in range(3)
        )
        for seat in range(3):
            assert sorted(s.seating[seat] for s in slots) == [0, 1, 2]
    # and the cards really are the same: hole decks of one deal are identical
    ev = write(tmp_path, THREE.replace("games: 4", "games: 2") + "record_events: true\n", "ev.yaml")
    out = tmp_path / "ev"
    run(ev, out, workers=1)

    def deals(i: int) -> list[Any]:
        lines = (out / "events" / f"game-{i:06d}.jsonl").read_text().splitlines()
        holes = [json.loads(x) for x in lines if json.loads(x)["type"] == "hole"]
        return [e["data"] for h in holes for e in h["events"] if e["kind"] == "deal"]

    assert deals(0) == deals(1) == deals(2) and len(deals(0)) == 2
    assert deals(3) != deals(0)
    recs = game_lines(out)
    key = key_from_seed(11)
    assert [recs[i]["key"] for i in range(6)] == [derive(key, "deal:0")] * 3 + [
        derive(key, "deal:1")
    ] * 3


def test_partners_rotate_as_teams(tmp_path: Path) -> None:
    cfg = write(
        tmp_path,
        """\
variant: alberta
holes: 1
players:
  - {name: a1, bot: random}
  - {name: a2, bot: random}
  - {name: b1, bot: random}
  - {name: b2, bot: random}
  - {name: c1, bot: random}
  - {name: c2, bot: random}
teams: {A: [a1, a2], B: [b1, b2], C: [c1, c2]}
seats: 4
games: 2
seed: 7
""",
    )
    plan = load_config(cfg, workers=1)
    assert len(plan.tables) == 3 and plan.rotations == 4 and plan.total == 2 * 3 * 4
    team_of = {0: "A", 1: "A", 2: "B", 3: "B", 4: "C", 5: "C"}
    for t in range(3):
        slots = [plan.slot(t * 4 + r) for r in range(4)]
        for s in slots:
            # seat s plays side s % 2: partners sit alternately and share a side
            assert team_of[s.seating[0]] == team_of[s.seating[2]] != team_of[s.seating[1]]
            assert team_of[s.seating[1]] == team_of[s.seating[3]]
        for seat in range(4):  # each of the table's four players takes each seat once
            assert len({s.seating[seat] for s in slots}) == 4
    res = run(cfg, None, workers=1)
    rows = {r["player"]: r for r in res.report()["standings"]}
    assert set(rows) == {"A", "B", "C"} and all(r["games"] == 16 for r in rows.values())
    assert rows["A"]["members"] == ["a1", "a2"]


def test_independent_deals_and_gauntlet(tmp_path: Path) -> None:
    cfg = write(
        tmp_path,
        """\
variant: six-card
holes: 1
players:
  - {name: hero, bot: greedy}
  - {name: p, bot: random}
  - {name: q, bot: random}
  - {name: r, bot: random}
seats: 3
schedule: gauntlet
challenger: hero
duplicate: false
games: 6
seed: 3
""",
    )
    plan = load_config(cfg, workers=1)
    assert plan.tables == ((0, 1, 2), (0, 1, 3), (0, 2, 3)) and plan.rotations == 1
    slots = [plan.slot(i) for i in range(plan.total)]
    assert len({s.seed for s in slots}) == plan.total == 18
    assert all(0 in s.seating for s in slots)
    # seats still rotate from deal to deal
    assert {s.seating.index(0) for s in slots if s.table == 0} == {0, 1, 2}
    res = run(cfg, None, workers=1)
    rows = {r["player"]: r for r in res.report()["standings"]}
    assert rows["hero"]["games"] == 18 and rows["p"]["games"] == 12


# --------------------------------------------------------------------------- faults

CRASHER = """\
class Bot:
    def choose(self, view, legal):
        raise RuntimeError("boom")
"""


def test_a_python_bots_crash_is_in_its_fault_log_with_its_place(tmp_path: Path) -> None:
    """A Python-file bot that raises leaves its traceback (frames in its own
    file) in DIR/logs/NAME.log, as an external program leaves its stderr,
    once per place and worker process; the run names the log at its end."""
    bot = write(tmp_path, CRASHER, "crash_bot.py")
    cfg = write(
        tmp_path,
        "variant: six-card\nholes: 1\ngames: 3\nseed: 2\nworkers: 2\nplayers:\n"
        "  - {name: good, bot: greedy}\n  - {name: bad, bot: crash_bot.py}\n",
    )
    out = tmp_path / "out"
    code, _, err = cli(str(cfg), "--out", str(out))
    assert code == 0, err
    log = out / "logs" / "bad.log"
    text = log.read_text()
    assert f'File "{bot}", line 3, in choose' in text and "RuntimeError: boom" in text
    assert 1 <= text.count("Traceback") <= 2  # logged once per worker, not once per crash
    assert f"golf: bot log: {log}" in err.splitlines()
    assert not (out / "logs" / "good.log").exists()  # built-ins keep no log
    recs = game_lines(out).values()
    assert all(
        r["faults"][r["seating"].index("bad")]["crash"] == r["decisions"][r["seating"].index("bad")]
        for r in recs
    )


@pytest.mark.parametrize("policy", ["random", "disqualify"])
def test_faulting_bots_are_counted_and_the_run_completes(tmp_path: Path, policy: str) -> None:
    write(tmp_path, CRASHER, "crash_bot.py")
    cfg = write(
        tmp_path,
        f"""\
variant: six-card
holes: 2
players:
  - {{name: good, bot: greedy}}
  - {{name: bad, bot: crash_bot.py}}
games: 3
seed: 2
fault_policy: {policy}
""",
    )
    res = run(cfg, tmp_path / "out", workers=2)
    assert res.stopped is None and res.played == 6
    rows = {r["player"]: r for r in res.report()["standings"]}
    recs = game_lines(tmp_path / "out").values()
    seat = [r["seating"].index("bad") for r in recs]
    crashes = sum(r["faults"][s]["crash"] for r, s in zip(recs, seat, strict=True))
    assert rows["bad"]["faults"]["crash"] == crashes == rows["bad"]["faults_total"] > 0
    assert rows["good"]["faults_total"] == 0
    if policy == "disqualify":  # one fault per game, then the fallback plays
        assert crashes == 6 and rows["bad"]["disqualified_games"] == 6
    else:  # every decision it was asked for failed
        decisions = sum(r["decisions"][s] for r, s in zip(recs, seat, strict=True))
        assert crashes == decisions > 6


def test_restarts_of_an_external_bot_reach_the_standings(tmp_path: Path) -> None:
    faulty = ROOT / "tests" / "fixtures" / "bots" / "faulty_bot.py"
    cfg = write(
        tmp_path,
        f"""\
variant: six-card
holes: 1
players:
  - {{name: good, bot: greedy}}
  - {{name: bad, command: ["{sys.executable}", "{faulty}", crash, "3"]}}
games: 2
seed: 5
""",
    )
    # one run (8 bot processes): its table on stdout, its report and games on disk
    out = tmp_path / "out"
    code, table, err = cli(str(cfg), "--out", str(out), "-q", "--workers", "1")
    assert code == 0, err
    report = json.loads((out / "results.json").read_text())
    assert report["run"]["stop_reason"] is None and report["run"]["games_played"] == 4
    recs = game_lines(out).values()
    seat = [r["seating"].index("bad") for r in recs]
    # it dies on its third request of every game and is started again for the next
    assert [r["restarts"][s] for r, s in zip(recs, seat, strict=True)] == [1] * 4
    assert all(r["restarts"][1 - s] == 0 for r, s in zip(recs, seat, strict=True))
    rows = {r["player"]: r for r in report["standings"]}
    assert rows["bad"]["restarts"] == 4 and rows["good"]["restarts"] == 0
    assert rows["bad"]["faults"]["crash"] == 4
    assert "4 (4 crash), restarted 4x" in table


def test_sprt_stops_at_the_same_deal_for_any_worker_count(tmp_path: Path) -> None:
    cfg = write(
        tmp_path,
        """\
variant: four-card
holes: 2
players:
  - {name: greedy, bot: greedy}
  - {name: random, bot: random}
games: 200
seed: 1
sprt: {margin: 2, min_deals: 3}
""",
    )
    one = run(cfg, tmp_path / "a", workers=1)
    two = run(cfg, tmp_path / "b", workers=2)
    assert one.stopped == two.stopped == "sprt"
    assert one.played == two.played < 400
    rep = one.report()
    assert (
        rep["sprt"]["tests"][0]["decision"] == "A better" and rep["sprt"]["deals"] * 2 == one.played
    )
    assert stable(rep) == stable(two.report())
    # resuming the stopped run stops at the same place
    again = run(cfg, tmp_path / "b", resume=True, workers=1)
    assert stable(again.report()) == stable(rep)


# --------------------------------------------------------------------------- the command


def test_cli_formats_and_shipped_config() -> None:
    code, out, err = cli(
        str(ROOT / "configs" / "alberta.yaml"), "--games", "1", "--holes", "1", "-q"
    )
    assert code == 0, err
    assert "Standings" in out and "Crosstable" in out and "Clubs" in out and "seed 1" in out
    code, out, _ = cli(
        str(ROOT / "configs" / "six-card.yaml"),
        "--games",
        "1",
        "--holes",
        "1",
        "-q",
        "--format",
        "json",
        "--workers",
        "1",
    )
    data = json.loads(out)
    assert data["schema"] == "golf-tournament-report/2"
    assert {"player", "games", "wins", "mean_hole_score"} <= set(data["standings"][0])
    assert {"seed", "variant", "config_hash", "versions"} <= set(data["run"])
    assert len(data["crosstable"]) == 4 * 3
    code, out, _ = cli(
        str(ROOT / "configs" / "six-card.yaml"),
        "--games",
        "1",
        "--holes",
        "1",
        "-q",
        "--format",
        "csv",
        "--workers",
        "1",
    )
    assert code == 0 and out.startswith("rank,player,games,wins")
    code, out, _ = cli(
        str(ROOT / "configs" / "six-card.yaml"),
        "--games",
        "1",
        "--holes",
        "1",
        "-q",
        "--format",
        "markdown",
        "--workers",
        "1",
    )
    assert code == 0 and "### Crosstable" in out


def test_shipped_configs_are_valid() -> None:
    for cfg in sorted((ROOT / "configs").glob("*.yaml")):
        plan = load_config(cfg)
        assert plan.seed_given and plan.total > 0, cfg


HEAD = "variant: six-card\nplayers:\n  - {name: a, bot: random}\n  - {name: b, bot: greedy}\n"


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        (HEAD + "gmaes: 3\n", ":5: gmaes:", "unknown key"),
        (HEAD + "holes: nine\n", ":5: holes:", "whole number"),
        (HEAD + "holes: 0\n", ":5: holes:", "at least 1"),
        (HEAD.replace("greedy", "gredy"), ":4: players.1.bot:", "unknown bot"),
        (HEAD.replace("name: b", "name: a"), ":4: players.1.name:", "two players"),
        (
            HEAD.replace("bot: greedy", "bot: greedy, options: {x: 1}, colour: red"),
            ":4: players.1.colour:",
            "unknown key",
        ),
        (HEAD.replace("six-card", "seven-card"), ":1: variant:", "unknown variant"),
        (HEAD + "format: medal\n", ":5: format:", "stroke, match"),
        (HEAD + "sprt: {elo0: 5, elo1: 0}\n", ":5: sprt.elo1:", "more than elo0"),
        (HEAD + "sprt: {margin: 1, elo0: 0, elo1: 5}\n", ":5: sprt:", "not both"),
        (HEAD + "schedule: swiss\n", ":5: schedule:", "round-robin, gauntlet"),
        (HEAD + "challenger: a\n", ":5: challenger:", "only a gauntlet"),
        (HEAD + "seats: 3\n", ":5: seats:", "only 2 are listed"),
        (HEAD + "workers: many\n", ":5: workers:", "or auto"),
        (HEAD + "fault_policy: ignore\n", ":5: fault_policy:", "random, forfeit, disqualify"),
        (HEAD + "teams: {x: [a, b]}\n", ":5: teams:", "no partner play"),
        (
            "variant:\n  extends: six-card\n  game:\n    holes: 0\n"
            "players:\n  - {name: a, bot: random}\n  - {name: b, bot: random}\n",
            ":4: variant.game.holes:",
            "at least 1",
        ),
        (
            "variant: alberta\nplayers:\n"
            + "".join(f"  - {{name: p{i}, bot: random}}\n" for i in range(4)),
            ":2: players:",
            "add teams:",
        ),
        (
            "variant: alberta\nplayers:\n"
            + "".join(f"  - {{name: p{i}, bot: random}}\n" for i in range(4))
            + "teams: {x: [p0, p1, p2], y: [p3]}\n",
            ":7: teams.x:",
            "groups of 2",
        ),
        (
            "variant: alberta\nplayers:\n"
            + "".join(f"  - {{name: p{i}, bot: random}}\n" for i in range(4))
            + "teams: {x: [p0, p1], y: [p3, p0]}\n",
            ":7: teams.y.1:",
            "already in team",
        ),
        (
            HEAD + "  - {name: c, command: [no-such-program-xyz]}\n",
            ":5: players.2.command:",
            "not found",
        ),
        ("players: [1, 2\n", ":2:", "invalid YAML"),
        ("- just\n- a list\n", ":1:", "must be a YAML mapping"),
    ],
)
def test_bad_configs_name_file_line_and_key(
    tmp_path: Path, text: str, where: str, message: str
) -> None:
    cfg = write(tmp_path, text)
    code, out, err = cli(str(cfg), "-q")
    assert code == 2, out + err
    assert err.startswith(f"golf: error: {cfg}{where}"), err
    assert message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and out == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--workers", "0"], "--workers"),
        (["--games", "0"], "--games: must be at least 1"),
        (["--holes", "0"], "--holes: must be at least 1"),
        (["--format", "xml"], "--format"),
    ],
)
def test_bad_options(tmp_path: Path, args: list[str], message: str) -> None:
    code, _, err = cli(str(write(tmp_path, HEAD)), *args)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_record_events_needs_out(tmp_path: Path) -> None:
    code, _, err = cli(str(write(tmp_path, HEAD + "record_events: true\n")), "-q")
    assert code == 2 and "record_events" in err and "--out" in err


def test_every_seating_is_a_rotation() -> None:
    # a property of the seat arithmetic, over many table shapes
    from dataclasses import replace

    base = load_config(ROOT / "configs" / "six-card.yaml")
    # teams of two at 4, 6 and 8 players, seated as the variant seats partners
    pairs = load_variant("six-card", ["partners.player_counts=[4, 6, 8]"])
    for k, m in itertools.product((2, 3, 4), (1, 2)):
        from golfcli.tournament.plan import Entrant

        ents = tuple(Entrant(f"e{i}", tuple(range(i * m, i * m + m))) for i in range(k))
        variant = pairs if m == 2 else base.variant
        plan = replace(
            base,
            variant=variant,
            entrants=ents,
            team_size=m,
            per_table=k,
            tables=(tuple(range(k)),),
            games=1,
        )
        seats = [plan.slot(r).seating for r in range(plan.rotations)]
        assert len(set(seats)) == k * m
        for s in range(k * m):
            assert sorted(x[s] for x in seats) == list(range(k * m))
        for slot in map(plan.slot, range(plan.rotations)):  # each team on its own side
            side_of = variant.side_of(k * m)
            for p, e in enumerate(slot.sides):
                mine = {slot.seating[s] for s in range(k * m) if side_of[s] == p}
                assert mine == set(ents[e].members)


def test_a_player_resolves_built_in_bots_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Options of a built-in bot are checked once per player, not once per game
    (that check was a quarter of a one-hole game's cost), and every game still
    gets fresh bots seeded for that game."""
    from golfcli.bots import registry
    from golfcli.tournament.worker import GameRunner

    calls: list[str] = []
    real = registry.builtin_factory

    def counting(base: str, opts: dict[str, Any]) -> Any:
        calls.append(base)
        return real(base, opts)

    cfg = REPO / "configs" / "six-card.yaml"
    plan = load_config(cfg, games=1, holes=1, workers=1)
    monkeypatch.setattr(registry, "builtin_factory", counting)
    player = GameRunner(plan, None)
    lines = [json.loads(player.play(i)) for i in range(plan.total)]
    assert sorted(calls) == sorted(p.bot or "" for p in plan.players)
    assert len({line["key"] for line in lines}) == 1  # duplicate deal: one key ...
    assert len({tuple(map(tuple, line["holes"])) for line in lines}) > 1  # ... fresh bots


# --------------------------------------------------------------------------- the key

TWO = """\
name: two
variant: six-card
holes: 1
players:
  - {name: ann, bot: random}
  - {name: bob, bot: greedy}
games: 3
workers: 1
"""


def test_without_a_seed_the_key_is_secret_until_the_run_is_over(tmp_path: Path) -> None:
    import hashlib
    import stat

    cfg = write(tmp_path, TWO)
    out = tmp_path / "run"
    code, stdout, err = cli(str(cfg), "--out", str(out), "--format", "json")
    assert code == 0, err
    key = (out / "key").read_text().strip()
    assert len(key) == 64 and stat.S_IMODE((out / "key").stat().st_mode) == 0o600
    meta = json.loads((out / "run.json").read_text())
    assert key not in (out / "run.json").read_text() and meta["seed"] is None
    commitment = hashlib.sha256(f"golf key commitment:{key}".encode()).hexdigest()
    assert meta["key_commitment"] == meta["plan"]["key_commitment"] == commitment
    # nothing written while the games were played holds the key, only the end does
    assert key not in (out / "games.jsonl").read_text()
    assert "deals from a key kept secret until the run is over" in err
    assert err.strip().splitlines()[-1] == f"golf: the deals' key (replay with --key): {key}"
    assert json.loads(stdout)["run"]["key"] == key
    assert json.loads((out / "results.json").read_text())["run"]["key"] == key
    # the key replays the run exactly; another fresh key deals other cards
    code, again, err = cli(str(cfg), "--key", key, "--format", "json")
    assert code == 0, err
    assert stable(json.loads(again)) == stable(json.loads(stdout))
    again_out = tmp_path / "again"
    assert cli(str(cfg), "--key", key, "--out", str(again_out))[0] == 0
    assert game_lines(again_out) == game_lines(out)
    other = tmp_path / "other"
    assert cli(str(cfg), "--out", str(other))[0] == 0
    assert game_lines(other) != game_lines(out)


def test_a_run_without_seed_resumes_with_its_own_key(tmp_path: Path) -> None:
    cfg = write(tmp_path, TWO)
    full = run(cfg, tmp_path / "full")
    key = (tmp_path / "full" / "key").read_text().strip()
    out = tmp_path / "part"
    shutil.copytree(tmp_path / "full", out)
    lines = (out / "games.jsonl").read_text().splitlines(keepends=True)
    (out / "games.jsonl").write_text("".join(lines[:1]))
    resumed = run(cfg, out, resume=True)
    assert resumed.plan.key == key and resumed.played == full.played == 6
    assert key not in repr(resumed.plan)  # no error message or log line can carry it
    assert stable(resumed.report()) == stable(full.report())
    (out / "key").unlink()
    code, _, err = cli(str(cfg), "--out", str(out), "--resume")
    assert code == 2 and "key is missing or damaged" in err and len(err.strip().splitlines()) == 1
    meta = json.loads((out / "run.json").read_text())
    del meta["plan"]["key_commitment"]
    (out / "run.json").write_text(json.dumps(meta))
    code, _, err = cli(str(cfg), "--out", str(out), "--resume")
    assert code == 2 and "older golf that dealt from the seed alone" in err


def test_a_seed_is_reproducible_and_says_its_deals_are_known(tmp_path: Path) -> None:
    cfg = write(tmp_path, TWO)
    code, out1, err = cli(str(cfg), "--seed", "4", "--format", "json")
    assert code == 0 and "seed 4 (a known seed means known deals)" in err
    again = cli(str(cfg), "--seed", "4", "--format", "json")[1]
    assert stable(json.loads(again)) == stable(json.loads(out1))
    assert json.loads(out1)["run"]["key"] == key_from_seed(4)
    code, _, err = cli(str(cfg), "--seed", "4", "--key", "a" * 64)
    assert code == 2 and err.strip() == "golf: error: --key: give --key or --seed, not both"
    code, _, err = cli(str(cfg), "--key", "xyz")
    assert code == 2 and "64 hex digits" in err and len(err.strip().splitlines()) == 1


def test_more_workers_than_cores_are_capped_with_a_notice(tmp_path: Path) -> None:
    from golfcli.tournament.executors import cpu_count

    cfg = write(tmp_path, TWO.replace("workers: 1", "workers: 1000"))
    code, stdout, err = cli(str(cfg), "--format", "json")
    assert code == 0, err
    cores = cpu_count()
    assert f"workers: 1000 is more than the {cores} cores here; using {cores}" in err
    assert json.loads(stdout)["run"]["executor"]["workers"] == cores


def test_a_bot_is_never_handed_the_key_or_a_match_key(tmp_path: Path) -> None:
    """In-process bots get their own seed: not the run's key, not the game's."""
    seen = tmp_path / "seeds.txt"
    bot = tmp_path / "seedbot.py"
    bot.write_text(
        "from golfcli.bots import RandomBot\n"
        "class Bot(RandomBot):\n"
        "    def __init__(self, seed=None):\n"
        "        super().__init__(seed)\n"
        f"        open({str(seen)!r}, 'a').write(str(seed) + '\\n')\n"
        "    def seed(self, s):\n"
        f"        open({str(seen)!r}, 'a').write(str(s) + '\\n')\n"
        "        super().seed(s)\n"
    )
    cfg = write(tmp_path, TWO.replace("{name: ann, bot: random}", f"{{name: ann, bot: {bot}}}"))
    result = run(cfg, tmp_path / "out")
    given = set(seen.read_text().split())
    secrets = {result.plan.key} | {result.plan.slot(i).seed for i in range(result.plan.total)}
    assert given and not any(s in g for s in secrets for g in given)


def test_the_table_heading_names_the_seed_or_the_published_key(tmp_path: Path) -> None:
    from golfcli.render.tournament import render

    cfg = write(tmp_path, TWO)
    code, out, _ = cli(str(cfg), "--seed", "4")
    assert code == 0 and "\nseed 4 · 6 of 6 games" in out
    code, out, err = cli(str(cfg))
    key = err.strip().split()[-1]
    assert code == 0 and f"\nkey {key[:12]} · 6 of 6 games" in out
    report = run(cfg).report()
    report["run"]["key"] = None  # as an interrupted run reports it
    assert "\nsecret key · " in render(report, "table")
