"""Every golf variant as an OpenSpiel game (the ``spiel`` extra).

``import golfcli.spiel`` registers the game ``golf`` with pyspiel::

    game = pyspiel.load_game("golf", {"variant": "alberta", "players": 4})

Parameters: ``variant`` (a built-in's name or a variant file's path;
default ``six-card``), ``players`` (default 2) and ``set`` (overrides, as
``golf --set`` takes them, separated by ``;``: ``"values.ranks.2=2;end.turn_limit=30"``).
One OpenSpiel game is one hole, dealt by seat 0 (seat 1 acts first).

The state *is* a :class:`golfcli.Hole`, driven from outside; nothing of the
rules is written again here:

* **Chance is card by card, with the real odds.**  The deal is one chance
  node per card: each side's layout position by position (side 0 first),
  then the card that starts the discard pile; each chance node lists the
  cards not dealt yet with probability (copies left) / (cards left).  Then
  the hole is :meth:`golfcli.Hole.dealt` that table.  Drawing from the stock
  is the player's action ``draw_stock`` followed by a chance node over the
  cards in the stock (copies / stock size), whose card
  :meth:`golfcli.Hole.stack` puts on top before the draw.  A reshuffle
  needs no chance node of its own: the new stock's order only matters card
  by card as cards are drawn, and each draw is one.  Chance outcomes are
  numbered by the deck's distinct cards in card order (``chance_card``).
* **Actions** are the hole's action numbers (:meth:`golfcli.Hole.action_id`);
  ``action_to_string`` is the action's text (``swap 3``), or the card for a
  chance outcome.
* **What a seat knows** comes from the one censor: information-state and
  observation strings and tensors are made by :mod:`golfcli.features` from
  ``hole.view(seat)`` (the information state adds every event the seat saw,
  hidden cards as ``?``, and the card that started the discard pile, which
  every seat saw).  The tensor is :func:`golfcli.features.vector` in both
  (docs/frameworks.md lays it out): a summary of the position, the same for
  the observation and the information state.
* **Returns** are the hole's scores negated (golf's lowest score wins;
  OpenSpiel maximises), paid at the end; partners share their side's score,
  so they share a return.  The game is general-sum.
* ``resample_from_infostate`` deals a world the seat cannot tell from the
  real one (every card it has not seen dealt at random from the cards it
  cannot place), for ISMCTS.

Bots: ``spiel:ismcts`` and ``spiel:mcts`` play in golf matches and
tournaments (``golf tournament``, ``golf play``): see :class:`ISMCTSBot`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np
import pyspiel

import golfcli
from golfcli import features

_DEFAULTS: dict[str, Any] = {"variant": "six-card", "players": 2, "set": ""}

GAME_TYPE = pyspiel.GameType(
    short_name="golf",
    long_name="Golf (the card game), any golf variant",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=12,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def overrides(text: str) -> list[str]:
    """The ``set`` parameter as ``golf --set`` texts (``key=value``).  Items
    are split on ``;``, and each may be written ``key=value`` or ``key:value``
    (OpenSpiel's game strings, ``golf(set=values.ranks.2:2)``, cannot hold an
    ``=`` in a value)."""
    out = []
    for item in text.split(";"):
        item = item.strip()
        if item and "=" not in item and ":" in item:
            key, _, value = item.partition(":")
            item = f"{key.strip()}={value.strip()}"
        if item:
            out.append(item)
    return out


def _set_text(items: list[str]) -> str:
    """Overrides as the ``set`` parameter of a game string (``key:value;...``)."""
    return ";".join(":".join(part.strip() for part in item.split("=", 1)) for item in items)


def score_bound(variant: golfcli.Variant, players: int) -> int:
    """A bound on any side's hole score in ``variant`` (not tight): every card
    at the largest count a card or a pattern gives, every pattern's bonuses
    matched at every position, then the hole-level rules in their order."""
    groups = variant.groups_for(players)
    values = [variant.value(c) for c in set(variant.deck(players))]
    counts = [*values, 0] + [p.cards for p in variant.patterns if isinstance(p.cards, int)]
    cell = max(abs(v) for v in counts)
    bonus = sum(abs(p.bonus) for p in variant.patterns)
    given = sum(abs(p.opponents) for p in variant.patterns)
    bound = variant.cells * (cell + bonus + (groups - 1) * given)
    for adj in variant.adjustments:
        if adj.kind == "exact":
            bound = max(bound, abs(adj.becomes))
        elif adj.kind == "closer":
            bound = bound * max(abs(adj.multiply), 1) + abs(adj.add)
        else:
            bound += abs(adj.add)
    return bound


class GolfGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """One hole of a golf variant for a number of players (module docstring)."""

    def __init__(
        self, params: dict[str, Any] | None = None, *, variant: golfcli.Variant | None = None
    ) -> None:
        params = {**_DEFAULTS, **(params or {})}
        if variant is None:
            changes = overrides(str(params["set"]))
            variant = golfcli.load_variant(params["variant"], changes)
            params["set"] = _set_text(changes)  # what str(game) writes must load again
        else:  # a loaded variant (a match's, from any file): its name stands in the parameters
            params["variant"] = variant.name
        players = int(params["players"])
        try:
            variant.check_players(players)
        except golfcli.InputError as exc:
            raise golfcli.InputError(f"golf(players={players}): {exc}") from None
        self.variant = variant
        self.groups = variant.groups_for(players)
        self.side_of = variant.side_of(players)
        self.deck = Counter(variant.deck(players))
        #: chance outcome number -> card, and back
        self.chance_card = tuple(sorted(self.deck))
        self.chance_of = {c: i for i, c in enumerate(self.chance_card)}
        self.dealt = self.groups * variant.cells + 1  # the layouts and the discard's first card
        turns = variant.end.turn_limit * players
        # deal, the start cards, then per turn at most: draw, its card, place, flip
        length = self.dealt + self.groups * variant.cells + 4 * turns
        bound = float(score_bound(variant, players))
        info = pyspiel.GameInfo(
            num_distinct_actions=golfcli.Hole.action_count(variant),
            max_chance_outcomes=len(self.chance_card),
            num_players=players,
            min_utility=-bound,
            max_utility=bound,
            max_game_length=length,
        )
        super().__init__(GAME_TYPE, info, params)
        self._size = features.size(variant, players)
        #: a hole of this variant, to number actions with (every hole numbers them alike)
        self.codes = golfcli.Hole(variant, players, seed=0)
        self.draw_stock = self.codes.action_id(_DRAW_STOCK)

    def __deepcopy__(self, memo: dict[int, Any]) -> GolfGame:
        return self  # a game does not change: a cloned state shares it

    def new_initial_state(self) -> GolfState:
        """A hole about to be dealt: the first chance node."""
        return GolfState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> GolfObserver:
        """The observer of a seat's view (perfect recall: with every event it saw)."""
        return GolfObserver(self, iig_obs_type, params)


class _Table:
    """The hole of a state, copied the way OpenSpiel copies a Python state's
    attributes: ``copy.deepcopy`` (a clone) is :meth:`golfcli.Hole.clone`;
    a pickle (OpenSpiel's serialization) keeps nothing, and the state deals
    and plays its actions again when it next needs the hole."""

    __slots__ = ("hole",)

    def __init__(self, hole: golfcli.Hole | None = None) -> None:
        self.hole = hole

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return _Table(None if self.hole is None else self.hole.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Table, ())


class GolfState(pyspiel.State):  # type: ignore[misc]
    """A hole being dealt (chance nodes), then a :class:`golfcli.Hole`."""

    def __init__(self, game: GolfGame) -> None:
        super().__init__(game)
        self.cards: list[int] = []  # dealt so far, in the chance nodes' order
        self.moves: list[int] = []  # every action since the deal (chance's draws too)
        #: the seat to act chose draw_stock: the card is chance's, then the draw is applied
        self.drawing = False
        self._table = _Table()

    def golf(self) -> GolfGame:
        """The game (``get_game()``, typed)."""
        return cast(GolfGame, self.get_game())

    @property
    def hole(self) -> golfcli.Hole | None:
        """The hole, once dealt (None while chance deals it)."""
        table = self._table
        if table.hole is None and len(self.cards) == self.golf().dealt:
            table.hole = self._replayed()
        return table.hole

    def _replayed(self) -> golfcli.Hole:
        """The hole again, from the cards dealt and the actions since (after a
        state was deserialized: the pickle does not keep the hole)."""
        game = self.golf()
        again = game.new_initial_state()
        for action in (*(game.chance_of[c] for c in self.cards), *self.moves):
            again._apply_action(action)
        assert again._table.hole is not None
        return again._table.hole

    # ------------------------------------------------------------------ whose turn

    def current_player(self) -> int:
        hole = self._table.hole or self.hole
        if hole is None or self.drawing:
            return int(pyspiel.PlayerId.CHANCE)
        if hole.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        return hole.current

    def _legal_actions(self, player: int) -> list[int]:
        hole = self.hole
        assert hole is not None and player == hole.current
        return list(hole.legal_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards chance may give now, with (copies left) / (cards left)."""
        game = self.golf()
        hole = self.hole
        left = game.deck - Counter(self.cards) if hole is None else Counter(hole.stock_cards())
        total = sum(left.values())
        chance_of = game.chance_of
        return [(chance_of[c], k / total) for c, k in sorted(left.items())]

    def _apply_action(self, action: int) -> None:
        game = self.golf()
        hole = self.hole
        if hole is None:
            self.cards.append(game.chance_card[action])
            if len(self.cards) == game.dealt:
                self._table.hole = self._deal()
            return
        self.moves.append(action)
        if self.drawing:
            hole.stack(game.chance_card[action])
            hole.apply(_DRAW_STOCK)
            self.drawing = False
            return
        if action == game.draw_stock:
            self.drawing = True
        else:
            hole.apply_id(action)

    def _deal(self) -> golfcli.Hole:
        game = self.golf()
        n = game.variant.cells
        cards = self.cards
        return golfcli.Hole.dealt(
            game.variant,
            game.num_players(),
            layouts=[cards[s * n : (s + 1) * n] for s in range(game.groups)],
            discard=cards[-1],
            dealer=0,
            seed=0,  # the stock's order below its top is never used: every draw is chance's
        )

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.golf()
        if player == pyspiel.PlayerId.CHANCE:
            return str(golfcli.Card(game.chance_card[action]))
        return str(game.codes.action_of(action))

    # ------------------------------------------------------------------ the end

    def is_terminal(self) -> bool:
        return self.hole is not None and self.hole.is_over()

    def returns(self) -> list[float]:
        """Each seat's return: its side's hole score, negated (0 until the end)."""
        game = self.golf()
        hole = self.hole
        if hole is None or not hole.is_over():
            return [0.0] * game.num_players()
        scores = hole.scores()
        return [-float(scores[side]) for side in game.side_of]

    # ------------------------------------------------------------------ what seats know

    def first_discard(self) -> int:
        """The card that started the discard pile: every seat saw it turned up."""
        return self.cards[-1]

    def view(self, player: int) -> golfcli.View | None:
        """What ``player`` sees (the one censor's view), None while dealing."""
        return None if self.hole is None else self.hole.view(player)

    def resample_from_infostate(self, player: int, sampler: Any) -> GolfState:
        """A state ``player`` cannot tell from this one (the same information
        state), with every card it has not seen dealt at random from the
        cards it cannot place: chance's odds given what it saw.  ``sampler``
        (a pyspiel probability sampler, called for a number in [0, 1)) seeds
        the deal."""
        view = self.view(player)
        if view is None or self.drawing:
            raise golfcli.InputError("resample_from_infostate: only at a seat's decision")
        rng = random.Random(int(sampler() * 2**53))
        game = self.golf()
        state: GolfState = game.new_initial_state()
        for action in world(game, view, self.first_discard(), rng):
            state.apply_action(action)
        return state

    def __str__(self) -> str:
        if self.hole is None:
            return f"dealing: {' '.join(str(golfcli.Card(c)) for c in self.cards)}"
        text = str(self.hole)
        if self.drawing:
            text += f"\nP{self.hole.current + 1} draws from the stock"
        return text


_DRAW_STOCK = golfcli.Action("draw_stock")


class GolfObserver:
    """A seat's view as OpenSpiel's observer interface wants it: ``tensor``
    (:func:`golfcli.features.vector`, with ``dict`` naming its fields) and
    ``string_from`` (:func:`golfcli.features.text`; with perfect recall, every
    event the seat saw and the first discard)."""

    def __init__(
        self, game: GolfGame, iig_obs_type: pyspiel.IIGObservationType | None, params: Any
    ) -> None:
        if params:
            raise golfcli.InputError(f"the golf observer takes no parameters, not {params!r}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if not kind.public_info or kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise golfcli.InputError(
                "golf observes a seat's own view: public and private info of one seat"
            )
        self.perfect_recall = kind.perfect_recall
        self.tensor = np.zeros(game._size, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: GolfState, player: int) -> None:
        view = state.view(player)
        if view is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = features.vector(view)

    def string_from(self, state: GolfState, player: int) -> str:
        view = state.view(player)
        if view is None:
            return f"seat {player}; dealing"
        lines = [features.text(view, history=self.perfect_recall)]
        if self.perfect_recall:
            lines.append(f"first discard {golfcli.Card(state.first_discard())}")
        if state.drawing:
            lines.append(f"seat {view.current} draws from the stock")
        return "\n".join(lines)


# ---------------------------------------------------------------------- worlds a seat cannot tell


def world(
    game: GolfGame, view: golfcli.View, first_discard: int | None, rng: random.Random
) -> list[int]:
    """The OpenSpiel history of a hole that ``view``'s seat cannot tell from
    the one it is in: its deal, actions and stock draws.  Every card the seat
    saw is where it saw it; every other card is dealt at random from the
    cards it cannot place, with chance's odds (the face-down cards it has not
    seen and a card another seat holds from the stock from what the deck
    leaves; a card drawn since a reshuffle from that reshuffle's cards, which
    every seat saw go into the stock).

    It reads the seat's censored history (``view.history``) and follows each
    card from where it was dealt: events name the positions cards move
    between (a swap puts the drawn card at ``pos`` and the card there on the
    discard pile, a shot makes two cards trade places, a draw takes the top of
    a pile, a reshuffle puts the discard pile under its top card into the
    stock), and a card turned up, looked at by this seat or put on the pile
    says what was dealt there.  ``first_discard`` is the card that started
    the discard pile (the deal's only card no event names again; None when
    the seat no longer knows it: then it is dealt like a hidden card)."""
    n = view.variant.cells
    groups = len(view.layouts)
    seat_side = view.side_of
    # The deal: token k = side * n + pos, then the discard's first card.  A
    # cell holds a token (a dealt card) or -1 (a card placed since: known).
    cell = [[s * n + p for p in range(n)] for s in range(groups)]
    dealt: list[int | None] = [None] * (groups * n)
    dealt.append(first_discard)
    pile: list[tuple[int, int | None]] = [(groups * n, first_discard)]  # (token or -1, card)
    draws: list[int | None] = []  # every stock draw's card, in order
    epoch_of: list[int] = []  # reshuffles before each draw
    reshuffles: list[list[int]] = []  # each reshuffle's cards
    moves: list[int] = []  # action ids, and -1 - k for the chance node of draw k
    held_draw = -1  # the draw a seat holds now
    codes = game.codes

    def learn(token: int, card: int | None) -> None:
        if token >= 0 and card is not None:
            dealt[token] = card

    # events read by kind, as a record's reader does: each kind's fields are
    # its own class's (golfcli.events), which the public API does not name
    ev: Any
    for ev in view.history:
        kind = ev.kind
        if kind in ("deal", "out", "end"):
            continue
        if kind == "reshuffle":
            reshuffles.append([c for _, c in pile[:-1] if c is not None])
            pile = pile[-1:]
            continue
        side = seat_side[ev.seat]
        if kind in ("reveal", "flip", "peek", "look"):
            learn(cell[side][ev.pos], ev.card)
            moves.append(codes.action_id(golfcli.Action(kind, ev.pos)))
        elif kind == "draw":
            if ev.source == "discard":
                token, _ = pile.pop()
                learn(token, ev.card)
                moves.append(codes.action_id("draw_discard"))
            else:
                held_draw = len(draws)
                draws.append(ev.card)
                epoch_of.append(len(reshuffles))
                moves.append(codes.action_id("draw_stock"))
                moves.append(-1 - held_draw)
        elif kind == "swap":
            token = cell[side][ev.pos]
            learn(token, ev.replaced)
            pile.append((token, ev.replaced))
            if held_draw >= 0:  # the card drawn from the stock, now face up
                draws[held_draw] = ev.card
            cell[side][ev.pos] = -1
            held_draw = -1
            moves.append(codes.action_id(golfcli.Action("swap", ev.pos)))
        elif kind == "discard":
            draws[held_draw] = ev.card
            pile.append((-1, ev.card))
            held_draw = -1
            moves.append(codes.action_id("discard"))
        elif kind in ("bunker", "approach"):
            row = cell[side]
            row[ev.pos], row[ev.pos2] = row[ev.pos2], row[ev.pos]
            moves.append(codes.action_id(golfcli.Action(kind, ev.pos, ev.pos2)))
        else:  # knock, pass
            moves.append(codes.action_id(kind))
    # What the seat sees now that no event said: its own face-down cards it
    # saw (a peek is in the history; so is a look), face-up cards, and the pile.
    mem = dict(view.memory)
    for s in range(groups):
        for p in range(n):
            c = view.layouts[s][p]
            if c is None and s == view.side:
                c = mem.get(p)
            learn(cell[s][p], c)
    for (token, _), c in zip(pile, view.discard, strict=True):
        learn(token, c)
    # Deal what the seat cannot place.
    unknown = [k for k, c in enumerate(dealt) if c is None]
    first_epoch = [c for c, e in zip(draws, epoch_of, strict=True) if e == 0 and c is not None]
    pool = game.deck - Counter(c for c in dealt if c is not None) - Counter(first_epoch)
    hidden = sorted(pool.elements())
    rng.shuffle(hidden)
    for k in unknown:
        dealt[k] = hidden.pop()
    if held_draw >= 0 and draws[held_draw] is None:
        epoch = epoch_of[held_draw]
        if epoch == 0:
            draws[held_draw] = hidden.pop()
        else:  # the reshuffle's cards less the draws from them before this one
            left = Counter(reshuffles[epoch - 1])
            left.subtract(
                c for c, e in zip(draws, epoch_of, strict=True) if e == epoch and c is not None
            )
            draws[held_draw] = rng.choice(sorted(left.elements()))
    chance_of = game.chance_of
    history = [chance_of[c] for c in dealt if c is not None]
    for move in moves:
        history.append(move if move >= 0 else chance_of[draws[-1 - move]])  # type: ignore[index]
    return history


# ---------------------------------------------------------------------- bots for golf matches


class _SpielBot:
    """A golf bot (``choose(view, legal)``) that asks an OpenSpiel search:
    each decision it deals a world the seat cannot tell from the real one
    (:func:`world`, from the view alone) and hands the search that state.
    Options of every such search: ``simulations`` a move, UCT's ``uct_c``
    (0 picks one on golf's scale, :func:`default_uct`) and ``rollouts``
    random playouts to value a new node."""

    wants_view = True

    def __init__(
        self,
        seed: int | str | None = None,
        simulations: int = 200,
        uct_c: float = 0.0,
        rollouts: int = 1,
    ) -> None:
        if simulations < 1 or rollouts < 1:
            raise golfcli.BotSpecError("simulations and rollouts must be at least 1")
        self.simulations = simulations
        self.uct_c = float(uct_c)
        self.rollouts = rollouts
        self.rng = random.Random(seed)
        self._games: dict[tuple[int, int], GolfGame] = {}
        self._first: dict[tuple[int, int], int | None] = {}  # (hole, dealer) -> first discard

    def seed(self, seed: int | str) -> None:
        self.rng.seed(seed)

    def _game(self, view: golfcli.View) -> GolfGame:
        key = (id(view.variant), view.players)
        game = self._games.get(key)
        if game is None:
            game = GolfGame({"players": view.players}, variant=view.variant)
            self._games = {key: game}  # a bot plays one variant at a time
        return game

    def _state(self, view: golfcli.View) -> GolfState:
        game = self._game(view)
        first = first_discard(view)
        key = (view.match.hole, view.dealer)
        if first is None:  # reshuffled away since: remembered from an earlier decision
            first = self._first.get(key)
        self._first = {key: first}
        state = game.new_initial_state()
        for action in world(game, view, first, self.rng):
            state.apply_action(action)
        return state

    def choose(self, view: golfcli.View, legal: Sequence[golfcli.Action]) -> golfcli.Action:
        if len(legal) == 1:
            return legal[0]
        state = self._state(view)
        action = self._pick(state)
        return state.golf().codes.action_of(action)

    def _search(self, state: GolfState) -> tuple[GolfGame, int, Any, float]:
        """What every search is made of: the game, a seed drawn from the
        bot's generator for this decision, the random-rollout evaluator and
        UCT's constant."""
        from open_spiel.python.algorithms import mcts

        game = state.golf()
        seed = self.rng.getrandbits(31)
        evaluator = mcts.RandomRolloutEvaluator(self.rollouts, np.random.RandomState(seed))
        return game, seed, evaluator, self.uct_c or default_uct(game.variant)

    def _pick(self, state: GolfState) -> int:  # pragma: no cover - abstract
        raise NotImplementedError


def first_discard(view: golfcli.View) -> int | None:
    """The card that started the discard pile, from what ``view`` shows: the
    pile's bottom card if it never moved, the card drawn if the first change
    to the pile was a draw from it; None once a reshuffle took it into the
    stock unseen since."""
    size = 1
    ev: Any  # read by kind (golfcli.events has each kind's fields)
    for ev in view.history:
        if ev.kind == "draw" and ev.source == "discard" and size == 1:
            card: int | None = ev.card
            return card
        if ev.kind == "draw" and ev.source == "discard":
            size -= 1
        elif ev.kind in ("swap", "discard"):
            size += 1
        elif ev.kind == "reshuffle":
            return None
    return view.discard[0]


def default_uct(variant: golfcli.Variant) -> float:
    """UCT's exploration constant on golf's scale: returns are strokes, not
    wins and losses, so the constant is a few strokes (half the mean face
    value of a card, times the cards in a layout, over two)."""
    values = [abs(variant.value(c)) for c in set(variant.deck(variant.players[0]))]
    return max(1.0, sum(values) / len(values) * variant.cells / 4)


class ISMCTSBot(_SpielBot):
    """``spiel:ismcts``: OpenSpiel's information-set Monte Carlo tree search
    (Cowling, Powley and Whitehouse 2012) over the golf game of this module.
    Each of ``simulations`` runs deals a world the seat cannot tell from the
    real one, walks one tree of the seat's information sets with UCT
    (``uct_c``; 0 picks one on golf's scale, :func:`default_uct`) and values
    the new node by ``rollouts`` random playouts.  It plays the most visited
    move.  Every random choice comes from the bot's seed."""

    name = "spiel:ismcts"

    def _pick(self, state: GolfState) -> int:
        from open_spiel.python.algorithms import ismcts

        game, seed, evaluator, uct_c = self._search(state)
        bot = ismcts.ISMCTSBot(
            game,
            evaluator,
            uct_c,
            self.simulations,
            random_state=np.random.RandomState(seed + 1),
        )
        sampler = pyspiel.UniformProbabilitySampler(seed + 2, 0.0, 1.0)
        bot.set_resampler(lambda st, player: st.resample_from_infostate(player, sampler))
        return int(bot.step(state))


class MCTSBot(_SpielBot):
    """``spiel:mcts``: OpenSpiel's MCTS (UCT with random rollouts), searching
    one world dealt at random from what the seat knows (a perfect-information
    search of a guess, never of the real cards: a baseline for ISMCTS)."""

    name = "spiel:mcts"

    def _pick(self, state: GolfState) -> int:
        from open_spiel.python.algorithms import mcts

        game, seed, evaluator, uct_c = self._search(state)
        bot = mcts.MCTSBot(
            game,
            uct_c,
            self.simulations,
            evaluator,
            random_state=np.random.RandomState(seed + 1),
            solve=False,
        )
        return int(bot.step(state))


#: The bots ``spiel:NAME`` names in a bot spec.
BOTS: dict[str, Callable[..., _SpielBot]] = {"ismcts": ISMCTSBot, "mcts": MCTSBot}

pyspiel.register_game(GAME_TYPE, GolfGame)
