"""`golf score`, `golf variants`, `golf rules`, `golf validate`:
results, JSON, batch mode, and bad input as one stderr line with exit 2."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from golfcli.cli.app import app
from golfcli.variant import BUILTIN_NAMES

from ..helpers import REPO, CliRunner, one_error_line

REPO = REPO
runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> Any:
    return runner.invoke(app, list(args), input=stdin)


def json_lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


# --------------------------------------------------------------------------- results


def test_worked_example_text() -> None:
    r = run("score", "5 K 2 / 5 7 9")
    assert r.exit_code == 0
    assert r.stdout.strip().endswith("total: 14")
    assert "column pair of 5" in r.stdout


@pytest.mark.parametrize(
    "args,expected",
    [
        (["5 K 2 / 5 7 9"], 14),
        (["--set", "values.ranks.2=2", "5 K 2 / 5 7 9"], 18),
        (["-v", "alberta", "4 10 K 2 KC Q / 4 10C KC 2 9 QC / 4 10 JK 2 6 Q"], 10),
        (["-v", "alberta", "8 JK 5 4 6 6 / 8 K J 2 6 6 / 8 A 3 7 6 6"], 11),
        # the same with suit symbols and joker spellings
        (["-v", "alberta", "4 10 K 2 K♣ Q / 4 T♣ k♣ 2 9 Q♣ / 4 10 joker 2 6 Q"], 10),
        (["-v", str(REPO / "configs/variants/twos-plus-two.yaml"), "5 K 2 / 5 7 9"], 18),
    ],
)
def test_worked_examples_json(args: list[str], expected: int) -> None:
    r = run("score", "--json", *args)
    assert r.exit_code == 0, r.stderr
    (obj,) = json_lines(r.stdout)
    assert obj["total"] == expected and isinstance(obj["total"], int)


def test_json_breakdown_fields() -> None:
    r = run("score", "--json", "-v", "alberta", "8 JK 5 4 6 6 / 8 K J 2 6 6 / 8 A 3 7 6 6")
    (obj,) = json_lines(r.stdout)
    assert obj["variant"] == "alberta"
    assert len(obj["cards"]) == 18
    assert obj["cards"][1] == {"row": 1, "col": 2, "card": "JK", "value": -3, "scored": -3}
    twins = [m for m in obj["matches"] if m["kind"] == "twin_columns"]
    assert len(twins) == 1 and twins[0]["bonus"] == -18 and twins[0]["rank"] == "6"
    # the breakdown adds up
    assert sum(c["scored"] for c in obj["cards"]) + obj["bonus"] == obj["total"]
    assert obj["cards_total"] == 29 and obj["bonus"] == -18


def test_several_layouts_one_json_object_each() -> None:
    r = run("score", "--json", "5 K 2 / 5 7 9", "K K K / K K K", "A 2 3 / 4 5 6")
    # 14; 0; (A,4) 5 + (2,5) 3 + (3,6) 9 = 17
    assert [o["total"] for o in json_lines(r.stdout)] == [14, 0, 17]


def test_face_down_cards() -> None:
    r = run("score", "--json", "? K 2 / 5 7 9")
    assert r.exit_code == 0
    (obj,) = json_lines(r.stdout)
    # known part: K 0, 2 -2, 5, 7, 9 = 19 (the ? counts nothing)
    assert obj["known_part"] == 19 and obj["face_down"] == 1
    assert "total" not in obj and "known" not in obj  # the face-up part is no total
    assert obj["complete"] is False
    # worked out in test_scoring.test_expected_total_by_hand: 1128/47 = 24.0
    assert obj["expected_total"] == pytest.approx(1128 / 47)
    text = run("score", "? K 2 / 5 7 9").stdout
    assert "known part" in text and "expected total" in text


def test_hole_with_penalties_and_closer() -> None:
    # duel: the joker pair layout adds 10 to the other: 33 + 10
    r = run("score", "--json", "-v", "duel", "--hole", "JK 5 3 / JK 5 3", "4 4 7 / 9 9 K")
    first, second = json_lines(r.stdout)
    assert (first["total"], second["total"]) == (-4, 43)
    assert second["layout_total"] == 33 and second["penalties"] == 10
    assert first["opponents_penalty"] == 10 and first["hole_totals"] == [-4, 43]
    kb = str(REPO / "configs/variants/knock-bonus.yaml")
    r = run(
        "score", "--json", "-v", kb, "--hole", "--closer", "2", "5 K 2 / 5 7 9", "A 2 3 / 4 5 6"
    )
    first, second = json_lines(r.stdout)
    assert (first["total"], second["total"]) == (14, 17 - 5)
    assert (first["closer"], second["closer"]) == (False, True)
    assert second["adjustments"] == [{"rule": "go-out bonus", "delta": -5}]


def test_hole_text() -> None:
    r = run("score", "-v", "duel", "--hole", "JK 5 3 / JK 5 3", "4 4 7 / 9 9 K")
    assert r.exit_code == 0
    assert "penalties from opponents: +10" in r.stdout and "hole score: 43" in r.stdout


def test_a_layout_that_cannot_be_dealt_is_scored_with_a_warning() -> None:
    """Two 5S in one pack: one warning line on stderr naming the card and the
    deck, the score as typed on stdout, exit 0 (a typo in a suit should be
    noticed, a made-up layout still scored)."""
    r = run("score", "--json", "5S 5S K / 1 2 3")
    assert r.exit_code == 0 and json_lines(r.stdout)[0]["total"] == 5 + 5 + 1 - 2 + 3
    assert r.stderr == (
        "golf: warning: layout 1: cannot be dealt: 5S typed twice (the deck has 1), but "
        "six-card deals 1 pack to 2 players (2 packs from 5 players); scored all the same\n"
    )
    r = run("score", "-v", "duel", "5 5 5 / 5 5 K")
    assert r.exit_code == 0 and "total: " in r.stdout
    assert r.stderr == (
        "golf: warning: layout 1: cannot be dealt: 5 cards of rank 5 (the deck has 4), but "
        "duel deals 1 pack to 2 players; scored all the same\n"
    )
    for fine in (["5S 5H K / 1 2 3"], ["5 5 5 / 5 K K"], ["-v", "duel", "JK JK 5 / ? ? ?"]):
        r = run("score", *fine)
        assert r.exit_code == 0 and r.stderr == "", fine


def test_the_layouts_of_a_hole_are_dealt_from_one_deck() -> None:
    """With --hole the layouts share the deck of a table with that many sides."""
    two = ["5S 6 7 / 8 9 10", "5S Q Q / J J 4"]
    r = run("score", "--hole", *two)
    assert r.exit_code == 0 and "hole" in r.stdout
    assert r.stderr == (  # two sides are two players: one pack, whatever more players get
        "golf: warning: the layouts cannot be dealt together: 5S typed twice (the deck has 1), "
        "but six-card deals 1 pack to 2 players; scored all the same\n"
    )
    five = [*two, "A A A / 2 2 2", "3 3 3 / 4 4 4", "6 6 6 / 7 7 7"]
    assert run("score", "--hole", *five).stderr == ""  # five players: two packs
    # each layout alone is fine; only together do they hold two 5S
    assert run("score", *two).stderr == ""


def test_symbols() -> None:
    r = run(
        "score", "--symbols", "-v", "alberta", "4 10 K 2 KC Q / 4 10C KC 2 9 QC / 4 10 JK 2 6 Q"
    )
    assert "K♣" in r.stdout and "10♣" in r.stdout


# --------------------------------------------------------------------------- batch mode


def test_batch_from_stdin() -> None:
    r = run("score", "--json", stdin="5 K 2 / 5 7 9\n\n# a comment\nK K K / K K K\n")
    assert r.exit_code == 0
    assert [o["total"] for o in json_lines(r.stdout)] == [14, 0]


def test_batch_bad_lines_are_reported_and_good_lines_scored() -> None:
    stdin = "5 K 2 / 5 7 9\n5 Z 2 / 5 7 9\nK K K / K K K\n5 K 2 / 5 7\nA 2 / 3 4\n"
    r = run("score", "--json", stdin=stdin)
    assert r.exit_code == 2
    assert [o["total"] for o in json_lines(r.stdout)] == [14, 0]
    lines = r.stderr.strip().splitlines()
    # six kings need two packs: line 3 is scored, with a warning
    assert lines[1].startswith("golf: warning: line 3: cannot be dealt: 6 cards of rank K")
    errors = [line for line in lines if not line.startswith("golf: warning: ")]
    assert len(errors) == 3 and len(lines) == 4
    assert errors[0].startswith("golf: error: line 2: row 1, card 2: unknown card 'Z'")
    assert errors[1].startswith("golf: error: line 4: ragged rows")
    assert errors[2].startswith("golf: error: line 5: a 2x2 layout, but six-card deals 2 rows of 3")
    assert "Traceback" not in r.stderr


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "args,fragment",
    [
        (["score", "5 Z 2 / 5 7 9"], "layout 1: row 1, card 2: unknown card 'Z'"),
        (["score", "5 K 2 / 5 7 9", "5 K 2 / 5 7 9 / 0 2 3"], "layout 2: row 3, card 1"),
        (["score", "5 K 2 / 5 7"], "layout 1: ragged rows"),
        (["score", "5 K / 5 7"], "layout 1: a 2x2 layout, but six-card deals 2 rows of 3"),
        (["score", "-v", "nine-card", "5 K 2 / 5 7 9"], "but nine-card deals 3 rows of 3"),
        (["score", "--set", "turn.knok=true", "5 K 2 / 5 7 9"], "--set turn.knok=true: turn.knok"),
        (["score", "--set", "values.ranks.2", "5 K 2 / 5 7 9"], "expected KEY=VALUE"),
        (["score", "-v", "no-such", "5 K 2 / 5 7 9"], "unknown variant"),
        (["score", "--closer", "1", "5 K 2 / 5 7 9"], "--closer"),
        (
            ["score", "--hole", "--closer", "3", "5 K 2 / 5 7 9", "5 K 2 / 5 7 9"],
            "--closer must be",
        ),
        (["score", "--hole", "? K 2 / 5 7 9", "5 K 2 / 5 7 9"], "no ?"),
        (["rules", "no-such"], "unknown variant"),
        (["score", "JK 3 4 / 5 6 7"], "layout 1: six-card is played without jokers"),
    ],
)
def test_bad_input_one_line_exit_2(args: list[str], fragment: str) -> None:
    r = run(*args)
    assert r.exit_code == 2
    assert fragment in one_error_line(r)


def test_broken_yaml_variant(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nextends: six-card\nturn: {knock: true\n", encoding="utf-8")
    r = run("score", "-v", str(bad), "5 K 2 / 5 7 9")
    assert r.exit_code == 2
    assert one_error_line(r).startswith(f"golf: error: {bad}:4: invalid YAML")


# ------------------------------------------------------------- variants, rules, validate


def test_variants_lists_the_builtins() -> None:
    r = run("variants")
    assert r.exit_code == 0
    for name in BUILTIN_NAMES:
        assert name in r.stdout
    assert "3x6" in r.stdout and "2-4, 6" in r.stdout  # alberta


def test_rules_by_name_and_path() -> None:
    r = run("rules", "alberta")
    assert r.exit_code == 0
    assert "KC -1" in r.stdout and "-18 to the owner" in r.stdout
    r = run("rules", str(REPO / "configs/variants/blackjack.yaml"))
    assert r.exit_code == 0 and "exactly 21 becomes 0" in r.stdout
    r = run("rules", "six-card", "--set", "game.holes=18")
    assert "18 holes" in r.stdout


def test_validate(tmp_path: Path) -> None:
    good = REPO / "configs/variants/super-kings.yaml"
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nextends: six-card\ngrid:\n  rows: 7\n  cols: 0\n", encoding="utf-8")
    r = run("validate", str(good))
    assert r.exit_code == 0 and "ok:" in r.stdout and "super-kings" in r.stdout
    r = run("validate", str(good), str(bad))
    assert r.exit_code == 2
    assert "ok:" in r.stdout
    assert one_error_line(r) == f"golf: error: {bad}:5: grid.cols: must be at least 1, not 0"


# --------------------------------------------------------------------------- real processes


def golf_command() -> list[str]:
    exe = shutil.which("golf", path=str(Path(sys.executable).parent)) or shutil.which("golf")
    return [exe] if exe else [sys.executable, "-m", "golfcli.cli.app"]


def test_real_process_bad_card_exit_2_no_traceback() -> None:
    p = subprocess.run(
        [*golf_command(), "score", "5 Z 2 / 5 7 9"],
        capture_output=True,
        text=True,
        timeout=30,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert p.returncode == 2
    assert p.stdout == ""
    assert p.stderr.count("\n") == 1 and "Traceback" not in p.stderr
    assert "row 1, card 2: unknown card 'Z'" in p.stderr


def test_real_process_batch_and_broken_variant(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nextends: six-card\ndeck:\n  packs: -1\n", encoding="utf-8")
    p = subprocess.run(
        [*golf_command(), "score", "-v", str(bad)],
        input="5 K 2 / 5 7 9\n",
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert p.stderr.strip() == f"golf: error: {bad}:4: deck.packs: must be at least 1, not -1"
    p = subprocess.run(
        [*golf_command(), "score", "--json"],
        input="5 K 2 / 5 7 9\nbad\n",
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert json.loads(p.stdout)["total"] == 14
    assert p.stderr.startswith("golf: error: line 2:")


def test_rules_text_reads_as_sentences() -> None:
    # "Instead of drawing you may ..." completes every option as a sentence
    four = run("rules", "four-card").stdout
    assert "Instead of drawing you may knock, to end the hole." in four
    assert "instead of drawing, to end" not in four
    shots = run("rules", "alberta", "--set", "turn.bunker_shot=true").stdout
    assert "you may play a bunker shot: swap" in shots
    # duel is made for two but takes up to four; its description must not say otherwise
    duel = run("rules", "duel").stdout
    assert "Players: 2 to 4 players." in duel and "Two-player" not in duel


def test_rules_text_of_the_face_down_limits_and_a_multiplying_rule() -> None:
    def rules(name: str, *sets: str) -> str:
        args = [x for s in sets for x in ("--set", s)]
        out: str = run("rules", str(REPO / "configs/variants" / name), *args).stdout
        return " ".join(out.split())  # the text wraps; compare it as one line

    assert (
        "The player who went out or knocked, when another score is lower, has their hole score"
        " doubled (a score below zero stays as it is), then +5 (knock lost)."
    ) in rules("knock-doubled.yaml")
    every = rules("knock-doubled.yaml", "adjustments=[{kind: closer, multiply: 5, add: 0}]")
    assert (
        "knocked has their hole score multiplied by 5 (a score below zero stays as it is)" in every
    )
    assert "stays as it is) (closer)." in every  # nothing added: no ", then +0"
    nought = rules("knock-doubled.yaml", "adjustments=[{kind: closer, multiply: 0, add: 3}]")
    assert "hole score made 0 (a score below zero stays as it is), then +3 (closer)." in nought
    every = rules(
        "knock-doubled.yaml",
        "adjustments=[{kind: closer, multiply: 2, add: 5, when: lowest, multiply_negative: true}]",
    )
    assert (
        "knocked, when their score is lowest (ties count), has their hole score doubled, then +5"
    ) in every
    assert "tripled" in rules("knock-doubled.yaml", "adjustments.0.multiply=3")
    assert (
        "you may then turn one face-down card up (only once some layout has at most 1 card"
        " face down)."
    ) in rules("flip-on-discard-endgame.yaml")
    assert "(only once someone has gone out and some layout has at most 2 cards face down)" in (
        rules(
            "flip-on-discard-endgame.yaml",
            "turn.flip_after_discard_phase=end_phase",
            "turn.flip_after_discard_max_face_down=2",
        )
    )
    assert "A player may knock only with at most 2 cards face down." in rules("early-knock.yaml")
    assert "may knock only" not in rules("knocking.yaml")
    # a limit on what is off says nothing: no knocking, no flip after a discard
    off = rules(
        "flip-on-discard-never.yaml",
        "turn.knock_max_face_down=2",
        "turn.flip_after_discard_max_face_down=1",
    )
    assert "nothing is turned up." in off and "only once" not in off and "knock" not in off
    assert "gets +10 when another score is lower (go-out penalty)." in rules("knock-penalty.yaml")


# --------------------------------------------------------------------- one path with the library


@pytest.mark.parametrize(
    "args,layouts,variant",
    [
        ([], ["5 K 2 / 5 7 9"], "six-card"),
        (["--symbols"], ["5C K 2H / 5 7S 9"], "six-card"),
        ([], ["5 K ? / 5 7 ?"], "six-card"),
        (["-v", "alberta"], ["4 10 K 2 KC Q / 4 10C KC 2 9 QC / 4 10 JK 2 6 Q"], "alberta"),
        ([], ["5 K 2 / 5 7 9", "? ? ? / A 2 3"], "six-card"),
    ],
)
def test_golf_score_prints_what_golfcli_score_returns(
    args: list[str], layouts: list[str], variant: str
) -> None:
    """The command is the library's client: its text is str() of the
    library's result and its --json line the result's to_dict()."""
    import golfcli

    spec = "s" if "--symbols" in args else ""
    results = [golfcli.score(t, variant) for t in layouts]
    gap = "" if len(layouts) == 1 else "\n"
    text = run("score", *args, *layouts)
    assert text.stdout == "".join(format(r, spec) + gap + "\n" for r in results)
    as_json = run("score", *args, "--json", *layouts)
    assert json_lines(as_json.stdout) == [r.to_dict() for r in results]
    as_md = run("score", *args, "--format", "markdown", *layouts)
    md = "".join(r.render("markdown", symbols=bool(spec)) + gap + "\n" for r in results)
    assert as_md.stdout == md
    as_csv = run("score", *args, "--format", "csv", *layouts).stdout.splitlines()
    one = [r.render("csv").splitlines() for r in results]  # each: the header and its row
    assert as_csv[0] == one[0][0] and len(as_csv) == 1 + len(results)
    for i, (line, (_, row)) in enumerate(zip(as_csv[1:], one, strict=True)):
        assert line == row.replace("layout 1", f"layout {i + 1}", 1)


def test_golf_score_hole_prints_what_golfcli_score_hole_returns() -> None:
    import golfcli

    layouts = ["JK 5 3 / JK 5 3", "4 4 7 / 9 9 K"]
    result = golfcli.score_hole(layouts, "duel", closer=1)
    text = run("score", "-v", "duel", "--hole", "--closer", "2", *layouts)
    assert text.stdout == str(result) + "\n"
    as_json = run("score", "-v", "duel", "--hole", "--closer", "2", "--json", *layouts)
    assert json_lines(as_json.stdout) == result.to_dict()["sides"]
    for fmt in ("markdown", "csv", "json"):
        out = run("score", "-v", "duel", "--hole", "--closer", "2", "--format", fmt, *layouts)
        assert out.stdout == result.render(fmt) + "\n", fmt
