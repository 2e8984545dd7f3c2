"""A held-out opponent from outside: the CPU players of the public golfgame
project (adlee-was-taken/golfgame on GitHub: a six-card Golf web game with
eight CPU personalities) as a golf bot file.  Optional, and for measuring
only: no golf bot is ever tuned against it.

It needs a checkout of that project elsewhere (nothing of it is part of
golf): set ``GOLFGAME_SERVER`` to its ``server/`` folder, whose ``ai.py``
and ``game.py`` are imported from there.  Then, e.g.::

    GOLFGAME_SERVER=~/src/golfgame/server \\
      python scripts/ladder.py --field --styles golfgame:Maya,golfgame:Sofia --raw gg.jsonl

or as any bot file: ``scripts/golfgame_bot.py?profile=Kenji``.

At every decision the adapter builds that project's game objects from the
seat's view: face-up cards as they are, our remembered cards as they are,
and every other face-down card dealt at random from the unseen cards (with
this bot's generator: the personalities read only face-up cards, so the
filling only keeps their objects complete, and it cannot leak anything the
view does not show).  It then asks the personality the questions its own
game loop asks (take the discard? swap where, or discard? which card to
flip?), with the same fallback when a card taken from the discard pile must
be placed.  Their code draws from Python's global generator; the adapter
lends it this bot's generator for the call and restores it, so a seed gives
the same play.  The project's standard rules match six-card without the
flip after a discard (``six-card-no-flip`` in scripts/ladder.py); on golf's
six-card the flip after a discard is asked of the personality too.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Sequence
from typing import Any

from golfcli.actions import Action
from golfcli.bots import BotSpecError
from golfcli.view import View

_server = os.environ.get("GOLFGAME_SERVER", "")
if not _server or not os.path.isfile(os.path.join(_server, "ai.py")):
    raise ImportError(
        "scripts/golfgame_bot.py needs GOLFGAME_SERVER set to a golfgame checkout's server/ "
        f"folder (with ai.py), not {_server!r}"
    )
if _server not in sys.path:
    sys.path.insert(0, _server)
import ai as _ai  # noqa: E402  (the other project's modules, from GOLFGAME_SERVER)
import game as _g  # noqa: E402

_RANKS = {
    0: _g.Rank.JOKER,
    1: _g.Rank.ACE,
    2: _g.Rank.TWO,
    3: _g.Rank.THREE,
    4: _g.Rank.FOUR,
    5: _g.Rank.FIVE,
    6: _g.Rank.SIX,
    7: _g.Rank.SEVEN,
    8: _g.Rank.EIGHT,
    9: _g.Rank.NINE,
    10: _g.Rank.TEN,
    11: _g.Rank.JACK,
    12: _g.Rank.QUEEN,
    13: _g.Rank.KING,
}
_SUITS = [_g.Suit.CLUBS, _g.Suit.DIAMONDS, _g.Suit.HEARTS, _g.Suit.SPADES, _g.Suit.HEARTS]
PROFILES = {p.name: p for p in _ai.CPU_PROFILES}


def _card(card: int, face_up: bool) -> Any:
    return _g.Card(_SUITS[card & 7], _RANKS[card >> 3], face_up=face_up)


class Bot:
    """One golfgame personality (``profile``: Sofia, Maya, Priya, Marcus,
    Kenji, Diego, River or Sage)."""

    wants_view = True

    def __init__(self, seed: int | str | None = None, profile: str = "Maya") -> None:
        if profile not in PROFILES:
            raise BotSpecError(f"unknown profile {profile!r}: use one of {', '.join(PROFILES)}")
        self.profile = PROFILES[profile]
        self.name = f"golfgame:{profile}"
        self.rng = random.Random(seed)
        self.flips: list[int] = []

    def seed(self, seed: int | str) -> None:
        self.rng.seed(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        saved = random.getstate()
        random.setstate(self.rng.getstate())
        try:
            action = self._choose(view, legal)
        finally:
            self.rng.setstate(random.getstate())
            random.setstate(saved)
        return action if action in legal else legal[0]

    def _game(self, view: View) -> tuple[Any, Any]:
        pool = view.unseen_cards()
        self.rng.shuffle(pool)
        never = view.variant.turn.flip_after_discard == "never"
        game = _g.Game(
            options=_g.GameOptions(initial_flips=2, flip_mode="never" if never else "always")
        )
        known = view.known_layout()
        for side, lay in enumerate(view.layouts):
            player = _g.Player(id=f"p{side}", name=f"p{side}")
            for pos, card in enumerate(lay):
                if card is not None:
                    player.cards.append(_card(card, True))
                else:
                    mine = known[pos] if side == view.side else None
                    player.cards.append(_card(mine if mine is not None else pool.pop(), False))
            game.players.append(player)
        game.discard_pile = [_card(c, True) for c in view.discard]
        game.current_player_index = view.current
        game.phase = _g.GamePhase.FINAL_TURN if view.closer is not None else _g.GamePhase.PLAYING
        game.num_rounds = 1
        if view.drawn is not None:
            game.drawn_card = _card(view.drawn, True)
            game.drawn_from_discard = view.drawn_from == "discard"
        return game, game.players[view.side]

    def _choose(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        brain = _ai.GolfAI
        if view.phase == "setup":  # it picks both start cards at once
            if not any(Action("reveal", p) in legal for p in self.flips):
                self.flips = list(brain.choose_initial_flips(2))
            return next(
                (Action("reveal", p) for p in self.flips if Action("reveal", p) in legal), legal[0]
            )
        game, me = self._game(view)
        if view.phase == "draw":
            take = brain.should_take_discard(game.discard_top(), me, self.profile, game)
            return Action("draw_discard") if take else Action("draw_stock")
        if view.phase == "place":
            drawn = game.drawn_card
            pos = brain.choose_swap_or_discard(drawn, me, self.profile, game)
            if pos is None and game.drawn_from_discard:  # its game loop's fallback: must place it
                down = _ai.hidden_positions(me)
                if down:
                    pos = random.choice(
                        _ai.filter_bad_pair_positions(down, drawn, me, game.options)
                    )
                else:
                    pos = max(range(len(me.cards)), key=lambda i: self._worth(me, i, game))
            return Action("discard") if pos is None else Action("swap", pos)
        if view.phase == "flip":
            return Action("flip", brain.choose_flip_after_discard(me, self.profile))
        return legal[0]

    @staticmethod
    def _worth(me: Any, i: int, game: Any) -> int:
        """What replacing card ``i`` of a face-up layout gives up (a paired
        card is worth minus its partner)."""
        card, partner = me.cards[i], me.cards[(i + 3) % 6]
        value = _ai.get_ai_card_value
        if card.rank == partner.rank:
            return -value(partner, game.options)
        return value(card, game.options)
