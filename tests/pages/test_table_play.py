"""A table's whole game, played by scripted clients at people's seats.

For every built-in variant: the game plays to its end through messages
alone, every seat told every version in order; the record it keeps is
exactly a replay of the moves the clients made (the recorded deals and
reshuffles, the moves applied in turn), ``golf replay`` reads it and
``golf card show`` reads its card; and the result every seat is told is
the record's.  Then the ways a game goes on around people: the pause
between holes, hints, a bot's fault, a table closed mid-game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from golfcli.events import Event
from golfcli.record import load_record
from golfcli.state import HoleState
from golfcli.table.config import SeatSetup, TableSetup
from golfcli.table.table import Table

from ..helpers import golf
from ..table_clients import Scripted, play_out, seated

NAMES = ["Ann", "Bob", "Cat", "Dan"]

#: (variant, seats: h a person, else a bot, holes)
GAMES = [
    ("six-card", "hhh", 2),
    ("four-card", "hh", 2),
    ("nine-card", "hh", 2),
    ("alberta", "hhhh", 2),  # partners: Ann & Cat against Bob & Dan
    ("duel", "hh", 2),
]


def setup(variant: str, seats: str, holes: int | None, **kw: Any) -> TableSetup:
    """``seats``: one letter a seat, ``h`` a person's, ``g`` a greedy bot's."""
    chosen = tuple(SeatSetup("human") if c == "h" else SeatSetup("bot", "greedy") for c in seats)
    return TableSetup(variant=variant, seats=chosen, holes=holes, **kw)


def replay_moves(path: Path, clients: list[Scripted]) -> None:
    """The record equals the clients' moves replayed: each hole dealt as
    recorded, each seat's moves applied in turn, the same events and scores."""
    rec = load_record(path)  # replays every hole from its events, or refuses
    queues = {c.seat: list(c.moves) for c in clients}
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    holes = [x for x in lines if x["type"] == "hole"]
    assert len(holes) == len(rec.holes) > 0
    players = len(rec.names)
    for line, replayed in zip(holes, rec.holes, strict=True):
        events = [Event.from_json(e) for e in line["events"]]
        deal = events[0]
        reshuffles = iter([e.order for e in events if e.kind == "reshuffle"])
        state = HoleState(rec.variant, players, deal.dealer, order=deal.order, _chance=reshuffles)
        while state.phase != "over":
            move = queues[state.current].pop(0)
            from golfcli.actions import Action

            state.apply(Action.from_json(move))
        assert tuple(state.events) == tuple(events)
        assert list(state.result.totals) == line["scores"] == list(replayed.scores)
    assert all(not q for q in queues.values()), "moves left over"


@pytest.mark.parametrize(("variant", "seats", "holes"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_of_people_through_messages(
    tmp_path: Path, variant: str, seats: str, holes: int
) -> None:
    table = Table(setup(variant, seats, holes, away=30), save_to=tmp_path)
    clients = seated(table, NAMES)
    table.start()
    play_out(table, clients)
    assert table.status == "over", table.error
    assert table.error == ""
    for c in clients:
        assert c.errors == [], c.errors  # every version, in order
        last = c.latest()
        assert last is not None and last["status"] == "over"
        assert last["result"]["totals"] == table.result.totals  # type: ignore[union-attr]
        assert last["scorecard"] == [
            {"hole": h.number, "playoff": h.playoff, "scores": list(h.scores)}
            for h in table.result.holes  # type: ignore[union-attr]
        ]
    files = table.files
    assert files is not None and files.record_path is not None and files.card_path is not None
    assert files.record_path.read_text() == table.record_text
    replay_moves(files.record_path, clients)
    replayed = golf("replay", str(files.record_path), "--to-end", "--ascii")
    assert replayed.exit_code == 0, replayed.output
    card = golf("card", "show", str(files.card_path), "--format", "json")
    assert card.exit_code == 0, card.output
    shown = json.loads(card.stdout)
    assert shown["totals"] == dict(zip(table.match.side_names, table.result.totals, strict=True))  # type: ignore[union-attr]


def test_partners_share_a_layout_and_each_is_told_as_themselves() -> None:
    table = Table(setup("alberta", "hhhh", 1, away=30))
    clients = seated(table, NAMES)
    table.start()
    play_out(table, clients)
    ann = clients[0]
    first = next(m for m in ann.messages if m["view"] is not None)
    assert first["sides"] == ["Ann & Cat", "Bob & Dan"]
    assert [s["side"] for s in first["seats"]] == [0, 1, 0, 1]
    assert first["view"]["side"] == 0 and first["view"]["rows"] == 3 and first["view"]["cols"] == 6
    said = [line for m in ann.messages for line in m["said"]]
    assert any(line.startswith("You ") for line in said)
    assert any(line.startswith("Cat ") for line in said)
    assert not any(line.startswith("Ann ") for line in said)
