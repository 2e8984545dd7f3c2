"""A bot learns only what its seat may see.

In-process bots get a frozen :class:`~golfcli.view.View`; external bots get
``View.to_json()`` and censored events through a pipe.  Python cannot
sandbox code running in our own process (a bot may always import ``gc`` or
walk stack frames), so the promise is precise: nothing reachable through
the *data* golf hands a bot -- the view, the legal actions, the hook
arguments -- holds a card the seat may not know, and a bot that must not be
trusted runs as an external program, which gets only the pipe.

The proof is by difference, not by listing fields: two holes that differ
only in cards hidden from a seat must give that seat identical views,
identical ``to_json()`` and an identical object graph (walked attribute by
attribute, container by container), while the states really differ.  The
pipe is checked by reading every line ExternalBot writes.
"""

from __future__ import annotations

import dataclasses
import json
import random
import types
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

import pytest

from golfcli import cards as C
from golfcli.actions import Action
from golfcli.bots.external import ExternalBot
from golfcli.bots.registry import make_bot
from golfcli.keys import KeyedRandom, derive
from golfcli.match import Match
from golfcli.state import HoleState
from golfcli.variant import Variant
from golfcli.variantload import builtin
from golfcli.view import event_json, view

# ---------------------------------------------------------------------- walking the graph

_ATOMS = (int, float, complex, str, bytes, bool, type(None))
_CODE = (
    types.ModuleType,
    type,
    types.BuiltinFunctionType,
    types.MethodDescriptorType,
    types.WrapperDescriptorType,
    types.MethodWrapperType,
)


def walk(root: Any) -> Iterator[tuple[str, Any]]:
    """Every object reachable from ``root`` through data, as (path, leaf-or-type).

    Containers, attributes (``__dict__`` and ``__slots__``), dataclass
    fields, bound methods' ``__self__`` and functions' closures and
    defaults are followed; modules and classes (code, shared by everyone)
    are not.  An object seen before yields a back-reference to its first
    path, so two graphs compare equal only if they have the same shape.
    """
    seen: dict[int, str] = {}
    keep: list[Any] = []  # hold objects so ids stay unique during the walk
    stack: list[tuple[str, Any]] = [("view", root)]
    while stack:
        path, obj = stack.pop()
        if isinstance(obj, _ATOMS):
            yield path, obj
            continue
        if isinstance(obj, _CODE):
            yield path, f"<code {getattr(obj, '__name__', '?')}>"
            continue
        if id(obj) in seen:
            yield path, f"<same as {seen[id(obj)]}>"
            continue
        seen[id(obj)] = path
        keep.append(obj)
        yield path, type(obj)
        children: list[tuple[str, Any]] = []
        if isinstance(obj, tuple | list):
            children = [(f"{path}[{i}]", v) for i, v in enumerate(obj)]
        elif isinstance(obj, Mapping):
            items = sorted(obj.items(), key=lambda kv: repr(kv[0]))
            children = [(f"{path}[{k!r}]", v) for k, v in items]
            children += [(f"{path}.key", k) for k in obj]
        elif isinstance(obj, set | frozenset):
            children = [(f"{path}{{}}", v) for v in sorted(obj, key=repr)]
        elif isinstance(obj, types.FunctionType):
            cells = obj.__closure__ or ()
            children = [(f"{path}.closure[{i}]", c.cell_contents) for i, c in enumerate(cells)]
            children += [
                (f"{path}.defaults", obj.__defaults__),
                (f"{path}.kwdefaults", obj.__kwdefaults__),
            ]
        elif isinstance(obj, types.MethodType):
            children = [(f"{path}.__self__", obj.__self__), (f"{path}.__func__", obj.__func__)]
        else:
            names: list[str] = list(getattr(obj, "__dict__", {}))
            for klass in type(obj).__mro__:
                slots = klass.__dict__.get("__slots__", ())
                names += [slots] if isinstance(slots, str) else list(slots)
            if dataclasses.is_dataclass(obj):
                names += [f.name for f in dataclasses.fields(obj)]
            for name in sorted(set(names)):
                if hasattr(obj, name) and name not in ("__dict__", "__weakref__"):
                    children.append((f"{path}.{name}", getattr(obj, name)))
        stack.extend(reversed(children))


def graph(root: Any) -> list[tuple[str, Any]]:
    return list(walk(root))


FORBIDDEN = (HoleState, random.Random, Match, types.FrameType, types.GeneratorType, types.CodeType)


# ---------------------------------------------------------------------- twin holes


def play_some(
    variant: Variant, players: int, seed: int, steps: int
) -> tuple[HoleState, list[Action]]:
    """A hole after ``steps`` random legal actions (and the actions)."""
    st = HoleState(variant, players, seed % players, random.Random(f"deal:{seed}"))
    rng = random.Random(seed)
    actions = []
    for _ in range(steps):
        if st.is_over:
            break
        a = rng.choice(st.legal_actions())
        st.apply(a)
        actions.append(a)
    return st, actions


def deal_positions(state: HoleState) -> dict[tuple[int, int], int]:
    """(side, cell) -> index in the deal order of the card dealt there."""
    order = state.events[0].data[1]
    fresh = HoleState(state.variant, state.players, state.dealer, order=order)
    index: dict[tuple[int, int], int] = {}
    left = len(order)
    for cell in range(state.n):
        for k in range(state.groups):
            left -= 1
            index[((state.side_of[state.first] + k) % state.groups, cell)] = left
    for (side, cell), i in index.items():  # the deal is what we think it is
        assert fresh.layouts[side][cell] == order[i]
    return index


def hidden_positions(state: HoleState, seat: int) -> list[int]:
    """Deal-order indices of every card ``seat`` has never been shown."""
    assert not any(e.kind == "reshuffle" for e in state.events), "keep the hole short"
    order = state.events[0].data[1]
    assert list(state.stock) == list(order[: len(state.stock)])
    out = list(range(len(state.stock)))
    if state.drawn is not None and state.drawn_from == "stock" and state.current != seat:
        out.append(len(state.stock))
    if state.is_over:  # every layout card is face up at the end
        return out
    mine = state.side_of[seat]
    for (side, cell), i in deal_positions(state).items():
        face_down = not state.up[side] >> cell & 1
        remembered = side == mine and state.memory[seat] >> cell & 1
        if face_down and not remembered:
            assert state.layouts[side][cell] == order[i]  # never moved since the deal
            out.append(i)
    return out


def twin(state: HoleState, actions: Sequence[Action], seat: int) -> HoleState:
    """The same hole with the cards hidden from ``seat`` moved around, replayed."""
    order = list(state.events[0].data[1])
    idx = sorted(hidden_positions(state, seat))
    cards = [order[i] for i in idx]
    for i, c in zip(idx, cards[1:] + cards[:1], strict=True):
        order[i] = c
    other = HoleState(state.variant, state.players, state.dealer, random.Random(0), order=order)
    for a in actions:
        other.apply(a)
    return other


CASES = [
    ("six-card", 2),
    ("four-card", 3),
    ("nine-card", 2),
    ("alberta", 4),
    ("alberta", 3),
    ("duel", 2),
]


@pytest.mark.parametrize(("name", "players"), CASES)
@pytest.mark.parametrize("steps", [0, 4, 11, 23])
def test_hidden_cards_do_not_change_any_view(name: str, players: int, steps: int) -> None:
    variant = builtin(name)
    for seed in (1, 2):
        a, actions = play_some(variant, players, seed, steps)
        for seat in range(players):
            b = twin(a, actions, seat)
            assert a.signature() != b.signature(), "the twin must really hold other cards"
            va, vb = view(a, seat), view(b, seat)
            assert va == vb
            assert va.to_json() == vb.to_json()
            ga, gb = graph((va, a.legal_actions())), graph((vb, b.legal_actions()))
            assert ga == gb
            assert not [p for p, t in ga if isinstance(t, type) and issubclass(t, FORBIDDEN)]


def test_the_twin_check_catches_a_leak() -> None:
    """Control: the same comparison on the raw state, or on another seat's view, fails."""
    variant = builtin("four-card")
    a, actions = play_some(variant, 3, 1, 9)
    b = twin(a, actions, 0)
    assert graph(a.layouts) != graph(b.layouts)
    assert any(view(a, s).to_json() != view(b, s).to_json() for s in (1, 2))


def test_the_view_is_frozen() -> None:
    a, _ = play_some(builtin("six-card"), 2, 3, 6)
    v = view(a, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.layouts = ()  # type: ignore[misc]
    assert all(isinstance(x, tuple) for x in (v.layouts, v.discard, v.history, v.memory, v.turns))
    assert all(isinstance(lay, tuple) for lay in v.layouts)


# ---------------------------------------------------------------------- in a real match


class Spy:
    """An in-process bot that digs through everything it is handed."""

    name = "spy"

    def __init__(self) -> None:
        self.rng = random.Random(0)
        self.found: list[str] = []
        self.decisions = 0
        self.hook_args: list[Any] = []

    def _dig(self, what: Any) -> None:
        for path, t in walk(what):
            if isinstance(t, type) and issubclass(t, FORBIDDEN):
                self.found.append(f"{path}: {t.__name__}")

    def choose(self, v: Any, legal: Sequence[Action]) -> Action:
        self.decisions += 1
        self._dig((v, legal))
        return self.rng.choice(list(legal))

    def notify(self, event: dict[str, Any]) -> None:
        self._dig(event)
        self.hook_args.append(event)

    def end_hole(self, info: dict[str, Any]) -> None:
        self._dig(info)


def test_a_spy_bot_reaches_no_state_generator_or_match() -> None:
    spies = [Spy(), Spy()]
    Match(builtin("four-card"), [*spies, make_bot("greedy")], seed=4, holes=2).play()
    assert spies[0].decisions > 10
    assert spies[0].found == [] and spies[1].found == []


class _SeedSpy:
    """Tries to rebuild the first deal from what the match tells it about
    seeds, taking each for the match key (the way golf deals, golfcli.keys)
    or for the old kind of match seed (``"{match seed}:bot:{name}"``)."""

    def __init__(self) -> None:
        self.seeds: list[str] = []
        self.guesses: list[tuple[int, ...]] = []

    def seed(self, s: int | str) -> None:
        self.seeds.append(str(s))

    def start_game(self, info: dict[str, Any]) -> None:
        self.seeds.append(str(info.get("seed")))

    def choose(self, v: Any, legal: Sequence[Action]) -> Action:
        if not self.guesses:
            for s in self.seeds:
                for key in {s, s.split(":bot:")[0]}:
                    rng = KeyedRandom(derive(key, "hole:1"))
                    st = HoleState(v.variant, v.players, 0, rng)
                    self.guesses.append(tuple(st.events[0].data[1]))
        return legal[0]


def test_seeds_given_to_a_bot_do_not_reveal_the_deal() -> None:
    spy = _SeedSpy()
    match = Match(builtin("six-card"), [spy, make_bot("random")], seed=11, holes=1, record=True)
    result = match.play()
    events = result.holes[0].events
    assert events is not None and spy.guesses
    deal = tuple(events[0].data[1])
    assert deal not in spy.guesses


# ---------------------------------------------------------------------- the pipe


def _cards_in(obj: Any) -> set[str]:
    """Every card written in notation anywhere in a JSON value."""
    out: set[str] = set()
    if isinstance(obj, str):
        try:
            card = C.parse_card(obj)
        except C.CardError:
            return out
        if card >= 0 and C.card_str(card) == obj.upper() and (obj[-1] in "CDHS" or obj == "JK"):
            out.add(C.card_str(card))
    elif isinstance(obj, list):
        for x in obj:
            out |= _cards_in(x)
    elif isinstance(obj, dict):
        for x in obj.values():
            out |= _cards_in(x)
    return out


def secret_cards(state: HoleState, seat: int) -> set[str]:
    """Cards in play that ``seat`` cannot see now and was never shown.

    Judged by :func:`golfcli.view.view` and :func:`golfcli.view.censor`
    (tested on their own above): what the seat sees, plus every card its
    censored history ever named.
    """
    v = view(state, seat)
    shown = {C.card_str(c) for c in v.visible_cards()}
    for ev in v.history:
        shown |= _cards_in(event_json(ev))
    return {C.card_str(c) for c in state.all_cards()} - shown


class Wiretap:
    """A transport that plays a legal random action and checks every line golf writes."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.match: Match | None = None
        self.queue: deque[str] = deque()
        self.lines: list[str] = []
        self.kinds: list[str] = []
        self.leaks: list[str] = []
        self.checked = 0
        self.control_hits = 0

    def send(self, line: str, timeout: float) -> None:
        self.lines.append(line)
        msg = json.loads(line)
        self.kinds.append(msg["type"])
        if msg["type"] == "hello":
            self.queue.append('{"type": "ready", "name": "wiretap"}')
            return
        if msg["type"] == "request":
            pick = self.rng.randrange(len(msg["legal"]))
            self.queue.append(json.dumps({"id": msg["id"], "action": pick}))
        assert self.match is not None and self.match.state is not None
        state = self.match.state
        secret = secret_cards(state, self.seat)
        leaked = _cards_in(msg) & secret
        if leaked:
            self.leaks.append(f"{msg['type']}: {sorted(leaked)}")
        self.checked += bool(secret)
        # control: a request built from another seat's view would be caught
        for other in range(state.players):
            if other != self.seat and _cards_in(view(state, other).to_json()) & secret:
                self.control_hits += 1

    def receive(self, timeout: float) -> str:
        return self.queue.popleft()

    def drain(self) -> list[str]:
        return []

    def close(self, grace: float) -> None:
        return None

    def exit_note(self) -> str:
        return "tapped"


def _factory(tap: Wiretap) -> Callable[[], Wiretap]:
    return lambda: tap


@pytest.mark.parametrize(("name", "players"), [("six-card", 2), ("four-card", 3), ("duel", 2)])
def test_external_bots_are_sent_no_hidden_card_and_no_match_seed(name: str, players: int) -> None:
    taps = [Wiretap(s, s) for s in range(players)]
    bots = [ExternalBot(["tap"], transport_factory=_factory(t)) for t in taps]
    match = Match(builtin(name), bots, seed="s33d-ISOLATION", holes=2)
    for t in taps:
        t.match = match
    result = match.play()
    assert all(sum(s.faults.values()) == 0 for s in result.stats)
    for t in taps:
        assert t.leaks == []
        assert {"hello", "request", "event", "hole_end", "game_end", "quit"} <= set(t.kinds)
        assert t.checked > 10  # there were secrets to keep
        assert not any("s33d-ISOLATION" in line for line in t.lines)
    assert sum(t.control_hits for t in taps) > 0
