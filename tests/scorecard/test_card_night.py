"""`golf card` at a game night: nothing entered is ever lost.

Real processes where the promise is about processes: eight `golf card`
commands changing one card at once, commands killed with SIGKILL at random
moments, a person typing at the prompt while another shell enters a hole.
The rest through CliRunner: history and undo, hand edits caught on load,
warnings for rules a mixed hole cannot apply, statistics by game, printed
cards for target and 18-hole games, one name for one thing, and cards
written by an older golf.
"""

from __future__ import annotations

import fcntl
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pexpect
import pytest

from golfcli.scorecard import store
from golfcli.scorecard.model import Scorecard

from ..helpers import REPO, ok, one_error_line, pdf_pages, pdf_text_pure, run, show_json

GOLF = str(Path(sys.executable).with_name("golf"))
CONFIGS = REPO / "configs"


def golf(*args: str | Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [GOLF, *map(str, args)], capture_output=True, text=True, timeout=timeout, check=False
    )


def start(*args: str | Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [GOLF, *map(str, args)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def replayed(card: Scorecard) -> list[dict[str, int]]:
    """The holes a card's history says it holds, worked out from the history
    alone (a second statement of what each change does): the history is
    complete when this equals the card's holes."""
    holes: list[dict[str, int]] = []
    by_number = {}
    for c in card.history:
        by_number[c.number] = c
        if c.what in ("add", "playoff"):
            assert c.hole == len(holes) + 1, c
            holes.append(dict(c.scores))
        elif c.what == "fix":
            assert c.hole is not None
            holes[c.hole - 1] = dict(c.scores)
            del holes[len(holes) - len(c.dropped) :]
        elif c.what == "undo":
            assert c.undoes is not None and c.hole is not None
            undone = by_number[c.undoes]
            if undone.what in ("add", "playoff"):
                assert len(holes) == c.hole
                holes.pop()
            else:
                holes[c.hole - 1] = dict(c.scores)
                holes += [h.totals for h in undone.dropped]
    return holes


def check_history(card: Scorecard) -> None:
    assert [c.number for c in card.history] == list(range(1, card.revision + 1))
    assert card.history[0].what == "new"
    assert replayed(card) == [h.totals for h in card.played]


# --------------------------------------------------------------------------- no lost update


def test_eight_processes_at_once_lose_nothing(tmp_path: Path) -> None:
    """Eight adds started together, and with them four fixes (each of another
    player's hole-1 score): every hole once, every fix kept, the history
    complete."""
    card = tmp_path / "race.yaml"
    players = "Ann,Bob,Cat,Dan"
    ok("new", card, "-p", players, "--holes", "18")
    ok("add", card, "Ann=0", "Bob=0", "Cat=0", "Dan=0")
    procs = [start("card", "add", card, f"Ann={i}", "Bob=1", "Cat=1", "Dan=1") for i in range(1, 9)]
    procs += [
        start("card", "fix", card, "--hole", "1", f"{p}={10 + k}")
        for k, p in enumerate(players.split(","))
    ]
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, (out, err)
    rows = show_json(card)["rows"]
    assert [r["hole"] for r in rows] == list(range(1, 10))  # every hole, none twice
    assert sorted(r["scores"]["Ann"] for r in rows[1:]) == list(range(1, 9))
    assert rows[0]["scores"] == {"Ann": 10, "Bob": 11, "Cat": 12, "Dan": 13}  # every fix kept
    saved = store.load(card)
    assert saved.revision == 2 + 8 + 4
    check_history(saved)


def test_eight_processes_undoing_and_entering_keep_a_complete_history(tmp_path: Path) -> None:
    """Adds, fixes and undos racing: whatever order they ran in, the card is
    exactly what its history says, change by change."""
    card = tmp_path / "mix.yaml"
    ok("new", card, "-p", "Ann,Bob", "--holes", "18")
    for i in range(4):
        ok("add", card, f"Ann={i}", "Bob=0")
    commands = [
        ("add", "Ann=20", "Bob=0"),
        ("add", "Ann=21", "Bob=0"),
        ("fix", "--hole", "1", "Bob=7"),
        ("fix", "--hole", "2", "Ann=8"),
        ("undo",),
        ("undo",),
        ("add", "Ann=22", "Bob=0"),
        ("fix", "--hole", "1", "Ann=9"),
    ]
    procs = [start("card", c[0], card, *c[1:]) for c in commands]
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, (out, err)
    saved = store.load(card)
    assert saved.revision == 5 + len(commands)
    check_history(saved)
    kinds = sorted(c.what for c in saved.history[5:])
    assert kinds == ["add"] * 3 + ["fix"] * 3 + ["undo"] * 2


# A writer that takes its time between writing the new card and renaming it over the old
# one (every os.fsync sleeps first), so that kills at random moments land in the write
# itself as well as before and after it.  The command is the real one, run in-process.
SLOW_WRITER = """
import os, sys, time
real = os.fsync
def slow(fd):
    time.sleep(0.03)
    real(fd)
os.fsync = slow
sys.argv = ["golf", "card", *sys.argv[1:]]
from golfcli.cli.entry import main
main()
"""


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_sigkill_at_random_moments_leaves_the_old_or_the_new_card(tmp_path: Path) -> None:
    card = tmp_path / "kill.yaml"
    ok("new", card, "-p", "Ann,Bob", "--holes", "100")
    rng = random.Random(22)
    t0 = time.monotonic()
    subprocess.run([sys.executable, "-c", SLOW_WRITER, "show", str(card)], capture_output=True)
    # how long one command lives here, to spread the kills over (measured: about half of
    # them land before the write is done, half after)
    life = time.monotonic() - t0
    for i in range(16):
        before = store.load(card)
        p = subprocess.Popen(
            [sys.executable, "-c", SLOW_WRITER, "add", str(card), f"Ann={i}", "Bob=0"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(rng.uniform(0, life * 1.3))
        p.send_signal(signal.SIGKILL)
        p.wait()
        after = store.load(card)  # always loads: never a torn file
        assert after.played[: len(before.played)] == before.played
        if after.revision == before.revision:  # the old card
            assert after.played == before.played
        else:  # the new one, its change recorded
            assert after.revision == before.revision + 1
            assert after.played[-1].totals == {"Ann": i, "Bob": 0}
            assert len(after.played) == len(before.played) + 1
        check_history(after)
    # the next command is not stopped by the killed ones: the kernel let their locks go,
    # and it clears the temporary files a killed write left
    ok("add", card, "Ann=99", "Bob=0")
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []
    assert show_json(card)["rows"][-1]["scores"] == {"Ann": 99, "Bob": 0}


def test_the_prompt_reads_the_card_again_and_asks(tmp_path: Path) -> None:
    """While `add` waits at its prompt, a hole entered from another shell goes
    in at once (the prompt holds no lock) and is not overwritten: the prompt
    says what changed and asks before its scores go in as the next hole."""
    card = tmp_path / "p.yaml"
    ok("new", card, "-p", "Ann,Bob")
    child = pexpect.spawn(GOLF, ["card", "add", str(card)], encoding="utf-8", timeout=60)
    child.expect("Ann: ")
    other = golf("card", "add", card, "Ann=1", "Bob=2")
    assert other.returncode == 0, other.stderr
    child.sendline("5")
    child.expect("Bob: ")
    child.sendline("K K 3 / K K 4")
    child.expect("changed while you typed:")
    child.expect("hole 1 entered: Ann 1, Bob 2")
    child.expect(r"Enter your scores as hole 2\? \[y/N\]")
    child.sendline("y")
    child.expect("hole 2: Ann 5 ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert [r["scores"] for r in show_json(card)["rows"]] == [
        {"Ann": 1, "Bob": 2},
        {"Ann": 5, "Bob": 7},
    ]

    # no: nothing written, exit status 1, the other command's hole kept
    args = ["card", "fix", str(card), "--hole", "1", "Bob=?"]
    child = pexpect.spawn(GOLF, args, encoding="utf-8", timeout=60)
    child.expect("Bob: ")
    assert golf("card", "fix", card, "--hole", "1", "Bob=3").returncode == 0
    child.sendline("9")
    child.expect("hole 1 fixed: Bob 2 -> 3")
    child.expect(r"\[y/N\]")
    child.sendline("n")
    child.expect("Nothing written")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert show_json(card)["rows"][0]["scores"] == {"Ann": 1, "Bob": 3}


def test_the_prompt_does_not_ask_when_the_game_ended_while_it_waited(tmp_path: Path) -> None:
    card = tmp_path / "one.yaml"
    ok("new", card, "-p", "Ann,Bob", "--holes", "1")
    child = pexpect.spawn(GOLF, ["card", "add", str(card), "Ann=3"], encoding="utf-8", timeout=60)
    child.expect("Bob: ")
    assert golf("card", "add", card, "Ann=1", "Bob=2").returncode == 0  # the last hole
    child.sendline("4")
    child.expect("changed while you typed:")
    child.expect("the game is over")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert [r["scores"] for r in show_json(card)["rows"]] == [{"Ann": 1, "Bob": 2}]


def test_values_on_the_command_line_enter_the_next_hole_without_asking(tmp_path: Path) -> None:
    card = tmp_path / "q.yaml"
    ok("new", card, "-p", "Ann,Bob")
    r = run("add", card, "Ann=1", stdin="4\n")  # Bob asked; nothing changed meanwhile
    assert r.exit_code == 0 and "[y/N]" not in r.stdout
    assert show_json(card)["rows"][0]["scores"] == {"Ann": 1, "Bob": 4}


def test_a_held_lock_is_waited_for_then_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    card = tmp_path / "held.yaml"
    ok("new", card, "-p", "Ann,Bob")
    before = card.read_text()
    monkeypatch.setattr(store, "LOCK_WAIT", 0.3)
    fd = os.open(store.lock_path(card), os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # another command in the middle of its write
        msg = one_error_line(run("add", card, "Ann=1", "Bob=2"))
        assert "held the card for 0.3 s" in msg and "nothing written" in msg
    finally:
        os.close(fd)
    assert card.read_text() == before
    ok("add", card, "Ann=1", "Bob=2")


def test_a_card_changed_by_an_editor_during_a_write_is_not_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under the lock only a program that does not take it can change the
    file: the write checks the file is the one it read, and refuses."""
    from golfcli.scorecard import history

    card = tmp_path / "ed.yaml"
    ok("new", card, "-p", "Ann,Bob")
    real = history.entered

    def editor_meanwhile(c: Scorecard, hole: Any) -> Any:
        with card.open("a") as fh:
            fh.write("# a note typed in an editor\n")
        return real(c, hole)

    monkeypatch.setattr(history, "entered", editor_meanwhile)
    msg = one_error_line(run("add", card, "Ann=1", "Bob=2"))
    assert "changed by another program while this command ran" in msg
    assert card.read_text().endswith("# a note typed in an editor\n")
    assert show_json(card)["rows"] == []


# --------------------------------------------------------------------------- history and undo


@pytest.fixture
def tokyo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local time is Tokyo's (UTC+9) for the test, then this machine's again."""
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_log_shows_every_change_and_undo_takes_back_a_fix_to_the_wrong_hole(
    tmp_path: Path, tokyo: None
) -> None:
    # times are shown local (Tokyo's), stored with their offset
    card = tmp_path / "night.yaml"
    ok("new", card, "-p", "Ann,Bob,Cat")
    ok("add", card, "Ann=1", "Bob=2", "Cat=3")
    ok("add", card, "Ann=4", "Bob=5 K 2 / 5 7 9", "Cat=6")
    r = ok("fix", card, "--hole", "1", "Bob=12")  # meant for hole 2
    assert "hole 1 fixed: Bob 2 -> 12" in r.stdout
    r = ok("undo", card)
    assert "undo of change 4: hole 1: Bob 12 -> 2" in r.stdout
    assert [row["scores"]["Bob"] for row in show_json(card)["rows"]] == [2, 14]
    log = ok("log", card).stdout
    lines = [line for line in log.splitlines() if re.match(r"\d+ ", line)]
    assert [re.split(r"\s{2,}", line) for line in lines] == [
        ["1", lines[0][10:26], "card started"],
        ["2", lines[1][10:26], "hole 1 entered: Ann 1, Bob 2, Cat 3"],
        ["3", lines[2][10:26], "hole 2 entered: Ann 4, Bob 14, Cat 6"],
        ["4", lines[3][10:26], "hole 1 fixed: Bob 2 -> 12"],
        ["5", lines[4][10:26], "undo of change 4: hole 1: Bob 12 -> 2"],
    ]
    stored = store.load(card).history[1].when
    assert stored.endswith("+0900")  # the offset kept: the same moment anywhere
    shown = lines[1][10:26]
    assert shown == stored[:16]  # in Tokyo, Tokyo's time
    data = json.loads(ok("log", card, "-f", "json").stdout)
    assert data["revision"] == 5
    assert data["changes"][3]["before"]["scores"]["Bob"] == 2


def test_undo_walks_back_and_keeps_what_it_takes_away(tmp_path: Path) -> None:
    card = tmp_path / "w.yaml"
    ok("new", card, "-p", "Ann,Bob", "--holes", "2")
    ok("add", card, "Ann=1", "Bob=2")
    ok("add", card, "Ann=3", "Bob=2")  # tied on 4
    ok("playoff", card, "Ann=5", "Bob=4")
    assert (
        "undo of change 4: playoff hole 1 taken back (it held Ann 5, Bob 4)"
        in ok("undo", card).stdout
    )
    assert "undo of change 3: hole 2 taken back (it held Ann 3, Bob 2)" in ok("undo", card).stdout
    assert "undo of change 2: hole 1 taken back" in ok("undo", card).stdout
    assert "nothing to undo" in one_error_line(run("undo", card))
    saved = store.load(card)
    assert saved.played == [] and saved.revision == 7
    # nothing typed is lost: each removed hole is in the undo that removed it
    assert [c.before.totals for c in saved.history[4:] if c.before] == [
        {"Ann": 5, "Bob": 4},
        {"Ann": 3, "Bob": 2},
        {"Ann": 1, "Bob": 2},
    ]
    check_history(saved)


def test_undo_refuses_a_card_edited_by_hand_since(tmp_path: Path) -> None:
    card = tmp_path / "h.yaml"
    ok("new", card, "-p", "Ann,Bob")
    ok("add", card, "Ann=1", "Bob=2")
    card.write_text(card.read_text().replace("    Bob: 2\nrevision", "    Bob: 7\nrevision"))
    before = card.read_text()
    msg = one_error_line(run("undo", card))
    assert "cannot undo change 2 (add of hole 1)" in msg and "edited by hand" in msg
    assert card.read_text() == before


# --------------------------------------------------------------------------- hand edits


def test_a_hand_edited_score_is_reported_with_its_line_and_both_numbers(tmp_path: Path) -> None:
    card = tmp_path / "e.yaml"
    ok("new", card, "-p", "Ann,Bob")
    ok("add", card, "Ann=3", "Bob=5 K 2 / 5 7 9")
    text = card.read_text().replace("      score: 14\n", "      score: 99\n", 1)
    card.write_text(text)
    line = text.splitlines().index("      score: 99") + 1
    r = ok("show", card)
    warning = r.stderr.strip()
    assert warning == (
        f"golf: warning: {card}:{line}: hole 1, Bob: the card says 99, but its layout "
        "5 K 2 / 5 7 9 counts 14 with the card's rules (edited by hand?); correct it with "
        "golf card fix --hole 1 Bob=..."
    )
    assert "99*! (99)" in r.stdout  # marked, never shown as if right
    assert "! does not match its layout:" in r.stdout
    assert "problems" in show_json(card)["rows"][0]
    ok("print", card, "--out", tmp_path / "e.pdf")
    assert "99*!" in pdf_text_pure((tmp_path / "e.pdf").read_bytes())
    # a layout edited into something that is no layout of the card's variant
    card.write_text(text.replace("layout: 5 K 2 / 5 7 9", "layout: 5 K 2 / 5 7"))
    assert "its layout cannot be counted with the card's rules" in ok("show", card).stderr
    card.write_text(text)
    ok("fix", card, "--hole", "1", "Bob=5 K 2 / 5 7 9")  # counted again: right again
    r = ok("show", card)
    assert r.stderr == "" and "14* (14)" in r.stdout


# --------------------------------------------------------------------------- rules not applied


def test_a_mixed_hole_warns_about_each_rule_it_cannot_apply(tmp_path: Path) -> None:
    duel = tmp_path / "duel.yaml"
    ok("new", duel, "-p", "Ann,Bob", "-v", "duel")
    r = ok("add", duel, "Ann=JK 3 4 / JK 5 6", "Bob=12")
    assert r.stderr.strip() == (
        "golf: warning: hole 1: Ann's joker pair (+10 to every opponent) is not applied: the "
        "hole mixes typed totals (Bob) and layouts, and a typed total is kept as typed (type "
        "every score as a layout to count it, or add it to the totals yourself)"
    )
    assert show_json(duel)["rows"][0]["scores"] == {"Ann": 14, "Bob": 12}
    assert ok("add", duel, "Ann=JK 3 4 / JK 5 6", "Bob=A 2 3 / 4 5 6").stderr == ""  # all layouts
    knock = tmp_path / "knock.yaml"
    ok("new", knock, "-p", "Ann,Bob", "-v", str(CONFIGS / "variants" / "knock-penalty.yaml"))
    r = ok("add", knock, "Ann=5 K 2 / 5 7 9", "Bob=3", "--closer", "Ann")
    assert "hole 1: --closer Ann: the rule 'go-out penalty' is not applied: the hole mixes" in (
        r.stderr
    )
    assert ok("add", knock, "Ann=5", "Bob=3", "--closer", "Ann").stderr == ""  # all typed


def test_a_layout_no_deal_could_give_is_said_at_entry_and_counted(tmp_path: Path) -> None:
    card = tmp_path / "u.yaml"
    ok("new", card, "-p", "Ann,Bob")
    r = ok("add", card, "Ann=K K K / K K 3", "Bob=4")  # five kings from one pack
    assert r.stderr.strip() == (
        "golf: warning: hole 1, Ann: cannot be dealt: 5 cards of rank K (the deck has 4), but "
        "six-card deals 1 pack to 2 players; counted all the same"
    )
    r = ok("add", card, "Ann=K KS 3 / 4 5 6", "Bob=KS 7 2 / 9 9 8")  # one K of spades, twice
    assert r.stderr.strip() == (
        "golf: warning: hole 2: the layouts cannot be dealt together: KS typed twice (the deck "
        "has 1), but six-card deals 1 pack to 2 players; counted all the same"
    )
    assert show_json(card)["rows"][1]["scores"] == {"Ann": 18, "Bob": 31}
    assert ok("add", card, "Ann=K K K / K 2 3", "Bob=4").stderr == ""  # four kings: one pack
    alb = tmp_path / "alb.yaml"  # two packs for four players: five kings can be dealt
    ok("new", alb, "-p", "Ann,Bob,Cat,Dan", "-v", "alberta")
    assert ok("add", alb, "Ann=K K K K K 3 / 2 2 2 4 4 4 / 5 5 5 6 6 6", "Bob=3").stderr == ""


# --------------------------------------------------------------------------- stats


def test_stats_compare_like_with_like_and_say_what_they_left_out(tmp_path: Path) -> None:
    alb = tmp_path / "alb.yaml"  # partners: Ann & Cat against Bob & Dan
    ok("new", alb, "-p", "Ann,Bob,Cat,Dan", "-v", "alberta", "--holes", "2")
    ok("add", alb, "Ann=10", "Bob=20")
    ok("add", alb, "Cat=5", "Dan=5")
    six = tmp_path / "six.yaml"
    ok("new", six, "-p", "Ann,Bob", "--holes", "1")
    ok("add", six, "Ann=2", "Bob=2")
    ok("playoff", six, "Ann=1", "Bob=3")
    empty = tmp_path / "empty.yaml"
    ok("new", empty, "-p", "Ann,Bob")
    edited = tmp_path / "edited.yaml"
    ok("new", edited, "-p", "Ann,Bob", "--holes", "1")
    ok("add", edited, "Ann=5 K 2 / 5 7 9", "Bob=1")
    edited.write_text(edited.read_text().replace("score: 14", "score: 99"))
    data = json.loads(ok("stats", alb, six, empty, edited, "-f", "json").stdout)
    groups = {(g["game"], g["player_count"]): g for g in data["groups"]}
    assert set(groups) == {("alberta", 4), ("six-card", 2)}
    teams = groups["alberta", 4]["teams"]
    assert groups["alberta", 4]["players"] == []  # team scores are not anyone's own
    assert [(t["name"], t["members"], t["wins"]) for t in teams] == [
        ("Ann & Cat", ["Ann", "Cat"], 1),
        ("Bob & Dan", ["Bob", "Dan"], 0),
    ]
    people = {p["name"]: p for p in groups["six-card", 2]["players"]}
    assert people["Ann"]["wins"] == 1 and people["Ann"]["holes"] == 1  # the playoff decided
    assert people["Ann"]["games"] == 2 and people["Bob"]["holes"] == 2
    assert data["left_out"] == [
        "1 card with no holes entered: empty.yaml",
        "1 playoff hole: they decide wins, not counted as holes",
        "1 score that disagree with their layouts: edited.yaml hole 1, Ann",
    ]
    table = ok("stats", alb, six, empty, edited).stdout
    assert re.search(r"^team\s+players\s+games", table, re.M)
    assert re.search(r"^Ann & Cat\s+Ann, Cat\s+1\s+1\s+1\s+2\s+7.50", table, re.M)
    assert "Left out: 1 card with no holes entered: empty.yaml;" in table


def test_stats_on_a_symbolic_link_loop_is_one_line(tmp_path: Path) -> None:
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.symlink_to(b.name)
    b.symlink_to(a.name)
    for cmd in ("stats", "show"):
        msg = one_error_line(run(cmd, a))
        assert str(a) in msg and "symbolic links" in msg


# --------------------------------------------------------------------------- target games


def test_a_fix_that_ends_a_target_game_sooner_is_refused_or_sets_later_holes_aside(
    tmp_path: Path,
) -> None:
    """Duel to 50: Ann 30, 10, 20 ends the game at hole 3.  Ann=45 on hole 1
    would end it at hole 2, after which hole 3 should not have been played:
    refused, unless --drop-later sets hole 3 aside (in the history: undo
    brings it back)."""
    card = tmp_path / "duel.yaml"
    ok("new", card, "-p", "Ann,Bob", "-v", "duel")
    for ann in (30, 10, 20):
        ok("add", card, f"Ann={ann}", "Bob=1")
    before = card.read_text()
    msg = one_error_line(run("fix", card, "--hole", "1", "Ann=45"))
    assert "--hole 1: with this correction the game ends after hole 2, but hole 3 was " in msg
    assert "add --drop-later" in msg and "unchanged" in msg
    assert card.read_text() == before
    r = ok("fix", card, "--hole", "1", "Ann=45", "--drop-later")
    assert "hole 1 fixed: Ann 30 -> 45; set aside, played after the game's new end: " in r.stdout
    assert "hole 3 (Ann 20, Bob 1)" in r.stdout
    data = show_json(card)
    assert [row["hole"] for row in data["rows"]] == [1, 2]
    assert data["finished"] and data["totals"] == {"Ann": 55, "Bob": 2}
    assert "undo of change 5: hole 1: Ann 45 -> 30; back: hole 3" in ok("undo", card).stdout
    assert [row["scores"]["Ann"] for row in show_json(card)["rows"]] == [30, 10, 20]
    check_history(store.load(card))


def _pdf(tmp_path: Path, *args: str | Path, dealt: bool = False) -> list[str]:
    """The strings a printed card draws; the small D that marks who dealt each
    hole left out unless ``dealt``."""
    out = tmp_path / "out.pdf"
    ok("print", *args, "--out", out)
    texts = pdf_text_pure(out.read_bytes())
    return texts if dealt else [t for t in texts if t != "D"]


def test_a_duel_card_has_rows_to_reach_the_target_and_a_running_total_column(
    tmp_path: Path,
) -> None:
    blank = _pdf(tmp_path, "-v", "duel", "--players", "Ann,Bob")
    assert [t for t in blank if t.isdigit()] == [str(i) for i in range(1, 14)]  # 50 / 4
    assert blank.count("hole") == 2 and blank.count("total") == 2
    assert any("the game ends when a total reaches 50" in t for t in blank)
    card = tmp_path / "duel.yaml"
    ok("new", card, "-p", "Ann,Bob", "-v", "duel")
    for ann, bob in ((12, 5), (14, 31), (7, 9)):
        ok("add", card, f"Ann={ann}", f"Bob={bob}")
    texts = _pdf(tmp_path, card)
    # the holes, each score then its running total, and rows left to write in
    assert texts[texts.index("1") : texts.index("1") + 5] == ["1", "12", "12", "5", "5"]
    assert texts[texts.index("3") : texts.index("3") + 5] == ["3", "7", "33", "9", "45"]
    assert [t for t in texts if t.isdigit() and int(t) <= 13][-1] == "13"
    ok("add", card, "Ann=1", "Bob=10")  # Bob reaches 55: over, no rows to write in
    assert "13" not in _pdf(tmp_path, card)


def test_an_eighteen_hole_card_has_out_and_in(tmp_path: Path) -> None:
    card = tmp_path / "e.yaml"
    ok("new", card, "-p", "Ann,Bob", "--holes", "18")
    for i in range(1, 11):
        ok("add", card, f"Ann={i}", "Bob=2")
    texts = _pdf(tmp_path, card)
    out = texts.index("Out")
    assert texts[out - 5 : out + 3] == ["9", "9", "45", "2", "18", "Out", "45", "18"]
    assert texts.index("In") > texts.index("18")  # In after hole 18, still empty
    blank = _pdf(tmp_path, "--holes", "18")
    assert blank.index("Out") == blank.index("9") + 1
    assert blank.index("In") == blank.index("18") + 1 and blank.index("Total") > blank.index("In")


def test_two_nine_hole_cards_on_one_page(tmp_path: Path) -> None:
    texts = _pdf(tmp_path, "--two-up", "--players", "4")
    assert pdf_pages((tmp_path / "out.pdf").read_bytes()) == 1
    assert texts.count("Golf scorecard") == 2 and texts.count("9") == 2
    assert "--two-up" in one_error_line(run("print", "--two-up", "--holes", "18"))
    assert "--two-up" in one_error_line(run("print", "--two-up", "--players", "9"))


def test_printed_times_are_local(tmp_path: Path, tokyo: None) -> None:
    card = tmp_path / "t.yaml"
    ok("new", card, "-p", "Ann,Bob")
    # a card from before format 2 stored UTC; Tokyo sees it nine hours on
    card.write_text(re.sub(r"created: .*", "created: 2026-11-30 12:29 UTC", card.read_text()))
    assert "2026-11-30 21:29" in _pdf(tmp_path, card)
    assert show_json(card)["created"] == "2026-11-30 21:29"


@pytest.mark.parametrize(
    ("stored", "shown"),
    [
        ("2026-12-01 20:15:00 +0100", "2026-12-02 04:15"),  # as golf writes it now
        ("2026-11-30 12:29 UTC", "2026-11-30 21:29"),  # format 1
        ("2026-12-01 20:15 +0100", "2026-12-02 04:15"),  # without the seconds
        ("2026-12-01 20:15:00+01:00", "2026-12-02 04:15"),  # a YAML timestamp typed by hand
        ("2026-12-01T20:15", "2026-12-01 20:15"),  # no offset: already local
        ("Friday night", "Friday night"),  # no time at all: as typed
    ],
)
def test_stored_times_are_shown_in_local_time(stored: str, shown: str, tokyo: None) -> None:
    from golfcli.scorecard.model import local_time

    assert local_time(stored) == shown


# --------------------------------------------------------------------------- one name


def test_playoff_holes_are_numbered_alike_by_add_show_and_fix(tmp_path: Path) -> None:
    card = tmp_path / "po.yaml"
    ok("new", card, "-p", "Ann,Bob", "--holes", "2")
    ok("add", card, "Ann=1", "Bob=1")
    ok("add", card, "Ann=2", "Bob=2")
    assert ok("playoff", card, "Ann=4", "Bob=4").stdout.startswith("playoff hole 1: Ann 4, Bob 4")
    assert ok("playoff", card, "Ann=3", "Bob=5").stdout.startswith("playoff hole 2: Ann 3, Bob 5")
    shown = ok("show", card).stdout
    assert re.search(r"^P1\s+4\s+4$", shown, re.M) and re.search(r"^P2\s+3\s+5$", shown, re.M)
    rows = show_json(card)["rows"]
    assert [(r["hole"], r["playoff"], r["label"]) for r in rows] == [
        (1, False, "1"),
        (2, False, "2"),
        (1, True, "P1"),
        (2, True, "P2"),
    ]
    assert "playoff hole 2 fixed: Bob 5 -> 2" in ok("fix", card, "--hole", "P2", "Bob=2").stdout
    msg = one_error_line(run("fix", card, "--hole", "3", "Bob=2"))
    assert "no such hole" in msg and "4 holes entered: 1 to 2, P1 to P2" in msg


def test_replay_names_the_key_and_the_teams_as_the_config_did(tmp_path: Path) -> None:
    cfg = tmp_path / "teams.yaml"
    text = (CONFIGS / "alberta.yaml").read_text()
    text = text.replace("- {name: ann, bot: expert}", "- {name: ann, bot: greedy}")
    cfg.write_text(text + "record_events: true\n")
    out = tmp_path / "run"
    r = golf("tournament", cfg, "--games", "1", "--holes", "1", "--workers", "1", "--out", out)
    assert r.returncode == 0, r.stderr
    game = json.loads((out / "games.jsonl").read_text().splitlines()[0])
    assert "key" in game and "seed" not in game
    shown = golf("replay", out, "--game", "0", "--to-end").stdout
    assert "Clubs" in shown and "Spades" in shown and "ann & cat" not in shown
    record = out / "events" / "game-000000.jsonl"
    head = json.loads(record.read_text().splitlines()[0])
    assert head["key"] == game["key"] and sorted(head["sides"]) == ["Clubs", "Spades"]
    child = pexpect.spawn(GOLF, ["replay", str(record)], encoding="utf-8", timeout=60)
    child.expect(f"key {game['key']}")
    child.sendline("q")
    child.expect(pexpect.EOF)


# --------------------------------------------------------------------------- older cards


FORMAT_1 = """\
# A Golf scorecard kept by `golf card` (see docs/scorecard.md).
golf_scorecard: 1
kind: golf
created: 2026-11-30 12:29 UTC
players:
- Ann
- Bob
variant: six-card
set: []
values:
- 'Card values: A 1, 2 -2, 3-10 face value, J Q 10, K 0.'
holes: 3
scoring: stroke
ties: share
played:
- hole: 1
  scores:
    Ann: 14
    Bob:
      score: 14
      layout: 5 K 2 / 5 7 9
      count:
      - 'cards: 5 +5 -> +0, K +0, 2 -2 / 5 +5 -> +0, 7 +7, 9 +9'
"""


def test_a_card_from_an_older_golf_loads_and_takes_changes(tmp_path: Path) -> None:
    card = tmp_path / "old.yaml"
    card.write_text(FORMAT_1)
    assert show_json(card)["rows"][0]["scores"] == {"Ann": 14, "Bob": 14}
    assert "older than this card's history" in ok("log", card).stdout
    assert "entered before golf kept a history" in one_error_line(run("undo", card))
    ok("add", card, "Ann=1", "Bob=2")
    saved = store.load(card)
    assert saved.revision == 1 and [c.what for c in saved.history] == ["add"]
    assert "golf_scorecard: 3" in card.read_text()
    ok("undo", card)  # the change made since can be taken back
    assert [r["hole"] for r in show_json(card)["rows"]] == [1]


def test_a_newer_card_is_refused_by_name(tmp_path: Path) -> None:
    card = tmp_path / "new.yaml"
    card.write_text(FORMAT_1.replace("golf_scorecard: 1", "golf_scorecard: 4"))
    assert "written by a newer golf (format 4)" in one_error_line(run("show", card))


def test_the_card_file_in_the_docs_is_a_card_with_a_complete_history(tmp_path: Path) -> None:
    doc = (REPO / "docs" / "scorecard.md").read_text()
    example = re.search(r"```yaml\n(# A Golf scorecard.*?)```", doc, re.S)
    assert example is not None
    card = tmp_path / "doc.yaml"
    card.write_text(example.group(1))
    r = ok("show", card)
    assert r.stderr == ""  # its counted layout is right
    check_history(store.load(card))
    assert "hole 2 fixed: Bob 5 -> 7" in ok("log", card).stdout
