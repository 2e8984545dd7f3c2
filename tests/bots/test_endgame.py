"""The hole's last move, played for the hole (golfcli/bots/endgame.py)."""

from __future__ import annotations

import random
from collections import Counter

from golfcli.actions import Action
from golfcli.bots.endgame import LastMove, moves_last
from golfcli.bots.expert import ExpertBot
from golfcli.cards import parse_card
from golfcli.state import HoleState
from golfcli.variantload import builtin
from golfcli.view import view

from ..helpers import cards, mask

SIX = builtin("six-card")


def last_move(opponent: str, players: int = 2, current: int = 1) -> HoleState:
    """Seat 0 went out with ``opponent``; seat ``current`` holds a 4 from
    the stock.  Its layout is K 2 3 / ? 4 5: 10 without the face-down card
    (the 3 of clubs under it)."""
    mine = cards("KC 2D 3H / 3C 4S 5D")
    lays = [cards(opponent), mine] + [cards("9C 9D 9H / 9S 10C 10D")] * (players - 2)
    up = [mask("111/111"), mask("111/011")] + [mask("111/111")] * (players - 2)
    held = [parse_card("4H")]
    rest = Counter(SIX.deck(players))
    rest.subtract(Counter([c for lay in lays for c in lay] + held + cards("QC")))
    stock = list(rest.elements())
    random.Random(0).shuffle(stock)
    return HoleState.assemble(
        SIX,
        players,
        players - 1,
        layouts=lays,
        up=up,
        stock=stock,
        discard=cards("QC"),
        current=current,
        phase="place",
        drawn=held[0],
        drawn_from="stock",
        closer=0,
        closer_seat=0,
        final_left=[current],
        rng=random.Random(0),
    )


def test_the_last_seat_before_the_closer_moves_last() -> None:
    st = last_move("AC 2C 3D / AD 4C 5H")
    assert moves_last(view(st, 1))
    three = last_move("AC 2C 3D / AD 4C 5H", players=3, current=1)
    assert not moves_last(view(three, 1))  # seat 2 still plays after it
    three.current = 2
    assert moves_last(view(three, 2)) and not moves_last(view(three, 1))
    st.closer = None
    assert not moves_last(view(st, 1))


def test_behind_it_plays_for_the_hole_where_strokes_alone_would_settle() -> None:
    # The opponent is out with 13.  The 4 on the face-down card makes us 14
    # for sure: a lost hole, and the fewest strokes on average.  The 4 on our
    # 2 pairs the 4 under it and leaves 8 plus the face-down card (K, A, 2,
    # 3 or 4 win, 5 ties); the 4 on our 5 leaves 9 plus it.
    st = last_move("AC 2C 3D / 6D 4C AH")  # 7 + 2 + 4
    v, legal = view(st, 1), st.legal_actions()
    old = ExpertBot(seed=1, hole_win=0)
    assert old.choose(v, legal) == Action("swap", 3)
    new = ExpertBot(seed=1)
    assert new.choose(v, legal) == Action("swap", 1)
    lm = LastMove(v, random.Random(0), 48, 10**6)
    # one card unknown: every class of it, exactly
    assert lm.value(cards("KC 2D 3H / 4H 4S 5D"), 0.0) == 14.0
    four_on_five = [*cards("KC 2D 3H"), None, *cards("4S 4H")]
    win = lm.value(four_on_five, 0.0) - lm.value(four_on_five, 1.0)
    unseen = v.unseen_cards()  # 9 and the card (a K pairs ours: 9): below 13 wins, 13 ties
    low = sum(1.0 if SIX.value(c) < 4 else 0.5 if SIX.value(c) == 4 else 0.0 for c in unseen)
    assert abs(win - low / len(unseen)) < 1e-9


def test_ahead_it_takes_the_sure_win() -> None:
    # out with 15: the 4 on the face-down card wins for sure (14); the expert
    # agrees, and so does the last move
    st = last_move("AC 2C 5C / 6D 4C AH")
    v, legal = view(st, 1), st.legal_actions()
    assert ExpertBot(seed=1).choose(v, legal) == Action("swap", 3)


def test_the_last_move_is_a_function_of_the_seed_and_falls_back_over_budget() -> None:
    st = last_move("AC 2C 3D / 6D 4C AH")
    st.up[1] = mask("111/001")  # two cards face down: the shared random deals
    v, legal = view(st, 1), st.legal_actions()
    moves = {ExpertBot(seed=s).choose(v, legal) for s in ("a", "a", "a")}
    assert len(moves) == 1
    assert LastMove(v, random.Random(0), 48, 10).choose(legal, 50.0) is None
    expert = ExpertBot(seed=1, budget=10**6)
    assert expert.decide(v, legal, expert.evaluate(v, legal)) in legal
