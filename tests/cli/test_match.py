"""``golf match A B``: two bots head to head, no YAML (golfcli/cli/match.py),
and the SPRT's pentanomial and normalised Elo (golfcli/sprt.py)."""

from __future__ import annotations

import json
import math

import pytest

from golfcli.sprt import Sprt, SprtSpec

from ..helpers import golf, one_error_line


def test_a_match_is_a_duplicate_tournament_of_two_named_after_their_bots() -> None:
    r = golf(
        "match",
        "expert",
        "greedy?threshold=3",
        "--games",
        "3",
        "--seed",
        "2",
        "--no-db",
        "-q",
        "--format",
        "json",
    )
    assert r.exit_code == 0, r.stderr
    report = json.loads(r.stdout)
    run = report["run"]
    assert run["name"] == "expert vs greedy" and run["duplicate"] is True
    assert [p["name"] for p in run["players"]] == ["expert", "greedy"]
    assert run["games_played"] == 6 and run["seed"] == 2
    assert {r["player"] for r in report["standings"]} == {"expert", "greedy"}


def test_the_same_bot_twice_gets_two_names_and_names_can_be_given() -> None:
    r = golf("match", "random", "random", "--games", "1", "--no-db", "-q", "--format", "json")
    assert [p["name"] for p in json.loads(r.stdout)["run"]["players"]] == ["random", "random2"]
    r = golf(
        "match",
        "greedy",
        "random",
        "--names",
        "mine@v2,mine@v1",
        "--games",
        "1",
        "--no-db",
        "-q",
        "--format",
        "json",
        "--variant",
        "four-card",
        "--set",
        "game.holes=2",
    )
    run = json.loads(r.stdout)["run"]
    assert [p["name"] for p in run["players"]] == ["mine@v2", "mine@v1"]
    assert run["variant"] == "four-card" and run["holes"] == 2


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--sprt", "20,0"], "--sprt: ELO0 must be below ELO1"),
        (["--sprt", "abc"], "--sprt: give two Elo differences"),
        (["--sprt", "0,5000"], "--sprt: Elo differences within ±1000"),
        (["--names", "a"], "--names: give two names"),
        (["--names", "a,A"], "--names: the two players need two names"),
        (["--variant", "nope"], "--variant: "),
        (["--games", "0"], "--games: must be at least 1"),
    ],
)
def test_bad_options_are_one_line(args: list[str], says: str) -> None:
    line = one_error_line(golf("match", "expert", "greedy", "--no-db", *args))
    assert says in line


def test_an_sprt_stops_the_match_and_says_its_pentanomial() -> None:
    args = ["match", "expert", "greedy", "--games", "200", "--sprt", "0,100", "--seed", "3"]
    r = golf(*args, "--no-db", "-q", "--format", "json")
    assert r.exit_code == 0, r.stderr
    report = json.loads(r.stdout)
    (test,) = report["sprt"]["tests"]
    assert test["decision"] == "H1" and report["run"]["games_played"] < 400
    assert sum(test["pentanomial"]) == test["deals"]
    assert test["nelo"] > 0
    text = golf(*args, "--no-db", "-q").stdout
    assert f"game pairs lost both to won both {test['pentanomial']}" in text
    assert "normalised Elo +" in text


def test_pentanomial_and_normalised_elo_by_hand() -> None:
    """Twelve deals: four pairs split, one won and drawn, seven won twice."""
    s = Sprt(SprtSpec(kind="elo", elo0=0, elo1=100))
    for x in [0.5] * 4 + [0.75] + [1.0] * 7:
        s.push(x)
    assert s.pentanomial() == [0, 0, 4, 1, 7]
    mean = (4 * 0.5 + 0.75 + 7) / 12
    var = (4 * (0.5 - mean) ** 2 + (0.75 - mean) ** 2 + 7 * (1 - mean) ** 2) / 12
    want = (mean - 0.5) / math.sqrt(2 * var) * 800 / math.log(10)
    assert s.normalised_elo() == pytest.approx(want, rel=1e-12)
    assert round(want, 1) == 332.3
    # deals that are not game pairs (three games a deal) have no pentanomial
    odd = Sprt(SprtSpec(kind="elo", elo0=0, elo1=100))
    for x in (1 / 3, 2 / 3, 1.0):
        odd.push(x)
    assert odd.pentanomial() is None and odd.normalised_elo() is None
    strokes = Sprt(SprtSpec(kind="strokes", margin=1.0))
    strokes.push(0.5)
    assert strokes.pentanomial() is None
