"""Variants as validated YAML data: the frozen values and the schema.

A variant file is a set of choices from docs/rules.md; no code anywhere branches on
a variant's name.  This module is what a variant *is*: the frozen
:class:`Variant` and its parts (:class:`Pattern`, :class:`Adjustment`,
:class:`Turn`, :class:`EndRules`, :class:`GameRules` ...) and the schema
(:data:`DEFAULTS`, every key with its default; documented key by key in
``docs/variants.md``).  How a file becomes one is in two rooms beside it:

1. :mod:`golfcli.variantload` reads the YAML with line numbers
   (``yamlsrc``), follows ``extends:`` and applies ``--set`` overrides;
2. :mod:`golfcli.variantcheck` validates every key and builds the frozen
   :class:`Variant`.  Any problem is one
   :class:`~golfcli.yamlsrc.SourceError` naming ``file:line`` and the key.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any, NamedTuple

from . import cards as C
from .arguments import (
    items,
    shown,
    whole,
)
from .exceptions import InputError
from .limits import MAX_PLAYERS
from .render import plural
from .yamlsrc import (
    KeyPath,
    SourceError,
)

BUILTIN_NAMES = ("six-card", "four-card", "nine-card", "alberta", "duel")

PATTERN_KINDS = (
    "column_pair",  # two or more equal cards in one column
    "column",  # a full column of equal rank
    "row",  # a full row of equal rank
    "diagonal",  # a full-length diagonal of equal rank
    "adjacent_pair",  # two equal cards side by side or one above the other
    "block",  # a 2x2 square of equal rank
    "twin_columns",  # two full columns, all of one rank (adjacent or not)
)
CARD_EFFECTS = ("zero", "keep", "keep_negative")
ADJUSTMENT_KINDS = ("exact", "closer", "lowest", "tied")
FLIP_MODES = ("required", "optional", "never")
#: Holes a target game (``game.target``) plays at most when ``game.max_holes``
#: is not given: a target that no score ever reaches (every card worth 0)
#: must not mean a game without end.
TARGET_HOLE_CAP = 100


class When(NamedTuple):
    """One choice of a closer adjustment's ``when``: for which standings of
    the closer's score against the lowest other score (``"lower"``,
    ``"tied"``, ``"higher"``) the closer gets the adjustment, and the words
    ``golf rules`` says it with.  Data, not a test: scoring works the
    standing out (in the mutation-tested core) and looks it up here."""

    standings: frozenset[str]
    words: str


#: The closer adjustment's ``when`` choices, the one statement of them: the
#: schema accepts these keys, scoring applies the standings, rulestext says the words.
CLOSER_WHEN: Mapping[str, When] = MappingProxyType(
    {
        "always": When(frozenset({"lower", "tied", "higher"}), ""),
        "lowest": When(frozenset({"lower", "tied"}), " when their score is lowest (ties count)"),
        "strictly_lowest": When(frozenset({"lower"}), " when their score is strictly lowest"),
        "not_lowest": When(frozenset({"higher"}), " when another score is lower"),
        "not_strictly_lowest": When(
            frozenset({"tied", "higher"}), " when they are not strictly lowest"
        ),
    }
)


#: Every key a variant may have, with its default.  A file that does not
#: ``extends:`` anything starts from these (six-card-like turn rules).
DEFAULTS: dict[str, Any] = {
    "name": None,
    "description": "",
    "extends": None,
    "players": "2-8",
    "grid": {"rows": 2, "cols": 3},
    "deck": {"packs": {"2-4": 1, "5-8": 2, "9+": 3}, "jokers_per_pack": 0},
    "values": {"ranks": None, "cards": {}},
    "patterns": [],
    "adjustments": [],
    "start": {"reveal": 2, "peek": 0},
    "turn": {
        "draw_from": ["stock", "discard"],
        "flip_after_discard": "required",
        "flip_after_discard_phase": "any",
        "flip_instead_of_draw": False,
        "knock": False,
        "bunker_shot": False,
        "approach_shot": False,
        "look_again": False,
        "knock_max_face_down": None,
        "flip_after_discard_max_face_down": None,
    },
    "end": {
        "all_face_up": True,
        "final_turns": "each_other",
        "frozen_discard": False,
        "turn_limit": 50,
        "stock_empty": "reshuffle",
    },
    "game": {
        "holes": 9,
        "target": None,
        "target_rule": "reach",
        "max_holes": None,
        "scoring": "stroke",
        "ties": "share",
        "max_playoff_holes": 9,
    },
    "partners": {"group_size": 2, "player_counts": []},
}

# Keys whose value is a free-form mapping (its own keys are data, not schema).
_OPEN_MAPPINGS = {("deck", "packs"), ("values", "ranks"), ("values", "cards")}
# Open mappings that ``extends:`` merges entry by entry (keyed by rank / by
# exact card); ``deck.packs`` is replaced whole, as its ranges may not overlap.
_KEYED_MAPPINGS: dict[KeyPath, str] = {("values", "ranks"): "rank", ("values", "cards"): "card"}
_PATTERN_KEYS = {"kind", "name", "cards", "bonus", "opponents", "ranks", "except", "adjacent"}
_ADJ_KEYS = {
    "kind",
    "name",
    "score",
    "becomes",
    "add",
    "when",
    "unique",
    "multiply",
    "multiply_negative",
}
# The keys of an item of each list of mappings.
_ITEM_KEYS: dict[str, set[str]] = {"patterns": _PATTERN_KEYS, "adjustments": _ADJ_KEYS}


#: Top-level keys only a tournament config has (``players:`` is both a
#: variant's player counts and a config's list of players).
TOURNAMENT_KEYS = ("variant", "games", "teams", "schedule", "sprt", "seats", "challenger")


def is_tournament_config(data: Any) -> bool:
    """A tournament config rather than a variant file: it lists players as
    mappings, or has a key only a config has and none only a variant has.
    The one test of it: ``golf validate`` checks such a file as a config, and
    loading one as a variant says what it is instead of naming its first
    unknown key."""
    if not isinstance(data, Mapping):
        return False
    players = data.get("players")
    if isinstance(players, list) and any(isinstance(p, Mapping) for p in players):
        return True
    variant_only = set(DEFAULTS) - {"name", "description", "players"}
    return any(k in data for k in TOURNAMENT_KEYS) and not any(k in data for k in variant_only)


# --------------------------------------------------------------------------- values


@dataclass(frozen=True)
class Pattern:
    """One matching rule: cells of equal rank -> what they count, and bonuses.

    ``cards`` is ``"zero"``, ``"keep"``, ``"keep_negative"`` or an int each
    matched card counts.  ``bonus`` is added to the owner and ``opponents``
    to every opposing side, once per match.  ``ranks`` (None = all) limits
    the ranks the rule applies to.  The first rule listed that covers a card
    decides what the card counts ("a card inside several matched patterns is
    zeroed once", docs/rules.md §8); bonuses of every matched rule apply.
    """

    kind: str
    name: str
    cards: str | int = "zero"
    bonus: int = 0
    opponents: int = 0
    ranks: frozenset[int] | None = None
    adjacent: bool = True


@dataclass(frozen=True)
class Adjustment:
    """A hole-level rule (docs/rules.md §8b) applied in listed order after patterns.

    * ``exact``: a hole score equal to ``score`` becomes ``becomes`` (blackjack);
    * ``closer``: the side that went out or knocked, ``when`` it is (not)
      lowest, has its score multiplied by ``multiply`` (a score below zero
      only with ``multiply_negative``: doubling a negative score would reward
      it), then ``add`` added;
    * ``lowest``: ``add`` to the lowest score (to each side tied for it,
      unless ``unique``);
    * ``tied``: ``add`` to each side whose score equals another side's.
    """

    kind: str
    name: str
    score: int = 0
    becomes: int = 0
    add: int = 0
    when: str = "always"
    unique: bool = False
    multiply: int = 1
    multiply_negative: bool = False


@dataclass(frozen=True)
class Start:
    reveal: int
    peek: int


@dataclass(frozen=True)
class Turn:
    draw_from: tuple[str, ...]
    flip_after_discard: str
    flip_after_discard_phase: str
    flip_instead_of_draw: bool
    knock: bool
    bunker_shot: bool
    approach_shot: bool
    look_again: bool
    #: knocking only with at most this many of the side's cards face down (None: any)
    knock_max_face_down: int | None = None
    #: the flip after a discard applies only once some side has at most this
    #: many cards face down (None: whatever the layouts)
    flip_after_discard_max_face_down: int | None = None


@dataclass(frozen=True)
class EndRules:
    """When a hole ends and what happens then (the schema's ``end:``); named
    apart from the hole's ``End`` event, which records that it did."""

    all_face_up: bool
    final_turns: str
    frozen_discard: bool
    turn_limit: int
    stock_empty: str


@dataclass(frozen=True)
class GameRules:
    """How holes make a game (the schema's ``game:``): its length or target,
    stroke or match play, ties and playoffs.  Not :mod:`golfcli.game`, which
    applies these rules to a game's holes."""

    holes: int | None
    target: int | None
    target_rule: str
    max_holes: int | None
    scoring: str
    ties: str
    max_playoff_holes: int


@dataclass(frozen=True)
class Partners:
    group_size: int
    player_counts: tuple[int, ...]


@dataclass(frozen=True, eq=False)
class Variant:
    """A validated variant.  Hash and equality are by identity (it is a
    compiled rule set; two loads of one file are two objects), which lets the
    scorer cache its index tables per variant."""

    name: str
    description: str
    players: tuple[int, ...]
    rows: int
    cols: int
    packs: tuple[tuple[int, int, int], ...]  # (lo, hi, packs); hi = 99 for "N+"
    jokers_per_pack: int
    rank_values: tuple[int, ...]  # index by rank 0..13 (0 = joker)
    card_values: tuple[tuple[int, int], ...]  # (card, value) exact-card overrides
    patterns: tuple[Pattern, ...]
    adjustments: tuple[Adjustment, ...]
    start: Start
    turn: Turn
    end: EndRules
    game: GameRules
    partners: Partners
    source: str
    data: Mapping[str, Any]  # the merged, validated document, read-only (see to_data)
    joker_valued: bool = True  # values.ranks gives jokers a value (needed to score one)

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    def packs_for(self, players: int) -> int:
        """How many packs a hole of ``players`` is dealt from."""
        players = _player_count(players)
        for lo, hi, n in self.packs:
            if lo <= players <= hi:
                return n
        raise InputError(f"variant {shown(self.name)} has no pack count for {players} players")

    def deck(self, players: int) -> list[int]:
        return C.make_deck(self.packs_for(players), self.jokers_per_pack)

    def value(self, card: int) -> int:
        """The face value of one card before any matching."""
        if type(card) is not int or not 0 <= card <= _TOP_CARD:
            card = whole("card", card, 0, _TOP_CARD, "a card's number")
        for c, v in self.card_values:
            if c == card:
                return v
        return self.rank_values[card >> 3]

    def overdealt(self, cards: Sequence[int], players: Sequence[int] = ()) -> str | None:
        """Why ``cards`` (typed layouts; ``?`` ignored) cannot all come from
        the deck dealt to the first of ``players`` (default: every allowed
        count, so the fewest, as the expected total of face-down cards
        assumes), in words, or None.  The words name the first of the other
        ``players`` whose deck would hold them, if any.

        A card typed with its suit (or a joker) is counted against the copies
        of that card; every card of a rank, suit or none, against the rank's
        copies (a card without a suit can be any suit still free)."""
        cards = [
            whole(f"cards[{i}]", c, C.UNKNOWN, _TOP_CARD, "a card's number")
            for i, c in enumerate(items("cards", cards, "a list of cards' numbers", 10_000))
        ]
        counts = [
            _player_count(n, f"players[{i}]")
            for i, n in enumerate(items("players", players, "a list of player counts", 100))
        ] or list(self.players)
        short = self._short(cards, counts[0])
        if not short:
            return None
        packs = self.packs_for(counts[0])
        text = (
            f"{'; '.join(short)}, but {self.name} deals {plural(packs, 'pack')} "
            f"to {counts[0]} players"
        )
        more = next((p for p in counts[1:] if not self._short(cards, p)), None)
        if more is None:
            return text
        return f"{text} ({self.packs_for(more)} packs from {more} players)"

    def _short(self, cards: Sequence[int], players: int) -> list[str]:
        have = Counter(self.deck(players))
        typed = Counter(c for c in cards if c != C.UNKNOWN)
        short = [
            f"{C.card_str(card)} typed {_times(k)} (the deck has {have[card] or 'none'})"
            for card, k in sorted(typed.items())
            if (C.suit_of(card) != C.NO_SUIT or card == C.JOKER_CARD) and k > have[card]
        ]
        for rank in range(1, 14):
            k = sum(m for c, m in typed.items() if c >> 3 == rank)
            held = sum(m for c, m in have.items() if c >> 3 == rank)
            if k > held:
                short.append(f"{k} cards of rank {C.rank_str(rank)} (the deck has {held})")
        return short

    def groups_for(self, players: int) -> int:
        """How many layouts (sides) a hole with ``players`` seats has."""
        players = _player_count(players)
        if players in self.partners.player_counts:
            return players // self.partners.group_size
        return players

    def players_for_sides(self, sides: int) -> list[int]:
        """The allowed player counts whose hole has ``sides`` layouts (with
        partners, two players a side): the tables a hole of typed layouts can
        have come from, which decides how many packs were dealt."""
        sides = _player_count(sides, "sides")
        return [p for p in self.players if self.groups_for(p) == sides]

    def side_of(self, players: int) -> tuple[int, ...]:
        """The side (the layout) each of ``players`` seats plays.  With partners
        seat ``s`` plays side ``s % groups``, so partners sit alternately (A and C
        against B and D, docs/rules.md §3); without, each seat is a side of its
        own.  The one statement of the seating: the hole, the match, the
        terminal, replays and ``golf card`` all read it here.

        >>> from golfcli.variantload import builtin
        >>> builtin("alberta").side_of(4), builtin("six-card").side_of(3)
        ((0, 1, 0, 1), (0, 1, 2))
        """
        players = _player_count(players)
        groups = self.groups_for(players)
        return tuple([s % groups for s in range(players)])

    def check_players(self, players: int) -> None:
        """InputError unless this variant is played by ``players`` (naming the counts it is)."""
        players = _player_count(players)
        if players not in self.players:
            allowed = ", ".join(str(p) for p in self.players)
            raise InputError(f"variant {shown(self.name)} is for {allowed} players, not {players}")

    def to_data(self) -> dict[str, Any]:
        """The merged document as plain, mutable JSON-ready data (a fresh copy:
        what bots, records and the protocol get, so none can edit the rules)."""
        return _thawed(self.data)  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        return f"<Variant {self.name!r}: {self.rows}x{self.cols}, {spans(self.players)} players>"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle with plain data (a read-only mapping does not pickle): tournament
        plans travel to worker processes, on this machine or a Dask cluster."""
        state = {f.name: getattr(self, f.name) for f in fields(self)}
        state["data"] = self.to_data()
        return (_unpickle_variant, (state,))


def spans(numbers: Sequence[int]) -> str:
    """Player counts as runs, the way ``golf variants`` lists them.

    >>> spans((2, 3, 4, 6))
    '2-4, 6'
    """
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


def _times(k: int) -> str:
    return {1: "once", 2: "twice"}.get(k, f"{k} times")


def _unpickle_variant(state: dict[str, Any]) -> Variant:
    state["data"] = _frozen(state["data"])
    return Variant(**state)


#: The largest card number (a king of no suit); ``-1`` is a face-down card.
_TOP_CARD = (C.KING << 3) | 7


def _player_count(n: object, argument: str = "players") -> int:
    """A count of players (or sides): a whole number from 1 to :data:`MAX_PLAYERS`."""
    if type(n) is int and 1 <= n <= MAX_PLAYERS:  # the engine's own calls: at once
        return n
    return whole(argument, n, 1, MAX_PLAYERS)


class VariantError(SourceError):
    """A variant file or override is invalid; the message has file:line: key."""


def _frozen(x: Any) -> Any:
    """Read-only deep copy: mappings become ``MappingProxyType``, lists tuples.
    Every view shares its Variant, so its data must not be editable by a bot."""
    if isinstance(x, Mapping):
        return MappingProxyType({k: _frozen(v) for k, v in x.items()})
    if isinstance(x, (list, tuple)):
        return tuple(_frozen(v) for v in x)
    return x


def _thawed(x: Any) -> Any:
    if isinstance(x, Mapping):
        return {k: _thawed(v) for k, v in x.items()}
    if isinstance(x, tuple):
        return [_thawed(v) for v in x]
    return x
