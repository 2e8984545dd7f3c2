"""scripts/tune.py: SPSA steps are paired duplicate runs of golf's own
tournament runner, logged so that a run resumes where it stopped."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from ..helpers import REPO, script_module

ROOT = REPO


def tune() -> ModuleType:
    return script_module("tune")


def test_a_parameter_is_name_start_scale_bounds() -> None:
    t = tune()
    p = t.Param.parse("reveal=0.5:0.25:-1:3")
    assert (p.name, p.start, p.scale, p.lo, p.hi) == ("reveal", 0.5, 0.25, -1.0, 3.0)
    assert p.clip(9) == 3.0 and p.clip(-9) == -1.0
    with pytest.raises(SystemExit, match="name=start:scale:lo:hi"):
        t.Param.parse("reveal=0.5")


def test_the_same_options_on_the_same_seed_give_the_same_games() -> None:
    t = tune()
    bot = {"bot": "expert", "options": {"reveal": 0.0}}
    a = t.measure(bot, ["racer", "cautious"], ["six-card-no-flip"], 2, 7, 1)
    b = t.measure({"bot": "expert"}, ["racer", "cautious"], ["six-card-no-flip"], 2, 7, 1)
    assert a == b and a["games"] == 2 * 2 * 2  # deals x styles x seatings


def test_steps_are_logged_and_a_run_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    t = tune()
    log = tmp_path / "tune.jsonl"
    argv = ["tune.py", "--iterations", "1", "--deals", "1", "--styles", "racer"]
    argv += ["--variants", "six-card", "--workers", "1", "--param", "reveal=0:1:-1:3"]
    monkeypatch.setattr(sys, "argv", [*argv, "--log", str(log)])
    t.main()
    first = json.loads(log.read_text())
    assert first["k"] == 0 and first["params"] == ["reveal"]
    assert -1 <= first["theta_next"][0] <= 3
    monkeypatch.setattr(sys, "argv", [*argv[:2], "2", *argv[3:], "--resume", str(log)])
    t.main()
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    assert [x["k"] for x in lines] == [0, 1] and lines[1]["theta"] == first["theta_next"]
    names, theta = t.final_theta(str(log), tail=1.0)
    assert names == ["reveal"] and theta == [
        (lines[0]["theta_next"][0] + lines[1]["theta_next"][0]) / 2
    ]
    assert "step 1:" in capsys.readouterr().out


def test_the_tuning_and_the_ladder_name_the_same_sets() -> None:
    """One definition (scripts/strength_common.py) serves both scripts: the
    ladder's held-out columns are the styles no tuning step plays, every
    style of the field bot is in exactly one set, and the orders the two
    scripts print in are the ones they always had."""
    from golfcli.bots.field import STYLES

    t, lad = tune(), script_module("ladder")
    assert t.TRAIN_STYLES == ("racer", "pairs", "dumper", "cautious", "strong")
    assert t.HELD_OUT_STYLES == lad.HELD_OUT_STYLES == ("denier", "gambler")
    assert lad.FIELD_STYLES == t.TRAIN_STYLES + t.HELD_OUT_STYLES
    assert sorted(lad.FIELD_STYLES) == sorted(STYLES)
    assert t.VARIANTS["six-card-no-flip"] is lad.NO_FLIP
    assert lad.field_variant("six-card-no-flip").turn.flip_after_discard == "never"


def test_the_paired_change_is_the_mean_and_its_normal_interval() -> None:
    t = tune()
    a = {"per_game": {"x:0": (1.0, 1.0), "x:1": (2.0, 0.0), "x:2": (0.0, 0.5), "y:0": (9, 9)}}
    b = {"per_game": {"x:0": (2.0, 1.0), "x:1": (4.0, 0.0), "x:2": (3.0, 0.5)}}
    # differences 1, 2, 3 (games of both runs only): mean 2, sd 1, 1.96 / sqrt(3) = 1.1316
    out = t.paired(a, b)
    assert out["margin"] == 2.0 and out["margin_ci"] == pytest.approx(1.96 / 3**0.5)
    assert out["win"] == 0.0 and out["win_ci"] == 0.0
    assert t.mean_ci([5.0]) == (5.0, 0.0)  # one value: no spread to measure
