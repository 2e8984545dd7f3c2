"""Cards as small ints, and the notation people type.

A card is an ``int``: ``rank << 3 | suit``.  Ints are hashable, compare
fast and index flat tables, which is what the engine's hot path wants; the
type alias ``Card`` keeps signatures readable (the python-chess way with
squares).

* ranks: ``JOKER = 0``, ``ACE = 1`` … ``KING = 13``;
* suits: clubs 0, diamonds 1, hearts 2, spades 3, and ``NO_SUIT = 4`` for a
  joker or for a card a person typed without a suit (``golf score "5 K 2"``):
  such a card takes the value of the plain rank rule (docs/rules.md §1: "the club
  specials need the C").

``UNKNOWN = -1`` stands for a face-down card (``?``) in a typed layout.
"""

from __future__ import annotations

import functools
from typing import TypeAlias

from .exceptions import InputError

Card: TypeAlias = int
Rank: TypeAlias = int

JOKER: Rank = 0
ACE: Rank = 1
JACK: Rank = 11
QUEEN: Rank = 12
KING: Rank = 13

CLUBS, DIAMONDS, HEARTS, SPADES, NO_SUIT = 0, 1, 2, 3, 4
UNKNOWN: Card = -1
#: Size of a table indexed by card int (rank 0..13, suit 0..7).
TABLE_SIZE = 14 * 8

RANK_NAMES = ("JK", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_LETTERS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
_SUIT_IN = {
    "C": CLUBS,
    "D": DIAMONDS,
    "H": HEARTS,
    "S": SPADES,
    "♣": CLUBS,
    "♦": DIAMONDS,
    "♥": HEARTS,
    "♠": SPADES,
    "♧": CLUBS,
    "♢": DIAMONDS,
    "♡": HEARTS,
    "♤": SPADES,
}
_RANK_IN = {name: r for r, name in enumerate(RANK_NAMES) if r}
_RANK_IN["T"] = 10
_JOKER_WORDS = {"JK", "JO", "JOKER", "*"}


class CardError(InputError):
    """A card, rank or layout that cannot be read, or a layout a variant cannot
    score; the message says what was typed and where (row and card)."""


def make(rank: Rank, suit: int = NO_SUIT) -> Card:
    """Build a card from rank and suit (jokers never carry a suit)."""
    return (rank << 3) | (NO_SUIT if rank == JOKER else suit)


JOKER_CARD: Card = make(JOKER)


def rank_of(card: Card) -> Rank:
    return card >> 3


def suit_of(card: Card) -> int:
    return card & 7


def parse_rank(text: str | int) -> Rank:
    """Read a rank as written in a variant file or typed: ``A``, ``10``, ``T``, ``joker``.

    >>> parse_rank("t"), parse_rank(2), parse_rank("Joker")
    (10, 2, 0)
    """
    key = str(text).strip().upper()
    if key in _JOKER_WORDS:
        return JOKER
    if key in _RANK_IN:
        return _RANK_IN[key]
    raise CardError(f"unknown rank {text!r} (use A 2-10 T J Q K or joker)")


def parse_card(text: str) -> Card:
    """Read one card in docs/rules.md §1 notation; ``?`` is a face-down card.

    >>> card_str(parse_card("10♣")), card_str(parse_card("qh")), card_str(parse_card("*"))
    ('10C', 'QH', 'JK')
    """
    raw = text.strip()
    key = raw.upper()
    if not key:
        raise CardError("empty card")
    if key == "?":
        return UNKNOWN
    if key in _JOKER_WORDS:
        return JOKER_CARD
    suit = NO_SUIT
    if key[-1] in _SUIT_IN and len(key) > 1:
        suit = _SUIT_IN[key[-1]]
        key = key[:-1]
    if key not in _RANK_IN:
        raise CardError(f"unknown card {raw!r} (ranks A 2-10 T J Q K, suits C D H S, joker JK)")
    return make(_RANK_IN[key], suit)


def card_str(card: Card, symbols: bool = False) -> str:
    """Print a card so that :func:`parse_card` reads it back."""
    if card == UNKNOWN:
        return "?"
    rank, suit = card >> 3, card & 7
    if rank == JOKER:
        return "JK"
    if suit == NO_SUIT:
        return RANK_NAMES[rank]
    return RANK_NAMES[rank] + (SUIT_SYMBOLS if symbols else SUIT_LETTERS)[suit]


def rank_str(rank: Rank) -> str:
    return "joker" if rank == JOKER else RANK_NAMES[rank]


def make_deck(packs: int, jokers_per_pack: int) -> list[Card]:
    """All cards of ``packs`` standard packs plus their jokers, in a fixed order."""
    return list(_deck(packs, jokers_per_pack))


@functools.lru_cache(maxsize=64)
def _deck(packs: int, jokers_per_pack: int) -> tuple[Card, ...]:
    # Built once per pack count: every hole deals a fresh copy of it.
    one = [make(r, s) for s in range(4) for r in range(1, 14)]
    return tuple((one + [JOKER_CARD] * jokers_per_pack) * packs)


def parse_layout(text: str) -> tuple[int, int, list[Card]]:
    """Read a typed layout: rows separated by ``/``, cards by spaces or commas.

    Returns ``(rows, cols, cards)`` with cards row-major.  Errors name the
    card position (row and column, counted from 1) so a person can find it.

    >>> parse_layout("5 K 2 / 5 7 9")[:2]
    (2, 3)
    """
    rows_text = text.split("/")
    grid: list[list[Card]] = []
    for r, row in enumerate(rows_text, start=1):
        tokens = [t for t in row.replace(",", " ").split() if t]
        if not tokens:
            raise CardError(f"row {r} is empty")
        cells = []
        for c, tok in enumerate(tokens, start=1):
            try:
                cells.append(parse_card(tok))
            except CardError as exc:
                raise CardError(f"row {r}, card {c}: {exc}") from None
        grid.append(cells)
    widths = {len(row) for row in grid}
    if len(widths) > 1:
        lens = ", ".join(str(len(row)) for row in grid)
        raise CardError(f"ragged rows: every row needs the same number of cards (got {lens})")
    return len(grid), len(grid[0]), [c for row in grid for c in row]


def layout_str(cards: list[Card], cols: int, symbols: bool = False) -> str:
    """The inverse of :func:`parse_layout`."""
    rows = [cards[i : i + cols] for i in range(0, len(cards), cols)]
    return " / ".join(" ".join(card_str(c, symbols) for c in row) for row in rows)
