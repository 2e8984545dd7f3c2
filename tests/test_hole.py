"""golfcli.Hole's tools for programs that drive a hole from outside: action
numbers, a table dealt as given, a stock card chosen by chance outside the
engine, copies.  The framework adapters (OpenSpiel, PettingZoo) stand on
these; docs/api.md and the docstrings show them."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

import golfcli
from golfcli.view import MatchInfo, view

BUILTINS = [("six-card", 2), ("four-card", 3), ("nine-card", 2), ("alberta", 4), ("duel", 2)]


def play_some(hole: golfcli.Hole, rng: random.Random, moves: int = 10_000) -> None:
    for _ in range(moves):
        if hole.is_over():
            return
        legal = hole.legal_actions()
        hole.apply(legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize(("name", "players"), BUILTINS)
def test_every_legal_action_has_a_number_and_back(name: str, players: int) -> None:
    count = golfcli.Hole.action_count(name)
    rng = random.Random(7)
    seen: set[int] = set()
    for seed in range(4):
        hole = golfcli.Hole(name, players, seed=seed)
        other = golfcli.Hole(name, players, seed=seed + 100)  # any hole numbers alike
        while not hole.is_over():
            legal = hole.legal_actions()
            ids = hole.legal_ids()
            assert list(ids) == sorted(ids), "legal numbers come in increasing order"
            assert sorted(hole.action_id(a) for a in legal) == list(ids)
            assert golfcli.Hole.action_ids(name, legal) == tuple(hole.action_id(a) for a in legal)
            for a in legal:
                number = hole.action_id(a)
                assert 0 <= number < count
                assert hole.action_of(number) == a
                assert other.action_id(a) == number
                assert hole.action_id(str(a)) == number  # the action's text too
            seen.update(ids)
            hole.apply(legal[int(rng.random() * len(legal))])
        assert hole.legal_ids() == ()
    assert len(seen) > 4


def test_an_action_no_hole_of_the_variant_has_has_no_number() -> None:
    hole = golfcli.Hole("six-card", seed=1)
    with pytest.raises(golfcli.IllegalAction, match="bunker 0 2"):
        hole.action_id(golfcli.Action("bunker", 0, 2))  # not an adjacent column
    with pytest.raises(golfcli.IllegalAction):
        hole.action_id("swap 6")  # off a 2x3 layout
    with pytest.raises(golfcli.IllegalAction, match="bunker"):
        golfcli.Hole.action_ids(
            "six-card", [golfcli.Action("swap", 0), golfcli.Action("bunker", 0, 2)]
        )
    with pytest.raises(golfcli.GolfError, match="numbered 0 to 62"):
        hole.action_of(63)
    assert golfcli.Hole.action_count("six-card") == 63


def test_a_table_is_dealt_as_given_and_replays() -> None:
    v = golfcli.load_variant("six-card")
    deck = sorted(v.deck(2))
    rng = random.Random(3)
    rng.shuffle(deck)
    layouts, discard, stock = [deck[:6], deck[6:12]], deck[12], deck[13:]
    for dealer in (0, 1):
        hole = golfcli.Hole.dealt(
            "six-card", 2, layouts=layouts, discard=discard, stock=stock, dealer=dealer
        )
        assert [list(lay) for lay in hole.state.layouts] == layouts
        assert hole.discard == (golfcli.Card(discard),)
        assert list(hole.state.stock) == stock
        assert hole.stock_cards() == tuple(sorted(stock))
        assert hole.current == (dealer + 1) % 2
        play_some(hole, rng)
        again = golfcli.Hole.replay("six-card", 2, hole.events)
        assert again.state.signature() == hole.state.signature()
    # the stock by default: the rest of the deck, shuffled from the key
    a = golfcli.Hole.dealt("six-card", layouts=layouts, discard=discard, seed=5)
    b = golfcli.Hole.dealt("six-card", layouts=layouts, discard=discard, seed=5)
    c = golfcli.Hole.dealt("six-card", layouts=layouts, discard=discard, seed=6)
    assert Counter(a.state.stock) == Counter(stock)
    assert a.state.stock == b.state.stock != c.state.stock
    # cards in notation, a layout's text
    hole = golfcli.Hole.dealt(
        "four-card", layouts=["AC 2C / 3C 4C", "5C 6C / 7C 8C"], discard="9C", seed=1
    )
    assert str(golfcli.Layout([golfcli.Card(c) for c in hole.state.layouts[1]], 2)) == (
        "5C 6C / 7C 8C"
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"layouts": ["AC 2C / 3C 4C"], "discard": "9C"}, "1 layouts for 2 sides"),
        ({"layouts": ["AC 2C / 3C 4C", "5C 6C"], "discard": "9C"}, "layout 2 has 2 cards"),
        ({"layouts": ["AC AC / 3C 4C", "5C 6C / 7C 8C"], "discard": "9C"}, "more AC than"),
        ({"layouts": ["AC 2C / 3C 4C", "5C 6C / 7C 8C"], "discard": "9"}, "more 9 than"),
        (
            {"layouts": ["AC 2C / 3C 4C", "5C 6C / 7C 8C"], "discard": "9C", "stock": ["KS"]},
            "are not the deck",
        ),
        # each place named: which layout, or the stock, is not cards
        ({"layouts": ["AC 2C / 3C 4C", 5], "discard": "9C"}, "^layout 2: not a list of cards$"),
        (
            {"layouts": ["AC 2C / 3C 4C", "5C 6C / 7C 8C"], "discard": "9C", "stock": 7},
            "^stock: not a list of cards$",
        ),
    ],
)
def test_a_table_that_is_not_the_deck_is_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(golfcli.GolfError, match=message):
        golfcli.Hole.dealt("four-card", 2, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "players"), BUILTINS)
def test_a_stacked_card_is_drawn_next_and_the_log_still_replays(name: str, players: int) -> None:
    """Stack a card before every stock draw (through reshuffles: with no
    flip after a discard, a policy that favours the stock and discarding
    runs it out), and the hole plays those cards; its log replays to the
    very same state."""
    v = golfcli.load_variant(name, ["turn.flip_after_discard=never"])
    rng = random.Random(11)
    reshuffled = 0
    for seed in range(3):
        hole = golfcli.Hole(v, players, seed=seed, number=2)
        while not hole.is_over():
            legal = hole.legal_actions()
            kinds = [str(a.kind) for a in legal]
            if "draw_stock" in kinds and rng.random() < 0.9:
                card = rng.choice(hole.stock_cards())
                hole.stack(card)
                hole.apply("draw_stock")
                assert hole.state.drawn == card
                continue
            easy = [a for a in legal if a.kind in ("discard", "pass")]
            calm = [a for a in legal if a.kind != "knock"]
            hole.apply(rng.choice(easy or calm or list(legal)))
        reshuffled += sum(e.kind == "reshuffle" for e in hole.events)
        again = golfcli.Hole.replay(v, players, hole.events)
        assert again.state.signature() == hole.state.signature()
    assert reshuffled, "the test runs a stock out"


def test_stacking_a_card_that_is_not_in_the_stock_is_refused() -> None:
    hole = golfcli.Hole("six-card", seed=1)
    top = hole.discard[-1]
    with pytest.raises(golfcli.GolfError, match=f"no {top} in the stock"):
        hole.stack(top)


def test_a_deep_copy_is_a_clone() -> None:
    hole = golfcli.Hole("six-card", seed=4)
    play_some(hole, random.Random(1), moves=9)
    twin = copy.deepcopy(hole)
    assert twin is not hole and twin.state is not hole.state
    rng_a, rng_b = random.Random(2), random.Random(2)
    play_some(hole, rng_a)
    play_some(twin, rng_b)
    assert twin.events == hole.events


@pytest.mark.parametrize(("name", "players"), BUILTINS)
def test_a_view_is_the_censor_s_view_at_every_step(name: str, players: int) -> None:
    """``hole.view`` keeps each seat's censored log between calls (a view
    censors only the new events): it is the one censor's view, asked afresh."""
    hole = golfcli.Hole(name, players, seed=2)
    rng = random.Random(5)
    while True:
        for seat in range(players):
            fresh = view(hole.state, seat, MatchInfo(1, names=hole.side_names()))
            assert hole.view(seat) == fresh
        if hole.is_over():
            break
        legal = hole.legal_actions()
        hole.apply(legal[int(rng.random() * len(legal))])
    assert hole.clone().view(0) == hole.view(0)
