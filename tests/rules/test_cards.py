"""Card notation (docs/rules.md §1), typed layouts and decks."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfcli import cards as C
from golfcli.variantload import builtin

# Every spelling docs/rules.md §1 allows, written out by hand (not taken from cards.py).
RANK_SPELLINGS = {
    "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
    "10": 10, "T": 10, "J": 11, "Q": 12, "K": 13,
}  # fmt: skip
SUIT_SPELLINGS = {
    "C": C.CLUBS, "D": C.DIAMONDS, "H": C.HEARTS, "S": C.SPADES,
    "♣": C.CLUBS, "♦": C.DIAMONDS, "♥": C.HEARTS, "♠": C.SPADES,
}  # fmt: skip
JOKER_SPELLINGS = ["JK", "Jo", "Joker", "*", "jk", "JOKER", "jo", "joKER"]


def test_card_int_layout() -> None:
    # rank << 3 | suit: the king of spades is 13*8 + 3.
    assert C.make(13, C.SPADES) == 13 * 8 + 3
    assert C.rank_of(C.make(12, C.HEARTS)) == 12
    assert C.suit_of(C.make(12, C.HEARTS)) == C.HEARTS
    # a joker never carries a suit
    assert C.make(C.JOKER, C.CLUBS) == C.JOKER_CARD
    assert C.suit_of(C.JOKER_CARD) == C.NO_SUIT


@pytest.mark.parametrize("text,rank", RANK_SPELLINGS.items())
def test_every_rank_without_suit(text: str, rank: int) -> None:
    card = C.parse_card(text)
    assert C.rank_of(card) == rank
    assert C.suit_of(card) == C.NO_SUIT
    assert C.parse_card(text.lower()) == card


@pytest.mark.parametrize("suit_text,suit", SUIT_SPELLINGS.items())
@pytest.mark.parametrize("rank_text", ["A", "10", "T", "q", "k", "7"])
def test_ranks_with_suits_in_letters_and_symbols(rank_text: str, suit_text: str, suit: int) -> None:
    card = C.parse_card(rank_text + suit_text.lower())
    assert C.rank_of(card) == RANK_SPELLINGS[rank_text.upper()]
    assert C.suit_of(card) == suit


@pytest.mark.parametrize("text", JOKER_SPELLINGS)
def test_joker_spellings(text: str) -> None:
    assert C.parse_card(text) == C.JOKER_CARD
    assert C.parse_card(f"  {text} ") == C.JOKER_CARD


def test_question_mark_is_a_face_down_card() -> None:
    assert C.parse_card("?") == C.UNKNOWN
    assert C.card_str(C.UNKNOWN) == "?"


@pytest.mark.parametrize(
    "bad", ["Z", "11", "0", "", "KX", "JKC", "*S", "CC", "10CC", "♣", "B7", "1♣♣"]
)
def test_unknown_cards_are_errors(bad: str) -> None:
    with pytest.raises(C.CardError):
        C.parse_card(bad)


def test_error_names_what_was_typed() -> None:
    with pytest.raises(C.CardError, match="'Z'"):
        C.parse_card("Z")


def test_card_str_is_canonical() -> None:
    assert C.card_str(C.parse_card("t♣")) == "10C"
    assert C.card_str(C.parse_card("t♣"), symbols=True) == "10♣"
    assert C.card_str(C.parse_card("Joker")) == "JK"
    assert C.card_str(C.parse_card("q")) == "Q"


def _all_cards() -> list[int]:
    out = [C.JOKER_CARD, C.UNKNOWN]
    out += [C.make(r, s) for r in range(1, 14) for s in (*range(4), C.NO_SUIT)]
    return out


@pytest.mark.parametrize("symbols", [False, True])
def test_printing_parses_back_for_every_card(symbols: bool) -> None:
    for card in _all_cards():
        assert C.parse_card(C.card_str(card, symbols)) == card


@pytest.mark.parametrize(
    "text,rank", [("A", 1), ("t", 10), (10, 10), ("joker", 0), ("JO", 0), (2, 2)]
)
def test_parse_rank(text: str | int, rank: int) -> None:
    assert C.parse_rank(text) == rank


@pytest.mark.parametrize("value", [1.5, float("nan"), None, [5], {"kind": "row"}, b"K", 10**30])
def test_parse_rank_refuses_any_other_value_in_words(value: object) -> None:
    """A variant file hands over whatever YAML reads: each is a CardError
    (one line naming the key), never the compiled build's TypeError."""
    with pytest.raises(C.CardError, match="unknown rank"):
        C.parse_rank(value)


def test_parse_rank_error() -> None:
    with pytest.raises(C.CardError):
        C.parse_rank("Z")


# ----------------------------------------------------------------- hypothesis

spelled_card = st.one_of(
    st.tuples(
        st.sampled_from(sorted(RANK_SPELLINGS)),
        st.sampled_from(["", *SUIT_SPELLINGS]),
        st.booleans(),
    ).map(lambda t: ((t[0] + t[1]).lower() if t[2] else t[0] + t[1], t[0], t[1])),
    st.sampled_from(JOKER_SPELLINGS).map(lambda j: (j, "JK", "")),
)


@settings(max_examples=200, deadline=None)
@given(spelled_card)
def test_any_spelling_parses_to_the_card_it_names(item: tuple[str, str, str]) -> None:
    typed, rank_text, suit_text = item
    card = C.parse_card(typed)
    if rank_text == "JK":
        assert card == C.JOKER_CARD
    else:
        assert C.rank_of(card) == RANK_SPELLINGS[rank_text]
        assert C.suit_of(card) == SUIT_SPELLINGS.get(suit_text, C.NO_SUIT)
    # printing parses back, in either suit style
    assert C.parse_card(C.card_str(card)) == card
    assert C.parse_card(C.card_str(card, symbols=True)) == card


@settings(max_examples=100, deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda rows: st.integers(1, 6).flatmap(
            lambda cols: st.tuples(
                st.just(rows),
                st.just(cols),
                st.lists(st.sampled_from(_all_cards()), min_size=rows * cols, max_size=rows * cols),
            )
        )
    ),
    st.booleans(),
)
def test_layout_round_trip(shape: tuple[int, int, list[int]], symbols: bool) -> None:
    rows, cols, cards = shape
    text = C.layout_str(cards, cols, symbols)
    assert C.parse_layout(text) == (rows, cols, cards)


# ----------------------------------------------------------------- layouts


def test_parse_layout_separators() -> None:
    rows, cols, cards = C.parse_layout("5 K 2 / 5 7 9")
    assert (rows, cols) == (2, 3)
    assert [C.card_str(c) for c in cards] == ["5", "K", "2", "5", "7", "9"]
    # commas and extra spaces are the same as single spaces
    assert C.parse_layout("5,K,2/5 ,  7,9") == (rows, cols, cards)


def test_one_is_an_ace() -> None:
    """An ace counts 1 and players write it so: 1, 1S, 1♣ are aces."""
    assert C.parse_card("1") == C.make(C.ACE)
    assert C.parse_card("1s") == C.make(C.ACE, C.SPADES)
    assert C.parse_card("1♣") == C.make(C.ACE, C.CLUBS)
    assert C.parse_layout("1 2 3 / 1 5 6") == C.parse_layout("A 2 3 / A 5 6")
    assert C.card_str(C.parse_card("1")) == "A"  # printed as the ace it is


@pytest.mark.parametrize(
    ("typed", "spaced"),
    [
        ("5K2/579", "5 K 2 / 5 7 9"),
        ("5k2 / 579", "5 K 2 / 5 7 9"),
        ("10QH1 / 5 5 5", "10 QH A / 5 5 5"),  # 10 is ten (a 0 alone is no card)
        ("110 / 2 3", "A 10 / 2 3"),
        ("101 / 2 3", "10 A / 2 3"),
        ("5S5S 5", "5S 5S 5"),  # S is a suit, never a rank
        ("ASK / 2 3", "AS K / 2 3"),
        ("*5* / 123", "JK 5 JK / A 2 3"),
        ("JOKER5 / A 2", "JK 5 / A 2"),
        ("5?2/?7?", "5 ? 2 / ? 7 ?"),
        ("T♣9♦ / 8 7", "10C 9D / 8 7"),
    ],
)
def test_cards_run_together_are_read_when_only_one_reading_exists(typed: str, spaced: str) -> None:
    assert C.parse_layout(typed) == C.parse_layout(spaced)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        # a joker and a 5, or a jack, a king and a 5?
        ("5 5 / JK5", r"row 2, card 1: 'JK5' can be read as J K 5 or as JK 5 \(JK is a joker\): "
         "put spaces between the cards"),
        ("5 JKK", r"row 1, card 2: 'JKK' can be read as J K K or as JK K \(JK is a joker\)"),
        ("5 K ZZ / 1 2 3", r"row 1, card 3: unknown card 'ZZ'"),  # no reading at all
        ("100 / 1 2", r"row 1, card 1: unknown card '100'"),
        ("5 K 2Z", r"row 1, card 3: unknown card '2Z'"),
    ],
)  # fmt: skip
def test_runs_that_read_two_ways_or_none_are_refused(typed: str, message: str) -> None:
    with pytest.raises(C.CardError, match=f"^{message}"):
        C.parse_layout(typed)


def test_long_runs_end_quickly() -> None:
    """A run that fails only at its end is an unknown card (read once per
    position: 2^17 ways to split it are not all tried), and a run longer than
    a row of 12 cards is not split at all."""
    with pytest.raises(C.CardError, match="unknown card"):
        C.parse_layout("JK" * 17 + "Z")
    with pytest.raises(C.CardError, match="can be read as"):
        C.parse_layout("JK" * 18)
    assert len(C.parse_layout("5" * 36)[2]) == 36
    with pytest.raises(C.CardError, match="unknown card"):
        C.parse_layout("5" * 37)


def test_parse_layout_error_names_row_and_card() -> None:
    with pytest.raises(C.CardError, match="row 2, card 3"):
        C.parse_layout("5 K 2 / 5 7 Z")


def test_parse_layout_ragged_rows() -> None:
    with pytest.raises(C.CardError, match="ragged"):
        C.parse_layout("5 K 2 / 5 7")


@pytest.mark.parametrize("text", ["", "   ", "5 K 2 /", "/ 5 K"])
def test_parse_layout_empty_rows(text: str) -> None:
    with pytest.raises(C.CardError, match="empty"):
        C.parse_layout(text)


# ----------------------------------------------------------------- decks


def test_make_deck_counts() -> None:
    deck = C.make_deck(2, 2)
    # 2 packs of 52 plus 2 jokers per pack
    assert len(deck) == 2 * 52 + 2 * 2
    counts = Counter(deck)
    assert counts[C.JOKER_CARD] == 4
    for r in range(1, 14):
        for s in range(4):
            assert counts[C.make(r, s)] == 2
    one = C.make_deck(1, 0)
    assert len(one) == len(set(one)) == 52


@pytest.mark.parametrize(
    "name,players,packs,jokers",
    [
        # docs/rules.md §10 / seed 003: 1 pack for 2-4, 2 for 5-8, 3 for 9+, no jokers
        ("six-card", 2, 1, 0),
        ("six-card", 4, 1, 0),
        ("six-card", 5, 2, 0),
        ("six-card", 8, 2, 0),
        ("six-card", 9, 3, 0),
        ("four-card", 3, 1, 0),
        ("four-card", 6, 2, 0),
        # nine-card: 2 packs
        ("nine-card", 2, 2, 0),
        ("nine-card", 6, 2, 0),
        # Alberta (seed 000): 2 packs for 2-4 players, 3 for 6, jokers included
        ("alberta", 2, 2, 2),
        ("alberta", 3, 2, 2),
        ("alberta", 4, 2, 2),
        ("alberta", 6, 3, 2),
        # duel (seed 004): 1 pack + 2 jokers
        ("duel", 2, 1, 2),
    ],
)
def test_decks_per_player_count(name: str, players: int, packs: int, jokers: int) -> None:
    deck = builtin(name).deck(players)
    assert len(deck) == packs * (52 + jokers)
    assert Counter(deck)[C.JOKER_CARD] == packs * jokers
    assert Counter(deck)[C.make(1, C.CLUBS)] == packs
