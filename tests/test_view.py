"""Hidden cards stay hidden: a seat's view does not change when any card
hidden from that seat changes (property tests over random games)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from golfcli.state import Event, HoleState
from golfcli.variant import builtin
from golfcli.view import view

CASES = [
    ("six-card", 2),
    ("six-card", 4),
    ("four-card", 3),
    ("nine-card", 2),
    ("alberta", 4),
    ("duel", 2),
]


def hidden_slots(s: HoleState, seat: int) -> list[tuple[str, int, int]]:
    """Every place holding a card this seat cannot see."""
    side = s.side_of[seat]
    out = [("stock", -1, i) for i in range(len(s.stock))]
    for g, lay in enumerate(s.layouts):
        for p in range(len(lay)):
            if s.up[g] >> p & 1:
                continue
            if g == side and s.memory[seat] >> p & 1:
                continue
            out.append(("layout", g, p))
    if s.drawn is not None and s.drawn_from == "stock" and s.current != seat:
        out.append(("drawn", -1, 0))
    return out


def get(s: HoleState, slot: tuple[str, int, int]) -> int:
    kind, g, p = slot
    if kind == "stock":
        return s.stock[p]
    if kind == "layout":
        return s.layouts[g][p]
    assert s.drawn is not None
    return s.drawn


def put(s: HoleState, slot: tuple[str, int, int], card: int) -> None:
    kind, g, p = slot
    if kind == "stock":
        s.stock[p] = card
    elif kind == "layout":
        s.layouts[g][p] = card
    else:
        s.drawn = card


@settings(max_examples=60, deadline=None)
@given(
    case=st.sampled_from(CASES),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 80),
    perm_seed=st.integers(0, 10**6),
)
def test_changing_hidden_cards_leaves_view_unchanged(case, seed, steps, perm_seed):
    name, players = case
    rng = random.Random(seed)
    s = HoleState(builtin(name), players, dealer=seed % players, rng=rng)
    for _ in range(steps):
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[int(rng.random() * len(legal))])
    if s.is_over:
        return
    for seat in range(players):
        before = view(s, seat)
        other = s.clone(keep_events=True)
        slots = hidden_slots(other, seat)
        cards = [get(other, x) for x in slots]
        random.Random(perm_seed).shuffle(cards)
        # also replace hidden cards by other cards of the deck entirely
        for x, c in zip(slots, cards, strict=True):
            put(other, x, c)
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
