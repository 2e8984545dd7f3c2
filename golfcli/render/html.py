"""A tournament report as one self-contained HTML page (``report.html``).

No script, no stylesheet or font to fetch, no network: the styles are in the
page and the plots are inline SVG (:mod:`.svg`), so the file can be mailed,
attached to an issue or opened years later.  The sections follow the text
report: verdicts, standings with win shares, pairs with a forest plot, the
crosstable as a heatmap, per-hole score distributions, the SPRT trace,
ratings over the run, faults and the notes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from . import svg
from .boards import HEADERS as BOARD_HEADERS
from .boards import NOTES as BOARD_NOTES
from .boards import board_rows, board_title
from .tournament import (
    NOTES,
    cross_rows,
    fault_words,
    heading,
    lost_entries,
    pair_rows,
    sprt_lines,
    standing_rows,
    unit_words,
    verdicts,
)

#: The plots a report page draws (``data-plot`` of each ``<svg>``); a plot
#: without data in the report (no SPRT in the run) is a sentence saying so.
PLOTS = (
    "win-share",
    "pairs-forest",
    "crosstable",
    "hole-scores",
    "sprt-trace",
    "ratings",
    "faults",
)

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1000px; color: #222;
       padding: 0 1em; line-height: 1.45; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ddd; }
.meta { color: #555; margin: 0; }
.stopped { color: #a33; font-weight: 600; }
.wide { overflow-x: auto; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.9em; }
th, td { padding: 0.25em 0.55em; border-bottom: 1px solid #e4e4e4; text-align: left;
         white-space: nowrap; }
th { background: #f4f4f4; }
ul.verdicts li { margin: 0.3em 0; }
svg.plot { display: block; max-width: 100%; height: auto; margin: 0.8em 0; }
.note { color: #555; font-size: 0.9em; }
code { white-space: nowrap; font-size: 0.9em; background: #f4f4f4; padding: 0 0.2em; }
footer { margin-top: 3em; color: #777; font-size: 0.85em; }
"""


def table(headers: Sequence[Any], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{escape(str(h))}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    # a wide table scrolls inside its box instead of widening the page
    return (
        f'<div class="wide"><table><thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


def _missing(what: str) -> str:
    return f'<p class="note">{escape(what)}</p>'


def win_share_plot(report: Mapping[str, Any]) -> str:
    rows = [(r["player"], r["win_pct"], *_share_ends(r)) for r in report["standings"]]
    rows = [row for row in rows if row[1] is not None]
    return svg.intervals(
        "win-share",
        "Win share per entrant with 95% intervals",
        rows,
        "win share, % of games (95% CI)",
        bounds=(0.0, 100.0),
    )


def _share_ends(r: Mapping[str, Any]) -> tuple[float | None, float | None]:
    """A win share's interval: its two ends (Wilson's, lopsided near 0 and
    100), or for a report from before they were kept, its ± cut to 0-100."""
    if r.get("win_pct_lo") is not None:
        return r["win_pct_lo"], r["win_pct_hi"]
    ci = r.get("win_pct_ci95")
    if ci is None or r["win_pct"] is None:
        return None, None
    return max(0.0, r["win_pct"] - ci), min(100.0, r["win_pct"] + ci)


def forest_plot(report: Mapping[str, Any]) -> str:
    pairs = report.get("pairs")
    if not pairs:
        return _missing("No pair met in this run: nothing to compare.")
    unit, better = unit_words(report)
    rows = [(f"{p['a']} vs {p['b']}", p["margin"], p["margin_lo"], p["margin_hi"]) for p in pairs]
    return svg.intervals(
        "pairs-forest",
        f"Paired differences: {unit} {better} for the first of each pair, with 95% intervals",
        rows,
        f"{unit} {better} for the first (95% CI); right of the dashed line: the first is better",
        reference=0.0,
    )


def crosstable_plot(report: Mapping[str, Any]) -> str:
    names = [r["player"] for r in report["standings"]]
    index = {n: i for i, n in enumerate(names)}
    cells: dict[tuple[int, int], tuple[float, str]] = {}
    for c in report["crosstable"]:
        share = c["score"] / c["games"] if c["games"] else 0.5
        text = f"{c['wins']}-{c['draws']}-{c['losses']}"
        cells[(index[c["player"]], index[c["opponent"]])] = (share, text)
    return svg.heatmap(
        "crosstable",
        "Crosstable: the row's wins-draws-losses against the column, coloured by its score",
        names,
        cells,
    )


def hole_score_plot(report: Mapping[str, Any]) -> str:
    rows = [
        (h["player"], [(int(v), int(c)) for v, c in h["counts"]])
        for h in report.get("hole_scores") or []
        if h["counts"]
    ]
    if not rows:
        return _missing("This report holds no per-hole scores.")
    return svg.histograms(
        "hole-scores",
        "Per-hole score distribution of each entrant (regulation holes)",
        rows,
        "score on a hole",
    )


def sprt_plot(report: Mapping[str, Any]) -> str:
    sprt = report.get("sprt")
    if not sprt:
        return _missing("This run had no SPRT (add sprt: to the config to stop at a decision).")
    series: list[tuple[str, list[tuple[float, float]], bool]] = []
    for t in sprt.get("tests", []):
        trace = t.get("trace") or []
        if sprt["kind"] == "elo":
            series.append((f"{t['a']} vs {t['b']}", [(p[0], p[1]) for p in trace], False))
        else:
            series.append((f"{t['a']} lower", [(p[0], p[1]) for p in trace], False))
            series.append((f"{t['b']} lower", [(p[0], p[2]) for p in trace], True))
    lo, hi = sprt["bounds"]
    return svg.lines(
        "sprt-trace",
        "SPRT: the log-likelihood ratio after each deal, with the bounds that stop the test",
        series,
        "deals",
        "log-likelihood ratio",
        [(hi, "accept H1"), (lo, "accept H0")],
    )


def ratings_plot(report: Mapping[str, Any]) -> str:
    over = report.get("ratings_over_run")
    if not over or not over.get("points"):
        return _missing("This report holds no ratings over the run.")
    series = []
    for i, name in enumerate(over["players"]):
        pts = [(p[0], p[1 + i]) for p in over["points"] if p[1 + i] is not None]
        series.append((name, pts, False))
    return svg.lines(
        "ratings",
        "Ratings over the run (Bradley-Terry, Elo scale, mean 0)",
        series,
        "deals",
        "rating (Elo)",
    )


def lost_section(report: Mapping[str, Any]) -> str:
    """The deals lost most as a list, each replay command as code kept on
    one line (a phone would break it at ``--game``)."""
    entries = lost_entries(report)
    if not entries:
        return _missing("No entrant lost a deal to another.")
    items = "".join(
        f"<li>{escape(text)}: <code>{escape(command)}</code></li>"
        if command
        else f"<li>{escape(text)}</li>"
        for text, command in entries
    )
    return f"<ul>{items}</ul>"


def faults_section(report: Mapping[str, Any]) -> str:
    rows = report["standings"]
    total = sum(r["faults_total"] + r["disqualified_games"] for r in rows)
    listing = table(["player", "faults"], [[r["player"], fault_words(r)] for r in rows])
    if not total:
        return _missing("No faults: every bot answered every decision in time.") + listing
    plot = svg.bars(
        "faults",
        "Faults per entrant",
        [(r["player"], float(r["faults_total"])) for r in rows],
        "faults",
    )
    return plot + listing


def notebook(report: Mapping[str, Any]) -> str:
    """The report's heading, standings, pairs and crosstable with their plots,
    as an HTML fragment a notebook shows (``golfcli.Report._repr_html_``): no
    page and no stylesheet, which would restyle the notebook around it."""
    head = heading(report)
    meta = "".join(f"<p>{escape(x)}</p>" for x in head[1:])
    says = "".join(f"<li>{escape(s)}</li>" for s in verdicts(report))
    parts = [
        f"<h3>{escape(head[0])}</h3>{meta}",
        f"<ul>{says}</ul>" if says else "",
        "<h4>Standings</h4>" + table(*standing_rows(report)) + win_share_plot(report),
        "<h4>Pairs</h4>" + table(*pair_rows(report)) + forest_plot(report),
        "<h4>Crosstable</h4>" + table(*cross_rows(report)),
    ]
    return "<div>" + "\n".join(parts) + "</div>"


def page(report: Mapping[str, Any]) -> str:
    """The whole report as an HTML document."""
    head = heading(report)
    run = report["run"]
    meta = "".join(f'<p class="meta">{escape(x)}</p>' for x in head[1:])
    if run.get("stopped"):
        meta = meta.replace(
            f'<p class="meta">{escape("stopped: " + run["stopped"])}</p>',
            f'<p class="meta stopped">{escape("stopped: " + run["stopped"])}</p>',
        )
    says = "".join(f"<li>{escape(s)}</li>" for s in verdicts(report))
    sprt_text = "".join(f"<p>{escape(s)}</p>" for s in sprt_lines(report))
    versions = run.get("versions") or {}
    sections = [
        ("In short", f'<ul class="verdicts">{says}</ul>' if says else _missing("No pairs yet.")),
        ("Standings", table(*standing_rows(report)) + win_share_plot(report)),
        ("Pairs", table(*pair_rows(report)) + forest_plot(report)),
        ("Crosstable", crosstable_plot(report) + table(*cross_rows(report))),
        ("Deals lost most", lost_section(report)),
        ("Scores per hole", hole_score_plot(report)),
        ("SPRT", sprt_text + sprt_plot(report)),
        ("Ratings over the run", ratings_plot(report)),
        ("Faults", faults_section(report)),
        ("Notes", "<ul>" + "".join(f"<li>{escape(n)}</li>" for n in NOTES) + "</ul>"),
    ]
    body = "\n".join(
        f'<section id="{escape(title.lower().replace(" ", "-"))}"><h2>{escape(title)}</h2>\n'
        f"{content}</section>"
        for title, content in sections
    )
    foot = (
        f"golf {escape(str(versions.get('golfcli', '')))} · "
        f"{escape(str(report.get('schema', '')))} · config {escape(run['config_hash'][:12])}"
    )
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(head[0])}</title>\n<style>{_STYLE}</style></head>\n"
        f"<body><h1>{escape(head[0])}</h1>\n{meta}\n{body}\n<footer>{foot}</footer>\n"
        "</body></html>\n"
    )


def ratings_page(data: Mapping[str, Any]) -> str:
    """``golf ratings --format html``: the leaderboards as one self-contained
    page like the report's, each board's table with its ratings drawn as
    points with their 95% ranges."""
    boards = data["boards"]
    sections = []
    for b in boards:
        title = board_title(b, boards)
        points = [
            (
                f"{r['rank']}. {r['bot']}",
                r["rating"],
                r["rating"] - r["ci95"],
                r["rating"] + r["ci95"],
            )
            for r in b["ratings"]
        ]
        plot = svg.intervals(
            "ratings-board",
            f"{title}: rating with its 95% range",
            points,
            "rating (the model's scale: a newcomer starts at 25)",
        )
        sections.append(
            f"<section><h2>{escape(title)}</h2>\n"
            + table(BOARD_HEADERS, board_rows(b))
            + plot
            + "</section>"
        )
    notes = "".join(
        f"<li>{escape(n)}</li>" for n in (*BOARD_NOTES, f"database: {data['database']}")
    )
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>Ratings</title>\n<style>{_STYLE}</style></head>\n"
        "<body><h1>Ratings</h1>\n"
        + "\n".join(sections)
        + f'\n<section><h2>Notes</h2><ul class="note">{notes}</ul></section>\n'
        "</body></html>\n"
    )
