"""A tournament report as text: table, markdown, csv or json.

The report is the plain data :func:`golfcli.tournament.report.build_report`
makes (the JSON format prints it as it is).  The text formats open with the
verdicts in sentences ("expert is better than greedy: ..."), then the
standings, the pairs, the crosstable, the SPRT and notes on the definitions.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..exceptions import InputError
from ..inference import ELO_CLAMP, score_elo
from . import bad_format, csv_text, figure, json_text, plural, text_table

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
        "win_pct_lo",
        "win_pct_hi",
        "win_pct_ci95",
        "mean_hole_score",
        "mean_hole_score_ci95",
        "mean_total",
        "holes_won",
        "holes_won_per_game",
        "strength",
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
        "p_value",
        "p_holm",
        "comparisons",
        "separated",
        "separated_unadjusted",
        "more_deals",
        "resolution",
        "score",
        "score_ci95",
        "score_lo",
        "score_hi",
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
    "order: the order the pairs support (each entrant's paired advantage over the field, then "
    "no neighbour placed above one its own pair favours); places that share a range (2–3) are "
    "not separated by the pairs.",
    "win %: each game's winners share one win; in brackets its 95% interval (Wilson's, deals "
    "as clusters: lopsided near 0 and 100, never ± 0).",
    "strokes/hole: mean of each game's total / holes, ± half-width of a 95% CI, deals as clusters.",
    "pairs: the paired difference per deal with its 95% CI; LOS, the likelihood of "
    "superiority, is how likely the first is really the better; Elo is the same pair's game "
    "results (win 1, draw ½) as an Elo difference with its 95% CI's ends.",
    "better: the pair's 95% CI of the paired difference leaves out no difference and, with "
    "several pairs, Holm's rule across all of them agrees (p, adjusted, below 0.05): the more "
    "pairs, the more 'better's chance alone would give.",
    "rating: Bradley–Terry fit on pairwise game results, Elo scale, mean 0, ± one standard error.",
    "ms/move: each entrant's mean time a decision, in milliseconds of this machine's clock "
    "(a team's over its members' decisions; the longest is in the JSON's timing).",
    "crosstable: row's wins-draws-losses against the column, then the mean of (row's game total "
    "− column's) on the games they shared (negative = row scored lower).",
    "deals lost most: per pair, the deal each side lost most to the other (its mean margin in "
    "the deal) and the game of it it lost by most, with the command that replays it (kept with "
    "--out); no line for a side that lost no deal; the JSON lists the three worst.",
    "numbers are rounded half away from zero as they read (0.15 to 0.2), never to -0.0.",
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
        return str(int(v)) if float(v).is_integer() else figure(v, 2).rstrip("0")
    return figure(v, int(fmt[1:-1]))


def pct(p: float | None) -> str:
    """A probability as a percentage: 0.9996 -> "100%", 0.873 -> "87.3%"."""
    if p is None:
        return "–"
    text = figure(100 * p, 1)
    return (text[:-2] if text.endswith(".0") else text) + "%"


def elo_text(elo: float) -> str:
    """An Elo difference, signed; at the clamp (a perfect record) "≥ +1200"."""
    if abs(elo) >= ELO_LIMIT:
        return "≥ +1200" if elo > 0 else "≤ -1200"
    return figure(elo, 0, signed=True)


def elo_words(pair: Mapping[str, Any]) -> str:
    """A pair's Elo with its interval's two ends (it is lopsided: a score's
    interval read on the Elo scale, and clamped at ±1200), never a ±:
    "Elo +191 (95% CI -2 to ≥ +1200)"."""
    text = f"Elo {elo_text(pair['elo'])}"
    if pair.get("elo_lo") is not None and pair.get("elo_hi") is not None:
        text += f" (95% CI {elo_text(pair['elo_lo'])} to {elo_text(pair['elo_hi'])})"
    return text


def _dec(ci: float | None) -> int:
    """Decimals worth showing beside an interval of half-width ``ci``."""
    return 2 if ci is None or ci < 0.5 else 1


def pair_sentence(pair: Mapping[str, Any], report: Mapping[str, Any]) -> str:
    """One pair in a plain sentence: the verdict, the statistic it is made
    on, the difference and its interval's ends, how sure.

    "expert is better than greedy on strokes a hole: 4.9 fewer (95% CI 4.5
    to 5.3), LOS 100%; game results: Elo +338 (95% CI +150 to +560)", or
    "pair vs greedy: not separated (...); about 340 more deals would
    separate a difference of 0.5 strokes a hole".  "Better" only where the
    interval named leaves out no difference and, among several pairs,
    Holm's rule over all of them agrees."""
    unit, better = unit_words(report)
    a, b = pair["a"], pair["b"]
    if pair["margin_ci95"] is None:
        return f"{a} vs {b}: {plural(pair['deals'], 'deal')} so far, too few for an interval"
    d = _dec(pair["margin_ci95"])
    interval = f"95% CI {figure(pair['margin_lo'], d)} to {figure(pair['margin_hi'], d)}"
    margin = figure(pair["margin"], d)
    results = f"; game results: {elo_words(pair)}"
    m = pair.get("comparisons") or 1
    family = ""
    if m > 1 and pair.get("p_holm") is not None:
        family = f", Holm p {_p(pair['p_holm'])} over {m} comparisons"
    if pair["separated"]:
        return (
            f"{a} is better than {b} on {unit}: {margin} {better} ({interval}), "
            f"LOS {pct(pair['los'])}{family}{results}"
        )
    if pair.get("separated_unadjusted"):
        return (
            f"{a} vs {b}: not separated once {m} comparisons are allowed for ({margin} {unit} "
            f"{better} for {a}, {interval} alone would separate them{family}, "
            f"LOS {pct(pair['los'])}){results}"
        )
    head = (
        f"{a} vs {b}: not separated ({margin} {unit} {better} for {a}, "
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


def _p(p: float) -> str:
    """A p-value: three decimals, or "< 0.001"."""
    return "< 0.001" if p < 0.0005 else figure(p, 3)


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
    headers += ["rating (±SE)", "ahead of next", "ms/move", "faults"]
    rows = []
    standings = report["standings"]
    for k, r in enumerate(standings):
        ci = r["mean_hole_score_ci95"]
        strokes = _num(r["mean_hole_score"]) + (f" ± {figure(ci, 2)}" if ci is not None else "")
        rating = "–" if r["rating"] is None else figure(r["rating"], 0, signed=True)
        if r["rating_se"] is not None:
            rating += f" ± {figure(r['rating_se'], 0)}"
        row = [
            rank_label(r),
            r["player"],
            str(r["games"]),
            _num(r["wins"], "g"),
            win_text(r),
            strokes,
            _num(r["mean_total"], ".1f"),
        ]
        if match:
            row.append(_num(r.get("holes_won_per_game"), ".2f"))
        last = k == len(standings) - 1
        row += [rating, "" if last else _vs_next(r), ms_per_move(report, r), fault_words(r)]
        rows.append(row)
    return headers, rows


def ms_per_move(report: Mapping[str, Any], r: Mapping[str, Any]) -> str:
    """An entrant's mean time a decision, in milliseconds (a team's over its
    members' decisions); "–" for a report from before timing was kept or an
    entrant that made none."""
    timing = report.get("timing") or {}
    names = r.get("members") or [r["player"]]
    got = [timing[n] for n in names if n in timing and timing[n].get("decisions")]
    decisions = sum(t["decisions"] for t in got)
    if not decisions:
        return "–"
    ms = sum(t["mean_ms"] * t["decisions"] for t in got) / decisions
    if ms <= 0:
        return "0"
    return figure(ms, max(0, 1 - math.floor(math.log10(ms))))  # two significant digits


def win_text(r: Mapping[str, Any]) -> str:
    """A win share and its interval's ends, "50.0 (21.5–78.5)"; a report from
    before the ends were kept shows its symmetric half-width."""
    win = _num(r["win_pct"], ".1f")
    if r.get("win_pct_lo") is not None and r.get("win_pct_hi") is not None:
        return f"{win} ({figure(r['win_pct_lo'], 1)}–{figure(r['win_pct_hi'], 1)})"
    if r.get("win_pct_ci95") is not None:
        return f"{win} ± {figure(r['win_pct_ci95'], 1)}"
    return win


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
        margin = figure(p["margin"], d)
        if p["margin_lo"] is not None:
            margin += f" ({figure(p['margin_lo'], d)} to {figure(p['margin_hi'], d)})"
        elo = elo_text(p["elo"])
        if p["elo_lo"] is not None:
            elo += f" ({elo_text(p['elo_lo'])} to {elo_text(p['elo_hi'])})"
        if p["separated"]:
            sep = "yes"
        elif p.get("separated_unadjusted"):
            sep = f"no: not after Holm over {p['comparisons']} (p {_p(p['p_holm'])})"
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
                f"{figure(100 * p['score'], 1)}%",
                elo,
                sep,
            ]
        )
    return headers, rows


def lost_entries(report: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Per pair and side, the deal it lost most to the other: by how much
    (the margin's unit, the deal's mean) and the game of it it lost by
    most, and the command that replays that game ("" when the run kept no
    moves: the text then names the game, and a last entry says how to keep
    them).  The question after "who is better" is "where does mine go
    wrong", and these deals are the place to look.  A side that lost no
    deal to the other has no entry.  Each format lays the two parts out:
    :func:`lost_lines` as text, the HTML report with the command as code."""
    unit, _ = unit_words(report)
    run = report["run"]
    kept = bool(run.get("moves_kept"))
    out = []
    for p in report.get("pairs") or []:
        lost = p.get("lost_most") or {}
        for side, other in ((p["a"], p["b"]), (p["b"], p["a"])):
            worst = lost.get(side) or []
            if not worst:
                continue
            w = worst[0]
            text = (
                f"{side} lost most to {other} on deal {w['deal']}, by {figure(w['by'], 2)} {unit}"
            )
            command = ""
            if w["game"] is not None:
                if kept:
                    command = f"golf replay {run['out']} --game {w['game']}"
                else:
                    text += f" (game {w['game']})"
            out.append((text, command))
    if out and not kept:
        out.append(("to replay these games, run with --out DIR (the moves are kept there)", ""))
    return out


def lost_lines(report: Mapping[str, Any]) -> list[str]:
    """:func:`lost_entries` as lines of text, each command after a colon."""
    return [f"{text}: {command}" if command else text for text, command in lost_entries(report)]


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
                diff = figure(c["mean_stroke_diff"], 1, signed=True)
                row.append(f"{c['wins']}-{c['draws']}-{c['losses']} {diff}")
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
        llr = ", ".join(figure(v, 2) for v in t["llr"])
        line = (
            f"SPRT ({sprt['kind']}) {t['a']} vs {t['b']}: {t['summary']}; "
            f"{plural(t['deals'], 'deal')}, LLR {llr} (bounds {figure(lo, 2)}, {figure(hi, 2)})"
        )
        if t.get("pentanomial"):
            line += f"; game pairs lost both to won both {t['pentanomial']}"
        if t.get("nelo") is not None:
            line += f", normalised Elo {figure(t['nelo'], 1, signed=True)}"
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
    lost = lost_lines(report)
    if lost:
        parts += ["", "### Deals lost most", ""] if md else ["", "Deals lost most"]
        parts += [f"* {x}" if md else x for x in lost]
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
