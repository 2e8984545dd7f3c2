"""Bad input of every kind ends in one line and exit 2, and every variant
that validates can be played to its end.

Each test here was written against a traceback, a hang or a silently
ignored rule key; the property tests at the end generate such inputs."""

from __future__ import annotations

import itertools
import os
import random
import re
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from golfcli.actions import ACTION_KINDS, Action, IllegalAction
from golfcli.bots.evaluator import DEFAULT_BUDGET
from golfcli.bots.expert import ExpertBot
from golfcli.bots.registry import BotSpecError, make_bot
from golfcli.cli.app import app
from golfcli.match import Match
from golfcli.state import HoleState
from golfcli.validate import MAX_ERRORS
from golfcli.variant import (
    _ADJ_KEYS,
    _PATTERN_KEYS,
    ADJUSTMENT_KINDS,
    DEFAULTS,
    PATTERN_KINDS,
    TARGET_HOLE_CAP,
    VariantError,
)
from golfcli.variantload import load_variant
from golfcli.view import view
from golfcli.yamlsrc import MAX_DEPTH, SourceError, load_text, parse_scalar

from ..helpers import GOLF, REPO, CliRunner, job, one_error_line

runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> Any:
    return runner.invoke(app, list(args), input=stdin)


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return p


# --------------------------------------------------------------------------- YAML caps

LAUGHS = "\n".join(
    [
        'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
        *(f"{b}: &{b} [{', '.join(['*' + a] * 9)}]" for a, b in itertools.pairwise("abcdefghi")),
    ]
)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("a: &a [*a]\n", ":1: a.0: an alias *name refers to a value inside itself"),
        (LAUGHS, "more than 100,000 values"),
        ("x: " + "[" * 5000 + "]" * 5000 + "\n", f":1: nested more than {MAX_DEPTH} levels"),
        ("name: x\n? [1, 2]\n: 3\n", ":2: a key must be a plain word or number, not a list"),
        ("name: x\n? !!set {a, b}\n: 3\n", ":2: a key must be a plain word or number"),
        ("name: x\n? {a: 1}\n: 3\n", ":2: a key must be a plain word or number"),
        ("name: x\nv: !!set {a, b}\n", ":2: v: a set or tagged mapping is not a value here"),
        ("name: x\nplayers: " + "9" * 4301 + "\n", ":2: players: a number of 4301 digits"),
        ("name: x\nplayers: 2\n\x01\n", ":3: control character U+0001"),
        ("name: x\n\x00\x00\n", ":2: binary data (a NUL byte)"),
        ("name: x\n  bad: [\n", ": invalid YAML"),
        (  # a list where a word is chosen (found by test_generated_variant_files)
            "name: x\nextends: six-card\nadjustments:\n- kind: closer\n  add: 2\n  when: []\n",
            ":6: adjustments.0.when: must be one of ",
        ),
    ],
)
def test_hostile_yaml_is_one_line(tmp_path: Path, text: str, fragment: str) -> None:
    f = write(tmp_path, "v.yaml", text)
    line = one_error_line(run("validate", str(f)))
    assert f"golf: error: {f}" in line
    assert fragment in line


def test_not_utf8_names_the_line(tmp_path: Path) -> None:
    f = write(tmp_path, "v.yaml", b"name: x\nplayers: 2\ndescription: \xff\xfe\n")
    assert one_error_line(run("validate", str(f))) == (
        f"golf: error: {f}:3: not UTF-8 text (byte 33 is 0xff)"
    )


def test_huge_file_and_devices_are_read_with_a_bound(tmp_path: Path) -> None:
    big = write(tmp_path, "big.yaml", "# " + "x" * 1_100_000 + "\n")
    assert "larger than 1,000,000 bytes" in one_error_line(run("validate", str(big)))
    assert "is a directory" in one_error_line(run("validate", str(tmp_path)))
    if Path("/dev/zero").exists():
        line = one_error_line(run("rules", "/dev/zero"))
        assert "/dev/zero: larger than 1,000,000 bytes" in line


def test_variant_names_too_long_for_a_file_system(tmp_path: Path) -> None:
    name = "n" * 300
    assert "names are at most 255 bytes" in one_error_line(run("rules", name))
    f = write(tmp_path, "v.yaml", f"name: x\nextends: {name}\n")
    assert one_error_line(run("rules", str(f))).startswith(f"golf: error: {f}:2: extends:")
    r = run("validate", str(f))  # validate lists every problem, this one among them
    assert r.exit_code == 2 and f"{f}:2: extends: not a variant name or file" in r.stderr
    assert "'': empty variant name" in one_error_line(run("rules", ""))
    f = write(tmp_path, "w.yaml", f"name: {name}\nextends: six-card\n")
    assert ":1: name: at most 255 characters" in one_error_line(run("validate", str(f)))


def test_set_values_use_the_same_caps() -> None:
    line = one_error_line(run("score", "--set", "values.ranks.2=&a [*a]", "5 K 2 / 5 7 9"))
    assert line == (
        "golf: error: --set values.ranks.2=&a [*a]: an alias *name refers to a value inside itself"
    )
    line = one_error_line(run("score", "--set", "values.ranks.2=" + "7" * 5000, "5 K 2 / 5 7 9"))
    assert "a number of 5000 digits is too long to read" in line
    # text that is not YAML stays text, as before
    assert parse_scalar("[unclosed") == "[unclosed"
    assert parse_scalar("2") == 2


def test_load_text_keeps_lines_and_merge_keys() -> None:
    doc = load_text("base: &b {x: 1}\nother:\n  <<: *b\n  y: 2\n", "f.yaml")
    assert doc.data["other"] == {"x": 1, "y": 2}
    assert doc.where(("other", "y")) == "f.yaml:4"


# --------------------------------------------------------------------------- turn keys

TURN_KEYS: list[tuple[str, list[str]]] = [
    ("draw_from", ["turn.draw_from=[discard]"]),
    ("draw_from_stock", ["turn.draw_from=[stock]"]),
    ("flip_after_discard", ["turn.flip_after_discard=optional"]),
    ("flip_after_discard_never", ["turn.flip_after_discard=never"]),
    ("flip_after_discard_phase", ["turn.flip_after_discard_phase=end_phase"]),
    ("flip_instead_of_draw", ["turn.flip_instead_of_draw=true"]),
    ("knock", ["turn.knock=true"]),
    ("bunker_shot", ["turn.bunker_shot=true"]),
    ("approach_shot", ["turn.approach_shot=true"]),
    ("look_again", ["turn.look_again=true"]),
    ("knock_max_face_down", ["turn.knock=true", "turn.knock_max_face_down=1"]),
    (
        "flip_after_discard_max_face_down",
        ["turn.flip_after_discard=optional", "turn.flip_after_discard_max_face_down=1"],
    ),
]


def every_action(n: int) -> list[Action]:
    out = []
    for kind in ACTION_KINDS:
        if kind in ("bunker", "approach"):
            out += [Action(kind, a, b) for a in range(n) for b in range(n)]
        elif kind in ("reveal", "peek", "flip", "look", "swap"):
            out += [Action(kind, p) for p in range(n)]
        else:
            out.append(Action(kind))
    return out


def agreeing_states(overrides: list[str], holes: int = 3) -> list[HoleState]:
    """Play random holes; at every step ``legal_actions`` must be exactly the
    actions ``verify`` accepts.  Returns every state seen (for key checks)."""
    v = load_variant("six-card", overrides)
    everything = every_action(v.cells)
    seen: list[HoleState] = []
    for seed in range(holes):
        rng = random.Random(seed)
        st = HoleState(v, 2, seed % 2, random.Random(seed))
        while not st.is_over:
            legal = st.legal_actions()
            verified = [a for a in everything if st.can(a)]
            assert set(legal) == set(verified), (st.phase, sorted(set(legal) ^ set(verified)))
            assert legal, "a state with no legal action would hang the game"
            seen.append(st.clone())
            st.apply(legal[int(rng.random() * len(legal))])
    return seen


@pytest.mark.parametrize(("key", "overrides"), TURN_KEYS, ids=[k for k, _ in TURN_KEYS])
def test_turn_key_obeyed_by_verify_and_legal_actions(key: str, overrides: list[str]) -> None:
    states = agreeing_states(overrides, holes=12 if key == "flip_after_discard_phase" else 3)
    kinds = {a.kind for st in states for a in st.legal_actions()}
    draws = [st for st in states if st.phase == "draw"]
    if key == "draw_from":
        assert "draw_stock" not in kinds and "draw_discard" in kinds
        with pytest.raises(IllegalAction, match="only lets you draw from the discard pile"):
            draws[0].verify(Action("draw_stock"))
    elif key == "draw_from_stock":
        assert "draw_discard" not in kinds and "draw_stock" in kinds
        with pytest.raises(IllegalAction, match="only lets you draw from the stock"):
            draws[0].verify(Action("draw_discard"))
    elif key == "flip_after_discard":
        assert "pass" in kinds
    elif key == "flip_after_discard_never":
        assert not [st for st in states if st.phase == "flip"]
    elif key == "flip_after_discard_phase":
        flips = [st for st in states if st.phase == "flip"]
        assert flips and all(st.closer is not None for st in flips)
    elif key == "knock_max_face_down":
        down = {id(st): len(st.face_down(st.side)) for st in draws}
        knocks = [st for st in draws if st.can(Action("knock"))]
        # knocking is offered with one card face down (or none), and only then
        assert knocks and all(down[id(st)] <= 1 for st in knocks)
        refused = [st for st in draws if st.closer is None and down[id(st)] == 2]
        assert refused
        with pytest.raises(IllegalAction, match="only with at most 1 card face down"):
            refused[0].verify(Action("knock"))
    elif key == "flip_after_discard_max_face_down":
        flips = [st for st in states if st.phase == "flip"]
        fewest = [min(len(st.face_down(s)) for s in range(st.groups)) for st in flips]
        # the (optional) flip comes only once some layout has one card face down
        assert flips and max(fewest) == 1 and all(st.can(Action("pass")) for st in flips)
        # before that, a discard ends the turn: a seat with 2+ cards down
        # everywhere discards and the next seat is to draw
        early = [
            st
            for st in states
            if st.phase == "place"
            and st.drawn_from == "stock"
            and min(len(st.face_down(s)) for s in range(st.groups)) >= 2
        ]
        assert early
        for st in early[:5]:
            st.apply(Action("discard"))
            assert st.phase != "flip"
    else:
        kind = {
            "flip_instead_of_draw": "flip",
            "knock": "knock",
            "bunker_shot": "bunker",
            "approach_shot": "approach",
            "look_again": "look",
        }[key]
        assert any(a.kind == kind for st in draws for a in st.legal_actions())
        # ... and without the key neither list nor verify allows it in the draw step
        for st in agreeing_states([], holes=1):
            if st.phase == "draw":
                assert all(a.kind != kind for a in st.legal_actions())
                assert not any(st.can(Action(kind, p, q)) for p in range(6) for q in range(6))


def test_draw_from_discard_is_what_a_recorded_game_does() -> None:
    v = load_variant("six-card", ["turn.draw_from=[discard]"])
    m = Match(v, [make_bot("greedy"), make_bot("expert")], seed=3, holes=2, record=True)
    res = m.play()
    draws = [e for h in res.holes for e in h.events if e.kind == "draw"]
    assert draws and all(e.data[0] == "discard" for e in draws)


# --------------------------------------------------------------------------- variants end


def test_target_game_that_no_score_reaches_stops_at_the_cap(tmp_path: Path) -> None:
    zero = ", ".join(f"{r}: 0" for r in ("A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K"))
    f = write(
        tmp_path,
        "zero.yaml",
        f"name: zero\nextends: six-card\nvalues: {{ranks: {{{zero}}}}}\n"
        "game: {holes: null, target: 50}\n",
    )
    v = load_variant(str(f))
    assert v.game.max_holes == TARGET_HOLE_CAP
    res = Match(v, [make_bot("random"), make_bot("random")], seed=1).play()
    assert len(res.holes) == TARGET_HOLE_CAP
    r = run("rules", str(f))
    assert f"at most {TARGET_HOLE_CAP} holes" in r.stdout


def test_frozen_discard_needs_the_stock(tmp_path: Path) -> None:
    f = write(
        tmp_path,
        "v.yaml",
        "name: x\nextends: six-card\nturn: {draw_from: [discard]}\nend:\n  frozen_discard: true\n",
    )
    line = one_error_line(run("validate", str(f)))
    assert f"{f}:5: end.frozen_discard: a frozen discard pile on final turns needs" in line


def test_too_many_seats_for_the_deck_is_refused_with_the_reason(tmp_path: Path) -> None:
    f = write(
        tmp_path,
        "v.yaml",
        "name: x\nextends: nine-card\nplayers: 2-16\ndeck:\n  packs: {2-16: 1}\n",
    )
    line = one_error_line(run("validate", str(f)))
    assert "1 pack(s) hold 52 cards, too few to deal 6 layouts of 9 with 6 players" in line


# --------------------------------------------------------------------------- bot budgets

BIG = """\
name: big
extends: nine-card
players: 2
grid: {rows: 8, cols: 12}
deck: {packs: 4}
start: {reveal: 3}
turn: {bunker_shot: true, approach_shot: true}
patterns:
  - kind: column_pair
  - kind: column
  - kind: row
  - kind: block
  - kind: twin_columns
"""


def play_hole(v: Any, bots: list[Any], seed: int) -> HoleState:
    st = HoleState(v, len(bots), 0, random.Random(seed))
    while not st.is_over:
        legal = st.legal_actions()
        st.apply(bots[st.current].choose(view(st, st.current), legal))
    return st


def test_expert_on_a_huge_layout_degrades_deterministically(tmp_path: Path) -> None:
    v = load_variant(str(write(tmp_path, "big.yaml", BIG)))
    a = [ExpertBot(seed=1), ExpertBot(seed=2)]
    first = play_hole(v, a, seed=5)
    assert first.is_over and sum(b.over_budget for b in a) > 0
    again = play_hole(v, [ExpertBot(seed=1), ExpertBot(seed=2)], seed=5)
    assert again.events == first.events


def test_expert_budget_is_work_not_time() -> None:
    v = load_variant("six-card")
    cheap = [ExpertBot(seed=1, budget=300), ExpertBot(seed=2, budget=300)]
    st = play_hole(v, cheap, seed=7)
    assert sum(b.over_budget for b in cheap) > 0
    again = play_hole(v, [ExpertBot(seed=1, budget=300), ExpertBot(seed=2, budget=300)], seed=7)
    assert again.events == st.events
    full = [ExpertBot(seed=1), ExpertBot(seed=2)]
    play_hole(v, full, seed=7)
    assert sum(b.over_budget for b in full) == 0 and full[0].budget == DEFAULT_BUDGET


# --------------------------------------------------------------------------- bot options


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ("greedy?threshold=x", "option threshold must be a whole number, not 'x'"),
        ("greedy?threshold=1.5", "option threshold must be a whole number, not 1.5"),
        ("expert?margin=abc", "option margin must be a number, not 'abc'"),
        ("mc?iterations=abc", "option iterations must be a whole number or empty"),
        ("mc?feed_weight=[1]", "option feed_weight must be a number"),
        ("mc?iterations=100000000000000000000", "iterations must be between 1 and 100000"),
        ("expert?budget=0", "budget must be at least 1"),
        ("cmd:'x", "No closing quotation"),
    ],
)
def test_bad_bot_options_refused_when_made(spec: str, fragment: str) -> None:
    with pytest.raises(BotSpecError, match=fragment.replace("[", r"\[").replace("?", r"\?")):
        make_bot(spec)


def test_good_bot_options_still_work() -> None:
    assert make_bot("greedy?threshold=3").threshold == 3
    assert make_bot("mc?time=0.5&iterations=4").iterations == 4
    assert make_bot("expert?margin=2").margin == 2


def test_bad_bot_options_on_the_command_line() -> None:
    line = one_error_line(run("play", "-p", "greedy?threshold=x,random", "--holes", "1"))
    assert "option threshold must be a whole number" in line
    line = one_error_line(run("check-bot", "cmd:'x"))
    assert "No closing quotation" in line


@pytest.mark.parametrize("number", ["\u00b2", "9" * 5000, "--3"])
def test_numbers_python_cannot_read_are_one_line(tmp_path: Path, number: str) -> None:
    """``str.isdigit`` says yes to a superscript two and to 5000 digits, and
    ``lstrip("-")`` to --3; ``int`` says no to all three: a traceback."""
    assert "--set" in one_error_line(run("score", "--set", f"patterns.{number}=x", "5 K 2 / 5 7 9"))
    line = one_error_line(run("score", "--set", f"players={number}", "5 K 2 / 5 7 9"))
    assert "is not a player count" in line or "too long to read" in line
    f = write(tmp_path, "v.yaml", f'name: x\nextends: six-card\nplayers: "{number}-4"\n')
    assert "is not a player count" in one_error_line(run("validate", str(f)))
    cfg = write(
        tmp_path,
        "t.yaml",
        f'name: t\nvariant: six-card\nworkers: "{number}"\ngames: 1\n'
        "players:\n  - {name: a, bot: random}\n  - {name: b, bot: random}\n",
    )
    assert "workers" in one_error_line(run("tournament", str(cfg), "-q"))


BROKEN_INIT = """\
class Bot:
    def __init__(self):
        raise RuntimeError("no table for me")

    def choose(self, view, legal):
        return legal[0]
"""


@pytest.mark.parametrize("command", [["play", "-p"], ["check-bot"]])
def test_a_bot_whose_constructor_fails_is_one_line(tmp_path: Path, command: list[str]) -> None:
    """Any error of a bot's own code while it is made (not only a wrong
    argument) is the bot's problem, said in one line: no traceback."""
    bot = write(tmp_path, "broken.py", BROKEN_INIT)
    spec = f"random,{bot}" if command[0] == "play" else str(bot)
    line = one_error_line(run(*command, spec, "--holes", "1"))
    assert "RuntimeError: no table for me" in line and "broken.py" in line


def test_bad_bot_option_in_a_config(tmp_path: Path) -> None:
    cfg = write(
        tmp_path,
        "t.yaml",
        textwrap.dedent(
            """\
            name: t
            variant: six-card
            holes: 1
            games: 1
            players:
              - {name: a, bot: greedy, options: {threshold: abc}}
              - {name: b, bot: random}
            """
        ),
    )
    line = one_error_line(run("tournament", str(cfg), "-q"))
    assert f"{cfg}:6: players.0" in line and "must be a whole number, not 'abc'" in line


# --------------------------------------------------------------------------- options


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["tournament", "configs/six-card.yaml", "--games", "1" + "0" * 20],
            "golf: error: --games: must be at most 1,000,000,000, not 100000000000000000000",
        ),
        (
            ["tournament", "configs/six-card.yaml", "--holes", "1" + "0" * 20],
            "golf: error: --holes: must be at most 1,000, not 100000000000000000000",
        ),
        (
            ["play", "--seed", "9" * 40, "-p", "random,random"],
            "golf: error: --seed: must be at most 9,223,372,036,854,775,807, "
            "not a number of 40 digits",
        ),
        (
            ["play", "--holes", "0", "-p", "random,random"],
            "golf: error: --holes: must be at least 1, not 0",
        ),
        (["check-bot", "greedy", "--time-limit", "0"], "golf: error: --time-limit: must be"),
        (
            ["tournament", "x.yaml", "--games", "abc"],
            "golf: error: invalid value for '--games': 'abc' is not a whole number "
            "(see 'golf tournament --help')",
        ),
        (["score", "--nope"], "golf: error: no such option: --nope"),
        (["nosuch"], "golf: error: no such command 'nosuch' (see 'golf --help')"),
        (["tournament"], "golf: error: missing argument 'config'"),
    ],
)
def test_option_errors_are_one_short_line(args: list[str], expected: str) -> None:
    line = one_error_line(run(*args))
    assert line.startswith(expected)
    assert "╭" not in line and "Usage:" not in line


# --------------------------------------------------------------------------- Ctrl-C


def test_ctrl_c_while_importing_is_one_line() -> None:
    """A Ctrl-C during start-up (here: while Typer is imported) is one line, 130."""
    code = textwrap.dedent(
        """\
        import sys
        class Interrupt:
            def find_spec(self, name, path=None, target=None):
                if name == "typer":
                    raise KeyboardInterrupt
        sys.meta_path.insert(0, Interrupt())
        sys.modules.pop("typer", None)
        from golfcli.cli.entry import main
        sys.argv = ["golf", "variants"]
        main()
        """
    )
    p = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert p.returncode == 130
    assert p.stderr.strip() == "golf: interrupted"


def test_score_on_a_terminal_prompts_streams_and_stops_on_ctrl_c() -> None:
    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
    child = pexpect.spawn(
        sys.executable,
        ["-c", "from golfcli.cli.entry import main; main()", "score"],
        env=env,
        encoding="utf-8",
        timeout=30,
    )
    try:
        child.expect("reading layouts, one per line; Ctrl-D to finish")
        child.sendline("5 K 2 / 5 7 9")
        child.expect("total: 14")  # answered before the input ends
        child.sendintr()
        child.expect("golf: interrupted")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in (child.before or "")


def test_score_from_a_pipe_does_not_prompt() -> None:
    r = run("score", stdin="5 K 2 / 5 7 9\n")
    assert r.exit_code == 0 and "reading layouts" not in r.stderr


def test_variant_error_class_is_a_source_error() -> None:
    assert issubclass(VariantError, SourceError)


def test_abandoning_the_local_pool_after_cancelling_is_quiet() -> None:
    """A second Ctrl-C with --workers 2: batches were cancelled, then the
    workers are terminated.  CPython's pool manager thread then fails each
    cancelled batch and prints an InvalidStateError traceback (a race: about
    one run in six; a worker that dies on its own does the same).  Once a
    pool is made that complaint, and only that one, is dropped; the race
    itself is reproduced here by raising what the manager thread raises, and
    the pool's own manager thread is waited for before the hook is put back
    (it would otherwise complain later, into another test)."""
    import threading
    from concurrent.futures import Future, InvalidStateError

    from golfcli.tournament.config import load_config
    from golfcli.tournament.executors import LocalPool

    plan = load_config("configs/six-card.yaml", workers=2, games=20)
    seen: list[str] = []
    old = threading.excepthook
    threading.excepthook = lambda args: seen.append(args.exc_type.__name__)
    try:
        pool = LocalPool(plan, None)
        assert getattr(threading.excepthook, "golf_quiet", False)  # set with the pool
        inflight = [pool.submit(list(range(i, i + 4))) for i in range(0, 160, 4)]
        manager = pool._pool._executor_manager_thread  # type: ignore[attr-defined]
        assert pool.stop(inflight)  # most batches were still waiting: cancelled
        pool.shutdown(abandon=True)

        def manager_thread_complaint() -> None:
            f: Future[int] = Future()
            f.cancel()
            f.set_exception(RuntimeError("A process in the process pool was terminated"))

        def another_error() -> None:
            raise InvalidStateError("FINISHED: something else")

        for target in (manager_thread_complaint, another_error):
            t = threading.Thread(target=target)
            t.start()
            t.join()
        manager.join(30)
    finally:
        threading.excepthook = old
    assert seen == ["InvalidStateError"]  # the other error still reaches the hook


# --------------------------------------------------------------------------- configs, runs, records

CONFIG = """\
name: t
variant: six-card
holes: 1
games: 2
seed: 1
workers: 1
players:
  - {name: a, bot: greedy}
  - {name: b, bot: random}
"""


@pytest.mark.parametrize(
    ("player", "fragment"),
    [
        ('{name: a, command: "\'"}', ':8: players.0.command: bot command "\'": No closing'),
        ('{name: a, bot: "cmd:\'x"}', ':8: players.0.bot: bot command "\'x": No closing'),
        ("{name: " + "n" * 300 + ", bot: greedy}", ":8: players.0.name: a name has at most 100"),
        ("{name: a/b, bot: greedy}", ":8: players.0.name: a name has at most 100"),
    ],
)
def test_bad_players_in_a_config(tmp_path: Path, player: str, fragment: str) -> None:
    cfg = write(tmp_path, "t.yaml", CONFIG.replace("{name: a, bot: greedy}", player))
    assert fragment in one_error_line(run("tournament", str(cfg), "-q"))


def test_config_ranges(tmp_path: Path) -> None:
    cfg = write(tmp_path, "t.yaml", CONFIG.replace("seed: 1", "seed: " + "9" * 30))
    assert ":5: seed: must be at most 9223372036854775807" in one_error_line(
        run("tournament", str(cfg), "-q")
    )
    cfg = write(tmp_path, "u.yaml", CONFIG.replace("games: 2", "games: 900000000"))
    line = one_error_line(run("tournament", str(cfg), "-q"))
    assert ":4: games: 900,000,000 deals make 1,800,000,000 games" in line
    assert "at most 100,000,000 games per run" in line


def make_run(tmp_path: Path) -> tuple[Path, Path]:
    cfg = write(tmp_path, "t.yaml", CONFIG)
    out = tmp_path / "run"
    r = run("tournament", str(cfg), "--out", str(out), "-q")
    assert r.exit_code == 0, r.output
    return cfg, out


def test_damaged_run_json_is_one_line(tmp_path: Path) -> None:
    cfg, out = make_run(tmp_path)
    meta = (out / "run.json").read_text(encoding="utf-8")
    for damage in (b"[1, 2]", b'{"plan": [1], "config_hash": "x"}', b"\xff\xfe\x00", b"\x00" * 9):
        (out / "run.json").write_bytes(damage)
        line = one_error_line(run("tournament", str(cfg), "--out", str(out), "--resume", "-q"))
        assert line.startswith(f"golf: error: {out / 'run.json'}: unreadable run file")
    (out / "run.json").write_text(meta.replace('"config_hash": "', '"config_hash": 5, "x": "'))
    line = one_error_line(run("tournament", str(cfg), "--out", str(out), "--resume", "-q"))
    assert "unreadable run file" in line


@pytest.mark.parametrize(
    "damage",
    [
        lambda rec: {**rec, "totals": "xx"},
        lambda rec: {**rec, "winners": [7], "faults": 5},
        lambda rec: {**rec, "sides": ["nobody", "b"]},
        lambda rec: {**rec, "decisions": None},
        lambda rec: "\x00\x00",
    ],
)
def test_damaged_games_jsonl_is_played_again(tmp_path: Path, damage: Any) -> None:
    import json

    cfg, out = make_run(tmp_path)
    games = out / "games.jsonl"
    first = json.loads(games.read_text(encoding="utf-8").splitlines()[0])
    lines = games.read_bytes().splitlines(keepends=True)
    bad = damage(first)
    lines[0] = (bad if isinstance(bad, str) else json.dumps(bad)).encode() + b"\n"
    lines.append(b"\xff\xfe not utf-8\n")
    games.write_bytes(b"".join(lines))
    r = run("tournament", str(cfg), "--out", str(out), "--resume", "--format", "json")
    assert r.exit_code == 0, r.output
    assert "Traceback" not in r.output
    assert "dropped 2 torn or unreadable line(s)" in r.stderr
    report = json.loads(r.stdout)
    assert sum(row["games"] for row in report["standings"]) == 2 * 4  # every game, once


def test_an_endless_line_in_games_jsonl_is_read_with_a_bound(tmp_path: Path) -> None:
    """A damaged games.jsonl (here 48 MB of zeros without a newline, as a
    crash can leave) is read in bounded pieces on --resume: the line is
    dropped and its game played again, and no line is held whole (it was:
    a big enough one was a MemoryError)."""
    import json
    import tracemalloc

    cfg, out = make_run(tmp_path)
    games = out / "games.jsonl"
    lines = games.read_bytes().splitlines(keepends=True)
    with games.open("wb") as fh:
        fh.write(lines[0])
        fh.truncate(len(lines[0]) + 48 * 2**20)  # a hole: zeros, no disk used
        fh.seek(0, os.SEEK_END)
        fh.write(b"\n" + b"".join(lines[2:]))
    tracemalloc.start()
    try:
        r = run("tournament", str(cfg), "--out", str(out), "--resume", "--format", "json")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert r.exit_code == 0, r.output
    assert "dropped 1 torn or unreadable line(s)" in r.stderr
    assert sum(row["games"] for row in json.loads(r.stdout)["standings"]) == 2 * 4
    assert peak < 24 * 2**20, peak  # half the line (it was read whole: twice the line)
    assert games.read_bytes().splitlines(keepends=True)[: len(lines) - 1] == [lines[0], *lines[2:]]


def test_games_jsonl_that_is_not_a_file_is_one_line(tmp_path: Path) -> None:
    """A games.jsonl that is a device (/dev/zero here: reads never end, as
    /dev/full's do) is refused on --resume, not read for ever."""
    cfg, out = make_run(tmp_path)
    (out / "games.jsonl").unlink()
    (out / "games.jsonl").symlink_to("/dev/zero")
    line = one_error_line(run("tournament", str(cfg), "--out", str(out), "--resume", "-q"))
    assert line.startswith(f"golf: error: {out / 'games.jsonl'}: not a regular file")


def test_replay_of_arbitrary_bytes_is_one_line(tmp_path: Path) -> None:
    rng = random.Random(5)
    for n, data in enumerate(
        [bytes(rng.randrange(256) for _ in range(3000)), b"\x00" * 100, b"[1]\n", b"{}\n"]
    ):
        f = write(tmp_path, f"r{n}.jsonl", data)
        line = one_error_line(run("replay", str(f), "--to-end"))
        assert line.startswith(f"golf: error: {f}")
    assert "cannot read" in one_error_line(run("replay", str(tmp_path), "--to-end"))


def test_replay_of_a_record_with_wrong_field_types(tmp_path: Path) -> None:
    import json

    rec = tmp_path / "g.jsonl"
    r = run("play", "-p", "random,random", "--holes", "1", "--seed", "4", "--record", str(rec))
    assert r.exit_code == 0
    lines = rec.read_text(encoding="utf-8").splitlines()
    game, hole = json.loads(lines[0]), json.loads(lines[1])
    cases = [
        ({**game, "names": 5}, hole, ":1: names must be a list"),
        ({**game, "extra_reveals": [1]}, hole, ":1: extra_reveals must map"),
        ({**game, "extra_reveals": {"a": 1}}, hole, ":1: a game line that golf did not write"),
        ({**game, "variant": 7}, hole, ":1: embedded variant: must be a name or a mapping"),
        (game, {**hole, "scores": "x"}, ":2: a hole needs a number and one score per side"),
        (game, {**hole, "scores": [1.5, 2]}, ":2: hole scores must be whole numbers"),
        (game, {**hole, "events": [[1]]}, ":2: hole 1 does not replay"),
        (game, {k: v for k, v in hole.items() if k != "number"}, ":2: a hole line"),
    ]
    for g, h, fragment in cases:
        f = write(tmp_path, "bad.jsonl", "\n".join([json.dumps(g), json.dumps(h), *lines[2:]]))
        assert fragment in one_error_line(run("replay", str(f), "--to-end")), fragment


# --------------------------------------------------------------------------- generated inputs
# Hypothesis strategies for the four kinds of user input.  Each property is
# the promise itself: exit 0, or exit 2 with one line and no traceback; and a
# variant that validates plays every hole to its end.

FAST = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

junk_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**6), max_value=10**6),
    st.sampled_from([0, 1, 2, 3, 13, 16, 17, 99, 100, 10**4, 10**30, -1]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(
        ["stock", "discard", "required", "never", "zero", "keep", "column", "row", "2-4", "9+"]
    ),
)
junk_values = st.recursive(
    junk_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def key_paths(node: Any, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += key_paths(v, (*prefix, str(k)))
    return out


VARIANT_PATHS = [*key_paths(DEFAULTS), ("values", "ranks", "A"), ("patterns",), ("deck",)]
#: The keys of a pattern and of an adjustment (the first of each list): --set
#: reaches them by the schema, a file by a generated item.
ITEM_PATHS = [
    *(("patterns", "0", k) for k in sorted(_PATTERN_KEYS)),
    *(("adjustments", "0", k) for k in sorted(_ADJ_KEYS)),
    ("patterns", "0"),
    ("adjustments", "0"),
]


def set_path(doc: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    node = doc
    for p in path[:-1]:
        if not isinstance(node.get(p), dict):
            node[p] = {}
        node = node[p]
    node[path[-1]] = value


@st.composite
def variant_texts(draw: Any) -> str:
    """A variant file: a valid one with a few keys given junk, or raw junk."""
    if draw(st.integers(0, 9)) == 0:
        return str(draw(st.text(max_size=200)))
    doc: dict[str, Any] = {"name": "gen", "extends": draw(st.sampled_from(["six-card", "duel"]))}
    for _ in range(draw(st.integers(1, 3))):
        set_path(doc, draw(st.sampled_from(VARIANT_PATHS)), draw(junk_values))
    if draw(st.booleans()):
        doc[draw(st.text(min_size=1, max_size=8))] = draw(junk_values)
    for key, kinds, keys in (
        ("patterns", PATTERN_KINDS, _PATTERN_KEYS),
        ("adjustments", ADJUSTMENT_KINDS, _ADJ_KEYS),
    ):
        if draw(st.integers(0, 3)) == 0:  # an item with junk where ranks, numbers... belong
            item = {"kind": draw(st.sampled_from(kinds))}
            for k in draw(st.lists(st.sampled_from(sorted(keys - {"kind"})), max_size=3)):
                item[k] = draw(junk_values)
            doc[key] = [item]
    try:
        return yaml.safe_dump(doc, allow_unicode=True)
    except yaml.YAMLError:
        return "name: gen\n"


def one_line_or_ok(result: Any, items: int = 1) -> None:
    """Exit 0, or exit 2 with one error line (one per bad item: ``golf score``
    reports each bad layout of several and scores the good ones)."""
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert result.exit_code in (0, 2), (result.exit_code, result.output)
    if result.exit_code == 2:
        lines = result.stderr.strip().splitlines()
        assert 1 <= len(lines) <= items, result.stderr
        assert all(line.startswith("golf: error: ") for line in lines), result.stderr


def plays_to_the_end(v: Any) -> None:
    """One hole with random moves ends within the turn limit."""
    players = v.players[0] if v.players[0] >= 2 else v.players[min(1, len(v.players) - 1)]
    st_ = HoleState(v, players, 0, random.Random(1))
    rng = random.Random(2)
    steps = 0
    while not st_.is_over:
        legal = st_.legal_actions()
        assert legal, "no legal action in a validated variant"
        st_.apply(legal[int(rng.random() * len(legal))])
        steps += 1
    assert sum(st_.turns) <= v.end.turn_limit * players


@FAST
@given(variant_texts())
def test_generated_variant_files(text: str) -> None:
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "gen.yaml"
        f.write_text(text, encoding="utf-8")
        r = run("validate", str(f))
        one_line_or_ok(r, items=MAX_ERRORS)  # validate lists every problem, a line each
        if r.exit_code == 0:
            plays_to_the_end(load_variant(str(f)))
        else:  # a command that uses the variant stops at the first problem
            one_line_or_ok(run("rules", str(f)))


def flow(value: Any) -> str:
    """A value as one line of YAML, as a --set value is typed."""
    text = yaml.safe_dump(value, default_flow_style=True, width=10**6)
    return text.removesuffix("\n...\n").strip()


set_values = st.one_of(
    junk_scalars.map(flow),
    # lists and mappings: a float or a mapping where a rank belongs, a
    # mapping that gives some keys of a section and not others
    junk_values.map(flow),
    st.dictionaries(
        st.sampled_from(sorted({*DEFAULTS["game"], *DEFAULTS["grid"]})), junk_scalars
    ).map(flow),
    st.text(max_size=20),
    st.sampled_from(["&a [*a]", "[" * 60 + "]" * 60, "9" * 5000, "{a: 1}", "!!set {a}", "\x01"]),
)
#: A variant with a pattern, one with an adjustment (for the ITEM_PATHS)
SET_VARIANTS = ["six-card", str(REPO / "configs/variants/underdog.yaml")]


@FAST
@given(st.sampled_from(SET_VARIANTS), st.sampled_from(VARIANT_PATHS + ITEM_PATHS), set_values)
def test_generated_set_values(variant: str, path: tuple[str, ...], value: str) -> None:
    r = run("rules", variant, "--set", f"{'.'.join(path)}={value}")
    one_line_or_ok(r)


#: Each mapping of the schema, with its keys: a --set may give some of them.
SECTIONS = [
    *(((k,), sorted(v)) for k, v in DEFAULTS.items() if isinstance(v, dict)),
    (("patterns", "0"), sorted(_PATTERN_KEYS)),
]


@FAST
@given(st.data())
def test_generated_partial_mappings_through_set(data: Any) -> None:
    """Some keys of a section as a mapping (``game={holes: 3}``), good values
    or junk: merged into the section, then checked (a KeyError before)."""
    path, keys = data.draw(st.sampled_from(SECTIONS))
    given_keys = data.draw(st.lists(st.sampled_from(keys), min_size=1, max_size=3, unique=True))
    value = {k: data.draw(st.one_of(junk_scalars, st.just(DEFAULTS.get(k)))) for k in given_keys}
    one_line_or_ok(run("rules", "six-card", "--set", f"{'.'.join(path)}={flow(value)}"))


#: Where a file or --set names ranks, and what YAML may put there instead
RANK_PLACES = ["patterns.0.ranks", "patterns.0.except", "values.ranks"]


@FAST
@given(st.sampled_from(RANK_PLACES), junk_values)
def test_generated_ranks(place: str, value: Any) -> None:
    """Floats, lists and mappings where ranks belong, given by --set and by a
    file (as the keys of values.ranks too): one line naming the key."""
    ranks = {value if isinstance(value, int | float | str) else str(value): 1}
    given_value = ranks if place == "values.ranks" else value
    one_line_or_ok(run("rules", "six-card", "--set", f"{place}={flow(given_value)}"))
    item: dict[str, Any] = {"kind": "row"}
    doc = {"name": "gen", "extends": "six-card", "patterns": [item]}
    if place == "values.ranks":
        doc["values"] = {"ranks": ranks}
    else:
        item[place.rsplit(".", 1)[1]] = value
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "gen.yaml"
        f.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
        one_line_or_ok(run("validate", str(f)), items=MAX_ERRORS)
        one_line_or_ok(run("rules", str(f)))


layout_tokens = st.one_of(
    st.sampled_from(["5", "K", "2", "10", "T", "AC", "kc", "JK", "*", "?", "/", ",", "Z", "11"]),
    st.text(max_size=3),
)


@FAST
@given(st.lists(layout_tokens, max_size=12).map(" ".join), st.booleans())
def test_generated_layouts(layout: str, hole: bool) -> None:
    args = ["score", "-v", "alberta" if "KC" in layout.upper() else "six-card", layout]
    if hole:
        args += ["--hole", layout]
    one_line_or_ok(run(*args), items=2 if hole else 1)


CONFIG_PATHS = [
    ("name",),
    ("variant",),
    ("holes",),
    ("games",),
    ("seed",),
    ("seats",),
    ("schedule",),
    ("duplicate",),
    ("time_limit",),
    ("players",),
    ("players", 0),
    ("players", 0, "name"),
    ("players", 0, "bot"),
    ("players", 0, "options"),
    ("players", 1, "command"),
    ("sprt",),
    ("nonsense",),
]


@st.composite
def config_texts(draw: Any) -> str:
    """A valid short config with a few keys (some inside players) given junk."""
    doc: Any = yaml.safe_load(CONFIG)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(CONFIG_PATHS))
        node = doc
        for p in path[:-1]:
            fits = isinstance(node, list) and isinstance(p, int) and p < len(node)
            node = node[p] if fits or (isinstance(node, dict) and p in node) else None
        last = path[-1]
        fits = isinstance(node, list) and isinstance(last, int) and last < len(node)
        if isinstance(node, dict) or fits:
            node[last] = draw(junk_values)
    try:
        return yaml.safe_dump(doc, allow_unicode=True)
    except yaml.YAMLError:
        return CONFIG


@FAST
@given(config_texts())
def test_generated_tournament_configs(text: str) -> None:
    """Every error of a config is listed: one line each, none twice, in file order."""
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "gen.yaml"
        f.write_text(text, encoding="utf-8")
        # the overrides keep a config that validates down to one short game
        r = run("tournament", str(f), "-q", "--games", "1", "--holes", "1", "--workers", "1")
        one_line_or_ok(r, items=MAX_ERRORS)
        lines = r.stderr.strip().splitlines()
        assert len(set(lines)) == len(lines), r.stderr
        numbers = [
            int(m.group(1)) for x in lines if (m := re.match(rf"golf: error: {f}:(\d+):", x))
        ]
        assert numbers == sorted(numbers), r.stderr


@pytest.mark.parametrize("moment", ["starting", "playing"])
def test_ctrl_c_in_a_tournament_with_two_workers(tmp_path: Path, moment: str) -> None:
    """Ctrl-C to the whole process group (as a terminal sends it) while golf
    starts up or while two workers play: a line or two, exit 130, no traceback.

    "playing" waits for the first finished game on disk rather than a fixed
    time: the workers are then certainly at work, on a busy machine too, and
    their CPU is not spent playing games nobody looks at."""
    import signal
    import time

    args = ["configs/six-card.yaml", "--workers", "2", "--games", "20", "-q"]
    games = tmp_path / "run" / "games.jsonl"
    run_dir = ["--out", str(tmp_path / "run")]
    with job([*GOLF, "tournament", *args, *run_dir], cwd=REPO) as p:
        if moment == "starting":
            time.sleep(0.3)
        else:
            deadline = time.monotonic() + 60
            while not (games.exists() and games.stat().st_size) and time.monotonic() < deadline:
                assert p.poll() is None, p.communicate()
                time.sleep(0.01)
            assert p.poll() is None, "the run ended before Ctrl-C"
        os.killpg(p.pid, signal.SIGINT)
        _, err = p.communicate(timeout=60)
    assert "Traceback" not in err, err
    assert p.returncode in (130, -signal.SIGINT), (p.returncode, err)
    assert 1 <= len(err.strip().splitlines()) <= 2, err


def test_mc_search_budget_stops_adding_determinisations() -> None:
    """mc's rollouts share one work budget per decision (expert work units):
    past it, the search stops after its two first determinisations."""
    from golfcli.bots.mc import DEFAULT_SEARCH_BUDGET, MCBot

    v = load_variant("six-card")
    st = HoleState(v, 2, 0, random.Random(3))
    rng = random.Random(4)
    while not st.is_over and (st.phase != "draw" or st.closer is None):
        legal = st.legal_actions()
        st.apply(legal[int(rng.random() * len(legal))])
    if st.is_over:  # pragma: no cover - seed 3 reaches a final turn
        pytest.skip("the hole ended before a final turn")
    vw = view(st, st.current)
    cands = list(st.legal_actions())[:2]
    tight, loose = MCBot(seed=1, search_budget=1), MCBot(seed=1)
    assert [len(o) for o in tight.search(vw, cands, iterations=10)] == [2, 2]
    assert [len(o) for o in loose.search(vw, cands, iterations=10)] == [10, 10]
    assert 0 < loose.spent < DEFAULT_SEARCH_BUDGET
    again = MCBot(seed=1, search_budget=1).search(vw, cands, iterations=10)
    assert MCBot(seed=1, search_budget=1).search(vw, cands, iterations=10) == again
