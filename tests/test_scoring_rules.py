"""Scoring rules that planted bugs slipped past before, each with its total
worked out by hand: hole-level rules with three or more sides, blackjack's
"exactly", blocks on big grids, and the expected total of a layout with
face-down cards (what the bots weigh)."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from typing import Any

import pytest

from golfcli import cards as C
from golfcli.cards import CardError
from golfcli.rulestext import adjustment_text
from golfcli.scoring import expected_total, score_hole, score_layout, unseen_cards
from golfcli.variant import Variant, builtin, load_variant


def lay(text: str) -> list[int]:
    return C.parse_layout(text)[2]


# Six-card layouts of known totals: (N, K) pairs nothing, the kings pair up.
L = {n: f"{r} K K / K K K" for n, r in [(1, "A"), (3, "3"), (5, "5"), (7, "7"), (9, "9")]}
L[18] = "Q 10 2 / K K K"  # 10 + 10 - 2
L[20] = "10 J K / K K K"
L[21] = "A 10 J / K K K"  # 1 + 10 + 10
L[22] = "A 10 J / K K A"  # 1 + 10 + (J, A) 11


def six_with(adjustments: list[dict[str, Any]]) -> Variant:
    return load_variant({"name": "t", "extends": "six-card", "adjustments": adjustments})


def totals(v: Variant, *texts: str, closer: int | None = None) -> tuple[int, ...]:
    return score_hole(v, [lay(t) for t in texts], closer).totals


def test_layouts_of_known_totals() -> None:
    for n, text in L.items():
        assert score_layout(builtin("six-card"), lay(text)).total == n


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
    side = score_hole(six_with([add, double]), [lay(L[7]), lay(L[5])], 0).sides[0]
    assert side.adjustments == (("closer", 10), ("double", 17))


def test_underdog_and_tied_shame_with_four_sides() -> None:
    v = six_with([{"kind": "lowest", "add": -3}, {"kind": "tied", "add": 5}])
    # lowest 1 -> -2; then 9, 9 tied -> 14 each; -2 and 7 are alone
    assert totals(v, L[9], L[1], L[9], L[7]) == (14, -2, 14, 7)


# --------------------------------------------------------------------------- blocks


BLOCK = [{"kind": "block", "cards": "zero", "bonus": -25}]


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
    ls = score_layout(blocks(3, 3), lay("7 7 7 / 7 7 7 / 2 3 4"))
    assert [m.cells for m in ls.matches] == [(0, 1, 3, 4)]
    assert ls.scored[:6] == (0, 0, 7, 0, 0, 7)


def test_most_blocks_that_fit_in_reading_order_of_their_corners() -> None:
    # 3x4: the most that fit is two, at (r0,c2) and (r1,c0)
    ls = score_layout(blocks(3, 4), lay("3 7 7 7 / 7 7 7 7 / 7 7 4 5"))
    assert [m.cells for m in ls.matches] == [(2, 3, 6, 7), (4, 5, 8, 9)]
    assert ls.total == -50 + 3 + 7 + 4 + 5


def test_blocks_on_a_big_grid() -> None:
    """An 8x8 layout of one rank holds 49 overlapping squares; 16 fit without
    overlapping (the grid cut into 2x2 squares)."""
    v = blocks(8, 8)
    ls = score_layout(v, lay(" / ".join(["7 " * 8] * 8)))
    assert len(ls.matches) == 16 and ls.total == -25 * 16
    cells = [c for m in ls.matches for c in m.cells]
    assert sorted(cells) == list(range(64))
    # a 3 in the bottom-right corner spoils the square holding it: 15 blocks,
    # and that square's three sevens count 7 each
    odd = lay(" / ".join(["7 " * 8] * 7 + ["7 " * 7 + "3"]))
    ls = score_layout(v, odd)
    assert len(ls.matches) == 15
    assert ls.total == -25 * 15 + 3 + 3 * 7


# --------------------------------------------------------------------------- face-down cards


def brute_expectation(v: Variant, text: str, players: int | None = None) -> float:
    """Every ordering of distinct unseen cards into the face-down places,
    each equally likely: the mean total, by exhaustion."""
    cards = lay(text)
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
    exp = expected_total(v, lay("? ? 2 / 2 2 9"))
    assert exp.exact and exp.unknown == 2 and exp.samples == 0
    assert exp.expected == pytest.approx(brute_expectation(v, "? ? 2 / 2 2 9"))


def test_the_known_part_counts_face_up_cards_and_their_patterns_only() -> None:
    six = builtin("six-card")
    # a face-down card pairs with nothing: the ace below the first one counts 1
    assert expected_total(six, lay("? K 2 / A 7 9")).known == 0 - 2 + 1 + 7 + 9
    # face-up fives in one column pair up (ranks are compared, not card codes)
    assert expected_total(six, lay("5 ? 2 / 4 7 9")).known == 5 - 2 + 4 + 7 + 9
    assert expected_total(six, lay("5H ? 2 / 5S 7 9")).known == 0 - 2 + 7 + 9
    # a face-down card counts 0, whatever the highest card is worth
    kings10 = load_variant("six-card", ["values.ranks.K=10"])
    assert expected_total(kings10, lay("? 3 4 / 5 6 7")).known == 25
    # with jokers valued, a face-down card is no joker either
    jokers = load_variant("six-card", ["values.ranks.joker=-5"])
    assert expected_total(jokers, lay("3 ? 4 / 5 JK 7")).known == 3 + 4 + 5 - 5 + 7
    # bonuses of face-up patterns count: Alberta's side-by-side sixes, -18
    alb = builtin("alberta")
    text = "6 6 2 3 4 ? / 6 6 3 4 5 ? / 6 6 4 5 7 ?"
    assert expected_total(alb, lay(text)).known == -18 + 9 + 12 + 16  # 19


def test_expectation_fields() -> None:
    six = builtin("six-card")
    full = expected_total(six, lay("5 K 2 / 5 7 9"))
    assert (full.known, full.expected, full.exact, full.samples, full.unknown) == (
        14,
        14.0,
        True,
        0,
        0,
    )
    exact = expected_total(six, lay("? K 2 / 5 7 9"))
    assert (exact.exact, exact.samples, exact.unknown) == (True, 0, 1)
    sampled = expected_total(six, lay("? K 2 / ? 7 9"), max_exact=0, samples=50, seed=4)
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
    exp = expected_total(v, lay("? ? / ? 5"), max_exact=0, samples=7, seed=1)
    assert exp.expected == 0.0 and not exp.exact


def test_expected_total_defaults_sample_10000_with_seed_0() -> None:
    """Bots rely on the defaults giving the same answer every call."""
    v = builtin("six-card")
    five = lay("? ? ? / ? ? 9")  # 13 classes ** 5 > 50000 combinations: sampled
    a = expected_total(v, five)
    assert (a.exact, a.samples) == (False, 10_000)
    assert a.expected == expected_total(v, five, samples=10_000, seed=0).expected
    assert a.expected != expected_total(v, five, samples=10_000, seed=1).expected


# --------------------------------------------------------------------------- unseen cards


def test_unseen_cards_counts_each_seen_copy_once() -> None:
    nine = builtin("nine-card")  # two packs: two of every exact card
    pool = unseen_cards(nine, lay("5H"))
    assert Counter(pool)[C.parse_card("5H")] == 1 and len(pool) == 103
    # more 5H seen than one pack holds: the second takes another five
    six = builtin("six-card")
    pool = unseen_cards(six, lay("5H 5H"))
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
    exact = expected_total(v, lay("? K 2 / ? 7 9"))
    assert exact.expected == pytest.approx(brute_expectation(v, "? K 2 / ? 7 9"))


def test_expected_total_uses_the_deck_of_the_player_count() -> None:
    v = builtin("six-card")
    for players in (2, 5):  # one pack, then two
        exp = expected_total(v, lay("? K 2 / 5 7 9"), players=players)
        assert exp.expected == pytest.approx(brute_expectation(v, "? K 2 / 5 7 9", players))
    one, two = (expected_total(v, lay("? K 2 / 5 7 9"), players=p).expected for p in (2, 5))
    assert one != pytest.approx(two)


def test_expected_total_is_exact_up_to_max_exact_combinations() -> None:
    v = builtin("six-card")  # 13 classes of cards (rank and value) for one face-down card
    assert expected_total(v, lay("? K 2 / 5 7 9"), max_exact=13).exact
    assert not expected_total(v, lay("? K 2 / 5 7 9"), max_exact=12, samples=10).exact


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
    return len(score_layout(v, lay(square_grid(cells, 8, 12))).matches)


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
    ls = score_layout(blocks(4, 4), lay("7 3 7 7 / 7 7 7 7 / 7 7 7 3 / 7 7 7 3"))
    assert [m.cells for m in ls.matches] == [(2, 3, 6, 7), (4, 5, 8, 9)]
    assert ls.total == -50 + 5 * 7 + 3 * 3


def test_diagonals_on_a_wide_grid() -> None:
    """A 2x3 grid has diagonals of two cards starting in columns 0 and 1,
    both ways: (0,4) (1,5) and (1,3) (2,4)."""
    v = load_variant({"name": "t", "extends": "six-card", "patterns": [{"kind": "diagonal"}]})
    assert score_layout(v, lay("3 7 4 / 5 6 7")).total == 3 + 4 + 5 + 6  # (1,5) sevens
    assert score_layout(v, lay("3 7 4 / 5 4 6")).total == 3 + 7 + 5 + 6  # (2,4) fours
    assert score_layout(v, lay("7 3 4 / 5 7 6")).total == 3 + 4 + 5 + 6  # (0,4) sevens
    assert score_layout(v, lay("3 4 5 / 4 6 7")).total == 3 + 5 + 6 + 7  # (1,3) fours


def test_adjacent_pairs_one_above_the_other_in_every_column() -> None:
    v = load_variant({"name": "t", "extends": "nine-card", "patterns": [{"kind": "adjacent_pair"}]})
    assert score_layout(v, lay("3 4 5 / 6 7 5 / 8 9 10")).total == 3 + 4 + 6 + 7 + 8 + 9 + 10
    assert score_layout(v, lay("3 4 5 / 6 4 7 / 8 9 10")).total == 3 + 5 + 6 + 7 + 8 + 9 + 10


def test_a_face_down_card_cannot_be_scored() -> None:
    with pytest.raises(
        ValueError, match=r"^cannot score a face-down \(\?\) card; use expected_total$"
    ):
        score_layout(builtin("six-card"), lay("? K 2 / 5 7 9"))


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
    assert score_layout(v, lay("Q 9 3 / Q 9 4 / Q 9 5")).total == 30 + 3 + 4 + 5


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
    assert score_layout(v, lay("5 5 3 4")).total == -10 + 3 + 4


def test_the_breakdown_keeps_the_cards() -> None:
    cards = lay("5 K 2 / 5 7 9")
    ls = score_layout(builtin("six-card"), cards)
    assert ls.cards == tuple(cards) and ls.values == (5, 0, -2, 5, 7, 9)


def test_a_joker_without_a_value_names_the_fix() -> None:
    msg = "six-card is played without jokers (give them a value, e.g. --set values.ranks.joker=-2)"
    with pytest.raises(CardError, match=f"^{re.escape(msg)}$"):
        score_layout(builtin("six-card"), lay("JK 3 4 / 5 6 7"))


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
    ls = score_layout(builtin("duel"), lay("JK 3 4 / JK 6 7"))
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
