"""``golf replay``: a recorded game steps through turn by
turn on the full table, and ``--to-end`` reproduces the scorecard that
``golf play`` printed; broken records are one line with file:line."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from golfcli.cli.app import app
from golfcli.cli.play_replay import run_replay

from ..helpers import CliRunner

GOLF = str(Path(sys.executable).with_name("golf"))

# every built-in, with a player count it allows (alberta: partners, 2 sides of 2)
BUILTINS = [
    ("six-card", "random,greedy"),
    ("four-card", "random,greedy"),
    ("nine-card", "random,greedy"),
    ("alberta", "random,greedy,random,greedy"),
    ("duel", "random,greedy"),
]


def run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(app, list(args))
    return r.exit_code, r.stdout, r.stderr


def final_card(text: str) -> str:
    """The last scorecard printed and the result line."""
    start = text.rindex("Scorecard (")
    table = text[start:].split("\n\n")[0].strip()
    result = re.findall(r"^Result: .*$", text, re.M)[-1]
    return table + "\n" + result


def hole_blocks(text: str) -> list[str]:
    """Each 'Hole N is over' block: every layout face up, what matched, the scores."""
    return [
        b.split("Scorecard (")[0].strip()
        for b in text.split("is over. Every card is turned up:")[1:]
    ]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, tuple[Path, str]]]:
    """Each built-in played once by bots with --record (shared by the tests)."""
    base = tmp_path_factory.mktemp("records")
    out: dict[str, tuple[Path, str]] = {}
    for name, players in BUILTINS:
        rec = base / f"{name}.jsonl"
        code, text, err = run(
            "play", "-v", name, "--players", players, "--holes", "9", "--seed", "3",
            "--record", str(rec), "--ascii",
        )  # fmt: skip
        assert code == 0, err
        out[name] = (rec, text)
    yield out


@pytest.mark.parametrize("name", [n for n, _ in BUILTINS])
def test_replay_to_end_reproduces_the_final_scorecard(
    recorded: dict[str, tuple[Path, str]], name: str
) -> None:
    rec, played = recorded[name]
    assert "Hole 9 of 9" in played and "Result: " in played
    code, replayed, err = run("replay", str(rec), "--to-end")
    assert code == 0, err
    assert replayed.strip() == final_card(played)
    assert played.count("Scorecard (") == 9


@pytest.mark.parametrize("name", [n for n, _ in BUILTINS])
def test_stepping_to_the_end_of_each_hole_shows_the_same_holes(
    recorded: dict[str, tuple[Path, str]], name: str
) -> None:
    """'h' at every hole: each hole's final table equals what play printed."""
    rec, played = recorded[name]
    out = io.StringIO()
    run_replay(rec, ascii_only=True, inp=lambda prompt: "h", out=out)
    text = out.getvalue()
    assert hole_blocks(text) == hole_blocks(played)
    assert final_card(text) == final_card(played)


def test_step_turn_by_turn_then_stop(recorded: dict[str, tuple[Path, str]]) -> None:
    rec, _ = recorded["six-card"]
    answers = ["", "", "", "q"]
    prompts: list[str] = []

    def inp(prompt: str) -> str:
        prompts.append(prompt)
        return answers.pop(0)

    out = io.StringIO()
    run_replay(rec, ascii_only=True, inp=inp, out=out)
    text = out.getvalue()
    assert prompts == [f"hole 1 step {i} (Enter, h, q) > " for i in range(1, 5)]
    # the full table: at the deal every card is shown, face down in brackets
    first_board = text.split("hole 1 step")[0]
    assert len(re.findall(r"\d \[(?:10|[2-9AJQK])[CDHS]\]", first_board)) == 12
    # each step says what happened, in words, with the cards
    assert re.search(r"^\w+ turned up \S+ at \d and \S+ at \d\.$", text, re.M)
    assert re.search(r"^\w+ (drew|took) the \S+ ", text, re.M)
    assert "Scorecard" not in text  # stopped before the end of the hole


def test_replay_in_a_terminal_with_the_real_prompt(recorded: dict[str, tuple[Path, str]]) -> None:
    rec, _ = recorded["four-card"]
    env = dict(os.environ, NO_COLOR="1")
    child = pexpect.spawn(GOLF, ["replay", str(rec)], env=env, encoding="utf-8", timeout=10)
    child.expect(r"Enter: next turn . h: to the end of this hole . q: stop")
    child.expect(r"hole 1 step 1 \(Enter, h, q\) > $")
    child.sendline("")
    child.expect(r"peeked at \d \(\S+\) and \d \(\S+\)\.")  # a replay shows the peeked cards
    child.expect(r"hole 1 step 2 ")
    child.sendeof()  # end of input stops cleanly too
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in (child.before or "")


def test_an_unfinished_game_replays_and_says_so(tmp_path: Path) -> None:
    rec, _ = tmp_path / "short.jsonl", None
    code, _, err = run("play", "--players", "random,greedy", "--holes", "2", "--seed", "1",
                       "--record", str(rec))  # fmt: skip
    assert code == 0, err
    lines = rec.read_text().splitlines()
    rec.write_text("\n".join(lines[:2]) + "\n")  # header and hole 1: as if stopped after hole 1
    code, text, err = run("replay", str(rec), "--to-end")
    assert code == 0, err
    assert "The record stops after hole 1: the game was not finished." in text


def broken(tmp_path: Path, recorded: dict[str, tuple[Path, str]], how: str) -> Path:
    rec, _ = recorded["six-card"]
    lines = rec.read_text().splitlines()
    if how == "garbage":
        lines[2] = "{not json"
    elif how == "bad-move":
        hole = json.loads(lines[1])
        for ev in hole["events"]:
            if ev["kind"] == "swap":
                ev["data"][0] = 99  # a position that is not on the layout
                break
        lines[1] = json.dumps(hole)
    elif how == "no-header":
        lines = lines[1:]
    path = tmp_path / f"{how}.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize(
    "how,where,words",
    [
        ("garbage", 3, "not a JSON line"),
        ("bad-move", 2, "does not replay"),
        ("no-header", 1, "a hole before the game header"),
    ],
)
@pytest.mark.parametrize("to_end", [True, False])
def test_a_broken_record_is_one_line_with_file_and_line(
    tmp_path: Path, recorded: dict[str, tuple[Path, str]], how: str, where: int, words: str,
    to_end: bool,
) -> None:  # fmt: skip
    path = broken(tmp_path, recorded, how)
    code, out, err = run("replay", str(path), *(["--to-end"] if to_end else []))
    assert code == 2
    assert out == ""
    assert err.startswith(f"golf: error: {path}:{where}: ") and words in err
    assert err.count("\n") == 1


def test_a_missing_record_file(tmp_path: Path) -> None:
    code, _, err = run("replay", str(tmp_path / "nope.jsonl"))
    assert code == 2
    assert err.startswith("golf: error: ") and "cannot read" in err and err.count("\n") == 1


TOURNEY = """\
variant: six-card
holes: 1
players:
  - {name: ann, bot: random}
  - {name: bob, bot: greedy}
games: 1
seed: 4
"""


def test_replay_a_tournament_game_by_number(tmp_path: Path) -> None:
    cfg = tmp_path / "t.yaml"
    cfg.write_text(TOURNEY + "record_events: true\n", encoding="utf-8")
    out = tmp_path / "run"
    code, _, err = run("tournament", str(cfg), "--out", str(out), "-q", "--workers", "1")
    assert code == 0, err
    code, text, err = run("replay", str(out), "--game", "1", "--to-end", "--ascii")
    assert code == 0, err
    assert "Scorecard (" in text and re.search(r"^Result: ", text, re.M)
    game = json.loads((out / "games.jsonl").read_text().splitlines()[1])
    assert game["game"] == 1 and str(game["totals"][0]) in text
    # the directory or its games.jsonl without --game: one line saying what to pass
    for target in (out, out / "games.jsonl"):
        code, text, err = run("replay", str(target))
        assert code == 2 and text == ""
        assert err == (
            f"golf: error: {str(target)!r} is a tournament run (one line per game): "
            f"replay one game with golf replay {out} --game N\n"
        )
    code, _, err = run("replay", str(out / "games.jsonl"), "-g", "0", "--to-end")
    assert code == 0, err
    code, _, err = run("replay", str(out), "--game", "7")
    assert (code, err) == (
        2,
        f"golf: error: {out}: no game 7 in games.jsonl (not played yet, or not in this run)\n",
    )


def test_a_tournament_keeps_every_games_moves_and_replays_them(tmp_path: Path) -> None:
    """Without record_events a run keeps each game's compact moves in its
    games.jsonl line, and golf replay rebuilds the game from them: turn by
    turn the same table and the same scorecard as the full event log shows."""
    full, compact = tmp_path / "full", tmp_path / "compact"
    for out, extra in ((full, "record_events: true\n"), (compact, "")):
        cfg = tmp_path / f"{out.name}.yaml"
        cfg.write_text(TOURNEY.replace("holes: 1", "holes: 3") + extra, encoding="utf-8")
        assert run("tournament", str(cfg), "--out", str(out), "-q", "--workers", "1")[0] == 0
    assert not (compact / "events").exists()
    for line in (compact / "games.jsonl").read_text().splitlines():
        moves = json.loads(line)["moves"]
        assert len(moves) == 3 and all(re.fullmatch(r"([a-z](\d+(\.\d+)?)?)+", m) for m in moves)
    for game in ("0", "1"):
        shown = []
        for out in (full, compact):
            r = CliRunner().invoke(
                app, ["replay", str(out), "--game", game, "--ascii"], input="\n" * 400
            )
            assert r.exit_code == 0, r.stderr
            shown.append(r.stdout.split("\n", 1)[1])  # the title names the source
        assert shown[0] == shown[1] and "Hole 3" in shown[0]


def test_replay_refuses_moves_that_do_not_fit(tmp_path: Path) -> None:
    cfg = tmp_path / "t.yaml"
    cfg.write_text(TOURNEY, encoding="utf-8")
    out = tmp_path / "run"
    assert run("tournament", str(cfg), "--out", str(out), "-q", "--workers", "1")[0] == 0
    games = out / "games.jsonl"
    recs = [json.loads(x) for x in games.read_text().splitlines()]
    at = next(i for i, r in enumerate(recs) if r["game"] == 0)
    good, other = recs[at]["moves"][0], recs[1 - at]["moves"][0]

    def with_moves(moves: str) -> str:
        recs[at]["moves"] = [moves]
        games.write_text(
            "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in recs), encoding="utf-8"
        )
        code, text, err = run("replay", str(out), "--game", "0", "--to-end")
        assert code == 2 and text == "" and err.count("\n") == 1, (code, err)
        assert err.startswith(f"golf: error: {games}:{at + 1}: game 0: hole 1: "), err
        return err

    assert "'zz" in with_moves("zz" + good) and "at character 1" in with_moves("zz" + good)
    assert "stop before the hole is over" in with_moves(good[:6])
    assert "after the hole is over" in with_moves(good + "x")
    # the other seating's moves on this seating's deal: not this game
    assert "the moves score" in with_moves(other) or "not legal" in with_moves(other)
    recs[at]["moves"] = [good]
    games.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    assert run("replay", str(out), "--game", "0", "--to-end")[0] == 0


def test_replay_a_tournament_that_kept_no_moves(tmp_path: Path) -> None:
    cfg = tmp_path / "t.yaml"
    cfg.write_text(TOURNEY + "record_moves: false\n", encoding="utf-8")
    out = tmp_path / "run"
    assert run("tournament", str(cfg), "--out", str(out), "-q", "--workers", "1")[0] == 0
    assert "moves" not in (out / "games.jsonl").read_text()
    code, _, err = run("replay", str(out), "--game", "0")
    assert code == 2 and err.startswith(f"golf: error: {out / 'games.jsonl'}:")
    assert err.endswith(
        "game 0 was kept without its moves (record_moves: false); nothing to replay\n"
    )
    rec = tmp_path / "g.jsonl"
    rec.write_text("", encoding="utf-8")
    code, _, err = run("replay", str(rec), "--game", "0")
    assert (code, err) == (
        2,
        f"golf: error: --game: {str(rec)!r} is not a tournament's --out directory\n",
    )
