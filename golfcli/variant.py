"""Variants as validated YAML data.

A variant file is a set of choices from docs/rules.md; no code anywhere branches on
a variant's name.  Loading does three things:

1. read the YAML with line numbers (``yamlsrc``) and follow ``extends:``
   (a built-in name or a path relative to the file), deep-merging mappings
   and replacing lists;
2. apply ``--set key.path=value`` overrides, which may only name keys that
   exist in the schema;
3. validate every key and build a frozen :class:`Variant`.  Any problem is
   one :class:`~golfcli.yamlsrc.SourceError` naming ``file:line`` and the key.

The schema (:data:`DEFAULTS` plus the per-key checks below) is documented
key by key in ``docs/variants.md``.
"""

from __future__ import annotations

import copy
import os
from collections import Counter
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from . import cards as C
from .arguments import (
    SHOWN_LABEL,
    items,
    optional_path,
    shorten,
    shown,
    text,
    whole,
    wrong_type,
)
from .exceptions import InputError
from .limits import MAX_PLAYERS
from .yamlsrc import (
    Checker,
    KeyPath,
    Located,
    SourceError,
    did_you_mean,
    dotted,
    kind_of,
    load_file,
    parse_scalar,
    printable,
    whole_number,
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
            f"{'; '.join(short)}, but {self.name} deals {packs} pack{'s' if packs > 1 else ''} "
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


# --------------------------------------------------------------------------- loading


def builtin_path(name: str) -> Path:
    return Path(__file__).with_name("variants") / f"{name}.yaml"


def missing_name(where: str) -> VariantError:
    """The error of a variant file without its own ``name:`` (one wording for
    loading and for ``golf validate``, which reports it beside the others)."""
    return VariantError(where, "name", "missing: every variant file needs a name")


def load_variant(
    spec: str | Path | Mapping[str, Any] | Located | Variant,
    overrides: Sequence[str] | Mapping[str, Any] = (),
    base_dir: Path | None = None,
) -> Variant:
    """A variant: a built-in's name, a file's path, a mapping of keys (as in a
    variant file; tournament configs), or a :class:`Variant` to change.

    ``overrides`` change keys for this load, as ``golf score --set`` does:
    ``key.path=value`` strings, or a mapping of key paths to values.  Any
    problem is one :class:`VariantError` naming ``file:line`` and the key.

    >>> load_variant("six-card", {"values.ranks.2": 2}).rank_values[2]
    2
    >>> load_variant("six-card", ["game.holes=18"]).game.holes
    18
    """
    if isinstance(spec, Variant):
        # its merged document, which names no parent: the keys are all there
        spec = {**spec.to_data(), "extends": None}
    elif not isinstance(spec, Mapping | Located):
        spec = _spec_arg("spec", spec)
    base = optional_path("base_dir", base_dir, "a directory (a path) or None")
    doc = _resolve(spec, base, ())
    if isinstance(overrides, Mapping):
        for key, value in overrides.items():
            where = shorten(printable(f"override {key}={shown(value)}"), SHOWN_LABEL)
            _set_key(doc, str(key), _thawed(value), where)
    else:
        for i, item in enumerate(items("overrides", overrides, _OVERRIDES, 10_000)):
            _apply_override(doc, text(f"overrides[{i}]", item, "a 'key=value' text"))
    return _build(doc)


_OVERRIDES = "a mapping of key paths to values, or a list of 'key=value' texts"
_VARIANT = "a variant: a built-in's name, a variant file's path or a Variant"


def _spec_arg(argument: str, spec: object) -> str | Path:
    """A variant's name or path, as a door takes it: text or a path, not
    bytes or anything else (what the text says, the loader judges)."""
    if isinstance(spec, str | Path):
        return spec
    if isinstance(spec, os.PathLike):
        name = os.fspath(spec)
        if isinstance(name, str):
            return Path(name)
    wrong_type(argument, _VARIANT, spec)


def resolve(spec: str | Path | Variant) -> Variant:
    """``spec`` as a variant: a :class:`Variant` as it is, a built-in's name
    (unless a file of that name is here) from the cache, anything else
    loaded.  What the library's functions do with their ``variant``
    argument: a loop that scores many layouts with ``variant="six-card"``
    builds the variant (and its scoring tables) once."""
    if isinstance(spec, Variant):
        return spec
    if isinstance(spec, str) and spec in BUILTIN_NAMES and not _is_file(Path(spec)):
        return builtin(spec)
    return load_variant(_spec_arg("variant", spec))


def variants() -> list[Variant]:
    """The built-in variants, in the order ``golf variants`` lists them.

    >>> [v.name for v in variants()]
    ['six-card', 'four-card', 'nine-card', 'alberta', 'duel']
    """
    return [builtin(name) for name in BUILTIN_NAMES]


def _resolve(
    spec: str | Path | Mapping[str, Any] | Located,
    base_dir: Path | None,
    seen: tuple[str, ...],
    extended: bool = False,
) -> Located:
    """The merged document of ``spec`` and what it extends.  A built-in's
    name is the built-in, except where the user typed it and a file of that
    name sits in the working directory (the user's own ``six-card``); named
    by ``extends:`` (``extended``) it is always the built-in, so that a file
    in the working directory cannot change what the built-ins extend."""
    if isinstance(spec, Located):
        loc = Located(copy.deepcopy(spec.data), dict(spec.lines), spec.source)
        here = base_dir
    elif isinstance(spec, Mapping):
        loc = Located(copy.deepcopy(dict(spec)), {(): "<inline variant>"}, "<inline variant>")
        here = base_dir
    else:
        text = str(spec)
        _check_name(text)
        shipped = text in BUILTIN_NAMES and (extended or not _is_file(Path(text)))
        if shipped:
            path = builtin_path(text)
        else:
            path = Path(text)
            if base_dir is not None and not path.is_absolute():
                path = base_dir / path
            if not _exists(path) and path.suffix == "" and not path.parent.parts:
                names = ", ".join(BUILTIN_NAMES)
                raise VariantError(
                    text,
                    "",
                    f"unknown variant{did_you_mean(text, BUILTIN_NAMES)} "
                    f"(built-ins: {names}; or give a path)",
                )
        key = _resolved(path)
        if key in seen:
            raise VariantError(str(path), "extends", "extends itself in a loop")
        seen = (*seen, key)
        loc = _builtin_file(text) if shipped else load_file(path)
        here = path.parent
    if not isinstance(loc.data, dict):
        raise VariantError(loc.where(()), "", "a variant file must be a YAML mapping of keys")
    if not isinstance(spec, (Located, Mapping)) and "name" not in loc.data:
        # the name is the file's own (docs/variants.md): one taken over with
        # extends: would pass a house rule off as the built-in it changes
        raise missing_name(loc.where(()))
    parent = loc.data.get("extends")
    if parent is None:
        base = Located(copy.deepcopy(DEFAULTS), {}, "<defaults>")
    else:
        if not isinstance(parent, str):
            raise VariantError(loc.where(("extends",)), "extends", "must be a variant name or path")
        base = _resolve_parent(parent, here, seen, loc)
    _merge(base, loc, ())
    base.data["extends"] = parent
    return base


def _builtin_file(name: str) -> Located:
    """A built-in variant's file, parsed once per process: PyYAML's pure-Python
    composer (needed for the line of every key) takes 2-3 ms a file, most of
    a ``load_variant``, and the files ship with the package.  Each caller
    gets its own deep copy, because ``_merge`` and ``--set`` edit what they get."""
    kept = _BUILTIN_FILES.get(name)
    if kept is None:
        kept = _BUILTIN_FILES[name] = load_file(builtin_path(name))
    return Located(copy.deepcopy(kept.data), dict(kept.lines), kept.source)


_BUILTIN_FILES: dict[str, Located] = {}


def _check_name(text: str) -> None:
    """A name or path the file system could never hold is refused in words
    (the OS would answer with an ``OSError`` traceback)."""
    if not text.strip():
        names = ", ".join(BUILTIN_NAMES)
        raise VariantError("''", "", f"empty variant name (built-ins: {names}; or give a path)")
    longest = max((len(part.encode()) for part in Path(text).parts), default=0)
    # 255 bytes a part; 4096 in all is PATH_MAX, which counts the closing NUL
    if longest > 255 or len(text.encode()) >= 4096 or "\0" in text:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise VariantError(
            shown, "", "not a variant name or file (names are at most 255 bytes, no NUL)"
        )


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def _resolved(path: Path) -> str:
    try:
        return str(path.resolve())
    except (OSError, RuntimeError):  # a symlink loop: load_file reports it
        return str(path.absolute())


def _resolve_parent(
    parent: str, here: Path | None, seen: tuple[str, ...], child: Located
) -> Located:
    """Load what ``extends:`` names; a name or path that cannot be found is an
    error at the ``extends`` line of the child file."""
    where = child.where(("extends",))
    text = parent.strip()
    try:
        _check_name(text)
    except VariantError as exc:
        raise VariantError(where, "extends", exc.message) from None
    if text not in BUILTIN_NAMES:
        path = Path(text)
        if here is not None and not path.is_absolute():
            path = here / path
        if not _is_file(path):
            names = ", ".join(BUILTIN_NAMES)
            raise VariantError(
                where,
                "extends",
                f"no built-in variant or file {shown(parent)} (built-ins: {names})",
            )
        if _resolved(path) in seen:
            raise VariantError(where, "extends", f"{shown(parent)} extends itself in a loop")
    return _resolve(text, here, seen, extended=True)


def _merge(base: Located, top: Located, path: KeyPath) -> None:
    """Deep-merge ``top`` into ``base`` in place: mappings merge, lists replace."""
    target: Any = base.data
    for p in path:
        target = target[p]
    source: Any = top.data
    for p in path:
        source = source[p]
    if path in _KEYED_MAPPINGS:
        ids: dict[int, Any] = {}
        for key in source:
            ident = _entry_id(key, _KEYED_MAPPINGS[path])
            if ident is not None and ident in ids:
                raise VariantError(
                    top.where((*path, key)),
                    (*path, key),
                    f"same {_KEYED_MAPPINGS[path]} as {shown(ids[ident])}",
                )
            if ident is not None:
                ids[ident] = key
    for key, value in source.items():
        sub = (*path, key)
        if path in _KEYED_MAPPINGS:
            # values.ranks / values.cards merge entry by entry; ``k: -2`` in a
            # child replaces the parent's ``K: 0`` (same rank, other spelling).
            same = _find_entry_key(target, key, _KEYED_MAPPINGS[path])
            if same != key and same in target:
                del target[same]
                for k in [k for k in base.lines if k[: len(sub)] == (*path, same)]:
                    del base.lines[k]
        if isinstance(value, dict) and isinstance(target.get(key), dict) and _merges(sub):
            _merge(base, top, sub)
        else:
            target[key] = copy.deepcopy(value)
            for k in [k for k in base.lines if k[: len(sub)] == sub]:
                del base.lines[k]
        for k, v in top.lines.items():
            if k[: len(sub)] == sub:
                base.lines[k] = v
    # the document's own place; one that knows no lines at all (a tournament
    # config given as a mapping) is named by its source
    base.lines[()] = top.lines.get((), base.lines.get((), top.source))
    base.source = top.source


def _apply_override(doc: Located, item: str) -> None:
    """One ``--set KEY=VALUE``: the key path follows the schema, not the
    loaded file, so a key a file leaves out (a pattern's ``bonus``) can be
    set; a mapping merges into the mapping it lands on, as it would in a
    file that extends this one (docs/variants.md); any other value replaces."""
    where = shorten(printable(f"--set {item}"), SHOWN_LABEL)  # the key and problem follow
    if "=" not in item:
        raise VariantError(where, "", "expected KEY=VALUE, e.g. values.ranks.2=2")
    key, _, raw = item.partition("=")
    _set_key(doc, key, parse_scalar(raw, where), where)


def _set_key(doc: Located, key: str, value: Any, where: str) -> None:
    """Set the key at dotted path ``key`` to ``value``: only keys the schema
    has (or entries of its open mappings, such as a rank's value)."""
    parts: list[str | int] = []
    for word in key.strip().split("."):
        n = whole_number(word[1:] if word.startswith("-") else word)
        parts.append(word if n is None else -n if word.startswith("-") else n)
    if not parts or parts == [""]:
        raise VariantError(where, "", "empty key")
    node: Any = doc.data
    walked: KeyPath = ()
    for i, p in enumerate(parts):
        last = i == len(parts) - 1
        if isinstance(node, dict):
            allowed = _schema_keys(walked)
            if allowed is not None and p not in allowed:
                keys = f" (keys: {', '.join(sorted(allowed))})" if allowed else ""
                raise VariantError(
                    where,
                    dotted(tuple(parts)),
                    f"unknown key {shown(p)} in {dotted(walked) or 'the variant'}"
                    + (did_you_mean(p, allowed) or keys),
                )
            if walked in _KEYED_MAPPINGS:
                p = _find_entry_key(node, p, _KEYED_MAPPINGS[walked])
            if not last and node.get(p) is None:
                raise VariantError(
                    where,
                    dotted(tuple(parts)),
                    f"{dotted((*walked, p))} is not set, so it has no {_part(parts[i + 1])}: "
                    f"give it whole (--set {dotted((*walked, p))}=...)",
                )
        elif isinstance(node, list):
            if not isinstance(p, int) or not -len(node) <= p < len(node):
                raise VariantError(
                    where, dotted(tuple(parts)), f"no item {shown(p)} in list {dotted(walked)}"
                )
            p %= len(node)
        else:
            raise VariantError(where, dotted(tuple(parts)), f"{dotted(walked)} is not a mapping")
        if last:
            _put(doc, node, (*walked, p), value, where)
        else:
            node = node[p]
        walked = (*walked, p)


def _part(p: str | int) -> str:
    return f"item {p}" if isinstance(p, int) else repr(p)


def _schema_keys(path: KeyPath) -> Collection[str] | None:
    """The keys the mapping at ``path`` may have by the schema, or None where
    any key goes (``values.ranks``, ``values.cards``, ``deck.packs``)."""
    if path in _OPEN_MAPPINGS:
        return None
    if len(path) == 2 and isinstance(path[1], int) and path[0] in _ITEM_KEYS:
        return _ITEM_KEYS[path[0]]
    node: Any = DEFAULTS
    for p in path:
        node = node.get(p) if isinstance(node, dict) else None
    return node.keys() if isinstance(node, dict) else ()


def _merges(path: KeyPath) -> bool:
    """Whether a mapping given at ``path`` merges into the one there (by
    ``extends:`` or ``--set``) rather than replacing it: every mapping of the
    schema does, and the open ones keyed by rank or card entry by entry;
    ``deck.packs`` is replaced whole, as its ranges may not overlap."""
    return path not in _OPEN_MAPPINGS or path in _KEYED_MAPPINGS


def _put(doc: Located, node: Any, path: KeyPath, value: Any, where: str) -> None:
    """Set ``value`` at ``path`` in ``node`` (its parent), merging a mapping
    into a mapping (:func:`_merges`); the keys it brings are placed at
    ``where`` for error messages."""
    key = path[-1]
    old = node.get(key) if isinstance(node, dict) else node[key]
    if isinstance(value, dict) and isinstance(old, dict) and _merges(path):
        top: Any = value
        for p in reversed(path):
            top = {p: top}
        lines = {(*path, *sub): where for sub in _key_paths(value)}
        _merge(doc, Located(top, {(): doc.where(()), **lines}, doc.source), path)
    else:
        node[key] = value
        for k in [k for k in doc.lines if k[: len(path)] == path]:
            del doc.lines[k]
    doc.lines[path] = where


def _key_paths(value: Any) -> list[KeyPath]:
    """Every key path inside ``value`` (mappings and lists), itself first."""
    if isinstance(value, dict):
        items: Any = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return [()]
    return [(), *((k, *sub) for k, v in items for sub in _key_paths(v))]


def _entry_id(key: Any, how: str) -> int | None:
    """The rank (``how == "rank"``) or exact card a values key names, or None."""
    try:
        return C.parse_rank(key) if how == "rank" else C.parse_card(str(key))
    except C.CardError:
        return None


def _find_entry_key(mapping: dict[Any, Any], key: str | int, how: str) -> Any:
    """``values.ranks.2`` should hit the existing key ``2`` whatever its YAML
    type or spelling (``k`` = ``K``, ``T`` = ``10``, ``kc`` = ``K♣``)."""
    want = _entry_id(key, how)
    if want is None:
        return key
    for k in mapping:
        if _entry_id(k, how) == want:
            return k
    return key


# --------------------------------------------------------------------------- validation


def _checker(doc: Located) -> Checker:
    return Checker(doc, VariantError)


def parse_counts(value: Any) -> tuple[int, int]:
    """``3`` -> (3, 3); ``"2-4"`` -> (2, 4); ``"9+"`` -> (9, 99)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value, value
    text = str(value).strip()
    if text.endswith("+") and (n := whole_number(text[:-1])) is not None:
        return n, 99
    lo, sep, hi = text.partition("-")
    if sep and (a := whole_number(lo)) is not None and (b := whole_number(hi)) is not None:
        return a, b
    if (n := whole_number(text)) is not None:
        return n, n
    raise InputError(f"{shown(value)} is not a player count like 3, 2-4 or 9+")


def _not_a_tournament_config(ck: Checker) -> None:
    """Refuse a tournament config given where a variant is wanted (``golf
    score -v configs/six-card.yaml``): its first unknown key would be named
    correctly but unhelpfully, so say what the file is and where it goes.  A
    variant's ``players`` is a count; a config's is a list of bots."""
    data = ck.get(())
    if isinstance(data, dict) and "variant" in data and isinstance(data.get("players"), list):
        ck.fail(
            ("variant",),
            "unknown key: this file looks like a tournament config (it names a variant "
            "and lists players): run it with golf tournament, and give a variant here",
        )


def _build(doc: Located) -> Variant:
    """Validate the merged document and build its :class:`Variant`: one step
    per part of the schema, in the order ``docs/variants.md`` lists them.
    The order is part of the behaviour: loading stops at the first error,
    and ``golf validate`` reports a file's errors by taking each one out in
    turn (validate.py), so a step never looks at a part a later step checks."""
    ck = _checker(doc)
    _not_a_tournament_config(ck)
    top = ck.mapping((), DEFAULTS.keys())
    name = _name(ck, top)
    description = ck.str_(("description",)) if top.get("description") is not None else ""
    players = _players(ck, top["players"])
    ck.mapping(("grid",), ("rows", "cols"))
    rows = ck.int_(("grid", "rows"), 1, 8)
    cols = ck.int_(("grid", "cols"), 1, 12)
    jokers, packs = _deck(ck)
    rank_values, card_values = _values(ck, jokers)
    patterns = _patterns(ck, rows, cols)
    adjustments = _adjustments(ck)
    cells = rows * cols
    start = _start(ck, cells)
    turn = _turn(ck, cells)
    end = _end(ck, turn)
    game = _game(ck)
    partners = _partners(ck, players)
    _check_deal(ck, players, packs, jokers + 52, partners, cells)
    return Variant(
        name=name,
        description=description,
        players=tuple(sorted(players)),
        rows=rows,
        cols=cols,
        packs=packs,
        jokers_per_pack=jokers,
        rank_values=tuple(v if v is not None else 0 for v in rank_values),
        card_values=card_values,
        patterns=patterns,
        adjustments=adjustments,
        start=start,
        turn=turn,
        end=end,
        game=game,
        partners=partners,
        source=doc.source,
        data=_frozen(doc.data),
        joker_valued=rank_values[0] is not None,
    )


def _name(ck: Checker, top: dict[str, Any]) -> str:
    """The variant's name, stripped: text of 1 to 255 characters."""
    name = top.get("name")
    if not isinstance(name, str) or not name.strip():
        ck.fail(("name",), "every variant needs a name")
    if len(name.strip()) > 255:
        ck.fail(("name",), f"at most 255 characters, not {len(name.strip())}")
    return name.strip()


def _players(ck: Checker, raw: Any) -> set[int]:
    """The allowed player counts, 1 to 16: ``players`` is one count or range
    (``2-8``, ``9+``) or a list of them."""
    players: set[int] = set()
    items = raw if isinstance(raw, list) else [raw]
    for i, item in enumerate(items):
        path: KeyPath = ("players", i) if isinstance(raw, list) else ("players",)
        try:
            lo, hi = parse_counts(item)
        except InputError as exc:
            ck.fail(path, str(exc))
        if lo < 1 or hi < lo or lo > MAX_PLAYERS or (hi > MAX_PLAYERS and hi != 99):
            ck.fail(path, f"impossible player count {shown(item)} (1 to {MAX_PLAYERS})")
        players.update(range(lo, min(hi, MAX_PLAYERS) + 1))
    if not players:
        ck.fail(("players",), "no player counts given")
    return players


def _deck(ck: Checker) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """Jokers per pack, and the packs dealt as ``(lo, hi, packs)`` per range
    of player counts, sorted: ``deck.packs`` is one number for every count
    or a mapping of non-overlapping ranges."""
    ck.mapping(("deck",), ("packs", "jokers_per_pack"))
    jokers = ck.int_(("deck", "jokers_per_pack"), 0, 8)
    packs_raw = ck.get(("deck", "packs"))
    packs: list[tuple[int, int, int]] = []
    if isinstance(packs_raw, int) and not isinstance(packs_raw, bool):
        ck.int_(("deck", "packs"), 1, 12)
        packs.append((1, 99, packs_raw))
    elif isinstance(packs_raw, dict):
        for k in packs_raw:
            try:
                lo, hi = parse_counts(k)
            except InputError as exc:
                ck.fail(("deck", "packs", k), str(exc))
            if hi < lo or lo < 1:
                ck.fail(("deck", "packs", k), f"impossible player count {shown(k)}")
            for lo2, hi2, _ in packs:
                if lo <= hi2 and lo2 <= hi:
                    ck.fail(("deck", "packs", k), f"player counts {shown(k)} overlap another entry")
            packs.append((lo, hi, ck.int_(("deck", "packs", k), 1, 12)))
    else:
        ck.fail(("deck", "packs"), "must be a number of packs or a mapping like {2-4: 1, 5+: 2}")
    return jokers, tuple(sorted(packs))


def _values(ck: Checker, jokers: int) -> tuple[list[int | None], tuple[tuple[int, int], ...]]:
    """Each rank's value (index 0 the joker's, None if not given; every other
    rank must have one) and the exact cards that count otherwise."""
    ck.mapping(("values",), ("ranks", "cards"))
    ranks_raw = ck.get(("values", "ranks"))
    if not isinstance(ranks_raw, dict):
        ck.fail(
            ("values", "ranks"),
            "must map every rank (A 2-10 J Q K, and joker if used) to its value",
        )
    rank_values: list[int | None] = [None] * 14
    for k in ranks_raw:
        try:
            r = C.parse_rank(k)
        except C.CardError as exc:
            ck.fail(("values", "ranks", k), str(exc))
        if rank_values[r] is not None:
            ck.fail(("values", "ranks", k), f"rank {C.rank_str(r)} is given a value twice")
        rank_values[r] = ck.int_(("values", "ranks", k), -100, 100)
    missing = [C.rank_str(r) for r in range(1, 14) if rank_values[r] is None]
    if missing:
        ck.fail(("values", "ranks"), f"no value for rank(s) {', '.join(missing)}")
    if jokers and rank_values[0] is None:
        ck.fail(
            ("deck", "jokers_per_pack"),
            "the deck has jokers but values.ranks gives them no value (add joker: N)",
        )
    cards_raw = ck.get(("values", "cards")) or {}
    if not isinstance(cards_raw, dict):
        ck.fail(("values", "cards"), "must map exact cards like AC or 10C to values")
    card_values: list[tuple[int, int]] = []
    for k in cards_raw:
        try:
            card = C.parse_card(str(k))
        except C.CardError as exc:
            ck.fail(("values", "cards", k), str(exc))
        if card == C.UNKNOWN or C.suit_of(card) == C.NO_SUIT:
            ck.fail(
                ("values", "cards", k),
                "an exact card needs a suit (e.g. KC); use values.ranks for a whole rank",
            )
        if any(c == card for c, _ in card_values):
            ck.fail(("values", "cards", k), f"card {C.card_str(card)} is given a value twice")
        card_values.append((card, ck.int_(("values", "cards", k), -100, 100)))
    return rank_values, tuple(card_values)


def _start(ck: Checker, cells: int) -> Start:
    """Cards each player turns up and looks at before the first turn."""
    ck.mapping(("start",), DEFAULTS["start"].keys())
    start = Start(ck.int_(("start", "reveal"), 0, cells), ck.int_(("start", "peek"), 0, cells))
    if start.reveal + start.peek > cells:
        ck.fail(
            ("start",),
            f"reveal + peek ({start.reveal + start.peek}) exceeds the {cells} cards of a layout",
        )
    return start


def _turn(ck: Checker, cells: int) -> Turn:
    """What a turn may do: where to draw from, the flip after a discard, the
    optional actions (knock, shots, looks) and their face-down limits."""
    ck.mapping(("turn",), DEFAULTS["turn"].keys())
    draw_from = ck.get(("turn", "draw_from"))
    if not isinstance(draw_from, list) or not draw_from:
        ck.fail(("turn", "draw_from"), "must be a list of stock and/or discard")
    for i, d in enumerate(draw_from):
        if d not in ("stock", "discard"):
            ck.fail(("turn", "draw_from", i), f"must be stock or discard, not {shown(d)}")
    return Turn(
        draw_from=tuple(dict.fromkeys(draw_from)),
        flip_after_discard=ck.choice(("turn", "flip_after_discard"), FLIP_MODES),
        flip_after_discard_phase=ck.choice(
            ("turn", "flip_after_discard_phase"), ("any", "end_phase")
        ),
        flip_instead_of_draw=ck.bool_(("turn", "flip_instead_of_draw")),
        knock=ck.bool_(("turn", "knock")),
        bunker_shot=ck.bool_(("turn", "bunker_shot")),
        approach_shot=ck.bool_(("turn", "approach_shot")),
        look_again=ck.bool_(("turn", "look_again")),
        knock_max_face_down=_face_down_limit(ck, ("turn", "knock_max_face_down"), cells),
        flip_after_discard_max_face_down=_face_down_limit(
            ck, ("turn", "flip_after_discard_max_face_down"), cells
        ),
    )


def _end(ck: Checker, turn: Turn) -> EndRules:
    """How a hole ends; checked against the turn rules it needs."""
    ck.mapping(("end",), DEFAULTS["end"].keys())
    end = EndRules(
        all_face_up=ck.bool_(("end", "all_face_up")),
        final_turns=ck.choice(("end", "final_turns"), ("each_other", "none")),
        frozen_discard=ck.bool_(("end", "frozen_discard")),
        turn_limit=ck.int_(("end", "turn_limit"), 1, 10_000),
        stock_empty=ck.choice(("end", "stock_empty"), ("reshuffle", "end_hole")),
    )
    if end.frozen_discard and "stock" not in turn.draw_from:
        ck.fail(
            ("end", "frozen_discard"),
            "a frozen discard pile on final turns needs turn.draw_from to include stock "
            "(those turns would have nothing to draw)",
        )
    if not end.all_face_up and not turn.knock:
        ck.fail(
            ("end", "all_face_up"), "with all_face_up false a hole can only end by turn.knock: true"
        )
    return end


def _game(ck: Checker) -> GameRules:
    """The game of many holes: a number of holes or a target (capped), stroke
    or match play, ties shared or played off."""
    ck.mapping(("game",), DEFAULTS["game"].keys())
    game = GameRules(
        holes=ck.int_(("game", "holes"), 1, 1000, none=True),
        target=ck.int_(("game", "target"), 1, 100_000, none=True),
        target_rule=ck.choice(("game", "target_rule"), ("reach", "exceed")),
        max_holes=ck.int_(("game", "max_holes"), 1, 1000, none=True),
        scoring=ck.choice(("game", "scoring"), ("stroke", "match")),
        ties=ck.choice(("game", "ties"), ("share", "playoff")),
        max_playoff_holes=ck.int_(("game", "max_playoff_holes"), 0, 100),
    )
    if game.holes is None and game.target is None:
        ck.fail(("game",), "give game.holes or game.target")
    if game.holes is not None and game.target is not None:
        ck.fail(
            ("game", "target"),
            "give game.holes or game.target, not both (cap a target with game.max_holes)",
        )
    if game.target is not None and game.max_holes is None:
        # a target nobody ever reaches (every card worth 0) must still end
        game = replace(game, max_holes=TARGET_HOLE_CAP)
    return game


def _partners(ck: Checker, players: Collection[int]) -> Partners:
    """The player counts that play in groups (partners), and the group size."""
    ck.mapping(("partners",), DEFAULTS["partners"].keys())
    gsize = ck.int_(("partners", "group_size"), 2, 8)
    pc_raw = ck.get(("partners", "player_counts"))
    if not isinstance(pc_raw, list):
        ck.fail(("partners", "player_counts"), "must be a list of player counts, e.g. [4, 6]")
    pcs: list[int] = []
    for i, _ in enumerate(pc_raw):
        n = ck.int_(("partners", "player_counts", i), 2, 16)
        if n % gsize or n // gsize < 2:
            ck.fail(
                ("partners", "player_counts", i),
                f"{n} players cannot form two or more groups of {gsize}",
            )
        if n not in players:
            ck.fail(
                ("partners", "player_counts", i), f"{n} is not an allowed player count (players)"
            )
        pcs.append(n)
    return Partners(gsize, tuple(pcs))


def _check_deal(
    ck: Checker,
    players: Collection[int],
    packs: Sequence[tuple[int, int, int]],
    pack_size: int,
    partners: Partners,
    cells: int,
) -> None:
    """Every allowed player count needs a pack count, and enough cards to
    deal its layouts, turn up the first discard and leave one to draw."""
    for n in sorted(players):
        match = [p for lo, hi, p in packs if lo <= n <= hi]
        if not match:
            ck.fail(("deck", "packs"), f"no pack count for {n} players")
        sides = n // partners.group_size if n in partners.player_counts else n
        need = sides * cells + 2
        have = match[0] * pack_size
        if have < need:
            ck.fail(
                ("deck", "packs"),
                f"{match[0]} pack(s) hold {have} cards, too few to deal "
                f"{sides} layouts of {cells} with {n} players",
            )


def _face_down_limit(ck: Checker, path: KeyPath, cells: int) -> int | None:
    """A number of face-down cards a turn rule allows, 0 to the layout's
    cards, or null for no limit (the message says both, as either is right)."""
    v = ck.get(path)
    if v is None:
        return None
    number = isinstance(v, int) and not isinstance(v, bool)
    if not number or not 0 <= v <= cells:
        got = shown(v) if number else f"{kind_of(v)} {shown(v)}"
        ck.fail(
            path,
            f"must be a number of face-down cards from 0 to {cells} (the cards of a layout), "
            f"or null for no limit, not {got}",
        )
    return int(v)


def _rank_set(ck: Checker, path: KeyPath) -> frozenset[int]:
    raw = ck.get(path)
    if not isinstance(raw, list):
        raw = [raw]
    out = set()
    for i, r in enumerate(raw):
        try:
            out.add(C.parse_rank(r))
        except C.CardError as exc:
            ck.fail((*path, i), str(exc))
    return frozenset(out)


def _kinded(
    ck: Checker, key: str, rules: str, keys: Collection[str], kinds: Sequence[str], one: str
) -> Iterator[tuple[KeyPath, dict[str, Any], str]]:
    """The entries of the list ``key`` (patterns, adjustments: ``rules``),
    each with its place, its keys (those of ``keys``) and its kind (one of
    ``kinds``), or one error naming the place: ``one`` says what an entry is."""
    raw = ck.get((key,))
    if not isinstance(raw, list):
        ck.fail((key,), f"must be a list of {rules}")
    for i, _ in enumerate(raw):
        p: KeyPath = (key, i)
        item = ck.mapping(p, keys)
        if "kind" not in item:
            ck.fail(p, f"{one} needs kind: one of {', '.join(kinds)}")
        yield p, item, ck.choice((*p, "kind"), kinds)


def _patterns(ck: Checker, rows: int, cols: int) -> tuple[Pattern, ...]:
    out = []
    for p, item, kind in _kinded(
        ck, "patterns", "matching rules", _PATTERN_KEYS, PATTERN_KINDS, "a pattern"
    ):
        effect: str | int = "zero"
        if "cards" in item:
            v = item["cards"]
            if isinstance(v, int) and not isinstance(v, bool):
                effect = ck.int_((*p, "cards"), -100, 100)
            else:
                effect = ck.choice((*p, "cards"), CARD_EFFECTS)
        ranks = None
        if "ranks" in item:
            ranks = _rank_set(ck, (*p, "ranks"))
        if "except" in item:
            excluded = _rank_set(ck, (*p, "except"))
            ranks = (ranks if ranks is not None else frozenset(range(14))) - excluded
        if kind in ("diagonal", "block") and min(rows, cols) < 2:
            ck.fail((*p, "kind"), f"a {kind} needs at least a 2x2 grid")
        if kind == "row" and cols < 2:
            ck.fail((*p, "kind"), "a row needs at least 2 columns")
        if kind == "adjacent_pair" and rows * cols < 2:
            ck.fail((*p, "kind"), "adjacent_pair needs at least 2 cards")
        if kind == "twin_columns" and cols < 2:
            ck.fail((*p, "kind"), "twin_columns needs at least 2 columns")
        if kind in ("column", "column_pair") and rows < 2:
            ck.fail((*p, "kind"), f"{kind} needs at least 2 rows")
        if "adjacent" in item and kind != "twin_columns":
            ck.fail((*p, "adjacent"), "adjacent only applies to twin_columns")
        name = item.get("name") or kind.replace("_", " ")
        out.append(
            Pattern(
                kind=kind,
                name=str(name),
                cards=effect,
                bonus=ck.int_((*p, "bonus"), -1000, 1000) if "bonus" in item else 0,
                opponents=ck.int_((*p, "opponents"), -1000, 1000) if "opponents" in item else 0,
                ranks=ranks,
                adjacent=ck.bool_((*p, "adjacent")) if "adjacent" in item else True,
            )
        )
    return tuple(out)


def _adjustments(ck: Checker) -> tuple[Adjustment, ...]:
    out = []
    needs: dict[str, tuple[str, ...]] = {
        "exact": ("score", "becomes"),
        "closer": (),  # add, multiply or both (checked below)
        "lowest": ("add",),
        "tied": ("add",),
    }
    for p, item, kind in _kinded(
        ck, "adjustments", "hole-level rules", _ADJ_KEYS, ADJUSTMENT_KINDS, "an adjustment"
    ):
        for key in needs[kind]:
            if key not in item:
                ck.fail(p, f"a {kind} adjustment needs {key}")
        if kind == "closer" and "add" not in item and "multiply" not in item:
            ck.fail(p, "a closer adjustment needs add, multiply or both")
        allowed = (
            {"kind", "name", *needs[kind]}
            | ({"add", "when", "multiply", "multiply_negative"} if kind == "closer" else set())
            | ({"unique"} if kind == "lowest" else set())
        )
        for key in item:
            if key not in allowed:
                ck.fail(
                    (*p, key),
                    f"not a key of a {kind} adjustment (keys: {', '.join(sorted(allowed))})",
                )
        if "multiply_negative" in item and "multiply" not in item:
            ck.fail((*p, "multiply_negative"), "only applies with multiply (the factor, e.g. 2)")
        out.append(
            Adjustment(
                kind=kind,
                name=str(item.get("name") or kind),
                score=ck.int_((*p, "score"), -1000, 1000) if "score" in item else 0,
                becomes=ck.int_((*p, "becomes"), -1000, 1000) if "becomes" in item else 0,
                add=ck.int_((*p, "add"), -1000, 1000) if "add" in item else 0,
                when=ck.choice((*p, "when"), CLOSER_WHEN) if "when" in item else "always",
                unique=ck.bool_((*p, "unique")) if "unique" in item else False,
                multiply=ck.int_((*p, "multiply"), 0, 10) if "multiply" in item else 1,
                multiply_negative=(
                    ck.bool_((*p, "multiply_negative")) if "multiply_negative" in item else False
                ),
            )
        )
    return tuple(out)


def builtin(name: str) -> Variant:
    """A built-in variant by name (cached: built-ins are immutable)."""
    if name not in _BUILTIN_CACHE:
        _BUILTIN_CACHE[name] = load_variant(name)
    return _BUILTIN_CACHE[name]


_BUILTIN_CACHE: dict[str, Variant] = {}


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
