"""A hostile external bot that tries to learn hidden cards, for tests/test_fairness.py.

Usage: spy_bot.py REPORT TAG SEEDS

It plays the first legal action and tries three attacks, writing one JSON
line to REPORT for every attack it tries and every deal it claims to know
(``{"attack": ..., "seat": ..., "layouts": [[card, ...], ...]}``: the
layouts as dealt, every side's cards by position):

* ``hello-seed``: brute force.  For every tournament seed below SEEDS and
  the first deals and games, it derives the match key as golf does
  (golfcli.keys), then the bot seed it would have been given, and compares
  with ``hello.seed``; a hit gives the match key, hence the deal.
* ``visible-cards``: the same candidates, matched against the cards it sees
  (the face-up start cards and the first discard) instead of its seed.
* ``memory``: a helper process (double-forked, in a session of its own, so
  that neither the group nor the parent links lead to it) keeps every deal
  the spy saw at the end of a hole, in memory only, behind an abstract unix
  socket named after TAG; in the next game (another seat of the same deal,
  in duplicate mode) the spy asks it for a deal that fits what it sees.

Golf must defeat all three: a secret key leaves nothing to search, and the
helper is ended with the game that started it.  The tests also run each
attack where it should work (a known seed; a golf that leaves the helper
alive) to show the spy is not toothless.
"""

from __future__ import annotations

import json
import os
import socket
import sys
import time
from typing import Any

from golfcli import cards as C
from golfcli.bots.external import derived_seed
from golfcli.keys import KeyedRandom, bot_seed, derive, key_from_seed
from golfcli.state import HoleState
from golfcli.variantload import builtin

REPORT, TAG, SEEDS = sys.argv[1], sys.argv[2], int(sys.argv[3])
ADDRESS = f"\0golf-spy-{TAG}"


def log(obj: dict[str, Any]) -> None:
    with open(REPORT, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(obj) + "\n")


def send(obj: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


# ---------------------------------------------------------------------- the memory helper


def ask(request: str) -> str | None:
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(2)
            s.connect(ADDRESS)
            s.sendall(request.encode() + b"\n")
            s.shutdown(socket.SHUT_WR)
            data = b""
            while chunk := s.recv(65536):
                data += chunk
            return data.decode()
    except OSError:
        return None


def start_helper() -> None:
    """A helper nobody can trace back to the spy, except by its environment."""
    if os.fork() != 0:
        os.wait()
        return
    os.setsid()
    if os.fork() != 0:
        os._exit(0)
    for fd in (0, 1):  # not the bot's pipes
        os.close(fd)
        os.open(os.devnull, os.O_RDWR)
    stored: list[str] = []
    try:
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(ADDRESS)
    except OSError:
        os._exit(0)  # another helper holds the name
    server.listen(8)
    server.settimeout(60)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            conn, _ = server.accept()
        except OSError:
            break
        with conn:
            data = b""
            while chunk := conn.recv(65536):
                data += chunk
            text = data.decode().strip()
            if text.startswith("PUT "):
                stored.append(text[4:])
            elif text == "GET":
                conn.sendall(json.dumps(stored).encode())
    os._exit(0)


# ---------------------------------------------------------------------- deals


def dealt(match_key: str, variant_name: str, players: int) -> tuple[list[list[str]], str]:
    """Hole 1's layouts and first discard as golf deals them from a match key."""
    st = HoleState(builtin(variant_name), players, 0, KeyedRandom(derive(match_key, "hole:1")))
    return [[C.card_str(c) for c in lay] for lay in st.layouts], C.card_str(st.discard[0])


def candidates(name: str) -> list[tuple[str, str]]:
    """(label, match key) for every seed below SEEDS and the first deals and games."""
    out = []
    for s in range(SEEDS):
        key = key_from_seed(s)
        for d in range(4):
            out.append((f"seed {s} deal {d}", derive(key, f"deal:{d}")))
        for g in range(8):
            out.append((f"seed {s} game {g}", derive(key, f"game:{g}")))
    return out


def fits(layouts: list[list[str]], discard0: str, view: dict[str, Any], first: str) -> bool:
    """Do the first discard and the face-up cards still where they were dealt match?"""
    if first != discard0:
        return False
    side_of = view["side_of"]
    moved = set()
    for e in view["history"]:
        if e["kind"] == "swap":
            moved.add((side_of[e["seat"]], e["pos"]))
        elif e["kind"] in ("bunker", "approach"):
            moved |= {(side_of[e["seat"]], e["pos"]), (side_of[e["seat"]], e["pos2"])}
    shown = 0
    for side, lay in enumerate(view["layouts"]):
        for pos, card in enumerate(lay):
            if card is not None and (side, pos) not in moved:
                shown += 1
                if layouts[side][pos] != card:
                    return False
    return shown >= 2


# ---------------------------------------------------------------------- the bot


class Spy:
    def __init__(self) -> None:
        self.hello: dict[str, Any] = {}
        self.variant = ""
        self.tried_seed = False
        self.tried_visible = False
        self.tried_memory = False
        self.original: dict[tuple[int, int], str] = {}  # (side, pos) -> card as dealt
        self.moved: set[tuple[int, int]] = set()
        if ask("GET") is None:
            start_helper()

    def on_hello(self, msg: dict[str, Any]) -> None:
        self.hello = msg
        self.variant = msg["variant"]["name"]

    def claim(self, attack: str, layouts: list[list[str]], how: str) -> None:
        log({"attack": attack, "seat": self.hello["seat"], "layouts": layouts, "how": how})

    def attack_seed(self) -> None:
        self.tried_seed = True
        me = self.hello["names"][self.hello["seat"]]
        tried = 0
        for label, mk in candidates(me):
            tried += 1
            if derived_seed(bot_seed(mk, me)) == self.hello["seed"]:
                layouts, _ = dealt(mk, self.variant, self.hello["players"])
                self.claim("hello-seed", layouts, label)
        log({"attack": "hello-seed", "tried": tried})

    def attack_visible(self, view: dict[str, Any], first: str) -> None:
        self.tried_visible = True
        tried = 0
        for label, mk in candidates(""):
            tried += 1
            layouts, discard0 = dealt(mk, self.variant, self.hello["players"])
            if fits(layouts, discard0, view, first):
                self.claim("visible-cards", layouts, label)
        log({"attack": "visible-cards", "tried": tried})

    def attack_memory(self, view: dict[str, Any], first: str) -> None:
        self.tried_memory = True
        answer = ask("GET")
        stored = json.loads(answer) if answer else []
        for text in stored:
            deal = json.loads(text)
            if fits(deal["layouts"], deal["discard0"], view, first):
                self.claim("memory", deal["layouts"], "remembered")
        log({"attack": "memory", "tried": len(stored), "helper": answer is not None})

    def on_request(self, msg: dict[str, Any], first: str) -> None:
        """Attack at the first decision after the start cards are turned up."""
        view = msg["view"]
        if not self.tried_seed and self.hello.get("seed") is not None:
            self.attack_seed()
        if view["hole"] == 1 and view["phase"] != "setup" and not self.tried_visible:
            self.attack_visible(view, first)
            self.attack_memory(view, first)

    def on_event(self, ev: dict[str, Any]) -> None:
        """Track each position's card as dealt, for the helper to remember."""
        kind = ev["kind"]
        if kind == "deal":
            self.original.clear()
            self.moved.clear()
            return
        side_of = self.hello["side_of"]
        if kind in ("reveal", "peek", "look", "flip") and ev["card"] is not None:
            where = (side_of[ev["seat"]], ev["pos"])
            if where not in self.moved:
                self.original.setdefault(where, ev["card"])
        elif kind == "swap":
            where = (side_of[ev["seat"]], ev["pos"])
            if where not in self.moved:
                self.original.setdefault(where, ev["replaced"])
            self.moved.add(where)
        elif kind in ("bunker", "approach"):
            side = side_of[ev["seat"]]
            self.moved.update({(side, ev["pos"]), (side, ev["pos2"])})

    def on_hole_end(self, msg: dict[str, Any], first_discard: str) -> None:
        layouts = [list(lay) for lay in msg["layouts"]]
        for side, lay in enumerate(layouts):
            for pos in range(len(lay)):
                if (side, pos) in self.moved:
                    lay[pos] = self.original.get((side, pos), "?")
        if msg["hole"] == 1 and first_discard:
            ask("PUT " + json.dumps({"layouts": layouts, "discard0": first_discard}))


def main() -> None:
    spy = Spy()
    first_discard = ""
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "hello":
            spy.on_hello(msg)
            send({"type": "ready", "name": "spy", "protocol": 1})
        elif kind == "request":
            if msg["view"]["hole"] == 1 and not first_discard and msg["view"]["discard"]:
                first_discard = msg["view"]["discard"][0]
            spy.on_request(msg, first_discard)
            send({"id": msg["id"], "action": 0})
        elif kind == "event":
            spy.on_event(msg["event"])
        elif kind == "hole_end":
            spy.on_hole_end(msg, first_discard)
        elif kind == "quit":
            break


if __name__ == "__main__":
    main()
