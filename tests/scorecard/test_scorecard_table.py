"""``golf card`` at a real table: what the library's table changes look like
from the command line.

The dealer marker in ``show``, its JSON and the printed card; players who
join late or leave; a name corrected; nine holes made eighteen; the switches
changed for the holes to come; a mini golf par learned hole by hole; a game
to 100; ``add --hole N``; match play's winner of each hole and the match
after it, on screen and on paper; the log's words for each change and its
undo; and each bad option as one line with exit status 2, the card unchanged.
"""

from __future__ import annotations

import contextlib
import json
import re
import zlib
from pathlib import Path
from typing import Any

import pytest

from golfcli.cli.app import app

from ..helpers import CliRunner, one_error_line

runner = CliRunner()


def run(*args: str | Path) -> Any:
    return runner.invoke(app, ["card", *[str(a) for a in args]])


def ok(*args: str | Path) -> Any:
    r = run(*args)
    assert r.exit_code == 0, (r.stdout, r.stderr)
    return r


def refused(path: Path, *args: str | Path) -> str:
    """The one error line of a command that must leave the card as it was."""
    before = path.read_bytes()
    line = one_error_line(run(*args))
    assert path.read_bytes() == before
    return line


def card_json(path: Path) -> dict[str, Any]:
    return json.loads(ok("show", path, "--format", "json").stdout)  # type: ignore[no-any-return]


def pdf_strings(path: Path) -> list[str]:
    """The strings a PDF draws (fpdf2 writes text with Tj), read without poppler."""
    out: list[str] = []
    for m in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", path.read_bytes(), re.S):
        raw = m.group(1)
        with contextlib.suppress(zlib.error):
            raw = zlib.decompress(raw)
        for s in re.finditer(rb"\(((?:\\.|[^\\)])*)\)\s*Tj", raw, re.S):
            out.append(re.sub(rb"\\(.)", rb"\1", s.group(1)).decode("latin-1"))
    return out


@pytest.fixture
def night(tmp_path: Path) -> Path:
    path = tmp_path / "night.yaml"
    ok("new", path, "-p", "Ann,Bob,Cat")
    return path


# --------------------------------------------------------------------------- the dealer


def test_the_dealer_marker_on_screen_in_json_and_on_paper(night: Path, tmp_path: Path) -> None:
    r = ok("add", night, "Ann=3", "Bob=5", "Cat=4")
    assert r.stdout.rstrip().endswith("Bob deals hole 2.")
    ok("add", night, "Ann=3", "Bob=5", "Cat=4")
    assert "Cat deals hole 3." in ok("show", night).stdout
    data = card_json(night)
    assert data["dealer"] == "Cat" and [row["dealer"] for row in data["rows"]] == ["Ann", "Bob"]
    out = tmp_path / "n.pdf"
    ok("print", night, "--out", out)
    texts = pdf_strings(out)
    # a small D in the dealer's cell, before the score: Ann's on hole 1, Bob's on hole 2
    one = texts.index("1")
    assert texts[one : one + 3] == ["1", "D", "3"]
    two = texts.index("2", one + 1)
    assert texts[two : two + 5] == ["2", "3", "6", "D", "5"]
    assert "D who dealt the hole" in texts
    r = ok("dealer", night, "Ann")
    assert "dealer Cat -> Ann" in r.stdout and "Ann deals hole 3." in r.stdout
    assert "undo of change 4 (dealer Cat -> Ann): taken back" in ok("undo", night).stdout


def test_who_deals_first(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    r = ok("new", path, "-p", "Ann,Bob,Cat", "--dealer", "Cat")
    assert "Cat deals hole 1; the dealer marker moves one seat each hole." in r.stdout
    line = one_error_line(run("new", tmp_path / "e.yaml", "-p", "Ann,Bob", "--dealer", "Zed"))
    assert line == "golf: error: --dealer: 'Zed' is not one of the players (Ann, Bob)"
    mini = one_error_line(run("new", tmp_path / "m.yaml", "--mini", "-p", "A", "--dealer", "A"))
    assert mini == "golf: error: --dealer is for card golf; a --mini card counts strokes"
    assert "unknown player" in refused(path, "dealer", path, "Zed")
    assert "Cat deals next already" in refused(path, "dealer", path, "cat")


# --------------------------------------------------------------------------- players


def test_a_player_joins_late_and_another_leaves(night: Path, tmp_path: Path) -> None:
    ok("add", night, "Ann=3", "Bob=9", "Cat=4")
    r = ok("join", night, "Dan")
    assert "Dan joined at seat 4; for hole 1, missed: 9 (the hole's highest score)" in r.stdout
    table = ok("show", night).stdout
    assert re.search(r"^1\s+3 \(3\)\s+9 \(9\)\s+4 \(4\)\s+9~ \(9\)$", table, re.M)
    assert "~ a hole missed by a player who joined later" in table and "Dan: hole 1" in table
    r = ok("add", night, "Ann=1", "Bob=1", "Cat=1", "Dan=0")
    r = ok("leave", night, "Bob")
    assert "Bob left after hole 2 (out of the running)" in r.stdout
    assert "Bob left after hole 2: out of the running." in r.stdout
    r = ok("add", night, "Ann=1", "Cat=1", "Dan=5")  # nobody asks for Bob
    assert "Bob" not in r.stdout.splitlines()[0]
    data = card_json(night)
    assert data["left"] == {"Bob": 2} and data["rows"][0]["missed"] == ["Dan"]
    assert data["leaders"] == ["Ann"] and data["totals"]["Bob"] == 10  # Bob: out of the running
    log = ok("log", night).stdout
    assert "Dan joined at seat 4" in log and "Bob left after hole 2" in log
    out = tmp_path / "n.pdf"
    ok("print", night, "--out", out)
    texts = pdf_strings(out)
    assert "9~" in texts and any(t.startswith("~ a hole missed") for t in texts)
    for _ in range(4):
        ok("undo", night)
    assert card_json(night)["players"] == ["Ann", "Bob", "Cat"]


def test_joining_options_and_refusals(night: Path, tmp_path: Path) -> None:
    ok("add", night, "Ann=3", "Bob=9", "Cat=4")
    r = ok("join", night, "Dan", "--seat", "1", "--missed", "10")
    assert "Dan joined at seat 1; for hole 1, missed: 10 (10 a hole)" in r.stdout
    assert card_json(night)["players"] == ["Dan", "Ann", "Bob", "Cat"]
    assert refused(night, "join", night, "Eve", "--seat", "6") == (
        "golf: error: --seat: must be from 1 to 5, not 6"
    )
    assert refused(night, "join", night, "Eve", "--missed", "low") == (
        "golf: error: --missed: give high, or a whole number for each missed hole (not 'low')"
    )
    assert refused(night, "join", night, "ann") == "golf: error: 'ann' is on the card already"
    assert "a control character" in refused(night, "join", night, "E\x07ve")
    alb = tmp_path / "alb.yaml"
    ok("new", alb, "-p", "Ann,Bob,Cat,Dan", "-v", "alberta")
    assert "partner game" in refused(alb, "join", alb, "Eve")
    assert "partner game" in refused(alb, "leave", alb, "Ann")
    short = tmp_path / "short.yaml"
    ok("new", short, "-p", "Ann,Bob", "--holes", "1")
    ok("add", short, "Ann=1", "Bob=2")
    assert "the game is over" in refused(short, "join", short, "Cat")


def test_the_last_two_cannot_leave_a_six_card_game(tmp_path: Path) -> None:
    path = tmp_path / "two.yaml"
    ok("new", path, "-p", "Ann,Bob")
    line = refused(path, "leave", path, "Bob")
    assert (
        line.startswith("golf: error: two.yaml: Bob cannot leave: ") or "Bob cannot leave" in line
    )
    assert "unknown player (players: Ann, Bob)" in refused(path, "leave", path, "Zed")


def test_rename(night: Path) -> None:
    ok("add", night, "Ann=1", "Bob=2", "Cat=3")
    r = ok("rename", night, "Cat", "Kat")
    assert "Cat renamed Kat" in r.stdout
    assert card_json(night)["rows"][0]["scores"] == {"Ann": 1, "Bob": 2, "Kat": 3}
    assert "hole 1 entered: Ann 1, Bob 2, Cat 3" in ok("log", night).stdout  # as it was
    assert refused(night, "rename", night, "Kat", "ann") == (
        "golf: error: 'ann' is on the card already"
    )
    assert "unknown player" in refused(night, "rename", night, "Zed", "Zoe")
    ok("undo", night)
    assert card_json(night)["players"] == ["Ann", "Bob", "Cat"]


# --------------------------------------------------------------------------- the game


def test_nine_holes_made_eighteen(tmp_path: Path) -> None:
    path = tmp_path / "n.yaml"
    ok("new", path, "-p", "Ann,Bob", "--holes", "1")
    r = ok("add", path, "Ann=1", "Bob=2")
    assert "Winner: Ann (1)." in r.stdout
    r = ok("extend", path, "--holes", "2")
    assert "holes 1 -> 2" in r.stdout and "1 hole to play" in r.stdout
    ok("add", path, "Ann=9", "Bob=2")
    assert "Winner: Bob (4)." in ok("show", path).stdout
    assert "2 holes are played already" in refused(path, "extend", path, "--holes", "1")
    assert "--holes: must be at least 1, not 0" in refused(path, "extend", path, "--holes", "0")
    assert "has 2 holes already" in refused(path, "extend", path, "--holes", "2")
    duel = tmp_path / "d.yaml"
    ok("new", duel, "-p", "Ann,Bob", "-v", "duel")
    assert "a game to a target" in refused(duel, "extend", duel, "--holes", "18")


def test_a_game_to_100_and_its_printed_card(tmp_path: Path) -> None:
    path = tmp_path / "h.yaml"
    r = ok("new", path, "-p", "Ann,Bob", "--target", "100")
    assert "six-card: until someone reaches 100, lowest total wins." in r.stdout
    data = card_json(path)
    assert (data["holes"], data["target"]) == (None, 100)
    ok("add", path, "Ann=99", "Bob=0")
    assert not card_json(path)["finished"]
    ok("add", path, "Ann=1", "Bob=0")
    assert card_json(path)["winners"] == ["Bob"]
    line = one_error_line(run("new", tmp_path / "x.yaml", "-p", "A,B", "--target", "0"))
    assert line == "golf: error: --target: must be at least 1, not 0"
    line = one_error_line(
        run("new", tmp_path / "x.yaml", "-p", "A,B", "--target", "50", "--holes", "9")
    )
    assert "not both" in line
    blank = tmp_path / "b.pdf"
    ok("print", "--target", "100", "--out", blank)
    texts = pdf_strings(blank)
    assert [t for t in texts if t.isdigit()] == [str(i) for i in range(1, 26)]  # 100 / 4
    assert any("the game ends when a total reaches 100" in t for t in texts)
    assert "--target is for a blank card" in one_error_line(
        run("print", path, "--target", "50", "--out", blank)
    )


def test_switches_for_the_holes_to_come(night: Path) -> None:
    ok("add", night, "Ann=5 K 2 / 5 7 9", "Bob=1", "Cat=1")
    r = ok("switch", night, "--twos", "plus")
    assert "twos -2 -> +2 for the holes from 2 on; hole 1 keeps its count" in r.stdout
    ok("add", night, "Ann=5 K 2 / 5 7 9", "Bob=1", "Cat=1")
    r = ok("show", night)
    assert "Toggles: twos -2 off (twos +2), kings 0 on." in r.stdout
    assert [row["scores"]["Ann"] for row in card_json(night)["rows"]] == [14, 18]
    assert r.stderr == ""  # hole 1, counted with twos -2, is no "hand edit"
    assert card_json(night)["switches"] == {"twos_minus": False, "kings_zero": True}
    assert refused(night, "switch", night) == (
        "golf: error: give --twos minus|plus, --kings zero|ten, or both"
    )
    assert "--twos: must be minus or plus" in refused(night, "switch", night, "--twos", "x")
    assert "twos count +2 already" in refused(night, "switch", night, "--twos", "plus")


def test_par_as_the_course_is_learned(tmp_path: Path) -> None:
    path = tmp_path / "putt.yaml"
    ok("new", path, "--mini", "-p", "Ann,Bob", "--holes", "3")
    ok("add", path, "Ann=3", "Bob=4")
    r = ok("par", path, "1=3", "3=4")
    assert "par: hole 1 none -> 3, hole 3 none -> 4" in r.stdout
    out = ok("show", path).stdout
    assert re.search(r"^1\s+3\s+3 \(3\)\s+4 \(4\)$", out, re.M)
    assert "Mini golf, 3 holes, par 7 for the 2 holes whose par is known" in out
    assert card_json(path)["to_par"] == {"Ann": "E", "Bob": "+1"}
    ok("par", path, "3=-")
    assert card_json(path)["par"] == [3, None, None]
    assert "--par: hole 2: '0' is not a par" in refused(path, "par", path, "2=0")
    assert "'x': give HOLE=PAR" in refused(path, "par", path, "x")
    assert "no hole 4 on a 3-hole card" in refused(path, "par", path, "4=3")
    r = ok("extend", path, "--holes", "5", "--par", "2,3")
    assert card_json(path)["par"] == [3, None, None, 2, 3]
    line = refused(path, "extend", path, "--holes", "7", "--par", "1,0")
    assert "--par: hole 7: '0' is not a par" in line  # the new holes are 6 and 7
    night = tmp_path / "n.yaml"
    ok("new", night, "-p", "Ann,Bob")
    assert "par is for mini golf" in refused(night, "par", night, "1=3")


# --------------------------------------------------------------------------- holes


def test_add_with_the_hole_number(night: Path) -> None:
    ok("add", night, "--hole", "1", "Ann=1", "Bob=2", "Cat=3")
    assert refused(night, "add", night, "--hole", "1", "Ann=1", "Bob=2", "Cat=3") == (
        f"golf: error: {night}: hole 1 is already entered (Ann 1, Bob 2, Cat 3); nothing "
        "written (correct it with golf card fix --hole 1)"
    )
    assert "hole 3 cannot be entered now: hole 2 comes next" in refused(
        night, "add", night, "--hole", "3", "Ann=1", "Bob=2", "Cat=3"
    )
    ok("add", night, "--hole", "2", "Ann=1", "Bob=2", "Cat=3")


def test_match_play_each_holes_winner_and_the_match_on_paper(tmp_path: Path) -> None:
    path = tmp_path / "m.yaml"
    ok("new", path, "-p", "Ann,Bob", "-v", "alberta", "--set", "game.scoring=match",
       "--holes", "3")  # fmt: skip
    for a, b in ((3, 5), (4, 4), (9, 2)):
        ok("add", path, f"Ann={a}", f"Bob={b}")
    data = card_json(path)
    assert [(r["won_by"], r["match"]) for r in data["rows"]] == [
        ("Ann", "Ann 1 UP"), (None, "Ann 1 UP"), ("Bob", "all square"),
    ]  # fmt: skip
    assert data["match"] == "all square" and data["tied"]
    out = tmp_path / "m.pdf"
    ok("print", path, "--out", out)
    texts = pdf_strings(out)
    assert "Won by" in texts and "Match" in texts
    row = texts.index("3", texts.index("Match"))  # hole 3's row: its winner, then the match
    assert texts[row:].index("Bob") < texts[row:].index("all square")
    assert "Ann 1 UP" in texts and "halved" in texts
    blank = tmp_path / "b.pdf"
    ok("print", "-v", "alberta", "--set", "game.scoring=match", "--out", blank)
    assert "Won by" in pdf_strings(blank)


def test_a_fix_after_a_playoff_says_the_playoff_no_longer_counts(tmp_path: Path) -> None:
    path = tmp_path / "f.yaml"
    ok("new", path, "-p", "Joe,Priya,Dave", "--holes", "2")
    ok("add", path, "Joe=40", "Priya=20", "Dave=20")
    ok("add", path, "Joe=15", "Priya=27", "Dave=27")
    assert "Winner: Priya (47) after a playoff." in ok("playoff", path, "Priya=3", "Dave=5").stdout
    r = ok("fix", path, "--hole", "2", "Joe=7")
    assert r.stderr == (
        "golf: warning: hole 2: with this correction playoff hole 1 does not count: it was "
        "played by Priya and Dave, but Joe, Priya and Dave are tied\n"
    )
    out = ok("show", path).stdout
    assert "Winner" not in out and "Tie: Joe, Priya and Dave share the win" in out
    assert "Playoff hole 1 does not count" in out
    r = ok("playoff", path, "Joe=1", "Priya=2", "Dave=3")
    assert "Winner: Joe (47) after a playoff." in r.stdout


# --------------------------------------------------------------------------- help


@pytest.mark.parametrize(
    "command", ["join", "leave", "rename", "extend", "switch", "par", "dealer", "add", "new"]
)
def test_each_table_command_teaches_with_examples(command: str) -> None:
    out = ok(command, "--help").stdout
    assert "Example" in out and f"golf card {command} " in out


def test_a_playoff_hole_with_its_number(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    ok("new", path, "-p", "Ann,Bob", "--holes", "1")
    ok("add", path, "Ann=4", "Bob=4")
    ok("playoff", path, "--hole", "P1", "Ann=3", "Bob=3")
    assert refused(path, "playoff", path, "--hole", "1", "Ann=3", "Bob=3") == (
        f"golf: error: {path}: playoff hole 1 is already entered (Ann 3, Bob 3); nothing "
        "written (correct it with golf card fix --hole P1)"
    )
    assert "--hole: 'Q1': give a playoff hole" in refused(path, "playoff", path, "--hole", "Q1")
