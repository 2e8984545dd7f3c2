"""What a seat sees.

Hidden cards stay hidden: a seat's view does not change when any card hidden
from that seat changes (property tests over random games).  And what the view
*does* say, with every value worked out by hand: the protocol's event and view
shapes (docs/bot-protocol.md), who sees a drawn card, which remembered cards
are listed, and that a reshuffled stock's order reaches nobody.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from golfcli.actions import Action
from golfcli.cards import card_str
from golfcli.events import Event
from golfcli.state import HoleState
from golfcli.variant import Variant
from golfcli.variantload import builtin
from golfcli.view import MatchInfo, censor, event_json, view

from ..helpers import CASES, cards, hidden_shuffled, random_hole, variant


@settings(max_examples=60, deadline=None)
@given(
    case=st.sampled_from(CASES),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 80),
    perm_seed=st.integers(0, 10**6),
)
def test_changing_hidden_cards_leaves_view_unchanged(case, seed, steps, perm_seed):
    name, players = case
    s = random_hole(builtin(name), players, seed, steps)
    if s is None:
        return
    for seat in range(players):
        before = view(s, seat)
        other = hidden_shuffled(s, seat, random.Random(perm_seed))
        assert view(other, seat) == before
        assert view(other, seat).to_json() == before.to_json()


def test_a_visible_change_does_change_the_view():
    """The property above must be able to fail: a face-up change shows."""
    s = HoleState(builtin("six-card"), 2, 0, random.Random(1))
    while s.phase == "setup":
        s.apply(s.legal_actions()[0])
    other = s.clone(keep_events=True)
    pos = next(p for p in range(6) if other.up[0] >> p & 1)
    other.layouts[0][pos] = (
        other.stock[0] if other.stock[0] != other.layouts[0][pos] else other.stock[1]
    )
    assert view(other, 1) != view(s, 1)


def test_peeked_cards_only_for_the_peeker():
    s = HoleState(builtin("four-card"), 2, dealer=1, rng=random.Random(3))
    s.peek(0)
    s.peek(1)
    mine = view(s, 0)
    theirs = view(s, 1)
    assert dict(mine.memory) == {0: s.layouts[0][0], 1: s.layouts[0][1]}
    assert theirs.memory == ()
    assert theirs.layouts[0] == (None,) * 4
    peeks = [e for e in theirs.history if e.kind == "peek"]
    assert peeks and all(e.data[1] is None for e in peeks)


def test_drawn_stock_card_only_for_the_drawer():
    s = HoleState(builtin("six-card"), 2, dealer=1, rng=random.Random(3))
    while s.phase == "setup":
        s.apply(s.legal_actions()[0])
    s.draw_stock()
    assert view(s, 0).drawn == s.drawn
    assert view(s, 1).drawn is None
    assert view(s, 1).history[-1].data == ("stock", None)
    assert view(s, 1).stock_size == view(s, 0).stock_size


def test_variant_data_seen_by_a_bot_is_read_only():
    s = HoleState(builtin("six-card"), 2, 0, random.Random(1))
    v = view(s, 0)
    import pytest

    with pytest.raises(TypeError):
        v.variant.data["name"] = "mine"  # type: ignore[index]
    with pytest.raises(TypeError):
        v.variant.data["values"]["ranks"]["K"] = -100  # type: ignore[index]
    copy = v.variant.to_data()
    copy["values"]["ranks"]["K"] = -100
    assert builtin("six-card").data["values"]["ranks"]["K"] == 0


def test_a_view_with_the_seats_seen_history_is_the_same_view() -> None:
    """view(..., seen=) censors only the events logged since the seat's last
    view: at every decision of holes with reshuffles and every seat, the
    same view as one censoring the whole log."""
    from golfcli.keys import KeyedRandom

    for name, players in (("six-card", 2), ("alberta", 4), ("four-card", 3)):
        variant = builtin(name)
        for key in ("a", "b", "c"):
            hole = HoleState(variant, players, 0, KeyedRandom(f"{name}:{key}"))
            seen: list[list[Event]] = [[] for _ in range(players)]
            rng = KeyedRandom(key)
            steps = 0
            while hole.phase != "over" and steps < 3000:
                for seat in range(players):
                    assert view(hole, seat, None, seen[seat]) == view(hole, seat)
                    # the caller's list now holds the seat's whole censored
                    # history, so the next view censors only what follows
                    assert seen[seat] == list(view(hole, seat).history)
                legal = hole.legal_actions()
                hole.apply_trusted(legal[int(rng.random() * len(legal))])
                steps += 1
            for seat in range(players):
                assert view(hole, seat, None, seen[seat]).history == view(hole, seat).history


# ---------------------------------------------------------------- fields worked by hand


def assembled(v: Variant, rng: random.Random, **kw: Any) -> HoleState:
    """Two six-card layouts with known cards; seat 0 to draw; dealer seat 1."""
    base: dict[str, Any] = dict(
        layouts=[cards("5 K 2 / 5 7 9"), cards("3 6 8 / J Q 10")],
        up=[0b000011, 0],
        stock=cards("AH 7C QS"),  # drawn from the end: QS, then 7C, then AH
        discard=cards("8D"),
        current=0,
        phase="draw",
    )
    base.update(kw)
    return HoleState.assemble(v, 2, 1, rng=rng, **base)


def play(st: HoleState, *actions: str) -> None:
    for a in actions:
        st.apply(Action.from_json(a))


# The hole played by ``play_to_reshuffle``: two turns each, the stock runs out.
TURNS = (
    "draw_stock", "swap 5",  # seat 0 takes QS for its 9
    "draw_discard", "swap 0",  # seat 1 takes the 9 for its 3
    "draw_stock", "discard", "flip 2",  # seat 0 throws 7C away, turns up its 2
    "draw_stock", "discard", "flip 1",  # seat 1 throws AH away, turns up its 6
)  # fmt: skip


def play_to_reshuffle(rng: random.Random) -> HoleState:
    st = assembled(builtin("six-card"), rng)
    play(st, *TURNS)
    return st


SEAT1_HISTORY = [
    {"kind": "draw", "seat": 0, "source": "stock", "card": None},
    {"kind": "swap", "seat": 0, "pos": 5, "card": "QS", "replaced": "9", "was_face_up": False},
    {"kind": "draw", "seat": 1, "source": "discard", "card": "9"},
    {"kind": "swap", "seat": 1, "pos": 0, "card": "9", "replaced": "3", "was_face_up": False},
    {"kind": "draw", "seat": 0, "source": "stock", "card": None},
    {"kind": "discard", "seat": 0, "card": "7C"},
    {"kind": "flip", "seat": 0, "pos": 2, "card": "2"},
    {"kind": "draw", "seat": 1, "source": "stock", "card": "AH"},
    {"kind": "discard", "seat": 1, "card": "AH"},
    {"kind": "flip", "seat": 1, "pos": 1, "card": "6"},
]


def test_view_json_of_a_worked_hole() -> None:
    """Every field of the protocol's view (docs/bot-protocol.md), worked by hand."""
    st = play_to_reshuffle(random.Random(0))
    got = view(st, 1, MatchInfo(hole=3, holes=9, totals=(12, -4), names=("a", "b"))).to_json()
    history = got.pop("history")
    assert got == {
        "seat": 1,
        "side": 1,
        "players": 2,
        "side_of": [0, 1],
        "phase": "draw",
        "current": 0,
        "rows": 2,
        "cols": 3,
        # seat 0: 5 K start up, 2 flipped, QS swapped in at 5; seat 1: 9 at 0, 6 flipped
        "layouts": [["5", "K", "2", None, None, "QS"], ["9", "6", None, None, None, None]],
        "memory": {},
        "discard": ["AH"],  # the top discard stays; 8D 3 7C went into the new stock
        "stock_size": 3,
        "drawn": None,
        "drawn_from": None,
        "closer": None,
        "final_turn": False,
        "turns": [2, 2],
        "dealer": 1,
        "hole": 3,
        "holes": 9,
        "totals": [12, -4],
    }
    assert history[:-1] == SEAT1_HISTORY
    assert history[-1]["kind"] == "reshuffle" and history[-1]["order"] is None


def test_seat_0_sees_its_own_draws_and_the_others_face_up_cards() -> None:
    st = play_to_reshuffle(random.Random(0))
    mine = [event_json(e) for e in view(st, 0).history]
    assert mine[0] == {"kind": "draw", "seat": 0, "source": "stock", "card": "QS"}
    assert mine[4] == {"kind": "draw", "seat": 0, "source": "stock", "card": "7C"}
    assert mine[7] == {"kind": "draw", "seat": 1, "source": "stock", "card": None}
    assert mine[1:4] == SEAT1_HISTORY[1:4] and mine[5:7] == SEAT1_HISTORY[5:7]


def test_view_object_fields() -> None:
    st = assembled(builtin("six-card"), random.Random(0))
    play(st, "draw_stock", "swap 5", "draw_stock")
    for seat in (0, 1):
        v = view(st, seat)
        assert (v.seat, v.side, v.current, v.dealer, v.phase) == (seat, seat, 1, 1, "place")
        assert v.stock_size == 1 and v.drawn_from == "stock"
        assert v.closer is None and v.final_turn is False
        assert v.turns == (1, 0)
        assert v.turn_limit_left == 50 * 2 - 1  # six-card: 50 turns per seat, one played
        assert v.match == MatchInfo()
    # the card drawn from the stock is seen by the drawer only
    assert view(st, 1).drawn == cards("7C")[0] and view(st, 0).drawn is None


def test_a_card_taken_from_the_discard_is_seen_by_everyone() -> None:
    st = assembled(builtin("six-card"), random.Random(0))
    play(st, "draw_discard")
    for seat in (0, 1):
        v = view(st, seat)
        assert v.drawn == cards("8D")[0] and v.drawn_from == "discard"
        assert event_json(v.history[-1]) == {
            "kind": "draw",
            "seat": 0,
            "source": "discard",
            "card": "8D",
        }


def test_a_view_before_any_draw_holds_no_card() -> None:
    v = view(assembled(builtin("six-card"), random.Random(0)), 0)
    assert v.drawn is None and v.drawn_from == ""
    assert v.to_json()["drawn_from"] is None


def test_final_turn_and_closer_in_the_view() -> None:
    st = assembled(builtin("six-card"), random.Random(0), up=[0b011111, 0])
    play(st, "draw_stock", "swap 5")  # seat 0's last card: it is out
    for seat in (0, 1):
        v = view(st, seat)
        assert v.closer == 0 and v.final_turn is True
        assert v.to_json()["closer"] == 0 and v.to_json()["final_turn"] is True
    assert event_json(st.events[-1]) == {"kind": "out", "seat": 0, "side": 0}


def test_the_reshuffled_stock_order_reaches_no_seat() -> None:
    """Two holes alike except for the order a reshuffle put the stock in:
    no seat's view, object or JSON, tells them apart."""
    a = play_to_reshuffle(random.Random(1))
    # another generator whose shuffle puts the three cards in another order
    b = next(
        s for s in (play_to_reshuffle(random.Random(k)) for k in range(2, 20)) if s.stock != a.stock
    )
    assert sorted(a.stock) == sorted(b.stock) == sorted(cards("8D 3 7C"))
    for seat in (0, 1):
        assert view(a, seat) == view(b, seat)
        assert view(a, seat).to_json() == view(b, seat).to_json()
        # the event itself stays: chance's (seat -1), not the order
        seen = view(a, seat).history[-1]
        assert (seen.kind, seen.seat) == ("reshuffle", -1) == (a.events[-1].kind, a.events[-1].seat)


def test_remembered_cards_are_listed_only_while_face_down() -> None:
    # four-card: seat 0 peeks at 2 and 3; turning 3 up (optional flip after
    # a discard) takes it out of memory, as every face-up card is in layouts.
    v4 = builtin("four-card")
    st = HoleState(v4, 2, dealer=1, rng=random.Random(3))
    play(st, "peek 2", "peek 3", "peek 0", "peek 1")
    lay = st.layouts[0]
    assert dict(view(st, 0).memory) == {2: lay[2], 3: lay[3]}
    play(st, "draw_stock", "discard", "flip 3")
    assert dict(view(st, 0).memory) == {2: lay[2]}
    assert view(st, 0).to_json()["memory"] == {"2": card_str(lay[2])}
    assert view(st, 0).layouts[0][3] == lay[3]


def test_own_peeks_and_looks_keep_their_cards_others_do_not() -> None:
    v = variant("four-card", "turn.look_again=true")
    st = HoleState(v, 2, dealer=1, rng=random.Random(5))
    play(st, "peek 0", "peek 1", "peek 2", "peek 3", "look 3")
    mine, theirs = view(st, 0).history, view(st, 1).history
    lay = st.layouts[0]
    assert [event_json(e) for e in mine[1:3]] == [
        {"kind": "peek", "seat": 0, "pos": p, "card": card_str(lay[p])} for p in (0, 1)
    ]
    assert event_json(mine[-1]) == {"kind": "look", "seat": 0, "pos": 3, "card": card_str(lay[3])}
    # the other seat learns that seat 0 peeked and looked, and where; not the card
    assert [event_json(e) for e in theirs[1:3]] == [
        {"kind": "peek", "seat": 0, "pos": 0, "card": None},
        {"kind": "peek", "seat": 0, "pos": 1, "card": None},
    ]
    assert event_json(theirs[-1]) == {"kind": "look", "seat": 0, "pos": 3, "card": None}
    # and its own peeks are its own again
    assert event_json(theirs[3])["card"] is not None


def test_censoring_blanks_cards_and_changes_nothing_else() -> None:
    """For every event of played holes and every seat: same kind, same seat,
    same data except the hidden card (``None``)."""
    for name, players in (("four-card", 3), ("six-card", 2), ("alberta", 4)):
        v = variant(name, "turn.look_again=true") if name == "four-card" else builtin(name)
        st = HoleState(v, players, dealer=0, rng=random.Random(7))
        rng = random.Random(7)
        while not st.is_over:
            st.apply(rng.choice(st.legal_actions()))
        for seat in range(players):
            for ev in st.events:
                seen = censor(ev, seat)
                assert (seen.kind, seen.seat) == (ev.kind, ev.seat)
                hidden = (
                    ev.kind in ("deal", "reshuffle")
                    or (ev.kind in ("peek", "look") and ev.seat != seat)
                    or (ev.kind == "draw" and ev.data[0] == "stock" and ev.seat != seat)
                )
                if not hidden:
                    assert seen == ev
                elif ev.kind == "reshuffle":
                    assert not any(isinstance(x, tuple | list) and x for x in seen.data)
                else:  # exactly the card (the deal: the deck order) is blanked
                    assert seen.data[-1] is None and ev.data[-1] is not None
                    assert tuple(seen.data[:-1]) == tuple(ev.data[:-1])


def test_event_json_of_every_kind() -> None:
    """The protocol's event shapes, for the kinds the holes above do not make."""
    v = variant("alberta", "turn.bunker_shot=true", "turn.approach_shot=true")
    lay = "A 2 3 4 5 6 / 7 8 9 10 J Q / K A 2 3 4 5"
    st = HoleState.assemble(
        v,
        2,
        1,
        layouts=[cards(lay), cards(lay)],
        up=[1, 1],
        stock=cards("3 3 3"),
        discard=cards("8"),
        current=0,
        phase="draw",
    )
    play(st, "bunker 0 7", "approach 0 5")
    assert [event_json(e) for e in st.events] == [
        {"kind": "bunker", "seat": 0, "pos": 0, "pos2": 7},
        {"kind": "approach", "seat": 1, "pos": 0, "pos2": 5},
    ]
    k = HoleState.assemble(
        builtin("four-card"),
        2,
        1,
        layouts=[cards("5 K / 5 7"), cards("4 4 / 4 6")],
        up=[0, 0],
        stock=cards("3"),
        discard=cards("8"),
        current=0,
        phase="draw",
    )
    play(k, "knock", "draw_stock", "discard", "pass")
    got = [event_json(e) for e in k.events]
    assert got[0] == {"kind": "knock", "seat": 0}
    assert got[3] == {"kind": "pass", "seat": 1}
    # four-card layouts: (5,5) 0 + K 0 + 7 = 7; (4,4) 0 + 4 + 6 = 10
    assert got[-1] == {"kind": "end", "reason": "final turns played", "totals": [7, 10]}
    six = builtin("six-card")
    deck = six.deck(2)
    deal = HoleState(six, 2, dealer=1, order=deck).events[0]
    # uncensored (records, logs): the whole order; censored: none of it
    assert event_json(deal) == {"kind": "deal", "dealer": 1, "order": [card_str(c) for c in deck]}
    assert event_json(censor(deal, 0)) == {"kind": "deal", "dealer": 1, "order": None}


def test_records_keep_the_reshuffled_order_and_reveals_their_cards() -> None:
    """Uncensored events (records, logs) keep every card: the new stock's order
    after a reshuffle, and each start card turned up."""
    st = play_to_reshuffle(random.Random(0))
    assert event_json(st.events[-1]) == {
        "kind": "reshuffle",
        "order": [card_str(c) for c in st.stock],
    }
    dealt = HoleState(builtin("six-card"), 2, dealer=1, rng=random.Random(2))
    play(dealt, "reveal 4")
    assert event_json(dealt.events[-1]) == {
        "kind": "reveal",
        "seat": 0,
        "pos": 4,
        "card": card_str(dealt.layouts[0][4]),
    }
    # and a reveal is public: every seat's history shows the card
    assert event_json(view(dealt, 1).history[-1]) == event_json(dealt.events[-1])


def test_the_drawer_sees_its_card_in_the_json_too() -> None:
    st = assembled(builtin("six-card"), random.Random(0))
    play(st, "draw_stock")
    assert view(st, 0).to_json()["drawn"] == "QS"
    assert view(st, 1).to_json()["drawn"] is None


def test_hidden_slots_are_the_face_down_cards_a_seat_does_not_know() -> None:
    st = HoleState(builtin("four-card"), 2, dealer=1, rng=random.Random(3))
    play(st, "peek 2", "peek 3", "peek 0", "peek 1")
    # seat 0 knows its cells 2 and 3; nothing of side 1 (which seat 1 peeked at)
    assert view(st, 0).hidden_slots() == [(0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (1, 3)]
    assert view(st, 1).hidden_slots() == [(0, 0), (0, 1), (0, 2), (0, 3), (1, 2), (1, 3)]
    play(st, "draw_stock", "swap 0")  # now face up: no longer hidden from anyone
    assert (0, 0) not in view(st, 1).hidden_slots()
    assert view(st, 0).hidden_slots() == [(0, 1), (1, 0), (1, 1), (1, 2), (1, 3)]


def test_nobodys_events_have_no_seat_in_json() -> None:
    """Chance's and scoring's events (seat -1) are nobody's: their JSON has
    no seat; every other event's has."""
    from golfcli.events import Deal, End, Knock

    assert event_json(Knock(2)) == {"kind": "knock", "seat": 2}
    assert event_json(Deal(0, None)) == {"kind": "deal", "dealer": 0, "order": None}
    assert event_json(End("went out", (3, 4))) == {
        "kind": "end",
        "reason": "went out",
        "totals": [3, 4],
    }
