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

from .arguments import shown
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
_RANK_IN["1"] = ACE  # an ace counts 1: players write it so (docs/rules.md §1)
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


def parse_rank(text: object) -> Rank:
    """Read a rank as written in a variant file or typed: ``A``, ``10``, ``T``, ``joker``.

    Anything else is a :class:`CardError`, whatever its type: a rank in a
    variant file is read before it is checked, and YAML hands over floats,
    lists and mappings too (typed ``str | int``, the compiled build refused
    them with a TypeError before a message could name the key).

    >>> parse_rank("t"), parse_rank(2), parse_rank("Joker")
    (10, 2, 0)
    >>> parse_rank(1.5)
    Traceback (most recent call last):
    golfcli.cards.CardError: unknown rank 1.5 (use A 2-10 T J Q K or joker)
    """
    if isinstance(text, str | int):
        key = str(text).strip().upper()
        if key in _JOKER_WORDS:
            return JOKER
        if key in _RANK_IN:
            return _RANK_IN[key]
    raise CardError(f"unknown rank {shown(text)} (use A 2-10 T J Q K or joker)")


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
        raise CardError(
            f"unknown card {shown(raw)} (ranks A or 1, 2-10 T J Q K, suits C D H S, joker JK)"
        )
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

    Cards may also be run together where that can be read one way only, as
    people jot a layout down: ``5K2/579`` is ``5 K 2 / 5 7 9`` and ``10QH1``
    is ``10 QH A``; ``JK5`` is refused (a joker and a 5, or J K 5?).

    Returns ``(rows, cols, cards)`` with cards row-major.  Errors name the
    card position (row and column, counted from 1) so a person can find it.

    >>> parse_layout("5 K 2 / 5 7 9")[:2], parse_layout("5K2/579") == parse_layout("5 K 2 / 5 7 9")
    ((2, 3), True)
    """
    rows_text = text.split("/")
    grid: list[list[Card]] = []
    for r, row in enumerate(rows_text, start=1):
        tokens = [t for t in row.replace(",", " ").split() if t]
        if not tokens:
            raise CardError(f"row {r} is empty")
        cells: list[Card] = []
        for tok in tokens:
            try:
                cells.extend(_cards_in(tok))
            except CardError as exc:
                raise CardError(f"row {r}, card {len(cells) + 1}: {exc}") from None
        grid.append(cells)
    for r, got in enumerate(grid[1:], start=2):
        if len(got) != len(grid[0]):  # the first row that differs: a message stays one line
            raise CardError(
                "ragged rows: every row needs the same number of cards "
                f"(row 1 has {len(grid[0])}, row {r} has {len(got)})"
            )
    return len(grid), len(grid[0]), [c for row in grid for c in row]


def _cards_in(token: str) -> list[Card]:
    """The cards of one typed token: one card, or several run together when
    exactly one reading of the run exists (else the error says why)."""
    try:
        return [parse_card(token)]
    except CardError as exc:
        whole = exc
    text = token.strip().upper()
    if len(text) > _LONGEST_RUN:
        raise whole
    readings = _readings(text, 0, 2, set())
    if len(readings) == 1:
        return readings[0]
    if not readings:
        raise whole
    a, b = [" ".join([card_str(c) for c in cards]) for cards in readings]
    joker = " (JK is a joker)" if any(JOKER_CARD in cards for cards in readings) else ""
    raise CardError(
        f"{shown(token)} can be read as {a} or as {b}{joker}: put spaces between the cards"
    )


#: A card is at most this long (``JOKER``; ``10♣`` is 3), a run of cards typed
#: together at most :data:`_LONGEST_RUN` (a row of 12 cards like ``10♣``).
_LONGEST_CARD = 5
_LONGEST_RUN = 36


def _readings(text: str, start: int, most: int, dead: set[int]) -> list[list[Card]]:
    """Up to ``most`` ways to read ``text[start:]`` as cards run together;
    ``dead`` keeps the positions no reading can start from (so a long run
    that fails late is not tried in every way again)."""
    if start == len(text):
        return [[]]
    out: list[list[Card]] = []
    for end in range(start + 1, min(len(text), start + _LONGEST_CARD) + 1):
        if end in dead:
            continue
        try:
            card = parse_card(text[start:end])
        except CardError:
            continue
        for rest in _readings(text, end, most - len(out), dead):
            out.append([card, *rest])
            if len(out) >= most:
                return out
    if not out:
        dead.add(start)
    return out


def layout_str(cards: list[Card], cols: int, symbols: bool = False) -> str:
    """The inverse of :func:`parse_layout`."""
    rows = [cards[i : i + cols] for i in range(0, len(cards), cols)]
    return " / ".join(" ".join(card_str(c, symbols) for c in row) for row in rows)
