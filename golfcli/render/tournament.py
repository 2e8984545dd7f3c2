"""A tournament report as text: table, markdown, csv or json.

The report is the plain data :func:`golfcli.tournament.report.build_report`
makes (the JSON format prints it as it is).  The text formats open with the
verdicts in sentences ("expert is better than greedy: ..."), then the
standings, the pairs, the crosstable, the SPRT and notes on the definitions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..exceptions import InputError
from ..inference import ELO_CLAMP, score_elo
from . import bad_format, csv_text, json_text, plural, text_table

#: An Elo difference this large came from a clamped score (see inference.ELO_CLAMP).
ELO_LIMIT = score_elo(1.0 - ELO_CLAMP) - 0.5

#: The tables of a report; CSV writes one of them per stream.
CSV_TABLES = ("standings", "pairs", "crosstable")
_CSV_KEYS = {
    "standings": [
        "rank",
        "player",
        "games",
        "wins",
        "win_pct",
        "win_pct_ci95",
        "mean_hole_score",
        "mean_hole_score_ci95",
        "mean_total",
        "holes_won",
        "holes_won_per_game",
        "rating",
        "rating_se",
        "rank_group",
        "separated_from_next",
        "los_vs_next",
        "faults_total",
        "disqualified_games",
        "restarts",
    ],
    "pairs": [
        "a",
        "b",
        "deals",
        "games",
        "margin",
        "margin_ci95",
        "margin_lo",
        "margin_hi",
        "los",
        "separated",
        "more_deals",
        "resolution",
        "score",
        "score_ci95",
        "los_score",
        "elo",
        "elo_lo",
        "elo_hi",
        "elo_ci95",
    ],
    "crosstable": [
        "player",
        "opponent",
        "games",
        "wins",
        "draws",
        "losses",
        "score",
        "mean_stroke_diff",
        "stroke_diff_ci95",
    ],
}

NOTES = (
    "The deal is the unit: the games of one deal share its cards, so every interval and LOS "
    "counts a deal as one observation (a pair's mean over the games of the deal they met in).",
    "rank: by strokes a hole (stroke play; holes won a game in match play); places that share "
    "a range (2–3) are not separated: the pair's 95% interval includes no difference.",
    "win %: each game's winners share one win; ± half-width of a 95% CI, deals as clusters.",
    "strokes/hole: mean of each game's total / holes, ± half-width of a 95% CI, deals as clusters.",
    "pairs: the paired difference per deal with its 95% CI; LOS, the likelihood of "
    "superiority, is how likely the first is really the better; Elo is the same pair's game "
    "results (win 1, draw ½) as an Elo difference with its 95% CI.",
    "rating: Bradley–Terry fit on pairwise game results, Elo scale, mean 0, ± one standard error.",
    "crosstable: row's wins-draws-losses against the column, then the mean of (row's game total "
    "− column's) on the games they shared (negative = row scored lower).",
)


def unit_words(report: Mapping[str, Any]) -> tuple[str, str]:
    """The margin's unit and which way is better, in words: ("strokes a hole",
    "fewer") in stroke play, ("holes won a game", "more") in match play."""
    if report["run"]["format"] == "match":
        return "holes won a game", "more"
    return "strokes a hole", "fewer"


def _num(v: Any, fmt: str = ".2f") -> str:
    if v is None:
        return "–"
    if fmt == "g":  # counts that may be halves or thirds (shared wins)
        return str(int(v)) if float(v).is_integer() else f"{v:.2f}".rstrip("0")
    return format(v, fmt)


def pct(p: float | None) -> str:
    """A probability as a percentage: 0.9996 -> "100%", 0.873 -> "87.3%"."""
    if p is None:
        return "–"
    text = f"{100 * p:.1f}"
    return (text[:-2] if text.endswith(".0") else text) + "%"


def elo_text(elo: float) -> str:
    """An Elo difference, signed; at the clamp (a perfect record) "≥ +1200"."""
    if abs(elo) >= ELO_LIMIT:
        return "≥ +1200" if elo > 0 else "≤ -1200"
    return f"{round(elo):+d}"


def _dec(ci: float | None) -> int:
    """Decimals worth showing beside an interval of half-width ``ci``."""
    return 2 if ci is None or ci < 0.5 else 1


def pair_sentence(pair: Mapping[str, Any], report: Mapping[str, Any]) -> str:
    """One pair in a plain sentence: the verdict, the difference, how sure.

    "expert is better than greedy: 4.9 strokes a hole fewer (95% CI 4.5 to
    5.3), LOS 100%", or "pair vs greedy: not separated (...); about 340 more
    deals would separate a difference of 0.5 strokes a hole"."""
    unit, better = unit_words(report)
    a, b = pair["a"], pair["b"]
    if pair["margin_ci95"] is None:
        return f"{a} vs {b}: {plural(pair['deals'], 'deal')} so far, too few for an interval"
    d = _dec(pair["margin_ci95"])
    interval = f"95% CI {pair['margin_lo']:.{d}f} to {pair['margin_hi']:.{d}f}"
    elo = ""
    if abs(pair["elo"]) >= ELO_LIMIT:
        elo = f"; Elo {elo_text(pair['elo'])}"
    elif pair["elo_ci95"] is not None:
        elo = f"; Elo {elo_text(pair['elo'])} ± {pair['elo_ci95']:.0f}"
    if pair["separated"]:
        return (
            f"{a} is better than {b}: {pair['margin']:.{d}f} {unit} {better} ({interval}), "
            f"LOS {pct(pair['los'])}{elo}"
        )
    head = (
        f"{a} vs {b}: not separated ({pair['margin']:.{d}f} {unit} {better} for {a}, "
        f"{interval}, LOS {pct(pair['los'])})"
    )
    res = pair["resolution"]
    if -res < pair["margin_lo"] and pair["margin_hi"] < res:
        return f"{head}; any difference is smaller than {res:g} {unit}"
    if pair["more_deals"] is None:
        return head
    return (
        f"{head}; about {pair['more_deals']:,} more deals would separate a difference "
        f"of {res:g} {unit}"
    )


def verdicts(report: Mapping[str, Any]) -> list[str]:
    """The report's opening sentences: every pair that met, separated first."""
    return [pair_sentence(p, report) for p in report.get("pairs") or []]


def rank_label(r: Mapping[str, Any]) -> str:
    group = r.get("rank_group")
    if not group or group[0] == group[1]:
        return str(r["rank"])
    return f"{group[0]}–{group[1]}"


def _vs_next(r: Mapping[str, Any]) -> str:
    """Whether the data put this entrant ahead of the next one down."""
    if "separated_from_next" not in r:  # a report of an older golf
        return ""
    sep = r["separated_from_next"]
    if sep is None:
        return "not met"
    return f"{'yes' if sep else 'no'}, LOS {pct(r['los_vs_next'])}"


def standing_rows(report: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    match = report["run"]["format"] == "match"
    headers = ["#", "player", "games", "wins", "win % (95% CI)", "strokes/hole (95% CI)"]
    headers += ["mean total"]
    if match:
        headers.append("holes won/game")
    headers += ["rating (±SE)", "ahead of next", "faults"]
    rows = []
    standings = report["standings"]
    for k, r in enumerate(standings):
        ci = r["mean_hole_score_ci95"]
        strokes = _num(r["mean_hole_score"]) + (f" ± {ci:.2f}" if ci is not None else "")
        wci = r.get("win_pct_ci95")
        win = _num(r["win_pct"], ".1f") + (f" ± {wci:.1f}" if wci is not None else "")
        rating = "–" if r["rating"] is None else f"{r['rating']:+.0f}"
        if r["rating_se"] is not None:
            rating += f" ± {r['rating_se']:.0f}"
        row = [
            rank_label(r),
            r["player"],
            str(r["games"]),
            _num(r["wins"], "g"),
            win,
            strokes,
            _num(r["mean_total"], ".1f"),
        ]
        if match:
            row.append(_num(r.get("holes_won_per_game"), ".2f"))
        last = k == len(standings) - 1
        row += [rating, "" if last else _vs_next(r), fault_words(r)]
        rows.append(row)
    return headers, rows


def fault_words(r: Mapping[str, Any]) -> str:
    """An entrant's faults: "3 (2 timeout, 1 crash), DQ in 1, restarted 2x"."""
    faults = str(r["faults_total"])
    kinds = [f"{c} {k}" for k, c in r["faults"].items() if c]
    if kinds:
        faults += f" ({', '.join(kinds)})"
    if r["disqualified_games"]:
        faults += f", DQ in {r['disqualified_games']}"
    if r.get("restarts"):
        faults += f", restarted {r['restarts']}x"
    return faults


def pair_rows(report: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    unit, better = unit_words(report)
    headers = [
        "pair",
        "deals",
        f"{unit} {better} (95% CI)",
        "LOS",
        "score",
        "Elo (95% CI)",
        "separated",
    ]
    rows = []
    for p in report.get("pairs") or []:
        d = _dec(p["margin_ci95"])
        margin = f"{p['margin']:.{d}f}"
        if p["margin_lo"] is not None:
            margin += f" ({p['margin_lo']:.{d}f} to {p['margin_hi']:.{d}f})"
        elo = elo_text(p["elo"])
        if p["elo_lo"] is not None and abs(p["elo"]) < ELO_LIMIT:
            elo += f" ({elo_text(p['elo_lo'])} to {elo_text(p['elo_hi'])})"
        if p["separated"]:
            sep = "yes"
        elif p["more_deals"]:
            sep = f"no (~{p['more_deals']:,} more deals for {p['resolution']:g})"
        else:
            sep = "no"
        rows.append(
            [
                f"{p['a']} – {p['b']}",
                str(p["deals"]),
                margin,
                pct(p["los"]),
                f"{100 * p['score']:.1f}%",
                elo,
                sep,
            ]
        )
    return headers, rows


def cross_rows(report: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    names = [r["player"] for r in report["standings"]]
    cells = {(c["player"], c["opponent"]): c for c in report["crosstable"]}
    rows = []
    for a in names:
        row = [a]
        for b in names:
            c = cells.get((a, b))
            if a == b:
                row.append("·")
            elif c is None:
                row.append("")
            else:
                row.append(f"{c['wins']}-{c['draws']}-{c['losses']} {c['mean_stroke_diff']:+.1f}")
        rows.append(row)
    return ["", *names], rows


def heading(report: Mapping[str, Any]) -> list[str]:
    """Title line, then how the run was dealt and how far it got."""
    run = report["run"]
    if run.get("seed") is not None:
        dealt = f"seed {run['seed']}"
    elif run.get("key"):  # published: the run is over
        dealt = f"key {run['key'][:12]}"
    else:
        dealt = "secret key"
    lines = [
        f"{run['name']} — {run['variant']}, {run['holes_label']}, {run['format']} play, "
        f"{'duplicate deals' if run['duplicate'] else 'independent deals'}",
        f"{dealt} · {run['games_played']} of {run['games_planned']} games "
        f"({plural(run['deals'], 'deal')} × {plural(run['tables'], 'table')} × "
        f"{plural(run['seatings'], 'seating')}) · "
        f"config {run['config_hash'][:12]}",
    ]
    if run.get("stopped"):
        lines.append(f"stopped: {run['stopped']}")
    return lines


def sprt_lines(report: Mapping[str, Any]) -> list[str]:
    """The sequential test in words: one line per baseline."""
    sprt = report.get("sprt")
    if not sprt:
        return []
    lo, hi = sprt["bounds"]
    out = []
    for t in sprt.get("tests", []):
        llr = ", ".join(f"{v:.2f}" for v in t["llr"])
        line = (
            f"SPRT ({sprt['kind']}) {t['a']} vs {t['b']}: {t['summary']}; "
            f"{plural(t['deals'], 'deal')}, LLR {llr} (bounds {lo:.2f}, {hi:.2f})"
        )
        if t.get("why"):
            line += f"; stopped because {t['why']}"
        out.append(line)
    return out


def render(report: Mapping[str, Any], fmt: str, table: str = "standings") -> str:
    """The report as text in ``table``, ``markdown``, ``csv`` or ``json``.

    CSV holds one table (``table``, one of :data:`CSV_TABLES`): a CSV reader
    expects one header and rows that all fit it, not two tables in a row."""
    if fmt == "json":
        return json_text(report)
    if fmt == "csv":
        if table not in CSV_TABLES:
            raise InputError(f"unknown table {table!r} (use {', '.join(CSV_TABLES)})")
        keys = _CSV_KEYS[table]
        return csv_text(keys, ([_csv_value(r.get(k)) for k in keys] for r in report[table]))
    problem = bad_format(fmt, ("table", "markdown"))
    if problem is not None:
        raise InputError(problem)
    md = fmt == "markdown"
    head = heading(report)
    says = verdicts(report)
    sections: list[tuple[str, Sequence[Any], Sequence[Sequence[Any]]]] = [
        ("Standings", *standing_rows(report)),
        ("Pairs", *pair_rows(report)),
        ("Crosstable", *cross_rows(report)),
    ]
    parts = [f"## {head[0]}", "", *[f"{x}  " for x in head[1:]]] if md else list(head)
    if says:
        parts.append("")
        parts += [f"* {s}" if md else s for s in says]
    for title, headers, rows in sections:
        if not rows:
            continue
        parts += ["", f"### {title}", ""] if md else ["", title]
        parts.append(text_table(headers, rows, fmt))
    sprt = sprt_lines(report)
    if sprt:
        parts.append("")
        parts += [f"* {s}" if md else s for s in sprt]
    parts.append("")
    parts += [f"* {n}" if md else n for n in NOTES]
    return "\n".join(parts)


def _csv_value(v: Any) -> Any:
    if isinstance(v, list):  # rank_group [2, 3] -> "2-3"
        return "-".join(str(x) for x in v) if v[0] != v[-1] else str(v[0])
    return v
