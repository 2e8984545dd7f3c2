"""Cards and layouts as values that read as cards: the public face of :mod:`cards`.

The engine keeps a card as a plain ``int`` (``rank << 3 | suit``: fast, and
it indexes flat tables).  A person reading a result wants ``10H``, not
``82``.  :class:`Card` is that same ``int`` with the notation for its
``str`` and ``repr``, so a card from the API works wherever the engine
takes one, and :class:`Layout` is a grid of them that reads and prints the
way people type layouts (``"5 K 2 / 5 7 9"``).

>>> Card("10♥"), str(Card("qh")), Card("?")
(Card('10H'), 'QH', Card('?'))
>>> Layout("5 K 2 / 5 7 9")
Layout('5 K 2 / 5 7 9')
>>> Layout("5 K 2 / 5 7 9")[1, 0]
Card('5')
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import SupportsIndex, overload

from . import cards as C
from .arguments import shown, whole, wrong_type


class Card(int):
    """One card: ``Card("10♥")``, ``Card("K")``, ``Card("JK")`` or ``Card("?")``
    (face down).  A card typed without a suit has none (it takes the plain
    rank's value: docs/rules.md §1).  It *is* the engine's ``int``; its
    ``str`` is the notation (``10H``), its ``repr`` the code that makes it."""

    __slots__ = ()

    def __new__(cls, card: str | int) -> Card:
        value = C.parse_card(card) if isinstance(card, str) else card_number("card", card)
        return super().__new__(cls, value)

    @property
    def rank(self) -> str:
        """The rank as written: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``, ``JK``
        (``?`` face down)."""
        if self == C.UNKNOWN:
            return "?"
        return C.RANK_NAMES[C.rank_of(self)]

    @property
    def suit(self) -> str | None:
        """``C``, ``D``, ``H`` or ``S``; None for a joker, a face-down card or a
        card typed without its suit."""
        suit = C.suit_of(self)
        return None if self == C.UNKNOWN or suit >= len(C.SUIT_LETTERS) else C.SUIT_LETTERS[suit]

    @property
    def face_down(self) -> bool:
        """True for ``?``: a card nobody has seen."""
        return self == C.UNKNOWN

    def __str__(self) -> str:
        return C.card_str(self)

    def __repr__(self) -> str:
        return f"Card({C.card_str(self)!r})"

    def __format__(self, spec: str) -> str:
        """``f"{card}"`` is its notation; ``f"{card:s}"`` has suit symbols (``10♥``)."""
        if spec == "s":
            return C.card_str(self, symbols=True)
        return format(str(self), spec)

    def _repr_svg_(self) -> str:
        from .render.pictures import Grid, grid_svg

        return grid_svg(Grid([int(self)], 1), str(self))


class Layout(Sequence[Card]):
    """A grid of cards, row by row: ``Layout("5 K 2 / 5 7 9")`` (rows split by
    ``/``, cards by spaces or commas), ``Layout(["5", "K", "2", "5", "7", "9"],
    cols=3)`` or a list of rows.  Read-only; equal when the cards are.

    ``layout[i]`` is the i-th card row-major, ``layout[row, col]`` counts
    from 0.  ``str`` is the notation, ``repr`` the code that makes it, and a
    notebook draws it (``?`` cards as card backs)."""

    __slots__ = ("_cards", "cols", "rows")
    rows: int
    cols: int
    _cards: tuple[Card, ...]

    def __init__(
        self, cards: str | Layout | Iterable[str | int | Iterable[str | int]], cols: int = 0
    ) -> None:
        self.rows, self.cols, self._cards = read_layout("cards", cards, cols)

    @classmethod
    def _of(cls, rows: int, cols: int, cards: tuple[Card, ...]) -> Layout:
        """A layout of cards :func:`read_layout` has read (as another
        function's argument, named in its own messages)."""
        lay = cls.__new__(cls)
        lay.rows, lay.cols, lay._cards = rows, cols, cards
        return lay

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, row by row."""
        return self._cards

    @property
    def face_down(self) -> int:
        """How many cards are ``?``."""
        return sum(1 for c in self._cards if c == C.UNKNOWN)

    def row(self, r: int) -> tuple[Card, ...]:
        """Row ``r`` (from 0)."""
        r = whole("r", r, 0, self.rows - 1)
        return self._cards[r * self.cols : (r + 1) * self.cols]

    @overload
    def __getitem__(self, index: SupportsIndex | tuple[int, int]) -> Card: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Card, ...]: ...
    def __getitem__(
        self, index: SupportsIndex | tuple[int, int] | slice
    ) -> Card | tuple[Card, ...]:
        if isinstance(index, tuple):
            r, c = index
            if not (0 <= r < self.rows and 0 <= c < self.cols):
                raise IndexError(f"no card at row {r}, column {c} of a {self.rows}x{self.cols}")
            return self._cards[r * self.cols + c]
        return self._cards[index]

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        return (self.cols, self._cards) == (other.cols, other._cards)

    def __hash__(self) -> int:
        return hash((self.cols, self._cards))

    def __str__(self) -> str:
        return C.layout_str(list(self._cards), self.cols)

    def __repr__(self) -> str:
        return f"Layout({str(self)!r})"

    def __format__(self, spec: str) -> str:
        """``f"{layout:s}"`` has suit symbols."""
        if spec == "s":
            return C.layout_str(list(self._cards), self.cols, symbols=True)
        return format(str(self), spec)

    def _repr_svg_(self) -> str:
        from .render.pictures import Grid, grid_svg

        return grid_svg(Grid(list(self._cards), self.cols), str(self))


def card_of(argument: str, value: object) -> Card:
    """The card ``argument`` gives, as its notation or its number (a door
    that takes one card: ``Hole.stack``, ``Hole.dealt``'s ``discard``)."""
    if isinstance(value, Card):
        return value
    return Card(value) if isinstance(value, str) else Card(card_number(argument, value))


def card_number(argument: str, value: object) -> int:
    """A card given as the engine's number (``Card(82)``, or numpy's
    integers), checked to be one; ArgumentTypeError for anything that is no
    number at all (``None``, ``b'A'``)."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        wrong_type(argument, "a card: text such as '10H' or 'K', or a card's number", value)
    number = operator.index(value)  # type: ignore[arg-type]
    rank, suit = number >> 3, number & 7
    if number != C.UNKNOWN and not (
        0 <= rank <= C.KING and suit <= C.NO_SUIT and (rank != C.JOKER or suit == C.NO_SUIT)
    ):
        raise C.CardError(f"{shown(number)} is not a card's number")
    return number


#: What a layout may be given as, in words (every door that takes one says it).
LAYOUT_TAKES = "a layout: text such as '5 K 2 / 5 7 9', a Layout, or a list of cards or of rows"


def read_layout(
    argument: str, cards: object, cols: object = 0
) -> tuple[int, int, tuple[Card, ...]]:
    """Rows, columns and cards of a layout given as ``argument`` (text, a
    :class:`Layout`, a flat list of cards cut into rows of ``cols``, or a
    list of rows): the door of :class:`Layout` and of every function that
    takes a layout.  Text, bytes, a mapping or a set is not a list of cards
    (the characters of a text, the keys of a mapping, a set has no order)."""
    if isinstance(cards, Layout):
        return cards.rows, cards.cols, cards._cards
    if isinstance(cards, str):
        rows, width, flat = C.parse_layout(cards)
        return rows, width, tuple(Card(c) for c in flat)
    if isinstance(cards, bytes | bytearray | memoryview | Mapping | AbstractSet) or not isinstance(
        cards, Iterable
    ):
        wrong_type(argument, LAYOUT_TAKES, cards)
    items = list(cards)
    width = whole("cols", cols, 0, None)
    if items and not isinstance(items[0], str | int):  # a list of rows
        grid = [[_card(c) for c in _row(row)] for row in items]
        for r, row in enumerate(grid[1:], start=2):
            if len(row) != len(grid[0]):
                raise C.CardError(
                    "every row needs the same number of cards "
                    f"(row 1 has {len(grid[0])}, row {r} has {len(row)})"
                )
        if not grid[0]:
            raise C.CardError("a layout's rows need cards")
        return len(grid), len(grid[0]), tuple(c for row in grid for c in row)
    flat_cards = tuple(_card(c) for c in items)
    width = width or len(flat_cards)
    if not flat_cards or len(flat_cards) % width:
        raise C.CardError(f"{len(flat_cards)} cards do not fill rows of {width}")
    return len(flat_cards) // width, width, flat_cards


def _card(item: object) -> Card:
    if isinstance(item, str | int) and not isinstance(item, bool):
        return item if isinstance(item, Card) else Card(item)
    raise C.CardError(f"{shown(item)} is not a card (give text such as '10H' or 'K')")


def _row(item: object) -> Iterable[object]:
    if isinstance(item, Iterable) and not isinstance(item, bytes | bytearray | Mapping):
        return item
    raise C.CardError(f"{shown(item)} is not a row of cards")
