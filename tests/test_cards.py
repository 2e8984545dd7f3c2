"""Card notation (docs/rules.md §1), typed layouts and decks."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfcli import cards as C
from golfcli.variant import builtin

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
    "bad", ["Z", "1", "11", "0", "", "KX", "JKC", "*S", "CC", "10CC", "♣", "B7"]
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
