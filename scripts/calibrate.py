#!/usr/bin/env python3
"""Calibration of the tournament statistics: do they say "95%" and mean it?

Two identical bots under two names (``A`` and ``B``, both ``random`` by
default) play duplicate one-hole deals of six-card golf in this process, each
deal in both seatings, each game from its own seed.  Nothing tells the two
apart, so the true difference between them is 0, and

* **coverage**: the pair's 95% interval of the margin (strokes a hole,
  deals as the unit: golfcli.stats) must contain 0 in 95% of independent
  tournaments of ``--deals`` deals; the score's interval (which the Elo is
  read from) must contain 1/2 as often.  The run passes when the observed
  rate is within 93-97% (with 1500 tournaments its own standard error is
  0.56%);
* **false positives of the SPRT**: a test of A against B that stops as soon
  as the data decide (golfcli.sprt) must accept "A is stronger" (Elo form) or
  "A scores lower" / "B scores lower" (strokes form) at most ``alpha`` of the
  time.  Alpha and beta are unequal (0.05 and 0.2 by default), so a test run
  at the other's rate, or with its bounds the wrong way round (about 0.2
  false positives), shows.  The run passes when the 95% Wilson interval of
  the observed rate reaches down to ``alpha`` or below (the rate is not
  shown to be above it); the interval is printed.  (Wald's bounds promise
  alpha only approximately: the exact guarantee is alpha / (1 - beta), 0.0625
  with the defaults.)
* **"better" in a field**: ``--field`` identical entrants (4 by default) in
  a round robin of two-seat tables, every pair on the same duplicate deals,
  played by golf's own tournament runner; with 4 entrants a report makes 6
  comparisons, and without a family-wise rule about one tournament in four
  would call some pair "better" by chance.  The run passes when the share of
  tournaments that call any pair "better" (Holm's rule, as the report does)
  is not shown to be above 5% (its 95% Wilson interval reaches 5% or
  below); the unadjusted share is printed beside it.

Every tournament takes the next deals of one seeded stream, so the run is
the same for the same ``--seed``.  Prints its figures and exits 1 if a check
fails.  ``tests/scripts/test_calibration.py`` (marked slow) runs it.

    python scripts/calibrate.py                 # about a minute of CPU
    python scripts/calibrate.py --reps 4000 --sprt-runs 1000 --seed 2
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from golfcli.match import play_match
from golfcli.sprt import SprtSpec
from golfcli.stats import Outcome, Tally

NAMES = ("A", "B")


def deal(seed: int, index: int, bot: str, variant: str = "six-card") -> list[Outcome]:
    """Deal ``index`` of the stream ``seed``: one hole, played by A then B in
    the first seat and by B then A in the second, from the same cards."""
    out = []
    for order in (NAMES, NAMES[::-1]):
        r = play_match(
            variant, [bot, bot], names=list(order), holes=1, seed=seed * 10**7 + index, record=False
        )
        sides = tuple(NAMES.index(n) for n in order)
        out.append(
            Outcome(
                deal=index,
                sides=sides,
                totals=tuple(r.totals),
                holes=1,
                holes_won=tuple(r.holes_won),
                winners=tuple(r.winners),
            )
        )
    return out


def stream(seed: int, bot: str) -> Iterator[list[Outcome]]:
    index = 0
    while True:
        yield deal(seed, index, bot)
        index += 1


@dataclass(frozen=True)
class Rate:
    """``hits`` of ``n`` and the 95% Wilson interval of the rate."""

    hits: int
    n: int

    @property
    def rate(self) -> float:
        return self.hits / self.n

    def wilson(self, z: float = 1.959963984540054) -> tuple[float, float]:
        p, n = self.rate, self.n
        mid = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return mid - half, mid + half

    def __str__(self) -> str:
        lo, hi = self.wilson()
        return (
            f"{self.hits}/{self.n} = {100 * self.rate:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%)"
        )


def coverage(deals: Iterator[list[Outcome]], reps: int, per: int) -> tuple[Rate, Rate]:
    """How often the margin's interval holds 0 and the score's holds 1/2, over
    ``reps`` tournaments of ``per`` deals each."""
    margin = score = 0
    for _ in range(reps):
        t = Tally(list(NAMES), "stroke")
        for _ in range(per):
            for o in next(deals):
                t.add(o)
            t.close_deal()
        (p,) = t.pairs()
        margin += p["margin_lo"] <= 0.0 <= p["margin_hi"]
        half = p["score_ci95"]
        score += abs(p["score"] - 0.5) <= half
    return Rate(margin, reps), Rate(score, reps)


def field_verdicts(seed: int, reps: int, deals: int, field: int, bot: str) -> tuple[Rate, Rate]:
    """Over ``reps`` round robins of ``field`` entrants that are all ``bot``:
    how many called some pair "better" (the report's verdict, Holm's rule
    over its pairs), and how many would have by each pair's interval alone."""
    from golfcli import run_tournament

    names = [chr(ord("A") + i) for i in range(field)]
    called = unadjusted = 0
    for r in range(reps):
        report = run_tournament(
            {
                "variant": "six-card",
                "holes": 1,
                "games": deals,
                "seed": seed * 10**6 + r,
                "seats": 2,
                "players": [{"name": n, "bot": bot} for n in names],
            },
            workers=1,
        )
        called += any(p["separated"] for p in report.pairs)
        unadjusted += any(p["separated_unadjusted"] for p in report.pairs)
    return Rate(called, reps), Rate(unadjusted, reps)


def sprt_false_positives(
    deals: Iterator[list[Outcome]], runs: int, spec: SprtSpec, cap: int = 5000
) -> tuple[dict[str, int], int]:
    """Run ``runs`` tests of A against B to their decision (or ``cap`` deals):
    the decisions counted, and the deals they took in all."""
    decided: dict[str, int] = {}
    used = 0
    for _ in range(runs):
        t = Tally(list(NAMES), "stroke", spec)
        assert t.sprt is not None
        for _ in range(cap):
            for o in next(deals):
                t.add(o)
            used += 1
            if t.close_deal() == "decided":
                break
        decision = t.sprt.tests[0][1].decision or "undecided"
        decided[decision] = decided.get(decision, 0) + 1
    return decided, used


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--reps", type=int, default=1500, help="tournaments for coverage (1500)")
    ap.add_argument("--deals", type=int, default=10, help="deals in each of them (10)")
    ap.add_argument("--sprt-runs", type=int, default=300, help="SPRT runs of each form (300)")
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--beta", type=float, default=0.2)
    ap.add_argument("--field", type=int, default=4, help="entrants in the field check (4)")
    ap.add_argument("--field-reps", type=int, default=600, help="round robins of them (600)")
    ap.add_argument("--bot", default="random", help="the bot every name plays (random)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    deals = stream(args.seed, args.bot)
    ok = True

    margin, score = coverage(deals, args.reps, args.deals)
    for what, rate in (("margin", margin), ("score", score)):
        good = 0.93 <= rate.rate <= 0.97
        ok &= good
        print(
            f"coverage of the 95% interval of the {what} ({args.deals} deals a tournament): "
            f"{rate} {'ok' if good else 'OUTSIDE 93-97%'}"
        )

    forms = (
        ("elo", SprtSpec("elo", alpha=args.alpha, beta=args.beta, elo0=0, elo1=60)),
        ("strokes", SprtSpec("strokes", alpha=args.alpha, beta=args.beta, margin=4)),
    )
    for kind, spec in forms:
        decided, used = sprt_false_positives(deals, args.sprt_runs, spec)
        wrong = ("H1",) if kind == "elo" else ("A better", "B better")
        print(
            f"SPRT, {kind} form (alpha {args.alpha:g}, beta {args.beta:g}): "
            f"{args.sprt_runs} runs, {used} deals, decisions {dict(sorted(decided.items()))}"
        )
        for w in wrong:
            rate = Rate(decided.get(w, 0), args.sprt_runs)
            good = rate.wilson()[0] <= args.alpha
            ok &= good
            print(
                f"  false positives ({w}): {rate} {'ok' if good else f'ABOVE alpha {args.alpha:g}'}"
            )
    called, unadjusted = field_verdicts(
        args.seed, args.field_reps, args.deals, args.field, args.bot
    )
    pairs = args.field * (args.field - 1) // 2
    good = called.wilson()[0] <= 0.05
    ok &= good
    print(
        f"{args.field} identical entrants, {pairs} comparisons, {args.deals} deals a round robin: "
        f"some pair called better in {called} {'ok' if good else 'ABOVE 5%'}; "
        f"by each pair's interval alone it would be {unadjusted}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
