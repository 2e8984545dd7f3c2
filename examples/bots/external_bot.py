#!/usr/bin/env python3
"""A Golf bot as a separate program: a template to copy.

It speaks golf's bot protocol 1 (docs/bot-protocol.md): JSON objects, one
per line, read from standard input and written to standard output.  It uses
only the Python standard library and does not import golfcli, so it shows
everything a bot in any language has to do:

1. read ``hello`` (the variant as data, your seat, a seed) and answer
   ``{"type": "ready", "name": ...}``;
2. for every ``request`` answer ``{"id": ..., "action": ...}`` naming one of
   the request's ``legal`` actions (the object, or its index in the list);
3. ignore messages you do not need (``event``, ``hole_end``, ``game_end``);
4. stop on ``quit`` or when standard input closes.

Flush after every line.  Print nothing else on standard output; debugging
goes to standard error, which golf writes to the bot's log file.

Try it:  golf play -p human,"cmd:python3 examples/bots/external_bot.py"
Check it: golf check-bot "cmd:python3 examples/bots/external_bot.py"

The play is a simple greedy rule that knows card values from the
variant's ``values`` and column matches from its ``patterns``: keep a card
where it lowers the layout's estimated score (face-down cards counted at
UNKNOWN points), take the discard when it is low or makes a column match.
"""

import json
import random
import sys

UNKNOWN = 5.0  # what a face-down card is guessed to be worth
JOKER_NAMES = {"JK", "JO", "JOKER", "*"}


class Rules:
    """The few facts this bot reads from the variant data sent in hello."""

    def __init__(self, variant):
        values = variant.get("values", {})
        self.ranks = {self.rank_key(str(k)): v for k, v in values.get("ranks", {}).items()}
        self.cards = {str(k).upper(): v for k, v in (values.get("cards") or {}).items()}
        kinds = {p.get("kind") for p in variant.get("patterns", [])}
        self.column_pair = "column_pair" in kinds  # two equal cards in a column score 0
        self.full_column = "column" in kinds  # a whole column of equal cards scores 0
        self.rows = variant["grid"]["rows"]
        self.cols = variant["grid"]["cols"]

    @staticmethod
    def rank_key(text):
        text = text.upper()
        return "JOKER" if text in JOKER_NAMES else text

    @staticmethod
    def rank(card):
        """'10C' -> '10', 'KH' -> 'K', 'JK' -> 'JOKER'."""
        if card.upper() in JOKER_NAMES:
            return "JOKER"
        return card[:-1].upper() if card[-1].upper() in "CDHS" and len(card) > 1 else card.upper()

    def value(self, card):
        return self.cards.get(card.upper(), self.ranks.get(self.rank(card), 10))

    def estimate(self, cells):
        """Estimated score of a layout given as card strings, None = unknown."""
        total = 0.0
        for col in range(self.cols):
            column = [cells[r * self.cols + col] for r in range(self.rows)]
            ranks = [self.rank(c) if c else None for c in column]
            known = [c for c in column if c]
            matched = (
                len(known) == len(column)
                and len(set(ranks)) == 1
                and (self.full_column or (self.column_pair and self.rows == 2))
            )
            if matched:
                continue
            if self.column_pair and self.rows == 2 and len(known) == 2 and ranks[0] == ranks[1]:
                continue
            total += sum(self.value(c) if c else UNKNOWN for c in column)
        return total


class GreedyBot:
    def __init__(self, hello):
        self.rules = Rules(hello["variant"])
        self.rng = random.Random(hello.get("seed"))

    def my_cells(self, view):
        cells = list(view["layouts"][view["side"]])
        for pos, card in view["memory"].items():
            cells[int(pos)] = card
        return cells

    def best_place(self, cells, card):
        """(position, gain) where ``card`` lowers the estimate most."""
        now = self.rules.estimate(cells)
        best, gain = -1, float("-inf")
        for pos in range(len(cells)):
            trial = list(cells)
            trial[pos] = card
            g = now - self.rules.estimate(trial)
            if g > gain:
                best, gain = pos, g
        return best, gain

    def choose(self, view, legal):
        kinds = {a["kind"] for a in legal}
        cells = self.my_cells(view)
        if view["phase"] == "setup":
            return self.rng.choice(legal)
        if view["phase"] == "draw":
            if "knock" in kinds and None not in cells and self.rules.estimate(cells) <= 5:
                return {"kind": "knock"}
            if "draw_discard" in kinds and view["discard"]:
                top = view["discard"][-1]
                _, gain = self.best_place(cells, top)
                if gain > 0 and (self.rules.value(top) <= 4 or gain >= 5):
                    return {"kind": "draw_discard"}
            if "draw_stock" in kinds:
                return {"kind": "draw_stock"}
            return legal[0]
        if view["phase"] == "place":
            pos, gain = self.best_place(cells, view["drawn"])
            if gain > 0 or "discard" not in kinds:
                return {"kind": "swap", "pos": pos}
            return {"kind": "discard"}
        if view["phase"] == "flip":
            flips = [a for a in legal if a["kind"] == "flip"]
            return self.rng.choice(flips) if flips else legal[0]
        return legal[0]


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    bot = None
    for line in sys.stdin:
        if not line.strip():
            continue
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            bot = GreedyBot(msg)
            send({"type": "ready", "name": "example-greedy", "protocol": 1})
        elif kind == "request":
            send({"id": msg["id"], "action": bot.choose(msg["view"], msg["legal"])})
        elif kind == "quit":
            break
        # "event", "hole_end", "game_end": nothing to do for this bot


if __name__ == "__main__":
    main()
