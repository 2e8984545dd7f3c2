"""`golf card`: scorecards for games played with real cards.

Every command through Typer's CliRunner; bad input as one stderr line with
exit 2 and the card file unchanged; the PDF's text read back both by a tiny
pure-Python reader (always) and by pdftotext (when installed); and the
property that a layout entered on a card stores what `golf score` gives.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from golfcli.cli.app import app

from ..helpers import REPO, ok, one_error_line, pdf_pages, pdf_text_pure, run, runner, show_json

REPO = REPO


def score(*args: str) -> Any:
    return runner.invoke(app, ["score", *args])


@pytest.fixture
def night(tmp_path: Path) -> Path:
    path = tmp_path / "night.yaml"
    ok("new", path, "--players", "Ann,Bob,Cat")
    return path


# --------------------------------------------------------------------------- new


def test_new_defaults_six_card_nine_holes(night: Path) -> None:
    card = show_json(night)
    assert card["variant"] == "six-card"
    assert card["holes"] == 9
    assert card["sides"] == ["Ann", "Bob", "Cat"]
    assert card["holes_left"] == 9 and not card["finished"]
    assert "Card values: A 1, 2 -2, 3-10 face value, J Q 10, K 0." in card["values"]
    assert "Toggles: twos -2 on, kings 0 on." in card["values"]
    text = night.read_text()
    assert text.startswith("# A Golf scorecard")
    assert "variant: six-card" in text


def test_new_refuses_an_existing_card_unless_forced(night: Path) -> None:
    ok("add", night, "Ann=1", "Bob=2", "Cat=3")
    before = night.read_text()
    msg = one_error_line(run("new", night, "--players", "X,Y"))
    assert "already exists" in msg and "--force" in msg
    assert night.read_text() == before
    ok("new", night, "--players", "X,Y", "--force")
    assert show_json(night)["sides"] == ["X", "Y"]


@pytest.mark.parametrize(
    "variant,players,expect",
    [
        ("four-card", "Ann,Bob,Cat", {"holes": 9, "target": None, "sides": 3}),
        ("nine-card", "Ann,Bob", {"holes": 9, "target": None, "sides": 2}),
        ("alberta", "Ann,Bob,Cat", {"holes": 9, "target": None, "sides": 3}),
        ("duel", "Ann,Bob", {"holes": None, "target": 50, "sides": 2}),
    ],
)
def test_new_for_every_variant(
    tmp_path: Path, variant: str, players: str, expect: dict[str, Any]
) -> None:
    path = tmp_path / "c.yaml"
    ok("new", path, "-p", players, "-v", variant)
    card = show_json(path)
    assert card["variant"] == variant
    assert card["holes"] == expect["holes"] and card["target"] == expect["target"]
    assert len(card["sides"]) == expect["sides"]


def test_new_holes_and_many_players(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    names = ",".join(f"P{i}" for i in range(1, 11))
    ok("new", path, "-p", names, "--holes", "18")
    card = show_json(path)
    assert card["holes"] == 18 and len(card["sides"]) == 10


def test_alberta_partners_share_a_team_column(tmp_path: Path) -> None:
    path = tmp_path / "alb.yaml"
    r = ok("new", path, "-p", "Ann,Bob,Cat,Dan", "-v", "alberta")
    assert "Ann & Cat, Bob & Dan" in r.stdout
    assert show_json(path)["sides"] == ["Ann & Cat", "Bob & Dan"]
    # a member's name or the team's name enters the team's score
    ok("add", path, "Cat=7", "Bob & Dan=12")
    row = show_json(path)["rows"][0]
    assert row["scores"] == {"Ann & Cat": 7, "Bob & Dan": 12}
    msg = one_error_line(run("add", path, "Ann=1", "Cat=2", "Bob=3"))
    assert "partners share one score" in msg
    # the 000 worked example, typed with suits: +10 for the group
    ok(
        "add",
        path,
        "Ann=4 10 K 2 KC Q / 4 10C KC 2 9 QC / 4 10 JK 2 6 Q",
        "Dan=8 JK 5 4 6 6 / 8 K J 2 6 6 / 8 A 3 7 6 6",
    )
    assert show_json(path)["rows"][1]["scores"] == {"Ann & Cat": 10, "Bob & Dan": 11}


def test_toggles_change_the_count_and_the_card_says_so(tmp_path: Path) -> None:
    plus = tmp_path / "plus.yaml"
    ok("new", plus, "-p", "Ann,Bob", "--twos", "plus")
    ok("add", plus, "Ann=5 K 2 / 5 7 9", "Bob=5 K 2 / 5 7 9")
    card = show_json(plus)
    assert card["rows"][0]["scores"] == {"Ann": 18, "Bob": 18}
    assert "Toggles: twos -2 off (twos +2), kings 0 on." in card["values"]
    ten = tmp_path / "ten.yaml"
    ok("new", ten, "-p", "Ann,Bob", "--kings", "ten", "--twos", "minus")
    ok("add", ten, "Ann=5 K 2 / 5 7 9", "Bob=3")
    assert show_json(ten)["rows"][0]["scores"] == {"Ann": 24, "Bob": 3}
    # the same toggle through --set
    viaset = tmp_path / "set.yaml"
    ok("new", viaset, "-p", "Ann,Bob", "--set", "values.ranks.2=2")
    ok("add", viaset, "Ann=5 K 2 / 5 7 9", "Bob=0")
    assert show_json(viaset)["rows"][0]["scores"]["Ann"] == 18


def test_variant_file_is_found_again_from_the_cards_folder(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    rules.mkdir()
    shutil.copy(REPO / "configs/variants/twos-plus-two.yaml", rules / "house.yaml")
    path = tmp_path / "c.yaml"
    ok("new", path, "-p", "Ann,Bob", "-v", rules / "house.yaml")
    assert "variant: rules/house.yaml" in path.read_text()
    cwd = os.getcwd()
    try:
        os.chdir(rules)  # somewhere else: the card still finds its variant
        ok("add", path, "Ann=5 K 2 / 5 7 9", "Bob=1")
    finally:
        os.chdir(cwd)
    assert show_json(path)["rows"][0]["scores"]["Ann"] == 18


# --------------------------------------------------------------------------- add / fix


def test_add_keeps_typed_numbers_and_counts_layouts(night: Path) -> None:
    r = ok("add", night, "Ann=-3", "Bob=5 K 2 / 5 7 9", "Cat=+22")
    assert "Bob 14 from 5 K 2 / 5 7 9 (total 14)" in r.stdout
    row = show_json(night)["rows"][0]
    assert row["scores"] == {"Ann": -3, "Bob": 14, "Cat": 22}
    counted = row["counted"]["Bob"]
    assert counted["layout"] == "5 K 2 / 5 7 9"
    assert counted["count"][0] == "cards: 5 +5 -> +0, K +0, 2 -2 / 5 +5 -> +0, 7 +7, 9 +9"
    assert "matched: column pair of 5 at r1c1, r2c1: score 0" in counted["count"]
    text = night.read_text()
    assert "layout: 5 K 2 / 5 7 9" in text and "Ann: -3" in text


def test_add_asks_player_by_player(night: Path) -> None:
    ok("add", night, stdin="14\n5 K 2 / 5 7 9\n3\n")
    ok("add", night, "Bob=4", "Cat=?", stdin="7\n1\n")  # Ann left out, Cat=?: both asked
    rows = show_json(night)["rows"]
    assert rows[0]["scores"] == {"Ann": 14, "Bob": 14, "Cat": 3}
    assert rows[1]["scores"] == {"Ann": 7, "Bob": 4, "Cat": 1}


def test_add_with_input_ended_leaves_the_card_unchanged(night: Path) -> None:
    before = night.read_text()
    msg = one_error_line(run("add", night, "Ann=3", stdin="4\n"))
    assert "no score for Cat" in msg
    assert night.read_text() == before


def test_fix_corrects_a_hole_and_recounts(night: Path) -> None:
    ok("add", night, "Ann=1", "Bob=2", "Cat=3")
    ok("add", night, "Ann=4", "Bob=5", "Cat=6")
    r = ok("fix", night, "--hole", "1", "Bob=12")
    assert "Bob 2 -> 12" in r.stdout
    card = show_json(night)
    assert card["rows"][0]["scores"] == {"Ann": 1, "Bob": 12, "Cat": 3}
    assert card["rows"][1]["totals"] == {"Ann": 5, "Bob": 17, "Cat": 9}
    ok("fix", night, "--hole", "2", "Cat=Q 3 4 / Q 3 9")
    assert show_json(night)["rows"][1]["scores"]["Cat"] == 13


def test_add_and_fix_with_layouts_load_the_variant_once(
    night: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Checking the stored layouts, reading the typed ones (the asked ones
    too) and counting the hole share one load of the card's variant; a card
    whose variant changed meanwhile is counted with its own."""
    import golfcli.variantload
    from golfcli.scorecard.count import VariantLoader
    from golfcli.scorecard.store import load

    loads: list[str] = []
    real = golfcli.variantload.load_variant

    def counted(spec: Any, *args: Any, **kw: Any) -> Any:
        loads.append(str(spec))
        return real(spec, *args, **kw)

    monkeypatch.setattr(golfcli.variantload, "load_variant", counted)
    ok("add", night, "Ann=5 K 2 / 5 7 9", "Bob=4", "Cat=6")
    assert loads == ["six-card"]
    ok("add", night, "Ann=5 K 2 / 5 7 9", "Bob=?", "Cat=6", stdin="Q 3 4 / Q 3 9\n")
    ok("fix", night, "--hole", "1", "Ann=?", stdin="5 K 2 / 5 7 7\n")
    ok("fix", night, "--hole", "2", "Cat=Q 3 4 / Q 3 9")
    assert loads == ["six-card"] * 4
    card = show_json(night)
    assert card["rows"][0]["scores"]["Ann"] == 12 and card["rows"][1]["scores"]["Cat"] == 13
    loads.clear()
    variant, first = VariantLoader(night), load(night)
    assert variant.load(first) is variant(first) and loads == ["six-card"]
    first.overrides = ["values.ranks.K=1"]
    assert variant(first).rank_values[13] == 1 and len(loads) == 2


def test_duel_hole_of_layouts_counts_as_golf_score_hole(tmp_path: Path) -> None:
    path = tmp_path / "duel.yaml"
    ok("new", path, "-p", "Ann,Bob", "-v", "duel")
    a, b = "JK 5 3 / JK 5 3", "4 4 7 / 9 9 K"
    ok("add", path, f"Ann={a}", f"Bob={b}")
    ref = [json.loads(x) for x in score("-v", "duel", "--hole", "--json", a, b).stdout.splitlines()]
    row = show_json(path)["rows"][0]
    assert row["scores"] == {"Ann": ref[0]["total"], "Bob": ref[1]["total"]}
    assert any("penalties from opponents: +10" in x for x in row["counted"]["Bob"]["count"])
    # with a typed total in the hole, each layout counts on its own (golf score LAYOUT)
    ok("fix", path, "--hole", "1", "Ann=3")
    single = json.loads(score("-v", "duel", "--json", b).stdout)
    assert show_json(path)["rows"][0]["scores"] == {"Ann": 3, "Bob": single["total"]}


# --------------------------------------------------------------------------- show


def _play(path: Path, holes: list[str]) -> None:
    """Enter holes given as "Ann=3 Bob=5"; a layout value is written with
    underscores for its spaces ("Ann=5_K_2_/_5_7_9")."""
    for h in holes:
        ok("add", path, *[item.replace("_", " ") for item in h.split()])


def test_show_table_markdown_csv_json(night: Path) -> None:
    _play(night, ["Ann=3 Bob=5 Cat=4", "Ann=2 Bob=1 Cat=9"])
    table = ok("show", night).stdout
    assert re.search(r"^1\s+3 \(3\)\s+5 \(5\)\s+4 \(4\)$", table, re.M)
    assert re.search(r"^2\s+2 \(5\)\s+1 \(6\)\s+9 \(13\)$", table, re.M)
    assert re.search(r"^total\s+5\s+6\s+13$", table, re.M)
    assert "After 2 of 9 holes: Ann leads with 5; 7 holes to play." in table
    md = ok("show", night, "--format", "markdown").stdout
    assert "| hole   | Ann   | Bob   | Cat    |" in md
    rows = list(csv.reader(io.StringIO(ok("show", night, "-f", "csv").stdout)))
    assert rows[0] == [
        "hole",
        "playoff",
        "Ann",
        "Ann total",
        "Bob",
        "Bob total",
        "Cat",
        "Cat total",
    ]
    assert rows[2] == ["2", "no", "2", "5", "1", "6", "9", "13"]
    card = show_json(night)
    assert card["totals"] == {"Ann": 5, "Bob": 6, "Cat": 13}
    assert card["leaders"] == ["Ann"] and card["holes_left"] == 7


def test_winner_tie_shared_and_playoff(tmp_path: Path) -> None:
    path = tmp_path / "short.yaml"
    ok("new", path, "-p", "Ann,Bob,Cat", "--holes", "2")
    one_error_line(run("playoff", path, "Ann=1", "Bob=2"))  # not over yet
    _play(path, ["Ann=3 Bob=5 Cat=4", "Ann=4 Bob=2 Cat=9"])
    out = ok("show", path).stdout
    assert "Tie: Ann and Bob share the win" in out and "golf card playoff" in out
    card = show_json(path)
    assert card["finished"] and card["tied"] and card["winners"] == ["Ann", "Bob"]
    before = path.read_text()
    msg = one_error_line(run("add", path, "Ann=1", "Bob=1", "Cat=1"))
    assert "the game is over" in msg
    assert "not in this playoff" in one_error_line(run("playoff", path, "Cat=1"))
    assert path.read_text() == before
    ok("playoff", path, "Ann=5", "Bob=5")  # still tied
    assert show_json(path)["tied"]
    r = ok("playoff", path, "Ann=4", "Bob=6")
    assert "Winner: Ann (7) after a playoff." in r.stdout
    card = show_json(path)
    assert card["winners"] == ["Ann"] and card["totals"]["Ann"] == 7  # playoffs add nothing
    assert [row["playoff"] for row in card["rows"]] == [False, False, True, True]
    assert "nothing to settle" in one_error_line(run("playoff", path, "Ann=1", "Bob=1"))


def test_ties_go_to_a_playoff_where_the_rules_say_so(tmp_path: Path) -> None:
    path = tmp_path / "alb.yaml"
    ok("new", path, "-p", "Ann,Bob", "-v", "alberta", "--holes", "1")
    ok("add", path, "Ann=5", "Bob=5")
    assert "These rules settle a tie with a playoff hole" in ok("show", path).stdout


def test_a_fix_that_reopens_a_game_with_playoff_holes_is_refused(tmp_path: Path) -> None:
    """In a target game a correction can take the game back under the target;
    a regular hole entered then would follow the playoff holes, and the card
    golf wrote could not be read again."""
    path = tmp_path / "duel.yaml"
    ok("new", path, "-v", "duel", "-p", "Ann,Bob")
    _play(path, ["Ann=25 Bob=25", "Ann=25 Bob=25"])
    ok("playoff", path, "Ann=1", "Bob=2")
    before = path.read_text()
    line = one_error_line(run("fix", path, "--hole", "2", "Ann=1", "Bob=1"))
    assert "playoff" in line and "--hole 2" in line
    assert path.read_text() == before
    ok("fix", path, "--hole", "2", "Ann=30", "Bob=30")  # still over and tied: fine
    assert show_json(path)["winners"] == ["Ann"]


def test_a_mini_card_with_fewer_pars_than_holes_played_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "putt.yaml"
    ok("new", path, "--mini", "-p", "Ann,Bob", "--par", "3,2")
    _play(path, ["Ann=3 Bob=2", "Ann=3 Bob=2"])
    text = path.read_text().replace("holes: 2\n", "holes: null\ntarget: 100\n")
    hole = "\n- hole: 3\n  scores:\n    Ann: 3\n    Bob: 2"
    path.write_text(text.replace("\nrevision:", hole + "\nrevision:"))
    line = one_error_line(run("show", path))
    assert f"{path}:" in line and "par" in line


def test_match_play_shows_holes_won(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    ok("new", path, "-p", "Ann,Bob", "-v", "alberta", "--set", "game.scoring=match", "--holes", "3")
    _play(path, ["Ann=3 Bob=5", "Ann=4 Bob=4"])
    out = ok("show", path).stdout
    # each hole's winner, and the match after it
    assert re.search(r"^1\s+3 \(3\)\s+5 \(5\)\s+Ann\s+Ann 1 UP$", out, re.M)
    assert re.search(r"^2\s+4 \(7\)\s+4 \(9\)\s+halved\s+Ann 1 UP$", out, re.M)
    assert re.search(r"^holes won\s+1.5\s+0.5", out, re.M)
    assert re.search(r"^match\s+1 UP\s+1 DOWN", out, re.M)
    assert "Ann leads (1 UP)" in out
    ok("add", path, "Ann=30", "Bob=1")  # more strokes but more holes won
    card = show_json(path)
    assert card["holes_won"] == {"Ann": 1.5, "Bob": 1.5}
    assert card["tied"]  # 1.5 each: a tie, whatever the strokes


def test_target_game_ends_when_someone_reaches_it(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    ok("new", path, "-p", "Ann,Bob", "-v", "duel")
    _play(path, ["Ann=20 Bob=10", "Ann=20 Bob=15"])
    out = ok("show", path).stdout
    assert "The game ends when someone reaches 50; closest: Ann with 40." in out
    r = ok("add", path, "Ann=12", "Bob=3")
    assert "Winner: Bob (28)." in r.stdout
    assert "the game is over" in one_error_line(run("add", path, "Ann=1", "Bob=1"))


def test_the_standing_names_the_hole_a_game_ended_on_before_its_last(tmp_path: Path) -> None:
    """A game to 50 (reached, not passed) whose hole 2 now reaches it ended
    there; one that reaches it on its last regular hole did not end early;
    playoff holes are not regular holes."""
    from golfcli.scorecard.model import EnteredHole, Entry
    from golfcli.scorecard.standings import standing
    from golfcli.scorecard.store import load

    path = tmp_path / "d.yaml"
    ok("new", path, "-p", "Ann,Bob", "-v", "duel")
    _play(path, ["Ann=20 Bob=10", "Ann=20 Bob=15", "Ann=5 Bob=3"])
    card = load(path)
    assert standing(card).ended_early is None  # 45 and 28: nobody reached 50
    card.played[0].scores["Ann"] = Entry(30)  # 30 + 20 = 50 after hole 2: reached
    assert standing(card).ended_early == 2
    card.played[0].scores["Ann"] = Entry(29)  # 49 after hole 2, 54 after hole 3: the last
    st = standing(card)
    assert st.ended_early is None and st.finished
    card.played[2].scores["Bob"] = Entry(29)  # a tie at 54 settled by a playoff hole
    card.played.append(EnteredHole(4, {"Ann": Entry(1), "Bob": Entry(2)}, playoff=True))
    st = standing(card)
    assert st.ended_early is None and st.winners == [0]
    card.played[0].scores["Bob"] = Entry(40)  # Bob 55 after hole 2: ended there
    assert standing(card).ended_early == 2


def test_the_standing_counts_holes_left_and_shows_a_playoff_row_for_the_tied_only(
    tmp_path: Path,
) -> None:
    from golfcli.scorecard.model import EnteredHole, Entry
    from golfcli.scorecard.standings import standing
    from golfcli.scorecard.store import load

    path = tmp_path / "three.yaml"
    ok("new", path, "-p", "Ann,Bob,Cat", "--holes", "2")
    _play(path, ["Ann=3 Bob=3 Cat=9", "Ann=4 Bob=4 Cat=1"])
    card = load(path)
    st = standing(card)
    assert (st.holes_left, st.finished, st.tied) == (0, True, True)
    card.played.append(EnteredHole(3, {"Ann": Entry(2), "Bob": Entry(5)}, playoff=True))
    st = standing(card)
    assert st.running[-1] == [2, 5, None] and st.winners == [0]
    # a game to a target with a cap: no count of holes left until the cap is hit
    capped = tmp_path / "capped.yaml"
    ok("new", capped, "-p", "Ann,Bob", "-v", "duel", "--set", "game.max_holes=2")
    _play(capped, ["Ann=3 Bob=4"])
    assert standing(load(capped)).holes_left is None
    _play(capped, ["Ann=3 Bob=4"])
    card = load(capped)
    assert (standing(card).holes_left, standing(card).finished) == (0, True)
    card.played.append(EnteredHole(3, {"Ann": Entry(1), "Bob": Entry(1)}))  # one past the cap
    assert standing(card).ended_early == 2  # the cap, not a target, ended it


def test_target_game_stops_at_its_cap_on_holes(tmp_path: Path) -> None:
    """A game to a target that nobody reaches ends after game.max_holes, as a
    played match does (the same function decides both)."""
    path = tmp_path / "capped.yaml"
    ok("new", path, "-p", "Ann,Bob", "-v", "duel", "--set", "game.max_holes=2")
    _play(path, ["Ann=3 Bob=4"])
    assert show_json(path)["winners"] == []
    assert "After 1 hole: Ann leads with 3." in ok("show", path).stdout  # one hole, not "holes"
    r = ok("add", path, "Ann=5", "Bob=1")
    assert "Winner: Bob (5)." in r.stdout
    assert "the game is over" in one_error_line(run("add", path, "Ann=1", "Bob=1"))


# --------------------------------------------------------------------------- mini golf


def test_mini_golf_strokes_par_and_winner(tmp_path: Path) -> None:
    path = tmp_path / "putt.yaml"
    ok("new", path, "--mini", "-p", "Ann,Bob,Cat", "--par", "3,2,4")
    _play(path, ["Ann=3 Bob=4 Cat=2"])  # each hole against its own par: hole 1's is 3
    assert show_json(path)["to_par"] == {"Ann": "E", "Bob": "+1", "Cat": "-1"}
    _play(path, ["Ann=2 Bob=4 Cat=2", "Ann=4 Bob=2 Cat=3"])
    out = ok("show", path).stdout
    assert re.search(r"^total\s+9\s+9\s+10\s+7$", out, re.M)
    assert re.search(r"^to par\s+E\s+\+1\s+-2$", out, re.M)
    assert "Winner: Cat (7 strokes, -2)." in out
    card = show_json(path)
    assert card["to_par"] == {"Ann": "E", "Bob": "+1", "Cat": "-2"}
    default = tmp_path / "p18.yaml"
    ok("new", default, "--mini", "-p", "Ann")
    assert show_json(default)["holes"] == 18 and show_json(default)["par"] is None


def test_mini_golf_refuses_layouts_and_zero_strokes(tmp_path: Path) -> None:
    path = tmp_path / "putt.yaml"
    ok("new", path, "--mini", "-p", "Ann,Bob")
    assert "not a number of strokes" in one_error_line(run("add", path, "Ann=5 K", "Bob=2"))
    assert "at least 1" in one_error_line(run("add", path, "Ann=0", "Bob=2"))
    assert "--par: 2 values for 3 holes" in one_error_line(
        run("new", tmp_path / "x.yaml", "--mini", "-p", "A", "--par", "3,2", "--holes", "3")
    )
    assert "is for card golf" in one_error_line(
        run("new", tmp_path / "y.yaml", "--mini", "-p", "A", "-v", "duel")
    )


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "args,problem",
    [
        (["Dan=3", "Ann=1", "Bob=1", "Cat=1"], "'Dan': unknown player"),
        (["Ann=5 K 2 / 5 7 9 / 3 4 6", "Bob=1", "Cat=1"], "a 3x3 layout, but six-card deals"),
        (["Ann=seven", "Bob=1", "Cat=1"], "is not a number or a layout"),
        (["Ann=3.5", "Bob=1", "Cat=1"], "is not a number or a layout"),
        (["Ann=5 K ? / 5 7 9", "Bob=1", "Cat=1"], "every card is turned up"),
        (["Ann=5 K JK / 5 7 9", "Bob=1", "Cat=1"], "played without jokers"),
        (["Ann=1", "ann=2", "Bob=1", "Cat=1"], "given twice"),
        (["Ann", "Bob=1", "Cat=1"], "give NAME=VALUE"),
    ],
)
def test_bad_values_leave_the_card_unchanged(night: Path, args: list[str], problem: str) -> None:
    ok("add", night, "Ann=1", "Bob=2", "Cat=3")
    before = night.read_text()
    msg = one_error_line(run("add", night, *args))
    assert problem in msg
    assert night.read_text() == before


def test_hole_past_the_end(night: Path) -> None:
    ok("add", night, "Ann=1", "Bob=2", "Cat=3")
    before = night.read_text()
    msg = one_error_line(run("fix", night, "--hole", "2", "Ann=1"))
    assert "--hole 2: no such hole" in msg and "1 hole entered" in msg
    path = night.with_name("one.yaml")
    ok("new", path, "-p", "Ann,Bob", "--holes", "1")
    ok("add", path, "Ann=1", "Bob=2")
    assert "the game is over" in one_error_line(run("add", path, "Ann=1", "Bob=2"))
    assert night.read_text() == before


@pytest.mark.parametrize(
    "damage,where",
    [
        (lambda t: t + "  - oops: [\n", ":"),  # a YAML syntax error
        (lambda t: t.replace("    Bob: 2\n", "    Bob: two\n"), "played.0.scores.Bob"),
        (lambda t: t.replace("    Cat: 3\n", ""), "no score for Cat"),
        # `add` takes at most 6 digits; a typed-in score past that is damage too
        (lambda t: t.replace("    Bob: 2\n", f"    Bob: {10**35}\n"), "at most 999999"),
        (lambda t: t.replace("    Bob: 2\n", "    Bob: 1000000\n"), "at most 999999"),
        (lambda t: t.replace("    Bob: 2\n", "    Bob: -1000000\n"), "at least -999999"),
        (
            lambda t: t.replace(
                "    Bob: 2\n", "    Bob:\n      score: 1000000\n      layout: '2'\n"
            ),
            "played.0.scores.Bob.score",
        ),
        (lambda t: t.replace("kind: golf", "kind: poker"), "kind"),
        (lambda t: t.replace("hole: 1", "hole: 4"), "numbered in order"),
        (lambda t: t.replace("hole: 1", "hole: 2001"), "played.0.hole: must be at most 2000"),
        (lambda t: "", "not a golf scorecard"),
    ],
)
def test_damaged_card_is_one_line_with_file_and_line(night: Path, damage: Any, where: str) -> None:
    ok("add", night, "Ann=1", "Bob=2", "Cat=3")
    night.write_text(damage(night.read_text()))
    before = night.read_text()
    for cmd in (["show", night], ["add", night, "Ann=1", "Bob=1", "Cat=1"], ["stats", night]):
        msg = one_error_line(run(*cmd))
        assert msg.startswith(f"golf: error: {night}"), msg
        assert where in msg
    assert night.read_text() == before
    line = re.match(
        rf"golf: error: {re.escape(str(night))}:(\d+)", one_error_line(run("show", night))
    )
    if before:
        assert line, "a damaged card names its line"


@pytest.mark.parametrize(
    ("par", "problem"),
    [
        ("par: 3\n", ":12: par: must be a list of par values, one per hole"),
        ("par:\n- 3\n- 0\n- 4\n", ":14: par.1: must be at least 1, not 0"),
        ("par:\n- 3\n- 100\n- 4\n", ":14: par.1: must be at most 99, not 100"),
        ("par:\n- 3\n- 2\n", ":12: par: 2 par values for 3 holes"),
    ],
)
def test_a_damaged_par_is_one_line_with_its_place(tmp_path: Path, par: str, problem: str) -> None:
    path = tmp_path / "putt.yaml"
    ok("new", path, "--mini", "-p", "Ann,Bob", "--par", "3,2,4")
    text = path.read_text()
    assert "\npar:\n- 3\n- 2\n- 4\n" in text and text.splitlines()[11] == "par:"
    path.write_text(text.replace("par:\n- 3\n- 2\n- 4\n", par))
    assert one_error_line(run("show", path)) == f"golf: error: {path}{problem}"


def test_par_values_from_1_to_99_and_a_par_for_a_card_of_no_fixed_length(tmp_path: Path) -> None:
    path = tmp_path / "putt.yaml"
    ok("new", path, "--mini", "-p", "Ann,Bob", "--par", "3,2,4")
    text = path.read_text()
    path.write_text(text.replace("par:\n- 3\n- 2\n- 4\n", "par:\n- 1\n- 99\n- 4\n"))
    assert show_json(path)["par"] == [1, 99, 4]
    # a game to a target: as many pars as holes played so far will do
    path.write_text(text.replace("holes: 3\n", "holes: null\ntarget: 100\n"))
    assert show_json(path)["par"] == [3, 2, 4]


def test_a_hole_is_found_as_the_card_shows_it() -> None:
    """``--hole``'s reading: 3, 03, P1, p01 and spaces around are holes;
    more than six digits, digits of another script, other text are not."""
    from golfcli.scorecard.model import EnteredHole, Entry, Scorecard, find_hole

    scores = {"Ann": Entry(1), "Bob": Entry(2)}
    card = Scorecard(kind="golf", players=["Ann", "Bob"], sides=[["Ann"], ["Bob"]], holes=3)
    card.played = [EnteredHole(n, dict(scores)) for n in (1, 2, 3)]
    card.played.append(EnteredHole(4, dict(scores), playoff=True))
    assert [find_hole(card, t) for t in ("3", " 03 ", "000003", "P1", "p01", " P1")] == [
        2, 2, 2, 3, 3, 3,
    ]  # fmt: skip
    for text in ("0000003", "4", "P2", "P", "x", "ab", "\u0663", "P\u0661", "1.0", ""):
        assert find_hole(card, text) is None, text


def test_names_that_look_like_yaml_survive_the_file(tmp_path: Path) -> None:
    path = tmp_path / "n.yaml"
    names = ["Yes", "123", "O'Neil", "Zoë", "a: b", "#1", "null"]
    ok("new", path, "-p", ",".join(names))
    ok("add", path, *[f"{n}={i}" for i, n in enumerate(names)])
    card = show_json(path)
    assert card["sides"] == names
    assert card["totals"] == {n: i for i, n in enumerate(names)}


def test_other_bad_options(tmp_path: Path, night: Path) -> None:
    p = tmp_path / "x.yaml"
    assert "given twice" in one_error_line(run("new", p, "-p", "Ann,ann"))
    assert "not 5" in one_error_line(run("new", p, "-p", "A,B,C,D,E", "-v", "alberta"))
    assert "unknown variant" in one_error_line(run("new", p, "-p", "A,B", "-v", "poker"))
    assert "--twos" in one_error_line(run("new", p, "-p", "A,B", "--twos", "maybe"))
    assert "--format" in one_error_line(run("show", night, "--format", "xml"))
    assert not p.exists()
    assert "file not found" in one_error_line(run("show", tmp_path / "missing.yaml"))
    msg = one_error_line(run("print", night, "--holes", "18", "--out", tmp_path / "o.pdf"))
    assert "--holes is for a blank card" in msg
    assert not (tmp_path / "o.pdf").exists()
    assert "--par is for mini golf" in one_error_line(run("new", p, "-p", "A,B", "--par", "3"))
    assert one_error_line(run("new", tmp_path, "-p", "A,B")).endswith(": is a folder")
    # str.isdigit() says yes to a superscript two and to 5000 digits; int() says no
    sq = "\u00b2"
    assert "is not a par" in one_error_line(run("new", p, "--mini", "-p", "A,B", "--par", sq))
    line = one_error_line(run("print", "--players", "9" * 5000, "--out", tmp_path / "o.pdf"))
    assert "--players: 999999999: a blank card has 1 to 24" in line
    pdf = tmp_path / "m.pdf"
    msg = one_error_line(run("print", "--mini", "--twos", "plus", "--out", pdf))
    assert "--twos is for card golf" in msg
    assert "--par: 2 values for 3 holes" in one_error_line(
        run("print", "--mini", "--par", "3,2", "--holes", "3", "--out", pdf)
    )
    assert not pdf.exists()


def test_a_bar_in_a_name_does_not_break_a_markdown_table(tmp_path: Path) -> None:
    path = tmp_path / "bar.yaml"
    ok("new", path, "-p", "A|B,Cat")
    ok("add", path, "A|B=3", "Cat=4")
    for text in (
        ok("show", path, "-f", "markdown").stdout,
        ok("stats", path, "-f", "markdown").stdout,
    ):
        rows = [line for line in text.splitlines() if line.startswith("|")]
        assert "A\\|B" in text
        widths = {len(re.findall(r"(?<!\\)\|", line)) for line in rows}
        assert len(widths) == 1, rows  # every row has as many columns as the header
    assert "A|B" in ok("show", path).stdout  # a plain table shows the name as it is


def test_control_characters_in_a_card_are_refused(tmp_path: Path, night: Path) -> None:
    """Names and notes are printed as they are: an escape sequence typed in
    (or put in a card file by someone else) must not reach the terminal."""
    p = tmp_path / "x.yaml"
    assert "control character" in one_error_line(run("new", p, "-p", "Ann\x1b[2J,Bob"))
    assert "control character" in one_error_line(run("new", p, "-p", "Ann,Bob", "--title", "\x07"))
    assert not p.exists()
    text = night.read_text(encoding="utf-8").replace("- Bob\n", '- "Bob\\e[31m"\n')
    night.write_text(text, encoding="utf-8")
    line = one_error_line(run("show", night))
    assert f"{night}:" in line and "players.1: a control character" in line


def test_control_characters_in_a_path_are_escaped_in_the_error(tmp_path: Path) -> None:
    """A path is quoted in the error as it was typed: an escape character in it
    must not reach the terminal raw (it could recolour or rewrite the line)."""
    odd = tmp_path / "no\x1b[31mpe"
    for r in (
        run("show", odd / "x.yaml"),
        run("new", odd / "x.yaml", "-p", "Ann,Bob"),
        run("print", "--out", odd / "x.pdf"),
    ):
        line = one_error_line(r)
        assert "\x1b" not in line and "\\x1b[31m" in line


# --------------------------------------------------------------------------- atomic writes


def test_a_failed_write_leaves_the_old_card(night: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ok("add", night, "Ann=1", "Bob=2", "Cat=3")
    before = night.read_text()

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt  # Ctrl-C between writing and renaming

    monkeypatch.setattr(os, "fsync", interrupted)
    r = run("add", night, "Ann=4", "Bob=5", "Cat=6")
    assert r.exit_code != 0
    assert night.read_text() == before
    # no temp file left (the lock file stays: see golfcli/scorecard/store.py)
    assert sorted(p.name for p in night.parent.iterdir()) == [".night.yaml.lock", "night.yaml"]


def test_save_replaces_by_rename(night: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from golfcli.scorecard import store

    calls: list[tuple[str, str]] = []
    real = os.replace

    def spy(src: Any, dst: Any) -> None:
        calls.append((str(src), str(dst)))
        assert Path(src).parent == Path(dst).parent  # same folder: an atomic rename
        assert Path(src).read_text().startswith("# A Golf scorecard")
        real(src, dst)

    monkeypatch.setattr(store.os, "replace", spy)
    ok("add", night, "Ann=1", "Bob=2", "Cat=3")
    assert len(calls) == 1 and Path(calls[0][1]) == night.resolve()


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_writes_keep_the_cards_mode_and_new_files_follow_the_umask(
    night: Path, tmp_path: Path
) -> None:
    """A temporary file is made private (0600); renamed over the card as it is,
    it would take a shared card's group access away, and a new card or PDF
    would be unreadable to anyone else whatever the umask says."""
    old = os.umask(0o022)
    try:
        ok("new", tmp_path / "fresh.yaml", "-p", "Ann,Bob")
        ok("print", "--out", tmp_path / "blank.pdf")
        os.chmod(night, 0o664)
        ok("add", night, "Ann=1", "Bob=2", "Cat=3")
    finally:
        os.umask(old)
    assert (tmp_path / "fresh.yaml").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "blank.pdf").stat().st_mode & 0o777 == 0o644
    assert night.stat().st_mode & 0o777 == 0o664


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_a_card_reached_through_a_link_is_the_card_that_changes(night: Path) -> None:
    link = night.with_name("tonight.yaml")
    link.symlink_to(night.name)
    ok("add", link, "Ann=1", "Bob=2", "Cat=3")
    assert link.is_symlink()  # not replaced by a copy that the card then misses
    assert show_json(night)["totals"] == {"Ann": 1, "Bob": 2, "Cat": 3}


def test_a_pdf_that_cannot_be_started_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    def refused(*args: Any, **kw: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    line = one_error_line(run("print", "--out", tmp_path / "x.pdf"))
    assert "cannot write" in line and "Permission denied" in line
    assert not (tmp_path / "x.pdf").exists()


# --------------------------------------------------------------------------- stats


def test_stats_over_a_season(tmp_path: Path) -> None:
    a, b, c = (tmp_path / f"g{i}.yaml" for i in (1, 2, 3))
    ok("new", a, "-p", "Ann,Bob", "--holes", "2")
    _play(a, ["Ann=3 Bob=5", "Ann=-2 Bob=9"])  # Ann wins
    ok("new", b, "-p", "Ann,Bob,Cat", "--holes", "1")
    _play(b, ["Ann=4 Bob=4 Cat=12"])  # Ann and Bob share
    ok("new", c, "-p", "Bob,Cat", "--holes", "3")
    _play(c, ["Bob=1 Cat=2"])  # unfinished
    data = json.loads(ok("stats", a, b, c, "--format", "json").stdout)
    # grouped by game and player count: two players (a, c) apart from three (b)
    two, three = data["groups"]
    assert (two["game"], two["player_count"], two["cards"]) == ("six-card", 2, [str(a), str(c)])
    assert (three["player_count"], three["cards"]) == (3, [str(b)])
    by = {p["name"]: p for p in two["players"]}
    assert by["Ann"]["games"] == 1 and by["Ann"]["wins"] == 1
    assert by["Bob"]["games"] == 2 and by["Bob"]["finished"] == 1 and by["Bob"]["wins"] == 0
    assert by["Ann"]["mean_per_hole"] == pytest.approx(1 / 2, abs=1e-4)
    assert by["Ann"]["best_hole"] == {"score": -2, "where": f"{a} hole 2"}
    assert by["Bob"]["worst_hole"]["score"] == 9
    assert next(p["name"] for p in two["players"]) == "Ann"
    assert [(p["name"], p["wins"]) for p in three["players"]][:2] == [("Ann", 0.5), ("Bob", 0.5)]
    assert data["left_out"] == ["1 unfinished game (g3.yaml): holes counted, no win"]
    table = ok("stats", a, b, c).stdout
    assert "six-card, 2 players: 2 cards (g1.yaml, g3.yaml)" in table
    assert re.search(r"^Ann\s+1\s+1\s+1\s+2\s+0.50\s+-2 \(", table, re.M)
    assert "Left out: 1 unfinished game (g3.yaml): holes counted, no win." in table
    rows = list(csv.reader(io.StringIO(ok("stats", a, b, c, "-f", "csv").stdout)))
    assert rows[0][:6] == ["game", "players", "side", "name", "members", "games"]
    assert "| player" in ok("stats", a, "-f", "markdown").stdout
    # a mini golf card is a game of its own: its own group, never mixed in
    mini = tmp_path / "m.yaml"
    ok("new", mini, "--mini", "-p", "Ann", "--holes", "1")
    ok("add", mini, "Ann=3")
    groups = json.loads(ok("stats", a, mini, "-f", "json").stdout)["groups"]
    assert [(g["game"], g["cards"]) for g in groups] == [
        ("six-card", [str(a)]),
        ("mini golf", [str(mini)]),
    ]


def test_stats_refuses_a_card_given_twice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = tmp_path / "g1.yaml", tmp_path / "g2.yaml"
    ok("new", a, "-p", "Ann,Bob", "--holes", "1")
    _play(a, ["Ann=3 Bob=5"])
    ok("new", b, "-p", "Ann,Bob", "--holes", "1")
    monkeypatch.chdir(tmp_path)
    # the same file under another spelling is still the same card
    for args in ([a, a], [a, b, Path("g1.yaml")], [Path("./g2.yaml"), b]):
        msg = one_error_line(run("stats", *args))
        assert "given twice" in msg
    assert "g1.yaml" in one_error_line(run("stats", a, b, a))
    ok("stats", a, b)


# --------------------------------------------------------------------------- print


def pdftotext(path: Path) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


needs_poppler = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed"
)


def test_print_blank_card(tmp_path: Path) -> None:
    out = tmp_path / "blank.pdf"
    ok("print", "--out", out)
    data = out.read_bytes()
    assert data.startswith(b"%PDF-") and pdf_pages(data) == 1
    texts = pdf_text_pure(data)
    assert ["Hole", *[f"{i}" for i in range(1, 10)], "Total"] == [
        t for t in texts if t in ("Hole", "Total") or t.isdigit()
    ]
    assert [t for t in texts if t.startswith("Player ")] == [f"Player {i}" for i in range(1, 7)]
    assert "A 1, 2 -2, 3-10 face value, J Q 10, K 0." in texts
    assert "Toggles: twos -2 on, kings 0 on." in texts
    assert "Date: ____________________" in texts


def test_print_blank_options(tmp_path: Path) -> None:
    out = tmp_path / "b.pdf"
    ok(
        "print",
        "--holes",
        "18",
        "--players",
        "4",
        "-v",
        "nine-card",
        "--twos",
        "plus",
        "--out",
        out,
    )
    texts = pdf_text_pure(out.read_bytes())
    assert [t for t in texts if t.isdigit()] == [str(i) for i in range(1, 19)]
    assert len([t for t in texts if t.startswith("Player ")]) == 4
    assert "A full column of equal rank: the cards score 0." in texts
    assert "Toggles: twos -2 off (twos +2), kings 0 on." in texts
    ok("print", "--players", "12", "--out", out)
    data = out.read_bytes()
    assert pdf_pages(data) == 2  # 12 columns: 6 a page, hole column on both
    assert pdf_text_pure(data).count("Hole") == 2
    ok("print", "--players", "Ann,Bob,Cat,Dan", "-v", "alberta", "--out", out)
    assert "Ann & Cat" in pdf_text_pure(out.read_bytes())


def test_print_filled_nine_card(tmp_path: Path) -> None:
    path = tmp_path / "nine.yaml"
    ok("new", path, "-p", "Ann,Bob,Cat", "-v", "nine-card", "--holes", "3", "--title", "Friday")
    _play(path, ["Ann=4 Bob=7 Cat=9", "Ann=5_5_5_/_3_K_2_/_9_9_A Bob=1 Cat=2", "Ann=1 Bob=1 Cat=1"])
    ok("print", path)
    data = path.with_suffix(".pdf").read_bytes()
    texts = pdf_text_pure(data)
    for want in [
        "Friday",
        "Ann",
        "Bob",
        "Cat",
        "Total",
        "35*",
        "40",
        "9",
        "12",
        "Winner: Bob (9).",
    ]:
        assert want in texts, want
    assert "* counted from a layout" in texts


def test_print_tied_cards_without_command_hints(tmp_path: Path) -> None:
    """Paper gets the result, not the `golf card ...` command the terminal
    suggests, and the sentence the command sat in still closes its bracket."""
    shared = tmp_path / "shared.yaml"
    ok("new", shared, "-p", "Ann,Bob", "--holes", "1")
    ok("add", shared, "Ann=5", "Bob=5")
    playoff = tmp_path / "alb.yaml"
    ok("new", playoff, "-p", "Ann,Bob", "-v", "alberta", "--holes", "1")
    ok("add", playoff, "Ann=5", "Bob=5")
    empty = tmp_path / "empty.yaml"
    ok("new", empty, "-p", "Ann,Bob", "--holes", "2")
    want = {
        shared: "Tie: Ann and Bob share the win (or settle it with one more hole).",
        playoff: "Tie: Ann and Bob. These rules settle a tie with a playoff hole.",
        empty: "No holes entered yet (2 holes).",
    }
    for path, line in want.items():
        out = path.with_suffix(".pdf")
        ok("print", path, "--out", out)
        text = " ".join(pdf_text_pure(out.read_bytes()))
        assert line in text, path.name
        assert "golf card" not in text and "CARD" not in text, path.name
        assert text.count("(") == text.count(")"), path.name


def test_print_mini_card(tmp_path: Path) -> None:
    out = tmp_path / "m.pdf"
    ok("print", "--mini", "--par", "3,2,4,3,3,2,4,3,3", "--players", "Ann,Bob", "--out", out)
    texts = pdf_text_pure(out.read_bytes())
    assert "Mini golf scorecard" in texts and "Par" in texts and "27" in texts
    assert "Score against par: E = even, +2 = two over, -1 = one under." in texts
    path = tmp_path / "putt.yaml"
    ok("new", path, "--mini", "-p", "Ann,Bob", "--par", "3,2")
    _play(path, ["Ann=3 Bob=4", "Ann=1 Bob=2"])
    ok("print", path, "--out", out)
    texts = pdf_text_pure(out.read_bytes())
    assert "To par" in texts and "-1" in texts and "+1" in texts


def test_pdf_text_of_names_outside_latin1(tmp_path: Path) -> None:
    path = tmp_path / "u.yaml"
    ok("new", path, "-p", "Łukasz,Zoë")
    ok("print", path, "--out", tmp_path / "u.pdf")
    texts = pdf_text_pure((tmp_path / "u.pdf").read_bytes())
    assert "Lukasz" in texts and "Zoë" in texts


@needs_poppler
def test_pdftotext_reads_rows_columns_and_values(tmp_path: Path) -> None:
    blank = tmp_path / "blank.pdf"
    ok("print", "--out", blank)
    text = pdftotext(blank)
    assert re.search(r"Player 1\s+Player 2\s+Player 3\s+Player 4\s+Player 5\s+Player 6", text)
    holes = [int(x) for x in re.findall(r"^\s*(\d)\s*$", text, re.M)]
    assert holes == list(range(1, 10))
    assert "Card values" in text and "K 0" in text
    path = tmp_path / "c.yaml"
    ok("new", path, "-p", "Ann,Bob", "--holes", "2")
    _play(path, ["Ann=3 Bob=5_K_2_/_5_7_9", "Ann=4 Bob=1"])
    ok("print", path, "--out", tmp_path / "c.pdf")
    text = pdftotext(tmp_path / "c.pdf")
    assert re.search(r"Ann\s+Bob", text)
    assert re.search(r"1\s+3\s+3\s+14\*\s+14", text)
    assert re.search(r"Total\s+7\s+15", text)
    assert "Winner: Ann (7)." in text


# --------------------------------------------------------------------------- property


RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
card_st = st.tuples(st.sampled_from(RANKS), st.sampled_from(["", "C", "D", "H", "S"])).map("".join)


@st.composite
def layouts(draw: Any, rows: int, cols: int, jokers: bool) -> str:
    one = st.one_of(card_st, st.just("JK")) if jokers else card_st
    cells = draw(st.lists(one, min_size=rows * cols, max_size=rows * cols))
    return " / ".join(" ".join(cells[r * cols : (r + 1) * cols]) for r in range(rows))


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    data=st.data(),
    variant=st.sampled_from(
        [
            ("six-card", 2, 3, False),
            ("nine-card", 3, 3, False),
            ("four-card", 2, 2, False),
            ("alberta", 3, 6, True),
            ("duel", 2, 3, True),
        ]
    ),
)
def test_layouts_store_what_golf_score_gives(tmp_path: Path, data: Any, variant: Any) -> None:
    name, rows, cols, jokers = variant
    path = tmp_path / f"prop-{name}.yaml"
    ok("new", path, "-p", "Ann,Bob", "-v", name, "--holes", "9", "--force")  # duel: no target
    n = data.draw(st.integers(1, 4), label="holes")
    expected: list[dict[str, int]] = []
    for _ in range(n):
        lay = data.draw(layouts(rows, cols, jokers), label="layout")
        typed = data.draw(st.integers(-20, 60), label="typed")
        ref = json.loads(score("-v", name, "--json", lay).stdout)["total"]
        ok("add", path, f"Ann={lay}", f"Bob={typed}")
        expected.append({"Ann": ref, "Bob": typed})
    card = show_json(path)
    assert [r["scores"] for r in card["rows"]] == expected
    totals = {"Ann": 0, "Bob": 0}
    for row in card["rows"]:
        for k in totals:
            totals[k] += row["scores"][k]
        assert row["totals"] == totals  # running totals are the sums of the rows
    assert card["totals"] == totals
    table = ok("show", path).stdout
    assert re.search(rf"^total\s+{totals['Ann']}\s+{totals['Bob']}$", table, re.M)


def test_closer_gets_knock_penalties_on_a_hole_of_layouts(tmp_path: Path) -> None:
    path = tmp_path / "k.yaml"
    house = str(REPO / "configs/variants/knock-penalty.yaml")
    ok("new", path, "-p", "Ann,Bob", "-v", house)
    a, b = "9 9 8 / 7 7 8", "5 K 2 / 5 7 9"  # Ann 32 went out but Bob has 14: +10
    ok("add", path, f"Ann={a}", f"Bob={b}", "--closer", "ann")
    ref = score("-v", house, "--hole", "--closer", "1", "--json", a, b).stdout.splitlines()
    want = [json.loads(x)["total"] for x in ref]
    assert want == [42, 14]
    assert [*show_json(path)["rows"][0]["scores"].values()] == want
    assert "closer: Ann" in path.read_text()
    ok("fix", path, "--hole", "1", "Bob=30")  # a typed total: layouts count alone
    assert show_json(path)["rows"][0]["scores"] == {"Ann": 32, "Bob": 30}
    ok("fix", path, "--hole", "1", f"Bob={b}")  # all layouts again, closer kept
    assert show_json(path)["rows"][0]["scores"] == {"Ann": 42, "Bob": 14}
    # nobody went out after all: the closer comes off and the penalty with it
    ok("fix", path, "--hole", "1", "--no-closer")
    assert show_json(path)["rows"][0]["scores"] == {"Ann": 32, "Bob": 14}
    assert "go-out penalty: +10" not in show_json(path)["rows"][0]["counted"]["Ann"]["count"]
    ok("fix", path, "--hole", "1", "--closer", "Ann")  # and back on
    row = show_json(path)["rows"][0]
    assert row["scores"] == {"Ann": 42, "Bob": 14}
    assert "go-out penalty: +10" in row["counted"]["Ann"]["count"]
    both = run("fix", path, "--hole", "1", "--closer", "Ann", "--no-closer")
    assert "--no-closer" in one_error_line(both)
    assert "--closer" in one_error_line(run("add", path, "Ann=1", "Bob=2", "--closer", "Dan"))


GOLF = Path(sys.executable).with_name("golf")  # this checkout's command, not another on PATH


@pytest.mark.skipif(not GOLF.exists(), reason="the golf command is not installed")
def test_terminal_asks_again_after_a_bad_value(night: Path) -> None:
    import pexpect

    child = pexpect.spawn(
        str(GOLF), ["card", "add", str(night), "Cat=3"], encoding="utf-8", timeout=20
    )
    child.expect("Ann: ")
    child.sendline("5 K 2")  # one row: not a six-card layout
    child.expect("a 1x3 layout, but six-card deals 2 rows of 3; try again")
    child.expect("Ann: ")
    child.sendline("5 K 2 / 5 7 9")
    child.expect("Bob: ")
    child.sendline("-4")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert show_json(night)["rows"][0]["scores"] == {"Ann": 14, "Bob": -4, "Cat": 3}


def test_hole_counts_out_of_range(tmp_path: Path) -> None:
    for cmd in (["new", tmp_path / "z.yaml", "-p", "A,B"], ["print", "--out", tmp_path / "z.pdf"]):
        assert "--holes: must be at least 1, not 0" in one_error_line(run(*cmd, "--holes", "0"))
        # the same bound as every other --holes (golfcli.limits.MAX_HOLES)
        too_many = one_error_line(run(*cmd, "--holes", "1001"))
        assert "--holes: must be at most 1,000, not 1001" in too_many
    assert not list(tmp_path.iterdir())
