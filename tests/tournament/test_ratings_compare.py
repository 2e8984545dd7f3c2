"""``golf ratings compare A B``: the games two bots met in, across runs,
paired by deal (golfcli/tournament/leaderboard.py, ``compare``)."""

from __future__ import annotations

import json
import math
from pathlib import Path

from ..helpers import golf, heads_up, info, one_error_line, record


def two_runs(db: Path) -> None:
    """v2 against v1 in two runs: deal by deal, each deal's two games (the
    seats swapped), so the margins are known by hand."""
    first = [heads_up("p@v2", "p@v1", 10, 14), heads_up("p@v1", "p@v2", 12, 9)]  # deal 0: 4, 3
    first += [heads_up("p@v2", "p@v1", 20, 18), heads_up("p@v1", "p@v2", 15, 16)]  # deal 1: -2, -1
    record(db, info("r1", {"p@v2": "greedy", "p@v1": "random"}), first)
    second = [heads_up("p@v2", "p@v1", 5, 11), heads_up("p@v1", "p@v2", 7, 6)]  # deal 0: 6, 1
    record(
        db, info("r2", {"p@v2": "greedy", "p@v1": "random"}, started="2026-02-01T00:00:00Z"), second
    )


def test_the_margin_is_paired_by_deal_across_runs(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    two_runs(db)
    r = golf("ratings", "compare", "p@v2", "p@v1", "--db", str(db), "--format", "json")
    assert r.exit_code == 0, r.stderr
    got = json.loads(r.stdout)
    per_deal = [3.5, -1.5, 3.5]  # each deal's mean of its two games
    mean = sum(per_deal) / 3
    sd = math.sqrt(sum((x - mean) ** 2 for x in per_deal) / 2)
    half = 4.302652729911275 * sd / math.sqrt(3)  # t(0.975, 2)
    assert (got["runs"], got["deals"], got["games"]) == (2, 3, 6)
    assert math.isclose(got["margin"], mean)
    assert math.isclose(got["margin_lo"], mean - half, rel_tol=1e-4)  # golf's t quantile: to 5e-5
    assert math.isclose(got["margin_hi"], mean + half, rel_tol=1e-4)  # golf's t quantile: to 5e-5
    assert got["separated"] is False and 0.5 < got["los"] < 1.0
    text = golf("ratings", "compare", "p@v2", "p@v1", "--db", str(db)).stdout
    assert "p@v2 scores 1.83 strokes a game fewer than p@v1" in text
    assert "not separated" in text and "3 deal(s), 6 game(s) in 2 run(s)" in text
    # the other way round: the same numbers, the sign turned
    back = json.loads(
        golf("ratings", "compare", "p@v1", "p@v2", "--db", str(db), "--format", "json").stdout
    )
    assert math.isclose(back["margin"], -mean) and math.isclose(back["los"], 1 - got["los"])


def test_names_that_are_no_bot_or_two_are_one_line(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    two_runs(db)
    line = one_error_line(golf("ratings", "compare", "nobody", "p@v1", "--db", str(db)))
    assert "nobody and p@v1 never met in a game" in line
    line = one_error_line(golf("ratings", "compare", "p", "p@v1", "--db", str(db)))
    assert "p names 2 bots" in line and "name@label" in line
    line = one_error_line(
        golf("ratings", "compare", "p@v2", "p@v1", "--db", str(db), "--format", "csv")
    )
    assert "--format" in line


def test_a_name_of_two_bots_on_another_board_does_not_stop_the_comparison(
    tmp_path: Path,
) -> None:
    """On the four-card board "g" is two greedy bots of different options;
    on six-card it is one, which met "r": that is the comparison.  Where
    the name is unclear alone, the line says which bots it names."""
    db = tmp_path / "r.db"
    two_runs(db)
    record(db, info("six", {"g": "greedy", "r": "random"}), [heads_up("g", "r", 5, 9)] * 2)
    four = info("four", {"g": "greedy", "r": "random"}, variant="four-card", rules="r4")
    four.players["g"]["options"] = {"threshold": 3}
    record(db, four, [heads_up("g", "r", 5, 9)] * 2)
    four2 = info("four2", {"g": "greedy", "r": "random"}, variant="four-card", rules="r4")
    record(db, four2, [heads_up("g", "r", 6, 9)] * 2)
    r = golf(
        "ratings", "compare", "g", "r", "--db", str(db), "--variant", "six-card", "--format", "json"
    )
    assert r.exit_code == 0, r.stderr
    # g and r are p@v2 and p@v1's code: one bot each, their games pooled (3 deals + 1)
    assert json.loads(r.stdout)["deals"] == 4
    r = golf("ratings", "compare", "g", "r", "--db", str(db), "--format", "json")
    assert r.exit_code == 0, r.stderr  # four-card's "g" is unclear: six-card answers
    assert json.loads(r.stdout)["variant"] == "six-card"
    line = one_error_line(
        golf("ratings", "compare", "g", "r", "--db", str(db), "--variant", "four-card")
    )
    assert "g names 2 bots" in line and "greedy?threshold=3" in line


def test_games_that_say_their_holes_compare_in_strokes_a_hole(tmp_path: Path) -> None:
    """A nine-hole run and a three-hole run pool on one board: each game's
    margin is divided by its own holes, so the long games do not outweigh
    the short ones.  One game without its holes (recorded by an older golf)
    turns the whole comparison back to strokes a game, and says so."""
    db = tmp_path / "r.db"
    nine = [heads_up("a", "b", 30, 39, 9), heads_up("b", "a", 36, 27, 9)]  # deal 0: 1, 1 a hole
    record(db, info("nine", {"a": "greedy", "b": "random"}), nine)
    three = [heads_up("a", "b", 12, 9, 3), heads_up("b", "a", 9, 9, 3)]  # deal 0: -1, 0 a hole
    record(db, info("three", {"a": "greedy", "b": "random"}, started="2026-02-01T00:00:00Z"), three)
    got = json.loads(golf("ratings", "compare", "a", "b", "--db", str(db), "-f", "json").stdout)
    assert got["unit"] == "strokes a hole" and got["better"] == "fewer"
    assert (got["deals"], got["games"]) == (2, 4)
    assert math.isclose(got["margin"], (1.0 + -0.5) / 2)
    text = golf("ratings", "compare", "a", "b", "--db", str(db)).stdout
    assert "a scores 0.25 strokes a hole fewer than b" in text
    old = [heads_up("a", "b", 10, 14), heads_up("b", "a", 10, 10)]  # deal 0: 4, 0 a game
    record(db, info("old", {"a": "greedy", "b": "random"}, started="2026-03-01T00:00:00Z"), old)
    got = json.loads(golf("ratings", "compare", "a", "b", "--db", str(db), "-f", "json").stdout)
    assert got["unit"] == "strokes a game"
    assert math.isclose(got["margin"], (9.0 + -1.5 + 2.0) / 3)


def test_match_play_compares_holes_won(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    games = [
        {**heads_up("a", "b", 30, 20, 9), "holes_won": [6.0, 3.0], "winners": [0]},
        {**heads_up("b", "a", 25, 25, 9), "holes_won": [4.5, 4.5], "winners": [0, 1]},
    ]
    record(db, info("m", {"a": "greedy", "b": "random"}, format="match"), games)
    got = json.loads(golf("ratings", "compare", "b", "a", "--db", str(db), "-f", "json").stdout)
    assert (got["unit"], got["better"]) == ("holes won a game", "more")
    assert math.isclose(got["margin"], -1.5)  # b won 3 fewer, then as many: -1.5 a game
    text = golf("ratings", "compare", "b", "a", "--db", str(db)).stdout
    assert "a wins 1.50 holes a game more than b" in text
