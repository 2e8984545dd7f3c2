"""One hole a program can drive: ``golfcli.Hole``.

A thin handle on the engine's :class:`~golfcli.state.HoleState` for
scripts, search and learning (an OpenSpiel or PettingZoo adapter builds on
it): the same rules, checks and event log the matches use, with the
questions such programs ask named plainly.

* **Chance is recorded.**  The deal and every reshuffle of the stock are
  events holding the full card order (``hole.events``), drawn from the
  hole's key; :meth:`Hole.replay` rebuilds the same hole from its events,
  with no generator.  ``Hole(variant, seed=3)`` deals what hole 1 of
  ``play_match(variant, ..., seed=3)`` and ``golf play --seed 3`` deal.
* **Legal actions are a stable list**: the same state always lists the
  same actions in the same order (the engine's cached tuples).
* **Views are censored by the one censor** (:func:`golfcli.view.view`):
  ``hole.view(seat)`` is exactly what a bot in that seat is shown.
* **Clones are independent**: :meth:`Hole.clone` copies the state and its
  generator, so a clone plays on (reshuffles included) exactly as the
  original would, and nothing done to it touches the original.
* **Actions have numbers** for programs that want integers (a framework's
  action space, a network's output): :meth:`Hole.action_id` and
  :meth:`Hole.action_of`, ``Hole.action_count(variant)`` of them, the same
  for every hole of a variant; :meth:`Hole.legal_ids` lists the legal ones.
* **Chance can be chosen outside**: :meth:`Hole.dealt` deals a given table
  and :meth:`Hole.stack` puts a chosen card on top of the stock, so a
  framework that draws each card as a chance outcome (OpenSpiel) drives the
  same engine; the log stays the hole's replay.

>>> hole = Hole("six-card", players=2, seed=1)
>>> hole.current, hole.phase, hole.legal_actions()[:2]
(1, 'setup', (Action(kind='reveal', pos=0, pos2=-1), Action(kind='reveal', pos=1, pos2=-1)))
>>> while not hole.is_over():
...     hole.apply(hole.legal_actions()[0])
>>> hole.scores()
(41, 30)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path

from .actions import ACTION_KINDS, Action, IllegalAction, Phase
from .arguments import (
    ArgumentError,
    ArgumentTypeError,
    items,
    optional_whole,
    seats_to_counts,
    shorten,
    whole,
    wrong_type,
)
from .arguments import names as names_of
from .arguments import text as text_of
from .events import Event
from .exceptions import InputError
from .game import dealer_of, hole_winners, side_names
from .keys import KeyedRandom, derive, is_key, match_key, new_key
from .limits import MAX_HOLE_NUMBER, MAX_PLAYERS, MAX_SEED
from .notation import Card, Layout, card_of, read_layout
from .replay import replay_hole
from .scoring import HoleScore
from .state import HoleState, catalogue, deal_cells
from .variant import Variant
from .variantload import resolve
from .view import MatchInfo, View, view

#: The action kinds that name one position, and the shots that name two.
_ONE_POS = frozenset({"reveal", "peek", "flip", "look", "swap"})
_SHOTS = frozenset({"bunker", "approach"})


class _Ids:
    """The numbers of one variant's actions: every kind in the engine's order
    (:data:`~golfcli.state.ACTION_KINDS`), a kind's positions in order, and
    for the shots only the pairs a shot can join (the catalogue's)."""

    def __init__(self, variant: Variant) -> None:
        cat = catalogue(variant)
        actions: list[Action] = []
        for kind in ACTION_KINDS:
            if kind in _SHOTS:
                pairs = cat.bunker if kind == "bunker" else cat.approach
                actions.extend(a for row in pairs for a in row)
            elif kind in _ONE_POS:
                actions.extend(Action(kind, p) for p in range(variant.cells))
            else:
                actions.append(Action(kind))
        #: id -> action, and back (keyed by plain text kinds: an Action compares as a tuple)
        self.actions = tuple(actions)
        self.ids = {(str(a.kind), a.pos, a.pos2): i for i, a in enumerate(actions)}
        # a legal tuple (the engine's cached objects) -> its ids; the tuple is
        # kept beside them, so its id() cannot be reused while it is here
        self.legal: dict[int, tuple[tuple[Action, ...], tuple[int, ...]]] = {}

    def legal_ids(self, legal: tuple[Action, ...]) -> tuple[int, ...]:
        hit = self.legal.get(id(legal))
        if hit is not None and hit[0] is legal:
            return hit[1]
        ids = tuple(sorted(self.ids[(str(a.kind), a.pos, a.pos2)] for a in legal))
        if len(self.legal) > 100_000:  # a bound, like the engine's own cache
            self.legal.clear()
        self.legal[id(legal)] = (legal, ids)
        return ids


@lru_cache(maxsize=64)
def _ids(variant: Variant) -> _Ids:
    return _Ids(variant)


#: A hole's log is bounded by its turn limit; a log longer than this is no hole's.
MAX_EVENTS = 1_000_000


def _action(argument: str, action: object) -> Action:
    """An action given to a door: an :class:`Action` whose fields are text
    and whole numbers, or its text (``"swap 4"``).  Text the notation cannot
    read is an IllegalAction (an unknown action); anything else is no action
    at all (ArgumentTypeError)."""
    if isinstance(action, Action):
        kind, pos, pos2 = action
        if type(pos) is int and type(pos2) is int and isinstance(kind, str):
            return action
        text_of(f"{argument}.kind", kind, "an action's kind (text)")
        whole(f"{argument}.pos", pos, -1, None, "a position")
        whole(f"{argument}.pos2", pos2, -1, None, "a position")
        return Action(kind, int(pos), int(pos2))
    if isinstance(action, str):
        try:
            return Action.from_json(action)
        except ValueError as exc:
            raise IllegalAction(str(exc), "unknown") from None
    wrong_type(argument, "an Action or its text, such as 'swap 4'", action)


def _order(order: object, variant: Variant, players: int) -> list[int] | None:
    """``order``, a deal order of the variant's deck (checked against the
    deck by the state), as the engine's ints."""
    if order is None:
        return None
    deck = len(variant.deck(players))
    got = items("order", order, "the variant's deck in the order to deal it", deck)
    return [whole(f"order[{i}]", c, 0, None, "a card's number") for i, c in enumerate(got)]


def _cards_of(cards: object, argument: str) -> list[int]:
    """Cards as the engine's ints, from a layout's notation or a list of cards."""
    return [int(c) for c in read_layout(argument, cards)[2]]


def _seats(players: object, variant: Variant) -> int:
    """The ``players`` argument: a count the variant is played by."""
    n = whole("players", players, 1, MAX_PLAYERS)
    variant.check_players(n)
    return n


def deal_key(seed: object, key: object) -> str:
    """The key a door's ``seed`` and ``key`` arguments deal from (``key``,
    else ``seed``'s key, else a fresh secret one), each checked: a seed is a
    whole number from 0 to :data:`~golfcli.limits.MAX_SEED` (what a record
    and ``golf play --seed`` can hold), a key the 64 hex digits a finished
    game printed.  ``Hole`` and ``play_match`` deal alike from here."""
    if key is not None and (not isinstance(key, str) or not is_key(key)):
        raise (ArgumentError if isinstance(key, str) else ArgumentTypeError)(
            "key", "64 hex digits (a key a finished game printed)", key
        )
    return match_key(optional_whole("seed", seed, 0, MAX_SEED), key)


def _deal_args(
    players: int, seed: object, key: object, number: object, dealer: object, handicap: object
) -> tuple[str, int, int | None, dict[int, int]]:
    """The key (from ``key``, ``seed`` or fresh), hole number, dealer and
    handicaps of a hole's deal, each checked at the door (every hole
    constructor takes them)."""
    return (
        deal_key(seed, key),
        whole("number", number, 1, MAX_HOLE_NUMBER, "a hole number"),
        optional_whole("dealer", dealer, 0, players - 1, "a seat"),
        seats_to_counts("handicap", handicap, players, 0, 2),
    )


class Hole:
    """One hole of ``variant`` for ``players`` seats, dealt from a key.

    The cards come from ``key`` (64 hex digits), else from ``seed``'s key,
    else a fresh secret key; ``number`` is the hole of a match they deal
    (hole ``number`` of a match with that key, whose dealer is seat
    ``(number - 1) % players`` unless ``dealer`` is given).  ``handicap``
    maps a seat to the extra cards it turns up at the start (1-2).
    ``names`` are the seats' names in pictures and text (``P1`` ...).
    ``order`` deals this order of the variant's deck instead of a shuffle
    (the deal as a chance outcome chosen outside: the cards are taken from
    its end, as ``hole.events[0].order`` records them); the key still
    shuffles a stock that runs out.
    """

    __slots__ = ("_match", "_seen", "key", "names", "number", "state")

    def __init__(
        self,
        variant: str | Path | Variant = "six-card",
        players: int = 2,
        *,
        seed: int | None = None,
        key: str | None = None,
        number: int = 1,
        dealer: int | None = None,
        handicap: Mapping[int, int] | None = None,
        names: Sequence[str] | None = None,
        order: Sequence[int] | None = None,
        _state: HoleState | None = None,
    ) -> None:
        if _state is None:
            var = resolve(variant)
            seats = _seats(players, var)
            the_key, number, dealer, reveals = _deal_args(
                seats, seed, key, number, dealer, handicap
            )
            deal = dealer_of(number, seats) if dealer is None else dealer
            rng = KeyedRandom(derive(the_key, f"hole:{number}"))
            _state = HoleState(
                var, seats, deal, rng, extra_reveals=reveals, order=_order(order, var, seats)
            )
        else:  # a clone's or a replay's: made here, from checked values
            the_key = key if isinstance(key, str) else match_key(None, None)
        #: the key the cards come from (secret unless given or made from a seed)
        self.key = the_key
        self.number = number
        #: the engine's state: every card, for a program that may know them
        self.state = _state
        self.names = (
            names_of("names", names, _state.players)
            if names is not None
            else tuple(f"P{i + 1}" for i in range(_state.players))
        )
        self._match = MatchInfo(number, names=self.side_names())
        # each seat's censored log so far: a view censors only the events since
        # (the log only grows; view.view says why that is the same history)
        self._seen: list[list[Event]] = [[] for _ in range(_state.players)]

    @classmethod
    def dealt(
        cls,
        variant: str | Path | Variant,
        players: int = 2,
        *,
        layouts: Sequence[str | Layout | Sequence[int | str]],
        discard: int | str,
        stock: Sequence[int | str] | None = None,
        seed: int | None = None,
        key: str | None = None,
        number: int = 1,
        dealer: int | None = None,
        handicap: Mapping[int, int] | None = None,
        names: Sequence[str] | None = None,
    ) -> Hole:
        """A hole dealt this table: ``layouts`` each side's cards (row by row,
        as cards or a layout's notation), ``discard`` the card that starts the
        discard pile, ``stock`` the stock with its top card last (by default
        the rest of the deck, shuffled from the hole's key).  Together they
        must be the variant's deck for ``players``, card for card.

        For a position chosen outside: one to study, or chance decided by a
        framework (the OpenSpiel adapter deals card by card, then here).  The
        deal event records the order these cards make, so the log replays.

        >>> hole = Hole.dealt("four-card", layouts=["AC 2C / 3C 4C", "5C 6C / 7C 8C"],
        ...                   discard="9C", seed=1)
        >>> hole.apply("peek 1"); hole.apply("peek 2")  # P2 looks at two of its cards
        >>> [(pos, Card(card)) for pos, card in hole.view(1).memory]
        [(1, Card('6C')), (2, Card('7C'))]
        """
        var = resolve(variant)
        players = _seats(players, var)
        groups = var.groups_for(players)
        given = items("layouts", layouts, "a list of layouts, one a side", MAX_PLAYERS)
        if len(given) != groups:
            raise InputError(f"{len(given)} layouts for {groups} sides")
        sides = [_cards_of(lay, f"layouts[{s}]") for s, lay in enumerate(given)]
        for s, side in enumerate(sides):
            if len(side) != var.cells:
                raise InputError(f"layout {s + 1} has {len(side)} cards, not {var.cells}")
        the_key, number, dealer, reveals = _deal_args(players, seed, key, number, dealer, handicap)
        deal = dealer_of(number, players) if dealer is None else dealer
        first_side = var.side_of(players)[(deal + 1) % players]
        dealt = [sides[s][p] for s, p in deal_cells(groups, first_side, var.cells)]
        dealt.append(int(card_of("discard", discard)))
        rest = Counter(var.deck(players))
        rest.subtract(dealt)
        extra = sorted(c for c, k in rest.items() if k < 0)
        if extra:
            raise InputError(
                "the table holds more "
                + shorten(", ".join(str(Card(c)) for c in extra))
                + " than the deck"
            )
        if stock is None:
            left = sorted(rest.elements())
            KeyedRandom(derive(the_key, f"hole:{number}:stock")).shuffle(left)
        else:
            got = items("stock", stock, "a list of cards", len(var.deck(players)))
            left = [int(card_of(f"stock[{i}]", c)) for i, c in enumerate(got)]
            if Counter(left) != +rest:
                raise InputError("the layouts, the discard and the stock are not the deck")
        return cls(
            var,
            players,
            key=the_key,
            number=number,
            dealer=deal,
            handicap=reveals,
            names=names,
            order=left + dealt[::-1],
        )

    @classmethod
    def replay(
        cls,
        variant: str | Path | Variant,
        players: int,
        events: Sequence[Event],
        *,
        handicap: Mapping[int, int] | None = None,
        names: Sequence[str] | None = None,
    ) -> Hole:
        """The hole its ``events`` record (deal and reshuffles included), at
        the point the log ends; a log the rules refuse raises ValueError.
        Played on past the log, a reshuffle draws from a fresh secret key."""
        var = resolve(variant)
        seats = _seats(players, var)
        log = items("events", events, "a hole's events (hole.events)", MAX_EVENTS)
        for i, ev in enumerate(log):
            if not isinstance(ev, Event):
                wrong_type(f"events[{i}]", "an event of a hole's log (hole.events)", ev)
        reveals = seats_to_counts("handicap", handicap, seats, 0, 2)
        state = replay_hole(var, seats, log, reveals)
        state._chance = None
        state.rng = KeyedRandom(derive(new_key(), "replay"))
        return cls(state.variant, players, names=names, _state=state)

    # ------------------------------------------------------------------ the rules

    @property
    def variant(self) -> Variant:
        """The rules this hole is played by."""
        return self.state.variant

    @property
    def players(self) -> int:
        """How many seats play (partners share a side's layout)."""
        return self.state.players

    @property
    def side_of(self) -> tuple[int, ...]:
        """The side (layout) each seat plays: its own, or its partners' shared one."""
        return tuple(self.state.side_of)

    @property
    def current(self) -> int:
        """The seat to act (the last to act once the hole is over)."""
        return self.state.current

    @property
    def phase(self) -> str:
        """``setup``, ``draw``, ``place`` (holding a drawn card), ``flip`` or ``over``."""
        return str(self.state.phase)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action :meth:`apply` accepts now, always in the same order for
        the same state (nothing once the hole is over)."""
        return self.state.legal_actions()

    def apply(self, action: Action | str) -> None:
        """Do ``action`` for the seat to act: an :class:`~golfcli.actions.Action`
        or its text (``"draw_stock"``, ``"swap 4"``).  A move the rules forbid
        raises :class:`~golfcli.actions.IllegalAction` naming the rule, and
        changes nothing."""
        self.state.apply(_action("action", action))

    # ------------------------------------------------------------------ actions as numbers

    @staticmethod
    def action_count(variant: str | Path | Variant) -> int:
        """How many action numbers a hole of ``variant`` has (its action
        space): every kind at every position, and the shots the layout's
        shape allows.  Most are illegal at any one time."""
        return len(_ids(resolve(variant)).actions)

    @staticmethod
    def action_ids(variant: str | Path | Variant, actions: Iterable[Action]) -> tuple[int, ...]:
        """The numbers of ``actions`` in any hole of ``variant``, without a
        hole: what a bot, which gets a view and the legal actions, feeds a
        learned policy (``Hole.action_ids(view.variant, legal)``)."""
        var = resolve(variant)
        ids = _ids(var).ids
        if isinstance(actions, str | bytes | Mapping) or not isinstance(actions, Iterable):
            wrong_type("actions", "a list of actions", actions)
        out = []
        for i, a in enumerate(actions):
            a = _action(f"actions[{i}]", a)
            got = ids.get((str(a.kind), a.pos, a.pos2))
            if got is None:
                raise IllegalAction(
                    f"no {var.name} hole has the action {shorten(str(a))}", "unknown"
                )
            out.append(got)
        return tuple(out)

    def action_id(self, action: Action | str) -> int:
        """The number of ``action``: the same for every hole of this variant
        (kinds in the engine's order, then positions).  Raises IllegalAction
        for an action no hole of this variant can take."""
        action = _action("action", action)
        got = _ids(self.variant).ids.get((str(action.kind), action.pos, action.pos2))
        if got is None:
            raise IllegalAction(
                f"no {self.variant.name} hole has the action {shorten(str(action))}", "unknown"
            )
        return got

    def action_of(self, number: int) -> Action:
        """The action numbered ``number`` (:meth:`action_id`'s inverse)."""
        actions = _ids(self.variant).actions
        return actions[whole("number", number, 0, len(actions) - 1, "an action's number")]

    def legal_ids(self) -> tuple[int, ...]:
        """The numbers of :meth:`legal_actions`, in increasing order (worked
        out once for each list of legal actions the engine makes)."""
        return _ids(self.state.variant).legal_ids(self.state.legal_actions())

    def apply_id(self, number: int) -> None:
        """Do the action numbered ``number`` (:meth:`action_id`) for the seat
        to act: :meth:`apply` for programs that keep numbers (checked against
        :meth:`legal_ids`, then done without asking the rules again).
        IllegalAction if it is not legal now."""
        if type(number) is not int:  # numpy's integers too (a network's output)
            number = whole("number", number, 0, None, "an action's number")
        st = self.state
        ids = _ids(st.variant)
        if number not in ids.legal_ids(st.legal_actions()):
            what = ids.actions[number] if 0 <= number < len(ids.actions) else "no action"
            raise IllegalAction(f"action {number} ({what}) is not legal now", "unknown")
        st.apply_trusted(ids.actions[number])

    # ------------------------------------------------------------------ chance

    def stock_cards(self) -> tuple[int, ...]:
        """The cards in the stock, in card order, as the engine's ints (as a
        view keeps cards; ``golfcli.Card(c)`` reads one).  Face down: no seat
        knows them; a framework's chance node draws from them."""
        return tuple(sorted(self.state.stock))

    def stack(self, card: int | str) -> None:
        """Put ``card`` on top of the stock: the next stock draw takes it
        (chance decided outside the engine, card by card as cards are
        drawn).  The order the log recorded for this stock changes with it,
        so the log still replays.  InputError if the stock has no such card.

        >>> hole = Hole("six-card", seed=1)
        >>> hole.stack("KS")
        >>> for move in ("reveal 0", "reveal 1", "reveal 0", "reveal 1", "draw_stock"):
        ...     hole.apply(move)
        >>> Card(hole.view(hole.current).drawn)
        Card('KS')
        """
        self.state.stack(int(card_of("card", card)))

    def view(self, seat: int) -> View:
        """What ``seat`` may see now: the view a bot in that seat is given
        (face-down cards are None; the one censoring function made it)."""
        if type(seat) is not int or not 0 <= seat < self.players:
            seat = whole("seat", seat, 0, self.players - 1)
        return view(self.state, seat, self._match, self._seen[seat])

    def is_over(self) -> bool:
        """True once the hole has ended (every card turned up and scored)."""
        return self.state.is_over

    def scores(self) -> tuple[int, ...]:
        """Each side's hole score (lowest is best), once the hole is over."""
        return self.result.totals

    @property
    def result(self) -> HoleScore:
        """The scored hole (every side's breakdown), once it is over."""
        if self.state.result is None:
            raise InputError(f"the hole is not over ({self.phase}): no scores yet")
        return self.state.result

    def clone(self) -> Hole:
        """An independent copy (the log and the generator too): for search."""
        st = self.state.clone(keep_events=True)
        if isinstance(st.rng, KeyedRandom):
            st.rng = st.rng.copy()
        return Hole(
            self.variant,
            self.players,
            key=self.key,
            number=self.number,
            names=self.names,
            _state=st,
        )

    def __deepcopy__(self, memo: dict[int, object]) -> Hole:
        """``copy.deepcopy(hole)`` is :meth:`clone` (as a framework copies a state)."""
        return self.clone()

    # ------------------------------------------------------------------ the table

    @property
    def events(self) -> tuple[Event, ...]:
        """The log: the deal and reshuffles (their card orders) and every move."""
        return tuple(self.state.events)

    @property
    def layouts(self) -> tuple[Layout, ...]:
        """Each side's layout as the table shows it: face-down cards are ``?``
        (until the hole is over, when all are turned up)."""
        st = self.state
        return tuple(Layout([c for c in v], st.variant.cols) for v in self._cells())

    @property
    def discard(self) -> tuple[Card, ...]:
        """The discard pile, bottom first (its top card is the last)."""
        return tuple(Card(c) for c in self.state.discard)

    @property
    def stock_size(self) -> int:
        """How many cards are left in the stock (face down: no one knows them)."""
        return len(self.state.stock)

    def _cells(self) -> list[list[int]]:
        st = self.state
        over = st.phase == Phase.OVER
        return [
            [c if over or st.up[s] >> p & 1 else -1 for p, c in enumerate(lay)]
            for s, lay in enumerate(st.layouts)
        ]

    def side_names(self) -> tuple[str, ...]:
        """Each side's name: its seats' names joined with ``&`` (partners)."""
        st = self.state
        return side_names(self.names, st.side_of, st.groups)

    def _titles(self) -> list[str]:
        """Each side's name, with its score once the hole is over."""
        st = self.state
        if st.result is None:
            return list(self.side_names())
        return [f"{n}: {t}" for n, t in zip(self.side_names(), st.result.totals, strict=True)]

    def __str__(self) -> str:
        st = self.state
        acting = -1 if st.phase == Phase.OVER else st.side_of[st.current]
        titles = [t + (" (to play)" if s == acting else "") for s, t in enumerate(self._titles())]
        lines = [f"{t}: {lay}" for t, lay in zip(titles, self.layouts, strict=True)]
        top = f"{self.discard[-1]}" if self.state.discard else "empty"
        lines.append(f"stock {self.stock_size} cards, discard {top}")
        if self.state.drawn is not None:
            lines.append(f"{self.names[self.current]} holds {Card(self.state.drawn)}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        st = self.state
        where = (
            "over" if st.phase == Phase.OVER else f"{st.phase}, {self.names[st.current]} to play"
        )
        return f"<Hole {st.variant.name!r}, {st.players} players: {where}>"

    def _repr_svg_(self) -> str:
        from .render.pictures import hole_svg

        st = self.state
        cells = [[None if c == -1 else c for c in side] for side in self._cells()]
        acting = None if st.phase == Phase.OVER else st.side_of[st.current]
        held = None
        if st.drawn is not None:
            held = (f"{self.names[st.current]} holds", st.drawn)
        winners: tuple[int, ...] = ()
        if st.result is not None:
            winners = tuple(hole_winners(st.result.totals))
        return hole_svg(
            cells,
            st.variant.cols,
            self._titles(),
            acting=acting,
            stock=len(st.stock),
            discard=st.discard,
            held=held,
            winners=winners,
            caption=f"{st.variant.name}, hole {self.number}: {st.phase}",
        )
