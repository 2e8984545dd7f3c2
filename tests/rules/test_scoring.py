"""The scorer against docs/rules.md §§7-8b: values, every pattern kind, bonuses,
penalties to opponents, hole-level adjustments (with three or more sides too:
blackjack's "exactly", the closer against the lowest other side), blocks on big
grids, the breakdown, and expected totals for face-down cards (what the bots
weigh).  Expected numbers are worked out by hand in the comments; the property
tests compare the built-ins with small independent re-statements of
docs/rules.md §10."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from golfcli import cards as C
from golfcli.cards import CardError
from golfcli.rulestext import adjustment_text
from golfcli.scoring import (
    Compiled,
    compiled,
    expected_total,
    score_hole,
    score_layout,
    unseen_cards,
)
from golfcli.variant import BUILTIN_NAMES, Variant, VariantError
from golfcli.variantload import builtin, load_variant

from ..helpers import REPO, hole, independent_score, total

REPO = REPO


def cards_of(text: str) -> list[int]:
    return C.parse_layout(text)[2]


def with_patterns(base: str, patterns: list[dict[str, Any]], **more: Any) -> Variant:
    return load_variant({"name": "test", "extends": base, "patterns": patterns, **more})


def with_adjustments(adjustments: list[dict[str, Any]]) -> Variant:
    return load_variant({"name": "test", "extends": "six-card", "adjustments": adjustments})


# --------------------------------------------------------------------------- worked examples


def test_worked_example_six_card() -> None:
    # docs/rules.md §8 (seed 003): 5 K 2 / 5 7 9 -> 0 + 7 + 7 = 14
    assert total("six-card", "5 K 2 / 5 7 9") == 14


def test_worked_example_twos_plus_two() -> None:
    # ... and with twos at +2 the right column is 2 + 9 = 11: 0 + 7 + 11 = 18
    v = load_variant("six-card", ["values.ranks.2=2"])
    assert total(v, "5 K 2 / 5 7 9") == 18


def test_worked_example_alberta_group_1() -> None:
    # columns (4,4,4) (10,10C,10) (K,KC,JK) (2,2,2) (KC,9,6) (Q,QC,Q)
    # -> 0 + 0 + (0 - 1 - 3) + 0 + (-1 + 9 + 6) + 0 = +10
    layout = "4 10 K 2 KC Q / 4 10C KC 2 9 QC / 4 10 JK 2 6 Q"
    assert total("alberta", layout) == 10


def test_worked_example_alberta_group_2() -> None:
    # columns (8,8,8) (JK,K,A) (5,J,3) (4,2,7) (6,6,6) (6,6,6)
    # -> 0 + (-3 + 0 + 1) + 18 + 13 + (-18 for the side-by-side sixes) = +11
    layout = "8 JK 5 4 6 6 / 8 K J 2 6 6 / 8 A 3 7 6 6"
    assert total("alberta", layout) == 11


# --------------------------------------------------------------------------- six-card

# docs/rules.md §7, six-card default column (seed 003)
SIX_CARD = {
    "A": 1, "2": -2, "3": 3, "4": 4, "6": 6, "7": 7, "8": 8, "9": 9,
    "10": 10, "J": 10, "Q": 10, "K": 0,
}  # fmt: skip


@pytest.mark.parametrize("name", ["six-card", "four-card", "nine-card"])
@pytest.mark.parametrize("rank,value", SIX_CARD.items())
def test_six_card_values(name: str, rank: str, value: int) -> None:
    # One card of the rank among fillers of other, all different ranks, so
    # that nothing can match: the total is the card's value plus the fillers'.
    v = builtin(name)
    fillers = ["3", "4", "6", "7", "8", "9", "Q", "J", "10"]
    fill = [f for f in fillers if f != rank][: v.cells - 1]
    cards = [rank, *fill]
    rows = [" ".join(cards[r * v.cols : (r + 1) * v.cols]) for r in range(v.rows)]
    expected = value + sum(SIX_CARD[f] for f in fill)
    assert total(v, " / ".join(rows)) == expected


def test_six_card_pair_of_twos_cancels() -> None:
    # (2,2) -> 0, not -4; (3,6) = 9; (4,7) = 11
    assert total("six-card", "2 3 4 / 2 6 7") == 20


def test_six_card_pairs_only_in_columns() -> None:
    # 5 5 side by side is no match: 5 + 5 + 3 + 4 + 6 + 7 = 30
    assert total("six-card", "5 5 3 / 4 6 7") == 30


def test_six_card_three_pairs() -> None:
    assert total("six-card", "K Q 9 / K Q 9") == 0
    assert total("six-card", "JC QD 9H / JS QH 9S") == 0  # suits never matter


def test_six_card_unmatched_kings_and_aces() -> None:
    # (K, A) = 1; (Q, J) = 20; (2, 10) = 8
    assert total("six-card", "K Q 2 / A J 10") == 29


def test_four_card_column_pair_not_row_pair() -> None:
    assert total("four-card", "5 9 / 5 3") == 12  # (5,5) = 0, 9 + 3
    assert total("four-card", "5 5 / 9 3") == 22  # a row pair counts: 5+5+9+3
    assert total("four-card", "2 K / 2 K") == 0


# --------------------------------------------------------------------------- nine-card


def test_nine_card_column_pair_counts_normally() -> None:
    # (5,5,8) is no full column: 5+3+4 + 5+6+7 + 8+9+10 = 57
    assert total("nine-card", "5 3 4 / 5 6 7 / 8 9 10") == 57
    # split pair (5,7,5) counts too
    assert total("nine-card", "5 3 4 / 7 6 8 / 5 9 10") == 57


def test_nine_card_full_column_is_zero() -> None:
    # (5,5,5) = 0; 3+4 + 6+7 + 9+10 = 39
    assert total("nine-card", "5 3 4 / 5 6 7 / 5 9 10") == 39


def test_nine_card_full_column_of_twos_loses_its_minus_six() -> None:
    # docs/rules.md §8: a full column scores 0, "wiping out negative cards too"
    assert total("nine-card", "2 3 4 / 2 6 7 / 2 9 10") == 39


def test_nine_card_rows_and_diagonals_do_not_count() -> None:
    # row of fives: 15 + 3+4+6 + 7+8+9 = 52
    assert total("nine-card", "5 5 5 / 3 4 6 / 7 8 9") == 52
    # diagonal of fives: 5+3+4 + 6+5+7 + 8+9+5 = 52
    assert total("nine-card", "5 3 4 / 6 5 7 / 8 9 5") == 52


def test_nine_card_all_columns() -> None:
    assert total("nine-card", "K 2 9 / KH 2 9 / KS 2 9") == 0


# --------------------------------------------------------------------------- alberta

# 17 filler cards with no full column and no equal neighbours in a column:
# columns (X,7,5) (2,8,6) (3,9,7) (4,2,8) (5,3,9) (6,4,3); filler sum
# 2+3+4+5+6 + 7+8+9+2+3+4 + 5+6+7+8+9+3 = 20 + 33 + 38 = 91
ALBERTA_FILL = "{x} 2 3 4 5 6 / 7 8 9 2 3 4 / 5 6 7 8 9 3"

# docs/rules.md §7 Alberta column (seed 000 scoring (b))
ALBERTA = {
    "JK": -3, "AC": -2, "A": 1, "AD": 1, "AH": 1, "AS": 1,
    "KC": -1, "QC": -1, "JC": -1, "10C": -1,
    "K": 0, "KH": 0, "Q": 10, "QS": 10, "J": 10, "JD": 10, "10": 10, "10H": 10,
    "2": 2, "2C": 2, "9C": 9, "7": 7,
}  # fmt: skip


@pytest.mark.parametrize("card,value", ALBERTA.items())
def test_alberta_values(card: str, value: int) -> None:
    assert total("alberta", ALBERTA_FILL.format(x=card)) == value + 91


def test_alberta_full_columns_wipe_out_birdies_and_albatrosses() -> None:
    base = "{a} 2 3 4 5 6 / {b} 8 9 2 3 4 / {c} 6 7 8 9 3"
    # the first column without X,7,5 leaves 91 - 7 - 5 = 79 for the rest
    assert total("alberta", base.format(a="K", b="KC", c="K")) == 79  # -1 wiped out
    assert total("alberta", base.format(a="K", b="KC", c="Q")) == 79 - 1 + 10  # no match
    assert total("alberta", base.format(a="JK", b="JK", c="JK")) == 79  # -9 wiped out
    assert total("alberta", base.format(a="AC", b="AC", c="AC")) == 79  # -6 wiped out
    assert total("alberta", base.format(a="Q", b="QC", c="QS")) == 79


def test_alberta_pairs_do_not_count() -> None:
    base = "{a} 2 3 4 5 6 / {b} 8 9 2 3 4 / {c} 6 7 8 9 3"
    assert total("alberta", base.format(a="Q", b="Q", c="A")) == 79 + 21


# Six columns; the last two filler columns are (5,3,9) and (6,4,3) = 17 and 13.
def alberta_cols(*cols: str) -> str:
    """Build a 3x6 layout from column strings like "6 6 6"."""
    grid = [c.split() for c in cols]
    return " / ".join(" ".join(col[r] for col in grid) for r in range(3))


def test_alberta_twin_columns_side_by_side() -> None:
    # (6,6,6)(6,6,6) -> -18; the rest (2,8,6)=16 (3,9,7)=19 (4,2,8)=14 (5,3,9)=17
    lay = alberta_cols("6 6 6", "6 6 6", "2 8 6", "3 9 7", "4 2 8", "5 3 9")
    assert total("alberta", lay) == -18 + 16 + 19 + 14 + 17


def test_alberta_twin_columns_must_be_side_by_side() -> None:
    # two full columns of sixes with a column between: each 0, no bonus
    lay = alberta_cols("6 6 6", "2 8 6", "6 6 6", "3 9 7", "4 2 8", "5 3 9")
    assert total("alberta", lay) == 16 + 19 + 14 + 17


def test_alberta_twin_columns_need_one_rank() -> None:
    # (6,6,6)(8,8,8): two zero columns, no bonus
    lay = alberta_cols("6 6 6", "8 8 8", "2 8 6", "3 9 7", "4 2 8", "5 3 9")
    assert total("alberta", lay) == 16 + 19 + 14 + 17


def test_alberta_twin_columns_ignore_suits() -> None:
    lay = alberta_cols("K KC K", "KC K KH", "2 8 6", "3 9 7", "4 2 8", "5 3 9")
    assert total("alberta", lay) == -18 + 16 + 19 + 14 + 17


def test_alberta_three_side_by_side_make_one_twin() -> None:
    # pairs of columns do not overlap: (1,2) is a twin, column 3 is a lone zero
    lay = alberta_cols("6 6 6", "6 6 6", "6 6 6", "3 9 7", "4 2 8", "5 3 9")
    assert total("alberta", lay) == -18 + 19 + 14 + 17
    ls = score_layout(builtin("alberta"), cards_of(lay))
    twins = [m for m in ls.matches if m.kind == "twin_columns"]
    assert len(twins) == 1
    # taken left to right: columns 1 and 2 (cells 0 and 1 of row 1)
    assert {0, 1} <= set(twins[0].cells) and 2 not in twins[0].cells


def test_alberta_four_side_by_side_make_two_twins() -> None:
    # eight of a rank... twelve sixes need three packs (six players)
    lay = alberta_cols("6 6 6", "6 6 6", "6 6 6", "6 6 6", "4 2 8", "5 3 9")
    assert total("alberta", lay) == -36 + 14 + 17


def test_alberta_twins_after_a_lone_column() -> None:
    # (8,8,8) (6,6,6) (6,6,6): the sixes pair although the 8s came first
    lay = alberta_cols("8 8 8", "6 6 6", "6 6 6", "3 9 7", "4 2 8", "5 3 9")
    assert total("alberta", lay) == -18 + 19 + 14 + 17


# --------------------------------------------------------------------------- duel

DUEL = {"JK": -2, "A": 1, "2": 2, "3": 3, "9": 9, "10": 10, "J": 10, "Q": 10, "K": 0}


@pytest.mark.parametrize("card,value", DUEL.items())
def test_duel_values(card: str, value: int) -> None:
    # (X,5) (4,6) (7,8): X + 5 + 10 + 15 (X is never 5)
    assert total("duel", f"{card} 4 7 / 5 6 8") == value + 30


def test_duel_pairs_cancel() -> None:
    assert total("duel", "Q 3 4 / Q 6 7") == 20  # (Q,Q) = 0
    assert total("duel", "2 3 4 / 2 6 7") == 20  # twos are +2 here, the pair still 0


def test_duel_joker_pair_counts_minus_four_and_costs_the_opponent_ten() -> None:
    # (JK,JK) = -4 (no cancel); 3+6 + 4+7 = 20 -> 16; opponent +10
    v = builtin("duel")
    ls = score_layout(v, cards_of("JK 3 4 / JK 6 7"))
    assert ls.total == 16 and ls.opponents == 10
    # the other layout: 4+9 + 4+9 + 7+0 = 33, plus 10
    assert hole(v, "JK 3 4 / JK 6 7", "4 4 7 / 9 9 K") == (16, 43)


def test_duel_joker_beside_a_non_joker_is_no_pair() -> None:
    v = builtin("duel")
    ls = score_layout(v, cards_of("JK 3 4 / 5 6 7"))
    assert ls.total == -2 + 25 and ls.opponents == 0


def test_duel_four_of_a_kind_in_two_columns_costs_the_opponent_ten() -> None:
    v = builtin("duel")
    # side by side: (5,5)(5,5) = 0, (3,4) = 7
    assert hole(v, "5 5 3 / 5 5 4", "A 2 3 / 4 6 7") == (7, 1 + 2 + 3 + 4 + 6 + 7 + 10)
    # apart: (5,5)(3,4)(5,5) is four of a kind in two columns as well
    assert hole(v, "5 3 5 / 5 4 5", "A 2 3 / 4 6 7") == (7, 23 + 10)
    # two different pairs are not four of a kind
    assert hole(v, "5 6 3 / 5 6 4", "A 2 3 / 4 6 7") == (7, 23)


def test_duel_penalties_go_to_every_opponent() -> None:
    # three players: the joker pair adds 10 to both others
    v = builtin("duel")
    assert hole(v, "JK 3 4 / JK 6 7", "Q 3 4 / Q 6 7", "A 2 3 / 4 6 7") == (16, 30, 33)


def test_duel_both_sides_penalised() -> None:
    v = builtin("duel")
    assert hole(v, "JK 3 4 / JK 6 7", "5 5 3 / 5 5 4") == (16 + 10, 7 + 10)


# --------------------------------------------------------------------------- pattern kinds


def test_row_pattern() -> None:
    v = with_patterns("nine-card", [{"kind": "row"}])
    # row of fives = 0; 3+4+6 + 7+8+9 = 37
    assert total(v, "5 5 5 / 3 4 6 / 7 8 9") == 37
    # a column of fives no longer counts as a match
    assert total(v, "5 3 4 / 5 6 7 / 5 9 10") == 54


def test_diagonal_pattern_both_ways() -> None:
    v = with_patterns("nine-card", [{"kind": "diagonal"}])
    assert total(v, "5 3 4 / 6 5 7 / 8 9 5") == 3 + 4 + 6 + 7 + 8 + 9
    assert total(v, "4 3 5 / 6 5 7 / 5 9 8") == 3 + 4 + 6 + 7 + 9 + 8
    # an X of fives: both diagonals, the centre zeroed once
    assert total(v, "5 3 5 / 6 5 7 / 5 9 5") == 3 + 6 + 7 + 9


def test_adjacent_pair_pattern() -> None:
    v = with_patterns("nine-card", [{"kind": "adjacent_pair"}])
    # side by side
    assert total(v, "5 5 3 / 4 6 7 / 8 9 10") == 3 + 4 + 6 + 7 + 8 + 9 + 10
    # one above the other
    assert total(v, "5 3 4 / 5 6 7 / 8 9 10") == 3 + 4 + 6 + 7 + 8 + 9 + 10
    # not adjacent: (5, 7, 5) down a column and 5 . 5 along a row count
    assert total(v, "5 3 5 / 7 6 8 / 5 9 10") == 5 + 3 + 5 + 7 + 6 + 8 + 5 + 9 + 10
    # a run of three: both overlapping pairs, all three zero
    assert total(v, "5 5 5 / 3 4 6 / 7 8 9") == 37


def test_column_pair_pattern_on_three_rows() -> None:
    v = with_patterns("nine-card", [{"kind": "column_pair"}])
    # any two equal cards of a column, touching or not
    assert total(v, "5 3 4 / 7 6 8 / 5 9 10") == 3 + 4 + 7 + 6 + 8 + 9 + 10
    assert total(v, "5 3 4 / 5 6 8 / 5 9 10") == 3 + 4 + 6 + 8 + 9 + 10


def test_column_pair_each_rank_matches_once_wherever_it_first_shows() -> None:
    """A column's rank showing three times is ONE match (its bonus counted
    once), and a pair below an unmatched card or a second rank below a first
    pair is still found: the scan goes on past them."""
    bonus = with_patterns("nine-card", [{"kind": "column_pair", "bonus": -5}])
    # three fives down the first column: one match of three cards, one bonus
    assert total(bonus, "5 3 4 / 5 6 8 / 5 9 10") == -5 + 3 + 4 + 6 + 8 + 9 + 10
    ranks = [c >> 3 for c in cards_of("5 3 4 / 5 6 8 / 5 9 10")]
    assert [(cells, r) for _, cells, r in Compiled(bonus).find(ranks)] == [((0, 3, 6), 5)]
    # (7, 5, 5): the lone seven on top does not end the column's scan
    plain = with_patterns("nine-card", [{"kind": "column_pair"}])
    assert total(plain, "7 3 4 / 5 6 8 / 5 9 10") == 7 + 3 + 4 + 6 + 8 + 9 + 10
    # ... nor does a seven the rule leaves out (only fives pair here)
    fives = with_patterns("nine-card", [{"kind": "column_pair", "ranks": ["5"]}])
    assert total(fives, "7 3 4 / 5 6 8 / 5 9 10") == 7 + 3 + 4 + 6 + 8 + 9 + 10
    # four rows, (5, 5, 7, 7): two pairs in one column, both zero; 3+4+6+8 stay
    tall = with_patterns("six-card", [{"kind": "column_pair"}], grid={"rows": 4, "cols": 2})
    assert total(tall, "5 3 / 5 4 / 7 6 / 7 8") == 3 + 4 + 6 + 8


BLOCK = [{"kind": "block", "cards": "zero", "bonus": -25}]


def test_block_pattern() -> None:
    v = with_patterns("nine-card", BLOCK)
    # four sevens in a square: 0 - 25; the rest 3 + 4 + 5 + 6 + 8
    assert total(v, "7 7 3 / 7 7 4 / 5 6 8") == -25 + 26
    # a square of equal rank in any suits
    assert total(v, "3 4 5 / 6 KC KD / 8 KH KS") == -25 + 3 + 4 + 5 + 6 + 8


def test_blocks_do_not_overlap() -> None:
    v = with_patterns("nine-card", BLOCK)
    # six sevens make two overlapping squares: one block (the first in
    # reading order); the third column's sevens count 7 + 7
    assert total(v, "7 7 7 / 7 7 7 / 2 3 4") == -25 + 14 + (-2 + 3 + 4)
    # a 2x4 of one rank is two separate blocks
    v24 = with_patterns("six-card", BLOCK, grid={"rows": 2, "cols": 4})
    assert total(v24, "7 7 7 7 / 7 7 7 7") == -50


def test_blocks_most_that_fit() -> None:
    # 3x4: squares at (r0,c1) (r0,c2) (r1,c0) are all sevens.  Taking the first
    # one (r0,c1) would block both others; the most that fit is two:
    # (r0,c2) and (r1,c0), leaving the seven at (r0,c1).
    v = with_patterns("six-card", BLOCK, grid={"rows": 3, "cols": 4}, deck={"packs": 3})
    lay = "3 7 7 7 / 7 7 7 7 / 7 7 4 5"
    assert total(v, lay) == -50 + 3 + 7 + 4 + 5


def test_twin_columns_apart_and_side_by_side() -> None:
    apart = with_patterns("six-card", [{"kind": "twin_columns", "adjacent": False, "bonus": -20}])
    side = with_patterns("six-card", [{"kind": "twin_columns", "bonus": -20}])
    # (5,5)(3,4)(5,5)
    assert total(apart, "5 3 5 / 5 4 5") == -20 + 7
    assert total(side, "5 3 5 / 5 4 5") == 5 + 5 + 5 + 5 + 7
    # (5,5)(5,5)(3,4)
    assert total(side, "5 5 3 / 5 5 4") == -20 + 7


def test_ranks_and_except_limit_a_rule() -> None:
    only_kings = with_patterns("six-card", [{"kind": "column_pair", "ranks": ["K"]}])
    assert total(only_kings, "Q K 3 / Q K 4") == 20 + 7
    not_queens = with_patterns("six-card", [{"kind": "column_pair", "except": ["Q"]}])
    assert total(not_queens, "Q K 3 / Q K 4") == 20 + 7
    # (Q,J) 20, (3,4) 7, (3,3) 0
    assert total(not_queens, "Q 3 3 / J 4 3") == 20 + 7


def test_card_effects() -> None:
    # keep: the pair is matched (bonus applies) but the cards count
    keep = with_patterns("six-card", [{"kind": "column_pair", "cards": "keep", "bonus": -1}])
    assert total(keep, "5 3 4 / 5 6 7") == 10 - 1 + 20
    # keep_negative: twos keep -2 each, other pairs 0
    neg = with_patterns("six-card", [{"kind": "column_pair", "cards": "keep_negative"}])
    assert total(neg, "2 3 4 / 2 6 7") == -4 + 20
    assert total(neg, "5 3 4 / 5 6 7") == 20
    # a number: each matched card counts it
    three = with_patterns("six-card", [{"kind": "column_pair", "cards": 3}])
    assert total(three, "Q 3 4 / Q 6 7") == 6 + 20


def test_first_listed_rule_decides_a_card() -> None:
    keep_first = with_patterns(
        "six-card", [{"kind": "column_pair", "cards": "keep"}, {"kind": "row", "cards": "zero"}]
    )
    zero_first = with_patterns(
        "six-card", [{"kind": "row", "cards": "zero"}, {"kind": "column_pair", "cards": "keep"}]
    )
    # 5 5 5 / 5 3 4: column 1 pair (5,5) and row 1 of fives
    # keep first: the column-1 fives keep 5 + 5; the other two row fives 0
    assert total(keep_first, "5 5 5 / 5 3 4") == 10 + 7
    # zero first: row fives 0, the lower five still "kept" by the pair = 5
    assert total(zero_first, "5 5 5 / 5 3 4") == 5 + 7


def test_bonuses_of_all_matched_rules_apply() -> None:
    v = with_patterns(
        "six-card",
        [{"kind": "column_pair", "bonus": -1}, {"kind": "row", "bonus": -2}],
    )
    # 5 5 5 / 5 3 4: one pair (-1) and one row (-2); fives all 0; 3 + 4
    ls = score_layout(v, cards_of("5 5 5 / 5 3 4"))
    assert ls.total == 7 - 3 and ls.bonus == -3
    assert sorted(m.kind for m in ls.matches) == ["column_pair", "row"]


# --------------------------------------------------------------------------- adjustments

# Six-card layouts of known totals: "N K K / K K K" scores N's value (the
# other columns are king pairs); "10 J K / K K K" = 10 + 10 + 0 = 20.
L = {n: f"{r} K K / K K K" for n, r in [(1, "A"), (3, "3"), (5, "5"), (7, "7"), (9, "9")]}
L[18] = "Q 10 2 / K K K"  # 10 + 10 - 2
L[20] = "10 J K / K K K"
L[21] = "A 10 J / K K K"  # (A,K) 1 + (10,K) 10 + (J,K) 10 = 21
L[22] = "A 10 J / K K A"  # 1 + 10 + (J, A) 11


def test_layouts_of_known_totals() -> None:
    for n, text in L.items():
        assert total("six-card", text) == n


def test_exact_adjustment_blackjack() -> None:
    v = with_adjustments([{"kind": "exact", "score": 21, "becomes": 0}])
    assert hole(v, L[21], L[20]) == (0, 20)


@pytest.mark.parametrize(
    "when,scores,closer,gets",
    [
        # closer's score vs the best other score: lower / tied / higher
        ("always", (3, 5), 0, True),
        ("always", (7, 5), 0, True),
        ("lowest", (3, 5), 0, True),
        ("lowest", (5, 5), 0, True),
        ("lowest", (7, 5), 0, False),
        ("strictly_lowest", (3, 5), 0, True),
        ("strictly_lowest", (5, 5), 0, False),
        ("not_lowest", (7, 5), 0, True),
        ("not_lowest", (5, 5), 0, False),
        ("not_lowest", (3, 5), 0, False),
        ("not_strictly_lowest", (5, 5), 0, True),
        ("not_strictly_lowest", (7, 5), 0, True),
        ("not_strictly_lowest", (3, 5), 0, False),
        # the closer is the second side
        ("not_lowest", (3, 5), 1, True),
    ],
)
def test_closer_adjustment(when: str, scores: tuple[int, int], closer: int, gets: bool) -> None:
    v = with_adjustments([{"kind": "closer", "add": 10, "when": when}])
    got = hole(v, *(L[s] for s in scores), closer=closer)
    want = list(scores)
    if gets:
        want[closer] += 10
    assert got == tuple(want)


def test_closer_adjustment_needs_a_closer() -> None:
    v = with_adjustments([{"kind": "closer", "add": 10}])
    assert hole(v, L[3], L[5]) == (3, 5)


def test_lowest_adjustment() -> None:
    v = with_adjustments([{"kind": "lowest", "add": -3}])
    assert hole(v, L[3], L[5], L[7]) == (0, 5, 7)
    assert hole(v, L[5], L[5], L[7]) == (2, 2, 7)  # both tied for lowest
    unique = with_adjustments([{"kind": "lowest", "add": -3, "unique": True}])
    assert hole(unique, L[5], L[5], L[7]) == (5, 5, 7)  # a tie: nobody


def test_tied_adjustment() -> None:
    v = with_adjustments([{"kind": "tied", "add": 5}])
    assert hole(v, L[5], L[5], L[7]) == (10, 10, 7)
    assert hole(v, L[3], L[5], L[7]) == (3, 5, 7)


def test_adjustments_apply_in_listed_order() -> None:
    # blackjack first: 21 -> 0, which is then the lowest: -3
    a = with_adjustments(
        [{"kind": "exact", "score": 21, "becomes": 0}, {"kind": "lowest", "add": -3}]
    )
    assert hole(a, L[21], L[20]) == (-3, 20)
    # underdog first: 20 is lowest -> 17; then blackjack turns the 21 into 0
    b = with_adjustments(
        [{"kind": "lowest", "add": -3}, {"kind": "exact", "score": 21, "becomes": 0}]
    )
    assert hole(b, L[21], L[20]) == (0, 17)


def test_adjustments_see_penalties_from_opponents() -> None:
    # duel + blackjack: 11 from the layout + 10 from the opponent's joker pair = 21 -> 0
    v = load_variant(
        {
            "name": "t",
            "extends": "duel",
            "adjustments": [{"kind": "exact", "score": 21, "becomes": 0}],
        }
    )
    # "A 3 K / 7 K K": (A,7) 8, (3,K) 3, (K,K) 0 = 11
    assert hole(v, "A 3 K / 7 K K", "JK 3 4 / JK 6 7") == (0, 16)


# --------------------------------------------------------------------------- the breakdown


def test_layout_breakdown_items() -> None:
    v = builtin("alberta")
    ls = score_layout(v, cards_of("8 JK 5 4 6 6 / 8 K J 2 6 6 / 8 A 3 7 6 6"))
    assert ls.values[:6] == (8, -3, 5, 4, 6, 6)
    assert ls.scored[:6] == (0, -3, 5, 4, 0, 0)
    kinds = [(m.kind, C.rank_str(m.rank), len(m.cells)) for m in ls.matches]
    assert kinds == [
        ("column", "8", 3),
        ("column", "6", 3),
        ("column", "6", 3),
        ("twin_columns", "6", 6),
    ]
    assert ls.bonus == -18 and ls.opponents == 0
    assert ls.cards_total == 29 and ls.total == 11


def test_hole_breakdown_items() -> None:
    v = load_variant(
        {
            "name": "t",
            "extends": "duel",
            "adjustments": [{"kind": "lowest", "name": "underdog", "add": -3}],
        }
    )
    hs = score_hole(v, [cards_of("JK 3 4 / JK 6 7"), cards_of("4 4 7 / 9 9 K")])
    first, second = hs.sides
    assert (first.layout.total, first.penalties, first.adjustments, first.total) == (
        16, 0, (("underdog", -3),), 13,
    )  # fmt: skip
    assert (second.layout.total, second.penalties, second.adjustments, second.total) == (
        33, 10, (), 43,
    )  # fmt: skip


def test_score_layout_rejects_wrong_shapes_and_hidden_cards() -> None:
    with pytest.raises(C.CardError, match="6 cards"):
        score_layout(builtin("six-card"), cards_of("5 K / 5 7"))
    with pytest.raises(C.CardError, match=r"\?"):
        score_layout(builtin("six-card"), cards_of("? K 2 / 5 7 9"))


def test_a_pattern_kind_the_scorer_does_not_know_is_a_variant_error() -> None:
    # the schema refuses it first; a Variant built by hand meets the scorer's own check
    v = builtin("six-card")
    odd = dataclasses.replace(v, patterns=(dataclasses.replace(v.patterns[0], kind="spiral"),))
    with pytest.raises(VariantError, match=r"^patterns: unknown pattern kind 'spiral'$"):
        Compiled(odd)


def test_a_joker_needs_a_value() -> None:
    # six-card is played without jokers (docs/rules.md §7): a typed joker is an error ...
    with pytest.raises(C.CardError, match="without jokers"):
        score_layout(builtin("six-card"), cards_of("JK 3 4 / 5 6 7"))
    with pytest.raises(C.CardError, match="without jokers"):
        expected_total(builtin("six-card"), cards_of("JK 3 4 / 5 6 ?"))
    # ... until the table agrees a value ("agree a value", seed 003)
    v = load_variant("six-card", ["values.ranks.joker=-2"])
    assert total(v, "JK 3 4 / 5 6 7") == -2 + 25


# --------------------------------------------------------------------------- face-down cards


def test_expected_total_by_hand() -> None:
    # "? K 2 / 5 7 9" in six-card.  Face-up part: K 0, 2 -2, 5, 7, 9 = 19.
    v = builtin("six-card")
    exp = expected_total(v, cards_of("? K 2 / 5 7 9"))
    assert exp.known == 19 and exp.unknown == 1 and exp.exact
    # The hidden card is one of the 47 unseen cards of one pack.  A 5 (3 left)
    # pairs the 5 below it: the layout is then 0 + 0 + (-2) + 7 + 9 = 14.  Any
    # other card adds its value to 19.
    seen = Counter(["K", "2", "5", "7", "9"])
    per_suit = {"A": 1, "2": -2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
                "10": 10, "J": 10, "Q": 10, "K": 0}  # fmt: skip
    outcomes: list[int] = []
    for rank, value in per_suit.items():
        for _ in range(4 - seen[rank]):
            outcomes.append(14 if rank == "5" else 19 + value)
    assert len(outcomes) == 47
    assert exp.expected == pytest.approx(float(Fraction(sum(outcomes), 47)))


def test_expected_total_known_part_ignores_hidden_matches() -> None:
    # the hidden card could pair the five, but the known part counts 5 as 5
    v = builtin("six-card")
    assert expected_total(v, cards_of("? K 2 / 5 7 9")).known == 19
    # all known: expected is the total
    exp = expected_total(v, cards_of("5 K 2 / 5 7 9"))
    assert (exp.known, exp.expected, exp.unknown) == (14, 14.0, 0)


def test_a_layout_with_face_down_cards_has_its_known_part_scored_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """golfcli.score (``golf score``) works out the breakdown of the face-up
    cards and hands it to expected_total, which takes its total as the
    known part rather than scoring the layout again."""
    import golfcli.breakdown
    from golfcli.scoring import known_part

    v = builtin("six-card")
    cards = cards_of("? K 2 / 5 7 9")
    plain = expected_total(v, cards)
    assert expected_total(v, cards, parts=known_part(v, cards)) == plain
    # the parts given are the ones used (a caller's, not worked out afresh)
    assert expected_total(v, cards, parts=known_part(v, cards_of("? K 2 / 5 7 8"))).known == 18
    handed: list[object] = []
    real = golfcli.breakdown.expected_total

    def spy(*args: object, **kw: object) -> object:
        handed.append(kw.get("parts"))
        return real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(golfcli.breakdown, "expected_total", spy)
    score = golfcli.breakdown.score("? K 2 / 5 7 9", v)
    assert handed == [score.parts] and handed[0] is score.parts
    assert (score.known, score.expected) == (19, plain.expected)


def test_expected_total_sampling_agrees_and_is_repeatable() -> None:
    v = builtin("six-card")
    cards = cards_of("? K 2 / ? 7 9")
    exact = expected_total(v, cards)
    assert exact.exact
    a = expected_total(v, cards, max_exact=0, samples=20_000, seed=3)
    b = expected_total(v, cards, max_exact=0, samples=20_000, seed=3)
    assert not a.exact and a.samples == 20_000
    assert a.expected == b.expected
    assert a.expected == pytest.approx(exact.expected, abs=0.3)


def test_unseen_cards() -> None:
    six = builtin("six-card")
    pool = unseen_cards(six, cards_of("5H 5 ? / K K K"))
    # one pack: the 5H goes, a plain "5" takes another five; three kings go
    assert len(pool) == 52 - 5
    assert Counter(c >> 3 for c in pool)[5] == 2 and C.make(5, C.HEARTS) not in pool
    assert Counter(c >> 3 for c in pool)[13] == 1
    alb = builtin("alberta")
    pool = unseen_cards(alb, cards_of("K K K K K K / K ? ? ? ? ? / ? ? ? ? ? ?"))
    # two packs hold 2 KC and 6 other kings; seven plain Ks were seen, so the
    # six plain kings go first and then one KC (the only kings left)
    kings = [c for c in pool if c >> 3 == 13]
    assert kings == [C.make(13, C.CLUBS)]


# --------------------------------------------------------------------------- properties


@st.composite
def layouts(draw: st.DrawFn, name: str) -> list[int]:
    """Layouts of a built-in, biased toward few ranks so that patterns match."""
    v = builtin(name)
    top = 13
    low = 0 if v.jokers_per_pack else 1
    if draw(st.booleans()):
        pool = tuple(draw(st.lists(st.integers(low, top), min_size=1, max_size=3, unique=True)))
    else:
        pool = tuple(range(low, top + 1))
    out = []
    for _ in range(v.cells):
        rank = draw(st.sampled_from(pool))  # a tuple: Hypothesis reuses the strategy object
        suit = draw(st.integers(0, 4))
        out.append(C.make(rank, suit))
    return out


# One strategy object per built-in, made once: a new one for every example
# (what ``flatmap(lambda n: ... layouts(n))`` made) has Hypothesis recompute
# its properties each time, a third of these tests' CPU.  Same draws.
_LAYOUTS = {n: layouts(n) for n in BUILTIN_NAMES}
_NAMED_LAYOUTS = {n: st.tuples(st.just(n), _LAYOUTS[n]) for n in BUILTIN_NAMES}
_NAMED_HOLES = {
    n: st.tuples(st.just(n), st.lists(_LAYOUTS[n], min_size=2, max_size=4)) for n in BUILTIN_NAMES
}


def layouts_any() -> st.SearchStrategy[tuple[str, list[int]]]:
    return st.sampled_from(BUILTIN_NAMES).flatmap(_NAMED_LAYOUTS.__getitem__)


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(layouts_any())
def test_builtins_agree_with_rules_restated(item: tuple[str, list[int]]) -> None:
    name, cards = item
    ls = score_layout(builtin(name), cards)
    assert (ls.total, ls.opponents) == independent_score(name, cards)


@SETTINGS
@given(layouts_any())
def test_breakdown_adds_up(item: tuple[str, list[int]]) -> None:
    name, cards = item
    v = builtin(name)
    ls = score_layout(v, cards)
    assert ls.bonus == sum(m.bonus for m in ls.matches)
    assert ls.opponents == sum(m.opponents for m in ls.matches)
    assert list(ls.values) == [v.value(c) for c in cards]
    matched = {c for m in ls.matches for c in m.cells}
    for i, (value, scored) in enumerate(zip(ls.values, ls.scored, strict=True)):
        if i not in matched:
            assert scored == value  # unmatched cards count their face value
    assert compiled(v).total(cards) == (ls.total, ls.opponents)


_WITH_ADJUSTMENTS: dict[str, Variant] = {}


def with_every_adjustment(name: str) -> Variant:
    if name not in _WITH_ADJUSTMENTS:
        adjustments = [
            {"kind": "exact", "score": 21, "becomes": 0},
            {"kind": "closer", "add": 10, "when": "not_lowest"},
            {"kind": "lowest", "add": -3},
            {"kind": "tied", "add": 5},
        ]
        _WITH_ADJUSTMENTS[name] = load_variant(
            {"name": "t", "extends": name, "adjustments": adjustments}
        )
    return _WITH_ADJUSTMENTS[name]


def holes_any() -> st.SearchStrategy[tuple[str, list[list[int]]]]:
    return st.sampled_from(BUILTIN_NAMES).flatmap(_NAMED_HOLES.__getitem__)


@SETTINGS
@given(holes_any(), st.data())
def test_hole_breakdown_adds_up(item: tuple[str, list[list[int]]], data: st.DataObject) -> None:
    name, lays = item
    v = with_every_adjustment(name) if data.draw(st.booleans()) else builtin(name)
    closer = data.draw(st.one_of(st.none(), st.integers(0, len(lays) - 1)))
    hs = score_hole(v, lays, closer)
    parts = [score_layout(v, c) for c in lays]
    for i, side in enumerate(hs.sides):
        others = sum(p.opponents for j, p in enumerate(parts) if j != i)
        assert side.penalties == others
        assert side.total == side.layout.total + side.penalties + sum(
            d for _, d in side.adjustments
        )


def resuit(cards: list[int], suits: list[int]) -> list[int]:
    return [C.make(c >> 3, s) for c, s in zip(cards, suits, strict=True)]


@SETTINGS
@given(layouts_any(), st.data())
def test_suits_do_not_matter_without_suit_values(
    item: tuple[str, list[int]], data: st.DataObject
) -> None:
    name, cards = item
    v = builtin(name)
    if v.card_values:
        # Alberta: only clubs change a value; any other suit is the plain card
        allowed = [C.DIAMONDS, C.HEARTS, C.SPADES, C.NO_SUIT]
        cards = [c if c & 7 in allowed else C.make(c >> 3, C.NO_SUIT) for c in cards]
    else:
        allowed = [C.CLUBS, C.DIAMONDS, C.HEARTS, C.SPADES, C.NO_SUIT]
    suits = data.draw(st.lists(st.sampled_from(allowed), min_size=len(cards), max_size=len(cards)))
    a, b = score_layout(v, cards), score_layout(v, resuit(cards, suits))
    assert (a.total, a.opponents) == (b.total, b.opponents)


def mirror_lr(cards: list[int], rows: int, cols: int) -> list[int]:
    return [cards[r * cols + (cols - 1 - c)] for r in range(rows) for c in range(cols)]


def mirror_ud(cards: list[int], rows: int, cols: int) -> list[int]:
    return [cards[(rows - 1 - r) * cols + c] for r in range(rows) for c in range(cols)]


@SETTINGS
@given(layouts_any())
def test_mirror_images_score_the_same(item: tuple[str, list[int]]) -> None:
    # no built-in rule is directional (twin columns are taken left to right,
    # but the count of side-by-side pairs is the same either way)
    name, cards = item
    v = builtin(name)
    want = (score_layout(v, cards).total, score_layout(v, cards).opponents)
    for flipped in (mirror_lr(cards, v.rows, v.cols), mirror_ud(cards, v.rows, v.cols)):
        ls = score_layout(v, flipped)
        assert (ls.total, ls.opponents) == want


@functools.cache
def every_pattern_kind() -> Variant:
    """Every pattern kind at once on a 3x3 grid: rows, diagonals, blocks ...
    Loaded once, not once per example: a Variant is read-only."""
    return load_variant(REPO / "configs" / "variants" / "nine-card-002.yaml")


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_mirror_images_with_every_pattern_kind(data: st.DataObject) -> None:
    v = every_pattern_kind()
    pool = data.draw(st.lists(st.integers(1, 13), min_size=1, max_size=3, unique=True))
    cards = [C.make(data.draw(st.sampled_from(pool))) for _ in range(9)]
    want = score_layout(v, cards).total
    assert score_layout(v, mirror_lr(cards, 3, 3)).total == want
    assert score_layout(v, mirror_ud(cards, 3, 3)).total == want


CLAIM_VARIANTS = [
    *BUILTIN_NAMES,
    "nine-card-002",  # rows, diagonals and blocks (which must not overlap)
    "negative-pairs",  # keep_negative
    "eagle-eye",  # a fixed value, and a second pattern over the same cells
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(CLAIM_VARIANTS), st.data())
def test_the_bots_claims_score_every_cell_as_evaluate_does(name: str, data: st.DataObject) -> None:
    """``Compiled.claims`` + ``cell_score`` (the bots' valuation path, no
    lists or match records) give each cell the very number ``evaluate``
    gives it, face-down cells (unique negative ranks) at a float mean
    included, and the same bonus and penalty."""
    if name in BUILTIN_NAMES:
        v = builtin(name)
    else:
        v = load_variant(REPO / "configs" / "variants" / f"{name}.yaml")
    comp = compiled(v)
    pool = data.draw(st.lists(st.integers(0, 13), min_size=1, max_size=3, unique=True))
    cards: list[int | None] = [
        None
        if data.draw(st.integers(0, 4)) == 0
        else C.make(data.draw(st.sampled_from(pool)), data.draw(st.integers(0, 4)))
        for _ in range(v.cells)
    ]
    mu = data.draw(st.floats(-3, 12, allow_nan=False))
    ranks = [-1 - i if c is None else c >> 3 for i, c in enumerate(cards)]
    values: list[float] = [mu if c is None else float(comp.values[c]) for c in cards]
    scored, bonus, opp, _ = comp.evaluate(ranks, values)
    owner = [7] * v.cells  # claims() must reset what a previous call left
    assert comp.claims(ranks, owner) == (bonus, opp)
    got = [x if k < 0 else comp.cell_score(k, x) for k, x in zip(owner, values, strict=True)]
    assert got == scored
    assert [type(x) for x in got] == [float] * v.cells
    # the unclaimed cells are exactly those evaluate's matches leave alone
    matched = {c for _, cells, _ in comp.find(ranks) for c in cells}
    assert {i for i, k in enumerate(owner) if k >= 0} == matched


def test_claims_owner_bonus_and_penalty_worked_out() -> None:
    """``claims`` by hand: each cell names the FIRST listed pattern whose
    match covers it (-1: none), and every match adds its bonus and its
    penalty to the opponents, two matches of one pattern twice."""
    rows = with_patterns("nine-card", [{"kind": "row", "bonus": -3, "opponents": 2}])
    owner = [9] * 9
    ranks = [c >> 3 for c in cards_of("5 5 5 / 6 6 6 / 3 4 7")]
    assert Compiled(rows).claims(ranks, owner) == (-3 - 3, 2 + 2)
    assert owner == [0, 0, 0, 0, 0, 0, -1, -1, -1]
    # a column of fives (pattern 0, zero) and a row of fives (pattern 1,
    # keep) share the corner: it stays pattern 0's, so it counts 0
    both = with_patterns(
        "nine-card", [{"kind": "column", "cards": "zero"}, {"kind": "row", "cards": "keep"}]
    )
    comp = Compiled(both)
    lay = cards_of("5 5 5 / 5 6 7 / 5 8 9")
    owner = [9] * 9
    assert comp.claims([c >> 3 for c in lay], owner) == (0, 0)
    assert owner == [0, 1, 1, 0, -1, -1, 0, -1, -1]
    cells = [
        float(comp.values[c]) if k < 0 else comp.cell_score(k, float(comp.values[c]))
        for k, c in zip(owner, lay, strict=True)
    ]
    assert sum(cells) == 5 + 5 + 6 + 7 + 8 + 9 == total(both, "5 5 5 / 5 6 7 / 5 8 9")
    # three column pairs: three bonuses; twin columns (apart): one match
    # claiming both columns' cells, the middle column left alone
    ranks = [c >> 3 for c in cards_of("5 7 5 / 5 7 5")]
    pairs = with_patterns("six-card", [{"kind": "column_pair", "bonus": -5}])
    owner = [9] * 6
    assert Compiled(pairs).claims(ranks, owner) == (-15, 0)
    assert owner == [0, 0, 0, 0, 0, 0]
    twins = with_patterns("six-card", [{"kind": "twin_columns", "adjacent": False, "bonus": -20}])
    owner = [9] * 6
    assert Compiled(twins).claims(ranks, owner) == (-20, 0)
    assert owner == [0, -1, 0, 0, -1, 0]


# ---------------------------------------------------------------- hole-level rules with many sides


def six_with(adjustments: list[dict[str, Any]]) -> Variant:
    return load_variant({"name": "t", "extends": "six-card", "adjustments": adjustments})


def totals(v: Variant, *texts: str, closer: int | None = None) -> tuple[int, ...]:
    return score_hole(v, [cards_of(t) for t in texts], closer).totals


def test_blackjack_is_exactly_21() -> None:
    v = six_with([{"kind": "exact", "score": 21, "becomes": 0}])
    assert totals(v, L[21], L[22], L[20]) == (0, 22, 20)


@pytest.mark.parametrize(
    ("when", "gets"),
    [
        ("lowest", False),
        ("strictly_lowest", False),
        ("not_lowest", True),
        ("not_strictly_lowest", True),
        ("always", True),
    ],
)
def test_the_closer_is_compared_with_the_lowest_other_side(when: str, gets: bool) -> None:
    """Three sides: the closer (5) beats one side (7) but not the other (3),
    so it is not lowest; comparing with the highest other side would say it is."""
    v = six_with([{"kind": "closer", "add": 10, "when": when}])
    want = (5 + (10 if gets else 0), 3, 7)
    assert totals(v, L[5], L[3], L[7], closer=0) == want
    # the same with the closer in the middle of the list
    assert totals(v, L[3], L[5], L[7], closer=1) == (3, want[0], 7)


@pytest.mark.parametrize(
    ("when", "words"),
    [
        ("always", "The player who went out or knocked gets +10 (closer)."),
        ("lowest", "gets +10 when their score is lowest (ties count) (closer)."),
        ("strictly_lowest", "gets +10 when their score is strictly lowest (closer)."),
        ("not_lowest", "gets +10 when another score is lower (closer)."),
        ("not_strictly_lowest", "gets +10 when they are not strictly lowest (closer)."),
    ],
)
def test_golf_rules_says_when_the_closer_gets_it(when: str, words: str) -> None:
    # the same table as the scoring above (variant.CLOSER_WHEN): each choice has its words
    (adj,) = six_with([{"kind": "closer", "add": 10, "when": when}]).adjustments
    assert adjustment_text(adj).endswith(words)


def test_the_closer_lowest_among_three() -> None:
    v = six_with([{"kind": "closer", "add": -5, "when": "strictly_lowest"}])
    assert totals(v, L[7], L[3], L[5], closer=1) == (7, -2, 5)
    assert totals(v, L[7], L[3], L[3], closer=1) == (7, 3, 3)  # tied: not strictly


# Six-card layouts of known totals at or below zero: the (2, K) columns count -2 each.
Z = "K K K / K K K"  # 0
N2 = "2 K K / K K K"  # -2
N4 = "2 2 K / K K K"  # -4


def test_a_multiplying_closer_rule_multiplies_then_adds() -> None:
    v = six_with([{"kind": "closer", "multiply": 2, "add": 5, "when": "not_lowest"}])
    assert totals(v, L[7], L[5], closer=0) == (7 * 2 + 5, 5)
    assert totals(v, L[9], L[3], L[7], closer=2) == (9, 3, 7 * 2 + 5)
    assert totals(v, L[5], L[5], closer=0) == (5, 5)  # not_lowest: a tie is not hit
    assert totals(v, L[3], L[5], closer=0) == (3, 5)
    assert totals(v, L[7], L[5]) == (7, 5)  # nobody closed
    tie = six_with([{"kind": "closer", "multiply": 2, "when": "not_strictly_lowest"}])
    assert totals(tie, L[5], L[5], closer=1) == (5, 10)
    thrice = six_with([{"kind": "closer", "multiply": 3}])  # always, nothing added
    assert totals(thrice, L[7], L[5], closer=0) == (21, 5)
    assert totals(thrice, L[3], L[5], closer=0) == (9, 5)
    nought = six_with([{"kind": "closer", "multiply": 0, "add": 1}])
    assert totals(nought, L[7], L[5], closer=0) == (1, 5)


def test_a_score_below_zero_is_multiplied_only_when_the_rule_says() -> None:
    """Doubling -2 to -4 would reward the closer the rule punishes: by default
    a negative score stays as it is and only the addition applies."""
    kept = six_with([{"kind": "closer", "multiply": 2, "add": 5}])
    assert totals(kept, N2, N4, closer=0) == (-2 + 5, -4)
    assert totals(kept, Z, N4, closer=0) == (0 + 5, -4)
    assert totals(kept, L[1], N4, closer=0) == (1 * 2 + 5, -4)
    every = six_with([{"kind": "closer", "multiply": 2, "add": 5, "multiply_negative": True}])
    assert totals(every, N2, N4, closer=0) == (-2 * 2 + 5, -4)
    assert totals(every, Z, N4, closer=0) == (5, -4)
    assert totals(every, L[3], N4, closer=0) == (11, -4)


def test_adjustments_in_listed_order_around_a_multiplication() -> None:
    """Each rule sees the scores the one before left: +10 then double is
    (7 + 10) * 2; double then +10 is 7 * 2 + 10; blackjack first turns 21
    into 0, and 0 doubled stays 0."""
    add = {"kind": "closer", "add": 10}
    double = {"kind": "closer", "multiply": 2, "name": "double"}
    assert totals(six_with([add, double]), L[7], L[5], closer=0) == (34, 5)
    assert totals(six_with([double, add]), L[7], L[5], closer=0) == (24, 5)
    blackjack = {"kind": "exact", "score": 21, "becomes": 0}
    assert totals(six_with([blackjack, double]), L[21], L[5], closer=0) == (0, 5)
    assert totals(six_with([double, blackjack]), L[21], L[5], closer=0) == (42, 5)
    side = score_hole(six_with([add, double]), [cards_of(L[7]), cards_of(L[5])], 0).sides[0]
    assert side.adjustments == (("closer", 10), ("double", 17))


def test_underdog_and_tied_shame_with_four_sides() -> None:
    v = six_with([{"kind": "lowest", "add": -3}, {"kind": "tied", "add": 5}])
    # lowest 1 -> -2; then 9, 9 tied -> 14 each; -2 and 7 are alone
    assert totals(v, L[9], L[1], L[9], L[7]) == (14, -2, 14, 7)


# --------------------------------------------------------------------------- blocks


def blocks(rows: int, cols: int) -> Variant:
    return load_variant(
        {
            "name": "blocks",
            "extends": "six-card",
            "grid": {"rows": rows, "cols": cols},
            "deck": {"packs": 3},
            "players": 2,
            "patterns": BLOCK,
        }
    )


def test_of_two_overlapping_blocks_the_first_in_reading_order_counts() -> None:
    # 7 7 7 / 7 7 7 / 2 3 4: squares at columns 0-1 and 1-2 overlap; the first counts
    ls = score_layout(blocks(3, 3), cards_of("7 7 7 / 7 7 7 / 2 3 4"))
    assert [m.cells for m in ls.matches] == [(0, 1, 3, 4)]
    assert ls.scored[:6] == (0, 0, 7, 0, 0, 7)


def test_most_blocks_that_fit_in_reading_order_of_their_corners() -> None:
    # 3x4: the most that fit is two, at (r0,c2) and (r1,c0)
    ls = score_layout(blocks(3, 4), cards_of("3 7 7 7 / 7 7 7 7 / 7 7 4 5"))
    assert [m.cells for m in ls.matches] == [(2, 3, 6, 7), (4, 5, 8, 9)]
    assert ls.total == -50 + 3 + 7 + 4 + 5


def test_blocks_on_a_big_grid() -> None:
    """An 8x8 layout of one rank holds 49 overlapping squares; 16 fit without
    overlapping (the grid cut into 2x2 squares)."""
    v = blocks(8, 8)
    ls = score_layout(v, cards_of(" / ".join(["7 " * 8] * 8)))
    assert len(ls.matches) == 16 and ls.total == -25 * 16
    cells = [c for m in ls.matches for c in m.cells]
    assert sorted(cells) == list(range(64))
    # a 3 in the bottom-right corner spoils the square holding it: 15 blocks,
    # and that square's three sevens count 7 each
    odd = cards_of(" / ".join(["7 " * 8] * 7 + ["7 " * 7 + "3"]))
    ls = score_layout(v, odd)
    assert len(ls.matches) == 15
    assert ls.total == -25 * 15 + 3 + 3 * 7


# --------------------------------------------------------------------------- face-down cards


def brute_expectation(v: Variant, text: str, players: int | None = None) -> float:
    """Every ordering of distinct unseen cards into the face-down places,
    each equally likely: the mean total, by exhaustion."""
    cards = cards_of(text)
    hidden = [i for i, c in enumerate(cards) if c == C.UNKNOWN]
    pool = unseen_cards(v, [c for c in cards if c != C.UNKNOWN], players)
    outcomes = []
    for picks in itertools.permutations(range(len(pool)), len(hidden)):
        work = list(cards)
        for cell, j in zip(hidden, picks, strict=True):
            work[cell] = pool[j]
        outcomes.append(score_layout(v, work).total)
    return sum(outcomes) / len(outcomes)


def test_expected_total_when_a_rank_runs_short() -> None:
    # three 2s are face up; one 2 is left for the two face-down places, so
    # "both places hold a 2" is impossible and must be skipped, not the end
    v = builtin("six-card")
    exp = expected_total(v, cards_of("? ? 2 / 2 2 9"))
    assert exp.exact and exp.unknown == 2 and exp.samples == 0
    assert exp.expected == pytest.approx(brute_expectation(v, "? ? 2 / 2 2 9"))


def test_the_known_part_counts_face_up_cards_and_their_patterns_only() -> None:
    six = builtin("six-card")
    # a face-down card pairs with nothing: the ace below the first one counts 1
    assert expected_total(six, cards_of("? K 2 / A 7 9")).known == 0 - 2 + 1 + 7 + 9
    # face-up fives in one column pair up (ranks are compared, not card codes)
    assert expected_total(six, cards_of("5 ? 2 / 4 7 9")).known == 5 - 2 + 4 + 7 + 9
    assert expected_total(six, cards_of("5H ? 2 / 5S 7 9")).known == 0 - 2 + 7 + 9
    # a face-down card counts 0, whatever the highest card is worth
    kings10 = load_variant("six-card", ["values.ranks.K=10"])
    assert expected_total(kings10, cards_of("? 3 4 / 5 6 7")).known == 25
    # with jokers valued, a face-down card is no joker either
    jokers = load_variant("six-card", ["values.ranks.joker=-5"])
    assert expected_total(jokers, cards_of("3 ? 4 / 5 JK 7")).known == 3 + 4 + 5 - 5 + 7
    # bonuses of face-up patterns count: Alberta's side-by-side sixes, -18
    alb = builtin("alberta")
    text = "6 6 2 3 4 ? / 6 6 3 4 5 ? / 6 6 4 5 7 ?"
    assert expected_total(alb, cards_of(text)).known == -18 + 9 + 12 + 16  # 19


def test_expectation_fields() -> None:
    six = builtin("six-card")
    full = expected_total(six, cards_of("5 K 2 / 5 7 9"))
    assert (full.known, full.expected, full.exact, full.samples, full.unknown) == (
        14,
        14.0,
        True,
        0,
        0,
    )
    exact = expected_total(six, cards_of("? K 2 / 5 7 9"))
    assert (exact.exact, exact.samples, exact.unknown) == (True, 0, 1)
    sampled = expected_total(six, cards_of("? K 2 / ? 7 9"), max_exact=0, samples=50, seed=4)
    assert (sampled.known, sampled.exact, sampled.samples, sampled.unknown) == (14, False, 50, 2)


def test_no_more_face_down_cards_than_the_deck_holds() -> None:
    six = builtin("six-card")  # one pack for two players: 52 cards
    exp = expected_total(six, [C.UNKNOWN] * 52, max_exact=0, samples=1)
    assert exp.unknown == 52
    with pytest.raises(CardError, match=r"^more face-down cards than cards left in the deck$"):
        expected_total(six, [C.UNKNOWN] * 53, max_exact=0, samples=1)


def zero_values() -> Variant:
    """Four-card with every card worth 0 and no patterns: any layout totals 0."""
    zeros = {r: 0 for r in ("A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K")}
    return load_variant(
        {
            "name": "zeros",
            "extends": "four-card",
            "values": {"ranks": zeros},
            "patterns": [],
        }
    )


def test_sampling_adds_nothing_of_its_own() -> None:
    # every card worth 0: every sample totals 0, so must the mean
    v = zero_values()
    exp = expected_total(v, cards_of("? ? / ? 5"), max_exact=0, samples=7, seed=1)
    assert exp.expected == 0.0 and not exp.exact


def test_expected_total_defaults_sample_10000_with_seed_0() -> None:
    """Bots rely on the defaults giving the same answer every call."""
    v = builtin("six-card")
    five = cards_of("? ? ? / ? ? 9")  # 13 classes ** 5 > 50000 combinations: sampled
    a = expected_total(v, five)
    assert (a.exact, a.samples) == (False, 10_000)
    assert a.expected == expected_total(v, five, samples=10_000, seed=0).expected
    assert a.expected != expected_total(v, five, samples=10_000, seed=1).expected


# --------------------------------------------------------------------------- unseen cards


def test_unseen_cards_counts_each_seen_copy_once() -> None:
    nine = builtin("nine-card")  # two packs: two of every exact card
    pool = unseen_cards(nine, cards_of("5H"))
    assert Counter(pool)[C.parse_card("5H")] == 1 and len(pool) == 103
    # more 5H seen than one pack holds: the second takes another five
    six = builtin("six-card")
    pool = unseen_cards(six, cards_of("5H 5H"))
    assert len(pool) == 50 and Counter(c >> 3 for c in pool)[5] == 2


def test_unseen_cards_use_the_deck_of_the_player_count() -> None:
    six = builtin("six-card")
    assert len(unseen_cards(six, [], players=5)) == 104  # 5-8 players: two packs
    assert len(unseen_cards(six, [], players=4)) == 52
    # the default is the fewest players allowed
    v = load_variant(
        {
            "name": "t",
            "extends": "six-card",
            "players": [2, 5],
            "deck": {"packs": {"2-4": 1, "5+": 2}},
        }
    )
    assert len(unseen_cards(v, [])) == 52


def test_exact_expectation_by_exhaustion() -> None:
    v = builtin("six-card")
    exact = expected_total(v, cards_of("? K 2 / ? 7 9"))
    assert exact.expected == pytest.approx(brute_expectation(v, "? K 2 / ? 7 9"))


def test_expected_total_uses_the_deck_of_the_player_count() -> None:
    v = builtin("six-card")
    for players in (2, 5):  # one pack, then two
        exp = expected_total(v, cards_of("? K 2 / 5 7 9"), players=players)
        assert exp.expected == pytest.approx(brute_expectation(v, "? K 2 / 5 7 9", players))
    one, two = (expected_total(v, cards_of("? K 2 / 5 7 9"), players=p).expected for p in (2, 5))
    assert one != pytest.approx(two)


def test_expected_total_is_exact_up_to_max_exact_combinations() -> None:
    v = builtin("six-card")  # 13 classes of cards (rank and value) for one face-down card
    assert expected_total(v, cards_of("? K 2 / 5 7 9"), max_exact=13).exact
    assert not expected_total(v, cards_of("? K 2 / 5 7 9"), max_exact=12, samples=10).exact


def test_the_last_card_of_the_deck_is_certain() -> None:
    """51 cards seen, one face down: it can only be the one left."""
    v = builtin("six-card")
    deck = v.deck(2)
    hidden_last = expected_total(v, [*deck[:51], C.UNKNOWN])
    assert hidden_last.exact
    assert hidden_last.expected == expected_total(v, deck).known


def square_grid(rank_at: dict[tuple[int, int], str], rows: int, cols: int) -> str:
    """A layout with the given cards; every other cell a filler of ranks 1-6
    whose neighbours always differ (so fillers never make a block)."""
    names = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6"}
    out = []
    for r in range(rows):
        out.append(" ".join(rank_at.get((r, c), names[(r * 5 + c) % 6 + 1]) for c in range(cols)))
    return " / ".join(out)


def blocks_with_trap(lone_squares: int) -> int:
    """Blocks scored on an 8x12 grid holding the 3x4 trap of
    ``test_most_blocks_that_fit_in_reading_order_of_their_corners`` (three
    candidate squares, two fit, the first in reading order is not one of
    them) and ``lone_squares`` separate squares (8s and 9s in a checkerboard,
    so squares side by side never share a rank)."""
    cells = {}
    for r, row in enumerate(["3 7 7 7", "7 7 7 7", "7 7 4 5"]):
        for c, card in enumerate(row.split()):
            cells[r, c] = card
    slots = [(r, c) for r in (4, 6) for c in range(0, 12, 2)]
    slots += [(r, c) for r in (0, 2) for c in (6, 8, 10)]
    for r, c in slots[:lone_squares]:
        for dr in (0, 1):
            for dc in (0, 1):
                cells[r + dr, c + dc] = "8" if (r // 2 + c // 2) % 2 else "9"
    v = load_variant(
        {
            "name": "big",
            "extends": "six-card",
            "grid": {"rows": 8, "cols": 12},
            "deck": {"packs": 4},
            "players": 2,
            "patterns": BLOCK,
        }
    )
    return len(score_layout(v, cards_of(square_grid(cells, 8, 12))).matches)


def test_blocks_exact_up_to_16_candidates_then_greedy() -> None:
    """Finding the most blocks that fit is a search; with more than 16
    candidate squares the scorer takes them greedily in reading order
    instead (docs/variants.md says so), which misses one in the trap."""
    assert blocks_with_trap(0) == 2  # 3 candidates: exact
    assert blocks_with_trap(13) == 13 + 2  # 16 candidates: still exact
    assert blocks_with_trap(14) == 14 + 1  # 17: greedy, the trap gives one


def test_among_equally_many_blocks_the_first_in_reading_order() -> None:
    # Two blocks fit at most, in several ways; the scorer keeps the set whose
    # top-left corners come first in reading order: (r0,c2) and (r1,c0).
    ls = score_layout(blocks(4, 4), cards_of("7 3 7 7 / 7 7 7 7 / 7 7 7 3 / 7 7 7 3"))
    assert [m.cells for m in ls.matches] == [(2, 3, 6, 7), (4, 5, 8, 9)]
    assert ls.total == -50 + 5 * 7 + 3 * 3


def test_diagonals_on_a_wide_grid() -> None:
    """A 2x3 grid has diagonals of two cards starting in columns 0 and 1,
    both ways: (0,4) (1,5) and (1,3) (2,4)."""
    v = load_variant({"name": "t", "extends": "six-card", "patterns": [{"kind": "diagonal"}]})
    assert score_layout(v, cards_of("3 7 4 / 5 6 7")).total == 3 + 4 + 5 + 6  # (1,5) sevens
    assert score_layout(v, cards_of("3 7 4 / 5 4 6")).total == 3 + 7 + 5 + 6  # (2,4) fours
    assert score_layout(v, cards_of("7 3 4 / 5 7 6")).total == 3 + 4 + 5 + 6  # (0,4) sevens
    assert score_layout(v, cards_of("3 4 5 / 4 6 7")).total == 3 + 5 + 6 + 7  # (1,3) fours


def test_adjacent_pairs_one_above_the_other_in_every_column() -> None:
    v = load_variant({"name": "t", "extends": "nine-card", "patterns": [{"kind": "adjacent_pair"}]})
    assert score_layout(v, cards_of("3 4 5 / 6 7 5 / 8 9 10")).total == 3 + 4 + 6 + 7 + 8 + 9 + 10
    assert score_layout(v, cards_of("3 4 5 / 6 4 7 / 8 9 10")).total == 3 + 5 + 6 + 7 + 8 + 9 + 10


def test_a_face_down_card_cannot_be_scored() -> None:
    with pytest.raises(
        ValueError, match=r"^cannot score a face-down \(\?\) card; use expected_total$"
    ):
        score_layout(builtin("six-card"), cards_of("? K 2 / 5 7 9"))


def test_fresh_tables_give_cards_that_score_alike_one_representative() -> None:
    """Bots share work between cards of one rank and one value (7S and 7H),
    never between cards a suit makes different (Alberta's AC and AH)."""
    from golfcli.scoring import Compiled

    alb = Compiled(builtin("alberta"))  # built here, not taken from the cache
    c = C.parse_card
    assert alb.alike[c("7S")] == alb.alike[c("7H")] == alb.alike[c("7")] == c("7C")
    assert alb.alike[c("AC")] == c("AC") and alb.alike[c("AH")] == c("AD")
    assert alb.alike[c("AH")] != alb.alike[c("AC")] and alb.alike[None] is None
    six = Compiled(builtin("six-card"))
    assert six.alike[c("AH")] == six.alike[c("AC")] == c("AC")


def test_a_lone_closer_is_the_lowest() -> None:
    """One side only (a player alone): its closer is lowest, strictly."""
    for when, gets in (("strictly_lowest", True), ("lowest", True), ("not_lowest", False)):
        v = six_with([{"kind": "closer", "add": -5, "when": when}])
        assert totals(v, L[7], closer=0) == ((2,) if gets else (7,))


def test_a_unique_lowest_score_gets_the_underdog_bonus() -> None:
    v = six_with([{"kind": "lowest", "add": -3, "unique": True}])
    assert totals(v, L[5], L[3], L[7]) == (5, 0, 7)


def test_rank_limits_on_full_lines() -> None:
    """A full-column rule limited to nines: a column of queens before it
    counts, the column of nines scores 0."""
    v = load_variant(
        {"name": "t", "extends": "nine-card", "patterns": [{"kind": "column", "ranks": [9]}]}
    )
    assert score_layout(v, cards_of("Q 9 3 / Q 9 4 / Q 9 5")).total == 30 + 3 + 4 + 5


def test_twin_columns_on_a_single_row() -> None:
    """On a one-row grid a column is one card: two equal cards side by side."""
    v = load_variant(
        {
            "name": "t",
            "extends": "six-card",
            "grid": {"rows": 1, "cols": 4},
            "patterns": [{"kind": "twin_columns", "bonus": -10}],
        }
    )
    assert score_layout(v, cards_of("5 5 3 4")).total == -10 + 3 + 4


def test_the_breakdown_keeps_the_cards() -> None:
    cards = cards_of("5 K 2 / 5 7 9")
    ls = score_layout(builtin("six-card"), cards)
    assert ls.cards == tuple(cards) and ls.values == (5, 0, -2, 5, 7, 9)


def test_a_joker_without_a_value_names_the_fix() -> None:
    msg = "six-card is played without jokers (give them a value, e.g. --set values.ranks.joker=-2)"
    with pytest.raises(CardError, match=f"^{re.escape(msg)}$"):
        score_layout(builtin("six-card"), cards_of("JK 3 4 / 5 6 7"))


def test_fresh_tables_keep_tens_and_jacks_apart() -> None:
    """Same value, different ranks: they pair differently, so bots must not
    share work between them."""
    from golfcli.scoring import Compiled

    six = Compiled(builtin("six-card"))
    assert six.alike[C.parse_card("10C")] != six.alike[C.parse_card("JC")]
    assert six.alike[C.parse_card("2C")] != six.alike[C.parse_card("3C")]


def test_the_breakdown_names_each_match_and_its_effect() -> None:
    """What ``golf score`` prints for a match: the rule's name, kind, cells,
    rank, what the cards count, the bonus and the opponents' penalty."""
    ls = score_layout(builtin("duel"), cards_of("JK 3 4 / JK 6 7"))
    (m,) = ls.matches
    assert (m.pattern, m.kind, m.cells, m.rank, m.effect, m.bonus, m.opponents) == (
        "joker pair",
        "column_pair",
        (0, 3),
        C.JOKER,
        "keep",
        0,
        10,
    )
