#!/usr/bin/env python3
"""The peer engine's own in-process loops: the references scripts/bench.py measures golf against.

The peer is the public golfgame project (adlee-was-taken/golfgame on GitHub:
a six-card Golf web game whose ``server/`` folder holds its engine,
``game.py``, and its CPU players, ``ai.py``).  Nothing of it is part of
golf: set ``GOLFGAME_SERVER`` to a checkout's ``server/`` folder, as for
scripts/golfgame_bot.py.  bench.py runs this file in a fresh process (the
peer's modules are called ``game`` and ``ai``, and its deck reseeds
Python's global generator), which prints one JSON line:

    python scripts/peer.py random 20000   # uniform random play, one-hole games
    python scripts/peer.py ai 1000        # its CPU players, through its own loop

``random``: one-hole two-player games on the peer's ``Game`` driven the way
its simulator drives it (``start_game``, the two start flips, then
``draw_card``, ``swap_card`` or ``discard_drawn`` and ``flip_and_end_turn``
until the round is over), every choice uniform among the moves the rules
allow, as golf's ``random`` bot makes them: golf's six-card and the peer's
``flip_mode="always"`` are the same rules (the flip after a discard is
required while a card is face down).

``ai``: the peer's ``simulate.run_game``, unchanged (its decision log and
mistake counters included: that is how its own loop plays), two CPU
personalities a game, the eight taken in turn, on the same rules.

Only the loop is timed (CPU and wall), not the imports: it is the peer's
in-process rate.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import sys
import time
from typing import Any


def server() -> str | None:
    """The peer's ``server/`` folder, or None when ``GOLFGAME_SERVER`` does not name one."""
    path = os.environ.get("GOLFGAME_SERVER", "")
    if path and os.path.isfile(os.path.join(path, "game.py")):
        return path
    return None


def random_games(games: int, seed: int = 1) -> int:
    """``games`` one-hole games of uniform random play; returns the turns played."""
    from game import Game, GameOptions, GamePhase, Player

    options = GameOptions(initial_flips=2, flip_mode="always")
    rng = random.Random(seed)  # the peer's deck reseeds the global generator
    going = (GamePhase.PLAYING, GamePhase.FINAL_TURN)
    turns = 0
    for _ in range(games):
        game = Game()
        for k in range(2):
            game.add_player(Player(id=f"p{k}", name=f"p{k}"))
        game.start_game(num_decks=1, num_rounds=1, options=options)
        for player in game.players:
            game.flip_initial_cards(player.id, rng.sample(range(6), 2))
        for _turn in range(200):  # the simulator's safety limit
            if game.phase not in going:
                break
            me = game.current_player()
            source = "discard" if game.discard_pile and rng.random() < 0.5 else "deck"
            if game.draw_card(me.id, source) is None:
                break
            turns += 1
            choice = int(rng.random() * (6 if game.drawn_from_discard else 7))
            if choice < 6:
                game.swap_card(me.id, choice)
                continue
            game.discard_drawn(me.id)
            down = [i for i, c in enumerate(me.cards) if not c.face_up]
            if down and game.flip_on_discard:
                game.flip_and_end_turn(me.id, down[int(rng.random() * len(down))])
    return turns


def ai_games(games: int) -> int:
    """``games`` one-hole games of the peer's CPU players through its own
    ``simulate.run_game``; returns the turns played."""
    import simulate
    from game import GameOptions, Player

    options = GameOptions(initial_flips=2, flip_mode="always")
    profiles = simulate.CPU_PROFILES
    stats = simulate.SimulationStats()
    with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet):
        for i in range(games):
            a, b = profiles[i % len(profiles)], profiles[(i + 3) % len(profiles)]
            seats = [(Player(id="a", name=a.name), a), (Player(id="b", name=b.name), b)]
            simulate.run_game(seats, options, stats)
    return int(stats.total_turns)


def main() -> int:
    kind, games = sys.argv[1], int(sys.argv[2])
    path = server()
    if path is None:
        print("GOLFGAME_SERVER does not name the peer's server/ folder", file=sys.stderr)
        return 2
    sys.path.insert(0, path)
    run: Any = {"random": random_games, "ai": ai_games}[kind]
    run(min(games, 50))  # warm up: imports, first allocations
    wall, cpu = time.perf_counter(), time.process_time()
    turns = run(games)
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    print(json.dumps({"holes": games, "cpu_s": cpu, "wall_s": wall, "turns": turns}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
