"""Golden recorded games: any change in play or scoring shows up as a diff."""

from __future__ import annotations

import pytest

from golfcli.record import load_record

from ..golden_games import GOLDEN, record_lines
from ..helpers import TESTS

GOLDEN_DIR = TESTS / "golden"


@pytest.mark.parametrize("spec", GOLDEN, ids=[g.variant for g in GOLDEN])
def test_golden_game_is_unchanged(spec):
    path = GOLDEN_DIR / f"{spec.variant}.jsonl"
    expected = path.read_text(encoding="utf-8").splitlines()
    fresh = record_lines(spec)
    assert len(fresh) == len(expected), "number of holes changed"
    for i, (a, b) in enumerate(zip(fresh, expected, strict=True)):
        assert a == b, (
            f"{path.name} line {i + 1} differs (run scripts/make_golden.py only if intended)"
        )


@pytest.mark.parametrize("spec", GOLDEN, ids=[g.variant for g in GOLDEN])
def test_golden_game_replays(spec):
    rec = load_record(GOLDEN_DIR / f"{spec.variant}.jsonl")
    assert rec.holes
    for hole in rec.holes:
        assert hole.state.result is not None
        assert hole.state.result.totals == hole.scores


@pytest.mark.parametrize("name", ["six-card", "alberta"])
def test_games_recorded_before_keyed_deals_still_replay(name):
    """Records carry their deals, so a change in how cards are dealt (these
    were dealt by the Mersenne Twister from a small seed, before golfcli.keys)
    never stops an old game from replaying to its recorded scores."""
    rec = load_record(GOLDEN_DIR / "before-keys" / f"{name}.jsonl")
    assert rec.holes
    for hole in rec.holes:
        assert hole.state.result is not None
        assert hole.state.result.totals == hole.scores
