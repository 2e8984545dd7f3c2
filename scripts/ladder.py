#!/usr/bin/env python3
"""Strength table for the built-in bot ladder: writes docs/ladder.md.

Each neighbouring pair of rungs (random < greedy < expert < mc) plays
duplicate deals.  A deal (one hole, seed ``ladder:{scenario}:{i}``) is
played once with every seat taken by the lower rung (the baseline), then
once per side with that side's seats taken by the upper rung and everyone
else unchanged.  Seats are named by position, so a seat's bot gets the same
seed in every game of the deal: the cards, the seat, the opponents and
their random choices are all the same, and the only thing that differs is
the upgraded side's bot.  (When the upper rung is ``mc``, which plays the
expert's move unless its search finds a better one, the two games are
identical until mc departs from the expert.)  Per deal the paired
difference is the upgraded side's score minus that side's score in the
baseline, averaged over the sides; we report its mean and 95% confidence
interval (normal approximation, 1.96 * sd / sqrt(n)).  Negative = the
upper rung scores fewer strokes.

The field (``--field``): every bot plays each style of the field
(golfcli/bots/field.py) on duplicate deals.  A deal is played with the bot
on each side in turn (heads-up: both seats; partners: both seats of a side;
four sides: the side given by the deal's number), the other seats taken by
the style.  Every bot plays the same deals in the same seats with the same
seat seeds, so two bots' results are paired deal by deal: the table gives
each bot's hole win share and margin over the field with 95% CIs, and its
paired difference from the expert's, by seat and by the opponent's tempo,
and the CPU it spends per decision.

Usage: python scripts/ladder.py [--deals N] [--mc-deals N] [--workers N] [--only SCENARIO]
       [--pairs "a|b,..."] [--start I] [--raw FILE] [--out docs/ladder.md]
       python scripts/ladder.py --table RAW [RAW ...] --out docs/ladder.md
       python scripts/ladder.py --field [--bots greedy,expert,mc] [--styles racer,...]
       [--only SCENARIO] [--deals N] [--start I] --raw FILE
       python scripts/ladder.py --field --table RAW [RAW ...] --out docs/ladder.md
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from strength_common import FIELD_STYLES, HELD_OUT_STYLES, NO_FLIP, mean_ci, win_share

from golfcli.bots.mc import relative
from golfcli.bots.registry import make_bot
from golfcli.match import Match
from golfcli.tournament.worker import code_fingerprint
from golfcli.variant import Variant
from golfcli.variantload import builtin, load_variant

RUNGS = ("random", "greedy", "expert", "mc")


@dataclass(frozen=True)
class Scenario:
    key: str
    variant: str
    players: int
    label: str
    deals: int  # default duplicate deals per pair
    mc_deals: int  # default for pairs with mc (slow: it searches)


SCENARIOS = (
    Scenario("six-card-2p", "six-card", 2, "six-card, 2 players", 1000, 600),
    Scenario("six-card-4p", "six-card", 4, "six-card, 4 players", 600, 300),
    Scenario("alberta-partners", "alberta", 4, "alberta, 4 players as 2 partner groups", 200, 120),
    Scenario("four-card-2p", "four-card", 2, "four-card, 2 players", 600, 200),
    Scenario("nine-card-2p", "nine-card", 2, "nine-card, 2 players", 400, 150),
)

BOT_OPTIONS: dict[str, dict[str, object]] = {}


Deal = tuple[float, float, float | None]


def play_deal(args: tuple[str, str, str, int, int]) -> Deal:
    """One duplicate deal, averaged over the sides: (the side's score in the
    baseline, an upgraded side's score, and how much the upgrade changed the
    side's margin over the other sides)."""
    scenario_key, a, b, index, players = args
    sc = next(s for s in SCENARIOS if s.key == scenario_key)
    variant = builtin(sc.variant)
    groups = variant.groups_for(players)
    side_of = variant.side_of(players)
    names = [f"seat{s}" for s in range(players)]  # same seat, same bot seed in every game
    seed = f"ladder:{scenario_key}:{index}"

    def scores(upgraded: int | None) -> tuple[int, ...]:
        specs = [b if side_of[s] == upgraded else a for s in range(players)]
        bots = [make_bot(spec, options=dict(BOT_OPTIONS.get(spec, {}))) for spec in specs]
        res = Match(variant, bots, names, seed=seed, holes=1).play()
        faults = [(names[i], st.last_fault) for i, st in enumerate(res.stats) if st.last_fault]
        if faults:  # a crashing bot plays random moves: never report that as its strength
            raise RuntimeError(f"bot faults in {scenario_key} deal {index}: {faults}")
        return res.holes[0].scores

    base = scores(None)
    games = [scores(side) for side in range(groups)]
    upper = [games[side][side] for side in range(groups)]
    # the margin: a side's score minus the mean of the other sides' (mc's relative result)
    moved = [relative(games[side], side) - relative(base, side) for side in range(groups)]
    return sum(base) / groups, sum(upper) / groups, sum(moved) / groups


def summarize(pairs: Sequence[Deal]) -> dict[str, float]:
    ma, ci_a = mean_ci([p[0] for p in pairs])
    mb, ci_b = mean_ci([p[1] for p in pairs])
    md, ci_d = mean_ci([p[1] - p[0] for p in pairs])
    return {
        "n": len(pairs),
        "mean_a": ma,
        "ci_a": ci_a,
        "mean_b": mb,
        "ci_b": ci_b,
        "diff": md,
        "ci_diff": ci_d,
    }


def run_pair(
    sc: Scenario,
    a: str,
    b: str,
    deals: int,
    pool: ProcessPoolExecutor | None,
    start: int = 0,
    raw: str = "",
) -> list[Deal]:
    """Play deals ``start .. start+deals-1``; with ``raw``, append each deal's
    result to that JSON-lines file as soon as it is known (a long run that
    dies keeps what it played, and runs of different deal ranges combine)."""
    jobs = [(sc.key, a, b, i, sc.players) for i in range(start, start + deals)]
    results: Iterable[Deal]
    if pool is None:
        results = map(play_deal, jobs)
    else:
        results = pool.map(play_deal, jobs, chunksize=max(1, deals // 64))
    out = []
    for index, res in zip(range(start, start + deals), results, strict=True):
        out.append(res)
        if raw:
            line = {
                "scenario": sc.key,
                "lower": a,
                "upper": b,
                "deal": index,
                "scores": res[:2],
                "margin": res[2],
                "code": code_fingerprint(),
            }
            with open(raw, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(line) + "\n")
    return out


def from_raw(paths: Sequence[str]) -> dict[tuple[str, str, str], list[Deal]]:
    """Per (scenario, lower, upper): the deals in raw files, each deal once.

    A deal found twice with different results is an error (the runs did not
    play the same games), except that a replay which recorded the margin
    completes a record made before the margin existed (same strokes: the
    same games); runs of different code (``golfcli`` source fingerprints)
    are combined with a warning naming the fingerprints."""
    deals: dict[tuple[str, str, str], dict[int, Deal]] = {}
    codes: dict[tuple[str, str, str], set[str]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                d = json.loads(line)
                key = (d["scenario"], d["lower"], d["upper"])
                scores = (d["scores"][0], d["scores"][1], d.get("margin"))
                seen = deals.setdefault(key, {})
                before = seen.get(d["deal"], scores)
                margins = (before[2], scores[2])
                if before[:2] != scores[:2] or (None not in margins and margins[0] != margins[1]):
                    raise SystemExit(
                        f"{path}:{n}: deal {d['deal']} of {'|'.join(key)} was played before "
                        f"with a different result"
                    )
                seen[d["deal"]] = scores if scores[2] is not None else before
                codes.setdefault(key, set()).add(d.get("code", "unrecorded"))
    for key, found in codes.items():
        if len(found) > 1:
            print(
                f"warning: {'|'.join(key)} combines code {', '.join(sorted(found))}",
                file=sys.stderr,
            )
    return {k: [v[i] for i in sorted(v)] for k, v in deals.items()}


def verdict(diff: float, ci: float) -> str:
    if diff + ci < 0:
        return "upper better"
    return "lower better" if diff - ci > 0 else "not separated"


def row(sc: Scenario, a: str, b: str, results: list[Deal]) -> str:
    """One table row.  The verdict reads the margin over the other sides --
    beating them is what a game is won by, and what ``mc`` plays for
    heads-up -- when every deal recorded it, else the strokes."""
    s = summarize(results)
    moved = [r[2] for r in results if r[2] is not None]
    shift = "–"  # not recorded by older runs
    said = verdict(s["diff"], s["ci_diff"]) + " (strokes)"
    if len(moved) == len(results):
        mean, ci = mean_ci(moved)
        shift = f"{mean:+.2f} ± {ci:.2f}"
        said = verdict(mean, ci) + " (margin)"
    return (
        f"| {sc.label} | {a} | {b} | {s['n']} | {s['mean_a']:.2f} ± {s['ci_a']:.2f} | "
        f"{s['mean_b']:.2f} ± {s['ci_b']:.2f} | "
        f"{s['diff']:+.2f} ± {s['ci_diff']:.2f} | {shift} | {said} |"
    )


RUNG_HEAD = (
    "| scenario | lower rung | upper rung | deals | lower: strokes/hole | "
    "upper: strokes/hole | "
    "paired difference (upper - lower) | margin over the other sides: paired change | "
    "verdict |\n|---|---|---|---|---|---|---|---|---|\n"
)


def write_table(path: str, rows: list[str], head: str = RUNG_HEAD) -> None:
    """Header, ``head`` and rows; a hand-written part after them (from the
    first ``## `` heading on) is kept."""
    notes = ""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            old = fh.read()
        at = old.find("\n## ")
        notes = old[at:] if at >= 0 else ""
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(HEADER)
        fh.write(head)
        fh.write("\n".join(rows) + "\n")
        fh.write(notes)


# ---------------------------------------------------------------------- the field

FIELD_BOTS = ("greedy", "expert", "mc")

FIELD_SCENARIOS = (
    Scenario("six-card-2p", "six-card", 2, "six-card, heads-up", 300, 100),
    Scenario(
        "six-card-no-flip-2p",
        "six-card-no-flip",
        2,
        "six-card without the flip after a discard, heads-up",
        300,
        100,
    ),
    Scenario(
        "six-card-4p", "six-card", 4, "six-card, 4 players (one bot, three of the style)", 200, 60
    ),
    Scenario("alberta-partners", "alberta", 4, "alberta, 4 players as 2 partner groups", 60, 12),
)

_VARIANTS: dict[str, Variant] = {}


def field_variant(name: str) -> Variant:
    if name not in _VARIANTS:
        _VARIANTS[name] = load_variant(NO_FLIP) if name == NO_FLIP["name"] else builtin(name)
    return _VARIANTS[name]


class Timed:
    """A bot whose decisions are counted with the CPU they cost (process
    time: the bot's own work, whatever else the machine runs); it keeps the
    last turn counts it saw.  It passes the seed on, so the bot plays as it
    would unwrapped."""

    wants_view = True

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = getattr(bot, "name", "bot")
        self.cpu = 0.0
        self.decisions = 0
        self.turns: tuple[int, ...] = ()

    def seed(self, seed: int | str) -> None:
        self.bot.seed(seed)

    def choose(self, view: Any, legal: Any) -> Any:
        start = time.process_time()
        action = self.bot.choose(view, legal)
        self.cpu += time.process_time() - start
        self.decisions += 1
        self.turns = view.turns
        return action


def opponent_spec(style: str) -> str:
    """A style of the field, or ``golfgame:PROFILE``: a CPU player of the
    public golfgame project through scripts/golfgame_bot.py (held out; needs
    GOLFGAME_SERVER, see that file)."""
    if style.startswith("golfgame:"):
        here = os.path.dirname(os.path.abspath(__file__))
        return f"{here}/golfgame_bot.py?profile={style.split(':', 1)[1]}"
    return f"field?style={style}"


def play_field_deal(args: tuple[str, tuple[str, ...], str, int]) -> list[dict[str, Any]]:
    """One deal against a style: every bot on every side it plays (see the
    module docstring), one record per game."""
    key, bots, style, index = args
    sc = next(s for s in FIELD_SCENARIOS if s.key == key)
    variant = field_variant(sc.variant)
    players = sc.players
    groups = variant.groups_for(players)
    side_of = variant.side_of(players)
    names = [f"seat{s}" for s in range(players)]
    seed = f"field:{key}:{index}"
    sides = range(groups) if groups <= 2 else [index % groups]
    opponent = opponent_spec(style)
    out = []
    for bot in bots:
        for side in sides:
            made: list[Any] = []
            timed: list[Timed] = []
            for s in range(players):
                if side_of[s] == side:
                    timed.append(Timed(make_bot(bot)))
                    made.append(timed[-1])
                else:
                    made.append(make_bot(opponent))
            res = Match(variant, made, names, seed=seed, holes=1).play()
            faults = [(names[i], st.last_fault) for i, st in enumerate(res.stats) if st.last_fault]
            if faults:
                raise RuntimeError(f"bot faults in {key} {style} deal {index}: {faults}")
            hole = res.holes[0]
            scores = hole.scores
            others = [x for i, x in enumerate(scores) if i != side]
            closer_turns = None
            if hole.closer is not None:
                seen = timed[0].turns
                closer_turns = max(seen[s] for s in range(players) if side_of[s] == hole.closer)
            out.append(
                {
                    "scenario": key,
                    "bot": bot,
                    "style": style,
                    "deal": index,
                    "side": side,
                    "first": side_of[(hole.dealer + 1) % players] == side,
                    "score": scores[side],
                    "others": sum(others) / len(others),
                    "win": win_share(scores, side),
                    "closer": None
                    if hole.closer is None
                    else ("self" if hole.closer == side else "other"),
                    "closer_turns": closer_turns,
                    "decisions": sum(t.decisions for t in timed),
                    "cpu": sum(t.cpu for t in timed),
                }
            )
    return out


def run_field(
    sc: Scenario,
    bots: Sequence[str],
    style: str,
    deals: int,
    pool: ProcessPoolExecutor | None,
    start: int,
    raw: str,
) -> list[dict[str, Any]]:
    """Deals ``start .. start+deals-1`` against one style; each record goes to
    ``raw`` as soon as its deal is done (runs of other deal ranges combine)."""
    jobs = [(sc.key, tuple(bots), style, i) for i in range(start, start + deals)]
    results: Iterable[list[dict[str, Any]]]
    if pool is None:
        results = map(play_field_deal, jobs)
    else:
        results = pool.map(play_field_deal, jobs, chunksize=max(1, deals // 32))
    out: list[dict[str, Any]] = []
    for recs in results:
        out.extend(recs)
        if raw:
            with open(raw, "a", encoding="utf-8") as fh:
                for rec in recs:
                    fh.write(json.dumps({**rec, "code": code_fingerprint()}) + "\n")
    return out


def field_from_raw(paths: Sequence[str]) -> list[dict[str, Any]]:
    """The records of raw files, each game once; a game found twice with a
    different result is an error (the runs did not play the same games)."""
    seen: dict[tuple[Any, ...], dict[str, Any]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                rec = json.loads(line)
                key = (rec["scenario"], rec["bot"], rec["style"], rec["deal"], rec["side"])
                before = seen.get(key)
                if before is not None and (before["score"], before["others"]) != (
                    rec["score"],
                    rec["others"],
                ):
                    raise SystemExit(
                        f"{path}:{n}: {rec['bot']} against {rec['style']}, deal {rec['deal']} "
                        f"of {rec['scenario']} was played before with a different result"
                    )
                seen.setdefault(key, rec)
    return list(seen.values())


def _ci(xs: Sequence[float], digits: int = 2, scale: float = 1.0, sign: bool = False) -> str:
    if len(xs) < 2:
        return "–"
    mean, ci = mean_ci(xs)
    fmt = f"{{:{'+' if sign else ''}.{digits}f}}"
    return f"{fmt.format(mean * scale)} ± {ci * scale:.{digits}f}"


def early_turns(variant: Variant) -> int:
    """An opponent out by this turn went out early: the fewest turns that
    turn up every card the start left face down, plus one."""
    return variant.cells - variant.start.reveal + 1


def styles_table() -> list[str]:
    """The styles of the field and the options each sets (from the bot's own
    table, so this page says what the code plays)."""
    from golfcli.bots.field import _DEFAULTS, STYLES

    names = list(_DEFAULTS)
    out = [
        "### The styles\n",
        "Options each style sets (a dash: the default, shown in the last row).\n",
        "| style | " + " | ".join(f"`{n}`" for n in names) + " |",
        "|---|" + "---|" * len(names),
    ]
    for style, opts in STYLES.items():
        cells = [f"{opts[n]:g}" if n in opts else "–" for n in names]
        held = " (held out)" if style in HELD_OUT_STYLES else ""
        out.append(f"| `{style}`{held} | " + " | ".join(cells) + " |")
    out.append("| (default) | " + " | ".join(f"{_DEFAULTS[n]:g}" for n in names) + " |")
    return [*out, ""]


def field_tables(records: Sequence[dict[str, Any]], reference: str = "expert") -> list[str]:
    """The field section of docs/ladder.md, per scenario: every bot against
    every style (hole win share and margin), the paired differences from
    ``reference`` (per style, held-out styles apart, by seat and by the
    opponent's tempo) and the CPU per decision."""
    lines: list[str] = []
    for sc in FIELD_SCENARIOS:
        recs = [r for r in records if r["scenario"] == sc.key]
        if not recs:
            continue
        styles = [s for s in FIELD_STYLES if any(r["style"] == s for r in recs)]
        styles += sorted({r["style"] for r in recs} - set(FIELD_STYLES))
        bots = list(dict.fromkeys(r["bot"] for r in recs))  # in the order they were run
        by = {(r["bot"], r["style"], r["deal"], r["side"]): r for r in recs}
        early = early_turns(field_variant(sc.variant))
        lines.append(f"### {sc.label}\n")
        lines.append(
            "Hole win share (ties shared) and margin (the field's mean strokes minus the bot's: "
            "positive, the bot takes fewer), each ± 95% CI; games per cell in brackets; the "
            "first columns pool the styles (the outside opponents: the players that are not "
            "styles of the field).\n"
        )
        held = [s for s in styles if s in HELD_OUT_STYLES or s.startswith("golfgame:")]
        # opponents from outside golf (not styles of the field): held out, and pooled apart
        outside = [s for s in styles if s not in FIELD_STYLES]
        pools = [("all styles", set(styles)), ("held-out styles", set(held))]
        if outside:
            pools.append(("outside opponents", set(outside)))
        head = " | ".join(
            [name for name, _ in pools]
            + [f"{s}{' (held out)' if s in held else ''}" for s in styles]
        )
        lines.append(f"| bot | CPU ms/decision | {head} |")
        lines.append("|---|---|" + "---|" * (len(pools) + len(styles)))
        for bot in bots:
            mine = [r for r in recs if r["bot"] == bot]
            dec = sum(r["decisions"] for r in mine)
            cpu = f"{1000 * sum(r['cpu'] for r in mine) / dec:.3f}" if dec else "–"
            cells = []
            for keep in [pool for _, pool in pools] + [{style} for style in styles]:
                rs = [r for r in mine if r["style"] in keep]
                if not rs:
                    cells.append("–")
                    continue
                win = _ci([r["win"] for r in rs], 1, 100)
                margin = _ci([r["others"] - r["score"] for r in rs], sign=True)
                cells.append(f"{win}% / {margin} ({len(rs)})")
            lines.append(f"| {bot} | {cpu} | " + " | ".join(cells) + " |")
        lines.append("")
        others = [b for b in bots if b != reference]
        if reference not in bots or not others:
            continue
        lines.append(
            f"Paired against `{reference}` on the same games: the change in margin (positive: "
            f"better than `{reference}`) and in hole win share (points), ± 95% CI; by seat "
            f"(moving first or second) and by the opponent's tempo in `{reference}`'s game "
            f"(out by its turn {early}, out later, or not out first).\n"
        )
        cols = ["all styles", "training styles", "held-out styles"]
        cols += ["outside opponents"] if outside else []
        cols += styles
        cols += ["moving first", "moving second", "opponent out early", "opponent out later"]
        cols += ["opponent not out first"]
        lines.append("| bot | measure | " + " | ".join(cols) + " |")
        lines.append("|---|---|" + "---|" * len(cols))
        for bot in others:
            pairs = []
            for (b, style, deal, side), r in by.items():
                if b != bot or (reference, style, deal, side) not in by:
                    continue
                ref = by[(reference, style, deal, side)]
                gain = (r["others"] - r["score"]) - (ref["others"] - ref["score"])
                if ref["closer"] == "other":
                    tempo = "early" if ref["closer_turns"] <= early else "later"
                else:
                    tempo = "not"
                pairs.append((style, ref["first"], tempo, gain, r["win"] - ref["win"]))
            # (the styles each group keeps, the seats it keeps, the tempos it keeps)
            every_seat, every_tempo = (True, False), ("early", "later", "not")
            groups = [
                (set(styles), every_seat, every_tempo),
                (set(styles) - set(held), every_seat, every_tempo),
                (set(held), every_seat, every_tempo),
                *([(set(outside), every_seat, every_tempo)] if outside else []),
                *[({st}, every_seat, every_tempo) for st in styles],
                (set(styles), (True,), every_tempo),
                (set(styles), (False,), every_tempo),
                *[(set(styles), every_seat, (t,)) for t in every_tempo],
            ]
            for what, idx, scale, digits in (("margin", 3, 1.0, 2), ("win (points)", 4, 100.0, 1)):
                cells = []
                for keep_styles, keep_seats, keep_tempos in groups:
                    xs = [
                        p[idx]
                        for p in pairs
                        if p[0] in keep_styles and p[1] in keep_seats and p[2] in keep_tempos
                    ]
                    cells.append(f"{_ci(xs, digits, scale, sign=True)} ({len(xs)})" if xs else "–")
                lines.append(f"| {bot} | {what} | " + " | ".join(cells) + " |")
        lines.append("")
    return lines


def tuning_table(path: str) -> list[str]:
    """The tuning's results (``scripts/tune.py --check ... --out FILE``):
    the starting and the tuned options on the training set (fresh deals) and
    on the held-out styles, which no tuning step played."""
    with open(path, encoding="utf-8") as fh:
        res = json.load(fh)
    opts = ", ".join(f"`{k}={v}`" for k, v in res["tuned"].items())
    start = ", ".join(f"`{k}={v}`" for k, v in res["start"].items())
    out = [
        "### Tuning: training and held-out\n",
        f"Options tuned by `scripts/tune.py` (SPSA against the training styles): {opts}; "
        f"they started at {start}.  The same deals for both, fresh ones (no tuning step "
        "played them); margin (the opponent's strokes minus the bot's) and win share over "
        "every game of the set (heads-up, both seats, both six-card rule sets), and the "
        "tuned options' paired change ± 95% CI.\n",
        "| set | games | margin: start | margin: tuned | paired change | "
        "win share: start | win share: tuned | paired change (points) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for label in ("training", "held-out"):
        a, b, d = res[label]["start"], res[label]["tuned"], res[label]["paired"]
        out.append(
            f"| {label} | {a['games']:.0f} | {-a['margin']:+.2f} | {-b['margin']:+.2f} | "
            f"{-d['margin']:+.2f} ± {d['margin_ci']:.2f} | "
            f"{100 * a['win']:.1f}% | {100 * b['win']:.1f}% | "
            f"{100 * d['win']:+.1f} ± {100 * d['win_ci']:.1f} |"
        )
    return [*out, ""]


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--deals", type=int, default=None, help="deals per pair (default per scenario)")
    ap.add_argument("--mc-deals", type=int, default=None, help="deals for pairs with mc")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--only", default="", help="comma list of scenario keys")
    ap.add_argument(
        "--pairs", default="", help="comma list like greedy|expert (default: neighbouring rungs)"
    )
    ap.add_argument("--start", type=int, default=0, help="first deal index (split long runs)")
    ap.add_argument("--raw", default="", help="append every deal's result to this JSON-lines file")
    ap.add_argument(
        "--table",
        nargs="+",
        default=[],
        metavar="RAW",
        help="play nothing: build the table from raw files of earlier runs",
    )
    ap.add_argument("--out", default="", help="write the markdown table here (e.g. docs/ladder.md)")
    ap.add_argument("--field", action="store_true", help="every bot against every style")
    ap.add_argument("--bots", default=",".join(FIELD_BOTS), help="--field: the bots")
    ap.add_argument("--styles", default=",".join(FIELD_STYLES), help="--field: the styles")
    ap.add_argument("--tuning", default="", help="--field: scripts/tune.py --check's JSON")
    ap.add_argument(
        "--reference", default="expert", help="--field: the bot the others are paired with"
    )
    args = ap.parse_args()
    if args.field:
        return field_main(args)

    pairs = [tuple(p.split("|")) for p in args.pairs.split(",") if p] or list(
        itertools.pairwise(RUNGS)
    )
    scenarios = [s for s in SCENARIOS if not args.only or s.key in args.only.split(",")]
    rows = []
    if args.table:
        played = from_raw(args.table)
        for sc in scenarios:
            for a, b in pairs:
                if (sc.key, a, b) in played:
                    rows.append(row(sc, a, b, played[(sc.key, a, b)]))
                    print(rows[-1], flush=True)
    else:
        pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
        for sc in scenarios:
            for a, b in pairs:
                slow = "mc" in (a, b)
                deals = (args.mc_deals or sc.mc_deals) if slow else (args.deals or sc.deals)
                t0 = time.time()
                results = run_pair(sc, a, b, deals, pool, args.start, args.raw)
                rows.append(row(sc, a, b, results))
                print(rows[-1], f"({time.time() - t0:.0f}s)", flush=True)
        if pool is not None:
            pool.shutdown()
    if args.out:
        write_table(args.out, rows)
        print(f"wrote {args.out}", file=sys.stderr)
    return 0


def field_main(args: argparse.Namespace) -> int:
    scenarios = [s for s in FIELD_SCENARIOS if not args.only or s.key in args.only.split(",")]
    if args.table:
        records = field_from_raw(args.table)
    else:
        bots = args.bots.split(",")
        records = []
        pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
        for sc in scenarios:
            for style in args.styles.split(","):
                t0 = time.time()
                for bot in bots:  # mc plays fewer deals: it searches
                    deals = (args.mc_deals or sc.mc_deals) if bot.startswith("mc") else None
                    deals = deals or args.deals or sc.deals
                    records += run_field(sc, [bot], style, deals, pool, args.start, args.raw)
                print(f"{sc.key} {style}: {time.time() - t0:.0f}s", file=sys.stderr, flush=True)
        if pool is not None:
            pool.shutdown()
    chosen = [r for r in records if r["scenario"] in {s.key for s in scenarios}]
    lines = styles_table() + field_tables(chosen, args.reference)
    if args.tuning:
        lines += tuning_table(args.tuning)
    print("\n".join(lines))
    if args.out:
        write_table(args.out, lines, head="")
        print(f"wrote {args.out}", file=sys.stderr)
    return 0


HEADER = """# Bot ladder

The built-in bots; all read the variant's data (values, patterns, partners, peeks, penalties),
none knows a variant by name:

| bot | how it plays |
|---|---|
| `random` | uniform over the legal actions |
| `greedy` | one step ahead: keeps a card only where it lowers the known score (face-down cards at the mean of the unseen cards); puts a card on a face-down position only if it is worth at most 4 |
| `expert` | expected value with card counting: unseen-card mean and per-rank counts; pattern-aware (chance that face-down cards already complete a pair, column, block or twin columns, and of drawing the missing cards in the turns left); weighs what a discard gives the next opponent; stock vs discard by the expectation over every unseen card; tempo: ending the hole costs our expected gain of further turns and saves the opponents', and a move that turns a card up is credited `reveal` strokes (a step nearer going out); the hole's last move is played for the hole as well as the strokes (expected strokes minus `hole_win` times the chance of winning the hole, golfcli/bots/endgame.py); its tempo and feeding options are tuned against the field (`scripts/tune.py`, below); `win=W` (0, off, by default) plays every heads-up decision for the hole too: expected strokes less `W` times a fitted chance of winning the hole (below) |
| `mc` | determinised Monte Carlo over the expert's closest candidates in the late phase of a hole: hidden cards sampled consistently with the view, every seat rolled out as the expert from its own view; it leaves the expert's move only for a candidate whose paired rollouts are better by more than one standard error, confirmed on three times as many fresh rollouts added to the first (one step of policy improvement over the expert) |
| `field` | the opponents to measure against: one heuristic bot whose options make the styles below (`field?style=racer`, any option overridable: `field?style=racer&noise=2`) |

**The field.**  A bot measured only against itself (or against its own search) learns to
beat one way of playing.  The field is a set of different players: each style is a preset of
the same few options of one heuristic bot (golfcli/bots/field.py; `tests/bots/test_field.py` shows
each style's habit on a position where it parts from the others).  Every move gets a score
in strokes: how much it lowers the layout's estimate (the real scorer, face-down cards at the
mean), plus a credit for turning a card up (`reveal`), for building a pattern (`pairs`), per
stroke of a face-up card replaced above the mean (`dump`), minus what a discard would save the
next opponent (`deny`), plus a random amount up to `noise`; it puts no card above
`face_down_max` face down (unless it builds a pattern), ends the hole only with an estimate of
at most `out_max` and at most `out_lead` above the best opponent, and takes the discard when it
is worth at most `take_max` and helps, or when its best move scores `take_gain`.  The
styles `denier` and `gambler` are **held out**: no tuning step plays them.  An outside
opponent can be added and is held out too: the eight CPU personalities of the public golfgame
project (a six-card web game), through `scripts/golfgame_bot.py` (optional: it needs a
checkout of that project, see the file).

**How it is measured.**  `python scripts/ladder.py --field --raw FILE` plays (options in the
script's docstring: `--bots`, `--styles`, `--only`, `--deals`, `--start`; `--reference` names
the bot the others are paired with), and `--field --table FILE... --out docs/ladder.md` writes
this page from raw files (a game recorded twice with different results is refused; a run with
any bot fault is refused).  Each deal (one hole) is played by every bot with the bot on each
side in turn (heads-up: both seats; Alberta: both seats of a partner side; four sides: the
side given by the deal's number) and every other seat taken by the style.  Seats keep their
names, so the cards, the seat and every opponent's seed are the same for every bot: two bots'
results on a game are paired.  Per game: the **hole win share** (1 when the bot's side alone
has the lowest score, shared on a tie) and the **margin** (the other sides' mean strokes minus
the bot's side's: positive, the bot takes fewer).  Means ± 95% CI (normal approximation,
1.96 sd / sqrt(n), games as the unit).  CPU per decision is process time of the bot's own
decisions (the machine's load aside).

"""


if __name__ == "__main__":
    raise SystemExit(main())
