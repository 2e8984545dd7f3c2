#!/usr/bin/env python3
"""Fit the expert's heads-up win model (``golfcli.bots.expert.WIN_MODEL``).

The expert with ``win=W`` values a move by its expected strokes less ``W``
times the chance of winning the hole after it (``win_chance``).  That chance
is a logistic model of a few numbers the expert already has: the lead (the
opponent's layout value less ours), each side's face-down cards, and whether
our move ends the hole.  This script makes the data and fits it.

Data: the default expert plays heads-up holes against each *training* style
of the field (never the held-out styles, never an outside opponent), on
six-card and on six-card without the flip after a discard, both seats of
every deal.  After each of the expert's moves, before anyone is out or as it
goes out, the position is recorded as the expert sees it, and labelled with
the hole's result (1 won, 0.5 tied, 0 lost).  The fit is maximum likelihood
(Newton's method with numpy, from the test extras; a little L2 for
stability), with the log loss of a 5-fold cross-validation by deal printed,
so that a feature which only fits noise shows.

    python scripts/win_model.py --deals 200          # prints WIN_MODEL
"""

from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ProcessPoolExecutor

import numpy as np  # the test extras have it
from ladder import field_variant
from strength_common import win_share
from tune import TRAIN_STYLES

from golfcli.bots.evaluator import Evaluator
from golfcli.bots.registry import make_bot
from golfcli.keys import KeyedRandom, bot_seed, derive
from golfcli.state import OVER, HoleState
from golfcli.view import view

#: (features, label): features as ``win_chance`` reads them
Row = tuple[list[float], float]


def features(lead: float, down_me: int, down_opp: int, ends: bool) -> list[float]:
    """The model's inputs, in WIN_MODEL's order (see ``win_chance``)."""
    if ends:
        return [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, lead]
    return [lead, 1.0, down_me, down_opp, lead * down_me, lead * down_opp, 0.0, 0.0]


def play(args: tuple[str, str, int, str]) -> list[tuple[int, Row]]:
    """Both seats of one deal: the expert's positions, labelled."""
    variant_name, style, deal, tag = args
    variant = field_variant(variant_name)
    out: list[tuple[int, Row]] = []
    for me in (0, 1):
        key = f"{tag}:{variant_name}:{deal}"
        names = ["expert", "field"] if me == 0 else ["field", "expert"]
        bots = [make_bot("expert" if n == "expert" else f"field?style={style}") for n in names]
        for seat, bot in enumerate(bots):
            bot.seed(bot_seed(key, names[seat]))
        st = HoleState(variant, 2, 0, KeyedRandom(derive(key, "hole:1")))
        seen: list[list[float]] = []
        while st.phase != OVER:
            seat = st.current
            act = bots[seat].choose(view(st, seat), st.legal_actions())
            st.apply_trusted(act)
            if seat == me and st.current != me and st.phase == "draw":
                v = view(st, me)
                if v.closer is not None and v.closer != v.side:
                    continue  # the opponent is out: the hole's last move, not modelled
                ev = Evaluator(v)
                mine = ev.value(ev.mine)
                rival = ev.value(list(v.layouts[1 - v.side]))
                down = [sum(1 for c in lay if c is None) for lay in v.layouts]
                ends = v.closer == v.side
                seen.append(features(rival - mine, down[v.side], down[1 - v.side], ends))
        totals = st.result.totals
        label = win_share(totals, me)
        out.extend((deal, (f, label)) for f in seen)
    return out


def fit(rows: list[Row], l2: float = 1e-3, steps: int = 30) -> np.ndarray:
    """Logistic regression by Newton's method (a label may be 0.5: a tie)."""
    x = np.array([f for f, _ in rows])
    y = np.array([label for _, label in rows])
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1.0 - p))[:, None]).T @ x + l2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def log_loss(rows: list[Row], w: np.ndarray) -> float:
    x = np.array([f for f, _ in rows])
    y = np.array([label for _, label in rows])
    p = np.clip(1.0 / (1.0 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=200, help="deals per style and variant")
    ap.add_argument("--variants", default="six-card,six-card-no-flip")
    ap.add_argument("--tag", default="win-model", help="the deals' seed")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    jobs = [
        (variant, style, deal, args.tag)
        for variant in args.variants.split(",")
        for style in TRAIN_STYLES
        for deal in range(args.deals)
    ]
    data: list[tuple[int, Row]] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for part in pool.map(play, jobs, chunksize=8):
            data.extend(part)
    rows = [r for _, r in data]
    folds = [[r for d, r in data if d % 5 != f] for f in range(5)]
    tests = [[r for d, r in data if d % 5 == f] for f in range(5)]
    cv = [log_loss(t, fit(tr)) for tr, t in zip(folds, tests, strict=True) if t and tr]
    cv_loss = sum(cv) / max(1, len(cv))
    w = fit(rows)
    print(
        f"{len(rows)} positions from {len(jobs) * 2} holes; cross-validated log loss {cv_loss:.4f}"
    )
    print("WIN_MODEL = (" + ", ".join(f"{x:.4f}" for x in w) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
