"""Validating a variant: the merged document checked key by key and built
into a frozen :class:`~golfcli.variant.Variant`, one step per part of the
schema in the order ``docs/variants.md`` lists them.  Loading stops at the
first error, and ``golf validate`` finds the rest by taking each one out in
turn, so the order of the steps is behaviour.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import replace
from typing import Any

from . import cards as C
from .arguments import (
    shown,
)
from .exceptions import InputError
from .limits import MAX_PLAYERS
from .variant import (
    _ADJ_KEYS,
    _PATTERN_KEYS,
    ADJUSTMENT_KINDS,
    CARD_EFFECTS,
    CLOSER_WHEN,
    DEFAULTS,
    FLIP_MODES,
    PATTERN_KINDS,
    TARGET_HOLE_CAP,
    TOURNAMENT_KEYS,
    Adjustment,
    EndRules,
    GameRules,
    Partners,
    Pattern,
    Start,
    Turn,
    Variant,
    VariantError,
    _frozen,
    is_tournament_config,
)
from .yamlsrc import (
    Checker,
    KeyPath,
    Located,
    kind_of,
    whole_number,
)


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
    correctly but unhelpfully, so say what the file is and where it goes."""
    data = ck.get(())
    if is_tournament_config(data):
        key = next((k for k in TOURNAMENT_KEYS if k in data), "players")
        ck.fail(
            (key,),
            f"unknown key: this file looks like a tournament config (a variant has no {key}: "
            "key, a config does): run it with golf tournament, and give a variant here",
        )


def build_variant(doc: Located) -> Variant:
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
