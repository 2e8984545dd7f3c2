#!/usr/bin/env python3
"""A hash of every expert valuation and move over a fixed set of holes.

Speed work on the expert (memos, incremental valuation) and the compiled
build must not change a single valuation: this plays ``--holes`` one-hole
games of each built-in variant with expert seats only, hashes every
``(value, action)`` list the expert's ``evaluate`` returns (values in full
``repr`` precision) and the move it then makes (``decide``: the last move of
a hole is chosen by its odds, golfcli/bots/endgame.py), and prints one hex
digest with the count and the CPU seconds.  Run it before and after a change, or on both builds
(``GOLF_PURE=1`` runs the pure Python sources), and compare the digests.

    python scripts/expert_hash.py             # 64 holes per variant
    python scripts/expert_hash.py --holes 8   # quicker
    python scripts/expert_hash.py --spec "expert?win=5"   # an option set
"""

from __future__ import annotations

import argparse
import hashlib
import time
from collections.abc import Sequence
from typing import Any

# the result line, naming the build (also on a checkout from before the compiled one)
from bench import print_digest

from golfcli.bots.expert import ExpertBot
from golfcli.bots.registry import make_bot
from golfcli.match import Match
from golfcli.variant import BUILTIN_NAMES
from golfcli.variantload import builtin


class Hashing:
    """An expert seat that feeds every valuation and move into a shared hash
    and moves exactly as ``ExpertBot.choose`` would."""

    wants_view = True

    def __init__(self, digest: Any, counter: list[int], spec: str) -> None:
        inner = make_bot(spec)
        if not isinstance(inner, ExpertBot):
            raise SystemExit(f"--spec {spec!r} is not the expert")
        self.inner = inner
        self.digest = digest
        self.counter = counter

    def seed(self, seed: int | str) -> None:
        self.inner.seed(seed)

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        scored = self.inner.evaluate(view, legal)
        move = self.inner.decide(view, legal, scored)
        self.digest.update(repr([(repr(v), tuple(a)) for v, a in scored]).encode())
        self.digest.update(repr(tuple(move)).encode())
        self.counter[0] += 1
        return move


def play(holes: int, spec: str) -> tuple[Any, int]:
    """The hash of every valuation and move of ``holes`` one-hole games per
    built-in variant, and how many decisions it covers (the test suite calls
    this in process too: tests/engine/test_digests.py)."""
    digest = hashlib.sha256()
    counter = [0]
    for name in BUILTIN_NAMES:
        v = builtin(name)
        players = 4 if name in ("alberta", "four-card") else 2
        for hole in range(holes):
            bots = [Hashing(digest, counter, spec) for _ in range(players)]
            Match(v, bots, seed=f"expert-hash:{name}:{hole}", holes=1).play()
    return digest, counter[0]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--holes", type=int, default=64, help="one-hole games per variant")
    ap.add_argument("--spec", default="expert", help="the expert with options (expert?win=5)")
    args = ap.parse_args()
    start = time.process_time()
    digest, decisions = play(args.holes, args.spec)
    print_digest(digest, {"valuations": decisions}, start)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
