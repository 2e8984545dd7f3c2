"""A second, deliberately simple statement of which actions are legal.

The engine (golfcli/state.py) is built for speed: bit masks, cached action
tuples, a verify/can/do trio per action.  This module restates the same rules
of a hole (docs/rules.md §§3-6) the slow and obvious way, without importing the
engine: plain sets and counters, one function per phase.  It knows no cards:
which actions are legal never depends on a card's identity, only on which
cards are face up, remembered, how many are in the stock and discard pile,
and who has gone out.

Used as chess engines use *perft*: counts of legal actions along seeded random
playouts are computed here once and kept in tests/perft.json; the engine must
reproduce them (tests/engine/test_perft.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from golfcli.variant import Variant

# An action as (kind, pos, pos2), -1 where unused: comparable and sortable.
Move = tuple[str, int, int]


@dataclass
class RefHole:
    """The bookkeeping a referee at the table keeps, and nothing else."""

    v: Variant
    players: int
    dealer: int
    groups: int = 0
    n: int = 0
    phase: str = "setup"
    current: int = 0
    up: list[set[int]] = field(default_factory=list)  # per side: face-up cells
    memory: list[set[int]] = field(default_factory=list)  # per seat: own cells seen face down
    setup: list[list[object]] = field(default_factory=list)  # [seat, "reveal"/"peek", count]
    stock: int = 0  # cards in the stock
    discard: int = 1  # cards in the discard pile
    drawn_from: str = ""
    closer: int | None = None  # side that went out or knocked
    final_left: list[int] | None = None  # seats still owed their last turn
    turns_played: int = 0

    def __post_init__(self) -> None:
        v, p = self.v, self.players
        # partners (docs/rules.md §3): a listed player count plays in groups
        self.groups = p // v.partners.group_size if p in v.partners.player_counts else p
        self.n = v.rows * v.cols
        self.up = [set() for _ in range(self.groups)]
        self.memory = [set() for _ in range(p)]
        deck = v.packs_for(p) * (52 + v.jokers_per_pack)
        self.stock = deck - self.groups * self.n - 1  # one card starts the discard pile
        first = (self.dealer + 1) % p
        # each side's start cards are chosen by its first seat in play order
        done: set[int] = set()
        for k in range(p):
            seat = (first + k) % p
            if self.side(seat) in done:
                continue
            done.add(self.side(seat))
            reveal = min(self.n, v.start.reveal)
            peek = min(self.n - reveal, v.start.peek)
            if reveal:
                self.setup.append([seat, "reveal", reveal])
            if peek:
                self.setup.append([seat, "peek", peek])
        self.current = first
        if self.setup:
            self.current = int(self.setup[0][0])  # type: ignore[call-overload]
        else:
            self.begin_turn()

    # ------------------------------------------------------------- helpers

    def side(self, seat: int) -> int:
        return seat % self.groups

    def down(self) -> list[int]:
        return [p for p in range(self.n) if p not in self.up[self.side(self.current)]]

    # ------------------------------------------------------------- legal moves

    def legal(self) -> list[Move]:
        if self.phase == "over":
            return []
        if self.phase == "setup":
            kind = str(self.setup[0][1])
            seen = self.up[self.side(self.current)] | self.memory[self.current]
            return sorted((kind, p, -1) for p in range(self.n) if p not in seen)
        if self.phase == "place":
            moves = [("swap", p, -1) for p in range(self.n)]
            if self.drawn_from == "stock":  # a discard-pile card must be kept
                moves.append(("discard", -1, -1))
            return sorted(moves)
        if self.phase == "flip":
            moves = [("flip", p, -1) for p in self.down()]
            if self.v.turn.flip_after_discard == "optional":
                moves.append(("pass", -1, -1))
            return sorted(moves)
        t = self.v.turn
        moves = []
        if "stock" in t.draw_from and self.stock:
            moves.append(("draw_stock", -1, -1))
        frozen = self.closer is not None and self.v.end.frozen_discard
        if "discard" in t.draw_from and self.discard and not frozen:
            moves.append(("draw_discard", -1, -1))
        limit = t.knock_max_face_down  # a knock needs at most this many cards face down
        if t.knock and self.closer is None and (limit is None or len(self.down()) <= limit):
            moves.append(("knock", -1, -1))
        if t.flip_instead_of_draw:
            moves += [("flip", p, -1) for p in self.down()]
        if t.look_again:
            moves += [("look", p, -1) for p in self.down()]
        cols = self.v.cols
        for a in sorted(self.up[self.side(self.current)]):
            for b in range(self.n):
                if t.bunker_shot and abs(a % cols - b % cols) == 1:
                    moves.append(("bunker", a, b))
                if t.approach_shot and a // cols == b // cols and a != b:
                    moves.append(("approach", a, b))
        return sorted(moves)

    # ------------------------------------------------------------- doing them

    def do(self, move: Move) -> None:
        kind, pos, _ = move
        seat, side = self.current, self.side(self.current)
        if kind in ("reveal", "peek"):
            (self.up[side] if kind == "reveal" else self.memory[seat]).add(pos)
            self.setup[0][2] = int(self.setup[0][2]) - 1  # type: ignore[call-overload]
            if self.setup[0][2] == 0:
                self.setup.pop(0)
            if self.setup:
                self.current = int(self.setup[0][0])  # type: ignore[call-overload]
            else:
                self.current = (self.dealer + 1) % self.players
                self.begin_turn()
        elif kind == "draw_stock":
            self.stock -= 1
            self.phase, self.drawn_from = "place", "stock"
        elif kind == "draw_discard":
            self.discard -= 1
            self.phase, self.drawn_from = "place", "discard"
        elif kind == "swap":
            self.up[side].add(pos)
            for s in range(self.players):  # nobody remembers a face-down card there now
                if self.side(s) == side:
                    self.memory[s].discard(pos)
            self.discard += 1
            self.end_turn()
        elif kind == "discard":
            self.discard += 1
            mode = self.v.turn.flip_after_discard
            end_only = self.v.turn.flip_after_discard_phase == "end_phase"
            # the flip waits until some side has at most this many cards face down
            wait_for = self.v.turn.flip_after_discard_max_face_down
            fewest = min(self.n - len(up) for up in self.up)
            waiting = wait_for is not None and fewest > wait_for
            if mode == "never" or (end_only and self.closer is None) or not self.down() or waiting:
                self.end_turn()
            else:
                self.phase = "flip"
        elif kind == "flip":
            self.up[side].add(pos)
            self.end_turn()
        elif kind == "look":
            self.memory[seat].add(pos)
            self.end_turn()
        elif kind in ("pass", "knock"):
            self.end_turn(knocked=kind == "knock")
        elif kind in ("bunker", "approach"):
            a, b = pos, move[2]
            up = self.up[side]
            if (a in up) != (b in up):  # the face-up card moves, the face-down one too
                up ^= {a, b}
            for s in range(self.players):
                if self.side(s) == side:
                    mem = self.memory[s]
                    if (a in mem) != (b in mem):
                        mem ^= {a, b}
            self.end_turn()
        else:
            raise ValueError(kind)

    def end_turn(self, knocked: bool = False) -> None:
        seat, side = self.current, self.side(self.current)
        self.turns_played += 1
        if self.final_left is not None:
            if seat in self.final_left:
                self.final_left.remove(seat)
            if not self.final_left:
                self.phase = "over"
                return
        else:
            out = self.v.end.all_face_up and len(self.up[side]) == self.n
            if knocked or (out and self.closer is None):
                self.closer = side
                others = [(seat + k) % self.players for k in range(1, self.players)]
                if self.v.end.final_turns == "none" or not others:
                    self.phase = "over"
                    return
                self.final_left = others
        if self.turns_played >= self.v.end.turn_limit * self.players:
            self.phase = "over"
            return
        self.current = (seat + 1) % self.players
        self.begin_turn()

    def begin_turn(self) -> None:
        self.phase, self.drawn_from = "draw", ""
        if not self.stock and self.v.end.stock_empty == "reshuffle" and self.discard > 1:
            self.stock, self.discard = self.discard - 1, 1  # the top discard stays
        if not self.stock:
            self.phase = "over"


def pick(moves: list[Move], rng: random.Random) -> Move:
    """The playouts' choice: uniform over the sorted legal moves."""
    return sorted(moves)[int(rng.random() * len(moves))]


def playout_counts(v: Variant, players: int, seed: int, steps: int) -> list[int]:
    """Legal-move counts along a seeded random playout, by the reference alone."""
    hole = RefHole(v, players, dealer=seed % players)
    rng = random.Random(seed)
    counts = []
    for _ in range(steps):
        moves = hole.legal()
        counts.append(len(moves))
        if not moves:
            break
        hole.do(pick(moves, rng))
    return counts
