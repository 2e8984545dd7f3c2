"""The hole's last move, played for the hole (golfcli/bots/endgame.py)."""

from __future__ import annotations

import random
from collections import Counter

from golfcli.actions import Action, Phase
from golfcli.bots.endgame import LastMove, closer_seat, moves_last
from golfcli.bots.expert import ExpertBot
from golfcli.cards import parse_card
from golfcli.scoring import score_hole
from golfcli.state import HoleState
from golfcli.variant import Variant
from golfcli.variantload import builtin, load_variant
from golfcli.view import view

from ..helpers import cards, mask

SIX = builtin("six-card")


def last_move(
    opponent: str, players: int = 2, current: int = 1, variant: Variant = SIX
) -> HoleState:
    """Seat 0 went out with ``opponent``; seat ``current`` holds a 4 from
    the stock.  Its layout is K 2 3 / ? 4 5: 10 without the face-down card
    (the 3 of clubs under it)."""
    mine = cards("KC 2D 3H / 3C 4S 5D")
    lays = [cards(opponent), mine] + [cards("9C 9D 9H / 9S 10C 10D")] * (players - 2)
    up = [mask("111/111"), mask("111/011")] + [mask("111/111")] * (players - 2)
    held = [parse_card("4H")]
    rest = Counter(variant.deck(players))
    rest.subtract(Counter([c for lay in lays for c in lay] + held + cards("QC")))
    stock = list(rest.elements())
    random.Random(0).shuffle(stock)
    return HoleState.assemble(
        variant,
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
    three.current = 1  # seat 2 sits just before the closer, but it is seat 1's turn
    assert not moves_last(view(three, 2))
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


def _by_hand(
    lm: LastMove, deals: list[tuple[float, list[int]]], mine: list[int | None]
) -> tuple[float, float]:
    """Expected strokes and chance of winning, scoring every deal with the
    real scorer (the hole's closer, seat 0, named): what ``LastMove.value``
    must give."""
    strokes = wins = 0.0
    for weight, dealt in deals:
        seen = [list(lay) for lay in lm.layouts]
        seen[1] = list(mine)
        it = iter(dealt)  # the unknown cards, side by side in seat order
        layouts = [[c if c is not None else next(it) for c in lay] for lay in seen]
        totals = list(score_hole(lm.variant, layouts, 0).totals)
        low = min(totals)
        wins += weight / totals.count(low) if totals[1] == low else 0.0
        strokes += weight * totals[1]
    return strokes, wins


def test_rules_between_sides_are_scored_with_the_real_scorer() -> None:
    """Three strokes off the hole's lowest score (a house rule): the last
    move values every deal with the hole's rules, not each layout alone."""
    bonus = load_variant("six-card", ["adjustments=[{kind: lowest, add: -3}]"])
    st = last_move("AC 2C 3D / 6D 4C AH", variant=bonus)
    v = view(st, 1)
    lm = LastMove(v, random.Random(0), 48, 10**6)
    assert lm.adjusted
    four_on_five = [*cards("KC 2D 3H"), None, *cards("4S 4H")]
    total = len(lm.pool)
    deals = [(n / total, [card]) for card, n in lm.classes]
    strokes, wins = _by_hand(lm, deals, four_on_five)
    assert abs(lm.value(four_on_five, 20.0) - (strokes - 20.0 * wins)) < 1e-9
    plain = LastMove(view(last_move("AC 2C 3D / 6D 4C AH"), 1), random.Random(0), 48, 10**6)
    assert not plain.adjusted
    assert plain.value(four_on_five, 20.0) != lm.value(four_on_five, 20.0)  # the rule counts
    # five strokes on the side that went out: the hole's closer is named to the scorer
    penalty = load_variant("six-card", ["adjustments=[{kind: closer, add: 5, when: always}]"])
    lm = LastMove(
        view(last_move("AC 2C 3D / 6D 4C AH", variant=penalty), 1), random.Random(0), 48, 10**6
    )
    strokes, wins = _by_hand(lm, deals, four_on_five)
    assert abs(lm.value(four_on_five, 20.0) - (strokes - 20.0 * wins)) < 1e-9
    assert wins > _by_hand(plain, deals, four_on_five)[1]  # 18 is easier to beat than 13


def test_two_cards_unknown_are_valued_over_the_shared_random_deals() -> None:
    st = last_move("AC 2C 3D / 6D 4C AH")
    st.up[1] = mask("111/001")  # our 3C and 4S face down
    lm = LastMove(view(st, 1), random.Random(0), 48, 10**6)
    mine = [*cards("KC 2D 3H"), None, None, *cards("5D")]
    deals = [(1.0 / len(lm.deals), deal[:2]) for deal in lm.deals]
    strokes, wins = _by_hand(lm, deals, mine)
    assert abs(lm.value(mine, 0.0) - strokes) < 1e-9
    assert abs(lm.value(mine, 3.0) - (strokes - 3.0 * wins)) < 1e-9
    # the work: every deal, every layout, every cell, counted per valuation
    assert lm.work == 2 * 48 * 2 * 6


def test_the_work_budget_is_reached_at_its_very_unit() -> None:
    st = last_move("AC 2C 3D / 6D 4C AH")
    st.up[1] = mask("111/001")
    mine = [*cards("KC 2D 3H"), None, None, *cards("5D")]
    assert LastMove(view(st, 1), random.Random(0), 48, 48 * 2 * 6).value(mine, 0.0) is not None
    assert LastMove(view(st, 1), random.Random(0), 48, 48 * 2 * 6 - 1).value(mine, 0.0) is None


def test_the_last_move_may_be_to_discard() -> None:
    # A queen from the stock: on any of our cards it costs strokes and pairs
    # nothing; kept off, our face-down card may still be low.  Discarding
    # is the best chance against the 13 the opponent went out with.
    st = last_move("AC 2C 3D / 6D 4C AH")
    st.drawn = parse_card("QD")
    v, legal = view(st, 1), st.legal_actions()
    lm = LastMove(v, random.Random(0), 48, 10**6)
    mine = v.known_layout()
    assert lm.choose(legal, 20.0) == Action("discard")
    swaps = [a for a in legal if a.kind == "swap"]
    kept = lm.value(mine, 20.0)
    for a in swaps:
        trial = list(mine)
        trial[a.pos] = parse_card("QD")
        value = lm.value(trial, 20.0)
        assert value is not None and kept is not None and value > kept
    # not the place step: nothing to choose
    st.phase, st.drawn = Phase.DRAW, None
    assert LastMove(view(st, 1), random.Random(0), 48, 10**6).choose(legal, 20.0) is None


def test_moves_of_the_same_value_go_to_the_first() -> None:
    """Two moves worth the same: the first one offered is kept (the very
    object: equal actions are told apart by which came first)."""
    st = last_move("AC 2C 3D / 6D 4C AH")
    lm = LastMove(view(st, 1), random.Random(0), 48, 10**6)
    for kind, pos in (("swap", 3), ("discard", None)):
        first, second = Action(kind, pos), Action(kind, pos)
        assert first is not second
        assert lm.choose([first, second], 20.0) is first


def test_a_side_all_face_down_is_dealt_its_cards_too() -> None:
    """Three players: seat 0 went out, seat 2 has not turned a card (a rule
    may start with none up), and we are seat 1 with two cards face down.
    Eight unknown cards in each deal, handed out side by side in seat order."""
    st = last_move("AC 2C 3D / 6D 4C AH", players=3)
    st.up[1], st.up[2] = mask("111/001"), mask("000/000")
    lm = LastMove(view(st, 1), random.Random(0), 48, 10**6)
    mine = [*cards("KC 2D 3H"), None, None, *cards("5D")]
    deals = [(1.0 / len(lm.deals), deal[:8]) for deal in lm.deals]
    strokes, wins = _by_hand(lm, deals, mine)
    assert abs(lm.value(mine, 2.0) - (strokes - 2.0 * wins)) < 1e-9


def test_the_best_move_by_however_little() -> None:
    """On strokes alone (``hole_win`` 0) a 7 kept off beats the 7 on our
    face-down card by less than a stroke: still the move."""
    st = last_move("AC 2C 3D / 6D 4C AH")
    st.drawn = parse_card("7D")
    v, legal = view(st, 1), st.legal_actions()
    lm = LastMove(v, random.Random(0), 48, 10**6)
    kept = lm.value(v.known_layout(), 0.0)
    on_it = lm.value([*cards("KC 2D 3H"), parse_card("7D"), *cards("4S 5D")], 0.0)
    assert kept is not None and on_it is not None and 0 < on_it - kept < 1
    assert lm.choose(legal, 0.0) == Action("discard")


def test_with_partners_the_closer_is_the_seat_the_history_names() -> None:
    """Alberta for four: two seats a side, so the side that went out does not
    say which seat did; the hole's history does.  Random holes to their
    final turns, every seat's view asked."""
    alberta = builtin("alberta")
    checked = 0
    for seed in range(6):
        st = HoleState(alberta, 4, 0, rng=random.Random(seed))
        rng = random.Random(seed)
        while not st.is_over and st.closer is None:
            legal = st.legal_actions()
            st.apply(legal[int(rng.random() * len(legal))])
        if st.is_over:
            continue
        for seat in range(4):
            assert closer_seat(view(st, seat)) == st.closer_seat
        checked += 1
    assert checked >= 3
