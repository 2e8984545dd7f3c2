#!/usr/bin/env python3
"""SPSA tuning of a built-in bot's options against the field, with golf's
own tournament runner.

Every step is two duplicate-deal tournaments on the same seed: the bot with
its options nudged up (theta+) and down (theta-) along a random +-1 direction
plays a gauntlet against every training style of the field (``field?style=``),
both seats of every deal, on each training variant (one hole a game).  The
two runs share deals and every opponent's seed (players keep their names), so
the difference of their results is paired: only the challenger's options
differ.  The objective is the challenger's mean margin (its strokes minus
the opponent's, lower is better) over all games; the step moves theta against
the measured slope (simultaneous perturbation stochastic approximation,
Spall 1998; the gains a_k = a / (k + 1 + A)^0.602 and c_k = c / (k + 1)^0.101).

The held-out check plays the starting options and the tuned ones on the same
deals against the held-out styles and variants (never used by a step), so
the tuning's training and held-out results are reported separately.

    python scripts/tune.py --iterations 200 --log tune.jsonl            # tune
    python scripts/tune.py --resume tune.jsonl --iterations 300          # go on
    python scripts/tune.py --check tune.jsonl --deals 400 --out tune.json

Parameters are ``name=start:scale:lo:hi`` (``--param reveal=0:0.5:-1:3``); the
defaults tune the expert's tempo and feeding options.  A step's log line holds
theta, the direction, both results and the new theta, so a run can be
resumed or audited; every seed comes from ``--seed`` and the step number.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from strength_common import HELD_OUT_STYLES, NO_FLIP, TRAIN_STYLES, mean_ci

from golfcli.tournament.config import load_config
from golfcli.tournament.report import build_report
from golfcli.tournament.runner import run_plan

#: variants a step plays: six-card as golf deals it, and without the flip after
#: a discard (a card drawn from the stock may be thrown away without turning
#: one up: the rule of most online six-card games)
VARIANTS: dict[str, Any] = {"six-card": "six-card", NO_FLIP["name"]: NO_FLIP}
TRAIN_VARIANTS = ("six-card", "six-card-no-flip")


@dataclass(frozen=True)
class Param:
    name: str
    start: float
    scale: float
    lo: float
    hi: float

    def clip(self, x: float) -> float:
        return min(self.hi, max(self.lo, x))

    @staticmethod
    def parse(text: str) -> Param:
        name, _, rest = text.partition("=")
        try:
            start, scale, lo, hi = (float(x) for x in rest.split(":"))
        except ValueError:
            raise SystemExit(f"--param {text!r}: expected name=start:scale:lo:hi") from None
        return Param(name, start, scale, lo, hi)


DEFAULT_PARAMS = (
    "reveal=0:0.5:-1:3",
    "feed_weight=0.4:0.15:0:1.2",
    "margin=1:0.75:-2:4",
    "future_weight=0.6:0.1:0.2:1",
    "unknown_discount=0:0.4:0:2",
)


def spec_of(bot: str, params: Sequence[Param], theta: Sequence[float]) -> dict[str, Any]:
    options = {p.name: round(t, 6) for p, t in zip(params, theta, strict=True)}
    return {"bot": bot, "options": options}


def gauntlet(
    challenger: dict[str, Any],
    styles: Sequence[str],
    variant: str,
    deals: int,
    seed: int,
    workers: int,
) -> tuple[list[dict[str, Any]], dict[int, tuple[float, float]]]:
    """One duplicate gauntlet through golf's tournament runner: the
    challenger's crosstable rows (one per style), and per game (by its index
    in the run: the same deal, table and seating in every run of the same
    seed) the challenger's margin and win share."""
    config = {
        "name": f"tune {variant}",
        "variant": VARIANTS[variant],
        "holes": 1,
        "players": [{"name": "challenger", **challenger}]
        + [{"name": s, "bot": "field", "options": {"style": s}} for s in styles],
        "seats": 2,
        "schedule": "gauntlet",
        "challenger": "challenger",
        "games": deals,
        "duplicate": True,
        "seed": seed,
        "workers": workers,
        "fault_policy": "random",
    }
    games: dict[int, tuple[float, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "tune.yaml"
        path.write_text(yaml.safe_dump(config), encoding="utf-8")
        res = run_plan(load_config(path), Path(tmp) / "run")
        for line in (Path(tmp) / "run" / "games.jsonl").read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            me = rec["sides"].index("challenger")
            totals = rec["totals"]
            other = sum(t for i, t in enumerate(totals) if i != me) / (len(totals) - 1)
            won = 1.0 / len(rec["winners"]) if me in rec["winners"] else 0.0
            games[rec["game"]] = (totals[me] - other, won)
    report = build_report(res)
    if res.stopped is not None or not res.played:
        raise SystemExit(f"a tuning run did not finish: {res.message or 'no games played'}")
    faults = [r for r in report["standings"] if r["faults_total"]]
    if faults:
        raise SystemExit(f"bot faults in a tuning run: {faults}")
    return [r for r in report["crosstable"] if r["player"] == "challenger"], games


def measure(
    challenger: dict[str, Any],
    styles: Sequence[str],
    variants: Sequence[str],
    deals: int,
    seed: int,
    workers: int,
) -> dict[str, Any]:
    """Mean margin (challenger minus opponent, strokes a hole) and hole win
    share over every style and variant, with the per-style figures."""
    rows: dict[str, Any] = {}
    total = games = wins = 0.0
    per_game: dict[str, tuple[float, float]] = {}
    for variant in variants:
        crosstable, played = gauntlet(challenger, styles, variant, deals, seed, workers)
        per_game.update({f"{variant}:{i}": result for i, result in played.items()})
        for r in crosstable:
            rows[f"{variant}/{r['opponent']}"] = {
                "games": r["games"],
                "margin": r["mean_stroke_diff"],
                "win": r["score"] / r["games"],
            }
            total += r["mean_stroke_diff"] * r["games"]
            wins += r["score"]
            games += r["games"]
    return {
        "margin": total / games,
        "win": wins / games,
        "games": games,
        "rows": rows,
        "per_game": per_game,
    }


def paired(a: dict[str, Any], b: dict[str, Any]) -> dict[str, float]:
    """b minus a on the same games (margin: lower is better), mean and 95%
    CI half-width (normal approximation), for the margin and the win share."""
    out: dict[str, float] = {}
    keys = sorted(set(a["per_game"]) & set(b["per_game"]))
    for k, name in ((0, "margin"), (1, "win")):
        out[name], out[f"{name}_ci"] = mean_ci(
            [b["per_game"][g][k] - a["per_game"][g][k] for g in keys]
        )
    return out


def step_seed(seed: int, k: int) -> int:
    return random.Random(f"tune:{seed}:{k}").randrange(2**62)


def tune(args: argparse.Namespace, params: list[Param]) -> None:
    theta = [p.start for p in params]
    k0 = 0
    if args.resume:
        lines = Path(args.resume).read_text(encoding="utf-8").splitlines()
        if lines:
            last = json.loads(lines[-1])
            theta, k0 = last["theta_next"], last["k"] + 1
    log = open(args.resume or args.log, "a", encoding="utf-8")  # noqa: SIM115 - kept open for the run
    for k in range(k0, args.iterations):
        rng = random.Random(f"tune-direction:{args.seed}:{k}")
        delta = [rng.choice((-1.0, 1.0)) for _ in params]
        ck = args.c / (k + 1) ** 0.101
        ak = args.a / (k + 1 + args.A) ** 0.602
        # the perturbed options, kept inside each option's bounds
        plus = [p.clip(t + ck * d * p.scale) for t, d, p in zip(theta, delta, params, strict=True)]
        minus = [p.clip(t - ck * d * p.scale) for t, d, p in zip(theta, delta, params, strict=True)]
        seed = step_seed(args.seed, k)
        styles, variants = args.styles.split(","), args.variants.split(",")
        yp, ym = (
            measure(spec_of(args.bot, params, t), styles, variants, args.deals, seed, args.workers)
            for t in (plus, minus)
        )
        diff = yp["margin"] - ym["margin"]
        nxt = []
        for t, hi, lo, p in zip(theta, plus, minus, params, strict=True):
            # the slope per scale unit, and a step against it (lower margin is better)
            slope = diff / ((hi - lo) / p.scale) if hi != lo else 0.0
            nxt.append(p.clip(t - ak * slope * p.scale))
        line = {
            "k": k,
            "theta": theta,
            "delta": delta,
            "plus": {"margin": yp["margin"], "win": yp["win"]},
            "minus": {"margin": ym["margin"], "win": ym["win"]},
            "games": yp["games"],
            "theta_next": nxt,
            "params": [p.name for p in params],
        }
        log.write(json.dumps(line) + "\n")
        log.flush()
        print(
            f"step {k}: margin+ {yp['margin']:+.3f} margin- {ym['margin']:+.3f} -> "
            + " ".join(f"{p.name}={t:.3f}" for p, t in zip(params, nxt, strict=True)),
            flush=True,
        )
        theta = nxt
    log.close()


def final_theta(path: str, tail: float = 0.5) -> tuple[list[str], list[float]]:
    """The mean theta over the last ``tail`` of a run's steps (SPSA's iterates
    wander with the noise; their average is the estimate)."""
    lines = [json.loads(x) for x in Path(path).read_text(encoding="utf-8").splitlines()]
    keep = lines[int(len(lines) * (1 - tail)) :] or lines
    names = keep[0]["params"]
    mean = [sum(x["theta_next"][i] for x in keep) / len(keep) for i in range(len(names))]
    return names, mean


def check(args: argparse.Namespace, params: list[Param]) -> None:
    """Start against tuned options, same deals: on the training set (fresh
    seeds) and on the held-out styles and variants."""
    names, tuned = final_theta(args.check)
    start = {p.name: p.start for p in params}
    base = {"bot": args.bot, "options": {n: start[n] for n in names if n in start}}
    best = {"bot": args.bot, "options": {n: round(t, 2) for n, t in zip(names, tuned, strict=True)}}
    seed = step_seed(args.seed, 10**6)
    out: dict[str, Any] = {"tuned": best["options"], "start": base["options"]}
    sets = {
        "training": (args.styles.split(","), args.variants.split(",")),
        "held-out": (args.held_out.split(","), args.variants.split(",")),
    }
    for label, (styles, variants) in sets.items():
        a = measure(base, styles, variants, args.deals, seed, args.workers)
        b = measure(best, styles, variants, args.deals, seed, args.workers)
        change = paired(a, b)
        for m in (a, b):
            del m["per_game"]  # (the report keeps the summary)
        out[label] = {"start": a, "tuned": b, "paired": change}
        print(
            f"{label}: margin {a['margin']:+.3f} -> {b['margin']:+.3f} "
            f"(paired {change['margin']:+.3f} +- {change['margin_ci']:.3f}), "
            f"win {100 * a['win']:.1f}% -> {100 * b['win']:.1f}% ({a['games']:.0f} games each)",
            flush=True,
        )
    if args.out:
        Path(args.out).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--bot", default="expert")
    ap.add_argument("--param", action="append", default=[], help="name=start:scale:lo:hi")
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--deals", type=int, default=60, help="deals per style and variant a run")
    ap.add_argument("--styles", default=",".join(TRAIN_STYLES))
    ap.add_argument("--held-out", default=",".join(HELD_OUT_STYLES))
    ap.add_argument("--variants", default=",".join(TRAIN_VARIANTS))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("-a", dest="a", type=float, default=2.0, help="SPSA step gain")
    ap.add_argument("-c", dest="c", type=float, default=1.0, help="SPSA perturbation (scales)")
    ap.add_argument("-A", dest="A", type=float, default=10.0, help="SPSA step offset")
    ap.add_argument("--log", default="tune.jsonl")
    ap.add_argument("--resume", default="", help="continue the run logged in this file")
    ap.add_argument("--check", default="", help="play start vs tuned options of this log")
    ap.add_argument("--out", default="", help="with --check: write the results as JSON here")
    args = ap.parse_args()
    params = [Param.parse(t) for t in (args.param or DEFAULT_PARAMS)]
    if args.check:
        check(args, params)
    else:
        tune(args, params)
    return 0


if __name__ == "__main__":
    sys.exit(main())
