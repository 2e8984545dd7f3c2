#!/usr/bin/env python3
"""A hash of every decision the mc bot makes over a fixed set of holes.

Speed work on mc (its rollouts, determinisations, the compiled build) must
not change how it plays: this plays a fixed set of one-hole games with mc
seats and hashes, for every mc decision, the expert's candidates (values in
full ``repr`` precision), every rollout outcome of every search (the
first one and the confirming one) and the action played.  It prints one hex
digest with the counts and the CPU seconds.  Run it before and after a
change, and on both builds (``GOLF_PURE=1`` runs the pure Python sources),
and compare the digests.

The holes cover mc's paths: six-card duels (relative objective, rollouts to
the end of the hole), mc against mc, three players (own score as the
objective), four-card with four seats, and Alberta's 18-card layouts with
partners (short rollouts valued by the expert's estimates).

    python scripts/mc_hash.py              # the default set
    python scripts/mc_hash.py --holes 3    # three times as many holes of each
    python scripts/mc_hash.py --iterations 2   # 2 determinisations a search: the tests' check
"""

from __future__ import annotations

import argparse
import hashlib
import time
from collections.abc import Sequence
from typing import Any

from bench import print_digest  # the result line, naming the build

from golfcli.actions import Action
from golfcli.bots.expert import ExpertBot
from golfcli.bots.mc import MCBot
from golfcli.match import Match
from golfcli.variantload import builtin
from golfcli.view import View

#: (variant, seats, holes at --holes 1 scale): "mc" seats hash, "expert" seats only play
SETS: list[tuple[str, list[str], int]] = [
    ("six-card", ["mc", "expert"], 4),
    ("six-card", ["expert", "mc"], 4),
    ("six-card", ["mc", "mc"], 2),
    ("nine-card", ["mc", "expert", "expert"], 1),
    ("four-card", ["mc", "expert", "mc", "expert"], 1),
    ("alberta", ["mc", "expert", "expert", "expert"], 1),
]


class HashingMC(MCBot):
    """An mc seat that feeds what it computes into a shared hash and plays
    exactly as ``MCBot`` does (it only observes)."""

    def __init__(self, digest: Any, counts: dict[str, int], iterations: int | None = None) -> None:
        super().__init__(iterations=iterations)
        self.digest = digest
        self.counts = counts

    def candidates(self, view: View, legal: Sequence[Action]) -> list[tuple[float, Action]]:
        cands = super().candidates(view, legal)
        self.digest.update(repr([(repr(v), tuple(a)) for v, a in cands]).encode())
        self.counts["searched"] += len(cands) > 1
        return cands

    def search(
        self, view: View, cands: Sequence[Action], iterations: int | None = None
    ) -> list[list[float]]:
        outcomes = super().search(view, cands, iterations)
        self.digest.update(repr([[repr(x) for x in row] for row in outcomes]).encode())
        self.counts["rollouts"] += sum(len(row) for row in outcomes)
        return outcomes

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        action = super().choose(view, legal)
        self.digest.update(repr(("chose", tuple(action))).encode())
        self.counts["decisions"] += 1
        return action


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--holes", type=int, default=1, help="scale of the hole counts (default 1: 13 holes)"
    )
    ap.add_argument(
        "--iterations",
        type=int,
        default=None,
        help="determinisations per search (default: mc's own, 24 or 6 by layout size)",
    )
    args = ap.parse_args()
    digest = hashlib.sha256()
    counts = {"decisions": 0, "searched": 0, "rollouts": 0}
    start = time.process_time()
    for name, seats, holes in SETS:
        v = builtin(name)
        for hole in range(holes * args.holes):
            bots: list[Any] = [
                HashingMC(digest, counts, args.iterations) if s == "mc" else ExpertBot()
                for s in seats
            ]
            res = Match(v, bots, seed=f"mc-hash:{name}:{','.join(seats)}:{hole}", holes=1).play()
            digest.update(repr(res.totals).encode())
    print_digest(digest, counts, start)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
