"""Hidden cards stay hidden at a table: what a seat is told depends only on
what the seat may see.

1. A property over generated holes of every built-in variant (Alberta with
   partners, who share a layout but not what each has peeked at): change
   every card hidden from a seat -- in the state (the stock, the others'
   face-down cards, a card another seat holds) and in the event log (the
   deal's order, reshuffles, another seat's peeks and stock draws, a
   partner's peeks) -- and the seat's message (its view, what is said, the
   events, the legal moves in words) does not change.
2. Twin tables played by the same scripted clients, one dealt with two
   hidden cards swapped: every message a seat receives is the same until
   the hole is over (and the swap does show then, so the test can fail).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from golfcli.events import Deal, Draw, Event, Look, Peek, Reshuffle
from golfcli.record import load_record
from golfcli.state import HoleState, deal_cells
from golfcli.table import table as table_module
from golfcli.table.config import SeatSetup, TableSetup
from golfcli.table.feed import Narrator
from golfcli.table.table import Table
from golfcli.table.words import legal_json
from golfcli.variantload import builtin
from golfcli.view import MatchInfo

from ..helpers import CASES as VIEW_CASES
from ..helpers import hidden_shuffled, random_hole, twin_match
from ..table_clients import play_out, seated

CASES = [*VIEW_CASES, ("alberta", 2)]  # Alberta with partners, and two alone
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def hidden_log(events: list[Event], seat: int, rng: random.Random, deck: list[int]) -> list[Event]:
    """The log with every card ``seat`` has not seen made up anew."""
    out: list[Event] = []
    for ev in events:
        if isinstance(ev, Deal) and ev.order is not None:
            order = list(ev.order)
            rng.shuffle(order)
            ev = Deal(ev.dealer, tuple(order))
        elif isinstance(ev, Reshuffle) and ev.order is not None:
            order = list(ev.order)
            rng.shuffle(order)
            ev = Reshuffle(tuple(order))
        elif ev.seat != seat and isinstance(ev, Peek):
            ev = Peek(ev.seat, ev.pos, rng.choice(deck))
        elif ev.seat != seat and isinstance(ev, Look):
            ev = Look(ev.seat, ev.pos, rng.choice(deck))
        elif ev.seat != seat and isinstance(ev, Draw) and ev.source == "stock":
            ev = Draw(ev.seat, "stock", rng.choice(deck))
        out.append(ev)
    return out


def told(state: HoleState, seat: int) -> dict[str, Any]:
    """What a table tells ``seat`` about ``state``: its message's view part
    (view, said, events) and, on its turn, the legal moves in words."""
    names = NAMES[: state.players]
    narrator = Narrator(seat)
    info = MatchInfo(2, 9, (5,) * state.groups, tuple(names[: state.groups]))
    v = narrator.view(state, info)
    out = narrator.part(v, names)
    if state.current == seat and state.phase != "over":
        out["legal"] = legal_json(state.legal_actions(), v)
    return out


@settings(max_examples=80, deadline=None)
@given(
    case=st.sampled_from(CASES),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 120),
    change=st.integers(0, 10**6),
)
def test_a_hidden_card_changes_no_message(
    case: tuple[str, int], seed: int, steps: int, change: int
) -> None:
    name, players = case
    variant = builtin(name)
    s = random_hole(variant, players, seed, steps)
    if s is None:
        return
    deck = variant.deck(players)
    for seat in range(players):
        before = told(s, seat)
        shuffle = random.Random(change)
        other = hidden_shuffled(s, seat, shuffle)
        other.events = hidden_log(list(other.events), seat, shuffle, deck)
        assert told(other, seat) == before


def test_a_seen_card_does_change_the_message() -> None:
    """The property above can fail: a card the seat has seen (its own
    peeked card) changed in the state changes what it is told."""
    s = HoleState(builtin("four-card"), 2, dealer=1, rng=random.Random(3))
    s.peek(0)
    before = told(s, 0)
    other = s.clone(keep_events=True)
    other.layouts[0][0] = next(c for c in other.stock if c >> 3 != other.layouts[0][0] >> 3)
    assert told(other, 0) != before


# --------------------------------------------------------------------------- twin tables


def play(variant: str, players: int, seed: int) -> tuple[Table, list[Any]]:
    table = Table(
        TableSetup(
            variant, tuple(SeatSetup() for _ in range(players)), holes=1, seed=seed, away=60
        ),
        table_id="twin",
    )
    clients = seated(table, NAMES, seed=seed)
    table.start()
    play_out(table, clients)
    assert table.status == "over", table.error
    return table, clients


def messages(clients: list[Any], seat: int, playing_only: bool = False) -> list[dict[str, Any]]:
    got = clients[seat].messages
    return [m for m in got if not playing_only or m["status"] in ("lobby", "playing")]


@pytest.mark.parametrize(("variant", "players", "seed"), [("six-card", 3, 5), ("alberta", 4, 2)])
def test_the_stock_s_hidden_cards_change_nothing_anyone_is_told(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any, variant: str, players: int, seed: int
) -> None:
    """Swap the two bottom cards of the stock (never drawn in this hole):
    every seat's every message is the same, to the end."""
    a, ca = play(variant, players, seed)
    events = a.match.holes[0].events  # type: ignore[union-attr]
    assert not any(e.kind == "reshuffle" for e in events)
    end = a.match.holes[0]  # type: ignore[union-attr]
    assert end.events is not None
    monkeypatch.setattr(table_module, "Match", twin_match(0, 1))
    b, cb = play(variant, players, seed)
    assert b.match.holes[0].events[0].order != events[0].order  # type: ignore[union-attr]
    for seat in range(players):
        assert messages(cb, seat) == messages(ca, seat)


@pytest.mark.parametrize(
    ("variant", "players", "seat"), [("six-card", 3, 0), ("alberta", 4, 0), ("four-card", 2, 1)]
)
def test_another_side_s_face_down_cards_change_nothing_until_the_hole_is_over(
    monkeypatch: pytest.MonkeyPatch, variant: str, players: int, seat: int
) -> None:
    """Swap two of another side's face-down cards that stay face down (in
    Alberta, the other partnership's; in four-card, cards the other player
    may have peeked at): the seat's messages are the same while the hole is
    played, and differ once every card is turned up."""
    v = builtin(variant)
    mine = v.side_of(players)[seat]
    for seed in range(1, 30):  # the first deal that leaves two such cards down
        a, ca = play(variant, players, seed)
        found = face_down_pair(a, v, mine)
        if found is not None:
            break
    assert found is not None, "no deal left two face-down cards of different ranks"
    first, second = found
    monkeypatch.setattr(table_module, "Match", twin_match(first, second))
    _, cb = play(variant, players, seed)
    assert messages(cb, seat, playing_only=True) == messages(ca, seat, playing_only=True)
    assert messages(cb, seat) != messages(ca, seat)  # the end shows every card


def face_down_pair(table: Table, v: Any, mine: int) -> tuple[int, int] | None:
    """Two places in the deal's order holding cards of different ranks that
    another side than ``mine`` kept face down all hole, or None."""
    rec = table.match.holes[0]  # type: ignore[union-attr]
    assert rec.events is not None
    final = load_record_state(table)
    deal = rec.events[0]
    assert isinstance(deal, Deal) and deal.order is not None
    players = table.players
    first_side = v.side_of(players)[(deal.dealer + 1) % players]
    cells = deal_cells(v.groups_for(players), first_side, v.cells)
    index = {cell: len(deal.order) - 1 - k for k, cell in enumerate(cells)}
    for side in range(v.groups_for(players)):
        if side == mine:
            continue
        down = [p for p in range(v.cells) if not final.up[side] >> p & 1]
        lay = rec.layouts[side]
        for p in down:
            for q in down:
                if p < q and lay[p] >> 3 != lay[q] >> 3:
                    return index[(side, p)], index[(side, q)]
    return None


def load_record_state(table: Table) -> HoleState:
    """The hole's state at its end, replayed from the table's record."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "game.jsonl"
        path.write_text(table.record_text)
        return load_record(path).holes[0].state
