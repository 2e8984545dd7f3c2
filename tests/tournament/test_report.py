"""Which bot is better, and how sure: the pairs, the ranking's separated
neighbours, the SPRT in a field and in a gauntlet, the report files of an
``--out`` run (report.md, a self-contained report.html with every plot) and
``golf report DIR``; ``golf score --format``."""

from __future__ import annotations

import csv
import io
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from golfcli.cli.app import app
from golfcli.render import svg
from golfcli.render.html import PLOTS
from golfcli.render.tournament import pair_sentence
from golfcli.sprt import SprtSpec
from golfcli.stats import Outcome, Tally

from ..helpers import CliRunner

runner = CliRunner()

FIELD = """\
name: field
variant: six-card
holes: 2
players:
  - {name: greedy, bot: greedy}
  - {name: random, bot: random}
  - {name: bold, bot: greedy, options: {threshold: 6}}
seats: 2
games: 12
seed: 4
workers: 1
"""

CRASHER = "def choose(view, legal):\n    raise RuntimeError('always')\n"


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "t.yaml"
    p.write_text(text, encoding="utf-8")
    return p


def golf(*args: str) -> Any:
    return runner.invoke(app, list(args))


# --------------------------------------------------------------------------- pairs


def test_pairs_in_every_format(tmp_path: Path) -> None:
    cfg = write(tmp_path, FIELD)
    out = tmp_path / "run"
    r = golf("tournament", str(cfg), "-q", "--out", str(out))
    assert r.exit_code == 0, r.output
    # the report opens with the verdicts in sentences, before the tables
    head = r.stdout.split("\nStandings\n")[0]
    # "better" names the statistic it is on; with three pairs, Holm's rule over them;
    # the Elo of the game results as its interval's two ends, never a ± of them
    assert re.search(
        r"greedy is better than random on strokes a hole: [\d.]+ fewer \(95% CI [\d.]+ to "
        r"[\d.]+\), LOS [\d.]+%, Holm p [<\d. ]+ over 3 comparisons; game results: Elo "
        r"\S+ \S+ \(95% CI \S+ to \S+ \S+\)",
        head,
    ), head
    assert "Elo" in head and "±" not in head
    assert "bold vs greedy: not separated" in head or "greedy vs bold: not separated" in head
    assert "more deals would separate a difference of 0.5 strokes a hole" in head
    assert "\nPairs\n" in r.stdout and "Elo (95% CI)" in r.stdout
    # the other formats, from the same run (golf report prints what golf tournament would)
    md = golf("report", str(out), "-f", "markdown").stdout
    assert "### Pairs" in md and "* greedy is better than random on strokes a hole:" in md
    # the win shares as their intervals' ends (Wilson's), never ± 0
    standings = r.stdout.split("\nStandings\n")[1].split("\nPairs\n")[0]
    assert re.search(r"\d+\.\d \(\d+\.\d–\d+\.\d\)", standings), standings
    rows = list(
        csv.reader(io.StringIO(golf("report", str(out), "-f", "csv", "--table", "pairs").stdout))
    )
    header = rows[0]
    for key in ("margin_lo", "margin_hi", "los", "elo", "elo_ci95", "more_deals", "p_holm"):
        assert key in header
    data = json.loads(golf("report", str(out), "-f", "json").stdout)
    pairs = {(p["a"], p["b"]): p for p in data["pairs"]}
    assert len(pairs) == 3 and all(p["deals"] == 12 and p["games"] == 24 for p in pairs.values())
    p = pairs[("greedy", "random")]
    assert p["separated"] and p["margin_lo"] > 0 and p["los"] > 0.99 and p["elo"] > 0
    assert p["margin_lo"] < p["margin"] < p["margin_hi"]
    assert p["elo_lo"] <= p["elo"] <= p["elo_hi"]


def test_pair_statistics_by_hand() -> None:
    # Two deals, each played in both seatings; margin = B's total - A's, per hole (2 holes).
    # deal 0: A 10 vs B 14 (+4), A 12 vs B 12 (0) -> deal mean +2 strokes a game, 1 a hole
    # deal 1: A 8 vs B 14 (+6), A 9 vs B 11 (+2) -> +4 a game, 2 a hole
    # deal 2: A 10 vs B 10, A 10 vs B 14 -> +2 a game, 1 a hole
    # per-deal margins 1, 2, 1: mean 4/3, sd sqrt(1/3), t(2) 4.3027 -> CI +- 1.4343
    t = Tally(["A", "B"], "stroke")
    games = [(0, 10, 14), (0, 12, 12), (1, 8, 14), (1, 9, 11), (2, 10, 10), (2, 10, 14)]
    for deal, a, b in games:
        winners = (0,) if a < b else (1,) if b < a else (0, 1)
        t.add(
            Outcome(
                deal=deal, sides=(0, 1), totals=(a, b), holes=2, holes_won=(0, 0), winners=winners
            )
        )
    (p,) = t.pairs()
    assert (p["a"], p["b"], p["deals"], p["games"]) == ("A", "B", 3, 6)
    assert p["margin"] == pytest.approx(4 / 3)
    assert p["margin_ci95"] == pytest.approx(4.3027 * (1 / 3) ** 0.5 / 3**0.5, abs=1e-4)
    # scores per deal: (1 + 0.5) / 2, (1 + 1) / 2, (0.5 + 1) / 2 -> 0.75, 1, 0.75
    assert p["score"] == pytest.approx(2.5 / 3)
    assert p["elo"] == pytest.approx(-400 * __import__("math").log10(3 / 2.5 - 1))
    assert not p["separated"]  # 4/3 - 1.434 < 0
    words = pair_sentence(p, {"run": {"format": "stroke"}})
    assert words.startswith(
        "A vs B: not separated (1.3 strokes a hole fewer for A, 95% CI -0.1 to 2.8"
    )


def a_pair(**kw: Any) -> dict[str, Any]:
    """A pair as the report holds one: separated, on strokes, one of three."""
    pair: dict[str, Any] = {
        "a": "v2",
        "b": "v1",
        "deals": 8,
        "games": 16,
        "margin": 0.15,
        "margin_ci95": 0.6,
        "margin_lo": -0.45,
        "margin_hi": 0.75,
        "los": 0.70,
        "p_value": 0.6,
        "p_holm": 1.0,
        "comparisons": 3,
        "separated": False,
        "separated_unadjusted": False,
        "resolution": 0.5,
        "more_deals": None,
        "elo": 191.3,
        "elo_lo": -2.4,
        "elo_hi": 1199.9,
    }
    pair.update(kw)
    return pair


STROKE = {"run": {"format": "stroke"}}


def test_a_pair_is_said_as_its_verdict_and_its_statistic_allow() -> None:
    # better: on strokes a hole, Holm's p beside it, the Elo's two ends (never a ±)
    better = a_pair(
        margin=1.35,
        margin_lo=0.15,
        margin_hi=2.55,
        separated=True,
        separated_unadjusted=True,
        los=0.99,
        p_holm=0.0312,
        elo_lo=-2.4,
        elo_hi=1199.9,
    )
    assert pair_sentence(better, STROKE) == (
        "v2 is better than v1 on strokes a hole: 1.4 fewer (95% CI 0.2 to 2.6), LOS 99%, "
        "Holm p 0.031 over 3 comparisons; game results: Elo +191 (95% CI -2 to ≥ +1200)"
    )
    # the interval alone would separate them, Holm's rule over 3 does not: not "better"
    held = a_pair(
        margin=0.6,
        margin_lo=0.05,
        margin_hi=1.15,
        separated_unadjusted=True,
        los=0.984,
        p_holm=0.09,
    )
    assert pair_sentence(held, STROKE) == (
        "v2 vs v1: not separated once 3 comparisons are allowed for (0.6 strokes a hole fewer "
        "for v2, 95% CI 0.1 to 1.2 alone would separate them, Holm p 0.090 over 3 comparisons, "
        "LOS 98.4%); game results: Elo +191 (95% CI -2 to ≥ +1200)"
    )
    # one rounding rule (0.15 is 0.2, as 1.35 is 1.4) and no -0.0
    near = a_pair(margin_lo=-0.04, margin_hi=0.34, margin_ci95=0.6)
    assert pair_sentence(near, STROKE).startswith(
        "v2 vs v1: not separated (0.2 strokes a hole fewer for v2, 95% CI 0.0 to 0.3, LOS 70%)"
    )
    # a report from before Holm (no comparisons) still reads
    old = {
        k: v
        for k, v in a_pair(separated=True, margin_lo=0.1).items()
        if k not in ("comparisons", "p_holm", "p_value", "separated_unadjusted")
    }
    assert pair_sentence(old, STROKE).startswith("v2 is better than v1 on strokes a hole: 0.2")


def test_a_perfect_record_is_an_interval_not_a_point() -> None:
    """Three deals, every game won: the win share is its Wilson interval's ends
    (well below 100), the Elo's lower end a number, not "≥ +1200"."""
    t = Tally(["A", "B"], "stroke")
    for deal in range(3):
        for sides, totals in (((0, 1), (5, 9)), ((1, 0), (8, 4))):
            t.add(Outcome(deal, sides, totals, 1, (0, 0), (sides.index(0),)))
    top = t.standings()[0]
    assert top["win_pct"] == 100.0 and top["win_pct_hi"] == 100.0
    assert top["win_pct_lo"] < 30.0  # 6 / (6 + 4.3027^2) = 24.5%
    (p,) = t.pairs()
    assert p["score"] == 1.0 and p["score_lo"] < 0.3 and p["elo_lo"] < 0
    from golfcli.render.tournament import standing_rows

    _, rows = standing_rows({"run": {"format": "stroke"}, "standings": t.standings()})
    assert rows[0][4] == "100.0 (24.5–100.0)"


def test_the_crosstable_rounds_as_the_sentences_do() -> None:
    from golfcli.render.tournament import cross_rows

    report = {
        "standings": [{"player": "a"}, {"player": "b"}],
        "crosstable": [
            {
                "player": "a",
                "opponent": "b",
                "wins": 1,
                "draws": 0,
                "losses": 1,
                "mean_stroke_diff": 1.35,
            },
            {
                "player": "b",
                "opponent": "a",
                "wins": 1,
                "draws": 0,
                "losses": 1,
                "mean_stroke_diff": -0.04,
            },
        ],
    }
    _, rows = cross_rows(report)
    assert rows == [["a", "·", "1-0-1 +1.4"], ["b", "1-0-1 +0.0", "·"]]


def test_standings_show_which_neighbours_are_separated() -> None:
    # A and B equal on average, C far behind: ranks 1-2, 1-2, 3
    t = Tally(["A", "B", "C"], "stroke")
    noise = [0, 3, -2, 1, -1, 2, -3, 0]
    for deal, e in enumerate(noise):
        for sides, totals in (
            ((0, 1), (10 + e, 10 - e)),
            ((0, 2), (10, 30 + e)),
            ((1, 2), (10, 31 - e)),
        ):
            winners = (0,) if totals[0] < totals[1] else (1,) if totals[1] < totals[0] else (0, 1)
            t.add(
                Outcome(
                    deal=deal,
                    sides=sides,
                    totals=totals,
                    holes=1,
                    holes_won=(0, 0),
                    winners=winners,
                )
            )
    rows = t.standings()
    assert [r["player"] for r in rows][2] == "C"
    assert [r["rank_group"] for r in rows] == [[1, 2], [1, 2], [3, 3]]
    assert rows[0]["separated_from_next"] is False and rows[1]["separated_from_next"] is True
    assert rows[2]["separated_from_next"] is None  # the last has no next


# --------------------------------------------------------------------------- SPRT


def test_sprt_in_a_field_stops_early_and_says_why(tmp_path: Path) -> None:
    cfg = write(
        tmp_path,
        FIELD.replace("games: 12", "games: 200")
        + "sprt: {candidate: greedy, baseline: random, margin: 2, min_deals: 3}\n",
    )
    r = golf("tournament", str(cfg), "-f", "json")
    assert r.exit_code == 0, r.output
    rep = json.loads(r.stdout)
    sprt = rep["sprt"]
    assert sprt["candidate"] == "greedy" and sprt["baselines"] == ["random"] and sprt["decided"]
    (test,) = sprt["tests"]
    assert test["decision"] == "A better" and test["deals"] < 200
    assert rep["run"]["stop_reason"] == "sprt" and rep["run"]["games_played"] == 6 * test["deals"]
    assert re.search(
        r"SPRT decided after \d+ deals: greedy scores lower than random \(margin 2 strokes per "
        r"game\): the log-likelihood ratio reached [\d.]+, past the bound 2.94 for accepting H1",
        r.stderr,
    ), r.stderr
    assert test["trace"][-1][0] == test["deals"]


def test_gauntlet_sprt_tests_every_baseline(tmp_path: Path) -> None:
    cfg = write(
        tmp_path,
        FIELD.replace("games: 12", "games: 300")
        + "schedule: gauntlet\nchallenger: greedy\nsprt: {elo0: 0, elo1: 100, min_deals: 4}\n",
    )
    r = golf("tournament", str(cfg), "-q", "-f", "json")
    assert r.exit_code == 0, r.output
    sprt = json.loads(r.stdout)["sprt"]
    assert sprt["baselines"] == ["random", "bold"]  # every other entrant by default
    assert all(t["decision"] is not None for t in sprt["tests"])
    # two tests: each at alpha/2, beta/2 -> bounds ln(0.975 / 0.025), ln(0.025 / 0.975)
    assert sprt["bounds"] == pytest.approx([-3.6636, 3.6636], abs=1e-4)
    words = {t["b"]: t["summary"] for t in sprt["tests"]}
    assert words["random"].startswith("greedy against random: evidence that greedy is stronger")
    table = golf("tournament", str(cfg), "-q").stdout
    assert "SPRT (elo) greedy vs random:" in table and "SPRT (elo) greedy vs bold:" in table


@pytest.mark.parametrize(
    ("sprt", "message"),
    [
        ("{elo0: 0, elo1: 5}", "sprt: with 3 entrants, name the baseline"),
        ("{elo0: 0, elo1: 5, baseline: nobody}", "sprt.baseline: no entrant named 'nobody'"),
        (
            "{elo0: 0, elo1: 5, candidate: x, baseline: bold}",
            "sprt.candidate: no entrant named 'x'",
        ),
        ("{elo0: 0, elo1: 5, baseline: greedy}", "sprt.baseline: 'greedy' is the candidate"),
        ("{elo0: 0, elo1: 5, baseline: [bold, bold]}", "sprt.baseline.1: 'bold' is listed twice"),
    ],
)
def test_sprt_config_mistakes(tmp_path: Path, sprt: str, message: str) -> None:
    cfg = write(tmp_path, FIELD + f"sprt: {sprt}\n")
    r = golf("tournament", str(cfg), "-q")
    assert r.exit_code == 2 and message in r.stderr and r.stderr.count("\n") == 1, r.stderr


def test_sprt_between_entrants_that_never_meet_is_refused(tmp_path: Path) -> None:
    cfg = write(
        tmp_path,
        FIELD + "schedule: gauntlet\nsprt: {elo0: 0, elo1: 5, candidate: random, baseline: bold}\n",
    )
    r = golf("tournament", str(cfg), "-q")
    assert r.exit_code == 2 and "random and bold never sit at one table" in r.stderr


def test_two_entrant_sprt_keeps_its_config_hash() -> None:
    # a run started before candidates could be named resumes: the canonical form of
    # the two-entrant SPRT is what it was
    legacy = SprtSpec("elo", elo0=-20, elo1=20)
    assert legacy.to_json() == {
        "kind": "elo",
        "alpha": 0.05,
        "beta": 0.05,
        "min_deals": 10,
        "elo0": -20,
        "elo1": 20,
    }
    named = SprtSpec("elo", elo0=-20, elo1=20, candidate="b", baselines=("a",))
    assert named.to_json()["candidate"] == "b" and named.to_json()["baselines"] == ["a"]


# --------------------------------------------------------------------------- report files


class Page(HTMLParser):
    """What a report page is made of: tags, plots, sections, any address it loads."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.plots: list[str] = []
        self.sections: list[str] = []
        self.loads: list[str] = []
        self.titles: list[str] = []
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append(tag)
        if tag == "svg" and a.get("data-plot"):
            self.plots.append(a["data-plot"] or "")
        if tag == "section":
            self.sections.append(a.get("id") or "")
        for key in ("src", "href"):
            if a.get(key):
                self.loads.append(a[key] or "")
        self._in_title = tag == "title"

    def handle_data(self, data: str) -> None:
        if self._in_title and data.strip():
            self.titles.append(data.strip())
        self._in_title = False


def test_out_run_writes_a_report_to_share(tmp_path: Path) -> None:
    (tmp_path / "crash.py").write_text(CRASHER, encoding="utf-8")
    cfg = write(
        tmp_path,
        FIELD.replace("games: 12", "games: 40").replace("bot: random", "bot: crash.py")
        + "sprt: {candidate: greedy, baseline: bold, elo0: -50, elo1: 50, min_deals: 4}\n",
    )
    out = tmp_path / "run"
    r = golf("tournament", str(cfg), "-q", "--out", str(out))
    assert r.exit_code == 0, r.output
    html = (out / "report.html").read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>")
    page = Page()
    page.feed(html)
    # every plot is there, each with a title saying what it shows
    assert sorted(page.plots) == sorted(PLOTS)
    assert len(page.titles) >= len(PLOTS) + 1
    assert page.sections[:3] == ["in-short", "standings", "pairs"]
    for section in (
        "crosstable",
        "deals-lost-most",
        "scores-per-hole",
        "sprt",
        "ratings-over-the-run",
        "faults",
        "notes",
    ):
        assert section in page.sections
    # self-contained: nothing to fetch, no script
    assert page.loads == [] and "script" not in page.tags and "http" not in html
    # the faults of the crashing bot are counted and drawn
    assert re.search(r"<td>random</td><td>\d+ \(\d+ crash\)</td>", html)
    md = (out / "report.md").read_text(encoding="utf-8")
    assert md.startswith("## field") and "### Pairs" in md
    # golf report re-renders the same run in any format
    assert golf("report", str(out), "-f", "html").stdout == html
    assert golf("report", str(out), "-f", "markdown").stdout == md
    table = golf("report", str(out)).stdout
    assert "Standings" in table and "Pairs" in table and "SPRT (elo) greedy vs bold" in table
    assert json.loads(golf("report", str(out), "-f", "json").stdout)["schema"].endswith("/2")
    rows = list(
        csv.reader(io.StringIO(golf("report", str(out), "-f", "csv", "--table", "pairs").stdout))
    )
    assert rows[0][:2] == ["a", "b"] and len(rows) == 4
    # each pair's worst deals, each with the command that replays it, which works
    report = json.loads((out / "results.json").read_text(encoding="utf-8"))
    line = r"(\w+) lost most to (\w+) on deal (\d+), by [\d.]+ strokes a hole: (golf replay .*)"
    named = re.findall(line, table)
    assert named and len(named) >= len(report["pairs"])
    assert all(f"<li>{a} lost most to {b} on deal {d}" in html for a, b, d, _ in named)
    assert all(f"<code>{c}</code></li>" in html for *_, c in named)  # kept on one line
    games = {g["game"]: g for g in map(json.loads, (out / "games.jsonl").open())}
    for who, other, deal, command in named[:3]:
        game = command.split()[-1]
        assert command == f"golf replay {out} --game {game}"
        rec = games[int(game)]
        assert rec["deal"] == int(deal) and {who, other} <= set(rec["sides"])
        loser, winner = rec["sides"].index(who), rec["sides"].index(other)
        assert rec["totals"][loser] > rec["totals"][winner]  # it did lose that game
        shown = golf("replay", str(out), "--game", game, "--to-end")
        assert shown.exit_code == 0 and "Result:" in shown.stdout, shown.output


def test_a_failing_page_loses_no_result(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import golfcli.render.report_formats as rr

    def broken(*args: Any, **kwargs: Any) -> str:
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(rr, "page", broken)  # the page fails; the table on stdout does not
    out = tmp_path / "run"
    r = golf("tournament", str(write(tmp_path, FIELD)), "--out", str(out))
    assert r.exit_code == 0 and "Standings" in r.stdout
    assert "could not write" in r.stderr and "RuntimeError: drawing failed" in r.stderr
    assert json.loads((out / "results.json").read_text())["run"]["complete"]
    assert len((out / "games.jsonl").read_text().splitlines()) == 72  # 12 deals x 3 tables x 2


def test_golf_report_errors(tmp_path: Path) -> None:
    (tmp_path / "foreign").mkdir()
    (tmp_path / "foreign" / "results.json").write_text('{"hello": 1}')
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "results.json").write_text('{"schema": "golf-tournament-report/2"}')
    for args, message in [
        ([str(tmp_path / "none")], "no such run directory"),
        ([str(tmp_path)], "results.json: missing"),
        ([str(tmp_path / "foreign")], "not a golf tournament report"),
        ([str(tmp_path / "broken")], "not a report this golf can read"),
        ([str(tmp_path), "-f", "xml"], "--format: must be one of table, markdown, csv, json, html"),
        ([str(tmp_path), "--table", "pairs"], "--table: only with --format csv"),
    ]:
        r = golf("report", *args)
        assert r.exit_code == 2 and message in r.stderr and r.stderr.count("\n") == 1, r.stderr
        assert r.stdout == ""


def test_svg_ticks_are_round_and_cover_the_range() -> None:
    assert svg.nice_ticks(0, 100) == [0, 20, 40, 60, 80, 100]
    assert svg.nice_ticks(-3.7, 2.2) == [-2, 0, 2]  # steps of 1, 2 or 5 x 10^k, at least 1.18
    ticks = svg.nice_ticks(0.013, 0.061)
    assert ticks[0] >= 0.013 and ticks[-1] <= 0.061 and len(ticks) >= 3
    assert svg.share_colour(0.5) == "#ffffff" and svg.share_colour(1.0) == "#569fd8"


# --------------------------------------------------------------------------- golf score --format


def test_score_formats() -> None:
    r = golf("score", "-f", "csv", "5 K 2 / 5 7 9", "5 K ? / 5 7 ?")
    rows = list(csv.reader(io.StringIO(r.stdout)))
    assert rows[0][:3] == ["layout", "cards", "total"] and len(rows) == 3
    assert rows[1][:3] == ["layout 1", "5 K 2 / 5 7 9", "14"]
    assert rows[2][2] == "" and rows[2][6] == "2"  # two face-down cards, no total
    md = golf("score", "--format", "markdown", "5 K 2 / 5 7 9").stdout
    assert "| row 1 |" in md and "* total: 14" in md
    hole = golf("score", "-f", "csv", "-v", "duel", "--hole", "JK 5 3 / JK 5 3", "4 4 7 / 9 9 K")
    rows = list(csv.reader(io.StringIO(hole.stdout)))
    assert rows[0][0] == "side" and [r[5] for r in rows[1:]] == ["-4", "43"]
    # --json stays, as the alias of --format json
    a = golf("score", "--json", "5 K 2 / 5 7 9").stdout
    assert a == golf("score", "-f", "json", "5 K 2 / 5 7 9").stdout and json.loads(a)["total"] == 14
    for args, message in [
        (["-f", "xml"], "--format: must be one of table, markdown, csv, json, not 'xml'"),
        (["--json", "-f", "csv"], "--json is --format json"),
    ]:
        r = golf("score", *args, "5 K 2 / 5 7 9")
        assert r.exit_code == 2 and message in r.stderr and r.stdout == ""


def test_the_standings_give_each_entrants_time_a_move() -> None:
    """ms/move: the entrant's mean time a decision; a team's over its
    members' decisions (weighted by how many each made); "–" without any."""
    from golfcli.render.tournament import ms_per_move

    report = {
        "timing": {
            "a": {"decisions": 10, "mean_ms": 0.5, "max_ms": 1.0},
            "b": {"decisions": 30, "mean_ms": 0.1, "max_ms": 0.2},
            "c": {"decisions": 0, "mean_ms": None, "max_ms": 0.0},
            "slow": {"decisions": 4, "mean_ms": 123.456, "max_ms": 300.0},
            "quick": {"decisions": 4, "mean_ms": 0.000412, "max_ms": 0.001},
        }
    }
    assert ms_per_move(report, {"player": "a"}) == "0.50"
    assert ms_per_move(report, {"player": "Clubs", "members": ["a", "b"]}) == "0.20"
    assert ms_per_move(report, {"player": "c"}) == "–"
    assert ms_per_move({}, {"player": "a"}) == "–"  # a report from before timing was kept
    assert ms_per_move(report, {"player": "slow"}) == "123"
    assert ms_per_move(report, {"player": "quick"}) == "0.00041"


def test_plots_say_what_their_heights_and_colours_mean() -> None:
    """The histograms, each scaled to its own tallest bar, give that bar's
    share (and count) on an axis of their own; the heatmap has a legend."""
    from golfcli.render import svg

    hist = svg.histograms("h", "t", [("ann", [(1, 3), (2, 1)]), ("bob", [(0, 2)])], "score")
    assert ">75% (3)</text>" in hist and ">100% (2)</text>" in hist and hist.count(">0</text>") >= 2
    heat = svg.heatmap("c", "t", ["ann", "bob"], {(0, 1): (1.0, "2-0-0"), (1, 0): (0.0, "0-0-2")})
    assert "win 1, draw ½" in heat and ">½</text>" in heat
    assert svg.share_colour(0.0) in heat and svg.share_colour(1.0) in heat


def test_deals_lost_most_say_how_to_replay_or_how_to_keep_the_games() -> None:
    from golfcli.render.tournament import lost_lines

    pair = {
        "a": "ann",
        "b": "bob",
        "lost_most": {"ann": [], "bob": [{"deal": 4, "by": 2.345, "game": 9}]},
    }
    kept = {"run": {"format": "stroke", "out": "runs/x", "moves_kept": True}, "pairs": [pair]}
    assert lost_lines(kept) == [
        "bob lost most to ann on deal 4, by 2.35 strokes a hole: golf replay runs/x --game 9"
    ]  # ann lost no deal to bob: no line
    gone = {"run": {"format": "match", "out": None, "moves_kept": False}, "pairs": [pair]}
    assert lost_lines(gone) == [
        "bob lost most to ann on deal 4, by 2.35 holes won a game (game 9)",
        "to replay these games, run with --out DIR (the moves are kept there)",
    ]
    assert lost_lines({"run": kept["run"], "pairs": []}) == []
