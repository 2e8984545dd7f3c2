"""golfcli.Hole's tools for programs that drive a hole from outside: action
numbers, a table dealt as given, a stock card chosen by chance outside the
engine, copies.  The framework adapters (OpenSpiel, PettingZoo) stand on
these; docs/api.md and the docstrings show them."""

from __future__ import annotations

import copy
import random
import re
from collections import Counter

import pytest

import golfcli
from golfcli.view import MatchInfo, view

from ..helpers import REPO

ROOT = REPO

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
    with pytest.raises(
        golfcli.GolfError, match=r"^number: must be an action's number from 0 to 62, not "
    ):
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
        (
            {"layouts": ["AC 2C / 3C 4C", 5], "discard": "9C"},
            r"^layouts\[1\]: must be a layout: .*, not 5$",
        ),
        (
            {"layouts": ["AC 2C / 3C 4C", "5C 6C / 7C 8C"], "discard": "9C", "stock": 7},
            "^stock: must be a list of cards, not 7$",
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


# ------------------------------------------------------------ the hole as text, picture, key


def _played_out(seed: int = 1) -> golfcli.Hole:
    hole = golfcli.Hole("six-card", seed=seed)
    rng = random.Random(0)
    while hole.legal_actions():
        hole.apply(rng.choice(hole.legal_actions()))
    return hole


def test_a_hole_as_text_names_who_plays_the_table_and_at_the_end_the_totals() -> None:
    hole = golfcli.Hole("six-card", seed=1)
    assert str(hole) == (
        "P1: ? ? ? / ? ? ?\nP2 (to play): ? ? ? / ? ? ?\nstock 39 cards, discard 7C"
    )
    assert repr(hole) == "<Hole 'six-card', 2 players: setup, P2 to play>"
    for action in ("reveal 1", "reveal 2", "reveal 1", "reveal 2", "draw_discard"):
        hole.apply(action)
    assert str(hole).splitlines()[2:] == ["stock 39 cards, discard empty", "P2 holds 7C"]
    over = _played_out()
    totals = over.state.result.totals
    lines = str(over).splitlines()
    assert [line.split(": ")[:2] for line in lines[:2]] == [
        ["P1", str(totals[0])],
        ["P2", str(totals[1])],
    ]
    assert "(to play)" not in str(over) and repr(over) == "<Hole 'six-card', 2 players: over>"


def test_a_hole_s_picture_shows_the_seat_to_play_and_at_the_end_the_winner_in_bold() -> None:
    hole = golfcli.Hole("six-card", seed=1)
    svg = hole._repr_svg_()
    assert ">six-card, hole 1: setup<" in svg and ">P2 to play<" in svg and ">P1<" in svg
    # every layout card face down: the only face drawn is the discard's 7
    assert re.findall(r">(?:[2-9]|10|[AJQK])<", svg) == [">7<"]
    over = _played_out()
    svg = over._repr_svg_()
    assert ">six-card, hole 1: over<" in svg and "to play" not in svg
    totals = over.state.result.totals
    winner = min(range(2), key=lambda s: totals[s])
    bold = re.findall(r"font-weight='bold'>([^<]*)<", svg)
    assert f"P{winner + 1}: {totals[winner]}" in bold
    assert f"P{2 - winner}: {totals[1 - winner]}" not in bold


def test_a_hole_keeps_its_key_names_and_number_through_clone_and_replay() -> None:
    from golfcli.keys import key_from_seed

    hole = golfcli.Hole("four-card", 3, seed=7, number=2, names=["a", "b", "c"], handicap={1: 1})
    assert hole.key == key_from_seed(7) == golfcli.Hole(key=hole.key).key
    assert hole.state.extra_reveals == {1: 1}  # the extra card seat 1 turns up
    assert golfcli.Hole("six-card", 3).names == ("P1", "P2", "P3")
    with pytest.raises(
        golfcli.GolfError, match=r"^names: must be a list of 3 names, not \['a', 'b'\]$"
    ):
        golfcli.Hole("six-card", 3, names=["a", "b"])
    assert hole.view(0).match.hole == 2
    copy = hole.clone()
    assert (copy.key, copy.names, copy.number, copy.players) == (hole.key, hole.names, 2, 3)
    assert copy.variant is hole.variant and str(copy) == str(hole)
    # the extra card seat 1 turns up is kept through a replay of the log
    again = golfcli.Hole.replay("four-card", 3, hole.events, names=["a", "b", "c"], handicap={1: 1})
    assert (again.names, again.players, again.variant.name) == (("a", "b", "c"), 3, "four-card")
    assert again.state.extra_reveals == {1: 1}
    assert again.state.signature() == hole.state.signature()


def test_a_dealt_hole_takes_its_number_key_names_and_handicap() -> None:
    layouts = ["AC 2C / 3C 4C", "5C 6C / 7C 8C", "9C 10C / JC QC"]
    hole = golfcli.Hole.dealt(
        "four-card", 3, layouts=layouts, discard="KC", seed=4, names=["a", "b", "c"],
        handicap={2: 1}, dealer=1,
    )  # fmt: skip
    assert (hole.number, hole.key, hole.names) == (1, golfcli.Hole(seed=4).key, ("a", "b", "c"))
    assert hole.current == 2  # the seat after the dealer
    assert str(golfcli.Layout([golfcli.Card(c) for c in hole.state.layouts[2]], 2)) == layouts[2]
    assert hole.view(2).match.hole == 1
    third = golfcli.Hole.dealt("four-card", 3, layouts=layouts, discard="KC", seed=4, number=3)
    assert third.number == 3 and third.view(0).match.hole == 3
    with pytest.raises(golfcli.GolfError, match=r"^the table holds more AC, 2C than the deck$"):
        golfcli.Hole.dealt("four-card", layouts=["AC 2C / AC 2C", "5C 6C / 7C 8C"], discard="9C")


def test_an_unknown_action_or_seat_is_one_error_naming_it() -> None:
    from golfcli.actions import Action, IllegalAction

    hole = golfcli.Hole("six-card", seed=1)
    with pytest.raises(IllegalAction, match="unknown action 'bogus'") as exc:
        hole.apply("bogus")
    assert exc.value.rule == "unknown"
    # text that is no action at all is refused as unknown too, by the same rule name
    for text, said in (("swap x", "^bad action 'swap x'$"), ("", "^empty action$")):
        with pytest.raises(IllegalAction, match=said) as exc:
            hole.apply(text)
        assert exc.value.rule == "unknown"
    swap9 = Action("swap", 9)  # a six-card layout has positions 0 to 5
    for call in (
        lambda: hole.action_id(swap9),
        lambda: golfcli.Hole.action_ids("six-card", [swap9]),
    ):
        with pytest.raises(IllegalAction, match=r"^no six-card hole has the action ") as exc:
            call()
        assert exc.value.rule == "unknown"
    for seat in (2, -1):
        with pytest.raises(
            golfcli.GolfError, match=rf"^seat: must be a whole number from 0 to 1, not {seat}$"
        ):
            hole.view(seat)


def test_the_action_numbers_are_every_kind_in_the_engine_s_order() -> None:
    """Built afresh (the hole's numbers are cached per variant, before a test
    could look): one number per kind, per position for the kinds that take
    one, per pair a shot can join; the legal ones sorted, worked out once."""
    from golfcli.actions import ACTION_KINDS, Action
    from golfcli.hole import _ONE_POS, _Ids
    from golfcli.state import catalogue

    six = golfcli.load_variant("six-card")
    ids = _Ids(six)
    cat = catalogue(six)
    shots = {
        "bunker": [a for row in cat.bunker for a in row],
        "approach": [a for row in cat.approach for a in row],
    }
    want: list[Action] = []
    for k in ACTION_KINDS:
        if k in shots:
            want += shots[k]
        else:
            want += [Action(k, p) for p in range(6)] if k in _ONE_POS else [Action(k)]
    assert shots["bunker"] and list(ids.actions) == want
    assert len(want) == golfcli.Hole.action_count("six-card")
    assert all(ids.ids[(str(a.kind), a.pos, a.pos2)] == i for i, a in enumerate(want))
    legal = (Action("swap", 4), Action("draw_stock"))
    got = ids.legal_ids(legal)
    assert got == tuple(sorted((want.index(legal[0]), want.index(legal[1]))))
    assert ids.legal_ids(legal) is got and ids.legal[id(legal)] == (legal, got)


def test_a_replayed_hole_played_past_its_log_reshuffles_from_a_fresh_key() -> None:
    """Replayed from its deal alone and played on until its stock runs out:
    the reshuffle draws from a fresh secret key, so two replays of the same
    log reshuffle differently (and neither needs the original's generator)."""
    v = golfcli.load_variant("six-card", ["turn.flip_after_discard=never"])
    dealt = golfcli.Hole(v, 2, seed=5).events[:1]

    def play_out(hole: golfcli.Hole) -> tuple[int, ...]:
        rng = random.Random(3)
        while not hole.is_over():
            legal = hole.legal_actions()
            kinds = [str(a.kind) for a in legal]
            if "draw_stock" in kinds and rng.random() < 0.9:
                hole.apply("draw_stock")
                continue
            easy = [a for a in legal if a.kind in ("discard", "pass")]
            calm = [a for a in legal if a.kind != "knock"]
            hole.apply(rng.choice(easy or calm or list(legal)))
        shuffles = [e for e in hole.events if e.kind == "reshuffle"]
        assert shuffles, "the stock ran out"
        return tuple(shuffles[0].order)

    one = golfcli.Hole.replay(v, 2, dealt, names=["a", "b"])
    two = golfcli.Hole.replay(v, 2, dealt)
    assert (one.names, two.names, one.players, one.variant) == (("a", "b"), ("P1", "P2"), 2, v)
    assert play_out(one) != play_out(two)


def test_a_holes_picture_draws_each_face_down_card_as_a_back() -> None:
    hole = golfcli.Hole("six-card", seed=1)
    backs = hole._repr_svg_().count("class='card down'")
    hole.apply("reveal 0")
    hole.apply("reveal 1")
    assert hole._repr_svg_().count("class='card down'") == backs - 2
    while not hole.is_over():
        hole.apply(hole.legal_actions()[0])
    assert hole._repr_svg_().count("class='card down'") == backs - 12  # every card up
