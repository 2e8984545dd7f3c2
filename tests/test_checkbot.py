"""``golf check-bot`` (golfcli/checkbot.py): the examples pass, faulty bots fail
with the fault named, bad specs end with one line and exit 2."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from golfcli.checkbot import CHECKS, check
from golfcli.cli import app

from .helpers import CliRunner

ROOT = Path(__file__).resolve().parent.parent
MINIMAL = ROOT / "examples" / "bots" / "minimal_bot.py"
EXAMPLE = ROOT / "examples" / "bots" / "external_bot.py"
FAULTY = Path(__file__).resolve().parent / "bots" / "faulty_bot.py"


def run(*args: str, keep_logs: bool = False) -> tuple[int, str, str]:
    """Invoke ``golf check-bot``; remove the log directory it may leave in /tmp."""
    result = CliRunner().invoke(app, ["check-bot", *args])
    if "bot stderr: " in result.stdout and not keep_logs:
        shutil.rmtree(result.stdout.split("bot stderr: ")[1].split()[0], ignore_errors=True)
    return result.exit_code, result.stdout, result.stderr


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
    assert "protocol: unexpected output" in out and "0 fault(s)" in out


def test_a_crashing_program_keeps_its_stderr_log() -> None:
    code, out, _ = run(f"cmd:{sys.executable} {FAULTY} crash 2", "--holes", "1", keep_logs=True)
    assert code == 1
    assert "boom" in out
    logs = Path(out.split("bot stderr: ")[1].split()[0])
    try:
        assert "boom" in (logs / "six-card.log").read_text()
    finally:
        shutil.rmtree(logs)


def test_a_clean_run_leaves_no_log_directory() -> None:
    code, out, _ = run(f"cmd:{sys.executable} {EXAMPLE}", "--holes", "1")
    assert code == 0 and "bot stderr" not in out


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
    assert "RuntimeError: no idea" in out
    assert "Traceback" not in out + err


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
    ("args", "message"), [(["--holes", "0"], "--holes"), (["--time-limit", "0"], "--time-limit")]
)
def test_bad_numbers_exit_2(args: list[str], message: str) -> None:
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
