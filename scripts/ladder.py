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

Usage: python scripts/ladder.py [--deals N] [--mc-deals N] [--workers N] [--only SCENARIO]
       [--pairs "a|b,..."] [--start I] [--raw FILE] [--out docs/ladder.md]
       python scripts/ladder.py --table RAW [RAW ...] --out docs/ladder.md
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from golfcli.bots.mc import relative
from golfcli.bots.registry import make_bot
from golfcli.match import Match
from golfcli.tournament.worker import code_fingerprint
from golfcli.variant import builtin

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
    side_of = [s % groups for s in range(players)]
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


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% CI (normal approximation)."""
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(n)


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


def write_table(path: str, rows: list[str]) -> None:
    """Header and table; a hand-written part after them (from the first
    ``## `` heading on) is kept."""
    notes = ""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            old = fh.read()
        at = old.find("\n## ")
        notes = old[at:] if at >= 0 else ""
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(HEADER)
        fh.write(
            "| scenario | lower rung | upper rung | deals | lower: strokes/hole | "
            "upper: strokes/hole | "
            "paired difference (upper - lower) | margin over the other sides: paired change | "
            "verdict |\n|---|---|---|---|---|---|---|---|---|\n"
        )
        fh.write("\n".join(rows) + "\n")
        fh.write(notes)


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
    args = ap.parse_args()

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


HEADER = """# Bot ladder

The built-in bots, weakest to strongest; all read the variant's data (values, patterns,
partners, peeks, penalties), none knows a variant by name:

| rung | how it plays |
|---|---|
| `random` | uniform over the legal actions |
| `greedy` | one step ahead: keeps a card only where it lowers the known score (face-down cards at the mean of the unseen cards); puts a card on a face-down position only if it is worth at most 4 |
| `expert` | expected value with card counting: unseen-card mean and per-rank counts; pattern-aware (chance that face-down cards already complete a pair, column, block or twin columns, and of drawing the missing cards in the turns left); weighs what a discard gives the next opponent; stock vs discard by the expectation over every unseen card; tempo: ending the hole costs our expected gain of further turns and saves the opponents' |
| `mc` | determinised Monte Carlo over the expert's closest candidates in the late phase of a hole: hidden cards sampled consistently with the view, every seat rolled out as the expert from its own view; it leaves the expert's move only for a candidate whose paired rollouts are better by more than one standard error, confirmed on three times as many fresh rollouts added to the first (one step of policy improvement over the expert) |

Generated by `python scripts/ladder.py --out docs/ladder.md` (options in the script's
docstring).  Every neighbouring pair of rungs plays duplicate deals against the field: each
deal (one hole) is played once with every seat taken by the lower rung, then once per side
with that side's seats (both partners on Alberta) taken by the upper rung.  Seats keep their
names, so every bot's seed, the cards and the opponents are the same in all games of a deal;
only the upgraded side's bot differs.  Two paired differences per deal, averaged over the
sides, each with its mean and 95% CI (normal approximation, 1.96 sd / sqrt(n)):

* **strokes**: the upgraded side's score minus the same side's score in the all-lower game
  (negative: the upper rung takes fewer strokes);
* **margin**: the change in the side's score minus the mean of the other sides' scores
  (negative: the upper rung does better against its opponents, whether by taking fewer
  strokes or by leaving them more).  Heads-up, `mc` plays for this margin, and it may take
  a stroke more to cost the opponent two.

The verdict reads the margin (beating the opponents is what wins) when every deal of the row
recorded it, else the strokes; it says which.  The table also gives the mean strokes per hole
of either rung ± 95% CI.  A run with any bot fault is refused.

Bot settings: the defaults (`mc`: `iterations` 24 on layouts of up to 9 cards and 6 on larger
ones, `top_k` 3, `close` 4, `late` 1, `z` 1.0, `confirm` 4, rollouts to the end of the hole on
small layouts and for 2 × players turns on large ones, then valued by the expert).

"""

if __name__ == "__main__":
    raise SystemExit(main())
