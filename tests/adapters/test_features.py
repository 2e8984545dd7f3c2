"""golfcli.features: a seat's view as numbers and as text, for learners.

The layout is pinned field by field on a hand-made table, every number
stays within its bounds, and (as tests/engine/test_fairness.py does for the views
bots get) changing a card a seat has not seen changes nothing it is shown."""

from __future__ import annotations

import random

import pytest

import golfcli
from golfcli import features

BUILTINS = [("six-card", 2), ("four-card", 3), ("nine-card", 2), ("alberta", 4), ("duel", 2)]


def test_the_fields_are_named_in_the_documented_order() -> None:
    six = golfcli.load_variant("six-card")
    names = features.field_names(six, 2)
    assert len(names) == features.size(six, 2) == 2 * 6 * 4 + 4 + 4 + 5 + 1 + 1 + 2 + 1 + 14
    assert names[:5] == [
        "side+0.r1c1.up",
        "side+0.r1c1.known",
        "side+0.r1c1.value",
        "side+0.r1c1.rank",
        "side+0.r1c2.up",
    ]
    assert names[48:52] == [
        "discard_top.known",
        "discard_top.value",
        "discard_top.rank",
        "discard_size",
    ]
    assert names[-14:] == [f"unseen.{r}" for r in features.RANKS]


def test_a_hand_made_table_in_numbers() -> None:
    """Seat 1 (first to play: seat 0 deals) turned up its 7C and JC, seat 0
    its 2C and 3C; seat 1 drew the KS."""
    hole = golfcli.Hole.dealt(
        "six-card",
        layouts=["AC 2C 3C / 4C 5C 6C", "7C 8C 9C / 10C JC QC"],
        discard="KC",
        seed=1,
    )
    hole.stack("KS")
    for move in ("reveal 0", "reveal 4", "reveal 1", "reveal 2", "draw_stock"):
        hole.apply(move)
    got = dict(
        zip(features.field_names(hole.variant, 2), features.vector(hole.view(1)), strict=True)
    )
    # seat 1's own layout first: 7C (face up: value 7, rank 8), then 8C
    assert [got[f"side+0.r1c1.{f}"] for f in features.CARD_FIELDS] == [1, 1, 7, 8]
    assert [got[f"side+0.r1c2.{f}"] for f in features.CARD_FIELDS] == [0, 0, 0, 0]
    assert [got[f"side+0.r2c2.{f}"] for f in features.CARD_FIELDS] == [1, 1, 10, 12]
    # the other side: 2C (worth -2 in six-card) and 3C face up
    assert [got[f"side+1.r1c1.{f}"] for f in features.CARD_FIELDS] == [0, 0, 0, 0]
    assert [got[f"side+1.r1c2.{f}"] for f in features.CARD_FIELDS] == [1, 1, -2, 3]
    assert [got[f"side+1.r1c3.{f}"] for f in features.CARD_FIELDS] == [1, 1, 3, 4]
    assert [got[f"discard_top.{f}"] for f in ("known", "value", "rank")] == [1, 0, 14]
    assert got["discard_size"] == 1
    assert [got[f"held.{f}"] for f in ("known", "value", "rank", "from_discard")] == [1, 0, 14, 0]
    assert [got[f"phase.{p}"] for p in features.PHASES] == [0, 0, 1, 0]
    assert got["to_play"] == 1 and got["stock_size"] == 38 and got["ending"] == 0
    assert got["turns_left"] == 100
    # seen: 7C JC 2C 3C (face up), KC, KS: two kings fewer, one 7, no ace
    assert got["unseen.A"] == 4 and got["unseen.K"] == 2 and got["unseen.7"] == 3
    assert got["unseen.JK"] == 0
    # seat 0 does not see the KS it holds
    other = dict(
        zip(features.field_names(hole.variant, 2), features.vector(hole.view(0)), strict=True)
    )
    assert other["held.known"] == 0 and other["unseen.K"] == 3 and other["to_play"] == 0
    text = features.text(hole.view(1), history=True)
    assert "mine: 7C ? ? / ? JC ?" in text and "seat 1 holds KS from the stock" in text
    assert "draw seat 1 source=stock card=KS" in text
    assert "deal dealer=0 order=?" in text  # the deal's order stays hidden
    assert "holds ? from the stock" in features.text(hole.view(0))


@pytest.mark.parametrize(("name", "players"), BUILTINS)
def test_every_number_is_within_its_bounds(name: str, players: int) -> None:
    v = golfcli.load_variant(name)
    low, high = features.bounds(v, players)
    rng = random.Random(1)
    for seed in range(3):
        hole = golfcli.Hole(v, players, seed=seed)
        while True:
            for seat in range(players):
                vec = features.vector(hole.view(seat))
                assert len(vec) == len(low)
                bad = [
                    n
                    for n, x, lo, hi in zip(
                        features.field_names(v, players), vec, low, high, strict=True
                    )
                    if not lo <= x <= hi
                ]
                assert not bad
            if hole.is_over():
                break
            legal = hole.legal_actions()
            hole.apply(legal[int(rng.random() * len(legal))])


def twin(hole: golfcli.Hole, seat: int) -> golfcli.Hole | None:
    """The same hole with one card ``seat`` has not seen changed: a face-down
    card of another side that the seat never saw trades places with the
    stock's bottom card (drawn last), and the same moves are played again.
    None when there is no such card (or the stock's bottom was drawn)."""
    st = hole.state
    deal = hole.events[0].order
    assert deal is not None
    view = hole.view(seat)
    hidden = [(s, p) for s, p in view.hidden_slots() if s != view.side]
    if not hidden or hole.stock_size == 0 or any(e.kind == "reshuffle" for e in hole.events):
        return None  # the stock's bottom card was drawn
    s, p = hidden[0]
    original = replayed_layouts(hole)
    bottom = deal[0]
    if original[s][p] == bottom:
        return None
    layouts = [list(lay) for lay in original]
    layouts[s][p] = bottom
    stock = [original[s][p], *deal[1 : len(deal) - sum(map(len, original)) - 1]]
    other = golfcli.Hole.dealt(
        hole.variant,
        hole.players,
        layouts=layouts,
        discard=deal[-sum(map(len, original)) - 1],
        stock=stock,
        dealer=st.dealer,
    )
    for ev_action in actions(hole):
        other.apply(ev_action)
    assert other.state.layouts != st.layouts, "the twin really differs"
    return other


def replayed_layouts(hole: golfcli.Hole) -> list[list[int]]:
    """The layouts as dealt (before any move)."""
    first = golfcli.Hole.replay(hole.variant, hole.players, hole.events[:1])
    return [list(lay) for lay in first.state.layouts]


def actions(hole: golfcli.Hole) -> list[golfcli.Action]:
    from golfcli.replay import actions_of

    return list(actions_of(hole.events))


@pytest.mark.parametrize(("name", "players"), BUILTINS)
def test_a_card_the_seat_has_not_seen_changes_nothing_it_is_shown(name: str, players: int) -> None:
    rng = random.Random(3)
    compared = 0
    for seed in range(6):
        hole = golfcli.Hole(name, players, seed=seed)
        while not hole.is_over():
            for seat in range(players):
                other = twin(hole, seat)
                if other is None:
                    continue
                assert features.vector(other.view(seat)) == features.vector(hole.view(seat))
                assert features.text(other.view(seat), history=True) == features.text(
                    hole.view(seat), history=True
                )
                compared += 1
            legal = hole.legal_actions()
            hole.apply(legal[int(rng.random() * len(legal))])
    assert compared > 10
