"""Legal moves checked the way chess engines check move generators (perft).

tests/reference_rules.py restates the rules of a hole simply and without the
engine.  Along seeded random playouts (every built-in variant, and option
mixes that switch on knocks, shots, looks, flips instead of drawing, frozen
discards, ...) it counted the legal actions at every step; the counts are kept
in tests/perft.json.  The engine must give the same counts, and the same
actions, at every step; its ``can_*`` answers must agree too.

Regenerate the fixtures (only when a rule changes on purpose) with
``python -m tests.test_perft``.
"""

from __future__ import annotations

import json
import random

import pytest

from golfcli.actions import Action
from golfcli.state import HoleState
from golfcli.variant import Variant
from golfcli.variantload import load_variant

from ..helpers import TESTS
from ..reference_rules import Move, RefHole, pick, playout_counts

FIXTURES = TESTS / "perft.json"
STEPS = 150
SEEDS = (1, 2)

#: (built-in, --set options, players)
CASES: list[tuple[str, tuple[str, ...], int]] = [
    ("six-card", (), 2),
    ("six-card", (), 4),
    ("four-card", (), 3),
    ("nine-card", (), 2),
    ("alberta", (), 3),
    ("alberta", (), 4),  # partners: two sides of two seats
    ("duel", (), 2),
    ("alberta", ("turn.bunker_shot=true", "turn.approach_shot=true"), 2),
    ("four-card", ("turn.look_again=true", "end.frozen_discard=true"), 2),
    (
        "six-card",
        (
            "turn.flip_instead_of_draw=true",
            "turn.flip_after_discard_phase=end_phase",
            "turn.draw_from=[stock]",
        ),
        3,
    ),
    ("nine-card", ("end.final_turns=none", "start.reveal=1", "start.peek=1"), 2),
    ("six-card", ("end.stock_empty=end_hole", "turn.flip_after_discard=never"), 2),
    ("four-card", ("end.turn_limit=3", "turn.flip_after_discard=required"), 2),
    ("four-card", ("end.all_face_up=false", "turn.flip_instead_of_draw=true"), 4),
    ("six-card", ("turn.draw_from=[discard]",), 2),
    # the optional flip once some side has at most one card face down (both
    # seeds discard with no flip before that, and flip or pass after it)
    (
        "four-card",
        (
            "turn.flip_after_discard=optional",
            "turn.flip_after_discard_max_face_down=1",
            "turn.knock=false",
            "turn.draw_from=[stock]",
        ),
        3,
    ),
    ("four-card", ("turn.knock_max_face_down=1",), 2),  # knocking with at most 1 face down
]


def key(name: str, options: tuple[str, ...], players: int, seed: int) -> str:
    return " ".join([name, *options, f"players={players}", f"seed={seed}"])


_VARIANTS: dict[tuple[str, tuple[str, ...]], Variant] = {}


def variant_of(name: str, options: tuple[str, ...]) -> Variant:
    if (name, options) not in _VARIANTS:
        _VARIANTS[name, options] = load_variant(name, list(options))
    return _VARIANTS[name, options]


def all_cases() -> list[tuple[str, tuple[str, ...], int, int]]:
    return [(n, o, p, s) for n, o, p in CASES for s in SEEDS]


def compute_fixtures() -> dict[str, list[int]]:
    return {
        key(n, o, p, s): playout_counts(variant_of(n, o), p, s, STEPS) for n, o, p, s in all_cases()
    }


def engine_moves(st: HoleState) -> list[Move]:
    return sorted((str(a.kind), a.pos, a.pos2) for a in st.legal_actions())


def engine_counts(v: Variant, players: int, seed: int) -> list[int]:
    """The same playout as reference_rules.playout_counts, by the engine."""
    st = HoleState(v, players, dealer=seed % players, rng=random.Random(seed))
    rng = random.Random(seed)
    counts = []
    for _ in range(STEPS):
        moves = engine_moves(st)
        counts.append(len(moves))
        if not moves:
            break
        st.apply(Action(*pick(moves, rng)))
    return counts


@pytest.fixture(scope="module")
def fixtures() -> dict[str, list[int]]:
    data: dict[str, list[int]] = json.loads(FIXTURES.read_text(encoding="utf-8"))
    return data


def test_fixtures_cover_every_builtin_and_end_somewhere(fixtures: dict[str, list[int]]) -> None:
    from golfcli.variant import BUILTIN_NAMES

    assert set(fixtures) == {key(*c) for c in all_cases()}
    assert {n for n, _, _ in CASES} == set(BUILTIN_NAMES)
    # most playouts reach the end of the hole (a 0 count) within the steps
    assert sum(counts[-1] == 0 for counts in fixtures.values()) >= len(fixtures) // 2


@pytest.mark.parametrize(
    ("name", "options", "players", "seed"), all_cases(), ids=[key(*c) for c in all_cases()]
)
def test_engine_counts_equal_the_fixtures(
    fixtures: dict[str, list[int]], name: str, options: tuple[str, ...], players: int, seed: int
) -> None:
    got = engine_counts(variant_of(name, options), players, seed)
    want = fixtures[key(name, options, players, seed)]
    first = next((i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b), None)
    assert got == want, f"first difference at step {first}"


def test_the_reference_recomputes_the_fixtures(fixtures: dict[str, list[int]]) -> None:
    assert compute_fixtures() == fixtures


def can(st: HoleState, kind: str, pos: int, pos2: int) -> bool:
    """The engine's own per-kind yes/no answer for one action."""
    if kind in ("bunker", "approach"):
        return st.can_shot(kind, pos, pos2)
    if kind in ("reveal", "peek", "flip", "look", "swap"):
        return bool(getattr(st, f"can_{kind}")(pos))
    name = {"discard": "can_discard", "pass": "can_pass"}.get(kind, f"can_{kind}")
    return bool(getattr(st, name)())


@pytest.mark.parametrize(("name", "options", "players"), CASES[::2] + CASES[7:8] + CASES[15:16])
def test_engine_and_reference_agree_action_by_action(
    name: str, options: tuple[str, ...], players: int
) -> None:
    """Same playout, engine and reference side by side: the same actions,
    the engine's can_* agree with them, and every action reads back from
    its text and JSON forms (the bot protocol's)."""
    v = variant_of(name, options)
    st = HoleState(v, players, dealer=1 % players, rng=random.Random(11))
    ref = RefHole(v, players, dealer=1 % players)
    rng = random.Random(11)
    n = v.cells
    simple = ["draw_stock", "draw_discard", "knock", "discard", "pass"]
    for _ in range(2000):  # to the end of the hole
        moves = ref.legal()
        assert engine_moves(st) == moves
        assert st.phase == ref.phase and st.current == ref.current
        legal = set(moves)
        probes: list[Move] = [(k, -1, -1) for k in simple]
        positional = ("reveal", "peek", "flip", "look", "swap")
        probes += [(k, p, -1) for k in positional for p in range(-1, n + 1)]  # and off the grid
        if v.turn.bunker_shot or v.turn.approach_shot:
            probes += [(k, 0, q) for k in ("bunker", "approach") for q in range(n)]
        for probe in probes:
            assert can(st, *probe) == (probe in legal), probe
        for m in moves:
            a = Action(*m)
            assert Action.from_json(str(a)) == a and Action.from_json(a.to_json()) == a
        if not moves:
            break
        m = pick(moves, rng)
        st.apply(Action(*m))
        ref.do(m)
    assert st.is_over


if __name__ == "__main__":
    text = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in compute_fixtures().items())
    FIXTURES.write_text("{\n" + text + "\n}\n", encoding="utf-8")
    print(f"wrote {FIXTURES}")
