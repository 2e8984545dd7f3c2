"""The expert's ``win`` option: every heads-up decision valued by its
expected strokes less ``win`` times the chance of winning the hole
(golfcli/bots/expert.py, ``win_chance``; fitted by scripts/win_model.py)."""

from __future__ import annotations

import math
import random

import pytest

from golfcli.actions import Action
from golfcli.bots import BotSpecError
from golfcli.bots.evaluator import Evaluator
from golfcli.bots.expert import WIN_MODEL, ExpertBot, win_chance
from golfcli.bots.registry import make_bot
from golfcli.match import play_match
from golfcli.variant import Variant
from golfcli.variantload import builtin, load_variant
from golfcli.view import View, view

from ..helpers import REPO, cards, position, script_module

SIX = builtin("six-card")
#: six-card as most online games play it: a discard turns no card up
NO_FLIP = load_variant(
    {"extends": "six-card", "name": "no-flip", "turn": {"flip_after_discard": "never"}}
)


def behind(variant: Variant = SIX) -> tuple[View, list[Action]]:
    """Our 6 ? J / 6 3 ? (the sixes pair) against 4 3 3 / A ? K, one card
    from going out and about five strokes better; we hold an 8 from the
    stock.  On the J it saves two strokes for sure and keeps both cards
    face down; discarded, one of them must be turned up."""
    st = position(
        variant,
        ["6C 5S JS / 6S 3H JH", "4S 3C 3S / AC 4C KS"],
        ["101/110", "111/101"],
        "9H 7D 8H 9D 5C 4D",
        phase="place",
        drawn="8D",
    )
    return view(st, 0), st.legal_actions()


def test_the_chance_rises_with_the_lead_and_a_lead_counts_more_late() -> None:
    for down in range(4):
        chances = [win_chance(lead, down, down, False) for lead in (-6.0, -2.0, 0.0, 2.0, 6.0)]
        assert chances == sorted(chances) and 0.0 < chances[0] < chances[-1] < 1.0

    # a lead counts for more with fewer cards face down (less can change)
    def spread(down: int) -> float:
        return win_chance(4.0, down, down, False) - win_chance(-4.0, down, down, False)

    assert spread(0) > spread(2) > spread(4) > 0
    # going out, the opponent still plays once: an even lead is not an even chance
    assert win_chance(0.0, 0, 2, True) < 0.5 < win_chance(5.0, 0, 2, True)


def test_each_move_is_its_strokes_less_win_times_its_chance() -> None:
    v, legal = behind()
    plain = dict((a, x) for x, a in ExpertBot(seed=1).evaluate(v, legal))
    odds = dict((a, x) for x, a in ExpertBot(seed=1, win=10).evaluate(v, legal))
    ev = Evaluator(v)
    rival = ev.value(list(v.layouts[1]))
    eight_on_jack = [*cards("6C"), None, *cards("8D 6S 3H"), None]
    lead = rival - ev.value(eight_on_jack)
    swap = Action("swap", 2)
    assert odds[swap] == pytest.approx(plain[swap] - 10 * win_chance(lead, 2, 1, False))
    assert all(odds[a] < plain[a] for a in plain)


def test_a_discard_that_turns_nothing_up_keeps_its_chance() -> None:
    v, legal = behind(NO_FLIP)
    plain = dict((a, x) for x, a in ExpertBot(seed=1).evaluate(v, legal))
    odds = dict((a, x) for x, a in ExpertBot(seed=1, win=10).evaluate(v, legal))
    ev = Evaluator(v)
    lead = ev.value(list(v.layouts[1])) - ev.value(ev.mine)
    discard = Action("discard")
    assert odds[discard] == pytest.approx(plain[discard] - 10 * win_chance(lead, 2, 1, False))


def test_behind_it_turns_a_card_up_where_strokes_alone_would_take_two() -> None:
    v, legal = behind()
    assert ExpertBot(seed=1).choose(v, legal) == Action("swap", 2)
    assert ExpertBot(seed=1, win=5).choose(v, legal) == Action("discard")


def test_off_by_default_and_never_negative() -> None:
    assert ExpertBot().win == 0.0
    assert make_bot("expert?win=5").win == 5.0  # type: ignore[attr-defined]
    with pytest.raises(BotSpecError, match="win must be at least 0"):
        make_bot("expert?win=-1")


def test_it_plays_the_same_for_a_seed() -> None:
    runs = {
        tuple(play_match("six-card", ["expert?win=5", "greedy"], seed=s, holes=3).totals)
        for s in (7, 7)
    }
    assert len(runs) == 1


def test_the_fitting_script_reads_the_positions_as_the_bot_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """scripts/win_model.py's features, weighed by WIN_MODEL, are the bot's
    chance; and its fit finds the weights that made a sample."""
    monkeypatch.syspath_prepend(str(REPO / "scripts"))
    wm = script_module("win_model")
    for lead, me, opp, ends in [(3.5, 2, 1, False), (-4.0, 0, 3, False), (2.0, 0, 1, True)]:
        z = sum(w * x for w, x in zip(WIN_MODEL, wm.features(lead, me, opp, ends), strict=True))
        assert win_chance(lead, me, opp, ends) == pytest.approx(1 / (1 + math.exp(-z)))
    rng = random.Random(3)
    truth = [0.3, -0.2, -0.1, 0.25, -0.01, -0.02, -0.4, 0.2]
    rows = []
    for _ in range(20_000):
        x = wm.features(rng.uniform(-8, 8), rng.randrange(4), rng.randrange(4), rng.random() < 0.2)
        p = 1 / (1 + math.exp(-sum(w * f for w, f in zip(truth, x, strict=True))))
        rows.append((x, 1.0 if rng.random() < p else 0.0))
    assert list(wm.fit(rows)) == pytest.approx(truth, abs=0.1)


def test_it_plays_heads_up_only() -> None:
    """The model was fitted on two-player holes: with more players (Alberta's
    partners make two sides of four players) the expert plays as without it."""
    plain = play_match("alberta", ["expert"] * 4, seed=5, holes=1).totals
    assert play_match("alberta", ["expert?win=5"] * 4, seed=5, holes=1).totals == plain
