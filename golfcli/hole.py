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

>>> hole = Hole("six-card", players=2, seed=1)
>>> hole.current, hole.phase, hole.legal_actions()[:2]
(1, 'setup', (Action(kind='reveal', pos=0, pos2=-1), Action(kind='reveal', pos=1, pos2=-1)))
>>> while not hole.is_over():
...     hole.apply(hole.legal_actions()[0])
>>> hole.scores()
(41, 30)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from .exceptions import InputError
from .keys import KeyedRandom, derive, match_key, new_key
from .notation import Card, Layout
from .scoring import HoleScore
from .state import Action, Event, HoleState, IllegalAction, Phase, replay_hole
from .variant import Variant, resolve
from .view import MatchInfo, View, view


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

    __slots__ = ("key", "names", "number", "state")

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
        #: the key the cards come from (secret unless given or made from a seed)
        self.key = match_key(seed, key)
        self.number = number
        if _state is None:
            var = resolve(variant)
            deal = (number - 1) % players if dealer is None else dealer
            rng = KeyedRandom(derive(self.key, f"hole:{number}"))
            _state = HoleState(
                var, players, deal, rng, extra_reveals=dict(handicap or {}), order=order
            )
        #: the engine's state: every card, for a program that may know them
        self.state = _state
        self.names = (
            tuple(names) if names is not None else tuple(f"P{i + 1}" for i in range(_state.players))
        )
        if len(self.names) != _state.players:
            raise InputError(f"{len(self.names)} names for {_state.players} players")

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
        state = replay_hole(resolve(variant), players, events, dict(handicap or {}))
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
        """Do ``action`` for the seat to act: an :class:`~golfcli.state.Action`
        or its text (``"draw_stock"``, ``"swap 4"``).  A move the rules forbid
        raises :class:`~golfcli.state.IllegalAction` naming the rule, and
        changes nothing."""
        if isinstance(action, str):
            try:
                action = Action.from_json(action)
            except ValueError as exc:
                raise IllegalAction(str(exc), "unknown") from None
        self.state.apply(action)

    def view(self, seat: int) -> View:
        """What ``seat`` may see now: the view a bot in that seat is given
        (face-down cards are None; the one censoring function made it)."""
        if not 0 <= seat < self.players:
            raise InputError(f"no seat {seat}: seats are 0 to {self.players - 1}")
        return view(self.state, seat, MatchInfo(self.number, names=self.side_names()))

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
        return tuple(" & ".join(self.names[s] for s in seats) for seats in st.seats_of)

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
            low = min(st.result.totals)
            winners = tuple(i for i, t in enumerate(st.result.totals) if t == low)
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
