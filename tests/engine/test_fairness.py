"""Fair play: no bot learns a hidden card, whatever it tries.

Two halves:

* **Twin deals through a real match.**  A hole is played by external bots
  whose pipes are tapped.  For each seat and a moment ``t`` of the hole,
  every card that seat has not been shown by ``t`` -- face-down cards, the
  stock, a reshuffled stock's order, another seat's peeks and draws -- is
  changed, in the deal *and in every reshuffle*, and the hole is played
  again with the same decisions.  The state and its event log really differ
  (the log is the dealt one, not patched), yet every view that seat was
  handed and every line written to its pipe up to ``t`` must be the same.
  A censor that let the reshuffled order through is caught (a mutation
  test below), which no test caught before.
* **A spy** (tests/fixtures/bots/spy_bot.py): an external program that brute-forces
  the seed from ``hello``, matches candidate deals against the cards it
  sees, and keeps a helper process alive to remember deals from one seat of
  a duplicate deal to the next.  With a secret key it learns nothing; with
  a known seed, or with a golf that left its helper running, the same spy
  does learn the deals -- so the attacks are real.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import golfcli.view
from golfcli import cards as C
from golfcli.actions import Action
from golfcli.bots import procs
from golfcli.bots.external import ExternalBot
from golfcli.cli.app import build_kind
from golfcli.events import Event
from golfcli.match import Match
from golfcli.record import load_record
from golfcli.state import HoleState
from golfcli.tournament.config import load_config
from golfcli.tournament.runner import run_plan
from golfcli.variant import Variant
from golfcli.variantload import builtin, load_variant
from golfcli.view import View

from ..helpers import TESTS

SPY = TESTS / "fixtures" / "bots" / "spy_bot.py"


# ---------------------------------------------------------------------- twin deals


class Cut(BaseException):
    """Stops the twin match once it is past the moment compared (not an
    Exception: the match must not take it for a bot fault)."""


class Rigged(random.Random):
    """A generator whose shuffles are given: the deal, then each reshuffle."""

    def __init__(self, orders: Sequence[Sequence[int]]) -> None:
        super().__init__(0)
        self.orders = [list(o) for o in orders]

    def shuffle(self, x: Any) -> None:  # type: ignore[override]
        if not self.orders:
            raise Cut  # a reshuffle after the moment compared
        order = self.orders.pop(0)
        assert sorted(order) == sorted(x), "a rigged shuffle must hold the same cards"
        x[:] = order


class RiggedMatch(Match):
    def __init__(self, *args: Any, orders: Sequence[Sequence[int]], **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.orders = orders

    def _hole_rng(self, number: int) -> random.Random:
        return Rigged(self.orders)


class Tap:
    """The bot's end of the pipe: keeps every line golf writes, stamped with
    the number of events in the hole at that moment, and answers with a
    decision drawn from its own generator (so equal requests, equal answers).
    The policy favours the stock and discarding, so stocks run out and get
    reshuffled."""

    def __init__(self, seed: int, cut_after: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.match: Match | None = None
        self.lines: list[tuple[int, str]] = []
        self.answers: list[str] = []
        self.cut_after = cut_after
        self.states: list[HoleState] = []  # the holes met, in order

    def stamp(self) -> int:
        """Events so far in the first hole; later holes (a playoff) count
        beyond every moment of the first."""
        st = self.match.state if self.match is not None else None
        if st is None:
            return 0
        if not any(s is st for s in self.states):
            self.states.append(st)
        later = next(i for i, s in enumerate(self.states) if s is st)
        return later * 10**6 + len(st.events)

    def send(self, line: str, timeout: float) -> None:
        stamp = self.stamp()
        if self.cut_after is not None and stamp > self.cut_after:
            raise Cut
        self.lines.append((stamp, line))
        if '"request"' not in line and '"hello"' not in line:
            return  # an event or a result: kept above, nothing to answer (and not parsed)
        msg = json.loads(line)
        if msg["type"] == "hello":
            self.answers.append('{"type": "ready", "protocol": 1}')
        elif msg["type"] == "request":
            kinds = [a["kind"] for a in msg["legal"]]
            pick = self.rng.randrange(len(kinds))
            for favourite in ("draw_stock", "discard", "pass"):
                if favourite in kinds and self.rng.random() < 0.85:
                    pick = kinds.index(favourite)
                    break
            self.answers.append(json.dumps({"id": msg["id"], "action": pick}))

    def receive(self, timeout: float) -> str:
        return self.answers.pop(0)

    def drain(self) -> list[str]:
        return []

    def close(self, grace: float) -> None:
        return None

    def exit_note(self) -> str:
        return "tap"


class TapBot(ExternalBot):
    """An external bot on a tap that also keeps the View objects it is handed."""

    def __init__(self, tap: Tap) -> None:
        super().__init__(["tap"], transport_factory=lambda: tap, time_limit=60.0)
        self.tap = tap
        self.views: list[tuple[int, View, tuple[Action, ...]]] = []

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        self.views.append((self.tap.stamp(), view, tuple(legal)))
        return super().choose(view, legal)


def play(
    variant: Variant,
    players: int,
    key: str,
    tap_seed: int,
    orders: Sequence[Sequence[int]] | None = None,
    cut_after: int | None = None,
) -> tuple[list[TapBot], list[Event]]:
    """One hole with tapped bots; the events of the hole (empty if cut)."""
    taps = [Tap(tap_seed * 10 + s, cut_after) for s in range(players)]
    bots = [TapBot(t) for t in taps]
    if orders is None:
        match: Match = Match(variant, bots, seed=key, holes=1, record=True)
    else:
        match = RiggedMatch(variant, bots, seed=key, holes=1, record=True, orders=orders)
    for t in taps:
        t.match = match
    try:
        result = match.play()
    except Cut:
        return bots, []
    assert all(sum(s.faults.values()) == 0 for s in result.stats)
    events = result.holes[0].events
    assert events is not None
    return bots, list(events)


def hidden_places(
    variant: Variant, players: int, events: Sequence[Event], seat: int, t: int
) -> dict[int, list[int]]:
    """Per shuffle (0 the deal, k the k-th reshuffle), the positions in its
    order whose card ``seat`` had not been shown after ``events[:t]``.

    Worked out by following every card from its place in a shuffle through
    the log, independently of golfcli.view: a card is shown to everyone when
    it is turned up, placed or discarded, and to one seat when that seat
    peeks at it, looks at it or draws it from the stock.
    """
    groups = variant.groups_for(players)
    side_of = [s % groups for s in range(players)]
    dealer, order = events[0].data
    first = (dealer + 1) % players
    stock = [(0, i) for i in range(len(order))]
    layouts = [[(0, 0)] * variant.cells for _ in range(groups)]
    for cell in range(variant.cells):
        for k in range(groups):
            layouts[(side_of[first] + k) % groups][cell] = stock.pop()
    discard = [stock.pop()]
    shown = {discard[0]}
    every = set(stock) | {c for lay in layouts for c in lay} | shown
    drawn = None
    shuffles = 0
    for ev in events[1:t]:
        k = ev.kind
        side = side_of[ev.seat] if ev.seat >= 0 else -1
        if k in ("reveal", "flip"):
            shown.add(layouts[side][ev.data[0]])
        elif k in ("peek", "look"):
            if ev.seat == seat:
                shown.add(layouts[side][ev.data[0]])
        elif k == "draw":
            if ev.data[0] == "stock":
                drawn = stock.pop()
                if ev.seat == seat:
                    shown.add(drawn)
            else:
                drawn = discard.pop()
        elif k == "swap":
            assert drawn is not None
            pos = ev.data[0]
            out = layouts[side][pos]
            layouts[side][pos] = drawn
            shown |= {drawn, out}
            discard.append(out)
            drawn = None
        elif k == "discard":
            assert drawn is not None
            shown.add(drawn)
            discard.append(drawn)
            drawn = None
        elif k in ("bunker", "approach"):
            a, b = ev.data
            layouts[side][a], layouts[side][b] = layouts[side][b], layouts[side][a]
        elif k == "reshuffle":
            shuffles += 1
            top = discard.pop()
            stock = [(shuffles, i) for i in range(len(ev.data[0]))]
            every |= set(stock)
            discard = [top]
        elif k == "end":
            shown |= {c for lay in layouts for c in lay}
    out: dict[int, list[int]] = {}
    for g, i in sorted(every - shown):
        out.setdefault(g, []).append(i)
    return out


def orders_of(events: Sequence[Event]) -> list[list[int]]:
    return [list(events[0].data[1])] + [list(e.data[0]) for e in events if e.kind == "reshuffle"]


def changed(
    orders: list[list[int]], hidden: dict[int, list[int]], t_shuffles: int
) -> list[list[int]]:
    """The orders with the hidden places' cards rotated among themselves,
    shuffle by shuffle (a seat knows which cards went into a reshuffle, not
    where each one lies); only the shuffles made before the moment."""
    out = [list(o) for o in orders[: t_shuffles + 1]]
    for g, places in hidden.items():
        cards = [out[g][i] for i in places]
        for i, c in zip(places, cards[1:] + cards[:1], strict=True):
            out[g][i] = c
    return out


def seen_until(bot: TapBot, t: int) -> tuple[list[str], list[tuple[View, tuple[Action, ...]]]]:
    lines = [line for stamp, line in bot.tap.lines if stamp <= t]
    views = [(v, legal) for stamp, v, legal in bot.views if stamp <= t]
    return lines, views


CASES: list[tuple[str, tuple[str, ...], int]] = [
    (
        "six-card",
        (
            "turn.flip_after_discard=optional",
            "start.reveal=1",
            "start.peek=1",
            "turn.look_again=true",
            "turn.bunker_shot=true",
            "end.turn_limit=40",
        ),
        2,
    ),
    ("alberta", ("end.turn_limit=20",), 4),
    ("four-card", ("end.turn_limit=25",), 3),
    ("duel", ("end.turn_limit=25",), 2),
]


# A hole as ``play`` gave it, with the Variant object it was played with (a
# View holds it, and views are compared with the twin's, played with the same).
Played = tuple[Variant, list[TapBot], list[Event]]


def twin_check(
    case: int, key: int, tap_seed: int, when: float, seat_pick: int, base: Played | None = None
) -> str | None:
    """Play a hole, change what one seat has not seen by a moment, play the
    twin: '' if that seat saw exactly the same, else what differed; None if
    there was nothing to change.  ``base``: the hole as ``play`` gave it for
    these arguments, played once already under the same censor."""
    name, sets, players = CASES[case]
    if base is None:
        variant = load_variant(name, list(sets))
        bots, events = play(variant, players, f"twin-{key}", tap_seed)
    else:
        variant, bots, events = base
    t = 1 + int(when * (len(events) - 1))
    seat = seat_pick % players
    hidden = hidden_places(variant, players, events, seat, t)
    shuffles = sum(1 for e in events[:t] if e.kind == "reshuffle")
    orders = changed(orders_of(events), hidden, shuffles)
    if orders == orders_of(events)[: shuffles + 1]:
        return None  # every hidden card is equal to the others: nothing to change
    twins, _ = play(variant, players, f"twin-{key}", tap_seed, orders=orders, cut_after=t)
    a_lines, a_views = seen_until(bots[seat], t)
    b_lines, b_views = seen_until(twins[seat], t)
    for i, (a, b) in enumerate(zip(a_lines, b_lines, strict=False)):
        if a != b:
            return f"seat {seat}, line {i} differs:\n{a}\n{b}"
    if len(a_lines) != len(b_lines):
        return f"seat {seat}: {len(a_lines)} lines, then {len(b_lines)}"
    if a_views != b_views:
        return f"seat {seat}: a view differs"
    return ""


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    case=st.integers(0, len(CASES) - 1),
    key=st.integers(0, 10**6),
    tap_seed=st.integers(0, 10**6),
    when=st.floats(0.0, 1.0),
    seat=st.integers(0, 5),
)
def test_cards_a_seat_was_not_shown_change_nothing_it_is_told(
    case: int, key: int, tap_seed: int, when: float, seat: int
) -> None:
    found = twin_check(case, key, tap_seed, when, seat)
    assume(found is not None)
    assert found == ""


def reshuffle_moments(
    holes: int = 10, keep: dict[int, Played] | None = None
) -> list[tuple[int, float]]:
    """(key and tap seed, moment) just after the last reshuffle, for the
    holes of the first case that have one; ``keep`` gets each such hole as
    played, for a twin_check under the same censor."""
    name, sets, players = CASES[0]
    variant = load_variant(name, list(sets))
    out = []
    for k in range(holes):
        bots, events = play(variant, players, f"twin-{k}", k)
        shuffles = [i for i, e in enumerate(events) if e.kind == "reshuffle"]
        if shuffles:
            out.append((k, min(1.0, (shuffles[-1] + 1) / (len(events) - 1))))
            if keep is not None:
                keep[k] = (variant, bots, events)
    return out


def test_after_a_reshuffle_the_new_stock_order_is_hidden_from_every_seat() -> None:
    played: dict[int, Played] = {}  # each hole played once, not once more per seat
    moments = reshuffle_moments(keep=played)
    assert len(moments) >= 3  # the stock does run out: reshuffled orders are compared
    for k, when in moments:
        for seat in (0, 1):
            assert twin_check(0, k, k, when, seat, played[k]) == ""


# Compiled callers (view, match) call censor directly, not through the module
# attribute a monkeypatch replaces: these two run on the pure build (.ci/run).
PATCHES_CENSOR = pytest.mark.skipif(
    build_kind() != "pure Python", reason="patches view.censor: runs on the pure build"
)


def leaky_censor(real: Callable[..., Event]) -> Callable[..., Event]:
    def censor(event: Event, seat: int) -> Event:
        if event.kind == "reshuffle":
            return event  # the mutation: the new stock's order goes out
        return real(event, seat)

    return censor


@PATCHES_CENSOR
def test_a_censor_that_leaks_the_reshuffled_order_is_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Mutation test: let the reshuffle's order through the one censoring
    function, and the twin check must see a seat told more than it may be."""
    moments = reshuffle_moments()
    monkeypatch.setattr(golfcli.view, "censor", leaky_censor(golfcli.view.censor))
    caught = sum("differs" in (twin_check(0, k, k, when, 0) or "") for k, when in moments)
    assert caught == len(moments) >= 3


@PATCHES_CENSOR
def test_a_censor_that_leaks_a_peek_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same for another seat's peek: the check is not blind to the rest."""
    real = golfcli.view.censor

    def leaky(event: Event, seat: int) -> Event:
        return event if event.kind == "peek" else real(event, seat)

    monkeypatch.setattr(golfcli.view, "censor", leaky)
    caught = sum("differs" in (twin_check(2, k, k, 0.5, 1) or "") for k in range(6))
    assert caught >= 3


# ---------------------------------------------------------------------- the spy


def spy_config(tmp_path: Path, report: Path, tag: str, seed: int | None) -> Path:
    """Spy and greedy, duplicate deals: the spy plays every deal from both seats."""
    cfg = tmp_path / "spy.yaml"
    command = json.dumps([sys.executable, str(SPY), str(report), tag, "12"])
    cfg.write_text(
        "name: spy\n"
        "variant: six-card\n"
        "holes: 1\n"
        "games: 2\n"
        "duplicate: true\n"
        "workers: 1\n"
        "record_events: true\n"
        + (f"seed: {seed}\n" if seed is not None else "")
        + "time_limit: 20\n"
        + "players:\n"
        + f"  - {{name: spy, command: {command}}}\n"
        + "  - {name: bob, bot: greedy}\n",
        encoding="utf-8",
    )
    return cfg


def dealt_layouts(out: Path, games: int) -> list[list[list[str]]]:
    """Every game's hole-1 layouts as dealt, read back from the run's event logs."""
    deals = []
    for i in range(games):
        rec = load_record(out / "events" / f"game-{i:06d}.jsonl")
        first = rec.holes[0].state.events[0]
        dealer, order = first.data
        st = HoleState(builtin("six-card"), 2, dealer, order=order)
        deals.append([[C.card_str(c) for c in lay] for lay in st.layouts])
    return deals


def run_spy(tmp_path: Path, seed: int | None) -> tuple[list[dict[str, Any]], list[Any]]:
    report = tmp_path / "report.jsonl"
    report.touch()
    cfg = spy_config(tmp_path, report, tmp_path.name, seed)
    out = tmp_path / "run"
    result = run_plan(load_config(cfg), out)
    assert result.stopped is None, result.message
    lines = [json.loads(x) for x in report.read_text(encoding="utf-8").splitlines()]
    return lines, dealt_layouts(out, result.plan.total)


def learned(lines: list[dict[str, Any]], deals: list[Any], attack: str) -> int:
    """How many of the spy's claims under ``attack`` were a real deal."""
    return sum(
        1 for x in lines if x["attack"] == attack and "layouts" in x and x["layouts"] in deals
    )


def tried(lines: list[dict[str, Any]], attack: str) -> int:
    return sum(x.get("tried", 0) for x in lines if x["attack"] == attack)


pytestmark_linux = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the spy's helper uses an abstract socket"
)


@pytestmark_linux
def test_the_spy_learns_nothing_from_a_secret_key(tmp_path: Path) -> None:
    lines, deals = run_spy(tmp_path, seed=None)
    assert tried(lines, "hello-seed") > 100 and tried(lines, "visible-cards") > 100
    assert any(x["attack"] == "memory" for x in lines)
    for attack in ("hello-seed", "visible-cards", "memory"):
        assert learned(lines, deals, attack) == 0, attack


@pytestmark_linux
def test_the_spy_does_learn_a_known_seeds_deals(tmp_path: Path) -> None:
    """Control: with a small seed it can search, the same spy knows every
    deal from its hello seed and from the cards it sees (which is why the
    docs say a known seed means known deals)."""
    lines, deals = run_spy(tmp_path, seed=7)
    assert learned(lines, deals, "hello-seed") >= 2
    assert learned(lines, deals, "visible-cards") >= 2


@pytestmark_linux
def test_the_spy_remembers_a_deal_only_if_its_helper_outlives_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Control for the memory attack: a golf that ends only the bot's own
    process (as golf did) lets the helper carry the first seat's deal into
    the second seat's game; the real golf leaves it nothing to carry."""

    def end_only_the_bot(root: int | None, mark: str, grace: float = 0.2, **kw: Any) -> int:
        return _kill_root(root)

    monkeypatch.setattr(procs, "end", end_only_the_bot)
    try:
        lines, deals = run_spy(tmp_path, seed=None)
    finally:
        monkeypatch.undo()
        procs.end_run()  # the helper the weakened golf left behind
    assert learned(lines, deals, "memory") >= 1
    assert learned(lines, deals, "hello-seed") == learned(lines, deals, "visible-cards") == 0


def _kill_root(root: int | None) -> int:
    if root is not None:
        try:
            os.kill(root, signal.SIGKILL)
        except ProcessLookupError:
            return 0
    return 1
