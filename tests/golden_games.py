"""Golden recorded games: fixed seeds and bots per built-in variant.

``tests/engine/test_golden.py`` records each game afresh and diffs it line by line
with the checked-in file in ``tests/golden/``: any change in dealing, rules,
bots or scoring shows up.  ``scripts/make_golden.py`` rewrites the files
when a change is intended.  A test fixture, so it lives with the tests and
is not shipped in the wheel.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from golfcli.bots.registry import make_bot
from golfcli.match import Match
from golfcli.record import header as record_header
from golfcli.record import hole_line, result_line
from golfcli.variantload import builtin


@dataclass(frozen=True)
class GoldenSpec:
    variant: str
    bots: tuple[str, ...]
    seed: int
    holes: int | None


GOLDEN = (
    GoldenSpec("six-card", ("random", "greedy"), 3, 3),
    GoldenSpec("four-card", ("greedy", "random", "greedy"), 4, 3),
    GoldenSpec("nine-card", ("random", "greedy"), 5, 2),
    GoldenSpec("alberta", ("greedy", "random", "greedy", "random"), 6, 2),
    GoldenSpec("duel", ("random", "greedy"), 7, None),
)


def record_lines(spec: GoldenSpec) -> list[str]:
    v = builtin(spec.variant)
    names = [f"{b}{i + 1}" for i, b in enumerate(spec.bots)]
    bots = [make_bot(b) for b in spec.bots]
    m = Match(v, bots, names, seed=spec.seed, holes=spec.holes, record=True)
    res = m.play()
    lines = [record_header(v, names, spec.seed, m.scoring)]
    lines += [hole_line(h) for h in res.holes]
    lines.append(result_line(res))
    return [json.dumps(x, separators=(",", ":")) for x in lines]
