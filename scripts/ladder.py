#!/usr/bin/env python3
"""Strength table for the built-in bot ladder: writes docs/ladder.md.

Each neighbouring pair of rungs (random < greedy < expert < mc) plays
duplicate deals: every deal (one hole, seed ``ladder:{scenario}:{i}``) is
played once per rotation of the two bots through the seats, so the cards
and the seat cancel.  Per deal we take the mean hole score of each bot over
the rotations; the paired difference (upper - lower) per deal gives the mean
difference and its 95% confidence interval (normal approximation,
1.96 * sd / sqrt(n)).  Negative = the upper rung scores fewer strokes.

Usage: python scripts/ladder.py [--deals N] [--workers N] [--only SCENARIO] [--pairs "a|b,..."]
       [--out docs/ladder.md] [--mc-iterations N]
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from golfcli.bots.registry import make_bot
from golfcli.match import Match
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
    Scenario("six-card-4p", "six-card", 4, "six-card, 4 players (2 of each bot)", 600, 300),
    Scenario("alberta-partners", "alberta", 4, "alberta, 4 players as 2 partner groups", 200, 120),
    Scenario("four-card-2p", "four-card", 2, "four-card, 2 players", 600, 200),
    Scenario("nine-card-2p", "nine-card", 2, "nine-card, 2 players", 400, 150),
)

BOT_OPTIONS: dict[str, dict[str, object]] = {}


def seatings(players: int) -> list[list[int]]:
    """Rotations of two bots (0 and 1) through the seats, alternating."""
    base = [s % 2 for s in range(players)]
    return [base, [1 - b for b in base]]


def play_deal(args: tuple[str, str, str, int, int]) -> tuple[float, float]:
    """One duplicate deal: returns (mean hole score of bot a, of bot b)."""
    scenario_key, a, b, index, players = args
    sc = next(s for s in SCENARIOS if s.key == scenario_key)
    variant = builtin(sc.variant)
    specs = (a, b)
    sums = [0.0, 0.0]
    counts = [0, 0]
    for rot, seating in enumerate(seatings(players)):
        bots = [
            make_bot(specs[who], options=dict(BOT_OPTIONS.get(specs[who], {}))) for who in seating
        ]
        names = [f"{specs[who]}-{who}-{s}" for s, who in enumerate(seating)]
        m = Match(variant, bots, names, seed=f"ladder:{scenario_key}:{index}", holes=1)
        res = m.play()
        faults = [(names[i], st.last_fault) for i, st in enumerate(res.stats) if st.last_fault]
        if faults:  # a crashing bot plays random moves: never report that as its strength
            raise RuntimeError(f"bot faults in {scenario_key} deal {index}: {faults}")
        scores = res.holes[0].scores
        for side in range(len(scores)):
            seats = [s for s in range(players) if res.side_of[s] == side]
            who = seating[seats[0]]
            sums[who] += scores[side]
            counts[who] += 1
        del rot
    return sums[0] / counts[0], sums[1] / counts[1]


def summarize(pairs: list[tuple[float, float]]) -> dict[str, float]:
    n = len(pairs)
    ma = sum(p[0] for p in pairs) / n
    mb = sum(p[1] for p in pairs) / n
    diffs = [p[1] - p[0] for p in pairs]
    md = sum(diffs) / n
    sd = math.sqrt(sum((d - md) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    sda = math.sqrt(sum((p[0] - ma) ** 2 for p in pairs) / (n - 1)) if n > 1 else 0.0
    sdb = math.sqrt(sum((p[1] - mb) ** 2 for p in pairs) / (n - 1)) if n > 1 else 0.0
    h = 1.96 / math.sqrt(n)
    return {
        "n": n,
        "mean_a": ma,
        "ci_a": sda * h,
        "mean_b": mb,
        "ci_b": sdb * h,
        "diff": md,
        "ci_diff": sd * h,
    }


def run_pair(
    sc: Scenario, a: str, b: str, deals: int, pool: ProcessPoolExecutor | None
) -> dict[str, float]:
    jobs = [(sc.key, a, b, i, sc.players) for i in range(deals)]
    if pool is None:
        results = [play_deal(j) for j in jobs]
    else:
        results = list(pool.map(play_deal, jobs, chunksize=max(1, deals // 64)))
    return summarize(results)


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
    ap.add_argument("--out", default="", help="write the markdown table here (e.g. docs/ladder.md)")
    args = ap.parse_args()

    pairs = [tuple(p.split("|")) for p in args.pairs.split(",") if p] or list(
        itertools.pairwise(RUNGS)
    )
    scenarios = [s for s in SCENARIOS if not args.only or s.key in args.only.split(",")]
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    rows = []
    for sc in scenarios:
        for a, b in pairs:
            slow = "mc" in (a, b)
            deals = (args.mc_deals or sc.mc_deals) if slow else (args.deals or sc.deals)
            t0 = time.time()
            s = run_pair(sc, a, b, deals, pool)
            dt = time.time() - t0
            verdict = (
                "upper better"
                if s["diff"] + s["ci_diff"] < 0
                else ("lower better" if s["diff"] - s["ci_diff"] > 0 else "not separated")
            )
            row = (
                f"| {sc.label} | {a} | {b} | {s['n']} | {s['mean_a']:.2f} ± {s['ci_a']:.2f} | "
                f"{s['mean_b']:.2f} ± {s['ci_b']:.2f} | "
                f"{s['diff']:+.2f} ± {s['ci_diff']:.2f} | {verdict} |"
            )
            rows.append(row)
            print(row, f"({dt:.0f}s)", flush=True)
    if pool is not None:
        pool.shutdown()
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(HEADER)
            fh.write(
                "| scenario | lower rung | upper rung | deals | lower: strokes/hole | "
                "upper: strokes/hole | "
                "paired difference (upper - lower) | verdict |\n|---|---|---|---|---|---|---|---|\n"
            )
            fh.write("\n".join(rows) + "\n")
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
| `mc` | determinised Monte Carlo over the expert's closest candidates in the late phase of a hole: hidden cards sampled consistently with the view, every seat rolled out as the expert from its own view, best mean relative hole result (one step of policy improvement over the expert) |

Generated by `python scripts/ladder.py --out docs/ladder.md` (options in the script's
docstring).  Every neighbouring pair of rungs plays duplicate deals: each deal (one hole) is
played once per rotation of the two bots through the seats, so the cards and the seat cancel.
Figures are mean strokes per hole ± 95% confidence interval over deals; the paired difference is
upper minus lower per deal (negative: the upper rung takes fewer strokes), with its 95% CI
(normal approximation, 1.96 sd / sqrt(n)).  A run with any bot fault is refused.

"""

if __name__ == "__main__":
    raise SystemExit(main())
