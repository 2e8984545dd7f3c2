"""``golf check-bot`` (golfcli/checkbot.py): the examples pass, faulty bots fail
with the fault named, bad specs end with one line and exit 2."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from golfcli.checkbot import CHECKS, check
from golfcli.cli.app import app

from ..helpers import REPO, TESTS, CliRunner

ROOT = REPO
MINIMAL = ROOT / "examples" / "bots" / "minimal_bot.py"
EXAMPLE = ROOT / "examples" / "bots" / "external_bot.py"
FAULTY = TESTS / "fixtures" / "bots" / "faulty_bot.py"


LOGS = "logs (stderr, tracebacks): "


def run(*args: str, keep_logs: bool = False) -> tuple[int, str, str]:
    """Invoke ``golf check-bot``; remove the log directory it may leave in /tmp."""
    result = CliRunner().invoke(app, ["check-bot", *args])
    if LOGS in result.stdout and not keep_logs:
        shutil.rmtree(logs_of(result.stdout), ignore_errors=True)
    return result.exit_code, result.stdout, result.stderr


def logs_of(out: str) -> Path:
    return Path(out.split(LOGS)[1].split()[0])


@pytest.mark.parametrize("spec", [str(MINIMAL), f"cmd:{sys.executable} {EXAMPLE}"])
def test_the_examples_pass(spec: str) -> None:
    code, out, err = run(spec, "--holes", "1")
    assert code == 0, out + err
    for name, _ in CHECKS:
        assert name in out
    assert "ok: " in out and "no faults" in out
    assert "Traceback" not in out + err


def test_every_variant_is_played_with_the_bot_deciding() -> None:
    name, results = check(str(MINIMAL), holes=1, seed=3)
    assert name == "minimal"
    assert [r.variant for r in results] == [n for n, _ in CHECKS]
    assert {r.variant: r.players for r in results}["alberta"] == 4
    assert all(r.decisions > 0 and r.clean for r in results)


def test_a_faulty_program_exits_1_and_names_the_fault() -> None:
    code, out, _ = run(f"cmd:{sys.executable} {FAULTY} garbage 2", "--holes", "1")
    assert code == 1
    assert "FAILED: 5 fault(s)" in out  # one per variant: request 2 of each game
    assert "is not JSON" in out and "malformed" in out


def test_stray_output_fails_the_check() -> None:
    code, out, _ = run(f"cmd:{sys.executable} {FAULTY} noisy", "--holes", "1")
    assert code == 1
    assert (
        "protocol: 100 unexpected line(s); the first: unexpected output before request 2: " in out
    )
    assert "FAILED: 0 fault(s), 100 protocol error(s)" in out
    assert "hint: the bot wrote text that is not JSON on its standard output" in out


def test_a_crashing_program_keeps_its_stderr_log() -> None:
    code, out, _ = run(f"cmd:{sys.executable} {FAULTY} crash 2", "--holes", "1", keep_logs=True)
    assert code == 1
    assert "boom" in out
    logs = logs_of(out)
    try:
        assert "boom" in (logs / "six-card.log").read_text()
    finally:
        shutil.rmtree(logs)


def test_a_clean_run_leaves_no_log_directory() -> None:
    code, out, _ = run(f"cmd:{sys.executable} {EXAMPLE}", "--holes", "1")
    assert code == 0 and LOGS not in out


def test_a_slow_python_bot_times_out(tmp_path: Path) -> None:
    slow = tmp_path / "slow_bot.py"
    slow.write_text(
        "import time\n"
        "calls = []\n"
        "def choose(view, legal):\n"
        "    calls.append(1)\n"
        "    if len(calls) <= 3:  # the first three decisions of each game are slow\n"
        "        time.sleep(0.02)\n"
        "    return legal[0]\n"
    )
    _, results = check(str(slow), holes=1, time_limit=0.005)
    assert [r.faults["timeout"] for r in results] == [3] * len(CHECKS)


def test_a_python_bot_that_raises_is_a_crash(tmp_path: Path) -> None:
    bad = tmp_path / "bad_bot.py"
    bad.write_text("def choose(view, legal):\n    raise RuntimeError('no idea')\n")
    code, out, err = run(str(bad), "--holes", "1")
    assert code == 1
    assert "RuntimeError: no idea (bad_bot.py:2, in choose)" in out
    assert "Traceback" not in err


CRASH_BOT = """\
table = {}


def lookup(key):
    return table[key]


def choose(view, legal):
    if len(view.history) > 3:
        return lookup("missing")
    return legal[0]
"""


def test_a_python_bots_crash_shows_its_place_its_traceback_and_its_log(tmp_path: Path) -> None:
    """The first fault with the file and line in the bot's own code, the
    traceback's frames in the bot's file (not golf's), and the log that keeps
    them (it was: ``six-card: last fault: KeyError: 'missing'``, no place)."""
    bot = tmp_path / "crash2.py"
    bot.write_text(CRASH_BOT)
    code, out, _ = run(str(bot), "--holes", "1", keep_logs=True)
    assert code == 1
    lines = out.splitlines()
    first = next(i for i, ln in enumerate(lines) if ln.startswith("first fault"))
    assert lines[first].startswith("first fault (six-card, hole 1, decision ")
    assert lines[first].endswith("): crash: KeyError: 'missing' (crash2.py:5, in lookup)")
    variants = next(i for i, ln in enumerate(lines) if ln.startswith("six-card: "))
    trace = lines[first + 1 : variants]  # before the per-variant lines and the verdict
    assert trace[0] == "its traceback (six-card):"
    assert trace[1] == "  Traceback (most recent call last):"
    assert trace[2] == f'    File "{bot}", line 10, in choose'
    assert f'    File "{bot}", line 5, in lookup' in trace
    assert "  KeyError: 'missing'" in trace
    assert "golfcli" not in "\n".join(trace)  # the adapter's frame is not the bot's
    assert trace[-1] == "  KeyError: 'missing'"
    logs = logs_of(out)
    try:
        log = (logs / "six-card.log").read_text()
        assert log.count("Traceback") == 1  # one place, logged once
        assert f'File "{bot}", line 5, in lookup' in log and "KeyError: 'missing'" in log
    finally:
        shutil.rmtree(logs)


def test_debug_text_on_stdout_gets_a_hint_and_the_stderr_tail_is_shown() -> None:
    """A program that prints debug text on stdout and then crashes: the first
    fault is named first, with the hint to use stderr and the traceback it
    left on stderr; the stray lines are one line, not one each."""
    code, out, _ = run(f"cmd:{sys.executable} {FAULTY} chatty 3", "--holes", "1")
    assert code == 1
    lines = out.splitlines()
    first = next(i for i, ln in enumerate(lines) if ln.startswith("first fault"))
    assert lines[first] == (
        "first fault (six-card, hole 1, decision 1): malformed: "
        "reply to request 1 is not JSON: 'debug: thinking'"
    )
    assert lines[first + 1] == (
        "hint: the bot wrote text that is not JSON on its standard output "
        "('debug: thinking'): golf reads every stdout line as the protocol; "
        "write debug output to stderr"
    )
    assert lines[first + 2] == "the bot's stderr (six-card, last lines):"
    tail = lines[first + 3 : first + 16]
    assert "  | RuntimeError: chatty bot gave up at request 3" in tail
    assert sum(ln.startswith("protocol:") for ln in lines) == 1
    assert first < next(i for i, ln in enumerate(lines) if ln.startswith("six-card:"))


def test_json_format_for_ci(tmp_path: Path) -> None:
    import json

    bot = tmp_path / "crash2.py"
    bot.write_text(CRASH_BOT)
    code, out, _ = run(str(bot), "--holes", "1", "--format", "json")
    report = json.loads(out)
    assert code == 1 and report["ok"] is False and report["faults"] > 0
    assert report["first_fault"]["variant"] == "six-card"
    assert report["first_fault"]["fault"] == "crash: KeyError: 'missing' (crash2.py:5, in lookup)"
    six = report["variants"][0]
    assert six["variant"] == "six-card" and six["faults"]["crash"] == six["decisions"] - 1
    assert "line 5, in lookup" in six["tracebacks"][0]
    assert report["hint"] is None and report["logs"]
    shutil.rmtree(report["logs"])
    code, out, _ = run(
        f"cmd:{sys.executable} {FAULTY} garbage 2", "--holes", "1", "--format", "json"
    )
    report = json.loads(out)
    assert code == 1 and "write debug output to stderr" in report["hint"]
    assert report["variants"][0]["stdout_text"] == "'this is not json'"
    shutil.rmtree(report["logs"], ignore_errors=True)
    code, out, _ = run(str(MINIMAL), "--holes", "1", "--format", "json")
    report = json.loads(out)
    assert code == 0 and report["ok"] is True and report["first_fault"] is None
    assert report["logs"] is None and len(report["variants"]) == len(CHECKS)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no_such_bot.py", "not found"),
        ("cmd:", "needs a program"),
        ("cmd:no-such-golf-program-xyz", "not found on PATH"),
        ("frobnicate", "unknown bot"),
        ("greedy?threshold", "not key=value"),
    ],
)
def test_a_bad_spec_is_one_line_and_exit_2(spec: str, message: str) -> None:
    code, out, err = run(spec)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("golf: error: ") and message in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--holes", "0"], "--holes"),
        (["--time-limit", "0"], "--time-limit"),
        (["--format", "csv"], "--format: must be one of table, json, not 'csv'"),
    ],
)
def test_bad_options_exit_2(args: list[str], message: str) -> None:
    code, _, err = run("random", *args)
    assert code == 2 and message in err and err.count("\n") == 1


@pytest.mark.parametrize("call", ["sys.exit(3)", "sys.exit()", "raise SystemExit('bye')"])
def test_a_bot_file_that_exits_at_import_is_one_line(tmp_path: Path, call: str) -> None:
    quitter = tmp_path / "quitter_bot.py"
    quitter.write_text(f"import sys\n{call}\n")
    code, out, err = run(str(quitter), "--holes", "1")
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and "quitter_bot.py" in err and "exited while being loaded" in err


def test_play_with_a_bot_file_that_exits_at_import_is_one_line(tmp_path: Path) -> None:
    quitter = tmp_path / "quitter_bot.py"
    quitter.write_text("import sys\nsys.exit(0)\n")
    result = CliRunner().invoke(app, ["play", "-p", f"{quitter},random", "--seed", "1"])
    assert result.exit_code == 2
    assert "quitter_bot.py" in result.stderr and "exited while being loaded" in result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_an_unwritable_temp_folder_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    # tempfile falls back to /tmp or the working folder when $TMPDIR is unusable, so
    # pin its choice to a folder that does not exist: mkdtemp then fails as it would
    # with no writable temporary folder anywhere.
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "no" / "such" / "dir"))
    code, out, err = run("random", "--holes", "1")
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("golf: error: ") and "temporary" in err
