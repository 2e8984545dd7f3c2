"""What ``golf tournament`` writes where: the progress bar on a terminal's
stderr even when stdout is redirected; CSV as one table per stream."""

from __future__ import annotations

import csv
import io
import json
import re
import shlex
import sys
from pathlib import Path

import pexpect
import pytest

from golfcli.cli.app import app

from ..helpers import CliRunner

GOLF = str(Path(sys.executable).with_name("golf"))

CONFIG = """\
name: tiny
variant: six-card
holes: 1
players:
  - {name: ann, bot: random}
  - {name: bob, bot: greedy}
  - {name: cat, bot: random}
games: 4
seed: 3
workers: 1
"""


def write_config(tmp_path: Path) -> Path:
    cfg = tmp_path / "t.yaml"
    cfg.write_text(CONFIG, encoding="utf-8")
    return cfg


def test_progress_bar_on_stderr_with_stdout_redirected(tmp_path: Path) -> None:
    cfg = write_config(tmp_path)
    out = tmp_path / "x.json"
    command = f"{shlex.quote(GOLF)} tournament {shlex.quote(str(cfg))} --format json > {out}"
    child = pexpect.spawn("bash", ["-c", command], encoding="utf-8", timeout=60)
    child.expect(r"tiny.*\d+/12")  # the bar: name, games done of the total
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert json.loads(out.read_text())["run"]["games_played"] == 12
    # and -q still silences it
    quiet = pexpect.spawn("bash", ["-c", command + " -q"], encoding="utf-8", timeout=60)
    quiet.expect(pexpect.EOF)
    assert "12" not in (quiet.before or "")


def test_csv_is_one_table_per_stream(tmp_path: Path) -> None:
    cfg = write_config(tmp_path)
    runner = CliRunner()
    r = runner.invoke(app, ["tournament", str(cfg), "-q", "--format", "csv"])
    assert r.exit_code == 0, r.output
    rows = list(csv.reader(io.StringIO(r.stdout)))
    assert rows[0][:4] == ["rank", "player", "games", "wins"]
    assert len(rows) == 4 and all(len(row) == len(rows[0]) for row in rows)  # 3 players
    r = runner.invoke(app, ["tournament", str(cfg), "-q", "-f", "csv", "--table", "crosstable"])
    assert r.exit_code == 0, r.output
    rows = list(csv.reader(io.StringIO(r.stdout)))
    assert rows[0][:3] == ["player", "opponent", "games"]
    assert len(rows) == 1 + 3 * 2 and all(len(row) == len(rows[0]) for row in rows)
    r = runner.invoke(app, ["tournament", str(cfg), "-q", "-f", "csv", "--table", "pairs"])
    assert r.exit_code == 0, r.output
    rows = list(csv.reader(io.StringIO(r.stdout)))
    assert rows[0][:4] == ["a", "b", "deals", "games"] and "elo_ci95" in rows[0]
    assert len(rows) == 1 + 3 and all(len(row) == len(rows[0]) for row in rows)  # 3 pairs
    for args, message in [
        (["--table", "crosstable"], "--table: only with --format csv"),
        (["-f", "csv", "--table", "both"], "--table: must be one of standings, pairs, crosstable"),
    ]:
        r = runner.invoke(app, ["tournament", str(cfg), "-q", *args])
        assert r.exit_code == 2 and r.stderr.startswith(f"golf: error: {message}")
        assert r.stdout == ""


def test_a_bar_in_a_name_does_not_break_the_markdown_tables(tmp_path: Path) -> None:
    cfg = tmp_path / "t.yaml"
    cfg.write_text(CONFIG.replace("name: ann", 'name: "a|n"'), encoding="utf-8")
    r = CliRunner().invoke(app, ["tournament", str(cfg), "-q", "--format", "markdown"])
    assert r.exit_code == 0, r.output
    assert "a\\|n" in r.stdout
    for table in r.stdout.split("### ")[1:3]:  # standings, crosstable
        rows = [line for line in table.splitlines() if line.startswith("|")]
        assert len({len(re.findall(r"(?<!\\)\|", line)) for line in rows}) == 1, rows


def test_golf_tournament_prints_the_report_golfcli_run_tournament_returns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One path: the command runs the library's run_tournament and prints its
    report; only the clocks (timing, and the table's ms/move) can differ
    between two runs, so the table's clock column is masked."""
    import golfcli
    from golfcli.render import tournament as text_report

    monkeypatch.setattr(text_report, "ms_per_move", lambda report, r: "(clock)")

    cfg = write_config(tmp_path)
    r = CliRunner().invoke(app, ["tournament", str(cfg), "--format", "json", "--quiet"])
    assert r.exit_code == 0, r.output
    printed = json.loads(r.stdout)
    report = golfcli.run_tournament(cfg).to_dict()
    for doc in (printed, report):
        doc.pop("timing")
    assert printed == report
    text = CliRunner().invoke(app, ["tournament", str(cfg), "--quiet"]).stdout
    assert text == golfcli.run_tournament(cfg).render("table") + "\n"
