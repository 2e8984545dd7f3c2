"""A seat's view as numbers and as text: what the framework adapters show a learner.

Both adapters (:mod:`golfcli.env` for PettingZoo, :mod:`golfcli.spiel` for
OpenSpiel) describe a position from one seat with the functions here, and
these read nothing but a :class:`golfcli.View`, the one censoring function's
output: a hidden card cannot reach a learner through them, because it is
not in what they read (``tests/adapters/test_features.py``, ``test_spiel.py`` and
``test_env.py`` change hidden cards and check that nothing shown changes).

:func:`vector` is a fixed-size list of numbers for a variant and a player
count, laid out field by field as :func:`field_names` names them (and as
docs/frameworks.md tabulates):

1. **layouts**, one side after another starting with the seat's own side
   and then in play order (side ``my_side + 1``, ...), each position row by
   row, four numbers per card: ``up`` (1: face up, every seat sees it),
   ``known`` (1: this seat knows it: face up, or its own face-down card it
   has seen), ``value`` (its face value in this variant before any matching,
   0 when unknown), ``rank`` (1 for a joker, 2 for an ace ... 14 for a king;
   0 when unknown);
2. **discard**: ``discard_top.known``, ``.value``, ``.rank`` (0s when the
   pile is empty) and ``discard_size``;
3. **held card**: ``held.known`` (1 while this seat sees a drawn card: its
   own, or one taken from the discard pile), ``.value``, ``.rank`` and
   ``held.from_discard``;
4. **step**: ``phase.setup``, ``phase.draw``, ``phase.place``,
   ``phase.flip`` (one-hot; all 0 once the hole is over) and ``to_play`` (1
   when this seat acts now);
5. **end**: ``stock_size``, ``ending`` (1 once a side went out or knocked),
   ``closer.+k`` (one-hot: the side ``k`` places after ours that did) and
   ``turns_left`` (turns until the turn limit ends the hole);
6. **unseen**: ``unseen.JK``, ``unseen.A`` ... ``unseen.K``: how many cards
   of each rank this seat has not seen (the face-down cards it does not
   know, the stock, a card another seat holds): card counting.

Numbers are the game's own (face values, card counts), not scaled: a
learner normalises as it likes.  The layout is the same for every hole of a
variant and player count, so a policy trained on one hole plays any other.
"""

from __future__ import annotations

from functools import lru_cache

import golfcli

#: Ranks as :attr:`golfcli.Card.rank` writes them, in the order the vector counts them.
RANKS = ("JK", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
PHASES = ("setup", "draw", "place", "flip")
#: Numbers per card in the layouts block.
CARD_FIELDS = ("up", "known", "value", "rank")


class _Table:
    """Per variant and player count, worked out once: each card's four numbers
    face up and known-but-face-down, its rank's place, the deck's count of
    each rank, and the vector's size."""

    def __init__(self, variant: golfcli.Variant, players: int) -> None:
        deck = variant.deck(players)
        rank_of = {name: i for i, name in enumerate(RANKS)}
        self.card: dict[int, tuple[float, float]] = {}
        self.up: dict[int, tuple[float, ...]] = {}
        self.known: dict[int, tuple[float, ...]] = {}
        self.rank: dict[int, int] = {}
        for c in set(deck):
            r = rank_of[golfcli.Card(c).rank]
            v = float(variant.value(c))
            self.card[c] = (v, float(r + 1))
            self.up[c] = (1.0, 1.0, v, float(r + 1))
            self.known[c] = (0.0, 1.0, v, float(r + 1))
            self.rank[c] = r
        self.ranks = [0] * len(RANKS)
        for c in deck:
            self.ranks[self.rank[c]] += 1
        self.groups = variant.groups_for(players)
        self.cells = variant.cells
        self.size = len(field_names(variant, players))


@lru_cache(maxsize=64)
def _table(variant: golfcli.Variant, players: int) -> _Table:
    return _Table(variant, players)


def field_names(variant: golfcli.Variant, players: int) -> list[str]:
    """The name of every number :func:`vector` gives, in order: the
    observation's layout, field by field (``side+0.r1c2.value`` is the value
    of the seat's own card at row 1, column 2)."""
    groups = variant.groups_for(players)
    out = [
        f"side+{k}.r{p // variant.cols + 1}c{p % variant.cols + 1}.{f}"
        for k in range(groups)
        for p in range(variant.cells)
        for f in CARD_FIELDS
    ]
    out += ["discard_top.known", "discard_top.value", "discard_top.rank", "discard_size"]
    out += ["held.known", "held.value", "held.rank", "held.from_discard"]
    out += [f"phase.{p}" for p in PHASES] + ["to_play"]
    out += ["stock_size", "ending", *(f"closer.+{k}" for k in range(groups)), "turns_left"]
    out += [f"unseen.{r}" for r in RANKS]
    return out


def bounds(variant: golfcli.Variant, players: int) -> tuple[list[float], list[float]]:
    """The least and the greatest value of each number :func:`vector` gives,
    in its order (an observation space's box): card values within the
    variant's, ranks 0-14, counts within the deck and the turn limit, flags
    0 or 1."""
    t = _table(variant, players)
    values = [v for v, _ in t.card.values()]
    value = (min(0.0, *values), max(0.0, *values))
    deck = float(sum(t.ranks))
    low: list[float] = []
    high: list[float] = []
    for name in field_names(variant, players):
        leaf = name.rpartition(".")[2]
        if leaf == "value":
            lo, hi = value
        elif leaf == "rank":
            lo, hi = 0.0, float(len(RANKS))
        elif name in ("discard_size", "stock_size"):
            lo, hi = 0.0, deck
        elif name == "turns_left":
            lo, hi = 0.0, float(variant.end.turn_limit * players)
        elif name.startswith("unseen."):
            lo, hi = 0.0, float(t.ranks[RANKS.index(leaf)])
        else:
            lo, hi = 0.0, 1.0
        low.append(lo)
        high.append(hi)
    return low, high


def size(variant: golfcli.Variant, players: int) -> int:
    """How many numbers :func:`vector` gives for this variant and player count."""
    return _table(variant, players).size


_HIDDEN = (0.0, 0.0, 0.0, 0.0)


def vector(view: golfcli.View) -> list[float]:
    """The seat's view as :func:`field_names` lays it out (module docstring)."""
    t = _table(view.variant, view.players)
    up, known, rank, card = t.up, t.known, t.rank, t.card
    groups = t.groups
    me = view.side
    out: list[float] = []
    unseen = list(t.ranks)
    for k in range(groups):
        lay = view.layouts[(me + k) % groups]
        mem = dict(view.memory) if k == 0 and view.memory else None
        for p, c in enumerate(lay):
            if c is not None:
                out += up[c]
                unseen[rank[c]] -= 1
            elif mem is not None and p in mem:
                c = mem[p]
                out += known[c]
                unseen[rank[c]] -= 1
            else:
                out += _HIDDEN
    discard = view.discard
    for c in discard:
        unseen[rank[c]] -= 1
    if discard:
        v, r = card[discard[-1]]
        out += (1.0, v, r, float(len(discard)))
    else:
        out += _HIDDEN
    held = view.drawn
    if held is not None:
        v, r = card[held]
        out += (1.0, v, r, 1.0 if view.drawn_from == "discard" else 0.0)
        unseen[rank[held]] -= 1
    else:
        out += _HIDDEN
    phase = view.phase
    out += (
        1.0 if phase == "setup" else 0.0,
        1.0 if phase == "draw" else 0.0,
        1.0 if phase == "place" else 0.0,
        1.0 if phase == "flip" else 0.0,
        1.0 if view.current == view.seat and phase != "over" else 0.0,
        float(view.stock_size),
    )
    closer = view.closer
    if closer is None:
        out += (0.0,) * (groups + 1)
    else:
        out.append(1.0)
        out += [1.0 if (closer - me) % groups == k else 0.0 for k in range(groups)]
    out.append(float(max(view.turn_limit_left, 0)))
    out += [float(n) for n in unseen]
    return out


_NAMES: dict[int, str] = {}


def _card(c: int | None) -> str:
    """A card in notation (``?`` when unknown), each card's name made once."""
    if c is None:
        return "?"
    name = _NAMES.get(c)
    if name is None:
        name = _NAMES[c] = str(golfcli.Card(c))
    return name


def text(view: golfcli.View, history: bool = False) -> str:
    """The seat's view in words, one fact a line: the layouts (the seat's
    own face-down cards it has seen in brackets), the piles, the held card,
    whose turn it is; with ``history`` every event of the hole as the seat
    saw it (hidden cards as ``?``): a perfect-recall description, the same
    for two positions exactly when the seat cannot tell them apart."""
    cols = view.variant.cols
    mem = dict(view.memory)
    lines = [
        f"{view.variant.name}, {view.players} players; seat {view.seat} (side {view.side}); "
        f"{view.phase}, seat {view.current} to play"
    ]
    for s, lay in enumerate(view.layouts):
        cells = [
            f"[{_card(mem[p])}]" if s == view.side and c is None and p in mem else _card(c)
            for p, c in enumerate(lay)
        ]
        rows = [" ".join(cells[r : r + cols]) for r in range(0, len(cells), cols)]
        who = "mine" if s == view.side else f"side {s}"
        lines.append(f"{who}: {' / '.join(rows)}")
    lines.append(
        f"discard: {' '.join(_card(c) for c in view.discard) or 'empty'}; stock {view.stock_size}"
    )
    if view.drawn_from:
        lines.append(f"seat {view.current} holds {_card(view.drawn)} from the {view.drawn_from}")
    if view.final_turn:
        lines.append(f"side {view.closer} closed: final turns")
    lines.append(f"turns {list(view.turns)}, {view.turn_limit_left} left")
    if history:  # each event as the bot protocol words it (cards in notation)
        words = None  # the view's JSON, made only if an event has not been worded before
        for i, ev in enumerate(view.history):
            text = _WORDED.get(ev)
            if text is None:
                if words is None:
                    words = view.to_json()["history"]
                text = _event(ev, words[i])
            lines.append(text)
    return "\n".join(lines)


_WORDED: dict[object, str] = {}


def _event(ev: object, data: dict[str, object]) -> str:
    """One censored event in words: its kind, seat and fields (``?``: hidden),
    kept in :data:`_WORDED`.  Events compare by value, so each is worded once
    (``ev`` is the key): :func:`text` looks there before it asks the view for
    the events' JSON."""
    fields = " ".join(f"{k}={_field(v)}" for k, v in data.items() if k not in ("kind", "seat"))
    seat = data.get("seat")
    text = f"{data['kind']}{'' if seat is None else f' seat {seat}'} {fields}".rstrip()
    if len(_WORDED) > 100_000:
        _WORDED.clear()
    _WORDED[ev] = text
    return text


def _field(value: object) -> str:
    if value is None:
        return "?"
    if isinstance(value, list):
        return ",".join(_field(v) for v in value)
    return str(value)
