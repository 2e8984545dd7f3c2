"""The rules of a game of many holes (``golfcli.game``), worked by hand.

The match runner, the terminal's scorecard and ``golf card`` all count with
these functions, so each rule is pinned here once, apart from playing a hole.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from golfcli.game import (
    count_hole,
    dealer_of,
    hole_winners,
    leaders,
    match_standing,
    regulation_done,
    side_names,
    tally,
)


def test_the_deal_moves_one_seat_left_each_hole() -> None:
    assert [dealer_of(h, 4) for h in range(1, 10)] == [0, 1, 2, 3, 0, 1, 2, 3, 0]
    assert [dealer_of(h, 2) for h in (1, 2, 3)] == [0, 1, 0]
    # a playoff hole (the 10th of a 9-hole game, 3 players) goes on counting
    assert dealer_of(10, 3) == 0 and dealer_of(11, 3) == 1


def test_sides_are_named_by_their_players_in_seat_order() -> None:
    names = ["Ann", "Bob", "Cat", "Dan"]
    assert side_names(names, [0, 1, 0, 1], 2) == ("Ann & Cat", "Bob & Dan")
    assert side_names(names, [0, 1, 2, 3], 4) == ("Ann", "Bob", "Cat", "Dan")
    with pytest.raises(ValueError):  # a seat without a side is a bug of the caller
        side_names(names, [0, 1], 2)


def test_the_lowest_score_wins_a_hole_and_ties_share_it() -> None:
    assert hole_winners([7, 3, 9]) == [1]
    assert hole_winners([4, 4, 9]) == [0, 1]
    assert hole_winners([-2, -2, -2]) == [0, 1, 2]
    # a playoff is between the tied sides only: side 2's 1 does not count
    assert hole_winners([5, 6, 1], among=[0, 1]) == [0]
    assert hole_winners([5, 5, 1], among=[1, 0]) == [1, 0]


def test_a_regulation_hole_adds_to_totals_and_a_halved_hole_is_shared() -> None:
    totals, won = [10, 12, 8], [1.0, 0.0, 2.0]
    count_hole(totals, won, [3, 5, 9])
    assert totals == [13, 17, 17] and won == [2.0, 0.0, 2.0]
    count_hole(totals, won, [4, 4, 6])  # halved between the first two
    assert totals == [17, 21, 23] and won == [2.5, 0.5, 2.0]
    count_hole(totals, won, [0, 0, 0])  # shared three ways
    assert won == pytest.approx([2.5 + 1 / 3, 0.5 + 1 / 3, 2.0 + 1 / 3])


def test_tally_counts_regulation_holes_and_skips_playoffs() -> None:
    holes = [
        SimpleNamespace(number=1, playoff=False, scores=(3, 5)),
        SimpleNamespace(number=2, playoff=False, scores=(6, 2)),
        SimpleNamespace(number=3, playoff=False, scores=(4, 4)),
        SimpleNamespace(number=4, playoff=True, scores=(9, 1)),
    ]
    assert tally(holes, 2) == ([13, 11], [1.5, 1.5])
    assert tally([], 3) == ([0, 0, 0], [0.0, 0.0, 0.0])


def test_a_fixed_game_ends_after_its_holes() -> None:
    def done(played: int) -> bool:
        return regulation_done(played, 9, None, [200, 0], None, "reach")

    assert [done(p) for p in (0, 8, 9, 10)] == [False, False, True, True]
    # holes rule even with a target and a cap given: they are only read without holes
    assert not regulation_done(3, 9, 2, [500, 0], 50, "reach")


def test_a_target_game_ends_when_a_side_reaches_or_passes_the_target() -> None:
    assert not regulation_done(5, None, None, [49, 30], 50, "reach")
    assert regulation_done(5, None, None, [50, 30], 50, "reach")  # reaching is enough
    assert regulation_done(5, None, None, [30, 51], 50, "reach")
    assert not regulation_done(5, None, None, [50, 30], 50, "pass")  # passing is needed
    assert regulation_done(5, None, None, [30, 51], 50, "pass")
    # the cap on holes ends it anyway, and only from the cap on
    assert not regulation_done(19, None, 20, [0, 0], 50, "reach")
    assert regulation_done(20, None, 20, [0, 0], 50, "reach")
    assert regulation_done(21, None, 20, [0, 0], 50, "pass")


def test_a_target_game_without_a_target_counts_from_zero() -> None:
    # no target given: 0, so any side above it (pass) or at it (reach) ends the game
    assert regulation_done(1, None, None, [0, -1], None, "reach")
    assert not regulation_done(1, None, None, [0, -1], None, "pass")
    assert regulation_done(1, None, None, [1, -1], None, "pass")


def test_leaders_by_lowest_total_or_by_most_holes_won() -> None:
    assert leaders("stroke", [20, 14, 14], [3.0, 0.0, 1.0]) == [1, 2]
    assert leaders("stroke", [20, 14, 15], [3.0, 0.0, 1.0]) == [1]
    # match play: holes won decide, not strokes
    assert leaders("match", [20, 14, 15], [3.0, 0.0, 1.0]) == [0]
    assert leaders("match", [20, 14, 15], [2.5, 2.5, 1.0]) == [0, 1]


def test_match_play_standing_against_the_best_other_side() -> None:
    assert match_standing([3, 1], 0) == "2 UP"
    assert match_standing([3, 2], 0) == "1 UP" and match_standing([2.5, 2], 0) == "0.5 UP"
    assert match_standing([3, 1], 1) == "2 DOWN"
    assert match_standing([2.5, 2.5], 0) == "Even"
    assert match_standing([4, 2.5, 1], 0) == "1.5 UP"  # against the second best
    assert match_standing([4, 2.5, 1], 2) == "3 DOWN"  # against the best
    assert match_standing([3], 0) == "Even"  # nobody to be up on
