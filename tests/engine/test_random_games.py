"""Random legal games over every built-in variant and random option mixes:
cards are conserved, every hole ends, final scores equal the rules restated
independently of the scorer (test_scoring.independent_score) on the final
layouts, and replaying the log gives the same state."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from golfcli.replay import replay_hole
from golfcli.state import HoleState
from golfcli.variant import BUILTIN_NAMES
from golfcli.variantload import load_variant

from ..helpers import independent_score

OPTIONS = [
    "turn.flip_after_discard=optional",
    "turn.flip_after_discard=never",
    "turn.flip_after_discard_phase=end_phase",
    "turn.flip_instead_of_draw=true",
    "turn.knock=true",
    "turn.bunker_shot=true",
    "turn.approach_shot=true",
    "turn.look_again=true",
    "turn.draw_from=[stock]",
    "end.final_turns=none",
    "end.frozen_discard=true",
    "end.stock_empty=end_hole",
    "end.turn_limit=4",
    "start.peek=1",
    "start.reveal=0",
]


@st.composite
def games(draw):  # type: ignore[no-untyped-def]
    name = draw(st.sampled_from(BUILTIN_NAMES))
    opts = draw(st.lists(st.sampled_from(OPTIONS), max_size=4, unique=True))
    v = load_variant(name, opts)
    players = draw(st.sampled_from([p for p in v.players if p <= 6]))
    seed = draw(st.integers(0, 2**32))
    return name, v, players, seed


@settings(max_examples=80, deadline=None)
@given(games())
def test_random_games_conserve_end_score_and_replay(game):
    name, v, players, seed = game
    rng = random.Random(seed)
    deck = sorted(v.deck(players))
    s = HoleState(v, players, dealer=seed % players, rng=random.Random(seed))
    steps = 0
    while not s.is_over:
        legal = s.legal_actions()
        assert legal, "a live hole always offers an action"
        s.apply(legal[int(rng.random() * len(legal))])
        assert sorted(s.all_cards()) == deck
        steps += 1
        assert steps < 20_000, "hole never ended"
    assert s.result is not None
    # the options above change turns, never scoring: the built-in's rules
    # restated give each side its layout plus every other side's penalties
    restated = [independent_score(name, lay) for lay in s.layouts]
    penalties = sum(opp for _, opp in restated)
    assert s.result.totals == tuple(t + penalties - opp for t, opp in restated)
    again = replay_hole(v, players, s.events)
    assert again.signature() == s.signature()
